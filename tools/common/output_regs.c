/*
 * output_regs.c - the registers `vfetch` prints: their names and kinds
 * (D3D semantics, system values, Vulkan locations), how their words are
 * written, and the out-of-bounds marker of a record.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_vulkan.h"
#include "common.h"
#include "oob.h"
#include "output_internal.h"

float vf_out_word_to_float(uint32_t w)
{
    float f;
    memcpy(&f, &w, sizeof(f));
    return f;
}

static int64_t vf_out_word_to_sint(uint32_t w)
{
    return w & 0x80000000u ? -(int64_t)(~w) - 1 : (int64_t)w;
}

/* A float as the shortest text that reads back to the same float (%.9g);
 * NaN and infinities spelt out, since %g's spelling varies. */
void vf_out_format_float(char *buf, size_t size, uint32_t w)
{
    float f = vf_out_word_to_float(w);

    if (isnan(f))
        snprintf(buf, size, "%sNaN", (w & 0x80000000u) ? "-" : "");
    else if (isinf(f))
        snprintf(buf, size, "%sinf", f < 0 ? "-" : "");
    else
        snprintf(buf, size, "%.9g", (double)f);
}

void vf_out_format_word(char *buf, size_t size, uint32_t w, enum kind kind, int hex)
{
    if (hex)
        snprintf(buf, size, "0x%08x", w);
    else if (kind == KIND_UINT)
        snprintf(buf, size, "%u", w);
    else if (kind == KIND_SINT)
        snprintf(buf, size, "%lld", (long long)vf_out_word_to_sint(w));
    else
        vf_out_format_float(buf, size, w);
}

/* Integer formats hold integers in every component (IA vertex formats never
 * mix float and integer components); everything else holds float bits. */
enum kind vf_out_format_kind(vf_format format)
{
    const vf_format_desc *d = vf_format_info(format);
    if (d != NULL && d->type[0] == VF_TYPE_UINT)
        return KIND_UINT;
    if (d != NULL && d->type[0] == VF_TYPE_SINT)
        return KIND_SINT;
    return KIND_FLOAT;
}

/* A Vulkan case's register: named by its location ("location4"), its
 * words integers for UINT/SINT formats and for each 64-bit format (two
 * words per component, as the library gives them), else floats. */
static void vulkan_register(const struct vf_case *c, uint32_t location, struct reg_desc *reg)
{
    const vf_vk_format_desc *d = vf_vk_format_info(vf_case_vulkan_location_format(c, location));

    snprintf(reg->name, sizeof(reg->name), "location%u", location);
    reg->kind = KIND_FLOAT;
    if (d != NULL && (d->bits[0] == 64 || d->numeric == VF_VK_NUMERIC_UINT))
        reg->kind = KIND_UINT;
    else if (d != NULL && d->numeric == VF_VK_NUMERIC_SINT)
        reg->kind = KIND_SINT;
}

static void describe_registers(const struct vf_records *r, struct reg_desc *regs)
{
    for (uint32_t i = 0; i + 1 < r->registers; i++) {
        vf_layout_register_info ri;
        vf_layout_element_info ei;

        snprintf(regs[i].name, sizeof(regs[i].name), "r%u", i);
        regs[i].kind = KIND_FLOAT;
        regs[i].index = i;
        if (vf_layout_register(r->layout, i, &ri) != VF_OK)
            continue;
        if (ri.kind == VF_REGISTER_VERTEX_ID) {
            snprintf(regs[i].name, sizeof(regs[i].name), "SV_VertexID");
            regs[i].kind = KIND_UINT;
        } else if (ri.kind == VF_REGISTER_INSTANCE_ID) {
            snprintf(regs[i].name, sizeof(regs[i].name), "SV_InstanceID");
            regs[i].kind = KIND_UINT;
        } else if (ri.kind == VF_REGISTER_START_VERTEX_LOCATION) {
            snprintf(regs[i].name, sizeof(regs[i].name), "SV_StartVertexLocation");
            regs[i].kind = KIND_SINT;
        } else if (ri.kind == VF_REGISTER_START_INSTANCE_LOCATION) {
            snprintf(regs[i].name, sizeof(regs[i].name), "SV_StartInstanceLocation");
            regs[i].kind = KIND_UINT;
        } else if (ri.kind == VF_REGISTER_ELEMENT && ri.element_index >= 0 &&
                   vf_layout_element(r->layout, (uint32_t)ri.element_index, &ei) == VF_OK &&
                   r->c != NULL && r->c->vulkan != NULL) {
            vulkan_register(r->c, ei.semantic_index, &regs[i]);
        } else if (ri.kind == VF_REGISTER_ELEMENT && ri.element_index >= 0 &&
                   vf_layout_element(r->layout, (uint32_t)ri.element_index, &ei) == VF_OK) {
            snprintf(regs[i].name, sizeof(regs[i].name), "%.64s%u",
                     ei.semantic_name ? ei.semantic_name : "(null)", ei.semantic_index);
            regs[i].kind = vf_out_format_kind(ei.format);
        }
    }
}

void vf_out_regs_view_free(struct regs_view *v)
{
    free(v->all);
    free(v->shown);
}

int vf_out_regs_view_init(struct regs_view *v, const struct vf_records *r,
                          const struct vf_output_options *o)
{
    v->nall = r->registers - 1;
    v->all = calloc(v->nall ? v->nall : 1, sizeof(*v->all));
    v->shown = calloc(v->nall ? v->nall : 1, sizeof(*v->shown));
    if (v->all == NULL || v->shown == NULL) {
        vf_out_regs_view_free(v);
        return -1;
    }
    describe_registers(r, v->all);
    v->nshown = 0;
    for (uint32_t i = 0; i < v->nall; i++) {
        int keep = o->registers == NULL;
        for (uint32_t k = 0; k < o->num_registers && !keep; k++)
            keep = o->registers[k] == i;
        if (keep)
            v->shown[v->nshown++] = v->all[i];
        if (i < VF_MAX_REGISTERS)
            v->names[i] = v->all[i].name;
    }
    vf_case_draw_desc(r->c, &v->desc);
    return 0;
}

/* The out-of-bounds reads of record (j, v) as text (oob.h); 0 when none. */
int vf_out_record_oob_text(const struct vf_records *r, const struct vf_output_options *o,
                           const struct regs_view *rv, uint32_t j, uint32_t v, char *buf,
                           size_t size)
{
    struct vf_oob oob;
    const uint32_t *sys = vf_records_at(r, j, v) + 4 * (r->registers - 1);

    if (r->c->vulkan != NULL)
        vf_oob_record_vulkan(r->c, sys, o->remap ? UINT32_MAX : v, &oob);
    else
        vf_oob_record(r->layout, &rv->desc, sys, o->remap ? UINT32_MAX : v, &oob);
    vf_oob_text(&oob, rv->names, rv->nall < VF_MAX_REGISTERS ? rv->nall : VF_MAX_REGISTERS,
                buf, size);
    return vf_oob_any(&oob);
}

void vf_output_register_name(const struct vf_records *r, uint32_t index, char *buf, size_t size)
{
    struct reg_desc *regs = calloc(r->registers, sizeof(*regs));

    if (size == 0)
        return;
    buf[0] = '\0';
    if (regs != NULL && index + 1 < r->registers) {
        describe_registers(r, regs);
        snprintf(buf, size, "%s", regs[index].name);
    }
    free(regs);
}

/* The first n characters of a and b equal but for case (ASCII). */
static int same_name_n(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x != y && (x | 0x20) != (y | 0x20))
            return 0;
        if (x != y && ((x | 0x20) < 'a' || (x | 0x20) > 'z'))
            return 0;
        if (x == '\0')
            return 0;
    }
    return 1;
}

int vf_output_find_register(const struct vf_records *r, const char *name, uint32_t *index_ret)
{
    struct reg_desc *regs = calloc(r->registers, sizeof(*regs));
    size_t len = strlen(name);
    int found = 0;

    if (regs == NULL)
        return -1;
    describe_registers(r, regs);
    /* "POSITION" is POSITION0, as in HLSL; names compare case-insensitively. */
    for (uint32_t i = 0; i + 1 < r->registers && !found; i++) {
        const char *n = regs[i].name;
        size_t nlen = strlen(n);
        found = (same_name_n(n, name, nlen) && len == nlen) ||
                (len + 1 == nlen && n[len] == '0' && same_name_n(n, name, len));
        if (found)
            *index_ret = i;
    }
    free(regs);
    return found ? 0 : -1;
}
