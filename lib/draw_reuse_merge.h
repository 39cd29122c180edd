/*
 * draw_reuse_merge.h - a reuse draw's search on a pool as a job: its
 * ranges, the steps run over them on the pool, and the merge of their
 * distinct lists (draw_reuse_merge.c), under the search itself
 * (draw_reuse_range.c). Internal.
 */
#ifndef VF_LIB_DRAW_REUSE_MERGE_H
#define VF_LIB_DRAW_REUSE_MERGE_H

#include <stdatomic.h>
#include <stdint.h>

#include "reuse_lookup.h"
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

/* wbase of a range whose table is hashed; of one whose distinct indices
 * would fill more than half its hashed table (the split search then
 * gives way). */
#define VF_REUSE_RANGE_HASHED UINT32_MAX
#define VF_REUSE_RANGE_FULL (UINT32_MAX - 1)

/* The record of `idx` in a hash table of `tw` slots (any count: the hash
 * is scaled, not masked), cleared to VF_REUSE_SLOT_EMPTY, whose records'
 * indices are in `unique`; a new one, number *next, when it has none.
 * Linear probing ends: the table has at least as many slots as indices go
 * into it. */
static inline uint32_t vf_reuse_hash_lookup(uint32_t *tab, uint64_t tw, uint32_t idx,
                                            uint32_t *unique, uint32_t *next)
{
    uint64_t h = ((uint64_t)(uint32_t)(idx * 0x9E3779B9u) * tw) >> 32;
    for (;;) {
        uint32_t rec = tab[h];
        if (rec == VF_REUSE_SLOT_EMPTY) {
            rec = (*next)++;
            unique[rec] = idx;
            tab[h] = rec;
            return rec;
        }
        if (unique[rec] == idx)
            return rec;
        if (++h == tw)
            h = 0;
    }
}

/* Range r's table: tw slots after the merged table's. */
static inline uint32_t *vf_reuse_range_table(const struct vf_reuse_range *j, uint32_t r)
{
    return j->table + j->slots + (size_t)r * j->tw;
}

/* Runs step(job, r) for every range r on the pool's threads and the
 * caller's, each range once; returns when all have run (the pool's join
 * orders what they wrote before what the caller does next). */
VF_HIDDEN void vf_reuse_range_step(struct vf_reuse_range *job, vf_thread_pool *pool,
                                   void (*step)(struct vf_reuse_range *, uint32_t));

/* The merge, once every range is searched: the draw's span and each
 * range's prefix span (lo_all, hi_all, direct, pre_lo, pre_hi), then the
 * global records in first-seen order into unique[] and the merged table,
 * which vf_reuse_range_map reads; returns the distinct count. */
VF_HIDDEN uint32_t vf_reuse_range_merge(struct vf_reuse_range *job, vf_thread_pool *pool);

#endif
