/*
 * vk_run.h - one case's draw on a Vulkan device: buffers, pipeline, draw
 * and read-back, expanded to vfetch's record order (vk_run.c). Not
 * installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_RUN_H
#define VF_TOOLS_VFETCH_VK_VK_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "vfetch.h"
#include "vk_fetch_device.h"
#include "vk_indirect.h"

/* Why an element is not compared. */
enum vkf_element_status {
    VKF_ELEM_FETCHED = 0,          /* fetched by the driver and compared */
    VKF_ELEM_UNBOUND = 1,          /* its slot has no buffer: D3D zeros, nothing for a driver to fetch */
    VKF_ELEM_NO_VK_FORMAT = 2,     /* no Vulkan equivalent (not an IA format) */
    VKF_ELEM_FORMAT_UNSUPPORTED = 3, /* the device lacks VERTEX_BUFFER_BIT for the format */
    VKF_ELEM_DIVISOR_UNSUPPORTED = 4, /* step rate needs a divisor feature the device lacks */
    VKF_ELEM_LIMIT = 5             /* past maxVertexInputAttributes / bindings / offset limits */
};

/* The driver's output of one case, expanded to vfetch's record order. */
struct vkf_result {
    uint32_t num_elements;
    uint32_t status[VF_MAX_ELEMENTS];  /* enum vkf_element_status, per element */
    char note[VF_MAX_ELEMENTS][128];   /* why, for an element not fetched */
    uint32_t positions;                /* vertices (index positions) per instance */
    uint32_t instances;
    /* positions * instances records of VKF_RECORD_WORDS(num_elements)
     * words, instance-major; the last word is 1 where the driver shaded
     * the vertex. */
    uint32_t *records;
    uint32_t stray;                    /* invocations whose index value was not in the draw */
    int draw_parameters;               /* the base vertex and instance words were captured */
    int indexed;
    int restart;                       /* primitive restart was enabled */
    const char *topology;              /* the Vulkan topology used */
    char translation[512];             /* what the tool did on the driver's behalf */
};

/*
 * Runs the case's draw on the device: one binding per slot, one attribute
 * per element at `offsets[e]` (resolved by the caller from the D3D rule),
 * the draw as D3D describes it; with `sized` (the device must have
 * info.bind_sizes) each vertex buffer is bound at its view's size in a
 * larger buffer, else each buffer is its view. Returns 0, or VKF_EXIT_USAGE for a case the
 * tool cannot express (message in err), or VKF_EXIT_SKIP-free errors of the
 * driver as VKF_EXIT_MISMATCH with a message.
 */
int vkf_run(struct vkf_device *dev, const struct vf_case *c, const uint32_t *offsets, int sized,
            struct vkf_result *res, char *err, size_t err_size);

/* vkf_run with the driver reading the draw's arguments from `ind` (NULL:
 * the direct draw): c->draw must be the draw those arguments describe
 * (vfetch's reading of them), which sizes the output and keys the
 * records; the driver draws what it reads itself, so a command read at
 * the wrong offset shows as differences. VKF_EXIT_SKIP as
 * vkf_indirect_upload says. */
int vkf_run_indirect(struct vkf_device *dev, const struct vf_case *c, const uint32_t *offsets,
                     int sized, const struct vkf_indirect_src *ind, struct vkf_result *res,
                     char *err, size_t err_size);
void vkf_result_free(struct vkf_result *res);

#endif /* VF_TOOLS_VFETCH_VK_VK_RUN_H */
