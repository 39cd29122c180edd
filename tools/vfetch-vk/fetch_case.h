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
    VKF_TAMPER_START_INSTANCE, /* gl_BaseInstance */
    VKF_TAMPER_COMMAND_OFFSET  /* ExecuteIndirect: every command after the first reads
                                * the first one's arguments on the driver */
};

struct vkf_fetch_options {
    struct vkf_compare_rules rules; /* .device is filled in from the device */
    int tamper;                     /* enum vkf_tamper */
    int verbose;                    /* print the case's elements to stdout first */
    int sized_bindings;             /* --vertex-buffers sized: views bound by size */
};

/* What vkf_fetch_case calls with each report it fills. */
typedef void (*vkf_emit_fn)(void *ctx, struct vkf_case_report *r);

/* Runs the case file at `path` on the device and compares it with vfetch
 * into r (zeroed, with stats and shown, VKF_MAX_FORMAT_VALUE rows, allocated
 * by the caller), and calls emit with r: once for a case with one draw,
 * once per executed command of an ExecuteIndirect case (r emptied between
 * them; r->path then names the command). Returns the worst VKF_EXIT_*
 * status of its reports (a skipped one fails nothing; all skipped:
 * VKF_EXIT_SKIP). */
int vkf_fetch_case(struct vkf_device *dev, const char *path, const struct vkf_fetch_options *o,
                   struct vkf_case_report *r, vkf_emit_fn emit, void *ctx);

#endif /* VF_TOOLS_VFETCH_VK_FETCH_CASE_H */
