/*
 * compare.h - how the vfetch tools classify a difference between a value
 * vfetch computed and one another implementation (a GPU driver) delivered,
 * and the known-deviation lists that accept some of them. Used by
 * `vfetch compare` and vfetch-vk; the Python package (vfetch.compare)
 * implements the same rules.
 */
#ifndef VF_TOOLS_COMPARE_H
#define VF_TOOLS_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"

enum vf_diff_kind {
    VF_DIFF_EXACT = 0,
    VF_DIFF_ULP,        /* UNORM/SNORM value 1 ULP away (e.g. a reciprocal multiply) */
    VF_DIFF_NAN,        /* both NaN, other bits: D3D accepts any NaN from 16/11/10-bit floats */
    VF_DIFF_SNORM_MIN,  /* SNORM minimum code not clamped to -1.0 */
    VF_DIFF_OTHER,      /* any other difference in an element value ("mismatch") */
    VF_DIFF_SYSVAL,     /* SV_VertexID / SV_InstanceID differ */
    VF_DIFF_NOT_SHADED, /* the implementation never ran the vertex */
    VF_DIFF_CUT,        /* the two disagree about a strip cut */
    VF_DIFF_COUNT
};

/* "exact", "1ulp", "nan", "snorm-min", "mismatch", "sysval", "not-shaded", "cut". */
extern const char *const vf_diff_kind_name[VF_DIFF_COUNT];

/* The kind named `s` (not "exact"), or -1. */
int vf_diff_kind_from_name(const char *s);

/* Adds the kinds of a comma list ("1ulp,nan"; "d3d" = nan, which D3D
 * allows) to `mask`, a bit per kind. -1 on an unknown name. */
int vf_diff_parse_accept(const char *s, unsigned *mask);

/* The kind of `got` against `expected` for a register component read from
 * a memory component of vf_component_type `type` and `bits` bits. */
int vf_diff_classify(uint32_t expected, uint32_t got, uint32_t type, uint32_t bits);

/* The same for component `comp` (0..3) of an element of `format` read
 * through `mapping`: forced 0/1 components compare exactly. */
int vf_diff_classify_component(uint32_t expected, uint32_t got, vf_format format,
                               uint32_t mapping, uint32_t comp);

/*
 * Known deviations, one a line:
 *   ID KIND FORMAT-GLOB CLASS DEVICE-GLOB REASON...
 * KIND is a difference kind (1ulp, nan, snorm-min, mismatch, ...; mismatch
 * also covers the value kinds before it), CLASS is vertex, instance or any
 * (the element's InputSlotClass), the globs are fnmatch patterns on the
 * DXGI format name and on the device description. '#' starts a comment.
 */
struct vf_known {
    char id[64];
    int kind;
    char format_glob[64];
    int slot_class; /* -1 any */
    char device_glob[128];
    char reason[256];
    uint64_t count; /* differences it accepted */
};

struct vf_known_list {
    struct vf_known *v;
    size_t n;
};

/* Appends the lines of `path` to `list`; -1 with a message in `err`. */
int vf_known_load(const char *path, struct vf_known_list *list, char *err, size_t err_size);

/* The first entry accepting a difference of `kind` in `format_name` of an
 * element of `slot_class` on `device`, or NULL. */
struct vf_known *vf_known_match(struct vf_known_list *list, int kind, const char *format_name,
                                uint32_t slot_class, const char *device);

void vf_known_free(struct vf_known_list *list);

#endif /* VF_TOOLS_COMPARE_H */
