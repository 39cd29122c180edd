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
#include <string.h>

#include "bench.h"
#include "progress.h"

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
    static double samples[MAX_TIMED][MAX_REPS], rounds[MAX_TIMED][MAX_REPS];
    static unsigned long calls;
    int failed = 0;

    if (n > MAX_TIMED)
        return -1;
    for (unsigned j = 0; j < n; j++) {
        t[j].iters = calibrate(b, t[j].fn, t[j].arg);
        failed |= t[j].iters == 0;
    }
    for (unsigned k = 0; k < b->opt.reps; k++) {
        for (unsigned j = 0; j < n; j++)
            if (t[j].iters)
                samples[j][k] = repetition(t[j].fn, t[j].arg, t[j].iters);
        progress_update();
    }
    calls++;
    for (unsigned j = 0; j < n; j++)
        if (t[j].iters) {
            t[j].r->round_call = calls;
            memcpy(rounds[j], samples[j], b->opt.reps * sizeof(rounds[j][0]));
            t[j].r->round_t = n > 1 ? rounds[j] : NULL;
            t[j].r->num_rounds = b->opt.reps;
            bu_summary(samples[j], b->opt.reps, &t[j].r->t_med, &t[j].r->t_min,
                       &t[j].r->t_max);
        }
    return failed ? -1 : 0;
}

double round_ratio(const struct result *base, const struct result *base2,
                   const struct result *r)
{
    static double ratio[MAX_REPS];
    double lo, hi, med;

    if (!base)
        return NAN;
    int paired = base->round_t && r->round_t && base->round_call == r->round_call &&
                 (!base2 || (base2->round_t && base2->round_call == r->round_call));
    if (!paired) {
        double t = base2 && base2->t_med < base->t_med ? base2->t_med : base->t_med;
        return t / r->t_med;
    }
    for (unsigned k = 0; k < r->num_rounds; k++) {
        double t = base->round_t[k];
        if (base2 && base2->round_t[k] < t)
            t = base2->round_t[k];
        ratio[k] = t / r->round_t[k];
    }
    bu_summary(ratio, r->num_rounds, &med, &lo, &hi);
    return med;
}
