/*
 * draw_reuse_par.c - the distinct-index search of a reuse draw split over
 * a thread pool, with exactly the serial search's records and map.
 *
 * Records go in first-seen order, so a position's record is the number of
 * indices whose first position comes before its own index's. Every pass
 * splits the positions into chunks handed out by a shared counter (the
 * pool runs the job on however many threads wake), and the pool's join
 * orders one pass before the next:
 *   bounds   the smallest and largest index of each chunk (cuts left out);
 *   first    each slot of the table, filled with UINT32_MAX over the
 *            span, keeps the smallest position of its index (atomic min);
 *   count    the positions of each chunk that are their index's first;
 *            a prefix sum then gives each chunk its first record;
 *   records  each first position takes its chunk's next record, writes
 *            its index to unique[] and its record over its slot;
 *   map      (once the caller knows the output fits) each position reads
 *            its slot.
 * In `records`, a position is first when its slot still holds it: a slot
 * already rewritten holds a record, which is at most the first position of
 * its index and so below every later position of that index.
 *
 * With n words of spare scratch, `count` and `records` become passes over
 * the table's slots (a mesh has several positions per index) and over a
 * bitmap of the positions:
 *   mark     each slot sets the bit of its index's first position;
 *   tally    the bits of each chunk of bitmap words; a prefix sum then
 *            gives each chunk the bits before it;
 *   rank     each bitmap word gets the bits set before it;
 *   number   each slot's record is the number of first positions before
 *            its own: the word's rank plus the bits below it in the word.
 * Three passes over the positions instead of five.
 */
#include "draw_reuse_par.h"

#include <string.h>

#include "draw_plan.h"

_Static_assert(sizeof(_Atomic uint32_t) == sizeof(uint32_t),
               "the table words are used as atomics in place");

/* Threads (the pool's and the caller's) from which the split search
 * pays: its passes over the indices cost more than the serial one on 2
 * and 4 threads, and less from 6; 5 break even (figures: bench/README.md,
 * "The vertex-reuse search"). */
#define PAR_MIN_THREADS 6u

/* Positions a chunk holds at least. Draws past the pool's default minimum
 * bytes have chunks of tens of thousands; only a pool told to split small
 * draws (as the tests do) gets chunks this small. */
#define PAR_MIN_CHUNK 32u

static inline uint32_t par_index(const struct vf_reuse_par *j, uint32_t v)
{
    return j->size == 2 ? vf_load_u16(j->data + 2 * (size_t)v)
                        : vf_load_u32(j->data + 4 * (size_t)v);
}

/* Position v's table slot, its index in *idx_ret; NULL for a cut. */
static inline _Atomic uint32_t *par_slot(const struct vf_reuse_par *j, uint32_t v,
                                         uint32_t *idx_ret)
{
    uint32_t idx = *idx_ret = par_index(j, v);
    return j->cuts && idx == j->cut ? NULL : &j->table[idx - j->lo];
}

/* Items [*begin, *end) of chunk c of the running pass. */
static inline void par_chunk(const struct vf_reuse_par *j, uint32_t c, uint32_t *begin,
                             uint32_t *end)
{
    *begin = c * j->chunk;
    *end = j->items - *begin < j->chunk ? j->items : *begin + j->chunk;
}

/* Splits `items` into chunks for the passes that follow: four a
 * participant, at least PAR_MIN_CHUNK items each, at most
 * VF_REUSE_PAR_CHUNKS chunks. */
static void par_split(struct vf_reuse_par *j, uint32_t items)
{
    uint64_t chunk = (items + (uint64_t)j->participants * 4 - 1) / ((uint64_t)j->participants * 4);
    uint64_t least = ((uint64_t)items + VF_REUSE_PAR_CHUNKS - 1) / VF_REUSE_PAR_CHUNKS;
    chunk = chunk < PAR_MIN_CHUNK ? PAR_MIN_CHUNK : chunk;
    chunk = chunk < least ? least : chunk;
    j->items = items;
    j->chunk = (uint32_t)chunk;
    j->num_chunks = (uint32_t)((items + chunk - 1) / chunk);
}

static void pass_bounds(struct vf_reuse_par *j, uint32_t c)
{
    uint32_t b, e, lo = UINT32_MAX, hi = 0;
    par_chunk(j, c, &b, &e);
    for (uint32_t v = b; v < e; v++) {
        uint32_t idx = par_index(j, v);
        if (j->cuts && idx == j->cut)
            continue;
        lo = idx < lo ? idx : lo;
        hi = idx > hi ? idx : hi;
    }
    j->lo_c[c] = lo;
    j->hi_c[c] = hi;
}

/* The table's slots, emptied before the search (a grid of 5 million
 * vertices has a 21 MB table: a memset on one thread took as long as a
 * pass over the positions). */
static void pass_clear(struct vf_reuse_par *j, uint32_t c)
{
    uint32_t b, e;
    par_chunk(j, c, &b, &e);
    for (uint32_t s = b; s < e; s++)
        atomic_store_explicit(&j->table[s], UINT32_MAX, memory_order_relaxed);
}

static void pass_first(struct vf_reuse_par *j, uint32_t c)
{
    uint32_t b, e;
    par_chunk(j, c, &b, &e);
    for (uint32_t v = b, idx; v < e; v++) {
        _Atomic uint32_t *slot = par_slot(j, v, &idx);
        uint32_t cur = slot ? atomic_load_explicit(slot, memory_order_relaxed) : 0;
        while (v < cur && !atomic_compare_exchange_weak_explicit(
                              slot, &cur, v, memory_order_relaxed, memory_order_relaxed))
            ;
    }
}

static void pass_count(struct vf_reuse_par *j, uint32_t c)
{
    uint32_t b, e, k = 0;
    par_chunk(j, c, &b, &e);
    for (uint32_t v = b, idx; v < e; v++) {
        _Atomic uint32_t *slot = par_slot(j, v, &idx);
        k += slot && atomic_load_explicit(slot, memory_order_relaxed) == v;
    }
    j->count[c] = k;
}

static void pass_records(struct vf_reuse_par *j, uint32_t c)
{
    uint32_t b, e, rec = j->count[c];
    par_chunk(j, c, &b, &e);
    for (uint32_t v = b, idx; v < e; v++) {
        _Atomic uint32_t *slot = par_slot(j, v, &idx);
        if (slot && atomic_load_explicit(slot, memory_order_relaxed) == v) {
            j->unique[rec] = idx;
            atomic_store_explicit(slot, rec++, memory_order_relaxed);
        }
    }
}

static void pass_map(struct vf_reuse_par *j, uint32_t c)
{
    uint32_t b, e;
    par_chunk(j, c, &b, &e);
    for (uint32_t v = b, idx; v < e; v++) {
        _Atomic uint32_t *slot = par_slot(j, v, &idx);
        j->map[v] = slot ? atomic_load_explicit(slot, memory_order_relaxed) : VF_REUSE_CUT;
    }
}

/* Bits set in x (SWAR: no popcnt instruction in the baseline ISA, and no
 * runtime library call). */
static inline uint32_t popcount64(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (uint32_t)((x * 0x0101010101010101ull) >> 56);
}

static void pass_mark(struct vf_reuse_par *j, uint32_t c)
{
    uint32_t b, e;
    par_chunk(j, c, &b, &e);
    for (uint32_t s = b; s < e; s++) {
        uint32_t p = atomic_load_explicit(&j->table[s], memory_order_relaxed);
        if (p != UINT32_MAX)
            atomic_fetch_or_explicit(&j->firsts[p / 64], (uint64_t)1 << (p % 64),
                                     memory_order_relaxed);
    }
}

static void pass_tally(struct vf_reuse_par *j, uint32_t c)
{
    uint32_t b, e, k = 0;
    par_chunk(j, c, &b, &e);
    for (uint32_t w = b; w < e; w++)
        k += popcount64(atomic_load_explicit(&j->firsts[w], memory_order_relaxed));
    j->count[c] = k;
}

static void pass_rank(struct vf_reuse_par *j, uint32_t c)
{
    uint32_t b, e, k = j->count[c];
    par_chunk(j, c, &b, &e);
    for (uint32_t w = b; w < e; w++) {
        j->ranks[w] = k;
        k += popcount64(atomic_load_explicit(&j->firsts[w], memory_order_relaxed));
    }
}

static void pass_number(struct vf_reuse_par *j, uint32_t c)
{
    uint32_t b, e;
    par_chunk(j, c, &b, &e);
    for (uint32_t s = b; s < e; s++) {
        uint32_t p = atomic_load_explicit(&j->table[s], memory_order_relaxed);
        if (p == UINT32_MAX)
            continue;
        uint64_t below = atomic_load_explicit(&j->firsts[p / 64], memory_order_relaxed) &
                         (((uint64_t)1 << (p % 64)) - 1);
        uint32_t rec = j->ranks[p / 64] + popcount64(below);
        j->unique[rec] = j->lo + s;
        atomic_store_explicit(&j->table[s], rec, memory_order_relaxed);
    }
}

static void par_worker(void *arg)
{
    struct vf_reuse_par *j = arg;
    for (;;) {
        uint32_t c = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
        if (c >= j->num_chunks)
            break;
        j->pass(j, c);
    }
}

static void par_pass(struct vf_reuse_par *j, vf_thread_pool *pool,
                     void (*pass)(struct vf_reuse_par *, uint32_t))
{
    j->pass = pass;
    atomic_store_explicit(&j->next, 0, memory_order_relaxed);
    vf_thread_pool_run(pool, par_worker, j);
}

/* The records by two more passes over the positions: count, records. */
static uint32_t number_by_positions(struct vf_reuse_par *j, vf_thread_pool *pool)
{
    par_pass(j, pool, pass_count);
    uint32_t total = vf_counts_to_offsets(j->count, j->num_chunks);
    par_pass(j, pool, pass_records);
    return total;
}

/* The records from the table and a bitmap of first positions in `spare`
 * (n words, 4-byte aligned): mark, tally, rank, number. */
static uint32_t number_by_slots(struct vf_reuse_par *j, vf_thread_pool *pool, uint32_t *spare)
{
    uint32_t *aligned = spare + ((uintptr_t)spare & 4u ? 1 : 0);
    j->words = (j->n + 63) / 64;
    j->firsts = (_Atomic uint64_t *)(void *)aligned;
    j->ranks = aligned + 2 * (size_t)j->words;
    /* The scratch holds the caller's data type of its own; the bitmap
     * words are read and written only as atomics from here on. */
    memset(aligned, 0, (size_t)j->words * 8);
    par_split(j, j->span);
    par_pass(j, pool, pass_mark);
    par_split(j, j->words);
    par_pass(j, pool, pass_tally);
    uint32_t total = vf_counts_to_offsets(j->count, j->num_chunks);
    par_pass(j, pool, pass_rank);
    par_split(j, j->span);
    par_pass(j, pool, pass_number);
    par_split(j, j->n);
    return total;
}

int vf_reuse_par_dedupe(struct vf_reuse_par *j, vf_thread_pool *pool, const uint8_t *data,
                        uint32_t size, uint32_t n, int cuts, uint32_t cut, uint32_t *table,
                        uint64_t slots, uint32_t *unique, uint32_t *spare, uint32_t *unique_ret)
{
    if (!pool || vf_thread_pool_size(pool) + 1 < PAR_MIN_THREADS ||
        (uint64_t)n * 4 < vf_thread_pool_min_bytes(pool) || n <= PAR_MIN_CHUNK)
        return 0;
    j->data = data;
    j->size = size;
    j->n = n;
    j->cuts = cuts != 0;
    j->cut = cut;
    j->unique = unique;
    j->participants = vf_thread_pool_size(pool) + 1;
    par_split(j, n);
    par_pass(j, pool, pass_bounds);
    uint32_t lo = UINT32_MAX, hi = 0;
    for (uint32_t c = 0; c < j->num_chunks; c++) {
        lo = j->lo_c[c] < lo ? j->lo_c[c] : lo;
        hi = j->hi_c[c] > hi ? j->hi_c[c] : hi;
    }
    if (lo <= hi && (uint64_t)hi - lo + 1 > slots)
        return 0; /* spread wider than the table: the serial hash */
    j->lo = lo;
    /* The scratch may hold a caller's data type of its own; the table
     * words are read and written only as atomics from here on. */
    j->table = (_Atomic uint32_t *)(void *)table;
    uint32_t total = 0;
    if (lo <= hi) {
        j->span = hi - lo + 1;
        par_split(j, j->span);
        par_pass(j, pool, pass_clear);
        par_split(j, n);
        par_pass(j, pool, pass_first);
        total = spare ? number_by_slots(j, pool, spare) : number_by_positions(j, pool);
    }
    *unique_ret = total;
    return 1;
}

void vf_reuse_par_map(struct vf_reuse_par *j, vf_thread_pool *pool, uint32_t *map)
{
    j->map = map;
    par_pass(j, pool, pass_map);
}
