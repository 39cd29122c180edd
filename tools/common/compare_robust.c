/*
 * compare_robust.c - captured words against the out-of-bounds sets (see
 * compare_robust.h).
 */
#include <stdio.h>

#include "case_vulkan.h"
#include "compare_robust.h"

const char *vf_robust_reason_name(uint32_t reason)
{
    static const char *const names[] = { "in-bounds", "outside",  "stride-rounding",
                                         "same-binding", "unbound", "index-past" };
    return reason < sizeof(names) / sizeof(names[0]) ? names[reason] : "unknown";
}

/* A D3D draw's set (by register) and whether `word` is in it. */
static vf_result d3d_word(const struct vf_robust_check *rc, uint32_t instance, uint32_t position,
                          uint32_t reg, uint32_t comp, uint32_t word, uint32_t *reason_ret,
                          char *set_text, size_t set_size, int *allowed)
{
    vf_robust_set set;
    vf_result r = vf_robust_set_at(rc->layout, &rc->desc, rc->mode, instance, position, reg,
                                   comp, &set);
    if (r == VF_OK)
        r = vf_robust_allows(&rc->desc, &set, word, allowed);
    if (r == VF_OK) {
        *reason_ret = set.reason;
        vf_robust_describe(&set, set_text, set_size);
    }
    return r;
}

/* A Vulkan case's set: the register's location, then vfetch_vulkan.h. */
static vf_result vk_word(const struct vf_robust_check *rc, uint32_t instance, uint32_t position,
                         uint32_t reg, uint32_t comp, uint32_t word, uint32_t *reason_ret,
                         char *set_text, size_t set_size, int *allowed)
{
    vf_vk_robust_set set;
    uint32_t location;
    vf_result r = vf_vk_vertex_input_register_location(rc->vk_case->vulkan->input, reg,
                                                       &location);
    if (r == VF_OK)
        r = vf_case_vulkan_robust_word(rc->vk_case, rc->mode, instance, position, location, comp,
                                       word, &set, allowed);
    if (r == VF_OK) {
        *reason_ret = set.reason;
        vf_vk_robust_describe(&set, set_text, set_size);
    }
    return r;
}

int vf_robust_check_word(struct vf_robust_check *rc, uint32_t instance, uint32_t position,
                         uint32_t reg, uint32_t comp, uint32_t expected, uint32_t word,
                         uint32_t *reason_ret, char *set_text, size_t set_size, char *err,
                         size_t err_size)
{
    int allowed = 0;
    vf_result r = rc->vk_case != NULL
                      ? vk_word(rc, instance, position, reg, comp, word, reason_ret, set_text,
                                set_size, &allowed)
                      : d3d_word(rc, instance, position, reg, comp, word, reason_ret, set_text,
                                 set_size, &allowed);
    if (r != VF_OK) {
        snprintf(err, err_size, "the out-of-bounds sets: %s", vf_result_string(r));
        return -1;
    }
    if (*reason_ret == VF_ROBUST_IN_BOUNDS)
        return VF_ROBUST_WORD_IN_BOUNDS;
    if (!allowed) {
        rc->outside++;
        return VF_ROBUST_WORD_OUTSIDE;
    }
    if (word == expected) {
        rc->exact++;
        return VF_ROBUST_WORD_EXACT;
    }
    rc->within++;
    return VF_ROBUST_WORD_WITHIN;
}
