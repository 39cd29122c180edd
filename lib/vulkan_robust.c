/*
 * vulkan_robust.c - the allowed-value sets of a Vulkan draw's out-of-bounds
 * reads (vfetch_vulkan.h, rules §17.8): which reads of a record are out of
 * the binding's range in a mode, vf_vk_draw's words, and each word's set.
 *
 * Bounds are decided here from the rules (§17.1-17.3 with Vulkan's draw
 * parameters), not taken from the draw walker; exact words are decoded
 * from the bytes with the front end's decoder.
 */
#include "vulkan_robust.h"

#include <string.h>

#define ONE_F 0x3f800000u
#define ONE_D_HIGH 0x3ff00000u /* high word of 1.0 as a double */

static uint32_t index_size_of(const vf_vk_draw_desc *desc)
{
    if (!desc->indexed)
        return 0;
    uint32_t t = desc->index_buffer->index_type;
    return t == VF_VK_INDEX_TYPE_UINT8 ? 1 : t == VF_VK_INDEX_TYPE_UINT16 ? 2 : 4;
}

/* The registers of the state's attributes, from the engine layout the
 * state compiled to (one element per location, in location order). */
static void fill_regs(struct vkr_draw *d)
{
    const vf_vk_vertex_input *vi = d->vi;
    d->nreg = 0;
    for (uint32_t g = 0; g < vi->num_registers && g < VF_MAX_REGISTERS; g++) {
        vf_layout_register_info ri;
        vf_layout_element_info ei;
        if (vf_layout_register(vi->layout, g, &ri) != VF_OK || ri.kind != VF_REGISTER_ELEMENT ||
            vf_layout_element(vi->layout, (uint32_t)ri.element_index, &ei) != VF_OK)
            continue;
        uint32_t loc = vi->reg_location[g];
        for (uint32_t k = 0; k < vi->num_attrs; k++) {
            const struct vf_vk_attr *a = &vi->attrs[k];
            const vf_vk_format_desc *f = vf_vk_row(a->format);
            if (loc < a->location || loc >= a->location + f->locations)
                continue;
            uint32_t part = loc - a->location, start = 16 * part;
            uint32_t bytes = f->locations == 2 && f->bytes - start > 16 ? 16 : f->bytes - start;
            d->regs[d->nreg++] = (struct vkr_reg){
                f, loc, g, part, a->binding, vi->stride[a->binding],
                ei.input_slot_class == VF_INPUT_PER_INSTANCE_DATA,
                ei.instance_data_step_rate, a->offset + start, bytes };
        }
    }
}

vf_result vf_vkr_init(struct vkr_draw *d, const vf_vk_vertex_input *input,
                      const vf_vk_draw_desc *desc, uint32_t mode)
{
    if (input == NULL || desc == NULL)
        return VF_ERROR_NULL_POINTER;
    if (mode >= VF_ROBUST_MODE_COUNT)
        return VF_ERROR_INVALID_ROBUST_MODE;
    /* vf_vk_draw's checks; with no output it stops at the output's. */
    vf_result r = vf_vk_draw(input, desc, NULL, 0, NULL);
    if (r != VF_OK && r != VF_ERROR_NULL_POINTER && r != VF_ERROR_OUTPUT_TOO_SMALL &&
        r != VF_ERROR_OVERFLOW)
        return r;
    memset(d, 0, sizeof(*d));
    d->vi = input;
    d->desc = desc;
    d->mode = mode;
    d->index_size = index_size_of(desc);
    fill_regs(d);
    return VF_OK;
}

/* The index at position i (64-bit address, rules §17.1); *past when it
 * lies past the index buffer, *cut when it is the restart value. */
static uint32_t read_index(const struct vkr_draw *d, uint32_t i, int *past, int *cut)
{
    const vf_vk_index_buffer_binding *ib = d->desc->index_buffer;
    uint32_t isz = d->index_size;
    uint64_t at = ((uint64_t)d->desc->first_vertex + i) * isz;
    *cut = 0;
    *past = at + isz > ib->size - ib->offset;
    if (*past)
        return 0;
    const uint8_t *p = (const uint8_t *)ib->data + ib->offset + at;
    uint32_t v = p[0];
    for (uint32_t b = 1; b < isz; b++)
        v |= (uint32_t)p[b] << (8 * b);
    *cut = d->desc->primitive_restart_enable && v == (isz == 4 ? 0xffffffffu : (1u << 8 * isz) - 1);
    return v;
}

/* The reason of a register whose binding has a buffer, and the bytes it
 * reads (NULL when out of the binding's range). */
static uint32_t bound_reason(const struct vkr_draw *d, const struct vkr_reg *x,
                             const vf_vk_vertex_buffer_binding *b, uint32_t j, uint32_t i,
                             uint32_t index, const uint8_t **bytes_ret)
{
    const vf_vk_draw_desc *desc = d->desc;
    uint32_t k;
    if (x->per_instance)
        k = desc->first_instance + (x->divisor ? j / x->divisor : 0);
    else
        k = desc->indexed ? (uint32_t)desc->vertex_offset + index : desc->first_vertex + i;
    uint64_t range = b->size - b->offset, at = (uint64_t)k * x->stride + x->offset;
    *bytes_ret = NULL;
    if (at + x->bytes > range)
        return VF_ROBUST_OUTSIDE;
    *bytes_ret = (const uint8_t *)b->data + b->offset + at;
    /* The range may be checked rounded down to a multiple of the stride
     * (stride 0: down to 0). */
    if (d->mode != VF_ROBUST_D3D &&
        at + x->bytes > (x->stride ? range / x->stride * x->stride : 0))
        return VF_ROBUST_STRIDE_ROUND;
    return VF_ROBUST_IN_BOUNDS;
}

/* vf_vk_draw's words of a register: its part of the attribute decoded
 * from its bytes, or from zeros out of bounds (D3D's rule, §18.3) and for
 * a null buffer (vkCmdBindVertexBuffers, §17.8). */
static void exact_words(const struct vkr_reg *x, const uint8_t *bytes, uint32_t *out)
{
    uint8_t buf[32] = { 0 };
    uint32_t words[8];
    /* A null buffer (bytes NULL) reads zeros with the (0, 0, 1) defaults,
     * as vf_vk_draw writes it: the decode of zero bytes. */
    if (bytes != NULL)
        memcpy(buf + 16 * x->part, bytes, x->bytes);
    vf_vk_decode_row(x->f, buf, words);
    memcpy(out, words + 4 * x->part, 16);
}

/* One read out of the checked range lets every read of its binding for
 * the invocation be out (§17.3). */
static void same_binding(const struct vkr_draw *d, struct vkr_record *rec)
{
    for (uint32_t g = 0; g < d->nreg; g++) {
        uint32_t why = rec->reason[g];
        if (why != VF_ROBUST_OUTSIDE && why != VF_ROBUST_STRIDE_ROUND)
            continue;
        for (uint32_t h = 0; h < d->nreg; h++)
            if (d->regs[h].binding == d->regs[g].binding &&
                (rec->reason[h] == VF_ROBUST_IN_BOUNDS || rec->reason[h] == VF_ROBUST_INDEX_PAST))
                rec->reason[h] = VF_ROBUST_SAME_BINDING;
    }
}

void vf_vkr_record(const struct vkr_draw *d, uint32_t j, uint32_t i, struct vkr_record *rec)
{
    const vf_vk_draw_desc *desc = d->desc;
    int past = 0, cut = 0;
    uint32_t index = desc->indexed ? read_index(d, i, &past, &cut) : 0;
    memset(rec, 0, sizeof(*rec));
    rec->instance = j;
    rec->position = i;
    if (cut)
        return; /* a record of zeros, nothing fetched: exact */
    for (uint32_t g = 0; g < d->nreg; g++) {
        const struct vkr_reg *x = &d->regs[g];
        const vf_vk_vertex_buffer_binding *b =
            x->binding < desc->num_vertex_buffers ? &desc->vertex_buffers[x->binding] : NULL;
        const uint8_t *bytes = NULL;
        int unbound = b == NULL || b->data == NULL;
        int vertex_past = past && !x->per_instance;
        if (unbound)
            rec->reason[g] = VF_ROBUST_UNBOUND;
        else
            rec->reason[g] = bound_reason(d, x, b, j, i, index, &bytes);
        exact_words(x, bytes, rec->words[g]);
        if (vertex_past && (rec->reason[g] == VF_ROBUST_IN_BOUNDS ||
                            (d->mode == VF_ROBUST_BUFFER_ACCESS || d->mode == VF_ROBUST_ATTRIBUTE)))
            rec->reason[g] = VF_ROBUST_INDEX_PAST;
    }
    if (d->mode != VF_ROBUST_D3D)
        same_binding(d, rec);
}

/* Numeric classes of a format's words. */
static int is_uint(const vf_vk_format_desc *f)
{
    return f->numeric == VF_VK_NUMERIC_UINT;
}

static int is_sint(const vf_vk_format_desc *f)
{
    return f->numeric == VF_VK_NUMERIC_SINT;
}

/* `one` and `max_int` of word `w` of the attribute: 1 and the largest
 * integer in its numeric type, a 64-bit value split in its two words. */
static void special_words(const vf_vk_format_desc *f, uint32_t w, vf_vk_robust_set *s)
{
    int integer = is_uint(f) || is_sint(f);
    if (f->bits[0] != 64) {
        s->one = integer ? 1u : ONE_F;
        s->max_int = is_uint(f) ? 0xffffffffu : is_sint(f) ? 0x7fffffffu : 0;
        return;
    }
    int high = w & 1;
    s->one = integer ? (high ? 0 : 1u) : (high ? ONE_D_HIGH : 0);
    s->max_int = is_uint(f) || (is_sint(f) && !high) ? 0xffffffffu : is_sint(f) ? 0x7fffffffu : 0;
}

/* The component size in bytes, the whole size for packed formats: the
 * step of attribAddress (fxvertex.adoc, Vertex Input Extraction). */
static uint32_t component_align(const vf_vk_format_desc *f)
{
    for (int c = 0; c < 4; c++)
        if (f->bits[c] && (f->bits[c] != f->bits[0] || f->bits[c] % 8 != 0))
            return f->bytes;
    return f->bits[0] / 8;
}

/* robustBufferAccess's set for a read out of the checked range (§17.5):
 * 0; for w also (0,0,0,x); what the format makes of the buffer's bytes. */
static uint32_t rba_outside(const struct vkr_draw *d, const struct vkr_reg *x,
                            vf_vk_robust_set *s)
{
    uint32_t allow = VF_ROBUST_ALLOW_ZERO;
    uint32_t comp = x->f->bits[0] == 64 ? s->source / 2 : s->source;
    if (comp == 3)
        allow |= VF_ROBUST_ALLOW_ONE | (s->max_int ? VF_ROBUST_ALLOW_MAX_INT : 0);
    const vf_vk_vertex_buffer_binding *b = &d->desc->vertex_buffers[x->binding];
    if (b->size >= x->f->bytes) {
        allow |= VF_ROBUST_ALLOW_RANGE;
        s->range_bytes = b->size;
        s->align = component_align(x->f);
    }
    return allow;
}

/* Word `w` of the format's zeros after input extraction. */
static uint32_t zero_value(const vf_vk_format_desc *f, uint32_t w)
{
    static const uint8_t zeros[32];
    uint32_t v[8];
    vf_vk_decode_row(f, zeros, v);
    return v[w];
}

static uint32_t mode_allow(const struct vkr_draw *d, const struct vkr_reg *x, vf_vk_robust_set *s)
{
    uint32_t why = s->reason, zero = zero_value(x->f, s->source);
    if (d->mode == VF_ROBUST_D3D)
        return VF_ROBUST_ALLOW_EXACT;
    if (why == VF_ROBUST_UNBOUND || (why == VF_ROBUST_OUTSIDE && d->mode == VF_ROBUST_ROBUSTNESS2)) {
        s->exact = zero; /* a null buffer (every mode), or robustness2's zeros */
        return VF_ROBUST_ALLOW_EXACT;
    }
    if (d->mode == VF_ROBUST_ROBUSTNESS2) {
        if (why == VF_ROBUST_INDEX_PAST)
            return VF_ROBUST_ALLOW_EXACT; /* index 0, read like any other */
        if (zero == 0)
            return VF_ROBUST_ALLOW_EXACT | VF_ROBUST_ALLOW_ZERO;
        s->one = zero; /* a missing G, B or A: (0, 0, 1) */
        return VF_ROBUST_ALLOW_EXACT | VF_ROBUST_ALLOW_ONE;
    }
    if (why == VF_ROBUST_INDEX_PAST)
        return VF_ROBUST_ALLOW_ANY;
    if (why == VF_ROBUST_OUTSIDE)
        return rba_outside(d, x, s);
    return VF_ROBUST_ALLOW_EXACT | rba_outside(d, x, s);
}

int vf_vkr_set(const struct vkr_draw *d, const struct vkr_record *rec, uint32_t g, uint32_t c,
               vf_vk_robust_set *s)
{
    const struct vkr_reg *x = &d->regs[g];
    memset(s, 0, sizeof(*s));
    s->instance = rec->instance;
    s->position = rec->position;
    s->location = x->location;
    s->component = c;
    s->reg = x->reg;
    s->allow = VF_ROBUST_ALLOW_EXACT;
    s->exact = rec->words[g][c];
    s->binding = x->binding;
    s->format = x->f->format;
    s->source = 4 * x->part + c;
    /* A 64-bit format's missing words have no value to check (§17.8). */
    int absent = x->f->bits[0] == 64 && s->source >= 2 * x->f->num_components;
    if (absent || rec->reason[g] == VF_ROBUST_IN_BOUNDS)
        return 0;
    s->reason = rec->reason[g];
    special_words(x->f, s->source, s);
    s->allow = mode_allow(d, x, s);
    return 1;
}
