/*
 * vk_peer.h - the same draws through a real Vulkan driver on the CPU
 * (Mesa's lavapipe): a vertex shader writes its inputs to a storage buffer
 * under rasterizer discard. Built only when configure found Vulkan and glslc.
 */
#ifndef VF_BENCH_VK_PEER_H
#define VF_BENCH_VK_PEER_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"

#define VK_PEER_MAX_SLOTS 4u
#define VK_PEER_MAX_ELEMS 8u

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

struct vk_peer;

/* NULL with a message in msg when there is no usable CPU Vulkan device. */
struct vk_peer *vk_peer_create(char *msg, size_t msg_size);
void vk_peer_destroy(struct vk_peer *peer);
/* The device name, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)". */
const char *vk_peer_name(const struct vk_peer *peer);
/* Threads the driver's vertex stage runs on (lavapipe: the queue's one). */
unsigned vk_peer_threads(const struct vk_peer *peer);

/* Uploads the buffers and records the draw: 0, or -1 with a message. */
int vk_peer_prepare(struct vk_peer *peer, const struct vk_peer_draw *draw, char *msg,
                    size_t msg_size);
/* Submits the recorded draw and waits for it: 0, or -1. `peer` is the
 * struct vk_peer (void * so it fits vfetch-bench's timing loop). */
int vk_peer_run(void *peer);
/* The records the last run wrote: words [(instance * unique_vertices +
 * vertex) * num_elems + element][4]. */
const uint32_t *vk_peer_records(const struct vk_peer *peer);
/* Sets every byte of the records to `byte` (to see which the next run
 * writes). */
void vk_peer_fill_records(struct vk_peer *peer, int byte);
/* Frees what vk_peer_prepare made. */
void vk_peer_release(struct vk_peer *peer);

#endif
