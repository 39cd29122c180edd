/*
 * vfetch - run Direct3D 12 input-assembler cases from the command line.
 *
 *   vfetch run CASE.json [-o FILE] [--output table|json|csv|raw|raw1] [--hex]
 *                        [--instances A..B] [--positions A..B] [--raw-version 1|2]
 *                        [--isa NAME] [--threads N] [--primitives]
 *   vfetch validate CASE.json
 *   vfetch formats [--json]
 *   vfetch compare CASE.json CAPTURED [--accept KINDS] [--known-deviations FILE]
 *                  [--output text|json] [--stride N] [--offset N] [--register NAME=OFF]
 *   vfetch demo [run options] [--case]
 *
 * Exit status: 0 success; 1 the case breaks a D3D rule (invalid input layout
 * or draw); 2 usage errors and malformed input (bad JSON, unknown names,
 * missing or short files, output too large). See vfetch(1).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"
#include "compare.h"
#include "output.h"
#include "vfetch.h"

#define EXIT_INVALID 1
#define EXIT_USAGE 2

/* The largest draw output the tool allocates. */
#define MAX_OUTPUT_SIZE ((size_t)1 << 30)

static const char *progname = "vfetch";

/* ------------------------------------------------------------------------ */
/* Help                                                                     */
/* ------------------------------------------------------------------------ */

static const char usage_main[] =
    "Usage: vfetch COMMAND [OPTIONS]\n"
    "\n"
    "Does on the CPU what the Direct3D 12 input assembler does before a vertex\n"
    "shader runs, for a draw described in a JSON case file.\n"
    "\n"
    "Commands:\n"
    "  run CASE.json     run the draw and print every vertex's shader inputs\n"
    "  validate CASE.json\n"
    "                    compile the input layout; print it, or every error\n"
    "  formats           list every DXGI format and its input-assembler support\n"
    "  compare CASE.json CAPTURED\n"
    "                    classify every difference between captured records and vfetch\n"
    "  demo              run a built-in indexed, instanced mesh (no files needed)\n"
    "  version           print the version and the fetch paths of this machine\n"
    "  help [COMMAND]    show help for a command\n"
    "\n"
    "Exit status: 0 success, 1 the case breaks a D3D12 rule, 2 bad usage or\n"
    "malformed input. See vfetch(1) for the case format.\n";

static const char usage_run[] =
    "Usage: vfetch run CASE.json [OPTIONS]\n"
    "\n"
    "Runs the draw of CASE.json ('-': standard input) and prints one record per\n"
    "vertex (index position) of every instance: the 4 register words of each\n"
    "input element, SV_VertexID, SV_InstanceID and whether the position was a\n"
    "strip cut.\n"
    "\n"
    "Options:\n"
    "  -o, --output-file FILE  write to FILE instead of standard output\n"
    "      --output FORMAT     table (default, for people), json (for scripts),\n"
    "                          csv (one line per record), raw (binary, version 2,\n"
    "                          see vfetch(1)) or raw1 (the version 1 layout)\n"
    "      --raw-version N     raw: write version N (1 or 2, the default)\n"
    "      --instances A..B    only instances A to B (or A alone) of the draw\n"
    "      --positions A..B    only vertex (index) positions A to B of each instance\n"
    "      --hex               table, csv: show every word as a 0x bit pattern\n"
    "      --primitives        also list the primitives the draw assembles, each\n"
    "                          as its vertices' positions, leading vertex first\n"
    "      --reuse             vertex reuse: each distinct vertex once per instance,\n"
    "                          then the map from positions to those records (table\n"
    "                          and json only; with --primitives, record numbers)\n"
    "      --isa NAME          force a fetch path: scalar, sse2, ssse3, sse41, avx2,\n"
    "                          avx512, neon (default: VFETCH_ISA, else the best\n"
    "                          available)\n"
    "      --threads N         split the draw over a pool of N threads (1..256)\n"
    "      --werror            treat warnings as errors: exit status 1, no records\n"
    "  -h, --help              show this help\n"
    "\n"
    "Integer formats print as integers, float formats as the shortest decimal that\n"
    "reads back to the same float (%.9g). Warnings about the draw (a slot with no\n"
    "buffer, a stride smaller than its elements, reads past a buffer, no index\n"
    "buffer) go to standard error, each naming the D3D12 debug layer's message\n"
    "ID; json output lists them under \"diagnostics\". Exit status 1 if the layout\n"
    "or the draw is invalid, 2 if the case is malformed.\n";

static const char usage_validate[] =
    "Usage: vfetch validate CASE.json [--werror]\n"
    "\n"
    "Compiles the input layout of CASE.json and prints the resolved layout (slot,\n"
    "resolved byte offset, format, class, step rate, component mapping and record\n"
    "register of every element) with exit status 0, or every error found with\n"
    "exit status 1. Also checks the draw: view offsets, strides, the index\n"
    "format and the strip-cut value (errors), and prints the draw's warnings on\n"
    "standard error, each naming the D3D12 debug layer's message ID.\n"
    "      --werror   treat warnings as errors: exit status 1\n"
    "Malformed cases give a one-line message and exit status 2.\n";

static const char usage_formats[] =
    "Usage: vfetch formats [--json]\n"
    "\n"
    "Lists every DXGI format: value, name, bytes per element, components, bits per\n"
    "component, component type, whether the input assembler reads it as vertex\n"
    "data (required, optional or no) and as index data.\n"
    "\n"
    "Options:\n"
    "      --json   print a JSON array instead of a table\n";

static const char usage_compare[] =
    "Usage: vfetch compare CASE.json CAPTURED [OPTIONS]\n"
    "\n"
    "Compares what another implementation (a GPU's vertex shader, say) received\n"
    "for the case with what vfetch computes, value by value, and classifies every\n"
    "difference per format and component: exact, 1ulp (UNORM/SNORM), nan (both\n"
    "NaN from a 16/11/10-bit float), snorm-min (SNORM minimum not clamped to -1),\n"
    "mismatch, sysval (SV_VertexID/SV_InstanceID), cut (strip cuts disagree).\n"
    "CAPTURED is a VFR raw file as 'vfetch run --output raw' writes it, or plain\n"
    "little-endian records laid out as the options say (strip-cut positions are\n"
    "then skipped).\n"
    "\n"
    "Options:\n"
    "      --output FORMAT     text (default) or json\n"
    "      --accept KINDS      accept these differences (comma list of kinds; 'd3d' =\n"
    "                          nan, which D3D allows)\n"
    "      --known-deviations FILE\n"
    "                          accept the differences FILE lists (see vfetch(1))\n"
    "      --device TEXT       the device the known deviations' globs are matched to\n"
    "      --register NAME=OFF plain records: register NAME (e.g. COLOR0) is at byte\n"
    "                          OFF of each record; repeat per register (default: the\n"
    "                          data registers in record order, 16 bytes apart)\n"
    "      --stride N          plain records: bytes per record (default 16 a register)\n"
    "      --offset N          plain records: bytes before the first record\n"
    "      --max-mismatches N  list the first N differences not accepted (default 10)\n"
    "\n"
    "Exit status: 0 equal or every difference accepted, 1 differences, 2 usage or\n"
    "malformed input (a capture too short or of another draw).\n";

static const char usage_demo[] =
    "Usage: vfetch demo [OPTIONS]\n"
    "\n"
    "Runs a built-in case: an indexed quad drawn twice (two instances) with\n"
    "POSITION R32G32B32_FLOAT, NORMAL R10G10B10A2_UNORM, TEXCOORD R16G16_FLOAT and\n"
    "COLOR R8G8B8A8_UNORM interleaved in slot 0, and a per-instance OFFSET\n"
    "R32G32_FLOAT in slot 1 (step rate 1).\n"
    "\n"
    "Options: those of 'vfetch run', and\n"
    "      --case   print the demo's JSON case instead of running it\n";

static const char usage_version[] =
    "Usage: vfetch version\n"
    "\n"
    "Prints the library version and every fetch path, marking those this machine\n"
    "can run and the one chosen by default.\n";

/* ------------------------------------------------------------------------ */
/* The demo case                                                            */
/* ------------------------------------------------------------------------ */

/*
 * Slot 0, 24-byte vertices: POSITION float3 @0, NORMAL 10:10:10:2 @12,
 * TEXCOORD half2 @16, COLOR rgba8 @20. The quad (-1,-1,0) (1,-1,0) (1,1,0)
 * (-1,1,0); normal (512,512,1023,3) -> (0.500488758, 0.500488758, 1, 1);
 * texcoords (0,0) (1,0) (1,1) (0,1) as halves 0x0000 / 0x3c00; colours red,
 * green, blue, white. Slot 1: per-instance float2 offsets (0,0) and (3,0.5).
 */
static const char demo_case[] =
    "{\n"
    "  \"Description\": \"vfetch demo: an indexed quad, two instances\",\n"
    "  \"InputLayout\": [\n"
    "    {\"SemanticName\": \"POSITION\", \"Format\": \"R32G32B32_FLOAT\", \"InputSlot\": 0,\n"
    "     \"AlignedByteOffset\": \"APPEND\", \"InputSlotClass\": \"PER_VERTEX_DATA\"},\n"
    "    {\"SemanticName\": \"NORMAL\", \"Format\": \"R10G10B10A2_UNORM\", \"InputSlot\": 0,\n"
    "     \"AlignedByteOffset\": \"APPEND\"},\n"
    "    {\"SemanticName\": \"TEXCOORD\", \"Format\": \"R16G16_FLOAT\", \"InputSlot\": 0,\n"
    "     \"AlignedByteOffset\": \"APPEND\"},\n"
    "    {\"SemanticName\": \"COLOR\", \"Format\": \"R8G8B8A8_UNORM\", \"InputSlot\": 0,\n"
    "     \"AlignedByteOffset\": \"APPEND\"},\n"
    "    {\"SemanticName\": \"OFFSET\", \"Format\": \"R32G32_FLOAT\", \"InputSlot\": 1,\n"
    "     \"AlignedByteOffset\": 0, \"InputSlotClass\": \"PER_INSTANCE_DATA\",\n"
    "     \"InstanceDataStepRate\": 1}\n"
    "  ],\n"
    "  \"VertexBuffers\": [\n"
    "    {\"Slot\": 0, \"StrideInBytes\": 24, \"Hex\": [\n"
    "      \"000080bf 000080bf 00000000  0002f8ff  00000000  ff0000ff\",\n"
    "      \"0000803f 000080bf 00000000  0002f8ff  003c0000  00ff00ff\",\n"
    "      \"0000803f 0000803f 00000000  0002f8ff  003c003c  0000ffff\",\n"
    "      \"000080bf 0000803f 00000000  0002f8ff  0000003c  ffffffff\"]},\n"
    "    {\"Slot\": 1, \"StrideInBytes\": 8, \"Hex\": \"00000000 00000000  00004040 0000003f\"}\n"
    "  ],\n"
    "  \"IndexBuffer\": {\"Format\": \"R16_UINT\", \"Hex\": \"0000 0100 0200  0000 0200 0300\"},\n"
    "  \"PrimitiveTopology\": \"TRIANGLELIST\",\n"
    "  \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 6, \"InstanceCount\": 2,\n"
    "           \"StartIndexLocation\": 0, \"BaseVertexLocation\": 0,\n"
    "           \"StartInstanceLocation\": 0}}\n"
    "}\n";

/* ------------------------------------------------------------------------ */
/* Options                                                                  */
/* ------------------------------------------------------------------------ */

/* An inclusive range A..B of --instances or --positions; set: given. */
struct range {
    int set;
    uint32_t first, last;
};

struct options {
    const char *case_path;
    const char *output_file;
    enum vf_output_kind output;
    int hex;
    int json;
    int print_case;
    const char *isa;
    uint32_t threads;
    int primitives;
    int reuse;
    int werror;
    struct range instances, positions;
};

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static void error(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", progname);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", progname);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see '%s %s --help')\n", progname, command);
    return EXIT_USAGE;
}

/* Option words each command accepts. */
#define OPT_CASE 0x01    /* one positional CASE.json */
#define OPT_RUN 0x02     /* -o, --output, --hex, --isa, --threads */
#define OPT_JSON 0x04    /* --json */
#define OPT_DEMO 0x08    /* --case */

/* Returns -1 to go on, or an exit status (help printed, or a usage error). */
/* "A..B" or "A" (decimal, A <= B): 0, or -1. */
static int parse_range(const char *s, struct range *rg)
{
    char *end;
    unsigned long long a, b;

    if (s[0] < '0' || s[0] > '9')
        return -1;
    errno = 0;
    a = strtoull(s, &end, 10);
    b = a;
    if (strncmp(end, "..", 2) == 0) {
        const char *t = end + 2;
        if (t[0] < '0' || t[0] > '9')
            return -1;
        b = strtoull(t, &end, 10);
    }
    if (*end != '\0' || errno != 0 || a > UINT32_MAX || b > UINT32_MAX || a > b)
        return -1;
    rg->set = 1;
    rg->first = (uint32_t)a;
    rg->last = (uint32_t)b;
    return 0;
}

static int parse_options(const char *command, const char *help, unsigned allowed, int argc,
                         char **argv, struct options *o)
{
    int raw_version = 0;

    memset(o, 0, sizeof(*o));
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        size_t nlen;

        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(help, stdout);
            return 0;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0) {
            if (!(allowed & OPT_CASE) || o->case_path != NULL)
                return usage_error(command, "unexpected argument '%s'", a);
            o->case_path = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            if ((allowed & OPT_CASE) && o->case_path == NULL && i + 1 < argc) {
                o->case_path = argv[++i];
                if (i + 1 == argc)
                    continue;
            }
            if (i + 1 < argc)
                return usage_error(command, "unexpected argument '%s'", argv[i + 1]);
            break;
        }
        /* --name=value or --name value */
        nlen = strcspn(a, "=");
        if (a[nlen] == '=')
            val = a + nlen + 1;
#define IS(name) (strlen(name) == nlen && strncmp(a, name, nlen) == 0)
#define VALUE()                                                                         \
    do {                                                                                \
        if (val == NULL) {                                                              \
            if (i + 1 >= argc)                                                          \
                return usage_error(command, "option '%s' needs a value", a);            \
            val = argv[++i];                                                            \
        }                                                                               \
    } while (0)
        if ((allowed & OPT_RUN) && (IS("-o") || IS("--output-file"))) {
            VALUE();
            o->output_file = val;
        } else if ((allowed & OPT_RUN) && IS("--output")) {
            VALUE();
            if (strcmp(val, "table") == 0)
                o->output = VF_OUTPUT_TABLE;
            else if (strcmp(val, "json") == 0)
                o->output = VF_OUTPUT_JSON;
            else if (strcmp(val, "csv") == 0)
                o->output = VF_OUTPUT_CSV;
            else if (strcmp(val, "raw") == 0)
                o->output = o->output == VF_OUTPUT_RAW1 ? VF_OUTPUT_RAW1 : VF_OUTPUT_RAW;
            else if (strcmp(val, "raw1") == 0)
                o->output = VF_OUTPUT_RAW1;
            else
                return usage_error(command, "unknown output format '%s' (table, json, csv, raw, "
                                            "raw1)", val);
        } else if ((allowed & OPT_RUN) && IS("--raw-version")) {
            VALUE();
            if (strcmp(val, "1") != 0 && strcmp(val, "2") != 0)
                return usage_error(command, "--raw-version is 1 or 2, not '%s'", val);
            raw_version = val[0] - '0';
        } else if ((allowed & OPT_RUN) && (IS("--instances") || IS("--positions"))) {
            struct range *rg = IS("--instances") ? &o->instances : &o->positions;
            VALUE();
            if (parse_range(val, rg) != 0)
                return usage_error(command, "%.*s needs a range FIRST..LAST (or one number), "
                                            "not '%s'", (int)nlen, a, val);
        } else if ((allowed & OPT_RUN) && IS("--hex") && val == NULL) {
            o->hex = 1;
        } else if ((allowed & OPT_RUN) && IS("--primitives") && val == NULL) {
            o->primitives = 1;
        } else if ((allowed & OPT_RUN) && IS("--reuse") && val == NULL) {
            o->reuse = 1;
        } else if ((allowed & OPT_RUN) && IS("--isa")) {
            VALUE();
            o->isa = val;
        } else if ((allowed & OPT_RUN) && IS("--threads")) {
            char *end;
            unsigned long n;
            VALUE();
            errno = 0;
            n = strtoul(val, &end, 10);
            if (val[0] < '0' || val[0] > '9' || *end != '\0' || errno != 0 || n < 1 || n > 256)
                return usage_error(command, "--threads needs a number from 1 to 256, not '%s'",
                                   val);
            o->threads = (uint32_t)n;
        } else if ((allowed & OPT_CASE) && IS("--werror") && val == NULL) {
            o->werror = 1;
        } else if ((allowed & OPT_JSON) && IS("--json") && val == NULL) {
            o->json = 1;
        } else if ((allowed & OPT_DEMO) && IS("--case") && val == NULL) {
            o->print_case = 1;
        } else {
            return usage_error(command, "unknown option '%s'", a);
        }
#undef IS
#undef VALUE
    }
    if ((allowed & OPT_CASE) && o->case_path == NULL)
        return usage_error(command, "%s needs a case file (CASE.json)", command);
    if (raw_version != 0 && o->output != VF_OUTPUT_RAW && o->output != VF_OUTPUT_RAW1)
        return usage_error(command, "--raw-version goes with --output raw");
    if (raw_version == 1)
        o->output = VF_OUTPUT_RAW1;
    if (o->primitives && o->output != VF_OUTPUT_TABLE && o->output != VF_OUTPUT_JSON)
        return usage_error(command, "--primitives prints with table or json output, not %s",
                           o->output == VF_OUTPUT_CSV ? "csv" : "raw");
    if (o->reuse && o->output != VF_OUTPUT_TABLE && o->output != VF_OUTPUT_JSON)
        return usage_error(command, "--reuse prints with table or json output");
    if (o->reuse && (o->instances.set || o->positions.set))
        return usage_error(command, "--reuse prints the whole draw: no --instances or "
                                    "--positions");
    if (o->output == VF_OUTPUT_RAW1 && (o->instances.set || o->positions.set))
        return usage_error(command, "raw version 1 holds the whole draw: --instances and "
                                    "--positions need raw version 2");
    return -1;
}

/* The ISA asked for by --isa or VFETCH_ISA; an unknown or unavailable one is
 * an error naming the ones this machine has. */
static int resolve_isa(const char *name, uint32_t *isa_ret)
{
    const char *from = "--isa";
    uint32_t isa;
    char avail[128] = "";

    *isa_ret = VF_ISA_AUTO;
    if (name == NULL) {
        name = getenv("VFETCH_ISA");
        from = "VFETCH_ISA";
        if (name == NULL || name[0] == '\0')
            return 0;
    }
    for (uint32_t i = VF_ISA_SCALAR; i < VF_ISA_COUNT; i++) {
        if (vf_isa_available(i) && vf_isa_name(i) != NULL) {
            strncat(avail, " ", sizeof(avail) - strlen(avail) - 1);
            strncat(avail, vf_isa_name(i), sizeof(avail) - strlen(avail) - 1);
        }
    }
    if (vf_isa_from_name(name, &isa) != VF_OK) {
        error("%s: unknown instruction set '%s'; available here:%s", from, name, avail);
        return EXIT_USAGE;
    }
    if (isa != VF_ISA_AUTO && !vf_isa_available(isa)) {
        error("%s: instruction set '%s' is not available on this machine; available here:%s",
              from, name, avail);
        return EXIT_USAGE;
    }
    *isa_ret = isa;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Running a case                                                           */
/* ------------------------------------------------------------------------ */

static void print_diagnostics(FILE *f, const char *name, const vf_diagnostics *diag,
                              int errors, int d3d11_ids)
{
    for (uint32_t i = 0; i < diag->count; i++) {
        const vf_diagnostic *d = &diag->entries[i];
        const char *id = d3d11_ids ? vf_output_message_id(d->code, 1, NULL) : NULL;
        char msg[VF_DIAGNOSTIC_MESSAGE_SIZE];
        if ((d->severity == VF_SEVERITY_ERROR) != errors)
            continue;
        /* Messages quote semantic names from the case: one printable line. */
        memcpy(msg, d->message, sizeof(msg));
        msg[sizeof(msg) - 1] = '\0';
        for (char *p = msg; *p != '\0'; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7f)
                *p = '?';
        fprintf(f, "%s: %s: %s%s%s [%s, code %d]\n", name,
                d->severity == VF_SEVERITY_ERROR ? "error" : "warning", id ? id : "",
                id ? ": " : "", msg, vf_result_string(d->code), (int)d->code);
    }
    if (errors && diag->num_dropped)
        fprintf(f, "%s: ... and %u more not shown\n", name, diag->num_dropped);
}

/* The case's layout, and for a D3D11 case its buffers and bindings: every
 * message printed to errf; warnings counted into *warnings_ret; a D3D11
 * case's binding diagnostics copied to *bind_ret (may be NULL). */
static int compile_layout(const char *name, const struct vf_case *c, uint32_t isa,
                          vf_layout **layout_ret, FILE *errf, uint32_t *warnings_ret,
                          vf_diagnostics *bind_ret)
{
    vf_layout_options options;
    vf_diagnostics *diag = calloc(1, sizeof(*diag));
    uint32_t warnings;
    vf_result res;

    if (diag == NULL) {
        error("%s: out of memory", name);
        return EXIT_USAGE;
    }
    vf_case_layout_options(c, &options);
    options.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    options.isa = isa;
    res = vf_layout_create(c->elements, c->num_elements, &options, layout_ret, diag);
    if (res != VF_OK) {
        if (diag->num_errors == 0)
            fprintf(errf, "%s: error: %s [code %d]\n", name, vf_result_string(res), (int)res);
        print_diagnostics(errf, name, diag, 1, 0);
        print_diagnostics(errf, name, diag, 0, 0);
        free(diag);
        return EXIT_INVALID;
    }
    print_diagnostics(errf, name, diag, 0, 0);
    warnings = diag->num_warnings;
    /* A D3D11 case: its buffers, bindings and draw, by the D3D11 calls. */
    memset(diag, 0, sizeof(*diag));
    /* Named by the D3D11 debug layer's message IDs, where they have one. */
    res = vf_case_bind(c, *layout_ret, diag);
    print_diagnostics(errf, name, diag, 1, 1);
    print_diagnostics(errf, name, diag, 0, 1);
    if (warnings_ret)
        *warnings_ret = warnings + diag->num_warnings;
    if (bind_ret && c->d3d11)
        *bind_ret = *diag;
    free(diag);
    return res == VF_OK ? 0 : EXIT_INVALID;
}

/* The draw's diagnostics, one line each, naming the D3D12 debug layer's
 * message ID where it has one: "NAME: warning: ID: message [code N]". */
static void print_draw_diagnostics(FILE *f, const char *name, const vf_diagnostics *diag,
                                   int errors)
{
    for (uint32_t i = 0; i < diag->count; i++) {
        const vf_diagnostic *d = &diag->entries[i];
        const char *id = vf_output_message_id(d->code, 0, NULL);
        char msg[VF_DIAGNOSTIC_MESSAGE_SIZE];
        if ((d->severity == VF_SEVERITY_ERROR) != errors)
            continue;
        memcpy(msg, d->message, sizeof(msg));
        msg[sizeof(msg) - 1] = '\0';
        for (char *p = msg; *p != '\0'; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7f)
                *p = '?';
        fprintf(f, "%s: %s: %s%s%s [code %d]\n", name,
                d->severity == VF_SEVERITY_ERROR ? "error" : "warning", id ? id : "",
                id ? ": " : "", msg, (int)d->code);
    }
    if (diag->num_dropped)
        fprintf(f, "%s: ... and %u more not shown\n", name, diag->num_dropped);
}

/* --werror: warnings found make the case fail. */
static int werror_status(const char *name, FILE *f, uint32_t warnings)
{
    if (warnings == 0)
        return 0;
    fprintf(f, "%s: error: %u warning%s treated as error%s (--werror)\n", name, warnings,
            warnings == 1 ? "" : "s", warnings == 1 ? "" : "s");
    return EXIT_INVALID;
}

/* D3D12 also wants each view's start aligned like its elements (rules
 * §3.2) and the index view aligned to the index size (§5.1). The case's
 * Offset stands for the view start, so it is checked here: the library
 * only ever sees the copied bytes. */
static int check_view_offsets(const char *name, const struct vf_case *c,
                              const vf_layout *layout, FILE *errf)
{
    uint32_t align[VF_MAX_INPUT_SLOTS] = { 0 };
    uint32_t n = vf_layout_element_count(layout);
    int bad = 0;

    for (uint32_t i = 0; i < n; i++) {
        vf_layout_element_info e;
        const vf_format_desc *d;
        uint32_t a;
        if (vf_layout_element(layout, i, &e) != VF_OK || e.input_slot >= VF_MAX_INPUT_SLOTS)
            continue;
        d = vf_format_info(e.format);
        if (d == NULL || d->bytes == 0)
            continue;
        a = d->bytes < 4 ? d->bytes : 4;
        if (a > align[e.input_slot])
            align[e.input_slot] = a;
    }
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++) {
        const struct vf_case_buffer *b = &c->vb[s];
        if (b->bound && align[s] > 1 && b->offset % align[s] != 0) {
            fprintf(errf, "%s: error: slot %u: view Offset %u is not a multiple of %u, the "
                          "alignment of the slot's elements\n", name, s, b->offset, align[s]);
            bad = 1;
        }
    }
    if (c->draw.indexed && c->ib.bound) {
        uint32_t a = c->ib.format == VF_FORMAT_R32_UINT ? 4 : 2;
        if (c->ib.offset % a != 0) {
            fprintf(errf, "%s: error: IndexBuffer: view Offset %u is not a multiple of the "
                          "index size %u\n", name, c->ib.offset, a);
            bad = 1;
        }
    }
    return bad ? EXIT_INVALID : 0;
}

/* Which part of the draw a vf_draw error is about, for the message. */
static const char *draw_error_hint(const struct vf_case *c, vf_result res)
{
    /* Each form names the keys its cases use: a D3D11 case sets its views
     * with IASetVertexBuffers / IASetIndexBuffer (case_d3d11.c), and has no
     * cut value or slot-count key (it cuts at its index format's largest
     * value; FeatureLevel sets the slots). */
    static const struct {
        vf_result code;
        const char *d3d12, *d3d11;
    } hints[] = {
        { VF_ERROR_INVALID_INDEX_FORMAT, " (IndexBuffer.Format: R16_UINT or R32_UINT)",
          " (IASetIndexBuffer.Format: R16_UINT or R32_UINT)" },
        { VF_ERROR_STRIP_CUT_MISMATCH,
          " (IBStripCutValue 0xFFFF goes with R16_UINT indices, 0xFFFFFFFF with R32_UINT)",
          " (IASetIndexBuffer.Format: D3D11 cuts at its largest index)" },
        { VF_ERROR_INVALID_STRIP_CUT_VALUE, " (IBStripCutValue)",
          " (IASetIndexBuffer.Format: D3D11 cuts at its largest index)" },
        { VF_ERROR_INVALID_TOPOLOGY, " (PrimitiveTopology)", " (PrimitiveTopology)" },
        { VF_ERROR_STRIDE_TOO_LARGE, " (VertexBuffers[].StrideInBytes: at most 2048)",
          " (IASetVertexBuffers Strides[]: at most 2048)" },
        { VF_ERROR_MISALIGNED_STRIDE,
          " (VertexBuffers[].StrideInBytes must be a multiple of the slot's element alignment)",
          " (IASetVertexBuffers Strides[] must be a multiple of the slot's element "
          "alignment)" },
        { VF_ERROR_TOO_MANY_BUFFERS, " (a VertexBuffers slot past MaxInputSlots)",
          " (an IASetVertexBuffers slot past the FeatureLevel's input slots)" },
    };
    for (size_t i = 0; i < sizeof(hints) / sizeof(hints[0]); i++)
        if (hints[i].code == res)
            return c->api == VF_CASE_API_D3D11 ? hints[i].d3d11 : hints[i].d3d12;
    return "";
}

/* The primitive list of one instance of the draw (every instance has the
 * same), for --primitives. The draw has been validated already. */
static int list_primitives(const char *name, const struct vf_case *c, const vf_draw_desc *desc,
                           uint32_t **prims_ret, struct vf_primitive_list *list)
{
    uint32_t count, vpp, written;
    vf_result res = vf_case_primitive_count(c, desc, &count, &vpp);
    if (res != VF_OK) {
        error("%s: primitives: %s", name, vf_result_string(res));
        return EXIT_INVALID;
    }
    size_t words = (size_t)count * vpp;
    uint32_t *prims = malloc(words ? words * sizeof(uint32_t) : 1);
    if (prims == NULL) {
        error("%s: out of memory for %u primitives", name, count);
        return EXIT_USAGE;
    }
    res = vf_case_draw_primitives(c, desc, 0, prims, words, &written);
    if (res != VF_OK || written != count) {
        error("%s: primitives: %s", name, vf_result_string(res));
        free(prims);
        return EXIT_INVALID;
    }
    *prims_ret = prims;
    list->v = prims;
    list->count = count;
    list->vertices = vpp;
    return 0;
}

/* The map and record count of a vertex-reuse draw (--reuse). */
struct reuse_result {
    uint32_t *map;   /* a word per position, VF_REUSE_CUT for a cut */
    uint32_t unique; /* records per instance */
};

/* vf_draw_reuse into `out` (sized for one record per position) with
 * scratch and a map allocated here; the map goes to *rr. */
static vf_result draw_reuse(const vf_layout *layout, const vf_draw_desc *desc, void *out,
                            size_t size, struct reuse_result *rr)
{
    size_t scratch_size = 0;
    vf_result res = vf_draw_reuse_scratch_size(layout, desc, &scratch_size);
    if (res != VF_OK)
        return res;
    void *scratch = calloc(1, scratch_size ? scratch_size : 4); /* zeroed: see vf_draw_reuse */
    rr->map = malloc((size_t)desc->vertex_count_per_instance * 4 + 4);
    if (scratch == NULL || rr->map == NULL) {
        free(scratch);
        return VF_ERROR_OUT_OF_MEMORY;
    }
    res = vf_draw_reuse(layout, desc, scratch, scratch_size, out, size, rr->map,
                        desc->vertex_count_per_instance, &rr->unique);
    free(scratch);
    return res;
}

/* Compiles the layout and runs the draw of `c` into a new 16-byte aligned
 * buffer (*out_ret, free with free()); 0 or an exit status after a message.
 * With `diag`, the draw's diagnostics go there and its warnings to standard
 * error, and *warnings_ret counts the layout's and the draw's warnings.
 * With `rr`, the draw is a vertex-reuse draw. */
static int draw_reference(const char *name, const struct vf_case *c, uint32_t isa,
                          uint32_t threads, vf_layout **layout_ret, uint32_t **out_ret,
                          vf_diagnostics *diag, uint32_t *warnings_ret,
                          struct reuse_result *rr)
{
    vf_thread_pool *pool = NULL;
    vf_draw_desc desc;
    size_t size = 0;
    void *out = NULL;
    vf_result res;
    int rc;

    *out_ret = NULL;
    /* A D3D11 case's diagnostics are its bindings' (the draw-time checks
     * among them): in diag for --output json, printed and counted here. */
    rc = compile_layout(name, c, isa, layout_ret, stderr, warnings_ret, diag);
    if (rc != 0)
        return rc;
    rc = check_view_offsets(name, c, *layout_ret, stderr);
    if (rc != 0)
        return rc;
    res = vf_draw_output_size(*layout_ret, c->draw.vertex_count_per_instance,
                              c->draw.instance_count, &size);
    if (res != VF_OK || size > MAX_OUTPUT_SIZE) {
        error("%s: Draw: %u x %u records of %zu bytes is more than the 1 GiB this tool "
              "allocates", name, c->draw.vertex_count_per_instance, c->draw.instance_count,
              vf_layout_record_size(*layout_ret));
        return EXIT_USAGE;
    }
    /* Records are 16-byte aligned; aligned_alloc wants a multiple of 16. */
    out = aligned_alloc(16, size ? (size + 15) & ~(size_t)15 : 16);
    if (out == NULL) {
        error("%s: out of memory for %zu bytes of output", name, size);
        return EXIT_USAGE;
    }
    if (threads != 0) {
        res = vf_thread_pool_create(threads, &pool);
        if (res != VF_OK) {
            error("%s: cannot start %u threads: %s", name, threads, vf_result_string(res));
            free(out);
            return EXIT_USAGE;
        }
    }
    vf_case_draw_desc(c, &desc);
    desc.pool = pool;
    /* D3D11 cases draw through the D3D11 calls, which report their own
     * checks when the case is bound. A reuse draw gets vf_draw's
     * diagnostics from vf_draw_check first; for a D3D11 case it draws the
     * desc the bound state prepared (its list cuts included). */
    if (rr) {
        if ((res = vf_draw_check(*layout_ret, &desc, 0, diag)) == VF_OK)
            res = draw_reuse(*layout_ret, &desc, out, size, rr);
    } else if (c->d3d11) {
        res = vf_case_draw(c, *layout_ret, &desc, out, size);
    } else {
        res = vf_draw_ex(*layout_ret, &desc, out, size, diag);
    }
    vf_thread_pool_destroy(pool);
    if (res != VF_OK) {
        fprintf(stderr, "%s: error: invalid draw: %s [code %d]%s\n", name, vf_result_string(res),
                (int)res, draw_error_hint(c, res));
        if (diag)
            print_draw_diagnostics(stderr, name, diag, 1);
        free(out);
        return EXIT_INVALID;
    }
    /* A D3D11 draw's warnings were printed and counted with its bindings. */
    if (diag && !c->d3d11) {
        print_draw_diagnostics(stderr, name, diag, 0);
        if (warnings_ret)
            *warnings_ret += diag->num_warnings;
    }
    *out_ret = out;
    return 0;
}

/* The records --instances and --positions select (all by default); an
 * exit status when a range goes past the draw. */
static int select_records(const char *name, const struct vf_case *c, const struct options *o,
                          struct vf_selection *sel)
{
    const struct range *rg[2] = { &o->instances, &o->positions };
    uint32_t count[2] = { c->draw.instance_count, c->draw.vertex_count_per_instance };
    uint32_t *first[2] = { &sel->first_instance, &sel->first_position };
    uint32_t *num[2] = { &sel->num_instances, &sel->num_positions };

    for (int k = 0; k < 2; k++) {
        const char *what = k ? (c->draw.indexed ? "index positions" : "vertex positions")
                             : "instances";
        *first[k] = 0;
        *num[k] = count[k];
        if (!rg[k]->set)
            continue;
        if (rg[k]->last >= count[k]) {
            if (count[k] == 0)
                error("%s: %s %u..%u: the draw has no %s", name, k ? "--positions" : "--instances",
                      rg[k]->first, rg[k]->last, what);
            else
                error("%s: %s %u..%u is outside the draw, which has %u %s (0..%u)", name,
                      k ? "--positions" : "--instances", rg[k]->first, rg[k]->last, count[k],
                      what, count[k] - 1);
            return EXIT_USAGE;
        }
        *first[k] = rg[k]->first;
        *num[k] = rg[k]->last - rg[k]->first + 1;
    }
    return 0;
}


static int run_case(const char *name, const struct vf_case *c, const struct options *o)
{
    vf_layout *layout = NULL;
    struct vf_records rec;
    uint32_t isa;
    uint32_t *out = NULL;
    uint32_t *prims = NULL;
    struct vf_primitive_list plist;
    struct vf_selection sel;
    struct vf_output_options oo;
    struct reuse_result rr = { NULL, 0 };
    struct vf_remap remap;
    vf_diagnostics *diag = NULL;
    uint32_t warnings = 0;
    FILE *f = stdout;
    int rc;

    rc = resolve_isa(o->isa, &isa);
    if (rc == 0)
        rc = select_records(name, c, o, &sel);
    if (rc != 0)
        return rc;
    diag = calloc(1, sizeof(*diag));
    if (diag == NULL) {
        error("%s: out of memory", name);
        return EXIT_USAGE;
    }
    rc = draw_reference(name, c, isa, o->threads, &layout, &out, diag, &warnings,
                        o->reuse ? &rr : NULL);
    if (rc == 0 && o->werror)
        rc = werror_status(name, stderr, warnings);
    if (rc != 0)
        goto done;
    if (o->primitives) {
        vf_draw_desc desc;
        vf_case_draw_desc(c, &desc);
        rc = list_primitives(name, c, &desc, &prims, &plist);
        if (rc != 0)
            goto done;
        /* Primitives never name a cut, so every vertex has a record. */
        if (o->reuse && vf_reuse_remap_list(rr.map, c->draw.vertex_count_per_instance, prims,
                                            (size_t)plist.count * plist.vertices) != VF_OK) {
            error("%s: primitives: a vertex without a record", name);
            rc = EXIT_INVALID;
            goto done;
        }
    }

    if (o->output_file != NULL) {
        f = fopen(o->output_file, o->output >= VF_OUTPUT_RAW ? "wb" : "w");
        if (f == NULL) {
            error("%s: %s", o->output_file, strerror(errno));
            rc = EXIT_USAGE;
            goto done;
        }
    }
    rec.c = c;
    rec.layout = layout;
    rec.words = out;
    rec.vertices = o->reuse ? rr.unique : c->draw.vertex_count_per_instance;
    rec.instances = c->draw.instance_count;
    rec.registers = vf_layout_register_count(layout);
    remap.map = rr.map;
    remap.positions = c->draw.vertex_count_per_instance;
    oo.remap = o->reuse ? &remap : NULL;
    oo.hex = o->hex;
    oo.prims = prims ? &plist : NULL;
    oo.sel = o->instances.set || o->positions.set ? &sel : NULL;
    oo.diag = diag;
    oo.d3d11_ids = c->d3d11 != NULL;
    rc = vf_output_records(f, &rec, o->output, &oo);
    if (fflush(f) != 0)
        rc = -1;
    if (rc != 0) {
        error("%s: write error: %s", o->output_file ? o->output_file : "standard output",
              strerror(errno));
        rc = EXIT_USAGE;
    }
    if (f != stdout && fclose(f) != 0 && rc == 0) {
        error("%s: write error: %s", o->output_file, strerror(errno));
        rc = EXIT_USAGE;
    }
done:
    free(diag);
    free(prims);
    free(rr.map);
    free(out);
    vf_layout_destroy(layout);
    return rc;
}

/* The case named `path`, or read from standard input for "-" (its files
 * then relative to the current directory). */
static int load(const char *path, struct vf_case *c)
{
    char err[512];
    int rc;

    if (strcmp(path, "-") == 0) {
        size_t size = 0, cap = 4096;
        char *text = malloc(cap), *nt;
        size_t got;

        while (text != NULL && (got = fread(text + size, 1, cap - size, stdin)) > 0) {
            size += got;
            if (size == cap) {
                if (cap >= VF_CASE_MAX_DATA_SIZE) {
                    free(text);
                    error("-: the case is larger than 1 GiB");
                    return EXIT_USAGE;
                }
                nt = realloc(text, cap * 2);
                if (nt == NULL)
                    free(text);
                text = nt;
                cap *= 2;
            }
        }
        if (text == NULL || ferror(stdin)) {
            free(text);
            error("-: cannot read the case from standard input");
            return EXIT_USAGE;
        }
        rc = vf_case_load_string(text, size, ".", c, err, sizeof(err));
        free(text);
    } else {
        rc = vf_case_load(path, c, err, sizeof(err));
    }
    if (rc != 0) {
        error("%s: %s", path, err);
        return EXIT_USAGE;
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Commands                                                                 */
/* ------------------------------------------------------------------------ */

static int cmd_run(int argc, char **argv)
{
    struct options o;
    struct vf_case c;
    int rc = parse_options("run", usage_run, OPT_CASE | OPT_RUN, argc, argv, &o);

    if (rc >= 0)
        return rc;
    rc = load(o.case_path, &c);
    if (rc != 0)
        return rc;
    rc = run_case(o.case_path, &c, &o);
    vf_case_free(&c);
    return rc;
}

static int cmd_validate(int argc, char **argv)
{
    struct options o;
    struct vf_case c;
    vf_layout *layout = NULL;
    uint32_t warnings = 0;
    int rc = parse_options("validate", usage_validate, OPT_CASE, argc, argv, &o);

    if (rc >= 0)
        return rc;
    rc = load(o.case_path, &c);
    if (rc != 0)
        return rc;
    rc = compile_layout(o.case_path, &c, VF_ISA_SCALAR, &layout, stdout, &warnings, NULL);
    if (rc == 0)
        rc = check_view_offsets(o.case_path, &c, layout, stdout);
    if (rc == 0) {
        /* The draw checks without fetching anything; the output is the
         * tool's own, so its size is not checked. */
        vf_draw_desc desc;
        vf_result res;
        vf_diagnostics *diag = calloc(1, sizeof(*diag));

        if (diag == NULL) {
            error("%s: out of memory", o.case_path);
            rc = EXIT_USAGE;
        } else {
            vf_case_draw_desc(&c, &desc);
            res = vf_draw_check(layout, &desc, 0, diag);
            if (res != VF_OK) {
                printf("%s: error: invalid draw: %s [code %d]%s\n", o.case_path,
                       vf_result_string(res), (int)res, draw_error_hint(&c, res));
                print_draw_diagnostics(stdout, o.case_path, diag, 1);
                rc = EXIT_INVALID;
            }
            /* A D3D11 case's views are bound by the D3D11 calls, which
             * reported their own warnings: the description has none. */
            if (c.d3d11 == NULL) {
                print_draw_diagnostics(stderr, o.case_path, diag, 0);
                warnings += diag->num_warnings;
            }
            free(diag);
        }
    }
    if (rc == 0 && o.werror)
        rc = werror_status(o.case_path, stdout, warnings);
    if (rc == 0) {
        uint32_t n = vf_layout_element_count(layout);
        printf("%s: valid input layout: %u element%s, %u register%s per record "
               "(the last: SV_VertexID, SV_InstanceID, flags), %zu bytes\n",
               o.case_path, n, n == 1 ? "" : "s", vf_layout_register_count(layout),
               vf_layout_register_count(layout) == 1 ? "" : "s", vf_layout_record_size(layout));
        if (vf_output_layout(stdout, layout) != 0)
            rc = EXIT_USAGE;
    }
    vf_layout_destroy(layout);
    vf_case_free(&c);
    return rc;
}

static int cmd_formats(int argc, char **argv)
{
    struct options o;
    int rc = parse_options("formats", usage_formats, OPT_JSON, argc, argv, &o);

    if (rc >= 0)
        return rc;
    if (vf_output_formats(stdout, o.json) != 0 || fflush(stdout) != 0) {
        error("standard output: write error: %s", strerror(errno));
        return EXIT_USAGE;
    }
    return 0;
}

/* A whole file of at most 1 GiB; -1 with a message in `err`. */
static int vf_read_whole_file(const char *path, uint8_t **data, size_t *size, char *err,
                              size_t err_size)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 4096, len = 0, got;
    uint8_t *buf = NULL, *nb;

    if (f == NULL) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    for (;;) {
        if (buf == NULL || len == cap) {
            if (buf != NULL)
                cap *= 2;
            if (cap > VF_CASE_MAX_DATA_SIZE * 2 || (nb = realloc(buf, cap)) == NULL) {
                snprintf(err, err_size, "%s: larger than 1 GiB or out of memory", path);
                free(buf);
                fclose(f);
                return -1;
            }
            buf = nb;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno ? errno : EIO));
        free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    *data = buf;
    *size = len;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* compare                                                                  */
/* ------------------------------------------------------------------------ */

#define MAX_FORMAT_VALUE 192u

struct cmp_register {
    char name[80];
    int element;      /* layout element, or -1 for SV_VertexID / SV_InstanceID */
    vf_format format;
    uint32_t mapping;
    uint32_t slot_class;
    int32_t offset;   /* word in a captured record, or -1 when not captured */
};

struct cmp_diff {
    size_t record;
    char reg[80]; /* a copy: the registers live only while the capture is read */
    uint32_t comp, expected, got;
    int kind;
};

struct cmp_report {
    uint64_t counts[VF_DIFF_COUNT];
    uint64_t by_format[MAX_FORMAT_VALUE][VF_DIFF_COUNT];
    uint64_t compared, accepted, known, not_accepted;
    struct cmp_diff *shown;
    uint32_t num_shown, max_shown;
    unsigned accept;
    struct vf_known_list *known_list;
    const char *device;
};

static void cmp_count(struct cmp_report *r, const struct cmp_register *reg, size_t record,
                      uint32_t comp, uint32_t expected, uint32_t got, int kind)
{
    const vf_format_desc *d = reg != NULL && reg->element >= 0 ? vf_format_info(reg->format)
                                                               : NULL;
    r->counts[kind]++;
    r->compared++;
    if (d != NULL && d->format < MAX_FORMAT_VALUE)
        r->by_format[d->format][kind]++;
    if (kind == VF_DIFF_EXACT)
        return;
    if (r->accept & (1u << kind)) {
        r->accepted++;
        return;
    }
    {
        struct vf_known *kn = vf_known_match(r->known_list, kind, d ? d->name : "",
                                             reg ? reg->slot_class : 0, r->device);
        if (kn != NULL) {
            kn->count++;
            r->known++;
            return;
        }
    }
    r->not_accepted++;
    if (r->num_shown < r->max_shown) {
        struct cmp_diff *df = &r->shown[r->num_shown++];
        df->record = record;
        snprintf(df->reg, sizeof(df->reg), "%s", reg ? reg->name : "flags");
        df->comp = comp;
        df->expected = expected;
        df->got = got;
        df->kind = kind;
    }
}

static void cmp_registers(const vf_layout *layout, struct cmp_register *regs, uint32_t nregs)
{
    for (uint32_t i = 0; i < nregs; i++) {
        vf_layout_register_info ri;
        vf_layout_element_info ei;
        struct cmp_register *g = &regs[i];

        memset(g, 0, sizeof(*g));
        g->element = -1;
        g->offset = (int32_t)(4 * i);
        snprintf(g->name, sizeof(g->name), "r%u", i);
        if (vf_layout_register(layout, i, &ri) != VF_OK)
            continue;
        if (ri.kind == VF_REGISTER_VERTEX_ID) {
            snprintf(g->name, sizeof(g->name), "SV_VertexID");
        } else if (ri.kind == VF_REGISTER_INSTANCE_ID) {
            snprintf(g->name, sizeof(g->name), "SV_InstanceID");
        } else if (ri.kind == VF_REGISTER_START_VERTEX_LOCATION) {
            snprintf(g->name, sizeof(g->name), "SV_StartVertexLocation");
        } else if (ri.kind == VF_REGISTER_START_INSTANCE_LOCATION) {
            snprintf(g->name, sizeof(g->name), "SV_StartInstanceLocation");
        } else if (ri.kind == VF_REGISTER_ELEMENT && ri.element_index >= 0 &&
                   vf_layout_element(layout, (uint32_t)ri.element_index, &ei) == VF_OK) {
            snprintf(g->name, sizeof(g->name), "%.64s%u",
                     ei.semantic_name ? ei.semantic_name : "(null)", ei.semantic_index);
            g->element = ri.element_index;
            g->format = ei.format;
            g->mapping = ei.component_mapping;
            g->slot_class = ei.input_slot_class;
        }
    }
}

static uint32_t get_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Compares the captured registers of one record (`got` at its first word). */
static void cmp_record(struct cmp_report *r, const struct cmp_register *regs, uint32_t nregs,
                       size_t k, const uint32_t *want, const uint8_t *got)
{
    for (uint32_t i = 0; i < nregs; i++) {
        const struct cmp_register *g = &regs[i];
        if (g->offset < 0)
            continue;
        for (uint32_t c = 0; c < 4; c++) {
            uint32_t e = want[4 * i + c], v = get_le(got + 4 * ((size_t)g->offset + c));
            int kind;
            if (g->element < 0)
                kind = e == v ? VF_DIFF_EXACT : VF_DIFF_SYSVAL;
            else
                kind = vf_diff_classify_component(e, v, g->format, g->mapping, c);
            cmp_count(r, g, k, c, e, v, kind);
        }
    }
}

static void print_word(FILE *f, uint32_t w)
{
    float x;
    memcpy(&x, &w, 4);
    fprintf(f, "0x%08x (%.9g)", w, (double)x);
}

static void cmp_print(FILE *f, const char *name, const struct cmp_report *r, uint32_t vertices,
                      int json)
{
    if (json) {
        fputs("{\"case\": ", f);
        vf_output_json_string(f, name);
        fprintf(f, ", \"compared\": %llu, \"counts\": {", (unsigned long long)r->compared);
        for (int k = 0; k < VF_DIFF_COUNT; k++)
            fprintf(f, "%s\"%s\": %llu", k ? ", " : "", vf_diff_kind_name[k],
                    (unsigned long long)r->counts[k]);
        fprintf(f, "}, \"accepted\": %llu, \"known\": %llu, \"not_accepted\": %llu,\n \"formats\": {",
                (unsigned long long)r->accepted, (unsigned long long)r->known,
                (unsigned long long)r->not_accepted);
        for (uint32_t fm = 0, first = 1; fm < MAX_FORMAT_VALUE; fm++) {
            uint64_t any = 0;
            for (int k = 0; k < VF_DIFF_COUNT; k++)
                any += r->by_format[fm][k];
            if (!any)
                continue;
            fprintf(f, "%s\"%s\": {", first ? "" : ", ", vf_format_name(fm));
            first = 0;
            for (int k = 0; k < VF_DIFF_COUNT; k++)
                fprintf(f, "%s\"%s\": %llu", k ? ", " : "", vf_diff_kind_name[k],
                        (unsigned long long)r->by_format[fm][k]);
            fputc('}', f);
        }
        fputs("},\n \"differences\": [", f);
        for (uint32_t i = 0; i < r->num_shown; i++) {
            const struct cmp_diff *d = &r->shown[i];
            fprintf(f, "%s\n  {\"record\": %zu, \"register\": ", i ? "," : "", d->record);
            vf_output_json_string(f, d->reg);
            fprintf(f, ", \"component\": %u, \"expected\": %u, \"got\": %u, \"kind\": \"%s\"}",
                    d->comp, d->expected, d->got, vf_diff_kind_name[d->kind]);
        }
        fputs("]}\n", f);
        return;
    }
    fprintf(f, "%s: %llu values compared:", name, (unsigned long long)r->compared);
    for (int k = 0; k < VF_DIFF_COUNT; k++)
        if (r->counts[k] || k == VF_DIFF_EXACT)
            fprintf(f, " %s %llu", vf_diff_kind_name[k], (unsigned long long)r->counts[k]);
    fprintf(f, "; %llu accepted, %llu known, %llu not accepted\n", (unsigned long long)r->accepted,
            (unsigned long long)r->known, (unsigned long long)r->not_accepted);
    for (uint32_t i = 0; i < r->num_shown; i++) {
        const struct cmp_diff *d = &r->shown[i];
        fprintf(f, "  record %zu (instance %zu, position %zu) %s.%c: expected ", d->record,
                vertices ? d->record / vertices : 0, vertices ? d->record % vertices : 0, d->reg,
                d->comp < 4 ? "xyzw"[d->comp] : '?');
        print_word(f, d->expected);
        fputs(", got ", f);
        print_word(f, d->got);
        fprintf(f, ": %s\n", vf_diff_kind_name[d->kind]);
    }
}

struct cmp_options {
    const char *case_path, *captured;
    int json;
    unsigned accept;
    const char *known_path, *device;
    uint32_t stride, offset, max_shown;
    int have_stride;
    const char *reg_names[VF_MAX_REGISTERS];
    uint32_t reg_offsets[VF_MAX_REGISTERS];
    uint32_t num_regs;
};

static int parse_u32(const char *s, uint32_t *out)
{
    char *end;
    unsigned long long n;
    errno = 0;
    n = strtoull(s, &end, 0);
    if (s[0] < '0' || s[0] > '9' || *end != '\0' || errno != 0 || n > UINT32_MAX)
        return -1;
    *out = (uint32_t)n;
    return 0;
}

/* Returns -1 to go on, or an exit status. */
static int parse_compare(int argc, char **argv, struct cmp_options *o)
{
    memset(o, 0, sizeof(*o));
    o->max_shown = 10;
    o->device = "";
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *val = NULL;
        size_t nlen = strcspn(a, "=");
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage_compare, stdout);
            return 0;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0) {
            if (o->case_path == NULL)
                o->case_path = a;
            else if (o->captured == NULL)
                o->captured = a;
            else
                return usage_error("compare", "unexpected argument '%s'", a);
            continue;
        }
        if (a[nlen] == '=')
            val = a + nlen + 1;
        else if (i + 1 < argc)
            val = argv[++i];
        else
            return usage_error("compare", "option '%s' needs a value", a);
#define IS(name) (strlen(name) == nlen && strncmp(a, name, nlen) == 0)
        if (IS("--output")) {
            if (strcmp(val, "json") != 0 && strcmp(val, "text") != 0)
                return usage_error("compare", "unknown output format '%s' (text, json)", val);
            o->json = strcmp(val, "json") == 0;
        } else if (IS("--accept")) {
            if (vf_diff_parse_accept(val, &o->accept) != 0)
                return usage_error("compare", "--accept: unknown kind in '%s'", val);
        } else if (IS("--known-deviations")) {
            o->known_path = val;
        } else if (IS("--device")) {
            o->device = val;
        } else if (IS("--stride") || IS("--offset") || IS("--max-mismatches")) {
            uint32_t n;
            if (parse_u32(val, &n) != 0)
                return usage_error("compare", "%.*s needs a number, not '%s'", (int)nlen, a, val);
            if (IS("--stride")) {
                o->stride = n;
                o->have_stride = 1;
            } else if (IS("--offset")) {
                o->offset = n;
            } else {
                o->max_shown = n;
            }
        } else if (IS("--register")) {
            const char *eq = strrchr(val, '=');
            if (eq == NULL || o->num_regs == VF_MAX_REGISTERS ||
                parse_u32(eq + 1, &o->reg_offsets[o->num_regs]) != 0)
                return usage_error("compare", "--register needs NAME=BYTE_OFFSET, not '%s'", val);
            o->reg_names[o->num_regs++] = val;
        } else {
            return usage_error("compare", "unknown option '%s'", a);
        }
#undef IS
    }
    if (o->captured == NULL)
        return usage_error("compare", "compare needs a case file and a capture");
    return -1;
}

/* Where the records of a raw capture are and which of the draw they are. */
struct raw_info {
    uint32_t version, words;      /* words per record */
    struct vf_selection sel;
    size_t data_offset;
};

/* Version 2: every register entry names what the case's layout has there. */
static int raw_v2_registers(const uint8_t *data, size_t hsize, const vf_layout *layout,
                            uint32_t nregs)
{
    size_t off = 48;
    for (uint32_t i = 0; i <= nregs; i++) {
        vf_layout_register_info ri = { VF_REGISTER_SYSTEM, -1, 0 };
        vf_layout_element_info ei;
        uint32_t want_fmt = VF_FORMAT_UNKNOWN, n, m;
        if (off + 24 > hsize)
            return -1;
        if (i < nregs && vf_layout_register(layout, i, &ri) != VF_OK)
            return -1;
        if (ri.element_index >= 0 &&
            vf_layout_element(layout, (uint32_t)ri.element_index, &ei) == VF_OK)
            want_fmt = ei.format;
        if (get_le(data + off) != ri.kind || get_le(data + off + 8) != want_fmt)
            return -1;
        n = get_le(data + off + 16);
        m = get_le(data + off + 20);
        if (n > hsize || m > hsize)
            return -1;
        off += 24 + (n + 3) / 4 * 4 + (m + 3) / 4 * 4;
    }
    return off <= hsize ? 0 : -1;
}

/* The header of a VFR raw capture, version 1 or 2, checked against the
 * case; -1 after a message. */
static int raw_header(const char *path, const uint8_t *data, size_t size, const vf_layout *layout,
                      const struct vf_case *c, struct raw_info *ri)
{
    uint32_t nregs = vf_layout_register_count(layout) - 1;
    uint32_t V = c->draw.vertex_count_per_instance, I = c->draw.instance_count;
    uint32_t h[12] = { 0 };
    uint64_t n;

    for (size_t i = 0; i < 12 && 4 * i + 4 <= size; i++)
        h[i] = get_le(data + 4 * i);
    ri->version = h[1];
    if (h[1] == 1) {
        ri->words = h[5];
        ri->sel = (struct vf_selection){ 0, h[4], 0, h[3] };
        ri->data_offset = 24;
        if (h[2] != nregs || h[3] != V || h[4] != I || h[5] != 4 * nregs + 3)
            goto other;
    } else if (h[1] == 2 && size >= 48) {
        ri->words = h[4];
        ri->sel = (struct vf_selection){ h[7], h[8], h[9], h[10] };
        ri->data_offset = h[2];
        if (h[3] != nregs + 1 || h[4] != 4 * (nregs + 1) || h[5] != V || h[6] != I ||
            h[7] > I || h[8] > I - h[7] || h[9] > V || h[10] > V - h[9] || h[2] > size ||
            h[2] < 48 || raw_v2_registers(data, h[2], layout, nregs) != 0)
            goto other;
    } else {
        error("%s: a VFR raw file of version %u; this vfetch reads versions 1 and 2", path, h[1]);
        return -1;
    }
    n = (uint64_t)ri->sel.num_instances * ri->sel.num_positions;
    if ((size - ri->data_offset) / 4 / (ri->words ? ri->words : 1) < n) {
        error("%s: truncated: %zu bytes", path, size);
        return -1;
    }
    return 0;
other:
    error("%s: the capture (VFR version %u, %u registers, %u x %u records) is not of this case "
          "(%u registers, %u x %u)", path, h[1], h[1] == 2 ? h[3] - 1 : h[2],
          h[1] == 2 ? h[5] : h[3], h[1] == 2 ? h[6] : h[4], nregs, V, I);
    return -1;
}

/* The records of a raw capture against the reference. */
static void cmp_raw_records(struct cmp_report *r, const struct cmp_register *regs, uint32_t nregs,
                            const struct raw_info *ri, const uint8_t *data, const uint32_t *ref,
                            size_t rec_words, uint32_t V)
{
    const uint8_t *got = data + ri->data_offset;

    for (uint32_t j = 0; j < ri->sel.num_instances; j++) {
        for (uint32_t p = 0; p < ri->sel.num_positions; p++, got += 4 * (size_t)ri->words) {
            size_t k = (size_t)(ri->sel.first_instance + j) * V + ri->sel.first_position + p;
            const uint32_t *want = ref + k * rec_words, *sys = want + 4 * nregs;
            uint32_t gcut = get_le(got + 4 * (4 * (size_t)nregs + 2)) & VF_FLAG_STRIP_CUT;
            if ((sys[2] & VF_FLAG_STRIP_CUT) != gcut) {
                cmp_count(r, NULL, k, 2, sys[2] & VF_FLAG_STRIP_CUT, gcut, VF_DIFF_CUT);
                continue;
            }
            if (gcut)
                continue;
            cmp_record(r, regs, nregs, k, want, got);
            for (uint32_t s = 0; s < 2; s++) {
                uint32_t g = get_le(got + 4 * (4 * (size_t)nregs + s));
                struct cmp_register sv = { .element = -1 };
                snprintf(sv.name, sizeof(sv.name), "%s", s ? "SV_InstanceID" : "SV_VertexID");
                if (g != sys[s])
                    cmp_count(r, &sv, k, s, sys[s], g, VF_DIFF_SYSVAL);
            }
        }
    }
}

/* The capture against the reference; 0, or an exit status after a message. */
static int cmp_capture(const char *name, const struct cmp_options *o, const uint8_t *data,
                       size_t size, const vf_layout *layout, const struct vf_case *c,
                       const uint32_t *ref, struct cmp_report *r)
{
    uint32_t nregs = vf_layout_register_count(layout) - 1; /* without the system register */
    uint32_t V = c->draw.vertex_count_per_instance, I = c->draw.instance_count;
    size_t rec_words = vf_layout_record_size(layout) / 4, n = (size_t)V * I;
    struct cmp_register regs[VF_MAX_REGISTERS];

    cmp_registers(layout, regs, nregs);
    if (size >= 24 && get_le(data) == VF_RAW_MAGIC) {
        struct raw_info ri;
        if (raw_header(o->captured, data, size, layout, c, &ri) != 0)
            return EXIT_USAGE;
        cmp_raw_records(r, regs, nregs, &ri, data, ref, rec_words, V);
        return 0;
    }
    /* Plain records. */
    if (o->num_regs != 0) {
        uint32_t max_off = 0;
        for (uint32_t i = 0; i < nregs; i++)
            regs[i].offset = -1;
        for (uint32_t j = 0; j < o->num_regs; j++) {
            const char *nm = o->reg_names[j];
            size_t len = (size_t)(strrchr(nm, '=') - nm);
            uint32_t i;
            for (i = 0; i < nregs; i++)
                if (strlen(regs[i].name) == len && strncmp(regs[i].name, nm, len) == 0)
                    break;
            if (i == nregs || o->reg_offsets[j] % 4 != 0) {
                error("--register %s: %s", nm, i == nregs ? "no such register in the case"
                                                         : "the offset is not a multiple of 4");
                return EXIT_USAGE;
            }
            regs[i].offset = (int32_t)(o->reg_offsets[j] / 4);
            if (o->reg_offsets[j] > max_off)
                max_off = o->reg_offsets[j];
        }
        (void)max_off;
    }
    {
        uint64_t stride = o->have_stride ? o->stride : 16ull * nregs, need = 0;
        if (stride % 4 != 0 || o->offset % 4 != 0) {
            error("--stride and --offset must be multiples of 4 bytes");
            return EXIT_USAGE;
        }
        for (uint32_t i = 0; i < nregs && n != 0; i++)
            if (regs[i].offset >= 0 &&
                o->offset + (n - 1) * stride + 4ull * (uint64_t)regs[i].offset + 16 > need)
                need = o->offset + (n - 1) * stride + 4ull * (uint64_t)regs[i].offset + 16;
        if (size < need) {
            error("%s: the capture holds %zu bytes; the case's %zu records need %llu", o->captured,
                  size, n, (unsigned long long)need);
            return EXIT_USAGE;
        }
        for (size_t k = 0; k < n; k++) {
            const uint32_t *want = ref + k * rec_words;
            if (want[4 * nregs + 2] & VF_FLAG_STRIP_CUT)
                continue;
            cmp_record(r, regs, nregs, k, want, data + o->offset + k * stride);
        }
    }
    (void)name;
    return 0;
}

static int cmd_compare(int argc, char **argv)
{
    struct cmp_options o;
    struct vf_case c;
    struct vf_known_list known = { NULL, 0 };
    struct cmp_report *r = NULL;
    vf_layout *layout = NULL;
    uint32_t *ref = NULL;
    uint8_t *data = NULL;
    size_t size = 0;
    char err[512];
    int rc = parse_compare(argc, argv, &o);

    if (rc >= 0)
        return rc;
    rc = load(o.case_path, &c);
    if (rc != 0)
        return rc;
    if (o.known_path != NULL && vf_known_load(o.known_path, &known, err, sizeof(err)) != 0) {
        error("%s", err);
        rc = EXIT_USAGE;
        goto done;
    }
    rc = draw_reference(o.case_path, &c, VF_ISA_SCALAR, 0, &layout, &ref, NULL, NULL, NULL);
    if (rc != 0)
        goto done;
    if (vf_read_whole_file(o.captured, &data, &size, err, sizeof(err)) != 0) {
        error("%s", err);
        rc = EXIT_USAGE;
        goto done;
    }
    r = calloc(1, sizeof(*r));
    if (r == NULL || (r->shown = calloc(o.max_shown ? o.max_shown : 1, sizeof(*r->shown))) == NULL) {
        error("out of memory");
        rc = EXIT_USAGE;
        goto done;
    }
    r->max_shown = o.max_shown;
    r->accept = o.accept;
    r->known_list = &known;
    r->device = o.device;
    rc = cmp_capture(o.case_path, &o, data, size, layout, &c, ref, r);
    if (rc == 0) {
        cmp_print(stdout, o.case_path, r, c.draw.vertex_count_per_instance, o.json);
        for (size_t k = 0; !o.json && k < known.n; k++)
            if (known.v[k].count)
                printf("known deviation %s (%s): %llu values: %s\n", known.v[k].id,
                       vf_diff_kind_name[known.v[k].kind], (unsigned long long)known.v[k].count,
                       known.v[k].reason);
        rc = r->not_accepted ? EXIT_INVALID : 0;
        if (fflush(stdout) != 0)
            rc = EXIT_USAGE;
    }
done:
    if (r != NULL)
        free(r->shown);
    free(r);
    free(data);
    free(ref);
    vf_layout_destroy(layout);
    vf_known_free(&known);
    vf_case_free(&c);
    return rc;
}

static int cmd_demo(int argc, char **argv)
{
    struct options o;
    struct vf_case c;
    char err[512];
    int rc = parse_options("demo", usage_demo, OPT_RUN | OPT_DEMO, argc, argv, &o);

    if (rc >= 0)
        return rc;
    if (o.print_case) {
        fputs(demo_case, stdout);
        return fflush(stdout) == 0 ? 0 : EXIT_USAGE;
    }
    if (vf_case_load_string(demo_case, sizeof(demo_case) - 1, NULL, &c, err, sizeof(err)) != 0) {
        error("demo: %s", err);
        return EXIT_USAGE;
    }
    rc = run_case("demo", &c, &o);
    vf_case_free(&c);
    return rc;
}

static int cmd_version(int argc, char **argv)
{
    struct options o;
    int rc = parse_options("version", usage_version, 0, argc, argv, &o);
    uint32_t def;

    if (rc >= 0)
        return rc;
    def = vf_isa_default();
    printf("vfetch %s\nfetch paths:", vf_version());
    for (uint32_t i = VF_ISA_SCALAR; i < VF_ISA_COUNT; i++) {
        if (vf_isa_name(i) == NULL)
            continue;
        printf(" %s%s", vf_isa_name(i),
               !vf_isa_available(i) ? "(unavailable)" : i == def ? "(default)" : "");
    }
    putchar('\n');
    return 0;
}

struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *help;
};

static const struct command commands[] = {
    { "run", cmd_run, usage_run },
    { "validate", cmd_validate, usage_validate },
    { "formats", cmd_formats, usage_formats },
    { "compare", cmd_compare, usage_compare },
    { "demo", cmd_demo, usage_demo },
    { "version", cmd_version, usage_version },
};

#define NUM_COMMANDS (sizeof(commands) / sizeof(commands[0]))

int main(int argc, char **argv)
{
    const char *cmd;

    if (argc < 2) {
        fputs(usage_main, stderr);
        return EXIT_USAGE;
    }
    cmd = argv[1];
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        if (argc > 2) {
            for (size_t i = 0; i < NUM_COMMANDS; i++) {
                if (strcmp(argv[2], commands[i].name) == 0) {
                    fputs(commands[i].help, stdout);
                    return 0;
                }
            }
            error("no command '%s'; try '%s help'", argv[2], progname);
            return EXIT_USAGE;
        }
        fputs(usage_main, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0)
        return cmd_version(0, NULL);
    for (size_t i = 0; i < NUM_COMMANDS; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return commands[i].fn(argc - 2, argv + 2);
    error("unknown command '%s'; try '%s help'", cmd, progname);
    return EXIT_USAGE;
}
