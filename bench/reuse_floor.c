/*
 * reuse_floor.c - the floor of the reuse shape in cache, on one thread:
 * what each of its two steps costs at the least, timed in the same rounds
 * as the reuse draw. The map's floor (ISA-lookups): every position's
 * record read from a table filled beforehand, a load of the index, one of
 * its slot and the map's store, which every search of these indices does
 * before anything else. The records' floor (ISA-linear): a non-indexed
 * draw of as many vertices as the draw has distinct ones. Their summed
 * time against the per-position draw is the most a reuse draw could reach
 * beside this per-position draw (reuse_rows.c prints it on the reuse row).
 */
#include <stdint.h>
#include <string.h>

#include "bench.h"

/* Eight lookups a step, as the library's search takes them. */
#define LOOKUPS(T)                                                                          \
    static void lookups_##T(const T *d, uint32_t n, const uint32_t *table, uint32_t *m)     \
    {                                                                                       \
        uint32_t i = 0;                                                                     \
        for (; i + 8 <= n; i += 8) {                                                        \
            m[i] = table[d[i]];                                                             \
            m[i + 1] = table[d[i + 1]];                                                     \
            m[i + 2] = table[d[i + 2]];                                                     \
            m[i + 3] = table[d[i + 3]];                                                     \
            m[i + 4] = table[d[i + 4]];                                                     \
            m[i + 5] = table[d[i + 5]];                                                     \
            m[i + 6] = table[d[i + 6]];                                                     \
            m[i + 7] = table[d[i + 7]];                                                     \
        }                                                                                   \
        for (; i < n; i++)                                                                  \
            m[i] = table[d[i]];                                                             \
    }
LOOKUPS(uint16_t)
LOOKUPS(uint32_t)

/* The indices of the draw (the reuse shape's grid starts at index 0). */
static const void *draw_indices(const struct bench_case *c)
{
    return (const uint8_t *)c->ibv.data +
           (size_t)c->desc.start_location * (c->ibv.format == VF_FORMAT_R16_UINT ? 2 : 4);
}

void reuse_floor_lookups(struct reuse_step *s)
{
    struct bench_case *c = s->c;

    if (c->ibv.format == VF_FORMAT_R16_UINT)
        lookups_uint16_t(draw_indices(c), c->positions, s->table, c->remap);
    else
        lookups_uint32_t(draw_indices(c), c->positions, s->table, c->remap);
}

/* Where the floor applies: an in-cache indexed draw on one thread, every
 * index inside the vertex buffer and no strip cut (the map's floor has no
 * cut to test). */
int reuse_floor_applies(const struct bench_case *c, const struct thread_ctx *tc)
{
    return tc->threads == 1 && c->size_name == bench_size_names[SIZE_IN_CACHE] &&
           c->desc.indexed == 1 && c->desc.strip_cut_value == VF_STRIP_CUT_VALUE_DISABLED &&
           c->desc.base_vertex_location == 0;
}

/* The lookups' table, each index's record from the reuse draw's map (in
 * c->remap): the table a search ends with. NULL when an index lies past
 * the vertex buffer. */
uint32_t *reuse_floor_table(const struct bench_case *c)
{
    uint32_t *table = bu_alloc((size_t)c->unique_vertices * 4 + 4);
    const void *d = draw_indices(c);

    for (uint32_t p = 0; p < c->positions; p++) {
        uint32_t idx = c->ibv.format == VF_FORMAT_R16_UINT ? ((const uint16_t *)d)[p]
                                                           : ((const uint32_t *)d)[p];
        if (idx >= c->unique_vertices) {
            bu_free(table);
            return NULL;
        }
        table[idx] = c->remap[p];
    }
    return table;
}

/* The records' floor: the draw, not indexed, of the first `unique`
 * vertices. */
void reuse_floor_linear_desc(const struct bench_case *c, uint32_t unique, vf_draw_desc *desc)
{
    *desc = c->desc;
    desc->indexed = 0;
    desc->index_buffer = NULL;
    desc->start_location = 0;
    desc->vertex_count_per_instance = unique;
    desc->pool = NULL;
}

/* The linear row's records against the scalar layout's draw of the same
 * vertices: nonzero when they are the same, word for word. */
int reuse_floor_linear_matches(const struct bench *b, struct bench_case *c,
                               const vf_draw_desc *desc)
{
    vf_result res = VF_OK;
    const vf_layout *scalar = case_layout(b, c, VF_ISA_SCALAR, &res);
    size_t bytes = 0;
    if (scalar == NULL || vf_draw_output_size(scalar, desc->vertex_count_per_instance,
                                              desc->instance_count, &bytes) != VF_OK ||
        bytes > c->reuse_out_size)
        return 0;
    void *ref = bu_alloc(bytes);
    int same = vf_draw(scalar, desc, ref, bytes) == VF_OK && memcmp(ref, c->reuse_out, bytes) == 0;
    bu_free(ref);
    return same;
}
