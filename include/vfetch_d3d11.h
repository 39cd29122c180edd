/*
 * vfetch_d3d11.h - the Direct3D 11 front end of vfetch: buffers described by
 * D3D11_BUFFER_DESC, the D3D11 input-assembler state and the four D3D11
 * draw calls, on top of the engine of vfetch.h.
 *
 * Conventions are those of vfetch.h. In addition:
 *  - vf_buffer_desc and vf_subresource_data have the size, field order and
 *    values of D3D11_BUFFER_DESC and D3D11_SUBRESOURCE_DATA, and every
 *    VF_USAGE_*, VF_BIND_*, VF_CPU_ACCESS_* and VF_RESOURCE_MISC_* constant
 *    equals its D3D11_* namesake (a test checks this against MinGW-w64's
 *    d3d11.h), so D3D11 structs may be passed by casting.
 *  - Calls that take a vf_diagnostics reset it when it is not NULL and
 *    record every error and warning found, worded like the D3D11 debug
 *    layer; the result is the code of the first error. Entries have
 *    element_index and signature_index -1; the message names the slot.
 *  - A vf_d3d11_ia_state is a plain struct owned by the caller. Setters
 *    change it, draws only read it: one thread may set while none draws, or
 *    any number may draw at once. A failed setter leaves it unchanged.
 *  - The rules, with the spec sections they come from, are in docs/d3d-ia-rules.md §14.
 */
#ifndef VFETCH_D3D11_H
#define VFETCH_D3D11_H

#include "vfetch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Buffer descriptions (== D3D11_BUFFER_DESC)                               */
/* ------------------------------------------------------------------------ */

/* == D3D11_USAGE */
#define VF_USAGE_DEFAULT 0u
#define VF_USAGE_IMMUTABLE 1u
#define VF_USAGE_DYNAMIC 2u
#define VF_USAGE_STAGING 3u

/* == D3D11_BIND_FLAG. DEPTH_STENCIL, DECODER and VIDEO_ENCODER are not
 * valid for buffers. */
#define VF_BIND_VERTEX_BUFFER 0x1u
#define VF_BIND_INDEX_BUFFER 0x2u
#define VF_BIND_CONSTANT_BUFFER 0x4u
#define VF_BIND_SHADER_RESOURCE 0x8u
#define VF_BIND_STREAM_OUTPUT 0x10u
#define VF_BIND_RENDER_TARGET 0x20u
#define VF_BIND_DEPTH_STENCIL 0x40u
#define VF_BIND_UNORDERED_ACCESS 0x80u
#define VF_BIND_DECODER 0x200u
#define VF_BIND_VIDEO_ENCODER 0x400u

/* == D3D11_CPU_ACCESS_FLAG */
#define VF_CPU_ACCESS_WRITE 0x10000u
#define VF_CPU_ACCESS_READ 0x20000u

/* == D3D11_RESOURCE_MISC_FLAG, the values that concern buffers. vfetch
 * accepts the three BUFFER/DRAWINDIRECT flags; SHARED and TILED describe
 * GPU memory a CPU buffer cannot be, and every other bit is a texture flag
 * or unknown: both are rejected. */
#define VF_RESOURCE_MISC_SHARED 0x2u
#define VF_RESOURCE_MISC_DRAWINDIRECT_ARGS 0x10u
#define VF_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS 0x20u
#define VF_RESOURCE_MISC_BUFFER_STRUCTURED 0x40u
#define VF_RESOURCE_MISC_TILED 0x40000u

/* D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES: the largest
 * StructureByteStride and vertex stride. */
#define VF_D3D11_MAX_STRUCTURE_BYTE_STRIDE 2048u

/* == D3D11_BUFFER_DESC: same size, same offsets, same values. */
typedef struct vf_buffer_desc {
    uint32_t byte_width;            /* ByteWidth: bytes, 1 or more */
    uint32_t usage;                 /* Usage: VF_USAGE_* */
    uint32_t bind_flags;            /* BindFlags: VF_BIND_* */
    uint32_t cpu_access_flags;      /* CPUAccessFlags: VF_CPU_ACCESS_* */
    uint32_t misc_flags;            /* MiscFlags: VF_RESOURCE_MISC_* */
    uint32_t structure_byte_stride; /* StructureByteStride: bytes, structured buffers only */
} vf_buffer_desc;

/* == D3D11_SUBRESOURCE_DATA. For buffers only sys_mem matters: byte_width
 * bytes are read from it; the pitches are ignored, as D3D11 ignores them
 * for buffers. */
typedef struct vf_subresource_data {
    const void *sys_mem;            /* pSysMem */
    uint32_t sys_mem_pitch;         /* SysMemPitch */
    uint32_t sys_mem_slice_pitch;   /* SysMemSlicePitch */
} vf_subresource_data;

/* ------------------------------------------------------------------------ */
/* Buffer objects                                                           */
/* ------------------------------------------------------------------------ */

typedef struct vf_buffer vf_buffer;

/* vf_buffer_create flags. */
#define VF_BUFFER_WRAP 0x1u /* use initial->sys_mem as the buffer's memory, no copy */

/* ID3D11Device::CreateBuffer. Validates `desc` by CreateBuffer's rules
 * (docs/d3d-ia-rules.md §14.2), then creates a buffer of desc->byte_width
 * bytes.
 *
 * Without VF_BUFFER_WRAP the buffer owns a 16-byte-aligned copy: of
 * byte_width bytes of initial->sys_mem when `initial` is given, else zeros.
 * With VF_BUFFER_WRAP `initial` and its sys_mem are required and the buffer
 * reads the caller's memory in place: nothing is copied, the caller keeps
 * ownership and must keep byte_width bytes there readable until the buffer
 * is destroyed, and changes it makes are seen by later draws.
 *
 * `diagnostics` may be NULL. On success *buffer_ret owns a new buffer (free
 * it with vf_buffer_destroy). On failure *buffer_ret is set to NULL and the
 * result is the first error: VF_ERROR_NULL_POINTER (desc or buffer_ret),
 * VF_ERROR_INVALID_ARGUMENT (unknown flags), one of the VF_ERROR_INVALID_*
 * codes 301-307, or VF_ERROR_OUT_OF_MEMORY. Thread-safe. */
VF_API vf_result vf_buffer_create(const vf_buffer_desc *desc, const vf_subresource_data *initial,
                                  uint32_t flags, vf_buffer **buffer_ret,
                                  vf_diagnostics *diagnostics);

/* Frees a buffer (and its copy; never wrapped memory); NULL is ignored. No
 * IA state that is drawn with may still hold it. */
VF_API void vf_buffer_destroy(vf_buffer *buffer);

/* The description the buffer was created with (ID3D11Buffer::GetDesc).
 * VF_ERROR_NULL_POINTER when either pointer is NULL. */
VF_API vf_result vf_buffer_get_desc(const vf_buffer *buffer, vf_buffer_desc *desc_ret);

/* The buffer's byte_width bytes, read-only; NULL for a NULL buffer. */
VF_API const void *vf_buffer_data(const vf_buffer *buffer);

/* The buffer's own copy for the caller to write (what Map or
 * UpdateSubresource would change), byte_width bytes. NULL for a NULL or a
 * wrapped buffer: the caller writes its own memory then. Writes must not
 * race with draws that read the buffer. */
VF_API void *vf_buffer_contents(vf_buffer *buffer);

/* ------------------------------------------------------------------------ */
/* Input-assembler state                                                    */
/* ------------------------------------------------------------------------ */

/* == D3D_FEATURE_LEVEL, the levels a D3D11 device can have. */
#define VF_FEATURE_LEVEL_9_1 0x9100u
#define VF_FEATURE_LEVEL_9_2 0x9200u
#define VF_FEATURE_LEVEL_9_3 0x9300u
#define VF_FEATURE_LEVEL_10_0 0xa000u
#define VF_FEATURE_LEVEL_10_1 0xa100u
#define VF_FEATURE_LEVEL_11_0 0xb000u
#define VF_FEATURE_LEVEL_11_1 0xb100u
#define VF_FEATURE_LEVEL_12_0 0xc000u
#define VF_FEATURE_LEVEL_12_1 0xc100u
#define VF_FEATURE_LEVEL_12_2 0xc200u

/* Input slots: D3D10_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT below 10_1,
 * D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT from 10_1 on. */
#define VF_D3D11_SLOTS_BELOW_10_1 16u
#define VF_D3D11_MAX_INPUT_SLOTS 32u

/* One vertex-buffer slot as IASetVertexBuffers left it. */
typedef struct vf_d3d11_vertex_binding {
    const vf_buffer *buffer;   /* NULL: unbound (reads 0,0,0,0) */
    uint32_t stride;           /* bytes between vertices */
    uint32_t offset;           /* bytes from the buffer's start, <= byte_width */
} vf_d3d11_vertex_binding;

/* The IA part of an ID3D11DeviceContext. Fields may be read freely; change
 * them only through the setters, which check them. */
typedef struct vf_d3d11_ia_state {
    size_t struct_size;                 /* sizeof(vf_d3d11_ia_state); vf_d3d11_ia_state_init sets it */
    uint32_t feature_level;             /* VF_FEATURE_LEVEL_* */
    uint32_t num_slots;                 /* input slots at this feature level: 16 or 32 */
    const vf_layout *input_layout;      /* IASetInputLayout; NULL: none */
    uint32_t primitive_topology;        /* VF_TOPOLOGY_*; VF_TOPOLOGY_UNDEFINED until set */
    vf_d3d11_vertex_binding vertex_buffers[VF_D3D11_MAX_INPUT_SLOTS];
    const vf_buffer *index_buffer;      /* NULL: none bound */
    vf_format index_format;             /* VF_FORMAT_R16_UINT or VF_FORMAT_R32_UINT, or UNKNOWN when unbound */
    uint32_t index_offset;              /* bytes, <= the index buffer's byte_width */
    vf_thread_pool *pool;               /* NULL: draws run on the calling thread */
} vf_d3d11_ia_state;

/* The state of a new device context (ClearState): nothing bound, topology
 * undefined. VF_ERROR_NULL_POINTER; VF_ERROR_INVALID_FEATURE_LEVEL when
 * `feature_level` is not a VF_FEATURE_LEVEL_* value (state untouched). */
VF_API vf_result vf_d3d11_ia_state_init(vf_d3d11_ia_state *state, uint32_t feature_level);

/* IASetVertexBuffers: slots [start_slot, start_slot + num_buffers) take
 * buffers[i], strides[i] and offsets[i] (bytes). A NULL buffers[i] unbinds
 * the slot. The arrays may be NULL only when num_buffers is 0. Errors:
 * VF_ERROR_NULL_POINTER, VF_ERROR_INVALID_SLOT (the range passes the
 * feature level's slot count), VF_ERROR_BUFFER_NOT_VERTEX_BUFFER (a buffer
 * without VF_BIND_VERTEX_BUFFER), VF_ERROR_OFFSET_PAST_END (offset past
 * byte_width), VF_ERROR_STRIDE_TOO_LARGE (stride > 2048). The state keeps
 * the buffer pointers, not copies: the buffers must outlive their use. */
VF_API vf_result vf_d3d11_ia_set_vertex_buffers(vf_d3d11_ia_state *state, uint32_t start_slot,
                                                uint32_t num_buffers,
                                                const vf_buffer *const *buffers,
                                                const uint32_t *strides, const uint32_t *offsets,
                                                vf_diagnostics *diagnostics);

/* IASetIndexBuffer. A NULL buffer unbinds (format and offset are then
 * ignored). Errors: VF_ERROR_NULL_POINTER (state),
 * VF_ERROR_BUFFER_NOT_INDEX_BUFFER, VF_ERROR_INVALID_INDEX_FORMAT (not
 * R16_UINT or R32_UINT, or R32_UINT at feature level 9_1),
 * VF_ERROR_OFFSET_PAST_END. An offset that is not a multiple of the index
 * size is a warning: indices are then read unaligned. */
VF_API vf_result vf_d3d11_ia_set_index_buffer(vf_d3d11_ia_state *state, const vf_buffer *buffer,
                                              vf_format format, uint32_t offset,
                                              vf_diagnostics *diagnostics);

/* IASetPrimitiveTopology. Errors: VF_ERROR_NULL_POINTER,
 * VF_ERROR_INVALID_TOPOLOGY (UNDEFINED, not a D3D11_PRIMITIVE_TOPOLOGY,
 * adjacency below 10_0, patch lists below 11_0). */
VF_API vf_result vf_d3d11_ia_set_primitive_topology(vf_d3d11_ia_state *state,
                                                    uint32_t topology,
                                                    vf_diagnostics *diagnostics);

/* IASetInputLayout. NULL unbinds. Errors: VF_ERROR_NULL_POINTER (state),
 * VF_ERROR_INVALID_SLOT (an element reads a slot past the feature level's
 * slot count). The state keeps the pointer: the layout must outlive its
 * use. */
VF_API vf_result vf_d3d11_ia_set_input_layout(vf_d3d11_ia_state *state, const vf_layout *layout,
                                              vf_diagnostics *diagnostics);

/* ------------------------------------------------------------------------ */
/* Draws                                                                    */
/* ------------------------------------------------------------------------ */

/* A D3D11 draw translated for the engine: `desc` is ready for vf_draw,
 * vf_fetch_range and vf_draw_output_size, and points into this struct's
 * arrays, so the struct must stay where vf_d3d11_prepare_draw filled it.
 * In an indexed draw with a list topology desc.primitive_topology is a
 * strip (so that the engine cuts, docs/d3d-ia-rules.md §14.4.2): for its primitives
 * use vf_d3d11_primitive_count / vf_d3d11_draw_primitives, not the vfetch.h
 * calls on this desc. */
typedef struct vf_d3d11_draw_views {
    vf_draw_desc desc;
    const vf_layout *layout;
    vf_vertex_buffer_view vertex_buffers[VF_D3D11_MAX_INPUT_SLOTS];
    vf_index_buffer_view index_buffer;
} vf_d3d11_draw_views;

/* Translates the state and a draw's arguments (those of
 * DrawIndexedInstanced when `indexed`, else of DrawInstanced; base_vertex is
 * ignored when not indexed): each bound slot becomes a view of bytes
 * [offset, byte_width) of its buffer; an indexed draw cuts at 0xFFFF /
 * 0xFFFFFFFF by the index format in every topology (docs/d3d-ia-rules.md §14.4.2).
 * `indexed` is 0 or 1, as vf_draw_desc.indexed.
 * Errors: VF_ERROR_NULL_POINTER, VF_ERROR_INVALID_ARGUMENT (struct_size, or
 * `indexed` not 0 or 1), VF_ERROR_INPUT_LAYOUT_NOT_SET, VF_ERROR_INVALID_TOPOLOGY (never set),
 * VF_ERROR_MISALIGNED_STRIDE (a bound slot's stride is not a multiple of its
 * elements' alignment). Warnings, as vf_draw_check gives them for D3D12 but
 * naming the D3D11 bindings' fields (stride, ByteWidth - Offset): an indexed
 * draw with no index buffer (every index reads 0), a slot the layout reads
 * with no buffer bound (zeros), a stride smaller than the slot's elements,
 * vertices, instance elements or indices past the bound bytes (zeros), and
 * a vertex buffer's data + offset that is not aligned for its elements;
 * vf_d3d11_message_id names the debug layer's message for each. */
VF_API vf_result vf_d3d11_prepare_draw(const vf_d3d11_ia_state *state, int indexed,
                                       uint32_t count_per_instance, uint32_t instance_count,
                                       uint32_t start_location, int32_t base_vertex_location,
                                       uint32_t start_instance_location,
                                       vf_d3d11_draw_views *views_ret,
                                       vf_diagnostics *diagnostics);

/* The four D3D11 draw calls: vf_d3d11_prepare_draw, then vf_draw into `out`
 * (see vf_draw for the output, its size, alignment and threading; size it
 * with vf_draw_output_size on state->input_layout). Draw and DrawIndexed
 * are the instanced calls with one instance starting at instance 0. Errors
 * are those of vf_d3d11_prepare_draw and vf_draw; a vf_draw error is also
 * recorded in `diagnostics`. Allocate nothing; thread-safe as vf_draw. */
VF_API vf_result vf_d3d11_draw(const vf_d3d11_ia_state *state, uint32_t vertex_count,
                               uint32_t start_vertex_location, void *out, size_t out_size,
                               vf_diagnostics *diagnostics);
VF_API vf_result vf_d3d11_draw_indexed(const vf_d3d11_ia_state *state, uint32_t index_count,
                                       uint32_t start_index_location,
                                       int32_t base_vertex_location, void *out, size_t out_size,
                                       vf_diagnostics *diagnostics);
VF_API vf_result vf_d3d11_draw_instanced(const vf_d3d11_ia_state *state,
                                         uint32_t vertex_count_per_instance,
                                         uint32_t instance_count, uint32_t start_vertex_location,
                                         uint32_t start_instance_location, void *out,
                                         size_t out_size, vf_diagnostics *diagnostics);
VF_API vf_result vf_d3d11_draw_indexed_instanced(const vf_d3d11_ia_state *state,
                                                 uint32_t index_count_per_instance,
                                                 uint32_t instance_count,
                                                 uint32_t start_index_location,
                                                 int32_t base_vertex_location,
                                                 uint32_t start_instance_location, void *out,
                                                 size_t out_size, vf_diagnostics *diagnostics);

/* ------------------------------------------------------------------------ */
/* Debug-layer message IDs                                                  */
/* ------------------------------------------------------------------------ */

/* D3D11_MESSAGE_ID values of d3d11sdklayers.h for the conditions the D3D11
 * calls report (a test checks them against MinGW-w64's header). 0 is
 * D3D11_MESSAGE_ID_UNKNOWN: vfetch's own condition, or one whose code
 * stands for more than one message (VF_ERROR_INVALID_TOPOLOGY: an
 * unrecognized topology when set, none set at a draw; VF_ERROR_OFFSET_PAST_END:
 * a vertex or an index binding). */
#define VF_D3D11_MESSAGE_ID_UNKNOWN 0u
#define VF_D3D11_MESSAGE_ID_DEVICE_IASETINDEXBUFFER_FORMAT_INVALID 242u
#define VF_D3D11_MESSAGE_ID_DEVICE_IASETINDEXBUFFER_OFFSET_UNALIGNED 244u
#define VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_BUFFER_NOT_SET 348u
#define VF_D3D11_MESSAGE_ID_DEVICE_DRAW_INPUTLAYOUT_NOT_SET 349u
#define VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL 355u
#define VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_BUFFER_TOO_SMALL 356u
#define VF_D3D11_MESSAGE_ID_DEVICE_DRAW_INDEX_BUFFER_NOT_SET 357u
#define VF_D3D11_MESSAGE_ID_DEVICE_DRAW_INDEX_BUFFER_TOO_SMALL 359u
#define VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_OFFSET_UNALIGNED 366u
#define VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_STRIDE_UNALIGNED 367u
#define VF_D3D11_MESSAGE_ID_DEVICE_IASETVERTEXBUFFERS_STRIDE_TOO_LARGE 418u

/* The D3D11 debug layer's message ID (VF_D3D11_MESSAGE_ID_*) for a
 * diagnostic code of the D3D11 calls (buffers, bindings and draws),
 * VF_D3D11_MESSAGE_ID_UNKNOWN where it has none; the D3D11 form of
 * vf_d3d12_message_id. Never fails. */
VF_API uint32_t vf_d3d11_message_id(vf_result code);

/* The enumerator name of a VF_D3D11_MESSAGE_ID_* value without the
 * "D3D11_MESSAGE_ID_" prefix, e.g. "DEVICE_DRAW_VERTEX_BUFFER_NOT_SET"; NULL
 * for any other value. Static storage. */
VF_API const char *vf_d3d11_message_id_name(uint32_t id);

/* ------------------------------------------------------------------------ */
/* Primitive assembly                                                       */
/* ------------------------------------------------------------------------ */

/* vf_primitive_count and vf_draw_primitives for a D3D11 draw on `state`
 * (the arguments of DrawIndexedInstanced when `indexed`, else of
 * DrawInstanced; instances, the base vertex and the vertex buffers play no
 * part): the state's topology, and in an indexed draw with an index buffer
 * the cut value of its format (0xFFFF or 0xFFFFFFFF) in every topology,
 * lists included. At a cut in a list the incomplete primitive before it is
 * dropped and the list starts again after it (docs/d3d-ia-rules.md §14.4.4; spec 8.12,
 * 8.13). Units, output, thread safety and the meaning of each argument are
 * those of the vfetch.h calls; no layout is needed. Errors:
 * VF_ERROR_NULL_POINTER (state, or as the vfetch.h calls),
 * VF_ERROR_INVALID_ARGUMENT (state not from vf_d3d11_ia_state_init, or
 * `indexed` not 0 or 1), VF_ERROR_INVALID_TOPOLOGY (never set),
 * VF_ERROR_OUTPUT_TOO_SMALL. */
VF_API vf_result vf_d3d11_primitive_count(const vf_d3d11_ia_state *state, int indexed,
                                          uint32_t count_per_instance, uint32_t start_location,
                                          uint32_t *primitive_count_ret,
                                          uint32_t *vertices_per_primitive_ret);
VF_API vf_result vf_d3d11_draw_primitives(const vf_d3d11_ia_state *state, int indexed,
                                          uint32_t count_per_instance, uint32_t start_location,
                                          uint32_t first_primitive, uint32_t *out,
                                          size_t out_count, uint32_t *primitives_written_ret);

/* vf_primitive_cursor_init and vf_draw_primitives_next (vfetch.h: a list
 * read in pieces without rescanning) for the same D3D11 draw, with the
 * cuts above. Each call takes the draw's arguments again; they and the
 * state's topology and index buffer must be the same at every call of one
 * cursor (another topology or count: VF_ERROR_INVALID_ARGUMENT). Errors
 * as vf_d3d11_draw_primitives, plus those of the vfetch.h calls. */
VF_API vf_result vf_d3d11_primitive_cursor_init(const vf_d3d11_ia_state *state, int indexed,
                                                uint32_t count_per_instance,
                                                uint32_t start_location,
                                                vf_primitive_cursor *cursor);
VF_API vf_result vf_d3d11_draw_primitives_next(const vf_d3d11_ia_state *state, int indexed,
                                               uint32_t count_per_instance,
                                               uint32_t start_location,
                                               vf_primitive_cursor *cursor, uint32_t *out,
                                               size_t out_count,
                                               uint32_t *primitives_written_ret);

/* ------------------------------------------------------------------------ */
/* Indirect draws and DrawAuto                                              */
/* ------------------------------------------------------------------------ */

/* The arguments of a draw that were not given by the CPU: those of
 * DrawIndexedInstanced when `indexed`, else of DrawInstanced (base vertex
 * 0). Pass them to vf_d3d11_prepare_draw, vf_d3d11_draw_primitives and the
 * other D3D11 calls: an indirect draw is exactly that direct draw
 * (docs/d3d-ia-rules.md §15.7). */
typedef struct vf_d3d11_draw_args {
    uint32_t indexed;
    uint32_t count_per_instance;      /* VertexCountPerInstance or IndexCountPerInstance */
    uint32_t instance_count;
    uint32_t start_location;          /* StartVertexLocation or StartIndexLocation */
    int32_t base_vertex_location;
    uint32_t start_instance_location;
} vf_d3d11_draw_args;

/* Reads the 4 (DrawInstancedIndirect) or 5 (DrawIndexedInstancedIndirect,
 * `indexed` nonzero) UINTs at byte `aligned_byte_offset` of `args_buffer`.
 * Errors, with a diagnostic: VF_ERROR_NULL_POINTER;
 * VF_ERROR_INDIRECT_NOT_ARGS_BUFFER (created without
 * VF_RESOURCE_MISC_DRAWINDIRECT_ARGS); VF_ERROR_INDIRECT_MISALIGNED_OFFSET
 * (not a multiple of 4); VF_ERROR_INDIRECT_BUFFER_TOO_SMALL (the words pass
 * ByteWidth; the spec leaves that undefined, vfetch refuses it). Reads the
 * buffer's current contents (vf_buffer_contents may have changed them). */
VF_API vf_result vf_d3d11_indirect_args(const vf_buffer *args_buffer, uint32_t aligned_byte_offset,
                                        int indexed, vf_d3d11_draw_args *args_ret,
                                        vf_diagnostics *diagnostics);

/* The draw DrawAuto makes: the bytes of slot 0 from its binding offset up
 * to the stream-output buffer's BufferFilledSize `buffer_filled_size`
 * (bytes from the buffer's start, as stream output counts them), as
 * (filled - offset) / stride whole vertices of one instance from vertex 0;
 * none when filled <= offset or the stride is 0. Errors, with a
 * diagnostic: VF_ERROR_NULL_POINTER; VF_ERROR_INVALID_ARGUMENT (no buffer
 * in slot 0, or a filled size past its ByteWidth);
 * VF_ERROR_INVALID_BIND_FLAGS (slot 0's buffer lacks VF_BIND_STREAM_OUTPUT
 * or VF_BIND_VERTEX_BUFFER). */
VF_API vf_result vf_d3d11_draw_auto_args(const vf_d3d11_ia_state *state,
                                         uint32_t buffer_filled_size,
                                         vf_d3d11_draw_args *args_ret,
                                         vf_diagnostics *diagnostics);

/* DrawInstancedIndirect, DrawIndexedInstancedIndirect and DrawAuto: the
 * arguments as above, then the direct draw's call (vf_d3d11_draw_instanced
 * or vf_d3d11_draw_indexed_instanced) with its errors, output and
 * diagnostics. Size `out` with vf_draw_output_size on the arguments. */
VF_API vf_result vf_d3d11_draw_instanced_indirect(const vf_d3d11_ia_state *state,
                                                  const vf_buffer *args_buffer,
                                                  uint32_t aligned_byte_offset, void *out,
                                                  size_t out_size, vf_diagnostics *diagnostics);
VF_API vf_result vf_d3d11_draw_indexed_instanced_indirect(const vf_d3d11_ia_state *state,
                                                          const vf_buffer *args_buffer,
                                                          uint32_t aligned_byte_offset,
                                                          void *out, size_t out_size,
                                                          vf_diagnostics *diagnostics);
VF_API vf_result vf_d3d11_draw_auto(const vf_d3d11_ia_state *state, uint32_t buffer_filled_size,
                                    void *out, size_t out_size, vf_diagnostics *diagnostics);
/* Pipeline statistics                                                      */
/* ------------------------------------------------------------------------ */

/* vf_draw_statistics_scratch_size and vf_draw_statistics (vfetch.h) for a
 * D3D11 draw on `state` (the arguments of DrawIndexedInstanced when
 * `indexed`, else of DrawInstanced; the base vertex and the vertex buffers
 * play no part), with D3D11's cuts: an indexed draw with an index buffer
 * cuts at its format's cut value in every topology, lists included
 * (docs/d3d-ia-rules.md §14.4.4, §16). Units, scratch, thread safety and
 * errors are those of the vfetch.h calls, plus VF_ERROR_NULL_POINTER
 * (state), VF_ERROR_INVALID_ARGUMENT (state not from
 * vf_d3d11_ia_state_init) and VF_ERROR_INVALID_TOPOLOGY (never set). */
VF_API vf_result vf_d3d11_draw_statistics_scratch_size(const vf_d3d11_ia_state *state,
                                                       int indexed, uint32_t count_per_instance,
                                                       uint32_t start_location,
                                                       size_t *bytes_ret);
VF_API vf_result vf_d3d11_draw_statistics(const vf_d3d11_ia_state *state, int indexed,
                                          uint32_t count_per_instance, uint32_t instance_count,
                                          uint32_t start_location, void *scratch,
                                          size_t scratch_size, vf_pipeline_statistics *stats_ret);

#ifdef __cplusplus
}
#endif

#endif /* VFETCH_D3D11_H */
