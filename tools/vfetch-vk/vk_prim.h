/*
 * vk_prim.h - the primitive capture: which index positions each primitive
 * the driver assembles holds (vk_prim.c). Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_PRIM_H
#define VF_TOOLS_VFETCH_VK_VK_PRIM_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "vk_fetch_device.h"

/* Words of one captured primitive: instance (D3D SV_InstanceID), primitive
 * ID (gl_PrimitiveIDIn / gl_PrimitiveID), then the position of each vertex
 * in the order the stage received them. */
#define VKF_PRIM_WORDS(vpp) (2u + (vpp))

/* What the driver assembled for a case's draw. */
struct vkf_prim_result {
    uint32_t vpp;           /* vertices per primitive */
    uint32_t count;         /* primitives the driver handed on, all instances */
    uint32_t stored;        /* of which stored in records (at most the capacity) */
    uint32_t *records;      /* stored primitives, VKF_PRIM_WORDS(vpp) words each, in the
                             * order the invocations ran */
    int restart;            /* primitive restart was enabled */
    const char *topology;   /* the Vulkan topology used */
    const char *stage;      /* the stage that captured: geometry or tessellation control */
    char translation[512];  /* what the tool did on the driver's behalf */
};

/*
 * Draws the case's topology and counts on the device with a capture stage
 * (a geometry shader, or a tessellation control shader for patch lists)
 * that stores every primitive it receives, up to `capacity` primitives.
 * Vertex data are not fetched: each vertex carries its index position (see
 * docs/vfetch-vk.md). Returns VKF_EXIT_OK, VKF_EXIT_SKIP when the device
 * lacks the stage or the patch size (reason in err), VKF_EXIT_USAGE for a
 * case the tool cannot express, VKF_EXIT_MISMATCH for a driver failure.
 */
int vkf_prim_run(struct vkf_device *dev, const struct vf_case *c, uint32_t capacity,
                 struct vkf_prim_result *res, char *err, size_t err_size);
/*
 * The same for an "Api": "Vulkan" case (c->vulkan) as written: its
 * topology, primitiveRestartEnable, index data, counts and firstInstance,
 * patchControlPoints (vpp: the case's vertices per primitive) and
 * provokingVertexMode. VKF_EXIT_SKIP, with the reason in err, when the
 * device lacks what the case needs (list restart, LAST_VERTEX).
 */
int vkf_prim_run_vulkan(struct vkf_device *dev, const struct vf_case *c, uint32_t vpp,
                        uint32_t capacity, struct vkf_prim_result *res, char *err,
                        size_t err_size);
void vkf_prim_result_free(struct vkf_prim_result *res);

#endif /* VF_TOOLS_VFETCH_VK_VK_PRIM_H */
