/*
 * vulkan_decode.c - the vertex VkFormat table and the exact decoders of the
 * formats DXGI does not have (docs/d3d-ia-rules.md §18.4): USCALED/SSCALED
 * (the integer as a float, exact: every field has at most 16 bits), the
 * A2R10G10B10 and A2B10G10R10 packings in every numeric format, BGR(A)
 * orders, 3-component 8- and 16-bit formats, sRGB (a table of the EOTF
 * correctly rounded) and 64-bit components (two words each, no defaults).
 * Integer arithmetic only, like decode.c. The formats DXGI has are decoded
 * by decode.c's kernels under their DXGI codes (the `dxgi` column).
 */
#include <string.h>

#include "convert.h"
#include "vulkan_internal.h"

#define VF_VK_REQ 1
#define VF_VK_OPT 0

static const vf_vk_format_desc vf_vk_formats[] = {
#define VF_VK_FORMAT(name, value, bytes, nc, numeric, dxgi, rb, rs, gb, gs, bb, bs, ab, as, req) \
    { value, #name, bytes, nc, VF_VK_NUMERIC_##numeric, { rb, gb, bb, ab },                      \
      { rs, gs, bs, as }, (rb) == 64 && (nc) > 2 ? 2u : 1u, VF_VK_##req, VF_FORMAT_##dxgi },
#include "vulkan_formats.def"
#undef VF_VK_FORMAT
};

#define VF_VK_FIRST_FORMAT 9u
_Static_assert(VF_ARRAY_LEN(vf_vk_formats) == VF_VK_FORMAT_LAST_VERTEX - VF_VK_FIRST_FORMAT + 1,
               "vulkan_formats.def lists VkFormat 9..122 once each");

const vf_vk_format_desc *vf_vk_row(uint32_t format)
{
    if (format < VF_VK_FIRST_FORMAT || format > VF_VK_FORMAT_LAST_VERTEX)
        return NULL;
    const vf_vk_format_desc *d = &vf_vk_formats[format - VF_VK_FIRST_FORMAT];
    return d->format == format ? d : NULL;
}

/* The sRGB EOTF of k / 255 (k <= 0.04045 * 255: k / 255 / 12.92, else
 * ((k / 255 + 0.055) / 1.055)^2.4), correctly rounded to float32 bits.
 * Computed with 60-digit decimal arithmetic and rounded to nearest even
 * exactly (Python's decimal and fractions); tests/check_vulkan_formats.c
 * recomputes each entry in double precision. */
static const uint32_t vf_srgb8_to_linear[256] = {
    0x00000000u, 0x399f22b4u, 0x3a1f22b4u, 0x3a6eb40eu, 0x3a9f22b4u, 0x3ac6eb61u,
    0x3aeeb40eu, 0x3b0b3e5du, 0x3b1f22b4u, 0x3b33070au, 0x3b46eb61u, 0x3b5b518eu,
    0x3b70f18fu, 0x3b83e1c6u, 0x3b8fe616u, 0x3b9c87fdu, 0x3ba9c9b6u, 0x3bb7ad6fu,
    0x3bc6354au, 0x3bd56360u, 0x3be539c1u, 0x3bf5ba71u, 0x3c0373b6u, 0x3c0c6153u,
    0x3c15a705u, 0x3c1f45beu, 0x3c293e6bu, 0x3c3391f7u, 0x3c3e4149u, 0x3c494d44u,
    0x3c54b6c9u, 0x3c607eb4u, 0x3c6ca5dfu, 0x3c792d22u, 0x3c830aa9u, 0x3c89af9fu,
    0x3c9085dcu, 0x3c978dc6u, 0x3c9ec7c2u, 0x3ca63433u, 0x3cadd37du, 0x3cb5a602u,
    0x3cbdac21u, 0x3cc5e63au, 0x3cce54acu, 0x3cd6f7d5u, 0x3cdfd010u, 0x3ce8ddbau,
    0x3cf2212du, 0x3cfb9ac3u, 0x3d02a56au, 0x3d0798ddu, 0x3d0ca7e6u, 0x3d11d2afu,
    0x3d171964u, 0x3d1c7c30u, 0x3d21fb3cu, 0x3d2796b2u, 0x3d2d4ebbu, 0x3d332381u,
    0x3d39152bu, 0x3d3f23e4u, 0x3d454fd2u, 0x3d4b991du, 0x3d51ffecu, 0x3d588468u,
    0x3d5f26b6u, 0x3d65e6fdu, 0x3d6cc563u, 0x3d73c20eu, 0x3d7add24u, 0x3d810b65u,
    0x3d84b793u, 0x3d88732eu, 0x3d8c3e48u, 0x3d9018f4u, 0x3d940344u, 0x3d97fd49u,
    0x3d9c0715u, 0x3da020bau, 0x3da44a4au, 0x3da883d6u, 0x3daccd6fu, 0x3db12727u,
    0x3db5910fu, 0x3dba0b38u, 0x3dbe95b3u, 0x3dc33090u, 0x3dc7dbe0u, 0x3dcc97b4u,
    0x3dd1641du, 0x3dd6412bu, 0x3ddb2eeeu, 0x3de02d76u, 0x3de53cd4u, 0x3dea5d18u,
    0x3def8e51u, 0x3df4d090u, 0x3dfa23e5u, 0x3dff885eu, 0x3e027f06u, 0x3e05427fu,
    0x3e080ea2u, 0x3e0ae377u, 0x3e0dc104u, 0x3e10a753u, 0x3e13966au, 0x3e168e51u,
    0x3e198f0fu, 0x3e1c98acu, 0x3e1fab30u, 0x3e22c6a1u, 0x3e25eb07u, 0x3e29186au,
    0x3e2c4ed0u, 0x3e2f8e42u, 0x3e32d6c5u, 0x3e362862u, 0x3e39831fu, 0x3e3ce703u,
    0x3e405417u, 0x3e43ca60u, 0x3e4749e6u, 0x3e4ad2afu, 0x3e4e64c3u, 0x3e520029u,
    0x3e55a4e7u, 0x3e595305u, 0x3e5d0a89u, 0x3e60cb7au, 0x3e6495dfu, 0x3e6869beu,
    0x3e6c471fu, 0x3e702e07u, 0x3e741e7eu, 0x3e78188bu, 0x3e7c1c33u, 0x3e8014bfu,
    0x3e822039u, 0x3e84308bu, 0x3e8645b8u, 0x3e885fc3u, 0x3e8a7eb0u, 0x3e8ca281u,
    0x3e8ecb3bu, 0x3e90f8dfu, 0x3e932b72u, 0x3e9562f6u, 0x3e979f6fu, 0x3e99e0e0u,
    0x3e9c274cu, 0x3e9e72b6u, 0x3ea0c321u, 0x3ea31890u, 0x3ea57307u, 0x3ea7d288u,
    0x3eaa3716u, 0x3eaca0b6u, 0x3eaf0f68u, 0x3eb18332u, 0x3eb3fc15u, 0x3eb67a14u,
    0x3eb8fd34u, 0x3ebb8576u, 0x3ebe12deu, 0x3ec0a56eu, 0x3ec33d2au, 0x3ec5da14u,
    0x3ec87c30u, 0x3ecb2380u, 0x3ecdd008u, 0x3ed081cau, 0x3ed338c9u, 0x3ed5f508u,
    0x3ed8b68au, 0x3edb7d52u, 0x3ede4963u, 0x3ee11abfu, 0x3ee3f169u, 0x3ee6cd65u,
    0x3ee9aeb5u, 0x3eec955bu, 0x3eef815cu, 0x3ef272b8u, 0x3ef56974u, 0x3ef86593u,
    0x3efb6716u, 0x3efe6e00u, 0x3f00bd2bu, 0x3f02460cu, 0x3f03d1a5u, 0x3f055ff7u,
    0x3f06f104u, 0x3f0884cdu, 0x3f0a1b54u, 0x3f0bb499u, 0x3f0d509fu, 0x3f0eef65u,
    0x3f1090efu, 0x3f12353du, 0x3f13dc50u, 0x3f15862au, 0x3f1732ccu, 0x3f18e237u,
    0x3f1a946eu, 0x3f1c4970u, 0x3f1e0140u, 0x3f1fbbdeu, 0x3f21794du, 0x3f23398cu,
    0x3f24fc9fu, 0x3f26c285u, 0x3f288b41u, 0x3f2a56d2u, 0x3f2c253cu, 0x3f2df67fu,
    0x3f2fca9cu, 0x3f31a194u, 0x3f337b6au, 0x3f35581du, 0x3f3737b0u, 0x3f391a24u,
    0x3f3aff7au, 0x3f3ce7b2u, 0x3f3ed2cfu, 0x3f40c0d2u, 0x3f42b1bcu, 0x3f44a58eu,
    0x3f469c49u, 0x3f4895efu, 0x3f4a9280u, 0x3f4c91ffu, 0x3f4e946cu, 0x3f5099c9u,
    0x3f52a216u, 0x3f54ad56u, 0x3f56bb88u, 0x3f58ccafu, 0x3f5ae0ccu, 0x3f5cf7dfu,
    0x3f5f11eau, 0x3f612eefu, 0x3f634eeeu, 0x3f6571e9u, 0x3f6797e0u, 0x3f69c0d5u,
    0x3f6beccau, 0x3f6e1bbfu, 0x3f704db5u, 0x3f7282aeu, 0x3f74baabu, 0x3f76f5aeu,
    0x3f7933b6u, 0x3f7b74c6u, 0x3f7db8deu, 0x3f800000u,
};

/* Bits [shift, shift + bits) of the element read as a little-endian
 * integer (bits <= 32); only the bytes holding them are read. */
static uint32_t vk_field(const uint8_t *src, unsigned shift, unsigned bits)
{
    unsigned first = shift / 8, last = (shift + bits - 1) / 8;
    uint64_t v = 0;
    for (unsigned b = last + 1; b-- > first;)
        v = (v << 8) | src[b];
    v >>= shift % 8;
    return (uint32_t)(v & ((UINT64_C(1) << bits) - 1));
}

/* Float32 bits of an integer below 2^24: exact. */
static uint32_t vk_u2f(uint32_t v)
{
    if (v == 0)
        return 0;
    unsigned e = 63 - vf_clz64(v); /* v in [2^e, 2^(e+1)), e <= 23 */
    return ((e + 127u) << 23) | ((v << (23 - e)) & 0x7fffffu);
}

/* One component of `bits` <= 32 bits as a 32-bit register word. */
static uint32_t vk_convert(uint32_t numeric, uint32_t v, unsigned bits, int alpha)
{
    switch (numeric) {
    case VF_VK_NUMERIC_UNORM: return vf_unorm_bits(v, bits);
    case VF_VK_NUMERIC_SNORM: return vf_snorm_bits(v, bits);
    case VF_VK_NUMERIC_USCALED: return vk_u2f(v);
    case VF_VK_NUMERIC_SSCALED: {
        uint32_t s = vf_sext(v, bits);
        return s & VF_F32_SIGN ? VF_F32_SIGN | vk_u2f(0u - s) : vk_u2f(s);
    }
    case VF_VK_NUMERIC_UINT: return v;
    case VF_VK_NUMERIC_SINT: return vf_sext(v, bits);
    case VF_VK_NUMERIC_SFLOAT: return bits == 16 ? vf_half_bits(v) : v;
    case VF_VK_NUMERIC_UFLOAT: return bits == 11 ? vf_uf11_bits(v) : vf_uf10_bits(v);
    default: /* SRGB: 8-bit fields; alpha is linear */
        return alpha ? vf_unorm_bits(v, bits) : vf_srgb8_to_linear[v & 0xffu];
    }
}

void vf_vk_decode_row(const vf_vk_format_desc *d, const uint8_t *src, uint32_t *out)
{
    if (d->bits[0] == 64) {
        /* Two words a component, low first; no defaults (fxvertex.adoc:
         * "For 64-bit data types, no default attribute values are
         * provided"): vfetch writes 0 in the words no component fills. */
        memset(out, 0, 16u * d->locations);
        for (uint32_t c = 0; c < d->num_components; c++) {
            out[2 * c] = vf_load_u32(src + 8 * c);
            out[2 * c + 1] = vf_load_u32(src + 8 * c + 4);
        }
        return;
    }
    int integer = d->numeric == VF_VK_NUMERIC_UINT || d->numeric == VF_VK_NUMERIC_SINT;
    for (unsigned c = 0; c < 4; c++) {
        if (d->bits[c] == 0)
            out[c] = c < 3 ? 0u : integer ? VF_ONE_INT : VF_ONE_F32; /* (0, 0, 1) */
        else
            out[c] = vk_convert(d->numeric, vk_field(src, d->shift[c], d->bits[c]), d->bits[c],
                                c == 3);
    }
}

/* ------------------------------------------------------------------------ */
/* Engine kernels of the one-location formats                               */
/* ------------------------------------------------------------------------ */

enum {
#define VF_VK_FORMAT(name, ...) VF_VK_ROW_##name,
#include "vulkan_formats.def"
#undef VF_VK_FORMAT
    VF_VK_ROW_COUNT
};

/* One register of a row: two-location rows never reach a kernel (the front
 * end splits them), but the copy keeps the kernel inside its 4 words. */
static inline void vk_decode_register(uint32_t row, const uint8_t *src, uint32_t *dst)
{
    uint32_t words[8];
    vf_vk_decode_row(&vf_vk_formats[row], src, words);
    memcpy(dst, words, 16);
}

#define VF_VK_FORMAT(name, ...)                                                               \
    static void vk_strided_##name(const uint8_t *src, size_t src_stride, uint32_t count,      \
                                  uint32_t *dst, size_t dst_stride)                           \
    {                                                                                          \
        for (uint32_t i = 0; i < count; i++)                                                   \
            vk_decode_register(VF_VK_ROW_##name, src + (size_t)i * src_stride,                 \
                               (uint32_t *)(void *)((uint8_t *)dst + (size_t)i * dst_stride)); \
    }                                                                                          \
    static void vk_gather_##name(const uint8_t *const *src, size_t off, uint32_t count,       \
                                 uint32_t *dst, size_t dst_stride)                            \
    {                                                                                          \
        for (uint32_t i = 0; i < count; i++)                                                   \
            vk_decode_register(VF_VK_ROW_##name, src[i] + off,                                 \
                               (uint32_t *)(void *)((uint8_t *)dst + (size_t)i * dst_stride)); \
    }
#include "vulkan_formats.def"
#undef VF_VK_FORMAT

static const struct vf_fetch_kernel vf_vk_kernels[VF_VK_ROW_COUNT] = {
#define VF_VK_FORMAT(name, ...) \
    { vk_strided_##name, vk_gather_##name, VF_ISA_SCALAR, vk_strided_##name },
#include "vulkan_formats.def"
#undef VF_VK_FORMAT
};

const struct vf_fetch_kernel *vf_vk_scalar_kernel(vf_format format)
{
    const vf_vk_format_desc *d = format >= VF_VK_ENGINE_FORMAT_BASE
                                     ? vf_vk_row(format - VF_VK_ENGINE_FORMAT_BASE)
                                     : NULL;
    if (d == NULL || d->locations != 1)
        return NULL;
    return &vf_vk_kernels[d - vf_vk_formats];
}

uint32_t vf_vk_format_one(vf_format format)
{
    const vf_vk_format_desc *d = vf_vk_row(format - VF_VK_ENGINE_FORMAT_BASE);
    return d && (d->numeric == VF_VK_NUMERIC_UINT || d->numeric == VF_VK_NUMERIC_SINT)
               ? VF_ONE_INT
               : VF_ONE_F32;
}

/* ------------------------------------------------------------------------ */
/* Public calls                                                             */
/* ------------------------------------------------------------------------ */

const vf_vk_format_desc *vf_vk_format_info(uint32_t format)
{
    return vf_vk_row(format);
}

vf_result vf_vk_format_from_name(const char *name, uint32_t *format_ret)
{
    if (name == NULL || format_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    if (strncmp(name, "VK_FORMAT_", 10) == 0)
        name += 10;
    for (size_t i = 0; i < VF_ARRAY_LEN(vf_vk_formats); i++) {
        if (strcmp(vf_vk_formats[i].name, name) == 0) {
            *format_ret = vf_vk_formats[i].format;
            return VF_OK;
        }
    }
    return VF_ERROR_UNKNOWN_NAME;
}

vf_result vf_vk_decode_attribute(uint32_t format, const void *bytes, uint32_t *out,
                                 size_t out_words)
{
    if (bytes == NULL || out == NULL)
        return VF_ERROR_NULL_POINTER;
    const vf_vk_format_desc *d = vf_vk_row(format);
    if (d == NULL)
        return VF_ERROR_VK_FORMAT_NOT_VERTEX;
    if (out_words < 4u * d->locations)
        return VF_ERROR_OUTPUT_TOO_SMALL;
    vf_vk_decode_row(d, (const uint8_t *)bytes, out);
    return VF_OK;
}
