/*
 * draw_streams.c - vfetch-bench-streams: many small direct draws with
 * changing vertex buffer views, through vf_draw_batch and through one
 * vf_draw per draw, in one run.
 *
 * Shapes (10,000 draws each, POSITION R32G32B32_FLOAT + COLOR
 * R8G8B8A8_UNORM, 32-byte records, non-indexed triangle lists):
 *   tri     every draw 3 vertices;
 *   mixed   3 to 100 vertices (uniform, seeded).
 * Each draw binds the next of 256 view sets (another offset into one
 * vertex buffer), so no two neighbouring draws read the same view. Each
 * measurement is the best of --reps runs of all 10,000 draws; it reports
 * draws/s and records/s. Both paths' outputs are compared word for word
 * before timing.
 *
 *   make bench/vfetch-bench-streams && bench/vfetch-bench-streams [--reps N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "vfetch.h"

#define DRAWS 10000u
#define SETS 256u
#define VERTICES 4096u

struct shape {
    const char *name;
    vf_batch_draw draws[DRAWS];
    size_t offsets[DRAWS];
    size_t size;
    uint64_t records;
};

static void make_shape(struct shape *s, const char *name, uint32_t min_v, uint32_t max_v)
{
    uint64_t rng = 0x5354524541u;
    s->name = name;
    s->records = 0;
    for (uint32_t i = 0; i < DRAWS; i++) {
        vf_batch_draw *d = &s->draws[i];
        memset(d, 0, sizeof(*d));
        d->vertex_buffer_set = i % SETS;
        d->vertex_count_per_instance = min_v + (uint32_t)(bu_rand(&rng) % (max_v - min_v + 1));
        d->instance_count = 1;
        d->start_location = (uint32_t)(bu_rand(&rng) % (VERTICES - 100));
        s->records += d->vertex_count_per_instance;
    }
}

/* One vf_draw per draw, as an application without batches calls it. */
static int run_single(const vf_layout *l, const vf_draw_batch_desc *b, const struct shape *s,
                      uint8_t *out)
{
    vf_draw_desc d;
    vf_draw_desc_init(&d);
    d.num_vertex_buffers = b->num_vertex_buffers;
    d.primitive_topology = b->primitive_topology;
    for (uint32_t i = 0; i < DRAWS; i++) {
        const vf_batch_draw *dr = &s->draws[i];
        d.vertex_buffers = b->vertex_buffer_sets + dr->vertex_buffer_set;
        d.vertex_count_per_instance = dr->vertex_count_per_instance;
        d.instance_count = dr->instance_count;
        d.start_location = dr->start_location;
        size_t end = i + 1 < DRAWS ? s->offsets[i + 1] : s->size;
        if (vf_draw(l, &d, out + s->offsets[i], end - s->offsets[i]) != VF_OK)
            return -1;
    }
    return 0;
}

static int run_batch(const vf_layout *l, const vf_draw_batch_desc *b, const struct shape *s,
                     uint8_t *out)
{
    return vf_draw_batch(l, b, s->draws, DRAWS, out, s->size, NULL) == VF_OK ? 0 : -1;
}

typedef int (*run_fn)(const vf_layout *, const vf_draw_batch_desc *, const struct shape *,
                      uint8_t *);

static double best_of(run_fn fn, const vf_layout *l, const vf_draw_batch_desc *b,
                      const struct shape *s, uint8_t *out, int reps)
{
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = bu_now();
        if (fn(l, b, s, out) != 0)
            return -1;
        double t = bu_now() - t0;
        best = t < best ? t : best;
    }
    return best;
}

static int measure(const vf_layout *l, const vf_draw_batch_desc *b, struct shape *s, int reps)
{
    if (vf_draw_batch_output_size(l, b, s->draws, DRAWS, s->offsets, &s->size) != VF_OK)
        return -1;
    uint8_t *a = aligned_alloc(64, s->size), *c = aligned_alloc(64, s->size);
    if (!a || !c || run_batch(l, b, s, a) != 0 || run_single(l, b, s, c) != 0 ||
        memcmp(a, c, s->size) != 0) {
        fprintf(stderr, "%s: the batch and the single draws differ\n", s->name);
        free(a);
        free(c);
        return -1;
    }
    double tb = best_of(run_batch, l, b, s, a, reps), ts = best_of(run_single, l, b, s, c, reps);
    printf("%-6s %-7s %8.2f M draws/s %9.1f M records/s %7.1f ns/draw\n", s->name, "batch",
           DRAWS / tb / 1e6, s->records / tb / 1e6, tb / DRAWS * 1e9);
    printf("%-6s %-7s %8.2f M draws/s %9.1f M records/s %7.1f ns/draw\n", s->name, "single",
           DRAWS / ts / 1e6, s->records / ts / 1e6, ts / DRAWS * 1e9);
    free(a);
    free(c);
    return 0;
}

int main(int argc, char **argv)
{
    int reps = argc > 2 && strcmp(argv[1], "--reps") == 0 ? atoi(argv[2]) : 20;
    static const vf_input_element_desc el[] = {
        { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, VF_APPEND_ALIGNED_ELEMENT,
          VF_INPUT_PER_VERTEX_DATA, 0 },
        { "COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, VF_APPEND_ALIGNED_ELEMENT,
          VF_INPUT_PER_VERTEX_DATA, 0 },
    };
    vf_layout_options o;
    vf_layout_options_init(&o);
    vf_layout *l = NULL;
    if (reps < 1 || vf_layout_create(el, 2, &o, &l, NULL) != VF_OK)
        return 2;
    static uint8_t vertices[VERTICES * 16 + SETS * 16];
    uint64_t rng = 1;
    for (size_t i = 0; i < sizeof(vertices); i++)
        vertices[i] = (uint8_t)bu_rand(&rng);
    static vf_vertex_buffer_view sets[SETS];
    for (uint32_t k = 0; k < SETS; k++)
        sets[k] = (vf_vertex_buffer_view){ vertices + 16 * k, VERTICES * 16, 16 };
    vf_draw_batch_desc b;
    memset(&b, 0, sizeof(b));
    b.struct_size = sizeof(b);
    b.vertex_buffer_sets = sets;
    b.num_vertex_buffer_sets = SETS;
    b.num_vertex_buffers = 1;
    b.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    static struct shape tri, mixed;
    make_shape(&tri, "tri", 3, 3);
    make_shape(&mixed, "mixed", 3, 100);
    printf("vfetch-bench-streams: %u draws a shape, isa %s, best of %d\n", DRAWS,
           vf_isa_name(vf_layout_isa(l)), reps);
    int rc = measure(l, &b, &tri, reps) || measure(l, &b, &mixed, reps);
    vf_layout_destroy(l);
    return rc ? 1 : 0;
}
