/*
 * check_draw_diag.c - draw-time diagnostics (vf_draw_check, vf_draw_ex,
 * vf_fetch_range_ex): every error and warning with its code, severity,
 * D3D12 message ID and message; that the result is vf_draw's and that
 * warnings change no word. Also the generated SV_StartVertexLocation and
 * SV_StartInstanceLocation, the "no index buffer" forms, the range of
 * vf_draw_desc.indexed and what an unbound slot reads under a mapping.
 *
 * Expected messages and words are written out by hand from the rules
 * (docs/d3d-ia-rules.md §4.3, §5, §6, §12).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vfetch.h"
#include "check_main.h"
#include "draw_helpers.h"
#include "test_util.h"

static vf_diagnostics diag;

/* Diagnostic k is exactly this. */
static void expect_diag(uint32_t k, vf_result code, uint32_t severity, int32_t element,
                        uint32_t message_id, const char *message)
{
    ck_assert_uint_gt(diag.count, k);
    const vf_diagnostic *d = &diag.entries[k];
    ck_assert_int_eq(d->code, code);
    ck_assert_uint_eq(d->severity, severity);
    ck_assert_int_eq(d->element_index, element);
    ck_assert_int_eq(d->signature_index, -1);
    ck_assert_uint_eq(vf_d3d12_message_id(d->code), message_id);
    ck_assert_str_eq(d->message, message);
}

/* Diagnostic k's message starts with `prefix`. */
static void expect_prefix(uint32_t k, vf_result code, const char *prefix)
{
    ck_assert_uint_gt(diag.count, k);
    ck_assert_int_eq(diag.entries[k].code, code);
    ck_assert_uint_eq(diag.entries[k].severity, VF_SEVERITY_ERROR);
    ck_assert_msg(strncmp(diag.entries[k].message, prefix, strlen(prefix)) == 0,
                  "message '%s' does not start with '%s'", diag.entries[k].message, prefix);
}

/* vf_draw_check's result, which must also be vf_draw's. */
static vf_result check(const vf_layout *layout, const vf_draw_desc *d)
{
    vf_result r = vf_draw_check(layout, d, 0, &diag);
    size_t size = 0;
    if (vf_draw_output_size(layout, d->vertex_count_per_instance, d->instance_count, &size) ==
            VF_OK &&
        size <= ((size_t)1 << 26)) {
        void *out = xalloc(size);
        ck_assert_int_eq(vf_draw(layout, d, out, size), r);
        free(out);
    }
    return r;
}

/* POSITION (slot 0, R32G32B32_FLOAT) and TEXCOORD (slot 1, R32G32_FLOAT). */
static vf_layout *two_slot_layout(void)
{
    vf_input_element_desc d[2] = {
        el("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("TEXCOORD", 0, VF_FORMAT_R32G32_FLOAT, 1, 0, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    return make_layout(d, 2, 0);
}

/* One R32G32B32_FLOAT element in slot 0. */
static vf_layout *position_layout(void)
{
    vf_input_element_desc e[1] = {
        el("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    return make_layout(e, 1, 0);
}

static const float one_vertex[3] = { 1, 2, 3 };

/* ------------------------------------------------------------------------ */
/* Warnings                                                                  */
/* ------------------------------------------------------------------------ */

START_TEST(test_vertex_buffer_not_set)
{
    vf_layout *layout = two_slot_layout();
    vf_vertex_buffer_view vbs[2] = { { one_vertex, 12, 12 }, { NULL, 0, 8 } };
    vf_draw_desc d = draw_desc(vbs, 1, 1, 1, 0, 0);
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    ck_assert_uint_eq(diag.num_warnings, 1);
    ck_assert_uint_eq(diag.num_errors, 0);
    expect_diag(0, VF_WARNING_VERTEX_BUFFER_NOT_SET, VF_SEVERITY_WARNING, 1,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_VERTEX_BUFFER_NOT_SET,
                "slot 1 (element 1, TEXCOORD0) has no vertex buffer; it reads zeros");
    /* A view with NULL data is unbound too. */
    d.num_vertex_buffers = 2;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    ck_assert_int_eq(diag.entries[0].code, VF_WARNING_VERTEX_BUFFER_NOT_SET);
    /* Bound: nothing to say. */
    float tc[2] = { 0, 0 };
    vbs[1].data = tc;
    vbs[1].size_in_bytes = 8;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    vf_layout_destroy(layout);

    /* Several elements in the unbound slot: the first is named. */
    vf_input_element_desc e[3] = {
        el("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 2, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("NORMAL", 0, VF_FORMAT_R32G32B32_FLOAT, 2, 4, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    layout = make_layout(e, 3, 0);
    d = draw_desc(vbs, 1, 1, 1, 0, 0);
    ck_assert_int_eq(check(layout, &d), VF_OK);
    expect_diag(0, VF_WARNING_VERTEX_BUFFER_NOT_SET, VF_SEVERITY_WARNING, 1,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_VERTEX_BUFFER_NOT_SET,
                "slot 2 (element 1, COLOR0 and 1 more element) has no vertex buffer; it reads "
                "zeros");
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_stride_too_small)
{
    vf_layout *layout = position_layout();
    _Alignas(16) float data[8] = { 0 };
    vf_vertex_buffer_view vb = { data, sizeof(data), 8 };
    vf_draw_desc d = draw_desc(&vb, 1, 2, 1, 0, 0);
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    expect_diag(0, VF_WARNING_STRIDE_TOO_SMALL, VF_SEVERITY_WARNING, 0,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL,
                "slot 0: StrideInBytes 8 is smaller than element 0 (POSITION0, "
                "R32G32B32_FLOAT) which ends at byte 12");
    /* 0 (every vertex reads the same bytes) and 12 are not reported. */
    vb.stride_in_bytes = 0;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    vb.stride_in_bytes = 12;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    vf_layout_destroy(layout);
}
END_TEST

/* Out-of-range indices, counted per slot as GPU-based validation reports
 * them: index 7 into a 3-vertex view; 0xFFFF in a strip whose cut value was
 * left disabled, and the same with the cut value set (a cut, no fetch). */
START_TEST(test_index_out_of_range)
{
    vf_layout *layout = position_layout();
    _Alignas(16) float verts[9] = { 0 };
    vf_vertex_buffer_view vb = { verts, sizeof(verts), 12 };
    _Alignas(16) uint16_t idx[6] = { 0, 1, 2, 7, 1, 0xffff };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_draw_desc d = indexed_desc(&vb, 1, &ib, VF_STRIP_CUT_VALUE_DISABLED,
                                  VF_TOPOLOGY_TRIANGLESTRIP, 6, 2, 0, 0, 0);
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    ck_assert_uint_eq(diag.num_errors, 0);
    expect_diag(0, VF_WARNING_INDEX_OUT_OF_RANGE, VF_SEVERITY_WARNING, 0,
                VF_D3D12_MESSAGE_ID_GPU_BASED_VALIDATION_RESOURCE_ACCESS_OUT_OF_BOUNDS,
                "slot 0: 2 of 6 index positions fetch outside the view (vertices 0..2 at "
                "StrideInBytes 12 and SizeInBytes 36, base vertex 0): first position 3 index 7, "
                "last position 5 index 65535; they read zeros and format defaults");
    /* With the cut value 0xFFFF is a cut: only index 7 is left. */
    d.strip_cut_value = VF_STRIP_CUT_VALUE_0xFFFF;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "1 of 6 index positions"));
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "last position 3 index 7"));
    /* A list does not cut: 0xFFFF is an index again. */
    d.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "2 of 6 index positions"));
    /* A base vertex of -7 brings index 7 to vertex 0 and the others below
     * 0, that is near 2^32: every one but position 3 is outside. */
    d.base_vertex_location = -7;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "5 of 6 index positions"));
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "first position 0 index 0"));
    /* Indices past the view read 0; the view's last two are cut off. */
    d.base_vertex_location = 0;
    ib.size_in_bytes = 6;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    ck_assert_int_eq(diag.entries[0].code, VF_WARNING_INDEX_BUFFER_TOO_SMALL);
    /* Every index inside: silent, whatever the instances. */
    ib.size_in_bytes = sizeof(idx);
    idx[3] = 2;
    idx[5] = 0;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    /* A warning never fails the draw: vf_draw runs and index 7 reads zeros. */
    idx[3] = 7;
    verts[0] = 5.0f;
    size_t size = 0, rec = vf_layout_record_size(layout) / 4;
    ck_assert_int_eq(vf_draw_output_size(layout, 6, 2, &size), VF_OK);
    uint32_t *out = aligned_alloc(16, size);
    ck_assert_ptr_nonnull(out);
    ck_assert_int_eq(vf_draw(layout, &d, out, size), VF_OK);
    ck_assert_uint_eq(out[3 * rec], 0);
    ck_assert_uint_eq(out[5 * rec], 0x40a00000u);
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_vertex_buffer_too_small)
{
    vf_input_element_desc e[2] = {
        el("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("INST", 0, VF_FORMAT_R32_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 2),
    };
    vf_layout *layout = make_layout(e, 2, 0);
    uint32_t inst[2] = { 10, 11 };
    vf_vertex_buffer_view vbs[2] = { { one_vertex, 12, 12 }, { inst, 8, 4 } };
    /* A 300-vertex draw over a one-vertex buffer. */
    vf_draw_desc d = draw_desc(vbs, 2, 300, 1, 0, 0);
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    expect_diag(0, VF_WARNING_VERTEX_BUFFER_TOO_SMALL, VF_SEVERITY_WARNING, 0,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_VERTEX_BUFFER_TOO_SMALL,
                "slot 0: vertices 0..299 at StrideInBytes 12 need 3600 bytes (element 0 "
                "(POSITION0, R32G32B32_FLOAT) ends at byte 12 of each) but SizeInBytes is 12; "
                "what lies past the end reads zeros");
    /* Exactly the view: silent; one vertex further: reported. */
    d = draw_desc(vbs, 2, 1, 1, 0, 0);
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    d.start_location = 1;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    ck_assert_int_eq(diag.entries[0].code, VF_WARNING_VERTEX_BUFFER_TOO_SMALL);
    /* Per-instance, step rate 2: instances 0..3 from 1 read elements 1..2. */
    d = draw_desc(vbs, 2, 1, 4, 0, 1);
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    expect_diag(0, VF_WARNING_VERTEX_BUFFER_TOO_SMALL, VF_SEVERITY_WARNING, 1,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_VERTEX_BUFFER_TOO_SMALL,
                "slot 1: instance elements 1..2 at StrideInBytes 4 need 12 bytes (element 1 "
                "(INST0, R32_UINT) ends at byte 4 of each) but SizeInBytes is 8; what lies "
                "past the end reads zeros");
    d.instance_count = 2; /* elements 1..1: inside */
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    /* Indexed: the reach of per-vertex slots depends on the indices. */
    _Alignas(16) uint16_t idx[3] = { 0, 0, 0 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    d = indexed_desc(vbs, 2, &ib, VF_STRIP_CUT_VALUE_DISABLED, VF_TOPOLOGY_TRIANGLELIST, 3, 1, 0,
                     0, 0);
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    /* Base vertex 100: vertex 100 is past the one-vertex view. */
    d.base_vertex_location = 100;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    ck_assert_int_eq(diag.entries[0].code, VF_WARNING_INDEX_OUT_OF_RANGE);
    /* No draw, nothing read. */
    d = draw_desc(vbs, 2, 0, 1, 0, 0);
    d.start_location = 99;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_index_buffer_warnings)
{
    vf_layout *layout = position_layout();
    vf_vertex_buffer_view vb = { one_vertex, 12, 0 };
    vf_draw_desc d = indexed_desc(&vb, 1, NULL, VF_STRIP_CUT_VALUE_DISABLED,
                                  VF_TOPOLOGY_TRIANGLELIST, 3, 1, 0, 0, 0);
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    expect_diag(0, VF_WARNING_INDEX_BUFFER_NOT_SET, VF_SEVERITY_WARNING, -1,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INDEX_BUFFER_NOT_SET,
                "index buffer: an indexed draw with no index buffer view; every index reads 0");
    vf_index_buffer_view ib = { NULL, 0, VF_FORMAT_R16_UINT };
    d.index_buffer = &ib;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    expect_diag(0, VF_WARNING_INDEX_BUFFER_NOT_SET, VF_SEVERITY_WARNING, -1,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INDEX_BUFFER_NOT_SET,
                "index buffer: an indexed draw with a view whose data is NULL; every index "
                "reads 0");
    /* A non-indexed draw has no use for one. */
    d.indexed = 0;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 0);

    /* Five indices from a four-index buffer. */
    _Alignas(16) uint16_t idx[4] = { 0, 0, 0, 0 };
    ib.data = idx;
    ib.size_in_bytes = sizeof(idx);
    d.indexed = 1;
    d.vertex_count_per_instance = 5;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    expect_diag(0, VF_WARNING_INDEX_BUFFER_TOO_SMALL, VF_SEVERITY_WARNING, -1,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INDEX_BUFFER_TOO_SMALL,
                "index buffer: indices 0..4 need 10 bytes but SizeInBytes is 8; indices past "
                "the end read 0");
    d.vertex_count_per_instance = 3;
    d.start_location = 1;
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_misaligned_addresses)
{
    vf_layout *layout = position_layout();
    uint8_t *buf = xalloc(64);
    memset(buf, 0, 64);
    vf_vertex_buffer_view vb = { buf + 2, 12, 12 };
    vf_draw_desc d = draw_desc(&vb, 1, 1, 1, 0, 0);
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    char want[VF_DIAGNOSTIC_MESSAGE_SIZE];
    snprintf(want, sizeof(want),
             "slot 0: data address 0x%jx is not a multiple of 4, the alignment of its elements",
             (uintmax_t)(uintptr_t)(buf + 2));
    expect_diag(0, VF_WARNING_MISALIGNED_VERTEX_BUFFER, VF_SEVERITY_WARNING, -1,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_ELEMENT_OFFSET_UNALIGNED, want);

    vf_index_buffer_view ib = { buf + 33, 6, VF_FORMAT_R16_UINT };
    vb.data = buf;
    d = indexed_desc(&vb, 1, &ib, VF_STRIP_CUT_VALUE_DISABLED, VF_TOPOLOGY_TRIANGLELIST, 3, 1, 0,
                     0, 0);
    ck_assert_int_eq(check(layout, &d), VF_OK);
    ck_assert_uint_eq(diag.count, 1);
    snprintf(want, sizeof(want), "index buffer: data address 0x%jx is not a multiple of the "
             "index size 2", (uintmax_t)(uintptr_t)(buf + 33));
    expect_diag(0, VF_WARNING_UNALIGNED_INDEX_OFFSET, VF_SEVERITY_WARNING, -1,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INDEX_OFFSET_UNALIGNED, want);
    free(buf);
    vf_layout_destroy(layout);
}
END_TEST

/* Warnings change no word: the draw with and without diagnostics. */
START_TEST(test_warnings_change_nothing)
{
    vf_layout *layout = two_slot_layout();
    vf_vertex_buffer_view vbs[1] = { { one_vertex, 12, 8 } };
    vf_draw_desc d = draw_desc(vbs, 1, 5, 2, 0, 0);
    size_t size;
    ck_assert_int_eq(vf_draw_output_size(layout, 5, 2, &size), VF_OK);
    uint32_t *a = xalloc(size), *b = xalloc(size);
    memset(a, 0xcd, size);
    memset(b, 0xcd, size);
    ck_assert_int_eq(vf_draw(layout, &d, a, size), VF_OK);
    ck_assert_int_eq(vf_draw_ex(layout, &d, b, size, &diag), VF_OK);
    ck_assert_uint_eq(diag.num_warnings, 3); /* unbound, stride, reach */
    ck_assert_mem_eq(a, b, size);
    /* Vertex 0 by hand: (1, 2, 3, 1.0f) and the unbound slot's zeros. */
    expect_reg(a, F1, 0x40000000u, 0x40400000u, F1, "pos", 0, 0);
    expect_reg(a + 4, 0, 0, 0, 0, "tc", 0, 0);
    free(a);
    free(b);
    vf_layout_destroy(layout);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Errors                                                                    */
/* ------------------------------------------------------------------------ */

START_TEST(test_errors_have_messages)
{
    vf_layout *layout = two_slot_layout();
    _Alignas(16) float data[16] = { 0 };
    vf_vertex_buffer_view vbs[2] = { { data, sizeof(data), 12 }, { data, sizeof(data), 8 } };
    _Alignas(16) uint16_t idx[3] = { 0, 1, 2 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R8_UINT };
    vf_draw_desc d = indexed_desc(vbs, 2, &ib, VF_STRIP_CUT_VALUE_DISABLED,
                                  VF_TOPOLOGY_TRIANGLELIST, 3, 1, 0, 0, 0);
    ck_assert_int_eq(check(layout, &d), VF_ERROR_INVALID_INDEX_FORMAT);
    ck_assert_uint_eq(diag.num_errors, 1);
    expect_diag(0, VF_ERROR_INVALID_INDEX_FORMAT, VF_SEVERITY_ERROR, -1,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INDEX_BUFFER_FORMAT_INVALID,
                "index buffer: format 62 (R8_UINT) is not R16_UINT or R32_UINT");
    ib.format = VF_FORMAT_R16_UINT;
    d.strip_cut_value = VF_STRIP_CUT_VALUE_0xFFFFFFFF;
    ck_assert_int_eq(check(layout, &d), VF_ERROR_STRIP_CUT_MISMATCH);
    expect_diag(0, VF_ERROR_STRIP_CUT_MISMATCH, VF_SEVERITY_ERROR, -1,
                VF_D3D12_MESSAGE_ID_UNKNOWN,
                "index buffer: strip cut value 0xFFFFFFFF does not match the index format "
                "R16_UINT");
    d.strip_cut_value = VF_STRIP_CUT_VALUE_DISABLED;
    d.primitive_topology = 6;
    ck_assert_int_eq(check(layout, &d), VF_ERROR_INVALID_TOPOLOGY);
    expect_diag(0, VF_ERROR_INVALID_TOPOLOGY, VF_SEVERITY_ERROR, -1,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INVALID_PRIMITIVETOPOLOGY,
                "desc: primitive_topology 6 is not a D3D_PRIMITIVE_TOPOLOGY that draws");
    d.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    vbs[0].stride_in_bytes = 6;
    ck_assert_int_eq(check(layout, &d), VF_ERROR_MISALIGNED_STRIDE);
    expect_diag(0, VF_ERROR_MISALIGNED_STRIDE, VF_SEVERITY_ERROR, -1,
                VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_VERTEX_STRIDE_UNALIGNED,
                "slot 0: StrideInBytes 6 is not a multiple of 4, the alignment of its elements");
    vbs[0].stride_in_bytes = 2052;
    ck_assert_int_eq(check(layout, &d), VF_ERROR_STRIDE_TOO_LARGE);
    expect_diag(0, VF_ERROR_STRIDE_TOO_LARGE, VF_SEVERITY_ERROR, -1, VF_D3D12_MESSAGE_ID_UNKNOWN,
                "slot 0: StrideInBytes 2052 is larger than 2048");
    vbs[0].stride_in_bytes = 12;
    d.strip_cut_value = 3;
    ck_assert_int_eq(check(layout, &d), VF_ERROR_INVALID_STRIP_CUT_VALUE);
    expect_diag(0, VF_ERROR_INVALID_STRIP_CUT_VALUE, VF_SEVERITY_ERROR, -1,
                VF_D3D12_MESSAGE_ID_UNKNOWN,
                "desc: strip_cut_value 3 is not 0 (disabled), 1 (0xFFFF) or 2 (0xFFFFFFFF)");
    d.strip_cut_value = 0;
    d.num_vertex_buffers = 33;
    ck_assert_int_eq(vf_draw_check(layout, &d, 0, &diag), VF_ERROR_TOO_MANY_BUFFERS);
    expect_diag(0, VF_ERROR_TOO_MANY_BUFFERS, VF_SEVERITY_ERROR, -1, VF_D3D12_MESSAGE_ID_UNKNOWN,
                "desc: 33 vertex buffer views, more than 32");
    d.num_vertex_buffers = 2;
    d.struct_size = 8;
    ck_assert_int_eq(vf_draw_check(layout, &d, 0, &diag), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_uint_eq(diag.count, 1);
    ck_assert_int_eq(vf_draw_check(NULL, &d, 0, &diag), VF_ERROR_NULL_POINTER);
    expect_diag(0, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR, -1, 0, "layout is NULL");
    ck_assert_int_eq(vf_draw_check(layout, NULL, 0, NULL), VF_ERROR_NULL_POINTER);
    vf_layout_destroy(layout);
}
END_TEST

/* Every error is listed, the first is the result. */
START_TEST(test_all_errors_listed)
{
    vf_layout *layout = two_slot_layout();
    /* Aligned, so that no misaligned-address warning joins the list
     * whatever the stack layout (valgrind's differs). */
    _Alignas(16) float data[16] = { 0 };
    vf_vertex_buffer_view vbs[2] = { { data, sizeof(data), 6 }, { data, sizeof(data), 4000 } };
    _Alignas(16) uint16_t idx[3] = { 0, 1, 2 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    vf_draw_desc d = indexed_desc(vbs, 2, &ib, VF_STRIP_CUT_VALUE_0xFFFF, 0, 3, 1, 0, 0, 0);
    ck_assert_int_eq(check(layout, &d), VF_ERROR_INVALID_TOPOLOGY);
    ck_assert_uint_eq(diag.num_errors, 4);
    ck_assert_uint_eq(diag.num_warnings, 2);
    ck_assert_uint_eq(diag.count, 6);
    /* In check order: the description, the index buffer (with its warning:
     * 6 bytes of R32 indices), the strides, the slots' warnings (slot 0's
     * stride 6 under 12 bytes). */
    ck_assert_int_eq(diag.entries[0].code, VF_ERROR_INVALID_TOPOLOGY);
    ck_assert_int_eq(diag.entries[1].code, VF_ERROR_STRIP_CUT_MISMATCH);
    ck_assert_int_eq(diag.entries[2].code, VF_WARNING_INDEX_BUFFER_TOO_SMALL);
    ck_assert_int_eq(diag.entries[3].code, VF_ERROR_MISALIGNED_STRIDE);
    ck_assert_int_eq(diag.entries[4].code, VF_ERROR_STRIDE_TOO_LARGE);
    ck_assert_int_eq(diag.entries[5].code, VF_WARNING_STRIDE_TOO_SMALL);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_output_errors)
{
    vf_layout *layout = position_layout();
    vf_vertex_buffer_view vb = { one_vertex, 12, 0 };
    vf_draw_desc d = draw_desc(&vb, 1, 4, 1, 0, 0);
    uint8_t *out = xalloc(128);
    ck_assert_int_eq(vf_draw_check(layout, &d, 63, &diag), VF_ERROR_OUTPUT_TOO_SMALL);
    expect_diag(0, VF_ERROR_OUTPUT_TOO_SMALL, VF_SEVERITY_ERROR, -1, 0,
                "output: the draw writes 64 bytes but out_size is 63");
    ck_assert_int_eq(vf_draw_check(layout, &d, 64, &diag), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    ck_assert_int_eq(vf_draw_ex(layout, &d, out, 63, &diag), VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_draw_ex(layout, &d, NULL, 64, &diag), VF_ERROR_NULL_POINTER);
    expect_diag(0, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR, -1, 0,
                "output: out is NULL and the draw writes 64 bytes");
    ck_assert_int_eq(vf_draw_ex(layout, &d, out + 4, 64, &diag), VF_ERROR_INVALID_ARGUMENT);
    expect_prefix(0, VF_ERROR_INVALID_ARGUMENT, "output: out (address 0x");
    ck_assert_int_eq(vf_draw(layout, &d, out + 4, 64), VF_ERROR_INVALID_ARGUMENT);

    ck_assert_int_eq(vf_fetch_range_ex(layout, &d, 1, 0, 1, out, 16, &diag),
                     VF_ERROR_INVALID_RANGE);
    expect_diag(0, VF_ERROR_INVALID_RANGE, VF_SEVERITY_ERROR, -1, 0,
                "range: instance 1 is not below the draw's 1 instances");
    ck_assert_int_eq(vf_fetch_range_ex(layout, &d, 0, 3, 2, out, 32, &diag),
                     VF_ERROR_INVALID_RANGE);
    expect_diag(0, VF_ERROR_INVALID_RANGE, VF_SEVERITY_ERROR, -1, 0,
                "range: positions 3 + 2 reach past the draw's 4");
    ck_assert_int_eq(vf_fetch_range_ex(layout, &d, 0, 1, 2, out, 31, &diag),
                     VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_fetch_range_ex(layout, &d, 0, 1, 2, out, 32, &diag), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    expect_reg((uint32_t *)(void *)out, F1, 0x40000000u, 0x40400000u, F1, "range", 0, 1);
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_message_id_names)
{
    static const struct {
        uint32_t id;
        const char *name;
    } names[] = {
        { 202, "COMMAND_LIST_DRAW_VERTEX_BUFFER_NOT_SET" },
        { 209, "COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL" },
        { 210, "COMMAND_LIST_DRAW_VERTEX_BUFFER_TOO_SMALL" },
        { 211, "COMMAND_LIST_DRAW_INDEX_BUFFER_NOT_SET" },
        { 212, "COMMAND_LIST_DRAW_INDEX_BUFFER_FORMAT_INVALID" },
        { 213, "COMMAND_LIST_DRAW_INDEX_BUFFER_TOO_SMALL" },
        { 219, "COMMAND_LIST_DRAW_INVALID_PRIMITIVETOPOLOGY" },
        { 221, "COMMAND_LIST_DRAW_VERTEX_STRIDE_UNALIGNED" },
        { 222, "COMMAND_LIST_DRAW_INDEX_OFFSET_UNALIGNED" },
        { 1348, "COMMAND_LIST_DRAW_ELEMENT_OFFSET_UNALIGNED" },
        { 1005, "GPU_BASED_VALIDATION_RESOURCE_ACCESS_OUT_OF_BOUNDS" },
    };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        ck_assert_str_eq(vf_d3d12_message_id_name(names[i].id), names[i].name);
    ck_assert_ptr_null(vf_d3d12_message_id_name(0));
    ck_assert_ptr_null(vf_d3d12_message_id_name(203));
    ck_assert_uint_eq(vf_d3d12_message_id(VF_OK), 0);
    ck_assert_uint_eq(vf_d3d12_message_id(VF_ERROR_STRIP_CUT_MISMATCH), 0);
    ck_assert_uint_eq(vf_d3d12_message_id(VF_ERROR_MISSING_ELEMENT), 0);
    ck_assert_str_ne(vf_result_string(VF_WARNING_VERTEX_BUFFER_NOT_SET), "unknown result");
    ck_assert_str_ne(vf_result_string(VF_WARNING_MISALIGNED_VERTEX_BUFFER), "unknown result");
}
END_TEST

/* ------------------------------------------------------------------------ */
/* SV_StartVertexLocation, SV_StartInstanceLocation (rules §4.3)             */
/* ------------------------------------------------------------------------ */

START_TEST(test_start_locations)
{
    vf_input_element_desc e[1] = {
        el("POSITION", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    vf_signature_element sig[4] = {
        { "POSITION", 0, 0, 0x1, VF_REGISTER_COMPONENT_UINT32 },
        { "SV_StartVertexLocation", 0, 1, 0x1, VF_REGISTER_COMPONENT_SINT32 },
        { "sv_startinstancelocation", 0, 3, 0x1, VF_REGISTER_COMPONENT_UINT32 },
        { "SV_VertexID", 0, 2, 0x1, VF_REGISTER_COMPONENT_UINT32 },
    };
    vf_layout *layout = make_layout_full(e, 1, NULL, 0, VF_OUTPUT_AOS, sig, 4);
    vf_layout_register_info ri;
    ck_assert_int_eq(vf_layout_register(layout, 1, &ri), VF_OK);
    ck_assert_uint_eq(ri.kind, VF_REGISTER_START_VERTEX_LOCATION);
    ck_assert_int_eq(ri.element_index, -1);
    ck_assert_int_eq(vf_layout_register(layout, 3, &ri), VF_OK);
    ck_assert_uint_eq(ri.kind, VF_REGISTER_START_INSTANCE_LOCATION);

    uint32_t data[64];
    for (uint32_t i = 0; i < 64; i++)
        data[i] = 1000 + i;
    vf_vertex_buffer_view vb = { data, sizeof(data), 4 };
    /* DrawInstanced(3, 2, 5, 7). */
    vf_draw_desc d = draw_desc(&vb, 1, 3, 2, 5, 7);
    uint32_t *out = draw_words(layout, &d, NULL);
    for (uint32_t j = 0; j < 2; j++) {
        for (uint32_t i = 0; i < 3; i++) {
            const uint32_t *rec = out + (j * 3 + i) * 16;
            expect_reg(rec, 1005 + i, 0, 0, 1, "pos", j, i);
            expect_reg(rec + 4, 5, 0, 0, 0, "start vertex", j, i);
            expect_reg(rec + 8, i, 0, 0, 0, "vertex id", j, i);
            expect_reg(rec + 12, 7, 0, 0, 0, "start instance", j, i);
        }
    }
    free(out);
    /* Indexed: BaseVertexLocation (-3 as an int), not StartIndexLocation;
     * a strip cut position stays all zero. */
    _Alignas(16) uint16_t idx[5] = { 9, 10, 0xffff, 11, 12 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    d = indexed_desc(&vb, 1, &ib, VF_STRIP_CUT_VALUE_0xFFFF, VF_TOPOLOGY_TRIANGLESTRIP, 4, 1, 1,
                     -3, 2);
    out = draw_words(layout, &d, NULL);
    static const uint32_t want_index[4] = { 10, 0xffff, 11, 12 };
    for (uint32_t i = 0; i < 4; i++) {
        const uint32_t *rec = out + i * 16;
        if (i == 1) {
            for (uint32_t w = 0; w < 16; w++)
                ck_assert_uint_eq(rec[w], 0);
            continue;
        }
        expect_reg(rec, 1000 + want_index[i] - 3, 0, 0, 1, "pos", 0, i);
        expect_reg(rec + 4, 0xfffffffdu, 0, 0, 0, "base vertex", 0, i);
        expect_reg(rec + 8, want_index[i], 0, 0, 0, "vertex id", 0, i);
        expect_reg(rec + 12, 2, 0, 0, 0, "start instance", 0, i);
    }
    free(out);
    vf_layout_destroy(layout);

    /* The SoA shapes hold the same words. */
    vf_layout *soa = make_layout_full(e, 1, NULL, 0, VF_OUTPUT_SOA4, sig, 4);
    d = draw_desc(&vb, 1, 3, 1, 5, 7);
    out = draw_words(soa, &d, NULL);
    for (uint32_t l = 0; l < 3; l++) {
        ck_assert_uint_eq(out[(1 * 4 + 0) * 4 + l], 5);
        ck_assert_uint_eq(out[(3 * 4 + 0) * 4 + l], 7);
        ck_assert_uint_eq(out[(3 * 4 + 1) * 4 + l], 0);
    }
    free(out);
    vf_layout_destroy(soa);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* No index buffer, indexed, unbound slots under a mapping                   */
/* ------------------------------------------------------------------------ */

/* The three "no index buffer" forms draw the same, whatever the cut value
 * and the view's format. */
START_TEST(test_no_index_buffer_forms)
{
    vf_input_element_desc e[1] = {
        el("POSITION", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    vf_layout *layout = make_layout(e, 1, VF_SV_VERTEX_ID | VF_SV_FLAGS);
    uint32_t data[16];
    for (uint32_t i = 0; i < 16; i++)
        data[i] = 500 + i;
    vf_vertex_buffer_view vb = { data, sizeof(data), 4 };
    static const uint32_t cuts[3] = { VF_STRIP_CUT_VALUE_DISABLED, VF_STRIP_CUT_VALUE_0xFFFF,
                                      VF_STRIP_CUT_VALUE_0xFFFFFFFF };
    static const vf_format formats[3] = { VF_FORMAT_R16_UINT, VF_FORMAT_R32_UINT, 0 };
    for (int c = 0; c < 3; c++) {
        for (int f = -1; f < 3; f++) {
            vf_index_buffer_view ib = { NULL, 64, f < 0 ? 0 : formats[f] };
            vf_draw_desc d = indexed_desc(&vb, 1, f < 0 ? NULL : &ib, cuts[c],
                                          VF_TOPOLOGY_TRIANGLESTRIP, 4, 1, 0, 2, 0);
            ck_assert_int_eq(vf_draw_check(layout, &d, 0, &diag), VF_OK);
            ck_assert_int_eq(diag.entries[0].code, VF_WARNING_INDEX_BUFFER_NOT_SET);
            uint32_t *out = draw_words(layout, &d, NULL);
            /* Every index 0: element BaseVertexLocation = 2, SV_VertexID 0. */
            for (uint32_t i = 0; i < 4; i++) {
                expect_reg(out + i * 8, 502, 0, 0, 1, "pos", 0, i);
                expect_reg(out + i * 8 + 4, 0, 0, 0, 0, "sys", 0, i);
            }
            free(out);
        }
    }
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_indexed_range)
{
    vf_input_element_desc e[1] = {
        el("POSITION", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    vf_layout *layout = make_layout(e, 1, 0);
    uint32_t data[4] = { 1, 2, 3, 4 };
    vf_vertex_buffer_view vb = { data, sizeof(data), 4 };
    vf_draw_desc d = draw_desc(&vb, 1, 2, 1, 0, 0);
    uint32_t *out = xalloc(64);
    memset(out, 0xcd, 64);
    static const uint32_t bad[3] = { 2, 3, 0xffffffffu };
    for (int k = 0; k < 3; k++) {
        d.indexed = bad[k];
        ck_assert_int_eq(vf_draw(layout, &d, out, 64), VF_ERROR_INVALID_ARGUMENT);
        ck_assert_int_eq(vf_fetch_range(layout, &d, 0, 0, 1, out, 64), VF_ERROR_INVALID_ARGUMENT);
        ck_assert_uint_eq(out[0], 0xcdcdcdcdu);
        uint32_t count;
        ck_assert_int_eq(vf_primitive_count(&d, &count, NULL, NULL), VF_ERROR_INVALID_ARGUMENT);
    }
    d.indexed = 2;
    ck_assert_int_eq(vf_draw_check(layout, &d, 0, &diag), VF_ERROR_INVALID_ARGUMENT);
    expect_diag(0, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR, -1, 0,
                "desc: indexed 2 is not 0 or 1");
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* An unbound slot reads 0,0,0,0 and then its mapping applies: FORCE_VALUE_1
 * gives the format's one. */
START_TEST(test_unbound_force_one)
{
    vf_input_element_desc e[2] = {
        el("COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 1, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("IDS", 0, VF_FORMAT_R16G16_UINT, 2, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    uint32_t maps[2] = {
        VF_ENCODE_COMPONENT_MAPPING(5, 0, 4, 5),
        VF_ENCODE_COMPONENT_MAPPING(3, 5, 5, 1),
    };
    vf_layout *layout = make_layout_full(e, 2, maps, 0, VF_OUTPUT_AOS, NULL, 0);
    vf_draw_desc d = draw_desc(NULL, 0, 2, 1, 0, 0);
    uint32_t *out = draw_words(layout, &d, NULL);
    for (uint32_t i = 0; i < 2; i++) {
        expect_reg(out + i * 8, F1, 0, 0, F1, "color", 0, i);
        expect_reg(out + i * 8 + 4, 0, 1, 1, 0, "ids", 0, i);
    }
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

static Suite *draw_diag_suite(void)
{
    Suite *s = suite_create("draw_diag");
    TCase *tc = tcase_create("warnings");
    tcase_add_test(tc, test_vertex_buffer_not_set);
    tcase_add_test(tc, test_stride_too_small);
    tcase_add_test(tc, test_vertex_buffer_too_small);
    tcase_add_test(tc, test_index_out_of_range);
    tcase_add_test(tc, test_index_buffer_warnings);
    tcase_add_test(tc, test_misaligned_addresses);
    tcase_add_test(tc, test_warnings_change_nothing);
    suite_add_tcase(s, tc);

    tc = tcase_create("errors");
    tcase_add_test(tc, test_errors_have_messages);
    tcase_add_test(tc, test_all_errors_listed);
    tcase_add_test(tc, test_output_errors);
    tcase_add_test(tc, test_message_id_names);
    suite_add_tcase(s, tc);

    tc = tcase_create("defects");
    tcase_add_test(tc, test_start_locations);
    tcase_add_test(tc, test_no_index_buffer_forms);
    tcase_add_test(tc, test_indexed_range);
    tcase_add_test(tc, test_unbound_force_one);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(draw_diag_suite());
}
