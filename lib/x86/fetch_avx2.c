/*
 * fetch_avx2.c - AVX2 (+F16C, FMA) fetch kernels: two vertices per 256-bit
 * vector, one in each 128-bit half, so every lane-local instruction
 * (vpshufb, vpshufd, vpsrlvd) decodes both at once. Built with
 * $(CFLAGS_AVX2); exports vf_fetch_table_avx2, vf_stream_copy_avx2 and
 * vf_soa_transpose_avx2.
 *
 * UNORM/SNORM: q = c * r, then one FMA correction step
 * (e = fma(-q, m, c); q = fma(e, r, q)) instead of a divide; correctly
 * rounded for every code of every width used here (tests/check_simd.c checks
 * each code against the scalar reference), about three times the
 * throughput of vdivps on Zen 3.
 *
 * Half floats: vcvtph2ps is exact for denormals whatever MXCSR says, but it
 * quiets signalling NaNs (0x7c01 -> 0x7fc02000 on Zen 3, as the SDM's
 * conversion rules say); the scalar rule keeps the quiet bit as stored
 * (f << 13), so NaN lanes get bit 22 put back from the half's bit 9.
 *
 * dispatch.c hands three one-component formats to SSE4.1, which runs them
 * faster.
 *
 * Also the streaming draws' non-temporal copy, 32 bytes a store, and the SoA
 * transpose, 8 lanes a step.
 */
#include "config.h"

#include <immintrin.h>

#include "cpu.h"

#include "prims_avx2.h"

#define VF_SUFFIX avx2
#include "../fetch_template.h"

void vf_stream_copy_avx2(uint8_t *dst, const uint8_t *src, size_t bytes)
{
    size_t i = 0;
    if (((uintptr_t)dst & 31) != 0 && bytes >= 16) {
        _mm_stream_si128((__m128i *)(void *)dst, _mm_load_si128((const __m128i *)(const void *)src));
        i = 16;
    }
    for (; i + 32 <= bytes; i += 32)
        _mm256_stream_si256((__m256i *)(void *)(dst + i),
                            _mm256_loadu_si256((const __m256i *)(const void *)(src + i)));
    if (i < bytes)
        _mm_stream_si128((__m128i *)(void *)(dst + i),
                         _mm_load_si128((const __m128i *)(const void *)(src + i)));
}

void vf_soa_transpose_avx2(const uint8_t *stage, size_t rs, uint32_t num_registers,
                           uint32_t lanes, uint8_t *out, int stream)
{
    for (uint32_t r = 0; r < num_registers; r++) {
        for (uint32_t l = 0; l < lanes; l += 8) {
            /* Records l..l+3 in the low halves, l+4..l+7 in the high ones:
             * the in-lane 4x4 transpose then leaves x0..x7 in one vector. */
            const uint8_t *src = stage + (size_t)l * rs + (size_t)r * 16;
            const uint8_t *hi = src + 4 * rs;
#define VF_REC(k)                                                                              \
    _mm256_inserti128_si256(                                                                   \
        _mm256_castsi128_si256(_mm_load_si128((const __m128i *)(const void *)(src + (k) * rs))), \
        _mm_load_si128((const __m128i *)(const void *)(hi + (k) * rs)), 1)
            __m256i a = VF_REC(0), b = VF_REC(1), c = VF_REC(2), d = VF_REC(3);
#undef VF_REC
            __m256i ab_lo = _mm256_unpacklo_epi32(a, b), ab_hi = _mm256_unpackhi_epi32(a, b);
            __m256i cd_lo = _mm256_unpacklo_epi32(c, d), cd_hi = _mm256_unpackhi_epi32(c, d);
            __m256i x = _mm256_unpacklo_epi64(ab_lo, cd_lo), y = _mm256_unpackhi_epi64(ab_lo, cd_lo);
            __m256i z = _mm256_unpacklo_epi64(ab_hi, cd_hi), w = _mm256_unpackhi_epi64(ab_hi, cd_hi);
            uint8_t *dst = out + ((size_t)r * 4 * lanes + l) * 4;
            size_t row = (size_t)lanes * 4;
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
    }
}
