/* draw_helpers.c - helpers of the draw suites (see draw_helpers.h). */
#include "draw_helpers.h"

#include <stdlib.h>
#include <string.h>

#include "check_main.h"


void *xalloc(size_t size)
{
    size_t rounded = (size + 15) / 16 * 16;
    void *p = aligned_alloc(16, rounded ? rounded : 16);
    ck_assert_ptr_nonnull(p);
    return p;
}

vf_input_element_desc el(const char *name, uint32_t index, vf_format format, uint32_t slot,
                         uint32_t offset, uint32_t slot_class, uint32_t rate)
{
    vf_input_element_desc d = { name, index, format, slot, offset, slot_class, rate };
    return d;
}

vf_layout *make_layout_full(const vf_input_element_desc *descs, uint32_t n,
                            const uint32_t *mappings, uint32_t sv, uint32_t shape,
                            const vf_signature_element *sig, uint32_t nsig)
{
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.component_mappings = mappings;
    o.system_values = sv;
    o.output_shape = shape;
    o.signature = sig;
    o.signature_count = nsig;
    o.max_input_slots = 32;
    vf_layout *layout = NULL;
    vf_result res = vf_layout_create(descs, n, &o, &layout, NULL);
    ck_assert_msg(res == VF_OK, "vf_layout_create: %d", (int)res);
    return layout;
}

vf_layout *make_layout(const vf_input_element_desc *descs, uint32_t n, uint32_t sv)
{
    return make_layout_full(descs, n, NULL, sv, VF_OUTPUT_AOS, NULL, 0);
}

void fill_addr(uint8_t *buf, size_t size, uint32_t tag)
{
    for (size_t b = 0; b + 4 <= size; b += 4) {
        uint32_t w = tag << 24 | (uint32_t)b;
        memcpy(buf + b, &w, 4);
    }
}

uint32_t *draw_words(const vf_layout *layout, const vf_draw_desc *d, size_t *words_ret)
{
    size_t size;
    ck_assert_int_eq(vf_draw_output_size(layout, d->vertex_count_per_instance, d->instance_count,
                                         &size),
                     VF_OK);
    uint32_t *out = xalloc(size);
    memset(out, 0xCD, size);
    vf_result res = vf_draw(layout, d, out, size);
    ck_assert_msg(res == VF_OK, "vf_draw: %d", (int)res);
    if (words_ret)
        *words_ret = size / 4;
    return out;
}

void expect_reg(const uint32_t *w, uint32_t x, uint32_t y, uint32_t z, uint32_t a,
                const char *what, uint32_t j, uint32_t i)
{
    /* ck_assert records every passing check (a write per call): compare
     * first, so millions of words stay cheap. */
    if (w[0] != x || w[1] != y || w[2] != z || w[3] != a)
        ck_abort_msg("%s instance %u vertex %u: got %08x %08x %08x %08x, want %08x %08x %08x %08x",
                     what, j, i, w[0], w[1], w[2], w[3], x, y, z, a);
}

void expect_same(const uint32_t *got, const uint32_t *want, size_t words, const char *what)
{
    for (size_t w = 0; w < words; w++)
        if (got[w] != want[w])
            ck_abort_msg("%s: word %zu got %08x want %08x", what, w, got[w], want[w]);
}

vf_draw_desc draw_desc(const vf_vertex_buffer_view *vbs, uint32_t nvbs, uint32_t v,
                       uint32_t inst, uint32_t start, uint32_t start_inst)
{
    vf_draw_desc d;
    vf_draw_desc_init(&d);
    d.vertex_buffers = vbs;
    d.num_vertex_buffers = nvbs;
    d.vertex_count_per_instance = v;
    d.instance_count = inst;
    d.start_location = start;
    d.start_instance_location = start_inst;
    return d;
}

vf_draw_desc indexed_desc(const vf_vertex_buffer_view *vbs, uint32_t nvbs,
                          const vf_index_buffer_view *ib, uint32_t cut, uint32_t topo,
                          uint32_t v, uint32_t inst, uint32_t start, int32_t base,
                          uint32_t start_inst)
{
    vf_draw_desc d = draw_desc(vbs, nvbs, v, inst, start, start_inst);
    d.indexed = 1;
    d.index_buffer = ib;
    d.strip_cut_value = cut;
    d.primitive_topology = topo;
    d.base_vertex_location = base;
    return d;
}

uint32_t ia_formats(vf_format *list)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < vf_format_count(); i++) {
        const vf_format_desc *f = vf_format_info_at(i);
        if (!(f->ia_support & VF_IA_VERTEX_BUFFER))
            continue;
        vf_input_element_desc d = el("A", 0, f->format, 0, 0, 0, 0);
        vf_layout *layout = NULL;
        if (vf_layout_create(&d, 1, NULL, &layout, NULL) == VF_OK) {
            list[n++] = f->format;
            vf_layout_destroy(layout);
        }
    }
    return n;
}
