/*
 * fuzz_robust.c - the out-of-bounds oracle (vfetch_robust.h) from
 * arbitrary bytes.
 *
 * The input chooses a layout of up to three elements over two slots (any
 * IA format, offsets, step rate), views of any size and stride (unbound,
 * zero-size, ending inside an element or a stride), an index buffer that
 * may be short, the draw's counts and locations, and a mode, which may be
 * invalid. Every buffer is an exact-size allocation, so ASan reports any
 * read past it.
 *
 * Checks, aborting on any difference: the count and the list agree, a
 * failed call writes nothing, every listed set is one the reference lists
 * at that place, and vf_robust_allows answers as the reference for the
 * exact word, the special words and words from the input.
 */
#include "fuzz_input.h"
#include "robust_ref.h"
#include "vfetch_robust.h"

#define MAX_POSITIONS 24u

static void check_sets(fz_input *in, const ia_ref *ref, const vf_draw_desc *d, uint32_t mode,
                       const vf_robust_set *list, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const vf_robust_set *s = &list[k];
        robust_ref_record rec;
        robust_ref_record_at(ref, mode, s->instance, s->position, &rec);
        FZ_CHECK(s->reg < ref->nreg && s->component < 4 && rec.listed[s->reg][s->component],
                 "set %zu not listed by the reference", k);
        uint32_t words[6] = { rec.words[s->reg * 4 + s->component], 0, 1, 0x3f800000u,
                              0xffffffffu, fz_u32(in) };
        for (int w = 0; w < 6; w++) {
            int ok = -1;
            FZ_CHECK(vf_robust_allows(d, s, words[w], &ok) == VF_OK, "allows failed");
            FZ_CHECK(ok == robust_ref_allows(ref, mode, &rec, s->reg, s->component, words[w]),
                     "mode %u set %zu word 0x%08x: library %d", mode, k, words[w], ok);
        }
    }
}

static void run_draw(fz_input *in, const vf_layout *layout, const vf_input_element_desc *el,
                     uint32_t n, const vf_draw_desc *d)
{
    uint32_t mode = fz_u8(in) % (VF_ROBUST_MODE_COUNT + 1);
    uint64_t count = 0x5a5a;
    vf_result r = vf_robust_count(layout, d, mode, &count);
    if (r != VF_OK) {
        FZ_CHECK(count == 0x5a5a, "a failed count wrote");
        return;
    }
    vf_robust_set *list = malloc((size_t)(count ? count : 1) * sizeof(*list));
    FZ_CHECK(list != NULL, "out of memory");
    size_t written = 0;
    FZ_CHECK(vf_robust_list(layout, d, mode, 0, list, (size_t)count, &written) == VF_OK &&
                 written == count, "list and count differ");
    ia_ref ref;
    ia_ref_init_descs(&ref, el, n, NULL, 0, d);
    check_sets(in, &ref, d, mode, list, written);
    free(list);
}

static void *copy(fz_input *in, size_t size)
{
    void *p = malloc(size ? size : 1);
    FZ_CHECK(p != NULL, "out of memory");
    fz_fill(in, p, size);
    return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = { data, size, 0 };
    vf_format fmts[64];
    uint32_t nf = fz_vertex_formats(fmts), n = 1 + fz_u8(&in) % 3, rate = fz_u8(&in) % 4;
    vf_input_element_desc el[3];
    for (uint32_t e = 0; e < n; e++) {
        uint32_t slot = fz_u8(&in) & 1;
        /* Mostly multiples of 4, which every format's alignment divides, so
         * most inputs reach the oracle; now and then any offset. */
        uint8_t off = fz_u8(&in);
        el[e] = (vf_input_element_desc){ "E", e, fmts[fz_u8(&in) % nf], slot,
                                         off & 0x80 ? off % 24u : 4u * (off % 6u), slot,
                                         slot ? rate : 0 };
    }
    vf_layout *layout = NULL;
    if (vf_layout_create(el, n, NULL, &layout, NULL) != VF_OK)
        return 0;
    vf_vertex_buffer_view vb[2];
    void *mem[2];
    uint8_t unbound = fz_u8(&in);
    for (uint32_t s = 0; s < 2; s++) {
        uint32_t bytes = fz_u8(&in) % 80;
        uint8_t stride = fz_u8(&in);
        mem[s] = unbound >> s & 1 ? NULL : copy(&in, bytes);
        vb[s] = (vf_vertex_buffer_view){ mem[s], bytes,
                                         stride & 0x80 ? stride % 40u : 4u * (stride % 10u) };
    }
    uint32_t ib_bytes = fz_u8(&in) % 24;
    uint8_t *idx = copy(&in, ib_bytes);
    vf_index_buffer_view ib = { idx, ib_bytes, fz_u8(&in) & 1 ? VF_FORMAT_R32_UINT
                                                               : VF_FORMAT_R16_UINT };
    vf_draw_desc d;
    vf_draw_desc_init(&d);
    d.vertex_buffers = vb;
    d.num_vertex_buffers = 1 + (fz_u8(&in) & 1);
    d.indexed = fz_u8(&in) & 1;
    d.index_buffer = d.indexed ? &ib : NULL;
    d.primitive_topology = VF_TOPOLOGY_POINTLIST;
    d.vertex_count_per_instance = fz_u8(&in) % MAX_POSITIONS;
    d.instance_count = fz_u8(&in) % 5;
    d.start_location = fz_u8(&in) % 8;
    d.base_vertex_location = (int8_t)fz_u8(&in);
    d.start_instance_location = fz_u8(&in) % 4;
    run_draw(&in, layout, el, n, &d);
    free(idx);
    for (uint32_t s = 0; s < 2; s++)
        free(mem[s]);
    vf_layout_destroy(layout);
    return 0;
}
