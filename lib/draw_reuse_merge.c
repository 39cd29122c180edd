/*
 * draw_reuse_merge.c - the steps of a reuse draw's search on a pool, run
 * over its ranges, and the merge that follows the ranges' search
 * (draw_reuse_range.c): over the ranges' distinct lists in range order
 * (about the distinct count, not the positions), each index takes its
 * global record, first seen first, in the merged table (direct-mapped
 * from the draw's smallest index where that fits, else hashed). Three
 * merges give the same records, the first that applies running:
 *   banded   on the pool, where the ranges' spans form a band (a mesh);
 *   claimed  on the pool with atomics, from MERGE_MIN_RANGES ranges of a
 *            direct-mapped table (shuffled indices);
 *   serial   on the caller, after the pool clears the table.
 */
#include "draw_reuse_merge.h"

#include <string.h>

_Static_assert(sizeof(_Atomic uint32_t) == sizeof(uint32_t),
               "the table words are used as atomics in place");

/* Ranges from which the merge runs on the pool rather than on the caller:
 * its four passes over the ranges' lists cost more than one serial pass
 * below that (figures: bench/README.md, "Reuse and threads"). */
#define MERGE_MIN_RANGES 8u

static void range_worker(void *arg)
{
    struct vf_reuse_range *j = arg;
    for (;;) {
        uint32_t r = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
        if (r >= j->ranges)
            break;
        j->step(j, r);
    }
}

void vf_reuse_range_step(struct vf_reuse_range *j, vf_thread_pool *pool,
                         void (*step)(struct vf_reuse_range *, uint32_t))
{
    j->step = step;
    atomic_store_explicit(&j->next, 0, memory_order_relaxed);
    vf_thread_pool_run(pool, range_worker, j);
}

/* The smallest and largest index of the draw's non-cut positions into
 * lo_all and hi_all (lo_all > hi_all when there is none), whether the
 * merged table maps them directly, and each range's prefix span: the
 * smallest and largest index of the ranges before it. */
static void draw_span(struct vf_reuse_range *j)
{
    uint32_t lo = UINT32_MAX, hi = 0;
    for (uint32_t r = 0; r < j->ranges; r++) {
        j->pre_lo[r] = lo;
        j->pre_hi[r] = hi;
        lo = j->lo[r] < lo ? j->lo[r] : lo;
        hi = j->hi[r] > hi ? j->hi[r] : hi;
    }
    j->lo_all = lo;
    j->hi_all = hi;
    j->direct = lo > hi || (uint64_t)hi - lo < j->slots;
}

/* step `clear` of part r of the table's first `span` slots: emptied
 * (VF_REUSE_SLOT_EMPTY) for the merge, serial or on the pool. */
static void step_clear(struct vf_reuse_range *j, uint32_t r)
{
    uint32_t b = (uint32_t)((uint64_t)j->span * r / j->ranges);
    uint32_t e = (uint32_t)((uint64_t)j->span * (r + 1) / j->ranges);
    memset(j->table + b, 0xff, (size_t)(e - b) * 4);
}

/* The merge on the caller, in the table the pool emptied first: the
 * draw's span of it direct-mapped, or all of it hashed; returns the
 * distinct count. Emptied, the direct table needs one load a list entry
 * (vf_reuse_lookup_cleared): left with the ranges' local records, each
 * slot's check against `unique` read a line of it at random. */
static uint32_t merge(struct vf_reuse_range *j, vf_thread_pool *pool)
{
    uint32_t lo = j->lo_all, next = 0;
    if (j->lo_all > j->hi_all)
        return 0; /* only cuts */
    j->span = j->direct ? j->hi_all - lo + 1 : (uint32_t)j->slots;
    vf_reuse_range_step(j, pool, step_clear);
    for (uint32_t r = 0; r < j->ranges; r++) {
        const uint32_t *list = j->lists + (size_t)r * j->len;
        for (uint32_t k = 0; k < j->count[r]; k++) {
            uint32_t idx = list[k];
            if (j->direct)
                vf_reuse_lookup_cleared(idx, &j->table[idx - lo], j->unique, &next);
            else
                vf_reuse_hash_lookup(j->table, j->slots, idx, j->unique, &next);
        }
    }
    return next;
}

/* ------------------------------------------------------------------------
 * The merge on the pool, for the direct-mapped table. An index's global
 * record is the serial merge's when its first range (the smallest range
 * whose list holds it) numbers it, ranges in order, each in its list's
 * order. A slot holds, in turn: empty (UINT32_MAX); n + r, r its first
 * range so far (atomic minimum); then its global record, below n. A range
 * testing whether it owns a slot (n + its r) never mistakes either later
 * value for its own.
 * ------------------------------------------------------------------------ */

static inline _Atomic uint32_t *owner_slot(const struct vf_reuse_range *j, uint32_t idx)
{
    return &j->owner[idx - j->lo_all];
}

static void step_claim(struct vf_reuse_range *j, uint32_t r)
{
    const uint32_t *list = j->lists + (size_t)r * j->len;
    uint32_t code = j->n + r;
    for (uint32_t k = 0; k < j->count[r]; k++) {
        _Atomic uint32_t *slot = owner_slot(j, list[k]);
        uint32_t cur = atomic_load_explicit(slot, memory_order_relaxed);
        while (code < cur && !atomic_compare_exchange_weak_explicit(
                                 slot, &cur, code, memory_order_relaxed, memory_order_relaxed))
            ;
    }
}

static void step_count(struct vf_reuse_range *j, uint32_t r)
{
    const uint32_t *list = j->lists + (size_t)r * j->len;
    uint32_t code = j->n + r, c = 0;
    for (uint32_t k = 0; k < j->count[r]; k++)
        c += atomic_load_explicit(owner_slot(j, list[k]), memory_order_relaxed) == code;
    j->base[r] = c;
}

static void step_number(struct vf_reuse_range *j, uint32_t r)
{
    const uint32_t *list = j->lists + (size_t)r * j->len;
    uint32_t code = j->n + r, rec = j->base[r];
    for (uint32_t k = 0; k < j->count[r]; k++) {
        _Atomic uint32_t *slot = owner_slot(j, list[k]);
        if (atomic_load_explicit(slot, memory_order_relaxed) == code) {
            j->unique[rec] = list[k];
            atomic_store_explicit(slot, rec++, memory_order_relaxed);
        }
    }
}

/* The merge on the pool, where enough ranges share it, the table is
 * direct-mapped and no range's code (n + r) reaches the empty slot; 0
 * (nothing done) otherwise. The table then holds the global records. */
static int merge_on_pool(struct vf_reuse_range *j, vf_thread_pool *pool, uint32_t *unique_ret)
{
    if (j->ranges < MERGE_MIN_RANGES || !j->direct || j->lo_all > j->hi_all ||
        (uint64_t)j->n + j->ranges >= UINT32_MAX)
        return 0;
    j->owner = (_Atomic uint32_t *)(void *)j->table;
    j->span = j->hi_all - j->lo_all + 1;
    vf_reuse_range_step(j, pool, step_clear);
    vf_reuse_range_step(j, pool, step_claim);
    vf_reuse_range_step(j, pool, step_count);
    /* Each range's count, in base[], into its first record. */
    uint32_t total = vf_counts_to_offsets(j->base, j->ranges);
    vf_reuse_range_step(j, pool, step_number);
    *unique_ret = total;
    return 1;
}

/* ------------------------------------------------------------------------
 * The banded merge, on the pool: where each range's indices meet those of
 * few ranges before it (a mesh's ranges touch bands of vertices that meet
 * at their edges), an index of range r is new to the draw unless it lies
 * in the span of the ranges before r and one of their tables holds it.
 * Each range counts its new indices, a prefix sum gives it its first
 * record, and it numbers them in its list's order into unique[] and the
 * merged table: the serial merge's records, with no atomics and no table
 * to clear (each index's slot is written by the one range it is new to).
 * ------------------------------------------------------------------------ */

/* Whether range q's table holds idx. */
static int range_holds(const struct vf_reuse_range *j, uint32_t q, uint32_t idx)
{
    if (idx < j->lo[q] || idx > j->hi[q])
        return 0;
    const uint32_t *tab = vf_reuse_range_table(j, q), *list = j->lists + (size_t)q * j->len;
    uint32_t rec;
    if (j->wbase[q] != VF_REUSE_RANGE_HASHED) {
        /* [lo, hi] lies in the window: every index in it was. */
        rec = tab[idx - j->wbase[q]];
        return rec < j->count[q] && list[rec] == idx;
    }
    uint64_t h = ((uint64_t)(uint32_t)(idx * 0x9E3779B9u) * j->tw) >> 32;
    for (uint64_t probes = 0; probes < j->tw; probes++) {
        if ((rec = tab[h]) == VF_REUSE_SLOT_EMPTY)
            return 0;
        if (list[rec] == idx)
            return 1;
        if (++h == j->tw)
            h = 0;
    }
    return 0;
}

/* Whether idx, in range r's list, is new to the draw there. */
static inline int range_owns(const struct vf_reuse_range *j, uint32_t r, uint32_t idx)
{
    if (idx < j->pre_lo[r] || idx > j->pre_hi[r])
        return 1;
    for (uint32_t q = 0; q < r; q++)
        if (range_holds(j, q, idx))
            return 0;
    return 1;
}

static void step_own_count(struct vf_reuse_range *j, uint32_t r)
{
    const uint32_t *list = j->lists + (size_t)r * j->len;
    uint32_t c = 0;
    for (uint32_t k = 0; k < j->count[r]; k++)
        c += range_owns(j, r, list[k]);
    j->base[r] = c;
}

static void step_own_number(struct vf_reuse_range *j, uint32_t r)
{
    const uint32_t *list = j->lists + (size_t)r * j->len;
    uint32_t rec = j->base[r];
    for (uint32_t k = 0; k < j->count[r]; k++) {
        uint32_t idx = list[k];
        if (range_owns(j, r, idx)) {
            j->unique[rec] = idx;
            j->table[idx - j->lo_all] = rec++;
        }
    }
}

/* Whether the ranges' spans form a band: at most two meetings (pairs of
 * ranges whose spans overlap) a range, so each index is looked up in few
 * other ranges' tables. Shuffled indices, whose every range spans the
 * draw, take the merges below. */
static int spans_banded(const struct vf_reuse_range *j)
{
    uint64_t meetings = 0;
    for (uint32_t r = 1; r < j->ranges; r++)
        for (uint32_t q = 0; q < r; q++)
            meetings += j->lo[q] <= j->hi[r] && j->lo[r] <= j->hi[q];
    return meetings <= 2 * (uint64_t)j->ranges;
}

/* The banded merge where the table is direct-mapped and the spans form a
 * band; 0 (nothing done) otherwise. A hashed range table is at most half
 * full (step_search), so range_holds' probe for an index it lacks ends at
 * an empty slot soon. */
static int merge_banded(struct vf_reuse_range *j, vf_thread_pool *pool, uint32_t *unique_ret)
{
    if (!j->direct || j->lo_all > j->hi_all || !spans_banded(j))
        return 0;
    vf_reuse_range_step(j, pool, step_own_count);
    /* Each range's count, in base[], into its first record. */
    uint32_t total = vf_counts_to_offsets(j->base, j->ranges);
    vf_reuse_range_step(j, pool, step_own_number);
    *unique_ret = total;
    return 1;
}

uint32_t vf_reuse_range_merge(struct vf_reuse_range *j, vf_thread_pool *pool)
{
    uint32_t unique = 0;
    draw_span(j);
    if (!merge_banded(j, pool, &unique) && !merge_on_pool(j, pool, &unique))
        unique = merge(j, pool);
    return unique;
}
