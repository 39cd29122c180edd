/*
 * case_vulkan.h - the Vulkan form of a case ("Api": "Vulkan", see
 * vfetch(1)): its loader (case_vulkan.c), and the vertex input state and
 * draw it makes through the library's Vulkan front end, vfetch_vulkan.h
 * (case_vulkan_draw.c). The calls after the loader are for a Vulkan case
 * only (c->vulkan set).
 */
#ifndef VF_TOOLS_COMMON_CASE_VULKAN_H
#define VF_TOOLS_COMMON_CASE_VULKAN_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "d3d_names.h"
#include "json_read.h"
#include "vfetch_vulkan.h"

/* A null entry of a buffer list: VK_NULL_HANDLE. */
#define VF_CASE_VK_NO_BUFFER UINT32_MAX

/* One entry of "Buffers": a VkBuffer's memory. */
struct vf_case_vk_buffer {
    uint8_t *data;   /* owned: `size` bytes (NULL when size is 0) */
    uint64_t size;
    char *file;      /* owned: File as written, or NULL */
};

struct vf_case_vulkan {
    vf_vk_vertex_input_binding_description *bindings;
    uint32_t num_bindings;
    vf_vk_vertex_input_attribute_description *attributes;
    uint32_t num_attributes;
    vf_vk_vertex_input_binding_divisor_description *divisors;
    uint32_t num_divisors;
    uint32_t features;            /* VF_VK_FEATURE_* ("Features", else the library's default) */
    struct vf_case_vk_buffer *buffers;
    uint32_t num_buffers;
    /* vkCmdBindVertexBuffers: per binding number, a number in buffers or
     * VF_CASE_VK_NO_BUFFER, and its pOffsets entry; num_bound is one past
     * the highest binding bound. */
    uint32_t vb_buffer[VF_VK_MAX_BINDINGS];
    uint64_t vb_offset[VF_VK_MAX_BINDINGS];
    uint32_t num_bound;
    int ib_set;                   /* vkCmdBindIndexBuffer given */
    uint32_t ib_buffer;
    uint64_t ib_offset;
    uint32_t index_type;          /* VF_VK_INDEX_TYPE_* */
    uint32_t topology;            /* VF_VK_PRIMITIVE_TOPOLOGY_* */
    uint32_t primitive_restart;   /* primitiveRestartEnable */
    uint32_t provoking_mode;      /* VF_VK_PROVOKING_VERTEX_MODE_* (default FIRST_VERTEX) */
    uint32_t patch_control_points; /* PATCH_LIST: 1..32 (default 1); else 1 */
    /* The draw: indexed, count, instances, firstVertex/firstIndex,
     * vertexOffset and firstInstance are in c->draw. */
    /* Made by vf_case_vulkan_compile. */
    vf_vk_vertex_input *input;
};

/* "TRIANGLE_LIST" (VK_PRIMITIVE_TOPOLOGY_), "VERTEX" (VK_VERTEX_INPUT_RATE_),
 * "UINT16" (VK_INDEX_TYPE_). */
extern const struct vf_names vf_vk_topology_names;
extern const struct vf_names vf_vk_input_rate_names;
extern const struct vf_names vf_vk_index_type_names;
/* "LAST_VERTEX" (VK_PROVOKING_VERTEX_MODE_, with or without _EXT). */
extern const struct vf_names vf_vk_provoking_vertex_mode_names;

/* The Vulkan form: every field of the object `root` (its "Api" is already
 * read). 0, or -1 after vf_json_fail. */
int vf_case_load_vulkan(struct vf_json_ctx *x, json_object *root, struct vf_case *c);

/* "provokingVertexMode" and "patchControlPoints" of `root` into `v`, whose
 * topology is read (topology_known: it was well formed, so a
 * patchControlPoints beside another topology is refused). 0, or -1 after
 * vf_json_fail (case_vulkan_ia.c). */
int vf_case_vulkan_load_ia(struct vf_json_ctx *x, json_object *root, struct vf_case_vulkan *v,
                           int topology_known);

/* Frees what vf_case_load_vulkan and vf_case_vulkan_compile made
 * (c->vulkan may be NULL). */
void vf_case_free_vulkan(struct vf_case *c);

/* vf_vk_vertex_input_create on the case's bindings, attributes, divisors
 * and features, with `system_values` and `isa`: the state lives behind
 * c->vulkan (so `c` stays const for its callers; one thread per case) and
 * *layout_ret is its engine layout, owned by the state (release it with
 * vf_case_vulkan_release, never vf_layout_destroy). Errors with their
 * VUIDs go to `diag` (reset). */
vf_result vf_case_vulkan_compile(const struct vf_case *c, uint32_t isa, uint32_t system_values,
                                 const vf_layout **layout_ret, vf_diagnostics *diag);

/* Destroys the state vf_case_vulkan_compile made (none: nothing done). */
void vf_case_vulkan_release(const struct vf_case *c);

/* The case's vkCmdDraw or vkCmdDrawIndexed on the compiled state
 * (vf_vk_draw) into `out` (out_size bytes, 16-byte aligned), on `pool`
 * (NULL: this thread). Diagnostics with their VUIDs to `diag` (reset). */
vf_result vf_case_vulkan_draw(const struct vf_case *c, vf_thread_pool *pool, void *out,
                              size_t out_size, vf_diagnostics *diag);

/* The bindings a vf_vk_draw_desc of the case points at. */
struct vf_case_vk_bound {
    vf_vk_vertex_buffer_binding vbs[VF_VK_MAX_BINDINGS];
    vf_vk_index_buffer_binding ib;
};

/* The case's draw as the library's struct into *d, pointing into the
 * case and into *b (both must outlive it), on `pool` (NULL: this thread). */
void vf_case_vulkan_draw_desc(const struct vf_case *c, vf_thread_pool *pool,
                              struct vf_case_vk_bound *b, vf_vk_draw_desc *d);

/* vf_vk_primitive_count and vf_vk_draw_primitives of the case's draw: one
 * instance's list with the case's patchControlPoints; provoking_out (NULL
 * to skip, else a word per primitive) receives each primitive's provoking
 * vertex in the case's provokingVertexMode. The case must have been
 * compiled. */
vf_result vf_case_vulkan_primitive_count(const struct vf_case *c, uint32_t *count_ret,
                                         uint32_t *vertices_per_primitive_ret);
vf_result vf_case_vulkan_draw_primitives(const struct vf_case *c, uint32_t first_primitive,
                                         uint32_t *out, size_t out_count, uint32_t *provoking_out,
                                         uint32_t *written_ret);

/* Vertex reuse (`run --reuse`, case_vulkan_reuse.c): the case's draw by
 * vf_case_vulkan_draw into `out` (sized for every position; its errors
 * and diagnostics are the result), then map[p] for each position p (room
 * for vertex_count words): its record within an instance, 0xFFFFFFFF
 * (VF_REUSE_CUT) at a restart index; the distinct raw indices, in the
 * order of their first position, into unique[0 .. *unique_count_ret)
 * (room for vertex_count words), and their records over the start of
 * `out`, *unique_count_ret per instance, each drawn once by vf_vk_draw.
 * A vkCmdDraw has no repeated vertex: the identity map, its own records,
 * unique untouched. The case must have been compiled. */
vf_result vf_case_vulkan_draw_reuse(const struct vf_case *c, vf_thread_pool *pool, void *out,
                                    size_t out_size, uint32_t *map, uint32_t *unique,
                                    uint32_t *unique_count_ret, vf_diagnostics *diag);

/* vf_vk_pipeline_statistics_get of the case's draw (all instances; the
 * case must have been compiled). */
vf_result vf_case_vulkan_statistics(const struct vf_case *c, vf_vk_pipeline_statistics *stats);

/* The VkFormat of the attribute that fills `location` (the second location
 * of a 64-bit one included), or VF_VK_FORMAT_UNDEFINED. */
uint32_t vf_case_vulkan_location_format(const struct vf_case *c, uint32_t location);

/* The input rate of `binding` (VERTEX when no description names it) and
 * its divisor: 1 unless a divisor description gives one, 0 for VERTEX. */
void vf_case_vulkan_binding_rate(const struct vf_case *c, uint32_t binding, uint32_t *rate_ret,
                                 uint32_t *divisor_ret);

/* vf_vk_robust_set_at of the case's draw (compiled) and whether `word`
 * is in that set (vf_vk_robust_allows): for compare --robustness. */
vf_result vf_case_vulkan_robust_word(const struct vf_case *c, uint32_t mode, uint32_t instance,
                                     uint32_t position, uint32_t location, uint32_t component,
                                     uint32_t word, vf_vk_robust_set *set_ret, int *allowed_ret);

#endif /* VF_TOOLS_COMMON_CASE_VULKAN_H */
