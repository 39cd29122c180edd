/* d3d11_diag.c - diagnostics of the D3D11 front end, in the vf_diagnostics
 * form vf_layout_create fills, and the D3D11 debug layer's message IDs. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vf_internal.h"
#include "d3d11_internal.h"

void vf_d3d11_diag_begin(struct vf_d3d11_diag *ctx, vf_diagnostics *out)
{
    ctx->out = out;
    ctx->first_error = VF_OK;
    if (out)
        memset(out, 0, sizeof(*out));
}

void vf_d3d11_diag(struct vf_d3d11_diag *ctx, vf_result code, uint32_t severity,
                   const char *fmt, ...)
{
    if (severity == VF_SEVERITY_ERROR && ctx->first_error == VF_OK)
        ctx->first_error = code;
    va_list ap;
    va_start(ap, fmt);
    vf_diagnostics_vadd(ctx->out, code, severity, -1, -1, fmt, ap);
    va_end(ap);
}

/* The D3D11 debug layer's message for a result, where it has one. */
uint32_t vf_d3d11_message_id(vf_result code)
{
    switch (code) {
    case VF_ERROR_STRIDE_TOO_LARGE:
        return VF_D3D11_MESSAGE_ID_DEVICE_IASETVERTEXBUFFERS_STRIDE_TOO_LARGE;
    case VF_ERROR_INVALID_INDEX_FORMAT:
        return VF_D3D11_MESSAGE_ID_DEVICE_IASETINDEXBUFFER_FORMAT_INVALID;
    case VF_WARNING_UNALIGNED_INDEX_OFFSET:
        return VF_D3D11_MESSAGE_ID_DEVICE_IASETINDEXBUFFER_OFFSET_UNALIGNED;
    case VF_WARNING_VERTEX_BUFFER_NOT_SET:
        return VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_BUFFER_NOT_SET;
    case VF_ERROR_INPUT_LAYOUT_NOT_SET:
        return VF_D3D11_MESSAGE_ID_DEVICE_DRAW_INPUTLAYOUT_NOT_SET;
    case VF_WARNING_STRIDE_TOO_SMALL:
        return VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL;
    case VF_WARNING_VERTEX_BUFFER_TOO_SMALL:
        return VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_BUFFER_TOO_SMALL;
    case VF_WARNING_INDEX_BUFFER_NOT_SET:
        return VF_D3D11_MESSAGE_ID_DEVICE_DRAW_INDEX_BUFFER_NOT_SET;
    case VF_WARNING_INDEX_BUFFER_TOO_SMALL:
        return VF_D3D11_MESSAGE_ID_DEVICE_DRAW_INDEX_BUFFER_TOO_SMALL;
    case VF_WARNING_MISALIGNED_VERTEX_BUFFER:
        return VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_OFFSET_UNALIGNED;
    case VF_ERROR_MISALIGNED_STRIDE:
        return VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_STRIDE_UNALIGNED;
    default:
        return VF_D3D11_MESSAGE_ID_UNKNOWN;
    }
}

const char *vf_d3d11_message_id_name(uint32_t id)
{
    switch (id) {
#define NAME(n) case VF_D3D11_MESSAGE_ID_##n: return #n
        NAME(DEVICE_IASETINDEXBUFFER_FORMAT_INVALID);
        NAME(DEVICE_IASETINDEXBUFFER_OFFSET_UNALIGNED);
        NAME(DEVICE_DRAW_VERTEX_BUFFER_NOT_SET);
        NAME(DEVICE_DRAW_INPUTLAYOUT_NOT_SET);
        NAME(DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL);
        NAME(DEVICE_DRAW_VERTEX_BUFFER_TOO_SMALL);
        NAME(DEVICE_DRAW_INDEX_BUFFER_NOT_SET);
        NAME(DEVICE_DRAW_INDEX_BUFFER_TOO_SMALL);
        NAME(DEVICE_DRAW_VERTEX_OFFSET_UNALIGNED);
        NAME(DEVICE_DRAW_VERTEX_STRIDE_UNALIGNED);
        NAME(DEVICE_IASETVERTEXBUFFERS_STRIDE_TOO_LARGE);
#undef NAME
    }
    return NULL;
}
