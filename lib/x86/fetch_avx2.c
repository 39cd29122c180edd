/*
 * fetch_avx2.c - AVX2 (+F16C, FMA) fetch kernels: two vertices per 256-bit
 * vector, one in each 128-bit half, so every lane-local instruction
 * (vpshufb, vpshufd, vpsrlvd) decodes both at once. Built with
 * $(CFLAGS_AVX2); exports only vf_isa_avx2.
 *
 * UNORM/SNORM: q = c * r, then one FMA correction step
 * (e = fma(-q, m, c); q = fma(e, r, q)) instead of a divide; correctly
 * rounded for every code of every width used here (tests/check_simd.c checks
 * each code against the scalar reference), about three times the
 * throughput of vdivps (bench/README.md, "The AVX2 decoders: FMA quotient
 * and vcvtph2ps").
 *
 * Half floats: vcvtph2ps is exact for denormals whatever MXCSR says, but it
 * quiets signalling NaNs (0x7c01 -> 0x7fc02000, as the SDM's conversion
 * rules say); the scalar rule keeps the quiet bit as stored
 * (f << 13), so NaN lanes get bit 22 put back from the half's bit 9.
 *
 * dispatch.c hands three one-component formats to SSE4.1, which runs them
 * faster.
 */
#include "config.h"

#include <immintrin.h>

#include "dispatch.h"
#include "index_x86.h"
#include "output_x86.h"
#include "reuse_x86.h"

#include "prims_avx2.h"

#define VF_SUFFIX avx2
#include "../fetch_template.h"

/* Formats handed to sse41, which runs them faster (bench/README.md, "Where
 * avx2 yields to sse41"): one component per lane, where the 8-lane store
 * half (vextracti128 to memory, two uops per record) costs more than the
 * 4-lane loop saves. */
static const vf_format avx2_yields[] = { VF_FORMAT_R8_UNORM, VF_FORMAT_R16_UNORM,
                                         VF_FORMAT_R8_SINT };

/* Output: 32-byte non-temporal stores and 8-lane transposes; batches of 4
 * lanes go straight to SSE2's transpose (one call fewer a batch). */
const struct vf_isa_impl vf_isa_avx2 = {
    .table = vf_fetch_table_avx2,
    .yields = avx2_yields,
    .num_yields = sizeof avx2_yields / sizeof avx2_yields[0],
    .stream_copy = vf_stream_copy_avx2,
    .stream_fence = vf_stream_fence_sse2,
    .reuse_search_stream = vf_reuse_search_stream_sse2,
    .reuse_map_stream = vf_reuse_map_stream_sse2,
    .reuse_bounds16 = vf_reuse_bounds16_avx2,
    .reuse_max32 = vf_reuse_max32_avx2,
    .vertex_bases = vf_vertex_bases_avx2,
    .vertex_sources = vf_vertex_sources_avx2,
    .indices_sequential = vf_indices_sequential_avx2,
    .reuse_search16 = vf_reuse_search16_sse2,
    .soa_transpose = vf_soa_transpose_avx2,
    .soa_transpose_narrow = vf_soa_transpose_sse2,
    .transpose_lanes = 8,
};
