/*
 * draw_slot.c - one per-vertex slot of a batch: the vertex addresses, then
 * each element's kernel (d3d-ia-rules.md §4.1, §6).
 *
 * The element numbers are computed once per slot and batch; then each
 * element's kernel runs: `strided` over runs of consecutive in-bounds
 * vertices (the whole batch of a plain DrawInstanced, its slot data
 * prefetched a few KiB ahead), `gather` with one source address per vertex
 * otherwise, shared by the slot's elements, cut and out-of-bounds vertices
 * pointing at zeros so kernels never branch per vertex. An indexed batch
 * with every vertex inside and no cut takes its addresses straight from the
 * index buffer (vf_fetch_slot_indexed): one pass instead of copying the
 * indices, then their offsets, then the addresses.
 */
#include "draw_plan.h"

#if defined(__GNUC__)
#  define VF_SLOT_INLINE inline __attribute__((always_inline))
#else
#  define VF_SLOT_INLINE inline
#endif

/* Shortest run of consecutive in-bounds vertices worth a strided call. */
#define VF_RUN_MIN 4u
#define VF_CACHE_LINE 64u

/* draw_plan.h says what these are for. */
_Alignas(16) const uint8_t vf_zero_block[16] = { 0 };
/* What every element of an out-of-bounds vertex decodes from at once:
 * layout.c keeps every element's offset plus size within VF_MAX_STRIDE. */
#define VF_MAX_ELEMENT_END VF_MAX_STRIDE
static _Alignas(16) const uint8_t vf_zero_span[VF_MAX_ELEMENT_END];

/* A gathered part of a batch for one slot. */
struct gather_batch {
    const struct vf_layout *layout;
    const struct vf_slot_view *vs;
    const uint32_t *base; /* per vertex: (uint32)(k * stride) */
    const uint8_t *whole; /* per vertex: slot span in the view, not a cut; NULL: all */
    const uint8_t *cut;   /* per vertex: a strip cut; NULL: none */
    int shared;           /* one address per vertex serves every element */
    uint8_t *dst;         /* the batch's first record */
};

/* Strided decode of every element of a slot for `count` consecutive
 * vertices whose slot data starts at `src`. Inline: a call more was a
 * tenth of a small draw's own instructions. */
static VF_SLOT_INLINE void slot_strided(const struct vf_layout *layout, const struct vf_slot_view *vs,
                         const uint8_t *src, uint32_t count, uint8_t *dst)
{
    const struct vf_slot *slot = vs->slot;
    size_t rs = layout->record_size;
    if (slot->jit_strided) {
        /* Generated: every element of a vertex in one pass (lib/jit.c). */
        slot->jit_strided(src, vs->stride, count, (uint32_t *)(void *)dst, rs);
        return;
    }
    vf_slot_elements_strided(layout, slot, src, vs->stride, count, dst);
}

/* Gather decode of every element of a slot for n vertices whose slot data
 * start at src[v]: each element at its offset from there. */
static void gather_shared(const struct vf_layout *layout, const struct vf_slot *slot,
                          const uint8_t *const *src, uint32_t n, uint8_t *dst)
{
    size_t rs = layout->record_size;
    if (slot->jit_gather) {
        slot->jit_gather(src, 0, n, (uint32_t *)(void *)dst, rs);
        return;
    }
    for (uint32_t f = 0; f < slot->num_fetch; f++) {
        const struct vf_element *e = vf_fetched_element(layout, slot, f);
        uint8_t *d = dst + (size_t)e->record_register * 16;
        e->kernel.gather(src, e->offset, n, (uint32_t *)(void *)d, rs);
        vf_apply_mapping_run(e, d, n, rs);
    }
}

/* Gather decode of every element of a slot for vertices [a, b) of the
 * batch. Shared addresses: no vertex has only part of its elements inside
 * the view, so one address per vertex serves every element at the
 * element's offset (the view, or zeros for the others). */
static void slot_gather(const struct gather_batch *g, uint32_t a, uint32_t b)
{
    const struct vf_slot_view *vs = g->vs;
    const struct vf_slot *slot = vs->slot;
    size_t rs = g->layout->record_size;
    const uint8_t *src[VF_BATCH];
    if (g->shared) {
        if (g->whole == NULL)
            for (uint32_t v = a; v < b; v++)
                src[v - a] = vs->data + g->base[v];
        else
            for (uint32_t v = a; v < b; v++)
                src[v - a] = g->whole[v] ? vs->data + g->base[v] : vf_zero_span;
        gather_shared(g->layout, slot, src, b - a, g->dst + (size_t)a * rs);
        return;
    }
    for (uint32_t f = 0; f < slot->num_fetch; f++) {
        const struct vf_element *e = vf_fetched_element(g->layout, slot, f);
        for (uint32_t v = a; v < b; v++) {
            /* Rules §4.1, §6: (uint32)(k * stride + offset), whole element
             * inside the view; cut positions fetch nothing. */
            uint32_t addr = g->base[v] + e->offset;
            int in = (uint64_t)addr + e->size <= vs->size && !(g->cut && g->cut[v]);
            src[v - a] = in ? vs->data + addr : vf_zero_block;
        }
        uint8_t *d = g->dst + (size_t)a * rs + (size_t)e->record_register * 16;
        e->kernel.gather(src, 0, b - a, (uint32_t *)(void *)d, rs);
        vf_apply_mapping_run(e, d, b - a, rs);
    }
}

/* Views of at most this many bytes are not prefetched: after a draw's
 * first batches they are in L1, where a prefetch is a load for nothing.
 * Without it an in-cache indexed draw of the static mesh (25 KB of
 * vertices) ran 1.05-1.10x faster on the Xeon model 167; random indices
 * into a streaming view ran at 0.62x without it, so larger views keep it. */
#define PREFETCH_MIN_VIEW (32u * 1024u)

/* Starts the cache miss of every vertex of a gathered batch whose slot span
 * is in the view (whole[v]; whole == NULL: every vertex). */
static void prefetch_batch(const struct vf_slot_view *vs, const uint32_t *base,
                           const uint8_t *whole, uint32_t n)
{
#if defined(__GNUC__)
    if (vs->size <= PREFETCH_MIN_VIEW)
        return;
    for (uint32_t v = 0; v < n; v++)
        if (whole == NULL || whole[v])
            __builtin_prefetch(vs->data + base[v]);
#else
    (void)vs, (void)base, (void)whole, (void)n;
#endif
}

/* Starts the cache misses of the slot bytes `ahead` (the layout's
 * distance, chosen per CPU: cpu.c) past the ones a strided batch is about
 * to decode: [first, first + n * stride) shifted by that distance and
 * clipped to the view. The hardware prefetchers alone lose the stream at
 * some buffer alignments (a vertex buffer 64 bytes into a page ran at 55%
 * of the speed of a page-aligned one on AMD Zen); a prefetch never faults,
 * and none is issued past the view. */
static void prefetch_strided(const struct vf_slot_view *vs, uint32_t ahead, uint64_t first,
                             uint32_t n)
{
#if defined(__GNUC__)
    uint64_t from = first + ahead;
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
    (void)vs, (void)ahead, (void)first, (void)n;
#endif
}

/* Whether vertices k0 .. k0 + n - 1 (n > 0) are consecutive, no k
 * wrapping, and the last vertex's whole slot span is inside the view: then
 * every element of every vertex is in bounds at k * stride + offset
 * without wrapping. */
static int linear_inside(const struct vf_slot_view *vs, uint32_t k0, uint32_t n)
{
    uint64_t klast = (uint64_t)k0 + (n - 1);
    return klast <= UINT32_MAX && klast * vs->stride + vs->span <= vs->size;
}

/* Vertices k0 .. k0 + n - 1 when linear_inside: one strided call per
 * element does the batch. Returns 0 when not. */
static int fetch_slot_linear(const struct vf_layout *layout, const struct vf_slot_view *vs,
                             uint32_t k0, uint32_t n, uint8_t *dst)
{
    if (!linear_inside(vs, k0, n))
        return 0;
    uint32_t ahead = vs->slot->jit_strided ? layout->prefetch_generated : layout->prefetch_ahead;
    if (ahead)
        prefetch_strided(vs, ahead, (uint64_t)k0 * vs->stride, n);
    slot_strided(layout, vs, vs->data + (size_t)k0 * vs->stride, n, dst);
    return 1;
}

/* The largest offset at which a vertex's whole slot span lies in the
 * view (base <= it); *outside is set when no vertex's can. */
static uint32_t span_last_base(const struct vf_slot_view *vs, uint32_t *outside)
{
    *outside = vs->size < vs->span;
    return vs->size >= vs->span ? vs->size - vs->span : 0;
}

/* Each vertex's (uint32)(k * stride) (rules §4.1, §5.1: k is
 * BaseVertexLocation + index, or StartVertexLocation + i, both mod 2^32).
 * Returns nonzero when some vertex's slot span may leave the view.
 * Branch-free, so the compiler may vectorize it. */
static uint32_t vertex_bases(const struct vf_isa_impl *impl, const struct vf_slot_view *vs,
                             uint32_t kbase, const uint32_t *index, uint32_t n, uint32_t *base)
{
    uint32_t stride = vs->stride, outside;
    uint32_t last_base = span_last_base(vs, &outside);
    if (index && impl->vertex_bases)
        return impl->vertex_bases(kbase, index, n, stride, last_base, base) | outside;
    if (index)
        for (uint32_t v = 0; v < n; v++) {
            base[v] = (kbase + index[v]) * stride;
            outside |= base[v] > last_base;
        }
    else
        for (uint32_t v = 0; v < n; v++) {
            base[v] = (kbase + v) * stride;
            outside |= base[v] > last_base;
        }
    return outside;
}

/* Sets whole[v] for the vertices whose slot span is in the view and that
 * are no cut. Returns nonzero when some vertex is partly inside: some of
 * its elements may be, as its span starts in the view or may wrap around
 * 2^32 into it. */
static uint32_t classify_vertices(const struct vf_slot_view *vs, const uint32_t *base,
                                  const uint8_t *cut, uint32_t n, uint8_t *whole)
{
    uint32_t partial = 0;
    for (uint32_t v = 0; v < n; v++) {
        int is_cut = cut && cut[v];
        whole[v] = (uint64_t)base[v] + vs->span <= vs->size && !is_cut;
        partial |= !whole[v] && !is_cut &&
                   (base[v] < vs->size || base[v] > UINT32_MAX - VF_MAX_ELEMENT_END);
    }
    return partial;
}

/* Scattered indices rarely form runs worth finding. They are latency-bound:
 * start every vertex's cache miss before the kernels wait on the first. */
static void fetch_slot_scattered(struct gather_batch *g, uint32_t outside, uint32_t n,
                                 uint8_t *whole)
{
    if (!outside && !g->cut) {
        /* The common indexed batch: every vertex inside. */
        prefetch_batch(g->vs, g->base, NULL, n);
        g->shared = 1;
        slot_gather(g, 0, n);
        return;
    }
    g->shared = !classify_vertices(g->vs, g->base, g->cut, n, whole);
    g->whole = whole;
    prefetch_batch(g->vs, g->base, whole, n);
    slot_gather(g, 0, n);
}

/* Runs of vertices whose slot data follow each other at `stride` go to the
 * strided kernels, the rest to gather. */
static void fetch_slot_runs(struct gather_batch *g, uint32_t n, uint8_t *whole)
{
    const struct vf_slot_view *vs = g->vs;
    const uint32_t *base = g->base;
    g->shared = !classify_vertices(vs, base, g->cut, n, whole);
    g->whole = whole;
    uint32_t gather_from = 0;
    uint32_t v = 0;
    while (v < n) {
        if (!whole[v]) {
            v++;
            continue;
        }
        uint32_t end = v + 1;
        while (end < n && whole[end] && (uint64_t)base[end - 1] + vs->stride == base[end])
            end++;
        if (end - v >= VF_RUN_MIN) {
            if (gather_from < v)
                slot_gather(g, gather_from, v);
            slot_strided(g->layout, vs, vs->data + base[v], end - v,
                         g->dst + (size_t)v * g->layout->record_size);
            gather_from = end;
        }
        v = end;
    }
    if (gather_from < n)
        slot_gather(g, gather_from, n);
}

/* A batch that is not one strided run: an address per vertex, then runs
 * or gathers. Out of line, so that the linear batch, all of a small draw,
 * does not pay for its 1.3 KiB of arrays and its saved registers. */
static VF_NOINLINE void fetch_slot_addressed(const struct vf_plan *plan,
                                             const struct vf_slot_view *vs,
                                             const struct vf_batch_indices *bi, uint32_t kbase,
                                             int scattered, uint32_t n, uint8_t *dst)
{
    uint32_t base[VF_BATCH];
    uint8_t whole[VF_BATCH];
    uint32_t outside = vertex_bases(plan->layout->impl, vs, kbase,
                                    plan->indexed ? bi->index : NULL, n, base);
    struct gather_batch g = { plan->layout, vs, base, NULL, bi->cut, 0, dst };
    if (scattered)
        fetch_slot_scattered(&g, outside, n, whole);
    else
        fetch_slot_runs(&g, n, whole);
}

/* Fetches one per-vertex slot for the n positions of a batch; `bi` holds
 * the indices of an indexed draw. */
void vf_fetch_slot(const struct vf_plan *plan, const struct vf_slot_view *vs,
                   const struct vf_batch_indices *bi, uint32_t pos, uint32_t n, uint8_t *dst)
{
    int scattered = plan->indexed && !(bi->flags & VF_INDICES_SEQUENTIAL);
    uint32_t kbase = plan->indexed ? plan->base_vertex : plan->start_location + pos;
    /* Rules §4.1: k = StartVertexLocation + i, or BaseVertexLocation +
     * consecutive indices. */
    if (!scattered &&
        fetch_slot_linear(plan->layout, vs, plan->indexed ? kbase + bi->index[0] : kbase, n, dst))
        return;
    fetch_slot_addressed(plan, vs, bi, kbase, scattered, n, dst);
}

/* Each vertex's address from its raw index (vf_vertex_sources_fn). */
static uint32_t vertex_sources(const struct vf_isa_impl *impl, const struct vf_slot_view *vs,
                               uint32_t kbase, const uint8_t *index, uint32_t index_size,
                               uint32_t n, const uint8_t **src)
{
    uint32_t outside;
    uint32_t last_base = span_last_base(vs, &outside);
    vf_vertex_sources_fn sources = impl->vertex_sources;
    if (sources)
        return sources(vs->data, index, index_size, kbase, vs->stride, last_base, n, src) |
               outside;
    return vf_vertex_sources_from(0, vs->data, index, index_size, kbase, vs->stride, last_base,
                                  n, src) |
           outside;
}

/* Starts the cache miss of every vertex of a batch (see prefetch_batch). */
static void prefetch_sources(const struct vf_slot_view *vs, const uint8_t *const *src, uint32_t n)
{
#if defined(__GNUC__)
    if (vs->size <= PREFETCH_MIN_VIEW)
        return;
    for (uint32_t v = 0; v < n; v++)
        __builtin_prefetch(src[v]);
#else
    (void)vs, (void)src, (void)n;
#endif
}

/* Each vertex's address from its raw index, their cache misses started;
 * 0 when some vertex's slot span may leave the view. */
static int indexed_sources(const struct vf_plan *plan, const struct vf_slot_view *vs,
                           const uint8_t *index, uint32_t n, const uint8_t **src)
{
    if (vertex_sources(plan->layout->impl, vs, plan->base_vertex, index, plan->ib_index_size, n,
                       src))
        return 0;
    prefetch_sources(vs, src, n);
    return 1;
}

int vf_fetch_slot_indexed(const struct vf_plan *plan, const struct vf_slot_view *vs,
                          const uint8_t *index, uint32_t n, uint8_t *dst)
{
    const uint8_t *src[VF_BATCH];
    if (!indexed_sources(plan, vs, index, n, src))
        return 0;
    gather_shared(plan->layout, vs->slot, src, n, dst);
    return 1;
}

int vf_fetch_slot_soa(const struct vf_plan *plan, const struct vf_slot *soa,
                      const struct vf_slot_view *vs, const uint8_t *index, uint32_t pos,
                      uint32_t n, uint8_t *dst)
{
    if (index == NULL) {
        /* Rules §4.1: k = StartVertexLocation + i. */
        uint32_t k0 = plan->start_location + pos;
        if (!linear_inside(vs, k0, n))
            return 0;
        if (plan->layout->prefetch_generated)
            prefetch_strided(vs, plan->layout->prefetch_generated, (uint64_t)k0 * vs->stride, n);
        soa->jit_strided(vs->data + (size_t)k0 * vs->stride, vs->stride, n,
                         (uint32_t *)(void *)dst, 0);
        return 1;
    }
    const uint8_t *src[VF_BATCH];
    if (!indexed_sources(plan, vs, index, n, src))
        return 0;
    soa->jit_gather(src, 0, n, (uint32_t *)(void *)dst, 0);
    return 1;
}
