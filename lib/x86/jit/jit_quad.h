/*
 * jit_quad.h - the four-vertex avx512 loop of the generated slot kernels
 * (jit_quad.c, jit_quad_loop.c). Internal.
 */
#ifndef VF_LIB_X86_JIT_JIT_QUAD_H
#define VF_LIB_X86_JIT_JIT_QUAD_H

#include "jit_emit.h"

/* Whether the slot's kernels get the four-vertex loop: the avx512 level,
 * a CPU with AVX512_VBMI, and every fetched element within 64 bytes of
 * the slot's first. */
VF_HIDDEN int vf_jit_quad_ok(const struct vf_layout *L, const struct vf_slot *slot);
/* Whether the four-vertex loop can store whole 64-byte lines of records:
 * vf_jit_quad_ok, a whole-record slot (vf_jit_whole_record) and an odd
 * number of registers, at most ten. */
VF_HIDDEN int vf_jit_quad_lines_ok(const struct vf_layout *L, const struct vf_slot *slot);
/* What a slot the generator takes runs (jit_choose.c). */
#define VF_JIT_LOOP_ELEMENTS 0 /* its elements' own kernels */
#define VF_JIT_LOOP_PAIR 1     /* the two-vertex ymm loop */
#define VF_JIT_LOOP_QUAD 2     /* the four-vertex avx512 loop */
#define VF_JIT_LOOP_LINES 3    /* the four-vertex loop storing whole lines */
/* The fastest on this core of the candidates: the elements' kernels
 * (unless `forced`, VFETCH_JIT=1), the two-vertex loop and, where
 * vf_jit_quad_ok, the four-vertex one, storing lines where
 * vf_jit_quad_lines_ok (VFETCH_JIT_QUAD=0/1/2 forces the loop). Measured when there is a choice, once per distinct slot code. */
VF_HIDDEN int vf_jit_choose_loop(const struct vf_layout *L, const struct vf_slot *slot,
                                 int forced);
/* jit_map.c: `bytes` of code copied into a fresh read+execute mapping
 * (NULL on failure), and its release. */
VF_HIDDEN void *vf_jit_map_code(const uint8_t *code, size_t bytes, size_t *map_bytes);
VF_HIDDEN void vf_jit_unmap(void *map, size_t bytes);
/* Emits the loop over four vertices while edx >= 4, then falls through
 * with edx < 4 and rdi, rcx advanced (the register contract of
 * jit_record.c); el: the slot's n fetched elements. lines
 * (vf_jit_quad_lines_ok): the four records go out as R 64-byte stores,
 * and only where r8 is the record size (else the loop is skipped); nt:
 * those stores non-temporal, rcx then 64-byte aligned; soa (4, 8 or 16,
 * lines 0): a batch of that many vertices an iteration while edx >= soa,
 * written as an SoA batch at rcx (nt: non-temporal, rcx 64-byte aligned),
 * then rcx a batch on. */
VF_HIDDEN void vf_jit_emit_quad_loop(struct vf_jit_buf *b, const struct vf_layout *L,
                                     const struct vf_slot *slot,
                                     const struct vf_element *const *el, uint32_t n, int gather,
                                     int lines, int nt, uint32_t soa);

#endif
