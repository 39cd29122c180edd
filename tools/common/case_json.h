/*
 * case_json.h - the readers of the case loader that both forms of a case
 * (case_d3d12.c, case_d3d11.c) use (case_json.c). Every function reports a
 * problem as "JSON.path: what is wrong" through vf_json_fail and returns -1.
 */
#ifndef VF_TOOLS_COMMON_CASE_JSON_H
#define VF_TOOLS_COMMON_CASE_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "d3d_names.h"
#include "json_read.h"

/* A name of table `t` (with or without its prefix), or an integer passed
 * through for the library to judge. */
int vf_case_get_named_enum(struct vf_json_ctx *x, const char *path, json_object *v,
                           const struct vf_names *t, uint32_t *out);

/* Field `name` of `obj` as vf_case_get_named_enum reads it; *out is left
 * alone when the field is absent. */
int vf_case_opt_named_enum(struct vf_json_ctx *x, const char *path, json_object *obj,
                           const char *name, const struct vf_names *t, uint32_t *out);

/* A DXGI format name or number. */
int vf_case_get_format(struct vf_json_ctx *x, const char *path, json_object *v, vf_format *out);

/* "Description", "InputLayout" (required) and "Signature" of `root` into c
 * (owned there). */
int vf_case_load_shader_inputs(struct vf_json_ctx *x, json_object *root, struct vf_case *c);

/* "BaseVertexLocation" of the draw arguments `args` (at `path`), an int32;
 * *out is left alone when absent. */
int vf_case_get_base_vertex(struct vf_json_ctx *x, const char *path, json_object *args,
                            int32_t *out);

#endif /* VF_TOOLS_COMMON_CASE_JSON_H */
