/*
 * fetch_neon.c - AArch64 Advanced SIMD fetch kernels: every IA vertex
 * format, one vertex per 128-bit vector, from the ISA-neutral template in
 * lib/fetch_template.h. Exports only vf_isa_neon.
 *
 * UNORM/SNORM use FDIV (an IEEE divide: correctly rounded). Half floats go
 * through the template's integer path rather than FCVTL, which quiets
 * signalling NaNs and, with FPCR.FZ16 set, flushes half denormals.
 */
#include "config.h"

#include "dispatch.h"

#include "prims_neon.h"

#define VF_SUFFIX neon
#include "../fetch_template.h"

/* Output: the portable transpose; no non-temporal copy, so NEON layouts
 * never stream. */
const struct vf_isa_impl vf_isa_neon = {
    .table = vf_fetch_table_neon,
    .soa_transpose = vf_soa_transpose_scalar,
    .transpose_lanes = 1,
};
