/*
 * vk_run.c - runs a vfetch case's draw through a Vulkan driver: buffers,
 * the pipeline, the recorded draw, and the records read back.
 *
 * The vertex input comes from vk_translate.c and the device from
 * vk_device.c. Choices made on D3D's behalf (each also printed per case):
 *  - DrawInstanced runs as a point list; an indexed draw runs with the
 *    case's index buffer, as a point list, or as a line strip with primitive
 *    restart when D3D would cut (a strip topology with a cut value: rules
 *    5.2); rasterisation is discarded, so only the vertex stage runs;
 *  - under robustBufferAccess2 the index buffer is the view's SizeInBytes,
 *    and a read past it is the driver's (zero, as D3D's rules 5.1); in the
 *    other modes it is padded with zero indices up to the last position
 *    the draw reads, so such a read returns D3D's 0 instead of Vulkan's
 *    undefined value; with no index buffer the tool binds one of zeros;
 *  - component mappings and B8G8R8X8's .w = 1.0f are applied in the
 *    shader (Vulkan vertex input has no swizzle);
 *  - each vertex buffer holds the view's bytes and then poison
 *    (fetch_oob.h), and is bound at the view's SizeInBytes where the device
 *    has vkCmdBindVertexBuffers2, so a fetch out of bounds reads what the
 *    robustness mode gives (compared by fetch_compare.c); an unbound slot
 *    is a VK_NULL_HANDLE binding where the device has nullDescriptor.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fetch_oob.h"
#include "vk_device.h"
#include "vk_pipeline.h"
#include "vk_translate.h"
#include "vk_draw.h"
#include "vk_note.h"
#include "vk_output.h"

struct run_state {
    struct vkf_vertex_input vi;
    struct vkf_index_keys ix;
    uint32_t span;          /* records per instance: positions, or distinct index values */
    struct vkf_buf vb[VF_MAX_INPUT_SLOTS];
    struct vkf_buf ib, out, keys;
    struct vkf_pipeline pipe;
    VkDeviceSize vb_size[VF_MAX_INPUT_SLOTS]; /* bytes bound of each slot's buffer */
    const struct vkf_indirect_src *ind;      /* NULL: a direct draw */
    struct vkf_indirect_bufs ib_args;        /* the buffers the indirect draw reads */
};

static void run_state_destroy(struct vkf_device *d, struct run_state *s)
{
    for (uint32_t i = 0; i < VF_MAX_INPUT_SLOTS; i++)
        vkf_buf_destroy(d, &s->vb[i]);
    vkf_buf_destroy(d, &s->ib);
    vkf_buf_destroy(d, &s->out);
    vkf_buf_destroy(d, &s->keys);
    vkf_pipeline_destroy(d, &s->pipe);
    vkf_indirect_free(d, &s->ib_args);
    vkf_index_keys_free(&s->ix);
}

/* vkf_caps.vertex_format for the opened device. */
static int vertex_format_supported(const void *ctx, uint32_t vk_format)
{
    const struct vkf_device *d = ctx;
    VkFormatProperties fp;

    d->vkGetPhysicalDeviceFormatProperties(d->phys, (VkFormat)vk_format, &fp);
    return (fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT) != 0;
}

/* The device's vertex input capabilities, for vkf_translate_elements
 * (caps->ctx points at d, which must outlive caps). */
static void device_caps(const struct vkf_device *d, int sized, struct vkf_caps *caps)
{
    const VkPhysicalDeviceLimits *l = &d->info.props.limits;

    memset(caps, 0, sizeof(*caps));
    caps->max_attributes = l->maxVertexInputAttributes;
    caps->max_attribute_offset = l->maxVertexInputAttributeOffset;
    caps->max_binding_stride = l->maxVertexInputBindingStride;
    caps->max_bindings = l->maxVertexInputBindings;
    caps->divisor = d->info.divisor_extension != NULL;
    caps->divisor_rate = d->info.divisor_rate;
    caps->divisor_zero = d->info.divisor_zero;
    caps->divisor_first_instance = d->info.divisor_first_instance;
    caps->max_divisor = d->info.max_divisor;
    caps->null_descriptor = d->info.null_descriptor;
    caps->sized_bindings = sized;
    caps->vertex_format = vertex_format_supported;
    caps->ctx = d;
}

/* Fills b's memory from byte `from` on with poison (fetch_oob.h). */
static void poison(struct vkf_buf *b, VkDeviceSize from)
{
    if (b->map != NULL && from < b->memory_size)
        memset((uint8_t *)b->map + from, VKF_POISON_BYTE, (size_t)(b->memory_size - from));
}

/* Whether the index buffer is bound at the view's size, reads past it left
 * to the driver: under robustBufferAccess2, which returns 0 there. */
static int exact_index_buffer(const struct vkf_device *d, const vf_index_buffer_view *ib)
{
    return d->info.robust2 && ib != NULL && ib->data != NULL && ib->size_in_bytes > 0 &&
           ib->size_in_bytes <= VKF_MAX_ALLOCATION;
}

/* The view's bytes as the index buffer, the rest of its memory poison,
 * and the keys. */
static int index_buffer_exact(struct vkf_device *d, const vf_index_buffer_view *ib,
                              struct run_state *s, struct vkf_result *res, char *err,
                              size_t err_size)
{
    if (vkf_buf_create(d, &s->ib, ib->size_in_bytes, VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
                       VKF_MEM_READBACK, err, err_size) ||
        vkf_buf_create(d, &s->keys, (VkDeviceSize)s->ix.num_keys * 4,
                       VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, VKF_MEM_READBACK, err, err_size))
        return VKF_EXIT_USAGE;
    memcpy(s->ib.map, ib->data, ib->size_in_bytes);
    poison(&s->ib, ib->size_in_bytes);
    memcpy(s->keys.map, s->ix.keys, (size_t)s->ix.num_keys * 4);
    if (s->ix.padded)
        vkf_note(res->translation, sizeof(res->translation),
                 "index reads past SizeInBytes: left to the driver (robustBufferAccess2: 0); ");
    vkf_note(res->translation, sizeof(res->translation),
             "indexed: records keyed by (instance, index value), %u distinct values; ",
             s->ix.num_keys);
    return 0;
}

/* The index buffer, padded with zeros, and the sorted keys the shader
 * searches; a draw without indices gets a one-word key buffer. */
static int upload_indices(struct vkf_device *d, const vf_draw_desc *draw, struct run_state *s,
                          struct vkf_result *res, char *err, size_t err_size)
{
    const vf_index_buffer_view *ib = draw->index_buffer;
    const void *data = ib != NULL ? ib->data : NULL;
    int ret;

    if (!draw->indexed) {
        s->span = draw->vertex_count_per_instance;
        return vkf_buf_create(d, &s->keys, 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, VKF_MEM_READBACK,
                              err, err_size)
                   ? VKF_EXIT_USAGE
                   : 0;
    }
    ret = vkf_translate_indices(draw, &s->ix, err, err_size);
    if (ret != 0)
        return ret;
    if (exact_index_buffer(d, ib)) {
        ret = index_buffer_exact(d, ib, s, res, err, err_size);
        if (ret != 0)
            return ret;
        s->span = s->ix.num_keys;
        return 0;
    }
    if (vkf_buf_create(d, &s->ib, s->ix.bytes, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, VKF_MEM_READBACK,
                       err, err_size) ||
        vkf_buf_create(d, &s->keys, (VkDeviceSize)s->ix.num_keys * 4,
                       VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, VKF_MEM_READBACK, err, err_size))
        return VKF_EXIT_USAGE;
    if (data == NULL) {
        vkf_note(res->translation, sizeof(res->translation),
                 "no index buffer: a buffer of zero indices is bound; ");
    } else {
        /* Whole indices only: D3D reads one partly past the view as 0. */
        uint64_t whole = ib->size_in_bytes - ib->size_in_bytes % s->ix.index_size;
        memcpy(s->ib.map, data, (size_t)(whole < s->ix.bytes ? whole : s->ix.bytes));
        if (s->ix.padded)
            vkf_note(res->translation, sizeof(res->translation),
                     "index reads past SizeInBytes: padded with zero indices (D3D reads 0); ");
    }
    memcpy(s->keys.map, s->ix.keys, (size_t)s->ix.num_keys * 4);
    s->span = s->ix.num_keys;
    vkf_note(res->translation, sizeof(res->translation),
             "indexed: records keyed by (instance, index value), %u distinct values; ",
             s->ix.num_keys);
    return 0;
}

/* The buffer the shader writes: a header, then span * instances records. */
static int create_output(struct vkf_device *d, struct run_state *s, uint32_t ne, uint32_t instances,
                         char *err, size_t err_size)
{
    uint64_t total =
        ((uint64_t)s->span * instances * VKF_RECORD_WORDS(ne) + VKF_OUTPUT_HEADER_WORDS) * 4;

    return vkf_output_create(d, &s->out, total, 1, err, err_size) ? VKF_EXIT_USAGE : 0;
}

/* One vertex buffer per bound slot with a fetched element: the view's
 * bytes, then poison to the end of its memory. With `sized` the buffer
 * holds VKF_POISON_TAIL bytes more and is bound at the view's size
 * (vkCmdBindVertexBuffers2), else the buffer is the view and an empty view
 * is a VK_NULL_HANDLE binding, which Vulkan reads as robustBufferAccess2
 * reads out of bounds. A slot without a buffer keeps its null binding. */
static int upload_vertices(struct vkf_device *d, const struct vf_case *c, struct run_state *s,
                           int sized, struct vkf_result *res, char *err, size_t err_size)
{
    int nulls = 0, empty = 0;

    for (uint32_t slot = 0; slot < VF_MAX_INPUT_SLOTS; slot++) {
        const vf_vertex_buffer_view *vb = &c->vertex_buffers[slot];

        if (s->vi.slot_binding[slot] < 0)
            continue;
        if (slot >= c->num_vertex_buffers || vb->data == NULL || (!sized && !vb->size_in_bytes)) {
            nulls += slot >= c->num_vertex_buffers || vb->data == NULL;
            empty += !(slot >= c->num_vertex_buffers || vb->data == NULL);
            continue;
        }
        if (vkf_buf_create(d, &s->vb[slot],
                           (VkDeviceSize)vb->size_in_bytes + (sized ? VKF_POISON_TAIL : 0),
                           VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, VKF_MEM_READBACK, err, err_size))
            return VKF_EXIT_USAGE;
        memcpy(s->vb[slot].map, vb->data, vb->size_in_bytes);
        poison(&s->vb[slot], vb->size_in_bytes);
        s->vb_size[slot] = vb->size_in_bytes;
    }
    vkf_note(res->translation, sizeof(res->translation), "vertex buffers: %s; ",
             sized ? "bound at SizeInBytes, poison after (vkCmdBindVertexBuffers2)"
                   : "SizeInBytes each, the rest of their memory poison");
    if (nulls || empty)
        vkf_note(res->translation, sizeof(res->translation),
                 "%d unbound and %d empty slots bound to VK_NULL_HANDLE (nullDescriptor); ",
                 nulls, empty);
    return 0;
}

/* The pipeline: the generated vertex shader with the draw constants as
 * specialisation constants (vk_shader.c), the translated vertex input,
 * the record and key buffers; rasterisation discarded. A shader that does
 * not compile is the tool's failure (usage), a pipeline the driver does
 * not make is the driver's. */
static int create_pipeline(struct vkf_device *d, struct run_state *s, const vf_draw_desc *draw,
                           uint32_t ne, char *err, size_t err_size)
{
    const uint32_t spec_values[VKF_SPEC_CONSTANTS] = {
        draw->indexed ? (uint32_t)draw->base_vertex_location : draw->start_location,
        draw->start_instance_location, s->span, s->ix.num_keys, draw->instance_count,
    };
    VkSpecializationMapEntry spec_map[VKF_SPEC_CONSTANTS];
    VkSpecializationInfo spec = { VKF_SPEC_CONSTANTS, spec_map, sizeof(spec_values),
                                  spec_values };
    VkPipelineVertexInputDivisorStateCreateInfoEXT div = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT,
        .vertexBindingDivisorCount = s->vi.num_divisors,
        .pVertexBindingDivisors = s->vi.divisors,
    };
    VkPipelineVertexInputStateCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
        .pNext = s->vi.num_divisors ? &div : NULL,
        .vertexBindingDescriptionCount = s->vi.num_bindings,
        .pVertexBindingDescriptions = s->vi.bindings,
        .vertexAttributeDescriptionCount = s->vi.num_attributes,
        .pVertexAttributeDescriptions = s->vi.attributes,
    };
    struct vkf_pipeline_desc pd = {
        .num_stages = 1,
        .storage = { s->out.buffer, s->keys.buffer },
        .num_storage = 2,
        .storage_stages = VK_SHADER_STAGE_VERTEX_BIT,
        .vertex_input = &vi,
        .topology = s->ix.restart ? VK_PRIMITIVE_TOPOLOGY_LINE_STRIP
                                  : VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
        .restart = s->ix.restart,
    };
    struct vkf_shader_desc sd = { .num_elements = ne, .elements = s->vi.shader,
                                  .indexed = draw->indexed != 0,
                                  .draw_parameters = d->info.draw_parameters };
    char *glsl = vkf_shader_glsl(&sd);
    uint32_t *spirv = NULL;
    size_t size = 0;
    int ret = VKF_EXIT_USAGE;

    for (uint32_t k = 0; k < VKF_SPEC_CONSTANTS; k++)
        spec_map[k] = (VkSpecializationMapEntry){ k, k * 4, 4 };
    if (vkf_shader_compile(glsl, &spirv, &size, err, err_size) == 0) {
        pd.stages[0] = (struct vkf_stage){ VK_SHADER_STAGE_VERTEX_BIT, spirv, size, &spec };
        ret = vkf_pipeline_create(d, &pd, &s->pipe, err, err_size) ? VKF_EXIT_MISMATCH : 0;
    }
    free(glsl);
    free(spirv);
    return ret;
}

/* Records the draw, submits it and waits (two minutes at most). */
static int submit_draw(struct vkf_device *d, struct run_state *s, const vf_draw_desc *draw,
                       int sized, char *err, size_t err_size)
{
    struct vkf_draw_cmd cmd = {
        .index_buffer = draw->indexed ? s->ib.buffer : VK_NULL_HANDLE,
        .index_type = s->ix.index_size == 2 ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32,
        .vertex_count = draw->vertex_count_per_instance,
        .instance_count = draw->instance_count,
        .first_vertex = draw->start_location,
        .vertex_offset = draw->base_vertex_location,
        .first_instance = draw->start_instance_location,
    };

    for (uint32_t slot = 0; slot < VF_MAX_INPUT_SLOTS; slot++) {
        int32_t b = s->vi.slot_binding[slot];
        if (b < 0)
            continue;
        cmd.vertex_buffers[b] = s->vb[slot].buffer;
        cmd.vertex_sizes[b] = s->vb_size[slot];
        if (s->vb[slot].buffer == VK_NULL_HANDLE)
            cmd.null_bindings |= 1u << b;
    }
    cmd.bind_sizes = sized;
    if (s->ind != NULL) {
        cmd.indirect_buffer = s->ib_args.args.buffer;
        cmd.indirect_offset = s->ind->draw_offset;
        cmd.indirect_stride = s->ind->stride;
        if (s->ib_args.use_count) {
            cmd.count_buffer = s->ib_args.count.buffer;
            cmd.count_offset = s->ind->count_offset;
        }
    }
    return vkf_draw_wait(d, &s->pipe, &cmd, VKF_DRAW_TIMEOUT_NS, err, err_size)
               ? VKF_EXIT_MISMATCH
               : 0;
}

/* Expands the keyed records to vfetch's (instance, position) order. */
static int read_back(const struct run_state *s, int indexed, struct vkf_result *res, char *err,
                     size_t err_size)
{
    const uint32_t *o = (const uint32_t *)s->out.map;
    const uint32_t V = res->positions, I = res->instances;
    const uint32_t words = VKF_RECORD_WORDS(res->num_elements);
    size_t n = (size_t)V * I * words;

    res->records = calloc(n ? n : 1, sizeof(uint32_t));
    if (res->records == NULL) {
        snprintf(err, err_size, "out of memory");
        return VKF_EXIT_MISMATCH;
    }
    res->stray = o[0];
    for (uint32_t j = 0; j < I; j++) {
        for (uint32_t i = 0; i < V; i++) {
            uint32_t key = indexed ? s->ix.position_key[i] : i;
            if (key == UINT32_MAX)
                continue; /* a cut: no vertex, record stays zero (not shaded) */
            memcpy(res->records + ((size_t)j * V + i) * words,
                   o + VKF_OUTPUT_HEADER_WORDS + ((size_t)j * s->span + key) * words,
                   words * sizeof(uint32_t));
        }
    }
    return 0;
}

int vkf_run(struct vkf_device *d, const struct vf_case *c, const uint32_t *offsets, int sized,
            struct vkf_result *res, char *err, size_t err_size)
{
    return vkf_run_indirect(d, c, offsets, sized, NULL, res, err, err_size);
}

int vkf_run_indirect(struct vkf_device *d, const struct vf_case *c, const uint32_t *offsets,
                     int sized, const struct vkf_indirect_src *ind, struct vkf_result *res,
                     char *err, size_t err_size)
{
    const vf_draw_desc *draw = &c->draw;
    const uint32_t ne = c->num_elements;
    struct vkf_caps caps;
    struct run_state *s;
    int ret;

    memset(res, 0, sizeof(*res));
    res->num_elements = ne;
    res->positions = draw->vertex_count_per_instance;
    res->instances = draw->instance_count;
    res->indexed = draw->indexed != 0;
    res->draw_parameters = d->info.draw_parameters;
    if (ne > VF_MAX_ELEMENTS) {
        snprintf(err, err_size, "more than %u elements", VF_MAX_ELEMENTS);
        return VKF_EXIT_USAGE;
    }
    s = calloc(1, sizeof(*s));
    if (s == NULL) {
        snprintf(err, err_size, "out of memory");
        return VKF_EXIT_USAGE;
    }
    device_caps(d, sized, &caps);
    vkf_translate_elements(c, offsets, &caps, &s->vi, res);
    s->ind = ind;

    /* Failures up to the shader are the case's or the tool's (usage);
     * from the pipeline on they are the driver's. */
    ret = ind != NULL ? vkf_indirect_upload(d, ind, draw->indexed, &s->ib_args, res->translation,
                                            sizeof(res->translation), err, err_size)
                      : 0;
    if (ret == 0)
        ret = upload_indices(d, draw, s, res, err, err_size);
    if (ret == 0) {
        res->restart = s->ix.restart;
        res->topology = s->ix.restart ? "LINE_STRIP with primitive restart" : "POINT_LIST";
        ret = create_output(d, s, ne, draw->instance_count, err, err_size);
    }
    if (ret == 0)
        ret = upload_vertices(d, c, s, sized, res, err, err_size);
    if (ret == 0)
        ret = create_pipeline(d, s, draw, ne, err, err_size);
    if (ret == 0)
        ret = submit_draw(d, s, draw, sized, err, err_size);
    if (ret == 0)
        ret = read_back(s, res->indexed, res, err, err_size);

    run_state_destroy(d, s);
    free(s);
    if (ret != VKF_EXIT_OK)
        vkf_result_free(res);
    return ret;
}

void vkf_result_free(struct vkf_result *res)
{
    free(res->records);
    res->records = NULL;
}
