/*
 * fetch_case.c - one case through vfetch-vk: vfetch's scalar reference of
 * the draw, the same draw on the driver, and the diff; an ExecuteIndirect
 * case draw by draw, each command replayed with its indirect draw.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fetch_addr.h"
#include "fetch_case.h"
#include "vk_native.h"
#include "fetch_indirect.h"
#include "vk_fetch_device.h"
#include "vk_format.h"
#include "vk_note.h"
#include "vk_shader.h"

/* vfetch's side of a case: the layout and its AoS records. */
struct reference {
    vf_layout *layout;
    vf_diagnostics *diag;
    uint32_t *ref;
};

/* Changes one word of the first shaded record: a fetched element
 * component (VKF_TAMPER_VALUE), or gl_BaseVertex / gl_BaseInstance by one. */
static void tamper(struct vkf_case_report *r, const struct vf_case *c, int what)
{
    const uint32_t ne = c->num_elements, words = VKF_RECORD_WORDS(ne);
    size_t n = (size_t)r->vk.positions * r->vk.instances;
    for (size_t k = 0; k < n; k++) {
        uint32_t *rec = r->vk.records + k * words;
        if (!rec[4 * ne + VKF_WORD_SHADED])
            continue;
        if (what != VKF_TAMPER_VALUE) {
            rec[4 * ne + (what == VKF_TAMPER_START_VERTEX ? VKF_WORD_BASE_VERTEX
                                                          : VKF_WORD_BASE_INSTANCE)] ^= 1u;
            return;
        }
        for (uint32_t e = 0; e < ne; e++) {
            if (r->vk.status[e] == VKF_ELEM_FETCHED) {
                for (uint32_t comp = 0; comp < 4; comp++) {
                    uint32_t mapping = c->component_mappings ? c->component_mappings[e]
                                                             : VF_DEFAULT_COMPONENT_MAPPING;
                    if (VF_DECODE_COMPONENT_MAPPING(comp, mapping) < 4) {
                        rec[4 * e + comp] ^= 0x00400000u;
                        return;
                    }
                }
            }
        }
    }
}

/* Names c's elements for the report ("BLENDWEIGHT0"). */
static void name_elements(const struct vf_case *c, struct vkf_case_report *r)
{
    for (uint32_t e = 0; e < c->num_elements && e < VF_MAX_ELEMENTS; e++)
        snprintf(r->semantic[e], sizeof(r->semantic[e]), "%s%u",
                 c->elements[e].semantic_name ? c->elements[e].semantic_name : "?",
                 c->elements[e].semantic_index);
}

/* Loads a case of either form and names its elements for the report.
 * Returns 0 or VKF_EXIT_USAGE (message in r->error). */
static int load(const char *path, struct vf_case *c, struct vkf_case_report *r)
{
    if (vf_case_load(path, c, r->error, sizeof(r->error)) != 0)
        return VKF_EXIT_USAGE;
    name_elements(c, r);
    return 0;
}

/* A D3D11 case: its buffers are created and bound through the library's
 * D3D11 front end (as `vfetch run` does), and the D3D12 draw that front
 * end translates the call into becomes the case's draw, with its views
 * copied into the case, so the rest of vfetch-vk sees the D3D12 form.
 * The views point into buffers the case owns. Returns 0 or -1 (message in
 * r->error). */
static int adopt_d3d11(struct vf_case *c, const struct reference *ref,
                       struct vkf_case_report *r)
{
    vf_draw_desc d;
    vf_result vr;

    if (c->d3d11 == NULL)
        return 0;
    vr = vf_case_bind(c, ref->layout, ref->diag);
    if (vr != VF_OK) {
        snprintf(r->error, sizeof(r->error), "D3D11: %s",
                 ref->diag->count ? ref->diag->entries[0].message : vf_result_string(vr));
        return -1;
    }
    vf_case_draw_desc(c, &d);
    c->num_vertex_buffers = 0;
    for (uint32_t s = 0; s < d.num_vertex_buffers && s < VF_MAX_INPUT_SLOTS; s++) {
        c->vertex_buffers[s] = d.vertex_buffers[s];
        c->num_vertex_buffers = s + 1;
    }
    memset(&c->index_buffer, 0, sizeof(c->index_buffer));
    if (d.index_buffer != NULL)
        c->index_buffer = *d.index_buffer;
    d.vertex_buffers = c->vertex_buffers;
    d.index_buffer = &c->index_buffer;
    c->draw = d;
    return 0;
}

/* The layout of the reference: every element fetched, in layout order,
 * with the system values, on the scalar path. A signature in the case only
 * decides linking, which the driver is not asked about. Returns 0 or -1
 * (message in r->error, the layout's diagnostics in r->layout_errors). */
static int reference_layout(struct vf_case *c, struct reference *ref,
                            struct vkf_case_report *r)
{
    vf_layout_options lo;
    vf_result vr;
    size_t used = 0;

    vf_case_layout_options(c, &lo);
    lo.signature = NULL;
    lo.signature_count = 0;
    lo.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    lo.output_shape = VF_OUTPUT_AOS;
    lo.isa = VF_ISA_SCALAR;
    ref->diag = calloc(1, sizeof(*ref->diag));
    if (ref->diag == NULL) {
        snprintf(r->error, sizeof(r->error), "out of memory");
        return -1;
    }
    vr = vf_layout_create(c->elements, c->num_elements, &lo, &ref->layout, ref->diag);
    if (vr == VF_OK)
        return adopt_d3d11(c, ref, r);
    snprintf(r->error, sizeof(r->error), "invalid input layout: %s", vf_result_string(vr));
    for (uint32_t k = 0; k < ref->diag->count && used + 2 < sizeof(r->layout_errors); k++) {
        int n = snprintf(r->layout_errors + used, sizeof(r->layout_errors) - used, "%s\n",
                         ref->diag->entries[k].message);
        if (n < 0)
            break;
        used += (size_t)n;
    }
    return -1;
}

/* The offsets by the D3D rule against vfetch's, then vfetch's draw and
 * start locations. Returns 0 or -1 (message in r->error). */
static int reference_draw(const struct vf_case *c, struct reference *ref,
                          struct vkf_case_report *r)
{
    size_t ref_size = 0;
    vf_result vr;

    vkf_resolve_offsets(c, r->offsets);
    for (uint32_t e = 0; e < c->num_elements; e++) {
        vf_layout_element_info info;
        if (vf_layout_element(ref->layout, e, &info) == VF_OK) {
            r->vf_offsets[e] = info.byte_offset;
            if (info.byte_offset != r->offsets[e])
                r->offset_mismatch = 1;
        }
    }
    vr = vf_draw_output_size(ref->layout, c->draw.vertex_count_per_instance,
                             c->draw.instance_count, &ref_size);
    if (vr != VF_OK || ref_size > ((size_t)1 << 31)) {
        snprintf(r->error, sizeof(r->error), "draw too large for this tool: %s",
                 vf_result_string(vr));
        return -1;
    }
    ref->ref = aligned_alloc(16, (ref_size + 15) / 16 * 16 + 16);
    if (ref->ref == NULL) {
        snprintf(r->error, sizeof(r->error), "out of memory");
        return -1;
    }
    vr = vf_draw(ref->layout, &c->draw, ref->ref, ref_size);
    if (vr != VF_OK) {
        snprintf(r->error, sizeof(r->error), "vfetch rejects the draw: %s",
                 vf_result_string(vr));
        return -1;
    }
    return vkf_start_reference(c, &r->start, r->error, sizeof(r->error)) != 0 ? -1 : 0;
}

/* -v: the draw and each element as the driver is given it. */
static void print_elements(const char *path, const struct vf_case *c,
                           const struct vkf_case_report *r)
{
    printf("case %s: %s, %u x %u\n", path,
           c->draw.indexed ? "DrawIndexedInstanced" : "DrawInstanced",
           c->draw.vertex_count_per_instance, c->draw.instance_count);
    for (uint32_t e = 0; e < c->num_elements; e++) {
        const vf_input_element_desc *el = &c->elements[e];
        const struct vkf_format_map *m = vkf_format_lookup(el->format);
        printf("  element %u %s%u %s -> VK_FORMAT_%s%s slot %u offset %u %s rate %u "
               "mapping 0x%04x\n",
               e, el->semantic_name, el->semantic_index, vf_format_name(el->format),
               m ? m->vk_name : "(none)", m && m->force_w_one ? " (.w forced to 1.0f)" : "",
               el->input_slot, r->offsets[e],
               el->input_slot_class ? "per-instance" : "per-vertex",
               el->instance_data_step_rate,
               c->component_mappings ? c->component_mappings[e] : VF_DEFAULT_COMPONENT_MAPPING);
    }
}

/* The driver's draw of c (its arguments read from ind where not NULL),
 * then the diff against ref. */
static int run_and_compare(struct vkf_device *dev, const struct vf_case *c,
                           const struct reference *ref, const struct vkf_fetch_options *o,
                           const struct vkf_indirect_src *ind, struct vkf_case_report *r)
{
    struct vkf_compare_rules rules = o->rules;
    int ret;

    r->robustness = vkf_fetch_robustness(dev);
    if (r->robustness == VKF_ROBUST_NONE && vkf_case_reads_out(c, r->offsets)) {
        snprintf(r->error, sizeof(r->error),
                 "the draw reads out of bounds, which Vulkan leaves undefined without "
                 "robustBufferAccess (--robustness none): not drawn");
        return VKF_EXIT_SKIP;
    }
    ret = vkf_run_indirect(dev, c, r->offsets, o->sized_bindings, ind, &r->vk, r->error,
                           sizeof(r->error));
    if (ret != VKF_EXIT_OK)
        return ret;
    if (vkf_d3d11_is_draw_auto(c))
        vkf_note(r->vk.translation, sizeof(r->vk.translation),
                 "DrawAuto: a direct draw of the %u vertices vfetch computes; ",
                 c->draw.vertex_count_per_instance);
    if (o->tamper && o->tamper != VKF_TAMPER_COMMAND_OFFSET)
        tamper(r, c, o->tamper);
    rules.device = vkf_device_description(dev);
    ret = vkf_compare(r, &rules, c, ref->layout, ref->ref);
    if (r->offset_mismatch)
        ret = VKF_EXIT_MISMATCH;
    vkf_result_free(&r->vk);
    return ret;
}

/* One draw of c as it stands (the case's, or an ExecuteIndirect
 * command's) into r: vfetch's reference, the driver's draw, the diff. */
static int fetch_draw(struct vkf_device *dev, struct vf_case *c,
                      const struct vkf_fetch_options *o, const struct vkf_indirect_src *ind,
                      struct vkf_case_report *r)
{
    struct reference ref = { NULL, NULL, NULL };
    int ret = VKF_EXIT_USAGE;

    if (reference_layout(c, &ref, r) == 0 && reference_draw(c, &ref, r) == 0) {
        if (o->verbose)
            print_elements(r->path, c, r);
        ret = run_and_compare(dev, c, &ref, o, ind, r);
    }
    vkf_start_ref_free(&r->start);
    free(ref.ref);
    free(ref.diag);
    vf_layout_destroy(ref.layout);
    return r->status = ret;
}

/* Empties r for the next command, keeping its arrays. */
static void report_reset(struct vkf_case_report *r)
{
    struct vkf_format_stats *stats = r->stats;
    struct vkf_diff *shown = r->shown;

    memset(r, 0, sizeof(*r));
    memset(stats, 0, VKF_MAX_FORMAT_VALUE * sizeof(*stats));
    r->stats = stats;
    r->shown = shown;
}

/* The worse of two statuses: usage over mismatch over equal over skipped. */
static int worse(int a, int b)
{
    static const int rank[] = { [VKF_EXIT_OK] = 1, [VKF_EXIT_MISMATCH] = 2,
                                [VKF_EXIT_USAGE] = 3 };
    int ra = a == VKF_EXIT_SKIP ? 0 : rank[a], rb = b == VKF_EXIT_SKIP ? 0 : rank[b];

    return ra >= rb ? a : b;
}

/* Every command of an ExecuteIndirect case, each its own report named
 * "CASE command N". Returns the worst status. */
static int fetch_commands(struct vkf_device *dev, struct vf_case *c, const char *path,
                          const struct vkf_fetch_options *o, struct vkf_case_report *r,
                          vkf_emit_fn emit, void *ctx)
{
    struct vkf_ei_walk *w = calloc(1, sizeof(*w));
    struct vkf_indirect_src src;
    uint64_t first_offset = 0;
    int worst = VKF_EXIT_SKIP, n = 0;

    if (w == NULL || vkf_ei_begin(c, path, w, r->error, sizeof(r->error)) != 0) {
        if (w == NULL)
            snprintf(r->error, sizeof(r->error), "out of memory");
        free(w);
        emit(ctx, r);
        return r->status = VKF_EXIT_USAGE;
    }
    while (vkf_ei_next(c, w, &src) == 1) {
        if (n == 0)
            first_offset = src.draw_offset;
        else if (o->tamper == VKF_TAMPER_COMMAND_OFFSET)
            src.draw_offset = first_offset; /* the wrong command's arguments */
        report_reset(r);
        name_elements(c, r);
        r->path = w->path;
        r->has_command = 1;
        r->command = w->cmd.command;
        if (w->cmd.result != VF_OK) {
            /* D3D's debug layer refuses it; what a GPU does is undefined. */
            snprintf(r->error, sizeof(r->error), "command %u is not drawn: its views break "
                     "a rule (%s)", w->cmd.command, vf_result_string(w->cmd.result));
            r->status = VKF_EXIT_SKIP;
        } else {
            fetch_draw(dev, c, o, &src, r);
        }
        emit(ctx, r);
        worst = worse(worst, r->status);
        n++;
    }
    if (n == 0) {
        snprintf(r->error, sizeof(r->error), "ExecuteIndirect runs no command (the count "
                 "or MaxCommandCount is 0): nothing to compare");
        r->status = VKF_EXIT_SKIP;
        emit(ctx, r);
    }
    free(w);
    return worst;
}

int vkf_fetch_case(struct vkf_device *dev, const char *path, const struct vkf_fetch_options *o,
                   struct vkf_case_report *r, vkf_emit_fn emit, void *ctx)
{
    struct vf_case c;
    struct vkf_indirect_src src;
    int ret;

    memset(&c, 0, sizeof(c));
    r->path = path;
    if (load(path, &c, r) != 0) {
        r->status = VKF_EXIT_USAGE;
        emit(ctx, r);
        return VKF_EXIT_USAGE;
    }
    if (c.vulkan != NULL) {
        /* Replayed as written, never translated to D3D (vk_native.c). */
        ret = vkf_native_case(dev, &c, o, r);
        emit(ctx, r);
    } else if (c.indirect != NULL) {
        ret = fetch_commands(dev, &c, path, o, r, emit, ctx);
    } else {
        ret = fetch_draw(dev, &c, o, vkf_d3d11_indirect_src(&c, &src) ? &src : NULL, r);
        emit(ctx, r);
    }
    vf_case_free(&c);
    return ret;
}
