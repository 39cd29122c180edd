/*
 * json_write.h - writing JSON text. Needs no json-c, so vfetch-bench, which
 * is built without it, links it too.
 */
#ifndef VF_TOOLS_COMMON_JSON_WRITE_H
#define VF_TOOLS_COMMON_JSON_WRITE_H

#include <stdio.h>

/* `s` as a JSON string literal with quotes and escapes; NULL prints null. */
void vf_output_json_string(FILE *f, const char *s);

#endif /* VF_TOOLS_COMMON_JSON_WRITE_H */
