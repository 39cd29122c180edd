/*
 * fetch_case.h - one case through vfetch-vk: vfetch's scalar reference,
 * the driver's draw and the diff of the two (fetch_case.c). Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_FETCH_CASE_H
#define VF_TOOLS_VFETCH_VK_FETCH_CASE_H

#include "fetch_compare.h"
#include "vk_device.h"

/* What --tamper changes in the driver's output, to prove the diff fails. */
enum vkf_tamper {
    VKF_TAMPER_NONE,
    VKF_TAMPER_VALUE,          /* a fetched element component */
    VKF_TAMPER_START_VERTEX,   /* gl_BaseVertex */
    VKF_TAMPER_START_INSTANCE  /* gl_BaseInstance */
};

struct vkf_fetch_options {
    struct vkf_compare_rules rules; /* .device is filled in from the device */
    int tamper;                     /* enum vkf_tamper */
    int verbose;                    /* print the case's elements to stdout first */
    int sized_bindings;             /* --vertex-buffers sized: views bound by size */
};

/* Runs the case file at `path` on the device and compares it with vfetch
 * into r (zeroed, with stats and shown allocated by the caller). Returns
 * and stores in r->status a VKF_EXIT_* status. */
int vkf_fetch_case(struct vkf_device *dev, const char *path, const struct vkf_fetch_options *o,
                   struct vkf_case_report *r);

#endif /* VF_TOOLS_VFETCH_VK_FETCH_CASE_H */
