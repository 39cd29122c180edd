/*
 * ia_ref.h - an independent reference for what the D3D input assembler
 * feeds a vertex shader (d3d-ia-rules §4-§6), one record at a time.
 *
 * Written straight from the rules, apart from lib/: the element number (per
 * vertex: StartVertexLocation + i, or BaseVertexLocation + index; per
 * instance: StartInstanceLocation + j / step rate, 0 rate never advancing),
 * the 32-bit wrapping byte address k * stride + offset, the whole-element
 * bounds check (in bounds iff address + size <= SizeInBytes, else zeros plus
 * the format's defaults), unbound slots (0,0,0,0 before the mapping), index
 * reads past the view (index 0), strip cuts (only in strip topologies with
 * the cut enabled; nothing fetched, only the flag), and the raw index as
 * SV_VertexID. Elements of UINT formats decode by hand from their bits;
 * every other format decodes with the public vf_decode_element (checked
 * against independent values by check_formats), and the component mapping
 * is applied by hand. The walker never batches, gathers, broadcasts or
 * transposes.
 *
 * Shared by the draw suites, the hostile-input suite and the draw fuzz
 * target. Free of Check: a failure inside the reference itself (a format
 * vf_decode_element refuses, or a decoder that disagrees with the by-hand
 * route) prints a message and aborts. Not thread-safe per ia_ref; separate
 * ia_ref values may be used from separate threads.
 */
#ifndef VF_IA_REF_H
#define VF_IA_REF_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"

/* What one record register holds: an element, or one of the generated IDs,
 * or the trailing system register; the VF_REGISTER_* values. */
typedef struct ia_ref_element {
    vf_format format;
    uint32_t input_slot;
    uint32_t input_slot_class;
    uint32_t step_rate;
    uint32_t byte_offset;       /* resolved: never APPEND_ALIGNED */
    uint32_t mapping;           /* VF_ENCODE_COMPONENT_MAPPING */
} ia_ref_element;

typedef struct ia_ref {
    const vf_draw_desc *draw;   /* borrowed: must outlive the ia_ref */
    uint32_t system_values;     /* VF_SV_* */
    uint32_t nreg;
    uint32_t kind[VF_MAX_REGISTERS + 1];      /* VF_REGISTER_* */
    ia_ref_element elem[VF_MAX_REGISTERS + 1]; /* for VF_REGISTER_ELEMENT */
} ia_ref;

/* Registers from element descriptions, as a layout without a signature
 * orders them: the elements in order, then the system register when `sv`
 * is nonzero. Offsets must be explicit (not APPEND_ALIGNED); `mappings` may
 * be NULL (identity). At most VF_MAX_REGISTERS elements. */
void ia_ref_init_descs(ia_ref *r, const vf_input_element_desc *descs, uint32_t n,
                       const uint32_t *mappings, uint32_t sv, const vf_draw_desc *d);

/* Registers from a compiled layout through its public queries (register
 * order, signature inputs, resolved offsets, mappings); `sv` as given to the
 * layout. Returns 0, or -1 when a query fails. */
int ia_ref_init_layout(ia_ref *r, const vf_layout *layout, uint32_t sv, const vf_draw_desc *d);

/* The record of instance j (0-based), position i: r->nreg * 4 words. */
void ia_ref_record(const ia_ref *r, uint32_t j, uint32_t i, uint32_t *rec);

/* The whole draw as AoS records, instance-major; malloc'd (NULL when out of
 * memory or empty), the caller frees it. */
uint32_t *ia_ref_aos(const ia_ref *r);

/* The SoA form (vfetch.h: batches of `lanes` positions, register-word
 * major) of `aos` records for `v` positions and `n` instances; lanes past
 * the end are zero but for VF_FLAG_INACTIVE in the flags word of register
 * `flags_reg` (-1: none). malloc'd, the caller frees it. */
uint32_t *ia_ref_soa(const uint32_t *aos, uint32_t nreg, uint32_t v, uint32_t n, uint32_t lanes,
                     int flags_reg);

/* Word `w` of the record of position `pos` in an output of `lanes` lanes
 * (1: AoS) and `nreg` registers that starts at position 0. */
uint32_t ia_ref_out_word(const uint8_t *out, uint32_t lanes, uint32_t nreg, uint32_t pos,
                         uint32_t w);

/* The position, for ia_ref_out_word, of position `v` of instance `j` in a
 * draw of `per` positions an instance: each instance fills whole batches. */
uint32_t ia_ref_out_pos(uint32_t lanes, uint32_t per, uint32_t j, uint32_t v);

/* Rules §5.2: the topologies in which a cut value cuts. */
int ia_ref_is_strip(uint32_t topology);

/* Rules §5.2: whether `index` is the draw's strip cut value (never when
 * the cut is disabled), whatever the topology. */
int ia_ref_is_cut_value(const vf_draw_desc *d, uint32_t index);

/* Rules §5.1, §5.2: the raw index at position `pos` of an indexed draw,
 * read at byte (StartIndexLocation + pos) * size in 32-bit arithmetic; 0
 * past the view or without index data. *cut says whether it cuts: the cut
 * value in a strip topology. */
uint32_t ia_ref_index(const vf_draw_desc *d, uint32_t pos, int *cut);

#endif
