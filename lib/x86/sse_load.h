/*
 * sse_load.h - exactly `size` bytes into a 128-bit register, zero-extended:
 * the element load of the SSE primitives (prims_sse.h), which the AVX2 ones
 * (prims_avx2.h) use for each 128-bit half. SSE2 only; static inline.
 */
#ifndef VF_LIB_X86_SSE_LOAD_H
#define VF_LIB_X86_SSE_LOAD_H

#include <string.h>

#include <emmintrin.h>

#include "vf_internal.h"

/* Exactly `size` bytes at p, zero-extended to 16. */
static inline __m128i vf_sse_load(const uint8_t *p, unsigned size)
{
    uint32_t w;
    switch (size) {
    case 1:
        return _mm_cvtsi32_si128(p[0]);
    case 2:
        return _mm_cvtsi32_si128(vf_load_u16(p));
    case 4:
        memcpy(&w, p, 4);
        return _mm_cvtsi32_si128((int)w);
    case 8:
        return _mm_loadl_epi64((const __m128i *)(const void *)p);
    case 12:
        memcpy(&w, p + 8, 4);
        return _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)p),
                                  _mm_cvtsi32_si128((int)w));
    default:
        return _mm_loadu_si128((const __m128i *)(const void *)p);
    }
}

#endif
