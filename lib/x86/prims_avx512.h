/*
 * prims_avx512.h - the fetch template's primitives (lib/fetch_template.h) on
 * AVX-512 F+BW+VL with F16C and FMA: four vertices per 512-bit vector, one
 * in each 128-bit lane, and sixteen across. Static inline only; the
 * including file is compiled with $(CFLAGS_AVX512). Why FMA and vcvtph2ps
 * give the same bits as the scalar reference: see fetch_avx2.c.
 *
 * Element reads are masked byte loads (vmovdqu8 with a mask), which read
 * exactly the element's bytes and never fault on masked-off bytes, so the
 * last vertices of a run load and store under a lane mask instead of
 * taking a narrower path.
 */
#ifndef VF_LIB_X86_PRIMS_AVX512_H
#define VF_LIB_X86_PRIMS_AVX512_H

#include <stdint.h>
#include <string.h>

#include <immintrin.h>

#include "vf_internal.h"

#define VF_NV 4
typedef __m512i vec_t;

/* The loads, stores and transposes below are larger than GCC's inlining
 * limits, but a call per vector (with 512-bit arguments on the stack)
 * costs more than the work: always inline. */
#define VF_AVX512_INLINE static inline __attribute__((always_inline))
#define VF_ACROSS_INLINE VF_AVX512_INLINE

/* A pointer moved by a byte count that may leave the object: the masked
 * loads and stores below address a 64-byte window around the element. */
static inline const void *vf_avx512_at(const uint8_t *p, intptr_t delta)
{
    return (const void *)((uintptr_t)p + (uintptr_t)delta);
}

/* The low n bytes (n <= 64) of a 512-bit load. */
static inline __mmask64 vf_avx512_bytes(unsigned n)
{
    return n >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << n) - 1;
}

static inline vec_t vq_set4(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return _mm512_setr4_epi32((int)a, (int)b, (int)c, (int)d);
}

/*
 * n (1..4) elements of `size` bytes, element k at s + k * stride, into
 * lane k; lanes n..3 are zero. Packed elements (stride == size) come in
 * with one masked load and are spread to their lanes with one vperm*;
 * others with one masked 128-bit load each.
 */
VF_AVX512_INLINE vec_t vq_load_n(const uint8_t *s, size_t stride, unsigned n, unsigned size)
{
    if (stride == size && size >= 2) {
        __m512i raw = _mm512_maskz_loadu_epi8(vf_avx512_bytes(n * size), s);
        switch (size) {
        case 16:
            return raw;
        case 12:
            return _mm512_maskz_permutexvar_epi32(
                0x7777, _mm512_setr_epi32(0, 1, 2, 0, 3, 4, 5, 0, 6, 7, 8, 0, 9, 10, 11, 0), raw);
        case 8:
            return _mm512_maskz_permutexvar_epi64(0x55, _mm512_setr_epi64(0, 0, 1, 0, 2, 0, 3, 0),
                                                  raw);
        case 4:
            return _mm512_maskz_permutexvar_epi32(
                0x1111, _mm512_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0), raw);
        default: /* 2: vpermw */
            return _mm512_maskz_permutexvar_epi16(
                0x01010101,
                _mm512_set_epi16(0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0,
                                 0, 1, 0, 0, 0, 0, 0, 0, 0, 0),
                raw);
        }
    }
    __mmask16 m = (__mmask16)((1u << size) - 1);
    __m128i v0 = _mm_maskz_loadu_epi8(m, s);
    __m128i v1 = _mm_maskz_loadu_epi8(n > 1 ? m : 0, vf_avx512_at(s, (intptr_t)stride));
    __m128i v2 = _mm_maskz_loadu_epi8(n > 2 ? m : 0, vf_avx512_at(s, 2 * (intptr_t)stride));
    __m128i v3 = _mm_maskz_loadu_epi8(n > 3 ? m : 0, vf_avx512_at(s, 3 * (intptr_t)stride));
    __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(v0), v1, 1);
    __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(v2), v3, 1);
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

/* n (1..4) elements, element k at p[k] + off, into lane k; lanes n..3 zero. */
VF_AVX512_INLINE vec_t vq_gather_n(const uint8_t *const *p, size_t off, unsigned n, unsigned size)
{
    __mmask16 m = (__mmask16)((1u << size) - 1);
    __m128i v0 = _mm_maskz_loadu_epi8(m, p[0] + off);
    __m128i v1 = n > 1 ? _mm_maskz_loadu_epi8(m, p[1] + off) : _mm_setzero_si128();
    __m128i v2 = n > 2 ? _mm_maskz_loadu_epi8(m, p[2] + off) : _mm_setzero_si128();
    __m128i v3 = n > 3 ? _mm_maskz_loadu_epi8(m, p[3] + off) : _mm_setzero_si128();
    __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(v0), v1, 1);
    __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(v2), v3, 1);
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

/* Lanes 0..n-1 (n 1..4) as 16-byte aligned records, lane k at d + k * stride. */
VF_AVX512_INLINE void vq_store_n(uint8_t *d, size_t stride, unsigned n, vec_t v)
{
    if (stride == 16) {
        _mm512_mask_storeu_epi32(d, (__mmask16)((1u << (4 * n)) - 1), v);
        return;
    }
    __m256i lo = _mm512_castsi512_si256(v), hi = _mm512_extracti64x4_epi64(v, 1);
    _mm_store_si128((__m128i *)(void *)d, _mm256_castsi256_si128(lo));
    if (n > 1)
        _mm_store_si128((__m128i *)(void *)(d + stride), _mm256_extracti128_si256(lo, 1));
    if (n > 2)
        _mm_store_si128((__m128i *)(void *)(d + 2 * stride), _mm256_castsi256_si128(hi));
    if (n > 3)
        _mm_store_si128((__m128i *)(void *)(d + 3 * stride), _mm256_extracti128_si256(hi, 1));
}

static inline vec_t vq_and(vec_t a, vec_t b) { return _mm512_and_si512(a, b); }
static inline vec_t vq_or(vec_t a, vec_t b) { return _mm512_or_si512(a, b); }
static inline vec_t vq_andnot(vec_t a, vec_t b) { return _mm512_andnot_si512(a, b); }
static inline vec_t vq_add(vec_t a, vec_t b) { return _mm512_add_epi32(a, b); }
static inline vec_t vq_sub(vec_t a, vec_t b) { return _mm512_sub_epi32(a, b); }
/* Compares give mask registers here; these vector forms complete the set
 * (the small-float decode below works on the masks directly). */
static inline __attribute__((unused)) vec_t vq_cmpeq(vec_t a, vec_t b)
{
    return _mm512_maskz_mov_epi32(_mm512_cmpeq_epi32_mask(a, b), _mm512_set1_epi32(-1));
}
static inline __attribute__((unused)) vec_t vq_select(vec_t m, vec_t a, vec_t b)
{
    return _mm512_ternarylogic_epi32(m, a, b, 0xca); /* m ? a : b, bitwise */
}
static inline vec_t vq_srli(vec_t v, int n) { return _mm512_srli_epi32(v, (unsigned)n); }
static inline vec_t vq_slli(vec_t v, int n) { return _mm512_slli_epi32(v, (unsigned)n); }
static inline vec_t vq_srlv4(vec_t v, int a, int b, int c, int d)
{
    return _mm512_srlv_epi32(v, vq_set4((uint32_t)a, (uint32_t)b, (uint32_t)c, (uint32_t)d));
}
static inline vec_t vq_sllv4(vec_t v, int a, int b, int c, int d)
{
    return _mm512_sllv_epi32(v, vq_set4((uint32_t)a, (uint32_t)b, (uint32_t)c, (uint32_t)d));
}
static inline vec_t vq_bcast0(vec_t v) { return _mm512_shuffle_epi32(v, (_MM_PERM_ENUM)0); }
static inline vec_t vq_swap_xz(vec_t v)
{
    return _mm512_shuffle_epi32(v, (_MM_PERM_ENUM)_MM_SHUFFLE(3, 0, 1, 2));
}

/* vpshufb works within each 128-bit lane: one mask widens all four vertices. */
#define VF_AVX512_BYTES(...) _mm512_broadcast_i32x4(_mm_setr_epi8(__VA_ARGS__))
static inline vec_t vq_widen_u8(vec_t v)
{
    return _mm512_shuffle_epi8(
        v, VF_AVX512_BYTES(0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1, -1, 3, -1, -1, -1));
}
static inline vec_t vq_widen_s8(vec_t v)
{
    return _mm512_srai_epi32(
        _mm512_shuffle_epi8(
            v, VF_AVX512_BYTES(-1, -1, -1, 0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1, -1, 3)),
        24);
}
static inline vec_t vq_widen_u16(vec_t v)
{
    return _mm512_shuffle_epi8(
        v, VF_AVX512_BYTES(0, 1, -1, -1, 2, 3, -1, -1, 4, 5, -1, -1, 6, 7, -1, -1));
}
static inline vec_t vq_widen_s16(vec_t v)
{
    return _mm512_srai_epi32(
        _mm512_shuffle_epi8(
            v, VF_AVX512_BYTES(-1, -1, 0, 1, -1, -1, 2, 3, -1, -1, 4, 5, -1, -1, 6, 7)),
        16);
}

static inline vec_t vq_cvt(vec_t v) { return _mm512_castps_si512(_mm512_cvtepi32_ps(v)); }
/* unused: the SNORM clamp takes vq_max_s32 here; kept so the primitive set is complete */
static inline __attribute__((unused)) vec_t vq_maxf(vec_t a, vec_t b)
{
    return _mm512_castps_si512(_mm512_max_ps(_mm512_castsi512_ps(a), _mm512_castsi512_ps(b)));
}
static inline vec_t vq_unorm(vec_t c, vec_t m, vec_t r)
{
    __m512 cf = _mm512_castsi512_ps(c), mf = _mm512_castsi512_ps(m), rf = _mm512_castsi512_ps(r);
    __m512 q = _mm512_mul_ps(cf, rf);
    __m512 e = _mm512_fnmadd_ps(q, mf, cf);
    return _mm512_castps_si512(_mm512_fmadd_ps(e, rf, q));
}

static inline vec_t vq_srai(vec_t v, int n) { return _mm512_srai_epi32(v, (unsigned)n); }
#define VF_HAVE_MAX_S32 1
static inline vec_t vq_max_s32(vec_t a, vec_t b) { return _mm512_max_epi32(a, b); }

#define VF_HAVE_VARSHIFT 1

/* The template's small-float decode (vf_tpl_smallfloat) with the compares
 * in mask registers: the same operations, lane for lane. */
#define VF_HAVE_SMALLFLOAT 1
static inline vec_t vq_smallfloat(vec_t t)
{
    const vec_t exp_mask = _mm512_set1_epi32(0x0f800000);
    const vec_t rebias = _mm512_set1_epi32(0x38000000);
    vec_t e = _mm512_and_si512(t, exp_mask);
    __mmask16 infnan = _mm512_cmpeq_epi32_mask(e, exp_mask);
    vec_t r = _mm512_add_epi32(t, rebias);
    r = _mm512_mask_add_epi32(r, infnan, r, rebias);
    __mmask16 is_denorm = _mm512_testn_epi32_mask(t, exp_mask);
    /* t == 0 converts to 0 and must stay 0: subtract only from nonzero t. */
    vec_t d = vq_cvt(t);
    d = _mm512_mask_sub_epi32(d, _mm512_test_epi32_mask(t, t), d, _mm512_set1_epi32(0x12800000));
    return _mm512_mask_blend_epi32(is_denorm, r, d);
}

#define VF_HAVE_HALF_RAW 1
/* f = vcvtph2ps of the halves h (one per word, low 16 bits): NaN lanes
 * whose half has bit 9 clear lose the quiet bit vcvtph2ps set. */
static inline vec_t vf_avx512_half_fixup(vec_t f, vec_t h)
{
    __mmask16 nan = _mm512_cmpgt_epi32_mask(_mm512_and_si512(h, _mm512_set1_epi32(0x7fff)),
                                            _mm512_set1_epi32(0x7c00));
    __mmask16 signalling = nan & _mm512_testn_epi32_mask(h, _mm512_set1_epi32(0x200));
    return _mm512_mask_andnot_epi32(f, signalling, _mm512_set1_epi32(0x400000), f);
}
static inline vec_t vq_half_raw(vec_t raw)
{
    /* The four vertices' 8 bytes (qwords 0, 2, 4, 6) side by side for vcvtph2ps. */
    __m512i packed = _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 2, 4, 6, 0, 2, 4, 6), raw);
    return vf_avx512_half_fixup(
        _mm512_castps_si512(_mm512_cvtph_ps(_mm512_castsi512_si256(packed))), vq_widen_u16(raw));
}
static inline vec_t vq_half_words(vec_t h)
{
    /* vpmovdw: the sixteen low halves of the words, in order */
    return vf_avx512_half_fixup(_mm512_castps_si512(_mm512_cvtph_ps(_mm512_cvtepi32_epi16(h))),
                                h);
}

/* Across-vertex path: sixteen vertices per vector. */
#define VF_LANES 16

/* Sixteen words, zero-extended from `size` (1, 2 or 4) bytes at four
 * pointers each, built per 128-bit lane (see prims_avx2.h's vq_words). */
VF_AVX512_INLINE __m128i vf_avx512_words4(const uint8_t *a, const uint8_t *b, const uint8_t *c,
                                       const uint8_t *d, unsigned size)
{
    return _mm_setr_epi32((int)vf_load_word(a, size), (int)vf_load_word(b, size),
                          (int)vf_load_word(c, size), (int)vf_load_word(d, size));
}
VF_AVX512_INLINE vec_t vf_avx512_quad(__m128i a, __m128i b, __m128i c, __m128i d)
{
    __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
    __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(c), d, 1);
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

/*
 * Sixteen elements of `size` bytes at src + k * stride, one per lane.
 * Packed ones: one load, widened with vpmovzx. Others lane by lane:
 * vpgatherdd, though exact for 4-byte elements, ran R16G16 at half the
 * AVX2 kernel's speed (bench/README.md, "Lane-by-lane word loads on
 * avx512").
 */
#define VF_HAVE_WORDS_LOAD 1
VF_AVX512_INLINE vec_t vq_words_strided(const uint8_t *src, size_t stride, unsigned size)
{
    if (stride == size) {
        if (size == 1)
            return _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)src));
        if (size == 2)
            return _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(const void *)src));
        return _mm512_loadu_si512(src);
    }
#define VF_S(k) (src + (k) * stride)
    return vf_avx512_quad(vf_avx512_words4(VF_S(0), VF_S(1), VF_S(2), VF_S(3), size),
                          vf_avx512_words4(VF_S(4), VF_S(5), VF_S(6), VF_S(7), size),
                          vf_avx512_words4(VF_S(8), VF_S(9), VF_S(10), VF_S(11), size),
                          vf_avx512_words4(VF_S(12), VF_S(13), VF_S(14), VF_S(15), size));
#undef VF_S
}

/* Sixteen elements at p[k] + off, lane by lane (vpgatherqd is slower). */
VF_AVX512_INLINE vec_t vq_words_gather(const uint8_t *const *p, size_t off, unsigned size)
{
#define VF_P(k) (p[k] + off)
    return vf_avx512_quad(vf_avx512_words4(VF_P(0), VF_P(1), VF_P(2), VF_P(3), size),
                          vf_avx512_words4(VF_P(4), VF_P(5), VF_P(6), VF_P(7), size),
                          vf_avx512_words4(VF_P(8), VF_P(9), VF_P(10), VF_P(11), size),
                          vf_avx512_words4(VF_P(12), VF_P(13), VF_P(14), VF_P(15), size));
#undef VF_P
}

/*
 * Sixteen records (x, y, z, w). vpunpck* work within each 128-bit lane, so
 * register k holds records k, k + 4, k + 8, k + 12; records packed one
 * after another (stride 16) are put in order with four vshufi32x4 pairs
 * and written with four 64-byte stores, others one 16-byte store each.
 */
VF_AVX512_INLINE void vq_emit4(uint8_t *d, size_t stride, vec_t x, vec_t y, vec_t z, vec_t w)
{
    __m512i xy0 = _mm512_unpacklo_epi32(x, y), zw0 = _mm512_unpacklo_epi32(z, w);
    __m512i xy1 = _mm512_unpackhi_epi32(x, y), zw1 = _mm512_unpackhi_epi32(z, w);
    __m512i r0 = _mm512_unpacklo_epi64(xy0, zw0), r1 = _mm512_unpackhi_epi64(xy0, zw0);
    __m512i r2 = _mm512_unpacklo_epi64(xy1, zw1), r3 = _mm512_unpackhi_epi64(xy1, zw1);
    if (stride == 16) {
        __m512i t0 = _mm512_shuffle_i32x4(r0, r1, _MM_SHUFFLE(2, 0, 2, 0));
        __m512i t1 = _mm512_shuffle_i32x4(r0, r1, _MM_SHUFFLE(3, 1, 3, 1));
        __m512i t2 = _mm512_shuffle_i32x4(r2, r3, _MM_SHUFFLE(2, 0, 2, 0));
        __m512i t3 = _mm512_shuffle_i32x4(r2, r3, _MM_SHUFFLE(3, 1, 3, 1));
        _mm512_storeu_si512(d, _mm512_shuffle_i32x4(t0, t2, _MM_SHUFFLE(2, 0, 2, 0)));
        _mm512_storeu_si512(d + 64, _mm512_shuffle_i32x4(t1, t3, _MM_SHUFFLE(2, 0, 2, 0)));
        _mm512_storeu_si512(d + 128, _mm512_shuffle_i32x4(t0, t2, _MM_SHUFFLE(3, 1, 3, 1)));
        _mm512_storeu_si512(d + 192, _mm512_shuffle_i32x4(t1, t3, _MM_SHUFFLE(3, 1, 3, 1)));
        return;
    }
    vq_store_n(d, 4 * stride, 4, r0);
    vq_store_n(d + stride, 4 * stride, 4, r1);
    vq_store_n(d + 2 * stride, 4 * stride, 4, r2);
    vq_store_n(d + 3 * stride, 4 * stride, 4, r3);
}

#endif
