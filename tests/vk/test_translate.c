/*
 * test_translate.c - vk_translate.c without a driver: the bindings,
 * attributes and divisors of a hand-written case, what an element the
 * device cannot fetch is told, and the index keys of an indexed strip.
 * Every expected value is written out here from the D3D and Vulkan rules.
 */
#include <stdio.h>
#include <string.h>

#include "vk_check.h"
#include "vk_translate.h"

/* A device without R16G16_SINT vertex buffers. */
static int fake_vertex_format(const void *ctx, uint32_t vk_format)
{
    (void)ctx;
    return vk_format != (uint32_t)VK_FORMAT_R16G16_SINT;
}

static struct vkf_caps full_caps(void)
{
    struct vkf_caps caps;
    memset(&caps, 0, sizeof(caps));
    caps.max_attributes = 16;
    caps.max_attribute_offset = 2047;
    caps.max_binding_stride = 2048;
    caps.max_bindings = 16;
    caps.divisor = 1;
    caps.divisor_rate = 1;
    caps.divisor_zero = 0;
    caps.divisor_first_instance = 1;
    caps.max_divisor = 1000;
    caps.vertex_format = fake_vertex_format;
    return caps;
}

static uint8_t bytes[64];
static vf_input_element_desc elements[6] = {
    /* name, index, format, slot, offset, class, step rate */
    { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
    { "COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, 12, VF_INPUT_PER_VERTEX_DATA, 0 },
    { "BLENDWEIGHT", 0, VF_FORMAT_R32G32_FLOAT, 2, 0, VF_INPUT_PER_INSTANCE_DATA, 3 },
    { "TEXCOORD", 0, VF_FORMAT_R32_UINT, 1, 4, VF_INPUT_PER_INSTANCE_DATA, 1 },
    { "NORMAL", 0, VF_FORMAT_R32G32B32_FLOAT, 5, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
    { "TANGENT", 0, VF_FORMAT_R16G16_SINT, 3, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
};
static const uint32_t offsets[6] = { 0, 12, 0, 4, 0, 0 };

static void make_case(struct vf_case *c)
{
    memset(c, 0, sizeof(*c));
    c->elements = elements;
    c->num_elements = 6;
    c->num_vertex_buffers = 4; /* slot 5 unbound */
    c->vertex_buffers[0] = (vf_vertex_buffer_view){ bytes, 64, 16 };
    c->vertex_buffers[1] = (vf_vertex_buffer_view){ bytes, 64, 8 };
    c->vertex_buffers[2] = (vf_vertex_buffer_view){ bytes, 64, 8 };
    c->vertex_buffers[3] = (vf_vertex_buffer_view){ bytes, 64, 4 };
    c->draw.vertex_count_per_instance = 3;
    c->draw.instance_count = 2;
}

static void test_elements(void)
{
    struct vf_case c;
    struct vkf_caps caps = full_caps();
    static struct vkf_vertex_input vi;
    static struct vkf_result res;

    make_case(&c);
    vkf_translate_elements(&c, offsets, &caps, &vi, &res);
    /* Slots in order of their first element: 0, 2, 1; slot 3's only
     * element has no device format, slot 5 is unbound. */
    CHECK(vi.num_bindings == 3);
    CHECK(vi.slot_binding[0] == 0 && vi.slot_binding[2] == 1 && vi.slot_binding[1] == 2);
    CHECK(vi.slot_binding[3] == -1 && vi.slot_binding[5] == -1);
    CHECK(vi.bindings[0].binding == 0 && vi.bindings[0].stride == 16 &&
          vi.bindings[0].inputRate == VK_VERTEX_INPUT_RATE_VERTEX);
    CHECK(vi.bindings[1].binding == 1 && vi.bindings[1].stride == 8 &&
          vi.bindings[1].inputRate == VK_VERTEX_INPUT_RATE_INSTANCE);
    CHECK(vi.bindings[2].binding == 2 && vi.bindings[2].stride == 8 &&
          vi.bindings[2].inputRate == VK_VERTEX_INPUT_RATE_INSTANCE);
    /* Step rate 3 is a divisor; step rate 1 is plain instance rate. */
    CHECK(vi.num_divisors == 1 && vi.divisors[0].binding == 1 && vi.divisors[0].divisor == 3);
    CHECK(vi.num_attributes == 4);
    CHECK(vi.attributes[0].location == 0 && vi.attributes[0].binding == 0 &&
          vi.attributes[0].format == VK_FORMAT_R32G32B32_SFLOAT && vi.attributes[0].offset == 0);
    CHECK(vi.attributes[1].location == 1 && vi.attributes[1].binding == 0 &&
          vi.attributes[1].format == VK_FORMAT_R8G8B8A8_UNORM && vi.attributes[1].offset == 12);
    CHECK(vi.attributes[2].location == 2 && vi.attributes[2].binding == 1 &&
          vi.attributes[2].format == VK_FORMAT_R32G32_SFLOAT && vi.attributes[2].offset == 0);
    CHECK(vi.attributes[3].location == 3 && vi.attributes[3].binding == 2 &&
          vi.attributes[3].format == VK_FORMAT_R32_UINT && vi.attributes[3].offset == 4);
    CHECK(res.status[0] == VKF_ELEM_FETCHED && res.status[3] == VKF_ELEM_FETCHED);
    CHECK(res.status[4] == VKF_ELEM_UNBOUND && strstr(res.note[4], "slot 5 unbound"));
    CHECK(res.status[5] == VKF_ELEM_FORMAT_UNSUPPORTED &&
          strstr(res.note[5], "VK_FORMAT_R16G16_SINT"));
    /* The shader's view: fetched flags, numeric class, FORCE_VALUE_1. */
    CHECK(vi.shader[0].fetched && !vi.shader[4].fetched && !vi.shader[5].fetched);
    CHECK(vi.shader[3].numeric == VKF_NUM_UINT && vi.shader[3].one == 1u);
    CHECK(vi.shader[0].numeric == VKF_NUM_FLOAT && vi.shader[0].one == 0x3f800000u);
    CHECK(vi.shader[5].numeric == VKF_NUM_SINT && vi.shader[5].one == 1u);
    CHECK(vi.shader[1].mapping == VF_DEFAULT_COMPONENT_MAPPING);
}

static void test_device_limits(void)
{
    struct vf_case c;
    struct vkf_caps caps = full_caps();
    static struct vkf_vertex_input vi;
    static struct vkf_result res;

    make_case(&c);
    caps.max_bindings = 1;
    vkf_translate_elements(&c, offsets, &caps, &vi, &res);
    CHECK(vi.num_bindings == 1 && vi.num_attributes == 2);
    CHECK(res.status[2] == VKF_ELEM_LIMIT && res.status[3] == VKF_ELEM_LIMIT);

    caps = full_caps();
    caps.divisor = 0;
    vkf_translate_elements(&c, offsets, &caps, &vi, &res);
    CHECK(res.status[2] == VKF_ELEM_DIVISOR_UNSUPPORTED &&
          strstr(res.note[2], "step rate 3: no vertex attribute divisor extension"));
    CHECK(res.status[3] == VKF_ELEM_FETCHED && vi.num_divisors == 0);

    caps = full_caps();
    caps.divisor_first_instance = 0;
    c.draw.start_instance_location = 4;
    vkf_translate_elements(&c, offsets, &caps, &vi, &res);
    CHECK(res.status[2] == VKF_ELEM_DIVISOR_UNSUPPORTED);
}

static void test_indices(void)
{
    /* Positions 1..5 of a 16-bit strip cut at 0xFFFF: the last one lies
     * past SizeInBytes and reads 0 (D3D). */
    static const uint16_t idx[5] = { 5, 0xffff, 2, 5, 7 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_draw_desc draw;
    struct vkf_index_keys k;
    char err[256];

    memset(&draw, 0, sizeof(draw));
    draw.indexed = 1;
    draw.index_buffer = &ib;
    draw.primitive_topology = VF_TOPOLOGY_TRIANGLESTRIP;
    draw.strip_cut_value = VF_STRIP_CUT_VALUE_0xFFFF;
    draw.vertex_count_per_instance = 5;
    draw.instance_count = 1;
    draw.start_location = 1;
    CHECK(vkf_translate_indices(&draw, &k, err, sizeof(err)) == 0);
    CHECK(k.index_size == 2 && k.restart == 1 && k.bytes == 12 && k.padded == 1);
    CHECK(k.num_keys == 4 && k.keys[0] == 0 && k.keys[1] == 2 && k.keys[2] == 5 &&
          k.keys[3] == 7);
    CHECK(k.position_key[0] == UINT32_MAX && k.position_key[1] == 1 &&
          k.position_key[2] == 2 && k.position_key[3] == 3 && k.position_key[4] == 0);
    vkf_index_keys_free(&k);

    /* A list does not cut: 0xFFFF is an index like any other. */
    draw.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    draw.vertex_count_per_instance = 4;
    CHECK(vkf_translate_indices(&draw, &k, err, sizeof(err)) == 0);
    CHECK(k.restart == 0 && k.padded == 0 && k.num_keys == 4 && k.keys[3] == 0xffff);
    CHECK(k.position_key[0] == 3 && k.position_key[3] == 2);
    vkf_index_keys_free(&k);

    ib.format = VF_FORMAT_R8_UINT;
    CHECK(vkf_translate_indices(&draw, &k, err, sizeof(err)) == VKF_EXIT_USAGE);
    CHECK(strstr(err, "R16_UINT") != NULL);
    vkf_index_keys_free(&k);
}

int main(void)
{
    test_elements();
    test_device_limits();
    test_indices();
    return vk_check_result("vk_translate");
}
