/*
 * vk_fetch_device.h - the Vulkan device as vfetch-vk opens it: the
 * features vertex fetch and the primitive capture need, and the device
 * list (vk_fetch_device.c). Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_FETCH_DEVICE_H
#define VF_TOOLS_VFETCH_VK_VK_FETCH_DEVICE_H

#include <stddef.h>

#include "vk_device.h" /* struct vkf_device, and the VKF_EXIT_* statuses returned here */

/* How long a case's draw may take: a hung driver fails the case. */
#define VKF_DRAW_TIMEOUT_NS (120ull * 1000000000ull)

/* Opens the device `want` names for vfetch-vk (vkf_select's rules; NULL:
 * the first usable device) with the divisor extension, the geometry and
 * tessellation stages, nullDescriptor and vkCmdBindVertexBuffers2 where it
 * has them, and the robustness features of `robustness` (enum
 * vkf_robustness of fetch_oob.h; VKF_ROBUST_AUTO: robustBufferAccess2, else
 * robustBufferAccess, else none, as the device has them). Returns
 * VKF_EXIT_OK, VKF_EXIT_SKIP when there is no loader or no usable device,
 * or the device lacks the mode asked for (the reason in err), or
 * VKF_EXIT_USAGE when no device matches. */
int vkf_open_fetch(const char *want, int robustness, struct vkf_device **dev_ret, char *err,
                   size_t err_size);
/* The robustness mode the device was opened with (not VKF_ROBUST_AUTO). */
int vkf_fetch_robustness(const struct vkf_device *dev);
/* Closes the device and frees the shaders compiled for it. */
void vkf_close_fetch(struct vkf_device *dev);
/* Prints every device with the facts that matter to vertex fetch. Returns
 * VKF_EXIT_OK or VKF_EXIT_SKIP. */
int vkf_list_devices(void *f, char *err, size_t err_size);

#endif /* VF_TOOLS_VFETCH_VK_VK_FETCH_DEVICE_H */
