/*
 * case_data.h - the data sources of a buffer in either form of a case
 * (case_data.c). Every function reports a problem as "JSON.path: what is
 * wrong" through vf_json_fail and returns -1.
 */
#ifndef VF_TOOLS_COMMON_CASE_DATA_H
#define VF_TOOLS_COMMON_CASE_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "json_read.h"
#include "vfetch.h"

/* Data sources: 0 File, 1 Hex, 2.. the typed arrays, then Indices;
 * VF_CASE_NO_SOURCE when none is given. */
#define VF_CASE_SOURCE_INDICES 10u
#define VF_CASE_NO_SOURCE 11u

/* The field that names source `src` ("File", "Hex", "Float32", ...). */
const char *vf_case_source_name(size_t src);

/* Which data source `obj` gives (Indices only when `is_index`): at most
 * one, else an error. */
int vf_case_source(struct vf_json_ctx *x, const char *path, json_object *obj, int is_index,
                   size_t *src_ret);

/* The bytes of source `src` of `obj` (malloc'ed, *size_ret of them);
 * Indices are written in `index_format` (R16_UINT or R32_UINT). *file gets
 * an owned copy of a File name. */
int vf_case_load_data(struct vf_json_ctx *x, const char *path, json_object *obj, size_t src,
                      vf_format index_format, uint8_t **data_ret, size_t *size_ret, char **file);

#endif /* VF_TOOLS_COMMON_CASE_DATA_H */
