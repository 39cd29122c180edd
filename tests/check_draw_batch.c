/*
 * check_draw_batch.c - draw batches (lib/draw_batch.c): every draw of a
 * random batch writes exactly what vf_draw writes for the same
 * description (vf_draw itself is checked against the reference walker in
 * tests/ref/ia_ref.c by check_draw_random), at the offsets the size query
 * gives, on the general path and on the small-draw fast path; the shared
 * and per-draw errors write nothing.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "test_util.h"
#include "vfetch.h"

#define SETS 8u
#define SLOTS 2u

static vf_layout *make_layout(uint32_t shape)
{
    static const vf_input_element_desc el[] = {
        { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, VF_APPEND_ALIGNED_ELEMENT,
          VF_INPUT_PER_VERTEX_DATA, 0 },
        { "COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, VF_APPEND_ALIGNED_ELEMENT,
          VF_INPUT_PER_VERTEX_DATA, 0 },
        { "WORLD", 0, VF_FORMAT_R16G16_SNORM, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 1 },
    };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    o.output_shape = shape;
    vf_layout *l = NULL;
    ck_assert_int_eq(vf_layout_create(el, 3, &o, &l, NULL), VF_OK);
    return l;
}

/* Batch b of n draws, guarded by 16 bytes of 0xa5 past its output; then
 * each draw alone through vf_draw with b's views and state: its words
 * must be the batch's at its offset, and the offsets its sizes. */
static void check_batch(const vf_layout *layout, const vf_draw_batch_desc *b,
                        const vf_batch_draw *draws, uint32_t n, const char *what)
{
    size_t offsets[40], size;
    ck_assert_int_eq(vf_draw_batch_output_size(layout, b, draws, n, offsets, &size), VF_OK);
    uint8_t *out = aligned_alloc(16, size + 16), *one = aligned_alloc(16, size + 16);
    ck_assert(out && one);
    memset(out, 0xa5, size + 16);
    ck_assert_int_eq(vf_draw_batch(layout, b, draws, n, out, size, NULL), VF_OK);
    for (uint32_t i = 0; i < 16; i++)
        ck_assert_uint_eq(out[size + i], 0xa5);
    for (uint32_t i = 0; i < n; i++) {
        vf_draw_desc d;
        vf_draw_desc_init(&d);
        d.vertex_buffers = b->vertex_buffer_sets + draws[i].vertex_buffer_set * b->num_vertex_buffers;
        d.num_vertex_buffers = b->num_vertex_buffers;
        d.indexed = b->indexed;
        d.index_buffer = b->index_buffer;
        d.strip_cut_value = b->strip_cut_value;
        d.primitive_topology = b->primitive_topology;
        d.vertex_count_per_instance = draws[i].vertex_count_per_instance;
        d.instance_count = draws[i].instance_count;
        d.start_location = draws[i].start_location;
        d.base_vertex_location = draws[i].base_vertex_location;
        d.start_instance_location = draws[i].start_instance_location;
        size_t bytes, end = i + 1 < n ? offsets[i + 1] : size;
        ck_assert_int_eq(vf_draw_output_size(layout, d.vertex_count_per_instance,
                                             d.instance_count, &bytes), VF_OK);
        ck_assert_uint_eq(offsets[i] + bytes, end);
        ck_assert_int_eq(vf_draw(layout, &d, one, bytes), VF_OK);
        if (memcmp(one, out + offsets[i], bytes) != 0)
            ck_abort_msg("%s, draw %u: words differ from vf_draw", what, i);
    }
    free(out);
    free(one);
}

/* Random batches over random view sets, indexed (16- and 32-bit, strips
 * with cuts) or not, against vf_draw per draw. */
static void random_batches(uint32_t shape)
{
    vf_layout *layout = make_layout(shape);
    vf_rng rng;
    vf_rng_seed(&rng, 0x42415443u + shape);
    uint8_t *vdata = malloc(4096);
    uint32_t *idx = malloc(400 * 4);
    ck_assert(vdata && idx);
    vf_rng_fill(&rng, vdata, 4096);
    for (int iter = 0; iter < 200; iter++) {
        int wide = iter & 1;
        for (uint32_t i = 0; i < 400; i++) {
            uint32_t v = vf_rng_below(&rng, 10) == 0 ? 0xffffffffu : vf_rng_below(&rng, 120);
            if (wide)
                idx[i] = v;
            else
                ((uint16_t *)idx)[i] = (uint16_t)v;
        }
        vf_vertex_buffer_view sets[SETS * SLOTS];
        for (uint32_t k = 0; k < SETS * SLOTS; k++) {
            uint32_t off = vf_rng_below(&rng, 64) * 4;
            sets[k].data = vf_rng_below(&rng, 12) == 0 ? NULL : vdata + off;
            sets[k].size_in_bytes = vf_rng_below(&rng, 4096 - off);
            sets[k].stride_in_bytes = 16 + 4 * vf_rng_below(&rng, 4);
        }
        vf_index_buffer_view ib = { idx, vf_rng_below(&rng, 400 * (wide ? 4 : 2)),
                                    wide ? VF_FORMAT_R32_UINT : VF_FORMAT_R16_UINT };
        vf_draw_batch_desc b;
        memset(&b, 0, sizeof(b));
        b.struct_size = sizeof(b);
        b.vertex_buffer_sets = sets;
        b.num_vertex_buffer_sets = SETS;
        b.num_vertex_buffers = SLOTS;
        b.indexed = iter % 3 != 0;
        b.index_buffer = &ib;
        b.strip_cut_value = b.indexed && iter % 4 ? (wide ? VF_STRIP_CUT_VALUE_0xFFFFFFFF
                                                          : VF_STRIP_CUT_VALUE_0xFFFF)
                                                  : VF_STRIP_CUT_VALUE_DISABLED;
        b.primitive_topology = iter % 2 ? VF_TOPOLOGY_TRIANGLESTRIP : VF_TOPOLOGY_TRIANGLELIST;
        vf_batch_draw draws[40];
        uint32_t n = vf_rng_below(&rng, 40) + 1;
        for (uint32_t i = 0; i < n; i++) {
            draws[i].vertex_buffer_set = vf_rng_below(&rng, SETS);
            draws[i].vertex_count_per_instance = vf_rng_below(&rng, 5) == 0
                                                     ? vf_rng_below(&rng, 300)
                                                     : 3 + vf_rng_below(&rng, 98);
            draws[i].instance_count = vf_rng_below(&rng, 4);
            draws[i].start_location = vf_rng_below(&rng, 100);
            draws[i].base_vertex_location = (int32_t)vf_rng_below(&rng, 40) - 20;
            draws[i].start_instance_location = vf_rng_below(&rng, 5);
        }
        char what[64];
        snprintf(what, sizeof(what), "shape %u, batch %d", shape, iter);
        check_batch(layout, &b, draws, n, what);
    }
    free(vdata);
    free(idx);
    vf_layout_destroy(layout);
}

START_TEST(test_random_aos)
{
    random_batches(VF_OUTPUT_AOS);
}
END_TEST

START_TEST(test_random_soa)
{
    random_batches(VF_OUTPUT_SOA8);
}
END_TEST

/* A layout of per-vertex elements alone, in two slots, without system
 * values: the batches whose small non-indexed draws vf_draw_batch writes
 * on its own fast path. mapped: COLOR's components swapped and forced. */
static vf_layout *make_plain_layout(int mapped)
{
    static const vf_input_element_desc el[] = {
        { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, VF_APPEND_ALIGNED_ELEMENT,
          VF_INPUT_PER_VERTEX_DATA, 0 },
        { "COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, VF_APPEND_ALIGNED_ELEMENT,
          VF_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 0, VF_FORMAT_R16G16_SNORM, 1, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
    };
    const uint32_t maps[3] = { VF_DEFAULT_COMPONENT_MAPPING,
                               VF_ENCODE_COMPONENT_MAPPING(2, 1, 0, 5),
                               VF_DEFAULT_COMPONENT_MAPPING };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.component_mappings = mapped ? maps : NULL;
    vf_layout *l = NULL;
    ck_assert_int_eq(vf_layout_create(el, 3, &o, &l, NULL), VF_OK);
    return l;
}

/* Random small draws on such a layout: views unbound at times, too small
 * for some draws, strides equal to slot 1's element (its plain kernel) or
 * wider, starts near 2^32, counts around the 64-vertex bound and a few
 * instanced draws; every draw's words against vf_draw's. */
static void random_plain_batches(vf_layout *layout, uint32_t seed)
{
    vf_rng rng;
    vf_rng_seed(&rng, seed);
    uint8_t *vdata = malloc(8192);
    ck_assert(vdata != NULL);
    vf_rng_fill(&rng, vdata, 8192);
    for (int iter = 0; iter < 300; iter++) {
        vf_vertex_buffer_view sets[SETS * SLOTS];
        for (uint32_t k = 0; k < SETS * SLOTS; k++) {
            uint32_t off = vf_rng_below(&rng, 64) * 4;
            sets[k].data = vf_rng_below(&rng, 16) == 0 ? NULL : vdata + off;
            sets[k].size_in_bytes = vf_rng_below(&rng, 4) == 0 ? vf_rng_below(&rng, 600)
                                                               : 8192 - off;
            sets[k].stride_in_bytes = k % SLOTS ? 4 * (1 + vf_rng_below(&rng, 3))
                                                : 16 + 4 * vf_rng_below(&rng, 3);
        }
        vf_draw_batch_desc b;
        memset(&b, 0, sizeof(b));
        b.struct_size = sizeof(b);
        b.vertex_buffer_sets = sets;
        b.num_vertex_buffer_sets = SETS;
        b.num_vertex_buffers = SLOTS;
        b.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
        vf_batch_draw draws[40];
        uint32_t n = vf_rng_below(&rng, 40) + 1;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t r = vf_rng_below(&rng, 20);
            draws[i].vertex_buffer_set = vf_rng_below(&rng, SETS);
            draws[i].vertex_count_per_instance = r < 2 ? 62 + vf_rng_below(&rng, 5)
                                                 : r < 3 ? vf_rng_below(&rng, 2)
                                                         : 3 + vf_rng_below(&rng, 30);
            draws[i].instance_count = r == 4 ? 2 : r == 5 ? 0 : 1;
            draws[i].start_location = r == 6 ? UINT32_MAX - vf_rng_below(&rng, 8)
                                             : vf_rng_below(&rng, 100);
            draws[i].base_vertex_location = 0;
            draws[i].start_instance_location = vf_rng_below(&rng, 3);
        }
        char what[64];
        snprintf(what, sizeof(what), "seed %u, batch %d", seed, iter);
        check_batch(layout, &b, draws, n, what);
    }
    free(vdata);
}

START_TEST(test_random_plain)
{
    for (int mapped = 0; mapped < 2; mapped++) {
        vf_layout *layout = make_plain_layout(mapped);
        random_plain_batches(layout, 0x504c4149u + (uint32_t)mapped);
        vf_layout_destroy(layout);
    }
}
END_TEST

/* The same with the generator off: the slots' per-element kernels, where
 * this build would generate code. */
START_TEST(test_random_plain_elem)
{
    const char *was = getenv("VFETCH_JIT");
    char saved[16] = "";
    if (was)
        snprintf(saved, sizeof saved, "%s", was);
    setenv("VFETCH_JIT", "0", 1);
    vf_layout *layout = make_plain_layout(0);
    if (was) /* as the run had it (make check sets 1) */
        setenv("VFETCH_JIT", saved, 1);
    else
        unsetenv("VFETCH_JIT");
    random_plain_batches(layout, 0x4a495421u);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_errors)
{
    vf_layout *layout = make_layout(VF_OUTPUT_AOS);
    uint8_t vdata[64] = { 0 };
    /* Sets {0, 1} and {2, 3} are valid; from sets + 2, set 1 is {4, 5}. */
    vf_vertex_buffer_view sets[6] = { { vdata, 64, 16 }, { vdata, 64, 16 }, { vdata, 64, 16 },
                                      { vdata, 64, 16 }, { vdata, 64, 16 }, { vdata, 64, 6 } };
    vf_draw_batch_desc b;
    memset(&b, 0, sizeof(b));
    b.struct_size = sizeof(b);
    b.vertex_buffer_sets = sets;
    b.num_vertex_buffer_sets = 1;
    b.num_vertex_buffers = 2;
    b.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    vf_batch_draw draws[2] = { { 0, 3, 1, 0, 0, 0 }, { 1, 3, 1, 0, 0, 0 } };
    uint32_t out[64], failed = 77;
    size_t size;
    memset(out, 0x5a, sizeof(out));
    /* Draw 1 names set 1 of a batch of one set. */
    ck_assert_int_eq(vf_draw_batch(layout, &b, draws, 2, out, sizeof(out), &failed),
                     VF_ERROR_INVALID_ARGUMENT);
    ck_assert_uint_eq(failed, 1);
    ck_assert_uint_eq(out[0], 0x5a5a5a5au);
    /* Set 1 has a misaligned stride: the shared check fails. */
    b.num_vertex_buffer_sets = 2;
    ck_assert_int_eq(vf_draw_batch_output_size(layout, &b, draws, 2, NULL, &size), VF_OK);
    ck_assert_uint_eq(size, 2 * 3 * 64); /* 4 registers: 3 elements and the system one */
    b.vertex_buffer_sets = sets + 2;
    ck_assert_int_eq(vf_draw_batch(layout, &b, draws, 2, out, sizeof(out), NULL),
                     VF_ERROR_MISALIGNED_STRIDE);
    b.vertex_buffer_sets = sets;
    ck_assert_int_eq(vf_draw_batch(layout, &b, draws, 2, out, size - 1, NULL),
                     VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_draw_batch(layout, &b, draws, 2, (uint8_t *)out + 4, size, NULL),
                     VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_draw_batch(layout, &b, draws, 2, NULL, size, NULL),
                     VF_ERROR_NULL_POINTER);
    ck_assert_uint_eq(out[0], 0x5a5a5a5au);
    ck_assert_int_eq(vf_draw_batch(layout, &b, NULL, 2, out, size, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_batch(NULL, &b, draws, 2, out, size, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_batch_output_size(layout, &b, draws, 2, NULL, NULL),
                     VF_ERROR_NULL_POINTER);
    b.primitive_topology = 6;
    ck_assert_int_eq(vf_draw_batch(layout, &b, draws, 2, out, size, NULL),
                     VF_ERROR_INVALID_TOPOLOGY);
    b.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    b.num_vertex_buffers = 33;
    ck_assert_int_eq(vf_draw_batch(layout, &b, draws, 2, out, size, NULL),
                     VF_ERROR_TOO_MANY_BUFFERS);
    b.num_vertex_buffers = 2;
    b.struct_size = 0;
    ck_assert_int_eq(vf_draw_batch(layout, &b, draws, 2, out, size, NULL),
                     VF_ERROR_INVALID_ARGUMENT);
    b.struct_size = sizeof(b);
    /* A draw whose output does not fit in size_t (64-bit: past 2^64). */
    vf_batch_draw huge[3] = { { 0, 0xffffffffu, 0xffffffffu, 0, 0, 0 },
                              { 0, 0xffffffffu, 0xffffffffu, 0, 0, 0 },
                              { 0, 0xffffffffu, 0xffffffffu, 0, 0, 0 } };
    failed = 77;
    ck_assert_int_eq(vf_draw_batch(layout, &b, huge, 3, out, size, &failed), VF_ERROR_OVERFLOW);
    ck_assert_uint_lt(failed, 3);
    ck_assert_uint_eq(out[0], 0x5a5a5a5au);
    /* No draw: nothing to write, nothing needed. */
    ck_assert_int_eq(vf_draw_batch(layout, &b, draws, 0, NULL, 0, NULL), VF_OK);
    vf_layout_destroy(layout);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("draw_batch");
    TCase *tc = tcase_create("batch");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_random_aos);
    tcase_add_test(tc, test_random_soa);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_random_plain);
    tcase_add_test(tc, test_random_plain_elem);
    suite_add_tcase(s, tc);
    return vf_test_run(s);
}
