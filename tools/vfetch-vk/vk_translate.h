/*
 * vk_translate.h - a case's draw in Vulkan terms: vertex bindings,
 * attributes, divisors, and the index keys the generated shader stores its
 * records by. Pure: no Vulkan call (the device's capabilities come in a
 * struct), so it is tested without a driver. Not installed.
 */
#ifndef VF_TOOLS_VK_TRANSLATE_H
#define VF_TOOLS_VK_TRANSLATE_H

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include "vk_format.h"
#include "vk_run.h"
#include "vk_shader.h"

/* Largest output or padded index buffer the tool allocates, in bytes. */
#define VKF_MAX_ALLOCATION ((uint64_t)256 << 20)

/* What a device offers for vertex input. */
struct vkf_caps {
    uint32_t max_attributes;        /* maxVertexInputAttributes */
    uint32_t max_attribute_offset;  /* maxVertexInputAttributeOffset */
    uint32_t max_binding_stride;    /* maxVertexInputBindingStride */
    uint32_t max_bindings;          /* maxVertexInputBindings */
    int divisor;                    /* a vertex attribute divisor extension is enabled */
    int divisor_rate;               /* vertexAttributeInstanceRateDivisor */
    int divisor_zero;               /* vertexAttributeInstanceRateZeroDivisor */
    int divisor_first_instance;     /* divided bindings honour firstInstance */
    uint32_t max_divisor;           /* maxVertexAttribDivisor */
    int null_descriptor;            /* nullDescriptor: unbound slots bound to VK_NULL_HANDLE */
    /* Vertex buffers bound with their views' sizes (vkCmdBindVertexBuffers2,
     * --vertex-buffers sized), else each buffer is the view: an empty view
     * then needs nullDescriptor (a VK_NULL_HANDLE binding). */
    int sized_bindings;
    /* Nonzero when the device has VERTEX_BUFFER_BIT for the VkFormat. */
    int (*vertex_format)(const void *ctx, uint32_t vk_format);
    const void *ctx;
};

/* The vertex input state of one case, and what the shader is told. */
struct vkf_vertex_input {
    struct vkf_shader_element shader[VF_MAX_ELEMENTS];
    VkVertexInputBindingDescription bindings[VF_MAX_INPUT_SLOTS];
    VkVertexInputBindingDivisorDescriptionEXT divisors[VF_MAX_INPUT_SLOTS];
    VkVertexInputAttributeDescription attributes[VF_MAX_ELEMENTS];
    int32_t slot_binding[VF_MAX_INPUT_SLOTS]; /* binding of each input slot, -1: none */
    uint32_t num_bindings, num_divisors, num_attributes;
};

/*
 * One binding per input slot with fetched elements (stride the view's
 * StrideInBytes), one attribute per element at location = element index
 * and offset offsets[e], a divisor per per-instance binding whose step rate
 * is not 1. An element of an unbound slot is fetched from a binding of its
 * own where the device has nullDescriptor (vk_run.c binds VK_NULL_HANDLE
 * there). An element the device cannot fetch gets no attribute: its
 * res->status[e] and res->note[e] say why (res->status[] of fetched
 * elements is VKF_ELEM_FETCHED). c->num_elements <= VF_MAX_ELEMENTS.
 */
void vkf_translate_elements(const struct vf_case *c, const uint32_t *offsets,
                            const struct vkf_caps *caps, struct vkf_vertex_input *vi,
                            struct vkf_result *res);

/* Index values of an indexed draw, as the shader keys its records. */
struct vkf_index_keys {
    uint32_t index_size;     /* 2 or 4 bytes */
    int restart;             /* a strip with a cut value: primitive restart */
    uint64_t bytes;          /* bytes of the index buffer up to the last position read */
    int padded;              /* the draw reads past SizeInBytes or has no buffer: zeros */
    uint32_t *position_key;  /* [V] key of each position, UINT32_MAX for a cut */
    uint32_t *keys;          /* the distinct index values read, ascending */
    uint32_t num_keys;
};

/* Reads the draw's indices as D3D does (zero past SizeInBytes or with no
 * buffer, rules 5.1) into k (freed with vkf_index_keys_free). Returns 0, or
 * VKF_EXIT_USAGE with a message in err for an index format other than
 * R16/R32_UINT, a range past VKF_MAX_ALLOCATION or no memory. */
int vkf_translate_indices(const vf_draw_desc *draw, struct vkf_index_keys *k, char *err,
                          size_t err_size);
void vkf_index_keys_free(struct vkf_index_keys *k);

#endif /* VF_TOOLS_VK_TRANSLATE_H */
