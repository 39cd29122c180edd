/*
 * check_draw_rules.c - the draw walker (lib/draw.c) against the D3D rules:
 * native expectations (rules §4-§6), addressing and bounds, and draw
 * validation.
 *
 * Expected values are computed here by hand from buffers whose words encode
 * their own byte address, or by the IA reference walker (tests/ref/ia_ref.c,
 * written straight from the rules). The walker's batching, runs, gathers,
 * broadcasts, SoA transposes and ranges are never used to compute an
 * expectation. Random draws are in check_draw_random.c, threads in
 * check_threads.c.
 */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vfetch.h"
#include "check_main.h"
#include "draw_helpers.h"
#include "ia_ref.h"
#include "test_util.h"


/* ------------------------------------------------------------------------ */
/* Native expectations (rules §4-§6)                                         */
/* ------------------------------------------------------------------------ */

/* Rules §4.2, [NATIVE] test_vertex_id. */
START_TEST(test_vertex_id)
{
    vf_input_element_desc d[2] = {
        el("POSITION", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("INST", 0, VF_FORMAT_R32_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_layout *layout = make_layout(d, 2, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS);
    uint8_t vb0[32 * 16], vb1[32 * 4];
    fill_addr(vb0, sizeof(vb0), 1);
    fill_addr(vb1, sizeof(vb1), 2);
    vf_vertex_buffer_view vbs[2] = { { vb0, sizeof(vb0), 16 }, { vb1, sizeof(vb1), 4 } };

    /* DrawInstanced(3, 1, 3, 16): elements 3..5, IDs 0..2, instance 0. */
    vf_draw_desc dd = draw_desc(vbs, 2, 3, 1, 3, 16);
    uint32_t *out = draw_words(layout, &dd, NULL);
    for (uint32_t i = 0; i < 3; i++) {
        const uint32_t *rec = out + i * 12;
        uint32_t b = (3 + i) * 16;
        expect_reg(rec, AW(1, b), AW(1, b + 4), AW(1, b + 8), AW(1, b + 12), "pos", 0, i);
        expect_reg(rec + 4, AW(2, 16 * 4), 0, 0, 1, "inst", 0, i);
        expect_reg(rec + 8, i, 0, 0, 0, "sv", 0, i);
    }
    free(out);

    /* DrawIndexedInstanced(3, 1, 3, 9, 7), indices 0,1,2 at positions 3..5. */
    uint16_t idx[6] = { 7, 7, 7, 0, 1, 2 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    dd = indexed_desc(vbs, 2, &ib, VF_STRIP_CUT_VALUE_DISABLED, VF_TOPOLOGY_TRIANGLELIST, 3, 1, 3,
                      9, 7);
    out = draw_words(layout, &dd, NULL);
    for (uint32_t i = 0; i < 3; i++) {
        const uint32_t *rec = out + i * 12;
        uint32_t b = (9 + i) * 16;
        expect_reg(rec, AW(1, b), AW(1, b + 4), AW(1, b + 8), AW(1, b + 12), "pos", 0, i);
        expect_reg(rec + 4, AW(2, 7 * 4), 0, 0, 1, "inst", 0, i);
        expect_reg(rec + 8, i, 0, 0, 0, "sv", 0, i);
    }
    free(out);

    /* The public wrappers give the same records. */
    size_t size;
    ck_assert_int_eq(vf_draw_output_size(layout, 3, 1, &size), VF_OK);
    ck_assert_uint_eq(size, 3 * 48);
    uint32_t *a = xalloc(size), *b = xalloc(size);
    ck_assert_int_eq(vf_draw_indexed_instanced(layout, vbs, 2, &ib, VF_STRIP_CUT_VALUE_DISABLED,
                                               VF_TOPOLOGY_TRIANGLELIST, 3, 1, 3, 9, 7, a, size),
                     VF_OK);
    ck_assert_int_eq(vf_draw(layout, &dd, b, size), VF_OK);
    expect_same(a, b, size / 4, "indexed wrapper");
    dd = draw_desc(vbs, 2, 3, 1, 3, 16);
    ck_assert_int_eq(vf_draw_instanced(layout, vbs, 2, 3, 1, 3, 16, a, size), VF_OK);
    ck_assert_int_eq(vf_draw(layout, &dd, b, size), VF_OK);
    expect_same(a, b, size / 4, "instanced wrapper");
    free(a);
    free(b);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §4.1, [NATIVE] test_instance_id: rate 0 never advances but starts
 * at StartInstanceLocation; rate 2 gives 4,4,5,5. */
START_TEST(test_instance_id)
{
    vf_input_element_desc d[3] = {
        el("POS", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("RATE", 0, VF_FORMAT_R32_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 0),
        el("RATE", 2, VF_FORMAT_R32_UINT, 2, 0, VF_INPUT_PER_INSTANCE_DATA, 2),
    };
    vf_layout *layout = make_layout(d, 3, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID);
    uint8_t b0[64], b1[64], b2[64];
    fill_addr(b0, 64, 1);
    fill_addr(b1, 64, 2);
    fill_addr(b2, 64, 3);
    vf_vertex_buffer_view vbs[3] = { { b0, 64, 4 }, { b1, 64, 4 }, { b2, 64, 4 } };
    vf_draw_desc dd = draw_desc(vbs, 3, 4, 4, 0, 4);
    uint32_t *out = draw_words(layout, &dd, NULL);
    static const uint32_t rate2[4] = { 4, 4, 5, 5 };
    for (uint32_t j = 0; j < 4; j++)
        for (uint32_t i = 0; i < 4; i++) {
            const uint32_t *rec = out + (j * 4 + i) * 16;
            expect_reg(rec, AW(1, i * 4), 0, 0, 1, "pos", j, i);
            expect_reg(rec + 4, AW(2, 16), 0, 0, 1, "rate 0", j, i);
            expect_reg(rec + 8, AW(3, rate2[j] * 4), 0, 0, 1, "rate 2", j, i);
            expect_reg(rec + 12, i, j, 0, 0, "sv", j, i);
        }
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §5.3, [NATIVE] test_vbv_stride_edge_cases: stride 0, element at 16:
 * size 32 reads floats 4..7; a smaller size puts it out of bounds. */
START_TEST(test_vbv_stride_edge_cases)
{
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 16, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R32G32B32_FLOAT, 1, 16, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    vf_layout *layout = make_layout(d, 2, 0);
    float f[8];
    for (int i = 0; i < 8; i++)
        f[i] = (float)i;
    for (uint32_t size = 0; size <= 32; size++) {
        vf_vertex_buffer_view vbs[2] = { { f, size, 0 }, { f, size, 0 } };
        vf_draw_desc dd = draw_desc(vbs, 2, 2, 1, 0, 0);
        uint32_t *out = draw_words(layout, &dd, NULL);
        for (uint32_t i = 0; i < 2; i++) {
            const uint32_t *rec = out + i * 8;
            if (size >= 32)
                expect_reg(rec, vf_test_f2u(4), vf_test_f2u(5), vf_test_f2u(6), vf_test_f2u(7),
                           "float4", 0, i);
            else
                expect_reg(rec, 0, 0, 0, 0, "float4 oob", 0, i);
            if (size >= 28)
                expect_reg(rec + 4, vf_test_f2u(4), vf_test_f2u(5), vf_test_f2u(6), F1, "float3",
                           0, i);
            else
                expect_reg(rec + 4, 0, 0, 0, F1, "float3 oob", 0, i);
        }
        free(out);
    }
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §6, [NATIVE] test_null_vbv: an unbound slot reads 0,0,0,0 — no
 * default alpha — whether past num_vertex_buffers or with NULL data. */
START_TEST(test_null_vbv)
{
    vf_input_element_desc d[4] = {
        el("A", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R8G8_UNORM, 1, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("C", 0, VF_FORMAT_R16_UINT, 5, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("D", 0, VF_FORMAT_R32G32_FLOAT, 6, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_layout *layout = make_layout(d, 4, 0);
    float f[6] = { 1, 2, 3, 4, 5, 6 };
    vf_vertex_buffer_view vbs[2] = { { f, sizeof(f), 12 }, { NULL, 64, 2 } };
    vf_draw_desc dd = draw_desc(vbs, 2, 2, 2, 0, 0);
    uint32_t *out = draw_words(layout, &dd, NULL);
    for (uint32_t j = 0; j < 2; j++)
        for (uint32_t i = 0; i < 2; i++) {
            const uint32_t *rec = out + (j * 2 + i) * 16;
            expect_reg(rec, vf_test_f2u(f[i * 3]), vf_test_f2u(f[i * 3 + 1]),
                       vf_test_f2u(f[i * 3 + 2]), F1, "bound", j, i);
            expect_reg(rec + 4, 0, 0, 0, 0, "null data", j, i);
            expect_reg(rec + 8, 0, 0, 0, 0, "slot past count", j, i);
            expect_reg(rec + 12, 0, 0, 0, 0, "per-instance unbound", j, i);
        }
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §5.3, [NATIVE] test_zero_vertex_stride: per-vertex and per-instance. */
START_TEST(test_zero_stride)
{
    vf_input_element_desc d[2] = {
        el("V", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 4, VF_INPUT_PER_VERTEX_DATA, 0),
        el("I", 0, VF_FORMAT_R32G32_UINT, 1, 8, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_layout *layout = make_layout(d, 2, 0);
    uint8_t b0[20], b1[16];
    fill_addr(b0, sizeof(b0), 1);
    fill_addr(b1, sizeof(b1), 2);
    vf_vertex_buffer_view vbs[2] = { { b0, 20, 0 }, { b1, 16, 0 } };
    /* Long enough for several batches, plus an indexed form. */
    vf_draw_desc dd = draw_desc(vbs, 2, 150, 3, 1000, 77);
    uint32_t *out = draw_words(layout, &dd, NULL);
    for (uint32_t j = 0; j < 3; j++)
        for (uint32_t i = 0; i < 150; i++) {
            const uint32_t *rec = out + (j * 150 + i) * 8;
            expect_reg(rec, AW(1, 4), AW(1, 8), AW(1, 12), AW(1, 16), "vertex", j, i);
            expect_reg(rec + 4, AW(2, 8), AW(2, 12), 0, 1, "instance", j, i);
        }
    free(out);
    uint32_t idx[5] = { 0, 1000000, 5, 0xfffffffe, 3 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    dd = indexed_desc(vbs, 2, &ib, 0, VF_TOPOLOGY_POINTLIST, 5, 2, 0, -7, 0);
    out = draw_words(layout, &dd, NULL);
    for (uint32_t j = 0; j < 2; j++)
        for (uint32_t i = 0; i < 5; i++) {
            const uint32_t *rec = out + (j * 5 + i) * 8;
            expect_reg(rec, AW(1, 4), AW(1, 8), AW(1, 12), AW(1, 16), "indexed vertex", j, i);
            expect_reg(rec + 4, AW(2, 8), AW(2, 12), 0, 1, "indexed instance", j, i);
        }
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §5.1: no index buffer (NULL view or NULL data): every index is 0. */
START_TEST(test_no_index_buffer)
{
    vf_input_element_desc d = el("A", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    vf_layout *layout = make_layout(&d, 1, VF_SV_VERTEX_ID | VF_SV_FLAGS);
    uint8_t b[64];
    fill_addr(b, sizeof(b), 1);
    vf_vertex_buffer_view vb = { b, sizeof(b), 4 };
    vf_index_buffer_view null_data = { NULL, 64, VF_FORMAT_R16_UINT };
    const vf_index_buffer_view *ibs[2] = { NULL, &null_data };
    for (int t = 0; t < 2; t++) {
        vf_draw_desc dd = indexed_desc(&vb, 1, ibs[t], VF_STRIP_CUT_VALUE_0xFFFF,
                                       VF_TOPOLOGY_TRIANGLESTRIP, 70, 1, 5, 3, 0);
        uint32_t *out = draw_words(layout, &dd, NULL);
        for (uint32_t i = 0; i < 70; i++) {
            expect_reg(out + i * 8, AW(1, 12), 0, 0, 1, "element", 0, i);
            expect_reg(out + i * 8 + 4, 0, 0, 0, 0, "sv", 0, i);
        }
        free(out);
    }
    vf_layout_destroy(layout);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Addressing and bounds                                                     */
/* ------------------------------------------------------------------------ */

/* Rules §6: in bounds iff offset + format size <= SizeInBytes; an element
 * straddling the end is out of bounds. Every size around every boundary. */
START_TEST(test_oob_boundaries)
{
    static const uint32_t offs[3] = { 0, 4, 8 };
    uint8_t buf[96];
    fill_addr(buf, sizeof(buf), 1);
    for (int o = 0; o < 3; o++) {
        vf_input_element_desc d[2] = {
            el("V", 0, VF_FORMAT_R32G32_UINT, 0, offs[o], VF_INPUT_PER_VERTEX_DATA, 0),
            el("I", 0, VF_FORMAT_R32G32_UINT, 1, offs[o], VF_INPUT_PER_INSTANCE_DATA, 1),
        };
        vf_layout *layout = make_layout(d, 2, 0);
        for (uint32_t size = 0; size <= 96; size++) {
            vf_vertex_buffer_view vbs[2] = { { buf, size, 12 }, { buf, size, 12 } };
            vf_draw_desc dd = draw_desc(vbs, 2, 8, 8, 0, 0);
            uint32_t *out = draw_words(layout, &dd, NULL);
            for (uint32_t j = 0; j < 8; j++)
                for (uint32_t i = 0; i < 8; i++) {
                    const uint32_t *rec = out + (j * 8 + i) * 8;
                    uint32_t av = i * 12 + offs[o], ai = j * 12 + offs[o];
                    if (av + 8 <= size)
                        expect_reg(rec, AW(1, av), AW(1, av + 4), 0, 1, "vertex in", j, i);
                    else
                        expect_reg(rec, 0, 0, 0, 1, "vertex out", j, i);
                    if (ai + 8 <= size)
                        expect_reg(rec + 4, AW(1, ai), AW(1, ai + 4), 0, 1, "instance in", j, i);
                    else
                        expect_reg(rec + 4, 0, 0, 0, 1, "instance out", j, i);
                }
            free(out);
        }
        vf_layout_destroy(layout);
    }
}
END_TEST

/* Rules §4.1, §5.1: BaseVertexLocation is added mod 2^32; a negative base
 * brings large indices back into range; addresses wrap mod 2^32. */
START_TEST(test_base_vertex_wrap)
{
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R32_UINT, 0, 4, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    vf_layout *layout = make_layout(d, 2, VF_SV_VERTEX_ID);
    uint8_t b[64];
    fill_addr(b, sizeof(b), 1);
    vf_vertex_buffer_view vb = { b, sizeof(b), 4 };
    uint32_t idx[8] = { 10, 11, 12, 13, 0x80000000u, 0x80000001u, 0, 0xffffffffu };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    static const int32_t bases[5] = { -10, INT_MIN, INT_MAX, -1, 0 };
    for (int t = 0; t < 5; t++) {
        vf_draw_desc dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 8, 1, 0,
                                       bases[t], 0);
        uint32_t *out = draw_words(layout, &dd, NULL);
        for (uint32_t i = 0; i < 8; i++) {
            uint32_t k = (uint32_t)bases[t] + idx[i];
            uint32_t a = k * 4, a4 = k * 4 + 4;
            const uint32_t *rec = out + i * 12;
            expect_reg(rec, (uint64_t)a + 4 <= 64 ? AW(1, a) : 0, 0, 0, 1, "A", 0, i);
            expect_reg(rec + 4, (uint64_t)a4 + 4 <= 64 ? AW(1, a4) : 0, 0, 0, 1, "B", 0, i);
            expect_reg(rec + 8, idx[i], 0, 0, 0, "sv", 0, i);
        }
        free(out);
    }
    /* Spot checks written out: */
    vf_draw_desc dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 8, 1, 0, -10, 0);
    uint32_t *out = draw_words(layout, &dd, NULL);
    expect_reg(out + 0 * 12, AW(1, 0), 0, 0, 1, "-10 + 10 = element 0", 0, 0);
    expect_reg(out + 3 * 12, AW(1, 12), 0, 0, 1, "-10 + 13 = element 3", 0, 3);
    expect_reg(out + 6 * 12, 0, 0, 0, 1, "-10 + 0 wraps below the view: out", 0, 6);
    free(out);
    dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 8, 1, 0, INT_MIN, 0);
    out = draw_words(layout, &dd, NULL);
    expect_reg(out + 4 * 12, AW(1, 0), 0, 0, 1, "INT_MIN + 0x80000000 = 0", 0, 4);
    free(out);
    dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 8, 1, 0, INT_MAX, 0);
    out = draw_words(layout, &dd, NULL);
    expect_reg(out + 5 * 12, AW(1, 0), 0, 0, 1, "INT_MAX + 0x80000001 = 0", 0, 5);
    free(out);
    /* k = 0xffffffff: A at 0xfffffffc is out; B at (0xfffffffc + 4) mod 2^32
     * = 0 is read (rules §4.1: the address is 32-bit). */
    dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 8, 1, 0, -1, 0);
    out = draw_words(layout, &dd, NULL);
    expect_reg(out + 6 * 12, 0, 0, 0, 1, "A at -1", 0, 6);
    expect_reg(out + 6 * 12 + 4, AW(1, 0), 0, 0, 1, "B at -1 wraps to 0", 0, 6);
    free(out);

    /* StartVertexLocation wraps too (DrawInstanced). */
    dd = draw_desc(&vb, 1, 4, 1, 0xfffffffeu, 0);
    out = draw_words(layout, &dd, NULL);
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t k = 0xfffffffeu + i, a = k * 4, a4 = a + 4;
        expect_reg(out + i * 12, (uint64_t)a + 4 <= 64 ? AW(1, a) : 0, 0, 0, 1, "A", 0, i);
        expect_reg(out + i * 12 + 4, (uint64_t)a4 + 4 <= 64 ? AW(1, a4) : 0, 0, 0, 1, "B", 0, i);
        expect_reg(out + i * 12 + 8, i, 0, 0, 0, "sv", 0, i);
    }
    expect_reg(out + 2 * 12, AW(1, 0), 0, 0, 1, "k wraps to 0", 0, 2);
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §5.2, §6: one batch of scattered indices mixing vertices inside the
 * view, indices far past it, strip cuts, and (second draw) a vertex with
 * one element inside and one past the end of the view. */
START_TEST(test_gather_mixed_batch)
{
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R32_UINT, 0, 16, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    vf_layout *layout = make_layout(d, 2, 0);
    uint8_t b[200];
    fill_addr(b, sizeof(b), 3);
    /* 10 vertices of 20 bytes; the view ends inside vertex 9: its A
     * (180..196) is inside, its B (196..200) is not. */
    vf_vertex_buffer_view vb = { b, 198, 20 };
    for (int with_partial = 0; with_partial < 2; with_partial++) {
        uint16_t idx[96];
        for (uint32_t i = 0; i < 96; i++) {
            uint32_t pick = (i * 7 + 3) % 12;
            idx[i] = pick == 10 ? 0xffffu : pick == 11 ? 40000u
                     : pick == 9 && !with_partial ? 4u : (uint16_t)pick;
        }
        vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
        vf_draw_desc dd = indexed_desc(&vb, 1, &ib, VF_STRIP_CUT_VALUE_0xFFFF,
                                       VF_TOPOLOGY_TRIANGLESTRIP, 96, 1, 0, 0, 0);
        uint32_t *out = draw_words(layout, &dd, NULL);
        for (uint32_t i = 0; i < 96; i++) {
            const uint32_t *rec = out + i * 8;
            uint32_t k = idx[i], a = k * 20;
            if (k == 0xffffu) {
                expect_reg(rec, 0, 0, 0, 0, "cut A", 0, i);
                expect_reg(rec + 4, 0, 0, 0, 0, "cut B", 0, i);
                continue;
            }
            int a_in = a + 16 <= 198, b_in = a + 20 <= 198;
            expect_reg(rec, a_in ? AW(3, a) : 0, a_in ? AW(3, a + 4) : 0, a_in ? AW(3, a + 8) : 0,
                       a_in ? AW(3, a + 12) : 0, "A", 0, i);
            expect_reg(rec + 4, b_in ? AW(3, a + 16) : 0, 0, 0, 1, "B", 0, i);
        }
        free(out);
    }
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §4.1: step rates 0..5 with StartInstanceLocation (wrapping too). */
START_TEST(test_step_rates)
{
    static const uint32_t starts[3] = { 0, 7, 0xfffffffeu };
    uint8_t b[256];
    fill_addr(b, sizeof(b), 4);
    for (uint32_t rate = 0; rate <= 5; rate++) {
        vf_input_element_desc d[2] = {
            el("V", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
            el("I", 0, VF_FORMAT_R32_UINT, 3, 0, VF_INPUT_PER_INSTANCE_DATA, rate),
        };
        vf_layout *layout = make_layout(d, 2, VF_SV_INSTANCE_ID);
        for (int s = 0; s < 3; s++) {
            vf_vertex_buffer_view vbs[4] = { { b, 256, 4 }, { 0 }, { 0 }, { b, 256, 4 } };
            vf_draw_desc dd = draw_desc(vbs, 4, 3, 13, 2, starts[s]);
            uint32_t *out = draw_words(layout, &dd, NULL);
            for (uint32_t j = 0; j < 13; j++) {
                uint32_t k = starts[s] + (rate ? j / rate : 0);
                uint32_t a = k * 4;
                for (uint32_t i = 0; i < 3; i++) {
                    const uint32_t *rec = out + (j * 3 + i) * 12;
                    expect_reg(rec, AW(4, (2 + i) * 4), 0, 0, 1, "vertex", j, i);
                    expect_reg(rec + 4, (uint64_t)a + 4 <= 256 ? AW(4, a) : 0, 0, 0, 1,
                               "instance", j, i);
                    expect_reg(rec + 8, 0, j, 0, 0, "sv", j, i);
                }
            }
            free(out);
        }
        vf_layout_destroy(layout);
    }
}
END_TEST

/* Rules §5.1: index bytes past the view (or straddling its end) read 0, an
 * ordinary index; the byte offset is (start + i) * size mod 2^32. */
START_TEST(test_index_oob)
{
    vf_input_element_desc d = el("A", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    vf_layout *layout = make_layout(&d, 1, VF_SV_VERTEX_ID | VF_SV_FLAGS);
    uint8_t b[64];
    fill_addr(b, sizeof(b), 1);
    vf_vertex_buffer_view vb = { b, sizeof(b), 4 };
    uint8_t raw[12];
    for (int i = 0; i < 12; i++)
        raw[i] = (uint8_t)(i + 1);
    for (int isz = 2; isz <= 4; isz += 2) {
        for (uint32_t size = 0; size <= 12; size++) {
            vf_index_buffer_view ib = { raw, size,
                                        isz == 2 ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT };
            /* Strip with the cut enabled: a 0 read past the end is no cut. */
            uint32_t cut = isz == 2 ? VF_STRIP_CUT_VALUE_0xFFFF : VF_STRIP_CUT_VALUE_0xFFFFFFFF;
            vf_draw_desc dd = indexed_desc(&vb, 1, &ib, cut, VF_TOPOLOGY_LINESTRIP, 8, 1, 1, 2, 0);
            uint32_t *out = draw_words(layout, &dd, NULL);
            for (uint32_t i = 0; i < 8; i++) {
                uint32_t byte = (1 + i) * (uint32_t)isz, index = 0;
                if (byte + (uint32_t)isz <= size)
                    for (int c = isz - 1; c >= 0; c--)
                        index = index << 8 | raw[byte + (uint32_t)c];
                uint32_t a = (2 + index) * 4;
                expect_reg(out + i * 8, (uint64_t)a + 4 <= 64 ? AW(1, a) : 0, 0, 0, 1, "A", 0, i);
                expect_reg(out + i * 8 + 4, index, 0, 0, 0, "sv", 0, i);
            }
            free(out);
        }
    }
    /* StartIndexLocation 0x80000000 with 16-bit indices: byte offset wraps to 0. */
    uint16_t idx16[2] = { 3, 4 };
    vf_index_buffer_view ib = { idx16, 4, VF_FORMAT_R16_UINT };
    vf_draw_desc dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_POINTLIST, 3, 1, 0x80000000u, 0, 0);
    uint32_t *out = draw_words(layout, &dd, NULL);
    expect_reg(out + 4, 3, 0, 0, 0, "wrapped index 0", 0, 0);
    expect_reg(out + 12, 4, 0, 0, 0, "wrapped index 1", 0, 1);
    expect_reg(out + 20, 0, 0, 0, 0, "index 2 past the view", 0, 2);
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §5.2: cuts only in strip topologies with the cut enabled; a cut
 * record is all zero but the flag; elsewhere the value is an ordinary index. */
START_TEST(test_strip_cut)
{
    static const uint32_t topos[9] = { 1, 2, 3, 4, 5, 10, 11, 12, 13 };
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R32_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_layout *with_flags = make_layout(d, 2, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS);
    vf_layout *no_flags = make_layout(d, 2, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID);
    uint8_t b[64];
    fill_addr(b, sizeof(b), 1);
    vf_vertex_buffer_view vbs[2] = { { b, sizeof(b), 4 }, { b, sizeof(b), 4 } };
    uint16_t i16[8] = { 0, 1, 0xffff, 2, 3, 0xffff, 0xffff, 4 };
    uint32_t i32[8] = { 0, 1, 0xffffffffu, 2, 3, 0xffffffffu, 0xffffffffu, 0xffff };
    for (int isz = 2; isz <= 4; isz += 2) {
        vf_index_buffer_view ib = { isz == 2 ? (const void *)i16 : (const void *)i32,
                                    isz == 2 ? sizeof(i16) : sizeof(i32),
                                    isz == 2 ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT };
        uint32_t cutv = isz == 2 ? 0xffffu : 0xffffffffu;
        for (int t = 0; t < 9; t++)
            for (uint32_t cv = 0; cv <= 2; cv++) {
                if (cv != 0 && cv != (isz == 2 ? 1u : 2u))
                    continue;
                for (int fl = 0; fl < 2; fl++) {
                    vf_layout *layout = fl ? with_flags : no_flags;
                    /* base 1: a 32-bit 0xffffffff that is no cut reads element 0. */
                    vf_draw_desc dd = indexed_desc(vbs, 2, &ib, cv, topos[t], 8, 2, 0, 1, 0);
                    uint32_t *out = draw_words(layout, &dd, NULL);
                    for (uint32_t j = 0; j < 2; j++)
                        for (uint32_t i = 0; i < 8; i++) {
                            uint32_t index = isz == 2 ? i16[i] : i32[i];
                            const uint32_t *rec = out + (j * 8 + i) * 12;
                            if (ia_ref_is_strip(topos[t]) && cv != 0 && index == cutv) {
                                expect_reg(rec, 0, 0, 0, 0, "cut A", j, i);
                                expect_reg(rec + 4, 0, 0, 0, 0, "cut B", j, i);
                                expect_reg(rec + 8, 0, 0, fl ? VF_FLAG_STRIP_CUT : 0, 0, "cut sv",
                                           j, i);
                                continue;
                            }
                            uint32_t a = (1 + index) * 4;
                            expect_reg(rec, (uint64_t)a + 4 <= 64 ? AW(1, a) : 0, 0, 0, 1, "A",
                                       j, i);
                            expect_reg(rec + 4, AW(1, j * 4), 0, 0, 1, "B", j, i);
                            expect_reg(rec + 8, index, j, 0, 0, "sv", j, i);
                        }
                    free(out);
                }
            }
    }
    vf_layout_destroy(with_flags);
    vf_layout_destroy(no_flags);
}
END_TEST

/* Mappings route the fetched value, FORCE_VALUE_1 is 1 or 1.0f by the
 * format's type; per-vertex, per-instance, out-of-bounds and unbound. */
START_TEST(test_mappings)
{
    vf_input_element_desc d[4] = {
        el("A", 0, VF_FORMAT_R8G8B8A8_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R32G32B32_FLOAT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
        el("C", 0, VF_FORMAT_R16G16_SINT, 2, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("D", 0, VF_FORMAT_R32_FLOAT, 3, 0, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    uint32_t maps[4] = {
        VF_ENCODE_COMPONENT_MAPPING(3, 2, 1, 0),
        VF_ENCODE_COMPONENT_MAPPING(0, 5, 4, 3),
        VF_ENCODE_COMPONENT_MAPPING(5, 1, 3, 4),
        VF_ENCODE_COMPONENT_MAPPING(4, 5, 0, 3),
    };
    vf_layout *layout = make_layout_full(d, 4, maps, 0, VF_OUTPUT_AOS, NULL, 0);
    uint8_t a[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    float f[3] = { 2.5f, 3.5f, 4.5f };
    int16_t s[2] = { -3, 9 };
    /* C in bounds for vertex 0 only; D unbound. */
    vf_vertex_buffer_view vbs[3] = { { a, 8, 4 }, { f, 12, 12 }, { s, 4, 4 } };
    vf_draw_desc dd = draw_desc(vbs, 3, 2, 1, 0, 0);
    uint32_t *out = draw_words(layout, &dd, NULL);
    expect_reg(out, 4, 3, 2, 1, "A0", 0, 0);
    expect_reg(out + 16, 8, 7, 6, 5, "A1", 0, 1);
    for (uint32_t i = 0; i < 2; i++)
        expect_reg(out + i * 16 + 4, vf_test_f2u(2.5f), F1, 0, F1, "B", 0, i);
    expect_reg(out + 8, 1, 9, 1, 0, "C in", 0, 0);
    expect_reg(out + 16 + 8, 1, 0, 1, 0, "C out", 0, 1);
    for (uint32_t i = 0; i < 2; i++)
        expect_reg(out + i * 16 + 12, 0, F1, 0, 0, "D unbound", 0, i);
    free(out);
    /* The same through the gather path (indexed, scattered indices). */
    uint16_t idx[4] = { 1, 0, 1, 1 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    dd = indexed_desc(vbs, 3, &ib, 0, VF_TOPOLOGY_POINTLIST, 4, 1, 0, 0, 0);
    out = draw_words(layout, &dd, NULL);
    for (uint32_t i = 0; i < 4; i++) {
        if (idx[i])
            expect_reg(out + i * 16, 8, 7, 6, 5, "A gather", 0, i);
        else
            expect_reg(out + i * 16, 4, 3, 2, 1, "A gather", 0, i);
        if (idx[i])
            expect_reg(out + i * 16 + 8, 1, 0, 1, 0, "C gather", 0, i);
        else
            expect_reg(out + i * 16 + 8, 1, 9, 1, 0, "C gather", 0, i);
    }
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* A signature orders registers by v# and asks for SV_VertexID /
 * SV_InstanceID in .x of their own registers; unread elements are skipped. */
START_TEST(test_signature_records)
{
    vf_input_element_desc d[3] = {
        el("POSITION", 0, VF_FORMAT_R32G32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("UNUSED", 0, VF_FORMAT_R32_UINT, 0, 8, VF_INPUT_PER_VERTEX_DATA, 0),
        el("COLOR", 1, VF_FORMAT_R32_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_signature_element sig[4] = {
        { "position", 0, 4, 0x3, VF_REGISTER_COMPONENT_UINT32 },
        { "SV_VertexID", 0, 1, 0x1, VF_REGISTER_COMPONENT_UINT32 },
        { "COLOR", 1, 0, 0x1, VF_REGISTER_COMPONENT_UINT32 },
        { "SV_InstanceID", 0, 2, 0x1, VF_REGISTER_COMPONENT_UINT32 },
    };
    vf_layout *layout = make_layout_full(d, 3, NULL, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID,
                                         VF_OUTPUT_AOS, sig, 4);
    ck_assert_uint_eq(vf_layout_record_size(layout), 5 * 16);
    uint8_t b0[120], b1[16];
    fill_addr(b0, sizeof(b0), 1);
    fill_addr(b1, sizeof(b1), 2);
    vf_vertex_buffer_view vbs[2] = { { b0, sizeof(b0), 12 }, { b1, sizeof(b1), 4 } };
    uint16_t idx[5] = { 4, 9, 2, 0xffff, 1 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_draw_desc dd = indexed_desc(vbs, 2, &ib, 1, VF_TOPOLOGY_TRIANGLESTRIP, 5, 3, 0, 0, 1);
    uint32_t *out = draw_words(layout, &dd, NULL);
    for (uint32_t j = 0; j < 3; j++)
        for (uint32_t i = 0; i < 5; i++) {
            const uint32_t *rec = out + (j * 5 + i) * 20;
            if (idx[i] == 0xffff) {
                for (int w = 0; w < 20; w++)
                    if (rec[w] != 0)
                        ck_abort_msg("cut record word %d: %08x", w, rec[w]);
                continue;
            }
            uint32_t a = idx[i] * 12u, ai = (1 + j) * 4;
            expect_reg(rec, ai + 4 <= 16 ? AW(2, ai) : 0, 0, 0, 1, "v0 COLOR1", j, i);
            expect_reg(rec + 4, idx[i], 0, 0, 0, "v1 SV_VertexID", j, i);
            expect_reg(rec + 8, j, 0, 0, 0, "v2 SV_InstanceID", j, i);
            if (a + 8 <= 120)
                expect_reg(rec + 12, AW(1, a), AW(1, a + 4), 0, 1, "v4 POSITION", j, i);
            else
                expect_reg(rec + 12, 0, 0, 0, 1, "v4 POSITION", j, i);
            expect_reg(rec + 16, idx[i], j, 0, 0, "system", j, i);
        }
    free(out);

    /* A list (no cuts) over more instances, indexed and not: instances
     * after the first are built from the one before, so every
     * per-instance register and SV_InstanceID must still be its own
     * (instances 3 and on read past the per-instance view). */
    uint16_t list_idx[5] = { 4, 9, 2, 3, 1 };
    vf_index_buffer_view list_ib = { list_idx, sizeof(list_idx), VF_FORMAT_R16_UINT };
    for (int indexed = 0; indexed < 2; indexed++) {
        dd = indexed ? indexed_desc(vbs, 2, &list_ib, 0, VF_TOPOLOGY_TRIANGLELIST, 5, 6, 0, 0, 1)
                     : draw_desc(vbs, 2, 5, 6, 3, 1);
        out = draw_words(layout, &dd, NULL);
        for (uint32_t j = 0; j < 6; j++)
            for (uint32_t i = 0; i < 5; i++) {
                const uint32_t *rec = out + (j * 5 + i) * 20;
                uint32_t vid = indexed ? list_idx[i] : i;
                uint32_t k = indexed ? list_idx[i] : 3 + i;
                uint32_t a = k * 12u, ai = (1 + j) * 4;
                expect_reg(rec, ai + 4 <= 16 ? AW(2, ai) : 0, 0, 0, 1, "list v0 COLOR1", j, i);
                expect_reg(rec + 4, vid, 0, 0, 0, "list v1 SV_VertexID", j, i);
                expect_reg(rec + 8, j, 0, 0, 0, "list v2 SV_InstanceID", j, i);
                if (a + 8 <= 120)
                    expect_reg(rec + 12, AW(1, a), AW(1, a + 4), 0, 1, "list v4 POSITION", j, i);
                else
                    expect_reg(rec + 12, 0, 0, 0, 1, "list v4 POSITION", j, i);
                expect_reg(rec + 16, vid, j, 0, 0, "list system", j, i);
            }
        free(out);
    }
    vf_layout_destroy(layout);
}
END_TEST

/* Index buffers that are sequential but for one index, at every place in
 * a batch (the first block, the vectors after it, the last indices past
 * the vectors), against the reference: a batch is only read as
 * consecutive elements when every index is. */
START_TEST(test_index_patterns)
{
    static const uint32_t places[7] = { 0, 1, 2, 31, 63, 64, 127 };
    static const uint32_t deltas[6] = { 1, 0xffffffffu, 2, 64, 0x10000u, 0x80000000u };
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R16G16_UINT, 0, 16, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    vf_layout *layout = make_layout(d, 2, VF_SV_VERTEX_ID);
    size_t bytes = 20 * 700;
    uint8_t *b = xalloc(bytes);
    fill_addr(b, bytes, 1);
    vf_vertex_buffer_view vb = { b, (uint32_t)bytes, 20 };
    uint32_t idx[128];
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    for (int start = 0; start < 4; start++)
        for (int p = 0; p < 7; p++)
            for (int dl = 0; dl < 6; dl++) {
                uint32_t count = start < 2 ? 128 : 125; /* 125: five past the vectors */
                for (uint32_t i = 0; i < 128; i++)
                    idx[i] = (start & 1 ? 500u : 3u) + i;
                idx[places[p] < count ? places[p] : count - 1] += deltas[dl];
                vf_draw_desc dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_POINTLIST, count, 1,
                                               0, start & 1 ? -300 : 0, 0);
                ia_ref r;
                ia_ref_init_descs(&r, d, 2, NULL, VF_SV_VERTEX_ID, &dd);
                uint32_t *want = ia_ref_aos(&r);
                size_t words;
                uint32_t *got = draw_words(layout, &dd, &words);
                expect_same(got, want, words, "index pattern");
                free(got);
                free(want);
            }
    free(b);
    vf_layout_destroy(layout);
}
END_TEST

/* An SoA range that stops inside a batch before the end of the draw: the
 * lanes past the range are zero and flagged inactive (vfetch.h). */
START_TEST(test_soa_partial_range)
{
    vf_input_element_desc d = el("A", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    vf_layout *layout = make_layout_full(&d, 1, NULL, VF_SV_VERTEX_ID | VF_SV_FLAGS,
                                         VF_OUTPUT_SOA4, NULL, 0);
    uint8_t b[64];
    fill_addr(b, sizeof(b), 1);
    vf_vertex_buffer_view vb = { b, sizeof(b), 4 };
    vf_draw_desc dd = draw_desc(&vb, 1, 10, 1, 0, 0);
    _Alignas(16) uint32_t out[32];
    memset(out, 0xCD, sizeof(out));
    ck_assert_int_eq(vf_fetch_range(layout, &dd, 0, 4, 2, out, sizeof(out)), VF_OK);
    /* word (r * 4 + c) * 4 + lane; register 0 = A, register 1 = system. */
    static const uint32_t want[32] = {
        AW(1, 16), AW(1, 20), 0, 0, /* A.x */
        0, 0, 0, 0,                 /* A.y */
        0, 0, 0, 0,                 /* A.z */
        1, 1, 0, 0,                 /* A.w */
        4, 5, 0, 0,                 /* SV_VertexID */
        0, 0, 0, 0,                 /* SV_InstanceID (not requested) */
        0, 0, VF_FLAG_INACTIVE, VF_FLAG_INACTIVE,
        0, 0, 0, 0,
    };
    expect_same(out, want, 32, "partial SoA range");
    vf_layout_destroy(layout);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Validation                                                                */
/* ------------------------------------------------------------------------ */

/* vf_draw (and, with `range`, vf_fetch_range of the first vertex) fails
 * with `want` and writes nothing. */
static void expect_error_r(const vf_layout *layout, const vf_draw_desc *d, vf_result want,
                           int range)
{
    uint8_t out[4096 + 16];
    uint8_t *o = out + (16 - ((uintptr_t)out & 15)) % 16;
    memset(o, 0xCD, 4096);
    vf_result res = vf_draw(layout, d, o, 4096);
    ck_assert_msg(res == want, "vf_draw gave %d, want %d", (int)res, (int)want);
    for (int i = 0; i < 4096; i++)
        if (o[i] != 0xCD)
            ck_abort_msg("byte %d written on error", i);
    if (range && d && layout && d->instance_count > 0 && d->vertex_count_per_instance > 0) {
        res = vf_fetch_range(layout, d, 0, 0, 1, o, 4096);
        ck_assert_msg(res == want, "vf_fetch_range gave %d, want %d", (int)res, (int)want);
        for (int i = 0; i < 4096; i++)
            if (o[i] != 0xCD)
                ck_abort_msg("byte %d written on error", i);
    }
}

static void expect_error(const vf_layout *layout, const vf_draw_desc *d, vf_result want)
{
    expect_error_r(layout, d, want, 1);
}

START_TEST(test_validation)
{
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R16G16_UNORM, 2, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_layout *layout = make_layout(d, 2, VF_SV_FLAGS);
    uint8_t b[256] = { 0 };
    vf_vertex_buffer_view vbs[33];
    for (int i = 0; i < 33; i++)
        vbs[i] = (vf_vertex_buffer_view){ b, sizeof(b), 12 };
    vbs[2].stride_in_bytes = 4;
    uint16_t idx[4] = { 0 };
    vf_index_buffer_view ib16 = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_index_buffer_view ib32 = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    vf_draw_desc ok = indexed_desc(vbs, 3, &ib16, 1, VF_TOPOLOGY_TRIANGLESTRIP, 4, 2, 0, 0, 0);
    vf_draw_desc dd;

    /* The baseline is valid. */
    size_t size;
    ck_assert_int_eq(vf_draw_output_size(layout, 4, 2, &size), VF_OK);
    ck_assert_uint_eq(size, 4 * 2 * 48);
    uint32_t *out = xalloc(size);
    ck_assert_int_eq(vf_draw(layout, &ok, out, size), VF_OK);
    ck_assert_int_eq(vf_draw(layout, &ok, out, size - 1), VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_draw(layout, &ok, (uint8_t *)out + 4, size), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_draw(layout, &ok, NULL, size), VF_ERROR_NULL_POINTER);
    free(out);

    expect_error(NULL, &ok, VF_ERROR_NULL_POINTER);
    expect_error(layout, NULL, VF_ERROR_NULL_POINTER);
    dd = ok;
    dd.struct_size--;
    expect_error(layout, &dd, VF_ERROR_INVALID_ARGUMENT);
    dd = ok;
    dd.num_vertex_buffers = 33;
    expect_error(layout, &dd, VF_ERROR_TOO_MANY_BUFFERS);
    dd = ok;
    dd.vertex_buffers = NULL;
    expect_error(layout, &dd, VF_ERROR_NULL_POINTER);
    dd = ok;
    dd.strip_cut_value = 3;
    expect_error(layout, &dd, VF_ERROR_INVALID_STRIP_CUT_VALUE);
    static const uint32_t bad_topos[7] = { 0, 6, 9, 14, 32, 65, 0xffffffffu };
    for (int t = 0; t < 7; t++) {
        dd = ok;
        dd.primitive_topology = bad_topos[t];
        expect_error(layout, &dd, VF_ERROR_INVALID_TOPOLOGY);
    }
    static const vf_format bad_ib[4] = { VF_FORMAT_UNKNOWN, VF_FORMAT_R8_UINT, VF_FORMAT_R16_SINT,
                                         VF_FORMAT_R32_FLOAT };
    for (int t = 0; t < 4; t++) {
        vf_index_buffer_view bad = { idx, sizeof(idx), bad_ib[t] };
        dd = ok;
        dd.index_buffer = &bad;
        expect_error(layout, &dd, VF_ERROR_INVALID_INDEX_FORMAT);
    }
    dd = ok;
    dd.index_buffer = &ib32; /* cut 0xFFFF with 32-bit indices */
    expect_error(layout, &dd, VF_ERROR_STRIP_CUT_MISMATCH);
    dd = ok;
    dd.strip_cut_value = 2; /* cut 0xFFFFFFFF with 16-bit indices */
    expect_error(layout, &dd, VF_ERROR_STRIP_CUT_MISMATCH);
    /* Stride rules, for used and bound slots only. */
    vbs[0].stride_in_bytes = 2052;
    expect_error(layout, &ok, VF_ERROR_STRIDE_TOO_LARGE);
    vbs[0].stride_in_bytes = 14;
    expect_error(layout, &ok, VF_ERROR_MISALIGNED_STRIDE);
    vbs[0].stride_in_bytes = 12;
    vbs[2].stride_in_bytes = 6;
    expect_error(layout, &ok, VF_ERROR_MISALIGNED_STRIDE);
    vbs[2].stride_in_bytes = 2048; /* largest legal */
    vbs[1].stride_in_bytes = 3;    /* slot 1 is not used */
    vbs[3].stride_in_bytes = 9999; /* nor slot 3 */
    out = xalloc(size);
    ck_assert_int_eq(vf_draw(layout, &ok, out, size), VF_OK);
    vbs[0].data = NULL; /* an unbound slot's stride is not checked */
    vbs[0].stride_in_bytes = 7;
    ck_assert_int_eq(vf_draw(layout, &ok, out, size), VF_OK);
    vbs[0] = (vf_vertex_buffer_view){ b, sizeof(b), 12 };
    free(out);

    /* Zero vertices or instances: OK, nothing written, NULL output fine. */
    dd = ok;
    dd.vertex_count_per_instance = 0;
    ck_assert_int_eq(vf_draw(layout, &dd, NULL, 0), VF_OK);
    expect_error(layout, &dd, VF_OK);
    dd = ok;
    dd.instance_count = 0;
    ck_assert_int_eq(vf_draw(layout, &dd, NULL, 0), VF_OK);

    /* Sizes that overflow. */
    ck_assert_int_eq(vf_draw_output_size(layout, 0xffffffffu, 0xffffffffu, &size),
                     SIZE_MAX / 48 < 0xfffffffe00000001ull ? VF_ERROR_OVERFLOW : VF_OK);
    dd = ok;
    dd.vertex_count_per_instance = 0xffffffffu;
    dd.instance_count = 0xffffffffu;
    expect_error_r(layout, &dd, SIZE_MAX / 48 < 0xfffffffe00000001ull ? VF_ERROR_OVERFLOW : VF_OK,
                   0);
    ck_assert_int_eq(vf_draw_output_size(NULL, 1, 1, &size), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_output_size(layout, 1, 1, NULL), VF_ERROR_NULL_POINTER);

    /* Ranges outside the draw. */
    _Alignas(16) uint32_t small[64];
    ck_assert_int_eq(vf_fetch_range(layout, &ok, 2, 0, 1, small, sizeof(small)),
                     VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &ok, 1, 3, 2, small, sizeof(small)),
                     VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &ok, 1, 0xffffffffu, 2, small, sizeof(small)),
                     VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &ok, 1, 3, 1, small, 47), VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_fetch_range(layout, &ok, 1, 4, 0, NULL, 0), VF_OK);

    /* Non-indexed draws ignore the index buffer but still check the rest. */
    dd = draw_desc(vbs, 3, 4, 1, 0, 0);
    dd.index_buffer = &(vf_index_buffer_view){ idx, 8, VF_FORMAT_R8_UINT };
    out = xalloc(4 * 48);
    ck_assert_int_eq(vf_draw(layout, &dd, out, 4 * 48), VF_OK);
    free(out);
    vf_layout_destroy(layout);

    /* SoA ranges start at a multiple of the lane count. */
    vf_layout *soa = make_layout_full(d, 2, NULL, 0, VF_OUTPUT_SOA8, NULL, 0);
    dd = draw_desc(vbs, 3, 20, 1, 0, 0);
    uint32_t *o = xalloc(2 * 8 * 32);
    ck_assert_int_eq(vf_fetch_range(soa, &dd, 0, 4, 4, o, 2 * 8 * 32), VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(soa, &dd, 0, 8, 12, o, 2 * 8 * 32), VF_OK);
    ck_assert_int_eq(vf_fetch_range(soa, &dd, 0, 8, 12, o, 2 * 8 * 32 - 1),
                     VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_draw_output_size(soa, 20, 3, &size), VF_OK);
    ck_assert_uint_eq(size, 3 * 3 * 8 * 32);
    free(o);
    vf_layout_destroy(soa);

    vf_thread_pool *pool = NULL;
    ck_assert_int_eq(vf_thread_pool_create(0, &pool), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_thread_pool_create(257, &pool), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_thread_pool_create(2, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_ptr_null(pool);
    vf_thread_pool_destroy(NULL);
}

static Suite *draw_rules_suite(void)
{
    Suite *s = suite_create("draw_rules");
    TCase *tc = tcase_create("native");
    tcase_add_test(tc, test_vertex_id);
    tcase_add_test(tc, test_instance_id);
    tcase_add_test(tc, test_vbv_stride_edge_cases);
    tcase_add_test(tc, test_null_vbv);
    tcase_add_test(tc, test_zero_stride);
    tcase_add_test(tc, test_no_index_buffer);
    suite_add_tcase(s, tc);

    tc = tcase_create("addressing");
    tcase_add_test(tc, test_oob_boundaries);
    tcase_add_test(tc, test_base_vertex_wrap);
    tcase_add_test(tc, test_gather_mixed_batch);
    tcase_add_test(tc, test_step_rates);
    tcase_add_test(tc, test_index_oob);
    tcase_add_test(tc, test_index_patterns);
    tcase_add_test(tc, test_soa_partial_range);
    tcase_add_test(tc, test_strip_cut);
    tcase_add_test(tc, test_mappings);
    tcase_add_test(tc, test_signature_records);
    tcase_add_test(tc, test_validation);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(draw_rules_suite());
}
