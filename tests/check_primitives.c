/*
 * check_primitives.c - primitive assembly (lib/primitives.c).
 *
 * Expected lists come from the spec's own figures (§8.10, §13.10, written
 * out by hand below) and from tests/ref/prim_ref.c, a model written from
 * the spec that shares no code with the library: exhaustively over short
 * index streams, and over large random draws.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/mman.h>
#include <unistd.h>

#include "check_main.h"
#include "prim_ref.h"
#include "test_util.h"
#include "vfetch.h"
#include "vfetch_d3d11.h"

static const uint32_t strip_topologies[] = { 3, 5, 11, 13 };

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

static vf_draw_desc indexed_desc(uint32_t topology, const vf_index_buffer_view *ib, uint32_t cut,
                                 uint32_t count)
{
    vf_draw_desc d;
    vf_draw_desc_init(&d);
    d.indexed = 1;
    d.index_buffer = ib;
    d.strip_cut_value = cut;
    d.primitive_topology = topology;
    d.vertex_count_per_instance = count;
    d.instance_count = 1;
    return d;
}

/* Reads the list of `d` with a cursor in pieces of 1, 2, ... `piece`
 * primitives (sizes cycling, some with room for part of a primitive more)
 * and compares it with the reference list ref (count primitives). */
static void check_cursor(const vf_draw_desc *d, const uint32_t *ref, uint32_t count,
                         uint32_t vpp, uint32_t piece)
{
    vf_primitive_cursor cur;
    memset(&cur, 0xcd, sizeof(cur));
    ck_assert_int_eq(vf_primitive_cursor_init(d, &cur), VF_OK);
    ck_assert_uint_eq(cur.next_primitive, 0);
    uint32_t *buf = malloc(((size_t)piece + 1) * vpp * sizeof(uint32_t));
    ck_assert_ptr_nonnull(buf);
    uint32_t done = 0, written, size = 1;
    for (;;) {
        size_t words = (size_t)size * vpp + (size % 3 == 0 && vpp > 1 ? vpp - 1 : 0);
        ck_assert_int_eq(vf_draw_primitives_next(d, &cur, buf, words, &written), VF_OK);
        if (written == 0)
            break;
        uint32_t expect = count - done < size ? count - done : size;
        if (written != expect)
            ck_abort_msg("topology %u, %u positions: cursor wrote %u at primitive %u, want %u",
                         d->primitive_topology, d->vertex_count_per_instance, written, done,
                         expect);
        ck_assert_int_eq(memcmp(buf, ref + (size_t)done * vpp, (size_t)written * vpp * 4), 0);
        done += written;
        ck_assert_uint_eq(cur.next_primitive, done);
        size = size % piece + 1;
    }
    ck_assert_uint_eq(done, count);
    /* Done: a further call writes nothing, even with no room. */
    ck_assert_int_eq(vf_draw_primitives_next(d, &cur, buf, 0, &written), VF_OK);
    ck_assert_uint_eq(written, 0);
    free(buf);
}

/* Runs both calls on `d` and compares them with the reference; also reads
 * the list back in pieces of `piece` primitives, by first primitive and
 * with a cursor. */
static void check_against_ref(const vf_draw_desc *d, uint32_t piece)
{
    uint32_t n = d->vertex_count_per_instance;
    uint8_t *cut = malloc(n ? n : 1);
    ck_assert_ptr_nonnull(cut);
    prim_ref_cuts(d, cut);
    uint32_t rcount, rvpp;
    uint32_t *ref = prim_ref_assemble(d->primitive_topology, n, cut, &rcount, &rvpp);
    free(cut);

    uint32_t count = 0xdead, vpp = 0xdead;
    size_t words = 0;
    ck_assert_int_eq(vf_primitive_count(d, &count, &vpp, &words), VF_OK);
    ck_assert_uint_eq(vpp, rvpp);
    ck_assert_uint_eq(vf_topology_vertices_per_primitive(d->primitive_topology), rvpp);
    if (count != rcount)
        ck_abort_msg("topology %u, %u positions: %u primitives, reference %u",
                     d->primitive_topology, n, count, rcount);
    ck_assert_uint_eq(words, (size_t)count * vpp * d->instance_count);

    size_t total = (size_t)count * vpp;
    uint32_t *out = malloc((total + 1) * sizeof(uint32_t));
    ck_assert_ptr_nonnull(out);
    out[total] = 0x5a5a5a5au;
    uint32_t written = 0xdead;
    ck_assert_int_eq(vf_draw_primitives(d, 0, out, total, &written), VF_OK);
    ck_assert_uint_eq(written, count);
    ck_assert_uint_eq(out[total], 0x5a5a5a5au);
    for (size_t i = 0; i < total; i++)
        if (out[i] != ref[i])
            ck_abort_msg("topology %u, %u positions: primitive %zu vertex %zu is %u, "
                         "reference %u", d->primitive_topology, n, i / vpp, i % vpp, out[i],
                         ref[i]);

    /* In pieces: the same list, each piece starting at the primitive ID
     * the previous one ended at. */
    if (piece) {
        uint32_t first = 0;
        uint32_t *buf = malloc((size_t)piece * vpp * sizeof(uint32_t));
        ck_assert_ptr_nonnull(buf);
        while (first < count) {
            ck_assert_int_eq(vf_draw_primitives(d, first, buf, (size_t)piece * vpp, &written),
                             VF_OK);
            uint32_t expect = count - first < piece ? count - first : piece;
            ck_assert_uint_eq(written, expect);
            ck_assert_int_eq(memcmp(buf, ref + (size_t)first * vpp,
                                    (size_t)written * vpp * sizeof(uint32_t)), 0);
            first += written;
        }
        ck_assert_int_eq(vf_draw_primitives(d, count, buf, (size_t)piece * vpp, &written),
                         VF_OK);
        ck_assert_uint_eq(written, 0);
        free(buf);
        check_cursor(d, ref, count, vpp, piece);
    }
    free(out);
    free(ref);
}

/* The list of `d` must equal want[0 .. count * vpp). */
static void expect_list(const vf_draw_desc *d, const uint32_t *want, uint32_t want_count)
{
    uint32_t count, vpp;
    ck_assert_int_eq(vf_primitive_count(d, &count, &vpp, NULL), VF_OK);
    ck_assert_uint_eq(count, want_count);
    uint32_t out[64], written;
    ck_assert_int_eq(vf_draw_primitives(d, 0, out, 64, &written), VF_OK);
    ck_assert_uint_eq(written, want_count);
    for (uint32_t i = 0; i < count * vpp; i++)
        ck_assert_uint_eq(out[i], want[i]);
}

static vf_draw_desc plain_desc(uint32_t topology, uint32_t count)
{
    vf_draw_desc d;
    vf_draw_desc_init(&d);
    d.primitive_topology = topology;
    d.vertex_count_per_instance = count;
    d.instance_count = 1;
    return d;
}

/* ------------------------------------------------------------------------ */
/* The spec's figures                                                        */
/* ------------------------------------------------------------------------ */

START_TEST(test_spec_figures)
{
    /* §13.10, "GS invocations from TriStrip w/Adjacency": 10 vertices, 3
     * triangles, each as v[0..5]. */
    static const uint32_t tsa[] = { 0, 1, 2, 6, 4, 3, 2, 5, 6, 8, 4, 0, 4, 2, 6, 9, 8, 7 };
    vf_draw_desc d = plain_desc(VF_TOPOLOGY_TRIANGLESTRIP_ADJ, 10);
    expect_list(&d, tsa, 3);
    /* The same with a dangling 11th vertex: identical. */
    d.vertex_count_per_instance = 11;
    expect_list(&d, tsa, 3);
    /* A lone triangle with adjacency: both ends are outer edges. */
    static const uint32_t tsa1[] = { 0, 1, 2, 5, 4, 3 };
    d.vertex_count_per_instance = 6;
    expect_list(&d, tsa1, 1);
    d.vertex_count_per_instance = 5;
    expect_list(&d, NULL, 0);

    /* §8.10: triangle strip, leading vertices 0, 1, 2, one winding. */
    static const uint32_t ts[] = { 0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4 };
    d = plain_desc(VF_TOPOLOGY_TRIANGLESTRIP, 6);
    expect_list(&d, ts, 4);
    /* Line strip with adjacency: leading vertices 1, 2, 3. */
    static const uint32_t lsa[] = { 0, 1, 2, 3, 1, 2, 3, 4 };
    d = plain_desc(VF_TOPOLOGY_LINESTRIP_ADJ, 5);
    expect_list(&d, lsa, 2);
    /* Triangle list with adjacency: 0, 2, 4 the triangle, 1, 3, 5 around. */
    static const uint32_t tla[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };
    d = plain_desc(VF_TOPOLOGY_TRIANGLELIST_ADJ, 13);
    expect_list(&d, tla, 2);
    /* §8.13: a 5-vertex triangle list is one triangle. */
    static const uint32_t tl[] = { 0, 1, 2 };
    d = plain_desc(VF_TOPOLOGY_TRIANGLELIST, 5);
    expect_list(&d, tl, 1);
    /* §8.10: 36 vertices of a triangle list with adjacency are 6 primitives. */
    uint32_t count;
    d = plain_desc(VF_TOPOLOGY_TRIANGLELIST_ADJ, 36);
    ck_assert_int_eq(vf_primitive_count(&d, &count, NULL, NULL), VF_OK);
    ck_assert_uint_eq(count, 6);
    /* Patch list of 4 control points: 9 vertices, 2 patches. */
    static const uint32_t pl[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    d = plain_desc(VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST + 3, 9);
    expect_list(&d, pl, 2);
}
END_TEST

START_TEST(test_strip_cut_example)
{
    /* Positions 0..8, index 3 and 6 cut: pieces {0,1,2}, {4,5}, {7,8}. */
    static const uint16_t idx[] = { 10, 11, 12, 0xffff, 13, 14, 0xffff, 15, 16 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_draw_desc d = indexed_desc(VF_TOPOLOGY_LINESTRIP, &ib, VF_STRIP_CUT_VALUE_0xFFFF, 9);
    static const uint32_t ls[] = { 0, 1, 1, 2, 4, 5, 7, 8 };
    expect_list(&d, ls, 4);
    d.primitive_topology = VF_TOPOLOGY_TRIANGLESTRIP;
    static const uint32_t ts[] = { 0, 1, 2 };
    expect_list(&d, ts, 1);
    /* Cuts disabled: 0xFFFF is an ordinary index. */
    d.strip_cut_value = VF_STRIP_CUT_VALUE_DISABLED;
    static const uint32_t ts2[] = { 0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4, 4, 5, 6, 5, 7, 6, 6, 7, 8 };
    expect_list(&d, ts2, 7);
    /* Lists never cut in D3D12 (rules §5.2). */
    d.strip_cut_value = VF_STRIP_CUT_VALUE_0xFFFF;
    d.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    static const uint32_t tl[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
    expect_list(&d, tl, 3);
    /* Not indexed: no index is read, nothing cuts. */
    d.indexed = 0;
    d.primitive_topology = VF_TOPOLOGY_LINESTRIP;
    uint32_t count;
    ck_assert_int_eq(vf_primitive_count(&d, &count, NULL, NULL), VF_OK);
    ck_assert_uint_eq(count, 8);
    /* Indexed with no data: every index reads 0, nothing cuts. */
    d.indexed = 1;
    ib.data = NULL;
    ck_assert_int_eq(vf_primitive_count(&d, &count, NULL, NULL), VF_OK);
    ck_assert_uint_eq(count, 8);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Exhaustive and random                                                     */
/* ------------------------------------------------------------------------ */

START_TEST(test_exhaustive_short_streams)
{
    uint32_t topo[64];
    uint32_t nt = all_topologies(topo);
    for (int wide = 0; wide < 2; wide++) {
        for (uint32_t len = 0; len <= 7; len++) {
            uint32_t streams = 1u << (2 * len);
            for (uint32_t s = 0; s < streams; s++) {
                uint32_t idx32[8];
                uint16_t idx16[8];
                vf_test_short_stream(s, len, idx32, idx16);
                vf_index_buffer_view ib = { wide ? (const void *)idx32 : (const void *)idx16,
                                            len * (wide ? 4u : 2u),
                                            wide ? VF_FORMAT_R32_UINT : VF_FORMAT_R16_UINT };
                uint32_t cut = wide ? VF_STRIP_CUT_VALUE_0xFFFFFFFF : VF_STRIP_CUT_VALUE_0xFFFF;
                for (uint32_t t = 0; t < nt; t++) {
                    /* Lists do not depend on the indices: once per length. */
                    int strip = 0;
                    for (size_t k = 0; k < 4; k++)
                        strip |= topo[t] == strip_topologies[k];
                    if (!strip && s != 0)
                        continue;
                    vf_draw_desc d = indexed_desc(topo[t], &ib, cut, len);
                    check_against_ref(&d, len % 2 + 1);
                }
            }
        }
    }
}
END_TEST

START_TEST(test_random_large)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0x5052494du);
    uint32_t topo[64];
    uint32_t nt = all_topologies(topo);
    for (int iter = 0; iter < 60; iter++) {
        uint32_t wide = vf_rng_below(&rng, 2);
        uint32_t isz = wide ? 4 : 2;
        uint32_t n = 1000 + vf_rng_below(&rng, 30000);
        uint32_t buf_count = n + 64;
        uint8_t *ib_data = malloc((size_t)buf_count * isz);
        ck_assert_ptr_nonnull(ib_data);
        /* Cut density from none to one position in two. */
        uint32_t density = vf_rng_below(&rng, 5);
        for (uint32_t i = 0; i < buf_count; i++) {
            uint32_t v = vf_rng_u32(&rng);
            int is_cut = density && vf_rng_below(&rng, 1u << (2 * density - 1)) == 0;
            if (is_cut)
                v = 0xffffffffu;
            if (wide)
                memcpy(ib_data + 4 * (size_t)i, &v, 4);
            else {
                uint16_t h = (uint16_t)v;
                memcpy(ib_data + 2 * (size_t)i, &h, 2);
            }
        }
        /* The view may end before the draw does (those indices read 0). */
        uint32_t view = vf_rng_below(&rng, 4) == 0 ? vf_rng_below(&rng, buf_count) : buf_count;
        vf_index_buffer_view ib = { ib_data, view * isz,
                                    wide ? VF_FORMAT_R32_UINT : VF_FORMAT_R16_UINT };
        uint32_t cut = vf_rng_below(&rng, 4) == 0 ? VF_STRIP_CUT_VALUE_DISABLED
                       : wide                     ? VF_STRIP_CUT_VALUE_0xFFFFFFFF
                                                  : VF_STRIP_CUT_VALUE_0xFFFF;
        uint32_t t = vf_rng_below(&rng, 3) ? strip_topologies[vf_rng_below(&rng, 4)]
                                           : topo[vf_rng_below(&rng, nt)];
        vf_draw_desc d = indexed_desc(t, &ib, cut, n);
        d.start_location = vf_rng_below(&rng, 64);
        /* Sometimes a start whose byte address wraps past 2^32. */
        if (vf_rng_below(&rng, 6) == 0)
            d.start_location = (uint32_t)(0x100000000ull / isz) - vf_rng_below(&rng, 32);
        d.instance_count = 1 + vf_rng_below(&rng, 3);
        check_against_ref(&d, 1 + vf_rng_below(&rng, 700));
        free(ib_data);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Buffers and bad input                                                     */
/* ------------------------------------------------------------------------ */

START_TEST(test_guarded_output)
{
    /* The output and the index buffer end against a PROT_NONE page; every
     * out_count from 0 to the whole list (and one past) writes whole
     * primitives only, never a word past the bound. */
    static const uint32_t ts[] = { 3, 5, 11, 13, 4, 40 };
    for (size_t k = 0; k < sizeof(ts) / sizeof(ts[0]); k++) {
        uint32_t n = 29;
        vf_guarded gib;
        vf_guarded_alloc(&gib, n * 2, VF_GUARD_AFTER);
        for (uint32_t i = 0; i < n; i++) {
            uint16_t v = i % 9 == 8 ? 0xffff : (uint16_t)i;
            memcpy(gib.data + 2 * i, &v, 2);
        }
        vf_index_buffer_view ib = { gib.data, n * 2, VF_FORMAT_R16_UINT };
        vf_draw_desc d = indexed_desc(ts[k], &ib, VF_STRIP_CUT_VALUE_0xFFFF, n);
        uint32_t count, vpp;
        ck_assert_int_eq(vf_primitive_count(&d, &count, &vpp, NULL), VF_OK);
        ck_assert_uint_gt(count, 0);
        for (size_t words = 0; words <= (size_t)count * vpp + 1; words++) {
            vf_guarded g;
            vf_guarded_alloc(&g, words * 4, VF_GUARD_AFTER);
            memset(g.data, 0xee, words * 4);
            uint32_t written = 0xdead;
            vf_result res = vf_draw_primitives(&d, 0, (uint32_t *)(void *)g.data, words,
                                               &written);
            if (words < vpp) {
                ck_assert_int_eq(res, VF_ERROR_OUTPUT_TOO_SMALL);
                ck_assert_uint_eq(written, 0);
            } else {
                ck_assert_int_eq(res, VF_OK);
                uint32_t fit = (uint32_t)(words / vpp);
                ck_assert_uint_eq(written, fit < count ? fit : count);
            }
            /* Words after the last whole primitive are untouched. */
            for (size_t w = (size_t)(res == VF_OK ? written : 0) * vpp; w < words; w++)
                ck_assert_uint_eq(g.data[4 * w], 0xee);
            /* A cursor's first call writes the same into the same bound. */
            vf_primitive_cursor cur;
            ck_assert_int_eq(vf_primitive_cursor_init(&d, &cur), VF_OK);
            memset(g.data, 0xee, words * 4);
            uint32_t cw = 0xdead;
            ck_assert_int_eq(vf_draw_primitives_next(&d, &cur, (uint32_t *)(void *)g.data, words,
                                                     &cw),
                             res);
            ck_assert_uint_eq(cw, written);
            for (size_t w = (size_t)cw * vpp; w < words; w++)
                ck_assert_uint_eq(g.data[4 * w], 0xee);
            vf_guarded_free(&g);
        }
        vf_guarded_free(&gib);
    }
}
END_TEST

START_TEST(test_bad_input)
{
    uint16_t idx[4] = { 0, 1, 2, 3 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_draw_desc d = indexed_desc(VF_TOPOLOGY_TRIANGLESTRIP, &ib, VF_STRIP_CUT_VALUE_0xFFFF, 4);
    uint32_t out[8] = { 7, 7, 7, 7, 7, 7, 7, 7 }, count = 99, vpp = 99, written = 99;
    size_t words = 99;

#define EXPECT_BOTH(code)                                                               \
    do {                                                                                \
        ck_assert_int_eq(vf_primitive_count(&d, &count, &vpp, &words), code);           \
        ck_assert_int_eq(vf_draw_primitives(&d, 0, out, 8, &written), code);            \
        ck_assert_uint_eq(count, 99);                                                   \
        ck_assert_uint_eq(vpp, 99);                                                     \
        ck_assert_uint_eq(words, 99);                                                   \
        ck_assert_uint_eq(written, 99);                                                 \
        for (int w_ = 0; w_ < 8; w_++)                                                  \
            ck_assert_uint_eq(out[w_], 7);                                              \
    } while (0)

    ck_assert_int_eq(vf_primitive_count(NULL, &count, &vpp, &words), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_primitives(NULL, 0, out, 8, &written), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_primitive_count(&d, NULL, &vpp, &words), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_primitives(&d, 0, out, 8, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_primitives(&d, 0, NULL, 8, &written), VF_ERROR_NULL_POINTER);
    ck_assert_uint_eq(count, 99);
    ck_assert_uint_eq(written, 99);
    ck_assert_uint_eq(out[0], 7);

    d.struct_size = sizeof(d) - 1;
    EXPECT_BOTH(VF_ERROR_INVALID_ARGUMENT);
    d.struct_size = sizeof(d);
    /* indexed is 0 or 1, as vf_draw checks. */
    d.indexed = 2;
    EXPECT_BOTH(VF_ERROR_INVALID_ARGUMENT);
    d.indexed = 1;
    d.strip_cut_value = 3;
    EXPECT_BOTH(VF_ERROR_INVALID_STRIP_CUT_VALUE);
    d.strip_cut_value = VF_STRIP_CUT_VALUE_0xFFFF;
    static const uint32_t bad_topologies[] = { 0, 6, 7, 8, 9, 14, 32, 65, 0xffffffffu };
    for (size_t i = 0; i < sizeof(bad_topologies) / sizeof(bad_topologies[0]); i++) {
        d.primitive_topology = bad_topologies[i];
        EXPECT_BOTH(VF_ERROR_INVALID_TOPOLOGY);
        ck_assert_uint_eq(vf_topology_vertices_per_primitive(bad_topologies[i]), 0);
    }
    d.primitive_topology = VF_TOPOLOGY_TRIANGLESTRIP;
    ib.format = VF_FORMAT_R8_UINT;
    EXPECT_BOTH(VF_ERROR_INVALID_INDEX_FORMAT);
    ib.format = VF_FORMAT_R32_UINT;
    EXPECT_BOTH(VF_ERROR_STRIP_CUT_MISMATCH);
    ib.format = VF_FORMAT_R16_UINT;
    d.strip_cut_value = VF_STRIP_CUT_VALUE_0xFFFFFFFF;
    EXPECT_BOTH(VF_ERROR_STRIP_CUT_MISMATCH);
    /* A view without data is no index buffer: no format to match, as in
     * vf_draw. */
    ib.data = NULL;
    ck_assert_int_eq(vf_primitive_count(&d, &count, NULL, NULL), VF_OK);
    ck_assert_uint_eq(count, 2);
    ib.format = 0;
    ck_assert_int_eq(vf_primitive_count(&d, &count, NULL, NULL), VF_OK);
    ck_assert_uint_eq(count, 2);
    ib.format = VF_FORMAT_R16_UINT;
    ib.data = idx;
    count = 99;
    /* Vertex buffers play no part: too many of them is not an error here. */
    d.strip_cut_value = VF_STRIP_CUT_VALUE_0xFFFF;
    d.num_vertex_buffers = 1000;
    ck_assert_int_eq(vf_primitive_count(&d, &count, NULL, NULL), VF_OK);
    ck_assert_uint_eq(count, 2);
    /* Too small for one primitive: an error, nothing written. */
    ck_assert_int_eq(vf_draw_primitives(&d, 0, out, 2, &written), VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_uint_eq(written, 0);
    ck_assert_uint_eq(out[0], 7);
    /* ...but not when no primitive is left to write. */
    ck_assert_int_eq(vf_draw_primitives(&d, 2, NULL, 0, &written), VF_OK);
    ck_assert_uint_eq(written, 0);
    ck_assert_int_eq(vf_draw_primitives(&d, 0xffffffffu, out, 2, &written), VF_OK);
    ck_assert_uint_eq(written, 0);
#undef EXPECT_BOTH
}
END_TEST

/* A cursor is tied to its draw, refuses what no init made, and does not
 * move when the output cannot hold a primitive. */
START_TEST(test_cursor_misuse)
{
    static const uint16_t idx[] = { 0, 1, 2, 3, 0xffff, 4, 5, 6, 7 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_draw_desc d = indexed_desc(VF_TOPOLOGY_TRIANGLESTRIP, &ib, VF_STRIP_CUT_VALUE_0xFFFF, 9);
    vf_primitive_cursor cur, before;
    uint32_t out[6], written = 0xdead;
    ck_assert_int_eq(vf_primitive_cursor_init(&d, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_primitive_cursor_init(NULL, &cur), VF_ERROR_NULL_POINTER);
    vf_draw_desc bad = d;
    bad.primitive_topology = 0;
    ck_assert_int_eq(vf_primitive_cursor_init(&bad, &cur), VF_ERROR_INVALID_TOPOLOGY);

    /* Garbage, or zeros: not a cursor. */
    memset(&cur, 0, sizeof(cur));
    ck_assert_int_eq(vf_draw_primitives_next(&d, &cur, out, 6, &written), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_primitive_cursor_init(&d, &cur), VF_OK);
    ck_assert_int_eq(vf_draw_primitives_next(&d, &cur, NULL, 6, &written), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_primitives_next(&d, &cur, out, 6, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_primitives_next(&d, NULL, out, 6, &written), VF_ERROR_NULL_POINTER);

    /* Another draw's topology or count. */
    bad = d;
    bad.primitive_topology = VF_TOPOLOGY_LINESTRIP;
    ck_assert_int_eq(vf_draw_primitives_next(&bad, &cur, out, 6, &written),
                     VF_ERROR_INVALID_ARGUMENT);
    bad = d;
    bad.vertex_count_per_instance = 8;
    ck_assert_int_eq(vf_draw_primitives_next(&bad, &cur, out, 6, &written),
                     VF_ERROR_INVALID_ARGUMENT);

    /* One triangle, then no room: the cursor stays. */
    ck_assert_int_eq(vf_draw_primitives_next(&d, &cur, out, 3, &written), VF_OK);
    ck_assert_uint_eq(written, 1);
    ck_assert_uint_eq(out[0], 0);
    ck_assert_uint_eq(out[1], 1);
    ck_assert_uint_eq(out[2], 2);
    before = cur;
    ck_assert_int_eq(vf_draw_primitives_next(&d, &cur, out, 2, &written),
                     VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_uint_eq(written, 0);
    ck_assert_int_eq(memcmp(&cur, &before, sizeof(cur)), 0);
    /* A piece past the draw's positions: refused, unchanged. */
    vf_primitive_cursor forged = cur;
    forged.internal_[0] = 1000;
    ck_assert_int_eq(vf_draw_primitives_next(&d, &forged, out, 6, &written),
                     VF_ERROR_INVALID_ARGUMENT);
    /* The rest: odd triangle of the first piece (1, 3, 2), then the piece
     * after the cut (5, 6, 7), (6, 8, 7). */
    ck_assert_int_eq(vf_draw_primitives_next(&d, &cur, out, 6, &written), VF_OK);
    ck_assert_uint_eq(written, 2);
    ck_assert_uint_eq(out[0], 1);
    ck_assert_uint_eq(out[1], 3);
    ck_assert_uint_eq(out[2], 2);
    ck_assert_uint_eq(out[3], 5);
    ck_assert_uint_eq(out[4], 6);
    ck_assert_uint_eq(out[5], 7);
    ck_assert_int_eq(vf_draw_primitives_next(&d, &cur, out, 6, &written), VF_OK);
    ck_assert_uint_eq(written, 1);
    ck_assert_uint_eq(cur.next_primitive, 4);
    ck_assert_int_eq(vf_draw_primitives_next(&d, &cur, out, 6, &written), VF_OK);
    ck_assert_uint_eq(written, 0);
}
END_TEST

START_TEST(test_size_overflow)
{
    /* 2^32 - 1 points per instance, 2^32 - 1 instances: (2^32 - 1)^2 words
     * fit in 64 bits; triangle strips, three words for nearly every
     * position, do not. No index is read. */
    vf_draw_desc d = plain_desc(VF_TOPOLOGY_POINTLIST, 0xffffffffu);
    d.instance_count = 0xffffffffu;
    uint32_t count = 0, vpp = 0;
    size_t words = 0;
    vf_result res = vf_primitive_count(&d, &count, &vpp, &words);
    if (SIZE_MAX >= UINT64_MAX) {
        ck_assert_int_eq(res, VF_OK);
        ck_assert_uint_eq(words, (size_t)0xffffffffu * 0xffffffffu);
    } else {
        ck_assert_int_eq(res, VF_ERROR_OVERFLOW);
    }
    d.primitive_topology = VF_TOPOLOGY_TRIANGLESTRIP;
    count = 5;
    words = 5;
    ck_assert_int_eq(vf_primitive_count(&d, &count, &vpp, &words), VF_ERROR_OVERFLOW);
    ck_assert_uint_eq(count, 5);
    ck_assert_uint_eq(words, 5);
    ck_assert_int_eq(vf_primitive_count(&d, &count, &vpp, NULL), VF_OK);
    ck_assert_uint_eq(count, 0xffffffffu - 2);
    d.primitive_topology = VF_TOPOLOGY_32_CONTROL_POINT_PATCHLIST;
    /* Without the whole-draw size the count itself always fits. */
    ck_assert_int_eq(vf_primitive_count(&d, &count, &vpp, NULL), VF_OK);
    ck_assert_uint_eq(count, 0xffffffffu / 32);
    ck_assert_uint_eq(vpp, 32);
    /* The last primitives of the largest draw, with no index read. */
    d.primitive_topology = VF_TOPOLOGY_TRIANGLESTRIP_ADJ;
    ck_assert_int_eq(vf_primitive_count(&d, &count, &vpp, NULL), VF_OK);
    ck_assert_uint_eq(count, (0xffffffffu - 4) / 2);
    uint32_t out[12], written;
    ck_assert_int_eq(vf_draw_primitives(&d, count - 2, out, 12, &written), VF_OK);
    ck_assert_uint_eq(written, 2);
    uint32_t a = 2 * (count - 1); /* the last triangle, even */
    ck_assert_uint_eq(count % 2, 1);
    ck_assert_uint_eq(out[6], a);
    ck_assert_uint_eq(out[7], a - 2);
    ck_assert_uint_eq(out[9], a + 5);
    ck_assert_uint_eq(out[11], a + 3);
    /* The last outer vertex is the position before the dangling one. */
    ck_assert_uint_eq(a + 5, 0xfffffffdu);
}
END_TEST

/* Primitives never name a position the draw flagged as a cut. */
START_TEST(test_matches_draw_cuts)
{
    static const uint32_t idx[] = { 0, 1, 2, 0xffffffffu, 3, 0xffffffffu, 0xffffffffu, 4, 5, 6, 7 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    vf_input_element_desc e = { "POSITION", 0, VF_FORMAT_R32_FLOAT, 0, 0, 0, 0 };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.system_values = VF_SV_FLAGS;
    vf_layout *layout;
    ck_assert_int_eq(vf_layout_create(&e, 1, &o, &layout, NULL), VF_OK);
    float vb[8] = { 0 };
    vf_vertex_buffer_view vbv = { vb, sizeof(vb), 4 };
    for (size_t k = 0; k < 4; k++) {
        vf_draw_desc d = indexed_desc(strip_topologies[k], &ib, VF_STRIP_CUT_VALUE_0xFFFFFFFF, 11);
        d.vertex_buffers = &vbv;
        d.num_vertex_buffers = 1;
        d.instance_count = 2;
        size_t size;
        ck_assert_int_eq(vf_draw_output_size(layout, 11, 2, &size), VF_OK);
        uint32_t *rec = aligned_alloc(16, size);
        ck_assert_ptr_nonnull(rec);
        ck_assert_int_eq(vf_draw(layout, &d, rec, size), VF_OK);
        size_t rw = vf_layout_record_size(layout) / 4;
        uint32_t out[66], written;
        ck_assert_int_eq(vf_draw_primitives(&d, 0, out, 66, &written), VF_OK);
        uint32_t vpp = vf_topology_vertices_per_primitive(d.primitive_topology);
        for (uint32_t i = 0; i < written * vpp; i++)
            for (uint32_t inst = 0; inst < 2; inst++)
                ck_assert_uint_eq(rec[(inst * 11 + out[i]) * rw + rw - 2] & VF_FLAG_STRIP_CUT, 0);
        free(rec);
    }
    vf_layout_destroy(layout);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* D3D11: cuts in list topologies                                           */
/* ------------------------------------------------------------------------ */

/* Check's asserts report every pass to the parent process; the loops
 * below run millions of checks, so they only report failures. */
#define REQ(cond) \
    do { \
        if (!(cond)) \
            ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #cond); \
    } while (0)

/* A D3D11 state at 11_0 with `topology` and an index buffer of `bytes`. */
static vf_buffer *d3d11_state(vf_d3d11_ia_state *st, uint32_t topology, const void *bytes,
                              uint32_t size, vf_format format)
{
    vf_buffer_desc bd = { size ? size : 4, VF_USAGE_DEFAULT, VF_BIND_INDEX_BUFFER, 0, 0, 0 };
    uint8_t zero[4] = { 0 };
    vf_subresource_data init = { size ? bytes : zero, 0, 0 };
    vf_buffer *b = NULL;
    REQ(vf_d3d11_ia_state_init(st, VF_FEATURE_LEVEL_11_0) == VF_OK);
    REQ(vf_buffer_create(&bd, &init, 0, &b, NULL) == VF_OK);
    REQ(vf_d3d11_ia_set_primitive_topology(st, topology, NULL) == VF_OK);
    /* An empty stream: bind at the end of the buffer, an empty view. */
    REQ(vf_d3d11_ia_set_index_buffer(st, b, format, size ? 0 : 4, NULL) == VF_OK);
    return b;
}

/* The D3D11 calls on `st` against the reference with cuts in every
 * topology (desc `d` describes the same index stream). */
static void check_d3d11_against_ref(const vf_d3d11_ia_state *st, const vf_draw_desc *d)
{
    uint32_t n = d->vertex_count_per_instance;
    uint8_t cut[8];
    prim_ref_cuts_d3d11(d, cut);
    uint32_t rcount, rvpp;
    uint32_t *ref = prim_ref_assemble(d->primitive_topology, n, cut, &rcount, &rvpp);
    uint32_t count = 0xdead, vpp = 0xdead, written = 0xdead;
    REQ(vf_d3d11_primitive_count(st, 1, n, 0, &count, &vpp) == VF_OK);
    REQ(vpp == rvpp);
    if (count != rcount)
        ck_abort_msg("D3D11 topology %u, %u positions: %u primitives, reference %u",
                     d->primitive_topology, n, count, rcount);
    uint32_t out[8 * 32 + 1];
    out[count * vpp] = 0x5a5a5a5au;
    REQ(vf_d3d11_draw_primitives(st, 1, n, 0, 0, out, (size_t)count * vpp, &written) ==
        VF_OK);
    REQ(written == count);
    REQ(out[count * vpp] == 0x5a5a5a5au);
    for (uint32_t i = 0; i < count * vpp; i++)
        if (out[i] != ref[i])
            ck_abort_msg("D3D11 topology %u, %u positions: word %u is %u, reference %u",
                         d->primitive_topology, n, i, out[i], ref[i]);
    /* One primitive at a time: the same list. */
    for (uint32_t first = 0; first < count; first++) {
        REQ(vf_d3d11_draw_primitives(st, 1, n, 0, first, out, vpp, &written) == VF_OK);
        REQ(written == 1);
        REQ(memcmp(out, ref + (size_t)first * vpp, vpp * sizeof(uint32_t)) == 0);
    }
    /* With a cursor, one primitive at a time, then two: the same list. */
    for (uint32_t step = 1; step <= 2; step++) {
        vf_primitive_cursor cur;
        REQ(vf_d3d11_primitive_cursor_init(st, 1, n, 0, &cur) == VF_OK);
        uint32_t done = 0;
        for (;;) {
            REQ(vf_d3d11_draw_primitives_next(st, 1, n, 0, &cur, out, (size_t)step * vpp,
                                              &written) == VF_OK);
            if (written == 0)
                break;
            REQ(done + written <= count);
            REQ(memcmp(out, ref + (size_t)done * vpp, (size_t)written * vpp * 4) == 0);
            done += written;
        }
        if (done != count)
            ck_abort_msg("D3D11 topology %u, %u positions: cursor read %u of %u primitives",
                         d->primitive_topology, n, done, count);
    }
    free(ref);
}

START_TEST(test_d3d11_exhaustive_list_cuts)
{
    /* Every topology but the patch lists of more than 8 points, which
     * streams of 7 cannot fill (64 stands for them). */
    const uint32_t topo[] = { 1, 2, 3, 4, 5, 10, 11, 12, 13, 33, 34, 35, 36, 37, 38, 39, 40, 64 };
    const uint32_t nt = (uint32_t)(sizeof(topo) / sizeof(topo[0]));
    for (int wide = 0; wide < 2; wide++) {
        vf_format fmt = wide ? VF_FORMAT_R32_UINT : VF_FORMAT_R16_UINT;
        for (uint32_t len = 0; len <= 7; len++) {
            for (uint32_t s = 0; s < 1u << (2 * len); s++) {
                uint32_t idx32[8];
                uint16_t idx16[8];
                vf_test_short_stream(s, len, idx32, idx16);
                const void *bytes = wide ? (const void *)idx32 : (const void *)idx16;
                uint32_t size = len * (wide ? 4u : 2u);
                vf_index_buffer_view ib = { bytes, size, fmt };
                for (uint32_t t = 0; t < nt; t++) {
                    vf_d3d11_ia_state st;
                    vf_buffer *b = d3d11_state(&st, topo[t], bytes, size, fmt);
                    vf_draw_desc d = indexed_desc(topo[t], &ib,
                                                  wide ? VF_STRIP_CUT_VALUE_0xFFFFFFFF
                                                       : VF_STRIP_CUT_VALUE_0xFFFF, len);
                    check_d3d11_against_ref(&st, &d);
                    vf_buffer_destroy(b);
                }
            }
        }
    }
}
END_TEST

/* Worked by hand: a triangle list 0 1 2 | 3 CUT | 4 5 6 | 7 with a cut at
 * position 4 keeps (0 1 2), drops the partial (3) before the cut and
 * starts again after it: (5 6 7); position 8 is a partial primitive. The
 * same stream in D3D12 (vf_draw_primitives) does not cut: (0 1 2) (3 4 5)
 * (6 7 8). A draw without an index buffer reads index 0, never a cut. */
START_TEST(test_d3d11_list_cut_example)
{
    const uint16_t idx[9] = { 0, 1, 2, 3, 0xffff, 4, 5, 6, 7 };
    vf_d3d11_ia_state st;
    vf_buffer *b = d3d11_state(&st, VF_TOPOLOGY_TRIANGLELIST, idx, sizeof(idx),
                               VF_FORMAT_R16_UINT);
    uint32_t out[9], count, vpp, written;
    ck_assert_int_eq(vf_d3d11_primitive_count(&st, 1, 9, 0, &count, &vpp), VF_OK);
    ck_assert_uint_eq(count, 2);
    ck_assert_uint_eq(vpp, 3);
    ck_assert_int_eq(vf_d3d11_draw_primitives(&st, 1, 9, 0, 0, out, 9, &written), VF_OK);
    ck_assert_uint_eq(written, 2);
    const uint32_t want[6] = { 0, 1, 2, 5, 6, 7 };
    ck_assert_int_eq(memcmp(out, want, sizeof(want)), 0);

    /* From index 1 on: 1 2 3 | CUT | 4 5 6 | 7 gives positions (0 1 2) (4 5 6). */
    ck_assert_int_eq(vf_d3d11_draw_primitives(&st, 1, 8, 1, 0, out, 9, &written), VF_OK);
    const uint32_t want1[6] = { 0, 1, 2, 4, 5, 6 };
    ck_assert_uint_eq(written, 2);
    ck_assert_int_eq(memcmp(out, want1, sizeof(want1)), 0);

    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_draw_desc d = indexed_desc(VF_TOPOLOGY_TRIANGLELIST, &ib, VF_STRIP_CUT_VALUE_0xFFFF, 9);
    const uint32_t d3d12[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
    expect_list(&d, d3d12, 3);

    /* Not indexed: no cut. */
    ck_assert_int_eq(vf_d3d11_primitive_count(&st, 0, 9, 0, &count, &vpp), VF_OK);
    ck_assert_uint_eq(count, 3);
    /* No index buffer: index 0 everywhere, no cut. */
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&st, NULL, VF_FORMAT_UNKNOWN, 0, NULL), VF_OK);
    ck_assert_int_eq(vf_d3d11_primitive_count(&st, 1, 9, 0, &count, &vpp), VF_OK);
    ck_assert_uint_eq(count, 3);

    /* Errors. */
    ck_assert_int_eq(vf_d3d11_primitive_count(NULL, 1, 9, 0, &count, &vpp),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_d3d11_primitive_count(&st, 1, 9, 0, NULL, &vpp), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_d3d11_draw_primitives(&st, 1, 9, 0, 0, out, 2, &written),
                     VF_ERROR_OUTPUT_TOO_SMALL);
    vf_d3d11_ia_state fresh;
    ck_assert_int_eq(vf_d3d11_ia_state_init(&fresh, VF_FEATURE_LEVEL_11_0), VF_OK);
    ck_assert_int_eq(vf_d3d11_primitive_count(&fresh, 1, 9, 0, &count, &vpp),
                     VF_ERROR_INVALID_TOPOLOGY);
    fresh.struct_size = 0;
    ck_assert_int_eq(vf_d3d11_primitive_count(&fresh, 1, 9, 0, &count, &vpp),
                     VF_ERROR_INVALID_ARGUMENT);
    vf_buffer_destroy(b);
}
END_TEST

/* A long strip with cuts read with a cursor in small pieces gives the
 * one-piece list, and never reads an index again once past it: after each
 * piece the pages of indices more than a run behind are made unreadable,
 * so a call that scanned from the start would fault. */
START_TEST(test_cursor_long_strip_linear)
{
    const long page = sysconf(_SC_PAGESIZE);
    const uint32_t pages = 64, n = (uint32_t)((size_t)pages * (size_t)page / 4);
    uint32_t *idx = mmap(NULL, (size_t)n * 4, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ck_assert_ptr_ne(idx, MAP_FAILED);
    /* Runs of 6 vertices and a cut: 4 triangles per 7 positions. */
    for (uint32_t i = 0; i < n; i++)
        idx[i] = i % 7 == 6 ? 0xffffffffu : i;
    vf_index_buffer_view ib = { idx, n * 4, VF_FORMAT_R32_UINT };
    vf_draw_desc d = indexed_desc(VF_TOPOLOGY_TRIANGLESTRIP, &ib, VF_STRIP_CUT_VALUE_0xFFFFFFFF, n);
    uint32_t count = 0, vpp = 0, written = 0;
    size_t words = 0;
    ck_assert_int_eq(vf_primitive_count(&d, &count, &vpp, &words), VF_OK);
    ck_assert_uint_eq(count, n / 7 * 4 + (n % 7 >= 3 ? n % 7 - 2 : 0));
    uint32_t *whole = malloc((size_t)count * vpp * 4);
    ck_assert_ptr_nonnull(whole);
    ck_assert_int_eq(vf_draw_primitives(&d, 0, whole, (size_t)count * vpp, &written), VF_OK);
    ck_assert_uint_eq(written, count);

    vf_primitive_cursor cur;
    ck_assert_int_eq(vf_primitive_cursor_init(&d, &cur), VF_OK);
    uint32_t buf[5 * 3], done = 0, locked = 0;
    for (;;) {
        ck_assert_int_eq(vf_draw_primitives_next(&d, &cur, buf, 5 * 3, &written), VF_OK);
        if (written == 0)
            break;
        ck_assert_int_eq(memcmp(buf, whole + (size_t)done * 3, (size_t)written * 12), 0);
        done += written;
        /* Positions before the previous run's start are behind the cursor. */
        uint64_t behind = done / 4 >= 1 ? (uint64_t)(done / 4 - 1) * 7 * 4 : 0;
        uint32_t lock = (uint32_t)(behind / (uint64_t)page);
        if (lock > locked) {
            ck_assert_int_eq(mprotect(idx, (size_t)lock * (size_t)page, PROT_NONE), 0);
            locked = lock;
        }
    }
    ck_assert_uint_eq(done, count);
    ck_assert_uint_gt(locked, pages - 3);
    munmap(idx, (size_t)n * 4);
    free(whole);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("primitives");
    TCase *tc = tcase_create("spec");
    tcase_add_test(tc, test_spec_figures);
    tcase_add_test(tc, test_cursor_long_strip_linear);
    tcase_add_test(tc, test_strip_cut_example);
    suite_add_tcase(s, tc);
    tc = tcase_create("model");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_exhaustive_short_streams);
    tcase_add_test(tc, test_random_large);
    suite_add_tcase(s, tc);
    tc = tcase_create("bounds");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_guarded_output);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_size_overflow);
    tcase_add_test(tc, test_cursor_misuse);
    tcase_add_test(tc, test_matches_draw_cuts);
    tcase_add_test(tc, test_d3d11_list_cut_example);
    tcase_add_test(tc, test_d3d11_exhaustive_list_cuts);
    suite_add_tcase(s, tc);
    return vf_test_run(s);
}
