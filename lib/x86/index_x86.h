/*
 * index_x86.h - the x86 vertex offsets and addresses of an indexed batch
 * (vf_internal.h, vf_vertex_bases_fn and vf_vertex_sources_fn, has the
 * contracts), for the levels' exports in fetch_<isa>.c. Internal.
 */
#ifndef VF_LIB_X86_INDEX_X86_H
#define VF_LIB_X86_INDEX_X86_H

#include <stdint.h>

#include "vf_internal.h"

/* An indexed batch's vertex offsets with AVX2 (index_avx2.c). */
VF_HIDDEN uint32_t vf_vertex_bases_avx2(uint32_t kbase, const uint32_t *index, uint32_t n,
                                        uint32_t stride, uint32_t last_base, uint32_t *base);

/* An indexed batch's vertex addresses from its raw indices with AVX2
 * (index_avx2.c). */
VF_HIDDEN uint32_t vf_vertex_sources_avx2(const uint8_t *data, const uint8_t *index,
                                          uint32_t index_size, uint32_t kbase, uint32_t stride,
                                          uint32_t last_base, uint32_t n, const uint8_t **src);

/* Whether a batch's indices run on by one, with AVX2 (index_avx2.c). */
VF_HIDDEN int vf_indices_sequential_avx2(const uint32_t *index, uint32_t n);

#endif
