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
    /* The primitive list of one instance (every instance has the same),
     * printed after the records when `prims` is not NULL: prim_count
     * primitives of prim_vertices position numbers each. */
    const uint32_t *prims;
    uint32_t prim_count;
    uint32_t prim_vertices;
};

/* Each returns 0, or -1 when writing failed (errno set by stdio). */
int vf_output_table(FILE *f, const struct vf_records *r, int hex);
int vf_output_json(FILE *f, const struct vf_records *r);
/* The binary format of design.md: a 6-word header, then per record 4*E
 * words of register data and SV_VertexID, SV_InstanceID, flags. */
int vf_output_raw(FILE *f, const struct vf_records *r);

/* The resolved layout, one line per element (vfetch validate). */
int vf_output_layout(FILE *f, const vf_layout *layout);

/* Every DXGI format, as a table or as JSON (vfetch formats). */
int vf_output_formats(FILE *f, int json);

/* `s` as a JSON string literal with quotes and escapes; NULL prints null. */
void vf_output_json_string(FILE *f, const char *s);

/* Name of an input classification value: "PER_VERTEX_DATA", ... or NULL. */
const char *vf_output_slot_class_name(uint32_t slot_class);

#endif /* VF_TOOLS_OUTPUT_H */
