/*
 * vulkan_prim_stats.c - the pipeline statistics of a Vulkan draw as the
 * intervals Vulkan-Docs chapters/queries.adoc allows (§18.7): the spec
 * lets incomplete primitives and their vertices count or not, and says
 * nothing of vertex reuse, so each counter is a [min, max] pair.
 */
#include <stdlib.h>

#include "vulkan_prim.h"

/* Positions of a piece the complete primitives use: they are the first
 * `used` of the piece in every topology. */
static uint32_t used_positions(uint32_t topology, uint32_t m, uint32_t n)
{
    if (n == 0)
        return 0;
    switch (topology) {
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
        return n + 1;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP:
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN:
        return n + 2;
    case VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
        return n + 3;
    case VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
        return 2 * n + 4;
    default:
        return n * vf_vk_topology_vertices(topology, m);
    }
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Distinct index values among the used positions, through a sorted copy. */
static vf_result distinct_used(const struct vf_vk_prim_walk *w, uint64_t used, uint64_t *ret)
{
    if (used == 0 || used > SIZE_MAX / sizeof(uint32_t)) {
        *ret = used;
        return used == 0 ? VF_OK : VF_ERROR_OVERFLOW;
    }
    uint32_t *v = malloc((size_t)used * sizeof(uint32_t));
    if (v == NULL)
        return VF_ERROR_OUT_OF_MEMORY;
    size_t c = 0;
    uint32_t pos = 0, start, length;
    while (vf_vk_prim_next_piece(w, &pos, &start, &length)) {
        uint32_t u = used_positions(w->topology, w->m,
                                    vf_vk_piece_primitives(w->topology, w->m, length));
        for (uint32_t p = start; p < start + u; p++)
            v[c++] = vf_vk_prim_index(w, p);
    }
    qsort(v, c, sizeof(uint32_t), cmp_u32);
    uint64_t d = 0;
    for (size_t i = 0; i < c; i++)
        d += i == 0 || v[i] != v[i - 1];
    free(v);
    *ret = d;
    return VF_OK;
}

vf_result vf_vk_pipeline_statistics_get(const vf_vk_vertex_input *input,
                                        const vf_vk_draw_desc *desc,
                                        uint32_t patch_control_points,
                                        vf_vk_pipeline_statistics *stats)
{
    struct vf_vk_prim_walk w;
    vf_result r = vf_vk_prim_walk_init(input, desc, patch_control_points, &w, NULL);
    if (r != VF_OK)
        return r;
    if (stats == NULL)
        return VF_ERROR_NULL_POINTER;
    uint64_t prims = 0, incomplete = 0, used = 0, shaded = 0;
    uint32_t pos = 0, start, length;
    while (vf_vk_prim_next_piece(&w, &pos, &start, &length)) {
        uint32_t n = vf_vk_piece_primitives(w.topology, w.m, length);
        uint32_t u = used_positions(w.topology, w.m, n);
        prims += n;
        used += u;
        shaded += length;
        incomplete += length > u;
    }
    uint64_t distinct = used;
    /* Indices can repeat only in indexed draws; a cache may shade each once. */
    if (desc->indexed && (r = distinct_used(&w, used, &distinct)) != VF_OK)
        return r;
    uint64_t j = desc->instance_count;
    *stats = (vf_vk_pipeline_statistics){ used * j, (uint64_t)desc->vertex_count * j,
                                          prims * j, (prims + incomplete) * j,
                                          distinct * j, shaded * j };
    return VF_OK;
}
