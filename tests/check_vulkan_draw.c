/*
 * check_vulkan_draw.c - vkCmdDraw and vkCmdDrawIndexed through
 * vfetch_vulkan.h against the reference model (tests/ref/vulkan_ref.c,
 * addresses in 64 bits straight from fxvertex.adoc): divisors 0, 1 and n
 * with firstInstance, firstVertex, negative and positive vertexOffset,
 * uint8/16/32 indices with restart in list and strip topologies, indices
 * and attributes past their buffers, firstIndex addresses past 4 GiB,
 * Vulkan-only and 64-bit formats, every
 * output shape and every instruction set built in; then each valid-usage
 * error with its VUID.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "test_util.h"
#include "vfetch_vulkan.h"
#include "vulkan_ref.h"

#define NB 4
#define BUF 512

/* A case: four bindings over random buffers, attributes in location order. */
struct vcase {
    vf_vk_vertex_input_binding_description b[NB];
    vf_vk_vertex_input_binding_divisor_description div[NB];
    uint32_t ndiv;
    vf_vk_vertex_input_attribute_description a[8];
    uint32_t na;
    uint8_t data[NB][BUF];
    vf_vk_vertex_buffer_binding vb[NB];
    uint8_t index[64];
    vf_vk_index_buffer_binding ib;
    vf_vk_draw_desc draw;
};

static void base_case(struct vcase *c, uint64_t seed)
{
    vf_rng rng;
    memset(c, 0, sizeof(*c));
    vf_rng_seed(&rng, seed);
    vf_rng_fill(&rng, c->data, sizeof(c->data));
    static const vf_vk_vertex_input_binding_description b[NB] = {
        { 0, 28, VF_VK_VERTEX_INPUT_RATE_VERTEX },
        { 1, 8, VF_VK_VERTEX_INPUT_RATE_INSTANCE },
        { 2, 24, VF_VK_VERTEX_INPUT_RATE_INSTANCE },
        { 3, 4, VF_VK_VERTEX_INPUT_RATE_INSTANCE },
    };
    memcpy(c->b, b, sizeof(b));
    c->div[0] = (vf_vk_vertex_input_binding_divisor_description){ 1, 0 };
    c->div[1] = (vf_vk_vertex_input_binding_divisor_description){ 2, 3 };
    c->ndiv = 2;
    static const vf_vk_vertex_input_attribute_description a[] = {
        { 0, 0, VF_VK_FORMAT_R32G32B32_SFLOAT, 0 },
        { 1, 0, VF_VK_FORMAT_A2B10G10R10_SNORM_PACK32, 12 },
        { 2, 0, VF_VK_FORMAT_R8G8B8_SRGB, 16 },
        { 3, 0, VF_VK_FORMAT_R16G16B16_SSCALED, 20 },
        { 4, 1, VF_VK_FORMAT_R16G16_SFLOAT, 4 },
        { 5, 2, VF_VK_FORMAT_R64G64B64_SFLOAT, 0 },
        { 7, 3, VF_VK_FORMAT_B8G8R8A8_UINT, 0 },
        { 9, 0, VF_VK_FORMAT_A8B8G8R8_SNORM_PACK32, 24 },
    };
    memcpy(c->a, a, sizeof(a));
    c->na = 8;
    for (uint32_t i = 0; i < NB; i++)
        c->vb[i] = (vf_vk_vertex_buffer_binding){ c->data[i], BUF, 8 * i };
    vf_rng_fill(&rng, c->index, sizeof(c->index));
    vf_vk_draw_desc_init(&c->draw);
    c->draw.vertex_buffers = c->vb;
    c->draw.num_vertex_buffers = NB;
}

/* The reference's view of the case, attributes sorted by location. */
static uint32_t reference(const struct vcase *c, uint32_t *out)
{
    struct vk_ref_binding rb[NB];
    struct vk_ref_attribute ra[8];
    for (uint32_t i = 0; i < NB; i++) {
        uint32_t div = 1;
        for (uint32_t k = 0; k < c->ndiv; k++)
            if (c->div[k].binding == i)
                div = c->div[k].divisor;
        rb[i] = (struct vk_ref_binding){ c->vb[i].data, c->vb[i].size, c->vb[i].offset,
                                         c->b[i].stride, c->b[i].input_rate, div };
    }
    for (uint32_t k = 0; k < c->na; k++) {
        ra[k] = (struct vk_ref_attribute){ c->a[k].location, c->a[k].binding, c->a[k].offset,
                                           { 0 } };
        ck_assert(vk_ref_parse(vf_vk_format_info(c->a[k].format)->name, &ra[k].format));
    }
    const vf_vk_draw_desc *d = &c->draw;
    struct vk_ref_draw rd = { (int)d->indexed, NULL, 0, 0, 0, (int)d->primitive_restart_enable,
                              d->vertex_count, d->instance_count, d->first_vertex,
                              d->first_instance, d->vertex_offset };
    if (d->indexed) {
        rd.index_data = d->index_buffer->data;
        rd.index_size = d->index_buffer->size;
        rd.index_offset = d->index_buffer->offset;
        rd.index_bytes = d->index_buffer->index_type == VF_VK_INDEX_TYPE_UINT8    ? 1
                         : d->index_buffer->index_type == VF_VK_INDEX_TYPE_UINT16 ? 2
                                                                                  : 4;
    }
    return vk_ref_draw(rb, ra, c->na, &rd, 1, out);
}

/* Word w of position p of instance j in an output of `lanes` lanes. */
static uint32_t word_at(const uint32_t *out, uint32_t lanes, uint32_t words, uint32_t count,
                        uint32_t j, uint32_t p, uint32_t w)
{
    if (lanes == 1)
        return out[((size_t)j * count + p) * words + w];
    uint32_t batches = (count + lanes - 1) / lanes;
    size_t batch = (size_t)j * batches + p / lanes;
    return out[batch * words * lanes + (size_t)w * lanes + p % lanes];
}

/* Runs the case in every shape and ISA and compares each word. */
static void run_case(const struct vcase *c, const char *what)
{
    uint32_t words_ref = 0;
    size_t n = (size_t)c->draw.vertex_count * c->draw.instance_count;
    uint32_t *want = malloc((n + 1) * 4 * 64);
    ck_assert_ptr_nonnull(want);
    words_ref = reference(c, want);
    static const uint32_t shapes[] = { VF_OUTPUT_AOS, VF_OUTPUT_SOA4, VF_OUTPUT_SOA8, VF_OUTPUT_SOA16 };
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        if (!vf_isa_available(isa))
            continue;
        for (uint32_t s = 0; s < 4; s++) {
            vf_vk_vertex_input_options o;
            vf_vk_vertex_input_options_init(&o);
            o.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
            o.output_shape = shapes[s];
            o.isa = isa;
            vf_vk_vertex_input *vi;
            vf_diagnostics diag;
            vf_result r = vf_vk_vertex_input_create(c->b, NB, c->a, c->na, c->div, c->ndiv, &o,
                                                    &vi, &diag);
            ck_assert_msg(r == VF_OK, "%s: %s", what, diag.count ? diag.entries[0].message : "");
            ck_assert_uint_eq(vf_vk_vertex_input_register_count(vi) * 4, words_ref);
            size_t size;
            ck_assert_int_eq(vf_vk_draw_output_size(vi, c->draw.vertex_count,
                                                    c->draw.instance_count, &size), VF_OK);
            uint32_t *got = aligned_alloc(64, (size + 127) / 64 * 64);
            r = vf_vk_draw(vi, &c->draw, got, size, &diag);
            ck_assert_msg(r == VF_OK, "%s: %s", what, diag.count ? diag.entries[0].message : "");
            uint32_t lanes = shapes[s] == VF_OUTPUT_AOS ? 1 : shapes[s];
            for (uint32_t j = 0; j < c->draw.instance_count; j++)
                for (uint32_t p = 0; p < c->draw.vertex_count; p++)
                    for (uint32_t w = 0; w < words_ref; w++) {
                        uint32_t g = word_at(got, lanes, words_ref, c->draw.vertex_count, j, p, w);
                        uint32_t e = want[((size_t)j * c->draw.vertex_count + p) * words_ref + w];
                        if (g != e)
                            ck_abort_msg("%s, %s, shape %u: instance %u position %u word %u is "
                                         "%08x, want %08x", what, vf_isa_name(isa), shapes[s], j,
                                         p, w, g, e);
                    }
            free(got);
            vf_vk_vertex_input_destroy(vi);
        }
    }
    free(want);
}

START_TEST(test_non_indexed)
{
    struct vcase c;
    base_case(&c, 1);
    c.draw.vertex_count = 7;
    c.draw.instance_count = 7;
    c.draw.first_vertex = 5;
    c.draw.first_instance = 2;
    run_case(&c, "vkCmdDraw, divisors 1/0/3/1, firstVertex 5, firstInstance 2");
    /* The last vertices and instances run past their buffers. */
    c.draw.first_vertex = 13;
    c.draw.first_instance = 17;
    run_case(&c, "vkCmdDraw past the buffers");
}
END_TEST

START_TEST(test_indexed)
{
    static const struct {
        uint32_t type, topology, restart, first;
        int32_t offset;
    } cases[] = {
        { VF_VK_INDEX_TYPE_UINT8, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, 1, 1, -2 },
        { VF_VK_INDEX_TYPE_UINT8, VF_VK_PRIMITIVE_TOPOLOGY_POINT_LIST, 0, 0, 3 },
        { VF_VK_INDEX_TYPE_UINT16, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, 1, 2, 4 },
        { VF_VK_INDEX_TYPE_UINT16, VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST, 1, 0, -1 },
        { VF_VK_INDEX_TYPE_UINT32, VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP, 1, 3, 0 },
        { VF_VK_INDEX_TYPE_UINT32, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN, 0, 1, 1 },
        /* firstIndex * size past 4 GiB: a VkDeviceSize address, past the
         * buffer (every index reads 0), where D3D's 32-bit one would wrap
         * back into it (to byte 4, and 0). */
        { VF_VK_INDEX_TYPE_UINT32, VF_VK_PRIMITIVE_TOPOLOGY_POINT_LIST, 0, 0x40000001u, 2 },
        { VF_VK_INDEX_TYPE_UINT16, VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, 1, 0x80000000u, 0 },
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        struct vcase c;
        base_case(&c, 100 + k);
        uint32_t isz = cases[k].type == VF_VK_INDEX_TYPE_UINT8 ? 1 : cases[k].type == VF_VK_INDEX_TYPE_UINT16 ? 2 : 4;
        /* Small indices, some all-ones (restart, or with restart off an
         * index far past the buffers), some past the index buffer's end. */
        for (uint32_t i = 0; i < 64 / isz; i++) {
            uint32_t v = i % 7 == 3 ? 0xffffffffu : (c.index[i * isz] % 16u);
            memcpy(&c.index[i * isz], &v, isz);
        }
        c.ib = (vf_vk_index_buffer_binding){ c.index, 60, 4 * isz, cases[k].type };
        c.draw.index_buffer = &c.ib;
        c.draw.indexed = 1;
        c.draw.topology = cases[k].topology;
        c.draw.primitive_restart_enable = cases[k].restart;
        c.draw.vertex_count = 60 / isz; /* the last ones past the buffer */
        c.draw.instance_count = 4;
        c.draw.first_vertex = cases[k].first;
        c.draw.vertex_offset = cases[k].offset;
        c.draw.first_instance = 1;
        char what[96];
        snprintf(what, sizeof(what), "vkCmdDrawIndexed case %zu", k);
        run_case(&c, what);
    }
}
END_TEST

/* firstIndex + i past 2^32 positions: the VkDeviceSize address does not
 * wrap back into the buffer (every index from there reads 0), whichever
 * position the implementation's batches start at. */
START_TEST(test_index_positions_past_4g)
{
    for (uint32_t k = 1; k <= 300; k += 7) {
        struct vcase c;
        base_case(&c, 900 + k);
        for (uint32_t i = 0; i < 60; i++)
            c.index[i] = (uint8_t)(c.index[i] % 16u);
        c.ib = (vf_vk_index_buffer_binding){ c.index, 64, 0, VF_VK_INDEX_TYPE_UINT8 };
        c.draw.index_buffer = &c.ib;
        c.draw.indexed = 1;
        c.draw.topology = VF_VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
        c.draw.vertex_count = k + 60;
        c.draw.instance_count = 1;
        c.draw.first_vertex = 0u - k;
        char what[96];
        snprintf(what, sizeof(what), "firstIndex 2^32 - %u", k);
        run_case(&c, what);
    }
}
END_TEST

/* The vkCmdSetVertexInputEXT form gives the same state. */
START_TEST(test_create2_matches)
{
    struct vcase c;
    base_case(&c, 7);
    vf_vk_vertex_input_binding_description2 b2[NB];
    vf_vk_vertex_input_attribute_description2 a2[8];
    for (uint32_t i = 0; i < NB; i++)
        b2[i] = (vf_vk_vertex_input_binding_description2){
            VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT, NULL, c.b[i].binding,
            c.b[i].stride, c.b[i].input_rate, i == 1 ? 0u : i == 2 ? 3u : 1u };
    for (uint32_t i = 0; i < c.na; i++)
        a2[i] = (vf_vk_vertex_input_attribute_description2){
            VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT, NULL, c.a[i].location,
            c.a[i].binding, c.a[i].format, c.a[i].offset };
    vf_vk_vertex_input *v1, *v2;
    ck_assert_int_eq(vf_vk_vertex_input_create(c.b, NB, c.a, c.na, c.div, c.ndiv, NULL, &v1, NULL), VF_OK);
    ck_assert_int_eq(vf_vk_vertex_input_create2(b2, NB, a2, c.na, NULL, &v2, NULL), VF_OK);
    c.draw.vertex_count = 5;
    c.draw.instance_count = 7;
    c.draw.first_instance = 3;
    size_t size;
    vf_vk_draw_output_size(v1, 5, 7, &size);
    uint32_t *o1 = aligned_alloc(16, size), *o2 = aligned_alloc(16, size);
    ck_assert_int_eq(vf_vk_draw(v1, &c.draw, o1, size, NULL), VF_OK);
    ck_assert_int_eq(vf_vk_draw(v2, &c.draw, o2, size, NULL), VF_OK);
    ck_assert(memcmp(o1, o2, size) == 0);
    /* Registers by location: 0,1,2,3,4,5,6 (the R64G64B64's second), 7, 9. */
    static const uint32_t locs[] = { 0, 1, 2, 3, 4, 5, 6, 7, 9 };
    ck_assert_uint_eq(vf_vk_vertex_input_register_count(v1), 9);
    for (uint32_t r = 0; r < 9; r++) {
        uint32_t l;
        ck_assert_int_eq(vf_vk_vertex_input_register_location(v1, r, &l), VF_OK);
        ck_assert_uint_eq(l, locs[r]);
    }
    /* Four attributes have Vulkan-only formats (A2B10G10R10_SNORM, R8G8B8_SRGB,
     * R16G16B16_SSCALED, B8G8R8A8_UINT) and R64G64B64's second location. */
    ck_assert_uint_eq(vf_vk_vertex_input_scalar_attributes(v1), 4);
    free(o1);
    free(o2);
    vf_vk_vertex_input_destroy(v1);
    vf_vk_vertex_input_destroy(v2);
}
END_TEST

/* Creates the state of c with `o` and checks the first error and its VUID. */
static void expect_create(const struct vcase *c, const vf_vk_vertex_input_options *o,
                          vf_result code, const char *vuid)
{
    vf_vk_vertex_input *vi = (vf_vk_vertex_input *)1;
    vf_diagnostics diag;
    ck_assert_int_eq(vf_vk_vertex_input_create(c->b, NB, c->a, c->na, c->div, c->ndiv, o, &vi,
                                               &diag), code);
    ck_assert_ptr_null(vi);
    ck_assert_msg(strstr(diag.entries[0].message, vuid) != NULL, "%s lacks %s",
                  diag.entries[0].message, vuid);
}

START_TEST(test_create_errors)
{
    struct vcase c;
    vf_vk_vertex_input_options o;
    vf_vk_vertex_input_options_init(&o);
    base_case(&c, 2);
    c.b[3].binding = 32;
    expect_create(&c, NULL, VF_ERROR_VK_INVALID_BINDING, "binding-00618");
    base_case(&c, 2);
    c.b[3].binding = 2;
    expect_create(&c, NULL, VF_ERROR_VK_DUPLICATE_BINDING, "-00616");
    base_case(&c, 2);
    c.b[0].stride = 2049;
    expect_create(&c, NULL, VF_ERROR_VK_STRIDE_TOO_LARGE, "stride-00619");
    base_case(&c, 2);
    c.b[0].input_rate = 2;
    expect_create(&c, NULL, VF_ERROR_VK_INVALID_INPUT_RATE, "inputRate-parameter");
    base_case(&c, 2);
    c.a[7].location = 32;
    expect_create(&c, NULL, VF_ERROR_VK_INVALID_LOCATION, "location-00620");
    base_case(&c, 2);
    c.a[6].location = 6; /* the second location of the R64G64B64 at 5 */
    expect_create(&c, NULL, VF_ERROR_VK_DUPLICATE_LOCATION, "-00617");
    base_case(&c, 2);
    c.a[2].offset = 2048;
    expect_create(&c, NULL, VF_ERROR_VK_OFFSET_TOO_LARGE, "offset-00622");
    base_case(&c, 2);
    c.a[2].format = 8; /* R5G5B5A1_UNORM_PACK16: not a vertex format */
    expect_create(&c, NULL, VF_ERROR_VK_FORMAT_NOT_VERTEX, "format-00623");
    base_case(&c, 2);
    c.b[3].binding = 5;
    expect_create(&c, NULL, VF_ERROR_VK_BINDING_NOT_DESCRIBED, "binding-00615");
    base_case(&c, 2);
    c.div[0].binding = 0; /* a VERTEX-rate binding */
    expect_create(&c, NULL, VF_ERROR_VK_DIVISOR_NOT_INSTANCE, "inputRate-01871");
    c.div[0].divisor = 1; /* whatever the divisor */
    expect_create(&c, NULL, VF_ERROR_VK_DIVISOR_NOT_INSTANCE, "inputRate-01871");
    base_case(&c, 2);
    o.features &= ~VF_VK_FEATURE_INSTANCE_RATE_ZERO_DIVISOR;
    expect_create(&c, &o, VF_ERROR_VK_INVALID_DIVISOR, "-02228");
    o.features = VF_VK_FEATURES_ALL & ~VF_VK_FEATURE_INSTANCE_RATE_DIVISOR;
    c.div[0].divisor = 2;
    expect_create(&c, &o, VF_ERROR_VK_INVALID_DIVISOR, "-02229");
    vf_vk_vertex_input_options_init(&o);
    o.max_vertex_attrib_divisor = 2;
    c.div[1].divisor = 3;
    expect_create(&c, &o, VF_ERROR_VK_INVALID_DIVISOR, "divisor-01870");
    vf_vk_vertex_input_options_init(&o);
    o.max_vertex_input_bindings = 3;
    expect_create(&c, &o, VF_ERROR_VK_TOO_MANY_BINDINGS, "-00613");
    vf_vk_vertex_input_options_init(&o);
    o.max_vertex_input_attributes = 7;
    expect_create(&c, &o, VF_ERROR_VK_TOO_MANY_ATTRIBUTES, "-00614");
    o.max_vertex_input_attributes = 33;
    expect_create(&c, &o, VF_ERROR_INVALID_OPTIONS, "limit");
    vf_vk_vertex_input_options_init(&o);
    ck_assert_uint_eq(o.generator, VF_GENERATOR_AUTO);
    o.generator = 2;
    expect_create(&c, &o, VF_ERROR_INVALID_OPTIONS, "generator is not VF_GENERATOR_AUTO");
    vf_vk_vertex_input *vi;
    ck_assert_int_eq(vf_vk_vertex_input_create(NULL, 1, NULL, 0, NULL, 0, NULL, &vi, NULL),
                     VF_ERROR_NULL_POINTER);
    vf_vk_vertex_input_binding_description2 b2 = { 7, NULL, 0, 4, 0, 1 };
    ck_assert_int_eq(vf_vk_vertex_input_create2(&b2, 1, NULL, 0, NULL, &vi, NULL),
                     VF_ERROR_VK_INVALID_STRUCTURE);
}
END_TEST

/* Runs c's draw and checks the first error and its VUID. */
static void expect_draw(const struct vcase *c, const vf_vk_vertex_input_options *o,
                        vf_result code, const char *vuid)
{
    vf_vk_vertex_input *vi;
    vf_diagnostics diag;
    ck_assert_int_eq(vf_vk_vertex_input_create(c->b, NB, c->a, c->na, c->div, c->ndiv, o, &vi,
                                               NULL), VF_OK);
    uint32_t out[64 * 40];
    memset(out, 0xab, sizeof(out));
    ck_assert_int_eq(vf_vk_draw(vi, &c->draw, out, sizeof(out), &diag), code);
    ck_assert_msg(strstr(diag.entries[0].message, vuid) != NULL, "%s lacks %s",
                  diag.entries[0].message, vuid);
    ck_assert_uint_eq(out[0], 0xabababab); /* nothing written */
    vf_vk_vertex_input_destroy(vi);
}

START_TEST(test_draw_errors)
{
    struct vcase c;
    vf_vk_vertex_input_options o;
    vf_vk_vertex_input_options_init(&o);
    base_case(&c, 3);
    c.draw.vertex_count = 3;
    c.draw.instance_count = 1;
    c.vb[1].offset = BUF;
    expect_draw(&c, NULL, VF_ERROR_VK_OFFSET_PAST_END, "pOffsets-00626");
    base_case(&c, 3);
    c.draw.vertex_count = 3;
    c.draw.num_vertex_buffers = 2;
    o.features &= ~VF_VK_FEATURE_NULL_DESCRIPTOR;
    expect_draw(&c, &o, VF_ERROR_VK_VERTEX_BUFFER_NOT_BOUND, "None-04008");
    base_case(&c, 3);
    c.draw.vertex_count = 3;
    c.vb[0].offset = 2; /* R32G32B32_SFLOAT at 2 */
    expect_draw(&c, NULL, VF_ERROR_VK_MISALIGNED_ATTRIBUTE, "format-10390");
    base_case(&c, 3);
    c.draw.vertex_count = 3;
    c.draw.indexed = 1;
    expect_draw(&c, NULL, VF_ERROR_VK_INDEX_BUFFER_NOT_BOUND, "None-07312");
    c.ib = (vf_vk_index_buffer_binding){ c.index, 64, 1, VF_VK_INDEX_TYPE_UINT16 };
    c.draw.index_buffer = &c.ib;
    expect_draw(&c, NULL, VF_ERROR_VK_MISALIGNED_INDEX_OFFSET, "offset-08783");
    c.ib.index_type = VF_VK_INDEX_TYPE_UINT8;
    vf_vk_vertex_input_options_init(&o);
    o.features &= ~VF_VK_FEATURE_INDEX_TYPE_UINT8;
    expect_draw(&c, &o, VF_ERROR_VK_INVALID_INDEX_TYPE, "indexType-08787");
    c.ib.index_type = VF_VK_INDEX_TYPE_UINT32;
    c.ib.offset = 64;
    expect_draw(&c, NULL, VF_ERROR_VK_OFFSET_PAST_END, "offset-08782");
    c.ib.offset = 0;
    c.draw.primitive_restart_enable = 1;
    vf_vk_vertex_input_options_init(&o);
    o.features &= ~VF_VK_FEATURE_LIST_RESTART;
    expect_draw(&c, &o, VF_ERROR_VK_LIST_RESTART, "topology-06252");
    c.draw.topology = 11;
    expect_draw(&c, NULL, VF_ERROR_VK_INVALID_TOPOLOGY, "topology-parameter");
}
END_TEST

/* gl_VertexIndex and gl_InstanceIndex by hand: firstVertex and firstInstance
 * included, unlike SV_VertexID / SV_InstanceID. */
START_TEST(test_system_values)
{
    vf_vk_vertex_input_binding_description b = { 0, 4, VF_VK_VERTEX_INPUT_RATE_VERTEX };
    vf_vk_vertex_input_attribute_description a = { 3, 0, VF_VK_FORMAT_R32_UINT, 0 };
    vf_vk_vertex_input_options o;
    vf_vk_vertex_input_options_init(&o);
    o.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID; /* no flags word */
    vf_vk_vertex_input *vi;
    ck_assert_int_eq(vf_vk_vertex_input_create(&b, 1, &a, 1, NULL, 0, &o, &vi, NULL), VF_OK);
    uint32_t data[16];
    for (uint32_t i = 0; i < 16; i++)
        data[i] = 100 + i;
    vf_vk_vertex_buffer_binding vb = { data, sizeof(data), 0 };
    uint8_t idx[3] = { 2, 0xff, 1 };
    vf_vk_index_buffer_binding ib = { idx, 3, 0, VF_VK_INDEX_TYPE_UINT8 };
    vf_vk_draw_desc d;
    vf_vk_draw_desc_init(&d);
    d.vertex_buffers = &vb;
    d.num_vertex_buffers = 1;
    d.index_buffer = &ib;
    d.indexed = 1;
    d.primitive_restart_enable = 1;
    d.vertex_count = 3;
    d.instance_count = 2;
    d.vertex_offset = 5;
    d.first_instance = 9;
    uint32_t out[2 * 3 * 8];
    ck_assert_int_eq(vf_vk_draw(vi, &d, out, sizeof(out), NULL), VF_OK);
    /* instance 1, position 0: element 7, gl_VertexIndex 7, gl_InstanceIndex 10 */
    const uint32_t *r = out + 3 * 8;
    ck_assert_uint_eq(r[0], 107);
    ck_assert_uint_eq(r[4], 7);
    ck_assert_uint_eq(r[5], 10);
    ck_assert_uint_eq(r[6], 0); /* flags not asked for */
    r = out + 4 * 8; /* the restart: all zero */
    for (int w = 0; w < 8; w++)
        ck_assert_uint_eq(r[w], 0);
    vf_vk_vertex_input_destroy(vi);
}
END_TEST

/* nullDescriptor: a binding with no buffer (VK_NULL_HANDLE, or never
 * bound) reads zeros with missing G, B, A filled (0, 0, 1), as
 * vkCmdBindVertexBuffers says; a 64-bit format has no defaults. Expected
 * values by hand from that sentence. */
START_TEST(test_null_bindings)
{
    vf_vk_vertex_input_binding_description b[3] = {
        { 0, 8, VF_VK_VERTEX_INPUT_RATE_VERTEX },
        { 1, 16, VF_VK_VERTEX_INPUT_RATE_VERTEX },
        { 2, 4, VF_VK_VERTEX_INPUT_RATE_INSTANCE },
    };
    vf_vk_vertex_input_attribute_description a[5] = {
        { 0, 1, VF_VK_FORMAT_R32G32_SFLOAT, 0 },
        { 1, 1, VF_VK_FORMAT_R8_UNORM, 8 },
        { 2, 0, VF_VK_FORMAT_R16G16B16A16_UINT, 0 },
        { 3, 1, VF_VK_FORMAT_R64G64B64A64_UINT, 0 }, /* locations 3 and 4 */
        { 5, 2, VF_VK_FORMAT_R32_SINT, 0 },
    };
    vf_vk_vertex_input_options o;
    vf_vk_vertex_input_options_init(&o);
    o.system_values = 0;
    vf_vk_vertex_input *vi;
    ck_assert_int_eq(vf_vk_vertex_input_create(b, 3, a, 5, NULL, 0, &o, &vi, NULL), VF_OK);
    const uint16_t data[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    vf_vk_vertex_buffer_binding vb[2] = { { data, sizeof(data), 0 }, { NULL, 0, 0 } };
    vf_vk_draw_desc d;
    vf_vk_draw_desc_init(&d);
    d.vertex_buffers = vb;
    d.num_vertex_buffers = 2; /* binding 1 null, binding 2 never bound */
    d.vertex_count = 2;
    d.instance_count = 1;
    uint32_t out[2 * 24];
    memset(out, 0xab, sizeof(out));
    ck_assert_int_eq(vf_vk_draw(vi, &d, out, sizeof(out), NULL), VF_OK);
    for (uint32_t i = 0; i < 2; i++) {
        const uint32_t one = 0x3f800000u, want[24] = {
            0, 0, 0, one, 0, 0, 0, one, /* R32G32_SFLOAT, R8_UNORM */
            data[4 * i], data[4 * i + 1], data[4 * i + 2], data[4 * i + 3],
            0, 0, 0, 0, 0, 0, 0, 0, /* R64G64B64A64_UINT: no defaults */
            0, 0, 0, 1, /* R32_SINT */
        };
        for (uint32_t w = 0; w < 24; w++)
            ck_assert_msg(out[24 * i + w] == want[w], "vertex %u word %u: 0x%x, not 0x%x", i,
                          w, out[24 * i + w], want[w]);
    }
    o.features &= ~VF_VK_FEATURE_NULL_DESCRIPTOR;
    vf_vk_vertex_input_destroy(vi);
    ck_assert_int_eq(vf_vk_vertex_input_create(b, 3, a, 5, NULL, 0, &o, &vi, NULL), VF_OK);
    ck_assert_int_eq(vf_vk_draw(vi, &d, out, sizeof(out), NULL),
                     VF_ERROR_VK_VERTEX_BUFFER_NOT_BOUND);
    vf_vk_vertex_input_destroy(vi);
}
END_TEST

static Suite *suite_vulkan_draw(void)
{
    Suite *s = suite_create("vulkan_draw");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_non_indexed);
    tcase_add_test(tc, test_indexed);
    tcase_add_test(tc, test_index_positions_past_4g);
    tcase_add_test(tc, test_create2_matches);
    tcase_add_test(tc, test_create_errors);
    tcase_add_test(tc, test_draw_errors);
    tcase_add_test(tc, test_system_values);
    tcase_add_test(tc, test_null_bindings);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(suite_vulkan_draw());
}
