/*
 * fetch_addr.h - where a D3D draw reads an element, and whether D3D and
 * Vulkan agree that the read is in or out of bounds (fetch_addr.c): the
 * split vfetch-vk's diff makes between values it compares with vfetch's
 * in-bounds result and words it checks against an out-of-bounds rule. Not
 * installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_FETCH_ADDR_H
#define VF_TOOLS_VFETCH_VK_FETCH_ADDR_H

#include <stdint.h>

#include "case.h"
#include "vfetch.h"

/* Where a fetch lands, read three ways: D3D's 32-bit address (rules 4.1,
 * it wraps), the exact address of a signed element number (Vulkan's
 * vertexIndex = index + vertexOffset), and a 32-bit element number with a
 * 64-bit address. */
enum vkf_fetch_place {
    VKF_FETCH_IN = 0,   /* all three inside the view, at the same byte */
    VKF_FETCH_OUT = 1,  /* all three outside: D3D's out-of-bounds rule (rules 6) */
    VKF_FETCH_WRAPS = 2 /* they disagree: the APIs' address arithmetic differs */
};

/* The index of an indexed draw at position i, as D3D reads it (rules
 * 5.1): 0 past SizeInBytes or without index data. */
uint32_t vkf_read_index(const vf_draw_desc *draw, uint32_t i);

/*
 * Where element e of c (at byte offset offsets[e] of its vertex) is read
 * at position i of instance j, whose slot must be bound. *wide_ret is the
 * exact byte address in the view (negative before its start).
 */
enum vkf_fetch_place vkf_fetch_place(const struct vf_case *c, const uint32_t *offsets,
                                     uint32_t e, uint32_t i, uint32_t j, int64_t *wide_ret);

/* Whether robustBufferAccess (without robustBufferAccess2) calls an
 * element of `bytes` read at `wide` out of bounds: past the view's size
 * rounded down to a multiple of the stride, or before the view. */
int vkf_rba_out(int64_t wide, uint32_t bytes, uint32_t view_size, uint32_t stride);

/* Whether any fetch of the draw is not VKF_FETCH_IN (unbound slots
 * aside): what --robustness none cannot run. */
int vkf_case_reads_out(const struct vf_case *c, const uint32_t *offsets);

#endif /* VF_TOOLS_VFETCH_VK_FETCH_ADDR_H */
