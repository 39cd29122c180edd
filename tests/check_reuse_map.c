/*
 * check_reuse_map.c - vertex reuse in two calls (vf_reuse_map, then the
 * draw vf_reuse_records_desc builds): the map and the distinct indices
 * against the reference (tests/ref/reuse_ref.c), the records through the
 * map against per-position vf_draw and byte for byte against
 * vf_draw_reuse; random draws (cuts, 16/32-bit, base vertex, instances)
 * on every ISA and on pools of 1 to 16 threads, long index streams for
 * the split search, scratch sizes by the header's formula, and bad input
 * writing nothing.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vfetch.h"
#include "check_main.h"
#include "draw_helpers.h"
#include "ia_ref.h"
#include "reuse_ref.h"
#include "test_util.h"

/* The header's scratch formula for vf_reuse_map: 4 * (N + T), T the
 * smallest power of two >= 2N, at least 16, at least 65536 for 16-bit
 * indices (a view without data has none: its indices are all 0); 0
 * without indices or positions. */
static size_t want_scratch(const vf_draw_desc *d)
{
    uint64_t n = d->vertex_count_per_instance, t = 16;
    if (!d->indexed || n == 0)
        return 0;
    while (t < 2 * n)
        t *= 2;
    const vf_index_buffer_view *ib = d->index_buffer;
    if (ib && ib->data && ib->format == VF_FORMAT_R16_UINT && t < 65536)
        t = 65536;
    return (size_t)(4 * (n + t));
}

/* The caller's buffers of one vf_reuse_map call, guarded after. */
struct map_bufs {
    vf_guarded scratch, remap, unique;
    size_t scratch_size, unique_cap;
};

static void bufs_alloc(struct map_bufs *b, const vf_draw_desc *d, size_t scratch_size)
{
    uint32_t n = d->vertex_count_per_instance;
    b->scratch_size = scratch_size;
    b->unique_cap = d->indexed ? n : 0;
    vf_guarded_alloc(&b->scratch, scratch_size, VF_GUARD_AFTER);
    vf_guarded_alloc(&b->remap, (size_t)n * 4, VF_GUARD_AFTER);
    vf_guarded_alloc(&b->unique, b->unique_cap * 4, VF_GUARD_AFTER);
    memset(b->remap.data, 0xAB, (size_t)n * 4);
    memset(b->unique.data, 0xAB, b->unique_cap * 4);
}

static void bufs_free(struct map_bufs *b)
{
    vf_guarded_free(&b->scratch);
    vf_guarded_free(&b->remap);
    vf_guarded_free(&b->unique);
}

static void expect_untouched(const struct map_bufs *b, size_t remap_bytes, uint32_t u,
                             const char *what)
{
    ck_assert_msg(u == 0x5eed, "%s: count written on error", what);
    for (size_t i = 0; i < remap_bytes; i++)
        if (b->remap.data[i] != 0xAB)
            ck_abort_msg("%s: map byte %zu written on error", what, i);
    for (size_t i = 0; i < b->unique_cap * 4; i++)
        if (b->unique.data[i] != 0xAB)
            ck_abort_msg("%s: unique byte %zu written on error", what, i);
}

/* Every buffer one short in turn: VF_ERROR_OUTPUT_TOO_SMALL, nothing
 * written. */
static void short_buffers(const vf_layout *layout, const vf_draw_desc *d, struct map_bufs *b,
                          const char *what)
{
    uint32_t n = d->vertex_count_per_instance, u = 0x5eed;
    uint32_t *remap = (uint32_t *)(void *)b->remap.data;
    uint32_t *unique = (uint32_t *)(void *)b->unique.data;
    size_t rb = (size_t)n * 4;
    if (b->scratch_size) {
        ck_assert_int_eq(vf_reuse_map(layout, d, b->scratch.data, b->scratch_size - 4, remap, n,
                                      unique, b->unique_cap, &u),
                         VF_ERROR_OUTPUT_TOO_SMALL);
        expect_untouched(b, rb, u, what);
    }
    if (n) {
        ck_assert_int_eq(vf_reuse_map(layout, d, b->scratch.data, b->scratch_size, remap, n - 1,
                                      unique, b->unique_cap, &u),
                         VF_ERROR_OUTPUT_TOO_SMALL);
        expect_untouched(b, rb, u, what);
    }
    if (b->unique_cap) {
        ck_assert_int_eq(vf_reuse_map(layout, d, b->scratch.data, b->scratch_size, remap, n,
                                      unique, b->unique_cap - 1, &u),
                         VF_ERROR_OUTPUT_TOO_SMALL);
        expect_untouched(b, rb, u, what);
    }
}

/* The records through the map against per-position output `per`. */
static void expect_records(const vf_layout *layout, const vf_draw_desc *d, const uint32_t *per,
                           const uint8_t *out, const uint32_t *map, uint32_t u, const char *what)
{
    uint32_t n = d->vertex_count_per_instance;
    uint32_t lanes = vf_layout_output_shape(layout) ? vf_layout_output_shape(layout) : 1;
    uint32_t nreg = vf_layout_register_count(layout);
    for (uint32_t j = 0; j < d->instance_count; j++)
        for (uint32_t p = 0; p < n; p++) {
            if (map[p] == VF_REUSE_CUT)
                continue;
            uint32_t at = ia_ref_out_pos(lanes, n, j, p);
            uint32_t rec = ia_ref_out_pos(lanes, u, j, map[p]);
            for (uint32_t w = 0; w < nreg * 4; w++)
                if (ia_ref_out_word(out, lanes, nreg, rec, w) !=
                    ia_ref_out_word((const uint8_t *)per, lanes, nreg, at, w))
                    ck_abort_msg("%s: instance %u position %u word %u", what, j, p, w);
        }
}

/* vf_draw_reuse's records of the same draw, for a byte compare. */
static uint8_t *wrapper_records(const vf_layout *layout, const vf_draw_desc *d, size_t out_size)
{
    uint32_t n = d->vertex_count_per_instance, u = 0;
    size_t ss = 0;
    ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, d, &ss), VF_OK);
    void *scratch = xalloc(ss);
    uint8_t *out = xalloc(out_size);
    uint32_t *remap = xalloc((size_t)n * 4);
    /* Never-written scratch reads as uninitialised to valgrind (vfetch.h). */
    memset(scratch, 0, ss);
    memset(out, 0xCD, out_size);
    ck_assert_int_eq(vf_draw_reuse(layout, d, scratch, ss, out, out_size, remap, n, &u), VF_OK);
    free(scratch);
    free(remap);
    return out;
}

/* The records draw of the two calls into exactly U records an instance,
 * checked against per-position output and against vf_draw_reuse. */
static void records_check(const vf_layout *layout, const vf_draw_desc *d, const uint32_t *map,
                          const uint32_t *unique, uint32_t u, const char *what)
{
    vf_index_buffer_view ib;
    vf_draw_desc rd;
    size_t out_size;
    ck_assert_int_eq(vf_reuse_records_desc(d, unique, u, &ib, &rd), VF_OK);
    ck_assert_int_eq(vf_draw_output_size(layout, u, d->instance_count, &out_size), VF_OK);
    vf_guarded go;
    vf_guarded_alloc(&go, out_size, VF_GUARD_AFTER);
    memset(go.data, 0xCD, out_size);
    ck_assert_int_eq(vf_draw(layout, &rd, go.data, out_size), VF_OK);
    vf_draw_desc plain = *d;
    plain.pool = NULL;
    uint32_t *per = draw_words(layout, &plain, NULL);
    expect_records(layout, d, per, go.data, map, u, what);
    uint8_t *wrapped = wrapper_records(layout, &plain, out_size);
    if (memcmp(wrapped, go.data, out_size) != 0)
        ck_abort_msg("%s: records differ from vf_draw_reuse's", what);
    free(wrapped);
    free(per);
    vf_guarded_free(&go);
}

/* Both calls on one draw and layout, with `pool` (NULL: none). */
static void two_calls(const vf_layout *layout, const vf_draw_desc *d, vf_thread_pool *pool,
                      const char *what)
{
    uint32_t n = d->vertex_count_per_instance;
    uint32_t *want_map = xalloc((size_t)n * 4 + 4), *want_unique = xalloc((size_t)n * 4 + 4);
    uint32_t want_u = reuse_ref_map_unique(d, want_map, want_unique);
    size_t ss = 1;
    ck_assert_int_eq(vf_reuse_map_scratch_size(layout, d, &ss), VF_OK);
    ck_assert_msg(ss == want_scratch(d), "%s: scratch %zu, want %zu", what, ss, want_scratch(d));
    struct map_bufs b;
    bufs_alloc(&b, d, ss);
    short_buffers(layout, d, &b, what);
    vf_draw_desc dd = *d;
    dd.pool = pool;
    uint32_t *remap = (uint32_t *)(void *)b.remap.data, u = 0x5eed;
    uint32_t *unique = b.unique_cap ? (uint32_t *)(void *)b.unique.data : NULL;
    ck_assert_int_eq(vf_reuse_map(layout, &dd, ss ? b.scratch.data : NULL, ss, remap, n, unique,
                                  b.unique_cap, &u),
                     VF_OK);
    ck_assert_msg(u == want_u, "%s: %u distinct, want %u", what, u, want_u);
    for (uint32_t p = 0; p < n; p++)
        if (remap[p] != want_map[p])
            ck_abort_msg("%s: map[%u] = %u, want %u", what, p, remap[p], want_map[p]);
    for (uint32_t r = 0; d->indexed && r < u; r++)
        if (unique[r] != want_unique[r])
            ck_abort_msg("%s: unique[%u] = %u, want %u", what, r, unique[r], want_unique[r]);
    records_check(layout, &dd, remap, unique, u, what);
    bufs_free(&b);
    free(want_map);
    free(want_unique);
}

/* Pools of 1 (none), 2, 3, 4, 6, 8 and 16 threads: below and above the
 * split search's threshold; each told to split the smallest draws. */
#define NPOOLS 7
static const uint32_t pool_threads[NPOOLS] = { 0, 1, 2, 3, 5, 7, 15 };

static void pools_create(vf_thread_pool **pools)
{
    for (int i = 0; i < NPOOLS; i++) {
        pools[i] = NULL;
        if (pool_threads[i] == 0)
            continue;
        ck_assert_int_eq(vf_thread_pool_create(pool_threads[i], &pools[i]), VF_OK);
        vf_thread_pool_set_min_bytes(pools[i], 0);
    }
}

static void pools_destroy(vf_thread_pool **pools)
{
    for (int i = 0; i < NPOOLS; i++)
        vf_thread_pool_destroy(pools[i]);
}

/* ------------------------------------------------------------------------ */
/* Random draws                                                             */
/* ------------------------------------------------------------------------ */

static void every_isa_check(const struct rcase *c, const vf_layout *layout, const char *what,
                            void *ctx)
{
    (void)ctx;
    two_calls(layout, &c->d, NULL, what);
}

START_TEST(test_random_every_isa)
{
    rcase_every_isa(0x2e05e3a9u + (uint64_t)_i, 40, (int)_i, every_isa_check, NULL);
}
END_TEST

START_TEST(test_random_threads)
{
    vf_format fmts[128];
    uint32_t nfmts = ia_formats(fmts);
    vf_rng rng;
    vf_rng_seed(&rng, 0x7b3ad5u);
    vf_thread_pool *pools[NPOOLS];
    pools_create(pools);
    for (int iter = 0; iter < 30; iter++) {
        struct rcase c;
        rcase_make(&c, &rng, fmts, nfmts);
        vf_layout *layout = rcase_layout(&c, VF_OUTPUT_AOS, VF_ISA_AUTO);
        for (int i = 0; i < NPOOLS; i++) {
            char what[64];
            snprintf(what, sizeof(what), "case %d, %u threads", iter, pool_threads[i] + 1);
            two_calls(layout, &c.d, pools[i], what);
        }
        vf_layout_destroy(layout);
        rcase_free(&c);
    }
    pools_destroy(pools);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Long index streams: the split search, the direct table, the hash table   */
/* ------------------------------------------------------------------------ */

/* n indices of `isz` bytes: dense over `range` values from `lo`, one in
 * `spread_every` anywhere in 32 bits (0: none), a cut one in `cut_every`
 * (0: none). */
static void *long_stream(vf_rng *rng, uint32_t n, uint32_t isz, uint32_t lo, uint32_t range,
                         uint32_t spread_every, uint32_t cut_every)
{
    uint8_t *buf = xalloc((size_t)n * isz);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = lo + vf_rng_below(rng, range);
        if (spread_every && vf_rng_below(rng, spread_every) == 0)
            v = vf_rng_u32(rng);
        if (cut_every && vf_rng_below(rng, cut_every) == 0)
            v = 0xffffffffu;
        if (isz == 2) {
            uint16_t h = (uint16_t)v;
            memcpy(buf + 2 * (size_t)i, &h, 2);
        } else {
            memcpy(buf + 4 * (size_t)i, &v, 4);
        }
    }
    return buf;
}

START_TEST(test_long_streams)
{
    vf_input_element_desc e[2] = {
        el("POSITION", 0, VF_FORMAT_R32_UINT, 0, 0, 0, 0),
        el("OFFSET", 0, VF_FORMAT_R16G16_UINT, 1, 0, 1, 1),
    };
    vf_layout *layout =
        make_layout(e, 2, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID);
    uint8_t *vb = xalloc(1u << 18), *vbi = xalloc(64);
    fill_addr(vb, 1u << 18, 1);
    fill_addr(vbi, 64, 2);
    vf_vertex_buffer_view vbs[2] = { { vb, 1u << 18, 4 }, { vbi, 64, 4 } };
    vf_thread_pool *pools[NPOOLS];
    pools_create(pools);
    vf_rng rng;
    vf_rng_seed(&rng, 0x51ab);
    for (int iter = 0; iter < 12; iter++) {
        uint32_t isz = iter & 1 ? 4 : 2, n = 500 + vf_rng_below(&rng, 6000);
        uint32_t lo = iter & 2 ? vf_rng_below(&rng, 3000) : 0, range = 1 + n / (1 + iter % 3);
        uint32_t spread = isz == 4 && iter % 4 == 3 ? 50 : 0, cuts = iter % 3 == 1 ? 40 : 0;
        void *idx = long_stream(&rng, n, isz, lo, range, spread, cuts);
        vf_index_buffer_view ib = { idx, n * isz,
                                    isz == 2 ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT };
        uint32_t cut = cuts ? (isz == 2 ? VF_STRIP_CUT_VALUE_0xFFFF : VF_STRIP_CUT_VALUE_0xFFFFFFFF)
                            : VF_STRIP_CUT_VALUE_DISABLED;
        int32_t base = (int32_t)vf_rng_below(&rng, 64) - 32;
        vf_draw_desc d = indexed_desc(vbs, 2, &ib, cut, VF_TOPOLOGY_TRIANGLESTRIP, n,
                                      1 + iter % 3, 0, base, iter % 5);
        for (int i = 0; i < NPOOLS; i++) {
            char what[64];
            snprintf(what, sizeof(what), "stream %d, %u threads", iter, pool_threads[i] + 1);
            two_calls(layout, &d, pools[i], what);
        }
        free(idx);
    }
    pools_destroy(pools);
    free(vb);
    free(vbi);
    vf_layout_destroy(layout);
}
END_TEST

/* Index i of edge stream `kind` of n positions, for the per-range search's
 * edges: indices first seen in a later range; ranges of nothing but cuts;
 * one distinct index; every 16-bit index (a bijection, then reversed). */
static uint32_t edge_index(int kind, uint32_t i, uint32_t n)
{
    switch (kind) {
    case 0: return i < n / 2 ? i % 3 : (n - i) % 11;
    case 1: return i < n / 2 || i > n - 5 ? 0xffffffffu : 7 + i % 5;
    case 2: return 42;
    default: return (i < 65536 ? i : 131071 - i) * 40503u & 0xffff;
    }
}

START_TEST(test_range_edges)
{
    vf_input_element_desc e[1] = { el("POSITION", 0, VF_FORMAT_R32_UINT, 0, 0, 0, 0) };
    vf_layout *layout = make_layout(e, 1, VF_SV_VERTEX_ID);
    uint8_t *vb = xalloc(1u << 18);
    fill_addr(vb, 1u << 18, 1);
    vf_vertex_buffer_view vbs[1] = { { vb, 1u << 18, 4 } };
    vf_thread_pool *pools[NPOOLS];
    pools_create(pools);
    /* kind, positions: 1 to 3 positions give 16 threads ranges of one. */
    static const uint32_t cases[][2] = { { 0, 64 },  { 0, 5 },  { 1, 64 }, { 1, 2 }, { 2, 1 },
                                         { 2, 3 },   { 2, 40 }, { 0, 17 }, { 3, 131072 } };
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        for (uint32_t isz = 2; isz <= 4; isz += 2) {
            uint32_t kind = cases[c][0], n = cases[c][1];
            uint8_t *idx = xalloc((size_t)n * isz);
            for (uint32_t i = 0; i < n; i++) {
                uint32_t v = edge_index((int)kind, i, n);
                uint16_t h = (uint16_t)v;
                memcpy(idx + (size_t)i * isz, isz == 2 ? (void *)&h : (void *)&v, isz);
            }
            vf_index_buffer_view ib = { idx, n * isz,
                                        isz == 2 ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT };
            uint32_t cut = kind != 1        ? VF_STRIP_CUT_VALUE_DISABLED
                           : isz == 2 ? VF_STRIP_CUT_VALUE_0xFFFF
                                      : VF_STRIP_CUT_VALUE_0xFFFFFFFF;
            vf_draw_desc d = indexed_desc(vbs, 1, &ib, cut, VF_TOPOLOGY_TRIANGLESTRIP, n, 1,
                                          0, 0, 0);
            for (int i = 0; i < NPOOLS; i++) {
                char what[80];
                snprintf(what, sizeof(what), "edge %zu, %u-byte, %u threads", c, isz,
                         pool_threads[i] + 1);
                two_calls(layout, &d, pools[i], what);
            }
            free(idx);
        }
    }
    pools_destroy(pools);
    free(vb);
    vf_layout_destroy(layout);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Scratch sizes and bad input                                              */
/* ------------------------------------------------------------------------ */

START_TEST(test_sizes)
{
    vf_input_element_desc e[1] = { el("POSITION", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 0, 0, 0) };
    vf_layout *layout = make_layout(e, 1, VF_SV_VERTEX_ID);
    _Alignas(16) uint8_t vb[64] = { 0 };
    vf_vertex_buffer_view vbv = { vb, sizeof(vb), 16 };
    uint32_t idx[4] = { 0 };
    vf_index_buffer_view ib16 = { idx, 8, VF_FORMAT_R16_UINT }, ib32 = { idx, 16,
                                                                          VF_FORMAT_R32_UINT };
    size_t ss = 1;
    /* Indexed draws of 0 positions need no scratch in either call, where
     * the formula would give 64 (R32) or 262144 (R16) bytes. */
    for (int w = 0; w < 2; w++) {
        vf_draw_desc d = indexed_desc(&vbv, 1, w ? &ib32 : &ib16, 0, VF_TOPOLOGY_POINTLIST, 0, 1,
                                      0, 0, 0);
        ck_assert_int_eq(vf_reuse_map_scratch_size(layout, &d, &ss), VF_OK);
        ck_assert_uint_eq(ss, 0);
        ck_assert_int_eq(vf_draw_reuse_scratch_size(layout, &d, &ss), VF_OK);
        ck_assert_uint_eq(ss, 0);
        uint32_t u = 0x5eed;
        ck_assert_int_eq(vf_reuse_map(layout, &d, NULL, 0, NULL, 0, NULL, 0, &u), VF_OK);
        ck_assert_uint_eq(u, 0);
        d.vertex_count_per_instance = 1;
        ck_assert_int_eq(vf_reuse_map_scratch_size(layout, &d, &ss), VF_OK);
        ck_assert_uint_eq(ss, w ? 4 * (1 + 16) : 4 * (1 + 65536));
        d.vertex_count_per_instance = (1u << 30) - 1;
        ck_assert_int_eq(vf_reuse_map_scratch_size(layout, &d, &ss), VF_OK);
        ck_assert_uint_eq(ss, 4 * ((uint64_t)(1u << 30) - 1 + (1ull << 31)));
        d.vertex_count_per_instance = 1u << 30;
        ck_assert_int_eq(vf_reuse_map_scratch_size(layout, &d, &ss), VF_ERROR_OVERFLOW);
    }
    vf_draw_desc lin = draw_desc(&vbv, 1, 4, 1, 0, 0);
    ck_assert_int_eq(vf_reuse_map_scratch_size(layout, &lin, &ss), VF_OK);
    ck_assert_uint_eq(ss, 0);
    ck_assert_int_eq(vf_reuse_map_scratch_size(NULL, &lin, &ss), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_map_scratch_size(layout, NULL, &ss), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_map_scratch_size(layout, &lin, NULL), VF_ERROR_NULL_POINTER);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_bad_input)
{
    vf_input_element_desc e[1] = { el("POSITION", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 0, 0, 0) };
    vf_layout *layout = make_layout(e, 1, VF_SV_VERTEX_ID);
    _Alignas(16) uint8_t vb[64] = { 0 };
    vf_vertex_buffer_view vbv = { vb, sizeof(vb), 16 };
    uint16_t idx[6] = { 0, 1, 2, 2, 1, 3 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_draw_desc d = indexed_desc(&vbv, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 6, 1, 0, 0, 0);
    size_t ss = 0;
    ck_assert_int_eq(vf_reuse_map_scratch_size(layout, &d, &ss), VF_OK);
    struct map_bufs b;
    bufs_alloc(&b, &d, ss + 4);
    uint32_t *remap = (uint32_t *)(void *)b.remap.data, *uq = (uint32_t *)(void *)b.unique.data;
    uint8_t *s = b.scratch.data;
    uint32_t u = 0x5eed;
    ck_assert_int_eq(vf_reuse_map(layout, &d, s, ss, remap, 6, uq, 6, NULL),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_map(NULL, &d, s, ss, remap, 6, uq, 6, &u), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_map(layout, NULL, s, ss, remap, 6, uq, 6, &u),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_map(layout, &d, NULL, ss, remap, 6, uq, 6, &u),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_map(layout, &d, s, ss, NULL, 6, uq, 6, &u), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_map(layout, &d, s, ss, remap, 6, NULL, 6, &u),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_map(layout, &d, s + 2, ss, remap, 6, uq, 6, &u),
                     VF_ERROR_INVALID_ARGUMENT);
    vf_index_buffer_view bad_ib = ib;
    bad_ib.format = VF_FORMAT_R8_UINT;
    vf_draw_desc bad = d;
    bad.index_buffer = &bad_ib;
    ck_assert_int_eq(vf_reuse_map(layout, &bad, s, ss, remap, 6, uq, 6, &u),
                     VF_ERROR_INVALID_INDEX_FORMAT);
    ck_assert_int_eq(vf_reuse_map_scratch_size(layout, &bad, &ss), VF_ERROR_INVALID_INDEX_FORMAT);
    bad = d;
    bad.vertex_count_per_instance = 1u << 30;
    ck_assert_int_eq(vf_reuse_map(layout, &bad, s, SIZE_MAX, remap, SIZE_MAX, uq, SIZE_MAX, &u),
                     VF_ERROR_OVERFLOW);
    expect_untouched(&b, 24, u, "bad input");
    ck_assert_int_eq(vf_reuse_map(layout, &d, s, ss, remap, 6, uq, 6, &u), VF_OK);
    ck_assert_uint_eq(u, 4);
    const uint32_t want_map[6] = { 0, 1, 2, 2, 1, 3 }, want_unique[4] = { 0, 1, 2, 3 };
    ck_assert_mem_eq(remap, want_map, sizeof(want_map));
    ck_assert_mem_eq(uq, want_unique, sizeof(want_unique));

    /* A non-indexed draw: the identity map, nothing in unique. */
    vf_draw_desc lin = draw_desc(&vbv, 1, 4, 1, 0, 0);
    ck_assert_int_eq(vf_reuse_map(layout, &lin, NULL, 0, remap, 4, NULL, 0, &u), VF_OK);
    ck_assert_uint_eq(u, 4);
    for (uint32_t i = 0; i < 4; i++)
        ck_assert_uint_eq(remap[i], i);
    bufs_free(&b);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_records_desc)
{
    vf_vertex_buffer_view vbv = { NULL, 0, 16 };
    uint16_t idx[3] = { 5, 6, 5 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT }, rib;
    vf_draw_desc d = indexed_desc(&vbv, 1, &ib, VF_STRIP_CUT_VALUE_0xFFFF,
                                  VF_TOPOLOGY_LINESTRIP, 3, 2, 1, -4, 9);
    const uint32_t unique[2] = { 5, 6 };
    vf_draw_desc r, keep;
    memset(&keep, 0x5a, sizeof(keep));
    r = keep;
    ck_assert_int_eq(vf_reuse_records_desc(NULL, unique, 2, &rib, &r), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_records_desc(&d, unique, 2, NULL, &r), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_records_desc(&d, unique, 2, &rib, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_records_desc(&d, NULL, 2, &rib, &r), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_reuse_records_desc(&d, unique, 1u << 30, &rib, &r), VF_ERROR_OVERFLOW);
    vf_draw_desc bad = d;
    bad.struct_size = 4;
    ck_assert_int_eq(vf_reuse_records_desc(&bad, unique, 2, &rib, &r), VF_ERROR_INVALID_ARGUMENT);
    bad = d;
    bad.indexed = 2;
    ck_assert_int_eq(vf_reuse_records_desc(&bad, unique, 2, &rib, &r), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_mem_eq(&r, &keep, sizeof(r));

    /* The rules section "Vertex reuse": the same base vertex, instances
     * and topology; the distinct raw indices as R32, no cuts, from 0. */
    ck_assert_int_eq(vf_reuse_records_desc(&d, unique, 2, &rib, &r), VF_OK);
    ck_assert_ptr_eq(r.index_buffer, &rib);
    ck_assert_ptr_eq(rib.data, unique);
    ck_assert_uint_eq(rib.size_in_bytes, 8);
    ck_assert_int_eq(rib.format, VF_FORMAT_R32_UINT);
    ck_assert_uint_eq(r.strip_cut_value, VF_STRIP_CUT_VALUE_DISABLED);
    ck_assert_uint_eq(r.vertex_count_per_instance, 2);
    ck_assert_uint_eq(r.start_location, 0);
    ck_assert_int_eq(r.base_vertex_location, -4);
    ck_assert_uint_eq(r.instance_count, 2);
    ck_assert_uint_eq(r.start_instance_location, 9);
    ck_assert_uint_eq(r.primitive_topology, VF_TOPOLOGY_LINESTRIP);
    ck_assert_ptr_eq(r.vertex_buffers, &vbv);
    ck_assert_int_eq(vf_reuse_records_desc(&d, NULL, 0, &rib, &r), VF_OK);
    ck_assert_uint_eq(r.vertex_count_per_instance, 0);
    vf_draw_desc lin = draw_desc(&vbv, 1, 4, 3, 2, 1);
    ck_assert_int_eq(vf_reuse_records_desc(&lin, NULL, 0, &rib, &r), VF_OK);
    ck_assert_mem_eq(&r, &lin, sizeof(r));
}
END_TEST

static Suite *reuse_map_suite(void)
{
    Suite *s = suite_create("reuse_map");
    TCase *tc = tcase_create("reuse_map");
    tcase_set_timeout(tc, 240);
    tcase_add_loop_test(tc, test_random_every_isa, 0, 2);
    tcase_add_test(tc, test_random_threads);
    tcase_add_test(tc, test_long_streams);
    tcase_add_test(tc, test_range_edges);
    tcase_add_test(tc, test_sizes);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_records_desc);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(reuse_map_suite());
}
