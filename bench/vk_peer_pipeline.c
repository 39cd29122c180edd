/*
 * vk_peer_pipeline.c - the peer's graphics pipeline: the vertex shader of
 * the layout (peer.vert, compiled by glslc at build time, one module per
 * bench layout), the vertex input state of the draw, and a vertex stage
 * alone with the rasterizer discarded (the device layer's pipeline object,
 * tools/vk/vk_pipeline.h).
 */
#include <stdio.h>
#include <string.h>

#include "vk_peer_impl.h"

static const uint32_t spv_static[] =
#include "bench/peer_static.spv.h"
    ;
static const uint32_t spv_skinned[] =
#include "bench/peer_skinned.spv.h"
    ;
static const uint32_t spv_instanced[] =
#include "bench/peer_instanced.spv.h"
    ;
static const uint32_t spv_particles[] =
#include "bench/peer_particles.spv.h"
    ;

static const struct {
    const char *layout;
    const uint32_t *code;
    size_t size;
} shaders[] = {
    /* multistream has the static mesh's inputs in other slots */
    { "static", spv_static, sizeof(spv_static) },
    { "multistream", spv_static, sizeof(spv_static) },
    { "skinned", spv_skinned, sizeof(spv_skinned) },
    { "instanced", spv_instanced, sizeof(spv_instanced) },
    { "particles", spv_particles, sizeof(spv_particles) },
};

/* The Vulkan format with the same bits and conversion as a DXGI vertex
 * format of the bench layouts, or VK_FORMAT_UNDEFINED. */
static VkFormat vk_format(vf_format f)
{
    switch (f) {
    case VF_FORMAT_R32G32B32A32_FLOAT: return VK_FORMAT_R32G32B32A32_SFLOAT;
    case VF_FORMAT_R32G32B32_FLOAT: return VK_FORMAT_R32G32B32_SFLOAT;
    case VF_FORMAT_R16G16B16A16_SNORM: return VK_FORMAT_R16G16B16A16_SNORM;
    /* DXGI names components from the low bits up, Vulkan's PACK32 from the top. */
    case VF_FORMAT_R10G10B10A2_UNORM: return VK_FORMAT_A2B10G10R10_UNORM_PACK32;
    case VF_FORMAT_R16G16_FLOAT: return VK_FORMAT_R16G16_SFLOAT;
    case VF_FORMAT_R8G8B8A8_UNORM: return VK_FORMAT_R8G8B8A8_UNORM;
    case VF_FORMAT_R8G8B8A8_UINT: return VK_FORMAT_R8G8B8A8_UINT;
    default: return VK_FORMAT_UNDEFINED;
    }
}

/* The attribute's format: 0, or -1 with a message when Vulkan has no
 * equivalent or the device cannot fetch it from a vertex buffer. */
static int attr_format(const struct vk_peer *p, vf_format f, VkFormat *ret, char *msg,
                       size_t msg_size)
{
    VkFormatProperties fp;

    *ret = vk_format(f);
    if (*ret == VK_FORMAT_UNDEFINED) {
        snprintf(msg, msg_size, "no Vulkan format for DXGI format %u", f);
        return -1;
    }
    p->dev->vkGetPhysicalDeviceFormatProperties(p->dev->phys, *ret, &fp);
    if (!(fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT)) {
        snprintf(msg, msg_size, "VkFormat %d is not a vertex format on this device", (int)*ret);
        return -1;
    }
    return 0;
}

/* The vertex input bindings (one per used slot, their count into *nb) and
 * attributes (one per element): 0, or -1 with a message. */
static int peer_vertex_input(const struct vk_peer *p, const struct vk_peer_draw *d,
                             VkVertexInputBindingDescription *bindings,
                             VkVertexInputAttributeDescription *attrs, uint32_t *nb_ret,
                             char *msg, size_t msg_size)
{
    uint32_t nb = 0;

    for (uint32_t s = 0; s < d->nslots; s++) {
        if (d->vb[s] == NULL)
            continue;
        if (d->per_instance[s] && d->step[s] != 1) {
            snprintf(msg, msg_size, "step rate %u needs VK_EXT_vertex_attribute_divisor",
                     d->step[s]);
            return -1;
        }
        bindings[nb].binding = s;
        bindings[nb].stride = d->stride[s];
        bindings[nb].inputRate =
            d->per_instance[s] ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX;
        nb++;
    }
    for (uint32_t e = 0; e < d->num_elems; e++) {
        attrs[e].location = e;
        attrs[e].binding = d->elems[e].input_slot;
        attrs[e].offset = d->offsets[e];
        if (attr_format(p, d->elems[e].format, &attrs[e].format, msg, msg_size) != 0)
            return -1;
    }
    *nb_ret = nb;
    return 0;
}

int vk_peer_make_pipeline(struct vk_peer *p, const struct vk_peer_draw *d, char *msg,
                          size_t msg_size)
{
    VkVertexInputBindingDescription bindings[VK_PEER_MAX_SLOTS];
    VkVertexInputAttributeDescription attrs[VK_PEER_MAX_ELEMS];
    uint32_t nb;
    size_t k = 0;

    while (k < sizeof(shaders) / sizeof(shaders[0]) && strcmp(shaders[k].layout, d->layout_name))
        k++;
    if (k == sizeof(shaders) / sizeof(shaders[0])) {
        snprintf(msg, msg_size, "no shader for layout %s", d->layout_name);
        return -1;
    }
    if (peer_vertex_input(p, d, bindings, attrs, &nb, msg, msg_size) != 0)
        return -1;
    VkPipelineVertexInputStateCreateInfo vis = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
        .vertexBindingDescriptionCount = nb,
        .pVertexBindingDescriptions = bindings,
        .vertexAttributeDescriptionCount = d->num_elems,
        .pVertexAttributeDescriptions = attrs,
    };
    /* The push constants: the record stride per instance (vertices) and
     * the window of records the draw writes (struct vk_peer_push). */
    struct vkf_pipeline_desc pd = {
        .stages = { { VK_SHADER_STAGE_VERTEX_BIT, shaders[k].code, shaders[k].size, NULL } },
        .num_stages = 1,
        .storage = { p->out.buffer },
        .num_storage = 1,
        .storage_stages = VK_SHADER_STAGE_VERTEX_BIT,
        .push_constant_bytes = sizeof(struct vk_peer_push),
        .vertex_input = &vis,
        .topology = d->strip ? VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP
                             : VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
        .restart = d->strip && d->indexed,
    };
    return vkf_pipeline_create(p->dev, &pd, &p->pipe, msg, msg_size);
}
