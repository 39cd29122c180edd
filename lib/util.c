/* util.c - version queries, result strings and the diagnostics list. */
#include <stdio.h>

#include "vf_internal.h"

const char *vf_version(void)
{
    return VF_VERSION_STRING;
}

uint32_t vf_version_number(void)
{
    return VF_VERSION_NUMBER;
}

const char *vf_result_string(vf_result result)
{
    switch (result) {
    case VF_OK: return "success";
    case VF_ERROR_NULL_POINTER: return "a required pointer is NULL";
    case VF_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case VF_ERROR_OUT_OF_MEMORY: return "out of memory";
    case VF_ERROR_OVERFLOW: return "size overflows";
    case VF_ERROR_OUTPUT_TOO_SMALL: return "output buffer too small";
    case VF_ERROR_NOT_VERTEX_FORMAT: return "not an input-assembler vertex format";
    case VF_ERROR_UNKNOWN_FORMAT: return "unknown DXGI_FORMAT value";
    case VF_ERROR_INVALID_MAPPING: return "invalid 4-component mapping";
    case VF_ERROR_ISA_UNAVAILABLE: return "instruction set not available";
    case VF_ERROR_UNKNOWN_NAME: return "unknown name";
    case VF_ERROR_THREAD: return "thread creation failed";
    case VF_ERROR_TOO_MANY_ELEMENTS: return "too many input elements";
    case VF_ERROR_INVALID_FORMAT: return "format not valid for vertex input";
    case VF_ERROR_INVALID_SLOT: return "input slot out of range";
    case VF_ERROR_INVALID_SLOT_CLASS: return "invalid input slot class";
    case VF_ERROR_STEP_RATE_NOT_ZERO: return "per-vertex element with a nonzero step rate";
    case VF_ERROR_SLOT_CLASS_CHANGE: return "input slot class differs within a slot";
    case VF_ERROR_STEP_RATE_CHANGE: return "instance data step rate differs within a slot";
    case VF_ERROR_MISALIGNED_OFFSET: return "misaligned AlignedByteOffset";
    case VF_ERROR_DUPLICATE_SEMANTIC: return "duplicate semantic";
    case VF_ERROR_NULL_SEMANTIC: return "NULL semantic name";
    case VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC: return "semantic name ends in a digit";
    case VF_ERROR_MISSING_ELEMENT: return "shader input not supplied by the layout";
    case VF_WARNING_TYPE_MISMATCH: return "element format type does not match the shader input type";
    case VF_ERROR_SYSTEM_VALUE_ELEMENT: return "element names a value the input assembler generates";
    case VF_ERROR_INVALID_SEMANTIC_NAME: return "invalid semantic name";
    case VF_ERROR_OFFSET_TOO_LARGE: return "element ends past 2048 bytes";
    case VF_ERROR_INVALID_SIGNATURE: return "invalid shader input signature";
    case VF_ERROR_INVALID_OPTIONS: return "invalid layout options";
    case VF_ERROR_INVALID_INDEX_FORMAT: return "index format not R16_UINT or R32_UINT";
    case VF_ERROR_STRIP_CUT_MISMATCH: return "strip cut value does not match the index format";
    case VF_ERROR_INVALID_STRIP_CUT_VALUE: return "invalid strip cut value";
    case VF_ERROR_INVALID_TOPOLOGY: return "invalid primitive topology";
    case VF_ERROR_STRIDE_TOO_LARGE: return "vertex stride larger than 2048";
    case VF_ERROR_MISALIGNED_STRIDE: return "vertex stride misaligned for the slot's elements";
    case VF_ERROR_TOO_MANY_BUFFERS: return "more vertex buffer views than input slots";
    case VF_ERROR_INVALID_RANGE: return "range outside the draw";
    case VF_WARNING_VERTEX_BUFFER_NOT_SET: return "a slot the shader reads has no vertex buffer";
    case VF_WARNING_STRIDE_TOO_SMALL: return "vertex stride smaller than the slot's elements";
    case VF_WARNING_VERTEX_BUFFER_TOO_SMALL: return "draw reads past the end of a vertex buffer";
    case VF_WARNING_INDEX_BUFFER_TOO_SMALL: return "draw reads past the end of the index buffer";
    case VF_WARNING_MISALIGNED_VERTEX_BUFFER: return "vertex buffer address misaligned for its elements";
    case VF_WARNING_INDEX_OUT_OF_RANGE: return "indices name vertices past a vertex buffer's end";
    case VF_ERROR_INVALID_BYTE_WIDTH: return "invalid buffer ByteWidth";
    case VF_ERROR_INVALID_USAGE: return "invalid buffer usage";
    case VF_ERROR_INVALID_BIND_FLAGS: return "invalid buffer bind flags";
    case VF_ERROR_INVALID_CPU_ACCESS_FLAGS: return "invalid buffer CPU access flags";
    case VF_ERROR_INVALID_MISC_FLAGS: return "invalid buffer misc flags";
    case VF_ERROR_INVALID_STRUCTURE_STRIDE: return "invalid StructureByteStride";
    case VF_ERROR_INVALID_INITIAL_DATA: return "invalid initial buffer data";
    case VF_ERROR_BUFFER_NOT_VERTEX_BUFFER: return "buffer not created with D3D11_BIND_VERTEX_BUFFER";
    case VF_ERROR_BUFFER_NOT_INDEX_BUFFER: return "buffer not created with D3D11_BIND_INDEX_BUFFER";
    case VF_ERROR_OFFSET_PAST_END: return "buffer offset past ByteWidth";
    case VF_ERROR_INVALID_FEATURE_LEVEL: return "invalid feature level";
    case VF_ERROR_INPUT_LAYOUT_NOT_SET: return "no input layout set";
    case VF_WARNING_UNALIGNED_INDEX_OFFSET: return "index buffer offset not a multiple of the index size";
    case VF_WARNING_INDEX_BUFFER_NOT_SET: return "indexed draw with no index buffer";
    case VF_ERROR_INDIRECT_INVALID_SIGNATURE: return "invalid command signature";
    case VF_ERROR_INDIRECT_NOT_DRAW: return "command signature without a draw";
    case VF_ERROR_INDIRECT_MISALIGNED_OFFSET: return "indirect buffer offset not a multiple of 4";
    case VF_ERROR_INDIRECT_BUFFER_TOO_SMALL: return "indirect arguments past the buffer's end";
    case VF_ERROR_INDIRECT_NULL_ADDRESS: return "view at GPU address 0 with a nonzero size";
    case VF_ERROR_INDIRECT_ADDRESS_NOT_MAPPED: return "view outside every GPU address range";
    case VF_ERROR_INDIRECT_NOT_ARGS_BUFFER: return "buffer without DRAWINDIRECT_ARGS";
    case VF_WARNING_INDIRECT_ZERO_COMMANDS: return "indirect call executes no command";
    case VF_ERROR_INVALID_ROBUST_MODE: return "unknown robustness mode";
    case VF_ERROR_VK_TOO_MANY_BINDINGS: return "more binding descriptions than maxVertexInputBindings";
    case VF_ERROR_VK_TOO_MANY_ATTRIBUTES: return "more attribute descriptions than maxVertexInputAttributes";
    case VF_ERROR_VK_INVALID_BINDING: return "binding number not below maxVertexInputBindings";
    case VF_ERROR_VK_STRIDE_TOO_LARGE: return "binding stride above maxVertexInputBindingStride";
    case VF_ERROR_VK_INVALID_INPUT_RATE: return "invalid VkVertexInputRate";
    case VF_ERROR_VK_DUPLICATE_BINDING: return "binding described twice";
    case VF_ERROR_VK_INVALID_LOCATION: return "location not below maxVertexInputAttributes";
    case VF_ERROR_VK_OFFSET_TOO_LARGE: return "attribute offset above maxVertexInputAttributeOffset";
    case VF_ERROR_VK_FORMAT_NOT_VERTEX: return "format without VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT";
    case VF_ERROR_VK_DUPLICATE_LOCATION: return "location used twice";
    case VF_ERROR_VK_BINDING_NOT_DESCRIBED: return "attribute of a binding with no description";
    case VF_ERROR_VK_INVALID_DIVISOR: return "invalid vertex attribute divisor";
    case VF_ERROR_VK_DIVISOR_NOT_INSTANCE: return "divisor for a binding whose input rate is not INSTANCE";
    case VF_ERROR_VK_INVALID_STRUCTURE: return "wrong sType";
    case VF_ERROR_VK_INVALID_INDEX_TYPE: return "invalid or unsupported VkIndexType";
    case VF_ERROR_VK_MISALIGNED_INDEX_OFFSET: return "index buffer offset not a multiple of the index size";
    case VF_ERROR_VK_OFFSET_PAST_END: return "binding offset not below the buffer size";
    case VF_ERROR_VK_INVALID_TOPOLOGY: return "invalid VkPrimitiveTopology";
    case VF_ERROR_VK_LIST_RESTART: return "primitive restart in a list topology without the feature";
    case VF_ERROR_VK_INDEX_BUFFER_NOT_BOUND: return "vkCmdDrawIndexed with no index buffer bound";
    case VF_ERROR_VK_VERTEX_BUFFER_NOT_BOUND: return "attribute reads a binding with no buffer";
    case VF_ERROR_VK_MISALIGNED_ATTRIBUTE: return "attribute address misaligned for its format";
    case VF_ERROR_VK_INVALID_PATCH_CONTROL_POINTS: return "patchControlPoints not in 1..32";
    case VF_ERROR_VK_INVALID_PROVOKING_VERTEX_MODE: return "not a VkProvokingVertexModeEXT";
    }
    return "unknown result";
}

void vf_diagnostics_vadd(vf_diagnostics *d, vf_result code, uint32_t severity, int32_t element,
                         int32_t signature, const char *fmt, va_list ap)
{
    if (d == NULL)
        return;
    if (severity == VF_SEVERITY_ERROR)
        d->num_errors++;
    else
        d->num_warnings++;
    if (d->count >= VF_MAX_DIAGNOSTICS) {
        d->num_dropped++;
        return;
    }
    vf_diagnostic *e = &d->entries[d->count++];
    e->code = code;
    e->severity = severity;
    e->element_index = element;
    e->signature_index = signature;
    vsnprintf(e->message, sizeof(e->message), fmt, ap);
}
