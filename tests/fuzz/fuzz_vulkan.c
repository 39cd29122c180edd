/*
 * fuzz_vulkan.c - the Vulkan front end (vfetch_vulkan.h) from arbitrary
 * bytes.
 *
 * The input chooses up to 5 binding descriptions (either form), up to 9
 * attribute descriptions with any VkFormat value, divisors, features and
 * limits, buffer sizes, contents and offsets, an index buffer of any type,
 * and a vkCmdDraw or vkCmdDrawIndexed. Buffers are exact-size allocations,
 * so ASan reports any read outside them.
 *
 * Checks, aborting on any difference (the oracle of §17.8 in
 * fuzz_vk_robust.c):
 *  - a failed create sets *input_ret to NULL and its first diagnostic
 *    carries the result; a failed draw writes nothing;
 *  - a successful draw gives, word for word, the records of the reference
 *    model (tests/ref/vulkan_ref.c), in the state's output shape (the
 *    input keeps indices, offsets and strides small enough that no
 *    address passes 2^32, where the engine wraps and the model does not);
 *  - vf_vk_decode_attribute agrees with the model on the input's bytes for
 *    every format value.
 */
#include "fuzz_input.h"
#include "fuzz_vk_robust.h"
#include "vfetch_vulkan.h"
#include "vulkan_ref.h"

#define NB 5u
#define NA 9u
#define MAX_BUF 600u
#define MAX_POS 64u

struct fz_case {
    vf_vk_vertex_input_binding_description b[NB];
    vf_vk_vertex_input_binding_description2 b2[NB];
    vf_vk_vertex_input_binding_divisor_description div[NB];
    vf_vk_vertex_input_attribute_description a[NA];
    vf_vk_vertex_input_attribute_description2 a2[NA];
    uint32_t nb, na, ndiv, ext;
    vf_vk_vertex_input_options opt;
    uint8_t *mem[NB];
    vf_vk_vertex_buffer_binding vb[NB];
    uint8_t *imem;
    vf_vk_index_buffer_binding ib;
    vf_vk_draw_desc draw;
};

/* A format value: mostly vertex formats, sometimes anything. */
static uint32_t any_format(fz_input *in)
{
    uint8_t k = fz_u8(in);
    return k < 230 ? 9u + k % 114u : fz_u32(in);
}

static void read_state(fz_input *in, struct fz_case *c)
{
    c->nb = fz_u8(in) % (NB + 1);
    c->na = fz_u8(in) % (NA + 1);
    c->ext = fz_u8(in) & 1;
    for (uint32_t i = 0; i < c->nb; i++) {
        uint8_t k = fz_u8(in);
        /* Mostly valid: binding i, rate 0 or 1; now and then anything. */
        uint8_t st = fz_u8(in);
        c->b[i] = (vf_vk_vertex_input_binding_description){ k < 220 ? i : k & 7u,
                                                            st < 200 ? (st % 16u) * 8u : st % 64u,
                                                            k < 250 ? (k >> 3) & 1u : 2u };
        if (k >= 0xf0)
            c->b[i].stride = fz_u16(in);
        uint32_t d = fz_u8(in) % 5u;
        c->div[i] = (vf_vk_vertex_input_binding_divisor_description){ c->b[i].binding, d };
        c->b2[i] = (vf_vk_vertex_input_binding_description2){
            VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT, NULL, c->b[i].binding,
            c->b[i].stride, c->b[i].input_rate, c->b[i].input_rate ? d : 1 };
    }
    c->ndiv = fz_u8(in) % (c->nb + 1);
    for (uint32_t i = 0; i < c->na; i++) {
        uint8_t k = fz_u8(in);
        uint8_t off = fz_u8(in);
        c->a[i] = (vf_vk_vertex_input_attribute_description){
            k < 220 ? 2 * i : k % 12u, c->nb && k < 240 ? k % c->nb : (k >> 4) % 6u,
            any_format(in), off < 200 ? (off % 10u) * 4u : off % 40u };
        c->a2[i] = (vf_vk_vertex_input_attribute_description2){
            VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT, NULL, c->a[i].location,
            c->a[i].binding, c->a[i].format, c->a[i].offset };
    }
    vf_vk_vertex_input_options_init(&c->opt);
    uint8_t f = fz_u8(in);
    c->opt.features = f < 200 ? c->opt.features : fz_u8(in) & VF_VK_FEATURES_ALL;
    c->opt.system_values = fz_u8(in) & 7u;
    static const uint32_t shapes[] = { VF_OUTPUT_AOS, VF_OUTPUT_SOA4, VF_OUTPUT_SOA8, VF_OUTPUT_SOA16 };
    c->opt.output_shape = shapes[fz_u8(in) % 4];
}

static void read_draw(fz_input *in, struct fz_case *c)
{
    /* The small fields first: short inputs still draw something. */
    uint32_t size[NB];
    for (uint32_t i = 0; i < NB; i++) {
        size[i] = fz_u16(in) % MAX_BUF + 1;
        c->mem[i] = malloc(size[i]);
        uint8_t off = fz_u8(in);
        c->vb[i] = (vf_vk_vertex_buffer_binding){ fz_u8(in) < 250 ? c->mem[i] : NULL, size[i],
                                                  off < 200 ? (off % 4u) * 8u : off % (size[i] + 2) };
    }
    static const uint32_t types[] = { VF_VK_INDEX_TYPE_UINT8, VF_VK_INDEX_TYPE_UINT16,
                                      VF_VK_INDEX_TYPE_UINT32, 7 };
    uint32_t isize = fz_u8(in) % 200u + 1;
    c->imem = malloc(isize);
    uint8_t ioff = fz_u8(in);
    c->ib = (vf_vk_index_buffer_binding){ c->imem, isize, ioff < 200 ? 0 : ioff % 12u,
                                          types[fz_u8(in) % 4] };
    vf_vk_draw_desc_init(&c->draw);
    c->draw.vertex_buffers = c->vb;
    uint8_t nvb = fz_u8(in);
    c->draw.num_vertex_buffers = nvb < 200 ? NB : nvb % (NB + 1);
    c->draw.index_buffer = fz_u8(in) < 250 ? &c->ib : NULL;
    c->draw.indexed = fz_u8(in) & 1;
    c->draw.topology = fz_u8(in) % 12u;
    c->draw.primitive_restart_enable = fz_u8(in) & 1;
    c->draw.vertex_count = fz_u8(in) % MAX_POS;
    c->draw.instance_count = fz_u8(in) % 6u;
    c->draw.first_vertex = fz_u16(in) % 2048u;
    c->draw.vertex_offset = (int32_t)(fz_u16(in) % 2049u) - 1024;
    c->draw.first_instance = fz_u16(in) % 2048u;
    fz_fill(in, c->imem, isize);
    for (uint32_t i = 0; i < NB; i++)
        fz_fill(in, c->mem[i], size[i]);
}

/* Whether some address of the draw passes 2^32 - 4096, where the engine's
 * 32-bit address arithmetic (docs/d3d-ia-rules.md §4.1) and the model's
 * 64-bit one part. */
static int addresses_wrap(const struct fz_case *c, uint32_t ib_bytes)
{
    const vf_vk_draw_desc *d = &c->draw;
    uint64_t limit = (UINT64_C(1) << 32) - 4096;
    for (uint32_t p = 0; p < d->vertex_count; p++) {
        uint32_t v = d->first_vertex + p;
        if (d->indexed) {
            uint64_t at = c->ib.offset + (uint64_t)(d->first_vertex + p) * ib_bytes;
            uint32_t idx = 0;
            for (uint32_t k = 0; at + ib_bytes <= c->ib.size && k < ib_bytes; k++)
                idx |= (uint32_t)c->imem[at + k] << (8 * k);
            v = idx + (uint32_t)d->vertex_offset;
        }
        for (uint32_t b = 0; b < c->nb; b++)
            if ((uint64_t)v * c->b[b].stride >= limit)
                return 1;
    }
    return 0;
}

/* The reference records of a successful draw, against the output. */
static void compare(const struct fz_case *c, const vf_vk_vertex_input *vi, const uint32_t *out)
{
    struct vk_ref_binding rb[8] = { { NULL, 0, 0, 0, 0, 0 } };
    struct vk_ref_attribute ra[NA];
    uint32_t order[NA], n = 0;
    for (uint32_t i = 0; i < c->nb; i++) {
        const vf_vk_vertex_buffer_binding *vb =
            c->b[i].binding < c->draw.num_vertex_buffers ? &c->vb[c->b[i].binding] : NULL;
        uint32_t div = 1;
        for (uint32_t k = 0; k < (c->ext ? c->nb : c->ndiv); k++)
            if (c->div[k].binding == c->b[i].binding)
                div = c->ext ? c->b2[k].divisor : c->div[k].divisor;
        rb[c->b[i].binding] = (struct vk_ref_binding){ vb ? vb->data : NULL, vb ? vb->size : 0,
                                                       vb ? vb->offset : 0, c->b[i].stride,
                                                       c->b[i].input_rate, div };
    }
    for (uint32_t i = 0; i < c->na; i++) { /* by location */
        uint32_t k = n++;
        while (k > 0 && c->a[order[k - 1]].location > c->a[i].location) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
    for (uint32_t k = 0; k < n; k++) {
        const vf_vk_vertex_input_attribute_description *a = &c->a[order[k]];
        ra[k] = (struct vk_ref_attribute){ a->location, a->binding, a->offset, { 0 } };
        FZ_CHECK(vk_ref_parse(vf_vk_format_info(a->format)->name, &ra[k].format), "parse");
    }
    const vf_vk_draw_desc *d = &c->draw;
    uint32_t ib_bytes = c->ib.index_type == VF_VK_INDEX_TYPE_UINT8 ? 1 : c->ib.index_type == VF_VK_INDEX_TYPE_UINT16 ? 2 : 4;
    if (addresses_wrap(c, d->indexed ? ib_bytes : 0))
        return;
    struct vk_ref_draw rd = { (int)d->indexed, c->imem, c->ib.size, c->ib.offset, ib_bytes,
                              (int)d->primitive_restart_enable, d->vertex_count,
                              d->instance_count, d->first_vertex, d->first_instance,
                              d->vertex_offset };
    uint32_t *want = malloc(((size_t)d->vertex_count * d->instance_count + 1) * 16 * (2 * NA + 1));
    uint32_t words = vk_ref_draw(rb, ra, n, &rd, 1, want);
    uint32_t lanes = c->opt.output_shape == VF_OUTPUT_AOS ? 1 : c->opt.output_shape;
    uint32_t regs = vf_vk_vertex_input_register_count(vi), sys = c->opt.system_values;
    for (uint32_t j = 0; j < d->instance_count; j++)
        for (uint32_t p = 0; p < d->vertex_count; p++)
            for (uint32_t w = 0; w < regs * 4; w++) {
                size_t unit = (size_t)j * ((d->vertex_count + lanes - 1) / lanes) + p / lanes;
                uint32_t got = out[unit * regs * 4 * lanes + (size_t)w * lanes + p % lanes];
                uint32_t e = want[((size_t)j * d->vertex_count + p) * words + w];
                if (sys && w >= regs * 4 - 4) { /* the system register: the words asked for */
                    uint32_t bit = w == regs * 4 - 4   ? VF_SV_VERTEX_ID
                                   : w == regs * 4 - 3 ? VF_SV_INSTANCE_ID
                                   : w == regs * 4 - 2 ? VF_SV_FLAGS
                                                       : 0;
                    e = (sys & bit) ? want[((size_t)j * d->vertex_count + p) * words + words - 4 + (w - (regs * 4 - 4))] : 0;
                }
                FZ_CHECK(got == e, "instance %u position %u word %u: %08x, want %08x", j, p, w,
                         got, e);
            }
    free(want);
    fz_vk_robust_check(vi, d, out, lanes);
}

/* The primitives and statistics of the same draw: every listed position
 * inside the draw, the pieces listed one primitive at a time adding up to
 * the count, and each statistic's interval ordered. The patch size and
 * the provoking mode come from fields already read, so the corpus keeps
 * its meaning. */
static void check_primitives(const struct fz_case *c, const vf_vk_vertex_input *vi)
{
    uint32_t m = c->draw.first_instance % 34u, mode = c->draw.first_vertex % 3u;
    uint32_t n, vpp;
    vf_result r = vf_vk_primitive_count(vi, &c->draw, m, &n, &vpp, NULL);
    vf_vk_pipeline_statistics st;
    vf_result rs = vf_vk_pipeline_statistics_get(vi, &c->draw, m, &st);
    FZ_CHECK(r == rs, "count %d, statistics %d", r, rs);
    if (r != VF_OK)
        return;
    FZ_CHECK(st.ia_primitives_min == (uint64_t)n * c->draw.instance_count &&
             st.ia_primitives_min <= st.ia_primitives_max &&
             st.ia_vertices_min <= st.ia_vertices_max &&
             st.vs_invocations_min <= st.vs_invocations_max, "statistics out of order");
    uint32_t out[32], prov, written, k = 0;
    for (;; k++) {
        r = vf_vk_draw_primitives(vi, &c->draw, mode, m, k, out, vpp, &prov, &written);
        if (mode > 1) {
            FZ_CHECK(r == VF_ERROR_VK_INVALID_PROVOKING_VERTEX_MODE, "mode %u: %d", mode, r);
            return;
        }
        FZ_CHECK(r == VF_OK, "primitive %u: %d", k, r);
        if (written == 0)
            break;
        for (uint32_t j = 0; j < vpp; j++)
            FZ_CHECK(out[j] < c->draw.vertex_count, "primitive %u vertex %u: %u", k, j, out[j]);
    }
    FZ_CHECK(k == n, "listed %u of %u primitives", k, n);
}

static void run(struct fz_case *c)
{
    vf_vk_vertex_input *vi = (vf_vk_vertex_input *)c;
    vf_diagnostics diag;
    vf_result r = c->ext ? vf_vk_vertex_input_create2(c->b2, c->nb, c->a2, c->na, &c->opt, &vi, &diag)
                         : vf_vk_vertex_input_create(c->b, c->nb, c->a, c->na, c->div, c->ndiv,
                                                     &c->opt, &vi, &diag);
    if (r != VF_OK) {
        FZ_CHECK(vi == NULL && diag.count > 0 && diag.entries[0].code == r, "failed create");
        return;
    }
    size_t size;
    if (vf_vk_draw_output_size(vi, c->draw.vertex_count, c->draw.instance_count, &size) == VF_OK) {
        uint32_t *out = aligned_alloc(64, (size + 127) / 64 * 64);
        memset(out, 0xab, (size + 127) / 64 * 64);
        r = vf_vk_draw(vi, &c->draw, out, size, &diag);
        if (r == VF_OK && size > 0)
            compare(c, vi, out);
        else if (r != VF_OK)
            FZ_CHECK(out[0] == 0xababababu && diag.entries[0].code == r, "failed draw wrote");
        uint64_t n;
        vf_result rr = vf_vk_robust_count(vi, &c->draw, VF_ROBUST_ROBUSTNESS2, &n);
        FZ_CHECK(rr == (r == VF_ERROR_OUTPUT_TOO_SMALL ? VF_OK : r), "oracle %d, draw %d", rr, r);
        free(out);
    }
    check_primitives(c, vi);
    vf_vk_vertex_input_destroy(vi);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = { data, size, 0 };
    struct fz_case c;
    memset(&c, 0, sizeof(c));
    read_state(&in, &c);
    read_draw(&in, &c);
    run(&c);
    /* Every format value against the model, on the input's bytes. */
    uint8_t bytes[32];
    uint32_t got[8], want[8];
    fz_fill(&in, bytes, sizeof(bytes));
    uint32_t f = any_format(&in);
    const vf_vk_format_desc *d = vf_vk_format_info(f);
    vf_result r = vf_vk_decode_attribute(f, bytes, got, 8);
    FZ_CHECK((d != NULL) == (r == VF_OK), "decode of %u: %d", f, r);
    if (d) {
        struct vk_ref_format rf;
        FZ_CHECK(vk_ref_parse(d->name, &rf), "parse %s", d->name);
        vk_ref_decode(&rf, bytes, want, NULL);
        FZ_CHECK(memcmp(got, want, 16u * d->locations) == 0, "decode of %s", d->name);
    }
    for (uint32_t i = 0; i < NB; i++)
        free(c.mem[i]);
    free(c.imem);
    return 0;
}
