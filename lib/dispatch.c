/* dispatch.c - per-ISA kernel selection (scalar-only for now). */
#include "vf_internal.h"

void vf_select_kernel(vf_format format, uint32_t isa, struct vf_fetch_kernel *out)
{
    (void)isa;
    *out = *vf_scalar_kernel(format);
}
