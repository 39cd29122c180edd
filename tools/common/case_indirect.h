/*
 * case_indirect.h - the ExecuteIndirect form of a D3D12 case
 * (case_indirect.c): a top-level "ExecuteIndirect" object (the command
 * signature, MaxCommandCount, the argument buffer and the optional count
 * buffer, each with its Offset) in place of "Draw", and the case's
 * "GpuVirtualAddresses" that resolve the views the arguments carry.
 *
 * The loader checks the JSON only (names, types, ranges, data); the rules
 * of the signature, the offsets and the views are the library's
 * (vfetch_indirect.h), reported when the call runs.
 */
#ifndef VF_TOOLS_COMMON_CASE_INDIRECT_H
#define VF_TOOLS_COMMON_CASE_INDIRECT_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "json_read.h"
#include "vfetch_indirect.h"

/* What the case holds of the call; owned by the case. */
struct vf_case_indirect {
    vf_indirect_argument_desc *args;
    uint32_t num_args;
    vf_command_signature_desc signature; /* argument_descs points at args */
    uint32_t max_command_count;
    uint8_t *argument_bytes;             /* the whole argument buffer */
    size_t argument_size;
    uint64_t argument_offset;
    int has_count_buffer;
    uint8_t *count_bytes;                /* the whole count buffer */
    size_t count_size;
    uint64_t count_offset;
    vf_gpu_address_range *ranges;        /* host points into range_bytes[i] */
    uint8_t **range_bytes;
    uint32_t range_count;
};

/* "ExecuteIndirect" and "GpuVirtualAddresses" of `root` into
 * c->indirect (allocated here). c->draw is set to what the commands share:
 * indexed per the signature, nothing to draw. 0, or -1 after vf_json_fail. */
int vf_case_load_indirect(struct vf_json_ctx *x, json_object *root, struct vf_case *c);

/* Frees c->indirect (may be NULL) and sets it to NULL. */
void vf_case_free_indirect(struct vf_case *c);

/* The call for vf_execute_indirect_begin, on the case's views (the state
 * before the call); pointers into `c`, pool NULL. */
void vf_case_indirect_desc(const struct vf_case *c, vf_execute_indirect_desc *desc);

/* The name of an argument type ("VERTEX_BUFFER_VIEW"), or NULL. */
const char *vf_case_argument_type_name(uint32_t type);

#endif /* VF_TOOLS_COMMON_CASE_INDIRECT_H */
