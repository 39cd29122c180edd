/*
 * check_formats.c - the DXGI format table, name lookups and component
 * mapping validation, checked against expectations written here from
 * dxgiformat.h and d3d-ia-rules.md, never from lib/formats.def.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "test_util.h"
#include "vfetch.h"

struct named_value {
    const char *name;
    uint32_t value;
};

/* Every DXGI_FORMAT of dxgiformat.h (DirectX-Headers 1.606.4) except
 * DXGI_FORMAT_FORCE_UINT, in header order. */
static const struct named_value dxgi_formats[] = {
    { "UNKNOWN", 0 }, { "R32G32B32A32_TYPELESS", 1 },
    { "R32G32B32A32_FLOAT", 2 }, { "R32G32B32A32_UINT", 3 },
    { "R32G32B32A32_SINT", 4 }, { "R32G32B32_TYPELESS", 5 },
    { "R32G32B32_FLOAT", 6 }, { "R32G32B32_UINT", 7 },
    { "R32G32B32_SINT", 8 }, { "R16G16B16A16_TYPELESS", 9 },
    { "R16G16B16A16_FLOAT", 10 }, { "R16G16B16A16_UNORM", 11 },
    { "R16G16B16A16_UINT", 12 }, { "R16G16B16A16_SNORM", 13 },
    { "R16G16B16A16_SINT", 14 }, { "R32G32_TYPELESS", 15 },
    { "R32G32_FLOAT", 16 }, { "R32G32_UINT", 17 },
    { "R32G32_SINT", 18 }, { "R32G8X24_TYPELESS", 19 },
    { "D32_FLOAT_S8X24_UINT", 20 }, { "R32_FLOAT_X8X24_TYPELESS", 21 },
    { "X32_TYPELESS_G8X24_UINT", 22 }, { "R10G10B10A2_TYPELESS", 23 },
    { "R10G10B10A2_UNORM", 24 }, { "R10G10B10A2_UINT", 25 },
    { "R11G11B10_FLOAT", 26 }, { "R8G8B8A8_TYPELESS", 27 },
    { "R8G8B8A8_UNORM", 28 }, { "R8G8B8A8_UNORM_SRGB", 29 },
    { "R8G8B8A8_UINT", 30 }, { "R8G8B8A8_SNORM", 31 },
    { "R8G8B8A8_SINT", 32 }, { "R16G16_TYPELESS", 33 },
    { "R16G16_FLOAT", 34 }, { "R16G16_UNORM", 35 },
    { "R16G16_UINT", 36 }, { "R16G16_SNORM", 37 },
    { "R16G16_SINT", 38 }, { "R32_TYPELESS", 39 },
    { "D32_FLOAT", 40 }, { "R32_FLOAT", 41 },
    { "R32_UINT", 42 }, { "R32_SINT", 43 },
    { "R24G8_TYPELESS", 44 }, { "D24_UNORM_S8_UINT", 45 },
    { "R24_UNORM_X8_TYPELESS", 46 }, { "X24_TYPELESS_G8_UINT", 47 },
    { "R8G8_TYPELESS", 48 }, { "R8G8_UNORM", 49 },
    { "R8G8_UINT", 50 }, { "R8G8_SNORM", 51 },
    { "R8G8_SINT", 52 }, { "R16_TYPELESS", 53 },
    { "R16_FLOAT", 54 }, { "D16_UNORM", 55 },
    { "R16_UNORM", 56 }, { "R16_UINT", 57 },
    { "R16_SNORM", 58 }, { "R16_SINT", 59 },
    { "R8_TYPELESS", 60 }, { "R8_UNORM", 61 },
    { "R8_UINT", 62 }, { "R8_SNORM", 63 },
    { "R8_SINT", 64 }, { "A8_UNORM", 65 },
    { "R1_UNORM", 66 }, { "R9G9B9E5_SHAREDEXP", 67 },
    { "R8G8_B8G8_UNORM", 68 }, { "G8R8_G8B8_UNORM", 69 },
    { "BC1_TYPELESS", 70 }, { "BC1_UNORM", 71 },
    { "BC1_UNORM_SRGB", 72 }, { "BC2_TYPELESS", 73 },
    { "BC2_UNORM", 74 }, { "BC2_UNORM_SRGB", 75 },
    { "BC3_TYPELESS", 76 }, { "BC3_UNORM", 77 },
    { "BC3_UNORM_SRGB", 78 }, { "BC4_TYPELESS", 79 },
    { "BC4_UNORM", 80 }, { "BC4_SNORM", 81 },
    { "BC5_TYPELESS", 82 }, { "BC5_UNORM", 83 },
    { "BC5_SNORM", 84 }, { "B5G6R5_UNORM", 85 },
    { "B5G5R5A1_UNORM", 86 }, { "B8G8R8A8_UNORM", 87 },
    { "B8G8R8X8_UNORM", 88 }, { "R10G10B10_XR_BIAS_A2_UNORM", 89 },
    { "B8G8R8A8_TYPELESS", 90 }, { "B8G8R8A8_UNORM_SRGB", 91 },
    { "B8G8R8X8_TYPELESS", 92 }, { "B8G8R8X8_UNORM_SRGB", 93 },
    { "BC6H_TYPELESS", 94 }, { "BC6H_UF16", 95 },
    { "BC6H_SF16", 96 }, { "BC7_TYPELESS", 97 },
    { "BC7_UNORM", 98 }, { "BC7_UNORM_SRGB", 99 },
    { "AYUV", 100 }, { "Y410", 101 },
    { "Y416", 102 }, { "NV12", 103 },
    { "P010", 104 }, { "P016", 105 },
    { "420_OPAQUE", 106 }, { "YUY2", 107 },
    { "Y210", 108 }, { "Y216", 109 },
    { "NV11", 110 }, { "AI44", 111 },
    { "IA44", 112 }, { "P8", 113 },
    { "A8P8", 114 }, { "B4G4R4A4_UNORM", 115 },
    { "P208", 130 }, { "V208", 131 },
    { "V408", 132 }, { "SAMPLER_FEEDBACK_MIN_MIP_OPAQUE", 189 },
    { "SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE", 190 }, 
};

/* The IA vertex-buffer formats of d3d-ia-rules.md section 1: bytes per
 * element and whether support is optional. */
static const struct ia_format {
    const char *name;
    uint32_t bytes;
    int optional;
} ia_formats[] = {
    { "R32G32B32A32_FLOAT", 16, 0 }, { "R32G32B32A32_UINT", 16, 0 },
    { "R32G32B32A32_SINT", 16, 0 },  { "R32G32B32_FLOAT", 12, 0 },
    { "R32G32B32_UINT", 12, 0 },     { "R32G32B32_SINT", 12, 0 },
    { "R16G16B16A16_FLOAT", 8, 0 },  { "R16G16B16A16_UNORM", 8, 0 },
    { "R16G16B16A16_UINT", 8, 0 },   { "R16G16B16A16_SNORM", 8, 0 },
    { "R16G16B16A16_SINT", 8, 0 },   { "R32G32_FLOAT", 8, 0 },
    { "R32G32_UINT", 8, 0 },         { "R32G32_SINT", 8, 0 },
    { "R10G10B10A2_UNORM", 4, 0 },   { "R10G10B10A2_UINT", 4, 0 },
    { "R11G11B10_FLOAT", 4, 0 },     { "R8G8B8A8_UNORM", 4, 0 },
    { "R8G8B8A8_UINT", 4, 0 },       { "R8G8B8A8_SNORM", 4, 0 },
    { "R8G8B8A8_SINT", 4, 0 },       { "R16G16_FLOAT", 4, 0 },
    { "R16G16_UNORM", 4, 0 },        { "R16G16_UINT", 4, 0 },
    { "R16G16_SNORM", 4, 0 },        { "R16G16_SINT", 4, 0 },
    { "R32_FLOAT", 4, 0 },           { "R32_UINT", 4, 0 },
    { "R32_SINT", 4, 0 },            { "R8G8_UNORM", 2, 0 },
    { "R8G8_UINT", 2, 0 },           { "R8G8_SNORM", 2, 0 },
    { "R8G8_SINT", 2, 0 },           { "R16_FLOAT", 2, 0 },
    { "R16_UNORM", 2, 0 },           { "R16_UINT", 2, 0 },
    { "R16_SNORM", 2, 0 },           { "R16_SINT", 2, 0 },
    { "R8_UNORM", 1, 0 },            { "R8_UINT", 1, 0 },
    { "R8_SNORM", 1, 0 },            { "R8_SINT", 1, 0 },
    { "B5G6R5_UNORM", 2, 1 },        { "B5G5R5A1_UNORM", 2, 1 },
    { "B8G8R8A8_UNORM", 4, 0 },      { "B8G8R8X8_UNORM", 4, 0 },
    { "B4G4R4A4_UNORM", 2, 1 },
};

/* Bytes of the formats whose names do not spell their layout: per 4x4
 * block for BC, per pixel pair for 4:2:2, 0 for planar/opaque. */
static const struct named_value irregular_bytes[] = {
    { "D32_FLOAT_S8X24_UINT", 8 }, { "R32_FLOAT_X8X24_TYPELESS", 8 },
    { "X32_TYPELESS_G8X24_UINT", 8 }, { "D32_FLOAT", 4 }, { "D24_UNORM_S8_UINT", 4 },
    { "R24_UNORM_X8_TYPELESS", 4 }, { "X24_TYPELESS_G8_UINT", 4 }, { "D16_UNORM", 2 },
    { "R9G9B9E5_SHAREDEXP", 4 }, { "R8G8_B8G8_UNORM", 4 }, { "G8R8_G8B8_UNORM", 4 },
    { "BC1_TYPELESS", 8 }, { "BC1_UNORM", 8 }, { "BC1_UNORM_SRGB", 8 },
    { "BC2_TYPELESS", 16 }, { "BC2_UNORM", 16 }, { "BC2_UNORM_SRGB", 16 },
    { "BC3_TYPELESS", 16 }, { "BC3_UNORM", 16 }, { "BC3_UNORM_SRGB", 16 },
    { "BC4_TYPELESS", 8 }, { "BC4_UNORM", 8 }, { "BC4_SNORM", 8 },
    { "BC5_TYPELESS", 16 }, { "BC5_UNORM", 16 }, { "BC5_SNORM", 16 },
    { "R10G10B10_XR_BIAS_A2_UNORM", 4 },
    { "BC6H_TYPELESS", 16 }, { "BC6H_UF16", 16 }, { "BC6H_SF16", 16 },
    { "BC7_TYPELESS", 16 }, { "BC7_UNORM", 16 }, { "BC7_UNORM_SRGB", 16 },
    { "AYUV", 4 }, { "Y410", 4 }, { "Y416", 8 }, { "NV12", 0 }, { "P010", 0 },
    { "P016", 0 }, { "420_OPAQUE", 0 }, { "YUY2", 4 }, { "Y210", 8 }, { "Y216", 8 },
    { "NV11", 0 }, { "AI44", 1 }, { "IA44", 1 }, { "P8", 1 }, { "A8P8", 2 },
    { "P208", 0 }, { "V208", 0 }, { "V408", 0 },
    { "SAMPLER_FEEDBACK_MIN_MIP_OPAQUE", 0 }, { "SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE", 0 },
};

#define N_DXGI (sizeof(dxgi_formats) / sizeof(dxgi_formats[0]))
#define N_IA (sizeof(ia_formats) / sizeof(ia_formats[0]))
#define N_IRREGULAR (sizeof(irregular_bytes) / sizeof(irregular_bytes[0]))

static const struct ia_format *find_ia(const char *name)
{
    for (size_t i = 0; i < N_IA; i++)
        if (strcmp(ia_formats[i].name, name) == 0)
            return &ia_formats[i];
    return NULL;
}

static int is_known_value(uint32_t value)
{
    for (size_t i = 0; i < N_DXGI; i++)
        if (dxgi_formats[i].value == value)
            return 1;
    return 0;
}

START_TEST(test_list_sizes)
{
    ck_assert_uint_eq(N_DXGI, 121);
    ck_assert_uint_eq(N_IA, 47);
    ck_assert_uint_eq(vf_format_count(), 121);
    ck_assert_ptr_null(vf_format_info_at(121));
    ck_assert_ptr_null(vf_format_info_at(UINT32_MAX));
}
END_TEST

/* Every DXGI format is known, with its value and name, and iteration
 * visits them in ascending value order. */
START_TEST(test_every_format)
{
    for (size_t i = 0; i < N_DXGI; i++) {
        const struct named_value *e = &dxgi_formats[i];
        const vf_format_desc *d = vf_format_info(e->value);
        ck_assert_msg(d != NULL, "no info for %s", e->name);
        ck_assert_uint_eq(d->format, e->value);
        ck_assert_str_eq(d->name, e->name);
        ck_assert_ptr_eq(vf_format_info_at((uint32_t)i), d);
        ck_assert_str_eq(vf_format_name(e->value), e->name);
        ck_assert_uint_le(d->num_components, 4);
        for (int c = 0; c < 4; c++) {
            if (d->type[c] == VF_TYPE_NONE)
                ck_assert_uint_eq(d->bits[c], 0);
            ck_assert_uint_le(d->type[c], VF_TYPE_OTHER);
        }
        if (i > 0)
            ck_assert_uint_gt(e->value, dxgi_formats[i - 1].value);
    }
}
END_TEST

START_TEST(test_names_round_trip)
{
    char buf[128];
    for (size_t i = 0; i < N_DXGI; i++) {
        vf_format f = 0xdeadbeef;
        ck_assert_int_eq(vf_format_from_name(dxgi_formats[i].name, &f), VF_OK);
        ck_assert_uint_eq(f, dxgi_formats[i].value);
        snprintf(buf, sizeof(buf), "DXGI_FORMAT_%s", dxgi_formats[i].name);
        f = 0xdeadbeef;
        ck_assert_int_eq(vf_format_from_name(buf, &f), VF_OK);
        ck_assert_uint_eq(f, dxgi_formats[i].value);
    }
}
END_TEST

START_TEST(test_unknown_names)
{
    static const char *const bad[] = {
        "", "DXGI_FORMAT_", "r8_unorm", "dxgi_format_R8_UNORM", "R8_UNORM ", " R8_UNORM",
        "R8_UNORMX", "R8_UNOR", "DXGI_FORMAT_DXGI_FORMAT_R8_UNORM", "FORCE_UINT",
        "DXGI_FORMAT_FORCE_UINT", "DXGI_FORMAT", "DXGI_FORMAT_R8_unorm", "A4B4G4R4_UNORM",
        "R8G8B8_UNORM", "DXGI_FORMAT_R8_UNORM_", "UNKNOWN_",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        vf_format f = 0x12345678;
        ck_assert_int_eq(vf_format_from_name(bad[i], &f), VF_ERROR_UNKNOWN_NAME);
        ck_assert_uint_eq(f, 0x12345678); /* untouched */
    }
    vf_format f;
    ck_assert_int_eq(vf_format_from_name(NULL, &f), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_format_from_name("R8_UNORM", NULL), VF_ERROR_NULL_POINTER);
}
END_TEST

START_TEST(test_unknown_values)
{
    unsigned known = 0;
    for (uint32_t v = 0; v < 4096; v++) {
        if (is_known_value(v)) {
            known++;
            continue;
        }
        ck_assert_msg(vf_format_info(v) == NULL, "value %u has info", v);
        ck_assert_ptr_null(vf_format_name(v));
    }
    ck_assert_uint_eq(known, 121);
    static const uint32_t far[] = { 0xffffffffu, 0x80000000u, 0x10000u, 0x100u + 2, 191, 256 + 28 };
    for (size_t i = 0; i < sizeof(far) / sizeof(far[0]); i++) {
        ck_assert_ptr_null(vf_format_info(far[i]));
        ck_assert_ptr_null(vf_format_name(far[i]));
    }
}
END_TEST

/* Exactly the 47 vertex formats (3 of them optional) and only R16_UINT and
 * R32_UINT as index formats. */
START_TEST(test_ia_support)
{
    unsigned vb = 0, opt = 0, ib = 0;
    for (size_t i = 0; i < N_DXGI; i++) {
        const char *name = dxgi_formats[i].name;
        const vf_format_desc *d = vf_format_info(dxgi_formats[i].value);
        const struct ia_format *ia = find_ia(name);
        int index = strcmp(name, "R16_UINT") == 0 || strcmp(name, "R32_UINT") == 0;
        uint32_t want = (ia ? VF_IA_VERTEX_BUFFER : 0) |
                        (ia && ia->optional ? VF_IA_VERTEX_BUFFER_OPTIONAL : 0) |
                        (index ? VF_IA_INDEX_BUFFER : 0);
        ck_assert_msg(d->ia_support == want, "%s: ia_support 0x%x, want 0x%x", name,
                      d->ia_support, want);
        if (ia) {
            ck_assert_msg(d->bytes == ia->bytes, "%s: %u bytes", name, d->bytes);
            ck_assert_uint_ge(d->num_components, 1);
        }
        vb += (d->ia_support & VF_IA_VERTEX_BUFFER) != 0;
        opt += (d->ia_support & VF_IA_VERTEX_BUFFER_OPTIONAL) != 0;
        ib += (d->ia_support & VF_IA_INDEX_BUFFER) != 0;
    }
    ck_assert_uint_eq(vb, 47);
    ck_assert_uint_eq(opt, 3);
    ck_assert_uint_eq(ib, 2);
    /* Every IA name exists. */
    for (size_t i = 0; i < N_IA; i++) {
        vf_format f;
        ck_assert_int_eq(vf_format_from_name(ia_formats[i].name, &f), VF_OK);
    }
}
END_TEST

/*
 * Formats whose name spells the layout ("B5G6R5_UNORM", "R32G8X24_TYPELESS"):
 * channels from bit 0 upward, X is padding, the suffix gives the type.
 * Parsed here from the name and compared with the table.
 */
static int parse_type(const char *suffix, uint8_t *type, uint8_t *alpha_type)
{
    static const struct {
        const char *s;
        uint8_t t, a;
    } types[] = {
        { "TYPELESS", VF_TYPE_TYPELESS, VF_TYPE_TYPELESS },
        { "FLOAT", VF_TYPE_FLOAT, VF_TYPE_FLOAT },
        { "UNORM", VF_TYPE_UNORM, VF_TYPE_UNORM },
        { "SNORM", VF_TYPE_SNORM, VF_TYPE_SNORM },
        { "UINT", VF_TYPE_UINT, VF_TYPE_UINT },
        { "SINT", VF_TYPE_SINT, VF_TYPE_SINT },
        /* Alpha of an sRGB format is linear. */
        { "UNORM_SRGB", VF_TYPE_UNORM_SRGB, VF_TYPE_UNORM },
    };
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
        if (strcmp(suffix, types[i].s) == 0) {
            *type = types[i].t;
            *alpha_type = types[i].a;
            return 1;
        }
    }
    return 0;
}

static int check_spelled_layout(const vf_format_desc *d)
{
    const char *p = d->name;
    uint8_t bits[4] = { 0 }, shift[4] = { 0 }, type[4] = { 0 }, t, at;
    unsigned pos = 0, ncomp = 0;

    while (*p == 'R' || *p == 'G' || *p == 'B' || *p == 'A' || *p == 'X') {
        char ch = *p++;
        unsigned w = 0;
        if (*p < '0' || *p > '9')
            return 0;
        while (*p >= '0' && *p <= '9')
            w = w * 10 + (unsigned)(*p++ - '0');
        int c = ch == 'R' ? 0 : ch == 'G' ? 1 : ch == 'B' ? 2 : ch == 'A' ? 3 : -1;
        if (c >= 0) {
            bits[c] = (uint8_t)w;
            shift[c] = (uint8_t)pos;
            ncomp++;
        }
        pos += w;
    }
    if (*p != '_' || !parse_type(p + 1, &t, &at))
        return 0; /* not a spelled layout */
    for (int c = 0; c < 4; c++) {
        if (bits[c] == 0)
            continue;
        type[c] = c == 3 ? at : t;
        /* FLOAT fields narrower than 16 bits are the unsigned float11/10. */
        if (type[c] == VF_TYPE_FLOAT && bits[c] < 16)
            type[c] = VF_TYPE_UFLOAT;
    }
    ck_assert_msg(d->bytes == pos / 8, "%s: bytes %u", d->name, d->bytes);
    ck_assert_msg(d->num_components == ncomp, "%s: %u components", d->name, d->num_components);
    for (int c = 0; c < 4; c++) {
        ck_assert_msg(d->bits[c] == bits[c] && d->shift[c] == shift[c] && d->type[c] == type[c],
                      "%s component %d: bits %u shift %u type %u, want %u %u %u", d->name, c,
                      d->bits[c], d->shift[c], d->type[c], bits[c], shift[c], type[c]);
    }
    return 1;
}

START_TEST(test_layouts)
{
    unsigned spelled = 0, irregular = 0;
    for (size_t i = 0; i < N_DXGI; i++) {
        const vf_format_desc *d = vf_format_info(dxgi_formats[i].value);
        if (d->format == VF_FORMAT_UNKNOWN) {
            ck_assert_uint_eq(d->bytes, 0);
            ck_assert_uint_eq(d->num_components, 0);
            continue;
        }
        if (check_spelled_layout(d)) {
            spelled++;
            continue;
        }
        size_t j;
        for (j = 0; j < N_IRREGULAR; j++)
            if (strcmp(irregular_bytes[j].name, d->name) == 0)
                break;
        ck_assert_msg(j < N_IRREGULAR, "%s has no expectation", d->name);
        ck_assert_msg(d->bytes == irregular_bytes[j].value, "%s: %u bytes", d->name, d->bytes);
        irregular++;
    }
    ck_assert_uint_eq(spelled + irregular + 1, 121);
    ck_assert_uint_eq(irregular, N_IRREGULAR);
    /* Every IA format is a spelled layout, so the loop above checked them. */
    for (size_t i = 0; i < N_IA; i++) {
        vf_format f;
        vf_format_from_name(ia_formats[i].name, &f);
        ck_assert(check_spelled_layout(vf_format_info(f)));
    }
}
END_TEST

/* A few layouts written out by hand, d3d-ia-rules.md section 1. */
START_TEST(test_layout_examples)
{
    const vf_format_desc *d = vf_format_info(VF_FORMAT_B8G8R8A8_UNORM);
    ck_assert_uint_eq(d->shift[0], 16);
    ck_assert_uint_eq(d->shift[2], 0);
    ck_assert_uint_eq(d->shift[3], 24);
    d = vf_format_info(VF_FORMAT_R11G11B10_FLOAT);
    ck_assert_uint_eq(d->shift[1], 11);
    ck_assert_uint_eq(d->shift[2], 22);
    ck_assert_uint_eq(d->bits[2], 10);
    ck_assert_uint_eq(d->type[2], VF_TYPE_UFLOAT);
    d = vf_format_info(VF_FORMAT_B5G5R5A1_UNORM);
    ck_assert_uint_eq(d->shift[0], 10);
    ck_assert_uint_eq(d->shift[3], 15);
    ck_assert_uint_eq(d->bits[3], 1);
    d = vf_format_info(VF_FORMAT_B8G8R8X8_UNORM);
    ck_assert_uint_eq(d->num_components, 3);
    ck_assert_uint_eq(d->type[3], VF_TYPE_NONE);
    d = vf_format_info(VF_FORMAT_D24_UNORM_S8_UINT);
    ck_assert_uint_eq(d->bits[0], 24);
    ck_assert_uint_eq(d->type[1], VF_TYPE_UINT);
    ck_assert_uint_eq(d->shift[1], 24);
}
END_TEST

static vf_result expected_mapping_check(uint32_t m)
{
    if ((m >> 12) != 1)
        return VF_ERROR_INVALID_MAPPING;
    for (int c = 0; c < 4; c++)
        if (((m >> (3 * c)) & 7) > 5)
            return VF_ERROR_INVALID_MAPPING;
    return VF_OK;
}

START_TEST(test_mapping_check)
{
    unsigned valid = 0;
    for (uint32_t m = 0; m < 0x10000; m++) {
        vf_result want = expected_mapping_check(m);
        ck_assert_msg(vf_component_mapping_check(m) == want, "mapping 0x%x", m);
        valid += want == VF_OK;
    }
    ck_assert_uint_eq(valid, 6 * 6 * 6 * 6);
    /* Any bit above 12 makes a valid mapping invalid. */
    for (unsigned b = 13; b < 32; b++)
        ck_assert_int_eq(vf_component_mapping_check(0x1688u | (1u << b)), VF_ERROR_INVALID_MAPPING);
    ck_assert_int_eq(vf_component_mapping_check(VF_DEFAULT_COMPONENT_MAPPING), VF_OK);
    ck_assert_int_eq(vf_component_mapping_check(0x0688u), VF_ERROR_INVALID_MAPPING);
    ck_assert_int_eq(vf_component_mapping_check(0), VF_ERROR_INVALID_MAPPING);
    vf_rng rng;
    vf_rng_seed(&rng, 7);
    for (int i = 0; i < 100000; i++) {
        uint32_t m = vf_rng_u32(&rng);
        ck_assert_int_eq(vf_component_mapping_check(m), expected_mapping_check(m));
    }
}
END_TEST

/* The mapping macros, against the bit layout of d3d-ia-rules.md section 7. */
START_TEST(test_mapping_macros)
{
    ck_assert_uint_eq(VF_DEFAULT_COMPONENT_MAPPING, 0x1688u);
    ck_assert_uint_eq(VF_ENCODE_COMPONENT_MAPPING(0, 1, 2, 3), 0x1688u);
    ck_assert_uint_eq(VF_ENCODE_COMPONENT_MAPPING(2, 1, 0, 5), 0x1a0au);
    for (uint32_t i = 0; i < 6 * 6 * 6 * 6; i++) {
        uint32_t s[4] = { i % 6, i / 6 % 6, i / 36 % 6, i / 216 };
        uint32_t m = VF_ENCODE_COMPONENT_MAPPING(s[0], s[1], s[2], s[3]);
        ck_assert_uint_eq(m, s[0] + s[1] * 8 + s[2] * 64 + s[3] * 512 + 4096);
        for (uint32_t c = 0; c < 4; c++)
            ck_assert_uint_eq(VF_DECODE_COMPONENT_MAPPING(c, m), s[c]);
    }
}
END_TEST

static Suite *formats_suite(void)
{
    Suite *s = suite_create("formats");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, test_list_sizes);
    tcase_add_test(tc, test_every_format);
    tcase_add_test(tc, test_names_round_trip);
    tcase_add_test(tc, test_unknown_names);
    tcase_add_test(tc, test_unknown_values);
    tcase_add_test(tc, test_ia_support);
    tcase_add_test(tc, test_layouts);
    tcase_add_test(tc, test_layout_examples);
    suite_add_tcase(s, tc);
    tc = tcase_create("mapping");
    tcase_add_test(tc, test_mapping_check);
    tcase_add_test(tc, test_mapping_macros);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(formats_suite());
}
