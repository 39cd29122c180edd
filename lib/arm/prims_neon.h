/*
 * prims_neon.h - the fetch template's primitives (lib/fetch_template.h) on
 * AArch64 Advanced SIMD: one vertex per 128-bit vector, four across. Static
 * inline only.
 */
#ifndef VF_LIB_ARM_PRIMS_NEON_H
#define VF_LIB_ARM_PRIMS_NEON_H

#include <string.h>

#include <arm_neon.h>

#include "vf_internal.h"

#define VF_NV 1
typedef uint32x4_t vec_t;

static inline vec_t vq_load(const uint8_t *p, const uint8_t *p1, unsigned size)
{
    uint32_t w;
    (void)p1;
    switch (size) {
    case 1:
        return vsetq_lane_u32(p[0], vdupq_n_u32(0), 0);
    case 2:
        return vsetq_lane_u32(vf_load_u16(p), vdupq_n_u32(0), 0);
    case 4:
        memcpy(&w, p, 4);
        return vsetq_lane_u32(w, vdupq_n_u32(0), 0);
    case 8:
        return vcombine_u32(vreinterpret_u32_u8(vld1_u8(p)), vdup_n_u32(0));
    case 12:
        memcpy(&w, p + 8, 4);
        return vcombine_u32(vreinterpret_u32_u8(vld1_u8(p)), vset_lane_u32(w, vdup_n_u32(0), 0));
    default:
        return vreinterpretq_u32_u8(vld1q_u8(p));
    }
}
static inline vec_t vq_load16(const uint8_t *p0, const uint8_t *p1)
{
    (void)p1;
    return vreinterpretq_u32_u8(vld1q_u8(p0));
}
static inline void vq_store(uint8_t *d0, uint8_t *d1, vec_t v)
{
    (void)d1;
    vst1q_u32((uint32_t *)(void *)d0, v);
}
static inline void vq_store_lo(uint8_t *d0, vec_t v)
{
    vst1q_u32((uint32_t *)(void *)d0, v);
}
static inline vec_t vq_set4(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    const uint32_t t[4] = { a, b, c, d };
    return vld1q_u32(t);
}
static inline vec_t vq_and(vec_t a, vec_t b) { return vandq_u32(a, b); }
static inline vec_t vq_or(vec_t a, vec_t b) { return vorrq_u32(a, b); }
static inline vec_t vq_andnot(vec_t a, vec_t b) { return vbicq_u32(b, a); }
static inline vec_t vq_add(vec_t a, vec_t b) { return vaddq_u32(a, b); }
static inline vec_t vq_sub(vec_t a, vec_t b) { return vsubq_u32(a, b); }
static inline vec_t vq_cmpeq(vec_t a, vec_t b) { return vceqq_u32(a, b); }
static inline vec_t vq_select(vec_t m, vec_t a, vec_t b) { return vbslq_u32(m, a, b); }
static inline vec_t vq_srli(vec_t v, int n) { return vshlq_u32(v, vdupq_n_s32(-n)); }
static inline vec_t vq_slli(vec_t v, int n) { return vshlq_u32(v, vdupq_n_s32(n)); }
/* ushl shifts each word by its own count (negative: right). */
#define VF_HAVE_VARSHIFT 1
static inline vec_t vq_srlv4(vec_t v, int a, int b, int c, int d)
{
    const int32_t t[4] = { -a, -b, -c, -d };
    return vshlq_u32(v, vld1q_s32(t));
}
static inline vec_t vq_sllv4(vec_t v, int a, int b, int c, int d)
{
    const int32_t t[4] = { a, b, c, d };
    return vshlq_u32(v, vld1q_s32(t));
}
static inline vec_t vq_bcast0(vec_t v) { return vdupq_laneq_u32(v, 0); }
static inline vec_t vq_swap_xz(vec_t v)
{
    static const uint8_t idx[16] = { 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15 };
    return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), vld1q_u8(idx)));
}
static inline vec_t vq_widen_u8(vec_t v)
{
    return vmovl_u16(vget_low_u16(vmovl_u8(vget_low_u8(vreinterpretq_u8_u32(v)))));
}
static inline vec_t vq_widen_s8(vec_t v)
{
    return vreinterpretq_u32_s32(
        vmovl_s16(vget_low_s16(vmovl_s8(vget_low_s8(vreinterpretq_s8_u32(v))))));
}
static inline vec_t vq_widen_u16(vec_t v)
{
    return vmovl_u16(vget_low_u16(vreinterpretq_u16_u32(v)));
}
static inline vec_t vq_widen_s16(vec_t v)
{
    return vreinterpretq_u32_s32(vmovl_s16(vget_low_s16(vreinterpretq_s16_u32(v))));
}
static inline vec_t vq_cvt(vec_t v)
{
    return vreinterpretq_u32_f32(vcvtq_f32_s32(vreinterpretq_s32_u32(v)));
}
static inline vec_t vq_maxf(vec_t a, vec_t b)
{
    return vreinterpretq_u32_f32(vmaxq_f32(vreinterpretq_f32_u32(a), vreinterpretq_f32_u32(b)));
}
static inline vec_t vq_unorm(vec_t c, vec_t m, vec_t r)
{
    (void)r;
    return vreinterpretq_u32_f32(vdivq_f32(vreinterpretq_f32_u32(c), vreinterpretq_f32_u32(m)));
}

static inline vec_t vq_srai(vec_t v, int n)
{
    return vreinterpretq_u32_s32(vshlq_s32(vreinterpretq_s32_u32(v), vdupq_n_s32(-n)));
}

/* Across-vertex path: four vertices per vector. */
#define VF_LANES 4
static inline vec_t vq_words(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3)
{
    return vsetq_lane_u32(w3, vsetq_lane_u32(w2, vsetq_lane_u32(w1, vdupq_n_u32(w0), 1), 2), 3);
}
static inline void vq_emit4(uint8_t *d, size_t dst_stride, vec_t x, vec_t y, vec_t z, vec_t w)
{
    uint32x4_t xy0 = vzip1q_u32(x, y), zw0 = vzip1q_u32(z, w);
    uint32x4_t xy1 = vzip2q_u32(x, y), zw1 = vzip2q_u32(z, w);
    vst1q_u32((uint32_t *)(void *)d, vcombine_u32(vget_low_u32(xy0), vget_low_u32(zw0)));
    vst1q_u32((uint32_t *)(void *)(d + dst_stride),
              vcombine_u32(vget_high_u32(xy0), vget_high_u32(zw0)));
    vst1q_u32((uint32_t *)(void *)(d + 2 * dst_stride),
              vcombine_u32(vget_low_u32(xy1), vget_low_u32(zw1)));
    vst1q_u32((uint32_t *)(void *)(d + 3 * dst_stride),
              vcombine_u32(vget_high_u32(xy1), vget_high_u32(zw1)));
}

#endif
