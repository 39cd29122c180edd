/* indirect_internal.h - what the indirect-draw files share. */
#ifndef VF_LIB_INDIRECT_INTERNAL_H
#define VF_LIB_INDIRECT_INTERNAL_H

#include <string.h>

#include "vfetch_indirect.h"

/* A little-endian 32-bit word at any alignment (the argument buffer packs
 * 8-byte addresses at 4-byte offsets). */
static inline uint32_t vf_read_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t vf_read_u64(const uint8_t *p)
{
    return (uint64_t)vf_read_u32(p) | (uint64_t)vf_read_u32(p + 4) << 32;
}

#endif
