/*
 * draw.c - the draw entry points: validation of a draw description into a
 * plan (d3d-ia-rules.md §3.2, §3.3, §5), the output checks, and the split
 * of a draw over a thread pool.
 *
 * A plan holds everything the stages need, normalised out of the
 * description: no stage reads the description again. draw_output.c writes
 * the plan's units into the output; draw_fetch.c fetches each batch. AoS
 * draws whose output reaches VF_STREAM_MIN_BYTES are written with the
 * layout ISA's non-temporal stores, where it has them.
 */
#include "draw_internal.h"

#include <stdatomic.h>

/* Whole draws whose output reaches this size are written with
 * non-temporal stores: the output would not stay in cache anyway, and
 * skipping the read-for-ownership of every output line nearly halves the
 * memory traffic of a streaming draw. */
#define VF_STREAM_MIN_BYTES (8u << 20)
/* Positions a pool worker takes at a time (before fairness capping). */
#define VF_CHUNK_POSITIONS 4096u

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
    uint32_t lanes = layout->lanes; /* 1 for AoS */
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

/* The checks of the description's own fields. */
static vf_result check_desc(const vf_draw_desc *desc)
{
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
    return VF_OK;
}

/* The index buffer and strip cuts of an indexed draw into the plan. */
static vf_result plan_indices(const vf_draw_desc *desc, struct vf_plan *plan)
{
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
        /* Rules §5.2: a cut value that does not match the index format is
         * UNCONFIRMED; we follow the recommendation and reject it. */
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
    return VF_OK;
}

/* Rules §3.2, §3.3: strides of the slots the layout uses, where bound. */
static vf_result check_strides(const struct vf_layout *layout, const vf_draw_desc *desc)
{
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
    return VF_OK;
}

/* Each slot the layout fetches with the view bound to it: per-vertex slots
 * with a view are read per vertex, the others are constant over a range
 * (unbound: rules §5.3, §6). */
static void bind_slots(const struct vf_layout *layout, const vf_draw_desc *desc,
                       struct vf_plan *plan)
{
    for (uint32_t si = 0; si < layout->num_slots; si++) {
        const struct vf_slot *slot = &layout->slots[si];
        const vf_vertex_buffer_view *vb = NULL;
        if (slot->slot < desc->num_vertex_buffers && desc->vertex_buffers[slot->slot].data)
            vb = &desc->vertex_buffers[slot->slot];
        struct vf_slot_view *v = vb && slot->slot_class == VF_INPUT_PER_VERTEX_DATA
                                     ? &plan->vary[plan->num_vary++]
                                     : &plan->fixed[plan->num_fixed++];
        v->slot = slot;
        v->data = vb ? vb->data : NULL;
        v->size = vb ? vb->size_in_bytes : 0;
        v->stride = vb ? vb->stride_in_bytes : 0;
        v->span = slot->span;
    }
}

/* Checks everything about a draw except the output buffer, and fills the
 * plan. Nothing is written to the caller's memory. */
static vf_result plan_draw(const struct vf_layout *layout, const vf_draw_desc *desc,
                           struct vf_plan *plan)
{
    if (!layout || !desc)
        return VF_ERROR_NULL_POINTER;
    vf_result res = check_desc(desc);
    if (res != VF_OK)
        return res;

    /* bind_slots fills the view lists as far as they are used. */
    memset(plan, 0, offsetof(struct vf_plan, vary));
    plan->layout = layout;
    plan->vertex_count = desc->vertex_count_per_instance;
    plan->instance_count = desc->instance_count;
    plan->indexed = desc->indexed != 0;
    plan->start_location = desc->start_location;
    plan->base_vertex = (uint32_t)desc->base_vertex_location;
    plan->start_instance = desc->start_instance_location;
    if (plan->indexed && (res = plan_indices(desc, plan)) != VF_OK)
        return res;
    if ((res = check_strides(layout, desc)) != VF_OK)
        return res;
    unit_shape(layout, plan->vertex_count, &plan->lanes, &plan->units_per_instance,
               &plan->unit_bytes);
    bind_slots(layout, desc, plan);
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
        vf_run_units(job->plan, u, end, job->out + u * job->plan->unit_bytes);
    }
}

/* Splits a draw of `total` units over the pool's workers and the caller.
 * Returns 0, having done nothing, when the draw is a single chunk. */
static int run_on_pool(vf_thread_pool *pool, const struct vf_plan *plan, uint64_t total,
                       uint8_t *out)
{
    uint64_t participants = (uint64_t)vf_thread_pool_size(pool) + 1;
    struct vf_draw_job job;
    job.plan = plan;
    job.out = out;
    job.total_units = total;
    /* Chunks of whole SoA batches, small enough that every thread gets
     * several, large enough to keep the shared counter cold. */
    job.chunk_units = VF_CHUNK_POSITIONS / plan->lanes;
    uint64_t fair = (total + participants * 4 - 1) / (participants * 4);
    if (job.chunk_units > fair)
        job.chunk_units = fair;
    if (job.chunk_units == 0)
        job.chunk_units = 1;
    job.num_chunks = (total + job.chunk_units - 1) / job.chunk_units;
    atomic_init(&job.next, 0);
    if (job.num_chunks <= 1)
        return 0;
    vf_thread_pool_run(pool, draw_job_run, &job);
    return 1;
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
    plan.stream = needed >= VF_STREAM_MIN_BYTES && layout->impl->stream_copy != NULL;

    if (desc->pool && needed >= vf_thread_pool_min_bytes(desc->pool) &&
        run_on_pool(desc->pool, &plan, total, out))
        return VF_OK;
    vf_run_units(&plan, 0, total, out);
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
    vf_run_range(&plan, instance, first, count, out);
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
