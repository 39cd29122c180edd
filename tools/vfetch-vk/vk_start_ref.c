/*
 * vk_start_ref.c - vfetch's SV_StartVertexLocation and
 * SV_StartInstanceLocation for a case (docs/d3d-ia-rules.md 4.3), which
 * vfetch-vk compares with the driver's gl_BaseVertex and gl_BaseInstance.
 *
 * vfetch generates them only for a shader that reads them, so a case asks
 * for them in its "Signature". The element reference of vfetch-vk links
 * no signature (every element fetched); these values come from a second
 * layout over the same elements whose signature holds only the start
 * locations the case's signature names, drawn with the same draw.
 */
#define _POSIX_C_SOURCE 200809L /* strcasecmp */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "vk_start_ref.h"

static const char *const start_names[VKF_START_VALUES] = { "SV_StartVertexLocation",
                                                           "SV_StartInstanceLocation" };
static const uint32_t start_kinds[VKF_START_VALUES] = { VF_REGISTER_START_VERTEX_LOCATION,
                                                        VF_REGISTER_START_INSTANCE_LOCATION };

const char *vkf_start_name(uint32_t k)
{
    return k < VKF_START_VALUES ? start_names[k] : "?";
}

/* The signature of the start locations c's signature names, at v0, v1. */
static uint32_t start_signature(const struct vf_case *c, struct vkf_start_ref *s,
                                vf_signature_element *sig)
{
    uint32_t n = 0;

    for (uint32_t k = 0; k < VKF_START_VALUES; k++) {
        for (uint32_t j = 0; j < c->signature_count; j++) {
            const vf_signature_element *e = &c->signature[j];
            if (e->semantic_name == NULL || strcasecmp(e->semantic_name, start_names[k]) != 0)
                continue;
            sig[n] = *e;
            sig[n].register_index = n;
            n++;
            s->wanted[k] = 1;
            break;
        }
    }
    return n;
}

/* The .x word of each start location's register, per record. */
static void extract(const vf_layout *layout, const uint32_t *out, uint64_t records,
                    struct vkf_start_ref *s)
{
    const size_t words = vf_layout_record_size(layout) / 4;

    for (uint32_t reg = 0; reg < vf_layout_register_count(layout); reg++) {
        vf_layout_register_info info;
        if (vf_layout_register(layout, reg, &info) != VF_OK)
            continue;
        for (uint32_t k = 0; k < VKF_START_VALUES; k++)
            if (info.kind == start_kinds[k])
                for (uint64_t v = 0; v < records; v++)
                    s->words[v * VKF_START_VALUES + k] = out[v * words + 4 * reg];
    }
}

int vkf_start_reference(const struct vf_case *c, struct vkf_start_ref *s, char *err,
                        size_t err_size)
{
    vf_signature_element sig[VKF_START_VALUES];
    const uint64_t records = (uint64_t)c->draw.vertex_count_per_instance * c->draw.instance_count;
    vf_layout_options lo;
    vf_layout *layout = NULL;
    uint32_t *out = NULL;
    size_t size = 0;
    vf_result vr;
    uint32_t n;

    memset(s, 0, sizeof(*s));
    n = start_signature(c, s, sig);
    if (n == 0)
        return 0;
    vf_case_layout_options(c, &lo);
    lo.signature = sig;
    lo.signature_count = n;
    lo.output_shape = VF_OUTPUT_AOS;
    lo.isa = VF_ISA_SCALAR;
    vr = vf_layout_create(c->elements, c->num_elements, &lo, &layout, NULL);
    if (vr == VF_OK)
        vr = vf_draw_output_size(layout, c->draw.vertex_count_per_instance,
                                 c->draw.instance_count, &size);
    if (vr == VF_OK) {
        out = aligned_alloc(16, (size + 15) / 16 * 16 + 16);
        s->words = calloc(records ? records * VKF_START_VALUES : 1, sizeof(uint32_t));
        vr = out && s->words ? vf_draw(layout, &c->draw, out, size) : VF_ERROR_OUT_OF_MEMORY;
    }
    if (vr == VF_OK)
        extract(layout, out, records, s);
    else
        snprintf(err, err_size, "vfetch cannot compute the start locations: %s",
                 vf_result_string(vr));
    free(out);
    vf_layout_destroy(layout);
    if (vr != VF_OK)
        vkf_start_ref_free(s);
    return vr == VF_OK ? 0 : -1;
}

void vkf_start_ref_free(struct vkf_start_ref *s)
{
    free(s->words);
    s->words = NULL;
}
