/*
 * jit_slot.h - what a slot's generated kernels fetch (jit_slot.c): its
 * elements in record order, and whether they fill the record. Internal.
 */
#ifndef VF_LIB_X86_JIT_JIT_SLOT_H
#define VF_LIB_X86_JIT_JIT_SLOT_H

#include "vf_internal.h"

/* The slot's fetched elements sorted by record register into out
 * (VF_MAX_ELEMENTS entries); returns how many. */
VF_HIDDEN uint32_t vf_jit_slot_elements(const struct vf_layout *L, const struct vf_slot *slot,
                                        const struct vf_element **out);
/* Whether `slot` is the layout's only slot, per-vertex, and its elements
 * fill every register of a record once, in order: no system value, no
 * per-instance or unbound register is left for another pass. Either
 * output shape. */
VF_HIDDEN int vf_jit_fills_record(const struct vf_layout *L, const struct vf_slot *slot);
/* The same for AoS records: the slots whose kernels may write whole
 * records, and stream them. */
VF_HIDDEN int vf_jit_whole_record(const struct vf_layout *L, const struct vf_slot *slot);

#endif
