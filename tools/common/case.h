/*
 * case.h - the JSON case format of the vfetch tools: an input layout, the
 * vertex and index buffer views, the pipeline state that matters to the
 * input assembler and one draw call, with D3D12's own field names; or, with
 * "Api": "D3D11", D3D11 buffers, IASet* calls and a D3D11 draw, run through
 * the library's D3D11 front end (vfetch_d3d11.h).
 *
 * A loaded case owns everything it points to: semantic names, buffer bytes,
 * mappings. The buffers hold exactly the bytes of each view (from the view's
 * Offset on, SizeInBytes of them) in their own allocation, so a reader that
 * went past SizeInBytes would leave the allocation.
 *
 * The loader checks the JSON (syntax, field names, types, ranges, files);
 * the D3D rules themselves (formats valid as vertex data, alignment, slot
 * classes, strip-cut pairing, ...) are left to vf_layout_create and vf_draw,
 * so `vfetch validate` can report them all.
 */
#ifndef VF_TOOLS_CASE_H
#define VF_TOOLS_CASE_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"
#include "vfetch_d3d11.h"

/* Largest buffer file or inline data the loader accepts (1 GiB). */
#define VF_CASE_MAX_DATA_SIZE ((size_t)1 << 30)
/* Most elements or signature entries the loader accepts; past 32 the
 * library reports VF_ERROR_TOO_MANY_ELEMENTS itself. */
#define VF_CASE_MAX_ARRAY 1024u

struct vf_case_buffer {
    int present;            /* listed in VertexBuffers / IndexBuffer given */
    int bound;              /* has data: not "Null" and File or Hex given */
    uint8_t *bytes;         /* owned: the view's bytes (NULL when unbound) */
    uint32_t offset;        /* Offset of the view into the file or inline data */
    uint32_t size_in_bytes; /* the view's SizeInBytes */
    uint32_t stride_in_bytes; /* vertex buffers only */
    vf_format format;       /* index buffer only */
    char *file;             /* owned: File as written in the case, or NULL */
};

#define VF_CASE_API_D3D12 0
#define VF_CASE_API_D3D11 1
#define VF_CASE_API_VULKAN 2

/* The D3D11 part of a case (owned; see case_d3d11.c). */
struct vf_case_d3d11;
/* The Vulkan part of a case (owned; see case_vulkan.h). */
struct vf_case_vulkan;
/* The ExecuteIndirect call of a case (owned; see case_indirect.c). */
struct vf_case_indirect;

struct vf_case {
    /* InputLayout, in array order. semantic_name strings are owned. */
    vf_input_element_desc *elements;
    uint32_t *component_mappings; /* one per element, 0x1688 unless given */
    uint32_t num_elements;

    /* Optional "Signature": the vertex shader's inputs. NULL/0 if absent.
     * semantic_name strings are owned. */
    vf_signature_element *signature;
    uint32_t signature_count;

    /* "MaxInputSlots": 0 when absent (the library default, 16). */
    uint32_t max_input_slots;

    /* Vertex buffer views by slot; vertex_buffers[s] is what the draw
     * sees (data NULL: unbound). num_vertex_buffers is one past the
     * highest slot listed in VertexBuffers (0 if none). */
    struct vf_case_buffer vb[VF_MAX_INPUT_SLOTS];
    vf_vertex_buffer_view vertex_buffers[VF_MAX_INPUT_SLOTS];
    uint32_t num_vertex_buffers;

    /* IndexBuffer (ib.present == 0 when absent). */
    struct vf_case_buffer ib;
    vf_index_buffer_view index_buffer;

    /* The draw, ready for vf_draw: vertex_buffers and index_buffer point
     * into this struct (so do not copy a vf_case by value; use
     * vf_case_draw_desc on a copy), pool is NULL. */
    vf_draw_desc draw;

    /* "Api". A D3D11 case leaves vb, ib, vertex_buffers and index_buffer
     * unbound: its buffers are made by vf_case_bind. Its `draw` holds the
     * D3D11 call as the instanced draw it stands for, the state's topology
     * and the cut of its index format (for output), but no buffers:
     * draw it with vf_case_draw. */
    int api;
    struct vf_case_d3d11 *d3d11; /* NULL for D3D12 */
    /* "Api": "Vulkan": the vertex input state, buffers, bind calls and
     * vkCmdDraw(Indexed) (case_vulkan.h), compiled and drawn through
     * vfetch_vulkan.h. `draw` holds its counts, firstVertex or firstIndex
     * (start_location), vertexOffset (base_vertex_location), firstInstance
     * (start_instance_location) and the topology as D3D's, no buffers.
     * NULL for the D3D forms. */
    struct vf_case_vulkan *vulkan;

    /* A D3D12 case with "ExecuteIndirect" in place of "Draw": the call
     * (case_indirect.h); `draw` then holds what its commands share (the
     * views before the call, topology, cut, indexed), no counts. NULL for
     * every other case. */
    struct vf_case_indirect *indirect;

    char *description;  /* owned: optional "Description", or NULL */
    char *base_dir;     /* owned: directory File paths are relative to */
};

/* Most problems of a case the message of vf_case_load lists, and a
 * message buffer that holds them all (lines of at most 511 bytes, and the
 * line that counts the rest). */
#define VF_CASE_MAX_PROBLEMS 20u
#define VF_CASE_ERR_SIZE ((VF_CASE_MAX_PROBLEMS + 1) * 512)

/*
 * Loads a case from a file. Returns 0 on success; otherwise nonzero, with
 * `c` freed and zeroed, and a message in `err` (NUL-terminated, truncated
 * to err_size): one line per problem, lines apart by '\n', each naming the
 * JSON path and the problem, e.g.
 * "InputLayout[2].Format: unknown format 'R32G32B32_FLAOT'" or
 * "line 3, column 7: unexpected character". Every malformed field is
 * reported, up to VF_CASE_MAX_PROBLEMS lines and then one saying how many
 * more there were (a syntax error is one line: nothing after it is read).
 * VF_CASE_ERR_SIZE bytes hold them all. The file name itself is
 * not in the message. Files named by the case are read relative to the
 * directory of `path`.
 */
int vf_case_load(const char *path, struct vf_case *c, char *err, size_t err_size);

/*
 * Loads a case from `size` bytes of JSON in memory (need not be
 * NUL-terminated). Files named by the case are read relative to `base_dir`
 * (NULL: the current directory). Same results as vf_case_load.
 */
int vf_case_load_string(const char *json, size_t size, const char *base_dir,
                        struct vf_case *c, char *err, size_t err_size);

/* Frees what a loaded case owns and zeroes it; a zeroed case is fine. */
void vf_case_free(struct vf_case *c);

/* Fills `options` for the case's layout: vf_layout_options_init, then the
 * component mappings, MaxInputSlots and signature (pointers into `c`).
 * Leaves system_values, output_shape and isa at their defaults. */
void vf_case_layout_options(const struct vf_case *c, vf_layout_options *options);

/* A copy of c->draw whose pointers are re-aimed at `c`'s own views (for
 * callers that keep a vf_draw_desc apart from the case). For a bound D3D11
 * case: the draw as vf_d3d11_prepare_draw translated it (a list topology
 * becomes a strip there; see vfetch_d3d11.h). */
void vf_case_draw_desc(const struct vf_case *c, vf_draw_desc *desc);

/*
 * The D3D11 form after the layout is compiled: creates the buffers with
 * vf_buffer_create, sets up a D3D11 IA state (IASetVertexBuffers,
 * IASetIndexBuffer, IASetPrimitiveTopology, IASetInputLayout with
 * `layout`, which must outlive the case's use) and prepares the draw. The
 * library's errors and warnings go to `diag` (not reset; messages start
 * with the case's field, e.g. "Buffers[1]: ..."); the result is the first
 * error. A D3D12 case: VF_OK, nothing done. The state lives behind
 * c->d3d11, so `c` stays const for its callers; one thread per case.
 */
vf_result vf_case_bind(const struct vf_case *c, const vf_layout *layout, vf_diagnostics *diag);

/* The case's draw into `out` (see vf_draw): vf_draw with `desc` (from
 * vf_case_draw_desc, pool set as wanted) for D3D12, the D3D11 draw call on
 * the bound state (with desc->pool) for D3D11. */
vf_result vf_case_draw(const struct vf_case *c, const vf_layout *layout, const vf_draw_desc *desc,
                       void *out, size_t out_size);

/* vf_primitive_count / vf_draw_primitives for the case: with `desc` for
 * D3D12, vf_d3d11_primitive_count / vf_d3d11_draw_primitives on the bound
 * state for D3D11 (cuts in lists too), vf_vk_* for Vulkan. provoking_out
 * (NULL to skip; a word per primitive written) receives a Vulkan draw's
 * provoking vertex of each primitive in the case's provokingVertexMode
 * (UINT32_MAX for patches); D3D cases leave it alone (the leading vertex
 * provokes). */
vf_result vf_case_primitive_count(const struct vf_case *c, const vf_draw_desc *desc,
                                  uint32_t *count_ret, uint32_t *vertices_per_primitive_ret);
vf_result vf_case_draw_primitives(const struct vf_case *c, const vf_draw_desc *desc,
                                  uint32_t first_primitive, uint32_t *out, size_t out_count,
                                  uint32_t *provoking_out, uint32_t *written_ret);

/* The draw's pipeline statistics (vf_draw_statistics with `desc` for D3D12,
 * vf_d3d11_draw_statistics on the bound state for D3D11), with the scratch
 * they ask for allocated and freed here. */
vf_result vf_case_statistics(const struct vf_case *c, const vf_draw_desc *desc,
                             vf_pipeline_statistics *stats_ret);

#endif /* VF_TOOLS_CASE_H */
