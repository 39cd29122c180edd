/*
 * fetch_oob.h - what a Vulkan driver may return for a vertex attribute
 * read out of bounds, per robustness mode, and the check of the words it
 * did return (fetch_oob.c). Not installed.
 *
 * Vulkan's rules (Vulkan-Docs chapters/features.adoc, robustBufferAccess
 * and robustBufferAccess2; chapters/fxvertex.adoc, vkCmdBindVertexBuffers):
 *  - robustBufferAccess2: the attribute's raw data are zeros, missing G, B,
 *    A filled with (0, 0, 1): D3D's out-of-bounds rule (rules 6);
 *  - a VK_NULL_HANDLE binding (nullDescriptor): the same values, in every
 *    mode; D3D's unbound slot reads (0, 0, 0, 0) instead, so the two differ
 *    in a missing A;
 *  - robustBufferAccess alone: any of values converted from anywhere in the
 *    memory bound to the buffer, zeros converted by the format, zeros, or
 *    (0, 0, 0, x) with x 0, 1 or the largest integer (0.0 or 1.0 for
 *    floats); the checked range may be cut to a multiple of the stride, and
 *    one attribute out of bounds makes its binding's others so too. That
 *    set is the library oracle's (vfetch_robust.h, VF_ROBUST_BUFFER_ACCESS),
 *    which fetch_compare.c asks word by word.
 */
#ifndef VF_TOOLS_VFETCH_VK_FETCH_OOB_H
#define VF_TOOLS_VFETCH_VK_FETCH_OOB_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"

/* Bytes vfetch-vk puts in a vertex buffer after the view (and in the rest
 * of its memory), bound past the view's size: a driver that reads past the
 * bound range returns their value, never zeros. */
#define VKF_POISON_BYTE 0xa5u
#define VKF_POISON_TAIL 256u

/* The robustness mode a device was created with. */
enum vkf_robustness {
    VKF_ROBUST_AUTO = 0,       /* a request: the best the device has */
    VKF_ROBUST_2 = 1,          /* robustBufferAccess2 */
    VKF_ROBUST_BUFFER_ACCESS = 2, /* robustBufferAccess without robustBufferAccess2 */
    VKF_ROBUST_NONE = 3        /* neither */
};

/* "auto", "robustness2", "robust-buffer-access", "none". */
const char *vkf_robustness_name(int mode);
/* The mode named `s`, or -1. */
int vkf_robustness_from_name(const char *s);

/* How an out-of-bounds word was judged, for the report's counts. */
enum vkf_oob_outcome {
    VKF_OOB_EXACT = 0,    /* vfetch's D3D value */
    VKF_OOB_ALLOWED = 1,  /* robustBufferAccess: another value its set allows */
    VKF_OOB_API = 2,      /* a null binding's missing A: Vulkan's 1 where D3D reads 0 */
    VKF_OOB_KNOWN = 3,    /* a known deviation of the device */
    VKF_OOB_MISMATCH = 4, /* none of these: a failure */
    VKF_OOB_COUNT = 5
};

/* "oob exact", "oob allowed", "oob api-rule", "oob known", "oob mismatch". */
extern const char *const vkf_oob_outcome_name[VKF_OOB_COUNT];

/* An element read out of bounds, as the checks see it. */
struct vkf_oob_element {
    vf_format format;
    uint32_t mapping;    /* the D3D component mapping (applied by vfetch-vk's shader) */
    const uint8_t *view; /* the view's bytes, followed in the driver's buffer by poison */
    uint32_t view_size;
};

/* Vulkan's zero rule for the element: zeros, missing G, B, A as 0, 0, 1,
 * then the mapping (robustBufferAccess2 and null bindings). */
void vkf_oob_zero_rule(const struct vkf_oob_element *el, uint32_t out[4]);

#endif /* VF_TOOLS_VFETCH_VK_FETCH_OOB_H */
