/*
 * case_run.c - every path of a case at every thread count: the copies of
 * its bytes, vf_draw on the scalar path and each selected ISA, and for the
 * reuse shape vf_draw_reuse after each ISA. Each path is drawn once and
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

struct reuse_run {
    struct bench_case *c;
    const vf_layout *layout;
    vf_draw_desc desc;
    uint32_t unique;
    vf_result res;
};

static int run_reuse(void *arg)
{
    struct reuse_run *d = arg;
    struct bench_case *c = d->c;

    d->res = vf_draw_reuse(d->layout, &d->desc, c->reuse_scratch, c->reuse_scratch_size,
                           c->reuse_out, c->reuse_out_size, c->remap, c->positions, &d->unique);
    return d->res == VF_OK ? 0 : -1;
}

/* Every path of a case at one thread count: its run, its result and
 * whether it is timed. */
struct case_paths {
    struct copy_run copy[2];
    struct result copy_r[2];
    struct draw_run draw[VF_ISA_COUNT];
    struct result draw_r[VF_ISA_COUNT];
    int drawn[VF_ISA_COUNT];  /* 1: checked and timed; 0: its row has the error */
    struct reuse_run reuse[VF_ISA_COUNT];
    struct result reuse_r[VF_ISA_COUNT];
    int reused[VF_ISA_COUNT]; /* -1: no row; 0: the error; 1: timed */
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

/* Whether the reuse draw's records, through its map, equal the
 * per-position draw in c->out, word for word (AoS and SoA alike). */
static int reuse_matches(const struct bench_case *c, const vf_layout *layout, uint32_t unique)
{
    uint32_t lanes = vf_layout_output_shape(layout) ? vf_layout_output_shape(layout) : 1;
    uint32_t words = vf_layout_register_count(layout) * 4;
    const uint32_t *per = c->out, *rec = c->reuse_out;
    uint64_t per_batches = (c->positions + lanes - 1) / lanes;
    uint64_t rec_batches = (unique + lanes - 1) / lanes;

    for (uint32_t j = 0; j < c->instances; j++)
        for (uint32_t p = 0; p < c->positions; p++) {
            uint32_t m = c->remap[p];
            if (m == VF_REUSE_CUT)
                continue;
            if (m >= unique)
                return 0;
            const uint32_t *a = per + ((j * per_batches + p / lanes) * words * lanes) + p % lanes;
            const uint32_t *b = rec + ((j * rec_batches + m / lanes) * words * lanes) + m % lanes;
            for (uint32_t w = 0; w < words; w++)
                if (a[(size_t)w * lanes] != b[(size_t)w * lanes])
                    return 0;
        }
    return 1;
}

/* The bytes a reuse draw moves, in the row's in/out columns: the index
 * and vertex buffers read once, the map written (a word a position), the
 * distinct indices written and read back by the records draw and their
 * table slots read and written (4 words a distinct vertex), and the
 * records written. Its traffic bound is these bytes at the rate of the
 * case's copy in the same rounds. */
static void reuse_bytes(const struct bench_case *c, struct result *r)
{
    r->in_bytes = c->in_bytes + 4 * (uint64_t)c->positions + 16 * c->unique_vertices;
    r->out_bytes = c->reuse_out_size;
}

/* Right after an ISA's per-position check (c->out holds its draw): the
 * same draw with vf_draw_reuse, once, checked against it. 1 when it drew
 * (r's check says whether it matched), 0 when not (r has the error). */
static int check_reuse(struct bench *b, struct bench_case *c, struct thread_ctx *tc,
                       uint32_t isa, struct reuse_run *rr, struct result *r)
{
    vf_result res;
    char path[16];

    snprintf(path, sizeof(path), "%s-reuse", vf_isa_name(isa));
    result_init(r, c, path, "vfetch", tc->threads);
    reuse_bytes(c, r);
    rr->c = c;
    rr->layout = case_layout(b, c, isa, &res);
    rr->desc = c->desc;
    rr->desc.pool = tc->pool;
    if (rr->layout == NULL || run_reuse(rr) != 0) {
        snprintf(r->error, sizeof(r->error), "vf_draw_reuse: %s",
                 vf_result_string(rr->layout ? rr->res : res));
        b->num_failures++;
        return 0;
    }
    int ok = reuse_matches(c, rr->layout, rr->unique);
    b->num_failures += !ok;
    snprintf(r->check, sizeof(r->check), "%s", ok ? "ok" : "MISMATCH");
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

/* A reuse row's check column also says how many times the per-position
 * rate of its ISA it delivers, round by round, the megabytes it moves
 * (reuse_bytes) and the fraction of its traffic bound it reaches: those
 * bytes at the fastest copy's rate (bytes / time) of the same rounds. */
static void reuse_check_text(struct result *r, const struct result *per,
                             const struct result *copy, uint32_t unique)
{
    double moved = (double)(r->in_bytes + r->out_bytes);
    double copied = (double)(copy->in_bytes + copy->out_bytes);
    if (strcmp(r->check, "ok") == 0)
        snprintf(r->check, sizeof(r->check),
                 "ok (%.2fx per-position, %u records, %.1f MB, %.2f of bound)",
                 round_ratio(per, NULL, r), unique, moved * 1e-6, r->of_copy * moved / copied);
}

/* Checks the paths of thread count tc and times them together. */
static void case_time(struct bench *b, struct bench_case *c, struct thread_ctx *tc,
                      struct reference *ref, struct case_paths *p)
{
    p->num_timed = 0;
    copy_paths(c, tc, p);
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        p->drawn[isa] = 0;
        p->reused[isa] = -1;
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
            p->reused[isa] = check_reuse(b, c, tc, isa, &p->reuse[isa], &p->reuse_r[isa]);
            if (p->reused[isa])
                add_timed(p, run_reuse, &p->reuse[isa], &p->reuse_r[isa]);
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
            if (p->reused[isa] < 0)
                continue;
            struct result *rr = &p->reuse_r[isa];
            if (p->reused[isa]) {
                result_ratios(rr, copy, nt, scalar);
                reuse_check_text(rr, r, copy, p->reuse[isa].unique);
            }
            report_result(b, rr);
        }
        if (b->opt.peer && !summary && ti == 0)
            peer_row(b, c, t_copy, t_memcpy, t_scalar);
    }
}
