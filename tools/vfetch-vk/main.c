/*
 * vfetch_vk.c - vfetch-vk: runs a vfetch case through a Vulkan driver's
 * vertex fetch and diffs what the driver delivered against vfetch's scalar
 * reference, value by value.
 *
 *   vfetch-vk [options] CASE.json...
 *   vfetch-vk --primitives [options] CASE.json...   (vk_prim_check.c)
 *
 * Exit status: 0 every compared value equal (or every difference accepted
 * by --accept or listed in --known-deviations), 1 a difference, 2 a usage or
 * case error, 77 no Vulkan loader or device (a test can skip).
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, fork, dlopen, strtok_r, fnmatch */

#include <errno.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "output.h"
#include "vk_device.h"
#include "vk_fetch_device.h"
#include "vk_format.h"
#include "vk_prim_check.h"
#include "vk_run.h"
#include "vk_shader.h"
#include "vk_start_ref.h"

/* ------------------------------------------------------------------------ */
/* Difference kinds (compare.h, shared with `vfetch compare`)                */
/* ------------------------------------------------------------------------ */

enum kind {
    K_EXACT = VF_DIFF_EXACT,
    K_ULP = VF_DIFF_ULP,
    K_NAN = VF_DIFF_NAN,
    K_SNORM_MIN = VF_DIFF_SNORM_MIN,
    K_OTHER = VF_DIFF_OTHER,
    K_SYSVAL = VF_DIFF_SYSVAL,
    K_NOT_SHADED = VF_DIFF_NOT_SHADED,
    K_CUT = VF_DIFF_CUT,
    K_COUNT = VF_DIFF_COUNT
};

#define kind_name vf_diff_kind_name

/* ------------------------------------------------------------------------ */
/* Options                                                                   */
/* ------------------------------------------------------------------------ */

/* What --tamper changes in the driver's output, to prove the diff fails. */
enum tamper { TAMPER_NONE, TAMPER_VALUE, TAMPER_START_VERTEX, TAMPER_START_INSTANCE };

struct options {
    const char *device;
    int list_devices;
    int check_formats;
    uint32_t max_mismatches;
    int json;
    unsigned accept; /* bit per enum kind */
    const char *known_path;
    int tamper;          /* enum tamper */
    int verbose;
    int primitives;      /* compare primitive lists instead of fetched values */
    int accept_rotated;  /* --primitives: accept GL-rotated strip-with-adjacency triangles */
};

static void usage(FILE *f)
{
    fputs("usage: vfetch-vk [options] CASE.json...\n"
          "Runs each case's draw through a Vulkan driver's vertex fetch and compares every\n"
          "value with vfetch's scalar reference.\n"
          "\n"
          "  --device NAME          the first device whose name contains NAME (default: the first)\n"
          "  --list-devices         list the Vulkan devices and exit\n"
          "  --max-mismatches N     show the first N differences per case (default 10)\n"
          "  --json                 print the results as JSON\n"
          "  --accept KINDS         accept these differences (comma list: 1ulp, nan,\n"
          "                         snorm-min, not-shaded, or 'd3d' = nan, which D3D allows)\n"
          "  --known-deviations FILE  accept the differences FILE lists for this device\n"
          "  --check-formats        check the DXGI -> Vulkan format map bit by bit and exit\n"
          "  --tamper[=WHAT]        change one word the driver returned (tests the diff):\n"
          "                         value (default) an element's, start-vertex or\n"
          "                         start-instance its gl_BaseVertex or gl_BaseInstance\n"
          "  --primitives           compare the primitives the driver assembles (captured\n"
          "                         by a geometry or tessellation control shader) with\n"
          "                         vf_draw_primitives, per instance and primitive ID\n"
          "  --accept-rotated       with --primitives: accept triangles of strips with\n"
          "                         adjacency in OpenGL's rotated vertex order\n"
          "  -v, --verbose          print the translation and every element\n"
          "\n"
          "Environment: VK_ICD_FILENAMES / VK_DRIVER_FILES choose the driver (e.g. Mesa lavapipe:\n"
          "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json); VFETCH_VK_LOADER names the loader\n"
          "library (default libvulkan.so.1).\n"
          "Exit status: 0 equal, 1 differences, 2 usage or case error, 77 no Vulkan device.\n",
          f);
}

/* ------------------------------------------------------------------------ */
/* Comparison                                                                */
/* ------------------------------------------------------------------------ */

/* Components of a difference past x..w (comp_name). */
#define COMP_VERTEX_ID 4u
#define COMP_INSTANCE_ID 5u
#define COMP_STRAY 6u
#define COMP_VERTEX 7u
#define COMP_START 8u /* + k: SV_StartVertexLocation, SV_StartInstanceLocation */

struct diff {
    uint32_t element, position, instance, component; /* 0..3 x..w, else COMP_* */
    uint32_t index_value;
    uint32_t expected, got;
    int kind;
};

struct format_stats {
    uint64_t n[4][K_COUNT];
    uint32_t example_expected[K_COUNT], example_got[K_COUNT];
    int has_example[K_COUNT];
};

#define MAX_FORMAT_VALUE 191

struct case_report {
    const char *path;
    int status;
    char error[1024];
    char layout_errors[4096];
    struct vkf_result vk;
    struct vkf_start_ref start;  /* vfetch's start locations, where the case reads them */
    uint64_t start_compared;     /* start-location words compared with the driver's */
    uint32_t offsets[VF_MAX_ELEMENTS];
    uint32_t vf_offsets[VF_MAX_ELEMENTS];
    char semantic[VF_MAX_ELEMENTS][48]; /* "BLENDWEIGHT0": how reports name elements */
    struct format_stats *stats; /* [MAX_FORMAT_VALUE] */
    uint64_t total[K_COUNT];
    uint64_t accepted, known, unaccepted, compared, skipped_oob, skipped_incomplete;
    struct diff *shown;
    uint32_t num_shown;
    int offset_mismatch;
};

static float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* D3D APPEND_ALIGNED resolution (docs/d3d-ia-rules.md 3.1), written apart from the
 * library so the driver gets offsets vfetch did not compute. */
static void resolve_offsets(const struct vf_case *c, uint32_t *out)
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

static uint32_t read_index(const vf_draw_desc *draw, uint32_t i)
{
    const vf_index_buffer_view *ib = draw->index_buffer;
    uint32_t size;
    uint64_t at;
    const uint8_t *p;
    if (ib == NULL || ib->data == NULL)
        return 0;
    size = ib->format == VF_FORMAT_R32_UINT ? 4 : 2;
    at = ((uint64_t)draw->start_location + i) * size;
    if (at + size > ib->size_in_bytes)
        return 0;
    p = (const uint8_t *)ib->data + at;
    return size == 2 ? (uint32_t)(p[0] | (p[1] << 8))
                     : (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
                           ((uint32_t)p[3] << 24);
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

static void count(struct case_report *r, const struct options *o, struct vf_known_list *known,
                  const char *device, const struct vf_case *c, uint32_t e, uint32_t comp,
                  uint32_t i, uint32_t j, uint32_t expected, uint32_t got, int kind)
{
    const vf_format_desc *d = e < c->num_elements ? vf_format_info(c->elements[e].format) : NULL;
    uint32_t fmt = d ? d->format : 0;
    struct format_stats *fs = &r->stats[fmt < MAX_FORMAT_VALUE ? fmt : 0];
    int accepted = 0;

    r->total[kind]++;
    r->compared++;
    fs->n[comp & 3][kind]++;
    if (!fs->has_example[kind]) {
        fs->has_example[kind] = 1;
        fs->example_expected[kind] = expected;
        fs->example_got[kind] = got;
    }
    if (kind == K_EXACT)
        return;
    if (o->accept & (1u << kind)) {
        accepted = 1;
        r->accepted++;
    } else if (known != NULL) {
        uint32_t cls = e < c->num_elements ? c->elements[e].input_slot_class : 0;
        struct vf_known *kn = vf_known_match(known, kind, d ? d->name : "", cls, device);
        if (kn != NULL) {
            kn->count++;
            r->known++;
            accepted = 1;
        }
    }
    if (accepted)
        return;
    r->unaccepted++;
    if (r->num_shown < o->max_mismatches) {
        struct diff *df = &r->shown[r->num_shown++];
        df->element = e;
        df->position = i;
        df->instance = j;
        df->component = comp;
        df->index_value = c->draw.indexed ? read_index(&c->draw, i) : i;
        df->expected = expected;
        df->got = got;
        df->kind = kind;
    }
}

/* Length of the run of uncut positions around position i of instance j. */
static uint32_t strip_run(const uint32_t *ref, size_t ref_words, int32_t sys_reg, uint32_t V,
                          uint32_t j, uint32_t i)
{
    uint32_t a = i, b = i + 1;
#define CUT_AT(p) ((ref[((size_t)j * V + (p)) * ref_words + 4 * (size_t)sys_reg + 2] & \
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
static void compare_start(struct case_report *r, const struct options *o,
                          struct vf_known_list *known, const char *device,
                          const struct vf_case *c, uint32_t i, uint32_t j, const uint32_t *got)
{
    const uint32_t *drv = got + 4 * c->num_elements + VKF_WORD_BASE_VERTEX;
    const uint32_t *want;

    if (r->start.words == NULL || !r->vk.draw_parameters)
        return; /* reported as not compared */
    want = r->start.words + ((size_t)j * c->draw.vertex_count_per_instance + i) * VKF_START_VALUES;
    for (uint32_t k = 0; k < VKF_START_VALUES; k++) {
        if (!r->start.wanted[k])
            continue;
        r->start_compared++;
        if (want[k] != drv[k])
            count(r, o, known, device, c, UINT32_MAX, COMP_START + k, i, j, want[k], drv[k],
                  K_SYSVAL);
    }
}

static int compare(struct case_report *r, const struct options *o, struct vf_known_list *known,
                   const char *device, const struct vf_case *c, const vf_layout *layout,
                   const uint32_t *ref)
{
    const uint32_t ne = c->num_elements;
    const uint32_t V = c->draw.vertex_count_per_instance, I = c->draw.instance_count;
    const uint32_t vk_words = VKF_RECORD_WORDS(ne);
    const size_t ref_words = vf_layout_record_size(layout) / 4;
    int32_t elem_reg[VF_MAX_ELEMENTS];
    int32_t sys_reg = -1;

    for (uint32_t e = 0; e < VF_MAX_ELEMENTS; e++)
        elem_reg[e] = -1;
    for (uint32_t reg = 0; reg < vf_layout_register_count(layout); reg++) {
        vf_layout_register_info info;
        if (vf_layout_register(layout, reg, &info) != VF_OK)
            continue;
        if (info.kind == VF_REGISTER_ELEMENT && info.element_index >= 0 &&
            (uint32_t)info.element_index < ne)
            elem_reg[info.element_index] = (int32_t)reg;
        else if (info.kind == VF_REGISTER_SYSTEM)
            sys_reg = (int32_t)reg;
    }
    if (sys_reg < 0) {
        snprintf(r->error, sizeof(r->error), "vfetch layout has no system register");
        return VKF_EXIT_USAGE;
    }

    for (uint32_t j = 0; j < I; j++) {
        for (uint32_t i = 0; i < V; i++) {
            const uint32_t *want = ref + ((size_t)j * V + i) * ref_words;
            const uint32_t *got = r->vk.records + ((size_t)j * V + i) * vk_words;
            const uint32_t *sys = want + 4 * sys_reg;
            int cut = (sys[2] & VF_FLAG_STRIP_CUT) != 0;
            int shaded = got[4 * ne + VKF_WORD_SHADED] != 0;

            if (cut || !shaded) {
                if (cut && !shaded)
                    continue; /* both cut */
                if (!cut && r->vk.restart && strip_run(ref, ref_words, sys_reg, V, j, i) < 2) {
                    /* Alone between cuts: no line-strip primitive uses the
                     * vertex, and Vulkan need not shade it. */
                    r->skipped_incomplete++;
                    continue;
                }
                count(r, o, known, device, c, UINT32_MAX, COMP_VERTEX, i, j, cut, shaded,
                      cut ? K_CUT : K_NOT_SHADED);
                continue;
            }
            for (uint32_t e = 0; e < ne; e++) {
                const vf_format_desc *d = vf_format_info(c->elements[e].format);
                uint32_t mapping = c->component_mappings ? c->component_mappings[e]
                                                         : VF_DEFAULT_COMPONENT_MAPPING;
                if (r->vk.status[e] != VKF_ELEM_FETCHED || elem_reg[e] < 0)
                    continue;
                if (!comparable_fetch(c, r->offsets, e, i, j)) {
                    r->skipped_oob += 4;
                    continue;
                }
                for (uint32_t comp = 0; comp < 4; comp++) {
                    uint32_t sel = VF_DECODE_COMPONENT_MAPPING(comp, mapping);
                    uint32_t type = sel < 4 ? d->type[sel] : VF_TYPE_NONE;
                    uint32_t bits = sel < 4 ? d->bits[sel] : 0;
                    uint32_t ew = want[4 * elem_reg[e] + comp], gw = got[4 * e + comp];
                    count(r, o, known, device, c, e, comp, i, j, ew, gw,
                          vf_diff_classify(ew, gw, type, bits));
                }
            }
            /* SV_VertexID, SV_InstanceID */
            for (uint32_t k = 0; k < 2; k++) {
                if (sys[k] != got[4 * ne + VKF_WORD_VERTEX_ID + k])
                    count(r, o, known, device, c, UINT32_MAX, COMP_VERTEX_ID + k, i, j, sys[k],
                          got[4 * ne + VKF_WORD_VERTEX_ID + k], K_SYSVAL);
            }
            compare_start(r, o, known, device, c, i, j, got);
        }
    }
    if (r->vk.stray != 0) {
        count(r, o, known, device, c, UINT32_MAX, COMP_STRAY, 0, 0, 0, r->vk.stray, K_OTHER);
    }
    return r->unaccepted ? VKF_EXIT_MISMATCH : VKF_EXIT_OK;
}

/* ------------------------------------------------------------------------ */
/* One case                                                                  */
/* ------------------------------------------------------------------------ */

/* Changes one word of the first shaded record: a fetched element
 * component (TAMPER_VALUE), or gl_BaseVertex / gl_BaseInstance by one. */
static void tamper(struct case_report *r, const struct vf_case *c, int what)
{
    const uint32_t ne = c->num_elements, words = VKF_RECORD_WORDS(ne);
    size_t n = (size_t)r->vk.positions * r->vk.instances;
    for (size_t k = 0; k < n; k++) {
        uint32_t *rec = r->vk.records + k * words;
        if (!rec[4 * ne + VKF_WORD_SHADED])
            continue;
        if (what != TAMPER_VALUE) {
            rec[4 * ne + (what == TAMPER_START_VERTEX ? VKF_WORD_BASE_VERTEX
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

static int run_case(struct vkf_device *dev, const char *path, const struct options *o,
                    struct vf_known_list *known, struct case_report *r)
{
    struct vf_case c;
    vf_layout_options lo;
    vf_layout *layout = NULL;
    vf_diagnostics *diag = NULL;
    uint32_t *ref = NULL;
    size_t ref_size = 0;
    vf_result vr;
    int ret = VKF_EXIT_USAGE;

    memset(&c, 0, sizeof(c));
    r->path = path;
    if (vf_case_load(path, &c, r->error, sizeof(r->error)) != 0)
        return r->status = VKF_EXIT_USAGE;
    if (c.api != VF_CASE_API_D3D12) {
        /* Its buffers exist only after vf_case_bind; not drawn here yet. */
        snprintf(r->error, sizeof(r->error), "Api: vfetch-vk runs D3D12 cases only");
        vf_case_free(&c);
        return r->status = VKF_EXIT_USAGE;
    }
    for (uint32_t e = 0; e < c.num_elements && e < VF_MAX_ELEMENTS; e++)
        snprintf(r->semantic[e], sizeof(r->semantic[e]), "%s%u",
                 c.elements[e].semantic_name ? c.elements[e].semantic_name : "?",
                 c.elements[e].semantic_index);

    /* The reference: every element fetched, in layout order, with the
     * system values, on the scalar path. A signature in the case only
     * decides linking, which the driver is not asked about. */
    vf_case_layout_options(&c, &lo);
    lo.signature = NULL;
    lo.signature_count = 0;
    lo.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    lo.output_shape = VF_OUTPUT_AOS;
    lo.isa = VF_ISA_SCALAR;
    diag = calloc(1, sizeof(*diag));
    if (diag == NULL) {
        snprintf(r->error, sizeof(r->error), "out of memory");
        goto out;
    }
    vr = vf_layout_create(c.elements, c.num_elements, &lo, &layout, diag);
    if (vr != VF_OK) {
        size_t used = 0;
        snprintf(r->error, sizeof(r->error), "invalid input layout: %s", vf_result_string(vr));
        for (uint32_t k = 0; k < diag->count && used + 2 < sizeof(r->layout_errors); k++) {
            int n = snprintf(r->layout_errors + used, sizeof(r->layout_errors) - used, "%s\n",
                             diag->entries[k].message);
            if (n < 0)
                break;
            used += (size_t)n;
        }
        goto out;
    }
    resolve_offsets(&c, r->offsets);
    for (uint32_t e = 0; e < c.num_elements; e++) {
        vf_layout_element_info info;
        if (vf_layout_element(layout, e, &info) == VF_OK) {
            r->vf_offsets[e] = info.byte_offset;
            if (info.byte_offset != r->offsets[e])
                r->offset_mismatch = 1;
        }
    }
    vr = vf_draw_output_size(layout, c.draw.vertex_count_per_instance, c.draw.instance_count,
                             &ref_size);
    if (vr != VF_OK || ref_size > ((size_t)1 << 31)) {
        snprintf(r->error, sizeof(r->error), "draw too large for this tool: %s",
                 vf_result_string(vr));
        goto out;
    }
    ref = aligned_alloc(16, (ref_size + 15) / 16 * 16 + 16);
    if (ref == NULL) {
        snprintf(r->error, sizeof(r->error), "out of memory");
        goto out;
    }
    vr = vf_draw(layout, &c.draw, ref, ref_size);
    if (vr != VF_OK) {
        snprintf(r->error, sizeof(r->error), "vfetch rejects the draw: %s",
                 vf_result_string(vr));
        goto out;
    }
    if (vkf_start_reference(&c, &r->start, r->error, sizeof(r->error)) != 0)
        goto out;

    if (o->verbose && !o->json) {
        printf("case %s: %s, %u x %u\n", path,
               c.draw.indexed ? "DrawIndexedInstanced" : "DrawInstanced",
               c.draw.vertex_count_per_instance, c.draw.instance_count);
        for (uint32_t e = 0; e < c.num_elements; e++) {
            const vf_input_element_desc *el = &c.elements[e];
            const struct vkf_format_map *m = vkf_format_lookup(el->format);
            printf("  element %u %s%u %s -> VK_FORMAT_%s%s slot %u offset %u %s rate %u "
                   "mapping 0x%04x\n",
                   e, el->semantic_name, el->semantic_index, vf_format_name(el->format),
                   m ? m->vk_name : "(none)", m && m->force_w_one ? " (.w forced to 1.0f)" : "",
                   el->input_slot, r->offsets[e],
                   el->input_slot_class ? "per-instance" : "per-vertex",
                   el->instance_data_step_rate,
                   c.component_mappings ? c.component_mappings[e] : VF_DEFAULT_COMPONENT_MAPPING);
        }
    }
    ret = vkf_run(dev, &c, r->offsets, &r->vk, r->error, sizeof(r->error));
    if (ret != VKF_EXIT_OK)
        goto out;
    if (o->tamper)
        tamper(r, &c, o->tamper);
    ret = compare(r, o, known, vkf_device_description(dev), &c, layout, ref);
    if (r->offset_mismatch)
        ret = VKF_EXIT_MISMATCH;
    vkf_result_free(&r->vk);
out:
    r->status = ret;
    vkf_start_ref_free(&r->start);
    free(ref);
    free(diag);
    vf_layout_destroy(layout);
    vf_case_free(&c);
    return ret;
}

/* ------------------------------------------------------------------------ */
/* Reports                                                                   */
/* ------------------------------------------------------------------------ */

static const char *status_note(uint32_t s)
{
    switch (s) {
    case VKF_ELEM_FETCHED: return "fetched";
    case VKF_ELEM_UNBOUND: return "unbound";
    case VKF_ELEM_NO_VK_FORMAT: return "no-vk-format";
    case VKF_ELEM_FORMAT_UNSUPPORTED: return "format-unsupported";
    case VKF_ELEM_DIVISOR_UNSUPPORTED: return "divisor-unsupported";
    default: return "limit";
    }
}

static const char *comp_name(uint32_t comp)
{
    static const char *const n[] = { "x", "y", "z", "w", "SV_VertexID", "SV_InstanceID",
                                     "stray", "vertex" };
    if (comp >= COMP_START)
        return vkf_start_name(comp - COMP_START);
    return n[comp];
}

/* Which start locations the case reads and whether they were compared. */
static void print_start(FILE *f, const struct case_report *r)
{
    const int *w = r->start.wanted;

    if (!w[0] && !w[1])
        return;
    if (!r->vk.draw_parameters) {
        for (uint32_t k = 0; k < VKF_START_VALUES; k++)
            if (w[k])
                fprintf(f, "  %s not compared (no shaderDrawParameters)\n", vkf_start_name(k));
        return;
    }
    fprintf(f, "  start locations: %" PRIu64 " values compared (%s%s%s, with gl_BaseVertex / "
               "gl_BaseInstance)\n",
            r->start_compared, w[0] ? vkf_start_name(0) : "", w[0] && w[1] ? ", " : "",
            w[1] ? vkf_start_name(1) : "");
}

static void print_text(FILE *f, const struct case_report *r)
{
    fprintf(f, "case %s\n", r->path);
    if (r->status == VKF_EXIT_USAGE || (r->error[0] && r->vk.records == NULL && r->compared == 0)) {
        fprintf(f, "  error: %s\n", r->error);
        if (r->layout_errors[0])
            fprintf(f, "%s", r->layout_errors);
        if (r->status != VKF_EXIT_OK)
            return;
    }
    if (r->vk.translation[0] || r->vk.topology)
        fprintf(f, "  translation: %s%s\n", r->vk.translation,
                r->vk.topology ? r->vk.topology : "");
    for (uint32_t e = 0; e < r->vk.num_elements; e++) {
        if (r->vk.status[e] != VKF_ELEM_FETCHED)
            fprintf(f, "  %s (element %u) not compared (%s): %s\n", r->semantic[e], e,
                    status_note(r->vk.status[e]), r->vk.note[e]);
        if (r->offsets[e] != r->vf_offsets[e])
            fprintf(f, "  %s (element %u): vfetch resolved offset %u, the D3D rule gives %u\n",
                    r->semantic[e], e, r->vf_offsets[e], r->offsets[e]);
    }
    print_start(f, r);
    fprintf(f, "  %-22s %-4s %10s %8s %8s %9s %8s\n", "format", "comp", "exact", "1ulp", "nan",
            "snorm-min", "mismatch");
    for (uint32_t fmt = 0; fmt < MAX_FORMAT_VALUE; fmt++) {
        const struct format_stats *fs = &r->stats[fmt];
        for (uint32_t comp = 0; comp < 4; comp++) {
            const uint64_t *n = fs->n[comp];
            if (n[K_EXACT] + n[K_ULP] + n[K_NAN] + n[K_SNORM_MIN] + n[K_OTHER] == 0)
                continue;
            fprintf(f, "  %-22s %-4s %10" PRIu64 " %8" PRIu64 " %8" PRIu64 " %9" PRIu64
                       " %8" PRIu64 "\n",
                    fmt ? vf_format_name(fmt) : "(draw)", comp_name(comp), n[K_EXACT],
                    n[K_ULP], n[K_NAN], n[K_SNORM_MIN], n[K_OTHER]);
        }
    }
    if (r->num_shown) {
        fprintf(f, "  first differences:\n");
        for (uint32_t k = 0; k < r->num_shown; k++) {
            const struct diff *d = &r->shown[k];
            if (d->kind == K_CUT || d->kind == K_NOT_SHADED)
                fprintf(f, "    %s: position %u (index %u) instance %u: vfetch %s, the driver %s\n",
                        kind_name[d->kind], d->position, d->index_value, d->instance,
                        d->expected ? "cuts" : "fetches", d->got ? "shaded it" : "did not shade it");
            else if (d->component == COMP_START) /* an int: BaseVertexLocation may be < 0 */
                fprintf(f, "    %s: position %u (index %u) instance %u %s: expected %d got %d\n",
                        kind_name[d->kind], d->position, d->index_value, d->instance,
                        comp_name(d->component), (int32_t)d->expected, (int32_t)d->got);
            else if (d->element == UINT32_MAX)
                fprintf(f, "    %s: position %u (index %u) instance %u %s: expected %u got %u\n",
                        kind_name[d->kind], d->position, d->index_value, d->instance,
                        comp_name(d->component), d->expected, d->got);
            else
                fprintf(f,
                        "    %s: %s.%s (element %u) position %u (index %u) instance %u: "
                        "expected 0x%08x (%.9g) got 0x%08x (%.9g)\n",
                        kind_name[d->kind], r->semantic[d->element], comp_name(d->component),
                        d->element, d->position,
                        d->index_value, d->instance, d->expected, (double)u2f(d->expected),
                        d->got, (double)u2f(d->got));
        }
    }
    fprintf(f,
            "  result: %" PRIu64 " values compared, %" PRIu64 " exact, %" PRIu64 " 1ulp, %" PRIu64
            " nan, %" PRIu64 " snorm-min, %" PRIu64 " mismatch, %" PRIu64 " sysval, %" PRIu64
            " not-shaded, %" PRIu64 " cut; %" PRIu64 " accepted, %" PRIu64 " known, %" PRIu64
            " not accepted; %" PRIu64 " out of bounds and %" PRIu64
            " alone between cuts not compared -> %s\n",
            r->compared, r->total[K_EXACT], r->total[K_ULP], r->total[K_NAN],
            r->total[K_SNORM_MIN], r->total[K_OTHER], r->total[K_SYSVAL], r->total[K_NOT_SHADED],
            r->total[K_CUT], r->accepted, r->known, r->unaccepted, r->skipped_oob,
            r->skipped_incomplete, r->status == VKF_EXIT_OK ? "PASS" : "FAIL");
}


static void print_json(FILE *f, const struct case_report *r, int first)
{
    fprintf(f, "%s\n    {\"case\": ", first ? "" : ",");
    vf_output_json_string(f, r->path);
    fprintf(f, ", \"status\": %d", r->status);
    if (r->error[0]) {
        fprintf(f, ", \"error\": ");
        vf_output_json_string(f, r->error);
    }
    fprintf(f, ", \"translation\": ");
    vf_output_json_string(f, r->vk.translation);
    for (uint32_t k = 0; k < VKF_START_VALUES; k++)
        if (r->start.wanted[k])
            fprintf(f, ", \"%s\": \"%s\"", vkf_start_name(k),
                    r->vk.draw_parameters ? "compared" : "not compared (no shaderDrawParameters)");
    if (r->start.wanted[0] || r->start.wanted[1])
        fprintf(f, ", \"start_locations_compared\": %" PRIu64, r->start_compared);
    fprintf(f, ", \"elements\": [");
    for (uint32_t e = 0; e < r->vk.num_elements; e++) {
        fprintf(f, "%s{\"element\": %u, \"semantic\": ", e ? ", " : "", e);
        vf_output_json_string(f, r->semantic[e]);
        fprintf(f, ", \"offset\": %u, \"vfetch_offset\": %u, \"status\": \"%s\"",
                r->offsets[e], r->vf_offsets[e], status_note(r->vk.status[e]));
        if (r->vk.note[e][0]) {
            fprintf(f, ", \"note\": ");
            vf_output_json_string(f, r->vk.note[e]);
        }
        fputc('}', f);
    }
    fprintf(f, "],\n     \"totals\": {");
    for (int k = 0; k < K_COUNT; k++)
        fprintf(f, "%s\"%s\": %" PRIu64, k ? ", " : "", kind_name[k], r->total[k]);
    fprintf(f, ", \"accepted\": %" PRIu64 ", \"known\": %" PRIu64 ", \"not_accepted\": %" PRIu64
               ", \"out_of_bounds\": %" PRIu64 ", \"alone_between_cuts\": %" PRIu64
               "},\n     \"formats\": [",
            r->accepted, r->known, r->unaccepted, r->skipped_oob, r->skipped_incomplete);
    {
        int firstf = 1;
        for (uint32_t fmt = 1; fmt < MAX_FORMAT_VALUE; fmt++) {
            const struct format_stats *fs = &r->stats[fmt];
            for (uint32_t comp = 0; comp < 4; comp++) {
                const uint64_t *n = fs->n[comp];
                if (n[K_EXACT] + n[K_ULP] + n[K_NAN] + n[K_SNORM_MIN] + n[K_OTHER] == 0)
                    continue;
                fprintf(f, "%s\n       {\"format\": \"%s\", \"component\": \"%s\"",
                        firstf ? "" : ",", vf_format_name(fmt), comp_name(comp));
                for (int k = 0; k <= K_OTHER; k++)
                    fprintf(f, ", \"%s\": %" PRIu64, kind_name[k], n[k]);
                fputc('}', f);
                firstf = 0;
            }
        }
    }
    fprintf(f, "],\n     \"differences\": [");
    for (uint32_t k = 0; k < r->num_shown; k++) {
        const struct diff *d = &r->shown[k];
        fprintf(f, "%s\n       {\"kind\": \"%s\", \"element\": %d, \"semantic\": ",
                k ? "," : "", kind_name[d->kind],
                d->element == UINT32_MAX ? -1 : (int)d->element);
        if (d->element == UINT32_MAX)
            fprintf(f, "null");
        else
            vf_output_json_string(f, r->semantic[d->element]);
        fprintf(f,
                ", \"component\": \"%s\", \"position\": %u, \"index\": %u, "
                "\"instance\": %u, \"expected\": \"0x%08x\", \"got\": \"0x%08x\"}",
                comp_name(d->component), d->position, d->index_value, d->instance, d->expected,
                d->got);
    }
    fprintf(f, "]}");
}

/* ------------------------------------------------------------------------ */
/* main                                                                      */
/* ------------------------------------------------------------------------ */

/* --primitives: every case through vkf_prim_check_case. 77 when the
 * device could capture none of them. */
static int run_primitives(struct vkf_device *dev, const struct options *o, const char **cases,
                          int ncases)
{
    struct vkf_prim_options po = {
        .max_mismatches = o->max_mismatches,
        .accept_rotation = o->accept_rotated,
        .tamper = o->tamper != TAMPER_NONE,
        .verbose = o->verbose,
    };
    int overall = VKF_EXIT_OK, skipped = 0;

    printf("device: %s\n", vkf_device_description(dev));
    for (int k = 0; k < ncases; k++) {
        int ret = vkf_prim_check_case(dev, cases[k], &po, stdout);
        if (ret == VKF_EXIT_SKIP)
            skipped++;
        else if (ret == VKF_EXIT_USAGE)
            overall = VKF_EXIT_USAGE;
        else if (ret != VKF_EXIT_OK && overall != VKF_EXIT_USAGE)
            overall = VKF_EXIT_MISMATCH;
    }
    if (skipped == ncases)
        overall = VKF_EXIT_SKIP;
    printf("%d cases, %d skipped\nstatus: %d\n", ncases, skipped, overall);
    return overall;
}

/* Reads the command line into o and cases (room for argc entries).
 * Returns -1 to go on, else the exit status (--help, a bad option). */
static int parse_options(int argc, char **argv, struct options *o, const char **cases,
                         int *ncases)
{
    memset(o, 0, sizeof(*o));
    o->max_mismatches = 10;
    *ncases = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--device") == 0 && i + 1 < argc) {
            o->device = argv[++i];
        } else if (strncmp(a, "--device=", 9) == 0) {
            o->device = a + 9;
        } else if (strcmp(a, "--list-devices") == 0) {
            o->list_devices = 1;
        } else if (strcmp(a, "--check-formats") == 0) {
            o->check_formats = 1;
        } else if (strcmp(a, "--json") == 0) {
            o->json = 1;
        } else if (strcmp(a, "--tamper") == 0 || strcmp(a, "--tamper=value") == 0) {
            o->tamper = TAMPER_VALUE;
        } else if (strcmp(a, "--tamper=start-vertex") == 0) {
            o->tamper = TAMPER_START_VERTEX;
        } else if (strcmp(a, "--tamper=start-instance") == 0) {
            o->tamper = TAMPER_START_INSTANCE;
        } else if (strcmp(a, "--primitives") == 0) {
            o->primitives = 1;
        } else if (strcmp(a, "--accept-rotated") == 0) {
            o->accept_rotated = 1;
        } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
            o->verbose = 1;
        } else if ((strcmp(a, "--max-mismatches") == 0 && i + 1 < argc) ||
                   strncmp(a, "--max-mismatches=", 17) == 0) {
            const char *v = a[16] == '=' ? a + 17 : argv[++i];
            char *end;
            unsigned long n;
            errno = 0;
            n = strtoul(v, &end, 10);
            if (errno || *end || end == v || n > 100000) {
                fprintf(stderr, "vfetch-vk: --max-mismatches: not a count: %s\n", v);
                return VKF_EXIT_USAGE;
            }
            o->max_mismatches = (uint32_t)n;
        } else if ((strcmp(a, "--accept") == 0 && i + 1 < argc) ||
                   strncmp(a, "--accept=", 9) == 0) {
            const char *v = a[8] == '=' ? a + 9 : argv[++i];
            if (vf_diff_parse_accept(v, &o->accept) != 0) {
                fprintf(stderr, "vfetch-vk: --accept: unknown kind in '%s'\n", v);
                return VKF_EXIT_USAGE;
            }
        } else if ((strcmp(a, "--known-deviations") == 0 && i + 1 < argc) ||
                   strncmp(a, "--known-deviations=", 19) == 0) {
            o->known_path = a[18] == '=' ? a + 19 : argv[++i];
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return VKF_EXIT_OK;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "vfetch-vk: unknown option %s\n", a);
            usage(stderr);
            return VKF_EXIT_USAGE;
        } else {
            cases[(*ncases)++] = a;
        }
    }
    return -1;
}

/* Every case through run_case, each report printed as it ends. Returns
 * the worst status (usage over mismatch over equal). */
static int run_cases(struct vkf_device *dev, const struct options *o,
                     struct vf_known_list *known, const char **cases, int ncases)
{
    int overall = VKF_EXIT_OK;

    for (int k = 0; k < ncases; k++) {
        struct case_report *r = calloc(1, sizeof(*r));
        int ret;
        if (r == NULL || (r->stats = calloc(MAX_FORMAT_VALUE, sizeof(*r->stats))) == NULL ||
            (r->shown = calloc(o->max_mismatches ? o->max_mismatches : 1, sizeof(*r->shown))) ==
                NULL) {
            fprintf(stderr, "vfetch-vk: out of memory\n");
            if (r)
                free(r->stats);
            free(r);
            return VKF_EXIT_USAGE;
        }
        ret = run_case(dev, cases[k], o, known, r);
        if (o->json)
            print_json(stdout, r, k == 0);
        else
            print_text(stdout, r);
        if (ret == VKF_EXIT_USAGE)
            overall = VKF_EXIT_USAGE;
        else if (ret != VKF_EXIT_OK && overall != VKF_EXIT_USAGE)
            overall = VKF_EXIT_MISMATCH;
        free(r->stats);
        free(r->shown);
        free(r);
    }
    return overall;
}

/* The known deviations that matched, and the status line. */
static void print_known(const struct vf_known_list *known, int json, int overall)
{
    if (json) {
        printf("],\n  \"known_deviations\": [");
        for (size_t k = 0; k < known->n; k++) {
            printf("%s\n    {\"id\": ", k ? "," : "");
            vf_output_json_string(stdout, known->v[k].id);
            printf(", \"kind\": \"%s\", \"count\": %" PRIu64 ", \"reason\": ",
                   kind_name[known->v[k].kind], known->v[k].count);
            vf_output_json_string(stdout, known->v[k].reason);
            printf("}");
        }
        printf("],\n  \"status\": %d}\n", overall);
    } else {
        for (size_t k = 0; k < known->n; k++)
            if (known->v[k].count)
                printf("known deviation %s (%s): %" PRIu64 " values: %s\n", known->v[k].id,
                       kind_name[known->v[k].kind], known->v[k].count, known->v[k].reason);
        printf("status: %d\n", overall);
    }
}

/* Opens the device and runs the cases (fetch or --primitives). */
static int run_on_device(const struct options *o, struct vf_known_list *known,
                         const char **cases, int ncases, int overall)
{
    struct vkf_device *dev = NULL;
    char err[1024];
    int ret = vkf_open_fetch(o->device, &dev, err, sizeof(err));

    if (ret != VKF_EXIT_OK) {
        fprintf(stderr, "vfetch-vk: %s%s\n", ret == VKF_EXIT_SKIP ? "skipped: " : "", err);
        return ret;
    }
    if (o->primitives) {
        ret = run_primitives(dev, o, cases, ncases);
        vkf_close_fetch(dev);
        return ret;
    }
    if (o->json) {
        printf("{\"device\": ");
        vf_output_json_string(stdout, vkf_device_description(dev));
        printf(",\n  \"cases\": [");
    } else {
        printf("device: %s\n", vkf_device_description(dev));
    }
    ret = run_cases(dev, o, known, cases, ncases);
    if (ret == VKF_EXIT_USAGE || (ret != VKF_EXIT_OK && overall != VKF_EXIT_USAGE))
        overall = ret;
    print_known(known, o->json, overall);
    vkf_close_fetch(dev);
    return overall;
}

/* `cases` has room for argc entries; main owns it, so early returns leak nothing. */
static int vfetch_vk_main(int argc, char **argv, const char **cases)
{
    struct options o;
    struct vf_known_list known = { NULL, 0 };
    int ncases = 0, overall = VKF_EXIT_OK;
    char err[1024];
    int ret = parse_options(argc, argv, &o, cases, &ncases);

    if (ret >= 0)
        return ret;
    if (o.check_formats) {
        int bad = vkf_format_check(stdout);
        printf("format map: %s\n", bad ? "WRONG" : "every component matches");
        if (ncases == 0 && !o.list_devices)
            return bad ? VKF_EXIT_MISMATCH : VKF_EXIT_OK;
        if (bad)
            overall = VKF_EXIT_MISMATCH;
    }
    if (o.list_devices) {
        ret = vkf_list_devices(stdout, err, sizeof(err));
        if (ret != VKF_EXIT_OK)
            fprintf(stderr, "vfetch-vk: %s\n", err);
        return ret;
    }
    if (ncases == 0) {
        usage(stderr);
        return VKF_EXIT_USAGE;
    }
    if (o.primitives && o.json) {
        fprintf(stderr, "vfetch-vk: --primitives prints text only, not --json\n");
        return VKF_EXIT_USAGE;
    }
    if (o.primitives && o.tamper > TAMPER_VALUE) {
        fprintf(stderr, "vfetch-vk: --primitives changes a position only (--tamper)\n");
        return VKF_EXIT_USAGE;
    }
    if (o.known_path && vf_known_load(o.known_path, &known, err, sizeof(err)) != 0) {
        fprintf(stderr, "vfetch-vk: %s\n", err);
        return VKF_EXIT_USAGE;
    }
    ret = run_on_device(&o, &known, cases, ncases, overall);
    free(known.v);
    return ret;
}

int main(int argc, char **argv)
{
    const char **cases = calloc((size_t)argc, sizeof(*cases));
    if (cases == NULL)
        return VKF_EXIT_USAGE;
    int ret = vfetch_vk_main(argc, argv, cases);
    free(cases);
    return ret;
}
