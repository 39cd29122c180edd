/*
 * case_d3d12.h - the D3D12 form of a case (case_d3d12.c).
 */
#ifndef VF_TOOLS_COMMON_CASE_D3D12_H
#define VF_TOOLS_COMMON_CASE_D3D12_H

#include "case.h"
#include "json_read.h"

/* The D3D12 form: every field of the object `root` (its "Api", if any, is
 * already read). 0, or -1 after vf_json_fail. */
int vf_case_load_d3d12(struct vf_json_ctx *x, json_object *root, struct vf_case *c);

/* A copy of c->draw aimed at the case's own views (no buffers for a D3D11
 * case before vf_case_bind), pool NULL. */
void vf_case_d3d12_draw_desc(const struct vf_case *c, vf_draw_desc *desc);

#endif /* VF_TOOLS_COMMON_CASE_D3D12_H */
