/*
 * vk_prim.c - captures the primitives a Vulkan driver assembles for a
 * case's draw (vfetch-vk --primitives).
 *
 * Primitive assembly depends on the topology, the counts and which index
 * positions cut, never on vertex data or index values otherwise. So the
 * draw fetches no attribute: each vertex carries its index *position*,
 * which is what vf_draw_primitives lists. A non-indexed draw gets it from
 * gl_VertexIndex - firstVertex. An indexed draw cannot (positions sharing
 * an index value share gl_VertexIndex, and any attribute stream is indexed
 * by that value too), so it is drawn with an index buffer of the same
 * format and length whose entry at position p is p, and the restart value
 * at exactly the positions where D3D cuts: the driver sees the same cuts
 * and counts, and each vertex names its position.
 *
 * Capture stage: a geometry shader for points, lines, triangles and their
 * adjacency forms; a tessellation control shader (invocation 0 of each
 * patch, outer levels 0 so the patch is culled) for patch lists. Each
 * primitive takes a slot with an atomic counter and writes SV_InstanceID,
 * its primitive ID and its vertices' positions in the order it received
 * them. Rasterisation is discarded.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vk_prim.h"
#include "vk_shader.h"
#include "vk_pipeline.h"
#include "vk_draw.h"
#include "vk_output.h"
#include "vk_note.h"
#include "d3d_index.h"
#include "case_vulkan.h"

/* Output buffer words before the records: [0] the counter. */
#define PRIM_HEADER_WORDS 4u

struct prim_state {
    struct vkf_buf ib, out;
    uint32_t *spirv[VKF_MAX_STAGES];   /* vertex, capture, tessellation evaluation */
    size_t spirv_size[VKF_MAX_STAGES];
    struct vkf_pipeline pipe;
};

static void prim_state_destroy(struct vkf_device *d, struct prim_state *s)
{
    vkf_buf_destroy(d, &s->ib);
    vkf_buf_destroy(d, &s->out);
    vkf_pipeline_destroy(d, &s->pipe);
    for (uint32_t i = 0; i < VKF_MAX_STAGES; i++)
        free(s->spirv[i]);
}

/* The Vulkan topology of a D3D one, with the geometry shader's input
 * primitive type; NULL name for a value Vulkan lacks. */
struct topo_map {
    VkPrimitiveTopology vk;
    const char *name;
    const char *gs_input;
};

static struct topo_map map_topology(uint32_t t)
{
    struct topo_map m = { VK_PRIMITIVE_TOPOLOGY_POINT_LIST, NULL, NULL };
    switch (t) {
    case VF_TOPOLOGY_POINTLIST:
        return (struct topo_map){ VK_PRIMITIVE_TOPOLOGY_POINT_LIST, "POINT_LIST", "points" };
    case VF_TOPOLOGY_LINELIST:
        return (struct topo_map){ VK_PRIMITIVE_TOPOLOGY_LINE_LIST, "LINE_LIST", "lines" };
    case VF_TOPOLOGY_LINESTRIP:
        return (struct topo_map){ VK_PRIMITIVE_TOPOLOGY_LINE_STRIP, "LINE_STRIP", "lines" };
    case VF_TOPOLOGY_TRIANGLELIST:
        return (struct topo_map){ VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, "TRIANGLE_LIST",
                                  "triangles" };
    case VF_TOPOLOGY_TRIANGLESTRIP:
        return (struct topo_map){ VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, "TRIANGLE_STRIP",
                                  "triangles" };
    case VF_TOPOLOGY_LINELIST_ADJ:
        return (struct topo_map){ VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY,
                                  "LINE_LIST_WITH_ADJACENCY", "lines_adjacency" };
    case VF_TOPOLOGY_LINESTRIP_ADJ:
        return (struct topo_map){ VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY,
                                  "LINE_STRIP_WITH_ADJACENCY", "lines_adjacency" };
    case VF_TOPOLOGY_TRIANGLELIST_ADJ:
        return (struct topo_map){ VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY,
                                  "TRIANGLE_LIST_WITH_ADJACENCY", "triangles_adjacency" };
    case VF_TOPOLOGY_TRIANGLESTRIP_ADJ:
        return (struct topo_map){ VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY,
                                  "TRIANGLE_STRIP_WITH_ADJACENCY", "triangles_adjacency" };
    default:
        break;
    }
    if (t >= VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST && t <= VF_TOPOLOGY_32_CONTROL_POINT_PATCHLIST)
        return (struct topo_map){ VK_PRIMITIVE_TOPOLOGY_PATCH_LIST, "PATCH_LIST", NULL };
    return m;
}

/* The draw the capture runs, in the terms both case kinds reduce to. */
struct cap_draw {
    struct topo_map tm;
    uint32_t vpp;
    int patch;
    int restart;             /* primitiveRestartEnable */
    int indexed;
    uint32_t index_size;     /* the case's index bytes: 1, 2 or 4 */
    uint32_t vertex_count, instance_count;
    uint32_t first_vertex;   /* a non-indexed draw's firstVertex */
    uint32_t first_instance;
    int provoking_last;      /* VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT */
    /* Whether the case's index at position p restarts (restart only). */
    int (*cut_at)(const struct vf_case *c, uint32_t p);
    const struct vf_case *c;
};

/* ------------------------------------------------------------------------ */
/* Shaders                                                                   */
/* ------------------------------------------------------------------------ */

/* Every vertex: its position and D3D instance number. */
static const char vs_glsl[] =
    "#version 450\n"
    "layout(constant_id = 0) const uint first_vertex = 0u;\n"
    "layout(constant_id = 1) const uint first_instance = 0u;\n"
    "layout(location = 0) out uint v_pos;\n"
    "layout(location = 1) out uint v_inst;\n"
    "void main() {\n"
    "    v_pos = uint(gl_VertexIndex) - first_vertex;\n"
    "    v_inst = uint(gl_InstanceIndex) - first_instance;\n"
    "    gl_Position = vec4(0.0);\n"
    "}\n";

/* The store both capture stages share; PRIM_ID names the stage's
 * primitive ID. A primitive whose vertices disagree on the instance
 * stores instance 0xFFFFFFFF, which no expected primitive has. */
#define PRIM_STORE_GLSL(PRIM_ID)                                                   \
    "layout(constant_id = 0) const uint capacity = 0u;\n"                          \
    "layout(std430, set = 0, binding = 0) buffer Out { uint count; uint pad[3]; "  \
    "uint rec[]; } o;\n"                                                           \
    "void store() {\n"                                                             \
    "    uint k = atomicAdd(o.count, 1u);\n"                                       \
    "    if (k >= capacity) return;\n"                                             \
    "    uint b = k * (VPP + 2u);\n"                                               \
    "    uint inst = v_inst[0];\n"                                                 \
    "    for (uint t = 1u; t < VPP; t++)\n"                                        \
    "        if (v_inst[t] != inst) inst = 0xFFFFFFFFu;\n"                         \
    "    o.rec[b] = inst;\n"                                                       \
    "    o.rec[b + 1u] = uint(" PRIM_ID ");\n"                                     \
    "    for (uint t = 0u; t < VPP; t++)\n"                                        \
    "        o.rec[b + 2u + t] = v_pos[t];\n"                                      \
    "}\n"

static char *gs_glsl(const char *input, uint32_t vpp)
{
    static const char fmt[] =
        "#version 450\n"
        "#define VPP %uu\n"
        "layout(%s) in;\n"
        "layout(points, max_vertices = 1) out;\n"
        "layout(location = 0) in uint v_pos[];\n"
        "layout(location = 1) in uint v_inst[];\n"
        PRIM_STORE_GLSL("gl_PrimitiveIDIn")
        "void main() { store(); }\n";
    size_t n = sizeof(fmt) + 64;
    char *s = malloc(n);
    if (s != NULL)
        snprintf(s, n, fmt, vpp, input);
    return s;
}

static char *tcs_glsl(uint32_t vpp)
{
    static const char fmt[] =
        "#version 450\n"
        "#define VPP %uu\n"
        "layout(vertices = 1) out;\n"
        "layout(location = 0) in uint v_pos[];\n"
        "layout(location = 1) in uint v_inst[];\n"
        PRIM_STORE_GLSL("gl_PrimitiveID")
        "void main() {\n"
        "    if (gl_InvocationID == 0) store();\n"
        "    gl_TessLevelOuter[0] = 0.0; gl_TessLevelOuter[1] = 0.0;\n"
        "    gl_TessLevelOuter[2] = 0.0; gl_TessLevelOuter[3] = 0.0;\n"
        "    gl_TessLevelInner[0] = 0.0; gl_TessLevelInner[1] = 0.0;\n"
        "}\n";
    size_t n = sizeof(fmt) + 64;
    char *s = malloc(n);
    if (s != NULL)
        snprintf(s, n, fmt, vpp);
    return s;
}

/* Never runs: every patch has outer level 0 and is culled. */
static const char tes_glsl[] =
    "#version 450\n"
    "layout(quads) in;\n"
    "void main() { gl_Position = vec4(0.0); }\n";

/* The vertex shader, the capture stage and for patches the evaluation
 * stage, as SPIR-V. */
static int compile_stages(struct prim_state *s, const struct topo_map *tm, uint32_t vpp,
                          int patch, char *err, size_t err_size)
{
    char *g = patch ? tcs_glsl(vpp) : gs_glsl(tm->gs_input, vpp);
    int bad = vkf_shader_compile_stage(vs_glsl, "vert", &s->spirv[0], &s->spirv_size[0], err,
                                       err_size) ||
              vkf_shader_compile_stage(g, patch ? "tesc" : "geom", &s->spirv[1],
                                       &s->spirv_size[1], err, err_size) ||
              (patch && vkf_shader_compile_stage(tes_glsl, "tese", &s->spirv[2],
                                                 &s->spirv_size[2], err, err_size));
    free(g);
    return bad ? -1 : 0;
}

/* ------------------------------------------------------------------------ */
/* Index positions                                                           */
/* ------------------------------------------------------------------------ */

/* The index buffer of positions: entry p is p, or the restart value where
 * the case's draw restarts. 16-bit positions (8-bit ones could not number
 * 256 positions and more) unless the case's are 32-bit or there are more
 * than 0xFFFE. Sets *index_type. */
static int position_indices(struct vkf_device *d, const struct cap_draw *cd, struct vkf_buf *ib,
                            VkIndexType *index_type, struct vkf_prim_result *res, char *err,
                            size_t err_size)
{
    const uint32_t V = cd->vertex_count;
    uint32_t size = cd->index_size == 4 || V > 0xffffu ? 4 : 2;
    uint32_t cuts = 0;

    if (size == 4 && cd->index_size != 4)
        vkf_note(res->translation, sizeof(res->translation),
                 "positions past 0xFFFE: 32-bit position indices (restart 0xFFFFFFFF); ");
    else if (cd->index_size == 1)
        vkf_note(res->translation, sizeof(res->translation),
                 "8-bit indices: 16-bit position indices (restart 0xFFFF); ");
    if (vkf_buf_create(d, ib, (VkDeviceSize)V * size, VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
                       VKF_MEM_READBACK, err, err_size))
        return -1;
    for (uint32_t p = 0; p < V; p++) {
        int cut = cd->restart && cd->cut_at(cd->c, p);
        uint32_t v = cut ? 0xffffffffu : p;
        cuts += (uint32_t)cut;
        if (size == 2) {
            uint16_t h = (uint16_t)v;
            memcpy((uint8_t *)ib->map + (size_t)p * 2, &h, 2);
        } else {
            memcpy((uint8_t *)ib->map + (size_t)p * 4, &v, 4);
        }
    }
    *index_type = size == 2 ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32;
    vkf_note(res->translation, sizeof(res->translation),
             "indexed: drawn with %u-bit position indices (entry p = p), %u restart value%s; ",
             size * 8, cuts, cuts == 1 ? "" : "s");
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Pipeline and draw                                                         */
/* ------------------------------------------------------------------------ */

/* The pipeline: the stages with their specialisation constants (the
 * vertex shader's first vertex and instance, the capture stage's
 * capacity), no vertex input, the output buffer seen by the capture stage. */
static int create_pipeline(struct vkf_device *d, struct prim_state *s, const struct cap_draw *cd,
                           const uint32_t *vs_spec, const uint32_t *capacity, char *err,
                           size_t err_size)
{
    static const VkSpecializationMapEntry map[2] = { { 0, 0, 4 }, { 1, 4, 4 } };
    const VkSpecializationInfo vs_si = { 2, map, 8, vs_spec };
    const VkSpecializationInfo cap_si = { 1, map, 4, capacity };
    const VkShaderStageFlagBits capture =
        cd->patch ? VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT : VK_SHADER_STAGE_GEOMETRY_BIT;
    struct vkf_pipeline_desc pd = {
        .stages = {
            { VK_SHADER_STAGE_VERTEX_BIT, s->spirv[0], s->spirv_size[0], &vs_si },
            { capture, s->spirv[1], s->spirv_size[1], &cap_si },
            { VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, s->spirv[2], s->spirv_size[2], NULL },
        },
        .num_stages = cd->patch ? 3u : 2u,
        .storage = { s->out.buffer },
        .num_storage = 1,
        .storage_stages = capture,
        .topology = cd->tm.vk,
        .restart = cd->restart,
        .patch_control_points = cd->patch ? cd->vpp : 0,
        .provoking_last = cd->provoking_last,
    };

    return vkf_pipeline_create(d, &pd, &s->pipe, err, err_size);
}

/* Records the draw, submits it and waits (two minutes at most). An
 * indexed draw starts at its buffer's first position. */
static int submit_draw(struct vkf_device *d, struct prim_state *s, const struct cap_draw *cd,
                       VkIndexType index_type, uint32_t first_vertex, char *err, size_t err_size)
{
    const struct vkf_draw_cmd cmd = {
        .index_buffer = cd->indexed ? s->ib.buffer : VK_NULL_HANDLE,
        .index_type = index_type,
        .vertex_count = cd->vertex_count,
        .instance_count = cd->instance_count,
        .first_vertex = cd->indexed ? 0 : first_vertex,
        .first_instance = cd->first_instance,
    };

    return vkf_draw_wait(d, &s->pipe, &cmd, VKF_DRAW_TIMEOUT_NS, err, err_size);
}

/* The buffer the capture stage stores to: a header, then `capacity`
 * primitives. */
static int create_output(struct vkf_device *d, struct prim_state *s, uint32_t capacity,
                         uint32_t vpp, char *err, size_t err_size)
{
    uint64_t total = ((uint64_t)capacity * VKF_PRIM_WORDS(vpp) + PRIM_HEADER_WORDS) * 4;

    return vkf_output_create(d, &s->out, total, 0, err, err_size);
}

/* Copies the stored primitives (at most `capacity`) out of the output. */
static int read_back(const struct prim_state *s, uint32_t capacity, struct vkf_prim_result *res,
                     char *err, size_t err_size)
{
    const uint32_t *o = s->out.map;
    size_t words;

    res->count = o[0];
    res->stored = res->count < capacity ? res->count : capacity;
    words = (size_t)res->stored * VKF_PRIM_WORDS(res->vpp);
    res->records = malloc(words ? words * 4 : 4);
    if (res->records == NULL) {
        snprintf(err, err_size, "out of memory");
        return -1;
    }
    memcpy(res->records, o + PRIM_HEADER_WORDS, words * 4);
    return 0;
}

/* Whether the device can capture this topology; the reason in err if not. */
static int can_capture(const struct vkf_device *d, int patch, uint32_t vpp, char *err,
                       size_t err_size)
{
    if (!patch && !d->info.geometry) {
        snprintf(err, err_size, "the device has no geometryShader");
        return 0;
    }
    if (patch && !d->info.tessellation) {
        snprintf(err, err_size, "the device has no tessellationShader");
        return 0;
    }
    if (patch && vpp > d->info.max_patch_size) {
        snprintf(err, err_size, "%u control points: maxTessellationPatchSize is %u", vpp,
                 d->info.max_patch_size);
        return 0;
    }
    return 1;
}

/* How each vertex learns its position: an indexed draw's buffer of
 * positions (*index_type), or a non-indexed draw's first vertex
 * (*first_vertex, which the vertex shader subtracts). 0, or -1 with a
 * message. */
static int number_positions(struct vkf_device *d, const struct cap_draw *cd,
                            struct prim_state *s, VkIndexType *index_type,
                            uint32_t *first_vertex, struct vkf_prim_result *res, char *err,
                            size_t err_size)
{
    if (cd->indexed)
        return position_indices(d, cd, &s->ib, index_type, res, err, err_size);
    /* gl_VertexIndex must not pass 2^31 (Vulkan leaves it undefined):
     * the assembly does not depend on firstVertex. */
    *first_vertex = (uint64_t)cd->first_vertex + cd->vertex_count <= 0x7fffffffu
                        ? cd->first_vertex : 0;
    if (*first_vertex != cd->first_vertex)
        vkf_note(res->translation, sizeof(res->translation),
                 "firstVertex too large for gl_VertexIndex: firstVertex 0; ");
    return 0;
}

/* Captures cd's primitives: the steps both case kinds share. */
static int capture(struct vkf_device *d, const struct cap_draw *cd, uint32_t capacity,
                   struct vkf_prim_result *res, char *err, size_t err_size)
{
    struct prim_state s;
    VkIndexType index_type = VK_INDEX_TYPE_UINT16;
    uint32_t vs_spec[2] = { 0, cd->first_instance }; /* first vertex, instance */
    int ret = VKF_EXIT_USAGE;

    memset(&s, 0, sizeof(s));
    res->vpp = cd->vpp;
    res->restart = cd->restart;
    res->topology = cd->tm.name;
    res->stage = cd->patch ? "tessellation control shader" : "geometry shader";
    if (create_output(d, &s, capacity, cd->vpp, err, err_size) ||
        number_positions(d, cd, &s, &index_type, &vs_spec[0], res, err, err_size) ||
        compile_stages(&s, &cd->tm, cd->vpp, cd->patch, err, err_size))
        goto out;
    ret = VKF_EXIT_MISMATCH; /* from here on a failure is the driver's */
    if (create_pipeline(d, &s, cd, vs_spec, &capacity, err, err_size) ||
        submit_draw(d, &s, cd, index_type, vs_spec[0], err, err_size))
        goto out;
    ret = read_back(&s, capacity, res, err, err_size) ? VKF_EXIT_USAGE : VKF_EXIT_OK;
out:
    prim_state_destroy(d, &s);
    if (ret != VKF_EXIT_OK)
        vkf_prim_result_free(res);
    return ret;
}

/* ------------------------------------------------------------------------ */
/* D3D cases                                                                 */
/* ------------------------------------------------------------------------ */

/* Whether the draw's strip cuts are live, decided as D3D12 decides them
 * (rules §5.2): an indexed strip with a cut value and index data. */
static int d3d_restart(const vf_draw_desc *draw)
{
    return draw->indexed && d3d_is_strip(draw->primitive_topology) &&
           draw->strip_cut_value != VF_STRIP_CUT_VALUE_DISABLED &&
           d3d_has_indices(draw->index_buffer);
}

static int d3d_cut(const struct vf_case *c, uint32_t p)
{
    const vf_index_buffer_view *ib = c->draw.index_buffer;
    uint32_t size = ib->format == VF_FORMAT_R32_UINT ? 4 : 2;
    return d3d_cut_at(ib, c->draw.start_location, p, size);
}

int vkf_prim_run(struct vkf_device *d, const struct vf_case *c, uint32_t capacity,
                 struct vkf_prim_result *res, char *err, size_t err_size)
{
    const vf_draw_desc *draw = &c->draw;
    const vf_index_buffer_view *ib = draw->index_buffer;
    struct cap_draw cd = {
        .tm = map_topology(draw->primitive_topology),
        .vpp = vf_topology_vertices_per_primitive(draw->primitive_topology),
        .restart = d3d_restart(draw),
        .indexed = draw->indexed,
        .index_size = ib && ib->format == VF_FORMAT_R32_UINT ? 4 : 2,
        .vertex_count = draw->vertex_count_per_instance,
        .instance_count = draw->instance_count,
        .first_vertex = draw->start_location,
        .first_instance = draw->start_instance_location,
        .cut_at = d3d_cut,
        .c = c,
    };

    memset(res, 0, sizeof(*res));
    cd.patch = cd.tm.vk == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
    if (cd.vpp == 0 || cd.tm.name == NULL) {
        snprintf(err, err_size, "topology %u has no Vulkan equivalent", draw->primitive_topology);
        return VKF_EXIT_USAGE;
    }
    if (!can_capture(d, cd.patch, cd.vpp, err, err_size))
        return VKF_EXIT_SKIP;
    if (draw->indexed && ib && ib->format != VF_FORMAT_R16_UINT &&
        ib->format != VF_FORMAT_R32_UINT) {
        snprintf(err, err_size, "not an index format");
        return VKF_EXIT_USAGE;
    }
    if (draw->strip_cut_value != VF_STRIP_CUT_VALUE_DISABLED && !cd.restart)
        vkf_note(res->translation, sizeof(res->translation),
                 "a cut value without strip cuts (a list, or no index data): no restart; ");
    return capture(d, &cd, capacity, res, err, err_size);
}

/* ------------------------------------------------------------------------ */
/* Vulkan cases                                                              */
/* ------------------------------------------------------------------------ */

/* A Vulkan topology's name and geometry shader input (its values are
 * VkPrimitiveTopology's). */
static struct topo_map map_vk_topology(uint32_t t)
{
    static const char *const input[] = {
        "points", "lines", "lines", "triangles", "triangles", "triangles",
        "lines_adjacency", "lines_adjacency", "triangles_adjacency", "triangles_adjacency",
    };
    struct topo_map m = { (VkPrimitiveTopology)t, NULL, NULL };

    if (t <= VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST) {
        m.name = vf_names_name(&vf_vk_topology_names, t);
        m.gs_input = t < VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST ? input[t] : NULL;
    }
    return m;
}

static uint32_t vk_index_size(uint32_t type)
{
    return type == VF_VK_INDEX_TYPE_UINT32 ? 4u : type == VF_VK_INDEX_TYPE_UINT16 ? 2u : 1u;
}

/* Whether the index read at position p is all ones of the index type
 * (rules 18.6: compared before vertexOffset; past the buffer it reads 0). */
static int vk_cut(const struct vf_case *c, uint32_t p)
{
    const struct vf_case_vulkan *v = c->vulkan;
    const struct vf_case_vk_buffer *b = &v->buffers[v->ib_buffer];
    const uint32_t size = vk_index_size(v->index_type);
    const uint64_t at = v->ib_offset + ((uint64_t)c->draw.start_location + p) * size;
    uint32_t x = 0;

    if (at + size > b->size)
        return 0;
    memcpy(&x, b->data + at, size); /* little-endian host, as the library assumes */
    return x == (size == 4 ? 0xffffffffu : (1u << (8 * size)) - 1);
}

/* What the device lacks to assemble the case as written (empty: nothing). */
static void vk_needs(const struct vkf_device *d, const struct vf_case *c, const struct cap_draw *cd,
                     char *why, size_t size)
{
    const uint32_t t = c->vulkan->topology;
    const int list = t != VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP &&
                     t != VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP &&
                     t != VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN &&
                     t != VF_VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY &&
                     t != VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY;

    why[0] = '\0';
    if (!can_capture(d, cd->patch, cd->vpp, why, size))
        return;
    if (cd->restart && list && cd->patch && !d->info.list_restart_patch)
        snprintf(why, size, "primitive restart in a PATCH_LIST needs "
                 "primitiveTopologyPatchListRestart, which the device lacks");
    else if (cd->restart && list && !cd->patch && !d->info.list_restart)
        snprintf(why, size, "primitive restart in %s needs primitiveTopologyListRestart "
                 "(VK_EXT_primitive_topology_list_restart), which the device lacks",
                 cd->tm.name);
    else if (cd->provoking_last && !d->info.provoking_last)
        snprintf(why, size, "provokingVertexMode LAST_VERTEX needs provokingVertexLast "
                 "(VK_EXT_provoking_vertex), which the device lacks");
}

int vkf_prim_run_vulkan(struct vkf_device *d, const struct vf_case *c, uint32_t vpp,
                        uint32_t capacity, struct vkf_prim_result *res, char *err,
                        size_t err_size)
{
    const struct vf_case_vulkan *v = c->vulkan;
    const vf_draw_desc *draw = &c->draw;
    struct cap_draw cd = {
        .tm = map_vk_topology(v->topology),
        .vpp = vpp,
        .patch = v->topology == VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST,
        .restart = draw->indexed && v->primitive_restart,
        .indexed = draw->indexed,
        .index_size = vk_index_size(v->index_type),
        .vertex_count = draw->vertex_count_per_instance,
        .instance_count = draw->instance_count,
        .first_vertex = draw->start_location,
        .first_instance = draw->start_instance_location,
        .provoking_last = v->provoking_mode == VF_VK_PROVOKING_VERTEX_MODE_LAST_VERTEX,
        .cut_at = vk_cut,
        .c = c,
    };

    memset(res, 0, sizeof(*res));
    if (vpp == 0 || cd.tm.name == NULL) {
        snprintf(err, err_size, "topology %u is not a Vulkan topology", v->topology);
        return VKF_EXIT_USAGE;
    }
    if (draw->indexed && (!v->ib_set || v->ib_buffer >= v->num_buffers)) {
        snprintf(err, err_size, "an indexed draw without an index buffer");
        return VKF_EXIT_USAGE;
    }
    vk_needs(d, c, &cd, err, err_size);
    if (err[0])
        return VKF_EXIT_SKIP;
    if (v->primitive_restart && !draw->indexed)
        vkf_note(res->translation, sizeof(res->translation),
                 "primitiveRestartEnable on a non-indexed draw: no restart; ");
    if (cd.provoking_last)
        vkf_note(res->translation, sizeof(res->translation),
                 "provoking vertex LAST_VERTEX (VK_EXT_provoking_vertex); ");
    return capture(d, &cd, capacity, res, err, err_size);
}

void vkf_prim_result_free(struct vkf_prim_result *res)
{
    free(res->records);
    res->records = NULL;
}
