/* layout_query.h - the one fact about a compiled layout that the layout
 * suites need and no public query gives: how the draw walker reads an
 * input slot. Test-only; implemented in lib/layout_query.c, which is linked
 * into libvfetch_core but exported from no installed header. */
#ifndef VF_LIB_LAYOUT_QUERY_H
#define VF_LIB_LAYOUT_QUERY_H

#include <stdint.h>

#include "vfetch.h"

/* One input slot (InputSlot number) of a compiled layout. */
typedef struct vf_layout_slot_facts {
    uint32_t used;          /* 1 if some element names the slot, read by the shader or not */
    uint32_t alignment;     /* stride alignment a draw requires: min(4, largest element size); 0 if unused */
    uint32_t num_fetch;     /* elements the walker reads from the slot (0: none) */
    uint32_t slot_class;    /* VF_INPUT_PER_*, when num_fetch > 0 */
    uint32_t step_rate;     /* per-instance step rate, when num_fetch > 0 */
    uint32_t fetch[VF_MAX_ELEMENTS]; /* element indices, in the order the walker reads them */
} vf_layout_slot_facts;

/* Fills *facts_ret for InputSlot `slot`. VF_ERROR_NULL_POINTER if layout or
 * facts_ret is NULL, VF_ERROR_INVALID_ARGUMENT if slot >= VF_MAX_INPUT_SLOTS.
 * Only reads the layout: safe alongside draws on other threads. */
vf_result vf_layout_slot_facts_get(const vf_layout *layout, uint32_t slot,
                                   vf_layout_slot_facts *facts_ret);

#endif
