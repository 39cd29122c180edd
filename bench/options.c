/*
 * options.c - vfetch-bench's command line: the usage text, each option
 * read and checked, and the defaults of what it leaves unset.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "sysinfo.h"

/* ------------------------------------------------------------------------ */
/* Options                                                                    */
/* ------------------------------------------------------------------------ */

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
          "  --vertices N         vertex positions of streaming cases (default: 8x the\n"
          "                       LLC of records, at least 8M positions; --quick: 4x,\n"
          "                       capped at 64 MiB of records or 1M positions, if more)\n"
          "  --llc BYTES          the last-level cache size streaming sizes are planned\n"
          "                       from (default: what the system reports; K, M, G suffixes)\n"
          "  --plan               print the plan (cases, sizes, an estimate) and exit\n"
          "  --no-progress        no progress line (drawn on stderr only while the table\n"
          "                       goes to a terminal)\n"
          "  --chunk N            positions per range of the chunked shape (default:\n"
          "                       the records that fill half the L2)\n"
          "  --min-time S         seconds each repetition lasts at least\n"
          "  --output SHAPE       aos, soa4, soa8 or soa16 records (default aos)\n"
          "  --peer NAME          also run the draws through Vulkan: lavapipe (the CPU\n"
          "                       device), gpu (the first discrete, else integrated GPU)\n"
          "                       or a device whose name contains NAME (any case);\n"
          "                       --peer list prints the devices and exits\n"
          "  --peer-mode MODE     auto (default), host or device: how the peer places its\n"
          "                       buffers and times its draws (below)\n"
          "  --peer-split BYTES   the most bytes of records one peer draw writes (default:\n"
          "                       the device's maxStorageBufferRange); a draw over it is\n"
          "                       split into several whose times are summed (K, M, G)\n"
          "  --jit LIST           on (default): layouts run generated code where they can;\n"
          "                       off: per-element kernels only; on,off: both, the\n"
          "                       per-element row named ISA-elem\n"
          "  --json               print JSON instead of tables\n"
          "  --csv                print CSV (one line per result) instead of tables\n"
          "  --list               list the cases and exit\n"
          "\n"
          "Paths: memcpy and memcpy-nt copy the draw's input and output bytes (plain\n"
          "and non-temporal stores); scalar, sse2, ... are vf_draw with the layout\n"
          "compiled for that ISA; lavapipe (the CPU device) or vk:NAME (another device)\n"
          "is the same draw through Vulkan, on the first thread count. The chunked\n"
          "shape fetches the draw with vf_fetch_range, range by range, into one buffer\n"
          "per thread that it reuses; its memcpy copies the same ranges into it.\n"
          "\n"
          "Timing: the paths of a case at one thread count run their repetitions in\n"
          "turn (round 1: every path once, round 2: ...), so the machine's slow\n"
          "spells fall on all of them alike; the Vulkan peer is timed on its own.\n"
          "Every ratio between two paths (of copy, vs scalar, a reuse row's x\n"
          "per-position) is the median over the rounds of that round's ratio.\n"
          "\n"
          "Columns: thr = threads working; Mvert/s = vertex positions per second (all\n"
          "instances), median of the repetitions, [min .. max] = slowest and fastest\n"
          "repetition; GB/s = (input bytes + output bytes) / time; of copy = time of\n"
          "the faster copy (memcpy or memcpy-nt) of the same bytes at the same thread\n"
          "count / this path's time: 1.00 is as fast as the fastest copy, above 1 is\n"
          "faster than it; vs scalar = scalar time / this path's time; check = ok when\n"
          "the output equals the scalar path's bit for bit, MISMATCH when not; for\n"
          "the peer, ok (1ulp: N) when the only differences are N UNORM/SNORM values\n"
          "one ulp from vfetch's (the driver's known rounding), MISMATCH otherwise.\n"
          "\n"
          "The peer's time: host mode (auto on lavapipe) has buffers in host memory and\n"
          "times vkQueueSubmit + the fence wait of one draw on the host, like every other\n"
          "path. Device mode (auto on a GPU) uploads the vertex and index buffers once\n"
          "to device-local memory, writes the records to device-local memory, and\n"
          "times N back-to-back draws in one command buffer with GPU timestamps\n"
          "(N so that they last --min-time), divided by N: the GPU's time of the draw\n"
          "alone, median of --reps, after half a second of the same draws to raise the\n"
          "GPU's clocks; the records are read back once, untimed, for the\n"
          "check. A GPU row's thr says gpu and its of copy is left empty (the CPU's\n"
          "copy is no bound on a GPU); vs scalar is still the CPU scalar time / its time.\n"
          "The exit status is 1 when a vfetch path's output differs from the scalar\n"
          "path's or a draw fails.\n",
          f);
}

static unsigned long parse_ulong(const char *s, const char *what)
{
    char *end;
    unsigned long v;

    errno = 0;
    v = strtoul(s, &end, 10);
    if (errno || end == s || *end != '\0' || s[0] == '-')
        bu_die(what, s);
    return v;
}

static void parse_isas(struct options *opt, const char *v)
{
    char buf[256];

    snprintf(buf, sizeof(buf), "%s", v);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        uint32_t isa;
        if (vf_isa_from_name(tok, &isa) != VF_OK || isa == VF_ISA_AUTO)
            bu_die("unknown ISA", tok);
        if (!vf_isa_available(isa))
            bu_die("ISA not available in this build or on this CPU", tok);
        opt->isa_mask |= 1u << isa;
    }
}

static void parse_threads(struct options *opt, const char *v)
{
    char buf[256];

    snprintf(buf, sizeof(buf), "%s", v);
    opt->num_threads = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        unsigned long t = parse_ulong(tok, "bad thread count");
        if (t < 1 || t > MAX_TEAM)
            bu_die("thread count out of range 1..256", tok);
        if (opt->num_threads == MAX_THREAD_COUNTS)
            bu_die("too many thread counts", v);
        opt->threads[opt->num_threads++] = (unsigned)t;
    }
    opt->threads_given = 1;
}

/* A size in bytes with an optional K, M or G suffix (binary), 1 KiB..1 TiB. */
static uint64_t parse_bytes(const char *s, const char *what)
{
    char *end;
    unsigned long long v;

    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno || end == s || s[0] == '-')
        bu_die(what, s);
    unsigned shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
    if ((shift && end[1] != '\0') || (!shift && *end != '\0') || v > (1ull << 40) >> shift ||
        (v << shift) < 1024)
        bu_die(what, s);
    return (uint64_t)v << shift;
}

/* A word an option takes, and the value it stands for. */
struct choice {
    const char *word;
    int value;
};

/* The value of word v among the n choices; exits with `what` when v is
 * none of them. */
static int parse_choice(const struct choice *choices, size_t n, const char *v, const char *what)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(v, choices[i].word) == 0)
            return choices[i].value;
    bu_die(what, v);
}

/* Bit 0 in-cache, bit 1 streaming. */
static const struct choice size_choices[] = {
    { "in-cache", 1 }, { "streaming", 2 }, { "both", 3 },
};

static const struct choice output_choices[] = {
    { "aos", VF_OUTPUT_AOS }, { "soa4", VF_OUTPUT_SOA4 },
    { "soa8", VF_OUTPUT_SOA8 }, { "soa16", VF_OUTPUT_SOA16 },
};

/* --jit: bit 0 the layouts' own path, bit 1 a per-element row beside it. */
static const struct choice jit_choices[] = {
    { "on", 1 }, { "off", 2 }, { "on,off", 3 }, { "off,on", 3 },
};

/* The values are enum vk_peer_mode's (vk_peer.h). */
static const struct choice peer_mode_choices[] = {
    { "auto", 0 }, { "host", 1 }, { "device", 2 },
};

#define CHOICES(a) (a), sizeof(a) / sizeof((a)[0])

static int takes_value(const char *a)
{
    static const char *const names[] = {
        "--case", "--isa", "--threads", "--reps", "--size", "--vertices", "--chunk",
        "--min-time", "--output", "--peer", "--peer-mode", "--jit", "--llc", "--peer-split",
    };

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strcmp(a, names[i]) == 0)
            return 1;
    return 0;
}

/* An option that takes a value: 1 when `a` was one, 0 when not. */
static int parse_valued(struct options *opt, const char *a, const char *v)
{
    if (strcmp(a, "--case") == 0) {
        opt->cases = v;
    } else if (strcmp(a, "--isa") == 0) {
        parse_isas(opt, v);
    } else if (strcmp(a, "--threads") == 0) {
        parse_threads(opt, v);
    } else if (strcmp(a, "--reps") == 0) {
        unsigned long r = parse_ulong(v, "bad repetition count");
        if (r < 1 || r > MAX_REPS)
            bu_die("repetitions out of range 1..1000", v);
        opt->reps = (unsigned)r;
    } else if (strcmp(a, "--size") == 0) {
        opt->sizes = parse_choice(CHOICES(size_choices), v,
                                  "--size takes in-cache, streaming or both");
        opt->sizes_given = 1;
    } else if (strcmp(a, "--vertices") == 0) {
        unsigned long n = parse_ulong(v, "bad vertex count");
        if (n < 64 || n > (1ul << 30))
            bu_die("vertex count out of range 64..2^30", v);
        opt->streaming_vertices = (uint32_t)n;
    } else if (strcmp(a, "--peer-split") == 0) {
        opt->peer_split = parse_bytes(v, "bad --peer-split size");
    } else if (strcmp(a, "--llc") == 0) {
        opt->llc_bytes = parse_bytes(v, "bad --llc size");
    } else if (strcmp(a, "--chunk") == 0) {
        unsigned long n = parse_ulong(v, "bad chunk size");
        if (n < 1 || n > (1ul << 24))
            bu_die("chunk size out of range 1..2^24", v);
        opt->chunk = (uint32_t)n;
    } else if (strcmp(a, "--jit") == 0) {
        opt->jit = parse_choice(CHOICES(jit_choices), v, "--jit takes on, off or on,off");
    } else if (strcmp(a, "--min-time") == 0) {
        char *end;
        opt->min_time = strtod(v, &end);
        if (*end != '\0' || !(opt->min_time >= 0.0 && opt->min_time <= 10.0))
            bu_die("bad --min-time", v);
    } else if (strcmp(a, "--output") == 0) {
        opt->output_shape = (uint32_t)parse_choice(CHOICES(output_choices), v,
                                                   "--output takes aos, soa4, soa8 or soa16");
    } else if (strcmp(a, "--peer") == 0) {
        if (v[0] == '\0')
            bu_die("--peer takes lavapipe, gpu, list or part of a device name", v);
        opt->peer = v;
    } else if (strcmp(a, "--peer-mode") == 0) {
        opt->peer_mode = parse_choice(CHOICES(peer_mode_choices), v,
                                      "--peer-mode takes auto, host or device");
    } else {
        return 0;
    }
    return 1;
}

/* What the options left unset. */
static void parse_defaults(struct options *opt)
{
    /* The quick format table has 47 rows: 5 ms repetitions keep it short. */
    if (opt->min_time == 0.0)
        opt->min_time = !opt->quick ? 0.05 : opt->formats ? 0.005 : 0.01;
    if (opt->jit == 0)
        opt->jit = 1;
    jit_options_apply(opt->jit);
    if (opt->isa_mask == 0) {
        for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++)
            if (vf_isa_available(isa))
                opt->isa_mask |= 1u << isa;
    }
    if (!opt->threads_given) {
        /* 1, 2, 4, ... and the CPU count; the format table is one thread. */
        unsigned cpus = sysinfo_cpu_count();
        opt->num_threads = 0;
        for (unsigned t = 1; t < cpus && opt->num_threads < MAX_THREAD_COUNTS - 1; t *= 2)
            opt->threads[opt->num_threads++] = t;
        opt->threads[opt->num_threads++] = cpus < MAX_TEAM ? cpus : MAX_TEAM;
        if (opt->formats)
            opt->num_threads = 1;
    }
    if (opt->llc_bytes == 0)
        opt->llc_bytes = sysinfo_llc_size();
    /* The format table is about decode cost: in-cache unless asked. */
    if (opt->formats && !opt->sizes_given)
        opt->sizes = 1;
}

void options_parse(struct options *opt, int argc, char **argv)
{
    opt->reps = 7;
    opt->sizes = 3;
    opt->in_cache_vertices = 4096;
    opt->output_shape = VF_OUTPUT_AOS;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--quick") == 0) {
            opt->quick = 1;
        } else if (strcmp(a, "--json") == 0) {
            opt->format = REPORT_JSON;
        } else if (strcmp(a, "--csv") == 0) {
            opt->format = REPORT_CSV;
        } else if (strcmp(a, "--formats") == 0) {
            opt->formats = 1;
        } else if (strcmp(a, "--plan") == 0) {
            opt->plan_only = 1;
        } else if (strcmp(a, "--no-progress") == 0) {
            opt->no_progress = 1;
        } else if (strcmp(a, "--list") == 0) {
            opt->list = 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (takes_value(a)) {
            if (i + 1 == argc)
                bu_die("missing value for", a);
            parse_valued(opt, a, argv[++i]);
        } else {
            usage(stderr);
            bu_die("unknown option", a);
        }
    }
    parse_defaults(opt);
}
