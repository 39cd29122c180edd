/*
 * abi_layout_vulkan.c - the C side of python/vfetch/vulkan.py's ctypes
 * mirror of vfetch_vulkan.h, in abi_layout.c's lines (size, field, const):
 * the structs vulkan.py declares, the description structs it packs as
 * words, and the constants its case reader writes by value.
 * test_abi_vulkan.py compares them with ctypes.
 */
#include <stddef.h>
#include <stdio.h>

#include "vfetch_vulkan.h"

#define SIZE(type) printf("size %s %zu\n", #type, sizeof(type))
#define FIELD(type, field)                                                             \
    printf("field %s %s %zu %zu\n", #type, #field, offsetof(type, field),             \
           sizeof(((type *)0)->field))
#define CONST(name) printf("const %s %llu\n", #name, (unsigned long long)(name))

static void structs(void)
{
    SIZE(vf_vk_format_desc);
    FIELD(vf_vk_format_desc, format);
    FIELD(vf_vk_format_desc, name);
    FIELD(vf_vk_format_desc, bytes);
    FIELD(vf_vk_format_desc, num_components);
    FIELD(vf_vk_format_desc, numeric);
    FIELD(vf_vk_format_desc, bits);
    FIELD(vf_vk_format_desc, shift);
    FIELD(vf_vk_format_desc, locations);
    FIELD(vf_vk_format_desc, required);
    FIELD(vf_vk_format_desc, dxgi);

    SIZE(vf_vk_vertex_input_options);
    FIELD(vf_vk_vertex_input_options, struct_size);
    FIELD(vf_vk_vertex_input_options, features);
    FIELD(vf_vk_vertex_input_options, max_vertex_input_bindings);
    FIELD(vf_vk_vertex_input_options, max_vertex_input_attributes);
    FIELD(vf_vk_vertex_input_options, max_vertex_input_attribute_offset);
    FIELD(vf_vk_vertex_input_options, max_vertex_input_binding_stride);
    FIELD(vf_vk_vertex_input_options, max_vertex_attrib_divisor);
    FIELD(vf_vk_vertex_input_options, system_values);
    FIELD(vf_vk_vertex_input_options, output_shape);
    FIELD(vf_vk_vertex_input_options, isa);
    FIELD(vf_vk_vertex_input_options, generator);

    SIZE(vf_vk_vertex_buffer_binding);
    FIELD(vf_vk_vertex_buffer_binding, data);
    FIELD(vf_vk_vertex_buffer_binding, size);
    FIELD(vf_vk_vertex_buffer_binding, offset);

    SIZE(vf_vk_index_buffer_binding);
    FIELD(vf_vk_index_buffer_binding, data);
    FIELD(vf_vk_index_buffer_binding, size);
    FIELD(vf_vk_index_buffer_binding, offset);
    FIELD(vf_vk_index_buffer_binding, index_type);

    SIZE(vf_vk_draw_desc);
    FIELD(vf_vk_draw_desc, struct_size);
    FIELD(vf_vk_draw_desc, vertex_buffers);
    FIELD(vf_vk_draw_desc, num_vertex_buffers);
    FIELD(vf_vk_draw_desc, index_buffer);
    FIELD(vf_vk_draw_desc, topology);
    FIELD(vf_vk_draw_desc, primitive_restart_enable);
    FIELD(vf_vk_draw_desc, indexed);
    FIELD(vf_vk_draw_desc, vertex_count);
    FIELD(vf_vk_draw_desc, instance_count);
    FIELD(vf_vk_draw_desc, first_vertex);
    FIELD(vf_vk_draw_desc, vertex_offset);
    FIELD(vf_vk_draw_desc, first_instance);
    FIELD(vf_vk_draw_desc, pool);

    SIZE(vf_vk_pipeline_statistics);
    FIELD(vf_vk_pipeline_statistics, ia_vertices_min);
    FIELD(vf_vk_pipeline_statistics, ia_vertices_max);
    FIELD(vf_vk_pipeline_statistics, ia_primitives_min);
    FIELD(vf_vk_pipeline_statistics, ia_primitives_max);
    FIELD(vf_vk_pipeline_statistics, vs_invocations_min);
    FIELD(vf_vk_pipeline_statistics, vs_invocations_max);
}

/* vulkan.py passes these as arrays of 32-bit words, fields in order. */
static void packed(void)
{
    SIZE(vf_vk_vertex_input_binding_description);
    FIELD(vf_vk_vertex_input_binding_description, binding);
    FIELD(vf_vk_vertex_input_binding_description, stride);
    FIELD(vf_vk_vertex_input_binding_description, input_rate);

    SIZE(vf_vk_vertex_input_attribute_description);
    FIELD(vf_vk_vertex_input_attribute_description, location);
    FIELD(vf_vk_vertex_input_attribute_description, binding);
    FIELD(vf_vk_vertex_input_attribute_description, format);
    FIELD(vf_vk_vertex_input_attribute_description, offset);

    SIZE(vf_vk_vertex_input_binding_divisor_description);
    FIELD(vf_vk_vertex_input_binding_divisor_description, binding);
    FIELD(vf_vk_vertex_input_binding_divisor_description, divisor);
}

static void constants(void)
{
    CONST(VF_VK_VERTEX_INPUT_RATE_VERTEX);
    CONST(VF_VK_VERTEX_INPUT_RATE_INSTANCE);
    CONST(VF_VK_INDEX_TYPE_UINT16);
    CONST(VF_VK_INDEX_TYPE_UINT32);
    CONST(VF_VK_INDEX_TYPE_UINT8);
    CONST(VF_VK_PRIMITIVE_TOPOLOGY_POINT_LIST);
    CONST(VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST);
    CONST(VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP);
    CONST(VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
    CONST(VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP);
    CONST(VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN);
    CONST(VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY);
    CONST(VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY);
    CONST(VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY);
    CONST(VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY);
    CONST(VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST);
    CONST(VF_VK_NUMERIC_UINT);
    CONST(VF_VK_NUMERIC_SINT);
    CONST(VF_VK_FEATURE_INSTANCE_RATE_DIVISOR);
    CONST(VF_VK_FEATURE_INSTANCE_RATE_ZERO_DIVISOR);
    CONST(VF_VK_FEATURE_INDEX_TYPE_UINT8);
    CONST(VF_VK_FEATURE_LIST_RESTART);
    CONST(VF_VK_FEATURE_PATCH_LIST_RESTART);
    CONST(VF_VK_FEATURE_NULL_DESCRIPTOR);
    CONST(VF_VK_FEATURE_LEGACY_VERTEX_ATTRIBUTES);
    CONST(VF_VK_FEATURES_ALL);
    CONST(VF_VK_MAX_BINDINGS);
    CONST(VF_VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX);
    CONST(VF_VK_PROVOKING_VERTEX_MODE_LAST_VERTEX);
}

int main(void)
{
    structs();
    packed();
    constants();
    return ferror(stdout) ? 1 : 0;
}
