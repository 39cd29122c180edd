/*
 * chunked.c - the chunked shape: a draw consumed as a rasterizer consumes
 * it, range by range, each range fetched (vf_fetch_range) into a buffer
 * that stays in the thread's L2 and is reused for the next range. Nothing
 * streams records to DRAM, so this is the figure to set beside a GPU's
 * vertex fetch. Its copy moves the same ranges' bytes into the same
 * reused buffers with memcpy. With --peer, the peer row draws the same
 * draw whole through Vulkan.
 */
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "team.h"

struct chunk_run {
    struct bench_case *c;
    const vf_layout *layout;      /* NULL: the copy */
    uint32_t per_instance;        /* ranges per instance */
    uint32_t nchunks;
    void **bufs;                  /* one per thread, buf_size bytes */
    size_t buf_size;
    atomic_uint next;
    atomic_int failed;
};

/* The range of chunk k: instance, first position, count. */
static void chunk_range(const struct chunk_run *r, uint32_t k, uint32_t *instance,
                        uint32_t *first, uint32_t *count)
{
    uint32_t chunk = r->c->chunk;

    *instance = k / r->per_instance;
    *first = k % r->per_instance * chunk;
    *count = r->c->positions - *first < chunk ? r->c->positions - *first : chunk;
}

/* Output bytes of `count` records (whole SoA batches). */
static size_t range_bytes(const struct bench_case *c, uint32_t count)
{
    size_t size = 0;

    vf_draw_output_size(c->layouts[VF_ISA_SCALAR], count, 1, &size);
    return size;
}

/* Copies chunk k's proportional share of every input span into buf, then
 * fills the rest of the range's output bytes from buf itself (in L1/L2):
 * each input byte read once, each output byte written once. */
static void copy_chunk(const struct chunk_run *r, uint32_t k, uint8_t *buf, size_t out)
{
    const struct bench_case *c = r->c;
    size_t done = 0;

    for (unsigned s = 0; s < c->nspans; s++) {
        size_t lo = c->spans[s].size * k / r->nchunks;
        size_t hi = c->spans[s].size * (k + 1) / r->nchunks;
        const uint8_t *src = (const uint8_t *)c->spans[s].data + lo;
        while (lo < hi) {
            size_t n = hi - lo;
            if (done == out)
                done = 0; /* input beyond the output: reuse the buffer */
            if (n > out - done)
                n = out - done;
            memcpy(buf + done, src, n);
            src += n;
            lo += n;
            done += n;
        }
    }
    while (done && done < out) {
        size_t n = done < out - done ? done : out - done;
        memcpy(buf + done, buf, n);
        done += n;
    }
}

static void chunk_task(void *arg, unsigned index, unsigned count)
{
    struct chunk_run *r = arg;
    uint32_t k, instance, first, n;

    (void)count;
    while ((k = atomic_fetch_add_explicit(&r->next, 1, memory_order_relaxed)) < r->nchunks) {
        chunk_range(r, k, &instance, &first, &n);
        if (r->layout == NULL) {
            copy_chunk(r, k, r->bufs[index], range_bytes(r->c, n));
        } else if (vf_fetch_range(r->layout, &r->c->desc, instance, first, n, r->bufs[index],
                                  r->buf_size) != VF_OK) {
            atomic_store(&r->failed, 1);
        }
    }
}

struct chunk_timed {
    struct chunk_run *run;
    struct thread_ctx *tc;
};

static int run_chunks(void *arg)
{
    struct chunk_timed *t = arg;

    atomic_store(&t->run->next, 0);
    team_run(t->tc->team, chunk_task, t->run);
    return atomic_load(&t->run->failed) ? -1 : 0;
}

/* Every range of the layout's fetch against the scalar vf_draw's records
 * in c->out: "ok", "MISMATCH", or an error into r. */
static int chunk_check(struct chunk_run *run, struct result *r)
{
    const struct bench_case *c = run->c;
    size_t per_instance = range_bytes(c, c->positions);

    for (uint32_t k = 0; k < run->nchunks; k++) {
        uint32_t instance, first, n;
        chunk_range(run, k, &instance, &first, &n);
        memset(run->bufs[0], 0xa5, run->buf_size);
        vf_result res = vf_fetch_range(run->layout, &c->desc, instance, first, n,
                                       run->bufs[0], run->buf_size);
        if (res != VF_OK) {
            snprintf(r->error, sizeof(r->error), "vf_fetch_range: %s", vf_result_string(res));
            return -1;
        }
        const uint8_t *want = (const uint8_t *)c->out + instance * per_instance +
                              range_bytes(c, first);
        if (memcmp(run->bufs[0], want, range_bytes(c, n)) != 0) {
            snprintf(r->check, sizeof(r->check), "MISMATCH");
            return 1;
        }
    }
    snprintf(r->check, sizeof(r->check), "ok");
    return 0;
}

/* One vfetch ISA at one thread count, checked: 1 when it can be timed
 * (run->layout set), 0 when not (r has the error). */
static int chunked_isa(struct bench *b, struct chunk_run *run, struct thread_ctx *tc,
                       uint32_t isa, struct result *r)
{
    vf_result res;

    result_init(r, run->c, vf_isa_name(isa), "vfetch", tc->threads);
    run->layout = case_layout(b, run->c, isa, &res);
    if (run->layout == NULL) {
        snprintf(r->error, sizeof(r->error), "vf_layout_create: %s", vf_result_string(res));
        b->num_failures++;
        return 0;
    }
    int check = chunk_check(run, r);
    if (check < 0) {
        b->num_failures++;
        return 0;
    }
    b->num_failures += check > 0;
    return 1;
}

/* The paths of one thread count: the copy (runs[0]) and every ISA. */
struct chunk_paths {
    struct chunk_run runs[VF_ISA_COUNT + 1];
    struct chunk_timed args[VF_ISA_COUNT + 1];
    struct result results[VF_ISA_COUNT + 1];
    int timed[VF_ISA_COUNT + 1];
    struct timed t[VF_ISA_COUNT + 1];
};

/* A path's own copy of the run (its layout; NULL: the copy). */
static void chunk_path(struct chunk_paths *p, unsigned k, const struct chunk_run *run,
                       struct thread_ctx *tc)
{
    struct chunk_run *r = &p->runs[k];
    r->c = run->c;
    r->layout = NULL;
    r->per_instance = run->per_instance;
    r->nchunks = run->nchunks;
    r->bufs = run->bufs;
    r->buf_size = run->buf_size;
    atomic_init(&r->next, 0);
    atomic_init(&r->failed, 0);
    p->args[k].run = r;
    p->args[k].tc = tc;
}

/* The copy and every ISA at one thread count: checked, then timed
 * together (measure.c), then reported. The copy's and scalar's median
 * times go to *t_copy and *t_scalar (NaN when scalar did not run), for
 * the peer row. */
static void chunked_threads(struct bench *b, struct chunk_run *run, struct thread_ctx *tc,
                            double *t_copy, double *t_scalar)
{
    static struct chunk_paths paths;
    struct chunk_paths *p = &paths;
    unsigned n = 0;
    const struct result *scalar = NULL;

    for (unsigned k = 0; k <= VF_ISA_COUNT; k++)
        chunk_path(p, k, run, tc);
    result_init(&p->results[0], run->c, "memcpy", "roofline", tc->threads);
    p->timed[0] = 1;
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        p->timed[isa + 1] = 0;
        if (!bench_isa_timed(b, isa))
            continue;
        p->timed[isa + 1] = chunked_isa(b, &p->runs[isa + 1], tc, isa, &p->results[isa + 1]);
    }
    for (unsigned k = 0; k <= VF_ISA_COUNT; k++)
        if (p->timed[k]) {
            struct timed t = { run_chunks, &p->args[k], &p->results[k], 0 };
            p->t[n++] = t;
        }
    measure_together(b, p->t, n);

    struct result *copy = &p->results[0];
    copy->of_copy = copy->of_memcpy = 1.0;
    report_result(b, copy);
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        struct result *r = &p->results[isa + 1];
        if (!bench_isa_timed(b, isa))
            continue;
        if (p->timed[isa + 1] && atomic_load(&p->runs[isa + 1].failed)) {
            snprintf(r->error, sizeof(r->error), "vf_fetch_range failed");
            b->num_failures++;
        } else if (p->timed[isa + 1]) {
            if (isa == VF_ISA_SCALAR)
                scalar = r;
            r->of_copy = r->of_memcpy = round_ratio(copy, NULL, r);
            r->scalar_speedup = round_ratio(scalar, NULL, r);
        }
        if (b->opt.isa_mask & (1u << isa))
            report_result(b, r);
    }
    *t_copy = copy->t_med;
    *t_scalar = scalar ? scalar->t_med : NAN;
}

void chunked_run(struct bench *b, struct bench_case *c)
{
    struct chunk_run run;
    unsigned most = 1;
    void *bufs[MAX_TEAM];

    memset(&run, 0, sizeof(run));
    run.c = c;
    run.per_instance = (c->positions + c->chunk - 1) / c->chunk;
    run.nchunks = run.per_instance * c->instances;
    run.buf_size = range_bytes(c, c->chunk);
    for (unsigned i = 0; i < b->opt.num_threads; i++)
        most = b->tc[i].threads > most ? b->tc[i].threads : most;
    for (unsigned t = 0; t < most; t++)
        bufs[t] = bu_alloc(run.buf_size);
    run.bufs = bufs;
    /* The reference every range is compared with: the scalar draw. */
    if (vf_draw(c->layouts[VF_ISA_SCALAR], &c->desc, c->out, c->out_size) != VF_OK) {
        fprintf(stderr, "vfetch-bench: %s: the scalar draw failed\n", c->name);
        b->num_failures++;
    } else {
        for (unsigned i = 0; i < b->opt.num_threads; i++) {
            double t_copy, t_scalar;
            chunked_threads(b, &run, &b->tc[i], &t_copy, &t_scalar);
            /* The peer draws the whole draw at once, as a GPU consumes
             * it, after the first thread count's rows (as case_run). */
            if (b->opt.peer && i == 0)
                peer_row(b, c, t_copy, t_copy, t_scalar);
        }
    }
    for (unsigned t = 0; t < most; t++)
        bu_free(bufs[t]);
}
