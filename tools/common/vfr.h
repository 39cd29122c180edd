/*
 * vfr.h - the VFR raw record format of `vfetch run --output raw`: its
 * header layout, the writer and the reader of captures (vfetch compare).
 *
 * Every word is little-endian whatever the host order.
 *
 * Version 1: VF_RAW_V1_HEADER_WORDS header words, then every record of the
 * draw as 4E + 3 words (E data registers, then SV_VertexID, SV_InstanceID,
 * flags); it cannot hold a selection.
 *
 * Version 2: VF_RAW_V2_HEADER_WORDS header words; one entry per register
 * (the system register last): VF_RAW_V2_ENTRY_WORDS words, then its
 * semantic name and its format's name, each zero-padded to whole words;
 * zeros up to the header size, a multiple of 16 bytes; then the selected
 * records exactly as the library writes them (4 words a register).
 */
#ifndef VF_TOOLS_COMMON_VFR_H
#define VF_TOOLS_COMMON_VFR_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "output.h"
#include "vfetch.h"

/* The first word of a raw file ("VFR1" in its bytes), for every version. */
#define VF_RAW_MAGIC 0x31524656u
/* The semantic name raw version 2 gives the system register. */
#define VF_RAW_SYSTEM_NAME "VF_SYSTEM"

/* The header words of version 1. */
enum vf_raw_v1_word {
    VF_RAW_V1_MAGIC,
    VF_RAW_V1_VERSION,
    VF_RAW_V1_REGISTERS, /* data registers, without the system register */
    VF_RAW_V1_VERTICES,
    VF_RAW_V1_INSTANCES,
    VF_RAW_V1_WORDS,     /* per record: 4 * registers + 3 */
    VF_RAW_V1_HEADER_WORDS
};

/* The header words of version 2. */
enum vf_raw_v2_word {
    VF_RAW_V2_MAGIC,
    VF_RAW_V2_VERSION,
    VF_RAW_V2_HEADER_SIZE, /* bytes before the first record */
    VF_RAW_V2_REGISTERS,   /* the system register included */
    VF_RAW_V2_WORDS,       /* per record: 4 * registers */
    VF_RAW_V2_VERTICES,
    VF_RAW_V2_INSTANCES,
    VF_RAW_V2_FIRST_INSTANCE,
    VF_RAW_V2_NUM_INSTANCES,
    VF_RAW_V2_FIRST_POSITION,
    VF_RAW_V2_NUM_POSITIONS,
    VF_RAW_V2_SELECTED,    /* 1 when the records are a selection */
    VF_RAW_V2_HEADER_WORDS
};

/* The words of a version 2 register entry. */
enum vf_raw_v2_entry_word {
    VF_RAW_ENTRY_KIND,           /* vf_register_kind */
    VF_RAW_ENTRY_SEMANTIC_INDEX,
    VF_RAW_ENTRY_FORMAT,         /* DXGI_FORMAT, 0 for a system value */
    VF_RAW_ENTRY_COMPONENT_TYPE, /* VF_REGISTER_COMPONENT_* */
    VF_RAW_ENTRY_NAME_SIZE,      /* bytes of the name that follows */
    VF_RAW_ENTRY_FORMAT_SIZE,    /* bytes of the format name after it */
    VF_RAW_V2_ENTRY_WORDS
};

/* A little-endian word at `p`. */
static inline uint32_t vf_raw_u32le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Writes the records of `r` as version 2: `sel` (inside the draw), or the
 * whole draw when NULL. Returns 0, or -1 when writing failed. */
int vf_raw_write(FILE *f, const struct vf_records *r, const struct vf_selection *sel);

/* Writes every record of `r` as version 1; 0, or -1. */
int vf_raw_write_v1(FILE *f, const struct vf_records *r);

/* Where the records of a raw capture are and which of the draw they are. */
struct vf_raw_info {
    uint32_t version;
    uint32_t words; /* per record */
    struct vf_selection sel;
    size_t data_offset;
};

/* Reads the header of the raw capture `data` (version 1 or 2) and checks
 * it against `layout` and a draw of `vertices` x `instances` records.
 * Returns 0, or -1 with a one-line message in `err`. */
int vf_raw_read_header(const uint8_t *data, size_t size, const vf_layout *layout,
                       uint32_t vertices, uint32_t instances, struct vf_raw_info *info,
                       char *err, size_t err_size);

#endif /* VF_TOOLS_COMMON_VFR_H */
