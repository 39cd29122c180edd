/*
 * report.h - vfetch-vk's output: the device, each case's report and the
 * known deviations that matched, as text or as JSON (report.c). The
 * report is walked once; a backend decides how each part is written.
 * Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_REPORT_H
#define VF_TOOLS_VFETCH_VK_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "compare.h"
#include "fetch_compare.h"

struct vkf_report_backend; /* report.c: text or JSON */

struct vkf_report {
    FILE *f;
    const struct vkf_report_backend *be;
    uint32_t cases; /* cases written so far */
    /* The cases by outcome, for the summary: equal (or every difference
     * accepted), with a difference, with a case error, skipped. */
    uint32_t passed, failed, errors, skipped;
    int robustness;                 /* enum vkf_robustness of the device */
    uint64_t oob[VKF_OOB_COUNT];    /* out-of-bounds words of every case, by outcome */
    uint64_t oob_not_compared;      /* words where the APIs' addresses differ */
};

/* Starts a report to f: JSON when json is nonzero, else text; the device
 * runs with robustness mode `robustness` (enum vkf_robustness), its vertex
 * buffers bound by size when `sized`. */
void vkf_report_begin(struct vkf_report *rep, FILE *f, int json, const char *device,
                      int robustness, int sized);
/* Writes one case's report. */
void vkf_report_case(struct vkf_report *rep, const struct vkf_case_report *r);
/* Writes the known deviations, the cases passed and failed and the overall
 * status, and ends the report. */
void vkf_report_end(struct vkf_report *rep, const struct vf_known_list *known, int status);

#endif /* VF_TOOLS_VFETCH_VK_REPORT_H */
