/*
 * d3d_index.h - the index buffer as a D3D draw reads it, for vfetch-vk's
 * translation (vk_translate.c) and primitive capture (vk_prim.c): the index
 * at a draw position, whether D3D cuts there, and which topologies are
 * strips. Inline so that what includes it links nothing more. Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_D3D_INDEX_H
#define VF_TOOLS_VFETCH_VK_D3D_INDEX_H

#include <stdint.h>

#include "vfetch.h"

/* Whether the draw has index data to read: without, every index reads 0. */
static inline int d3d_has_indices(const vf_index_buffer_view *ib)
{
    return ib != NULL && ib->data != NULL;
}

/* The index the draw reads at position p of a draw starting at `start`,
 * `size` (2 or 4) bytes each. The byte address is 32-bit, as D3D's is (it
 * wraps), and a read past SizeInBytes, or with no index data, gives 0
 * (rules 5.1). */
static inline uint32_t d3d_index_at(const vf_index_buffer_view *ib, uint32_t start, uint32_t p,
                                    uint32_t size)
{
    const uint32_t at = (start + p) * size;
    const uint8_t *b;

    if (!d3d_has_indices(ib) || (uint64_t)at + size > ib->size_in_bytes)
        return 0;
    b = (const uint8_t *)ib->data + at;
    if (size == 2)
        return (uint32_t)b[0] | ((uint32_t)b[1] << 8);
    return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
           ((uint32_t)b[3] << 24);
}

/* D3D's strip cut value for an index size, the only one Vulkan restarts at. */
static inline uint32_t d3d_cut_value(uint32_t size)
{
    return size == 2 ? 0xffffu : 0xffffffffu;
}

/* Whether the raw index at position p is the cut value (rules 5.2); a read
 * past the view gives 0, never a cut. Whether cuts are live is the
 * caller's question (a strip with a cut value). */
static inline int d3d_cut_at(const vf_index_buffer_view *ib, uint32_t start, uint32_t p,
                             uint32_t size)
{
    return d3d_index_at(ib, start, p, size) == d3d_cut_value(size);
}

/* Whether a D3D topology is a strip: the only ones a cut value cuts. */
static inline int d3d_is_strip(uint32_t topology)
{
    return topology == VF_TOPOLOGY_LINESTRIP || topology == VF_TOPOLOGY_TRIANGLESTRIP ||
           topology == VF_TOPOLOGY_LINESTRIP_ADJ || topology == VF_TOPOLOGY_TRIANGLESTRIP_ADJ;
}

#endif /* VF_TOOLS_VFETCH_VK_D3D_INDEX_H */
