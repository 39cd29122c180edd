/*
 * vfetch.h - the Direct3D 12 input assembler on the CPU.
 *
 * vfetch reads vertex buffers through a D3D12 input layout, decodes every DXGI
 * vertex format exactly as the D3D rules define, steps per-vertex and
 * per-instance data, and writes the 32-bit register values a vertex shader's
 * inputs would hold.
 *
 * Conventions of this header:
 *  - Every struct that mirrors a D3D12 struct has the same size, field order
 *    and enum values, so arrays of D3D12_INPUT_ELEMENT_DESC may be passed by
 *    casting (a test checks this against DirectX-Headers).
 *  - Functions return vf_result; VF_OK is 0 and every other value is fixed
 *    forever. On error, outputs named *_ret are left untouched unless stated.
 *  - All sizes are in bytes unless a name says otherwise.
 *  - Memory the caller passes in stays the caller's; vfetch never frees it,
 *    never keeps a pointer to it after the call returns (except where noted),
 *    and never reads or writes outside the sizes the caller gives.
 *  - Every function is thread-safe. A vf_layout is immutable after creation
 *    and may be used by any number of threads at once.
 *  - Stack: a draw (vf_draw, vf_fetch_range, their _ex forms and the D3D11
 *    draws) uses under 32 KiB of the calling thread's stack, most of it a
 *    16 KiB staging buffer; vf_draw_reuse under 48 KiB (gcc 12, -O2,
 *    -fstack-usage). A pool's workers run on threads vfetch creates with
 *    the system's default stack size.
 *  - Bad input (NULL pointers, out-of-range values, sizes that overflow) gives
 *    an error code, never a crash and never undefined behaviour.
 */
#ifndef VFETCH_H
#define VFETCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(VF_BUILDING_LIBRARY) && defined(__GNUC__)
#  define VF_API __attribute__((visibility("default")))
#else
#  define VF_API
#endif

/* ------------------------------------------------------------------------ */
/* Version                                                                  */
/* ------------------------------------------------------------------------ */

#define VF_VERSION_MAJOR 0
#define VF_VERSION_MINOR 1
#define VF_VERSION_PATCH 0
#define VF_VERSION_NUMBER \
    (VF_VERSION_MAJOR * 10000 + VF_VERSION_MINOR * 100 + VF_VERSION_PATCH)
#define VF_VERSION_STRING "0.1.0"

/* The version string and number of the library actually linked. */
VF_API const char *vf_version(void);
VF_API uint32_t vf_version_number(void);

/* ------------------------------------------------------------------------ */
/* Results                                                                  */
/* ------------------------------------------------------------------------ */

/* Values are fixed forever; new codes only get new numbers. Codes 100-199
 * are input-layout rules (the Lxx numbers of the D3D IA rules), 200-299 are
 * draw-time checks, 300-399 D3D11 buffers and bindings (vfetch_d3d11.h),
 * 400-499 indirect draws (vfetch_indirect.h), 501-549 the Vulkan front end
 * (vfetch_vulkan.h). */
typedef enum vf_result {
    VF_OK = 0,
    VF_ERROR_NULL_POINTER = 1,        /* a required pointer was NULL */
    VF_ERROR_INVALID_ARGUMENT = 2,    /* a value outside its documented range */
    VF_ERROR_OUT_OF_MEMORY = 3,
    VF_ERROR_OVERFLOW = 4,            /* a size or count does not fit */
    VF_ERROR_OUTPUT_TOO_SMALL = 5,    /* the output buffer is smaller than needed */
    VF_ERROR_NOT_VERTEX_FORMAT = 6,   /* a DXGI format the IA cannot read as vertex data */
    VF_ERROR_UNKNOWN_FORMAT = 7,      /* not a DXGI_FORMAT value of dxgiformat.h */
    VF_ERROR_INVALID_MAPPING = 8,     /* bad 4-component mapping (no 0x1000 bit, selector 6/7, bits above 12) */
    VF_ERROR_ISA_UNAVAILABLE = 9,     /* the forced instruction set is not built in or not supported by this CPU */
    VF_ERROR_UNKNOWN_NAME = 10,       /* a name lookup found nothing */
    VF_ERROR_THREAD = 11,             /* a thread could not be created */

    /* Input-layout validation (vf_layout_create). */
    VF_ERROR_TOO_MANY_ELEMENTS = 101,          /* L01: more than 32 elements */
    VF_ERROR_INVALID_FORMAT = 102,             /* L02: not an IA vertex-buffer format */
    VF_ERROR_INVALID_SLOT = 103,               /* L03: InputSlot >= the slot limit */
    VF_ERROR_INVALID_SLOT_CLASS = 104,         /* L04: InputSlotClass not 0 or 1 */
    VF_ERROR_STEP_RATE_NOT_ZERO = 105,         /* L05: per-vertex element with a step rate */
    VF_ERROR_SLOT_CLASS_CHANGE = 106,          /* L06: elements of one slot disagree on the class */
    VF_ERROR_STEP_RATE_CHANGE = 107,           /* L07: elements of one slot disagree on the step rate */
    VF_ERROR_MISALIGNED_OFFSET = 108,          /* L08: offset not a multiple of min(4, size) */
    VF_ERROR_DUPLICATE_SEMANTIC = 109,         /* L09: (name, index) used twice */
    VF_ERROR_NULL_SEMANTIC = 110,              /* L10: SemanticName is NULL */
    VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC = 111, /* L11: SemanticName ends in a digit */
    VF_ERROR_MISSING_ELEMENT = 113,            /* L13: a shader input no element supplies */
    VF_WARNING_TYPE_MISMATCH = 114,            /* L14: float format into an integer register or the reverse (a warning) */
    VF_ERROR_SYSTEM_VALUE_ELEMENT = 116,       /* L16: an element named like an IA-generated value (SV_VertexID, ...) */
    VF_ERROR_INVALID_SEMANTIC_NAME = 117,      /* L17: empty, or not [A-Za-z_][A-Za-z0-9_]* */
    VF_ERROR_OFFSET_TOO_LARGE = 118,           /* offset + size > 2048 */
    VF_ERROR_INVALID_SIGNATURE = 119,          /* a malformed shader input signature entry */
    VF_ERROR_INVALID_OPTIONS = 120,            /* a malformed vf_layout_options */

    /* Draw-time checks (vf_draw and friends). */
    VF_ERROR_INVALID_INDEX_FORMAT = 201,       /* index format not R16_UINT / R32_UINT */
    VF_ERROR_STRIP_CUT_MISMATCH = 202,         /* cut 0xFFFF with R32 indices or 0xFFFFFFFF with R16 */
    VF_ERROR_INVALID_STRIP_CUT_VALUE = 203,    /* not a D3D12_INDEX_BUFFER_STRIP_CUT_VALUE */
    VF_ERROR_INVALID_TOPOLOGY = 204,           /* not a D3D_PRIMITIVE_TOPOLOGY */
    VF_ERROR_STRIDE_TOO_LARGE = 205,           /* StrideInBytes > 2048 */
    VF_ERROR_MISALIGNED_STRIDE = 206,          /* stride not a multiple of the slot's element alignment */
    VF_ERROR_TOO_MANY_BUFFERS = 207,           /* more than VF_MAX_INPUT_SLOTS (32) vertex buffer views, whatever the layout's slot limit */
    VF_ERROR_INVALID_RANGE = 208,              /* a vf_fetch_range range outside the draw */
    /* Draw-time warnings (vf_draw_check, vf_draw_ex): D3D defines what the
     * IA fetches, so the draw runs and its words do not change. */
    VF_WARNING_VERTEX_BUFFER_NOT_SET = 209,    /* a slot the shader reads has no view: it reads zeros (rules §6) */
    VF_WARNING_STRIDE_TOO_SMALL = 210,         /* a nonzero stride smaller than where the slot's last element ends: vertices overlap */
    VF_WARNING_VERTEX_BUFFER_TOO_SMALL = 211,  /* the draw reads elements past SizeInBytes: they read zeros and format defaults */
    VF_WARNING_INDEX_BUFFER_TOO_SMALL = 212,   /* the draw reads indices past SizeInBytes: they read 0 */
    VF_WARNING_MISALIGNED_VERTEX_BUFFER = 213, /* a view's data address not a multiple of its slot's element alignment */
    VF_WARNING_INDEX_OUT_OF_RANGE = 214,       /* indices name vertices past a slot's SizeInBytes: they read zeros and format defaults */

    /* D3D11 buffers and bindings (vfetch_d3d11.h). */
    VF_ERROR_INVALID_BYTE_WIDTH = 301,         /* ByteWidth 0, or a constant buffer's not a multiple of 16 */
    VF_ERROR_INVALID_USAGE = 302,              /* not a D3D11_USAGE */
    VF_ERROR_INVALID_BIND_FLAGS = 303,         /* unknown, not for buffers, or not allowed with the usage or misc flags */
    VF_ERROR_INVALID_CPU_ACCESS_FLAGS = 304,   /* unknown, or not what the usage requires */
    VF_ERROR_INVALID_MISC_FLAGS = 305,         /* unknown, not for buffers, or a forbidden combination */
    VF_ERROR_INVALID_STRUCTURE_STRIDE = 306,   /* StructureByteStride against BUFFER_STRUCTURED and ByteWidth */
    VF_ERROR_INVALID_INITIAL_DATA = 307,       /* IMMUTABLE without initial data, NULL pSysMem, wrapping nothing */
    VF_ERROR_BUFFER_NOT_VERTEX_BUFFER = 310,   /* bound to a vertex slot without D3D11_BIND_VERTEX_BUFFER */
    VF_ERROR_BUFFER_NOT_INDEX_BUFFER = 311,    /* bound as index buffer without D3D11_BIND_INDEX_BUFFER */
    VF_ERROR_OFFSET_PAST_END = 312,            /* a binding offset past the buffer's ByteWidth */
    VF_ERROR_INVALID_FEATURE_LEVEL = 313,      /* not a D3D_FEATURE_LEVEL of a D3D11 device */
    VF_ERROR_INPUT_LAYOUT_NOT_SET = 314,       /* a D3D11 draw with no input layout bound */
    VF_WARNING_UNALIGNED_INDEX_OFFSET = 315,   /* index buffer offset (D3D11) or data address (vf_draw_check) not a multiple of the index size (a warning) */
    VF_WARNING_INDEX_BUFFER_NOT_SET = 316,     /* an indexed draw with no index buffer: indices read 0 (a warning) */

    /* Indirect draws (vfetch_indirect.h, and the D3D11 ones of vfetch_d3d11.h). */
    VF_ERROR_INDIRECT_INVALID_SIGNATURE = 401, /* a command signature CreateCommandSignature rejects */
    VF_ERROR_INDIRECT_NOT_DRAW = 402,          /* a dispatch signature: no input assembly */
    VF_ERROR_INDIRECT_MISALIGNED_OFFSET = 403, /* an argument or count offset not a multiple of 4 */
    VF_ERROR_INDIRECT_BUFFER_TOO_SMALL = 404,  /* the commands or the count pass their buffer's end */
    VF_ERROR_INDIRECT_NULL_ADDRESS = 405,      /* a view at address 0 with a nonzero size */
    VF_ERROR_INDIRECT_ADDRESS_NOT_MAPPED = 406,/* a view's bytes not inside one address range */
    VF_ERROR_INDIRECT_NOT_ARGS_BUFFER = 407,   /* D3D11: no D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS */
    VF_WARNING_INDIRECT_ZERO_COMMANDS = 408,   /* MaxCommandCount or the count is 0 (a warning) */

    /* Out-of-bounds oracle (vfetch_robust.h): 420-429. */
    VF_ERROR_INVALID_ROBUST_MODE = 420,        /* not a vf_robust_mode value or name */
    /* The Vulkan front end (vfetch_vulkan.h): the valid-usage rule broken. */
    VF_ERROR_VK_TOO_MANY_BINDINGS = 501, /* VUID-VkPipelineVertexInputStateCreateInfo-vertexBindingDescriptionCount-00613 */
    VF_ERROR_VK_TOO_MANY_ATTRIBUTES = 502, /* VUID-VkPipelineVertexInputStateCreateInfo-vertexAttributeDescriptionCount-00614 */
    VF_ERROR_VK_INVALID_BINDING = 503, /* a binding number >= maxVertexInputBindings (-00618, -00621, -01869) */
    VF_ERROR_VK_STRIDE_TOO_LARGE = 504, /* VUID-VkVertexInputBindingDescription-stride-00619 */
    VF_ERROR_VK_INVALID_INPUT_RATE = 505, /* not a VkVertexInputRate */
    VF_ERROR_VK_DUPLICATE_BINDING = 506, /* VUID-VkPipelineVertexInputStateCreateInfo-pVertexBindingDescriptions-00616 */
    VF_ERROR_VK_INVALID_LOCATION = 507, /* VUID-VkVertexInputAttributeDescription-location-00620 */
    VF_ERROR_VK_OFFSET_TOO_LARGE = 508, /* VUID-VkVertexInputAttributeDescription-offset-00622 */
    VF_ERROR_VK_FORMAT_NOT_VERTEX = 509, /* VUID-VkVertexInputAttributeDescription-format-00623 */
    VF_ERROR_VK_DUPLICATE_LOCATION = 510, /* VUID-VkPipelineVertexInputStateCreateInfo-pVertexAttributeDescriptions-00617, or the second location of a 64-bit attribute */
    VF_ERROR_VK_BINDING_NOT_DESCRIBED = 511, /* VUID-VkPipelineVertexInputStateCreateInfo-binding-00615 */
    VF_ERROR_VK_INVALID_DIVISOR = 512, /* VUID-VkVertexInputBindingDivisorDescription-divisor-01870, -02228, -02229 */
    VF_ERROR_VK_DIVISOR_NOT_INSTANCE = 513, /* VUID-VkVertexInputBindingDivisorDescription-inputRate-01871 */
    VF_ERROR_VK_INVALID_STRUCTURE = 514, /* a *2EXT struct whose sType is not its own */
    VF_ERROR_VK_INVALID_INDEX_TYPE = 520, /* VUID-vkCmdBindIndexBuffer-indexType-08786, -08787 */
    VF_ERROR_VK_MISALIGNED_INDEX_OFFSET = 521, /* VUID-vkCmdBindIndexBuffer-offset-08783 */
    VF_ERROR_VK_OFFSET_PAST_END = 522, /* VUID-vkCmdBindVertexBuffers-pOffsets-00626, VUID-vkCmdBindIndexBuffer-offset-08782 */
    VF_ERROR_VK_INVALID_TOPOLOGY = 523, /* not a VkPrimitiveTopology */
    VF_ERROR_VK_LIST_RESTART = 524, /* VUID-VkPipelineInputAssemblyStateCreateInfo-topology-06252, -06253 */
    VF_ERROR_VK_INDEX_BUFFER_NOT_BOUND = 525, /* VUID-vkCmdDrawIndexed-None-07312 */
    VF_ERROR_VK_VERTEX_BUFFER_NOT_BOUND = 526, /* VUID-vkCmdDraw-None-04007, -04008 */
    VF_ERROR_VK_MISALIGNED_ATTRIBUTE = 527, /* VUID-vkCmdDraw-format-10389, -10390 */
    VF_ERROR_VK_INVALID_PATCH_CONTROL_POINTS = 528, /* VUID-VkPipelineTessellationStateCreateInfo-patchControlPoints-01214 */
    VF_ERROR_VK_INVALID_PROVOKING_VERTEX_MODE = 529 /* VUID-VkPipelineRasterizationProvokingVertexStateCreateInfoEXT-provokingVertexMode-parameter */
} vf_result;

/* A short constant English description of a result, e.g. "misaligned
 * AlignedByteOffset". Never NULL; unknown values give "unknown result". */
VF_API const char *vf_result_string(vf_result result);

/* ------------------------------------------------------------------------ */
/* Formats                                                                  */
/* ------------------------------------------------------------------------ */

/* A DXGI_FORMAT value. The enumerators below equal those of dxgiformat.h
 * (DirectX-Headers 1.606.4). */
typedef uint32_t vf_format;

enum vf_format_value {
    VF_FORMAT_UNKNOWN = 0,
    VF_FORMAT_R32G32B32A32_TYPELESS = 1,
    VF_FORMAT_R32G32B32A32_FLOAT = 2,
    VF_FORMAT_R32G32B32A32_UINT = 3,
    VF_FORMAT_R32G32B32A32_SINT = 4,
    VF_FORMAT_R32G32B32_TYPELESS = 5,
    VF_FORMAT_R32G32B32_FLOAT = 6,
    VF_FORMAT_R32G32B32_UINT = 7,
    VF_FORMAT_R32G32B32_SINT = 8,
    VF_FORMAT_R16G16B16A16_TYPELESS = 9,
    VF_FORMAT_R16G16B16A16_FLOAT = 10,
    VF_FORMAT_R16G16B16A16_UNORM = 11,
    VF_FORMAT_R16G16B16A16_UINT = 12,
    VF_FORMAT_R16G16B16A16_SNORM = 13,
    VF_FORMAT_R16G16B16A16_SINT = 14,
    VF_FORMAT_R32G32_TYPELESS = 15,
    VF_FORMAT_R32G32_FLOAT = 16,
    VF_FORMAT_R32G32_UINT = 17,
    VF_FORMAT_R32G32_SINT = 18,
    VF_FORMAT_R32G8X24_TYPELESS = 19,
    VF_FORMAT_D32_FLOAT_S8X24_UINT = 20,
    VF_FORMAT_R32_FLOAT_X8X24_TYPELESS = 21,
    VF_FORMAT_X32_TYPELESS_G8X24_UINT = 22,
    VF_FORMAT_R10G10B10A2_TYPELESS = 23,
    VF_FORMAT_R10G10B10A2_UNORM = 24,
    VF_FORMAT_R10G10B10A2_UINT = 25,
    VF_FORMAT_R11G11B10_FLOAT = 26,
    VF_FORMAT_R8G8B8A8_TYPELESS = 27,
    VF_FORMAT_R8G8B8A8_UNORM = 28,
    VF_FORMAT_R8G8B8A8_UNORM_SRGB = 29,
    VF_FORMAT_R8G8B8A8_UINT = 30,
    VF_FORMAT_R8G8B8A8_SNORM = 31,
    VF_FORMAT_R8G8B8A8_SINT = 32,
    VF_FORMAT_R16G16_TYPELESS = 33,
    VF_FORMAT_R16G16_FLOAT = 34,
    VF_FORMAT_R16G16_UNORM = 35,
    VF_FORMAT_R16G16_UINT = 36,
    VF_FORMAT_R16G16_SNORM = 37,
    VF_FORMAT_R16G16_SINT = 38,
    VF_FORMAT_R32_TYPELESS = 39,
    VF_FORMAT_D32_FLOAT = 40,
    VF_FORMAT_R32_FLOAT = 41,
    VF_FORMAT_R32_UINT = 42,
    VF_FORMAT_R32_SINT = 43,
    VF_FORMAT_R24G8_TYPELESS = 44,
    VF_FORMAT_D24_UNORM_S8_UINT = 45,
    VF_FORMAT_R24_UNORM_X8_TYPELESS = 46,
    VF_FORMAT_X24_TYPELESS_G8_UINT = 47,
    VF_FORMAT_R8G8_TYPELESS = 48,
    VF_FORMAT_R8G8_UNORM = 49,
    VF_FORMAT_R8G8_UINT = 50,
    VF_FORMAT_R8G8_SNORM = 51,
    VF_FORMAT_R8G8_SINT = 52,
    VF_FORMAT_R16_TYPELESS = 53,
    VF_FORMAT_R16_FLOAT = 54,
    VF_FORMAT_D16_UNORM = 55,
    VF_FORMAT_R16_UNORM = 56,
    VF_FORMAT_R16_UINT = 57,
    VF_FORMAT_R16_SNORM = 58,
    VF_FORMAT_R16_SINT = 59,
    VF_FORMAT_R8_TYPELESS = 60,
    VF_FORMAT_R8_UNORM = 61,
    VF_FORMAT_R8_UINT = 62,
    VF_FORMAT_R8_SNORM = 63,
    VF_FORMAT_R8_SINT = 64,
    VF_FORMAT_A8_UNORM = 65,
    VF_FORMAT_R1_UNORM = 66,
    VF_FORMAT_R9G9B9E5_SHAREDEXP = 67,
    VF_FORMAT_R8G8_B8G8_UNORM = 68,
    VF_FORMAT_G8R8_G8B8_UNORM = 69,
    VF_FORMAT_BC1_TYPELESS = 70,
    VF_FORMAT_BC1_UNORM = 71,
    VF_FORMAT_BC1_UNORM_SRGB = 72,
    VF_FORMAT_BC2_TYPELESS = 73,
    VF_FORMAT_BC2_UNORM = 74,
    VF_FORMAT_BC2_UNORM_SRGB = 75,
    VF_FORMAT_BC3_TYPELESS = 76,
    VF_FORMAT_BC3_UNORM = 77,
    VF_FORMAT_BC3_UNORM_SRGB = 78,
    VF_FORMAT_BC4_TYPELESS = 79,
    VF_FORMAT_BC4_UNORM = 80,
    VF_FORMAT_BC4_SNORM = 81,
    VF_FORMAT_BC5_TYPELESS = 82,
    VF_FORMAT_BC5_UNORM = 83,
    VF_FORMAT_BC5_SNORM = 84,
    VF_FORMAT_B5G6R5_UNORM = 85,
    VF_FORMAT_B5G5R5A1_UNORM = 86,
    VF_FORMAT_B8G8R8A8_UNORM = 87,
    VF_FORMAT_B8G8R8X8_UNORM = 88,
    VF_FORMAT_R10G10B10_XR_BIAS_A2_UNORM = 89,
    VF_FORMAT_B8G8R8A8_TYPELESS = 90,
    VF_FORMAT_B8G8R8A8_UNORM_SRGB = 91,
    VF_FORMAT_B8G8R8X8_TYPELESS = 92,
    VF_FORMAT_B8G8R8X8_UNORM_SRGB = 93,
    VF_FORMAT_BC6H_TYPELESS = 94,
    VF_FORMAT_BC6H_UF16 = 95,
    VF_FORMAT_BC6H_SF16 = 96,
    VF_FORMAT_BC7_TYPELESS = 97,
    VF_FORMAT_BC7_UNORM = 98,
    VF_FORMAT_BC7_UNORM_SRGB = 99,
    VF_FORMAT_AYUV = 100,
    VF_FORMAT_Y410 = 101,
    VF_FORMAT_Y416 = 102,
    VF_FORMAT_NV12 = 103,
    VF_FORMAT_P010 = 104,
    VF_FORMAT_P016 = 105,
    VF_FORMAT_420_OPAQUE = 106,
    VF_FORMAT_YUY2 = 107,
    VF_FORMAT_Y210 = 108,
    VF_FORMAT_Y216 = 109,
    VF_FORMAT_NV11 = 110,
    VF_FORMAT_AI44 = 111,
    VF_FORMAT_IA44 = 112,
    VF_FORMAT_P8 = 113,
    VF_FORMAT_A8P8 = 114,
    VF_FORMAT_B4G4R4A4_UNORM = 115,
    VF_FORMAT_P208 = 130,
    VF_FORMAT_V208 = 131,
    VF_FORMAT_V408 = 132,
    VF_FORMAT_SAMPLER_FEEDBACK_MIN_MIP_OPAQUE = 189,
    VF_FORMAT_SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE = 190,
};

/* Component types of vf_format_desc.type[]. */
typedef enum vf_component_type {
    VF_TYPE_NONE = 0,      /* the format has no such component */
    VF_TYPE_TYPELESS = 1,
    VF_TYPE_UNORM = 2,
    VF_TYPE_SNORM = 3,
    VF_TYPE_UINT = 4,
    VF_TYPE_SINT = 5,
    VF_TYPE_FLOAT = 6,     /* IEEE float: 16 or 32 bits */
    VF_TYPE_UFLOAT = 7,    /* unsigned small float: float11 / float10 of R11G11B10 */
    VF_TYPE_UNORM_SRGB = 8,
    VF_TYPE_SHAREDEXP = 9, /* R9G9B9E5 */
    VF_TYPE_OTHER = 10     /* compressed, video and opaque formats */
} vf_component_type;

/* vf_format_desc.ia_support bits; the first two equal
 * D3D12_FORMAT_SUPPORT1_IA_VERTEX_BUFFER and _IA_INDEX_BUFFER. */
#define VF_IA_VERTEX_BUFFER 0x2u          /* usable as vertex data (required or optional) */
#define VF_IA_INDEX_BUFFER 0x4u           /* usable as an index format */
#define VF_IA_VERTEX_BUFFER_OPTIONAL 0x1u /* vertex support is optional in D3D12 (B5G6R5, B5G5R5A1, B4G4R4A4) */

typedef struct vf_format_desc {
    vf_format format;
    const char *name;          /* without the "DXGI_FORMAT_" prefix, e.g. "R8G8B8A8_UNORM" */
    uint32_t bytes;            /* bytes per element (per 4x4 block for BC, per pair for packed YUV); 0 where undefined */
    uint32_t num_components;   /* components present (X padding does not count) */
    /* Per register component x,y,z,w (R,G,B,A): width in bits, position of
     * the lowest bit in the element read as one little-endian integer, and
     * type. Absent components have bits 0 and type VF_TYPE_NONE. */
    uint8_t bits[4];
    uint8_t shift[4];
    uint8_t type[4];
    uint32_t ia_support;       /* VF_IA_* bits */
} vf_format_desc;

/* Information on a DXGI format, or NULL when `format` is not a value of
 * dxgiformat.h. The pointer is to static data. */
VF_API const vf_format_desc *vf_format_info(vf_format format);
/* The name without prefix, or NULL when unknown. */
VF_API const char *vf_format_name(vf_format format);
/* Looks a format up by name, with or without the DXGI_FORMAT_ prefix,
 * case-sensitively. VF_ERROR_UNKNOWN_NAME if none, VF_ERROR_NULL_POINTER. */
VF_API vf_result vf_format_from_name(const char *name, vf_format *format_ret);
/* Iteration over every known format in ascending value order:
 * index 0 .. vf_format_count()-1; NULL past the end. */
VF_API uint32_t vf_format_count(void);
VF_API const vf_format_desc *vf_format_info_at(uint32_t index);

/* ------------------------------------------------------------------------ */
/* 4-component shader component mapping (== D3D12_SHADER_COMPONENT_MAPPING)  */
/* ------------------------------------------------------------------------ */

#define VF_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_0 0u
#define VF_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_1 1u
#define VF_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_2 2u
#define VF_COMPONENT_MAPPING_FROM_MEMORY_COMPONENT_3 3u
#define VF_COMPONENT_MAPPING_FORCE_VALUE_0 4u
#define VF_COMPONENT_MAPPING_FORCE_VALUE_1 5u /* 1.0f for float formats, 0x1 for UINT/SINT */
#define VF_COMPONENT_MAPPING_MASK 0x7u
#define VF_COMPONENT_MAPPING_SHIFT 3u
#define VF_COMPONENT_MAPPING_ALWAYS_SET_BIT (1u << (VF_COMPONENT_MAPPING_SHIFT * 4))
#define VF_ENCODE_COMPONENT_MAPPING(src0, src1, src2, src3)                              \
    ((((uint32_t)(src0) & VF_COMPONENT_MAPPING_MASK)) |                                   \
     (((uint32_t)(src1) & VF_COMPONENT_MAPPING_MASK) << VF_COMPONENT_MAPPING_SHIFT) |     \
     (((uint32_t)(src2) & VF_COMPONENT_MAPPING_MASK) << (VF_COMPONENT_MAPPING_SHIFT * 2)) | \
     (((uint32_t)(src3) & VF_COMPONENT_MAPPING_MASK) << (VF_COMPONENT_MAPPING_SHIFT * 3)) | \
     VF_COMPONENT_MAPPING_ALWAYS_SET_BIT)
#define VF_DECODE_COMPONENT_MAPPING(component, mapping) \
    (((uint32_t)(mapping) >> (VF_COMPONENT_MAPPING_SHIFT * (uint32_t)(component))) & VF_COMPONENT_MAPPING_MASK)
#define VF_DEFAULT_COMPONENT_MAPPING 0x1688u

/* VF_OK if `mapping` is a valid mapping: bit 0x1000 set, no bit above 12,
 * every selector 0..5. VF_ERROR_INVALID_MAPPING otherwise. */
VF_API vf_result vf_component_mapping_check(uint32_t mapping);

/* Decodes one element of vertex data: reads exactly the format's byte size
 * from `bytes` (no alignment needed), converts it by the D3D rules into four
 * 32-bit register words (float bits for FLOAT/UNORM/SNORM formats, integers
 * for UINT/SINT), fills missing components with their defaults, then applies
 * `mapping`. Returns VF_ERROR_NULL_POINTER, VF_ERROR_UNKNOWN_FORMAT,
 * VF_ERROR_NOT_VERTEX_FORMAT or VF_ERROR_INVALID_MAPPING without touching
 * `out`. Uses integer arithmetic only: the result does not depend on
 * FTZ/DAZ or the floating-point rounding mode. This is the reference every
 * draw path is bit-exact with. */
VF_API vf_result vf_decode_element(vf_format format, const void *bytes, uint32_t mapping,
                                   uint32_t out[4]);

/* ------------------------------------------------------------------------ */
/* Instruction sets                                                          */
/* ------------------------------------------------------------------------ */

typedef enum vf_isa {
    VF_ISA_AUTO = 0,   /* the best this CPU supports (or VFETCH_ISA if set) */
    VF_ISA_SCALAR = 1, /* portable C: the reference semantics */
    VF_ISA_SSE2 = 2,
    VF_ISA_SSSE3 = 3,
    VF_ISA_SSE41 = 4,
    VF_ISA_AVX2 = 5,   /* AVX2 with F16C and FMA */
    VF_ISA_NEON = 6,   /* AArch64 Advanced SIMD */
    VF_ISA_AVX512 = 7  /* AVX-512 F, BW and VL with F16C and FMA; the OS must save ZMM state */
} vf_isa;
#define VF_ISA_COUNT 8 /* one more than the last vf_isa value */

/* "auto", "scalar", "sse2", "ssse3", "sse41", "avx2", "neon", "avx512"; NULL if unknown. */
VF_API const char *vf_isa_name(uint32_t isa);
VF_API vf_result vf_isa_from_name(const char *name, uint32_t *isa_ret);
/* Nonzero if the ISA is built into this library and this CPU and OS support it. */
VF_API int vf_isa_available(uint32_t isa);
/* The ISA VF_ISA_AUTO resolves to: VFETCH_ISA from the environment if set
 * and available, else the best available. */
VF_API uint32_t vf_isa_default(void);

/* ------------------------------------------------------------------------ */
/* Input layouts                                                            */
/* ------------------------------------------------------------------------ */

#define VF_APPEND_ALIGNED_ELEMENT 0xffffffffu
#define VF_INPUT_PER_VERTEX_DATA 0u    /* == D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA */
#define VF_INPUT_PER_INSTANCE_DATA 1u  /* == D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA */
#define VF_MAX_ELEMENTS 32u            /* D3D12_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT */
#define VF_MAX_INPUT_SLOTS 32u         /* D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT */
#define VF_DEFAULT_INPUT_SLOTS 16u     /* the default slot limit; raise it with vf_layout_options.max_input_slots */
#define VF_MAX_REGISTERS 32u           /* D3D12_VS_INPUT_REGISTER_COUNT */
#define VF_MAX_STRIDE 2048u            /* D3D12_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES */

/* == D3D12_INPUT_ELEMENT_DESC: same size, same offsets. */
typedef struct vf_input_element_desc {
    const char *semantic_name;       /* SemanticName */
    uint32_t semantic_index;         /* SemanticIndex */
    vf_format format;                /* Format */
    uint32_t input_slot;             /* InputSlot */
    uint32_t aligned_byte_offset;    /* AlignedByteOffset, or VF_APPEND_ALIGNED_ELEMENT */
    uint32_t input_slot_class;       /* InputSlotClass: VF_INPUT_PER_* */
    uint32_t instance_data_step_rate;/* InstanceDataStepRate */
} vf_input_element_desc;

/* Register component types; == D3D_REGISTER_COMPONENT_TYPE. */
#define VF_REGISTER_COMPONENT_UNKNOWN 0u
#define VF_REGISTER_COMPONENT_UINT32 1u
#define VF_REGISTER_COMPONENT_SINT32 2u
#define VF_REGISTER_COMPONENT_FLOAT32 3u

/* One input of a vertex shader's input signature (the fields of
 * D3D12_SIGNATURE_PARAMETER_DESC that linking needs). */
typedef struct vf_signature_element {
    const char *semantic_name;  /* matched case-insensitively; SV_VertexID, SV_InstanceID, SV_StartVertexLocation and SV_StartInstanceLocation are generated */
    uint32_t semantic_index;
    uint32_t register_index;    /* v0..v31 */
    uint32_t mask;              /* components read: bit 0 x .. bit 3 w (informational) */
    uint32_t component_type;    /* VF_REGISTER_COMPONENT_* */
} vf_signature_element;

/* vf_layout_options.system_values bits. When any is set each record ends
 * with one extra 16-byte "system" register holding
 * { SV_VertexID, SV_InstanceID, flags, 0 }, unrequested words zero. */
#define VF_SV_VERTEX_ID 0x1u
#define VF_SV_INSTANCE_ID 0x2u
#define VF_SV_FLAGS 0x4u
/* Bits of the flags word. */
#define VF_FLAG_STRIP_CUT 0x1u  /* this index position was a strip cut: nothing fetched, all words zero */
#define VF_FLAG_INACTIVE 0x2u   /* an SoA lane past the end of the range */

/* Output shapes. */
#define VF_OUTPUT_AOS 0u    /* one record per vertex, registers in order */
#define VF_OUTPUT_SOA4 4u   /* batches of 4 vertices, component-major */
#define VF_OUTPUT_SOA8 8u
#define VF_OUTPUT_SOA16 16u

typedef struct vf_layout_options {
    size_t struct_size;                 /* sizeof(vf_layout_options); vf_layout_options_init sets it */
    const uint32_t *component_mappings; /* NULL, or one mapping per element (VF_DEFAULT_COMPONENT_MAPPING = identity) */
    uint32_t max_input_slots;           /* 0 or 16 (default), or 32 */
    const vf_signature_element *signature; /* NULL: no linking, every element is fetched in layout order */
    uint32_t signature_count;
    uint32_t system_values;             /* VF_SV_* bits */
    uint32_t output_shape;              /* VF_OUTPUT_* */
    uint32_t isa;                       /* vf_isa; VF_ISA_AUTO by default */
    uint32_t generator;                 /* VF_GENERATOR_* (below); VF_GENERATOR_AUTO by default */
} vf_layout_options;

/* vf_layout_options.generator: whether vf_layout_create generates machine
 * code for the layout's slots ("Kernel path" below). AUTO: where the
 * generator is built and the ISA is avx2 or avx512, unless VFETCH_JIT=0 (or
 * "off") is set in the environment when the layout is created. OFF: the
 * per-element kernels only (the same records, bit for bit). */
#define VF_GENERATOR_AUTO 0u
#define VF_GENERATOR_OFF 1u

/* Fills `options` with the defaults. */
VF_API void vf_layout_options_init(vf_layout_options *options);

/* Diagnostics: every error and warning vf_layout_create found. */
#define VF_SEVERITY_ERROR 0u
#define VF_SEVERITY_WARNING 1u
#define VF_MAX_DIAGNOSTICS 128u
#define VF_DIAGNOSTIC_MESSAGE_SIZE 240u

typedef struct vf_diagnostic {
    vf_result code;        /* the rule broken */
    uint32_t severity;     /* VF_SEVERITY_* */
    int32_t element_index; /* index into the element array, or -1 */
    int32_t signature_index; /* index into the signature, or -1 */
    /* e.g. "element 3 (TEXCOORD1): AlignedByteOffset 6 is not a multiple of 4
     * for R32G32_FLOAT"; NUL-terminated. */
    char message[VF_DIAGNOSTIC_MESSAGE_SIZE];
    /* The D3D12 debug layer's message for the same condition is
     * vf_d3d12_message_id(code). */
} vf_diagnostic;

typedef struct vf_diagnostics {
    uint32_t count;         /* entries filled */
    uint32_t num_errors;    /* errors found (may exceed what fits) */
    uint32_t num_warnings;  /* warnings found */
    uint32_t num_dropped;   /* found but not stored: the array was full */
    vf_diagnostic entries[VF_MAX_DIAGNOSTICS];
} vf_diagnostics;

typedef struct vf_layout vf_layout;

/* Compiles and validates an input layout. `descs` may be NULL when `count` is
 * 0. `options` may be NULL for the defaults. `diagnostics` may be NULL; when
 * given it is reset and receives every error and warning (not only the
 * first). Semantic names are copied: the caller's strings need not outlive
 * the call. On success *layout_ret owns a new layout (free it with
 * vf_layout_destroy) and the result is VF_OK even if warnings were found. On
 * failure *layout_ret is set to NULL and the result is the code of the first
 * error. */
VF_API vf_result vf_layout_create(const vf_input_element_desc *descs, uint32_t count,
                                  const vf_layout_options *options, vf_layout **layout_ret,
                                  vf_diagnostics *diagnostics);
/* Frees a layout; NULL is ignored. No draw may be using it. */
VF_API void vf_layout_destroy(vf_layout *layout);

/* What a compiled layout element resolved to. */
typedef struct vf_layout_element_info {
    const char *semantic_name;   /* owned by the layout */
    uint32_t semantic_index;
    vf_format format;
    uint32_t input_slot;
    uint32_t byte_offset;        /* resolved: APPEND_ALIGNED replaced by the real offset */
    uint32_t input_slot_class;
    uint32_t instance_data_step_rate;
    uint32_t component_mapping;
    int32_t record_register;     /* register of the record it fills, or -1 when the shader does not read it */
} vf_layout_element_info;

/* What fills register r of a record. */
#define VF_REGISTER_ELEMENT 0u       /* a layout element */
#define VF_REGISTER_VERTEX_ID 1u     /* SV_VertexID in .x (a signature input) */
#define VF_REGISTER_INSTANCE_ID 2u   /* SV_InstanceID in .x (a signature input) */
#define VF_REGISTER_SYSTEM 3u        /* the trailing system register of VF_SV_* */
/* SV_StartVertexLocation in .x (Shader Model 6.8, a signature input): the
 * draw's StartVertexLocation, or for indexed draws its BaseVertexLocation
 * (the int32_t's bits). */
#define VF_REGISTER_START_VERTEX_LOCATION 4u
/* SV_StartInstanceLocation in .x (Shader Model 6.8, a signature input):
 * the draw's StartInstanceLocation. */
#define VF_REGISTER_START_INSTANCE_LOCATION 5u

typedef struct vf_layout_register_info {
    uint32_t kind;           /* VF_REGISTER_* */
    int32_t element_index;   /* for VF_REGISTER_ELEMENT, else -1 */
    uint32_t shader_register;/* the v# register with a signature, else the record position */
} vf_layout_register_info;

VF_API uint32_t vf_layout_element_count(const vf_layout *layout);
VF_API vf_result vf_layout_element(const vf_layout *layout, uint32_t index,
                                   vf_layout_element_info *info_ret);
/* 16-byte registers in one record, the system register included. */
VF_API uint32_t vf_layout_register_count(const vf_layout *layout);
VF_API vf_result vf_layout_register(const vf_layout *layout, uint32_t index,
                                    vf_layout_register_info *info_ret);
/* Bytes of one AoS record: 16 * vf_layout_register_count. */
VF_API size_t vf_layout_record_size(const vf_layout *layout);
VF_API uint32_t vf_layout_output_shape(const vf_layout *layout);
/* The instruction set whose kernels the layout uses. */
VF_API uint32_t vf_layout_isa(const vf_layout *layout);

/* ------------------------------------------------------------------------ */
/* Kernel path: generated code or per-element kernels                       */
/* ------------------------------------------------------------------------ */

/* On x86-64 with AVX2 (levels avx2 and avx512), vf_layout_create generates
 * machine code for each per-vertex slot: one loop that decodes all of the
 * slot's elements for two vertices at once and writes whole registers (two
 * at a time with 32-byte stores), bit-exact with the per-element kernels.
 * On the avx512 level with AVX512_VBMI, a slot whose elements lie within 64
 * bytes can also run a loop over four vertices (zmm registers, EVEX), and
 * where that slot alone fills an odd number of registers, a variant of it
 * that stores the four records as whole 64-byte lines. A layout of SoA
 * batches whose one slot fills every register gets that loop in a variant
 * that writes whole batches of 4, 8 or 16 lanes straight from its
 * registers (no staging and transpose) for draws that do not stream.
 * Which of these a slot runs, or its elements' own kernels, is what is
 * fastest on this core: vf_layout_create times them on up to 4096 vertices
 * (about 0.6 ms with its buffers; once per distinct slot in a process, the
 * choice is remembered; thread-safe). VFETCH_JIT=1 in the environment
 * leaves the elements' kernels out of that choice, VFETCH_JIT_QUAD=0 or 1
 * forces the loop (2: the four-vertex loop storing whole lines where it
 * can), and VFETCH_JIT_DENSE=0 or 1 how that loop loads a 32-byte vertex
 * window its elements read whole (1: whole 32-byte loads into two
 * registers, as on AMD family 26; 0: two 16-byte halves, as elsewhere);
 * every choice writes the same records. The code lives in its own read+execute mapping, freed
 * by vf_layout_destroy. A slot with a format the generator has no template
 * for (R11G11B10_FLOAT) runs the per-element kernels. The generator runs by
 * default; options.generator = VF_GENERATOR_OFF, or VFETCH_JIT=0 in the
 * environment, keeps a layout on the per-element kernels, and
 * `./configure --without-jit` leaves the generator out of the library. */
typedef enum vf_kernel_path {
    VF_KERNEL_PATH_PER_ELEMENT = 0, /* every slot runs per-element kernels */
    VF_KERNEL_PATH_GENERATED = 1,   /* every per-vertex slot runs generated code */
    VF_KERNEL_PATH_MIXED = 2        /* some per-vertex slots do, `reason` says why not all */
} vf_kernel_path;

typedef struct vf_kernel_path_info {
    vf_kernel_path path;
    /* Why the layout (or a slot of it) runs per-element kernels, e.g.
     * "slot 1: R11G11B10_FLOAT has no template"; "" when nothing falls
     * back. Points into the layout: valid until vf_layout_destroy. */
    const char *reason;
    uint32_t slots;           /* per-vertex slots the layout fetches */
    uint32_t generated_slots; /* of those, the ones running generated code */
    uint32_t code_bytes;      /* generated code and its constants */
    uint64_t generation_ns;   /* time vf_layout_create spent generating, in ns */
    uint32_t quad_slots;      /* of the generated slots, those with the four-vertex loop */
    /* Of those, the ones whose loop stores four whole records as 64-byte
     * lines (a layout of one per-vertex slot filling an odd number of
     * registers, at most ten); a streamed draw of such a layout writes
     * them with non-temporal 64-byte stores. */
    uint32_t line_slots;
    /* For a layout of SoA batches (output_shape 4, 8 or 16): the generated
     * slots whose SoA batches a variant of the four-vertex loop writes
     * straight from its registers, not staged as records and transposed
     * (a layout of one per-vertex slot filling every register, on avx512
     * with AVX512_VBMI, whichever loop its records measured fastest with;
     * at most one); 0 for AoS. */
    uint32_t soa_slots;
} vf_kernel_path_info;

/* Fills *info_ret with the path `layout` runs. Thread-safe (the layout is
 * not changed). VF_ERROR_NULL_POINTER for a NULL argument. */
VF_API vf_result vf_layout_kernel_path(const vf_layout *layout, vf_kernel_path_info *info_ret);
/* A short constant name of a path: "per-element", "generated", "mixed";
 * "unknown" for other values. */
VF_API const char *vf_kernel_path_name(vf_kernel_path path);

/* ------------------------------------------------------------------------ */
/* Buffer views and draws                                                   */
/* ------------------------------------------------------------------------ */

/* == D3D12_VERTEX_BUFFER_VIEW with a CPU pointer in place of the GPU VA. A
 * NULL `data` is an unbound slot: every element of it reads 0,0,0,0 (no
 * format defaults), and then its component mapping applies, so a
 * FORCE_VALUE_1 selector still gives the format's one (1.0f, or 1 for
 * UINT/SINT) and FORCE_VALUE_0 gives 0. vfetch reads only bytes
 * [0, size_in_bytes) of `data`. */
typedef struct vf_vertex_buffer_view {
    const void *data;
    uint32_t size_in_bytes;
    uint32_t stride_in_bytes;
} vf_vertex_buffer_view;

/* == D3D12_INDEX_BUFFER_VIEW with a CPU pointer. A NULL `data` (or a NULL
 * view) means no index buffer: every index reads 0, and the view's format
 * and size are not looked at (no format to check or to match the strip-cut
 * value against), so both forms behave exactly like a NULL view. */
typedef struct vf_index_buffer_view {
    const void *data;
    uint32_t size_in_bytes;
    vf_format format;           /* VF_FORMAT_R16_UINT or VF_FORMAT_R32_UINT */
} vf_index_buffer_view;

/* == D3D12_INDEX_BUFFER_STRIP_CUT_VALUE */
#define VF_STRIP_CUT_VALUE_DISABLED 0u
#define VF_STRIP_CUT_VALUE_0xFFFF 1u
#define VF_STRIP_CUT_VALUE_0xFFFFFFFF 2u

/* == D3D_PRIMITIVE_TOPOLOGY (the values that matter to the IA; control-point
 * patch lists 33..64 are accepted too). Only strip topologies cut. */
#define VF_TOPOLOGY_UNDEFINED 0u
#define VF_TOPOLOGY_POINTLIST 1u
#define VF_TOPOLOGY_LINELIST 2u
#define VF_TOPOLOGY_LINESTRIP 3u
#define VF_TOPOLOGY_TRIANGLELIST 4u
#define VF_TOPOLOGY_TRIANGLESTRIP 5u
#define VF_TOPOLOGY_LINELIST_ADJ 10u
#define VF_TOPOLOGY_LINESTRIP_ADJ 11u
#define VF_TOPOLOGY_TRIANGLELIST_ADJ 12u
#define VF_TOPOLOGY_TRIANGLESTRIP_ADJ 13u
#define VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST 33u
#define VF_TOPOLOGY_32_CONTROL_POINT_PATCHLIST 64u

typedef struct vf_thread_pool vf_thread_pool;

/* A whole draw: the IA state and the draw call's arguments. */
typedef struct vf_draw_desc {
    size_t struct_size;                          /* sizeof(vf_draw_desc); vf_draw_desc_init sets it */
    const vf_vertex_buffer_view *vertex_buffers; /* indexed by slot; may be NULL when num_vertex_buffers is 0 */
    uint32_t num_vertex_buffers;                 /* slots at or past this are unbound */
    uint32_t indexed;                            /* 0: DrawInstanced, 1: DrawIndexedInstanced; other values VF_ERROR_INVALID_ARGUMENT */
    const vf_index_buffer_view *index_buffer;    /* indexed draws only; NULL: every index reads 0 */
    uint32_t strip_cut_value;                    /* VF_STRIP_CUT_VALUE_* */
    uint32_t primitive_topology;                 /* VF_TOPOLOGY_* */
    uint32_t vertex_count_per_instance;          /* VertexCountPerInstance or IndexCountPerInstance */
    uint32_t instance_count;
    uint32_t start_location;                     /* StartVertexLocation or StartIndexLocation */
    int32_t base_vertex_location;                /* indexed draws only */
    uint32_t start_instance_location;
    vf_thread_pool *pool;                        /* NULL: run on the calling thread */
} vf_draw_desc;

VF_API void vf_draw_desc_init(vf_draw_desc *desc);

/* Bytes of output a draw of `vertex_count` positions per instance and
 * `instance_count` instances needs with this layout's output shape.
 * AoS: vertex_count * instance_count records of vf_layout_record_size bytes,
 * instance-major. SoA with L lanes: per instance ceil(vertex_count / L)
 * batches of 16 * L * registers bytes; in a batch, the word of register r,
 * component c, lane l is at index (r * 4 + c) * L + l. VF_ERROR_OVERFLOW if
 * the size does not fit in size_t. */
VF_API vf_result vf_draw_output_size(const vf_layout *layout, uint32_t vertex_count,
                                     uint32_t instance_count, size_t *size_ret);

/* Runs a whole draw into `out` (16-byte aligned, out_size bytes, written
 * from the start, nothing past the size of vf_draw_output_size). A record is
 * written for every index position, strip cuts included (all zero, flagged).
 * Validates the draw first (index format, cut value against index format and
 * topology, strides); on error nothing is written. vf_draw_check and
 * vf_draw_ex list every error and warning with a message. Values are bit-exact with
 * vf_decode_element provided the thread runs in the default round-to-nearest
 * mode (FTZ/DAZ do not matter). Thread-safe; allocates
 * nothing unless a pool is used (the pool allocates nothing per draw either). */
VF_API vf_result vf_draw(const vf_layout *layout, const vf_draw_desc *desc, void *out,
                         size_t out_size);

/* ID3D12GraphicsCommandList::DrawInstanced. */
VF_API vf_result vf_draw_instanced(const vf_layout *layout, const vf_vertex_buffer_view *vbs,
                                   uint32_t num_vbs, uint32_t vertex_count_per_instance,
                                   uint32_t instance_count, uint32_t start_vertex_location,
                                   uint32_t start_instance_location, void *out,
                                   size_t out_size);

/* ID3D12GraphicsCommandList::DrawIndexedInstanced, with the PSO's strip-cut
 * value and the primitive topology that decide whether indices cut. */
VF_API vf_result vf_draw_indexed_instanced(const vf_layout *layout,
                                           const vf_vertex_buffer_view *vbs, uint32_t num_vbs,
                                           const vf_index_buffer_view *ib,
                                           uint32_t strip_cut_value,
                                           uint32_t primitive_topology,
                                           uint32_t index_count_per_instance,
                                           uint32_t instance_count,
                                           uint32_t start_index_location,
                                           int32_t base_vertex_location,
                                           uint32_t start_instance_location, void *out,
                                           size_t out_size);

/* Part of a draw: positions [first, first + count) of instance `instance`.
 * Writes what vf_draw would write for them, starting at `out`: AoS, count
 * records; SoA, ceil(count / L) batches, and `first` must be a multiple of L.
 * desc->pool is ignored. Reads only the layout and the caller's buffers, so
 * any number of threads may call it at once. VF_ERROR_INVALID_RANGE when the
 * range is not inside the draw. */
VF_API vf_result vf_fetch_range(const vf_layout *layout, const vf_draw_desc *desc,
                                uint32_t instance, uint32_t first, uint32_t count, void *out,
                                size_t out_size);

/* ------------------------------------------------------------------------ */
/* Draw-time diagnostics                                                     */
/* ------------------------------------------------------------------------ */

/* D3D12_MESSAGE_ID values of d3d12sdklayers.h (DirectX-Headers) for the
 * conditions the draw checks report; a test checks them against the header.
 * 0 is D3D12_MESSAGE_ID_UNKNOWN: vfetch's own condition, or one the debug
 * layer has no message for. */
#define VF_D3D12_MESSAGE_ID_UNKNOWN 0u
#define VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_VERTEX_BUFFER_NOT_SET 202u
#define VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL 209u
#define VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_VERTEX_BUFFER_TOO_SMALL 210u
#define VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INDEX_BUFFER_NOT_SET 211u
#define VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INDEX_BUFFER_FORMAT_INVALID 212u
#define VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INDEX_BUFFER_TOO_SMALL 213u
#define VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INVALID_PRIMITIVETOPOLOGY 219u
#define VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_VERTEX_STRIDE_UNALIGNED 221u
#define VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INDEX_OFFSET_UNALIGNED 222u
#define VF_D3D12_MESSAGE_ID_GPU_BASED_VALIDATION_RESOURCE_ACCESS_OUT_OF_BOUNDS 1005u
#define VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_ELEMENT_OFFSET_UNALIGNED 1348u

/* The D3D12 debug layer's message ID (VF_D3D12_MESSAGE_ID_*) for the
 * condition a result names, or 0 where the debug layer has none. Each draw
 * diagnostic's code determines it, so vf_diagnostic needs no field for it:
 * VF_ERROR_INVALID_INDEX_FORMAT, VF_ERROR_INVALID_TOPOLOGY,
 * VF_ERROR_MISALIGNED_STRIDE and the VF_WARNING_* codes of the draw checks
 * (209-214, 315, 316) have one; VF_WARNING_INDEX_OUT_OF_RANGE has GPU-based
 * validation's, as the debug layer sees indices only when the GPU runs. */
VF_API uint32_t vf_d3d12_message_id(vf_result code);

/* The enumerator name of a VF_D3D12_MESSAGE_ID_* value without the
 * "D3D12_MESSAGE_ID_" prefix, e.g. "COMMAND_LIST_DRAW_VERTEX_BUFFER_NOT_SET";
 * NULL for 0 and for values vfetch does not use. Static data. */
VF_API const char *vf_d3d12_message_id_name(uint32_t id);

/* Checks a draw as vf_draw does, without drawing, and reports every error
 * and warning in `diagnostics` (may be NULL; when given it is reset first),
 * each with its code, severity, element_index (the layout element the
 * entry names, or -1), signature_index -1 and a message
 * naming the slot, element, semantic and numbers involved, e.g.
 * "slot 0: StrideInBytes 8 is smaller than element 0 (POSITION0,
 * R32G32B32_FLOAT) which ends at byte 12"; vf_d3d12_message_id(code) gives
 * the debug layer's message ID.
 *
 * Returns the code of the first error: exactly what vf_draw returns for the
 * same layout and description with a suitable `out` of out_size bytes.
 * out_size 0 means the output is not checked at all (not even whether
 * its size fits in size_t: vf_draw_output_size says that); the output
 * pointer is checked by vf_draw_ex.
 * Warnings never change the result or what a draw writes.
 *
 * Errors (nothing is drawn): the codes vf_draw returns. Warnings (the draw
 * runs; D3D defines what the IA reads), in slot order:
 *  - VF_WARNING_INDEX_BUFFER_NOT_SET: an indexed draw with no index data.
 *  - VF_WARNING_INDEX_BUFFER_TOO_SMALL: StartIndexLocation + count indices
 *    reach past SizeInBytes.
 *  - VF_WARNING_UNALIGNED_INDEX_OFFSET: the index data address is not a
 *    multiple of the index size.
 *  - VF_WARNING_VERTEX_BUFFER_NOT_SET: a slot with an element the shader
 *    reads has no view, or a view with NULL data.
 *  - VF_WARNING_STRIDE_TOO_SMALL: a nonzero StrideInBytes below the end of
 *    the slot's last element (0 is a deliberate "same bytes for every
 *    vertex" and is not reported).
 *  - VF_WARNING_VERTEX_BUFFER_TOO_SMALL: the last element number the draw
 *    reads (per-vertex slots of non-indexed draws, per-instance slots) ends
 *    past SizeInBytes; per-vertex slots of indexed draws are not checked,
 *    since their reach depends on the indices.
 *  - VF_WARNING_INDEX_OUT_OF_RANGE: an indexed draw's indices (strip cuts
 *    aside; an index past the index view or with none is 0) name vertices
 *    whose slot ends past SizeInBytes of a per-vertex slot: one warning per
 *    slot, counted as GPU-based validation reports it (how many of the
 *    positions, the first and last position with its index, the stride,
 *    the size and the vertices the view holds whole).
 *  - VF_WARNING_MISALIGNED_VERTEX_BUFFER: a view's data address is not a
 *    multiple of the slot's element alignment (vfetch reads it anyway).
 * Only slots with an element the shader reads are checked for warnings.
 * Thread-safe; allocates nothing; reads the description and, for
 * VF_WARNING_INDEX_OUT_OF_RANGE when `diagnostics` is given, every index of
 * an indexed draw once per per-vertex slot (never the vertex data). */
VF_API vf_result vf_draw_check(const vf_layout *layout, const vf_draw_desc *desc,
                               size_t out_size, vf_diagnostics *diagnostics);

/* vf_draw that also fills `diagnostics` (may be NULL; reset first) with
 * what vf_draw_check reports, plus the errors of the output itself (too
 * small, NULL, not 16-byte aligned). Same result and same output words as
 * vf_draw. */
VF_API vf_result vf_draw_ex(const vf_layout *layout, const vf_draw_desc *desc, void *out,
                            size_t out_size, vf_diagnostics *diagnostics);

/* vf_fetch_range that also fills `diagnostics` as vf_draw_ex does, with a
 * message for a range outside the draw. */
VF_API vf_result vf_fetch_range_ex(const vf_layout *layout, const vf_draw_desc *desc,
                                   uint32_t instance, uint32_t first, uint32_t count,
                                   void *out, size_t out_size, vf_diagnostics *diagnostics);

/* A pool of `threads` worker threads (1..256) that vf_draw splits work
 * over; the output is identical to a single-threaded draw. The calling
 * thread works on the draw too, and workers join as they wake: a draw the
 * caller finishes before any worker is up returns without waiting for one.
 * One draw runs on a pool at a time; concurrent vf_draw calls on one pool
 * take turns. */
VF_API vf_result vf_thread_pool_create(uint32_t threads, vf_thread_pool **pool_ret);
VF_API void vf_thread_pool_destroy(vf_thread_pool *pool);
/* Draws that write fewer than `bytes` bytes of output run on the calling
 * thread alone, because waking a worker costs more than it saves (tens of
 * microseconds on a busy machine). Default 1 MiB; 0 splits every draw of
 * more than one chunk. May be called at any time, from any thread; a draw
 * already running keeps the value it started with. NULL is ignored. */
VF_API void vf_thread_pool_set_min_bytes(vf_thread_pool *pool, size_t bytes);

/* ------------------------------------------------------------------------ */
/* Primitive assembly                                                       */
/* ------------------------------------------------------------------------ */

/* The primitives a draw hands to the stage after the vertex shader, as the
 * D3D pipeline assembles them (docs/d3d-ia-rules.md §13): each one is
 * the list of its vertices, given as position numbers within its instance
 * (0 .. vertex_count_per_instance - 1, the same numbers as the records of
 * that instance in vf_draw's output).
 *
 * Order of vertices: the leading (provoking) vertex first; odd triangles of
 * a strip as (n, n+2, n+1) so every triangle keeps the first one's winding;
 * with adjacency, vertex 0, 2, 4 (triangles) or 1, 2 (lines) are the
 * primitive's own and the others the adjacent vertices, walking around the
 * primitive in its winding order. Strips restart after every strip-cut
 * position (an index equal to the cut value, only where vf_draw cuts:
 * indexed strip topologies with a cut value and index data) and at every
 * instance. Incomplete primitives are dropped: a list's or patch list's
 * trailing vertices, a strip piece too short for one primitive, the
 * dangling odd vertex of a triangle strip with adjacency.
 *
 * Every instance of a draw has the same list, because each reads the same
 * index positions and starts a new strip. Primitive k of an instance has
 * SV_PrimitiveID k; IDs restart at 0 with every instance and do not restart
 * at cuts.
 *
 * Only these fields of `desc` are read: struct_size, indexed, index_buffer
 * (format, data, size_in_bytes), strip_cut_value, primitive_topology,
 * vertex_count_per_instance and start_location. Vertex buffers, instances,
 * the base vertex and the pool play no part, so the calls need no layout
 * and may run before, after or without a draw. They are validated as
 * vf_draw validates them, with the same codes in the same order:
 * VF_ERROR_NULL_POINTER (desc), VF_ERROR_INVALID_ARGUMENT (struct_size,
 * or indexed not 0 or 1),
 * VF_ERROR_INVALID_STRIP_CUT_VALUE, VF_ERROR_INVALID_TOPOLOGY,
 * VF_ERROR_INVALID_INDEX_FORMAT, VF_ERROR_STRIP_CUT_MISMATCH. On error
 * nothing is written.
 *
 * Cost: where a draw can cut, the primitive boundaries depend on the
 * indices, so both calls read the index buffer from position 0 up to the
 * last position they need (the count reads all of it): O(vertex count).
 * Everywhere else they read no index and take O(1) (count) and O(output)
 * (vertices). Both allocate nothing, keep no pointer and are thread-safe. */

/* Vertices per primitive of a topology: 1 point list, 2 line list and
 * strip, 3 triangle list and strip, 4 line adjacency forms, 6 triangle
 * adjacency forms, N an N-control-point patch list; 0 for a value vf_draw
 * rejects. */
VF_API uint32_t vf_topology_vertices_per_primitive(uint32_t primitive_topology);

/* The number of primitives each instance of the draw produces, in
 * *primitive_count_ret (never more than vertex_count_per_instance, so it
 * fits in 32 bits), and the vertices of each in *vertices_per_primitive_ret
 * (may be NULL). One instance's list takes primitive_count *
 * vertices_per_primitive uint32_t words of output; *draw_words_ret (may be
 * NULL) receives that times instance_count, the words of every instance's
 * list back to back, or the call fails with VF_ERROR_OVERFLOW (and writes
 * nothing) when that does not fit in size_t. VF_ERROR_NULL_POINTER when
 * primitive_count_ret is NULL. */
VF_API vf_result vf_primitive_count(const vf_draw_desc *desc, uint32_t *primitive_count_ret,
                                    uint32_t *vertices_per_primitive_ret,
                                    size_t *draw_words_ret);

/* Writes the vertices of primitives first_primitive, first_primitive + 1,
 * ... of one instance into out[0 .. out_count) (units: uint32_t words, not
 * bytes), vertices_per_primitive words per primitive, whole primitives only,
 * until the instance has no more or the next would not fit; never writes
 * out[out_count] or beyond. *primitives_written_ret receives how many were
 * written; the i-th has SV_PrimitiveID first_primitive + i. A
 * first_primitive at or past the count writes nothing and gives 0. To
 * fetch a long list in pieces, call again with first_primitive advanced
 * by what was written (with cuts each call rescans the indices up to where
 * it starts; vf_draw_primitives_next does not). `out` may be NULL only when out_count is 0;
 * primitives_written_ret must not be NULL (VF_ERROR_NULL_POINTER).
 * VF_ERROR_OUTPUT_TOO_SMALL when primitives remain from first_primitive on
 * but out_count cannot hold even one; nothing is written then and
 * *primitives_written_ret is 0. */
VF_API vf_result vf_draw_primitives(const vf_draw_desc *desc, uint32_t first_primitive,
                                    uint32_t *out, size_t out_count,
                                    uint32_t *primitives_written_ret);

/* Where a piecewise listing of one instance's primitives stands, for
 * vf_draw_primitives_next: caller-owned storage (on the stack, in a
 * rasterizer's state), set by vf_primitive_cursor_init; it holds no
 * pointer. next_primitive is the SV_PrimitiveID of the next primitive the
 * cursor writes (read it, do not change it); internal_ is private. */
typedef struct vf_primitive_cursor {
    uint32_t next_primitive;
    uint32_t internal_[7];
} vf_primitive_cursor;

/* Starts a cursor at primitive 0 of the draw `desc` (the checks and errors
 * of vf_primitive_count; VF_ERROR_NULL_POINTER when cursor is NULL). */
VF_API vf_result vf_primitive_cursor_init(const vf_draw_desc *desc, vf_primitive_cursor *cursor);

/* vf_draw_primitives from where the cursor stands: writes whole primitives
 * into out[0 .. out_count) (uint32_t words), *primitives_written_ret of
 * them, the i-th with SV_PrimitiveID cursor->next_primitive + i, and moves
 * the cursor past them; 0 written and VF_OK once the list is done. Each
 * call reads only the indices it assembles from (and the cuts up to the
 * next piece), so a whole list read in pieces reads every index about
 * once, where vf_draw_primitives with cuts rescans from the start each
 * call. desc must describe the draw the cursor was started with (the same
 * topology, count, index buffer and cut value; a different topology or
 * count, or a cursor not made by vf_primitive_cursor_init, gives
 * VF_ERROR_INVALID_ARGUMENT and changes nothing). VF_ERROR_OUTPUT_TOO_SMALL
 * as vf_draw_primitives (the cursor does not move). Thread-safe for
 * distinct cursors; one cursor is one caller's. */
VF_API vf_result vf_draw_primitives_next(const vf_draw_desc *desc, vf_primitive_cursor *cursor,
                                         uint32_t *out, size_t out_count,
                                         uint32_t *primitives_written_ret);

/* ------------------------------------------------------------------------ */
/* Vertex reuse                                                             */
/* ------------------------------------------------------------------------ */

/* A vertex-reuse draw writes each distinct vertex of an indexed draw once
 * per instance, and a map from index positions to those records, so a
 * rasterizer shades every vertex once, as a GPU's post-transform cache
 * lets it.
 *
 * Distinct means a distinct raw index value (as read from the index
 * buffer, before the base vertex is added): a vertex depends only on its
 * index and its instance. Indices whose element lies past a view (reading
 * zeros) are distinct vertices by value like any other; positions past the
 * index buffer view read index 0, which is an ordinary index. Strip-cut
 * positions (where vf_draw cuts) are no vertex: they map to VF_REUSE_CUT,
 * never to a record.
 *
 * Records: the distinct indices get record numbers 0 .. U-1 in the order
 * of their first position. A record holds exactly the words vf_draw writes
 * for any position with that index (SV_VertexID, SV_InstanceID and the
 * VF_SV_* words included). The output holds U records per instance,
 * instance-major, in the layout's output shape: what vf_draw writes for a
 * draw of U positions (vf_draw_output_size(layout, U, instance_count)),
 * AoS or SoA alike.
 *
 * Map: remap[p] for p < vertex_count_per_instance is the record number
 * within an instance of position p (the same for every instance), or
 * VF_REUSE_CUT; position p of instance i is record i * U + remap[p] of
 * the output. Non-indexed draws have no repeated vertex: U is the vertex
 * count, the map the identity and the output that of vf_draw.
 *
 * Memory: no allocation. The caller supplies scratch of
 * vf_draw_reuse_scratch_size bytes: 4 * (2 * N + T), where N is
 * vertex_count_per_instance and T the smallest power of two >= 2 * N (at
 * least 16; with R16_UINT indices at least 65536): at most 24 bytes per
 * position plus 256 KiB for 16-bit indices, 0 for non-indexed draws. Only
 * the words the draw needs are touched: the table has a slot per index
 * value, direct-mapped over [min, max] of the draw's indices (all of
 * 0..65535 for 16-bit indices) where that span fits in T slots, and is
 * never cleared (a slot counts only when the record it names was made for
 * that index), so a mesh touches one word per distinct vertex; indices
 * spread wider than T go through a hash table of T slots, cleared once per
 * draw. A search split over a pool (below) clears the slots it merges
 * into first where the ranges' indices do not form a band, and so does
 * x86 for 16-bit indices without strip cuts whose [min, max] spans at
 * most twice the positions (each lookup then needs one load fewer). The other words hold the distinct indices
 * and, when `out` may be too small for every possible record, the map
 * until the output is known to fit (else remap is written directly).
 * Every possible record means one per position, or, for x86's 16-bit
 * draws without strip cuts, one per index value in [min, max]. x86 writes
 * a map of 8 MiB or more of 32-bit indices without strip cuts with
 * non-temporal stores.
 *
 * Why the whole draw and not windows: every distinct vertex is written
 * once per instance whatever the order of the indices, so each is shaded
 * once; a bounded window like a GPU's post-transform
 * cache would write a vertex again each time it left the window, and would
 * need as many records as positions in the worst case. The scratch costs
 * 4-24 bytes a position against the 16-528 bytes of the record that
 * per-position output writes for it. bench/README.md (the indexed-reuse
 * shape) gives the measurements.
 *
 * Cost: O(N) to find the distinct indices (one pass over the indices, two
 * for 32-bit ones and for x86's cleared 16-bit span, whose first pass is
 * vector min/max), on the calling thread. With desc->pool of at least one
 * worker and a map of at least the pool's minimum bytes, where the indices
 * are read from the index buffer, not staged in the scratch: a search per
 * range of positions, one contiguous range per thread (the pool's and the
 * caller's), each in a slice of half the table of its own (direct-mapped
 * around the range's first index, else over its [min, max], else
 * hashed); then a merge over the ranges' distinct lists (about U entries,
 * not N) that numbers the records in first-seen order into the other half
 * of the table: on the pool where each range's indices meet those of at
 * most two others on average (a mesh's ranges touch bands of vertices),
 * else in four passes on the pool from 8 ranges, else on the calling
 * thread; then, once the output is known to fit, each position's record
 * read from the table by its index, in parallel (x86 stores a map of 8
 * MiB or more non-temporally). The indices are read twice and the map
 * written once. It uses the same scratch as above (the ranges' lists in
 * the words of the staged map): the scratch size does not depend on the
 * pool. Elsewhere (indices staged, or a table the ranges cannot share),
 * with desc->pool of 5 workers or more, five passes over the positions
 * split over the pool's threads and the caller (three, plus passes over
 * the table and a bitmap, where the indices are not staged). Every path
 * gives the same records and map. Then a draw of U positions per
 * instance through the layout's fetch paths (split over desc->pool like
 * vf_draw, with the same streaming stores for large outputs). */

/* The map word of a strip-cut position. */
#define VF_REUSE_CUT 0xFFFFFFFFu

/* Bytes of scratch vf_draw_reuse needs for this draw, in *bytes_ret. The
 * draw is validated as vf_draw validates it (same codes); only
 * vertex_count_per_instance, `indexed` and the index format decide the
 * size, the indices are not read. An indexed draw of 0 positions needs
 * none: 0, where the formula above would give 64 (or 262144 with 16-bit
 * indices). VF_ERROR_OVERFLOW when the size does not fit in size_t or
 * an indexed draw has more than 2^30 - 1 positions per instance.
 * VF_ERROR_NULL_POINTER when layout, desc or bytes_ret is NULL. */
VF_API vf_result vf_draw_reuse_scratch_size(const vf_layout *layout, const vf_draw_desc *desc,
                                            size_t *bytes_ret);

/* Runs a vertex-reuse draw. scratch: scratch_size bytes, 4-byte aligned,
 * at least vf_draw_reuse_scratch_size (may be NULL when that is 0);
 * vfetch overwrites it freely and keeps nothing in it after the call. It
 * need not be initialised: its index table is never cleared, and a slot
 * counts only when it names a record of this call, so stale or
 * uninitialised contents change nothing. Memory checkers (valgrind)
 * report the first reads of scratch that was never written; zero it once
 * (calloc) to keep their reports clean.
 * out: 16-byte aligned, out_size bytes, written from the start up to
 * vf_draw_output_size(layout, U, instance_count) bytes. remap:
 * remap_count uint32_t words (units: words), at least
 * vertex_count_per_instance; the first vertex_count_per_instance are
 * written. *unique_count_ret receives U.
 *
 * Errors, after the validation of vf_draw: VF_ERROR_NULL_POINTER
 * (unique_count_ret, a needed scratch or remap, or out when records are
 * written: U > 0 and instance_count > 0; as for vf_draw, a draw that
 * writes no record, e.g. instance_count 0, takes out NULL and out_size 0,
 * and still writes remap and *unique_count_ret),
 * VF_ERROR_OUTPUT_TOO_SMALL (scratch or remap too small, or out smaller
 * than the U records: U is known only after the indices are read, so a
 * caller that cannot wait sizes out for U = vertex_count_per_instance),
 * VF_ERROR_INVALID_ARGUMENT (scratch not 4-byte aligned, out not 16-byte
 * aligned), VF_ERROR_OVERFLOW as vf_draw_reuse_scratch_size. On error
 * out, remap and *unique_count_ret are untouched (scratch may have been
 * written). Thread-safe for distinct scratch buffers; a scratch buffer
 * serves one call at a time. Values are bit-exact with vf_draw under the
 * same conditions. */
VF_API vf_result vf_draw_reuse(const vf_layout *layout, const vf_draw_desc *desc, void *scratch,
                               size_t scratch_size, void *out, size_t out_size, uint32_t *remap,
                               size_t remap_count, uint32_t *unique_count_ret);

/* Vertex reuse in two calls, as vf_draw_reuse runs it: vf_reuse_map reads
 * the indices once and writes the map and the distinct indices; the
 * records are then an ordinary indexed draw of the distinct indices
 * (vf_reuse_records_desc builds it for vf_draw, vf_draw_ex or any draw
 * call taking a vf_draw_desc), whose output is sized for exactly U records
 * an instance. Same map, records and U as vf_draw_reuse. */

/* Bytes of scratch vf_reuse_map needs, in *bytes_ret: 4 * (N + T) for an
 * indexed draw of N > 0 positions (T as above; an index buffer view
 * without data reads every index as 0 and takes T's 32-bit rule), 0 for
 * an indexed draw of 0 positions and for non-indexed draws: at most 20
 * bytes per position plus 256 KiB for 16-bit indices, 4 bytes a position
 * less than vf_draw_reuse, whose scratch also holds the distinct indices.
 * Validation and errors as vf_draw_reuse_scratch_size. Thread-safe. */
VF_API vf_result vf_reuse_map_scratch_size(const vf_layout *layout, const vf_draw_desc *desc,
                                           size_t *bytes_ret);

/* The first call: the map of every position and the distinct indices of
 * the draw, in one read of its index stream (a search over desc->pool
 * reads it two or more times, as described above).
 * scratch: scratch_size bytes, 4-byte aligned, at least
 * vf_reuse_map_scratch_size (NULL allowed when that is 0), treated as in
 * vf_draw_reuse. remap: remap_count words, at least N =
 * vertex_count_per_instance; remap[0 .. N) is written (record numbers or
 * VF_REUSE_CUT, as for vf_draw_reuse). unique: unique_capacity words
 * (units: uint32_t), at least N for an indexed draw (U is not known
 * before the indices are read); unique[0 .. U) receives the distinct raw
 * indices in first-seen order. A non-indexed draw writes the identity map
 * and nothing to unique (which may then be NULL with capacity 0): its
 * records are the draw itself. *unique_count_ret receives U.
 * The layout is the one the records will be drawn with (its ISA picks the
 * search); no record is written here.
 * Errors, after the validation of vf_draw: VF_ERROR_NULL_POINTER
 * (unique_count_ret, or a needed scratch, remap or unique),
 * VF_ERROR_OUTPUT_TOO_SMALL (scratch, remap or unique too small),
 * VF_ERROR_INVALID_ARGUMENT (scratch not 4-byte aligned),
 * VF_ERROR_OVERFLOW as vf_reuse_map_scratch_size. On error remap, unique
 * and *unique_count_ret are untouched: every check comes before the first
 * index is read. scratch, remap and unique must not overlap. Thread-safe
 * for distinct scratch buffers; allocates nothing. */
VF_API vf_result vf_reuse_map(const vf_layout *layout, const vf_draw_desc *desc, void *scratch,
                              size_t scratch_size, uint32_t *remap, size_t remap_count,
                              uint32_t *unique, size_t unique_capacity,
                              uint32_t *unique_count_ret);

/* The second call's draw: *desc_ret becomes desc as an indexed draw of the
 * unique_count distinct indices from vf_reuse_map: *ib_ret describes
 * unique[] as a R32_UINT index buffer of 4 * unique_count bytes, strip
 * cuts are disabled, the start location is 0 and everything else (vertex
 * buffers, base vertex, instances, topology, pool) is desc's, so every
 * record holds what vf_draw writes for a position with that index
 * (SV_VertexID is the raw index, SV_InstanceID as before; rules:
 * docs/d3d-ia-rules.md, "Vertex reuse"). For a non-indexed desc,
 * *desc_ret is desc unchanged (unique is not read). Drawing *desc_ret
 * with vf_draw into an output of vf_draw_output_size(layout,
 * unique_count, instance_count) bytes writes the records of
 * vf_draw_reuse. Ownership: *desc_ret points at *ib_ret and *ib_ret at
 * unique, which must outlive the draw; nothing is copied or kept.
 * Errors, writing nothing: VF_ERROR_NULL_POINTER (desc, ib_ret or
 * desc_ret, or unique when unique_count > 0 for an indexed draw),
 * VF_ERROR_INVALID_ARGUMENT (desc->struct_size is not sizeof(vf_draw_desc)
 * or `indexed` is neither 0 nor 1), VF_ERROR_OVERFLOW (unique_count >
 * 2^30 - 1: the index buffer size would not fit 32 bits). The rest of
 * desc is validated by the draw. Thread-safe. */
VF_API vf_result vf_reuse_records_desc(const vf_draw_desc *desc, const uint32_t *unique,
                                       uint32_t unique_count, vf_index_buffer_view *ib_ret,
                                       vf_draw_desc *desc_ret);

/* Rewrites, in place, count position numbers of list[] (e.g. from
 * vf_draw_primitives) into record numbers through a map of remap_count
 * words from vf_draw_reuse: list[i] = remap[list[i]]. A primitive list
 * never names a cut position, so its entries always have records.
 * VF_ERROR_INVALID_ARGUMENT, writing nothing, when an entry is at or past
 * remap_count or names a cut; VF_ERROR_NULL_POINTER when count > 0 and a
 * pointer is NULL. Thread-safe; allocates nothing. */
VF_API vf_result vf_reuse_remap_list(const uint32_t *remap, size_t remap_count, uint32_t *list,
                                     size_t count);

/* ------------------------------------------------------------------------ */
/* Pipeline statistics                                                      */
/* ------------------------------------------------------------------------ */

/* What a draw adds to the IA and VS counters of a pipeline-statistics query
 * (D3D11_QUERY_DATA_PIPELINE_STATISTICS, D3D12_QUERY_DATA_PIPELINE_STATISTICS;
 * D3D11.3 functional spec 20.4.7; docs/d3d-ia-rules.md §16). Counts, not
 * bytes; all of them scale with instance_count (no post-VS cache spans
 * instances, and every instance reads the same positions).
 *
 *  - ia_vertices: IAVertices, every vertex the IA generates: each index
 *    position except strip-cut positions (a cut is no vertex), adjacency
 *    vertices and the vertices of incomplete primitives included. The
 *    spec's examples: a strip of 4 triangles 6, a list of 4 triangles 12.
 *  - ia_vertices_min: the spec lets a pipeline drop incomplete primitives
 *    "before even the IA counts them": the vertices that complete
 *    primitives use. Equal to ia_vertices unless the draw has incomplete
 *    primitives; a conforming counter lies in [ia_vertices_min,
 *    ia_vertices].
 *  - ia_primitives: IAPrimitives, the complete primitives
 *    (vf_primitive_count times instance_count).
 *  - vs_invocations_min, vs_invocations_max: the interval a conforming
 *    VSInvocations lies in. At least an infinite post-VS cache: each
 *    distinct vertex an instance's complete primitives use, once (indexed:
 *    distinct raw indices, an index past the view or without an index
 *    buffer being 0; not indexed: every vertex is distinct). At most no
 *    cache: every primitive shades all of its vertices (a strip of 4
 *    triangles 12, as in the spec), plus the vertices of incomplete
 *    primitives a late drop still shades.
 */
typedef struct vf_pipeline_statistics {
    uint64_t ia_vertices;
    uint64_t ia_vertices_min;
    uint64_t ia_primitives;
    uint64_t vs_invocations_min;
    uint64_t vs_invocations_max;
} vf_pipeline_statistics;

/* Bytes of scratch vf_draw_statistics needs, in *bytes_ret: 0 except for
 * 32-bit indices with more than 512 positions per instance, then about
 * 16.5 bytes per position (a hash table of distinct indices; 16-bit
 * indices and small draws use an 8 KiB table on the stack). Validates
 * like vf_primitive_count (same fields, codes and order);
 * VF_ERROR_NULL_POINTER when bytes_ret is NULL; VF_ERROR_OVERFLOW when the
 * size does not fit in size_t. Reads no index. */
VF_API vf_result vf_draw_statistics_scratch_size(const vf_draw_desc *desc, size_t *bytes_ret);

/* Fills *stats_ret with the draw's statistics (above). Reads only the
 * fields vf_primitive_count reads, plus instance_count: no layout, no
 * vertex buffer, no record fetched. Cost: O(1) for a draw that reads no
 * index data and cannot cut; otherwise one pass over the index positions
 * of one instance. scratch: scratch_size bytes, 8-byte aligned, at least
 * vf_draw_statistics_scratch_size (may be NULL when that is 0); it need
 * not be initialised and holds nothing after the call. Errors: those of
 * vf_primitive_count, VF_ERROR_NULL_POINTER (stats_ret, or a needed
 * scratch), VF_ERROR_OUTPUT_TOO_SMALL (scratch too small),
 * VF_ERROR_INVALID_ARGUMENT (scratch misaligned), VF_ERROR_OVERFLOW (a
 * figure past 2^64 - 1, only with more than 2^29 instances); on error
 * *stats_ret is untouched. Thread-safe for distinct scratch buffers;
 * allocates nothing. */
VF_API vf_result vf_draw_statistics(const vf_draw_desc *desc, void *scratch, size_t scratch_size,
                                    vf_pipeline_statistics *stats_ret);

/* ------------------------------------------------------------------------ */
/* Draw batches                                                             */
/* ------------------------------------------------------------------------ */

/* Many direct draws that share a layout, an index buffer, a strip-cut
 * value and a topology, each taking its vertex buffer views from a table
 * of view sets: what a command list of small draws that switches vertex
 * buffers between them looks like. The batch checks what the draws share
 * once (the fields, the index buffer, each view set's strides: every
 * error vf_draw could give for them, with the same codes) and then each
 * draw only for its set number and output size, so a small draw costs
 * much less than a vf_draw. Every draw writes exactly the words vf_draw
 * writes for the same description. */

/* One draw of a batch: DrawInstanced's or DrawIndexedInstanced's
 * arguments (base_vertex_location is read only when the batch is
 * indexed) and the view set it binds. */
typedef struct vf_batch_draw {
    uint32_t vertex_buffer_set;          /* views [set * num_vertex_buffers, +num_vertex_buffers) */
    uint32_t vertex_count_per_instance;  /* VertexCountPerInstance or IndexCountPerInstance */
    uint32_t instance_count;
    uint32_t start_location;             /* StartVertexLocation or StartIndexLocation */
    int32_t base_vertex_location;
    uint32_t start_instance_location;
} vf_batch_draw;

/* What the draws of a batch share. vertex_buffer_sets holds
 * num_vertex_buffer_sets sets of num_vertex_buffers views each, set after
 * set (slot s of set k is vertex_buffer_sets[k * num_vertex_buffers + s]);
 * num_vertex_buffers 0 binds no view (then the sets are not read). The
 * other fields are those of vf_draw_desc. The batch runs on the calling
 * thread. */
typedef struct vf_draw_batch_desc {
    size_t struct_size;                          /* sizeof(vf_draw_batch_desc) */
    const vf_vertex_buffer_view *vertex_buffer_sets;
    uint32_t num_vertex_buffer_sets;
    uint32_t num_vertex_buffers;                 /* views per set, at most 32 */
    uint32_t indexed;                            /* 0 or 1, as vf_draw_desc.indexed */
    const vf_index_buffer_view *index_buffer;
    uint32_t strip_cut_value;                    /* VF_STRIP_CUT_VALUE_* */
    uint32_t primitive_topology;                 /* VF_TOPOLOGY_* */
} vf_draw_batch_desc;

/* Bytes of output the batch writes, in *size_ret: the draws' outputs back
 * to back in draw order, draw i's vf_draw_output_size(layout, its count,
 * its instances) bytes (a multiple of 16) from offsets[i]. offsets may be
 * NULL; else it receives draw_count byte offsets (units: bytes), so a
 * caller walks the per-draw results without allocating. Errors: the
 * shared checks (those of vf_draw on the batch's fields and each view
 * set, same codes), VF_ERROR_NULL_POINTER (size_ret, or draws with a
 * nonzero draw_count), VF_ERROR_INVALID_ARGUMENT (struct_size; views per
 * set but no set; a draw's set number past the sets), VF_ERROR_OVERFLOW
 * (the total does not fit in size_t). Reads no vertex or index data. */
VF_API vf_result vf_draw_batch_output_size(const vf_layout *layout,
                                           const vf_draw_batch_desc *batch,
                                           const vf_batch_draw *draws, uint32_t draw_count,
                                           size_t *offsets, size_t *size_ret);

/* Runs the draw_count draws into `out` (16-byte aligned, out_size bytes,
 * at least vf_draw_batch_output_size), each at its offset. Every draw is
 * checked before anything is written: on error nothing is written, and
 * when the error is a draw's own (its set number, the size overflow)
 * *failed_draw_ret (may be NULL) receives its number. Errors: those of
 * vf_draw_batch_output_size, VF_ERROR_OUTPUT_TOO_SMALL,
 * VF_ERROR_NULL_POINTER or VF_ERROR_INVALID_ARGUMENT for an out that is
 * NULL or misaligned. Thread-safe; allocates nothing; values bit-exact
 * with vf_draw under the same conditions. Draws are not split over a
 * pool and never use non-temporal stores (the words are the same). */
VF_API vf_result vf_draw_batch(const vf_layout *layout, const vf_draw_batch_desc *batch,
                               const vf_batch_draw *draws, uint32_t draw_count, void *out,
                               size_t out_size, uint32_t *failed_draw_ret);

#ifdef __cplusplus
}
#endif

#endif /* VFETCH_H */
