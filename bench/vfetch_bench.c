/*
 * vfetch_bench.c - vfetch-bench: draw throughput of every fetch path beside
 * the memory roofline and the scalar path, in one run.
 *
 * A case is a layout real engines use (static mesh, skinned mesh, instanced,
 * multi-stream, particles) drawn in one shape (linear, indexed grid, random
 * indices, many instances of a small mesh, strips with cuts) at one size
 * (in-cache or streaming). For every case and thread count it times, on the
 * same buffers: the copy roofline (memcpy and non-temporal stores of the
 * same input and output bytes), the scalar path, every other available ISA
 * and optionally a Vulkan driver (lavapipe). README.md in this directory
 * explains the numbers.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vfetch.h"
#include "bench_util.h"
#ifdef VF_BENCH_HAVE_PEER
#  include "vk_peer.h"
#endif

#define MAX_ELEMS 12u
#define MAX_SLOTS 4u
#define MAX_THREAD_COUNTS 16u
#define MAX_REPS 1000u

/* ------------------------------------------------------------------------ */
/* Layouts                                                                    */
/* ------------------------------------------------------------------------ */

#define APPEND VF_APPEND_ALIGNED_ELEMENT
#define PV VF_INPUT_PER_VERTEX_DATA
#define PI VF_INPUT_PER_INSTANCE_DATA

struct layout_def {
    const char *name;
    const char *what;
    uint32_t count;
    vf_input_element_desc elems[MAX_ELEMS];
};

static const struct layout_def layouts[] = {
    { "static", "static mesh: position, normal, tangent, uv, color (one stream)", 5, {
        { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, APPEND, PV, 0 },
        { "NORMAL", 0, VF_FORMAT_R10G10B10A2_UNORM, 0, APPEND, PV, 0 },
        { "TANGENT", 0, VF_FORMAT_R16G16B16A16_SNORM, 0, APPEND, PV, 0 },
        { "TEXCOORD", 0, VF_FORMAT_R16G16_FLOAT, 0, APPEND, PV, 0 },
        { "COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, APPEND, PV, 0 },
    } },
    { "skinned", "skinned mesh: static mesh plus blend indices and weights", 7, {
        { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, APPEND, PV, 0 },
        { "NORMAL", 0, VF_FORMAT_R10G10B10A2_UNORM, 0, APPEND, PV, 0 },
        { "TANGENT", 0, VF_FORMAT_R16G16B16A16_SNORM, 0, APPEND, PV, 0 },
        { "TEXCOORD", 0, VF_FORMAT_R16G16_FLOAT, 0, APPEND, PV, 0 },
        { "COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, APPEND, PV, 0 },
        { "BLENDINDICES", 0, VF_FORMAT_R8G8B8A8_UINT, 0, APPEND, PV, 0 },
        { "BLENDWEIGHT", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, APPEND, PV, 0 },
    } },
    { "instanced", "instanced: mesh stream plus a per-instance 4x4 transform and color (step 1)", 8, {
        { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, APPEND, PV, 0 },
        { "NORMAL", 0, VF_FORMAT_R10G10B10A2_UNORM, 0, APPEND, PV, 0 },
        { "TEXCOORD", 0, VF_FORMAT_R16G16_FLOAT, 0, APPEND, PV, 0 },
        { "TRANSFORM", 0, VF_FORMAT_R32G32B32A32_FLOAT, 1, APPEND, PI, 1 },
        { "TRANSFORM", 1, VF_FORMAT_R32G32B32A32_FLOAT, 1, APPEND, PI, 1 },
        { "TRANSFORM", 2, VF_FORMAT_R32G32B32A32_FLOAT, 1, APPEND, PI, 1 },
        { "TRANSFORM", 3, VF_FORMAT_R32G32B32A32_FLOAT, 1, APPEND, PI, 1 },
        { "INSTANCECOLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 1, APPEND, PI, 1 },
    } },
    { "multistream", "multi-stream: position | normal+tangent | uv+color in 3 slots", 5, {
        { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, APPEND, PV, 0 },
        { "NORMAL", 0, VF_FORMAT_R10G10B10A2_UNORM, 1, APPEND, PV, 0 },
        { "TANGENT", 0, VF_FORMAT_R16G16B16A16_SNORM, 1, APPEND, PV, 0 },
        { "TEXCOORD", 0, VF_FORMAT_R16G16_FLOAT, 2, APPEND, PV, 0 },
        { "COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 2, APPEND, PV, 0 },
    } },
    { "particles", "particles: one R32G32B32A32_FLOAT", 1, {
        { "POSITION", 0, VF_FORMAT_R32G32B32A32_FLOAT, 0, APPEND, PV, 0 },
    } },
};
#define NUM_LAYOUTS (sizeof(layouts) / sizeof(layouts[0]))

/* ------------------------------------------------------------------------ */
/* Draw shapes                                                                */
/* ------------------------------------------------------------------------ */

enum shape {
    SHAPE_LINEAR,    /* DrawInstanced over N vertices */
    SHAPE_INDEXED,   /* a grid mesh as a triangle list, rows in order: cache-friendly */
    SHAPE_RANDOM,    /* the grid's vertices, uniformly random indices */
    SHAPE_INSTANCED, /* a 24-vertex cube (36 indices), N / 36 instances */
    SHAPE_STRIPS,    /* the grid as one triangle strip per row, rows split by cuts */
    NUM_SHAPES
};

static const char *const shape_names[NUM_SHAPES] = {
    "linear", "indexed", "random", "instanced", "strips",
};

/* The quick set: one case per layout plus every shape of the static mesh. */
static const char *const quick_cases[] = {
    "static/linear", "static/indexed", "static/random", "static/strips",
    "skinned/indexed", "instanced/instanced", "multistream/indexed", "particles/linear",
};

enum size_kind { SIZE_IN_CACHE, SIZE_STREAMING };
static const char *const size_names[2] = { "in-cache", "streaming" };

#if defined(__clang__)
#  define BENCH_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#  define BENCH_COMPILER "gcc " __VERSION__
#else
#  define BENCH_COMPILER "unknown compiler"
#endif

static const char *const output_names[17] = {
    [VF_OUTPUT_AOS] = "aos", [VF_OUTPUT_SOA4] = "soa4", [VF_OUTPUT_SOA8] = "soa8",
    [VF_OUTPUT_SOA16] = "soa16",
};

/* ------------------------------------------------------------------------ */
/* Options                                                                    */
/* ------------------------------------------------------------------------ */

struct options {
    int quick;
    int json;
    int formats;
    int list;
    int peer;                  /* --peer lavapipe */
    const char *cases;         /* comma list, NULL: the default set */
    uint32_t isa_mask;         /* bit per vf_isa; 0: every available one */
    unsigned threads[MAX_THREAD_COUNTS];
    unsigned num_threads;
    int threads_given;
    unsigned reps;
    int sizes;                 /* bit 0 in-cache, bit 1 streaming */
    int sizes_given;
    double min_time;           /* seconds one repetition lasts at least */
    uint32_t in_cache_vertices;
    uint32_t streaming_vertices; /* 0: from the cache size */
    uint32_t output_shape;
};

static struct options opt;

static void usage(FILE *f)
{
    fputs("usage: vfetch-bench [options]\n"
          "  --quick              a short set (what `make bench` runs)\n"
          "  --case LIST          cases to run: names like static/indexed, or a layout\n"
          "                       (static) or a shape (random); comma-separated\n"
          "  --formats            the per-format table: one layout per IA vertex format\n"
          "  --isa LIST           fetch paths, e.g. scalar,avx2 (default: every available)\n"
          "  --threads LIST       thread counts, e.g. 1,2 (default: 1 up to the CPUs online)\n"
          "  --reps N             timed repetitions per measurement (default 7)\n"
          "  --size KIND          in-cache, streaming or both (default both; the\n"
          "                       format table defaults to in-cache)\n"
          "  --vertices N         vertex positions of streaming cases\n"
          "  --min-time S         seconds each repetition lasts at least\n"
          "  --output SHAPE       aos, soa4, soa8 or soa16 records (default aos)\n"
          "  --peer lavapipe      also run the draws through Vulkan on the CPU\n"
          "  --json               print JSON instead of tables\n"
          "  --list               list the cases and exit\n"
          "Results are the median of the repetitions with min and max. The exit status\n"
          "is 1 when a path's output differs from the scalar path's or a draw fails.\n",
          f);
}

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "vfetch-bench: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    exit(2);
}

static unsigned long parse_ulong(const char *s, const char *what)
{
    char *end;
    unsigned long v;

    errno = 0;
    v = strtoul(s, &end, 10);
    if (errno || end == s || *end != '\0' || s[0] == '-')
        die(what, s);
    return v;
}

static void parse_args(int argc, char **argv)
{
    opt.reps = 7;
    opt.sizes = 3;
    opt.in_cache_vertices = 4096;
    opt.output_shape = VF_OUTPUT_AOS;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED_VALUE() do { if (v == NULL) die("missing value for", a); i++; } while (0)
        if (strcmp(a, "--quick") == 0) {
            opt.quick = 1;
        } else if (strcmp(a, "--json") == 0) {
            opt.json = 1;
        } else if (strcmp(a, "--formats") == 0) {
            opt.formats = 1;
        } else if (strcmp(a, "--list") == 0) {
            opt.list = 1;
        } else if (strcmp(a, "--case") == 0) {
            NEED_VALUE();
            opt.cases = v;
        } else if (strcmp(a, "--isa") == 0) {
            NEED_VALUE();
            char buf[256];
            snprintf(buf, sizeof(buf), "%s", v);
            for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
                uint32_t isa;
                if (vf_isa_from_name(tok, &isa) != VF_OK || isa == VF_ISA_AUTO)
                    die("unknown ISA", tok);
                if (!vf_isa_available(isa))
                    die("ISA not available in this build or on this CPU", tok);
                opt.isa_mask |= 1u << isa;
            }
        } else if (strcmp(a, "--threads") == 0) {
            NEED_VALUE();
            char buf[256];
            snprintf(buf, sizeof(buf), "%s", v);
            opt.num_threads = 0;
            for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
                unsigned long t = parse_ulong(tok, "bad thread count");
                if (t < 1 || t > 256)
                    die("thread count out of range 1..256", tok);
                if (opt.num_threads == MAX_THREAD_COUNTS)
                    die("too many thread counts", v);
                opt.threads[opt.num_threads++] = (unsigned)t;
            }
            opt.threads_given = 1;
        } else if (strcmp(a, "--reps") == 0) {
            NEED_VALUE();
            unsigned long r = parse_ulong(v, "bad repetition count");
            if (r < 1 || r > MAX_REPS)
                die("repetitions out of range 1..1000", v);
            opt.reps = (unsigned)r;
        } else if (strcmp(a, "--size") == 0) {
            NEED_VALUE();
            if (strcmp(v, "in-cache") == 0)
                opt.sizes = 1;
            else if (strcmp(v, "streaming") == 0)
                opt.sizes = 2;
            else if (strcmp(v, "both") == 0)
                opt.sizes = 3;
            else
                die("--size takes in-cache, streaming or both", v);
            opt.sizes_given = 1;
        } else if (strcmp(a, "--vertices") == 0) {
            NEED_VALUE();
            unsigned long n = parse_ulong(v, "bad vertex count");
            if (n < 64 || n > (1ul << 30))
                die("vertex count out of range 64..2^30", v);
            opt.streaming_vertices = (uint32_t)n;
        } else if (strcmp(a, "--min-time") == 0) {
            NEED_VALUE();
            char *end;
            opt.min_time = strtod(v, &end);
            if (*end != '\0' || !(opt.min_time >= 0.0 && opt.min_time <= 10.0))
                die("bad --min-time", v);
        } else if (strcmp(a, "--output") == 0) {
            NEED_VALUE();
            if (strcmp(v, "aos") == 0)
                opt.output_shape = VF_OUTPUT_AOS;
            else if (strcmp(v, "soa4") == 0)
                opt.output_shape = VF_OUTPUT_SOA4;
            else if (strcmp(v, "soa8") == 0)
                opt.output_shape = VF_OUTPUT_SOA8;
            else if (strcmp(v, "soa16") == 0)
                opt.output_shape = VF_OUTPUT_SOA16;
            else
                die("--output takes aos, soa4, soa8 or soa16", v);
        } else if (strcmp(a, "--peer") == 0) {
            NEED_VALUE();
            if (strcmp(v, "lavapipe") != 0)
                die("the only peer is lavapipe", v);
            opt.peer = 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else {
            usage(stderr);
            die("unknown option", a);
        }
#undef NEED_VALUE
    }
    /* The quick format table has 47 rows: 5 ms repetitions keep it short. */
    if (opt.min_time == 0.0)
        opt.min_time = !opt.quick ? 0.05 : opt.formats ? 0.005 : 0.01;
    if (opt.isa_mask == 0) {
        for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++)
            if (vf_isa_available(isa))
                opt.isa_mask |= 1u << isa;
    }
    if (!opt.threads_given) {
        /* 1, 2, 4, ... and the CPU count; the format table is one thread. */
        unsigned cpus = bu_cpu_count();
        opt.num_threads = 0;
        for (unsigned t = 1; t < cpus && opt.num_threads < MAX_THREAD_COUNTS - 1; t *= 2)
            opt.threads[opt.num_threads++] = t;
        opt.threads[opt.num_threads++] = cpus;
        if (opt.formats)
            opt.num_threads = 1;
    }
    /* The format table is about decode cost: in-cache unless asked. */
    if (opt.formats && !opt.sizes_given)
        opt.sizes = 1;
}

/* ------------------------------------------------------------------------ */
/* Output: a human table or JSON                                              */
/* ------------------------------------------------------------------------ */

static int json_first = 1;
/* Paths whose output differed from the scalar path's, or that failed. */
static unsigned num_failures;

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void json_number(double v)
{
    if (isfinite(v))
        printf("%.6g", v);
    else
        fputs("null", stdout);
}

/* One measured path of one case at one thread count. */
struct result {
    const char *group;       /* "case" or "format" */
    char name[64];           /* static/indexed, R8G8B8A8_UNORM */
    const char *layout;
    const char *shape;
    const char *size;
    char path[16];           /* memcpy, memcpy-nt, scalar, sse2, ..., lavapipe */
    const char *kind;        /* roofline, vfetch, peer */
    unsigned threads;
    uint64_t positions;      /* vertex positions per draw, all instances */
    uint64_t unique_vertices;
    uint32_t instances;
    uint64_t in_bytes, out_bytes;
    uint32_t record_bytes;
    double t_med, t_min, t_max; /* seconds per draw */
    double roofline_ratio;   /* memcpy time / this time; NaN if none */
    double scalar_speedup;   /* scalar time / this time; NaN if none */
    const char *check;       /* "ok", "MISMATCH", "-" */
    char error[160];
};

static double mvs(const struct result *r, double t)
{
    return (double)r->positions / t * 1e-6;
}

static double gbs(const struct result *r, double t)
{
    return (double)(r->in_bytes + r->out_bytes) / t * 1e-9;
}

static void json_result(const struct result *r)
{
    printf("%s\n    {\"group\": ", json_first ? "" : ",");
    json_first = 0;
    json_string(r->group);
    printf(", \"name\": ");
    json_string(r->name);
    if (r->layout) {
        printf(", \"layout\": ");
        json_string(r->layout);
    }
    if (r->shape) {
        printf(", \"shape\": ");
        json_string(r->shape);
    }
    printf(", \"size\": ");
    json_string(r->size);
    printf(", \"path\": ");
    json_string(r->path);
    printf(", \"kind\": ");
    json_string(r->kind);
    printf(", \"threads\": %u, \"positions\": %llu, \"unique_vertices\": %llu, "
           "\"instances\": %u, \"in_bytes\": %llu, \"out_bytes\": %llu, \"record_bytes\": %u",
           r->threads, (unsigned long long)r->positions,
           (unsigned long long)r->unique_vertices, r->instances,
           (unsigned long long)r->in_bytes, (unsigned long long)r->out_bytes, r->record_bytes);
    if (r->error[0]) {
        printf(", \"error\": ");
        json_string(r->error);
        printf("}");
        return;
    }
    printf(", \"seconds\": {\"median\": ");
    json_number(r->t_med);
    printf(", \"min\": ");
    json_number(r->t_min);
    printf(", \"max\": ");
    json_number(r->t_max);
    /* The fastest repetition gives the most vertices per second. */
    printf("}, \"mvertices_per_s\": {\"median\": ");
    json_number(mvs(r, r->t_med));
    printf(", \"min\": ");
    json_number(mvs(r, r->t_max));
    printf(", \"max\": ");
    json_number(mvs(r, r->t_min));
    printf("}, \"gb_per_s\": {\"median\": ");
    json_number(gbs(r, r->t_med));
    printf(", \"min\": ");
    json_number(gbs(r, r->t_max));
    printf(", \"max\": ");
    json_number(gbs(r, r->t_min));
    printf("}, \"roofline_ratio\": ");
    json_number(r->roofline_ratio);
    printf(", \"scalar_speedup\": ");
    json_number(r->scalar_speedup);
    printf(", \"check\": ");
    json_string(r->check);
    printf("}");
}

static void table_header(void)
{
    printf("  %-10s %3s %9s %21s %8s %9s %9s  %s\n", "path", "thr", "Mvert/s",
           "[min .. max]", "GB/s", "roofline", "vs scalar", "check");
}

static void table_row(const struct result *r)
{
    if (r->error[0]) {
        printf("  %-10s %3u  %s\n", r->path, r->threads, r->error);
        return;
    }
    char ratio[16] = "-", speed[16] = "-";
    if (isfinite(r->roofline_ratio))
        snprintf(ratio, sizeof(ratio), "%.2f", r->roofline_ratio);
    if (isfinite(r->scalar_speedup))
        snprintf(speed, sizeof(speed), "%.2fx", r->scalar_speedup);
    char range[32];
    snprintf(range, sizeof(range), "[%.1f .. %.1f]", mvs(r, r->t_max), mvs(r, r->t_min));
    printf("  %-10s %3u %9.1f %21s %8.2f %9s %9s  %s\n", r->path, r->threads,
           mvs(r, r->t_med), range, gbs(r, r->t_med), ratio, speed, r->check);
    fflush(stdout);
}

static void emit(const struct result *r)
{
    if (opt.json)
        json_result(r);
    else
        table_row(r);
}

static void human_size(char *buf, size_t size, uint64_t bytes)
{
    if (bytes >= (1ull << 30))
        snprintf(buf, size, "%.2f GiB", (double)bytes / (double)(1ull << 30));
    else if (bytes >= (1ull << 20))
        snprintf(buf, size, "%.1f MiB", (double)bytes / (double)(1ull << 20));
    else
        snprintf(buf, size, "%.1f KiB", (double)bytes / 1024.0);
}

/* ------------------------------------------------------------------------ */
/* Measuring                                                                  */
/* ------------------------------------------------------------------------ */

typedef int (*run_fn)(void *arg); /* 0 on success */

/* Warms up, picks how many runs make one repetition last opt.min_time, then
 * times opt.reps repetitions. Seconds per run into r. */
static int measure(run_fn fn, void *arg, struct result *r)
{
    double samples[MAX_REPS];

    if (fn(arg) != 0)
        return -1;
    double t0 = bu_now();
    if (fn(arg) != 0)
        return -1;
    double once = bu_now() - t0;
    double iters_d = once > 0 ? ceil(opt.min_time / once) : 1e6;
    unsigned iters = iters_d < 1 ? 1 : iters_d > 1e6 ? 1000000u : (unsigned)iters_d;

    for (unsigned k = 0; k < opt.reps; k++) {
        t0 = bu_now();
        for (unsigned i = 0; i < iters; i++)
            fn(arg);
        samples[k] = (bu_now() - t0) / iters;
    }
    bu_summary(samples, opt.reps, &r->t_med, &r->t_min, &r->t_max);
    return 0;
}

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
/* A case: buffers, draw and the paths that run it                            */
/* ------------------------------------------------------------------------ */

struct bench_case {
    char name[64];
    const char *layout_name;
    const char *shape_name;
    const char *size_name;
    const char *group;
    const vf_input_element_desc *elems;
    uint32_t num_elems;

    vf_layout *layouts[VF_ISA_COUNT];
    uint32_t nslots;
    uint32_t stride[MAX_SLOTS];
    uint32_t slot_class[MAX_SLOTS];
    uint32_t step[MAX_SLOTS];
    uint8_t *vb[MAX_SLOTS];
    vf_vertex_buffer_view vbv[MAX_SLOTS];
    void *ib;
    vf_index_buffer_view ibv;
    vf_draw_desc desc;

    uint32_t positions;       /* per instance */
    uint32_t instances;
    uint32_t unique_vertices;
    uint64_t in_bytes, out_bytes;
    uint32_t record_bytes;
    void *out;
    size_t out_size;

    struct bu_span spans[MAX_SLOTS + 1];
    unsigned nspans;
};

/* Per-thread-count machinery, built once. */
struct thread_ctx {
    unsigned threads;
    vf_thread_pool *pool;     /* NULL for one thread */
    struct bu_team *team;
    void *scratch[256];
};

static struct thread_ctx thread_ctx[MAX_THREAD_COUNTS];

static void setup_threads(void)
{
    for (unsigned i = 0; i < opt.num_threads; i++) {
        struct thread_ctx *tc = &thread_ctx[i];
        tc->threads = opt.threads[i];
        tc->team = bu_team_create(tc->threads);
        if (tc->team == NULL)
            die("could not create the copy threads", NULL);
        for (unsigned t = 0; t < tc->threads; t++)
            tc->scratch[t] = bu_alloc(BU_SCRATCH_SIZE);
        /* vf_draw runs a share of the work on the calling thread too, so T
         * threads are the caller and a pool of T - 1. */
        if (tc->threads > 1) {
            vf_result res = vf_thread_pool_create(tc->threads - 1, &tc->pool);
            if (res != VF_OK)
                fprintf(stderr, "vfetch-bench: vf_thread_pool_create(%u): %s\n", tc->threads,
                        vf_result_string(res));
        }
    }
}

static void teardown_threads(void)
{
    for (unsigned i = 0; i < opt.num_threads; i++) {
        struct thread_ctx *tc = &thread_ctx[i];
        vf_thread_pool_destroy(tc->pool);
        bu_team_destroy(tc->team);
        for (unsigned t = 0; t < tc->threads; t++)
            bu_free(tc->scratch[t]);
    }
}

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
        die("index buffer larger than 4 GiB", c->name);
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

/* Builds the draw: positions, vertices, indices, per-slot buffers. Returns
 * 0, or -1 with a message when the library refused the layout. */
static int case_build(struct bench_case *c, enum shape shape, uint32_t n, uint64_t seed)
{
    vf_layout_options lo;
    vf_diagnostics *diag = calloc(1, sizeof(*diag));
    uint64_t rng = seed | 1;
    vf_result res;

    if (diag == NULL)
        die("out of memory", NULL);
    vf_layout_options_init(&lo);
    lo.isa = VF_ISA_SCALAR;
    lo.output_shape = opt.output_shape;
    res = vf_layout_create(c->elems, c->num_elems, &lo, &c->layouts[VF_ISA_SCALAR], diag);
    if (res != VF_OK) {
        fprintf(stderr, "vfetch-bench: %s: vf_layout_create: %s%s%s\n", c->name,
                vf_result_string(res), diag->count ? ": " : "",
                diag->count ? diag->entries[0].message : "");
        free(diag);
        num_failures++;
        return -1;
    }
    free(diag);
    const vf_layout *layout = c->layouts[VF_ISA_SCALAR];

    /* Slots and strides from what the layout resolved. */
    uint32_t end[MAX_SLOTS] = { 0 }, align[MAX_SLOTS] = { 0 };
    c->nslots = 0;
    for (uint32_t e = 0; e < c->num_elems; e++) {
        vf_layout_element_info info;
        if (vf_layout_element(layout, e, &info) != VF_OK || info.input_slot >= MAX_SLOTS)
            die("vf_layout_element failed", c->name);
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

    /* The draw's shape. */
    uint32_t vertices = 0;
    uint32_t w;
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
    case SHAPE_RANDOM:
        w = grid_side_list(n);
        vertices = w * w;
        nidx = 6ull * (w - 1) * (w - 1);
        c->positions = n - n % 3;
        alloc_indices(c, nidx, vertices);
        if (shape == SHAPE_INDEXED) {
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
        } else {
            for (size_t i = 0; i < nidx; i++)
                put_index(c, i, bu_rand_below(&rng, vertices));
        }
        break;
    case SHAPE_STRIPS:
        w = grid_side_strip(n);
        vertices = w * w;
        nidx = (size_t)(w - 1) * (2ull * w + 1);
        /* No strip ends in a piece of a triangle. */
        c->positions = n % (2 * w + 1) < 3 ? n - n % (2 * w + 1) : n;
        alloc_indices(c, nidx, vertices);
        {
            size_t i = 0;
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
        }
        break;
    case SHAPE_INSTANCED: {
        /* A cube with a vertex per face corner: 24 vertices, 36 indices. */
        vertices = 24;
        nidx = 36;
        c->positions = 36;
        c->instances = n / 36 ? n / 36 : 1;
        alloc_indices(c, nidx, vertices);
        for (uint32_t f = 0; f < 6; f++) {
            static const uint8_t quad[6] = { 0, 1, 2, 2, 1, 3 };
            for (uint32_t k = 0; k < 6; k++)
                put_index(c, f * 6 + k, f * 4 + quad[k]);
        }
        break;
    }
    default:
        die("bad shape", NULL);
    }
    c->unique_vertices = vertices;
    if (nidx) {
        c->desc.indexed = 1;
        c->desc.index_buffer = &c->ibv;
    }

    /* Vertex data, element by element. */
    c->nspans = 0;
    c->in_bytes = 0;
    for (uint32_t s = 0; s < c->nslots; s++) {
        uint64_t rows = c->slot_class[s] == VF_INPUT_PER_VERTEX_DATA ? vertices
                        : c->step[s] == 0 ? 1 : (c->instances + c->step[s] - 1) / c->step[s];
        uint64_t bytes = rows * c->stride[s];
        if (c->stride[s] == 0)
            continue;
        if (bytes > UINT32_MAX)
            die("vertex buffer larger than 4 GiB; use fewer --vertices", c->name);
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
            gen_element(d, c->vb[s] + v * c->stride[s] + info.byte_offset, &rng);
    }
    if (nidx) {
        c->spans[c->nspans].data = c->ib;
        c->spans[c->nspans].size = c->ibv.size_in_bytes;
        c->nspans++;
        c->in_bytes += c->ibv.size_in_bytes;
    }
    c->desc.vertex_buffers = c->vbv;
    c->desc.num_vertex_buffers = c->nslots;
    c->desc.vertex_count_per_instance = c->positions;
    c->desc.instance_count = c->instances;

    res = vf_draw_output_size(layout, c->positions, c->instances, &c->out_size);
    if (res != VF_OK)
        die("vf_draw_output_size failed", vf_result_string(res));
    c->out = bu_alloc(c->out_size);
    c->out_bytes = c->out_size;
    c->record_bytes = (uint32_t)vf_layout_record_size(layout);
    return 0;
}

static void case_free(struct bench_case *c)
{
    for (unsigned i = 0; i < VF_ISA_COUNT; i++)
        vf_layout_destroy(c->layouts[i]);
    for (unsigned s = 0; s < MAX_SLOTS; s++)
        bu_free(c->vb[s]);
    bu_free(c->ib);
    bu_free(c->out);
    memset(c, 0, sizeof(*c));
}

/* The layout of one ISA, compiled on first use. */
static vf_layout *case_layout(struct bench_case *c, uint32_t isa, vf_result *res_ret)
{
    if (c->layouts[isa] == NULL) {
        vf_layout_options lo;
        vf_layout_options_init(&lo);
        lo.isa = isa;
        lo.output_shape = opt.output_shape;
        *res_ret = vf_layout_create(c->elems, c->num_elems, &lo, &c->layouts[isa], NULL);
        if (*res_ret != VF_OK)
            return NULL;
    }
    *res_ret = VF_OK;
    return c->layouts[isa];
}

struct draw_run {
    struct bench_case *c;
    const vf_layout *layout;
    vf_draw_desc desc;
    vf_result res;
};

static int run_draw(void *arg)
{
    struct draw_run *d = arg;

    d->res = vf_draw(d->layout, &d->desc, d->c->out, d->c->out_size);
    return d->res == VF_OK ? 0 : -1;
}

struct copy_run {
    struct bench_case *c;
    struct thread_ctx *tc;
    int nt;
    struct bu_copy_job job;
};

static void copy_task(void *arg, unsigned index, unsigned count)
{
    struct copy_run *r = arg;

    (void)count;
    bu_copy_work(&r->job, r->tc->scratch[index]);
}

static int run_copy(void *arg)
{
    struct copy_run *r = arg;

    bu_copy_init(&r->job, r->c->spans, r->c->nspans, r->c->out, r->c->out_size, r->nt,
                 r->tc->threads);
    bu_team_run(r->tc->team, copy_task, r);
    return 0;
}

static void result_init(struct result *r, const struct bench_case *c, const char *path,
                        const char *kind, unsigned threads)
{
    memset(r, 0, sizeof(*r));
    r->group = c->group;
    snprintf(r->name, sizeof(r->name), "%s", c->name);
    r->layout = c->layout_name;
    r->shape = c->shape_name;
    r->size = c->size_name;
    snprintf(r->path, sizeof(r->path), "%s", path);
    r->kind = kind;
    r->threads = threads;
    r->positions = (uint64_t)c->positions * c->instances;
    r->unique_vertices = c->unique_vertices;
    r->instances = c->instances;
    r->in_bytes = c->in_bytes;
    r->out_bytes = c->out_bytes;
    r->record_bytes = c->record_bytes;
    r->roofline_ratio = NAN;
    r->scalar_speedup = NAN;
    r->check = "-";
}

/* Times every path of a case at every thread count. With `summary` set, the
 * per-path results are also returned (first thread count only) for the
 * format table. */
struct path_summary {
    struct result copy, nt, isa[VF_ISA_COUNT];
    int ok[VF_ISA_COUNT];
};

#ifdef VF_BENCH_HAVE_PEER
static struct vk_peer *peer;
#endif

#ifdef VF_BENCH_HAVE_PEER
/* Compares the driver's registers with vfetch's scalar records, vertex by
 * vertex: "ok", or how many 32-bit words differ. The driver shades a vertex
 * once per (instance, vertex index), so its records are keyed by those. */
static const char *peer_check(struct bench_case *c)
{
    static char buf[256];
    struct draw_run dr;
    const uint32_t *rec = vk_peer_records(peer);
    uint64_t words = 0, bad = 0, unshaded = 0;
    uint64_t bad_elem[MAX_ELEMS] = { 0 };

    if (opt.output_shape != VF_OUTPUT_AOS || rec == NULL)
        return "-";
    /* Records the driver never writes keep this pattern (no bench data
     * decodes to all-ones words). */
    vk_peer_fill_records(peer, 0xff);
    if (vk_peer_run(peer) != 0)
        return "-";
    dr.c = c;
    dr.layout = c->layouts[VF_ISA_SCALAR];
    dr.desc = c->desc;
    dr.desc.pool = NULL;
    if (run_draw(&dr) != 0)
        return "-";
    uint32_t cut = c->ibv.format == VF_FORMAT_R16_UINT ? 0xffffu : 0xffffffffu;
    for (uint32_t i = 0; i < c->instances; i++) {
        for (uint32_t p = 0; p < c->positions; p++) {
            uint32_t v = p;
            if (c->desc.indexed) {
                v = c->ibv.format == VF_FORMAT_R16_UINT ? ((const uint16_t *)c->ib)[p]
                                                        : ((const uint32_t *)c->ib)[p];
                if (c->desc.strip_cut_value && v == cut)
                    continue;
            }
            const uint32_t *mine = (const uint32_t *)(const void *)
                ((const uint8_t *)c->out + ((size_t)i * c->positions + p) * c->record_bytes);
            const uint32_t *theirs = rec + ((size_t)i * c->unique_vertices + v) * c->num_elems * 4;
            uint32_t n = c->num_elems * 4, unset = 0;
            for (uint32_t w = 0; w < n; w++)
                unset += theirs[w] == 0xffffffffu;
            if (unset == n) {
                unshaded++;
                continue;
            }
            for (uint32_t w = 0; w < n; w++) {
                bad += mine[w] != theirs[w];
                bad_elem[w / 4] += mine[w] != theirs[w];
            }
            words += n;
        }
    }
    if (bad == 0 && unshaded == 0)
        return "ok";
    if (bad == 0)
        snprintf(buf, sizeof(buf), "ok, %llu positions not shaded", (unsigned long long)unshaded);
    else {
        /* Which elements differ: names the formats the driver rounds
         * differently. */
        size_t len = (size_t)snprintf(buf, sizeof(buf), "%llu/%llu words differ:",
                                      (unsigned long long)bad, (unsigned long long)words);
        for (uint32_t e = 0; e < c->num_elems && len < sizeof(buf); e++)
            if (bad_elem[e])
                len += (size_t)snprintf(buf + len, sizeof(buf) - len, " %s%u %llu",
                                        c->elems[e].semantic_name, c->elems[e].semantic_index,
                                        (unsigned long long)bad_elem[e]);
    }
    return buf;
}
#endif

static void case_run(struct bench_case *c, struct path_summary *summary)
{
    uint64_t ref_hash = 0;
    int have_ref = 0;

    for (unsigned ti = 0; ti < opt.num_threads; ti++) {
        struct thread_ctx *tc = &thread_ctx[ti];
        struct result r;
        double t_copy = NAN, t_scalar = NAN;

        /* The roofline: the same bytes, copied. */
        for (int nt = 0; nt < 2; nt++) {
            struct copy_run cr;
            cr.c = c;
            cr.tc = tc;
            cr.nt = nt;
            result_init(&r, c, nt ? (bu_have_nt() ? "memcpy-nt" : "memcpy-nt*") : "memcpy",
                        "roofline", tc->threads);
            measure(run_copy, &cr, &r);
            if (nt == 0)
                t_copy = r.t_med;
            r.roofline_ratio = t_copy / r.t_med;
            if (summary && ti == 0)
                *(nt ? &summary->nt : &summary->copy) = r;
            if (!summary)
                emit(&r);
        }

        for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
            if (!(opt.isa_mask & (1u << isa)) && !(isa == VF_ISA_SCALAR))
                continue;
            struct draw_run dr;
            vf_result res;
            result_init(&r, c, vf_isa_name(isa), "vfetch", tc->threads);
            dr.c = c;
            dr.layout = case_layout(c, isa, &res);
            dr.desc = c->desc;
            dr.desc.pool = tc->pool;
            int drawn = 0;
            if (dr.layout != NULL && (tc->threads == 1 || tc->pool != NULL)) {
                /* Poisoned first, so a path that leaves records unwritten
                 * cannot pass the check on what an earlier path wrote. */
                memset(c->out, 0xa5, c->out_size);
                drawn = run_draw(&dr) == 0;
            }
            if (dr.layout == NULL) {
                snprintf(r.error, sizeof(r.error), "vf_layout_create: %s",
                         vf_result_string(res));
                num_failures++;
            } else if (tc->threads > 1 && tc->pool == NULL) {
                snprintf(r.error, sizeof(r.error), "no thread pool");
            } else if (!drawn) {
                snprintf(r.error, sizeof(r.error), "vf_draw: %s", vf_result_string(dr.res));
                num_failures++;
            } else {
                /* Every path must write what the scalar path writes. */
                uint64_t h = bu_hash(c->out, c->out_size);
                if (!have_ref && isa == VF_ISA_SCALAR) {
                    ref_hash = h;
                    have_ref = 1;
                }
                r.check = !have_ref ? "-" : h == ref_hash ? "ok" : "MISMATCH";
                num_failures += have_ref && h != ref_hash;
                measure(run_draw, &dr, &r);
                r.roofline_ratio = t_copy / r.t_med;
                if (isa == VF_ISA_SCALAR)
                    t_scalar = r.t_med;
                r.scalar_speedup = t_scalar / r.t_med;
                if (summary && ti == 0)
                    summary->ok[isa] = 1;
            }
            if (summary && ti == 0)
                summary->isa[isa] = r;
            /* Scalar is always measured, for the speed-up; shown if asked. */
            if (!summary && (opt.isa_mask & (1u << isa)))
                emit(&r);
        }

#ifdef VF_BENCH_HAVE_PEER
        if (opt.peer && !summary && ti == 0) {
            result_init(&r, c, "lavapipe", "peer", 0);
            if (peer == NULL) {
                snprintf(r.error, sizeof(r.error), "skipped: no Vulkan device");
            } else {
                struct vk_peer_draw pd;
                memset(&pd, 0, sizeof(pd));
                pd.elems = c->elems;
                pd.num_elems = c->num_elems;
                for (uint32_t e = 0; e < c->num_elems; e++) {
                    vf_layout_element_info info;
                    vf_layout_element(c->layouts[VF_ISA_SCALAR], e, &info);
                    pd.offsets[e] = info.byte_offset;
                }
                pd.layout_name = c->layout_name;
                pd.nslots = c->nslots;
                for (uint32_t s = 0; s < c->nslots; s++) {
                    pd.vb[s] = c->vb[s];
                    pd.vb_size[s] = c->vbv[s].size_in_bytes;
                    pd.stride[s] = c->stride[s];
                    pd.per_instance[s] = c->slot_class[s] == VF_INPUT_PER_INSTANCE_DATA;
                    pd.step[s] = c->step[s];
                }
                pd.indexed = c->desc.indexed;
                pd.ib = c->ib;
                pd.ib_size = c->ib ? c->ibv.size_in_bytes : 0;
                pd.index32 = c->ib && c->ibv.format == VF_FORMAT_R32_UINT;
                pd.strip = c->desc.primitive_topology == VF_TOPOLOGY_TRIANGLESTRIP;
                pd.count = c->positions;
                pd.instances = c->instances;
                pd.unique_vertices = c->unique_vertices;
                char msg[120];
                if (vk_peer_prepare(peer, &pd, msg, sizeof(msg)) != 0) {
                    snprintf(r.error, sizeof(r.error), "skipped: %s", msg);
                } else {
                    r.threads = vk_peer_threads(peer);
                    if (measure(vk_peer_run, peer, &r) != 0) {
                        snprintf(r.error, sizeof(r.error), "draw failed");
                    } else {
                        r.roofline_ratio = t_copy / r.t_med;
                        r.scalar_speedup = t_scalar / r.t_med;
                        r.check = peer_check(c);
                    }
                    vk_peer_release(peer);
                }
            }
            emit(&r);
        }
#endif
    }
}

/* ------------------------------------------------------------------------ */
/* Selecting and running cases                                                */
/* ------------------------------------------------------------------------ */

static int in_list(const char *list, const char *name, const char *layout, const char *shape)
{
    char buf[512];

    snprintf(buf, sizeof(buf), "%s", list);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ","))
        if (strcmp(tok, name) == 0 || strcmp(tok, layout) == 0 || strcmp(tok, shape) == 0 ||
            strcmp(tok, "all") == 0)
            return 1;
    return 0;
}

static int case_selected(const char *name, const char *layout, const char *shape)
{
    if (opt.cases)
        return in_list(opt.cases, name, layout, shape);
    if (opt.quick) {
        for (size_t i = 0; i < sizeof(quick_cases) / sizeof(quick_cases[0]); i++)
            if (strcmp(quick_cases[i], name) == 0)
                return 1;
        return 0;
    }
    return 1;
}

/* Vertex positions of a streaming case: opt.streaming_vertices, else at least
 * 8M (1M quick) and at least 8x (4x quick) the last-level cache in output. */
static uint32_t streaming_positions(uint32_t record_bytes)
{
    if (opt.streaming_vertices)
        return opt.streaming_vertices;
    uint64_t n = opt.quick ? (1u << 20) : (8u << 20);
    uint64_t want = (uint64_t)bu_llc_size() * (opt.quick ? 4 : 8) / (record_bytes ? record_bytes : 16);
    if (want > n)
        n = want;
    if (n > (1u << 28))
        n = 1u << 28;
    return (uint32_t)n;
}

static uint32_t layout_record_bytes(const struct layout_def *ld)
{
    /* One register per element; the real size comes from the layout. */
    return 16u * ld->count;
}

static void print_case_header(const struct bench_case *c)
{
    char in[32], out[32];

    if (opt.json)
        return;
    human_size(in, sizeof(in), c->in_bytes);
    human_size(out, sizeof(out), c->out_bytes);
    printf("\n%s  %s: %u positions", c->name, c->size_name, c->positions);
    if (c->instances > 1)
        printf(" x %u instances", c->instances);
    printf(", %u vertices", c->unique_vertices);
    if (c->desc.indexed)
        printf(", %s indices", c->ibv.format == VF_FORMAT_R16_UINT ? "16-bit" : "32-bit");
    if (c->desc.strip_cut_value)
        printf(" with strip cuts");
    printf("; record %u B; in %s + out %s\n", c->record_bytes, in, out);
    table_header();
}

static void run_cases(void)
{

    for (int sz = 0; sz < 2; sz++) {
        if (!(opt.sizes & (1 << sz)))
            continue;
        for (size_t li = 0; li < NUM_LAYOUTS; li++) {
            for (int sh = 0; sh < NUM_SHAPES; sh++) {
                const struct layout_def *ld = &layouts[li];
                char name[64];
                snprintf(name, sizeof(name), "%s/%s", ld->name, shape_names[sh]);
                if (!case_selected(name, ld->name, shape_names[sh]))
                    continue;
                struct bench_case c;
                memset(&c, 0, sizeof(c));
                snprintf(c.name, sizeof(c.name), "%s", name);
                c.layout_name = ld->name;
                c.shape_name = shape_names[sh];
                c.size_name = size_names[sz];
                c.group = "case";
                c.elems = ld->elems;
                c.num_elems = ld->count;
                uint32_t n = sz == SIZE_IN_CACHE ? opt.in_cache_vertices
                                                 : streaming_positions(layout_record_bytes(ld));
                if (case_build(&c, (enum shape)sh, n, 0x5eed0000u + li * 16 + (unsigned)sh) == 0) {
                    print_case_header(&c);
                    case_run(&c, NULL);
                }
                case_free(&c);
            }
        }
    }
}

static void list_cases(void)
{
    for (size_t li = 0; li < NUM_LAYOUTS; li++)
        for (int sh = 0; sh < NUM_SHAPES; sh++) {
            char name[64];
            snprintf(name, sizeof(name), "%s/%s", layouts[li].name, shape_names[sh]);
            int quick = 0;
            for (size_t q = 0; q < sizeof(quick_cases) / sizeof(quick_cases[0]); q++)
                quick |= strcmp(quick_cases[q], name) == 0;
            printf("%-22s %s%s\n", name, quick ? "(quick) " : "", layouts[li].what);
        }
}

/* One layout per IA vertex format, drawn linearly: the per-format table. */
static void run_formats(void)
{
    int first = 1;

    for (int sz = 0; sz < 2; sz++) {
        if (!(opt.sizes & (1 << sz)))
            continue;
        if (!opt.json) {
            printf("\nper-format table, %s, linear draws, %u thread%s: Mvertices/s (median)\n",
                   size_names[sz], opt.threads[0], opt.threads[0] > 1 ? "s" : "");
            printf("  %-22s %5s %9s %9s", "format", "bytes", "memcpy", "memcpy-nt");
            for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++)
                if (opt.isa_mask & (1u << isa))
                    printf(" %9s", vf_isa_name(isa));
            printf(" %8s %9s %9s\n", "best GB/s", "roofline", "vs scalar");
        }
        for (uint32_t i = 0; i < vf_format_count(); i++) {
            const vf_format_desc *d = vf_format_info_at(i);
            if (!d || !(d->ia_support & VF_IA_VERTEX_BUFFER))
                continue;
            if (opt.cases && !in_list(opt.cases, d->name, d->name, d->name))
                continue;
            vf_input_element_desc e = { "ATTRIBUTE", 0, d->format, 0, 0, PV, 0 };
            struct bench_case c;
            struct path_summary ps;
            memset(&c, 0, sizeof(c));
            memset(&ps, 0, sizeof(ps));
            snprintf(c.name, sizeof(c.name), "%s", d->name);
            c.shape_name = shape_names[SHAPE_LINEAR];
            c.size_name = size_names[sz];
            c.group = "format";
            c.elems = &e;
            c.num_elems = 1;
            uint32_t n = sz == SIZE_IN_CACHE ? opt.in_cache_vertices : streaming_positions(16);
            if (case_build(&c, SHAPE_LINEAR, n, 0xf0000u + d->format) != 0) {
                case_free(&c);
                continue;
            }
            case_run(&c, &ps);

            /* Rows as JSON results, or one table line. */
            double positions = (double)c.positions;
            double best = INFINITY;
            for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++)
                if ((opt.isa_mask & (1u << isa)) && ps.ok[isa] && ps.isa[isa].t_med < best)
                    best = ps.isa[isa].t_med;
            if (opt.json) {
                json_result(&ps.copy);
                json_result(&ps.nt);
                for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++)
                    if (opt.isa_mask & (1u << isa))
                        json_result(&ps.isa[isa]);
            } else {
                printf("  %-22s %5u %9.1f %9.1f", d->name, d->bytes,
                       positions / ps.copy.t_med * 1e-6, positions / ps.nt.t_med * 1e-6);
                for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
                    if (!(opt.isa_mask & (1u << isa)))
                        continue;
                    if (ps.ok[isa])
                        printf(" %8.1f%s", positions / ps.isa[isa].t_med * 1e-6,
                               strcmp(ps.isa[isa].check, "MISMATCH") == 0 ? "!" : " ");
                    else
                        printf(" %9s", "error");
                }
                if (isfinite(best))
                    printf(" %9.2f %9.2f %8.2fx\n",
                           (double)(c.in_bytes + c.out_bytes) / best * 1e-9,
                           ps.copy.t_med / best,
                           ps.ok[VF_ISA_SCALAR] ? ps.isa[VF_ISA_SCALAR].t_med / best : NAN);
                else
                    printf("\n");
                fflush(stdout);
            }
            first = 0;
            case_free(&c);
        }
    }
    if (!opt.json && !first)
        printf("  (! = output differs from the scalar path)\n");

}

/* A quarter of a second of copying before the first measurement, so it
 * does not run while the core is still raising its clock. */
static void warm_up_cpu(void)
{
    size_t size = 1u << 20;
    uint8_t *a = bu_alloc(size), *b = bu_alloc(size);
    double end = bu_now() + 0.25;

    while (bu_now() < end) {
        memcpy(b, a, size);
        memcpy(a, b, size);
    }
    bu_free(a);
    bu_free(b);
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv)
{
    char cpu[256];
    char date[64];
    time_t now = time(NULL);

    parse_args(argc, argv);
    if (opt.list) {
        list_cases();
        return 0;
    }
    if (opt.cases) {
        /* Refuse a --case that selects nothing before printing anything. */
        int any = 0;
        if (opt.formats) {
            for (uint32_t i = 0; i < vf_format_count(); i++) {
                const vf_format_desc *d = vf_format_info_at(i);
                any |= d && (d->ia_support & VF_IA_VERTEX_BUFFER) &&
                       in_list(opt.cases, d->name, d->name, d->name);
            }
        } else {
            for (size_t li = 0; li < NUM_LAYOUTS; li++)
                for (int sh = 0; sh < NUM_SHAPES; sh++) {
                    char name[64];
                    snprintf(name, sizeof(name), "%s/%s", layouts[li].name, shape_names[sh]);
                    any |= in_list(opt.cases, name, layouts[li].name, shape_names[sh]);
                }
        }
        if (!any)
            die(opt.formats ? "no IA vertex format matches --case" : "no case matches --case (see --list)",
                opt.cases);
    }
    strftime(date, sizeof(date), "%Y-%m-%d %H:%M UTC", gmtime(&now));
    bu_cpu_name(cpu, sizeof(cpu));

    if (opt.json) {
        printf("{\n  \"bench\": \"vfetch-bench\", \"version\": ");
        json_string(vf_version());
        printf(",\n  \"cpu\": ");
        json_string(cpu);
        printf(", \"cpus_online\": %u, \"llc_bytes\": %zu,\n  \"compiler\": ", bu_cpu_count(),
               bu_llc_size());
        json_string(BENCH_COMPILER);
        printf(", \"date\": ");
        json_string(date);
        printf(",\n  \"reps\": %u, \"min_time_s\": ", opt.reps);
        json_number(opt.min_time);
        printf(", \"default_isa\": ");
        json_string(vf_isa_name(vf_isa_default()));
        printf(", \"output\": ");
        json_string(output_names[opt.output_shape]);
        printf(",\n  \"results\": [");
    } else {
        printf("vfetch-bench %s: %s, %u CPUs online, LLC %zu MiB, ", vf_version(), cpu,
               bu_cpu_count(), bu_llc_size() >> 20);
        printf("%s, ", BENCH_COMPILER);
        printf("%s\n", date);
        printf("paths:");
        for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++)
            if (opt.isa_mask & (1u << isa))
                printf(" %s", vf_isa_name(isa));
        printf(" (default %s); %s records; median of %u repetitions of at least %.0f ms, "
               "[min .. max]\n",
               vf_isa_name(vf_isa_default()), output_names[opt.output_shape], opt.reps,
               opt.min_time * 1e3);
        printf("GB/s counts input + output bytes; roofline = time of memcpy of the same bytes "
               "/ time; vs scalar = scalar time / time\n");
    }

    setup_threads();
    warm_up_cpu();
#ifdef VF_BENCH_HAVE_PEER
    if (opt.peer) {
        char msg[200];
        peer = vk_peer_create(msg, sizeof(msg));
        if (peer == NULL) {
            fprintf(stderr, "vfetch-bench: lavapipe peer skipped: %s\n", msg);
        } else if (!opt.json) {
            printf("peer: %s\n", vk_peer_name(peer));
        }
    }
#else
    if (opt.peer)
        fprintf(stderr, "vfetch-bench: lavapipe peer skipped: built without Vulkan and glslc\n");
#endif
    if (opt.formats)
        run_formats();
    else
        run_cases();
#ifdef VF_BENCH_HAVE_PEER
    vk_peer_destroy(peer);
#endif
    teardown_threads();
    if (opt.json)
        printf("\n  ]\n}\n");
    if (num_failures) {
        fprintf(stderr, "vfetch-bench: %u path%s failed or differed from the scalar path\n",
                num_failures, num_failures == 1 ? "" : "s");
        return 1;
    }
    return 0;
}
