/*
 * jit_quad.h - the four-vertex avx512 loop of the generated slot kernels
 * (jit_quad.c). Internal.
 */
#ifndef VF_LIB_X86_JIT_JIT_QUAD_H
#define VF_LIB_X86_JIT_JIT_QUAD_H

#include "jit_emit.h"

/* Whether the slot's kernels get the four-vertex loop: the avx512 level,
 * a CPU with AVX512_VBMI, and every fetched element within 32 bytes of
 * the slot's first. */
VF_HIDDEN int vf_jit_quad_ok(const struct vf_layout *L, const struct vf_slot *slot);
/* Emits the loop over four vertices while edx >= 4, then falls through
 * with edx < 4 and rdi, rcx advanced (the register contract of
 * jit_record.c); el: the slot's n fetched elements. */
VF_HIDDEN void vf_jit_emit_quad_loop(struct vf_jit_buf *b, const struct vf_layout *L,
                                     const struct vf_slot *slot,
                                     const struct vf_element *const *el, uint32_t n, int gather);

#endif
