/*
 * compare_robust.h - a captured word against the set of values Vulkan's
 * robustness modes (or D3D's rule) allow where vfetch's draw reads out of
 * bounds (vfetch_robust.h, rules §17; for "Api": "Vulkan" cases the
 * calls of vfetch_vulkan.h by location, §17.8). Used by `vfetch compare
 * --robustness`; the Python package (vfetch.compare) applies the same sets
 * through the library.
 */
#ifndef VF_TOOLS_COMPARE_ROBUST_H
#define VF_TOOLS_COMPARE_ROBUST_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"
#include "vfetch_robust.h"

struct vf_case;

/* What a word was, against its set. */
enum vf_robust_word {
    VF_ROBUST_WORD_IN_BOUNDS = 0, /* not out of bounds: compare it as any other */
    VF_ROBUST_WORD_EXACT,         /* out of bounds, in the set, and vfetch's (D3D's) word */
    VF_ROBUST_WORD_WITHIN,        /* out of bounds, another word of the set */
    VF_ROBUST_WORD_OUTSIDE        /* out of bounds, not in the set */
};

/* The draw, the mode and the counts of the out-of-bounds words seen. A
 * Vulkan case (vk_case set, compiled) is asked by location; layout and
 * desc are then not read. */
struct vf_robust_check {
    const vf_layout *layout;
    vf_draw_desc desc;
    const struct vf_case *vk_case;
    uint32_t mode;
    uint64_t exact, within, outside;
};

/* The kind of `word` captured at register `reg`, component `comp` of the
 * record of `position` in `instance`, whose vfetch word is `expected`;
 * counts it and gives the set's reason and its text (set_text, cut at
 * set_size bytes). -1 when the library refuses the place or the draw (a
 * message in err). */
int vf_robust_check_word(struct vf_robust_check *rc, uint32_t instance, uint32_t position,
                         uint32_t reg, uint32_t comp, uint32_t expected, uint32_t word,
                         uint32_t *reason_ret, char *set_text, size_t set_size, char *err,
                         size_t err_size);

/* "outside", "stride-rounding", "same-binding", "unbound", "index-past";
 * "in-bounds" for 0. */
const char *vf_robust_reason_name(uint32_t reason);

#endif /* VF_TOOLS_COMPARE_ROBUST_H */
