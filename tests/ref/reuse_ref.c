/* reuse_ref.c - the expected vertex-reuse map (see reuse_ref.h). */
#include "reuse_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ia_ref.h"

uint32_t reuse_ref_map(const vf_draw_desc *d, uint32_t *map)
{
    return reuse_ref_map_unique(d, map, NULL);
}

/* A position and its raw index. */
struct ref_pos {
    uint32_t idx, p;
};

/* By index, then by position. */
static int by_index(const void *a, const void *b)
{
    const struct ref_pos *x = a, *y = b;
    if (x->idx != y->idx)
        return x->idx < y->idx ? -1 : 1;
    return x->p < y->p ? -1 : x->p > y->p;
}

/* By position. */
static int by_position(const void *a, const void *b)
{
    const struct ref_pos *x = a, *y = b;
    return x->p < y->p ? -1 : x->p > y->p;
}

static void *ref_alloc(size_t count, size_t size)
{
    void *p = malloc((count + 1) * size);
    if (!p) {
        fprintf(stderr, "reuse_ref: out of memory\n");
        abort();
    }
    return p;
}

/* Sorted, not looked up: a route that shares no fault with the library's
 * direct and hashed tables, in n log n (a linear search of the distinct
 * indices took minutes under the sanitizers for 65536 of them). Sorted by
 * index then position, each run of one index starts at its first
 * position; those first positions in position order are the records. */
uint32_t reuse_ref_map_unique(const vf_draw_desc *d, uint32_t *map, uint32_t *unique)
{
    uint32_t n = d->vertex_count_per_instance, m = 0, u = 0;
    struct ref_pos *all = ref_alloc(n, sizeof(*all)), *first = ref_alloc(n, sizeof(*first));
    for (uint32_t p = 0; p < n; p++) {
        int cut = 0;
        uint32_t idx = d->indexed ? ia_ref_index(d, p, &cut) : p;
        if (cut)
            map[p] = VF_REUSE_CUT;
        else
            all[m++] = (struct ref_pos){ idx, p };
    }
    qsort(all, m, sizeof(*all), by_index);
    for (uint32_t i = 0; i < m; i++)
        if (i == 0 || all[i].idx != all[i - 1].idx)
            first[u++] = all[i];
    qsort(first, u, sizeof(*first), by_position);
    for (uint32_t r = 0; r < u; r++) {
        map[first[r].p] = r;
        if (unique && d->indexed)
            unique[r] = first[r].idx;
    }
    /* Every later position of a run takes the record of its first. */
    for (uint32_t i = 0, head = 0; i < m; i++) {
        if (all[i].idx != all[head].idx)
            head = i;
        map[all[i].p] = map[all[head].p];
    }
    free(all);
    free(first);
    return u;
}
