/*
 * draw_batch.c - many direct draws over one layout, index buffer and
 * topology, with their vertex buffer views taken from a table of view
 * sets (vfetch.h, "Draw batches").
 *
 * A single draw spends a good part of its time on checks that do not
 * depend on its counts: the description's fields, the index buffer, every
 * view's stride. A batch makes those checks once (the views once per set)
 * and each draw then needs only its set number and output size checked
 * before the plan is filled and run exactly as vf_draw runs it, so each
 * draw writes exactly the words of the equivalent vf_draw.
 */
#include "draw_plan.h"

/* The single-draw description of draw `dr` of the batch. */
static void draw_desc_of(const vf_draw_batch_desc *b, const vf_batch_draw *dr,
                         vf_draw_desc *d)
{
    d->vertex_buffers = b->num_vertex_buffers
                            ? b->vertex_buffer_sets + (size_t)dr->vertex_buffer_set *
                                                          b->num_vertex_buffers
                            : NULL;
    d->vertex_count_per_instance = dr->vertex_count_per_instance;
    d->instance_count = dr->instance_count;
    d->start_location = dr->start_location;
    d->base_vertex_location = dr->base_vertex_location;
    d->start_instance_location = dr->start_instance_location;
}

/* What every draw shares, checked once: the fields of the batch (as
 * vf_draw checks them, with view set 0 standing for the views), the index
 * buffer, and every view set's strides. */
static vf_result check_shared(const struct vf_layout *layout, const vf_draw_batch_desc *b,
                              vf_draw_desc *d, uint32_t *index_size_ret)
{
    if (!layout || !b)
        return VF_ERROR_NULL_POINTER;
    if (b->struct_size != sizeof(*b))
        return VF_ERROR_INVALID_ARGUMENT;
    if (b->num_vertex_buffers != 0 && b->num_vertex_buffer_sets == 0)
        return VF_ERROR_INVALID_ARGUMENT;
    vf_draw_desc_init(d);
    d->vertex_buffers = b->vertex_buffer_sets;
    d->num_vertex_buffers = b->num_vertex_buffers;
    d->indexed = b->indexed;
    d->index_buffer = b->index_buffer;
    d->strip_cut_value = b->strip_cut_value;
    d->primitive_topology = b->primitive_topology;
    struct vf_draw_diag ctx;
    vf_draw_diag_begin(&ctx, NULL);
    if (!vf_check_draw_desc(&ctx, layout, d))
        return ctx.first_error;
    *index_size_ret = 0;
    if (d->indexed == 1)
        vf_check_index_buffer(&ctx, d, index_size_ret);
    for (uint32_t s = 0; s < b->num_vertex_buffer_sets && ctx.first_error == VF_OK; s++) {
        /* No offset from a NULL array of sets when the draws bind no slot. */
        d->vertex_buffers = b->num_vertex_buffers != 0
                                ? b->vertex_buffer_sets + (size_t)s * b->num_vertex_buffers
                                : b->vertex_buffer_sets;
        vf_check_vertex_buffers(&ctx, layout, d);
    }
    return ctx.first_error;
}

/* Bytes of one draw's output, VF_ERROR_OVERFLOW past size_t. */
static vf_result draw_bytes(const struct vf_layout *layout, const vf_batch_draw *dr,
                            size_t *bytes_ret)
{
    uint64_t units = (uint64_t)dr->vertex_count_per_instance * dr->instance_count;
    if (layout->lanes == 1 && units >> 32 == 0 && SIZE_MAX >= UINT64_MAX) {
        /* AoS, below 2^32 records of at most VF_MAX_REGISTERS + 1
         * registers: no overflow, no division. */
        *bytes_ret = (size_t)units * layout->record_size;
        return VF_OK;
    }
    return vf_draw_output_size(layout, dr->vertex_count_per_instance, dr->instance_count,
                               bytes_ret);
}

/* The per-draw checks of every draw, and the offsets and total size. */
static vf_result check_draws(const struct vf_layout *layout, const vf_draw_batch_desc *b,
                             const vf_batch_draw *draws, uint32_t draw_count,
                             size_t *offsets, size_t *total_ret, uint32_t *failed_ret)
{
    if (!draws && draw_count != 0)
        return VF_ERROR_NULL_POINTER;
    size_t total = 0;
    for (uint32_t i = 0; i < draw_count; i++) {
        size_t bytes;
        vf_result r = VF_OK;
        if (b->num_vertex_buffers != 0 && draws[i].vertex_buffer_set >= b->num_vertex_buffer_sets)
            r = VF_ERROR_INVALID_ARGUMENT;
        else if ((r = draw_bytes(layout, &draws[i], &bytes)) == VF_OK && bytes > SIZE_MAX - total)
            r = VF_ERROR_OVERFLOW;
        if (r != VF_OK) {
            if (failed_ret)
                *failed_ret = i;
            return r;
        }
        if (offsets)
            offsets[i] = total;
        total += bytes;
    }
    *total_ret = total;
    return VF_OK;
}

/* ------------------------------------------------------------------------ */
/* The small-draw fast path                                                  */
/* ------------------------------------------------------------------------ */

/* A batch of non-indexed draws into AoS records over a layout whose
 * records are its per-vertex elements alone (no system value, no
 * per-instance slot) writes a single-instance draw of at most
 * VF_STAGE_BATCH vertices whose every slot is bound and in bounds as one
 * strided kernel call per element (or the slot's generated kernel): what
 * vf_fetch_instance makes of it, with the same calls and arguments, so
 * the same words. The kernels, offsets and registers are gathered here
 * once per batch instead of through the layout's tables for every draw. */
struct fast_element {
    vf_fetch_strided_fn strided;   /* when the stride is the element's size */
    vf_fetch_strided_fn spaced;    /* otherwise */
    uint32_t offset, size;         /* in the slot's vertex */
    size_t dst;                    /* byte offset of its register in a record */
    const struct vf_element *remap;/* its component mapping; NULL: identity */
};

struct fast_slot {
    uint32_t slot;                 /* InputSlot */
    uint32_t span;                 /* bytes a vertex reads */
    uint32_t first, count;         /* its elements in fast_plan.elements */
    vf_fetch_strided_fn jit;       /* the slot's generated kernel, or NULL */
};

struct fast_plan {
    uint32_t num_slots;
    size_t record_size;
    struct fast_slot slots[VF_MAX_INPUT_SLOTS];
    struct fast_element elements[VF_MAX_ELEMENTS];
};

/* Fills *fp and returns 1 when the batch's draws may take the fast path. */
static int fast_plan_build(const struct vf_layout *layout, const vf_draw_batch_desc *b,
                           struct fast_plan *fp)
{
    const struct vf_sv_words *sv = &layout->sv;
    fp->num_slots = 0;
    fp->record_size = layout->record_size;
    if (b->indexed || layout->lanes != 1 || layout->record_size == 0 || sv->num_vid ||
        sv->num_iid || sv->num_svl || sv->num_sil || sv->sys >= 0)
        return 0;
    uint32_t ne = 0;
    for (uint32_t si = 0; si < layout->num_slots; si++) {
        const struct vf_slot *slot = &layout->slots[si];
        if (slot->slot_class != VF_INPUT_PER_VERTEX_DATA || slot->slot >= b->num_vertex_buffers)
            return 0;
        struct fast_slot *fs = &fp->slots[si];
        fs->slot = slot->slot;
        fs->span = slot->span;
        fs->first = ne;
        fs->count = slot->num_fetch;
        fs->jit = slot->jit_strided;
        for (uint32_t f = 0; f < slot->num_fetch; f++, ne++) {
            const struct vf_element *e = vf_fetched_element(layout, slot, f);
            struct fast_element *fe = &fp->elements[ne];
            fe->strided = e->kernel.strided;
            fe->spaced = e->kernel.strided_spaced;
            fe->offset = e->offset;
            fe->size = e->size;
            fe->dst = (size_t)e->record_register * 16;
            fe->remap = e->identity_mapping ? NULL : e;
        }
    }
    fp->num_slots = layout->num_slots;
    return 1;
}

/* The elements of one slot for n consecutive vertices from src, as
 * draw_slot.c's strided decode calls them. */
static void fast_slot_run(const struct fast_plan *fp, const struct fast_slot *fs,
                          const uint8_t *src, uint32_t stride, uint32_t n, uint8_t *dst)
{
    size_t rs = fp->record_size;
    if (fs->jit) {
        fs->jit(src, stride, n, (uint32_t *)(void *)dst, rs);
        return;
    }
    for (uint32_t i = 0; i < fs->count; i++) {
        const struct fast_element *fe = &fp->elements[fs->first + i];
        uint8_t *d = dst + fe->dst;
        vf_fetch_strided_fn kernel = stride == fe->size ? fe->strided : fe->spaced;
        kernel(src + fe->offset, stride, n, (uint32_t *)(void *)d, rs);
        if (fe->remap)
            for (uint32_t v = 0; v < n; v++)
                vf_apply_mapping((uint32_t *)(void *)(d + v * rs), fe->remap->mapping,
                                 fe->remap->one);
    }
}

/* Draw `dr` through the fast path, with its views `vbs`; 0 (nothing
 * written) when it is not a small single-instance draw whose every slot
 * is bound and holds every vertex it reads (rules §4.1: vertices
 * StartVertexLocation + i, no 32-bit wrap). */
static int fast_draw(const struct fast_plan *fp, const vf_vertex_buffer_view *vbs,
                     const vf_batch_draw *dr, uint8_t *dst)
{
    uint32_t n = dr->vertex_count_per_instance;
    if (dr->instance_count != 1 || n - 1 >= VF_STAGE_BATCH)
        return 0;
    uint64_t klast = (uint64_t)dr->start_location + (n - 1);
    if (klast > UINT32_MAX)
        return 0;
    for (uint32_t s = 0; s < fp->num_slots; s++) {
        const vf_vertex_buffer_view *vb = &vbs[fp->slots[s].slot];
        if (!vb->data || klast * vb->stride_in_bytes + fp->slots[s].span > vb->size_in_bytes)
            return 0;
    }
    for (uint32_t s = 0; s < fp->num_slots; s++) {
        const struct fast_slot *fs = &fp->slots[s];
        const vf_vertex_buffer_view *vb = &vbs[fs->slot];
        const uint8_t *src = (const uint8_t *)vb->data + (size_t)dr->start_location *
                                                             vb->stride_in_bytes;
        fast_slot_run(fp, fs, src, vb->stride_in_bytes, n, dst);
    }
    return 1;
}

/* ------------------------------------------------------------------------ */
/* Running a batch                                                           */
/* ------------------------------------------------------------------------ */

/* Every draw of a checked batch into out, each exactly as vf_draw runs
 * it. The plan is filled once; a draw then sets its counts, and binds its
 * views only when its set is not the one bound (what its plan would hold
 * is the same either way). Small draws take the fast path when the batch
 * allows it. */
static void run_draws(const struct vf_layout *layout, const vf_draw_batch_desc *b,
                      const vf_batch_draw *draws, uint32_t draw_count, vf_draw_desc *d,
                      uint32_t index_size, uint8_t *dst)
{
    struct vf_plan plan;
    draw_desc_of(b, &draws[0], d);
    vf_plan_fill(layout, d, index_size, &plan);
    uint32_t bound = draws[0].vertex_buffer_set;
    struct fast_plan fp;
    int fast = fast_plan_build(layout, b, &fp);
    for (uint32_t i = 0; i < draw_count; i++) {
        const vf_batch_draw *dr = &draws[i];
        if (fast && fast_draw(&fp, b->vertex_buffer_sets +
                                       (size_t)dr->vertex_buffer_set * b->num_vertex_buffers,
                              dr, dst)) {
            dst += (size_t)dr->vertex_count_per_instance * layout->record_size;
            continue;
        }
        if (b->num_vertex_buffers != 0 && dr->vertex_buffer_set != bound) {
            bound = dr->vertex_buffer_set;
            vf_plan_bind(&plan, b->vertex_buffer_sets + (size_t)bound * b->num_vertex_buffers,
                         b->num_vertex_buffers);
        }
        vf_plan_set_counts(&plan, dr->vertex_count_per_instance, dr->instance_count,
                           dr->start_location, dr->base_vertex_location,
                           dr->start_instance_location);
        uint64_t units = (uint64_t)plan.units_per_instance * plan.instance_count;
        if (units == 0)
            continue;
        vf_run_units(&plan, 0, units, dst);
        dst += units * plan.unit_bytes;
    }
}

vf_result vf_draw_batch_output_size(const vf_layout *layout, const vf_draw_batch_desc *batch,
                                    const vf_batch_draw *draws, uint32_t draw_count,
                                    size_t *offsets, size_t *size_ret)
{
    vf_draw_desc d;
    uint32_t index_size;
    vf_result r = check_shared(layout, batch, &d, &index_size);
    if (r != VF_OK)
        return r;
    if (!size_ret)
        return VF_ERROR_NULL_POINTER;
    return check_draws(layout, batch, draws, draw_count, offsets, size_ret, NULL);
}

vf_result vf_draw_batch(const vf_layout *layout, const vf_draw_batch_desc *batch,
                        const vf_batch_draw *draws, uint32_t draw_count, void *out,
                        size_t out_size, uint32_t *failed_draw_ret)
{
    vf_draw_desc d;
    uint32_t index_size;
    vf_result r = check_shared(layout, batch, &d, &index_size);
    if (r != VF_OK)
        return r;
    size_t total;
    if ((r = check_draws(layout, batch, draws, draw_count, NULL, &total, failed_draw_ret)) !=
        VF_OK)
        return r;
    if (total > out_size)
        return VF_ERROR_OUTPUT_TOO_SMALL;
    if (total != 0 && (!out || (uintptr_t)out % 16 != 0))
        return out ? VF_ERROR_INVALID_ARGUMENT : VF_ERROR_NULL_POINTER;

    if (draw_count == 0)
        return VF_OK;
    run_draws(layout, batch, draws, draw_count, &d, index_size, out);
    return VF_OK;
}
