/*
 * case_run.c - every path of a case at every thread count: the copies of
 * its bytes, vf_draw on the scalar path and each selected ISA, and for the
 * reuse shape vf_draw_reuse and its two steps after each ISA
 * (reuse_rows.c). Each path is drawn once and
 * checked first; then all of them are timed together (measure.c), their
 * repetitions interleaved, and reported in a fixed order.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "team.h"

/* ------------------------------------------------------------------------ */
/* The runs                                                                   */
/* ------------------------------------------------------------------------ */

struct draw_run {
    struct bench_case *c;
    const vf_layout *layout;
    vf_draw_desc desc;
    vf_result res;
};

static int run_draw(void *arg)
{
    struct draw_run *d = arg;

    d->res = vf_draw(d->layout, &d->desc, d->c->out, d->c->out_size);
    return d->res == VF_OK ? 0 : -1;
}

struct copy_run {
    struct bench_case *c;
    struct thread_ctx *tc;
    int nt;
    struct roofline_job job;
};

static void copy_task(void *arg, unsigned index, unsigned count)
{
    struct copy_run *r = arg;

    (void)count;
    roofline_work(&r->job, r->tc->scratch[index]);
}

static int run_copy(void *arg)
{
    struct copy_run *r = arg;

    roofline_init(&r->job, r->c->spans, r->c->nspans, r->c->out, r->c->out_size, r->nt,
                 r->tc->threads);
    team_run(r->tc->team, copy_task, r);
    return 0;
}

/* Every path of a case at one thread count: its run, its result and
 * whether it is timed. */
struct case_paths {
    struct copy_run copy[2];
    struct result copy_r[2];
    struct draw_run draw[VF_ISA_COUNT];
    struct result draw_r[VF_ISA_COUNT];
    int drawn[VF_ISA_COUNT];  /* 1: checked and timed; 0: its row has the error */
    struct reuse_rows reuse[VF_ISA_COUNT]; /* the reuse shape */
    int reused[VF_ISA_COUNT];              /* 0: no reuse rows */
    /* --jit on,off: the ISA's layout with the generator off, beside it */
    struct draw_run elem[VF_ISA_COUNT];
    struct result elem_r[VF_ISA_COUNT];
    int elem_drawn[VF_ISA_COUNT]; /* -1: no row */
    struct timed timed[MAX_TIMED];
    unsigned num_timed;
};

static void add_timed(struct case_paths *p, run_fn fn, void *arg, struct result *r)
{
    struct timed t = { fn, arg, r, 0 };
    p->timed[p->num_timed++] = t;
}

/* ------------------------------------------------------------------------ */
/* Checking each path before the timing                                       */
/* ------------------------------------------------------------------------ */

static void copy_paths(struct bench_case *c, struct thread_ctx *tc, struct case_paths *p)
{
    for (int k = 0; k < 2; k++) {
        p->copy[k].c = c;
        p->copy[k].tc = tc;
        p->copy[k].nt = k;
        result_init(&p->copy_r[k], c, k ? (roofline_have_nt() ? "memcpy-nt" : "memcpy-nt*") : "memcpy",
                    "roofline", tc->threads);
        add_timed(p, run_copy, &p->copy[k], &p->copy_r[k]);
    }
}

/* What the scalar path wrote, to compare every other path with. */
struct reference {
    uint64_t hash;
    int have;
};

/* Draws one ISA's vf_draw once at one thread count and checks it against
 * the scalar path: 1 when it drew (c->out holds its records), 0 when not
 * (r has the error). */
static int check_isa(struct bench *b, struct bench_case *c, struct thread_ctx *tc, uint32_t isa,
                     int elem, struct reference *ref, struct draw_run *dr, struct result *r)
{
    vf_result res;
    int drawn = 0;
    char path[24];

    snprintf(path, sizeof(path), "%s%s", vf_isa_name(isa), elem ? "-elem" : "");
    result_init(r, c, path, "vfetch", tc->threads);
    dr->c = c;
    dr->layout = elem ? case_layout_elem(b, c, isa, &res) : case_layout(b, c, isa, &res);
    dr->desc = c->desc;
    dr->desc.pool = tc->pool;
    if (dr->layout != NULL && (tc->threads == 1 || tc->pool != NULL)) {
        /* Poisoned first, so a path that leaves records unwritten cannot
         * pass the check on what an earlier path wrote. */
        memset(c->out, 0xa5, c->out_size);
        drawn = run_draw(dr) == 0;
    }
    if (dr->layout == NULL) {
        snprintf(r->error, sizeof(r->error), "vf_layout_create: %s", vf_result_string(res));
        b->num_failures++;
        return 0;
    }
    if (tc->threads > 1 && tc->pool == NULL) {
        snprintf(r->error, sizeof(r->error), "no thread pool");
        return 0;
    }
    if (!drawn) {
        snprintf(r->error, sizeof(r->error), "vf_draw: %s", vf_result_string(dr->res));
        b->num_failures++;
        return 0;
    }
    /* Every path must write what the scalar path writes. */
    uint64_t h = bu_hash(c->out, c->out_size);
    if (!ref->have && isa == VF_ISA_SCALAR) {
        ref->hash = h;
        ref->have = 1;
    }
    snprintf(r->check, sizeof(r->check), "%s",
             !ref->have ? "-" : h == ref->hash ? "ok" : "MISMATCH");
    b->num_failures += ref->have && h != ref->hash;
    return 1;
}

/* ------------------------------------------------------------------------ */
/* Timing and reporting                                                       */
/* ------------------------------------------------------------------------ */

/* The figures of one path's result against the copies and scalar (NULL
 * when scalar was not drawn), each from the rounds they ran in together. */
static void result_ratios(struct result *r, const struct result *copy, const struct result *nt,
                          const struct result *scalar)
{
    r->of_copy = round_ratio(copy, nt, r);
    r->of_memcpy = round_ratio(copy, NULL, r);
    r->scalar_speedup = round_ratio(scalar, NULL, r);
}

/* Checks the paths of thread count tc and times them together. */
static void case_time(struct bench *b, struct bench_case *c, struct thread_ctx *tc,
                      struct reference *ref, struct case_paths *p)
{
    p->num_timed = 0;
    copy_paths(c, tc, p);
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        p->drawn[isa] = 0;
        p->reused[isa] = 0;
        if (!bench_isa_timed(b, isa))
            continue;
        p->drawn[isa] = check_isa(b, c, tc, isa, 0, ref, &p->draw[isa], &p->draw_r[isa]);
        if (p->drawn[isa])
            add_timed(p, run_draw, &p->draw[isa], &p->draw_r[isa]);
        p->elem_drawn[isa] = -1;
        if (p->drawn[isa] && (b->opt.jit & 2) && (b->opt.isa_mask & (1u << isa)) &&
            case_layout_elem(b, c, isa, &(vf_result){ VF_OK }) != NULL) {
            p->elem_drawn[isa] = check_isa(b, c, tc, isa, 1, ref, &p->elem[isa], &p->elem_r[isa]);
            if (p->elem_drawn[isa])
                add_timed(p, run_draw, &p->elem[isa], &p->elem_r[isa]);
        }
        if (p->drawn[isa] && c->shape == SHAPE_REUSE && (b->opt.isa_mask & (1u << isa))) {
            /* Right after the ISA's per-position check: c->out holds it. */
            reuse_rows_check(b, c, tc, isa, &p->reuse[isa]);
            reuse_rows_timed(&p->reuse[isa], p->timed, &p->num_timed);
            p->reused[isa] = 1;
        }
    }
    measure_together(b, p->timed, p->num_timed);
}

void case_run(struct bench *b, struct bench_case *c, struct path_summary *summary)
{
    static struct case_paths paths;
    struct case_paths *p = &paths;
    struct reference ref = { 0, 0 };

    for (unsigned ti = 0; ti < b->opt.num_threads; ti++) {
        struct thread_ctx *tc = &b->tc[ti];
        struct result *copy = &p->copy_r[0], *nt = &p->copy_r[1];

        case_time(b, c, tc, &ref, p);
        const struct result *scalar = p->drawn[VF_ISA_SCALAR] ? &p->draw_r[VF_ISA_SCALAR] : NULL;
        result_ratios(copy, copy, nt, NULL);
        result_ratios(nt, copy, nt, NULL);
        double t_memcpy = copy->t_med;
        double t_copy = copy->t_med < nt->t_med ? copy->t_med : nt->t_med;
        double t_scalar = scalar ? scalar->t_med : NAN;
        if (summary && ti == 0) {
            summary->copy = *copy;
            summary->nt = *nt;
        }
        if (!summary && ti == 0)
            jit_report_paths(b, c);
        if (!summary) {
            report_result(b, copy);
            report_result(b, nt);
        }
        for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
            struct result *r = &p->draw_r[isa];
            if (!bench_isa_timed(b, isa))
                continue;
            if (p->drawn[isa])
                result_ratios(r, copy, nt, scalar);
            if (summary && ti == 0) {
                summary->ok[isa] = p->drawn[isa];
                summary->isa[isa] = *r;
            }
            if (!summary && (b->opt.isa_mask & (1u << isa)))
                report_result(b, r);
            if (!summary && p->elem_drawn[isa] >= 0) {
                if (p->elem_drawn[isa])
                    result_ratios(&p->elem_r[isa], copy, nt, scalar);
                report_result(b, &p->elem_r[isa]);
            }
            if (p->reused[isa])
                reuse_rows_report(b, &p->reuse[isa], r, copy, nt, scalar);
        }
        if (b->opt.peer && !summary && ti == 0)
            peer_row(b, c, t_copy, t_memcpy, t_scalar);
    }
}
