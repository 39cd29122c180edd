/*
 * vulkan_prim.c - the primitives of a Vulkan draw (docs/d3d-ia-rules.md
 * §18.5-18.7): the draw's positions split into pieces at restart indices,
 * each piece assembled by the formulas of Vulkan-Docs "Primitive
 * Topologies" (vulkan_prim_topo.c), and the pipeline statistics counted
 * from the same pieces. Nothing is allocated; the index buffer is read in
 * place, from the start, because primitive boundaries depend on it.
 */
#include <inttypes.h>
#include <string.h>

#include "vulkan_internal.h"
#include "vulkan_prim.h"

int vf_vk_check_list_restart(struct vf_vk_diag *ctx, const vf_vk_vertex_input *vi,
                             const vf_vk_draw_desc *d)
{
    uint32_t need = d->topology == VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST
                        ? VF_VK_FEATURE_PATCH_LIST_RESTART : VF_VK_FEATURE_LIST_RESTART;
    if (!d->primitive_restart_enable || !vf_vk_topology_is_list(d->topology) ||
        (vi->features & need))
        return 1;
    vf_vk_diag(ctx, VF_ERROR_VK_LIST_RESTART, -1, "primitiveRestartEnable with list "
               "topology %" PRIu32 " needs %s (VUID-VkPipelineInputAssemblyStateCreateInfo-"
               "topology-%s)", d->topology,
               need == VF_VK_FEATURE_LIST_RESTART ? "primitiveTopologyListRestart"
                                                  : "primitiveTopologyPatchListRestart",
               need == VF_VK_FEATURE_LIST_RESTART ? "06252" : "06253");
    return 0;
}

static int valid_topology_state(struct vf_vk_diag *ctx, const vf_vk_vertex_input *vi,
                                const vf_vk_draw_desc *d, uint32_t patch_control_points)
{
    if (d->topology > VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST) {
        vf_vk_diag(ctx, VF_ERROR_VK_INVALID_TOPOLOGY, -1, "topology %" PRIu32 " is not a "
                   "VkPrimitiveTopology (VUID-VkPipelineInputAssemblyStateCreateInfo-topology-"
                   "parameter)", d->topology);
        return 0;
    }
    if (d->topology == VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST &&
        (patch_control_points == 0 || patch_control_points > VF_VK_MAX_PATCH_CONTROL_POINTS)) {
        vf_vk_diag(ctx, VF_ERROR_VK_INVALID_PATCH_CONTROL_POINTS, -1, "patchControlPoints %"
                   PRIu32 " is not in 1..32 (VUID-VkPipelineTessellationStateCreateInfo-"
                   "patchControlPoints-01214)", patch_control_points);
        return 0;
    }
    if (!vf_vk_check_list_restart(ctx, vi, d))
        return 0;
    return 1;
}

/* The index buffer as the restart scan reads it: index size in bytes
 * (0 when it cannot be read: the error is in ctx). */
static uint32_t index_view(struct vf_vk_diag *ctx, const vf_vk_vertex_input *vi,
                           const vf_vk_index_buffer_binding *ib, struct vf_vk_prim_walk *w)
{
    if (ib == NULL || ib->data == NULL) {
        vf_vk_diag(ctx, VF_ERROR_VK_INDEX_BUFFER_NOT_BOUND, -1,
                   "vkCmdDrawIndexed with no index buffer bound (VUID-vkCmdDrawIndexed-None-07312)");
        return 0;
    }
    uint32_t isz = ib->index_type == VF_VK_INDEX_TYPE_UINT16   ? 2
                   : ib->index_type == VF_VK_INDEX_TYPE_UINT32 ? 4
                   : ib->index_type == VF_VK_INDEX_TYPE_UINT8 &&
                           (vi->features & VF_VK_FEATURE_INDEX_TYPE_UINT8) ? 1 : 0;
    if (isz == 0)
        vf_vk_diag(ctx, VF_ERROR_VK_INVALID_INDEX_TYPE, -1, "indexType %" PRIu32 " is not "
                   "UINT16, UINT32, or UINT8 with indexTypeUint8", ib->index_type);
    else if (ib->offset % isz != 0)
        vf_vk_diag(ctx, VF_ERROR_VK_MISALIGNED_INDEX_OFFSET, -1, "index buffer offset %" PRIu64
                   " is not a multiple of %" PRIu32 " (VUID-vkCmdBindIndexBuffer-offset-08783)",
                   ib->offset, isz);
    else if (ib->offset >= ib->size)
        vf_vk_diag(ctx, VF_ERROR_VK_OFFSET_PAST_END, -1, "index buffer offset %" PRIu64
                   " is not below the buffer size %" PRIu64
                   " (VUID-vkCmdBindIndexBuffer-offset-08782)", ib->offset, ib->size);
    else {
        w->indices = (const uint8_t *)ib->data + ib->offset;
        w->index_bytes = ib->size - ib->offset;
        w->index_size = isz;
        return isz;
    }
    return 0;
}

vf_result vf_vk_prim_walk_init(const vf_vk_vertex_input *vi, const vf_vk_draw_desc *d,
                               uint32_t patch_control_points, struct vf_vk_prim_walk *w,
                               vf_diagnostics *diagnostics)
{
    struct vf_vk_diag ctx;
    vf_vk_diag_begin(&ctx, diagnostics);
    memset(w, 0, sizeof(*w));
    if (vi == NULL || d == NULL) {
        vf_vk_diag(&ctx, VF_ERROR_NULL_POINTER, -1, "the vertex input or the draw is NULL");
        return ctx.first_error;
    }
    if (d->struct_size != sizeof(*d) || d->indexed > 1) {
        vf_vk_diag(&ctx, VF_ERROR_INVALID_ARGUMENT, -1, "the draw was not set up by "
                   "vf_vk_draw_desc_init, or indexed is not 0 or 1");
        return ctx.first_error;
    }
    if (!valid_topology_state(&ctx, vi, d, patch_control_points))
        return ctx.first_error;
    w->topology = d->topology;
    w->vertex_count = d->vertex_count;
    w->first = d->first_vertex;
    w->m = patch_control_points;
    if (d->indexed) {
        if (index_view(&ctx, vi, d->index_buffer, w) == 0)
            return ctx.first_error;
        /* Restart only where it can happen: indexed draws with the enable. */
        w->cuts = d->primitive_restart_enable != 0;
        w->restart = w->index_size == 1 ? 0xffu : w->index_size == 2 ? 0xffffu : 0xffffffffu;
    }
    return VF_OK;
}

/* The index at draw position p; past the buffer's end reads 0 (§18.3). */
uint32_t vf_vk_prim_index(const struct vf_vk_prim_walk *w, uint32_t p)
{
    uint64_t at = ((uint64_t)w->first + p) * w->index_size;
    return vf_index_read(w->indices, w->index_bytes, at, w->index_size);
}

int vf_vk_prim_is_restart(const struct vf_vk_prim_walk *w, uint32_t p)
{
    return w->cuts && vf_vk_prim_index(w, p) == w->restart;
}

/* The piece (maximal run of positions with no restart index) at or after
 * *pos: its start and length; returns 0 past the draw's end. */
int vf_vk_prim_next_piece(const struct vf_vk_prim_walk *w, uint32_t *pos, uint32_t *start,
                          uint32_t *length)
{
    uint32_t p = *pos;
    while (p < w->vertex_count && vf_vk_prim_is_restart(w, p))
        p++;
    if (p >= w->vertex_count)
        return 0;
    uint32_t s = p;
    if (!w->cuts)
        p = w->vertex_count;
    else
        while (p < w->vertex_count && !vf_vk_prim_is_restart(w, p))
            p++;
    *start = s;
    *length = p - s;
    *pos = p;
    return 1;
}

vf_result vf_vk_primitive_count(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc,
                                uint32_t patch_control_points, uint32_t *primitive_count_ret,
                                uint32_t *vertices_per_primitive_ret, size_t *draw_words_ret)
{
    struct vf_vk_prim_walk w;
    vf_result r = vf_vk_prim_walk_init(input, desc, patch_control_points, &w, NULL);
    if (r != VF_OK)
        return r;
    if (primitive_count_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    uint32_t vpp = vf_vk_topology_vertices(w.topology, w.m), count = 0;
    uint32_t pos = 0, start, length;
    while (vf_vk_prim_next_piece(&w, &pos, &start, &length))
        count += vf_vk_piece_primitives(w.topology, w.m, length);
    uint64_t words = (uint64_t)count * vpp * desc->instance_count;
    if (words > SIZE_MAX / sizeof(uint32_t))
        return VF_ERROR_OVERFLOW;
    *primitive_count_ret = count;
    if (vertices_per_primitive_ret != NULL)
        *vertices_per_primitive_ret = vpp;
    if (draw_words_ret != NULL)
        *draw_words_ret = (size_t)words;
    return VF_OK;
}

/* Writes the primitives of one piece from the piece's primitive `k` on:
 * returns how many fit in the room left (*room words). */
static uint32_t emit_piece(const struct vf_vk_prim_walk *w, uint32_t mode, uint32_t start,
                           uint32_t length, uint32_t k, uint32_t n, uint32_t *out,
                           uint32_t *provoking, uint32_t max)
{
    uint32_t vpp = vf_vk_topology_vertices(w->topology, w->m), done = 0;
    for (; k < n && done < max; k++, done++) {
        uint32_t v[6];
        uint32_t slot = vf_vk_primitive_vertices(w->topology, w->m, mode, k, n, v);
        for (uint32_t j = 0; j < vpp; j++)
            out[(size_t)done * vpp + j] = start + (w->topology == VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST
                                                       ? k * w->m + j : v[j]);
        if (provoking != NULL)
            provoking[done] = slot == UINT32_MAX ? UINT32_MAX : out[(size_t)done * vpp + slot];
    }
    (void)length;
    return done;
}

vf_result vf_vk_draw_primitives(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc,
                                uint32_t provoking_vertex_mode, uint32_t patch_control_points,
                                uint32_t first_primitive, uint32_t *out, size_t out_count,
                                uint32_t *provoking_out, uint32_t *primitives_written_ret)
{
    struct vf_vk_prim_walk w;
    vf_result r = vf_vk_prim_walk_init(input, desc, patch_control_points, &w, NULL);
    if (r != VF_OK)
        return r;
    if (provoking_vertex_mode > VF_VK_PROVOKING_VERTEX_MODE_LAST_VERTEX)
        return VF_ERROR_VK_INVALID_PROVOKING_VERTEX_MODE;
    if (primitives_written_ret == NULL || (out == NULL && out_count != 0))
        return VF_ERROR_NULL_POINTER;
    *primitives_written_ret = 0;
    uint32_t vpp = vf_vk_topology_vertices(w.topology, w.m);
    size_t room = out_count / vpp;
    uint32_t pos = 0, start, length, seen = 0, written = 0;
    while (vf_vk_prim_next_piece(&w, &pos, &start, &length)) {
        uint32_t n = vf_vk_piece_primitives(w.topology, w.m, length);
        if (seen + (uint64_t)n <= first_primitive + (uint64_t)written) {
            seen += n;
            continue;
        }
        uint32_t k = first_primitive + written - seen;
        uint32_t max = room - written > UINT32_MAX ? UINT32_MAX : (uint32_t)(room - written);
        if (max == 0)
            break;
        written += emit_piece(&w, provoking_vertex_mode, start, length, k, n,
                              out + (size_t)written * vpp,
                              provoking_out != NULL ? provoking_out + written : NULL, max);
        seen += n;
    }
    /* Whole primitives remain but none fit: the caller's buffer is too small. */
    if (written == 0 && room == 0) {
        uint32_t total;
        if (vf_vk_primitive_count(input, desc, patch_control_points, &total, NULL, NULL) == VF_OK &&
            first_primitive < total)
            return VF_ERROR_OUTPUT_TOO_SMALL;
    }
    *primitives_written_ret = written;
    return VF_OK;
}
