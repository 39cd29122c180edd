/*
 * vk_peer.c - vfetch-bench's Vulkan peer: the bench's draws through a real
 * driver (the device is opened in vk_peer_device.c). A vertex shader
 * (vk_peer_pipeline.c) stores every input register to a storage buffer;
 * the rasterizer is discarded, so the work is the
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
 *
 * The device, its buffers, the pipeline object and the draw come from the
 * Vulkan layer vfetch-vk uses too (tools/vk/vk_device.h, vk_pipeline.h,
 * vk_draw.h); the loader is opened at run time.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vk_peer_impl.h"

void vk_peer_msg(char *msg, size_t size, const char *what, VkResult r)
{
    snprintf(msg, size, "%s failed (VkResult %d)", what, (int)r);
}

/* ------------------------------------------------------------------------ */
/* Memory                                                                     */
/* ------------------------------------------------------------------------ */

static int submit_wait(struct vk_peer *p, VkCommandBuffer cmd)
{
    return vkf_submit_wait(p->dev, cmd, UINT64_MAX) == VK_SUCCESS ? 0 : -1;
}

/* Copies `size` bytes of `src` into the device-local buffer `dst` through a
 * staging buffer, and waits: before anything is timed. */
static int upload(struct vk_peer *p, const void *src, VkDeviceSize size, struct vkf_buf *dst,
                  char *msg, size_t msg_size)
{
    struct vkf_device *dev = p->dev;
    struct vkf_buf staging = { 0 };
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    int ret = -1;

    if (vkf_buf_create(dev, &staging, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, VKF_MEM_STAGING,
                       msg, msg_size) != 0)
        goto out;
    memcpy(staging.map, src, (size_t)size);
    cmd = vkf_cmd_begin_once(dev);
    if (cmd == VK_NULL_HANDLE) {
        snprintf(msg, msg_size, "vkAllocateCommandBuffers/vkBeginCommandBuffer failed");
        goto out;
    }
    VkBufferCopy region = { 0, 0, size };
    dev->vkCmdCopyBuffer(cmd, staging.buffer, dst->buffer, 1, &region);
    /* The copy before any later vertex input reads the buffer. */
    vkf_cmd_barrier(dev, cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_VERTEX_INPUT_BIT,
                    VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_INDEX_READ_BIT);
    if (vkf_cmd_end_submit(dev, cmd, UINT64_MAX) != VK_SUCCESS) {
        snprintf(msg, msg_size, "the upload of %llu bytes failed", (unsigned long long)size);
        goto out;
    }
    ret = 0;
out:
    vkf_cmd_free(dev, &cmd);
    vkf_buf_destroy(dev, &staging);
    return ret;
}

/* A vertex or index buffer of the draw, filled: mapped and copied in host
 * mode, uploaded in device mode. */
static int input_buffer(struct vk_peer *p, const void *src, uint32_t size,
                        VkBufferUsageFlags usage, struct vkf_buf *b, char *msg, size_t msg_size)
{
    if (!p->device_mode) {
        if (vkf_buf_create(p->dev, b, size, usage, VKF_MEM_HOST, msg, msg_size) != 0)
            return -1;
        memcpy(b->map, src, size);
        return 0;
    }
    if (vkf_buf_create(p->dev, b, size, usage | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                       VKF_MEM_DEVICE, msg, msg_size) != 0)
        return -1;
    return upload(p, src, size, b, msg, msg_size);
}

/* The records' buffer of p->out_size bytes and, in device mode, its
 * read-back copy: 0, or -1 with a message. */
static int output_buffers(struct vk_peer *p, char *msg, size_t msg_size)
{
    /* Device mode fills the records before the check's draw and copies them back. */
    VkBufferUsageFlags usage =
        p->device_mode ? VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT
                       : VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (vkf_output_buf_create(p->dev, &p->out, p->out_size, 0, usage,
                              p->device_mode ? VKF_MEM_DEVICE : VKF_MEM_HOST, msg, msg_size))
        return -1;
    if (p->device_mode && vkf_buf_create(p->dev, &p->readback, p->out_size,
                                         VK_BUFFER_USAGE_TRANSFER_DST_BIT, VKF_MEM_READBACK, msg,
                                         msg_size) != 0)
        return -1;
    return 0;
}

/* The output buffers for the largest window the device takes: the
 * storage buffer range or --peer-split's cap, halved while the memory
 * cannot hold it (down to 1 MiB). The draw's parts follow the window. */
static int split_buffers(struct vk_peer *p, const struct vk_peer_draw *d, char *msg,
                         size_t msg_size)
{
    uint64_t max = p->dev->info.props.limits.maxStorageBufferRange;

    p->split_why = "maxStorageBufferRange";
    if (p->split_cap && p->split_cap < max) {
        max = p->split_cap;
        p->split_why = "--peer-split";
    }
    for (;;) {
        if (vk_peer_split_plan(p, d, max, msg, msg_size) != 0)
            return -1;
        p->out_size = p->window_slots * p->slot_bytes;
        if (output_buffers(p, msg, msg_size) == 0)
            return 0;
        vkf_buf_destroy(p->dev, &p->out);
        vkf_buf_destroy(p->dev, &p->readback);
        if (max / 2 < (1u << 20))
            return -1;
        max /= 2;
        p->split_why = "memory";
    }
}

/* The draw's buffers: the records (split_buffers), then the inputs,
 * filled once (uploads are not part of the timed draw). */
static int peer_buffers(struct vk_peer *p, const struct vk_peer_draw *d, char *msg,
                        size_t msg_size)
{
    if (split_buffers(p, d, msg, msg_size) != 0)
        return -1;
    for (uint32_t s = 0; s < d->nslots; s++)
        if (d->vb[s] != NULL && input_buffer(p, d->vb[s], d->vb_size[s],
                                             VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &p->vb[s], msg,
                                             msg_size) != 0)
            return -1;
    if (d->indexed && input_buffer(p, d->ib, d->ib_size, VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
                                   &p->ib, msg, msg_size) != 0)
        return -1;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Command buffers                                                            */
/* ------------------------------------------------------------------------ */

/* Part `part` of the draw (the whole draw when not split), `draws` times
 * in one render pass, writing records from slot push->base on. Each draw
 * fetches and shades every vertex again: nothing a draw computes is kept
 * for the next (a post-transform cache lives within one draw). */
static void cmd_part(struct vk_peer *p, VkCommandBuffer cmd, const struct vk_peer_part *part,
                     uint32_t draws, const struct vk_peer_push *push)
{
    const struct vk_peer_draw *d = &p->draw;
    struct vkf_draw_cmd dc = {
        .index_buffer = d->indexed ? p->ib.buffer : VK_NULL_HANDLE,
        .index_type = d->index32 ? VK_INDEX_TYPE_UINT32 : VK_INDEX_TYPE_UINT16,
        .vertex_count = part->count,
        .instance_count = part->instances,
        .first_vertex = part->first,
        .first_instance = part->first_instance,
        .repeat = draws,
        .push = push,
        .push_bytes = sizeof(*push),
    };

    for (uint32_t s = 0; s < d->nslots; s++)
        dc.vertex_buffers[s] = p->vb[s].buffer;
    vkf_cmd_draw(p->dev, cmd, &p->pipe, &dc);
}

/* The timed draw: every part, `draws` times each. A split draw's parts
 * fold stray slots into the window (wrap), so each stores every record. */
static void cmd_draws(struct vk_peer *p, VkCommandBuffer cmd, uint32_t draws)
{
    for (uint32_t k = 0; k < p->nparts; k++) {
        struct vk_peer_push push = { p->draw.unique_vertices, p->parts[k].base,
                                     (uint32_t)p->window_slots, p->nparts > 1 };
        cmd_part(p, cmd, &p->parts[k], draws, &push);
    }
}

/* The timed command buffer. Host mode: one draw, its stores made visible to
 * the host. Device mode: `draws` draws between two timestamps (one draw
 * without timestamps when the queue has none). */
static int record_timed(struct vk_peer *p, uint32_t draws)
{
    struct vkf_device *dev = p->dev;
    VkCommandBufferBeginInfo cbbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };

    if (dev->vkBeginCommandBuffer(p->cmd, &cbbi) != VK_SUCCESS)
        return -1;
    if (p->timestamps) {
        dev->vkCmdResetQueryPool(p->cmd, p->queries, 0, 2);
        dev->vkCmdWriteTimestamp(p->cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, p->queries, 0);
    }
    cmd_draws(p, p->cmd, draws);
    if (p->timestamps)
        dev->vkCmdWriteTimestamp(p->cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, p->queries, 1);
    if (!p->device_mode)
        vkf_cmd_barrier(dev, p->cmd, VK_PIPELINE_STAGE_VERTEX_SHADER_BIT,
                        VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        VK_ACCESS_HOST_READ_BIT);
    if (dev->vkEndCommandBuffer(p->cmd) != VK_SUCCESS)
        return -1;
    p->cmd_draws = draws;
    return 0;
}

int vk_peer_record_window(struct vk_peer *p, VkCommandBuffer cmd, uint64_t w)
{
    struct vkf_device *dev = p->dev;
    VkBufferCopy region = { 0, 0, p->out_size };
    struct vk_peer_part whole = { 0, p->draw.count, 0, p->draw.instances, 0 };
    struct vk_peer_push push = { p->draw.unique_vertices, (uint32_t)(w * p->window_slots),
                                 (uint32_t)p->window_slots, 0 };

    dev->vkCmdFillBuffer(cmd, p->out.buffer, 0, VK_WHOLE_SIZE, 0xffffffffu);
    vkf_cmd_barrier(dev, cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_VERTEX_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
    cmd_part(p, cmd, &whole, 1, &push);
    if (!p->device_mode) {
        vkf_cmd_barrier(dev, cmd, VK_PIPELINE_STAGE_VERTEX_SHADER_BIT,
                        VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        VK_ACCESS_HOST_READ_BIT);
        return 0;
    }
    vkf_cmd_barrier(dev, cmd, VK_PIPELINE_STAGE_VERTEX_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                    VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    dev->vkCmdCopyBuffer(cmd, p->out.buffer, p->readback.buffer, 1, &region);
    vkf_cmd_barrier(dev, cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    return 0;
}

/* The check of a draw that is not split: the records set to all-ones
 * bytes, one draw, the records where the host reads them. */
static int record_check(struct vk_peer *p)
{
    VkCommandBufferBeginInfo cbbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };

    if (p->dev->vkBeginCommandBuffer(p->check_cmd, &cbbi) != VK_SUCCESS ||
        vk_peer_record_window(p, p->check_cmd, 0) != 0)
        return -1;
    return p->dev->vkEndCommandBuffer(p->check_cmd) == VK_SUCCESS ? 0 : -1;
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
    if (peer_buffers(p, d, msg, msg_size) != 0 || vk_peer_make_pipeline(p, d, msg, msg_size) != 0)
        return -1;
    p->cmd = vkf_cmd_alloc(p->dev);
    p->check_cmd = vkf_cmd_alloc(p->dev);
    if (p->cmd == VK_NULL_HANDLE || p->check_cmd == VK_NULL_HANDLE) {
        snprintf(msg, msg_size, "vkAllocateCommandBuffers failed");
        return -1;
    }
    if (record_timed(p, 1) != 0 || record_check(p) != 0) {
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
    if (p->dev->vkGetQueryPoolResults(
            p->dev->device, p->queries, 0, 2, sizeof(ts), ts, sizeof(ts[0]),
            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) != VK_SUCCESS)
        return -1;
    uint64_t ticks = (ts[1] - ts[0]) & p->ts_mask;
    *sec = (double)ticks * (double)p->dev->info.props.limits.timestampPeriod * 1e-9;
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
    /* A GPU idle since the last case lowers its clocks: the H200 timed
     * 557 and 1979 Mvertices/s in one run of five repetitions after two
     * warm-up submits. Half a second of the draw first lets it ramp up. */
    for (double spent = 0; spent < VK_PEER_WARM_SECONDS;) {
        double t;
        if (timed_submit(p, &t) != 0) {
            snprintf(msg, msg_size, "draw failed (%u draws per command buffer)", draws);
            return -1;
        }
        spent += t > 0 ? t : VK_PEER_WARM_SECONDS;
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
    if (p->nparts > 1)
        return vk_peer_split_records(p);
    if (submit_wait(p, p->check_cmd) != 0)
        return NULL;
    return p->device_mode ? p->readback.map : p->out.map;
}

void vk_peer_release(struct vk_peer *p)
{
    if (!p->prepared)
        return;
    p->dev->vkDeviceWaitIdle(p->dev->device);
    vkf_cmd_free(p->dev, &p->cmd);
    vkf_cmd_free(p->dev, &p->check_cmd);
    vkf_pipeline_destroy(p->dev, &p->pipe);
    for (unsigned s = 0; s < VK_PEER_MAX_SLOTS; s++)
        vkf_buf_destroy(p->dev, &p->vb[s]);
    vkf_buf_destroy(p->dev, &p->ib);
    vkf_buf_destroy(p->dev, &p->out);
    vkf_buf_destroy(p->dev, &p->readback);
    free(p->records);
    p->records = NULL;
    p->nparts = 0;
    p->split_why = NULL;
    p->cmd_draws = 0;
    p->out_size = 0;
    p->prepared = 0;
}
