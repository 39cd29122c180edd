/*
 * fetch_oob.c - Vulkan's out-of-bounds vertex values per robustness mode
 * (fetch_oob.h). vkf_rba_allows is the one classifier of robustBufferAccess's
 * set; it stands apart so that another oracle can replace it.
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

/* A vector of the attribute's type after vfetch-vk's shader applies the
 * mapping (and B8G8R8X8's .w = 1.0f), as vk_shader.c does. */
static void map_vector(const struct vkf_oob_element *el, const uint32_t v[4], uint32_t out[4])
{
    const vf_format_desc *d = vf_format_info(el->format);
    const struct vkf_format_map *m = vkf_format_lookup(el->format);
    const int integer = d && (d->type[0] == VF_TYPE_UINT || d->type[0] == VF_TYPE_SINT);

    for (uint32_t c = 0; c < 4; c++) {
        uint32_t sel = VF_DECODE_COMPONENT_MAPPING(c, el->mapping);
        if (sel == VF_COMPONENT_MAPPING_FORCE_VALUE_0)
            out[c] = 0;
        else if (sel == VF_COMPONENT_MAPPING_FORCE_VALUE_1)
            out[c] = integer ? 1u : 0x3f800000u;
        else if (sel == 3 && m && m->force_w_one)
            out[c] = 0x3f800000u;
        else
            out[c] = v[sel & 3];
    }
}

/* Words of a equal to b's. */
static int same_words(const uint32_t a[4], const uint32_t b[4])
{
    int n = 0;
    for (int c = 0; c < 4; c++)
        n += a[c] == b[c];
    return n;
}

/* Keeps cand in best when it shares more words with got; 1 on a match. */
static int consider(const uint32_t cand[4], const uint32_t got[4], uint32_t best[4], int *score)
{
    int n = same_words(cand, got);

    if (n > *score) {
        *score = n;
        memcpy(best, cand, 4 * sizeof(uint32_t));
    }
    return n == 4;
}

/* Zero values, and (0, 0, 0, x) with x 0, 1 or the largest integer of the
 * attribute's type (0.0 or 1.0 for floats). */
static int zero_vectors(const struct vkf_oob_element *el, const uint32_t got[4], uint32_t best[4],
                        int *score)
{
    const struct vkf_format_map *m = vkf_format_lookup(el->format);
    const uint32_t numeric = m ? m->numeric : VKF_NUM_FLOAT;
    const uint32_t xs[3] = { 0, numeric == VKF_NUM_FLOAT ? 0x3f800000u : 1u,
                             numeric == VKF_NUM_UINT ? 0xffffffffu
                             : numeric == VKF_NUM_SINT ? 0x7fffffffu : 0u };
    uint32_t v[4] = { 0, 0, 0, 0 }, mapped[4];

    vkf_oob_zero_rule(el, mapped);
    if (consider(mapped, got, best, score))
        return 1;
    for (int k = 0; k < 3; k++) {
        v[3] = xs[k];
        map_vector(el, v, mapped);
        if (consider(mapped, got, best, score))
            return 1;
    }
    return 0;
}

int vkf_rba_allows(const struct vkf_oob_element *el, const uint32_t got[4], uint32_t nearest[4])
{
    const vf_format_desc *d = vf_format_info(el->format);
    const uint32_t bytes = d ? d->bytes : 0;
    const uint64_t memory = (uint64_t)el->view_size + VKF_POISON_TAIL;
    uint8_t window[16];
    uint32_t cand[4];
    int score = -1;

    if (zero_vectors(el, got, nearest, &score))
        return 1;
    /* Values converted from anywhere in the buffer's memory: every byte
     * position of the view and its poison tail. */
    for (uint64_t p = 0; bytes && bytes <= sizeof(window) && p + bytes <= memory; p++) {
        for (uint32_t b = 0; b < bytes; b++)
            window[b] = p + b < el->view_size ? el->view[p + b] : (uint8_t)VKF_POISON_BYTE;
        if (vf_decode_element(el->format, window, el->mapping, cand) == VF_OK &&
            consider(cand, got, nearest, &score))
            return 1;
    }
    return 0;
}
