/*
 * cpu.h - CPU feature detection (cpu.c) and the per-ISA kernel tables that
 * dispatch.c chooses from. Internal.
 */
#ifndef VF_CPU_H
#define VF_CPU_H

#include <stdint.h>

#include "vf_internal.h"

/* Feature bits, detected once and cached. */
#define VF_CPU_SSE2 (1u << 0)
#define VF_CPU_SSSE3 (1u << 1)
#define VF_CPU_SSE41 (1u << 2)
#define VF_CPU_AVX2 (1u << 3)  /* AVX2 + F16C + FMA, with the OS saving YMM state */
#define VF_CPU_NEON (1u << 4)
#define VF_CPU_AVX512 (1u << 5) /* AVX-512 F+BW+VL, with the OS saving ZMM and mask state */

/* The features of this CPU, less those VFETCH_DISABLE_CPU_FEATURES turns off
 * in test builds (configure --disable-test-switches ignores it). Thread-safe;
 * computed once, published with one atomic store. */
VF_HIDDEN uint32_t vf_cpu_features(void);

/* Uncached parts of vf_cpu_features, for tests: what the hardware and OS
 * support, and a feature mask less the names in a comma-separated list
 * ("avx512,avx2,sse41,ssse3,sse2"; "f16c" and "fma" turn off avx2 and avx512,
 * "neon" neon).
 * Unknown names are ignored. */
VF_HIDDEN uint32_t vf_cpu_detect(void);
VF_HIDDEN uint32_t vf_cpu_apply_disable(uint32_t features, const char *list);

/* Tests only: drop the cached features so the next vf_cpu_features call
 * detects (and reads VFETCH_DISABLE_CPU_FEATURES) again. */
VF_HIDDEN void vf_cpu_forget(void);

/* The feature bits an ISA needs (each x86 level includes those below). */
VF_HIDDEN uint32_t vf_isa_required_features(uint32_t isa);

/* Kernel tables, one per ISA built in, indexed by format value (a kernel
 * for every IA vertex format; NULL elsewhere). */
#define VF_KERNEL_TABLE_SIZE 116u /* B4G4R4A4_UNORM (115) + 1; decode.c checks it */
struct vf_kernel_entry {
    vf_fetch_strided_fn strided;
    vf_fetch_gather_fn gather;
};

VF_HIDDEN extern const struct vf_kernel_entry vf_fetch_table_sse2[VF_KERNEL_TABLE_SIZE];
VF_HIDDEN extern const struct vf_kernel_entry vf_fetch_table_ssse3[VF_KERNEL_TABLE_SIZE];
VF_HIDDEN extern const struct vf_kernel_entry vf_fetch_table_sse41[VF_KERNEL_TABLE_SIZE];
VF_HIDDEN extern const struct vf_kernel_entry vf_fetch_table_avx2[VF_KERNEL_TABLE_SIZE];
VF_HIDDEN extern const struct vf_kernel_entry vf_fetch_table_avx512[VF_KERNEL_TABLE_SIZE];
VF_HIDDEN extern const struct vf_kernel_entry vf_fetch_table_neon[VF_KERNEL_TABLE_SIZE];
/* 32-byte non-temporal stores (fetch_avx2.c): on AMD Zen 5 a streaming
 * static mesh runs about 13% faster than with SSE2's 16-byte ones. */
VF_HIDDEN void vf_stream_copy_avx2(uint8_t *dst, const uint8_t *src, size_t bytes);
/* 8 lanes a step with 256-bit shuffles (fetch_avx2.c). */
VF_HIDDEN void vf_soa_transpose_avx2(const uint8_t *stage, size_t rs, uint32_t num_registers,
                                     uint32_t lanes, uint8_t *out, int stream);
/* 64-byte non-temporal stores (output_avx512.c). */
VF_HIDDEN void vf_stream_copy_avx512(uint8_t *dst, const uint8_t *src, size_t bytes);
/* 16 lanes a step with 512-bit shuffles, 8 for a last half batch (output_avx512.c). */
VF_HIDDEN void vf_soa_transpose_avx512(const uint8_t *stage, size_t rs, uint32_t num_registers,
                                       uint32_t lanes, uint8_t *out, int stream);

/* The table of an ISA built into this library (dispatch.c), or NULL. Tests
 * use it to check every kernel, including those dispatch never picks. */
VF_HIDDEN const struct vf_kernel_entry *vf_kernel_table(uint32_t isa);

#endif
