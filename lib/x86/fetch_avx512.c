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
 * It yields no format to avx2 as a whole: its packed strided runs are
 * faster for every format. Spaced strided runs, an interleaved vertex's
 * elements, and gathers are another matter on the CPUs vfetch runs on: it
 * yields most of those (below). The figures are in bench/README.md, "The
 * avx512 level's yields".
 */
#include "config.h"

#include <immintrin.h>

#include "dispatch.h"
#include "index_x86.h"
#include "output_x86.h"
#include "reuse_x86.h"

#include "prims_avx512.h"

#define VF_SUFFIX avx512
#include "../fetch_template.h"

/* Spaced strided runs (an interleaved vertex: stride > element size)
 * and gathers handed to avx2 (bench/README.md, "The avx512 level's
 * yields"), where the 512-bit kernel loads, inserts and stores each
 * vertex's piece on its own:
 *  - the across-vertex formats (sixteen scalar loads a vector), in every
 *    layout;
 *  - the per-vertex formats but the 12-byte ones, in layouts of more than
 *    one register, where each vertex's register takes a 16-byte store of
 *    its own (into 16-byte records one masked 64-byte store still wins).
 * Packed runs (stride = size) load in one instruction and stay here. */
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
 * 4 lanes); 64-byte and 16-lane ones measured no faster (bench/README.md,
 * "The AVX-512 output helpers, not shipped"). */
const struct vf_isa_impl vf_isa_avx512 = {
    .table = vf_fetch_table_avx512,
    .yields_spaced = avx512_yields_spaced,
    .num_yields_spaced = sizeof avx512_yields_spaced / sizeof avx512_yields_spaced[0],
    .yields_spaced_wide = avx512_yields_spaced_wide,
    .num_yields_spaced_wide = sizeof avx512_yields_spaced_wide / sizeof avx512_yields_spaced_wide[0],
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
