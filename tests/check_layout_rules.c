/*
 * check_layout_rules.c - input-layout validation (lib/layout.c): every rule
 * of d3d-ia-rules section 3 (L01-L17) passing and failing with its exact
 * message, component mappings (section 7), several errors at once, the
 * diagnostics limit, and the layout options.
 *
 * Expected messages are written by hand from d3d-ia-rules.md sections 3
 * and 7; the IA vertex formats come from the independent model
 * (tests/ref/layout_model.c), not from the library.
 */
#include <stdio.h>
#include <string.h>

#include "check_main.h"
#include "layout_helpers.h"
#include "layout_model.h"

/* ------------------------------------------------------------------------ */
/* Validation rules, each passing and failing, exact messages               */
/* ------------------------------------------------------------------------ */

START_TEST(test_l01_too_many_elements)
{
    vf_input_element_desc d[40];
    char names[40][8];
    for (uint32_t i = 0; i < 40; i++) {
        snprintf(names[i], sizeof(names[i]), "E");
        d[i] = E(names[i], i, VF_FORMAT_R8_UINT, 0, APPEND);
    }
    vf_layout *layout = create_ok(d, 32, NULL);
    ck_assert_uint_eq(vf_layout_element_count(layout), 32);
    ck_assert_uint_eq(offset_of(layout, 31), 31);
    vf_layout_destroy(layout);

    fail_one(d, 33, NULL, VF_ERROR_TOO_MANY_ELEMENTS, -1,
             "the input layout has 33 elements; at most 32 are allowed");
    /* A huge count reads only the first 32 elements (d has 40). */
    fail_one(d, UINT32_MAX, NULL, VF_ERROR_TOO_MANY_ELEMENTS, -1,
             "the input layout has 4294967295 elements; at most 32 are allowed");
    /* Errors of the first 32 are still reported; the 33rd is not read. */
    d[5].format = 999;
    d[32].format = 999;
    create_fail(d, 33, NULL, VF_ERROR_TOO_MANY_ELEMENTS);
    ck_assert_uint_eq(diags.count, 2);
    expect_diag(1, VF_ERROR_INVALID_FORMAT, VF_SEVERITY_ERROR, 5, -1,
                "element 5 (E5): Format 999 is not a DXGI_FORMAT value");
}
END_TEST

START_TEST(test_l02_format)
{
    vf_input_element_desc d[] = { E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0) };
    vf_layout_destroy(create_ok(d, 1, NULL));

    d[0].format = 200;
    fail_one(d, 1, NULL, VF_ERROR_INVALID_FORMAT, 0,
             "element 0 (POSITION0): Format 200 is not a DXGI_FORMAT value");
    d[0].format = 0xFFFFFFFFu;
    fail_one(d, 1, NULL, VF_ERROR_INVALID_FORMAT, 0,
             "element 0 (POSITION0): Format 4294967295 is not a DXGI_FORMAT value");
    d[0].format = VF_FORMAT_UNKNOWN;
    fail_one(d, 1, NULL, VF_ERROR_INVALID_FORMAT, 0,
             "element 0 (POSITION0): Format UNKNOWN is not an input-assembler vertex format");
    d[0].format = VF_FORMAT_R32G32B32_TYPELESS;
    fail_one(d, 1, NULL, VF_ERROR_INVALID_FORMAT, 0,
             "element 0 (POSITION0): Format R32G32B32_TYPELESS is not an input-assembler "
             "vertex format");
    d[0].format = VF_FORMAT_R8G8B8A8_UNORM_SRGB;
    fail_one(d, 1, NULL, VF_ERROR_INVALID_FORMAT, 0,
             "element 0 (POSITION0): Format R8G8B8A8_UNORM_SRGB is not an input-assembler "
             "vertex format");

    /* Exactly the 47 formats of rules section 1 pass, over every value. */
    uint32_t accepted = 0;
    for (vf_format f = 0; f <= 200; f++) {
        d[0].format = f;
        vf_layout *layout = NULL;
        vf_result r = vf_layout_create(d, 1, NULL, &layout, NULL);
        if (lm_format_size(f) != 0) {
            ck_assert_msg(r == VF_OK, "format %u rejected", f);
            accepted++;
        } else {
            ck_assert_msg(r == VF_ERROR_INVALID_FORMAT, "format %u accepted", f);
        }
        vf_layout_destroy(layout);
    }
    ck_assert_uint_eq(accepted, 47);
}
END_TEST

START_TEST(test_l03_slot_limit)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 15, 0),
        E("COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 1, 0),
    };
    vf_layout_destroy(create_ok(d, 2, NULL));

    d[1].input_slot = 16;
    fail_one(d, 2, NULL, VF_ERROR_INVALID_SLOT, 1,
             "element 1 (COLOR0): InputSlot 16 is not below 16; set "
             "vf_layout_options.max_input_slots = 32 (MaxInputSlots in a case file) to allow "
             "slots up to 31");
    d[1].input_slot = 20;
    fail_one(d, 2, NULL, VF_ERROR_INVALID_SLOT, 1,
             "element 1 (COLOR0): InputSlot 20 is not below 16; set "
             "vf_layout_options.max_input_slots = 32 (MaxInputSlots in a case file) to allow "
             "slots up to 31");
    d[1].input_slot = 32;
    fail_one(d, 2, NULL, VF_ERROR_INVALID_SLOT, 1,
             "element 1 (COLOR0): InputSlot 32 is not below 16");

    vf_layout_options o;
    vf_layout_options_init(&o);
    o.max_input_slots = 32;
    for (uint32_t s = 16; s < 32; s++) {
        d[1].input_slot = s;
        vf_layout *layout = create_ok(d, 2, &o);
        /* Created with a slot past 15: the limit is 32. */
        ck_assert_uint_eq(used_slot_mask(layout), (1u << 15) | (1u << s));
        vf_layout_destroy(layout);
    }
    d[1].input_slot = 32;
    fail_one(d, 2, &o, VF_ERROR_INVALID_SLOT, 1,
             "element 1 (COLOR0): InputSlot 32 is not below 32");
    d[1].input_slot = UINT32_MAX;
    fail_one(d, 2, &o, VF_ERROR_INVALID_SLOT, 1,
             "element 1 (COLOR0): InputSlot 4294967295 is not below 32");

    /* 0 and 16 both mean the default limit. */
    o.max_input_slots = 0;
    d[1].input_slot = 15;
    vf_layout *layout = create_ok(d, 2, &o);
    ck_assert_uint_eq(used_slot_mask(layout), 1u << 15);
    vf_layout_destroy(layout);
    d[1].input_slot = 16;
    create_fail(d, 2, &o, VF_ERROR_INVALID_SLOT);
    o.max_input_slots = 16;
    create_fail(d, 2, &o, VF_ERROR_INVALID_SLOT);
}
END_TEST

START_TEST(test_l04_slot_class)
{
    vf_input_element_desc d[] = { E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0) };
    d[0].input_slot_class = PI;
    vf_layout_destroy(create_ok(d, 1, NULL));
    d[0].input_slot_class = 2;
    fail_one(d, 1, NULL, VF_ERROR_INVALID_SLOT_CLASS, 0,
             "element 0 (POSITION0): InputSlotClass 2 is neither PER_VERTEX_DATA (0) nor "
             "PER_INSTANCE_DATA (1)");
}
END_TEST

START_TEST(test_l05_step_rate_not_zero)
{
    vf_input_element_desc d[] = { E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0) };
    vf_layout_destroy(create_ok(d, 1, NULL));
    d[0].instance_data_step_rate = 1;
    fail_one(d, 1, NULL, VF_ERROR_STEP_RATE_NOT_ZERO, 0,
             "element 0 (POSITION0): InstanceDataStepRate 1 must be 0 for PER_VERTEX_DATA");
    /* Per-instance: any rate, 0 included. */
    d[0].input_slot_class = PI;
    d[0].instance_data_step_rate = 0;
    vf_layout_destroy(create_ok(d, 1, NULL));
    d[0].instance_data_step_rate = UINT32_MAX;
    vf_layout_destroy(create_ok(d, 1, NULL));
}
END_TEST

START_TEST(test_l06_slot_class_change)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0),
        EI("COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 1, 0, 1),
    };
    vf_layout_destroy(create_ok(d, 2, NULL));
    d[1].input_slot = 0;
    d[1].aligned_byte_offset = 12;
    fail_one(d, 2, NULL, VF_ERROR_SLOT_CLASS_CHANGE, 1,
             "element 1 (COLOR0): InputSlotClass PER_INSTANCE_DATA differs from "
             "PER_VERTEX_DATA of element 0 in slot 0");
}
END_TEST

START_TEST(test_l07_step_rate_change)
{
    vf_input_element_desc d[] = {
        EI("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, 1),
        EI("COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, 12, 1),
        EI("TEXCOORD", 0, VF_FORMAT_R8G8B8A8_UNORM, 1, 0, 2),
    };
    vf_layout_destroy(create_ok(d, 3, NULL));
    d[1].instance_data_step_rate = 2;
    fail_one(d, 3, NULL, VF_ERROR_STEP_RATE_CHANGE, 1,
             "element 1 (COLOR0): InstanceDataStepRate 2 differs from 1 of element 0 in "
             "slot 0");
}
END_TEST

START_TEST(test_l08_misaligned_offset)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0),
        E("NORMAL", 0, VF_FORMAT_R16G16B16A16_SNORM, 0, 12),
        E("TEXCOORD", 0, VF_FORMAT_R32G32_FLOAT, 0, 20),
        E("TEXCOORD", 1, VF_FORMAT_R32G32_FLOAT, 0, 28),
        E("FLAGS", 0, VF_FORMAT_R8_UINT, 0, 37),
        E("SMALL", 0, VF_FORMAT_R16_SINT, 0, 38),
    };
    vf_layout_destroy(create_ok(d, 6, NULL));
    d[3].aligned_byte_offset = 6;
    fail_one(d, 6, NULL, VF_ERROR_MISALIGNED_OFFSET, 3,
             "element 3 (TEXCOORD1): AlignedByteOffset 6 is not a multiple of 4 for "
             "R32G32_FLOAT");
    d[3].aligned_byte_offset = 28;
    d[5].aligned_byte_offset = 39;
    fail_one(d, 6, NULL, VF_ERROR_MISALIGNED_OFFSET, 5,
             "element 5 (SMALL0): AlignedByteOffset 39 is not a multiple of 2 for R16_SINT");
}
END_TEST

START_TEST(test_l09_duplicate_semantic)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0),
        E("POSITION", 1, VF_FORMAT_R32G32B32_FLOAT, 0, 12),
        E("position", 2, VF_FORMAT_R32G32B32_FLOAT, 1, 0),
    };
    vf_layout_destroy(create_ok(d, 3, NULL));
    d[2].semantic_index = 0;
    fail_one(d, 3, NULL, VF_ERROR_DUPLICATE_SEMANTIC, 2,
             "element 2 (position0): the same semantic as element 0 (POSITION0)");
}
END_TEST

START_TEST(test_l10_null_semantic)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0),
        E(NULL, 0, VF_FORMAT_R32G32B32_FLOAT, 0, 12),
        E(NULL, 0, VF_FORMAT_R32G32B32_FLOAT, 0, 24),
    };
    vf_layout_destroy(create_ok(d, 1, NULL));
    /* Two NULL names are not duplicates of each other: one L10 each. */
    create_fail(d, 3, NULL, VF_ERROR_NULL_SEMANTIC);
    ck_assert_uint_eq(diags.count, 2);
    expect_diag(0, VF_ERROR_NULL_SEMANTIC, VF_SEVERITY_ERROR, 1, -1,
                "element 1 ((null)0): SemanticName is NULL");
    expect_diag(1, VF_ERROR_NULL_SEMANTIC, VF_SEVERITY_ERROR, 2, -1,
                "element 2 ((null)0): SemanticName is NULL");
}
END_TEST

START_TEST(test_l11_trailing_digit)
{
    vf_input_element_desc d[] = { E("TEXCOORD", 1, VF_FORMAT_R32G32_FLOAT, 0, 0) };
    vf_layout_destroy(create_ok(d, 1, NULL));
    d[0].semantic_name = "TEX2COORD";
    vf_layout_destroy(create_ok(d, 1, NULL));
    d[0].semantic_name = "TEXCOORD1";
    d[0].semantic_index = 0;
    fail_one(d, 1, NULL, VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC, 0,
             "element 0 (TEXCOORD10): SemanticName TEXCOORD1 ends in a digit; put the number "
             "in SemanticIndex");
    d[0].semantic_name = "COLOR0";
    fail_one(d, 1, NULL, VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC, 0,
             "element 0 (COLOR00): SemanticName COLOR0 ends in a digit; put the number in "
             "SemanticIndex");
    d[0].semantic_name = "_9";
    fail_one(d, 1, NULL, VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC, 0,
             "element 0 (_90): SemanticName _9 ends in a digit; put the number in "
             "SemanticIndex");
    /* A lone digit breaks L11 and L17. */
    d[0].semantic_name = "7";
    create_fail(d, 1, NULL, VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC);
    ck_assert_uint_eq(diags.count, 2);
    expect_diag(0, VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC, VF_SEVERITY_ERROR, 0, -1,
                "element 0 (70): SemanticName 7 ends in a digit; put the number in "
                "SemanticIndex");
    expect_diag(1, VF_ERROR_INVALID_SEMANTIC_NAME, VF_SEVERITY_ERROR, 0, -1,
                "element 0 (70): SemanticName 7 is not an identifier ([A-Za-z_][A-Za-z0-9_]*)");
}
END_TEST

START_TEST(test_l16_system_value_element)
{
    vf_input_element_desc d[] = { E("SV_Position", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 0) };
    vf_layout_destroy(create_ok(d, 1, NULL));
    d[0].semantic_name = "SV_POSITION";
    vf_layout_destroy(create_ok(d, 1, NULL));
    d[0].semantic_name = "SV_VertexIDs";
    vf_layout_destroy(create_ok(d, 1, NULL));

    static const char *const generated[] = {
        "SV_VertexID", "sv_vertexid", "SV_InstanceID", "SV_INSTANCEID",
        "SV_StartVertexLocation", "sv_startinstancelocation",
    };
    d[0].format = VF_FORMAT_R32_UINT;
    for (size_t k = 0; k < LH_ARRAY_LEN(generated); k++) {
        char want[VF_DIAGNOSTIC_MESSAGE_SIZE];
        snprintf(want, sizeof(want),
                 "element 0 (%s0): %s is generated by the input assembler, not read from an "
                 "element",
                 generated[k], generated[k]);
        d[0].semantic_name = generated[k];
        fail_one(d, 1, NULL, VF_ERROR_SYSTEM_VALUE_ELEMENT, 0, want);
    }
}
END_TEST

START_TEST(test_l17_semantic_name)
{
    vf_input_element_desc d[] = { E("_a_Z9x", 0, VF_FORMAT_R32_FLOAT, 0, 0) };
    vf_layout_destroy(create_ok(d, 1, NULL));
    d[0].semantic_name = "";
    fail_one(d, 1, NULL, VF_ERROR_INVALID_SEMANTIC_NAME, 0,
             "element 0 (0): SemanticName is empty");
    d[0].semantic_name = "BAD NAME";
    fail_one(d, 1, NULL, VF_ERROR_INVALID_SEMANTIC_NAME, 0,
             "element 0 (BAD NAME0): SemanticName BAD NAME is not an identifier "
             "([A-Za-z_][A-Za-z0-9_]*)");
    d[0].semantic_name = "9LIVES";
    fail_one(d, 1, NULL, VF_ERROR_INVALID_SEMANTIC_NAME, 0,
             "element 0 (9LIVES0): SemanticName 9LIVES is not an identifier "
             "([A-Za-z_][A-Za-z0-9_]*)");
    /* Non-ASCII and control bytes print as '?'. */
    d[0].semantic_name = "\x7f\x1f~";
    fail_one(d, 1, NULL, VF_ERROR_INVALID_SEMANTIC_NAME, 0,
             "element 0 (??~0): SemanticName ??~ is not an identifier "
             "([A-Za-z_][A-Za-z0-9_]*)");
    d[0].semantic_name = "COL\xc3\xa9R\x01";
    fail_one(d, 1, NULL, VF_ERROR_INVALID_SEMANTIC_NAME, 0,
             "element 0 (COL??R?0): SemanticName COL??R? is not an identifier "
             "([A-Za-z_][A-Za-z0-9_]*)");
    /* "A-1" breaks L11 and L17: both are reported. */
    d[0].semantic_name = "A-1";
    create_fail(d, 1, NULL, VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC);
    ck_assert_uint_eq(diags.count, 2);
    expect_diag(1, VF_ERROR_INVALID_SEMANTIC_NAME, VF_SEVERITY_ERROR, 0, -1,
                "element 0 (A-10): SemanticName A-1 is not an identifier "
                "([A-Za-z_][A-Za-z0-9_]*)");
}
END_TEST

START_TEST(test_long_name_is_cut_in_messages)
{
    char name[101];
    memset(name, 'N', 100);
    name[100] = '\0';
    vf_input_element_desc d[] = { E(name, 7, 999, 0, 0) };
    char want[VF_DIAGNOSTIC_MESSAGE_SIZE];
    snprintf(want, sizeof(want), "element 0 (%.48s...7): Format 999 is not a DXGI_FORMAT value",
             name);
    fail_one(d, 1, NULL, VF_ERROR_INVALID_FORMAT, 0, want);
    /* The valid long name is copied whole. */
    d[0].format = VF_FORMAT_R32_FLOAT;
    vf_layout *layout = create_ok(d, 1, NULL);
    vf_layout_element_info info;
    ck_assert_int_eq(vf_layout_element(layout, 0, &info), VF_OK);
    ck_assert_str_eq(info.semantic_name, name);
    vf_layout_destroy(layout);
}
END_TEST

/* Component mappings are seen in what a draw delivers: the bytes below
 * decode (rules 1) to A = (10, 20, 30, 40) as integers, B = (2.5, -3.0, 0,
 * 1.0) and C = (1.0, 0, 0, 1.0) as floats. */
static const uint8_t mapping_bytes[16] = {
    10, 20, 30, 40,             /* A: R8G8B8A8_UINT at 0 */
    0x00, 0x00, 0x20, 0x40,     /* B: R32G32_FLOAT at 4, 2.5f */
    0x00, 0x00, 0x40, 0xc0,     /*    -3.0f */
    0xff, 0x7f, 0, 0,           /* C: R16_SNORM at 12, 32767 = 1.0 */
};
static const uint32_t mapping_src[3][4] = {
    { 10, 20, 30, 40 },
    { 0x40200000u, 0xc0400000u, 0, 0x3f800000u },
    { 0x3f800000u, 0, 0, 0x3f800000u },
};

/* Rules 7: selectors 0-3 pick a source component, 4 is 0 and 5 is 1 (0x1
 * for UINT/SINT formats, 1.0f for every other, SNORM included). */
static void expect_mapped(const uint32_t *reg, const uint32_t *src, uint32_t m, uint32_t one)
{
    for (uint32_t c = 0; c < 4; c++) {
        uint32_t sel = (m >> (3 * c)) & 7u;
        uint32_t want = sel < 4 ? src[sel] : sel == 4 ? 0 : one;
        ck_assert_msg(reg[c] == want, "mapping 0x%x component %u: 0x%x, want 0x%x", m, c,
                      reg[c], want);
    }
}

START_TEST(test_component_mapping)
{
    vf_input_element_desc d[] = {
        E("A", 0, VF_FORMAT_R8G8B8A8_UINT, 0, 0),
        E("B", 0, VF_FORMAT_R32G32_FLOAT, 0, 4),
        E("C", 0, VF_FORMAT_R16_SNORM, 0, 12),
    };
    static const uint32_t one[3] = { 0x00000001u, 0x3F800000u, 0x3F800000u };
    uint32_t rec[(VF_MAX_REGISTERS + 1) * 4];
    /* encode(2,1,0,5) = 0x1A0A (rules 7). */
    uint32_t maps[3] = { 0x1A0Au, 0x1688u, 0x1A0Au };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.component_mappings = maps;
    vf_layout *layout = create_ok(d, 3, &o);
    vf_layout_element_info info;
    for (uint32_t i = 0; i < 3; i++) {
        ck_assert_int_eq(vf_layout_element(layout, i, &info), VF_OK);
        ck_assert_uint_eq(info.component_mapping, maps[i]);
    }
    /* FORCE_VALUE_1: 0x1 for UINT/SINT formats, 1.0f otherwise (SNORM too). */
    draw_first_record(layout, mapping_bytes, sizeof(mapping_bytes), 1, rec);
    for (uint32_t i = 0; i < 3; i++)
        expect_mapped(rec + 4 * i, mapping_src[i], maps[i], one[i]);
    ck_assert_uint_eq(rec[3], 1);
    ck_assert_uint_eq(rec[11], 0x3F800000u);
    vf_layout_destroy(layout);

    /* Without options every mapping is the identity. */
    layout = create_ok(d, 3, NULL);
    draw_first_record(layout, mapping_bytes, sizeof(mapping_bytes), 1, rec);
    for (uint32_t i = 0; i < 3; i++) {
        ck_assert_int_eq(vf_layout_element(layout, i, &info), VF_OK);
        ck_assert_uint_eq(info.component_mapping, VF_DEFAULT_COMPONENT_MAPPING);
        for (uint32_t c = 0; c < 4; c++)
            ck_assert_uint_eq(rec[4 * i + c], mapping_src[i][c]);
    }
    vf_layout_destroy(layout);

    maps[1] = 0x0688u; /* no 0x1000 bit */
    fail_one(d, 3, &o, VF_ERROR_INVALID_MAPPING, 1,
             "element 1 (B0): component mapping 0x688 is invalid (it needs bit 0x1000, no bit "
             "above 12 and selectors 0..5)");
    maps[1] = 0x3688u; /* a bit above 12 */
    create_fail(d, 3, &o, VF_ERROR_INVALID_MAPPING);
    maps[1] = VF_ENCODE_COMPONENT_MAPPING(0, 1, 6, 3);
    create_fail(d, 3, &o, VF_ERROR_INVALID_MAPPING);
    maps[1] = VF_ENCODE_COMPONENT_MAPPING(7, 1, 2, 3);
    create_fail(d, 3, &o, VF_ERROR_INVALID_MAPPING);
    maps[1] = VF_ENCODE_COMPONENT_MAPPING(4, 5, 4, 5);
    vf_layout_destroy(create_ok(d, 3, &o));

    /* Exhaustive over the low 14 bits: valid iff bit 12 set, bit 13 clear
     * and all four selectors <= 5 (written from rules 7); every valid one
     * delivers what it selects. */
    uint32_t valid = 0;
    for (uint32_t m = 0; m < (1u << 14); m++) {
        int want = (m & 0x1000u) && !(m & 0x2000u) && (m & 7u) <= 5 && ((m >> 3) & 7u) <= 5 &&
                   ((m >> 6) & 7u) <= 5 && ((m >> 9) & 7u) <= 5;
        maps[1] = m;
        vf_layout *l = NULL;
        vf_result r = vf_layout_create(d, 3, &o, &l, NULL);
        ck_assert_msg((r == VF_OK) == want, "mapping 0x%x: result %d", m, r);
        if (l != NULL) {
            ck_assert_int_eq(vf_layout_element(l, 1, &info), VF_OK);
            ck_assert_uint_eq(info.component_mapping, m);
            draw_first_record(l, mapping_bytes, sizeof(mapping_bytes), 1, rec);
            expect_mapped(rec + 4, mapping_src[1], m, one[1]);
            valid++;
        }
        vf_layout_destroy(l);
    }
    ck_assert_uint_eq(valid, 6 * 6 * 6 * 6);
}
END_TEST

START_TEST(test_multiple_errors)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0),
        E("NORMAL", 0, 300, 0, 12),
        E("TEXCOORD", 1, VF_FORMAT_R32G32_FLOAT, 0, 6),
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 20, 0),
        E(NULL, 0, VF_FORMAT_R8_UINT, 0, APPEND),
    };
    d[3].input_slot_class = 5;
    create_fail(d, 5, NULL, VF_ERROR_INVALID_FORMAT);
    ck_assert_uint_eq(diags.count, 6);
    ck_assert_uint_eq(diags.num_errors, 6);
    ck_assert_uint_eq(diags.num_warnings, 0);
    ck_assert_uint_eq(diags.num_dropped, 0);
    expect_diag(0, VF_ERROR_INVALID_FORMAT, VF_SEVERITY_ERROR, 1, -1,
                "element 1 (NORMAL0): Format 300 is not a DXGI_FORMAT value");
    expect_diag(1, VF_ERROR_MISALIGNED_OFFSET, VF_SEVERITY_ERROR, 2, -1,
                "element 2 (TEXCOORD1): AlignedByteOffset 6 is not a multiple of 4 for "
                "R32G32_FLOAT");
    expect_diag(2, VF_ERROR_INVALID_SLOT, VF_SEVERITY_ERROR, 3, -1,
                "element 3 (POSITION0): InputSlot 20 is not below 16; set "
                "vf_layout_options.max_input_slots = 32 (MaxInputSlots in a case file) to "
                "allow slots up to 31");
    expect_diag(3, VF_ERROR_INVALID_SLOT_CLASS, VF_SEVERITY_ERROR, 3, -1,
                "element 3 (POSITION0): InputSlotClass 5 is neither PER_VERTEX_DATA (0) nor "
                "PER_INSTANCE_DATA (1)");
    expect_diag(4, VF_ERROR_DUPLICATE_SEMANTIC, VF_SEVERITY_ERROR, 3, -1,
                "element 3 (POSITION0): the same semantic as element 0 (POSITION0)");
    /* Element 2's explicit offset makes slot 0's cursor known again after
     * NORMAL's unknown format: element 4 appends at 6 + 8 = 14, and only its
     * NULL name is wrong. */
    expect_diag(5, VF_ERROR_NULL_SEMANTIC, VF_SEVERITY_ERROR, 4, -1,
                "element 4 ((null)0): SemanticName is NULL");
}
END_TEST

START_TEST(test_multiple_errors_null_and_append_after_unknown)
{
    vf_input_element_desc d[] = {
        E("A", 0, 300, 0, 0),
        E("B", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, APPEND), /* cursor unknown: not judged */
        E(NULL, 0, VF_FORMAT_R8_UINT, 1, APPEND),
    };
    create_fail(d, 3, NULL, VF_ERROR_INVALID_FORMAT);
    ck_assert_uint_eq(diags.count, 2);
    expect_diag(0, VF_ERROR_INVALID_FORMAT, VF_SEVERITY_ERROR, 0, -1,
                "element 0 (A0): Format 300 is not a DXGI_FORMAT value");
    expect_diag(1, VF_ERROR_NULL_SEMANTIC, VF_SEVERITY_ERROR, 2, -1,
                "element 2 ((null)0): SemanticName is NULL");
}
END_TEST

START_TEST(test_diagnostics_overflow)
{
    /* 32 elements, each with 5 errors (format, slot, class, NULL name,
     * mapping) = 160 errors: 128 stored, 32 dropped, all counted. */
    vf_input_element_desc d[32];
    uint32_t maps[32];
    for (uint32_t i = 0; i < 32; i++) {
        d[i] = E(NULL, 0, 1000, 40, 0);
        d[i].input_slot_class = 9;
        maps[i] = 0;
    }
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.component_mappings = maps;
    create_fail(d, 32, &o, VF_ERROR_INVALID_FORMAT);
    ck_assert_uint_eq(diags.count, VF_MAX_DIAGNOSTICS);
    ck_assert_uint_eq(diags.num_errors, 160);
    ck_assert_uint_eq(diags.num_dropped, 32);
    expect_diag(4, VF_ERROR_INVALID_MAPPING, VF_SEVERITY_ERROR, 0, -1,
                "element 0 ((null)0): component mapping 0x0 is invalid (it needs bit 0x1000, no "
                "bit above 12 and selectors 0..5)");
    /* Entry 127 is the third error of element 25 (25 * 5 + 2). */
    expect_diag(127, VF_ERROR_INVALID_SLOT_CLASS, VF_SEVERITY_ERROR, 25, -1,
                "element 25 ((null)0): InputSlotClass 9 is neither PER_VERTEX_DATA (0) nor "
                "PER_INSTANCE_DATA (1)");
    /* Without a diagnostics struct the result is the same. */
    vf_layout *layout = NULL;
    ck_assert_int_eq(vf_layout_create(d, 32, &o, &layout, NULL), VF_ERROR_INVALID_FORMAT);
    ck_assert_ptr_null(layout);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Options                                                                  */
/* ------------------------------------------------------------------------ */

START_TEST(test_options)
{
    vf_input_element_desc d[] = { E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0) };
    vf_layout_options o;

    vf_layout_options_init(&o);
    ck_assert_uint_eq(o.struct_size, sizeof(o));
    ck_assert_ptr_null(o.component_mappings);
    ck_assert_ptr_null(o.signature);
    ck_assert_uint_eq(o.signature_count, 0);
    ck_assert_uint_eq(o.system_values, 0);
    ck_assert_uint_eq(o.output_shape, VF_OUTPUT_AOS);
    ck_assert_uint_eq(o.isa, VF_ISA_AUTO);
    ck_assert_uint_eq(o.generator, VF_GENERATOR_AUTO);
    ck_assert_uint_eq(o.max_input_slots == 0 || o.max_input_slots == 16, 1);
    vf_layout_options_init(NULL);

    char want[VF_DIAGNOSTIC_MESSAGE_SIZE];
    o.struct_size = sizeof(o) - 8;
    snprintf(want, sizeof(want), "options: struct_size %zu is not sizeof(vf_layout_options) %zu",
             sizeof(o) - 8, sizeof(o));
    fail_one(d, 1, &o, VF_ERROR_INVALID_OPTIONS, -1, want);
    o.struct_size = 0;
    create_fail(d, 1, &o, VF_ERROR_INVALID_OPTIONS);
    o.struct_size = sizeof(o) + 8;
    create_fail(d, 1, &o, VF_ERROR_INVALID_OPTIONS);

    vf_layout_options_init(&o);
    o.max_input_slots = 17;
    fail_one(d, 1, &o, VF_ERROR_INVALID_OPTIONS, -1,
             "options: max_input_slots 17 is not 0, 16 or 32");
    vf_layout_options_init(&o);
    o.system_values = 0x8;
    fail_one(d, 1, &o, VF_ERROR_INVALID_OPTIONS, -1,
             "options: system_values 0x8 has bits other than VF_SV_*");
    vf_layout_options_init(&o);
    o.output_shape = 2;
    fail_one(d, 1, &o, VF_ERROR_INVALID_OPTIONS, -1,
             "options: output_shape 2 is not 0, 4, 8 or 16");
    vf_layout_options_init(&o);
    o.isa = VF_ISA_COUNT;
    fail_one(d, 1, &o, VF_ERROR_INVALID_OPTIONS, -1, "options: isa 8 is not a vf_isa value");
    vf_layout_options_init(&o);
    o.generator = 2;
    fail_one(d, 1, &o, VF_ERROR_INVALID_OPTIONS, -1,
             "options: generator 2 is not VF_GENERATOR_AUTO (0) or _OFF (1)");
    vf_layout_options_init(&o);
    o.signature_count = 2;
    fail_one(d, 1, &o, VF_ERROR_NULL_POINTER, -1,
             "options: signature is NULL but signature_count is 2");

    /* Several option errors at once, in field order. */
    vf_layout_options_init(&o);
    o.max_input_slots = 1;
    o.output_shape = 3;
    o.isa = 99;
    create_fail(d, 1, &o, VF_ERROR_INVALID_OPTIONS);
    ck_assert_uint_eq(diags.count, 3);

    /* An ISA that is not available is VF_ERROR_ISA_UNAVAILABLE. */
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        vf_layout_options_init(&o);
        o.isa = isa;
        if (vf_isa_available(isa)) {
            vf_layout *layout = create_ok(d, 1, &o);
            ck_assert_uint_eq(vf_layout_isa(layout), isa);
            vf_layout_destroy(layout);
        } else {
            snprintf(want, sizeof(want),
                     "options: isa %s is not available (not built in, not supported by this "
                     "CPU, or VFETCH_ISA names one that is not)",
                     vf_isa_name(isa));
            fail_one(d, 1, &o, VF_ERROR_ISA_UNAVAILABLE, -1, want);
        }
    }
    /* Scalar is always there. */
    ck_assert_int_ne(vf_isa_available(VF_ISA_SCALAR), 0);

    /* Output shapes and their lanes. */
    static const uint32_t shapes[][2] = { { 0, 1 }, { 4, 4 }, { 8, 8 }, { 16, 16 } };
    for (size_t k = 0; k < LH_ARRAY_LEN(shapes); k++) {
        vf_layout_options_init(&o);
        o.output_shape = shapes[k][0];
        vf_layout *layout = create_ok(d, 1, &o);
        ck_assert_uint_eq(vf_layout_output_shape(layout), shapes[k][0]);
        /* One vertex takes one batch of `lanes` records. */
        size_t size = 0;
        ck_assert_int_eq(vf_draw_output_size(layout, 1, 1, &size), VF_OK);
        ck_assert_uint_eq(size, 16 * shapes[k][1]);
        vf_layout_destroy(layout);
    }
}
END_TEST

START_TEST(test_names_are_copied)
{
    char name[16] = "POSITION";
    vf_input_element_desc d[] = { E(name, 3, VF_FORMAT_R32G32B32_FLOAT, 0, 0) };
    vf_layout *layout = create_ok(d, 1, NULL);
    memcpy(name, "XXXXXXXX", 8);
    vf_layout_element_info info;
    ck_assert_int_eq(vf_layout_element(layout, 0, &info), VF_OK);
    ck_assert_str_eq(info.semantic_name, "POSITION");
    ck_assert_ptr_ne(info.semantic_name, name);
    ck_assert_uint_eq(info.semantic_index, 3);
    vf_layout_destroy(layout);
}
END_TEST

static Suite *suite_layout_rules(void)
{
    Suite *s = suite_create("layout_rules");
    TCase *t = tcase_create("rules");
    tcase_add_test(t, test_l01_too_many_elements);
    tcase_add_test(t, test_l02_format);
    tcase_add_test(t, test_l03_slot_limit);
    tcase_add_test(t, test_l04_slot_class);
    tcase_add_test(t, test_l05_step_rate_not_zero);
    tcase_add_test(t, test_l06_slot_class_change);
    tcase_add_test(t, test_l07_step_rate_change);
    tcase_add_test(t, test_l08_misaligned_offset);
    tcase_add_test(t, test_l09_duplicate_semantic);
    tcase_add_test(t, test_l10_null_semantic);
    tcase_add_test(t, test_l11_trailing_digit);
    tcase_add_test(t, test_l16_system_value_element);
    tcase_add_test(t, test_l17_semantic_name);
    tcase_add_test(t, test_long_name_is_cut_in_messages);
    tcase_add_test(t, test_component_mapping);
    suite_add_tcase(s, t);

    t = tcase_create("several");
    tcase_add_test(t, test_multiple_errors);
    tcase_add_test(t, test_multiple_errors_null_and_append_after_unknown);
    tcase_add_test(t, test_diagnostics_overflow);
    suite_add_tcase(s, t);

    t = tcase_create("options");
    tcase_add_test(t, test_options);
    tcase_add_test(t, test_names_are_copied);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return vf_test_run(suite_layout_rules());
}
