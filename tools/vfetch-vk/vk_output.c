/*
 * vk_output.c - vfetch-vk's output buffer (vk_output.h): the device
 * layer's one limit check, with the tool's own cap and message.
 */
#include <stdio.h>

#include "vk_output.h"
#include "vk_draw.h"
#include "vk_translate.h"

int vkf_output_create(struct vkf_device *d, struct vkf_buf *b, uint64_t bytes, int name_limit,
                      char *err, size_t err_size)
{
    int ret = vkf_output_buf_create(d, b, bytes, VKF_MAX_ALLOCATION, 0, VKF_MEM_READBACK, err,
                                    err_size);
    size_t n;

    if (ret != VKF_OUTPUT_TOO_LARGE)
        return ret ? -1 : 0;
    n = (size_t)snprintf(err, err_size,
                         "the draw needs %llu bytes of output, more than this tool allocates",
                         (unsigned long long)bytes);
    if (name_limit && n < err_size)
        snprintf(err + n, err_size - n, " (%llu)",
                 (unsigned long long)vkf_output_limit(d, VKF_MAX_ALLOCATION));
    return -1;
}
