/*
 * draw_reuse_merge.h - what the search of a reuse draw on a pool
 * (draw_reuse_range.c) and its merge (draw_reuse_merge.c) share: a step
 * run over the ranges, a range's table and the hash lookup. Internal.
 */
#ifndef VF_LIB_DRAW_REUSE_MERGE_H
#define VF_LIB_DRAW_REUSE_MERGE_H

#include <stdint.h>

#include "draw_reuse_range.h"
#include "reuse_lookup.h"

/* wbase of a range whose table is hashed. */
#define VF_REUSE_RANGE_HASHED UINT32_MAX

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
