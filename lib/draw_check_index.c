/*
 * draw_check_index.c - where an indexed draw's indices fetch outside a
 * slot's view (rules §6), for the draw checks' warning
 * (draw_check.c, warn_index_range). It reads every index, so only a draw
 * asked for diagnostics runs it.
 */
#include <string.h>

#include "draw_plan.h"

/* The index at position `pos` of an indexed draw as the fetch reads it
 * (rules §5.1): byte (StartIndexLocation + pos) * size in 32-bit
 * arithmetic, 0 past the view or with no index buffer. */
static uint32_t index_at(const vf_draw_desc *desc, uint32_t size, uint32_t pos)
{
    const vf_index_buffer_view *ib = desc->index_buffer;
    if (!ib || size == 0)
        return 0;
    uint32_t byte = (desc->start_location + pos) * size;
    return vf_index_read((const uint8_t *)ib->data, ib->size_in_bytes, byte, size);
}

/* A cut index fetches nothing (rules §5.2); every other one is classified
 * exactly as the fetch classifies it. */
void vf_scan_index_range(const vf_draw_desc *desc, uint32_t size, const vf_vertex_buffer_view *vb,
                         uint32_t span, struct vf_index_range_scan *sc)
{
    uint32_t cut = vf_draw_cut_value(desc);
    memset(sc, 0, sizeof(*sc));
    for (uint32_t p = 0; p < desc->vertex_count_per_instance; p++) {
        uint32_t index = index_at(desc, size, p);
        if (cut != 0 && index == cut)
            continue;
        uint32_t base = ((uint32_t)desc->base_vertex_location + index) * vb->stride_in_bytes;
        if ((uint64_t)base + span <= vb->size_in_bytes)
            continue;
        if (sc->count++ == 0) {
            sc->first_pos = p;
            sc->first_index = index;
        }
        sc->last_pos = p;
        sc->last_index = index;
    }
}
