/*
 * vk_native.h - an "Api": "Vulkan" case replayed on the device as written
 * (vk_native.c): its bindings, attributes, divisors, buffers at their
 * offsets and its vkCmdDraw / vkCmdDrawIndexed, with no D3D translation,
 * compared word by word with vf_vk_draw at the scalar ISA. Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_NATIVE_H
#define VF_TOOLS_VFETCH_VK_VK_NATIVE_H

#include "case.h"
#include "fetch_case.h"
#include "fetch_compare.h"
#include "vk_fetch_device.h"

/* Runs the Vulkan case `c` (c->vulkan set) on dev and fills r: the
 * registers by location as its elements, the features and extensions used
 * in r->vk.translation, the counts and first differences. A case needing
 * what the device or this tool lacks is VKF_EXIT_SKIP with the reason in
 * r->error. Returns r->status. */
int vkf_native_case(struct vkf_device *dev, const struct vf_case *c,
                    const struct vkf_fetch_options *o, struct vkf_case_report *r);

#endif /* VF_TOOLS_VFETCH_VK_VK_NATIVE_H */
