/*
 * case_vulkan_ia.c - the input assembly fields of a Vulkan case that go
 * with its topology: "provokingVertexMode"
 * (VkPipelineRasterizationProvokingVertexStateCreateInfoEXT) and
 * "patchControlPoints" (VkPipelineTessellationStateCreateInfo), and the
 * pipeline statistics of the case's draw (see case_vulkan.h).
 */
#include <stdio.h>

#include "case_json.h"
#include "case_vulkan.h"

/* The largest patchControlPoints (maxTessellationPatchSize's minimum and
 * the library's bound). */
#define MAX_PATCH_CONTROL_POINTS 32u

static const char *const provoking_names[] = { "FIRST_VERTEX", "LAST_VERTEX" };
/* VK_EXT_provoking_vertex spells them with its suffix. */
static const struct vf_name_alias provoking_aliases[] = {
    { "FIRST_VERTEX_EXT", VF_VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX },
    { "LAST_VERTEX_EXT", VF_VK_PROVOKING_VERTEX_MODE_LAST_VERTEX },
};
const struct vf_names vf_vk_provoking_vertex_mode_names = {
    "provoking vertex mode", "VK_PROVOKING_VERTEX_MODE_", provoking_names, 2,
    provoking_aliases, sizeof(provoking_aliases) / sizeof(provoking_aliases[0]), 0
};

/* "patchControlPoints": 1..32 for PATCH_LIST, where it is required to
 * make sense of the draw; refused with any other topology, which has no
 * tessellation state. */
static int load_patch_control_points(struct vf_json_ctx *x, json_object *root,
                                     struct vf_case_vulkan *v, int topology_known)
{
    uint32_t n = 1;

    if (!vf_json_present(root, "patchControlPoints"))
        return 0;
    if (vf_json_get_uint(x, "patchControlPoints", vf_json_field(root, "patchControlPoints"),
                         &n) != 0)
        return -1;
    if (topology_known && v->topology != VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST) {
        /* A topology given as a number past the enum has no name. */
        const char *name = vf_names_name(&vf_vk_topology_names, v->topology);
        char number[16];
        snprintf(number, sizeof(number), "%u", v->topology);
        return vf_json_fail(x, "patchControlPoints",
                            "only for \"topology\": \"PATCH_LIST\" (the tessellation state "
                            "is not used with %s)", name ? name : number);
    }
    if (n < 1 || n > MAX_PATCH_CONTROL_POINTS)
        return vf_json_fail(x, "patchControlPoints",
                            "expected 1..%u "
                            "(VUID-VkPipelineTessellationStateCreateInfo-patchControlPoints-01214),"
                            " got %u",
                            MAX_PATCH_CONTROL_POINTS, n);
    v->patch_control_points = n;
    return 0;
}

int vf_case_vulkan_load_ia(struct vf_json_ctx *x, json_object *root, struct vf_case_vulkan *v,
                           int topology_known)
{
    int rc;

    v->provoking_mode = VF_VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX;
    v->patch_control_points = 1;
    rc = vf_case_opt_named_enum(x, "", root, "provokingVertexMode",
                                &vf_vk_provoking_vertex_mode_names, &v->provoking_mode);
    rc |= load_patch_control_points(x, root, v, topology_known);
    return rc;
}

vf_result vf_case_vulkan_statistics(const struct vf_case *c, vf_vk_pipeline_statistics *stats)
{
    vf_vk_draw_desc d;
    struct vf_case_vk_bound b;

    vf_case_vulkan_draw_desc(c, NULL, &b, &d);
    return vf_vk_pipeline_statistics_get(c->vulkan->input, &d, c->vulkan->patch_control_points,
                                         stats);
}
