/*
 * layout_state.h - the state of an input layout being compiled, which its
 * three parts share: layout_names.c (semantic names, the signature),
 * layout_check.c (the options and per-element rules) and layout.c
 * (building the vf_layout and its queries). Not installed.
 */
#ifndef VF_LIB_LAYOUT_STATE_H
#define VF_LIB_LAYOUT_STATE_H

#include "vf_internal.h"

/* Bytes of a semantic name printed in a message; longer names are cut. */
#define NAME_PRINT_MAX 48u

struct diag_ctx {
    vf_diagnostics *out;  /* may be NULL */
    vf_result first_error;
    uint32_t num_errors;
};


/* What validation learned about one element. */
struct elem_state {
    const vf_format_desc *fi; /* NULL unless an IA vertex format */
    uint32_t size;
    int offset_known;         /* format known and APPEND cursor not poisoned */
    uint64_t offset;          /* resolved offset, 64-bit so a cursor cannot wrap */
    uint32_t mapping;
};

/* What validation tracks per input slot number. */
struct slot_state {
    uint64_t end;  /* APPEND_ALIGNED cursor: where the slot's last placed element ends */
    int end_known; /* 0 after an element of unknown format, until an explicit offset */
    int32_t ref;   /* the slot's first element with a valid class (L06, L07), or -1 */
};

/* A layout under validation: the caller's arrays, and everything the
 * checks learn that building needs. */
struct layout_check {
    struct diag_ctx ctx;
    const vf_input_element_desc *descs;
    uint32_t n;                      /* elements checked and kept (L01 caps it) */
    uint32_t max_slots;              /* resolved vf_layout_options.max_input_slots */
    uint32_t isa;                    /* resolved vf_layout_options.isa */
    const vf_signature_element *sig; /* NULL: registers in element order */
    uint32_t nsig;
    struct elem_state elems[VF_MAX_ELEMENTS];
    struct slot_state slots[VF_MAX_INPUT_SLOTS];
    int32_t match[VF_MAX_REGISTERS]; /* element each signature entry reads, or -1 */
};


/* Rules 3.1: an element's offset is a multiple of min(4, its size); a
 * slot's stride, of the largest of those over the slot's elements. */
static inline uint32_t vf_element_alignment(uint32_t size)
{
    return size < 4 ? size : 4;
}

/* One diagnostic into ctx; the first error becomes ctx->first_error. */
#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
VF_HIDDEN void vf_layout_diag(struct diag_ctx *ctx, vf_result code, uint32_t severity,
                              int32_t element, int32_t signature, const char *fmt, ...);

/* layout_names.c */
VF_HIDDEN void vf_layout_format_semantic(char *buf, size_t size, const char *name,
                                         uint32_t index);
VF_HIDDEN void vf_layout_check_name(struct diag_ctx *ctx, const vf_input_element_desc *descs,
                                    uint32_t i, const char *sem);
VF_HIDDEN uint32_t vf_layout_generated_kind(const char *name);
VF_HIDDEN int vf_layout_check_signature(struct diag_ctx *ctx, const vf_signature_element *sig,
                                        uint32_t n);
VF_HIDDEN void vf_layout_link_signature(struct diag_ctx *ctx, const vf_input_element_desc *descs,
                                        uint32_t n, const struct elem_state *elems,
                                        const vf_signature_element *sig, uint32_t nsig,
                                        int32_t *match);

/* layout_check.c: runs every check into c (its ctx already set). Returns
 * 1 if the layout is valid; otherwise c->ctx.first_error is the result. */
VF_HIDDEN int vf_layout_validate(struct layout_check *c, const vf_input_element_desc *descs,
                                 uint32_t count, const vf_layout_options *options);

/* layout.c: builds the compiled layout of a validated one: what
 * vf_layout_create does after the checks pass. The Vulkan front end
 * (vulkan_input.c) calls it with the state it validated by Vulkan's rules.
 * Reads c->descs, c->n, c->elems (size, offset, mapping), c->sig, c->nsig,
 * c->match, c->isa and c->max_slots. */
VF_HIDDEN vf_result vf_layout_build(const struct layout_check *c,
                                    const vf_layout_options *options, vf_layout **layout_ret);

#endif
