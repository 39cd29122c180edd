/*
 * draw_output.c - units of a draw into the caller's output, in the
 * layout's shape, through the output helpers of the layout's ISA.
 *
 * AoS records are written in place, batch by batch, or staged on the stack
 * and copied with the ISA's non-temporal stores when the draw streams. SoA
 * batches come straight from the layout's generated SoA kernels where it
 * has them (one slot filling the records, not streamed), else are staged
 * as AoS records and transposed: whole batches by the ISA's transpose, a
 * last partial batch here. A small mesh drawn many
 * times is fetched once; its later instances rewrite only their
 * per-instance registers. Nothing here allocates.
 */
#include "draw_plan.h"

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
        const struct vf_isa_impl *impl = layout->impl;
        vf_soa_transpose_fn transpose = lanes < impl->transpose_lanes ? impl->soa_transpose_narrow
                                                                      : impl->soa_transpose;
        transpose(stage, layout->record_size, layout->num_registers, lanes, out, plan->stream);
        return;
    }
    transpose_words(stage, layout->record_size, words, valid, lanes, o);
    for (uint32_t w = 0; w < words; w++)
        for (uint32_t l = valid; l < lanes; l++)
            o[w * lanes + l] = 0;
    if (layout->sv.sys >= 0 && (layout->sv.sys_bits & VF_SV_FLAGS)) {
        uint32_t w = (uint32_t)layout->sv.sys + 2;
        for (uint32_t l = valid; l < lanes; l++)
            o[w * lanes + l] = VF_FLAG_INACTIVE;
    }
}

/* Non-temporal stores are weakly ordered: make them visible before the
 * range is reported done (to the caller or the pool's join). */
static void end_stream(const struct vf_plan *plan)
{
    if (plan->stream)
        plan->layout->impl->stream_fence();
}

/* Starts the address translation of every 4 KiB page of the `bytes` of
 * output at `out` that the next batch will stream, while this batch is
 * decoded, where the layout's CPU gains by it (vf_cpu_touch_pages). A
 * non-temporal store that misses the TLB waits for its page walk, and
 * streams of them wrote at half the speed on AMD Zen 5 under a hypervisor
 * (bench/README.md, "Streamed stores and the page walk"); a prefetch of
 * one line per page walks it early. A prefetch never faults. */
static void touch_pages(const struct vf_plan *plan, const uint8_t *out, size_t bytes)
{
    if (plan->layout->touch_pages)
        vf_prefetch_pages(out, bytes);
}

/* The output bytes of n staged positions (whole SoA batches). */
static size_t stage_bytes(const struct vf_plan *plan, uint32_t n)
{
    if (plan->lanes == 1)
        return (size_t)n * plan->layout->record_size;
    return (size_t)((n + plan->lanes - 1) / plan->lanes) * plan->unit_bytes;
}

/* Positions [first, first + count) through the staging buffer: streamed
 * AoS records, or SoA batches. */
static void run_staged(const struct vf_range *r, uint32_t first, uint32_t count, uint8_t *out)
{
    const struct vf_plan *plan = r->plan;
    const struct vf_layout *layout = plan->layout;
    size_t rs = layout->record_size;
    uint32_t lanes = plan->lanes;
    _Alignas(16) uint8_t stage[VF_STAGE_BYTES];
    /* Positions per fill of the staging buffer: whole batches of lanes. */
    uint32_t fill = (uint32_t)(VF_STAGE_BYTES / rs);
    if (fill > VF_STAGE_BATCH)
        fill = VF_STAGE_BATCH;
    fill -= fill % lanes;
    if (plan->stream)
        touch_pages(plan, out, stage_bytes(plan, count < fill ? count : fill));
    for (uint32_t done = 0; done < count;) {
        uint32_t n = count - done < fill ? count - done : fill;
        uint32_t left = count - done - n;
        if (plan->stream)
            touch_pages(plan, out + stage_bytes(plan, n),
                        stage_bytes(plan, left < fill ? left : fill));
        vf_fetch_batch(r, first + done, n, stage);
        if (lanes == 1) {
            layout->impl->stream_copy(out, stage, (size_t)n * rs);
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
    end_stream(plan);
}

/* The SoA kernels that can write the plan's batches: the layout's, for one
 * per-vertex slot filling the records, nothing per instance and no strip
 * cut; for a streamed draw their non-temporal twin where it has one (its
 * stores are whole lines) and out is 64-byte aligned (every batch then
 * is), else the plain ones through the staging buffer (run_soa_direct).
 * NULL: none. */
static const struct vf_slot *soa_direct(const struct vf_plan *plan, const uint8_t *out)
{
    const struct vf_jit_state *j = &plan->layout->jit;
    if (plan->lanes == 1 || plan->num_vary != 1 || plan->num_fixed != 0 || plan->cut_enabled ||
        j->soa_slot.jit_strided == NULL)
        return NULL;
    if (plan->stream && ((uintptr_t)out & 63) == 0 && j->soa_stream_slot.jit_strided)
        return &j->soa_stream_slot;
    return &j->soa_slot;
}

/* The n positions from `first` by the SoA kernels `soa` into a staging
 * buffer, then streamed to out; 0 when they cannot take them. Out of line:
 * its buffer is gone when the caller stages the batches instead. */
static VF_NOINLINE int soa_copied(const struct vf_range *r, const struct vf_slot *soa,
                                      uint32_t first, uint32_t n, uint8_t *out)
{
    _Alignas(64) uint8_t stage[VF_STAGE_BYTES];
    if (!vf_fetch_batch_soa(r, soa, first, n, stage))
        return 0;
    r->plan->layout->impl->stream_copy(out, stage, stage_bytes(r->plan, n));
    return 1;
}

/* Positions [first, first + count) as SoA batches written by the SoA
 * kernels `soa` without transposing: straight into out, VF_BATCH
 * positions a call, or for a streamed draw without non-temporal kernels
 * into the staging buffer and copied out with non-temporal stores (16
 * lanes write half lines, and streams of those ran at 0.77x the staged
 * transpose on AMD family 26 model 2). A call they cannot take (a vertex
 * outside the view), and a last partial batch, is staged and transposed. */
static void run_soa_direct(const struct vf_range *r, const struct vf_slot *soa, uint32_t first,
                           uint32_t count, uint8_t *out)
{
    const struct vf_plan *plan = r->plan;
    uint32_t lanes = plan->lanes, most = VF_BATCH;
    int copy = plan->stream && soa == &plan->layout->jit.soa_slot;
    if (copy && VF_STAGE_BYTES / plan->unit_bytes * lanes < most)
        most = (uint32_t)(VF_STAGE_BYTES / plan->unit_bytes) * lanes;
    if (plan->stream)
        touch_pages(plan, out, stage_bytes(plan, count < most ? count : most));
    while (count > 0) {
        /* whole batches, `most` positions at most; then a partial one */
        uint32_t n = count >= most ? most : count >= lanes ? count - count % lanes : count;
        uint32_t left = count - n;
        size_t bytes = stage_bytes(plan, n);
        if (plan->stream)
            touch_pages(plan, out + bytes, stage_bytes(plan, left < most ? left : most));
        if (n % lanes ||
            !(copy ? soa_copied(r, soa, first, n, out) : vf_fetch_batch_soa(r, soa, first, n, out)))
            run_staged(r, first, n, out);
        first += n, count = left;
        out += bytes;
    }
    end_stream(plan);
}

/* Whether a streamed range at `out` can run the layout's whole-record
 * non-temporal kernels straight into the output: every register comes
 * from its one bound slot, no strip cut rewrites a record after it is
 * stored, and each pair of records lands 32-byte aligned (an odd number
 * of registers aligns itself in the kernel; an even number keeps out's
 * alignment, so out must be 32-byte aligned). */
static int direct_stream(const struct vf_plan *plan, const uint8_t *out)
{
    const struct vf_layout *layout = plan->layout;
    return plan->stream && plan->lanes == 1 && layout->jit.stream_slot.jit_strided != NULL &&
           plan->num_vary == 1 && plan->num_fixed == 0 && !plan->cut_enabled &&
           (layout->record_size % 32 == 16 || ((uintptr_t)out & 31) == 0);
}

/* Positions [first, first + count) decoded straight into the output with
 * the non-temporal kernels (no staging, no copy): the plan's one slot is
 * swapped for its streaming twin, everything else as vf_fetch_batch does. */
static void run_direct(const struct vf_plan *plan, uint32_t instance, uint32_t first,
                       uint32_t count, uint8_t *out)
{
    size_t rs = plan->layout->record_size;
    struct vf_plan nt = *plan;
    nt.vary[0].slot = &plan->layout->jit.stream_slot;
    struct vf_range r;
    vf_range_init(&r, &nt, instance);
    touch_pages(plan, out, (size_t)(count < VF_BATCH ? count : VF_BATCH) * rs);
    for (uint32_t done = 0; done < count;) {
        uint32_t n = count - done < VF_BATCH ? count - done : VF_BATCH;
        uint32_t left = count - done - n;
        touch_pages(plan, out + (size_t)(done + n) * rs,
                    (size_t)(left < VF_BATCH ? left : VF_BATCH) * rs);
        vf_fetch_batch(&r, first + done, n, out + (size_t)done * rs);
        done += n;
    }
    end_stream(plan);
}

/* Positions per batch written straight to the output: VF_BATCH_BYTES of
 * records, at least VF_STAGE_BATCH positions and at most VF_BATCH, in
 * multiples of 16 so that the kernels' vector loops leave no tail. */
static uint32_t plain_batch(size_t rs)
{
    size_t n = VF_BATCH_BYTES / rs & ~(size_t)15;
    return n < VF_STAGE_BATCH ? VF_STAGE_BATCH : n > VF_BATCH ? VF_BATCH : (uint32_t)n;
}

void vf_run_range(const struct vf_plan *plan, uint32_t instance, uint32_t first, uint32_t count,
                  uint8_t *out)
{
    size_t rs = plan->layout->record_size;
    if (count == 0 || rs == 0)
        return;

    if (direct_stream(plan, out)) {
        run_direct(plan, instance, first, count, out);
        return;
    }
    struct vf_range r;
    vf_range_init(&r, plan, instance);
    const struct vf_slot *soa = soa_direct(plan, out);
    if (soa) {
        run_soa_direct(&r, soa, first, count, out);
        return;
    }
    if (plan->lanes > 1 || plan->stream) {
        run_staged(&r, first, count, out);
        return;
    }
    if (count <= VF_STAGE_BATCH) {
        /* One batch whatever the record size (plain_batch is never less):
         * a small draw skips the division. */
        vf_fetch_batch(&r, first, count, out);
        return;
    }
    uint32_t batch = plain_batch(rs);
    for (uint32_t done = 0; done < count;) {
        uint32_t n = count - done < batch ? count - done : batch;
        vf_fetch_batch(&r, first + done, n, out + (size_t)done * rs);
        done += n;
    }
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
    vf_range_init(&r, plan, j);
    if (!plan->stream) {
        /* The previous instance's records are still in cache. */
        vf_fetch_batch(&r, 0, n, out);
        for (uint64_t i = 1; i < count; i++) {
            memcpy(out + bytes, out, bytes);
            out += bytes;
            vf_range_init(&r, plan, j + (uint32_t)i);
            vf_retarget_instance(&r, n, out);
        }
        return;
    }
    _Alignas(16) uint8_t stage[VF_STAGE_BYTES];
    vf_fetch_batch(&r, 0, n, stage);
    touch_pages(plan, out, bytes);
    plan->layout->impl->stream_copy(out, stage, bytes);
    for (uint64_t i = 1; i < count; i++) {
        out += bytes;
        if (i + 1 < count)
            touch_pages(plan, out + bytes, bytes);
        vf_range_init(&r, plan, j + (uint32_t)i);
        vf_retarget_instance(&r, n, stage);
        plan->layout->impl->stream_copy(out, stage, bytes);
    }
    end_stream(plan);
}

/* Whether every instance of the draw fits one batch that run_instances
 * can reuse. */
static int instances_reusable(const struct vf_plan *plan)
{
    size_t rs = plan->layout->record_size;
    return plan->lanes == 1 && !plan->cut_enabled && plan->vertex_count > 0 && rs > 0 &&
           plan->vertex_count <= VF_BATCH && (size_t)plan->vertex_count * rs <= VF_STAGE_BYTES;
}

/* Units [u, end) by ranges, and by reused instances where they can be. */
static void run_units_ranges(const struct vf_plan *plan, uint64_t u, uint64_t end, uint8_t *out)
{
    uint64_t per = plan->units_per_instance;
    int reuse = instances_reusable(plan);
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
        vf_run_range(plan, j, first, (uint32_t)count, out);
        out += nu * plan->unit_bytes;
        u += nu;
    }
}

void vf_run_units(const struct vf_plan *plan, uint64_t u, uint64_t end, uint8_t *out)
{
    /* The whole first instance of a draw of at most one batch of plain
     * AoS stores (all of a small single-instance draw): one call, where
     * the ranges would come to it by two divisions and a call more. */
    if (u == 0 && end == plan->units_per_instance && end != 0 && plan->lanes == 1 &&
        !plan->stream && plan->vertex_count <= VF_STAGE_BATCH && plan->layout->record_size != 0) {
        vf_fetch_instance(plan, 0, out);
        return;
    }
    run_units_ranges(plan, u, end, out);
}
