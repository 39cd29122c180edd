/*
 * layout_query.c - a read-only view of how a compiled layout reads one
 * input slot, for the layout tests (declared in lib/layout_query.h, not
 * in vfetch.h): the public queries describe elements and registers, not the
 * walker's per-slot plan.
 */
#include <string.h>

#include "vf_internal.h"
/* The declaration lives with the tests that use it. */
#include "layout_query.h"

vf_result vf_layout_slot_facts_get(const vf_layout *layout, uint32_t slot,
                                   vf_layout_slot_facts *facts_ret)
{
    if (layout == NULL || facts_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    if (slot >= VF_MAX_INPUT_SLOTS)
        return VF_ERROR_INVALID_ARGUMENT;
    memset(facts_ret, 0, sizeof(*facts_ret));
    facts_ret->used = (layout->used_slot_mask >> slot) & 1u;
    facts_ret->alignment = layout->slot_alignment[slot];
    for (uint32_t k = 0; k < layout->num_slots; k++) {
        const struct vf_slot *s = &layout->slots[k];
        if (s->slot != slot)
            continue;
        facts_ret->num_fetch = s->num_fetch;
        facts_ret->slot_class = s->slot_class;
        facts_ret->step_rate = s->step_rate;
        for (uint32_t f = 0; f < s->num_fetch; f++)
            facts_ret->fetch[f] = layout->fetch[s->first_fetch + f];
    }
    return VF_OK;
}
