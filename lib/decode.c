/* decode.c - placeholder until the scalar decoders land. */
#include "vf_internal.h"

vf_decode_fn vf_scalar_decoder(vf_format format)
{
    (void)format;
    return NULL;
}

const struct vf_fetch_kernel *vf_scalar_kernel(vf_format format)
{
    (void)format;
    return NULL;
}

uint32_t vf_format_one(vf_format format)
{
    (void)format;
    return VF_ONE_F32;
}
