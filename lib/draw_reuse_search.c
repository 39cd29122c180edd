/*
 * draw_reuse_search.c - the serial search for the distinct indices of a
 * vertex-reuse draw, and the map from positions to records: a table
 * mapped directly by index where the indices span no more than it (any
 * densely numbered mesh), else a hash table. The split search over a pool
 * is draw_reuse_par.c.
 */
#include "draw_reuse_search.h"
#include "reuse_lookup.h"

#if defined(__GNUC__)
#  define VF_ALIGN_CODE __attribute__((aligned(64)))
#else
#  define VF_ALIGN_CODE
#endif

struct vf_index_source vf_reuse_index_source(const struct vf_plan *plan, uint32_t *map)
{
    uint32_t n = plan->vertex_count, isz = plan->ib_index_size;
    const uint8_t *data = plan->ib_data;
    uint32_t start = plan->start_location;
    struct vf_index_source src = { (const uint8_t *)map, 4 };
    /* In place for 2- and 4-byte indices; 1-byte ones (Vulkan's uint8)
     * are widened into the map like the indices that leave the view. */
    if (data && isz != 1 && (uint64_t)start + n <= UINT32_MAX &&
        ((uint64_t)start + n) * isz <= plan->ib_size) {
        src.data = data + (size_t)start * isz;
        src.size = isz;
        return src;
    }
    for (uint32_t v = 0; v < n; v++)
        map[v] = vf_plan_index_at(plan, v);
    return src;
}

/* Index v of a source of `size`-byte indices; a constant size lets the
 * callers below be compiled once per index size. */
static inline uint32_t load_index(const uint8_t *data, uint32_t size, uint32_t v)
{
    return size == 2 ? vf_load_u16(data + 2 * (size_t)v) : vf_load_u32(data + 4 * (size_t)v);
}

/* Smallest and largest index that is not a cut; lo > hi when there is
 * none. Without cuts, a loop the compiler can vectorise. */
static inline void index_bounds(const uint8_t *data, uint32_t size, uint32_t n, int cuts,
                                uint32_t cut, uint32_t *lo_ret, uint32_t *hi_ret)
{
    uint32_t lo = UINT32_MAX, hi = 0;
    if (!cuts) {
        for (uint32_t v = 0; v < n; v++) {
            uint32_t idx = load_index(data, size, v);
            lo = idx < lo ? idx : lo;
            hi = idx > hi ? idx : hi;
        }
    } else {
        for (uint32_t v = 0; v < n; v++) {
            uint32_t idx = load_index(data, size, v);
            if (idx == cut)
                continue;
            lo = idx < lo ? idx : lo;
            hi = idx > hi ? idx : hi;
        }
    }
    *lo_ret = n && lo <= hi ? lo : 1;
    *hi_ret = n && lo <= hi ? hi : 0;
}

/* The largest of n 32-bit indices: half the work of index_bounds, and
 * enough when the indices start near 0. The layout's ISA has it with
 * vectors where it can. */
static uint32_t index_max(const struct vf_isa_impl *impl, const uint8_t *data, uint32_t n)
{
    if (impl->reuse_max32)
        return impl->reuse_max32(data, n, 0);
    uint32_t hi = 0;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t idx = vf_load_u32(data + 4 * (size_t)v);
        hi = idx > hi ? idx : hi;
    }
    return hi;
}

/* Whether every one of n 32-bit indices lies in [lo, lo + span). This is
 * the test the common draw needs, and it vectorises with a one-instruction
 * chain per step; the running maximum of index_max, with SSE2's unsigned
 * compares emulated, runs at about a cycle an index, slower than memory
 * delivers a streaming index buffer; the AVX2 maximum (reuse_max32) is
 * faster still. */
static int indices_within(const struct vf_isa_impl *impl, const uint8_t *data, uint32_t n,
                          uint32_t lo, uint32_t span)
{
    if (impl->reuse_max32)
        return n == 0 || impl->reuse_max32(data, n, lo) < span;
    uint32_t over = 0;
    for (uint32_t v = 0; v < n; v++)
        over |= vf_load_u32(data + 4 * (size_t)v) - lo >= span;
    return over == 0;
}

/* Direct-mapped, where the indices span no more than the table (any mesh
 * whose vertices are numbered densely): slot (index - lo) holds the
 * index's record (vf_reuse_lookup). `next` records exist already (0 for a
 * whole draw, more for a later piece of one); returns the new count. */
static inline uint32_t dedupe_direct(const uint8_t *data, uint32_t size, uint32_t n, int cuts,
                                     uint32_t cut, uint32_t lo, uint32_t *table, uint32_t *map,
                                     uint32_t *unique, uint32_t next)
{
    for (uint32_t v = 0; v < n; v++) {
        uint32_t idx = load_index(data, size, v);
        if (cuts && idx == cut)
            map[v] = VF_REUSE_CUT;
        else
            map[v] = vf_reuse_lookup(idx, &table[idx - lo], unique, &next);
    }
    return next;
}

/* dedupe_direct of 16-bit indices without cuts, the in-cache draw of
 * nearly every mesh, in a function of its own aligned to a cache line:
 * inlined, the whole draw ran a sixth slower or faster with unrelated
 * edits around the loop; here its placement no longer depends on them.
 * Eight lookups a step, the index and map addresses stepped as pointers
 * (as lib/x86/reuse_sse2.c's searches): 0.73-0.86 the time of one a step
 * on grids of 784 to 62500 vertices (Xeon family 6 model 167). */
#define LOOKUP(k)                                                              \
    do {                                                                       \
        uint32_t idx_ = vf_load_u16(d + 2 * (k));                              \
        m[k] = vf_reuse_lookup(idx_, &table[idx_], unique, &next);             \
    } while (0)
static VF_NOINLINE VF_ALIGN_CODE uint32_t dedupe_direct16(const uint8_t *data, uint32_t n,
                                                          uint32_t *table, uint32_t *map,
                                                          uint32_t *unique)
{
    uint32_t next = 0, *m = map;
    const uint8_t *d = data;
    VF_REUSE_WALK8(LOOKUP, d, m, data, n, 2);
    return next;
}
#undef LOOKUP

/* Indices per step of the 32-bit direct dedupe: 4 KiB, checked against
 * the table's span and then deduped while they are in L1. */
#define BLOCK 1024u

/* The direct dedupe of n 32-bit indices without cuts, all expected in
 * [lo, lo + span) (span at most the table's slots): each block is checked
 * just before it is deduped, so the index buffer is read from memory once,
 * not once for the check and once more for the dedupe. Returns
 * VF_REUSE_OUTSIDE_SPAN when an index is not in the span, having written
 * part of the map and table, which the caller then fills again another
 * way.
 *
 * With `stream`, the layout's streaming search writes the map with
 * non-temporal stores, checking each index as it goes. On a streaming grid
 * mesh this saves the map's read for ownership, a seventh of the draw's
 * memory traffic, and the stores drain while the search goes on. */
static uint32_t dedupe_within(const struct vf_isa_impl *impl, const uint8_t *data, uint32_t n,
                              uint32_t lo, uint32_t span, uint32_t *table, uint32_t *map,
                              int stream, uint32_t *unique)
{
    uint32_t next = 0;
    if (stream) {
        next = impl->reuse_search_stream(data, n, lo, span, table, map, unique, 0);
        impl->stream_fence(); /* before the map is written again or read */
        return next;
    }
    for (uint32_t v = 0; next != VF_REUSE_OUTSIDE_SPAN && v < n; v += BLOCK) {
        uint32_t step = n - v < BLOCK ? n - v : BLOCK;
        const uint8_t *block = data + 4 * (size_t)v;
        next = indices_within(impl, block, step, lo, span)
                   ? dedupe_direct(block, 4, step, 0, 0, lo, table, map + v, unique, next)
                   : VF_REUSE_OUTSIDE_SPAN;
    }
    return next;
}

/* Open addressing, linear probing, Fibonacci hashing: a slot holds a
 * record, whose index is in `unique`. At most half full, so a lookup
 * probes about two slots. */
static uint32_t dedupe_hash(const uint8_t *data, uint32_t size, uint32_t n, int cuts,
                            uint32_t cut, uint32_t *table, uint64_t slots, uint32_t *map,
                            uint32_t *unique)
{
    uint32_t next = 0;
    unsigned bits = 0;
    while (((uint64_t)1 << bits) < slots)
        bits++;
    uint64_t mask = slots - 1;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t idx = load_index(data, size, v);
        if (cuts && idx == cut) {
            map[v] = VF_REUSE_CUT;
            continue;
        }
        uint64_t h = ((uint64_t)idx * 0x9E3779B97F4A7C15ull) >> (64 - bits);
        for (;; h = (h + 1) & mask) {
            uint32_t rec = table[h];
            if (rec == VF_REUSE_SLOT_EMPTY) {
                unique[next] = idx;
                table[h] = next;
                map[v] = next++;
                break;
            }
            if (unique[rec] == idx) {
                map[v] = rec;
                break;
            }
        }
    }
    return next;
}

/* How many records per instance `out` holds, by the size formula of
 * vf_draw_output_size (units of `lanes` records); an upper bound only,
 * vf_reuse_map_target has the last word. */
static uint64_t map_capacity(const struct vf_plan *plan, const struct vf_map_target *t)
{
    uint64_t unit = (uint64_t)plan->unit_bytes * t->instances;
    if (unit == 0 || t->direct)
        return UINT64_MAX;
    return t->out_size / unit * plan->lanes;
}

/* draw_reuse_search.h. */
uint32_t *vf_reuse_map_target(const struct vf_map_target *t, uint32_t bound)
{
    size_t size;
    if (t->direct)
        return t->remap;
    if (vf_draw_output_size(t->layout, bound, t->instances, &size) != VF_OK ||
        t->out_size < size || (size && (!t->out || ((uintptr_t)t->out & 15u))))
        return t->staged;
    return t->remap;
}

/* Whether the map is worth streaming (see dedupe_within): it goes to
 * remap, is large, the layout can stream it, and the indices are not read
 * from the staged words. */
static int stream_map(const struct vf_plan *plan, const struct vf_map_target *t,
                      struct vf_index_source src, const uint32_t *map)
{
    return map == t->remap && src.data != (const uint8_t *)t->staged &&
           (uint64_t)plan->vertex_count * 4 >= VF_REUSE_STREAM_MAP_BYTES &&
           plan->layout->impl->reuse_search_stream != NULL && ((uintptr_t)map & 3u) == 0;
}

/* The search of 16-bit indices without cuts where the ISA finds their
 * bounds: the span [lo, hi] bounds the records, so the map goes to remap
 * whenever the output holds that many (not only a record per position),
 * and the ISA's search clears the span first where it is at most twice
 * the positions: a slot costs a quarter of a 16-byte store, the lookup it
 * spares a load that waits on another (vf_reuse_lookup's check). */
static uint32_t search16(const struct vf_isa_impl *impl, const uint8_t *data, uint32_t n,
                         const struct vf_map_target *t, uint32_t *table, uint32_t *unique,
                         uint32_t **map_ret)
{
    uint32_t lo, hi;
    impl->reuse_bounds16(data, n, &lo, &hi);
    uint32_t span = hi - lo + 1;
    uint32_t *map = *map_ret = vf_reuse_map_target(t, span < n ? span : n);
    if (span <= 2 * (uint64_t)n)
        return impl->reuse_search16(data, n, lo, hi, table, map, unique);
    return dedupe_direct16(data, n, table, map, unique);
}

/* draw_reuse_search.h. Each index size gets its own copy of the loops. */
uint32_t vf_reuse_search(const struct vf_plan *plan, const struct vf_map_target *t,
                         struct vf_index_source src, uint32_t *unique, uint32_t *table,
                         uint32_t **map_ret)
{
    uint32_t n = plan->vertex_count, lo = 0, hi = VF_REUSE_SLOTS_16BIT - 1, cut = plan->cut_value;
    int cuts = plan->cut_enabled;
    uint64_t slots = vf_reuse_table_slots(plan);
    const struct vf_isa_impl *impl = plan->layout->impl;
    if (src.size == 2 && slots >= VF_REUSE_SLOTS_16BIT) {
        if (!cuts && impl->reuse_bounds16)
            return search16(impl, src.data, n, t, table, unique, map_ret);
        uint32_t bound = n < VF_REUSE_SLOTS_16BIT ? n : VF_REUSE_SLOTS_16BIT;
        uint32_t *map = *map_ret = vf_reuse_map_target(t, bound);
        if (!cuts)
            return dedupe_direct16(src.data, n, table, map, unique);
        return dedupe_direct(src.data, 2, n, 1, cut, 0, table, map, unique, 0);
    }
    uint64_t cap = map_capacity(plan, t), limit = cap < slots ? cap : slots;
    uint32_t top = 0; /* the largest index, once read */
    int have_top = 0;
    if (!cuts && src.size == 4 && limit > 0) {
        /* The common case: indices from 0, within the table and the
         * output. Found out while deduping where a failure midway harms
         * nothing, else checked first: remap may be written only when no
         * error can follow (the output holds a record per position), and
         * indices read from the staged words must not be overwritten. */
        uint32_t bound = limit < n ? (uint32_t)limit : n;
        uint32_t *map = vf_reuse_map_target(t, bound);
        int within = (map != t->remap || bound == n) &&
                     (map != t->staged || src.data != (const uint8_t *)t->staged);
        if (!within && impl->reuse_max32) { /* the check, and the span below */
            top = impl->reuse_max32(src.data, n, 0);
            have_top = 1;
            within = top < limit;
        } else if (!within) {
            within = indices_within(impl, src.data, n, 0, (uint32_t)limit);
        }
        if (within) {
            uint32_t next = dedupe_within(impl, src.data, n, 0, (uint32_t)limit, table, map,
                                          stream_map(plan, t, src, map), unique);
            if (next != VF_REUSE_OUTSIDE_SPAN) {
                *map_ret = map;
                return next;
            }
        }
    }
    if (!cuts && src.size == 4 && (hi = have_top ? top : index_max(impl, src.data, n)) < slots)
        lo = 0; /* indices from 0 that fit the table */
    else if (src.size == 2)
        index_bounds(src.data, 2, n, cuts, cut, &lo, &hi);
    else
        index_bounds(src.data, 4, n, cuts, cut, &lo, &hi);
    uint64_t span = hi < lo ? 0 : (uint64_t)hi - lo + 1;
    uint32_t *map = *map_ret = vf_reuse_map_target(t, span < n ? (uint32_t)span : n);
    if (span == 0) { /* only cuts */
        for (uint32_t v = 0; v < n; v++)
            map[v] = VF_REUSE_CUT;
        return 0;
    }
    if (span <= slots) {
        if (src.size == 2)
            return dedupe_direct(src.data, 2, n, cuts, cut, lo, table, map, unique, 0);
        if (!cuts) /* every index is in the span: the check cannot fail */
            return dedupe_within(plan->layout->impl, src.data, n, lo, (uint32_t)span, table, map,
                                 stream_map(plan, t, src, map), unique);
        return dedupe_direct(src.data, 4, n, 1, cut, lo, table, map, unique, 0);
    }
    memset(table, 0xff, (size_t)slots * 4); /* every slot VF_REUSE_SLOT_EMPTY */
    return dedupe_hash(src.data, src.size, n, cuts, cut, table, slots, map, unique);
}
