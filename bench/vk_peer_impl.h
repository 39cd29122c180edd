/*
 * vk_peer_impl.h - what vk_peer.c (the device, buffers, command buffers and
 * timing) and vk_peer_pipeline.c (the shader and the graphics pipeline)
 * share. Not for the rest of the bench: vk_peer.h is the interface.
 */
#ifndef VF_BENCH_VK_PEER_IMPL_H
#define VF_BENCH_VK_PEER_IMPL_H

#include <vulkan/vulkan.h>

#include "vk_peer.h"

struct vk_buf {
    VkBuffer buf;
    VkDeviceMemory mem;
    void *map;
};

struct vk_peer {
    VkInstance instance;
    VkPhysicalDevice phys;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties memprops;
    uint32_t sm_count;          /* 0 when unknown */
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family;
    int device_mode;            /* device-local buffers, records read back */
    int timestamps;             /* device mode with usable timestamps */
    uint64_t ts_mask;           /* the valid bits of a timestamp */
    uint32_t ts_bits;
    char row[48];
    VkCommandPool cmd_pool;
    VkFence fence;
    VkQueryPool queries;        /* two timestamps, when `timestamps` */

    /* Per draw (vk_peer_prepare .. vk_peer_release). */
    int prepared;
    struct vk_peer_draw draw;   /* its buffer pointers are not kept valid */
    struct vk_buf vb[VK_PEER_MAX_SLOTS];
    struct vk_buf ib;
    struct vk_buf out;          /* the records the shader writes */
    struct vk_buf readback;     /* device mode: the records copied back */
    VkDeviceSize out_size;
    VkShaderModule module;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout pipe_layout;
    VkRenderPass render_pass;
    VkFramebuffer framebuffer;
    VkPipeline pipeline;
    VkDescriptorPool desc_pool;
    VkDescriptorSet set;
    VkCommandBuffer cmd;        /* the timed draws */
    uint32_t cmd_draws;         /* draws `cmd` holds */
    VkCommandBuffer check_cmd;  /* device mode: fill, one draw, read back */
};

/* "what failed (VkResult r)" into msg. */
void vk_peer_msg(char *msg, size_t size, const char *what, VkResult r);

/* The shader module, layouts, render pass, framebuffer and pipeline of the
 * draw (vk_peer_pipeline.c): 0, or -1 with a message. */
int vk_peer_make_pipeline(struct vk_peer *p, const struct vk_peer_draw *d, char *msg,
                          size_t msg_size);

#endif
