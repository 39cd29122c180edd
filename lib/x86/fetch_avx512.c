/*
 * fetch_avx512.c - AVX-512 F+BW+VL (+F16C, FMA) fetch kernels: four
 * vertices per 512-bit vector, one in each 128-bit lane, and sixteen
 * across. Built with $(CFLAGS_AVX512); exports vf_isa_avx512.
 *
 * The decoders are the AVX2 ones at twice the width (the same FMA-corrected
 * UNORM/SNORM quotient and the same signalling-NaN fix after vcvtph2ps; see
 * fetch_avx2.c for why both give the scalar reference's bits). What differs
 * is in the loads and stores (prims_avx512.h): masked byte loads read each
 * element exactly, so a run's last 1..3 vertices go through the same vector
 * code under a lane mask, 12-byte elements need no 16-byte over-read, and
 * packed runs load with one instruction and spread with vpermd/vpermq/vpermw.
 *
 * It yields no format to avx2 (Zen 5, kernels alone, 1024 vertices in
 * cache, Mvertices/s avx512 / avx2): packed strided runs are 1.4x-2.5x
 * faster for every format (R32G32B32A32_FLOAT 30500 / 12700, R8_UNORM
 * 15000 / 7050, R16G16_FLOAT 10300 / 4700, R32G32_FLOAT 14600 / 10200);
 * gathers and strides with gaps 1.1x-2.1x, except the 1- and 2-byte
 * across-vertex formats (R8*, R16*, R8G8*: sixteen scalar loads a
 * vector), which run at 0.90x-0.99x there. A level yields a format for
 * all its draws, so those stay too.
 */
#include "config.h"

#include <immintrin.h>

#include "dispatch.h"
#include "output_x86.h"

#include "prims_avx512.h"

#define VF_SUFFIX avx512
#include "../fetch_template.h"

/* Output: AVX2's 32-byte stream copy and 8-lane transpose (and SSE2's for
 * 4 lanes) for now; output_avx512.c has the 64-byte and 16-lane ones. */
const struct vf_isa_impl vf_isa_avx512 = {
    .table = vf_fetch_table_avx512,
    .stream_copy = vf_stream_copy_avx2,
    .stream_fence = vf_stream_fence_sse2,
    .soa_transpose = vf_soa_transpose_avx2,
    .soa_transpose_narrow = vf_soa_transpose_sse2,
    .transpose_lanes = 8,
};
