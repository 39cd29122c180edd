/*
 * vk_peer.c - vfetch-bench's Vulkan peer: the bench's draws through a real
 * driver. A vertex shader (vk_peer_pipeline.c) stores every input register
 * to a storage buffer; the rasterizer is discarded, so the work is the
 * driver's vertex fetch and its shader.
 *
 * Two ways to place and time it (enum vk_peer_mode):
 * - host, for a CPU device whose memory is the host's (lavapipe): buffers in
 *   host-visible memory, a command buffer of one draw, and the time is
 *   vkQueueSubmit plus the fence wait, measured on the host like a vfetch
 *   path (the draw runs on the queue's thread; submission is part of what
 *   a CPU driver costs);
 * - device, for a GPU: vertex and index buffers uploaded once through a
 *   staging buffer into device-local memory, the records written to a
 *   device-local storage buffer, and the time is the GPU's: timestamps
 *   written before and after N back-to-back draws in one command buffer,
 *   divided by N. Submission, the fence wait and the read-back of the
 *   records for the check are outside the timestamps.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vk_peer_impl.h"
#include "vk_peer_select.h"

void vk_peer_msg(char *msg, size_t size, const char *what, VkResult r)
{
    snprintf(msg, size, "%s failed (VkResult %d)", what, (int)r);
}

/* ------------------------------------------------------------------------ */
/* The device                                                                 */
/* ------------------------------------------------------------------------ */

static VkResult make_instance(VkInstance *instance)
{
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "vfetch-bench",
        .apiVersion = VK_API_VERSION_1_1,
    };
    VkInstanceCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app,
    };
    return vkCreateInstance(&ici, NULL, instance);
}

int vk_peer_list(FILE *f, char *msg, size_t msg_size)
{
    VkInstance instance;
    VkResult r = make_instance(&instance);

    if (r != VK_SUCCESS) {
        vk_peer_msg(msg, msg_size, "vkCreateInstance (no Vulkan driver?)", r);
        return -1;
    }
    vk_peer_print_devices(instance, f);
    vkDestroyInstance(instance, NULL);
    return 0;
}

/* The row's path: lavapipe's device keeps the name earlier tables use. */
static void row_name(struct vk_peer *p)
{
    const char *name = p->props.deviceName;
    size_t n = strcspn(name, "(");

    while (n > 0 && name[n - 1] == ' ')
        n--;
    if (strncmp(name, "llvmpipe", 8) == 0)
        snprintf(p->row, sizeof(p->row), "lavapipe");
    else
        snprintf(p->row, sizeof(p->row), "vk:%.*s", (int)n, name);
}

/* Device mode times with timestamps when the queue has them. */
static void timestamps_setup(struct vk_peer *p)
{
    VkQueueFamilyProperties fam[16];
    uint32_t n = 16;

    vkGetPhysicalDeviceQueueFamilyProperties(p->phys, &n, fam);
    p->ts_bits = p->queue_family < n ? fam[p->queue_family].timestampValidBits : 0;
    p->ts_mask = p->ts_bits >= 64 ? UINT64_MAX : (UINT64_C(1) << p->ts_bits) - 1;
    p->timestamps = p->device_mode && p->ts_bits > 0 && p->props.limits.timestampPeriod > 0;
}

static int make_device(struct vk_peer *p, char *msg, size_t msg_size)
{
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
    VkResult r = vkCreateDevice(p->phys, &dci, NULL, &p->device);
    if (r != VK_SUCCESS) {
        vk_peer_msg(msg, msg_size, "vkCreateDevice", r);
        return -1;
    }
    vkGetDeviceQueue(p->device, p->queue_family, 0, &p->queue);
    VkCommandPoolCreateInfo cpi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = p->queue_family,
    };
    VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
    VkQueryPoolCreateInfo qpci = {
        .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
        .queryType = VK_QUERY_TYPE_TIMESTAMP,
        .queryCount = 2,
    };
    if ((r = vkCreateCommandPool(p->device, &cpi, NULL, &p->cmd_pool)) != VK_SUCCESS ||
        (r = vkCreateFence(p->device, &fci, NULL, &p->fence)) != VK_SUCCESS ||
        (p->timestamps &&
         (r = vkCreateQueryPool(p->device, &qpci, NULL, &p->queries)) != VK_SUCCESS)) {
        vk_peer_msg(msg, msg_size, "vkCreateCommandPool/vkCreateFence/vkCreateQueryPool", r);
        return -1;
    }
    return 0;
}

struct vk_peer *vk_peer_create(const char *want, enum vk_peer_mode mode, char *msg,
                               size_t msg_size)
{
    struct vk_peer *p = calloc(1, sizeof(*p));
    struct vk_peer_pick pick;
    VkResult r;

    if (p == NULL) {
        snprintf(msg, msg_size, "out of memory");
        return NULL;
    }
    r = make_instance(&p->instance);
    if (r != VK_SUCCESS) {
        vk_peer_msg(msg, msg_size, "vkCreateInstance (no Vulkan driver?)", r);
        free(p);
        return NULL;
    }
    if (vk_peer_pick_device(p->instance, want, &pick, msg, msg_size) != 0)
        goto fail;
    p->phys = pick.phys;
    p->props = pick.props;
    p->queue_family = pick.queue_family;
    vkGetPhysicalDeviceMemoryProperties(p->phys, &p->memprops);
    p->sm_count = vk_peer_sm_count(p->phys);
    p->device_mode = mode == VK_PEER_MODE_DEVICE ||
                     (mode == VK_PEER_MODE_AUTO && !vk_peer_memory_is_host(p->phys));
    timestamps_setup(p);
    row_name(p);
    if (make_device(p, msg, msg_size) != 0)
        goto fail;
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
        if (p->queries)
            vkDestroyQueryPool(p->device, p->queries, NULL);
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
    return p->props.deviceName;
}

const char *vk_peer_row_name(const struct vk_peer *p)
{
    return p->row;
}

int vk_peer_is_gpu(const struct vk_peer *p)
{
    return p->props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU;
}

int vk_peer_device_timed(const struct vk_peer *p)
{
    return p->timestamps;
}

unsigned vk_peer_threads(const struct vk_peer *p)
{
    /* lavapipe runs the vertex stage of a draw (its draw module) on the
     * queue's thread; its rasterizer threads have nothing to do here. */
    return vk_peer_is_gpu(p) ? 0 : 1;
}

void vk_peer_describe(const struct vk_peer *p, char *buf, size_t size)
{
    size_t len = (size_t)snprintf(buf, size, "%s (%s", p->props.deviceName,
                                  vk_peer_type_name(p->props.deviceType));

    if (p->sm_count && len < size)
        len += (size_t)snprintf(buf + len, size - len, ", %u SMs", p->sm_count);
    if (len >= size)
        return;
    if (p->timestamps)
        snprintf(buf + len, size - len,
                 "): buffers in device-local memory, uploaded once; time = GPU timestamps "
                 "around N draws in one command buffer / N (%.3g ns ticks, %u bits)",
                 (double)p->props.limits.timestampPeriod, p->ts_bits);
    else if (p->device_mode)
        snprintf(buf + len, size - len,
                 "): buffers in device-local memory, uploaded once; no timestamps on its "
                 "queue, so time = submit + fence wait per draw, on the host");
    else
        snprintf(buf + len, size - len,
                 "): buffers in host memory; time = submit + fence wait per draw, on the "
                 "host");
}

/* ------------------------------------------------------------------------ */
/* Memory                                                                     */
/* ------------------------------------------------------------------------ */

/* Where a buffer lives. */
enum place {
    PLACE_HOST,     /* host mode: host-visible, mapped */
    PLACE_DEVICE,   /* device mode: device-local, not mapped */
    PLACE_STAGING,  /* host-visible system memory, mapped, the upload's source */
    PLACE_READBACK, /* host-visible system memory, cached if there is such, mapped */
};

/* The first memory type of `bits` with `need`, preferably with `want` and
 * without `avoid`; UINT32_MAX when none has `need`. */
static uint32_t memory_type(const struct vk_peer *p, uint32_t bits, VkMemoryPropertyFlags need,
                            VkMemoryPropertyFlags want, VkMemoryPropertyFlags avoid)
{
    for (int strict = 1; strict >= 0; strict--)
        for (uint32_t i = 0; i < p->memprops.memoryTypeCount; i++) {
            VkMemoryPropertyFlags f = p->memprops.memoryTypes[i].propertyFlags;
            if (!(bits & (1u << i)) || (f & need) != need)
                continue;
            if (!strict || ((f & want) == want && !(f & avoid)))
                return i;
        }
    return UINT32_MAX;
}

static uint32_t place_type(const struct vk_peer *p, uint32_t bits, enum place place)
{
    const VkMemoryPropertyFlags host =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

    switch (place) {
    case PLACE_HOST:
        return memory_type(p, bits, host, 0, 0);
    case PLACE_DEVICE:
        return memory_type(p, bits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0,
                           VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
    case PLACE_STAGING:
        return memory_type(p, bits, host, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    default:
        return memory_type(p, bits, host, VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
                           VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    }
}

static int make_buffer(struct vk_peer *p, VkDeviceSize size, VkBufferUsageFlags usage,
                       enum place place, struct vk_buf *b, char *msg, size_t msg_size)
{
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size ? size : 16,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VkResult r = vkCreateBuffer(p->device, &bci, NULL, &b->buf);
    if (r != VK_SUCCESS) {
        vk_peer_msg(msg, msg_size, "vkCreateBuffer", r);
        return -1;
    }
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(p->device, b->buf, &req);
    uint32_t type = place_type(p, req.memoryTypeBits, place);
    if (type == UINT32_MAX) {
        snprintf(msg, msg_size, "no %s memory type for a buffer",
                 place == PLACE_DEVICE ? "device-local" : "host-visible coherent");
        return -1;
    }
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = type,
    };
    if ((r = vkAllocateMemory(p->device, &mai, NULL, &b->mem)) != VK_SUCCESS ||
        (r = vkBindBufferMemory(p->device, b->buf, b->mem, 0)) != VK_SUCCESS ||
        (place != PLACE_DEVICE &&
         (r = vkMapMemory(p->device, b->mem, 0, VK_WHOLE_SIZE, 0, &b->map)) != VK_SUCCESS)) {
        char what[96];
        snprintf(what, sizeof(what), "vkAllocateMemory/vkBindBufferMemory/vkMapMemory of %llu bytes",
                 (unsigned long long)req.size);
        vk_peer_msg(msg, msg_size, what, r);
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

static int submit_wait(struct vk_peer *p, VkCommandBuffer cmd)
{
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };

    if (vkQueueSubmit(p->queue, 1, &si, p->fence) != VK_SUCCESS)
        return -1;
    if (vkWaitForFences(p->device, 1, &p->fence, VK_TRUE, UINT64_MAX) != VK_SUCCESS)
        return -1;
    return vkResetFences(p->device, 1, &p->fence) == VK_SUCCESS ? 0 : -1;
}

static VkCommandBuffer alloc_cmd(struct vk_peer *p)
{
    VkCommandBufferAllocateInfo cbai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = p->cmd_pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBuffer cmd = VK_NULL_HANDLE;

    if (vkAllocateCommandBuffers(p->device, &cbai, &cmd) != VK_SUCCESS)
        return VK_NULL_HANDLE;
    return cmd;
}

/* Copies `size` bytes of `src` into the device-local buffer `dst` through a
 * staging buffer, and waits: before anything is timed. */
static int upload(struct vk_peer *p, const void *src, VkDeviceSize size, struct vk_buf *dst,
                  char *msg, size_t msg_size)
{
    struct vk_buf staging = { 0 };
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    int ret = -1;

    if (make_buffer(p, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, PLACE_STAGING, &staging, msg,
                    msg_size) != 0)
        goto out;
    memcpy(staging.map, src, (size_t)size);
    cmd = alloc_cmd(p);
    if (cmd == VK_NULL_HANDLE) {
        snprintf(msg, msg_size, "vkAllocateCommandBuffers failed");
        goto out;
    }
    VkCommandBufferBeginInfo cbbi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    VkBufferCopy region = { 0, 0, size };
    /* The copy before any later vertex input reads the buffer. */
    VkMemoryBarrier mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_INDEX_READ_BIT,
    };
    vkBeginCommandBuffer(cmd, &cbbi);
    vkCmdCopyBuffer(cmd, staging.buf, dst->buf, 1, &region);
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_VERTEX_INPUT_BIT,
                         0, 1, &mb, 0, NULL, 0, NULL);
    if (vkEndCommandBuffer(cmd) != VK_SUCCESS || submit_wait(p, cmd) != 0) {
        snprintf(msg, msg_size, "the upload of %llu bytes failed", (unsigned long long)size);
        goto out;
    }
    ret = 0;
out:
    if (cmd != VK_NULL_HANDLE)
        vkFreeCommandBuffers(p->device, p->cmd_pool, 1, &cmd);
    free_buffer(p, &staging);
    return ret;
}

/* A vertex or index buffer of the draw, filled: mapped and copied in host
 * mode, uploaded in device mode. */
static int input_buffer(struct vk_peer *p, const void *src, uint32_t size,
                        VkBufferUsageFlags usage, struct vk_buf *b, char *msg, size_t msg_size)
{
    if (!p->device_mode) {
        if (make_buffer(p, size, usage, PLACE_HOST, b, msg, msg_size) != 0)
            return -1;
        memcpy(b->map, src, size);
        return 0;
    }
    if (make_buffer(p, size, usage | VK_BUFFER_USAGE_TRANSFER_DST_BIT, PLACE_DEVICE, b, msg,
                    msg_size) != 0)
        return -1;
    return upload(p, src, size, b, msg, msg_size);
}

/* The draw's buffers: inputs filled once (uploads are not part of the
 * timed draw), the records, and in device mode their read-back copy. */
static int peer_buffers(struct vk_peer *p, const struct vk_peer_draw *d, char *msg,
                        size_t msg_size)
{
    for (uint32_t s = 0; s < d->nslots; s++)
        if (d->vb[s] != NULL && input_buffer(p, d->vb[s], d->vb_size[s],
                                             VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &p->vb[s], msg,
                                             msg_size) != 0)
            return -1;
    if (d->indexed && input_buffer(p, d->ib, d->ib_size, VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
                                   &p->ib, msg, msg_size) != 0)
        return -1;
    if (!p->device_mode)
        return make_buffer(p, p->out_size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, PLACE_HOST,
                           &p->out, msg, msg_size);
    if (make_buffer(p, p->out_size,
                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                        VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                    PLACE_DEVICE, &p->out, msg, msg_size) != 0)
        return -1;
    return make_buffer(p, p->out_size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, PLACE_READBACK,
                       &p->readback, msg, msg_size);
}

/* The storage buffer's descriptor set. */
static int peer_descriptors(struct vk_peer *p, char *msg, size_t msg_size)
{
    VkResult r;
    VkDescriptorPoolSize dps = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 };
    VkDescriptorPoolCreateInfo dpci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = 1,
        .poolSizeCount = 1,
        .pPoolSizes = &dps,
    };
    if ((r = vkCreateDescriptorPool(p->device, &dpci, NULL, &p->desc_pool)) != VK_SUCCESS) {
        vk_peer_msg(msg, msg_size, "vkCreateDescriptorPool", r);
        return -1;
    }
    VkDescriptorSetAllocateInfo dsai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = p->desc_pool,
        .descriptorSetCount = 1,
        .pSetLayouts = &p->set_layout,
    };
    if ((r = vkAllocateDescriptorSets(p->device, &dsai, &p->set)) != VK_SUCCESS) {
        vk_peer_msg(msg, msg_size, "vkAllocateDescriptorSets", r);
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
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Command buffers                                                            */
/* ------------------------------------------------------------------------ */

/* The render pass with `draws` identical draws. Each draw fetches and
 * shades every vertex again: nothing a draw computes is kept for the next
 * (a post-transform cache lives within one draw). */
static void cmd_draws(struct vk_peer *p, VkCommandBuffer cmd, uint32_t draws)
{
    const struct vk_peer_draw *d = &p->draw;
    VkRenderPassBeginInfo rpbi = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
        .renderPass = p->render_pass,
        .framebuffer = p->framebuffer,
        .renderArea = { { 0, 0 }, { 1, 1 } },
    };
    uint32_t vertices = d->unique_vertices;

    vkCmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->pipeline);
    for (uint32_t s = 0; s < d->nslots; s++) {
        VkDeviceSize zero = 0;
        if (p->vb[s].buf != VK_NULL_HANDLE)
            vkCmdBindVertexBuffers(cmd, s, 1, &p->vb[s].buf, &zero);
    }
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->pipe_layout, 0, 1, &p->set,
                            0, NULL);
    vkCmdPushConstants(cmd, p->pipe_layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 4, &vertices);
    if (d->indexed)
        vkCmdBindIndexBuffer(cmd, p->ib.buf, 0,
                             d->index32 ? VK_INDEX_TYPE_UINT32 : VK_INDEX_TYPE_UINT16);
    for (uint32_t i = 0; i < draws; i++) {
        if (d->indexed)
            vkCmdDrawIndexed(cmd, d->count, d->instances, 0, 0, 0);
        else
            vkCmdDraw(cmd, d->count, d->instances, 0, 0);
    }
    vkCmdEndRenderPass(cmd);
}

static void barrier(VkCommandBuffer cmd, VkPipelineStageFlags src_stage, VkAccessFlags src,
                    VkPipelineStageFlags dst_stage, VkAccessFlags dst)
{
    VkMemoryBarrier mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = src,
        .dstAccessMask = dst,
    };
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, &mb, 0, NULL, 0, NULL);
}

/* The timed command buffer. Host mode: one draw, its stores made visible to
 * the host. Device mode: `draws` draws between two timestamps (one draw
 * without timestamps when the queue has none). */
static int record_timed(struct vk_peer *p, uint32_t draws)
{
    VkCommandBufferBeginInfo cbbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };

    if (vkBeginCommandBuffer(p->cmd, &cbbi) != VK_SUCCESS)
        return -1;
    if (p->timestamps) {
        vkCmdResetQueryPool(p->cmd, p->queries, 0, 2);
        vkCmdWriteTimestamp(p->cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, p->queries, 0);
    }
    cmd_draws(p, p->cmd, draws);
    if (p->timestamps)
        vkCmdWriteTimestamp(p->cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, p->queries, 1);
    if (!p->device_mode)
        barrier(p->cmd, VK_PIPELINE_STAGE_VERTEX_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    if (vkEndCommandBuffer(p->cmd) != VK_SUCCESS)
        return -1;
    p->cmd_draws = draws;
    return 0;
}

/* Device mode's check: the records set to all-ones bytes, one draw, the
 * records copied to the read-back buffer and made visible to the host. */
static int record_check(struct vk_peer *p)
{
    VkCommandBufferBeginInfo cbbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
    VkBufferCopy region = { 0, 0, p->out_size };

    if (vkBeginCommandBuffer(p->check_cmd, &cbbi) != VK_SUCCESS)
        return -1;
    vkCmdFillBuffer(p->check_cmd, p->out.buf, 0, VK_WHOLE_SIZE, 0xffffffffu);
    barrier(p->check_cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_VERTEX_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
    cmd_draws(p, p->check_cmd, 1);
    barrier(p->check_cmd, VK_PIPELINE_STAGE_VERTEX_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
            VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    vkCmdCopyBuffer(p->check_cmd, p->out.buf, p->readback.buf, 1, &region);
    barrier(p->check_cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    return vkEndCommandBuffer(p->check_cmd) == VK_SUCCESS ? 0 : -1;
}

/* ------------------------------------------------------------------------ */
/* A draw                                                                     */
/* ------------------------------------------------------------------------ */

int vk_peer_prepare(struct vk_peer *p, const struct vk_peer_draw *d, char *msg, size_t msg_size)
{
    vk_peer_release(p);
    p->prepared = 1;
    if (d->num_elems > VK_PEER_MAX_ELEMS || d->nslots > VK_PEER_MAX_SLOTS) {
        snprintf(msg, msg_size, "more elements or slots than the peer's shaders take");
        return -1;
    }
    p->draw = *d;
    p->out_size = (uint64_t)d->instances * d->unique_vertices * d->num_elems * 16u;
    if (p->out_size > p->props.limits.maxStorageBufferRange) {
        snprintf(msg, msg_size, "%llu output bytes exceed maxStorageBufferRange %llu",
                 (unsigned long long)p->out_size,
                 (unsigned long long)p->props.limits.maxStorageBufferRange);
        return -1;
    }
    if (peer_buffers(p, d, msg, msg_size) != 0 || vk_peer_make_pipeline(p, d, msg, msg_size) != 0 ||
        peer_descriptors(p, msg, msg_size) != 0)
        return -1;
    p->cmd = alloc_cmd(p);
    if (p->device_mode)
        p->check_cmd = alloc_cmd(p);
    if (p->cmd == VK_NULL_HANDLE || (p->device_mode && p->check_cmd == VK_NULL_HANDLE)) {
        snprintf(msg, msg_size, "vkAllocateCommandBuffers failed");
        return -1;
    }
    if (record_timed(p, 1) != 0 || (p->device_mode && record_check(p) != 0)) {
        snprintf(msg, msg_size, "recording the command buffers failed");
        return -1;
    }
    return 0;
}

int vk_peer_run(void *arg)
{
    struct vk_peer *p = arg;

    return submit_wait(p, p->cmd);
}

/* Submits the timed command buffer: the GPU seconds between its two
 * timestamps into *sec. */
static int timed_submit(struct vk_peer *p, double *sec)
{
    uint64_t ts[2];

    if (submit_wait(p, p->cmd) != 0)
        return -1;
    if (vkGetQueryPoolResults(p->device, p->queries, 0, 2, sizeof(ts), ts, sizeof(ts[0]),
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) != VK_SUCCESS)
        return -1;
    uint64_t ticks = (ts[1] - ts[0]) & p->ts_mask;
    *sec = (double)ticks * (double)p->props.limits.timestampPeriod * 1e-9;
    return 0;
}

/* Draws per command buffer so that it lasts min_time: from one draw's
 * time, capped at VK_PEER_MAX_DRAWS. */
static uint32_t draws_for(double once, double min_time)
{
    double n = once > 0 ? ceil(min_time / once) : VK_PEER_MAX_DRAWS;

    return n < 1 ? 1 : n > VK_PEER_MAX_DRAWS ? VK_PEER_MAX_DRAWS : (uint32_t)n;
}

int vk_peer_time(struct vk_peer *p, unsigned reps, double min_time, double *samples,
                 uint32_t *draws_ret, char *msg, size_t msg_size)
{
    double once;

    if (!p->timestamps) {
        snprintf(msg, msg_size, "no timestamps");
        return -1;
    }
    /* The first submit warms up (caches, clocks, lazy allocations). */
    if (record_timed(p, 1) != 0 || timed_submit(p, &once) != 0 || timed_submit(p, &once) != 0) {
        snprintf(msg, msg_size, "draw failed");
        return -1;
    }
    uint32_t draws = draws_for(once, min_time);
    if (draws > 1 && (record_timed(p, draws) != 0 || timed_submit(p, &once) != 0)) {
        snprintf(msg, msg_size, "draw failed (%u draws per command buffer)", draws);
        return -1;
    }
    for (unsigned k = 0; k < reps; k++) {
        double t;
        if (timed_submit(p, &t) != 0) {
            snprintf(msg, msg_size, "draw failed (%u draws per command buffer)", draws);
            return -1;
        }
        if (!(t > 0)) {
            snprintf(msg, msg_size, "the timestamps did not advance over %u draws", draws);
            return -1;
        }
        samples[k] = t / draws;
    }
    *draws_ret = draws;
    return 0;
}

const uint32_t *vk_peer_draw_records(struct vk_peer *p)
{
    if (p->device_mode)
        return submit_wait(p, p->check_cmd) == 0 ? p->readback.map : NULL;
    /* Host mode: the timed buffer is one draw whose stores reach the host. */
    if (p->out.map == NULL || p->cmd_draws != 1)
        return NULL;
    memset(p->out.map, 0xff, (size_t)p->out_size);
    return submit_wait(p, p->cmd) == 0 ? p->out.map : NULL;
}

void vk_peer_release(struct vk_peer *p)
{
    if (!p->prepared)
        return;
    vkDeviceWaitIdle(p->device);
    if (p->cmd)
        vkFreeCommandBuffers(p->device, p->cmd_pool, 1, &p->cmd);
    if (p->check_cmd)
        vkFreeCommandBuffers(p->device, p->cmd_pool, 1, &p->check_cmd);
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
    free_buffer(p, &p->readback);
    p->cmd = VK_NULL_HANDLE;
    p->check_cmd = VK_NULL_HANDLE;
    p->cmd_draws = 0;
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
