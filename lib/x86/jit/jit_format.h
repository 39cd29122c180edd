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

/* Whether the generator has a template for `format`. */
VF_HIDDEN int vf_jit_format_ok(vf_format format);
/* Emits the decode of element `e` read at [base + e->offset] into xmm
 * `dst`, its component mapping applied; with base2 >= 0, also of the
 * vertex at [base2 + e->offset] into the high 128-bit lane of ymm `dst`.
 * xmm12..xmm15 are scratch. */
VF_HIDDEN void vf_jit_emit_element(struct vf_jit_buf *b, const struct vf_element *e, int base,
                                   int base2, int dst);

#endif
