/*
 * vf_internal.h - types shared by the parts of libvfetch. Not installed.
 *
 * The compiled layout (struct vf_layout) is built once by layout.c and then
 * only read: by the draw files (draw*.c) on every draw, from any number of
 * threads. Everything a draw needs from the layout is precomputed here
 * (kernels, output helpers, slot spans, system-value words) so the draw
 * path makes no decision that depends on the format or the CPU.
 */
#ifndef VF_LIB_VF_INTERNAL_H
#define VF_LIB_VF_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "vfetch.h"

#if defined(__GNUC__)
#  define VF_LIKELY(x) __builtin_expect(!!(x), 1)
#  define VF_UNLIKELY(x) __builtin_expect(!!(x), 0)
#  define VF_HIDDEN __attribute__((visibility("hidden")))
#  define VF_NOINLINE __attribute__((noinline))
#else
#  define VF_LIKELY(x) (x)
#  define VF_UNLIKELY(x) (x)
#  define VF_HIDDEN
#  define VF_NOINLINE
#endif

#define VF_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* 32-bit words of the constants the IA writes for missing components. */
#define VF_ONE_F32 0x3f800000u
#define VF_ONE_INT 0x00000001u

/* Little-endian loads that need no alignment and are never undefined. */
static inline uint16_t vf_load_u16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}
static inline uint32_t vf_load_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}
/* counts[0..n) in place into the sum of the counts before each (an
 * exclusive prefix sum); returns the sum of all. */
static inline uint32_t vf_counts_to_offsets(uint32_t *counts, uint32_t n)
{
    uint32_t total = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t c = counts[i];
        counts[i] = total;
        total += c;
    }
    return total;
}
/* Prefetches one line of every 4 KiB page of [p, p + bytes), its last
 * byte's included, to start their page walks ahead of non-temporal stores
 * (vf_cpu_touch_pages says where that pays). A prefetch never faults. */
static inline void vf_prefetch_pages(const uint8_t *p, size_t bytes)
{
    const uint8_t *end = p + bytes;
    for (const uint8_t *q = p; q < end; q += 4096)
        __builtin_prefetch(q, 1, 3);
    if (bytes != 0)
        __builtin_prefetch(end - 1, 1, 3);
}
/* The little-endian index of `isz` (1, 2 or 4) bytes at p. */
static inline uint32_t vf_load_index(const uint8_t *p, uint32_t isz)
{
    return isz == 1 ? p[0] : isz == 2 ? vf_load_u16(p) : vf_load_u32(p);
}
/* The index of `isz` (1, 2 or 4) bytes at byte `at` of an index buffer of
 * `bytes` bytes at `data`: 0 when it does not lie wholly inside (rules
 * §5.1, §18.3) or there is no data. Each caller computes `at` by its own
 * API's rule (32-bit wrapping for D3D, 64-bit for Vulkan). */
static inline uint32_t vf_index_read(const uint8_t *data, uint64_t bytes, uint64_t at,
                                     uint32_t isz)
{
    if (data == NULL || at > bytes || bytes - at < isz)
        return 0;
    return vf_load_index(data + at, isz);
}
/* The `size` (1, 2 or 4) bytes at p, zero-extended: a vertex element's
 * word, for the kernels' lane-by-lane loads (4 bytes in the host's order,
 * as the vector loads read them). */
static inline uint32_t vf_load_word(const uint8_t *p, unsigned size)
{
    uint32_t w;
    if (size == 1)
        return p[0];
    if (size == 2)
        return vf_load_u16(p);
    memcpy(&w, p, 4);
    return w;
}

/* ------------------------------------------------------------------------ */
/* Fetch kernels                                                             */
/* ------------------------------------------------------------------------ */

/*
 * A fetch kernel decodes `count` elements of one format into 4-word
 * registers with the identity mapping (missing components get the format's
 * defaults). Element i is read from `src + i * src_stride` (strided) or from
 * `src[i] + src_offset` (gather: one array of vertex addresses serves every
 * element of a slot); each element's bytes are read exactly: never a byte
 * before it or past its format size, so a kernel may be handed the last
 * element of a buffer whose next byte is unmapped. Register i is written at
 * `(uint8_t *)dst + i * dst_stride`; dst is 16-byte aligned and dst_stride
 * is a multiple of 16. count may be 0. src_stride may be 0 (every element
 * reads the same bytes).
 */
typedef void (*vf_fetch_strided_fn)(const uint8_t *src, size_t src_stride, uint32_t count,
                                    uint32_t *dst, size_t dst_stride);
typedef void (*vf_fetch_gather_fn)(const uint8_t *const *src, size_t src_offset, uint32_t count,
                                   uint32_t *dst, size_t dst_stride);

/* Output helpers: how a layout's ISA writes staged records out
 * (draw_output.c). A stream copy is optional; a transpose is not. */

/* Copies `bytes` (a multiple of 16) from src to dst, both 16-byte aligned,
 * with non-temporal stores: the output of a streaming draw. */
typedef void (*vf_stream_copy_fn)(uint8_t *dst, const uint8_t *src, size_t bytes);

/* Orders every non-temporal store made so far before the stores that
 * follow, so a streamed range is visible when it is reported done. */
typedef void (*vf_stream_fence_fn)(void);

/* The search of a streaming vertex-reuse draw (draw_reuse_search.c): n
 * 32-bit indices without cuts, each looked up (reuse_lookup.h) in the
 * table slot idx - lo, the map written with non-temporal stores (4-byte
 * aligned). Returns the new record count, or VF_REUSE_OUTSIDE_SPAN at the
 * first index outside [lo, lo + span), having written part of the map,
 * table and distinct indices. The caller fences. */
typedef uint32_t (*vf_reuse_search_stream_fn)(const uint8_t *data, uint32_t n, uint32_t lo,
                                              uint32_t span, uint32_t *table, uint32_t *map,
                                              uint32_t *unique, uint32_t next);

/* The map of a vertex-reuse draw split over a pool (draw_reuse_range.c),
 * n positions of `size`-byte indices (2 or 4): map[v] = table[idx - lo],
 * or VF_REUSE_CUT where `cuts` and idx == cut, written with non-temporal
 * stores (map 4-byte aligned). Every other index lies in the table. The
 * caller fences. */
typedef void (*vf_reuse_map_stream_fn)(const uint8_t *data, uint32_t size, uint32_t n,
                                       int cuts, uint32_t cut, const uint32_t *table,
                                       uint32_t lo, uint32_t *map);

/* The byte offsets of n > 0 vertices of an indexed batch in their slot:
 * base[v] = (uint32)((kbase + index[v]) * stride), rules §4.1. Returns
 * nonzero when some base[v] > last_base (the vertex's slot span may leave
 * the view). draw_slot.c's loop where a level has none. */
typedef uint32_t (*vf_vertex_bases_fn)(uint32_t kbase, const uint32_t *index, uint32_t n,
                                       uint32_t stride, uint32_t last_base, uint32_t *base);

/* The addresses of n > 0 vertices of an indexed batch read straight from
 * its index_size-byte (1, 2 or 4) little-endian indices at `index`:
 * src[v] = data + (uint32)((kbase + index[v]) * stride), rules §4.1.
 * Returns nonzero when some offset is > last_base (then the addresses
 * must not be read). draw_slot.c's loop where a level has none. */
typedef uint32_t (*vf_vertex_sources_fn)(const uint8_t *data, const uint8_t *index,
                                         uint32_t index_size, uint32_t kbase, uint32_t stride,
                                         uint32_t last_base, uint32_t n, const uint8_t **src);
/* Whether n > 0 indices run on by one (index[v] == index[0] + v, in
 * uint32 arithmetic), with vectors; the first 16 checked before the rest,
 * as a scattered batch breaks there. draw_fetch.c's loop where a level has
 * none. */
typedef int (*vf_indices_sequential_fn)(const uint32_t *index, uint32_t n);

/* vf_vertex_sources_fn one vertex at a time, vertices [v, n): the levels
 * without vectors for it, and the vector ones' last vertices. No address
 * past the view is formed (C allows none). */
static inline uint32_t vf_vertex_sources_from(uint32_t v, const uint8_t *data,
                                              const uint8_t *index, uint32_t index_size,
                                              uint32_t kbase, uint32_t stride,
                                              uint32_t last_base, uint32_t n,
                                              const uint8_t **src)
{
    uint32_t outside = 0;
    for (; v < n; v++) {
        uint32_t base = (kbase + vf_load_index(index + (size_t)v * index_size, index_size)) *
                        stride;
        outside |= base > last_base;
        src[v] = data + (base <= last_base ? base : 0);
    }
    return outside;
}

/* The largest of (index - lo), wrapping, over n 32-bit little-endian
 * indices at `data` (any alignment), 0 when n is 0: whether a vertex-reuse
 * draw's indices all lie in a span, and their largest, in one read
 * (draw_reuse_search.c), with vectors and the indices prefetched ahead
 * (reuse_lookup.h). */
typedef uint32_t (*vf_reuse_max32_fn)(const uint8_t *data, uint32_t n, uint32_t lo);

/* The smallest and largest of n > 0 16-bit indices (a vertex-reuse
 * draw's search, draw_reuse_search.c), with vectors. */
typedef void (*vf_reuse_bounds16_fn)(const uint8_t *data, uint32_t n, uint32_t *lo_ret,
                                     uint32_t *hi_ret);

/* The search of a vertex-reuse draw of n 16-bit indices without cuts, all
 * in [lo, hi], table slot = index: clears slots lo..hi with vector stores
 * and looks each index up (reuse_lookup.h, vf_reuse_lookup_cleared),
 * writing the map with plain stores. Returns the record count. */
typedef uint32_t (*vf_reuse_search16_fn)(const uint8_t *data, uint32_t n, uint32_t lo,
                                         uint32_t hi, uint32_t *table, uint32_t *map,
                                         uint32_t *unique);

/* Transposes one whole SoA batch: `lanes` (4, 8 or 16) staged AoS records
 * of `num_registers` registers, rs bytes apart, into component-major words
 * at out (16-byte aligned). `stream` asks for non-temporal stores, where
 * the ISA has them; only a layout with a stream copy is asked. */
typedef void (*vf_soa_transpose_fn)(const uint8_t *stage, size_t rs, uint32_t num_registers,
                                    uint32_t lanes, uint8_t *out, int stream);

/* The portable transpose (draw_output.c): word-major, plain stores. */
VF_HIDDEN void vf_soa_transpose_scalar(const uint8_t *stage, size_t rs, uint32_t num_registers,
                                       uint32_t lanes, uint8_t *out, int stream);

struct vf_fetch_kernel {
    vf_fetch_strided_fn strided;
    vf_fetch_gather_fn gather;
    uint32_t isa; /* the vf_isa `strided` was built for */
    /* strided for a spaced run, whose stride is not the element's size
     * (interleaved vertices): another level's where that one is faster,
     * as `gather` is then too */
    vf_fetch_strided_fn strided_spaced;
};

/* Scalar reference decoder of one element, identity mapping (decode.c).
 * Returns NULL for a format that is not an IA vertex format. */
typedef void (*vf_decode_fn)(const uint8_t *src, uint32_t out[4]);
VF_HIDDEN vf_decode_fn vf_scalar_decoder(vf_format format);
/* The scalar kernels of a format (decode.c), or NULL when not a vertex format. */
VF_HIDDEN const struct vf_fetch_kernel *vf_scalar_kernel(vf_format format);

/* Applies a validated mapping to a decoded register in place. `one` is the
 * FORCE_VALUE_1 word of the format (VF_ONE_F32 or VF_ONE_INT). */
static inline void vf_apply_mapping(uint32_t reg[4], uint32_t mapping, uint32_t one)
{
    uint32_t in[4] = { reg[0], reg[1], reg[2], reg[3] };
    for (unsigned c = 0; c < 4; c++) {
        uint32_t sel = VF_DECODE_COMPONENT_MAPPING(c, mapping);
        reg[c] = sel < 4 ? in[sel] : sel == VF_COMPONENT_MAPPING_FORCE_VALUE_0 ? 0u : one;
    }
}

/* The FORCE_VALUE_1 / missing-A word of an IA vertex format. */
VF_HIDDEN uint32_t vf_format_one(vf_format format);

/* Counts one diagnostic in `d` (NULL: nothing) and stores it with its
 * printf-style message when there is room, else counts it as dropped.
 * Shared by layout creation, draw checks and the D3D11 calls (util.c). */
VF_HIDDEN void vf_diagnostics_vadd(vf_diagnostics *d, vf_result code, uint32_t severity,
                                   int32_t element, int32_t signature, const char *fmt,
                                   va_list ap);

/* ------------------------------------------------------------------------ */
/* CPU features and kernel selection (cpu.c, dispatch.c)                      */
/* ------------------------------------------------------------------------ */

/* Resolves VF_ISA_AUTO (and VFETCH_ISA) to a concrete, available ISA.
 * VF_ERROR_ISA_UNAVAILABLE or VF_ERROR_INVALID_ARGUMENT for a bad request. */
VF_HIDDEN vf_result vf_resolve_isa(uint32_t requested, uint32_t *isa_ret);

/* ------------------------------------------------------------------------ */
/* Compiled layout (layout.c builds it, draw*.c read it)                     */
/* ------------------------------------------------------------------------ */

struct vf_element {
    char *semantic_name;        /* owned copy */
    uint32_t semantic_index;
    vf_format format;
    uint32_t size;              /* bytes of the format */
    uint32_t slot;
    uint32_t offset;            /* resolved byte offset within the slot's vertex */
    uint32_t slot_class;        /* VF_INPUT_PER_* */
    uint32_t step_rate;
    uint32_t mapping;           /* validated component mapping */
    int identity_mapping;       /* mapping == VF_DEFAULT_COMPONENT_MAPPING */
    uint32_t one;               /* FORCE_VALUE_1 word: VF_ONE_F32 or VF_ONE_INT */
    int32_t record_register;    /* register in the record, -1 if not fetched */
    struct vf_fetch_kernel kernel;
};

/* One input slot that has at least one fetched element. */
struct vf_slot {
    uint32_t slot;              /* the InputSlot number */
    uint32_t slot_class;        /* VF_INPUT_PER_* */
    uint32_t step_rate;         /* per-instance step rate (0 = never advances) */
    uint32_t alignment;         /* min(4, largest element size) of all the slot's elements: stride rule */
    uint32_t first_fetch;       /* index into vf_layout.fetch of its first fetched element */
    uint32_t num_fetch;         /* fetched elements of this slot */
    uint32_t span;              /* max(offset + size) of its fetched elements: bytes a vertex reads */
    /* Generated kernels of the whole slot (lib/jit.c), NULL when the slot
     * runs its elements' kernels. Same signatures, slot-relative source
     * and record-relative destination. */
    vf_fetch_strided_fn jit_strided;
    vf_fetch_gather_fn jit_gather;
};

/* The generated code of a layout (lib/jit.c): one W^X mapping. */
struct vf_jit_state {
    void *map;                  /* NULL: nothing generated */
    size_t map_bytes;
    uint32_t path;              /* vf_kernel_path */
    uint32_t code_bytes;
    uint64_t generation_ns;
    uint32_t generated_slots, slots;
    uint32_t quad_slots;        /* of the generated, those with the four-vertex loop */
    uint32_t line_slots;        /* of those, the ones storing whole lines */
    char reason[96];            /* why some slot falls back, or "" */
    /* The layout's one slot with non-temporal kernels that write whole
     * records (jit_record.c), for streamed draws straight into the output;
     * jit_strided NULL when the layout has none. */
    struct vf_slot stream_slot;
    /* For SoA batches: the layout's one slot with kernels that write whole
     * batches straight (jit_record.h, vf_jit_emit_soa_slot); jit_strided
     * NULL when the layout has none. */
    struct vf_slot soa_slot;
    struct vf_slot soa_stream_slot; /* its twin with non-temporal stores */
};

/* Where the generated values go in a record: word indices (4 per register). */
struct vf_sv_words {
    uint32_t num_vid, num_iid;
    uint32_t vid[VF_MAX_REGISTERS + 1]; /* word of .x of each SV_VertexID register */
    uint32_t iid[VF_MAX_REGISTERS + 1]; /* the same for SV_InstanceID */
    uint32_t num_svl, num_sil;
    uint32_t svl[VF_MAX_REGISTERS + 1]; /* the same for SV_StartVertexLocation */
    uint32_t sil[VF_MAX_REGISTERS + 1]; /* the same for SV_StartInstanceLocation */
    int32_t sys;                        /* word of .x of the system register, or -1 */
    uint32_t sys_bits;                  /* VF_SV_* */
};

struct vf_register {
    uint32_t kind;              /* VF_REGISTER_* */
    int32_t element_index;      /* VF_REGISTER_ELEMENT: index into elements, else -1 */
    uint32_t shader_register;
};

struct vf_layout {
    uint32_t num_elements;
    struct vf_element *elements;      /* in the caller's order */

    /* Fetched elements grouped by slot (slots ascending), by offset within
     * a slot: indices into `elements`. */
    uint32_t num_fetch;
    uint32_t fetch[VF_MAX_ELEMENTS];
    uint32_t num_slots;
    struct vf_slot slots[VF_MAX_INPUT_SLOTS];
    /* Every slot any element names (fetched or not), for stride validation:
     * bit s set if slot s is used; alignment per slot number. */
    uint32_t used_slot_mask;
    uint32_t slot_alignment[VF_MAX_INPUT_SLOTS];

    uint32_t num_registers;           /* per record, system register included */
    struct vf_register registers[VF_MAX_REGISTERS + 1];
    int32_t system_register;          /* index of the trailing VF_SV_* register, or -1 */
    uint32_t system_values;           /* VF_SV_* bits */
    struct vf_sv_words sv;            /* the generated values' words, from registers */

    uint32_t output_shape;            /* VF_OUTPUT_* */
    uint32_t lanes;                   /* 1 for AoS, else 4/8/16 */
    uint32_t isa;                     /* resolved vf_isa */
    const struct vf_isa_impl *impl;   /* the ISA's export: output helpers (dispatch.h) */
    uint32_t max_input_slots;
    uint32_t prefetch_ahead;          /* bytes, vf_cpu_prefetch_ahead */
    uint32_t prefetch_generated;      /* bytes for generated slots; 0: none */
    int touch_pages;                  /* streamed output's pages walked ahead */
    int stream_always;                /* test builds: VFETCH_STREAM=1 (lib/jit.c) */
    size_t record_size;               /* 16 * num_registers */
    struct vf_jit_state jit;          /* generated kernels (lib/jit.c) */
};

/* lib/jit.c: generates the layout's slot kernels when the generator is
 * built, the ISA has AVX2 and neither `generator` (VF_GENERATOR_*) nor
 * VFETCH_JIT turns it off; records the path and why. Never fails: a layout
 * it cannot take runs its elements' kernels. */
VF_HIDDEN void vf_jit_build(struct vf_layout *layout, uint32_t generator);
VF_HIDDEN void vf_jit_release(struct vf_layout *layout);

/* ------------------------------------------------------------------------ */
/* Thread pool (pool.c, used by draw.c)                                       */
/* ------------------------------------------------------------------------ */

/* What vf_thread_pool_set_min_bytes sets when never called: on a 2-core
 * AMD EPYC VM, splitting a draw paid from about 2 MiB of output (static
 * mesh, AVX2), and a gather-bound indexed draw earlier. */
#define VF_POOL_DEFAULT_MIN_BYTES ((size_t)1 << 20)

/* Worker threads of the pool (the caller of vf_thread_pool_run is extra). */
VF_HIDDEN uint32_t vf_thread_pool_size(const vf_thread_pool *pool);
VF_HIDDEN size_t vf_thread_pool_min_bytes(vf_thread_pool *pool);
/* Calls fn(arg) on the calling thread and on each worker that wakes before
 * that call returns (none to all of them), and returns when every call
 * made has returned. One job at a time per pool: concurrent callers take
 * turns. Allocates nothing. */
VF_HIDDEN void vf_thread_pool_run(vf_thread_pool *pool, void (*fn)(void *arg), void *arg);

#endif /* VF_LIB_VF_INTERNAL_H */
