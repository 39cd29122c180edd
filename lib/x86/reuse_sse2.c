/*
 * reuse_sse2.c - the searches of a vertex-reuse draw that vectors help:
 * a streaming one, with the map written by non-temporal 4-byte stores
 * (SSE2's movnti) as it is found, and one of 16-bit indices over a table
 * span cleared first. Built with $(CFLAGS_SSE2); every x86 level's
 * layouts use them.
 *
 * A map of millions of positions leaves the caches before it is read, so
 * plain stores would first read each of its lines from memory. Staging it
 * in L1 and copying it out in 4 KiB blocks left the search waiting while
 * each block drained; stores made as each record is found drain while the
 * search goes on: the reuse draw of a streaming grid took 0.76-0.96 the
 * staged copy's time (bench/README.md, "The vertex-reuse search").
 */
#include "config.h"

#include <emmintrin.h>

#include "../reuse_lookup.h"
#include "reuse_x86.h"

/* Aligned to a cache line in a function of its own: the loop's speed
 * should not depend on the code around it. Eight lookups a step with the
 * index and map addresses stepped as pointers, as search_cleared16 below:
 * 1.16x the lookups a second of one a step with addresses computed from
 * the position (Xeon family 6 model 167, a 1.4-million-vertex grid). */
#define LOOKUP(k)                                                              \
    do {                                                                       \
        uint32_t idx_ = vf_load_u32(d + 4 * (k));                              \
        if (VF_UNLIKELY(idx_ - lo >= span))                                    \
            return VF_REUSE_OUTSIDE_SPAN;                                      \
        uint32_t rec_ = vf_reuse_lookup(idx_, &table[idx_ - lo], unique, &next); \
        _mm_stream_si32((int *)(void *)(m + (k)), (int)rec_);                  \
    } while (0)
#if defined(__GNUC__)
__attribute__((aligned(64)))
#endif
uint32_t vf_reuse_search_stream_sse2(const uint8_t *data, uint32_t n, uint32_t lo, uint32_t span,
                                     uint32_t *table, uint32_t *map, uint32_t *unique,
                                     uint32_t next)
{
    uint32_t *m = map;
    const uint8_t *d = data, *end = data + 4 * (size_t)n;
    while (d < end) {
        const uint8_t *line = d;
        uint32_t count = (size_t)(end - d) > 64 ? 16u : (uint32_t)(end - d) / 4;
        vf_reuse_prefetch(d, end);
        VF_REUSE_WALK8(LOOKUP, d, m, line, count, 4);
    }
    return next;
}
#undef LOOKUP

/* The map of a split search: each record read from the table by its
 * index and stored as found, as the streaming search stores its map. */
static inline void map_stream(const uint8_t *data, uint32_t size, uint32_t n, int cuts,
                              uint32_t cut, const uint32_t *table, uint32_t lo, uint32_t *map)
{
    for (uint32_t v = 0; v < n; v++) {
        uint32_t idx = size == 2 ? vf_load_u16(data + 2 * (size_t)v)
                                 : vf_load_u32(data + 4 * (size_t)v);
        uint32_t rec = cuts && idx == cut ? VF_REUSE_CUT : table[idx - lo];
        _mm_stream_si32((int *)(void *)(map + v), (int)rec);
    }
}

/* Each index size with and without cuts a loop of its own: a test for
 * cuts left in the loop costs a draw without them (draw_reuse_range.c,
 * search_window). */
void vf_reuse_map_stream_sse2(const uint8_t *data, uint32_t size, uint32_t n, int cuts,
                              uint32_t cut, const uint32_t *table, uint32_t lo, uint32_t *map)
{
    if (size == 2 && cuts)
        map_stream(data, 2, n, 1, cut, table, lo, map);
    else if (size == 2)
        map_stream(data, 2, n, 0, cut, table, lo, map);
    else if (cuts)
        map_stream(data, 4, n, 1, cut, table, lo, map);
    else
        map_stream(data, 4, n, 0, cut, table, lo, map);
}

/* SSE2 compares 16-bit lanes as signed only: flipping the top bit orders
 * unsigned values the same way. Two chains, so each step is not waiting
 * on the last. */
void vf_reuse_bounds16_sse2(const uint8_t *data, uint32_t n, uint32_t *lo_ret, uint32_t *hi_ret)
{
    const __m128i flip = _mm_set1_epi16((short)0x8000);
    __m128i lo0 = _mm_set1_epi16(0x7fff), hi0 = flip, lo1 = lo0, hi1 = hi0;
    uint32_t v = 0;
    for (; v + 16 <= n; v += 16) {
        __m128i a = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(data + 2 * (size_t)v)), flip);
        __m128i b = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(data + 2 * (size_t)v + 16)),
                                  flip);
        lo0 = _mm_min_epi16(lo0, a);
        hi0 = _mm_max_epi16(hi0, a);
        lo1 = _mm_min_epi16(lo1, b);
        hi1 = _mm_max_epi16(hi1, b);
    }
    _Alignas(16) uint16_t los[8], his[8];
    _mm_store_si128((__m128i *)los, _mm_xor_si128(_mm_min_epi16(lo0, lo1), flip));
    _mm_store_si128((__m128i *)his, _mm_xor_si128(_mm_max_epi16(hi0, hi1), flip));
    uint32_t lo = UINT32_MAX, hi = 0;
    for (int k = 0; k < 8; k++) {
        lo = los[k] < lo ? los[k] : lo;
        hi = his[k] > hi ? his[k] : hi;
    }
    for (; v < n; v++) {
        uint32_t idx = vf_load_u16(data + 2 * (size_t)v);
        lo = idx < lo ? idx : lo;
        hi = idx > hi ? idx : hi;
    }
    *lo_ret = lo;
    *hi_ret = hi;
}

/* Empties `count` slots with 16-byte stores. libc's memset of a few KiB
 * (a rep stosb) left the lookups just after it waiting: the search of the
 * bench's in-cache grid ran slower than without the clear (bench/README.md,
 * "The vertex-reuse search"). */
static void clear_slots(uint32_t *slot, uint32_t count)
{
    const __m128i empty = _mm_set1_epi32(-1);
    uint32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        _mm_storeu_si128((__m128i *)(void *)(slot + i), empty);
        _mm_storeu_si128((__m128i *)(void *)(slot + i + 4), empty);
    }
    for (; i < count; i++)
        slot[i] = VF_REUSE_SLOT_EMPTY;
}

/* The lookups, in a function of their own aligned to a cache line, as
 * vf_reuse_search_stream_sse2; eight a step, written out, with the index
 * and map addresses stepped as pointers: gcc then keeps each lookup to a
 * load of the index, one of its slot, a compare and the map's store, and
 * the bench's in-cache grid searched in 0.65 the time of four a step with
 * addresses computed from the position (bench/README.md, "The
 * vertex-reuse search"). A new index (one lookup in six on a mesh) reads
 * its index again behind a compiler barrier: with the index kept for it,
 * gcc loaded the slot over the index's register and spent two moves a
 * lookup saving the index and the slot's address; without them the map
 * step ran 0.89-0.93 the time (bench/README.md, "Reuse's two steps"). */
#define LOOKUP(k)                                                              \
    do {                                                                       \
        uint32_t rec_ = table[vf_load_u16(d + 2 * (k))];                       \
        if (VF_UNLIKELY(rec_ == VF_REUSE_SLOT_EMPTY)) {                        \
            __asm__ volatile("" ::: "memory");                                 \
            uint32_t idx_ = vf_load_u16(d + 2 * (k));                          \
            rec_ = next++;                                                     \
            unique[rec_] = idx_;                                               \
            table[idx_] = rec_;                                                \
        }                                                                      \
        m[k] = rec_;                                                           \
    } while (0)
#if defined(__GNUC__)
__attribute__((noinline, aligned(64)))
#endif
static uint32_t search_cleared16(const uint8_t *data, uint32_t n, uint32_t *table, uint32_t *map,
                                 uint32_t *unique)
{
    uint32_t next = 0, *m = map;
    const uint8_t *d = data;
    VF_REUSE_WALK8(LOOKUP, d, m, data, n, 2);
    return next;
}
#undef LOOKUP

uint32_t vf_reuse_search16_sse2(const uint8_t *data, uint32_t n, uint32_t lo, uint32_t hi,
                                uint32_t *table, uint32_t *map, uint32_t *unique)
{
    clear_slots(table + lo, hi - lo + 1);
    return search_cleared16(data, n, table, map, unique);
}
