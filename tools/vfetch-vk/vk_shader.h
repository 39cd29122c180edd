/*
 * vk_shader.h - the GLSL vertex shader vfetch-vk generates per case, and
 * its in-process compilation with libshaderc (vk_shader.c). Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_SHADER_H
#define VF_TOOLS_VFETCH_VK_VK_SHADER_H

#include <stddef.h>
#include <stdint.h>

/* Per-element facts the shader generator needs. */
struct vkf_shader_element {
    int fetched;          /* 1: a vertex attribute at location = element index */
    uint32_t numeric;     /* enum vkf_numeric of the attribute */
    uint32_t mapping;     /* the D3D component mapping, applied in the shader */
    uint32_t one;         /* FORCE_VALUE_1 word of the DXGI format */
    int force_w_one;      /* memory component 3 reads as 1.0f (B8G8R8X8) */
};

struct vkf_shader_desc {
    uint32_t num_elements;
    const struct vkf_shader_element *elements;
    int indexed;          /* key records by index value (binary search of keys[]) */
    int draw_parameters;  /* the device has shaderDrawParameters: store gl_BaseVertex and
                           * gl_BaseInstance (else 0) */
};

/* Words of one record in the output buffer: 4 per element, then the
 * D3D SV_VertexID, SV_InstanceID, gl_BaseVertex (firstVertex, or the
 * signed vertexOffset's bits: D3D's SV_StartVertexLocation),
 * gl_BaseInstance (firstInstance: SV_StartInstanceLocation) and a
 * "shaded" word (1 once written). VKF_WORD_* are offsets past the
 * element words (4 * e). */
#define VKF_WORD_VERTEX_ID 0u
#define VKF_WORD_INSTANCE_ID 1u
#define VKF_WORD_BASE_VERTEX 2u
#define VKF_WORD_BASE_INSTANCE 3u
#define VKF_WORD_SHADED 4u
#define VKF_RECORD_WORDS(e) (4u * (e) + 5u)
/* Words before the first record: [0] counts invocations whose key was not
 * found (a driver fetched an index the draw does not contain). */
#define VKF_OUTPUT_HEADER_WORDS 4u

/* Values of the shader's specialisation constants 0..4, in this order:
 * base, first_instance, span, num_keys, instances. */
#define VKF_SPEC_CONSTANTS 5u

/* Generates the GLSL text (malloc'ed, NUL-terminated) or NULL when out of
 * memory. */
char *vkf_shader_glsl(const struct vkf_shader_desc *desc);
/* Compiles GLSL into SPIR-V words (malloc'ed; size_ret in bytes) in this
 * process with libshaderc, for Vulkan 1.1, unoptimised. Returns 0 on
 * success, else nonzero with the compiler's message in err ("out of
 * memory" for a NULL glsl). With VFETCH_VK_DUMP_GLSL set in the environment
 * the GLSL goes to stderr first. Not thread-safe (one compiler and cache
 * per process). */
int vkf_shader_compile(const char *glsl, uint32_t **spirv_ret, size_t *size_ret, char *err,
                       size_t err_size);
/* The same for another stage: `stage` is "vert", "geom", "tesc" or "tese"
 * (glslc's -fshader-stage names), a string constant (it is kept). */
int vkf_shader_compile_stage(const char *glsl, const char *stage, uint32_t **spirv_ret,
                             size_t *size_ret, char *err, size_t err_size);
/* Frees the compiled shaders kept for reuse and the compiler. */
void vkf_shader_cache_clear(void);

#endif /* VF_TOOLS_VFETCH_VK_VK_SHADER_H */
