/*
 * index_avx2.c - the vertex offsets of an indexed batch, eight a step
 * with vpmulld, where SSE2 has no 32-bit multiply (draw_slot.c's loop
 * compiled to five shuffles and two 64-bit multiplies per four). Built
 * with $(CFLAGS_AVX2); the avx2 and avx512 levels use it.
 */
#include "config.h"

#include <immintrin.h>

#include "index_x86.h"

uint32_t vf_vertex_bases_avx2(uint32_t kbase, const uint32_t *index, uint32_t n, uint32_t stride,
                              uint32_t last_base, uint32_t *base)
{
    const __m256i k = _mm256_set1_epi32((int)kbase), s = _mm256_set1_epi32((int)stride);
    __m256i most = _mm256_setzero_si256();
    uint32_t v = 0, top = 0;
    for (; v + 8 <= n; v += 8) {
        __m256i i = _mm256_loadu_si256((const __m256i *)(const void *)(index + v));
        __m256i b = _mm256_mullo_epi32(_mm256_add_epi32(i, k), s);
        _mm256_storeu_si256((__m256i *)(void *)(base + v), b);
        most = _mm256_max_epu32(most, b);
    }
    _Alignas(32) uint32_t lanes[8];
    _mm256_store_si256((__m256i *)(void *)lanes, most);
    for (int l = 0; l < 8; l++)
        top = lanes[l] > top ? lanes[l] : top;
    for (; v < n; v++) {
        base[v] = (kbase + index[v]) * stride;
        top = base[v] > top ? base[v] : top;
    }
    return top > last_base;
}
