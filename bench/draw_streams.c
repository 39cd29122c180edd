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
 *   make bench/vfetch-bench-streams && bench/vfetch-bench-streams [--reps N] [--shape tri|mixed]
 *        [--path batch|single|indirect]
 *
 * Instructions per draw of one path: perf stat -e instructions the same
 * shape and path at two --reps, the difference over (reps difference x
 * 10,000); setup and the checking runs cancel out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "vfetch.h"
#include "vfetch_indirect.h"

#define DRAWS 10000u
#define SETS 256u
#define VERTICES 4096u
/* Where the vertex buffer lies in the GPU address table of ExecuteIndirect. */
#define VB_ADDRESS 0x10000ull
/* One command: VERTEX_BUFFER_VIEW of slot 0, then DRAW. */
#define COMMAND_BYTES (VF_INDIRECT_VIEW_ARGUMENT_SIZE + VF_INDIRECT_DRAW_ARGUMENTS_SIZE)

struct shape {
    const char *name;
    vf_batch_draw draws[DRAWS];
    size_t offsets[DRAWS];
    size_t size;
    uint64_t records;
    /* The same draws as an ExecuteIndirect command stream. */
    uint32_t args[DRAWS * COMMAND_BYTES / 4];
    vf_indirect_result results[DRAWS];
    vf_execute_indirect_desc ei;
};

static const vf_indirect_argument_desc command_args[] = {
    { VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW, { .vertex_buffer = { 0 } } },
    { VF_INDIRECT_ARGUMENT_TYPE_DRAW, { .vertex_buffer = { 0 } } },
};
static const vf_command_signature_desc command_signature = { COMMAND_BYTES, 2, command_args, 0 };

/* The argument buffer of the shape's draws: each command binds its view
 * set's view (an address in `range`) and draws, as the batch does. */
static void make_commands(struct shape *s, const vf_vertex_buffer_view *sets,
                          const vf_gpu_address_range *range, const uint8_t *vertices)
{
    for (uint32_t i = 0; i < DRAWS; i++) {
        const vf_batch_draw *d = &s->draws[i];
        const vf_vertex_buffer_view *v = &sets[d->vertex_buffer_set];
        uint32_t *a = s->args + (size_t)i * COMMAND_BYTES / 4;
        /* D3D12_VERTEX_BUFFER_VIEW: BufferLocation, SizeInBytes, StrideInBytes. */
        uint64_t address = VB_ADDRESS + (uint64_t)((const uint8_t *)v->data - vertices);
        memcpy(a, &address, 8);
        a[2] = v->size_in_bytes;
        a[3] = v->stride_in_bytes;
        /* D3D12_DRAW_ARGUMENTS */
        a[4] = d->vertex_count_per_instance;
        a[5] = d->instance_count;
        a[6] = d->start_location;
        a[7] = d->start_instance_location;
    }
    vf_execute_indirect_desc_init(&s->ei);
    s->ei.signature = &command_signature;
    s->ei.max_command_count = DRAWS;
    s->ei.argument_buffer = s->args;
    s->ei.argument_buffer_size = sizeof(s->args);
    s->ei.ranges = range;
    s->ei.range_count = 1;
    s->ei.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
}

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
static int run_single(const vf_layout *l, const vf_draw_batch_desc *b, struct shape *s,
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

static int run_batch(const vf_layout *l, const vf_draw_batch_desc *b, struct shape *s,
                     uint8_t *out)
{
    return vf_draw_batch(l, b, s->draws, DRAWS, out, s->size, NULL) == VF_OK ? 0 : -1;
}

/* The draws as one ExecuteIndirect: a vf_draw per command. */
static int run_indirect(const vf_layout *l, const vf_draw_batch_desc *b, struct shape *s,
                        uint8_t *out)
{
    (void)b;
    if (vf_execute_indirect(l, &s->ei, out, s->size, s->results, DRAWS, NULL) != VF_OK)
        return -1;
    for (uint32_t i = 0; i < DRAWS; i++)
        if (s->results[i].result != VF_OK)
            return -1;
    return 0;
}

typedef int (*run_fn)(const vf_layout *, const vf_draw_batch_desc *, struct shape *, uint8_t *);

static double best_of(run_fn fn, const vf_layout *l, const vf_draw_batch_desc *b,
                      struct shape *s, uint8_t *out, int reps)
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

static void report(const struct shape *s, const char *path, double t)
{
    printf("%-6s %-8s %8.2f M draws/s %9.1f M records/s %7.1f ns/draw\n", s->name, path,
           DRAWS / t / 1e6, s->records / t / 1e6, t / DRAWS * 1e9);
}

/* The path --path names; NULL: every path. */
static const char *only_path;

/* The three paths' outputs, compared word for word, then timed. */
static int measure(const vf_layout *l, const vf_draw_batch_desc *b, struct shape *s, int reps)
{
    static const char *const names[] = { "batch", "single", "indirect" };
    static const run_fn fns[] = { run_batch, run_single, run_indirect };
    uint8_t *out[3] = { NULL, NULL, NULL };
    int rc = vf_draw_batch_output_size(l, b, s->draws, DRAWS, s->offsets, &s->size) == VF_OK
                 ? 0
                 : -1;
    for (int p = 0; p < 3 && rc == 0; p++) {
        out[p] = aligned_alloc(64, s->size);
        if (!out[p] || fns[p](l, b, s, out[p]) != 0 || (p && memcmp(out[0], out[p], s->size))) {
            fprintf(stderr, "%s: %s differs from the batch\n", s->name, names[p]);
            rc = -1;
        }
    }
    for (int p = 0; p < 3 && rc == 0; p++)
        if (!only_path || strcmp(only_path, names[p]) == 0)
            report(s, names[p], best_of(fns[p], l, b, s, out[p], reps));
    for (int p = 0; p < 3; p++)
        free(out[p]);
    return rc;
}

int main(int argc, char **argv)
{
    int reps = 20;
    const char *only = NULL; /* --shape NAME: one shape, for perf stat */
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--reps") == 0)
            reps = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--shape") == 0)
            only = argv[i + 1];
        else if (strcmp(argv[i], "--path") == 0)
            only_path = argv[i + 1];
        else
            reps = 0;
    }
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
    vf_gpu_address_range range = { VB_ADDRESS, sizeof(vertices), vertices };
    make_shape(&tri, "tri", 3, 3);
    make_shape(&mixed, "mixed", 3, 100);
    make_commands(&tri, sets, &range, vertices);
    make_commands(&mixed, sets, &range, vertices);
    printf("vfetch-bench-streams: %u draws a shape, isa %s, best of %d\n", DRAWS,
           vf_isa_name(vf_layout_isa(l)), reps);
    int rc = 0;
    if (!only || strcmp(only, "tri") == 0)
        rc = measure(l, &b, &tri, reps);
    if (!rc && (!only || strcmp(only, "mixed") == 0))
        rc = measure(l, &b, &mixed, reps);
    vf_layout_destroy(l);
    return rc ? 1 : 0;
}
