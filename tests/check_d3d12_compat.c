/*
 * check_d3d12_compat.c - vfetch.h against DirectX-Headers: struct layouts,
 * enum values and macros must be the D3D12 ones, so D3D12 structs can be
 * passed by casting. Compiled as C, and as C++ by check_d3d12_compat.cc.
 * Most checks are static assertions; the mapping macros are compared at
 * run time over every valid selector combination.
 */
#include <wsl/winadapter.h>
#include <directx/d3d12.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "vfetch.h"

#ifdef __cplusplus
#define VF_STATIC_ASSERT(expr, msg) static_assert(expr, msg)
#else
#define VF_STATIC_ASSERT(expr, msg) _Static_assert(expr, msg)
#endif

/* Compare as uint32_t: in C++ the two sides are different enum types. */
#define SAME(a, b) VF_STATIC_ASSERT((uint32_t)(a) == (uint32_t)(b), #a " == " #b)

/* Struct layouts. */
VF_STATIC_ASSERT(sizeof(vf_input_element_desc) == sizeof(D3D12_INPUT_ELEMENT_DESC), "desc size");
#define SAME_OFFSET(ours, theirs) \
    VF_STATIC_ASSERT(offsetof(vf_input_element_desc, ours) == offsetof(D3D12_INPUT_ELEMENT_DESC, theirs), #ours)
SAME_OFFSET(semantic_name, SemanticName);
SAME_OFFSET(semantic_index, SemanticIndex);
SAME_OFFSET(format, Format);
SAME_OFFSET(input_slot, InputSlot);
SAME_OFFSET(aligned_byte_offset, AlignedByteOffset);
SAME_OFFSET(input_slot_class, InputSlotClass);
SAME_OFFSET(instance_data_step_rate, InstanceDataStepRate);
VF_STATIC_ASSERT(sizeof(vf_format) == sizeof(DXGI_FORMAT), "vf_format is DXGI_FORMAT-sized");

#if UINTPTR_MAX == UINT64_MAX
/* The views hold a CPU pointer where D3D12 has a 64-bit GPU address: the
 * same layout on LP64. */
VF_STATIC_ASSERT(sizeof(vf_vertex_buffer_view) == sizeof(D3D12_VERTEX_BUFFER_VIEW), "vbv size");
VF_STATIC_ASSERT(offsetof(vf_vertex_buffer_view, size_in_bytes) ==
                     offsetof(D3D12_VERTEX_BUFFER_VIEW, SizeInBytes), "vbv SizeInBytes");
VF_STATIC_ASSERT(offsetof(vf_vertex_buffer_view, stride_in_bytes) ==
                     offsetof(D3D12_VERTEX_BUFFER_VIEW, StrideInBytes), "vbv StrideInBytes");
VF_STATIC_ASSERT(sizeof(vf_index_buffer_view) == sizeof(D3D12_INDEX_BUFFER_VIEW), "ibv size");
VF_STATIC_ASSERT(offsetof(vf_index_buffer_view, size_in_bytes) ==
                     offsetof(D3D12_INDEX_BUFFER_VIEW, SizeInBytes), "ibv SizeInBytes");
VF_STATIC_ASSERT(offsetof(vf_index_buffer_view, format) ==
                     offsetof(D3D12_INDEX_BUFFER_VIEW, Format), "ibv Format");
#endif

/* Every format: the vfetch.h enumerator and the formats.def value against
 * the DXGI_FORMAT of the header. */
#define VF_FORMAT(name, value, ...)          \
    SAME(VF_FORMAT_##name, DXGI_FORMAT_##name); \
    SAME(value, DXGI_FORMAT_##name);
#include "formats.def"
#undef VF_FORMAT

SAME(VF_APPEND_ALIGNED_ELEMENT, D3D12_APPEND_ALIGNED_ELEMENT);
SAME(VF_INPUT_PER_VERTEX_DATA, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA);
SAME(VF_INPUT_PER_INSTANCE_DATA, D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA);
SAME(VF_MAX_ELEMENTS, D3D12_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT);
SAME(VF_MAX_INPUT_SLOTS, D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT);
SAME(VF_MAX_REGISTERS, D3D12_VS_INPUT_REGISTER_COUNT);
SAME(VF_MAX_STRIDE, D3D12_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES);

SAME(VF_STRIP_CUT_VALUE_DISABLED, D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_DISABLED);
SAME(VF_STRIP_CUT_VALUE_0xFFFF, D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_0xFFFF);
SAME(VF_STRIP_CUT_VALUE_0xFFFFFFFF, D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_0xFFFFFFFF);

SAME(VF_TOPOLOGY_UNDEFINED, D3D_PRIMITIVE_TOPOLOGY_UNDEFINED);
SAME(VF_TOPOLOGY_POINTLIST, D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
SAME(VF_TOPOLOGY_LINELIST, D3D_PRIMITIVE_TOPOLOGY_LINELIST);
SAME(VF_TOPOLOGY_LINESTRIP, D3D_PRIMITIVE_TOPOLOGY_LINESTRIP);
SAME(VF_TOPOLOGY_TRIANGLELIST, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
SAME(VF_TOPOLOGY_TRIANGLESTRIP, D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
SAME(VF_TOPOLOGY_LINELIST_ADJ, D3D_PRIMITIVE_TOPOLOGY_LINELIST_ADJ);
SAME(VF_TOPOLOGY_LINESTRIP_ADJ, D3D_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ);
SAME(VF_TOPOLOGY_TRIANGLELIST_ADJ, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ);
SAME(VF_TOPOLOGY_TRIANGLESTRIP_ADJ, D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ);
SAME(VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST, D3D_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST);
SAME(VF_TOPOLOGY_32_CONTROL_POINT_PATCHLIST, D3D_PRIMITIVE_TOPOLOGY_32_CONTROL_POINT_PATCHLIST);

SAME(VF_REGISTER_COMPONENT_UNKNOWN, D3D_REGISTER_COMPONENT_UNKNOWN);
SAME(VF_REGISTER_COMPONENT_UINT32, D3D_REGISTER_COMPONENT_UINT32);
SAME(VF_REGISTER_COMPONENT_SINT32, D3D_REGISTER_COMPONENT_SINT32);
SAME(VF_REGISTER_COMPONENT_FLOAT32, D3D_REGISTER_COMPONENT_FLOAT32);

SAME(VF_IA_VERTEX_BUFFER, D3D12_FORMAT_SUPPORT1_IA_VERTEX_BUFFER);
SAME(VF_IA_INDEX_BUFFER, D3D12_FORMAT_SUPPORT1_IA_INDEX_BUFFER);

SAME(VF_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_0, D3D12_SHADER_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_0);
SAME(VF_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_1, D3D12_SHADER_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_1);
SAME(VF_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_2, D3D12_SHADER_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_2);
SAME(VF_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_3, D3D12_SHADER_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_3);
SAME(VF_COMPONENT_MAPPING_FORCE_VALUE_0, D3D12_SHADER_COMPONENT_MAPPING_FORCE_VALUE_0);
SAME(VF_COMPONENT_MAPPING_FORCE_VALUE_1, D3D12_SHADER_COMPONENT_MAPPING_FORCE_VALUE_1);
SAME(VF_COMPONENT_MAPPING_MASK, D3D12_SHADER_COMPONENT_MAPPING_MASK);
SAME(VF_COMPONENT_MAPPING_SHIFT, D3D12_SHADER_COMPONENT_MAPPING_SHIFT);
SAME(VF_COMPONENT_MAPPING_ALWAYS_SET_BIT, D3D12_SHADER_COMPONENT_MAPPING_ALWAYS_SET_BIT_AVOIDING_ZEROMEM_MISTAKES);
SAME(VF_DEFAULT_COMPONENT_MAPPING, D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING);

/* The debug layer's message IDs of the draw diagnostics (d3d12sdklayers.h,
 * included by d3d12.h). */
SAME(VF_D3D12_MESSAGE_ID_UNKNOWN, D3D12_MESSAGE_ID_UNKNOWN);
#define SAME_ID(n) SAME(VF_D3D12_MESSAGE_ID_##n, D3D12_MESSAGE_ID_##n)
SAME_ID(COMMAND_LIST_DRAW_VERTEX_BUFFER_NOT_SET);
SAME_ID(COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL);
SAME_ID(COMMAND_LIST_DRAW_VERTEX_BUFFER_TOO_SMALL);
SAME_ID(COMMAND_LIST_DRAW_INDEX_BUFFER_NOT_SET);
SAME_ID(COMMAND_LIST_DRAW_INDEX_BUFFER_FORMAT_INVALID);
SAME_ID(COMMAND_LIST_DRAW_INDEX_BUFFER_TOO_SMALL);
SAME_ID(COMMAND_LIST_DRAW_INVALID_PRIMITIVETOPOLOGY);
SAME_ID(COMMAND_LIST_DRAW_VERTEX_STRIDE_UNALIGNED);
SAME_ID(COMMAND_LIST_DRAW_INDEX_OFFSET_UNALIGNED);
SAME_ID(COMMAND_LIST_DRAW_ELEMENT_OFFSET_UNALIGNED);
SAME_ID(GPU_BASED_VALIDATION_RESOURCE_ACCESS_OUT_OF_BOUNDS);
#undef SAME_ID

int main(void)
{
    int failures = 0;

    /* Encode and decode for all 6^4 selector combinations, and decode on
     * words with stray bits (the macros ignore bit 12 and above alike). */
    for (uint32_t i = 0; i < 6 * 6 * 6 * 6; i++) {
        uint32_t s0 = i % 6, s1 = i / 6 % 6, s2 = i / 36 % 6, s3 = i / 216;
        uint32_t ours = VF_ENCODE_COMPONENT_MAPPING(s0, s1, s2, s3);
        UINT theirs = D3D12_ENCODE_SHADER_4_COMPONENT_MAPPING(s0, s1, s2, s3);
        if (ours != theirs) {
            printf("encode(%u,%u,%u,%u): 0x%x vs 0x%x\n", s0, s1, s2, s3, ours, theirs);
            failures++;
        }
        UINT words[2] = { theirs, theirs ^ 0xffffe000u };
        for (int w = 0; w < 2; w++) {
            UINT m = words[w];
            for (uint32_t c = 0; c < 4; c++) {
                uint32_t a = VF_DECODE_COMPONENT_MAPPING(c, m);
                uint32_t b = (uint32_t)D3D12_DECODE_SHADER_4_COMPONENT_MAPPING(c, m);
                if (a != b) {
                    printf("decode(%u, 0x%x): %u vs %u\n", c, m, a, b);
                    failures++;
                }
            }
        }
    }

    /* An array of D3D12 descs read as the vfetch type. */
    D3D12_INPUT_ELEMENT_DESC d3d[2] = {
        { "POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 3, D3D12_APPEND_ALIGNED_ELEMENT,
          D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0 },
        { "COLOR", 2, DXGI_FORMAT_B8G8R8A8_UNORM, 31, 12,
          D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA, 7 },
    };
    /* Copied, not cast: the bytes must mean the same fields (a cast would
     * also be an aliasing violation the compiler may exploit here). */
    vf_input_element_desc vf[2];
    VF_STATIC_ASSERT(sizeof(vf) == sizeof(d3d), "array size");
    memcpy(vf, d3d, sizeof(vf));
    if (vf[1].semantic_name != d3d[1].SemanticName || vf[1].semantic_index != 2 ||
        vf[1].format != VF_FORMAT_B8G8R8A8_UNORM || vf[1].input_slot != 31 ||
        vf[1].aligned_byte_offset != 12 || vf[1].input_slot_class != VF_INPUT_PER_INSTANCE_DATA ||
        vf[1].instance_data_step_rate != 7 || vf[0].aligned_byte_offset != VF_APPEND_ALIGNED_ELEMENT) {
        printf("D3D12_INPUT_ELEMENT_DESC read through vf_input_element_desc differs\n");
        failures++;
    }

    /* vf_d3d12_message_id_name spells the header's enumerator names. */
#define NAME_OF(n)                                                                    \
    do {                                                                              \
        const char *got = vf_d3d12_message_id_name((uint32_t)D3D12_MESSAGE_ID_##n);   \
        if (got == NULL || strcmp(got, #n) != 0) {                                    \
            printf("name of D3D12_MESSAGE_ID_%s: %s\n", #n, got ? got : "(null)");    \
            failures++;                                                               \
        }                                                                             \
    } while (0)
    NAME_OF(COMMAND_LIST_DRAW_VERTEX_BUFFER_NOT_SET);
    NAME_OF(COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL);
    NAME_OF(COMMAND_LIST_DRAW_VERTEX_BUFFER_TOO_SMALL);
    NAME_OF(COMMAND_LIST_DRAW_INDEX_BUFFER_NOT_SET);
    NAME_OF(COMMAND_LIST_DRAW_INDEX_BUFFER_FORMAT_INVALID);
    NAME_OF(COMMAND_LIST_DRAW_INDEX_BUFFER_TOO_SMALL);
    NAME_OF(COMMAND_LIST_DRAW_INVALID_PRIMITIVETOPOLOGY);
    NAME_OF(COMMAND_LIST_DRAW_VERTEX_STRIDE_UNALIGNED);
    NAME_OF(COMMAND_LIST_DRAW_INDEX_OFFSET_UNALIGNED);
    NAME_OF(COMMAND_LIST_DRAW_ELEMENT_OFFSET_UNALIGNED);
    NAME_OF(GPU_BASED_VALIDATION_RESOURCE_ACCESS_OUT_OF_BOUNDS);
#undef NAME_OF
    return failures == 0 ? 0 : 1;
}
