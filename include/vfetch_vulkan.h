/*
 * vfetch_vulkan.h - the Vulkan front end of vfetch: a pipeline's vertex
 * input state (bindings, attributes, divisors), vkCmdBindVertexBuffers /
 * vkCmdBindIndexBuffer and vkCmdDraw / vkCmdDrawIndexed, compiled onto the
 * same engine as vfetch.h. Not included by vfetch.h.
 *
 * Conventions are those of vfetch.h. In addition:
 *  - The vf_vk_vertex_input_*_description structs have the size, field
 *    order and values of their Vk* namesakes, and every VF_VK_* constant
 *    equals its VK_* namesake (tests/check_vulkan_compat.c checks this
 *    against vulkan_core.h), so Vulkan structs may be passed by casting.
 *    This header does not include or need the Vulkan headers.
 *  - Formats are VkFormat values (VF_VK_FORMAT_*), not DXGI ones.
 *  - Registers are named by location: a record holds one register per
 *    location the attributes fill, in ascending location order (an
 *    R64G64B64(A64) attribute fills two), then the system register of
 *    VF_SV_* when asked for, holding { gl_VertexIndex, gl_InstanceIndex,
 *    flags, 0 }: unlike SV_VertexID they include firstVertex or
 *    vertexOffset, and firstInstance.
 *  - Calls that take a vf_diagnostics reset it when it is not NULL and
 *    record every error found; the messages name the valid-usage ID
 *    (VUID-...) the input breaks, and the result is the first error's code.
 *  - A vf_vk_vertex_input is immutable after creation: any number of threads
 *    may draw with it at once.
 *  - The rules, with the spec text they come from: docs/d3d-ia-rules.md §18.
 */
#ifndef VFETCH_VULKAN_H
#define VFETCH_VULKAN_H

#include "vfetch.h"
#include "vfetch_robust.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Enumerations (== their VK_* namesakes)                                   */
/* ------------------------------------------------------------------------ */

#define VF_VK_VERTEX_INPUT_RATE_VERTEX 0u
#define VF_VK_VERTEX_INPUT_RATE_INSTANCE 1u

#define VF_VK_INDEX_TYPE_UINT16 0u
#define VF_VK_INDEX_TYPE_UINT32 1u
#define VF_VK_INDEX_TYPE_UINT8 1000265000u /* VK_INDEX_TYPE_UINT8 (1.4), _KHR, _EXT */

#define VF_VK_PRIMITIVE_TOPOLOGY_POINT_LIST 0u
#define VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST 1u
#define VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP 2u
#define VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST 3u
#define VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP 4u
#define VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN 5u
#define VF_VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY 6u
#define VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY 7u
#define VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY 8u
#define VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY 9u
#define VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST 10u

/* VkProvokingVertexModeEXT */
#define VF_VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX 0u
#define VF_VK_PROVOKING_VERTEX_MODE_LAST_VERTEX 1u

#define VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT 1000352001u
#define VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT 1000352002u

/* VkFormat values of every format a vertex attribute may have: each with
 * VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT in the spec's required tables (the
 * 45 marked "required" by vf_vk_format_info) and the optional ones
 * (USCALED/SSCALED, sRGB, 3-byte and BGR(A) 8-bit, A2R10G10B10 and the rest
 * of A2B10G10R10, R16G16B16, 64-bit), VkFormat 9..122. */
enum vf_vk_format_value {
    VF_VK_FORMAT_UNDEFINED = 0,
    VF_VK_FORMAT_R8_UNORM = 9,
    VF_VK_FORMAT_R8_SNORM = 10,
    VF_VK_FORMAT_R8_USCALED = 11,
    VF_VK_FORMAT_R8_SSCALED = 12,
    VF_VK_FORMAT_R8_UINT = 13,
    VF_VK_FORMAT_R8_SINT = 14,
    VF_VK_FORMAT_R8_SRGB = 15,
    VF_VK_FORMAT_R8G8_UNORM = 16,
    VF_VK_FORMAT_R8G8_SNORM = 17,
    VF_VK_FORMAT_R8G8_USCALED = 18,
    VF_VK_FORMAT_R8G8_SSCALED = 19,
    VF_VK_FORMAT_R8G8_UINT = 20,
    VF_VK_FORMAT_R8G8_SINT = 21,
    VF_VK_FORMAT_R8G8_SRGB = 22,
    VF_VK_FORMAT_R8G8B8_UNORM = 23,
    VF_VK_FORMAT_R8G8B8_SNORM = 24,
    VF_VK_FORMAT_R8G8B8_USCALED = 25,
    VF_VK_FORMAT_R8G8B8_SSCALED = 26,
    VF_VK_FORMAT_R8G8B8_UINT = 27,
    VF_VK_FORMAT_R8G8B8_SINT = 28,
    VF_VK_FORMAT_R8G8B8_SRGB = 29,
    VF_VK_FORMAT_B8G8R8_UNORM = 30,
    VF_VK_FORMAT_B8G8R8_SNORM = 31,
    VF_VK_FORMAT_B8G8R8_USCALED = 32,
    VF_VK_FORMAT_B8G8R8_SSCALED = 33,
    VF_VK_FORMAT_B8G8R8_UINT = 34,
    VF_VK_FORMAT_B8G8R8_SINT = 35,
    VF_VK_FORMAT_B8G8R8_SRGB = 36,
    VF_VK_FORMAT_R8G8B8A8_UNORM = 37,
    VF_VK_FORMAT_R8G8B8A8_SNORM = 38,
    VF_VK_FORMAT_R8G8B8A8_USCALED = 39,
    VF_VK_FORMAT_R8G8B8A8_SSCALED = 40,
    VF_VK_FORMAT_R8G8B8A8_UINT = 41,
    VF_VK_FORMAT_R8G8B8A8_SINT = 42,
    VF_VK_FORMAT_R8G8B8A8_SRGB = 43,
    VF_VK_FORMAT_B8G8R8A8_UNORM = 44,
    VF_VK_FORMAT_B8G8R8A8_SNORM = 45,
    VF_VK_FORMAT_B8G8R8A8_USCALED = 46,
    VF_VK_FORMAT_B8G8R8A8_SSCALED = 47,
    VF_VK_FORMAT_B8G8R8A8_UINT = 48,
    VF_VK_FORMAT_B8G8R8A8_SINT = 49,
    VF_VK_FORMAT_B8G8R8A8_SRGB = 50,
    VF_VK_FORMAT_A8B8G8R8_UNORM_PACK32 = 51,
    VF_VK_FORMAT_A8B8G8R8_SNORM_PACK32 = 52,
    VF_VK_FORMAT_A8B8G8R8_USCALED_PACK32 = 53,
    VF_VK_FORMAT_A8B8G8R8_SSCALED_PACK32 = 54,
    VF_VK_FORMAT_A8B8G8R8_UINT_PACK32 = 55,
    VF_VK_FORMAT_A8B8G8R8_SINT_PACK32 = 56,
    VF_VK_FORMAT_A8B8G8R8_SRGB_PACK32 = 57,
    VF_VK_FORMAT_A2R10G10B10_UNORM_PACK32 = 58,
    VF_VK_FORMAT_A2R10G10B10_SNORM_PACK32 = 59,
    VF_VK_FORMAT_A2R10G10B10_USCALED_PACK32 = 60,
    VF_VK_FORMAT_A2R10G10B10_SSCALED_PACK32 = 61,
    VF_VK_FORMAT_A2R10G10B10_UINT_PACK32 = 62,
    VF_VK_FORMAT_A2R10G10B10_SINT_PACK32 = 63,
    VF_VK_FORMAT_A2B10G10R10_UNORM_PACK32 = 64,
    VF_VK_FORMAT_A2B10G10R10_SNORM_PACK32 = 65,
    VF_VK_FORMAT_A2B10G10R10_USCALED_PACK32 = 66,
    VF_VK_FORMAT_A2B10G10R10_SSCALED_PACK32 = 67,
    VF_VK_FORMAT_A2B10G10R10_UINT_PACK32 = 68,
    VF_VK_FORMAT_A2B10G10R10_SINT_PACK32 = 69,
    VF_VK_FORMAT_R16_UNORM = 70,
    VF_VK_FORMAT_R16_SNORM = 71,
    VF_VK_FORMAT_R16_USCALED = 72,
    VF_VK_FORMAT_R16_SSCALED = 73,
    VF_VK_FORMAT_R16_UINT = 74,
    VF_VK_FORMAT_R16_SINT = 75,
    VF_VK_FORMAT_R16_SFLOAT = 76,
    VF_VK_FORMAT_R16G16_UNORM = 77,
    VF_VK_FORMAT_R16G16_SNORM = 78,
    VF_VK_FORMAT_R16G16_USCALED = 79,
    VF_VK_FORMAT_R16G16_SSCALED = 80,
    VF_VK_FORMAT_R16G16_UINT = 81,
    VF_VK_FORMAT_R16G16_SINT = 82,
    VF_VK_FORMAT_R16G16_SFLOAT = 83,
    VF_VK_FORMAT_R16G16B16_UNORM = 84,
    VF_VK_FORMAT_R16G16B16_SNORM = 85,
    VF_VK_FORMAT_R16G16B16_USCALED = 86,
    VF_VK_FORMAT_R16G16B16_SSCALED = 87,
    VF_VK_FORMAT_R16G16B16_UINT = 88,
    VF_VK_FORMAT_R16G16B16_SINT = 89,
    VF_VK_FORMAT_R16G16B16_SFLOAT = 90,
    VF_VK_FORMAT_R16G16B16A16_UNORM = 91,
    VF_VK_FORMAT_R16G16B16A16_SNORM = 92,
    VF_VK_FORMAT_R16G16B16A16_USCALED = 93,
    VF_VK_FORMAT_R16G16B16A16_SSCALED = 94,
    VF_VK_FORMAT_R16G16B16A16_UINT = 95,
    VF_VK_FORMAT_R16G16B16A16_SINT = 96,
    VF_VK_FORMAT_R16G16B16A16_SFLOAT = 97,
    VF_VK_FORMAT_R32_UINT = 98,
    VF_VK_FORMAT_R32_SINT = 99,
    VF_VK_FORMAT_R32_SFLOAT = 100,
    VF_VK_FORMAT_R32G32_UINT = 101,
    VF_VK_FORMAT_R32G32_SINT = 102,
    VF_VK_FORMAT_R32G32_SFLOAT = 103,
    VF_VK_FORMAT_R32G32B32_UINT = 104,
    VF_VK_FORMAT_R32G32B32_SINT = 105,
    VF_VK_FORMAT_R32G32B32_SFLOAT = 106,
    VF_VK_FORMAT_R32G32B32A32_UINT = 107,
    VF_VK_FORMAT_R32G32B32A32_SINT = 108,
    VF_VK_FORMAT_R32G32B32A32_SFLOAT = 109,
    VF_VK_FORMAT_R64_UINT = 110,
    VF_VK_FORMAT_R64_SINT = 111,
    VF_VK_FORMAT_R64_SFLOAT = 112,
    VF_VK_FORMAT_R64G64_UINT = 113,
    VF_VK_FORMAT_R64G64_SINT = 114,
    VF_VK_FORMAT_R64G64_SFLOAT = 115,
    VF_VK_FORMAT_R64G64B64_UINT = 116,
    VF_VK_FORMAT_R64G64B64_SINT = 117,
    VF_VK_FORMAT_R64G64B64_SFLOAT = 118,
    VF_VK_FORMAT_R64G64B64A64_UINT = 119,
    VF_VK_FORMAT_R64G64B64A64_SINT = 120,
    VF_VK_FORMAT_R64G64B64A64_SFLOAT = 121,
    VF_VK_FORMAT_B10G11R11_UFLOAT_PACK32 = 122,
    VF_VK_FORMAT_LAST_VERTEX = 122 /* the largest value above */
};

/* ------------------------------------------------------------------------ */
/* Structures (== their Vk* namesakes: same size, field order and values)    */
/* ------------------------------------------------------------------------ */

/* == VkVertexInputBindingDescription */
typedef struct vf_vk_vertex_input_binding_description {
    uint32_t binding;
    uint32_t stride;      /* bytes */
    uint32_t input_rate;  /* VF_VK_VERTEX_INPUT_RATE_* */
} vf_vk_vertex_input_binding_description;

/* == VkVertexInputAttributeDescription */
typedef struct vf_vk_vertex_input_attribute_description {
    uint32_t location;
    uint32_t binding;
    uint32_t format;      /* VF_VK_FORMAT_* (VkFormat) */
    uint32_t offset;      /* bytes from the start of the binding's element */
} vf_vk_vertex_input_attribute_description;

/* == VkVertexInputBindingDivisorDescription (1.4, _KHR, _EXT) */
typedef struct vf_vk_vertex_input_binding_divisor_description {
    uint32_t binding;
    uint32_t divisor;
} vf_vk_vertex_input_binding_divisor_description;

/* == VkVertexInputBindingDescription2EXT (vkCmdSetVertexInputEXT) */
typedef struct vf_vk_vertex_input_binding_description2 {
    uint32_t s_type;      /* VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT */
    void *p_next;         /* ignored */
    uint32_t binding;
    uint32_t stride;
    uint32_t input_rate;
    uint32_t divisor;
} vf_vk_vertex_input_binding_description2;

/* == VkVertexInputAttributeDescription2EXT */
typedef struct vf_vk_vertex_input_attribute_description2 {
    uint32_t s_type;      /* VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT */
    void *p_next;         /* ignored */
    uint32_t location;
    uint32_t binding;
    uint32_t format;
    uint32_t offset;
} vf_vk_vertex_input_attribute_description2;

/* ------------------------------------------------------------------------ */
/* Formats                                                                  */
/* ------------------------------------------------------------------------ */

/* Numeric formats of vf_vk_format_desc.numeric. */
#define VF_VK_NUMERIC_UNORM 0u
#define VF_VK_NUMERIC_SNORM 1u
#define VF_VK_NUMERIC_USCALED 2u
#define VF_VK_NUMERIC_SSCALED 3u
#define VF_VK_NUMERIC_UINT 4u
#define VF_VK_NUMERIC_SINT 5u
#define VF_VK_NUMERIC_SFLOAT 6u
#define VF_VK_NUMERIC_UFLOAT 7u
#define VF_VK_NUMERIC_SRGB 8u  /* R, G, B; alpha is UNORM */

typedef struct vf_vk_format_desc {
    uint32_t format;          /* VkFormat */
    const char *name;         /* without VK_FORMAT_, e.g. "A2B10G10R10_SNORM_PACK32" */
    uint32_t bytes;           /* bytes per element */
    uint32_t num_components;
    uint32_t numeric;         /* VF_VK_NUMERIC_* */
    /* Per register component R, G, B, A: width in bits (64 for 64-bit
     * formats, 0 when absent) and the position of its lowest bit in the
     * element read as one little-endian integer. */
    uint8_t bits[4];
    uint8_t shift[4];
    uint32_t locations;       /* 2 for R64G64B64(A64), else 1 */
    int required;             /* VERTEX_BUFFER_BIT is in the spec's required tables */
    vf_format dxgi;           /* the DXGI format decoding the same bytes to the same words, or VF_FORMAT_UNKNOWN */
} vf_vk_format_desc;

/* The description of a vertex VkFormat, or NULL for any other value.
 * Static data. Thread-safe. */
VF_API const vf_vk_format_desc *vf_vk_format_info(uint32_t format);
/* Looks a format up by name, with or without VK_FORMAT_, case-sensitively:
 * VF_ERROR_UNKNOWN_NAME if none, VF_ERROR_NULL_POINTER. */
VF_API vf_result vf_vk_format_from_name(const char *name, uint32_t *format_ret);

/* Decodes one attribute of `format` at `bytes` (exactly its byte size is
 * read, any alignment) into out[4 * locations] words, as a vertex shader
 * input sees them: UNORM/SNORM correctly rounded, SCALED the integer as an
 * exact float, sRGB R,G,B to linear correctly rounded, 64-bit components
 * copied as two words (low first) with no default components (vfetch
 * writes 0 there), other missing components (0, 0, 1) with 1 as 1.0f or,
 * for UINT/SINT, 1. `out_words` is the room in out (8 is always enough).
 * VF_ERROR_NULL_POINTER, VF_ERROR_VK_FORMAT_NOT_VERTEX,
 * VF_ERROR_OUTPUT_TOO_SMALL; on error out is untouched. Integer arithmetic
 * only. Thread-safe. */
VF_API vf_result vf_vk_decode_attribute(uint32_t format, const void *bytes, uint32_t *out,
                                        size_t out_words);

/* ------------------------------------------------------------------------ */
/* Vertex input state                                                       */
/* ------------------------------------------------------------------------ */

/* vf_vk_vertex_input_options.features bits: the device features the
 * state may use (VkPhysicalDevice*Features). */
#define VF_VK_FEATURE_INSTANCE_RATE_DIVISOR 0x1u      /* vertexAttributeInstanceRateDivisor */
#define VF_VK_FEATURE_INSTANCE_RATE_ZERO_DIVISOR 0x2u /* vertexAttributeInstanceRateZeroDivisor */
#define VF_VK_FEATURE_INDEX_TYPE_UINT8 0x4u           /* indexTypeUint8 */
#define VF_VK_FEATURE_LIST_RESTART 0x8u               /* primitiveTopologyListRestart */
#define VF_VK_FEATURE_PATCH_LIST_RESTART 0x10u        /* primitiveTopologyPatchListRestart */
#define VF_VK_FEATURE_NULL_DESCRIPTOR 0x20u           /* nullDescriptor: no buffer reads 0s, (0,0,1) */
#define VF_VK_FEATURE_LEGACY_VERTEX_ATTRIBUTES 0x40u  /* legacyVertexAttributes: no alignment rule but for 64-bit */
#define VF_VK_FEATURES_ALL 0x7fu

/* The largest limits vfetch takes. */
#define VF_VK_MAX_BINDINGS 32u
#define VF_VK_MAX_ATTRIBUTES 32u
#define VF_VK_MAX_OFFSET_LIMIT 65535u
#define VF_VK_MAX_STRIDE_LIMIT 65535u

typedef struct vf_vk_vertex_input_options {
    size_t struct_size;                 /* sizeof(vf_vk_vertex_input_options); _init sets it */
    uint32_t features;                  /* VF_VK_FEATURE_* (default: all but LEGACY_VERTEX_ATTRIBUTES) */
    /* VkPhysicalDeviceLimits (defaults: 32, 32, 2047, 2048) and
     * maxVertexAttribDivisor (default UINT32_MAX). Bindings and attributes
     * at most 32, the offset and stride limits at most 65535. */
    uint32_t max_vertex_input_bindings;
    uint32_t max_vertex_input_attributes;
    uint32_t max_vertex_input_attribute_offset;
    uint32_t max_vertex_input_binding_stride;
    uint32_t max_vertex_attrib_divisor;
    uint32_t system_values;             /* VF_SV_* bits of vfetch.h */
    uint32_t output_shape;              /* VF_OUTPUT_* */
    uint32_t isa;                       /* vf_isa */
    uint32_t generator;                 /* VF_GENERATOR_* of vfetch.h (default AUTO) */
} vf_vk_vertex_input_options;

VF_API void vf_vk_vertex_input_options_init(vf_vk_vertex_input_options *options);

typedef struct vf_vk_vertex_input vf_vk_vertex_input;

/* Compiles a VkPipelineVertexInputStateCreateInfo (its binding and
 * attribute arrays) with a VkPipelineVertexInputDivisorStateCreateInfo
 * (`divisors`, may be NULL when divisor_count is 0; a binding without one
 * has divisor 1). Arrays may be NULL when their count is 0. `options` may
 * be NULL for the defaults, `diagnostics` NULL. Checks every valid-usage
 * rule of docs/d3d-ia-rules.md §18.2 and reports all violations; on
 * success *input_ret owns a new state (vf_vk_vertex_input_destroy). On
 * failure *input_ret is NULL and the result is the first error: codes
 * 501-514, VF_ERROR_NULL_POINTER, VF_ERROR_INVALID_OPTIONS,
 * VF_ERROR_ISA_UNAVAILABLE, VF_ERROR_OUT_OF_MEMORY. Thread-safe. */
VF_API vf_result vf_vk_vertex_input_create(
    const vf_vk_vertex_input_binding_description *bindings, uint32_t binding_count,
    const vf_vk_vertex_input_attribute_description *attributes, uint32_t attribute_count,
    const vf_vk_vertex_input_binding_divisor_description *divisors, uint32_t divisor_count,
    const vf_vk_vertex_input_options *options, vf_vk_vertex_input **input_ret,
    vf_diagnostics *diagnostics);

/* The same from vkCmdSetVertexInputEXT's arrays: each binding carries its
 * divisor. Every s_type must be the struct's own
 * (VF_ERROR_VK_INVALID_STRUCTURE); p_next is not read. */
VF_API vf_result vf_vk_vertex_input_create2(
    const vf_vk_vertex_input_binding_description2 *bindings, uint32_t binding_count,
    const vf_vk_vertex_input_attribute_description2 *attributes, uint32_t attribute_count,
    const vf_vk_vertex_input_options *options, vf_vk_vertex_input **input_ret,
    vf_diagnostics *diagnostics);

/* Frees a state; NULL is ignored. No draw may be using it. */
VF_API void vf_vk_vertex_input_destroy(vf_vk_vertex_input *input);

/* 16-byte registers per record, the system register included; 0 for NULL. */
VF_API uint32_t vf_vk_vertex_input_register_count(const vf_vk_vertex_input *input);
/* The location register `index` holds (the second location of a 64-bit
 * attribute for its second register); UINT32_MAX for the system register.
 * VF_ERROR_NULL_POINTER, VF_ERROR_INVALID_ARGUMENT (index too large). */
VF_API vf_result vf_vk_vertex_input_register_location(const vf_vk_vertex_input *input,
                                                      uint32_t index, uint32_t *location_ret);
/* The engine layout the state compiled to (owned by the state): for
 * vf_layout_record_size, vf_layout_kernel_path and the like. */
VF_API const vf_layout *vf_vk_vertex_input_layout(const vf_vk_vertex_input *input);
/* How many of the state's attributes are decoded by the scalar kernels of
 * a Vulkan-only format whatever the layout's ISA (the SIMD levels have
 * kernels only for the formats DXGI has); 0 for NULL. */
VF_API uint32_t vf_vk_vertex_input_scalar_attributes(const vf_vk_vertex_input *input);

/* ------------------------------------------------------------------------ */
/* Draws                                                                    */
/* ------------------------------------------------------------------------ */

/* One binding as vkCmdBindVertexBuffers left it: `data` is the buffer's
 * memory (size bytes, the caller's, read only during a draw), `offset`
 * its pOffsets entry. A NULL data is VK_NULL_HANDLE. */
typedef struct vf_vk_vertex_buffer_binding {
    const void *data;
    uint64_t size;     /* bytes of the buffer */
    uint64_t offset;   /* bytes, < size */
} vf_vk_vertex_buffer_binding;

/* vkCmdBindIndexBuffer: data NULL means none bound. */
typedef struct vf_vk_index_buffer_binding {
    const void *data;
    uint64_t size;       /* bytes of the buffer */
    uint64_t offset;     /* bytes, < size, a multiple of the index size */
    uint32_t index_type; /* VF_VK_INDEX_TYPE_* */
} vf_vk_index_buffer_binding;

typedef struct vf_vk_draw_desc {
    size_t struct_size;                           /* sizeof(vf_vk_draw_desc); _init sets it */
    const vf_vk_vertex_buffer_binding *vertex_buffers; /* indexed by binding number */
    uint32_t num_vertex_buffers;                  /* bindings at or past this are unbound */
    const vf_vk_index_buffer_binding *index_buffer; /* vkCmdDrawIndexed only */
    uint32_t topology;                            /* VF_VK_PRIMITIVE_TOPOLOGY_* */
    uint32_t primitive_restart_enable;            /* VkBool32 */
    uint32_t indexed;                             /* 0: vkCmdDraw, 1: vkCmdDrawIndexed */
    uint32_t vertex_count;                        /* vertexCount or indexCount */
    uint32_t instance_count;
    uint32_t first_vertex;                        /* firstVertex or firstIndex */
    int32_t vertex_offset;                        /* vkCmdDrawIndexed only */
    uint32_t first_instance;
    vf_thread_pool *pool;                         /* NULL: the calling thread */
} vf_vk_draw_desc;

VF_API void vf_vk_draw_desc_init(vf_vk_draw_desc *desc);

/* Bytes a draw of `vertex_count` positions and `instance_count` instances
 * writes: vf_draw_output_size of the state's layout. */
VF_API vf_result vf_vk_draw_output_size(const vf_vk_vertex_input *input, uint32_t vertex_count,
                                        uint32_t instance_count, size_t *size_ret);

/* Runs a vkCmdDraw or vkCmdDrawIndexed (§18.3): for vertex i of instance
 * j, an INSTANCE-rate binding of divisor d reads element firstInstance +
 * j / d (firstInstance for d = 0), a VERTEX-rate one element vertexIndex =
 * firstVertex + i, or index + vertexOffset (mod 2^32) for indexed draws;
 * with primitive restart the all-ones index of the index type (0xFF,
 * 0xFFFF, 0xFFFFFFFF), compared before vertexOffset is added, is a cut in
 * every topology (a record of zeros with VF_FLAG_STRIP_CUT). Output as
 * vf_draw (16-byte aligned, out_size bytes). Elements past their buffer
 * read zeros with the format's defaults and indices past the index buffer
 * read 0, as in vf_draw. Errors (nothing written): codes 520-527,
 * VF_ERROR_NULL_POINTER, VF_ERROR_INVALID_ARGUMENT (struct_size, indexed
 * not 0/1, a binding larger than 4 GiB), VF_ERROR_OUTPUT_TOO_SMALL,
 * VF_ERROR_OVERFLOW. Thread-safe; allocates nothing. */
VF_API vf_result vf_vk_draw(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc,
                            void *out, size_t out_size, vf_diagnostics *diagnostics);

/* ------------------------------------------------------------------------ */
/* Primitives and pipeline statistics (§18.5-18.7)                          */
/* ------------------------------------------------------------------------ */

/* The primitives of a vkCmdDraw or vkCmdDrawIndexed as the input assembler
 * of Vulkan-Docs "Primitive Topologies" defines them. Each primitive is
 * the list of its vertices as position numbers within its instance (0 ..
 * vertex_count - 1, the records of vf_vk_draw's output), in the order the
 * spec gives p_i, which is the same in both provoking-vertex modes
 * (odd triangle-strip triangles as (i, i+2, i+1), fans as (i+1, i+2, 0),
 * the adjacency forms with the primitive's own vertices in slots 0, 2, 4
 * (triangles) or 1, 2 (lines)); the mode only picks the provoking vertex.
 *
 * With primitive_restart_enable on an indexed draw, a position whose
 * index is all ones for its index type (compared before vertexOffset) ends
 * the piece before it, in every topology (lists too, where the input's
 * features allow restart there): the next primitive starts after it and
 * the unfinished one is dropped. Incomplete primitives are dropped (a
 * list's trailing vertices, a strip or fan piece too short). Primitive k
 * of an instance is gl_PrimitiveID k; IDs do not restart at restart
 * indices. Every instance has the same list.
 *
 * Read from `desc`: struct_size, indexed, index_buffer, topology,
 * primitive_restart_enable, vertex_count and first_vertex (firstIndex);
 * from `input` only its features (restart in lists, uint8 indices).
 * patch_control_points is read for PATCH_LIST only (1..32, else
 * VF_ERROR_VK_INVALID_PATCH_CONTROL_POINTS). Errors, nothing written:
 * VF_ERROR_NULL_POINTER, VF_ERROR_INVALID_ARGUMENT (struct_size, indexed),
 * VF_ERROR_VK_INVALID_TOPOLOGY, VF_ERROR_VK_INVALID_PATCH_CONTROL_POINTS,
 * VF_ERROR_VK_LIST_RESTART, and for indexed draws with restart the index
 * buffer's codes 520-522 and 525. Indices past the buffer's end read 0.
 * Cost: with restart, O(vertex_count) index reads per call; otherwise
 * O(1) (count) and O(output). Nothing is allocated; thread-safe. */

/* Primitives per instance in *primitive_count_ret, vertices per primitive
 * (may be NULL), and the uint32_t words of every instance's list back to
 * back in *draw_words_ret (may be NULL; VF_ERROR_OVERFLOW when that many
 * bytes do not fit in size_t). */
VF_API vf_result vf_vk_primitive_count(const vf_vk_vertex_input *input,
                                       const vf_vk_draw_desc *desc,
                                       uint32_t patch_control_points,
                                       uint32_t *primitive_count_ret,
                                       uint32_t *vertices_per_primitive_ret,
                                       size_t *draw_words_ret);

/* Writes primitives first_primitive, first_primitive + 1, ... of one
 * instance into out[0 .. out_count) (uint32_t words, whole primitives
 * only) and *primitives_written_ret of them; provoking_out (NULL to skip,
 * else room for out_count / vertices-per-primitive words) receives each
 * primitive's provoking vertex as a position number (VK_EXT_provoking_vertex:
 * provoking_vertex_mode VF_VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX or
 * _LAST_VERTEX, else VF_ERROR_VK_INVALID_PROVOKING_VERTEX_MODE), or
 * UINT32_MAX for patches, which have none. A first_primitive at or past
 * the count writes nothing and gives 0; VF_ERROR_OUTPUT_TOO_SMALL when
 * primitives remain and not one fits. primitives_written_ret must not be
 * NULL, nor out when out_count > 0 (VF_ERROR_NULL_POINTER). */
VF_API vf_result vf_vk_draw_primitives(const vf_vk_vertex_input *input,
                                       const vf_vk_draw_desc *desc,
                                       uint32_t provoking_vertex_mode,
                                       uint32_t patch_control_points, uint32_t first_primitive,
                                       uint32_t *out, size_t out_count, uint32_t *provoking_out,
                                       uint32_t *primitives_written_ret);

/* VK_QUERY_PIPELINE_STATISTIC_* of one draw as Vulkan-Docs
 * chapters/queries.adoc lets a driver report them, each as the interval
 * [min, max] a conforming counter lies in, for the whole draw (all
 * instances):
 *  - INPUT_ASSEMBLY_VERTICES: min counts the positions the complete
 *    primitives use; max every position, restart indices and the vertices
 *    of incomplete primitives included ("may contribute").
 *  - INPUT_ASSEMBLY_PRIMITIVES: min the complete primitives (restart adds
 *    none); max adds one per piece that ends in an incomplete primitive
 *    ("may be counted").
 *  - VERTEX_SHADER_INVOCATIONS: min one per distinct vertex the complete
 *    primitives use (by index value for indexed draws: a post-transform
 *    cache may shade each once); max one per position that is not a
 *    restart index (no reuse, incomplete primitives shaded).
 * Inputs and errors as vf_vk_primitive_count; VF_ERROR_NULL_POINTER when
 * stats is NULL. Cost O(vertex_count) reads, plus for indexed draws a
 * sorted copy of the indices the complete primitives use, to count the
 * distinct ones: 4 bytes a position allocated for the call and freed
 * before it returns, O(n log n); VF_ERROR_OUT_OF_MEMORY when that
 * allocation fails. Thread-safe. */
typedef struct vf_vk_pipeline_statistics {
    uint64_t ia_vertices_min, ia_vertices_max;
    uint64_t ia_primitives_min, ia_primitives_max;
    uint64_t vs_invocations_min, vs_invocations_max;
} vf_vk_pipeline_statistics;

VF_API vf_result vf_vk_pipeline_statistics_get(const vf_vk_vertex_input *input,
                                               const vf_vk_draw_desc *desc,
                                               uint32_t patch_control_points,
                                               vf_vk_pipeline_statistics *stats);

/* ------------------------------------------------------------------------ */
/* Out-of-bounds reads under the robustness modes (§17.8)                   */
/* ------------------------------------------------------------------------ */

/* The values a conforming driver may give the words of a Vulkan draw's
 * records under one of vfetch_robust.h's modes, named by location: the
 * Vulkan counterpart of vf_robust_set_at / _count / _list / _allows /
 * _describe, with the same reasons (VF_ROBUST_OUTSIDE ...) and members
 * (VF_ROBUST_ALLOW_*). The draw is the one vf_vk_draw takes: bounds are
 * the binding's [offset, size) of the buffer as bound, the element number
 * that of vf_vk_draw (firstVertex + i, index + vertexOffset, firstInstance
 * + instance / divisor, divisor 0 never advancing), addresses in 64 bits.
 * VF_ROBUST_D3D gives exactly vf_vk_draw's words. A binding with no buffer
 * (nullDescriptor) reads as a null buffer in every Vulkan mode: zeros with
 * (0, 0, 1) for missing G, B, A, exactly. The words of a 64-bit attribute
 * that its format does not provide (no defaults: the "-" of Vulkan's
 * 64-bit table) are never listed; the attribute is bounded per location,
 * as vf_vk_draw reads it. Calls are thread-safe, allocate nothing, read
 * the caller's buffers only within their sizes and, on error, write
 * nothing. */
typedef struct vf_vk_robust_set {
    uint32_t instance;   /* 0-based instance of the draw */
    uint32_t position;   /* index position within the instance (vf_vk_draw's record) */
    uint32_t location;   /* shader Location of the word */
    uint32_t component;  /* 0..3 = x..w of that location */
    uint32_t reg;        /* register of vf_vk_draw's record holding the location */
    uint32_t reason;     /* VF_ROBUST_IN_BOUNDS .. VF_ROBUST_INDEX_PAST */
    uint32_t allow;      /* VF_ROBUST_ALLOW_* bits; never 0 */
    uint32_t exact;      /* vf_vk_draw's word, or the mode's fixed value */
    uint32_t one;        /* for VF_ROBUST_ALLOW_ONE: 1.0f, 1, or a word of 1.0 / 1 as 64 bits */
    uint32_t max_int;    /* for VF_ROBUST_ALLOW_MAX_INT: a word of the largest integer */
    uint32_t binding;    /* the attribute's binding */
    uint32_t format;     /* the attribute's VkFormat */
    uint32_t source;     /* word of vf_vk_decode_attribute's output: 4 * (location - the attribute's) + component */
    uint32_t align;      /* for VF_ROBUST_ALLOW_RANGE: address step in bytes (component size, whole size when packed) */
    uint64_t range_bytes;/* for VF_ROBUST_ALLOW_RANGE: the format decoded at any a, a multiple of align,
                          * a + format size <= range_bytes, from the start of the binding's buffer */
} vf_vk_robust_set;

/* The set of `component` of `location` in the record of `position` in
 * `instance`, under `mode`, into *set_ret; reason VF_ROBUST_IN_BOUNDS and
 * allow VF_ROBUST_ALLOW_EXACT when the word is exact. Reads the index at
 * that position and the bytes that record fetches. Errors: VF_ERROR_NULL_POINTER,
 * VF_ERROR_INVALID_ROBUST_MODE, any error vf_vk_draw gives for the draw
 * but those of its output, VF_ERROR_INVALID_RANGE (instance or position
 * outside the draw), VF_ERROR_INVALID_ARGUMENT (no attribute fills the
 * location, component > 3). */
VF_API vf_result vf_vk_robust_set_at(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc,
                                     uint32_t mode, uint32_t instance, uint32_t position,
                                     uint32_t location, uint32_t component,
                                     vf_vk_robust_set *set_ret);

/* How many words vf_vk_robust_list lists: every word of an attribute whose
 * reason is not VF_ROBUST_IN_BOUNDS (the system register never). Errors as
 * vf_vk_robust_set_at but for the range and argument ones. O(draw). */
VF_API vf_result vf_vk_robust_count(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc,
                                    uint32_t mode, uint64_t *count_ret);

/* Lists them from the `first`-th (in the order instance, position,
 * location, component) into out[0 .. capacity - 1]; *written_ret is how
 * many (fewer than capacity only at the end). out may be NULL when
 * capacity is 0. Errors as vf_vk_robust_count, and VF_ERROR_NULL_POINTER
 * for a NULL written_ret or a NULL out with capacity > 0. */
VF_API vf_result vf_vk_robust_list(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc,
                                   uint32_t mode, uint64_t first, vf_vk_robust_set *out,
                                   size_t capacity, size_t *written_ret);

/* Whether `word` is in `set` (*allowed_ret 1 or 0). `desc` is the draw the
 * set was made for; only the buffer of the set's binding is read, for
 * VF_ROBUST_ALLOW_RANGE: at most range_bytes / align decodes, stopping at
 * the first match. VF_ERROR_NULL_POINTER; VF_ERROR_INVALID_ARGUMENT for a
 * set these calls could not make (allow 0 or unknown bits; a RANGE member
 * whose binding has no buffer in desc, range_bytes past the buffer's size,
 * format not a vertex VkFormat, source past its words, align not 1, 2, 4
 * or 8). *allowed_ret is unchanged on error. */
VF_API vf_result vf_vk_robust_allows(const vf_vk_draw_desc *desc, const vf_vk_robust_set *set,
                                     uint32_t word, int *allowed_ret);

/* The set in words into buf (NUL-terminated, cut at size bytes), e.g.
 * "{0x00000000, 0x3f800000, A2B10G10R10_SNORM_PACK32.w of binding 0 bytes
 * [0, 24) step 4}". Returns the length the whole text needs (as snprintf);
 * 0 with nothing written when set is NULL, or buf is NULL and size is not 0. */
VF_API size_t vf_vk_robust_describe(const vf_vk_robust_set *set, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* VFETCH_VULKAN_H */
