/*
 * check_identical.c - digests of the words vfetch writes for a fixed set of
 * seeded random draws, compared with the digests recorded in
 * tests/identical.digests.
 *
 * The other suites check each rule; this one pins down every output word of
 * a few hundred varied draws, so that a change meant to move code around
 * (or to make it faster) is proven to change nothing. Every case runs on
 * every instruction set this CPU has, in the layout's output shape, on the
 * calling thread and on a pool, and in random vf_fetch_range pieces; all of
 * those must give one digest, and that digest must be the recorded one.
 *
 *   tests/check_identical [DIGEST-FILE]   compare (default: the tree's file)
 *   tests/check_identical --print         print the digests instead
 *
 * Only the public API is used. A deliberate change of output words must
 * come with a new digest file (--print) and a reason in its commit.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vfetch.h"

#define NUM_CASES 400u
#define NUM_LARGE 4u /* cases past the non-temporal streaming threshold */
#define MAX_ELEMS 8u
#define MAX_SLOTS 4u
#define LARGE_BYTES (9u << 20)

/* splitmix64: independent of every generator in the library and tests. */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint32_t rng_below(uint64_t *s, uint32_t n)
{
    return (uint32_t)(rng_next(s) % n);
}

static uint64_t fnv1a(uint64_t h, const void *data, size_t size)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < size; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

struct draw_case {
    vf_input_element_desc elems[MAX_ELEMS];
    uint32_t mappings[MAX_ELEMS];
    uint32_t nelem;
    vf_layout_options opts;
    vf_vertex_buffer_view vbs[MAX_SLOTS];
    uint8_t *vb_data[MAX_SLOTS];
    vf_index_buffer_view ib;
    uint8_t *ib_data;
    vf_draw_desc desc;
};

static const char *const semantics[MAX_ELEMS] = { "POSITION", "NORMAL", "TEXCOORD", "COLOR",
                                                   "TANGENT", "BINORMAL", "BLENDINDICES",
                                                   "PSIZE" };

static vf_format random_vertex_format(uint64_t *s)
{
    for (;;) {
        const vf_format_desc *f = vf_format_info_at(rng_below(s, vf_format_count()));
        if (f && (f->ia_support & VF_IA_VERTEX_BUFFER))
            return f->format;
    }
}

static uint32_t random_mapping(uint64_t *s)
{
    if (rng_below(s, 3) != 0)
        return VF_DEFAULT_COMPONENT_MAPPING;
    return VF_ENCODE_COMPONENT_MAPPING(rng_below(s, 6), rng_below(s, 6), rng_below(s, 6),
                                       rng_below(s, 6));
}

static void random_layout(struct draw_case *c, uint64_t *s)
{
    uint32_t nslots = 1 + rng_below(s, MAX_SLOTS);
    uint32_t slot_class[MAX_SLOTS], step[MAX_SLOTS];
    for (uint32_t i = 0; i < nslots; i++) {
        slot_class[i] = rng_below(s, 3) == 0 ? VF_INPUT_PER_INSTANCE_DATA : VF_INPUT_PER_VERTEX_DATA;
        step[i] = slot_class[i] == VF_INPUT_PER_INSTANCE_DATA ? rng_below(s, 4) : 0;
    }
    c->nelem = 1 + rng_below(s, MAX_ELEMS);
    for (uint32_t e = 0; e < c->nelem; e++) {
        vf_input_element_desc *d = &c->elems[e];
        d->semantic_name = semantics[e];
        d->semantic_index = 0;
        d->format = random_vertex_format(s);
        d->input_slot = rng_below(s, nslots);
        d->input_slot_class = slot_class[d->input_slot];
        d->instance_data_step_rate = step[d->input_slot];
        /* Explicit offsets are multiples of 4, so every format accepts them. */
        d->aligned_byte_offset =
            rng_below(s, 2) ? VF_APPEND_ALIGNED_ELEMENT : 4 * rng_below(s, 12);
        c->mappings[e] = random_mapping(s);
    }
    vf_layout_options_init(&c->opts);
    c->opts.component_mappings = c->mappings;
    c->opts.system_values = rng_below(s, 8);
    static const uint32_t shapes[4] = { VF_OUTPUT_AOS, VF_OUTPUT_SOA4, VF_OUTPUT_SOA8,
                                        VF_OUTPUT_SOA16 };
    c->opts.output_shape = shapes[rng_below(s, 4)];
}

static uint8_t *random_bytes(uint64_t *s, size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    if (!p)
        abort();
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)rng_next(s);
    return p;
}

/* Vertex buffers: strides that suit the layout most of the time, sizes that
 * sometimes end inside the draw (those reads give zeros), unbound slots. */
static void random_buffers(struct draw_case *c, uint64_t *s, uint32_t positions)
{
    for (uint32_t i = 0; i < MAX_SLOTS; i++) {
        uint32_t stride = 4 * rng_below(s, 20);
        uint32_t count = rng_below(s, 4) == 0 ? rng_below(s, positions + 1) : positions + 64;
        uint32_t size = stride * count + rng_below(s, 48);
        c->vb_data[i] = rng_below(s, 10) == 0 ? NULL : random_bytes(s, size);
        c->vbs[i].data = c->vb_data[i];
        c->vbs[i].size_in_bytes = size;
        c->vbs[i].stride_in_bytes = stride;
    }
}

static void random_indices(struct draw_case *c, uint64_t *s, uint32_t positions)
{
    int wide = rng_below(s, 2);
    uint32_t count = positions + rng_below(s, 8);
    uint32_t isize = wide ? 4u : 2u;
    c->ib_data = random_bytes(s, (size_t)count * isize);
    for (uint32_t i = 0; i < count; i++) {
        uint32_t v = rng_below(s, 12) == 0 ? 0xffffffffu : rng_below(s, positions + 80);
        if (wide)
            memcpy(c->ib_data + 4 * i, &v, 4);
        else {
            uint16_t h = (uint16_t)v;
            memcpy(c->ib_data + 2 * i, &h, 2);
        }
    }
    c->ib.data = c->ib_data;
    c->ib.size_in_bytes = count * isize - (rng_below(s, 6) == 0 ? isize * 3 : 0);
    c->ib.format = wide ? VF_FORMAT_R32_UINT : VF_FORMAT_R16_UINT;
    c->desc.index_buffer = rng_below(s, 16) == 0 ? NULL : &c->ib;
    if (rng_below(s, 2)) {
        c->desc.strip_cut_value = wide ? VF_STRIP_CUT_VALUE_0xFFFFFFFF : VF_STRIP_CUT_VALUE_0xFFFF;
        c->desc.primitive_topology = rng_below(s, 2) ? VF_TOPOLOGY_TRIANGLESTRIP
                                                     : VF_TOPOLOGY_LINESTRIP_ADJ;
    }
    c->desc.start_location = rng_below(s, 8);
    c->desc.base_vertex_location = (int32_t)rng_below(s, 64) - 16;
}

static void random_case(struct draw_case *c, uint32_t index)
{
    uint64_t s = 0x5eed0000ull + index;
    memset(c, 0, sizeof *c);
    random_layout(c, &s);
    int large = index >= NUM_CASES - NUM_LARGE;
    uint32_t positions = 1 + rng_below(&s, 700);
    if (large) /* just past 8 MiB of output, whatever the record size */
        positions = (uint32_t)(LARGE_BYTES / (16u * c->nelem)) + rng_below(&s, 1000);
    vf_draw_desc_init(&c->desc);
    c->desc.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    random_buffers(c, &s, positions);
    c->desc.vertex_buffers = c->vbs;
    c->desc.num_vertex_buffers = rng_below(&s, MAX_SLOTS + 1);
    c->desc.vertex_count_per_instance = positions;
    c->desc.instance_count = large ? 1 : 1 + rng_below(&s, 5);
    c->desc.start_instance_location = rng_below(&s, 4);
    c->desc.indexed = rng_below(&s, 2);
    if (c->desc.indexed)
        random_indices(c, &s, positions);
    else
        c->desc.start_location = rng_below(&s, 64);
}

static void free_case(struct draw_case *c)
{
    for (uint32_t i = 0; i < MAX_SLOTS; i++)
        free(c->vb_data[i]);
    free(c->ib_data);
}

static void *alloc_out(size_t size)
{
    void *p = aligned_alloc(64, (size + 63) / 64 * 64 + 64);
    if (!p)
        abort();
    return p;
}

/* The output of vf_fetch_range pieces of random lengths (whole batches in
 * SoA shapes), laid end to end as the whole draw lays them out. */
static vf_result draw_in_pieces(const vf_layout *layout, const vf_draw_desc *desc, uint8_t *out,
                                size_t size, uint64_t *s)
{
    uint32_t lanes = vf_layout_output_shape(layout);
    uint32_t unit = lanes ? lanes : 1;
    size_t unit_bytes = vf_layout_record_size(layout) * unit;
    size_t at = 0;
    for (uint32_t inst = 0; inst < desc->instance_count; inst++) {
        uint32_t n = desc->vertex_count_per_instance;
        for (uint32_t first = 0; first < n;) {
            uint32_t count = unit * (1 + rng_below(s, 40));
            if (count > n - first)
                count = n - first;
            size_t bytes = (count + unit - 1) / unit * unit_bytes;
            vf_result r = vf_fetch_range(layout, desc, inst, first, count, out + at, size - at);
            if (r != VF_OK)
                return r;
            at += bytes;
            first += count;
        }
    }
    return VF_OK;
}

/* Digest of one way of running the case: result code, then every byte. */
static uint64_t run_digest(const vf_layout *layout, struct draw_case *c, int how,
                           vf_thread_pool *pool)
{
    size_t size = 0;
    vf_result r = vf_draw_output_size(layout, c->desc.vertex_count_per_instance,
                                      c->desc.instance_count, &size);
    uint8_t *out = alloc_out(size);
    memset(out, 0xa5, size);
    vf_draw_desc desc = c->desc;
    if (r == VF_OK && how == 0)
        r = vf_draw(layout, &desc, out, size);
    else if (r == VF_OK && how == 1) {
        desc.pool = pool;
        r = vf_draw(layout, &desc, out, size);
    } else if (r == VF_OK) {
        uint64_t s = 0x9ull + c->desc.vertex_count_per_instance;
        r = draw_in_pieces(layout, &desc, out, size, &s);
    }
    int32_t code = (int32_t)r;
    uint64_t h = fnv1a(0xcbf29ce484222325ull, &code, sizeof code);
    if (r == VF_OK)
        h = fnv1a(h, out, size);
    free(out);
    return h;
}

/* The case's digest, or 0 with a message when two ways disagree. A layout
 * that fails to compile gives the digest of its result code. */
static uint64_t case_digest(uint32_t index, vf_thread_pool *pool)
{
    struct draw_case c;
    random_case(&c, index);
    uint64_t digest = 0;
    int have = 0;
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        if (!vf_isa_available(isa))
            continue;
        c.opts.isa = isa;
        vf_layout *layout = NULL;
        vf_result r = vf_layout_create(c.elems, c.nelem, &c.opts, &layout, NULL);
        if (r != VF_OK) {
            int32_t code = (int32_t)r;
            digest = fnv1a(0x84222325ull, &code, sizeof code);
            break;
        }
        for (int how = 0; how < 3; how++) {
            uint64_t h = run_digest(layout, &c, how, pool);
            if (have && h != digest) {
                fprintf(stderr, "case %u: %s, way %d gives %016" PRIx64 ", not %016" PRIx64 "\n",
                        index, vf_isa_name(isa), how, h, digest);
                vf_layout_destroy(layout);
                free_case(&c);
                return 0;
            }
            digest = h;
            have = 1;
        }
        vf_layout_destroy(layout);
    }
    free_case(&c);
    return digest;
}

static int load_digests(const char *path, uint64_t *want)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    char line[128];
    uint32_t n = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned index;
        uint64_t d;
        if (line[0] == '#')
            continue;
        if (sscanf(line, "%u %" SCNx64, &index, &d) != 2 || index >= NUM_CASES) {
            fprintf(stderr, "%s: bad line: %s", path, line);
            fclose(f);
            return -1;
        }
        want[index] = d;
        n++;
    }
    fclose(f);
    if (n != NUM_CASES) {
        fprintf(stderr, "%s: %u digests, expected %u\n", path, n, NUM_CASES);
        return -1;
    }
    return 0;
}

static const char *default_path(void)
{
    static char path[4096];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/tests/identical.digests", top ? top : ".");
    return path;
}

int main(int argc, char **argv)
{
    int print = argc > 1 && strcmp(argv[1], "--print") == 0;
    static uint64_t want[NUM_CASES];
    if (!print && load_digests(argc > 1 ? argv[1] : default_path(), want) != 0)
        return 1;
    vf_thread_pool *pool = NULL;
    if (vf_thread_pool_create(3, &pool) != VF_OK)
        return 1;
    vf_thread_pool_set_min_bytes(pool, 0);
    unsigned bad = 0;
    if (print)
        printf("# check_identical: case digest (FNV-1a 64 of result code and output)\n");
    for (uint32_t i = 0; i < NUM_CASES; i++) {
        uint64_t d = case_digest(i, pool);
        if (print)
            printf("%u %016" PRIx64 "\n", i, d);
        else if (d != want[i]) {
            fprintf(stderr, "case %u: digest %016" PRIx64 ", recorded %016" PRIx64 "\n", i, d,
                    want[i]);
            bad++;
        }
    }
    vf_thread_pool_destroy(pool);
    if (!print)
        printf("check_identical: %u cases, %u differ\n", NUM_CASES, bad);
    return bad ? 1 : 0;
}
