/*
 * fetch_sse41.c - SSE4.1 fetch kernels: every IA vertex format, one vertex per
 * 128-bit vector. Built with $(CFLAGS_SSE41) into its own convenience
 * library; exports only vf_fetch_table_sse41.
 */
#include "config.h"

#include "cpu.h"

#define VF_SSE_LEVEL 41
#include "prims_sse.h"

#define VF_SUFFIX sse41
#include "../fetch_template.h"
