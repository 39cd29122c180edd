/*
 * draw_reuse_range.c - the distinct-index search of a reuse draw, per
 * range of positions on a thread pool, with exactly the serial search's
 * records and map.
 *
 * Three steps, the pool's join ordering each before the next:
 *   search   each range of positions is deduped on its own, as the serial
 *            search does the whole draw: a table of its own (a slice of
 *            the scratch table) direct-mapped around its first index (a
 *            mesh's range touches a narrow band of vertices), else over
 *            its [min, max] or hashed; its distinct indices in first-seen
 *            order into its slice of `lists` (it has at most as many as
 *            positions);
 *   merge    over the ranges' distinct lists in range order (about the
 *            distinct count, not the positions): each index takes its
 *            global record, first seen first, in the whole table
 *            (direct-mapped from the draw's smallest index where that
 *            fits, else hashed); on the caller, or from MERGE_MIN_RANGES
 *            ranges on the pool in four steps (below: step_clear);
 *   map      each position's global record read from that table by its
 *            index (vf_reuse_range_map, called once the caller knows the
 *            map may be written).
 * An index first seen in range r has its first position in range r, and
 * range r's list is in first-seen order, so the merge meets the indices
 * in the order of their first positions: the serial search's records.
 * The positions are read twice (search and map) and the map written once.
 */
#include "draw_reuse_range.h"

#include <string.h>

#include "reuse_lookup.h"

_Static_assert(sizeof(_Atomic uint32_t) == sizeof(uint32_t),
               "the table words are used as atomics in place");

/* Ranges from which the merge runs on the pool rather than on the caller:
 * its four passes over the ranges' lists cost more than one serial pass
 * below that (figures: bench/README.md, "Reuse and threads"). */
#define MERGE_MIN_RANGES 8u

static inline uint32_t range_index(const struct vf_reuse_range *j, uint32_t v)
{
    return j->size == 2 ? vf_load_u16(j->data + 2 * (size_t)v)
                        : vf_load_u32(j->data + 4 * (size_t)v);
}

/* wbase of a range whose table is hashed. */
#define RANGE_HASHED UINT32_MAX

/* The record of `idx` in a hash table of `tw` slots (any count: the hash
 * is scaled, not masked), cleared to VF_REUSE_SLOT_EMPTY, whose records'
 * indices are in `unique`; a new one, number *next, when it has none.
 * Linear probing ends: the table has at least as many slots as indices go
 * into it. */
static inline uint32_t hash_lookup(uint32_t *tab, uint64_t tw, uint32_t idx, uint32_t *unique,
                                   uint32_t *next)
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

/* Positions [*b, *e) of range r. */
static inline void range_bounds_of(const struct vf_reuse_range *j, uint32_t r, uint32_t *b,
                                   uint32_t *e)
{
    *b = r * j->len;
    *e = j->n - *b < j->len ? j->n : *b + j->len;
}

/* The smallest and largest index of positions [b, e) that is not a cut;
 * lo > hi when there is none. */
static void index_span(const struct vf_reuse_range *j, uint32_t b, uint32_t e, uint32_t *lo_ret,
                       uint32_t *hi_ret)
{
    uint32_t lo = UINT32_MAX, hi = 0;
    for (uint32_t v = b; v < e; v++) {
        uint32_t idx = range_index(j, v);
        if (j->cuts && idx == j->cut)
            continue;
        lo = idx < lo ? idx : lo;
        hi = idx > hi ? idx : hi;
    }
    *lo_ret = lo;
    *hi_ret = hi;
}

/* The search of positions [b, e) of `size`-byte indices in a table of tw
 * slots direct-mapped from `base`; 0 at the first index outside it. A
 * line of indices at a time, each prefetched ahead (reuse_lookup.h).
 * `size` and `cuts` are constants in each caller: a test for cuts left in
 * the loop of a draw without them made a lookup loop 1.35x slower on the
 * Xeon family 6 model 207 (a one-thread loop over 31.5 M indices). */
static inline int search_window(const struct vf_reuse_range *j, uint32_t b, uint32_t e,
                                uint32_t size, int cuts, uint32_t base, uint32_t *tab,
                                uint32_t *list, uint32_t *next)
{
    /* Locals: the table's stores could alias the job's words. */
    const uint8_t *d = j->data + (size_t)size * b, *end = j->data + (size_t)size * e;
    uint32_t cut = j->cut, count = *next;
    uint64_t tw = j->tw;
    while (d < end) {
        const uint8_t *line = (size_t)(end - d) > 64 ? d + 64 : end;
        vf_reuse_prefetch(d, end);
        for (; d < line; d += size) {
            uint32_t idx = size == 2 ? vf_load_u16(d) : vf_load_u32(d);
            if (cuts && idx == cut)
                continue;
            if (idx - base >= tw)
                return 0;
            vf_reuse_lookup(idx, &tab[idx - base], list, &count);
        }
    }
    *next = count;
    return 1;
}

/* The two index sizes' searches, each a function of its own aligned to a
 * cache line, as the serial search's: the loop's speed should not depend
 * on the code around it. */
#if defined(__GNUC__)
__attribute__((noinline, aligned(64)))
#endif
static int search_window16(const struct vf_reuse_range *j, uint32_t b, uint32_t e,
                           uint32_t base, uint32_t *tab, uint32_t *list, uint32_t *next)
{
    return j->cuts ? search_window(j, b, e, 2, 1, base, tab, list, next)
                   : search_window(j, b, e, 2, 0, base, tab, list, next);
}

#if defined(__GNUC__)
__attribute__((noinline, aligned(64)))
#endif
static int search_window32(const struct vf_reuse_range *j, uint32_t b, uint32_t e,
                           uint32_t base, uint32_t *tab, uint32_t *list, uint32_t *next)
{
    return j->cuts ? search_window(j, b, e, 4, 1, base, tab, list, next)
                   : search_window(j, b, e, 4, 0, base, tab, list, next);
}

static int search_window_any(const struct vf_reuse_range *j, uint32_t b, uint32_t e,
                             uint32_t base, uint32_t *tab, uint32_t *list, uint32_t *next)
{
    return j->size == 2 ? search_window16(j, b, e, base, tab, list, next)
                        : search_window32(j, b, e, base, tab, list, next);
}

/* The first index of positions [b, e) that is not a cut, in *idx_ret; 0
 * when there is none. */
static int first_index(const struct vf_reuse_range *j, uint32_t b, uint32_t e, uint32_t *idx_ret)
{
    for (uint32_t v = b; v < e; v++) {
        uint32_t idx = range_index(j, v);
        if (!(j->cuts && idx == j->cut)) {
            *idx_ret = idx;
            return 1;
        }
    }
    return 0;
}

/* The search of range r where its indices leave the window around its
 * first one: over [min, max] where that fits its table (*base_ret its
 * min), else hashed (*base_ret RANGE_HASHED). */
static uint32_t search_wide(const struct vf_reuse_range *j, uint32_t b, uint32_t e,
                            uint32_t *tab, uint32_t *list, uint32_t *base_ret)
{
    uint32_t lo, hi, next = 0;
    index_span(j, b, e, &lo, &hi);
    if ((uint64_t)hi - lo < j->tw) {
        search_window_any(j, b, e, lo, tab, list, &next);
        *base_ret = lo;
        return next;
    }
    memset(tab, 0xff, (size_t)j->tw * 4);
    for (uint32_t v = b; v < e; v++) {
        uint32_t idx = range_index(j, v);
        if (!(j->cuts && idx == j->cut))
            hash_lookup(tab, j->tw, idx, list, &next);
    }
    *base_ret = RANGE_HASHED;
    return next;
}

/* Range r's table: tw slots after the merged table's. */
static inline uint32_t *range_table(const struct vf_reuse_range *j, uint32_t r)
{
    return j->table + j->slots + (size_t)r * j->tw;
}

/* step `search` of range r: its distinct indices into its list, their
 * count, smallest and largest, and how its table maps them. The window
 * starts half a table below the first index, so a range whose indices
 * stay within half a table of it is searched in one pass; the table is
 * never cleared, and a restart (next = 0) disowns every slot. */
static void step_search(struct vf_reuse_range *j, uint32_t r)
{
    uint32_t b, e, first, next = 0, base = 0;
    range_bounds_of(j, r, &b, &e);
    uint32_t *tab = range_table(j, r), *list = j->lists + b;
    if (first_index(j, b, e, &first)) {
        uint32_t half = (uint32_t)(j->tw / 2);
        base = first > half ? first - half : 0;
        if (!search_window_any(j, b, e, base, tab, list, &next))
            next = search_wide(j, b, e, tab, list, &base);
    }
    uint32_t lo = UINT32_MAX, hi = 0;
    for (uint32_t k = 0; k < next; k++) {
        lo = list[k] < lo ? list[k] : lo;
        hi = list[k] > hi ? list[k] : hi;
    }
    j->lo[r] = lo;
    j->hi[r] = hi;
    j->count[r] = next;
    j->wbase[r] = base;
}

/* The record of `idx` in the merged hash table of `slots` slots, which
 * holds it. */
static inline uint32_t hash_find(const uint32_t *tab, uint64_t slots, uint32_t idx,
                                 const uint32_t *unique)
{
    uint64_t h = ((uint64_t)(uint32_t)(idx * 0x9E3779B9u) * slots) >> 32;
    while (unique[tab[h]] != idx)
        if (++h == slots)
            h = 0;
    return tab[h];
}

/* The map of positions [b, e) of `size`-byte indices from the merged
 * table, direct-mapped from lo_all or hashed; `size`, `cuts` and `direct`
 * constants in each caller (search_window says why). */
static inline void map_from_table(const struct vf_reuse_range *j, uint32_t b, uint32_t e,
                                  uint32_t size, int cuts, int direct)
{
    /* Locals: the map's stores could alias the job's words. */
    const uint32_t *tab = j->table, *unique = j->unique;
    const uint8_t *d = j->data + (size_t)size * b;
    uint32_t lo = j->lo_all, cut = j->cut, *dst = j->dst;
    uint64_t slots = j->slots;
    for (uint32_t v = b; v < e; v++, d += size) {
        uint32_t idx = size == 2 ? vf_load_u16(d) : vf_load_u32(d);
        if (cuts && idx == cut)
            dst[v] = VF_REUSE_CUT;
        else
            dst[v] = direct ? tab[idx - lo] : hash_find(tab, slots, idx, unique);
    }
}

/* map_from_table with `cuts` and `direct` made constants. */
static void map_from_table_sized(const struct vf_reuse_range *j, uint32_t b, uint32_t e,
                                 uint32_t size)
{
    if (!j->direct)
        map_from_table(j, b, e, size, (int)j->cuts, 0);
    else if (j->cuts)
        map_from_table(j, b, e, size, 1, 1);
    else
        map_from_table(j, b, e, size, 0, 1);
}

/* step `map` of range r: each position's global record. */
static void step_map(struct vf_reuse_range *j, uint32_t r)
{
    uint32_t b, e;
    range_bounds_of(j, r, &b, &e);
    if (j->stream && j->direct) {
        j->stream(j->data + (size_t)j->size * b, j->size, e - b, (int)j->cuts, j->cut, j->table,
                  j->lo_all, j->dst + b);
        j->fence(); /* before the pool's join reports the map written */
    } else if (j->size == 2)
        map_from_table_sized(j, b, e, 2);
    else
        map_from_table_sized(j, b, e, 4);
}

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

static void range_step(struct vf_reuse_range *j, vf_thread_pool *pool,
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
    range_step(j, pool, step_clear);
    for (uint32_t r = 0; r < j->ranges; r++) {
        const uint32_t *list = j->lists + (size_t)r * j->len;
        for (uint32_t k = 0; k < j->count[r]; k++) {
            uint32_t idx = list[k];
            if (j->direct)
                vf_reuse_lookup_cleared(idx, &j->table[idx - lo], j->unique, &next);
            else
                hash_lookup(j->table, j->slots, idx, j->unique, &next);
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
    uint32_t total = 0;
    if (j->ranges < MERGE_MIN_RANGES || !j->direct || j->lo_all > j->hi_all ||
        (uint64_t)j->n + j->ranges >= UINT32_MAX)
        return 0;
    j->owner = (_Atomic uint32_t *)(void *)j->table;
    j->span = j->hi_all - j->lo_all + 1;
    range_step(j, pool, step_clear);
    range_step(j, pool, step_claim);
    range_step(j, pool, step_count);
    for (uint32_t r = 0; r < j->ranges; r++) {
        uint32_t c = j->base[r];
        j->base[r] = total;
        total += c;
    }
    range_step(j, pool, step_number);
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
    const uint32_t *tab = range_table(j, q), *list = j->lists + (size_t)q * j->len;
    uint32_t rec;
    if (j->wbase[q] != RANGE_HASHED) {
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
 * band; 0 (nothing done) otherwise. */
static int merge_banded(struct vf_reuse_range *j, vf_thread_pool *pool, uint32_t *unique_ret)
{
    uint32_t total = 0;
    if (!j->direct || j->lo_all > j->hi_all || !spans_banded(j))
        return 0;
    range_step(j, pool, step_own_count);
    for (uint32_t r = 0; r < j->ranges; r++) {
        uint32_t c = j->base[r];
        j->base[r] = total;
        total += c;
    }
    range_step(j, pool, step_own_number);
    *unique_ret = total;
    return 1;
}

/* Splits the n positions into ranges, one a participant (at most
 * VF_REUSE_RANGES_MAX, none empty), and the scratch table in two halves:
 * the merged table, and a slice for each range with a slot for every
 * position of its range (the ranges' tables stay intact for the merge);
 * 0 when there are fewer than two ranges. */
static int range_split(struct vf_reuse_range *j, uint32_t participants, uint64_t slots)
{
    uint32_t r = participants < VF_REUSE_RANGES_MAX ? participants : VF_REUSE_RANGES_MAX;
    r = r < j->n ? r : j->n;
    if (r < 2)
        return 0;
    j->len = (uint32_t)(((uint64_t)j->n + r - 1) / r);
    j->ranges = (uint32_t)(((uint64_t)j->n + j->len - 1) / j->len);
    j->slots = slots / 2;
    j->tw = j->slots / j->ranges;
    return j->ranges >= 2 && j->tw >= j->len;
}

int vf_reuse_range_search(struct vf_reuse_range *j, vf_thread_pool *pool, const uint8_t *data,
                          uint32_t size, uint32_t n, int cuts, uint32_t cut, uint32_t *table,
                          uint64_t slots, uint32_t *lists, uint32_t *unique, uint32_t *unique_ret)
{
    if (!pool || vf_thread_pool_size(pool) == 0 ||
        (uint64_t)n * 4 < vf_thread_pool_min_bytes(pool))
        return 0;
    j->data = data;
    j->size = size;
    j->n = n;
    j->cuts = cuts != 0;
    j->cut = cut;
    j->table = table;
    j->lists = lists;
    j->unique = unique;
    if (!range_split(j, vf_thread_pool_size(pool) + 1, slots))
        return 0;
    range_step(j, pool, step_search);
    draw_span(j);
    if (!merge_banded(j, pool, unique_ret) && !merge_on_pool(j, pool, unique_ret))
        *unique_ret = merge(j, pool);
    return 1;
}

void vf_reuse_range_map(struct vf_reuse_range *j, vf_thread_pool *pool, uint32_t *dst,
                        vf_reuse_map_stream_fn stream, vf_stream_fence_fn fence)
{
    j->dst = dst;
    j->stream = stream && fence && ((uintptr_t)dst & 3u) == 0 ? stream : NULL;
    j->fence = fence;
    range_step(j, pool, step_map);
}
