/*
 * cpu.h - CPU feature detection (cpu.c). Internal.
 */
#ifndef VF_LIB_CPU_H
#define VF_LIB_CPU_H

#include <stdint.h>

#include "vf_internal.h"

/* Feature bits, one per level of isa.def: VF_CPU_<ID> is set when the CPU
 * (and OS) has what the level adds to its fallback, e.g. VF_CPU_AVX2 for
 * AVX2 + F16C + FMA with the OS saving YMM state. */
enum {
#define VF_ISA(id, name, below, guard, arch, edx, ecx, ebx, xcr0) VF_CPU_##id = 1u << VF_ISA_##id,
#include "isa.def"
#undef VF_ISA
};

/* The features of this CPU, less those VFETCH_DISABLE_CPU_FEATURES turns off
 * in test builds (configure --disable-test-switches ignores it). Thread-safe;
 * computed once, published with one atomic store. */
VF_HIDDEN uint32_t vf_cpu_features(void);

/* Uncached parts of vf_cpu_features, for tests: what the hardware and OS
 * support, and a feature mask less the names in a comma-separated list
 * (level names of isa.def, e.g. "avx2,sse41,ssse3,sse2"; also "sse4.1",
 * and "f16c" and "fma", which turn off avx2). Unknown names are ignored. */
VF_HIDDEN uint32_t vf_cpu_detect(void);
VF_HIDDEN uint32_t vf_cpu_apply_disable(uint32_t features, const char *list);

/* Bytes ahead of a strided batch's slot data that the draw prefetches
 * (draw_slot.c): 1024 on AMD family 25, 4096 elsewhere (cpu.c says why).
 * Thread-safe; CPUID is read once, the value kept in one atomic word. */
VF_HIDDEN uint32_t vf_cpu_prefetch_ahead(void);
/* The same for a slot that runs a generated kernel: 0 (none) on Intel
 * family 6, else vf_cpu_prefetch_ahead (cpu.c says why). Thread-safe, read
 * once. */
VF_HIDDEN uint32_t vf_cpu_prefetch_generated(void);
/* Whether streamed draws prefetch a line of each page of their next
 * batch's output: 1 on AMD family 26, else 0 (cpu.c says why).
 * Thread-safe, read once. */
VF_HIDDEN int vf_cpu_touch_pages(void);

/* Whether the CPU has AVX512_VBMI (vpermi2b: the generated four-vertex
 * loop, lib/x86/jit/jit_quad.c), which no level of isa.def requires.
 * Thread-safe; CPUID is read once. 0 off x86. */
VF_HIDDEN int vf_cpu_has_avx512_vbmi(void);

/* Whether vpermi2b on zmm is one operation, as fast as vpermb: 1 on AMD
 * family 26, else 0 (cpu.c says why). Thread-safe, read once. */
VF_HIDDEN int vf_cpu_vpermi2b_single(void);

/* A switch for a whole process, read from the environment each call (the
 * generator's VFETCH_JIT_QUAD and VFETCH_JIT_DENSE): the variable `name`
 * when it is one digit from 0 to `max`, else -1. */
VF_HIDDEN int vf_env_digit(const char *name, int max);

/* Tests only: drop the cached features so the next vf_cpu_features call
 * detects (and reads VFETCH_DISABLE_CPU_FEATURES) again. */
VF_HIDDEN void vf_cpu_forget(void);

/* The feature bits an ISA needs: its own and those of every level it falls
 * back to. */
VF_HIDDEN uint32_t vf_isa_required_features(uint32_t isa);

#endif
