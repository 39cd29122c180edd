/* indirect_walk.c - ExecuteIndirect as a walk over its commands: the call's
 * checks, the count, and each command turned into the direct draw it
 * stands for (docs/d3d-ia-rules.md §15.3-15.5). */
#include <string.h>

#include "vf_internal.h"
#include "d3d11_internal.h"
#include "indirect_internal.h"

void vf_execute_indirect_desc_init(vf_execute_indirect_desc *desc)
{
    if (!desc)
        return;
    memset(desc, 0, sizeof(*desc));
    desc->struct_size = sizeof(*desc);
    desc->primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
}

/* Pointers and plain ranges; the first error found. */
static vf_result check_call(const vf_execute_indirect_desc *desc, struct vf_d3d11_diag *d)
{
    if (!desc->argument_buffer || (!desc->ranges && desc->range_count > 0) ||
        (!desc->vertex_buffers && desc->num_vertex_buffers > 0)) {
        vf_d3d11_diag(d, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR,
                      "ExecuteIndirect: the argument buffer, the address ranges or the vertex "
                      "buffer views are NULL");
        return d->first_error;
    }
    if (desc->num_vertex_buffers > VF_MAX_INPUT_SLOTS)
        vf_d3d11_diag(d, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR,
                      "ExecuteIndirect: %u vertex buffer views, more than %u",
                      desc->num_vertex_buffers, VF_MAX_INPUT_SLOTS);
    if (desc->argument_buffer_offset % 4 != 0 || (desc->count_buffer && desc->count_buffer_offset % 4))
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_MISALIGNED_OFFSET, VF_SEVERITY_ERROR,
                      "ExecuteIndirect: ArgumentBufferOffset %llu and CountBufferOffset %llu must "
                      "be multiples of 4", (unsigned long long)desc->argument_buffer_offset,
                      (unsigned long long)desc->count_buffer_offset);
    return d->first_error;
}

/* MaxCommandCount commands from the offset fit in the argument buffer, the
 * last one's arguments included; 4 bytes fit at the count offset. */
static void check_reach(const vf_execute_indirect_desc *desc, const vf_command_signature_info *info,
                        struct vf_d3d11_diag *d)
{
    uint64_t size = desc->argument_buffer_size, off = desc->argument_buffer_offset;
    /* (max - 1) * stride < 2^64 - 2^33, so adding the arguments cannot wrap. */
    uint64_t need = desc->max_command_count == 0
                        ? 0
                        : (uint64_t)(desc->max_command_count - 1) * desc->signature->byte_stride +
                              info->arguments_size;
    if (off > size || size - off < need)
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_BUFFER_TOO_SMALL, VF_SEVERITY_ERROR,
                      "ExecuteIndirect: %u commands of ByteStride %u need %llu bytes from "
                      "ArgumentBufferOffset %llu, the argument buffer has %llu",
                      desc->max_command_count, desc->signature->byte_stride,
                      (unsigned long long)need, (unsigned long long)off, (unsigned long long)size);
    if (desc->count_buffer &&
        (desc->count_buffer_offset > desc->count_buffer_size ||
         desc->count_buffer_size - desc->count_buffer_offset < 4))
        vf_d3d11_diag(d, VF_ERROR_INDIRECT_BUFFER_TOO_SMALL, VF_SEVERITY_ERROR,
                      "ExecuteIndirect: CountBufferOffset %llu leaves no 4-byte count in a count "
                      "buffer of %llu bytes", (unsigned long long)desc->count_buffer_offset,
                      (unsigned long long)desc->count_buffer_size);
}

vf_result vf_execute_indirect_begin(const vf_execute_indirect_desc *desc, vf_indirect_walk *walk,
                                    vf_diagnostics *diagnostics)
{
    struct vf_d3d11_diag d;
    vf_d3d11_diag_begin(&d, diagnostics);
    if (!desc || !walk) {
        vf_d3d11_diag(&d, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR,
                      "ExecuteIndirect: the description or the walk is NULL");
        return d.first_error;
    }
    if (desc->struct_size != sizeof(*desc)) {
        vf_d3d11_diag(&d, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR,
                      "ExecuteIndirect: struct_size %zu is not %zu", desc->struct_size,
                      sizeof(*desc));
        return d.first_error;
    }
    vf_command_signature_info info;
    vf_result r = vf_command_signature_check(desc->signature, &info, diagnostics);
    if (r != VF_OK)
        return r;
    if (check_call(desc, &d) != VF_OK)
        return d.first_error;
    check_reach(desc, &info, &d);
    if (d.first_error != VF_OK)
        return d.first_error;
    uint32_t count = desc->max_command_count;
    if (desc->count_buffer) {
        uint32_t n = vf_read_u32((const uint8_t *)desc->count_buffer + desc->count_buffer_offset);
        count = n < count ? n : count;
    }
    if (count == 0)
        vf_d3d11_diag(&d, VF_WARNING_INDIRECT_ZERO_COMMANDS, VF_SEVERITY_WARNING,
                      "ExecuteIndirect: no command runs (MaxCommandCount %u%s)",
                      desc->max_command_count, desc->count_buffer ? ", or the count buffer's 0" : "");
    walk->command_count = count;
    walk->next_command = 0;
    walk->desc_ = desc;
    walk->info_ = info;
    walk->slot_end_ = 0;
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++)
        if (info.vertex_slot_mask & (1u << s))
            walk->slot_end_ = s + 1;
    return VF_OK;
}

/* Where [address, address + size) lives: the host bytes, or NULL when no
 * one range holds all of it. */
static const void *resolve(const vf_execute_indirect_desc *desc, uint64_t address, uint32_t size)
{
    for (uint32_t i = 0; i < desc->range_count; i++) {
        const vf_gpu_address_range *g = &desc->ranges[i];
        if (address >= g->base && address - g->base <= g->size &&
            g->size - (address - g->base) >= size && g->host)
            return (const uint8_t *)g->host + (address - g->base);
    }
    return NULL;
}

/* A view argument's address and size to host bytes, or the error. */
static vf_result resolve_view(const vf_execute_indirect_desc *desc, uint64_t address,
                              uint32_t size, const void **data_ret)
{
    *data_ret = NULL;
    if (address == 0)
        return size == 0 ? VF_OK : VF_ERROR_INDIRECT_NULL_ADDRESS; /* 0, 0: unbound */
    *data_ret = resolve(desc, address, size);
    return *data_ret ? VF_OK : VF_ERROR_INDIRECT_ADDRESS_NOT_MAPPED;
}

static void view_error(struct vf_d3d11_diag *d, const vf_indirect_command *c, uint32_t arg,
                       const char *what, uint64_t address, uint32_t size, uint32_t third,
                       vf_result r)
{
    const char *why = r == VF_ERROR_INDIRECT_NULL_ADDRESS ? "address 0 with a nonzero size"
                      : r == VF_ERROR_INDIRECT_ADDRESS_NOT_MAPPED
                          ? "bytes not inside one GPU address range"
                      : r == VF_ERROR_STRIDE_TOO_LARGE ? "StrideInBytes over 2048"
                                                       : "Format not R16_UINT or R32_UINT";
    vf_d3d11_diag(d, r, VF_SEVERITY_ERROR,
                  "command %u: argument %u (%s): BufferLocation 0x%llx SizeInBytes %u %s %u: %s",
                  c->command, arg, what, (unsigned long long)address, size,
                  r == VF_ERROR_INVALID_INDEX_FORMAT ? "Format" : "StrideInBytes", third, why);
}

/* A VERTEX_BUFFER_VIEW argument: BufferLocation, SizeInBytes, StrideInBytes
 * (the order of D3D12_VERTEX_BUFFER_VIEW, §15.4). */
static vf_result vertex_view(const vf_execute_indirect_desc *desc, const uint8_t *p, uint32_t slot,
                             vf_indirect_command *c, uint32_t arg, struct vf_d3d11_diag *d)
{
    uint64_t address = vf_read_u64(p);
    uint32_t size = vf_read_u32(p + 8), stride = vf_read_u32(p + 12);
    const void *data;
    vf_result r = resolve_view(desc, address, size, &data);
    if (r == VF_OK && stride > VF_MAX_STRIDE)
        r = VF_ERROR_STRIDE_TOO_LARGE;
    if (r != VF_OK) {
        view_error(d, c, arg, "vertex buffer view", address, size, stride, r);
        return r;
    }
    vf_vertex_buffer_view v = { data, data ? size : 0, stride };
    c->vertex_buffers[slot] = v;
    return VF_OK;
}

/* An INDEX_BUFFER_VIEW argument: BufferLocation, SizeInBytes, Format. */
static vf_result index_view(const vf_execute_indirect_desc *desc, const uint8_t *p,
                            vf_indirect_command *c, uint32_t arg, struct vf_d3d11_diag *d)
{
    uint64_t address = vf_read_u64(p);
    uint32_t size = vf_read_u32(p + 8), format = vf_read_u32(p + 12);
    const void *data;
    vf_result r = resolve_view(desc, address, size, &data);
    if (r == VF_OK && data && format != VF_FORMAT_R16_UINT && format != VF_FORMAT_R32_UINT)
        r = VF_ERROR_INVALID_INDEX_FORMAT;
    if (r != VF_OK) {
        view_error(d, c, arg, "index buffer view", address, size, format, r);
        return r;
    }
    vf_index_buffer_view v = { data, data ? size : 0, format };
    c->index_buffer = v;
    return VF_OK;
}

/* The draw arguments into the command's vf_draw_desc. */
static void draw_arguments(const uint8_t *p, int indexed, vf_draw_desc *draw)
{
    draw->indexed = (uint32_t)indexed;
    draw->vertex_count_per_instance = vf_read_u32(p);
    draw->instance_count = vf_read_u32(p + 4);
    draw->start_location = vf_read_u32(p + 8);
    if (indexed) {
        draw->base_vertex_location = (int32_t)vf_read_u32(p + 12);
        draw->start_instance_location = vf_read_u32(p + 16);
    } else {
        draw->start_instance_location = vf_read_u32(p + 12);
    }
}

/* The state before the call, as this command's own copy. */
static void start_command(const vf_indirect_walk *walk, vf_indirect_command *c)
{
    const vf_execute_indirect_desc *desc = walk->desc_;
    uint32_t n = desc->num_vertex_buffers;
    if (n > 0)
        memcpy(c->vertex_buffers, desc->vertex_buffers, n * sizeof(c->vertex_buffers[0]));
    /* Slots the signature sets beyond the caller's views start unbound. */
    uint32_t top = walk->slot_end_;
    if (top > n)
        memset(&c->vertex_buffers[n], 0, (top - n) * sizeof(c->vertex_buffers[0]));
    if (desc->index_buffer)
        c->index_buffer = *desc->index_buffer;
    else
        memset(&c->index_buffer, 0, sizeof(c->index_buffer));
    vf_draw_desc_init(&c->draw);
    c->draw.vertex_buffers = c->vertex_buffers;
    c->draw.num_vertex_buffers = top > n ? top : n;
    c->draw.index_buffer = &c->index_buffer;
    c->draw.strip_cut_value = desc->strip_cut_value;
    c->draw.primitive_topology = desc->primitive_topology;
    c->draw.pool = desc->pool;
}

vf_result vf_execute_indirect_next(vf_indirect_walk *walk, vf_indirect_command *command_ret,
                                   vf_diagnostics *diagnostics)
{
    if (!walk || !command_ret || !walk->desc_)
        return VF_ERROR_NULL_POINTER;
    if (walk->next_command >= walk->command_count)
        return VF_ERROR_INVALID_RANGE;
    const vf_execute_indirect_desc *desc = walk->desc_;
    const vf_command_signature_desc *sig = desc->signature;
    struct vf_d3d11_diag d = { diagnostics, VF_OK }; /* appends: a walk gathers one list */
    vf_indirect_command *c = command_ret;
    c->command = walk->next_command++;
    c->result = VF_OK;
    c->argument_offset = desc->argument_buffer_offset + (uint64_t)c->command * sig->byte_stride;
    c->incrementing_constant = c->command;
    start_command(walk, c);
    const uint8_t *p = (const uint8_t *)desc->argument_buffer + c->argument_offset;
    for (uint32_t i = 0; i < sig->num_argument_descs; i++) {
        const vf_indirect_argument_desc *a = &sig->argument_descs[i];
        vf_result r = VF_OK;
        switch (a->type) {
        case VF_INDIRECT_ARGUMENT_TYPE_DRAW:
        case VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED:
            draw_arguments(p, a->type == VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED, &c->draw);
            p += a->type == VF_INDIRECT_ARGUMENT_TYPE_DRAW ? VF_INDIRECT_DRAW_ARGUMENTS_SIZE
                                                           : VF_INDIRECT_DRAW_INDEXED_ARGUMENTS_SIZE;
            break;
        case VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW:
            r = vertex_view(desc, p, a->u.vertex_buffer.slot, c, i, &d);
            p += VF_INDIRECT_VIEW_ARGUMENT_SIZE;
            break;
        case VF_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW:
            r = index_view(desc, p, c, i, &d);
            p += VF_INDIRECT_VIEW_ARGUMENT_SIZE;
            break;
        case VF_INDIRECT_ARGUMENT_TYPE_CONSTANT:
            p += 4u * (size_t)a->u.constant.num_32bit_values_to_set;
            break;
        case VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT:
            break;
        default: /* root views: skipped at their size (a signature check let no other through) */
            p += VF_INDIRECT_ROOT_VIEW_ARGUMENT_SIZE;
            break;
        }
        if (r != VF_OK && c->result == VF_OK)
            c->result = r;
    }
    return VF_OK;
}
