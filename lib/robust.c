/*
 * robust.c - the allowed-value sets of out-of-bounds reads under D3D's rule
 * and Vulkan's robustness modes (vfetch_robust.h; rules §17): which reads
 * of a record are out of bounds in a mode, and the set of each component.
 *
 * The exact words come from vf_fetch_range, so they are vf_draw's. Bounds
 * are decided here from the rules, not taken from the draw walker: D3D
 * computes the byte address in 32 bits (rules §4.1), Vulkan in 64
 * (VkDeviceSize), so a wrapped address is in bounds only for D3D.
 */
#include "robust_internal.h"

#include <string.h>

#include "prim_source.h"

#define ONE_F 0x3f800000u

static int vulkan_rba(uint32_t mode)
{
    return mode == VF_ROBUST_BUFFER_ACCESS || mode == VF_ROBUST_ATTRIBUTE;
}

/* robustBufferAccess2 checks "similarly to" robustBufferAccess: the
 * rounded range and the same-binding clause apply to every Vulkan mode. */
static int vulkan(uint32_t mode)
{
    return mode != VF_ROBUST_D3D;
}

vf_result vf_rb_init(struct rb_draw *d, const vf_layout *layout, const vf_draw_desc *desc,
                     uint32_t mode)
{
    if (layout == NULL || desc == NULL)
        return VF_ERROR_NULL_POINTER;
    if (mode >= VF_ROBUST_MODE_COUNT)
        return VF_ERROR_INVALID_ROBUST_MODE;
    vf_result r = vf_draw_check(layout, desc, 0, NULL);
    if (r != VF_OK)
        return r;
    memset(d, 0, sizeof(*d));
    d->layout = layout;
    d->desc = desc;
    d->mode = mode;
    d->nreg = vf_layout_register_count(layout);
    d->lanes = vf_layout_output_shape(layout) == VF_OUTPUT_AOS ? 1 : vf_layout_output_shape(layout);
    for (uint32_t g = 0; g < d->nreg && g <= VF_MAX_REGISTERS; g++) {
        vf_layout_register_info ri;
        vf_layout_element_info ei;
        struct rb_reg *x = &d->regs[g];
        x->element = -1;
        if (vf_layout_register(layout, g, &ri) != VF_OK || ri.kind != VF_REGISTER_ELEMENT ||
            vf_layout_element(layout, (uint32_t)ri.element_index, &ei) != VF_OK)
            continue;
        *x = (struct rb_reg){ 0, vf_format_info(ei.format), ei.input_slot, ei.input_slot_class,
                              ei.instance_data_step_rate, ei.byte_offset, ei.component_mapping };
    }
    return VF_OK;
}

/* vf_draw's words of one record: the batch holding it, then its lane. */
static vf_result fetch_words(const struct rb_draw *d, uint32_t j, uint32_t i, uint32_t *words)
{
    _Alignas(16) uint32_t buf[16 * (VF_MAX_REGISTERS + 1) * 4];
    uint32_t L = d->lanes, first = i - i % L;
    uint32_t count = d->desc->vertex_count_per_instance - first;
    if (count > L)
        count = L;
    vf_result r = vf_fetch_range(d->layout, d->desc, j, first, count, buf,
                                 (size_t)16 * L * d->nreg);
    if (r != VF_OK)
        return r;
    for (uint32_t w = 0; w < d->nreg * 4; w++)
        words[w] = buf[(size_t)w * L + i % L];
    return VF_OK;
}

/* The index at position i: *past when it is not read from the index
 * buffer (past its end, or none), *cut when the position is a strip cut. */
static uint32_t read_index(const vf_draw_desc *desc, uint32_t i, int *past, int *cut)
{
    struct prim_source src;
    *past = 1;
    *cut = 0;
    if (vf_prim_source_init(desc, 0, &src) != VF_OK || src.index_size == 0)
        return 0;
    uint32_t byte = (src.start + i) * src.index_size; /* 32 bits: rules §5.1 */
    *past = (uint64_t)byte + src.index_size > src.ib_size;
    if (*past)
        return 0;
    uint32_t index = vf_prim_index_at(&src, i);
    *cut = src.cuts && index == src.cut_value;
    return index;
}

/* The reason of an element register that the slot's view holds (bounds
 * only: rules §6 for D3D, §17 for Vulkan). */
static uint32_t bound_reason(const struct rb_draw *d, const struct rb_reg *x,
                             const vf_vertex_buffer_view *vb, uint32_t j, uint32_t i,
                             uint32_t index)
{
    const vf_draw_desc *desc = d->desc;
    uint32_t k;
    if (x->slot_class == VF_INPUT_PER_VERTEX_DATA)
        k = desc->indexed ? (uint32_t)desc->base_vertex_location + index : desc->start_location + i;
    else
        k = desc->start_instance_location + (x->step_rate ? j / x->step_rate : 0);
    uint64_t a64 = (uint64_t)k * vb->stride_in_bytes + x->offset;
    uint64_t end = (d->mode == VF_ROBUST_D3D ? (uint32_t)a64 : a64) + x->fi->bytes;
    if (end > vb->size_in_bytes)
        return VF_ROBUST_OUTSIDE;
    /* Vulkan may check against the size rounded down to a multiple of the
     * stride; for stride 0 the only multiple is 0. */
    if (vulkan(d->mode) &&
        end > (vb->stride_in_bytes ? vb->size_in_bytes / vb->stride_in_bytes * vb->stride_in_bytes
                                   : 0))
        return VF_ROBUST_STRIDE_ROUND;
    return VF_ROBUST_IN_BOUNDS;
}

/* Vulkan: one read of a binding out of the checked range lets every read
 * of that binding for the vertex behave as out of range (an index read
 * past the buffer is no read of the binding; under robustBufferAccess it
 * already allows any word). */
static void same_binding(const struct rb_draw *d, struct rb_record *rec)
{
    for (uint32_t g = 0; g < d->nreg; g++) {
        uint32_t why = rec->reason[g];
        if (d->regs[g].element < 0 || (why != VF_ROBUST_OUTSIDE && why != VF_ROBUST_STRIDE_ROUND))
            continue;
        for (uint32_t h = 0; h < d->nreg; h++)
            if (d->regs[h].element == 0 && d->regs[h].slot == d->regs[g].slot &&
                (rec->reason[h] == VF_ROBUST_IN_BOUNDS || rec->reason[h] == VF_ROBUST_INDEX_PAST))
                rec->reason[h] = VF_ROBUST_SAME_BINDING;
    }
}

vf_result vf_rb_record(const struct rb_draw *d, uint32_t j, uint32_t i, struct rb_record *rec)
{
    const vf_draw_desc *desc = d->desc;
    int past = 0, cut = 0;
    uint32_t index = desc->indexed ? read_index(desc, i, &past, &cut) : 0;
    vf_result r = fetch_words(d, j, i, rec->words);
    if (r != VF_OK)
        return r;
    rec->instance = j;
    rec->position = i;
    memset(rec->reason, 0, sizeof(rec->reason));
    if (cut)
        return VF_OK; /* nothing fetched: every word is exact (rules §5.2) */
    for (uint32_t g = 0; g < d->nreg; g++) {
        const struct rb_reg *x = &d->regs[g];
        if (x->element < 0)
            continue;
        const vf_vertex_buffer_view *vb = x->slot < desc->num_vertex_buffers
                                              ? &desc->vertex_buffers[x->slot]
                                              : NULL;
        int vertex_past = past && x->slot_class == VF_INPUT_PER_VERTEX_DATA;
        if (vertex_past && vulkan_rba(d->mode))
            rec->reason[g] = VF_ROBUST_INDEX_PAST;
        else if (vb == NULL || vb->data == NULL)
            rec->reason[g] = VF_ROBUST_UNBOUND;
        else
            rec->reason[g] = bound_reason(d, x, vb, j, i, index);
        if (vertex_past && rec->reason[g] == VF_ROBUST_IN_BOUNDS)
            rec->reason[g] = VF_ROBUST_INDEX_PAST;
    }
    if (vulkan(d->mode))
        same_binding(d, rec);
    return VF_OK;
}

/* The format's component size in bytes, or its whole size when packed:
 * the alignment Vulkan requires of attribAddress (fxvertex.adoc). */
static uint32_t component_align(const vf_format_desc *f)
{
    for (int c = 0; c < 4; c++)
        if (f->bits[c] && (f->bits[c] != f->bits[0] || f->bits[c] % 8 != 0))
            return f->bytes < 4 ? f->bytes : 4;
    return f->bits[0] / 8;
}

/* robustBufferAccess's set for a read out of the checked range: 0, w also
 * (0,0,0,x) with x 0, 1 or the maximum integer, and what the format
 * makes of any bytes of the bound range. */
static uint32_t rba_outside(const struct rb_draw *d, const struct rb_reg *x, vf_robust_set *s)
{
    uint32_t allow = VF_ROBUST_ALLOW_ZERO;
    if (s->source == 3)
        allow |= VF_ROBUST_ALLOW_ONE | (s->max_int ? VF_ROBUST_ALLOW_MAX_INT : 0);
    const vf_vertex_buffer_view *vb = &d->desc->vertex_buffers[x->slot];
    if (vb->size_in_bytes >= x->fi->bytes) {
        allow |= VF_ROBUST_ALLOW_RANGE;
        s->range_bytes = vb->size_in_bytes;
        s->align = component_align(x->fi);
    }
    return allow;
}

/* Component `source` of the format's zeros after input extraction. */
static uint32_t zero_value(const vf_format_desc *f, uint32_t source)
{
    static const uint8_t zeros[16];
    uint32_t v[4] = { 0, 0, 0, 0 };
    (void)vf_decode_element(f->format, zeros, VF_DEFAULT_COMPONENT_MAPPING, v);
    return v[source];
}

static uint32_t mode_allow(const struct rb_draw *d, const struct rb_reg *x, uint32_t why,
                           vf_robust_set *s)
{
    if (d->mode == VF_ROBUST_D3D)
        return VF_ROBUST_ALLOW_EXACT;
    if (d->mode == VF_ROBUST_ROBUSTNESS2) {
        uint32_t zero = zero_value(x->fi, s->source);
        if (why == VF_ROBUST_OUTSIDE || why == VF_ROBUST_UNBOUND) {
            s->exact = zero;
            return VF_ROBUST_ALLOW_EXACT;
        }
        if (why == VF_ROBUST_INDEX_PAST)
            return VF_ROBUST_ALLOW_EXACT; /* index 0, read like any other */
        /* May be in or out of the checked range: the word, or the zero. */
        return VF_ROBUST_ALLOW_EXACT | (zero ? VF_ROBUST_ALLOW_ONE : VF_ROBUST_ALLOW_ZERO);
    }
    switch (why) {
    case VF_ROBUST_INDEX_PAST: return VF_ROBUST_ALLOW_ANY;
    case VF_ROBUST_UNBOUND:
        if (s->source != 3)
            return VF_ROBUST_ALLOW_ZERO;
        return VF_ROBUST_ALLOW_ZERO | VF_ROBUST_ALLOW_ONE |
               (d->mode == VF_ROBUST_BUFFER_ACCESS && s->max_int ? VF_ROBUST_ALLOW_MAX_INT : 0);
    case VF_ROBUST_OUTSIDE: return rba_outside(d, x, s);
    default: return VF_ROBUST_ALLOW_EXACT | rba_outside(d, x, s);
    }
}

int vf_rb_set(const struct rb_draw *d, const struct rb_record *rec, uint32_t g, uint32_t c,
              vf_robust_set *s)
{
    const struct rb_reg *x = &d->regs[g];
    memset(s, 0, sizeof(*s));
    *s = (vf_robust_set){ .instance = rec->instance, .position = rec->position, .reg = g,
                          .component = c, .allow = VF_ROBUST_ALLOW_EXACT,
                          .exact = rec->words[g * 4 + c], .format = VF_FORMAT_UNKNOWN };
    uint32_t sel = x->element == 0 ? VF_DECODE_COMPONENT_MAPPING(c, x->mapping) : 4;
    if (sel > 3 || rec->reason[g] == VF_ROBUST_IN_BOUNDS)
        return 0;
    uint8_t t = x->fi->type[0];
    s->reason = rec->reason[g];
    s->slot = x->slot;
    s->format = x->fi->format;
    s->source = sel;
    s->one = t == VF_TYPE_UINT || t == VF_TYPE_SINT ? 1u : ONE_F;
    s->max_int = t == VF_TYPE_UINT ? 0xffffffffu : t == VF_TYPE_SINT ? 0x7fffffffu : 0;
    s->allow = mode_allow(d, x, s->reason, s);
    return 1;
}
