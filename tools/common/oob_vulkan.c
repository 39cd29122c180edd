/*
 * oob_vulkan.c - the out-of-bounds reads of one record of a Vulkan case
 * (oob.h; rules §18.3 and §17.8): what vf_vk_draw read as zeros.
 */
#include <string.h>

#include "case_vulkan.h"
#include "oob.h"

/* The index of position `pos` lies past the index buffer (64-bit
 * address); an indexed Vulkan draw always has one bound. */
static int index_status(const struct vf_case *c, uint32_t pos)
{
    const struct vf_case_vulkan *vk = c->vulkan;
    if (!c->draw.indexed || pos == UINT32_MAX || !vk->ib_set ||
        vk->ib_buffer == VF_CASE_VK_NO_BUFFER)
        return VF_OOB_INDEX_NONE;
    uint64_t isz = vk->index_type == VF_VK_INDEX_TYPE_UINT8    ? 1
                   : vk->index_type == VF_VK_INDEX_TYPE_UINT16 ? 2
                                                               : 4;
    uint64_t at = vk->ib_offset + ((uint64_t)c->draw.start_location + pos) * isz;
    return at + isz > vk->buffers[vk->ib_buffer].size ? VF_OOB_INDEX_PAST_END : VF_OOB_INDEX_NONE;
}

/* The attribute that fills `location`, and its format. */
static const vf_vk_vertex_input_attribute_description *
attribute_at(const struct vf_case_vulkan *vk, uint32_t location, const vf_vk_format_desc **f_ret)
{
    for (uint32_t i = 0; i < vk->num_attributes; i++) {
        const vf_vk_vertex_input_attribute_description *a = &vk->attributes[i];
        const vf_vk_format_desc *f = vf_vk_format_info(a->format);
        if (f != NULL && location >= a->location && location - a->location < f->locations) {
            *f_ret = f;
            return a;
        }
    }
    return NULL;
}

static uint32_t binding_stride(const struct vf_case_vulkan *vk, uint32_t binding)
{
    for (uint32_t i = 0; i < vk->num_bindings; i++)
        if (vk->bindings[i].binding == binding)
            return vk->bindings[i].stride;
    return 0;
}

/* Whether the piece of the attribute at `location` ends past its binding
 * (a 64-bit attribute is bounded per location, as vf_vk_draw reads it).
 * sys[0] is gl_VertexIndex (the element of a VERTEX binding), sys[1]
 * gl_InstanceIndex. */
static int past_end(const struct vf_case *c, const vf_vk_vertex_input_attribute_description *a,
                    const vf_vk_format_desc *f, uint32_t location, const uint32_t *sys)
{
    const struct vf_case_vulkan *vk = c->vulkan;
    uint32_t rate, divisor, first = c->draw.start_instance_location, k = sys[0];
    vf_case_vulkan_binding_rate(c, a->binding, &rate, &divisor);
    if (rate == VF_VK_VERTEX_INPUT_RATE_INSTANCE)
        k = first + (divisor ? (sys[1] - first) / divisor : 0);
    uint32_t start = 16 * (location - a->location);
    uint32_t bytes = f->locations == 2 && f->bytes - start > 16 ? 16 : f->bytes - start;
    uint64_t end = vk->vb_offset[a->binding] + (uint64_t)k * binding_stride(vk, a->binding) +
                   a->offset + start + bytes;
    return end > vk->buffers[vk->vb_buffer[a->binding]].size;
}

void vf_oob_record_vulkan(const struct vf_case *c, const uint32_t *sys, uint32_t pos,
                          struct vf_oob *out)
{
    const struct vf_case_vulkan *vk = c->vulkan;
    uint32_t n = vf_vk_vertex_input_register_count(vk->input);
    memset(out, 0, sizeof(*out));
    if (sys[2] & VF_FLAG_STRIP_CUT)
        return;
    out->index = index_status(c, pos);
    for (uint32_t r = 0; r + 1 < n && r < 32; r++) {
        const vf_vk_format_desc *f;
        const vf_vk_vertex_input_attribute_description *a;
        uint32_t loc;
        if (vf_vk_vertex_input_register_location(vk->input, r, &loc) != VF_OK ||
            (a = attribute_at(vk, loc, &f)) == NULL)
            continue;
        if (a->binding >= vk->num_bound || vk->vb_buffer[a->binding] == VF_CASE_VK_NO_BUFFER)
            out->unbound |= 1u << r;
        else if (past_end(c, a, f, loc, sys))
            out->past_end |= 1u << r;
    }
}
