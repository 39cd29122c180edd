/*
 * jit_format.h - the per-format code templates of the record-kernel
 * generator: one element's bytes at [base + offset] decoded into one xmm
 * register, instruction for instruction as the AVX2 kernels of
 * lib/fetch_template_decode.h and lib/x86/prims_avx2.h decode it (so the
 * words are the same bits). Internal.
 */
#ifndef VF_LIB_X86_JIT_JIT_FORMAT_H
#define VF_LIB_X86_JIT_JIT_FORMAT_H

#include "jit_emit.h"

enum { VF_JIT_TY_FLOAT, VF_JIT_TY_UINT, VF_JIT_TY_SINT, VF_JIT_TY_UNORM, VF_JIT_TY_SNORM,
       VF_JIT_TY_PACKED };

/* A row of vertex_formats.def: bytes, components, type (VF_JIT_TY_*) and
 * bits per component. */
struct vf_jit_row {
    vf_format format;
    uint8_t bytes, nc, type, bits;
};

/* The row of `format`, or NULL. */
VF_HIDDEN const struct vf_jit_row *vf_jit_find_row(vf_format format);
/* Whether the generator has a template for `format`. */
VF_HIDDEN int vf_jit_format_ok(vf_format format);
/* Emits the decode of element `e` read at [base + e->offset] into xmm
 * `dst`, its component mapping applied; with base2 >= 0, also of the
 * vertex at [base2 + e->offset] into the high 128-bit lane of ymm `dst`.
 * xmm12..xmm15 are scratch. */
VF_HIDDEN void vf_jit_emit_element(struct vf_jit_buf *b, const struct vf_element *e, int base,
                                   int base2, int dst);

/* Shared steps of the templates, on xmm (l 0), ymm (1) or zmm (2; EVEX)
 * registers (scratch xmm12): an integer array format's codes widened to
 * words (sign-extended for the signed types) made its words (SNORM clamp,
 * UNORM/SNORM quotient, defaults); a packed format's, once each
 * component's word holds the whole code (R10G10B10A2, 16-bit packed) or
 * its byte (BGRA, in RGBA order); the defaults of missing components; the
 * element's component mapping (nothing when it is the identity). */
VF_HIDDEN void vf_jit_code_steps(struct vf_jit_buf *b, int l, const struct vf_jit_row *row,
                                 int dst);
VF_HIDDEN void vf_jit_packed_steps(struct vf_jit_buf *b, int l, const struct vf_jit_row *row,
                                   int dst);
VF_HIDDEN void vf_jit_or_defaults(struct vf_jit_buf *b, int l, int dst, uint32_t nc, uint32_t one);
VF_HIDDEN void vf_jit_mapping(struct vf_jit_buf *b, int l, const struct vf_element *e, int dst);

#endif
