/* cpu.h - CPU feature detection (cpu.c). */
#ifndef VF_CPU_H
#define VF_CPU_H

#include <stdint.h>

/* Feature bits, detected once and cached. */
#define VF_CPU_SSE2 (1u << 0)
#define VF_CPU_SSSE3 (1u << 1)
#define VF_CPU_SSE41 (1u << 2)
#define VF_CPU_AVX2 (1u << 3)  /* AVX2 + F16C + FMA, with the OS saving YMM state */
#define VF_CPU_NEON (1u << 4)

/* The features of this CPU, less those VFETCH_DISABLE_CPU_FEATURES turns off
 * in test builds. Thread-safe; computed once. */
uint32_t vf_cpu_features(void);

#endif
