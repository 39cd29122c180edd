/*
 * draw_reuse_range.c - the distinct-index search of a reuse draw, per
 * range of positions on a thread pool, with exactly the serial search's
 * records and map.
 *
 * Three steps, the pool's join ordering each before the next:
 *   search   each range of positions is deduped on its own, as the serial
 *            search does the whole draw: a table of its own (a slice of
 *            the scratch table), its distinct indices in first-seen order
 *            into its slice of `spare` (it has at most as many as
 *            positions), its local record numbers into the map;
 *   merge    over the ranges' distinct lists in range order (about the
 *            distinct count, not the positions): each index takes its
 *            global record, first seen first, and its slot of `spare`
 *            becomes the local->global translation; on the caller, or
 *            from MERGE_MIN_RANGES ranges on the pool in four steps
 *            (below: step_clear);
 *   rewrite  each range's map through its translation.
 * An index first seen in range r has its first position in range r, and
 * range r's list is in first-seen order, so the merge meets the indices
 * in the order of their first positions: the serial search's records.
 * The search reads the positions once and touches only its own memory;
 * the rewrite reads the map once.
 */
#include "draw_reuse_range.h"

#include <stdatomic.h>
#include <string.h>

#include "reuse_lookup.h"

struct range_job {
    const uint8_t *data;
    uint32_t size, n, cuts, cut;
    uint32_t ranges, len;     /* range r holds positions [r * len, (r + 1) * len) */
    uint32_t *table;          /* range r's table: tw words from table + r * tw */
    uint64_t tw;
    uint32_t *spare, *map;    /* spare + r * len: range r's list, then translation */
    void (*step)(struct range_job *job, uint32_t r);
    atomic_uint next;         /* the next range of the running step */
    uint32_t lo[VF_REUSE_RANGES_MAX], hi[VF_REUSE_RANGES_MAX];
    uint32_t count[VF_REUSE_RANGES_MAX]; /* distinct indices of each range */
    /* The merge on the pool: the table direct-mapped from `lo_all` over
     * `span` slots, used as atomics; each range's first uses, then the
     * global record of its first one. */
    _Atomic uint32_t *owner;
    uint32_t lo_all, span, *unique;
    uint32_t base[VF_REUSE_RANGES_MAX];
};

_Static_assert(sizeof(_Atomic uint32_t) == sizeof(uint32_t),
               "the table words are used as atomics in place");

/* Ranges from which the merge runs on the pool rather than on the caller:
 * its four passes over the ranges' lists cost more than one serial pass
 * below that (figures: bench/README.md, "Reuse and threads"). */
#define MERGE_MIN_RANGES 8u

static inline uint32_t range_index(const struct range_job *j, uint32_t v)
{
    return j->size == 2 ? vf_load_u16(j->data + 2 * (size_t)v)
                        : vf_load_u32(j->data + 4 * (size_t)v);
}

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
static inline void range_bounds_of(const struct range_job *j, uint32_t r, uint32_t *b,
                                   uint32_t *e)
{
    *b = r * j->len;
    *e = j->n - *b < j->len ? j->n : *b + j->len;
}

/* The smallest and largest index of positions [b, e) that is not a cut;
 * lo > hi when there is none. */
static void index_span(const struct range_job *j, uint32_t b, uint32_t e, uint32_t *lo_ret,
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

/* step `search` of range r: direct-mapped from the range's smallest index
 * where its indices span no more than its table (a mesh's range touches a
 * narrow band of vertices), else hashed. */
static void step_search(struct range_job *j, uint32_t r)
{
    uint32_t b, e, lo, hi, next = 0;
    range_bounds_of(j, r, &b, &e);
    index_span(j, b, e, &lo, &hi);
    uint32_t *tab = j->table + r * j->tw, *list = j->spare + b;
    int direct = lo > hi || (uint64_t)hi - lo < j->tw;
    if (!direct)
        memset(tab, 0xff, (size_t)j->tw * 4);
    for (uint32_t v = b; v < e; v++) {
        uint32_t idx = range_index(j, v);
        if (j->cuts && idx == j->cut)
            j->map[v] = VF_REUSE_CUT;
        else if (direct)
            j->map[v] = vf_reuse_lookup(idx, &tab[idx - lo], list, &next);
        else
            j->map[v] = hash_lookup(tab, j->tw, idx, list, &next);
    }
    j->lo[r] = lo;
    j->hi[r] = hi;
    j->count[r] = next;
}

/* step `rewrite` of range r: local records become global ones. */
static void step_rewrite(struct range_job *j, uint32_t r)
{
    uint32_t b, e;
    range_bounds_of(j, r, &b, &e);
    const uint32_t *trans = j->spare + b;
    for (uint32_t v = b; v < e; v++)
        if (j->map[v] != VF_REUSE_CUT)
            j->map[v] = trans[j->map[v]];
}

static void range_worker(void *arg)
{
    struct range_job *j = arg;
    for (;;) {
        uint32_t r = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
        if (r >= j->ranges)
            break;
        j->step(j, r);
    }
}

static void range_step(struct range_job *j, vf_thread_pool *pool,
                       void (*step)(struct range_job *, uint32_t))
{
    j->step = step;
    atomic_store_explicit(&j->next, 0, memory_order_relaxed);
    vf_thread_pool_run(pool, range_worker, j);
}

/* The smallest and largest index of the draw's non-cut positions; lo > hi
 * when there is none. */
static void draw_span(const struct range_job *j, uint32_t *lo_ret, uint32_t *hi_ret)
{
    uint32_t lo = UINT32_MAX, hi = 0;
    for (uint32_t r = 0; r < j->ranges; r++) {
        lo = j->lo[r] < lo ? j->lo[r] : lo;
        hi = j->hi[r] > hi ? j->hi[r] : hi;
    }
    *lo_ret = lo;
    *hi_ret = hi;
}

/* The merge: the whole table, direct-mapped where the draw's indices span
 * no more than it, else hashed; returns the distinct count. */
static uint32_t merge(struct range_job *j, uint64_t slots, uint32_t *unique)
{
    uint32_t lo, hi, next = 0;
    draw_span(j, &lo, &hi);
    if (lo > hi)
        return 0; /* only cuts */
    int direct = (uint64_t)hi - lo < slots;
    if (!direct)
        memset(j->table, 0xff, (size_t)slots * 4);
    for (uint32_t r = 0; r < j->ranges; r++) {
        uint32_t *list = j->spare + (size_t)r * j->len;
        for (uint32_t k = 0; k < j->count[r]; k++) {
            uint32_t idx = list[k];
            list[k] = direct ? vf_reuse_lookup(idx, &j->table[idx - lo], unique, &next)
                             : hash_lookup(j->table, slots, idx, unique, &next);
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

static inline _Atomic uint32_t *owner_slot(const struct range_job *j, uint32_t idx)
{
    return &j->owner[idx - j->lo_all];
}

static void step_clear(struct range_job *j, uint32_t r)
{
    uint32_t b = (uint32_t)((uint64_t)j->span * r / j->ranges);
    uint32_t e = (uint32_t)((uint64_t)j->span * (r + 1) / j->ranges);
    for (uint32_t s = b; s < e; s++)
        atomic_store_explicit(&j->owner[s], UINT32_MAX, memory_order_relaxed);
}

static void step_claim(struct range_job *j, uint32_t r)
{
    const uint32_t *list = j->spare + (size_t)r * j->len;
    uint32_t code = j->n + r;
    for (uint32_t k = 0; k < j->count[r]; k++) {
        _Atomic uint32_t *slot = owner_slot(j, list[k]);
        uint32_t cur = atomic_load_explicit(slot, memory_order_relaxed);
        while (code < cur && !atomic_compare_exchange_weak_explicit(
                                 slot, &cur, code, memory_order_relaxed, memory_order_relaxed))
            ;
    }
}

static void step_count(struct range_job *j, uint32_t r)
{
    const uint32_t *list = j->spare + (size_t)r * j->len;
    uint32_t code = j->n + r, c = 0;
    for (uint32_t k = 0; k < j->count[r]; k++)
        c += atomic_load_explicit(owner_slot(j, list[k]), memory_order_relaxed) == code;
    j->base[r] = c;
}

static void step_number(struct range_job *j, uint32_t r)
{
    const uint32_t *list = j->spare + (size_t)r * j->len;
    uint32_t code = j->n + r, rec = j->base[r];
    for (uint32_t k = 0; k < j->count[r]; k++) {
        _Atomic uint32_t *slot = owner_slot(j, list[k]);
        if (atomic_load_explicit(slot, memory_order_relaxed) == code) {
            j->unique[rec] = list[k];
            atomic_store_explicit(slot, rec++, memory_order_relaxed);
        }
    }
}

/* step `rewrite` after the merge on the pool: the range's list becomes its
 * translation, then its map is rewritten through it. */
static void step_translate(struct range_job *j, uint32_t r)
{
    uint32_t *list = j->spare + (size_t)r * j->len;
    for (uint32_t k = 0; k < j->count[r]; k++)
        list[k] = atomic_load_explicit(owner_slot(j, list[k]), memory_order_relaxed);
    step_rewrite(j, r);
}

/* The merge and the rewrite on the pool, where enough ranges share it, the
 * draw's indices span no more than the table and no range's code (n + r)
 * reaches the empty slot; 0 (nothing done) otherwise. */
static int merge_on_pool(struct range_job *j, vf_thread_pool *pool, uint64_t slots,
                         uint32_t *unique, uint32_t *unique_ret)
{
    uint32_t lo, hi, total = 0;
    draw_span(j, &lo, &hi);
    if (j->ranges < MERGE_MIN_RANGES || lo > hi || (uint64_t)hi - lo >= slots ||
        (uint64_t)j->n + j->ranges >= UINT32_MAX)
        return 0;
    j->owner = (_Atomic uint32_t *)(void *)j->table;
    j->lo_all = lo;
    j->span = hi - lo + 1;
    j->unique = unique;
    range_step(j, pool, step_clear);
    range_step(j, pool, step_claim);
    range_step(j, pool, step_count);
    for (uint32_t r = 0; r < j->ranges; r++) {
        uint32_t c = j->base[r];
        j->base[r] = total;
        total += c;
    }
    range_step(j, pool, step_number);
    range_step(j, pool, step_translate);
    *unique_ret = total;
    return 1;
}

/* Splits the n positions into ranges, one a participant (at most
 * VF_REUSE_RANGES_MAX, none empty), each table a slice of the scratch
 * table with a slot for every position of its range; 0 when there are
 * fewer than two ranges. */
static int range_split(struct range_job *j, uint32_t participants, uint64_t slots)
{
    uint32_t r = participants < VF_REUSE_RANGES_MAX ? participants : VF_REUSE_RANGES_MAX;
    r = r < j->n ? r : j->n;
    if (r < 2)
        return 0;
    j->len = (uint32_t)(((uint64_t)j->n + r - 1) / r);
    j->ranges = (uint32_t)(((uint64_t)j->n + j->len - 1) / j->len);
    j->tw = slots / j->ranges;
    return j->ranges >= 2 && j->tw >= j->len;
}

int vf_reuse_range_search(vf_thread_pool *pool, const uint8_t *data, uint32_t size, uint32_t n,
                          int cuts, uint32_t cut, uint32_t *table, uint64_t slots,
                          uint32_t *spare, uint32_t *map, uint32_t *unique, uint32_t *unique_ret)
{
    struct range_job j;
    if (!pool || vf_thread_pool_size(pool) == 0 ||
        (uint64_t)n * 4 < vf_thread_pool_min_bytes(pool))
        return 0;
    j.data = data;
    j.size = size;
    j.n = n;
    j.cuts = cuts != 0;
    j.cut = cut;
    j.table = table;
    j.spare = spare;
    j.map = map;
    if (!range_split(&j, vf_thread_pool_size(pool) + 1, slots))
        return 0;
    range_step(&j, pool, step_search);
    if (merge_on_pool(&j, pool, slots, unique, unique_ret))
        return 1;
    *unique_ret = merge(&j, slots, unique);
    range_step(&j, pool, step_rewrite);
    return 1;
}
