/*
 * vk_prim_check.h - vfetch-vk --primitives: the driver's primitive
 * capture against vf_draw_primitives (vk_prim_check.c). Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_PRIM_CHECK_H
#define VF_TOOLS_VFETCH_VK_VK_PRIM_CHECK_H

#include <stdint.h>

struct vkf_device; /* vk_device.h */

/* Options of vfetch-vk --primitives. */
struct vkf_prim_options {
    uint32_t max_mismatches;  /* differences shown per case */
    int accept_rotation;      /* accept GL's rotated odd triangles of strips with adjacency */
    int tamper;               /* change one position the driver returned (tests the diff) */
    int verbose;
};

/* Checks one case file: vf_draw_primitives against the driver's capture,
 * per (instance, primitive ID). Prints a report to `out` and returns a
 * VKF_EXIT_* status (VKF_EXIT_SKIP: the device cannot capture this case). */
int vkf_prim_check_case(struct vkf_device *dev, const char *path,
                        const struct vkf_prim_options *o, void *out);

#endif /* VF_TOOLS_VFETCH_VK_VK_PRIM_CHECK_H */
