/*
 * d3d_names.c - names of the D3D enumerations the tools read and print
 * (see d3d_names.h).
 */
#include <string.h>
#include <strings.h>

#include "common.h"
#include "d3d_names.h"
#include "vfetch.h"
#include "vfetch_d3d11.h"

/* D3D_PRIMITIVE_TOPOLOGY values 0..13; 33..64 are the patch lists. */
static const char *const topology_list[] = {
    [0] = "UNDEFINED",          [1] = "POINTLIST",
    [2] = "LINELIST",           [3] = "LINESTRIP",
    [4] = "TRIANGLELIST",       [5] = "TRIANGLESTRIP",
    [10] = "LINELIST_ADJ",      [11] = "LINESTRIP_ADJ",
    [12] = "TRIANGLELIST_ADJ",  [13] = "TRIANGLESTRIP_ADJ",
};

#define PATCH(n) { #n "_CONTROL_POINT_PATCHLIST", VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST + n - 1 }
static const struct vf_name_alias patchlists[] = {
    PATCH(1),  PATCH(2),  PATCH(3),  PATCH(4),  PATCH(5),  PATCH(6),  PATCH(7),  PATCH(8),
    PATCH(9),  PATCH(10), PATCH(11), PATCH(12), PATCH(13), PATCH(14), PATCH(15), PATCH(16),
    PATCH(17), PATCH(18), PATCH(19), PATCH(20), PATCH(21), PATCH(22), PATCH(23), PATCH(24),
    PATCH(25), PATCH(26), PATCH(27), PATCH(28), PATCH(29), PATCH(30), PATCH(31), PATCH(32),
};
#undef PATCH

const struct vf_names vf_topology_names = {
    "primitive topology", "D3D_PRIMITIVE_TOPOLOGY_", topology_list, ARRAY_LEN(topology_list),
    patchlists, ARRAY_LEN(patchlists), 0,
};

/* The hex spellings are read in any letter case: 0xffff is 0xFFFF. */
static const char *const strip_cut_list[] = { "DISABLED", "0xFFFF", "0xFFFFFFFF" };
static const struct vf_name_alias strip_cut_hex[] = { { "0xFFFF", 1 }, { "0xFFFFFFFF", 2 } };

const struct vf_names vf_strip_cut_names = {
    "strip cut value", "D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_", strip_cut_list,
    ARRAY_LEN(strip_cut_list),
    strip_cut_hex, ARRAY_LEN(strip_cut_hex), 1,
};

static const char *const slot_class_list[] = { "PER_VERTEX_DATA", "PER_INSTANCE_DATA" };

const struct vf_names vf_slot_class_names = {
    "input classification", "D3D12_INPUT_CLASSIFICATION_", slot_class_list,
    ARRAY_LEN(slot_class_list),
    NULL, 0, 0,
};

/* D3D11_INPUT_CLASSIFICATION: the same values, D3D11's own prefix. */
const struct vf_names vf_d3d11_slot_class_names = {
    "input classification", "D3D11_INPUT_", slot_class_list, ARRAY_LEN(slot_class_list),
    NULL, 0, 0,
};

static const char *const component_type_list[] = { "UNKNOWN", "UINT32", "SINT32", "FLOAT32" };

const struct vf_names vf_component_type_names = {
    "register component type", "D3D_REGISTER_COMPONENT_", component_type_list,
    ARRAY_LEN(component_type_list), NULL, 0, 0,
};

static const struct vf_name_alias feature_levels[] = {
    { "9_1", VF_FEATURE_LEVEL_9_1 },   { "9_2", VF_FEATURE_LEVEL_9_2 },
    { "9_3", VF_FEATURE_LEVEL_9_3 },   { "10_0", VF_FEATURE_LEVEL_10_0 },
    { "10_1", VF_FEATURE_LEVEL_10_1 }, { "11_0", VF_FEATURE_LEVEL_11_0 },
    { "11_1", VF_FEATURE_LEVEL_11_1 }, { "12_0", VF_FEATURE_LEVEL_12_0 },
    { "12_1", VF_FEATURE_LEVEL_12_1 }, { "12_2", VF_FEATURE_LEVEL_12_2 },
};

const struct vf_names vf_feature_level_names = {
    "feature level", "D3D_FEATURE_LEVEL_", NULL, 0,
    feature_levels, ARRAY_LEN(feature_levels), 0,
};

static const char *const usage_list[] = { "DEFAULT", "IMMUTABLE", "DYNAMIC", "STAGING" };

const struct vf_names vf_usage_names = {
    "usage", "D3D11_USAGE_", usage_list, ARRAY_LEN(usage_list), NULL, 0, 0,
};

static const struct vf_name_alias bind_flags[] = {
    { "VERTEX_BUFFER", VF_BIND_VERTEX_BUFFER },     { "INDEX_BUFFER", VF_BIND_INDEX_BUFFER },
    { "CONSTANT_BUFFER", VF_BIND_CONSTANT_BUFFER }, { "SHADER_RESOURCE", VF_BIND_SHADER_RESOURCE },
    { "STREAM_OUTPUT", VF_BIND_STREAM_OUTPUT },     { "RENDER_TARGET", VF_BIND_RENDER_TARGET },
    { "DEPTH_STENCIL", VF_BIND_DEPTH_STENCIL },     { "UNORDERED_ACCESS", VF_BIND_UNORDERED_ACCESS },
    { "DECODER", VF_BIND_DECODER },                 { "VIDEO_ENCODER", VF_BIND_VIDEO_ENCODER },
};

const struct vf_names vf_bind_flag_names = {
    "bind flag", "D3D11_BIND_", NULL, 0, bind_flags, ARRAY_LEN(bind_flags), 0,
};

static const struct vf_name_alias cpu_access[] = {
    { "WRITE", VF_CPU_ACCESS_WRITE }, { "READ", VF_CPU_ACCESS_READ },
};

const struct vf_names vf_cpu_access_names = {
    "CPU access flag", "D3D11_CPU_ACCESS_", NULL, 0, cpu_access, ARRAY_LEN(cpu_access), 0,
};

static const struct vf_name_alias misc_flags[] = {
    { "SHARED", VF_RESOURCE_MISC_SHARED },
    { "DRAWINDIRECT_ARGS", VF_RESOURCE_MISC_DRAWINDIRECT_ARGS },
    { "BUFFER_ALLOW_RAW_VIEWS", VF_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS },
    { "BUFFER_STRUCTURED", VF_RESOURCE_MISC_BUFFER_STRUCTURED },
    { "TILED", VF_RESOURCE_MISC_TILED },
};

const struct vf_names vf_misc_flag_names = {
    "misc flag", "D3D11_RESOURCE_MISC_", NULL, 0, misc_flags, ARRAY_LEN(misc_flags), 0,
};

int vf_names_lookup(const struct vf_names *t, const char *s, uint32_t *out)
{
    if (t->prefix != NULL && strncmp(s, t->prefix, strlen(t->prefix)) == 0)
        s += strlen(t->prefix);
    for (size_t i = 0; i < t->num_aliases; i++) {
        const char *a = t->aliases[i].name;
        if (t->aliases_any_case ? strcasecmp(s, a) == 0 : strcmp(s, a) == 0) {
            *out = t->aliases[i].value;
            return 0;
        }
    }
    for (size_t i = 0; i < t->count; i++) {
        if (t->names[i] != NULL && strcmp(s, t->names[i]) == 0) {
            *out = (uint32_t)i;
            return 0;
        }
    }
    return -1;
}

const char *vf_names_name(const struct vf_names *t, uint32_t value)
{
    if (value < t->count)
        return t->names[value];
    for (size_t i = 0; i < t->num_aliases; i++)
        if (t->aliases[i].value == value)
            return t->aliases[i].name;
    return NULL;
}

const char *vf_topology_name(uint32_t topology)
{
    return vf_names_name(&vf_topology_names, topology);
}

const char *vf_strip_cut_name(uint32_t strip_cut_value)
{
    return vf_names_name(&vf_strip_cut_names, strip_cut_value);
}

const char *vf_slot_class_name(uint32_t slot_class)
{
    return vf_names_name(&vf_slot_class_names, slot_class);
}

const char *vf_component_type_name(uint32_t component_type)
{
    return vf_names_name(&vf_component_type_names, component_type);
}
