/*
 * vk_peer.h - the same draws through a real Vulkan driver: a vertex shader
 * writes its inputs to a storage buffer under rasterizer discard. On a CPU
 * device (Mesa's lavapipe) the buffers are host memory and the draw is timed
 * on the host; on a GPU they are uploaded once to device-local memory and
 * the draw is timed by the GPU's timestamps. Built only when configure found
 * Vulkan and glslc.
 */
#ifndef VF_BENCH_VK_PEER_H
#define VF_BENCH_VK_PEER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vfetch.h"

#define VK_PEER_MAX_SLOTS 4u
#define VK_PEER_MAX_ELEMS 8u
/* Draws one timed command buffer holds at most. */
#define VK_PEER_MAX_DRAWS 65536u
/* GPU seconds of the draw run before a device-mode measurement. */
#define VK_PEER_WARM_SECONDS 0.5

/* One draw as vfetch-bench describes it. */
struct vk_peer_draw {
    const char *layout_name;          /* selects the precompiled shader */
    const vf_input_element_desc *elems;
    uint32_t num_elems;
    uint32_t offsets[VK_PEER_MAX_ELEMS]; /* resolved byte offsets */
    uint32_t nslots;
    const void *vb[VK_PEER_MAX_SLOTS];
    uint32_t vb_size[VK_PEER_MAX_SLOTS];
    uint32_t stride[VK_PEER_MAX_SLOTS];
    int per_instance[VK_PEER_MAX_SLOTS];
    uint32_t step[VK_PEER_MAX_SLOTS];
    int indexed;
    const void *ib;
    uint32_t ib_size;
    int index32;
    int strip;                        /* triangle strip with primitive restart */
    uint32_t count;                   /* vertices or indices per instance */
    uint32_t instances;
    uint32_t unique_vertices;         /* vertex buffer rows: the record stride per instance */
};

/* How the peer places its buffers and times its draws. */
enum vk_peer_mode {
    VK_PEER_MODE_AUTO,   /* host on a CPU device whose memory is the host's, else device */
    VK_PEER_MODE_HOST,   /* host-visible buffers; submit + fence wait timed on the host */
    VK_PEER_MODE_DEVICE, /* device-local buffers; GPU timestamps around the draws */
};

struct vk_peer;

/* Prints the Vulkan devices to f: 0, or -1 with a message in msg when there
 * is no Vulkan instance. */
int vk_peer_list(FILE *f, char *msg, size_t msg_size);

/* The device `want` names ("lavapipe", "gpu" or part of a device name:
 * vkf_select in tools/vk/vk_device.h), set up in `mode`: NULL with a
 * message when there is no such device or it cannot be used. */
struct vk_peer *vk_peer_create(const char *want, enum vk_peer_mode mode, char *msg,
                               size_t msg_size);
void vk_peer_destroy(struct vk_peer *peer);
/* The device name, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)". */
const char *vk_peer_name(const struct vk_peer *peer);
/* The row's path: "lavapipe" for Mesa's llvmpipe device, else "vk:" and
 * the device name up to its first " (". */
const char *vk_peer_row_name(const struct vk_peer *peer);
/* One line on the device and how it is timed, for the table's header. */
void vk_peer_describe(const struct vk_peer *peer, char *buf, size_t size);
/* Nonzero on a device that is not the CPU (a GPU of any kind). */
int vk_peer_is_gpu(const struct vk_peer *peer);
/* Nonzero when vk_peer_time gives the draw's time (device mode with
 * timestamps); zero when the draw is timed on the host around vk_peer_run. */
int vk_peer_device_timed(const struct vk_peer *peer);
/* CPU threads the driver's vertex stage runs on (lavapipe: the queue's
 * one); 0 on a GPU. */
unsigned vk_peer_threads(const struct vk_peer *peer);

/* Uploads the buffers (untimed) and records the draw: 0, or -1 with a
 * message. A draw whose records exceed the device's storage buffer range,
 * the --peer-split cap or the memory the output buffer gets is split into
 * several draws (vk_peer_split). */
int vk_peer_prepare(struct vk_peer *peer, const struct vk_peer_draw *draw, char *msg,
                    size_t msg_size);
/* Submits one recorded draw and waits for it: 0, or -1. `peer` is the
 * struct vk_peer (void * so it fits vfetch-bench's timing loop). */
int vk_peer_run(void *peer);
/* Device-timed draws: warms up, picks how many draws one command buffer
 * holds so that it lasts at least min_time seconds of GPU time, then
 * submits it `reps` times; samples[k] is the GPU seconds of repetition k
 * divided by its draws. 0, or -1 with a message. */
int vk_peer_time(struct vk_peer *peer, unsigned reps, double min_time, double *samples,
                 uint32_t *draws_ret, char *msg, size_t msg_size);
/* Sets the records to all-ones bytes, draws once and returns what the draw
 * wrote (read back from device memory in device mode): words
 * [(instance * unique_vertices + vertex) * num_elems + element][4]. NULL
 * when the draw failed. Untimed. */
const uint32_t *vk_peer_draw_records(struct vk_peer *peer);
/* The most bytes of records one draw may write (--peer-split); 0: the
 * device's limits alone. A draw over it is split (below). */
void vk_peer_set_split_cap(struct vk_peer *peer, uint64_t bytes);
/* How the prepared draw was cut: the number of draws (1: not split), the
 * most bytes of records each writes, and what cut it
 * ("maxStorageBufferRange", "--peer-split" or "memory"; "" when not
 * split). The timed draw is every part in one command buffer, so its
 * time is their sum. */
uint32_t vk_peer_split(const struct vk_peer *peer, uint64_t *window_bytes, const char **why);
/* Frees what vk_peer_prepare made. */
void vk_peer_release(struct vk_peer *peer);

#endif
