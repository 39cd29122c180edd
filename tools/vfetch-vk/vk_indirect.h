/*
 * vk_indirect.h - the argument and count buffers of an indirect draw as
 * the driver reads them (vk_indirect.c): vfetch-vk replays ExecuteIndirect
 * commands and D3D11's indirect draws with vkCmdDraw*Indirect from the
 * case's own argument bytes. Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_INDIRECT_H
#define VF_TOOLS_VFETCH_VK_VK_INDIRECT_H

#include <stddef.h>
#include <stdint.h>

#include "vk_device.h"

/* Where the driver reads one draw's arguments: the D3D argument struct
 * (D3D12_DRAW_[INDEXED_]ARGUMENTS, or D3D11's 4 or 5 UINTs) at
 * draw_offset of the argument bytes. With count bytes (and a device with
 * drawIndirectCount) the draw is vkCmdDraw*IndirectCount with
 * maxDrawCount 1 and the count at count_offset: it draws this command
 * when the count is at least 1, which every command an ExecuteIndirect
 * runs implies. Pointers are the caller's and only read. */
struct vkf_indirect_src {
    const void *args;
    uint64_t args_size;
    uint64_t draw_offset;    /* bytes, a multiple of 4 */
    const void *count;       /* NULL: no count buffer */
    uint64_t count_size;
    uint64_t count_offset;   /* bytes, a multiple of 4 */
    uint32_t stride;         /* ByteStride: the count variants' stride */
    const char *what;        /* "ExecuteIndirect command 1": for the translation note */
};

/* The buffers an indirect draw reads: made by vkf_indirect_upload, freed
 * by vkf_indirect_free (a zeroed one frees nothing). */
struct vkf_indirect_bufs {
    struct vkf_buf args, count;
    int use_count;           /* the draw goes through the count buffer */
};

/*
 * Uploads src's argument bytes (and count bytes where the device has
 * drawIndirectCount) as buffers with VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT
 * and says in note (note_size bytes) which draw call replays it. Returns
 * 0; VKF_EXIT_USAGE when the arguments are not all inside the bytes, an
 * offset is not a multiple of 4 or a buffer cannot be made (message in
 * err); VKF_EXIT_SKIP when the command's StartInstanceLocation is not 0
 * and the device lacks drawIndirectFirstInstance.
 */
int vkf_indirect_upload(struct vkf_device *d, const struct vkf_indirect_src *src, int indexed,
                        struct vkf_indirect_bufs *b, char *note, size_t note_size, char *err,
                        size_t err_size);
void vkf_indirect_free(struct vkf_device *d, struct vkf_indirect_bufs *b);

#endif /* VF_TOOLS_VFETCH_VK_VK_INDIRECT_H */
