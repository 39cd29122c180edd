/*
 * vk_native_run.c - a Vulkan case on the device as written: the case's
 * binding, attribute and divisor arrays go to the pipeline by cast (their
 * layouts are Vulkan's), each bound buffer's bytes from its pOffsets entry
 * on become a buffer bound at 0 (the driver reads the same bytes), the
 * index buffer likewise from its offset, and the draw keeps every
 * parameter. The shader stores each location register's four words bit
 * for bit with gl_VertexIndex and gl_InstanceIndex, keyed by (instance,
 * vertex index): a point list, or a line strip with primitive restart
 * where the case enables restart (only the vertex stage runs, so the
 * topology changes no fetched value).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_vulkan.h"
#include "vk_draw.h"
#include "vk_native_run.h"
#include "vk_note.h"
#include "vk_output.h"
#include "vk_pipeline.h"
#include "vk_shader.h"

/* Distinct vertex indices the output may key (a larger span is a skip). */
#define SPAN_LIMIT (1u << 20)

struct keys {
    uint32_t base;    /* subtracted from gl_VertexIndex */
    uint32_t span;    /* keys per instance */
    uint32_t *key;    /* per position, UINT32_MAX for a cut */
};

static uint32_t read_index(const uint8_t *p, uint32_t size)
{
    uint32_t v = 0;
    memcpy(&v, p, size); /* little-endian host, as the library assumes */
    return v;
}

static uint32_t index_size(uint32_t type)
{
    return type == VF_VK_INDEX_TYPE_UINT32 ? 4u : type == VF_VK_INDEX_TYPE_UINT16 ? 2u : 1u;
}

/* Keys of each position: firstVertex-relative, or the raw index less the
 * smallest one. Indices past the buffer are the case's problem (skip). */
static int make_keys(const struct vf_case *c, struct keys *k, char *err, size_t err_size)
{
    const struct vf_case_vulkan *v = c->vulkan;
    const vf_draw_desc *dr = &c->draw;
    uint32_t n = dr->vertex_count_per_instance, lo = UINT32_MAX, hi = 0;

    k->key = calloc(n ? n : 1, sizeof(uint32_t));
    if (k->key == NULL)
        return snprintf(err, err_size, "out of memory"), VKF_EXIT_USAGE;
    if (!dr->indexed) {
        for (uint32_t i = 0; i < n; i++)
            k->key[i] = i;
        k->base = dr->start_location;
        k->span = n;
        return 0;
    }
    const struct vf_case_vk_buffer *b = &v->buffers[v->ib_buffer];
    uint32_t sz = index_size(v->index_type), cut = sz == 4 ? UINT32_MAX : (1u << (8 * sz)) - 1;
    uint64_t first = v->ib_offset + (uint64_t)dr->start_location * sz;
    if (first + (uint64_t)n * sz > b->size) {
        snprintf(err, err_size, "the draw reads indices past the index buffer (undefined "
                 "without robustness): not replayed");
        return VKF_EXIT_SKIP;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t x = read_index(b->data + first + (uint64_t)i * sz, sz);
        k->key[i] = x;
        if (v->primitive_restart && x == cut)
            continue;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
    }
    if (lo == UINT32_MAX && hi == 0)
        lo = 0;
    if (hi - lo >= SPAN_LIMIT) {
        snprintf(err, err_size, "indices span %u values (more than %u): not replayed", hi - lo,
                 SPAN_LIMIT);
        return VKF_EXIT_SKIP;
    }
    for (uint32_t i = 0; i < n; i++)
        k->key[i] = (v->primitive_restart && k->key[i] == cut) ? UINT32_MAX : k->key[i] - lo;
    k->base = (uint32_t)dr->base_vertex_location + lo;
    k->span = hi - lo + 1;
    return 0;
}

/* A register's input type: a 32-bit vector, or a 64-bit one of the
 * format's component count (GLSL has no 1-component vector: a scalar). */
static void input_type(const struct vkf_native_regs *g, uint32_t r, char *t, size_t size)
{
    static const char *const type32[3] = { "vec4", "ivec4", "uvec4" };
    static const char *const scalar64[3] = { "double", "int64_t", "uint64_t" };
    static const char *const vector64[3] = { "dvec", "i64vec", "u64vec" };

    if (!g->wide[r])
        snprintf(t, size, "%s", type32[g->numeric[r]]);
    else if (g->wide[r] == 1)
        snprintf(t, size, "%s", scalar64[g->numeric[r]]);
    else
        snprintf(t, size, "%s%u", vector64[g->numeric[r]], g->wide[r]);
}

/* The input a 64-bit register reads: its own, or for the second location
 * of an attribute, the first's (the register before it). */
static uint32_t input_of(const struct vkf_native_regs *g, uint32_t r)
{
    return g->half[r] && r > 0 ? r - 1 : r;
}

/* Word c of register r as a uint expression: a 32-bit component's bits,
 * or one 32-bit half (low first) of a 64-bit component; 0 where a 64-bit
 * format has no component, as vfetch writes. */
static void word_expr(const struct vkf_native_regs *g, uint32_t r, uint32_t c, char *e,
                      size_t size)
{
    static const char *const conv32[3] = { "floatBitsToUint", "uint", "uint" };
    /* An int64_t is unpacked through its uint64_t bits. */
    static const char *const unpack64[3] = { "unpackDouble2x32", "uvec2(unpackInt2x32",
                                             "unpackUint2x32" };
    static const char *const close64[3] = { "", ")", "" };
    uint32_t comp = 2 * g->half[r] + c / 2, in = input_of(g, r);

    if (!g->wide[r])
        snprintf(e, size, "%s(a%u.%c)", conv32[g->numeric[r]], r, "xyzw"[c]);
    else if (comp >= g->wide[r])
        snprintf(e, size, "0u");
    else if (g->wide[r] == 1)
        snprintf(e, size, "%s(a%u)%s[%u]", unpack64[g->numeric[r]], in,
                 close64[g->numeric[r]], c % 2);
    else
        snprintf(e, size, "%s(a%u.%c)%s[%u]", unpack64[g->numeric[r]], in, "xyzw"[comp],
                 close64[g->numeric[r]], c % 2);
}

/* The GLSL: one input per register (per attribute for a 64-bit format of
 * two locations), typed by the format's numeric type. */
static char *shader_text(const struct vkf_native_regs *g, const struct keys *k,
                         uint32_t first_instance, uint32_t instances)
{
    size_t size = 1024 + (size_t)g->count * 600;
    char *s = malloc(size), t[32], e[96];
    size_t n = 0;
    int int64 = 0;

    if (s == NULL)
        return NULL;
    for (uint32_t r = 0; r < g->count; r++)
        int64 |= g->wide[r] && g->numeric[r] != 0;
    n += (size_t)snprintf(s + n, size - n, "#version 450\n%s",
                          int64 ? "#extension GL_ARB_gpu_shader_int64 : require\n" : "");
    for (uint32_t r = 0; r < g->count; r++) {
        if (g->half[r])
            continue;
        input_type(g, r, t, sizeof(t));
        n += (size_t)snprintf(s + n, size - n, "layout(location = %u) in %s a%u;\n",
                              g->location[r], t, r);
    }
    n += (size_t)snprintf(
        s + n, size - n,
        "layout(std430, set = 0, binding = 0) buffer Out { uint w[]; } o;\n"
        "void main() {\n"
        "    uint k = uint(gl_VertexIndex) - %uu;\n"
        "    uint j = uint(gl_InstanceIndex) - %uu;\n"
        "    gl_Position = vec4(0.0);\n"
        "    gl_PointSize = 1.0;\n"
        "    if (k >= %uu || j >= %uu) { atomicAdd(o.w[0], 1u); return; }\n"
        "    uint r = 4u + (j * %uu + k) * %uu;\n",
        k->base, first_instance, k->span, instances, k->span, VKF_NATIVE_WORDS(g->count));
    for (uint32_t r = 0; r < g->count; r++)
        for (uint32_t c = 0; c < 4; c++) {
            word_expr(g, r, c, e, sizeof(e));
            n += (size_t)snprintf(s + n, size - n, "    o.w[r + %uu] = %s;\n", 4 * r + c, e);
        }
    snprintf(s + n, size - n,
             "    o.w[r + %uu] = uint(gl_VertexIndex);\n"
             "    o.w[r + %uu] = uint(gl_InstanceIndex);\n"
             "    o.w[r + %uu] = 1u;\n}\n",
             4 * g->count, 4 * g->count + 1, 4 * g->count + 2);
    return s;
}

struct native_state {
    struct vkf_buf vb[VF_VK_MAX_BINDINGS], ib, out;
    struct vkf_pipeline pipe;
    struct keys k;
};

static void state_free(struct vkf_device *d, struct native_state *s)
{
    for (uint32_t b = 0; b < VF_VK_MAX_BINDINGS; b++)
        vkf_buf_destroy(d, &s->vb[b]);
    vkf_buf_destroy(d, &s->ib);
    vkf_buf_destroy(d, &s->out);
    vkf_pipeline_destroy(d, &s->pipe);
    free(s->k.key);
}

/* A buffer holding bytes [from, size) of case buffer `bi`. */
static int upload(struct vkf_device *d, const struct vf_case_vulkan *v, uint32_t bi,
                  uint64_t from, VkBufferUsageFlags usage, struct vkf_buf *b, char *err,
                  size_t err_size)
{
    const struct vf_case_vk_buffer *src = &v->buffers[bi];
    uint64_t n = src->size - from;

    if (vkf_buf_create(d, b, n ? n : 4, usage, VKF_MEM_READBACK, err, err_size))
        return VKF_EXIT_USAGE;
    memcpy(b->map, src->data + from, (size_t)n);
    return 0;
}

static int upload_all(struct vkf_device *d, const struct vf_case *c, struct native_state *s,
                      char *err, size_t err_size)
{
    const struct vf_case_vulkan *v = c->vulkan;

    for (uint32_t a = 0; a < v->num_attributes; a++) {
        uint32_t b = v->attributes[a].binding;
        if (s->vb[b].buffer != VK_NULL_HANDLE || b >= v->num_bound ||
            v->vb_buffer[b] == VF_CASE_VK_NO_BUFFER)
            continue; /* bound as VK_NULL_HANDLE (nullDescriptor) */
        if (upload(d, v, v->vb_buffer[b], v->vb_offset[b], VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                   &s->vb[b], err, err_size))
            return VKF_EXIT_USAGE;
    }
    if (c->draw.indexed &&
        upload(d, v, v->ib_buffer, v->ib_offset, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &s->ib, err,
               err_size))
        return VKF_EXIT_USAGE;
    return 0;
}

static int make_pipeline(struct vkf_device *d, const struct vf_case *c,
                         const struct vkf_native_regs *g, struct native_state *s, char *err,
                         size_t err_size)
{
    const struct vf_case_vulkan *v = c->vulkan;
    VkPipelineVertexInputDivisorStateCreateInfoEXT div = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT,
        .vertexBindingDivisorCount = v->num_divisors,
        .pVertexBindingDivisors = (const VkVertexInputBindingDivisorDescriptionEXT *)v->divisors,
    };
    VkPipelineVertexInputStateCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
        .pNext = v->num_divisors ? &div : NULL,
        .vertexBindingDescriptionCount = v->num_bindings,
        .pVertexBindingDescriptions = (const VkVertexInputBindingDescription *)v->bindings,
        .vertexAttributeDescriptionCount = v->num_attributes,
        .pVertexAttributeDescriptions = (const VkVertexInputAttributeDescription *)v->attributes,
    };
    struct vkf_pipeline_desc pd = {
        .num_stages = 1,
        .storage = { s->out.buffer },
        .num_storage = 1,
        .storage_stages = VK_SHADER_STAGE_VERTEX_BIT,
        .vertex_input = &vi,
        .topology = v->primitive_restart ? VK_PRIMITIVE_TOPOLOGY_LINE_STRIP
                                         : VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
        .restart = v->primitive_restart != 0 && c->draw.indexed,
    };
    char *glsl = shader_text(g, &s->k, c->draw.start_instance_location, c->draw.instance_count);
    uint32_t *spirv = NULL;
    size_t size = 0;
    int ret = VKF_EXIT_USAGE;

    if (vkf_shader_compile(glsl, &spirv, &size, err, err_size) == 0) {
        pd.stages[0] = (struct vkf_stage){ VK_SHADER_STAGE_VERTEX_BIT, spirv, size, NULL };
        ret = vkf_pipeline_create(d, &pd, &s->pipe, err, err_size) ? VKF_EXIT_MISMATCH : 0;
    }
    free(glsl);
    free(spirv);
    return ret;
}

static int draw(struct vkf_device *d, const struct vf_case *c, struct native_state *s, char *err,
                size_t err_size)
{
    const struct vf_case_vulkan *v = c->vulkan;
    struct vkf_draw_cmd cmd = {
        .index_buffer = c->draw.indexed ? s->ib.buffer : VK_NULL_HANDLE,
        .index_type = v->index_type == VF_VK_INDEX_TYPE_UINT32  ? VK_INDEX_TYPE_UINT32
                      : v->index_type == VF_VK_INDEX_TYPE_UINT16 ? VK_INDEX_TYPE_UINT16
                                                                 : VK_INDEX_TYPE_UINT8_EXT,
        .vertex_count = c->draw.vertex_count_per_instance,
        .instance_count = c->draw.instance_count,
        .first_vertex = c->draw.start_location,
        .vertex_offset = c->draw.base_vertex_location,
        .first_instance = c->draw.start_instance_location,
    };

    for (uint32_t b = 0; b < VF_VK_MAX_BINDINGS; b++)
        cmd.vertex_buffers[b] = s->vb[b].buffer;
    /* An attribute's binding without a buffer: VK_NULL_HANDLE, which
     * vkf_native_check_device let through only with nullDescriptor. */
    for (uint32_t a = 0; a < v->num_attributes; a++)
        if (s->vb[v->attributes[a].binding].buffer == VK_NULL_HANDLE)
            cmd.null_bindings |= 1u << v->attributes[a].binding;
    return vkf_draw_wait(d, &s->pipe, &cmd, VKF_DRAW_TIMEOUT_NS, err, err_size)
               ? VKF_EXIT_MISMATCH
               : 0;
}

/* The keyed records in (instance, position) order. */
static int expand(const struct native_state *s, const struct vkf_native_regs *g,
                  struct vkf_native_out *out, char *err, size_t err_size)
{
    const uint32_t *o = s->out.map, W = VKF_NATIVE_WORDS(g->count);
    size_t n = (size_t)out->positions * out->instances * W;

    out->records = calloc(n ? n : 1, sizeof(uint32_t));
    if (out->records == NULL)
        return snprintf(err, err_size, "out of memory"), VKF_EXIT_USAGE;
    out->stray = o[0];
    for (uint32_t j = 0; j < out->instances; j++)
        for (uint32_t i = 0; i < out->positions; i++)
            if (s->k.key[i] != UINT32_MAX)
                memcpy(out->records + ((size_t)j * out->positions + i) * W,
                       o + 4 + ((size_t)j * s->k.span + s->k.key[i]) * W, W * 4);
    return 0;
}

int vkf_native_run(struct vkf_device *d, const struct vf_case *c,
                   const struct vkf_native_regs *g, struct vkf_native_out *out, char *notes,
                   size_t notes_size, char *err, size_t err_size)
{
    struct native_state *s = calloc(1, sizeof(*s));
    uint64_t words;
    int ret;

    memset(out, 0, sizeof(*out));
    out->positions = c->draw.vertex_count_per_instance;
    out->instances = c->draw.instance_count;
    if (s == NULL)
        return snprintf(err, err_size, "out of memory"), VKF_EXIT_USAGE;
    ret = make_keys(c, &s->k, err, err_size);
    words = 4 + (uint64_t)s->k.span * out->instances * VKF_NATIVE_WORDS(g->count);
    if (ret == 0 && vkf_output_create(d, &s->out, words * 4, 1, err, err_size))
        ret = VKF_EXIT_SKIP;
    if (ret == 0) {
        memset(s->out.map, 0, (size_t)(words * 4));
        ret = upload_all(d, c, s, err, err_size);
    }
    if (ret == 0)
        ret = make_pipeline(d, c, g, s, err, err_size);
    if (ret == 0)
        ret = draw(d, c, s, err, err_size);
    if (ret == 0) {
        vkf_note(notes, notes_size, "records keyed by (instance, vertex index), %u per "
                 "instance; ", s->k.span);
        ret = expand(s, g, out, err, err_size);
    }
    state_free(d, s);
    free(s);
    return ret;
}
