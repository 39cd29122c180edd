/*
 * measure.c - timing: one path alone, or the paths of a case together.
 *
 * Together, the repetitions go round robin (path 1, path 2, ..., path 1,
 * ...), so a slow spell of the machine (another tenant's memory traffic,
 * a lower clock) falls on every path alike, and the ratios between paths
 * that the tables print hold even where the figures themselves drift.
 * On a shared two-core machine, one path's median moved by up to 1.7x
 * between back-to-back runs when each path's repetitions ran in a block.
 */
#include <math.h>

#include "bench.h"

/* Runs fn twice (a warm-up, then one timed run) and returns how many runs
 * make one repetition last min_time; 0 when fn fails. */
static unsigned calibrate(const struct bench *b, run_fn fn, void *arg)
{
    if (fn(arg) != 0)
        return 0;
    double t0 = bu_now();
    if (fn(arg) != 0)
        return 0;
    double once = bu_now() - t0;
    double iters = once > 0 ? ceil(b->opt.min_time / once) : 1e6;
    return iters < 1 ? 1u : iters > 1e6 ? 1000000u : (unsigned)iters;
}

/* Seconds per run of one repetition of `iters` runs. */
static double repetition(run_fn fn, void *arg, unsigned iters)
{
    double t0 = bu_now();
    for (unsigned i = 0; i < iters; i++)
        fn(arg);
    return (bu_now() - t0) / iters;
}

int measure(const struct bench *b, run_fn fn, void *arg, struct result *r)
{
    struct timed t = { fn, arg, r, 0 };
    return measure_together(b, &t, 1);
}

int measure_together(const struct bench *b, struct timed *t, unsigned n)
{
    static double samples[MAX_TIMED][MAX_REPS];
    int failed = 0;

    if (n > MAX_TIMED)
        return -1;
    for (unsigned j = 0; j < n; j++) {
        t[j].iters = calibrate(b, t[j].fn, t[j].arg);
        failed |= t[j].iters == 0;
    }
    for (unsigned k = 0; k < b->opt.reps; k++)
        for (unsigned j = 0; j < n; j++)
            if (t[j].iters)
                samples[j][k] = repetition(t[j].fn, t[j].arg, t[j].iters);
    for (unsigned j = 0; j < n; j++)
        if (t[j].iters)
            bu_summary(samples[j], b->opt.reps, &t[j].r->t_med, &t[j].r->t_min,
                       &t[j].r->t_max);
    return failed ? -1 : 0;
}
