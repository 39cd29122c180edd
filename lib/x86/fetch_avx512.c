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
 * It yields no format to avx2 as a whole (Zen 5, kernels alone, 1024
 * vertices in cache, Mvertices/s avx512 / avx2): packed strided runs are
 * 1.4x-2.5x faster for every format (R32G32B32A32_FLOAT 30500 / 12700,
 * R8_UNORM 15000 / 7050, R16G16_FLOAT 10300 / 4700, R32G32_FLOAT 14600 /
 * 10200); gathers 1.1x-2.1x. Spaced strided runs, an interleaved vertex's
 * elements, and gathers are another matter on Zen 4 and the Xeon: it
 * yields most of those (below).
 */
#include "config.h"

#include <immintrin.h>

#include "dispatch.h"
#include "output_x86.h"
#include "reuse_x86.h"

#include "prims_avx512.h"

#define VF_SUFFIX avx512
#include "../fetch_template.h"

/* Spaced strided runs (an interleaved vertex: stride > element size)
 * and gathers handed to avx2. Gathers, one element's kernel alone, 64
 * scattered vertices into 80-byte records in L1, avx512 time / avx2 time:
 * 1.05-1.25 on both CPUs for all but the 12-byte formats (0.49-0.82) and
 * R11G11B10_FLOAT (Zen 4 1.00, Xeon 0.75); into 16-byte records on Zen 4,
 * per-vertex formats 0.80-0.94, across-vertex ones 0.96-1.22: the same
 * shape as below, so the same lists. Spaced runs: Zen 4, one element's kernel alone, 64-vertex runs in
 * L1, stride 32, avx512 time / avx2 time: the across-vertex formats
 * (sixteen scalar loads a vector) 1.17-1.43 into 16-byte records and
 * 1.28-1.57 into 32-byte ones, so always; the per-vertex formats, whose
 * four loads and inserts and four 16-byte stores per vector cost more than
 * the 512-bit decode saves once each record holds other registers too,
 * 0.76-0.98 into 16-byte records (one masked 64-byte store) but 1.0-1.8
 * into 32-byte ones and 1.03-1.45 into the static mesh's 80-byte records
 * (R8G8B8A8_UNORM 1.23-1.35, R16G16B16A16_SNORM 1.27-1.31), so in layouts
 * of more than one register; except the 12-byte formats, 0.81-0.97 in
 * every record. Packed runs (stride = size) load in one instruction and
 * stay here. On the Xeon (family 6 model 207) the across-vertex formats
 * are as slow (1.1-1.5) and the per-vertex ones mixed (0.83-1.31 into
 * 80-byte records); the whole static mesh in cache ran 4.69 -> 4.20 ns a
 * vertex with these yields on the Xeon and 3.78 -> 3.42 on Zen 4. (The
 * Zen 5 figures above, whose 512-bit units are full width, favoured
 * avx512 for spaced runs too; these yields are measured on the two CPUs
 * vfetch runs on now.) */
#define VF_ACROSS_FMT_ACROSS(fmt) VF_FORMAT_##fmt,
#define VF_ACROSS_FMT_VERTEX(fmt)
#define VF_ACROSS_FMT_ACROSS_UNLESS_VARSHIFT(fmt) /* VERTEX here */
static const vf_format avx512_yields_spaced[] = {
#define VF_VERTEX_FORMAT(name, bytes, nc, type, bits, shape) VF_ACROSS_FMT_##shape(name)
#include "../vertex_formats.def"
#undef VF_VERTEX_FORMAT
};
#define VF_WIDE_1(fmt) VF_FORMAT_##fmt,
#define VF_WIDE_2(fmt) VF_FORMAT_##fmt,
#define VF_WIDE_4(fmt) VF_FORMAT_##fmt,
#define VF_WIDE_8(fmt) VF_FORMAT_##fmt,
#define VF_WIDE_12(fmt)
#define VF_WIDE_16(fmt) VF_FORMAT_##fmt,
#define VF_WIDE_FMT_VERTEX(fmt, bytes) VF_WIDE_##bytes(fmt)
#define VF_WIDE_FMT_ACROSS_UNLESS_VARSHIFT(fmt, bytes) VF_WIDE_##bytes(fmt)
#define VF_WIDE_FMT_ACROSS(fmt, bytes) /* in the list above */
static const vf_format avx512_yields_spaced_wide[] = {
#define VF_VERTEX_FORMAT(name, bytes, nc, type, bits, shape) VF_WIDE_FMT_##shape(name, bytes)
#include "../vertex_formats.def"
#undef VF_VERTEX_FORMAT
};

/* Output: AVX2's 32-byte stream copy and 8-lane transpose (and SSE2's for
 * 4 lanes) for now; output_avx512.c has the 64-byte and 16-lane ones. */
const struct vf_isa_impl vf_isa_avx512 = {
    .table = vf_fetch_table_avx512,
    .yields_spaced = avx512_yields_spaced,
    .num_yields_spaced = sizeof avx512_yields_spaced / sizeof avx512_yields_spaced[0],
    .yields_spaced_wide = avx512_yields_spaced_wide,
    .num_yields_spaced_wide = sizeof avx512_yields_spaced_wide / sizeof avx512_yields_spaced_wide[0],
    .stream_copy = vf_stream_copy_avx2,
    .stream_fence = vf_stream_fence_sse2,
    .reuse_search_stream = vf_reuse_search_stream_sse2,
    .reuse_bounds16 = vf_reuse_bounds16_avx2,
    .reuse_search16 = vf_reuse_search16_sse2,
    .soa_transpose = vf_soa_transpose_avx2,
    .soa_transpose_narrow = vf_soa_transpose_sse2,
    .transpose_lanes = 8,
};
