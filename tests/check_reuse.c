/*
 * check_reuse.c - vertex-reuse draws (vf_draw_reuse) against per-position
 * draws (vf_draw): random draws on every ISA and output shape, record by
 * record through a map computed here from the raw indices (first-seen
 * order, cuts); instancing, out-of-range indices, pools, primitive lists
 * in record numbers, guard pages on every caller buffer, one scratch kept
 * across draws, bad input and size overflow.
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
#include "reuse_ref.h"
#include "test_util.h"

/* ------------------------------------------------------------------------ */
/* Random draws                                                             */
/* ------------------------------------------------------------------------ */

/* One case on one layout: per-position output, then the reuse draw into
 * guarded buffers of exactly the sizes it needs, compared record by
 * record; a pool when given; the primitive list in record numbers. */
static void reuse_check(const struct rcase *c, const vf_layout *layout, vf_thread_pool *pool,
                        const char *what)
{
    const vf_draw_desc *d = &c->d;
    uint32_t n = d->vertex_count_per_instance, ni = d->instance_count;
    uint32_t lanes = vf_layout_output_shape(layout) ? vf_layout_output_shape(layout) : 1;
    uint32_t nwords = vf_layout_register_count(layout) * 4;
    size_t words;
    uint32_t *per = draw_words(layout, d, &words);

    uint32_t *want_map = malloc(((size_t)n + 1) * 4);
    ck_assert_ptr_nonnull(want_map);
    uint32_t u = reuse_ref_map(d, want_map);

    size_t scratch_size, out_size;
    ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, d, &scratch_size), VF_OK);
    ck_assert_int_eq(vf_draw_output_size(layout, u, ni, &out_size), VF_OK);
    vf_guarded gs, go, gr;
    vf_guarded_alloc(&gs, scratch_size, VF_GUARD_AFTER);
    vf_guarded_alloc(&go, out_size, VF_GUARD_AFTER);
    vf_guarded_alloc(&gr, (size_t)n * 4, VF_GUARD_AFTER);
    uint32_t *remap = (uint32_t *)(void *)gr.data;
    memset(go.data, 0xCD, out_size);
    memset(remap, 0xAB, (size_t)n * 4);

    /* One byte short of the records: nothing written, on the pool too
     * (whose search holds the map back until the output fits). */
    vf_draw_desc dd = *d;
    dd.pool = pool;
    uint32_t got_u = 0x5eed;
    if (out_size > 0) {
        ck_assert_int_eq(vf_draw_reuse(layout, &dd, gs.data, scratch_size, go.data, out_size - 1,
                                       remap, n, &got_u),
                         VF_ERROR_OUTPUT_TOO_SMALL);
        ck_assert_uint_eq(got_u, 0x5eed);
        /* Plain compares: a Check assertion per word costs a write. */
        for (uint32_t p = 0; p < n; p++)
            if (remap[p] != 0xABABABABu)
                ck_abort_msg("%s: remap[%u] written on error", what, p);
        for (size_t b = 0; b < out_size; b++)
            if (go.data[b] != 0xCD)
                ck_abort_msg("%s: output byte %zu written on error", what, b);
    }
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, gs.data, scratch_size, go.data, out_size, remap,
                                   n, &got_u),
                     VF_OK);
    ck_assert_msg(got_u == u, "%s: %u unique, want %u", what, got_u, u);
    for (uint32_t p = 0; p < n; p++)
        if (remap[p] != want_map[p])
            ck_abort_msg("%s: remap[%u] = %u, want %u", what, p, remap[p], want_map[p]);

    /* Record by record: position p of instance j holds record remap[p]. */
    uint32_t *a = malloc((size_t)nwords * 4 + 4), *b = malloc((size_t)nwords * 4 + 4);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    uint32_t nreg = nwords / 4;
    for (uint32_t j = 0; j < ni; j++)
        for (uint32_t p = 0; p < n; p++) {
            if (want_map[p] == VF_REUSE_CUT)
                continue;
            uint32_t at = ia_ref_out_pos(lanes, n, j, p);
            uint32_t rec = ia_ref_out_pos(lanes, u, j, want_map[p]);
            for (uint32_t w = 0; w < nwords; w++) {
                a[w] = ia_ref_out_word((const uint8_t *)per, lanes, nreg, at, w);
                b[w] = ia_ref_out_word(go.data, lanes, nreg, rec, w);
            }
            if (memcmp(a, b, (size_t)nwords * 4) != 0) {
                char msg[160];
                snprintf(msg, sizeof(msg), "%s: instance %u position %u", what, j, p);
                expect_same(b, a, nwords, msg);
            }
        }
    free(a);
    free(b);

    /* The primitive list in record numbers. */
    uint32_t prims = 0, vpp = 0;
    ck_assert_int_eq(vf_primitive_count(d, &prims, &vpp, NULL), VF_OK);
    if (prims > 0) {
        size_t nl = (size_t)prims * vpp;
        uint32_t *list = malloc(nl * 4), *orig = malloc(nl * 4), written = 0;
        ck_assert_ptr_nonnull(list);
        ck_assert_ptr_nonnull(orig);
        ck_assert_int_eq(vf_draw_primitives(d, 0, list, nl, &written), VF_OK);
        ck_assert_uint_eq(written, prims);
        memcpy(orig, list, nl * 4);
        ck_assert_int_eq(vf_reuse_remap_list(remap, n, list, nl), VF_OK);
        for (size_t i = 0; i < nl; i++)
            if (list[i] != want_map[orig[i]])
                ck_abort_msg("%s: primitive word %zu", what, i);
        free(list);
        free(orig);
    }

    vf_guarded_free(&gs);
    vf_guarded_free(&go);
    vf_guarded_free(&gr);
    free(want_map);
    free(per);
}

static void every_isa_check(const struct rcase *c, const vf_layout *layout, const char *what,
                            void *ctx)
{
    (void)ctx;
    reuse_check(c, layout, NULL, what);
}

START_TEST(test_random_every_isa)
{
    rcase_every_isa(0x7e05e000u + (uint64_t)_i, 60, (int)_i, every_isa_check, NULL);
}
END_TEST

START_TEST(test_random_pool)
{
    vf_format fmts[128];
    uint32_t nfmts = ia_formats(fmts);
    vf_rng rng;
    vf_rng_seed(&rng, 0x9001);
    /* 4 threads, and 8: enough for the split search of the indices. */
    vf_thread_pool *pools[2] = { NULL, NULL };
    ck_assert_int_eq(vf_thread_pool_create(3, &pools[0]), VF_OK);
    ck_assert_int_eq(vf_thread_pool_create(7, &pools[1]), VF_OK);
    for (int i = 0; i < 2; i++)
        vf_thread_pool_set_min_bytes(pools[i], 0);
    for (int iter = 0; iter < 40; iter++) {
        vf_thread_pool *pool = pools[iter % 2];
        struct rcase c;
        rcase_make(&c, &rng, fmts, nfmts);
        vf_layout *layout = rcase_layout(&c, VF_OUTPUT_AOS, VF_ISA_AUTO);
        char what[64];
        snprintf(what, sizeof(what), "pool case %d", iter);
        reuse_check(&c, layout, pool, what);
        vf_layout_destroy(layout);
        rcase_free(&c);
    }
    vf_thread_pool_destroy(pools[0]);
    vf_thread_pool_destroy(pools[1]);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* A grid mesh with instancing, large enough for the direct-mapped table,   */
/* and one with indices spread over 2^32 (the hash table)                   */
/* ------------------------------------------------------------------------ */

static void mesh_case(int spread)
{
    enum { W = 40, H = 30 };
    vf_input_element_desc d[3] = {
        el("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, 0, 0),
        el("COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, 12, 0, 0),
        el("OFFSET", 0, VF_FORMAT_R16G16_SNORM, 1, 0, 1, 1),
    };
    struct rcase c;
    memset(&c, 0, sizeof(c));
    memcpy(c.descs, d, sizeof(d));
    c.n = 3;
    c.sv = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    size_t nidx = (size_t)(W - 1) * (H - 1) * 6;
    uint32_t *idx = xalloc(nidx * 4);
    size_t k = 0;
    for (uint32_t y = 0; y + 1 < H; y++)
        for (uint32_t x = 0; x + 1 < W; x++) {
            uint32_t v = y * W + x, q[6] = { v, v + 1, v + W, v + W, v + 1, v + W + 1 };
            for (int i = 0; i < 6; i++)
                idx[k++] = spread ? q[i] * 2654435761u : q[i];
        }
    vf_guarded_alloc(&c.vbg[0], (size_t)W * H * 16, VF_GUARD_AFTER);
    vf_guarded_alloc(&c.vbg[1], 64, VF_GUARD_AFTER);
    fill_addr(c.vbg[0].data, c.vbg[0].size, 1);
    fill_addr(c.vbg[1].data, c.vbg[1].size, 2);
    c.vbs[0] = (vf_vertex_buffer_view){ c.vbg[0].data, (uint32_t)c.vbg[0].size, 16 };
    c.vbs[1] = (vf_vertex_buffer_view){ c.vbg[1].data, (uint32_t)c.vbg[1].size, 4 };
    c.ib = (vf_index_buffer_view){ idx, (uint32_t)(nidx * 4), VF_FORMAT_R32_UINT };
    c.d = indexed_desc(c.vbs, 2, &c.ib, 0, VF_TOPOLOGY_TRIANGLELIST, (uint32_t)nidx, 20, 0, 7, 3);
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        if (!vf_isa_available(isa))
            continue;
        vf_layout *layout = rcase_layout(&c, VF_OUTPUT_AOS, isa);
        reuse_check(&c, layout, NULL, spread ? "spread mesh" : "mesh");
        vf_layout_destroy(layout);
    }
    vf_guarded_free(&c.vbg[0]);
    vf_guarded_free(&c.vbg[1]);
    free(idx);
}

START_TEST(test_mesh_instanced)
{
    mesh_case(0);
    mesh_case(1);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* A map of more than 8 MiB (written with streaming stores where the ISA   */
/* has them), into an array at every offset from a 16-byte boundary        */
/* ------------------------------------------------------------------------ */

/* A layout of one R32_UINT element on `isa`: a record's first word is the
 * vertex's own. */
static vf_layout *uint_layout(uint32_t isa)
{
    vf_input_element_desc d[1] = { el("POSITION", 0, VF_FORMAT_R32_UINT, 0, 0, 0, 0) };
    vf_layout_options lo;
    vf_layout_options_init(&lo);
    lo.isa = isa;
    vf_layout *layout = NULL;
    ck_assert_int_eq(vf_layout_create(d, 1, &lo, &layout, NULL), VF_OK);
    return layout;
}

/* The map by a table over index values (all below n + 16 here). */
static uint32_t table_map(const uint32_t *idx, uint32_t n, int cuts, uint32_t *want)
{
    uint32_t *rec = xalloc(((size_t)n + 16) * 4), u = 0;
    memset(rec, 0xff, ((size_t)n + 16) * 4);
    for (uint32_t p = 0; p < n; p++) {
        if (cuts && idx[p] == 0xFFFFFFFFu) {
            want[p] = VF_REUSE_CUT;
            continue;
        }
        if (rec[idx[p]] == 0xFFFFFFFFu)
            rec[idx[p]] = u++;
        want[p] = rec[idx[p]];
    }
    free(rec);
    return u;
}

/* One large draw on every ISA, serially and on a pool, with the map at
 * every offset from a 16-byte boundary, into an output of out_records
 * records. */
static void large_case(const vf_draw_desc *dd, const uint32_t *want, uint32_t u_want,
                       uint32_t out_records)
{
    uint32_t n = dd->vertex_count_per_instance;
    uint32_t *remap = xalloc(((size_t)n + 4) * 4);
    vf_thread_pool *pool = NULL;
    ck_assert_int_eq(vf_thread_pool_create(7, &pool), VF_OK);
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        if (!vf_isa_available(isa))
            continue;
        vf_layout *layout = uint_layout(isa);
        size_t ss, os;
        ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, dd, &ss), VF_OK);
        ck_assert_int_eq(vf_draw_output_size(layout, out_records, 1, &os), VF_OK);
        void *scratch = xalloc(ss), *out = xalloc(os);
        /* Zeroed only for memory checkers (vfetch.h, vf_draw_reuse): the
         * search reads table slots it never wrote, by design. */
        memset(scratch, 0, ss);
        for (uint32_t off = 0; off < 8; off++) {
            vf_draw_desc run = *dd;
            run.pool = off >= 4 ? pool : NULL;
            uint32_t u = 0, *map = remap + off % 4;
            ck_assert_int_eq(vf_draw_reuse(layout, &run, scratch, ss, out, os, map, n, &u),
                             VF_OK);
            ck_assert_uint_eq(u, u_want);
            for (uint32_t p = 0; p < n; p++)
                if (map[p] != want[p])
                    ck_abort_msg("isa %u run %u: position %u maps to %u, not %u", isa, off, p,
                                 map[p], want[p]);
        }
        free(scratch);
        free(out);
        vf_layout_destroy(layout);
    }
    vf_thread_pool_destroy(pool);
    free(remap);
}

START_TEST(test_large_map)
{
    /* Position p reads index (p + 1) / 2, every fifth one an index seen
     * earlier; in the strip, every 97th position is a cut. The third draw
     * has room for a record per position and one index past that near its
     * end: the search, which expects every index below the records the
     * output holds, finds out only there and starts again. */
    const uint32_t big = (1u << 21) + 1027;
    uint32_t *idx = xalloc((size_t)big * 4), *want = xalloc((size_t)big * 4);
    for (int kind = 0; kind < 4; kind++) {
        /* The fourth: the third's shape, too small to stream its map. */
        uint32_t n = kind == 3 ? 3 * 1024 + 77 : big;
        int strip = kind == 1;
        for (uint32_t p = 0; p < n; p++)
            idx[p] = strip && p % 97 == 96 ? 0xFFFFFFFFu : p % 5 == 4 ? p / 6 : (p + 1) / 2;
        if (kind >= 2)
            idx[n - 700] = n + 5;
        uint32_t u = table_map(idx, n, strip, want);
        _Alignas(16) uint8_t vb[16] = { 0 };
        vf_vertex_buffer_view vbv = { vb, sizeof(vb), 4 };
        vf_index_buffer_view ib = { idx, n * 4, VF_FORMAT_R32_UINT };
        vf_draw_desc dd = indexed_desc(&vbv, 1, &ib, strip ? 2 : 0,
                                       strip ? VF_TOPOLOGY_TRIANGLESTRIP
                                             : VF_TOPOLOGY_TRIANGLELIST,
                                       n, 1, 0, 0, 0);
        large_case(&dd, want, u, kind >= 2 ? n : u);
    }
    free(want);
    free(idx);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* One scratch kept across 16-bit draws: the search over a cleared span of   */
/* the table (x86, spans up to twice the positions) and the search that      */
/* never clears it, each after the other                                     */
/* ------------------------------------------------------------------------ */

/* Indices of draw `k` of the sequence: narrow spans at low and high index
 * values (cleared), spans wider than twice the positions (not cleared),
 * and a one-position draw. Each draw mixes fresh indices with repeats. */
static uint32_t seq_indices(uint32_t k, vf_rng *rng, uint16_t *idx)
{
    static const uint32_t counts[6] = { 3000, 64, 1, 700, 4099, 33 };
    uint32_t n = counts[k % 6];
    uint32_t base = vf_rng_below(rng, 2) ? 0 : 65536 - 3 * n;
    uint32_t span = k % 2 ? 4 * n + 1 : n / 2 + 1; /* odd draws: too wide to clear */
    if (base + span > 65536)
        base = 65536 - span;
    for (uint32_t p = 0; p < n; p++)
        idx[p] = (uint16_t)(base + vf_rng_below(rng, span));
    if (k % 2 && n > 1) { /* the span's two ends, so it is as wide as meant */
        idx[0] = (uint16_t)base;
        idx[n - 1] = (uint16_t)(base + span - 1);
    }
    return n;
}

START_TEST(test_scratch_kept_16bit)
{
    /* Vertex v holds v * 3 + 1: a record's word says which index it is. */
    uint32_t *vb = xalloc(65536 * 4);
    for (uint32_t v = 0; v < 65536; v++)
        vb[v] = v * 3 + 1;
    uint16_t *idx = xalloc(4099 * 2);
    uint32_t *want = xalloc(4099 * 4), *remap = xalloc(4099 * 4), *out = xalloc(4099 * 16);
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        if (!vf_isa_available(isa))
            continue;
        vf_layout *layout = uint_layout(isa);
        /* Scratch for the largest draw, holding stale records that name
         * small record numbers, as a draw of other indices leaves them. */
        size_t words = 2 * 4099 + 65536;
        uint32_t *scratch = xalloc(words * 4);
        for (size_t w = 0; w < words; w++)
            scratch[w] = (uint32_t)(w % 5);
        vf_rng rng;
        vf_rng_seed(&rng, 0x5c4a7c4u + isa);
        for (uint32_t k = 0; k < 24; k++) {
            uint32_t n = seq_indices(k, &rng, idx);
            uint32_t idx32[4099];
            for (uint32_t p = 0; p < n; p++)
                idx32[p] = idx[p];
            /* The map by a table over every 16-bit value: record r is the
             * r-th distinct index seen. */
            uint32_t u_want = 0, *first = xalloc(65536 * 4);
            memset(first, 0xff, 65536 * 4);
            for (uint32_t p = 0; p < n; p++) {
                if (first[idx32[p]] == 0xFFFFFFFFu)
                    first[idx32[p]] = u_want++;
                want[p] = first[idx32[p]];
            }
            free(first);
            vf_vertex_buffer_view vbv = { vb, 65536 * 4, 4 };
            vf_index_buffer_view ib = { idx, n * 2, VF_FORMAT_R16_UINT };
            vf_draw_desc dd = indexed_desc(&vbv, 1, &ib, 0, VF_TOPOLOGY_POINTLIST, n, 1, 0, 0, 0);
            size_t ss = 0;
            ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, &dd, &ss), VF_OK);
            ck_assert_uint_le(ss, words * 4);
            uint32_t u = 0;
            ck_assert_int_eq(vf_draw_reuse(layout, &dd, scratch, ss, out, (size_t)n * 16, remap,
                                           n, &u),
                             VF_OK);
            ck_assert_uint_eq(u, u_want);
            for (uint32_t p = 0; p < n; p++) {
                if (remap[p] != want[p])
                    ck_abort_msg("isa %u draw %u: position %u maps to %u, not %u", isa, k, p,
                                 remap[p], want[p]);
                if (out[(size_t)remap[p] * 4] != idx32[p] * 3 + 1)
                    ck_abort_msg("isa %u draw %u: record of position %u holds %u", isa, k, p,
                                 out[(size_t)remap[p] * 4]);
            }
        }
        free(scratch);
        vf_layout_destroy(layout);
    }
    free(vb);
    free(idx);
    free(want);
    free(remap);
    free(out);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Bad input                                                                */
/* ------------------------------------------------------------------------ */

START_TEST(test_bad_input)
{
    vf_input_element_desc d[1] = { el("POSITION", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 0, 0, 0) };
    vf_layout *layout = make_layout(d, 1, VF_SV_VERTEX_ID);
    _Alignas(16) uint8_t vb[64] = { 0 };
    vf_vertex_buffer_view vbv = { vb, sizeof(vb), 16 };
    uint16_t idx[6] = { 0, 1, 2, 2, 1, 3 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_draw_desc dd = indexed_desc(&vbv, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 6, 1, 0, 0, 0);
    size_t ss = 0;
    static _Alignas(16) uint32_t scratch[2 * 6 + 65536 + 4];
    _Alignas(16) uint8_t out[4 * 32 + 16];
    uint32_t remap[6], u = 77;

    ck_assert_int_eq(vf_draw_reuse_scratch_size(NULL, &dd, &ss), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, NULL, &ss), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, &dd, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, &dd, &ss), VF_OK);
    ck_assert_uint_eq(ss, 4 * (2 * 6 + 65536)); /* 16-bit indices: every value a slot */

    memset(remap, 0xAB, sizeof(remap));
    ck_assert_int_eq(vf_draw_reuse(NULL, &dd, scratch, ss, out, sizeof(out), remap, 6, &u),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_reuse(layout, NULL, scratch, ss, out, sizeof(out), remap, 6, &u),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, scratch, ss, out, sizeof(out), remap, 6, NULL),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, scratch, ss - 4, out, sizeof(out), remap, 6, &u),
                     VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, NULL, ss, out, sizeof(out), remap, 6, &u),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, scratch, ss, out, sizeof(out), remap, 5, &u),
                     VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, scratch, ss, out, sizeof(out), NULL, 6, &u),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, (uint8_t *)scratch + 2, ss, out, sizeof(out),
                                   remap, 6, &u),
                     VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, scratch, ss, out + 4, sizeof(out) - 4, remap, 6,
                                   &u),
                     VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, scratch, ss, NULL, 0, remap, 6, &u),
                     VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, scratch, ss, NULL, sizeof(out), remap, 6, &u),
                     VF_ERROR_NULL_POINTER);
    /* Draw validation comes first, with vf_draw's codes. */
    vf_index_buffer_view bad_ib = ib;
    bad_ib.format = VF_FORMAT_R8_UINT;
    vf_draw_desc bad = dd;
    bad.index_buffer = &bad_ib;
    ck_assert_int_eq(vf_draw_reuse(layout, &bad, scratch, ss, out, sizeof(out), remap, 6, &u),
                     VF_ERROR_INVALID_INDEX_FORMAT);
    ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, &bad, &ss), VF_ERROR_INVALID_INDEX_FORMAT);
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(remap[i], 0xABABABABu);
    ck_assert_uint_eq(u, 77);

    ck_assert_int_eq(vf_draw_reuse(layout, &dd, scratch, ss, out, 4 * 32, remap, 6, &u), VF_OK);
    ck_assert_uint_eq(u, 4);
    const uint32_t want[6] = { 0, 1, 2, 2, 1, 3 };
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(remap[i], want[i]);
    /* No instances: nothing is written, so out may be NULL, as for vf_draw
     * of a draw of no records; the map and U are still the draw's. */
    vf_draw_desc none = dd;
    none.instance_count = 0;
    memset(remap, 0xAB, sizeof(remap));
    u = 77;
    ck_assert_int_eq(vf_draw(layout, &none, NULL, 0), VF_OK);
    ck_assert_int_eq(vf_draw_reuse(layout, &none, scratch, ss, NULL, 0, remap, 6, &u), VF_OK);
    ck_assert_uint_eq(u, 4);
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(remap[i], want[i]);
    ck_assert_int_eq(vf_draw(layout, &dd, NULL, 6 * 32), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, scratch, ss, NULL, 4 * 32, remap, 6, &u),
                     VF_ERROR_NULL_POINTER);

    /* Sizes: more than 2^30 - 1 positions, or a size past size_t. */
    dd.vertex_count_per_instance = 1u << 30;
    ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, &dd, &ss), VF_ERROR_OVERFLOW);
    ck_assert_int_eq(vf_draw_reuse(layout, &dd, scratch, SIZE_MAX, out, sizeof(out), remap,
                                   SIZE_MAX, &u),
                     VF_ERROR_OVERFLOW);
    dd.vertex_count_per_instance = (1u << 30) - 1;
    ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, &dd, &ss), VF_OK);
    ck_assert_uint_eq(ss, 4 * (2 * (uint64_t)((1u << 30) - 1) + (1ull << 31)));
    /* Non-indexed: no scratch, the identity map. */
    vf_draw_desc lin = draw_desc(&vbv, 1, 4, 1, 0, 0);
    ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, &lin, &ss), VF_OK);
    ck_assert_uint_eq(ss, 0);
    ck_assert_int_eq(vf_draw_reuse(layout, &lin, NULL, 0, out, sizeof(out), remap, 4, &u), VF_OK);
    ck_assert_uint_eq(u, 4);
    for (uint32_t i = 0; i < 4; i++)
        ck_assert_uint_eq(remap[i], i);

    /* The remap of a list. */
    uint32_t map[4] = { 0, 1, VF_REUSE_CUT, 1 }, list[3] = { 3, 0, 1 };
    ck_assert_int_eq(vf_reuse_remap_list(map, 4, list, 3), VF_OK);
    ck_assert_uint_eq(list[0], 1);
    ck_assert_uint_eq(list[1], 0);
    ck_assert_uint_eq(list[2], 1);
    uint32_t bad_list[2] = { 0, 2 };
    ck_assert_int_eq(vf_reuse_remap_list(map, 4, bad_list, 2), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_uint_eq(bad_list[0], 0);
    bad_list[1] = 4;
    ck_assert_int_eq(vf_reuse_remap_list(map, 4, bad_list, 2), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_reuse_remap_list(NULL, 4, bad_list, 2), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_remap_list(NULL, 0, NULL, 0), VF_OK);
    vf_layout_destroy(layout);
}
END_TEST

static Suite *reuse_suite(void)
{
    Suite *s = suite_create("reuse");
    TCase *tc = tcase_create("reuse");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_random_every_isa, 0, 3);
    tcase_add_test(tc, test_random_pool);
    tcase_add_test(tc, test_mesh_instanced);
    tcase_add_test(tc, test_large_map);
    tcase_add_test(tc, test_scratch_kept_16bit);
    tcase_add_test(tc, test_bad_input);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(reuse_suite());
}
