/*
 * decode.c - the scalar reference decoders of the 47 IA vertex formats.
 *
 * These are the semantics every other path must match bit for bit. They use
 * integer arithmetic only, so the result is the same under any rounding
 * mode, with FTZ/DAZ on, and on any compiler that does not emulate floats
 * exactly (section numbers refer to docs/d3d-ia-rules.md).
 *
 *   family                     formats                         rule
 *   -------------------------  ------------------------------  -----------------------------
 *   32-bit copy                R32*_FLOAT/UINT/SINT            2: bits unchanged (NaN
 *                                                              payloads, -0, denormals kept)
 *   float16 -> float32         R16*_FLOAT                      2: exact; denormal -> normal;
 *                                                              NaN: sign kept, f << 13
 *   UNORM n -> float32         R8/R16 *_UNORM, R10G10B10A2,    2: c / (2^n - 1) correctly
 *                              B8G8R8A8/X8, B5G6R5, B5G5R5A1,  rounded (vf_unorm_bits)
 *                              B4G4R4A4
 *   SNORM n -> float32         R8/R16 *_SNORM                  2: -2^(n-1) -> -1.0, else
 *                                                              v / (2^(n-1) - 1) rounded
 *   UINT n < 32                R8/R16 *_UINT, R10G10B10A2      2: zero-extended
 *   SINT n < 32                R8/R16 *_SINT                   2: sign-extended
 *   float11/float10 -> f32     R11G11B10_FLOAT                 2: exact; NaN mant << 17 / << 18
 *   missing components         all with fewer than 4           2.3: R,G,B = 0; A = 1.0f for
 *                                                              FLOAT/UNORM/SNORM, 0x1 for
 *                                                              UINT/SINT; X8 ignored
 *
 * The formats come from vertex_formats.def: the decoders of the array
 * formats (one type and width for every component, R,G,B,A order) are
 * generated from their row, those of the PACKED rows are written out below.
 *
 * Every decoder reads exactly the element's bytes, through byte loads, so
 * any alignment is fine and nothing past the element is touched.
 */
#include <string.h>

#include "convert.h"
#include "dispatch.h"
#include "vf_internal.h"
#include "vulkan_internal.h"

/* The conversions (UNORM, SNORM, half, float11/10) are in convert.h. */

/* ------------------------------------------------------------------------ */
/* Decoders                                                                  */
/* ------------------------------------------------------------------------ */

/* Per-component converters of the array formats, by type and width. */
#define CONV_FLOAT32(v) (v)
#define CONV_UINT32(v) (v)
#define CONV_SINT32(v) (v)
#define CONV_FLOAT16(v) vf_half_bits(v)
#define CONV_UNORM16(v) vf_unorm_bits((v), 16)
#define CONV_SNORM16(v) vf_snorm_bits((v), 16)
#define CONV_UINT16(v) (v)
#define CONV_SINT16(v) vf_sext((v), 16)
#define CONV_UNORM8(v) vf_unorm_bits((v), 8)
#define CONV_SNORM8(v) vf_snorm_bits((v), 8)
#define CONV_UINT8(v) (v)
#define CONV_SINT8(v) vf_sext((v), 8)

#define LOAD_32(p) vf_load_u32(p)
#define LOAD_16(p) ((uint32_t)vf_load_u16(p))
#define LOAD_8(p) ((uint32_t)(p)[0])

/* The missing-A default of a type (d3d-ia-rules 2.3). */
#define ONE_FLOAT VF_ONE_F32
#define ONE_UNORM VF_ONE_F32
#define ONE_SNORM VF_ONE_F32
#define ONE_UINT VF_ONE_INT
#define ONE_SINT VF_ONE_INT

/* Array formats: nc components of `bits` each, in R,G,B,A order; missing
 * R/G/B are 0 and a missing A is the type's one (d3d-ia-rules 2.3). */
#define DEFINE_ARRAY_DECODER(fmt, nc, type, bits)                                           \
    static inline void vf_decode_##fmt(const uint8_t *src, uint32_t out[4])                 \
    {                                                                                        \
        for (unsigned c = 0; c < 4; c++) {                                                   \
            out[c] = c < (nc) ? CONV_##type##bits(LOAD_##bits(src + c * ((bits) / 8)))       \
                              : c == 3 ? ONE_##type : 0u;                                    \
        }                                                                                    \
    }
#define DEFINE_DECODER_FLOAT DEFINE_ARRAY_DECODER
#define DEFINE_DECODER_UNORM DEFINE_ARRAY_DECODER
#define DEFINE_DECODER_SNORM DEFINE_ARRAY_DECODER
#define DEFINE_DECODER_UINT DEFINE_ARRAY_DECODER
#define DEFINE_DECODER_SINT DEFINE_ARRAY_DECODER
#define DEFINE_DECODER_PACKED(fmt, nc, type, bits) /* written out below */

#define VF_VERTEX_FORMAT(name, bytes, nc, type, bits, shape) \
    DEFINE_DECODER_##type(name, nc, type, bits)
#include "vertex_formats.def"
#undef VF_VERTEX_FORMAT

/* The PACKED rows: fields of one little-endian word, named from bit 0 up,
 * and the BGRA byte orders. */

static inline void vf_decode_R10G10B10A2_UNORM(const uint8_t *src, uint32_t out[4])
{
    uint32_t w = vf_load_u32(src);
    out[0] = vf_unorm_bits(w & 0x3ffu, 10);
    out[1] = vf_unorm_bits((w >> 10) & 0x3ffu, 10);
    out[2] = vf_unorm_bits((w >> 20) & 0x3ffu, 10);
    out[3] = vf_unorm_bits(w >> 30, 2);
}

static inline void vf_decode_R10G10B10A2_UINT(const uint8_t *src, uint32_t out[4])
{
    uint32_t w = vf_load_u32(src);
    out[0] = w & 0x3ffu;
    out[1] = (w >> 10) & 0x3ffu;
    out[2] = (w >> 20) & 0x3ffu;
    out[3] = w >> 30;
}

static inline void vf_decode_R11G11B10_FLOAT(const uint8_t *src, uint32_t out[4])
{
    uint32_t w = vf_load_u32(src);
    out[0] = vf_uf11_bits(w & 0x7ffu);
    out[1] = vf_uf11_bits((w >> 11) & 0x7ffu);
    out[2] = vf_uf10_bits(w >> 22);
    out[3] = VF_ONE_F32;
}

/* B, G, R, A bytes at +0..+3 land in z, y, x, w. */
static inline void vf_decode_B8G8R8A8_UNORM(const uint8_t *src, uint32_t out[4])
{
    out[0] = vf_unorm_bits(src[2], 8);
    out[1] = vf_unorm_bits(src[1], 8);
    out[2] = vf_unorm_bits(src[0], 8);
    out[3] = vf_unorm_bits(src[3], 8);
}

/* The X byte is padding, not alpha: w is the missing-A default 1.0f. It is
 * still part of the 4-byte element, but nothing depends on its value. */
static inline void vf_decode_B8G8R8X8_UNORM(const uint8_t *src, uint32_t out[4])
{
    out[0] = vf_unorm_bits(src[2], 8);
    out[1] = vf_unorm_bits(src[1], 8);
    out[2] = vf_unorm_bits(src[0], 8);
    out[3] = VF_ONE_F32;
}

static inline void vf_decode_B5G6R5_UNORM(const uint8_t *src, uint32_t out[4])
{
    uint32_t w = vf_load_u16(src);
    out[0] = vf_unorm_bits(w >> 11, 5);
    out[1] = vf_unorm_bits((w >> 5) & 0x3fu, 6);
    out[2] = vf_unorm_bits(w & 0x1fu, 5);
    out[3] = VF_ONE_F32;
}

static inline void vf_decode_B5G5R5A1_UNORM(const uint8_t *src, uint32_t out[4])
{
    uint32_t w = vf_load_u16(src);
    out[0] = vf_unorm_bits((w >> 10) & 0x1fu, 5);
    out[1] = vf_unorm_bits((w >> 5) & 0x1fu, 5);
    out[2] = vf_unorm_bits(w & 0x1fu, 5);
    out[3] = vf_unorm_bits(w >> 15, 1);
}

static inline void vf_decode_B4G4R4A4_UNORM(const uint8_t *src, uint32_t out[4])
{
    uint32_t w = vf_load_u16(src);
    out[0] = vf_unorm_bits((w >> 8) & 0xfu, 4);
    out[1] = vf_unorm_bits((w >> 4) & 0xfu, 4);
    out[2] = vf_unorm_bits(w & 0xfu, 4);
    out[3] = vf_unorm_bits(w >> 12, 4);
}

/* ------------------------------------------------------------------------ */
/* Kernels and tables                                                        */
/* ------------------------------------------------------------------------ */

/* The scalar kernels: the decoder inlined into plain loops, one pair per
 * format, so no loop looks at the format. Addresses are formed only for
 * elements that exist (never one stride past the last). */
#define DEFINE_SCALAR_KERNEL(fmt, ...)                                                      \
    static void vf_strided_##fmt(const uint8_t *src, size_t src_stride, uint32_t count,      \
                                 uint32_t *dst, size_t dst_stride)                           \
    {                                                                                        \
        for (uint32_t i = 0; i < count; i++)                                                 \
            vf_decode_##fmt(src + (size_t)i * src_stride,                                    \
                            (uint32_t *)(void *)((uint8_t *)dst + (size_t)i * dst_stride));  \
    }                                                                                        \
    static void vf_gather_##fmt(const uint8_t *const *src, size_t off, uint32_t count,       \
                                uint32_t *dst, size_t dst_stride)                            \
    {                                                                                        \
        for (uint32_t i = 0; i < count; i++)                                                 \
            vf_decode_##fmt(src[i] + off,                                                    \
                            (uint32_t *)(void *)((uint8_t *)dst + (size_t)i * dst_stride));  \
    }                                                                                        \
    static void vf_decode_fn_##fmt(const uint8_t *src, uint32_t out[4])                      \
    {                                                                                        \
        vf_decode_##fmt(src, out);                                                           \
    }                                                                                        \
    static const struct vf_fetch_kernel vf_kernel_##fmt = {                                  \
        vf_strided_##fmt, vf_gather_##fmt, VF_ISA_SCALAR, vf_strided_##fmt                   \
    };
#define VF_VERTEX_FORMAT DEFINE_SCALAR_KERNEL
#include "vertex_formats.def"
#undef VF_VERTEX_FORMAT

static const struct vf_scalar_entry {
    vf_decode_fn decode;
    const struct vf_fetch_kernel *kernel;
} vf_scalar_table[VF_KERNEL_TABLE_SIZE] = {
#define VF_VERTEX_FORMAT(fmt, ...) [VF_FORMAT_##fmt] = { vf_decode_fn_##fmt, &vf_kernel_##fmt },
#include "vertex_formats.def"
#undef VF_VERTEX_FORMAT
};

/*
 * vertex_formats.def against formats.def, at compile time: each row's bytes
 * and component count, type and width of an array format's R component,
 * every row a vertex format and as many rows as formats.def has vertex
 * formats, and the table bound one past the largest row.
 */
#define VF_IS_IA_NO 0
#define VF_IS_IA_VB 1
#define VF_IS_IA_VB_OPT 1
#define VF_IS_IA_VB_IB 1
enum {
#define VF_FORMAT(name, value, bytes, ncomp, ia, rb, rs, rt, ...)                               \
    VF_DEF_BYTES_##name = (bytes), VF_DEF_NCOMP_##name = (ncomp), VF_DEF_RBITS_##name = (rb), \
    VF_DEF_RTYPE_##name = VF_TYPE_##rt, VF_DEF_IA_##name = VF_IS_IA_##ia,
#include "formats.def"
#undef VF_FORMAT
    VF_DEF_IA_COUNT = 0
#define VF_FORMAT(name, value, bytes, ncomp, ia, ...) +VF_IS_IA_##ia
#include "formats.def"
#undef VF_FORMAT
};

#define CHECK_ARRAY_ROW(name, bytes, nc, type, bits)                                  \
    _Static_assert(VF_DEF_RTYPE_##name == (int)VF_TYPE_##type && VF_DEF_RBITS_##name == (bits) && \
                       (bytes) == (nc) * (bits) / 8,                                      \
                   "vertex_formats.def type or bits of " #name);
#define CHECK_ROW_FLOAT CHECK_ARRAY_ROW
#define CHECK_ROW_UNORM CHECK_ARRAY_ROW
#define CHECK_ROW_SNORM CHECK_ARRAY_ROW
#define CHECK_ROW_UINT CHECK_ARRAY_ROW
#define CHECK_ROW_SINT CHECK_ARRAY_ROW
#define CHECK_ROW_PACKED(name, bytes, nc, type, bits)
#define VF_VERTEX_FORMAT(name, bytes, nc, type, bits, shape)                                \
    _Static_assert(VF_DEF_BYTES_##name == (bytes) && VF_DEF_NCOMP_##name == (nc),          \
                   "vertex_formats.def bytes or nc of " #name);                             \
    _Static_assert(VF_DEF_IA_##name, #name " is not an IA vertex format in formats.def"); \
    _Static_assert(VF_FORMAT_##name < VF_KERNEL_TABLE_SIZE, "VF_KERNEL_TABLE_SIZE");        \
    CHECK_ROW_##type(name, bytes, nc, type, bits)
#include "vertex_formats.def"
#undef VF_VERTEX_FORMAT
_Static_assert(0
#define VF_VERTEX_FORMAT(name, ...) +1
#include "vertex_formats.def"
#undef VF_VERTEX_FORMAT
                   == VF_DEF_IA_COUNT,
               "vertex_formats.def must list each vertex format of formats.def once");
_Static_assert(0
#define VF_VERTEX_FORMAT(name, ...) || VF_FORMAT_##name == VF_KERNEL_TABLE_SIZE - 1
#include "vertex_formats.def"
#undef VF_VERTEX_FORMAT
               , "VF_KERNEL_TABLE_SIZE is not one past the largest vertex format");

vf_decode_fn vf_scalar_decoder(vf_format format)
{
    return format < VF_KERNEL_TABLE_SIZE ? vf_scalar_table[format].decode : NULL;
}

const struct vf_fetch_kernel *vf_scalar_kernel(vf_format format)
{
    if (format >= VF_VK_ENGINE_FORMAT_BASE)
        return vf_vk_scalar_kernel(format); /* a Vulkan-only format (vulkan_internal.h) */
    return format < VF_KERNEL_TABLE_SIZE ? vf_scalar_table[format].kernel : NULL;
}

/* 0x1 for formats whose first component is UINT/SINT, else 1.0f (FLOAT,
 * UNORM and SNORM all deliver floats: d3d-ia-rules 2.3 and 7; the SNORM
 * reading is the rules' recommendation). */
uint32_t vf_format_one(vf_format format)
{
    if (format >= VF_VK_ENGINE_FORMAT_BASE)
        return vf_vk_format_one(format);
    const vf_format_desc *desc = vf_format_info(format);
    if (desc != NULL && (desc->type[0] == VF_TYPE_UINT || desc->type[0] == VF_TYPE_SINT))
        return VF_ONE_INT;
    return VF_ONE_F32;
}

vf_result vf_decode_element(vf_format format, const void *bytes, uint32_t mapping,
                            uint32_t out[4])
{
    if (bytes == NULL || out == NULL)
        return VF_ERROR_NULL_POINTER;
    const vf_format_desc *desc = vf_format_info(format);
    if (desc == NULL)
        return VF_ERROR_UNKNOWN_FORMAT;
    vf_decode_fn decode = vf_scalar_decoder(format);
    if (decode == NULL || !(desc->ia_support & VF_IA_VERTEX_BUFFER))
        return VF_ERROR_NOT_VERTEX_FORMAT;
    if (vf_component_mapping_check(mapping) != VF_OK)
        return VF_ERROR_INVALID_MAPPING;

    uint32_t reg[4];
    decode((const uint8_t *)bytes, reg);
    vf_apply_mapping(reg, mapping, vf_format_one(format));
    memcpy(out, reg, sizeof(reg));
    return VF_OK;
}
