/*
 * fetch_compare.h - vfetch-vk's diff of one case: the driver's records
 * against vfetch's scalar reference, value by value, with the counts and
 * the first differences a report shows (fetch_compare.c). Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_FETCH_COMPARE_H
#define VF_TOOLS_VFETCH_VK_FETCH_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "compare.h" /* tools/common: the difference kinds, shared with `vfetch compare` */
#include "fetch_oob.h"
#include "vfetch.h"
#include "vk_run.h"
#include "vk_start_ref.h"

/* Components of a difference past x..w (0..3). */
#define VKF_COMP_VERTEX_ID 4u
#define VKF_COMP_INSTANCE_ID 5u
#define VKF_COMP_STRAY 6u
#define VKF_COMP_VERTEX 7u
#define VKF_COMP_START 8u /* + k: SV_StartVertexLocation, SV_StartInstanceLocation */

struct vkf_diff {
    uint32_t element, position, instance, component; /* 0..3 x..w, else VKF_COMP_* */
    uint32_t index_value;
    uint32_t expected, got;
    int kind; /* VF_DIFF_* */
    int oob;  /* an out-of-bounds word (fetch_oob.h): expected is the rule's value */
};

/* Counts per component and difference kind of one format, with the first
 * value pair of each kind. */
struct vkf_format_stats {
    uint64_t n[4][VF_DIFF_COUNT];
    uint32_t example_expected[VF_DIFF_COUNT], example_got[VF_DIFF_COUNT];
    int has_example[VF_DIFF_COUNT];
};

/* Rows of vkf_case_report.stats: one per DXGI format value; row 0 holds
 * what belongs to no element (the draw). */
#define VKF_MAX_FORMAT_VALUE 191

/* Everything the report of one case says. */
struct vkf_case_report {
    const char *path;
    int has_command;             /* an ExecuteIndirect command: its number in command */
    uint32_t command;
    int status;
    char error[1024];
    char layout_errors[4096];
    struct vkf_result vk;
    struct vkf_start_ref start;  /* vfetch's start locations, where the case reads them */
    uint64_t start_compared;     /* start-location words compared with the driver's */
    uint32_t offsets[VF_MAX_ELEMENTS];
    uint32_t vf_offsets[VF_MAX_ELEMENTS];
    char semantic[VF_MAX_ELEMENTS][48]; /* "BLENDWEIGHT0": how reports name elements */
    struct vkf_format_stats *stats; /* [VKF_MAX_FORMAT_VALUE] */
    uint64_t total[VF_DIFF_COUNT];
    uint64_t accepted, known, unaccepted, compared, skipped_oob, skipped_incomplete;
    int robustness;                 /* enum vkf_robustness the device runs with */
    uint64_t oob[VKF_OOB_COUNT];    /* out-of-bounds words by outcome (fetch_oob.h) */
    struct vkf_diff *shown; /* room for max_mismatches (at least 1) */
    uint32_t num_shown;
    int offset_mismatch;
};

/* Which differences pass, and how many are kept for the report. */
struct vkf_compare_rules {
    unsigned accept;              /* bit per VF_DIFF_* kind */
    uint32_t max_mismatches;      /* differences kept in shown[] */
    struct vf_known_list *known;  /* --known-deviations, or NULL; match counts are added */
    const char *device;           /* the device description known deviations match */
};

/* Whether a known deviation of rules->device accepts a difference of
 * `kind` in a value of the format named `format_name`, fetched per
 * `slot_class`; counts the match. Entries whose ID begins with "oob-" are
 * about words read out of bounds (oob nonzero) and only those; the others
 * only about values read in bounds. */
int vkf_known_accepts(const struct vkf_compare_rules *rules, int kind, const char *format_name,
                      uint32_t slot_class, int oob);

/* D3D APPEND_ALIGNED resolution (docs/d3d-ia-rules.md 3.1), written apart
 * from the library so the driver gets offsets vfetch did not compute. */
void vkf_resolve_offsets(const struct vf_case *c, uint32_t *out);

/* Compares r->vk (the driver's records) with ref, vfetch's AoS records of
 * c's draw through layout (every element, with the system values), and
 * counts into r: values D3D and Vulkan both read in bounds exactly (with
 * the difference kinds of compare.h), words either reads out of bounds
 * against the rule of r->robustness (fetch_oob.h). Returns VKF_EXIT_OK, VKF_EXIT_MISMATCH for a difference
 * not accepted, or VKF_EXIT_USAGE (message in r->error). */
int vkf_compare(struct vkf_case_report *r, const struct vkf_compare_rules *rules,
                const struct vf_case *c, const vf_layout *layout, const uint32_t *ref);

#endif /* VF_TOOLS_VFETCH_VK_FETCH_COMPARE_H */
