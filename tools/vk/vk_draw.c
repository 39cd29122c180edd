/*
 * vk_draw.c - the draw both programs record: render pass, bindings, draws,
 * and the output buffer the shaders store to (vk_draw.h).
 */
#include <stdio.h>

#include "vk_draw.h"

/* The render pass (empty, 1x1: nothing is drawn) with p and its set bound. */
static void begin_pass(struct vkf_device *d, VkCommandBuffer cb, const struct vkf_pipeline *p)
{
    VkRenderPassBeginInfo rpbi = {
        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
        .renderPass = p->render_pass,
        .framebuffer = p->framebuffer,
        .renderArea = { { 0, 0 }, { 1, 1 } },
    };

    d->vkCmdBeginRenderPass(cb, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    d->vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p->pipeline);
    d->vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p->layout, 0, 1, &p->set, 0,
                               NULL);
}

/* Each binding with a buffer, or VK_NULL_HANDLE where null_bindings asks;
 * with the bound sizes where the command gives them. */
static void bind_vertex_buffers(struct vkf_device *d, VkCommandBuffer cb,
                                const struct vkf_draw_cmd *cmd)
{
    const VkDeviceSize zero = 0;

    for (uint32_t b = 0; b < VKF_DRAW_MAX_BINDINGS; b++) {
        const VkBuffer *buf = &cmd->vertex_buffers[b];
        if (*buf == VK_NULL_HANDLE && !(cmd->null_bindings & (1u << b)))
            continue;
        if (cmd->bind_sizes && *buf != VK_NULL_HANDLE && d->vkCmdBindVertexBuffers2 != NULL)
            d->vkCmdBindVertexBuffers2(cb, b, 1, buf, &zero, &cmd->vertex_sizes[b], NULL);
        else
            d->vkCmdBindVertexBuffers(cb, b, 1, buf, &zero);
    }
}

/* cmd's one indirect draw (its index buffer bound already). */
static void draw_indirect(struct vkf_device *d, VkCommandBuffer cb, const struct vkf_draw_cmd *cmd)
{
    const int indexed = cmd->index_buffer != VK_NULL_HANDLE;
    const uint32_t stride = cmd->indirect_stride;

    if (cmd->count_buffer != VK_NULL_HANDLE && indexed)
        d->vkCmdDrawIndexedIndirectCount(cb, cmd->indirect_buffer, cmd->indirect_offset,
                                         cmd->count_buffer, cmd->count_offset, 1, stride);
    else if (cmd->count_buffer != VK_NULL_HANDLE)
        d->vkCmdDrawIndirectCount(cb, cmd->indirect_buffer, cmd->indirect_offset,
                                  cmd->count_buffer, cmd->count_offset, 1, stride);
    else if (indexed)
        d->vkCmdDrawIndexedIndirect(cb, cmd->indirect_buffer, cmd->indirect_offset, 1, 0);
    else
        d->vkCmdDrawIndirect(cb, cmd->indirect_buffer, cmd->indirect_offset, 1, 0);
}

void vkf_cmd_draw(struct vkf_device *d, VkCommandBuffer cb, const struct vkf_pipeline *p,
                  const struct vkf_draw_cmd *cmd)
{
    const uint32_t repeat = cmd->repeat ? cmd->repeat : 1;
    const int indexed = cmd->index_buffer != VK_NULL_HANDLE;

    begin_pass(d, cb, p);
    bind_vertex_buffers(d, cb, cmd);
    if (cmd->push != NULL)
        d->vkCmdPushConstants(cb, p->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, cmd->push_bytes,
                              cmd->push);
    if (cmd->indirect_buffer != VK_NULL_HANDLE) {
        if (indexed)
            d->vkCmdBindIndexBuffer(cb, cmd->index_buffer, 0, cmd->index_type);
        draw_indirect(d, cb, cmd);
    } else if (cmd->vertex_count > 0 && cmd->instance_count > 0) {
        if (indexed)
            d->vkCmdBindIndexBuffer(cb, cmd->index_buffer, 0, cmd->index_type);
        for (uint32_t i = 0; i < repeat; i++) {
            if (indexed)
                d->vkCmdDrawIndexed(cb, cmd->vertex_count, cmd->instance_count,
                                    cmd->first_vertex, cmd->vertex_offset, cmd->first_instance);
            else
                d->vkCmdDraw(cb, cmd->vertex_count, cmd->instance_count, cmd->first_vertex,
                             cmd->first_instance);
        }
    }
    d->vkCmdEndRenderPass(cb);
}

int vkf_draw_wait(struct vkf_device *d, const struct vkf_pipeline *p,
                  const struct vkf_draw_cmd *cmd, uint64_t timeout_ns, char *err,
                  size_t err_size)
{
    VkCommandBuffer cb = vkf_cmd_begin_once(d);
    VkResult vr;

    if (cb == VK_NULL_HANDLE) {
        snprintf(err, err_size, "cannot record a command buffer");
        return -1;
    }
    vkf_cmd_draw(d, cb, p, cmd);
    /* Any graphics stage may store: the vertex shader or a capture stage. */
    vkf_cmd_barrier(d, cb, VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                    VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    vr = vkf_cmd_end_submit(d, cb, timeout_ns);
    vkf_cmd_free(d, &cb);
    if (vr != VK_SUCCESS) {
        snprintf(err, err_size, "the draw did not complete (%d)", (int)vr);
        return -1;
    }
    return 0;
}

uint64_t vkf_output_limit(const struct vkf_device *d, uint64_t cap)
{
    uint64_t limit = d->info.props.limits.maxStorageBufferRange;

    return cap != 0 && cap < limit ? cap : limit;
}

int vkf_output_buf_create(struct vkf_device *d, struct vkf_buf *b, uint64_t bytes, uint64_t cap,
                          VkBufferUsageFlags usage, enum vkf_place place, char *err,
                          size_t err_size)
{
    uint64_t range = d->info.props.limits.maxStorageBufferRange;

    if (bytes > range) {
        snprintf(err, err_size, "%llu output bytes exceed maxStorageBufferRange %llu",
                 (unsigned long long)bytes, (unsigned long long)range);
        return VKF_OUTPUT_TOO_LARGE;
    }
    if (bytes > vkf_output_limit(d, cap)) {
        snprintf(err, err_size, "%llu output bytes exceed the cap of %llu",
                 (unsigned long long)bytes, (unsigned long long)cap);
        return VKF_OUTPUT_TOO_LARGE;
    }
    return vkf_buf_create(d, b, bytes, usage | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, place, err,
                          err_size)
               ? -1
               : 0;
}
