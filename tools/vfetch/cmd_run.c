/*
 * cmd_run.c - the commands that run or check one case: run, validate,
 * demo; and formats.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "case_vulkan.h"
#include "cli.h"
#include "vfr.h"

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

/* The primitive list of one instance of the draw (every instance has the
 * same), for --primitives. The draw has been validated already. */
static int list_primitives(const char *name, const struct vf_case *c, const vf_draw_desc *desc,
                           uint32_t **prims_ret, struct vf_primitive_list *list)
{
    uint32_t count, vpp, written;
    vf_result res = vf_case_primitive_count(c, desc, &count, &vpp);
    if (res != VF_OK) {
        cli_error("%s: primitives: %s", name, vf_result_string(res));
        return EXIT_INVALID;
    }
    size_t words = (size_t)count * vpp;
    /* LAST_VERTEX: each primitive's provoking vertex after the list. */
    int last = c->vulkan != NULL &&
               c->vulkan->provoking_mode == VF_VK_PROVOKING_VERTEX_MODE_LAST_VERTEX;
    size_t extra = last ? count : 0;
    uint32_t *prims = malloc(words + extra ? (words + extra) * sizeof(uint32_t) : 1);
    if (prims == NULL) {
        cli_error("%s: out of memory for %u primitives", name, count);
        return EXIT_USAGE;
    }
    res = vf_case_draw_primitives(c, desc, 0, prims, words, last ? prims + words : NULL,
                                  &written);
    if (res != VF_OK || written != count) {
        cli_error("%s: primitives: %s", name, vf_result_string(res));
        free(prims);
        return EXIT_INVALID;
    }
    *prims_ret = prims;
    list->v = prims;
    list->count = count;
    list->vertices = vpp;
    list->provoking = last ? prims + words : NULL;
    list->provoking_mode = last ? "LAST_VERTEX" : NULL;
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
                cli_error("%s: %s %u..%u: the draw has no %s", name, k ? "--positions" : "--instances",
                      rg[k]->first, rg[k]->last, what);
            else
                cli_error("%s: %s %u..%u is outside the draw, which has %u %s (0..%u)", name,
                      k ? "--positions" : "--instances", rg[k]->first, rg[k]->last, count[k],
                      what, count[k] - 1);
            return EXIT_USAGE;
        }
        *first[k] = rg[k]->first;
        *num[k] = rg[k]->last - rg[k]->first + 1;
    }
    return 0;
}

/* --primitives: the list of one instance, as records with --reuse. */
int run_primitives(struct run *r)
{
    vf_draw_desc desc;
    int rc;

    vf_case_draw_desc(r->c, &desc);
    rc = list_primitives(r->name, r->c, &desc, &r->prims, &r->plist);
    if (rc != 0)
        return rc;
    /* Primitives never name a cut, so every vertex has a record. */
    if (r->o->reuse &&
        (vf_reuse_remap_list(r->rr.map, r->c->draw.vertex_count_per_instance, r->prims,
                             (size_t)r->plist.count * r->plist.vertices) != VF_OK ||
         remap_provoking(r) != 0)) {
        cli_error("%s: primitives: a vertex without a record", r->name);
        return EXIT_INVALID;
    }
    return 0;
}

/* The records in the format --output chose; 0, or -1 when writing failed
 * (errno set by stdio) or raw version 1 was asked for a selection. */
static int output_records(FILE *f, const struct vf_records *rec, enum output_kind kind,
                          const struct vf_output_options *oo)
{
    switch (kind) {
    case OUTPUT_TABLE: return vf_output_records_table(f, rec, oo);
    case OUTPUT_JSON: return vf_output_records_json(f, rec, oo);
    case OUTPUT_CSV: return vf_output_records_csv(f, rec, oo);
    case OUTPUT_RAW: return vf_raw_write(f, rec, oo->sel);
    case OUTPUT_RAW1: return oo->sel != NULL ? -1 : vf_raw_write_v1(f, rec);
    }
    return -1;
}

/* The draw's pipeline statistics into r->stats. */
int run_statistics(struct run *r)
{
    vf_draw_desc desc;
    if (r->c->vulkan != NULL)
        return run_vulkan_statistics(r);
    vf_case_draw_desc(r->c, &desc);
    vf_result res = vf_case_statistics(r->c, &desc, &r->stats);
    if (res != VF_OK) {
        cli_error("%s: statistics: %s", r->name, vf_result_string(res));
        return EXIT_INVALID;
    }
    return 0;
}

/* The drawn records of `r`. */
static void run_records(const struct run *r, struct vf_records *rec)
{
    rec->c = r->c;
    rec->layout = r->layout;
    rec->words = r->out;
    rec->vertices = r->o->reuse ? r->rr.unique : r->c->draw.vertex_count_per_instance;
    rec->instances = r->c->draw.instance_count;
    rec->registers = vf_layout_register_count(r->layout);
}

/* --registers and --picture, which need the drawn records. */
static int run_extras(struct run *r, int picture)
{
    struct vf_records rec;

    run_records(r, &rec);
    if (!picture && r->o->registers)
        return resolve_registers(r->name, r->o->registers, &rec, r->regs, &r->num_regs);
    if (picture && r->o->picture)
        return write_picture(r->name, r->o, &rec, &r->plist,
                             r->o->instances.set || r->o->positions.set ? &r->sel : NULL);
    return 0;
}

/* The drawn records, with what the options add, to `f`. */
int write_records(FILE *f, const struct run *r)
{
    const struct options *o = r->o;
    const struct vf_case *c = r->c;
    struct vf_records rec;
    struct vf_output_options oo;
    struct vf_remap remap;

    run_records(r, &rec);
    remap.map = r->rr.map;
    remap.positions = c->draw.vertex_count_per_instance;
    remap.indices = r->rr.indices;
    remap.records = r->rr.unique;
    oo.remap = o->reuse ? &remap : NULL;
    oo.hex = o->hex;
    oo.prims = r->prims && o->primitives ? &r->plist : NULL;
    oo.registers = o->registers ? r->regs : NULL;
    oo.num_registers = r->num_regs;
    oo.sel = o->instances.set || o->positions.set ? &r->sel : NULL;
    oo.diag = r->diag;
    oo.d3d11_ids = c->d3d11 != NULL;
    oo.stats = &r->stats;
    oo.vk_stats = c->vulkan != NULL ? &r->vk_stats : NULL;
    if (output_records(f, &rec, o->output, &oo) != 0)
        return -1;
    if (o->statistics && o->output == OUTPUT_TABLE)
        write_statistics(f, r);
    return ferror(f) ? -1 : 0;
}

static int write_run(FILE *f, void *arg)
{
    return write_records(f, arg);
}

/* To -o FILE or standard output; 0 or an exit status after a message. */
static int write_output(const struct run *r)
{
    return output_to(r->o, write_run, (void *)(uintptr_t)r);
}

int output_to(const struct options *o, int (*write)(FILE *f, void *arg), void *arg)
{
    const char *path = o->output_file;
    FILE *f = stdout;
    int rc;

    if (path != NULL) {
        f = fopen(path, o->output >= OUTPUT_RAW ? "wb" : "w");
        if (f == NULL) {
            cli_error("%s: %s", path, strerror(errno));
            return EXIT_USAGE;
        }
    }
    rc = write(f, arg);
    if (fflush(f) != 0)
        rc = -1;
    if (rc != 0) {
        cli_error("%s: write error: %s", path ? path : "standard output", strerror(errno));
        rc = EXIT_USAGE;
    }
    if (f != stdout && fclose(f) != 0 && rc == 0) {
        cli_error("%s: write error: %s", path, strerror(errno));
        rc = EXIT_USAGE;
    }
    return rc;
}

/* --kernel-path: on stderr, so the records on stdout stay the same. */
static void print_kernel_path(const char *name, const vf_layout *layout)
{
    vf_kernel_path_info info;
    if (layout == NULL || vf_layout_kernel_path(layout, &info) != VF_OK)
        return;
    fprintf(stderr, "%s: kernel path: %s on %s, %u of %u per-vertex slots generated (%u with the "
            "four-vertex loop, %u storing whole lines, %u writing SoA batches), %u bytes in %.1f "
            "us%s%s\n", name, vf_kernel_path_name(info.path), vf_isa_name(vf_layout_isa(layout)),
            info.generated_slots, info.slots, info.quad_slots, info.line_slots, info.soa_slots,
            info.code_bytes, (double)info.generation_ns / 1e3, info.reason[0] ? "; " : "",
            info.reason);
}

static int run_case(const char *name, const struct vf_case *c, const struct options *o)
{
    struct run r = { .name = name, .c = c, .o = o };
    uint32_t isa;
    uint32_t warnings = 0;
    int rc;

    rc = resolve_isa(o->isa, &isa);
    if (rc == 0)
        rc = select_records(name, c, o, &r.sel);
    if (rc != 0)
        return rc;
    r.diag = calloc(1, sizeof(*r.diag));
    if (r.diag == NULL) {
        cli_error("%s: out of memory", name);
        return EXIT_USAGE;
    }
    rc = draw_reference(name, c, isa, o->threads, &r.layout, &r.out, r.diag, &warnings,
                        o->reuse ? &r.rr : NULL);
    if (rc == 0 && o->werror)
        rc = werror_status(name, stderr, warnings);
    if (rc == 0 && o->kernel_path)
        print_kernel_path(name, r.layout);
    if (rc == 0 && (o->primitives || o->picture))
        rc = run_primitives(&r);
    if (rc == 0)
        rc = run_statistics(&r);
    if (rc == 0)
        rc = run_extras(&r, 0);
    if (rc == 0)
        rc = write_output(&r);
    if (rc == 0)
        rc = run_extras(&r, 1);
    free(r.diag);
    free(r.prims);
    reuse_result_free(&r.rr);
    free(r.out);
    release_layout(c, r.layout);
    return rc;
}

int cmd_run(int argc, char **argv)
{
    struct options o;
    struct vf_case c;
    int rc = parse_options("run", help_run, OPT_CASE | OPT_RUN, argc, argv, &o);

    if (rc >= 0)
        return rc;
    rc = load(o.case_path, &c);
    if (rc != 0)
        return rc;
    rc = c.indirect ? run_indirect(o.case_path, &c, &o) : run_case(o.case_path, &c, &o);
    vf_case_free(&c);
    return rc;
}

/* validate's check of the draw, without fetching anything (the output is
 * the tool's own, so its size is not checked). */
static int validate_draw(const char *name, const struct vf_case *c, const vf_layout *layout,
                         uint32_t *warnings)
{
    vf_draw_desc desc;
    vf_result res;
    vf_diagnostics *diag = calloc(1, sizeof(*diag));
    int rc = 0;

    if (diag == NULL) {
        cli_error("%s: out of memory", name);
        return EXIT_USAGE;
    }
    vf_case_draw_desc(c, &desc);
    res = vf_draw_check(layout, &desc, 0, diag);
    if (res != VF_OK) {
        printf("%s: error: invalid draw: %s [code %d]%s\n", name, vf_result_string(res),
               (int)res, draw_error_hint(c, res));
        print_draw_diagnostics(stdout, name, diag, 1);
        rc = EXIT_INVALID;
    }
    /* A D3D11 case's views are bound by the D3D11 calls, which reported
     * their own warnings: the description has none. */
    if (c->d3d11 == NULL) {
        print_draw_diagnostics(stderr, name, diag, 0);
        *warnings += diag->num_warnings;
    }
    free(diag);
    return rc;
}

/* The resolved layout, after a summary line. */
static int print_layout(const char *name, const vf_layout *layout)
{
    uint32_t n = vf_layout_element_count(layout);
    uint32_t regs = vf_layout_register_count(layout);

    printf("%s: valid input layout: %u element%s, %u register%s per record "
           "(the last: SV_VertexID, SV_InstanceID, flags), %zu bytes\n",
           name, n, n == 1 ? "" : "s", regs, regs == 1 ? "" : "s",
           vf_layout_record_size(layout));
    return vf_output_layout(stdout, layout) != 0 ? EXIT_USAGE : 0;
}

int cmd_validate(int argc, char **argv)
{
    struct options o;
    struct vf_case c;
    vf_layout *layout = NULL;
    uint32_t warnings = 0;
    int rc = parse_options("validate", help_validate, OPT_CASE, argc, argv, &o);

    if (rc >= 0)
        return rc;
    rc = load(o.case_path, &c);
    if (rc != 0)
        return rc;
    rc = compile_layout(o.case_path, &c, VF_ISA_SCALAR, &layout, stdout, &warnings, NULL);
    if (rc == 0)
        rc = check_view_offsets(o.case_path, &c, layout, stdout);
    if (rc == 0)
        rc = c.indirect  ? validate_indirect(o.case_path, &c, layout, &warnings)
             : c.vulkan ? validate_vulkan_draw(o.case_path, &c, layout, &warnings)
                         : validate_draw(o.case_path, &c, layout, &warnings);
    if (rc == 0 && o.werror)
        rc = werror_status(o.case_path, stdout, warnings);
    if (rc == 0)
        rc = c.vulkan ? print_vulkan_state(o.case_path, &c, layout)
                      : print_layout(o.case_path, layout);
    release_layout(&c, layout);
    vf_case_free(&c);
    return rc;
}

int cmd_formats(int argc, char **argv)
{
    struct options o;
    int rc = parse_options("formats", help_formats, OPT_JSON, argc, argv, &o);

    if (rc >= 0)
        return rc;
    if (vf_output_formats(stdout, o.json) != 0 || fflush(stdout) != 0) {
        cli_error("standard output: write error: %s", strerror(errno));
        return EXIT_USAGE;
    }
    return 0;
}

int cmd_demo(int argc, char **argv)
{
    struct options o;
    struct vf_case c;
    char err[512];
    int rc = parse_options("demo", help_demo, OPT_RUN | OPT_DEMO, argc, argv, &o);

    if (rc >= 0)
        return rc;
    if (o.print_case) {
        fputs(demo_case, stdout);
        return fflush(stdout) == 0 ? 0 : EXIT_USAGE;
    }
    if (vf_case_load_string(demo_case, sizeof(demo_case) - 1, NULL, &c, err, sizeof(err)) != 0) {
        cli_error("demo: %s", err);
        return EXIT_USAGE;
    }
    rc = run_case("demo", &c, &o);
    vf_case_free(&c);
    return rc;
}
