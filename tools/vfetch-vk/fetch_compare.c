/*
 * fetch_compare.c - vfetch-vk's diff: every value the driver delivered
 * against vfetch's scalar reference, classified by compare.h's kinds and
 * counted per format and component.
 */
#include <stdio.h>
#include <string.h>

#include "d3d_index.h"
#include "fetch_compare.h"
#include "vk_shader.h"

/* One comparison's inputs, and where vfetch's layout put each element. */
struct walk {
    struct vkf_case_report *r;
    const struct vkf_compare_rules *rules;
    const struct vf_case *c;
    const uint32_t *ref;
    size_t ref_words;                     /* words of a reference record */
    int32_t elem_reg[VF_MAX_ELEMENTS];    /* register of each element, -1: none */
    int32_t sys_reg;                      /* the system-value register */
};

void vkf_resolve_offsets(const struct vf_case *c, uint32_t *out)
{
    uint64_t end[VF_MAX_INPUT_SLOTS] = { 0 };
    for (uint32_t e = 0; e < c->num_elements; e++) {
        const vf_format_desc *d = vf_format_info(c->elements[e].format);
        uint32_t size = d ? d->bytes : 0;
        uint32_t align = size < 4 ? (size ? size : 1) : 4;
        uint32_t slot = c->elements[e].input_slot % VF_MAX_INPUT_SLOTS;
        uint64_t off;
        if (c->elements[e].aligned_byte_offset == VF_APPEND_ALIGNED_ELEMENT)
            off = (end[slot] + align - 1) / align * align;
        else
            off = c->elements[e].aligned_byte_offset;
        end[slot] = off + size;
        out[e] = off > UINT32_MAX ? UINT32_MAX : (uint32_t)off;
    }
}

/* The index the draw reads at position i, with D3D's 32-bit address: the
 * one vk_translate.c hands the driver, so both sides fetch the same vertex. */
static uint32_t read_index(const vf_draw_desc *draw, uint32_t i)
{
    const vf_index_buffer_view *ib = draw->index_buffer;
    const uint32_t size = ib != NULL && ib->format == VF_FORMAT_R32_UINT ? 4 : 2;

    return d3d_index_at(ib, draw->start_location, i, size);
}

/* Whether D3D reads element e at (position i, instance j) in bounds, with
 * an address Vulkan computes the same way (no 32-bit wrap): only then is
 * the driver's value defined by both APIs. */
static int comparable_fetch(const struct vf_case *c, const uint32_t *offsets, uint32_t e,
                            uint32_t i, uint32_t j)
{
    const vf_input_element_desc *el = &c->elements[e];
    const vf_draw_desc *draw = &c->draw;
    const vf_vertex_buffer_view *vb = &c->vertex_buffers[el->input_slot];
    const vf_format_desc *d = vf_format_info(el->format);
    int64_t k;
    uint64_t at;

    if (el->input_slot_class == VF_INPUT_PER_INSTANCE_DATA) {
        uint32_t r = el->instance_data_step_rate;
        k = (int64_t)draw->start_instance_location + (r ? j / r : 0);
    } else if (draw->indexed) {
        k = (int64_t)draw->base_vertex_location + read_index(draw, i);
    } else {
        k = (int64_t)draw->start_location + i;
    }
    if (k < 0 || k > UINT32_MAX)
        return 0;
    at = (uint64_t)k * vb->stride_in_bytes + offsets[e];
    return at <= UINT32_MAX && at + d->bytes <= vb->size_in_bytes;
}

/* Keeps a difference nobody accepted for the report, up to max_mismatches. */
static void keep(const struct walk *w, uint32_t e, uint32_t comp, uint32_t i, uint32_t j,
                 uint32_t expected, uint32_t got, int kind)
{
    struct vkf_case_report *r = w->r;
    struct vkf_diff *df;

    if (r->num_shown >= w->rules->max_mismatches)
        return;
    df = &r->shown[r->num_shown++];
    df->element = e;
    df->position = i;
    df->instance = j;
    df->component = comp;
    df->index_value = w->c->draw.indexed ? read_index(&w->c->draw, i) : i;
    df->expected = expected;
    df->got = got;
    df->kind = kind;
}

/* Counts one compared value of element e (UINT32_MAX: none) of kind `kind`. */
static void count(const struct walk *w, uint32_t e, uint32_t comp, uint32_t i, uint32_t j,
                  uint32_t expected, uint32_t got, int kind)
{
    struct vkf_case_report *r = w->r;
    const struct vf_case *c = w->c;
    const vf_format_desc *d = e < c->num_elements ? vf_format_info(c->elements[e].format) : NULL;
    uint32_t fmt = d ? d->format : 0;
    struct vkf_format_stats *fs = &r->stats[fmt < VKF_MAX_FORMAT_VALUE ? fmt : 0];

    r->total[kind]++;
    r->compared++;
    fs->n[comp & 3][kind]++;
    if (!fs->has_example[kind]) {
        fs->has_example[kind] = 1;
        fs->example_expected[kind] = expected;
        fs->example_got[kind] = got;
    }
    if (kind == VF_DIFF_EXACT)
        return;
    if (w->rules->accept & (1u << kind)) {
        r->accepted++;
        return;
    }
    if (w->rules->known != NULL) {
        uint32_t cls = e < c->num_elements ? c->elements[e].input_slot_class : 0;
        struct vf_known *kn = vf_known_match(w->rules->known, kind, d ? d->name : "", cls,
                                             w->rules->device);
        if (kn != NULL) {
            kn->count++;
            r->known++;
            return;
        }
    }
    r->unaccepted++;
    keep(w, e, comp, i, j, expected, got, kind);
}

/* Length of the run of uncut positions around position i of instance j. */
static uint32_t strip_run(const struct walk *w, uint32_t V, uint32_t j, uint32_t i)
{
    uint32_t a = i, b = i + 1;
#define CUT_AT(p) ((w->ref[((size_t)j * V + (p)) * w->ref_words + 4 * (size_t)w->sys_reg + 2] & \
                    VF_FLAG_STRIP_CUT) != 0)
    while (a > 0 && !CUT_AT(a - 1))
        a--;
    while (b < V && !CUT_AT(b))
        b++;
#undef CUT_AT
    return b - a;
}

/* SV_StartVertexLocation / SV_StartInstanceLocation of (position i,
 * instance j), where the case reads them, against gl_BaseVertex /
 * gl_BaseInstance: 32-bit words, so a negative BaseVertexLocation is
 * compared as the int's bits on both sides (rules 4.3). */
static void compare_start(const struct walk *w, uint32_t i, uint32_t j, const uint32_t *got)
{
    struct vkf_case_report *r = w->r;
    const uint32_t *drv = got + 4 * w->c->num_elements + VKF_WORD_BASE_VERTEX;
    const uint32_t *want;

    if (r->start.words == NULL || !r->vk.draw_parameters)
        return; /* reported as not compared */
    want = r->start.words +
           ((size_t)j * w->c->draw.vertex_count_per_instance + i) * VKF_START_VALUES;
    for (uint32_t k = 0; k < VKF_START_VALUES; k++) {
        if (!r->start.wanted[k])
            continue;
        r->start_compared++;
        if (want[k] != drv[k])
            count(w, UINT32_MAX, VKF_COMP_START + k, i, j, want[k], drv[k], VF_DIFF_SYSVAL);
    }
}

/* The four components of every fetched element of one shaded vertex. */
static void compare_elements(const struct walk *w, uint32_t i, uint32_t j, const uint32_t *want,
                             const uint32_t *got)
{
    const struct vf_case *c = w->c;

    for (uint32_t e = 0; e < c->num_elements; e++) {
        const vf_format_desc *d = vf_format_info(c->elements[e].format);
        uint32_t mapping = c->component_mappings ? c->component_mappings[e]
                                                 : VF_DEFAULT_COMPONENT_MAPPING;
        if (w->r->vk.status[e] != VKF_ELEM_FETCHED || w->elem_reg[e] < 0)
            continue;
        if (!comparable_fetch(c, w->r->offsets, e, i, j)) {
            w->r->skipped_oob += 4;
            continue;
        }
        for (uint32_t comp = 0; comp < 4; comp++) {
            uint32_t sel = VF_DECODE_COMPONENT_MAPPING(comp, mapping);
            uint32_t type = sel < 4 ? d->type[sel] : VF_TYPE_NONE;
            uint32_t bits = sel < 4 ? d->bits[sel] : 0;
            uint32_t ew = want[4 * w->elem_reg[e] + comp], gw = got[4 * e + comp];
            count(w, e, comp, i, j, ew, gw, vf_diff_classify(ew, gw, type, bits));
        }
    }
}

/* One (position i, instance j): cut and shaded, the elements, the system
 * values. */
static void compare_vertex(const struct walk *w, uint32_t i, uint32_t j)
{
    const uint32_t ne = w->c->num_elements, V = w->c->draw.vertex_count_per_instance;
    const uint32_t *want = w->ref + ((size_t)j * V + i) * w->ref_words;
    const uint32_t *got = w->r->vk.records + ((size_t)j * V + i) * VKF_RECORD_WORDS(ne);
    const uint32_t *sys = want + 4 * w->sys_reg;
    int cut = (sys[2] & VF_FLAG_STRIP_CUT) != 0;
    int shaded = got[4 * ne + VKF_WORD_SHADED] != 0;

    if (cut || !shaded) {
        if (cut && !shaded)
            return; /* both cut */
        if (!cut && w->r->vk.restart && strip_run(w, V, j, i) < 2) {
            /* Alone between cuts: no line-strip primitive uses the
             * vertex, and Vulkan need not shade it. */
            w->r->skipped_incomplete++;
            return;
        }
        count(w, UINT32_MAX, VKF_COMP_VERTEX, i, j, cut, shaded,
              cut ? VF_DIFF_CUT : VF_DIFF_NOT_SHADED);
        return;
    }
    compare_elements(w, i, j, want, got);
    /* SV_VertexID, SV_InstanceID */
    for (uint32_t k = 0; k < 2; k++) {
        if (sys[k] != got[4 * ne + VKF_WORD_VERTEX_ID + k])
            count(w, UINT32_MAX, VKF_COMP_VERTEX_ID + k, i, j, sys[k],
                  got[4 * ne + VKF_WORD_VERTEX_ID + k], VF_DIFF_SYSVAL);
    }
    compare_start(w, i, j, got);
}

/* Where vfetch's layout put each element and the system values. Returns
 * 0, or -1 when the layout has no system register. */
static int find_registers(struct walk *w, const vf_layout *layout)
{
    w->sys_reg = -1;
    for (uint32_t e = 0; e < VF_MAX_ELEMENTS; e++)
        w->elem_reg[e] = -1;
    for (uint32_t reg = 0; reg < vf_layout_register_count(layout); reg++) {
        vf_layout_register_info info;
        if (vf_layout_register(layout, reg, &info) != VF_OK)
            continue;
        if (info.kind == VF_REGISTER_ELEMENT && info.element_index >= 0 &&
            (uint32_t)info.element_index < w->c->num_elements)
            w->elem_reg[info.element_index] = (int32_t)reg;
        else if (info.kind == VF_REGISTER_SYSTEM)
            w->sys_reg = (int32_t)reg;
    }
    return w->sys_reg < 0 ? -1 : 0;
}

int vkf_compare(struct vkf_case_report *r, const struct vkf_compare_rules *rules,
                const struct vf_case *c, const vf_layout *layout, const uint32_t *ref)
{
    struct walk w = { .r = r, .rules = rules, .c = c, .ref = ref };

    w.ref_words = vf_layout_record_size(layout) / 4;
    if (find_registers(&w, layout) != 0) {
        snprintf(r->error, sizeof(r->error), "vfetch layout has no system register");
        return VKF_EXIT_USAGE;
    }
    for (uint32_t j = 0; j < c->draw.instance_count; j++)
        for (uint32_t i = 0; i < c->draw.vertex_count_per_instance; i++)
            compare_vertex(&w, i, j);
    if (r->vk.stray != 0)
        count(&w, UINT32_MAX, VKF_COMP_STRAY, 0, 0, 0, r->vk.stray, VF_DIFF_OTHER);
    return r->unaccepted ? VKF_EXIT_MISMATCH : VKF_EXIT_OK;
}
