/*
 * check_simd.c - the SIMD fetch kernels against the scalar reference.
 *
 * Every ISA this library has and this CPU runs is compared bit for bit
 * with the scalar kernels of decode.c (the reference semantics): strided
 * and gather kernels on seeded random data with NaN/denormal/zero/Inf/SNORM
 * minimum patterns injected, every count 0..200 (so every tail length),
 * random strides; every code of the 8/10/11/16-bit conversions, with and
 * without FTZ/DAZ; every format at a guard page; CPU-feature switches; and
 * whole draws through forced-ISA layouts against scalar layouts.
 *
 * Built as a Check suite (make check), and with -DVF_MINI_CHECK against
 * mini_check.h for the AArch64 cross build that runs under qemu
 * (scripts/ci-neon.sh), where Check is not installed.
 */
#ifndef _DEFAULT_SOURCE
#  define _DEFAULT_SOURCE 1 /* setenv, unsetenv, MAP_ANONYMOUS under -std=c11 */
#endif
#include "config.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SSE2__)
#  include <xmmintrin.h>
#endif

#include "cpu.h"
#include "dispatch.h"
#include "vf_internal.h"
#include "vfetch.h"

#include "check_main.h"
#include "test_util.h"

/* ------------------------------------------------------------------------ */
/* Formats and ISAs                                                          */
/* ------------------------------------------------------------------------ */

#define NUM_IA_FORMATS 47u
static vf_format ia_formats[NUM_IA_FORMATS];
static uint32_t num_ia_formats;

static void collect_formats(void)
{
    if (num_ia_formats)
        return;
    for (uint32_t i = 0; i < vf_format_count(); i++) {
        const vf_format_desc *d = vf_format_info_at(i);
        if ((d->ia_support & VF_IA_VERTEX_BUFFER) && num_ia_formats < NUM_IA_FORMATS)
            ia_formats[num_ia_formats++] = d->format;
    }
}

/* Every level of lib/isa.def, best first; scalar is the reference. */
static const uint32_t simd_isas[] = {
#define VF_ISA(id, name, below, guard, arch, edx, ecx, ebx, xcr0) VF_ISA_##id,
#include "isa.def"
#undef VF_ISA
};

/* Available SIMD ISAs of this build and CPU into isas[]; returns how many. */
static unsigned available_isas(uint32_t isas[VF_ISA_COUNT])
{
    unsigned n = 0;
    for (size_t i = 0; i < sizeof(simd_isas) / sizeof(simd_isas[0]); i++) {
        if (simd_isas[i] != VF_ISA_SCALAR && vf_isa_available(simd_isas[i]))
            isas[n++] = simd_isas[i];
    }
    return n;
}

/* The kernel of `isa`'s own table (not the dispatched one: dispatch may
 * hand a format to the level below, and every table entry must be right). */
static struct vf_fetch_kernel table_kernel(vf_format format, uint32_t isa)
{
    const struct vf_kernel_entry *t = vf_kernel_table(isa);
    struct vf_fetch_kernel k = { t[format].strided, t[format].gather, isa, t[format].strided };
    return k;
}

/* ------------------------------------------------------------------------ */
/* Input patterns                                                            */
/* ------------------------------------------------------------------------ */

/* Writes `bits` bits of v at bit `shift` of the little-endian element. */
static void put_field(uint8_t *elem, unsigned shift, unsigned bits, uint32_t v)
{
    for (unsigned b = 0; b < bits; b++) {
        unsigned pos = shift + b;
        uint8_t mask = (uint8_t)(1u << (pos & 7));
        if ((v >> b) & 1u)
            elem[pos >> 3] |= mask;
        else
            elem[pos >> 3] &= (uint8_t)~mask;
    }
}

/* A value for one component that hits an edge of its type: NaN (quiet and
 * signalling, any payload), Inf, denormal, zero of either sign, SNORM and
 * SINT minimum, all ones. */
static uint32_t special_value(vf_rng *rng, unsigned type, unsigned bits)
{
    uint32_t all = bits >= 32 ? 0xffffffffu : (1u << bits) - 1u;
    uint32_t r = vf_rng_u32(rng);
    unsigned pick = vf_rng_below(rng, 8);
    if (type == VF_TYPE_FLOAT || type == VF_TYPE_UFLOAT) {
        /* exponent width 8 (32-bit) or 5; mantissa below it; sign on top
         * except for UFLOAT */
        unsigned ebits = bits == 32 ? 8 : 5;
        unsigned mbits = type == VF_TYPE_UFLOAT ? bits - 5 : bits - 1 - ebits;
        uint32_t mmask = (1u << mbits) - 1u;
        uint32_t emax = ((1u << ebits) - 1u) << mbits;
        uint32_t sign = type == VF_TYPE_FLOAT && (r & 0x80000000u) ? 1u << (bits - 1) : 0;
        uint32_t m = (r >> 1) & mmask;
        switch (pick) {
        case 0: return sign | emax | (m ? m : 1);                      /* NaN, any payload */
        case 1: return sign | emax | (1u << (mbits - 1)) | (m >> 1);    /* quiet NaN */
        case 2: return sign | emax | ((m >> 1) ? (m >> 1) : 1);         /* signalling NaN */
        case 3: return sign | emax;                                     /* Inf */
        case 4: return sign | (m ? m : 1);                              /* denormal */
        case 5: return sign;                                            /* +-0 */
        case 6: return sign | (1u << mbits) | m;                        /* smallest exponent */
        default: return r & all;
        }
    }
    switch (pick) {
    case 0: return 0;
    case 1: return all;
    case 2: return 1u << (bits - 1);          /* SNORM / SINT minimum */
    case 3: return (1u << (bits - 1)) + 1u;   /* SNORM -max */
    case 4: return all >> 1;                  /* SNORM max */
    default: return r & all;
    }
}

/* Random bytes, then (half the time) edge values in random components. */
static void fill_element(vf_rng *rng, const vf_format_desc *d, uint8_t *elem)
{
    vf_rng_fill(rng, elem, d->bytes);
    if (vf_rng_below(rng, 2) == 0)
        return;
    for (unsigned c = 0; c < 4; c++) {
        if (d->bits[c] && vf_rng_below(rng, 4) != 0)
            put_field(elem, d->shift[c], d->bits[c],
                      special_value(rng, d->type[c], d->bits[c]));
    }
}

static uint32_t elem_align(uint32_t size)
{
    return size < 4 ? size : 4;
}

/* 0, the element size, or an odd multiple of the alignment, at most 2048. */
static size_t random_stride(vf_rng *rng, uint32_t size)
{
    uint32_t a = elem_align(size);
    switch (vf_rng_below(rng, 4)) {
    case 0: return 0;
    case 1: return size;
    default: {
        uint32_t k = 2 * vf_rng_below(rng, 2048 / a / 2) + 1; /* odd, k * a < 2048 */
        return (size_t)k * a;
    }
    }
}

static int describe_mismatch(const char *what, vf_format format, uint32_t isa, uint32_t count,
                             size_t stride, const uint8_t *a, const uint8_t *b, size_t len,
                             size_t dst_stride)
{
    for (size_t i = 0; i < len; i += 4) {
        uint32_t x, y;
        memcpy(&x, a + i, 4);
        memcpy(&y, b + i, 4);
        if (x != y) {
            fprintf(stderr,
                    "%s %s isa %s count %" PRIu32 " stride %zu: record %zu word %zu: "
                    "simd %08" PRIx32 " scalar %08" PRIx32 "\n",
                    what, vf_format_name(format), vf_isa_name(isa), count, stride,
                    i / dst_stride, (i % dst_stride) / 4, x, y);
            return 1;
        }
    }
    return 0;
}

/* Nonzero if a kernel wrote outside the first 16 bytes of each of the
 * `count` records (the buffer was filled with FILL before the call). */
static int wrote_outside(const uint8_t *out, size_t size, uint32_t count, size_t dst_stride);

/* ------------------------------------------------------------------------ */
/* Random differential test: strided and gather, every count 0..200          */
/* ------------------------------------------------------------------------ */

#define MAX_COUNT 200u
#define FILL 0xcd

/* Zeros, read at zero_block + GATHER_MAX_OFFSET: gathers are also run with
 * their addresses lowered by up to that many bytes and given back as the
 * offset. */
#define GATHER_MAX_OFFSET 32u
static uint8_t zero_block[GATHER_MAX_OFFSET + 16] __attribute__((aligned(16)));

static int wrote_outside(const uint8_t *out, size_t size, uint32_t count, size_t dst_stride)
{
    for (size_t i = 0; i < size; i++) {
        size_t rec = i / dst_stride;
        int inside = rec < count && i % dst_stride < 16;
        if (!inside && out[i] != FILL)
            return 1;
    }
    return 0;
}

/* Returns the number of mismatching calls for one format on one ISA. */
static unsigned diff_format_isa(vf_format format, uint32_t isa, uint64_t seed)
{
    const vf_format_desc *d = vf_format_info(format);
    const struct vf_fetch_kernel *ref = vf_scalar_kernel(format);
    struct vf_fetch_kernel k = table_kernel(format, isa);
    uint32_t size = d->bytes;
    size_t src_size = (size_t)2048 * MAX_COUNT + 16;
    uint8_t *src = malloc(src_size);
    size_t dst_size = (size_t)64 * (MAX_COUNT + 1);
    uint8_t *out_simd = aligned_alloc(16, dst_size);
    uint8_t *out_ref = aligned_alloc(16, dst_size);
    const uint8_t **ptrs = malloc(sizeof(*ptrs) * MAX_COUNT);
    const uint8_t **lowered = malloc(sizeof(*lowered) * MAX_COUNT);
    unsigned bad = 0;
    vf_rng rng;
    vf_rng_seed(&rng, seed ^ ((uint64_t)format << 32) ^ isa);

    for (uint32_t count = 0; count <= MAX_COUNT; count++) {
        size_t stride = random_stride(&rng, size);
        size_t dst_stride = 16u * (1u + vf_rng_below(&rng, 4));
        size_t used = count ? (count - 1) * stride + size : 0;
        /* random placement (aligned as the IA requires) */
        size_t room = src_size - used - 16;
        size_t base = (size_t)vf_rng_below(&rng, (uint32_t)(room / elem_align(size) + 1)) *
                      elem_align(size);
        for (uint32_t i = 0; i < count; i++)
            fill_element(&rng, d, src + base + i * stride);

        memset(out_simd, FILL, dst_size);
        memset(out_ref, FILL, dst_size);
        k.strided(src + base, stride, count, (uint32_t *)(void *)out_simd, dst_stride);
        ref->strided(src + base, stride, count, (uint32_t *)(void *)out_ref, dst_stride);
        if (wrote_outside(out_simd, dst_size, count, dst_stride)) {
            bad++;
            fprintf(stderr, "strided %s isa %s count %" PRIu32 ": wrote outside the records\n",
                    vf_format_name(format), vf_isa_name(isa), count);
        }
        if (memcmp(out_simd, out_ref, dst_size) != 0) {
            bad++;
            describe_mismatch("strided", format, isa, count, stride, out_simd, out_ref, dst_size,
                              dst_stride);
        }

        /* gather: random elements anywhere, the zero block, repeats */
        for (uint32_t i = 0; i < count; i++) {
            uint32_t pick = vf_rng_below(&rng, 8);
            if (pick == 0) {
                ptrs[i] = zero_block + GATHER_MAX_OFFSET;
            } else if (pick == 1 && i > 0) {
                ptrs[i] = ptrs[i - 1];
            } else {
                size_t at = GATHER_MAX_OFFSET +
                            (size_t)vf_rng_below(&rng, (uint32_t)((src_size - 16 - GATHER_MAX_OFFSET) /
                                                                  elem_align(size))) *
                                elem_align(size);
                fill_element(&rng, d, src + at);
                ptrs[i] = src + at;
            }
        }
        memset(out_simd, FILL, dst_size);
        memset(out_ref, FILL, dst_size);
        /* The SIMD kernel reads the same addresses as base + offset. */
        size_t offset = vf_rng_below(&rng, GATHER_MAX_OFFSET + 1);
        for (uint32_t i = 0; i < count; i++)
            lowered[i] = ptrs[i] - offset;
        k.gather(lowered, offset, count, (uint32_t *)(void *)out_simd, dst_stride);
        ref->gather(ptrs, 0, count, (uint32_t *)(void *)out_ref, dst_stride);
        if (wrote_outside(out_simd, dst_size, count, dst_stride)) {
            bad++;
            fprintf(stderr, "gather %s isa %s count %" PRIu32 ": wrote outside the records\n",
                    vf_format_name(format), vf_isa_name(isa), count);
        }
        if (memcmp(out_simd, out_ref, dst_size) != 0) {
            bad++;
            describe_mismatch("gather", format, isa, count, 0, out_simd, out_ref, dst_size,
                              dst_stride);
        }
    }
    free(ptrs);
    free(lowered);
    free(out_ref);
    free(out_simd);
    free(src);
    return bad;
}

START_TEST(test_random_differential)
{
    collect_formats();
    vf_format format = ia_formats[_i];
    uint32_t isas[VF_ISA_COUNT];
    unsigned n = available_isas(isas);
    for (unsigned j = 0; j < n; j++) {
        unsigned bad = diff_format_isa(format, isas[j], 0x5eed0001u);
        ck_assert_msg(bad == 0, "%s on %s: %u mismatching calls", vf_format_name(format),
                      vf_isa_name(isas[j]), bad);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Exhaustive: every code of the narrow conversions                          */
/* ------------------------------------------------------------------------ */

/* Element bytes for code c of a format whose every component gets c (or
 * the widest field's share of it). */
static void exhaustive_element(const vf_format_desc *d, uint32_t code, uint8_t *elem)
{
    memset(elem, 0, 16);
    for (unsigned c = 0; c < 4; c++) {
        if (!d->bits[c])
            continue;
        uint32_t mask = d->bits[c] >= 32 ? 0xffffffffu : (1u << d->bits[c]) - 1u;
        /* x takes every code; the others a bijection of it mixed with its
         * high bits, so narrow fields (alpha) see every value too */
        uint32_t v = code * (2u * c + 1u) + (c ? code >> (4u * c) : 0u);
        put_field(elem, d->shift[c], d->bits[c], v & mask);
    }
}

/* Formats and the number of codes that cover every value of their widest field. */
static const struct {
    vf_format format;
    uint32_t codes;
} exhaustive_cases[] = {
    { VF_FORMAT_R8_UNORM, 256 },         { VF_FORMAT_R8_SNORM, 256 },
    { VF_FORMAT_R8G8_UNORM, 65536 },     { VF_FORMAT_R8G8_SNORM, 65536 },
    { VF_FORMAT_R8G8B8A8_UNORM, 65536 }, { VF_FORMAT_R8G8B8A8_SNORM, 65536 },
    { VF_FORMAT_B8G8R8A8_UNORM, 65536 }, { VF_FORMAT_B8G8R8X8_UNORM, 65536 },
    { VF_FORMAT_R16_UNORM, 65536 },      { VF_FORMAT_R16_SNORM, 65536 },
    { VF_FORMAT_R16_FLOAT, 65536 },      { VF_FORMAT_R16G16_FLOAT, 65536 },
    { VF_FORMAT_R16G16B16A16_UNORM, 65536 }, { VF_FORMAT_R16G16B16A16_SNORM, 65536 },
    { VF_FORMAT_R16G16B16A16_FLOAT, 65536 }, { VF_FORMAT_R10G10B10A2_UNORM, 4096 },
    { VF_FORMAT_R10G10B10A2_UINT, 4096 }, { VF_FORMAT_R11G11B10_FLOAT, 1u << 22 },
    { VF_FORMAT_B5G6R5_UNORM, 65536 },   { VF_FORMAT_B5G5R5A1_UNORM, 65536 },
    { VF_FORMAT_B4G4R4A4_UNORM, 65536 },
};

/* Every code through the strided kernel (stride = size) against the scalar
 * single-element decoder. Returns mismatches. */
static unsigned exhaustive_one(vf_format format, uint32_t codes, uint32_t isa)
{
    const vf_format_desc *d = vf_format_info(format);
    vf_decode_fn decode = vf_scalar_decoder(format);
    struct vf_fetch_kernel k = table_kernel(format, isa);
    const uint32_t chunk = 4096;
    uint8_t *src = malloc((size_t)chunk * d->bytes + 16);
    uint32_t *out = aligned_alloc(16, (size_t)chunk * 16);
    unsigned bad = 0;
    for (uint32_t first = 0; first < codes; first += chunk) {
        uint32_t n = codes - first < chunk ? codes - first : chunk;
        uint8_t elem[16];
        for (uint32_t i = 0; i < n; i++) {
            exhaustive_element(d, first + i, elem);
            memcpy(src + (size_t)i * d->bytes, elem, d->bytes);
        }
        k.strided(src, d->bytes, n, out, 16);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t want[4];
            decode(src + (size_t)i * d->bytes, want);
            if (memcmp(want, out + 4 * i, 16) != 0) {
                if (bad++ < 4)
                    fprintf(stderr,
                            "%s on %s: code %" PRIu32 ": simd %08" PRIx32 " %08" PRIx32
                            " %08" PRIx32 " %08" PRIx32 " scalar %08" PRIx32 " %08" PRIx32
                            " %08" PRIx32 " %08" PRIx32 "\n",
                            vf_format_name(format), vf_isa_name(isa), first + i, out[4 * i],
                            out[4 * i + 1], out[4 * i + 2], out[4 * i + 3], want[0], want[1],
                            want[2], want[3]);
            }
        }
    }
    free(out);
    free(src);
    return bad;
}

/* Sets FTZ and DAZ (x86) or FZ (AArch64): the kernels must not care. */
static void set_flush_to_zero(void)
{
#if defined(__SSE2__)
    _mm_setcsr(_mm_getcsr() | 0x8040u);
#elif defined(__aarch64__)
    uint64_t fpcr;
    __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
    fpcr |= (1u << 24) | (1u << 19); /* FZ, FZ16 */
    __asm__ volatile("msr fpcr, %0" : : "r"(fpcr));
#endif
}

static unsigned get_fp_state(void)
{
#if defined(__SSE2__)
    return _mm_getcsr();
#else
    return 0;
#endif
}

static void set_fp_state(unsigned s)
{
#if defined(__SSE2__)
    _mm_setcsr(s);
#else
    (void)s;
#endif
}

START_TEST(test_exhaustive)
{
    uint32_t isas[VF_ISA_COUNT];
    unsigned n = available_isas(isas);
    vf_format format = exhaustive_cases[_i].format;
    for (unsigned j = 0; j < n; j++) {
        unsigned bad = exhaustive_one(format, exhaustive_cases[_i].codes, isas[j]);
        ck_assert_msg(bad == 0, "%s on %s: %u codes differ", vf_format_name(format),
                      vf_isa_name(isas[j]), bad);
    }
}
END_TEST

/* The same with denormal flushing on: results must not change. (Runs in
 * the test's own process under CK_FORK; the state is restored anyway.) */
START_TEST(test_exhaustive_ftz)
{
    uint32_t isas[VF_ISA_COUNT];
    unsigned n = available_isas(isas);
    vf_format format = exhaustive_cases[_i].format;
    unsigned saved = get_fp_state();
    unsigned bad = 0;
    uint32_t bad_isa = 0;
    set_flush_to_zero();
    for (unsigned j = 0; j < n && !bad; j++) {
        uint32_t codes = exhaustive_cases[_i].codes;
        bad = exhaustive_one(format, codes > 65536 ? 65536 : codes, isas[j]);
        bad_isa = isas[j];
    }
    set_fp_state(saved);
    ck_assert_msg(bad == 0, "%s on %s with FTZ/DAZ: %u codes differ", vf_format_name(format),
                  vf_isa_name(bad_isa), bad);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Guard pages: the last byte of the last element against PROT_NONE          */
/* ------------------------------------------------------------------------ */

static unsigned guard_one(vf_format format, uint32_t isa, uint32_t count, size_t stride, int where)
{
    const vf_format_desc *d = vf_format_info(format);
    const struct vf_fetch_kernel *ref = vf_scalar_kernel(format);
    struct vf_fetch_kernel k = table_kernel(format, isa);
    size_t used = (count - 1) * stride + d->bytes;
    vf_guarded g;
    vf_guarded_alloc(&g, used, where);
    vf_rng rng;
    vf_rng_seed(&rng, format * 977u + count);
    vf_rng_fill(&rng, g.data, used);
    uint32_t *a = aligned_alloc(16, (size_t)count * 16);
    uint32_t *b = aligned_alloc(16, (size_t)count * 16);
    const uint8_t **ptrs = malloc(sizeof(*ptrs) * count);
    unsigned bad = 0;

    k.strided(g.data, stride, count, a, 16);
    ref->strided(g.data, stride, count, b, 16);
    bad += memcmp(a, b, (size_t)count * 16) != 0;
    /* gather: every element, then the edge element alone in every lane */
    for (uint32_t i = 0; i < count; i++)
        ptrs[i] = g.data + i * stride;
    k.gather(ptrs, 0, count, a, 16);
    ref->gather(ptrs, 0, count, b, 16);
    bad += memcmp(a, b, (size_t)count * 16) != 0;
    const uint8_t *edge = where == VF_GUARD_AFTER ? g.data + used - d->bytes : g.data;
    for (uint32_t i = 0; i < count; i++)
        ptrs[i] = edge;
    k.gather(ptrs, 0, count, a, 16);
    ref->gather(ptrs, 0, count, b, 16);
    bad += memcmp(a, b, (size_t)count * 16) != 0;
    /* stride 0 on the edge element */
    k.strided(edge, 0, count, a, 16);
    ref->strided(edge, 0, count, b, 16);
    bad += memcmp(a, b, (size_t)count * 16) != 0;

    free(ptrs);
    free(b);
    free(a);
    vf_guarded_free(&g);
    return bad;
}

START_TEST(test_guard_pages)
{
    collect_formats();
    vf_format format = ia_formats[_i];
    uint32_t size = vf_format_info(format)->bytes;
    uint32_t isas[VF_ISA_COUNT];
    unsigned n = available_isas(isas);
    for (unsigned j = 0; j < n; j++) {
        /* AVX-512 loads and stores the last vertices under lane masks:
         * every count through two 16-lane blocks and a masked tail */
        uint32_t max_count = isas[j] == VF_ISA_AVX512 ? 70 : 9;
        for (uint32_t count = 1; count <= max_count; count++) {
            size_t strides[3] = { size, size + 3 * elem_align(size), 4 };
            for (unsigned s = 0; s < 3; s++) {
                if (strides[s] % elem_align(size))
                    continue;
                for (int where = 0; where < 2; where++) {
                    unsigned bad = guard_one(format, isas[j], count, strides[s], where);
                    ck_assert_msg(bad == 0, "%s on %s: guard count %" PRIu32 " stride %zu: %u",
                                  vf_format_name(format), vf_isa_name(isas[j]), count,
                                  strides[s], bad);
                }
            }
        }
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Dispatch: tables, fallback, names                                         */
/* ------------------------------------------------------------------------ */

/* The level whose kernel serves `format` at `isa` (test_select_kernel's
 * policy): AVX2 hands R8_UNORM, R16_UNORM and R8_SINT to SSE4.1. */
static uint32_t policy_level(vf_format format, uint32_t isa)
{
    if (isa == VF_ISA_AVX2 && (format == VF_FORMAT_R8_UNORM || format == VF_FORMAT_R16_UNORM ||
                               format == VF_FORMAT_R8_SINT))
        return VF_ISA_SSE41;
    return isa;
}

/* dispatch.c's spaced-run policy: AVX-512 hands the spaced strided runs
 * and the gathers of the one- and two-component 8- and 16-bit formats and
 * R11G11B10_FLOAT to AVX2 in every layout, and those of every other format
 * but the 12-byte ones in layouts of more than one register; elsewhere a
 * spaced run and a gather take the level's own kernels. `own` is the level
 * serving the format. */
static void check_spaced_kernel(vf_format format, uint32_t isa, uint32_t own)
{
    const vf_format_desc *d = vf_format_info(format);
    int across = format == VF_FORMAT_R11G11B10_FLOAT || (d->num_components <= 2 && d->bits[0] <= 16);
    for (uint32_t registers = 1; registers <= 3; registers += 2) {
        struct vf_fetch_kernel k;
        vf_select_kernel(format, isa, registers, &k);
        uint32_t want = own;
        if (own == VF_ISA_AVX512 && (across || (registers > 1 && d->bytes != 12)))
            want = policy_level(format, VF_ISA_AVX2);
        struct vf_fetch_kernel expect =
            want == VF_ISA_SCALAR ? *vf_scalar_kernel(format) : table_kernel(format, want);
        ck_assert_msg(k.strided_spaced == expect.strided && k.gather == expect.gather,
                      "%s at %s, %u registers: spaced runs and gathers not %s's", d->name,
                      vf_isa_name(isa), registers, vf_isa_name(want));
    }
}

START_TEST(test_select_kernel)
{
    collect_formats();
    ck_assert_uint_eq(num_ia_formats, NUM_IA_FORMATS);
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        if (!vf_isa_available(isa))
            continue;
        for (uint32_t f = 0; f < num_ia_formats; f++) {
            struct vf_fetch_kernel k;
            const vf_format_desc *d = vf_format_info(ia_formats[f]);
            vf_select_kernel(ia_formats[f], isa, 1, &k);
            ck_assert_ptr_nonnull(k.strided);
            ck_assert_ptr_nonnull(k.gather);
            /* dispatch.c's measured policy: AVX2 hands R8_UNORM, R16_UNORM
             * and R8_SINT to SSE4.1; nothing else moves */
            uint32_t want = isa;
            if (isa == VF_ISA_AVX2 &&
                (d->format == VF_FORMAT_R8_UNORM || d->format == VF_FORMAT_R16_UNORM ||
                 d->format == VF_FORMAT_R8_SINT))
                want = VF_ISA_SSE41;
            ck_assert_msg(k.isa == want, "%s at %s got %s", d->name, vf_isa_name(isa),
                          vf_isa_name(k.isa));
            if (k.isa == VF_ISA_SCALAR) {
                ck_assert_msg(k.strided == vf_scalar_kernel(ia_formats[f])->strided &&
                                  k.gather == vf_scalar_kernel(ia_formats[f])->gather,
                              "%s", d->name);
            } else {
                /* the chosen level's own table entry */
                struct vf_fetch_kernel t = table_kernel(ia_formats[f], k.isa);
                ck_assert_msg(k.strided == t.strided, "%s", d->name);
            }
            check_spaced_kernel(ia_formats[f], isa, k.isa);
        }
    }
    /* every built table has all 47 formats and nothing else */
    for (uint32_t isa = VF_ISA_SSE2; isa < VF_ISA_COUNT; isa++) {
        const struct vf_kernel_entry *t = vf_kernel_table(isa);
        if (!t)
            continue;
        unsigned n = 0;
        for (uint32_t v = 0; v < VF_KERNEL_TABLE_SIZE; v++) {
            const vf_format_desc *d = vf_format_info(v);
            int ia = d && (d->ia_support & VF_IA_VERTEX_BUFFER);
            ck_assert_msg(!!t[v].strided == ia && !!t[v].gather == ia, "%s table, format %u",
                          vf_isa_name(isa), v);
            n += ia;
        }
        ck_assert_uint_eq(n, NUM_IA_FORMATS);
    }
}
END_TEST

START_TEST(test_isa_names)
{
    static const char *const names[VF_ISA_COUNT] = { "auto",  "scalar", "sse2", "ssse3",
                                                     "sse41", "avx2",   "neon", "avx512" };
    for (uint32_t i = 0; i < VF_ISA_COUNT; i++) {
        uint32_t back = 99;
        ck_assert_msg(strcmp(vf_isa_name(i), names[i]) == 0, "%u", i);
        ck_assert_int_eq(vf_isa_from_name(names[i], &back), VF_OK);
        ck_assert_uint_eq(back, i);
    }
    uint32_t x = 7;
    ck_assert_msg(vf_isa_name(VF_ISA_COUNT) == NULL, "name past the end");
    ck_assert_int_eq(vf_isa_from_name("avx512f", &x), VF_ERROR_UNKNOWN_NAME);
    ck_assert_int_eq(vf_isa_from_name("AVX2", &x), VF_ERROR_UNKNOWN_NAME);
    ck_assert_int_eq(vf_isa_from_name(NULL, &x), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_isa_from_name("sse2", NULL), VF_ERROR_NULL_POINTER);
    ck_assert_uint_eq(x, 7);
    ck_assert(vf_isa_available(VF_ISA_SCALAR));
    ck_assert(!vf_isa_available(VF_ISA_AUTO));
    ck_assert(!vf_isa_available(VF_ISA_COUNT));
#if defined(__x86_64__) || defined(__i386__)
    ck_assert(!vf_isa_available(VF_ISA_NEON));
#else
    ck_assert(!vf_isa_available(VF_ISA_SSE2));
    ck_assert(!vf_isa_available(VF_ISA_AVX2));
    ck_assert(!vf_isa_available(VF_ISA_AVX512));
#endif
#if defined(__aarch64__) && defined(HAVE_NEON_INTRIN)
    /* always on AArch64, unless a test run turned it off */
    if (!getenv("VFETCH_DISABLE_CPU_FEATURES"))
        ck_assert(vf_isa_available(VF_ISA_NEON));
#endif
#if defined(__x86_64__) && defined(HAVE_SSE2_INTRIN)
    /* x86-64 implies SSE2, unless a test run turned it off */
    if (!getenv("VFETCH_DISABLE_CPU_FEATURES"))
        ck_assert(vf_isa_available(VF_ISA_SSE2));
#endif
}
END_TEST

START_TEST(test_disable_list)
{
    const uint32_t all =
        VF_CPU_SSE2 | VF_CPU_SSSE3 | VF_CPU_SSE41 | VF_CPU_AVX2 | VF_CPU_AVX512 | VF_CPU_NEON;
    ck_assert_uint_eq(vf_cpu_apply_disable(all, NULL), all);
    ck_assert_uint_eq(vf_cpu_apply_disable(all, ""), all);
    ck_assert_uint_eq(vf_cpu_apply_disable(all, "avx2"), all & ~VF_CPU_AVX2);
    ck_assert_uint_eq(vf_cpu_apply_disable(all, "f16c"), all & ~VF_CPU_AVX2);
    ck_assert_uint_eq(vf_cpu_apply_disable(all, "avx512"), all & ~VF_CPU_AVX512);
    ck_assert_uint_eq(vf_cpu_apply_disable(all, "avx512,avx2,sse41,ssse3,sse2"), VF_CPU_NEON);
    /* without AVX2 (or its F16C) AVX-512 is not available either */
    ck_assert_uint_eq(vf_isa_required_features(VF_ISA_AVX512) & VF_CPU_AVX2, VF_CPU_AVX2);
    ck_assert_uint_eq(vf_cpu_apply_disable(all, "sse41,,bogus,neon,"),
                      all & ~(VF_CPU_SSE41 | VF_CPU_NEON));
    ck_assert_uint_eq(vf_cpu_apply_disable(all, "sse4"), all); /* whole names only */
    ck_assert_uint_eq(vf_cpu_apply_disable(all, "avx22"), all);
    /* the running process: detection is stable and a subset of the hardware */
    uint32_t f = vf_cpu_features();
    ck_assert_uint_eq(f, vf_cpu_features());
    ck_assert_uint_eq(f & ~vf_cpu_detect(), 0);
#ifdef VF_TEST_SWITCHES
    ck_assert_uint_eq(f, vf_cpu_apply_disable(vf_cpu_detect(), getenv("VFETCH_DISABLE_CPU_FEATURES")));
#endif
    /* an ISA is available only when the CPU has all it needs */
    for (uint32_t isa = VF_ISA_SSE2; isa < VF_ISA_COUNT; isa++) {
        uint32_t need = vf_isa_required_features(isa);
        if (vf_isa_available(isa))
            ck_assert_msg((f & need) == need, "%s", vf_isa_name(isa));
    }
}
END_TEST

/* Runs fn in a child process (the feature cache and the environment stay
 * untouched here, whatever Check's fork mode) and returns its exit status. */
static int in_child(int (*fn)(void))
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        _exit(fn());
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
        return 100;
    return WEXITSTATUS(status);
}

/* Threads racing the first detection all see the same features. */
#define RACE_THREADS 4
static void *race_detect(void *arg)
{
    uint32_t *out = arg;
    for (int i = 0; i < 1000; i++) {
        uint32_t f = vf_cpu_features();
        if (i == 0)
            *out = f;
        else if (f != *out)
            *out = 0xffffffffu;
    }
    return NULL;
}

static int child_race(void)
{
    pthread_t t[RACE_THREADS];
    uint32_t got[RACE_THREADS];
    vf_cpu_forget();
    for (int i = 0; i < RACE_THREADS; i++) {
        if (pthread_create(&t[i], NULL, race_detect, &got[i]) != 0)
            return 1;
    }
    for (int i = 0; i < RACE_THREADS; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < RACE_THREADS; i++) {
        if (got[i] != vf_cpu_features())
            return 2;
    }
    return 0;
}

START_TEST(test_detect_race)
{
    ck_assert_int_eq(in_child(child_race), 0);
}
END_TEST

/* VFETCH_DISABLE_CPU_FEATURES is read at the first detection (test builds). */
static int child_disable_env(void)
{
    setenv("VFETCH_DISABLE_CPU_FEATURES", "avx2,sse41", 1);
    vf_cpu_forget(); /* this process may have detected already */
    uint32_t f = vf_cpu_features();
#ifdef VF_TEST_SWITCHES
    if (f & (VF_CPU_AVX2 | VF_CPU_SSE41))
        return 1;
    if (vf_isa_available(VF_ISA_AVX2) || vf_isa_available(VF_ISA_SSE41))
        return 2;
    if (vf_isa_default() == VF_ISA_AVX2 || vf_isa_default() == VF_ISA_SSE41)
        return 3;
    uint32_t isa;
    if (vf_resolve_isa(VF_ISA_AVX2, &isa) != VF_ERROR_ISA_UNAVAILABLE)
        return 4;
#else
    if (f != vf_cpu_detect())
        return 5;
#endif
    return 0;
}

START_TEST(test_disable_env)
{
    ck_assert_int_eq(in_child(child_disable_env), 0);
}
END_TEST

static int child_isa_env(void)
{
    uint32_t isa = 0;
    unsetenv("VFETCH_ISA");
    uint32_t best = vf_isa_default();
    if (!vf_isa_available(best) || best == VF_ISA_AUTO)
        return 1;
    if (vf_resolve_isa(VF_ISA_AUTO, &isa) != VF_OK || isa != best)
        return 2;
    setenv("VFETCH_ISA", "scalar", 1);
    if (vf_isa_default() != VF_ISA_SCALAR)
        return 3;
    if (vf_resolve_isa(VF_ISA_AUTO, &isa) != VF_OK || isa != VF_ISA_SCALAR)
        return 4;
    /* an explicit request beats the environment */
    if (vf_resolve_isa(best, &isa) != VF_OK || isa != best)
        return 5;
    setenv("VFETCH_ISA", "no-such-isa", 1);
    if (vf_isa_default() != best)
        return 6;
    if (vf_resolve_isa(VF_ISA_AUTO, &isa) != VF_ERROR_ISA_UNAVAILABLE)
        return 7;
    for (uint32_t i = VF_ISA_SSE2; i < VF_ISA_COUNT; i++) {
        setenv("VFETCH_ISA", vf_isa_name(i), 1);
        vf_result r = vf_resolve_isa(VF_ISA_AUTO, &isa);
        if (vf_isa_available(i) ? (r != VF_OK || isa != i || vf_isa_default() != i)
                                : (r != VF_ERROR_ISA_UNAVAILABLE || vf_isa_default() != best))
            return 8;
    }
    setenv("VFETCH_ISA", "auto", 1);
    if (vf_resolve_isa(VF_ISA_AUTO, &isa) != VF_OK || isa != best)
        return 9;
    unsetenv("VFETCH_ISA");
    if (vf_resolve_isa(VF_ISA_COUNT, &isa) != VF_ERROR_INVALID_ARGUMENT)
        return 10;
    return 0;
}

START_TEST(test_isa_env)
{
    ck_assert_int_eq(in_child(child_isa_env), 0);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Whole draws: forced-ISA layouts against scalar layouts, word by word      */
/* ------------------------------------------------------------------------ */

static const char *const draw_semantics[] = { "POSITION", "NORMAL", "TEXCOORD", "COLOR",
                                              "TANGENT", "BLENDWEIGHT" };

/* One random layout and draw: 0 if every ISA matched, 1 on a mismatch,
 * 2 when the random layout or draw was invalid (nothing compared). */
static int draw_case(vf_rng *rng, const uint32_t *isas, unsigned nisas, unsigned iter)
{
    vf_input_element_desc descs[8];
    uint32_t nelem = 1 + vf_rng_below(rng, 8);
    uint32_t nslots = 1 + vf_rng_below(rng, 3);
    uint32_t semantic_index[VF_ARRAY_LEN(draw_semantics)] = { 0 };
    for (uint32_t e = 0; e < nelem; e++) {
        uint32_t s = vf_rng_below(rng, VF_ARRAY_LEN(draw_semantics));
        descs[e].semantic_name = draw_semantics[s];
        descs[e].semantic_index = semantic_index[s]++;
        descs[e].format = ia_formats[vf_rng_below(rng, num_ia_formats)];
        descs[e].input_slot = vf_rng_below(rng, nslots);
        /* mostly APPEND_ALIGNED; sometimes an explicit (aligned, maybe
         * overlapping) offset */
        uint32_t a = elem_align(vf_format_info(descs[e].format)->bytes);
        descs[e].aligned_byte_offset =
            vf_rng_below(rng, 3) ? VF_APPEND_ALIGNED_ELEMENT : a * vf_rng_below(rng, 64 / a);
        descs[e].input_slot_class = descs[e].input_slot == 2 ? VF_INPUT_PER_INSTANCE_DATA
                                                             : VF_INPUT_PER_VERTEX_DATA;
        descs[e].instance_data_step_rate = descs[e].input_slot == 2 ? vf_rng_below(rng, 3) : 0;
    }
    static const uint32_t shapes[] = { VF_OUTPUT_AOS, VF_OUTPUT_AOS, VF_OUTPUT_SOA4,
                                       VF_OUTPUT_SOA8, VF_OUTPUT_SOA16 };
    uint32_t mappings[8];
    for (uint32_t e = 0; e < nelem; e++) {
        mappings[e] = vf_rng_below(rng, 2)
                          ? VF_DEFAULT_COMPONENT_MAPPING
                          : VF_ENCODE_COMPONENT_MAPPING(vf_rng_below(rng, 6), vf_rng_below(rng, 6),
                                                        vf_rng_below(rng, 6), vf_rng_below(rng, 6));
    }
    vf_layout_options opt;
    vf_layout_options_init(&opt);
    opt.isa = VF_ISA_SCALAR;
    opt.system_values = vf_rng_below(rng, 8); /* any mix of VF_SV_* */
    opt.output_shape = shapes[vf_rng_below(rng, VF_ARRAY_LEN(shapes))];
    opt.component_mappings = mappings;
    vf_layout *ref = NULL;
    if (vf_layout_create(descs, nelem, &opt, &ref, NULL) != VF_OK)
        return 2;

    /* buffers: the slot's stride is at least its last element's end */
    uint32_t stride[3] = { 0, 0, 0 };
    for (uint32_t e = 0; e < vf_layout_element_count(ref); e++) {
        vf_layout_element_info info;
        vf_layout_element(ref, e, &info);
        uint32_t end = info.byte_offset + vf_format_info(info.format)->bytes;
        if (end > stride[info.input_slot])
            stride[info.input_slot] = end;
    }
    uint8_t *bufs[3] = { NULL, NULL, NULL };
    vf_vertex_buffer_view vbs[3];
    uint32_t nverts = 1 + vf_rng_below(rng, 300);
    for (uint32_t s = 0; s < 3; s++) {
        uint32_t st = (stride[s] + 3u) & ~3u;
        if (vf_rng_below(rng, 3) == 0)
            st += 4 * vf_rng_below(rng, 8);
        if (vf_rng_below(rng, 8) == 0)
            st = 0;
        uint32_t size = st * nverts + stride[s];
        if (vf_rng_below(rng, 4) == 0 && size > 8)
            size -= vf_rng_below(rng, size / 2); /* out-of-bounds tail */
        bufs[s] = malloc(size + 1);
        for (uint32_t b = 0; b < size; b++)
            bufs[s][b] = (uint8_t)vf_rng_u32(rng);
        vbs[s].data = vf_rng_below(rng, 16) == 0 ? NULL : bufs[s];
        vbs[s].size_in_bytes = size;
        vbs[s].stride_in_bytes = st;
    }
    uint32_t indexed = vf_rng_below(rng, 2);
    uint32_t count = vf_rng_below(rng, 400);
    uint32_t instances = 1 + vf_rng_below(rng, 3);
    uint32_t idx[400];
    for (uint32_t i = 0; i < count; i++) {
        uint32_t r = vf_rng_below(rng, 8);
        idx[i] = r == 0 ? vf_rng_u32(rng) : r < 4 ? i : vf_rng_below(rng, nverts + 10);
    }
    vf_index_buffer_view ib = { idx, count * 4, VF_FORMAT_R32_UINT };
    vf_draw_desc dd;
    vf_draw_desc_init(&dd);
    dd.vertex_buffers = vbs;
    dd.num_vertex_buffers = nslots;
    dd.indexed = indexed;
    dd.index_buffer = &ib;
    dd.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    dd.vertex_count_per_instance = count;
    dd.instance_count = instances;
    dd.start_location = indexed ? 0 : vf_rng_below(rng, 20);
    dd.base_vertex_location = (int32_t)vf_rng_below(rng, 5) - 2;
    dd.start_instance_location = vf_rng_below(rng, 3);
    size_t out_size = 0;
    int bad = 2;
    if (vf_draw_output_size(ref, count, instances, &out_size) == VF_OK) {
        bad = 0;
        /* C11 aligned_alloc: the size must be a multiple of the alignment. */
        uint8_t *want = aligned_alloc(64, (out_size + 127) & ~(size_t)63);
        uint8_t *got = aligned_alloc(64, (out_size + 127) & ~(size_t)63);
        memset(want, 0x5a, out_size + 64);
        vf_result rr = vf_draw(ref, &dd, want, out_size);
        if (rr != VF_OK)
            bad = 2;
        for (unsigned j = 0; j < nisas && bad == 0; j++) {
            vf_layout *lay = NULL;
            opt.isa = isas[j];
            if (vf_layout_create(descs, nelem, &opt, &lay, NULL) != VF_OK) {
                bad = 1;
                break;
            }
            memset(got, 0x5a, out_size + 64);
            vf_result r = vf_draw(lay, &dd, got, out_size);
            if (r != rr || memcmp(got, want, out_size + 64) != 0) {
                for (size_t w = 0; w < out_size + 64; w += 4) {
                    if (memcmp(got + w, want + w, 4) != 0) {
                        fprintf(stderr, "draw %u on %s: word %zu differs (record size %zu)\n",
                                iter, vf_isa_name(isas[j]), w / 4, vf_layout_record_size(lay));
                        break;
                    }
                }
                bad = 1;
            }
            vf_layout_destroy(lay);
        }
        free(got);
        free(want);
    }
    for (uint32_t s = 0; s < 3; s++)
        free(bufs[s]);
    vf_layout_destroy(ref);
    return bad;
}

START_TEST(test_draw_differential)
{
    collect_formats();
    uint32_t isas[VF_ISA_COUNT];
    unsigned n = available_isas(isas);
    vf_rng rng;
    vf_rng_seed(&rng, 0xd4a3u);
    unsigned bad = 0, compared = 0;
    for (unsigned iter = 0; iter < 300; iter++) {
        int r = draw_case(&rng, isas, n, iter);
        bad += r == 1;
        compared += r == 0;
    }
    ck_assert_msg(bad == 0, "%u of 300 random draws differ from scalar", bad);
    /* most random cases must be valid draws, or this test compares nothing */
    ck_assert_msg(compared >= 200, "only %u of 300 random draws were valid", compared);
}
END_TEST

/* Each level's vertex offsets of an indexed batch (dispatch.h
 * vertex_bases, where it has one) against the rule computed here:
 * (uint32)((kbase + index) * stride), and whether one passes last_base.
 * Counts 0 to 256 (every tail), strides and bases that wrap 2^32, and
 * last_base just at, below and above the largest offset. */
START_TEST(test_vertex_bases)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0xba5e5u);
    for (uint32_t isa = VF_ISA_SSE2; isa < VF_ISA_COUNT; isa++) {
        const struct vf_isa_impl *impl = vf_isa_get(isa);
        if (impl == NULL || impl->vertex_bases == NULL || !vf_isa_available(isa))
            continue; /* none below AVX2, or not on this CPU */
        for (uint32_t n = 0; n <= 256; n++) {
            uint32_t index[256], got[256 + 1], want[256];
            uint32_t kbase = vf_rng_below(&rng, 2) ? vf_rng_u32(&rng) : vf_rng_below(&rng, 64);
            uint32_t stride = n % 3 == 0 ? vf_rng_u32(&rng) : 4 * (1 + vf_rng_below(&rng, 64));
            uint32_t top = 0;
            for (uint32_t v = 0; v < n; v++) {
                index[v] = vf_rng_below(&rng, 4) ? vf_rng_below(&rng, 5000) : vf_rng_u32(&rng);
                want[v] = (kbase + index[v]) * stride;
                top = want[v] > top ? want[v] : top;
            }
            for (int edge = -1; edge <= 1; edge++) {
                uint32_t last = top + (uint32_t)edge;
                got[n] = 0xdeadbeefu;
                uint32_t outside = impl->vertex_bases(kbase, index, n, stride, last, got);
                ck_assert_msg(memcmp(got, want, n * sizeof(*got)) == 0,
                              "isa %u: %u offsets differ", isa, n);
                ck_assert_msg(got[n] == 0xdeadbeefu, "isa %u: wrote past %u offsets", isa, n);
                int want_outside = top > last; /* top 0 when n is 0 */
                ck_assert_msg((outside != 0) == want_outside,
                              "isa %u, %u offsets, largest %u, last_base %u: outside %u", isa, n,
                              top, last, outside);
            }
        }
    }
}
END_TEST

/* Each level's largest 32-bit index less a base (dispatch.h reuse_max32,
 * where it has one) against the rule computed here: the unsigned maximum
 * of (index - lo), wrapping, 0 for no index. Counts 0 to 200 (every tail
 * of a 16-index step), at every alignment, bases that wrap, and the
 * largest at every position. */
START_TEST(test_reuse_max32)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0x3a32u);
    for (uint32_t isa = VF_ISA_SSE2; isa < VF_ISA_COUNT; isa++) {
        const struct vf_isa_impl *impl = vf_isa_get(isa);
        if (impl == NULL || impl->reuse_max32 == NULL || !vf_isa_available(isa))
            continue; /* none below AVX2, or not on this CPU */
        for (uint32_t n = 0; n <= 200; n++) {
            uint8_t bytes[4 * 200 + 3];
            uint32_t index[200];
            uint32_t lo = vf_rng_below(&rng, 3) ? vf_rng_below(&rng, 100) : vf_rng_u32(&rng);
            for (uint32_t v = 0; v < n; v++)
                index[v] = vf_rng_below(&rng, 4) ? vf_rng_below(&rng, 5000) : vf_rng_u32(&rng);
            if (n) /* one large index at a random place */
                index[vf_rng_below(&rng, n)] = lo - 1 - vf_rng_below(&rng, 3);
            uint32_t want = 0;
            for (uint32_t v = 0; v < n; v++)
                want = index[v] - lo > want ? index[v] - lo : want;
            uint32_t shift = n % 4;
            memcpy(bytes + shift, index, 4 * (size_t)n);
            uint32_t got = impl->reuse_max32(bytes + shift, n, lo);
            ck_assert_msg(got == want, "isa %u, %u indices from byte %u, base %u: %u, want %u",
                          isa, n, shift, lo, got, want);
        }
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Runner                                                                    */
/* ------------------------------------------------------------------------ */

#define NUM_EXHAUSTIVE ((int)(sizeof(exhaustive_cases) / sizeof(exhaustive_cases[0])))

static Suite *suite_simd(void)
{
    Suite *s = suite_create("simd");
    TCase *tc = tcase_create("dispatch");
    tcase_add_test(tc, test_select_kernel);
    tcase_add_test(tc, test_isa_names);
    tcase_add_test(tc, test_disable_list);
    tcase_add_test(tc, test_disable_env);
    tcase_add_test(tc, test_isa_env);
    tcase_add_test(tc, test_detect_race);
    suite_add_tcase(s, tc);

    tc = tcase_create("differential");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_random_differential, 0, (int)NUM_IA_FORMATS);
    tcase_add_loop_test(tc, test_guard_pages, 0, (int)NUM_IA_FORMATS);
    suite_add_tcase(s, tc);

    tc = tcase_create("exhaustive");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_exhaustive, 0, NUM_EXHAUSTIVE);
    tcase_add_loop_test(tc, test_exhaustive_ftz, 0, NUM_EXHAUSTIVE);
    suite_add_tcase(s, tc);

    tc = tcase_create("draw");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_draw_differential);
    tcase_add_test(tc, test_vertex_bases);
    tcase_add_test(tc, test_reuse_max32);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    /* scripts/ci-neon.sh looks for this line to know NEON was compared. */
    uint32_t isas[VF_ISA_COUNT];
    unsigned n = available_isas(isas);
    printf("check_simd: ISAs under test:");
    for (unsigned j = 0; j < n; j++)
        printf(" %s", vf_isa_name(isas[j]));
    printf(n ? "\n" : " none (no kernel is compared)\n");
    return vf_test_run(suite_simd());
}
