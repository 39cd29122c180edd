/* layout_helpers.h - helpers of the layout suites (check_layout_*.c):
 * element descriptions, layouts that must compile or fail with given
 * diagnostics, and checks of the compiled result through the public
 * queries plus vf_layout_slot_facts_get. Failures fail the running Check
 * test. */
#ifndef VF_LAYOUT_HELPERS_H
#define VF_LAYOUT_HELPERS_H

#include <stddef.h>
#include <stdint.h>

#include "layout_query.h"
#include "vfetch.h"

#define APPEND VF_APPEND_ALIGNED_ELEMENT
#define PV VF_INPUT_PER_VERTEX_DATA
#define PI VF_INPUT_PER_INSTANCE_DATA
#define LH_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* A per-vertex element, and a per-instance one with its step rate. */
vf_input_element_desc E(const char *name, uint32_t index, vf_format format, uint32_t slot,
                        uint32_t offset);
vf_input_element_desc EI(const char *name, uint32_t index, vf_format format, uint32_t slot,
                         uint32_t offset, uint32_t rate);

/* The diagnostics of the last create_ok / create_fail / fail_one (large:
 * kept off the stack). */
extern vf_diagnostics diags;

/* Expects success and returns the layout. */
vf_layout *create_ok(const vf_input_element_desc *d, uint32_t n, const vf_layout_options *o);
/* Expects failure with `code` as the result and no layout. */
void create_fail(const vf_input_element_desc *d, uint32_t n, const vf_layout_options *o,
                 vf_result code);
/* Expects diagnostic k to be exactly this. */
void expect_diag(uint32_t k, vf_result code, uint32_t severity, int32_t element,
                 int32_t signature, const char *message);
/* Expects failure with exactly one diagnostic, this error. */
void fail_one(const vf_input_element_desc *d, uint32_t n, const vf_layout_options *o,
              vf_result code, int32_t element, const char *message);

/* Options with only a signature set. */
vf_layout_options sig_options(const vf_signature_element *sig, uint32_t n);

/* The resolved byte offset of element i. */
uint32_t offset_of(const vf_layout *layout, uint32_t i);
/* Compiles d (must succeed) and expects these resolved offsets. */
void expect_offsets(const vf_input_element_desc *d, uint32_t n, const uint32_t *want);
/* Element i's record register (-1: not read). */
int32_t register_of(const vf_layout *layout, uint32_t i);
/* Register r's kind, element and shader register. */
void expect_register(const vf_layout *layout, uint32_t r, uint32_t kind, int32_t element,
                     uint32_t shader_register);

/* How the layout reads InputSlot `slot` (vf_layout_slot_facts_get). */
vf_layout_slot_facts slot_facts(const vf_layout *layout, uint32_t slot);
/* Expects slot `slot` to be read for these elements in this order, with
 * this class, step rate and stride alignment. */
void expect_slot(const vf_layout *layout, uint32_t slot, uint32_t slot_class, uint32_t rate,
                 uint32_t alignment, uint32_t nfetch, const uint32_t *fetch);
/* Slots read from, and the elements read in all (slots ascending). */
uint32_t fetched_slot_count(const vf_layout *layout);
uint32_t fetched_element_count(const vf_layout *layout);
/* Bit s set for every slot some element names (read or not). */
uint32_t used_slot_mask(const vf_layout *layout);

/* Draws vertex 0 (instance 0) with every slot 0..nvb-1 bound to `data`
 * (the same bytes, stride 0 so any offset reads from it) into `rec`, which
 * receives vf_layout_record_size bytes (at most 33 registers). AoS
 * layouts only. */
void draw_first_record(const vf_layout *layout, const void *data, uint32_t size, uint32_t nvb,
                       uint32_t rec[(VF_MAX_REGISTERS + 1) * 4]);

#endif
