/*
 * draw.c - the draw walker: index fetch, strip cuts, step rates, bounds
 * checks, system values and record emission (d3d-ia-rules.md §4, §5, §6).
 *
 * A draw is cut into batches of at most VF_BATCH positions of one instance.
 * Per batch and per input slot the walker computes the element numbers once,
 * then calls each element's kernel: `strided` over runs of consecutive
 * in-bounds vertices (the whole batch of a plain DrawInstanced, its slot
 * data prefetched a few KiB ahead), `gather` with one source address per
 * vertex otherwise, shared by the slot's elements, cut and out-of-bounds
 * vertices pointing at zeros so kernels never branch per vertex.
 * Per-instance and unbound elements are decoded once per range and
 * broadcast; a small mesh drawn many times is decoded once and its later
 * instances rewrite only their per-instance registers. AoS output is
 * written in place, or staged on the stack and copied with the ISA's
 * non-temporal stores when the draw is large; SoA batches are decoded into
 * a stack AoS buffer and transposed by the ISA's transpose. Nothing on the
 * draw path allocates.
 */
#include "vf_internal.h"

#include <stdatomic.h>

/* Positions per batch: bounds the per-batch stack arrays. */
#define VF_BATCH 64u
/* Shortest run of consecutive in-bounds vertices worth a strided call. */
#define VF_RUN_MIN 4u
/* The AoS staging buffer of SoA output. It holds at least one batch of the
 * widest shape with the most registers (16 lanes x 33 registers). */
#define VF_SOA_STAGE 16384u
/* Whole draws whose output reaches this size are written with the ISA's
 * non-temporal stores: the output would not stay in cache anyway,
 * and skipping the read-for-ownership of every output line nearly halves
 * the memory traffic of a streaming draw. */
#define VF_STREAM_MIN_BYTES (8u << 20)
_Static_assert(VF_SOA_STAGE >= 16u * 16u * (VF_MAX_REGISTERS + 1u), "SoA staging buffer too small");
/* How far ahead of a strided batch its slot data are prefetched, in bytes:
 * a few batches of a typical stream, well inside L2. */
#define VF_PREFETCH_AHEAD 4096u
#define VF_CACHE_LINE 64u
/* Positions a pool worker takes at a time (before fairness capping). */
#define VF_CHUNK_POSITIONS 4096u

/* What an out-of-bounds element decodes from: it reads as all-zero bytes
 * would, so the format's defaults still apply (rules §6). 16 bytes is the
 * largest vertex format. */
static _Alignas(16) const uint8_t vf_zero_block[16];
/* The same for every element of a vertex at once: layout.c keeps every
 * element's offset plus size within VF_MAX_STRIDE. */
#define VF_MAX_ELEMENT_END VF_MAX_STRIDE
static _Alignas(16) const uint8_t vf_zero_span[VF_MAX_ELEMENT_END];

struct vf_sv_regs {
    uint32_t num_vid, num_iid;
    uint32_t vid[VF_MAX_REGISTERS + 1]; /* word index of .x of each SV_VertexID register */
    uint32_t iid[VF_MAX_REGISTERS + 1];
    int32_t sys;                        /* word index of the system register, or -1 */
    uint32_t sys_bits;                  /* VF_SV_* */
};

/* A validated draw: everything every range of it shares. Read-only. */
struct vf_plan {
    const struct vf_layout *layout;
    const vf_draw_desc *desc;
    uint32_t vertex_count;
    uint32_t instance_count;
    uint32_t lanes;              /* 1 for AoS */
    uint32_t units_per_instance; /* AoS: records, SoA: batches */
    size_t unit_bytes;           /* bytes of one unit */
    int indexed;
    /* Index buffer (indexed draws): NULL data means every index reads 0. */
    const uint8_t *ib_data;
    uint32_t ib_size;
    uint32_t ib_index_size;
    int cut_enabled;
    uint32_t cut_value;
    struct vf_sv_regs sv;
    int stream; /* write the output with non-temporal stores */
};

/* A per-vertex slot with a bound view. */
struct vf_vary_slot {
    const struct vf_slot *slot;
    const uint8_t *data;
    uint32_t size;
    uint32_t stride;
    uint32_t span; /* max(offset + size) of its fetched elements */
};

/* A register that holds the same value for every vertex of a range. */
struct vf_const_reg {
    uint32_t word; /* word index in the record */
    uint32_t value[4];
};

/* One instance's part of a draw. Lives on the stack of whoever runs it. */
struct vf_range {
    const struct vf_plan *plan;
    uint32_t instance;
    uint32_t num_vary;
    uint32_t num_const;
    struct vf_vary_slot vary[VF_MAX_INPUT_SLOTS];
    struct vf_const_reg consts[VF_MAX_ELEMENTS];
};

/* ------------------------------------------------------------------------ */
/* Validation                                                               */
/* ------------------------------------------------------------------------ */

static int topology_valid(uint32_t t)
{
    /* D3D_PRIMITIVE_TOPOLOGY: 1..5, the adjacency forms 10..13 and the
     * 1..32 control-point patch lists 33..64. UNDEFINED (0) draws nothing in
     * D3D12 and is rejected. */
    return (t >= 1 && t <= 5) || (t >= 10 && t <= 13) || (t >= 33 && t <= 64);
}

static int topology_is_strip(uint32_t t)
{
    return t == VF_TOPOLOGY_LINESTRIP || t == VF_TOPOLOGY_TRIANGLESTRIP ||
           t == VF_TOPOLOGY_LINESTRIP_ADJ || t == VF_TOPOLOGY_TRIANGLESTRIP_ADJ;
}

/* Units (records or SoA batches) per instance and bytes per unit. */
static void unit_shape(const struct vf_layout *layout, uint32_t vertex_count, uint32_t *lanes_ret,
                       uint32_t *units_ret, size_t *unit_bytes_ret)
{
    uint32_t lanes = layout->lanes > 1 ? layout->lanes : 1;
    *lanes_ret = lanes;
    *units_ret = (uint32_t)(((uint64_t)vertex_count + lanes - 1) / lanes);
    *unit_bytes_ret = layout->record_size * lanes;
}

static vf_result bytes_for_units(size_t unit_bytes, uint64_t units, size_t *size_ret)
{
    if (unit_bytes != 0 && units > SIZE_MAX / unit_bytes)
        return VF_ERROR_OVERFLOW;
    *size_ret = (size_t)units * unit_bytes;
    return VF_OK;
}

vf_result vf_draw_output_size(const vf_layout *layout, uint32_t vertex_count,
                              uint32_t instance_count, size_t *size_ret)
{
    if (!layout || !size_ret)
        return VF_ERROR_NULL_POINTER;
    uint32_t lanes, units;
    size_t unit_bytes;
    unit_shape(layout, vertex_count, &lanes, &units, &unit_bytes);
    return bytes_for_units(unit_bytes, (uint64_t)units * instance_count, size_ret);
}

void vf_draw_desc_init(vf_draw_desc *desc)
{
    if (!desc)
        return;
    memset(desc, 0, sizeof(*desc));
    desc->struct_size = sizeof(*desc);
    desc->strip_cut_value = VF_STRIP_CUT_VALUE_DISABLED;
    desc->primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
}

/* Checks everything about a draw except the output buffer, and fills the
 * plan. Nothing is written to the caller's memory. */
static vf_result plan_draw(const struct vf_layout *layout, const vf_draw_desc *desc,
                           struct vf_plan *plan)
{
    if (!layout || !desc)
        return VF_ERROR_NULL_POINTER;
    if (desc->struct_size != sizeof(vf_draw_desc))
        return VF_ERROR_INVALID_ARGUMENT;
    if (desc->num_vertex_buffers > VF_MAX_INPUT_SLOTS)
        return VF_ERROR_TOO_MANY_BUFFERS;
    if (desc->num_vertex_buffers != 0 && !desc->vertex_buffers)
        return VF_ERROR_NULL_POINTER;
    if (desc->strip_cut_value > VF_STRIP_CUT_VALUE_0xFFFFFFFF)
        return VF_ERROR_INVALID_STRIP_CUT_VALUE;
    if (!topology_valid(desc->primitive_topology))
        return VF_ERROR_INVALID_TOPOLOGY;

    memset(plan, 0, sizeof(*plan));
    plan->layout = layout;
    plan->desc = desc;
    plan->vertex_count = desc->vertex_count_per_instance;
    plan->instance_count = desc->instance_count;
    plan->indexed = desc->indexed != 0;

    if (plan->indexed) {
        const vf_index_buffer_view *ib = desc->index_buffer;
        if (ib) {
            /* The format of a view is checked even when its data is NULL:
             * D3D12 validates the view, not what it points at. */
            if (ib->format == VF_FORMAT_R16_UINT)
                plan->ib_index_size = 2;
            else if (ib->format == VF_FORMAT_R32_UINT)
                plan->ib_index_size = 4;
            else
                return VF_ERROR_INVALID_INDEX_FORMAT;
            /* Rules §5.2: a cut value that does not match the index format
             * is UNCONFIRMED; we follow the recommendation and reject it. */
            if ((desc->strip_cut_value == VF_STRIP_CUT_VALUE_0xFFFF && plan->ib_index_size != 2) ||
                (desc->strip_cut_value == VF_STRIP_CUT_VALUE_0xFFFFFFFF && plan->ib_index_size != 4))
                return VF_ERROR_STRIP_CUT_MISMATCH;
            if (ib->data) {
                plan->ib_data = ib->data;
                plan->ib_size = ib->size_in_bytes;
            }
        }
        /* Rules §5.2: D3D12 cuts only in strip topologies; in lists the cut
         * value is an ordinary index. With no index buffer every index is 0,
         * which is never a cut value. */
        if (plan->ib_data && desc->strip_cut_value != VF_STRIP_CUT_VALUE_DISABLED &&
            topology_is_strip(desc->primitive_topology)) {
            plan->cut_enabled = 1;
            plan->cut_value = desc->strip_cut_value == VF_STRIP_CUT_VALUE_0xFFFF ? 0xffffu
                                                                                  : 0xffffffffu;
        }
    }

    /* Rules §3.2, §3.3: strides of the slots the layout uses, where bound. */
    for (uint32_t s = 0; s < desc->num_vertex_buffers; s++) {
        if (!(layout->used_slot_mask & (1u << s)) || !desc->vertex_buffers[s].data)
            continue;
        uint32_t stride = desc->vertex_buffers[s].stride_in_bytes;
        if (stride > VF_MAX_STRIDE)
            return VF_ERROR_STRIDE_TOO_LARGE;
        uint32_t align = layout->slot_alignment[s];
        if (align > 1 && stride % align != 0)
            return VF_ERROR_MISALIGNED_STRIDE;
    }

    unit_shape(layout, plan->vertex_count, &plan->lanes, &plan->units_per_instance,
               &plan->unit_bytes);

    /* Where the generated values go. */
    plan->sv.sys = -1;
    for (uint32_t r = 0; r < layout->num_registers; r++) {
        const struct vf_register *reg = &layout->registers[r];
        if (reg->kind == VF_REGISTER_VERTEX_ID)
            plan->sv.vid[plan->sv.num_vid++] = r * 4;
        else if (reg->kind == VF_REGISTER_INSTANCE_ID)
            plan->sv.iid[plan->sv.num_iid++] = r * 4;
    }
    if (layout->system_register >= 0) {
        plan->sv.sys = layout->system_register * 4;
        plan->sv.sys_bits = layout->system_values;
    }
    return VF_OK;
}

/* The output must be non-NULL (unless nothing is written) and 16-byte
 * aligned, as kernels store whole registers. */
static vf_result check_output(const void *out, size_t out_size, size_t needed)
{
    if (out_size < needed)
        return VF_ERROR_OUTPUT_TOO_SMALL;
    if (needed == 0)
        return VF_OK;
    if (!out)
        return VF_ERROR_NULL_POINTER;
    if (((uintptr_t)out & 15u) != 0)
        return VF_ERROR_INVALID_ARGUMENT;
    return VF_OK;
}

/* ------------------------------------------------------------------------ */
/* Ranges                                                                   */
/* ------------------------------------------------------------------------ */

static const vf_vertex_buffer_view *bound_view(const vf_draw_desc *desc, uint32_t slot)
{
    if (slot >= desc->num_vertex_buffers || !desc->vertex_buffers[slot].data)
        return NULL; /* unbound: rules §5.3, §6 */
    return &desc->vertex_buffers[slot];
}

static void apply_mapping_run(const struct vf_element *e, uint8_t *dst, uint32_t count,
                              size_t record_size)
{
    if (e->identity_mapping)
        return;
    for (uint32_t v = 0; v < count; v++)
        vf_apply_mapping((uint32_t *)(void *)(dst + v * record_size), e->mapping, e->one);
}

/* Sorts the slots of a range into those read per vertex and those whose
 * registers are constant over it (per-instance and unbound slots), decoding
 * the constant ones once. */
static void range_init(struct vf_range *r, const struct vf_plan *plan, uint32_t instance)
{
    const struct vf_layout *layout = plan->layout;
    const vf_draw_desc *desc = plan->desc;

    r->plan = plan;
    r->instance = instance;
    r->num_vary = 0;
    r->num_const = 0;
    for (uint32_t si = 0; si < layout->num_slots; si++) {
        const struct vf_slot *slot = &layout->slots[si];
        const vf_vertex_buffer_view *vb = bound_view(desc, slot->slot);

        if (vb && slot->slot_class == VF_INPUT_PER_VERTEX_DATA) {
            struct vf_vary_slot *vs = &r->vary[r->num_vary++];
            vs->slot = slot;
            vs->data = vb->data;
            vs->size = vb->size_in_bytes;
            vs->stride = vb->stride_in_bytes;
            vs->span = 0;
            for (uint32_t f = 0; f < slot->num_fetch; f++) {
                const struct vf_element *e = &layout->elements[layout->fetch[slot->first_fetch + f]];
                if (e->offset + e->size > vs->span)
                    vs->span = e->offset + e->size;
            }
            continue;
        }

        /* Rules §4.1: per-instance element number; rate 0 never advances
         * but still starts at StartInstanceLocation. 32-bit wrapping. */
        uint32_t k = desc->start_instance_location;
        if (slot->step_rate != 0)
            k += instance / slot->step_rate;
        for (uint32_t f = 0; f < slot->num_fetch; f++) {
            const struct vf_element *e = &layout->elements[layout->fetch[slot->first_fetch + f]];
            struct vf_const_reg *c = &r->consts[r->num_const++];
            _Alignas(16) uint32_t reg[4] = { 0, 0, 0, 0 };
            c->word = (uint32_t)e->record_register * 4;
            if (vb) {
                /* Rules §4.1, §6: address mod 2^32, the whole element must
                 * lie inside the view (64-bit compare cannot wrap). */
                uint32_t addr = k * vb->stride_in_bytes + e->offset;
                const uint8_t *src = (uint64_t)addr + e->size <= vb->size_in_bytes
                                         ? (const uint8_t *)vb->data + addr
                                         : vf_zero_block;
                e->kernel.strided(src, 0, 1, reg, 16);
            }
            /* Unbound: 0,0,0,0 with no defaults (rules §6); the element's
             * mapping still routes those zeros, like any fetched value. */
            if (!e->identity_mapping)
                vf_apply_mapping(reg, e->mapping, e->one);
            memcpy(c->value, reg, sizeof(reg));
        }
    }
}

#define VF_INDICES_CUT 1        /* some position is a strip cut */
#define VF_INDICES_SEQUENTIAL 2 /* index[v] == index[0] + v, no cut */

/* Reads the raw indices of positions [pos, pos + n) of the draw (rules §5.1):
 * byte (StartIndexLocation + i) * size in 32-bit arithmetic; an index past
 * the view reads 0, which is an ordinary index, not a cut. Returns
 * VF_INDICES_* bits. */
static unsigned read_indices(const struct vf_plan *plan, uint32_t pos, uint32_t n,
                             uint32_t *index, uint8_t *cut)
{
    const uint8_t *data = plan->ib_data;
    uint32_t isz = plan->ib_index_size;
    uint32_t start = plan->desc->start_location + pos;

    if (!data) {
        memset(index, 0, n * sizeof(*index));
        return n == 1 ? VF_INDICES_SEQUENTIAL : 0;
    }
    if ((uint64_t)start + n <= UINT32_MAX && ((uint64_t)start + n) * isz <= plan->ib_size) {
        /* The whole batch is inside the view, addresses without wrapping:
         * plain loads the compiler can widen. */
        const uint8_t *p = data + (size_t)start * isz;
        if (isz == 2)
            for (uint32_t v = 0; v < n; v++)
                index[v] = vf_load_u16(p + 2 * (size_t)v);
        else
            for (uint32_t v = 0; v < n; v++)
                index[v] = vf_load_u32(p + 4 * (size_t)v);
    } else {
        for (uint32_t v = 0; v < n; v++) {
            uint32_t byte = (start + v) * isz;
            uint32_t value = 0;
            if ((uint64_t)byte + isz <= plan->ib_size)
                value = isz == 2 ? vf_load_u16(data + byte) : vf_load_u32(data + byte);
            index[v] = value;
        }
    }
    uint32_t breaks = 0;
    for (uint32_t v = 0; v < n; v++)
        breaks |= index[v] - index[0] - v; /* 0 only while sequential */
    unsigned flags = breaks == 0 ? VF_INDICES_SEQUENTIAL : 0;
    if (plan->cut_enabled) {
        uint8_t any = 0;
        for (uint32_t v = 0; v < n; v++) {
            cut[v] = index[v] == plan->cut_value;
            any |= cut[v];
        }
        if (any)
            flags = VF_INDICES_CUT;
    }
    return flags;
}

/* Strided decode of every element of a slot for `count` consecutive
 * vertices whose slot data starts at `src`. */
static void slot_strided(const struct vf_layout *layout, const struct vf_vary_slot *vs,
                         const uint8_t *src, uint32_t count, uint8_t *dst)
{
    const struct vf_slot *slot = vs->slot;
    size_t rs = layout->record_size;
    for (uint32_t f = 0; f < slot->num_fetch; f++) {
        const struct vf_element *e = &layout->elements[layout->fetch[slot->first_fetch + f]];
        uint8_t *d = dst + (size_t)e->record_register * 16;
        e->kernel.strided(src + e->offset, vs->stride, count, (uint32_t *)(void *)d, rs);
        apply_mapping_run(e, d, count, rs);
    }
}

/* Gather decode of every element of a slot for vertices [a, b) of a batch,
 * `base` holding each vertex's (uint32)(k * stride) and `whole` (NULL: all
 * set) whether its whole slot span is inside the view and it is not a cut.
 * `shared`: no vertex has part of its elements inside the view, so one
 * address per vertex serves every element at the element's offset (the
 * view, or zeros for the others). */
static void slot_gather(const struct vf_layout *layout, const struct vf_vary_slot *vs,
                        const uint32_t *base, const uint8_t *whole, const uint8_t *cut,
                        int shared, uint32_t a, uint32_t b, uint8_t *dst)
{
    const struct vf_slot *slot = vs->slot;
    size_t rs = layout->record_size;
    const uint8_t *src[VF_BATCH];
    if (shared) {
        if (whole == NULL)
            for (uint32_t v = a; v < b; v++)
                src[v - a] = vs->data + base[v];
        else
            for (uint32_t v = a; v < b; v++)
                src[v - a] = whole[v] ? vs->data + base[v] : vf_zero_span;
    }
    for (uint32_t f = 0; f < slot->num_fetch; f++) {
        const struct vf_element *e = &layout->elements[layout->fetch[slot->first_fetch + f]];
        size_t offset = e->offset;
        if (!shared) {
            for (uint32_t v = a; v < b; v++) {
                /* Rules §4.1, §6: (uint32)(k * stride + offset), whole
                 * element inside the view; cut positions fetch nothing. */
                uint32_t addr = base[v] + e->offset;
                int in = (uint64_t)addr + e->size <= vs->size && !(cut && cut[v]);
                src[v - a] = in ? vs->data + addr : vf_zero_block;
            }
            offset = 0;
        }
        uint8_t *d = dst + (size_t)a * rs + (size_t)e->record_register * 16;
        e->kernel.gather(src, offset, b - a, (uint32_t *)(void *)d, rs);
        apply_mapping_run(e, d, b - a, rs);
    }
}

/* Starts the cache miss of every vertex of a gathered batch whose slot span
 * is in the view (whole[v]; whole == NULL: every vertex). */
static void vf_prefetch_batch(const struct vf_vary_slot *vs, const uint32_t *base,
                              const uint8_t *whole, uint32_t n)
{
#if defined(__GNUC__)
    for (uint32_t v = 0; v < n; v++)
        if (whole == NULL || whole[v])
            __builtin_prefetch(vs->data + base[v]);
#else
    (void)vs, (void)base, (void)whole, (void)n;
#endif
}

/* Starts the cache misses of the slot bytes VF_PREFETCH_AHEAD past the
 * ones a strided batch is about to decode: [first, first + n * stride)
 * shifted by that distance and clipped to the view. The hardware
 * prefetchers alone lose the stream at some buffer alignments (a vertex
 * buffer 64 bytes into a page ran at 55% of the speed of a page-aligned one
 * on AMD Zen); a prefetch never faults, and none is issued past the view. */
static void prefetch_strided(const struct vf_vary_slot *vs, uint64_t first, uint32_t n)
{
#if defined(__GNUC__)
    uint64_t from = first + VF_PREFETCH_AHEAD;
    uint64_t to = from + (uint64_t)n * vs->stride;
    if (to > vs->size)
        to = vs->size;
    if (vs->stride <= 2 * VF_CACHE_LINE || vs->span >= vs->stride) {
        /* Dense: every line of the range. */
        for (uint64_t off = from & ~(uint64_t)(VF_CACHE_LINE - 1); off < to; off += VF_CACHE_LINE)
            __builtin_prefetch(vs->data + off);
    } else {
        /* Sparse: only the lines of each vertex's fetched span. */
        for (uint64_t v = from; v < to; v += vs->stride) {
            uint64_t end = v + vs->span < to ? v + vs->span : to;
            for (uint64_t off = v & ~(uint64_t)(VF_CACHE_LINE - 1); off < end; off += VF_CACHE_LINE)
                __builtin_prefetch(vs->data + off);
        }
    }
#else
    (void)vs, (void)first, (void)n;
#endif
}

/* Fetches one per-vertex slot for the n positions of a batch. `index` holds
 * the raw indices of an indexed draw, `iflags` its VF_INDICES_* bits. */
static void fetch_vary_slot(const struct vf_range *r, const struct vf_vary_slot *vs,
                            uint32_t pos, uint32_t n, const uint32_t *index, unsigned iflags,
                            const uint8_t *cut, uint8_t *dst)
{
    const struct vf_plan *plan = r->plan;
    const struct vf_layout *layout = plan->layout;
    uint32_t stride = vs->stride;
    uint32_t kbase = plan->indexed ? (uint32_t)plan->desc->base_vertex_location
                                   : plan->desc->start_location + pos;

    if (!plan->indexed || (iflags & VF_INDICES_SEQUENTIAL)) {
        /* Rules §4.1: k = StartVertexLocation + i (or BaseVertexLocation +
         * consecutive indices). When no k of the batch wraps and the last
         * vertex's whole slot span is inside the view, every element of
         * every vertex is in bounds at k * stride + offset without
         * wrapping: one strided call per element. */
        uint32_t k0 = plan->indexed ? kbase + index[0] : kbase;
        uint64_t klast = (uint64_t)k0 + (n - 1);
        if (klast <= UINT32_MAX && klast * stride + vs->span <= vs->size) {
            prefetch_strided(vs, (uint64_t)k0 * stride, n);
            slot_strided(layout, vs, vs->data + (size_t)k0 * stride, n, dst);
            return;
        }
    }

    uint32_t base[VF_BATCH];
    uint8_t whole[VF_BATCH]; /* every element of the slot in bounds, no wrap */
    /* A vertex's whole slot span is in the view when base <= last_base. */
    uint32_t last_base = vs->size >= vs->span ? vs->size - vs->span : 0;
    uint32_t outside = vs->size < vs->span;
    /* Rules §4.1, §5.1: BaseVertexLocation + index or StartVertexLocation
     * + i, both mod 2^32; then k * stride mod 2^32. Branch-free, so the
     * compiler may vectorize it. */
    if (plan->indexed)
        for (uint32_t v = 0; v < n; v++) {
            base[v] = (kbase + index[v]) * stride;
            outside |= base[v] > last_base;
        }
    else
        for (uint32_t v = 0; v < n; v++) {
            base[v] = (kbase + v) * stride;
            outside |= base[v] > last_base;
        }

    if (plan->indexed && !(iflags & VF_INDICES_SEQUENTIAL) && !outside && !cut) {
        /* The common indexed batch: scattered, every vertex inside. Start
         * every vertex's cache miss before the kernels wait on the first. */
        vf_prefetch_batch(vs, base, NULL, n);
        slot_gather(layout, vs, base, NULL, NULL, 1, 0, n, dst);
        return;
    }

    /* A vertex is partly inside when some of its elements may be: its
     * span starts in the view, or may wrap around 2^32 into it. */
    uint32_t partial = 0;
    for (uint32_t v = 0; v < n; v++) {
        int is_cut = cut && cut[v];
        whole[v] = (uint64_t)base[v] + vs->span <= vs->size && !is_cut;
        partial |= !whole[v] && !is_cut &&
                   (base[v] < vs->size || base[v] > UINT32_MAX - VF_MAX_ELEMENT_END);
    }
    if (plan->indexed && !(iflags & VF_INDICES_SEQUENTIAL)) {
        /* Scattered indices rarely form runs worth finding. They are
         * latency-bound: start every vertex's cache miss before the
         * kernels wait on the first one. */
        vf_prefetch_batch(vs, base, whole, n);
        slot_gather(layout, vs, base, whole, cut, !partial, 0, n, dst);
        return;
    }

    /* Runs of vertices whose slot data follow each other at `stride` go to
     * the strided kernels, the rest to gather. */
    uint32_t gather_from = 0;
    uint32_t v = 0;
    while (v < n) {
        if (!whole[v]) {
            v++;
            continue;
        }
        uint32_t end = v + 1;
        while (end < n && whole[end] && (uint64_t)base[end - 1] + stride == base[end])
            end++;
        if (end - v >= VF_RUN_MIN) {
            if (gather_from < v)
                slot_gather(layout, vs, base, whole, cut, !partial, gather_from, v, dst);
            slot_strided(layout, vs, vs->data + base[v], end - v,
                         dst + (size_t)v * layout->record_size);
            gather_from = end;
        }
        v = end;
    }
    if (gather_from < n)
        slot_gather(layout, vs, base, whole, cut, !partial, gather_from, n, dst);
}

/* The registers that hold one value for the whole range (per-instance
 * elements, unbound slots) into n AoS records. */
static void broadcast_consts(const struct vf_range *r, uint32_t n, uint8_t *dst)
{
    size_t rs = r->plan->layout->record_size;
    for (uint32_t c = 0; c < r->num_const; c++) {
        const struct vf_const_reg *cr = &r->consts[c];
        uint8_t *d = dst + (size_t)cr->word * 4;
        for (uint32_t v = 0; v < n; v++)
            memcpy(d + v * rs, cr->value, 16);
    }
}

/* Turns n AoS records of another instance (no strip cuts) into the range's
 * instance: everything but the per-instance registers and SV_InstanceID is
 * the same for every instance. */
static void retarget_instance(const struct vf_range *r, uint32_t n, uint8_t *dst)
{
    const struct vf_sv_regs *sv = &r->plan->sv;
    size_t rs = r->plan->layout->record_size;
    broadcast_consts(r, n, dst);
    if (sv->num_iid == 0 && !(sv->sys >= 0 && (sv->sys_bits & VF_SV_INSTANCE_ID)))
        return;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t *rec = (uint32_t *)(void *)(dst + v * rs);
        for (uint32_t i = 0; i < sv->num_iid; i++)
            rec[sv->iid[i]] = r->instance;
        if (sv->sys >= 0 && (sv->sys_bits & VF_SV_INSTANCE_ID))
            rec[sv->sys + 1] = r->instance;
    }
}

/* Writes the complete AoS records of positions [pos, pos + n) of the
 * range's instance at dst (n <= VF_BATCH). */
static void fetch_batch(const struct vf_range *r, uint32_t pos, uint32_t n, uint8_t *dst)
{
    const struct vf_plan *plan = r->plan;
    const struct vf_sv_regs *sv = &plan->sv;
    size_t rs = plan->layout->record_size;
    uint32_t index[VF_BATCH];
    uint8_t cut_mask[VF_BATCH];
    const uint8_t *cut = NULL;
    unsigned iflags = 0;

    if (plan->indexed) {
        iflags = read_indices(plan, pos, n, index, cut_mask);
        if (iflags & VF_INDICES_CUT)
            cut = cut_mask;
    }

    for (uint32_t s = 0; s < r->num_vary; s++)
        fetch_vary_slot(r, &r->vary[s], pos, n, index, iflags, cut, dst);

    broadcast_consts(r, n, dst);

    /* Rules §4.2: SV_VertexID is i (DrawInstanced) or the raw index
     * (indexed), SV_InstanceID is j; neither includes a start or base. */
    uint32_t iid = r->instance;
    if (sv->num_vid || sv->num_iid || sv->sys >= 0) {
        uint32_t sys_vid_mask = sv->sys_bits & VF_SV_VERTEX_ID ? UINT32_MAX : 0;
        uint32_t sys_iid = sv->sys_bits & VF_SV_INSTANCE_ID ? iid : 0;
        for (uint32_t v = 0; v < n; v++) {
            uint32_t *rec = (uint32_t *)(void *)(dst + v * rs);
            uint32_t vid = plan->indexed ? index[v] : pos + v;
            for (uint32_t i = 0; i < sv->num_vid; i++) {
                uint32_t *w = rec + sv->vid[i];
                w[0] = vid;
                w[1] = w[2] = w[3] = 0;
            }
            for (uint32_t i = 0; i < sv->num_iid; i++) {
                uint32_t *w = rec + sv->iid[i];
                w[0] = iid;
                w[1] = w[2] = w[3] = 0;
            }
            if (sv->sys >= 0) {
                uint32_t *w = rec + sv->sys;
                w[0] = vid & sys_vid_mask;
                w[1] = sys_iid;
                w[2] = w[3] = 0;
            }
        }
    }

    /* Rules §5.2: a cut position produces no vertex: all zero, flagged. */
    if (cut) {
        for (uint32_t v = 0; v < n; v++) {
            if (!cut[v])
                continue;
            uint8_t *rec = dst + v * rs;
            memset(rec, 0, rs);
            if (sv->sys >= 0 && (sv->sys_bits & VF_SV_FLAGS)) {
                uint32_t flag = VF_FLAG_STRIP_CUT;
                memcpy(rec + (size_t)sv->sys * 4 + 8, &flag, 4);
            }
        }
    }
}

/* Word-major so the output is written in order; the staged records are in
 * L1. Lanes [0, valid) of a batch of `lanes`. */
static void transpose_words(const uint8_t *stage, size_t rs, uint32_t words, uint32_t valid,
                            uint32_t lanes, uint32_t *o)
{
    for (uint32_t w = 0; w < words; w++)
        for (uint32_t l = 0; l < valid; l++)
            o[w * lanes + l] = *(const uint32_t *)(const void *)(stage + l * rs + (size_t)w * 4);
}

void vf_soa_transpose_scalar(const uint8_t *stage, size_t rs, uint32_t num_registers,
                             uint32_t lanes, uint8_t *out, int stream)
{
    (void)stream; /* plain stores: nothing streams without a stream copy */
    transpose_words(stage, rs, num_registers * 4, lanes, lanes, (uint32_t *)(void *)out);
}

/* One SoA batch from `valid` staged AoS records; lanes past them are zero
 * and, when the flags word is requested, marked inactive. */
static void transpose_batch(const struct vf_plan *plan, const uint8_t *stage, uint32_t valid,
                            uint8_t *out)
{
    const struct vf_layout *layout = plan->layout;
    uint32_t lanes = plan->lanes;
    uint32_t words = layout->num_registers * 4;
    uint32_t *o = (uint32_t *)(void *)out;

    if (valid == lanes) {
        layout->soa_transpose(stage, layout->record_size, layout->num_registers, lanes, out,
                              plan->stream);
        return;
    }
    transpose_words(stage, layout->record_size, words, valid, lanes, o);
    for (uint32_t w = 0; w < words; w++)
        for (uint32_t l = valid; l < lanes; l++)
            o[w * lanes + l] = 0;
    if (plan->sv.sys >= 0 && (plan->sv.sys_bits & VF_SV_FLAGS)) {
        uint32_t w = (uint32_t)plan->sv.sys + 2;
        for (uint32_t l = valid; l < lanes; l++)
            o[w * lanes + l] = VF_FLAG_INACTIVE;
    }
}

/* Positions [first, first + count) of one instance into `out`, in the
 * layout's output shape (SoA: `first` is a multiple of the lane count). */
static void run_range(const struct vf_plan *plan, uint32_t instance, uint32_t first,
                      uint32_t count, uint8_t *out)
{
    size_t rs = plan->layout->record_size;
    if (count == 0 || rs == 0)
        return;

    struct vf_range r;
    range_init(&r, plan, instance);

    if (plan->lanes == 1 && !plan->stream) {
        for (uint32_t done = 0; done < count;) {
            uint32_t n = count - done < VF_BATCH ? count - done : VF_BATCH;
            fetch_batch(&r, first + done, n, out + (size_t)done * rs);
            done += n;
        }
        return;
    }

    _Alignas(16) uint8_t stage[VF_SOA_STAGE];
    uint32_t lanes = plan->lanes;
    uint32_t step = (uint32_t)(VF_SOA_STAGE / rs);
    if (step > VF_BATCH)
        step = VF_BATCH;
    step -= step % lanes;
    for (uint32_t done = 0; done < count;) {
        uint32_t n = count - done < step ? count - done : step;
        fetch_batch(&r, first + done, n, stage);
        if (lanes == 1) {
            plan->layout->stream_copy(out, stage, (size_t)n * rs);
            out += (size_t)n * rs;
        } else {
            for (uint32_t b = 0; b < n; b += lanes) {
                uint32_t valid = n - b < lanes ? n - b : lanes;
                transpose_batch(plan, stage + (size_t)b * rs, valid, out);
                out += plan->unit_bytes;
            }
        }
        done += n;
    }
    /* Non-temporal stores are weakly ordered: make them visible before the
     * range is reported done (to the caller or the pool's join). */
    if (plan->stream)
        plan->layout->stream_fence();
}

/* Instances [j, j + count) of a draw of at most VF_BATCH AoS records per
 * instance, without strip cuts: the first is fetched, every other one is
 * the one before with its per-instance registers and SV_InstanceID
 * rewritten (a small mesh drawn many times decodes its vertices once). */
static void run_instances(const struct vf_plan *plan, uint32_t j, uint64_t count, uint8_t *out)
{
    uint32_t n = plan->vertex_count;
    size_t bytes = (size_t)n * plan->layout->record_size;
    struct vf_range r;
    range_init(&r, plan, j);
    if (!plan->stream) {
        /* The previous instance's records are still in cache. */
        fetch_batch(&r, 0, n, out);
        for (uint64_t i = 1; i < count; i++) {
            memcpy(out + bytes, out, bytes);
            out += bytes;
            range_init(&r, plan, j + (uint32_t)i);
            retarget_instance(&r, n, out);
        }
        return;
    }
    _Alignas(16) uint8_t stage[VF_SOA_STAGE];
    fetch_batch(&r, 0, n, stage);
    plan->layout->stream_copy(out, stage, bytes);
    for (uint64_t i = 1; i < count; i++) {
        out += bytes;
        range_init(&r, plan, j + (uint32_t)i);
        retarget_instance(&r, n, stage);
        plan->layout->stream_copy(out, stage, bytes);
    }
    plan->layout->stream_fence(); /* as in run_range */
}

/* Units [u, end) of the whole draw, numbered instance-major, into out,
 * which points at unit u. */
static void run_units(const struct vf_plan *plan, uint64_t u, uint64_t end, uint8_t *out)
{
    uint64_t per = plan->units_per_instance;
    int reuse = plan->lanes == 1 && !plan->cut_enabled && plan->vertex_count > 0 &&
                plan->layout->record_size > 0 &&
                plan->vertex_count <= VF_BATCH &&
                (size_t)plan->vertex_count * plan->layout->record_size <= VF_SOA_STAGE;
    while (u < end) {
        if (reuse && u % per == 0 && end - u >= 2 * per) {
            uint64_t whole = (end - u) / per;
            run_instances(plan, (uint32_t)(u / per), whole, out);
            out += whole * per * plan->unit_bytes;
            u += whole * per;
            continue;
        }
        uint32_t j = (uint32_t)(u / per);
        uint32_t b = (uint32_t)(u % per);
        uint64_t nu = end - u < per - b ? end - u : per - b;
        uint32_t first = b * plan->lanes;
        uint64_t count = nu * plan->lanes;
        if (count > plan->vertex_count - first)
            count = plan->vertex_count - first;
        run_range(plan, j, first, (uint32_t)count, out);
        out += nu * plan->unit_bytes;
        u += nu;
    }
}

/* ------------------------------------------------------------------------ */
/* Threads                                                                   */
/* ------------------------------------------------------------------------ */

struct vf_draw_job {
    const struct vf_plan *plan;
    uint8_t *out;
    uint64_t total_units;
    uint64_t chunk_units;
    uint64_t num_chunks;
    atomic_uint_fast64_t next;
};

static void draw_job_run(void *arg)
{
    struct vf_draw_job *job = arg;
    for (;;) {
        uint64_t c = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
        if (c >= job->num_chunks)
            break;
        uint64_t u = c * job->chunk_units;
        uint64_t end = u + job->chunk_units < job->total_units ? u + job->chunk_units
                                                               : job->total_units;
        run_units(job->plan, u, end, job->out + u * job->plan->unit_bytes);
    }
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                              */
/* ------------------------------------------------------------------------ */

vf_result vf_draw(const vf_layout *layout, const vf_draw_desc *desc, void *out, size_t out_size)
{
    struct vf_plan plan;
    vf_result res = plan_draw(layout, desc, &plan);
    if (res != VF_OK)
        return res;
    uint64_t total = (uint64_t)plan.units_per_instance * plan.instance_count;
    size_t needed;
    res = bytes_for_units(plan.unit_bytes, total, &needed);
    if (res != VF_OK)
        return res;
    res = check_output(out, out_size, needed);
    if (res != VF_OK || needed == 0)
        return res;
    /* Streaming needs the ISA's non-temporal copy; without one (scalar,
     * NEON) the draw is written with plain stores. */
    plan.stream = needed >= VF_STREAM_MIN_BYTES && layout->stream_copy != NULL;

    if (desc->pool && needed >= vf_thread_pool_min_bytes(desc->pool)) {
        uint64_t participants = (uint64_t)vf_thread_pool_size(desc->pool) + 1;
        struct vf_draw_job job;
        job.plan = &plan;
        job.out = out;
        job.total_units = total;
        /* Chunks of whole SoA batches, small enough that every thread gets
         * several, large enough to keep the shared counter cold. */
        job.chunk_units = VF_CHUNK_POSITIONS / plan.lanes;
        uint64_t fair = (total + participants * 4 - 1) / (participants * 4);
        if (job.chunk_units > fair)
            job.chunk_units = fair;
        if (job.chunk_units == 0)
            job.chunk_units = 1;
        job.num_chunks = (total + job.chunk_units - 1) / job.chunk_units;
        atomic_init(&job.next, 0);
        if (job.num_chunks > 1) {
            vf_thread_pool_run(desc->pool, draw_job_run, &job);
            return VF_OK;
        }
    }
    run_units(&plan, 0, total, out);
    return VF_OK;
}

vf_result vf_fetch_range(const vf_layout *layout, const vf_draw_desc *desc, uint32_t instance,
                         uint32_t first, uint32_t count, void *out, size_t out_size)
{
    struct vf_plan plan;
    vf_result res = plan_draw(layout, desc, &plan);
    if (res != VF_OK)
        return res;
    if (instance >= plan.instance_count || (uint64_t)first + count > plan.vertex_count ||
        first % plan.lanes != 0)
        return VF_ERROR_INVALID_RANGE;
    size_t needed;
    res = bytes_for_units(plan.unit_bytes, ((uint64_t)count + plan.lanes - 1) / plan.lanes,
                          &needed);
    if (res != VF_OK)
        return res;
    res = check_output(out, out_size, needed);
    if (res != VF_OK)
        return res;
    run_range(&plan, instance, first, count, out);
    return VF_OK;
}

vf_result vf_draw_instanced(const vf_layout *layout, const vf_vertex_buffer_view *vbs,
                            uint32_t num_vbs, uint32_t vertex_count_per_instance,
                            uint32_t instance_count, uint32_t start_vertex_location,
                            uint32_t start_instance_location, void *out, size_t out_size)
{
    vf_draw_desc desc;
    vf_draw_desc_init(&desc);
    desc.vertex_buffers = vbs;
    desc.num_vertex_buffers = num_vbs;
    desc.vertex_count_per_instance = vertex_count_per_instance;
    desc.instance_count = instance_count;
    desc.start_location = start_vertex_location;
    desc.start_instance_location = start_instance_location;
    return vf_draw(layout, &desc, out, out_size);
}

vf_result vf_draw_indexed_instanced(const vf_layout *layout, const vf_vertex_buffer_view *vbs,
                                    uint32_t num_vbs, const vf_index_buffer_view *ib,
                                    uint32_t strip_cut_value, uint32_t primitive_topology,
                                    uint32_t index_count_per_instance, uint32_t instance_count,
                                    uint32_t start_index_location, int32_t base_vertex_location,
                                    uint32_t start_instance_location, void *out,
                                    size_t out_size)
{
    vf_draw_desc desc;
    vf_draw_desc_init(&desc);
    desc.vertex_buffers = vbs;
    desc.num_vertex_buffers = num_vbs;
    desc.indexed = 1;
    desc.index_buffer = ib;
    desc.strip_cut_value = strip_cut_value;
    desc.primitive_topology = primitive_topology;
    desc.vertex_count_per_instance = index_count_per_instance;
    desc.instance_count = instance_count;
    desc.start_location = start_index_location;
    desc.base_vertex_location = base_vertex_location;
    desc.start_instance_location = start_instance_location;
    return vf_draw(layout, &desc, out, out_size);
}
