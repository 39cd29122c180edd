/*
 * fuzz_vk_robust.h - checks of the Vulkan out-of-bounds oracle
 * (vfetch_vulkan.h, rules §17.8) on a draw fuzz_vulkan.c has just run.
 */
#ifndef VF_TESTS_FUZZ_FUZZ_VK_ROBUST_H
#define VF_TESTS_FUZZ_FUZZ_VK_ROBUST_H

#include "vfetch_vulkan.h"

/* `out` is vf_vk_draw's output of the draw in `lanes` lanes (1 for AoS).
 * In every mode: the count and the list agree, every listed set is the
 * single query's and well formed, and it allows vf_vk_draw's word (the
 * D3D mode exactly, and every Vulkan mode but for a null buffer: vfetch's
 * out-of-bounds zeros are one of the values each mode allows); every word
 * that is not listed is exactly vf_vk_draw's. Aborts on a difference. */
void fz_vk_robust_check(const vf_vk_vertex_input *vi, const vf_vk_draw_desc *d,
                        const uint32_t *out, uint32_t lanes);

#endif
