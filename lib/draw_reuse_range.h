/*
 * draw_reuse_range.h - the distinct-index search of a reuse draw done per
 * range of positions on a thread pool (draw_reuse_range.c) and merged
 * (draw_reuse_merge.c), for draw_reuse.c. Internal.
 */
#ifndef VF_LIB_DRAW_REUSE_RANGE_H
#define VF_LIB_DRAW_REUSE_RANGE_H

#include <stdatomic.h>
#include <stdint.h>

#include "vf_internal.h"

/* Ranges a draw is split into, at most: their bounds and counts live on
 * the caller's stack, so nothing is allocated. */
#define VF_REUSE_RANGES_MAX 256u

/* A search in progress: the ranges, their lists and the merged table.
 * The caller holds it (about 7 KiB) from vf_reuse_range_search to
 * vf_reuse_range_map. */
struct vf_reuse_range {
    const uint8_t *data;
    uint32_t size, n, cuts, cut;
    uint32_t ranges, len;     /* range r holds positions [r * len, (r + 1) * len) */
    uint32_t *table;          /* the merged table's slots, then the ranges' */
    uint64_t tw, slots;       /* a range's table's slots; the merged one's */
    uint32_t *lists;          /* lists + r * len: range r's distinct indices */
    uint32_t *unique, *dst;   /* the distinct indices; where the map goes */
    vf_reuse_map_stream_fn stream; /* NULL: the map with plain stores */
    vf_stream_fence_fn fence;
    void (*step)(struct vf_reuse_range *job, uint32_t r);
    atomic_uint next;         /* the next range of the running step */
    uint32_t lo[VF_REUSE_RANGES_MAX], hi[VF_REUSE_RANGES_MAX];
    uint32_t count[VF_REUSE_RANGES_MAX]; /* distinct indices of each range */
    /* Each range's table is direct-mapped from wbase, or hashed
     * (UINT32_MAX); pre_lo, pre_hi: the span of the ranges before it. */
    uint32_t wbase[VF_REUSE_RANGES_MAX];
    uint32_t pre_lo[VF_REUSE_RANGES_MAX], pre_hi[VF_REUSE_RANGES_MAX];
    /* The draw's smallest and largest index; `direct`: they span no more
     * than the table, which the merge then maps directly from lo_all (else
     * it hashes). The merge on the pool uses its slots as atomics: each
     * range's first uses, then the global record of its first one. */
    uint32_t lo_all, hi_all, span;
    int direct;
    _Atomic uint32_t *owner;
    uint32_t base[VF_REUSE_RANGES_MAX];
};

/* Finds the distinct indices of n `size`-byte indices at data (cuts of
 * value `cut` left out where `cuts`) on the pool's threads and the
 * caller's: each thread dedupes a contiguous range of positions in a table
 * of its own, and a merge over the ranges' distinct lists numbers the
 * records in first-seen order. Runs when the pool has at least one thread
 * and the draw is at least the pool's minimum bytes: writes the distinct
 * indices to unique[] (n words), their count to *unique_ret, and returns
 * 1; vf_reuse_range_map then writes the map. `table` holds `slots` words
 * (at least twice n) and `lists` n words, both overwritten; the table,
 * unique[] and the indices must stay until the map is written. Returns 0
 * when it did not run, having written at most the job. */
VF_HIDDEN int vf_reuse_range_search(struct vf_reuse_range *job, vf_thread_pool *pool,
                                    const uint8_t *data, uint32_t size, uint32_t n, int cuts,
                                    uint32_t cut, uint32_t *table, uint64_t slots,
                                    uint32_t *lists, uint32_t *unique, uint32_t *unique_ret);

/* After vf_reuse_range_search: the map of every position (record or
 * VF_REUSE_CUT) into dst[0 .. n), in parallel, from the indices and the
 * merged table; with `stream` (not NULL, dst 4-byte aligned) where the
 * table is direct-mapped, non-temporal stores, each thread fencing with
 * `fence`. The records and map are the serial search's. */
VF_HIDDEN void vf_reuse_range_map(struct vf_reuse_range *job, vf_thread_pool *pool,
                                  uint32_t *dst, vf_reuse_map_stream_fn stream,
                                  vf_stream_fence_fn fence);

#endif
