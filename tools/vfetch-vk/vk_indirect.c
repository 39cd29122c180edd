/*
 * vk_indirect.c - the argument and count buffers of a replayed indirect
 * draw (vk_indirect.h).
 *
 * D3D's argument structs and Vulkan's are the same words in the same
 * order, so the case's bytes go to the driver unchanged:
 *   D3D12_DRAW_ARGUMENTS {VertexCountPerInstance, InstanceCount,
 *   StartVertexLocation, StartInstanceLocation} = VkDrawIndirectCommand
 *   {vertexCount, instanceCount, firstVertex, firstInstance};
 *   D3D12_DRAW_INDEXED_ARGUMENTS {IndexCountPerInstance, InstanceCount,
 *   StartIndexLocation, BaseVertexLocation (INT), StartInstanceLocation}
 *   = VkDrawIndexedIndirectCommand {indexCount, instanceCount, firstIndex,
 *   vertexOffset (int32_t), firstInstance};
 * and D3D11's DrawInstancedIndirect / DrawIndexedInstancedIndirect read
 * the same 4 / 5 UINTs. The assertions below hold the tool to it.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "vfetch_indirect.h"
#include "vk_indirect.h"
#include "vk_note.h"
#include "vk_translate.h"

_Static_assert(sizeof(VkDrawIndirectCommand) == VF_INDIRECT_DRAW_ARGUMENTS_SIZE,
               "VkDrawIndirectCommand is D3D12_DRAW_ARGUMENTS");
_Static_assert(offsetof(VkDrawIndirectCommand, vertexCount) == 0 &&
                   offsetof(VkDrawIndirectCommand, instanceCount) == 4 &&
                   offsetof(VkDrawIndirectCommand, firstVertex) == 8 &&
                   offsetof(VkDrawIndirectCommand, firstInstance) == 12,
               "VkDrawIndirectCommand's words in D3D12_DRAW_ARGUMENTS order");
_Static_assert(sizeof(VkDrawIndexedIndirectCommand) == VF_INDIRECT_DRAW_INDEXED_ARGUMENTS_SIZE,
               "VkDrawIndexedIndirectCommand is D3D12_DRAW_INDEXED_ARGUMENTS");
_Static_assert(offsetof(VkDrawIndexedIndirectCommand, indexCount) == 0 &&
                   offsetof(VkDrawIndexedIndirectCommand, instanceCount) == 4 &&
                   offsetof(VkDrawIndexedIndirectCommand, firstIndex) == 8 &&
                   offsetof(VkDrawIndexedIndirectCommand, vertexOffset) == 12 &&
                   offsetof(VkDrawIndexedIndirectCommand, firstInstance) == 16,
               "VkDrawIndexedIndirectCommand's words in D3D12_DRAW_INDEXED_ARGUMENTS order");

/* A buffer the driver reads draw arguments or a count from: `size` bytes
 * of `bytes`. */
static int upload(struct vkf_device *d, struct vkf_buf *b, const void *bytes, uint64_t size,
                  char *err, size_t err_size)
{
    if (vkf_buf_create(d, b, size, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, VKF_MEM_READBACK, err,
                       err_size) != 0)
        return VKF_EXIT_USAGE;
    memcpy(b->map, bytes, (size_t)size);
    return 0;
}

/* Whether src's arguments and count lie inside their bytes, 4-aligned
 * (the library checked the call; this keeps the tool's reads in bounds). */
static int src_valid(const struct vkf_indirect_src *src, uint32_t arg_size, char *err,
                     size_t err_size)
{
    if (src->args == NULL || src->draw_offset % 4 != 0 || src->args_size < arg_size ||
        src->draw_offset > src->args_size - arg_size || src->args_size > VKF_MAX_ALLOCATION) {
        snprintf(err, err_size, "%s: the draw arguments at byte %llu are not in the buffer",
                 src->what, (unsigned long long)src->draw_offset);
        return 0;
    }
    if (src->count != NULL && (src->count_offset % 4 != 0 || src->count_size < 4 ||
                               src->count_offset > src->count_size - 4 ||
                               src->count_size > VKF_MAX_ALLOCATION || src->stride % 4 != 0)) {
        snprintf(err, err_size, "%s: the count at byte %llu is not in the count buffer",
                 src->what, (unsigned long long)src->count_offset);
        return 0;
    }
    return 1;
}

int vkf_indirect_upload(struct vkf_device *d, const struct vkf_indirect_src *src, int indexed,
                        struct vkf_indirect_bufs *b, char *note, size_t note_size, char *err,
                        size_t err_size)
{
    const uint32_t arg_size =
        indexed ? VF_INDIRECT_DRAW_INDEXED_ARGUMENTS_SIZE : VF_INDIRECT_DRAW_ARGUMENTS_SIZE;
    uint32_t first_instance;

    memset(b, 0, sizeof(*b));
    if (!src_valid(src, arg_size, err, err_size))
        return VKF_EXIT_USAGE;
    memcpy(&first_instance, (const uint8_t *)src->args + src->draw_offset + arg_size - 4, 4);
    if (first_instance != 0 && !d->info.indirect_first_instance) {
        snprintf(err, err_size, "%s: StartInstanceLocation %u needs drawIndirectFirstInstance, "
                 "which the device lacks", src->what, first_instance);
        return VKF_EXIT_SKIP;
    }
    if (upload(d, &b->args, src->args, src->args_size, err, err_size) != 0)
        return VKF_EXIT_USAGE;
    b->use_count = src->count != NULL && d->info.indirect_count;
    if (b->use_count && upload(d, &b->count, src->count, src->count_size, err, err_size) != 0)
        return VKF_EXIT_USAGE;
    vkf_note(note, note_size, "%s: %s at argument byte %llu", src->what,
             b->use_count ? (indexed ? "vkCmdDrawIndexedIndirectCount" : "vkCmdDrawIndirectCount")
                          : (indexed ? "vkCmdDrawIndexedIndirect" : "vkCmdDrawIndirect"),
             (unsigned long long)src->draw_offset);
    if (b->use_count)
        vkf_note(note, note_size, ", count at byte %llu, maxDrawCount 1",
                 (unsigned long long)src->count_offset);
    else if (src->count != NULL)
        vkf_note(note, note_size, " (the device lacks drawIndirectCount: the count buffer "
                 "is vfetch's)");
    vkf_note(note, note_size, "; ");
    return 0;
}

void vkf_indirect_free(struct vkf_device *d, struct vkf_indirect_bufs *b)
{
    vkf_buf_destroy(d, &b->args);
    vkf_buf_destroy(d, &b->count);
}
