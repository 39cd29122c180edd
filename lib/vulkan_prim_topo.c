/*
 * vulkan_prim_topo.c - the vertices of primitive p_i of each
 * VkPrimitiveTopology and its provoking vertex, transcribed from Vulkan-Docs
 * chapters/drawing.adoc "Primitive Topologies" (§18.5). The order is the
 * spec's in both provoking-vertex modes: the mode only names which vertex
 * provokes.
 */
#include "vulkan_prim.h"

int vf_vk_topology_is_list(uint32_t topology)
{
    switch (topology) {
    case VF_VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST:
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
    case VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST:
        return 1;
    default:
        return 0;
    }
}

uint32_t vf_vk_topology_vertices(uint32_t topology, uint32_t m)
{
    static const uint8_t n[] = { 1, 2, 2, 3, 3, 3, 4, 4, 6, 6 };
    if (topology == VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST)
        return m;
    return topology < sizeof(n) ? n[topology] : 0;
}

uint32_t vf_vk_piece_primitives(uint32_t topology, uint32_t m, uint32_t length)
{
    switch (topology) {
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
        return length >= 2 ? length - 1 : 0;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP:
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN:
        return length >= 3 ? length - 2 : 0;
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
        return length >= 4 ? length - 3 : 0;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
        return length >= 4 ? (length - 4) / 2 : 0;
    default:
        return length / vf_vk_topology_vertices(topology, m);
    }
}

/* Triangle strips with adjacency: the five cases of the spec. */
static void strip_adjacency(uint32_t i, uint32_t n, uint32_t v[6])
{
    uint32_t b = 2 * i;
    if (n == 1) {
        const uint32_t one[6] = { 0, 1, 2, 5, 4, 3 };
        for (int j = 0; j < 6; j++)
            v[j] = one[j];
        return;
    }
    uint32_t last = i == n - 1, far = last ? b + 5 : b + 6;
    if (i == 0) {
        v[0] = b, v[1] = b + 1, v[2] = b + 2, v[3] = far, v[4] = b + 4, v[5] = b + 3;
    } else if (i % 2 == 1) {
        v[0] = b, v[1] = b + 3, v[2] = b + 4, v[3] = far, v[4] = b + 2, v[5] = b - 2;
    } else {
        v[0] = b, v[1] = b - 2, v[2] = b + 2, v[3] = far, v[4] = b + 4, v[5] = b + 3;
    }
}

/* The slot of v_{2i+4} in a strip-with-adjacency primitive. */
static uint32_t slot_of(const uint32_t v[6], uint32_t x)
{
    for (uint32_t j = 0; j < 6; j++)
        if (v[j] == x)
            return j;
    return 0;
}

uint32_t vf_vk_primitive_vertices(uint32_t topology, uint32_t m, uint32_t mode, uint32_t i,
                                  uint32_t n, uint32_t v[6])
{
    uint32_t last = mode == VF_VK_PROVOKING_VERTEX_MODE_LAST_VERTEX;
    uint32_t k = vf_vk_topology_vertices(topology, m);
    switch (topology) {
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
        v[0] = i, v[1] = i + 1;
        return last;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP:
        /* p_i = {v_i, v_i+(1+i%2), v_i+(2-i%2)}; LAST: v_i+2 provokes. */
        v[0] = i, v[1] = i + 1 + i % 2, v[2] = i + 2 - i % 2;
        return last ? (i % 2 ? 1 : 2) : 0;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN:
        v[0] = i + 1, v[1] = i + 2, v[2] = 0;
        return last;
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
        for (uint32_t j = 0; j < 4; j++)
            v[j] = i + j;
        return last ? 2 : 1;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
        strip_adjacency(i, n, v);
        return last ? slot_of(v, 2 * i + 4) : 0;
    case VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST:
        return UINT32_MAX;
    default:
        break;
    }
    /* The lists: p_i = {v_ki .. v_ki+k-1}. */
    for (uint32_t j = 0; j < k; j++)
        v[j] = k * i + j;
    switch (topology) {
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
        return last ? 2 : 1;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
        return last ? 4 : 0;
    default:
        return last ? k - 1 : 0;
    }
}
