/*
 * gen_prim_cases.c - writes the vfetch JSON cases of the primitive
 * cross-check (tests/vk/run-vk-primitives.sh):
 *
 *   gen_prim_cases DIR [SEED]
 *
 * For every strip and list topology, and patch lists of 1, 3, 4, 7, 16 and
 * 32 control points: non-indexed draws (StartVertexLocation, several
 * instances, StartInstanceLocation), indexed draws of 16- and 32-bit
 * indices without cuts (repeated index values, a read past the view), and
 * for strips indexed draws with cuts (leading, doubled and trailing cuts,
 * pieces too short for a primitive). Lists keep IBStripCutValue at
 * DISABLED: D3D12 does not cut lists and Vulkan restarts lists only with
 * VK_EXT_primitive_topology_list_restart. Vertex counts run over every
 * length 0..MAX_SHORT and a few long draws; prim-*-long-000.json are
 * 70000 vertices in 2 instances. The vertex data are a single
 * R32_UINT element; the primitive check does not read them.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

struct topo {
    const char *name;
    int strip;
};

static const struct topo topologies[] = {
    { "POINTLIST", 0 },         { "LINELIST", 0 },          { "LINESTRIP", 1 },
    { "TRIANGLELIST", 0 },      { "TRIANGLESTRIP", 1 },     { "LINELIST_ADJ", 0 },
    { "LINESTRIP_ADJ", 1 },     { "TRIANGLELIST_ADJ", 0 },  { "TRIANGLESTRIP_ADJ", 1 },
    { "1_CONTROL_POINT_PATCHLIST", 0 },  { "3_CONTROL_POINT_PATCHLIST", 0 },
    { "4_CONTROL_POINT_PATCHLIST", 0 },  { "7_CONTROL_POINT_PATCHLIST", 0 },
    { "16_CONTROL_POINT_PATCHLIST", 0 }, { "32_CONTROL_POINT_PATCHLIST", 0 },
};

static FILE *open_case(const char *dir, const char *topo, const char *kind, uint32_t n)
{
    char path[4096];
    FILE *f;
    snprintf(path, sizeof(path), "%s/prim-%s-%s-%03u.json", dir, topo, kind, n);
    f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "gen_prim_cases: %s: %s\n", path, strerror(errno));
        exit(2);
    }
    return f;
}

/* The common head: one R32_UINT element over 4 vertices (never read). */
static void head(FILE *f, const char *desc)
{
    fprintf(f, "{\n  \"Description\": \"%s\",\n"
               "  \"InputLayout\": [{\"SemanticName\": \"ID\", \"Format\": \"R32_UINT\", "
               "\"AlignedByteOffset\": 0}],\n"
               "  \"VertexBuffers\": [{\"Slot\": 0, \"StrideInBytes\": 0, "
               "\"Hex\": \"00000000\"}],\n", desc);
}

static void non_indexed(const char *dir, const struct topo *t, const char *kind, uint32_t n,
                        uint32_t V, uint32_t I, uint32_t start, uint32_t start_i)
{
    FILE *f = open_case(dir, t->name, kind, n);
    head(f, "primitive cross-check: DrawInstanced");
    fprintf(f, "  \"PrimitiveTopology\": \"%s\",\n"
               "  \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": %u, "
               "\"InstanceCount\": %u, \"StartVertexLocation\": %u, "
               "\"StartInstanceLocation\": %u}}\n}\n",
            t->name, V, I, start, start_i);
    fclose(f);
}

/* An indexed draw of V positions from `start`; the view holds `held`
 * indices (fewer than start + V reads index 0 past its end). cut_pct: the
 * chance of a cut per position, 0 for none. */
static void indexed(vf_rng *r, const char *dir, const struct topo *t, uint32_t n, uint32_t V,
                    uint32_t I, uint32_t isz, uint32_t cut_pct, int short_view)
{
    uint32_t start = vf_rng_below(r, 4), held = start + V;
    uint32_t cut = isz == 2 ? 0xffffu : 0xffffffffu;
    FILE *f = open_case(dir, t->name, cut_pct ? "cuts" : "indexed", n);

    if (short_view && V > 1)
        held -= 1 + vf_rng_below(r, V / 2);
    head(f, cut_pct ? "primitive cross-check: strip cuts" : "primitive cross-check: indexed");
    fprintf(f, "  \"IndexBuffer\": {\"Format\": \"%s\", \"Hex\": \"", isz == 2 ? "R16_UINT"
                                                                              : "R32_UINT");
    for (uint32_t i = 0; i < held; i++) {
        /* Few distinct values, so positions share indices. */
        uint32_t v = vf_rng_below(r, 100) < cut_pct ? cut : vf_rng_below(r, 6);
        for (uint32_t b = 0; b < isz; b++)
            fprintf(f, "%02x", (v >> (8 * b)) & 0xffu);
    }
    fprintf(f, "\"},\n  \"IBStripCutValue\": \"%s\",\n", !cut_pct ? "DISABLED"
                                                           : isz == 2 ? "0xFFFF"
                                                                      : "0xFFFFFFFF");
    fprintf(f,
            "  \"PrimitiveTopology\": \"%s\",\n"
            "  \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": %u, "
            "\"InstanceCount\": %u, \"StartIndexLocation\": %u, \"BaseVertexLocation\": %d, "
            "\"StartInstanceLocation\": %u}}\n}\n",
            t->name, V, I, start, (int)vf_rng_below(r, 9) - 4, vf_rng_below(r, 3));
    fclose(f);
}

#define MAX_SHORT 14u

int main(int argc, char **argv)
{
    uint32_t seed = 1;
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: gen_prim_cases DIR [SEED]\n");
        return 2;
    }
    if (argc > 2)
        seed = (uint32_t)strtoul(argv[2], NULL, 0);
    for (size_t k = 0; k < sizeof(topologies) / sizeof(topologies[0]); k++) {
        const struct topo *t = &topologies[k];
        vf_rng r = { 0x9e3779b97f4a7c15ull ^ ((uint64_t)seed << 8) ^ k };
        uint32_t n = 0;
        /* Every short length, then long draws. */
        for (uint32_t V = 0; V <= MAX_SHORT; V++)
            non_indexed(argv[1], t, "draw", n++, V, 1 + vf_rng_below(&r, 3), vf_rng_below(&r, 5),
                        vf_rng_below(&r, 3));
        non_indexed(argv[1], t, "draw", n++, 200 + vf_rng_below(&r, 64), 3, 7, 1);
        /* Past the 4096-vertex pieces some drivers split draws into. */
        non_indexed(argv[1], t, "long", 0, 70000, 2, 0, 0);
        n = 0;
        for (uint32_t i = 0; i < 8; i++)
            indexed(&r, argv[1], t, n++, 4 + vf_rng_below(&r, 40), 1 + vf_rng_below(&r, 3),
                    i & 1 ? 4 : 2, 0, i == 5);
        if (!t->strip)
            continue;
        n = 0;
        for (uint32_t i = 0; i < 24; i++)
            indexed(&r, argv[1], t, n++, 1 + vf_rng_below(&r, 48), 1 + vf_rng_below(&r, 3),
                    i & 1 ? 4 : 2, 5 + vf_rng_below(&r, 30), i % 7 == 3);
        /* Past 0xFFFF positions in a 16-bit draw with cuts. */
        indexed(&r, argv[1], t, n++, 70000, 1, 2, 1, 0);
    }
    return 0;
}
