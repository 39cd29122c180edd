/*
 * vk_prim_check.c - vfetch-vk --primitives: the primitives a Vulkan driver
 * assembles for a case's draw against vf_draw_primitives.
 *
 * Capture-stage invocations run in any order and a driver may split an
 * instance's work, so the captured primitives are sorted by (instance,
 * primitive ID) and each must appear exactly once. Their vertices are
 * compared position by position where Vulkan and D3D define the same order
 * (every topology, per the current Vulkan specification); a triangle of a
 * strip with adjacency given in OpenGL's order (an odd triangle starting
 * at 2i+2: the same triangle rotated by two places) is its own kind,
 * "rotated", accepted only with --accept rotated (docs/d3d-ia-rules.md §13);
 * so is a Vulkan LAST_VERTEX strip or fan triangle rotated to put its
 * provoking vertex last (is_last_rotation).
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_vulkan.h"
#include "d3d_names.h"
#include "fetch_indirect.h"
#include "vk_device.h"
#include "vk_note.h"
#include "vk_prim.h"
#include "vk_prim_check.h"

#define MAX_VPP 32u

enum prim_kind { P_EXACT, P_ROTATED, P_MISMATCH, P_MISSING, P_EXTRA, P_COUNT };
static const char *const prim_kind_name[P_COUNT] = {
    "exact", "rotated", "mismatch", "missing", "extra",
};

/* One captured primitive, at a fixed size so that qsort can move it. */
struct cap {
    uint32_t instance, id;
    uint32_t v[MAX_VPP];
};

static int cap_cmp(const void *a, const void *b)
{
    const struct cap *x = a, *y = b;
    if (x->instance != y->instance)
        return x->instance < y->instance ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

struct prim_report {
    FILE *f;
    const struct vkf_prim_options *o;
    uint64_t n[P_COUNT];
    uint32_t shown;
};

static void print_tuple(FILE *f, const uint32_t *v, uint32_t vpp)
{
    fputc('(', f);
    for (uint32_t t = 0; t < vpp; t++)
        fprintf(f, "%s%u", t ? " " : "", v[t]);
    fputc(')', f);
}

static void note(struct prim_report *r, int kind, uint32_t instance, uint32_t id,
                 const uint32_t *expected, const uint32_t *got, uint32_t vpp)
{
    r->n[kind]++;
    if (kind == P_EXACT || (kind == P_ROTATED && r->o->accept_rotation))
        return;
    if (r->shown++ >= r->o->max_mismatches)
        return;
    fprintf(r->f, "    %s: instance %u primitive %u:", prim_kind_name[kind], instance, id);
    if (expected) {
        fputs(" vfetch ", r->f);
        print_tuple(r->f, expected, vpp);
    }
    if (got) {
        fputs(" driver ", r->f);
        print_tuple(r->f, got, vpp);
    }
    fputc('\n', r->f);
}

/* Whether `got` is D3D's odd triangle `e` of a strip with adjacency in
 * OpenGL's order: (2i+2, 2i-2, 2i, 2i+3, 2i+4, 2i+6) for D3D's
 * (2i, 2i+3, 2i+4, 2i+6, 2i+2, 2i-2). D3D's odd triangles are the ones
 * whose third vertex is the leading one plus 4. */
/* Whether `got` is a Vulkan LAST_VERTEX strip or fan triangle `e` whose
 * provoking vertex, listed second by the specification (e[1]: an odd
 * strip triangle's v_i+2, a fan's v_i+2), was moved last by one rotation:
 * OpenGL's (v_i+1, v_i, v_i+2) and (v_0, v_i+1, v_i+2), which Mesa gives.
 * Same triangle, same winding. */
static int is_last_rotation(const struct vf_case *c, const uint32_t *e, const uint32_t *got)
{
    const struct vf_case_vulkan *v = c->vulkan;

    if (v == NULL || v->provoking_mode != VF_VK_PROVOKING_VERTEX_MODE_LAST_VERTEX ||
        (v->topology != VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP &&
         v->topology != VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN))
        return 0;
    return got[0] == e[2] && got[1] == e[0] && got[2] == e[1];
}

static int is_rotation(const struct vf_case *c, const uint32_t *e, const uint32_t *got)
{
    if (is_last_rotation(c, e, got))
        return 1;
    int strip_adj = c->vulkan != NULL
                        ? c->vulkan->topology == VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY
                        : c->draw.primitive_topology == VF_TOPOLOGY_TRIANGLESTRIP_ADJ;
    if (!strip_adj || e[2] != e[0] + 4)
        return 0;
    for (uint32_t k = 0; k < 6; k++)
        if (got[k] != e[(k + 4) % 6])
            return 0;
    return 1;
}

/* Compares the sorted capture with the expected list (the same for every
 * instance: `per` primitives of `vpp` positions). */
static void compare(struct prim_report *r, const struct vf_case *c, const uint32_t *expected,
                    uint32_t per, uint32_t vpp, const struct cap *caps, uint32_t ncaps)
{
    const uint32_t I = c->draw.instance_count;
    uint32_t k = 0;

    for (uint32_t j = 0; j < I; j++) {
        for (uint32_t p = 0; p < per; p++) {
            const uint32_t *e = expected + (size_t)p * vpp;
            /* Captures sorting before (j, p) are out of range or repeated. */
            while (k < ncaps && (caps[k].instance < j ||
                                 (caps[k].instance == j && caps[k].id < p))) {
                note(r, P_EXTRA, caps[k].instance, caps[k].id, NULL, caps[k].v, vpp);
                k++;
            }
            if (k == ncaps || caps[k].instance != j || caps[k].id != p) {
                note(r, P_MISSING, j, p, e, NULL, vpp);
                continue;
            }
            if (memcmp(caps[k].v, e, vpp * sizeof(uint32_t)) == 0)
                note(r, P_EXACT, j, p, e, caps[k].v, vpp);
            else if (is_rotation(c, e, caps[k].v))
                note(r, P_ROTATED, j, p, e, caps[k].v, vpp);
            else
                note(r, P_MISMATCH, j, p, e, caps[k].v, vpp);
            k++;
        }
    }
    for (; k < ncaps; k++)
        note(r, P_EXTRA, caps[k].instance, caps[k].id, NULL, caps[k].v, vpp);
}

/* vfetch's list for one instance (malloc'ed), or NULL with a message:
 * vf_draw_primitives of the D3D draw, or vf_vk_draw_primitives of a Vulkan
 * case (compiled) in its provokingVertexMode and patchControlPoints. */
static uint32_t *vfetch_list(const struct vf_case *c, uint32_t *per_ret, uint32_t *vpp_ret,
                             char *err, size_t err_size)
{
    const vf_draw_desc *draw = &c->draw;
    uint32_t per = 0, vpp = 0, written = 0;
    vf_result vr = c->vulkan ? vf_case_vulkan_primitive_count(c, &per, &vpp)
                             : vf_primitive_count(draw, &per, &vpp, NULL);
    uint32_t *list;
    if (vr != VF_OK) {
        snprintf(err, err_size, "%s: %s",
                 c->vulkan ? "vf_vk_primitive_count" : "vf_primitive_count",
                 vf_result_string(vr));
        return NULL;
    }
    list = malloc(per ? (size_t)per * vpp * sizeof(uint32_t) : 4);
    if (list == NULL) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    vr = c->vulkan ? vf_case_vulkan_draw_primitives(c, 0, list, (size_t)per * vpp, NULL, &written)
                   : vf_draw_primitives(draw, 0, list, (size_t)per * vpp, &written);
    if (vr != VF_OK || written != per) {
        snprintf(err, err_size, "%s: %s (%u of %u)",
                 c->vulkan ? "vf_vk_draw_primitives" : "vf_draw_primitives",
                 vf_result_string(vr), written, per);
        free(list);
        return NULL;
    }
    *per_ret = per;
    *vpp_ret = vpp;
    return list;
}

/* The driver's records as sortable captures (malloc'ed). */
static struct cap *captures(const struct vkf_prim_result *res, int tamper)
{
    struct cap *caps = calloc(res->stored ? res->stored : 1, sizeof(*caps));
    if (caps == NULL)
        return NULL;
    for (uint32_t i = 0; i < res->stored; i++) {
        const uint32_t *w = res->records + (size_t)i * VKF_PRIM_WORDS(res->vpp);
        caps[i].instance = w[0];
        caps[i].id = w[1];
        memcpy(caps[i].v, w + 2, res->vpp * sizeof(uint32_t));
    }
    qsort(caps, res->stored, sizeof(*caps), cap_cmp);
    if (tamper && res->stored > 0)
        caps[0].v[0] ^= 1u;
    return caps;
}

/* The counts of one case and its verdict. */
static void print_result(const struct prim_report *r, uint64_t total, uint32_t per,
                         uint32_t captured, int ret)
{
    fprintf(r->f,
            "  result: %" PRIu64 " primitives expected (%u per instance), %u captured; %" PRIu64
            " exact, %" PRIu64 " rotated%s, %" PRIu64 " mismatch, %" PRIu64 " missing, %" PRIu64
            " extra -> %s\n",
            total, per, captured, r->n[P_EXACT], r->n[P_ROTATED],
            r->o->accept_rotation ? " (accepted)" : "", r->n[P_MISMATCH], r->n[P_MISSING],
            r->n[P_EXTRA], ret == VKF_EXIT_OK ? "PASS" : "FAIL");
}

/* The primitives of c's draw as it stands: vfetch's list against the
 * driver's capture, reported to f. */
static int check_draw(struct vkf_device *dev, struct vf_case *cp,
                      const struct vkf_prim_options *o, FILE *f)
{
    const struct vf_case c = *cp; /* read only: the draw and its views */
    struct vkf_prim_result res;
    struct prim_report r;
    char err[1024] = "";
    uint32_t per = 0, vpp = 0, *expected = NULL;
    struct cap *caps = NULL;
    uint64_t total, bad;
    int ret = VKF_EXIT_USAGE;

    memset(&res, 0, sizeof(res));
    memset(&r, 0, sizeof(r));
    r.f = f;
    r.o = o;
    expected = vfetch_list(&c, &per, &vpp, err, sizeof(err));
    if (expected == NULL)
        goto out;
    total = (uint64_t)per * c.draw.instance_count;
    if (vpp > MAX_VPP || total > (1u << 22)) {
        snprintf(err, sizeof(err), "draw too large for this tool (%" PRIu64 " primitives)",
                 total);
        goto out;
    }
    /* Room for extra primitives, so that a driver making too many shows them. */
    ret = c.vulkan ? vkf_prim_run_vulkan(dev, &c, vpp, (uint32_t)total + 64, &res, err,
                                         sizeof(err))
                   : vkf_prim_run(dev, &c, (uint32_t)total + 64, &res, err, sizeof(err));
    if (ret == VKF_EXIT_SKIP) {
        fprintf(f, "  skipped: %s\n", err);
        err[0] = '\0';
        goto out;
    }
    if (ret != VKF_EXIT_OK)
        goto out;
    fprintf(f, "  translation: %s%s%s via a %s\n", res.translation, res.topology,
            res.restart ? " with primitive restart" : "", res.stage);
    if (o->verbose) {
        fprintf(f, "  %s, %u positions x %u instances: %u primitives per instance\n",
                c.vulkan ? res.topology : vf_topology_name(c.draw.primitive_topology),
                c.draw.vertex_count_per_instance, c.draw.instance_count, per);
    }
    caps = captures(&res, o->tamper);
    if (caps == NULL) {
        snprintf(err, sizeof(err), "out of memory");
        ret = VKF_EXIT_USAGE;
        goto out;
    }
    if (res.count > res.stored)
        fprintf(f, "  the driver handed on %u primitives, %" PRIu64 " expected\n", res.count,
                total);
    fprintf(f, "  first differences:\n");
    compare(&r, &c, expected, per, vpp, caps, res.stored);
    if (r.shown == 0)
        fprintf(f, "    none\n");
    r.n[P_EXTRA] += res.count - res.stored;
    bad = r.n[P_MISMATCH] + r.n[P_MISSING] + r.n[P_EXTRA] +
          (o->accept_rotation ? 0 : r.n[P_ROTATED]);
    ret = bad ? VKF_EXIT_MISMATCH : VKF_EXIT_OK;
    print_result(&r, total, per, res.count, ret);
out:
    if (err[0])
        vkf_print_message(f, "  error: ", err);
    free(caps);
    free(expected);
    vkf_prim_result_free(&res);
    return ret;
}

/* A Vulkan case: its state is compiled (vf_vk_draw_primitives reads the
 * index data through it), then checked as a draw. */
static int check_vulkan(struct vkf_device *dev, struct vf_case *c,
                        const struct vkf_prim_options *o, FILE *f)
{
    vf_diagnostics *diag = calloc(1, sizeof(*diag));
    const vf_layout *layout = NULL;
    vf_result vr = diag == NULL ? VF_ERROR_OUT_OF_MEMORY
                                : vf_case_vulkan_compile(c, VF_ISA_SCALAR, VF_SV_VERTEX_ID,
                                                         &layout, diag);
    int ret;

    if (vr != VF_OK) {
        fprintf(f, "  error: vfetch refuses the case: %s%s%s\n", vf_result_string(vr),
                diag && diag->count ? ": " : "", diag && diag->count ? diag->entries[0].message
                                                                      : "");
        ret = VKF_EXIT_USAGE;
    } else {
        ret = check_draw(dev, c, o, f);
    }
    vf_case_vulkan_release(c);
    free(diag);
    return ret;
}

/* Each command of an ExecuteIndirect case, "case PATH command N": the
 * primitives of the direct draw it stands for (the driver draws the
 * position list directly: what is compared is assembly, not argument
 * reading, which the fetch check replays). Returns the worst status. */
static int check_commands(struct vkf_device *dev, struct vf_case *c, const char *path,
                          const struct vkf_prim_options *o, FILE *f)
{
    struct vkf_ei_walk *w = calloc(1, sizeof(*w));
    struct vkf_indirect_src src;
    char err[1024];
    int worst = VKF_EXIT_SKIP;

    if (w == NULL || vkf_ei_begin(c, path, w, err, sizeof(err)) != 0) {
        fprintf(f, "case %s\n  error: %s\n", path, w == NULL ? "out of memory" : err);
        free(w);
        return VKF_EXIT_USAGE;
    }
    while (vkf_ei_next(c, w, &src) == 1) {
        int ret = VKF_EXIT_SKIP;
        fprintf(f, "case %s\n", w->path);
        if (w->cmd.result != VF_OK)
            fprintf(f, "  skipped: command %u is not drawn: its views break a rule (%s)\n",
                    w->cmd.command, vf_result_string(w->cmd.result));
        else
            ret = check_draw(dev, c, o, f);
        if (ret == VKF_EXIT_USAGE || worst == VKF_EXIT_SKIP ||
            (ret == VKF_EXIT_MISMATCH && worst == VKF_EXIT_OK))
            worst = ret == VKF_EXIT_SKIP ? worst : ret;
    }
    free(w);
    return worst;
}

int vkf_prim_check_case(struct vkf_device *dev, const char *path,
                        const struct vkf_prim_options *o, void *out)
{
    FILE *f = out;
    struct vf_case c;
    char err[1024] = "";
    int ret;

    memset(&c, 0, sizeof(c));
    if (vf_case_load(path, &c, err, sizeof(err)) != 0) {
        fprintf(f, "case %s\n  error: %s\n", path, err);
        return VKF_EXIT_USAGE;
    }
    if (c.vulkan != NULL) {
        fprintf(f, "case %s\n", path);
        ret = check_vulkan(dev, &c, o, f);
    } else if (c.indirect != NULL) {
        ret = check_commands(dev, &c, path, o, f);
    } else {
        fprintf(f, "case %s\n", path);
        ret = check_draw(dev, &c, o, f);
    }
    vf_case_free(&c);
    return ret;
}
