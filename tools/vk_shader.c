/*
 * vk_shader.c - the vertex shader vfetch-vk generates for a case.
 *
 * The shader stores what the driver's vertex fetch delivered, untouched:
 * floatBitsToUint of float inputs is a move, so denormals and NaN payloads
 * reach the buffer as the driver produced them (docs/d3d-ia-rules.md 2, shader-side
 * caveat: no arithmetic on the values). It also stores the D3D system
 * values, translated from Vulkan's: gl_VertexIndex includes firstVertex /
 * vertexOffset and gl_InstanceIndex includes firstInstance, D3D's
 * SV_VertexID / SV_InstanceID do not (rules 4.2).
 *
 * A vertex shader may run more than once per vertex and in any order, so
 * each invocation writes to a record chosen by what identifies its data:
 * (instance, vertex number) for DrawInstanced, and (instance, index value)
 * for indexed draws, where the shader only knows the index value. Keying by
 * index value is sound because two positions with the same index fetch the
 * same data; the tool expands the records back to index positions.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, fork, dlopen, strtok_r, fnmatch */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "vk_fetch.h"

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
    sb_printf(&s, "#version 450\n"
                  "layout(constant_id = 0) const uint BASE = 0u;\n"
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
    sb_printf(&s,
              "    o[b + %uu] = vid;\n"
              "    o[b + %uu] = iid;\n"
              "    o[b + %uu] = 1u;\n"
              "}\n",
              4 * d->num_elements, 4 * d->num_elements + 1, 4 * d->num_elements + 2);
    if (s.failed) {
        free(s.p);
        return NULL;
    }
    return s.p;
}

/* The glslc configure found; VFETCH_GLSLC overrides it. (Debian 12's
 * libshaderc.so cannot be linked - it leaves glslang symbols undefined - so
 * the compiler runs as a process.) */
static const char *glslc_path(void)
{
    const char *p = getenv("VFETCH_GLSLC");
#ifdef VF_GLSLC
    if (p == NULL || *p == '\0')
        p = VF_GLSLC;
#endif
    return (p != NULL && *p != '\0') ? p : "glslc";
}

static int read_file(const char *path, uint8_t **data_ret, size_t *size_ret)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data = NULL;
    size_t size = 0, cap = 0;

    if (f == NULL)
        return -1;
    for (;;) {
        size_t n;
        if (size == cap) {
            uint8_t *q;
            cap = cap ? cap * 2 : 16384;
            q = realloc(data, cap);
            if (q == NULL) {
                free(data);
                fclose(f);
                return -1;
            }
            data = q;
        }
        n = fread(data + size, 1, cap - size, f);
        size += n;
        if (n == 0)
            break;
    }
    fclose(f);
    *data_ret = data;
    *size_ret = size;
    return 0;
}

static int glslc_compile(const char *glsl, const char *stage, uint32_t **spirv_ret, size_t *size_ret, char *err,
                         size_t err_size)
{
    const char *tmp = getenv("TMPDIR");
    char dir[4096], src[4200], spv[4200], log[4200], stage_opt[64];
    int ret = 1, status = 0;
    pid_t pid;
    FILE *f;

    *spirv_ret = NULL;
    *size_ret = 0;
    snprintf(dir, sizeof(dir), "%s/vfetch-vk.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(dir) == NULL) {
        snprintf(err, err_size, "cannot create a temporary directory: %s", strerror(errno));
        return 1;
    }
    snprintf(src, sizeof(src), "%s/fetch.vert", dir);
    snprintf(spv, sizeof(spv), "%s/fetch.spv", dir);
    snprintf(log, sizeof(log), "%s/glslc.log", dir);
    f = fopen(src, "w");
    if (f == NULL || fputs(glsl, f) < 0 || fclose(f) != 0) {
        snprintf(err, err_size, "cannot write %s", src);
        goto out;
    }

    pid = fork();
    if (pid < 0) {
        snprintf(err, err_size, "fork: %s", strerror(errno));
        goto out;
    }
    if (pid == 0) {
        /* No optimiser (-O0): the shader is moves; keep them literal. */
        const char *glslc = glslc_path();
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        snprintf(stage_opt, sizeof(stage_opt), "-fshader-stage=%s", stage);
        execlp(glslc, glslc, "--target-env=vulkan1.1", stage_opt, "-O0", "-o", spv,
               src, (char *)NULL);
        fprintf(stderr, "cannot run %s: %s\n", glslc, strerror(errno));
        _exit(127);
    }
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            snprintf(err, err_size, "waitpid: %s", strerror(errno));
            goto out;
        }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        uint8_t *msg = NULL;
        size_t n = 0;
        if (read_file(log, &msg, &n) == 0) {
            while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == '\0'))
                n--;
        }
        snprintf(err, err_size, "shader compilation with %s failed: %.*s", glslc_path(),
                 (int)(n > 600 ? 600 : n), msg ? (const char *)msg : "");
        free(msg);
        goto out;
    }
    {
        uint8_t *words = NULL;
        size_t n = 0;
        if (read_file(spv, &words, &n) != 0 || n == 0 || n % 4 != 0) {
            free(words);
            snprintf(err, err_size, "glslc wrote no SPIR-V");
            goto out;
        }
        *spirv_ret = (uint32_t *)(void *)words;
        *size_ret = n;
        ret = 0;
    }
out:
    unlink(src);
    unlink(spv);
    unlink(log);
    rmdir(dir);
    return ret;
}

/* Compiled shaders by text: a run over many cases compiles each distinct
 * shader once (running glslc is the slow part of a small case). */
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
    if (glslc_compile(glsl, stage, spirv_ret, size_ret, err, err_size) != 0)
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
}
