/* ia_ref.c - the independent IA reference walker (see ia_ref.h). */
#include "ia_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define F1 0x3f800000u /* 1.0f */

static void fail(const char *what, uint32_t format)
{
    fprintf(stderr, "ia_ref: %s (format %u)\n", what, format);
    abort();
}

void ia_ref_init_descs(ia_ref *r, const vf_input_element_desc *descs, uint32_t n,
                       const uint32_t *mappings, uint32_t sv, const vf_draw_desc *d)
{
    memset(r, 0, sizeof(*r));
    r->draw = d;
    r->system_values = sv;
    for (uint32_t e = 0; e < n && e < VF_MAX_REGISTERS; e++) {
        ia_ref_element *x = &r->elem[r->nreg];
        x->format = descs[e].format;
        x->input_slot = descs[e].input_slot;
        x->input_slot_class = descs[e].input_slot_class;
        x->step_rate = descs[e].instance_data_step_rate;
        x->byte_offset = descs[e].aligned_byte_offset;
        x->mapping = mappings ? mappings[e] : VF_DEFAULT_COMPONENT_MAPPING;
        r->kind[r->nreg++] = VF_REGISTER_ELEMENT;
    }
    if (sv)
        r->kind[r->nreg++] = VF_REGISTER_SYSTEM;
}

int ia_ref_init_layout(ia_ref *r, const vf_layout *layout, uint32_t sv, const vf_draw_desc *d)
{
    memset(r, 0, sizeof(*r));
    r->draw = d;
    r->system_values = sv;
    uint32_t nreg = vf_layout_register_count(layout);
    if (nreg > VF_MAX_REGISTERS + 1)
        return -1;
    for (uint32_t g = 0; g < nreg; g++) {
        vf_layout_register_info ri;
        vf_layout_element_info ei;
        if (vf_layout_register(layout, g, &ri) != VF_OK)
            return -1;
        r->kind[g] = ri.kind;
        if (ri.kind != VF_REGISTER_ELEMENT)
            continue;
        if (vf_layout_element(layout, (uint32_t)ri.element_index, &ei) != VF_OK)
            return -1;
        r->elem[g] = (ia_ref_element){ ei.format, ei.input_slot, ei.input_slot_class,
                                       ei.instance_data_step_rate, ei.byte_offset,
                                       ei.component_mapping };
    }
    r->nreg = nreg;
    return 0;
}

int ia_ref_is_strip(uint32_t t)
{
    return t == VF_TOPOLOGY_LINESTRIP || t == VF_TOPOLOGY_TRIANGLESTRIP ||
           t == VF_TOPOLOGY_LINESTRIP_ADJ || t == VF_TOPOLOGY_TRIANGLESTRIP_ADJ;
}

static uint32_t load_le(const uint8_t *p, uint32_t n)
{
    uint32_t v = 0;
    for (uint32_t b = 0; b < n; b++)
        v |= (uint32_t)p[b] << (8 * b);
    return v;
}

/* Bits [shift, shift + bits) of a little-endian element, bits <= 32. */
static uint32_t field(const uint8_t *src, uint32_t shift, uint32_t bits)
{
    uint32_t v = 0;
    for (uint32_t b = 0; b < bits; b++)
        v |= (uint32_t)(src[(shift + b) / 8] >> ((shift + b) % 8) & 1u) << b;
    return v;
}

static int all_uint(const vf_format_desc *f)
{
    for (int c = 0; c < 4; c++)
        if (f->bits[c] && f->type[c] != VF_TYPE_UINT)
            return 0;
    return 1;
}

/* Rules §3: an integer format's components are its raw bits, absent ones
 * 0, 0, 0, 1. Checked against vf_decode_element. */
static void decode_uint(const vf_format_desc *f, const uint8_t *src, uint32_t out[4])
{
    static const uint32_t defaults[4] = { 0, 0, 0, 1 };
    for (int c = 0; c < 4; c++)
        out[c] = f->bits[c] ? field(src, f->shift[c], f->bits[c]) : defaults[c];
    uint32_t dec[4];
    if (vf_decode_element(f->format, src, VF_DEFAULT_COMPONENT_MAPPING, dec) != VF_OK ||
        memcmp(dec, out, sizeof(dec)) != 0)
        fail("vf_decode_element differs from the raw bits", f->format);
}

/* Rules §3.4: each output component takes an input component, 0, or 1 (1.0f
 * for float-valued formats). */
static void map_components(uint32_t v[4], uint32_t mapping, vf_format format)
{
    uint8_t t = vf_format_info(format)->type[0];
    uint32_t one = t == VF_TYPE_UINT || t == VF_TYPE_SINT ? 1u : F1;
    uint32_t in[4] = { v[0], v[1], v[2], v[3] };
    for (int c = 0; c < 4; c++) {
        uint32_t s = VF_DECODE_COMPONENT_MAPPING(c, mapping);
        v[c] = s < 4 ? in[s] : s == 4 ? 0 : one;
    }
}

/* The decoded element at `src` (default mapping). */
static void decode(vf_format format, const uint8_t *src, uint32_t out[4])
{
    const vf_format_desc *f = vf_format_info(format);
    if (!f)
        fail("unknown format", format);
    if (all_uint(f))
        decode_uint(f, src, out);
    else if (vf_decode_element(format, src, VF_DEFAULT_COMPONENT_MAPPING, out) != VF_OK)
        fail("vf_decode_element failed", format);
}

/* Rules §4.1, §6: the element number, the 32-bit address, the whole-element
 * bounds check, unbound slots. `index` is the raw index (indexed draws). */
static void ref_element(const ia_ref *r, const ia_ref_element *e, uint32_t j, uint32_t i,
                        uint32_t index, uint32_t out[4])
{
    static const uint8_t zeros[16];
    const vf_draw_desc *d = r->draw;
    uint32_t k;
    if (e->input_slot_class == VF_INPUT_PER_VERTEX_DATA)
        k = d->indexed ? (uint32_t)d->base_vertex_location + index : d->start_location + i;
    else
        k = d->start_instance_location + (e->step_rate ? j / e->step_rate : 0);
    const vf_vertex_buffer_view *vb = NULL;
    if (e->input_slot < d->num_vertex_buffers && d->vertex_buffers[e->input_slot].data)
        vb = &d->vertex_buffers[e->input_slot];
    if (!vb) {
        memset(out, 0, 16);
    } else {
        uint32_t size = vf_format_info(e->format)->bytes;
        uint32_t addr = k * vb->stride_in_bytes + e->byte_offset; /* wraps: rules §4.1 */
        const uint8_t *src = (uint64_t)addr + size <= vb->size_in_bytes
                                 ? (const uint8_t *)vb->data + addr
                                 : zeros;
        decode(e->format, src, out);
        /* The decoder's own mapping must agree with the by-hand one. */
        uint32_t mapped[4], want[4] = { out[0], out[1], out[2], out[3] };
        map_components(want, e->mapping, e->format);
        if (vf_decode_element(e->format, src, e->mapping, mapped) != VF_OK ||
            memcmp(mapped, want, sizeof(want)) != 0)
            fail("vf_decode_element's component mapping differs", e->format);
    }
    map_components(out, e->mapping, e->format);
}

int ia_ref_is_cut_value(const vf_draw_desc *d, uint32_t index)
{
    if (d->strip_cut_value == VF_STRIP_CUT_VALUE_DISABLED)
        return 0;
    return index == (d->strip_cut_value == VF_STRIP_CUT_VALUE_0xFFFF ? 0xffffu : 0xffffffffu);
}

uint32_t ia_ref_index(const vf_draw_desc *d, uint32_t pos, int *cut)
{
    const vf_index_buffer_view *ib = d->index_buffer;
    uint32_t index = 0;
    if (ib && ib->data) {
        uint32_t isz = ib->format == VF_FORMAT_R32_UINT ? 4 : 2;
        uint32_t byte = (d->start_location + pos) * isz; /* 32-bit: rules §5.1 */
        if ((uint64_t)byte + isz <= ib->size_in_bytes)
            index = load_le((const uint8_t *)ib->data + byte, isz);
    }
    *cut = ia_ref_is_strip(d->primitive_topology) && ia_ref_is_cut_value(d, index);
    return index;
}

void ia_ref_record(const ia_ref *r, uint32_t j, uint32_t i, uint32_t *rec)
{
    const vf_draw_desc *d = r->draw;
    uint32_t index = 0, vid = i;
    int cut = 0;
    if (d->indexed) {
        index = ia_ref_index(d, i, &cut);
        vid = index;
    }
    memset(rec, 0, (size_t)r->nreg * 16);
    for (uint32_t g = 0; g < r->nreg; g++) {
        uint32_t *w = rec + g * 4;
        if (cut) {
            /* Rules §5.2: nothing fetched, only the flag. */
            if (r->kind[g] == VF_REGISTER_SYSTEM && (r->system_values & VF_SV_FLAGS))
                w[2] = VF_FLAG_STRIP_CUT;
            continue;
        }
        switch (r->kind[g]) {
        case VF_REGISTER_VERTEX_ID: w[0] = vid; break;
        case VF_REGISTER_INSTANCE_ID: w[0] = j; break;
        case VF_REGISTER_SYSTEM:
            w[0] = r->system_values & VF_SV_VERTEX_ID ? vid : 0;
            w[1] = r->system_values & VF_SV_INSTANCE_ID ? j : 0;
            break;
        default: ref_element(r, &r->elem[g], j, i, index, w); break;
        }
    }
}

uint32_t *ia_ref_aos(const ia_ref *r)
{
    uint32_t v = r->draw->vertex_count_per_instance, n = r->draw->instance_count;
    size_t words = (size_t)v * n * r->nreg * 4;
    uint32_t *out = malloc(words * 4 + 16);
    if (!out)
        return NULL;
    for (uint32_t j = 0; j < n; j++)
        for (uint32_t i = 0; i < v; i++)
            ia_ref_record(r, j, i, out + ((size_t)j * v + i) * r->nreg * 4);
    return out;
}

uint32_t *ia_ref_soa(const uint32_t *aos, uint32_t nreg, uint32_t v, uint32_t n, uint32_t lanes,
                     int flags_reg)
{
    uint32_t batches = (v + lanes - 1) / lanes;
    size_t bwords = (size_t)nreg * 4 * lanes;
    uint32_t *out = malloc((size_t)n * batches * bwords * 4 + 16);
    if (!out)
        return NULL;
    for (uint32_t j = 0; j < n; j++)
        for (uint32_t b = 0; b < batches; b++) {
            uint32_t *o = out + ((size_t)j * batches + b) * bwords;
            for (uint32_t l = 0; l < lanes; l++) {
                uint32_t i = b * lanes + l;
                for (uint32_t w = 0; w < nreg * 4; w++) {
                    uint32_t val = 0;
                    if (i < v)
                        val = aos[((size_t)j * v + i) * nreg * 4 + w];
                    else if (flags_reg >= 0 && w == (uint32_t)flags_reg * 4 + 2)
                        val = VF_FLAG_INACTIVE;
                    o[w * lanes + l] = val;
                }
            }
        }
    return out;
}

uint32_t ia_ref_out_word(const uint8_t *out, uint32_t lanes, uint32_t nreg, uint32_t pos,
                         uint32_t w)
{
    size_t off;
    if (lanes <= 1)
        off = ((size_t)pos * nreg * 4 + w) * 4;
    else
        off = ((size_t)(pos / lanes) * nreg * 4 * lanes + (size_t)w * lanes + pos % lanes) * 4;
    uint32_t v;
    memcpy(&v, out + off, 4);
    return v;
}

uint32_t ia_ref_out_pos(uint32_t lanes, uint32_t per, uint32_t j, uint32_t v)
{
    uint32_t l = lanes ? lanes : 1;
    return j * ((per + l - 1) / l * l) + v;
}
