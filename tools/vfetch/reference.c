/*
 * reference.c - a case loaded, its layout compiled and its draw run: what
 * run prints and what compare holds a capture against.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "case_vulkan.h"
#include "cli.h"
#include "file_read.h"

/* The largest draw output the tool allocates. */
#define MAX_OUTPUT_SIZE ((size_t)1 << 30)

/* The loader's message, one line per problem, each after the case's name. */
static void print_load_errors(const char *path, char *err)
{
    for (char *line = err, *end; line != NULL; line = end != NULL ? end + 1 : NULL) {
        end = strchr(line, '\n');
        if (end != NULL)
            *end = '\0';
        cli_error("%s: %s", path, line);
    }
}

int load(const char *path, struct vf_case *c)
{
    char err[VF_CASE_ERR_SIZE];
    int rc;

    if (strcmp(path, "-") == 0) {
        /* Its files are then relative to the current directory. */
        uint8_t *text = NULL;
        size_t size = 0;
        int e = vf_read_stream(stdin, VF_CASE_MAX_DATA_SIZE, &text, &size);
        if (e == EFBIG) {
            cli_error("-: the case is larger than 1 GiB");
            return EXIT_USAGE;
        }
        if (e != 0) {
            cli_error("-: cannot read the case from standard input");
            return EXIT_USAGE;
        }
        rc = vf_case_load_string((const char *)text, size, ".", c, err, sizeof(err));
        free(text);
    } else {
        rc = vf_case_load(path, c, err, sizeof(err));
    }
    if (rc != 0) {
        print_load_errors(path, err);
        return EXIT_USAGE;
    }
    return 0;
}

/* How print_diagnostics names a diagnostic. */
#define DIAG_IDS_D3D12 0x1 /* the D3D12 debug layer's message ID */
#define DIAG_IDS_D3D11 0x2 /* the D3D11 debug layer's message ID */
#define DIAG_DRAW 0x4      /* a draw's: "[code N]", and any dropped count */

/* The errors (or the warnings) of `diag`, one line each:
 * "NAME: warning: ID: message [RESULT, code N]". */
static void print_diagnostics(FILE *f, const char *name, const vf_diagnostics *diag, int errors,
                              unsigned how)
{
    for (uint32_t i = 0; i < diag->count; i++) {
        const vf_diagnostic *d = &diag->entries[i];
        const char *id = how & (DIAG_IDS_D3D12 | DIAG_IDS_D3D11)
                             ? vf_output_message_id(d->code, (how & DIAG_IDS_D3D11) != 0, NULL)
                             : NULL;
        char msg[VF_DIAGNOSTIC_MESSAGE_SIZE];
        if ((d->severity == VF_SEVERITY_ERROR) != errors)
            continue;
        /* Messages quote semantic names from the case: one printable line. */
        memcpy(msg, d->message, sizeof(msg));
        msg[sizeof(msg) - 1] = '\0';
        for (char *p = msg; *p != '\0'; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7f)
                *p = '?';
        fprintf(f, "%s: %s: %s%s%s [%s%scode %d]\n", name,
                d->severity == VF_SEVERITY_ERROR ? "error" : "warning", id ? id : "",
                id ? ": " : "", msg, how & DIAG_DRAW ? "" : vf_result_string(d->code),
                how & DIAG_DRAW ? "" : ", ", (int)d->code);
    }
    if ((errors || (how & DIAG_DRAW)) && diag->num_dropped)
        fprintf(f, "%s: ... and %u more not shown\n", name, diag->num_dropped);
}

void print_draw_diagnostics(FILE *f, const char *name, const vf_diagnostics *diag, int errors)
{
    print_diagnostics(f, name, diag, errors, DIAG_IDS_D3D12 | DIAG_DRAW);
}

/* The case's layout, and for a D3D11 case its buffers and bindings: every
 * message printed to errf; warnings counted into *warnings_ret; a D3D11
 * case's binding diagnostics copied to *bind_ret (may be NULL). */
int compile_layout(const char *name, const struct vf_case *c, uint32_t isa,
                   vf_layout **layout_ret, FILE *errf, uint32_t *warnings_ret,
                   vf_diagnostics *bind_ret)
{
    vf_layout_options options;
    vf_diagnostics *diag = calloc(1, sizeof(*diag));
    uint32_t warnings;
    vf_result res;

    if (diag == NULL) {
        cli_error("%s: out of memory", name);
        return EXIT_USAGE;
    }
    vf_case_layout_options(c, &options);
    options.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    options.isa = isa;
    if (c->vulkan) {
        /* The layout is the vertex input state's (release_layout frees it). */
        const vf_layout *vk = NULL;
        res = vf_case_vulkan_compile(c, isa, options.system_values, &vk, diag);
        *layout_ret = (vf_layout *)(uintptr_t)vk;
    } else {
        res = vf_layout_create(c->elements, c->num_elements, &options, layout_ret, diag);
    }
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
    print_diagnostics(errf, name, diag, 1, DIAG_IDS_D3D11);
    print_diagnostics(errf, name, diag, 0, DIAG_IDS_D3D11);
    if (warnings_ret)
        *warnings_ret = warnings + diag->num_warnings;
    if (bind_ret && c->d3d11)
        *bind_ret = *diag;
    free(diag);
    return res == VF_OK ? 0 : EXIT_INVALID;
}

void release_layout(const struct vf_case *c, vf_layout *layout)
{
    if (c->vulkan != NULL)
        vf_case_vulkan_release(c);
    else
        vf_layout_destroy(layout);
}

/* --werror: warnings found make the case fail. */
int werror_status(const char *name, FILE *f, uint32_t warnings)
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
int check_view_offsets(const char *name, const struct vf_case *c, const vf_layout *layout,
                       FILE *errf)
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
const char *draw_error_hint(const struct vf_case *c, vf_result res)
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

/* Vertex reuse in the library's two calls: vf_reuse_map with scratch, the
 * map (to *rr) and the distinct indices allocated here, then the ordinary
 * indexed draw of the distinct indices (vf_reuse_records_desc) into `out`
 * (sized for one record per position, so for any U). */
static vf_result draw_reuse(const vf_layout *layout, const vf_draw_desc *desc, void *out,
                            size_t size, struct reuse_result *rr)
{
    size_t scratch_size = 0, n = desc->vertex_count_per_instance;
    vf_result res = vf_reuse_map_scratch_size(layout, desc, &scratch_size);
    if (res != VF_OK)
        return res;
    void *scratch = calloc(1, scratch_size ? scratch_size : 4); /* zeroed: see vf_draw_reuse */
    uint32_t *unique = malloc(n * 4 + 4);
    rr->map = malloc(n * 4 + 4);
    if (scratch == NULL || unique == NULL || rr->map == NULL) {
        free(scratch);
        free(unique);
        return VF_ERROR_OUT_OF_MEMORY;
    }
    res = vf_reuse_map(layout, desc, scratch, scratch_size, rr->map, n, unique, n, &rr->unique);
    free(scratch);
    vf_index_buffer_view ib;
    vf_draw_desc records;
    if (res == VF_OK)
        res = vf_reuse_records_desc(desc, unique, rr->unique, &ib, &records);
    if (res == VF_OK)
        res = vf_draw(layout, &records, out, size);
    if (res == VF_OK && desc->indexed)
        rr->indices = unique;
    else
        free(unique);
    return res;
}

/* The same for a Vulkan case, by Vulkan's index rules (case_vulkan.h). */
static vf_result draw_vulkan_reuse(const struct vf_case *c, vf_thread_pool *pool, void *out,
                                   size_t size, vf_diagnostics *diag, struct reuse_result *rr)
{
    size_t n = c->draw.vertex_count_per_instance;
    uint32_t *unique = malloc(n * 4 + 4);
    rr->map = malloc(n * 4 + 4);
    if (unique == NULL || rr->map == NULL) {
        free(unique);
        return VF_ERROR_OUT_OF_MEMORY;
    }
    vf_result res = vf_case_vulkan_draw_reuse(c, pool, out, size, rr->map, unique, &rr->unique,
                                              diag);
    if (res == VF_OK && c->draw.indexed)
        rr->indices = unique;
    else
        free(unique);
    return res;
}

void reuse_result_free(struct reuse_result *rr)
{
    free(rr->map);
    free(rr->indices);
    rr->map = rr->indices = NULL;
}

/* Compiles the layout and runs the draw of `c` into a new 16-byte aligned
 * buffer (*out_ret, free with free()); 0 or an exit status after a message.
 * With `diag`, the draw's diagnostics go there and its warnings to standard
 * error, and *warnings_ret counts the layout's and the draw's warnings.
 * With `rr`, the draw is a vertex-reuse draw. */
int draw_reference(const char *name, const struct vf_case *c, uint32_t isa, uint32_t threads,
                   vf_layout **layout_ret, uint32_t **out_ret, vf_diagnostics *diag,
                   uint32_t *warnings_ret, struct reuse_result *rr)
{
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
    return draw_with_layout(name, c, *layout_ret, threads, out_ret, diag, warnings_ret, rr);
}

int draw_with_layout(const char *name, const struct vf_case *c, const vf_layout *layout,
                     uint32_t threads, uint32_t **out_ret, vf_diagnostics *diag,
                     uint32_t *warnings_ret, struct reuse_result *rr)
{
    vf_thread_pool *pool = NULL;
    vf_draw_desc desc;
    size_t size = 0;
    void *out = NULL;
    vf_result res;

    *out_ret = NULL;
    res = vf_draw_output_size(layout, c->draw.vertex_count_per_instance,
                              c->draw.instance_count, &size);
    if (res != VF_OK || size > MAX_OUTPUT_SIZE) {
        cli_error("%s: Draw: %u x %u records of %zu bytes is more than the 1 GiB this tool "
              "allocates", name, c->draw.vertex_count_per_instance, c->draw.instance_count,
              vf_layout_record_size(layout));
        return EXIT_USAGE;
    }
    /* Records are 16-byte aligned; aligned_alloc wants a multiple of 16. */
    out = aligned_alloc(16, size ? (size + 15) & ~(size_t)15 : 16);
    if (out == NULL) {
        cli_error("%s: out of memory for %zu bytes of output", name, size);
        return EXIT_USAGE;
    }
    if (threads != 0) {
        res = vf_thread_pool_create(threads, &pool);
        if (res != VF_OK) {
            cli_error("%s: cannot start %u threads: %s", name, threads, vf_result_string(res));
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
    if (rr && c->vulkan) {
        res = draw_vulkan_reuse(c, pool, out, size, diag, rr);
    } else if (rr) {
        if ((res = vf_draw_check(layout, &desc, 0, diag)) == VF_OK)
            res = draw_reuse(layout, &desc, out, size, rr);
    } else if (c->d3d11) {
        res = vf_case_draw(c, layout, &desc, out, size);
    } else if (c->vulkan) {
        res = vf_case_vulkan_draw(c, pool, out, size, diag);
    } else {
        res = vf_draw_ex(layout, &desc, out, size, diag);
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

