/* robust_ref.c - the out-of-bounds reference (see robust_ref.h). */
#include "robust_ref.h"

#include <string.h>

enum { K_IN, K_OUT, K_MAYBE, K_UNBOUND, K_ANY, K_INDEX0 };

/* Spec: packed formats are aligned to their whole size, others to the
 * size of one component (fxvertex.adoc, Vertex Input Extraction). */
static uint32_t align_of(const vf_format_desc *f)
{
    static const char *const packed[] = { "R10G10B10A2_UNORM", "R10G10B10A2_UINT",
                                          "R11G11B10_FLOAT", "B5G6R5_UNORM", "B5G5R5A1_UNORM",
                                          "B4G4R4A4_UNORM" };
    for (size_t p = 0; p < sizeof(packed) / sizeof(packed[0]); p++)
        if (strcmp(f->name, packed[p]) == 0)
            return f->bytes;
    return f->bits[0] / 8u;
}

/* Whether the index at position i comes from the index buffer. */
static int index_read(const vf_draw_desc *d, uint32_t i)
{
    const vf_index_buffer_view *ib = d->index_buffer;
    if (!ib || !ib->data)
        return 0;
    uint32_t isz = ib->format == VF_FORMAT_R32_UINT ? 4 : 2;
    return (uint64_t)((d->start_location + i) * isz) + isz <= ib->size_in_bytes;
}

static const vf_vertex_buffer_view *view(const vf_draw_desc *d, uint32_t slot)
{
    if (slot < d->num_vertex_buffers && d->vertex_buffers[slot].data)
        return &d->vertex_buffers[slot];
    return NULL;
}

/* Kind of one element read, before the same-binding clause. */
static int element_kind(const ia_ref *r, uint32_t mode, const ia_ref_element *e, uint32_t j,
                        uint32_t i, uint32_t index, int past)
{
    const vf_draw_desc *d = r->draw;
    int vulkan = mode != VF_ROBUST_D3D;
    int per_vertex = e->input_slot_class == VF_INPUT_PER_VERTEX_DATA;
    if (past && per_vertex && (mode == VF_ROBUST_BUFFER_ACCESS || mode == VF_ROBUST_ATTRIBUTE))
        return K_ANY;
    const vf_vertex_buffer_view *vb = view(d, e->input_slot);
    if (!vb)
        return K_UNBOUND;
    uint32_t k = per_vertex ? (d->indexed ? (uint32_t)d->base_vertex_location + index
                                          : d->start_location + i)
                            : d->start_instance_location + (e->step_rate ? j / e->step_rate : 0);
    uint64_t addr = (uint64_t)k * vb->stride_in_bytes + e->byte_offset;
    if (!vulkan)
        addr &= 0xffffffffu;
    uint64_t end = addr + vf_format_info(e->format)->bytes;
    if (end > vb->size_in_bytes)
        return K_OUT;
    uint64_t rounded = vb->stride_in_bytes
                           ? (uint64_t)(vb->size_in_bytes / vb->stride_in_bytes) * vb->stride_in_bytes
                           : 0;
    if (vulkan && end > rounded)
        return K_MAYBE;
    return past && per_vertex ? K_INDEX0 : K_IN;
}

void robust_ref_record_at(const ia_ref *r, uint32_t mode, uint32_t j, uint32_t i,
                          robust_ref_record *out)
{
    const vf_draw_desc *d = r->draw;
    memset(out, 0, sizeof(*out));
    ia_ref_record(r, j, i, out->words);
    int cut = 0, past = d->indexed && !index_read(d, i);
    uint32_t index = d->indexed ? ia_ref_index(d, i, &cut) : 0;
    if (cut)
        return;
    for (uint32_t g = 0; g < r->nreg; g++)
        if (r->kind[g] == VF_REGISTER_ELEMENT)
            out->kind[g] = element_kind(r, mode, &r->elem[g], j, i, index, past);
    /* Spec: one read of a binding outside the checked range lets the
     * others of that binding in the invocation behave as outside. */
    for (uint32_t g = 0; mode != VF_ROBUST_D3D && g < r->nreg; g++)
        for (uint32_t h = 0; h < r->nreg; h++)
            if (r->kind[h] == VF_REGISTER_ELEMENT && r->kind[g] == VF_REGISTER_ELEMENT &&
                r->elem[h].input_slot == r->elem[g].input_slot &&
                (out->kind[h] == K_OUT || out->kind[h] == K_MAYBE) &&
                (out->kind[g] == K_IN || out->kind[g] == K_INDEX0))
                out->kind[g] = K_MAYBE;
    for (uint32_t g = 0; g < r->nreg; g++)
        for (uint32_t c = 0; c < 4; c++)
            out->listed[g][c] = out->kind[g] != K_IN &&
                                VF_DECODE_COMPONENT_MAPPING(c, r->elem[g].mapping) < 4;
}

/* Any element-aligned window of the view whose component `s` is `word`. */
static int from_range(const vf_vertex_buffer_view *vb, const vf_format_desc *f, uint32_t s,
                      uint32_t word)
{
    for (uint64_t a = 0; a + f->bytes <= vb->size_in_bytes; a += align_of(f)) {
        uint32_t v[4];
        vf_decode_element(f->format, (const uint8_t *)vb->data + a, VF_DEFAULT_COMPONENT_MAPPING,
                          v);
        if (v[s] == word)
            return 1;
    }
    return 0;
}

int robust_ref_allows(const ia_ref *r, uint32_t mode, const robust_ref_record *rec, uint32_t g,
                      uint32_t c, uint32_t word)
{
    uint32_t exact = rec->words[g * 4 + c];
    if (!rec->listed[g][c] || mode == VF_ROBUST_D3D || rec->kind[g] == K_INDEX0)
        return word == exact;
    const ia_ref_element *e = &r->elem[g];
    const vf_format_desc *f = vf_format_info(e->format);
    uint32_t s = VF_DECODE_COMPONENT_MAPPING(c, e->mapping);
    static const uint8_t zeros[16];
    uint32_t z[4];
    vf_decode_element(e->format, zeros, VF_DEFAULT_COMPONENT_MAPPING, z);
    int is_int = f->type[0] == VF_TYPE_UINT || f->type[0] == VF_TYPE_SINT;
    uint32_t one = is_int ? 1u : 0x3f800000u;
    uint32_t max = f->type[0] == VF_TYPE_UINT ? 0xffffffffu : 0x7fffffffu;
    int kind = rec->kind[g];
    if (mode == VF_ROBUST_ROBUSTNESS2)
        return word == z[s] || (kind == K_MAYBE && word == exact);
    if (kind == K_ANY)
        return 1;
    if (kind == K_MAYBE && word == exact)
        return 1;
    if (word == 0 || (s == 3 && word == one))
        return 1;
    if (s == 3 && is_int && word == max && !(kind == K_UNBOUND && mode == VF_ROBUST_ATTRIBUTE))
        return 1;
    const vf_vertex_buffer_view *vb = view(r->draw, e->input_slot);
    return kind != K_UNBOUND && vb && from_range(vb, f, s, word);
}
