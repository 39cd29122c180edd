/*
 * d3d_names.h - the names the vfetch tools read and print for D3D
 * enumerations: primitive topologies, strip-cut values, input slot classes
 * and register component types, and the D3D11 buffer and feature-level
 * enumerations, with the short spellings of the case format
 * ("TRIANGLELIST") and their long D3D prefixes ("D3D_PRIMITIVE_TOPOLOGY_").
 * Tables are constant: every call is thread-safe.
 */
#ifndef VF_TOOLS_D3D_NAMES_H
#define VF_TOOLS_D3D_NAMES_H

#include <stddef.h>
#include <stdint.h>

/* Another spelling of a value, or a name for a value past names[]. */
struct vf_name_alias {
    const char *name;
    uint32_t value;
};

/* An enumeration's names: value i is names[i] (NULL entries have none). */
struct vf_names {
    const char *what;    /* for messages: "primitive topology" */
    const char *prefix;  /* optional long prefix of every name, or NULL */
    const char *const *names;
    size_t count;
    const struct vf_name_alias *aliases;
    size_t num_aliases;
    int aliases_any_case; /* aliases match in any letter case (0xffff) */
};

extern const struct vf_names vf_topology_names;
extern const struct vf_names vf_strip_cut_names;
extern const struct vf_names vf_slot_class_names;
extern const struct vf_names vf_component_type_names;
/* D3D11_INPUT_CLASSIFICATION ("D3D11_INPUT_PER_VERTEX_DATA"): the values
 * of vf_slot_class_names with D3D11's prefix, for D3D11 cases. */
extern const struct vf_names vf_d3d11_slot_class_names;

/* D3D11 (vfetch_d3d11.h): D3D_FEATURE_LEVEL ("11_0"), D3D11_USAGE
 * ("DEFAULT"), and the bits of D3D11_BIND_FLAG ("VERTEX_BUFFER"),
 * D3D11_CPU_ACCESS_FLAG ("WRITE") and D3D11_RESOURCE_MISC_FLAG
 * ("BUFFER_STRUCTURED", the buffer flags only), each bit a name. */
extern const struct vf_names vf_feature_level_names;
extern const struct vf_names vf_usage_names;
extern const struct vf_names vf_bind_flag_names;
extern const struct vf_names vf_cpu_access_names;
extern const struct vf_names vf_misc_flag_names;

/* The value named `s` (with or without the table's prefix): 0 and *out
 * set, or -1 when no name or alias matches. */
int vf_names_lookup(const struct vf_names *t, const char *s, uint32_t *out);

/* The short name of `value` (names[] first, then the aliases), or NULL. */
const char *vf_names_name(const struct vf_names *t, uint32_t value);

/* Shorthands of vf_names_name: "TRIANGLELIST", "3_CONTROL_POINT_PATCHLIST";
 * "DISABLED", "0xFFFF", "0xFFFFFFFF"; "PER_VERTEX_DATA",
 * "PER_INSTANCE_DATA"; "UNKNOWN", "UINT32", "SINT32", "FLOAT32". NULL for a
 * value without a name. */
const char *vf_topology_name(uint32_t topology);
const char *vf_strip_cut_name(uint32_t strip_cut_value);
const char *vf_slot_class_name(uint32_t slot_class);
const char *vf_component_type_name(uint32_t component_type);

#endif /* VF_TOOLS_D3D_NAMES_H */
