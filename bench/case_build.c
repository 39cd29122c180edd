/*
 * case_build.c - the buffers and draw of one vfetch-bench case: plausible
 * vertex data, the index buffer of each draw shape, the output buffers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* ------------------------------------------------------------------------ */
/* Test data                                                                  */
/* ------------------------------------------------------------------------ */

/* One component of plausible vertex data: floats of a modest magnitude
 * (no NaN, infinities or denormals), integers and normalized values of
 * every bit pattern. */
static uint32_t gen_component(uint32_t type, uint32_t bits, uint64_t *rng)
{
    uint64_t x = bu_rand(rng);

    switch (type) {
    case VF_TYPE_FLOAT:
        if (bits == 32) /* sign, exponent 121..133 (about 2^-6 .. 2^6), mantissa */
            return (uint32_t)((x >> 63) << 31) | ((121u + (uint32_t)((x >> 40) % 13)) << 23) |
                   (uint32_t)(x & 0x7fffffu);
        if (bits == 16) /* the same for half floats: exponent 9..21 */
            return (uint32_t)(((x >> 63) << 15) | ((9u + (x >> 40) % 13) << 10) | (x & 0x3ffu));
        break;
    case VF_TYPE_UFLOAT: /* float11 / float10: 5-bit exponent 10..20 */
        return (uint32_t)(((10u + (x >> 40) % 11) << (bits - 5)) |
                          (x & ((1u << (bits - 5)) - 1)));
    default:
        break;
    }
    return bits >= 32 ? (uint32_t)x : (uint32_t)x & ((1u << bits) - 1);
}

/* Writes one element of `format` at dst. */
static void gen_element(const vf_format_desc *d, uint8_t *dst, uint64_t *rng)
{
    uint64_t packed = 0;

    for (unsigned c = 0; c < 4; c++) {
        uint32_t bits = d->bits[c];
        if (bits == 0)
            continue;
        uint32_t v = gen_component(d->type[c], bits, rng);
        if (d->bytes > 8) {
            /* 12- and 16-byte formats: 32-bit components on byte boundaries */
            for (unsigned b = 0; b < bits / 8; b++)
                dst[d->shift[c] / 8 + b] = (uint8_t)(v >> (8 * b));
        } else {
            packed |= (uint64_t)v << d->shift[c];
        }
    }
    if (d->bytes <= 8)
        for (unsigned b = 0; b < d->bytes; b++)
            dst[b] = (uint8_t)(packed >> (8 * b));
}

/* ------------------------------------------------------------------------ */
/* Building a case                                                            */
/* ------------------------------------------------------------------------ */

/* Index helpers: 16-bit indices while every vertex fits below the cut
 * value 0xFFFF, 32-bit beyond, like an engine would choose. */
static void put_index(struct bench_case *c, size_t i, uint32_t v)
{
    if (c->ibv.format == VF_FORMAT_R16_UINT)
        ((uint16_t *)c->ib)[i] = (uint16_t)v;
    else
        ((uint32_t *)c->ib)[i] = v;
}

static void alloc_indices(struct bench_case *c, size_t count, uint32_t vertices)
{
    uint32_t isz = vertices <= 0xffffu ? 2 : 4;
    if ((uint64_t)count * isz > UINT32_MAX)
        bu_die("index buffer larger than 4 GiB", c->name);
    c->ib = bu_alloc(count * isz);
    c->ibv.data = c->ib;
    c->ibv.size_in_bytes = (uint32_t)(count * isz);
    c->ibv.format = isz == 2 ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT;
}

static uint32_t grid_side_list(uint32_t n)
{
    uint32_t w = 2;
    while (6ull * (w - 1) * (w - 1) < n)
        w++;
    return w;
}

static uint32_t grid_side_strip(uint32_t n)
{
    uint32_t w = 2;
    while ((uint64_t)(w - 1) * (2ull * w + 1) < n)
        w++;
    return w;
}

/* Compiles the scalar layout: 0, or -1 with the library's message. */
static int case_scalar_layout(struct bench *b, struct bench_case *c)
{
    vf_layout_options lo;
    vf_diagnostics *diag = calloc(1, sizeof(*diag));
    vf_result res;

    if (diag == NULL)
        bu_die("out of memory", NULL);
    vf_layout_options_init(&lo);
    lo.isa = VF_ISA_SCALAR;
    lo.output_shape = b->opt.output_shape;
    res = vf_layout_create(c->elems, c->num_elems, &lo, &c->layouts[VF_ISA_SCALAR], diag);
    if (res != VF_OK) {
        fprintf(stderr, "vfetch-bench: %s: vf_layout_create: %s%s%s\n", c->name,
                vf_result_string(res), diag->count ? ": " : "",
                diag->count ? diag->entries[0].message : "");
        free(diag);
        b->num_failures++;
        return -1;
    }
    free(diag);
    return 0;
}

/* Slots and strides from what the layout resolved. */
static void case_slots(struct bench_case *c, const vf_layout *layout)
{
    uint32_t end[MAX_SLOTS] = { 0 }, align[MAX_SLOTS] = { 0 };

    c->nslots = 0;
    for (uint32_t e = 0; e < c->num_elems; e++) {
        vf_layout_element_info info;
        if (vf_layout_element(layout, e, &info) != VF_OK || info.input_slot >= MAX_SLOTS)
            bu_die("vf_layout_element failed", c->name);
        uint32_t bytes = vf_format_info(info.format)->bytes;
        uint32_t s = info.input_slot;
        if (info.byte_offset + bytes > end[s])
            end[s] = info.byte_offset + bytes;
        if ((bytes < 4 ? bytes : 4) > align[s])
            align[s] = bytes < 4 ? bytes : 4;
        c->slot_class[s] = info.input_slot_class;
        c->step[s] = info.instance_data_step_rate;
        if (s + 1 > c->nslots)
            c->nslots = s + 1;
    }
    for (uint32_t s = 0; s < c->nslots; s++)
        c->stride[s] = align[s] ? (end[s] + align[s] - 1) / align[s] * align[s] : 0;
}

/* The grid as a triangle list, quads in row order, or random indices. */
static uint32_t shape_grid_list(struct bench_case *c, uint32_t n, int random, uint64_t *rng,
                                size_t *nidx)
{
    uint32_t w = grid_side_list(n);
    uint32_t vertices = w * w;

    *nidx = 6ull * (w - 1) * (w - 1);
    c->positions = n - n % 3;
    alloc_indices(c, *nidx, vertices);
    if (random) {
        for (size_t i = 0; i < *nidx; i++)
            put_index(c, i, bu_rand_below(rng, vertices));
        return vertices;
    }
    size_t i = 0;
    for (uint32_t y = 0; y + 1 < w; y++) {
        for (uint32_t x = 0; x + 1 < w; x++) {
            uint32_t v0 = y * w + x, v1 = v0 + 1, v2 = v0 + w, v3 = v2 + 1;
            put_index(c, i++, v0);
            put_index(c, i++, v2);
            put_index(c, i++, v1);
            put_index(c, i++, v1);
            put_index(c, i++, v2);
            put_index(c, i++, v3);
        }
    }
    return vertices;
}

/* The grid as one triangle strip per row, rows separated by cuts. */
static uint32_t shape_strips(struct bench_case *c, uint32_t n, size_t *nidx)
{
    uint32_t w = grid_side_strip(n);
    size_t i = 0;

    *nidx = (size_t)(w - 1) * (2ull * w + 1);
    /* No strip ends in a piece of a triangle. */
    c->positions = n % (2 * w + 1) < 3 ? n - n % (2 * w + 1) : n;
    alloc_indices(c, *nidx, w * w);
    uint32_t cut = c->ibv.format == VF_FORMAT_R16_UINT ? 0xffffu : 0xffffffffu;
    for (uint32_t y = 0; y + 1 < w; y++) {
        for (uint32_t x = 0; x < w; x++) {
            put_index(c, i++, y * w + x);
            put_index(c, i++, (y + 1) * w + x);
        }
        put_index(c, i++, cut);
    }
    c->desc.strip_cut_value = cut == 0xffffu ? VF_STRIP_CUT_VALUE_0xFFFF
                                              : VF_STRIP_CUT_VALUE_0xFFFFFFFF;
    c->desc.primitive_topology = VF_TOPOLOGY_TRIANGLESTRIP;
    return w * w;
}

/* A cube with a vertex per face corner: 24 vertices, 36 indices. */
static uint32_t shape_cubes(struct bench_case *c, uint32_t n, size_t *nidx)
{
    static const uint8_t quad[6] = { 0, 1, 2, 2, 1, 3 };

    *nidx = 36;
    c->positions = 36;
    c->instances = n / 36 ? n / 36 : 1;
    alloc_indices(c, *nidx, 24);
    for (uint32_t f = 0; f < 6; f++)
        for (uint32_t k = 0; k < 6; k++)
            put_index(c, f * 6 + k, f * 4 + quad[k]);
    return 24;
}

/* The draw's shape: positions, instances, indices. Returns the vertices. */
static uint32_t case_shape(struct bench_case *c, enum shape shape, uint32_t n, uint64_t *rng)
{
    uint32_t vertices = 0;
    size_t nidx = 0;

    vf_draw_desc_init(&c->desc);
    c->instances = 1;
    c->desc.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    switch (shape) {
    case SHAPE_LINEAR:
        /* Whole triangles, as a real draw has. */
        vertices = n - n % 3;
        c->positions = vertices;
        break;
    case SHAPE_INDEXED:
    case SHAPE_CHUNKED:
    case SHAPE_REUSE:
    case SHAPE_RANDOM:
        vertices = shape_grid_list(c, n, shape == SHAPE_RANDOM, rng, &nidx);
        break;
    case SHAPE_STRIPS:
        vertices = shape_strips(c, n, &nidx);
        break;
    case SHAPE_INSTANCED:
        vertices = shape_cubes(c, n, &nidx);
        break;
    default:
        bu_die("bad shape", NULL);
    }
    c->unique_vertices = vertices;
    if (nidx) {
        c->desc.indexed = 1;
        c->desc.index_buffer = &c->ibv;
    }
    return vertices;
}

/* Vertex buffers filled element by element, and the input spans the copy
 * roofline moves. */
static void case_data(struct bench_case *c, const vf_layout *layout, uint32_t vertices,
                      uint64_t *rng)
{
    c->nspans = 0;
    c->in_bytes = 0;
    for (uint32_t s = 0; s < c->nslots; s++) {
        uint64_t rows = c->slot_class[s] == VF_INPUT_PER_VERTEX_DATA ? vertices
                        : c->step[s] == 0 ? 1 : (c->instances + c->step[s] - 1) / c->step[s];
        uint64_t bytes = rows * c->stride[s];
        if (c->stride[s] == 0)
            continue;
        if (bytes > UINT32_MAX)
            bu_die("vertex buffer larger than 4 GiB; use fewer --vertices", c->name);
        c->vb[s] = bu_alloc(bytes);
        c->vbv[s].data = c->vb[s];
        c->vbv[s].size_in_bytes = (uint32_t)bytes;
        c->vbv[s].stride_in_bytes = c->stride[s];
        c->spans[c->nspans].data = c->vb[s];
        c->spans[c->nspans].size = bytes;
        c->nspans++;
        c->in_bytes += bytes;
    }
    for (uint32_t e = 0; e < c->num_elems; e++) {
        vf_layout_element_info info;
        vf_layout_element(layout, e, &info);
        const vf_format_desc *d = vf_format_info(info.format);
        uint32_t s = info.input_slot;
        uint64_t rows = c->vbv[s].size_in_bytes / c->stride[s];
        for (uint64_t v = 0; v < rows; v++)
            gen_element(d, c->vb[s] + v * c->stride[s] + info.byte_offset, rng);
    }
    if (c->desc.indexed) {
        c->spans[c->nspans].data = c->ib;
        c->spans[c->nspans].size = c->ibv.size_in_bytes;
        c->nspans++;
        c->in_bytes += c->ibv.size_in_bytes;
    }
}

/* Positions per range of the chunked shape: --chunk, else as many records
 * as fill half the L2 (the other half holds the vertex data the range reads
 * and the index range), a multiple of 48 so ranges hold whole triangles and
 * whole SoA batches. */
uint32_t case_chunk_positions(const struct bench *b, uint32_t record_bytes)
{
    uint32_t lanes = b->opt.output_shape == VF_OUTPUT_AOS ? 1 : b->opt.output_shape;

    if (b->opt.chunk)
        return (b->opt.chunk + lanes - 1) / lanes * lanes;
    size_t n = b->l2_bytes / 2 / (record_bytes ? record_bytes : 16);
    n -= n % 48;
    return n < 48 ? 48 : n > (1u << 24) ? 1u << 24 : (uint32_t)n;
}

/* The reuse shape's buffers: scratch by the library's queries, records
 * for every vertex of the mesh, a map word and a distinct index's room per
 * position. */
static void case_reuse_buffers(struct bench_case *c, const vf_layout *layout)
{
    vf_result res = vf_draw_reuse_scratch_size(layout, &c->desc, &c->reuse_scratch_size);
    if (res == VF_OK)
        res = vf_reuse_map_scratch_size(layout, &c->desc, &c->map_scratch_size);
    if (res == VF_OK)
        res = vf_draw_output_size(layout, c->unique_vertices, c->instances, &c->reuse_out_size);
    if (res != VF_OK)
        bu_die("vf_draw_reuse_scratch_size failed", vf_result_string(res));
    c->reuse_scratch = bu_alloc(c->reuse_scratch_size ? c->reuse_scratch_size : 16);
    c->reuse_out = bu_alloc(c->reuse_out_size ? c->reuse_out_size : 16);
    c->map_scratch = bu_alloc(c->map_scratch_size ? c->map_scratch_size : 16);
    c->remap = bu_alloc((size_t)c->positions * 4 + 16);
    c->unique = bu_alloc((size_t)c->positions * 4 + 16);
}

int case_build(struct bench *b, struct bench_case *c, enum shape shape, uint32_t n,
               uint64_t seed)
{
    uint64_t rng = seed | 1;
    vf_result res;

    c->shape = shape;
    if (case_scalar_layout(b, c) != 0)
        return -1;
    const vf_layout *layout = c->layouts[VF_ISA_SCALAR];
    case_slots(c, layout);
    uint32_t vertices = case_shape(c, shape, n, &rng);
    case_data(c, layout, vertices, &rng);
    c->desc.vertex_buffers = c->vbv;
    c->desc.num_vertex_buffers = c->nslots;
    c->desc.vertex_count_per_instance = c->positions;
    c->desc.instance_count = c->instances;

    res = vf_draw_output_size(layout, c->positions, c->instances, &c->out_size);
    if (res != VF_OK)
        bu_die("vf_draw_output_size failed", vf_result_string(res));
    c->out = bu_alloc(c->out_size);
    c->out_bytes = c->out_size;
    c->record_bytes = (uint32_t)vf_layout_record_size(layout);
    if (shape == SHAPE_CHUNKED)
        c->chunk = case_chunk_positions(b, c->record_bytes);
    if (shape == SHAPE_REUSE)
        case_reuse_buffers(c, layout);
    return 0;
}

void case_free(struct bench_case *c)
{
    for (unsigned i = 0; i < VF_ISA_COUNT; i++)
        vf_layout_destroy(c->layouts[i]);
    for (unsigned i = 0; i < VF_ISA_COUNT; i++)
        vf_layout_destroy(c->layouts_elem[i]);
    for (unsigned s = 0; s < MAX_SLOTS; s++)
        bu_free(c->vb[s]);
    bu_free(c->ib);
    bu_free(c->out);
    bu_free(c->reuse_scratch);
    bu_free(c->reuse_out);
    bu_free(c->map_scratch);
    bu_free(c->remap);
    bu_free(c->unique);
    memset(c, 0, sizeof(*c));
}

/* The layout of one ISA, compiled on first use. */
vf_layout *case_layout(const struct bench *b, struct bench_case *c, uint32_t isa,
                       vf_result *res_ret)
{
    if (c->layouts[isa] == NULL) {
        vf_layout_options lo;
        vf_layout_options_init(&lo);
        lo.isa = isa;
        lo.output_shape = b->opt.output_shape;
        *res_ret = vf_layout_create(c->elems, c->num_elems, &lo, &c->layouts[isa], NULL);
        if (*res_ret != VF_OK)
            return NULL;
    }
    *res_ret = VF_OK;
    return c->layouts[isa];
}
