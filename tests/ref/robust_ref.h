/*
 * robust_ref.h - an independent reference for the values out-of-bounds
 * reads may take under D3D's rule and Vulkan's robustness modes
 * (d3d-ia-rules §17), written from the spec sentences, apart from lib/.
 *
 * For one record component it decides whether the component is listed
 * (an element read that is not plainly in bounds in the mode) and whether
 * a word is allowed there, by walking the rule directly: the element
 * number and the byte address (32 bits for D3D, 64 for Vulkan), the whole
 * element against SizeInBytes, the range rounded down to a multiple of the
 * stride, the same-binding clause, unbound slots, index reads past the
 * index buffer, and "any value from the bound range" by decoding every
 * element-aligned window of the view. Exact words come from ia_ref.
 * Not thread-safe per robust_ref.
 */
#ifndef VF_ROBUST_REF_H
#define VF_ROBUST_REF_H

#include "ia_ref.h"
#include "vfetch_robust.h"

/* What the reference found for one record (instance j, position i). */
typedef struct robust_ref_record {
    uint32_t words[(VF_MAX_REGISTERS + 1) * 4]; /* ia_ref's record */
    int listed[VF_MAX_REGISTERS + 1][4];        /* component listed in the mode */
    int kind[VF_MAX_REGISTERS + 1];             /* 0 in bounds, 1 out, 2 maybe, 3 unbound, 4 any */
} robust_ref_record;

/* The record's classification under `mode`. */
void robust_ref_record_at(const ia_ref *r, uint32_t mode, uint32_t j, uint32_t i,
                          robust_ref_record *out);

/* Whether `word` is allowed at register g, component c of that record. */
int robust_ref_allows(const ia_ref *r, uint32_t mode, const robust_ref_record *rec, uint32_t g,
                      uint32_t c, uint32_t word);

#endif
