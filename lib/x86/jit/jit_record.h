/*
 * jit_record.h - the generated slot kernels (jit_record.c). Internal.
 */
#ifndef VF_LIB_X86_JIT_JIT_RECORD_H
#define VF_LIB_X86_JIT_JIT_RECORD_H

#include "jit_emit.h"
#include "jit_slot.h"

/* Emits the strided (gather == 0) or gather kernel of a per-vertex slot
 * whose every fetched element has a template (vf_jit_format_ok); nt: the
 * streaming variant of a whole-record slot (vf_jit_whole_record), whose
 * stores are non-temporal; quad: the loop it runs first
 * (VF_JIT_LOOP_QUAD: the four-vertex loop, vf_jit_quad_ok, not with nt;
 * VF_JIT_LOOP_LINES: that loop storing whole lines,
 * vf_jit_quad_lines_ok, with nt too; else none). Returns its offset in
 * the buffer (check b->overflow). */
VF_HIDDEN size_t vf_jit_emit_slot(struct vf_jit_buf *b, const struct vf_layout *L,
                                  const struct vf_slot *slot, int gather, int nt, int quad);
/* Whether a layout of SoA batches fills its records from one slot
 * (vf_jit_fills_record) that the four-vertex loop takes (vf_jit_quad_ok). */
VF_HIDDEN int vf_jit_soa_record(const struct vf_layout *L, const struct vf_slot *slot);
/* Emits the strided or gather kernel of such a slot that writes whole SoA
 * batches: rcx the first batch, one after the other, count a multiple of
 * the lanes (a rest is not written), r8 unused; nt: with non-temporal
 * stores, rcx then 64-byte aligned (the caller fences). Returns its offset
 * in the buffer (check b->overflow). */
VF_HIDDEN size_t vf_jit_emit_soa_slot(struct vf_jit_buf *b, const struct vf_layout *L,
                                      const struct vf_slot *slot, int gather, int nt);

#endif
