/*
 * d3d11_indirect.c - the D3D11 indirect draws and DrawAuto
 * (docs/d3d-ia-rules.md §15.7): each works out the arguments the GPU
 * would, then is the direct draw with them.
 */
#include <string.h>

#include "vf_internal.h"
#include "d3d11_internal.h"
#include "indirect_internal.h"

vf_result vf_d3d11_indirect_args(const vf_buffer *args_buffer, uint32_t aligned_byte_offset,
                                 int indexed, vf_d3d11_draw_args *args_ret,
                                 vf_diagnostics *diagnostics)
{
    struct vf_d3d11_diag d;
    vf_d3d11_diag_begin(&d, diagnostics);
    const char *call = indexed ? "DrawIndexedInstancedIndirect" : "DrawInstancedIndirect";
    if (!args_buffer || !args_ret) {
        vf_d3d11_diag(&d, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR,
                      "%s: the argument buffer is NULL", call);
        return d.first_error;
    }
    uint32_t words = indexed ? 5 : 4, width = args_buffer->desc.byte_width;
    if (!(args_buffer->desc.misc_flags & VF_RESOURCE_MISC_DRAWINDIRECT_ARGS))
        vf_d3d11_diag(&d, VF_ERROR_INDIRECT_NOT_ARGS_BUFFER, VF_SEVERITY_ERROR,
                      "%s: the buffer was created without D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS",
                      call);
    if (aligned_byte_offset % 4 != 0)
        vf_d3d11_diag(&d, VF_ERROR_INDIRECT_MISALIGNED_OFFSET, VF_SEVERITY_ERROR,
                      "%s: AlignedByteOffsetForArgs %u is not a multiple of 4", call,
                      aligned_byte_offset);
    else if (aligned_byte_offset > width || width - aligned_byte_offset < 4 * words)
        vf_d3d11_diag(&d, VF_ERROR_INDIRECT_BUFFER_TOO_SMALL, VF_SEVERITY_ERROR,
                      "%s: %u bytes of arguments at AlignedByteOffsetForArgs %u pass ByteWidth %u",
                      call, 4 * words, aligned_byte_offset, width);
    if (d.first_error != VF_OK)
        return d.first_error;
    const uint8_t *p = args_buffer->data + aligned_byte_offset;
    vf_d3d11_draw_args a = { (uint32_t)(indexed != 0), vf_read_u32(p), vf_read_u32(p + 4),
                             vf_read_u32(p + 8), 0, vf_read_u32(p + 12) };
    if (indexed) {
        a.base_vertex_location = (int32_t)vf_read_u32(p + 12);
        a.start_instance_location = vf_read_u32(p + 16);
    }
    *args_ret = a;
    return VF_OK;
}

vf_result vf_d3d11_draw_auto_args(const vf_d3d11_ia_state *state, uint32_t buffer_filled_size,
                                  vf_d3d11_draw_args *args_ret, vf_diagnostics *diagnostics)
{
    struct vf_d3d11_diag d;
    vf_d3d11_diag_begin(&d, diagnostics);
    if (!state || !args_ret) {
        vf_d3d11_diag(&d, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR, "DrawAuto: the state is NULL");
        return d.first_error;
    }
    const vf_d3d11_vertex_binding *b = &state->vertex_buffers[0];
    if (!b->buffer) {
        vf_d3d11_diag(&d, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR,
                      "DrawAuto: slot 0 has no buffer, so nothing says how much to draw");
        return d.first_error;
    }
    uint32_t need = VF_BIND_STREAM_OUTPUT | VF_BIND_VERTEX_BUFFER;
    if ((b->buffer->desc.bind_flags & need) != need)
        vf_d3d11_diag(&d, VF_ERROR_INVALID_BIND_FLAGS, VF_SEVERITY_ERROR,
                      "DrawAuto: slot 0's buffer needs both D3D11_BIND_STREAM_OUTPUT and "
                      "D3D11_BIND_VERTEX_BUFFER (BindFlags 0x%x)", b->buffer->desc.bind_flags);
    if (buffer_filled_size > b->buffer->desc.byte_width)
        vf_d3d11_diag(&d, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR,
                      "DrawAuto: BufferFilledSize %u is past slot 0's ByteWidth %u",
                      buffer_filled_size, b->buffer->desc.byte_width);
    if (d.first_error != VF_OK)
        return d.first_error;
    /* Spec 8.9: from slot 0's offset to the filled size; nothing when the
     * filled size does not pass the offset. */
    uint32_t bytes = buffer_filled_size > b->offset ? buffer_filled_size - b->offset : 0;
    vf_d3d11_draw_args a = { 0, b->stride ? bytes / b->stride : 0, 1, 0, 0, 0 };
    *args_ret = a;
    return VF_OK;
}

static vf_result draw_with(const vf_d3d11_ia_state *state, const vf_d3d11_draw_args *a, void *out,
                           size_t out_size, vf_diagnostics *diagnostics)
{
    if (a->indexed)
        return vf_d3d11_draw_indexed_instanced(state, a->count_per_instance, a->instance_count,
                                               a->start_location, a->base_vertex_location,
                                               a->start_instance_location, out, out_size,
                                               diagnostics);
    return vf_d3d11_draw_instanced(state, a->count_per_instance, a->instance_count,
                                   a->start_location, a->start_instance_location, out, out_size,
                                   diagnostics);
}

static vf_result draw_indirect(const vf_d3d11_ia_state *state, const vf_buffer *args_buffer,
                               uint32_t offset, int indexed, void *out, size_t out_size,
                               vf_diagnostics *diagnostics)
{
    vf_d3d11_draw_args a;
    vf_result r = vf_d3d11_indirect_args(args_buffer, offset, indexed, &a, diagnostics);
    return r != VF_OK ? r : draw_with(state, &a, out, out_size, diagnostics);
}

vf_result vf_d3d11_draw_instanced_indirect(const vf_d3d11_ia_state *state,
                                           const vf_buffer *args_buffer,
                                           uint32_t aligned_byte_offset, void *out,
                                           size_t out_size, vf_diagnostics *diagnostics)
{
    return draw_indirect(state, args_buffer, aligned_byte_offset, 0, out, out_size, diagnostics);
}

vf_result vf_d3d11_draw_indexed_instanced_indirect(const vf_d3d11_ia_state *state,
                                                   const vf_buffer *args_buffer,
                                                   uint32_t aligned_byte_offset, void *out,
                                                   size_t out_size, vf_diagnostics *diagnostics)
{
    return draw_indirect(state, args_buffer, aligned_byte_offset, 1, out, out_size, diagnostics);
}

vf_result vf_d3d11_draw_auto(const vf_d3d11_ia_state *state, uint32_t buffer_filled_size,
                             void *out, size_t out_size, vf_diagnostics *diagnostics)
{
    vf_d3d11_draw_args a;
    vf_result r = vf_d3d11_draw_auto_args(state, buffer_filled_size, &a, diagnostics);
    return r != VF_OK ? r : draw_with(state, &a, out, out_size, diagnostics);
}
