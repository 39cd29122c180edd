/*
 * fuzz_case.c - the JSON case loader (tools/common/case.h) on arbitrary bytes,
 * then the layout and the draw the case describes.
 *
 * The JSON is handed over in an exact-size allocation without a NUL
 * terminator, as vf_case_load_string allows, so ASan reports a read past
 * it. Checks: a failed load leaves the case zeroed and a non-empty,
 * NUL-terminated one-line message; a loaded case's views point at its own
 * buffers with the sizes it states; when the layout compiles and the
 * output is small enough, the draw runs into an exact-size buffer (the
 * case's buffers are exact-size allocations too), and a failed draw writes
 * nothing; the records then go through every printer of `vfetch run`
 * (tools/common/output.h and, for raw, tools/common/vfr.h: table, hex
 * table, JSON, raw) and the layout through the one of `vfetch validate`,
 * into /dev/null. Files named by a case are looked
 * up in FUZZ_CASE_BASE_DIR (the examples directory), so the seeds' binary
 * files load.
 */
#include "fuzz_input.h"
#include "case.h"
#include "case_vulkan.h"
#include "output.h"
#include "vfr.h"

#ifndef FUZZ_CASE_BASE_DIR
#define FUZZ_CASE_BASE_DIR "examples"
#endif

#define FZ_MAX_OUTPUT ((size_t)1 << 22)
/* Records printed at most: the printers are slow next to the draw. Instances
 * count on their own too, since each prints a heading even with no vertices
 * (an indirect draw's arguments can ask for a billion instances of none). */
#define FZ_MAX_PRINTED 2048u

static int small_enough_to_print(uint32_t positions, uint32_t instances)
{
    return instances <= FZ_MAX_PRINTED && (uint64_t)positions * instances <= FZ_MAX_PRINTED;
}

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

/* A Vulkan case as `vfetch run` draws it: the vertex input state, then
 * vf_vk_draw into an exact-size buffer (a failed draw writes nothing) and
 * every output of the records. */
static void fuzz_vulkan_case(const struct vf_case *c)
{
    const vf_layout *layout = NULL;
    vf_diagnostics *diag = malloc(sizeof(*diag));
    size_t out_size = 0;

    if (!diag)
        abort();
    vf_result r = vf_case_vulkan_compile(c, VF_ISA_SCALAR,
                                         VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS,
                                         &layout, diag);
    if (r == VF_OK)
        r = vf_draw_output_size(layout, c->draw.vertex_count_per_instance,
                                c->draw.instance_count, &out_size);
    if (r == VF_OK && out_size <= FZ_MAX_OUTPUT) {
        uint8_t *out = aligned_alloc(16, out_size ? (out_size + 15) & ~(size_t)15 : 16);
        if (!out)
            abort();
        memset(out, 0xCD, out_size);
        r = vf_case_vulkan_draw(c, NULL, out, out_size, diag);
        for (size_t i = 0; r != VF_OK && i < out_size; i++)
            FZ_CHECK(out[i] == 0xCD, "failed Vulkan draw (%d) wrote byte %zu", r, i);
        if (r == VF_OK &&
            small_enough_to_print(c->draw.vertex_count_per_instance, c->draw.instance_count)) {
            FILE *devnull = fopen("/dev/null", "w");
            FZ_CHECK(devnull != NULL, "cannot open /dev/null");
            struct vf_records rec = { c, layout, (const uint32_t *)(const void *)out,
                                      c->draw.vertex_count_per_instance, c->draw.instance_count,
                                      vf_layout_register_count(layout) };
            FZ_CHECK(vf_output_table(devnull, &rec, 0) == 0, "table output failed");
            FZ_CHECK(vf_output_json(devnull, &rec) == 0, "JSON output failed");
            FZ_CHECK(vf_raw_write(devnull, &rec, NULL) == 0, "raw output failed");
            fclose(devnull);
        }
        free(out);
    }
    vf_case_vulkan_release(c);
    free(diag);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Keep the fuzzer on inputs a person could write. */
    if (size > 65536)
        return 0;
    char *json = malloc(size ? size : 1);
    if (!json)
        abort();
    if (size)
        memcpy(json, data, size);

    const char *base = getenv("FUZZ_CASE_BASE_DIR");
    struct vf_case c;
    char err[VF_CASE_ERR_SIZE];
    memset(&c, 0xA5, sizeof(c));
    memset(err, 0xA5, sizeof(err));
    int rc = vf_case_load_string(json, size, base ? base : FUZZ_CASE_BASE_DIR, &c, err,
                                 sizeof(err));
    free(json);
    if (rc != 0) {
        FZ_CHECK(all_zero(&c, sizeof(c)), "failed load left the case not zeroed");
        FZ_CHECK(memchr(err, '\0', sizeof(err)) != NULL, "error message not NUL-terminated");
        FZ_CHECK(err[0] != '\0', "empty error message");
        /* One line per problem: none empty, at most the cap and the count. */
        unsigned lines = 1;
        for (const char *p = err; *p != '\0'; p++) {
            FZ_CHECK(*p != '\n' || (p[1] != '\0' && p[1] != '\n' && p != err),
                     "empty line in the error message: %s", err);
            lines += *p == '\n';
        }
        FZ_CHECK(lines <= VF_CASE_MAX_PROBLEMS + 1, "%u lines in the error message", lines);
        vf_case_free(&c); /* a zeroed case is fine */
        return 0;
    }

    FZ_CHECK(c.num_vertex_buffers <= VF_MAX_INPUT_SLOTS, "%u vertex buffers",
             c.num_vertex_buffers);
    FZ_CHECK(c.num_elements == 0 || c.elements != NULL, "elements");
    for (uint32_t s = 0; s < c.num_vertex_buffers; s++) {
        const struct vf_case_buffer *b = &c.vb[s];
        const vf_vertex_buffer_view *v = &c.vertex_buffers[s];
        if (b->bound && b->size_in_bytes)
            FZ_CHECK(b->bytes != NULL, "slot %u bound without bytes", s);
        FZ_CHECK(v->data == (b->bound ? (const void *)b->bytes : NULL), "slot %u view data", s);
        FZ_CHECK(v->size_in_bytes == b->size_in_bytes && v->stride_in_bytes == b->stride_in_bytes,
                 "slot %u view fields", s);
        /* Touch every byte: ASan checks the allocation holds them all. */
        volatile uint8_t sink = 0;
        for (uint32_t i = 0; b->bytes && i < b->size_in_bytes; i++)
            sink ^= b->bytes[i];
        (void)sink;
    }
    vf_draw_desc desc;
    vf_case_draw_desc(&c, &desc);
    FZ_CHECK(desc.num_vertex_buffers == c.num_vertex_buffers, "draw desc");
    if (c.vulkan != NULL) {
        fuzz_vulkan_case(&c);
        vf_case_free(&c);
        FZ_CHECK(all_zero(&c, sizeof(c)), "vf_case_free left the case not zeroed");
        return 0;
    }

    vf_layout_options options;
    vf_case_layout_options(&c, &options);
    /* As `vfetch run` compiles it. */
    options.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    vf_layout *layout = NULL;
    vf_diagnostics *diag = malloc(sizeof(*diag));
    if (!diag)
        abort();
    vf_result r = vf_layout_create(c.elements, c.num_elements, &options, &layout, diag);
    free(diag);
    if (r == VF_OK) {
        size_t out_size = 0;
        r = vf_draw_output_size(layout, desc.vertex_count_per_instance, desc.instance_count,
                                &out_size);
        if (r == VF_OK && out_size <= FZ_MAX_OUTPUT) {
            uint8_t *out = aligned_alloc(16, out_size ? out_size : 16);
            if (!out)
                abort();
            memset(out, 0xCD, out_size);
            r = vf_draw(layout, &desc, out, out_size);
            if (r != VF_OK) {
                for (size_t i = 0; i < out_size; i++)
                    FZ_CHECK(out[i] == 0xCD, "failed draw (%d) wrote byte %zu", r, i);
            } else if (small_enough_to_print(desc.vertex_count_per_instance,
                                            desc.instance_count)) {
                FILE *devnull = fopen("/dev/null", "w");
                FZ_CHECK(devnull != NULL, "cannot open /dev/null");
                struct vf_records rec = { &c, layout, (const uint32_t *)(const void *)out,
                                          desc.vertex_count_per_instance, desc.instance_count,
                                          vf_layout_register_count(layout) };
                FZ_CHECK(vf_output_table(devnull, &rec, 0) == 0, "table output failed");
                FZ_CHECK(vf_output_table(devnull, &rec, 1) == 0, "hex table output failed");
                FZ_CHECK(vf_output_json(devnull, &rec) == 0, "JSON output failed");
                FZ_CHECK(vf_raw_write(devnull, &rec, NULL) == 0, "raw output failed");
                FZ_CHECK(vf_output_layout(devnull, layout) == 0, "layout output failed");
                fclose(devnull);
            }
            free(out);
        }
        vf_layout_destroy(layout);
    }
    vf_case_free(&c);
    FZ_CHECK(all_zero(&c, sizeof(c)), "vf_case_free left the case not zeroed");
    return 0;
}
