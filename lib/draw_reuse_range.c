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
 *            fits, else hashed), on the pool where it can be
 *            (draw_reuse_merge.c);
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

static inline uint32_t range_index(const struct vf_reuse_range *j, uint32_t v)
{
    return j->size == 2 ? vf_load_u16(j->data + 2 * (size_t)v)
                        : vf_load_u32(j->data + 4 * (size_t)v);
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
 * min), else hashed (*base_ret VF_REUSE_RANGE_HASHED) while it stays at
 * most half full, else VF_REUSE_RANGE_FULL. The table has a slot a
 * position: a range of distinct indices would fill it, and linear probing
 * near full costs a scan of the table a lookup. vf_reuse_map of 262144
 * shuffled 32-bit indices, pools of 1 and 3 threads: 30.7-33.5 s and
 * 36.1-39.9 s with the tables filled (AMD family 26 model 2). */
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
    *base_ret = VF_REUSE_RANGE_HASHED;
    for (uint32_t v = b; v < e; v++) {
        uint32_t idx = range_index(j, v);
        if (!(j->cuts && idx == j->cut))
            vf_reuse_hash_lookup(tab, j->tw, idx, list, &next);
        if (2 * (uint64_t)next > j->tw) {
            *base_ret = VF_REUSE_RANGE_FULL;
            return 0;
        }
    }
    return next;
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
    uint32_t *tab = vf_reuse_range_table(j, r), *list = j->lists + b;
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
    vf_reuse_range_step(j, pool, step_search);
    for (uint32_t r = 0; r < j->ranges; r++)
        if (j->wbase[r] == VF_REUSE_RANGE_FULL)
            return 0;
    *unique_ret = vf_reuse_range_merge(j, pool);
    return 1;
}

void vf_reuse_range_map(struct vf_reuse_range *j, vf_thread_pool *pool, uint32_t *dst,
                        vf_reuse_map_stream_fn stream, vf_stream_fence_fn fence)
{
    j->dst = dst;
    j->stream = stream && fence && ((uintptr_t)dst & 3u) == 0 ? stream : NULL;
    j->fence = fence;
    vf_reuse_range_step(j, pool, step_map);
}
