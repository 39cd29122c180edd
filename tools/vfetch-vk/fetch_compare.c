/*
 * fetch_compare.c - vfetch-vk's diff: every value the driver delivered
 * against vfetch's scalar reference, classified by compare.h's kinds and
 * counted per format and component.
 */
#include <stdio.h>
#include <string.h>

#include "fetch_addr.h"
#include "fetch_compare.h"
#include "vfetch_robust.h"
#include "vk_shader.h"

/* One comparison's inputs, and where vfetch's layout put each element. */
struct walk {
    struct vkf_case_report *r;
    const struct vkf_compare_rules *rules;
    const struct vf_case *c;
    const vf_layout *layout;              /* vfetch's layout of the reference */
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

/* Keeps a difference nobody accepted for the report, up to max_mismatches. */
static void keep(const struct walk *w, uint32_t e, uint32_t comp, uint32_t i, uint32_t j,
                 uint32_t expected, uint32_t got, int kind, int oob)
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
    df->index_value = w->c->draw.indexed ? vkf_read_index(&w->c->draw, i) : i;
    df->expected = expected;
    df->got = got;
    df->kind = kind;
    df->oob = oob;
}

int vkf_known_accepts(const struct vkf_compare_rules *rules, int kind, const char *format_name,
                      uint32_t slot_class, int oob)
{
    struct vf_known_list *list = rules->known;

    for (size_t k = 0; list != NULL && k < list->n; k++) {
        struct vf_known_list one = { &list->v[k], 1 };
        if ((strncmp(list->v[k].id, "oob-", 4) == 0) != (oob != 0))
            continue;
        if (vf_known_match(&one, kind, format_name, slot_class, rules->device) != NULL) {
            list->v[k].count++;
            return 1;
        }
    }
    return 0;
}

/* vkf_known_accepts for element e of the case (UINT32_MAX: none). */
static int known(const struct walk *w, uint32_t e, int kind, int oob)
{
    const struct vf_case *c = w->c;
    const vf_format_desc *d = e < c->num_elements ? vf_format_info(c->elements[e].format) : NULL;
    uint32_t cls = e < c->num_elements ? c->elements[e].input_slot_class : 0;

    return vkf_known_accepts(w->rules, kind, d ? d->name : "", cls, oob);
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
    if (known(w, e, kind, 0)) {
        r->known++;
        return;
    }
    r->unaccepted++;
    keep(w, e, comp, i, j, expected, got, kind, 0);
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

/* Where element e is read at (i, j), for the diff: VKF_FETCH_* of
 * fetch_addr.h, FETCH_NULL for a slot bound to VK_NULL_HANDLE, or
 * FETCH_RBA_OUT: under robustBufferAccess alone an element D3D reads in
 * bounds is out of bounds to Vulkan when any element of its binding is by
 * that mode's rule. */
#define FETCH_NULL 3
#define FETCH_RBA_OUT 4
static int fetch_place(const struct walk *w, uint32_t e, uint32_t i, uint32_t j)
{
    const struct vf_case *c = w->c;
    const uint32_t slot = c->elements[e].input_slot;
    const vf_vertex_buffer_view *vb = &c->vertex_buffers[slot];
    int64_t wide;
    int place;

    if (slot >= c->num_vertex_buffers || vb->data == NULL)
        return FETCH_NULL;
    place = (int)vkf_fetch_place(c, w->r->offsets, e, i, j, &wide);
    if (place != VKF_FETCH_IN || w->r->robustness != VKF_ROBUST_BUFFER_ACCESS)
        return place;
    /* FETCH_RBA_OUT: in bounds to D3D, out to robustBufferAccess. */
    for (uint32_t e2 = 0; e2 < c->num_elements; e2++) {
        const vf_format_desc *d = vf_format_info(c->elements[e2].format);
        if (c->elements[e2].input_slot != slot || w->r->vk.status[e2] != VKF_ELEM_FETCHED)
            continue;
        vkf_fetch_place(c, w->r->offsets, e2, i, j, &wide);
        if (vkf_rba_out(wide, d->bytes, vb->size_in_bytes, vb->stride_in_bytes))
            return FETCH_RBA_OUT;
    }
    return VKF_FETCH_IN;
}

/* Counts one out-of-bounds word of element e by its outcome; a mismatch
 * not known for the device fails the case and is kept for the report. */
static void count_oob(const struct walk *w, uint32_t e, uint32_t comp, uint32_t i, uint32_t j,
                      uint32_t expected, uint32_t got, int outcome)
{
    struct vkf_case_report *r = w->r;

    if (outcome == VKF_OOB_MISMATCH && known(w, e, VF_DIFF_OTHER, 1)) {
        outcome = VKF_OOB_KNOWN;
        r->known++;
    }
    r->oob[outcome]++;
    if (outcome == VKF_OOB_MISMATCH) {
        r->unaccepted++;
        keep(w, e, comp, i, j, expected, got, VF_DIFF_OTHER, 1);
    }
}

static void compare_words(const struct walk *w, uint32_t e, uint32_t i, uint32_t j,
                          const uint32_t *want, const uint32_t *got);

/* Whether robustBufferAccess allows the four words got of element e at
 * (position i, instance j): each in the library oracle's set for that
 * register component (vfetch_robust.h, rules §17). rule gets each set's
 * `exact` word, the value a report shows as expected. */
static int rba_allows(const struct walk *w, uint32_t e, uint32_t i, uint32_t j,
                      const uint32_t got[4], uint32_t rule[4])
{
    int all = 1;

    for (uint32_t comp = 0; comp < 4; comp++) {
        vf_robust_set set;
        int ok = 0;
        memset(&set, 0, sizeof(set));
        if (vf_robust_set_at(w->layout, &w->c->draw, VF_ROBUST_BUFFER_ACCESS, j, i,
                             (uint32_t)w->elem_reg[e], comp, &set) != VF_OK ||
            vf_robust_allows(&w->c->draw, &set, got[comp], &ok) != VF_OK)
            ok = 0;
        rule[comp] = set.exact;
        all &= ok != 0;
    }
    return all;
}

/* The four words of element e read out of bounds (or from a null binding)
 * against the rule of the device's robustness mode; want holds vfetch's
 * D3D value. An element D3D reads in bounds (d3d_in) that robustBufferAccess
 * calls out of bounds may hold the value read in bounds: a vector outside
 * the mode's set is then compared as one, with the difference kinds of a
 * value converted by the driver. */
static void compare_oob(const struct walk *w, uint32_t e, uint32_t i, uint32_t j,
                        const uint32_t *want, const uint32_t *got, int null_binding, int d3d_in)
{
    const struct vf_case *c = w->c;
    const vf_vertex_buffer_view *vb = &c->vertex_buffers[c->elements[e].input_slot];
    const struct vkf_oob_element el = {
        .format = c->elements[e].format,
        .mapping = c->component_mappings ? c->component_mappings[e]
                                         : VF_DEFAULT_COMPONENT_MAPPING,
        .view = vb->data, .view_size = vb->size_in_bytes,
    };
    uint32_t rule[4];
    int allowed = 1;

    if (null_binding || w->r->robustness != VKF_ROBUST_BUFFER_ACCESS)
        vkf_oob_zero_rule(&el, rule); /* the one value Vulkan allows */
    else
        allowed = rba_allows(w, e, i, j, got, rule);
    if (!allowed && d3d_in) {
        compare_words(w, e, i, j, want, got);
        return;
    }
    for (uint32_t comp = 0; comp < 4; comp++) {
        int outcome = VKF_OOB_MISMATCH;
        if (got[comp] == want[comp])
            outcome = VKF_OOB_EXACT;
        else if (null_binding && got[comp] == rule[comp])
            outcome = VKF_OOB_API;
        else if (!null_binding && w->r->robustness == VKF_ROBUST_BUFFER_ACCESS && allowed)
            outcome = VKF_OOB_ALLOWED;
        count_oob(w, e, comp, i, j, null_binding || !allowed ? rule[comp] : want[comp],
                  got[comp], outcome);
    }
}

/* The four words of element e read in bounds, with the difference kinds. */
static void compare_words(const struct walk *w, uint32_t e, uint32_t i, uint32_t j,
                          const uint32_t *want, const uint32_t *got)
{
    const struct vf_case *c = w->c;
    const vf_format_desc *d = vf_format_info(c->elements[e].format);
    uint32_t mapping = c->component_mappings ? c->component_mappings[e]
                                             : VF_DEFAULT_COMPONENT_MAPPING;

    for (uint32_t comp = 0; comp < 4; comp++) {
        uint32_t sel = VF_DECODE_COMPONENT_MAPPING(comp, mapping);
        uint32_t type = sel < 4 ? d->type[sel] : VF_TYPE_NONE;
        uint32_t bits = sel < 4 ? d->bits[sel] : 0;
        count(w, e, comp, i, j, want[comp], got[comp],
              vf_diff_classify(want[comp], got[comp], type, bits));
    }
}

/* Every fetched element of one shaded vertex: in bounds, out of bounds,
 * or not compared where the APIs' address arithmetic differs. */
static void compare_elements(const struct walk *w, uint32_t i, uint32_t j, const uint32_t *want,
                             const uint32_t *got)
{
    for (uint32_t e = 0; e < w->c->num_elements; e++) {
        const uint32_t *ew = want + 4 * w->elem_reg[e], *gw = got + 4 * e;
        int place;
        if (w->r->vk.status[e] != VKF_ELEM_FETCHED || w->elem_reg[e] < 0)
            continue;
        place = fetch_place(w, e, i, j);
        if (place == VKF_FETCH_IN)
            compare_words(w, e, i, j, ew, gw);
        else if (place == VKF_FETCH_WRAPS ||
                 (place != FETCH_NULL && w->r->robustness == VKF_ROBUST_NONE))
            w->r->skipped_oob += 4;
        else
            compare_oob(w, e, i, j, ew, gw, place == FETCH_NULL, place == FETCH_RBA_OUT);
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
    struct walk w = { .r = r, .rules = rules, .c = c, .layout = layout, .ref = ref };

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
