/*
 * vk_peer_device.c - the Vulkan peer's device: opening it for a mode, its
 * timestamp query pool, the row name the tables print, and closing it
 * (see vk_peer.c for the draws and their timing).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vk_peer_impl.h"

/* The row's path: lavapipe's device keeps the name earlier tables use. */
static void row_name(struct vk_peer *p)
{
    const char *name = p->dev->info.props.deviceName;
    size_t n = strcspn(name, "(");

    while (n > 0 && name[n - 1] == ' ')
        n--;
    if (strncmp(name, "llvmpipe", 8) == 0)
        snprintf(p->row, sizeof(p->row), "lavapipe");
    else
        snprintf(p->row, sizeof(p->row), "vk:%.*s", (int)n, name);
}

/* Device mode times with timestamps when the queue has them: the query
 * pool of the two. */
static int timestamps_setup(struct vk_peer *p, char *msg, size_t msg_size)
{
    const struct vkf_phys_info *info = &p->dev->info;
    uint32_t bits = info->timestamp_bits;
    VkQueryPoolCreateInfo qpci = {
        .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
        .queryType = VK_QUERY_TYPE_TIMESTAMP,
        .queryCount = 2,
    };
    VkResult r;

    p->ts_mask = bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    p->timestamps = p->device_mode && bits > 0 && info->props.limits.timestampPeriod > 0;
    if (p->timestamps &&
        (r = p->dev->vkCreateQueryPool(p->dev->device, &qpci, NULL, &p->queries)) != VK_SUCCESS) {
        vk_peer_msg(msg, msg_size, "vkCreateQueryPool", r);
        return -1;
    }
    return 0;
}

struct vk_peer *vk_peer_create(const char *want, enum vk_peer_mode mode, char *msg,
                               size_t msg_size)
{
    struct vk_peer *p = calloc(1, sizeof(*p));

    if (p == NULL) {
        snprintf(msg, msg_size, "out of memory");
        return NULL;
    }
    /* No optional feature: the timed draw runs as an application's would. */
    if (vkf_open("vfetch-bench", want, 0, &p->dev, msg, msg_size) != VKF_EXIT_OK) {
        free(p);
        return NULL;
    }
    p->device_mode = mode == VK_PEER_MODE_DEVICE ||
                     (mode == VK_PEER_MODE_AUTO && !p->dev->info.host_memory);
    row_name(p);
    if (timestamps_setup(p, msg, msg_size) != 0) {
        vk_peer_destroy(p);
        return NULL;
    }
    return p;
}

void vk_peer_destroy(struct vk_peer *p)
{
    if (p == NULL)
        return;
    vk_peer_release(p);
    if (p->queries)
        p->dev->vkDestroyQueryPool(p->dev->device, p->queries, NULL);
    vkf_close(p->dev);
    free(p);
}

const char *vk_peer_name(const struct vk_peer *p)
{
    return p->dev->info.props.deviceName;
}

const char *vk_peer_row_name(const struct vk_peer *p)
{
    return p->row;
}

int vk_peer_is_gpu(const struct vk_peer *p)
{
    return p->dev->info.props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU;
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
    size_t len = (size_t)snprintf(buf, size, "%s (%s", p->dev->info.props.deviceName,
                                  vkf_type_name(p->dev->info.props.deviceType));

    if (p->dev->info.sm_count && len < size)
        len += (size_t)snprintf(buf + len, size - len, ", %u SMs", p->dev->info.sm_count);
    if (len >= size)
        return;
    if (p->timestamps)
        snprintf(buf + len, size - len,
                 "): buffers in device-local memory, uploaded once; time = GPU timestamps "
                 "around N draws in one command buffer / N (%.3g ns ticks, %u bits)",
                 (double)p->dev->info.props.limits.timestampPeriod,
                 p->dev->info.timestamp_bits);
    else if (p->device_mode)
        snprintf(buf + len, size - len,
                 "): buffers in device-local memory, uploaded once; no timestamps on its "
                 "queue, so time = submit + fence wait per draw, on the host");
    else
        snprintf(buf + len, size - len,
                 "): buffers in host memory; time = submit + fence wait per draw, on the "
                 "host");
}
