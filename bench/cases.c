/*
 * cases.c - vfetch-bench's catalogue: the layouts real engines use, the draw
 * shapes and sizes, and which cases the options select (case_build.c
 * builds one).
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "plan.h"

/* ------------------------------------------------------------------------ */
/* Layouts                                                                    */
/* ------------------------------------------------------------------------ */

#define APPEND VF_APPEND_ALIGNED_ELEMENT
#define PV VF_INPUT_PER_VERTEX_DATA
#define PI VF_INPUT_PER_INSTANCE_DATA

const struct layout_def bench_layouts[] = {
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
const size_t bench_num_layouts = sizeof(bench_layouts) / sizeof(bench_layouts[0]);

/* ------------------------------------------------------------------------ */
/* Draw shapes and sizes                                                      */
/* ------------------------------------------------------------------------ */

const char *const bench_shape_names[NUM_SHAPES] = {
    "linear", "indexed", "random", "instanced", "strips", "chunked", "indexed-reuse",
};

/* The quick set: one case per layout plus every shape of the static mesh. */
static const char *const quick_cases[] = {
    "static/linear", "static/indexed", "static/random", "static/strips", "static/chunked",
    "static/indexed-reuse",
    "skinned/indexed", "instanced/instanced", "multistream/indexed", "particles/linear",
};
#define NUM_QUICK (sizeof(quick_cases) / sizeof(quick_cases[0]))

const char *const bench_size_names[2] = { "in-cache", "streaming" };

const char *const bench_output_names[17] = {
    [VF_OUTPUT_AOS] = "aos", [VF_OUTPUT_SOA4] = "soa4", [VF_OUTPUT_SOA8] = "soa8",
    [VF_OUTPUT_SOA16] = "soa16",
};

/* ------------------------------------------------------------------------ */
/* Selecting and sizing cases                                                 */
/* ------------------------------------------------------------------------ */

int case_in_list(const char *list, const char *name, const char *layout, const char *shape)
{
    char buf[512];

    snprintf(buf, sizeof(buf), "%s", list);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ","))
        if (strcmp(tok, name) == 0 || strcmp(tok, layout) == 0 || strcmp(tok, shape) == 0 ||
            strcmp(tok, "all") == 0)
            return 1;
    return 0;
}

int case_selected(const struct bench *b, const char *name, const char *layout,
                  const char *shape)
{
    if (b->opt.cases)
        return case_in_list(b->opt.cases, name, layout, shape);
    if (b->opt.quick) {
        for (size_t i = 0; i < NUM_QUICK; i++)
            if (strcmp(quick_cases[i], name) == 0)
                return 1;
        return 0;
    }
    return 1;
}

/* Vertex positions of a streaming case: the plan's size (plan.c). */
uint32_t case_streaming_positions(const struct bench *b, uint32_t record_bytes)
{
    struct stream_size s;

    plan_streaming_size(b, record_bytes, &s);
    return s.positions;
}

/* One register per element: the size streaming cases are chosen for (the
 * real record size comes from the layout). */
static uint32_t layout_record_bytes(const struct layout_def *ld)
{
    return 16u * ld->count;
}

int case_make(struct bench *b, struct bench_case *c, size_t li, enum shape sh, int sz)
{
    const struct layout_def *ld = &bench_layouts[li];

    memset(c, 0, sizeof(*c));
    snprintf(c->name, sizeof(c->name), "%s/%s", ld->name, bench_shape_names[sh]);
    c->layout_name = ld->name;
    c->shape_name = bench_shape_names[sh];
    c->size_name = bench_size_names[sz];
    c->group = "case";
    c->elems = ld->elems;
    c->num_elems = ld->count;
    uint32_t n = sz == SIZE_IN_CACHE ? b->opt.in_cache_vertices
                                     : case_streaming_positions(b, layout_record_bytes(ld));
    return case_build(b, c, sh, n, 0x5eed0000u + li * 16 + (unsigned)sh);
}

int case_make_format(struct bench *b, struct bench_case *c, const vf_format_desc *d, int sz)
{
    memset(c, 0, sizeof(*c));
    c->one_elem = (vf_input_element_desc){ "ATTRIBUTE", 0, d->format, 0, 0, PV, 0 };
    snprintf(c->name, sizeof(c->name), "%s", d->name);
    c->shape_name = bench_shape_names[SHAPE_LINEAR];
    c->size_name = bench_size_names[sz];
    c->group = "format";
    c->elems = &c->one_elem;
    c->num_elems = 1;
    uint32_t n = sz == SIZE_IN_CACHE ? b->opt.in_cache_vertices
                                     : case_streaming_positions(b, 16);
    return case_build(b, c, SHAPE_LINEAR, n, 0xf0000u + d->format);
}

int case_format_selected(const struct bench *b, const vf_format_desc *d)
{
    if (!d || !(d->ia_support & VF_IA_VERTEX_BUFFER))
        return 0;
    return !b->opt.cases || case_in_list(b->opt.cases, d->name, d->name, d->name);
}

int case_any_selected(const struct bench *b)
{
    int any = 0;

    if (b->opt.formats) {
        for (uint32_t i = 0; i < vf_format_count(); i++)
            any |= case_format_selected(b, vf_format_info_at(i));
        return any;
    }
    for (size_t li = 0; li < bench_num_layouts; li++)
        for (int sh = 0; sh < NUM_SHAPES; sh++) {
            char name[64];
            snprintf(name, sizeof(name), "%s/%s", bench_layouts[li].name, bench_shape_names[sh]);
            any |= case_in_list(b->opt.cases, name, bench_layouts[li].name, bench_shape_names[sh]);
        }
    return any;
}

void case_list(void)
{
    for (size_t li = 0; li < bench_num_layouts; li++)
        for (int sh = 0; sh < NUM_SHAPES; sh++) {
            char name[64];
            snprintf(name, sizeof(name), "%s/%s", bench_layouts[li].name, bench_shape_names[sh]);
            int quick = 0;
            for (size_t q = 0; q < NUM_QUICK; q++)
                quick |= strcmp(quick_cases[q], name) == 0;
            printf("%-22s %s%s\n", name, quick ? "(quick) " : "", bench_layouts[li].what);
        }
}
