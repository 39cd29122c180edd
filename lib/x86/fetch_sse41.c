/*
 * fetch_sse41.c - SSE4.1 fetch kernels: every IA vertex format, one vertex per
 * 128-bit vector. Built with $(CFLAGS_SSE41) into its own convenience
 * library; exports only vf_isa_sse41.
 */
#include "config.h"

#include "dispatch.h"
#include "output_x86.h"
#include "reuse_x86.h"

#define VF_SSE_LEVEL 41
#include "prims_sse.h"

#define VF_SUFFIX sse41
#include "../fetch_template.h"

/* Output: SSE2's helpers (SSE4.1 adds nothing they would use). */
const struct vf_isa_impl vf_isa_sse41 = {
    .table = vf_fetch_table_sse41,
    .stream_copy = vf_stream_copy_sse2,
    .stream_fence = vf_stream_fence_sse2,
    .reuse_search_stream = vf_reuse_search_stream_sse2,
    .reuse_map_stream = vf_reuse_map_stream_sse2,
    .reuse_bounds16 = vf_reuse_bounds16_sse2,
    .reuse_search16 = vf_reuse_search16_sse2,
    .soa_transpose = vf_soa_transpose_sse2,
    .transpose_lanes = 4,
};
