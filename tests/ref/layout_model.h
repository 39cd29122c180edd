/*
 * layout_model.h - an independent model of input-layout validation
 * (d3d-ia-rules section 3, L01-L17, and section 7): which diagnostics
 * vf_layout_create reports for a layout, in the documented order, and the
 * byte offsets a valid layout resolves.
 *
 * Written from the rules, apart from lib/: its own table of the 47 IA
 * vertex formats (rules section 1: value, bytes, integer or not), one
 * APPEND_ALIGNED cursor per slot with min(4, size) alignment, 64-bit offset
 * arithmetic, and an unknown cursor after an element of unknown format until
 * the next explicit offset. Option errors are not modelled: the caller
 * passes valid options. Shared by the layout suites and the layout fuzz
 * target; free of Check, allocates nothing, thread-safe.
 */
#ifndef VF_LAYOUT_MODEL_H
#define VF_LAYOUT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"

#define LM_MAX_DIAGS 512u

/* One predicted diagnostic: what a vf_diagnostic carries besides its text. */
typedef struct lm_diag {
    vf_result code;
    uint32_t severity;       /* VF_SEVERITY_* */
    int32_t element;         /* element index or -1 */
    int32_t signature;       /* signature index or -1 */
} lm_diag;

typedef struct lm_result {
    uint32_t count;          /* predicted diagnostics; only the first LM_MAX_DIAGS are stored */
    uint32_t num_errors;
    uint32_t num_warnings;
    vf_result first_error;   /* the result vf_layout_create returns: VF_OK without errors */
    lm_diag diags[LM_MAX_DIAGS];
    uint64_t offset[VF_MAX_ELEMENTS]; /* element i's resolved offset, UINT64_MAX when unknown */
} lm_result;

/* The IA vertex formats of rules section 1, in ascending value. */
uint32_t lm_format_count(void);
vf_format lm_format_at(uint32_t index);
/* Bytes of an IA vertex format, 0 for any other value. */
uint32_t lm_format_size(vf_format format);
/* 1 for the UINT and SINT vertex formats, 0 otherwise. */
int lm_format_is_int(vf_format format);
/* Semantic names compare case-insensitively in ASCII (rules L09). */
int lm_name_equal(const char *a, const char *b);

/* Predicts vf_layout_create(descs, count, options, ...) where options hold
 * `mappings` (NULL: every mapping the default), a slot limit `max_slots`
 * (16 or 32) and the signature `sig` of `nsig` entries (NULL: none). Reads
 * at most the first VF_MAX_ELEMENTS of `descs` and VF_MAX_REGISTERS of
 * `sig`, as the library does. */
void lm_predict(const vf_input_element_desc *descs, uint32_t count, const uint32_t *mappings,
                uint32_t max_slots, const vf_signature_element *sig, uint32_t nsig,
                lm_result *ret);

/* Compares a prediction with what vf_layout_create returned and reported:
 * result, counts, and each stored entry's code, severity and indices.
 * Returns 1 when they agree; otherwise 0, with the first difference
 * described in `why` (always NUL-terminated). */
int lm_agrees(const lm_result *model, vf_result result, const vf_diagnostics *got, char *why,
              size_t why_size);

#endif
