/*
 * check_d3d11_indirect.c - DrawInstancedIndirect, DrawIndexedInstancedIndirect
 * and DrawAuto against the direct D3D11 draws with the arguments the spec
 * says they read (D3D11.3 functional spec 8.7-8.9): random argument words
 * in a DRAWINDIRECT_ARGS buffer wrapped on a guard page, every offset that
 * ends at the guard, every misuse, and DrawAuto's vertex count from the
 * filled size, slot 0's offset and stride, worked out here.
 */
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "test_util.h"
#include "vfetch_d3d11.h"

static vf_buffer *make(uint32_t bind, uint32_t misc, const void *data, uint32_t size, uint32_t flags)
{
    vf_buffer_desc d = { size, VF_USAGE_DEFAULT, bind, 0, misc, 0 };
    vf_subresource_data init = { data, 0, 0 };
    vf_buffer *b = NULL;
    ck_assert_int_eq(vf_buffer_create(&d, &init, flags, &b, NULL), VF_OK);
    return b;
}

struct scene {
    vf_layout *layout;
    uint8_t vertices[256];
    uint16_t indices[16];
    vf_buffer *vb, *ib;
    vf_d3d11_ia_state st;
};

static void scene_init(struct scene *s, vf_rng *rng, uint32_t vb_bind, uint32_t offset)
{
    vf_input_element_desc e[2] = {
        { "A", 0, VF_FORMAT_R32G32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "B", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, 8, VF_INPUT_PER_VERTEX_DATA, 0 },
    };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    ck_assert_int_eq(vf_layout_create(e, 2, &o, &s->layout, NULL), VF_OK);
    vf_rng_fill(rng, s->vertices, sizeof(s->vertices));
    for (int i = 0; i < 16; i++)
        s->indices[i] = (uint16_t)(i == 7 ? 0xffff : vf_rng_below(rng, 20));
    s->vb = make(vb_bind, 0, s->vertices, sizeof(s->vertices), 0);
    s->ib = make(VF_BIND_INDEX_BUFFER, 0, s->indices, sizeof(s->indices), 0);
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s->st, VF_FEATURE_LEVEL_11_0), VF_OK);
    uint32_t stride = 12;
    const vf_buffer *vbs[1] = { s->vb };
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s->st, 0, 1, vbs, &stride, &offset, NULL), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s->st, s->ib, VF_FORMAT_R16_UINT, 2, NULL), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_primitive_topology(&s->st, VF_TOPOLOGY_TRIANGLESTRIP, NULL), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_input_layout(&s->st, s->layout, NULL), VF_OK);
}

static void scene_free(struct scene *s)
{
    vf_buffer_destroy(s->vb);
    vf_buffer_destroy(s->ib);
    vf_layout_destroy(s->layout);
}

/* The direct draw's words and result beside the indirect draw's. */
static void expect_like_direct(const struct scene *s, const uint32_t w[5], int indexed,
                               vf_result got, const uint32_t *got_words)
{
    size_t size;
    ck_assert_int_eq(vf_draw_output_size(s->layout, w[0], w[1], &size), VF_OK);
    uint32_t *want = aligned_alloc(16, size + 16);
    ck_assert_ptr_nonnull(want);
    vf_result r = indexed ? vf_d3d11_draw_indexed_instanced(&s->st, w[0], w[1], w[2], (int32_t)w[3],
                                                            w[4], want, size, NULL)
                          : vf_d3d11_draw_instanced(&s->st, w[0], w[1], w[2], w[3], want, size, NULL);
    ck_assert_int_eq(got, r);
    if (r == VF_OK && size > 0)
        ck_assert_int_eq(memcmp(got_words, want, size), 0);
    free(want);
}

START_TEST(test_indirect_like_direct)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0xd311u);
    struct scene s;
    scene_init(&s, &rng, VF_BIND_VERTEX_BUFFER, 0);
    for (int round = 0; round < 400; round++) {
        int indexed = round & 1;
        uint32_t words = indexed ? 5 : 4, off = 4 * vf_rng_below(&rng, 4);
        /* The arguments end at the guard page. */
        vf_guarded g;
        vf_guarded_alloc(&g, off + 4 * words, VF_GUARD_AFTER);
        uint32_t w[5] = { vf_rng_below(&rng, 14), vf_rng_below(&rng, 3), vf_rng_below(&rng, 8),
                          (uint32_t)((int32_t)vf_rng_below(&rng, 7) - 3), vf_rng_below(&rng, 3) };
        if (!indexed)
            w[3] = vf_rng_below(&rng, 3);
        for (uint32_t k = 0; k < words; k++)
            for (int b = 0; b < 4; b++)
                g.data[off + 4 * k + b] = (uint8_t)(w[k] >> (8 * b));
        vf_buffer *args = make(0, VF_RESOURCE_MISC_DRAWINDIRECT_ARGS, g.data, off + 4 * words,
                               VF_BUFFER_WRAP);
        size_t size;
        ck_assert_int_eq(vf_draw_output_size(s.layout, w[0], w[1], &size), VF_OK);
        uint32_t *out = aligned_alloc(16, size + 16);
        vf_result r = indexed ? vf_d3d11_draw_indexed_instanced_indirect(&s.st, args, off, out, size, NULL)
                              : vf_d3d11_draw_instanced_indirect(&s.st, args, off, out, size, NULL);
        expect_like_direct(&s, w, indexed, r, out);
        vf_d3d11_draw_args a;
        ck_assert_int_eq(vf_d3d11_indirect_args(args, off, indexed, &a, NULL), VF_OK);
        ck_assert_uint_eq(a.count_per_instance, w[0]);
        ck_assert_uint_eq(a.start_instance_location, w[indexed ? 4 : 3]);
        free(out);
        vf_buffer_destroy(args);
        vf_guarded_free(&g);
    }
    scene_free(&s);
}
END_TEST

START_TEST(test_indirect_misuse)
{
    uint32_t words[8] = { 3, 1, 0, 0, 0, 0, 0, 0 };
    vf_buffer *plain = make(VF_BIND_VERTEX_BUFFER, 0, words, sizeof(words), 0);
    vf_buffer *args = make(0, VF_RESOURCE_MISC_DRAWINDIRECT_ARGS, words, sizeof(words), 0);
    vf_d3d11_draw_args a;
    vf_diagnostics diag;
    ck_assert_int_eq(vf_d3d11_indirect_args(NULL, 0, 0, &a, &diag), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_d3d11_indirect_args(args, 0, 0, NULL, &diag), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_d3d11_indirect_args(plain, 0, 0, &a, &diag), VF_ERROR_INDIRECT_NOT_ARGS_BUFFER);
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "DRAWINDIRECT_ARGS"));
    ck_assert_int_eq(vf_d3d11_indirect_args(args, 2, 0, &a, &diag), VF_ERROR_INDIRECT_MISALIGNED_OFFSET);
    ck_assert_int_eq(vf_d3d11_indirect_args(args, 16, 0, &a, NULL), VF_OK);  /* 16 + 16 = 32 */
    ck_assert_int_eq(vf_d3d11_indirect_args(args, 16, 1, &a, &diag), VF_ERROR_INDIRECT_BUFFER_TOO_SMALL);
    ck_assert_int_eq(vf_d3d11_indirect_args(args, 12, 1, &a, NULL), VF_OK);  /* 12 + 20 = 32 */
    ck_assert_int_eq(vf_d3d11_indirect_args(args, 0xfffffffcu, 0, &a, NULL), VF_ERROR_INDIRECT_BUFFER_TOO_SMALL);
    ck_assert_int_eq(vf_d3d11_draw_instanced_indirect(NULL, args, 0, NULL, 0, NULL), VF_ERROR_NULL_POINTER);
    vf_buffer_destroy(plain);
    vf_buffer_destroy(args);
}
END_TEST

/* DrawAuto draws (filled - offset) / stride vertices of slot 0, for
 * filled sizes around the offset and the stride's multiples. */
START_TEST(test_draw_auto)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0xa070u);
    struct scene s;
    scene_init(&s, &rng, VF_BIND_VERTEX_BUFFER | VF_BIND_STREAM_OUTPUT, 20);
    for (uint32_t filled = 0; filled <= 256; filled++) {
        uint32_t want = filled > 20 ? (filled - 20) / 12 : 0;
        vf_d3d11_draw_args a;
        ck_assert_int_eq(vf_d3d11_draw_auto_args(&s.st, filled, &a, NULL), VF_OK);
        ck_assert_uint_eq(a.count_per_instance, want);
        ck_assert_uint_eq(a.instance_count, 1);
        ck_assert_uint_eq(a.start_location, 0);
        _Alignas(16) uint32_t out[20 * 12 + 4];
        uint32_t w[5] = { want, 1, 0, 0, 0 };
        vf_result r = vf_d3d11_draw_auto(&s.st, filled, out, want * 48, NULL);
        expect_like_direct(&s, w, 0, r, out);
    }
    vf_diagnostics diag;
    vf_d3d11_draw_args a;
    ck_assert_int_eq(vf_d3d11_draw_auto_args(&s.st, 257, &a, &diag), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_d3d11_draw_auto_args(NULL, 0, &a, &diag), VF_ERROR_NULL_POINTER);
    /* Slot 0 without STREAM_OUTPUT, then with no buffer at all. */
    const vf_buffer *vbs[1] = { s.ib };
    vf_buffer *plain = make(VF_BIND_VERTEX_BUFFER, 0, s.vertices, 64, 0);
    vbs[0] = plain;
    uint32_t stride = 12, offset = 0;
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s.st, 0, 1, vbs, &stride, &offset, NULL), VF_OK);
    ck_assert_int_eq(vf_d3d11_draw_auto_args(&s.st, 12, &a, &diag), VF_ERROR_INVALID_BIND_FLAGS);
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "STREAM_OUTPUT"));
    vbs[0] = NULL;
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s.st, 0, 1, vbs, &stride, &offset, NULL), VF_OK);
    ck_assert_int_eq(vf_d3d11_draw_auto_args(&s.st, 12, &a, &diag), VF_ERROR_INVALID_ARGUMENT);
    vf_buffer_destroy(plain);
    scene_free(&s);
}
END_TEST

static Suite *d3d11_indirect_suite(void)
{
    Suite *s = suite_create("d3d11_indirect");
    TCase *tc = tcase_create("d3d11_indirect");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_indirect_like_direct);
    tcase_add_test(tc, test_indirect_misuse);
    tcase_add_test(tc, test_draw_auto);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(d3d11_indirect_suite());
}
