/*
 * draw_plan.h - the plan of a draw and the steps that carry it out: the
 * contract the draw files share (and d3d11_draw.c, which hands them D3D11
 * draws). Not installed.
 *
 *   draw.c         the plan, the pool job, the entry points
 *   draw_check.c   the checks of a draw: errors and warnings, with messages
 *   draw_output.c  units of the draw into the output, in the layout's shape
 *   draw_fetch.c   one batch of AoS records: indices, slots, constant
 *                  registers, system values
 *   draw_slot.c    one per-vertex slot of a batch: addresses, kernels
 *   draw_reuse.c   vertex-reuse draws: distinct indices, then a plan of them
 *                  (the search: draw_reuse_search.c, draw_reuse_par.c)
 *
 * Calls go one way: draw.c -> draw_check.c; draw.c -> draw_output.c -> draw_fetch.c -> draw_slot.c.
 * draw_reuse.c calls draw.c's plan hooks.
 *
 * Words used in them:
 *   batch  at most VF_BATCH consecutive positions of one instance, fetched
 *          together into AoS records: the unit of the per-slot decisions
 *          (strided or gathered, which vertices are in the view).
 *   unit   what the output holds per step: one AoS record, or one SoA
 *          batch of `lanes` vertices. Units are numbered instance-major.
 *   chunk  the units a pool worker takes at a time.
 *   run    consecutive vertices of a batch whose slot data follow each
 *          other at the slot's stride: one strided kernel call.
 *   range  the positions of one instance being written (vf_fetch_range
 *          writes one); it holds the registers constant over it.
 */
#ifndef VF_LIB_DRAW_PLAN_H
#define VF_LIB_DRAW_PLAN_H

#include "dispatch.h"
#include "vf_internal.h"

/* Positions per batch at most: bounds the per-batch stack arrays. */
#define VF_BATCH 256u
/* Records of a batch written straight to the output: each element's kernel
 * makes a pass over them, so they should stay in L1 from one pass to the
 * next, while the batch is long enough that the per-batch work (indices,
 * addresses, a call per element) is small beside the kernels. */
#define VF_BATCH_BYTES 16384u
/* Positions per fill of the staging buffer (streamed or SoA output): the
 * non-temporal copy of a fill drains while the next is decoded; fills of
 * two 64-position batches ran slower. */
#define VF_STAGE_BATCH 64u
/* The stack buffer where records are staged before they are copied with
 * non-temporal stores or transposed to SoA. It holds at least one batch of
 * the widest shape with the most registers (16 lanes x 33 registers). */
#define VF_STAGE_BYTES 16384u
_Static_assert(VF_STAGE_BYTES >= 16u * 16u * (VF_MAX_REGISTERS + 1u), "staging buffer too small");

/* One input slot the layout fetches, with the view the draw binds to it. */
struct vf_slot_view {
    const struct vf_slot *slot;
    const uint8_t *data; /* NULL: unbound (only for a per-instance view list) */
    uint32_t size;
    uint32_t stride;
    uint32_t span;       /* the slot's span (vf_slot.span) */
};

/* A validated draw, everything normalised out of its description: every
 * range of it shares this, read-only. vf_plan_fill sets each field before
 * `vary` by name (no memset): a new field needs its line there. */
struct vf_plan {
    const struct vf_layout *layout;
    uint32_t vertex_count;       /* positions per instance */
    uint32_t instance_count;
    uint32_t lanes;              /* 1 for AoS */
    uint32_t units_per_instance; /* AoS: records, SoA: batches */
    size_t unit_bytes;           /* bytes of one unit */
    int indexed;
    uint32_t start_location;     /* StartVertexLocation or StartIndexLocation */
    uint32_t base_vertex;        /* BaseVertexLocation mod 2^32 (indexed) */
    uint32_t start_instance;     /* StartInstanceLocation */
    /* Index buffer (indexed draws): NULL data means every index reads 0. */
    const uint8_t *ib_data;
    uint32_t ib_size;
    uint32_t ib_index_size;
    /* Index addresses in 64 bits (Vulkan's VkDeviceSize, rules §18.3): a
     * position past 2^32 bytes reads 0 instead of wrapping (D3D, §5.1). */
    int ib_addr64;
    /* ib_data as an array of uint32_t (4-byte indices made by vfetch
     * itself, start_location 0, every position inside): batches read their
     * indices in place instead of copying them. */
    const uint32_t *ib_words;
    int cut_enabled;
    uint32_t cut_value;
    int stream; /* write the output with the layout's non-temporal stores */
    /* The layout's slots, in its order: per-vertex slots with a bound view,
     * then the others (per-instance, or unbound), constant over a range. */
    uint32_t num_vary, num_fixed;
    struct vf_slot_view vary[VF_MAX_INPUT_SLOTS];
    struct vf_slot_view fixed[VF_MAX_INPUT_SLOTS];
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
    uint32_t num_const;
    struct vf_const_reg consts[VF_MAX_ELEMENTS];
};

/* What an out-of-bounds element decodes from: it reads as all-zero bytes
 * would, so the format's defaults still apply (rules §6). 16 bytes is the
 * largest vertex format. */
VF_HIDDEN extern const uint8_t vf_zero_block[16];

/* The f-th fetched element of a slot. */
static inline const struct vf_element *vf_fetched_element(const struct vf_layout *layout,
                                                           const struct vf_slot *slot, uint32_t f)
{
    return &layout->elements[layout->fetch[slot->first_fetch + f]];
}

/* An element's component mapping over `count` records from `dst`. */
static inline void vf_apply_mapping_run(const struct vf_element *e, uint8_t *dst, uint32_t count,
                                        size_t record_size)
{
    if (e->identity_mapping)
        return;
    for (uint32_t v = 0; v < count; v++)
        vf_apply_mapping((uint32_t *)(void *)(dst + v * record_size), e->mapping, e->one);
}

/* A slot's elements decoded by their own kernels for `count` consecutive
 * vertices whose slot data starts at `src`, each element's component
 * mapping applied: the per-element path of draw_slot.c, which the
 * generator's choice (lib/x86/jit/jit_choose.c) also times. */
static inline void vf_slot_elements_strided(const struct vf_layout *layout,
                                            const struct vf_slot *slot, const uint8_t *src,
                                            size_t stride, uint32_t count, uint8_t *dst)
{
    size_t rs = layout->record_size;
    for (uint32_t f = 0; f < slot->num_fetch; f++) {
        const struct vf_element *e = vf_fetched_element(layout, slot, f);
        uint8_t *d = dst + (size_t)e->record_register * 16;
        vf_fetch_strided_fn kernel =
            stride == e->size ? e->kernel.strided : e->kernel.strided_spaced;
        kernel(src + e->offset, stride, count, (uint32_t *)(void *)d, rs);
        vf_apply_mapping_run(e, d, count, rs);
    }
}

#define VF_INDICES_CUT 1        /* some position is a strip cut */
#define VF_INDICES_SEQUENTIAL 2 /* index[v] == index[0] + v, no cut */

/* The indices of a batch of an indexed draw. */
struct vf_batch_indices {
    const uint32_t *index;    /* raw indices: `words`, or the plan's ib_words */
    uint32_t words[VF_BATCH];
    uint8_t cut_mask[VF_BATCH];
    const uint8_t *cut;       /* cut_mask when some position is a cut, else NULL */
    unsigned flags;           /* VF_INDICES_* */
};

/* draw_check.c: each rule is checked here only; vf_draw and vf_draw_check
 * both run these. A check records errors in the context (the first one is
 * the draw's result); warnings are looked for only when diagnostics are
 * wanted, so a plain vf_draw pays for none of them. */
struct vf_draw_diag {
    vf_diagnostics *out; /* NULL: codes only */
    vf_result first_error;
    int d3d11;           /* name D3D11's fields (stride, ByteWidth - Offset) */
    const char *prefix;  /* put before every message, e.g. "command 3: "; NULL: none */
};

VF_HIDDEN void vf_draw_diag_begin(struct vf_draw_diag *ctx, vf_diagnostics *out);
/* vf_draw_check with out_size 0, its entries appended to `out` (not reset)
 * each behind `prefix`: one list gathers the checks of many draws with no
 * scratch list (ExecuteIndirect's whole-call form). Entries past the
 * list's room are counted as dropped, as everywhere. */
VF_HIDDEN vf_result vf_draw_check_append(const struct vf_layout *layout,
                                         const vf_draw_desc *desc, vf_diagnostics *out,
                                         const char *prefix);
/* The D3D11 front end's draw-time checks on the desc a D3D11 draw was
 * translated to, worded for D3D11 and appended to `out` (not reset; NULL:
 * errors only): vf_check_vertex_buffers, and the reach of a bound index
 * buffer (its format and offset were checked when it was bound). Returns
 * the first error (a stride the slot's elements are misaligned with). */
VF_HIDDEN vf_result vf_check_d3d11_draw(const struct vf_layout *layout, const vf_draw_desc *desc,
                                        vf_diagnostics *out);
/* Layout and description pointers, then the description's own fields.
 * Returns 0 when the rest cannot be checked (NULL pointers, struct_size,
 * or vertex buffer views that cannot be read). */
VF_HIDDEN int vf_check_draw_desc(struct vf_draw_diag *ctx, const struct vf_layout *layout,
                                 const vf_draw_desc *desc);
/* The index buffer of an indexed draw: *index_size_ret is 2 or 4 when the
 * draw reads index data, else 0. */
VF_HIDDEN void vf_check_index_buffer(struct vf_draw_diag *ctx, const vf_draw_desc *desc,
                                     uint32_t *index_size_ret);
/* Strides of the bound slots the layout names, then the warnings of the
 * slots the shader reads. */
VF_HIDDEN void vf_check_vertex_buffers(struct vf_draw_diag *ctx, const struct vf_layout *layout,
                                       const vf_draw_desc *desc);
/* An output of out_size bytes for a draw that writes `needed`; the `out`
 * pointer is checked only when check_pointer. The overflow check reports
 * `units` of unit_bytes that do not fit in size_t. */
VF_HIDDEN void vf_check_output(struct vf_draw_diag *ctx, const void *out, size_t out_size,
                               size_t needed, int check_pointer);
VF_HIDDEN void vf_check_output_overflow(struct vf_draw_diag *ctx, uint64_t units,
                                        size_t unit_bytes);
/* A vf_fetch_range range against the plan. */
VF_HIDDEN void vf_check_range(struct vf_draw_diag *ctx, const struct vf_plan *plan,
                              uint32_t instance, uint32_t first, uint32_t count);

/* Rules §5.2: whether topology t is a strip, the only kind D3D12 cuts. */
static inline int vf_topology_is_strip(uint32_t t)
{
    return t == VF_TOPOLOGY_LINESTRIP || t == VF_TOPOLOGY_TRIANGLESTRIP ||
           t == VF_TOPOLOGY_LINESTRIP_ADJ || t == VF_TOPOLOGY_TRIANGLESTRIP_ADJ;
}

/* The cut value that applies to a draw's indices (rules §5.2: strip
 * topologies only), or 0 with none: 0 is never a cut value. */
static inline uint32_t vf_draw_cut_value(const vf_draw_desc *desc)
{
    if (!vf_topology_is_strip(desc->primitive_topology) ||
        desc->strip_cut_value == VF_STRIP_CUT_VALUE_DISABLED)
        return 0;
    return desc->strip_cut_value == VF_STRIP_CUT_VALUE_0xFFFF ? 0xffffu : 0xffffffffu;
}

/* Where the indices of a draw fetch outside one slot's view. */
struct vf_index_range_scan {
    uint32_t count;                  /* positions whose vertex is outside */
    uint32_t first_pos, first_index; /* the first of them */
    uint32_t last_pos, last_index;   /* the last of them */
};

/* draw_check_index.c: rules §6 for indexed draws (index_size 2 or 4, 0
 * with no index data): the positions whose vertex, at (BaseVertexLocation
 * + index) * stride mod 2^32, has a slot span of `span` bytes ending past
 * the view `vb`. Reads every index: for diagnostics only. */
VF_HIDDEN void vf_scan_index_range(const vf_draw_desc *desc, uint32_t index_size,
                                   const vf_vertex_buffer_view *vb, uint32_t span,
                                   struct vf_index_range_scan *sc);

/* The raw index at draw position p (rules §5.1: byte (start + p) * size
 * in 32-bit arithmetic, 64-bit for Vulkan plans, §18.3); an index past the
 * view, or with no index data, reads 0. Sizes 1, 2 and 4. For the
 * positions that the in-place fast paths do not cover. */
static inline uint32_t vf_plan_index_at(const struct vf_plan *plan, uint32_t p)
{
    uint32_t isz = plan->ib_index_size;
    uint64_t byte = plan->ib_addr64 ? ((uint64_t)plan->start_location + p) * isz
                                    : (uint32_t)((plan->start_location + p) * isz);
    return vf_index_read(plan->ib_data, plan->ib_size, byte, isz);
}

/* draw.c: the plan of a draw whose checks all passed (index_size: what
 * vf_check_index_buffer gave), without checking anything again; for
 * draw_batch.c, which checks what its draws share once. */
VF_HIDDEN void vf_plan_fill(const struct vf_layout *layout, const vf_draw_desc *desc,
                            uint32_t index_size, struct vf_plan *plan);

/* The parts of vf_plan_fill, for a batch whose draws share all the rest:
 * a draw's counts and start locations (the units follow from them), and
 * the views bound to the layout's slots (vbs: num_vbs views, as a draw
 * description's). */
VF_HIDDEN void vf_plan_set_counts(struct vf_plan *plan, uint32_t vertex_count,
                                  uint32_t instance_count, uint32_t start_location,
                                  int32_t base_vertex_location, uint32_t start_instance_location);
VF_HIDDEN void vf_plan_bind(struct vf_plan *plan, const vf_vertex_buffer_view *vbs,
                            uint32_t num_vbs);

/* draw_slot.c */

/* Fetches one per-vertex slot for the n positions [pos, pos + n) of a
 * batch into its AoS records at dst; `bi` holds the indices of an indexed
 * draw. */
VF_HIDDEN void vf_fetch_slot(const struct vf_plan *plan, const struct vf_slot_view *vs,
                             const struct vf_batch_indices *bi, uint32_t pos, uint32_t n,
                             uint8_t *dst);
/* The same for a batch of an indexed draw whose n raw indices (the plan's
 * index size) are at `index`, none a cut, each vertex gathered from its
 * address computed straight from its index. Returns 0, having written
 * nothing, when some vertex's slot span may leave the view: then
 * vf_fetch_slot serves the batch. */
VF_HIDDEN int vf_fetch_slot_indexed(const struct vf_plan *plan, const struct vf_slot_view *vs,
                                    const uint8_t *index, uint32_t n, uint8_t *dst);
/* Whole SoA batches (n a multiple of the plan's lanes, at most VF_BATCH)
 * of the plan's one per-vertex slot, written from dst on by the SoA
 * kernels of `soa` (the layout's jit.soa_slot or jit.soa_stream_slot): the
 * vertices k = StartVertexLocation + pos on (index NULL), or those of the
 * n raw indices at `index`. Returns 0, having written nothing, when some
 * vertex's slot span may leave the view. */
VF_HIDDEN int vf_fetch_slot_soa(const struct vf_plan *plan, const struct vf_slot *soa,
                                const struct vf_slot_view *vs, const uint8_t *index,
                                uint32_t pos, uint32_t n, uint8_t *dst);

/* draw_fetch.c */

/* Starts a range of instance `instance`: decodes its constant registers. */
VF_HIDDEN void vf_range_init(struct vf_range *r, const struct vf_plan *plan, uint32_t instance);
/* Writes the complete AoS records of positions [pos, pos + n) of the
 * range's instance at dst (n <= VF_BATCH). */
VF_HIDDEN void vf_fetch_batch(const struct vf_range *r, uint32_t pos, uint32_t n, uint8_t *dst);
/* The SoA batches of positions [pos, pos + n) (n a multiple of the
 * plan's lanes, at most VF_BATCH) straight from the SoA kernels of `soa`
 * (vf_fetch_slot_soa), for a plan of one per-vertex slot, nothing fixed
 * and no strip cut. Returns 0, having written nothing, when they cannot
 * take them. */
VF_HIDDEN int vf_fetch_batch_soa(const struct vf_range *r, const struct vf_slot *soa,
                                 uint32_t pos, uint32_t n, uint8_t *dst);
/* All the AoS records of one instance of a draw of at most VF_BATCH
 * positions at dst, with plain stores: a range and one batch, the whole
 * of a small draw in one call. */
VF_HIDDEN void vf_fetch_instance(const struct vf_plan *plan, uint32_t instance, uint8_t *dst);
/* Turns n AoS records of another instance of the draw (no strip cuts) into
 * the range's instance: everything but the per-instance registers and
 * SV_InstanceID is the same for every instance. */
VF_HIDDEN void vf_retarget_instance(const struct vf_range *r, uint32_t n, uint8_t *dst);

/* draw_output.c */

/* Positions [first, first + count) of one instance into `out`, in the
 * layout's output shape (SoA: `first` is a multiple of the lane count). */
VF_HIDDEN void vf_run_range(const struct vf_plan *plan, uint32_t instance, uint32_t first,
                            uint32_t count, uint8_t *out);
/* Units [u, end) of the whole draw into out, which points at unit u. */
VF_HIDDEN void vf_run_units(const struct vf_plan *plan, uint64_t u, uint64_t end, uint8_t *out);

/* draw.c, for draw_reuse.c */

/* Checks a draw (everything but the output) into *plan, as vf_draw does;
 * writes nothing else. */
VF_HIDDEN vf_result vf_plan_draw(const struct vf_layout *layout, const vf_draw_desc *desc,
                                 struct vf_plan *plan);
/* vf_draw's output checks for the plan's units: size (in *needed_ret),
 * NULL, alignment. */
VF_HIDDEN vf_result vf_plan_check_output(const struct vf_plan *plan, const void *out,
                                         size_t out_size, size_t *needed_ret);
/* Checks the output and writes every unit of the plan into it, split over
 * desc->pool as vf_draw splits a draw; sets plan->stream. */
VF_HIDDEN vf_result vf_plan_run(struct vf_plan *plan, const vf_draw_desc *desc, void *out,
                                size_t out_size);

#endif /* VF_DRAW_INTERNAL_H */
