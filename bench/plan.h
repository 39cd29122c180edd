/*
 * plan.h - what a vfetch-bench run will draw, before it draws it: the
 * cases in run order with their sizes, the streaming size and its cap,
 * and a rough estimate of the run's length (plan.c). The progress line
 * (progress.c) counts through the same plan.
 */
#ifndef VF_BENCH_PLAN_H
#define VF_BENCH_PLAN_H

#include <stdint.h>
#include <stdio.h>

#include "bench.h"

/* Bytes of records one streaming draw of the quick set writes at most
 * (unless PLAN_QUICK_STREAMING_MIN positions write more).
 * Streaming means several times the last-level cache, and a VM may report
 * a very large one (508 MiB on a 2-core EPYC guest made every quick
 * streaming draw 2 GiB and `make bench` 19 minutes). */
#define PLAN_QUICK_STREAMING_CAP ((uint64_t)64 << 20)
/* Vertex positions of a quick streaming draw at least, cap or not. */
#define PLAN_QUICK_STREAMING_MIN (1u << 20)

/* The streaming size of records of record_bytes: the positions drawn,
 * and the positions the cache rule alone asks for (more than `positions`
 * when the quick set's cap cut it). */
struct stream_size {
    uint32_t positions;
    uint64_t wanted;
    int capped;
};
void plan_streaming_size(const struct bench *b, uint32_t record_bytes, struct stream_size *s);

/* One planned case (or format row): which, at what size, and its
 * estimated seconds. */
struct plan_item {
    size_t layout;        /* index into bench_layouts; the format's index with --formats */
    int shape;            /* enum shape */
    int size;             /* SIZE_IN_CACHE or SIZE_STREAMING */
    uint32_t positions;   /* about: the builder rounds to its grid or cube */
    double est_s;
};

#define PLAN_MAX_ITEMS 512u

struct plan {
    struct plan_item items[PLAN_MAX_ITEMS];
    unsigned n;
    double total_s;
};

/* The cases (or format rows) the options select, in run order, each with
 * its estimate. */
void plan_make(const struct bench *b, struct plan *p);
/* The plan, the streaming size with its cap, and the estimate, as lines
 * on f. */
void plan_print(const struct bench *b, const struct plan *p, FILE *f);
/* The item's name into buf: static/linear, or the format's. */
const char *plan_item_name(const struct bench *b, const struct plan_item *it, char *buf,
                           size_t size);
/* "1 min 40 s", "12 s" into buf. */
const char *plan_duration(double s, char *buf, size_t size);

#endif /* VF_BENCH_PLAN_H */
