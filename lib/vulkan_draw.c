/*
 * vulkan_draw.c - vkCmdDraw and vkCmdDrawIndexed on a vertex input state
 * (docs/d3d-ia-rules.md §18.3): the draw's own valid-usage rules, then a
 * plan of the engine's (draw_plan.h) filled without the D3D draw checks,
 * whose stride and index rules are not Vulkan's, then one pass that turns
 * the engine's SV_VertexID / SV_InstanceID words into gl_VertexIndex /
 * gl_InstanceIndex. Nothing is allocated.
 */
#include <inttypes.h>
#include <string.h>

#include "draw_plan.h"
#include "vulkan_internal.h"
#include "vulkan_prim.h"

void vf_vk_draw_desc_init(vf_vk_draw_desc *desc)
{
    if (desc == NULL)
        return;
    memset(desc, 0, sizeof(*desc));
    desc->struct_size = sizeof(*desc);
    desc->topology = VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
}

vf_result vf_vk_draw_output_size(const vf_vk_vertex_input *input, uint32_t vertex_count,
                                 uint32_t instance_count, size_t *size_ret)
{
    if (input == NULL)
        return VF_ERROR_NULL_POINTER;
    return vf_draw_output_size(input->layout, vertex_count, instance_count, size_ret);
}

/* The description's own fields. Returns 0 when nothing else can be read. */
static int check_desc(struct vf_vk_diag *ctx, const vf_vk_vertex_input *vi,
                      const vf_vk_draw_desc *d)
{
    if (vi == NULL || d == NULL) {
        vf_vk_diag(ctx, VF_ERROR_NULL_POINTER, -1, "the vertex input or the draw is NULL");
        return 0;
    }
    if (d->struct_size != sizeof(*d) || d->indexed > 1 ||
        (d->vertex_buffers == NULL && d->num_vertex_buffers != 0)) {
        vf_vk_diag(ctx, VF_ERROR_INVALID_ARGUMENT, -1, "the draw was not set up by "
                   "vf_vk_draw_desc_init, indexed is not 0 or 1, or vertex_buffers is NULL");
        return 0;
    }
    if (d->topology > VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST)
        vf_vk_diag(ctx, VF_ERROR_VK_INVALID_TOPOLOGY, -1, "topology %" PRIu32 " is not a "
                   "VkPrimitiveTopology (VUID-VkPipelineInputAssemblyStateCreateInfo-topology-parameter)",
                   d->topology);
    vf_vk_check_list_restart(ctx, vi, d);
    return 1;
}

/* Bytes [offset, size) of a buffer as an engine view's memory and size. */
static int buffer_range(struct vf_vk_diag *ctx, const void *data, uint64_t size,
                        uint64_t offset, const char *what, uint32_t n, const uint8_t **data_ret,
                        uint32_t *size_ret)
{
    if (offset >= size) {
        vf_vk_diag(ctx, VF_ERROR_VK_OFFSET_PAST_END, -1, "%s %" PRIu32 ": offset %" PRIu64
                   " is not below the buffer size %" PRIu64 " (VUID-%s)", what, n, offset, size,
                   n == UINT32_MAX ? "vkCmdBindIndexBuffer-offset-08782"
                                   : "vkCmdBindVertexBuffers-pOffsets-00626");
        return 0;
    }
    if (size - offset > UINT32_MAX) {
        vf_vk_diag(ctx, VF_ERROR_INVALID_ARGUMENT, -1, "%s %" PRIu32 ": %" PRIu64 " bytes past "
                   "the offset; vfetch reads at most 4 GiB - 1 from a binding", what, n,
                   size - offset);
        return 0;
    }
    *data_ret = (const uint8_t *)data + offset;
    *size_ret = (uint32_t)(size - offset);
    return 1;
}

/* attribAddress alignment (VUID-vkCmdDraw-format-10389, -10390): the
 * buffer's start is aligned in Vulkan, so the binding offset, the
 * attribute offset and the stride decide it for every vertex. */
static void check_alignment(struct vf_vk_diag *ctx, const vf_vk_vertex_input *vi,
                            const vf_vk_draw_desc *d)
{
    for (uint32_t i = 0; i < vi->num_attrs; i++) {
        const struct vf_vk_attr *a = &vi->attrs[i];
        if ((vi->features & VF_VK_FEATURE_LEGACY_VERTEX_ATTRIBUTES) && !a->wide)
            continue;
        const vf_vk_vertex_buffer_binding *b = &d->vertex_buffers[a->binding];
        if ((b->offset + a->offset) % a->align == 0 && vi->stride[a->binding] % a->align == 0)
            continue;
        vf_vk_diag(ctx, VF_ERROR_VK_MISALIGNED_ATTRIBUTE, -1, "location %" PRIu32 ": binding %"
                   PRIu32 " offset %" PRIu64 " + attribute offset %" PRIu32 " + k * stride %"
                   PRIu32 " is not always a multiple of %" PRIu32 " (VUID-vkCmdDraw-format-%s)",
                   a->location, a->binding, b->offset, a->offset, vi->stride[a->binding],
                   a->align, strstr(vf_vk_row(a->format)->name, "_PACK32") ? "10389" : "10390");
    }
}

/* Every binding an attribute reads, as an engine view at its slot. */
static void bind_vertex_buffers(struct vf_vk_diag *ctx, const vf_vk_vertex_input *vi,
                                const vf_vk_draw_desc *d, vf_vertex_buffer_view *views)
{
    int all_bound = 1;
    memset(views, 0, sizeof(*views) * VF_VK_MAX_BINDINGS);
    for (uint32_t s = 0; s < VF_VK_MAX_BINDINGS; s++) {
        if (!(vi->binding_mask & (1u << s)))
            continue;
        const vf_vk_vertex_buffer_binding *b = s < d->num_vertex_buffers ? &d->vertex_buffers[s]
                                                                         : NULL;
        if (b == NULL || b->data == NULL) {
            /* [VF] vkCmdBindVertexBuffers: a VK_NULL_HANDLE binding reads
             * zeros with missing G, B, A filled (0, 0, 1): an empty view,
             * where every element is out of bounds (§6), not an unbound
             * D3D slot, whose w is 0. */
            static const uint8_t none[1];
            all_bound = 0;
            if (!(vi->features & VF_VK_FEATURE_NULL_DESCRIPTOR))
                vf_vk_diag(ctx, VF_ERROR_VK_VERTEX_BUFFER_NOT_BOUND, -1, "binding %" PRIu32
                           " has no buffer and nullDescriptor is off (VUID-vkCmdDraw-None-04008)",
                           s);
            views[s] = (vf_vertex_buffer_view){ none, 0, vi->stride[s] };
            continue;
        }
        const uint8_t *data;
        uint32_t size;
        if (buffer_range(ctx, b->data, b->size, b->offset, "vertex binding", s, &data, &size))
            views[s] = (vf_vertex_buffer_view){ data, size, vi->stride[s] };
    }
    if (all_bound && ctx->first_error == VF_OK)
        check_alignment(ctx, vi, d);
}

/* The index buffer: *size_ret is the index size, 0 when unusable. */
static void bind_index_buffer(struct vf_vk_diag *ctx, const vf_vk_vertex_input *vi,
                              const vf_vk_draw_desc *d, vf_index_buffer_view *view,
                              uint32_t *size_ret)
{
    const vf_vk_index_buffer_binding *ib = d->index_buffer;
    *size_ret = 0;
    if (ib == NULL || ib->data == NULL) {
        vf_vk_diag(ctx, VF_ERROR_VK_INDEX_BUFFER_NOT_BOUND, -1,
                   "vkCmdDrawIndexed with no index buffer bound (VUID-vkCmdDrawIndexed-None-07312)");
        return;
    }
    uint32_t isz = ib->index_type == VF_VK_INDEX_TYPE_UINT16   ? 2
                   : ib->index_type == VF_VK_INDEX_TYPE_UINT32 ? 4
                   : ib->index_type == VF_VK_INDEX_TYPE_UINT8 &&
                           (vi->features & VF_VK_FEATURE_INDEX_TYPE_UINT8)
                       ? 1
                       : 0;
    if (isz == 0) {
        vf_vk_diag(ctx, VF_ERROR_VK_INVALID_INDEX_TYPE, -1, "indexType %" PRIu32 " is not "
                   "UINT16, UINT32, or UINT8 with indexTypeUint8 (VUID-vkCmdBindIndexBuffer-"
                   "indexType-%s)", ib->index_type,
                   ib->index_type == VF_VK_INDEX_TYPE_UINT8 ? "08787" : "parameter");
        return;
    }
    if (ib->offset % isz != 0) {
        vf_vk_diag(ctx, VF_ERROR_VK_MISALIGNED_INDEX_OFFSET, -1, "index buffer offset %" PRIu64
                   " is not a multiple of %" PRIu32 " (VUID-vkCmdBindIndexBuffer-offset-08783)",
                   ib->offset, isz);
        return;
    }
    const uint8_t *data;
    if (!buffer_range(ctx, ib->data, ib->size, ib->offset, "index buffer", UINT32_MAX, &data,
                      &view->size_in_bytes))
        return;
    view->data = data;
    view->format = isz == 2 ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT; /* the engine reads isz */
    *size_ret = isz;
}

/* The engine's description of the draw: its views are the caller's. */
static void engine_desc(const vf_vk_draw_desc *d, const vf_vertex_buffer_view *views,
                        const vf_index_buffer_view *ib, vf_draw_desc *e)
{
    vf_draw_desc_init(e);
    e->vertex_buffers = views;
    e->num_vertex_buffers = VF_VK_MAX_BINDINGS;
    e->indexed = d->indexed;
    e->index_buffer = d->indexed ? ib : NULL;
    e->vertex_count_per_instance = d->vertex_count;
    e->instance_count = d->instance_count;
    e->start_location = d->first_vertex;
    e->base_vertex_location = d->indexed ? d->vertex_offset : 0;
    e->start_instance_location = d->first_instance;
    e->pool = d->pool;
}

/* gl_VertexIndex = SV_VertexID + firstVertex (vkCmdDraw) or + vertexOffset
 * (vkCmdDrawIndexed), gl_InstanceIndex = SV_InstanceID + firstInstance, in
 * every record that is a vertex (the flags word marks cuts); the flags
 * word is cleared where the caller did not ask for it. */
static void add_bases(const vf_vk_vertex_input *vi, const struct vf_plan *plan,
                      const vf_vk_draw_desc *d, uint8_t *out)
{
    const struct vf_layout *L = vi->layout;
    if (L->sv.sys < 0 || (L->sv.sys_bits & VF_SV_FLAGS) == 0)
        return;
    uint32_t sys = (uint32_t)L->sv.sys, lanes = plan->lanes, user = vi->user_system_values;
    uint32_t vbase = d->indexed ? (uint32_t)d->vertex_offset : d->first_vertex;
    for (uint32_t j = 0; j < plan->instance_count; j++) {
        for (uint32_t p = 0; p < plan->vertex_count; p++) {
            size_t unit = (size_t)j * plan->units_per_instance + p / lanes;
            uint32_t *w = (uint32_t *)(void *)(out + unit * plan->unit_bytes) + p % lanes;
            uint32_t *vid = &w[sys * lanes], *iid = &w[(sys + 1) * lanes];
            uint32_t *flags = &w[(sys + 2) * lanes];
            if (!(*flags & VF_FLAG_STRIP_CUT)) {
                if (user & VF_SV_VERTEX_ID)
                    *vid += vbase;
                if (user & VF_SV_INSTANCE_ID)
                    *iid += d->first_instance;
            }
            if (!(user & VF_SV_FLAGS))
                *flags = 0;
        }
    }
}

vf_result vf_vk_draw(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc, void *out,
                     size_t out_size, vf_diagnostics *diagnostics)
{
    struct vf_vk_diag ctx;
    vf_vk_diag_begin(&ctx, diagnostics);
    if (!check_desc(&ctx, input, desc))
        return ctx.first_error;
    vf_vertex_buffer_view views[VF_VK_MAX_BINDINGS];
    vf_index_buffer_view ib = { NULL, 0, VF_FORMAT_UNKNOWN };
    uint32_t index_size = 0;
    bind_vertex_buffers(&ctx, input, desc, views);
    if (desc->indexed)
        bind_index_buffer(&ctx, input, desc, &ib, &index_size);
    if (ctx.first_error != VF_OK)
        return ctx.first_error;

    vf_draw_desc e;
    struct vf_plan plan;
    engine_desc(desc, views, &ib, &e);
    vf_plan_fill(input->layout, &e, index_size, &plan);
    plan.ib_addr64 = 1; /* VkDeviceSize: firstIndex past 4 GiB does not wrap */
    /* Restart cuts in every topology (the list ones were checked above);
     * the value is compared before vertexOffset is added (§18.3). */
    if (desc->indexed && desc->primitive_restart_enable) {
        plan.cut_enabled = 1;
        plan.cut_value = index_size == 1 ? 0xffu : index_size == 2 ? 0xffffu : 0xffffffffu;
    }
    vf_result r = vf_plan_run(&plan, &e, out, out_size);
    if (r != VF_OK) {
        vf_vk_diag(&ctx, r, -1, "the output: %s (vf_vk_draw_output_size gives its size; "
                   "16-byte aligned)", vf_result_string(r));
        return r;
    }
    if (out != NULL)
        add_bases(input, &plan, desc, out);
    return VF_OK;
}
