/*
 * vfetch_robust.h - which values a conforming implementation may return for
 * the out-of-bounds reads of a draw, under D3D's rule or one of Vulkan's
 * robustness modes (docs/d3d-ia-rules.md §17).
 *
 * D3D fixes every out-of-bounds value (zeros, then the format's defaults;
 * 0,0,0,0 for an unbound slot); vf_draw writes exactly those. A D3D draw
 * replayed on Vulkan (a translation layer, or vfetch-vk) is bound by
 * Vulkan's rules instead, and most of them allow a set of values. For a
 * draw (the same layout and vf_draw_desc vf_draw takes) and a mode, these
 * calls give each register component of each record its allowed set in a
 * compact form, vf_robust_set, and answer "is word w allowed there?"
 * without allocating. In-bounds components are always exactly vf_draw's
 * word; so are the generated registers (SV_VertexID and the others) and
 * components a component mapping forces to 0 or 1.
 *
 * The rules and their Vulkan-Docs sources are in docs/d3d-ia-rules.md §17.
 * Conventions are vfetch.h's: vf_result codes, caller-owned memory, every
 * call thread-safe (nothing is kept between calls), nothing allocated, and
 * bad input gives an error code, never a read outside the caller's buffers.
 */
#ifndef VFETCH_ROBUST_H
#define VFETCH_ROBUST_H

#include "vfetch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The rule out-of-bounds vertex reads follow. */
typedef enum vf_robust_mode {
    /* D3D12/D3D11 (rules §6): exactly vf_draw's words. */
    VF_ROBUST_D3D = 0,
    /* Vulkan robustBufferAccess2 (VK_EXT/KHR_robustness2) with
     * nullDescriptor: zeros converted by the format (missing G, B, A =
     * 0, 0, 1) for reads past the bound range and for unbound slots (a
     * null buffer); an index read past the index buffer is 0. A read the
     * range rounded down to a multiple of the stride leaves out (and the
     * other reads of its slot for that vertex) may give the word or that
     * zero. */
    VF_ROBUST_ROBUSTNESS2 = 1,
    /* Vulkan robustBufferAccess: any value the format can produce from the
     * bound range, 0, or (0,0,0,x) with x 0, 1 (1.0) or the maximum
     * integer; the range may be checked rounded down to a multiple of the
     * stride, and one read out of the checked range lets every read of
     * that binding for that vertex be out too. An unbound slot reads as a
     * binding with nothing in range. Indices past the index buffer are
     * invalid usage without robustBufferAccess2: any word. */
    VF_ROBUST_BUFFER_ACCESS = 2,
    /* robustBufferAccess plus vertexAttributeRobustness (or maintenance9):
     * as VF_ROBUST_BUFFER_ACCESS, but an unbound slot's elements have no
     * attribute and read (0,0,0,0) or (0,0,0,1). */
    VF_ROBUST_ATTRIBUTE = 3
} vf_robust_mode;
#define VF_ROBUST_MODE_COUNT 4u

/* "d3d", "robustness2", "robust-buffer-access", "attribute-robustness";
 * NULL for other values. Static strings. */
VF_API const char *vf_robust_mode_name(uint32_t mode);
/* The mode named `name` (the names above, exactly). VF_ERROR_NULL_POINTER,
 * VF_ERROR_INVALID_ROBUST_MODE for an unknown name (*mode_ret unchanged). */
VF_API vf_result vf_robust_mode_from_name(const char *name, uint32_t *mode_ret);

/* Why a component is not plainly in bounds: vf_robust_set.reason. */
#define VF_ROBUST_IN_BOUNDS 0u     /* in bounds (or not an element): exact */
#define VF_ROBUST_OUTSIDE 1u       /* the element ends past the view's SizeInBytes */
#define VF_ROBUST_STRIDE_ROUND 2u  /* in bounds, but past SizeInBytes rounded down to a multiple of the stride */
#define VF_ROBUST_SAME_BINDING 3u  /* in bounds, but another element of its slot is out for this vertex */
#define VF_ROBUST_UNBOUND 4u       /* the slot has no view, or one with NULL data */
#define VF_ROBUST_INDEX_PAST 5u    /* the index was read past the index buffer (or there is none) */

/* Members of a set: vf_robust_set.allow bits. A word is allowed when any
 * member holds it. */
#define VF_ROBUST_ALLOW_EXACT 0x01u   /* the word `exact` */
#define VF_ROBUST_ALLOW_ZERO 0x02u    /* 0 */
#define VF_ROBUST_ALLOW_ONE 0x04u     /* `one`: 1.0f (0x3f800000), or 1 for UINT/SINT formats */
#define VF_ROBUST_ALLOW_MAX_INT 0x08u /* `max_int`: 0xffffffff (UINT) or 0x7fffffff (SINT) */
/* Component `source` of `format` decoded (vf_decode_element, identity
 * mapping) at any byte address a of the slot's view with a a multiple of
 * `align` and a + format size <= range_bytes. */
#define VF_ROBUST_ALLOW_RANGE 0x10u
#define VF_ROBUST_ALLOW_ANY 0x20u     /* every word: the mode leaves the value undefined */
#define VF_ROBUST_ALLOW_ALL_BITS 0x3fu

/* The allowed set of one register component of one record. */
typedef struct vf_robust_set {
    uint32_t instance;   /* 0-based instance of the draw */
    uint32_t position;   /* index position within the instance (vf_draw's record) */
    uint32_t reg;        /* record register (vf_layout_register numbering) */
    uint32_t component;  /* 0..3 = x..w */
    uint32_t reason;     /* VF_ROBUST_IN_BOUNDS .. VF_ROBUST_INDEX_PAST */
    uint32_t allow;      /* VF_ROBUST_ALLOW_* bits; never 0 */
    uint32_t exact;      /* vf_draw's word (D3D mode, or a read that may be in bounds), or the mode's fixed value */
    uint32_t one;        /* for VF_ROBUST_ALLOW_ONE */
    uint32_t max_int;    /* for VF_ROBUST_ALLOW_MAX_INT */
    uint32_t slot;       /* input slot of the element; 0 when not an element */
    vf_format format;    /* the element's format; VF_FORMAT_UNKNOWN when not an element */
    uint32_t source;     /* format component the register component takes (0..3); 0 when not an element */
    uint32_t range_bytes;/* for VF_ROBUST_ALLOW_RANGE: bytes of the view the values come from */
    uint32_t align;      /* for VF_ROBUST_ALLOW_RANGE: address step, the format's component size (the whole element for packed formats) */
} vf_robust_set;

/* The set of register `reg`, component `component` of the record of
 * `position` in `instance`, under `mode`, into *set_ret. Reads the layout,
 * the description, the index at that position and the vertex data that
 * record fetches (through vf_fetch_range: desc->pool is ignored).
 * Errors (nothing written): VF_ERROR_NULL_POINTER, VF_ERROR_INVALID_ROBUST_MODE,
 * any error vf_draw_check(layout, desc, 0, NULL) returns,
 * VF_ERROR_INVALID_RANGE (instance or position outside the draw),
 * VF_ERROR_INVALID_ARGUMENT (reg >= vf_layout_register_count, component > 3). */
VF_API vf_result vf_robust_set_at(const vf_layout *layout, const vf_draw_desc *desc,
                                  uint32_t mode, uint32_t instance, uint32_t position,
                                  uint32_t reg, uint32_t component, vf_robust_set *set_ret);

/* Whether `word` is in `set`: *allowed_ret = 1 or 0. `desc` is the draw the
 * set was made for (only its vertex buffer views are read, for
 * VF_ROBUST_ALLOW_RANGE, which decodes at most range_bytes / align
 * elements and stops at the first match). Errors (*allowed_ret unchanged):
 * VF_ERROR_NULL_POINTER; VF_ERROR_INVALID_ARGUMENT when the set is not one
 * these calls could make: allow 0 or with unknown bits, a RANGE member
 * whose slot has no view in `desc`, whose range_bytes passes the view's
 * SizeInBytes, whose format is not a vertex format, or whose source > 3 or
 * align is not 1, 2 or 4. */
VF_API vf_result vf_robust_allows(const vf_draw_desc *desc, const vf_robust_set *set,
                                  uint32_t word, int *allowed_ret);

/* The number of components vf_robust_list lists for the draw: every
 * component of an element register whose reason is not VF_ROBUST_IN_BOUNDS
 * and whose mapping does not force it to 0 or 1. Same errors as
 * vf_robust_set_at but for the range ones; *count_ret unchanged on error.
 * Reads every record's index and vertex data once: O(draw). */
VF_API vf_result vf_robust_count(const vf_layout *layout, const vf_draw_desc *desc,
                                 uint32_t mode, uint64_t *count_ret);

/* Lists those components, from the `first`-th (0-based, in the order
 * instance, position, register, component), into out[0 .. capacity - 1];
 * *written_ret = how many were written (fewer than capacity only at the
 * end of the list). out may be NULL when capacity is 0. Same errors as
 * vf_robust_count, and VF_ERROR_NULL_POINTER for a NULL out with a
 * nonzero capacity or a NULL written_ret. The draw is validated before
 * anything is written; *written_ret is set only on success. */
VF_API vf_result vf_robust_list(const vf_layout *layout, const vf_draw_desc *desc,
                                uint32_t mode, uint64_t first, vf_robust_set *out,
                                size_t capacity, size_t *written_ret);

/* The set in words, NUL-terminated into buf (at most size bytes, cut if
 * longer), e.g. "{0, 1.0 (0x3f800000), R8G8B8A8_UNORM.w at bytes [0, 24)
 * step 1}" or "{0x3f800000 exactly}". Returns the length the whole text
 * needs (as snprintf), 0 with buf untouched when set or buf is NULL and
 * size is not 0. */
VF_API size_t vf_robust_describe(const vf_robust_set *set, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* VFETCH_ROBUST_H */
