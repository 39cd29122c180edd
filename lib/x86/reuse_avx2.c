/*
 * reuse_avx2.c - the bounds of a vertex-reuse draw's 16-bit indices with
 * AVX2's unsigned 16-bit min and max, 32 indices a step: the SSE2 pass
 * (reuse_sse2.c) needs a sign flip per load, a visible share of an
 * in-cache reuse draw (bench/README.md, "The vertex-reuse search"). Built
 * with $(CFLAGS_AVX2); the avx2 and avx512 levels use it.
 */
#include "config.h"

#include <immintrin.h>

#include "reuse_x86.h"

void vf_reuse_bounds16_avx2(const uint8_t *data, uint32_t n, uint32_t *lo_ret, uint32_t *hi_ret)
{
    __m256i lo0 = _mm256_set1_epi16(-1), lo1 = lo0;
    __m256i hi0 = _mm256_setzero_si256(), hi1 = hi0;
    uint32_t v = 0;
    for (; v + 32 <= n; v += 32) {
        const uint8_t *d = data + 2 * (size_t)v;
        __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)d);
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(d + 32));
        lo0 = _mm256_min_epu16(lo0, a);
        hi0 = _mm256_max_epu16(hi0, a);
        lo1 = _mm256_min_epu16(lo1, b);
        hi1 = _mm256_max_epu16(hi1, b);
    }
    __m256i lo = _mm256_min_epu16(lo0, lo1), hi = _mm256_max_epu16(hi0, hi1);
    __m128i lo8 = _mm_min_epu16(_mm256_castsi256_si128(lo), _mm256_extracti128_si256(lo, 1));
    __m128i hi8 = _mm_max_epu16(_mm256_castsi256_si128(hi), _mm256_extracti128_si256(hi, 1));
    /* minpos finds the smallest lane; the largest is the smallest of the
     * complements. */
    uint32_t lo_v = (uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(lo8)) & 0xffff;
    uint32_t hi_v = 0xffff - ((uint32_t)_mm_cvtsi128_si32(
                                  _mm_minpos_epu16(_mm_xor_si128(hi8, _mm_set1_epi16(-1)))) &
                              0xffff);
    for (; v < n; v++) {
        uint32_t idx = vf_load_u16(data + 2 * (size_t)v);
        lo_v = idx < lo_v ? idx : lo_v;
        hi_v = idx > hi_v ? idx : hi_v;
    }
    *lo_ret = lo_v;
    *hi_ret = hi_v;
}
