/*
 * vulkan_robust.h - what the Vulkan out-of-bounds oracle (vfetch_vulkan.h,
 * rules §17.8) learns about a draw and one of its records before it builds
 * the set of each word. Not installed.
 */
#ifndef VF_LIB_VULKAN_ROBUST_H
#define VF_LIB_VULKAN_ROBUST_H

#include "robust_internal.h"
#include "vulkan_internal.h"

/* One attribute register of the record: a location, or one of the two
 * locations of a 64-bit attribute, which vf_vk_draw bounds separately. */
struct vkr_reg {
    const vf_vk_format_desc *f;
    uint32_t location, reg, part;  /* part: location - the attribute's location */
    uint32_t binding, stride, per_instance, divisor;
    uint32_t offset, bytes;        /* the part's bytes within the element */
};

struct vkr_draw {
    const vf_vk_vertex_input *vi;
    const vf_vk_draw_desc *desc;
    uint32_t mode;
    uint32_t index_size;           /* 0 for vkCmdDraw */
    uint32_t nreg;
    struct vkr_reg regs[VF_MAX_REGISTERS];
};

struct vkr_record {
    uint32_t instance, position;
    uint32_t reason[VF_MAX_REGISTERS];
    uint32_t words[VF_MAX_REGISTERS][4];  /* vf_vk_draw's words */
};

/* Checks the mode and the draw as vf_vk_draw does (its output aside). */
VF_HIDDEN vf_result vf_vkr_init(struct vkr_draw *d, const vf_vk_vertex_input *input,
                                const vf_vk_draw_desc *desc, uint32_t mode);
VF_HIDDEN void vf_vkr_record(const struct vkr_draw *d, uint32_t instance, uint32_t position,
                             struct vkr_record *rec);
/* The set of component c of register g; 0 when the word is exact in every
 * mode (in bounds, a cut, or a 64-bit word the format does not provide). */
VF_HIDDEN int vf_vkr_set(const struct vkr_draw *d, const struct vkr_record *rec, uint32_t g,
                         uint32_t c, vf_vk_robust_set *s);

#endif /* VF_LIB_VULKAN_ROBUST_H */
