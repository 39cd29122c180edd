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

/* The shader's push constants (peer.vert): records go to slot
 * instance * vertices + vertex - base; slots outside [0, window) are
 * skipped (wrap 0) or folded into it (wrap 1). */
struct vk_peer_push {
    uint32_t vertices, base, window, wrap;
};

/* One draw of a split draw: positions [first, first + count) of
 * instances [first_instance, first_instance + instances), its records
 * from slot `base` on. */
struct vk_peer_part {
    uint32_t first, count, first_instance, instances, base;
};

/* Draws a split draw may take at most. */
#define VK_PEER_MAX_PARTS 4096u

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
    VkCommandBuffer check_cmd;  /* the check: fill, one draw, (device mode) read back */
    uint64_t split_cap;         /* --peer-split: records per draw at most, bytes; 0: none */

    /* The split (vk_peer_split.c): the records of window_slots slots one
     * output buffer holds, and the draws the timed draw is cut into. */
    uint64_t total_slots, window_slots, slot_bytes;
    struct vk_peer_part parts[VK_PEER_MAX_PARTS];
    uint32_t nparts;            /* 1: not split */
    const char *split_why;      /* which limit cut it */
    uint32_t *records;          /* split: every window's records, gathered */
};

/* "what failed (VkResult r)" into msg. */
void vk_peer_msg(char *msg, size_t size, const char *what, VkResult r);

/* Plans the draw's parts for output buffers of at most max_bytes: 0, or
 * -1 with a message when it would take more than VK_PEER_MAX_PARTS. */
int vk_peer_split_plan(struct vk_peer *p, const struct vk_peer_draw *d, uint64_t max_bytes,
                       char *msg, size_t msg_size);
/* The records of a split draw, window by window (untimed): the gathered
 * records, or NULL when a draw failed. */
const uint32_t *vk_peer_split_records(struct vk_peer *p);
/* Into cmd: the check's draw of window w, its records made visible to
 * the host (read back in device mode). 0, or -1. */
int vk_peer_record_window(struct vk_peer *p, VkCommandBuffer cmd, uint64_t w);

/* The pipeline object of the draw (p->pipe), writing to p->out, which
 * must exist: 0, or -1 with a message. */
int vk_peer_make_pipeline(struct vk_peer *p, const struct vk_peer_draw *d, char *msg,
                          size_t msg_size);

#endif
