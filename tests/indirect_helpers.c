/* indirect_helpers.c - random ExecuteIndirect calls (indirect_helpers.h). */
#include "indirect_helpers.h"

#include <string.h>

#define RANGE_BYTES 1024u
static const uint64_t range_base[IH_RANGES] = { 0x10000u, 0x7fff00000000u };

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void add_arg(struct icase *c, uint32_t type, uint32_t a, uint32_t b, uint32_t n)
{
    uint32_t i = c->sig.num_argument_descs++;
    memset(&c->args[i], 0, sizeof(c->args[i]));
    c->args[i].type = type;
    c->args[i].u.constant.root_parameter_index = a; /* the first union word of every form */
    c->args[i].u.constant.dest_offset_in_32bit_values = b;
    c->args[i].u.constant.num_32bit_values_to_set = n;
    iref_arg r = { { type, a, b, n } };
    c->ref_args[i] = r;
}

/* Root arguments in order, vertex and index views between them. */
static void make_signature(struct icase *c, vf_rng *rng, int indexed)
{
    uint32_t slots = vf_rng_below(rng, 1u << IH_SLOTS), param = 0;
    c->sig.num_argument_descs = 0;
    for (int step = 0; step < 4; step++) {
        if (vf_rng_below(rng, 2))
            add_arg(c, VF_INDIRECT_ARGUMENT_TYPE_CONSTANT, param++, 0, 1 + vf_rng_below(rng, 3));
        for (uint32_t s = 0; s < IH_SLOTS; s++)
            if ((slots & (1u << s)) && vf_rng_below(rng, 3) == 0) {
                add_arg(c, VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW, s, 0, 0);
                slots &= ~(1u << s);
            }
        if (vf_rng_below(rng, 3) == 0)
            add_arg(c, VF_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW + vf_rng_below(rng, 3),
                    param++, 0, 0);
    }
    if (vf_rng_below(rng, 2))
        add_arg(c, VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT, param++, 0, 0);
    if (indexed && vf_rng_below(rng, 2))
        add_arg(c, VF_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW, 0, 0, 0);
    add_arg(c, indexed ? VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED : VF_INDIRECT_ARGUMENT_TYPE_DRAW,
            0, 0, 0);
}

/* Bytes of one argument, from the spec's structures. */
static uint32_t arg_bytes(const vf_indirect_argument_desc *a)
{
    switch (a->type) {
    case VF_INDIRECT_ARGUMENT_TYPE_DRAW: return 16;
    case VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED: return 20;
    case VF_INDIRECT_ARGUMENT_TYPE_CONSTANT: return 4 * a->u.constant.num_32bit_values_to_set;
    case VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT: return 0;
    case VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW:
    case VF_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW: return 16;
    default: return 8; /* a root view's GPU address */
    }
}

static uint32_t args_size(const struct icase *c)
{
    uint32_t total = 0;
    for (uint32_t i = 0; i < c->sig.num_argument_descs; i++)
        total += arg_bytes(&c->args[i]);
    return total;
}

/* A view's address and size: mostly inside a range, sometimes not. */
static void random_view(vf_rng *rng, uint64_t *va, uint32_t *size)
{
    uint32_t r = vf_rng_below(rng, IH_RANGES), kind = vf_rng_below(rng, 16);
    uint32_t off = 4 * vf_rng_below(rng, RANGE_BYTES / 8);
    *size = vf_rng_below(rng, RANGE_BYTES - off + 1);
    *va = range_base[r] + off;
    if (kind == 0) { *va = 0; *size = 0; }             /* unbound */
    else if (kind == 1) { *va = 0; *size |= 4; }       /* address 0, nonzero size */
    else if (kind == 2) *size = RANGE_BYTES - off + 4; /* runs past the range */
    else if (kind == 3) *va = 0x20000u;                /* no range */
}

static void write_view(vf_rng *rng, uint8_t *p, int is_index)
{
    uint64_t va;
    uint32_t size, third;
    random_view(rng, &va, &size);
    if (is_index)
        third = vf_rng_below(rng, 12) == 0 ? VF_FORMAT_R8_UINT
                : vf_rng_below(rng, 2) ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT;
    else
        third = vf_rng_below(rng, 16) == 0 ? 2052u : 4 * vf_rng_below(rng, 12);
    put32(p, (uint32_t)va);
    put32(p + 4, (uint32_t)(va >> 32));
    put32(p + 8, size);
    put32(p + 12, third);
}

static void write_draw(vf_rng *rng, uint8_t *p, int indexed)
{
    put32(p, vf_rng_below(rng, 24));
    put32(p + 4, vf_rng_below(rng, 4));
    put32(p + 8, vf_rng_below(rng, 12));
    put32(p + 12, indexed ? (uint32_t)((int32_t)vf_rng_below(rng, 9) - 4) : vf_rng_below(rng, 4));
    if (indexed)
        put32(p + 16, vf_rng_below(rng, 4));
}

/* One command's bytes: random words everywhere (constants, padding),
 * then the views and the draw where the signature puts them. */
static void write_command(const struct icase *c, vf_rng *rng, uint8_t *p)
{
    vf_rng_fill(rng, p, c->sig.byte_stride);
    for (uint32_t i = 0; i < c->sig.num_argument_descs; i++) {
        uint32_t t = c->args[i].type;
        if (t == VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW || t == VF_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW)
            write_view(rng, p, t == VF_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW);
        else if (t <= VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED)
            write_draw(rng, p, t == VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED);
        p += arg_bytes(&c->args[i]);
    }
}

static void make_state(struct icase *c, vf_rng *rng)
{
    for (uint32_t r = 0; r < IH_RANGES; r++) {
        vf_guarded_alloc(&c->range_mem[r], RANGE_BYTES, (int)(r & 1));
        vf_rng_fill(rng, c->range_mem[r].data, RANGE_BYTES);
        vf_gpu_address_range g = { range_base[r], RANGE_BYTES, c->range_mem[r].data };
        iref_range ir = { range_base[r], RANGE_BYTES, c->range_mem[r].data };
        c->ranges[r] = g;
        c->ref_ranges[r] = ir;
    }
    for (uint32_t s = 0; s < IH_SLOTS; s++) {
        vf_vertex_buffer_view v = { c->range_mem[s % IH_RANGES].data + 16 * s, 256, 4 * s };
        c->vbs[s] = v;
    }
    vf_index_buffer_view ib = { c->range_mem[0].data + 512, 64, VF_FORMAT_R16_UINT };
    c->ib = ib;
}

void icase_make(struct icase *c, vf_rng *rng, int guard_before)
{
    static const uint32_t topologies[] = { VF_TOPOLOGY_TRIANGLELIST, VF_TOPOLOGY_TRIANGLESTRIP,
                                           VF_TOPOLOGY_LINESTRIP, VF_TOPOLOGY_POINTLIST };
    memset(c, 0, sizeof(*c));
    int indexed = (int)vf_rng_below(rng, 2);
    make_signature(c, rng, indexed);
    c->sig.argument_descs = c->args;
    uint32_t size = args_size(c);
    c->sig.byte_stride = size + 4 * vf_rng_below(rng, 3);
    make_state(c, rng);
    vf_execute_indirect_desc_init(&c->desc);
    uint32_t max = vf_rng_below(rng, 10);
    uint32_t offset = guard_before ? 0 : 4 * vf_rng_below(rng, 4);
    /* Exactly the bytes the call may read: the guard page follows the
     * last command's arguments, or precedes the first. */
    size_t bytes = offset + (max ? (size_t)(max - 1) * c->sig.byte_stride + size : 0);
    vf_guarded_alloc(&c->argbuf, bytes, guard_before ? VF_GUARD_BEFORE : VF_GUARD_AFTER);
    for (uint32_t n = 0; n < max; n++) {
        uint8_t cmd[512];
        write_command(c, rng, cmd);
        memcpy(c->argbuf.data + offset + (size_t)n * c->sig.byte_stride, cmd,
               n + 1 < max ? c->sig.byte_stride : size);
    }
    c->desc.signature = &c->sig;
    c->desc.max_command_count = max;
    c->desc.argument_buffer = c->argbuf.data;
    c->desc.argument_buffer_size = bytes;
    c->desc.argument_buffer_offset = offset;
    if (vf_rng_below(rng, 2)) {
        vf_guarded_alloc(&c->countbuf, 8, VF_GUARD_AFTER);
        c->count_value = vf_rng_below(rng, max + 3);
        put32(c->countbuf.data + 4, c->count_value);
        c->desc.count_buffer = c->countbuf.data;
        c->desc.count_buffer_size = 8;
        c->desc.count_buffer_offset = 4;
    }
    c->desc.ranges = c->ranges;
    c->desc.range_count = IH_RANGES;
    c->desc.vertex_buffers = c->vbs;
    c->desc.num_vertex_buffers = vf_rng_below(rng, IH_SLOTS + 1);
    c->desc.index_buffer = vf_rng_below(rng, 4) ? &c->ib : NULL;
    c->desc.primitive_topology = topologies[vf_rng_below(rng, 4)];
    c->desc.strip_cut_value = vf_rng_below(rng, 2);
}

void icase_free(struct icase *c)
{
    vf_guarded_free(&c->argbuf);
    if (c->countbuf.map)
        vf_guarded_free(&c->countbuf);
    for (uint32_t r = 0; r < IH_RANGES; r++)
        vf_guarded_free(&c->range_mem[r]);
}
