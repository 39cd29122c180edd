/*
 * check_layout_offsets.c - where input-layout compilation (lib/layout.c)
 * puts elements: APPEND_ALIGNED offsets (one cursor per slot, min(4, size)
 * alignment, 64-bit arithmetic), the 2048-byte limit, overlapping elements
 * and the order the walker reads a slot's elements in.
 *
 * Expected offsets and messages are written by hand from d3d-ia-rules.md
 * sections 3.1-3.3, not taken from the library.
 */
#include "check_main.h"
#include "layout_helpers.h"

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
    /* Only C is read; slot 0 keeps the stride alignment of all three. */
    static const uint32_t fetch[] = { 2 };
    ck_assert_uint_eq(fetched_element_count(layout), 1);
    expect_slot(layout, 0, PV, 0, 4, 1, fetch);
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
    ck_assert_uint_eq(fetched_element_count(L), 5);
    expect_slot(L, 0, PV, 0, 4, 5, fetch);
    vf_layout_destroy(L);
}
END_TEST

static Suite *suite_layout_offsets(void)
{
    Suite *s = suite_create("layout_offsets");
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

    t = tcase_create("placement");
    tcase_add_test(t, test_offset_too_large);
    tcase_add_test(t, test_overlapping_elements);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return vf_test_run(suite_layout_offsets());
}
