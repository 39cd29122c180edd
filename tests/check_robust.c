/*
 * check_robust.c - the out-of-bounds oracle (vfetch_robust.h, rules §17).
 *
 * Worked cases whose sets are written out by hand from the spec sentences
 * (a view ending inside an element and inside a stride, a zero-size view,
 * an unbound slot, per-instance data past the end, an index past the index
 * buffer), bad input, and random draws in every mode against
 * tests/ref/robust_ref.c: the same components listed, and the same answer
 * for every candidate word of every component.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "draw_helpers.h"
#include "robust_ref.h"
#include "test_util.h"
#include "vfetch_robust.h"

#define F(x) vf_test_f2u(x)
#define ONE_F 0x3f800000u

static vf_robust_set set_at(const vf_layout *l, const vf_draw_desc *d, uint32_t mode, uint32_t j,
                            uint32_t i, uint32_t g, uint32_t c)
{
    vf_robust_set s;
    ck_assert_int_eq(vf_robust_set_at(l, d, mode, j, i, g, c, &s), VF_OK);
    return s;
}

static int allows(const vf_draw_desc *d, const vf_robust_set *s, uint32_t w)
{
    int ok = -1;
    ck_assert_int_eq(vf_robust_allows(d, s, w, &ok), VF_OK);
    return ok;
}

static uint64_t count(const vf_layout *l, const vf_draw_desc *d, uint32_t mode)
{
    uint64_t n = 0;
    ck_assert_int_eq(vf_robust_count(l, d, mode, &n), VF_OK);
    return n;
}

/* Stride 16, SizeInBytes 40: vertex 2 (bytes 32..48) ends past the view,
 * inside POSITION; 40 rounded down to the stride is 32, which vertex 1
 * (16..32) still fits. */
START_TEST(test_view_ends_inside_element)
{
    static const vf_input_element_desc el[] = {
        { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, 0, 0 },
        { "COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, 12, 0, 0 },
    };
    vf_layout *l = make_layout(el, 2, 0);
    uint32_t data[12] = { F(2), F(3), F(4), 0x80ff4000u, F(5), F(6), F(7), 0x01020304u,
                          F(8), F(9), 0, 0 };
    vf_vertex_buffer_view vb = { data, 40, 16 };
    vf_draw_desc d = draw_desc(&vb, 1, 3, 1, 0, 0);
    for (uint32_t m = 0; m < VF_ROBUST_MODE_COUNT; m++)
        ck_assert_uint_eq(count(l, &d, m), 8); /* vertex 2: 4 + 4 components */
    vf_robust_set s = set_at(l, &d, VF_ROBUST_D3D, 0, 2, 0, 3);
    ck_assert_uint_eq(s.reason, VF_ROBUST_OUTSIDE);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_EXACT);
    ck_assert_uint_eq(s.exact, ONE_F);
    s = set_at(l, &d, VF_ROBUST_ROBUSTNESS2, 0, 2, 0, 0);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_EXACT);
    ck_assert_uint_eq(s.exact, 0);
    ck_assert(!allows(&d, &s, F(8))); /* robustness2 never reads the partial element */
    s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 0, 2, 0, 0);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_ZERO | VF_ROBUST_ALLOW_RANGE);
    ck_assert_uint_eq(s.range_bytes, 40);
    ck_assert_uint_eq(s.align, 4);
    /* Any float of the range, at any multiple of 4 (the spec's "anywhere"). */
    /* x comes from whole elements inside the 40 bytes: at 0..28. */
    ck_assert(allows(&d, &s, F(2)) && allows(&d, &s, F(7)) && allows(&d, &s, 0x01020304u));
    ck_assert(allows(&d, &s, 0) && !allows(&d, &s, ONE_F) && !allows(&d, &s, F(8)));
    s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 0, 2, 0, 3); /* w: (0,0,0,x), x 0 or 1.0 */
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_ZERO | VF_ROBUST_ALLOW_ONE | VF_ROBUST_ALLOW_RANGE);
    ck_assert(allows(&d, &s, ONE_F) && !allows(&d, &s, 0xffffffffu));
    s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 0, 2, 1, 0); /* COLOR.x: UNORM8 from any byte */
    ck_assert_uint_eq(s.align, 1);
    ck_assert(allows(&d, &s, F(64.0f / 255.0f)) && allows(&d, &s, F(1.0f)));
    ck_assert(!allows(&d, &s, F(0.5f)));
    s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 0, 1, 0, 0);
    ck_assert_uint_eq(s.reason, VF_ROBUST_IN_BOUNDS);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_EXACT);
    ck_assert_uint_eq(s.exact, F(5));
    vf_layout_destroy(l);
}
END_TEST

/* R32_FLOAT, stride 16, SizeInBytes 24: vertex 1 (16..20) is in bounds,
 * but past 24 rounded down to 16: Vulkan may check it there. */
START_TEST(test_view_ends_inside_stride)
{
    static const vf_input_element_desc el[] = { { "A", 0, VF_FORMAT_R32_FLOAT, 0, 0, 0, 0 } };
    vf_layout *l = make_layout(el, 1, 0);
    uint32_t data[6] = { F(1.5f), 0, 0, 0, F(2.5f), F(3.5f) };
    vf_vertex_buffer_view vb = { data, 24, 16 };
    vf_draw_desc d = draw_desc(&vb, 1, 2, 1, 0, 0);
    ck_assert_uint_eq(count(l, &d, VF_ROBUST_D3D), 0);
    ck_assert_uint_eq(count(l, &d, VF_ROBUST_BUFFER_ACCESS), 4);
    vf_robust_set s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 0, 1, 0, 0);
    ck_assert_uint_eq(s.reason, VF_ROBUST_STRIDE_ROUND);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_EXACT | VF_ROBUST_ALLOW_ZERO | VF_ROBUST_ALLOW_RANGE);
    ck_assert(allows(&d, &s, F(2.5f)) && allows(&d, &s, F(3.5f)) && allows(&d, &s, F(1.5f)));
    s = set_at(l, &d, VF_ROBUST_ROBUSTNESS2, 0, 1, 0, 0);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_EXACT | VF_ROBUST_ALLOW_ZERO);
    ck_assert(allows(&d, &s, F(2.5f)) && allows(&d, &s, 0) && !allows(&d, &s, F(1.5f)));
    s = set_at(l, &d, VF_ROBUST_ROBUSTNESS2, 0, 1, 0, 3); /* the default w, or the zero's w */
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_EXACT | VF_ROBUST_ALLOW_ONE);
    ck_assert(allows(&d, &s, ONE_F) && !allows(&d, &s, 0));
    /* Stride 0: the only multiple of 0 is 0, so every read may be out. */
    vb.stride_in_bytes = 0;
    ck_assert_uint_eq(count(l, &d, VF_ROBUST_D3D), 0);
    ck_assert_uint_eq(count(l, &d, VF_ROBUST_ROBUSTNESS2), 8);
    vf_layout_destroy(l);
}
END_TEST

/* An unbound slot, a zero-size view, per-instance data past the end. */
START_TEST(test_unbound_zero_size_instances)
{
    static const vf_input_element_desc el[] = {
        { "A", 0, VF_FORMAT_R32G32_UINT, 0, 0, 0, 0 },
        { "B", 0, VF_FORMAT_R16G16_SINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 2 },
    };
    vf_layout *l = make_layout(el, 2, 0);
    uint32_t inst = 0x00050007u;
    vf_vertex_buffer_view vb[2] = { { NULL, 0, 8 }, { &inst, 4, 4 } };
    vf_draw_desc d = draw_desc(vb, 2, 1, 4, 0, 0); /* instances 2, 3 read element 1 of B */
    vf_robust_set s = set_at(l, &d, VF_ROBUST_D3D, 0, 0, 0, 3);
    ck_assert_uint_eq(s.reason, VF_ROBUST_UNBOUND);
    ck_assert_uint_eq(s.exact, 0);
    s = set_at(l, &d, VF_ROBUST_ROBUSTNESS2, 0, 0, 0, 3);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_EXACT);
    ck_assert_uint_eq(s.exact, 1); /* a null buffer: zeros, then (0,0,1) */
    s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 0, 0, 0, 3);
    ck_assert_uint_eq(s.allow,
                      VF_ROBUST_ALLOW_ZERO | VF_ROBUST_ALLOW_ONE | VF_ROBUST_ALLOW_MAX_INT);
    ck_assert_uint_eq(s.max_int, 0xffffffffu);
    s = set_at(l, &d, VF_ROBUST_ATTRIBUTE, 0, 0, 0, 3);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_ZERO | VF_ROBUST_ALLOW_ONE);
    s = set_at(l, &d, VF_ROBUST_ATTRIBUTE, 0, 0, 0, 1);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_ZERO);
    /* B: instances 0 and 1 in bounds, 2 and 3 past the end. */
    ck_assert_uint_eq(set_at(l, &d, VF_ROBUST_D3D, 1, 0, 1, 0).reason, VF_ROBUST_IN_BOUNDS);
    s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 3, 0, 1, 3);
    ck_assert_uint_eq(s.reason, VF_ROBUST_OUTSIDE);
    ck_assert_uint_eq(s.max_int, 0x7fffffffu);
    ck_assert(allows(&d, &s, 0x7fffffffu) && allows(&d, &s, 1) && !allows(&d, &s, 5));
    s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 3, 0, 1, 1);
    ck_assert(allows(&d, &s, 5) && !allows(&d, &s, 7) && !allows(&d, &s, 6));
    /* 4 instances x 4 components of A, plus 2 x 4 of B. */
    ck_assert_uint_eq(count(l, &d, VF_ROBUST_D3D), 24);
    /* A zero-size view: everything out, nothing in range. */
    vb[1].size_in_bytes = 0;
    s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 0, 0, 1, 0);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_ZERO);
    ck_assert_uint_eq(count(l, &d, VF_ROBUST_D3D), 32);
    vf_layout_destroy(l);
}
END_TEST

/* Indices past the index buffer read 0 (D3D, robustness2); without
 * robustBufferAccess2 they are invalid usage and allow any word. */
START_TEST(test_index_past_buffer)
{
    static const vf_input_element_desc el[] = { { "A", 0, VF_FORMAT_R32_UINT, 0, 0, 0, 0 } };
    vf_layout *l = make_layout(el, 1, 0);
    uint32_t data[2] = { 11, 22 };
    uint16_t idx[2] = { 1, 0 };
    vf_vertex_buffer_view vb = { data, 8, 4 };
    vf_index_buffer_view ib = { idx, 4, VF_FORMAT_R16_UINT };
    vf_draw_desc d = draw_desc(&vb, 1, 3, 1, 0, 0);
    d.indexed = 1;
    d.index_buffer = &ib;
    vf_robust_set s = set_at(l, &d, VF_ROBUST_D3D, 0, 2, 0, 0);
    ck_assert_uint_eq(s.reason, VF_ROBUST_INDEX_PAST);
    ck_assert_uint_eq(s.exact, 11);
    s = set_at(l, &d, VF_ROBUST_ROBUSTNESS2, 0, 2, 0, 0);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_EXACT);
    s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 0, 2, 0, 0);
    ck_assert_uint_eq(s.allow, VF_ROBUST_ALLOW_ANY);
    ck_assert(allows(&d, &s, 0xdeadbeefu));
    ck_assert_uint_eq(count(l, &d, VF_ROBUST_BUFFER_ACCESS), 4);
    /* A base vertex pushing index 1 out: position 0 reads vertex 2. */
    d.base_vertex_location = 1;
    s = set_at(l, &d, VF_ROBUST_D3D, 0, 0, 0, 0);
    ck_assert_uint_eq(s.reason, VF_ROBUST_OUTSIDE);
    ck_assert_uint_eq(s.exact, 0);
    vf_layout_destroy(l);
}
END_TEST

START_TEST(test_bad_input)
{
    static const vf_input_element_desc el[] = { { "A", 0, VF_FORMAT_R32_UINT, 0, 0, 0, 0 } };
    vf_layout *l = make_layout(el, 1, 0);
    uint32_t data[2] = { 1, 2 };
    vf_vertex_buffer_view vb = { data, 8, 4 };
    vf_draw_desc d = draw_desc(&vb, 1, 3, 1, 0, 0);
    vf_robust_set s;
    uint64_t n = 99;
    size_t w = 99;
    uint32_t mode = 77;
    int ok = -1;
    ck_assert_int_eq(vf_robust_set_at(NULL, &d, 0, 0, 0, 0, 0, &s), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_robust_set_at(l, &d, 4, 0, 0, 0, 0, &s), VF_ERROR_INVALID_ROBUST_MODE);
    ck_assert_int_eq(vf_robust_set_at(l, &d, 0, 1, 0, 0, 0, &s), VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_robust_set_at(l, &d, 0, 0, 3, 0, 0, &s), VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_robust_set_at(l, &d, 0, 0, 0, 1, 0, &s), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_robust_set_at(l, &d, 0, 0, 0, 0, 4, &s), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_robust_count(l, &d, 0, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_robust_list(l, &d, 0, 0, NULL, 1, &w), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_robust_list(l, &d, 0, 0, NULL, 0, &w), VF_OK);
    ck_assert_uint_eq(w, 0);
    vb.stride_in_bytes = 3; /* misaligned stride: vf_draw's error */
    ck_assert_int_eq(vf_robust_count(l, &d, 0, &n), VF_ERROR_MISALIGNED_STRIDE);
    ck_assert_uint_eq(n, 99);
    vb.stride_in_bytes = 4;
    /* A forged set cannot make vf_robust_allows read past a view. */
    s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 0, 2, 0, 0);
    ck_assert(s.allow & VF_ROBUST_ALLOW_RANGE);
    s.range_bytes = 12;
    ck_assert_int_eq(vf_robust_allows(&d, &s, 0, &ok), VF_ERROR_INVALID_ARGUMENT);
    s.range_bytes = 8;
    s.align = 3;
    ck_assert_int_eq(vf_robust_allows(&d, &s, 0, &ok), VF_ERROR_INVALID_ARGUMENT);
    s.align = 4;
    s.allow |= 0x100;
    ck_assert_int_eq(vf_robust_allows(&d, &s, 0, &ok), VF_ERROR_INVALID_ARGUMENT);
    s.allow = 0;
    ck_assert_int_eq(vf_robust_allows(&d, &s, 0, &ok), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(ok, -1);
    /* Names. */
    for (uint32_t m = 0; m < VF_ROBUST_MODE_COUNT; m++) {
        ck_assert_int_eq(vf_robust_mode_from_name(vf_robust_mode_name(m), &mode), VF_OK);
        ck_assert_uint_eq(mode, m);
    }
    ck_assert_ptr_null(vf_robust_mode_name(VF_ROBUST_MODE_COUNT));
    ck_assert_int_eq(vf_robust_mode_from_name("robust", &mode), VF_ERROR_INVALID_ROBUST_MODE);
    ck_assert_str_eq(vf_result_string(VF_ERROR_INVALID_ROBUST_MODE), "unknown robustness mode");
    /* Text, cut to any size. */
    char buf[160];
    s = set_at(l, &d, VF_ROBUST_BUFFER_ACCESS, 0, 2, 0, 0);
    size_t len = vf_robust_describe(&s, buf, sizeof(buf));
    ck_assert_str_eq(buf, "{0x00000000, R32_UINT.x of slot 0 bytes [0, 8) step 4}");
    ck_assert_uint_eq(len, strlen(buf));
    ck_assert_uint_eq(vf_robust_describe(&s, buf, 5), len);
    ck_assert_str_eq(buf, "{0x0");
    s = set_at(l, &d, VF_ROBUST_D3D, 0, 0, 0, 0);
    vf_robust_describe(&s, buf, sizeof(buf));
    ck_assert_str_eq(buf, "{0x00000001 exactly}");
    vf_layout_destroy(l);
}
END_TEST

/* The words tried at each component: the mode's special values, the
 * reference's exact word, values of the views and random words. */
static uint32_t candidates(vf_rng *rng, const vf_draw_desc *d, uint32_t exact, uint32_t *w)
{
    uint32_t n = 0;
    w[n++] = exact;
    w[n++] = 0;
    w[n++] = 1;
    w[n++] = ONE_F;
    w[n++] = 0x7fffffffu;
    w[n++] = 0xffffffffu;
    w[n++] = vf_rng_u32(rng);
    for (uint32_t s = 0; s < d->num_vertex_buffers; s++) {
        const vf_vertex_buffer_view *vb = &d->vertex_buffers[s];
        if (vb->data && vb->size_in_bytes >= 4) {
            uint32_t a = vf_rng_below(rng, vb->size_in_bytes - 3), v;
            memcpy(&v, (const uint8_t *)vb->data + a, 4);
            w[n++] = v;
            w[n++] = vf_test_f2u((float)((const uint8_t *)vb->data)[a] / 255.0f);
            w[n++] = ((const uint8_t *)vb->data)[a];
            w[n++] = v & 0xffffu;
        }
    }
    return n;
}

/* Every component of every record of a draw, in every mode: listed as the
 * reference lists it, with the same answer for every candidate word. */
static void compare_draw(vf_rng *rng, const vf_layout *l, const vf_draw_desc *d,
                         const vf_input_element_desc *el, uint32_t n)
{
    ia_ref ref;
    ia_ref_init_descs(&ref, el, n, NULL, 0, d);
    ck_assert_uint_eq(ref.nreg, vf_layout_register_count(l));
    for (uint32_t m = 0; m < VF_ROBUST_MODE_COUNT; m++) {
        uint64_t total = 0, listed = 0;
        ck_assert_int_eq(vf_robust_count(l, d, m, &total), VF_OK);
        vf_robust_set *list = malloc((size_t)(total ? total : 1) * sizeof(*list));
        size_t written = 0;
        ck_assert_int_eq(vf_robust_list(l, d, m, 0, list, (size_t)total, &written), VF_OK);
        ck_assert_uint_eq(written, total);
        for (uint32_t j = 0; j < d->instance_count; j++)
            for (uint32_t i = 0; i < d->vertex_count_per_instance; i++) {
                robust_ref_record rec;
                robust_ref_record_at(&ref, m, j, i, &rec);
                for (uint32_t g = 0; g < ref.nreg; g++)
                    for (uint32_t c = 0; c < 4; c++) {
                        vf_robust_set s = set_at(l, d, m, j, i, g, c);
                        uint32_t w[16], nw = candidates(rng, d, rec.words[g * 4 + c], w);
                        if (rec.listed[g][c]) {
                            ck_assert_uint_lt(listed, total);
                            ck_assert_mem_eq(&list[listed], &s, sizeof(s));
                            listed++;
                        }
                        ck_assert_int_eq(s.reason != VF_ROBUST_IN_BOUNDS, rec.listed[g][c]);
                        for (uint32_t k = 0; k < nw; k++)
                            if (allows(d, &s, w[k]) != robust_ref_allows(&ref, m, &rec, g, c, w[k]))
                                ck_abort_msg("mode %u instance %u position %u r%u.%c word 0x%08x: "
                                             "library %d, reference %d", m, j, i, g, "xyzw"[c],
                                             w[k], allows(d, &s, w[k]),
                                             robust_ref_allows(&ref, m, &rec, g, c, w[k]));
                    }
            }
        ck_assert_uint_eq(listed, total);
        free(list);
    }
}

/* Random small draws: two slots, views ending anywhere (inside a stride,
 * inside an element, at 0 bytes, unbound), strides of 0 and past the view,
 * step rates 0, 1 and n, short index buffers and base vertices. */
START_TEST(test_random_against_reference)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0x0b5e55ed + (uint64_t)_i);
    vf_format fmts[128];
    uint32_t nf = ia_formats(fmts);
    for (uint32_t round = 0; round < 40; round++) {
        vf_input_element_desc el[3];
        uint32_t n = 1 + vf_rng_below(&rng, 3), rate = vf_rng_below(&rng, 3);
        for (uint32_t e = 0; e < n; e++) {
            uint32_t slot = vf_rng_below(&rng, 2);
            const vf_format_desc *f = vf_format_info(fmts[vf_rng_below(&rng, nf)]);
            uint32_t al = f->bytes < 4 ? f->bytes : 4;
            el[e] = (vf_input_element_desc){ "E", e, f->format, slot, al * vf_rng_below(&rng, 5),
                                             slot, slot ? rate : 0 };
        }
        vf_layout *l = NULL;
        if (vf_layout_create(el, n, NULL, &l, NULL) != VF_OK)
            continue;
        uint8_t bytes[2][64];
        vf_rng_fill(&rng, bytes, sizeof(bytes));
        vf_vertex_buffer_view vb[2];
        for (uint32_t s = 0; s < 2; s++)
            vb[s] = (vf_vertex_buffer_view){ vf_rng_below(&rng, 8) ? bytes[s] : NULL,
                                             vf_rng_below(&rng, 65), 4 * vf_rng_below(&rng, 20) };
        uint16_t idx[6];
        for (uint32_t k = 0; k < 6; k++)
            idx[k] = (uint16_t)vf_rng_below(&rng, 8);
        vf_index_buffer_view ib = { idx, 2 * vf_rng_below(&rng, 7), VF_FORMAT_R16_UINT };
        vf_draw_desc d = draw_desc(vb, 1 + vf_rng_below(&rng, 2), 1 + vf_rng_below(&rng, 6),
                                   1 + vf_rng_below(&rng, 4), 0, 0);
        d.indexed = vf_rng_below(&rng, 2);
        d.index_buffer = d.indexed ? &ib : NULL;
        d.start_location = vf_rng_below(&rng, 3);
        d.base_vertex_location = (int32_t)vf_rng_below(&rng, 4) - 1;
        d.start_instance_location = vf_rng_below(&rng, 3);
        if (vf_draw_check(l, &d, 0, NULL) == VF_OK)
            compare_draw(&rng, l, &d, el, n);
        vf_layout_destroy(l);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("robust");
    TCase *tc = tcase_create("worked");
    tcase_add_test(tc, test_view_ends_inside_element);
    tcase_add_test(tc, test_view_ends_inside_stride);
    tcase_add_test(tc, test_unbound_zero_size_instances);
    tcase_add_test(tc, test_index_past_buffer);
    tcase_add_test(tc, test_bad_input);
    suite_add_tcase(s, tc);
    tc = tcase_create("reference");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_random_against_reference, 0, 8);
    suite_add_tcase(s, tc);
    return vf_test_run(s);
}
