/* d3d11_internal.h - what the D3D11 front end's files share. */
#ifndef VF_LIB_D3D11_INTERNAL_H
#define VF_LIB_D3D11_INTERNAL_H

#include "vfetch_d3d11.h"

struct vf_buffer {
    vf_buffer_desc desc;
    const uint8_t *data; /* byte_width bytes: `owned`, or the caller's wrapped memory */
    uint8_t *owned;      /* NULL when wrapping */
};

/* Collects diagnostics like vf_layout_create: `out` may be NULL, the first
 * error is the result. */
struct vf_d3d11_diag {
    vf_diagnostics *out;
    vf_result first_error;
};

void vf_d3d11_diag_begin(struct vf_d3d11_diag *ctx, vf_diagnostics *out);
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void vf_d3d11_diag(struct vf_d3d11_diag *ctx, vf_result code, uint32_t severity,
                   const char *fmt, ...);

/* vf_primitive_count, vf_draw_primitives, vf_primitive_cursor_init and
 * vf_draw_primitives_next (primitives.c), with `cut_lists`: D3D11's cuts,
 * where an indexed draw with a cut value and index data cuts in list
 * topologies too (docs/d3d-ia-rules.md §14.4.4). The public calls pass 0. */
vf_result vf_prim_count(const vf_draw_desc *desc, int cut_lists, uint32_t *primitive_count_ret,
                        uint32_t *vertices_per_primitive_ret, size_t *draw_words_ret);
vf_result vf_prim_list(const vf_draw_desc *desc, int cut_lists, uint32_t first_primitive,
                       uint32_t *out, size_t out_count, uint32_t *primitives_written_ret);
vf_result vf_prim_cursor_init(const vf_draw_desc *desc, int cut_lists,
                              vf_primitive_cursor *cursor);
vf_result vf_prim_cursor_next(const vf_draw_desc *desc, int cut_lists,
                              vf_primitive_cursor *cursor, uint32_t *out, size_t out_count,
                              uint32_t *primitives_written_ret);
/* vf_draw_statistics_scratch_size and vf_draw_statistics (statistics.c)
 * with the same `cut_lists`. */
vf_result vf_stats_scratch_size(const vf_draw_desc *desc, int cut_lists, size_t *bytes_ret);
vf_result vf_stats(const vf_draw_desc *desc, int cut_lists, void *scratch, size_t scratch_size,
                   vf_pipeline_statistics *stats_ret);

#endif
