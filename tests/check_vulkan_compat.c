/*
 * check_vulkan_compat.c - vfetch_vulkan.h against vulkan_core.h: the
 * structs have the Vulkan ones' size and field offsets and every constant
 * its VK_* value, so Vulkan arrays may be passed by casting. The static
 * assertions are the test; main() only reports.
 */
#include <stddef.h>
#include <stdio.h>
#include <vulkan/vulkan_core.h>

#include "vfetch_vulkan.h"

#define SAME(a, b) _Static_assert((uint32_t)(a) == (uint32_t)(b), #a " == " #b)
#define SAME_STRUCT(ours, theirs) \
    _Static_assert(sizeof(ours) == sizeof(theirs), #ours " size")
#define SAME_FIELD(ours, of, theirs, tf)                                          \
    _Static_assert(offsetof(ours, of) == offsetof(theirs, tf), #ours "." #of);   \
    _Static_assert(sizeof(((ours *)0)->of) == sizeof(((theirs *)0)->tf), #ours "." #of " size")

SAME_STRUCT(vf_vk_vertex_input_binding_description, VkVertexInputBindingDescription);
SAME_FIELD(vf_vk_vertex_input_binding_description, binding, VkVertexInputBindingDescription, binding);
SAME_FIELD(vf_vk_vertex_input_binding_description, stride, VkVertexInputBindingDescription, stride);
SAME_FIELD(vf_vk_vertex_input_binding_description, input_rate, VkVertexInputBindingDescription, inputRate);

SAME_STRUCT(vf_vk_vertex_input_attribute_description, VkVertexInputAttributeDescription);
SAME_FIELD(vf_vk_vertex_input_attribute_description, location, VkVertexInputAttributeDescription, location);
SAME_FIELD(vf_vk_vertex_input_attribute_description, binding, VkVertexInputAttributeDescription, binding);
SAME_FIELD(vf_vk_vertex_input_attribute_description, format, VkVertexInputAttributeDescription, format);
SAME_FIELD(vf_vk_vertex_input_attribute_description, offset, VkVertexInputAttributeDescription, offset);

SAME_STRUCT(vf_vk_vertex_input_binding_divisor_description, VkVertexInputBindingDivisorDescriptionEXT);
SAME_FIELD(vf_vk_vertex_input_binding_divisor_description, binding, VkVertexInputBindingDivisorDescriptionEXT, binding);
SAME_FIELD(vf_vk_vertex_input_binding_divisor_description, divisor, VkVertexInputBindingDivisorDescriptionEXT, divisor);

SAME_STRUCT(vf_vk_vertex_input_binding_description2, VkVertexInputBindingDescription2EXT);
SAME_FIELD(vf_vk_vertex_input_binding_description2, s_type, VkVertexInputBindingDescription2EXT, sType);
SAME_FIELD(vf_vk_vertex_input_binding_description2, p_next, VkVertexInputBindingDescription2EXT, pNext);
SAME_FIELD(vf_vk_vertex_input_binding_description2, binding, VkVertexInputBindingDescription2EXT, binding);
SAME_FIELD(vf_vk_vertex_input_binding_description2, stride, VkVertexInputBindingDescription2EXT, stride);
SAME_FIELD(vf_vk_vertex_input_binding_description2, input_rate, VkVertexInputBindingDescription2EXT, inputRate);
SAME_FIELD(vf_vk_vertex_input_binding_description2, divisor, VkVertexInputBindingDescription2EXT, divisor);

SAME_STRUCT(vf_vk_vertex_input_attribute_description2, VkVertexInputAttributeDescription2EXT);
SAME_FIELD(vf_vk_vertex_input_attribute_description2, s_type, VkVertexInputAttributeDescription2EXT, sType);
SAME_FIELD(vf_vk_vertex_input_attribute_description2, p_next, VkVertexInputAttributeDescription2EXT, pNext);
SAME_FIELD(vf_vk_vertex_input_attribute_description2, location, VkVertexInputAttributeDescription2EXT, location);
SAME_FIELD(vf_vk_vertex_input_attribute_description2, binding, VkVertexInputAttributeDescription2EXT, binding);
SAME_FIELD(vf_vk_vertex_input_attribute_description2, format, VkVertexInputAttributeDescription2EXT, format);
SAME_FIELD(vf_vk_vertex_input_attribute_description2, offset, VkVertexInputAttributeDescription2EXT, offset);

SAME(VF_VK_VERTEX_INPUT_RATE_VERTEX, VK_VERTEX_INPUT_RATE_VERTEX);
SAME(VF_VK_VERTEX_INPUT_RATE_INSTANCE, VK_VERTEX_INPUT_RATE_INSTANCE);
SAME(VF_VK_INDEX_TYPE_UINT16, VK_INDEX_TYPE_UINT16);
SAME(VF_VK_INDEX_TYPE_UINT32, VK_INDEX_TYPE_UINT32);
SAME(VF_VK_INDEX_TYPE_UINT8, VK_INDEX_TYPE_UINT8_EXT);
SAME(VF_VK_PRIMITIVE_TOPOLOGY_POINT_LIST, VK_PRIMITIVE_TOPOLOGY_POINT_LIST);
SAME(VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST, VK_PRIMITIVE_TOPOLOGY_LINE_LIST);
SAME(VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP, VK_PRIMITIVE_TOPOLOGY_LINE_STRIP);
SAME(VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
SAME(VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP);
SAME(VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN);
SAME(VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY, VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY);
SAME(VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY, VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY);
SAME(VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY);
SAME(VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY);
SAME(VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST, VK_PRIMITIVE_TOPOLOGY_PATCH_LIST);
SAME(VF_VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX, VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT);
SAME(VF_VK_PROVOKING_VERTEX_MODE_LAST_VERTEX, VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT);
SAME(VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT, VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT);
SAME(VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT, VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT);

/* Every format of the table, by name. */
#define VF_VK_FORMAT(name, value, ...) SAME(VF_VK_FORMAT_##name, VK_FORMAT_##name); SAME(value, VK_FORMAT_##name);
#include "../lib/vulkan_formats.def"
#undef VF_VK_FORMAT

int main(void)
{
    puts("vfetch_vulkan.h matches vulkan_core.h");
    return 0;
}
