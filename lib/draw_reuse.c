/*
 * draw_reuse.c - vertex-reuse draws: each distinct vertex of an indexed
 * draw written once per instance, plus the map from positions to records.
 *
 * A vertex of an indexed draw depends only on its raw index (rules §4.1,
 * §4.2: addresses from index + base, SV_VertexID the raw index) and its
 * instance, so the distinct raw indices in first-seen order are drawn as
 * an ordinary indexed draw of their own: every fetch path of the layout
 * serves them and each record holds the words vf_draw writes for any
 * position with that index. Nothing here allocates: the table of seen
 * indices and the list of distinct ones live in the caller's scratch.
 */
#include "draw_internal.h"

#define REUSE_CUT VF_REUSE_CUT
/* An empty table slot. */
#define SLOT_EMPTY UINT32_MAX

/* Table slots for a draw of `count` positions: a power of two at least
 * twice the count (a hash table at most half full), at least 16. */
static uint64_t table_slots(uint32_t count)
{
    uint64_t slots = 16;
    while (slots < 2 * (uint64_t)count)
        slots *= 2;
    return slots;
}

/* Scratch bytes: the map staged (count words), the distinct indices (count
 * words) and the table. 0 for a draw that needs none. */
static vf_result scratch_bytes(const struct vf_plan *plan, size_t *bytes_ret)
{
    uint32_t count = plan->vertex_count;
    if (!plan->indexed || count == 0) {
        *bytes_ret = 0;
        return VF_OK;
    }
    /* The distinct indices are drawn as a 32-bit index buffer, whose size
     * must fit in 32 bits. */
    if (count > UINT32_MAX / 4)
        return VF_ERROR_OVERFLOW;
    uint64_t words = 2 * (uint64_t)count + table_slots(count);
    if (words > SIZE_MAX / 4)
        return VF_ERROR_OVERFLOW;
    *bytes_ret = (size_t)words * 4;
    return VF_OK;
}

vf_result vf_draw_reuse_scratch_size(const vf_layout *layout, const vf_draw_desc *desc,
                                     size_t *bytes_ret)
{
    struct vf_plan plan;
    if (!bytes_ret)
        return VF_ERROR_NULL_POINTER;
    vf_result res = vf_plan_draw(layout, desc, &plan);
    if (res != VF_OK)
        return res;
    size_t bytes;
    if ((res = scratch_bytes(&plan, &bytes)) != VF_OK)
        return res;
    *bytes_ret = bytes;
    return VF_OK;
}

/* ------------------------------------------------------------------------ */
/* Distinct indices                                                         */
/* ------------------------------------------------------------------------ */

/* The raw index of every position, as draw_fetch.c reads it (rules §5.1):
 * byte (StartIndexLocation + i) * size in 32-bit arithmetic, 0 past the
 * view or without index data. */
static void read_all_indices(const struct vf_plan *plan, uint32_t *index)
{
    uint32_t n = plan->vertex_count, isz = plan->ib_index_size;
    const uint8_t *data = plan->ib_data;
    uint32_t start = plan->start_location;
    if (!data) {
        memset(index, 0, (size_t)n * 4);
        return;
    }
    if ((uint64_t)start + n <= UINT32_MAX && ((uint64_t)start + n) * isz <= plan->ib_size) {
        const uint8_t *p = data + (size_t)start * isz;
        if (isz == 2)
            for (uint32_t v = 0; v < n; v++)
                index[v] = vf_load_u16(p + 2 * (size_t)v);
        else
            for (uint32_t v = 0; v < n; v++)
                index[v] = vf_load_u32(p + 4 * (size_t)v);
        return;
    }
    for (uint32_t v = 0; v < n; v++) {
        uint32_t byte = (start + v) * isz;
        uint32_t value = 0;
        if ((uint64_t)byte + isz <= plan->ib_size)
            value = isz == 2 ? vf_load_u16(data + byte) : vf_load_u32(data + byte);
        index[v] = value;
    }
}

/* Smallest and largest index that is not a cut; 1, 0 when there is none. */
static void index_bounds(const struct vf_plan *plan, const uint32_t *index, uint32_t *lo_ret,
                         uint32_t *hi_ret)
{
    uint32_t lo = UINT32_MAX, hi = 0, n = plan->vertex_count;
    int any = 0;
    if (plan->cut_enabled) {
        for (uint32_t v = 0; v < n; v++)
            if (index[v] != plan->cut_value) {
                lo = index[v] < lo ? index[v] : lo;
                hi = index[v] > hi ? index[v] : hi;
                any = 1;
            }
    } else {
        for (uint32_t v = 0; v < n; v++) {
            lo = index[v] < lo ? index[v] : lo;
            hi = index[v] > hi ? index[v] : hi;
        }
        any = n > 0;
    }
    *lo_ret = any ? lo : 1;
    *hi_ret = any ? hi : 0;
}

/* Direct-mapped: slot (index - lo) holds the index's record. Where the
 * indices span no more than the table, as in any mesh whose vertices are
 * numbered densely. The map overwrites the indices in place. */
static uint32_t dedupe_direct(const struct vf_plan *plan, uint32_t *map, uint32_t lo,
                              uint32_t hi, uint32_t *table, uint32_t *unique)
{
    uint32_t n = plan->vertex_count, next = 0;
    uint32_t cut = plan->cut_enabled ? plan->cut_value : 0;
    int cuts = plan->cut_enabled;
    memset(table, 0xff, ((size_t)(hi - lo) + 1) * 4);
    for (uint32_t v = 0; v < n; v++) {
        uint32_t idx = map[v];
        if (cuts && idx == cut) {
            map[v] = REUSE_CUT;
            continue;
        }
        uint32_t *slot = &table[idx - lo];
        if (*slot == SLOT_EMPTY) {
            unique[next] = idx;
            *slot = next++;
        }
        map[v] = *slot;
    }
    return next;
}

/* Open addressing, linear probing, Fibonacci hashing: a slot holds a
 * record, whose index is in `unique`. At most half full, so a lookup
 * probes about two slots. */
static uint32_t dedupe_hash(const struct vf_plan *plan, uint32_t *map, uint32_t *table,
                            uint64_t slots, uint32_t *unique)
{
    uint32_t n = plan->vertex_count, next = 0;
    unsigned bits = 0;
    while (((uint64_t)1 << bits) < slots)
        bits++;
    uint64_t mask = slots - 1;
    memset(table, 0xff, (size_t)slots * 4);
    for (uint32_t v = 0; v < n; v++) {
        uint32_t idx = map[v];
        if (plan->cut_enabled && idx == plan->cut_value) {
            map[v] = REUSE_CUT;
            continue;
        }
        uint64_t h = ((uint64_t)idx * 0x9E3779B97F4A7C15ull) >> (64 - bits);
        for (;; h = (h + 1) & mask) {
            uint32_t rec = table[h];
            if (rec == SLOT_EMPTY) {
                unique[next] = idx;
                table[h] = next;
                map[v] = next++;
                break;
            }
            if (unique[rec] == idx) {
                map[v] = rec;
                break;
            }
        }
    }
    return next;
}

/* The map of every position into `map` (first the raw indices, then
 * records or REUSE_CUT) and the distinct indices in first-seen order into
 * `unique`; returns how many. */
static uint32_t dedupe(const struct vf_plan *plan, uint32_t *map, uint32_t *unique,
                       uint32_t *table)
{
    uint32_t lo, hi;
    uint64_t slots = table_slots(plan->vertex_count);
    read_all_indices(plan, map);
    index_bounds(plan, map, &lo, &hi);
    if (hi < lo) { /* only cuts */
        for (uint32_t v = 0; v < plan->vertex_count; v++)
            map[v] = REUSE_CUT;
        return 0;
    }
    if ((uint64_t)hi - lo < slots)
        return dedupe_direct(plan, map, lo, hi, table, unique);
    return dedupe_hash(plan, map, table, slots, unique);
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                             */
/* ------------------------------------------------------------------------ */

/* The plan of the distinct indices: an indexed draw of `unique` positions
 * over a 32-bit index buffer of them, with no cuts. Everything else (base
 * vertex, views, instances) stays. */
static void plan_unique(struct vf_plan *plan, const uint32_t *unique, uint32_t count)
{
    plan->vertex_count = count;
    plan->units_per_instance = (uint32_t)(((uint64_t)count + plan->lanes - 1) / plan->lanes);
    plan->start_location = 0;
    plan->ib_data = (const uint8_t *)unique;
    plan->ib_size = count * 4;
    plan->ib_index_size = 4;
    plan->cut_enabled = 0;
}

vf_result vf_draw_reuse(const vf_layout *layout, const vf_draw_desc *desc, void *scratch,
                        size_t scratch_size, void *out, size_t out_size, uint32_t *remap,
                        size_t remap_count, uint32_t *unique_count_ret)
{
    struct vf_plan plan;
    if (!unique_count_ret)
        return VF_ERROR_NULL_POINTER;
    vf_result res = vf_plan_draw(layout, desc, &plan);
    if (res != VF_OK)
        return res;
    uint32_t count = plan.vertex_count;
    size_t need_scratch, needed;
    if ((res = scratch_bytes(&plan, &need_scratch)) != VF_OK)
        return res;
    if (scratch_size < need_scratch || remap_count < count)
        return VF_ERROR_OUTPUT_TOO_SMALL;
    if ((need_scratch && !scratch) || (count && !remap))
        return VF_ERROR_NULL_POINTER;
    if (((uintptr_t)scratch & 3u) != 0)
        return VF_ERROR_INVALID_ARGUMENT;

    if (!plan.indexed || count == 0) {
        /* Every position of a non-indexed draw is its own vertex
         * (SV_VertexID differs): the map is the identity. */
        if ((res = vf_plan_check_output(&plan, out, out_size, &needed)) != VF_OK)
            return res;
        for (uint32_t v = 0; v < count; v++)
            remap[v] = v;
    } else {
        uint32_t *map = scratch, *unique = map + count, *table = unique + count;
        uint32_t n = dedupe(&plan, map, unique, table);
        plan_unique(&plan, unique, n);
        if ((res = vf_plan_check_output(&plan, out, out_size, &needed)) != VF_OK)
            return res;
        memcpy(remap, map, (size_t)count * 4);
    }
    *unique_count_ret = plan.vertex_count;
    return vf_plan_run(&plan, desc->pool, out, out_size);
}

vf_result vf_reuse_remap_list(const uint32_t *remap, size_t remap_count, uint32_t *list,
                              size_t count)
{
    if (count == 0)
        return VF_OK;
    if (!remap || !list)
        return VF_ERROR_NULL_POINTER;
    for (size_t i = 0; i < count; i++)
        if (list[i] >= remap_count || remap[list[i]] == REUSE_CUT)
            return VF_ERROR_INVALID_ARGUMENT;
    for (size_t i = 0; i < count; i++)
        list[i] = remap[list[i]];
    return VF_OK;
}
