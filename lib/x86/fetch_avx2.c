/*
 * fetch_avx2.c - AVX2 (+F16C, FMA) fetch kernels: two vertices per 256-bit
 * vector, one in each 128-bit half, so every lane-local instruction
 * (vpshufb, vpshufd, vpsrlvd) decodes both at once. Built with
 * $(CFLAGS_AVX2); exports vf_fetch_table_avx2.
 *
 * UNORM/SNORM: q = c * r, then one FMA correction step
 * (e = fma(-q, m, c); q = fma(e, r, q)) instead of a divide; correctly
 * rounded for every code of every width used here (tests/check_simd.c checks
 * each code against the scalar reference), about three times the
 * throughput of vdivps on Zen 3.
 *
 * Half floats: vcvtph2ps is exact for denormals whatever MXCSR says, but it
 * quiets signalling NaNs (0x7c01 -> 0x7fc02000 on Zen 3, as the SDM's
 * conversion rules say); the scalar rule keeps the quiet bit as stored
 * (f << 13), so NaN lanes get bit 22 put back from the half's bit 9.
 *
 * dispatch.c hands three one-component formats to SSE4.1, which runs them
 * faster.
 */
#include "config.h"

#include <immintrin.h>

#include "cpu.h"

#include "prims_avx2.h"

#define VF_SUFFIX avx2
#include "../fetch_template.h"
