/*
 * vfetch_indirect.h - indirect draws: D3D12 ExecuteIndirect with a command
 * signature, on top of the draws of vfetch.h. The D3D11 indirect draws and
 * DrawAuto are in vfetch_d3d11.h.
 *
 * Conventions are those of vfetch.h. In addition:
 *  - vf_indirect_argument_desc and vf_command_signature_desc have the size,
 *    field order and values of D3D12_INDIRECT_ARGUMENT_DESC and
 *    D3D12_COMMAND_SIGNATURE_DESC (a test checks them against
 *    DirectX-Headers), so the D3D12 structs may be passed by casting.
 *  - Views inside the argument buffer carry GPU virtual addresses. vfetch
 *    resolves them through the caller's table of address ranges; it never
 *    reads memory that no range names.
 *  - Each command is exactly the direct draw it stands for: the
 *    vf_draw_desc a walk hands out goes to vf_draw, vf_draw_primitives,
 *    vf_draw_reuse and vf_fetch_range unchanged.
 *  - Everything here allocates nothing and is thread-safe; a walk is one
 *    caller's.
 *  - The rules, with their spec sources, are in docs/d3d-ia-rules.md §15.
 */
#ifndef VFETCH_INDIRECT_H
#define VFETCH_INDIRECT_H

#include "vfetch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Command signatures (== D3D12_COMMAND_SIGNATURE_DESC)                     */
/* ------------------------------------------------------------------------ */

/* == D3D12_INDIRECT_ARGUMENT_TYPE. */
#define VF_INDIRECT_ARGUMENT_TYPE_DRAW 0u
#define VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED 1u
#define VF_INDIRECT_ARGUMENT_TYPE_DISPATCH 2u
#define VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW 3u
#define VF_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW 4u
#define VF_INDIRECT_ARGUMENT_TYPE_CONSTANT 5u
#define VF_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW 6u
#define VF_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW 7u
#define VF_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW 8u
#define VF_INDIRECT_ARGUMENT_TYPE_DISPATCH_RAYS 9u
#define VF_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH 10u
#define VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT 11u /* ExecuteIndirect tier 1.1 */

/* Bytes each argument takes in the argument buffer. A constant takes
 * 4 * Num32BitValuesToSet; an incrementing constant none. */
#define VF_INDIRECT_DRAW_ARGUMENTS_SIZE 16u         /* D3D12_DRAW_ARGUMENTS */
#define VF_INDIRECT_DRAW_INDEXED_ARGUMENTS_SIZE 20u /* D3D12_DRAW_INDEXED_ARGUMENTS */
#define VF_INDIRECT_VIEW_ARGUMENT_SIZE 16u          /* D3D12_VERTEX_/INDEX_BUFFER_VIEW */
#define VF_INDIRECT_ROOT_VIEW_ARGUMENT_SIZE 8u      /* a D3D12_GPU_VIRTUAL_ADDRESS */

/* == D3D12_INDIRECT_ARGUMENT_DESC (16 bytes). The union is named `u`
 * where D3D12's is anonymous; offsets are the same. */
typedef struct vf_indirect_argument_desc {
    uint32_t type; /* VF_INDIRECT_ARGUMENT_TYPE_* */
    union {
        struct { uint32_t slot; } vertex_buffer;
        struct {
            uint32_t root_parameter_index;
            uint32_t dest_offset_in_32bit_values;
            uint32_t num_32bit_values_to_set;
        } constant;
        struct { uint32_t root_parameter_index; } constant_buffer_view;
        struct { uint32_t root_parameter_index; } shader_resource_view;
        struct { uint32_t root_parameter_index; } unordered_access_view;
        struct {
            uint32_t root_parameter_index;
            uint32_t dest_offset_in_32bit_values;
        } incrementing_constant;
    } u;
} vf_indirect_argument_desc;

/* == D3D12_COMMAND_SIGNATURE_DESC. node_mask is not looked at. */
typedef struct vf_command_signature_desc {
    uint32_t byte_stride;                           /* bytes from one command to the next */
    uint32_t num_argument_descs;
    const vf_indirect_argument_desc *argument_descs;
    uint32_t node_mask;
} vf_command_signature_desc;

/* What a valid signature amounts to (vf_command_signature_check). */
typedef struct vf_command_signature_info {
    uint32_t indexed;            /* 1: the draw argument is DRAW_INDEXED */
    uint32_t arguments_size;     /* bytes the arguments of one command take, packed */
    uint32_t draw_offset;        /* byte offset of the draw arguments in a command */
    uint32_t sets_index_buffer;  /* 1: an INDEX_BUFFER_VIEW argument */
    uint32_t vertex_slot_mask;   /* bit s: a VERTEX_BUFFER_VIEW argument sets slot s */
    uint32_t has_incrementing_constant;
} vf_command_signature_info;

/* Checks a command signature by the rules CreateCommandSignature applies
 * (docs/d3d-ia-rules.md §15.2), lists every broken rule in `diagnostics`
 * (may be NULL; reset first) and returns the first one's code:
 * VF_ERROR_NULL_POINTER (signature, or argument_descs with a nonzero
 * count), VF_ERROR_INDIRECT_INVALID_SIGNATURE (no argument, an unknown
 * type, no draw argument or not last, two draw arguments, an index buffer
 * view without DRAW_INDEXED or twice, a vertex slot of 32 or more or set
 * twice, Num32BitValuesToSet 0, two incrementing constants, root
 * parameters out of order or overlapping constants, ByteStride not a
 * multiple of 4 or smaller than the arguments), VF_ERROR_INDIRECT_NOT_DRAW
 * (a dispatch: vfetch runs the input assembler only). *info_ret (may be
 * NULL) is written on success only. */
VF_API vf_result vf_command_signature_check(const vf_command_signature_desc *signature,
                                            vf_command_signature_info *info_ret,
                                            vf_diagnostics *diagnostics);

/* The state rule of ExecuteIndirect: after the call, every slot a
 * VERTEX_BUFFER_VIEW argument of `signature` sets is unbound, and so is the
 * index buffer if an INDEX_BUFFER_VIEW argument sets it. Writes a zeroed
 * view (NULL data) into vertex_buffers[slot] for each such slot below
 * num_vertex_buffers, and into *index_buffer (may be NULL). Errors as
 * vf_command_signature_check (nothing written then), and
 * VF_ERROR_NULL_POINTER for NULL vertex_buffers with num_vertex_buffers > 0. */
VF_API vf_result vf_command_signature_unbind(const vf_command_signature_desc *signature,
                                             vf_vertex_buffer_view *vertex_buffers,
                                             uint32_t num_vertex_buffers,
                                             vf_index_buffer_view *index_buffer);

/* ------------------------------------------------------------------------ */
/* ExecuteIndirect                                                          */
/* ------------------------------------------------------------------------ */

/* One range of GPU virtual addresses: [base, base + size) holds the bytes
 * host[0 .. size). vfetch reads only those bytes; `host` must stay valid
 * while a walk uses the table. Ranges may not overlap (the first one that
 * holds a view wins if they do). */
typedef struct vf_gpu_address_range {
    uint64_t base;
    uint64_t size;
    const void *host;
} vf_gpu_address_range;

/* An ExecuteIndirect call and the state it runs on. */
typedef struct vf_execute_indirect_desc {
    size_t struct_size;                         /* vf_execute_indirect_desc_init sets it */
    const vf_command_signature_desc *signature;
    uint32_t max_command_count;                 /* MaxCommandCount */
    const void *argument_buffer;                /* pArgumentBuffer's bytes (never NULL) */
    uint64_t argument_buffer_size;
    uint64_t argument_buffer_offset;            /* ArgumentBufferOffset: a multiple of 4 */
    const void *count_buffer;                   /* pCountBuffer's bytes; NULL: no count buffer */
    uint64_t count_buffer_size;
    uint64_t count_buffer_offset;               /* CountBufferOffset: a multiple of 4 */
    const vf_gpu_address_range *ranges;         /* resolves the views' addresses */
    uint32_t range_count;
    /* The input-assembler state before the call: what the commands do not
     * set. As vf_draw_desc: views by slot, slots past the count unbound. */
    const vf_vertex_buffer_view *vertex_buffers;
    uint32_t num_vertex_buffers;                /* at most VF_MAX_INPUT_SLOTS */
    const vf_index_buffer_view *index_buffer;   /* NULL: none */
    uint32_t strip_cut_value;                   /* the PSO's VF_STRIP_CUT_VALUE_* */
    uint32_t primitive_topology;                /* VF_TOPOLOGY_* */
    vf_thread_pool *pool;                       /* copied into each command's draw */
} vf_execute_indirect_desc;

VF_API void vf_execute_indirect_desc_init(vf_execute_indirect_desc *desc);

/* One command of a walk: the direct draw it stands for. draw points into
 * this struct's own arrays, so the struct must stay where the walk wrote
 * it while draw is used. */
typedef struct vf_indirect_command {
    uint32_t command;              /* its number: 0 for the first */
    vf_result result;              /* VF_OK, or why it cannot be drawn (its views) */
    uint64_t argument_offset;      /* where its arguments start in the argument buffer */
    uint32_t incrementing_constant;/* the value an INCREMENTING_CONSTANT holds: the command number */
    vf_draw_desc draw;             /* for vf_draw and friends; its start locations give
                                    * SV_StartVertexLocation / SV_StartInstanceLocation */
    vf_vertex_buffer_view vertex_buffers[VF_MAX_INPUT_SLOTS];
    vf_index_buffer_view index_buffer;
} vf_indirect_command;

/* Where a walk stands: caller storage set by vf_execute_indirect_begin.
 * Read command_count; the other fields are private. The walk keeps
 * pointers to the desc and everything it names: they must outlive it and
 * stay unchanged while it runs (the buffer checks of begin hold for the
 * signature it saw). */
typedef struct vf_indirect_walk {
    uint32_t command_count;        /* min(*count, MaxCommandCount), or MaxCommandCount */
    uint32_t next_command;
    const vf_execute_indirect_desc *desc_;
    vf_command_signature_info info_;
    uint32_t slot_end_;
} vf_indirect_walk;

/* Validates the call (the signature, the buffers, the offsets, the table),
 * reads the count buffer and starts a walk at command 0. Errors (walk
 * untouched): those of vf_command_signature_check;
 * VF_ERROR_NULL_POINTER (desc, walk, argument_buffer, a needed table);
 * VF_ERROR_INVALID_ARGUMENT (struct_size, num_vertex_buffers > 32);
 * VF_ERROR_INDIRECT_MISALIGNED_OFFSET (an offset not a multiple of 4);
 * VF_ERROR_INDIRECT_BUFFER_TOO_SMALL (MaxCommandCount commands of
 * ByteStride from the offset, the last one's arguments included, pass the
 * argument buffer's end; or 4 bytes from the count offset pass the count
 * buffer's). Warning: VF_WARNING_INDIRECT_ZERO_COMMANDS (MaxCommandCount
 * 0, or a count of 0). The count buffer is read here, once. */
VF_API vf_result vf_execute_indirect_begin(const vf_execute_indirect_desc *desc,
                                           vf_indirect_walk *walk,
                                           vf_diagnostics *diagnostics);

/* Writes the next command into *command_ret and moves on: VF_OK; or
 * VF_ERROR_INVALID_RANGE once every command was handed out (nothing
 * written). A command whose views are bad still comes out, with
 * command_ret->result saying why (its draw must not be run):
 * VF_ERROR_INDIRECT_NULL_ADDRESS (address 0 with a nonzero size),
 * VF_ERROR_INDIRECT_ADDRESS_NOT_MAPPED (the view's bytes are not inside
 * one range), VF_ERROR_STRIDE_TOO_LARGE (a stride over 2048),
 * VF_ERROR_INVALID_INDEX_FORMAT (an index view's format not R16_UINT or
 * R32_UINT). Each is also appended to `diagnostics` (may be NULL; not
 * reset, so one list gathers a whole walk) naming the command number. An
 * address 0 with size 0 is an unbound view. O(arguments); reads only the
 * command's bytes of the argument buffer. */
VF_API vf_result vf_execute_indirect_next(vf_indirect_walk *walk,
                                          vf_indirect_command *command_ret,
                                          vf_diagnostics *diagnostics);

/* One executed command of vf_execute_indirect. */
typedef struct vf_indirect_result {
    uint32_t command;
    vf_result result;         /* the view error, or vf_draw's result */
    uint32_t vertex_count;    /* positions per instance */
    uint32_t instance_count;
    size_t output_offset;     /* where its records start in `out` (bytes) */
    size_t output_size;       /* vf_draw_output_size of it; 0 when result is not VF_OK */
} vf_indirect_result;

/* Sizes a whole ExecuteIndirect: *command_count_ret commands and
 * *out_size_ret bytes for all their records back to back, each command's
 * start 16-byte aligned (its own size is a multiple of 16 for every output
 * shape). Commands with bad views take no bytes. Errors of
 * vf_execute_indirect_begin, and VF_ERROR_OVERFLOW. */
VF_API vf_result vf_execute_indirect_size(const vf_layout *layout,
                                          const vf_execute_indirect_desc *desc,
                                          uint32_t *command_count_ret, size_t *out_size_ret);

/* Runs every command: walks them, draws each valid one with vf_draw into
 * `out` (16-byte aligned, out_size bytes from vf_execute_indirect_size) at
 * its offset, and fills results[0 .. command count) (results_count at
 * least the count, else VF_ERROR_OUTPUT_TOO_SMALL and nothing written).
 * Returns VF_OK when the walk ran, even where commands failed: each
 * command's result says (a command that does not fit in what is left of
 * out gets VF_ERROR_OUTPUT_TOO_SMALL). `diagnostics` (may be NULL; reset
 * first) gathers the call's diagnostics, each command's bad views, what
 * vf_draw_check reports of each command's draw (its warnings, such as
 * VF_WARNING_INDEX_BUFFER_NOT_SET or VF_WARNING_INDEX_OUT_OF_RANGE, and
 * the errors of a draw that fails) and each failed draw, every entry
 * starting "command N: " with the command's number, in command order;
 * past VF_MAX_DIAGNOSTICS entries they are counted as dropped (each
 * entry's code gives the debug layer's message ID, vf_d3d12_message_id).
 * It allocates nothing; with diagnostics it checks every index of each
 * indexed command once more. */
VF_API vf_result vf_execute_indirect(const vf_layout *layout,
                                     const vf_execute_indirect_desc *desc, void *out,
                                     size_t out_size, vf_indirect_result *results,
                                     uint32_t results_count, vf_diagnostics *diagnostics);

/* D3D12_MESSAGE_ID values for the ExecuteIndirect conditions (see
 * vf_d3d12_message_id; a test checks them against DirectX-Headers). */
#define VF_D3D12_MESSAGE_ID_CREATECOMMANDSIGNATURE_INVALID 743u
#define VF_D3D12_MESSAGE_ID_EXECUTE_INDIRECT_INVALID_PARAMETERS 744u
#define VF_D3D12_MESSAGE_ID_EXECUTE_INDIRECT_ZERO_COMMAND_COUNT 1357u

#ifdef __cplusplus
}
#endif

#endif /* VFETCH_INDIRECT_H */
