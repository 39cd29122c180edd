/*
 * output_avx2.c - AVX2 output helpers: the non-temporal copy of streaming
 * AoS draws, 32 bytes a store, and the SoA transpose, 8 lanes a step.
 * Built with $(CFLAGS_AVX2). Batches of 4 lanes, and streamed batches that
 * are only 16-byte aligned, go to SSE2's transpose; the fence is SSE2's.
 */
#include "config.h"

#include <immintrin.h>

#include "output_x86.h"

void vf_stream_copy_avx2(uint8_t *dst, const uint8_t *src, size_t bytes)
{
    size_t i = 0;
    if (((uintptr_t)dst & 31) != 0 && bytes >= 16) {
        _mm_stream_si128((__m128i *)(void *)dst,
                         _mm_load_si128((const __m128i *)(const void *)src));
        i = 16;
    }
    for (; i + 32 <= bytes; i += 32)
        _mm256_stream_si256((__m256i *)(void *)(dst + i),
                            _mm256_loadu_si256((const __m256i *)(const void *)(src + i)));
    if (i < bytes)
        _mm_stream_si128((__m128i *)(void *)(dst + i),
                         _mm_load_si128((const __m128i *)(const void *)(src + i)));
}

/* Record k's 16 bytes of one register in the low half, record k + 4's in
 * the high half. */
static inline __m256i record_pair(const uint8_t *src, size_t rs, size_t k)
{
    __m128i lo = _mm_load_si128((const __m128i *)(const void *)(src + k * rs));
    __m128i hi = _mm_load_si128((const __m128i *)(const void *)(src + (k + 4) * rs));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

/* Lanes l..l+7 of register r: eight records in, four rows of eight words
 * out, `row` bytes apart. */
static inline void transpose8(const uint8_t *src, size_t rs, uint8_t *dst, size_t row, int stream)
{
    /* Records l..l+3 in the low halves, l+4..l+7 in the high ones: the
     * in-lane 4x4 transpose then leaves x0..x7 in one vector. */
    __m256i a = record_pair(src, rs, 0), b = record_pair(src, rs, 1);
    __m256i c = record_pair(src, rs, 2), d = record_pair(src, rs, 3);
    __m256i ab_lo = _mm256_unpacklo_epi32(a, b), ab_hi = _mm256_unpackhi_epi32(a, b);
    __m256i cd_lo = _mm256_unpacklo_epi32(c, d), cd_hi = _mm256_unpackhi_epi32(c, d);
    __m256i x = _mm256_unpacklo_epi64(ab_lo, cd_lo), y = _mm256_unpackhi_epi64(ab_lo, cd_lo);
    __m256i z = _mm256_unpacklo_epi64(ab_hi, cd_hi), w = _mm256_unpackhi_epi64(ab_hi, cd_hi);
    if (stream) {
        _mm256_stream_si256((__m256i *)(void *)dst, x);
        _mm256_stream_si256((__m256i *)(void *)(dst + row), y);
        _mm256_stream_si256((__m256i *)(void *)(dst + 2 * row), z);
        _mm256_stream_si256((__m256i *)(void *)(dst + 3 * row), w);
    } else {
        _mm256_storeu_si256((__m256i *)(void *)dst, x);
        _mm256_storeu_si256((__m256i *)(void *)(dst + row), y);
        _mm256_storeu_si256((__m256i *)(void *)(dst + 2 * row), z);
        _mm256_storeu_si256((__m256i *)(void *)(dst + 3 * row), w);
    }
}

void vf_soa_transpose_avx2(const uint8_t *stage, size_t rs, uint32_t num_registers,
                           uint32_t lanes, uint8_t *out, int stream)
{
    /* 32-byte non-temporal stores need 32-byte alignment. */
    if (lanes % 8 != 0 || (stream && ((uintptr_t)out & 31) != 0)) {
        vf_soa_transpose_sse2(stage, rs, num_registers, lanes, out, stream);
        return;
    }
    for (uint32_t r = 0; r < num_registers; r++) {
        for (uint32_t l = 0; l < lanes; l += 8) {
            uint8_t *dst = out + ((size_t)r * 4 * lanes + l) * 4;
            transpose8(stage + (size_t)l * rs + (size_t)r * 16, rs, dst, (size_t)lanes * 4,
                       stream);
        }
    }
}
