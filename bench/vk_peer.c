/*
 * vk_peer.c - vfetch-bench's Vulkan peer: the bench's draws through a real
 * driver on the CPU (Mesa's lavapipe). A vertex shader (peer.vert, compiled
 * by glslc at build time, one module per bench layout) stores every input
 * register to a storage buffer; the rasterizer is discarded, so the time is
 * the driver's vertex fetch, its shader and its submit/wait overhead.
 *
 * Only CPU devices are used: the point is a CPU-to-CPU comparison. Run with
 * VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json to load
 * lavapipe alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#include "vk_peer.h"

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

struct vk_buf {
    VkBuffer buf;
    VkDeviceMemory mem;
    void *map;
};

struct vk_peer {
    VkInstance instance;
    VkPhysicalDevice phys;
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family;
    VkPhysicalDeviceMemoryProperties memprops;
    VkDeviceSize max_ssbo;
    char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    VkCommandPool cmd_pool;
    VkFence fence;

    /* Per draw (vk_peer_prepare .. vk_peer_release). */
    int prepared;
    struct vk_buf vb[VK_PEER_MAX_SLOTS];
    struct vk_buf ib;
    struct vk_buf out;
    VkDeviceSize out_size;
    VkShaderModule module;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout pipe_layout;
    VkRenderPass render_pass;
    VkFramebuffer framebuffer;
    VkPipeline pipeline;
    VkDescriptorPool desc_pool;
    VkDescriptorSet set;
    VkCommandBuffer cmd;
};

static void set_msg(char *msg, size_t size, const char *what, VkResult r)
{
    snprintf(msg, size, "%s failed (VkResult %d)", what, (int)r);
}

struct vk_peer *vk_peer_create(char *msg, size_t msg_size)
{
    struct vk_peer *p = calloc(1, sizeof(*p));
    VkResult r;

    if (p == NULL) {
        snprintf(msg, msg_size, "out of memory");
        return NULL;
    }
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "vfetch-bench",
        .apiVersion = VK_API_VERSION_1_1,
    };
    VkInstanceCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app,
    };
    r = vkCreateInstance(&ici, NULL, &p->instance);
    if (r != VK_SUCCESS) {
        set_msg(msg, msg_size, "vkCreateInstance (no Vulkan driver?)", r);
        free(p);
        return NULL;
    }

    uint32_t n = 0;
    vkEnumeratePhysicalDevices(p->instance, &n, NULL);
    VkPhysicalDevice *devs = calloc(n ? n : 1, sizeof(*devs));
    if (devs == NULL) {
        snprintf(msg, msg_size, "out of memory");
        goto fail;
    }
    vkEnumeratePhysicalDevices(p->instance, &n, devs);
    for (uint32_t i = 0; i < n && p->phys == VK_NULL_HANDLE; i++) {
        VkPhysicalDeviceProperties props;
        VkPhysicalDeviceFeatures feats;
        vkGetPhysicalDeviceProperties(devs[i], &props);
        vkGetPhysicalDeviceFeatures(devs[i], &feats);
        if (props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU || !feats.vertexPipelineStoresAndAtomics)
            continue;
        p->phys = devs[i];
        p->max_ssbo = props.limits.maxStorageBufferRange;
        snprintf(p->name, sizeof(p->name), "%s", props.deviceName);
    }
    free(devs);
    if (p->phys == VK_NULL_HANDLE) {
        snprintf(msg, msg_size, "no CPU Vulkan device (lavapipe) among %u device%s", n,
                 n == 1 ? "" : "s");
        goto fail;
    }
    vkGetPhysicalDeviceMemoryProperties(p->phys, &p->memprops);

    uint32_t nq = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(p->phys, &nq, NULL);
    VkQueueFamilyProperties qf[16];
    if (nq > 16)
        nq = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(p->phys, &nq, qf);
    p->queue_family = UINT32_MAX;
    for (uint32_t i = 0; i < nq; i++)
        if (qf[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
            p->queue_family = i;
            break;
        }
    if (p->queue_family == UINT32_MAX) {
        snprintf(msg, msg_size, "no graphics queue");
        goto fail;
    }
    float prio = 1.0f;
    VkDeviceQueueCreateInfo qci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = p->queue_family,
        .queueCount = 1,
        .pQueuePriorities = &prio,
    };
    VkPhysicalDeviceFeatures want = { .vertexPipelineStoresAndAtomics = VK_TRUE };
    VkDeviceCreateInfo dci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &qci,
        .pEnabledFeatures = &want,
    };
    r = vkCreateDevice(p->phys, &dci, NULL, &p->device);
    if (r != VK_SUCCESS) {
        set_msg(msg, msg_size, "vkCreateDevice", r);
        goto fail;
    }
    vkGetDeviceQueue(p->device, p->queue_family, 0, &p->queue);
    VkCommandPoolCreateInfo cpi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = p->queue_family,
    };
    VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
    if ((r = vkCreateCommandPool(p->device, &cpi, NULL, &p->cmd_pool)) != VK_SUCCESS ||
        (r = vkCreateFence(p->device, &fci, NULL, &p->fence)) != VK_SUCCESS) {
        set_msg(msg, msg_size, "vkCreateCommandPool/vkCreateFence", r);
        goto fail;
    }
    return p;

fail:
    vk_peer_destroy(p);
    return NULL;
}

void vk_peer_destroy(struct vk_peer *p)
{
    if (p == NULL)
        return;
    vk_peer_release(p);
    if (p->device) {
        if (p->fence)
            vkDestroyFence(p->device, p->fence, NULL);
        if (p->cmd_pool)
            vkDestroyCommandPool(p->device, p->cmd_pool, NULL);
        vkDestroyDevice(p->device, NULL);
    }
    if (p->instance)
        vkDestroyInstance(p->instance, NULL);
    free(p);
}

const char *vk_peer_name(const struct vk_peer *p)
{
    return p->name;
}

unsigned vk_peer_threads(const struct vk_peer *p)
{
    (void)p;
    /* lavapipe runs the vertex stage of a draw (its draw module) on the
     * queue's thread; its rasterizer threads have nothing to do here. */
    return 1;
}

static int make_buffer(struct vk_peer *p, VkDeviceSize size, VkBufferUsageFlags usage,
                       struct vk_buf *b, char *msg, size_t msg_size)
{
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size ? size : 16,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VkResult r = vkCreateBuffer(p->device, &bci, NULL, &b->buf);
    if (r != VK_SUCCESS) {
        set_msg(msg, msg_size, "vkCreateBuffer", r);
        return -1;
    }
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(p->device, b->buf, &req);
    uint32_t type = UINT32_MAX;
    VkMemoryPropertyFlags need =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    for (uint32_t i = 0; i < p->memprops.memoryTypeCount; i++)
        if ((req.memoryTypeBits & (1u << i)) &&
            (p->memprops.memoryTypes[i].propertyFlags & need) == need) {
            type = i;
            break;
        }
    if (type == UINT32_MAX) {
        snprintf(msg, msg_size, "no host-visible memory type");
        return -1;
    }
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = type,
    };
    if ((r = vkAllocateMemory(p->device, &mai, NULL, &b->mem)) != VK_SUCCESS ||
        (r = vkBindBufferMemory(p->device, b->buf, b->mem, 0)) != VK_SUCCESS ||
        (r = vkMapMemory(p->device, b->mem, 0, VK_WHOLE_SIZE, 0, &b->map)) != VK_SUCCESS) {
        set_msg(msg, msg_size, "vkAllocateMemory/vkBindBufferMemory/vkMapMemory", r);
        return -1;
    }
    return 0;
}

static void free_buffer(struct vk_peer *p, struct vk_buf *b)
{
    if (b->mem) {
        if (b->map)
            vkUnmapMemory(p->device, b->mem);
        vkFreeMemory(p->device, b->mem, NULL);
    }
    if (b->buf)
        vkDestroyBuffer(p->device, b->buf, NULL);
    memset(b, 0, sizeof(*b));
}

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

/* Buffers, filled once: uploads are not part of the timed draw. */
static int peer_buffers(struct vk_peer *p, const struct vk_peer_draw *d, uint64_t out_size,
                        char *msg, size_t msg_size)
{
    for (uint32_t s = 0; s < d->nslots; s++) {
        if (d->vb[s] == NULL)
            continue;
        if (make_buffer(p, d->vb_size[s], VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &p->vb[s], msg,
                        msg_size) != 0)
            return -1;
        memcpy(p->vb[s].map, d->vb[s], d->vb_size[s]);
    }
    if (d->indexed) {
        if (make_buffer(p, d->ib_size, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &p->ib, msg, msg_size))
            return -1;
        memcpy(p->ib.map, d->ib, d->ib_size);
    }
    if (make_buffer(p, out_size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &p->out, msg, msg_size))
        return -1;
    p->out_size = out_size;

    return 0;
}

/* The storage buffer's descriptor and the command buffer, recorded once and
 * submitted per run. */
static int peer_record(struct vk_peer *p, const struct vk_peer_draw *d, char *msg,
                       size_t msg_size)
{
    VkResult r;

    /* The storage buffer's descriptor. */
    VkDescriptorPoolSize dps = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 };
    VkDescriptorPoolCreateInfo dpci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = 1,
        .poolSizeCount = 1,
        .pPoolSizes = &dps,
    };
    if ((r = vkCreateDescriptorPool(p->device, &dpci, NULL, &p->desc_pool)) != VK_SUCCESS) {
        set_msg(msg, msg_size, "vkCreateDescriptorPool", r);
        return -1;
    }
    VkDescriptorSetAllocateInfo dsai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = p->desc_pool,
        .descriptorSetCount = 1,
        .pSetLayouts = &p->set_layout,
    };
    if ((r = vkAllocateDescriptorSets(p->device, &dsai, &p->set)) != VK_SUCCESS) {
        set_msg(msg, msg_size, "vkAllocateDescriptorSets", r);
        return -1;
    }
    VkDescriptorBufferInfo dbi = { p->out.buf, 0, VK_WHOLE_SIZE };
    VkWriteDescriptorSet wds = {
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = p->set,
        .dstBinding = 0,
        .descriptorCount = 1,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        .pBufferInfo = &dbi,
    };
    vkUpdateDescriptorSets(p->device, 1, &wds, 0, NULL);

    /* The command buffer, recorded once and submitted per run. */
    VkCommandBufferAllocateInfo cbai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = p->cmd_pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    if ((r = vkAllocateCommandBuffers(p->device, &cbai, &p->cmd)) != VK_SUCCESS) {
        set_msg(msg, msg_size, "vkAllocateCommandBuffers", r);
        return -1;
    }
    VkCommandBufferBeginInfo cbbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
    VkRenderPassBeginInfo rpbi = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
        .renderPass = p->render_pass,
        .framebuffer = p->framebuffer,
        .renderArea = { { 0, 0 }, { 1, 1 } },
    };
    vkBeginCommandBuffer(p->cmd, &cbbi);
    vkCmdBeginRenderPass(p->cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(p->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->pipeline);
    for (uint32_t s = 0; s < d->nslots; s++) {
        if (d->vb[s] == NULL)
            continue;
        VkDeviceSize zero = 0;
        vkCmdBindVertexBuffers(p->cmd, s, 1, &p->vb[s].buf, &zero);
    }
    vkCmdBindDescriptorSets(p->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->pipe_layout, 0, 1,
                            &p->set, 0, NULL);
    uint32_t vertices = d->unique_vertices;
    vkCmdPushConstants(p->cmd, p->pipe_layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 4, &vertices);
    if (d->indexed) {
        vkCmdBindIndexBuffer(p->cmd, p->ib.buf, 0,
                             d->index32 ? VK_INDEX_TYPE_UINT32 : VK_INDEX_TYPE_UINT16);
        vkCmdDrawIndexed(p->cmd, d->count, d->instances, 0, 0, 0);
    } else {
        vkCmdDraw(p->cmd, d->count, d->instances, 0, 0);
    }
    vkCmdEndRenderPass(p->cmd);
    /* Make the shader's stores visible to the host once the fence signals. */
    VkMemoryBarrier mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
    };
    vkCmdPipelineBarrier(p->cmd, VK_PIPELINE_STAGE_VERTEX_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                         0, 1, &mb, 0, NULL, 0, NULL);
    r = vkEndCommandBuffer(p->cmd);
    if (r != VK_SUCCESS) {
        set_msg(msg, msg_size, "vkEndCommandBuffer", r);
        return -1;
    }
    return 0;
}

/* The vertex input bindings (one per used slot, their count into *nb) and
 * attributes (one per element): 0, or -1 with a message. */
static int peer_vertex_input(const struct vk_peer_draw *d,
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
        attrs[e].format = vk_format(d->elems[e].format);
        attrs[e].offset = d->offsets[e];
        if (attrs[e].format == VK_FORMAT_UNDEFINED) {
            snprintf(msg, msg_size, "no Vulkan format for DXGI format %u", d->elems[e].format);
            return -1;
        }
    }
    *nb_ret = nb;
    return 0;
}

int vk_peer_prepare(struct vk_peer *p, const struct vk_peer_draw *d, char *msg, size_t msg_size)
{
    VkResult r;
    const uint32_t *code = NULL;
    size_t code_size = 0;

    vk_peer_release(p);
    p->prepared = 1;
    for (size_t i = 0; i < sizeof(shaders) / sizeof(shaders[0]); i++)
        if (strcmp(shaders[i].layout, d->layout_name) == 0) {
            code = shaders[i].code;
            code_size = shaders[i].size;
        }
    if (code == NULL || d->num_elems > VK_PEER_MAX_ELEMS || d->nslots > VK_PEER_MAX_SLOTS) {
        snprintf(msg, msg_size, "no shader for layout %s", d->layout_name);
        return -1;
    }
    uint64_t out_size = (uint64_t)d->instances * d->unique_vertices * d->num_elems * 16u;
    if (out_size > p->max_ssbo) {
        snprintf(msg, msg_size, "%llu output bytes exceed maxStorageBufferRange %llu",
                 (unsigned long long)out_size, (unsigned long long)p->max_ssbo);
        return -1;
    }

    if (peer_buffers(p, d, out_size, msg, msg_size) != 0)
        return -1;

    /* Pipeline: vertex stage only, rasterizer discarded. */
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
        set_msg(msg, msg_size, "vkCreateShaderModule/vkCreateDescriptorSetLayout", r);
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
        set_msg(msg, msg_size, "vkCreatePipelineLayout/vkCreateRenderPass", r);
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
        set_msg(msg, msg_size, "vkCreateFramebuffer", r);
        return -1;
    }

    VkVertexInputBindingDescription bindings[VK_PEER_MAX_SLOTS];
    VkVertexInputAttributeDescription attrs[VK_PEER_MAX_ELEMS];
    uint32_t nb;
    if (peer_vertex_input(d, bindings, attrs, &nb, msg, msg_size) != 0)
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
    r = vkCreateGraphicsPipelines(p->device, VK_NULL_HANDLE, 1, &gpci, NULL, &p->pipeline);
    if (r != VK_SUCCESS) {
        set_msg(msg, msg_size, "vkCreateGraphicsPipelines", r);
        return -1;
    }

    return peer_record(p, d, msg, msg_size);
}

int vk_peer_run(void *arg)
{
    struct vk_peer *p = arg;
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &p->cmd,
    };

    if (vkQueueSubmit(p->queue, 1, &si, p->fence) != VK_SUCCESS)
        return -1;
    if (vkWaitForFences(p->device, 1, &p->fence, VK_TRUE, UINT64_MAX) != VK_SUCCESS)
        return -1;
    return vkResetFences(p->device, 1, &p->fence) == VK_SUCCESS ? 0 : -1;
}

const uint32_t *vk_peer_records(const struct vk_peer *p)
{
    return p->out.map;
}

void vk_peer_fill_records(struct vk_peer *p, int byte)
{
    if (p->out.map)
        memset(p->out.map, byte, (size_t)p->out_size);
}

void vk_peer_release(struct vk_peer *p)
{
    if (!p->prepared)
        return;
    vkDeviceWaitIdle(p->device);
    if (p->cmd)
        vkFreeCommandBuffers(p->device, p->cmd_pool, 1, &p->cmd);
    if (p->desc_pool)
        vkDestroyDescriptorPool(p->device, p->desc_pool, NULL);
    if (p->pipeline)
        vkDestroyPipeline(p->device, p->pipeline, NULL);
    if (p->framebuffer)
        vkDestroyFramebuffer(p->device, p->framebuffer, NULL);
    if (p->render_pass)
        vkDestroyRenderPass(p->device, p->render_pass, NULL);
    if (p->pipe_layout)
        vkDestroyPipelineLayout(p->device, p->pipe_layout, NULL);
    if (p->set_layout)
        vkDestroyDescriptorSetLayout(p->device, p->set_layout, NULL);
    if (p->module)
        vkDestroyShaderModule(p->device, p->module, NULL);
    for (unsigned s = 0; s < VK_PEER_MAX_SLOTS; s++)
        free_buffer(p, &p->vb[s]);
    free_buffer(p, &p->ib);
    free_buffer(p, &p->out);
    p->cmd = VK_NULL_HANDLE;
    p->desc_pool = VK_NULL_HANDLE;
    p->set = VK_NULL_HANDLE;
    p->pipeline = VK_NULL_HANDLE;
    p->framebuffer = VK_NULL_HANDLE;
    p->render_pass = VK_NULL_HANDLE;
    p->pipe_layout = VK_NULL_HANDLE;
    p->set_layout = VK_NULL_HANDLE;
    p->module = VK_NULL_HANDLE;
    p->out_size = 0;
    p->prepared = 0;
}
