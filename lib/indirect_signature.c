/* indirect_signature.c - command signatures: the rules CreateCommandSignature
 * applies (docs/d3d-ia-rules.md §15.2), the bytes each argument takes, and
 * the state ExecuteIndirect leaves behind (§15.6). */
#include <string.h>

#include "vf_internal.h"
#include "d3d11_internal.h"
#include "indirect_internal.h"

/* Bytes an argument takes in a command; 0 for an incrementing constant
 * (the runtime fills it) and UINT64_MAX for an unknown type. */
static uint64_t argument_size(const vf_indirect_argument_desc *a)
{
    switch (a->type) {
    case VF_INDIRECT_ARGUMENT_TYPE_DRAW: return VF_INDIRECT_DRAW_ARGUMENTS_SIZE;
    case VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED: return VF_INDIRECT_DRAW_INDEXED_ARGUMENTS_SIZE;
    case VF_INDIRECT_ARGUMENT_TYPE_DISPATCH: return 12; /* D3D12_DISPATCH_ARGUMENTS */
    case VF_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH: return 12;
    case VF_INDIRECT_ARGUMENT_TYPE_DISPATCH_RAYS: return 104; /* D3D12_DISPATCH_RAYS_DESC */
    case VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW:
    case VF_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW: return VF_INDIRECT_VIEW_ARGUMENT_SIZE;
    case VF_INDIRECT_ARGUMENT_TYPE_CONSTANT:
        return 4u * (uint64_t)a->u.constant.num_32bit_values_to_set;
    case VF_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW:
    case VF_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW:
    case VF_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW: return VF_INDIRECT_ROOT_VIEW_ARGUMENT_SIZE;
    case VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT: return 0;
    default: return UINT64_MAX;
    }
}

static int is_dispatch(uint32_t type)
{
    return type == VF_INDIRECT_ARGUMENT_TYPE_DISPATCH ||
           type == VF_INDIRECT_ARGUMENT_TYPE_DISPATCH_RAYS ||
           type == VF_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH;
}

/* The root parameter an argument sets and the constants [first, end) it
 * covers in it (views cover all of it); 0 when it sets none. */
static int root_target(const vf_indirect_argument_desc *a, uint32_t *param, uint64_t *first,
                       uint64_t *end)
{
    *first = 0;
    *end = UINT64_MAX;
    switch (a->type) {
    case VF_INDIRECT_ARGUMENT_TYPE_CONSTANT:
        *param = a->u.constant.root_parameter_index;
        *first = a->u.constant.dest_offset_in_32bit_values;
        *end = *first + a->u.constant.num_32bit_values_to_set;
        return 1;
    case VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT:
        *param = a->u.incrementing_constant.root_parameter_index;
        *first = a->u.incrementing_constant.dest_offset_in_32bit_values;
        *end = *first + 1;
        return 1;
    case VF_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW:
    case VF_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW:
    case VF_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW:
        *param = a->u.constant_buffer_view.root_parameter_index; /* same offset in each */
        return 1;
    default: return 0;
    }
}

/* Root arguments sorted by parameter, constants of one parameter by
 * offset without overlap, a view's parameter set once. */
static void check_root_order(const vf_command_signature_desc *sig, struct vf_d3d11_diag *d)
{
    int have = 0;
    uint32_t last_param = 0;
    uint64_t last_end = 0;
    for (uint32_t i = 0; i < sig->num_argument_descs; i++) {
        uint32_t param;
        uint64_t first, end;
        if (!root_target(&sig->argument_descs[i], &param, &first, &end))
            continue;
        if (have && (param < last_param || (param == last_param && first < last_end)))
            vf_d3d11_diag(d, VF_ERROR_INDIRECT_INVALID_SIGNATURE, VF_SEVERITY_ERROR,
                          "argument %u: root parameter %u (from 32-bit value %llu) is not after "
                          "what argument %u sets: root arguments go in increasing order, "
                          "without overlap", i, param, (unsigned long long)first, i - 1);
        have = 1;
        last_param = param;
        last_end = end;
    }
}

/* The rules on one argument that do not depend on the others. */
static void check_argument(const vf_indirect_argument_desc *a, uint32_t i, uint32_t count,
                           struct vf_d3d11_diag *d)
{
    if (argument_size(a) == UINT64_MAX) {
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_INVALID_SIGNATURE, VF_SEVERITY_ERROR,
                      "argument %u: Type %u is not a D3D12_INDIRECT_ARGUMENT_TYPE", i, a->type);
        return;
    }
    if (is_dispatch(a->type))
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_NOT_DRAW, VF_SEVERITY_ERROR,
                      "argument %u: a dispatch (Type %u) has no input assembly", i, a->type);
    int draw = a->type == VF_INDIRECT_ARGUMENT_TYPE_DRAW ||
               a->type == VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED;
    if ((draw || is_dispatch(a->type)) && i + 1 != count)
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_INVALID_SIGNATURE, VF_SEVERITY_ERROR,
                      "argument %u: the draw argument must be the last of %u", i, count);
    if (a->type == VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW &&
        a->u.vertex_buffer.slot >= VF_MAX_INPUT_SLOTS)
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_INVALID_SIGNATURE, VF_SEVERITY_ERROR,
                      "argument %u: vertex buffer Slot %u is not below %u", i,
                      a->u.vertex_buffer.slot, VF_MAX_INPUT_SLOTS);
    if (a->type == VF_INDIRECT_ARGUMENT_TYPE_CONSTANT && a->u.constant.num_32bit_values_to_set == 0)
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_INVALID_SIGNATURE, VF_SEVERITY_ERROR,
                      "argument %u: Num32BitValuesToSet is 0", i);
}

/* Counts and slots: what needs the whole list. Fills `info`. */
static void check_arguments(const vf_command_signature_desc *sig, vf_command_signature_info *info,
                            struct vf_d3d11_diag *d)
{
    uint64_t offset = 0;
    uint32_t draws = 0, index_views = 0, incrementing = 0;
    for (uint32_t i = 0; i < sig->num_argument_descs; i++) {
        const vf_indirect_argument_desc *a = &sig->argument_descs[i];
        check_argument(a, i, sig->num_argument_descs, d);
        uint64_t size = argument_size(a);
        if (size == UINT64_MAX)
            continue;
        if (a->type == VF_INDIRECT_ARGUMENT_TYPE_DRAW || a->type == VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED ||
            is_dispatch(a->type)) {
            draws++;
            info->indexed = a->type == VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED;
            info->draw_offset = (uint32_t)(offset > UINT32_MAX ? UINT32_MAX : offset);
        } else if (a->type == VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW &&
                   a->u.vertex_buffer.slot < VF_MAX_INPUT_SLOTS) {
            uint32_t bit = 1u << a->u.vertex_buffer.slot;
            if (info->vertex_slot_mask & bit)
                vf_d3d11_diag(d, VF_ERROR_INDIRECT_INVALID_SIGNATURE, VF_SEVERITY_ERROR,
                              "argument %u: vertex buffer slot %u is set twice", i,
                              a->u.vertex_buffer.slot);
            info->vertex_slot_mask |= bit;
        } else if (a->type == VF_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW) {
            index_views++;
        } else if (a->type == VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT) {
            incrementing++;
        }
        offset += size;
    }
    if (draws != 1)
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_INVALID_SIGNATURE, VF_SEVERITY_ERROR,
                      "%u draw arguments: a signature has exactly one", draws);
    if (index_views > 1 || (index_views == 1 && !info->indexed))
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_INVALID_SIGNATURE, VF_SEVERITY_ERROR,
                      "%u index buffer view arguments: at most one, and only with DRAW_INDEXED",
                      index_views);
    if (incrementing > 1)
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_INVALID_SIGNATURE, VF_SEVERITY_ERROR,
                      "%u incrementing constants: at most one", incrementing);
    if (sig->byte_stride % 4 != 0 || sig->byte_stride < offset)
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_INVALID_SIGNATURE, VF_SEVERITY_ERROR,
                      "ByteStride %u must be a multiple of 4 and at least the %llu bytes of the "
                      "arguments", sig->byte_stride, (unsigned long long)offset);
    info->sets_index_buffer = index_views != 0;
    info->has_incrementing_constant = incrementing != 0;
    info->arguments_size = (uint32_t)(offset > UINT32_MAX ? UINT32_MAX : offset);
}

vf_result vf_command_signature_check(const vf_command_signature_desc *signature,
                                     vf_command_signature_info *info_ret,
                                     vf_diagnostics *diagnostics)
{
    struct vf_d3d11_diag d;
    vf_d3d11_diag_begin(&d, diagnostics);
    if (!signature || (!signature->argument_descs && signature->num_argument_descs > 0)) {
        vf_d3d11_diag(&d, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR,
                      "the command signature or its argument descs are NULL");
        return d.first_error;
    }
    if (signature->num_argument_descs == 0) {
        vf_d3d11_diag(&d, VF_ERROR_INDIRECT_INVALID_SIGNATURE, VF_SEVERITY_ERROR,
                      "NumArgumentDescs is 0: a signature has a draw argument");
        return d.first_error;
    }
    vf_command_signature_info info;
    memset(&info, 0, sizeof(info));
    check_arguments(signature, &info, &d);
    check_root_order(signature, &d);
    if (d.first_error == VF_OK && info_ret)
        *info_ret = info;
    return d.first_error;
}

vf_result vf_command_signature_unbind(const vf_command_signature_desc *signature,
                                      vf_vertex_buffer_view *vertex_buffers,
                                      uint32_t num_vertex_buffers,
                                      vf_index_buffer_view *index_buffer)
{
    vf_command_signature_info info;
    vf_result r = vf_command_signature_check(signature, &info, NULL);
    if (r != VF_OK)
        return r;
    if (!vertex_buffers && num_vertex_buffers > 0)
        return VF_ERROR_NULL_POINTER;
    for (uint32_t s = 0; s < num_vertex_buffers && s < VF_MAX_INPUT_SLOTS; s++)
        if (info.vertex_slot_mask & (1u << s))
            memset(&vertex_buffers[s], 0, sizeof(vertex_buffers[s]));
    if (index_buffer && info.sets_index_buffer)
        memset(index_buffer, 0, sizeof(*index_buffer));
    return VF_OK;
}
