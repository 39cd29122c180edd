/*
 * check_indirect_compat.c - vfetch_indirect.h against DirectX-Headers, as
 * check_d3d12_compat.c does for vfetch.h: D3D12_INDIRECT_ARGUMENT_DESC and
 * D3D12_COMMAND_SIGNATURE_DESC have the same size and offsets, the
 * argument types and message IDs the same values, so D3D12 signatures may
 * be passed by casting. A D3D12 signature read through the vfetch types
 * checks the union's words at run time.
 */
#include <wsl/winadapter.h>
#include <directx/d3d12.h>

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "vfetch_indirect.h"

#define SAME(a, b) _Static_assert((uint32_t)(a) == (uint32_t)(b), #a " == " #b)
#define SAME_AT(ours, our_field, theirs, their_field, what) \
    _Static_assert(offsetof(ours, our_field) == offsetof(theirs, their_field), what)

_Static_assert(sizeof(vf_indirect_argument_desc) == sizeof(D3D12_INDIRECT_ARGUMENT_DESC), "arg desc size");
SAME_AT(vf_indirect_argument_desc, u.vertex_buffer.slot, D3D12_INDIRECT_ARGUMENT_DESC, VertexBuffer.Slot, "Slot");
SAME_AT(vf_indirect_argument_desc, u.constant.root_parameter_index, D3D12_INDIRECT_ARGUMENT_DESC,
        Constant.RootParameterIndex, "RootParameterIndex");
SAME_AT(vf_indirect_argument_desc, u.constant.dest_offset_in_32bit_values, D3D12_INDIRECT_ARGUMENT_DESC,
        Constant.DestOffsetIn32BitValues, "DestOffsetIn32BitValues");
SAME_AT(vf_indirect_argument_desc, u.constant.num_32bit_values_to_set, D3D12_INDIRECT_ARGUMENT_DESC,
        Constant.Num32BitValuesToSet, "Num32BitValuesToSet");
SAME_AT(vf_indirect_argument_desc, u.constant_buffer_view.root_parameter_index,
        D3D12_INDIRECT_ARGUMENT_DESC, ConstantBufferView.RootParameterIndex, "CBV");
SAME_AT(vf_indirect_argument_desc, u.unordered_access_view.root_parameter_index,
        D3D12_INDIRECT_ARGUMENT_DESC, UnorderedAccessView.RootParameterIndex, "UAV");

_Static_assert(sizeof(vf_command_signature_desc) == sizeof(D3D12_COMMAND_SIGNATURE_DESC), "sig size");
SAME_AT(vf_command_signature_desc, byte_stride, D3D12_COMMAND_SIGNATURE_DESC, ByteStride, "ByteStride");
SAME_AT(vf_command_signature_desc, num_argument_descs, D3D12_COMMAND_SIGNATURE_DESC, NumArgumentDescs, "Num");
SAME_AT(vf_command_signature_desc, argument_descs, D3D12_COMMAND_SIGNATURE_DESC, pArgumentDescs, "pArgumentDescs");
SAME_AT(vf_command_signature_desc, node_mask, D3D12_COMMAND_SIGNATURE_DESC, NodeMask, "NodeMask");

/* The argument structures' sizes, and the VB view's field order the
 * argument buffer follows: BufferLocation, SizeInBytes, StrideInBytes. */
SAME(VF_INDIRECT_DRAW_ARGUMENTS_SIZE, sizeof(D3D12_DRAW_ARGUMENTS));
SAME(VF_INDIRECT_DRAW_INDEXED_ARGUMENTS_SIZE, sizeof(D3D12_DRAW_INDEXED_ARGUMENTS));
SAME(VF_INDIRECT_VIEW_ARGUMENT_SIZE, sizeof(D3D12_VERTEX_BUFFER_VIEW));
SAME(VF_INDIRECT_VIEW_ARGUMENT_SIZE, sizeof(D3D12_INDEX_BUFFER_VIEW));
SAME(VF_INDIRECT_ROOT_VIEW_ARGUMENT_SIZE, sizeof(D3D12_GPU_VIRTUAL_ADDRESS));
SAME(offsetof(D3D12_VERTEX_BUFFER_VIEW, SizeInBytes), 8);
SAME(offsetof(D3D12_VERTEX_BUFFER_VIEW, StrideInBytes), 12);
SAME(offsetof(D3D12_INDEX_BUFFER_VIEW, Format), 12);

#define SAME_TYPE(n) SAME(VF_INDIRECT_ARGUMENT_TYPE_##n, D3D12_INDIRECT_ARGUMENT_TYPE_##n)
SAME_TYPE(DRAW);
SAME_TYPE(DRAW_INDEXED);
SAME_TYPE(DISPATCH);
SAME_TYPE(VERTEX_BUFFER_VIEW);
SAME_TYPE(INDEX_BUFFER_VIEW);
SAME_TYPE(CONSTANT);
SAME_TYPE(CONSTANT_BUFFER_VIEW);
SAME_TYPE(SHADER_RESOURCE_VIEW);
SAME_TYPE(UNORDERED_ACCESS_VIEW);
SAME_TYPE(DISPATCH_RAYS);
SAME_TYPE(DISPATCH_MESH);
/* INCREMENTING_CONSTANT (11, tier 1.1) is newer than DirectX-Headers
 * 1.606.4; its value follows DISPATCH_MESH in the spec's enum. */
SAME(VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT, D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH + 1);
#undef SAME_TYPE

SAME(VF_D3D12_MESSAGE_ID_CREATECOMMANDSIGNATURE_INVALID, D3D12_MESSAGE_ID_CREATECOMMANDSIGNATURE_INVALID);
SAME(VF_D3D12_MESSAGE_ID_EXECUTE_INDIRECT_INVALID_PARAMETERS, D3D12_MESSAGE_ID_EXECUTE_INDIRECT_INVALID_PARAMETERS);
SAME(VF_D3D12_MESSAGE_ID_EXECUTE_INDIRECT_ZERO_COMMAND_COUNT, D3D12_MESSAGE_ID_EXECUTE_INDIRECT_ZERO_COMMAND_COUNT);

int main(void)
{
    D3D12_INDIRECT_ARGUMENT_DESC d3d[3];
    memset(d3d, 0, sizeof(d3d));
    d3d[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT;
    d3d[0].Constant.RootParameterIndex = 0;
    d3d[0].Constant.DestOffsetIn32BitValues = 0;
    d3d[0].Constant.Num32BitValuesToSet = 2;
    d3d[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW;
    d3d[1].VertexBuffer.Slot = 3;
    d3d[2].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
    D3D12_COMMAND_SIGNATURE_DESC sig = { 40, 3, d3d, 0 };
    vf_command_signature_desc ours;
    memcpy(&ours, &sig, sizeof(ours)); /* copied, not cast, as check_d3d12_compat.c */
    vf_command_signature_info info;
    if (vf_command_signature_check(&ours, &info, NULL) != VF_OK || info.arguments_size != 40 ||
        info.vertex_slot_mask != 1u << 3 || info.draw_offset != 24) {
        printf("a D3D12 command signature read through vf_command_signature_desc differs\n");
        return 1;
    }
    return 0;
}
