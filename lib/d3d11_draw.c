/*
 * d3d11_draw.c - the four D3D11 draw calls, as translations of the IA state
 * into a vf_draw_desc for the engine (docs/d3d-ia-rules.md §14.4), so every
 * path of vf_draw serves D3D11 too. Nothing is allocated: the views live in
 * the caller's vf_d3d11_draw_views or on the stack.
 */
#include <string.h>

#include "draw_plan.h"
#include "d3d11_internal.h"

static const char *const call_names[2] = { "DrawInstanced", "DrawIndexedInstanced" };

/* Bytes [offset, byte_width) of a bound buffer; the setters keep offset <=
 * byte_width, so an offset equal to it is a bound, empty view (reads are
 * out of bounds), unlike an unbound slot. */
static vf_vertex_buffer_view vertex_view(const vf_d3d11_vertex_binding *vb)
{
    vf_vertex_buffer_view v = { NULL, 0, 0 };
    if (vb->buffer) {
        v.data = vb->buffer->data + vb->offset;
        v.size_in_bytes = vb->buffer->desc.byte_width - vb->offset;
        v.stride_in_bytes = vb->stride;
    }
    return v;
}

/* Rule 4.2: D3D11 has no cut-value state; an indexed draw always cuts at
 * the largest index of the format, in every topology (spec 8.12). The
 * engine cuts only where its topology is a strip and uses the topology for
 * nothing else, so a list topology is handed to it as a strip. */
static void set_cut(vf_draw_desc *desc, vf_format format, uint32_t topology)
{
    desc->strip_cut_value = format == VF_FORMAT_R16_UINT ? VF_STRIP_CUT_VALUE_0xFFFF
                                                         : VF_STRIP_CUT_VALUE_0xFFFFFFFF;
    desc->primitive_topology = vf_topology_is_strip(topology) ? topology
                                                              : VF_TOPOLOGY_TRIANGLESTRIP;
}

static vf_result prepare(struct vf_d3d11_diag *ctx, const vf_d3d11_ia_state *state, int indexed,
                         uint32_t count, uint32_t instances, uint32_t start, int32_t base_vertex,
                         uint32_t start_instance, vf_d3d11_draw_views *v)
{
    const char *call = call_names[indexed ? 1 : 0];
    if (!state || !v) {
        vf_d3d11_diag(ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR,
                      "%s: the state or the output views are NULL", call);
        return VF_ERROR_NULL_POINTER;
    }
    if (state->struct_size != sizeof(*state) || state->num_slots > VF_D3D11_MAX_INPUT_SLOTS) {
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR,
                      "%s: the state was not set up by vf_d3d11_ia_state_init", call);
        return VF_ERROR_INVALID_ARGUMENT;
    }
    if (!state->input_layout)
        vf_d3d11_diag(ctx, VF_ERROR_INPUT_LAYOUT_NOT_SET, VF_SEVERITY_ERROR,
                      "%s: no input layout is bound (IASetInputLayout)", call);
    if (state->primitive_topology == VF_TOPOLOGY_UNDEFINED)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_TOPOLOGY, VF_SEVERITY_ERROR,
                      "%s: the primitive topology is undefined (IASetPrimitiveTopology)", call);
    if (ctx->first_error != VF_OK)
        return ctx->first_error;

    memset(v, 0, sizeof(*v));
    v->layout = state->input_layout;
    for (uint32_t s = 0; s < state->num_slots; s++)
        v->vertex_buffers[s] = vertex_view(&state->vertex_buffers[s]);

    vf_draw_desc *d = &v->desc;
    vf_draw_desc_init(d);
    d->vertex_buffers = v->vertex_buffers;
    d->num_vertex_buffers = state->num_slots;
    d->primitive_topology = state->primitive_topology;
    d->vertex_count_per_instance = count;
    d->instance_count = instances;
    d->start_location = start;
    d->start_instance_location = start_instance;
    d->pool = state->pool;
    if (indexed) {
        d->indexed = 1;
        d->base_vertex_location = base_vertex;
        const vf_buffer *ib = state->index_buffer;
        if (ib) {
            v->index_buffer.data = ib->data + state->index_offset;
            v->index_buffer.size_in_bytes = ib->desc.byte_width - state->index_offset;
            v->index_buffer.format = state->index_format;
            d->index_buffer = &v->index_buffer;
            set_cut(d, state->index_format, state->primitive_topology);
        } else {
            vf_d3d11_diag(ctx, VF_WARNING_INDEX_BUFFER_NOT_SET, VF_SEVERITY_WARNING,
                          "%s: no index buffer is bound (IASetIndexBuffer); every index "
                          "reads 0", call);
        }
    }
    /* The draw-time checks of the bound buffers, in D3D11's words. */
    vf_result r = vf_check_d3d11_draw(state->input_layout, d, ctx->out);
    if (r != VF_OK && ctx->first_error == VF_OK)
        ctx->first_error = r;
    return r;
}

vf_result vf_d3d11_prepare_draw(const vf_d3d11_ia_state *state, int indexed,
                                uint32_t count_per_instance, uint32_t instance_count,
                                uint32_t start_location, int32_t base_vertex_location,
                                uint32_t start_instance_location, vf_d3d11_draw_views *views_ret,
                                vf_diagnostics *diagnostics)
{
    struct vf_d3d11_diag ctx;
    vf_d3d11_diag_begin(&ctx, diagnostics);
    /* As vf_draw_desc.indexed: 0 or 1, so a stray value is not a draw. */
    if (indexed != 0 && indexed != 1) {
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR,
                      "vf_d3d11_prepare_draw: indexed %d is not 0 (Draw) or 1 (DrawIndexed)",
                      indexed);
        return VF_ERROR_INVALID_ARGUMENT;
    }
    return prepare(&ctx, state, indexed, count_per_instance, instance_count, start_location,
                   base_vertex_location, start_instance_location, views_ret);
}

static vf_result draw(const vf_d3d11_ia_state *state, int indexed, uint32_t count,
                      uint32_t instances, uint32_t start, int32_t base_vertex,
                      uint32_t start_instance, void *out, size_t out_size, vf_diagnostics *diag)
{
    struct vf_d3d11_diag ctx;
    vf_d3d11_diag_begin(&ctx, diag);
    vf_d3d11_draw_views v;
    vf_result r = prepare(&ctx, state, indexed, count, instances, start, base_vertex,
                          start_instance, &v);
    if (r != VF_OK)
        return r;
    r = vf_draw(v.layout, &v.desc, out, out_size);
    if (r != VF_OK)
        vf_d3d11_diag(&ctx, r, VF_SEVERITY_ERROR, "%s: %s", call_names[indexed],
                      vf_result_string(r));
    return r;
}

vf_result vf_d3d11_draw(const vf_d3d11_ia_state *state, uint32_t vertex_count,
                        uint32_t start_vertex_location, void *out, size_t out_size,
                        vf_diagnostics *diagnostics)
{
    return draw(state, 0, vertex_count, 1, start_vertex_location, 0, 0, out, out_size,
                diagnostics);
}

vf_result vf_d3d11_draw_indexed(const vf_d3d11_ia_state *state, uint32_t index_count,
                                uint32_t start_index_location, int32_t base_vertex_location,
                                void *out, size_t out_size, vf_diagnostics *diagnostics)
{
    return draw(state, 1, index_count, 1, start_index_location, base_vertex_location, 0, out,
                out_size, diagnostics);
}

vf_result vf_d3d11_draw_instanced(const vf_d3d11_ia_state *state,
                                  uint32_t vertex_count_per_instance, uint32_t instance_count,
                                  uint32_t start_vertex_location, uint32_t start_instance_location,
                                  void *out, size_t out_size, vf_diagnostics *diagnostics)
{
    return draw(state, 0, vertex_count_per_instance, instance_count, start_vertex_location, 0,
                start_instance_location, out, out_size, diagnostics);
}

vf_result vf_d3d11_draw_indexed_instanced(const vf_d3d11_ia_state *state,
                                          uint32_t index_count_per_instance,
                                          uint32_t instance_count, uint32_t start_index_location,
                                          int32_t base_vertex_location,
                                          uint32_t start_instance_location, void *out,
                                          size_t out_size, vf_diagnostics *diagnostics)
{
    return draw(state, 1, index_count_per_instance, instance_count, start_index_location,
                base_vertex_location, start_instance_location, out, out_size, diagnostics);
}

/* The desc the primitive calls read (docs/d3d-ia-rules.md §14.4.4): the state's own
 * topology, lists included, with the cut of rule 4.2. Needs no layout. */
static vf_result primitive_desc(const vf_d3d11_ia_state *state, int indexed, uint32_t count,
                                uint32_t start, vf_draw_desc *d, vf_index_buffer_view *ibv)
{
    if (!state)
        return VF_ERROR_NULL_POINTER;
    if (state->struct_size != sizeof(*state) || (indexed != 0 && indexed != 1))
        return VF_ERROR_INVALID_ARGUMENT;
    if (state->primitive_topology == VF_TOPOLOGY_UNDEFINED)
        return VF_ERROR_INVALID_TOPOLOGY;
    vf_draw_desc_init(d);
    d->primitive_topology = state->primitive_topology;
    d->vertex_count_per_instance = count;
    d->start_location = start;
    d->indexed = (uint32_t)indexed;
    if (d->indexed && state->index_buffer) {
        ibv->data = state->index_buffer->data + state->index_offset;
        ibv->size_in_bytes = state->index_buffer->desc.byte_width - state->index_offset;
        ibv->format = state->index_format;
        d->index_buffer = ibv;
        d->strip_cut_value = state->index_format == VF_FORMAT_R16_UINT
                                 ? VF_STRIP_CUT_VALUE_0xFFFF : VF_STRIP_CUT_VALUE_0xFFFFFFFF;
    }
    return VF_OK;
}

vf_result vf_d3d11_primitive_count(const vf_d3d11_ia_state *state, int indexed,
                                   uint32_t count_per_instance, uint32_t start_location,
                                   uint32_t *primitive_count_ret,
                                   uint32_t *vertices_per_primitive_ret)
{
    vf_draw_desc d;
    vf_index_buffer_view ibv;
    vf_result r = primitive_desc(state, indexed, count_per_instance, start_location, &d, &ibv);
    if (r != VF_OK)
        return r;
    return vf_prim_count(&d, 1, primitive_count_ret, vertices_per_primitive_ret, NULL);
}

vf_result vf_d3d11_draw_primitives(const vf_d3d11_ia_state *state, int indexed,
                                   uint32_t count_per_instance, uint32_t start_location,
                                   uint32_t first_primitive, uint32_t *out, size_t out_count,
                                   uint32_t *primitives_written_ret)
{
    vf_draw_desc d;
    vf_index_buffer_view ibv;
    vf_result r = primitive_desc(state, indexed, count_per_instance, start_location, &d, &ibv);
    if (r != VF_OK)
        return r;
    return vf_prim_list(&d, 1, first_primitive, out, out_count, primitives_written_ret);
}

vf_result vf_d3d11_primitive_cursor_init(const vf_d3d11_ia_state *state, int indexed,
                                         uint32_t count_per_instance, uint32_t start_location,
                                         vf_primitive_cursor *cursor)
{
    vf_draw_desc d;
    vf_index_buffer_view ibv;
    vf_result r = primitive_desc(state, indexed, count_per_instance, start_location, &d, &ibv);
    if (r != VF_OK)
        return r;
    return vf_prim_cursor_init(&d, 1, cursor);
}

vf_result vf_d3d11_draw_primitives_next(const vf_d3d11_ia_state *state, int indexed,
                                        uint32_t count_per_instance, uint32_t start_location,
                                        vf_primitive_cursor *cursor, uint32_t *out,
                                        size_t out_count, uint32_t *primitives_written_ret)
{
    vf_draw_desc d;
    vf_index_buffer_view ibv;
    vf_result r = primitive_desc(state, indexed, count_per_instance, start_location, &d, &ibv);
    if (r != VF_OK)
        return r;
    return vf_prim_cursor_next(&d, 1, cursor, out, out_count, primitives_written_ret);
}

vf_result vf_d3d11_draw_statistics_scratch_size(const vf_d3d11_ia_state *state, int indexed,
                                                uint32_t count_per_instance,
                                                uint32_t start_location, size_t *bytes_ret)
{
    vf_draw_desc d;
    vf_index_buffer_view ibv;
    vf_result r = primitive_desc(state, indexed, count_per_instance, start_location, &d, &ibv);
    if (r != VF_OK)
        return r;
    return vf_stats_scratch_size(&d, 1, bytes_ret);
}

vf_result vf_d3d11_draw_statistics(const vf_d3d11_ia_state *state, int indexed,
                                   uint32_t count_per_instance, uint32_t instance_count,
                                   uint32_t start_location, void *scratch, size_t scratch_size,
                                   vf_pipeline_statistics *stats_ret)
{
    vf_draw_desc d;
    vf_index_buffer_view ibv;
    vf_result r = primitive_desc(state, indexed, count_per_instance, start_location, &d, &ibv);
    if (r != VF_OK)
        return r;
    d.instance_count = instance_count;
    return vf_stats(&d, 1, scratch, scratch_size, stats_ret);
}
