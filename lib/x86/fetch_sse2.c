/*
 * fetch_sse2.c - SSE2 fetch kernels: every IA vertex format, one vertex per
 * 128-bit vector. Built with $(CFLAGS_SSE2) into its own convenience
 * library; exports only vf_fetch_table_sse2.
 */
#include "config.h"

#include "cpu.h"

#define VF_SSE_LEVEL 2
#include "prims_sse.h"

#define VF_SUFFIX sse2
#include "../fetch_template.h"
