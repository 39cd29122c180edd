/*
 * jitcmp.c - the static mesh's strided record kernel from three generators
 * (libgccjit, LLVM ORC LLJIT, vfetch's own emitter) beside vfetch's
 * per-element kernels and memcpy of the same output bytes: generation time
 * per layout (median of 20), code size where known, and Mvertices/s on one
 * core in cache and streaming (median of 7 interleaved rounds). Every
 * kernel's output is first compared bit for bit with vfetch's scalar path;
 * one that differs is reported and not timed.
 *
 * Usage: jitcmp [--stream-vertices N] [--reps N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jitcmp.h"
#include "measure.h"
#include "vfetch.h"

#define IN_CACHE_VERTICES 4095u
#define GEN_REPS 20

enum kind { K_GENERATED, K_LIBRARY, K_MEMCPY };

struct path {
    const char *name;
    enum kind kind;
    struct jc_gen gen;   /* K_GENERATED */
    vf_layout *layout;   /* K_LIBRARY */
    const char *jit;     /* K_LIBRARY: VFETCH_JIT when it was created */
    double gen_us;       /* median create-to-callable time, 0 for memcpy */
    size_t code_bytes;   /* 0: not known */
    int exact;           /* 1 when bit-exact on every test set */
    double t[2][32];     /* per-round seconds per draw: in cache, streaming */
};

struct bufs {
    uint8_t *vb;       /* vertices */
    uint8_t *out;      /* records */
    uint8_t *ref;      /* the scalar path's records */
    uint8_t *copy_src; /* memcpy's source, as many bytes as the records */
    uint32_t count;
};

static const vf_input_element_desc static_mesh[5] = {
    { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 },
    { "NORMAL", 0, VF_FORMAT_R10G10B10A2_UNORM, 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 },
    { "TANGENT", 0, VF_FORMAT_R16G16B16A16_SNORM, 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 },
    { "TEXCOORD", 0, VF_FORMAT_R16G16_FLOAT, 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 },
    { "COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 },
};

/* A static mesh layout; VFETCH_JIT decides the library's generator. */
static vf_layout *make_layout(uint32_t isa, const char *jit)
{
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.isa = isa;
    setenv("VFETCH_JIT", jit, 1);
    vf_layout *l = NULL;
    vf_result r = vf_layout_create(static_mesh, 5, &o, &l, NULL);
    if (r != VF_OK) {
        fprintf(stderr, "jitcmp: vf_layout_create: %s\n", vf_result_string(r));
        exit(2);
    }
    return l;
}

static void run_path(struct path *p, const struct bufs *b)
{
    size_t bytes = (size_t)b->count * JC_RECORD_BYTES;
    if (p->kind == K_GENERATED) {
        p->gen.fn(b->vb, JC_VERTEX_BYTES, b->count, b->out);
    } else if (p->kind == K_LIBRARY) {
        vf_vertex_buffer_view v = { b->vb, b->count * JC_VERTEX_BYTES, JC_VERTEX_BYTES };
        vf_result r = vf_draw_instanced(p->layout, &v, 1, b->count, 1, 0, 0, b->out, bytes);
        if (r != VF_OK) {
            fprintf(stderr, "jitcmp: vf_draw: %s\n", vf_result_string(r));
            exit(2);
        }
    } else {
        memcpy(b->out, b->copy_src, bytes);
    }
}

/* The reference: vfetch's scalar path on b->vb into b->ref. */
static void reference(vf_layout *scalar, const struct bufs *b)
{
    struct path p = { .name = "scalar", .kind = K_LIBRARY, .layout = scalar };
    struct bufs r = *b;
    r.out = b->ref;
    run_path(&p, &r);
}

/* Compares a path's output on b with the reference; prints the first difference. */
static int check_path(struct path *p, const struct bufs *b, const char *set)
{
    memset(b->out, 0xa5, (size_t)b->count * JC_RECORD_BYTES);
    run_path(p, b);
    long d = jc_first_difference(b->out, b->ref, (size_t)b->count * JC_RECORD_BYTES);
    if (d < 0)
        return 1;
    uint32_t got, want;
    memcpy(&got, b->out + 4 * d, 4);
    memcpy(&want, b->ref + 4 * d, 4);
    printf("  %-22s NOT bit-exact on the %s set: vertex %ld register %ld word %ld: 0x%08x, "
           "the scalar path gives 0x%08x\n", p->name, set, d / 20, d % 20 / 4, d % 4, got, want);
    return 0;
}

/* Builds and frees generator `which` (0 libgccjit, 1 LLVM); 0 on success. */
static int build_and_free(int which)
{
    struct jc_gen g = { 0 };
    if ((which == 0 ? jc_gccjit_build(&g) : jc_llvm_build(&g)) != 0)
        return -1;
    which == 0 ? jc_gccjit_free(&g) : jc_llvm_free(&g);
    return 0;
}

/* Median create-to-callable time of GEN_REPS builds, in us (for the
 * generators the free is inside the time: small beside the build). */
static double time_generation(const struct path *p, int index)
{
    double t[GEN_REPS];
    for (int i = 0; i < GEN_REPS; i++) {
        vf_layout *l = NULL;
        uint64_t t0 = jc_now_ns();
        if (p->kind == K_GENERATED)
            build_and_free(index);
        else
            l = make_layout(VF_ISA_AUTO, p->jit);
        t[i] = (double)(jc_now_ns() - t0) / 1e3;
        vf_layout_destroy(l);
    }
    return jc_median(t, GEN_REPS);
}

/* Seconds per draw of one repetition: `n` back-to-back draws, averaged. */
static double time_once(struct path *p, const struct bufs *b, unsigned n)
{
    uint64_t t0 = jc_now_ns();
    for (unsigned i = 0; i < n; i++)
        run_path(p, b);
    return (double)(jc_now_ns() - t0) / 1e9 / n;
}

/* Times every exact path, `reps` rounds of one repetition each in turn, so a
 * slow spell of the shared machine falls on all of them alike. In cache a
 * repetition is as many draws as last about 20 ms. */
static void time_paths(struct path *ps, int np, const struct bufs *b, int size, int reps)
{
    unsigned n[16];
    for (int i = 0; i < np; i++) {
        if (!ps[i].exact)
            continue;
        double t = time_once(&ps[i], b, 1); /* warm-up: caches, page faults */
        n[i] = size == 0 ? (unsigned)(0.02 / (t > 1e-7 ? t : 1e-7)) + 1 : 1;
    }
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < np; i++)
            if (ps[i].exact)
                ps[i].t[size][r] = time_once(&ps[i], b, n[i]);
}

static void print_table(struct path *ps, int np, const struct bufs *sizes, int reps)
{
    printf("\n%-24s %11s %10s %22s %22s\n", "path", "gen (us)", "code (B)",
           "in cache Mvert/s", "streaming Mvert/s");
    for (int i = 0; i < np; i++) {
        struct path *p = &ps[i];
        char gen[24] = "-", code[24] = "?", col[2][48];
        if (p->kind != K_MEMCPY)
            snprintf(gen, sizeof gen, "%.0f", p->gen_us);
        if (p->kind == K_MEMCPY || (p->kind == K_LIBRARY && strcmp(p->jit, "1")))
            snprintf(code, sizeof code, "-"); /* nothing generated */
        else if (p->code_bytes)
            snprintf(code, sizeof code, "%zu", p->code_bytes);
        for (int s = 0; s < 2; s++) {
            double v[32];
            if (!p->exact) {
                snprintf(col[s], sizeof col[s], "not bit-exact");
                continue;
            }
            double lo = p->t[s][0], hi = p->t[s][0];
            for (int r = 0; r < reps; r++) {
                v[r] = p->t[s][r];
                lo = v[r] < lo ? v[r] : lo;
                hi = v[r] > hi ? v[r] : hi;
            }
            double c = sizes[s].count / 1e6;
            snprintf(col[s], sizeof col[s], "%.0f [%.0f..%.0f]", c / jc_median(v, reps), c / hi,
                     c / lo);
        }
        printf("%-24s %11s %10s %22s %22s\n", p->name, gen, code, col[0], col[1]);
    }
}

static void make_bufs(struct bufs *b, uint32_t count)
{
    size_t out = (size_t)count * JC_RECORD_BYTES;
    b->count = count;
    b->vb = jc_alloc((size_t)count * JC_VERTEX_BYTES);
    b->out = jc_alloc(out);
    b->ref = jc_alloc(out);
    b->copy_src = jc_alloc(out);
    memset(b->copy_src, 0x3c, out);
}

static void free_bufs(struct bufs *b)
{
    free(b->vb);
    free(b->out);
    free(b->ref);
    free(b->copy_src);
}

/* Builds the paths: generators first, then the library, then memcpy. */
static int make_paths(struct path *ps)
{
    int n = 0;
    ps[n] = (struct path){ .name = "libgccjit -O3", .kind = K_GENERATED };
    ps[n].exact = jc_gccjit_build(&ps[n].gen) == 0;
    n++;
    ps[n] = (struct path){ .name = "LLVM ORC O3", .kind = K_GENERATED };
    ps[n].exact = jc_llvm_build(&ps[n].gen) == 0;
    n++;
    ps[n] = (struct path){ .name = "vfetch generated", .kind = K_LIBRARY,
                           .layout = make_layout(VF_ISA_AUTO, "1"), .jit = "1", .exact = 1 };
    vf_kernel_path_info info;
    if (vf_layout_kernel_path(ps[n].layout, &info) != VF_OK || info.path != VF_KERNEL_PATH_GENERATED) {
        printf("  vfetch generated: the layout runs %s (%s)\n", vf_kernel_path_name(info.path),
               info.reason);
        ps[n].name = "vfetch (jit refused)";
    }
    ps[n].code_bytes = info.code_bytes;
    n++;
    ps[n] = (struct path){ .name = "vfetch per-element", .kind = K_LIBRARY,
                           .layout = make_layout(VF_ISA_AUTO, "0"), .jit = "0", .exact = 1 };
    n++;
    ps[n] = (struct path){ .name = "memcpy (output bytes)", .kind = K_MEMCPY, .exact = 1 };
    n++;
    for (int i = 0; i < 2; i++)
        ps[i].code_bytes = ps[i].gen.code_bytes;
    return n;
}

/* Checks every path against the scalar path on the exhaustive and the two
 * random sets; clears `exact` of those that differ. */
static void check_all(struct path *ps, int np, vf_layout *scalar, const struct bufs *sizes)
{
    struct bufs ex;
    make_bufs(&ex, JC_EXHAUSTIVE_VERTICES);
    jc_fill_exhaustive(ex.vb);
    reference(scalar, &ex);
    for (int s = 0; s < 2; s++)
        reference(scalar, &sizes[s]);
    for (int i = 0; i < np; i++) {
        if (!ps[i].exact || ps[i].kind == K_MEMCPY)
            continue;
        ps[i].exact = check_path(&ps[i], &ex, "exhaustive") &&
                      check_path(&ps[i], &sizes[0], "in-cache random") &&
                      check_path(&ps[i], &sizes[1], "streaming random");
        printf("  %-22s %s\n", ps[i].name, ps[i].exact ? "bit-exact with the scalar path" :
               "NOT bit-exact: not timed");
    }
    free_bufs(&ex);
}

int main(int argc, char **argv)
{
    uint32_t stream = 4u << 20;
    int reps = 7;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--stream-vertices"))
            stream = (uint32_t)strtoul(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[i + 1]);
    }
    if (reps < 1 || reps > 31 || stream < 1 || stream > (1u << 26)) {
        fprintf(stderr, "usage: jitcmp [--stream-vertices 1..67108864] [--reps 1..31]\n");
        return 2;
    }
    struct path ps[8];
    int np = make_paths(ps);
    vf_layout *scalar = make_layout(VF_ISA_SCALAR, "0");
    printf("jitcmp: static mesh, 32-byte vertices -> 80-byte records; library ISA %s\n",
           vf_isa_name(vf_layout_isa(ps[3].layout)));
    struct bufs sizes[2];
    make_bufs(&sizes[0], IN_CACHE_VERTICES);
    make_bufs(&sizes[1], stream);
    jc_fill_random(sizes[0].vb, sizes[0].count, 0x1234567);
    jc_fill_random(sizes[1].vb, sizes[1].count, 0x89abcdef);
    check_all(ps, np, scalar, sizes);
    for (int i = 0; i < np; i++)
        if (ps[i].kind != K_MEMCPY)
            ps[i].gen_us = time_generation(&ps[i], i);
    printf("in cache: %u vertices (%.0f KiB of records); streaming: %u (%.0f MiB of records), "
           "median of %d rounds [slowest..fastest]\n", sizes[0].count,
           sizes[0].count * 80 / 1024.0, stream, stream * 80.0 / 1048576, reps);
    for (int s = 0; s < 2; s++)
        time_paths(ps, np, &sizes[s], s, reps);
    print_table(ps, np, sizes, reps);
    for (int i = 0; i < np; i++) {
        if (ps[i].kind == K_GENERATED && ps[i].gen.fn)
            i == 0 ? jc_gccjit_free(&ps[i].gen) : jc_llvm_free(&ps[i].gen);
        vf_layout_destroy(ps[i].layout);
    }
    vf_layout_destroy(scalar);
    free_bufs(&sizes[0]);
    free_bufs(&sizes[1]);
    return 0;
}
