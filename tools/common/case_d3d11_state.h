/*
 * case_d3d11_state.h - what the D3D11 form of a case holds (private to
 * case_d3d11.c and case_indirect_d3d11.c, which reads the indirect draws
 * and DrawAuto).
 */
#ifndef VF_TOOLS_COMMON_CASE_D3D11_STATE_H
#define VF_TOOLS_COMMON_CASE_D3D11_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "json_read.h"

/* A null entry of a Buffers list: unbinds. */
#define NO_BUFFER UINT32_MAX

struct d3d11_buffer {
    vf_buffer_desc desc;
    uint8_t *data;   /* owned: initial data of desc.byte_width bytes, or NULL */
    char *file;      /* owned: File as written, or NULL */
};

/* One IASetVertexBuffers call. */
struct vb_call {
    uint32_t start_slot, num;
    uint32_t *buffers; /* numbers in Buffers, or NO_BUFFER */
    uint32_t *strides;
    uint32_t *offsets;
};

/* The draws, in the order of `draw_forms` (case_d3d11.c). */
enum {
    DRAW, DRAW_INDEXED, DRAW_INSTANCED, DRAW_INDEXED_INSTANCED, DRAW_INSTANCED_INDIRECT,
    DRAW_INDEXED_INSTANCED_INDIRECT, DRAW_AUTO, NUM_DRAW_FORMS
};

struct vf_case_d3d11 {
    uint32_t feature_level;
    struct d3d11_buffer *buffers;
    uint32_t num_buffers;
    struct vb_call *vb_calls;
    uint32_t num_vb_calls;
    int vb_calls_array;     /* IASetVertexBuffers given as an array of calls */
    int ib_set;             /* IASetIndexBuffer given */
    uint32_t ib_buffer;     /* its Buffer, or NO_BUFFER */
    vf_format ib_format;
    uint32_t ib_offset;
    int topology_set;       /* PrimitiveTopology given: else undefined, as in D3D11 */
    uint32_t topology;
    int draw_form;
    uint32_t args_buffer;   /* the indirect draws: Buffer and AlignedByteOffsetForArgs */
    uint32_t args_offset;
    uint32_t filled_size;   /* DrawAuto: BufferFilledSize */
    /* Made by vf_case_bind. */
    vf_buffer **objects;
    vf_d3d11_ia_state state;
    vf_d3d11_draw_views views;
    int bound;
};

/* Draw.DrawInstancedIndirect, Draw.DrawIndexedInstancedIndirect or
 * Draw.DrawAuto (`args` at `path`, d3d11->draw_form set; Buffers and the
 * IA calls loaded): the fields, and c->draw as the direct draw the call
 * makes, read from the buffers' initial data. 0, or -1 after vf_json_fail. */
int vf_case_d3d11_load_indirect(struct vf_json_ctx *x, const char *path, json_object *args,
                                struct vf_case *c);

/* On the bound state: the library's reading of the arguments
 * (vf_d3d11_indirect_args, vf_d3d11_draw_auto_args), with its diagnostics
 * in `diag`; VF_ERROR_INVALID_ARGUMENT when it differs from c->draw. */
vf_result vf_case_d3d11_indirect_args(const struct vf_case *c, vf_diagnostics *diag);

/* The indirect call itself (vf_d3d11_draw_instanced_indirect, ...). */
vf_result vf_case_d3d11_draw_indirect(const struct vf_case *c, void *out, size_t out_size);

#endif /* VF_TOOLS_COMMON_CASE_D3D11_STATE_H */
