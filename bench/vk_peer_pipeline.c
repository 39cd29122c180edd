/*
 * vk_peer_pipeline.c - the peer's graphics pipeline: the vertex shader of
 * the layout (peer.vert, compiled by glslc at build time, one module per
 * bench layout), the vertex input state of the draw, and a vertex stage
 * alone with the rasterizer discarded.
 */
#include <stdio.h>
#include <string.h>

#include "vk_peer_impl.h"

static const uint32_t spv_static[] =
#include "bench/peer_static.spv.h"
    ;
static const uint32_t spv_skinned[] =
#include "bench/peer_skinned.spv.h"
    ;
static const uint32_t spv_instanced[] =
#include "bench/peer_instanced.spv.h"
    ;
static const uint32_t spv_particles[] =
#include "bench/peer_particles.spv.h"
    ;

static const struct {
    const char *layout;
    const uint32_t *code;
    size_t size;
} shaders[] = {
    /* multistream has the static mesh's inputs in other slots */
    { "static", spv_static, sizeof(spv_static) },
    { "multistream", spv_static, sizeof(spv_static) },
    { "skinned", spv_skinned, sizeof(spv_skinned) },
    { "instanced", spv_instanced, sizeof(spv_instanced) },
    { "particles", spv_particles, sizeof(spv_particles) },
};

/* The Vulkan format with the same bits and conversion as a DXGI vertex
 * format of the bench layouts, or VK_FORMAT_UNDEFINED. */
static VkFormat vk_format(vf_format f)
{
    switch (f) {
    case VF_FORMAT_R32G32B32A32_FLOAT: return VK_FORMAT_R32G32B32A32_SFLOAT;
    case VF_FORMAT_R32G32B32_FLOAT: return VK_FORMAT_R32G32B32_SFLOAT;
    case VF_FORMAT_R16G16B16A16_SNORM: return VK_FORMAT_R16G16B16A16_SNORM;
    /* DXGI names components from the low bits up, Vulkan's PACK32 from the top. */
    case VF_FORMAT_R10G10B10A2_UNORM: return VK_FORMAT_A2B10G10R10_UNORM_PACK32;
    case VF_FORMAT_R16G16_FLOAT: return VK_FORMAT_R16G16_SFLOAT;
    case VF_FORMAT_R8G8B8A8_UNORM: return VK_FORMAT_R8G8B8A8_UNORM;
    case VF_FORMAT_R8G8B8A8_UINT: return VK_FORMAT_R8G8B8A8_UINT;
    default: return VK_FORMAT_UNDEFINED;
    }
}

/* The attribute's format: 0, or -1 with a message when Vulkan has no
 * equivalent or the device cannot fetch it from a vertex buffer. */
static int attr_format(const struct vk_peer *p, vf_format f, VkFormat *ret, char *msg,
                       size_t msg_size)
{
    VkFormatProperties fp;

    *ret = vk_format(f);
    if (*ret == VK_FORMAT_UNDEFINED) {
        snprintf(msg, msg_size, "no Vulkan format for DXGI format %u", f);
        return -1;
    }
    vkGetPhysicalDeviceFormatProperties(p->phys, *ret, &fp);
    if (!(fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT)) {
        snprintf(msg, msg_size, "VkFormat %d is not a vertex format on this device", (int)*ret);
        return -1;
    }
    return 0;
}

/* The vertex input bindings (one per used slot, their count into *nb) and
 * attributes (one per element): 0, or -1 with a message. */
static int peer_vertex_input(const struct vk_peer *p, const struct vk_peer_draw *d,
                             VkVertexInputBindingDescription *bindings,
                             VkVertexInputAttributeDescription *attrs, uint32_t *nb_ret,
                             char *msg, size_t msg_size)
{
    uint32_t nb = 0;

    for (uint32_t s = 0; s < d->nslots; s++) {
        if (d->vb[s] == NULL)
            continue;
        if (d->per_instance[s] && d->step[s] != 1) {
            snprintf(msg, msg_size, "step rate %u needs VK_EXT_vertex_attribute_divisor",
                     d->step[s]);
            return -1;
        }
        bindings[nb].binding = s;
        bindings[nb].stride = d->stride[s];
        bindings[nb].inputRate =
            d->per_instance[s] ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX;
        nb++;
    }
    for (uint32_t e = 0; e < d->num_elems; e++) {
        attrs[e].location = e;
        attrs[e].binding = d->elems[e].input_slot;
        attrs[e].offset = d->offsets[e];
        if (attr_format(p, d->elems[e].format, &attrs[e].format, msg, msg_size) != 0)
            return -1;
    }
    *nb_ret = nb;
    return 0;
}

/* The shader module, the layouts, and an empty render pass with its 1x1
 * framebuffer (the pipeline writes no attachment). */
static int make_layouts(struct vk_peer *p, const uint32_t *code, size_t code_size, char *msg,
                        size_t msg_size)
{
    VkResult r;

    VkShaderModuleCreateInfo smci = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = code_size,
        .pCode = code,
    };
    VkDescriptorSetLayoutBinding binding = {
        .binding = 0,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        .descriptorCount = 1,
        .stageFlags = VK_SHADER_STAGE_VERTEX_BIT,
    };
    VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 1,
        .pBindings = &binding,
    };
    VkPushConstantRange pcr = { VK_SHADER_STAGE_VERTEX_BIT, 0, 4 };
    if ((r = vkCreateShaderModule(p->device, &smci, NULL, &p->module)) != VK_SUCCESS ||
        (r = vkCreateDescriptorSetLayout(p->device, &dslci, NULL, &p->set_layout)) != VK_SUCCESS) {
        vk_peer_msg(msg, msg_size, "vkCreateShaderModule/vkCreateDescriptorSetLayout", r);
        return -1;
    }
    VkPipelineLayoutCreateInfo plci = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = 1,
        .pSetLayouts = &p->set_layout,
        .pushConstantRangeCount = 1,
        .pPushConstantRanges = &pcr,
    };
    VkSubpassDescription sub = { .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS };
    VkRenderPassCreateInfo rpci = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
        .subpassCount = 1,
        .pSubpasses = &sub,
    };
    if ((r = vkCreatePipelineLayout(p->device, &plci, NULL, &p->pipe_layout)) != VK_SUCCESS ||
        (r = vkCreateRenderPass(p->device, &rpci, NULL, &p->render_pass)) != VK_SUCCESS) {
        vk_peer_msg(msg, msg_size, "vkCreatePipelineLayout/vkCreateRenderPass", r);
        return -1;
    }
    VkFramebufferCreateInfo fbci = {
        .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
        .renderPass = p->render_pass,
        .width = 1,
        .height = 1,
        .layers = 1,
    };
    if ((r = vkCreateFramebuffer(p->device, &fbci, NULL, &p->framebuffer)) != VK_SUCCESS) {
        vk_peer_msg(msg, msg_size, "vkCreateFramebuffer", r);
        return -1;
    }
    return 0;
}

/* The graphics pipeline: the vertex stage alone, rasterizer discarded. */
static int make_pipeline(struct vk_peer *p, const struct vk_peer_draw *d, char *msg,
                         size_t msg_size)
{
    VkVertexInputBindingDescription bindings[VK_PEER_MAX_SLOTS];
    VkVertexInputAttributeDescription attrs[VK_PEER_MAX_ELEMS];
    uint32_t nb;
    if (peer_vertex_input(p, d, bindings, attrs, &nb, msg, msg_size) != 0)
        return -1;
    VkPipelineVertexInputStateCreateInfo vis = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
        .vertexBindingDescriptionCount = nb,
        .pVertexBindingDescriptions = bindings,
        .vertexAttributeDescriptionCount = d->num_elems,
        .pVertexAttributeDescriptions = attrs,
    };
    VkPipelineInputAssemblyStateCreateInfo ias = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = d->strip ? VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP
                             : VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
        .primitiveRestartEnable = d->strip && d->indexed ? VK_TRUE : VK_FALSE,
    };
    VkViewport vp = { 0, 0, 1, 1, 0, 1 };
    VkRect2D sc = { { 0, 0 }, { 1, 1 } };
    VkPipelineViewportStateCreateInfo vps = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
        .viewportCount = 1,
        .pViewports = &vp,
        .scissorCount = 1,
        .pScissors = &sc,
    };
    VkPipelineRasterizationStateCreateInfo rs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .rasterizerDiscardEnable = VK_TRUE,
        .polygonMode = VK_POLYGON_MODE_FILL,
        .cullMode = VK_CULL_MODE_NONE,
        .lineWidth = 1.0f,
    };
    VkPipelineMultisampleStateCreateInfo ms = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
        .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
    };
    VkPipelineShaderStageCreateInfo stage = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT,
        .module = p->module,
        .pName = "main",
    };
    VkGraphicsPipelineCreateInfo gpci = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
        .stageCount = 1,
        .pStages = &stage,
        .pVertexInputState = &vis,
        .pInputAssemblyState = &ias,
        .pViewportState = &vps,
        .pRasterizationState = &rs,
        .pMultisampleState = &ms,
        .layout = p->pipe_layout,
        .renderPass = p->render_pass,
        .subpass = 0,
    };
    VkResult r =
        vkCreateGraphicsPipelines(p->device, VK_NULL_HANDLE, 1, &gpci, NULL, &p->pipeline);
    if (r != VK_SUCCESS) {
        vk_peer_msg(msg, msg_size, "vkCreateGraphicsPipelines", r);
        return -1;
    }
    return 0;
}

int vk_peer_make_pipeline(struct vk_peer *p, const struct vk_peer_draw *d, char *msg,
                          size_t msg_size)
{
    for (size_t i = 0; i < sizeof(shaders) / sizeof(shaders[0]); i++)
        if (strcmp(shaders[i].layout, d->layout_name) == 0)
            return make_layouts(p, shaders[i].code, shaders[i].size, msg, msg_size) != 0 ||
                           make_pipeline(p, d, msg, msg_size) != 0
                       ? -1
                       : 0;
    snprintf(msg, msg_size, "no shader for layout %s", d->layout_name);
    return -1;
}
