/*
 * check_vulkan_prim.c - the primitives and pipeline statistics of Vulkan
 * draws (vf_vk_primitive_count, vf_vk_draw_primitives,
 * vf_vk_pipeline_statistics_get) against lists written out by hand from
 * Vulkan-Docs "Primitive Topologies", then against a model of the spec's
 * equations for every topology, both provoking-vertex modes, lengths 0..23
 * and random restart indices, listed whole and in pieces; then the errors.
 */
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "test_util.h"
#include "vfetch_vulkan.h"

#define FIRST VF_VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX
#define LAST VF_VK_PROVOKING_VERTEX_MODE_LAST_VERTEX
#define R16 0xffffu

static vf_vk_vertex_input *make_input(uint32_t features)
{
    vf_vk_vertex_input_options o;
    vf_vk_vertex_input *vi = NULL;
    vf_vk_vertex_input_options_init(&o);
    o.features = features;
    ck_assert_int_eq(vf_vk_vertex_input_create(NULL, 0, NULL, 0, NULL, 0, &o, &vi, NULL), VF_OK);
    return vi;
}

struct pdraw {
    uint16_t idx[64];
    vf_vk_index_buffer_binding ib;
    vf_vk_draw_desc d;
};

static void setup(struct pdraw *p, uint32_t topology, const uint16_t *idx, uint32_t n,
                  int restart)
{
    memset(p, 0, sizeof(*p));
    vf_vk_draw_desc_init(&p->d);
    p->d.topology = topology;
    p->d.vertex_count = n;
    p->d.instance_count = 1;
    if (idx != NULL) {
        memcpy(p->idx, idx, n * sizeof(uint16_t));
        p->ib = (vf_vk_index_buffer_binding){ p->idx, sizeof(p->idx), 0,
                                              VF_VK_INDEX_TYPE_UINT16 };
        p->d.indexed = 1;
        p->d.index_buffer = &p->ib;
        p->d.primitive_restart_enable = (uint32_t)restart;
    }
}

/* Every primitive of the draw in one call, compared with `want` (vpp words
 * each) and the provoking positions `prov`. */
static void expect_prims(const vf_vk_vertex_input *vi, const struct pdraw *p, uint32_t mode,
                         uint32_t m, const uint32_t *want, const uint32_t *prov, uint32_t count)
{
    uint32_t n = 99, vpp = 0, out[256], pv[64], written = 99;
    ck_assert_int_eq(vf_vk_primitive_count(vi, &p->d, m, &n, &vpp, NULL), VF_OK);
    ck_assert_uint_eq(n, count);
    ck_assert_int_eq(vf_vk_draw_primitives(vi, &p->d, mode, m, 0, out, 256, pv, &written), VF_OK);
    ck_assert_uint_eq(written, count);
    for (uint32_t i = 0; i < count * vpp; i++)
        ck_assert_msg(out[i] == want[i], "word %u: %u, want %u", i, out[i], want[i]);
    for (uint32_t i = 0; prov != NULL && i < count; i++)
        ck_assert_msg(pv[i] == prov[i], "primitive %u provoked by %u, want %u", i, pv[i], prov[i]);
}

START_TEST(test_by_hand)
{
    vf_vk_vertex_input *vi = make_input(VF_VK_FEATURES_ALL);
    struct pdraw p;
    /* Triangle strip of 5: p_i = {v_i, v_i+(1+i%2), v_i+(2-i%2)} in both modes. */
    setup(&p, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, NULL, 5, 0);
    static const uint32_t strip[] = { 0, 1, 2, 1, 3, 2, 2, 3, 4 };
    static const uint32_t strip_first[] = { 0, 1, 2 }, strip_last[] = { 2, 3, 4 };
    expect_prims(vi, &p, FIRST, 0, strip, strip_first, 3);
    expect_prims(vi, &p, LAST, 0, strip, strip_last, 3);
    /* Fan of 5: {v_i+1, v_i+2, v_0}; first v_i+1, last v_i+2. */
    setup(&p, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN, NULL, 5, 0);
    static const uint32_t fan[] = { 1, 2, 0, 2, 3, 0, 3, 4, 0 };
    static const uint32_t fan_first[] = { 1, 2, 3 }, fan_last[] = { 2, 3, 4 };
    expect_prims(vi, &p, FIRST, 0, fan, fan_first, 3);
    expect_prims(vi, &p, LAST, 0, fan, fan_last, 3);
    /* Strip with restart at position 3: pieces [0,3) and [4,8). */
    static const uint16_t ri[] = { 7, 8, 9, R16, 10, 11, 12, 13 };
    setup(&p, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, ri, 8, 1);
    static const uint32_t cut[] = { 0, 1, 2, 4, 5, 6, 5, 7, 6 };
    static const uint32_t cut_last[] = { 2, 6, 7 };
    expect_prims(vi, &p, LAST, 0, cut, cut_last, 3);
    /* Triangle list with list restart: the cut drops the unfinished one. */
    static const uint16_t li[] = { 1, 2, R16, 3, 4, 5, 6, 7, R16, 8, 9, 10, 11 };
    setup(&p, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, li, 13, 1);
    static const uint32_t list[] = { 3, 4, 5, 9, 10, 11 };
    static const uint32_t list_last[] = { 5, 11 };
    expect_prims(vi, &p, LAST, 0, list, list_last, 2);
    /* Triangle strip with adjacency, n = 1 and n = 3 (the spec's cases). */
    setup(&p, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY, NULL, 7, 0);
    static const uint32_t adj1[] = { 0, 1, 2, 5, 4, 3 }, adj1_last[] = { 4 };
    expect_prims(vi, &p, LAST, 0, adj1, adj1_last, 1);
    setup(&p, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY, NULL, 10, 0);
    static const uint32_t adj3[] = { 0, 1, 2, 6, 4, 3, 2, 5, 6, 8, 4, 0, 4, 2, 6, 9, 8, 7 };
    static const uint32_t adj3_first[] = { 0, 2, 4 }, adj3_last[] = { 4, 6, 8 };
    expect_prims(vi, &p, FIRST, 0, adj3, adj3_first, 3);
    expect_prims(vi, &p, LAST, 0, adj3, adj3_last, 3);
    /* Patches of 3 from 8 vertices: two, no provoking vertex. */
    setup(&p, VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST, NULL, 8, 0);
    static const uint32_t patch[] = { 0, 1, 2, 3, 4, 5 }, none[] = { UINT32_MAX, UINT32_MAX };
    expect_prims(vi, &p, FIRST, 3, patch, none, 2);
    vf_vk_vertex_input_destroy(vi);
}
END_TEST

/* The model: the spec's equations for primitive i of n in a piece of
 * vertices v[0..] (here offsets), written case by case as the text gives
 * them. Returns the provoking offset for `mode`. */
static uint32_t model_prim(uint32_t t, uint32_t m, uint32_t mode, uint32_t i, uint32_t n,
                           uint32_t *v)
{
    int last = mode == LAST;
    switch (t) {
    case VF_VK_PRIMITIVE_TOPOLOGY_POINT_LIST: v[0] = i; return i;
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST: v[0] = 2 * i, v[1] = 2 * i + 1; return 2 * i + last;
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP: v[0] = i, v[1] = i + 1; return i + last;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST:
        v[0] = 3 * i, v[1] = 3 * i + 1, v[2] = 3 * i + 2;
        return last ? 3 * i + 2 : 3 * i;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP:
        if (i % 2 == 0)
            v[0] = i, v[1] = i + 1, v[2] = i + 2;
        else
            v[0] = i, v[1] = i + 2, v[2] = i + 1;
        return last ? i + 2 : i;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN:
        v[0] = i + 1, v[1] = i + 2, v[2] = 0;
        return last ? i + 2 : i + 1;
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
        for (uint32_t j = 0; j < 4; j++)
            v[j] = 4 * i + j;
        return last ? 4 * i + 2 : 4 * i + 1;
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
        for (uint32_t j = 0; j < 4; j++)
            v[j] = i + j;
        return last ? i + 2 : i + 1;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
        for (uint32_t j = 0; j < 6; j++)
            v[j] = 6 * i + j;
        return last ? 6 * i + 4 : 6 * i;
    case VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST:
        for (uint32_t j = 0; j < m; j++)
            v[j] = m * i + j;
        return UINT32_MAX;
    default: {
        uint32_t s[6], e = 2 * i;
        if (n == 1) {
            uint32_t a[6] = { 0, 1, 2, 5, 4, 3 };
            memcpy(s, a, sizeof(a));
        } else if (i == 0) {
            uint32_t a[6] = { e, e + 1, e + 2, e + 6, e + 4, e + 3 };
            memcpy(s, a, sizeof(a));
        } else if (i < n - 1 && i % 2 == 1) {
            uint32_t a[6] = { e, e + 3, e + 4, e + 6, e + 2, e - 2 };
            memcpy(s, a, sizeof(a));
        } else if (i < n - 1) {
            uint32_t a[6] = { e, e - 2, e + 2, e + 6, e + 4, e + 3 };
            memcpy(s, a, sizeof(a));
        } else if (i % 2 == 1) {
            uint32_t a[6] = { e, e + 3, e + 4, e + 5, e + 2, e - 2 };
            memcpy(s, a, sizeof(a));
        } else {
            uint32_t a[6] = { e, e - 2, e + 2, e + 5, e + 4, e + 3 };
            memcpy(s, a, sizeof(a));
        }
        memcpy(v, s, sizeof(s));
        return last ? e + 4 : e;
    }
    }
}

/* The spec's primitive counts for a piece of L vertices. */
static uint32_t model_count(uint32_t t, uint32_t m, uint32_t L)
{
    static const uint32_t list_k[] = { 1, 2, 0, 3, 0, 0, 4, 0, 6, 0 };
    if (t == VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST)
        return L / m;
    if (list_k[t] != 0)
        return L / list_k[t];
    uint32_t less = t == VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP ? 1
                    : t == VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY ? 3 : 2;
    if (t == VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY)
        return L > 4 ? (L - 4) / 2 : 0;
    return L > less ? L - less : 0;
}

/* Builds the expected list of a draw: pieces between restart positions. */
static uint32_t model_draw(uint32_t t, uint32_t m, uint32_t mode, const uint16_t *idx,
                           uint32_t count, int restart, uint32_t *want, uint32_t *prov)
{
    uint32_t k = 0, w = 0, s = 0, vpp = t == VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST ? m
        : (uint32_t[]){ 1, 2, 2, 3, 3, 3, 4, 4, 6, 6 }[t];
    for (uint32_t p = 0; p <= count; p++) {
        if (p < count && !(restart && idx != NULL && idx[p] == R16))
            continue;
        uint32_t n = model_count(t, m, p - s);
        for (uint32_t i = 0; i < n; i++, k++) {
            uint32_t v[32];
            uint32_t pv = model_prim(t, m, mode, i, n, v);
            for (uint32_t j = 0; j < vpp; j++)
                want[w++] = s + v[j];
            prov[k] = pv == UINT32_MAX ? pv : s + pv;
        }
        s = p + 1;
    }
    return k;
}

/* The whole list, then in pieces of `chunk` primitives by first_primitive. */
static void compare_model(const vf_vk_vertex_input *vi, const struct pdraw *p, uint32_t m,
                          uint32_t mode, uint32_t chunk)
{
    uint32_t want[64 * 32], prov[64], got[64 * 32], gp[64];
    uint32_t k = model_draw(p->d.topology, m, mode, p->d.indexed ? p->idx : NULL,
                            p->d.vertex_count, (int)p->d.primitive_restart_enable, want, prov);
    uint32_t n, vpp, first = 0;
    ck_assert_int_eq(vf_vk_primitive_count(vi, &p->d, m, &n, &vpp, NULL), VF_OK);
    ck_assert_uint_eq(n, k);
    for (;;) {
        uint32_t written;
        ck_assert_int_eq(vf_vk_draw_primitives(vi, &p->d, mode, m, first, got + first * vpp,
                                               (size_t)chunk * vpp + vpp - 1, gp + first,
                                               &written), VF_OK);
        if (written == 0)
            break;
        ck_assert_uint_le(written, chunk);
        first += written;
    }
    ck_assert_uint_eq(first, k);
    ck_assert_int_eq(memcmp(got, want, (size_t)k * vpp * 4), 0);
    ck_assert_int_eq(memcmp(gp, prov, (size_t)k * 4), 0);
}

START_TEST(test_model)
{
    vf_vk_vertex_input *vi = make_input(VF_VK_FEATURES_ALL);
    vf_rng rng;
    vf_rng_seed(&rng, 0x5eed0030u);
    for (uint32_t t = 0; t <= VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST; t++) {
        for (uint32_t count = 0; count < 24; count++) {
            for (int trial = 0; trial < 6; trial++) {
                uint16_t idx[64];
                for (uint32_t i = 0; i < count; i++)
                    idx[i] = vf_rng_below(&rng, (uint32_t)trial + 2) == 0 ? R16 : (uint16_t)i;
                struct pdraw p;
                setup(&p, t, trial == 0 ? NULL : idx, count, trial > 1);
                uint32_t m = t == VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST ? 1 + trial * 5 : 0;
                for (uint32_t mode = FIRST; mode <= LAST; mode++)
                    for (uint32_t chunk = 1; chunk < 5; chunk += 3)
                        compare_model(vi, &p, m, mode, chunk);
            }
        }
    }
    vf_vk_vertex_input_destroy(vi);
}
END_TEST

START_TEST(test_statistics)
{
    vf_vk_vertex_input *vi = make_input(VF_VK_FEATURES_ALL);
    struct pdraw p;
    vf_vk_pipeline_statistics s;
    /* Strip 7 8 9 R 10 11 12 13 9 | R 5: pieces of 3, 5 and 1 positions,
     * 1 + 3 triangles, the last piece incomplete; indices 9 repeat. */
    static const uint16_t ri[] = { 7, 8, 9, R16, 10, 11, 12, 13, 9, R16, 5 };
    setup(&p, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, ri, 11, 1);
    p.d.instance_count = 2;
    ck_assert_int_eq(vf_vk_pipeline_statistics_get(vi, &p.d, 0, &s), VF_OK);
    ck_assert_uint_eq(s.ia_primitives_min, 2 * 4);
    ck_assert_uint_eq(s.ia_primitives_max, 2 * 5);
    ck_assert_uint_eq(s.ia_vertices_min, 2 * 8);
    ck_assert_uint_eq(s.ia_vertices_max, 2 * 11);
    ck_assert_uint_eq(s.vs_invocations_min, 2 * 7);
    ck_assert_uint_eq(s.vs_invocations_max, 2 * 9);
    /* vkCmdDraw, triangle list of 7: 2 triangles, one vertex left over. */
    setup(&p, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, NULL, 7, 0);
    ck_assert_int_eq(vf_vk_pipeline_statistics_get(vi, &p.d, 0, &s), VF_OK);
    ck_assert_uint_eq(s.ia_primitives_min, 2);
    ck_assert_uint_eq(s.ia_primitives_max, 3);
    ck_assert_uint_eq(s.ia_vertices_min, 6);
    ck_assert_uint_eq(s.ia_vertices_max, 7);
    ck_assert_uint_eq(s.vs_invocations_min, 6);
    ck_assert_uint_eq(s.vs_invocations_max, 7);
    ck_assert_int_eq(vf_vk_pipeline_statistics_get(vi, &p.d, 0, NULL), VF_ERROR_NULL_POINTER);
    vf_vk_vertex_input_destroy(vi);
}
END_TEST

START_TEST(test_errors)
{
    vf_vk_vertex_input *all = make_input(VF_VK_FEATURES_ALL), *none = make_input(0);
    struct pdraw p;
    uint32_t n, out[8], w;
    static const uint16_t li[] = { 0, 1, 2 };
    setup(&p, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, li, 3, 1);
    ck_assert_int_eq(vf_vk_primitive_count(none, &p.d, 0, &n, NULL, NULL), VF_ERROR_VK_LIST_RESTART);
    ck_assert_int_eq(vf_vk_primitive_count(all, &p.d, 0, &n, NULL, NULL), VF_OK);
    ck_assert_int_eq(vf_vk_primitive_count(NULL, &p.d, 0, &n, NULL, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_vk_primitive_count(all, &p.d, 0, NULL, NULL, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_vk_draw_primitives(all, &p.d, 2, 0, 0, out, 8, NULL, &w),
                     VF_ERROR_VK_INVALID_PROVOKING_VERTEX_MODE);
    ck_assert_int_eq(vf_vk_draw_primitives(all, &p.d, FIRST, 0, 0, out, 2, NULL, &w),
                     VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_vk_draw_primitives(all, &p.d, FIRST, 0, 1, out, 2, NULL, &w), VF_OK);
    ck_assert_uint_eq(w, 0);
    ck_assert_int_eq(vf_vk_draw_primitives(all, &p.d, FIRST, 0, 0, out, 8, NULL, NULL),
                     VF_ERROR_NULL_POINTER);
    p.d.topology = 11;
    ck_assert_int_eq(vf_vk_primitive_count(all, &p.d, 0, &n, NULL, NULL), VF_ERROR_VK_INVALID_TOPOLOGY);
    p.d.topology = VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
    ck_assert_int_eq(vf_vk_primitive_count(all, &p.d, 0, &n, NULL, NULL),
                     VF_ERROR_VK_INVALID_PATCH_CONTROL_POINTS);
    ck_assert_int_eq(vf_vk_primitive_count(all, &p.d, 33, &n, NULL, NULL),
                     VF_ERROR_VK_INVALID_PATCH_CONTROL_POINTS);
    p.d.topology = VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
    p.ib.offset = 1;
    ck_assert_int_eq(vf_vk_primitive_count(all, &p.d, 0, &n, NULL, NULL),
                     VF_ERROR_VK_MISALIGNED_INDEX_OFFSET);
    p.ib.offset = sizeof(p.idx);
    ck_assert_int_eq(vf_vk_primitive_count(all, &p.d, 0, &n, NULL, NULL), VF_ERROR_VK_OFFSET_PAST_END);
    p.ib.index_type = VF_VK_INDEX_TYPE_UINT8;
    ck_assert_int_eq(vf_vk_primitive_count(none, &p.d, 0, &n, NULL, NULL),
                     VF_ERROR_VK_INVALID_INDEX_TYPE);
    p.d.index_buffer = NULL;
    ck_assert_int_eq(vf_vk_primitive_count(all, &p.d, 0, &n, NULL, NULL),
                     VF_ERROR_VK_INDEX_BUFFER_NOT_BOUND);
    p.d.struct_size = 0;
    ck_assert_int_eq(vf_vk_primitive_count(all, &p.d, 0, &n, NULL, NULL), VF_ERROR_INVALID_ARGUMENT);
    vf_vk_vertex_input_destroy(all);
    vf_vk_vertex_input_destroy(none);
}
END_TEST

static Suite *suite_vulkan_prim(void)
{
    Suite *s = suite_create("vulkan_prim");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_by_hand);
    tcase_add_test(tc, test_model);
    tcase_add_test(tc, test_statistics);
    tcase_add_test(tc, test_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(suite_vulkan_prim());
}
