/*
 * case_vulkan_reuse.c - vertex reuse for a Vulkan case (`vfetch run
 * --reuse`; see case_vulkan.h): the distinct indices of the index stream
 * by Vulkan's rules, the map from positions to them, and their records
 * drawn once each by vf_vk_draw.
 *
 * A vertex of vkCmdDrawIndexed depends only on its index and its instance
 * (gl_VertexIndex = index + vertexOffset, the element read from it, and
 * gl_InstanceIndex), so an indexed draw of the distinct indices as a
 * UINT32 index buffer, without restart and with the same vertexOffset,
 * instances and firstInstance, writes for each the words vf_vk_draw writes
 * at any position that has it.
 */
#include <stdlib.h>
#include <string.h>

#include "case_vulkan.h"

/* The map word of a restart position (== VF_REUSE_CUT). */
#define CUT 0xFFFFFFFFu

/* The index at position p (docs/d3d-ia-rules.md §18.3): byte (firstIndex
 * + p) * size past the binding's offset, in 64 bits; 0 past the buffer. */
static uint32_t index_at(const struct vf_case *c, const uint8_t *data, uint64_t size,
                         uint32_t isz, uint32_t p)
{
    uint64_t at = c->vulkan->ib_offset + ((uint64_t)c->draw.start_location + p) * isz;
    uint32_t v = 0;
    if (data == NULL || at + isz > size)
        return 0;
    if (isz == 1)
        return data[at];
    if (isz == 2) {
        uint16_t h;
        memcpy(&h, data + at, 2);
        return h;
    }
    memcpy(&v, data + at, 4);
    return v;
}

/* Open addressing over `slots` (a power of two) entries of record + 1 (0:
 * empty): the record of index x, made the next one when new. */
static uint32_t record_of(uint32_t x, uint32_t *table, uint32_t slots, uint32_t *unique,
                          uint32_t *count)
{
    uint32_t h = (x * 0x9E3779B1u) & (slots - 1);
    for (;; h = (h + 1) & (slots - 1)) {
        if (table[h] == 0) {
            unique[*count] = x;
            table[h] = ++*count;
            return *count - 1;
        }
        if (unique[table[h] - 1] == x)
            return table[h] - 1;
    }
}

/* The map and the distinct indices of an indexed draw; restart positions
 * (primitiveRestartEnable: the all-ones index of the type, before
 * vertexOffset, in every topology) map to CUT. */
static vf_result find_distinct(const struct vf_case *c, uint32_t *map, uint32_t *unique,
                               uint32_t *count_ret)
{
    const struct vf_case_vulkan *v = c->vulkan;
    const struct vf_case_vk_buffer *b = &v->buffers[v->ib_buffer];
    uint32_t n = c->draw.vertex_count_per_instance, slots = 16, count = 0;
    uint32_t isz = v->index_type == VF_VK_INDEX_TYPE_UINT8    ? 1
                   : v->index_type == VF_VK_INDEX_TYPE_UINT16 ? 2 : 4;
    uint32_t restart = isz == 4 ? 0xFFFFFFFFu : (1u << (8 * isz)) - 1;

    while (slots < 2 * (uint64_t)n && slots < (1u << 31))
        slots *= 2;
    uint32_t *table = calloc(slots, sizeof(uint32_t));
    if (table == NULL)
        return VF_ERROR_OUT_OF_MEMORY;
    for (uint32_t p = 0; p < n; p++) {
        uint32_t x = index_at(c, b->data, b->size, isz, p);
        map[p] = v->primitive_restart && x == restart ? CUT
                                                       : record_of(x, table, slots, unique, &count);
    }
    free(table);
    *count_ret = count;
    return VF_OK;
}

vf_result vf_case_vulkan_draw_reuse(const struct vf_case *c, vf_thread_pool *pool, void *out,
                                    size_t out_size, uint32_t *map, uint32_t *unique,
                                    uint32_t *unique_count_ret, vf_diagnostics *diag)
{
    uint32_t n = c->draw.vertex_count_per_instance, count = 0;
    struct vf_case_vk_bound b;
    vf_vk_draw_desc d;

    /* The draw itself first: its checks and diagnostics are the reuse
     * draw's, and a draw that is not indexed is its own reuse draw. */
    vf_result r = vf_case_vulkan_draw(c, pool, out, out_size, diag);
    if (r != VF_OK)
        return r;
    if (!c->draw.indexed) {
        for (uint32_t p = 0; p < n; p++)
            map[p] = p;
        *unique_count_ret = n;
        return VF_OK;
    }
    if ((r = find_distinct(c, map, unique, &count)) != VF_OK)
        return r;
    *unique_count_ret = count;
    if (count == 0 || c->draw.instance_count == 0)
        return VF_OK; /* no record to write (a buffer of 0 bytes cannot be bound) */
    vf_case_vulkan_draw_desc(c, pool, &b, &d);
    b.ib.data = unique;
    b.ib.size = (uint64_t)count * 4;
    b.ib.offset = 0;
    b.ib.index_type = VF_VK_INDEX_TYPE_UINT32;
    d.primitive_restart_enable = 0;
    d.vertex_count = count;
    d.first_vertex = 0;
    return vf_vk_draw(c->vulkan->input, &d, out, out_size, NULL);
}
