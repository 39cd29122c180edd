/*
 * fetch_neon.c - AArch64 Advanced SIMD fetch kernels: every IA vertex
 * format, one vertex per 128-bit vector, from the ISA-neutral template in
 * lib/fetch_template.h. Exports only vf_fetch_table_neon.
 *
 * UNORM/SNORM use FDIV (an IEEE divide: correctly rounded). Half floats go
 * through the template's integer path rather than FCVTL, which quiets
 * signalling NaNs and, with FPCR.FZ16 set, flushes half denormals.
 */
#include "config.h"

#include "cpu.h"

#include "prims_neon.h"

#define VF_SUFFIX neon
#include "../fetch_template.h"
