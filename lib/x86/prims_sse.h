/*
 * prims_sse.h - the fetch template's primitives (lib/fetch_template.h) on
 * 128-bit SSE: one vertex per vector, four across. Static inline only. The
 * including file defines VF_SSE_LEVEL (2, 3 or 41) and is compiled with the
 * matching -m flag; each level uses its best widening instructions (unpack /
 * pshufb / pmovzx) and SSE4.1 its blend.
 */
#ifndef VF_LIB_X86_PRIMS_SSE_H
#define VF_LIB_X86_PRIMS_SSE_H

#include <emmintrin.h>
#if VF_SSE_LEVEL >= 3
#  include <tmmintrin.h>
#endif
#if VF_SSE_LEVEL >= 41
#  include <smmintrin.h>
#endif

#include "sse_load.h"

/* (a[x], b[y], c[z], d[w]) */
static inline __m128i vf_sse_pick4(__m128i a, __m128i b, __m128i c, __m128i d)
{
    __m128 ab = _mm_shuffle_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b), _MM_SHUFFLE(1, 1, 0, 0));
    __m128 cd = _mm_shuffle_ps(_mm_castsi128_ps(c), _mm_castsi128_ps(d), _MM_SHUFFLE(3, 3, 2, 2));
    return _mm_castps_si128(_mm_shuffle_ps(ab, cd, _MM_SHUFFLE(2, 0, 2, 0)));
}

#define VF_NV 1
typedef __m128i vec_t;

static inline vec_t vq_load(const uint8_t *p0, const uint8_t *p1, unsigned size)
{
    (void)p1;
    return vf_sse_load(p0, size);
}
static inline vec_t vq_load16(const uint8_t *p0, const uint8_t *p1)
{
    (void)p1;
    return _mm_loadu_si128((const __m128i *)(const void *)p0);
}
static inline void vq_store(uint8_t *d0, uint8_t *d1, vec_t v)
{
    (void)d1;
    _mm_store_si128((__m128i *)(void *)d0, v);
}
static inline void vq_store_lo(uint8_t *d0, vec_t v)
{
    _mm_store_si128((__m128i *)(void *)d0, v);
}
static inline vec_t vq_set4(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return _mm_setr_epi32((int)a, (int)b, (int)c, (int)d);
}
static inline vec_t vq_and(vec_t a, vec_t b) { return _mm_and_si128(a, b); }
static inline vec_t vq_or(vec_t a, vec_t b) { return _mm_or_si128(a, b); }
static inline vec_t vq_andnot(vec_t a, vec_t b) { return _mm_andnot_si128(a, b); }
static inline vec_t vq_add(vec_t a, vec_t b) { return _mm_add_epi32(a, b); }
static inline vec_t vq_sub(vec_t a, vec_t b) { return _mm_sub_epi32(a, b); }
static inline vec_t vq_cmpeq(vec_t a, vec_t b) { return _mm_cmpeq_epi32(a, b); }
static inline vec_t vq_select(vec_t m, vec_t a, vec_t b)
{
#if VF_SSE_LEVEL >= 41
    return _mm_blendv_epi8(b, a, m);
#else
    return _mm_or_si128(_mm_and_si128(m, a), _mm_andnot_si128(m, b));
#endif
}
static inline vec_t vq_srli(vec_t v, int n) { return _mm_srli_epi32(v, n); }
static inline vec_t vq_slli(vec_t v, int n) { return _mm_slli_epi32(v, n); }
static inline vec_t vq_srlv4(vec_t v, int a, int b, int c, int d)
{
    return vf_sse_pick4(_mm_srli_epi32(v, a), _mm_srli_epi32(v, b), _mm_srli_epi32(v, c),
                        _mm_srli_epi32(v, d));
}
static inline vec_t vq_sllv4(vec_t v, int a, int b, int c, int d)
{
    return vf_sse_pick4(_mm_slli_epi32(v, a), _mm_slli_epi32(v, b), _mm_slli_epi32(v, c),
                        _mm_slli_epi32(v, d));
}
static inline vec_t vq_bcast0(vec_t v) { return _mm_shuffle_epi32(v, 0); }
static inline vec_t vq_swap_xz(vec_t v) { return _mm_shuffle_epi32(v, _MM_SHUFFLE(3, 0, 1, 2)); }

#if VF_SSE_LEVEL >= 41
static inline vec_t vq_widen_u8(vec_t v) { return _mm_cvtepu8_epi32(v); }
static inline vec_t vq_widen_s8(vec_t v) { return _mm_cvtepi8_epi32(v); }
static inline vec_t vq_widen_u16(vec_t v) { return _mm_cvtepu16_epi32(v); }
static inline vec_t vq_widen_s16(vec_t v) { return _mm_cvtepi16_epi32(v); }
#elif VF_SSE_LEVEL >= 3
/* pshufb: -1 (high bit set) writes a zero byte. Signed forms put the
 * source at the top of each word and shift it down arithmetically. */
static inline vec_t vq_widen_u8(vec_t v)
{
    return _mm_shuffle_epi8(
        v, _mm_setr_epi8(0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1, -1, 3, -1, -1, -1));
}
static inline vec_t vq_widen_s8(vec_t v)
{
    return _mm_srai_epi32(
        _mm_shuffle_epi8(
            v, _mm_setr_epi8(-1, -1, -1, 0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1, -1, 3)),
        24);
}
static inline vec_t vq_widen_u16(vec_t v)
{
    return _mm_shuffle_epi8(
        v, _mm_setr_epi8(0, 1, -1, -1, 2, 3, -1, -1, 4, 5, -1, -1, 6, 7, -1, -1));
}
static inline vec_t vq_widen_s16(vec_t v)
{
    return _mm_srai_epi32(
        _mm_shuffle_epi8(
            v, _mm_setr_epi8(-1, -1, 0, 1, -1, -1, 2, 3, -1, -1, 4, 5, -1, -1, 6, 7)),
        16);
}
#else
static inline vec_t vq_widen_u8(vec_t v)
{
    __m128i z = _mm_setzero_si128();
    return _mm_unpacklo_epi16(_mm_unpacklo_epi8(v, z), z);
}
static inline vec_t vq_widen_s8(vec_t v)
{
    __m128i t = _mm_unpacklo_epi8(v, v);
    return _mm_srai_epi32(_mm_unpacklo_epi16(t, t), 24);
}
static inline vec_t vq_widen_u16(vec_t v) { return _mm_unpacklo_epi16(v, _mm_setzero_si128()); }
static inline vec_t vq_widen_s16(vec_t v) { return _mm_srai_epi32(_mm_unpacklo_epi16(v, v), 16); }
#endif

static inline vec_t vq_cvt(vec_t v) { return _mm_castps_si128(_mm_cvtepi32_ps(v)); }
static inline vec_t vq_maxf(vec_t a, vec_t b)
{
    return _mm_castps_si128(_mm_max_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b)));
}
/* No FMA below AVX2: an IEEE divide is correctly rounded by definition. */
static inline vec_t vq_unorm(vec_t c, vec_t m, vec_t r)
{
    (void)r;
    return _mm_castps_si128(_mm_div_ps(_mm_castsi128_ps(c), _mm_castsi128_ps(m)));
}

static inline vec_t vq_srai(vec_t v, int n) { return _mm_srai_epi32(v, n); }

/* Across-vertex path: four vertices per vector. */
#define VF_LANES 4
static inline vec_t vq_words(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3)
{
    return _mm_setr_epi32((int)w0, (int)w1, (int)w2, (int)w3);
}
static inline void vq_emit4(uint8_t *d, size_t dst_stride, vec_t x, vec_t y, vec_t z, vec_t w)
{
    __m128i xy0 = _mm_unpacklo_epi32(x, y), zw0 = _mm_unpacklo_epi32(z, w);
    __m128i xy1 = _mm_unpackhi_epi32(x, y), zw1 = _mm_unpackhi_epi32(z, w);
    _mm_store_si128((__m128i *)(void *)d, _mm_unpacklo_epi64(xy0, zw0));
    _mm_store_si128((__m128i *)(void *)(d + dst_stride), _mm_unpackhi_epi64(xy0, zw0));
    _mm_store_si128((__m128i *)(void *)(d + 2 * dst_stride), _mm_unpacklo_epi64(xy1, zw1));
    _mm_store_si128((__m128i *)(void *)(d + 3 * dst_stride), _mm_unpackhi_epi64(xy1, zw1));
}

#endif
