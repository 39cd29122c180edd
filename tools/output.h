/*
 * output.h - how `vfetch` prints a draw's records and a layout.
 */
#ifndef VF_TOOLS_OUTPUT_H
#define VF_TOOLS_OUTPUT_H

#include <stdint.h>
#include <stdio.h>

#include "case.h"
#include "vfetch.h"

/* Part of a draw's records: instances first_instance .. + num_instances - 1
 * and, of each, positions first_position .. + num_positions - 1. */
struct vf_selection {
    uint32_t first_instance, num_instances;
    uint32_t first_position, num_positions;
};

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
    /* Only these records are written (the caller keeps them inside the
     * draw); NULL: all of them. */
    const struct vf_selection *sel;
};

/* The first word of a raw file ("VFR1" in its bytes), for every version. */
#define VF_RAW_MAGIC 0x31524656u
/* The semantic name raw version 2 gives the system register. */
#define VF_RAW_SYSTEM_NAME "VF_SYSTEM"

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
/* The binary formats of vfetch(1), words little-endian. Version 2: a
 * header naming every register and the selection, then the selected
 * records exactly as the library writes them (4 * registers words each).
 * Version 1: 6 header words, then every record of the draw as 4E + 3
 * words (E data registers, then SV_VertexID, SV_InstanceID, flags); it has
 * no selection: -1 when r->sel is set. */
int vf_output_raw(FILE *f, const struct vf_records *r);
int vf_output_raw_v1(FILE *f, const struct vf_records *r);

/* One line of comma-separated values per record after a line of column
 * names: instance, position, cut (0/1), SV_VertexID, SV_InstanceID, flags,
 * then NAME.x .. NAME.w of every data register, written as the table
 * writes them (as 0x bit patterns with `hex`). */
int vf_output_csv(FILE *f, const struct vf_records *r, int hex);

/* The resolved layout, one line per element (vfetch validate). */
int vf_output_layout(FILE *f, const vf_layout *layout);

/* Every DXGI format, as a table or as JSON (vfetch formats). */
int vf_output_formats(FILE *f, int json);

/* `s` as a JSON string literal with quotes and escapes; NULL prints null. */
void vf_output_json_string(FILE *f, const char *s);


#endif /* VF_TOOLS_OUTPUT_H */
