/*
 * vk_format.h - DXGI -> Vulkan vertex formats, checked bit by bit against
 * the vfetch format table (vk_format.c). Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_FORMAT_H
#define VF_TOOLS_VFETCH_VK_VK_FORMAT_H

#include <stdint.h>

#include "vfetch.h"

/* Numeric class of a Vulkan vertex format: decides the GLSL input type. */
enum vkf_numeric { VKF_NUM_FLOAT = 0, VKF_NUM_UINT = 1, VKF_NUM_SINT = 2 };

struct vkf_format_map {
    vf_format dxgi;
    uint32_t vk_format;   /* a VkFormat value */
    const char *vk_name;  /* without the VK_FORMAT_ prefix */
    uint32_t numeric;     /* enum vkf_numeric */
    int force_w_one;      /* the Vulkan format reads a 4th component D3D ignores (X8) */
};

/* The Vulkan equivalent of an IA vertex format, or NULL. */
const struct vkf_format_map *vkf_format_lookup(vf_format format);

/* Checks every row of the map against the vfetch format table: each
 * component's width and bit position in the Vulkan format (written here
 * from the Vulkan specification) must equal the DXGI layout. Prints each
 * disagreement to `f` and returns their count (0: the map is right). */
int vkf_format_check(void *f);

#endif /* VF_TOOLS_VFETCH_VK_VK_FORMAT_H */
