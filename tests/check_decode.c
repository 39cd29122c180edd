/*
 * check_decode.c - the scalar decoders, vf_decode_element and the scalar
 * kernels, against reference values computed here from d3d-ia-rules.md
 * section 2 by a different route: fields are pulled out bit by bit, UNORM
 * and SNORM results are chosen by exact rational comparison (128-bit
 * integers), small floats are built with ldexp in double, sign extension is
 * done in 64-bit signed arithmetic. Nothing here calls the code under test
 * to produce an expected value.
 */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || (defined(__i386__) && defined(__SSE__))
#include <xmmintrin.h>
#define HAVE_MXCSR 1
#endif

#include "check_main.h"
#include "test_util.h"
#include "vf_internal.h"
#include "vfetch.h"

#if !defined(__SIZEOF_INT128__)
#error "check_decode needs unsigned __int128 for its exact reference"
#endif
typedef unsigned __int128 u128;

/* ------------------------------------------------------------------------ */
/* The 47 IA vertex formats, written from d3d-ia-rules.md section 1.         */
/* ------------------------------------------------------------------------ */

enum kind { K_NONE, K_COPY32, K_F16, K_UF11, K_UF10, K_UNORM, K_SNORM, K_UINT, K_SINT };

struct comp {
    uint8_t kind, bits, shift;
};

struct tformat {
    const char *name;
    vf_format value;
    uint32_t bytes;
    int integer; /* UINT/SINT: the missing-A and FORCE_VALUE_1 word is 0x1 */
    struct comp c[4]; /* x, y, z, w */
};

#define NO { K_NONE, 0, 0 }
#define F32x(n) { K_COPY32, 32, 0 }, { K_COPY32, 32, 32 }, { K_COPY32, 32, 64 }, { K_COPY32, 32, 96 }
#define A4(k, b) { k, b, 0 }, { k, b, b }, { k, b, 2 * b }, { k, b, 3 * b }
#define A3(k, b) { k, b, 0 }, { k, b, b }, { k, b, 2 * b }, NO
#define A2(k, b) { k, b, 0 }, { k, b, b }, NO, NO
#define A1(k, b) { k, b, 0 }, NO, NO, NO

static const struct tformat tformats[] = {
    { "R32G32B32A32_FLOAT", 2, 16, 0, { A4(K_COPY32, 32) } },
    { "R32G32B32A32_UINT", 3, 16, 1, { A4(K_COPY32, 32) } },
    { "R32G32B32A32_SINT", 4, 16, 1, { A4(K_COPY32, 32) } },
    { "R32G32B32_FLOAT", 6, 12, 0, { A3(K_COPY32, 32) } },
    { "R32G32B32_UINT", 7, 12, 1, { A3(K_COPY32, 32) } },
    { "R32G32B32_SINT", 8, 12, 1, { A3(K_COPY32, 32) } },
    { "R16G16B16A16_FLOAT", 10, 8, 0, { A4(K_F16, 16) } },
    { "R16G16B16A16_UNORM", 11, 8, 0, { A4(K_UNORM, 16) } },
    { "R16G16B16A16_UINT", 12, 8, 1, { A4(K_UINT, 16) } },
    { "R16G16B16A16_SNORM", 13, 8, 0, { A4(K_SNORM, 16) } },
    { "R16G16B16A16_SINT", 14, 8, 1, { A4(K_SINT, 16) } },
    { "R32G32_FLOAT", 16, 8, 0, { A2(K_COPY32, 32) } },
    { "R32G32_UINT", 17, 8, 1, { A2(K_COPY32, 32) } },
    { "R32G32_SINT", 18, 8, 1, { A2(K_COPY32, 32) } },
    { "R10G10B10A2_UNORM", 24, 4, 0,
      { { K_UNORM, 10, 0 }, { K_UNORM, 10, 10 }, { K_UNORM, 10, 20 }, { K_UNORM, 2, 30 } } },
    { "R10G10B10A2_UINT", 25, 4, 1,
      { { K_UINT, 10, 0 }, { K_UINT, 10, 10 }, { K_UINT, 10, 20 }, { K_UINT, 2, 30 } } },
    { "R11G11B10_FLOAT", 26, 4, 0, { { K_UF11, 11, 0 }, { K_UF11, 11, 11 }, { K_UF10, 10, 22 }, NO } },
    { "R8G8B8A8_UNORM", 28, 4, 0, { A4(K_UNORM, 8) } },
    { "R8G8B8A8_UINT", 30, 4, 1, { A4(K_UINT, 8) } },
    { "R8G8B8A8_SNORM", 31, 4, 0, { A4(K_SNORM, 8) } },
    { "R8G8B8A8_SINT", 32, 4, 1, { A4(K_SINT, 8) } },
    { "R16G16_FLOAT", 34, 4, 0, { A2(K_F16, 16) } },
    { "R16G16_UNORM", 35, 4, 0, { A2(K_UNORM, 16) } },
    { "R16G16_UINT", 36, 4, 1, { A2(K_UINT, 16) } },
    { "R16G16_SNORM", 37, 4, 0, { A2(K_SNORM, 16) } },
    { "R16G16_SINT", 38, 4, 1, { A2(K_SINT, 16) } },
    { "R32_FLOAT", 41, 4, 0, { A1(K_COPY32, 32) } },
    { "R32_UINT", 42, 4, 1, { A1(K_COPY32, 32) } },
    { "R32_SINT", 43, 4, 1, { A1(K_COPY32, 32) } },
    { "R8G8_UNORM", 49, 2, 0, { A2(K_UNORM, 8) } },
    { "R8G8_UINT", 50, 2, 1, { A2(K_UINT, 8) } },
    { "R8G8_SNORM", 51, 2, 0, { A2(K_SNORM, 8) } },
    { "R8G8_SINT", 52, 2, 1, { A2(K_SINT, 8) } },
    { "R16_FLOAT", 54, 2, 0, { A1(K_F16, 16) } },
    { "R16_UNORM", 56, 2, 0, { A1(K_UNORM, 16) } },
    { "R16_UINT", 57, 2, 1, { A1(K_UINT, 16) } },
    { "R16_SNORM", 58, 2, 0, { A1(K_SNORM, 16) } },
    { "R16_SINT", 59, 2, 1, { A1(K_SINT, 16) } },
    { "R8_UNORM", 61, 1, 0, { A1(K_UNORM, 8) } },
    { "R8_UINT", 62, 1, 1, { A1(K_UINT, 8) } },
    { "R8_SNORM", 63, 1, 0, { A1(K_SNORM, 8) } },
    { "R8_SINT", 64, 1, 1, { A1(K_SINT, 8) } },
    /* Packed 16-bit words, named from bit 0 up: B first. */
    { "B5G6R5_UNORM", 85, 2, 0, { { K_UNORM, 5, 11 }, { K_UNORM, 6, 5 }, { K_UNORM, 5, 0 }, NO } },
    { "B5G5R5A1_UNORM", 86, 2, 0,
      { { K_UNORM, 5, 10 }, { K_UNORM, 5, 5 }, { K_UNORM, 5, 0 }, { K_UNORM, 1, 15 } } },
    { "B8G8R8A8_UNORM", 87, 4, 0,
      { { K_UNORM, 8, 16 }, { K_UNORM, 8, 8 }, { K_UNORM, 8, 0 }, { K_UNORM, 8, 24 } } },
    /* The X byte (bits 24..31) is not a component. */
    { "B8G8R8X8_UNORM", 88, 4, 0, { { K_UNORM, 8, 16 }, { K_UNORM, 8, 8 }, { K_UNORM, 8, 0 }, NO } },
    { "B4G4R4A4_UNORM", 115, 2, 0,
      { { K_UNORM, 4, 8 }, { K_UNORM, 4, 4 }, { K_UNORM, 4, 0 }, { K_UNORM, 4, 12 } } },
};
#define N_TFORMATS ((int)(sizeof(tformats) / sizeof(tformats[0])))

static const struct tformat *tformat_of(vf_format f)
{
    for (int i = 0; i < N_TFORMATS; i++)
        if (tformats[i].value == f)
            return &tformats[i];
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Reference conversions                                                      */
/* ------------------------------------------------------------------------ */

#define ONE_F32 0x3f800000u

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

/* |x - num/den| scaled by den * 2^64, for a positive finite float x >= 2^-40
 * given by its bits: exact in 128 bits. */
static u128 distance(uint32_t bits, uint64_t num, uint64_t den)
{
    uint32_t e = (bits >> 23) & 0xff;
    u128 sig = (bits & 0x7fffffu) | 0x800000u;
    if (e < 87 || e == 255)
        ck_abort_msg("bits 0x%08x out of the checked range", bits);
    u128 a = (sig << (e - 86)) * den; /* x * 2^64 * den */
    u128 b = (u128)num << 64;
    return a > b ? a - b : b - a;
}

/* Float32 bits nearest to num / den (0 < num <= den < 2^20): start from the
 * double quotient, then let the exact distances decide among its float
 * neighbours. Ties cannot occur for odd den; assert it anyway. */
static uint32_t ref_ratio(uint64_t num, uint64_t den)
{
    uint32_t guess = f2u((float)((double)num / (double)den));
    uint32_t best = guess - 1;
    u128 best_d = distance(best, num, den);
    for (uint32_t cand = guess; cand <= guess + 1; cand++) {
        u128 d = distance(cand, num, den);
        if (d == best_d)
            ck_abort_msg("tie for %llu/%llu", (unsigned long long)num, (unsigned long long)den);
        if (d < best_d) {
            best = cand;
            best_d = d;
        }
    }
    /* The winner must not be at the edge of the searched window. */
    if ((best == guess - 1 && distance(guess - 2, num, den) <= best_d) ||
        (best == guess + 1 && distance(guess + 2, num, den) <= best_d))
        ck_abort_msg("no nearest float found for %llu/%llu", (unsigned long long)num,
                     (unsigned long long)den);
    return best;
}

static uint32_t ref_unorm(uint32_t c, unsigned n)
{
    uint64_t m = (UINT64_C(1) << n) - 1;
    return c == 0 ? 0 : ref_ratio(c, m);
}

static int64_t sign_extend(uint32_t c, unsigned n)
{
    int64_t v = (int64_t)c;
    return v >= (INT64_C(1) << (n - 1)) ? v - (INT64_C(1) << n) : v;
}

static uint32_t ref_snorm(uint32_t c, unsigned n)
{
    int64_t v = sign_extend(c, n);
    int64_t max = (INT64_C(1) << (n - 1)) - 1;
    if (v == 0)
        return 0; /* +0.0, never -0.0 */
    if (v <= -max)
        return 0xbf800000u; /* -2^(n-1) and -(2^(n-1)-1) are both -1.0 */
    uint32_t mag = ref_ratio((uint64_t)(v < 0 ? -v : v), (uint64_t)max);
    return v < 0 ? mag | 0x80000000u : mag;
}

/* A small float with a 5-bit exponent (bias 15) and m mantissa bits. */
static uint32_t ref_small_float(uint32_t sign, uint32_t e, uint32_t mant, int m)
{
    if (e == 31)
        return sign | 0x7f800000u | (mant << (23 - m)); /* Inf, or NaN by the rules' choice */
    double d = e == 0 ? ldexp((double)mant, -14 - m)
                      : ldexp((double)((1u << m) + mant), (int)e - 15 - m);
    return sign | f2u((float)d);
}

static uint32_t ref_half(uint32_t h)
{
    return ref_small_float((h >> 15) << 31, (h >> 10) & 31, h & 1023, 10);
}

static uint32_t ref_component(const struct comp *c, uint32_t raw)
{
    switch (c->kind) {
    case K_COPY32:
    case K_UINT:
        return raw;
    case K_F16:
        return ref_half(raw);
    case K_UF11:
        return ref_small_float(0, raw >> 6, raw & 63, 6);
    case K_UF10:
        return ref_small_float(0, raw >> 5, raw & 31, 5);
    case K_UNORM:
        return ref_unorm(raw, c->bits);
    case K_SNORM:
        return ref_snorm(raw, c->bits);
    case K_SINT:
        return (uint32_t)(sign_extend(raw, c->bits) & 0xffffffff);
    default:
        ck_abort_msg("bad kind");
        return 0;
    }
}

/* Bits [shift, shift + bits) of the little-endian element, one at a time. */
static uint32_t get_field(const uint8_t *e, unsigned shift, unsigned bits)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bits; i++)
        v |= (uint32_t)((e[(shift + i) / 8] >> ((shift + i) % 8)) & 1) << i;
    return v;
}

static void set_field(uint8_t *e, unsigned shift, unsigned bits, uint32_t v)
{
    for (unsigned i = 0; i < bits; i++) {
        unsigned b = shift + i;
        e[b / 8] = (uint8_t)((e[b / 8] & ~(1u << (b % 8))) | (((v >> i) & 1) << (b % 8)));
    }
}

static void ref_decode(const struct tformat *f, const uint8_t *e, uint32_t out[4])
{
    for (int c = 0; c < 4; c++) {
        if (f->c[c].kind == K_NONE)
            out[c] = c < 3 ? 0 : f->integer ? 1 : ONE_F32; /* rules 2.3 */
        else
            out[c] = ref_component(&f->c[c], get_field(e, f->c[c].shift, f->c[c].bits));
    }
}

static void check_element(const struct tformat *f, const uint8_t *e)
{
    uint32_t want[4], got[4] = { 0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef };
    ref_decode(f, e, want);
    /* Plain ifs: a passing ck_assert costs a system call in fork mode. */
    vf_result r = vf_decode_element(f->value, e, VF_DEFAULT_COMPONENT_MAPPING, got);
    if (r != VF_OK || memcmp(want, got, sizeof(want)) != 0) {
        char hex[64] = "";
        for (uint32_t i = 0; i < f->bytes; i++)
            snprintf(hex + 2 * i, sizeof(hex) - 2 * i, "%02x", e[i]);
        ck_abort_msg("%s bytes %s: result %d, got %08x %08x %08x %08x, want %08x %08x %08x %08x",
                     f->name, hex, (int)r, got[0], got[1], got[2], got[3], want[0], want[1],
                     want[2], want[3]);
    }
}

/* ------------------------------------------------------------------------ */
/* The reference itself, on facts that need no arithmetic                     */
/* ------------------------------------------------------------------------ */

START_TEST(test_reference_sanity)
{
    ck_assert_uint_eq(ref_unorm(255, 8), ONE_F32);
    ck_assert_uint_eq(ref_unorm(65535, 16), ONE_F32);
    ck_assert_uint_eq(ref_unorm(1, 1), ONE_F32);
    ck_assert_uint_eq(ref_unorm(1, 2), 0x3eaaaaabu); /* 1/3 */
    ck_assert_uint_eq(ref_unorm(0x30, 8), 0x3e40c0c1u);
    ck_assert_uint_eq(ref_snorm(0x80, 8), 0xbf800000u);
    ck_assert_uint_eq(ref_snorm(0x81, 8), 0xbf800000u);
    ck_assert_uint_eq(ref_snorm(0x7f, 8), ONE_F32);
    ck_assert_uint_eq(ref_half(0x3c00), ONE_F32);
    ck_assert_uint_eq(ref_half(0x0001), 0x33800000u);
    ck_assert_uint_eq(ref_half(0x8000), 0x80000000u);
    ck_assert_uint_eq(ref_half(0x7bff), f2u(65504.0f));
    ck_assert_uint_eq(ref_component(&(struct comp){ K_SINT, 8, 0 }, 0xfe), 0xfffffffeu);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Exhaustive sweeps                                                          */
/* ------------------------------------------------------------------------ */

static const uint32_t special32[] = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00400000,
    0x00800000, 0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000,
    0x7f800001, 0xff800001, 0x7fbfffff, 0x7fc00000, 0xffc00000, 0x7fffffff, 0xffffffff,
    0x7fc00001, 0x12345678, 0x80000002, 0xdeadbeef,
};

/* Every code of every component of up to 16 bits (the others random), the
 * special and random words of 32-bit components, and every element of the
 * formats of at most 2 bytes. */
START_TEST(test_sweep)
{
    const struct tformat *f = &tformats[_i];
    vf_rng rng;
    uint8_t e[16];

    vf_rng_seed(&rng, 0x5eed0000u + (uint64_t)_i);
    for (int c = 0; c < 4; c++) {
        const struct comp *k = &f->c[c];
        if (k->kind == K_NONE)
            continue;
        if (k->bits <= 16) {
            for (uint32_t code = 0; code < (1u << k->bits); code++) {
                vf_rng_fill(&rng, e, sizeof(e));
                set_field(e, k->shift, k->bits, code);
                check_element(f, e);
            }
        } else {
            for (size_t i = 0; i < sizeof(special32) / sizeof(special32[0]); i++) {
                vf_rng_fill(&rng, e, sizeof(e));
                set_field(e, k->shift, 32, special32[i]);
                check_element(f, e);
            }
            for (int i = 0; i < 4096; i++) {
                vf_rng_fill(&rng, e, sizeof(e));
                check_element(f, e);
            }
        }
    }
    if (f->bytes <= 2) {
        for (uint32_t w = 0; w < (1u << (8 * f->bytes)); w++) {
            e[0] = (uint8_t)w;
            e[1] = (uint8_t)(w >> 8);
            check_element(f, e);
        }
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Fixed values                                                               */
/* ------------------------------------------------------------------------ */

static void expect4(vf_format format, const void *bytes, uint32_t x, uint32_t y, uint32_t z,
                    uint32_t w)
{
    uint32_t got[4];
    ck_assert_int_eq(vf_decode_element(format, bytes, VF_DEFAULT_COMPONENT_MAPPING, got), VF_OK);
    ck_assert_msg(got[0] == x && got[1] == y && got[2] == z && got[3] == w,
                  "format %u: got %08x %08x %08x %08x, want %08x %08x %08x %08x", format, got[0],
                  got[1], got[2], got[3], x, y, z, w);
}

/* d3d-ia-rules.md 2.4, literally. */
START_TEST(test_worked_values)
{
    static const uint8_t bgra[] = { 0x10, 0x20, 0x30, 0x40 };
    static const uint8_t snorm[] = { 0x80, 0x81, 0x7f, 0x00 };
    static const uint8_t h_inf[] = { 0x00, 0x7c }, h_ninf[] = { 0x00, 0xfc }, h_den[] = { 0x01, 0x00 };
    static const uint8_t ones[] = { 0xff, 0xff, 0xff, 0xff };
    static const uint8_t r11[] = { 0xc0, 0x03, 0x00, 0x00 };
    static const uint8_t b565[] = { 0x00, 0xf8 };
    static const uint8_t sint[] = { 0xfe };

    expect4(VF_FORMAT_B8G8R8A8_UNORM, bgra, 0x3e40c0c1, 0x3e008081, 0x3d808081, 0x3e808081);
    expect4(VF_FORMAT_R8G8B8A8_SNORM, snorm, 0xbf800000, 0xbf800000, 0x3f800000, 0x00000000);
    expect4(VF_FORMAT_R16_FLOAT, h_inf, 0x7f800000, 0, 0, ONE_F32);
    expect4(VF_FORMAT_R16_FLOAT, h_ninf, 0xff800000, 0, 0, ONE_F32);
    expect4(VF_FORMAT_R16_FLOAT, h_den, 0x33800000, 0, 0, ONE_F32);
    expect4(VF_FORMAT_R10G10B10A2_UINT, ones, 1023, 1023, 1023, 3);
    expect4(VF_FORMAT_R11G11B10_FLOAT, r11, ONE_F32, 0, 0, ONE_F32);
    expect4(VF_FORMAT_B5G6R5_UNORM, b565, ONE_F32, 0, 0, ONE_F32);
    expect4(VF_FORMAT_R8_SINT, sint, 0xfffffffe, 0, 0, 1);
}
END_TEST

/* More literal values: NaN rules, SNORM16 clamp, half denormals, 32-bit
 * specials, X8 ignored. */
START_TEST(test_literal_values)
{
    static const uint8_t h_nan[] = { 0x01, 0xfc };   /* signalling NaN, sign set, f = 1 */
    static const uint8_t h_minden[] = { 0xff, 0x83 }; /* -(1023/1024) * 2^-14 */
    static const uint8_t s16[] = { 0x00, 0x80, 0x01, 0x80, 0xff, 0x7f, 0xff, 0xff };
    static const uint8_t f32[] = { 0x01, 0x00, 0x80, 0x7f, 0x01, 0x00, 0x00, 0x00,
                                   0x00, 0x00, 0x00, 0x80, 0x01, 0x00, 0xc0, 0xff };
    static const uint8_t bgrx[] = { 0xff, 0x00, 0x80, 0x00 };
    /* R = NaN mant 1, G = +Inf, B = NaN mant 1. */
    uint32_t w = 0x7c1u | (0x7c0u << 11) | (0x3e1u << 22);
    uint8_t r11[4] = { (uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16), (uint8_t)(w >> 24) };

    expect4(VF_FORMAT_R16_FLOAT, h_nan, 0xff802000, 0, 0, ONE_F32);
    expect4(VF_FORMAT_R16_FLOAT, h_minden, 0xb87fc000, 0, 0, ONE_F32);
    expect4(VF_FORMAT_R16G16B16A16_SNORM, s16, 0xbf800000, 0xbf800000, 0x3f800000, 0xb8000100);
    expect4(VF_FORMAT_R32G32B32A32_FLOAT, f32, 0x7f800001, 0x00000001, 0x80000000, 0xffc00001);
    expect4(VF_FORMAT_B8G8R8X8_UNORM, bgrx, 0x3f008081, 0, ONE_F32, ONE_F32);
    expect4(VF_FORMAT_R11G11B10_FLOAT, r11, 0x7f820000, 0x7f800000, 0x7f840000, ONE_F32);
}
END_TEST

/* Components a format lacks: R, G, B are 0; A is 1.0f or 0x1 (rules 2.3). */
START_TEST(test_missing_components)
{
    uint8_t e[16];
    for (int i = 0; i < N_TFORMATS; i++) {
        const struct tformat *f = &tformats[i];
        uint32_t got[4];
        /* All bits set: the defaults must not depend on the data. */
        memset(e, 0xff, sizeof(e));
        ck_assert_int_eq(vf_decode_element(f->value, e, VF_DEFAULT_COMPONENT_MAPPING, got), VF_OK);
        for (int c = 0; c < 4; c++) {
            if (f->c[c].kind != K_NONE)
                continue;
            uint32_t want = c < 3 ? 0 : f->integer ? 1 : ONE_F32;
            ck_assert_msg(got[c] == want, "%s component %d: %08x", f->name, c, got[c]);
        }
        ck_assert_uint_eq(vf_format_one(f->value), f->integer ? 1u : ONE_F32);
    }
}
END_TEST

/* Strict monotonicity of UNORM and SNORM results as floats: an extra
 * property check, independent of the rational reference. */
START_TEST(test_norm_monotonic)
{
    static const unsigned widths[] = { 1, 2, 4, 5, 6, 8, 10, 16 };
    for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
        unsigned n = widths[w];
        /* A 16-bit UNORM format for n = 16, R8_UNORM for n = 8, etc: use
         * the format of that width, field at its position. */
        const struct tformat *f = NULL;
        int comp = 0;
        for (int i = 0; i < N_TFORMATS && !f; i++)
            for (int c = 0; c < 4; c++)
                if (tformats[i].c[c].kind == K_UNORM && tformats[i].c[c].bits == n) {
                    f = &tformats[i];
                    comp = c;
                    break;
                }
        ck_assert_ptr_nonnull(f);
        float prev = -1.0f;
        for (uint32_t code = 0; code < (1u << n); code++) {
            uint8_t e[16] = { 0 };
            uint32_t got[4];
            set_field(e, f->c[comp].shift, n, code);
            vf_decode_element(f->value, e, VF_DEFAULT_COMPONENT_MAPPING, got);
            float v = vf_test_u2f(got[comp]);
            if (!(v > prev || (code == 0 && got[comp] == 0)) || !(v >= 0.0f && v <= 1.0f))
                ck_abort_msg("%s code %u: %08x not above the previous code's", f->name, code,
                             got[comp]);
            prev = v;
        }
        ck_assert_uint_eq(f2u(prev), ONE_F32);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Mappings and errors                                                        */
/* ------------------------------------------------------------------------ */

START_TEST(test_all_mappings)
{
    static const vf_format formats[] = { VF_FORMAT_R8G8B8A8_UINT, VF_FORMAT_R32G32B32_FLOAT,
                                         VF_FORMAT_R16G16_SNORM, VF_FORMAT_B8G8R8X8_UNORM,
                                         VF_FORMAT_R16_SINT, VF_FORMAT_R10G10B10A2_UNORM };
    vf_rng rng;
    vf_rng_seed(&rng, 99);
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        const struct tformat *f = tformat_of(formats[i]);
        uint8_t e[16];
        uint32_t base[4];
        vf_rng_fill(&rng, e, sizeof(e));
        ref_decode(f, e, base);
        uint32_t one = f->integer ? 1u : ONE_F32;
        for (uint32_t m = 0; m < 6 * 6 * 6 * 6; m++) {
            uint32_t s[4] = { m % 6, m / 6 % 6, m / 36 % 6, m / 216 };
            uint32_t mapping = s[0] | s[1] << 3 | s[2] << 6 | s[3] << 9 | 0x1000u;
            uint32_t got[4];
            if (vf_decode_element(f->value, e, mapping, got) != VF_OK)
                ck_abort_msg("%s: mapping 0x%x rejected", f->name, mapping);
            for (int c = 0; c < 4; c++) {
                uint32_t want = s[c] < 4 ? base[s[c]] : s[c] == 4 ? 0u : one;
                if (got[c] != want)
                    ck_abort_msg("%s mapping 0x%x component %d: %08x, want %08x", f->name,
                                 mapping, c, got[c], want);
            }
        }
    }
}
END_TEST

START_TEST(test_invalid_mappings)
{
    static const uint8_t e[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
    uint32_t bad[64];
    size_t n = 0;
    bad[n++] = 0;
    bad[n++] = 0x0688;
    bad[n++] = 0x1688 | 0x2000;
    bad[n++] = 0x1688 | 0x80000000u;
    bad[n++] = 0xffffffffu;
    for (int c = 0; c < 4; c++) {
        bad[n++] = (0x1688u & ~(7u << (3 * c))) | (6u << (3 * c));
        bad[n++] = (0x1688u & ~(7u << (3 * c))) | (7u << (3 * c));
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t out[4] = { 0xa, 0xb, 0xc, 0xd };
        ck_assert_int_eq(vf_decode_element(VF_FORMAT_R8G8B8A8_UNORM, e, bad[i], out),
                         VF_ERROR_INVALID_MAPPING);
        ck_assert(out[0] == 0xa && out[1] == 0xb && out[2] == 0xc && out[3] == 0xd);
    }
}
END_TEST

START_TEST(test_errors)
{
    static const uint8_t e[16] = { 0 };
    uint32_t out[4] = { 0xa, 0xb, 0xc, 0xd };
    const uint32_t m = VF_DEFAULT_COMPONENT_MAPPING;

    ck_assert_int_eq(vf_decode_element(VF_FORMAT_R8_UNORM, NULL, m, out), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_decode_element(VF_FORMAT_R8_UNORM, e, m, NULL), VF_ERROR_NULL_POINTER);
    static const uint32_t unknown[] = { 116, 129, 133, 188, 191, 255, 256 + 28, 0x7fffffffu,
                                        0xffffffffu };
    for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
        ck_assert_int_eq(vf_decode_element(unknown[i], e, m, out), VF_ERROR_UNKNOWN_FORMAT);
    unsigned not_vertex = 0;
    for (uint32_t i = 0; i < vf_format_count(); i++) {
        vf_format f = vf_format_info_at(i)->format;
        if (tformat_of(f) != NULL)
            continue;
        ck_assert_msg(vf_decode_element(f, e, m, out) == VF_ERROR_NOT_VERTEX_FORMAT, "format %u", f);
        not_vertex++;
    }
    ck_assert_uint_eq(not_vertex, 121 - 47);
    ck_assert(out[0] == 0xa && out[1] == 0xb && out[2] == 0xc && out[3] == 0xd);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Internal entry points and kernels                                          */
/* ------------------------------------------------------------------------ */

START_TEST(test_entry_points)
{
    for (uint32_t v = 0; v < 1024; v++) {
        const struct tformat *f = tformat_of(v);
        vf_decode_fn fn = vf_scalar_decoder(v);
        const struct vf_fetch_kernel *k = vf_scalar_kernel(v);
        if (f == NULL) {
            ck_assert_msg(fn == NULL && k == NULL, "format %u has a decoder", v);
            continue;
        }
        ck_assert_ptr_nonnull(fn);
        ck_assert_ptr_nonnull(k);
        ck_assert_ptr_nonnull(k->strided);
        ck_assert_ptr_nonnull(k->gather);
        ck_assert_uint_eq(k->isa, VF_ISA_SCALAR);
        vf_rng rng;
        vf_rng_seed(&rng, v);
        for (int i = 0; i < 256; i++) {
            uint8_t e[16];
            uint32_t got[4], want[4];
            vf_rng_fill(&rng, e, sizeof(e));
            fn(e, got);
            ref_decode(f, e, want);
            if (memcmp(got, want, sizeof(got)) != 0)
                ck_abort_msg("%s: the decoder differs from the reference", f->name);
        }
    }
    ck_assert_ptr_null(vf_scalar_decoder(0xffffffffu));
    ck_assert_ptr_null(vf_scalar_kernel(0xffffffffu));
}
END_TEST

#define SENTINEL 0xcdcdcdcdu

/* Compares kernel output (count records every dst_stride bytes) with
 * vf_decode_element on the element addresses, and checks that the words
 * between records were not touched. */
static void check_records(const struct tformat *f, const uint8_t *const *elems, uint32_t count,
                          const uint32_t *dst, size_t dst_stride, size_t dst_words)
{
    size_t step = dst_stride / 4;
    for (size_t w = 0; w < dst_words; w++) {
        size_t rec = w / step, off = w % step;
        if (rec < count && off < 4) {
            uint32_t want[4];
            vf_decode_element(f->value, elems[rec], VF_DEFAULT_COMPONENT_MAPPING, want);
            if (dst[w] != want[off])
                ck_abort_msg("%s record %zu word %zu: %08x, want %08x", f->name, rec, off, dst[w],
                             want[off]);
        } else if (dst[w] != SENTINEL) {
            ck_abort_msg("%s wrote outside its records (word %zu)", f->name, w);
        }
    }
}

START_TEST(test_kernels)
{
    const struct tformat *f = &tformats[_i];
    const struct vf_fetch_kernel *k = vf_scalar_kernel(f->value);
    const uint32_t size = f->bytes;
    const size_t strides[] = { 0, size, size + 1, size + 3, 2 * size + 5, 7, 64, 2048 };
    const uint32_t counts[] = { 0, 1, 2, 5, 37 };
    static const uint8_t *elems[64], *starts[64], *lasts[64];
    static _Alignas(16) uint32_t dst[64 * 12 + 8];
    vf_rng rng;

    vf_rng_seed(&rng, 1000 + (uint64_t)_i);
    ck_assert_ptr_nonnull(k);
    for (size_t si = 0; si < sizeof(strides) / sizeof(strides[0]); si++) {
        for (size_t ci = 0; ci < sizeof(counts) / sizeof(counts[0]); ci++) {
            size_t stride = strides[si];
            uint32_t count = counts[ci];
            for (int where = VF_GUARD_AFTER; where <= VF_GUARD_BEFORE; where++) {
                /* Exactly the bytes the elements span, against a guard page. */
                size_t span = count ? (count - 1) * stride + size : 1;
                vf_guarded g;
                vf_guarded_alloc(&g, span, where);
                vf_rng_fill(&rng, g.data, span);
                for (uint32_t i = 0; i < count; i++)
                    elems[i] = g.data + i * stride;
                for (size_t dst_stride = 16; dst_stride <= 48; dst_stride += 32) {
                    size_t words = (count + 1) * dst_stride / 4;
                    for (size_t w = 0; w < words; w++)
                        dst[w] = SENTINEL;
                    k->strided(g.data, stride, count, dst, dst_stride);
                    check_records(f, elems, count, dst, dst_stride, words);
                    for (size_t w = 0; w < words; w++)
                        dst[w] = SENTINEL;
                    k->gather(elems, 0, count, dst, dst_stride);
                    check_records(f, elems, count, dst, dst_stride, words);
                    /* Every address the buffer's start, the element
                     * chosen by the offset: each record decodes the last
                     * element (its end against the guard page). */
                    if (count > 0) {
                        for (uint32_t i = 0; i < count; i++) {
                            starts[i] = g.data;
                            lasts[i] = elems[count - 1];
                        }
                        for (size_t w = 0; w < words; w++)
                            dst[w] = SENTINEL;
                        k->gather(starts, (count - 1) * stride, count, dst, dst_stride);
                        check_records(f, lasts, count, dst, dst_stride, words);
                    }
                }
                vf_guarded_free(&g);
            }
        }
    }
    /* Gather in a random order, elements overlapping, each ending exactly at
     * the guard page in turn. */
    vf_guarded g;
    vf_guarded_alloc(&g, 256, VF_GUARD_AFTER);
    vf_rng_fill(&rng, g.data, 256);
    for (uint32_t i = 0; i < 64; i++)
        elems[i] = g.data + (i % 3 == 0 ? 256 - size : vf_rng_below(&rng, 256 - size + 1));
    for (size_t w = 0; w < 65 * 4; w++)
        dst[w] = SENTINEL;
    k->gather(elems, 0, 64, dst, 16);
    check_records(f, elems, 64, dst, 16, 65 * 4);
    vf_guarded_free(&g);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Independence from the floating-point environment                           */
/* ------------------------------------------------------------------------ */

struct fp_case {
    const struct tformat *f;
    uint8_t e[16];
    uint32_t want[4];
};

#if defined(__aarch64__)
static uint64_t get_fpcr(void)
{
    uint64_t v;
    __asm__ volatile("mrs %0, fpcr" : "=r"(v));
    return v;
}
static void set_fpcr(uint64_t v)
{
    __asm__ volatile("msr fpcr, %0" : : "r"(v));
}
#endif

/* Mode 0: FTZ+DAZ; 1: upward; 2: toward zero; 3: downward; 4: FTZ+DAZ and
 * upward. Returns 0 if the platform cannot set the mode. */
static int set_fp_mode(int mode)
{
    int flush = mode == 0 || mode == 4;
    int round = mode == 1 || mode == 4 ? FE_UPWARD
              : mode == 2              ? FE_TOWARDZERO
              : mode == 3              ? FE_DOWNWARD
                                       : FE_TONEAREST;
    if (fesetround(round) != 0)
        return 0;
    if (flush) {
#if defined(HAVE_MXCSR)
        _mm_setcsr(_mm_getcsr() | 0x8040); /* FTZ | DAZ */
#elif defined(__aarch64__)
        set_fpcr(get_fpcr() | (UINT64_C(1) << 24)); /* FZ */
#else
        fesetround(FE_TONEAREST);
        return 0;
#endif
    }
    return 1;
}

static void restore_fp_mode(void)
{
#if defined(HAVE_MXCSR)
    _mm_setcsr(_mm_getcsr() & ~0x8040u);
#elif defined(__aarch64__)
    set_fpcr(get_fpcr() & ~(UINT64_C(1) << 24));
#endif
    fesetround(FE_TONEAREST);
}

static size_t add_sweep(struct fp_case *cases, size_t n, vf_format value, int comp, uint32_t step)
{
    const struct tformat *f = tformat_of(value);
    const struct comp *k = &f->c[comp];
    uint64_t limit = UINT64_C(1) << k->bits;
    for (uint64_t code = 0; code < limit; code += step) {
        struct fp_case *c = &cases[n++];
        c->f = f;
        memset(c->e, 0, sizeof(c->e));
        set_field(c->e, k->shift, k->bits, (uint32_t)code);
        ref_decode(f, c->e, c->want);
    }
    return n;
}

START_TEST(test_fp_environment)
{
    static struct fp_case cases[5 * 65536 + 4096];
    static _Alignas(16) uint32_t got[64][4];
    size_t n = 0;

    /* Expectations first, in the default environment. */
    n = add_sweep(cases, n, VF_FORMAT_R16_FLOAT, 0, 1);
    n = add_sweep(cases, n, VF_FORMAT_R16_UNORM, 0, 1);
    n = add_sweep(cases, n, VF_FORMAT_R16_SNORM, 0, 1);
    n = add_sweep(cases, n, VF_FORMAT_R8_UNORM, 0, 1);
    n = add_sweep(cases, n, VF_FORMAT_R8_SNORM, 0, 1);
    n = add_sweep(cases, n, VF_FORMAT_R10G10B10A2_UNORM, 1, 1);
    n = add_sweep(cases, n, VF_FORMAT_R11G11B10_FLOAT, 0, 1);
    n = add_sweep(cases, n, VF_FORMAT_R11G11B10_FLOAT, 2, 1);
    n = add_sweep(cases, n, VF_FORMAT_B5G6R5_UNORM, 1, 1);
    /* 32-bit denormals and NaN payloads, and a stride of denormal words. */
    n = add_sweep(cases, n, VF_FORMAT_R32_FLOAT, 0, 0x100001);
    for (size_t i = 0; i < sizeof(special32) / sizeof(special32[0]); i++) {
        struct fp_case *c = &cases[n++];
        c->f = tformat_of(VF_FORMAT_R32G32B32A32_FLOAT);
        for (int w = 0; w < 4; w++)
            set_field(c->e, 32 * (unsigned)w, 32, special32[(i + (size_t)w) % 25]);
        ref_decode(c->f, c->e, c->want);
    }
    ck_assert_uint_le(n, sizeof(cases) / sizeof(cases[0]));

    int modes_run = 0;
    for (int mode = 0; mode < 5; mode++) {
        if (!set_fp_mode(mode))
            continue;
        modes_run++;
        size_t bad = 0, first_bad = 0;
        for (size_t i = 0; i < n; i++) {
            uint32_t out[4];
            vf_decode_element(cases[i].f->value, cases[i].e, VF_DEFAULT_COMPONENT_MAPPING, out);
            /* The kernel path too, one element at a time through strided. */
            vf_scalar_kernel(cases[i].f->value)->strided(cases[i].e, 0, 1, got[0], 16);
            if (memcmp(out, cases[i].want, 16) != 0 || memcmp(got[0], cases[i].want, 16) != 0) {
                if (bad++ == 0)
                    first_bad = i;
            }
        }
        restore_fp_mode();
        ck_assert_msg(bad == 0, "mode %d: %zu mismatches, first %s case %zu", mode, bad,
                      cases[first_bad].f->name, first_bad);
    }
#if defined(HAVE_MXCSR) || defined(__aarch64__)
    ck_assert_int_eq(modes_run, 5);
#endif
}
END_TEST

static Suite *decode_suite(void)
{
    Suite *s = suite_create("decode");
    TCase *tc = tcase_create("reference");
    tcase_add_test(tc, test_reference_sanity);
    tcase_add_test(tc, test_worked_values);
    tcase_add_test(tc, test_literal_values);
    tcase_add_test(tc, test_missing_components);
    suite_add_tcase(s, tc);

    tc = tcase_create("sweep");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_sweep, 0, N_TFORMATS);
    tcase_add_test(tc, test_norm_monotonic);
    suite_add_tcase(s, tc);

    tc = tcase_create("mapping");
    tcase_add_test(tc, test_all_mappings);
    tcase_add_test(tc, test_invalid_mappings);
    tcase_add_test(tc, test_errors);
    suite_add_tcase(s, tc);

    tc = tcase_create("kernels");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_entry_points);
    tcase_add_loop_test(tc, test_kernels, 0, N_TFORMATS);
    suite_add_tcase(s, tc);

    tc = tcase_create("fpenv");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_fp_environment);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(decode_suite());
}
