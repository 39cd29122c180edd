/*
 * fetch_addr.c - where a draw reads each element, and whether the two APIs
 * agree about its bounds (fetch_addr.h).
 */
#include "d3d_index.h"
#include "fetch_addr.h"

uint32_t vkf_read_index(const vf_draw_desc *draw, uint32_t i)
{
    const vf_index_buffer_view *ib = draw->index_buffer;
    const uint32_t size = ib != NULL && ib->format == VF_FORMAT_R32_UINT ? 4 : 2;

    return d3d_index_at(ib, draw->start_location, i, size);
}

/* The element number k of rules 4.1 as an exact integer: start or base
 * plus index or instance step, before any 32-bit wrap. */
static int64_t element_number(const struct vf_case *c, const vf_input_element_desc *el,
                              uint32_t i, uint32_t j)
{
    const vf_draw_desc *draw = &c->draw;

    if (el->input_slot_class == VF_INPUT_PER_INSTANCE_DATA) {
        uint32_t r = el->instance_data_step_rate;
        return (int64_t)draw->start_instance_location + (r ? j / r : 0);
    }
    if (draw->indexed)
        return (int64_t)draw->base_vertex_location + vkf_read_index(draw, i);
    return (int64_t)draw->start_location + i;
}

enum vkf_fetch_place vkf_fetch_place(const struct vf_case *c, const uint32_t *offsets,
                                     uint32_t e, uint32_t i, uint32_t j, int64_t *wide_ret)
{
    const vf_input_element_desc *el = &c->elements[e];
    const vf_vertex_buffer_view *vb = &c->vertex_buffers[el->input_slot];
    const vf_format_desc *d = vf_format_info(el->format);
    const uint64_t bytes = d ? d->bytes : 0, size = vb->size_in_bytes;
    const int64_t k = element_number(c, el, i, j);
    const uint32_t k32 = (uint32_t)k;
    /* |k| < 2^34 and strides are at most 2048: no 64-bit overflow. */
    const int64_t wide = k * (int64_t)vb->stride_in_bytes + offsets[e];
    const uint32_t at32 = k32 * vb->stride_in_bytes + offsets[e];
    const uint64_t at_u = (uint64_t)k32 * vb->stride_in_bytes + offsets[e];
    const int in32 = (uint64_t)at32 + bytes <= size;
    const int in_wide = wide >= 0 && (uint64_t)wide + bytes <= size;
    const int in_u = at_u + bytes <= size;

    *wide_ret = wide;
    if (in32 && in_wide && in_u)
        return VKF_FETCH_IN;
    if (!in32 && !in_wide && !in_u)
        return VKF_FETCH_OUT;
    return VKF_FETCH_WRAPS;
}

int vkf_rba_out(int64_t wide, uint32_t bytes, uint32_t view_size, uint32_t stride)
{
    uint64_t range = stride ? view_size - view_size % stride : view_size;

    return wide < 0 || (uint64_t)wide + bytes > range;
}

int vkf_case_reads_out(const struct vf_case *c, const uint32_t *offsets)
{
    for (uint32_t e = 0; e < c->num_elements; e++) {
        uint32_t slot = c->elements[e].input_slot;
        if (slot >= c->num_vertex_buffers || c->vertex_buffers[slot].data == NULL)
            continue;
        for (uint32_t j = 0; j < c->draw.instance_count; j++) {
            for (uint32_t i = 0; i < c->draw.vertex_count_per_instance; i++) {
                int64_t wide;
                if (vkf_fetch_place(c, offsets, e, i, j, &wide) != VKF_FETCH_IN)
                    return 1;
            }
        }
    }
    return 0;
}
