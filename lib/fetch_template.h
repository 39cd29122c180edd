/*
 * fetch_template.h - every fetch kernel family, written once.
 *
 * ISA-neutral. Included, as "../fetch_template.h", by one file per
 * instruction set (lib/x86/fetch_*.c, lib/arm/fetch_neon.c) after that ISA's
 * primitives header (lib/x86/prims_sse.h, prims_avx2.h, lib/arm/prims_neon.h).
 * Defines only static functions and one table with the ISA's suffix, so
 * nothing compiled with one ISA's -m flags can be picked up by another
 * ISA's caller.
 *
 * The including file defines, before the #include, VF_SUFFIX and (through
 * its primitives header) the rest:
 *
 *   VF_SUFFIX     token appended to the exported table name (sse2, avx2...).
 *   VF_NV         vertices per vector: 1 (128-bit), 2 (256-bit, two
 *                 128-bit halves) or 4 (512-bit, four 128-bit lanes). Each
 *                 128-bit half of a vector holds one vertex: its raw element
 *                 bytes, zero-extended, before decoding; its four 32-bit
 *                 register words after.
 *   vec_t         the vector type (integer view; floats are carried as bits).
 *   VF_HAVE_HALF_RAW  optional: the file provides vq_half_raw() and
 *                 vq_half_words() (F16C).
 *   VF_HAVE_MAX_S32   optional: vq_max_s32() is one instruction (pmaxsd),
 *                 so the SNORM clamp is done on the integer code.
 *   VF_HAVE_VARSHIFT  optional: vq_srlv4/vq_sllv4 are single instructions
 *                 (AVX2 vpsrlvd, NEON ushl), so packed fields use them and
 *                 ACROSS_UNLESS_VARSHIFT rows are decoded per vertex.
 *   VF_HAVE_SMALLFLOAT  optional: vq_smallfloat(t) replaces
 *                 vf_tpl_smallfloat (same result, bit for bit; AVX-512
 *                 keeps its compares in mask registers).
 *   VF_ACROSS_INLINE  optional: how the across steps are declared
 *                 (default static inline).
 *   VF_HAVE_WORDS_LOAD  optional: vq_words_strided(src, stride, size) and
 *                 vq_words_gather(p, off, size) load the across-vertex
 *                 words (VF_LANES elements of `size` bytes, exactly those
 *                 bytes read) instead of the lane-by-lane loads below.
 *
 * and these static inline primitives (all lane-wise per 128-bit half):
 *
 *   with VF_NV 4, whose loops load and store under lane masks, instead of
 *   vq_load, vq_load16, vq_store and vq_store_lo:
 *   vq_load_n(s, stride, n, size)   n (1..VF_NV) elements, element k at
 *                           s + k * stride, into half k; the other halves
 *                           zero; exactly n * size bytes are read
 *   vq_gather_n(p, off, n, size)    the same with element k at p[k] + off
 *   vq_store_n(d, stride, n, v)     halves 0..n-1 as 16-byte aligned records,
 *                           half k at d + k * stride
 *
 *   vq_load(p0, p1, size)   element bytes of one vertex per half (p1 unused
 *                           when VF_NV is 1); size is 1, 2, 4, 8, 12 or 16
 *                           and exactly `size` bytes are read at each pointer
 *   vq_load16(p0, p1)       16 bytes at each pointer (only where the caller
 *                           knows they are in the buffer)
 *   vq_store(d0, d1, v)     one 16-byte aligned register per vertex
 *   vq_store_lo(d0, v)      the first vertex only (VF_NV 2)
 *   vq_set4(a, b, c, d)     constant words x, y, z, w in every half
 *   vq_and vq_or vq_andnot(a, b) = ~a & b, vq_add, vq_sub, vq_cmpeq (32-bit)
 *   vq_select(m, a, b)      m ? a : b per bit (m is all-ones or zero per word)
 *   vq_srli(v, n) vq_slli(v, n)           logical shifts by a constant
 *   vq_srlv4(v, a, b, c, d) vq_sllv4(...)  per-word constant shifts
 *   vq_bcast0(v)            word 0 into all four words
 *   vq_swap_xz(v)           words (z, y, x, w): BGRA channel order
 *   vq_widen_u8 / _s8       bytes 0..3 to words, zero / sign extended
 *   vq_widen_u16 / _s16     16-bit units 0..3 to words
 *   vq_cvt(v)               signed words to float32 bits (exact below 2^24)
 *   vq_maxf(a, b)           float max (operands are never NaN here)
 *   vq_unorm(c, m, r)       float bits of c / m, correctly rounded; c, m are
 *                           float bits of integers below 2^24 and r = 1/m
 *                           rounded (ISAs with FMA use it, others divide)
 *   vq_srai(v, n)           arithmetic shift right by a constant
 *
 * and, for the across-vertex path:
 *
 *   VF_LANES                vertices per vector there: 32-bit lanes (4, 8, 16)
 *   vq_words(w0, ..)        a vector of VF_LANES words, lane 0 first
 *   vq_emit4(d, dst_stride, x, y, z, w)  VF_LANES records (x, y, z, w)
 *                           (a transpose), record k at d + k * dst_stride
 *
 * Two shapes, chosen per format by the shape column of vertex_formats.def:
 *   per vertex     a vertex's four register words fill a 128-bit lane group
 *                  (VF_NV vertices per vector): 3- and 4-component formats,
 *                  whose vertex fills the lanes by itself, and the 16-bit
 *                  packed ones; no transpose needed
 *   across vertices  one 32-bit lane per vertex (VF_LANES vertices per
 *                  vector: 4 on SSE and NEON, 8 on AVX2): 1- and
 *                  2-component 8/16-bit formats, R11G11B10 and (without
 *                  per-word shifts) R10G10B10A2; fields come out with
 *                  whole-vector shifts, one conversion serves VF_LANES
 *                  vertices, vq_emit4 transposes into records
 *
 * The formats, with their size, component count, type, width and shape,
 * come from lib/vertex_formats.def: a row of an array type (FLOAT, UNORM,
 * SNORM, UINT, SINT) gets its decoder from the families below, a PACKED row
 * needs dec_<fmt> (and, across vertices, across_<fmt>) written out here.
 *
 * Families (each written once, parameterised by size, channel count,
 * channel order and defaults):
 *   copy32   32-bit components: bits moved with integer instructions only
 *   int8/16  UINT/SINT: widen, then OR the missing-component defaults
 *   norm8/16 UNORM/SNORM: widen, convert (exact), clamp -2^(n-1) to
 *            -(2^(n-1)-1), then a correctly rounded divide
 *   half     float16 -> float32 in integers (or F16C), denormals exact,
 *            NaN = sign | 0x7f800000 | f << 13 (signalling stays signalling)
 *   packed   R10G10B10A2, R11G11B10, B5G6R5, B5G5R5A1, B4G4R4A4
 *
 * Reads: every load reads exactly the element's bytes (tails of a vector
 * point the unused lanes at a static zero block and do not store them), so
 * an element may end at an unmapped page; the one exception, a 16-byte load
 * of a 12-byte element, is used only when the next element of the same run
 * shows the 4 bytes after it are in the buffer.
 *
 * Why the results do not depend on FTZ/DAZ: the only float operations are
 * int->float conversions (exact, integer inputs), max, and the UNORM/SNORM
 * divide (or FMA correction) whose inputs, intermediates and results are
 * normal numbers or zero. Small floats (half, float11, float10) are
 * decoded with integer operations; a denormal one is converted as an
 * integer and its exponent adjusted with an integer subtract, so no float
 * denormal is ever formed. F16C (AVX2) converts half denormals exactly
 * whatever MXCSR says. tests/check_simd.c checks every code with FTZ and
 * DAZ set. Results do depend on round-to-nearest, as the public header says.
 */

#if !defined(VF_SUFFIX) || !defined(VF_NV) || !defined(VF_LANES)
#  error "define VF_SUFFIX, VF_NV, VF_LANES, vec_t and the vq_* primitives first"
#endif

#define VF_TPL_CAT2(a, b) a##_##b
#define VF_TPL_CAT(a, b) VF_TPL_CAT2(a, b)
#define VF_TPL(name) VF_TPL_CAT(name, VF_SUFFIX)

#if VF_NV < 4
/* Lanes of a gather or a tail that have no element read this block. */
static const uint8_t vf_tpl_zero16[16] __attribute__((aligned(16))) = { 0 };
#endif

/* ------------------------------------------------------------------------ */
/* Shared decode steps                                                       */
/* ------------------------------------------------------------------------ */

/*
 * A small unsigned float with a 5-bit exponent, already shifted so that its
 * exponent sits in bits 27..23 and its mantissa at the top of bits 22..0
 * (half: (h & 0x7fff) << 13; float11: v << 17; float10: v << 18). Returns
 * the float32 bits: normal numbers rebias the exponent (+112), Inf/NaN keep
 * their mantissa under an all-ones exponent, denormals (exponent 0) are
 * m * 2^-37 where m is the shifted mantissa: converted exactly as an integer,
 * then 37 is taken off the float exponent with an integer subtract.
 */
#ifdef VF_HAVE_SMALLFLOAT
#  define vf_tpl_smallfloat(t) vq_smallfloat(t)
#else
static inline vec_t vf_tpl_smallfloat(vec_t t)
{
    const vec_t exp_mask = vq_set4(0x0f800000u, 0x0f800000u, 0x0f800000u, 0x0f800000u);
    const vec_t rebias = vq_set4(0x38000000u, 0x38000000u, 0x38000000u, 0x38000000u);
    const vec_t denorm_bias = vq_set4(0x12800000u, 0x12800000u, 0x12800000u, 0x12800000u);
    const vec_t zero = vq_set4(0, 0, 0, 0);
    vec_t e = vq_and(t, exp_mask);
    vec_t infnan = vq_cmpeq(e, exp_mask);
    vec_t r = vq_add(vq_add(t, rebias), vq_and(infnan, rebias));
    vec_t is_denorm = vq_cmpeq(e, zero);
    /* t == 0 converts to 0 and must stay 0: subtract only from nonzero t. */
    vec_t d = vq_sub(vq_cvt(t), vq_andnot(vq_cmpeq(t, zero), denorm_bias));
    return vq_select(is_denorm, d, r);
}
#endif

/* Halves in the low 16 bits of each word (the rest zero) -> float32 bits. */
static inline vec_t vf_tpl_half_bits(vec_t h)
{
    vec_t mag = vq_and(h, vq_set4(0x7fffu, 0x7fffu, 0x7fffu, 0x7fffu));
    vec_t sign = vq_slli(vq_andnot(mag, h), 16);
    return vq_or(vf_tpl_smallfloat(vq_slli(mag, 13)), sign);
}

/* vf_tpl_half: halves in 16-bit units 0..3 of each vertex; vf_tpl_halfw:
 * halves in the low half of each word. */
#ifdef VF_HAVE_HALF_RAW
#  define vf_tpl_half(raw) vq_half_raw(raw)
#  define vf_tpl_halfw(h) vq_half_words(h)
#else
#  define vf_tpl_half(raw) vf_tpl_half_bits(vq_widen_u16(raw))
#  define vf_tpl_halfw(h) vf_tpl_half_bits(h)
#endif

/* 2^n - 1 and its reciprocal, as float bits (n = 8 and 16; 7 and 15 for SNORM). */
#define VF_F255 0x437f0000u
#define VF_R255 0x3b808081u   /* (float)(1.0 / 255) */
#define VF_F127 0x42fe0000u
#define VF_R127 0x3c010204u   /* (float)(1.0 / 127) */
#define VF_F65535 0x477fff00u
#define VF_R65535 0x37800080u /* (float)(1.0 / 65535) */
#define VF_F32767 0x46fffe00u
#define VF_R32767 0x38000100u /* (float)(1.0 / 32767) */

static inline vec_t vf_tpl_unorm1(vec_t c, uint32_t m, uint32_t r)
{
    return vq_unorm(vq_cvt(c), vq_set4(m, m, m, m), vq_set4(r, r, r, r));
}

/* c holds sign-extended codes; -2^(n-1) clamps to -(2^(n-1)-1) so it gives -1. */
static inline vec_t vf_tpl_snorm1(vec_t c, uint32_t m, uint32_t r)
{
#ifdef VF_HAVE_MAX_S32
    /* m is 127.0f or 32767.0f: clamp the integer code to -127 / -32767 */
    int32_t lo = m == VF_F127 ? -127 : -32767;
    vec_t f = vq_cvt(
        vq_max_s32(c, vq_set4((uint32_t)lo, (uint32_t)lo, (uint32_t)lo, (uint32_t)lo)));
#else
    vec_t f = vq_maxf(vq_cvt(c), vq_or(vq_set4(m, m, m, m), vq_set4(0x80000000u, 0x80000000u,
                                                                      0x80000000u, 0x80000000u)));
#endif
    return vq_unorm(f, vq_set4(m, m, m, m), vq_set4(r, r, r, r));
}

/* ------------------------------------------------------------------------ */
/* Decoders: raw element bytes per vertex -> four register words             */
/* ------------------------------------------------------------------------ */

/* Missing-component defaults: 0 for x, y, z; one (1.0f or 1) for w, where
 * the format has fewer than four components. */
#define VF_DEF(nc, one) vq_set4(0, 0, 0, (nc) < 4 ? (one) : 0)

/* Keep the first nc words (the raw zero-extension already clears the rest
 * for every size but a 16-byte load of a 12-byte element). */
#define VF_KEEP(nc)                                                              \
    vq_set4(0xffffffffu, (nc) > 1 ? 0xffffffffu : 0, (nc) > 2 ? 0xffffffffu : 0, \
            (nc) > 3 ? 0xffffffffu : 0)

#define VF_DEC_COPY32(fmt, nc, one)                              \
    static inline vec_t VF_TPL(dec_##fmt)(vec_t raw)             \
    {                                                            \
        return vq_or(vq_and(raw, VF_KEEP(nc)), VF_DEF(nc, one)); \
    }

#define VF_DEC_INT(fmt, nc, widen)                   \
    static inline vec_t VF_TPL(dec_##fmt)(vec_t raw) \
    {                                                \
        return vq_or(widen(raw), VF_DEF(nc, 1u));    \
    }

#define VF_DEC_UNORM(fmt, nc, widen, m, r)                                      \
    static inline vec_t VF_TPL(dec_##fmt)(vec_t raw)                            \
    {                                                                           \
        return vq_or(vf_tpl_unorm1(widen(raw), m, r), VF_DEF(nc, 0x3f800000u)); \
    }

#define VF_DEC_SNORM(fmt, nc, widen, m, r)                                      \
    static inline vec_t VF_TPL(dec_##fmt)(vec_t raw)                            \
    {                                                                           \
        return vq_or(vf_tpl_snorm1(widen(raw), m, r), VF_DEF(nc, 0x3f800000u)); \
    }

#define VF_DEC_HALF(fmt, nc)                                     \
    static inline vec_t VF_TPL(dec_##fmt)(vec_t raw)             \
    {                                                            \
        return vq_or(vf_tpl_half(raw), VF_DEF(nc, 0x3f800000u)); \
    }

/* An array row's decoder, by type and width. */
#define VF_DEC_FLOAT_32(fmt, nc) VF_DEC_COPY32(fmt, nc, 0x3f800000u)
#define VF_DEC_UINT_32(fmt, nc) VF_DEC_COPY32(fmt, nc, 1u)
#define VF_DEC_SINT_32(fmt, nc) VF_DEC_COPY32(fmt, nc, 1u)
#define VF_DEC_FLOAT_16(fmt, nc) VF_DEC_HALF(fmt, nc)
#define VF_DEC_UNORM_16(fmt, nc) VF_DEC_UNORM(fmt, nc, vq_widen_u16, VF_F65535, VF_R65535)
#define VF_DEC_SNORM_16(fmt, nc) VF_DEC_SNORM(fmt, nc, vq_widen_s16, VF_F32767, VF_R32767)
#define VF_DEC_UINT_16(fmt, nc) VF_DEC_INT(fmt, nc, vq_widen_u16)
#define VF_DEC_SINT_16(fmt, nc) VF_DEC_INT(fmt, nc, vq_widen_s16)
#define VF_DEC_UNORM_8(fmt, nc) VF_DEC_UNORM(fmt, nc, vq_widen_u8, VF_F255, VF_R255)
#define VF_DEC_SNORM_8(fmt, nc) VF_DEC_SNORM(fmt, nc, vq_widen_s8, VF_F127, VF_R127)
#define VF_DEC_UINT_8(fmt, nc) VF_DEC_INT(fmt, nc, vq_widen_u8)
#define VF_DEC_SINT_8(fmt, nc) VF_DEC_INT(fmt, nc, vq_widen_s8)
#define VF_DEC_PACKED_0(fmt, nc) /* written out below */

#define VF_VERTEX_FORMAT(name, bytes, nc, type, bits, shape) VF_DEC_##type##_##bits(name, nc)
#include "vertex_formats.def"
#undef VF_VERTEX_FORMAT

/* The PACKED rows. */

/* BGRA: byte 0 is B (register z), byte 2 is R (x). */
static inline vec_t VF_TPL(dec_B8G8R8A8_UNORM)(vec_t raw)
{
    return vf_tpl_unorm1(vq_swap_xz(vq_widen_u8(raw)), VF_F255, VF_R255);
}

/* BGRX: the X byte is not a component; w is the 1.0f default. */
static inline vec_t VF_TPL(dec_B8G8R8X8_UNORM)(vec_t raw)
{
    vec_t c = vq_and(vq_widen_u8(raw), VF_KEEP(3));
    return vq_or(vf_tpl_unorm1(vq_swap_xz(c), VF_F255, VF_R255), VF_DEF(3, 0x3f800000u));
}

static inline vec_t VF_TPL(dec_R10G10B10A2_UINT)(vec_t raw)
{
    return vq_and(vq_srlv4(vq_bcast0(raw), 0, 10, 20, 30), vq_set4(0x3ff, 0x3ff, 0x3ff, 3));
}

static inline vec_t VF_TPL(dec_R10G10B10A2_UNORM)(vec_t raw)
{
    /* 1023.0f and 3.0f; reciprocals rounded to float. */
    return vq_unorm(vq_cvt(VF_TPL(dec_R10G10B10A2_UINT)(raw)),
                    vq_set4(0x447fc000u, 0x447fc000u, 0x447fc000u, 0x40400000u),
                    vq_set4(0x3a802008u, 0x3a802008u, 0x3a802008u, 0x3eaaaaabu));
}

/* R11G11B10: float11 R, G (6-bit mantissa), float10 B (5-bit), no sign. */
static inline vec_t VF_TPL(dec_R11G11B10_FLOAT)(vec_t raw)
{
    vec_t b = vq_bcast0(raw);
#ifdef VF_HAVE_VARSHIFT
    vec_t t = vq_sllv4(vq_and(vq_srlv4(b, 0, 11, 22, 0), vq_set4(0x7ff, 0x7ff, 0x3ff, 0)),
                       17, 17, 18, 0);
#else
    /* Without per-word shifts: move each field's top to bit 27 with three
     * whole-vector shifts and keep it in its own word only. */
    vec_t t = vq_or(vq_or(vq_and(vq_slli(b, 17), vq_set4(0x0ffe0000u, 0, 0, 0)),
                          vq_and(vq_slli(b, 6), vq_set4(0, 0x0ffe0000u, 0, 0))),
                    vq_and(vq_srli(b, 4), vq_set4(0, 0, 0x0ffc0000u, 0)));
#endif
    return vq_or(vf_tpl_smallfloat(t), VF_DEF(3, 0x3f800000u));
}

/*
 * 16-bit packed UNORM: each field is masked in place and divided by its
 * all-ones value at the same position, (c * 2^s) / (m * 2^s): scaling both
 * operands by a power of two leaves the correctly rounded quotient, so no
 * per-field shift is needed. The divisors and reciprocals are exact powers
 * of two times those of 2^n - 1.
 */
#define VF_DEC_PACKED16(fmt, mx, my, mz, mw, dx, dy, dz, dw, rx, ry, rz, rw, nc)            \
    static inline vec_t VF_TPL(dec_##fmt)(vec_t raw)                                        \
    {                                                                                       \
        vec_t c = vq_and(vq_bcast0(raw), vq_set4(mx, my, mz, mw));                          \
        return vq_or(vq_unorm(vq_cvt(c), vq_set4(dx, dy, dz, dw), vq_set4(rx, ry, rz, rw)), \
                     VF_DEF(nc, 0x3f800000u));                                              \
    }

/* float bits: 31<<11 = 63488.0f, 63<<5 = 2016.0f, 31.0f, 31<<10 = 31744.0f,
 * 31<<5 = 992.0f, 32768.0f, 15<<8 = 3840.0f, 15<<4 = 240.0f, 15.0f,
 * 15<<12 = 61440.0f; reciprocals are 1/(2^n-1) rounded, scaled by 2^-s. */
VF_DEC_PACKED16(B5G6R5_UNORM, 0xf800u, 0x07e0u, 0x001fu, 0u,
                0x47780000u, 0x44fc0000u, 0x41f80000u, 0x3f800000u,
                0x37842108u, 0x3a020821u, 0x3d042108u, 0x3f800000u, 3)
VF_DEC_PACKED16(B5G5R5A1_UNORM, 0x7c00u, 0x03e0u, 0x001fu, 0x8000u,
                0x46f80000u, 0x44780000u, 0x41f80000u, 0x47000000u,
                0x38042108u, 0x3a842108u, 0x3d042108u, 0x38000000u, 4)
VF_DEC_PACKED16(B4G4R4A4_UNORM, 0x0f00u, 0x00f0u, 0x000fu, 0xf000u,
                0x45700000u, 0x43700000u, 0x41700000u, 0x47700000u,
                0x39888889u, 0x3b888889u, 0x3d888889u, 0x37888889u, 4)

/* ------------------------------------------------------------------------ */
/* Loops                                                                     */
/* ------------------------------------------------------------------------ */

/*
 * Per-vertex loops: two vectors of VF_NV vertices per iteration (on Zen 3
 * the one-vector AVX2 loop of a BGRA or SNORM kernel runs at 2000
 * Mvertices/s, unrolled at 2700-3100), then single vectors, then the last vertex
 * alone with the missing lane reading the zero block and not stored. A
 * 12-byte element is loaded with one 16-byte load when the 4 bytes after it
 * are known to be in the buffer: they are whenever another element of the
 * run starts at least 4 bytes later (stride >= 4), so every element but the
 * last. Every other load reads exactly the element's bytes.
 */
#if VF_NV == 4
/*
 * With four vertices per vector the loops load and store under lane masks
 * (vq_load_n, vq_gather_n, vq_store_n): two vectors per iteration, then
 * the last 1..4 vertices in one vector whose missing lanes are neither read
 * nor stored. Every load reads exactly the element's bytes.
 */
#define VF_VERTEX_LOOPS(fmt, size)                                                              \
    static inline void VF_TPL(vertex_strided_##fmt)(const uint8_t *src, size_t src_stride,      \
                                                 uint32_t count, uint8_t *dst,                  \
                                                 size_t dst_stride)                             \
    {                                                                                           \
        size_t i = 0; /* size_t: strength-reduced addressing */                                 \
        for (; count - i >= 2 * VF_NV; i += 2 * VF_NV) {                                        \
            const uint8_t *s = src + i * src_stride;                                            \
            uint8_t *d = dst + i * dst_stride;                                                  \
            vec_t a = VF_TPL(dec_##fmt)(vq_load_n(s, src_stride, VF_NV, (size)));               \
            vec_t b = VF_TPL(dec_##fmt)(vq_load_n(s + VF_NV * src_stride, src_stride, VF_NV,    \
                                                  (size)));                                     \
            vq_store_n(d, dst_stride, VF_NV, a);                                                \
            vq_store_n(d + VF_NV * dst_stride, dst_stride, VF_NV, b);                           \
        }                                                                                       \
        for (; i < count; i += VF_NV) {                                                         \
            unsigned n = count - i < VF_NV ? (unsigned)(count - i) : VF_NV;                     \
            vq_store_n(dst + i * dst_stride, dst_stride, n,                                     \
                       VF_TPL(dec_##fmt)(vq_load_n(src + i * src_stride, src_stride, n,         \
                                                   (size))));                                   \
        }                                                                                       \
    }                                                                                           \
    static inline void VF_TPL(vertex_gather_##fmt)(const uint8_t *const *src, size_t off,       \
                                                uint32_t count, uint8_t *dst,                   \
                                                size_t dst_stride)                              \
    {                                                                                           \
        size_t i = 0; /* size_t: strength-reduced addressing */                                 \
        for (; count - i >= 2 * VF_NV; i += 2 * VF_NV) {                                        \
            uint8_t *d = dst + i * dst_stride;                                                  \
            vec_t a = VF_TPL(dec_##fmt)(vq_gather_n(src + i, off, VF_NV, (size)));              \
            vec_t b = VF_TPL(dec_##fmt)(vq_gather_n(src + i + VF_NV, off, VF_NV, (size)));      \
            vq_store_n(d, dst_stride, VF_NV, a);                                                \
            vq_store_n(d + VF_NV * dst_stride, dst_stride, VF_NV, b);                           \
        }                                                                                       \
        for (; i < count; i += VF_NV) {                                                         \
            unsigned n = count - i < VF_NV ? (unsigned)(count - i) : VF_NV;                     \
            vq_store_n(dst + i * dst_stride, dst_stride, n,                                     \
                       VF_TPL(dec_##fmt)(vq_gather_n(src + i, off, n, (size))));                \
        }                                                                                       \
    }
#else
#define VF_VERTEX_LOOPS(fmt, size)                                                                \
    static inline void VF_TPL(vertex_strided_##fmt)(const uint8_t *src, size_t src_stride,        \
                                                 uint32_t count, uint8_t *dst,                    \
                                                 size_t dst_stride)                               \
    {                                                                                             \
        size_t i = 0; /* size_t: strength-reduced addressing */                                   \
        if ((size) == 12 && src_stride >= 4) {                                                    \
            for (; count - i > VF_NV; i += VF_NV) {                                               \
                const uint8_t *s = src + i * src_stride;                                          \
                uint8_t *d = dst + i * dst_stride;                                                \
                vq_store(d, VF_NV > 1 ? d + dst_stride : d,                                       \
                         VF_TPL(dec_##fmt)(vq_load16(s, VF_NV > 1 ? s + src_stride : s)));        \
            }                                                                                     \
        }                                                                                         \
        for (; count - i >= 2 * VF_NV; i += 2 * VF_NV) {                                          \
            const uint8_t *s = src + i * src_stride;                                              \
            uint8_t *d = dst + i * dst_stride;                                                    \
            vec_t a = VF_TPL(dec_##fmt)(vq_load(s, VF_NV > 1 ? s + src_stride : s, (size)));      \
            s += VF_NV * src_stride;                                                              \
            vec_t b = VF_TPL(dec_##fmt)(vq_load(s, VF_NV > 1 ? s + src_stride : s, (size)));      \
            vq_store(d, VF_NV > 1 ? d + dst_stride : d, a);                                       \
            d += VF_NV * dst_stride;                                                              \
            vq_store(d, VF_NV > 1 ? d + dst_stride : d, b);                                       \
        }                                                                                         \
        for (; count - i >= VF_NV; i += VF_NV) {                                                  \
            const uint8_t *s = src + i * src_stride;                                              \
            uint8_t *d = dst + i * dst_stride;                                                    \
            vq_store(d, VF_NV > 1 ? d + dst_stride : d,                                           \
                     VF_TPL(dec_##fmt)(vq_load(s, VF_NV > 1 ? s + src_stride : s, (size))));      \
        }                                                                                         \
        if (VF_NV > 1 && i < count)                                                               \
            vq_store_lo(dst + i * dst_stride,                                                     \
                        VF_TPL(dec_##fmt)(vq_load(src + i * src_stride,                           \
                                                  vf_tpl_zero16, (size))));                       \
    }                                                                                             \
    static inline void VF_TPL(vertex_gather_##fmt)(const uint8_t *const *src, size_t off,         \
                                                uint32_t count, uint8_t *dst,                     \
                                                size_t dst_stride)                                \
    {                                                                                             \
        size_t i = 0; /* size_t: strength-reduced addressing */                                   \
        for (; count - i >= 2 * VF_NV; i += 2 * VF_NV) {                                          \
            uint8_t *d = dst + i * dst_stride;                                                    \
            vec_t a = VF_TPL(dec_##fmt)(vq_load(src[i] + off, src[i + VF_NV - 1] + off, (size))); \
            vec_t b = VF_TPL(dec_##fmt)(vq_load(src[i + VF_NV] + off,                             \
                                                src[i + 2 * VF_NV - 1] + off, (size)));           \
            vq_store(d, VF_NV > 1 ? d + dst_stride : d, a);                                       \
            d += VF_NV * dst_stride;                                                              \
            vq_store(d, VF_NV > 1 ? d + dst_stride : d, b);                                       \
        }                                                                                         \
        for (; count - i >= VF_NV; i += VF_NV) {                                                  \
            uint8_t *d = dst + i * dst_stride;                                                    \
            vq_store(d, VF_NV > 1 ? d + dst_stride : d,                                           \
                     VF_TPL(dec_##fmt)(vq_load(src[i] + off, src[i + VF_NV - 1] + off, (size)))); \
        }                                                                                         \
        if (VF_NV > 1 && i < count)                                                               \
            vq_store_lo(dst + i * dst_stride,                                                     \
                        VF_TPL(dec_##fmt)(vq_load(src[i] + off, vf_tpl_zero16, (size))));         \
    }
#endif

/* A per-vertex kernel: the exported pair of loops. */
#define VF_KERNEL_VERTEX(fmt, size, nc, type, bits)                                          \
    VF_VERTEX_LOOPS(fmt, size)                                                               \
    static void VF_TPL(strided_##fmt)(const uint8_t *src, size_t src_stride, uint32_t count, \
                                      uint32_t *dst, size_t dst_stride)                      \
    {                                                                                        \
        VF_TPL(vertex_strided_##fmt)(src, src_stride, count, (uint8_t *)dst, dst_stride);    \
    }                                                                                        \
    static void VF_TPL(gather_##fmt)(const uint8_t *const *src, size_t off, uint32_t count,  \
                                     uint32_t *dst, size_t dst_stride)                       \
    {                                                                                        \
        VF_TPL(vertex_gather_##fmt)(src, off, count, (uint8_t *)dst, dst_stride);            \
    }

/* ------------------------------------------------------------------------ */
/* Across vertices: one or two 8/16-bit components                           */
/* ------------------------------------------------------------------------ */

/*
 * With one or two components a vertex fills only part of a vector, so these
 * formats are decoded across vertices: VF_LANES vertices' element words in
 * one vector (exact-size loads), each component extracted with whole-vector
 * shifts and converted once for all lanes, then interleaved into records
 * (x, y, 0, one). The last count % VF_LANES vertices take the per-vertex
 * path. (With three or four components a vertex fills the four lanes by
 * itself and the per-vertex path needs no transpose, so it stays there.)
 */
static inline uint32_t vf_tpl_load_word(const uint8_t *p, unsigned size)
{
    uint32_t w;
    if (size == 1)
        return p[0];
    if (size == 2)
        return vf_load_u16(p);
    memcpy(&w, p, 4);
    return w;
}

/* Lane k = the `size` (1, 2 or 4) bytes at p_k, zero-extended; written out
 * lane by lane (no arrays) so the words go straight into the vector. */
#ifdef VF_HAVE_WORDS_LOAD
#  define vf_tpl_words_strided vq_words_strided
#  define vf_tpl_words_gather vq_words_gather
#else
#define VF_W(p) vf_tpl_load_word((p), size)
static inline vec_t vf_tpl_words_strided(const uint8_t *src, size_t stride, unsigned size)
{
#if VF_LANES == 8
    return vq_words(VF_W(src), VF_W(src + stride), VF_W(src + 2 * stride), VF_W(src + 3 * stride),
                    VF_W(src + 4 * stride), VF_W(src + 5 * stride), VF_W(src + 6 * stride),
                    VF_W(src + 7 * stride));
#else
    return vq_words(VF_W(src), VF_W(src + stride), VF_W(src + 2 * stride), VF_W(src + 3 * stride));
#endif
}
static inline vec_t vf_tpl_words_gather(const uint8_t *const *p, size_t off, unsigned size)
{
#if VF_LANES == 8
    return vq_words(VF_W(p[0] + off), VF_W(p[1] + off), VF_W(p[2] + off), VF_W(p[3] + off),
                    VF_W(p[4] + off), VF_W(p[5] + off), VF_W(p[6] + off), VF_W(p[7] + off));
#else
    return vq_words(VF_W(p[0] + off), VF_W(p[1] + off), VF_W(p[2] + off), VF_W(p[3] + off));
#endif
}
#undef VF_W
#endif

/* Component c of nc, `bits` wide, of the zero-extended element word. */
static inline vec_t vf_tpl_field(vec_t w, unsigned c, unsigned nc, unsigned bits, int is_signed)
{
    if (is_signed)
        return vq_srai(vq_slli(w, (int)(32 - bits * (c + 1))), (int)(32 - bits));
    if (c + 1 == nc) /* the top field: the word is zero above it */
        return vq_srli(w, (int)(bits * c));
    uint32_t m = (1u << bits) - 1u;
    return vq_and(vq_srli(w, (int)(bits * c)), vq_set4(m, m, m, m));
}

/* How the across steps are declared: an ISA whose steps GCC would leave
 * out of line (AVX-512: 512-bit work per call) defines it first. */
#ifndef VF_ACROSS_INLINE
#  define VF_ACROSS_INLINE static inline
#endif

#define VF_ACROSS_CONV_UINT(v, bits) (v)
#define VF_ACROSS_CONV_SINT(v, bits) (v)
#define VF_ACROSS_CONV_UNORM(v, bits)                                                           \
    ((bits) == 8 ? vf_tpl_unorm1(v, VF_F255, VF_R255) : vf_tpl_unorm1(v, VF_F65535, VF_R65535))
#define VF_ACROSS_CONV_SNORM(v, bits)                                                           \
    ((bits) == 8 ? vf_tpl_snorm1(v, VF_F127, VF_R127) : vf_tpl_snorm1(v, VF_F32767, VF_R32767))
#define VF_ACROSS_CONV_FLOAT(v, bits) vf_tpl_halfw(v) /* 16-bit: halves */
#define VF_ACROSS_SIGNED_UINT 0
#define VF_ACROSS_SIGNED_SINT 1
#define VF_ACROSS_SIGNED_UNORM 0
#define VF_ACROSS_SIGNED_SNORM 1
#define VF_ACROSS_SIGNED_FLOAT 0
#define VF_ACROSS_ONE_UINT 1u
#define VF_ACROSS_ONE_SINT 1u
#define VF_ACROSS_ONE_UNORM 0x3f800000u
#define VF_ACROSS_ONE_SNORM 0x3f800000u
#define VF_ACROSS_ONE_FLOAT 0x3f800000u

/* The loops of an across-vertex kernel around its across_<fmt> step. */
#define VF_ACROSS_LOOPS(fmt, size)                                                                \
    static void VF_TPL(strided_##fmt)(const uint8_t *src, size_t src_stride, uint32_t count,      \
                                      uint32_t *dst, size_t dst_stride)                           \
    {                                                                                             \
        uint8_t *d = (uint8_t *)dst;                                                              \
        size_t i = 0; /* size_t: strength-reduced addressing */                                   \
        for (; count - i >= VF_LANES; i += VF_LANES)                                              \
            VF_TPL(across_##fmt)(vf_tpl_words_strided(src + i * src_stride, src_stride, (size)),  \
                                 d + i * dst_stride, dst_stride);                                 \
        if (i < count)                                                                            \
            VF_TPL(vertex_strided_##fmt)(src + i * src_stride, src_stride, (uint32_t)(count - i), \
                                      d + i * dst_stride, dst_stride);                            \
    }                                                                                             \
    static void VF_TPL(gather_##fmt)(const uint8_t *const *src, size_t off, uint32_t count,       \
                                     uint32_t *dst, size_t dst_stride)                            \
    {                                                                                             \
        uint8_t *d = (uint8_t *)dst;                                                              \
        size_t i = 0; /* size_t: strength-reduced addressing */                                   \
        for (; count - i >= VF_LANES; i += VF_LANES)                                              \
            VF_TPL(across_##fmt)(vf_tpl_words_gather(src + i, off, (size)), d + i * dst_stride,   \
                                 dst_stride);                                                     \
        if (i < count)                                                                            \
            VF_TPL(vertex_gather_##fmt)(src + i, off, (uint32_t)(count - i), d + i * dst_stride,  \
                                     dst_stride);                                                 \
    }

/* The across step of an array row: VF_LANES vertices' element words in w. */
#define VF_ACROSS_STEP(fmt, nc, bits, kind)                                                       \
    VF_ACROSS_INLINE void VF_TPL(across_##fmt)(vec_t w, uint8_t *d, size_t dst_stride)            \
    {                                                                                             \
        const int is_signed = VF_ACROSS_SIGNED_##kind;                                            \
        vec_t x = VF_ACROSS_CONV_##kind(vf_tpl_field(w, 0, nc, bits, is_signed), bits);           \
        vec_t y = (nc) > 1 ? VF_ACROSS_CONV_##kind(vf_tpl_field(w, 1, nc, bits, is_signed), bits) \
                           : vq_set4(0, 0, 0, 0);                                                 \
        uint32_t one = VF_ACROSS_ONE_##kind;                                                      \
        vq_emit4(d, dst_stride, x, y, vq_set4(0, 0, 0, 0), vq_set4(one, one, one, one));          \
    }

/*
 * Packed 32-bit formats across vertices: every field comes out of the
 * element words with the same whole-vector shift and mask in every lane.
 * R11G11B10 is faster so on every ISA (its three small-float decodes share
 * one vector per field); R10G10B10A2 only where per-word shifts are missing
 * (SSE): with vpsrlvd the per-vertex form is as fast (UINT) or faster
 * (UNORM, 2700 vs 2000 Mvertices/s on AVX2). The 16-bit packed formats
 * stay per vertex: one in-place mask and divide per vertex is already what
 * the transpose would cost. The per-vertex decoders handle the tails.
 */
#define VF_SPLAT(v) vq_set4((v), (v), (v), (v))
VF_ACROSS_INLINE void VF_TPL(across_R10G10B10A2_UINT)(vec_t w, uint8_t *d, size_t dst_stride)
{
    vec_t m10 = VF_SPLAT(0x3ffu);
    vq_emit4(d, dst_stride, vq_and(w, m10), vq_and(vq_srli(w, 10), m10),
             vq_and(vq_srli(w, 20), m10), vq_srli(w, 30));
}
VF_ACROSS_INLINE void VF_TPL(across_R10G10B10A2_UNORM)(vec_t w, uint8_t *d, size_t dst_stride)
{
    vec_t m10 = VF_SPLAT(0x3ffu);
    vec_t f1023 = VF_SPLAT(0x447fc000u), r1023 = VF_SPLAT(0x3a802008u);
    vq_emit4(d, dst_stride, vq_unorm(vq_cvt(vq_and(w, m10)), f1023, r1023),
             vq_unorm(vq_cvt(vq_and(vq_srli(w, 10), m10)), f1023, r1023),
             vq_unorm(vq_cvt(vq_and(vq_srli(w, 20), m10)), f1023, r1023),
             vq_unorm(vq_cvt(vq_srli(w, 30)), VF_SPLAT(0x40400000u), VF_SPLAT(0x3eaaaaabu)));
}
VF_ACROSS_INLINE void VF_TPL(across_R11G11B10_FLOAT)(vec_t w, uint8_t *d, size_t dst_stride)
{
    /* each field's top to bit 27 (see vf_tpl_smallfloat) */
    vec_t x = vq_and(vq_slli(w, 17), VF_SPLAT(0x0ffe0000u));
    vec_t y = vq_and(vq_slli(w, 6), VF_SPLAT(0x0ffe0000u));
    vec_t z = vq_and(vq_srli(w, 4), VF_SPLAT(0x0ffc0000u));
    vq_emit4(d, dst_stride, vf_tpl_smallfloat(x), vf_tpl_smallfloat(y), vf_tpl_smallfloat(z),
             VF_SPLAT(0x3f800000u));
}
#undef VF_SPLAT

/* ------------------------------------------------------------------------ */
/* Kernels and table: one row of vertex_formats.def each                     */
/* ------------------------------------------------------------------------ */

#define VF_ACROSS_STEP_FLOAT(fmt, nc, bits) VF_ACROSS_STEP(fmt, nc, bits, FLOAT)
#define VF_ACROSS_STEP_UNORM(fmt, nc, bits) VF_ACROSS_STEP(fmt, nc, bits, UNORM)
#define VF_ACROSS_STEP_SNORM(fmt, nc, bits) VF_ACROSS_STEP(fmt, nc, bits, SNORM)
#define VF_ACROSS_STEP_UINT(fmt, nc, bits) VF_ACROSS_STEP(fmt, nc, bits, UINT)
#define VF_ACROSS_STEP_SINT(fmt, nc, bits) VF_ACROSS_STEP(fmt, nc, bits, SINT)
#define VF_ACROSS_STEP_PACKED(fmt, nc, bits) /* written out above */

/* An across-vertex kernel: per-vertex loops for the tails, its across step,
 * and the exported loops around that step. */
#define VF_KERNEL_ACROSS(fmt, size, nc, type, bits) \
    VF_VERTEX_LOOPS(fmt, size)                      \
    VF_ACROSS_STEP_##type(fmt, nc, bits)            \
    VF_ACROSS_LOOPS(fmt, size)

#ifdef VF_HAVE_VARSHIFT
#  define VF_KERNEL_ACROSS_UNLESS_VARSHIFT VF_KERNEL_VERTEX
#else
#  define VF_KERNEL_ACROSS_UNLESS_VARSHIFT VF_KERNEL_ACROSS
#endif

#define VF_VERTEX_FORMAT(name, bytes, nc, type, bits, shape) \
    VF_KERNEL_##shape(name, bytes, nc, type, bits)
#include "vertex_formats.def"
#undef VF_VERTEX_FORMAT

/* The ISA's table, indexed by format value: every IA vertex format. */
static const struct vf_kernel_entry VF_TPL(vf_fetch_table)[VF_KERNEL_TABLE_SIZE] = {
#define VF_VERTEX_FORMAT(name, ...)                                         \
    [VF_FORMAT_##name] = { VF_TPL(strided_##name), VF_TPL(gather_##name) },
#include "vertex_formats.def"
#undef VF_VERTEX_FORMAT
};

#undef VF_KERNEL_ACROSS_UNLESS_VARSHIFT
#undef VF_KERNEL_ACROSS
#undef VF_KERNEL_VERTEX
#undef VF_ACROSS_STEP_PACKED
#undef VF_ACROSS_STEP_SINT
#undef VF_ACROSS_STEP_UINT
#undef VF_ACROSS_STEP_SNORM
#undef VF_ACROSS_STEP_UNORM
#undef VF_ACROSS_STEP_FLOAT
#undef VF_ACROSS_STEP
#undef VF_ACROSS_LOOPS
#undef VF_ACROSS_INLINE
#undef VF_ACROSS_ONE_FLOAT
#undef VF_ACROSS_ONE_SNORM
#undef VF_ACROSS_ONE_UNORM
#undef VF_ACROSS_ONE_SINT
#undef VF_ACROSS_ONE_UINT
#undef VF_ACROSS_SIGNED_FLOAT
#undef VF_ACROSS_SIGNED_SNORM
#undef VF_ACROSS_SIGNED_UNORM
#undef VF_ACROSS_SIGNED_SINT
#undef VF_ACROSS_SIGNED_UINT
#undef VF_ACROSS_CONV_FLOAT
#undef VF_ACROSS_CONV_SNORM
#undef VF_ACROSS_CONV_UNORM
#undef VF_ACROSS_CONV_SINT
#undef VF_ACROSS_CONV_UINT
#undef VF_VERTEX_LOOPS
#undef VF_DEC_PACKED_0
#undef VF_DEC_SINT_8
#undef VF_DEC_UINT_8
#undef VF_DEC_SNORM_8
#undef VF_DEC_UNORM_8
#undef VF_DEC_SINT_16
#undef VF_DEC_UINT_16
#undef VF_DEC_SNORM_16
#undef VF_DEC_UNORM_16
#undef VF_DEC_FLOAT_16
#undef VF_DEC_SINT_32
#undef VF_DEC_UINT_32
#undef VF_DEC_FLOAT_32
#undef VF_DEC_PACKED16
#undef VF_DEC_HALF
#undef VF_DEC_SNORM
#undef VF_DEC_UNORM
#undef VF_DEC_INT
#undef VF_DEC_COPY32
#undef VF_KEEP
#undef VF_DEF
#undef VF_R32767
#undef VF_F32767
#undef VF_R65535
#undef VF_F65535
#undef VF_R127
#undef VF_F127
#undef VF_R255
#undef VF_F255
#undef vf_tpl_words_strided
#undef vf_tpl_words_gather
#undef vf_tpl_smallfloat
#undef vf_tpl_half
#undef vf_tpl_halfw
#undef VF_TPL
#undef VF_TPL_CAT
#undef VF_TPL_CAT2
#undef VF_SUFFIX
