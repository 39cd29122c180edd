/*
 * vk_peer_impl.h - what vk_peer.c (buffers, command buffers and timing)
 * and vk_peer_pipeline.c (the shader and the graphics pipeline) share. The
 * device, buffers, pipeline object and draw are the Vulkan layer vfetch-vk
 * uses too (tools/vk/vk_device.h, vk_pipeline.h, vk_draw.h). Not for the rest of the
 * bench: vk_peer.h is the interface.
 */
#ifndef VF_BENCH_VK_PEER_IMPL_H
#define VF_BENCH_VK_PEER_IMPL_H

#include "vk_device.h"
#include "vk_peer.h"
#include "vk_pipeline.h"
#include "vk_draw.h"

struct vk_peer {
    struct vkf_device *dev;
    int device_mode;            /* device-local buffers, records read back */
    int timestamps;             /* device mode with usable timestamps */
    uint64_t ts_mask;           /* the valid bits of a timestamp */
    char row[48];
    VkQueryPool queries;        /* two timestamps, when `timestamps` */

    /* Per draw (vk_peer_prepare .. vk_peer_release). */
    int prepared;
    struct vk_peer_draw draw;   /* its buffer pointers are not kept valid */
    struct vkf_buf vb[VK_PEER_MAX_SLOTS];
    struct vkf_buf ib;
    struct vkf_buf out;         /* the records the shader writes */
    struct vkf_buf readback;    /* device mode: the records copied back */
    VkDeviceSize out_size;
    struct vkf_pipeline pipe;
    VkCommandBuffer cmd;        /* the timed draws */
    uint32_t cmd_draws;         /* draws `cmd` holds */
    VkCommandBuffer check_cmd;  /* device mode: fill, one draw, read back */
};

/* "what failed (VkResult r)" into msg. */
void vk_peer_msg(char *msg, size_t size, const char *what, VkResult r);

/* The pipeline object of the draw (p->pipe), writing to p->out, which
 * must exist: 0, or -1 with a message. */
int vk_peer_make_pipeline(struct vk_peer *p, const struct vk_peer_draw *d, char *msg,
                          size_t msg_size);

#endif
