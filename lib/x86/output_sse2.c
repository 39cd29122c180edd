/*
 * output_sse2.c - SSE2 output helpers: the non-temporal copy of streaming
 * AoS draws, the fence that ends them, and the SoA transpose, 4 lanes a
 * step. Built with $(CFLAGS_SSE2); dispatch.c gives them to layouts of
 * every SSE level. They only move bits, so any ISA's output is the same.
 */
#include "config.h"

#include <emmintrin.h>

#include "output_x86.h"

void vf_stream_copy_sse2(uint8_t *dst, const uint8_t *src, size_t bytes)
{
    for (size_t i = 0; i < bytes; i += 16)
        _mm_stream_si128((__m128i *)(void *)(dst + i),
                         _mm_load_si128((const __m128i *)(const void *)(src + i)));
}

void vf_stream_fence_sse2(void)
{
    _mm_sfence();
}

/* Lanes l..l+3 of register r: four records' 16 bytes in, four rows of
 * four words out, `row` vectors apart. */
static inline void transpose4(const uint8_t *src, size_t rs, __m128i *dst, size_t row,
                              int stream)
{
    __m128i a = _mm_load_si128((const __m128i *)(const void *)src);
    __m128i b = _mm_load_si128((const __m128i *)(const void *)(src + rs));
    __m128i c = _mm_load_si128((const __m128i *)(const void *)(src + 2 * rs));
    __m128i d = _mm_load_si128((const __m128i *)(const void *)(src + 3 * rs));
    __m128i ab_lo = _mm_unpacklo_epi32(a, b), ab_hi = _mm_unpackhi_epi32(a, b);
    __m128i cd_lo = _mm_unpacklo_epi32(c, d), cd_hi = _mm_unpackhi_epi32(c, d);
    __m128i x = _mm_unpacklo_epi64(ab_lo, cd_lo), y = _mm_unpackhi_epi64(ab_lo, cd_lo);
    __m128i z = _mm_unpacklo_epi64(ab_hi, cd_hi), w = _mm_unpackhi_epi64(ab_hi, cd_hi);
    if (stream) {
        _mm_stream_si128(dst, x);
        _mm_stream_si128(dst + row, y);
        _mm_stream_si128(dst + 2 * row, z);
        _mm_stream_si128(dst + 3 * row, w);
    } else {
        _mm_store_si128(dst, x);
        _mm_store_si128(dst + row, y);
        _mm_store_si128(dst + 2 * row, z);
        _mm_store_si128(dst + 3 * row, w);
    }
}

void vf_soa_transpose_sse2(const uint8_t *stage, size_t rs, uint32_t num_registers,
                           uint32_t lanes, uint8_t *out, int stream)
{
    uint32_t *o = (uint32_t *)(void *)out;
    for (uint32_t r = 0; r < num_registers; r++) {
        for (uint32_t l = 0; l < lanes; l += 4) {
            /* 16-byte aligned: out is, and every offset is a multiple of 16. */
            __m128i *dst = (__m128i *)(void *)(o + (size_t)r * 4 * lanes + l);
            transpose4(stage + l * rs + (size_t)r * 16, rs, dst, lanes / 4, stream);
        }
    }
}
