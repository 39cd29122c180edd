/*
 * fetch_oob.c - Vulkan's out-of-bounds vertex values per robustness mode
 * (fetch_oob.h): the names and the zero rule. robustBufferAccess's set is
 * the library oracle's (vfetch_robust.h), asked by fetch_compare.c.
 */
#include <string.h>

#include "fetch_oob.h"
#include "vk_format.h"

const char *const vkf_oob_outcome_name[VKF_OOB_COUNT] = {
    "oob exact", "oob allowed", "oob api-rule", "oob known", "oob mismatch",
};

static const char *const robustness_names[] = { "auto", "robustness2", "robust-buffer-access",
                                                "none" };

const char *vkf_robustness_name(int mode)
{
    return mode >= 0 && mode <= VKF_ROBUST_NONE ? robustness_names[mode] : "?";
}

int vkf_robustness_from_name(const char *s)
{
    for (int m = 0; m <= VKF_ROBUST_NONE; m++)
        if (strcmp(s, robustness_names[m]) == 0)
            return m;
    return -1;
}

void vkf_oob_zero_rule(const struct vkf_oob_element *el, uint32_t out[4])
{
    static const uint8_t zeros[16];

    /* vfetch's decoder fills missing components as Vulkan does: 0, 0, 1. */
    if (vf_decode_element(el->format, zeros, el->mapping, out) != VF_OK)
        memset(out, 0, 4 * sizeof(uint32_t));
}
