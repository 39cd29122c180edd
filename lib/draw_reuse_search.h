/*
 * draw_reuse_search.h - the serial search for the distinct indices of a
 * vertex-reuse draw (draw_reuse_search.c), for draw_reuse.c. Internal.
 */
#ifndef VF_LIB_DRAW_REUSE_SEARCH_H
#define VF_LIB_DRAW_REUSE_SEARCH_H

#include "draw_plan.h"

/* Maps of at least this many bytes are written with non-temporal stores,
 * as vf_draw streams outputs of this size: such a map leaves the caches
 * before it is read, and plain stores would read every line first. */
#define VF_REUSE_STREAM_MAP_BYTES (8u << 20)

/* Every 16-bit index has a slot of its own in a table this large. */
#define VF_REUSE_SLOTS_16BIT 65536u

/* Table slots for a draw of `count` positions: a power of two at least
 * twice the count (a hash table at most half full), at least 16; with
 * 16-bit indices at least one per index value, so the table maps them
 * directly without a pass to find their range. Only the slots of indices
 * the draw uses are ever touched. */
static inline uint64_t vf_reuse_table_slots(const struct vf_plan *plan)
{
    uint64_t slots = 16;
    while (slots < 2 * (uint64_t)plan->vertex_count)
        slots *= 2;
    if (plan->ib_index_size == 2 && slots < VF_REUSE_SLOTS_16BIT)
        slots = VF_REUSE_SLOTS_16BIT;
    return slots;
}

/* Where the raw indices are read from: the index buffer itself where the
 * draw's positions lie wholly inside the view (the common case), else a
 * copy in `map` of every index as draw_fetch.c reads it (rules §5.1: byte
 * (StartIndexLocation + i) * size in 32-bit arithmetic, 0 past the view or
 * without index data). */
struct vf_index_source {
    const uint8_t *data;
    uint32_t size; /* bytes per index: 2 or 4 */
};

/* The source of the plan's indices; `map` (vertex_count words) receives
 * the copy when one is needed. */
VF_HIDDEN struct vf_index_source vf_reuse_index_source(const struct vf_plan *plan,
                                                       uint32_t *map);

/* Where the map goes: the caller's array when the output is sure to hold
 * every record the draw can have (at most `bound` per instance), so
 * nothing is written before a failure; else the scratch, copied over once
 * the output is known to be large enough. With `direct`, no output
 * follows (vf_reuse_map): the map always goes to remap, and out and
 * out_size are not read. */
struct vf_map_target {
    const vf_layout *layout;
    uint32_t instances;
    const void *out;
    size_t out_size;
    uint32_t *remap, *staged;
    int direct;
};

/* The array the map of a draw of at most `bound` records an instance goes
 * to (struct vf_map_target says which). */
VF_HIDDEN uint32_t *vf_reuse_map_target(const struct vf_map_target *t, uint32_t bound);

/* The map of every position (records or VF_REUSE_CUT) into the array the
 * target picks, returned in *map_ret, and the distinct indices in
 * first-seen order into `unique`; returns how many. `table` holds
 * vf_reuse_table_slots words; neither it nor `unique` need be cleared. */
VF_HIDDEN uint32_t vf_reuse_search(const struct vf_plan *plan, const struct vf_map_target *t,
                                   struct vf_index_source src, uint32_t *unique,
                                   uint32_t *table, uint32_t **map_ret);

#endif
