/*
 * case_vulkan_draw.c - a loaded Vulkan case to the library's Vulkan front
 * end (vfetch_vulkan.h): its vertex input state, its draw, and freeing
 * what it holds (see case_vulkan.h).
 */
#include <stdlib.h>
#include <string.h>

#include "case.h"
#include "case_vulkan.h"

void vf_case_free_vulkan(struct vf_case *c)
{
    struct vf_case_vulkan *v = c->vulkan;

    if (v == NULL)
        return;
    vf_vk_vertex_input_destroy(v->input);
    for (uint32_t i = 0; i < v->num_buffers; i++) {
        free(v->buffers[i].data);
        free(v->buffers[i].file);
    }
    free(v->buffers);
    free(v->bindings);
    free(v->attributes);
    free(v->divisors);
    free(v);
    c->vulkan = NULL;
}

vf_result vf_case_vulkan_compile(const struct vf_case *c, uint32_t isa, uint32_t system_values,
                                 const vf_layout **layout_ret, vf_diagnostics *diag)
{
    struct vf_case_vulkan *v = c->vulkan;
    vf_vk_vertex_input_options o;

    vf_vk_vertex_input_options_init(&o);
    o.features = v->features;
    o.system_values = system_values;
    o.isa = isa;
    vf_vk_vertex_input_destroy(v->input);
    v->input = NULL;
    vf_result r = vf_vk_vertex_input_create(v->bindings, v->num_bindings, v->attributes,
                                            v->num_attributes, v->divisors, v->num_divisors,
                                            &o, &v->input, diag);
    *layout_ret = r == VF_OK ? vf_vk_vertex_input_layout(v->input) : NULL;
    return r;
}

void vf_case_vulkan_release(const struct vf_case *c)
{
    if (c->vulkan == NULL)
        return;
    vf_vk_vertex_input_destroy(c->vulkan->input);
    c->vulkan->input = NULL;
}

void vf_case_vulkan_draw_desc(const struct vf_case *c, vf_thread_pool *pool,
                              struct vf_case_vk_bound *b, vf_vk_draw_desc *d)
{
    const struct vf_case_vulkan *v = c->vulkan;
    vf_vk_vertex_buffer_binding *vbs = b->vbs;
    memset(vbs, 0, sizeof(b->vbs));
    for (uint32_t k = 0; k < v->num_bound; k++) {
        if (v->vb_buffer[k] == VF_CASE_VK_NO_BUFFER)
            continue;
        vbs[k].data = v->buffers[v->vb_buffer[k]].data;
        vbs[k].size = v->buffers[v->vb_buffer[k]].size;
        vbs[k].offset = v->vb_offset[k];
        /* An empty buffer still is a buffer: its offset 0 is past its end. */
        if (vbs[k].data == NULL)
            vbs[k].data = b->vbs;
    }
    memset(&b->ib, 0, sizeof(b->ib));
    if (v->ib_set && v->ib_buffer != VF_CASE_VK_NO_BUFFER) {
        const struct vf_case_vk_buffer *buf = &v->buffers[v->ib_buffer];
        b->ib.data = buf->data != NULL ? (const void *)buf->data : (const void *)&b->ib;
        b->ib.size = buf->size;
        b->ib.offset = v->ib_offset;
    }
    b->ib.index_type = v->index_type;
    vf_vk_draw_desc_init(d);
    d->vertex_buffers = b->vbs;
    d->num_vertex_buffers = v->num_bound;
    d->index_buffer = v->ib_set ? &b->ib : NULL;
    d->topology = v->topology;
    d->primitive_restart_enable = v->primitive_restart;
    d->indexed = c->draw.indexed;
    d->vertex_count = c->draw.vertex_count_per_instance;
    d->instance_count = c->draw.instance_count;
    d->first_vertex = c->draw.start_location;
    d->vertex_offset = c->draw.base_vertex_location;
    d->first_instance = c->draw.start_instance_location;
    d->pool = pool;
}

vf_result vf_case_vulkan_draw(const struct vf_case *c, vf_thread_pool *pool, void *out,
                              size_t out_size, vf_diagnostics *diag)
{
    struct vf_case_vk_bound b;
    vf_vk_draw_desc d;
    vf_case_vulkan_draw_desc(c, pool, &b, &d);
    return vf_vk_draw(c->vulkan->input, &d, out, out_size, diag);
}

vf_result vf_case_vulkan_primitive_count(const struct vf_case *c, uint32_t *count_ret,
                                         uint32_t *vertices_per_primitive_ret)
{
    struct vf_case_vk_bound b;
    vf_vk_draw_desc d;
    vf_case_vulkan_draw_desc(c, NULL, &b, &d);
    return vf_vk_primitive_count(c->vulkan->input, &d, c->vulkan->patch_control_points,
                                 count_ret, vertices_per_primitive_ret, NULL);
}

vf_result vf_case_vulkan_draw_primitives(const struct vf_case *c, uint32_t first_primitive,
                                         uint32_t *out, size_t out_count, uint32_t *provoking_out,
                                         uint32_t *written_ret)
{
    struct vf_case_vk_bound b;
    vf_vk_draw_desc d;
    vf_case_vulkan_draw_desc(c, NULL, &b, &d);
    return vf_vk_draw_primitives(c->vulkan->input, &d, c->vulkan->provoking_mode,
                                 c->vulkan->patch_control_points, first_primitive, out,
                                 out_count, provoking_out, written_ret);
}

uint32_t vf_case_vulkan_location_format(const struct vf_case *c, uint32_t location)
{
    const struct vf_case_vulkan *v = c->vulkan;

    for (uint32_t i = 0; v != NULL && i < v->num_attributes; i++) {
        const vf_vk_vertex_input_attribute_description *a = &v->attributes[i];
        const vf_vk_format_desc *d = vf_vk_format_info(a->format);
        uint32_t n = d != NULL ? d->locations : 1;
        if (location >= a->location && location - a->location < n)
            return a->format;
    }
    return VF_VK_FORMAT_UNDEFINED;
}

void vf_case_vulkan_binding_rate(const struct vf_case *c, uint32_t binding, uint32_t *rate_ret,
                                 uint32_t *divisor_ret)
{
    const struct vf_case_vulkan *v = c->vulkan;

    *rate_ret = VF_VK_VERTEX_INPUT_RATE_VERTEX;
    *divisor_ret = 1;
    for (uint32_t b = 0; b < v->num_bindings; b++)
        if (v->bindings[b].binding == binding)
            *rate_ret = v->bindings[b].input_rate;
    for (uint32_t k = 0; k < v->num_divisors; k++)
        if (v->divisors[k].binding == binding)
            *divisor_ret = v->divisors[k].divisor;
    if (*rate_ret != VF_VK_VERTEX_INPUT_RATE_INSTANCE)
        *divisor_ret = 0; /* per vertex: no divisor, as the output shows it */
}

vf_result vf_case_vulkan_robust_word(const struct vf_case *c, uint32_t mode, uint32_t instance,
                                     uint32_t position, uint32_t location, uint32_t component,
                                     uint32_t word, vf_vk_robust_set *set_ret, int *allowed_ret)
{
    struct vf_case_vk_bound b;
    vf_vk_draw_desc d;
    vf_case_vulkan_draw_desc(c, NULL, &b, &d);
    vf_result r = vf_vk_robust_set_at(c->vulkan->input, &d, mode, instance, position, location,
                                      component, set_ret);
    return r != VF_OK ? r : vf_vk_robust_allows(&d, set_ret, word, allowed_ret);
}
