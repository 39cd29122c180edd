/*
 * d3d11_ia.c - the D3D11 input-assembler state: its setters with the
 * binding checks of docs/d3d-ia-rules.md §14.3, and the feature-level limits.
 *
 * Setters validate everything first and change the state only when no
 * error was found, so a rejected call leaves the previous bindings.
 */
#include <string.h>

#include "vf_internal.h"
#include "d3d11_internal.h"

static int feature_level_valid(uint32_t fl)
{
    switch (fl) {
    case VF_FEATURE_LEVEL_9_1: case VF_FEATURE_LEVEL_9_2: case VF_FEATURE_LEVEL_9_3:
    case VF_FEATURE_LEVEL_10_0: case VF_FEATURE_LEVEL_10_1:
    case VF_FEATURE_LEVEL_11_0: case VF_FEATURE_LEVEL_11_1:
    case VF_FEATURE_LEVEL_12_0: case VF_FEATURE_LEVEL_12_1: case VF_FEATURE_LEVEL_12_2:
        return 1;
    default:
        return 0;
    }
}

/* Rule 3.1: 16 slots below 10_1 (D3D10_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT),
 * 32 from 10_1 on (D3D10_1_ and D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT). */
static uint32_t slots_at(uint32_t fl)
{
    return fl >= VF_FEATURE_LEVEL_10_1 ? VF_D3D11_MAX_INPUT_SLOTS : VF_D3D11_SLOTS_BELOW_10_1;
}

static int state_ok(const vf_d3d11_ia_state *state)
{
    return state->struct_size == sizeof(*state) && feature_level_valid(state->feature_level) &&
           state->num_slots == slots_at(state->feature_level);
}

vf_result vf_d3d11_ia_state_init(vf_d3d11_ia_state *state, uint32_t feature_level)
{
    if (!state)
        return VF_ERROR_NULL_POINTER;
    if (!feature_level_valid(feature_level))
        return VF_ERROR_INVALID_FEATURE_LEVEL;
    memset(state, 0, sizeof(*state));
    state->struct_size = sizeof(*state);
    state->feature_level = feature_level;
    state->num_slots = slots_at(feature_level);
    state->primitive_topology = VF_TOPOLOGY_UNDEFINED;
    state->index_format = VF_FORMAT_UNKNOWN;
    return VF_OK;
}

/* Checks one vertex-buffer binding (rules 3.2-3.4). */
static void check_vertex_binding(struct vf_d3d11_diag *ctx, uint32_t slot, const vf_buffer *b,
                                 uint32_t stride, uint32_t offset)
{
    if (!b)
        return; /* unbinding: stride and offset do not matter */
    if (!(b->desc.bind_flags & VF_BIND_VERTEX_BUFFER))
        vf_d3d11_diag(ctx, VF_ERROR_BUFFER_NOT_VERTEX_BUFFER, VF_SEVERITY_ERROR,
                      "IASetVertexBuffers: the buffer in slot %u was not created with "
                      "D3D11_BIND_VERTEX_BUFFER (BindFlags 0x%x)", slot, b->desc.bind_flags);
    if (offset > b->desc.byte_width)
        vf_d3d11_diag(ctx, VF_ERROR_OFFSET_PAST_END, VF_SEVERITY_ERROR,
                      "IASetVertexBuffers: offset %u of slot %u is past the buffer's "
                      "ByteWidth %u", offset, slot, b->desc.byte_width);
    if (stride > VF_MAX_STRIDE)
        vf_d3d11_diag(ctx, VF_ERROR_STRIDE_TOO_LARGE, VF_SEVERITY_ERROR,
                      "IASetVertexBuffers: stride %u of slot %u is larger than 2048", stride,
                      slot);
}

vf_result vf_d3d11_ia_set_vertex_buffers(vf_d3d11_ia_state *state, uint32_t start_slot,
                                         uint32_t num_buffers, const vf_buffer *const *buffers,
                                         const uint32_t *strides, const uint32_t *offsets,
                                         vf_diagnostics *diagnostics)
{
    struct vf_d3d11_diag ctx;
    vf_d3d11_diag_begin(&ctx, diagnostics);
    if (!state || (num_buffers != 0 && (!buffers || !strides || !offsets))) {
        vf_d3d11_diag(&ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR,
                      "IASetVertexBuffers: the state, or an array with NumBuffers %u, is NULL",
                      num_buffers);
        return VF_ERROR_NULL_POINTER;
    }
    if (!state_ok(state)) {
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR,
                      "IASetVertexBuffers: the state was not set up by vf_d3d11_ia_state_init");
        return VF_ERROR_INVALID_ARGUMENT;
    }
    /* 64-bit sum: a huge NumBuffers must not wrap into range. */
    if ((uint64_t)start_slot + num_buffers > state->num_slots) {
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_SLOT, VF_SEVERITY_ERROR,
                      "IASetVertexBuffers: StartSlot %u + NumBuffers %u is more than the %u "
                      "input slots of feature level %x_%x", start_slot, num_buffers,
                      state->num_slots, state->feature_level >> 12,
                      (state->feature_level >> 8) & 0xfu);
        return VF_ERROR_INVALID_SLOT;
    }
    for (uint32_t i = 0; i < num_buffers; i++)
        check_vertex_binding(&ctx, start_slot + i, buffers[i], strides[i], offsets[i]);
    if (ctx.first_error != VF_OK)
        return ctx.first_error;
    for (uint32_t i = 0; i < num_buffers; i++) {
        vf_d3d11_vertex_binding *vb = &state->vertex_buffers[start_slot + i];
        vb->buffer = buffers[i];
        vb->stride = buffers[i] ? strides[i] : 0;
        vb->offset = buffers[i] ? offsets[i] : 0;
    }
    return VF_OK;
}

vf_result vf_d3d11_ia_set_index_buffer(vf_d3d11_ia_state *state, const vf_buffer *buffer,
                                       vf_format format, uint32_t offset,
                                       vf_diagnostics *diagnostics)
{
    struct vf_d3d11_diag ctx;
    vf_d3d11_diag_begin(&ctx, diagnostics);
    if (!state) {
        vf_d3d11_diag(&ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR,
                      "IASetIndexBuffer: the state is NULL");
        return VF_ERROR_NULL_POINTER;
    }
    if (!state_ok(state)) {
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR,
                      "IASetIndexBuffer: the state was not set up by vf_d3d11_ia_state_init");
        return VF_ERROR_INVALID_ARGUMENT;
    }
    if (!buffer) {
        state->index_buffer = NULL;
        state->index_format = VF_FORMAT_UNKNOWN;
        state->index_offset = 0;
        return VF_OK;
    }
    if (!(buffer->desc.bind_flags & VF_BIND_INDEX_BUFFER))
        vf_d3d11_diag(&ctx, VF_ERROR_BUFFER_NOT_INDEX_BUFFER, VF_SEVERITY_ERROR,
                      "IASetIndexBuffer: the buffer was not created with "
                      "D3D11_BIND_INDEX_BUFFER (BindFlags 0x%x)", buffer->desc.bind_flags);
    uint32_t size = 0;
    if (format == VF_FORMAT_R16_UINT) {
        size = 2;
    } else if (format == VF_FORMAT_R32_UINT) {
        size = 4;
        if (state->feature_level == VF_FEATURE_LEVEL_9_1)
            vf_d3d11_diag(&ctx, VF_ERROR_INVALID_INDEX_FORMAT, VF_SEVERITY_ERROR,
                          "IASetIndexBuffer: feature level 9_1 has no 32-bit indices "
                          "(DXGI_FORMAT_R32_UINT)");
    } else {
        const char *name = vf_format_name(format);
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_INDEX_FORMAT, VF_SEVERITY_ERROR,
                      "IASetIndexBuffer: Format %s (%u) is not DXGI_FORMAT_R16_UINT or "
                      "DXGI_FORMAT_R32_UINT", name ? name : "unknown", format);
    }
    if (offset > buffer->desc.byte_width)
        vf_d3d11_diag(&ctx, VF_ERROR_OFFSET_PAST_END, VF_SEVERITY_ERROR,
                      "IASetIndexBuffer: offset %u is past the buffer's ByteWidth %u", offset,
                      buffer->desc.byte_width);
    else if (size != 0 && offset % size != 0)
        vf_d3d11_diag(&ctx, VF_WARNING_UNALIGNED_INDEX_OFFSET, VF_SEVERITY_WARNING,
                      "IASetIndexBuffer: offset %u is not a multiple of the %u-byte index size",
                      offset, size);
    if (ctx.first_error != VF_OK)
        return ctx.first_error;
    state->index_buffer = buffer;
    state->index_format = format;
    state->index_offset = offset;
    return VF_OK;
}

static int topology_is_adjacency(uint32_t t)
{
    return t >= VF_TOPOLOGY_LINELIST_ADJ && t <= VF_TOPOLOGY_TRIANGLESTRIP_ADJ;
}

static int topology_is_patch(uint32_t t)
{
    return t >= VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST &&
           t <= VF_TOPOLOGY_32_CONTROL_POINT_PATCHLIST;
}

vf_result vf_d3d11_ia_set_primitive_topology(vf_d3d11_ia_state *state, uint32_t topology,
                                             vf_diagnostics *diagnostics)
{
    struct vf_d3d11_diag ctx;
    vf_d3d11_diag_begin(&ctx, diagnostics);
    if (!state) {
        vf_d3d11_diag(&ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR,
                      "IASetPrimitiveTopology: the state is NULL");
        return VF_ERROR_NULL_POINTER;
    }
    if (!state_ok(state)) {
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR,
                      "IASetPrimitiveTopology: the state was not set up by "
                      "vf_d3d11_ia_state_init");
        return VF_ERROR_INVALID_ARGUMENT;
    }
    if (topology == VF_TOPOLOGY_UNDEFINED)
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_TOPOLOGY, VF_SEVERITY_ERROR,
                      "IASetPrimitiveTopology: Topology is D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED");
    else if (!(topology <= VF_TOPOLOGY_TRIANGLESTRIP || topology_is_adjacency(topology) ||
               topology_is_patch(topology)))
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_TOPOLOGY, VF_SEVERITY_ERROR,
                      "IASetPrimitiveTopology: Topology %u is unrecognized", topology);
    else if (topology_is_adjacency(topology) && state->feature_level < VF_FEATURE_LEVEL_10_0)
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_TOPOLOGY, VF_SEVERITY_ERROR,
                      "IASetPrimitiveTopology: adjacency topology %u needs feature level 10_0",
                      topology);
    else if (topology_is_patch(topology) && state->feature_level < VF_FEATURE_LEVEL_11_0)
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_TOPOLOGY, VF_SEVERITY_ERROR,
                      "IASetPrimitiveTopology: patch-list topology %u needs feature level 11_0",
                      topology);
    if (ctx.first_error != VF_OK)
        return ctx.first_error;
    state->primitive_topology = topology;
    return VF_OK;
}

vf_result vf_d3d11_ia_set_input_layout(vf_d3d11_ia_state *state, const vf_layout *layout,
                                       vf_diagnostics *diagnostics)
{
    struct vf_d3d11_diag ctx;
    vf_d3d11_diag_begin(&ctx, diagnostics);
    if (!state) {
        vf_d3d11_diag(&ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR,
                      "IASetInputLayout: the state is NULL");
        return VF_ERROR_NULL_POINTER;
    }
    if (!state_ok(state)) {
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR,
                      "IASetInputLayout: the state was not set up by vf_d3d11_ia_state_init");
        return VF_ERROR_INVALID_ARGUMENT;
    }
    /* A layout compiled for 32 slots may name slots a 10_0 device lacks. */
    uint32_t n = layout ? vf_layout_element_count(layout) : 0;
    for (uint32_t i = 0; i < n; i++) {
        vf_layout_element_info info;
        if (vf_layout_element(layout, i, &info) == VF_OK && info.input_slot >= state->num_slots)
            vf_d3d11_diag(&ctx, VF_ERROR_INVALID_SLOT, VF_SEVERITY_ERROR,
                          "IASetInputLayout: element %u reads input slot %u; feature level "
                          "%x_%x has %u slots", i, info.input_slot, state->feature_level >> 12,
                          (state->feature_level >> 8) & 0xfu, state->num_slots);
    }
    if (ctx.first_error != VF_OK)
        return ctx.first_error;
    state->input_layout = layout;
    return VF_OK;
}
