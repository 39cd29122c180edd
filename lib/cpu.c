/* cpu.c - CPU feature detection and ISA names (scalar-only for now). */
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "vf_internal.h"

static const char *const isa_names[VF_ISA_COUNT] = {
    "auto", "scalar", "sse2", "ssse3", "sse41", "avx2", "neon",
};

uint32_t vf_cpu_features(void)
{
    return 0;
}

const char *vf_isa_name(uint32_t isa)
{
    return isa < VF_ISA_COUNT ? isa_names[isa] : NULL;
}

vf_result vf_isa_from_name(const char *name, uint32_t *isa_ret)
{
    if (!name || !isa_ret)
        return VF_ERROR_NULL_POINTER;
    for (uint32_t i = 0; i < VF_ISA_COUNT; i++) {
        if (strcmp(name, isa_names[i]) == 0) {
            *isa_ret = i;
            return VF_OK;
        }
    }
    return VF_ERROR_UNKNOWN_NAME;
}

int vf_isa_available(uint32_t isa)
{
    return isa == VF_ISA_SCALAR;
}

uint32_t vf_isa_default(void)
{
    return VF_ISA_SCALAR;
}

vf_result vf_resolve_isa(uint32_t requested, uint32_t *isa_ret)
{
    if (requested >= VF_ISA_COUNT)
        return VF_ERROR_INVALID_ARGUMENT;
    if (requested == VF_ISA_AUTO)
        requested = vf_isa_default();
    if (!vf_isa_available(requested))
        return VF_ERROR_ISA_UNAVAILABLE;
    *isa_ret = requested;
    return VF_OK;
}
