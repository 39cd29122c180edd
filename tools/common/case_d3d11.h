/*
 * case_d3d11.h - the D3D11 form of a case (case_d3d11.c): its loader, and
 * the buffers, IA state and draw it makes through the library's D3D11 front
 * end. The calls after the loader are for a D3D11 case only (c->d3d11 set).
 */
#ifndef VF_TOOLS_COMMON_CASE_D3D11_H
#define VF_TOOLS_COMMON_CASE_D3D11_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "json_read.h"

/* The D3D11 form: every field of the object `root` (its "Api" is already
 * read). 0, or -1 after vf_json_fail. */
int vf_case_load_d3d11(struct vf_json_ctx *x, json_object *root, struct vf_case *c);

/* Frees what vf_case_load_d3d11 and vf_case_d3d11_bind made (c->d3d11 may
 * be NULL). */
void vf_case_free_d3d11(struct vf_case *c);

/* vf_case_bind for a D3D11 case. */
vf_result vf_case_d3d11_bind(const struct vf_case *c, const vf_layout *layout,
                             vf_diagnostics *diag);

/* For a bound case: *desc = the prepared draw, and 1; else 0. */
int vf_case_d3d11_draw_desc(const struct vf_case *c, vf_draw_desc *desc);

/* The draw call the case names on the bound state, run on desc->pool. */
vf_result vf_case_d3d11_draw(const struct vf_case *c, const vf_draw_desc *desc, void *out,
                             size_t out_size);

/* vf_d3d11_primitive_count / vf_d3d11_draw_primitives on the bound state. */
vf_result vf_case_d3d11_primitive_count(const struct vf_case *c, uint32_t *count_ret,
                                        uint32_t *vertices_per_primitive_ret);
vf_result vf_case_d3d11_statistics(const struct vf_case *c, void *scratch, size_t scratch_size,
                                    vf_pipeline_statistics *stats_ret);
vf_result vf_case_d3d11_statistics_scratch_size(const struct vf_case *c, size_t *bytes_ret);
vf_result vf_case_d3d11_draw_primitives(const struct vf_case *c, uint32_t first_primitive,
                                        uint32_t *out, size_t out_count, uint32_t *written_ret);

#endif /* VF_TOOLS_COMMON_CASE_D3D11_H */
