/*
 * fetch_ssse3.c - SSSE3 fetch kernels: every IA vertex format, one vertex per
 * 128-bit vector. Built with $(CFLAGS_SSSE3) into its own convenience
 * library; exports only vf_fetch_table_ssse3.
 */
#include "config.h"

#include "cpu.h"

#define VF_SSE_LEVEL 3
#include "prims_sse.h"

#define VF_SUFFIX ssse3
#include "../fetch_template.h"
