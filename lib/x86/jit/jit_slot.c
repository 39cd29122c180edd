/*
 * jit_slot.c - what a slot's generated kernels fetch: its elements in
 * record order, and whether they fill the record, which decides whether
 * the kernels may write whole records (jit_record.c, jit_quad.c).
 */
#include "config.h"

#include "jit_slot.h"

/* Insertion sort: a slot has at most a few dozen elements. */
uint32_t vf_jit_slot_elements(const struct vf_layout *L, const struct vf_slot *slot,
                              const struct vf_element **out)
{
    uint32_t n = 0;
    for (uint32_t f = 0; f < slot->num_fetch; f++) {
        const struct vf_element *e = &L->elements[L->fetch[slot->first_fetch + f]];
        uint32_t i = n++;
        while (i > 0 && out[i - 1]->record_register > e->record_register) {
            out[i] = out[i - 1];
            i--;
        }
        out[i] = e;
    }
    return n;
}

int vf_jit_fills_record(const struct vf_layout *L, const struct vf_slot *slot)
{
    const struct vf_element *el[VF_MAX_ELEMENTS];
    uint32_t n = vf_jit_slot_elements(L, slot, el);
    if (L->num_slots != 1 || slot->slot_class != VF_INPUT_PER_VERTEX_DATA || n == 0 ||
        n != L->num_registers || L->record_size != 16u * n)
        return 0;
    for (uint32_t i = 0; i < n; i++)
        if (el[i]->record_register != (int32_t)i)
            return 0;
    return 1;
}

int vf_jit_whole_record(const struct vf_layout *L, const struct vf_slot *slot)
{
    return L->lanes == 1 && vf_jit_fills_record(L, slot);
}
