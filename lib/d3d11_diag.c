/* d3d11_diag.c - diagnostics of the D3D11 front end, in the vf_diagnostics
 * form vf_layout_create fills (their message IDs: message_ids.c). */
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
