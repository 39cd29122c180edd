/*
 * vk_shader.c - the vertex shader vfetch-vk generates for a case.
 *
 * The shader stores what the driver's vertex fetch delivered, untouched:
 * floatBitsToUint of float inputs is a move, so denormals and NaN payloads
 * reach the buffer as the driver produced them (docs/d3d-ia-rules.md 2, shader-side
 * caveat: no arithmetic on the values). It also stores the D3D system
 * values, translated from Vulkan's: gl_VertexIndex includes firstVertex /
 * vertexOffset and gl_InstanceIndex includes firstInstance, D3D's
 * SV_VertexID / SV_InstanceID do not (rules 4.2). Where the device has
 * shaderDrawParameters it stores gl_BaseVertex and gl_BaseInstance too,
 * which are D3D's SV_StartVertexLocation and SV_StartInstanceLocation
 * (rules 4.3).
 *
 * A vertex shader may run more than once per vertex and in any order, so
 * each invocation writes to a record chosen by what identifies its data:
 * (instance, vertex number) for DrawInstanced, and (instance, index value)
 * for indexed draws, where the shader only knows the index value. Keying by
 * index value is sound because two positions with the same index fetch the
 * same data; the tool expands the records back to index positions.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shaderc/shaderc.h>

#include "vk_format.h"
#include "vk_shader.h"

struct sbuf {
    char *p;
    size_t len, cap;
    int failed;
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void sb_printf(struct sbuf *s, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (s->failed)
        return;
    va_start(ap, fmt);
    n = vsnprintf(s->p ? s->p + s->len : NULL, s->p ? s->cap - s->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        s->failed = 1;
        return;
    }
    if (s->p == NULL || s->len + (size_t)n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 4096;
        char *q;
        while (cap < s->len + (size_t)n + 1)
            cap *= 2;
        q = realloc(s->p, cap);
        if (q == NULL) {
            s->failed = 1;
            return;
        }
        s->p = q;
        s->cap = cap;
        va_start(ap, fmt);
        vsnprintf(s->p + s->len, s->cap - s->len, fmt, ap);
        va_end(ap);
    }
    s->len += (size_t)n;
}

/* GLSL expression of one output word of element e. */
static void emit_word(struct sbuf *s, uint32_t e, const struct vkf_shader_element *el,
                      uint32_t c)
{
    static const char sw[] = "xyzw";
    uint32_t sel = VF_DECODE_COMPONENT_MAPPING(c, el->mapping);

    if (sel == VF_COMPONENT_MAPPING_FORCE_VALUE_0) {
        sb_printf(s, "0u");
    } else if (sel == VF_COMPONENT_MAPPING_FORCE_VALUE_1) {
        sb_printf(s, "0x%08xu", el->one);
    } else if (sel == 3 && el->force_w_one) {
        sb_printf(s, "0x3f800000u");
    } else if (el->numeric == VKF_NUM_FLOAT) {
        sb_printf(s, "floatBitsToUint(a%u.%c)", e, sw[sel]);
    } else if (el->numeric == VKF_NUM_UINT) {
        sb_printf(s, "a%u.%c", e, sw[sel]);
    } else {
        sb_printf(s, "uint(a%u.%c)", e, sw[sel]);
    }
}

char *vkf_shader_glsl(const struct vkf_shader_desc *d)
{
    static const char *const type[3] = { "vec4", "uvec4", "ivec4" };
    struct sbuf s = { NULL, 0, 0, 0 };
    uint32_t words = VKF_RECORD_WORDS(d->num_elements);

    /* Draw constants are specialisation constants (vkf_shader_spec), so
     * the text - and its compiled SPIR-V, cached - depends on the
     * attribute types and mappings only. */
    sb_printf(&s, "#version 450\n");
    if (d->draw_parameters)
        sb_printf(&s, "#extension GL_ARB_shader_draw_parameters : require\n");
    sb_printf(&s, "layout(constant_id = 0) const uint BASE = 0u;\n"
                  "layout(constant_id = 1) const uint FIRST_INSTANCE = 0u;\n"
                  "layout(constant_id = 2) const uint SPAN = 0u;\n"
                  "layout(constant_id = 3) const uint NUM_KEYS = 0u;\n"
                  "layout(constant_id = 4) const uint INSTANCES = 0u;\n");
    for (uint32_t e = 0; e < d->num_elements; e++)
        if (d->elements[e].fetched)
            sb_printf(&s, "layout(location = %u) in %s a%u;\n", e,
                      type[d->elements[e].numeric], e);
    sb_printf(&s,
              "layout(std430, set = 0, binding = 0) buffer Out { uint o[]; };\n"
              "layout(std430, set = 0, binding = 1) readonly buffer Keys { uint k[]; };\n"
              "void main()\n"
              "{\n"
              "    uint vid = uint(gl_VertexIndex) - BASE;\n"
              "    uint iid = uint(gl_InstanceIndex) - FIRST_INSTANCE;\n"
              "    uint pos = vid;\n"
              "    gl_Position = vec4(0.0);\n"
              "    gl_PointSize = 1.0;\n");
    if (d->indexed) {
        sb_printf(&s,
                  "    uint lo = 0u, hi = NUM_KEYS;\n"
                  "    while (lo < hi) {\n"
                  "        uint mid = lo + ((hi - lo) >> 1);\n"
                  "        if (k[mid] < vid) lo = mid + 1u; else hi = mid;\n"
                  "    }\n"
                  "    pos = (lo < NUM_KEYS && k[lo] == vid) ? lo : 0xffffffffu;\n");
    }
    sb_printf(&s,
              "    if (pos >= SPAN || iid >= INSTANCES) {\n"
              "        atomicAdd(o[0], 1u);\n"
              "        return;\n"
              "    }\n"
              "    uint b = %uu + (iid * SPAN + pos) * %uu;\n",
              VKF_OUTPUT_HEADER_WORDS, words);
    for (uint32_t e = 0; e < d->num_elements; e++) {
        const struct vkf_shader_element *el = &d->elements[e];
        for (uint32_t c = 0; c < 4; c++) {
            sb_printf(&s, "    o[b + %uu] = ", 4 * e + c);
            if (el->fetched)
                emit_word(&s, e, el, c);
            else
                sb_printf(&s, "0u"); /* not fetched: D3D's unbound zeros or not compared */
            sb_printf(&s, ";\n");
        }
    }
    /* The draw's own base vertex and instance, as the driver gives them
     * (gl_BaseVertexARB is the int vertexOffset: its bits, as D3D's). */
    sb_printf(&s,
              "    o[b + %uu] = vid;\n"
              "    o[b + %uu] = iid;\n"
              "    o[b + %uu] = %s;\n"
              "    o[b + %uu] = %s;\n"
              "    o[b + %uu] = 1u;\n"
              "}\n",
              4 * d->num_elements + VKF_WORD_VERTEX_ID, 4 * d->num_elements + VKF_WORD_INSTANCE_ID,
              4 * d->num_elements + VKF_WORD_BASE_VERTEX,
              d->draw_parameters ? "uint(gl_BaseVertexARB)" : "0u",
              4 * d->num_elements + VKF_WORD_BASE_INSTANCE,
              d->draw_parameters ? "uint(gl_BaseInstanceARB)" : "0u",
              4 * d->num_elements + VKF_WORD_SHADED);
    if (s.failed) {
        free(s.p);
        return NULL;
    }
    return s.p;
}

/* The shaderc stage of glslc's -fshader-stage name, or -1. */
static int shader_kind(const char *stage)
{
    static const struct {
        const char *name;
        shaderc_shader_kind kind;
    } stages[] = {
        { "vert", shaderc_vertex_shader },
        { "geom", shaderc_geometry_shader },
        { "tesc", shaderc_tess_control_shader },
        { "tese", shaderc_tess_evaluation_shader },
    };
    for (size_t i = 0; i < sizeof(stages) / sizeof(stages[0]); i++)
        if (strcmp(stages[i].name, stage) == 0)
            return (int)stages[i].kind;
    return -1;
}

/* One compiler for the process, made on first use. */
static shaderc_compiler_t vkf_compiler;

/* Compiles in-process with libshaderc: the tool runs no program. */
static int shaderc_compile(const char *glsl, const char *stage, uint32_t **spirv_ret,
                           size_t *size_ret, char *err, size_t err_size)
{
    int kind = shader_kind(stage);
    shaderc_compile_options_t opt;
    shaderc_compilation_result_t r;
    int ret = 1;

    *spirv_ret = NULL;
    *size_ret = 0;
    if (kind < 0) {
        snprintf(err, err_size, "unknown shader stage %s", stage);
        return 1;
    }
    if (vkf_compiler == NULL)
        vkf_compiler = shaderc_compiler_initialize();
    opt = shaderc_compile_options_initialize();
    if (vkf_compiler == NULL || opt == NULL) {
        shaderc_compile_options_release(opt);
        snprintf(err, err_size, "cannot start the shader compiler");
        return 1;
    }
    /* Vulkan 1.1 environment; no optimiser: the shader is moves, keep
     * them literal. */
    shaderc_compile_options_set_target_env(opt, shaderc_target_env_vulkan,
                                           shaderc_env_version_vulkan_1_1);
    shaderc_compile_options_set_optimization_level(opt, shaderc_optimization_level_zero);
    r = shaderc_compile_into_spv(vkf_compiler, glsl, strlen(glsl), (shaderc_shader_kind)kind,
                                 stage, "main", opt);
    if (r == NULL) {
        snprintf(err, err_size, "shader compilation failed: out of memory");
    } else if (shaderc_result_get_compilation_status(r) != shaderc_compilation_status_success) {
        snprintf(err, err_size, "shader compilation failed: %.600s",
                 shaderc_result_get_error_message(r));
    } else {
        size_t n = shaderc_result_get_length(r);
        uint32_t *words = malloc(n ? n : 4);
        if (words == NULL || n == 0 || n % 4 != 0) {
            free(words);
            snprintf(err, err_size, "the shader compiler returned no SPIR-V");
        } else {
            memcpy(words, shaderc_result_get_bytes(r), n);
            *spirv_ret = words;
            *size_ret = n;
            ret = 0;
        }
    }
    shaderc_result_release(r);
    shaderc_compile_options_release(opt);
    return ret;
}

/* Compiled shaders by text: a run over many cases compiles each distinct
 * shader once (compiling is the slow part of a small case). */
#define VKF_CACHE_SIZE 64
static struct {
    char *glsl;
    const char *stage;
    uint32_t *spirv;
    size_t size;
} vkf_cache[VKF_CACHE_SIZE];
static unsigned vkf_cache_next;

int vkf_shader_compile(const char *glsl, uint32_t **spirv_ret, size_t *size_ret, char *err,
                       size_t err_size)
{
    return vkf_shader_compile_stage(glsl, "vert", spirv_ret, size_ret, err, err_size);
}

int vkf_shader_compile_stage(const char *glsl, const char *stage, uint32_t **spirv_ret,
                             size_t *size_ret, char *err, size_t err_size)
{
    unsigned slot;
    uint32_t *copy;

    /* Both callers pass what a generator returned: NULL is its malloc's. */
    if (glsl == NULL) {
        snprintf(err, err_size, "out of memory");
        return -1;
    }
    if (getenv("VFETCH_VK_DUMP_GLSL"))
        fputs(glsl, stderr);

    for (unsigned i = 0; i < VKF_CACHE_SIZE; i++) {
        if (vkf_cache[i].glsl != NULL && strcmp(vkf_cache[i].glsl, glsl) == 0 &&
            strcmp(vkf_cache[i].stage, stage) == 0) {
            copy = malloc(vkf_cache[i].size);
            if (copy == NULL) {
                snprintf(err, err_size, "out of memory");
                return 1;
            }
            memcpy(copy, vkf_cache[i].spirv, vkf_cache[i].size);
            *spirv_ret = copy;
            *size_ret = vkf_cache[i].size;
            return 0;
        }
    }
    if (shaderc_compile(glsl, stage, spirv_ret, size_ret, err, err_size) != 0)
        return 1;
    slot = vkf_cache_next++ % VKF_CACHE_SIZE;
    free(vkf_cache[slot].glsl);
    free(vkf_cache[slot].spirv);
    vkf_cache[slot].glsl = strdup(glsl);
    vkf_cache[slot].stage = stage;
    vkf_cache[slot].spirv = malloc(*size_ret);
    if (vkf_cache[slot].glsl == NULL || vkf_cache[slot].spirv == NULL) {
        free(vkf_cache[slot].glsl);
        free(vkf_cache[slot].spirv);
        vkf_cache[slot].glsl = NULL;
        vkf_cache[slot].spirv = NULL;
        return 0; /* not cached; the result is still good */
    }
    memcpy(vkf_cache[slot].spirv, *spirv_ret, *size_ret);
    vkf_cache[slot].size = *size_ret;
    return 0;
}

void vkf_shader_cache_clear(void)
{
    for (unsigned i = 0; i < VKF_CACHE_SIZE; i++) {
        free(vkf_cache[i].glsl);
        free(vkf_cache[i].spirv);
        vkf_cache[i].glsl = NULL;
        vkf_cache[i].spirv = NULL;
    }
    if (vkf_compiler != NULL)
        shaderc_compiler_release(vkf_compiler);
    vkf_compiler = NULL;
}
