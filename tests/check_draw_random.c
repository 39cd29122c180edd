/*
 * check_draw_random.c - random draws (lib/draw.c) against the IA reference
 * walker (tests/ref/ia_ref.c) in every output shape, with ranges and thread
 * pools; SoA against AoS; draws large enough to stream; and guard pages
 * around every buffer.
 *
 * The walker's batching, runs, gathers, broadcasts, SoA transposes, ranges
 * and threads are never used to compute an expectation.
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
/* Random draws against the reference, in every shape, range and thread count */
/* ------------------------------------------------------------------------ */


/* Checks one random case in the given shape: the whole draw against the
 * reference, then ranges, then a pool (when given) against the whole draw. */
static void rcase_check(struct rcase *c, uint32_t shape, vf_thread_pool *pool, vf_rng *rng,
                        int iter)
{
    vf_layout *layout = make_layout_full(c->descs, c->n, c->use_maps ? c->maps : NULL, c->sv,
                                         shape, NULL, 0);
    ia_ref r;
    ia_ref_init_descs(&r, c->descs, c->n, c->use_maps ? c->maps : NULL, c->sv, &c->d);
    uint32_t v = c->d.vertex_count_per_instance, ni = c->d.instance_count;
    uint32_t lanes = shape == VF_OUTPUT_AOS ? 1 : shape;
    uint32_t *want = ia_ref_aos(&r);
    if (shape != VF_OUTPUT_AOS) {
        uint32_t *soa = ia_ref_soa(want, r.nreg, v, ni, lanes,
                                (c->sv & VF_SV_FLAGS) ? (int)r.nreg - 1 : -1);
        free(want);
        want = soa;
    }
    size_t words;
    char what[64];
    snprintf(what, sizeof(what), "case %d shape %u", iter, shape);
    uint32_t *got = draw_words(layout, &c->d, &words);
    expect_same(got, want, words, what);

    /* Ranges: random pieces of every instance, joined. */
    uint32_t batches = (v + lanes - 1) / lanes;
    size_t bwords = (size_t)r.nreg * 4 * lanes;
    uint32_t *piece = xalloc(bwords * 4 * (batches + 1));
    for (uint32_t j = 0; j < ni; j++) {
        uint32_t first = 0;
        while (first < v) {
            uint32_t count = 1 + vf_rng_below(rng, v - first);
            if (lanes > 1 && first + count < v)
                count = (count + lanes - 1) / lanes * lanes;
            if (count > v - first)
                count = v - first;
            uint32_t nb = (count + lanes - 1) / lanes;
            ck_assert_int_eq(vf_fetch_range(layout, &c->d, j, first, count, piece,
                                            nb * bwords * 4),
                             VF_OK);
            snprintf(what, sizeof(what), "case %d shape %u range %u+%u", iter, shape, first,
                     count);
            expect_same(piece, got + ((size_t)j * batches + first / lanes) * bwords,
                        lanes == 1 ? (size_t)count * bwords : nb * bwords, what);
            first += count;
        }
    }
    free(piece);

    if (pool) {
        vf_draw_desc d = c->d;
        d.pool = pool;
        uint32_t *threaded = xalloc(words * 4 + 16);
        memset(threaded, 0xCD, words * 4);
        ck_assert_int_eq(vf_draw(layout, &d, threaded, words * 4), VF_OK);
        snprintf(what, sizeof(what), "case %d shape %u pool", iter, shape);
        expect_same(threaded, got, words, what);
        free(threaded);
    }
    free(got);
    free(want);
    vf_layout_destroy(layout);
}

START_TEST(test_random_aos)
{
    vf_format fmts[64];
    uint32_t nfmts = ia_formats(fmts);
    ck_assert_uint_ge(nfmts, 44);
    vf_rng rng;
    vf_rng_seed(&rng, 0xd1a3u + (uint64_t)_i);
    for (int it = 0; it < 150; it++) {
        struct rcase c;
        rcase_make(&c, &rng, fmts, nfmts);
        rcase_check(&c, VF_OUTPUT_AOS, NULL, &rng, it);
        rcase_free(&c);
    }
}
END_TEST

START_TEST(test_random_soa)
{
    static const uint32_t shapes[3] = { VF_OUTPUT_SOA4, VF_OUTPUT_SOA8, VF_OUTPUT_SOA16 };
    vf_format fmts[64];
    uint32_t nfmts = ia_formats(fmts);
    vf_rng rng;
    vf_rng_seed(&rng, 0x50a0u + (uint64_t)_i);
    for (int it = 0; it < 60; it++) {
        struct rcase c;
        rcase_make(&c, &rng, fmts, nfmts);
        rcase_check(&c, shapes[it % 3], NULL, &rng, it);
        rcase_free(&c);
    }
}
END_TEST

START_TEST(test_random_threads)
{
    static const uint32_t shapes[4] = { VF_OUTPUT_AOS, VF_OUTPUT_SOA4, VF_OUTPUT_SOA8,
                                        VF_OUTPUT_SOA16 };
    vf_format fmts[64];
    uint32_t nfmts = ia_formats(fmts);
    vf_rng rng;
    vf_rng_seed(&rng, 0x7ea5u);
    for (uint32_t t = 1; t <= 4; t++) {
        vf_thread_pool *pool = NULL;
        ck_assert_int_eq(vf_thread_pool_create(t, &pool), VF_OK);
        vf_thread_pool_set_min_bytes(pool, 0); /* split these small draws too */
        for (int it = 0; it < 16; it++) {
            struct rcase c;
            rcase_make(&c, &rng, fmts, nfmts);
            rcase_check(&c, shapes[it % 4], pool, &rng, it);
            rcase_free(&c);
        }
        vf_thread_pool_destroy(pool);
    }
}
END_TEST

/* Draws whose output reaches 8 MiB are written with non-temporal stores:
 * the records must be the same as every other draw's. Expected words come
 * from the element numbers the rules give (each vertex word encodes it). */
START_TEST(test_large_streaming_draw)
{
    const uint32_t n = 150000, instances = 2, start = 7;
    vf_input_element_desc d[1] = {
        el("V", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    uint32_t *vb = xalloc((size_t)(n + start) * 16);
    for (uint32_t k = 0; k < n + start; k++)
        for (uint32_t c = 0; c < 4; c++)
            vb[k * 4 + c] = k * 4 + c;
    vf_vertex_buffer_view view = { vb, (n + start) * 16, 16 };
    uint32_t sv = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    /* Every lane width: each takes its own transpose (4: SSE2's, 8: the
     * 256-bit ones, 16: the 512-bit one where the CPU has it). */
    for (uint32_t lanes = 1; lanes <= 16; lanes *= lanes == 1 ? 4 : 2) {
        vf_layout *layout = make_layout_full(d, 1, NULL, sv, lanes == 1 ? VF_OUTPUT_AOS : lanes,
                                             NULL, 0);
        size_t size;
        ck_assert_int_eq(vf_draw_output_size(layout, n, instances, &size), VF_OK);
        ck_assert_uint_ge(size, (size_t)8 << 20);
        uint8_t *buf = xalloc(size + 48);
        /* Output 32-byte aligned and 16 bytes past that: the wide
         * non-temporal stores must handle both. */
        for (uint32_t shift = 0; shift <= 16; shift += 16) {
            uint32_t *out = (uint32_t *)(void *)(buf + (32 - (uintptr_t)buf % 32) % 32 + shift);
            ck_assert_int_eq(
                vf_draw_instanced(layout, &view, 1, n, instances, start, 0, out, size), VF_OK);
            uint32_t batches = (n + lanes - 1) / lanes;
            for (uint32_t j = 0; j < instances; j++)
                for (uint32_t i = 0; i < n; i++) {
                    /* Register r, component c of (j, i). */
                    uint32_t b = j * batches + i / lanes, l = i % lanes;
                    uint32_t base = b * 8 * lanes + l;
                    uint32_t want[8] = { (start + i) * 4, (start + i) * 4 + 1,
                                         (start + i) * 4 + 2, (start + i) * 4 + 3, i, j, 0, 0 };
                    for (uint32_t w = 0; w < 8; w++)
                        if (out[base + w * lanes] != want[w])
                            ck_abort_msg("lanes %u shift %u instance %u vertex %u word %u: 0x%08x, "
                                         "want 0x%08x",
                                         lanes, shift, j, i, w, out[base + w * lanes], want[w]);
                }
        }
        free(buf);
        vf_layout_destroy(layout);
    }
    free(vb);
}
END_TEST

/* SoA equals AoS word for word, for every lane width, on one draw with
 * every register kind (signature, SV registers, system register, cuts). */
START_TEST(test_soa_matches_aos)
{
    vf_input_element_desc d[3] = {
        el("P", 0, VF_FORMAT_R16G16B16A16_SNORM, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("N", 0, VF_FORMAT_R11G11B10_FLOAT, 0, 8, VF_INPUT_PER_VERTEX_DATA, 0),
        el("I", 0, VF_FORMAT_R8G8B8A8_SINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 2),
    };
    vf_signature_element sig[4] = {
        { "N", 0, 0, 0x7, VF_REGISTER_COMPONENT_FLOAT32 },
        { "I", 0, 3, 0xf, VF_REGISTER_COMPONENT_SINT32 },
        { "SV_VertexID", 0, 1, 0x1, VF_REGISTER_COMPONENT_UINT32 },
        { "P", 0, 2, 0xf, VF_REGISTER_COMPONENT_FLOAT32 },
    };
    uint8_t b0[12 * 50], b1[4 * 3];
    vf_rng rng;
    vf_rng_seed(&rng, 99);
    vf_rng_fill(&rng, b0, sizeof(b0));
    vf_rng_fill(&rng, b1, sizeof(b1));
    vf_vertex_buffer_view vbs[2] = { { b0, sizeof(b0), 12 }, { b1, sizeof(b1), 4 } };
    uint32_t idx[77];
    for (uint32_t i = 0; i < 77; i++)
        idx[i] = i % 11 == 5 ? 0xffffffffu : (i * 7) % 53;
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    uint32_t sv = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    for (uint32_t v = 1; v <= 77; v += 19) {
        vf_draw_desc dd = indexed_desc(vbs, 2, &ib, 2, VF_TOPOLOGY_TRIANGLESTRIP, v, 5, 0, 0, 0);
        vf_layout *aos = make_layout_full(d, 3, NULL, sv, VF_OUTPUT_AOS, sig, 4);
        uint32_t *a = draw_words(aos, &dd, NULL);
        uint32_t nreg = vf_layout_register_count(aos);
        ck_assert_uint_eq(nreg, 5);
        for (uint32_t lanes = 4; lanes <= 16; lanes *= 2) {
            vf_layout *soa = make_layout_full(d, 3, NULL, sv, lanes, sig, 4);
            size_t words;
            uint32_t *s = draw_words(soa, &dd, &words);
            uint32_t batches = (v + lanes - 1) / lanes;
            ck_assert_uint_eq(words, (size_t)5 * batches * nreg * 4 * lanes);
            for (uint32_t j = 0; j < 5; j++)
                for (uint32_t bt = 0; bt < batches; bt++)
                    for (uint32_t w = 0; w < nreg * 4; w++)
                        for (uint32_t l = 0; l < lanes; l++) {
                            uint32_t i = bt * lanes + l;
                            uint32_t got = s[((size_t)(j * batches + bt) * nreg * 4 + w) * lanes + l];
                            uint32_t want = i < v ? a[((size_t)j * v + i) * nreg * 4 + w]
                                          : w == 4 * 4 + 2 ? VF_FLAG_INACTIVE
                                                           : 0;
                            if (got != want)
                                ck_abort_msg("lanes %u v %u inst %u vertex %u word %u: %08x != %08x",
                                             lanes, v, j, i, w, got, want);
                        }
            free(s);
            vf_layout_destroy(soa);
        }
        free(a);
        vf_layout_destroy(aos);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Guard pages                                                               */
/* ------------------------------------------------------------------------ */

/* Every buffer ends (or starts) on a PROT_NONE page; elements of every byte
 * size, with strides that put the last element flush against the guard; the
 * draw reads nothing outside the views and matches the reference. */
START_TEST(test_guard_pages)
{
    static const vf_format fmts[8] = {
        VF_FORMAT_R8_UINT,           VF_FORMAT_R8G8_SNORM,        VF_FORMAT_R16_FLOAT,
        VF_FORMAT_R10G10B10A2_UNORM, VF_FORMAT_R16G16B16A16_UINT, VF_FORMAT_R32G32_FLOAT,
        VF_FORMAT_R32G32B32_SINT,    VF_FORMAT_R32G32B32A32_FLOAT,
    };
    vf_rng rng;
    vf_rng_seed(&rng, 0x9a7d);
    for (int where = 0; where < 2; where++)
        for (int f = 0; f < 8; f++)
            for (int variant = 0; variant < 6; variant++) {
                uint32_t size = vf_format_info(fmts[f])->bytes, a = size < 4 ? size : 4;
                uint32_t off = variant & 1 ? a : 0;
                uint32_t stride = variant < 2 ? size + off : variant < 4 ? 0 : (size + a + 3) / a * a;
                uint32_t count = 1 + (uint32_t)variant * 7;
                /* The last element ends exactly at the end of the view. */
                uint32_t bytes = (count - 1) * stride + off + size;
                vf_input_element_desc d[2] = {
                    el("V", 0, fmts[f], 0, off, VF_INPUT_PER_VERTEX_DATA, 0),
                    el("I", 0, fmts[f], 1, off, VF_INPUT_PER_INSTANCE_DATA, 1),
                };
                vf_layout *layout = make_layout(d, 2, VF_SV_VERTEX_ID);
                vf_guarded g0, g1, gi;
                vf_guarded_alloc(&g0, bytes, where);
                vf_guarded_alloc(&g1, bytes, where);
                vf_rng_fill(&rng, g0.data, bytes);
                vf_rng_fill(&rng, g1.data, bytes);
                vf_vertex_buffer_view vbs[2] = { { g0.data, bytes, stride },
                                                 { g1.data, bytes, stride } };
                uint32_t nidx = count + 9;
                vf_guarded_alloc(&gi, nidx * 2, where);
                for (uint32_t i = 0; i < nidx; i++) {
                    uint16_t x = (uint16_t)(i % 3 == 2 ? count + i : (i * 5) % (count + 2));
                    memcpy(gi.data + i * 2, &x, 2);
                }
                vf_index_buffer_view ib = { gi.data, nidx * 2, VF_FORMAT_R16_UINT };
                vf_draw_desc dds[3] = {
                    draw_desc(vbs, 2, count + 70, count + 2, 0, 0),
                    indexed_desc(vbs, 2, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, nidx + 3, count + 2, 0,
                                 0, 0),
                    draw_desc(vbs, 2, 5, 2, count - 1, count - 1),
                };
                for (int t = 0; t < 3; t++) {
                    ia_ref r;
                    ia_ref_init_descs(&r, d, 2, NULL, VF_SV_VERTEX_ID, &dds[t]);
                    uint32_t *want = ia_ref_aos(&r);
                    size_t words;
                    uint32_t *got = draw_words(layout, &dds[t], &words);
                    expect_same(got, want, words, vf_format_name(fmts[f]));
                    free(got);
                    free(want);
                }
                vf_guarded_free(&g0);
                vf_guarded_free(&g1);
                vf_guarded_free(&gi);
                vf_layout_destroy(layout);
            }
}

/* Indexed batches whose vertex addresses come straight from the index
 * buffer (no strip cuts): two per-vertex slots, either of whose views may
 * end before some vertices (that slot's batch falls back to the per-vertex
 * rules there, the other slot's does not), SV_VertexID or not, a base
 * vertex that wraps some indices out, first blocks of sequential indices
 * before scattered ones, and an index buffer that ends inside the draw;
 * 16- and 32-bit indices, every fetch path, guard pages after every
 * buffer. */
static void indices_case(uint32_t isa, uint32_t sv, uint32_t isz, int short_slot, int32_t base,
                         vf_rng *rng)
{
    static const vf_input_element_desc d[5] = {
        { "P", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "C", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, 12, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "S", 0, VF_FORMAT_R16G16_SINT, 1, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "U", 0, VF_FORMAT_R32_UINT, 1, 4, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "W", 0, VF_FORMAT_R16G16_SNORM, 2, 0, VF_INPUT_PER_INSTANCE_DATA, 1 },
    };
    const uint32_t nv = 900, count = 1100;
    vf_layout *layout = make_layout_isa(d, 5, NULL, sv, VF_OUTPUT_AOS, isa);
    vf_guarded g0, g1, g2, gi;
    vf_guarded_alloc(&g0, nv * 16, 0);
    vf_guarded_alloc(&g1, nv * 8, 0);
    vf_guarded_alloc(&g2, 64, 0);
    vf_rng_fill(rng, g0.data, nv * 16);
    vf_rng_fill(rng, g1.data, nv * 8);
    vf_rng_fill(rng, g2.data, 64);
    /* A short view holds the first half of the vertices (the last one
     * partly). */
    vf_vertex_buffer_view vbs[3] = { { g0.data, short_slot == 0 ? nv * 8 + 6 : nv * 16, 16 },
                                     { g1.data, short_slot == 1 ? nv * 4 + 6 : nv * 8, 8 },
                                     { g2.data, 64, 4 } };
    /* The index buffer ends 40 positions before the draw does. */
    uint32_t nidx = count - 40;
    vf_guarded_alloc(&gi, (size_t)nidx * isz, 0);
    for (uint32_t i = 0; i < nidx; i++) {
        /* Positions 256..279 and 512..527 run sequentially (a batch's
         * first block), the rest is scattered over the vertices. */
        uint32_t x = (i >= 256 && i < 280) || (i >= 512 && i < 528) ? i - 200
                                                                     : vf_rng_below(rng, nv);
        if (isz == 2) {
            uint16_t h = (uint16_t)x;
            memcpy(gi.data + 2 * (size_t)i, &h, 2);
        } else {
            memcpy(gi.data + 4 * (size_t)i, &x, 4);
        }
    }
    vf_index_buffer_view ib = { gi.data, nidx * isz,
                                isz == 2 ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT };
    vf_draw_desc dd = indexed_desc(vbs, 3, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, count - 3, 2, 3,
                                   base, 1);
    ia_ref r;
    ia_ref_init_descs(&r, d, 5, NULL, sv, &dd);
    uint32_t *want = ia_ref_aos(&r);
    size_t words;
    uint32_t *got = draw_words(layout, &dd, &words);
    char what[96];
    snprintf(what, sizeof(what), "isa %s, sv %x, %u-byte indices, short slot %d, base %d",
             vf_isa_name(isa), sv, isz, short_slot, base);
    expect_same(got, want, words, what);
    free(got);
    free(want);
    vf_guarded_free(&g0);
    vf_guarded_free(&g1);
    vf_guarded_free(&g2);
    vf_guarded_free(&gi);
    vf_layout_destroy(layout);
}

START_TEST(test_indices_in_place)
{
    static const int32_t bases[3] = { 0, -5, 0x40000000 };
    /* SV_VertexID as a register of its own and in the packed word. */
    static const uint32_t svs[3] = { VF_SV_INSTANCE_ID, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID,
                                     VF_SV_VERTEX_ID | VF_SV_FLAGS };
    vf_rng rng;
    vf_rng_seed(&rng, 0x1d1ce5u);
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        if (!vf_isa_available(isa))
            continue;
        for (int k = 0; k < 3; k++)
            for (uint32_t isz = 2; isz <= 4; isz += 2)
                for (int short_slot = -1; short_slot < 2; short_slot++)
                    for (int b = 0; b < 3; b++)
                        indices_case(isa, svs[k], isz, short_slot, bases[b], &rng);
    }
}
END_TEST

static Suite *draw_random_suite(void)
{
    Suite *s = suite_create("draw_random");
    TCase *tc = tcase_create("random");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_random_aos, 0, 2);
    tcase_add_loop_test(tc, test_random_soa, 0, 2);
    tcase_add_test(tc, test_random_threads);
    tcase_add_test(tc, test_soa_matches_aos);
    tcase_add_test(tc, test_large_streaming_draw);
    tcase_add_test(tc, test_guard_pages);
    tcase_add_test(tc, test_indices_in_place);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(draw_random_suite());
}
