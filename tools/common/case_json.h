/*
 * case_json.h - the pieces of the case loader (case.c) that the D3D11 form
 * (case_d3d11.c) reads with too. Every function reports a problem as
 * "JSON.path: what is wrong" through vf_json_fail and returns -1.
 */
#ifndef VF_TOOLS_CASE_JSON_H
#define VF_TOOLS_CASE_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "d3d_names.h"
#include "json_read.h"

/* Data sources: 0 File, 1 Hex, 2.. the typed arrays, then Indices;
 * VF_CASE_NO_SOURCE when none is given. */
#define VF_CASE_SOURCE_INDICES 10u
#define VF_CASE_NO_SOURCE 11u

/* A name of table `t` (with or without its prefix), or an integer passed
 * through for the library to judge. */
int vf_case_get_named_enum(struct vf_json_ctx *x, const char *path, json_object *v,
                           const struct vf_names *t, uint32_t *out);

/* A DXGI format name or number. */
int vf_case_get_format(struct vf_json_ctx *x, const char *path, json_object *v, vf_format *out);

/* "InputLayout" and "Signature" into c (owned there). */
int vf_case_load_input_layout(struct vf_json_ctx *x, json_object *v, struct vf_case *c);
int vf_case_load_signature(struct vf_json_ctx *x, json_object *v, struct vf_case *c);

/* Which data source `obj` gives (Indices only when `is_index`): at most
 * one, else an error. */
int vf_case_source(struct vf_json_ctx *x, const char *path, json_object *obj, int is_index,
                   size_t *src_ret);

/* The bytes of source `src` of `obj` (malloc'ed, *size_ret of them);
 * Indices are written in `index_format` (R16_UINT or R32_UINT). *file gets
 * an owned copy of a File name. */
int vf_case_load_data(struct vf_json_ctx *x, const char *path, json_object *obj, size_t src,
                      vf_format index_format, uint8_t **data_ret, size_t *size_ret, char **file);

/* The D3D11 form: everything of `root` but "Api" (case_d3d11.c). */
int vf_case_load_d3d11(struct vf_json_ctx *x, json_object *root, struct vf_case *c);

/* For a bound D3D11 case: *desc = the prepared draw, and 1; else 0. */
int vf_case_d3d11_draw_desc(const struct vf_case *c, vf_draw_desc *desc);

/* Frees what vf_case_load_d3d11 and vf_case_bind made. */
void vf_case_free_d3d11(struct vf_case *c);

#endif /* VF_TOOLS_CASE_JSON_H */
