/*
 * vulkan_prim.h - the pieces of a Vulkan draw between restart indices and
 * the primitive formulas of each VkPrimitiveTopology (§18.5-18.7), shared
 * by vulkan_prim.c and vulkan_prim_stats.c.
 */
#ifndef VF_LIB_VULKAN_PRIM_H
#define VF_LIB_VULKAN_PRIM_H

#include <stddef.h>
#include <stdint.h>

#include "vf_internal.h"
#include "vfetch_vulkan.h"

#define VF_VK_MAX_PATCH_CONTROL_POINTS 32u /* the maxTessellationPatchSize floor */

/* One draw's positions as the restart scan sees them: index_size 0 for
 * vkCmdDraw; cuts 0 when no restart can happen (one piece). */
struct vf_vk_prim_walk {
    uint32_t topology;
    uint32_t m;            /* patchControlPoints */
    uint32_t vertex_count;
    uint32_t first;        /* firstIndex */
    const uint8_t *indices;
    uint64_t index_bytes;  /* from indices to the buffer's end */
    uint32_t index_size;
    uint32_t restart;
    uint32_t cuts;
};

VF_HIDDEN vf_result vf_vk_prim_walk_init(const vf_vk_vertex_input *vi, const vf_vk_draw_desc *d,
                                         uint32_t patch_control_points, struct vf_vk_prim_walk *w,
                                         vf_diagnostics *diagnostics);
VF_HIDDEN uint32_t vf_vk_prim_index(const struct vf_vk_prim_walk *w, uint32_t p);
VF_HIDDEN int vf_vk_prim_is_restart(const struct vf_vk_prim_walk *w, uint32_t p);
VF_HIDDEN int vf_vk_prim_next_piece(const struct vf_vk_prim_walk *w, uint32_t *pos,
                                    uint32_t *start, uint32_t *length);

/* Restart in a list topology without its feature (VF_ERROR_VK_LIST_RESTART
 * into ctx): returns 0 then. */
struct vf_vk_diag;
VF_HIDDEN int vf_vk_check_list_restart(struct vf_vk_diag *ctx, const vf_vk_vertex_input *vi,
                                       const vf_vk_draw_desc *d);
/* 1 for the list topologies (restart there needs a feature). */
VF_HIDDEN int vf_vk_topology_is_list(uint32_t topology);
/* Vertices per primitive: m for PATCH_LIST. */
VF_HIDDEN uint32_t vf_vk_topology_vertices(uint32_t topology, uint32_t m);
/* The spec's primitive count for a piece of `length` vertices. */
VF_HIDDEN uint32_t vf_vk_piece_primitives(uint32_t topology, uint32_t m, uint32_t length);
/* Vertices of primitive i of n in a piece, as offsets from the piece's
 * start, into v[0..5], in the spec's order; returns the slot of the
 * provoking vertex for `mode`, UINT32_MAX for PATCH_LIST (none defined;
 * v is not written then). */
VF_HIDDEN uint32_t vf_vk_primitive_vertices(uint32_t topology, uint32_t m, uint32_t mode,
                                            uint32_t i, uint32_t n, uint32_t v[6]);

#endif
