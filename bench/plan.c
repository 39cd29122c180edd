/*
 * plan.c - vfetch-bench's plan: the cases a run draws, in order, at the
 * sizes plan_size.c gives, and an estimate of how long the run takes,
 * printed before anything is timed.
 *
 * The estimate is rough on purpose: it assumes a throughput per path
 * (below) rather than measuring one, so it says how big the run is, not
 * how fast the machine is. The progress line (progress.c) rescales what
 * is left by how the finished cases compared with their estimates.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plan.h"

/* Throughput the estimate assumes for one thread: a copy, a SIMD path,
 * the scalar path, building a case's buffers, lavapipe's vertex stage. */
#define EST_COPY_BPS 8e9
#define EST_PATH_BPS 4e9
#define EST_SCALAR_BPS 1e9
#define EST_BUILD_BPS 1e9
#define EST_PEER_VPS 20e6

/* ------------------------------------------------------------------------ */
/* The estimate                                                               */
/* ------------------------------------------------------------------------ */

/* What one planned draw moves: input bytes (vertex data and indices)
 * and output bytes (a 16-byte register per element). */
struct est_draw {
    double in, out, positions;
    int indexed, chunked, reuse;
};

/* Seconds of one path at one thread count: calibration (two runs), the
 * repetitions of at least --min-time, and the check's run. */
static double est_path(const struct bench *b, double bytes, double bps, unsigned threads)
{
    double t = bytes / (bps * threads);
    return 3 * t + b->opt.reps * fmax(b->opt.min_time, t);
}

static unsigned isa_count(const struct bench *b)
{
    unsigned n = 0;

    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++)
        n += bench_isa_timed(b, isa) != 0;
    return n;
}

static double est_item(const struct bench *b, const struct est_draw *d)
{
    double bytes = d->in + d->out, s = bytes / EST_BUILD_BPS;
    unsigned isas = isa_count(b);
    /* Per-element twins (--jit on,off) double the ISA rows; the reuse
     * shape adds three (the reuse draw and its two steps). */
    unsigned rows = isas * ((b->opt.jit == 3) + 1 + 3 * d->reuse);

    for (unsigned ti = 0; ti < b->opt.num_threads; ti++) {
        unsigned t = b->opt.threads[ti];
        s += 2 * est_path(b, bytes, EST_COPY_BPS, t);
        s += est_path(b, bytes, EST_SCALAR_BPS, t);
        if (rows > 1)
            s += (rows - 1) * est_path(b, bytes, EST_PATH_BPS, t);
    }
    if (b->opt.peer) {
        double t = d->positions / EST_PEER_VPS;
        s += d->in / EST_BUILD_BPS + 3 * t + b->opt.reps * fmax(b->opt.min_time, t);
    }
    return s;
}

static double est_case(const struct bench *b, const struct layout_def *ld, int shape,
                       uint32_t n)
{
    struct est_draw d = { 0, 0, n, shape != SHAPE_LINEAR, shape == SHAPE_CHUNKED,
                          shape == SHAPE_REUSE };

    for (uint32_t e = 0; e < ld->count; e++) {
        const vf_format_desc *f = vf_format_info(ld->elems[e].format);
        /* Per-instance data is one element per 36 positions (the cube). */
        double per = ld->elems[e].input_slot_class == VF_INPUT_PER_INSTANCE_DATA ? n / 36.0 : n;
        d.in += (f ? f->bytes : 16) * per;
        d.out += 16.0 * n;
    }
    if (d.indexed)
        d.in += 4.0 * n;
    return est_item(b, &d);
}

/* ------------------------------------------------------------------------ */
/* The plan                                                                   */
/* ------------------------------------------------------------------------ */

static uint32_t item_positions(const struct bench *b, int sz, uint32_t record_bytes)
{
    struct stream_size s;

    if (sz == SIZE_IN_CACHE)
        return b->opt.in_cache_vertices;
    plan_streaming_size(b, record_bytes, &s);
    return s.positions;
}

static void plan_add(struct plan *p, size_t layout, int shape, int sz, uint32_t n, double est)
{
    if (p->n == PLAN_MAX_ITEMS)
        return;
    p->items[p->n++] = (struct plan_item){ layout, shape, sz, n, est };
    p->total_s += est;
}

static void plan_formats(const struct bench *b, struct plan *p)
{
    for (int sz = 0; sz < 2; sz++) {
        if (!(b->opt.sizes & (1 << sz)))
            continue;
        for (uint32_t i = 0; i < vf_format_count(); i++) {
            const vf_format_desc *d = vf_format_info_at(i);
            if (!case_format_selected(b, d))
                continue;
            uint32_t n = item_positions(b, sz, 16);
            struct est_draw e = { (double)d->bytes * n, 16.0 * n, n, 0, 0, 0 };
            plan_add(p, i, SHAPE_LINEAR, sz, n, est_item(b, &e));
        }
    }
}

void plan_make(const struct bench *b, struct plan *p)
{
    memset(p, 0, sizeof(*p));
    if (b->opt.formats) {
        plan_formats(b, p);
        return;
    }
    for (int sz = 0; sz < 2; sz++) {
        if (!(b->opt.sizes & (1 << sz)))
            continue;
        for (size_t li = 0; li < bench_num_layouts; li++) {
            const struct layout_def *ld = &bench_layouts[li];
            for (int sh = 0; sh < NUM_SHAPES; sh++) {
                char name[64];
                snprintf(name, sizeof(name), "%s/%s", ld->name, bench_shape_names[sh]);
                if (!case_selected(b, name, ld->name, bench_shape_names[sh]))
                    continue;
                uint32_t n = item_positions(b, sz, 16u * ld->count);
                plan_add(p, li, sh, sz, n, est_case(b, ld, sh, n));
            }
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Printing                                                                   */
/* ------------------------------------------------------------------------ */

const char *plan_duration(double s, char *buf, size_t size)
{
    long sec = s < 0 ? 0 : lround(s);

    if (sec >= 60)
        snprintf(buf, size, "%ld min %02ld s", sec / 60, sec % 60);
    else
        snprintf(buf, size, "%ld s", sec);
    return buf;
}

const char *plan_item_name(const struct bench *b, const struct plan_item *it, char *buf,
                           size_t size)
{
    if (b->opt.formats)
        snprintf(buf, size, "%s", vf_format_info_at((uint32_t)it->layout)->name);
    else
        snprintf(buf, size, "%s/%s", bench_layouts[it->layout].name,
                 bench_shape_names[it->shape]);
    return buf;
}

/* How the streaming size was chosen, and whether the quick cap cut it. */
static void print_streaming(const struct bench *b, const struct plan *p, FILE *f)
{
    int capped = 0;
    uint64_t wanted = 0;

    if (!(b->opt.sizes & 2) || b->opt.formats)
        return;
    for (unsigned i = 0; i < p->n; i++) {
        struct stream_size s;
        if (p->items[i].size != SIZE_STREAMING)
            continue;
        plan_streaming_size(b, 16u * bench_layouts[p->items[i].layout].count, &s);
        capped |= s.capped;
        if (s.capped && s.wanted * 16u * bench_layouts[p->items[i].layout].count > wanted)
            wanted = s.wanted * 16u * bench_layouts[p->items[i].layout].count;
    }
    if (b->opt.streaming_vertices)
        fprintf(f, "streaming: %u positions per draw (--vertices)\n", b->opt.streaming_vertices);
    else if (capped)
        fprintf(f,
                "streaming: %s x the LLC (%llu MiB) of records per draw (up to %.2f GiB), "
                "capped for --quick at %llu MiB of records per draw (or 1M positions, if "
                "more); --vertices N or a run without --quick for the full size\n",
                b->opt.quick ? "4" : "8", (unsigned long long)(b->opt.llc_bytes >> 20),
                (double)wanted / (double)(1u << 30),
                (unsigned long long)(PLAN_QUICK_STREAMING_CAP >> 20));
    else
        fprintf(f, "streaming: %s x the LLC (%llu MiB) of records per draw, at least %uM "
                   "positions\n",
                b->opt.quick ? "4" : "8", (unsigned long long)(b->opt.llc_bytes >> 20),
                b->opt.quick ? 1u : 8u);
}

void plan_print(const struct bench *b, const struct plan *p, FILE *f)
{
    unsigned sizes[2] = { 0, 0 };
    char est[32];

    for (unsigned i = 0; i < p->n; i++)
        sizes[p->items[i].size]++;
    fprintf(f, "plan: %u %s%s (%u in-cache, %u streaming), thread%s", p->n,
            b->opt.formats ? "format row" : "case", p->n == 1 ? "" : "s", sizes[0], sizes[1],
            b->opt.num_threads > 1 ? "s" : "");
    for (unsigned t = 0; t < b->opt.num_threads; t++)
        fprintf(f, "%s%u", t ? "," : " ", b->opt.threads[t]);
    fprintf(f, ", %u fetch paths + 2 copies%s%s\n", isa_count(b), b->opt.peer ? " + peer " : "",
            b->opt.peer ? b->opt.peer : "");
    print_streaming(b, p, f);
    if (b->opt.plan_only)
        for (unsigned i = 0; i < p->n; i++) {
            char name[64];
            plan_item_name(b, &p->items[i], name, sizeof(name));
            fprintf(f, "  %-26s %-9s %10u positions  about %s\n", name,
                    bench_size_names[p->items[i].size], p->items[i].positions,
                    plan_duration(p->items[i].est_s, est, sizeof(est)));
        }
    fprintf(f, "estimate: about %s (assumed throughputs, not measured ones)\n",
            plan_duration(p->total_s, est, sizeof(est)));
}
