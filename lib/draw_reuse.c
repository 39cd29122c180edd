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
#include "draw_plan.h"
#include "draw_reuse_par.h"
#include "draw_reuse_search.h"

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
    uint64_t words = 2 * (uint64_t)count + vf_reuse_table_slots(plan);
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
    plan->ib_words = unique;
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
        uint32_t *staged = scratch, *unique = staged + count, *table = unique + count, *map;
        struct vf_map_target t = { layout, plan.instance_count, out, out_size, remap, staged };
        struct vf_index_source src = vf_reuse_index_source(&plan, staged);
        struct vf_reuse_par par;
        uint32_t n;
        /* The staged words are spare unless they hold the indices. */
        uint32_t *spare = src.data == (const uint8_t *)staged ? NULL : staged;
        if (vf_reuse_par_dedupe(&par, desc->pool, src.data, src.size, count, plan.cut_enabled,
                                plan.cut_value, table, vf_reuse_table_slots(&plan), unique, spare, &n)) {
            /* The map waits for the output check: remap stays untouched
             * on error without a staged copy. */
            plan_unique(&plan, unique, n);
            if ((res = vf_plan_check_output(&plan, out, out_size, &needed)) != VF_OK)
                return res;
            vf_reuse_par_map(&par, desc->pool, remap);
        } else {
            n = vf_reuse_search(&plan, &t, src, unique, table, &map);
            plan_unique(&plan, unique, n);
            if ((res = vf_plan_check_output(&plan, out, out_size, &needed)) != VF_OK)
                return res;
            if (map != remap)
                memcpy(remap, map, (size_t)count * 4);
        }
    }
    *unique_count_ret = plan.vertex_count;
    return vf_plan_run(&plan, desc, out, out_size);
}

vf_result vf_reuse_remap_list(const uint32_t *remap, size_t remap_count, uint32_t *list,
                              size_t count)
{
    if (count == 0)
        return VF_OK;
    if (!remap || !list)
        return VF_ERROR_NULL_POINTER;
    for (size_t i = 0; i < count; i++)
        if (list[i] >= remap_count || remap[list[i]] == VF_REUSE_CUT)
            return VF_ERROR_INVALID_ARGUMENT;
    for (size_t i = 0; i < count; i++)
        list[i] = remap[list[i]];
    return VF_OK;
}
