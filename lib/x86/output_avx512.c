/*
 * output_avx512.c - the streaming draws' non-temporal copy, 64 bytes a
 * store, and the SoA transpose, 16 lanes a step with 512-bit shuffles.
 * Built with $(CFLAGS_AVX512); same contracts as the AVX2 ones
 * (vf_stream_copy_avx2, vf_soa_transpose_avx2 in output_avx2.c).
 */
#include "config.h"

#include <immintrin.h>

#include "output_x86.h"

void vf_stream_copy_avx512(uint8_t *dst, const uint8_t *src, size_t bytes)
{
    size_t i = 0;
    /* dst and src are 16-byte aligned and bytes a multiple of 16: 16-byte
     * stores up to dst's next 64-byte boundary, then whole lines. */
    while (i + 16 <= bytes && (((uintptr_t)dst + i) & 63) != 0) {
        _mm_stream_si128((__m128i *)(void *)(dst + i),
                         _mm_load_si128((const __m128i *)(const void *)(src + i)));
        i += 16;
    }
    for (; i + 64 <= bytes; i += 64)
        _mm512_stream_si512((void *)(dst + i), _mm512_loadu_si512(src + i));
    for (; i + 16 <= bytes; i += 16)
        _mm_stream_si128((__m128i *)(void *)(dst + i),
                         _mm_load_si128((const __m128i *)(const void *)(src + i)));
}

/* A 64-byte row of SoA words; non-temporal stores need 64-byte alignment,
 * and a streamed batch is only 32-byte aligned: then two 32-byte ones. */
static inline void vf_avx512_row(uint8_t *dst, __m512i v, int stream)
{
    if (!stream) {
        _mm512_storeu_si512(dst, v);
    } else if (((uintptr_t)dst & 63) == 0) {
        _mm512_stream_si512((void *)dst, v);
    } else {
        _mm256_stream_si256((__m256i *)(void *)dst, _mm512_castsi512_si256(v));
        _mm256_stream_si256((__m256i *)(void *)(dst + 32), _mm512_extracti64x4_epi64(v, 1));
    }
}

/* Four 16-byte records at src, src + rs, src + 2 rs, src + 3 rs in the four
 * 128-bit lanes. */
static inline __m512i vf_avx512_rec4(const uint8_t *src, size_t rs)
{
    __m256i lo = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_load_si128((const __m128i *)(const void *)src)),
        _mm_load_si128((const __m128i *)(const void *)(src + rs)), 1);
    __m256i hi = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_load_si128((const __m128i *)(const void *)(src + 2 * rs))),
        _mm_load_si128((const __m128i *)(const void *)(src + 3 * rs)), 1);
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

/* Eight lanes of one register (the last ones when lanes is not a multiple
 * of 16): the 256-bit form, records l..l+3 and l+4..l+7 in the two halves. */
static void vf_avx512_soa8(const uint8_t *src, size_t rs, uint8_t *dst, size_t row, int stream)
{
    const uint8_t *hi = src + 4 * rs;
#define VF_REC(k)                                                                              \
    _mm256_inserti128_si256(                                                                   \
        _mm256_castsi128_si256(_mm_load_si128((const __m128i *)(const void *)(src + (k) * rs))), \
        _mm_load_si128((const __m128i *)(const void *)(hi + (k) * rs)), 1)
    __m256i a = VF_REC(0), b = VF_REC(1), c = VF_REC(2), d = VF_REC(3);
#undef VF_REC
    __m256i ab_lo = _mm256_unpacklo_epi32(a, b), ab_hi = _mm256_unpackhi_epi32(a, b);
    __m256i cd_lo = _mm256_unpacklo_epi32(c, d), cd_hi = _mm256_unpackhi_epi32(c, d);
    __m256i v[4] = { _mm256_unpacklo_epi64(ab_lo, cd_lo), _mm256_unpackhi_epi64(ab_lo, cd_lo),
                     _mm256_unpacklo_epi64(ab_hi, cd_hi), _mm256_unpackhi_epi64(ab_hi, cd_hi) };
    for (int k = 0; k < 4; k++) {
        if (stream)
            _mm256_stream_si256((__m256i *)(void *)(dst + k * row), v[k]);
        else
            _mm256_storeu_si256((__m256i *)(void *)(dst + k * row), v[k]);
    }
}

void vf_soa_transpose_avx512(const uint8_t *stage, size_t rs, uint32_t num_registers,
                             uint32_t lanes, uint8_t *out, int stream)
{
    size_t row = (size_t)lanes * 4;
    for (uint32_t r = 0; r < num_registers; r++) {
        uint32_t l = 0;
        for (; l + 16 <= lanes; l += 16) {
            /* Vector k holds records k, k + 4, k + 8, k + 12 (one per
             * 128-bit lane): the in-lane 4x4 transpose then leaves lane j
             * of x holding x(4j) .. x(4j + 3), so x0..x15 in order. */
            const uint8_t *src = stage + (size_t)l * rs + (size_t)r * 16;
            __m512i a = vf_avx512_rec4(src, 4 * rs), b = vf_avx512_rec4(src + rs, 4 * rs);
            __m512i c = vf_avx512_rec4(src + 2 * rs, 4 * rs);
            __m512i d = vf_avx512_rec4(src + 3 * rs, 4 * rs);
            __m512i ab_lo = _mm512_unpacklo_epi32(a, b), ab_hi = _mm512_unpackhi_epi32(a, b);
            __m512i cd_lo = _mm512_unpacklo_epi32(c, d), cd_hi = _mm512_unpackhi_epi32(c, d);
            uint8_t *dst = out + ((size_t)r * 4 * lanes + l) * 4;
            vf_avx512_row(dst, _mm512_unpacklo_epi64(ab_lo, cd_lo), stream);
            vf_avx512_row(dst + row, _mm512_unpackhi_epi64(ab_lo, cd_lo), stream);
            vf_avx512_row(dst + 2 * row, _mm512_unpacklo_epi64(ab_hi, cd_hi), stream);
            vf_avx512_row(dst + 3 * row, _mm512_unpackhi_epi64(ab_hi, cd_hi), stream);
        }
        if (l < lanes) /* lanes is a multiple of 8 */
            vf_avx512_soa8(stage + (size_t)l * rs + (size_t)r * 16, rs,
                           out + ((size_t)r * 4 * lanes + l) * 4, row, stream);
    }
}
