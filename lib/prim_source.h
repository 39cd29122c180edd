/* prim_source.h - how a draw's positions split into pieces at strip cuts
 * and how many primitives each piece holds (primitives.c), shared by the
 * primitive lists and the pipeline statistics (statistics.c). */
#ifndef VF_LIB_PRIM_SOURCE_H
#define VF_LIB_PRIM_SOURCE_H

#include "vf_internal.h"

/* How a topology walks a piece. */
enum prim_kind {
    KIND_LIST,           /* points, lines, triangles, their adjacency forms, patches */
    KIND_LINE_STRIP,
    KIND_TRI_STRIP,
    KIND_LINE_STRIP_ADJ,
    KIND_TRI_STRIP_ADJ
};

struct prim_source {
    enum prim_kind kind;
    uint32_t vpp;        /* vertices per primitive */
    uint32_t n;          /* positions per instance */
    int cuts;            /* the draw cuts at cut_value */
    /* Index data, read exactly as the draw reads indices (rules §5.1);
     * index_size 0 when the draw reads no index data. */
    const uint8_t *ib;
    uint32_t ib_size;
    uint32_t index_size;
    uint32_t start;
    uint32_t cut_value;
};

/* The checks of vf_draw that concern the fields primitive assembly reads,
 * in its order; fills `src`. `cut_lists`: cuts take effect in list
 * topologies too (D3D11, spec 8.12). */
VF_HIDDEN vf_result vf_prim_source_init(const vf_draw_desc *desc, int cut_lists,
                                        struct prim_source *src);
/* The raw index at position `pos` (index_size must be nonzero). */
VF_HIDDEN uint32_t vf_prim_index_at(const struct prim_source *src, uint32_t pos);
VF_HIDDEN int vf_prim_is_cut(const struct prim_source *src, uint32_t pos);
/* The next piece at or after `*pos`: [*start_ret, *start_ret + *len_ret);
 * *pos moves past the cut that ends it. 0 when no position is left. */
VF_HIDDEN int vf_prim_next_piece(const struct prim_source *src, uint32_t *pos,
                                 uint32_t *start_ret, uint32_t *len_ret);
/* Primitives in a piece of m vertices, incomplete ones dropped. */
VF_HIDDEN uint32_t vf_prim_piece_count(const struct prim_source *src, uint32_t m);

#endif /* VF_LIB_PRIM_SOURCE_H */
