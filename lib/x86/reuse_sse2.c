/*
 * reuse_sse2.c - the search of a streaming vertex-reuse draw, with the map
 * written by non-temporal 4-byte stores (SSE2's movnti) as it is found.
 * Built with $(CFLAGS_SSE2); every x86 level's layouts use it.
 *
 * A map of millions of positions leaves the caches before it is read, so
 * plain stores would first read each of its lines from memory. Staging it
 * in L1 and copying it out in 4 KiB blocks left the search waiting while
 * each block drained; stores made as each record is found drain while the
 * search goes on. Zen 4, one core, the static mesh's 8.4-million-position
 * grid with 32-bit indices, both ways in one process in turn, median time
 * of the reuse draw against the staged copy: 0.92-0.96 (avx512 layout),
 * 0.92 (avx2), 0.76 (sse2, whose copy used 16-byte stores).
 */
#include "config.h"

#include <emmintrin.h>

#include "../reuse_lookup.h"
#include "output_x86.h"

/* Aligned to a cache line in a function of its own: the loop's speed
 * should not depend on the code around it. */
#if defined(__GNUC__)
__attribute__((aligned(64)))
#endif
uint32_t vf_reuse_search_stream_sse2(const uint8_t *data, uint32_t n, uint32_t lo, uint32_t span,
                                     uint32_t *table, uint32_t *map, uint32_t *unique,
                                     uint32_t next)
{
    for (uint32_t v = 0; v < n; v++) {
        uint32_t idx = vf_load_u32(data + 4 * (size_t)v);
        if (VF_UNLIKELY(idx - lo >= span))
            return VF_REUSE_OUTSIDE_SPAN;
        uint32_t rec = vf_reuse_lookup(idx, &table[idx - lo], unique, &next);
        _mm_stream_si32((int *)(void *)(map + v), (int)rec);
    }
    return next;
}
