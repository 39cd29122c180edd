/*
 * jitcmp.h - the record kernel every generator builds for vfetch-bench's
 * static mesh layout, and the generators' entry points.
 *
 * Input: one 32-byte vertex = POSITION R32G32B32_FLOAT at 0, NORMAL
 * R10G10B10A2_UNORM at 12, TANGENT R16G16B16A16_SNORM at 16, TEXCOORD
 * R16G16_FLOAT at 24, COLOR R8G8B8A8_UNORM at 28. Output: 80-byte records of
 * five registers, missing components 0,0,0,1 (D3D's defaults).
 */
#ifndef VF_BENCH_JITCMP_JITCMP_H
#define VF_BENCH_JITCMP_JITCMP_H

#include <stddef.h>
#include <stdint.h>

#define JC_RECORD_BYTES 80u
#define JC_VERTEX_BYTES 32u

typedef void (*jc_kernel)(const uint8_t *src, uint32_t stride, uint32_t count, void *out);

/* A generated kernel and what owns it; release with its generator's free. */
struct jc_gen {
    jc_kernel fn;
    size_t code_bytes; /* 0 when the generator does not say */
    void *owner;
};

/* Each returns 0 and fills *g, or -1 after printing why on stderr. */
int jc_gccjit_build(struct jc_gen *g);
void jc_gccjit_free(struct jc_gen *g);
int jc_llvm_build(struct jc_gen *g);
void jc_llvm_free(struct jc_gen *g);

#endif
