/*
 * vk_pipeline.c - the pipeline object (vk_pipeline.h): the same Vulkan
 * objects for every capture of vfetch-vk and for the bench's peer, so
 * that they are created and destroyed in one place.
 */
#include <stdio.h>
#include <string.h>

#include "vk_pipeline.h"

static void fail(char *err, size_t err_size, const char *what, VkResult vr)
{
    snprintf(err, err_size, "%s failed (%d)", what, (int)vr);
}

static int create_modules(struct vkf_device *d, const struct vkf_pipeline_desc *desc,
                          struct vkf_pipeline *p, char *err, size_t err_size)
{
    for (uint32_t i = 0; i < desc->num_stages; i++) {
        VkShaderModuleCreateInfo mci = {
            .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
            .codeSize = desc->stages[i].size,
            .pCode = desc->stages[i].code,
        };
        VkResult vr = d->vkCreateShaderModule(d->device, &mci, NULL, &p->modules[i]);
        if (vr != VK_SUCCESS) {
            fail(err, err_size, "vkCreateShaderModule", vr);
            return -1;
        }
    }
    return 0;
}

/* The set layout, the pipeline layout, and an empty render pass with its
 * 1x1 framebuffer (the pipeline writes no attachment). */
static int create_layouts(struct vkf_device *d, const struct vkf_pipeline_desc *desc,
                          struct vkf_pipeline *p, char *err, size_t err_size)
{
    VkDescriptorSetLayoutBinding dsb[VKF_MAX_STORAGE];
    VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = desc->num_storage,
        .pBindings = dsb,
    };
    VkPushConstantRange pcr = { VK_SHADER_STAGE_VERTEX_BIT, 0, desc->push_constant_bytes };
    VkPipelineLayoutCreateInfo plci = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = 1,
        .pSetLayouts = &p->set_layout,
        .pushConstantRangeCount = desc->push_constant_bytes ? 1u : 0u,
        .pPushConstantRanges = &pcr,
    };
    VkSubpassDescription sub = { .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS };
    VkRenderPassCreateInfo rpci = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
        .subpassCount = 1,
        .pSubpasses = &sub,
    };
    VkFramebufferCreateInfo fci = {
        .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
        .width = 1,
        .height = 1,
        .layers = 1,
    };
    VkResult vr;

    for (uint32_t k = 0; k < desc->num_storage; k++)
        dsb[k] = (VkDescriptorSetLayoutBinding){ k, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                                 desc->storage_stages, NULL };
    if ((vr = d->vkCreateDescriptorSetLayout(d->device, &dslci, NULL, &p->set_layout)) !=
            VK_SUCCESS ||
        (vr = d->vkCreatePipelineLayout(d->device, &plci, NULL, &p->layout)) != VK_SUCCESS) {
        fail(err, err_size, "vkCreateDescriptorSetLayout/vkCreatePipelineLayout", vr);
        return -1;
    }
    if ((vr = d->vkCreateRenderPass(d->device, &rpci, NULL, &p->render_pass)) != VK_SUCCESS) {
        fail(err, err_size, "vkCreateRenderPass", vr);
        return -1;
    }
    fci.renderPass = p->render_pass;
    if ((vr = d->vkCreateFramebuffer(d->device, &fci, NULL, &p->framebuffer)) != VK_SUCCESS) {
        fail(err, err_size, "vkCreateFramebuffer", vr);
        return -1;
    }
    return 0;
}

/* The graphics pipeline: the stages given, rasterisation discarded (so no
 * viewport or multisample state). */
static int create_graphics(struct vkf_device *d, const struct vkf_pipeline_desc *desc,
                           struct vkf_pipeline *p, char *err, size_t err_size)
{
    VkPipelineShaderStageCreateInfo st[VKF_MAX_STAGES];
    const VkPipelineVertexInputStateCreateInfo no_input = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
    };
    VkPipelineInputAssemblyStateCreateInfo ia = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = desc->topology,
        .primitiveRestartEnable = desc->restart ? VK_TRUE : VK_FALSE,
    };
    VkPipelineTessellationStateCreateInfo ts = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
        .patchControlPoints = desc->patch_control_points,
    };
    VkPipelineRasterizationProvokingVertexStateCreateInfoEXT pv = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT,
        .provokingVertexMode = VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT,
    };
    VkPipelineRasterizationStateCreateInfo rs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .pNext = desc->provoking_last ? &pv : NULL,
        .rasterizerDiscardEnable = VK_TRUE,
        .polygonMode = VK_POLYGON_MODE_FILL,
        .cullMode = VK_CULL_MODE_NONE,
        .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
        .lineWidth = 1.0f,
    };
    VkGraphicsPipelineCreateInfo gpci = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
        .stageCount = desc->num_stages,
        .pStages = st,
        .pVertexInputState = desc->vertex_input ? desc->vertex_input : &no_input,
        .pInputAssemblyState = &ia,
        .pTessellationState = desc->patch_control_points ? &ts : NULL,
        .pRasterizationState = &rs,
        .layout = p->layout,
        .renderPass = p->render_pass,
        .subpass = 0,
    };
    VkResult vr;

    for (uint32_t i = 0; i < desc->num_stages; i++)
        st[i] = (VkPipelineShaderStageCreateInfo){
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = desc->stages[i].stage,
            .module = p->modules[i],
            .pName = "main",
            .pSpecializationInfo = desc->stages[i].spec,
        };
    vr = d->vkCreateGraphicsPipelines(d->device, VK_NULL_HANDLE, 1, &gpci, NULL, &p->pipeline);
    if (vr != VK_SUCCESS) {
        fail(err, err_size, "vkCreateGraphicsPipelines", vr);
        return -1;
    }
    return 0;
}

/* The descriptor set naming the storage buffers. */
static int create_set(struct vkf_device *d, const struct vkf_pipeline_desc *desc,
                      struct vkf_pipeline *p, char *err, size_t err_size)
{
    VkDescriptorPoolSize ps = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                desc->num_storage ? desc->num_storage : 1 };
    VkDescriptorPoolCreateInfo dpci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = 1,
        .poolSizeCount = 1,
        .pPoolSizes = &ps,
    };
    VkDescriptorSetAllocateInfo dsai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorSetCount = 1,
        .pSetLayouts = &p->set_layout,
    };
    VkDescriptorBufferInfo dbi[VKF_MAX_STORAGE];
    VkWriteDescriptorSet w[VKF_MAX_STORAGE];
    VkResult vr;

    if ((vr = d->vkCreateDescriptorPool(d->device, &dpci, NULL, &p->pool)) != VK_SUCCESS) {
        fail(err, err_size, "vkCreateDescriptorPool", vr);
        return -1;
    }
    dsai.descriptorPool = p->pool;
    if ((vr = d->vkAllocateDescriptorSets(d->device, &dsai, &p->set)) != VK_SUCCESS) {
        fail(err, err_size, "vkAllocateDescriptorSets", vr);
        return -1;
    }
    for (uint32_t k = 0; k < desc->num_storage; k++) {
        dbi[k] = (VkDescriptorBufferInfo){ desc->storage[k], 0, VK_WHOLE_SIZE };
        w[k] = (VkWriteDescriptorSet){
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstSet = p->set,
            .dstBinding = k,
            .descriptorCount = 1,
            .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
            .pBufferInfo = &dbi[k],
        };
    }
    d->vkUpdateDescriptorSets(d->device, desc->num_storage, w, 0, NULL);
    return 0;
}

int vkf_pipeline_create(struct vkf_device *d, const struct vkf_pipeline_desc *desc,
                        struct vkf_pipeline *p, char *err, size_t err_size)
{
    if (desc->num_stages == 0 || desc->num_stages > VKF_MAX_STAGES ||
        desc->num_storage > VKF_MAX_STORAGE) {
        snprintf(err, err_size, "a pipeline of %u stages and %u storage buffers",
                 desc->num_stages, desc->num_storage);
        return -1;
    }
    if (create_modules(d, desc, p, err, err_size) != 0 ||
        create_layouts(d, desc, p, err, err_size) != 0 ||
        create_graphics(d, desc, p, err, err_size) != 0 ||
        create_set(d, desc, p, err, err_size) != 0)
        return -1;
    return 0;
}

void vkf_pipeline_destroy(struct vkf_device *d, struct vkf_pipeline *p)
{
    if (p->pool)
        d->vkDestroyDescriptorPool(d->device, p->pool, NULL); /* frees the set */
    if (p->pipeline)
        d->vkDestroyPipeline(d->device, p->pipeline, NULL);
    if (p->framebuffer)
        d->vkDestroyFramebuffer(d->device, p->framebuffer, NULL);
    if (p->render_pass)
        d->vkDestroyRenderPass(d->device, p->render_pass, NULL);
    if (p->layout)
        d->vkDestroyPipelineLayout(d->device, p->layout, NULL);
    if (p->set_layout)
        d->vkDestroyDescriptorSetLayout(d->device, p->set_layout, NULL);
    for (uint32_t i = 0; i < VKF_MAX_STAGES; i++)
        if (p->modules[i])
            d->vkDestroyShaderModule(d->device, p->modules[i], NULL);
    memset(p, 0, sizeof(*p));
}
