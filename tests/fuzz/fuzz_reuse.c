/*
 * fuzz_reuse.c - vertex-reuse draws (vf_draw_reuse, and the two calls
 * vf_reuse_map then the draw of vf_reuse_records_desc) from arbitrary
 * bytes.
 *
 * The input chooses a small layout (a per-vertex slot and a per-instance
 * slot, formats from the IA list, system values), the ISA and output
 * shape, and a draw: indexed or not, index format, contents with cuts and
 * huge values, a view shorter than the draw, cut value, topology, counts,
 * start and base locations, and buffer sizes that may be too small. Every
 * buffer is an exact-size allocation, so ASan reports any access past it.
 *
 * Checks, aborting on any difference:
 *  - a failed call writes nothing to the output, the map or the count;
 *  - the map equals the first-seen numbering of the raw indices computed
 *    here, cuts mapping to VF_REUSE_CUT;
 *  - through the map, every record equals vf_draw's for that position;
 *  - a primitive list put in record numbers names each position's record;
 *  - the same on no pool or on pools of 2 to 16 threads that split every
 *    draw (the per-range search);
 *  - vf_reuse_map validates as vf_draw_reuse_scratch_size, writes nothing
 *    on error, and gives the reference's map and distinct indices, whose
 *    records draw holds vf_draw's records through the map.
 */
#include "fuzz_input.h"
#include "ia_ref.h"
#include "reuse_ref.h"

#define MAX_POSITIONS 1500u

static const uint32_t topologies[] = {
    VF_TOPOLOGY_POINTLIST,
    VF_TOPOLOGY_LINESTRIP,
    VF_TOPOLOGY_TRIANGLELIST,
    VF_TOPOLOGY_TRIANGLESTRIP,
    VF_TOPOLOGY_LINESTRIP_ADJ,
    VF_TOPOLOGY_TRIANGLESTRIP_ADJ,
    VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST,
};

static void *alloc16(size_t size)
{
    void *p = aligned_alloc(16, (size + 15) / 16 * 16 + 16);
    FZ_CHECK(p != NULL, "out of memory");
    return p;
}

/* Through the map, each record of `out` (u an instance) equals vf_draw's
 * record `per` of its position. */
static void check_records(const vf_layout *layout, const vf_draw_desc *d, const void *out,
                          const void *per, const uint32_t *want, uint32_t u)
{
    uint32_t n = d->vertex_count_per_instance;
    uint32_t lanes = vf_layout_output_shape(layout) ? vf_layout_output_shape(layout) : 1;
    uint32_t words = vf_layout_register_count(layout) * 4;
    for (uint32_t j = 0; j < d->instance_count; j++)
        for (uint32_t p = 0; p < n; p++)
            for (uint32_t w = 0; w < words && want[p] != VF_REUSE_CUT; w++)
                FZ_CHECK(ia_ref_out_word(out, lanes, words / 4,
                                         ia_ref_out_pos(lanes, u, j, want[p]), w) ==
                             ia_ref_out_word(per, lanes, words / 4, ia_ref_out_pos(lanes, n, j, p),
                                             w),
                         "instance %u position %u word %u", j, p, w);
}

/* The two calls: vf_reuse_map into buffers one short now and then
 * (`sizes`), then the records draw of the distinct indices into exactly
 * u records an instance. */
static void check_map_calls(const vf_layout *layout, const vf_draw_desc *d, uint8_t sizes,
                            const uint32_t *want, uint32_t u, const void *per)
{
    uint32_t n = d->vertex_count_per_instance;
    size_t ss = 0;
    FZ_CHECK(vf_reuse_map_scratch_size(layout, d, &ss) == VF_OK, "map scratch size");
    size_t give_ss = ss - (sizes & 1 && ss ? 4 : 0), give_remap = n - (sizes & 4 && n ? 1 : 0);
    size_t cap = d->indexed ? n - (sizes & 2 && n ? 1 : 0) : 0;
    void *scratch = calloc(1, give_ss + 1);
    uint32_t *remap = malloc(give_remap * 4 + 1), *unique = malloc(cap * 4 + 1), got_u = 7;
    FZ_CHECK(scratch && remap && unique, "out of memory");
    memset(remap, 0xab, give_remap * 4);
    memset(unique, 0xab, cap * 4);
    vf_result res = vf_reuse_map(layout, d, scratch, give_ss, remap, give_remap, unique, cap,
                                 &got_u);
    int exact = give_ss == ss && give_remap == n && (!d->indexed || n == 0 || cap == n);
    FZ_CHECK(exact ? res == VF_OK : res == VF_ERROR_OUTPUT_TOO_SMALL, "vf_reuse_map gave %d",
             (int)res);
    if (res != VF_OK) {
        FZ_CHECK(got_u == 7, "map count written on error");
        for (size_t i = 0; i < give_remap * 4; i++)
            FZ_CHECK(((uint8_t *)remap)[i] == 0xab, "map byte %zu written on error", i);
        for (size_t i = 0; i < cap * 4; i++)
            FZ_CHECK(((uint8_t *)unique)[i] == 0xab, "unique byte %zu written on error", i);
    } else {
        FZ_CHECK(got_u == u, "vf_reuse_map: %u records, expected %u", got_u, u);
        for (uint32_t p = 0; p < n; p++)
            FZ_CHECK(remap[p] == want[p], "vf_reuse_map: map[%u] = %u", p, remap[p]);
        vf_index_buffer_view ib;
        vf_draw_desc rd;
        size_t out_size;
        FZ_CHECK(vf_reuse_records_desc(d, unique, u, &ib, &rd) == VF_OK, "records desc");
        FZ_CHECK(vf_draw_output_size(layout, u, d->instance_count, &out_size) == VF_OK, "size");
        void *out = alloc16(out_size);
        FZ_CHECK(vf_draw(layout, &rd, out, out_size) == VF_OK, "records draw");
        check_records(layout, d, out, per, want, u);
        free(out);
    }
    free(scratch);
    free(remap);
    free(unique);
}

/* A pool of 1, 2, 3 or 15 worker threads told to split every draw (so the
 * per-range and split searches run on the smallest), or none, by `pick`.
 * Made once and kept for the process: a pool per input would spend the
 * run starting threads. */
static vf_thread_pool *pools[4];

/* The kept pools go at exit, so leak checkers see their threads joined. */
static void free_pools(void)
{
    for (int i = 0; i < 4; i++)
        vf_thread_pool_destroy(pools[i]);
}

static vf_thread_pool *fuzz_pool(uint8_t pick)
{
    static const uint32_t workers[4] = { 1, 2, 3, 15 };
    static int registered;
    if (pick % 5 == 4)
        return NULL;
    if (!registered)
        registered = atexit(free_pools) == 0;
    if (!pools[pick % 5]) {
        FZ_CHECK(vf_thread_pool_create(workers[pick % 5], &pools[pick % 5]) == VF_OK, "pool");
        vf_thread_pool_set_min_bytes(pools[pick % 5], 0);
    }
    return pools[pick % 5];
}

static void check(const uint8_t *data, size_t size)
{
    fz_input in = { data, size, 0 };
    vf_format fmts[128];
    uint32_t nfmts = 0;
    for (uint32_t i = 0; i < vf_format_count() && nfmts < 128; i++)
        if (vf_format_info_at(i)->ia_support & VF_IA_VERTEX_BUFFER)
            fmts[nfmts++] = vf_format_info_at(i)->format;

    vf_input_element_desc el[2] = {
        { "A", 0, fmts[fz_u8(&in) % nfmts], 0, 0, 0, 0 },
        { "B", 0, fmts[fz_u8(&in) % nfmts], 1, 0, 1, fz_u8(&in) % 4 },
    };
    uint8_t lf = fz_u8(&in);
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.system_values = lf & 7;
    static const uint32_t shapes[4] = { VF_OUTPUT_AOS, VF_OUTPUT_SOA4, VF_OUTPUT_SOA8,
                                        VF_OUTPUT_SOA16 };
    o.output_shape = shapes[(lf >> 3) & 3];
    o.isa = (lf >> 5) % VF_ISA_COUNT;
    if (!vf_isa_available(o.isa))
        o.isa = VF_ISA_AUTO;
    vf_layout *layout = NULL;
    if (vf_layout_create(el, 1 + (lf >> 7), &o, &layout, NULL) != VF_OK)
        return;

    uint8_t flags = fz_u8(&in);
    uint32_t isz = flags & 2 ? 4 : 2;
    vf_draw_desc d;
    vf_draw_desc_init(&d);
    d.indexed = 1;
    d.strip_cut_value = (flags >> 2) & 3; /* 3 is invalid */
    d.primitive_topology = topologies[fz_u8(&in) % 7];
    d.vertex_count_per_instance = fz_u16(&in) % MAX_POSITIONS;
    d.instance_count = fz_u8(&in) % 4;
    d.start_location = fz_u8(&in); /* a wrapping start: `sizes` below */
    d.base_vertex_location = (int32_t)fz_u32(&in);
    d.start_instance_location = fz_u8(&in);
    uint32_t buf_count = fz_u16(&in) % MAX_POSITIONS;
    uint32_t span = 1 + fz_u16(&in); /* indices below this, mostly */
    uint32_t cut_every = fz_u8(&in);
    uint32_t vb_size = fz_u16(&in) % 4096, stride = (fz_u8(&in) % 33) * 4;
    uint8_t sizes = fz_u8(&in);
    d.indexed = (flags & 1) || (sizes & 8);
    d.pool = fuzz_pool(fz_u8(&in));

    uint8_t *ib_data = malloc((size_t)buf_count * isz + 1);
    FZ_CHECK(ib_data != NULL, "out of memory");
    fz_fill(&in, ib_data, (size_t)buf_count * isz);
    for (uint32_t i = 0; i < buf_count; i++) {
        uint32_t v;
        memcpy(&v, ib_data + (size_t)i * isz, isz == 4 ? 4 : 2);
        if (isz == 2)
            v &= 0xffff;
        if ((v & 7) != 0) /* most indices dense, the rest anywhere */
            v %= span;
        if (cut_every && i % cut_every == cut_every - 1)
            v = 0xffffffffu;
        memcpy(ib_data + (size_t)i * isz, &v, isz);
    }
    if ((flags & 0x10) && (sizes & 0x20))
        d.start_location = 0u - d.start_location;
    vf_index_buffer_view ib = { (flags & 0x80) && (sizes & 0x40) ? NULL : ib_data,
                                flags & 0x20 ? buf_count * isz / 2 : buf_count * isz,
                                isz == 2 ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT };
    d.index_buffer = (flags & 0x40) && (sizes & 0x80) ? NULL : &ib;
    uint8_t *vb = malloc(vb_size + 1);
    FZ_CHECK(vb != NULL, "out of memory");
    fz_fill(&in, vb, vb_size);
    vf_vertex_buffer_view vbv[2] = { { vb, vb_size, stride }, { vb, vb_size, 16 } };
    d.vertex_buffers = vbv;
    d.num_vertex_buffers = 2;

    uint32_t n = d.vertex_count_per_instance;
    size_t scratch_size = 0, per_size = 0;
    vf_result res = vf_draw_reuse_scratch_size(layout, &d, &scratch_size);
    vf_result per_res = vf_draw_output_size(layout, n, d.instance_count, &per_size);
    if (res != VF_OK || per_res != VF_OK) {
        uint32_t u = 0xdeadbeefu;
        FZ_CHECK(vf_draw_reuse(layout, &d, NULL, 0, NULL, 0, NULL, 0, &u) == res || res == VF_OK,
                 "validation differs");
        FZ_CHECK(u == 0xdeadbeefu, "count written on error");
        size_t ms = 0;
        FZ_CHECK(vf_reuse_map_scratch_size(layout, &d, &ms) == res, "map validation differs");
        if (res != VF_OK) {
            FZ_CHECK(vf_reuse_map(layout, &d, NULL, 0, NULL, 0, NULL, 0, &u) == res,
                     "map validation differs");
            FZ_CHECK(u == 0xdeadbeefu, "map count written on error");
        }
        free(vb);
        free(ib_data);
        vf_layout_destroy(layout);
        return;
    }
    uint32_t *per = alloc16(per_size);
    FZ_CHECK(vf_draw(layout, &d, per, per_size) == VF_OK, "vf_draw failed");
    uint32_t *want = malloc((size_t)n * 4 + 4);
    FZ_CHECK(want != NULL, "out of memory");
    uint32_t u = reuse_ref_map(&d, want);
    size_t out_size;
    FZ_CHECK(vf_draw_output_size(layout, u, d.instance_count, &out_size) == VF_OK, "size");

    /* Sizes one short of what is needed, now and then. */
    size_t give_scratch = scratch_size - (sizes & 1 && scratch_size ? 4 : 0);
    size_t give_out = out_size - (sizes & 2 && out_size ? 1 : 0);
    size_t give_remap = n - (sizes & 4 && n ? 1 : 0);
    void *scratch = calloc(1, give_scratch + 1); /* zeroed for valgrind */
    uint32_t *out = alloc16(give_out);
    uint32_t *remap = malloc(give_remap * 4 + 1);
    FZ_CHECK(scratch && remap, "out of memory");
    memset(out, 0xab, give_out);
    memset(remap, 0xab, give_remap * 4);
    uint32_t got_u = 0xdeadbeefu;
    res = vf_draw_reuse(layout, &d, scratch, give_scratch, out, give_out, remap, give_remap,
                        &got_u);
    if (sizes & 7) {
        FZ_CHECK(res == VF_ERROR_OUTPUT_TOO_SMALL || (res == VF_OK && give_out == out_size &&
                                                      give_remap == n &&
                                                      give_scratch == scratch_size),
                 "short buffers gave %d", (int)res);
    }
    if (res != VF_OK) {
        FZ_CHECK(got_u == 0xdeadbeefu, "count written on error");
        for (size_t i = 0; i < give_out; i++)
            FZ_CHECK(((uint8_t *)out)[i] == 0xab, "output byte %zu written on error", i);
        for (size_t i = 0; i < give_remap * 4; i++)
            FZ_CHECK(((uint8_t *)remap)[i] == 0xab, "map byte %zu written on error", i);
    } else {
        FZ_CHECK(got_u == u, "%u records, expected %u", got_u, u);
        for (uint32_t p = 0; p < n; p++)
            FZ_CHECK(remap[p] == want[p], "map[%u] = %u, expected %u", p, remap[p], want[p]);
        check_records(layout, &d, out, per, want, u);
        uint32_t prims = 0, vpp = 0, written = 0;
        if (vf_primitive_count(&d, &prims, &vpp, NULL) == VF_OK && prims) {
            size_t nl = (size_t)prims * vpp;
            uint32_t *list = malloc(nl * 4), *orig = malloc(nl * 4);
            FZ_CHECK(list && orig, "out of memory");
            FZ_CHECK(vf_draw_primitives(&d, 0, list, nl, &written) == VF_OK, "primitives");
            memcpy(orig, list, nl * 4);
            FZ_CHECK(vf_reuse_remap_list(remap, n, list, nl) == VF_OK, "remap list");
            for (size_t i = 0; i < nl; i++)
                FZ_CHECK(list[i] == want[orig[i]], "primitive word %zu", i);
            free(list);
            free(orig);
        }
    }
    check_map_calls(layout, &d, sizes, want, u, per);
    free(scratch);
    free(out);
    free(remap);
    free(want);
    free(per);
    free(vb);
    free(ib_data);
    vf_layout_destroy(layout);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check(data, size);
    return 0;
}
