/*
 * fuzz_primitives.c - primitive assembly from arbitrary bytes.
 *
 * The input chooses a draw as vf_draw_primitives sees it: the topology
 * (valid or not), indexed or not, an index buffer (format, size, contents
 * with cuts, a view shorter than the draw), the cut value, the position
 * count and the start location over its whole range, and an output size
 * and first primitive. Index and output buffers are exact-size
 * allocations, so ASan reports any access past them.
 *
 * Checks, aborting on any difference:
 *  - a rejected draw gives the same code from both calls and writes nothing;
 *  - the count and the whole list equal tests/ref/prim_ref.c, a model
 *    written from the spec;
 *  - the part written into the fuzzed output size is that part of the
 *    whole list, whole primitives only, and nothing after it changes;
 *  - vf_draw_statistics fails exactly when the count does, and otherwise
 *    equals tests/ref/stats_ref.c (scratch of exactly the asked size).
 */
#include "fuzz_input.h"

#include "prim_ref.h"
#include "stats_ref.h"

#define MAX_POSITIONS 20000u

static const uint32_t topologies[] = { 1, 2, 3, 4, 5, 10, 11, 12, 13, 33, 35, 36, 64,
                                       0, 6, 9, 14, 65 /* not topologies */ };

/* The list read with a cursor in pieces of out_count words equals the
 * reference; a cursor whose walk fields come from the input (tagged as
 * one for this draw) is refused or writes only inside out. */
static void check_cursor(fz_input *in, const vf_draw_desc *d, const uint32_t *ref,
                         uint32_t count, uint32_t vpp, uint32_t *out, size_t out_count)
{
    vf_primitive_cursor cur;
    uint32_t done = 0, w = 0;
    FZ_CHECK(vf_primitive_cursor_init(d, &cur) == VF_OK, "cursor init refused a valid draw");
    for (;;) {
        vf_result r = vf_draw_primitives_next(d, &cur, out, out_count, &w);
        if (r == VF_ERROR_OUTPUT_TOO_SMALL) {
            FZ_CHECK(out_count < vpp && done < count && w == 0, "cursor: too small at %u", done);
            break;
        }
        FZ_CHECK(r == VF_OK, "cursor gave %d at primitive %u", (int)r, done);
        if (w == 0)
            break;
        FZ_CHECK(done + w <= count && memcmp(out, ref + (size_t)done * vpp, (size_t)w * vpp * 4) == 0,
                 "cursor list differs from the reference at primitive %u", done);
        done += w;
        FZ_CHECK(cur.next_primitive == done, "cursor next_primitive %u, %u written",
                 cur.next_primitive, done);
    }
    FZ_CHECK(done == count || out_count < vpp, "cursor wrote %u of %u primitives", done, count);

    vf_primitive_cursor forged;
    FZ_CHECK(vf_primitive_cursor_init(d, &forged) == VF_OK, "cursor init refused a valid draw");
    forged.next_primitive = fz_u32(in);
    for (int k = 0; k < 4; k++)
        forged.internal_[k] = fz_u16(in);
    vf_result r = vf_draw_primitives_next(d, &forged, out, out_count, &w);
    FZ_CHECK(r == VF_OK || r == VF_ERROR_INVALID_ARGUMENT || r == VF_ERROR_OUTPUT_TOO_SMALL,
             "forged cursor gave %d", (int)r);
    FZ_CHECK(r != VF_OK || (size_t)w * vpp <= out_count, "forged cursor wrote %u primitives", w);
}

/* The statistics of `d` against the reference (res: the count's result). */
static void check_statistics(const vf_draw_desc *d, vf_result res, const uint8_t *cut)
{
    size_t bytes = 0;
    vf_result r = vf_draw_statistics_scratch_size(d, &bytes);
    FZ_CHECK(r == res, "statistics scratch size gave %d, count %d", (int)r, (int)res);
    if (r != VF_OK)
        return;
    uint64_t *scratch = bytes ? malloc(bytes) : NULL;
    FZ_CHECK(bytes == 0 || scratch != NULL, "out of memory");
    vf_pipeline_statistics got, want;
    r = vf_draw_statistics(d, scratch, bytes, &got);
    free(scratch);
    FZ_CHECK(r == VF_OK, "statistics gave %d", (int)r);
    stats_ref(d, cut, &want);
    FZ_CHECK(memcmp(&got, &want, sizeof(got)) == 0,
             "statistics %llu %llu %llu [%llu, %llu], reference %llu %llu %llu [%llu, %llu]",
             (unsigned long long)got.ia_vertices, (unsigned long long)got.ia_vertices_min,
             (unsigned long long)got.ia_primitives, (unsigned long long)got.vs_invocations_min,
             (unsigned long long)got.vs_invocations_max, (unsigned long long)want.ia_vertices,
             (unsigned long long)want.ia_vertices_min, (unsigned long long)want.ia_primitives,
             (unsigned long long)want.vs_invocations_min,
             (unsigned long long)want.vs_invocations_max);
}

static void check(const uint8_t *data, size_t size)
{
    fz_input in = { data, size, 0 };
    vf_draw_desc d;
    vf_draw_desc_init(&d);
    uint8_t sel = fz_u8(&in);
    d.primitive_topology = topologies[sel % (sizeof(topologies) / sizeof(topologies[0]))];
    uint8_t flags = fz_u8(&in);
    d.indexed = flags & 1;
    uint32_t isz = flags & 2 ? 4 : 2;
    d.strip_cut_value = (flags >> 2) & 3; /* 3 is invalid */
    d.vertex_count_per_instance = fz_u16(&in) % MAX_POSITIONS;
    d.instance_count = fz_u8(&in);
    d.start_location = flags & 0x10 ? fz_u32(&in) : fz_u8(&in);
    uint32_t buf_count = fz_u16(&in) % MAX_POSITIONS;
    uint32_t view_bytes = flags & 0x20 ? fz_u32(&in) % (buf_count * isz + 3) : buf_count * isz;
    uint32_t cut_every = fz_u8(&in);
    size_t out_count = fz_u16(&in);
    uint32_t first = flags & 0x40 ? fz_u16(&in) : 0;

    uint8_t *ib_data = malloc((size_t)buf_count * isz + 1);
    FZ_CHECK(ib_data != NULL, "out of memory");
    fz_fill(&in, ib_data, (size_t)buf_count * isz);
    if (cut_every)
        for (uint32_t i = cut_every - 1; i < buf_count; i += cut_every)
            memset(ib_data + (size_t)i * isz, 0xff, isz);
    vf_index_buffer_view ib = { flags & 0x80 ? NULL : ib_data,
                                view_bytes < buf_count * isz ? view_bytes : buf_count * isz,
                                isz == 2 ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT };
    if (sel >= 200)
        ib.format = sel; /* some invalid formats */
    d.index_buffer = sel % 7 == 6 ? NULL : &ib;

    uint32_t count = 0xdeadbeefu, vpp = 0xdeadbeefu;
    size_t words = 0;
    vf_result res = vf_primitive_count(&d, &count, &vpp, &words);
    uint32_t *out = malloc(out_count * sizeof(uint32_t) + 1);
    FZ_CHECK(out != NULL, "out of memory");
    memset(out, 0xab, out_count * sizeof(uint32_t));
    uint32_t written = 0xdeadbeefu;
    vf_result res2 = vf_draw_primitives(&d, first, out, out_count, &written);

    if (res != VF_OK) {
        check_statistics(&d, res, NULL);
        FZ_CHECK(res2 == res, "count gave %d, list %d", (int)res, (int)res2);
        FZ_CHECK(count == 0xdeadbeefu && vpp == 0xdeadbeefu, "count written on error");
        FZ_CHECK(written == 0xdeadbeefu, "written set on error");
        for (size_t i = 0; i < out_count * sizeof(uint32_t); i++)
            FZ_CHECK(((uint8_t *)out)[i] == 0xab, "byte %zu written on error", i);
        free(out);
        free(ib_data);
        return;
    }

    uint32_t n = d.vertex_count_per_instance;
    uint8_t *cut = malloc(n + 1);
    FZ_CHECK(cut != NULL, "out of memory");
    prim_ref_cuts(&d, cut);
    uint32_t rcount, rvpp;
    uint32_t *ref = prim_ref_assemble(d.primitive_topology, n, cut, &rcount, &rvpp);
    check_statistics(&d, res, cut);
    free(cut);
    FZ_CHECK(count == rcount && vpp == rvpp, "count %u x %u, reference %u x %u", count, vpp,
             rcount, rvpp);
    FZ_CHECK(words == (size_t)count * vpp * d.instance_count, "draw words %zu", words);

    uint32_t left = first < count ? count - first : 0;
    uint32_t fit = (uint32_t)(out_count / vpp < left ? out_count / vpp : left);
    if (left && out_count < vpp) {
        FZ_CHECK(res2 == VF_ERROR_OUTPUT_TOO_SMALL && written == 0, "too small: %d, %u",
                 (int)res2, written);
        fit = 0;
    } else {
        FZ_CHECK(res2 == VF_OK, "list gave %d", (int)res2);
        FZ_CHECK(written == fit, "wrote %u primitives, expected %u", written, fit);
    }
    if (fit)
        FZ_CHECK(memcmp(out, ref + (size_t)first * vpp, (size_t)fit * vpp * 4) == 0,
                 "list differs from the reference from primitive %u", first);
    for (size_t i = (size_t)fit * vpp * 4; i < out_count * sizeof(uint32_t); i++)
        FZ_CHECK(((uint8_t *)out)[i] == 0xab, "byte %zu past the primitives written", i);
    check_cursor(&in, &d, ref, count, vpp, out, out_count);
    free(ref);
    free(out);
    free(ib_data);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check(data, size);
    return 0;
}
