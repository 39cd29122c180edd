/*
 * draw_fetch.c - one batch of a draw into AoS records: its indices, each
 * per-vertex slot (draw_slot.c), the registers constant over the range,
 * then the system values and strip cuts (d3d-ia-rules.md §4, §5, §6).
 *
 * Per-instance and unbound elements are decoded once per range and
 * broadcast into every record; a range of another instance is retargeted
 * by rewriting only those and SV_InstanceID. Nothing here allocates.
 */
#include "draw_plan.h"

#if defined(__GNUC__)
#  define VF_FETCH_INLINE inline __attribute__((always_inline))
#else
#  define VF_FETCH_INLINE inline
#endif

/* ------------------------------------------------------------------------ */
/* Ranges                                                                   */
/* ------------------------------------------------------------------------ */

/* The register of element e of a slot that is constant over the range:
 * element number k of the view `fs` (unbound: data NULL). */
static void const_register(const struct vf_element *e, const struct vf_slot_view *fs, uint32_t k,
                           struct vf_const_reg *c)
{
    _Alignas(16) uint32_t reg[4] = { 0, 0, 0, 0 };
    c->word = (uint32_t)e->record_register * 4;
    if (fs->data) {
        /* Rules §4.1, §6: address mod 2^32, the whole element must lie
         * inside the view (64-bit compare cannot wrap). */
        uint32_t addr = k * fs->stride + e->offset;
        const uint8_t *src = (uint64_t)addr + e->size <= fs->size ? fs->data + addr
                                                                   : vf_zero_block;
        e->kernel.strided(src, 0, 1, reg, 16);
    }
    /* Unbound: 0,0,0,0 with no defaults (rules §6); the element's mapping
     * still routes those zeros, like any fetched value. */
    if (!e->identity_mapping)
        vf_apply_mapping(reg, e->mapping, e->one);
    memcpy(c->value, reg, sizeof(reg));
}

/* Inline in vf_fetch_instance too: the hops are a good part of a small
 * draw. */
static VF_FETCH_INLINE void range_init(struct vf_range *r, const struct vf_plan *plan,
                                       uint32_t instance)
{
    const struct vf_layout *layout = plan->layout;

    r->plan = plan;
    r->instance = instance;
    r->num_const = 0;
    for (uint32_t s = 0; s < plan->num_fixed; s++) {
        const struct vf_slot_view *fs = &plan->fixed[s];
        const struct vf_slot *slot = fs->slot;
        /* Rules §4.1: per-instance element number; rate 0 never advances
         * but still starts at StartInstanceLocation. 32-bit wrapping. */
        uint32_t k = plan->start_instance;
        if (slot->step_rate != 0)
            k += instance / slot->step_rate;
        for (uint32_t f = 0; f < slot->num_fetch; f++)
            const_register(vf_fetched_element(layout, slot, f), fs, k, &r->consts[r->num_const++]);
    }
}

/* ------------------------------------------------------------------------ */
/* Indices                                                                  */
/* ------------------------------------------------------------------------ */

/* The indices of positions [pos, pos + n) when every one lies inside the
 * view, one after another: byte (StartIndexLocation + i) * size in 32-bit
 * arithmetic (rules §5.1), so D3D's position wraps with it; in 64-bit for
 * the Vulkan front end (§18.3), where a position past 2^32 lies past the
 * view. NULL when some index does not. */
static const uint8_t *indices_inside(const struct vf_plan *plan, uint32_t pos, uint32_t n)
{
    uint32_t isz = plan->ib_index_size;
    uint64_t start = plan->ib_addr64 ? (uint64_t)plan->start_location + pos
                                     : (uint32_t)(plan->start_location + pos);
    if (!plan->ib_data || start + n > UINT32_MAX || (start + n) * isz > plan->ib_size)
        return NULL;
    return plan->ib_data + (size_t)start * isz;
}

/* Reads the raw indices of positions [pos, pos + n) of the draw (rules
 * §5.1, §18.3); an index past the view reads 0, which is an ordinary
 * index, not a cut. Sizes 2 and 4, and 1 for the Vulkan front end's
 * uint8 indices. */
static void load_indices(const struct vf_plan *plan, uint32_t pos, uint32_t n, uint32_t *index)
{
    uint32_t isz = plan->ib_index_size;
    const uint8_t *p = indices_inside(plan, pos, n);

    if (p) {
        /* Plain loads the compiler can widen. */
        if (isz == 1) /* Vulkan's uint8 indices */
            for (uint32_t v = 0; v < n; v++)
                index[v] = p[v];
        else if (isz == 2)
            for (uint32_t v = 0; v < n; v++)
                index[v] = vf_load_u16(p + 2 * (size_t)v);
        else
            for (uint32_t v = 0; v < n; v++)
                index[v] = vf_load_u32(p + 4 * (size_t)v);
        return;
    }
    for (uint32_t v = 0; v < n; v++)
        index[v] = vf_plan_index_at(plan, pos + v);
}

/* Indices checked for a sequential batch at a time. */
#define SEQUENTIAL_BLOCK 16u

/* Whether index[v] == index[0] + v for every v < n (the level's vectors
 * where it has them, vf_indices_sequential_fn), checked a block at a
 * time, so that a batch of scattered indices (nearly every indexed batch)
 * stops after its first block: checked whole, the pass took 5% of an
 * in-cache indexed draw (bench/README.md, "The indexed batch around the
 * kernel"). */
static int sequential(const struct vf_isa_impl *impl, const uint32_t *index, uint32_t n)
{
    if (impl->indices_sequential)
        return impl->indices_sequential(index, n);
    uint32_t breaks = 0;
    for (uint32_t b = 0; b < n && breaks == 0; b += SEQUENTIAL_BLOCK) {
        uint32_t end = n - b < SEQUENTIAL_BLOCK ? n : b + SEQUENTIAL_BLOCK;
        for (uint32_t v = b; v < end; v++)
            breaks |= index[v] - index[0] - v;
    }
    return breaks == 0;
}

/* Fills bi with the indices of positions [pos, pos + n), their cuts and
 * their VF_INDICES_* bits. */
static void read_indices(const struct vf_plan *plan, uint32_t pos, uint32_t n,
                         struct vf_batch_indices *bi)
{
    bi->cut = NULL;
    bi->index = bi->words;
    if (!plan->ib_data) {
        memset(bi->words, 0, n * sizeof(*bi->words));
        bi->flags = n == 1 ? VF_INDICES_SEQUENTIAL : 0;
        return;
    }
    if (plan->ib_words)
        bi->index = plan->ib_words + pos;
    else
        load_indices(plan, pos, n, bi->words);
    bi->flags = sequential(plan->layout->impl, bi->index, n) ? VF_INDICES_SEQUENTIAL : 0;
    if (plan->cut_enabled) {
        uint8_t any = 0;
        for (uint32_t v = 0; v < n; v++) {
            bi->cut_mask[v] = bi->index[v] == plan->cut_value;
            any |= bi->cut_mask[v];
        }
        if (any) {
            bi->flags = VF_INDICES_CUT;
            bi->cut = bi->cut_mask;
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Records                                                                  */
/* ------------------------------------------------------------------------ */

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

void vf_retarget_instance(const struct vf_range *r, uint32_t n, uint8_t *dst)
{
    const struct vf_sv_words *sv = &r->plan->layout->sv;
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

/* Rules §4.3: SV_StartVertexLocation is StartVertexLocation, or
 * BaseVertexLocation for indexed draws; SV_StartInstanceLocation is
 * StartInstanceLocation. One value for the whole draw. */
static void write_start_locations(const struct vf_range *r, uint32_t n, uint8_t *dst)
{
    const struct vf_sv_words *sv = &r->plan->layout->sv;
    const struct vf_plan *plan = r->plan;
    size_t rs = plan->layout->record_size;
    uint32_t start = plan->indexed ? plan->base_vertex : plan->start_location;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t *rec = (uint32_t *)(void *)(dst + v * rs);
        for (uint32_t i = 0; i < sv->num_svl; i++) {
            uint32_t *w = rec + sv->svl[i];
            w[0] = start;
            w[1] = w[2] = w[3] = 0;
        }
        for (uint32_t i = 0; i < sv->num_sil; i++) {
            uint32_t *w = rec + sv->sil[i];
            w[0] = plan->start_instance;
            w[1] = w[2] = w[3] = 0;
        }
    }
}

/* Rules §4.2: SV_VertexID is i (DrawInstanced) or the raw index (indexed:
 * `index`), SV_InstanceID is j; neither includes a start or base. */
static void write_system_values(const struct vf_range *r, const uint32_t *index, uint32_t pos,
                                uint32_t n, uint8_t *dst)
{
    const struct vf_sv_words *sv = &r->plan->layout->sv;
    size_t rs = r->plan->layout->record_size;
    uint32_t iid = r->instance;
    if (!sv->num_vid && !sv->num_iid && sv->sys < 0)
        return;
    uint32_t sys_vid_mask = sv->sys_bits & VF_SV_VERTEX_ID ? UINT32_MAX : 0;
    uint32_t sys_iid = sv->sys_bits & VF_SV_INSTANCE_ID ? iid : 0;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t *rec = (uint32_t *)(void *)(dst + v * rs);
        uint32_t vid = index ? index[v] : pos + v;
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
static void clear_cuts(const struct vf_layout *layout, const uint8_t *cut, uint32_t n,
                       uint8_t *dst)
{
    const struct vf_sv_words *sv = &layout->sv;
    size_t rs = layout->record_size;
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

/* The raw indices of positions [pos, pos + n) where the slots can take
 * them in place (vf_fetch_slot_indexed): an indexed draw with index data,
 * no strip cuts, the batch inside the view (indices_inside) and its first
 * block not sequential (a sequential batch is one strided run). NULL when
 * they cannot. */
static const uint8_t *indices_in_place(const struct vf_plan *plan, uint32_t pos, uint32_t n)
{
    uint32_t isz = plan->ib_index_size;
    const uint8_t *p = plan->cut_enabled ? NULL : indices_inside(plan, pos, n);
    if (!p)
        return NULL;
    uint32_t first = vf_load_index(p, isz), breaks = 0;
    for (uint32_t v = 1; v < n && v < SEQUENTIAL_BLOCK; v++)
        breaks |= vf_load_index(p + (size_t)v * isz, isz) - first - v;
    return breaks != 0 ? p : NULL;
}

/* The per-vertex slots of an indexed batch: from the indices in place
 * where they can be (no copy of them, no table of offsets), else through
 * read_indices into `bi`. */
static void fetch_indexed_slots(const struct vf_plan *plan, uint32_t pos, uint32_t n,
                                uint8_t *dst, struct vf_batch_indices *bi)
{
    const struct vf_sv_words *sv = &plan->layout->sv;
    const uint8_t *raw = indices_in_place(plan, pos, n);
    uint32_t s = 0;
    if (raw) {
        while (s < plan->num_vary && vf_fetch_slot_indexed(plan, &plan->vary[s], raw, n, dst))
            s++;
        if (s == plan->num_vary) {
            /* SV_VertexID: the raw indices as words (rules §4.2). */
            if (sv->num_vid || (sv->sys >= 0 && (sv->sys_bits & VF_SV_VERTEX_ID))) {
                load_indices(plan, pos, n, bi->words);
                bi->index = bi->words;
            }
            return;
        }
    }
    read_indices(plan, pos, n, bi);
    for (; s < plan->num_vary; s++)
        vf_fetch_slot(plan, &plan->vary[s], bi, pos, n, dst);
}

static VF_FETCH_INLINE void fetch_batch(const struct vf_range *r, uint32_t pos, uint32_t n,
                                         uint8_t *dst)
{
    const struct vf_plan *plan = r->plan;
    struct vf_batch_indices bi;
    bi.index = NULL;
    bi.cut = NULL;
    bi.flags = 0;
    if (plan->indexed)
        fetch_indexed_slots(plan, pos, n, dst, &bi);
    else
        for (uint32_t s = 0; s < plan->num_vary; s++)
            vf_fetch_slot(plan, &plan->vary[s], &bi, pos, n, dst);
    broadcast_consts(r, n, dst);
    write_system_values(r, plan->indexed ? bi.index : NULL, pos, n, dst);
    if (plan->layout->sv.num_svl || plan->layout->sv.num_sil)
        write_start_locations(r, n, dst);
    if (bi.cut)
        clear_cuts(plan->layout, bi.cut, n, dst);
}

void vf_range_init(struct vf_range *r, const struct vf_plan *plan, uint32_t instance)
{
    range_init(r, plan, instance);
}

void vf_fetch_batch(const struct vf_range *r, uint32_t pos, uint32_t n, uint8_t *dst)
{
    fetch_batch(r, pos, n, dst);
}

int vf_fetch_batch_soa(const struct vf_range *r, const struct vf_slot *soa, uint32_t pos,
                       uint32_t n, uint8_t *dst)
{
    const struct vf_plan *plan = r->plan;
    const uint8_t *raw = NULL;
    if (plan->indexed && (raw = indices_inside(plan, pos, n)) == NULL)
        return 0;
    return vf_fetch_slot_soa(plan, soa, &plan->vary[0], raw, pos, n, dst);
}

void vf_fetch_instance(const struct vf_plan *plan, uint32_t instance, uint8_t *dst)
{
    struct vf_range r;
    range_init(&r, plan, instance);
    fetch_batch(&r, 0, plan->vertex_count, dst);
}
