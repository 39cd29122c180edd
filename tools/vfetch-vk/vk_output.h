/*
 * vk_output.h - the buffer vfetch-vk's shaders store to, for a case's run
 * (vk_run.c) and its primitive capture (vk_prim.c). Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_OUTPUT_H
#define VF_TOOLS_VFETCH_VK_VK_OUTPUT_H

#include <stdint.h>

#include "vk_device.h"

/* A storage buffer of `bytes` that the host reads back, within the
 * device's storage-buffer range (vk_draw.h) and VKF_MAX_ALLOCATION: 0, or -1 with a
 * message; name_limit: a draw too large is told the limit it passed.
 * The caller still destroys b. */
int vkf_output_create(struct vkf_device *d, struct vkf_buf *b, uint64_t bytes, int name_limit,
                      char *err, size_t err_size);

#endif /* VF_TOOLS_VFETCH_VK_VK_OUTPUT_H */
