/*
 * fetch_avx512.c - AVX-512 F+BW+VL (+F16C, FMA) fetch kernels: four
 * vertices per 512-bit vector, one in each 128-bit lane, and sixteen
 * across. Built with $(CFLAGS_AVX512); exports vf_fetch_table_avx512.
 *
 * The decoders are the AVX2 ones at twice the width (the same FMA-corrected
 * UNORM/SNORM quotient and the same signalling-NaN fix after vcvtph2ps; see
 * fetch_avx2.c for why both give the scalar reference's bits). What differs
 * is in the loads and stores (prims_avx512.h): masked byte loads read each
 * element exactly, so a run's last 1..3 vertices go through the same vector
 * code under a lane mask, 12-byte elements need no 16-byte over-read, and
 * packed runs load with one instruction and spread with vpermd/vpermq/vpermw.
 *
 * dispatch.c hands the formats where this is not faster to AVX2.
 */
#include "config.h"

#include <immintrin.h>

#include "cpu.h"

#include "prims_avx512.h"

#define VF_SUFFIX avx512
#include "../fetch_template.h"
