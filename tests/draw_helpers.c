/* draw_helpers.c - helpers of the draw suites (see draw_helpers.h). */
#include "draw_helpers.h"

#include <limits.h>
#include <stdio.h>
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

/* Every helper's layout: up to 32 input slots, compiled or the test fails. */
static vf_layout *create_layout(const vf_input_element_desc *descs, uint32_t n,
                                const uint32_t *mappings, uint32_t sv, uint32_t shape,
                                const vf_signature_element *sig, uint32_t nsig, uint32_t isa)
{
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.component_mappings = mappings;
    o.system_values = sv;
    o.output_shape = shape;
    o.signature = sig;
    o.signature_count = nsig;
    o.isa = isa;
    o.max_input_slots = 32;
    vf_layout *layout = NULL;
    vf_result res = vf_layout_create(descs, n, &o, &layout, NULL);
    ck_assert_msg(res == VF_OK, "vf_layout_create: %d", (int)res);
    return layout;
}

vf_layout *make_layout_full(const vf_input_element_desc *descs, uint32_t n,
                            const uint32_t *mappings, uint32_t sv, uint32_t shape,
                            const vf_signature_element *sig, uint32_t nsig)
{
    return create_layout(descs, n, mappings, sv, shape, sig, nsig, VF_ISA_AUTO);
}

vf_layout *make_layout_isa(const vf_input_element_desc *descs, uint32_t n, const uint32_t *mappings,
                           uint32_t sv, uint32_t shape, uint32_t isa)
{
    return create_layout(descs, n, mappings, sv, shape, NULL, 0, isa);
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

static const uint32_t rc_maps[6] = {
    VF_DEFAULT_COMPONENT_MAPPING,         VF_ENCODE_COMPONENT_MAPPING(2, 1, 0, 5),
    VF_ENCODE_COMPONENT_MAPPING(4, 5, 3, 3), VF_ENCODE_COMPONENT_MAPPING(1, 1, 1, 1),
    VF_ENCODE_COMPONENT_MAPPING(5, 4, 0, 2), VF_ENCODE_COMPONENT_MAPPING(3, 0, 5, 4),
};

/* A random valid layout over a few slots and a random draw over guarded
 * buffers (the guard on a random side), with out-of-bounds elements,
 * wrapping starts, cuts and unbound slots mixed in. */
void rcase_make(struct rcase *c, vf_rng *rng, const vf_format *fmts, uint32_t nfmts)
{
    memset(c, 0, sizeof(*c));
    uint32_t cls[RC_MAX_SLOTS], rate[RC_MAX_SLOTS], align[RC_MAX_SLOTS] = { 1, 1, 1, 1 };
    for (int s = 0; s < RC_MAX_SLOTS; s++) {
        cls[s] = vf_rng_below(rng, 3) == 0;
        rate[s] = cls[s] ? vf_rng_below(rng, 6) : 0;
    }
    c->n = 1 + vf_rng_below(rng, RC_MAX_ELEMENTS);
    c->use_maps = vf_rng_below(rng, 3) == 0;
    for (uint32_t e = 0; e < c->n; e++) {
        vf_format f = fmts[vf_rng_below(rng, nfmts)];
        uint32_t size = vf_format_info(f)->bytes, a = size < 4 ? size : 4;
        uint32_t s = vf_rng_below(rng, RC_MAX_SLOTS);
        uint32_t off = vf_rng_below(rng, 48 / a + 1) * a;
        c->descs[e] = el("ATTR", e, f, s, off, cls[s], rate[s]);
        c->maps[e] = rc_maps[vf_rng_below(rng, 6)];
        if (a > align[s])
            align[s] = a;
    }
    c->sv = vf_rng_below(rng, 8);
    for (int s = 0; s < RC_MAX_SLOTS; s++) {
        uint32_t stride = vf_rng_below(rng, 5) == 0 ? 0 : vf_rng_below(rng, 80 / align[s] + 1) * align[s];
        uint32_t size = vf_rng_below(rng, 8) == 0 ? vf_rng_below(rng, 24) : vf_rng_below(rng, 600);
        vf_guarded_alloc(&c->vbg[s], size, (int)vf_rng_below(rng, 2));
        vf_rng_fill(rng, c->vbg[s].data, size);
        c->vbs[s].data = vf_rng_below(rng, 10) == 0 ? NULL : c->vbg[s].data;
        c->vbs[s].size_in_bytes = size;
        c->vbs[s].stride_in_bytes = stride;
    }
    vf_draw_desc_init(&c->d);
    c->d.vertex_buffers = c->vbs;
    c->d.num_vertex_buffers = vf_rng_below(rng, 8) == 0 ? vf_rng_below(rng, RC_MAX_SLOTS) : RC_MAX_SLOTS;
    uint32_t vc_kind = vf_rng_below(rng, 8);
    c->d.vertex_count_per_instance = vc_kind == 0   ? vf_rng_below(rng, 4)
                                     : vc_kind == 1 ? 150 + vf_rng_below(rng, 350)
                                                    : vf_rng_below(rng, 150);
    c->d.instance_count = 1 + vf_rng_below(rng, 5);
    c->d.start_instance_location =
        vf_rng_below(rng, 8) == 0 ? 0xfffffffdu : vf_rng_below(rng, 12);
    c->d.indexed = vf_rng_below(rng, 2);
    if (!c->d.indexed) {
        c->d.start_location = vf_rng_below(rng, 8) == 0 ? 0xffffffe0u : vf_rng_below(rng, 40);
        return;
    }
    uint32_t isz = vf_rng_below(rng, 2) ? 4 : 2;
    uint32_t count = vf_rng_below(rng, 8) == 0 ? 200 + vf_rng_below(rng, 400)
                                                : vf_rng_below(rng, 200);
    vf_guarded_alloc(&c->ibg, (size_t)count * isz, (int)vf_rng_below(rng, 2));
    uint32_t cut = isz == 2 ? 0xffffu : 0xffffffffu;
    /* Runs of sequential indices (strided path), random ones (gather),
     * cut values, and huge ones. */
    uint32_t seq = vf_rng_below(rng, 30);
    /* A quarter of the buffers are wholly sequential (whole batches of
     * consecutive indices), some wrapping past the largest index. */
    int all_seq = vf_rng_below(rng, 4) == 0;
    if (all_seq && vf_rng_below(rng, 3) == 0)
        seq = (isz == 2 ? 0xffffu : 0xffffffffu) - vf_rng_below(rng, 100);
    /* A fifth of the others end with a long run of consecutive indices
     * after a scattered head (a batch split in two), the run starting
     * anywhere, past the vertex data or near the largest index too. */
    uint32_t tail_from = count, tail_start = 0;
    if (!all_seq && vf_rng_below(rng, 5) == 0) {
        tail_from = vf_rng_below(rng, (count < 48 ? count : 48) + 1);
        uint32_t starts[3] = { vf_rng_below(rng, 60), vf_rng_below(rng, 200),
                               (isz == 2 ? 0xffffu : 0xffffffffu) - vf_rng_below(rng, 300) };
        tail_start = starts[vf_rng_below(rng, 3)];
    }
    for (uint32_t i = 0; i < count; i++) {
        if (i == tail_from)
            seq = tail_start;
        uint32_t kind = all_seq || i >= tail_from ? 0 : vf_rng_below(rng, 16), v;
        if (kind < 7)
            v = seq++;
        else if (kind < 12)
            v = vf_rng_below(rng, 60);
        else if (kind < 14)
            v = cut;
        else
            v = vf_rng_u32(rng) & (isz == 2 ? 0xffffu : 0xffffffffu);
        if (!all_seq && i < tail_from && vf_rng_below(rng, 20) == 0)
            seq = vf_rng_below(rng, 60);
        if (isz == 2) {
            uint16_t h = (uint16_t)v;
            memcpy(c->ibg.data + i * 2, &h, 2);
        } else {
            memcpy(c->ibg.data + i * 4, &v, 4);
        }
    }
    c->ib.data = vf_rng_below(rng, 12) == 0 ? NULL : c->ibg.data;
    c->ib.size_in_bytes = count * isz;
    c->ib.format = isz == 4 ? VF_FORMAT_R32_UINT : VF_FORMAT_R16_UINT;
    c->d.index_buffer = vf_rng_below(rng, 12) == 0 ? NULL : &c->ib;
    static const uint32_t topos[6] = { 1, 3, 4, 5, 11, 13 };
    c->d.primitive_topology = topos[vf_rng_below(rng, 6)];
    c->d.strip_cut_value = vf_rng_below(rng, 3) == 0 ? 0 : isz == 2 ? 1 : 2;
    c->d.start_location = vf_rng_below(rng, 8) == 0 ? 0xfffffff0u : vf_rng_below(rng, 20);
    static const int32_t bases[4] = { INT_MIN, INT_MAX, -40, 100 };
    c->d.base_vertex_location = vf_rng_below(rng, 6) == 0 ? bases[vf_rng_below(rng, 4)]
                                                           : (int32_t)vf_rng_below(rng, 40) - 20;
}

void rcase_free(struct rcase *c)
{
    for (int s = 0; s < RC_MAX_SLOTS; s++)
        vf_guarded_free(&c->vbg[s]);
    if (c->ibg.map)
        vf_guarded_free(&c->ibg);
}

vf_layout *rcase_layout(const struct rcase *c, uint32_t shape, uint32_t isa)
{
    return make_layout_isa(c->descs, c->n, c->use_maps ? c->maps : NULL, c->sv, shape, isa);
}

void rcase_every_isa(uint64_t seed, int iters, int label, rcase_check_fn *check, void *ctx)
{
    vf_format fmts[128];
    uint32_t nfmts = ia_formats(fmts);
    vf_rng rng;
    vf_rng_seed(&rng, seed);
    static const uint32_t shapes[4] = { VF_OUTPUT_AOS, VF_OUTPUT_SOA4, VF_OUTPUT_SOA8,
                                        VF_OUTPUT_SOA16 };
    for (int iter = 0; iter < iters; iter++) {
        struct rcase c;
        rcase_make(&c, &rng, fmts, nfmts);
        uint32_t shape = vf_rng_below(&rng, 3) ? VF_OUTPUT_AOS : shapes[vf_rng_below(&rng, 4)];
        for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
            if (!vf_isa_available(isa))
                continue;
            vf_layout *layout = rcase_layout(&c, shape, isa);
            char what[96];
            snprintf(what, sizeof(what), "case %d.%d shape %u isa %s", label, iter, shape,
                     vf_isa_name(isa));
            check(&c, layout, what, ctx);
            vf_layout_destroy(layout);
        }
        rcase_free(&c);
    }
}
