/*
 * stats_ref.c - pipeline statistics from the spec's rules (20.4.7, 8.12,
 * 8.13) over the reference primitive list:
 *  - IAVertices: the vertices the IA generates, one per position that is
 *    no cut; the lower figure, for a pipeline that drops incomplete
 *    primitives before the IA counts them, the positions some primitive
 *    names;
 *  - IAPrimitives: the listed (complete) primitives;
 *  - VSInvocations: with an infinite cache, each distinct vertex a
 *    primitive names once (its raw index, or its position when not
 *    indexed); with none, each primitive's own vertices plus the vertices
 *    no primitive names (a late drop still shades them).
 */
#include <stdlib.h>
#include <string.h>

#include "ia_ref.h"
#include "prim_ref.h"
#include "stats_ref.h"

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Distinct values among v[0 .. n), by sorting them. */
static uint32_t count_distinct(uint32_t *v, uint32_t n)
{
    qsort(v, n, sizeof(*v), cmp_u32);
    uint32_t distinct = 0;
    for (uint32_t i = 0; i < n; i++)
        distinct += i == 0 || v[i] != v[i - 1];
    return distinct;
}

void stats_ref(const vf_draw_desc *d, const uint8_t *cut, vf_pipeline_statistics *st)
{
    uint32_t n = d->vertex_count_per_instance, count, vpp;
    uint32_t *list = prim_ref_assemble(d->primitive_topology, n, cut, &count, &vpp);
    uint8_t *named = calloc(n ? n : 1, 1);
    uint32_t *seen = malloc((n ? n : 1) * sizeof(uint32_t));
    if (!named || !seen)
        abort();
    for (uint64_t i = 0; i < (uint64_t)count * vpp; i++)
        named[list[i]] = 1;

    uint64_t vertices = 0, used = 0, unnamed = 0;
    uint32_t values = 0;
    for (uint32_t p = 0; p < n; p++) {
        if (cut[p])
            continue;
        vertices++;
        if (!named[p]) {
            unnamed++;
            continue;
        }
        used++;
        int c;
        seen[values++] = d->indexed ? ia_ref_index(d, p, &c) : p;
    }
    uint32_t distinct = count_distinct(seen, values);
    uint64_t k = d->instance_count;
    st->ia_vertices = vertices * k;
    st->ia_vertices_min = used * k;
    st->ia_primitives = (uint64_t)count * k;
    st->vs_invocations_min = distinct * k;
    st->vs_invocations_max = ((uint64_t)count * vpp + unnamed) * k;
    free(list);
    free(named);
    free(seen);
}
