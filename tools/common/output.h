/*
 * output.h - how `vfetch` prints a draw's records and a layout.
 */
#ifndef VF_TOOLS_OUTPUT_H
#define VF_TOOLS_OUTPUT_H

#include <stddef.h>
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

/* The record of position `pos` of instance `instance`. */
static inline const uint32_t *vf_records_at(const struct vf_records *r, uint32_t instance,
                                            uint32_t pos)
{
    size_t index = (size_t)instance * r->vertices + pos;
    return r->words + index * 4 * r->registers;
}

/* The records to write: `sel`, or the whole draw when NULL. */
static inline struct vf_selection vf_records_selection(const struct vf_records *r,
                                                       const struct vf_selection *sel)
{
    struct vf_selection all = { 0, r->instances, 0, r->vertices };
    return sel != NULL ? *sel : all;
}

/* The primitive list of one instance (every instance of a draw has the
 * same): count primitives of `vertices` position numbers each. */
struct vf_primitive_list {
    const uint32_t *v;
    uint32_t count;
    uint32_t vertices;
    /* A Vulkan draw's provoking vertex of each primitive (a position
     * number, UINT32_MAX for none) where it need not be the leading one
     * (LAST_VERTEX, named by provoking_mode); NULL: the leading vertex. */
    const uint32_t *provoking;
    const char *provoking_mode;
};

/* The map of a vertex-reuse draw (vf_draw_reuse): the record, within its
 * instance, of each of `positions` positions, VF_REUSE_CUT for a cut. The
 * records (struct vf_records) then hold the distinct vertices: `vertices`
 * records per instance. */
struct vf_remap {
    const uint32_t *map;
    uint32_t positions;
    const uint32_t *indices; /* json: the distinct raw indices (records an instance
                              * of them), record order; NULL: none (not indexed) */
    uint32_t records;
};

struct vf_output_options {
    int hex;                               /* table, csv: words as 0x bit patterns */
    const struct vf_primitive_list *prims; /* table, json: the list after the records */
    const struct vf_selection *sel;        /* only these records (inside the draw); NULL: all */
    const struct vf_remap *remap;          /* table, json: vertex reuse, the map after the
                                            * records (with no selection) */
    const vf_diagnostics *diag;            /* json: "diagnostics" of the draw, when it has any */
    int d3d11_ids;                         /* json: name the D3D11 debug layer's message IDs */
    const vf_pipeline_statistics *stats;   /* json: "statistics" of the whole draw (NULL: none) */
    const struct vf_vk_pipeline_statistics *vk_stats; /* json: a Vulkan draw's, in place of
                                                       * stats (NULL: none) */
    const uint32_t *registers;             /* table, json, csv: only these data registers
                                            * (numbers in the record); NULL: all */
    uint32_t num_registers;
};

/* The number of the data register named `name` (as the outputs name it,
 * e.g. COLOR0; case-insensitive; "COLOR" is COLOR0) into *index_ret;
 * 0, or -1 when the records have none of that name. */
int vf_output_find_register(const struct vf_records *r, const char *name, uint32_t *index_ret);

/* The name the outputs give data register `index` (e.g. COLOR0) into
 * `buf` (truncated to `size`; "" for no such register). */
void vf_output_register_name(const struct vf_records *r, uint32_t index, char *buf, size_t size);

/* The debug layer's message ID of a diagnostic code (D3D11's with `d3d11`,
 * else D3D12's) into *id_ret when not NULL; returns its name without the
 * prefix, or NULL where the code has none. */
const char *vf_output_message_id(vf_result code, int d3d11, uint32_t *id_ret);

/* The records of `r` written for people or scripts; `o` NULL: no options.
 * Each returns 0, or -1 when writing failed (errno set by stdio).
 * Table: one block per instance, a line per record. JSON: the draw, the
 * layout, the register names and the records. CSV: a line of column names,
 * then one line per record: instance, position, cut (0/1), SV_VertexID,
 * SV_InstanceID, flags, then NAME.x .. NAME.w of every data register,
 * written as the table writes them. (The binary format is in vfr.h.)
 * A record that read out of bounds (oob.h) says so: the table and CSV in
 * a last column ("out of bounds", "out_of_bounds") present only when a
 * record printed needs it, JSON in an "out_of_bounds" object present only
 * in such a record. */
int vf_output_records_table(FILE *f, const struct vf_records *r,
                            const struct vf_output_options *o);
int vf_output_records_json(FILE *f, const struct vf_records *r,
                           const struct vf_output_options *o);
int vf_output_records_csv(FILE *f, const struct vf_records *r,
                          const struct vf_output_options *o);

/* Shorthands: the whole draw as a table or as JSON. */
int vf_output_table(FILE *f, const struct vf_records *r, int hex);
int vf_output_json(FILE *f, const struct vf_records *r);

/* The VF_REGISTER_COMPONENT_* type of a register holding `format`:
 * integer formats hold integers in every component, all others floats. */
uint32_t vf_output_component_type(vf_format format);

/* The resolved layout, one line per element (vfetch validate). */
int vf_output_layout(FILE *f, const vf_layout *layout);

/* Every DXGI format, as a table or as JSON (vfetch formats). */
int vf_output_formats(FILE *f, int json);

#endif /* VF_TOOLS_OUTPUT_H */
