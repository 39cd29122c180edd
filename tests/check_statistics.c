/*
 * check_statistics.c - pipeline statistics (lib/statistics.c).
 *
 * Expected figures come from the spec's own examples (D3D11.3 functional
 * spec 20.4.7, written out below), from small cases worked by hand, and
 * from tests/ref/stats_ref.c, which counts them from the reference
 * primitive list: exhaustively over short index streams with cuts in
 * every topology (D3D12 and D3D11 cuts), and over large random draws.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "prim_ref.h"
#include "stats_ref.h"
#include "test_util.h"
#include "vfetch.h"
#include "vfetch_d3d11.h"

/* A condition checked without Check's per-assertion bookkeeping, which
 * would dominate the exhaustive loops. */
#define REQ(cond) \
    do { \
        if (!(cond)) \
            ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #cond); \
    } while (0)

#define REQ_EQ(a, b) REQ((a) == (b))
#define REQ_NONNULL(p) REQ((p) != NULL)

/* Every topology vf_draw accepts. */
static uint32_t all_topologies(uint32_t *t)
{
    uint32_t n = 0;
    for (uint32_t v = 1; v <= 5; v++)
        t[n++] = v;
    for (uint32_t v = 10; v <= 13; v++)
        t[n++] = v;
    for (uint32_t v = 33; v <= 64; v++)
        t[n++] = v;
    return n;
}

static vf_draw_desc make_desc(uint32_t topology, const vf_index_buffer_view *ib, uint32_t cut,
                              uint32_t count, uint32_t instances)
{
    vf_draw_desc d;
    vf_draw_desc_init(&d);
    d.indexed = ib != NULL;
    d.index_buffer = ib;
    d.strip_cut_value = cut;
    d.primitive_topology = topology;
    d.vertex_count_per_instance = count;
    d.instance_count = instances;
    return d;
}

static void expect_stats(const vf_pipeline_statistics *got, const vf_pipeline_statistics *want,
                         const char *what, uint32_t topology, uint32_t n)
{
    if (memcmp(got, want, sizeof(*got)) != 0)
        ck_abort_msg("%s, topology %u, %u positions: IAVertices %llu (min %llu), IAPrimitives "
                     "%llu, VSInvocations [%llu, %llu]; want %llu (min %llu), %llu, [%llu, %llu]",
                     what, topology, n, (unsigned long long)got->ia_vertices,
                     (unsigned long long)got->ia_vertices_min,
                     (unsigned long long)got->ia_primitives,
                     (unsigned long long)got->vs_invocations_min,
                     (unsigned long long)got->vs_invocations_max,
                     (unsigned long long)want->ia_vertices,
                     (unsigned long long)want->ia_vertices_min,
                     (unsigned long long)want->ia_primitives,
                     (unsigned long long)want->vs_invocations_min,
                     (unsigned long long)want->vs_invocations_max);
}

/* vf_draw_statistics on `d` (with the scratch it asks for) against the
 * reference with D3D12's cuts. */
static void check_d3d12(const vf_draw_desc *d)
{
    uint32_t n = d->vertex_count_per_instance;
    uint8_t *cut = malloc(n ? n : 1);
    REQ_NONNULL(cut);
    prim_ref_cuts(d, cut);
    vf_pipeline_statistics want, got;
    stats_ref(d, cut, &want);
    free(cut);
    size_t bytes = 1;
    REQ_EQ(vf_draw_statistics_scratch_size(d, &bytes), VF_OK);
    uint64_t *scratch = bytes ? malloc(bytes) : NULL;
    REQ(bytes == 0 || scratch != NULL);
    memset(&got, 0xcd, sizeof(got));
    REQ_EQ(vf_draw_statistics(d, scratch, bytes, &got), VF_OK);
    expect_stats(&got, &want, "D3D12", d->primitive_topology, n);
    free(scratch);
}

/* ------------------------------------------------------------------------ */
/* The spec's examples and hand-worked cases                                */
/* ------------------------------------------------------------------------ */

static vf_pipeline_statistics figures(uint64_t v, uint64_t vmin, uint64_t p, uint64_t lo,
                                      uint64_t hi)
{
    vf_pipeline_statistics s = { v, vmin, p, lo, hi };
    return s;
}

static void expect_draw(const vf_draw_desc *d, vf_pipeline_statistics want, const char *what)
{
    vf_pipeline_statistics got;
    ck_assert_int_eq(vf_draw_statistics(d, NULL, 0, &got), VF_OK);
    expect_stats(&got, &want, what, d->primitive_topology, d->vertex_count_per_instance);
}

/* 20.4.7: "Draw Indexed Tri Strip of 4 prims (with all indices the same
 * value): valid IAVertices only 6, valid IAPrimitives only 4, valid
 * VSInvocations 1 - 12", the list 12, 4, 1 - 12; not indexed, the strip
 * 6, 4, 6 - 12 and the list 12, 4, only 12. */
START_TEST(test_spec_examples)
{
    const uint16_t same[12] = { 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7 };
    vf_index_buffer_view ib = { same, sizeof(same), VF_FORMAT_R16_UINT };
    vf_draw_desc d = make_desc(VF_TOPOLOGY_TRIANGLESTRIP, &ib, 0, 6, 1);
    expect_draw(&d, figures(6, 6, 4, 1, 12), "indexed strip");
    d = make_desc(VF_TOPOLOGY_TRIANGLELIST, &ib, 0, 12, 1);
    expect_draw(&d, figures(12, 12, 4, 1, 12), "indexed list");
    d = make_desc(VF_TOPOLOGY_TRIANGLESTRIP, NULL, 0, 6, 1);
    expect_draw(&d, figures(6, 6, 4, 6, 12), "strip");
    d = make_desc(VF_TOPOLOGY_TRIANGLELIST, NULL, 0, 12, 1);
    expect_draw(&d, figures(12, 12, 4, 12, 12), "list");
    /* Three instances: every figure three times. */
    d = make_desc(VF_TOPOLOGY_TRIANGLESTRIP, &ib, 0, 6, 3);
    expect_draw(&d, figures(18, 18, 12, 3, 36), "instanced strip");
    d.instance_count = 0;
    expect_draw(&d, figures(0, 0, 0, 0, 0), "no instance");
}
END_TEST

/* By hand: a strip 2 3 4 5 CUT 6 7 8 CUT 9 (README's example): the cut
 * positions are no vertex (8 vertices), triangles (2 3 4) (3 4 5) (6 7 8),
 * distinct used indices 2..8 (7), position 9 alone shaded only late: no
 * cache 3 * 3 + 1. A list of 5 (8.13): one triangle, 2 trailing vertices. */
START_TEST(test_worked_cuts)
{
    const uint16_t idx[10] = { 2, 3, 4, 5, 0xffff, 6, 7, 8, 0xffff, 9 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_draw_desc d = make_desc(VF_TOPOLOGY_TRIANGLESTRIP, &ib, VF_STRIP_CUT_VALUE_0xFFFF, 10, 1);
    expect_draw(&d, figures(8, 7, 3, 7, 10), "strip with cuts");
    /* No cut value: 0xFFFF is an index like any other. */
    d.strip_cut_value = VF_STRIP_CUT_VALUE_DISABLED;
    expect_draw(&d, figures(10, 10, 8, 9, 24), "strip without cuts");
    d = make_desc(VF_TOPOLOGY_TRIANGLELIST, NULL, 0, 5, 2);
    expect_draw(&d, figures(10, 6, 2, 6, 10), "list of 5");
    /* Triangle strip with adjacency of 7: one triangle of 6, the dangling
     * odd vertex (13.10); line strip with adjacency of 5: two lines of 4. */
    d = make_desc(VF_TOPOLOGY_TRIANGLESTRIP_ADJ, NULL, 0, 7, 1);
    expect_draw(&d, figures(7, 6, 1, 6, 7), "triangle strip adjacency");
    d = make_desc(VF_TOPOLOGY_LINESTRIP_ADJ, NULL, 0, 5, 1);
    expect_draw(&d, figures(5, 5, 2, 5, 8), "line strip adjacency");
    /* A 3-point patch list of 7 and a point list. */
    d = make_desc(VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST + 2, NULL, 0, 7, 1);
    expect_draw(&d, figures(7, 6, 2, 6, 7), "patch list");
    d = make_desc(VF_TOPOLOGY_POINTLIST, &ib, 0, 10, 1);
    expect_draw(&d, figures(10, 10, 10, 9, 10), "indexed points");
    /* Indexed without index data: every index reads 0, one vertex. */
    d = make_desc(VF_TOPOLOGY_TRIANGLELIST, NULL, 0, 9, 1);
    d.indexed = 1;
    expect_draw(&d, figures(9, 9, 3, 1, 9), "no index buffer");
    /* Positions past the view read index 0: 2, 3, then 0, 0 -> 3 distinct. */
    vf_index_buffer_view short_ib = { idx, 4, VF_FORMAT_R16_UINT };
    d = make_desc(VF_TOPOLOGY_LINELIST, &short_ib, 0, 4, 1);
    expect_draw(&d, figures(4, 4, 2, 3, 4), "past the view");
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Exhaustive and random                                                     */
/* ------------------------------------------------------------------------ */

/* A D3D11 state at 11_0 with an index buffer of `bytes` bound. */
static vf_buffer *d3d11_state(vf_d3d11_ia_state *st, const void *bytes, uint32_t size,
                              vf_format fmt)
{
    vf_buffer_desc bd = { size ? size : 4, VF_USAGE_DEFAULT, VF_BIND_INDEX_BUFFER, 0, 0, 0 };
    uint8_t zero[4] = { 0 };
    vf_subresource_data init = { size ? bytes : zero, 0, 0 };
    vf_buffer *b = NULL;
    REQ_EQ(vf_d3d11_ia_state_init(st, VF_FEATURE_LEVEL_11_0), VF_OK);
    REQ_EQ(vf_buffer_create(&bd, &init, 0, &b, NULL), VF_OK);
    /* An empty stream: bind at the end of the buffer, an empty view. */
    REQ_EQ(vf_d3d11_ia_set_index_buffer(st, b, fmt, size ? 0 : 4, NULL), VF_OK);
    return b;
}

/* The D3D11 call for the index stream of `d` bound on `st`, against the
 * reference with D3D11's cuts (lists cut too). */
static void check_d3d11(vf_d3d11_ia_state *st, const vf_draw_desc *d)
{
    REQ_EQ(vf_d3d11_ia_set_primitive_topology(st, d->primitive_topology, NULL), VF_OK);
    uint32_t n = d->vertex_count_per_instance;
    uint8_t cut[8];
    prim_ref_cuts_d3d11(d, cut);
    vf_pipeline_statistics want, got;
    stats_ref(d, cut, &want);
    size_t bytes_needed = 1;
    REQ_EQ(vf_d3d11_draw_statistics_scratch_size(st, 1, n, 0, &bytes_needed), VF_OK);
    REQ_EQ(bytes_needed, 0);
    REQ_EQ(vf_d3d11_draw_statistics(st, 1, n, d->instance_count, 0, NULL, 0, &got),
                     VF_OK);
    expect_stats(&got, &want, "D3D11", d->primitive_topology, n);
}

/* Every stream of up to 7 indices over {0, 1, 2, cut}, in every topology
 * but the patch lists of more than 8 points, which streams of 7 cannot
 * fill (64 stands for them), 16- and 32-bit, with D3D12's and D3D11's
 * cuts, with the cut value disabled, and not indexed. */
START_TEST(test_exhaustive_short_streams)
{
    const uint32_t topo[] = { 1, 2, 3, 4, 5, 10, 11, 12, 13, 33, 34, 35, 36, 37, 38, 39, 40, 64 };
    const uint32_t nt = (uint32_t)(sizeof(topo) / sizeof(topo[0]));
    for (int wide = 0; wide < 2; wide++) {
        vf_format fmt = wide ? VF_FORMAT_R32_UINT : VF_FORMAT_R16_UINT;
        uint32_t cut = wide ? VF_STRIP_CUT_VALUE_0xFFFFFFFF : VF_STRIP_CUT_VALUE_0xFFFF;
        for (uint32_t len = 0; len <= 7; len++) {
            for (uint32_t s = 0; s < 1u << (2 * len); s++) {
                uint32_t idx32[8];
                uint16_t idx16[8];
                vf_test_short_stream(s, len, idx32, idx16);
                const void *bytes = wide ? (const void *)idx32 : (const void *)idx16;
                uint32_t size = len * (wide ? 4u : 2u);
                vf_index_buffer_view ib = { bytes, size, fmt };
                vf_d3d11_ia_state st;
                vf_buffer *b = d3d11_state(&st, bytes, size, fmt);
                for (uint32_t t = 0; t < nt; t++) {
                    vf_draw_desc d = make_desc(topo[t], &ib, cut, len, 1 + s % 3);
                    check_d3d12(&d);
                    check_d3d11(&st, &d);
                    d.strip_cut_value = VF_STRIP_CUT_VALUE_DISABLED;
                    check_d3d12(&d);
                    if (s == 0 && !wide) {
                        vf_draw_desc plain = make_desc(topo[t], NULL, 0, len, 2);
                        check_d3d12(&plain);
                    }
                }
                vf_buffer_destroy(b);
            }
        }
    }
}
END_TEST

/* Large draws with random indices and cuts: 32-bit ones past the stack
 * table take scratch; start locations and views shorter than the draw. */
START_TEST(test_random_large)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0x53544154u);
    uint32_t topo[64];
    uint32_t nt = all_topologies(topo);
    for (int iter = 0; iter < 80; iter++) {
        int wide = iter & 1;
        uint32_t n = 1 + vf_rng_below(&rng, 6000), start = vf_rng_below(&rng, 50);
        uint32_t spread = 1 + vf_rng_below(&rng, iter % 3 == 0 ? 0xfffffff0u : 3000);
        uint32_t total = n + start, *idx32 = malloc(total * 4);
        uint16_t *idx16 = malloc(total * 2);
        ck_assert(idx32 && idx16);
        for (uint32_t i = 0; i < total; i++) {
            int is_cut = vf_rng_below(&rng, 20) == 0;
            idx32[i] = is_cut ? 0xffffffffu : vf_rng_below(&rng, spread);
            idx16[i] = is_cut ? 0xffffu : (uint16_t)idx32[i];
        }
        uint32_t view = (total - vf_rng_below(&rng, n / 4 + 1)) * (wide ? 4u : 2u);
        vf_index_buffer_view ib = { wide ? (const void *)idx32 : (const void *)idx16, view,
                                    wide ? VF_FORMAT_R32_UINT : VF_FORMAT_R16_UINT };
        vf_draw_desc d = make_desc(topo[vf_rng_below(&rng, nt)], &ib,
                                   wide ? VF_STRIP_CUT_VALUE_0xFFFFFFFF : VF_STRIP_CUT_VALUE_0xFFFF,
                                   n, 1 + vf_rng_below(&rng, 4));
        d.start_location = start;
        check_d3d12(&d);
        d.primitive_topology = VF_TOPOLOGY_TRIANGLESTRIP;
        check_d3d12(&d);
        free(idx32);
        free(idx16);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Bad input                                                                 */
/* ------------------------------------------------------------------------ */

START_TEST(test_bad_input)
{
    uint32_t *idx = calloc(2000, 4);
    ck_assert_ptr_nonnull(idx);
    vf_index_buffer_view ib = { idx, 8000, VF_FORMAT_R32_UINT };
    vf_draw_desc d = make_desc(VF_TOPOLOGY_TRIANGLELIST, &ib, 0, 2000, 1);
    vf_pipeline_statistics st, untouched;
    memset(&st, 0x5a, sizeof(st));
    untouched = st;
    size_t bytes = 0;
    ck_assert_int_eq(vf_draw_statistics_scratch_size(&d, &bytes), VF_OK);
    ck_assert_uint_ge(bytes, 4096 * 4); /* 2000 positions: 4096 slots at least */
    ck_assert_int_eq(vf_draw_statistics(&d, NULL, 0, &st), VF_ERROR_NULL_POINTER);
    uint64_t *scratch = malloc(bytes + 8);
    ck_assert_ptr_nonnull(scratch);
    ck_assert_int_eq(vf_draw_statistics(&d, scratch, bytes - 1, &st), VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_draw_statistics(&d, (uint8_t *)scratch + 4, bytes, &st),
                     VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(memcmp(&st, &untouched, sizeof(st)), 0);
    ck_assert_int_eq(vf_draw_statistics(&d, scratch, bytes, &st), VF_OK);
    ck_assert_uint_eq(st.vs_invocations_min, 1);
    ck_assert_int_eq(vf_draw_statistics(&d, scratch, bytes, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_statistics_scratch_size(&d, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_statistics(NULL, scratch, bytes, &st), VF_ERROR_NULL_POINTER);
    /* The checks of vf_primitive_count, in its order. */
    d.primitive_topology = 6;
    ck_assert_int_eq(vf_draw_statistics(&d, scratch, bytes, &st), VF_ERROR_INVALID_TOPOLOGY);
    d.primitive_topology = VF_TOPOLOGY_TRIANGLESTRIP;
    d.strip_cut_value = VF_STRIP_CUT_VALUE_0xFFFF;
    ck_assert_int_eq(vf_draw_statistics(&d, scratch, bytes, &st), VF_ERROR_STRIP_CUT_MISMATCH);
    d.strip_cut_value = 3;
    ck_assert_int_eq(vf_draw_statistics(&d, scratch, bytes, &st),
                     VF_ERROR_INVALID_STRIP_CUT_VALUE);
    d.strip_cut_value = 0;
    ib.format = VF_FORMAT_R8_UINT;
    ck_assert_int_eq(vf_draw_statistics(&d, scratch, bytes, &st), VF_ERROR_INVALID_INDEX_FORMAT);
    d.struct_size = 0;
    ck_assert_int_eq(vf_draw_statistics(&d, scratch, bytes, &st), VF_ERROR_INVALID_ARGUMENT);
    /* No index read without index data: a huge draw is O(1), and a line
     * strip with adjacency of 2^32 - 1 positions in 2^32 - 1 instances
     * passes 2^64 no-cache invocations. */
    d = make_desc(VF_TOPOLOGY_LINESTRIP_ADJ, NULL, 0, 0xffffffffu, 0xffffffffu);
    ck_assert_int_eq(vf_draw_statistics(&d, NULL, 0, &st), VF_ERROR_OVERFLOW);
    d.instance_count = 1u << 29;
    ck_assert_int_eq(vf_draw_statistics(&d, NULL, 0, &st), VF_OK);
    ck_assert_uint_eq(st.ia_vertices, (uint64_t)0xffffffffu << 29);
    ck_assert_uint_eq(st.vs_invocations_max, ((uint64_t)0xfffffffcu * 4) << 29);
    /* D3D11: a state that was never set up, and one without a topology. */
    vf_d3d11_ia_state s11;
    ck_assert_int_eq(vf_d3d11_draw_statistics(NULL, 0, 3, 1, 0, NULL, 0, &st),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s11, VF_FEATURE_LEVEL_11_0), VF_OK);
    ck_assert_int_eq(vf_d3d11_draw_statistics(&s11, 0, 3, 1, 0, NULL, 0, &st),
                     VF_ERROR_INVALID_TOPOLOGY);
    s11.struct_size = 0;
    ck_assert_int_eq(vf_d3d11_draw_statistics_scratch_size(&s11, 0, 3, 0, &bytes),
                     VF_ERROR_INVALID_ARGUMENT);
    free(scratch);
    free(idx);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("statistics");
    TCase *tc = tcase_create("spec");
    tcase_add_test(tc, test_spec_examples);
    tcase_add_test(tc, test_worked_cuts);
    tcase_add_test(tc, test_bad_input);
    suite_add_tcase(s, tc);
    tc = tcase_create("model");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_exhaustive_short_streams);
    tcase_add_test(tc, test_random_large);
    suite_add_tcase(s, tc);
    return vf_test_run(s);
}
