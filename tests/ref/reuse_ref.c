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

uint32_t reuse_ref_map_unique(const vf_draw_desc *d, uint32_t *map, uint32_t *unique)
{
    uint32_t n = d->vertex_count_per_instance, u = 0;
    uint32_t *seen = malloc(((size_t)n + 1) * 4);
    if (!seen) {
        fprintf(stderr, "reuse_ref: out of memory\n");
        abort();
    }
    for (uint32_t p = 0; p < n; p++) {
        int cut = 0;
        uint32_t idx = d->indexed ? ia_ref_index(d, p, &cut) : p;
        if (cut) {
            map[p] = VF_REUSE_CUT;
            continue;
        }
        /* A linear search: slow, but too simple to share a fault with the
         * library's hash table. */
        uint32_t r = 0;
        while (r < u && seen[r] != idx)
            r++;
        if (r == u)
            seen[u++] = idx;
        map[p] = r;
    }
    if (unique && d->indexed)
        memcpy(unique, seen, (size_t)u * 4);
    free(seen);
    return u;
}
