/*
 * reuse_x86.h - the x86 searches of a vertex-reuse draw (vf_internal.h has
 * their contracts), for the levels' exports in fetch_<isa>.c. Internal.
 *
 * SSE2's (reuse_sse2.c) serve every x86 level; AVX2's 16-bit bounds
 * (reuse_avx2.c) serve the avx2 and avx512 levels.
 */
#ifndef VF_LIB_X86_REUSE_X86_H
#define VF_LIB_X86_REUSE_X86_H

#include <stdint.h>

#include "vf_internal.h"

/* The streaming search of a vertex-reuse draw (reuse_sse2.c). */
VF_HIDDEN uint32_t vf_reuse_search_stream_sse2(const uint8_t *data, uint32_t n, uint32_t lo,
                                               uint32_t span, uint32_t *table, uint32_t *map,
                                               uint32_t *unique, uint32_t next);
/* The streaming map of a search split over a pool (reuse_sse2.c). */
VF_HIDDEN void vf_reuse_map_stream_sse2(const uint8_t *data, uint32_t size, uint32_t n, int cuts,
                                        uint32_t cut, const uint32_t *table, uint32_t lo,
                                        uint32_t *map);
/* The bounds of 16-bit indices, and their search over a cleared span
 * (reuse_sse2.c). */
VF_HIDDEN void vf_reuse_bounds16_sse2(const uint8_t *data, uint32_t n, uint32_t *lo_ret,
                                      uint32_t *hi_ret);
VF_HIDDEN uint32_t vf_reuse_search16_sse2(const uint8_t *data, uint32_t n, uint32_t lo,
                                          uint32_t hi, uint32_t *table, uint32_t *map,
                                          uint32_t *unique);
/* The same bounds with AVX2, and the largest 32-bit index less a base
 * (reuse_avx2.c). */
VF_HIDDEN void vf_reuse_bounds16_avx2(const uint8_t *data, uint32_t n, uint32_t *lo_ret,
                                      uint32_t *hi_ret);
VF_HIDDEN uint32_t vf_reuse_max32_avx2(const uint8_t *data, uint32_t n, uint32_t lo);

#endif
