/*
 * vulkan_internal.h - what the Vulkan front end's files share, and the hook
 * through which the engine decodes the Vulkan-only formats. Not installed.
 *
 * The engine knows formats by vf_format. A Vulkan-only format (one no DXGI
 * format decodes alike) enters a compiled layout as the engine code
 * VF_VK_ENGINE_FORMAT_BASE + its VkFormat: vf_format_info knows no such
 * value, so the D3D calls reject it, and decode.c hands its kernels and its
 * one word to vulkan_decode.c.
 */
#ifndef VF_LIB_VULKAN_INTERNAL_H
#define VF_LIB_VULKAN_INTERNAL_H

#include "vf_internal.h"
#include "vfetch_vulkan.h"

#define VF_VK_ENGINE_FORMAT_BASE 0x10000u

/* The table row of a vertex VkFormat, or NULL. */
VF_HIDDEN const vf_vk_format_desc *vf_vk_row(uint32_t format);

/* Decodes one attribute into out[4 * d->locations] words (docs/d3d-ia-rules.md §18.4). */
VF_HIDDEN void vf_vk_decode_row(const vf_vk_format_desc *d, const uint8_t *src, uint32_t *out);

/* The scalar kernels of engine format code `format` (>= the base), or
 * NULL when it names no one-location Vulkan format. */
VF_HIDDEN const struct vf_fetch_kernel *vf_vk_scalar_kernel(vf_format format);
/* The missing-A word of engine format code `format` (>= the base). */
VF_HIDDEN uint32_t vf_vk_format_one(vf_format format);

/* One attribute as the draw checks it. */
struct vf_vk_attr {
    uint32_t location;
    uint32_t binding;
    uint32_t offset;
    uint32_t align;     /* VUID-vkCmdDraw-format-10389/10390: bytes attribAddress is a multiple of */
    int wide;           /* 64-bit components: aligned even with legacyVertexAttributes */
    uint32_t format;
};

struct vf_vk_vertex_input {
    vf_layout *layout;
    uint32_t features;
    uint32_t user_system_values;     /* VF_SV_* the caller asked for */
    uint32_t num_registers;
    uint32_t reg_location[VF_MAX_REGISTERS + 1];
    uint32_t binding_mask;           /* bindings some attribute reads */
    uint32_t stride[VF_VK_MAX_BINDINGS];
    uint32_t num_attrs;
    struct vf_vk_attr attrs[VF_VK_MAX_ATTRIBUTES];
    uint32_t scalar_attributes;
};

/* Diagnostics like vf_layout_create's: `out` may be NULL; the first error
 * is the result. */
struct vf_vk_diag {
    vf_diagnostics *out;
    vf_result first_error;
};

VF_HIDDEN void vf_vk_diag_begin(struct vf_vk_diag *ctx, vf_diagnostics *out);
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
VF_HIDDEN void vf_vk_diag(struct vf_vk_diag *ctx, vf_result code, int32_t element,
                          const char *fmt, ...);

#endif
