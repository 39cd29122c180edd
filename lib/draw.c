/*
 * draw.c - the draw entry points: a checked draw description into a plan
 * (the checks are draw_check.c's), and the split of a draw over a thread
 * pool.
 *
 * A plan holds everything the stages need, normalised out of the
 * description: no stage reads the description again. draw_output.c writes
 * the plan's units into the output; draw_fetch.c fetches each batch. AoS
 * draws whose output reaches VF_STREAM_MIN_BYTES are written with the
 * layout ISA's non-temporal stores, where it has them.
 */
#include "draw_plan.h"

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

/* Units (records or SoA batches) per instance and bytes per unit. */
static void unit_shape(const struct vf_layout *layout, uint32_t vertex_count, uint32_t *lanes_ret,
                       uint32_t *units_ret, size_t *unit_bytes_ret)
{
    uint32_t lanes = layout->lanes; /* 1 for AoS */
    *lanes_ret = lanes;
    /* AoS without the division: it is on the path of every draw. */
    *units_ret = lanes == 1 ? vertex_count
                            : (uint32_t)(((uint64_t)vertex_count + lanes - 1) / lanes);
    *unit_bytes_ret = layout->record_size * lanes;
}

static vf_result bytes_for_units(size_t unit_bytes, uint64_t units, size_t *size_ret)
{
    /* Both factors below 2^32 cannot overflow a 64-bit size_t: every draw
     * passes here, and the division is only for the rest. */
    int fits = SIZE_MAX >= UINT64_MAX && (((uint64_t)unit_bytes | units) >> 32) == 0;
    if (!fits && unit_bytes != 0 && units > SIZE_MAX / unit_bytes)
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

/* The index buffer and strip cuts of a checked indexed draw into the
 * plan; index_size is 0 when the draw reads no index data. */
static void plan_indices(const vf_draw_desc *desc, uint32_t index_size, struct vf_plan *plan)
{
    if (index_size == 0)
        return;
    plan->ib_index_size = index_size;
    plan->ib_data = desc->index_buffer->data;
    plan->ib_size = desc->index_buffer->size_in_bytes;
    /* Rules §5.2: D3D12 cuts only in strip topologies; in lists the cut
     * value is an ordinary index. With no index buffer every index is 0,
     * which is never a cut value. */
    plan->cut_value = vf_draw_cut_value(desc);
    plan->cut_enabled = plan->cut_value != 0;
}

/* Each slot the layout fetches with the view bound to it: per-vertex slots
 * with a view are read per vertex, the others are constant over a range
 * (unbound: rules §5.3, §6). */
void vf_plan_bind(struct vf_plan *plan, const vf_vertex_buffer_view *vbs, uint32_t num_vbs)
{
    const struct vf_layout *layout = plan->layout;
    plan->num_vary = 0;
    plan->num_fixed = 0;
    for (uint32_t si = 0; si < layout->num_slots; si++) {
        const struct vf_slot *slot = &layout->slots[si];
        const vf_vertex_buffer_view *vb = NULL;
        if (slot->slot < num_vbs && vbs[slot->slot].data)
            vb = &vbs[slot->slot];
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

void vf_plan_set_counts(struct vf_plan *plan, uint32_t vertex_count, uint32_t instance_count,
                        uint32_t start_location, int32_t base_vertex_location,
                        uint32_t start_instance_location)
{
    plan->vertex_count = vertex_count;
    plan->instance_count = instance_count;
    plan->start_location = start_location;
    plan->base_vertex = (uint32_t)base_vertex_location;
    plan->start_instance = start_instance_location;
    unit_shape(plan->layout, vertex_count, &plan->lanes, &plan->units_per_instance,
               &plan->unit_bytes);
}

/* Checks everything about a draw except the output buffer (draw_check.c),
 * and fills the plan of a valid one. Nothing is written to the caller's
 * memory. */
static vf_result plan_draw(struct vf_draw_diag *ctx, const struct vf_layout *layout,
                           const vf_draw_desc *desc, struct vf_plan *plan)
{
    if (!vf_check_draw_desc(ctx, layout, desc))
        return ctx->first_error;
    uint32_t index_size = 0;
    if (desc->indexed == 1)
        vf_check_index_buffer(ctx, desc, &index_size);
    vf_check_vertex_buffers(ctx, layout, desc);
    if (ctx->first_error != VF_OK)
        return ctx->first_error;
    vf_plan_fill(layout, desc, index_size, plan);
    return VF_OK;
}

void vf_plan_fill(const struct vf_layout *layout, const vf_draw_desc *desc, uint32_t index_size,
                  struct vf_plan *plan)
{
    /* Field by field, not a memset of the head: a memset of that size
     * compiles to `rep stos`, whose start-up alone was a tenth of a
     * three-vertex draw. vf_plan_bind fills the view lists as far as they
     * are used. */
    plan->layout = layout;
    plan->indexed = desc->indexed != 0;
    plan->ib_data = NULL;
    plan->ib_size = 0;
    plan->ib_index_size = 0;
    plan->ib_addr64 = 0;
    plan->ib_words = NULL;
    plan->cut_enabled = 0;
    plan->cut_value = 0;
    plan->stream = 0;
    plan_indices(desc, index_size, plan);
    vf_plan_set_counts(plan, desc->vertex_count_per_instance, desc->instance_count,
                       desc->start_location, desc->base_vertex_location,
                       desc->start_instance_location);
    vf_plan_bind(plan, desc->vertex_buffers, desc->num_vertex_buffers);
}

/* The bytes of `units` units, with the overflow reported. */
static vf_result output_bytes(struct vf_draw_diag *ctx, const struct vf_plan *plan,
                              uint64_t units, size_t *needed_ret)
{
    vf_result res = bytes_for_units(plan->unit_bytes, units, needed_ret);
    if (res != VF_OK)
        vf_check_output_overflow(ctx, units, plan->unit_bytes);
    return res;
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

/* A checked draw into `out`, on the pool where it pays. */
static void run_draw(const vf_draw_desc *desc, struct vf_plan *plan, uint64_t total,
                     size_t needed, void *out)
{
    /* Streaming needs the ISA's non-temporal copy; without one (scalar,
     * NEON) the draw is written with plain stores. */
    plan->stream = (needed >= VF_STREAM_MIN_BYTES || plan->layout->stream_always) &&
                   plan->layout->impl->stream_copy != NULL;
    if (desc->pool && needed >= vf_thread_pool_min_bytes(desc->pool) &&
        run_on_pool(desc->pool, plan, total, out))
        return;
    vf_run_units(plan, 0, total, out);
}

vf_result vf_draw_ex(const vf_layout *layout, const vf_draw_desc *desc, void *out,
                     size_t out_size, vf_diagnostics *diagnostics)
{
    struct vf_draw_diag ctx;
    vf_draw_diag_begin(&ctx, diagnostics);
    struct vf_plan plan;
    vf_result res = plan_draw(&ctx, layout, desc, &plan);
    if (res != VF_OK)
        return res;
    uint64_t total = (uint64_t)plan.units_per_instance * plan.instance_count;
    size_t needed;
    if ((res = output_bytes(&ctx, &plan, total, &needed)) != VF_OK)
        return res;
    vf_check_output(&ctx, out, out_size, needed, 1);
    if (ctx.first_error != VF_OK || needed == 0)
        return ctx.first_error;
    run_draw(desc, &plan, total, needed, out);
    return VF_OK;
}

vf_result vf_draw(const vf_layout *layout, const vf_draw_desc *desc, void *out, size_t out_size)
{
    return vf_draw_ex(layout, desc, out, out_size, NULL);
}

vf_result vf_draw_check(const vf_layout *layout, const vf_draw_desc *desc, size_t out_size,
                        vf_diagnostics *diagnostics)
{
    struct vf_draw_diag ctx;
    vf_draw_diag_begin(&ctx, diagnostics);
    struct vf_plan plan;
    vf_result res = plan_draw(&ctx, layout, desc, &plan);
    if (res != VF_OK || out_size == 0)
        return res;
    uint64_t total = (uint64_t)plan.units_per_instance * plan.instance_count;
    size_t needed;
    if ((res = output_bytes(&ctx, &plan, total, &needed)) != VF_OK)
        return res;
    vf_check_output(&ctx, NULL, out_size, needed, 0);
    return ctx.first_error;
}

vf_result vf_draw_check_append(const vf_layout *layout, const vf_draw_desc *desc,
                               vf_diagnostics *out, const char *prefix)
{
    struct vf_draw_diag ctx = { out, VF_OK, 0, prefix };
    struct vf_plan plan;
    return plan_draw(&ctx, layout, desc, &plan);
}

vf_result vf_fetch_range_ex(const vf_layout *layout, const vf_draw_desc *desc, uint32_t instance,
                            uint32_t first, uint32_t count, void *out, size_t out_size,
                            vf_diagnostics *diagnostics)
{
    struct vf_draw_diag ctx;
    vf_draw_diag_begin(&ctx, diagnostics);
    struct vf_plan plan;
    vf_result res = plan_draw(&ctx, layout, desc, &plan);
    if (res != VF_OK)
        return res;
    vf_check_range(&ctx, &plan, instance, first, count);
    if (ctx.first_error != VF_OK)
        return ctx.first_error;
    size_t needed;
    if ((res = output_bytes(&ctx, &plan, ((uint64_t)count + plan.lanes - 1) / plan.lanes,
                            &needed)) != VF_OK)
        return res;
    vf_check_output(&ctx, out, out_size, needed, 1);
    if (ctx.first_error != VF_OK)
        return ctx.first_error;
    vf_run_range(&plan, instance, first, count, out);
    return VF_OK;
}

vf_result vf_fetch_range(const vf_layout *layout, const vf_draw_desc *desc, uint32_t instance,
                         uint32_t first, uint32_t count, void *out, size_t out_size)
{
    return vf_fetch_range_ex(layout, desc, instance, first, count, out, out_size, NULL);
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

/* ------------------------------------------------------------------------ */
/* Hooks of draw_reuse.c                                                    */
/* ------------------------------------------------------------------------ */

/* vf_draw's checks and run, for the plan of distinct vertices draw_reuse.c
 * builds from a checked draw; codes only, no diagnostics. */
vf_result vf_plan_draw(const struct vf_layout *layout, const vf_draw_desc *desc,
                       struct vf_plan *plan)
{
    struct vf_draw_diag ctx;
    vf_draw_diag_begin(&ctx, NULL);
    return plan_draw(&ctx, layout, desc, plan);
}

vf_result vf_plan_check_output(const struct vf_plan *plan, const void *out, size_t out_size,
                               size_t *needed_ret)
{
    struct vf_draw_diag ctx;
    vf_draw_diag_begin(&ctx, NULL);
    uint64_t total = (uint64_t)plan->units_per_instance * plan->instance_count;
    vf_result res = output_bytes(&ctx, plan, total, needed_ret);
    if (res != VF_OK)
        return res;
    vf_check_output(&ctx, out, out_size, *needed_ret, 1);
    return ctx.first_error;
}

vf_result vf_plan_run(struct vf_plan *plan, const vf_draw_desc *desc, void *out, size_t out_size)
{
    size_t needed;
    vf_result res = vf_plan_check_output(plan, out, out_size, &needed);
    if (res != VF_OK || needed == 0)
        return res;
    run_draw(desc, plan, (uint64_t)plan->units_per_instance * plan->instance_count, needed, out);
    return VF_OK;
}
