/*
 * convert.h - the exact conversions of vertex components into float32 and
 * integer register words, shared by the DXGI decoders (decode.c) and the
 * Vulkan-only ones (vulkan_decode.c). Integer arithmetic only: the results do
 * not depend on the rounding mode or FTZ/DAZ. Not installed.
 */
#ifndef VF_LIB_CONVERT_H
#define VF_LIB_CONVERT_H

#include <stdint.h>

#define VF_F32_SIGN 0x80000000u
#define VF_F32_INF 0x7f800000u
#define VF_F32_MINUS_ONE 0xbf800000u

static inline unsigned vf_clz64(uint64_t x) /* x != 0 */
{
#if defined(__GNUC__)
    return (unsigned)__builtin_clzll(x);
#else
    unsigned n = 0;
    while (!(x & (UINT64_C(1) << 63))) {
        x <<= 1;
        n++;
    }
    return n;
#endif
}

/*
 * Float32 bits of c / (2^n - 1), rounded to nearest, for 0 <= c <= 2^n - 1
 * and 1 <= n <= 16.
 *
 * The binary expansion of c / (2^n - 1) is the n-bit pattern of c repeated
 * forever (c/(2^n-1) = sum over k >= 1 of c * 2^-kn). Multiplying c by
 * floor((2^64 - 1) / (2^n - 1)) = sum of 2^(64 - kn), k = 1 .. floor(64/n),
 * writes the first floor(64/n) copies into a 64-bit word as a fraction
 * 0.xxxx; at least 48 of its bits are exact. Leading zeros are fewer than n,
 * so the 24 significand bits and the bit below them are all exact. The tail
 * after that round bit is never all zeros (the pattern repeats and c != 0),
 * so no value is a tie: round up iff the round bit is 1. The all-ones code
 * gives 0.111... which rounds up to exactly 1.0 through the carry.
 * Integer only: independent of the FP environment.
 */
static inline uint32_t vf_unorm_bits(uint32_t c, unsigned n)
{
    if (c == 0)
        return 0;
    uint64_t x = (uint64_t)c * (UINT64_MAX / ((UINT64_C(1) << n) - 1));
    unsigned lz = vf_clz64(x);
    uint64_t y = x << lz;
    uint32_t sig = (uint32_t)(y >> 40) + (uint32_t)((y >> 39) & 1); /* 2^23 .. 2^24 */
    /* Value = sig * 2^(-24 - lz): biased exponent 126 - lz for sig in
     * [2^23, 2^24); a carry into bit 24 bumps the exponent by itself. */
    return ((uint32_t)(125 - lz) << 23) + sig;
}

/* SNORM: c holds an n-bit two's complement value (n = 8 or 16). */
static inline uint32_t vf_snorm_bits(uint32_t c, unsigned n)
{
    uint32_t sign = 1u << (n - 1);
    if (!(c & sign))
        return vf_unorm_bits(c, n - 1); /* 0 gives +0.0 */
    if (c == sign)
        return VF_F32_MINUS_ONE;        /* the minimum clamps to exactly -1.0 */
    return VF_F32_SIGN | vf_unorm_bits((sign << 1) - c, n - 1);
}

/* Sign-extends an n-bit value to 32 bits without signed overflow. */
static inline uint32_t vf_sext(uint32_t c, unsigned n)
{
    uint32_t sign = 1u << (n - 1);
    return (c ^ sign) - sign;
}

/*
 * A small float with a 5-bit exponent (bias 15) and an m-bit mantissa to
 * float32 bits. `sign` is 0 or VF_F32_SIGN. Every such value is exact in
 * float32. NaN keeps its mantissa at the top of the float32 fraction and the
 * quiet bit is not forced (d3d-ia-rules 2, matched by hardware in 11).
 */
static inline uint32_t vf_small_float_bits(uint32_t sign, uint32_t e, uint32_t mant, unsigned m)
{
    if (e == 31)
        return sign | VF_F32_INF | (mant << (23 - m));
    if (e != 0)
        return sign | ((e + 112) << 23) | (mant << (23 - m));
    if (mant == 0)
        return sign;
    /* Denormal 2^-14 * mant / 2^m: shift the leading one up to bit m. */
    unsigned p = 0;
    while (!(mant & (1u << m))) {
        mant <<= 1;
        p++;
    }
    return sign | ((113 - p) << 23) | ((mant & ((1u << m) - 1)) << (23 - m));
}

static inline uint32_t vf_half_bits(uint32_t h)
{
    return vf_small_float_bits((h & 0x8000u) << 16, (h >> 10) & 31, h & 0x3ffu, 10);
}

static inline uint32_t vf_uf11_bits(uint32_t v)
{
    return vf_small_float_bits(0, (v >> 6) & 31, v & 0x3fu, 6);
}

static inline uint32_t vf_uf10_bits(uint32_t v)
{
    return vf_small_float_bits(0, (v >> 5) & 31, v & 0x1fu, 5);
}

#endif
