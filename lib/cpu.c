/*
 * cpu.c - CPU feature detection and ISA selection.
 *
 * Features are detected once (CPUID, and XGETBV for the OS's AVX state) and
 * cached in one atomic word: a thread that races the first detection just
 * computes the same value and stores it again, and no reader can see a
 * half-written cache (unlike libjpeg-turbo's init_simd, which publishes
 * several globals without ordering).
 */
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#  include <cpuid.h>
#  define VF_X86 1
#endif

#include "cpu.h"
#include "vf_internal.h"

static const char *const isa_names[VF_ISA_COUNT] = {
    "auto", "scalar", "sse2", "ssse3", "sse41", "avx2", "neon", "avx512",
};

#ifdef VF_X86
/* XCR0 through XGETBV; only called when CPUID says OSXSAVE. */
static uint64_t vf_xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}
#endif

uint32_t vf_cpu_detect(void)
{
    uint32_t features = 0;
#ifdef VF_X86
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    if (d & (1u << 26))
        features |= VF_CPU_SSE2;
    if (c & (1u << 9))
        features |= VF_CPU_SSSE3;
    if (c & (1u << 19))
        features |= VF_CPU_SSE41;
    /* AVX2 kernels also use F16C (ECX bit 29) and FMA (bit 12), and need the
     * OS to save XMM and YMM state: OSXSAVE (bit 27), then XCR0 bits 1-2. */
    const uint32_t need1 = (1u << 12) | (1u << 27) | (1u << 28) | (1u << 29);
    if ((c & need1) == need1 && (vf_xgetbv0() & 6u) == 6u) {
        unsigned a7, b7, c7, d7;
        if (__get_cpuid_count(7, 0, &a7, &b7, &c7, &d7) && (b7 & (1u << 5))) {
            features |= VF_CPU_AVX2;
            /* AVX-512 F (EBX bit 16), BW (30), VL (31), and the OS saving
             * opmask and ZMM state too: XCR0 bits 1, 2, 5, 6 and 7. */
            const uint32_t need7 = (1u << 16) | (1u << 30) | (1u << 31);
            if ((b7 & need7) == need7 && (vf_xgetbv0() & 0xe6u) == 0xe6u)
                features |= VF_CPU_AVX512;
        }
    }
#elif defined(__aarch64__)
    /* Advanced SIMD is part of every AArch64 implementation the ABI allows. */
    features |= VF_CPU_NEON;
#endif
    return features;
}

uint32_t vf_cpu_apply_disable(uint32_t features, const char *list)
{
    static const struct {
        const char *name;
        uint32_t bits;
    } names[] = {
        { "sse2", VF_CPU_SSE2 }, { "ssse3", VF_CPU_SSSE3 }, { "sse41", VF_CPU_SSE41 },
        { "sse4.1", VF_CPU_SSE41 }, { "avx2", VF_CPU_AVX2 }, { "f16c", VF_CPU_AVX2 },
        { "fma", VF_CPU_AVX2 }, { "avx512", VF_CPU_AVX512 }, { "neon", VF_CPU_NEON },
    };
    if (!list)
        return features;
    while (*list) {
        size_t len = strcspn(list, ",");
        for (size_t i = 0; i < VF_ARRAY_LEN(names); i++) {
            if (strlen(names[i].name) == len && memcmp(names[i].name, list, len) == 0)
                features &= ~names[i].bits;
        }
        list += len;
        if (*list == ',')
            list++;
    }
    return features;
}

#define VF_CPU_KNOWN (1u << 31) /* the cache holds a detected value */
static atomic_uint_least32_t vf_cpu_cache;

uint32_t vf_cpu_features(void)
{
    uint32_t f = (uint32_t)atomic_load_explicit(&vf_cpu_cache, memory_order_acquire);
    if (VF_LIKELY(f & VF_CPU_KNOWN))
        return f & ~VF_CPU_KNOWN;
    f = vf_cpu_detect();
#ifdef VF_TEST_SWITCHES
    f = vf_cpu_apply_disable(f, getenv("VFETCH_DISABLE_CPU_FEATURES"));
#endif
    atomic_store_explicit(&vf_cpu_cache, f | VF_CPU_KNOWN, memory_order_release);
    return f;
}

void vf_cpu_forget(void)
{
    atomic_store_explicit(&vf_cpu_cache, 0, memory_order_release);
}

const char *vf_isa_name(uint32_t isa)
{
    return isa < VF_ISA_COUNT ? isa_names[isa] : NULL;
}

vf_result vf_isa_from_name(const char *name, uint32_t *isa_ret)
{
    if (!name || !isa_ret)
        return VF_ERROR_NULL_POINTER;
    for (uint32_t i = 0; i < VF_ISA_COUNT; i++) {
        if (strcmp(name, isa_names[i]) == 0) {
            *isa_ret = i;
            return VF_OK;
        }
    }
    return VF_ERROR_UNKNOWN_NAME;
}

uint32_t vf_isa_required_features(uint32_t isa)
{
    switch (isa) {
    case VF_ISA_SSE2: return VF_CPU_SSE2;
    case VF_ISA_SSSE3: return VF_CPU_SSE2 | VF_CPU_SSSE3;
    case VF_ISA_SSE41: return VF_CPU_SSE2 | VF_CPU_SSSE3 | VF_CPU_SSE41;
    case VF_ISA_AVX2: return VF_CPU_SSE2 | VF_CPU_SSSE3 | VF_CPU_SSE41 | VF_CPU_AVX2;
    case VF_ISA_AVX512:
        return VF_CPU_SSE2 | VF_CPU_SSSE3 | VF_CPU_SSE41 | VF_CPU_AVX2 | VF_CPU_AVX512;
    case VF_ISA_NEON: return VF_CPU_NEON;
    default: return 0;
    }
}

/* Whether this library was built with the ISA's kernels. */
static int vf_isa_built(uint32_t isa)
{
    switch (isa) {
    case VF_ISA_SCALAR: return 1;
#ifdef HAVE_SSE2_INTRIN
    case VF_ISA_SSE2: return 1;
#endif
#ifdef HAVE_SSSE3_INTRIN
    case VF_ISA_SSSE3: return 1;
#endif
#ifdef HAVE_SSE41_INTRIN
    case VF_ISA_SSE41: return 1;
#endif
#ifdef HAVE_AVX2_INTRIN
    case VF_ISA_AVX2: return 1;
#endif
#ifdef HAVE_AVX512_INTRIN
    case VF_ISA_AVX512: return 1;
#endif
#ifdef HAVE_NEON_INTRIN
    case VF_ISA_NEON: return 1;
#endif
    default: return 0;
    }
}

int vf_isa_available(uint32_t isa)
{
    if (isa == VF_ISA_SCALAR)
        return 1;
    if (isa == VF_ISA_AUTO || !vf_isa_built(isa))
        return 0;
    uint32_t need = vf_isa_required_features(isa);
    return (vf_cpu_features() & need) == need;
}

/* The best available level. */
static uint32_t vf_isa_best(void)
{
    static const uint32_t order[] = { VF_ISA_AVX512, VF_ISA_AVX2, VF_ISA_SSE41,
                                      VF_ISA_SSSE3,  VF_ISA_SSE2, VF_ISA_NEON };
    for (size_t i = 0; i < VF_ARRAY_LEN(order); i++) {
        if (vf_isa_available(order[i]))
            return order[i];
    }
    return VF_ISA_SCALAR;
}

/* VFETCH_ISA: 0 if unset or empty (or "auto"), else the requested ISA or
 * VF_ISA_COUNT for a name that is not an ISA. */
static uint32_t vf_isa_from_env(void)
{
    const char *env = getenv("VFETCH_ISA");
    uint32_t isa;
    if (!env || !*env)
        return VF_ISA_AUTO;
    if (vf_isa_from_name(env, &isa) != VF_OK)
        return VF_ISA_COUNT;
    return isa;
}

uint32_t vf_isa_default(void)
{
    uint32_t env = vf_isa_from_env();
    if (env != VF_ISA_AUTO && env != VF_ISA_COUNT && vf_isa_available(env))
        return env;
    return vf_isa_best();
}

vf_result vf_resolve_isa(uint32_t requested, uint32_t *isa_ret)
{
    if (requested >= VF_ISA_COUNT)
        return VF_ERROR_INVALID_ARGUMENT;
    if (requested == VF_ISA_AUTO) {
        /* A forced level that cannot be had is an error, not a silent
         * fallback: tests and benchmarks rely on getting what they ask. */
        uint32_t env = vf_isa_from_env();
        if (env == VF_ISA_COUNT || (env != VF_ISA_AUTO && !vf_isa_available(env)))
            return VF_ERROR_ISA_UNAVAILABLE;
        requested = env != VF_ISA_AUTO ? env : vf_isa_best();
    }
    if (!vf_isa_available(requested))
        return VF_ERROR_ISA_UNAVAILABLE;
    *isa_ret = requested;
    return VF_OK;
}
