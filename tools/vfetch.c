/*
 * vfetch - run Direct3D 12 input-assembler cases from the command line.
 *
 *   vfetch run CASE.json [-o FILE] [--output table|json|raw] [--hex]
 *                        [--isa NAME] [--threads N] [--primitives]
 *   vfetch validate CASE.json
 *   vfetch formats [--json]
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
    "                          raw (binary, see vfetch(1))\n"
    "      --hex               table: show every word as a 0x bit pattern\n"
    "      --primitives        also list the primitives the draw assembles, each\n"
    "                          as its vertices' positions, leading vertex first\n"
    "      --isa NAME          force a fetch path: scalar, sse2, ssse3, sse41, avx2,\n"
    "                          neon (default: VFETCH_ISA, else the best available)\n"
    "      --threads N         split the draw over a pool of N threads (1..256)\n"
    "  -h, --help              show this help\n"
    "\n"
    "Integer formats print as integers, float formats as the shortest decimal that\n"
    "reads back to the same float (%.9g). Exit status 1 if the layout or the draw\n"
    "is invalid, 2 if the case is malformed.\n";

static const char usage_validate[] =
    "Usage: vfetch validate CASE.json\n"
    "\n"
    "Compiles the input layout of CASE.json and prints the resolved layout (slot,\n"
    "resolved byte offset, format, class, step rate, component mapping and record\n"
    "register of every element) with exit status 0, or every error found with\n"
    "exit status 1. Also checks the draw state: view offsets, strides, the index\n"
    "format and the strip-cut value.\n"
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

enum output_kind { OUT_TABLE, OUT_JSON, OUT_RAW };

struct options {
    const char *case_path;
    const char *output_file;
    enum output_kind output;
    int hex;
    int json;
    int print_case;
    const char *isa;
    uint32_t threads;
    int primitives;
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
static int parse_options(const char *command, const char *help, unsigned allowed, int argc,
                         char **argv, struct options *o)
{
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
                o->output = OUT_TABLE;
            else if (strcmp(val, "json") == 0)
                o->output = OUT_JSON;
            else if (strcmp(val, "raw") == 0)
                o->output = OUT_RAW;
            else
                return usage_error(command, "unknown output format '%s' (table, json, raw)", val);
        } else if ((allowed & OPT_RUN) && IS("--hex") && val == NULL) {
            o->hex = 1;
        } else if ((allowed & OPT_RUN) && IS("--primitives") && val == NULL) {
            o->primitives = 1;
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
    if (o->primitives && o->output == OUT_RAW)
        return usage_error(command, "--primitives prints with table or json output, not raw");
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
                              int errors)
{
    for (uint32_t i = 0; i < diag->count; i++) {
        const vf_diagnostic *d = &diag->entries[i];
        char msg[VF_DIAGNOSTIC_MESSAGE_SIZE];
        if ((d->severity == VF_SEVERITY_ERROR) != errors)
            continue;
        /* Messages quote semantic names from the case: one printable line. */
        memcpy(msg, d->message, sizeof(msg));
        msg[sizeof(msg) - 1] = '\0';
        for (char *p = msg; *p != '\0'; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7f)
                *p = '?';
        fprintf(f, "%s: %s: %s [%s, code %d]\n", name,
                d->severity == VF_SEVERITY_ERROR ? "error" : "warning", msg,
                vf_result_string(d->code), (int)d->code);
    }
    if (errors && diag->num_dropped)
        fprintf(f, "%s: ... and %u more not shown\n", name, diag->num_dropped);
}

static int compile_layout(const char *name, const struct vf_case *c, uint32_t isa,
                          vf_layout **layout_ret, FILE *errf)
{
    vf_layout_options options;
    vf_diagnostics *diag = calloc(1, sizeof(*diag));
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
        print_diagnostics(errf, name, diag, 1);
        print_diagnostics(errf, name, diag, 0);
        free(diag);
        return EXIT_INVALID;
    }
    print_diagnostics(errf, name, diag, 0);
    free(diag);
    return 0;
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
static const char *draw_error_hint(vf_result res)
{
    switch (res) {
    case VF_ERROR_INVALID_INDEX_FORMAT: return " (IndexBuffer.Format: R16_UINT or R32_UINT)";
    case VF_ERROR_STRIP_CUT_MISMATCH:
        return " (IBStripCutValue 0xFFFF goes with R16_UINT indices, 0xFFFFFFFF with R32_UINT)";
    case VF_ERROR_INVALID_STRIP_CUT_VALUE: return " (IBStripCutValue)";
    case VF_ERROR_INVALID_TOPOLOGY: return " (PrimitiveTopology)";
    case VF_ERROR_STRIDE_TOO_LARGE: return " (VertexBuffers[].StrideInBytes: at most 2048)";
    case VF_ERROR_MISALIGNED_STRIDE:
        return " (VertexBuffers[].StrideInBytes must be a multiple of the slot's element "
               "alignment)";
    case VF_ERROR_TOO_MANY_BUFFERS: return " (a VertexBuffers slot past MaxInputSlots)";
    default: return "";
    }
}

/* The primitive list of one instance of the draw (every instance has the
 * same), for --primitives. The draw has been validated already. */
static int list_primitives(const char *name, const vf_draw_desc *desc, uint32_t **prims_ret,
                           struct vf_primitive_list *list)
{
    uint32_t count, vpp, written;
    vf_result res = vf_primitive_count(desc, &count, &vpp, NULL);
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
    res = vf_draw_primitives(desc, 0, prims, words, &written);
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

static int run_case(const char *name, const struct vf_case *c, const struct options *o)
{
    vf_layout *layout = NULL;
    vf_thread_pool *pool = NULL;
    vf_draw_desc desc;
    struct vf_records rec;
    uint32_t isa;
    size_t size = 0;
    void *out = NULL;
    uint32_t *prims = NULL;
    struct vf_primitive_list plist;
    FILE *f = stdout;
    vf_result res;
    int rc;

    rc = resolve_isa(o->isa, &isa);
    if (rc != 0)
        return rc;
    rc = compile_layout(name, c, isa, &layout, stderr);
    if (rc != 0)
        return rc;
    rc = check_view_offsets(name, c, layout, stderr);
    if (rc != 0)
        goto done;

    res = vf_draw_output_size(layout, c->draw.vertex_count_per_instance, c->draw.instance_count,
                              &size);
    if (res != VF_OK || size > MAX_OUTPUT_SIZE) {
        error("%s: Draw: %u x %u records of %zu bytes is more than the 1 GiB this tool "
              "allocates", name, c->draw.vertex_count_per_instance, c->draw.instance_count,
              vf_layout_record_size(layout));
        rc = EXIT_USAGE;
        goto done;
    }
    /* Records are 16-byte aligned; aligned_alloc wants a multiple of 16. */
    out = aligned_alloc(16, size ? (size + 15) & ~(size_t)15 : 16);
    if (out == NULL) {
        error("%s: out of memory for %zu bytes of output", name, size);
        rc = EXIT_USAGE;
        goto done;
    }
    if (o->threads != 0) {
        res = vf_thread_pool_create(o->threads, &pool);
        if (res != VF_OK) {
            error("%s: cannot start %u threads: %s", name, o->threads, vf_result_string(res));
            rc = EXIT_USAGE;
            goto done;
        }
    }
    vf_case_draw_desc(c, &desc);
    desc.pool = pool;
    res = vf_draw(layout, &desc, out, size);
    if (res != VF_OK) {
        fprintf(stderr, "%s: error: invalid draw: %s [code %d]%s\n", name, vf_result_string(res),
                (int)res, draw_error_hint(res));
        rc = EXIT_INVALID;
        goto done;
    }

    if (o->output_file != NULL) {
        f = fopen(o->output_file, o->output == OUT_RAW ? "wb" : "w");
        if (f == NULL) {
            error("%s: %s", o->output_file, strerror(errno));
            rc = EXIT_USAGE;
            goto done;
        }
    }
    rec.c = c;
    rec.layout = layout;
    rec.words = out;
    rec.vertices = c->draw.vertex_count_per_instance;
    rec.instances = c->draw.instance_count;
    rec.registers = vf_layout_register_count(layout);
    if (o->primitives) {
        rc = list_primitives(name, &desc, &prims, &plist);
        if (rc != 0)
            goto done;
    }
    if (o->output == OUT_RAW)
        rc = vf_output_raw(f, &rec);
    else if (o->output == OUT_JSON)
        rc = vf_output_json_primitives(f, &rec, prims ? &plist : NULL);
    else
        rc = vf_output_table_primitives(f, &rec, o->hex, prims ? &plist : NULL);
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
    vf_thread_pool_destroy(pool);
    free(prims);
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
    int rc = parse_options("validate", usage_validate, OPT_CASE, argc, argv, &o);

    if (rc >= 0)
        return rc;
    rc = load(o.case_path, &c);
    if (rc != 0)
        return rc;
    rc = compile_layout(o.case_path, &c, VF_ISA_SCALAR, &layout, stdout);
    if (rc == 0)
        rc = check_view_offsets(o.case_path, &c, layout, stdout);
    if (rc == 0) {
        /* The draw-state checks (index format, strip cut, strides) without
         * fetching anything: vf_draw validates before it writes, and a draw
         * of no vertices writes nothing. */
        vf_draw_desc desc;
        vf_result res;
        _Alignas(16) uint32_t dummy[4];

        vf_case_draw_desc(&c, &desc);
        desc.vertex_count_per_instance = 0;
        desc.instance_count = 0;
        res = vf_draw(layout, &desc, dummy, 0);
        if (res != VF_OK) {
            printf("%s: error: invalid draw: %s [code %d]%s\n", o.case_path,
                   vf_result_string(res), (int)res, draw_error_hint(res));
            rc = EXIT_INVALID;
        }
    }
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
