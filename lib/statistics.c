/*
 * statistics.c - the IA and VS pipeline statistics of a draw, as the
 * D3D11.3 functional spec's pipeline-statistics query defines them
 * (20.4.7; docs/d3d-ia-rules.md §16), without fetching a record.
 *
 * The positions of an instance split into pieces at strip cuts exactly as
 * for primitive assembly (prim_source.h). Per piece of m vertices holding
 * c complete primitives, of which the first u vertices are used:
 *  - IAVertices counts all m (a cut position is no vertex), the lower
 *    figure only the u that complete primitives use (spec 20.4.7: partial
 *    primitives may be dropped before the IA counts them);
 *  - IAPrimitives counts c;
 *  - with no post-VS cache every primitive shades its own vertices and a
 *    late drop shades the rest too: c * vpp + (m - u) invocations;
 *  - with an infinite cache each distinct vertex of the instance is shaded
 *    once: distinct raw indices among the used positions (indexed), or the
 *    used positions (not indexed: every vertex ID is new).
 * Every instance reads the same positions, and no cache spans instances
 * (SV_InstanceID differs), so the per-instance figures scale.
 */
#include "vf_internal.h"
#include "d3d11_internal.h"
#include "prim_source.h"

/* 32-bit index sets of draws up to this many positions live on the stack. */
#define STACK_SLOTS 1024u
#define STACK_MAX_POSITIONS (STACK_SLOTS / 2)

/* A set of raw index values: a bitmap over all 16-bit values, or an
 * open-addressing hash table of `mask + 1` slots (a power of two at least
 * twice the positions, so probes end) with an occupancy bitmap. */
struct index_set {
    uint64_t *used;     /* one bit per value (16-bit) or per slot */
    uint32_t *keys;     /* NULL for the 16-bit bitmap */
    uint32_t mask;
    uint32_t shift;     /* 32 - log2(slots) */
};

/* Adds v; 1 when it was not in the set yet. */
static int set_add(struct index_set *s, uint32_t v)
{
    if (!s->keys) {
        uint64_t bit = (uint64_t)1 << (v & 63);
        int fresh = !(s->used[v >> 6] & bit);
        s->used[v >> 6] |= bit;
        return fresh;
    }
    /* Fibonacci hashing spreads runs of nearby indices over the table. */
    uint32_t slot = (uint32_t)(v * 0x9e3779b1u) >> s->shift;
    for (;; slot = (slot + 1) & s->mask) {
        uint64_t bit = (uint64_t)1 << (slot & 63);
        if (!(s->used[slot >> 6] & bit)) {
            s->used[slot >> 6] |= bit;
            s->keys[slot] = v;
            return 1;
        }
        if (s->keys[slot] == v)
            return 0;
    }
}

/* Slots of the hash table for n positions: the smallest power of two at
 * least 2n, at least 64 (one bitmap word), at most 2^32 (n < 2^32 values
 * always leave a slot free, so a probe ends). */
static uint64_t hash_slots(uint32_t n)
{
    uint64_t t = 64;
    while (t < 2 * (uint64_t)n && t < ((uint64_t)1 << 32))
        t <<= 1;
    return t;
}

static size_t hash_bytes(uint64_t slots)
{
    return (size_t)(slots * 4 + slots / 8);
}

/* Whether the draw's distinct vertices go in a hash table rather than the
 * 8 KiB bitmap of all 16-bit values: 32-bit indices always, and small
 * 16-bit draws, where clearing the bitmap would cost more than the draw. */
static int needs_hash(const struct prim_source *src)
{
    return src->index_size == 4 || src->n <= STACK_MAX_POSITIONS;
}

/* Scratch bytes for the draw: 0 unless 32-bit indices and more positions
 * than the stack table takes; *bytes_ret untouched on overflow. */
static vf_result scratch_bytes(const struct prim_source *src, size_t *bytes_ret)
{
    if (!needs_hash(src) || src->n <= STACK_MAX_POSITIONS) {
        *bytes_ret = 0;
        return VF_OK;
    }
    uint64_t slots = hash_slots(src->n);
    if (slots > (uint64_t)SIZE_MAX / 5)
        return VF_ERROR_OVERFLOW;
    *bytes_ret = hash_bytes(slots);
    return VF_OK;
}

/* Vertices of a piece of m that its c complete primitives use: a list's
 * trailing vertices and a triangle strip with adjacency's dangling odd
 * vertex are left out; every other strip uses all of a piece that holds
 * a primitive. */
static uint32_t piece_used(const struct prim_source *src, uint32_t m, uint32_t c)
{
    if (c == 0)
        return 0;
    if (src->kind == KIND_LIST)
        return c * src->vpp;
    if (src->kind == KIND_TRI_STRIP_ADJ)
        return 2 * c + 4;
    return m;
}

/* One instance's figures. */
struct instance_stats {
    uint64_t vertices, used, primitives, shaded_max, distinct;
};

/* Walks the pieces of one instance; `set` is NULL for non-indexed draws
 * and draws without index data (every index reads 0). */
static void count_instance(const struct prim_source *src, int indexed, struct index_set *set,
                           struct instance_stats *st)
{
    uint32_t pos = 0, start, len;
    int zero_seen = 0;
    memset(st, 0, sizeof(*st));
    while (vf_prim_next_piece(src, &pos, &start, &len)) {
        uint32_t c = vf_prim_piece_count(src, len), u = piece_used(src, len, c);
        st->vertices += len;
        st->used += u;
        st->primitives += c;
        st->shaded_max += (uint64_t)c * src->vpp + (len - u);
        if (!indexed)
            st->distinct += u;
        else if (!set)
            zero_seen |= u > 0;
        else
            for (uint32_t p = start; p < start + u; p++)
                st->distinct += (uint32_t)set_add(set, vf_prim_index_at(src, p));
    }
    if (indexed && !set)
        st->distinct = (uint64_t)zero_seen;
}

/* Sets up the index set of an indexed draw with index data, in `stack`
 * (STACK_SLOTS keys and their bits, or the 16-bit bitmap) or `scratch`. */
static vf_result set_init(const struct prim_source *src, uint64_t *bitmap16, uint32_t *stack_keys,
                          void *scratch, size_t scratch_size, struct index_set *set)
{
    if (!needs_hash(src)) {
        memset(bitmap16, 0, 65536 / 8);
        set->used = bitmap16;
        set->keys = NULL;
        return VF_OK;
    }
    uint64_t slots = STACK_SLOTS;
    set->keys = stack_keys;
    set->used = bitmap16; /* STACK_SLOTS bits fit in the bitmap's storage */
    if (src->n > STACK_MAX_POSITIONS) {
        size_t need;
        vf_result r = scratch_bytes(src, &need);
        if (r != VF_OK)
            return r;
        if (!scratch)
            return VF_ERROR_NULL_POINTER;
        if (scratch_size < need)
            return VF_ERROR_OUTPUT_TOO_SMALL;
        if ((uintptr_t)scratch % 8 != 0)
            return VF_ERROR_INVALID_ARGUMENT;
        slots = hash_slots(src->n);
        set->used = scratch;
        set->keys = (uint32_t *)((uint64_t *)scratch + slots / 64);
    }
    memset(set->used, 0, (size_t)(slots / 8));
    set->mask = (uint32_t)(slots - 1);
    uint32_t log2 = 0;
    while (((uint64_t)1 << log2) < slots)
        log2++;
    set->shift = 32 - log2;
    return VF_OK;
}

vf_result vf_stats_scratch_size(const vf_draw_desc *desc, int cut_lists, size_t *bytes_ret)
{
    struct prim_source src;
    vf_result r = vf_prim_source_init(desc, cut_lists, &src);
    if (r != VF_OK)
        return r;
    if (!bytes_ret)
        return VF_ERROR_NULL_POINTER;
    return scratch_bytes(&src, bytes_ret);
}

vf_result vf_stats(const vf_draw_desc *desc, int cut_lists, void *scratch, size_t scratch_size,
                   vf_pipeline_statistics *stats_ret)
{
    struct prim_source src;
    vf_result r = vf_prim_source_init(desc, cut_lists, &src);
    if (r != VF_OK)
        return r;
    if (!stats_ret)
        return VF_ERROR_NULL_POINTER;

    uint64_t bitmap[65536 / 64];
    uint32_t keys[STACK_SLOTS];
    struct index_set set, *setp = NULL;
    if (desc->indexed && src.index_size != 0) {
        if ((r = set_init(&src, bitmap, keys, scratch, scratch_size, &set)) != VF_OK)
            return r;
        setp = &set;
    }
    struct instance_stats st;
    count_instance(&src, (int)desc->indexed, setp, &st);
    /* Per instance the largest figure, shaded_max, is below 2^35 (at most
     * 4 invocations a position); times 2^32 instances it may not fit. */
    uint64_t k = desc->instance_count;
    if (k != 0 && st.shaded_max > UINT64_MAX / k)
        return VF_ERROR_OVERFLOW;
    stats_ret->ia_vertices = st.vertices * k;
    stats_ret->ia_vertices_min = st.used * k;
    stats_ret->ia_primitives = st.primitives * k;
    stats_ret->vs_invocations_min = st.distinct * k;
    stats_ret->vs_invocations_max = st.shaded_max * k;
    return VF_OK;
}

vf_result vf_draw_statistics_scratch_size(const vf_draw_desc *desc, size_t *bytes_ret)
{
    return vf_stats_scratch_size(desc, 0, bytes_ret);
}

vf_result vf_draw_statistics(const vf_draw_desc *desc, void *scratch, size_t scratch_size,
                             vf_pipeline_statistics *stats_ret)
{
    return vf_stats(desc, 0, scratch, scratch_size, stats_ret);
}
