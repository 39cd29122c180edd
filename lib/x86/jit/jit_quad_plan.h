/*
 * jit_quad_plan.h - the permute index of each element of the four-vertex
 * avx512 loop (jit_quad_plan.c). Internal.
 */
#ifndef VF_LIB_X86_JIT_JIT_QUAD_PLAN_H
#define VF_LIB_X86_JIT_JIT_QUAD_PLAN_H

#include "vf_internal.h"

/* An element's vpermi2b: index bytes (a table byte, or a literal where
 * the mask bit is clear). */
struct plan {
    uint8_t idx[64];
    uint64_t mask;
    int split;   /* the split tables (vf_jit_emit_quad_loop) */
    uint32_t j;  /* the vertex being planned */
    uint32_t lane; /* the lane it goes to */
    uint32_t base;               /* split: the element's first table */
    uint32_t lo_bytes, hi_bytes; /* taken from that table and the next */
};

/* The plan of element e for four vertices, its window starting at byte
 * lo of the vertex: split tables or paired ones; R, for line stores, the
 * record's (odd) number of registers, each register's vertices rotated
 * into the lanes its lines need (0: vertex j in lane j). *p starts zeroed. */
VF_HIDDEN void vf_jit_plan_element(struct plan *p, const struct vf_element *e, uint32_t lo,
                                   int split, uint32_t R);

#endif
