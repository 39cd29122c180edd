/*
 * index_avx512.c - the vertex addresses of an indexed batch straight from
 * its indices, eight a step in 64-bit lanes: one vpmuludq where AVX2's
 * vpmulld takes two uops on the Xeons and its 32-bit offsets two more
 * widenings. Built with $(CFLAGS_AVX512); the avx512 level uses it.
 */
#include "config.h"

#include <immintrin.h>

#include "index_x86.h"

/* Eight vertices' offsets (uint32)((k + index) * stride), index in the
 * low words of 64-bit lanes, into src as data + offset; returns the
 * offsets for the caller's bound. */
static inline __m512i sources8(__m512i index, __m512i k, __m512i s, __m512i data,
                               const uint8_t **src)
{
    __m512i b = _mm512_mul_epu32(_mm512_add_epi32(index, k), s);
    b = _mm512_and_si512(b, _mm512_set1_epi64(0xffffffff));
    _mm512_storeu_si512((void *)src, _mm512_add_epi64(b, data));
    return b;
}

uint32_t vf_vertex_sources_avx512(const uint8_t *data, const uint8_t *index,
                                  uint32_t index_size, uint32_t kbase, uint32_t stride,
                                  uint32_t last_base, uint32_t n, const uint8_t **src)
{
    const __m512i k = _mm512_set1_epi64(kbase), s = _mm512_set1_epi64(stride);
    const __m512i d = _mm512_set1_epi64((long long)(uintptr_t)data);
    __m512i most = _mm512_setzero_si512();
    uint32_t v = 0;
    if (index_size == 2)
        for (; v + 8 <= n; v += 8) {
            __m128i raw = _mm_loadu_si128((const __m128i *)(const void *)(index + 2 * (size_t)v));
            most = _mm512_max_epu64(most, sources8(_mm512_cvtepu16_epi64(raw), k, s, d, src + v));
        }
    else if (index_size == 4)
        for (; v + 8 <= n; v += 8) {
            __m256i raw = _mm256_loadu_si256((const __m256i *)(const void *)(index + 4 * (size_t)v));
            most = _mm512_max_epu64(most, sources8(_mm512_cvtepu32_epi64(raw), k, s, d, src + v));
        }
    uint64_t top = _mm512_reduce_max_epu64(most);
    for (; v < n; v++) {
        uint32_t base = (kbase + vf_load_index(index + (size_t)v * index_size, index_size)) * stride;
        src[v] = data + base;
        top = base > top ? base : top;
    }
    return top > last_base;
}
