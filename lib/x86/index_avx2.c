/*
 * index_avx2.c - the vertex offsets of an indexed batch, eight a step
 * with vpmulld, where SSE2 has no 32-bit multiply (draw_slot.c's loop
 * compiled to five shuffles and two 64-bit multiplies per four); and the
 * vertex addresses straight from the index buffer, and the test for a
 * sequential batch eight indices a step. Built with
 * $(CFLAGS_AVX2); the avx2 and avx512 levels use them.
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

/* Eight vertex offsets (k + index) * stride into src as data + offset;
 * returns the offsets for the caller's bound. */
static inline __m256i sources8(__m256i index, __m256i k, __m256i s, __m256i data,
                               const uint8_t **src)
{
    __m256i b = _mm256_mullo_epi32(_mm256_add_epi32(index, k), s);
    __m256i lo = _mm256_cvtepu32_epi64(_mm256_castsi256_si128(b));
    __m256i hi = _mm256_cvtepu32_epi64(_mm256_extracti128_si256(b, 1));
    _mm256_storeu_si256((__m256i *)(void *)src, _mm256_add_epi64(lo, data));
    _mm256_storeu_si256((__m256i *)(void *)(src + 4), _mm256_add_epi64(hi, data));
    return b;
}

uint32_t vf_vertex_sources_avx2(const uint8_t *data, const uint8_t *index, uint32_t index_size,
                                uint32_t kbase, uint32_t stride, uint32_t last_base, uint32_t n,
                                const uint8_t **src)
{
    const __m256i k = _mm256_set1_epi32((int)kbase), s = _mm256_set1_epi32((int)stride);
    const __m256i d = _mm256_set1_epi64x((long long)(uintptr_t)data);
    __m256i most = _mm256_setzero_si256();
    uint32_t v = 0, top = 0;
    if (index_size == 2)
        for (; v + 8 <= n; v += 8) {
            __m128i raw = _mm_loadu_si128((const __m128i *)(const void *)(index + 2 * (size_t)v));
            most = _mm256_max_epu32(most, sources8(_mm256_cvtepu16_epi32(raw), k, s, d, src + v));
        }
    else if (index_size == 4)
        for (; v + 8 <= n; v += 8) {
            __m256i raw = _mm256_loadu_si256((const __m256i *)(const void *)(index + 4 * (size_t)v));
            most = _mm256_max_epu32(most, sources8(raw, k, s, d, src + v));
        }
    _Alignas(32) uint32_t lanes[8];
    _mm256_store_si256((__m256i *)(void *)lanes, most);
    for (int l = 0; l < 8; l++)
        top = lanes[l] > top ? lanes[l] : top;
    return (top > last_base) |
           vf_vertex_sources_from(v, data, index, index_size, kbase, stride, last_base, n, src);
}

/* Indices [v, v + 8) against want (index[0] + v in each lane), or'ed into
 * acc: nonzero lanes where they differ. */
static inline __m256i differ8(const uint32_t *index, uint32_t v, __m256i want, __m256i acc)
{
    __m256i i = _mm256_loadu_si256((const __m256i *)(const void *)(index + v));
    return _mm256_or_si256(acc, _mm256_xor_si256(i, want));
}

int vf_indices_sequential_avx2(const uint32_t *index, uint32_t n)
{
    uint32_t first = index[0], v = 0, breaks = 0;
    const __m256i eight = _mm256_set1_epi32(8);
    __m256i want = _mm256_add_epi32(_mm256_set1_epi32((int)first),
                                    _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    __m256i acc = _mm256_setzero_si256();
    if (n >= 16) { /* a scattered batch stops here */
        acc = differ8(index, 0, want, acc);
        want = _mm256_add_epi32(want, eight);
        acc = differ8(index, 8, want, acc);
        want = _mm256_add_epi32(want, eight);
        if (!_mm256_testz_si256(acc, acc))
            return 0;
        for (v = 16; v + 8 <= n; v += 8) {
            acc = differ8(index, v, want, acc);
            want = _mm256_add_epi32(want, eight);
        }
    }
    for (; v < n; v++)
        breaks |= index[v] - first - v;
    return breaks == 0 && _mm256_testz_si256(acc, acc);
}
