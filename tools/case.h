/*
 * case.h - the JSON case format of the vfetch tools: an input layout, the
 * vertex and index buffer views, the pipeline state that matters to the
 * input assembler and one draw call, with D3D12's own field names.
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

    char *description;  /* owned: optional "Description", or NULL */
    char *base_dir;     /* owned: directory File paths are relative to */
};

/*
 * Loads a case from a file. Returns 0 on success; otherwise nonzero, with
 * `c` freed and zeroed, and a one-line message in `err` (NUL-terminated,
 * truncated to err_size) naming the JSON path and the problem, e.g.
 * "InputLayout[2].Format: unknown format 'R32G32B32_FLAOT'" or
 * "line 3, column 7: unexpected character". The file name itself is not in
 * the message. Files named by the case are read relative to the directory of
 * `path`.
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
 * callers that keep a vf_draw_desc apart from the case). */
void vf_case_draw_desc(const struct vf_case *c, vf_draw_desc *desc);

#endif /* VF_TOOLS_CASE_H */
