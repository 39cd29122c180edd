/*
 * check_layout_signature.c - what a compiled layout hands the draw walker
 * (lib/layout.c): the record's registers with and without a shader input
 * signature (linking by name and index, generated IDs, the system
 * register), which elements are read from which slot in which order, and
 * the signature's own rules (L13, L14).
 *
 * Expected registers, slots and messages are written by hand from
 * d3d-ia-rules.md sections 3 and 7, and checked through the public queries
 * and vf_layout_slot_facts_get (lib/layout_query.h).
 */
#include <stdio.h>
#include <string.h>

#include "check_main.h"
#include "layout_helpers.h"

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

    ck_assert_uint_eq(vf_layout_element_count(L), 6);
    ck_assert_uint_eq(vf_layout_record_size(L), 112);
    ck_assert_uint_eq(vf_layout_register_count(L), 7);
    for (uint32_t i = 0; i < 6; i++) {
        ck_assert_int_eq(register_of(L, i), (int32_t)i);
        expect_register(L, i, VF_REGISTER_ELEMENT, (int32_t)i, i);
    }
    expect_register(L, 6, VF_REGISTER_SYSTEM, -1, 6);

    /* Element fields. */
    vf_layout_element_info info;
    ck_assert_int_eq(vf_layout_element(L, 3, &info), VF_OK);
    ck_assert_str_eq(info.semantic_name, "INST");
    ck_assert_uint_eq(info.format, VF_FORMAT_R32G32B32A32_FLOAT);
    ck_assert_uint_eq(info.input_slot, 5);
    ck_assert_uint_eq(info.byte_offset, 0);
    ck_assert_uint_eq(info.input_slot_class, PI);
    ck_assert_uint_eq(info.instance_data_step_rate, 3);
    ck_assert_int_eq(vf_layout_element(L, 4, &info), VF_OK);
    ck_assert_uint_eq(info.byte_offset, 12);
    ck_assert_uint_eq(info.format, VF_FORMAT_R8_UINT);

    /* Per slot, by offset; alignment min(4, largest element size). */
    static const uint32_t slot0[] = { 2, 1 }, slot2[] = { 0, 4 }, slot5[] = { 3 },
                          slot7[] = { 5 };
    expect_slot(L, 0, PV, 0, 4, 2, slot0);
    expect_slot(L, 2, PV, 0, 4, 2, slot2);
    expect_slot(L, 5, PI, 3, 4, 1, slot5);
    expect_slot(L, 7, PV, 0, 1, 1, slot7);
    ck_assert_uint_eq(fetched_slot_count(L), 4);
    ck_assert_uint_eq(fetched_element_count(L), 6);
    ck_assert_uint_eq(used_slot_mask(L), (1u << 0) | (1u << 2) | (1u << 5) | (1u << 7));
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++) {
        uint32_t want = (s == 0 || s == 2 || s == 5) ? 4 : s == 7 ? 1 : 0;
        ck_assert_uint_eq(slot_facts(L, s).alignment, want);
    }
    ck_assert_uint_eq(vf_layout_isa(L), VF_ISA_SCALAR);
    ck_assert_uint_eq(vf_layout_output_shape(L), VF_OUTPUT_AOS);

    /* Every element has a kernel: zero bytes decode to zeros plus the
     * format's defaults, 1 for the integer formats (FLAG, SMALL), 1.0f for
     * the float ones without alpha (POSITION, TEXCOORD). */
    static const uint8_t zeros[2048];
    uint32_t rec[(VF_MAX_REGISTERS + 1) * 4];
    draw_first_record(L, zeros, sizeof(zeros), 8, rec);
    static const uint32_t w[6] = { 0x3f800000u, 0, 0x3f800000u, 0, 1, 1 };
    for (uint32_t i = 0; i < 6; i++) {
        for (uint32_t c = 0; c < 3; c++)
            ck_assert_uint_eq(rec[4 * i + c], 0);
        ck_assert_msg(rec[4 * i + 3] == w[i], "element %u: w 0x%x, want 0x%x", i,
                      rec[4 * i + 3], w[i]);
    }
    vf_layout_destroy(L);
}
END_TEST

START_TEST(test_system_register_alone)
{
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.system_values = VF_SV_INSTANCE_ID;
    vf_layout *L = create_ok(NULL, 0, &o);
    ck_assert_uint_eq(vf_layout_register_count(L), 1);
    ck_assert_uint_eq(vf_layout_record_size(L), 16);
    expect_register(L, 0, VF_REGISTER_SYSTEM, -1, 0);
    vf_layout_destroy(L);

    /* 32 elements + the system register = 33, the maximum. */
    vf_input_element_desc d[32];
    for (uint32_t i = 0; i < 32; i++)
        d[i] = E("T", i, VF_FORMAT_R32G32B32A32_FLOAT, i / 8, APPEND);
    L = create_ok(d, 32, &o);
    ck_assert_uint_eq(vf_layout_register_count(L), VF_MAX_REGISTERS + 1);
    ck_assert_uint_eq(vf_layout_record_size(L), 16 * 33);
    expect_register(L, 32, VF_REGISTER_SYSTEM, -1, 32);
    ck_assert_uint_eq(offset_of(L, 31), 112);
    ck_assert_uint_eq(fetched_slot_count(L), 4);
    vf_layout_destroy(L);
}
END_TEST

/* What every query and a draw report about a layout, as words. */
static size_t layout_words(const vf_layout *L, uint32_t *w)
{
    static const uint8_t bytes[64] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
    size_t n = 0;
    for (uint32_t i = 0; i < vf_layout_element_count(L); i++) {
        vf_layout_element_info e;
        ck_assert_int_eq(vf_layout_element(L, i, &e), VF_OK);
        uint32_t v[] = { e.semantic_index, e.format, e.input_slot, e.byte_offset,
                         e.input_slot_class, e.instance_data_step_rate, e.component_mapping,
                         (uint32_t)e.record_register, (uint32_t)strlen(e.semantic_name) };
        memcpy(w + n, v, sizeof(v));
        n += LH_ARRAY_LEN(v);
    }
    for (uint32_t r = 0; r < vf_layout_register_count(L); r++) {
        vf_layout_register_info ri;
        ck_assert_int_eq(vf_layout_register(L, r, &ri), VF_OK);
        w[n++] = ri.kind;
        w[n++] = (uint32_t)ri.element_index;
        w[n++] = ri.shader_register;
    }
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++) {
        vf_layout_slot_facts f = slot_facts(L, s);
        w[n++] = f.used << 8 | f.alignment;
        w[n++] = f.num_fetch;
        for (uint32_t k = 0; k < f.num_fetch; k++)
            w[n++] = f.fetch[k];
    }
    w[n++] = vf_layout_isa(L);
    w[n++] = vf_layout_output_shape(L);
    w[n++] = (uint32_t)vf_layout_record_size(L);
    draw_first_record(L, bytes, sizeof(bytes), 1, w + n);
    return n + 4 * vf_layout_register_count(L);
}

/* Queries only read: everything the layout reports is the same after
 * them, which is what lets any number of threads share one layout. */
START_TEST(test_queries_do_not_modify)
{
    vf_input_element_desc d[] = {
        E("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, APPEND),
        E("COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, APPEND),
    };
    vf_layout *L = create_ok(d, 2, NULL);
    static uint32_t before[1024], after[1024];
    size_t n = layout_words(L, before);
    vf_layout_element_info info;
    vf_layout_register_info ri;
    for (int k = 0; k < 10; k++) {
        ck_assert_int_eq(vf_layout_element(L, 1, &info), VF_OK);
        ck_assert_int_eq(vf_layout_register(L, 1, &ri), VF_OK);
        (void)slot_facts(L, 0);
    }
    ck_assert_uint_eq(layout_words(L, after), n);
    ck_assert_int_eq(memcmp(before, after, n * sizeof(uint32_t)), 0);
    ck_assert_uint_eq(info.byte_offset, 12);
    vf_layout_destroy(L);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Signature linking                                                        */
/* ------------------------------------------------------------------------ */

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
    }
    static const int32_t rec[] = { 0, 3, 1, 2, 5, -1, 6, 7 };
    for (uint32_t i = 0; i < 8; i++) {
        vf_layout_element_info info;
        ck_assert_int_eq(vf_layout_element(L, i, &info), VF_OK);
        ck_assert_int_eq(info.record_register, rec[i]);
    }
    /* The unread element is not fetched, but its slot counts for strides. */
    ck_assert_uint_eq(fetched_element_count(L), 7);
    ck_assert_uint_eq(fetched_slot_count(L), 4);
    static const uint32_t slot0[] = { 2, 1 }, slot2[] = { 0, 4 }, slot3[] = { 6, 7 },
                          slot5[] = { 3 };
    expect_slot(L, 0, PV, 0, 4, 2, slot0);
    expect_slot(L, 2, PV, 0, 4, 2, slot2);
    expect_slot(L, 3, PV, 0, 2, 2, slot3);
    expect_slot(L, 5, PI, 3, 4, 1, slot5);
    expect_slot(L, 7, PV, 0, 1, 0, NULL);
    ck_assert_uint_eq(used_slot_mask(L), 0xADu); /* slots 0, 2, 3, 5, 7 */
    ck_assert_uint_eq(vf_layout_output_shape(L), VF_OUTPUT_SOA8);
    /* Eight lanes: one vertex takes a batch of 8 records. */
    size_t size = 0;
    ck_assert_int_eq(vf_draw_output_size(L, 1, 1, &size), VF_OK);
    ck_assert_uint_eq(size, 8 * 160);
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
    /* SV_StartVertexLocation is generated (Shader Model 6.8), like
     * SV_VertexID: no element needs to supply it. */
    sig[1].semantic_index = 1;
    o = sig_options(sig, 4);
    vf_layout *L = create_ok(d, 2, &o);
    ck_assert_uint_eq(vf_layout_register_count(L), 4);
    expect_register(L, 1, VF_REGISTER_VERTEX_ID, -1, 1);
    expect_register(L, 3, VF_REGISTER_START_VERTEX_LOCATION, -1, 3);
    ck_assert_int_eq(register_of(L, 1), 2);
    vf_layout_destroy(L);

    /* An empty signature: nothing fetched, an empty record. */
    o = sig_options(sig, 0);
    L = create_ok(d, 2, &o);
    ck_assert_uint_eq(vf_layout_register_count(L), 0);
    ck_assert_uint_eq(vf_layout_record_size(L), 0);
    ck_assert_uint_eq(fetched_element_count(L), 0);
    ck_assert_uint_eq(fetched_slot_count(L), 0);
    ck_assert_uint_eq(used_slot_mask(L), 1);
    expect_slot(L, 0, PV, 0, 4, 0, NULL);
    ck_assert_int_eq(register_of(L, 0), -1);
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
    ck_assert_uint_eq(vf_layout_register_count(L), 4);
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

static Suite *suite_layout_signature(void)
{
    Suite *s = suite_create("layout_signature");
    TCase *t = tcase_create("compiled");
    tcase_add_test(t, test_compiled_struct_no_signature);
    tcase_add_test(t, test_system_register_alone);
    tcase_add_test(t, test_queries_do_not_modify);
    suite_add_tcase(s, t);

    t = tcase_create("signature");
    tcase_add_test(t, test_signature_linking);
    tcase_add_test(t, test_signature_missing_input);
    tcase_add_test(t, test_signature_type_mismatch);
    tcase_add_test(t, test_signature_invalid);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return vf_test_run(suite_layout_signature());
}
