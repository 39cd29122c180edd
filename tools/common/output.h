/*
 * output.h - how `vfetch` prints a draw's records and a layout.
 */
#ifndef VF_TOOLS_OUTPUT_H
#define VF_TOOLS_OUTPUT_H

#include <stdint.h>
#include <stdio.h>

#include "case.h"
#include "json_write.h"
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

enum vf_output_kind {
    /* One block per instance, a line per record, for people. */
    VF_OUTPUT_TABLE,
    /* The draw, the layout, the register names and the records. */
    VF_OUTPUT_JSON,
    /* A line of column names, then one line per record: instance,
     * position, cut (0/1), SV_VertexID, SV_InstanceID, flags, then NAME.x
     * .. NAME.w of every data register, written as the table writes them. */
    VF_OUTPUT_CSV,
    /* The binary formats of vfetch(1), words little-endian. Version 2: a
     * header naming every register and the selection, then the selected
     * records exactly as the library writes them (4 * registers words
     * each). Version 1: 6 header words, then every record of the draw as
     * 4E + 3 words (E data registers, then SV_VertexID, SV_InstanceID,
     * flags); it cannot hold a selection. */
    VF_OUTPUT_RAW,
    VF_OUTPUT_RAW1
};

/* The map of a vertex-reuse draw (vf_draw_reuse): the record, within its
 * instance, of each of `positions` positions, VF_REUSE_CUT for a cut. The
 * records (struct vf_records) then hold the distinct vertices: `vertices`
 * records per instance. */
struct vf_remap {
    const uint32_t *map;
    uint32_t positions;
};

struct vf_output_options {
    int hex;                               /* table, csv: words as 0x bit patterns */
    const struct vf_primitive_list *prims; /* table, json: the list after the records */
    const struct vf_selection *sel;        /* only these records (inside the draw); NULL: all */
    const struct vf_remap *remap;          /* table, json: vertex reuse, the map after the
                                            * records (with no selection) */
    const vf_diagnostics *diag;            /* json: "diagnostics" of the draw, when it has any */
    int d3d11_ids;                         /* json: name the D3D11 debug layer's message IDs */
};

/* The debug layer's message ID of a diagnostic code (D3D11's with `d3d11`,
 * else D3D12's) into *id_ret when not NULL; returns its name without the
 * prefix, or NULL where the code has none. */
const char *vf_output_message_id(vf_result code, int d3d11, uint32_t *id_ret);

/* Writes the records of `r` as `kind` says; `o` NULL: no options. Returns
 * 0, or -1 when writing failed (errno set by stdio) or raw version 1 was
 * asked for a selection. */
int vf_output_records(FILE *f, const struct vf_records *r, enum vf_output_kind kind,
                      const struct vf_output_options *o);

/* Shorthands: the whole draw as a table, JSON or raw version 2. */
int vf_output_table(FILE *f, const struct vf_records *r, int hex);
int vf_output_json(FILE *f, const struct vf_records *r);
int vf_output_raw(FILE *f, const struct vf_records *r);

/* The resolved layout, one line per element (vfetch validate). */
int vf_output_layout(FILE *f, const vf_layout *layout);

/* Every DXGI format, as a table or as JSON (vfetch formats). */
int vf_output_formats(FILE *f, int json);

#endif /* VF_TOOLS_OUTPUT_H */
