/*
 * compare_robust.c - captured words against the out-of-bounds sets (see
 * compare_robust.h).
 */
#include <stdio.h>

#include "compare_robust.h"

const char *vf_robust_reason_name(uint32_t reason)
{
    static const char *const names[] = { "in-bounds", "outside",  "stride-rounding",
                                         "same-binding", "unbound", "index-past" };
    return reason < sizeof(names) / sizeof(names[0]) ? names[reason] : "unknown";
}

int vf_robust_check_word(struct vf_robust_check *rc, uint32_t instance, uint32_t position,
                         uint32_t reg, uint32_t comp, uint32_t expected, uint32_t word,
                         vf_robust_set *set_ret, char *err, size_t err_size)
{
    int allowed = 0;
    vf_result r = vf_robust_set_at(rc->layout, &rc->desc, rc->mode, instance, position, reg,
                                   comp, set_ret);
    if (r == VF_OK)
        r = vf_robust_allows(&rc->desc, set_ret, word, &allowed);
    if (r != VF_OK) {
        snprintf(err, err_size, "the out-of-bounds sets: %s", vf_result_string(r));
        return -1;
    }
    if (set_ret->reason == VF_ROBUST_IN_BOUNDS)
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
