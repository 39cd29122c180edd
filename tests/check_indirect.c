/*
 * check_indirect.c - ExecuteIndirect against the equivalent direct draws.
 *
 * Random calls (tests/indirect_helpers.c: signatures mixing constants,
 * root views, an incrementing constant, vertex and index buffer views;
 * argument and count buffers on guard pages; views inside, across and
 * outside the address ranges) are walked by the reference of
 * tests/ref/indirect_ref.c, written from the spec. Each command the
 * reference finds becomes a direct draw built here from the state before
 * the call; vf_execute_indirect's records, result and the walk's
 * primitives must be exactly that draw's. SV_StartVertexLocation and
 * SV_StartInstanceLocation are checked against the argument words.
 */
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "draw_helpers.h"
#include "indirect_helpers.h"

static vf_layout *stream_layout(void)
{
    vf_input_element_desc d[4] = {
        el("POSITION", 0, VF_FORMAT_R32G32_FLOAT, 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0),
        el("COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 1, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("TEXCOORD", 0, VF_FORMAT_R16G16_UINT, 2, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
        el("NORMAL", 0, VF_FORMAT_R32_FLOAT, 3, 0, VF_INPUT_PER_INSTANCE_DATA, 2),
    };
    return make_layout(d, 4, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS);
}

/* The direct draw command `r` stands for, on the state before the call. */
static void expected_draw(const struct icase *c, const iref_command *r, vf_vertex_buffer_view vbs[32],
                          vf_index_buffer_view *ib, vf_draw_desc *d)
{
    memset(vbs, 0, 32 * sizeof(vbs[0]));
    memcpy(vbs, c->vbs, c->desc.num_vertex_buffers * sizeof(vbs[0]));
    for (uint32_t s = 0; s < 32; s++)
        if (r->vb[s].set) {
            vf_vertex_buffer_view v = { r->vb[s].host, r->vb[s].size, r->vb[s].third };
            vbs[s] = v;
        }
    memset(ib, 0, sizeof(*ib));
    if (c->desc.index_buffer)
        *ib = *c->desc.index_buffer;
    if (r->ib.set) {
        vf_index_buffer_view v = { r->ib.host, r->ib.size, r->ib.third };
        *ib = v;
    }
    *d = r->indexed ? indexed_desc(vbs, 32, ib, c->desc.strip_cut_value, c->desc.primitive_topology,
                                   r->args[0], r->args[1], r->args[2], (int32_t)r->args[3], r->args[4])
                    : draw_desc(vbs, 32, r->args[0], r->args[1], r->args[2], r->args[3]);
    d->primitive_topology = c->desc.primitive_topology;
}

static vf_result ref_code(int e)
{
    static const vf_result codes[] = { VF_OK, VF_ERROR_INDIRECT_NULL_ADDRESS,
                                       VF_ERROR_INDIRECT_ADDRESS_NOT_MAPPED,
                                       VF_ERROR_STRIDE_TOO_LARGE, VF_ERROR_INVALID_INDEX_FORMAT };
    return codes[e];
}

/* The walk's primitives for one command against the direct draw's. */
static void expect_same_primitives(const vf_draw_desc *got, const vf_draw_desc *want, uint32_t n)
{
    uint32_t gc, wc, gv, wv, gw, ww;
    vf_result gr = vf_primitive_count(got, &gc, &gv, NULL);
    ck_assert_int_eq(gr, vf_primitive_count(want, &wc, &wv, NULL));
    if (gr != VF_OK)
        return;
    ck_assert_msg(gc == wc && gv == wv, "command %u: %u primitives of %u, want %u of %u", n, gc, gv,
                  wc, wv);
    uint32_t *a = calloc((size_t)gc * gv + 1, 4), *b = calloc((size_t)gc * gv + 1, 4);
    ck_assert(a && b);
    ck_assert_int_eq(vf_draw_primitives(got, 0, a, (size_t)gc * gv, &gw), VF_OK);
    ck_assert_int_eq(vf_draw_primitives(want, 0, b, (size_t)gc * gv, &ww), VF_OK);
    ck_assert_uint_eq(gw, ww);
    expect_same(a, b, (size_t)gc * gv, "primitives");
    free(a);
    free(b);
}

/* vf_draw_reuse of one draw into fresh buffers; the result code. */
static vf_result reuse_of(const vf_layout *layout, const vf_draw_desc *d, uint8_t **out,
                          uint32_t **map, uint32_t *unique)
{
    size_t scratch_size, size;
    *out = NULL;
    *map = NULL;
    vf_result r = vf_draw_reuse_scratch_size(layout, d, &scratch_size);
    if (r != VF_OK)
        return r;
    ck_assert_int_eq(vf_draw_output_size(layout, d->vertex_count_per_instance, d->instance_count, &size), VF_OK);
    void *scratch = calloc(1, scratch_size + 4);
    *out = xalloc(size + 16);
    *map = calloc((size_t)d->vertex_count_per_instance + 1, 4);
    ck_assert(scratch && *map);
    r = vf_draw_reuse(layout, d, scratch, scratch_size, *out, size, *map,
                      d->vertex_count_per_instance, unique);
    free(scratch);
    return r;
}

/* The walk's vertex reuse for one command against the direct draw's. */
static void expect_same_reuse(const vf_layout *layout, const vf_draw_desc *got, const vf_draw_desc *want)
{
    uint8_t *go, *wo;
    uint32_t *gm, *wm, gu = 0, wu = 0;
    vf_result gr = reuse_of(layout, got, &go, &gm, &gu);
    ck_assert_int_eq(gr, reuse_of(layout, want, &wo, &wm, &wu));
    if (gr == VF_OK) {
        ck_assert_uint_eq(gu, wu);
        expect_same(gm, wm, want->vertex_count_per_instance, "reuse map");
        expect_same((const uint32_t *)go, (const uint32_t *)wo,
                    (size_t)gu * want->instance_count * vf_layout_record_size(layout) / 4, "reuse records");
    }
    free(go);
    free(wo);
    free(gm);
    free(wm);
}

/* One command: result, records at its offset, primitives, reuse. */
static void check_command(const vf_layout *layout, const struct icase *c, const iref_command *r,
                          const vf_indirect_result *res, const uint8_t *out,
                          const vf_indirect_command *walked)
{
    vf_vertex_buffer_view vbs[32];
    vf_index_buffer_view ib;
    vf_draw_desc want;
    expected_draw(c, r, vbs, &ib, &want);
    ck_assert_uint_eq(walked->result, ref_code(r->error));
    if (r->error != IREF_OK) {
        ck_assert_uint_eq(res->result, ref_code(r->error));
        ck_assert_uint_eq(res->output_size, 0);
        return;
    }
    size_t size;
    ck_assert_int_eq(vf_draw_output_size(layout, want.vertex_count_per_instance, want.instance_count, &size), VF_OK);
    uint8_t *direct = xalloc(size + 16);
    ck_assert_int_eq(res->result, vf_draw(layout, &want, direct, size));
    if (res->result == VF_OK) {
        ck_assert_uint_eq(res->output_size, size);
        expect_same((const uint32_t *)(out + res->output_offset), (const uint32_t *)direct, size / 4,
                    "command records");
    }
    free(direct);
    expect_same_primitives(&walked->draw, &want, walked->command);
    if (res->result == VF_OK)
        expect_same_reuse(layout, &walked->draw, &want);
}

static void run_case(const vf_layout *layout, struct icase *c)
{
    iref_command *ref = calloc(16, sizeof(*ref));
    ck_assert_ptr_nonnull(ref);
    uint32_t count_word = c->count_value;
    uint32_t n = iref_walk(c->ref_args, c->sig.num_argument_descs, c->sig.byte_stride,
                           c->argbuf.data, c->desc.argument_buffer_offset,
                           c->desc.count_buffer ? &count_word : NULL, c->desc.max_command_count,
                           c->ref_ranges, IH_RANGES, ref, 16);
    ck_assert(iref_signature_valid(c->ref_args, c->sig.num_argument_descs, c->sig.byte_stride));
    uint32_t count;
    size_t size;
    ck_assert_int_eq(vf_execute_indirect_size(layout, &c->desc, &count, &size), VF_OK);
    ck_assert_uint_eq(count, n);
    uint8_t *out = xalloc(size + 16);
    vf_indirect_result results[16];
    ck_assert_int_eq(vf_execute_indirect(layout, &c->desc, out, size, results, 16, NULL), VF_OK);
    vf_indirect_walk walk;
    ck_assert_int_eq(vf_execute_indirect_begin(&c->desc, &walk, NULL), VF_OK);
    for (uint32_t i = 0; i < n; i++) {
        vf_indirect_command cmd;
        ck_assert_int_eq(vf_execute_indirect_next(&walk, &cmd, NULL), VF_OK);
        ck_assert_uint_eq(cmd.command, i);
        ck_assert_uint_eq(cmd.incrementing_constant, i);
        check_command(layout, c, &ref[i], &results[i], out, &cmd);
    }
    vf_indirect_command cmd;
    ck_assert_int_eq(vf_execute_indirect_next(&walk, &cmd, NULL), VF_ERROR_INVALID_RANGE);
    free(out);
    free(ref);
}

START_TEST(test_random_streams)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0x1d1ec7u + (uint64_t)_i);
    vf_layout *layout = stream_layout();
    for (int round = 0; round < 300; round++) {
        struct icase c;
        icase_make(&c, &rng, round & 1);
        run_case(layout, &c);
        icase_free(&c);
    }
    vf_layout_destroy(layout);
}
END_TEST

/* A signature reads SV_StartVertexLocation and SV_StartInstanceLocation:
 * each command's records hold its own BaseVertexLocation (indexed) and
 * StartInstanceLocation, straight from the argument words. */
START_TEST(test_start_locations)
{
    vf_input_element_desc d = el("POSITION", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    vf_signature_element sig[3] = {
        { "POSITION", 0, 0, 1, VF_REGISTER_COMPONENT_UINT32 },
        { "SV_StartVertexLocation", 0, 1, 1, VF_REGISTER_COMPONENT_SINT32 },
        { "SV_StartInstanceLocation", 0, 2, 1, VF_REGISTER_COMPONENT_UINT32 },
    };
    vf_layout *layout = make_layout_full(&d, 1, NULL, 0, VF_OUTPUT_AOS, sig, 3);
    vf_indirect_argument_desc args[1] = { { VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED, { { 0 } } } };
    vf_command_signature_desc s = { 20, 1, args, 0 };
    const uint32_t words[10] = { 2, 1, 0, (uint32_t)-7, 5, 1, 2, 1, 9, 3 };
    uint16_t indices[2] = { 0, 1 };
    vf_index_buffer_view ib = { indices, 4, VF_FORMAT_R16_UINT };
    vf_execute_indirect_desc e;
    vf_execute_indirect_desc_init(&e);
    e.signature = &s;
    e.max_command_count = 2;
    e.argument_buffer = words;
    e.argument_buffer_size = sizeof(words);
    e.index_buffer = &ib;
    uint32_t count;
    size_t size;
    ck_assert_int_eq(vf_execute_indirect_size(layout, &e, &count, &size), VF_OK);
    ck_assert_uint_eq(count, 2);
    ck_assert_uint_eq(size, (2 + 2) * 48);
    uint32_t *out = xalloc(size);
    vf_indirect_result res[2];
    ck_assert_int_eq(vf_execute_indirect(layout, &e, out, size, res, 2, NULL), VF_OK);
    /* Command 0: 2 vertices, base -7, instance 5; command 1: 1 vertex, 2
     * instances from 3, base 9. Register 1 .x and register 2 .x. */
    const uint32_t want_base[4] = { (uint32_t)-7, (uint32_t)-7, 9, 9 };
    const uint32_t want_inst[4] = { 5, 5, 3, 3 };
    for (int r = 0; r < 4; r++) {
        ck_assert_uint_eq(out[r * 12 + 4], want_base[r]);
        ck_assert_uint_eq(out[r * 12 + 8], want_inst[r]);
    }
    ck_assert_uint_eq(res[1].output_offset, 2 * 48);
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

static Suite *indirect_suite(void)
{
    Suite *s = suite_create("indirect");
    TCase *tc = tcase_create("indirect");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_random_streams, 0, 4);
    tcase_add_test(tc, test_start_locations);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(indirect_suite());
}
