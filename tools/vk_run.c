/*
 * vk_run.c - runs a vfetch case's draw through a Vulkan driver: buffers,
 * the pipeline, the recorded draw, and the records read back.
 *
 * The vertex input comes from vk_translate.c and the device from
 * vk_device.c. Choices made on D3D's behalf (each also printed per case):
 *  - DrawInstanced runs as a point list; an indexed draw runs with the
 *    case's index buffer, as a point list, or as a line strip with primitive
 *    restart when D3D would cut (a strip topology with a cut value: rules
 *    5.2); rasterisation is discarded, so only the vertex stage runs;
 *  - the index buffer is padded with zero indices up to the last position
 *    the draw reads, so a read past the view's SizeInBytes returns index 0
 *    as in D3D (rules 5.1) instead of Vulkan's undefined value; with no
 *    index buffer the tool binds one of zeros (every index reads 0);
 *  - component mappings and B8G8R8X8's .w = 1.0f are applied in the
 *    shader (Vulkan vertex input has no swizzle);
 *  - fetches D3D calls out of bounds (rules 6) are not compared: Vulkan
 *    leaves them undefined; robustBufferAccess, when the device has it,
 *    only keeps them from faulting.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vk_device.h"
#include "vk_translate.h"

struct run_state {
    struct vkf_vertex_input vi;
    struct vkf_index_keys ix;
    uint32_t span;          /* records per instance: positions, or distinct index values */
    struct vkf_hbuf vb[VF_MAX_INPUT_SLOTS];
    struct vkf_hbuf ib, out, keys;
    VkShaderModule module;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout pipeline_layout;
    VkRenderPass render_pass;
    VkFramebuffer framebuffer;
    VkPipeline pipeline;
    VkDescriptorPool pool;
    VkDescriptorSet set;
    VkCommandPool command_pool;
    VkCommandBuffer cb;
    VkFence fence;
};

static void run_state_destroy(struct vkf_device *d, struct run_state *s)
{
    for (uint32_t i = 0; i < VF_MAX_INPUT_SLOTS; i++)
        vkf_hbuf_destroy(d, &s->vb[i]);
    vkf_hbuf_destroy(d, &s->ib);
    vkf_hbuf_destroy(d, &s->out);
    vkf_hbuf_destroy(d, &s->keys);
    if (s->fence)
        d->vkDestroyFence(d->device, s->fence, NULL);
    if (s->command_pool)
        d->vkDestroyCommandPool(d->device, s->command_pool, NULL);
    if (s->pool)
        d->vkDestroyDescriptorPool(d->device, s->pool, NULL);
    if (s->pipeline)
        d->vkDestroyPipeline(d->device, s->pipeline, NULL);
    if (s->framebuffer)
        d->vkDestroyFramebuffer(d->device, s->framebuffer, NULL);
    if (s->render_pass)
        d->vkDestroyRenderPass(d->device, s->render_pass, NULL);
    if (s->pipeline_layout)
        d->vkDestroyPipelineLayout(d->device, s->pipeline_layout, NULL);
    if (s->set_layout)
        d->vkDestroyDescriptorSetLayout(d->device, s->set_layout, NULL);
    if (s->module)
        d->vkDestroyShaderModule(d->device, s->module, NULL);
    vkf_index_keys_free(&s->ix);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
/* Appends to the translation the report prints. */
static void note(struct vkf_result *res, const char *fmt, ...)
{
    size_t used = strlen(res->translation);
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(res->translation + used, sizeof(res->translation) - used, fmt, ap);
    va_end(ap);
}

/* The index buffer, padded with zeros, and the sorted keys the shader
 * searches; a draw without indices gets a one-word key buffer. */
static int upload_indices(struct vkf_device *d, const vf_draw_desc *draw, struct run_state *s,
                          struct vkf_result *res, char *err, size_t err_size)
{
    const vf_index_buffer_view *ib = draw->index_buffer;
    int ret;

    if (!draw->indexed) {
        s->span = draw->vertex_count_per_instance;
        return vkf_hbuf_create(d, &s->keys, 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, err,
                               err_size) ? VKF_EXIT_USAGE : 0;
    }
    ret = vkf_translate_indices(draw, &s->ix, err, err_size);
    if (ret != 0)
        return ret;
    if (vkf_hbuf_create(d, &s->ib, s->ix.bytes, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, err,
                        err_size) ||
        vkf_hbuf_create(d, &s->keys, (VkDeviceSize)s->ix.num_keys * 4,
                        VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, err, err_size))
        return VKF_EXIT_USAGE;
    if (ib != NULL && ib->data != NULL)
        memcpy(s->ib.map, ib->data,
               (size_t)(ib->size_in_bytes < s->ix.bytes ? ib->size_in_bytes : s->ix.bytes));
    if (ib == NULL || ib->data == NULL)
        note(res, "no index buffer: a buffer of zero indices is bound; ");
    else if (s->ix.padded)
        note(res, "index reads past SizeInBytes: padded with zero indices (D3D reads 0); ");
    memcpy(s->keys.map, s->ix.keys, (size_t)s->ix.num_keys * 4);
    s->span = s->ix.num_keys;
    note(res, "indexed: records keyed by (instance, index value), %u distinct values; ",
         s->ix.num_keys);
    return 0;
}

/* The buffer the shader writes: a header, then span * instances records. */
static int create_output(struct vkf_device *d, struct run_state *s, uint32_t ne,
                         uint32_t instances, char *err, size_t err_size)
{
    uint64_t total = ((uint64_t)s->span * instances * VKF_RECORD_WORDS(ne) +
                      VKF_OUTPUT_HEADER_WORDS) * 4;
    uint64_t limit = d->props.limits.maxStorageBufferRange;

    if (limit > VKF_MAX_ALLOCATION)
        limit = VKF_MAX_ALLOCATION;
    if (total > limit) {
        snprintf(err, err_size, "the draw needs %llu bytes of output, more than this tool "
                 "allocates (%llu)", (unsigned long long)total, (unsigned long long)limit);
        return VKF_EXIT_USAGE;
    }
    return vkf_hbuf_create(d, &s->out, total, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, err,
                           err_size) ? VKF_EXIT_USAGE : 0;
}

/* One vertex buffer per bound slot. With robustBufferAccess Vulkan may
 * treat a vertex as out of bounds once the view ends inside its stride
 * (the range is cut to a multiple of the stride), where D3D checks each
 * element's bytes: pad with zeros to whole strides. Only fetches D3D calls
 * in bounds are compared, so the padding never is. */
static int upload_vertices(struct vkf_device *d, const struct vf_case *c, struct run_state *s,
                           char *err, size_t err_size)
{
    for (uint32_t slot = 0; slot < VF_MAX_INPUT_SLOTS; slot++) {
        const vf_vertex_buffer_view *vb = &c->vertex_buffers[slot];
        VkDeviceSize size = vb->size_in_bytes;

        if (s->vi.slot_binding[slot] < 0)
            continue;
        if (vb->stride_in_bytes != 0)
            size = (size + vb->stride_in_bytes - 1) / vb->stride_in_bytes * vb->stride_in_bytes;
        if (vkf_hbuf_create(d, &s->vb[slot], size, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, err,
                            err_size))
            return VKF_EXIT_USAGE;
        memcpy(s->vb[slot].map, vb->data, vb->size_in_bytes);
    }
    return 0;
}

/* The generated vertex shader as a module. */
static int create_module(struct vkf_device *d, struct run_state *s, uint32_t ne, int indexed,
                         char *err, size_t err_size)
{
    struct vkf_shader_desc sd = { .num_elements = ne, .elements = s->vi.shader,
                                  .indexed = indexed };
    char *glsl = vkf_shader_glsl(&sd);
    uint32_t *spirv = NULL;
    size_t size = 0;
    VkShaderModuleCreateInfo mci = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO };
    int ret = VKF_EXIT_USAGE;

    if (glsl == NULL) {
        snprintf(err, err_size, "out of memory");
        return VKF_EXIT_USAGE;
    }
    if (getenv("VFETCH_VK_DUMP_GLSL"))
        fputs(glsl, stderr);
    if (vkf_shader_compile(glsl, &spirv, &size, err, err_size) == 0) {
        mci.codeSize = size;
        mci.pCode = spirv;
        ret = VKF_EXIT_MISMATCH;
        if (d->vkCreateShaderModule(d->device, &mci, NULL, &s->module) == VK_SUCCESS)
            ret = 0;
        else
            snprintf(err, err_size, "cannot create the shader module");
    }
    free(glsl);
    free(spirv);
    return ret;
}

/* Two storage buffers (records, keys), an empty render pass and its 1x1
 * framebuffer: nothing is rasterised. */
static int create_layouts(struct vkf_device *d, struct run_state *s, char *err, size_t err_size)
{
    VkDescriptorSetLayoutBinding dsb[2] = {
        { 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, NULL },
        { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, NULL },
    };
    VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 2,
        .pBindings = dsb,
    };
    VkPipelineLayoutCreateInfo plci = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = 1,
        .pSetLayouts = &s->set_layout,
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

    if (d->vkCreateDescriptorSetLayout(d->device, &dslci, NULL, &s->set_layout) != VK_SUCCESS ||
        d->vkCreatePipelineLayout(d->device, &plci, NULL, &s->pipeline_layout) != VK_SUCCESS ||
        d->vkCreateRenderPass(d->device, &rpci, NULL, &s->render_pass) != VK_SUCCESS) {
        snprintf(err, err_size, "cannot create the shader module or layouts");
        return VKF_EXIT_MISMATCH;
    }
    fci.renderPass = s->render_pass;
    if (d->vkCreateFramebuffer(d->device, &fci, NULL, &s->framebuffer) != VK_SUCCESS) {
        snprintf(err, err_size, "cannot create the framebuffer");
        return VKF_EXIT_MISMATCH;
    }
    return 0;
}

/* The pipeline: the translated vertex input, the draw constants as
 * specialisation constants (vk_shader.c), rasterisation discarded. */
static int create_pipeline(struct vkf_device *d, struct run_state *s, const vf_draw_desc *draw,
                           char *err, size_t err_size)
{
    const uint32_t spec_values[VKF_SPEC_CONSTANTS] = {
        draw->indexed ? (uint32_t)draw->base_vertex_location : draw->start_location,
        draw->start_instance_location, s->span, s->ix.num_keys, draw->instance_count,
    };
    VkSpecializationMapEntry spec_map[VKF_SPEC_CONSTANTS];
    VkSpecializationInfo spec = {
        .mapEntryCount = VKF_SPEC_CONSTANTS,
        .pMapEntries = spec_map,
        .dataSize = sizeof(spec_values),
        .pData = spec_values,
    };
    VkPipelineShaderStageCreateInfo stage = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT,
        .module = s->module,
        .pName = "main",
        .pSpecializationInfo = &spec,
    };
    VkPipelineVertexInputDivisorStateCreateInfoEXT div = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT,
        .vertexBindingDivisorCount = s->vi.num_divisors,
        .pVertexBindingDivisors = s->vi.divisors,
    };
    VkPipelineVertexInputStateCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
        .pNext = s->vi.num_divisors ? &div : NULL,
        .vertexBindingDescriptionCount = s->vi.num_bindings,
        .pVertexBindingDescriptions = s->vi.bindings,
        .vertexAttributeDescriptionCount = s->vi.num_attributes,
        .pVertexAttributeDescriptions = s->vi.attributes,
    };
    VkPipelineInputAssemblyStateCreateInfo ia = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = s->ix.restart ? VK_PRIMITIVE_TOPOLOGY_LINE_STRIP
                                  : VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
        .primitiveRestartEnable = (VkBool32)s->ix.restart,
    };
    VkPipelineRasterizationStateCreateInfo rs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .rasterizerDiscardEnable = VK_TRUE,
        .polygonMode = VK_POLYGON_MODE_FILL,
        .cullMode = VK_CULL_MODE_NONE,
        .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
        .lineWidth = 1.0f,
    };
    VkGraphicsPipelineCreateInfo gpci = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
        .stageCount = 1,
        .pStages = &stage,
        .pVertexInputState = &vi,
        .pInputAssemblyState = &ia,
        .pRasterizationState = &rs,
        .layout = s->pipeline_layout,
        .renderPass = s->render_pass,
        .subpass = 0,
    };
    VkResult vr;

    for (uint32_t k = 0; k < VKF_SPEC_CONSTANTS; k++) {
        spec_map[k].constantID = k;
        spec_map[k].offset = k * 4;
        spec_map[k].size = 4;
    }
    vr = d->vkCreateGraphicsPipelines(d->device, VK_NULL_HANDLE, 1, &gpci, NULL, &s->pipeline);
    if (vr != VK_SUCCESS) {
        snprintf(err, err_size, "vkCreateGraphicsPipelines failed (%d)", (int)vr);
        return VKF_EXIT_MISMATCH;
    }
    return 0;
}

/* The descriptor set naming the record and key buffers. */
static int bind_buffers(struct vkf_device *d, struct run_state *s, char *err, size_t err_size)
{
    VkDescriptorPoolSize ps = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 };
    VkDescriptorPoolCreateInfo dpci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = 1,
        .poolSizeCount = 1,
        .pPoolSizes = &ps,
    };
    VkDescriptorSetAllocateInfo dsai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorSetCount = 1,
        .pSetLayouts = &s->set_layout,
    };
    VkDescriptorBufferInfo dbi[2] = {
        { s->out.buffer, 0, VK_WHOLE_SIZE },
        { s->keys.buffer, 0, VK_WHOLE_SIZE },
    };
    VkWriteDescriptorSet w[2];

    if (d->vkCreateDescriptorPool(d->device, &dpci, NULL, &s->pool) != VK_SUCCESS) {
        snprintf(err, err_size, "cannot create a descriptor pool");
        return VKF_EXIT_MISMATCH;
    }
    dsai.descriptorPool = s->pool;
    if (d->vkAllocateDescriptorSets(d->device, &dsai, &s->set) != VK_SUCCESS) {
        snprintf(err, err_size, "cannot allocate a descriptor set");
        return VKF_EXIT_MISMATCH;
    }
    for (uint32_t k = 0; k < 2; k++) {
        memset(&w[k], 0, sizeof(w[k]));
        w[k].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
        w[k].dstSet = s->set;
        w[k].dstBinding = k;
        w[k].descriptorCount = 1;
        w[k].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        w[k].pBufferInfo = &dbi[k];
    }
    d->vkUpdateDescriptorSets(d->device, 2, w, 0, NULL);
    return 0;
}

/* The draw's commands, between an empty render pass and a barrier that
 * makes the shader's writes visible to the host. */
static void record_draw(struct vkf_device *d, struct run_state *s, const vf_draw_desc *draw)
{
    const uint32_t V = draw->vertex_count_per_instance, I = draw->instance_count;
    VkRenderPassBeginInfo rpbi = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
        .renderPass = s->render_pass,
        .framebuffer = s->framebuffer,
        .renderArea = { { 0, 0 }, { 1, 1 } },
    };
    VkMemoryBarrier mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
    };
    VkCommandBuffer cb = s->cb;

    d->vkCmdBeginRenderPass(cb, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    d->vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, s->pipeline);
    d->vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, s->pipeline_layout, 0, 1,
                               &s->set, 0, NULL);
    for (uint32_t slot = 0; slot < VF_MAX_INPUT_SLOTS; slot++) {
        VkDeviceSize zero = 0;
        if (s->vi.slot_binding[slot] >= 0)
            d->vkCmdBindVertexBuffers(cb, (uint32_t)s->vi.slot_binding[slot], 1,
                                      &s->vb[slot].buffer, &zero);
    }
    if (V > 0 && I > 0 && draw->indexed) {
        d->vkCmdBindIndexBuffer(cb, s->ib.buffer, 0,
                                s->ix.index_size == 2 ? VK_INDEX_TYPE_UINT16
                                                      : VK_INDEX_TYPE_UINT32);
        d->vkCmdDrawIndexed(cb, V, I, draw->start_location, draw->base_vertex_location,
                            draw->start_instance_location);
    } else if (V > 0 && I > 0) {
        d->vkCmdDraw(cb, V, I, draw->start_location, draw->start_instance_location);
    }
    d->vkCmdEndRenderPass(cb);
    d->vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_VERTEX_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                            0, 1, &mb, 0, NULL, 0, NULL);
}

/* Records the draw, submits it and waits (two minutes at most). */
static int submit_draw(struct vkf_device *d, struct run_state *s, const vf_draw_desc *draw,
                       char *err, size_t err_size)
{
    VkCommandPoolCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .queueFamilyIndex = d->queue_family,
    };
    VkCommandBufferAllocateInfo cbai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBufferBeginInfo cbbi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &s->cb,
    };
    VkResult vr;

    if (d->vkCreateCommandPool(d->device, &cpci, NULL, &s->command_pool) != VK_SUCCESS) {
        snprintf(err, err_size, "cannot create a command pool");
        return VKF_EXIT_MISMATCH;
    }
    cbai.commandPool = s->command_pool;
    if (d->vkAllocateCommandBuffers(d->device, &cbai, &s->cb) != VK_SUCCESS ||
        d->vkCreateFence(d->device, &fci, NULL, &s->fence) != VK_SUCCESS ||
        d->vkBeginCommandBuffer(s->cb, &cbbi) != VK_SUCCESS) {
        snprintf(err, err_size, "cannot record a command buffer");
        return VKF_EXIT_MISMATCH;
    }
    record_draw(d, s, draw);
    if (d->vkEndCommandBuffer(s->cb) != VK_SUCCESS ||
        d->vkQueueSubmit(d->queue, 1, &si, s->fence) != VK_SUCCESS) {
        snprintf(err, err_size, "cannot submit the draw");
        return VKF_EXIT_MISMATCH;
    }
    vr = d->vkWaitForFences(d->device, 1, &s->fence, VK_TRUE, 120ull * 1000000000ull);
    if (vr != VK_SUCCESS) {
        snprintf(err, err_size, "the draw did not complete (%d)", (int)vr);
        return VKF_EXIT_MISMATCH;
    }
    return 0;
}

/* Expands the keyed records to vfetch's (instance, position) order. */
static int read_back(const struct run_state *s, int indexed, struct vkf_result *res, char *err,
                     size_t err_size)
{
    const uint32_t *o = (const uint32_t *)s->out.map;
    const uint32_t V = res->positions, I = res->instances;
    const uint32_t words = VKF_RECORD_WORDS(res->num_elements);
    size_t n = (size_t)V * I * words;

    res->records = calloc(n ? n : 1, sizeof(uint32_t));
    if (res->records == NULL) {
        snprintf(err, err_size, "out of memory");
        return VKF_EXIT_MISMATCH;
    }
    res->stray = o[0];
    for (uint32_t j = 0; j < I; j++) {
        for (uint32_t i = 0; i < V; i++) {
            uint32_t key = indexed ? s->ix.position_key[i] : i;
            if (key == UINT32_MAX)
                continue; /* a cut: no vertex, record stays zero (not shaded) */
            memcpy(res->records + ((size_t)j * V + i) * words,
                   o + VKF_OUTPUT_HEADER_WORDS + ((size_t)j * s->span + key) * words,
                   words * sizeof(uint32_t));
        }
    }
    return 0;
}

int vkf_run(struct vkf_device *d, const struct vf_case *c, const uint32_t *offsets,
            struct vkf_result *res, char *err, size_t err_size)
{
    const vf_draw_desc *draw = &c->draw;
    const uint32_t ne = c->num_elements;
    struct vkf_caps caps;
    struct run_state *s;
    int ret;

    memset(res, 0, sizeof(*res));
    res->num_elements = ne;
    res->positions = draw->vertex_count_per_instance;
    res->instances = draw->instance_count;
    res->indexed = draw->indexed != 0;
    if (ne > VF_MAX_ELEMENTS) {
        snprintf(err, err_size, "more than %u elements", VF_MAX_ELEMENTS);
        return VKF_EXIT_USAGE;
    }
    s = calloc(1, sizeof(*s));
    if (s == NULL) {
        snprintf(err, err_size, "out of memory");
        return VKF_EXIT_USAGE;
    }
    vkf_device_caps(d, &caps);
    vkf_translate_elements(c, offsets, &caps, &s->vi, res);

    /* Failures up to the shader are the case's or the tool's (usage);
     * from the pipeline on they are the driver's. */
    ret = upload_indices(d, draw, s, res, err, err_size);
    if (ret == 0) {
        res->restart = s->ix.restart;
        res->topology = s->ix.restart ? "LINE_STRIP with primitive restart" : "POINT_LIST";
        ret = create_output(d, s, ne, draw->instance_count, err, err_size);
    }
    if (ret == 0)
        ret = upload_vertices(d, c, s, err, err_size);
    if (ret == 0)
        ret = create_module(d, s, ne, res->indexed, err, err_size);
    if (ret == 0)
        ret = create_layouts(d, s, err, err_size);
    if (ret == 0)
        ret = create_pipeline(d, s, draw, err, err_size);
    if (ret == 0)
        ret = bind_buffers(d, s, err, err_size);
    if (ret == 0)
        ret = submit_draw(d, s, draw, err, err_size);
    if (ret == 0)
        ret = read_back(s, res->indexed, res, err, err_size);

    run_state_destroy(d, s);
    free(s);
    if (ret != VKF_EXIT_OK)
        vkf_result_free(res);
    return ret;
}

void vkf_result_free(struct vkf_result *res)
{
    free(res->records);
    res->records = NULL;
}
