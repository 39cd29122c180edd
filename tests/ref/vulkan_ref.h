/* vulkan_ref.h - a reference model of Vulkan vertex input written from
 * Vulkan-Docs (chapters/fxvertex.adoc "Vertex Input Address Calculation"
 * and "Vertex Input Extraction", chapters/drawing.adoc on indices and
 * restart, chapters/formats.adoc for the formats; docs/d3d-ia-rules.md §18),
 * sharing no code with lib/. Formats are decoded from their names, with
 * double-precision arithmetic, and addresses computed in 64 bits. */
#ifndef VF_VULKAN_REF_H
#define VF_VULKAN_REF_H

#include <stdint.h>

/* A format as its name spells it. */
struct vk_ref_format {
    uint32_t bytes;
    uint32_t ncomp;
    uint32_t bits[4];   /* by register component R, G, B, A */
    uint32_t shift[4];  /* lowest bit in the element as a little-endian integer */
    char numeric[8];    /* "UNORM", "SNORM", "USCALED", ... */
    uint32_t locations;
};

/* Parses a VkFormat name without VK_FORMAT_. Returns 0 on names it does
 * not know. */
int vk_ref_parse(const char *name, struct vk_ref_format *f);

/* Decodes one element into out[4 * f->locations]. For sRGB, *near_tie_ret
 * (may be NULL) is set when a double result lies so close to a float32
 * rounding boundary that the rounding could be the double's error. */
void vk_ref_decode(const struct vk_ref_format *f, const uint8_t *src, uint32_t *out,
                   int *near_tie_ret);

struct vk_ref_binding {
    const uint8_t *data;    /* NULL: unbound (reads 0,0,0,0) */
    uint64_t size, offset;
    uint32_t stride, instance_rate, divisor;
};
struct vk_ref_attribute {
    uint32_t location, binding, offset;
    struct vk_ref_format format;
};
struct vk_ref_draw {
    int indexed;
    const uint8_t *index_data;
    uint64_t index_size, index_offset;
    uint32_t index_bytes;   /* 1, 2 or 4 */
    int restart;
    uint32_t count, instances, first, first_instance;
    int32_t vertex_offset;
};

/* The AoS records of a draw: per instance, per position, the registers of
 * the attributes in ascending location (two for 64-bit formats of two
 * locations), then a system register { gl_VertexIndex, gl_InstanceIndex,
 * flags, 0 } when `sys` is nonzero. A restart position is all zeros with
 * flags 1. Attributes must be sorted by location. Returns the words a
 * record has. */
uint32_t vk_ref_draw(const struct vk_ref_binding *bindings,
                     const struct vk_ref_attribute *attrs, uint32_t nattrs,
                     const struct vk_ref_draw *d, int sys, uint32_t *out);

#endif
