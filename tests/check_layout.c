/*
 * check_layout.c - input-layout compilation (lib/layout.c): APPEND_ALIGNED
 * offsets, every validation rule with its exact message, component
 * mappings, signature linking, the compiled struct vf_layout, and a seeded
 * random test against an independent model of the rules.
 *
 * Expected offsets and messages are written by hand from d3d-ia-rules.md
 * sections 3 and 7; format sizes and types come from the table below (rules
 * section 1), not from the library.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "test_util.h"
#include "vf_internal.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

#define APPEND VF_APPEND_ALIGNED_ELEMENT
#define PV VF_INPUT_PER_VERTEX_DATA
#define PI VF_INPUT_PER_INSTANCE_DATA

static vf_input_element_desc E(const char *name, uint32_t index, vf_format format,
                               uint32_t slot, uint32_t offset)
{
    vf_input_element_desc d = { name, index, format, slot, offset, PV, 0 };
    return d;
}

static vf_input_element_desc EI(const char *name, uint32_t index, vf_format format,
                                uint32_t slot, uint32_t offset, uint32_t rate)
{
    vf_input_element_desc d = { name, index, format, slot, offset, PI, rate };
    return d;
}

static vf_diagnostics diags; /* large: keep it off the stack */

/* Expects success and returns the layout. */
static vf_layout *create_ok(const vf_input_element_desc *d, uint32_t n,
                            const vf_layout_options *o)
{
    vf_layout *layout = (vf_layout *)(uintptr_t)1;
    vf_result r = vf_layout_create(d, n, o, &layout, &diags);
    if (r != VF_OK && diags.count > 0)
        fprintf(stderr, "unexpected: %s\n", diags.entries[0].message);
    ck_assert_int_eq(r, VF_OK);
    ck_assert_ptr_nonnull(layout);
    ck_assert_uint_eq(diags.num_errors, 0);
    return layout;
}

/* Expects failure with `code` as the result. */
static void create_fail(const vf_input_element_desc *d, uint32_t n, const vf_layout_options *o,
                        vf_result code)
{
    vf_layout *layout = (vf_layout *)(uintptr_t)1;
    vf_result r = vf_layout_create(d, n, o, &layout, &diags);
    ck_assert_int_eq(r, code);
    ck_assert_ptr_null(layout);
    ck_assert_uint_ge(diags.num_errors, 1);
}

/* Expects diagnostic k to be exactly this. */
static void expect_diag(uint32_t k, vf_result code, uint32_t severity, int32_t element,
                        int32_t signature, const char *message)
{
    ck_assert_uint_gt(diags.count, k);
    const vf_diagnostic *e = &diags.entries[k];
    ck_assert_int_eq(e->code, code);
    ck_assert_uint_eq(e->severity, severity);
    ck_assert_int_eq(e->element_index, element);
    ck_assert_int_eq(e->signature_index, signature);
    ck_assert_str_eq(e->message, message);
}

/* The one error of a failing layout. */
static void fail_one(const vf_input_element_desc *d, uint32_t n, const vf_layout_options *o,
                     vf_result code, int32_t element, const char *message)
{
    create_fail(d, n, o, code);
    ck_assert_uint_eq(diags.count, 1);
    ck_assert_uint_eq(diags.num_errors, 1);
    expect_diag(0, code, VF_SEVERITY_ERROR, element, -1, message);
}

static uint32_t offset_of(const vf_layout *layout, uint32_t i)
{
    vf_layout_element_info info;
    ck_assert_int_eq(vf_layout_element(layout, i, &info), VF_OK);
    return info.byte_offset;
}

static void expect_offsets(const vf_input_element_desc *d, uint32_t n, const uint32_t *want)
{
    vf_layout *layout = create_ok(d, n, NULL);
    for (uint32_t i = 0; i < n; i++) {
        ck_assert_msg(offset_of(layout, i) == want[i], "element %u: offset %u, want %u", i,
                      offset_of(layout, i), want[i]);
        ck_assert_uint_eq(layout->elements[i].offset, want[i]);
    }
    vf_layout_destroy(layout);
}

/* The IA vertex formats of rules section 1: value, bytes, integer (UINT or
 * SINT) or not. Written from the rules, independent of lib/formats.def. */
static const struct {
    vf_format format;
    uint8_t size;
    uint8_t is_int;
} ia_formats[] = {
    { 2, 16, 0 }, { 3, 16, 1 }, { 4, 16, 1 }, { 6, 12, 0 }, { 7, 12, 1 }, { 8, 12, 1 },
    { 10, 8, 0 }, { 11, 8, 0 }, { 12, 8, 1 }, { 13, 8, 0 }, { 14, 8, 1 }, { 16, 8, 0 },
    { 17, 8, 1 }, { 18, 8, 1 }, { 24, 4, 0 }, { 25, 4, 1 }, { 26, 4, 0 }, { 28, 4, 0 },
    { 30, 4, 1 }, { 31, 4, 0 }, { 32, 4, 1 }, { 34, 4, 0 }, { 35, 4, 0 }, { 36, 4, 1 },
    { 37, 4, 0 }, { 38, 4, 1 }, { 41, 4, 0 }, { 42, 4, 1 }, { 43, 4, 1 }, { 49, 2, 0 },
    { 50, 2, 1 }, { 51, 2, 0 }, { 52, 2, 1 }, { 54, 2, 0 }, { 56, 2, 0 }, { 57, 2, 1 },
    { 58, 2, 0 }, { 59, 2, 1 }, { 61, 1, 0 }, { 62, 1, 1 }, { 63, 1, 0 }, { 64, 1, 1 },
    { 85, 2, 0 }, { 86, 2, 0 }, { 87, 4, 0 }, { 88, 4, 0 }, { 115, 2, 0 },
};

/* Index into ia_formats, or -1 when not an IA vertex format. */
static int ia_index(vf_format f)
{
    for (size_t i = 0; i < VF_ARRAY_LEN(ia_formats); i++) {
        if (ia_formats[i].format == f)
            return (int)i;
    }
    return -1;
}

/* ------------------------------------------------------------------------ */
/* APPEND_ALIGNED (rules 3.1)                                                */
/* ------------------------------------------------------------------------ */

START_TEST(test_append_rules_example)
{
    /* The example of rules 3.1: R8, R8, R16, R32 -> 0, 1, 2, 4. */
    vf_input_element_desc d[] = {
        E("A", 0, VF_FORMAT_R8_UINT, 0, APPEND), E("B", 0, VF_FORMAT_R8_UINT, 0, APPEND),
        E("C", 0, VF_FORMAT_R16_UINT, 0, APPEND), E("D", 0, VF_FORMAT_R32_FLOAT, 0, APPEND),
    };
    static const uint32_t want[] = { 0, 1, 2, 4 };
    expect_offsets(d, 4, want);
}
END_TEST

START_TEST(test_append_small_after_large)
{
    /* R32G32B32 (12) then R8 -> 12, R16 -> 14 (align 2), R8 -> 16, R32 -> 20
     * (17 rounded up to 4), R8G8 -> 24, R16G16B16A16 -> 28 (26 up to 4). */
    vf_input_element_desc d[] = {
        E("P", 0, VF_FORMAT_R32G32B32_FLOAT, 0, APPEND),
        E("A", 0, VF_FORMAT_R8_UINT, 0, APPEND),
        E("B", 0, VF_FORMAT_R16_UINT, 0, APPEND),
        E("C", 0, VF_FORMAT_R8_SNORM, 0, APPEND),
        E("D", 0, VF_FORMAT_R32_UINT, 0, APPEND),
        E("E", 0, VF_FORMAT_R8G8_UNORM, 0, APPEND),
        E("F", 0, VF_FORMAT_R16G16B16A16_FLOAT, 0, APPEND),
    };
    static const uint32_t want[] = { 0, 12, 14, 16, 20, 24, 28 };
    expect_offsets(d, 7, want);
}
END_TEST

START_TEST(test_append_two_slots_interleaved)
{
    /* One cursor per slot: slot 0 goes 0 -> 12 -> 20, slot 1 goes 0 -> 4 -> 8. */
    vf_input_element_desc d[] = {
        E("P", 0, VF_FORMAT_R32G32B32_FLOAT, 0, APPEND),
        E("C", 0, VF_FORMAT_R8G8B8A8_UNORM, 1, APPEND),
        E("T", 0, VF_FORMAT_R32G32_FLOAT, 0, APPEND),
        E("T", 1, VF_FORMAT_R16G16_FLOAT, 1, APPEND),
        E("F", 0, VF_FORMAT_R8_UINT, 1, APPEND),
        E("G", 0, VF_FORMAT_R16_UINT, 0, APPEND),
        E("H", 0, VF_FORMAT_R16_UINT, 1, APPEND),
    };
    static const uint32_t want[] = { 0, 0, 12, 4, 8, 20, 10 };
    expect_offsets(d, 7, want);
}
END_TEST

START_TEST(test_append_after_explicit)
{
    /* The cursor moves after an explicit offset, also backwards. */
    vf_input_element_desc d[] = {
        E("A", 0, VF_FORMAT_R32_FLOAT, 0, 16),
        E("B", 0, VF_FORMAT_R8_UINT, 0, APPEND),       /* 20 */
        E("C", 0, VF_FORMAT_R16_UINT, 0, APPEND),      /* 21 -> 22 */
        E("D", 0, VF_FORMAT_R8G8B8A8_UINT, 0, 0),      /* explicit 0 */
        E("F", 0, VF_FORMAT_R32G32_FLOAT, 0, APPEND),  /* 4 */
        E("G", 0, VF_FORMAT_R8_UINT, 0, 33),           /* explicit 33 */
        E("H", 0, VF_FORMAT_R8G8_UINT, 0, APPEND),     /* 34 */
        E("I", 0, VF_FORMAT_R16G16_UNORM, 0, APPEND),  /* 36 */
    };
    static const uint32_t want[] = { 16, 20, 22, 0, 4, 33, 34, 36 };
    expect_offsets(d, 8, want);
}
END_TEST

START_TEST(test_append_packed_16bit_and_optional)
{
    /* 16-bit packed formats align to 2; R10G10B10A2 and R11G11B10 to 4;
     * R32G32B32A32 to 4 (not 16). */
    vf_input_element_desc d[] = {
        E("A", 0, VF_FORMAT_R8_UNORM, 0, APPEND),           /* 0 */
        E("B", 0, VF_FORMAT_B5G6R5_UNORM, 0, APPEND),       /* 2 */
        E("C", 0, VF_FORMAT_R8_UNORM, 1, APPEND),           /* 0 (slot 1) */
        E("D", 0, VF_FORMAT_B4G4R4A4_UNORM, 0, APPEND),     /* 4 */
        E("F", 0, VF_FORMAT_R8_UNORM, 0, APPEND),           /* 6 */
        E("G", 0, VF_FORMAT_B5G5R5A1_UNORM, 0, APPEND),     /* 8 */
        E("H", 0, VF_FORMAT_R8_UNORM, 0, APPEND),           /* 10 */
        E("I", 0, VF_FORMAT_R11G11B10_FLOAT, 0, APPEND),    /* 12 */
        E("J", 0, VF_FORMAT_R8_UNORM, 0, APPEND),           /* 16 */
        E("K", 0, VF_FORMAT_R32G32B32A32_UINT, 0, APPEND),  /* 20 */
        E("L", 0, VF_FORMAT_R8_UNORM, 0, APPEND),           /* 36 */
        E("M", 0, VF_FORMAT_R10G10B10A2_UINT, 0, APPEND),   /* 40 */
    };
    static const uint32_t want[] = { 0, 2, 0, 4, 6, 8, 10, 12, 16, 20, 36, 40 };
    expect_offsets(d, 12, want);
}
END_TEST

START_TEST(test_append_unread_elements_advance)
{
    /* The shader reads only C; A and B still move the cursor (rules 3.1). */
    vf_input_element_desc d[] = {
        E("A", 0, VF_FORMAT_R32G32B32_FLOAT, 0, APPEND),
        E("B", 0, VF_FORMAT_R8_UINT, 0, APPEND),
        E("C", 0, VF_FORMAT_R32_FLOAT, 0, APPEND),
    };
    vf_signature_element sig[] = { { "C", 0, 0, 0x1, VF_REGISTER_COMPONENT_FLOAT32 } };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.signature = sig;
    o.signature_count = 1;
    vf_layout *layout = create_ok(d, 3, &o);
    ck_assert_uint_eq(offset_of(layout, 0), 0);
    ck_assert_uint_eq(offset_of(layout, 1), 12);
    ck_assert_uint_eq(offset_of(layout, 2), 16);
    vf_layout_element_info info;
    ck_assert_int_eq(vf_layout_element(layout, 0, &info), VF_OK);
    ck_assert_int_eq(info.record_register, -1);
    ck_assert_int_eq(vf_layout_element(layout, 1, &info), VF_OK);
    ck_assert_int_eq(info.record_register, -1);
    ck_assert_int_eq(vf_layout_element(layout, 2, &info), VF_OK);
    ck_assert_int_eq(info.record_register, 0);
    ck_assert_uint_eq(layout->num_fetch, 1);
    ck_assert_uint_eq(layout->fetch[0], 2);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_append_reaches_2048)
{
    /* 127 x 16 = 2032, the 128th R32G32B32A32 ends at 2048 exactly, fine;
     * one more R8 ends past it. Needs two slots of 32 elements: use an
     * explicit offset instead. */
    vf_input_element_desc d[] = {
        E("A", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 2016),
        E("B", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, APPEND), /* 2032..2048 */
    };
    static const uint32_t want[] = { 2016, 2032 };
    expect_offsets(d, 2, want);

    vf_input_element_desc d2[] = {
        E("A", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 2032),
        E("B", 0, VF_FORMAT_R8_UINT, 0, APPEND),
    };
    fail_one(d2, 2, NULL, VF_ERROR_OFFSET_TOO_LARGE, 1,
             "element 1 (B0): APPEND_ALIGNED offset 2048 + 1 bytes of R8_UINT ends past 2048");
}
END_TEST

START_TEST(test_append_cursor_no_wrap)
{
    /* An explicit offset near 2^32 followed by APPEND: the cursor must not
     * wrap to a small, valid-looking offset (64-bit arithmetic). */
    vf_input_element_desc d[] = {
        E("A", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 0xFFFFFFF0u),
        E("B", 0, VF_FORMAT_R32_FLOAT, 0, APPEND),
    };
    create_fail(d, 2, NULL, VF_ERROR_OFFSET_TOO_LARGE);
    ck_assert_uint_eq(diags.count, 2);
    expect_diag(0, VF_ERROR_OFFSET_TOO_LARGE, VF_SEVERITY_ERROR, 0, -1,
                "element 0 (A0): AlignedByteOffset 4294967280 + 16 bytes of "
                "R32G32B32A32_FLOAT ends past 2048");
    expect_diag(1, VF_ERROR_OFFSET_TOO_LARGE, VF_SEVERITY_ERROR, 1, -1,
                "element 1 (B0): APPEND_ALIGNED offset 4294967296 + 4 bytes of R32_FLOAT "
                "ends past 2048");
}
END_TEST

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
        if (ia_index(f) >= 0) {
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
        ck_assert_uint_eq(layout->max_input_slots, 32);
        ck_assert_uint_eq(layout->used_slot_mask, (1u << 15) | (1u << s));
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
    ck_assert_uint_eq(layout->max_input_slots, 16);
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

START_TEST(test_offset_too_large)
{
    vf_input_element_desc d[] = { E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 2036) };
    vf_layout *layout = create_ok(d, 1, NULL);
    ck_assert_uint_eq(offset_of(layout, 0), 2036);
    vf_layout_destroy(layout);
    d[0].aligned_byte_offset = 2040;
    fail_one(d, 1, NULL, VF_ERROR_OFFSET_TOO_LARGE, 0,
             "element 0 (POSITION0): AlignedByteOffset 2040 + 12 bytes of R32G32B32_FLOAT "
             "ends past 2048");
    d[0].aligned_byte_offset = 0xFFFFFFFCu;
    fail_one(d, 1, NULL, VF_ERROR_OFFSET_TOO_LARGE, 0,
             "element 0 (POSITION0): AlignedByteOffset 4294967292 + 12 bytes of "
             "R32G32B32_FLOAT ends past 2048");
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
    for (size_t k = 0; k < VF_ARRAY_LEN(generated); k++) {
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
    ck_assert_str_eq(layout->elements[0].semantic_name, name);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_component_mapping)
{
    vf_input_element_desc d[] = {
        E("A", 0, VF_FORMAT_R8G8B8A8_UINT, 0, 0),
        E("B", 0, VF_FORMAT_R32G32_FLOAT, 0, 4),
        E("C", 0, VF_FORMAT_R16_SNORM, 0, 12),
    };
    /* encode(2,1,0,5) = 0x1A0A (rules 7). */
    uint32_t maps[3] = { 0x1A0Au, 0x1688u, 0x1A0Au };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.component_mappings = maps;
    vf_layout *layout = create_ok(d, 3, &o);
    vf_layout_element_info info;
    ck_assert_int_eq(vf_layout_element(layout, 0, &info), VF_OK);
    ck_assert_uint_eq(info.component_mapping, 0x1A0A);
    ck_assert_uint_eq(layout->elements[0].mapping, 0x1A0A);
    ck_assert_int_eq(layout->elements[0].identity_mapping, 0);
    ck_assert_uint_eq(layout->elements[1].mapping, 0x1688);
    ck_assert_int_ne(layout->elements[1].identity_mapping, 0);
    ck_assert_int_eq(layout->elements[2].identity_mapping, 0);
    /* FORCE_VALUE_1: 0x1 for UINT/SINT formats, 1.0f otherwise (SNORM too). */
    ck_assert_uint_eq(layout->elements[0].one, 0x00000001u);
    ck_assert_uint_eq(layout->elements[1].one, 0x3F800000u);
    ck_assert_uint_eq(layout->elements[2].one, 0x3F800000u);
    vf_layout_destroy(layout);

    /* Without options every mapping is the identity. */
    layout = create_ok(d, 3, NULL);
    for (uint32_t i = 0; i < 3; i++) {
        ck_assert_uint_eq(layout->elements[i].mapping, VF_DEFAULT_COMPONENT_MAPPING);
        ck_assert_int_ne(layout->elements[i].identity_mapping, 0);
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
     * and all four selectors <= 5 (written from rules 7). */
    uint32_t valid = 0;
    for (uint32_t m = 0; m < (1u << 14); m++) {
        int want = (m & 0x1000u) && !(m & 0x2000u) && (m & 7u) <= 5 && ((m >> 3) & 7u) <= 5 &&
                   ((m >> 6) & 7u) <= 5 && ((m >> 9) & 7u) <= 5;
        maps[1] = m;
        vf_layout *l = NULL;
        vf_result r = vf_layout_create(d, 3, &o, &l, NULL);
        ck_assert_msg((r == VF_OK) == want, "mapping 0x%x: result %d", m, r);
        if (l != NULL) {
            ck_assert_uint_eq(l->elements[1].mapping, m);
            ck_assert_int_eq(l->elements[1].identity_mapping, m == 0x1688u);
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
/* Pointers and options                                                     */
/* ------------------------------------------------------------------------ */

START_TEST(test_null_pointers)
{
    vf_input_element_desc d[] = { E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0) };
    ck_assert_int_eq(vf_layout_create(d, 1, NULL, NULL, &diags), VF_ERROR_NULL_POINTER);
    expect_diag(0, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR, -1, -1, "layout_ret is NULL");
    fail_one(NULL, 2, NULL, VF_ERROR_NULL_POINTER, -1, "descs is NULL but count is 2");

    /* An empty layout is valid, descs may then be NULL. */
    vf_layout *layout = create_ok(NULL, 0, NULL);
    ck_assert_uint_eq(vf_layout_element_count(layout), 0);
    ck_assert_uint_eq(vf_layout_register_count(layout), 0);
    ck_assert_uint_eq(vf_layout_record_size(layout), 0);
    ck_assert_uint_eq(layout->num_slots, 0);
    ck_assert_uint_eq(layout->used_slot_mask, 0);
    vf_layout_destroy(layout);

    vf_layout_destroy(NULL);
    ck_assert_uint_eq(vf_layout_element_count(NULL), 0);
    ck_assert_uint_eq(vf_layout_register_count(NULL), 0);
    ck_assert_uint_eq(vf_layout_record_size(NULL), 0);
    vf_layout_element_info info;
    vf_layout_register_info rinfo;
    ck_assert_int_eq(vf_layout_element(NULL, 0, &info), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_layout_register(NULL, 0, &rinfo), VF_ERROR_NULL_POINTER);

    layout = create_ok(d, 1, NULL);
    ck_assert_int_eq(vf_layout_element(layout, 0, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_layout_element(layout, 1, &info), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_layout_register(layout, 0, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_layout_register(layout, 1, &rinfo), VF_ERROR_INVALID_ARGUMENT);
    vf_layout_destroy(layout);
}
END_TEST

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
            ck_assert_uint_eq(layout->isa, isa);
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

    /* Output shapes and lanes. */
    static const uint32_t shapes[][2] = { { 0, 1 }, { 4, 4 }, { 8, 8 }, { 16, 16 } };
    for (size_t k = 0; k < VF_ARRAY_LEN(shapes); k++) {
        vf_layout_options_init(&o);
        o.output_shape = shapes[k][0];
        vf_layout *layout = create_ok(d, 1, &o);
        ck_assert_uint_eq(vf_layout_output_shape(layout), shapes[k][0]);
        ck_assert_uint_eq(layout->lanes, shapes[k][1]);
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

/* ------------------------------------------------------------------------ */
/* The compiled layout                                                      */
/* ------------------------------------------------------------------------ */

START_TEST(test_compiled_struct_no_signature)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 2, APPEND), /* 0 */
        E("COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, 4),
        E("TEXCOORD", 0, VF_FORMAT_R16G16_FLOAT, 0, 0),
        EI("INST", 0, VF_FORMAT_R32G32B32A32_FLOAT, 5, APPEND, 3), /* 0 */
        E("FLAG", 0, VF_FORMAT_R8_UINT, 2, APPEND),                 /* 12 */
        E("SMALL", 0, VF_FORMAT_R8_SINT, 7, 1),
    };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.system_values = VF_SV_VERTEX_ID | VF_SV_FLAGS;
    o.isa = VF_ISA_SCALAR;
    vf_layout *L = create_ok(d, 6, &o);

    ck_assert_uint_eq(L->num_elements, 6);
    ck_assert_uint_eq(L->num_registers, 7);
    ck_assert_uint_eq(L->record_size, 112);
    ck_assert_uint_eq(vf_layout_record_size(L), 112);
    ck_assert_uint_eq(vf_layout_register_count(L), 7);
    for (uint32_t i = 0; i < 6; i++) {
        ck_assert_int_eq(L->elements[i].record_register, (int32_t)i);
        ck_assert_uint_eq(L->registers[i].kind, VF_REGISTER_ELEMENT);
        ck_assert_int_eq(L->registers[i].element_index, (int32_t)i);
        ck_assert_uint_eq(L->registers[i].shader_register, i);
        ck_assert_ptr_nonnull(L->elements[i].kernel.strided);
        ck_assert_ptr_nonnull(L->elements[i].kernel.gather);
    }
    ck_assert_uint_eq(L->registers[6].kind, VF_REGISTER_SYSTEM);
    ck_assert_int_eq(L->registers[6].element_index, -1);
    ck_assert_int_eq(L->system_register, 6);
    ck_assert_uint_eq(L->system_values, VF_SV_VERTEX_ID | VF_SV_FLAGS);
    vf_layout_register_info ri;
    ck_assert_int_eq(vf_layout_register(L, 6, &ri), VF_OK);
    ck_assert_uint_eq(ri.kind, VF_REGISTER_SYSTEM);
    ck_assert_int_eq(ri.element_index, -1);

    /* Element fields. */
    const struct vf_element *e = &L->elements[3];
    ck_assert_str_eq(e->semantic_name, "INST");
    ck_assert_uint_eq(e->format, VF_FORMAT_R32G32B32A32_FLOAT);
    ck_assert_uint_eq(e->size, 16);
    ck_assert_uint_eq(e->slot, 5);
    ck_assert_uint_eq(e->offset, 0);
    ck_assert_uint_eq(e->slot_class, PI);
    ck_assert_uint_eq(e->step_rate, 3);
    ck_assert_uint_eq(L->elements[4].offset, 12);
    ck_assert_uint_eq(L->elements[4].size, 1);
    ck_assert_uint_eq(L->elements[4].one, VF_ONE_INT);

    /* Slots ascending; fetch grouped by slot, by offset. */
    ck_assert_uint_eq(L->num_fetch, 6);
    static const uint32_t fetch[] = { 2, 1, 0, 4, 3, 5 };
    for (uint32_t k = 0; k < 6; k++)
        ck_assert_uint_eq(L->fetch[k], fetch[k]);
    ck_assert_uint_eq(L->num_slots, 4);
    static const uint32_t slots[][6] = {
        /* slot, class, rate, alignment, first, num */
        { 0, PV, 0, 4, 0, 2 },
        { 2, PV, 0, 4, 2, 2 },
        { 5, PI, 3, 4, 4, 1 },
        { 7, PV, 0, 1, 5, 1 },
    };
    for (uint32_t k = 0; k < 4; k++) {
        ck_assert_uint_eq(L->slots[k].slot, slots[k][0]);
        ck_assert_uint_eq(L->slots[k].slot_class, slots[k][1]);
        ck_assert_uint_eq(L->slots[k].step_rate, slots[k][2]);
        ck_assert_uint_eq(L->slots[k].alignment, slots[k][3]);
        ck_assert_uint_eq(L->slots[k].first_fetch, slots[k][4]);
        ck_assert_uint_eq(L->slots[k].num_fetch, slots[k][5]);
    }
    ck_assert_uint_eq(L->used_slot_mask, (1u << 0) | (1u << 2) | (1u << 5) | (1u << 7));
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++) {
        uint32_t want = (s == 0 || s == 2 || s == 5) ? 4 : s == 7 ? 1 : 0;
        ck_assert_uint_eq(L->slot_alignment[s], want);
    }
    ck_assert_uint_eq(L->isa, VF_ISA_SCALAR);
    ck_assert_uint_eq(L->lanes, 1);
    ck_assert_uint_eq(L->max_input_slots, 16);
    vf_layout_destroy(L);
}
END_TEST

START_TEST(test_system_register_alone)
{
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.system_values = VF_SV_INSTANCE_ID;
    vf_layout *L = create_ok(NULL, 0, &o);
    ck_assert_uint_eq(L->num_registers, 1);
    ck_assert_uint_eq(L->record_size, 16);
    ck_assert_int_eq(L->system_register, 0);
    ck_assert_uint_eq(L->registers[0].kind, VF_REGISTER_SYSTEM);
    vf_layout_destroy(L);

    /* 32 elements + the system register = 33, the maximum. */
    vf_input_element_desc d[32];
    for (uint32_t i = 0; i < 32; i++)
        d[i] = E("T", i, VF_FORMAT_R32G32B32A32_FLOAT, i / 8, APPEND);
    L = create_ok(d, 32, &o);
    ck_assert_uint_eq(L->num_registers, VF_MAX_REGISTERS + 1);
    ck_assert_uint_eq(L->record_size, 16 * 33);
    ck_assert_int_eq(L->system_register, 32);
    ck_assert_uint_eq(L->elements[31].offset, 112);
    ck_assert_uint_eq(L->num_slots, 4);
    vf_layout_destroy(L);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Signature linking                                                        */
/* ------------------------------------------------------------------------ */

static vf_layout_options sig_options(const vf_signature_element *sig, uint32_t n)
{
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.signature = sig;
    o.signature_count = n;
    return o;
}

START_TEST(test_signature_linking)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 2, APPEND), /* 0 */
        E("COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, 4),
        E("TEXCOORD", 0, VF_FORMAT_R16G16_FLOAT, 0, 0),
        EI("INST", 0, VF_FORMAT_R32G32B32A32_FLOAT, 5, APPEND, 3),
        E("FLAG", 0, VF_FORMAT_R8_UINT, 2, APPEND), /* 12 */
        E("UNUSED", 0, VF_FORMAT_R8_UINT, 7, APPEND),
        E("SMALL", 0, VF_FORMAT_R16_SINT, 3, 0),
        E("TINY", 0, VF_FORMAT_R8_SINT, 3, APPEND), /* 2 */
    };
    /* Names in other case, registers out of order. */
    vf_signature_element sig[] = {
        { "color", 0, 3, 0xf, VF_REGISTER_COMPONENT_FLOAT32 },
        { "Position", 0, 0, 0x7, VF_REGISTER_COMPONENT_FLOAT32 },
        { "SV_VERTEXID", 0, 4, 0x1, VF_REGISTER_COMPONENT_UINT32 },
        { "TexCoord", 0, 1, 0x3, VF_REGISTER_COMPONENT_FLOAT32 },
        { "TINY", 0, 7, 0x1, VF_REGISTER_COMPONENT_SINT32 },
        { "inst", 0, 2, 0xf, VF_REGISTER_COMPONENT_FLOAT32 },
        { "FLAG", 0, 5, 0x1, VF_REGISTER_COMPONENT_UINT32 },
        { "SMALL", 0, 6, 0x1, VF_REGISTER_COMPONENT_SINT32 },
        { "sv_InstanceId", 0, 9, 0x1, VF_REGISTER_COMPONENT_UINT32 },
    };
    vf_layout_options o = sig_options(sig, 9);
    o.system_values = VF_SV_FLAGS;
    o.output_shape = VF_OUTPUT_SOA8;
    vf_layout *L = create_ok(d, 8, &o);
    ck_assert_uint_eq(diags.count, 0);

    /* v0 POSITION, v1 TEXCOORD, v2 INST, v3 COLOR, v4 VertexID, v5 FLAG,
     * v6 SMALL, v7 TINY, v9 InstanceID, then the system register. */
    static const struct { uint32_t kind; int32_t element; uint32_t reg; } want[] = {
        { VF_REGISTER_ELEMENT, 0, 0 },   { VF_REGISTER_ELEMENT, 2, 1 },
        { VF_REGISTER_ELEMENT, 3, 2 },   { VF_REGISTER_ELEMENT, 1, 3 },
        { VF_REGISTER_VERTEX_ID, -1, 4 }, { VF_REGISTER_ELEMENT, 4, 5 },
        { VF_REGISTER_ELEMENT, 6, 6 },   { VF_REGISTER_ELEMENT, 7, 7 },
        { VF_REGISTER_INSTANCE_ID, -1, 9 }, { VF_REGISTER_SYSTEM, -1, 9 },
    };
    ck_assert_uint_eq(vf_layout_register_count(L), 10);
    ck_assert_uint_eq(vf_layout_record_size(L), 160);
    for (uint32_t r = 0; r < 10; r++) {
        vf_layout_register_info ri;
        ck_assert_int_eq(vf_layout_register(L, r, &ri), VF_OK);
        ck_assert_uint_eq(ri.kind, want[r].kind);
        ck_assert_int_eq(ri.element_index, want[r].element);
        ck_assert_uint_eq(ri.shader_register, want[r].reg);
        ck_assert_uint_eq(L->registers[r].kind, want[r].kind);
    }
    ck_assert_int_eq(L->system_register, 9);
    static const int32_t rec[] = { 0, 3, 1, 2, 5, -1, 6, 7 };
    for (uint32_t i = 0; i < 8; i++) {
        vf_layout_element_info info;
        ck_assert_int_eq(vf_layout_element(L, i, &info), VF_OK);
        ck_assert_int_eq(info.record_register, rec[i]);
        ck_assert_int_eq(L->elements[i].record_register, rec[i]);
    }
    /* The unread element is not fetched, but its slot counts for strides. */
    ck_assert_uint_eq(L->num_fetch, 7);
    static const uint32_t fetch[] = { 2, 1, 0, 4, 6, 7, 3 };
    for (uint32_t k = 0; k < 7; k++)
        ck_assert_uint_eq(L->fetch[k], fetch[k]);
    ck_assert_uint_eq(L->num_slots, 4);
    static const uint32_t slots[][6] = {
        { 0, PV, 0, 4, 0, 2 },
        { 2, PV, 0, 4, 2, 2 },
        { 3, PV, 0, 2, 4, 2 },
        { 5, PI, 3, 4, 6, 1 },
    };
    for (uint32_t k = 0; k < 4; k++) {
        ck_assert_uint_eq(L->slots[k].slot, slots[k][0]);
        ck_assert_uint_eq(L->slots[k].slot_class, slots[k][1]);
        ck_assert_uint_eq(L->slots[k].step_rate, slots[k][2]);
        ck_assert_uint_eq(L->slots[k].alignment, slots[k][3]);
        ck_assert_uint_eq(L->slots[k].first_fetch, slots[k][4]);
        ck_assert_uint_eq(L->slots[k].num_fetch, slots[k][5]);
    }
    ck_assert_uint_eq(L->used_slot_mask, 0xADu); /* slots 0, 2, 3, 5, 7 */
    ck_assert_uint_eq(L->slot_alignment[7], 1);
    ck_assert_uint_eq(L->slot_alignment[3], 2);
    ck_assert_uint_eq(L->lanes, 8);
    ck_assert_uint_eq(vf_layout_output_shape(L), VF_OUTPUT_SOA8);
    vf_layout_destroy(L);
}
END_TEST

START_TEST(test_signature_missing_input)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0),
        E("TEXCOORD", 1, VF_FORMAT_R32G32_FLOAT, 0, 12),
    };
    vf_signature_element sig[] = {
        { "POSITION", 0, 0, 0x7, VF_REGISTER_COMPONENT_FLOAT32 },
        { "TEXCOORD", 0, 2, 0x3, VF_REGISTER_COMPONENT_FLOAT32 },
        { "SV_VertexID", 0, 1, 0x1, VF_REGISTER_COMPONENT_UINT32 },
        { "SV_StartVertexLocation", 0, 3, 0x1, VF_REGISTER_COMPONENT_SINT32 },
    };
    vf_layout_options o = sig_options(sig, 3);
    create_fail(d, 2, &o, VF_ERROR_MISSING_ELEMENT);
    ck_assert_uint_eq(diags.count, 1);
    expect_diag(0, VF_ERROR_MISSING_ELEMENT, VF_SEVERITY_ERROR, -1, 1,
                "signature input 1 (TEXCOORD0): no element supplies shader input v2");
    /* SV_StartVertexLocation is not generated into a register: missing. */
    sig[1].semantic_index = 1;
    o = sig_options(sig, 4);
    create_fail(d, 2, &o, VF_ERROR_MISSING_ELEMENT);
    ck_assert_uint_eq(diags.count, 1);
    expect_diag(0, VF_ERROR_MISSING_ELEMENT, VF_SEVERITY_ERROR, -1, 3,
                "signature input 3 (SV_StartVertexLocation0): no element supplies shader "
                "input v3");
    o = sig_options(sig, 3);
    vf_layout *L = create_ok(d, 2, &o);
    ck_assert_uint_eq(L->num_registers, 3);
    ck_assert_uint_eq(L->registers[1].kind, VF_REGISTER_VERTEX_ID);
    ck_assert_int_eq(L->elements[1].record_register, 2);
    vf_layout_destroy(L);

    /* An empty signature: nothing fetched, an empty record. */
    o = sig_options(sig, 0);
    L = create_ok(d, 2, &o);
    ck_assert_uint_eq(L->num_registers, 0);
    ck_assert_uint_eq(L->num_fetch, 0);
    ck_assert_uint_eq(L->num_slots, 0);
    ck_assert_uint_eq(L->used_slot_mask, 1);
    ck_assert_uint_eq(L->slot_alignment[0], 4);
    ck_assert_int_eq(L->elements[0].record_register, -1);
    vf_layout_destroy(L);
}
END_TEST

START_TEST(test_signature_type_mismatch)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R16G16B16A16_SNORM, 0, 0),
        E("COLOR", 0, VF_FORMAT_R8G8B8A8_UINT, 0, 8),
        E("INDEX", 0, VF_FORMAT_R16_SINT, 0, 12),
        E("W", 0, VF_FORMAT_R32_FLOAT, 0, 16),
    };
    vf_signature_element sig[] = {
        { "POSITION", 0, 0, 0xf, VF_REGISTER_COMPONENT_SINT32 },
        { "COLOR", 0, 1, 0xf, VF_REGISTER_COMPONENT_FLOAT32 },
        { "INDEX", 0, 2, 0x1, VF_REGISTER_COMPONENT_UINT32 }, /* int to int: fine */
        { "W", 0, 3, 0x1, VF_REGISTER_COMPONENT_UNKNOWN },    /* unknown: not judged */
    };
    vf_layout_options o = sig_options(sig, 4);
    vf_layout *L = create_ok(d, 4, &o);
    ck_assert_uint_eq(diags.count, 2);
    ck_assert_uint_eq(diags.num_warnings, 2);
    ck_assert_uint_eq(diags.num_errors, 0);
    expect_diag(0, VF_WARNING_TYPE_MISMATCH, VF_SEVERITY_WARNING, 0, 0,
                "element 0 (POSITION0): R16G16B16A16_SNORM delivers floats to shader input v0, "
                "which is SINT32");
    expect_diag(1, VF_WARNING_TYPE_MISMATCH, VF_SEVERITY_WARNING, 1, 1,
                "element 1 (COLOR0): R8G8B8A8_UINT delivers integers to shader input v1, which "
                "is FLOAT32");
    ck_assert_uint_eq(L->num_registers, 4);
    vf_layout_destroy(L);

    /* A warning never hides an error, and is still listed with it. */
    d[3].semantic_name = "W1";
    create_fail(d, 4, &o, VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC);
    ck_assert_uint_eq(diags.num_warnings, 2);
    ck_assert_uint_eq(diags.num_errors, 2); /* L11 and W0 missing */
}
END_TEST

START_TEST(test_signature_invalid)
{
    vf_input_element_desc d[] = { E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0) };
    vf_signature_element sig[] = {
        { "POSITION", 0, 0, 0x7, VF_REGISTER_COMPONENT_FLOAT32 },
        { NULL, 0, 1, 0x1, VF_REGISTER_COMPONENT_FLOAT32 },
        { "A", 0, 32, 0x1, VF_REGISTER_COMPONENT_FLOAT32 },
        { "B", 0, 0, 0x1, VF_REGISTER_COMPONENT_FLOAT32 },
        { "position", 0, 5, 0x1, VF_REGISTER_COMPONENT_FLOAT32 },
        { "C", 0, 6, 0x10, VF_REGISTER_COMPONENT_FLOAT32 },
        { "D", 0, 7, 0x1, 4 },
    };
    vf_layout_options o = sig_options(sig, 1);
    vf_layout_destroy(create_ok(d, 1, &o));

    static const char *const msgs[] = {
        NULL,
        "signature input 1 ((null)0): SemanticName is NULL",
        "signature input 2 (A0): register 32 is not below 32",
        "signature input 3 (B0): register v0 is also signature input 0",
        "signature input 4 (position0): the same semantic as signature input 0",
        "signature input 5 (C0): mask 0x10 has bits above 0xf",
        "signature input 6 (D0): component type 4 is not UNKNOWN, UINT32, SINT32 or FLOAT32",
    };
    for (uint32_t k = 1; k < 7; k++) {
        vf_signature_element two[2] = { sig[0], sig[k] };
        o = sig_options(two, 2);
        create_fail(d, 1, &o, VF_ERROR_INVALID_SIGNATURE);
        char want[VF_DIAGNOSTIC_MESSAGE_SIZE];
        /* The message names the entry's index in `two`, i.e. 1: replace the
         * one-digit index after "signature input ". */
        snprintf(want, sizeof(want), "signature input 1%s", strchr(msgs[k], ' ') + 8);
        expect_diag(0, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, 1, want);
    }
    /* All at once: every entry reported, then the missing inputs A, B, C, D. */
    o = sig_options(sig, 7);
    create_fail(d, 1, &o, VF_ERROR_INVALID_SIGNATURE);
    ck_assert_uint_eq(diags.num_errors, 10);
    for (uint32_t k = 1; k < 7; k++)
        expect_diag(k - 1, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, (int32_t)k,
                    msgs[k]);
    expect_diag(6, VF_ERROR_MISSING_ELEMENT, VF_SEVERITY_ERROR, -1, 2,
                "signature input 2 (A0): no element supplies shader input v32");

    /* More than 32 entries is not read. */
    vf_signature_element many[33];
    for (uint32_t k = 0; k < 33; k++)
        many[k] = sig[0];
    o = sig_options(many, 33);
    fail_one(d, 1, &o, VF_ERROR_INVALID_SIGNATURE, -1,
             "the signature has 33 inputs; a vertex shader has at most 32");
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Randomized: hostile descriptor arrays against an independent model       */
/* ------------------------------------------------------------------------ */

struct expected {
    uint32_t n;
    struct { int32_t element; int32_t sig; vf_result code; uint32_t severity; } d[512];
};

static void expect_add(struct expected *x, int32_t element, int32_t sig, vf_result code,
                       uint32_t severity)
{
    if (x->n < VF_ARRAY_LEN(x->d)) {
        x->d[x->n].element = element;
        x->d[x->n].sig = sig;
        x->d[x->n].code = code;
        x->d[x->n].severity = severity;
    }
    x->n++;
}

static int lower_eq(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la != lb)
        return 0;
    for (size_t i = 0; i < la; i++) {
        char ca = a[i], cb = b[i];
        if (ca >= 'A' && ca <= 'Z')
            ca = (char)(ca + 32);
        if (cb >= 'A' && cb <= 'Z')
            cb = (char)(cb + 32);
        if (ca != cb)
            return 0;
    }
    return 1;
}

static const char *const name_pool[] = {
    "POSITION", "NORMAL", "TEXCOORD", "COLOR", "color", "Tangent", "_x", "SV_Position",
    "SV_VertexID", "sv_instanceid", "SV_StartVertexLocation", "SV_StartInstanceLocation",
    "TEXCOORD1", "A-B", "", "9x", "x y", "\xff", "W2a", "n_", "5", "COLOR0", "Z9_", NULL,
};

/* The model of rules 3 for one layout: fills the expected diagnostics in
 * the documented order and the offsets of a valid layout. */
static void model(const vf_input_element_desc *d, uint32_t count, const uint32_t *maps,
                  uint32_t limit, const vf_signature_element *sig, uint32_t nsig,
                  struct expected *x, uint64_t *off)
{
    uint32_t n = count > 32 ? 32 : count;
    x->n = 0;
    if (count > 32)
        expect_add(x, -1, -1, VF_ERROR_TOO_MANY_ELEMENTS, 0);
    uint64_t end[32] = { 0 };
    int known[32];
    int ref[32];
    for (int s = 0; s < 32; s++) {
        known[s] = 1;
        ref[s] = -1;
    }
    for (uint32_t i = 0; i < n; i++) {
        const vf_input_element_desc *e = &d[i];
        int32_t ei = (int32_t)i;
        int fx = ia_index(e->format);
        if (fx < 0)
            expect_add(x, ei, -1, VF_ERROR_INVALID_FORMAT, 0);
        int slot_ok = e->input_slot < limit;
        if (!slot_ok)
            expect_add(x, ei, -1, VF_ERROR_INVALID_SLOT, 0);
        int class_ok = e->input_slot_class < 2;
        if (!class_ok)
            expect_add(x, ei, -1, VF_ERROR_INVALID_SLOT_CLASS, 0);
        else if (e->input_slot_class == PV && e->instance_data_step_rate != 0)
            expect_add(x, ei, -1, VF_ERROR_STEP_RATE_NOT_ZERO, 0);
        if (slot_ok && class_ok) {
            int r = ref[e->input_slot];
            if (r < 0)
                ref[e->input_slot] = ei;
            else if (d[r].input_slot_class != e->input_slot_class)
                expect_add(x, ei, -1, VF_ERROR_SLOT_CLASS_CHANGE, 0);
            else if (e->input_slot_class == PI &&
                     d[r].instance_data_step_rate != e->instance_data_step_rate)
                expect_add(x, ei, -1, VF_ERROR_STEP_RATE_CHANGE, 0);
        }
        off[i] = UINT64_MAX;
        if (slot_ok) {
            uint32_t s = e->input_slot;
            if (fx < 0) {
                known[s] = 0;
            } else {
                uint32_t size = ia_formats[fx].size;
                uint32_t align = size >= 4 ? 4 : size;
                int ok = 1;
                uint64_t o;
                if (e->aligned_byte_offset == APPEND) {
                    ok = known[s];
                    o = end[s];
                    while (o % align)
                        o++;
                } else {
                    o = e->aligned_byte_offset;
                    if (o % align)
                        expect_add(x, ei, -1, VF_ERROR_MISALIGNED_OFFSET, 0);
                }
                if (ok) {
                    if (o + size > 2048)
                        expect_add(x, ei, -1, VF_ERROR_OFFSET_TOO_LARGE, 0);
                    off[i] = o;
                    end[s] = o + size;
                    known[s] = 1;
                }
            }
        }
        const char *nm = e->semantic_name;
        if (nm != NULL) {
            for (uint32_t j = 0; j < i; j++) {
                if (d[j].semantic_name && d[j].semantic_index == e->semantic_index &&
                    lower_eq(d[j].semantic_name, nm)) {
                    expect_add(x, ei, -1, VF_ERROR_DUPLICATE_SEMANTIC, 0);
                    break;
                }
            }
            size_t len = strlen(nm);
            if (len && nm[len - 1] >= '0' && nm[len - 1] <= '9')
                expect_add(x, ei, -1, VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC, 0);
            if (lower_eq(nm, "sv_vertexid") || lower_eq(nm, "sv_instanceid") ||
                lower_eq(nm, "sv_startvertexlocation") ||
                lower_eq(nm, "sv_startinstancelocation"))
                expect_add(x, ei, -1, VF_ERROR_SYSTEM_VALUE_ELEMENT, 0);
            int ident = len > 0 && !(nm[0] >= '0' && nm[0] <= '9');
            for (size_t k = 0; k < len; k++) {
                char c = nm[k];
                if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                      (c >= '0' && c <= '9')))
                    ident = 0;
            }
            if (!ident)
                expect_add(x, ei, -1, VF_ERROR_INVALID_SEMANTIC_NAME, 0);
        } else {
            expect_add(x, ei, -1, VF_ERROR_NULL_SEMANTIC, 0);
        }
        uint32_t m = maps ? maps[i] : 0x1688u;
        int mok = (m & 0x1000u) && m < 0x2000u;
        for (int c = 0; c < 4; c++) {
            if (((m >> (3 * c)) & 7u) > 5)
                mok = 0;
        }
        if (!mok)
            expect_add(x, ei, -1, VF_ERROR_INVALID_MAPPING, 0);
    }
    if (sig == NULL)
        return;
    for (uint32_t j = 0; j < nsig; j++) {
        const vf_signature_element *s = &sig[j];
        int32_t sj = (int32_t)j;
        if (!s->semantic_name)
            expect_add(x, -1, sj, VF_ERROR_INVALID_SIGNATURE, 0);
        if (s->register_index >= 32) {
            expect_add(x, -1, sj, VF_ERROR_INVALID_SIGNATURE, 0);
        } else {
            for (uint32_t k = 0; k < j; k++) {
                if (sig[k].register_index == s->register_index) {
                    expect_add(x, -1, sj, VF_ERROR_INVALID_SIGNATURE, 0);
                    break;
                }
            }
        }
        if (s->semantic_name) {
            for (uint32_t k = 0; k < j; k++) {
                if (sig[k].semantic_name && sig[k].semantic_index == s->semantic_index &&
                    lower_eq(sig[k].semantic_name, s->semantic_name)) {
                    expect_add(x, -1, sj, VF_ERROR_INVALID_SIGNATURE, 0);
                    break;
                }
            }
        }
        if (s->mask > 15)
            expect_add(x, -1, sj, VF_ERROR_INVALID_SIGNATURE, 0);
        if (s->component_type > 3)
            expect_add(x, -1, sj, VF_ERROR_INVALID_SIGNATURE, 0);
    }
    for (uint32_t j = 0; j < nsig; j++) {
        const vf_signature_element *s = &sig[j];
        if (!s->semantic_name || lower_eq(s->semantic_name, "sv_vertexid") ||
            lower_eq(s->semantic_name, "sv_instanceid"))
            continue;
        int32_t found = -1;
        for (uint32_t i = 0; i < n && found < 0; i++) {
            if (d[i].semantic_name && d[i].semantic_index == s->semantic_index &&
                lower_eq(d[i].semantic_name, s->semantic_name))
                found = (int32_t)i;
        }
        if (found < 0) {
            expect_add(x, -1, (int32_t)j, VF_ERROR_MISSING_ELEMENT, 0);
            continue;
        }
        int fx = ia_index(d[found].format);
        if (fx < 0 || s->component_type == 0 || s->component_type > 3)
            continue;
        int int_reg = s->component_type != VF_REGISTER_COMPONENT_FLOAT32;
        if (ia_formats[fx].is_int != int_reg)
            expect_add(x, found, (int32_t)j, VF_WARNING_TYPE_MISMATCH, 1);
    }
}

static uint32_t random_format(vf_rng *rng)
{
    uint32_t k = vf_rng_below(rng, 20);
    if (k < 16)
        return ia_formats[vf_rng_below(rng, VF_ARRAY_LEN(ia_formats))].format;
    if (k < 19)
        return vf_rng_below(rng, 200);
    return vf_rng_u32(rng);
}

static uint32_t random_offset(vf_rng *rng)
{
    switch (vf_rng_below(rng, 8)) {
    case 0: case 1: case 2: case 3: return APPEND;
    case 4: return 4 * vf_rng_below(rng, 16);
    case 5: return vf_rng_below(rng, 64);
    case 6: return 2000 + vf_rng_below(rng, 64);
    default: return vf_rng_below(rng, 3) == 0 ? vf_rng_u32(rng) : 0xFFFFFFF0u + vf_rng_below(rng, 15);
    }
}

START_TEST(test_random_layouts)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0x1a7e5eedu + (uint64_t)_i);
    static struct expected x;
    uint32_t ok = 0, failed = 0, warned = 0;

    for (int iter = 0; iter < 4000; iter++) {
        vf_input_element_desc d[40];
        uint32_t maps[40];
        vf_signature_element sig[40];
        uint64_t off[32];
        uint32_t count = vf_rng_below(&rng, 16) == 0 ? 33 + vf_rng_below(&rng, 8)
                                                       : vf_rng_below(&rng, 12);
        uint32_t nslots = 1 + vf_rng_below(&rng, 4);
        int clean = vf_rng_below(&rng, 3) == 0; /* mostly valid layouts */
        for (uint32_t i = 0; i < count; i++) {
            vf_input_element_desc *e = &d[i];
            e->semantic_name = clean ? name_pool[vf_rng_below(&rng, 8)]
                                     : name_pool[vf_rng_below(&rng, VF_ARRAY_LEN(name_pool))];
            e->semantic_index = vf_rng_below(&rng, 4);
            if (clean)
                e->semantic_index = i; /* no duplicates */
            e->format = clean ? ia_formats[vf_rng_below(&rng, VF_ARRAY_LEN(ia_formats))].format
                              : random_format(&rng);
            e->input_slot = vf_rng_below(&rng, 10) == 0 && !clean ? vf_rng_below(&rng, 40)
                                                                  : vf_rng_below(&rng, nslots);
            e->aligned_byte_offset = clean ? APPEND : random_offset(&rng);
            e->input_slot_class = e->input_slot & 1; /* one class per slot ... */
            e->instance_data_step_rate = e->input_slot_class ? e->input_slot / 2 : 0;
            if (!clean && vf_rng_below(&rng, 8) == 0)
                e->input_slot_class = vf_rng_below(&rng, 4); /* ... unless broken */
            if (!clean && vf_rng_below(&rng, 8) == 0)
                e->instance_data_step_rate = vf_rng_below(&rng, 3);
            maps[i] = vf_rng_below(&rng, 10) == 0 && !clean ? vf_rng_below(&rng, 0x4000)
                      : vf_rng_below(&rng, 2) ? VF_DEFAULT_COMPONENT_MAPPING
                                              : VF_ENCODE_COMPONENT_MAPPING(
                                                    vf_rng_below(&rng, 6), vf_rng_below(&rng, 6),
                                                    vf_rng_below(&rng, 6), vf_rng_below(&rng, 6));
        }
        vf_layout_options o;
        vf_layout_options_init(&o);
        o.max_input_slots = vf_rng_below(&rng, 2) ? 32 : 16;
        o.component_mappings = vf_rng_below(&rng, 2) ? maps : NULL;
        o.system_values = vf_rng_below(&rng, 8);
        o.output_shape = vf_rng_below(&rng, 2) ? 0 : 4u << vf_rng_below(&rng, 3);
        uint32_t nsig = 0;
        if (vf_rng_below(&rng, 3) == 0) {
            /* A signature from some of the elements, some strangers, and
             * the generated IDs, on distinct registers. */
            uint32_t regs[32];
            for (uint32_t r = 0; r < 32; r++)
                regs[r] = r;
            for (uint32_t r = 31; r > 0; r--) {
                uint32_t k = vf_rng_below(&rng, r + 1), t = regs[r];
                regs[r] = regs[k];
                regs[k] = t;
            }
            uint32_t want = vf_rng_below(&rng, 10);
            for (uint32_t j = 0; j < want; j++) {
                vf_signature_element *s = &sig[nsig];
                uint32_t pick = vf_rng_below(&rng, 10);
                if (pick < 6 && count > 0) {
                    const vf_input_element_desc *e = &d[vf_rng_below(&rng, count < 32 ? count : 32)];
                    s->semantic_name = e->semantic_name;
                    s->semantic_index = e->semantic_index;
                } else if (pick < 8) {
                    s->semantic_name = vf_rng_below(&rng, 2) ? "SV_VertexID" : "sv_INSTANCEid";
                    s->semantic_index = 0;
                } else {
                    s->semantic_name = name_pool[vf_rng_below(&rng, VF_ARRAY_LEN(name_pool))];
                    s->semantic_index = vf_rng_below(&rng, 4);
                }
                s->register_index = vf_rng_below(&rng, 20) == 0 ? vf_rng_below(&rng, 40) : regs[nsig];
                s->mask = vf_rng_below(&rng, 20) == 0 ? vf_rng_below(&rng, 32) : 0xf;
                s->component_type = vf_rng_below(&rng, 20) == 0 ? vf_rng_below(&rng, 6)
                                                                 : vf_rng_below(&rng, 4);
                nsig++;
            }
            o.signature = sig;
            o.signature_count = nsig;
        }

        model(d, count, o.component_mappings, o.max_input_slots, o.signature, nsig, &x, off);
        uint32_t nerr = 0, nwarn = 0;
        vf_result first = VF_OK;
        for (uint32_t k = 0; k < x.n && k < VF_ARRAY_LEN(x.d); k++) {
            if (x.d[k].severity == 0) {
                if (nerr++ == 0)
                    first = x.d[k].code;
            } else {
                nwarn++;
            }
        }

        vf_layout *L = (vf_layout *)(uintptr_t)1;
        vf_result r = vf_layout_create(count ? d : NULL, count, &o, &L, &diags);
        ck_assert_msg(r == first, "iteration %d: result %d, model %d (%s)", iter, r, first,
                      diags.count ? diags.entries[0].message : "");
        ck_assert_uint_eq(diags.num_errors, nerr);
        ck_assert_uint_eq(diags.num_warnings, nwarn);
        ck_assert_uint_eq(diags.count, x.n < VF_MAX_DIAGNOSTICS ? x.n : VF_MAX_DIAGNOSTICS);
        for (uint32_t k = 0; k < diags.count; k++) {
            const vf_diagnostic *g = &diags.entries[k];
            ck_assert_msg(g->code == x.d[k].code && g->element_index == x.d[k].element &&
                              g->signature_index == x.d[k].sig &&
                              g->severity == x.d[k].severity,
                          "iteration %d diag %u: got %d el %d sig %d (%s), model %d el %d sig %d",
                          iter, k, g->code, g->element_index, g->signature_index, g->message,
                          x.d[k].code, x.d[k].element, x.d[k].sig);
            ck_assert_uint_lt(strlen(g->message), VF_DIAGNOSTIC_MESSAGE_SIZE);
        }
        if (r != VF_OK) {
            ck_assert_ptr_null(L);
            failed++;
            continue;
        }
        ok++;
        warned += nwarn != 0;

        /* A valid layout: every rule holds for the resolved offsets,
         * checked directly, and they equal the model's. */
        ck_assert_uint_eq(L->num_elements, count);
        uint32_t mask = 0, fetched = 0;
        for (uint32_t i = 0; i < count; i++) {
            vf_layout_element_info info;
            ck_assert_int_eq(vf_layout_element(L, i, &info), VF_OK);
            int fx = ia_index(info.format);
            ck_assert_int_ge(fx, 0);
            uint32_t size = ia_formats[fx].size, align = size >= 4 ? 4 : size;
            ck_assert_uint_eq(info.byte_offset, off[i]);
            ck_assert_uint_eq(info.byte_offset % align, 0);
            ck_assert_uint_le(info.byte_offset + size, 2048);
            if (d[i].aligned_byte_offset != APPEND)
                ck_assert_uint_eq(info.byte_offset, d[i].aligned_byte_offset);
            ck_assert_uint_lt(info.input_slot, o.max_input_slots);
            ck_assert_str_eq(info.semantic_name, d[i].semantic_name);
            ck_assert_uint_eq(info.component_mapping,
                              o.component_mappings ? maps[i] : VF_DEFAULT_COMPONENT_MAPPING);
            mask |= 1u << info.input_slot;
            if (info.record_register >= 0) {
                fetched++;
                ck_assert_int_eq(L->registers[info.record_register].element_index, (int32_t)i);
            } else {
                ck_assert_ptr_nonnull(o.signature);
            }
            if (o.signature == NULL)
                ck_assert_int_eq(info.record_register, (int32_t)i);
        }
        ck_assert_uint_eq(L->used_slot_mask, mask);
        ck_assert_uint_eq(L->num_fetch, fetched);
        /* fetch[] sorted by (slot, offset) and slots[] consistent with it. */
        uint32_t k = 0;
        for (uint32_t s = 0; s < L->num_slots; s++) {
            const struct vf_slot *sl = &L->slots[s];
            if (s > 0)
                ck_assert_uint_gt(sl->slot, L->slots[s - 1].slot);
            ck_assert_uint_eq(sl->first_fetch, k);
            ck_assert_uint_ge(sl->num_fetch, 1);
            ck_assert_uint_eq(sl->alignment, L->slot_alignment[sl->slot]);
            for (uint32_t f = 0; f < sl->num_fetch; f++, k++) {
                const struct vf_element *e = &L->elements[L->fetch[k]];
                ck_assert_uint_eq(e->slot, sl->slot);
                ck_assert_uint_eq(e->slot_class, sl->slot_class);
                ck_assert_uint_eq(e->step_rate, sl->step_rate);
                if (f > 0) {
                    /* By offset; equal offsets (overlap is legal) in element order. */
                    const struct vf_element *p = &L->elements[L->fetch[k - 1]];
                    ck_assert(p->offset < e->offset ||
                              (p->offset == e->offset && L->fetch[k - 1] < L->fetch[k]));
                }
            }
        }
        ck_assert_uint_eq(k, fetched);
        ck_assert_uint_eq(L->record_size, 16 * (size_t)L->num_registers);
        ck_assert_uint_eq(L->num_registers,
                          (o.signature ? nsig : count) + (o.system_values ? 1u : 0u));
        if (o.signature) {
            for (uint32_t rr = 1; rr < L->num_registers; rr++) {
                if (L->registers[rr].kind != VF_REGISTER_SYSTEM)
                    ck_assert_uint_gt(L->registers[rr].shader_register,
                                      L->registers[rr - 1].shader_register);
            }
        }
        vf_layout_destroy(L);
    }
    /* The generator must exercise both outcomes. */
    ck_assert_uint_gt(ok, 400);
    ck_assert_uint_gt(failed, 400);
    ck_assert_uint_gt(warned, 10);
}
END_TEST

START_TEST(test_overlapping_elements)
{
    /* Elements may overlap (rules 3.3); at one offset the fetch order is the
     * element order. */
    vf_input_element_desc d[] = {
        E("A", 0, VF_FORMAT_R32_FLOAT, 0, 4),
        E("B", 0, VF_FORMAT_R32_UINT, 0, 4),
        E("C", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, 0),
        E("D", 0, VF_FORMAT_R16G16_SINT, 0, 4),
        E("F", 0, VF_FORMAT_R8_UINT, 0, 2),
    };
    vf_layout *L = create_ok(d, 5, NULL);
    static const uint32_t fetch[] = { 2, 4, 0, 1, 3 };
    ck_assert_uint_eq(L->num_fetch, 5);
    for (uint32_t k = 0; k < 5; k++)
        ck_assert_uint_eq(L->fetch[k], fetch[k]);
    vf_layout_destroy(L);
}
END_TEST

/* Queries only read: the layout's bytes are the same after them, which is
 * what lets any number of threads share one layout. */
START_TEST(test_queries_do_not_modify)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, APPEND),
        E("COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, APPEND),
    };
    vf_layout *L = create_ok(d, 2, NULL);
    struct vf_layout copy = *L;
    vf_layout_element_info info;
    vf_layout_register_info ri;
    for (int k = 0; k < 10; k++) {
        ck_assert_int_eq(vf_layout_element(L, 1, &info), VF_OK);
        ck_assert_int_eq(vf_layout_register(L, 1, &ri), VF_OK);
    }
    ck_assert_int_eq(memcmp(&copy, L, sizeof(copy)), 0);
    ck_assert_uint_eq(info.byte_offset, 12);
    vf_layout_destroy(L);
}
END_TEST

static Suite *suite_layout(void)
{
    Suite *s = suite_create("layout");
    TCase *t = tcase_create("append");
    tcase_add_test(t, test_append_rules_example);
    tcase_add_test(t, test_append_small_after_large);
    tcase_add_test(t, test_append_two_slots_interleaved);
    tcase_add_test(t, test_append_after_explicit);
    tcase_add_test(t, test_append_packed_16bit_and_optional);
    tcase_add_test(t, test_append_unread_elements_advance);
    tcase_add_test(t, test_append_reaches_2048);
    tcase_add_test(t, test_append_cursor_no_wrap);
    suite_add_tcase(s, t);

    t = tcase_create("rules");
    tcase_add_test(t, test_l01_too_many_elements);
    tcase_add_test(t, test_l02_format);
    tcase_add_test(t, test_l03_slot_limit);
    tcase_add_test(t, test_l04_slot_class);
    tcase_add_test(t, test_l05_step_rate_not_zero);
    tcase_add_test(t, test_l06_slot_class_change);
    tcase_add_test(t, test_l07_step_rate_change);
    tcase_add_test(t, test_l08_misaligned_offset);
    tcase_add_test(t, test_offset_too_large);
    tcase_add_test(t, test_l09_duplicate_semantic);
    tcase_add_test(t, test_l10_null_semantic);
    tcase_add_test(t, test_l11_trailing_digit);
    tcase_add_test(t, test_l16_system_value_element);
    tcase_add_test(t, test_l17_semantic_name);
    tcase_add_test(t, test_long_name_is_cut_in_messages);
    tcase_add_test(t, test_component_mapping);
    tcase_add_test(t, test_multiple_errors);
    tcase_add_test(t, test_multiple_errors_null_and_append_after_unknown);
    tcase_add_test(t, test_diagnostics_overflow);
    tcase_add_test(t, test_null_pointers);
    tcase_add_test(t, test_options);
    tcase_add_test(t, test_names_are_copied);
    suite_add_tcase(s, t);

    t = tcase_create("compiled");
    tcase_add_test(t, test_compiled_struct_no_signature);
    tcase_add_test(t, test_system_register_alone);
    tcase_add_test(t, test_queries_do_not_modify);
    tcase_add_test(t, test_overlapping_elements);
    suite_add_tcase(s, t);

    t = tcase_create("signature");
    tcase_add_test(t, test_signature_linking);
    tcase_add_test(t, test_signature_missing_input);
    tcase_add_test(t, test_signature_type_mismatch);
    tcase_add_test(t, test_signature_invalid);
    suite_add_tcase(s, t);

    t = tcase_create("random");
    tcase_set_timeout(t, 120);
    tcase_add_loop_test(t, test_random_layouts, 0, 2);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return vf_test_run(suite_layout());
}
