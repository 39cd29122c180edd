/* d3d11_internal.h - what the D3D11 front end's files share. */
#ifndef VF_D3D11_INTERNAL_H
#define VF_D3D11_INTERNAL_H

#include "vfetch_d3d11.h"

struct vf_buffer {
    vf_buffer_desc desc;
    const uint8_t *data; /* byte_width bytes: `owned`, or the caller's wrapped memory */
    uint8_t *owned;      /* NULL when wrapping */
};

/* Collects diagnostics like vf_layout_create: `out` may be NULL, the first
 * error is the result. */
struct vf_d3d11_diag {
    vf_diagnostics *out;
    vf_result first_error;
};

void vf_d3d11_diag_begin(struct vf_d3d11_diag *ctx, vf_diagnostics *out);
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void vf_d3d11_diag(struct vf_d3d11_diag *ctx, vf_result code, uint32_t severity,
                   const char *fmt, ...);

#endif
