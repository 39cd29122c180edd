/*
 * output_x86.h - the x86 output helpers: non-temporal copies and SoA
 * transposes (vf_internal.h has their contracts), for the levels' exports
 * in fetch_<isa>.c. Internal. The reuse searches are in reuse_x86.h.
 *
 * SSE2's (output_sse2.c) serve every SSE level; AVX2's (output_avx2.c)
 * leave 4-lane batches to SSE2's transpose and use its fence, so they are
 * built only together with SSE2's.
 */
#ifndef VF_LIB_X86_OUTPUT_X86_H
#define VF_LIB_X86_OUTPUT_X86_H

#include <stddef.h>
#include <stdint.h>

#include "vf_internal.h"

VF_HIDDEN void vf_stream_copy_sse2(uint8_t *dst, const uint8_t *src, size_t bytes);
VF_HIDDEN void vf_stream_fence_sse2(void);
/* 4x4 transposes of 32-bit words per register and group of 4 lanes. */
VF_HIDDEN void vf_soa_transpose_sse2(const uint8_t *stage, size_t rs, uint32_t num_registers,
                                     uint32_t lanes, uint8_t *out, int stream);
/* 32-byte non-temporal stores: a streaming draw runs faster than with
 * SSE2's 16-byte ones (bench/README.md, "The 32-byte stream copy"). */
VF_HIDDEN void vf_stream_copy_avx2(uint8_t *dst, const uint8_t *src, size_t bytes);
/* 8 lanes a step with 256-bit shuffles; lanes must be a multiple of 8. */
VF_HIDDEN void vf_soa_transpose_avx2(const uint8_t *stage, size_t rs, uint32_t num_registers,
                                     uint32_t lanes, uint8_t *out, int stream);

#endif
