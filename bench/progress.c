/*
 * progress.c - the progress line: "[3/20] static/random streaming: 0:41
 * spent, about 0:55 left". What is left is the plan's estimate of the
 * remaining cases, scaled by how long the finished ones took against
 * their estimates, so a machine slower or faster than the plan assumed
 * corrects the figure as the run goes.
 */
#include <stdio.h>

#include "progress.h"

static struct {
    int on, drawn;
    const struct bench *b;
    const struct plan *plan;
    unsigned item;
    double t0, item_t0, done_est, done_s, last_draw;
} pg;

void progress_start(const struct bench *b, const struct plan *p, int on)
{
    pg.on = on && p->n > 0;
    pg.drawn = 0;
    pg.b = b;
    pg.plan = p;
    pg.item = 0;
    pg.t0 = pg.item_t0 = bu_now();
    pg.done_est = pg.done_s = 0;
    pg.last_draw = 0;
}

void progress_item(unsigned i)
{
    double now = bu_now();

    if (!pg.on || i >= pg.plan->n)
        return;
    if (i > pg.item) {
        for (unsigned k = pg.item; k < i; k++)
            pg.done_est += pg.plan->items[k].est_s;
        pg.done_s = now - pg.t0;
    }
    pg.item = i;
    pg.item_t0 = now;
    pg.last_draw = 0;
    progress_update();
}

static void mmss(double s, char *buf, size_t size)
{
    long sec = s < 0 ? 0 : (long)(s + 0.5);

    snprintf(buf, size, "%ld:%02ld", sec / 60, sec % 60);
}

/* Seconds left: the estimate of what is not done, scaled by the ratio of
 * time spent to the estimate of the finished cases (1 before any). The
 * current case counts as done as far as its estimate reaches. */
static double remaining(double now)
{
    const struct plan_item *it = &pg.plan->items[pg.item];
    double scale = pg.done_est > 0 && pg.done_s > 0 ? pg.done_s / pg.done_est : 1.0;
    double left_est = pg.plan->total_s - pg.done_est - it->est_s;
    double in_item = it->est_s * scale - (now - pg.item_t0);

    return left_est * scale + (in_item > 0 ? in_item : 0);
}

void progress_update(void)
{
    char name[64], spent[32], left[32];
    double now;

    if (!pg.on)
        return;
    now = bu_now();
    if (pg.drawn && now - pg.last_draw < 0.25)
        return;
    pg.last_draw = now;
    const struct plan_item *it = &pg.plan->items[pg.item];
    plan_item_name(pg.b, it, name, sizeof(name));
    mmss(now - pg.t0, spent, sizeof(spent));
    mmss(remaining(now), left, sizeof(left));
    /* Whatever the table printed reaches the terminal before the line. */
    fflush(stdout);
    fprintf(stderr, "\r\033[K[%u/%u] %s %s: %s spent, about %s left", pg.item + 1,
            pg.plan->n, name, bench_size_names[it->size], spent, left);
    fflush(stderr);
    pg.drawn = 1;
}

void progress_clear(void)
{
    if (!pg.on || !pg.drawn)
        return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    pg.drawn = 0;
}

void progress_end(void)
{
    progress_clear();
    pg.on = 0;
}
