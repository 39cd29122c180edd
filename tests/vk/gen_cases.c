/*
 * gen_cases.c - writes a seeded set of vfetch JSON cases for the Vulkan
 * cross-check (tests/vk/run-vk-tests.sh):
 *
 *   gen_cases DIR [SEED] [RANDOM_CASES]
 *
 *  - random-NNN.json: random layouts over up to 4 of 16 slots, every IA
 *    vertex format (case i starts with format i mod 47), per-vertex and
 *    per-instance slots with step rates 0..3, component mappings,
 *    APPEND_ALIGNED and explicit offsets, strides 0 and padded, DrawInstanced
 *    with StartVertex/StartInstanceLocation, DrawIndexedInstanced with 16- and
 *    32-bit indices, negative BaseVertexLocation and strip cuts; data random
 *    with NaN, infinity, denormal, signed zero and SNORM-minimum patterns;
 *    two cases in three have a "Signature" reading every element and
 *    SV_StartVertexLocation and/or SV_StartInstanceLocation, drawn with a
 *    nonzero StartVertexLocation (or a negative BaseVertexLocation) and a
 *    nonzero StartInstanceLocation;
 *  - sweep-FORMAT-vertex.json / -instance.json: every code of each component
 *    up to 16 bits wide (and 4096 special or random patterns for 32-bit
 *    components), once per-vertex and once per-instance.
 * Every fetch is in bounds: out-of-bounds reads are undefined in Vulkan.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "vfetch.h"

static const vf_format_desc *formats[64];
static uint32_t num_formats;

static void put_field(uint8_t *el, uint32_t shift, uint32_t bits, uint32_t v)
{
    for (uint32_t b = 0; b < bits; b++) {
        uint32_t at = shift + b;
        if ((v >> b) & 1u)
            el[at / 8] |= (uint8_t)(1u << (at % 8));
        else
            el[at / 8] &= (uint8_t)~(1u << (at % 8));
    }
}

/* A pattern that tends to break conversions, for one component. */
static uint32_t special(vf_rng *r, uint32_t type, uint32_t bits)
{
    static const uint32_t f32[] = {
        0x7f800001u, 0x7fc00000u, 0xffc12345u, 0x7fbfffffu, 0xff800001u, 0x00000001u,
        0x807fffffu, 0x00400000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x3f800000u,
        0x7f7fffffu, 0x00800000u,
    };
    static const uint32_t f16[] = {
        0x7c01u, 0x7e00u, 0xfc01u, 0x7dffu, 0xfe00u, 0x7fffu, 0x0001u, 0x83ffu,
        0x03ffu, 0x8000u, 0x7c00u, 0xfc00u, 0x3c00u, 0x7bffu, 0x0400u,
    };
    uint32_t mask = bits >= 32 ? 0xffffffffu : (1u << bits) - 1u;
    switch (type) {
    case VF_TYPE_FLOAT:
        if (bits == 32)
            return f32[vf_rng_below(r, sizeof(f32) / sizeof(f32[0]))];
        return f16[vf_rng_below(r, sizeof(f16) / sizeof(f16[0]))];
    case VF_TYPE_UFLOAT: { /* 5-bit exponent on top of a (bits-5)-bit mantissa */
        uint32_t m = bits - 5, mant = vf_rng_below(r, 1u << m);
        switch (vf_rng_below(r, 4)) {
        case 0: return (31u << m) | (mant ? mant : 1u);       /* NaN */
        case 1: return 31u << m;                              /* +Inf */
        case 2: return mant;                                  /* denormal or 0 */
        default: return (30u << m) | ((1u << m) - 1u);        /* largest */
        }
    }
    case VF_TYPE_SNORM:
        switch (vf_rng_below(r, 4)) {
        case 0: return 1u << (bits - 1);                      /* minimum: -1.0 */
        case 1: return (1u << (bits - 1)) + 1u;               /* -1.0 too */
        case 2: return mask >> 1;                             /* +1.0 */
        default: return mask;                                 /* -1 code */
        }
    default: return vf_rng_below(r, 2) ? mask : 0u;
    }
}

/* Fills `count` elements of format d at `stride` from `base`, random with
 * one in three components replaced by a special pattern. */
static void fill_elements(vf_rng *r, uint8_t *base, uint32_t stride, uint32_t count,
                          const vf_format_desc *d)
{
    for (uint32_t k = 0; k < count; k++) {
        uint8_t *el = base + (size_t)k * stride;
        for (uint32_t c = 0; c < 4; c++) {
            if (d->bits[c] == 0 || vf_rng_below(r, 3) != 0)
                continue;
            put_field(el, d->shift[c], d->bits[c], special(r, d->type[c], d->bits[c]));
        }
    }
}

static void write_hex(FILE *f, const uint8_t *p, size_t n)
{
    fputs("[", f);
    for (size_t i = 0; i < n; i++) {
        if (i % 32 == 0)
            fprintf(f, "%s\n      \"", i ? "\"," : "");
        fprintf(f, "%02x", p[i]);
    }
    fputs(n ? "\"]" : "\"\"]", f);
}

static FILE *open_case(const char *dir, const char *name)
{
    char path[4096];
    FILE *f;
    snprintf(path, sizeof(path), "%s/%s.json", dir, name);
    f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "gen_cases: %s: %s\n", path, strerror(errno));
        exit(2);
    }
    return f;
}

static uint32_t align_of(uint32_t size)
{
    return size < 4 ? size : 4;
}

/* ------------------------------------------------------------------------ */

struct gen_element {
    const vf_format_desc *d;
    uint32_t slot_index; /* into the case's slots */
    uint32_t offset;
    int append;
    uint32_t mapping;
};

struct gen_slot {
    uint32_t slot, cls, rate, stride, end, align;
    uint32_t max_k;      /* highest element number read */
    uint8_t *data;
    size_t size;
};

/* Start locations a case's shader reads (rules 4.3). */
#define READS_START_VERTEX 1u
#define READS_START_INSTANCE 2u

/* Which start locations case n reads: a third none, a third both, a sixth
 * each alone. From its own stream, so that the rest of each case is drawn
 * as before. */
static uint32_t start_reads(vf_rng *q)
{
    static const uint32_t pick[6] = { 0, 0, READS_START_VERTEX | READS_START_INSTANCE,
                                      READS_START_VERTEX | READS_START_INSTANCE,
                                      READS_START_VERTEX, READS_START_INSTANCE };
    for (int k = 0; k < 4; k++)
        vf_rng_u32(q);
    return pick[vf_rng_below(q, 6)];
}

/* "Signature": every element in its own register, then the start
 * locations the case reads. */
static void write_signature(FILE *f, uint32_t ne, uint32_t reads)
{
    uint32_t reg = ne;

    fprintf(f, "  \"Signature\": [");
    for (uint32_t e = 0; e < ne; e++)
        fprintf(f, "%s\n    {\"SemanticName\": \"ATTR\", \"SemanticIndex\": %u, "
                   "\"Register\": %u}",
                e ? "," : "", e, e);
    if (reads & READS_START_VERTEX)
        fprintf(f, ",\n    {\"SemanticName\": \"SV_StartVertexLocation\", \"Register\": %u, "
                   "\"Mask\": 1, \"ComponentType\": \"SINT32\"}",
                reg++);
    if (reads & READS_START_INSTANCE)
        fprintf(f, ",\n    {\"SemanticName\": \"SV_StartInstanceLocation\", \"Register\": %u, "
                   "\"Mask\": 1, \"ComponentType\": \"UINT32\"}",
                reg);
    fprintf(f, "\n  ],\n");
}

static void random_case(const char *dir, uint32_t seed, uint32_t n)
{
    vf_rng r = { 0x9e3779b97f4a7c15ull ^ ((uint64_t)seed << 32) ^ (n * 0x100000001b3ull) };
    vf_rng q = { 0x5f3759df2545f491ull ^ ((uint64_t)seed << 24) ^ (n * 0x9e3779b97f4a7c15ull) };
    uint32_t reads = start_reads(&q);
    struct gen_slot slots[4];
    struct gen_element el[8];
    uint32_t nslots, ne, used_slots = 0;
    int indexed;
    uint32_t V, I, start_v = 0, start_i, isz = 2, start_idx = 0, cut = 0, strip = 0;
    int32_t base = 0;
    uint32_t *idx = NULL, nverts = 0;
    char name[64];
    FILE *f;

    for (int k = 0; k < 8; k++)
        vf_rng_u32(&r);
    nslots = 1 + vf_rng_below(&r, 4);
    for (uint32_t s = 0; s < nslots; s++) {
        uint32_t slot;
        do
            slot = vf_rng_below(&r, 16);
        while (used_slots & (1u << slot));
        used_slots |= 1u << slot;
        memset(&slots[s], 0, sizeof(slots[s]));
        slots[s].slot = slot;
        slots[s].cls =
            vf_rng_below(&r, 5) < 3 ? VF_INPUT_PER_VERTEX_DATA : VF_INPUT_PER_INSTANCE_DATA;
        slots[s].rate = slots[s].cls ? vf_rng_below(&r, 4) : 0;
        slots[s].align = 1;
    }
    ne = nslots + vf_rng_below(&r, 4);
    for (uint32_t e = 0; e < ne; e++) {
        struct gen_element *g = &el[e];
        struct gen_slot *s;
        uint32_t a;
        g->d = e == 0 ? formats[n % num_formats] : formats[vf_rng_below(&r, num_formats)];
        g->slot_index = e < nslots ? e : vf_rng_below(&r, nslots);
        s = &slots[g->slot_index];
        a = align_of(g->d->bytes);
        g->append = vf_rng_below(&r, 2);
        if (g->append)
            g->offset = (s->end + a - 1) / a * a;
        else
            g->offset = ((s->end + a - 1) / a + vf_rng_below(&r, 3)) * a;
        /* APPEND continues after the previous element of the slot (rules 3.1) */
        s->end = g->offset + g->d->bytes;
        if (a > s->align)
            s->align = a;
        g->mapping = VF_DEFAULT_COMPONENT_MAPPING;
        if (vf_rng_below(&r, 5) == 0)
            g->mapping = VF_ENCODE_COMPONENT_MAPPING(vf_rng_below(&r, 6), vf_rng_below(&r, 6),
                                                     vf_rng_below(&r, 6), vf_rng_below(&r, 6));
    }
    for (uint32_t s = 0; s < nslots; s++) {
        uint32_t maxend = 0;
        for (uint32_t e = 0; e < ne; e++)
            if (el[e].slot_index == s && el[e].offset + el[e].d->bytes > maxend)
                maxend = el[e].offset + el[e].d->bytes;
        slots[s].end = maxend;
        if (vf_rng_below(&r, 10) == 0)
            slots[s].stride = 0;
        else
            slots[s].stride =
                ((maxend + slots[s].align - 1) / slots[s].align + vf_rng_below(&r, 3)) *
                slots[s].align;
    }

    indexed = vf_rng_below(&r, 2);
    I = 1 + vf_rng_below(&r, 4);
    start_i = vf_rng_below(&r, 6);
    if (reads && start_i == 0)
        start_i = 1 + vf_rng_below(&q, 5);
    if (!indexed) {
        V = 1 + vf_rng_below(&r, 48);
        start_v = vf_rng_below(&r, 8);
        if (reads && start_v == 0)
            start_v = 1 + vf_rng_below(&q, 7);
    } else {
        uint32_t lo;
        V = 1 + vf_rng_below(&r, 48);
        isz = vf_rng_below(&r, 2) ? 4 : 2;
        start_idx = vf_rng_below(&r, 5);
        base = (int32_t)vf_rng_below(&r, 17) - 8;
        strip = vf_rng_below(&r, 2);
        cut = strip && vf_rng_below(&r, 3) == 0;
        nverts = 1 + vf_rng_below(&r, 40);
        if (isz == 4 &&
            vf_rng_below(&r, 2)) /* index values past 16 bits, brought back by the base */
            base = -(int32_t)(65536 + vf_rng_below(&r, 100000));
        if (reads && base >= 0)
            base = -(int32_t)(1 + vf_rng_below(&q, 8));
        lo = base < 0 ? (uint32_t)-base : 0;
        idx = calloc(start_idx + V, sizeof(*idx));
        if (idx == NULL)
            exit(2);
        for (uint32_t i = 0; i < start_idx + V; i++) {
            idx[i] = lo + vf_rng_below(&r, nverts);
            if (cut && vf_rng_below(&r, 8) == 0)
                idx[i] = isz == 2 ? 0xffffu : 0xffffffffu;
        }
    }

    /* Highest element number each slot reads, then its data. */
    for (uint32_t s = 0; s < nslots; s++) {
        struct gen_slot *g = &slots[s];
        if (g->cls == VF_INPUT_PER_INSTANCE_DATA)
            g->max_k = start_i + (g->rate ? (I - 1) / g->rate : 0);
        else if (!indexed)
            g->max_k = start_v + V - 1;
        else
            g->max_k = (uint32_t)((int32_t)((base < 0 ? (uint32_t)-base : 0) + nverts - 1) + base);
        g->size = (size_t)g->max_k * g->stride + g->end + vf_rng_below(&r, 2) * g->align;
        g->data = malloc(g->size ? g->size : 1);
        if (g->data == NULL)
            exit(2);
        for (size_t b = 0; b < g->size; b++)
            g->data[b] = (uint8_t)vf_rng_u32(&r);
        for (uint32_t e = 0; e < ne; e++)
            if (el[e].slot_index == s)
                fill_elements(&r, g->data + el[e].offset, g->stride,
                              g->stride ? g->max_k + 1 : 1, el[e].d);
    }

    snprintf(name, sizeof(name), "random-%03u", n);
    f = open_case(dir, name);
    fprintf(f, "{\n  \"Description\": \"random case %u of seed %u\",\n  \"InputLayout\": [", n,
            seed);
    for (uint32_t e = 0; e < ne; e++) {
        const struct gen_element *g = &el[e];
        const struct gen_slot *s = &slots[g->slot_index];
        fprintf(f, "%s\n    {\"SemanticName\": \"ATTR\", \"SemanticIndex\": %u, "
                   "\"Format\": \"%s\", \"InputSlot\": %u, ",
                e ? "," : "", e, g->d->name, s->slot);
        if (g->append)
            fprintf(f, "\"AlignedByteOffset\": \"APPEND\", ");
        else
            fprintf(f, "\"AlignedByteOffset\": %u, ", g->offset);
        fprintf(f, "\"InputSlotClass\": \"%s\", \"InstanceDataStepRate\": %u, "
                   "\"ComponentMapping\": \"0x%04x\"}",
                s->cls ? "PER_INSTANCE_DATA" : "PER_VERTEX_DATA", s->rate, g->mapping);
    }
    fprintf(f, "\n  ],\n  \"VertexBuffers\": [");
    for (uint32_t s = 0; s < nslots; s++) {
        fprintf(f, "%s\n    {\"Slot\": %u, \"StrideInBytes\": %u, \"SizeInBytes\": %zu, \"Hex\": ",
                s ? "," : "", slots[s].slot, slots[s].stride, slots[s].size);
        write_hex(f, slots[s].data, slots[s].size);
        fputs("}", f);
        free(slots[s].data);
    }
    fprintf(f, "\n  ],\n");
    if (reads)
        write_signature(f, ne, reads);
    if (indexed) {
        size_t bytes = (size_t)(start_idx + V) * isz;
        uint8_t *ib = malloc(bytes);
        if (ib == NULL)
            exit(2);
        for (uint32_t i = 0; i < start_idx + V; i++)
            for (uint32_t b = 0; b < isz; b++)
                ib[(size_t)i * isz + b] = (uint8_t)(idx[i] >> (8 * b));
        fprintf(f, "  \"IndexBuffer\": {\"Format\": \"%s\", \"Hex\": ",
                isz == 2 ? "R16_UINT" : "R32_UINT");
        write_hex(f, ib, bytes);
        fprintf(f, "},\n  \"IBStripCutValue\": \"%s\",\n  \"PrimitiveTopology\": \"%s\",\n",
                cut ? (isz == 2 ? "0xFFFF" : "0xFFFFFFFF") : "DISABLED",
                strip ? "TRIANGLESTRIP" : "TRIANGLELIST");
        fprintf(f, "  \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": %u, "
                   "\"InstanceCount\": %u, \"StartIndexLocation\": %u, \"BaseVertexLocation\": %d, "
                   "\"StartInstanceLocation\": %u}}\n}\n",
                V, I, start_idx, base, start_i);
        free(ib);
        free(idx);
    } else {
        fprintf(f, "  \"PrimitiveTopology\": \"POINTLIST\",\n");
        fprintf(f, "  \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": %u, "
                   "\"InstanceCount\": %u, \"StartVertexLocation\": %u, "
                   "\"StartInstanceLocation\": %u}}\n}\n",
                V, I, start_v, start_i);
    }
    fclose(f);
}

/* Every code of every component (up to 16 bits; 4096 patterns for 32). */
static void sweep_case(const char *dir, const vf_format_desc *d, int per_instance, uint32_t seed)
{
    vf_rng r = { 0x51ed2701u ^ ((uint64_t)seed << 20) ^ d->format };
    uint32_t maxbits = 0, count, stride = d->bytes;
    uint8_t *data;
    char name[96];
    FILE *f;

    for (uint32_t c = 0; c < 4; c++)
        if (d->bits[c] > maxbits)
            maxbits = d->bits[c];
    count = maxbits > 16 ? 4096u : 1u << maxbits;
    data = calloc(count, stride);
    if (data == NULL)
        exit(2);
    for (uint32_t k = 0; k < count; k++) {
        uint8_t *el = data + (size_t)k * stride;
        for (uint32_t c = 0; c < 4; c++) {
            uint32_t v;
            if (d->bits[c] == 0)
                continue;
            if (d->bits[c] == 32)
                v = vf_rng_below(&r, 4) == 0 ? special(&r, d->type[c], 32) : vf_rng_u32(&r);
            else /* every code; components rotated so they do not move in step */
                v = (k + c * 37u) & ((1u << d->bits[c]) - 1u);
            put_field(el, d->shift[c], d->bits[c], v);
        }
    }
    snprintf(name, sizeof(name), "sweep-%s-%s", d->name, per_instance ? "instance" : "vertex");
    f = open_case(dir, name);
    fprintf(f, "{\n  \"Description\": \"every code of %s, %s\",\n  \"InputLayout\": [\n"
               "    {\"SemanticName\": \"SWEEP\", \"Format\": \"%s\", \"InputSlot\": 0, "
               "\"AlignedByteOffset\": 0, \"InputSlotClass\": \"%s\", "
               "\"InstanceDataStepRate\": %u}\n  ],\n",
            d->name, per_instance ? "per instance" : "per vertex", d->name,
            per_instance ? "PER_INSTANCE_DATA" : "PER_VERTEX_DATA", per_instance ? 1u : 0u);
    fprintf(f, "  \"VertexBuffers\": [{\"Slot\": 0, \"StrideInBytes\": %u, \"Hex\": ", stride);
    write_hex(f, data, (size_t)count * stride);
    fprintf(f, "}],\n  \"PrimitiveTopology\": \"POINTLIST\",\n"
               "  \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": %u, "
               "\"InstanceCount\": %u, \"StartVertexLocation\": 0, "
               "\"StartInstanceLocation\": 0}}\n}\n",
            per_instance ? 1u : count, per_instance ? count : 1u);
    fclose(f);
    free(data);
}

int main(int argc, char **argv)
{
    uint32_t seed = 1, ncases = 120;

    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: gen_cases DIR [SEED] [RANDOM_CASES]\n");
        return 2;
    }
    if (argc > 2)
        seed = (uint32_t)strtoul(argv[2], NULL, 0);
    if (argc > 3)
        ncases = (uint32_t)strtoul(argv[3], NULL, 0);
    for (uint32_t i = 0; i < vf_format_count(); i++) {
        const vf_format_desc *d = vf_format_info_at(i);
        if (d != NULL && (d->ia_support & VF_IA_VERTEX_BUFFER) &&
            num_formats < sizeof(formats) / sizeof(formats[0]))
            formats[num_formats++] = d;
    }
    if (num_formats != 47) {
        fprintf(stderr, "gen_cases: expected 47 IA vertex formats, found %u\n", num_formats);
        return 1;
    }
    for (uint32_t n = 0; n < ncases; n++)
        random_case(argv[1], seed, n);
    for (uint32_t i = 0; i < num_formats; i++) {
        sweep_case(argv[1], formats[i], 0, seed);
        sweep_case(argv[1], formats[i], 1, seed);
    }
    return 0;
}
