/*
 * d3d_names.h - the names the vfetch tools read and print for D3D
 * enumerations: primitive topologies, strip-cut values, input slot classes
 * and register component types, with the short spellings of the case format
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
