/*
 * vk_pipeline.h - the pipeline object of vfetch-vk's runs (vk_run.c,
 * vk_prim.c) and of vfetch-bench's peer: shader modules, a descriptor set
 * of storage buffers, the pipeline layout, an empty render pass with its
 * 1x1 framebuffer and a graphics pipeline with the rasterizer discarded,
 * made by vkf_pipeline_create and freed by vkf_pipeline_destroy. The
 * shaders write what they see to the storage buffers; nothing is drawn.
 * Draws with it are recorded by vk_draw.h.
 * Not installed.
 */
#ifndef VF_TOOLS_VK_PIPELINE_H
#define VF_TOOLS_VK_PIPELINE_H

#include "vk_device.h"

#define VKF_MAX_STAGES 3u
#define VKF_MAX_STORAGE 2u

/* One shader stage: its SPIR-V (copied into the module: the caller keeps
 * ownership) and specialisation constants (or NULL). */
struct vkf_stage {
    VkShaderStageFlagBits stage;
    const uint32_t *code;
    size_t size;                         /* bytes */
    const VkSpecializationInfo *spec;
};

struct vkf_pipeline_desc {
    struct vkf_stage stages[VKF_MAX_STAGES];
    uint32_t num_stages;
    /* Storage buffers at bindings 0.., whole, seen by storage_stages. */
    VkBuffer storage[VKF_MAX_STORAGE];
    uint32_t num_storage;
    VkShaderStageFlags storage_stages;
    uint32_t push_constant_bytes;        /* vertex stage push constants, 0: none */
    /* The vertex input, or NULL for none (no attribute is fetched). */
    const VkPipelineVertexInputStateCreateInfo *vertex_input;
    VkPrimitiveTopology topology;
    int restart;                         /* primitiveRestartEnable */
    uint32_t patch_control_points;       /* with tessellation stages, else 0 */
    int provoking_last;                  /* LAST_VERTEX (needs provokingVertexLast) */
};

struct vkf_pipeline {
    VkShaderModule modules[VKF_MAX_STAGES];
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkRenderPass render_pass;
    VkFramebuffer framebuffer;
    VkPipeline pipeline;
    VkDescriptorPool pool;
    VkDescriptorSet set;
};

/* Makes everything of *p from desc: 0, or -1 with a message (the caller
 * still destroys p). p must be zeroed, or destroyed, before. */
int vkf_pipeline_create(struct vkf_device *d, const struct vkf_pipeline_desc *desc,
                        struct vkf_pipeline *p, char *err, size_t err_size);
/* Frees what *p holds and zeroes it; the device must be done with it. */
void vkf_pipeline_destroy(struct vkf_device *d, struct vkf_pipeline *p);

#endif /* VF_TOOLS_VK_PIPELINE_H */
