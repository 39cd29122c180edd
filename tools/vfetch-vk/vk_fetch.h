/*
 * vk_fetch.h - running a vfetch case through a Vulkan driver's vertex
 * fetch (vfetch-vk). Not installed.
 *
 * vk_format.c   DXGI -> Vulkan vertex formats, checked bit by bit
 * vk_shader.c   the generated GLSL vertex shader, compiled in-process (libshaderc)
 * vk_translate.c  a case -> Vulkan bindings, attributes, divisors, index keys
 * vk_device.c   the Vulkan loader, device choice, host-visible buffers
 * vk_run.c      buffers, pipeline, draw and read-back of one case
 * vk_start_ref.c  vfetch's SV_StartVertexLocation / SV_StartInstanceLocation of a case
 * vk_prim.c     the primitive capture: which positions each primitive holds
 * vk_prim_check.c  vfetch-vk --primitives: the capture against vf_draw_primitives
 * vfetch_vk.c   the command line, the vfetch reference run and the diff
 */
#ifndef VF_TOOLS_VK_FETCH_H
#define VF_TOOLS_VK_FETCH_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"
#include "case.h"
#include "vk_device.h"

/* ------------------------------------------------------------------------ */
/* Formats                                                                   */
/* ------------------------------------------------------------------------ */

/* Numeric class of a Vulkan vertex format: decides the GLSL input type. */
enum vkf_numeric { VKF_NUM_FLOAT = 0, VKF_NUM_UINT = 1, VKF_NUM_SINT = 2 };

struct vkf_format_map {
    vf_format dxgi;
    uint32_t vk_format;   /* a VkFormat value */
    const char *vk_name;  /* without the VK_FORMAT_ prefix */
    uint32_t numeric;     /* enum vkf_numeric */
    int force_w_one;      /* the Vulkan format reads a 4th component D3D ignores (X8) */
};

/* The Vulkan equivalent of an IA vertex format, or NULL. */
const struct vkf_format_map *vkf_format_lookup(vf_format format);

/* Checks every row of the map against the vfetch format table: each
 * component's width and bit position in the Vulkan format (written here
 * from the Vulkan specification) must equal the DXGI layout. Prints each
 * disagreement to `f` and returns their count (0: the map is right). */
int vkf_format_check(void *f);

/* ------------------------------------------------------------------------ */
/* Shader                                                                    */
/* ------------------------------------------------------------------------ */

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

/* ------------------------------------------------------------------------ */
/* Vulkan runs                                                               */
/* ------------------------------------------------------------------------ */

struct vkf_device; /* vk_device.h: the device layer, and the VKF_EXIT_* statuses */

/* How long a case's draw may take: a hung driver fails the case. */
#define VKF_DRAW_TIMEOUT_NS (120ull * 1000000000ull)

/* Opens the device `want` names for vfetch-vk (vkf_select's rules; NULL:
 * the first usable device) with the divisor extension, robustBufferAccess
 * and the geometry and tessellation stages where it has them. Returns
 * VKF_EXIT_OK, VKF_EXIT_SKIP when there is no loader or no usable device
 * (the reason in err), or VKF_EXIT_USAGE when no device matches. */
int vkf_open_fetch(const char *want, struct vkf_device **dev_ret, char *err, size_t err_size);
/* Closes the device and frees the shaders compiled for it. */
void vkf_close_fetch(struct vkf_device *dev);
/* Prints every device with the facts that matter to vertex fetch. Returns
 * VKF_EXIT_OK or VKF_EXIT_SKIP. */
int vkf_list_devices(void *f, char *err, size_t err_size);

/* Why an element is not compared. */
enum vkf_element_status {
    VKF_ELEM_FETCHED = 0,          /* fetched by the driver and compared */
    VKF_ELEM_UNBOUND = 1,          /* its slot has no buffer: D3D zeros, nothing for a driver to fetch */
    VKF_ELEM_NO_VK_FORMAT = 2,     /* no Vulkan equivalent (not an IA format) */
    VKF_ELEM_FORMAT_UNSUPPORTED = 3, /* the device lacks VERTEX_BUFFER_BIT for the format */
    VKF_ELEM_DIVISOR_UNSUPPORTED = 4, /* step rate needs a divisor feature the device lacks */
    VKF_ELEM_LIMIT = 5             /* past maxVertexInputAttributes / bindings / offset limits */
};

/* The driver's output of one case, expanded to vfetch's record order. */
struct vkf_result {
    uint32_t num_elements;
    uint32_t status[VF_MAX_ELEMENTS];  /* enum vkf_element_status, per element */
    char note[VF_MAX_ELEMENTS][128];   /* why, for an element not fetched */
    uint32_t positions;                /* vertices (index positions) per instance */
    uint32_t instances;
    /* positions * instances records of VKF_RECORD_WORDS(num_elements)
     * words, instance-major; the last word is 1 where the driver shaded
     * the vertex. */
    uint32_t *records;
    uint32_t stray;                    /* invocations whose index value was not in the draw */
    int draw_parameters;               /* the base vertex and instance words were captured */
    int indexed;
    int restart;                       /* primitive restart was enabled */
    const char *topology;              /* the Vulkan topology used */
    char translation[512];             /* what the tool did on the driver's behalf */
};

/*
 * Runs the case's draw on the device: one binding per slot, one attribute
 * per element at `offsets[e]` (resolved by the caller from the D3D rule),
 * the draw as D3D describes it. Returns 0, or VKF_EXIT_USAGE for a case the
 * tool cannot express (message in err), or VKF_EXIT_SKIP-free errors of the
 * driver as VKF_EXIT_MISMATCH with a message.
 */
int vkf_run(struct vkf_device *dev, const struct vf_case *c, const uint32_t *offsets,
            struct vkf_result *res, char *err, size_t err_size);
void vkf_result_free(struct vkf_result *res);

/* ------------------------------------------------------------------------ */
/* Start locations (vk_start_ref.c)                                          */
/* ------------------------------------------------------------------------ */

/* SV_StartVertexLocation (0) and SV_StartInstanceLocation (1). */
#define VKF_START_VALUES 2u

/* What vfetch generates for the start locations a case's signature names. */
struct vkf_start_ref {
    int wanted[VKF_START_VALUES];  /* the case's signature names it */
    uint32_t *words;               /* per record (instance-major, as vf_draw), the .x word of
                                    * each: VKF_START_VALUES words; NULL when none is wanted */
};

/* "SV_StartVertexLocation" for 0, "SV_StartInstanceLocation" for 1. */
const char *vkf_start_name(uint32_t k);

/* Runs c's draw through vfetch with a signature of only the start
 * locations c's signature names (matched case-insensitively) and keeps
 * their words. Returns 0 (nothing wanted: s->words NULL), or -1 with a
 * message in err when vfetch rejects the layout or the draw. Free with
 * vkf_start_ref_free. */
int vkf_start_reference(const struct vf_case *c, struct vkf_start_ref *s, char *err,
                        size_t err_size);
void vkf_start_ref_free(struct vkf_start_ref *s);

/* ------------------------------------------------------------------------ */
/* Primitive capture                                                         */
/* ------------------------------------------------------------------------ */

/* Words of one captured primitive: instance (D3D SV_InstanceID), primitive
 * ID (gl_PrimitiveIDIn / gl_PrimitiveID), then the position of each vertex
 * in the order the stage received them. */
#define VKF_PRIM_WORDS(vpp) (2u + (vpp))

/* What the driver assembled for a case's draw. */
struct vkf_prim_result {
    uint32_t vpp;           /* vertices per primitive */
    uint32_t count;         /* primitives the driver handed on, all instances */
    uint32_t stored;        /* of which stored in records (at most the capacity) */
    uint32_t *records;      /* stored primitives, VKF_PRIM_WORDS(vpp) words each, in the
                             * order the invocations ran */
    int restart;            /* primitive restart was enabled */
    const char *topology;   /* the Vulkan topology used */
    const char *stage;      /* the stage that captured: geometry or tessellation control */
    char translation[512];  /* what the tool did on the driver's behalf */
};

/*
 * Draws the case's topology and counts on the device with a capture stage
 * (a geometry shader, or a tessellation control shader for patch lists)
 * that stores every primitive it receives, up to `capacity` primitives.
 * Vertex data are not fetched: each vertex carries its index position (see
 * docs/vfetch-vk.md). Returns VKF_EXIT_OK, VKF_EXIT_SKIP when the device
 * lacks the stage or the patch size (reason in err), VKF_EXIT_USAGE for a
 * case the tool cannot express, VKF_EXIT_MISMATCH for a driver failure.
 */
int vkf_prim_run(struct vkf_device *dev, const struct vf_case *c, uint32_t capacity,
                 struct vkf_prim_result *res, char *err, size_t err_size);
void vkf_prim_result_free(struct vkf_prim_result *res);

/* Options of vfetch-vk --primitives. */
struct vkf_prim_options {
    uint32_t max_mismatches;  /* differences shown per case */
    int accept_rotation;      /* accept GL's rotated odd triangles of strips with adjacency */
    int tamper;               /* change one position the driver returned (tests the diff) */
    int verbose;
};

/* Checks one case file: vf_draw_primitives against the driver's capture,
 * per (instance, primitive ID). Prints a report to `out` and returns a
 * VKF_EXIT_* status (VKF_EXIT_SKIP: the device cannot capture this case). */
int vkf_prim_check_case(struct vkf_device *dev, const char *path,
                        const struct vkf_prim_options *o, void *out);

#endif /* VF_TOOLS_VK_FETCH_H */
