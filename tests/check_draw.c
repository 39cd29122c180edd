/*
 * check_draw.c - the draw walker (lib/draw.c) and thread pool (lib/pool.c).
 *
 * Expected values come from the rules (d3d-ia-rules.md §4-§6) computed here:
 * either by hand from buffers whose words encode their own byte address, or
 * by ref_record(), a per-vertex model written straight from the rules that
 * decodes single elements with vf_decode_element (the decoders are tested
 * on their own in check_formats). The walker's batching, runs, gathers,
 * broadcasts, SoA transposes, ranges and threads are never used to compute
 * an expectation.
 */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vfetch.h"
#include "test_util.h"

#define F1 0x3f800000u /* 1.0f */

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */
/* ------------------------------------------------------------------------ */

static void *xalloc(size_t size)
{
    size_t rounded = (size + 15) / 16 * 16;
    void *p = aligned_alloc(16, rounded ? rounded : 16);
    ck_assert_ptr_nonnull(p);
    return p;
}

static vf_input_element_desc el(const char *name, uint32_t index, vf_format format, uint32_t slot,
                                uint32_t offset, uint32_t slot_class, uint32_t rate)
{
    vf_input_element_desc d = { name, index, format, slot, offset, slot_class, rate };
    return d;
}

static vf_layout *make_layout_full(const vf_input_element_desc *descs, uint32_t n,
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

static vf_layout *make_layout(const vf_input_element_desc *descs, uint32_t n, uint32_t sv)
{
    return make_layout_full(descs, n, NULL, sv, VF_OUTPUT_AOS, NULL, 0);
}

/* Fills `size` bytes so that the 32-bit word at byte offset b (b % 4 == 0)
 * is tag << 24 | b: every value read says where it came from. */
static void fill_addr(uint8_t *buf, size_t size, uint32_t tag)
{
    for (size_t b = 0; b + 4 <= size; b += 4) {
        uint32_t w = tag << 24 | (uint32_t)b;
        memcpy(buf + b, &w, 4);
    }
}
#define AW(tag, byte) ((uint32_t)(tag) << 24 | (uint32_t)(byte))

/* Runs vf_draw into a fresh buffer pre-filled with 0xCD. */
static uint32_t *draw_words(const vf_layout *layout, const vf_draw_desc *d, size_t *words_ret)
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

static void expect_reg(const uint32_t *w, uint32_t x, uint32_t y, uint32_t z, uint32_t a,
                       const char *what, uint32_t j, uint32_t i)
{
    /* ck_assert records every passing check (a write per call): compare
     * first, so millions of words stay cheap. */
    if (w[0] != x || w[1] != y || w[2] != z || w[3] != a)
        ck_abort_msg("%s instance %u vertex %u: got %08x %08x %08x %08x, want %08x %08x %08x %08x",
                     what, j, i, w[0], w[1], w[2], w[3], x, y, z, a);
}

static void expect_same(const uint32_t *got, const uint32_t *want, size_t words, const char *what)
{
    for (size_t w = 0; w < words; w++)
        if (got[w] != want[w])
            ck_abort_msg("%s: word %zu got %08x want %08x", what, w, got[w], want[w]);
}

static vf_draw_desc draw_desc(const vf_vertex_buffer_view *vbs, uint32_t nvbs, uint32_t v,
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

static vf_draw_desc indexed_desc(const vf_vertex_buffer_view *vbs, uint32_t nvbs,
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

/* ------------------------------------------------------------------------ */
/* Reference model: one record at a time, straight from the rules            */
/* ------------------------------------------------------------------------ */

#define REF_VID (-1)
#define REF_IID (-2)
#define REF_SYS (-3)

struct ref {
    const vf_input_element_desc *descs;
    const uint32_t *mappings; /* NULL: identity */
    uint32_t sv;
    uint32_t nreg;
    int32_t reg[VF_MAX_REGISTERS + 1]; /* element index or REF_* */
    const vf_draw_desc *d;
};

/* Registers in layout order, then the system register. */
static void ref_init(struct ref *r, const vf_input_element_desc *descs, uint32_t n,
                     const uint32_t *mappings, uint32_t sv, const vf_draw_desc *d)
{
    memset(r, 0, sizeof(*r));
    r->descs = descs;
    r->mappings = mappings;
    r->sv = sv;
    r->d = d;
    for (uint32_t e = 0; e < n; e++)
        r->reg[r->nreg++] = (int32_t)e;
    if (sv)
        r->reg[r->nreg++] = REF_SYS;
}

static uint32_t ref_one(vf_format format)
{
    uint8_t t = vf_format_info(format)->type[0];
    return t == VF_TYPE_UINT || t == VF_TYPE_SINT ? 1u : F1;
}

static void ref_map(uint32_t v[4], uint32_t mapping, uint32_t one)
{
    uint32_t in[4] = { v[0], v[1], v[2], v[3] };
    for (int c = 0; c < 4; c++) {
        uint32_t s = (mapping >> (3 * c)) & 7u;
        v[c] = s < 4 ? in[s] : s == 4 ? 0 : one;
    }
}

/* Rules §4.1, §6: the element number, the 32-bit address, the whole-element
 * bounds check, unbound slots. */
static void ref_element(const struct ref *r, uint32_t e, uint32_t j, uint32_t i, uint32_t index,
                        uint32_t out[4])
{
    static const uint8_t zeros[16];
    const vf_input_element_desc *ed = &r->descs[e];
    const vf_draw_desc *d = r->d;
    uint32_t k;
    if (ed->input_slot_class == VF_INPUT_PER_VERTEX_DATA)
        k = d->indexed ? (uint32_t)d->base_vertex_location + index : d->start_location + i;
    else
        k = d->start_instance_location + (ed->instance_data_step_rate
                                              ? j / ed->instance_data_step_rate
                                              : 0);
    const vf_vertex_buffer_view *vb = NULL;
    if (ed->input_slot < d->num_vertex_buffers && d->vertex_buffers[ed->input_slot].data)
        vb = &d->vertex_buffers[ed->input_slot];
    if (!vb) {
        memset(out, 0, 16);
    } else {
        uint32_t size = vf_format_info(ed->format)->bytes;
        uint32_t addr = k * vb->stride_in_bytes + ed->aligned_byte_offset;
        const uint8_t *src = (uint64_t)addr + size <= vb->size_in_bytes
                                 ? (const uint8_t *)vb->data + addr
                                 : zeros;
        if (vf_decode_element(ed->format, src, VF_DEFAULT_COMPONENT_MAPPING, out) != VF_OK)
            ck_abort_msg("vf_decode_element failed for format %u", ed->format);
    }
    if (r->mappings)
        ref_map(out, r->mappings[e], ref_one(ed->format));
}

static int topo_strip(uint32_t t)
{
    return t == 3 || t == 5 || t == 11 || t == 13;
}

/* Record of instance j, position i (rules §4.2, §5). */
static void ref_record(const struct ref *r, uint32_t j, uint32_t i, uint32_t *rec)
{
    const vf_draw_desc *d = r->d;
    uint32_t index = 0, vid = i;
    int cut = 0;
    if (d->indexed) {
        const vf_index_buffer_view *ib = d->index_buffer;
        uint32_t isz = ib && ib->format == VF_FORMAT_R32_UINT ? 4 : 2;
        uint32_t byte = (d->start_location + i) * isz;
        if (ib && ib->data && (uint64_t)byte + isz <= ib->size_in_bytes) {
            const uint8_t *p = (const uint8_t *)ib->data + byte;
            index = isz == 2 ? (uint32_t)p[0] | (uint32_t)p[1] << 8
                             : (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                                   (uint32_t)p[3] << 24;
        }
        uint32_t cutv = d->strip_cut_value == 1 ? 0xffffu : 0xffffffffu;
        cut = topo_strip(d->primitive_topology) && d->strip_cut_value != 0 && index == cutv;
        vid = index;
    }
    memset(rec, 0, r->nreg * 16);
    for (uint32_t g = 0; g < r->nreg; g++) {
        uint32_t *w = rec + g * 4;
        if (cut) {
            if (r->reg[g] == REF_SYS && (r->sv & VF_SV_FLAGS))
                w[2] = VF_FLAG_STRIP_CUT;
            continue;
        }
        switch (r->reg[g]) {
        case REF_VID: w[0] = vid; break;
        case REF_IID: w[0] = j; break;
        case REF_SYS:
            w[0] = r->sv & VF_SV_VERTEX_ID ? vid : 0;
            w[1] = r->sv & VF_SV_INSTANCE_ID ? j : 0;
            break;
        default: ref_element(r, (uint32_t)r->reg[g], j, i, index, w); break;
        }
    }
}

/* The whole draw, AoS, instance-major. */
static uint32_t *ref_aos(const struct ref *r)
{
    uint32_t v = r->d->vertex_count_per_instance, n = r->d->instance_count;
    size_t words = (size_t)v * n * r->nreg * 4;
    uint32_t *out = xalloc(words * 4);
    for (uint32_t j = 0; j < n; j++)
        for (uint32_t i = 0; i < v; i++)
            ref_record(r, j, i, out + ((size_t)j * v + i) * r->nreg * 4);
    return out;
}

/* The SoA form of AoS records, from the layout documented in vfetch.h. */
static uint32_t *ref_soa(const uint32_t *aos, uint32_t nreg, uint32_t v, uint32_t n,
                         uint32_t lanes, int flags_reg)
{
    uint32_t batches = (v + lanes - 1) / lanes;
    size_t bwords = (size_t)nreg * 4 * lanes;
    uint32_t *out = xalloc((size_t)n * batches * bwords * 4 + 16);
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

/* The IA vertex formats that vf_layout_create accepts, in table order. */
static uint32_t ia_formats(vf_format *list)
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

/* ------------------------------------------------------------------------ */
/* Native expectations (rules §4-§6)                                         */
/* ------------------------------------------------------------------------ */

/* Rules §4.2, [NATIVE] test_vertex_id. */
START_TEST(test_vertex_id)
{
    vf_input_element_desc d[2] = {
        el("POSITION", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("INST", 0, VF_FORMAT_R32_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_layout *layout = make_layout(d, 2, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS);
    uint8_t vb0[32 * 16], vb1[32 * 4];
    fill_addr(vb0, sizeof(vb0), 1);
    fill_addr(vb1, sizeof(vb1), 2);
    vf_vertex_buffer_view vbs[2] = { { vb0, sizeof(vb0), 16 }, { vb1, sizeof(vb1), 4 } };

    /* DrawInstanced(3, 1, 3, 16): elements 3..5, IDs 0..2, instance 0. */
    vf_draw_desc dd = draw_desc(vbs, 2, 3, 1, 3, 16);
    uint32_t *out = draw_words(layout, &dd, NULL);
    for (uint32_t i = 0; i < 3; i++) {
        const uint32_t *rec = out + i * 12;
        uint32_t b = (3 + i) * 16;
        expect_reg(rec, AW(1, b), AW(1, b + 4), AW(1, b + 8), AW(1, b + 12), "pos", 0, i);
        expect_reg(rec + 4, AW(2, 16 * 4), 0, 0, 1, "inst", 0, i);
        expect_reg(rec + 8, i, 0, 0, 0, "sv", 0, i);
    }
    free(out);

    /* DrawIndexedInstanced(3, 1, 3, 9, 7), indices 0,1,2 at positions 3..5. */
    uint16_t idx[6] = { 7, 7, 7, 0, 1, 2 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    dd = indexed_desc(vbs, 2, &ib, VF_STRIP_CUT_VALUE_DISABLED, VF_TOPOLOGY_TRIANGLELIST, 3, 1, 3,
                      9, 7);
    out = draw_words(layout, &dd, NULL);
    for (uint32_t i = 0; i < 3; i++) {
        const uint32_t *rec = out + i * 12;
        uint32_t b = (9 + i) * 16;
        expect_reg(rec, AW(1, b), AW(1, b + 4), AW(1, b + 8), AW(1, b + 12), "pos", 0, i);
        expect_reg(rec + 4, AW(2, 7 * 4), 0, 0, 1, "inst", 0, i);
        expect_reg(rec + 8, i, 0, 0, 0, "sv", 0, i);
    }
    free(out);

    /* The public wrappers give the same records. */
    size_t size;
    ck_assert_int_eq(vf_draw_output_size(layout, 3, 1, &size), VF_OK);
    ck_assert_uint_eq(size, 3 * 48);
    uint32_t *a = xalloc(size), *b = xalloc(size);
    ck_assert_int_eq(vf_draw_indexed_instanced(layout, vbs, 2, &ib, VF_STRIP_CUT_VALUE_DISABLED,
                                               VF_TOPOLOGY_TRIANGLELIST, 3, 1, 3, 9, 7, a, size),
                     VF_OK);
    ck_assert_int_eq(vf_draw(layout, &dd, b, size), VF_OK);
    expect_same(a, b, size / 4, "indexed wrapper");
    dd = draw_desc(vbs, 2, 3, 1, 3, 16);
    ck_assert_int_eq(vf_draw_instanced(layout, vbs, 2, 3, 1, 3, 16, a, size), VF_OK);
    ck_assert_int_eq(vf_draw(layout, &dd, b, size), VF_OK);
    expect_same(a, b, size / 4, "instanced wrapper");
    free(a);
    free(b);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §4.1, [NATIVE] test_instance_id: rate 0 never advances but starts
 * at StartInstanceLocation; rate 2 gives 4,4,5,5. */
START_TEST(test_instance_id)
{
    vf_input_element_desc d[3] = {
        el("POS", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("RATE", 0, VF_FORMAT_R32_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 0),
        el("RATE", 2, VF_FORMAT_R32_UINT, 2, 0, VF_INPUT_PER_INSTANCE_DATA, 2),
    };
    vf_layout *layout = make_layout(d, 3, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID);
    uint8_t b0[64], b1[64], b2[64];
    fill_addr(b0, 64, 1);
    fill_addr(b1, 64, 2);
    fill_addr(b2, 64, 3);
    vf_vertex_buffer_view vbs[3] = { { b0, 64, 4 }, { b1, 64, 4 }, { b2, 64, 4 } };
    vf_draw_desc dd = draw_desc(vbs, 3, 4, 4, 0, 4);
    uint32_t *out = draw_words(layout, &dd, NULL);
    static const uint32_t rate2[4] = { 4, 4, 5, 5 };
    for (uint32_t j = 0; j < 4; j++)
        for (uint32_t i = 0; i < 4; i++) {
            const uint32_t *rec = out + (j * 4 + i) * 16;
            expect_reg(rec, AW(1, i * 4), 0, 0, 1, "pos", j, i);
            expect_reg(rec + 4, AW(2, 16), 0, 0, 1, "rate 0", j, i);
            expect_reg(rec + 8, AW(3, rate2[j] * 4), 0, 0, 1, "rate 2", j, i);
            expect_reg(rec + 12, i, j, 0, 0, "sv", j, i);
        }
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §5.3, [NATIVE] test_vbv_stride_edge_cases: stride 0, element at 16:
 * size 32 reads floats 4..7; a smaller size puts it out of bounds. */
START_TEST(test_vbv_stride_edge_cases)
{
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 16, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R32G32B32_FLOAT, 1, 16, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    vf_layout *layout = make_layout(d, 2, 0);
    float f[8];
    for (int i = 0; i < 8; i++)
        f[i] = (float)i;
    for (uint32_t size = 0; size <= 32; size++) {
        vf_vertex_buffer_view vbs[2] = { { f, size, 0 }, { f, size, 0 } };
        vf_draw_desc dd = draw_desc(vbs, 2, 2, 1, 0, 0);
        uint32_t *out = draw_words(layout, &dd, NULL);
        for (uint32_t i = 0; i < 2; i++) {
            const uint32_t *rec = out + i * 8;
            if (size >= 32)
                expect_reg(rec, vf_test_f2u(4), vf_test_f2u(5), vf_test_f2u(6), vf_test_f2u(7),
                           "float4", 0, i);
            else
                expect_reg(rec, 0, 0, 0, 0, "float4 oob", 0, i);
            if (size >= 28)
                expect_reg(rec + 4, vf_test_f2u(4), vf_test_f2u(5), vf_test_f2u(6), F1, "float3",
                           0, i);
            else
                expect_reg(rec + 4, 0, 0, 0, F1, "float3 oob", 0, i);
        }
        free(out);
    }
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §6, [NATIVE] test_null_vbv: an unbound slot reads 0,0,0,0 — no
 * default alpha — whether past num_vertex_buffers or with NULL data. */
START_TEST(test_null_vbv)
{
    vf_input_element_desc d[4] = {
        el("A", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R8G8_UNORM, 1, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("C", 0, VF_FORMAT_R16_UINT, 5, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("D", 0, VF_FORMAT_R32G32_FLOAT, 6, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_layout *layout = make_layout(d, 4, 0);
    float f[6] = { 1, 2, 3, 4, 5, 6 };
    vf_vertex_buffer_view vbs[2] = { { f, sizeof(f), 12 }, { NULL, 64, 2 } };
    vf_draw_desc dd = draw_desc(vbs, 2, 2, 2, 0, 0);
    uint32_t *out = draw_words(layout, &dd, NULL);
    for (uint32_t j = 0; j < 2; j++)
        for (uint32_t i = 0; i < 2; i++) {
            const uint32_t *rec = out + (j * 2 + i) * 16;
            expect_reg(rec, vf_test_f2u(f[i * 3]), vf_test_f2u(f[i * 3 + 1]),
                       vf_test_f2u(f[i * 3 + 2]), F1, "bound", j, i);
            expect_reg(rec + 4, 0, 0, 0, 0, "null data", j, i);
            expect_reg(rec + 8, 0, 0, 0, 0, "slot past count", j, i);
            expect_reg(rec + 12, 0, 0, 0, 0, "per-instance unbound", j, i);
        }
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §5.3, [NATIVE] test_zero_vertex_stride: per-vertex and per-instance. */
START_TEST(test_zero_stride)
{
    vf_input_element_desc d[2] = {
        el("V", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 4, VF_INPUT_PER_VERTEX_DATA, 0),
        el("I", 0, VF_FORMAT_R32G32_UINT, 1, 8, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_layout *layout = make_layout(d, 2, 0);
    uint8_t b0[20], b1[16];
    fill_addr(b0, sizeof(b0), 1);
    fill_addr(b1, sizeof(b1), 2);
    vf_vertex_buffer_view vbs[2] = { { b0, 20, 0 }, { b1, 16, 0 } };
    /* Long enough for several batches, plus an indexed form. */
    vf_draw_desc dd = draw_desc(vbs, 2, 150, 3, 1000, 77);
    uint32_t *out = draw_words(layout, &dd, NULL);
    for (uint32_t j = 0; j < 3; j++)
        for (uint32_t i = 0; i < 150; i++) {
            const uint32_t *rec = out + (j * 150 + i) * 8;
            expect_reg(rec, AW(1, 4), AW(1, 8), AW(1, 12), AW(1, 16), "vertex", j, i);
            expect_reg(rec + 4, AW(2, 8), AW(2, 12), 0, 1, "instance", j, i);
        }
    free(out);
    uint32_t idx[5] = { 0, 1000000, 5, 0xfffffffe, 3 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    dd = indexed_desc(vbs, 2, &ib, 0, VF_TOPOLOGY_POINTLIST, 5, 2, 0, -7, 0);
    out = draw_words(layout, &dd, NULL);
    for (uint32_t j = 0; j < 2; j++)
        for (uint32_t i = 0; i < 5; i++) {
            const uint32_t *rec = out + (j * 5 + i) * 8;
            expect_reg(rec, AW(1, 4), AW(1, 8), AW(1, 12), AW(1, 16), "indexed vertex", j, i);
            expect_reg(rec + 4, AW(2, 8), AW(2, 12), 0, 1, "indexed instance", j, i);
        }
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §5.1: no index buffer (NULL view or NULL data): every index is 0. */
START_TEST(test_no_index_buffer)
{
    vf_input_element_desc d = el("A", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    vf_layout *layout = make_layout(&d, 1, VF_SV_VERTEX_ID | VF_SV_FLAGS);
    uint8_t b[64];
    fill_addr(b, sizeof(b), 1);
    vf_vertex_buffer_view vb = { b, sizeof(b), 4 };
    vf_index_buffer_view null_data = { NULL, 64, VF_FORMAT_R16_UINT };
    const vf_index_buffer_view *ibs[2] = { NULL, &null_data };
    for (int t = 0; t < 2; t++) {
        vf_draw_desc dd = indexed_desc(&vb, 1, ibs[t], VF_STRIP_CUT_VALUE_0xFFFF,
                                       VF_TOPOLOGY_TRIANGLESTRIP, 70, 1, 5, 3, 0);
        uint32_t *out = draw_words(layout, &dd, NULL);
        for (uint32_t i = 0; i < 70; i++) {
            expect_reg(out + i * 8, AW(1, 12), 0, 0, 1, "element", 0, i);
            expect_reg(out + i * 8 + 4, 0, 0, 0, 0, "sv", 0, i);
        }
        free(out);
    }
    vf_layout_destroy(layout);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Addressing and bounds                                                     */
/* ------------------------------------------------------------------------ */

/* Rules §6: in bounds iff offset + format size <= SizeInBytes; an element
 * straddling the end is out of bounds. Every size around every boundary. */
START_TEST(test_oob_boundaries)
{
    static const uint32_t offs[3] = { 0, 4, 8 };
    uint8_t buf[96];
    fill_addr(buf, sizeof(buf), 1);
    for (int o = 0; o < 3; o++) {
        vf_input_element_desc d[2] = {
            el("V", 0, VF_FORMAT_R32G32_UINT, 0, offs[o], VF_INPUT_PER_VERTEX_DATA, 0),
            el("I", 0, VF_FORMAT_R32G32_UINT, 1, offs[o], VF_INPUT_PER_INSTANCE_DATA, 1),
        };
        vf_layout *layout = make_layout(d, 2, 0);
        for (uint32_t size = 0; size <= 96; size++) {
            vf_vertex_buffer_view vbs[2] = { { buf, size, 12 }, { buf, size, 12 } };
            vf_draw_desc dd = draw_desc(vbs, 2, 8, 8, 0, 0);
            uint32_t *out = draw_words(layout, &dd, NULL);
            for (uint32_t j = 0; j < 8; j++)
                for (uint32_t i = 0; i < 8; i++) {
                    const uint32_t *rec = out + (j * 8 + i) * 8;
                    uint32_t av = i * 12 + offs[o], ai = j * 12 + offs[o];
                    if (av + 8 <= size)
                        expect_reg(rec, AW(1, av), AW(1, av + 4), 0, 1, "vertex in", j, i);
                    else
                        expect_reg(rec, 0, 0, 0, 1, "vertex out", j, i);
                    if (ai + 8 <= size)
                        expect_reg(rec + 4, AW(1, ai), AW(1, ai + 4), 0, 1, "instance in", j, i);
                    else
                        expect_reg(rec + 4, 0, 0, 0, 1, "instance out", j, i);
                }
            free(out);
        }
        vf_layout_destroy(layout);
    }
}
END_TEST

/* Rules §4.1, §5.1: BaseVertexLocation is added mod 2^32; a negative base
 * brings large indices back into range; addresses wrap mod 2^32. */
START_TEST(test_base_vertex_wrap)
{
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R32_UINT, 0, 4, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    vf_layout *layout = make_layout(d, 2, VF_SV_VERTEX_ID);
    uint8_t b[64];
    fill_addr(b, sizeof(b), 1);
    vf_vertex_buffer_view vb = { b, sizeof(b), 4 };
    uint32_t idx[8] = { 10, 11, 12, 13, 0x80000000u, 0x80000001u, 0, 0xffffffffu };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    static const int32_t bases[5] = { -10, INT_MIN, INT_MAX, -1, 0 };
    for (int t = 0; t < 5; t++) {
        vf_draw_desc dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 8, 1, 0,
                                       bases[t], 0);
        uint32_t *out = draw_words(layout, &dd, NULL);
        for (uint32_t i = 0; i < 8; i++) {
            uint32_t k = (uint32_t)bases[t] + idx[i];
            uint32_t a = k * 4, a4 = k * 4 + 4;
            const uint32_t *rec = out + i * 12;
            expect_reg(rec, (uint64_t)a + 4 <= 64 ? AW(1, a) : 0, 0, 0, 1, "A", 0, i);
            expect_reg(rec + 4, (uint64_t)a4 + 4 <= 64 ? AW(1, a4) : 0, 0, 0, 1, "B", 0, i);
            expect_reg(rec + 8, idx[i], 0, 0, 0, "sv", 0, i);
        }
        free(out);
    }
    /* Spot checks written out: */
    vf_draw_desc dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 8, 1, 0, -10, 0);
    uint32_t *out = draw_words(layout, &dd, NULL);
    expect_reg(out + 0 * 12, AW(1, 0), 0, 0, 1, "-10 + 10 = element 0", 0, 0);
    expect_reg(out + 3 * 12, AW(1, 12), 0, 0, 1, "-10 + 13 = element 3", 0, 3);
    expect_reg(out + 6 * 12, 0, 0, 0, 1, "-10 + 0 wraps below the view: out", 0, 6);
    free(out);
    dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 8, 1, 0, INT_MIN, 0);
    out = draw_words(layout, &dd, NULL);
    expect_reg(out + 4 * 12, AW(1, 0), 0, 0, 1, "INT_MIN + 0x80000000 = 0", 0, 4);
    free(out);
    dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 8, 1, 0, INT_MAX, 0);
    out = draw_words(layout, &dd, NULL);
    expect_reg(out + 5 * 12, AW(1, 0), 0, 0, 1, "INT_MAX + 0x80000001 = 0", 0, 5);
    free(out);
    /* k = 0xffffffff: A at 0xfffffffc is out; B at (0xfffffffc + 4) mod 2^32
     * = 0 is read (rules §4.1: the address is 32-bit). */
    dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 8, 1, 0, -1, 0);
    out = draw_words(layout, &dd, NULL);
    expect_reg(out + 6 * 12, 0, 0, 0, 1, "A at -1", 0, 6);
    expect_reg(out + 6 * 12 + 4, AW(1, 0), 0, 0, 1, "B at -1 wraps to 0", 0, 6);
    free(out);

    /* StartVertexLocation wraps too (DrawInstanced). */
    dd = draw_desc(&vb, 1, 4, 1, 0xfffffffeu, 0);
    out = draw_words(layout, &dd, NULL);
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t k = 0xfffffffeu + i, a = k * 4, a4 = a + 4;
        expect_reg(out + i * 12, (uint64_t)a + 4 <= 64 ? AW(1, a) : 0, 0, 0, 1, "A", 0, i);
        expect_reg(out + i * 12 + 4, (uint64_t)a4 + 4 <= 64 ? AW(1, a4) : 0, 0, 0, 1, "B", 0, i);
        expect_reg(out + i * 12 + 8, i, 0, 0, 0, "sv", 0, i);
    }
    expect_reg(out + 2 * 12, AW(1, 0), 0, 0, 1, "k wraps to 0", 0, 2);
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §5.2, §6: one batch of scattered indices mixing vertices inside the
 * view, indices far past it, strip cuts, and (second draw) a vertex with
 * one element inside and one past the end of the view. */
START_TEST(test_gather_mixed_batch)
{
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R32_UINT, 0, 16, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    vf_layout *layout = make_layout(d, 2, 0);
    uint8_t b[200];
    fill_addr(b, sizeof(b), 3);
    /* 10 vertices of 20 bytes; the view ends inside vertex 9: its A
     * (180..196) is inside, its B (196..200) is not. */
    vf_vertex_buffer_view vb = { b, 198, 20 };
    for (int with_partial = 0; with_partial < 2; with_partial++) {
        uint16_t idx[96];
        for (uint32_t i = 0; i < 96; i++) {
            uint32_t pick = (i * 7 + 3) % 12;
            idx[i] = pick == 10 ? 0xffffu : pick == 11 ? 40000u
                     : pick == 9 && !with_partial ? 4u : (uint16_t)pick;
        }
        vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
        vf_draw_desc dd = indexed_desc(&vb, 1, &ib, VF_STRIP_CUT_VALUE_0xFFFF,
                                       VF_TOPOLOGY_TRIANGLESTRIP, 96, 1, 0, 0, 0);
        uint32_t *out = draw_words(layout, &dd, NULL);
        for (uint32_t i = 0; i < 96; i++) {
            const uint32_t *rec = out + i * 8;
            uint32_t k = idx[i], a = k * 20;
            if (k == 0xffffu) {
                expect_reg(rec, 0, 0, 0, 0, "cut A", 0, i);
                expect_reg(rec + 4, 0, 0, 0, 0, "cut B", 0, i);
                continue;
            }
            int a_in = a + 16 <= 198, b_in = a + 20 <= 198;
            expect_reg(rec, a_in ? AW(3, a) : 0, a_in ? AW(3, a + 4) : 0, a_in ? AW(3, a + 8) : 0,
                       a_in ? AW(3, a + 12) : 0, "A", 0, i);
            expect_reg(rec + 4, b_in ? AW(3, a + 16) : 0, 0, 0, 1, "B", 0, i);
        }
        free(out);
    }
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §4.1: step rates 0..5 with StartInstanceLocation (wrapping too). */
START_TEST(test_step_rates)
{
    static const uint32_t starts[3] = { 0, 7, 0xfffffffeu };
    uint8_t b[256];
    fill_addr(b, sizeof(b), 4);
    for (uint32_t rate = 0; rate <= 5; rate++) {
        vf_input_element_desc d[2] = {
            el("V", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
            el("I", 0, VF_FORMAT_R32_UINT, 3, 0, VF_INPUT_PER_INSTANCE_DATA, rate),
        };
        vf_layout *layout = make_layout(d, 2, VF_SV_INSTANCE_ID);
        for (int s = 0; s < 3; s++) {
            vf_vertex_buffer_view vbs[4] = { { b, 256, 4 }, { 0 }, { 0 }, { b, 256, 4 } };
            vf_draw_desc dd = draw_desc(vbs, 4, 3, 13, 2, starts[s]);
            uint32_t *out = draw_words(layout, &dd, NULL);
            for (uint32_t j = 0; j < 13; j++) {
                uint32_t k = starts[s] + (rate ? j / rate : 0);
                uint32_t a = k * 4;
                for (uint32_t i = 0; i < 3; i++) {
                    const uint32_t *rec = out + (j * 3 + i) * 12;
                    expect_reg(rec, AW(4, (2 + i) * 4), 0, 0, 1, "vertex", j, i);
                    expect_reg(rec + 4, (uint64_t)a + 4 <= 256 ? AW(4, a) : 0, 0, 0, 1,
                               "instance", j, i);
                    expect_reg(rec + 8, 0, j, 0, 0, "sv", j, i);
                }
            }
            free(out);
        }
        vf_layout_destroy(layout);
    }
}
END_TEST

/* Rules §5.1: index bytes past the view (or straddling its end) read 0, an
 * ordinary index; the byte offset is (start + i) * size mod 2^32. */
START_TEST(test_index_oob)
{
    vf_input_element_desc d = el("A", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    vf_layout *layout = make_layout(&d, 1, VF_SV_VERTEX_ID | VF_SV_FLAGS);
    uint8_t b[64];
    fill_addr(b, sizeof(b), 1);
    vf_vertex_buffer_view vb = { b, sizeof(b), 4 };
    uint8_t raw[12];
    for (int i = 0; i < 12; i++)
        raw[i] = (uint8_t)(i + 1);
    for (int isz = 2; isz <= 4; isz += 2) {
        for (uint32_t size = 0; size <= 12; size++) {
            vf_index_buffer_view ib = { raw, size,
                                        isz == 2 ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT };
            /* Strip with the cut enabled: a 0 read past the end is no cut. */
            uint32_t cut = isz == 2 ? VF_STRIP_CUT_VALUE_0xFFFF : VF_STRIP_CUT_VALUE_0xFFFFFFFF;
            vf_draw_desc dd = indexed_desc(&vb, 1, &ib, cut, VF_TOPOLOGY_LINESTRIP, 8, 1, 1, 2, 0);
            uint32_t *out = draw_words(layout, &dd, NULL);
            for (uint32_t i = 0; i < 8; i++) {
                uint32_t byte = (1 + i) * (uint32_t)isz, index = 0;
                if (byte + (uint32_t)isz <= size)
                    for (int c = isz - 1; c >= 0; c--)
                        index = index << 8 | raw[byte + (uint32_t)c];
                uint32_t a = (2 + index) * 4;
                expect_reg(out + i * 8, (uint64_t)a + 4 <= 64 ? AW(1, a) : 0, 0, 0, 1, "A", 0, i);
                expect_reg(out + i * 8 + 4, index, 0, 0, 0, "sv", 0, i);
            }
            free(out);
        }
    }
    /* StartIndexLocation 0x80000000 with 16-bit indices: byte offset wraps to 0. */
    uint16_t idx16[2] = { 3, 4 };
    vf_index_buffer_view ib = { idx16, 4, VF_FORMAT_R16_UINT };
    vf_draw_desc dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_POINTLIST, 3, 1, 0x80000000u, 0, 0);
    uint32_t *out = draw_words(layout, &dd, NULL);
    expect_reg(out + 4, 3, 0, 0, 0, "wrapped index 0", 0, 0);
    expect_reg(out + 12, 4, 0, 0, 0, "wrapped index 1", 0, 1);
    expect_reg(out + 20, 0, 0, 0, 0, "index 2 past the view", 0, 2);
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* Rules §5.2: cuts only in strip topologies with the cut enabled; a cut
 * record is all zero but the flag; elsewhere the value is an ordinary index. */
START_TEST(test_strip_cut)
{
    static const uint32_t topos[9] = { 1, 2, 3, 4, 5, 10, 11, 12, 13 };
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R32_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_layout *with_flags = make_layout(d, 2, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS);
    vf_layout *no_flags = make_layout(d, 2, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID);
    uint8_t b[64];
    fill_addr(b, sizeof(b), 1);
    vf_vertex_buffer_view vbs[2] = { { b, sizeof(b), 4 }, { b, sizeof(b), 4 } };
    uint16_t i16[8] = { 0, 1, 0xffff, 2, 3, 0xffff, 0xffff, 4 };
    uint32_t i32[8] = { 0, 1, 0xffffffffu, 2, 3, 0xffffffffu, 0xffffffffu, 0xffff };
    for (int isz = 2; isz <= 4; isz += 2) {
        vf_index_buffer_view ib = { isz == 2 ? (const void *)i16 : (const void *)i32,
                                    isz == 2 ? sizeof(i16) : sizeof(i32),
                                    isz == 2 ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT };
        uint32_t cutv = isz == 2 ? 0xffffu : 0xffffffffu;
        for (int t = 0; t < 9; t++)
            for (uint32_t cv = 0; cv <= 2; cv++) {
                if (cv != 0 && cv != (isz == 2 ? 1u : 2u))
                    continue;
                for (int fl = 0; fl < 2; fl++) {
                    vf_layout *layout = fl ? with_flags : no_flags;
                    /* base 1: a 32-bit 0xffffffff that is no cut reads element 0. */
                    vf_draw_desc dd = indexed_desc(vbs, 2, &ib, cv, topos[t], 8, 2, 0, 1, 0);
                    uint32_t *out = draw_words(layout, &dd, NULL);
                    for (uint32_t j = 0; j < 2; j++)
                        for (uint32_t i = 0; i < 8; i++) {
                            uint32_t index = isz == 2 ? i16[i] : i32[i];
                            const uint32_t *rec = out + (j * 8 + i) * 12;
                            int strip = topos[t] == 3 || topos[t] == 5 || topos[t] == 11 ||
                                        topos[t] == 13;
                            if (strip && cv != 0 && index == cutv) {
                                expect_reg(rec, 0, 0, 0, 0, "cut A", j, i);
                                expect_reg(rec + 4, 0, 0, 0, 0, "cut B", j, i);
                                expect_reg(rec + 8, 0, 0, fl ? VF_FLAG_STRIP_CUT : 0, 0, "cut sv",
                                           j, i);
                                continue;
                            }
                            uint32_t a = (1 + index) * 4;
                            expect_reg(rec, (uint64_t)a + 4 <= 64 ? AW(1, a) : 0, 0, 0, 1, "A",
                                       j, i);
                            expect_reg(rec + 4, AW(1, j * 4), 0, 0, 1, "B", j, i);
                            expect_reg(rec + 8, index, j, 0, 0, "sv", j, i);
                        }
                    free(out);
                }
            }
    }
    vf_layout_destroy(with_flags);
    vf_layout_destroy(no_flags);
}
END_TEST

/* Mappings route the fetched value, FORCE_VALUE_1 is 1 or 1.0f by the
 * format's type; per-vertex, per-instance, out-of-bounds and unbound. */
START_TEST(test_mappings)
{
    vf_input_element_desc d[4] = {
        el("A", 0, VF_FORMAT_R8G8B8A8_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R32G32B32_FLOAT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
        el("C", 0, VF_FORMAT_R16G16_SINT, 2, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("D", 0, VF_FORMAT_R32_FLOAT, 3, 0, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    uint32_t maps[4] = {
        VF_ENCODE_COMPONENT_MAPPING(3, 2, 1, 0),
        VF_ENCODE_COMPONENT_MAPPING(0, 5, 4, 3),
        VF_ENCODE_COMPONENT_MAPPING(5, 1, 3, 4),
        VF_ENCODE_COMPONENT_MAPPING(4, 5, 0, 3),
    };
    vf_layout *layout = make_layout_full(d, 4, maps, 0, VF_OUTPUT_AOS, NULL, 0);
    uint8_t a[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    float f[3] = { 2.5f, 3.5f, 4.5f };
    int16_t s[2] = { -3, 9 };
    /* C in bounds for vertex 0 only; D unbound. */
    vf_vertex_buffer_view vbs[3] = { { a, 8, 4 }, { f, 12, 12 }, { s, 4, 4 } };
    vf_draw_desc dd = draw_desc(vbs, 3, 2, 1, 0, 0);
    uint32_t *out = draw_words(layout, &dd, NULL);
    expect_reg(out, 4, 3, 2, 1, "A0", 0, 0);
    expect_reg(out + 16, 8, 7, 6, 5, "A1", 0, 1);
    for (uint32_t i = 0; i < 2; i++)
        expect_reg(out + i * 16 + 4, vf_test_f2u(2.5f), F1, 0, F1, "B", 0, i);
    expect_reg(out + 8, 1, 9, 1, 0, "C in", 0, 0);
    expect_reg(out + 16 + 8, 1, 0, 1, 0, "C out", 0, 1);
    for (uint32_t i = 0; i < 2; i++)
        expect_reg(out + i * 16 + 12, 0, F1, 0, 0, "D unbound", 0, i);
    free(out);
    /* The same through the gather path (indexed, scattered indices). */
    uint16_t idx[4] = { 1, 0, 1, 1 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    dd = indexed_desc(vbs, 3, &ib, 0, VF_TOPOLOGY_POINTLIST, 4, 1, 0, 0, 0);
    out = draw_words(layout, &dd, NULL);
    for (uint32_t i = 0; i < 4; i++) {
        if (idx[i])
            expect_reg(out + i * 16, 8, 7, 6, 5, "A gather", 0, i);
        else
            expect_reg(out + i * 16, 4, 3, 2, 1, "A gather", 0, i);
        if (idx[i])
            expect_reg(out + i * 16 + 8, 1, 0, 1, 0, "C gather", 0, i);
        else
            expect_reg(out + i * 16 + 8, 1, 9, 1, 0, "C gather", 0, i);
    }
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* A signature orders registers by v# and asks for SV_VertexID /
 * SV_InstanceID in .x of their own registers; unread elements are skipped. */
START_TEST(test_signature_records)
{
    vf_input_element_desc d[3] = {
        el("POSITION", 0, VF_FORMAT_R32G32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("UNUSED", 0, VF_FORMAT_R32_UINT, 0, 8, VF_INPUT_PER_VERTEX_DATA, 0),
        el("COLOR", 1, VF_FORMAT_R32_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_signature_element sig[4] = {
        { "position", 0, 4, 0x3, VF_REGISTER_COMPONENT_UINT32 },
        { "SV_VertexID", 0, 1, 0x1, VF_REGISTER_COMPONENT_UINT32 },
        { "COLOR", 1, 0, 0x1, VF_REGISTER_COMPONENT_UINT32 },
        { "SV_InstanceID", 0, 2, 0x1, VF_REGISTER_COMPONENT_UINT32 },
    };
    vf_layout *layout = make_layout_full(d, 3, NULL, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID,
                                         VF_OUTPUT_AOS, sig, 4);
    ck_assert_uint_eq(vf_layout_record_size(layout), 5 * 16);
    uint8_t b0[120], b1[16];
    fill_addr(b0, sizeof(b0), 1);
    fill_addr(b1, sizeof(b1), 2);
    vf_vertex_buffer_view vbs[2] = { { b0, sizeof(b0), 12 }, { b1, sizeof(b1), 4 } };
    uint16_t idx[5] = { 4, 9, 2, 0xffff, 1 };
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_draw_desc dd = indexed_desc(vbs, 2, &ib, 1, VF_TOPOLOGY_TRIANGLESTRIP, 5, 3, 0, 0, 1);
    uint32_t *out = draw_words(layout, &dd, NULL);
    for (uint32_t j = 0; j < 3; j++)
        for (uint32_t i = 0; i < 5; i++) {
            const uint32_t *rec = out + (j * 5 + i) * 20;
            if (idx[i] == 0xffff) {
                for (int w = 0; w < 20; w++)
                    if (rec[w] != 0)
                        ck_abort_msg("cut record word %d: %08x", w, rec[w]);
                continue;
            }
            uint32_t a = idx[i] * 12u, ai = (1 + j) * 4;
            expect_reg(rec, ai + 4 <= 16 ? AW(2, ai) : 0, 0, 0, 1, "v0 COLOR1", j, i);
            expect_reg(rec + 4, idx[i], 0, 0, 0, "v1 SV_VertexID", j, i);
            expect_reg(rec + 8, j, 0, 0, 0, "v2 SV_InstanceID", j, i);
            if (a + 8 <= 120)
                expect_reg(rec + 12, AW(1, a), AW(1, a + 4), 0, 1, "v4 POSITION", j, i);
            else
                expect_reg(rec + 12, 0, 0, 0, 1, "v4 POSITION", j, i);
            expect_reg(rec + 16, idx[i], j, 0, 0, "system", j, i);
        }
    free(out);

    /* A list (no cuts) over more instances, indexed and not: instances
     * after the first are built from the one before, so every
     * per-instance register and SV_InstanceID must still be its own
     * (instances 3 and on read past the per-instance view). */
    uint16_t list_idx[5] = { 4, 9, 2, 3, 1 };
    vf_index_buffer_view list_ib = { list_idx, sizeof(list_idx), VF_FORMAT_R16_UINT };
    for (int indexed = 0; indexed < 2; indexed++) {
        dd = indexed ? indexed_desc(vbs, 2, &list_ib, 0, VF_TOPOLOGY_TRIANGLELIST, 5, 6, 0, 0, 1)
                     : draw_desc(vbs, 2, 5, 6, 3, 1);
        out = draw_words(layout, &dd, NULL);
        for (uint32_t j = 0; j < 6; j++)
            for (uint32_t i = 0; i < 5; i++) {
                const uint32_t *rec = out + (j * 5 + i) * 20;
                uint32_t vid = indexed ? list_idx[i] : i;
                uint32_t k = indexed ? list_idx[i] : 3 + i;
                uint32_t a = k * 12u, ai = (1 + j) * 4;
                expect_reg(rec, ai + 4 <= 16 ? AW(2, ai) : 0, 0, 0, 1, "list v0 COLOR1", j, i);
                expect_reg(rec + 4, vid, 0, 0, 0, "list v1 SV_VertexID", j, i);
                expect_reg(rec + 8, j, 0, 0, 0, "list v2 SV_InstanceID", j, i);
                if (a + 8 <= 120)
                    expect_reg(rec + 12, AW(1, a), AW(1, a + 4), 0, 1, "list v4 POSITION", j, i);
                else
                    expect_reg(rec + 12, 0, 0, 0, 1, "list v4 POSITION", j, i);
                expect_reg(rec + 16, vid, j, 0, 0, "list system", j, i);
            }
        free(out);
    }
    vf_layout_destroy(layout);
}
END_TEST

/* Index buffers that are sequential but for one index, at every place in
 * a batch, against the reference: a batch is only read as consecutive
 * elements when every index is. */
START_TEST(test_index_patterns)
{
    static const uint32_t places[7] = { 0, 1, 2, 31, 63, 64, 127 };
    static const uint32_t deltas[6] = { 1, 0xffffffffu, 2, 64, 0x10000u, 0x80000000u };
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R16G16_UINT, 0, 16, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    vf_layout *layout = make_layout(d, 2, VF_SV_VERTEX_ID);
    size_t bytes = 20 * 700;
    uint8_t *b = xalloc(bytes);
    fill_addr(b, bytes, 1);
    vf_vertex_buffer_view vb = { b, (uint32_t)bytes, 20 };
    uint32_t idx[128];
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    for (int start = 0; start < 2; start++)
        for (int p = 0; p < 7; p++)
            for (int dl = 0; dl < 6; dl++) {
                for (uint32_t i = 0; i < 128; i++)
                    idx[i] = (start ? 500u : 3u) + i;
                idx[places[p]] += deltas[dl];
                vf_draw_desc dd = indexed_desc(&vb, 1, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, 128, 1,
                                               0, start ? -300 : 0, 0);
                struct ref r;
                ref_init(&r, d, 2, NULL, VF_SV_VERTEX_ID, &dd);
                uint32_t *want = ref_aos(&r);
                size_t words;
                uint32_t *got = draw_words(layout, &dd, &words);
                expect_same(got, want, words, "index pattern");
                free(got);
                free(want);
            }
    free(b);
    vf_layout_destroy(layout);
}
END_TEST

/* An SoA range that stops inside a batch before the end of the draw: the
 * lanes past the range are zero and flagged inactive (vfetch.h). */
START_TEST(test_soa_partial_range)
{
    vf_input_element_desc d = el("A", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    vf_layout *layout = make_layout_full(&d, 1, NULL, VF_SV_VERTEX_ID | VF_SV_FLAGS,
                                         VF_OUTPUT_SOA4, NULL, 0);
    uint8_t b[64];
    fill_addr(b, sizeof(b), 1);
    vf_vertex_buffer_view vb = { b, sizeof(b), 4 };
    vf_draw_desc dd = draw_desc(&vb, 1, 10, 1, 0, 0);
    _Alignas(16) uint32_t out[32];
    memset(out, 0xCD, sizeof(out));
    ck_assert_int_eq(vf_fetch_range(layout, &dd, 0, 4, 2, out, sizeof(out)), VF_OK);
    /* word (r * 4 + c) * 4 + lane; register 0 = A, register 1 = system. */
    static const uint32_t want[32] = {
        AW(1, 16), AW(1, 20), 0, 0, /* A.x */
        0, 0, 0, 0,                 /* A.y */
        0, 0, 0, 0,                 /* A.z */
        1, 1, 0, 0,                 /* A.w */
        4, 5, 0, 0,                 /* SV_VertexID */
        0, 0, 0, 0,                 /* SV_InstanceID (not requested) */
        0, 0, VF_FLAG_INACTIVE, VF_FLAG_INACTIVE,
        0, 0, 0, 0,
    };
    expect_same(out, want, 32, "partial SoA range");
    vf_layout_destroy(layout);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Validation                                                                */
/* ------------------------------------------------------------------------ */

/* vf_draw (and, with `range`, vf_fetch_range of the first vertex) fails
 * with `want` and writes nothing. */
static void expect_error_r(const vf_layout *layout, const vf_draw_desc *d, vf_result want,
                           int range)
{
    uint8_t out[4096 + 16];
    uint8_t *o = out + (16 - ((uintptr_t)out & 15)) % 16;
    memset(o, 0xCD, 4096);
    vf_result res = vf_draw(layout, d, o, 4096);
    ck_assert_msg(res == want, "vf_draw gave %d, want %d", (int)res, (int)want);
    for (int i = 0; i < 4096; i++)
        if (o[i] != 0xCD)
            ck_abort_msg("byte %d written on error", i);
    if (range && d && layout && d->instance_count > 0 && d->vertex_count_per_instance > 0) {
        res = vf_fetch_range(layout, d, 0, 0, 1, o, 4096);
        ck_assert_msg(res == want, "vf_fetch_range gave %d, want %d", (int)res, (int)want);
        for (int i = 0; i < 4096; i++)
            if (o[i] != 0xCD)
                ck_abort_msg("byte %d written on error", i);
    }
}

static void expect_error(const vf_layout *layout, const vf_draw_desc *d, vf_result want)
{
    expect_error_r(layout, d, want, 1);
}

START_TEST(test_validation)
{
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R16G16_UNORM, 2, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_layout *layout = make_layout(d, 2, VF_SV_FLAGS);
    uint8_t b[256] = { 0 };
    vf_vertex_buffer_view vbs[33];
    for (int i = 0; i < 33; i++)
        vbs[i] = (vf_vertex_buffer_view){ b, sizeof(b), 12 };
    vbs[2].stride_in_bytes = 4;
    uint16_t idx[4] = { 0 };
    vf_index_buffer_view ib16 = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    vf_index_buffer_view ib32 = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    vf_draw_desc ok = indexed_desc(vbs, 3, &ib16, 1, VF_TOPOLOGY_TRIANGLESTRIP, 4, 2, 0, 0, 0);
    vf_draw_desc dd;

    /* The baseline is valid. */
    size_t size;
    ck_assert_int_eq(vf_draw_output_size(layout, 4, 2, &size), VF_OK);
    ck_assert_uint_eq(size, 4 * 2 * 48);
    uint32_t *out = xalloc(size);
    ck_assert_int_eq(vf_draw(layout, &ok, out, size), VF_OK);
    ck_assert_int_eq(vf_draw(layout, &ok, out, size - 1), VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_draw(layout, &ok, (uint8_t *)out + 4, size), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_draw(layout, &ok, NULL, size), VF_ERROR_NULL_POINTER);
    free(out);

    expect_error(NULL, &ok, VF_ERROR_NULL_POINTER);
    expect_error(layout, NULL, VF_ERROR_NULL_POINTER);
    dd = ok;
    dd.struct_size--;
    expect_error(layout, &dd, VF_ERROR_INVALID_ARGUMENT);
    dd = ok;
    dd.num_vertex_buffers = 33;
    expect_error(layout, &dd, VF_ERROR_TOO_MANY_BUFFERS);
    dd = ok;
    dd.vertex_buffers = NULL;
    expect_error(layout, &dd, VF_ERROR_NULL_POINTER);
    dd = ok;
    dd.strip_cut_value = 3;
    expect_error(layout, &dd, VF_ERROR_INVALID_STRIP_CUT_VALUE);
    static const uint32_t bad_topos[7] = { 0, 6, 9, 14, 32, 65, 0xffffffffu };
    for (int t = 0; t < 7; t++) {
        dd = ok;
        dd.primitive_topology = bad_topos[t];
        expect_error(layout, &dd, VF_ERROR_INVALID_TOPOLOGY);
    }
    static const vf_format bad_ib[4] = { VF_FORMAT_UNKNOWN, VF_FORMAT_R8_UINT, VF_FORMAT_R16_SINT,
                                         VF_FORMAT_R32_FLOAT };
    for (int t = 0; t < 4; t++) {
        vf_index_buffer_view bad = { idx, sizeof(idx), bad_ib[t] };
        dd = ok;
        dd.index_buffer = &bad;
        expect_error(layout, &dd, VF_ERROR_INVALID_INDEX_FORMAT);
    }
    dd = ok;
    dd.index_buffer = &ib32; /* cut 0xFFFF with 32-bit indices */
    expect_error(layout, &dd, VF_ERROR_STRIP_CUT_MISMATCH);
    dd = ok;
    dd.strip_cut_value = 2; /* cut 0xFFFFFFFF with 16-bit indices */
    expect_error(layout, &dd, VF_ERROR_STRIP_CUT_MISMATCH);
    /* Stride rules, for used and bound slots only. */
    vbs[0].stride_in_bytes = 2052;
    expect_error(layout, &ok, VF_ERROR_STRIDE_TOO_LARGE);
    vbs[0].stride_in_bytes = 14;
    expect_error(layout, &ok, VF_ERROR_MISALIGNED_STRIDE);
    vbs[0].stride_in_bytes = 12;
    vbs[2].stride_in_bytes = 6;
    expect_error(layout, &ok, VF_ERROR_MISALIGNED_STRIDE);
    vbs[2].stride_in_bytes = 2048; /* largest legal */
    vbs[1].stride_in_bytes = 3;    /* slot 1 is not used */
    vbs[3].stride_in_bytes = 9999; /* nor slot 3 */
    out = xalloc(size);
    ck_assert_int_eq(vf_draw(layout, &ok, out, size), VF_OK);
    vbs[0].data = NULL; /* an unbound slot's stride is not checked */
    vbs[0].stride_in_bytes = 7;
    ck_assert_int_eq(vf_draw(layout, &ok, out, size), VF_OK);
    vbs[0] = (vf_vertex_buffer_view){ b, sizeof(b), 12 };
    free(out);

    /* Zero vertices or instances: OK, nothing written, NULL output fine. */
    dd = ok;
    dd.vertex_count_per_instance = 0;
    ck_assert_int_eq(vf_draw(layout, &dd, NULL, 0), VF_OK);
    expect_error(layout, &dd, VF_OK);
    dd = ok;
    dd.instance_count = 0;
    ck_assert_int_eq(vf_draw(layout, &dd, NULL, 0), VF_OK);

    /* Sizes that overflow. */
    ck_assert_int_eq(vf_draw_output_size(layout, 0xffffffffu, 0xffffffffu, &size),
                     SIZE_MAX / 48 < 0xfffffffe00000001ull ? VF_ERROR_OVERFLOW : VF_OK);
    dd = ok;
    dd.vertex_count_per_instance = 0xffffffffu;
    dd.instance_count = 0xffffffffu;
    expect_error_r(layout, &dd, SIZE_MAX / 48 < 0xfffffffe00000001ull ? VF_ERROR_OVERFLOW : VF_OK,
                   0);
    ck_assert_int_eq(vf_draw_output_size(NULL, 1, 1, &size), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_output_size(layout, 1, 1, NULL), VF_ERROR_NULL_POINTER);

    /* Ranges outside the draw. */
    _Alignas(16) uint32_t small[64];
    ck_assert_int_eq(vf_fetch_range(layout, &ok, 2, 0, 1, small, sizeof(small)),
                     VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &ok, 1, 3, 2, small, sizeof(small)),
                     VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &ok, 1, 0xffffffffu, 2, small, sizeof(small)),
                     VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &ok, 1, 3, 1, small, 47), VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_fetch_range(layout, &ok, 1, 4, 0, NULL, 0), VF_OK);

    /* Non-indexed draws ignore the index buffer but still check the rest. */
    dd = draw_desc(vbs, 3, 4, 1, 0, 0);
    dd.index_buffer = &(vf_index_buffer_view){ idx, 8, VF_FORMAT_R8_UINT };
    out = xalloc(4 * 48);
    ck_assert_int_eq(vf_draw(layout, &dd, out, 4 * 48), VF_OK);
    free(out);
    vf_layout_destroy(layout);

    /* SoA ranges start at a multiple of the lane count. */
    vf_layout *soa = make_layout_full(d, 2, NULL, 0, VF_OUTPUT_SOA8, NULL, 0);
    dd = draw_desc(vbs, 3, 20, 1, 0, 0);
    uint32_t *o = xalloc(2 * 8 * 32);
    ck_assert_int_eq(vf_fetch_range(soa, &dd, 0, 4, 4, o, 2 * 8 * 32), VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(soa, &dd, 0, 8, 12, o, 2 * 8 * 32), VF_OK);
    ck_assert_int_eq(vf_fetch_range(soa, &dd, 0, 8, 12, o, 2 * 8 * 32 - 1),
                     VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_draw_output_size(soa, 20, 3, &size), VF_OK);
    ck_assert_uint_eq(size, 3 * 3 * 8 * 32);
    free(o);
    vf_layout_destroy(soa);

    vf_thread_pool *pool = NULL;
    ck_assert_int_eq(vf_thread_pool_create(0, &pool), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_thread_pool_create(257, &pool), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_thread_pool_create(2, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_ptr_null(pool);
    vf_thread_pool_destroy(NULL);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Random draws against the reference, in every shape, range and thread count */
/* ------------------------------------------------------------------------ */

#define RC_MAX_SLOTS 4
#define RC_MAX_ELEMENTS 8

struct rcase {
    vf_input_element_desc descs[RC_MAX_ELEMENTS];
    uint32_t maps[RC_MAX_ELEMENTS];
    int use_maps;
    uint32_t n;
    uint32_t sv;
    vf_guarded vbg[RC_MAX_SLOTS];
    vf_vertex_buffer_view vbs[RC_MAX_SLOTS];
    vf_guarded ibg;
    vf_index_buffer_view ib;
    vf_draw_desc d;
};

static const uint32_t rc_maps[6] = {
    VF_DEFAULT_COMPONENT_MAPPING,         VF_ENCODE_COMPONENT_MAPPING(2, 1, 0, 5),
    VF_ENCODE_COMPONENT_MAPPING(4, 5, 3, 3), VF_ENCODE_COMPONENT_MAPPING(1, 1, 1, 1),
    VF_ENCODE_COMPONENT_MAPPING(5, 4, 0, 2), VF_ENCODE_COMPONENT_MAPPING(3, 0, 5, 4),
};

/* A random valid layout over a few slots and a random draw over guarded
 * buffers (the guard on a random side), with out-of-bounds elements,
 * wrapping starts, cuts and unbound slots mixed in. */
static void rcase_make(struct rcase *c, vf_rng *rng, const vf_format *fmts, uint32_t nfmts)
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
    c->d.vertex_count_per_instance = vf_rng_below(rng, 8) == 0 ? vf_rng_below(rng, 4) : vf_rng_below(rng, 150);
    c->d.instance_count = 1 + vf_rng_below(rng, 5);
    c->d.start_instance_location =
        vf_rng_below(rng, 8) == 0 ? 0xfffffffdu : vf_rng_below(rng, 12);
    c->d.indexed = vf_rng_below(rng, 2);
    if (!c->d.indexed) {
        c->d.start_location = vf_rng_below(rng, 8) == 0 ? 0xffffffe0u : vf_rng_below(rng, 40);
        return;
    }
    uint32_t isz = vf_rng_below(rng, 2) ? 4 : 2;
    uint32_t count = vf_rng_below(rng, 200);
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
    for (uint32_t i = 0; i < count; i++) {
        uint32_t kind = all_seq ? 0 : vf_rng_below(rng, 16), v;
        if (kind < 7)
            v = seq++;
        else if (kind < 12)
            v = vf_rng_below(rng, 60);
        else if (kind < 14)
            v = cut;
        else
            v = vf_rng_u32(rng) & (isz == 2 ? 0xffffu : 0xffffffffu);
        if (!all_seq && vf_rng_below(rng, 20) == 0)
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

static void rcase_free(struct rcase *c)
{
    for (int s = 0; s < RC_MAX_SLOTS; s++)
        vf_guarded_free(&c->vbg[s]);
    if (c->ibg.map)
        vf_guarded_free(&c->ibg);
}

/* Checks one random case in the given shape: the whole draw against the
 * reference, then ranges, then a pool (when given) against the whole draw. */
static void rcase_check(struct rcase *c, uint32_t shape, vf_thread_pool *pool, vf_rng *rng,
                        int iter)
{
    vf_layout *layout = make_layout_full(c->descs, c->n, c->use_maps ? c->maps : NULL, c->sv,
                                         shape, NULL, 0);
    struct ref r;
    ref_init(&r, c->descs, c->n, c->use_maps ? c->maps : NULL, c->sv, &c->d);
    uint32_t v = c->d.vertex_count_per_instance, ni = c->d.instance_count;
    uint32_t lanes = shape == VF_OUTPUT_AOS ? 1 : shape;
    uint32_t *want = ref_aos(&r);
    if (shape != VF_OUTPUT_AOS) {
        uint32_t *soa = ref_soa(want, r.nreg, v, ni, lanes,
                                (c->sv & VF_SV_FLAGS) ? (int)r.nreg - 1 : -1);
        free(want);
        want = soa;
    }
    size_t words;
    char what[64];
    snprintf(what, sizeof(what), "case %d shape %u", iter, shape);
    uint32_t *got = draw_words(layout, &c->d, &words);
    expect_same(got, want, words, what);

    /* Ranges: random pieces of every instance, joined. */
    uint32_t batches = (v + lanes - 1) / lanes;
    size_t bwords = (size_t)r.nreg * 4 * lanes;
    uint32_t *piece = xalloc(bwords * 4 * (batches + 1));
    for (uint32_t j = 0; j < ni; j++) {
        uint32_t first = 0;
        while (first < v) {
            uint32_t count = 1 + vf_rng_below(rng, v - first);
            if (lanes > 1 && first + count < v)
                count = (count + lanes - 1) / lanes * lanes;
            if (count > v - first)
                count = v - first;
            uint32_t nb = (count + lanes - 1) / lanes;
            ck_assert_int_eq(vf_fetch_range(layout, &c->d, j, first, count, piece,
                                            nb * bwords * 4),
                             VF_OK);
            snprintf(what, sizeof(what), "case %d shape %u range %u+%u", iter, shape, first,
                     count);
            expect_same(piece, got + ((size_t)j * batches + first / lanes) * bwords,
                        lanes == 1 ? (size_t)count * bwords : nb * bwords, what);
            first += count;
        }
    }
    free(piece);

    if (pool) {
        vf_draw_desc d = c->d;
        d.pool = pool;
        uint32_t *threaded = xalloc(words * 4 + 16);
        memset(threaded, 0xCD, words * 4);
        ck_assert_int_eq(vf_draw(layout, &d, threaded, words * 4), VF_OK);
        snprintf(what, sizeof(what), "case %d shape %u pool", iter, shape);
        expect_same(threaded, got, words, what);
        free(threaded);
    }
    free(got);
    free(want);
    vf_layout_destroy(layout);
}

START_TEST(test_random_aos)
{
    vf_format fmts[64];
    uint32_t nfmts = ia_formats(fmts);
    ck_assert_uint_ge(nfmts, 44);
    vf_rng rng;
    vf_rng_seed(&rng, 0xd1a3u + (uint64_t)_i);
    for (int it = 0; it < 150; it++) {
        struct rcase c;
        rcase_make(&c, &rng, fmts, nfmts);
        rcase_check(&c, VF_OUTPUT_AOS, NULL, &rng, it);
        rcase_free(&c);
    }
}
END_TEST

START_TEST(test_random_soa)
{
    static const uint32_t shapes[3] = { VF_OUTPUT_SOA4, VF_OUTPUT_SOA8, VF_OUTPUT_SOA16 };
    vf_format fmts[64];
    uint32_t nfmts = ia_formats(fmts);
    vf_rng rng;
    vf_rng_seed(&rng, 0x50a0u + (uint64_t)_i);
    for (int it = 0; it < 60; it++) {
        struct rcase c;
        rcase_make(&c, &rng, fmts, nfmts);
        rcase_check(&c, shapes[it % 3], NULL, &rng, it);
        rcase_free(&c);
    }
}
END_TEST

START_TEST(test_random_threads)
{
    static const uint32_t shapes[4] = { VF_OUTPUT_AOS, VF_OUTPUT_SOA4, VF_OUTPUT_SOA8,
                                        VF_OUTPUT_SOA16 };
    vf_format fmts[64];
    uint32_t nfmts = ia_formats(fmts);
    vf_rng rng;
    vf_rng_seed(&rng, 0x7ea5u);
    for (uint32_t t = 1; t <= 4; t++) {
        vf_thread_pool *pool = NULL;
        ck_assert_int_eq(vf_thread_pool_create(t, &pool), VF_OK);
        vf_thread_pool_set_min_bytes(pool, 0); /* split these small draws too */
        for (int it = 0; it < 16; it++) {
            struct rcase c;
            rcase_make(&c, &rng, fmts, nfmts);
            rcase_check(&c, shapes[it % 4], pool, &rng, it);
            rcase_free(&c);
        }
        vf_thread_pool_destroy(pool);
    }
}
END_TEST

/* Draws whose output reaches 8 MiB are written with non-temporal stores:
 * the records must be the same as every other draw's. Expected words come
 * from the element numbers the rules give (each vertex word encodes it). */
START_TEST(test_large_streaming_draw)
{
    const uint32_t n = 150000, instances = 2, start = 7;
    vf_input_element_desc d[1] = {
        el("V", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    uint32_t *vb = xalloc((size_t)(n + start) * 16);
    for (uint32_t k = 0; k < n + start; k++)
        for (uint32_t c = 0; c < 4; c++)
            vb[k * 4 + c] = k * 4 + c;
    vf_vertex_buffer_view view = { vb, (n + start) * 16, 16 };
    uint32_t sv = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    for (uint32_t lanes = 1; lanes <= 8; lanes += 7) {
        vf_layout *layout = make_layout_full(d, 1, NULL, sv, lanes == 1 ? VF_OUTPUT_AOS : lanes,
                                             NULL, 0);
        size_t size;
        ck_assert_int_eq(vf_draw_output_size(layout, n, instances, &size), VF_OK);
        ck_assert_uint_ge(size, (size_t)8 << 20);
        uint8_t *buf = xalloc(size + 48);
        /* Output 32-byte aligned and 16 bytes past that: the wide
         * non-temporal stores must handle both. */
        for (uint32_t shift = 0; shift <= 16; shift += 16) {
            uint32_t *out = (uint32_t *)(void *)(buf + (32 - (uintptr_t)buf % 32) % 32 + shift);
            ck_assert_int_eq(
                vf_draw_instanced(layout, &view, 1, n, instances, start, 0, out, size), VF_OK);
            uint32_t batches = (n + lanes - 1) / lanes;
            for (uint32_t j = 0; j < instances; j++)
                for (uint32_t i = 0; i < n; i++) {
                    /* Register r, component c of (j, i). */
                    uint32_t b = j * batches + i / lanes, l = i % lanes;
                    uint32_t base = b * 8 * lanes + l;
                    uint32_t want[8] = { (start + i) * 4, (start + i) * 4 + 1,
                                         (start + i) * 4 + 2, (start + i) * 4 + 3, i, j, 0, 0 };
                    for (uint32_t w = 0; w < 8; w++)
                        if (out[base + w * lanes] != want[w])
                            ck_abort_msg("lanes %u shift %u instance %u vertex %u word %u: 0x%08x, "
                                         "want 0x%08x",
                                         lanes, shift, j, i, w, out[base + w * lanes], want[w]);
                }
        }
        free(buf);
        vf_layout_destroy(layout);
    }
    free(vb);
}
END_TEST

/* SoA equals AoS word for word, for every lane width, on one draw with
 * every register kind (signature, SV registers, system register, cuts). */
START_TEST(test_soa_matches_aos)
{
    vf_input_element_desc d[3] = {
        el("P", 0, VF_FORMAT_R16G16B16A16_SNORM, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("N", 0, VF_FORMAT_R11G11B10_FLOAT, 0, 8, VF_INPUT_PER_VERTEX_DATA, 0),
        el("I", 0, VF_FORMAT_R8G8B8A8_SINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 2),
    };
    vf_signature_element sig[4] = {
        { "N", 0, 0, 0x7, VF_REGISTER_COMPONENT_FLOAT32 },
        { "I", 0, 3, 0xf, VF_REGISTER_COMPONENT_SINT32 },
        { "SV_VertexID", 0, 1, 0x1, VF_REGISTER_COMPONENT_UINT32 },
        { "P", 0, 2, 0xf, VF_REGISTER_COMPONENT_FLOAT32 },
    };
    uint8_t b0[12 * 50], b1[4 * 3];
    vf_rng rng;
    vf_rng_seed(&rng, 99);
    vf_rng_fill(&rng, b0, sizeof(b0));
    vf_rng_fill(&rng, b1, sizeof(b1));
    vf_vertex_buffer_view vbs[2] = { { b0, sizeof(b0), 12 }, { b1, sizeof(b1), 4 } };
    uint32_t idx[77];
    for (uint32_t i = 0; i < 77; i++)
        idx[i] = i % 11 == 5 ? 0xffffffffu : (i * 7) % 53;
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R32_UINT };
    uint32_t sv = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    for (uint32_t v = 1; v <= 77; v += 19) {
        vf_draw_desc dd = indexed_desc(vbs, 2, &ib, 2, VF_TOPOLOGY_TRIANGLESTRIP, v, 5, 0, 0, 0);
        vf_layout *aos = make_layout_full(d, 3, NULL, sv, VF_OUTPUT_AOS, sig, 4);
        uint32_t *a = draw_words(aos, &dd, NULL);
        uint32_t nreg = vf_layout_register_count(aos);
        ck_assert_uint_eq(nreg, 5);
        for (uint32_t lanes = 4; lanes <= 16; lanes *= 2) {
            vf_layout *soa = make_layout_full(d, 3, NULL, sv, lanes, sig, 4);
            size_t words;
            uint32_t *s = draw_words(soa, &dd, &words);
            uint32_t batches = (v + lanes - 1) / lanes;
            ck_assert_uint_eq(words, (size_t)5 * batches * nreg * 4 * lanes);
            for (uint32_t j = 0; j < 5; j++)
                for (uint32_t bt = 0; bt < batches; bt++)
                    for (uint32_t w = 0; w < nreg * 4; w++)
                        for (uint32_t l = 0; l < lanes; l++) {
                            uint32_t i = bt * lanes + l;
                            uint32_t got = s[((size_t)(j * batches + bt) * nreg * 4 + w) * lanes + l];
                            uint32_t want = i < v ? a[((size_t)j * v + i) * nreg * 4 + w]
                                          : w == 4 * 4 + 2 ? VF_FLAG_INACTIVE
                                                           : 0;
                            if (got != want)
                                ck_abort_msg("lanes %u v %u inst %u vertex %u word %u: %08x != %08x",
                                             lanes, v, j, i, w, got, want);
                        }
            free(s);
            vf_layout_destroy(soa);
        }
        free(a);
        vf_layout_destroy(aos);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Guard pages                                                               */
/* ------------------------------------------------------------------------ */

/* Every buffer ends (or starts) on a PROT_NONE page; elements of every byte
 * size, with strides that put the last element flush against the guard; the
 * draw reads nothing outside the views and matches the reference. */
START_TEST(test_guard_pages)
{
    static const vf_format fmts[8] = {
        VF_FORMAT_R8_UINT,           VF_FORMAT_R8G8_SNORM,        VF_FORMAT_R16_FLOAT,
        VF_FORMAT_R10G10B10A2_UNORM, VF_FORMAT_R16G16B16A16_UINT, VF_FORMAT_R32G32_FLOAT,
        VF_FORMAT_R32G32B32_SINT,    VF_FORMAT_R32G32B32A32_FLOAT,
    };
    vf_rng rng;
    vf_rng_seed(&rng, 0x9a7d);
    for (int where = 0; where < 2; where++)
        for (int f = 0; f < 8; f++)
            for (int variant = 0; variant < 6; variant++) {
                uint32_t size = vf_format_info(fmts[f])->bytes, a = size < 4 ? size : 4;
                uint32_t off = variant & 1 ? a : 0;
                uint32_t stride = variant < 2 ? size + off : variant < 4 ? 0 : (size + a + 3) / a * a;
                uint32_t count = 1 + (uint32_t)variant * 7;
                /* The last element ends exactly at the end of the view. */
                uint32_t bytes = (count - 1) * stride + off + size;
                vf_input_element_desc d[2] = {
                    el("V", 0, fmts[f], 0, off, VF_INPUT_PER_VERTEX_DATA, 0),
                    el("I", 0, fmts[f], 1, off, VF_INPUT_PER_INSTANCE_DATA, 1),
                };
                vf_layout *layout = make_layout(d, 2, VF_SV_VERTEX_ID);
                vf_guarded g0, g1, gi;
                vf_guarded_alloc(&g0, bytes, where);
                vf_guarded_alloc(&g1, bytes, where);
                vf_rng_fill(&rng, g0.data, bytes);
                vf_rng_fill(&rng, g1.data, bytes);
                vf_vertex_buffer_view vbs[2] = { { g0.data, bytes, stride },
                                                 { g1.data, bytes, stride } };
                uint32_t nidx = count + 9;
                vf_guarded_alloc(&gi, nidx * 2, where);
                for (uint32_t i = 0; i < nidx; i++) {
                    uint16_t x = (uint16_t)(i % 3 == 2 ? count + i : (i * 5) % (count + 2));
                    memcpy(gi.data + i * 2, &x, 2);
                }
                vf_index_buffer_view ib = { gi.data, nidx * 2, VF_FORMAT_R16_UINT };
                vf_draw_desc dds[3] = {
                    draw_desc(vbs, 2, count + 70, count + 2, 0, 0),
                    indexed_desc(vbs, 2, &ib, 0, VF_TOPOLOGY_TRIANGLELIST, nidx + 3, count + 2, 0,
                                 0, 0),
                    draw_desc(vbs, 2, 5, 2, count - 1, count - 1),
                };
                for (int t = 0; t < 3; t++) {
                    struct ref r;
                    ref_init(&r, d, 2, NULL, VF_SV_VERTEX_ID, &dds[t]);
                    uint32_t *want = ref_aos(&r);
                    size_t words;
                    uint32_t *got = draw_words(layout, &dds[t], &words);
                    expect_same(got, want, words, vf_format_name(fmts[f]));
                    free(got);
                    free(want);
                }
                vf_guarded_free(&g0);
                vf_guarded_free(&g1);
                vf_guarded_free(&gi);
                vf_layout_destroy(layout);
            }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Threads                                                                   */
/* ------------------------------------------------------------------------ */

struct shared_draw {
    const vf_layout *layout;
    const vf_draw_desc *desc;
    const uint32_t *want;
    size_t size;
    int ok;
};

static void *draw_thread(void *arg)
{
    struct shared_draw *s = arg;
    uint32_t *out = xalloc(s->size);
    s->ok = 1;
    for (int rep = 0; rep < 20 && s->ok; rep++) {
        memset(out, 0, s->size);
        if (vf_draw(s->layout, s->desc, out, s->size) != VF_OK ||
            memcmp(out, s->want, s->size) != 0)
            s->ok = 0;
    }
    free(out);
    return NULL;
}

struct range_job {
    const vf_layout *layout;
    const vf_draw_desc *desc;
    uint8_t *out;
    size_t batch_bytes;
    uint32_t lanes, batches, piece;
    uint32_t next; /* next piece; guarded by lock */
    pthread_mutex_t lock;
    int failed;
};

/* A job-system worker: takes pieces of the draw and writes each where the
 * whole draw would put it. */
static void *range_worker(void *arg)
{
    struct range_job *job = arg;
    uint32_t v = job->desc->vertex_count_per_instance;
    uint32_t per_instance = (job->batches + job->piece - 1) / job->piece;
    uint32_t total = job->desc->instance_count * per_instance;
    for (;;) {
        pthread_mutex_lock(&job->lock);
        uint32_t c = job->next++;
        pthread_mutex_unlock(&job->lock);
        if (c >= total)
            break;
        uint32_t j = c / per_instance, b = c % per_instance * job->piece;
        uint32_t nb = job->piece < job->batches - b ? job->piece : job->batches - b;
        uint32_t first = b * job->lanes;
        uint32_t count = nb * job->lanes < v - first ? nb * job->lanes : v - first;
        size_t at = ((size_t)j * job->batches + b) * job->batch_bytes;
        if (vf_fetch_range(job->layout, job->desc, j, first, count, job->out + at,
                           (size_t)nb * job->batch_bytes) != VF_OK) {
            pthread_mutex_lock(&job->lock);
            job->failed = 1;
            pthread_mutex_unlock(&job->lock);
        }
    }
    return NULL;
}

/* vf_fetch_range from four threads at once builds the whole draw. */
START_TEST(test_fetch_range_threads)
{
    vf_input_element_desc d[3] = {
        el("A", 0, VF_FORMAT_R16G16B16A16_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R10G10B10A2_UINT, 0, 8, VF_INPUT_PER_VERTEX_DATA, 0),
        el("C", 0, VF_FORMAT_R32G32_FLOAT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_rng rng;
    vf_rng_seed(&rng, 4242);
    size_t bytes = 12 * 3000;
    uint8_t *b0 = xalloc(bytes), *b1 = xalloc(8 * 8);
    vf_rng_fill(&rng, b0, bytes);
    vf_rng_fill(&rng, b1, 64);
    vf_vertex_buffer_view vbs[2] = { { b0, (uint32_t)bytes, 12 }, { b1, 64, 8 } };
    uint16_t idx[2500];
    for (int i = 0; i < 2500; i++)
        idx[i] = (uint16_t)(i % 97 == 3 ? 0xffff : vf_rng_below(&rng, 3100));
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    for (uint32_t shape = 0; shape <= 16; shape = shape ? shape * 2 : 4) {
        vf_layout *layout = make_layout_full(d, 3, NULL, VF_SV_VERTEX_ID | VF_SV_FLAGS, shape,
                                             NULL, 0);
        vf_draw_desc dd = indexed_desc(vbs, 2, &ib, 1, VF_TOPOLOGY_LINESTRIP, 2500, 10, 0, 0, 0);
        size_t words;
        uint32_t *want = draw_words(layout, &dd, &words);
        struct range_job job;
        memset(&job, 0, sizeof(job));
        job.layout = layout;
        job.desc = &dd;
        job.lanes = shape ? shape : 1;
        job.batches = (2500 + job.lanes - 1) / job.lanes;
        job.batch_bytes = vf_layout_record_size(layout) * job.lanes;
        job.piece = 160 / job.lanes;
        job.out = xalloc(words * 4);
        memset(job.out, 0xCD, words * 4);
        ck_assert_int_eq(pthread_mutex_init(&job.lock, NULL), 0);
        pthread_t th[4];
        for (int k = 0; k < 4; k++)
            ck_assert_int_eq(pthread_create(&th[k], NULL, range_worker, &job), 0);
        for (int k = 0; k < 4; k++)
            pthread_join(th[k], NULL);
        pthread_mutex_destroy(&job.lock);
        ck_assert(!job.failed);
        expect_same((const uint32_t *)(const void *)job.out, want, words, "threaded ranges");
        free(job.out);
        free(want);
        vf_layout_destroy(layout);
    }
    free(b0);
    free(b1);
}
END_TEST

/* Pools of 1..4 threads give the single-thread output for large draws of
 * every shape; concurrent draws on one pool take turns correctly. */
START_TEST(test_pool)
{
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R16G16_UNORM, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 3),
    };
    size_t bytes = 16 * 20000;
    uint8_t *b0 = xalloc(bytes), *b1 = xalloc(64);
    fill_addr(b0, bytes, 1);
    fill_addr(b1, 64, 2);
    vf_vertex_buffer_view vbs[2] = { { b0, (uint32_t)bytes, 16 }, { b1, 64, 4 } };
    static const uint32_t vs[4] = { 20001, 3, 1000, 17 };
    static const uint32_t is[4] = { 2, 999, 7, 1 };
    for (uint32_t lanes = 1; lanes <= 16; lanes *= 2) {
        if (lanes == 2)
            continue;
        vf_layout *layout = make_layout_full(d, 2, NULL, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID |
                                             VF_SV_FLAGS, lanes == 1 ? 0 : lanes, NULL, 0);
        for (int c = 0; c < 4; c++) {
            vf_draw_desc dd = draw_desc(vbs, 2, vs[c], is[c], 5, 1);
            size_t words;
            uint32_t *want = draw_words(layout, &dd, &words);
            for (uint32_t t = 1; t <= 4; t++) {
                vf_thread_pool *pool;
                ck_assert_int_eq(vf_thread_pool_create(t, &pool), VF_OK);
                dd.pool = pool;
                /* The default size threshold (this draw runs on the caller
                 * alone), none (split) and the largest (never split). */
                for (int m = 0; m < 3; m++) {
                    if (m == 1)
                        vf_thread_pool_set_min_bytes(pool, 0);
                    if (m == 2)
                        vf_thread_pool_set_min_bytes(pool, SIZE_MAX);
                    uint32_t *got = draw_words(layout, &dd, NULL);
                    expect_same(got, want, words, "pool");
                    free(got);
                }
                vf_thread_pool_set_min_bytes(pool, 0);
                if (t == 3 && c == 2) {
                    /* Two application threads share the pool. */
                    struct shared_draw sd[2] = { { layout, &dd, want, words * 4, 0 },
                                                 { layout, &dd, want, words * 4, 0 } };
                    pthread_t th[2];
                    for (int k = 0; k < 2; k++)
                        ck_assert_int_eq(pthread_create(&th[k], NULL, draw_thread, &sd[k]), 0);
                    for (int k = 0; k < 2; k++) {
                        pthread_join(th[k], NULL);
                        ck_assert(sd[k].ok);
                    }
                }
                vf_thread_pool_destroy(pool);
                dd.pool = NULL;
            }
            free(want);
        }
        vf_layout_destroy(layout);
    }
    /* A large pool on a small draw, and create/destroy without draws. */
    vf_thread_pool *pool;
    ck_assert_int_eq(vf_thread_pool_create(256, &pool), VF_OK);
    vf_thread_pool_destroy(pool);
    vf_thread_pool_set_min_bytes(NULL, 0); /* ignored */
    free(b0);
    free(b1);
}
END_TEST

static Suite *draw_suite(void)
{
    Suite *s = suite_create("draw");
    TCase *tc = tcase_create("native");
    tcase_add_test(tc, test_vertex_id);
    tcase_add_test(tc, test_instance_id);
    tcase_add_test(tc, test_vbv_stride_edge_cases);
    tcase_add_test(tc, test_null_vbv);
    tcase_add_test(tc, test_zero_stride);
    tcase_add_test(tc, test_no_index_buffer);
    suite_add_tcase(s, tc);

    tc = tcase_create("addressing");
    tcase_add_test(tc, test_oob_boundaries);
    tcase_add_test(tc, test_base_vertex_wrap);
    tcase_add_test(tc, test_gather_mixed_batch);
    tcase_add_test(tc, test_step_rates);
    tcase_add_test(tc, test_index_oob);
    tcase_add_test(tc, test_index_patterns);
    tcase_add_test(tc, test_soa_partial_range);
    tcase_add_test(tc, test_strip_cut);
    tcase_add_test(tc, test_mappings);
    tcase_add_test(tc, test_signature_records);
    tcase_add_test(tc, test_validation);
    suite_add_tcase(s, tc);

    tc = tcase_create("random");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_random_aos, 0, 2);
    tcase_add_loop_test(tc, test_random_soa, 0, 2);
    tcase_add_test(tc, test_random_threads);
    tcase_add_test(tc, test_soa_matches_aos);
    tcase_add_test(tc, test_large_streaming_draw);
    tcase_add_test(tc, test_guard_pages);
    tcase_add_test(tc, test_pool);
    tcase_add_test(tc, test_fetch_range_threads);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(draw_suite());
}
