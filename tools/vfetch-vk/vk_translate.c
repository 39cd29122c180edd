/*
 * vk_translate.c - a case's draw in Vulkan terms (vk_translate.h).
 *
 *  - one vertex binding per input slot with fetched elements, its stride
 *    the view's StrideInBytes (0 is legal in both APIs); one attribute per
 *    element at location = element index, at the offset resolved by the
 *    caller with the D3D APPEND_ALIGNED rule;
 *  - per-instance step rate 1 is VK_VERTEX_INPUT_RATE_INSTANCE, any other
 *    rate (0 included) a VK_EXT/KHR_vertex_attribute_divisor divisor; Vulkan
 *    applies firstInstance to divided and zero-divisor bindings the way D3D
 *    applies StartInstanceLocation (rules 4.1);
 *  - an unbound slot is a VK_NULL_HANDLE binding where the device has
 *    nullDescriptor (VK_EXT/KHR_robustness2), else not given to the driver;
 *  - an indexed draw's records are keyed by index value: two positions
 *    with the same index fetch the same data.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vk_translate.h"
#include "d3d_index.h"

/* Why a per-instance step rate cannot be given to the device, or NULL. */
static const char *divisor_problem(const struct vkf_caps *caps, uint32_t rate,
                                   uint32_t start_instance)
{
    if (!caps->divisor)
        return "no vertex attribute divisor extension";
    if (rate == 0 && !caps->divisor_zero)
        return "no vertexAttributeInstanceRateZeroDivisor";
    if (rate > 1 && !caps->divisor_rate)
        return "no vertexAttributeInstanceRateDivisor";
    if (rate > caps->max_divisor)
        return "step rate above maxVertexAttribDivisor";
    if (start_instance != 0 && !caps->divisor_first_instance)
        return "divisor with firstInstance unsupported (supportsNonZeroFirstInstance)";
    return NULL;
}

/* Whether element e can be fetched; else sets its status and note. */
static int fetchable(const struct vf_case *c, const uint32_t *offsets,
                     const struct vkf_caps *caps, const struct vkf_vertex_input *vi, uint32_t e,
                     const struct vkf_format_map *m, struct vkf_result *res)
{
    const vf_input_element_desc *el = &c->elements[e];
    uint32_t slot = el->input_slot;
    const int bound = slot < c->num_vertex_buffers && c->vertex_buffers[slot].data != NULL;
    const char *why;

    if (m == NULL) {
        res->status[e] = VKF_ELEM_NO_VK_FORMAT;
        snprintf(res->note[e], sizeof(res->note[e]), "no Vulkan vertex format");
        return 0;
    }
    if (!bound && !caps->null_descriptor) {
        res->status[e] = VKF_ELEM_UNBOUND;
        snprintf(res->note[e], sizeof(res->note[e]),
                 "slot %u unbound: D3D reads 0,0,0,0; not given to the driver", slot);
        return 0;
    }
    if (bound && c->vertex_buffers[slot].size_in_bytes == 0 && !caps->sized_bindings &&
        !caps->null_descriptor) {
        res->status[e] = VKF_ELEM_LIMIT;
        snprintf(res->note[e], sizeof(res->note[e]),
                 "slot %u: SizeInBytes 0 needs nullDescriptor or --vertex-buffers sized", slot);
        return 0;
    }
    if (!caps->vertex_format(caps->ctx, m->vk_format)) {
        res->status[e] = VKF_ELEM_FORMAT_UNSUPPORTED;
        snprintf(res->note[e], sizeof(res->note[e]),
                 "VK_FORMAT_%s has no VERTEX_BUFFER_BIT on this device", m->vk_name);
        return 0;
    }
    if (el->input_slot_class == VF_INPUT_PER_INSTANCE_DATA && el->instance_data_step_rate != 1 &&
        (why = divisor_problem(caps, el->instance_data_step_rate,
                               c->draw.start_instance_location)) != NULL) {
        res->status[e] = VKF_ELEM_DIVISOR_UNSUPPORTED;
        snprintf(res->note[e], sizeof(res->note[e]), "step rate %u: %s",
                 el->instance_data_step_rate, why);
        return 0;
    }
    if (e >= caps->max_attributes || offsets[e] > caps->max_attribute_offset ||
        c->vertex_buffers[slot].stride_in_bytes > caps->max_binding_stride ||
        (vi->slot_binding[slot] < 0 && vi->num_bindings >= caps->max_bindings)) {
        res->status[e] = VKF_ELEM_LIMIT;
        snprintf(res->note[e], sizeof(res->note[e]),
                 "beyond a device limit (attributes %u, offset %u, stride %u, bindings %u)",
                 caps->max_attributes, caps->max_attribute_offset, caps->max_binding_stride,
                 caps->max_bindings);
        return 0;
    }
    return 1;
}

/* The binding of element e's slot, created with its first element. */
static uint32_t slot_binding(const struct vf_case *c, uint32_t e, struct vkf_vertex_input *vi)
{
    const vf_input_element_desc *el = &c->elements[e];
    uint32_t slot = el->input_slot, nb = vi->num_bindings;
    VkVertexInputBindingDescription *b = &vi->bindings[nb];

    if (vi->slot_binding[slot] >= 0)
        return (uint32_t)vi->slot_binding[slot];
    b->binding = nb;
    /* An unbound slot's view says nothing: stride 0 for its null binding. */
    b->stride = slot < c->num_vertex_buffers && c->vertex_buffers[slot].data != NULL
                    ? c->vertex_buffers[slot].stride_in_bytes : 0;
    b->inputRate = el->input_slot_class == VF_INPUT_PER_INSTANCE_DATA
                       ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX;
    if (b->inputRate == VK_VERTEX_INPUT_RATE_INSTANCE && el->instance_data_step_rate != 1) {
        vi->divisors[vi->num_divisors].binding = nb;
        vi->divisors[vi->num_divisors].divisor = el->instance_data_step_rate;
        vi->num_divisors++;
    }
    vi->slot_binding[slot] = (int32_t)nb;
    vi->num_bindings++;
    return nb;
}

void vkf_translate_elements(const struct vf_case *c, const uint32_t *offsets,
                            const struct vkf_caps *caps, struct vkf_vertex_input *vi,
                            struct vkf_result *res)
{
    memset(vi, 0, sizeof(*vi));
    for (uint32_t i = 0; i < VF_MAX_INPUT_SLOTS; i++)
        vi->slot_binding[i] = -1;
    for (uint32_t e = 0; e < c->num_elements; e++) {
        const vf_input_element_desc *el = &c->elements[e];
        const struct vkf_format_map *m = vkf_format_lookup(el->format);
        const vf_format_desc *fd = vf_format_info(el->format);
        struct vkf_shader_element *se = &vi->shader[e];
        VkVertexInputAttributeDescription *a = &vi->attributes[vi->num_attributes];

        se->mapping = c->component_mappings ? c->component_mappings[e]
                                            : VF_DEFAULT_COMPONENT_MAPPING;
        se->one = (fd && (fd->type[0] == VF_TYPE_UINT || fd->type[0] == VF_TYPE_SINT))
                      ? 1u : 0x3f800000u;
        res->status[e] = VKF_ELEM_FETCHED;
        res->note[e][0] = '\0';
        if (m != NULL) {
            se->numeric = m->numeric;
            se->force_w_one = m->force_w_one;
        }
        if (!fetchable(c, offsets, caps, vi, e, m, res))
            continue;
        a->location = e;
        a->binding = slot_binding(c, e, vi);
        a->format = (VkFormat)m->vk_format;
        a->offset = offsets[e];
        vi->num_attributes++;
        se->fetched = 1;
    }
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static uint32_t find_key(const uint32_t *keys, uint32_t n, uint32_t v)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (keys[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (lo < n && keys[lo] == v) ? lo : UINT32_MAX;
}

/* Sorts keys[0..n) and drops repeats; returns the distinct count. */
static uint32_t sort_unique(uint32_t *keys, uint32_t n)
{
    uint32_t u = 0;

    qsort(keys, n, sizeof(uint32_t), cmp_u32);
    for (uint32_t i = 0; i < n; i++)
        if (u == 0 || keys[u - 1] != keys[i])
            keys[u++] = keys[i];
    return u;
}

int vkf_translate_indices(const vf_draw_desc *draw, struct vkf_index_keys *k, char *err,
                          size_t err_size)
{
    const vf_index_buffer_view *ib = draw->index_buffer;
    const uint32_t V = draw->vertex_count_per_instance;
    vf_format ifmt = ib != NULL ? ib->format : VF_FORMAT_R16_UINT;

    memset(k, 0, sizeof(*k));
    if (ifmt != VF_FORMAT_R16_UINT && ifmt != VF_FORMAT_R32_UINT) {
        snprintf(err, err_size, "index format is not R16_UINT or R32_UINT");
        return VKF_EXIT_USAGE;
    }
    k->index_size = ifmt == VF_FORMAT_R16_UINT ? 2 : 4;
    if (d3d_is_strip(draw->primitive_topology) &&
        draw->strip_cut_value != VF_STRIP_CUT_VALUE_DISABLED)
        k->restart = 1; /* Vulkan restarts at 0xFFFF / 0xFFFFFFFF, D3D's only cut values */
    k->bytes = ((uint64_t)draw->start_location + V) * k->index_size;
    if (k->bytes > VKF_MAX_ALLOCATION) {
        snprintf(err, err_size, "the index range ends past %llu MiB: not run",
                 (unsigned long long)(VKF_MAX_ALLOCATION >> 20));
        return VKF_EXIT_USAGE;
    }
    k->padded = !d3d_has_indices(ib) || k->bytes > ib->size_in_bytes;
    k->position_key = malloc(sizeof(uint32_t) * (V ? V : 1));
    k->keys = malloc(sizeof(uint32_t) * (V ? V : 1));
    if (k->position_key == NULL || k->keys == NULL) {
        vkf_index_keys_free(k);
        snprintf(err, err_size, "out of memory");
        return VKF_EXIT_USAGE;
    }
    /* k->bytes is within VKF_MAX_ALLOCATION: no position's address wraps. */
    for (uint32_t i = 0; i < V; i++) {
        uint32_t v = d3d_index_at(ib, draw->start_location, i, k->index_size);
        k->position_key[i] = k->restart && v == d3d_cut_value(k->index_size) ? UINT32_MAX : v;
        if (k->position_key[i] != UINT32_MAX)
            k->keys[k->num_keys++] = v;
    }
    k->num_keys = sort_unique(k->keys, k->num_keys);
    for (uint32_t i = 0; i < V; i++)
        if (k->position_key[i] != UINT32_MAX)
            k->position_key[i] = find_key(k->keys, k->num_keys, k->position_key[i]);
    return 0;
}

void vkf_index_keys_free(struct vkf_index_keys *k)
{
    free(k->position_key);
    free(k->keys);
    k->position_key = NULL;
    k->keys = NULL;
    k->num_keys = 0;
}
