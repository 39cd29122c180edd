/*
 * fetch_template_decode.h - the fetch template's decoders: the shared
 * decode steps and, for every per-vertex format of vertex_formats.def, the
 * decoder of one vertex's raw element bytes into its four register words.
 * Part of lib/fetch_template.h, which includes it (its comment says what an
 * ISA provides and why the results are exact); never included on its own.
 */
#ifndef VF_LIB_FETCH_TEMPLATE_DECODE_H
#define VF_LIB_FETCH_TEMPLATE_DECODE_H
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

#endif
