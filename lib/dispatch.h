/*
 * dispatch.h - what each instruction-set level exports, and the choice of
 * kernels and output helpers when a layout is compiled. Internal.
 *
 * Each level's file exports one `const struct vf_isa_impl vf_isa_<name>`
 * (its row in isa.def names it); a layout keeps a pointer to the one of
 * its ISA. Nothing on the draw path looks at CPU features.
 */
#ifndef VF_LIB_DISPATCH_H
#define VF_LIB_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

#include "vf_internal.h"

/* Kernel tables, one per ISA built in, indexed by format value (a kernel
 * for every IA vertex format; NULL elsewhere). */
#define VF_KERNEL_TABLE_SIZE 116u /* B4G4R4A4_UNORM (115) + 1; decode.c checks it */
struct vf_kernel_entry {
    vf_fetch_strided_fn strided;
    vf_fetch_gather_fn gather;
};

struct vf_isa_impl {
    /* Every vertex format's kernels (NULL for scalar: decode.c's). */
    const struct vf_kernel_entry *table;
    /* Formats this level hands to its fallback because the level below
     * runs them faster (measured; see the level's file). */
    const vf_format *yields;
    uint32_t num_yields;
    /* Formats whose spaced strided runs (vf_fetch_kernel.strided_spaced)
     * and gathers it hands to the level below, for the same reason: in
     * every layout, and in layouts whose records hold more than one
     * register (each vertex's register then takes a store of its own). */
    const vf_format *yields_spaced;
    uint32_t num_yields_spaced;
    const vf_format *yields_spaced_wide;
    uint32_t num_yields_spaced_wide;
    /* Output helpers (vf_internal.h has their contracts). A stream copy
     * is optional: a level without one never streams. The transpose is
     * not; `soa_transpose_narrow`, when set, serves batches of fewer than
     * `transpose_lanes` lanes. */
    vf_stream_copy_fn stream_copy;
    vf_stream_fence_fn stream_fence;
    /* Optional, with a stream copy: a vertex-reuse draw's streaming
     * search (without one, its map is written with plain stores). */
    vf_reuse_search_stream_fn reuse_search_stream;
    /* Optional, with a stream copy: the streaming map of a search split
     * over a pool (without one, plain stores). */
    vf_reuse_map_stream_fn reuse_map_stream;
    /* Optional, together: the bounds of 16-bit indices, and their search
     * over a cleared span (without them, draw_reuse_search.c's sparse-set
     * search serves, and the map is staged unless the output holds a
     * record per position). */
    vf_reuse_bounds16_fn reuse_bounds16;
    vf_reuse_search16_fn reuse_search16;
    /* Optional: the largest 32-bit index less a base (without it,
     * draw_reuse_search.c's loops). */
    vf_reuse_max32_fn reuse_max32;
    /* Optional: an indexed batch's vertex offsets with vectors. */
    vf_vertex_bases_fn vertex_bases;
    /* Optional: an indexed batch's vertex addresses from its raw indices. */
    vf_vertex_sources_fn vertex_sources;
    /* Optional: whether a batch's indices run on by one, with vectors. */
    vf_indices_sequential_fn indices_sequential;
    vf_soa_transpose_fn soa_transpose;
    vf_soa_transpose_fn soa_transpose_narrow;
    uint32_t transpose_lanes;
};

/* 1 when the config.h macro `guard` is defined to 1, else 0, usable inside
 * a macro expansion (where #ifdef is not): Linux's IS_ENABLED trick. */
#define VF_ALWAYS_BUILT 1
#define VF_BUILT(guard) VF_BUILT_(guard)
#define VF_BUILT_(value) VF_BUILT__(VF_BUILT_PLACEHOLDER_##value)
#define VF_BUILT_PLACEHOLDER_1 0,
#define VF_BUILT__(arg_or_junk) VF_BUILT_SECOND(arg_or_junk 1, 0, 0)
#define VF_BUILT_SECOND(ignored, value, ...) value

#define VF_ISA(id, name, below, guard, arch, edx, ecx, ebx, xcr0) \
    VF_HIDDEN extern const struct vf_isa_impl vf_isa_##name;
#include "isa.def"
#undef VF_ISA

/* What `isa` exports, or NULL when it is not a level or not built in. */
VF_HIDDEN const struct vf_isa_impl *vf_isa_get(uint32_t isa);
/* The level `isa` falls back to (scalar falls back to itself). */
VF_HIDDEN uint32_t vf_isa_below(uint32_t isa);
/* The table of an ISA built into this library, or NULL. Tests use it to
 * check every kernel, including those dispatch never picks. */
VF_HIDDEN const struct vf_kernel_entry *vf_kernel_table(uint32_t isa);

/* The kernels for `format` at `isa`, falling back level by level to scalar
 * (strided_spaced and gather also past the levels that yield the format's
 * spaced runs in a layout of `registers` registers a record). `format` must be
 * an IA vertex format and `isa` available. */
VF_HIDDEN void vf_select_kernel(vf_format format, uint32_t isa, uint32_t registers,
                                struct vf_fetch_kernel *out);

#endif
