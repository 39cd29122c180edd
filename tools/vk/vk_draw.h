/*
 * vk_draw.h - the one draw of vfetch-vk's runs and of vfetch-bench's peer:
 * the render pass with the pipeline bound and the draws in it
 * (vkf_cmd_draw), the draw recorded, submitted and waited for
 * (vkf_draw_wait), and the storage buffer the shaders write
 * (vkf_output_buf_create, the one check against maxStorageBufferRange).
 * Not installed.
 */
#ifndef VF_TOOLS_VK_VK_DRAW_H
#define VF_TOOLS_VK_VK_DRAW_H

#include "vk_device.h"
#include "vk_pipeline.h"

/* Vertex buffer bindings a draw can name: D3D's 32 input slots. */
#define VKF_DRAW_MAX_BINDINGS 32u

/* What vkf_cmd_draw records. Counts of zero record no draw (the pass is
 * still opened and closed). */
struct vkf_draw_cmd {
    VkBuffer vertex_buffers[VKF_DRAW_MAX_BINDINGS]; /* by binding, offset 0; NULL: unbound */
    /* With bind_sizes (the device's info.bind_sizes): the bytes bound of
     * each buffer, through vkCmdBindVertexBuffers2, 0 allowed; else each
     * whole buffer is bound. */
    VkDeviceSize vertex_sizes[VKF_DRAW_MAX_BINDINGS];
    int bind_sizes;
    /* Bit per binding bound to VK_NULL_HANDLE (needs nullDescriptor). */
    uint32_t null_bindings;
    VkBuffer index_buffer;        /* VK_NULL_HANDLE: a non-indexed draw */
    VkIndexType index_type;
    uint32_t vertex_count;        /* vertices, or indices, per instance */
    uint32_t instance_count;
    uint32_t first_vertex;        /* firstVertex, or firstIndex of an indexed draw */
    int32_t vertex_offset;        /* an indexed draw's vertexOffset */
    uint32_t first_instance;
    uint32_t repeat;              /* identical draws in the pass; 0 counts as 1 */
    const void *push;             /* vertex stage push constants, or NULL */
    uint32_t push_bytes;
    /* An indirect draw (repeat ignored): one draw whose arguments (a
     * VkDrawIndirectCommand, or VkDrawIndexedIndirectCommand with an index
     * buffer) lie at indirect_offset of indirect_buffer, which has
     * VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT; the counts above then only say
     * not looked at. With a
     * count_buffer (the device's info.indirect_count), the draw is
     * vkCmdDraw*IndirectCount with maxDrawCount 1 and the count at
     * count_offset. VK_NULL_HANDLE: a direct draw. */
    VkBuffer indirect_buffer;
    VkDeviceSize indirect_offset;
    VkBuffer count_buffer;
    VkDeviceSize count_offset;
    uint32_t indirect_stride;     /* the count variants' stride (a multiple of 4) */
};

/* Into cb: opens p's render pass, binds p, its set and cmd's buffers,
 * records the draws and closes the pass. */
void vkf_cmd_draw(struct vkf_device *d, VkCommandBuffer cb, const struct vkf_pipeline *p,
                  const struct vkf_draw_cmd *cmd);

/* vkf_cmd_draw in a command buffer of its own, then a barrier that makes
 * the shaders' stores visible to the host; submits it and waits up to
 * timeout_ns. 0, or -1 with a message. */
int vkf_draw_wait(struct vkf_device *d, const struct vkf_pipeline *p,
                  const struct vkf_draw_cmd *cmd, uint64_t timeout_ns, char *err,
                  size_t err_size);

/* The most bytes a draw's output buffer may have: maxStorageBufferRange,
 * and no more than cap (0: no cap of the caller's). */
uint64_t vkf_output_limit(const struct vkf_device *d, uint64_t cap);

/* vkf_output_buf_create's answer when the output is larger than
 * vkf_output_limit: nothing is made, and err says which limit it passed
 * (a caller may say instead what the limit means to it). */
#define VKF_OUTPUT_TOO_LARGE 1

/* A storage buffer (usage adds to VK_BUFFER_USAGE_STORAGE_BUFFER_BIT) of
 * `bytes` in `place`: 0, VKF_OUTPUT_TOO_LARGE, or -1 with a message
 * (the caller still destroys b). */
int vkf_output_buf_create(struct vkf_device *d, struct vkf_buf *b, uint64_t bytes, uint64_t cap,
                          VkBufferUsageFlags usage, enum vkf_place place, char *err,
                          size_t err_size);

#endif /* VF_TOOLS_VK_VK_DRAW_H */
