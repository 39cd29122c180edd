/*
 * vulkan_case_model.c - the reference model's input from a Vulkan case
 * (vulkan_case_model.h).
 */
#include <string.h>

#include "vulkan_case_model.h"

/* The model's bindings from the case's descriptions and bound buffers. */
static void bindings_of(const struct vf_case_vulkan *v, struct vk_ref_binding *b)
{
    memset(b, 0, sizeof(*b) * VF_VK_MAX_BINDINGS);
    for (uint32_t i = 0; i < v->num_bindings; i++) {
        struct vk_ref_binding *r = &b[v->bindings[i].binding % VF_VK_MAX_BINDINGS];
        r->stride = v->bindings[i].stride;
        r->instance_rate = v->bindings[i].input_rate;
        r->divisor = 1;
    }
    for (uint32_t i = 0; i < v->num_divisors; i++)
        b[v->divisors[i].binding % VF_VK_MAX_BINDINGS].divisor = v->divisors[i].divisor;
    for (uint32_t k = 0; k < v->num_bound && k < VF_VK_MAX_BINDINGS; k++) {
        if (v->vb_buffer[k] == VF_CASE_VK_NO_BUFFER)
            continue;
        b[k].data = v->buffers[v->vb_buffer[k]].data;
        b[k].size = v->buffers[v->vb_buffer[k]].size;
        b[k].offset = v->vb_offset[k];
    }
}

/* The model's attributes, sorted by location; -1 on a format it lacks. */
static int attributes_of(const struct vf_case_vulkan *v, struct vk_ref_attribute *a,
                         uint32_t *na)
{
    *na = 0;
    for (uint32_t loc = 0; loc < 64; loc++) {
        for (uint32_t i = 0; i < v->num_attributes && *na < VF_VK_MAX_ATTRIBUTES; i++) {
            const vf_vk_vertex_input_attribute_description *s = &v->attributes[i];
            const vf_vk_format_desc *f = vf_vk_format_info(s->format);
            if (s->location != loc)
                continue;
            if (f == NULL || !vk_ref_parse(f->name, &a[*na].format))
                return -1;
            a[*na].location = s->location;
            a[*na].binding = s->binding;
            a[*na].offset = s->offset;
            (*na)++;
        }
    }
    return 0;
}

/* The model's draw from the case's draw call and index buffer. */
static void draw_of(const struct vf_case *c, struct vk_ref_draw *d)
{
    const struct vf_case_vulkan *v = c->vulkan;

    memset(d, 0, sizeof(*d));
    d->indexed = (int)c->draw.indexed;
    if (d->indexed && v->ib_set && v->ib_buffer != VF_CASE_VK_NO_BUFFER) {
        d->index_data = v->buffers[v->ib_buffer].data;
        d->index_size = v->buffers[v->ib_buffer].size;
        d->index_offset = v->ib_offset;
    }
    d->index_bytes = v->index_type == VF_VK_INDEX_TYPE_UINT8 ? 1
                     : v->index_type == VF_VK_INDEX_TYPE_UINT16 ? 2 : 4;
    d->restart = (int)v->primitive_restart;
    d->count = c->draw.vertex_count_per_instance;
    d->instances = c->draw.instance_count;
    d->first = c->draw.start_location;
    d->first_instance = c->draw.start_instance_location;
    d->vertex_offset = c->draw.base_vertex_location;
}

int vk_case_model(const struct vf_case *c, struct vk_ref_binding *b, struct vk_ref_attribute *a,
                  uint32_t *na, struct vk_ref_draw *d)
{
    bindings_of(c->vulkan, b);
    draw_of(c, d);
    return attributes_of(c->vulkan, a, na);
}
