/*
 * compare_report.h - what vfetch compare counts and keeps for one case:
 * the registers of a capture, the differences shown, the counts by kind
 * and format; filled by cmd_compare.c, printed by compare_print.c.
 */
#ifndef VFETCH_COMPARE_REPORT_H
#define VFETCH_COMPARE_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "compare.h"
#include "compare_robust.h"

#define MAX_FORMAT_VALUE 192u

struct cmp_register {
    char name[80];
    int element;      /* layout element, or -1 for SV_VertexID / SV_InstanceID */
    vf_format format;
    uint32_t mapping;
    uint32_t slot_class;
    int32_t offset;   /* word in a captured record, or -1 when not captured */
};

struct cmp_diff {
    size_t record;
    char reg[80]; /* a copy: the registers live only while the capture is read */
    uint32_t comp, expected, got;
    int kind;      /* VF_DIFF_COUNT: an out-of-bounds word outside its set */
    char set[160]; /* that set, in words */
    uint32_t reason;
};

struct cmp_report {
    uint64_t counts[VF_DIFF_COUNT];
    uint64_t by_format[MAX_FORMAT_VALUE][VF_DIFF_COUNT];
    uint64_t compared, accepted, known, not_accepted;
    struct cmp_diff *shown;
    uint32_t num_shown, max_shown;
    unsigned accept;
    struct vf_known_list *known_list;
    const char *device;
    struct vf_robust_check *robust; /* NULL without --robustness */
    uint32_t vertices;
    int failed;                     /* the sets could not be made */
};

/* The report: JSON when `json`, else a summary line and a line per
 * difference; `vertices` positions per instance (0: not known). */
void cmp_print(FILE *f, const char *name, const struct cmp_report *r, uint32_t vertices,
               int json);

#endif
