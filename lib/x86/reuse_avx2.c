/*
 * reuse_avx2.c - the bounds of a vertex-reuse draw's 16-bit indices with
 * AVX2's unsigned 16-bit min and max, 32 indices a step: the SSE2 pass
 * (reuse_sse2.c) needs a sign flip per load, a visible share of an
 * in-cache reuse draw (bench/README.md, "The vertex-reuse search"). And
 * the largest of its 32-bit indices less a base with the unsigned 32-bit
 * max, 16 a step. Built with $(CFLAGS_AVX2); the avx2 and avx512 levels
 * use them.
 */
#include "config.h"

#include <immintrin.h>

#include "../reuse_lookup.h"
#include "reuse_x86.h"

/* Two chains, and the indices prefetched a line at a time: the baseline
 * build's loop (draw_reuse_search.c) took 30-33 ms for 31.5 M streaming
 * indices, this one 10-14 (Xeon family 6 model 207); a vf_draw_reuse
 * whose output holds exactly its records reads them all so first. */
uint32_t vf_reuse_max32_avx2(const uint8_t *data, uint32_t n, uint32_t lo)
{
    const __m256i base = _mm256_set1_epi32((int)lo);
    __m256i m0 = _mm256_setzero_si256(), m1 = m0;
    const uint8_t *d = data, *end = data + 4 * (size_t)n;
    for (; (size_t)(end - d) >= 64; d += 64) {
        vf_reuse_prefetch(d, end);
        __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)d);
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(d + 32));
        m0 = _mm256_max_epu32(m0, _mm256_sub_epi32(a, base));
        m1 = _mm256_max_epu32(m1, _mm256_sub_epi32(b, base));
    }
    __m256i m = _mm256_max_epu32(m0, m1);
    __m128i h = _mm_max_epu32(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    h = _mm_max_epu32(h, _mm_shuffle_epi32(h, _MM_SHUFFLE(1, 0, 3, 2)));
    h = _mm_max_epu32(h, _mm_shuffle_epi32(h, _MM_SHUFFLE(2, 3, 0, 1)));
    uint32_t top = (uint32_t)_mm_cvtsi128_si32(h);
    for (; d < end; d += 4) {
        uint32_t x = vf_load_u32(d) - lo;
        top = x > top ? x : top;
    }
    return top;
}

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
