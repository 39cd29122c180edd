/*
 * vk_native_run.h - the device side of a Vulkan case (vk_native_run.c):
 * what the case needs of the device, the shader that stores each location
 * register, the draw as written and the records read back. Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_NATIVE_RUN_H
#define VF_TOOLS_VFETCH_VK_VK_NATIVE_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "vfetch_vulkan.h"
#include "vk_fetch_device.h"

/* Registers a case's records hold: one per location filled. */
#define VKF_NATIVE_MAX_REGS 32u
/* Words of one driver record: 4 per register, gl_VertexIndex,
 * gl_InstanceIndex, a "shaded" word. */
#define VKF_NATIVE_WORDS(n) (4u * (n) + 3u)

struct vkf_native_regs {
    uint32_t count;
    uint32_t location[VKF_NATIVE_MAX_REGS];
    uint32_t numeric[VKF_NATIVE_MAX_REGS]; /* 0 float, 1 int, 2 uint */
    int normalized[VKF_NATIVE_MAX_REGS];   /* UNORM, SNORM or sRGB: 1-ULP differences are 1ulp */
    int floating[VKF_NATIVE_MAX_REGS];     /* SFLOAT or UFLOAT: two NaNs differ as nan */
    const char *format[VKF_NATIVE_MAX_REGS]; /* the VkFormat's name, for known deviations */
    uint32_t slot_class[VKF_NATIVE_MAX_REGS]; /* VF_INPUT_PER_VERTEX/INSTANCE_DATA by input rate */
    /* A 64-bit format's component count (its shader input is a double,
     * int64_t or uint64_t of that many components), 0 for the others;
     * and which of its locations the register is (1: the second of an
     * R64G64B64(A64) attribute, whose input the first register declares). */
    uint32_t wide[VKF_NATIVE_MAX_REGS];
    uint32_t half[VKF_NATIVE_MAX_REGS];
};

/* The driver's records: records[(j * positions + i) * words], zero where
 * the driver did not shade position i of instance j; stray counts
 * invocations outside the draw's keys. */
struct vkf_native_out {
    uint32_t positions, instances;
    uint32_t *records;
    uint32_t stray;
};

/* Empty when the device can run c as written, else the reason (skip). */
void vkf_native_check_device(const struct vkf_device *d, const struct vf_case *c, char *why,
                             size_t size);
/* Runs the draw; notes on what was used go to `notes`. 0, or a VKF_EXIT_*
 * status with the message in err. */
int vkf_native_run(struct vkf_device *d, const struct vf_case *c,
                   const struct vkf_native_regs *regs, struct vkf_native_out *out, char *notes,
                   size_t notes_size, char *err, size_t err_size);

#endif /* VF_TOOLS_VFETCH_VK_VK_NATIVE_RUN_H */
