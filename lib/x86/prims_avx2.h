/*
 * prims_avx2.h - the fetch template's primitives (lib/fetch_template.h) on
 * AVX2 with F16C and FMA: two vertices per 256-bit vector, one in each
 * 128-bit half, and eight across. Static inline only; the including file is
 * compiled with $(CFLAGS_AVX2). Why FMA and F16C give the same bits as the
 * scalar reference: see fetch_avx2.c.
 */
#ifndef VF_LIB_X86_PRIMS_AVX2_H
#define VF_LIB_X86_PRIMS_AVX2_H

#include <immintrin.h>

#include "sse_load.h"

#define VF_NV 2
typedef __m256i vec_t;

static inline vec_t vf_avx2_pair(__m128i lo, __m128i hi)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}
static inline vec_t vq_load(const uint8_t *p0, const uint8_t *p1, unsigned size)
{
    return vf_avx2_pair(vf_sse_load(p0, size), vf_sse_load(p1, size));
}
static inline vec_t vq_load16(const uint8_t *p0, const uint8_t *p1)
{
    return vf_avx2_pair(_mm_loadu_si128((const __m128i *)(const void *)p0),
                        _mm_loadu_si128((const __m128i *)(const void *)p1));
}
static inline void vq_store(uint8_t *d0, uint8_t *d1, vec_t v)
{
    _mm_store_si128((__m128i *)(void *)d0, _mm256_castsi256_si128(v));
    _mm_store_si128((__m128i *)(void *)d1, _mm256_extracti128_si256(v, 1));
}
static inline void vq_store_lo(uint8_t *d0, vec_t v)
{
    _mm_store_si128((__m128i *)(void *)d0, _mm256_castsi256_si128(v));
}
static inline vec_t vq_set4(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return _mm256_setr_epi32((int)a, (int)b, (int)c, (int)d, (int)a, (int)b, (int)c, (int)d);
}
static inline vec_t vq_and(vec_t a, vec_t b) { return _mm256_and_si256(a, b); }
static inline vec_t vq_or(vec_t a, vec_t b) { return _mm256_or_si256(a, b); }
static inline vec_t vq_andnot(vec_t a, vec_t b) { return _mm256_andnot_si256(a, b); }
static inline vec_t vq_add(vec_t a, vec_t b) { return _mm256_add_epi32(a, b); }
static inline vec_t vq_sub(vec_t a, vec_t b) { return _mm256_sub_epi32(a, b); }
static inline vec_t vq_cmpeq(vec_t a, vec_t b) { return _mm256_cmpeq_epi32(a, b); }
static inline vec_t vq_select(vec_t m, vec_t a, vec_t b) { return _mm256_blendv_epi8(b, a, m); }
static inline vec_t vq_srli(vec_t v, int n) { return _mm256_srli_epi32(v, n); }
static inline vec_t vq_slli(vec_t v, int n) { return _mm256_slli_epi32(v, n); }
static inline vec_t vq_srlv4(vec_t v, int a, int b, int c, int d)
{
    return _mm256_srlv_epi32(v, vq_set4((uint32_t)a, (uint32_t)b, (uint32_t)c, (uint32_t)d));
}
static inline vec_t vq_sllv4(vec_t v, int a, int b, int c, int d)
{
    return _mm256_sllv_epi32(v, vq_set4((uint32_t)a, (uint32_t)b, (uint32_t)c, (uint32_t)d));
}
static inline vec_t vq_bcast0(vec_t v) { return _mm256_shuffle_epi32(v, 0); }
static inline vec_t vq_swap_xz(vec_t v) { return _mm256_shuffle_epi32(v, _MM_SHUFFLE(3, 0, 1, 2)); }

/* vpshufb works within each 128-bit half: the same mask widens both vertices. */
#define VF_AVX2_BYTES(...) _mm256_setr_epi8(__VA_ARGS__, __VA_ARGS__)
static inline vec_t vq_widen_u8(vec_t v)
{
    return _mm256_shuffle_epi8(
        v, VF_AVX2_BYTES(0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1, -1, 3, -1, -1, -1));
}
static inline vec_t vq_widen_s8(vec_t v)
{
    return _mm256_srai_epi32(
        _mm256_shuffle_epi8(
            v, VF_AVX2_BYTES(-1, -1, -1, 0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1, -1, 3)),
        24);
}
static inline vec_t vq_widen_u16(vec_t v)
{
    return _mm256_shuffle_epi8(
        v, VF_AVX2_BYTES(0, 1, -1, -1, 2, 3, -1, -1, 4, 5, -1, -1, 6, 7, -1, -1));
}
static inline vec_t vq_widen_s16(vec_t v)
{
    return _mm256_srai_epi32(
        _mm256_shuffle_epi8(
            v, VF_AVX2_BYTES(-1, -1, 0, 1, -1, -1, 2, 3, -1, -1, 4, 5, -1, -1, 6, 7)),
        16);
}

static inline vec_t vq_cvt(vec_t v) { return _mm256_castps_si256(_mm256_cvtepi32_ps(v)); }
/* unused: the SNORM clamp takes vq_max_s32 here; kept so the primitive set is complete */
static inline __attribute__((unused)) vec_t vq_maxf(vec_t a, vec_t b)
{
    return _mm256_castps_si256(_mm256_max_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b)));
}
static inline vec_t vq_unorm(vec_t c, vec_t m, vec_t r)
{
    __m256 cf = _mm256_castsi256_ps(c), mf = _mm256_castsi256_ps(m), rf = _mm256_castsi256_ps(r);
    __m256 q = _mm256_mul_ps(cf, rf);
    __m256 e = _mm256_fnmadd_ps(q, mf, cf);
    return _mm256_castps_si256(_mm256_fmadd_ps(e, rf, q));
}

static inline vec_t vq_srai(vec_t v, int n) { return _mm256_srai_epi32(v, n); }
#define VF_HAVE_MAX_S32 1
static inline vec_t vq_max_s32(vec_t a, vec_t b) { return _mm256_max_epi32(a, b); }

#define VF_HAVE_VARSHIFT 1
#define VF_HAVE_HALF_RAW 1
/* f = vcvtph2ps of the halves h (one per word, low 16 bits): NaN lanes
 * whose half has bit 9 clear lose the quiet bit F16C set. */
static inline vec_t vf_avx2_half_fixup(vec_t f, vec_t h)
{
    vec_t mag = _mm256_and_si256(h, vq_set4(0x7fff, 0x7fff, 0x7fff, 0x7fff));
    vec_t nan = _mm256_cmpgt_epi32(mag, vq_set4(0x7c00, 0x7c00, 0x7c00, 0x7c00));
    vec_t clear = _mm256_andnot_si256(_mm256_slli_epi32(h, 13),
                                      vq_set4(0x400000, 0x400000, 0x400000, 0x400000));
    return _mm256_andnot_si256(_mm256_and_si256(nan, clear), f);
}
static inline vec_t vq_half_raw(vec_t raw)
{
    /* The two vertices' 8 bytes (qwords 0 and 2) side by side for vcvtph2ps. */
    __m128i packed = _mm256_castsi256_si128(_mm256_permute4x64_epi64(raw, _MM_SHUFFLE(3, 1, 2, 0)));
    return vf_avx2_half_fixup(_mm256_castps_si256(_mm256_cvtph_ps(packed)), vq_widen_u16(raw));
}
static inline vec_t vq_half_words(vec_t h)
{
    /* vpackusdw works per 128-bit half; qwords 0 and 2 then hold the 8 halves in order. */
    __m256i p = _mm256_permute4x64_epi64(_mm256_packus_epi32(h, h), _MM_SHUFFLE(3, 1, 2, 0));
    return vf_avx2_half_fixup(_mm256_castps_si256(_mm256_cvtph_ps(_mm256_castsi256_si128(p))), h);
}

/* Across-vertex path: eight vertices per vector. vpunpck* work within each
 * 128-bit half, so record k and k + 4 come out of one register. */
#define VF_LANES 8
static inline vec_t vq_words(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, uint32_t w4,
                             uint32_t w5, uint32_t w6, uint32_t w7)
{
    /* Two halves, not one _mm256_setr_epi32: given byte loads, GCC 12
     * merges eight words with one serial shift/or chain in a scalar
     * register, which costs a third of the throughput. */
    return vf_avx2_pair(_mm_setr_epi32((int)w0, (int)w1, (int)w2, (int)w3),
                        _mm_setr_epi32((int)w4, (int)w5, (int)w6, (int)w7));
}
static inline void vq_emit4(uint8_t *d, size_t dst_stride, vec_t x, vec_t y, vec_t z, vec_t w)
{
    __m256i xy0 = _mm256_unpacklo_epi32(x, y), zw0 = _mm256_unpacklo_epi32(z, w);
    __m256i xy1 = _mm256_unpackhi_epi32(x, y), zw1 = _mm256_unpackhi_epi32(z, w);
    vq_store(d, d + 4 * dst_stride, _mm256_unpacklo_epi64(xy0, zw0));
    vq_store(d + dst_stride, d + 5 * dst_stride, _mm256_unpackhi_epi64(xy0, zw0));
    vq_store(d + 2 * dst_stride, d + 6 * dst_stride, _mm256_unpacklo_epi64(xy1, zw1));
    vq_store(d + 3 * dst_stride, d + 7 * dst_stride, _mm256_unpackhi_epi64(xy1, zw1));
}

#endif
