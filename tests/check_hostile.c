/*
 * check_hostile.c - hostile inputs: every one gets a clear error code or the
 * result the D3D rules define, never a crash and never a read or write
 * outside the caller's buffers.
 *
 * Data lives in guarded buffers (a PROT_NONE page right after the last
 * byte, or right before the first), so a stray read faults. Expected draw
 * results come from the IA reference walker (tests/ref/ia_ref.c, written
 * from d3d-ia-rules 4-6): element number k (32-bit wrapping), byte address
 * k * stride + offset (32-bit wrapping), in bounds iff address + size <=
 * SizeInBytes, out of bounds = zeros plus the format's defaults, unbound =
 * all zeros. The formats used (R32G32B32A32_UINT, R32_UINT, R16G16_UINT)
 * are integer formats, which the walker decodes by hand from their bits.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "ia_ref.h"
#include "layout_query.h"
#include "test_util.h"
#include "vfetch.h"

#define VF_ARRAY_LEN_T(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------------ */
/* The draw table                                                           */
/* ------------------------------------------------------------------------ */

/* Layout of every draw case: slot 0 per-vertex A (R32G32B32A32_UINT at 0)
 * and B (R32_UINT at 16); slot 1 per-instance C (R16G16_UINT at 0, step
 * rate from the case); the system register { VertexID, InstanceID, flags }. */
#define REC_WORDS 16u

struct hcase {
    const char *name;
    vf_result expect;
    uint32_t vb0_size, vb0_stride;
    int vb1_bound;               /* 0: slot 1 unbound (data NULL), 1: bound, 2: not in the array */
    uint32_t vb1_size, vb1_stride;
    uint32_t rate;
    int indexed;
    int ib_mode;                 /* 0: view with data, 1: NULL view, 2: view with NULL data */
    vf_format ib_format;
    uint32_t ib_size;
    uint32_t indices[6];
    uint32_t strip_cut, topology;
    uint32_t vertex_count, instance_count;
    uint32_t start;              /* StartVertexLocation or StartIndexLocation */
    int32_t base_vertex;
    uint32_t start_instance;
};

#define R16 VF_FORMAT_R16_UINT
#define R32 VF_FORMAT_R32_UINT
#define TL VF_TOPOLOGY_TRIANGLELIST
#define TS VF_TOPOLOGY_TRIANGLESTRIP
#define CUT_NO VF_STRIP_CUT_VALUE_DISABLED
#define CUT16 VF_STRIP_CUT_VALUE_0xFFFF
#define CUT32 VF_STRIP_CUT_VALUE_0xFFFFFFFF

static const struct hcase cases[] = {
    /* name, expect, vb0 size/stride, vb1 bound/size/stride, rate, indexed,
     * ib mode/format/size, indices, cut, topology, V, I, start, base, start instance */
    { "baseline", VF_OK, 80, 20, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 4, 2, 0, 0, 0 },
    { "stride 0 reads one vertex", VF_OK, 20, 0, 1, 4, 0, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 4, 3, 5, 0, 7 },
    { "stride 2048, last element ends at SizeInBytes", VF_OK, 3 * 2048 + 20, 2048, 1, 8, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 5, 1, 0, 0, 0 },
    { "stride 2049", VF_ERROR_STRIDE_TOO_LARGE, 80, 2049, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 4, 1, 0, 0, 0 },
    { "stride 0xFFFFFFFF", VF_ERROR_STRIDE_TOO_LARGE, 80, 0xFFFFFFFFu, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 4, 1, 0, 0, 0 },
    { "stride 2 with 4-byte elements", VF_ERROR_MISALIGNED_STRIDE, 80, 2, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 4, 1, 0, 0, 0 },
    { "per-instance stride 2049", VF_ERROR_STRIDE_TOO_LARGE, 80, 20, 1, 16, 2049, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 4, 1, 0, 0, 0 },
    { "SizeInBytes 0", VF_OK, 0, 20, 1, 0, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 3, 2, 0, 0, 0 },
    { "element partly past SizeInBytes", VF_OK, 78, 20, 1, 6, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 4, 2, 0, 0, 0 },
    { "StartVertexLocation 0xFFFFFFFE wraps", VF_OK, 80, 20, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 4, 1, 0xFFFFFFFEu, 0, 0 },
    { "k * stride wraps into the view", VF_OK, 80, 16, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 3, 1, 0x10000000u, 0, 0 },
    { "BaseVertexLocation INT_MIN, index 0x80000000", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R32, 24, { 0x80000000u, 0x80000001u, 0, 1, 0x7FFFFFFFu, 3 }, CUT_NO, TL, 6, 1, 0, INT_MIN, 0 },
    { "BaseVertexLocation INT_MAX", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R32, 24, { 0, 1, 2, 0x80000001u, 0xFFFFFFFFu, 0x80000000u }, CUT_NO, TL, 6, 1, 0, INT_MAX, 0 },
    { "BaseVertexLocation -1", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R16, 12, { 0, 1, 2, 3, 4, 0xFFFF }, CUT_NO, TL, 6, 1, 0, -1, 0 },
    { "index 0xFFFFFFFF, cut disabled", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R32, 16, { 0xFFFFFFFFu, 0, 0xFFFFFFFFu, 2 }, CUT_NO, TS, 4, 2, 0, 1, 0 },
    { "index 0xFFFFFFFF, cut in a strip", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R32, 16, { 0xFFFFFFFFu, 0, 0xFFFFFFFFu, 2 }, CUT32, TS, 4, 2, 0, 1, 0 },
    { "index 0xFFFFFFFF, cut value in a list", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R32, 16, { 0xFFFFFFFFu, 0, 0xFFFFFFFFu, 2 }, CUT32, TL, 4, 2, 0, 1, 0 },
    { "index 0xFFFF, R16 cut in a strip", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R16, 8, { 1, 0xFFFF, 2, 0xFFFF }, CUT16, VF_TOPOLOGY_LINESTRIP_ADJ, 4, 1, 0, 0, 0 },
    { "index 0xFFFF, R16 cut disabled", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R16, 8, { 1, 0xFFFF, 2, 0xFFFF }, CUT_NO, TS, 4, 1, 0, 0, 0 },
    { "cut 0xFFFFFFFF with R16 indices", VF_ERROR_STRIP_CUT_MISMATCH, 80, 20, 1, 16, 4, 1, 1, 0, R16, 8, { 0 }, CUT32, TS, 4, 1, 0, 0, 0 },
    { "cut 0xFFFF with R32 indices", VF_ERROR_STRIP_CUT_MISMATCH, 80, 20, 1, 16, 4, 1, 1, 0, R32, 8, { 0 }, CUT16, TS, 2, 1, 0, 0, 0 },
    { "StartIndexLocation 0xFFFFFFFF wraps (R16)", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R16, 8, { 3, 2, 1, 0 }, CUT_NO, TL, 4, 1, 0xFFFFFFFFu, 0, 0 },
    { "StartIndexLocation 0x80000000 wraps to byte 0 (R16)", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R16, 8, { 3, 2, 1, 0 }, CUT_NO, TL, 4, 1, 0x80000000u, 0, 0 },
    { "StartIndexLocation 0x40000000 wraps to byte 0 (R32)", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R32, 16, { 3, 2, 1, 0 }, CUT_NO, TL, 4, 1, 0x40000000u, 0, 0 },
    { "index buffer SizeInBytes 0", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R16, 0, { 0 }, CUT_NO, TL, 3, 1, 0, 2, 0 },
    { "index buffer of odd size", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R16, 5, { 1, 2, 3 }, CUT_NO, TL, 3, 1, 0, 0, 0 },
    { "no index buffer view", VF_OK, 80, 20, 1, 16, 4, 1, 1, 1, R16, 0, { 0 }, CUT16, TS, 3, 2, 0, 3, 0 },
    { "index view with NULL data", VF_OK, 80, 20, 1, 16, 4, 1, 1, 2, R32, 64, { 0 }, CUT32, TS, 3, 1, 0, 2, 0 },
    { "index format R8_UINT", VF_ERROR_INVALID_INDEX_FORMAT, 80, 20, 1, 16, 4, 1, 1, 0, VF_FORMAT_R8_UINT, 8, { 0 }, CUT_NO, TL, 3, 1, 0, 0, 0 },
    { "index format UNKNOWN", VF_ERROR_INVALID_INDEX_FORMAT, 80, 20, 1, 16, 4, 1, 1, 0, VF_FORMAT_UNKNOWN, 8, { 0 }, CUT_NO, TL, 3, 1, 0, 0, 0 },
    { "index format 0xFFFFFFFF", VF_ERROR_INVALID_INDEX_FORMAT, 80, 20, 1, 16, 4, 1, 1, 0, 0xFFFFFFFFu, 8, { 0 }, CUT_NO, TL, 3, 1, 0, 0, 0 },
    { "step rate 0xFFFFFFFF", VF_OK, 80, 20, 1, 16, 4, 0xFFFFFFFFu, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 2, 4, 0, 0, 2 },
    { "step rate 0", VF_OK, 80, 20, 1, 16, 4, 0, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 2, 4, 0, 0, 3 },
    { "step rate 3", VF_OK, 80, 20, 1, 16, 4, 3, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 2, 7, 0, 0, 0 },
    { "StartInstanceLocation 0xFFFFFFFF wraps", VF_OK, 80, 20, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 2, 3, 0, 0, 0xFFFFFFFFu },
    { "per-instance stride 0", VF_OK, 80, 20, 1, 4, 0, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 2, 3, 0, 0, 9 },
    { "slot 1 data NULL", VF_OK, 80, 20, 0, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 3, 2, 0, 0, 0 },
    { "slot 1 not in the array", VF_OK, 80, 20, 2, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 3, 2, 0, 0, 0 },
    { "VertexCountPerInstance 0", VF_OK, 80, 20, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, TL, 0, 3, 0, 0, 0 },
    { "InstanceCount 0", VF_OK, 80, 20, 1, 16, 4, 1, 1, 0, R16, 8, { 0 }, CUT_NO, TL, 4, 0, 0, 0, 0 },
    { "topology UNDEFINED", VF_ERROR_INVALID_TOPOLOGY, 80, 20, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, VF_TOPOLOGY_UNDEFINED, 3, 1, 0, 0, 0 },
    { "topology 6", VF_ERROR_INVALID_TOPOLOGY, 80, 20, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, 6, 3, 1, 0, 0, 0 },
    { "topology 65", VF_ERROR_INVALID_TOPOLOGY, 80, 20, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, CUT_NO, 65, 3, 1, 0, 0, 0 },
    { "topology 0xFFFFFFFF", VF_ERROR_INVALID_TOPOLOGY, 80, 20, 1, 16, 4, 1, 1, 0, R16, 8, { 0 }, CUT_NO, 0xFFFFFFFFu, 3, 1, 0, 0, 0 },
    { "strip cut value 3", VF_ERROR_INVALID_STRIP_CUT_VALUE, 80, 20, 1, 16, 4, 1, 1, 0, R16, 8, { 0 }, 3, TS, 3, 1, 0, 0, 0 },
    { "strip cut value 0xFFFFFFFF", VF_ERROR_INVALID_STRIP_CUT_VALUE, 80, 20, 1, 16, 4, 1, 0, 0, 0, 0, { 0 }, 0xFFFFFFFFu, TL, 3, 1, 0, 0, 0 },
};

/* The case's elements with APPEND_ALIGNED resolved by hand, for the
 * reference walker. */
static void ref_descs(const struct hcase *hc, vf_input_element_desc d[3])
{
    d[0] = (vf_input_element_desc){ "A", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0,
                                    VF_INPUT_PER_VERTEX_DATA, 0 };
    d[1] = (vf_input_element_desc){ "B", 0, VF_FORMAT_R32_UINT, 0, 16, VF_INPUT_PER_VERTEX_DATA, 0 };
    d[2] = (vf_input_element_desc){ "C", 0, VF_FORMAT_R16G16_UINT, 1, 0,
                                    VF_INPUT_PER_INSTANCE_DATA, hc->rate };
}

static vf_layout *make_case_layout(uint32_t rate)
{
    vf_input_element_desc d[3] = {
        { "A", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "B", 0, VF_FORMAT_R32_UINT, 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "C", 0, VF_FORMAT_R16G16_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, rate },
    };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    o.isa = VF_ISA_SCALAR;
    vf_layout *layout = NULL;
    ck_assert_int_eq(vf_layout_create(d, 3, &o, &layout, NULL), VF_OK);
    ck_assert_uint_eq(vf_layout_record_size(layout), REC_WORDS * 4);
    return layout;
}

static void run_case(const struct hcase *hc, int guard, uint32_t isa)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0x40571e + (uint64_t)(hc - cases));
    vf_guarded g0, g1, gib;
    vf_guarded_alloc(&g0, hc->vb0_size, guard);
    vf_guarded_alloc(&g1, hc->vb1_size, guard);
    vf_guarded_alloc(&gib, hc->ib_size, guard);
    vf_rng_fill(&rng, g0.data, g0.size);
    vf_rng_fill(&rng, g1.data, g1.size);
    /* Indices from the table, the rest of the buffer random. */
    vf_rng_fill(&rng, gib.data, gib.size);
    uint32_t isz = hc->ib_format == R16 ? 2 : 4;
    for (uint32_t i = 0; i < 6 && (i + 1) * isz <= hc->ib_size; i++)
        for (uint32_t b = 0; b < isz; b++)
            gib.data[i * isz + b] = (uint8_t)(hc->indices[i] >> (8 * b));

    vf_vertex_buffer_view vbs[2] = {
        { g0.data, hc->vb0_size, hc->vb0_stride },
        { hc->vb1_bound == 1 ? g1.data : NULL, hc->vb1_size, hc->vb1_stride },
    };
    uint32_t nvbs = hc->vb1_bound == 2 ? 1 : 2;
    vf_index_buffer_view ibv = { hc->ib_mode == 2 ? NULL : gib.data, hc->ib_size, hc->ib_format };

    vf_layout_options o;
    vf_layout *layout = make_case_layout(hc->rate);
    if (isa != VF_ISA_SCALAR) {
        vf_layout_destroy(layout);
        vf_input_element_desc d[3] = {
            { "A", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
            { "B", 0, VF_FORMAT_R32_UINT, 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 },
            { "C", 0, VF_FORMAT_R16G16_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, hc->rate },
        };
        vf_layout_options_init(&o);
        o.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
        o.isa = isa;
        ck_assert_int_eq(vf_layout_create(d, 3, &o, &layout, NULL), VF_OK);
    }

    vf_draw_desc desc;
    vf_draw_desc_init(&desc);
    desc.vertex_buffers = vbs;
    desc.num_vertex_buffers = nvbs;
    desc.indexed = (uint32_t)hc->indexed;
    desc.index_buffer = hc->ib_mode == 1 ? NULL : &ibv;
    desc.strip_cut_value = hc->strip_cut;
    desc.primitive_topology = hc->topology;
    desc.vertex_count_per_instance = hc->vertex_count;
    desc.instance_count = hc->instance_count;
    desc.start_location = hc->start;
    desc.base_vertex_location = hc->base_vertex;
    desc.start_instance_location = hc->start_instance;

    size_t size = 0;
    ck_assert_int_eq(vf_draw_output_size(layout, hc->vertex_count, hc->instance_count, &size),
                     VF_OK);
    ck_assert_uint_eq(size, (size_t)hc->vertex_count * hc->instance_count * REC_WORDS * 4);
    vf_guarded gout;
    vf_guarded_alloc(&gout, size, VF_GUARD_AFTER);
    memset(gout.data, 0xEE, size);
    vf_result r = vf_draw(layout, &desc, size ? gout.data : NULL, size);
    ck_assert_msg(r == hc->expect, "%s (isa %s, guard %d): vf_draw gave %d (%s), expected %d",
                  hc->name, vf_isa_name(isa), guard, r, vf_result_string(r), hc->expect);
    if (r != VF_OK) {
        for (size_t b = 0; b < size; b++)
            ck_assert_msg(gout.data[b] == 0xEE, "%s: failed draw wrote byte %zu", hc->name, b);
    } else {
        vf_input_element_desc rd[3];
        ref_descs(hc, rd);
        ia_ref ref;
        ia_ref_init_descs(&ref, rd, 3, NULL, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS,
                          &desc);
        ck_assert_uint_eq(ref.nreg * 4, REC_WORDS);
        for (uint32_t j = 0; j < hc->instance_count; j++) {
            for (uint32_t i = 0; i < hc->vertex_count; i++) {
                uint32_t want[REC_WORDS], got[REC_WORDS];
                ia_ref_record(&ref, j, i, want);
                memcpy(got, gout.data + ((size_t)j * hc->vertex_count + i) * REC_WORDS * 4,
                       sizeof(got));
                for (uint32_t w = 0; w < REC_WORDS; w++)
                    ck_assert_msg(got[w] == want[w],
                                  "%s (isa %s): instance %u vertex %u word %u: got 0x%x, the "
                                  "rules give 0x%x",
                                  hc->name, vf_isa_name(isa), j, i, w, got[w], want[w]);
            }
        }
    }
    vf_layout_destroy(layout);
    vf_guarded_free(&gout);
    vf_guarded_free(&g0);
    vf_guarded_free(&g1);
    vf_guarded_free(&gib);
}

START_TEST(test_draw_table)
{
    const struct hcase *hc = &cases[_i];
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        if (!vf_isa_available(isa))
            continue;
        run_case(hc, VF_GUARD_AFTER, isa);
        run_case(hc, VF_GUARD_BEFORE, isa);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Output sizes near and past SIZE_MAX                                      */
/* ------------------------------------------------------------------------ */

/* ceil(v / lanes) * lanes * 16 * regs * instances, or 0 with *overflow set. */
static size_t expected_size(uint32_t v, uint32_t inst, uint32_t lanes, uint32_t regs, int *overflow)
{
    uint64_t units = ((uint64_t)v + lanes - 1) / lanes;
    uint64_t unit_bytes = (uint64_t)16 * lanes * regs;
    *overflow = 0;
    /* units * inst fits in 64 bits (both < 2^32). */
    uint64_t n = units * inst;
    if (n != 0 && unit_bytes > SIZE_MAX / n) {
        *overflow = 1;
        return 0;
    }
    return (size_t)(n * unit_bytes);
}

START_TEST(test_output_size_overflow)
{
    static const uint32_t shapes[] = { VF_OUTPUT_AOS, VF_OUTPUT_SOA4, VF_OUTPUT_SOA16 };
    static const uint32_t counts[] = { 0, 1, 3, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFF0u, 0xFFFFFFFFu };
    static const uint32_t nelems[] = { 1, 32 };
    static const char *const names[32] = {
        "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P",
        "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "AA", "AB", "AC", "AD", "AE", "AF",
    };
    vf_input_element_desc d[32];
    for (uint32_t e = 0; e < 32; e++)
        d[e] = (vf_input_element_desc){ names[e], 0, VF_FORMAT_R32G32B32A32_FLOAT, e % 16, 0,
                                        VF_INPUT_PER_VERTEX_DATA, 0 };
    _Alignas(16) uint8_t small[64];

    for (size_t s = 0; s < VF_ARRAY_LEN_T(shapes); s++) {
        for (size_t ne = 0; ne < 2; ne++) {
            vf_layout_options o;
            vf_layout_options_init(&o);
            o.output_shape = shapes[s];
            o.system_values = nelems[ne] == 32 ? VF_SV_VERTEX_ID : 0;
            /* 32 elements over 16 slots: two per slot, at offsets 0 and 16. */
            for (uint32_t e = 0; e < 32; e++)
                d[e].aligned_byte_offset = e < 16 ? 0 : 16;
            vf_layout *layout = NULL;
            ck_assert_int_eq(vf_layout_create(d, nelems[ne], &o, &layout, NULL), VF_OK);
            uint32_t regs = vf_layout_register_count(layout);
            ck_assert_uint_eq(regs, nelems[ne] + (o.system_values ? 1u : 0u));
            uint32_t lanes = shapes[s] == VF_OUTPUT_AOS ? 1 : shapes[s];
            for (size_t a = 0; a < VF_ARRAY_LEN_T(counts); a++) {
                for (size_t b = 0; b < VF_ARRAY_LEN_T(counts); b++) {
                    uint32_t v = counts[a], inst = counts[b];
                    int overflow;
                    size_t want = expected_size(v, inst, lanes, regs, &overflow);
                    size_t got = 12345;
                    vf_result r = vf_draw_output_size(layout, v, inst, &got);
                    if (overflow) {
                        ck_assert_msg(r == VF_ERROR_OVERFLOW, "size of %u x %u: %d", v, inst, r);
                        ck_assert_uint_eq(got, 12345);
                    } else {
                        ck_assert_msg(r == VF_OK && got == want, "size of %u x %u: %d, %zu != %zu",
                                      v, inst, r, got, want);
                    }
                    /* A draw that needs more than the buffer is refused and
                     * writes nothing; no vertex data is ever needed. */
                    if (overflow || want > sizeof(small)) {
                        memset(small, 0x5A, sizeof(small));
                        vf_result rd = vf_draw_instanced(layout, NULL, 0, v, inst, 0, 0, small,
                                                         sizeof(small));
                        ck_assert_msg(rd == VF_ERROR_OUTPUT_TOO_SMALL ||
                                          (overflow && rd == VF_ERROR_OVERFLOW),
                                      "draw of %u x %u into 64 bytes: %d", v, inst, rd);
                        for (size_t k = 0; k < sizeof(small); k++)
                            ck_assert_uint_eq(small[k], 0x5A);
                        rd = vf_draw_instanced(layout, NULL, 0, v, inst, 0, 0, NULL, 0);
                        ck_assert_msg(rd == VF_ERROR_OUTPUT_TOO_SMALL ||
                                          (overflow && rd == VF_ERROR_OVERFLOW),
                                      "draw of %u x %u into nothing: %d", v, inst, rd);
                    }
                }
            }
            vf_layout_destroy(layout);
        }
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Layout creation                                                          */
/* ------------------------------------------------------------------------ */

struct lcase {
    const char *name;
    vf_input_element_desc desc;
    vf_result expect; /* VF_OK, or the one rule this element breaks */
};

static const struct lcase lcases[] = {
    { "offset 0xFFFFFFF0", { "P", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 0xFFFFFFF0u, 0, 0 }, VF_ERROR_OFFSET_TOO_LARGE },
    { "offset 0xFFFFFFFC", { "P", 0, VF_FORMAT_R32_FLOAT, 0, 0xFFFFFFFCu, 0, 0 }, VF_ERROR_OFFSET_TOO_LARGE },
    { "offset 0xFFFFFFFE, R8", { "P", 0, VF_FORMAT_R8_UINT, 0, 0xFFFFFFFEu, 0, 0 }, VF_ERROR_OFFSET_TOO_LARGE },
    { "offset 0x80000000", { "P", 0, VF_FORMAT_R32G32_FLOAT, 0, 0x80000000u, 0, 0 }, VF_ERROR_OFFSET_TOO_LARGE },
    { "offset 2032, 16 bytes: ends at 2048", { "P", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 2032, 0, 0 }, VF_OK },
    { "offset 2036, 16 bytes: ends at 2052", { "P", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, 2036, 0, 0 }, VF_ERROR_OFFSET_TOO_LARGE },
    { "offset 2047, R8: ends at 2048", { "P", 0, VF_FORMAT_R8_UNORM, 0, 2047, 0, 0 }, VF_OK },
    { "offset 2048, R8", { "P", 0, VF_FORMAT_R8_UNORM, 0, 2048, 0, 0 }, VF_ERROR_OFFSET_TOO_LARGE },
    { "offset 2, R32", { "P", 0, VF_FORMAT_R32_FLOAT, 0, 2, 0, 0 }, VF_ERROR_MISALIGNED_OFFSET },
    { "offset 1, R16", { "P", 0, VF_FORMAT_R16_FLOAT, 0, 1, 0, 0 }, VF_ERROR_MISALIGNED_OFFSET },
    { "slot 16", { "P", 0, VF_FORMAT_R32_FLOAT, 16, 0, 0, 0 }, VF_ERROR_INVALID_SLOT },
    { "slot 0xFFFFFFFF", { "P", 0, VF_FORMAT_R32_FLOAT, 0xFFFFFFFFu, 0, 0, 0 }, VF_ERROR_INVALID_SLOT },
    { "slot 0xFFFFFFFF, APPEND", { "P", 0, VF_FORMAT_R32_FLOAT, 0xFFFFFFFFu, VF_APPEND_ALIGNED_ELEMENT, 0, 0 }, VF_ERROR_INVALID_SLOT },
    { "class 2", { "P", 0, VF_FORMAT_R32_FLOAT, 0, 0, 2, 0 }, VF_ERROR_INVALID_SLOT_CLASS },
    { "class 0xFFFFFFFF", { "P", 0, VF_FORMAT_R32_FLOAT, 0, 0, 0xFFFFFFFFu, 0 }, VF_ERROR_INVALID_SLOT_CLASS },
    { "per-vertex step rate 0xFFFFFFFF", { "P", 0, VF_FORMAT_R32_FLOAT, 0, 0, 0, 0xFFFFFFFFu }, VF_ERROR_STEP_RATE_NOT_ZERO },
    { "per-instance step rate 0xFFFFFFFF", { "P", 0, VF_FORMAT_R32_FLOAT, 0, 0, 1, 0xFFFFFFFFu }, VF_OK },
    { "format 0xFFFFFFFF", { "P", 0, 0xFFFFFFFFu, 0, 0, 0, 0 }, VF_ERROR_INVALID_FORMAT },
    { "format 191", { "P", 0, 191, 0, 0, 0, 0 }, VF_ERROR_INVALID_FORMAT },
    { "format 120 (a hole)", { "P", 0, 120, 0, 0, 0, 0 }, VF_ERROR_INVALID_FORMAT },
    { "format UNKNOWN", { "P", 0, VF_FORMAT_UNKNOWN, 0, 0, 0, 0 }, VF_ERROR_INVALID_FORMAT },
    { "format R32G32B32A32_TYPELESS", { "P", 0, VF_FORMAT_R32G32B32A32_TYPELESS, 0, 0, 0, 0 }, VF_ERROR_INVALID_FORMAT },
    { "format BC1_UNORM", { "P", 0, VF_FORMAT_BC1_UNORM, 0, 0, 0, 0 }, VF_ERROR_INVALID_FORMAT },
    { "NULL semantic", { NULL, 0, VF_FORMAT_R32_FLOAT, 0, 0, 0, 0 }, VF_ERROR_NULL_SEMANTIC },
    { "semantic index 0xFFFFFFFF", { "P", 0xFFFFFFFFu, VF_FORMAT_R32_FLOAT, 0, 0, 0, 0 }, VF_OK },
};

START_TEST(test_layout_table)
{
    const struct lcase *lc = &lcases[_i];
    /* The element array in a guarded buffer, ending at the guard page. */
    vf_guarded g;
    vf_guarded_alloc(&g, sizeof(vf_input_element_desc), VF_GUARD_AFTER);
    memcpy(g.data, &lc->desc, sizeof(lc->desc));
    vf_layout *layout = (vf_layout *)&g; /* must be overwritten */
    vf_diagnostics *diag = malloc(sizeof(*diag));
    ck_assert_ptr_nonnull(diag);
    vf_result r = vf_layout_create((const vf_input_element_desc *)(void *)g.data, 1, NULL, &layout,
                                   diag);
    ck_assert_msg(r == lc->expect, "%s: %d (%s), expected %d", lc->name, r, vf_result_string(r),
                  lc->expect);
    if (r == VF_OK) {
        ck_assert_ptr_nonnull(layout);
        vf_layout_destroy(layout);
    } else {
        ck_assert_ptr_null(layout);
        ck_assert_uint_ge(diag->num_errors, 1);
        ck_assert_int_eq(diag->entries[0].code, lc->expect);
        ck_assert_int_eq(diag->entries[0].element_index, 0);
    }
    free(diag);
    vf_guarded_free(&g);
}
END_TEST

START_TEST(test_layout_options_hostile)
{
    vf_input_element_desc d = { "P", 0, VF_FORMAT_R32_FLOAT, 0, 0, 0, 0 };
    vf_layout *layout;
    vf_layout_options o;
    static const size_t bad_sizes[] = { 0, 1, sizeof(vf_layout_options) - 1,
                                        sizeof(vf_layout_options) + 1, SIZE_MAX };
    for (size_t i = 0; i < VF_ARRAY_LEN_T(bad_sizes); i++) {
        vf_layout_options_init(&o);
        o.struct_size = bad_sizes[i];
        layout = (vf_layout *)&o;
        ck_assert_int_eq(vf_layout_create(&d, 1, &o, &layout, NULL), VF_ERROR_INVALID_OPTIONS);
        ck_assert_ptr_null(layout);
    }
    static const uint32_t bad_shapes[] = { 1, 2, 3, 5, 32, 0xFFFFFFFFu };
    for (size_t i = 0; i < VF_ARRAY_LEN_T(bad_shapes); i++) {
        vf_layout_options_init(&o);
        o.output_shape = bad_shapes[i];
        ck_assert_int_eq(vf_layout_create(&d, 1, &o, &layout, NULL), VF_ERROR_INVALID_OPTIONS);
    }
    static const uint32_t bad_slots[] = { 1, 15, 17, 31, 33, 0xFFFFFFFFu };
    for (size_t i = 0; i < VF_ARRAY_LEN_T(bad_slots); i++) {
        vf_layout_options_init(&o);
        o.max_input_slots = bad_slots[i];
        ck_assert_int_eq(vf_layout_create(&d, 1, &o, &layout, NULL), VF_ERROR_INVALID_OPTIONS);
    }
    vf_layout_options_init(&o);
    o.system_values = 0x8;
    ck_assert_int_eq(vf_layout_create(&d, 1, &o, &layout, NULL), VF_ERROR_INVALID_OPTIONS);
    o.system_values = 0xFFFFFFFFu;
    ck_assert_int_eq(vf_layout_create(&d, 1, &o, &layout, NULL), VF_ERROR_INVALID_OPTIONS);
    vf_layout_options_init(&o);
    o.isa = VF_ISA_COUNT;
    ck_assert_int_ne(vf_layout_create(&d, 1, &o, &layout, NULL), VF_OK);
    o.isa = 0xFFFFFFFFu;
    ck_assert_int_ne(vf_layout_create(&d, 1, &o, &layout, NULL), VF_OK);
    for (uint32_t isa = 1; isa < VF_ISA_COUNT; isa++) {
        o.isa = isa;
        vf_result r = vf_layout_create(&d, 1, &o, &layout, NULL);
        ck_assert_int_eq(r, vf_isa_available(isa) ? VF_OK : VF_ERROR_ISA_UNAVAILABLE);
        if (r == VF_OK)
            vf_layout_destroy(layout);
    }
    /* Bad mappings: no 0x1000 bit, selectors 6 and 7, bits above 12. */
    static const uint32_t bad_maps[] = { 0, 0x0688, 0x1006, 0x1007, 0x1E00, 0x3688, 0xFFFFFFFFu };
    for (size_t i = 0; i < VF_ARRAY_LEN_T(bad_maps); i++) {
        vf_layout_options_init(&o);
        o.component_mappings = &bad_maps[i];
        ck_assert_int_eq(vf_layout_create(&d, 1, &o, &layout, NULL), VF_ERROR_INVALID_MAPPING);
    }
    /* A signature pointer that is NULL with a count, and a count past 32. */
    vf_layout_options_init(&o);
    o.signature_count = 1;
    ck_assert_int_ne(vf_layout_create(&d, 1, &o, &layout, NULL), VF_OK);
    vf_signature_element sig[33];
    for (uint32_t i = 0; i < 33; i++)
        sig[i] = (vf_signature_element){ "P", i, i, 0xf, VF_REGISTER_COMPONENT_FLOAT32 };
    o.signature = sig;
    o.signature_count = 33;
    ck_assert_int_ne(vf_layout_create(&d, 1, &o, &layout, NULL), VF_OK);
    o.signature_count = 1;
    sig[0].register_index = 0xFFFFFFFFu;
    ck_assert_int_ne(vf_layout_create(&d, 1, &o, &layout, NULL), VF_OK);
    sig[0].register_index = 0;
    sig[0].semantic_name = NULL;
    ck_assert_int_ne(vf_layout_create(&d, 1, &o, &layout, NULL), VF_OK);
    /* Unknown component type and mask bits past w. */
    sig[0].semantic_name = "P";
    sig[0].semantic_index = 0;
    sig[0].component_type = 4;
    ck_assert_int_eq(vf_layout_create(&d, 1, &o, &layout, NULL), VF_ERROR_INVALID_SIGNATURE);
    sig[0].component_type = 0xFFFFFFFFu;
    ck_assert_int_eq(vf_layout_create(&d, 1, &o, &layout, NULL), VF_ERROR_INVALID_SIGNATURE);
    sig[0].component_type = VF_REGISTER_COMPONENT_FLOAT32;
    sig[0].mask = 0x10;
    ck_assert_int_eq(vf_layout_create(&d, 1, &o, &layout, NULL), VF_ERROR_INVALID_SIGNATURE);
    sig[0].mask = 0xf;
    ck_assert_int_eq(vf_layout_create(&d, 1, &o, &layout, NULL), VF_OK);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_layout_counts)
{
    vf_input_element_desc d[33];
    static const char *const names[33] = {
        "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q",
        "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "AA", "AB", "AC", "AD", "AE", "AF", "AG",
    };
    for (uint32_t i = 0; i < 33; i++)
        d[i] = (vf_input_element_desc){ names[i], 0, VF_FORMAT_R32_FLOAT, i % 16,
                                        VF_APPEND_ALIGNED_ELEMENT, 0, 0 };
    vf_layout *layout;
    ck_assert_int_eq(vf_layout_create(d, 32, NULL, &layout, NULL), VF_OK);
    vf_layout_destroy(layout);
    ck_assert_int_eq(vf_layout_create(d, 33, NULL, &layout, NULL), VF_ERROR_TOO_MANY_ELEMENTS);
    /* A huge count with no array is refused before anything is read. */
    vf_result r = vf_layout_create(NULL, 0xFFFFFFFFu, NULL, &layout, NULL);
    ck_assert(r == VF_ERROR_NULL_POINTER || r == VF_ERROR_TOO_MANY_ELEMENTS);
    ck_assert_int_eq(vf_layout_create(NULL, 1, NULL, &layout, NULL), VF_ERROR_NULL_POINTER);
    /* No elements is a valid (empty) layout. */
    ck_assert_int_eq(vf_layout_create(NULL, 0, NULL, &layout, NULL), VF_OK);
    ck_assert_uint_eq(vf_layout_element_count(layout), 0);
    ck_assert_uint_eq(vf_layout_record_size(layout), 0);
    size_t size = 1;
    ck_assert_int_eq(vf_draw_output_size(layout, 0xFFFFFFFFu, 0xFFFFFFFFu, &size), VF_OK);
    ck_assert_uint_eq(size, 0);
    ck_assert_int_eq(vf_draw_instanced(layout, NULL, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0, NULL, 0),
                     VF_OK);
    vf_layout_destroy(layout);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* NULL pointers and bad arguments to every public function                  */
/* ------------------------------------------------------------------------ */

START_TEST(test_null_pointers)
{
    vf_format f = 77;
    uint32_t isa = 77;
    uint32_t out[4] = { 1, 2, 3, 4 };
    uint8_t bytes[16] = { 0 };

    ck_assert_ptr_nonnull(vf_version());
    ck_assert_ptr_nonnull(vf_result_string((vf_result)9999));
    ck_assert_ptr_nonnull(vf_result_string((vf_result)-1));
    ck_assert_ptr_null(vf_format_info(0xFFFFFFFFu));
    ck_assert_ptr_null(vf_format_info(116));
    ck_assert_ptr_null(vf_format_name(0xFFFFFFFFu));
    ck_assert_ptr_null(vf_format_info_at(vf_format_count()));
    ck_assert_ptr_null(vf_format_info_at(0xFFFFFFFFu));
    ck_assert_int_eq(vf_format_from_name(NULL, &f), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_format_from_name("R32_FLOAT", NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_format_from_name("", &f), VF_ERROR_UNKNOWN_NAME);
    ck_assert_int_eq(vf_format_from_name("DXGI_FORMAT_", &f), VF_ERROR_UNKNOWN_NAME);
    ck_assert_uint_eq(f, 77);
    ck_assert_int_eq(vf_component_mapping_check(0), VF_ERROR_INVALID_MAPPING);
    ck_assert_int_eq(vf_component_mapping_check(0xFFFFFFFFu), VF_ERROR_INVALID_MAPPING);

    ck_assert_int_eq(vf_decode_element(VF_FORMAT_R32_FLOAT, NULL, VF_DEFAULT_COMPONENT_MAPPING, out),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_decode_element(VF_FORMAT_R32_FLOAT, bytes, VF_DEFAULT_COMPONENT_MAPPING, NULL),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_decode_element(0xFFFFFFFFu, bytes, VF_DEFAULT_COMPONENT_MAPPING, out),
                     VF_ERROR_UNKNOWN_FORMAT);
    ck_assert_int_eq(vf_decode_element(VF_FORMAT_R8G8B8A8_UNORM_SRGB, bytes,
                                       VF_DEFAULT_COMPONENT_MAPPING, out),
                     VF_ERROR_NOT_VERTEX_FORMAT);
    ck_assert_int_eq(vf_decode_element(VF_FORMAT_R32_FLOAT, bytes, 0x1FFF, out),
                     VF_ERROR_INVALID_MAPPING);
    ck_assert(out[0] == 1 && out[1] == 2 && out[2] == 3 && out[3] == 4);

    ck_assert_ptr_null(vf_isa_name(VF_ISA_COUNT));
    ck_assert_ptr_null(vf_isa_name(0xFFFFFFFFu));
    ck_assert_int_eq(vf_isa_from_name(NULL, &isa), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_isa_from_name("scalar", NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_isa_from_name("avx1024", &isa), VF_ERROR_UNKNOWN_NAME);
    ck_assert_uint_eq(isa, 77);
    ck_assert_int_eq(vf_isa_available(VF_ISA_COUNT), 0);
    ck_assert_int_eq(vf_isa_available(0xFFFFFFFFu), 0);
    ck_assert_int_ne(vf_isa_available(VF_ISA_SCALAR), 0);

    vf_layout_options_init(NULL);
    vf_draw_desc_init(NULL);
    vf_layout_destroy(NULL);
    vf_thread_pool_destroy(NULL);

    ck_assert_uint_eq(vf_layout_element_count(NULL), 0);
    ck_assert_uint_eq(vf_layout_register_count(NULL), 0);
    ck_assert_uint_eq(vf_layout_record_size(NULL), 0);
    (void)vf_layout_output_shape(NULL);
    (void)vf_layout_isa(NULL);
    vf_layout_element_info ei;
    vf_layout_register_info ri;
    ck_assert_int_eq(vf_layout_element(NULL, 0, &ei), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_layout_register(NULL, 0, &ri), VF_ERROR_NULL_POINTER);

    vf_input_element_desc d = { "P", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, 0, 0 };
    vf_layout *layout = NULL;
    ck_assert_int_eq(vf_layout_create(&d, 1, NULL, NULL, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_layout_create(&d, 1, NULL, &layout, NULL), VF_OK);
    ck_assert_int_eq(vf_layout_element(layout, 0, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_layout_register(layout, 0, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_ne(vf_layout_element(layout, 1, &ei), VF_OK);
    ck_assert_int_ne(vf_layout_element(layout, 0xFFFFFFFFu, &ei), VF_OK);
    ck_assert_int_ne(vf_layout_register(layout, 0xFFFFFFFFu, &ri), VF_OK);

    size_t size = 7;
    ck_assert_int_eq(vf_draw_output_size(NULL, 1, 1, &size), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_output_size(layout, 1, 1, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_uint_eq(size, 7);

    vf_guarded vb;
    vf_guarded_alloc(&vb, 64, VF_GUARD_AFTER);
    vf_vertex_buffer_view view = { vb.data, 64, 16 };
    vf_guarded o;
    vf_guarded_alloc(&o, 64, VF_GUARD_AFTER);
    vf_draw_desc desc;
    vf_draw_desc_init(&desc);
    desc.vertex_buffers = &view;
    desc.num_vertex_buffers = 1;
    desc.vertex_count_per_instance = 4;
    desc.instance_count = 1;
    ck_assert_int_eq(vf_draw(layout, &desc, o.data, 64), VF_OK);
    ck_assert_int_eq(vf_draw(NULL, &desc, o.data, 64), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw(layout, NULL, o.data, 64), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw(layout, &desc, NULL, 64), VF_ERROR_NULL_POINTER);
    /* An output that is not 16-byte aligned is refused, not written. */
    ck_assert_int_ne(vf_draw(layout, &desc, o.data - 8, 72), VF_OK);
    desc.vertex_buffers = NULL;
    ck_assert_int_eq(vf_draw(layout, &desc, o.data, 64), VF_ERROR_NULL_POINTER);
    desc.vertex_buffers = &view;
    desc.num_vertex_buffers = VF_MAX_INPUT_SLOTS + 1;
    ck_assert_int_eq(vf_draw(layout, &desc, o.data, 64), VF_ERROR_TOO_MANY_BUFFERS);
    desc.num_vertex_buffers = 0xFFFFFFFFu;
    ck_assert_int_eq(vf_draw(layout, &desc, o.data, 64), VF_ERROR_TOO_MANY_BUFFERS);
    desc.num_vertex_buffers = 1;
    static const size_t bad_sizes[] = { 0, 1, sizeof(vf_draw_desc) - 1, sizeof(vf_draw_desc) + 1,
                                        SIZE_MAX };
    for (size_t i = 0; i < VF_ARRAY_LEN_T(bad_sizes); i++) {
        desc.struct_size = bad_sizes[i];
        ck_assert_int_eq(vf_draw(layout, &desc, o.data, 64), VF_ERROR_INVALID_ARGUMENT);
        ck_assert_int_eq(vf_fetch_range(layout, &desc, 0, 0, 1, o.data, 64),
                         VF_ERROR_INVALID_ARGUMENT);
    }
    desc.struct_size = sizeof(desc);

    ck_assert_int_eq(vf_draw_instanced(NULL, &view, 1, 4, 1, 0, 0, o.data, 64), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_instanced(layout, NULL, 1, 4, 1, 0, 0, o.data, 64), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_instanced(layout, &view, 1, 4, 1, 0, 0, NULL, 64), VF_ERROR_NULL_POINTER);
    /* No views at all: every slot is unbound, all zeros. */
    memset(o.data, 0xFF, 64);
    ck_assert_int_eq(vf_draw_instanced(layout, NULL, 0, 4, 1, 0, 0, o.data, 64), VF_OK);
    for (int i = 0; i < 64; i++)
        ck_assert_uint_eq(o.data[i], 0);
    ck_assert_int_eq(vf_draw_indexed_instanced(NULL, &view, 1, NULL, 0, VF_TOPOLOGY_TRIANGLELIST,
                                               4, 1, 0, 0, 0, o.data, 64),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_draw_indexed_instanced(layout, NULL, 1, NULL, 0, VF_TOPOLOGY_TRIANGLELIST,
                                               4, 1, 0, 0, 0, o.data, 64),
                     VF_ERROR_NULL_POINTER);
    /* No index buffer: every index reads 0, so every vertex is vertex
     * BaseVertexLocation (here 2). */
    vf_rng rng;
    vf_rng_seed(&rng, 5);
    vf_rng_fill(&rng, vb.data, 64);
    ck_assert_int_eq(vf_draw_indexed_instanced(layout, &view, 1, NULL, 0, VF_TOPOLOGY_TRIANGLELIST,
                                               4, 1, 0, 2, 0, o.data, 64),
                     VF_OK);
    for (int i = 0; i < 4; i++)
        ck_assert_mem_eq(o.data + 16 * i, vb.data + 32, 16);

    ck_assert_int_eq(vf_fetch_range(NULL, &desc, 0, 0, 1, o.data, 64), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_fetch_range(layout, NULL, 0, 0, 1, o.data, 64), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_fetch_range(layout, &desc, 0, 0, 1, NULL, 64), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_fetch_range(layout, &desc, 1, 0, 1, o.data, 64), VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &desc, 0xFFFFFFFFu, 0, 1, o.data, 64),
                     VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &desc, 0, 0xFFFFFFFFu, 2, o.data, 64),
                     VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &desc, 0, 3, 0xFFFFFFFFu, o.data, 64),
                     VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &desc, 0, 4, 1, o.data, 64), VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &desc, 0, 1, 3, o.data, 47), VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_fetch_range(layout, &desc, 0, 1, 3, o.data + 16, 48), VF_OK);

    vf_thread_pool *pool = (vf_thread_pool *)&o;
    ck_assert_int_eq(vf_thread_pool_create(0, &pool), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_thread_pool_create(257, &pool), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_thread_pool_create(0xFFFFFFFFu, &pool), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_thread_pool_create(2, NULL), VF_ERROR_NULL_POINTER);

    vf_layout_destroy(layout);
    vf_guarded_free(&o);
    vf_guarded_free(&vb);
}
END_TEST

/* vf_layout_create's NULL pointers, with their diagnostics, and the layout
 * queries on an empty layout and past the end. */
START_TEST(test_layout_null_pointers)
{
    static vf_diagnostics dg;
    vf_input_element_desc d = { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, 0, 0 };
    ck_assert_int_eq(vf_layout_create(&d, 1, NULL, NULL, &dg), VF_ERROR_NULL_POINTER);
    ck_assert_uint_eq(dg.count, 1);
    ck_assert_int_eq(dg.entries[0].code, VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(dg.entries[0].element_index, -1);
    ck_assert_str_eq(dg.entries[0].message, "layout_ret is NULL");
    vf_layout *layout = (vf_layout *)(uintptr_t)1;
    ck_assert_int_eq(vf_layout_create(NULL, 2, NULL, &layout, &dg), VF_ERROR_NULL_POINTER);
    ck_assert_ptr_null(layout);
    ck_assert_uint_eq(dg.count, 1);
    ck_assert_uint_eq(dg.num_errors, 1);
    ck_assert_int_eq(dg.entries[0].element_index, -1);
    ck_assert_str_eq(dg.entries[0].message, "descs is NULL but count is 2");

    /* An empty layout is valid, descs may then be NULL; it reads no slot. */
    ck_assert_int_eq(vf_layout_create(NULL, 0, NULL, &layout, &dg), VF_OK);
    ck_assert_uint_eq(dg.count, 0);
    ck_assert_uint_eq(vf_layout_element_count(layout), 0);
    ck_assert_uint_eq(vf_layout_register_count(layout), 0);
    ck_assert_uint_eq(vf_layout_record_size(layout), 0);
    vf_layout_slot_facts f;
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++) {
        ck_assert_int_eq(vf_layout_slot_facts_get(layout, s, &f), VF_OK);
        ck_assert_uint_eq(f.used, 0);
        ck_assert_uint_eq(f.num_fetch, 0);
    }
    ck_assert_int_eq(vf_layout_slot_facts_get(layout, VF_MAX_INPUT_SLOTS, &f),
                     VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_layout_slot_facts_get(layout, 0, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_layout_slot_facts_get(NULL, 0, &f), VF_ERROR_NULL_POINTER);
    vf_layout_destroy(layout);

    vf_layout_element_info info;
    vf_layout_register_info rinfo;
    ck_assert_int_eq(vf_layout_create(&d, 1, NULL, &layout, NULL), VF_OK);
    ck_assert_int_eq(vf_layout_element(layout, 0, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_layout_element(layout, 1, &info), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_layout_register(layout, 0, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_layout_register(layout, 1, &rinfo), VF_ERROR_INVALID_ARGUMENT);
    vf_layout_destroy(layout);
}
END_TEST

/* Names that are long, hold printf conversions or are not ASCII end up in
 * diagnostics: messages stay NUL-terminated within their array. */
START_TEST(test_hostile_names)
{
    static const char *const fixed[] = { "%s%s%s%n%n", "%999999999d", "\xff\xfe", "A B", "9", "" };
    size_t long_len = 5000;
    char *long_name = malloc(long_len + 2);
    ck_assert_ptr_nonnull(long_name);
    memset(long_name, 'N', long_len);
    long_name[long_len] = '7'; /* trailing digit: an error that quotes the name */
    long_name[long_len + 1] = '\0';
    vf_diagnostics *diag = malloc(sizeof(*diag));
    ck_assert_ptr_nonnull(diag);
    for (size_t i = 0; i <= VF_ARRAY_LEN_T(fixed); i++) {
        const char *name = i < VF_ARRAY_LEN_T(fixed) ? fixed[i] : long_name;
        vf_input_element_desc d[2] = {
            { name, 0, VF_FORMAT_R32_FLOAT, 0, 0, 0, 0 },
            { name, 0, VF_FORMAT_R32_FLOAT, 0, 4, 0, 0 }, /* duplicate too */
        };
        vf_signature_element sig = { name, 0, 0, 0xf, VF_REGISTER_COMPONENT_FLOAT32 };
        vf_layout_options o;
        vf_layout_options_init(&o);
        o.signature = &sig;
        o.signature_count = 1;
        vf_layout *layout = NULL;
        memset(diag, 0xA5, sizeof(*diag));
        vf_result r = vf_layout_create(d, 2, &o, &layout, diag);
        ck_assert_int_ne(r, VF_OK);
        ck_assert_ptr_null(layout);
        ck_assert_uint_ge(diag->count, 1);
        for (uint32_t k = 0; k < diag->count; k++)
            ck_assert_ptr_nonnull(memchr(diag->entries[k].message, '\0', VF_DIAGNOSTIC_MESSAGE_SIZE));
    }
    free(diag);
    free(long_name);
}
END_TEST

/* vf_decode_element reads exactly the format's bytes: the element sits
 * against a guard page on either side. */
START_TEST(test_decode_guarded)
{
    for (uint32_t i = 0; i < vf_format_count(); i++) {
        const vf_format_desc *fd = vf_format_info_at(i);
        if (!(fd->ia_support & VF_IA_VERTEX_BUFFER))
            continue;
        for (int where = 0; where < 2; where++) {
            vf_guarded g;
            vf_guarded_alloc(&g, fd->bytes, where);
            memset(g.data, 0x80, g.size);
            uint32_t out[4];
            ck_assert_int_eq(vf_decode_element(fd->format, g.data, VF_DEFAULT_COMPONENT_MAPPING, out),
                             VF_OK);
            vf_guarded_free(&g);
        }
    }
}
END_TEST

/* SoA ranges must start on a batch boundary. */
START_TEST(test_soa_range_alignment)
{
    vf_input_element_desc d = { "P", 0, VF_FORMAT_R32_UINT, 0, 0, 0, 0 };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.output_shape = VF_OUTPUT_SOA8;
    vf_layout *layout;
    ck_assert_int_eq(vf_layout_create(&d, 1, &o, &layout, NULL), VF_OK);
    vf_draw_desc desc;
    vf_draw_desc_init(&desc);
    desc.vertex_count_per_instance = 20;
    desc.instance_count = 1;
    vf_guarded out;
    vf_guarded_alloc(&out, 3 * 8 * 16, VF_GUARD_AFTER);
    ck_assert_int_eq(vf_fetch_range(layout, &desc, 0, 4, 4, out.data, out.size),
                     VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_fetch_range(layout, &desc, 0, 8, 12, out.data + 128, 2 * 128), VF_OK);
    ck_assert_int_eq(vf_fetch_range(layout, &desc, 0, 16, 5, out.data, out.size),
                     VF_ERROR_INVALID_RANGE);
    vf_layout_destroy(layout);
    vf_guarded_free(&out);
}
END_TEST

static Suite *suite_hostile(void)
{
    Suite *s = suite_create("hostile");
    TCase *tc = tcase_create("draw_table");
    tcase_add_loop_test(tc, test_draw_table, 0, (int)VF_ARRAY_LEN_T(cases));
    suite_add_tcase(s, tc);
    tc = tcase_create("sizes");
    tcase_add_test(tc, test_output_size_overflow);
    suite_add_tcase(s, tc);
    tc = tcase_create("layout");
    tcase_add_loop_test(tc, test_layout_table, 0, (int)VF_ARRAY_LEN_T(lcases));
    tcase_add_test(tc, test_layout_options_hostile);
    tcase_add_test(tc, test_layout_counts);
    tcase_add_test(tc, test_hostile_names);
    suite_add_tcase(s, tc);
    tc = tcase_create("api");
    tcase_add_test(tc, test_null_pointers);
    tcase_add_test(tc, test_layout_null_pointers);
    tcase_add_test(tc, test_soa_range_alignment);
    tcase_add_test(tc, test_decode_guarded);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(suite_hostile());
}
