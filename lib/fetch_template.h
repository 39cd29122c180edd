/*
 * fetch_template.h - every fetch kernel family, written once.
 *
 * ISA-neutral. Included, as "../fetch_template.h", by one file per
 * instruction set (lib/x86/fetch_*.c, lib/arm/fetch_neon.c) after that ISA's
 * primitives header (lib/x86/prims_sse.h, prims_avx2.h, lib/arm/prims_neon.h).
 * Defines only static functions and one table with the ISA's suffix, so
 * nothing compiled with one ISA's -m flags can be picked up by another
 * ISA's caller. The decoders are in fetch_template_decode.h and the
 * across-vertex steps in fetch_template_across.h, both included here.
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
#ifndef VF_LIB_FETCH_TEMPLATE_H
#define VF_LIB_FETCH_TEMPLATE_H

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

#include "fetch_template_decode.h"

/* ------------------------------------------------------------------------ */
/* Loops                                                                     */
/* ------------------------------------------------------------------------ */

/*
 * Per-vertex loops: two vectors of VF_NV vertices per iteration (faster
 * than one: bench/README.md, "Per-vertex loops: two vectors an
 * iteration"), then single vectors, then the last vertex
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

#include "fetch_template_across.h"

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

#endif
