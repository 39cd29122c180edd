/*
 * fuzz_draw.c - whole draws from arbitrary bytes.
 *
 * The input chooses a layout (1..8 elements over 4 slots, every vertex
 * format, explicit or APPEND_ALIGNED offsets, step rates, mappings, an
 * optional signature that reads a subset of the elements and SV_VertexID /
 * SV_InstanceID, system values, AoS or SoA output), vertex buffers (sizes,
 * strides, contents, unbound slots), an index buffer, and the draw's
 * arguments (counts, start locations and base vertex over their whole
 * 32-bit range, cut value, topology). Every buffer is its own exact-size
 * allocation, so ASan reports any read or write past it.
 *
 * Checks, aborting on any difference:
 *  - the scalar draw equals the IA reference walker (tests/ref/ia_ref.c,
 *    written from d3d-ia-rules 4-6: 32-bit wrapping addresses, per-element
 *    bounds, step rates, strip cuts, raw-index SV_VertexID), which reads
 *    the layout's registers through its public queries;
 *  - every other available ISA, with and without a thread pool, gives the
 *    scalar draw's result code and output bit for bit;
 *  - vf_fetch_range of a random part equals that part of the whole draw;
 *  - a draw that fails, or whose output buffer is too small, writes nothing;
 *  - vf_draw_check and vf_draw_ex give vf_draw's result, list an error
 *    exactly when it fails, and vf_draw_ex writes the same words;
 *  - vf_draw_batch of the draw twice gives vf_draw's result and words.
 */
#include "fuzz_input.h"
#include "ia_ref.h"

#include <pthread.h>

#define NSLOTS 4u
#define MAX_ELEMS 8u
#define MAX_POSITIONS 12000u

static const uint32_t shapes[4] = { VF_OUTPUT_AOS, VF_OUTPUT_SOA4, VF_OUTPUT_SOA8, VF_OUTPUT_SOA16 };
static const char *const names[MAX_ELEMS] = { "POSITION", "NORMAL", "TEXCOORD", "COLOR",
                                              "TANGENT", "BINORMAL", "BLENDINDICES", "PSIZE" };
static const uint32_t topologies[] = {
    VF_TOPOLOGY_POINTLIST, VF_TOPOLOGY_LINELIST, VF_TOPOLOGY_LINESTRIP,
    VF_TOPOLOGY_TRIANGLELIST, VF_TOPOLOGY_TRIANGLESTRIP, VF_TOPOLOGY_LINESTRIP_ADJ,
    VF_TOPOLOGY_TRIANGLESTRIP_ADJ, VF_TOPOLOGY_32_CONTROL_POINT_PATCHLIST, VF_TOPOLOGY_UNDEFINED,
    7u /* not a topology */,
};

static vf_thread_pool *shared_pool;
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;

static void destroy_pool(void)
{
    vf_thread_pool_destroy(shared_pool);
    shared_pool = NULL;
}

/* One pool for the whole run, joined at exit so leak checkers see no
 * thread left behind. */
static void make_pool(void)
{
    if (vf_thread_pool_create(3, &shared_pool) != VF_OK || atexit(destroy_pool) != 0)
        abort();
    vf_thread_pool_set_min_bytes(shared_pool, 0); /* fuzzed draws are small */
}

struct fz_draw {
    vf_input_element_desc descs[MAX_ELEMS];
    uint32_t mappings[MAX_ELEMS];
    uint32_t nelem;
    vf_signature_element sig[MAX_ELEMS + 2];
    uint32_t nsig;
    vf_layout_options options;
    vf_vertex_buffer_view vbs[NSLOTS + 2];
    uint32_t num_vbs;
    vf_index_buffer_view ib;
    int have_ib;
    vf_draw_desc desc;
    /* The reference walker over the layout's registers (tests/ref/). */
    ia_ref ref;
};

static void *alloc_exact(size_t size)
{
    /* Output sizes are multiples of 16, as aligned_alloc needs. */
    void *p = aligned_alloc(16, size ? size : 16);
    if (!p)
        abort();
    return p;
}

static int untouched(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != 0xCD)
            return 0;
    return 1;
}

/* vf_draw_check gives vf_draw's result (r0) and lists an error exactly
 * when the draw fails, the first error being the result; every message is a
 * non-empty string; vf_draw_ex draws the same words as vf_draw (`want`). */
static void check_diagnostics(const vf_layout *layout, const vf_draw_desc *desc,
                              size_t out_size, const uint8_t *want, vf_result r0)
{
    vf_diagnostics *diag = malloc(sizeof(*diag));
    if (!diag)
        abort();
    vf_result rc = vf_draw_check(layout, desc, out_size, diag);
    FZ_CHECK(rc == r0, "vf_draw_check %d, vf_draw %d", rc, r0);
    FZ_CHECK((diag->num_errors != 0) == (r0 != VF_OK), "%u errors for result %d",
             diag->num_errors, r0);
    FZ_CHECK(diag->count + diag->num_dropped == diag->num_errors + diag->num_warnings,
             "diagnostic counts");
    if (r0 != VF_OK) {
        /* Warnings found earlier in check order may come first. */
        uint32_t k = 0;
        while (k < diag->count && diag->entries[k].severity != VF_SEVERITY_ERROR)
            k++;
        FZ_CHECK(k < diag->count && diag->entries[k].code == r0, "first error");
    }
    for (uint32_t k = 0; k < diag->count; k++) {
        const vf_diagnostic *e = &diag->entries[k];
        FZ_CHECK(e->severity <= VF_SEVERITY_WARNING, "severity %u", e->severity);
        FZ_CHECK(memchr(e->message, 0, sizeof(e->message)) && e->message[0] != '\0',
                 "message %u", k);
    }
    uint8_t *out = alloc_exact(out_size);
    memset(out, 0xCD, out_size);
    rc = vf_draw_ex(layout, desc, out, out_size, diag);
    FZ_CHECK(rc == r0, "vf_draw_ex %d, vf_draw %d", rc, r0);
    FZ_CHECK(memcmp(out, want, out_size) == 0, "vf_draw_ex wrote other words");
    free(out);
    free(diag);
}

/* The draw twice in a batch of one view set (vf_draw_batch): the result
 * of vf_draw, and on success both draws' words equal its output. */
static void check_batch(const vf_layout *layout, const vf_draw_desc *desc,
                        const uint8_t *ref_out, size_t out_size, vf_result r0)
{
    vf_draw_batch_desc b;
    memset(&b, 0, sizeof(b));
    b.struct_size = sizeof(b);
    b.vertex_buffer_sets = desc->vertex_buffers;
    b.num_vertex_buffer_sets = 1;
    b.num_vertex_buffers = desc->num_vertex_buffers;
    b.indexed = desc->indexed;
    b.index_buffer = desc->index_buffer;
    b.strip_cut_value = desc->strip_cut_value;
    b.primitive_topology = desc->primitive_topology;
    vf_batch_draw draw = { 0, desc->vertex_count_per_instance, desc->instance_count,
                           desc->start_location, desc->base_vertex_location,
                           desc->start_instance_location };
    vf_batch_draw draws[2] = { draw, draw };
    uint8_t *out = alloc_exact(2 * out_size);
    memset(out, 0xCD, 2 * out_size);
    vf_result r = vf_draw_batch(layout, &b, draws, 2, out, 2 * out_size, NULL);
    FZ_CHECK(r == r0, "batch gave %d, vf_draw %d", (int)r, (int)r0);
    if (r != VF_OK)
        FZ_CHECK(untouched(out, 2 * out_size), "failed batch (%d) wrote output", r);
    else
        FZ_CHECK(memcmp(out, ref_out, out_size) == 0 &&
                     memcmp(out + out_size, ref_out, out_size) == 0,
                 "batch words differ from vf_draw");
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = { data, size, 0 };
    vf_format ia[64];
    uint32_t nia = fz_vertex_formats(ia);
    struct fz_draw d;
    memset(&d, 0, sizeof(d));

    uint8_t h0 = fz_u8(&in), h1 = fz_u8(&in), h2 = fz_u8(&in);
    d.nelem = 1 + h0 % MAX_ELEMS;
    uint32_t shape = shapes[h1 & 3];
    int use_pool = (h1 >> 3) & 1;
    uint32_t sysvals = (h1 >> 4) & 7;
    int use_mappings = h1 >> 7;
    int use_sig = h2 & 1;

    /* Per-slot class and step rate, so a layout is valid by construction. */
    uint32_t slot_class[NSLOTS], slot_rate[NSLOTS];
    for (uint32_t s = 0; s < NSLOTS; s++) {
        uint8_t b = fz_u8(&in);
        slot_class[s] = b & 1;
        slot_rate[s] = slot_class[s] ? (b >> 1) % 4u : 0;
        if (slot_class[s] && b >= 0xF0)
            slot_rate[s] = 0xffffffffu;
    }
    for (uint32_t i = 0; i < d.nelem; i++) {
        vf_input_element_desc *e = &d.descs[i];
        e->semantic_name = names[i];
        e->semantic_index = 0;
        e->format = ia[fz_u8(&in) % nia];
        e->input_slot = fz_u8(&in) % NSLOTS;
        uint8_t ob = fz_u8(&in);
        uint32_t sz = vf_format_info(e->format)->bytes;
        uint32_t align = sz < 4 ? sz : 4;
        e->aligned_byte_offset = ob < 160 ? VF_APPEND_ALIGNED_ELEMENT : (ob - 160u) % 48u * align;
        e->input_slot_class = slot_class[e->input_slot];
        e->instance_data_step_rate = slot_rate[e->input_slot];
        uint16_t m = fz_u16(&in);
        d.mappings[i] = use_mappings ? VF_ENCODE_COMPONENT_MAPPING(m % 6, (m >> 3) % 6,
                                                                   (m >> 6) % 6, (m >> 9) % 6)
                                     : VF_DEFAULT_COMPONENT_MAPPING;
    }
    if (use_sig) {
        /* A subset of the elements in a shuffled register order, and maybe
         * the generated IDs. */
        uint32_t used_regs = 0;
        for (uint32_t i = 0; i < d.nelem + 2; i++) {
            uint8_t b = fz_u8(&in);
            if (b & 1)
                continue;
            uint32_t reg = (b >> 1) % VF_MAX_REGISTERS;
            while (used_regs & (1u << reg))
                reg = (reg + 1) % VF_MAX_REGISTERS;
            used_regs |= 1u << reg;
            vf_signature_element *s = &d.sig[d.nsig++];
            s->semantic_name = i < d.nelem ? names[i] : i == d.nelem ? "SV_VertexID" : "SV_InstanceID";
            s->semantic_index = 0;
            s->register_index = reg;
            s->mask = 0xf;
            s->component_type = VF_REGISTER_COMPONENT_UNKNOWN;
        }
    }
    vf_layout_options_init(&d.options);
    d.options.component_mappings = d.mappings;
    d.options.signature = use_sig ? d.sig : NULL;
    d.options.signature_count = use_sig ? d.nsig : 0;
    d.options.system_values = sysvals;
    d.options.output_shape = shape;
    d.options.isa = VF_ISA_SCALAR;

    vf_layout *ref_layout = NULL;
    if (vf_layout_create(d.descs, d.nelem, &d.options, &ref_layout, NULL) != VF_OK)
        return 0; /* fuzz_layout covers invalid layouts */
    FZ_CHECK(ia_ref_init_layout(&d.ref, ref_layout, d.options.system_values, &d.desc) == 0,
             "layout queries of the reference");

    /* Vertex buffers: exact-size copies of input bytes. */
    uint8_t *vb_mem[NSLOTS + 2] = { 0 };
    uint8_t nvb = fz_u8(&in);
    d.num_vbs = nvb % (NSLOTS + 3);
    for (uint32_t s = 0; s < d.num_vbs; s++) {
        uint8_t b = fz_u8(&in);
        vf_vertex_buffer_view *vb = &d.vbs[s];
        uint32_t sz = fz_u16(&in) % 1536u;
        uint8_t st = fz_u8(&in);
        vb->stride_in_bytes = st < 200 ? (uint32_t)(st % 50u) * 4u
                              : st < 250 ? (st & 1 ? 2048u : 0u)
                                         : fz_u16(&in) % 2100u;
        if (b < 24)
            continue; /* unbound: NULL data */
        vb_mem[s] = malloc(sz ? sz : 1);
        if (!vb_mem[s])
            abort();
        fz_fill(&in, vb_mem[s], sz);
        vb->data = vb_mem[s];
        vb->size_in_bytes = sz;
    }

    /* Index buffer. */
    uint8_t *ib_mem = NULL;
    uint8_t ibb = fz_u8(&in);
    d.desc.struct_size = sizeof(d.desc);
    vf_draw_desc_init(&d.desc);
    d.desc.indexed = ibb & 1;
    if (ibb == 0xF1)
        d.desc.indexed = 2; /* out of range */
    if (d.desc.indexed && (ibb & 6) != 0) {
        uint32_t sz = fz_u16(&in) % 1024u;
        d.ib.format = (ibb & 8) ? VF_FORMAT_R32_UINT : VF_FORMAT_R16_UINT;
        if (ibb >= 0xF8)
            d.ib.format = fz_u8(&in);
        if ((ibb & 6) != 2) {
            ib_mem = malloc(sz ? sz : 1);
            if (!ib_mem)
                abort();
            fz_fill(&in, ib_mem, sz);
            /* Make cut values and small indices common. */
            for (uint32_t i = 0; i + 1 < sz; i += 2) {
                if (ib_mem[i] == 0xFE)
                    ib_mem[i] = ib_mem[i + 1] = 0xFF;
                else if (ib_mem[i] >= 0x80)
                    ib_mem[i + 1] = 0;
            }
            d.ib.data = ib_mem;
            d.ib.size_in_bytes = sz;
        }
        d.have_ib = 1;
        d.desc.index_buffer = &d.ib;
    }
    d.desc.vertex_buffers = d.num_vbs ? d.vbs : NULL;
    d.desc.num_vertex_buffers = d.num_vbs;
    uint8_t cb = fz_u8(&in);
    d.desc.strip_cut_value = cb % 4u == 3 ? 2 : cb % 4u;
    if (cb >= 0xFC)
        d.desc.strip_cut_value = 3; /* invalid */
    d.desc.primitive_topology = topologies[fz_u8(&in) % (sizeof(topologies) / sizeof(topologies[0]))];
    d.desc.vertex_count_per_instance = fz_u8(&in);
    d.desc.instance_count = fz_u8(&in) % 5u;
    uint8_t sb = fz_u8(&in);
    d.desc.start_location = sb < 128 ? sb % 16u : fz_u32(&in);
    uint8_t bb = fz_u8(&in);
    d.desc.base_vertex_location = bb < 128 ? (int32_t)(bb % 16u) - 8 : (int32_t)fz_u32(&in);
    uint8_t ib2 = fz_u8(&in);
    d.desc.start_instance_location = ib2 < 128 ? ib2 % 8u : fz_u32(&in);
    if ((h2 & 6) == 6) {
        /* Now and then a long draw: many batches, and pool chunks that
         * split an instance. */
        d.desc.vertex_count_per_instance = fz_u16(&in) % 5000u;
        d.desc.instance_count = 1 + (h2 >> 3) % 2u;
    }
    if ((uint64_t)d.desc.vertex_count_per_instance * d.desc.instance_count > MAX_POSITIONS)
        d.desc.instance_count = 1;

    size_t out_size = 0;
    vf_result rs = vf_draw_output_size(ref_layout, d.desc.vertex_count_per_instance,
                                       d.desc.instance_count, &out_size);
    FZ_CHECK(rs == VF_OK, "output size: %d", rs);
    uint8_t *ref_out = alloc_exact(out_size);
    memset(ref_out, 0xCD, out_size);
    vf_result r0 = vf_draw(ref_layout, &d.desc, ref_out, out_size);
    if (r0 != VF_OK)
        FZ_CHECK(untouched(ref_out, out_size), "failed draw (%d) wrote output", r0);
    check_diagnostics(ref_layout, &d.desc, out_size, ref_out, r0);
    check_batch(ref_layout, &d.desc, ref_out, out_size, r0);

    /* Errors that the rules demand. */
    int must_fail = 0;
    for (uint32_t s = 0; s < d.num_vbs; s++) {
        int used = 0;
        for (uint32_t i = 0; i < d.nelem; i++)
            used |= d.descs[i].input_slot == s;
        if (used && d.vbs[s].data && d.vbs[s].stride_in_bytes > VF_MAX_STRIDE)
            must_fail = 1;
    }
    if (d.desc.strip_cut_value > 2 || d.desc.primitive_topology == 7u)
        must_fail = 1;
    /* A view without data is no index buffer: its format is not looked at. */
    if (d.desc.indexed && d.have_ib && d.ib.data && d.ib.format != VF_FORMAT_R16_UINT &&
        d.ib.format != VF_FORMAT_R32_UINT)
        must_fail = 1;
    if (d.desc.indexed > 1)
        must_fail = 1;
    if (must_fail)
        FZ_CHECK(r0 != VF_OK, "draw accepted invalid arguments");

    uint32_t lanes = shape == VF_OUTPUT_AOS ? 1 : shape;
    uint32_t nreg = vf_layout_register_count(ref_layout);
    uint32_t V = d.desc.vertex_count_per_instance, I = d.desc.instance_count;
    uint32_t per_inst_units = (V + lanes - 1) / lanes;
    size_t unit_bytes = (size_t)16 * nreg * lanes;
    FZ_CHECK(out_size == (size_t)per_inst_units * I * unit_bytes, "output size %zu", out_size);

    if (r0 == VF_OK) {
        uint32_t rec[(VF_MAX_REGISTERS + 1) * 4];
        for (uint32_t j = 0; j < I; j++) {
            const uint8_t *inst = ref_out + (size_t)j * per_inst_units * unit_bytes;
            for (uint32_t i = 0; i < V; i++) {
                ia_ref_record(&d.ref, j, i, rec);
                for (uint32_t w = 0; w < nreg * 4; w++) {
                    uint32_t got = ia_ref_out_word(inst, lanes, nreg, i, w);
                    FZ_CHECK(got == rec[w],
                             "instance %u position %u word %u (register %u): got %#x, rules say %#x",
                             j, i, w, w / 4, got, rec[w]);
                }
            }
            /* Lanes past the end of the last batch: zero, flagged inactive. */
            for (uint32_t i = V; i < per_inst_units * lanes; i++) {
                for (uint32_t w = 0; w < nreg * 4; w++) {
                    uint32_t want = 0;
                    if ((sysvals & VF_SV_FLAGS) && w == (nreg - 1) * 4 + 2)
                        want = VF_FLAG_INACTIVE;
                    FZ_CHECK(ia_ref_out_word(inst, lanes, nreg, i, w) == want, "inactive lane %u word %u", i,
                             w);
                }
            }
        }

        /* A part of the draw through vf_fetch_range. */
        if (I && V) {
            uint32_t j = fz_u8(&in) % I;
            uint32_t first = fz_u8(&in) % V / lanes * lanes;
            uint32_t count = 1 + fz_u8(&in) % (V - first);
            size_t part_size = (size_t)((count + lanes - 1) / lanes) * unit_bytes;
            uint8_t *part = alloc_exact(part_size);
            memset(part, 0xCD, part_size);
            vf_result rr = vf_fetch_range(ref_layout, &d.desc, j, first, count, part, part_size);
            FZ_CHECK(rr == VF_OK, "fetch_range(%u, %u, %u): %d", j, first, count, rr);
            const uint8_t *inst = ref_out + (size_t)j * per_inst_units * unit_bytes;
            for (uint32_t i = 0; i < count; i++)
                for (uint32_t w = 0; w < nreg * 4; w++)
                    FZ_CHECK(ia_ref_out_word(part, lanes, nreg, i, w) ==
                                 ia_ref_out_word(inst, lanes, nreg, first + i, w),
                             "fetch_range position %u word %u", first + i, w);
            if (part_size >= 16) {
                memset(part, 0xCD, part_size);
                rr = vf_fetch_range(ref_layout, &d.desc, j, first, count, part, part_size - 16);
                FZ_CHECK(rr == VF_ERROR_OUTPUT_TOO_SMALL && untouched(part, part_size),
                         "short fetch_range output: %d", rr);
            }
            rr = vf_fetch_range(ref_layout, &d.desc, I, 0, 1, part, part_size);
            FZ_CHECK(rr == VF_ERROR_INVALID_RANGE, "instance past the draw: %d", rr);
            free(part);
        }

        /* A too-small output is refused and left untouched. */
        if (out_size >= 16) {
            uint8_t *small = alloc_exact(out_size - 16);
            memset(small, 0xCD, out_size - 16);
            vf_result r1 = vf_draw(ref_layout, &d.desc, small, out_size - 16);
            FZ_CHECK(r1 == VF_ERROR_OUTPUT_TOO_SMALL && untouched(small, out_size - 16),
                     "short output: %d", r1);
            free(small);
        }
    }

    /* Every ISA, with and without the pool: the scalar result bit for bit.
     * The buffer offered is 64 bytes larger than needed: nothing may be
     * written past vf_draw_output_size. */
    uint8_t *out = alloc_exact(out_size + 64);
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        if (!vf_isa_available(isa))
            continue;
        vf_layout_options o = d.options;
        o.isa = isa;
        vf_layout *layout = NULL;
        FZ_CHECK(vf_layout_create(d.descs, d.nelem, &o, &layout, NULL) == VF_OK,
                 "layout for isa %u", isa);
        for (int pass = 0; pass < 1 + use_pool; pass++) {
            vf_draw_desc dd = d.desc;
            if (pass) {
                pthread_once(&pool_once, make_pool);
                dd.pool = shared_pool;
            } else if (isa == VF_ISA_SCALAR) {
                continue; /* that is the reference itself */
            }
            memset(out, 0xCD, out_size + 64);
            vf_result r = vf_draw(layout, &dd, out, out_size + 64);
            FZ_CHECK(untouched(out + out_size, 64), "isa %s pool %d: wrote past the output size",
                     vf_isa_name(isa), pass);
            FZ_CHECK(r == r0, "isa %s pool %d: result %d, scalar %d", vf_isa_name(isa), pass, r, r0);
            for (size_t b = 0; b < out_size; b++)
                FZ_CHECK(out[b] == ref_out[b],
                         "isa %s pool %d: byte %zu (record/batch %zu, word %zu): %#x, scalar %#x",
                         vf_isa_name(isa), pass, b, b / unit_bytes, b % unit_bytes / 4, out[b],
                         ref_out[b]);
        }
        vf_layout_destroy(layout);
    }

    free(out);
    free(ref_out);
    vf_layout_destroy(ref_layout);
    free(ib_mem);
    for (uint32_t s = 0; s < NSLOTS + 2; s++)
        free(vb_mem[s]);
    return 0;
}
