/*
 * check_vulkan_formats.c - the vertex VkFormat table and the decoders of
 * vf_vk_decode_attribute against the reference model (tests/ref/
 * vulkan_ref.c), which decodes each format from its name in double
 * precision: every bit pattern of the 1- and 2-byte formats, every value of
 * each field of 16 bits or fewer (every 10-bit and 2-bit field of the
 * packed formats, every 16-bit component) in otherwise random elements, and
 * 4096 patterns for each 32- and 64-bit component. The sRGB table is checked
 * entry by entry against pow() in double, rounded to nearest even.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "test_util.h"
#include "vfetch_vulkan.h"
#include "vulkan_ref.h"

/* The required formats of the spec's tables (formats.adoc,
 * formats-mandatory-features-*, column VERTEX_BUFFER_BIT), by name. */
static const char *const required[] = {
    "R8_UNORM", "R8_SNORM", "R8_UINT", "R8_SINT", "R8G8_UNORM", "R8G8_SNORM", "R8G8_UINT",
    "R8G8_SINT", "R8G8B8A8_UNORM", "R8G8B8A8_SNORM", "R8G8B8A8_UINT", "R8G8B8A8_SINT",
    "B8G8R8A8_UNORM", "A8B8G8R8_UNORM_PACK32", "A8B8G8R8_SNORM_PACK32", "A8B8G8R8_UINT_PACK32",
    "A8B8G8R8_SINT_PACK32", "A2B10G10R10_UNORM_PACK32", "R16_UNORM", "R16_SNORM", "R16_UINT",
    "R16_SINT", "R16_SFLOAT", "R16G16_UNORM", "R16G16_SNORM", "R16G16_UINT", "R16G16_SINT",
    "R16G16_SFLOAT", "R16G16B16A16_UNORM", "R16G16B16A16_SNORM", "R16G16B16A16_UINT",
    "R16G16B16A16_SINT", "R16G16B16A16_SFLOAT", "R32_UINT", "R32_SINT", "R32_SFLOAT",
    "R32G32_UINT", "R32G32_SINT", "R32G32_SFLOAT", "R32G32B32_UINT", "R32G32B32_SINT",
    "R32G32B32_SFLOAT", "R32G32B32A32_UINT", "R32G32B32A32_SINT", "R32G32B32A32_SFLOAT",
};

START_TEST(test_table)
{
    uint32_t count = 0, req = 0;
    for (uint32_t v = 0; v < 200; v++) {
        const vf_vk_format_desc *d = vf_vk_format_info(v);
        if (d == NULL)
            continue;
        count++;
        req += (uint32_t)d->required;
        ck_assert_uint_eq(d->format, v);
        struct vk_ref_format f;
        ck_assert_msg(vk_ref_parse(d->name, &f), "%s", d->name);
        ck_assert_uint_eq(d->bytes, f.bytes);
        ck_assert_uint_eq(d->num_components, f.ncomp);
        ck_assert_uint_eq(d->locations, f.locations);
        for (int c = 0; c < 4; c++) {
            ck_assert_uint_eq(d->bits[c], f.bits[c]);
            if (f.bits[c])
                ck_assert_uint_eq(d->shift[c], f.shift[c]);
        }
        uint32_t back;
        ck_assert_int_eq(vf_vk_format_from_name(d->name, &back), VF_OK);
        ck_assert_uint_eq(back, v);
        int listed = 0;
        for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++)
            listed |= strcmp(required[i], d->name) == 0;
        ck_assert_msg(listed == d->required, "%s required %d", d->name, d->required);
    }
    ck_assert_uint_eq(count, 114); /* VkFormat 9..122 */
    ck_assert_uint_eq(req, sizeof(required) / sizeof(required[0]));
    uint32_t f;
    ck_assert_int_eq(vf_vk_format_from_name("VK_FORMAT_A2R10G10B10_SSCALED_PACK32", &f), VF_OK);
    ck_assert_uint_eq(f, 61);
    ck_assert_int_eq(vf_vk_format_from_name("R4G4_UNORM_PACK8", &f), VF_ERROR_UNKNOWN_NAME);
    ck_assert_int_eq(vf_vk_format_from_name(NULL, &f), VF_ERROR_NULL_POINTER);
    ck_assert_ptr_null(vf_vk_format_info(8));
    ck_assert_ptr_null(vf_vk_format_info(123));
}
END_TEST

/* Decodes one element both ways and compares every word. */
static void compare(const vf_vk_format_desc *d, const struct vk_ref_format *f,
                    const uint8_t *bytes)
{
    uint32_t got[8], want[8];
    int near;
    ck_assert_int_eq(vf_vk_decode_attribute(d->format, bytes, got, 8), VF_OK);
    vk_ref_decode(f, bytes, want, &near);
    ck_assert_msg(!near, "%s: a double result too close to a rounding boundary", d->name);
    for (uint32_t w = 0; w < 4 * d->locations; w++)
        if (got[w] != want[w])
            ck_abort_msg("%s bytes %02x %02x %02x %02x: word %u is %08x, want %08x", d->name,
                         bytes[0], bytes[1], d->bytes > 2 ? bytes[2] : 0,
                         d->bytes > 3 ? bytes[3] : 0, w, got[w], want[w]);
    if (d->dxgi != VF_FORMAT_UNKNOWN) {
        /* The DXGI decoder that draws run for this format gives the same. */
        uint32_t dx[4];
        ck_assert_int_eq(vf_decode_element(d->dxgi, bytes, VF_DEFAULT_COMPONENT_MAPPING, dx),
                         VF_OK);
        ck_assert_msg(memcmp(dx, got, 16) == 0, "%s against DXGI %s", d->name,
                      vf_format_name(d->dxgi));
    }
}

/* Sets `width` bits at `shift` of a little-endian element to v. */
static void put_bits(uint8_t *e, uint32_t shift, uint32_t width, uint64_t v)
{
    for (uint32_t b = 0; b < width; b++) {
        uint32_t bit = shift + b;
        e[bit / 8] = (uint8_t)((e[bit / 8] & ~(1u << (bit % 8))) | (((v >> b) & 1u) << (bit % 8)));
    }
}

/* Every pattern of the small formats; every value of each field of 16 bits
 * or fewer, the rest random; 4096 values of wider fields (edges, then random). */
START_TEST(test_decode_exhaustive)
{
    const vf_vk_format_desc *d = vf_vk_format_info((uint32_t)_i);
    if (d == NULL)
        return;
    struct vk_ref_format f;
    ck_assert(vk_ref_parse(d->name, &f));
    vf_rng rng;
    vf_rng_seed(&rng, 0x5eed0000u + (uint32_t)_i);
    uint8_t e[32];
    if (d->bytes <= 2) {
        for (uint32_t p = 0; p < (1u << (8 * d->bytes)); p++) {
            e[0] = (uint8_t)p;
            e[1] = (uint8_t)(p >> 8);
            compare(d, &f, e);
        }
        return;
    }
    for (uint32_t c = 0; c < 4; c++) {
        if (f.bits[c] == 0)
            continue;
        uint32_t n = f.bits[c] <= 16 ? 1u << f.bits[c] : 4096u;
        for (uint32_t v = 0; v < n; v++) {
            vf_rng_fill(&rng, e, sizeof(e));
            uint64_t value = v;
            if (f.bits[c] > 16) /* the edges, then random */
                value = v < 4 ? (uint64_t)0 - v : ((uint64_t)vf_rng_u32(&rng) << 32) | vf_rng_u32(&rng);
            put_bits(e, f.shift[c], f.bits[c], value);
            compare(d, &f, e);
        }
    }
}
END_TEST

/* The sRGB table: pow() in double, rounded to float32 to nearest even by
 * the conversion, for every code; the reference flags any value too close
 * to a boundary for that to be trusted (none is). Also the values the
 * disputed R8_SRGB decodes to at the ends and the 0.04045 knee. */
START_TEST(test_srgb)
{
    uint32_t out[4];
    uint8_t b;
    for (uint32_t k = 0; k < 256; k++) {
        b = (uint8_t)k;
        ck_assert_int_eq(vf_vk_decode_attribute(VF_VK_FORMAT_R8_SRGB, &b, out, 4), VF_OK);
        double c = k / 255.0;
        double lin = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
        ck_assert_uint_eq(out[0], vf_test_f2u((float)lin));
        ck_assert_uint_eq(out[3], vf_test_f2u(1.0f));
    }
    b = 255;
    vf_vk_decode_attribute(VF_VK_FORMAT_R8_SRGB, &b, out, 4);
    ck_assert_uint_eq(out[0], 0x3f800000u);
    b = 10; /* 10/255 = 0.0392 <= 0.04045: the linear segment */
    vf_vk_decode_attribute(VF_VK_FORMAT_R8_SRGB, &b, out, 4);
    ck_assert_uint_eq(out[0], vf_test_f2u((float)(10 / 255.0 / 12.92)));
}
END_TEST

/* Hand-made values from the spec's definitions. */
START_TEST(test_worked_values)
{
    uint32_t out[8];
    /* A2B10G10R10_SSCALED: R = -512 (0x200), G = 511, B = -1, A = -2 (0b10). */
    uint32_t w = 0x200u | (0x1ffu << 10) | (0x3ffu << 20) | (2u << 30);
    ck_assert_int_eq(vf_vk_decode_attribute(VF_VK_FORMAT_A2B10G10R10_SSCALED_PACK32, &w, out, 8), VF_OK);
    ck_assert_uint_eq(out[0], vf_test_f2u(-512.0f));
    ck_assert_uint_eq(out[1], vf_test_f2u(511.0f));
    ck_assert_uint_eq(out[2], vf_test_f2u(-1.0f));
    ck_assert_uint_eq(out[3], vf_test_f2u(-2.0f));
    /* A2R10G10B10_SNORM: B in the low bits; 2-bit alpha -2 and -1 both -1.0. */
    w = 0x201u | (1u << 30) | (0x200u << 20);
    vf_vk_decode_attribute(VF_VK_FORMAT_A2R10G10B10_SNORM_PACK32, &w, out, 8);
    ck_assert_uint_eq(out[2], vf_test_f2u(-1.0f)); /* B = 0x201 = -511 */
    ck_assert_uint_eq(out[0], vf_test_f2u(-1.0f)); /* R = 0x200 = -512 clamps */
    ck_assert_uint_eq(out[3], vf_test_f2u(1.0f));  /* A = 1 */
    /* R64G64B64_SFLOAT: six words, then zeros: no defaults. */
    uint64_t d3[3] = { 0x3ff0000000000000u, 0x4000000000000000u, 0xc008000000000000u };
    ck_assert_int_eq(vf_vk_decode_attribute(VF_VK_FORMAT_R64G64B64_SFLOAT, d3, out, 7),
                     VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_vk_decode_attribute(VF_VK_FORMAT_R64G64B64_SFLOAT, d3, out, 8), VF_OK);
    ck_assert_uint_eq(out[1], 0x3ff00000u);
    ck_assert_uint_eq(out[5], 0xc0080000u);
    ck_assert_uint_eq(out[6], 0);
    ck_assert_uint_eq(out[7], 0);
    /* R8G8B8_USCALED: (255, 0, 128, 1.0f). */
    uint8_t rgb[3] = { 255, 0, 128 };
    vf_vk_decode_attribute(VF_VK_FORMAT_R8G8B8_USCALED, rgb, out, 8);
    ck_assert_uint_eq(out[0], vf_test_f2u(255.0f));
    ck_assert_uint_eq(out[2], vf_test_f2u(128.0f));
    ck_assert_uint_eq(out[3], vf_test_f2u(1.0f));
    /* B8G8R8_SINT: the missing alpha is integer 1. */
    vf_vk_decode_attribute(VF_VK_FORMAT_B8G8R8_SINT, rgb, out, 8);
    ck_assert_uint_eq(out[0], (uint32_t)-128);
    ck_assert_uint_eq(out[2], (uint32_t)-1);
    ck_assert_uint_eq(out[3], 1);
    ck_assert_int_eq(vf_vk_decode_attribute(1, rgb, out, 8), VF_ERROR_VK_FORMAT_NOT_VERTEX);
    ck_assert_int_eq(vf_vk_decode_attribute(VF_VK_FORMAT_R8_UNORM, NULL, out, 8),
                     VF_ERROR_NULL_POINTER);
}
END_TEST

static Suite *suite_vulkan_formats(void)
{
    Suite *s = suite_create("vulkan_formats");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_table);
    tcase_add_loop_test(tc, test_decode_exhaustive, 9, 123);
    tcase_add_test(tc, test_srgb);
    tcase_add_test(tc, test_worked_values);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(suite_vulkan_formats());
}
