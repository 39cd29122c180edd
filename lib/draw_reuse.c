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
#include "draw_reuse_range.h"
#include "draw_reuse_search.h"

/* Words of scratch a draw's search needs besides the distinct indices:
 * the indices or the map staged (count words) and the table. 0 for a draw
 * that needs none. */
static vf_result search_words(const struct vf_plan *plan, uint64_t *words_ret)
{
    uint32_t count = plan->vertex_count;
    *words_ret = 0;
    if (!plan->indexed || count == 0)
        return VF_OK;
    /* The distinct indices are drawn as a 32-bit index buffer, whose size
     * must fit in 32 bits. */
    if (count > UINT32_MAX / 4)
        return VF_ERROR_OVERFLOW;
    *words_ret = (uint64_t)count + vf_reuse_table_slots(plan);
    return VF_OK;
}

/* Scratch bytes of vf_draw_reuse (`with_unique`: the distinct indices
 * live in the scratch too) or of vf_reuse_map. */
static vf_result scratch_bytes(const struct vf_plan *plan, int with_unique, size_t *bytes_ret)
{
    uint64_t words;
    vf_result res = search_words(plan, &words);
    if (res != VF_OK)
        return res;
    if (words && with_unique)
        words += plan->vertex_count;
    if (words > SIZE_MAX / 4)
        return VF_ERROR_OVERFLOW;
    *bytes_ret = (size_t)words * 4;
    return VF_OK;
}

static vf_result query_scratch(const vf_layout *layout, const vf_draw_desc *desc, int with_unique,
                               size_t *bytes_ret)
{
    struct vf_plan plan;
    if (!bytes_ret)
        return VF_ERROR_NULL_POINTER;
    vf_result res = vf_plan_draw(layout, desc, &plan);
    if (res != VF_OK)
        return res;
    size_t bytes;
    if ((res = scratch_bytes(&plan, with_unique, &bytes)) != VF_OK)
        return res;
    *bytes_ret = bytes;
    return VF_OK;
}

vf_result vf_draw_reuse_scratch_size(const vf_layout *layout, const vf_draw_desc *desc,
                                     size_t *bytes_ret)
{
    return query_scratch(layout, desc, 1, bytes_ret);
}

vf_result vf_reuse_map_scratch_size(const vf_layout *layout, const vf_draw_desc *desc,
                                    size_t *bytes_ret)
{
    return query_scratch(layout, desc, 0, bytes_ret);
}

/* The checks both entry points make before reading an index: sizes, then
 * pointers, then alignment. */
static vf_result check_buffers(const struct vf_plan *plan, size_t need_scratch, const void *scratch,
                               size_t scratch_size, const uint32_t *remap, size_t remap_count)
{
    uint32_t count = plan->vertex_count;
    if (scratch_size < need_scratch || remap_count < count)
        return VF_ERROR_OUTPUT_TOO_SMALL;
    if ((need_scratch && !scratch) || (count && !remap))
        return VF_ERROR_NULL_POINTER;
    if (((uintptr_t)scratch & 3u) != 0)
        return VF_ERROR_INVALID_ARGUMENT;
    return VF_OK;
}

/* A map a split search leaves to be written on the pool, once the caller
 * knows it may be written to remap. */
struct pending_map {
    enum { MAP_DONE, MAP_PAR, MAP_RANGE } kind;
    const struct vf_isa_impl *impl; /* a large map streams with its kernel */
    union {
        struct vf_reuse_par par;
        struct vf_reuse_range range;
    } job;
};

/* The distinct indices of an indexed draw of at least one position into
 * unique[], returning how many, with `table` of vf_reuse_table_slots
 * words and t->staged of vertex_count words. The map goes where t says,
 * its array in *map_ret, unless the search ran split over the pool: then
 * it waits in *pending for finish_map. */
static uint32_t find_distinct(const struct vf_plan *plan, vf_thread_pool *pool,
                              const struct vf_map_target *t, uint32_t *table, uint32_t *unique,
                              struct pending_map *pending, uint32_t **map_ret)
{
    uint32_t n;
    struct vf_index_source src = vf_reuse_index_source(plan, t->staged);
    /* The staged words are spare unless they hold the indices. */
    uint32_t *spare = src.data == (const uint8_t *)t->staged ? NULL : t->staged;
    pending->kind = MAP_RANGE;
    pending->impl = (uint64_t)plan->vertex_count * 4 >= VF_REUSE_STREAM_MAP_BYTES
                        ? plan->layout->impl
                        : NULL;
    if (spare && vf_reuse_range_search(&pending->job.range, pool, src.data, src.size,
                                       plan->vertex_count, plan->cut_enabled, plan->cut_value,
                                       table, vf_reuse_table_slots(plan), spare, unique, &n))
        return n;
    pending->kind = MAP_PAR;
    if (vf_reuse_par_dedupe(&pending->job.par, pool, src.data, src.size, plan->vertex_count,
                            plan->cut_enabled, plan->cut_value, table, vf_reuse_table_slots(plan),
                            unique, spare, &n))
        return n;
    pending->kind = MAP_DONE;
    return vf_reuse_search(plan, t, src, unique, table, map_ret);
}

/* The map of a split search into remap; 0 when the search left none. */
static int finish_map(struct pending_map *pending, vf_thread_pool *pool, uint32_t *remap)
{
    if (pending->kind == MAP_RANGE)
        vf_reuse_range_map(&pending->job.range, pool, remap,
                           pending->impl ? pending->impl->reuse_map_stream : NULL,
                           pending->impl ? pending->impl->stream_fence : NULL);
    else if (pending->kind == MAP_PAR)
        vf_reuse_par_map(&pending->job.par, pool, remap);
    return pending->kind != MAP_DONE;
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                             */
/* ------------------------------------------------------------------------ */

vf_result vf_reuse_map(const vf_layout *layout, const vf_draw_desc *desc, void *scratch,
                       size_t scratch_size, uint32_t *remap, size_t remap_count, uint32_t *unique,
                       size_t unique_capacity, uint32_t *unique_count_ret)
{
    struct vf_plan plan;
    size_t need_scratch;
    if (!unique_count_ret)
        return VF_ERROR_NULL_POINTER;
    vf_result res = vf_plan_draw(layout, desc, &plan);
    if (res != VF_OK)
        return res;
    uint32_t count = plan.vertex_count;
    int search = plan.indexed && count > 0;
    if ((res = scratch_bytes(&plan, 0, &need_scratch)) != VF_OK)
        return res;
    if (search && unique_capacity < count)
        return VF_ERROR_OUTPUT_TOO_SMALL;
    if ((res = check_buffers(&plan, need_scratch, scratch, scratch_size, remap, remap_count)) !=
        VF_OK)
        return res;
    if (search && !unique)
        return VF_ERROR_NULL_POINTER;
    if (!search) {
        /* Every position of a non-indexed draw is its own vertex
         * (SV_VertexID differs): the map is the identity. */
        for (uint32_t v = 0; v < count; v++)
            remap[v] = v;
        *unique_count_ret = count;
        return VF_OK;
    }
    /* No output follows, so no error can: the map goes straight to remap. */
    uint32_t *staged = scratch, *table = staged + count, *map;
    struct vf_map_target t = { layout, plan.instance_count, NULL, 0, remap, staged, 1 };
    struct pending_map pending;
    uint32_t n = find_distinct(&plan, desc->pool, &t, table, unique, &pending, &map);
    finish_map(&pending, desc->pool, remap);
    *unique_count_ret = n;
    return VF_OK;
}

vf_result vf_reuse_records_desc(const vf_draw_desc *desc, const uint32_t *unique,
                                uint32_t unique_count, vf_index_buffer_view *ib_ret,
                                vf_draw_desc *desc_ret)
{
    if (!desc || !ib_ret || !desc_ret)
        return VF_ERROR_NULL_POINTER;
    if (desc->struct_size != sizeof(*desc) || desc->indexed > 1)
        return VF_ERROR_INVALID_ARGUMENT;
    if (!desc->indexed) {
        *desc_ret = *desc; /* the draw's records are its own */
        return VF_OK;
    }
    if (unique_count > UINT32_MAX / 4)
        return VF_ERROR_OVERFLOW;
    if (unique_count && !unique)
        return VF_ERROR_NULL_POINTER;
    vf_draw_desc d = *desc;
    ib_ret->data = unique;
    ib_ret->size_in_bytes = unique_count * 4;
    ib_ret->format = VF_FORMAT_R32_UINT;
    d.index_buffer = ib_ret;
    /* Rules §4.1, §4.2: a vertex depends on its raw index, the base
     * vertex and its instance, all kept; the list has no cuts. */
    d.strip_cut_value = VF_STRIP_CUT_VALUE_DISABLED;
    d.vertex_count_per_instance = unique_count;
    d.start_location = 0;
    *desc_ret = d;
    return VF_OK;
}

/* The records draw of vf_draw_reuse, planned: the ordinary indexed draw
 * of vf_reuse_records_desc, whose indices (every one inside its view)
 * the fetch reads in place. */
static vf_result plan_records(const vf_layout *layout, const vf_draw_desc *desc,
                              const uint32_t *unique, uint32_t n, vf_draw_desc *records,
                              vf_index_buffer_view *ib, struct vf_plan *plan)
{
    vf_result res = vf_reuse_records_desc(desc, unique, n, ib, records);
    if (res == VF_OK)
        res = vf_plan_draw(layout, records, plan);
    if (res == VF_OK && records->indexed && n)
        plan->ib_words = unique;
    return res;
}

vf_result vf_draw_reuse(const vf_layout *layout, const vf_draw_desc *desc, void *scratch,
                        size_t scratch_size, void *out, size_t out_size, uint32_t *remap,
                        size_t remap_count, uint32_t *unique_count_ret)
{
    struct vf_plan plan;
    size_t need_scratch, needed;
    if (!unique_count_ret)
        return VF_ERROR_NULL_POINTER;
    vf_result res = vf_plan_draw(layout, desc, &plan);
    if (res != VF_OK)
        return res;
    uint32_t count = plan.vertex_count, n = count, *map = remap;
    if ((res = scratch_bytes(&plan, 1, &need_scratch)) != VF_OK)
        return res;
    if ((res = check_buffers(&plan, need_scratch, scratch, scratch_size, remap, remap_count)) !=
        VF_OK)
        return res;
    /* Scratch: the map or indices staged, the distinct indices, the table.
     * The map reaches remap only once the output is known to fit, so
     * nothing is written on error. */
    uint32_t *staged = scratch, *unique = staged ? staged + count : NULL;
    struct vf_map_target t = { layout, plan.instance_count, out, out_size, remap, staged, 0 };
    /* Only the kind: an initializer would clear the whole union, 12 KiB
     * of the caller's L1 on every draw. */
    struct pending_map pending;
    pending.kind = MAP_DONE;
    if (plan.indexed && count > 0)
        n = find_distinct(&plan, desc->pool, &t, unique + count, unique, &pending, &map);
    vf_draw_desc records;
    vf_index_buffer_view ib;
    if ((res = plan_records(layout, desc, unique, n, &records, &ib, &plan)) != VF_OK ||
        (res = vf_plan_check_output(&plan, out, out_size, &needed)) != VF_OK)
        return res;
    if (!plan.indexed || count == 0)
        for (uint32_t v = 0; v < count; v++)
            remap[v] = v;
    else if (!finish_map(&pending, desc->pool, remap) && map != remap)
        memcpy(remap, map, (size_t)count * 4);
    *unique_count_ret = n;
    return vf_plan_run(&plan, &records, out, out_size);
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
