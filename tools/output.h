/*
 * output.h - how `vfetch` prints a draw's records and a layout.
 */
#ifndef VF_TOOLS_OUTPUT_H
#define VF_TOOLS_OUTPUT_H

#include <stdint.h>
#include <stdio.h>

#include "case.h"
#include "vfetch.h"

/* The records of one AoS draw: instances * vertices records of `registers`
 * 16-byte registers each, instance-major; the last register is the system
 * register { SV_VertexID, SV_InstanceID, flags, 0 }. */
struct vf_records {
    const struct vf_case *c;
    const vf_layout *layout;
    const uint32_t *words;
    uint32_t vertices;   /* positions per instance */
    uint32_t instances;
    uint32_t registers;  /* per record, the system register included */
};

/* The primitive list of one instance (every instance of a draw has the
 * same): count primitives of `vertices` position numbers each. */
struct vf_primitive_list {
    const uint32_t *v;
    uint32_t count;
    uint32_t vertices;
};

/* Each returns 0, or -1 when writing failed (errno set by stdio). */
int vf_output_table(FILE *f, const struct vf_records *r, int hex);
int vf_output_json(FILE *f, const struct vf_records *r);
/* The same with the primitive list after the records (vfetch run
 * --primitives); `prims` NULL prints what the calls above print. */
int vf_output_table_primitives(FILE *f, const struct vf_records *r, int hex,
                               const struct vf_primitive_list *prims);
int vf_output_json_primitives(FILE *f, const struct vf_records *r,
                              const struct vf_primitive_list *prims);
/* The binary format of design.md: a 6-word header, then per record 4*E
 * words of register data and SV_VertexID, SV_InstanceID, flags. */
int vf_output_raw(FILE *f, const struct vf_records *r);

/* The resolved layout, one line per element (vfetch validate). */
int vf_output_layout(FILE *f, const vf_layout *layout);

/* Every DXGI format, as a table or as JSON (vfetch formats). */
int vf_output_formats(FILE *f, int json);

/* `s` as a JSON string literal with quotes and escapes; NULL prints null. */
void vf_output_json_string(FILE *f, const char *s);


#endif /* VF_TOOLS_OUTPUT_H */
