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
#include "dispatch.h"
#include "vf_internal.h"

/* VF_ISA_<ID> for every row of isa.def, best first. */
static const uint32_t isa_order[] = {
#define VF_ISA(id, name, below, guard, arch, edx, ecx, ebx, xcr0) VF_ISA_##id,
#include "isa.def"
#undef VF_ISA
};

struct isa_row {
    const char *name;
    uint32_t below;
    uint8_t built;
    uint8_t arch;
    uint32_t l1_edx, l1_ecx, l7_ebx, xcr0;
};

enum { ARCH_ANY, ARCH_X86, ARCH_ARM };

static const struct isa_row isa_rows[VF_ISA_COUNT] = {
    [VF_ISA_AUTO] = { "auto", VF_ISA_SCALAR, 0, ARCH_ANY, 0, 0, 0, 0 },
#define VF_ISA(id, nm, below, guard, arch, edx, ecx, ebx, x) \
    [VF_ISA_##id] = { #nm, VF_ISA_##below, VF_BUILT(guard), ARCH_##arch, edx, ecx, ebx, x },
#include "isa.def"
#undef VF_ISA
};

#ifdef VF_X86
/* XCR0 through XGETBV; only called when CPUID says OSXSAVE. */
static uint64_t vf_xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

/* Each x86 level whose CPUID bits (and OS register state) are present. A
 * level's bit says nothing of its fallback's: vf_isa_required_features
 * adds those. */
static uint32_t vf_cpu_detect_x86(void)
{
    unsigned a, b, c = 0, d = 0, b7 = 0, c7, d7;
    uint64_t xcr0 = 0;
    uint32_t features = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    if (!__get_cpuid_count(7, 0, &a, &b7, &c7, &d7))
        b7 = 0;
    const unsigned osxsave = 1u << 27;
    if (c & osxsave)
        xcr0 = vf_xgetbv0();
    for (size_t i = 0; i < VF_ARRAY_LEN(isa_order); i++) {
        const struct isa_row *r = &isa_rows[isa_order[i]];
        if (r->arch != ARCH_X86)
            continue;
        int ok = (d & r->l1_edx) == r->l1_edx && (c & r->l1_ecx) == r->l1_ecx &&
                 (b7 & r->l7_ebx) == r->l7_ebx;
        if (r->xcr0)
            ok = ok && (c & osxsave) && (xcr0 & r->xcr0) == r->xcr0;
        if (ok)
            features |= 1u << isa_order[i];
    }
    return features;
}
#endif

uint32_t vf_cpu_detect(void)
{
    uint32_t features = 0;
#ifdef VF_X86
    features = vf_cpu_detect_x86();
#elif defined(__aarch64__)
    for (size_t i = 0; i < VF_ARRAY_LEN(isa_order); i++)
        if (isa_rows[isa_order[i]].arch == ARCH_ARM)
            features |= 1u << isa_order[i];
#endif
    return features;
}

/* The feature bits a name in VFETCH_DISABLE_CPU_FEATURES turns off. */
static uint32_t vf_feature_named(const char *name, size_t len)
{
    static const struct {
        const char *name;
        uint32_t bits;
    } aliases[] = { { "sse4.1", VF_CPU_SSE41 }, { "f16c", VF_CPU_AVX2 }, { "fma", VF_CPU_AVX2 } };
    for (size_t i = 0; i < VF_ARRAY_LEN(aliases); i++)
        if (strlen(aliases[i].name) == len && memcmp(aliases[i].name, name, len) == 0)
            return aliases[i].bits;
    for (size_t i = 0; i < VF_ARRAY_LEN(isa_order); i++) {
        uint32_t isa = isa_order[i];
        if (isa != VF_ISA_SCALAR && strlen(isa_rows[isa].name) == len &&
            memcmp(isa_rows[isa].name, name, len) == 0)
            return 1u << isa;
    }
    return 0;
}

uint32_t vf_cpu_apply_disable(uint32_t features, const char *list)
{
    if (!list)
        return features;
    while (*list) {
        size_t len = strcspn(list, ",");
        features &= ~vf_feature_named(list, len);
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

/* Whether the CPU's vendor string is `vendor` (12 characters) and its
 * family, base plus extended as CPUID leaf 1 defines it, is `family`. */
static int cpu_is(const char *vendor, unsigned family)
{
#ifdef VF_X86
    unsigned a, b, c, d;
    char name[12];
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return 0;
    memcpy(name, &b, 4);
    memcpy(name + 4, &d, 4);
    memcpy(name + 8, &c, 4);
    if (memcmp(name, vendor, 12) != 0 || !__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    unsigned base = (a >> 8) & 0xfu;
    return (base == 0xfu ? base + ((a >> 20) & 0xffu) : base) == family;
#else
    (void)vendor, (void)family;
    return 0;
#endif
}

/* bench/README.md ("How far ahead a strided batch prefetches") has the
 * measurements: on AMD family 25 1 KiB ran every streaming linear draw
 * faster than 4 KiB; on Intel family 6, model 207 it ran the static mesh
 * faster but cost particles and the skinned mesh more, and 2 KiB matched
 * 4 KiB. Other CPUs keep the distance measured first. */
static uint32_t vf_cpu_detect_prefetch_ahead(void)
{
    return cpu_is("AuthenticAMD", 25) ? 1024 : 4096;
}

/* Bytes ahead for a slot that runs a generated kernel: none on Intel
 * family 6 and AMD family 26 (Zen 5). There the prefetches a batch issues
 * before its kernel runs stall the core once the line fill buffers are
 * taken, and the hardware prefetchers alone keep the generated kernels
 * fed: streaming linear draws of the static and skinned mesh ran 1.2x and
 * 1.2x faster on one core of model 143 without it, 1.07x and 1.17x on
 * model 167, and the static mesh 1.07x streaming and 1.10x in cache on
 * Zen 5 (bench/README.md, "The strided prefetch and the generated
 * kernels", "Whole lines"). The per-element kernels keep it (particles ran
 * 0.8-0.9x without it on model 143), as do other CPUs, where it was not
 * measured. */
static uint32_t vf_cpu_detect_prefetch_generated(void)
{
    return cpu_is("GenuineIntel", 6) || cpu_is("AuthenticAMD", 26) ? 0
                                                                    : vf_cpu_detect_prefetch_ahead();
}

/* 0 until the first call; then the distance (CPUID traps to the
 * hypervisor in a VM, so it is read once, as the features are). */
static atomic_uint_least32_t vf_prefetch_cache;

uint32_t vf_cpu_prefetch_ahead(void)
{
    uint32_t d = (uint32_t)atomic_load_explicit(&vf_prefetch_cache, memory_order_relaxed);
    if (VF_LIKELY(d != 0))
        return d;
    d = vf_cpu_detect_prefetch_ahead();
    atomic_store_explicit(&vf_prefetch_cache, d, memory_order_relaxed);
    return d;
}

/* UINT32_MAX until the first call (0 is a distance here: none). */
static atomic_uint_least32_t vf_prefetch_generated_cache = UINT32_MAX;

uint32_t vf_cpu_prefetch_generated(void)
{
    uint32_t d = (uint32_t)atomic_load_explicit(&vf_prefetch_generated_cache,
                                                memory_order_relaxed);
    if (VF_LIKELY(d != UINT32_MAX))
        return d;
    d = vf_cpu_detect_prefetch_generated();
    atomic_store_explicit(&vf_prefetch_generated_cache, d, memory_order_relaxed);
    return d;
}

/* Streamed draws prefetch a line of each 4 KiB page of the next batch's
 * output (draw_output.c) on AMD family 26 (Zen 5) only: there a bare
 * non-temporal store loop waited for a page walk at each page and the
 * static mesh streamed 1.3-2.5x faster with the prefetches; on Intel
 * family 6 model 207 the same draws ran 3-14% slower with them
 * (bench/README.md, "Streamed stores and the page walk"). Other CPUs
 * were not measured and keep the draw without them. */
static int vf_cpu_detect_touch_pages(void)
{
    return cpu_is("AuthenticAMD", 26);
}

/* A yes-or-no answer about the CPU, detected at the first call and kept
 * in *cache: 0 not asked yet, 1 no, 2 yes (a racing thread stores the
 * same answer). Read once, as the features are: CPUID traps to the
 * hypervisor in a VM. */
static int cpu_answer(atomic_int *cache, int (*detect)(void))
{
    int t = atomic_load_explicit(cache, memory_order_relaxed);
    if (VF_LIKELY(t != 0))
        return t == 2;
    t = detect() ? 2 : 1;
    atomic_store_explicit(cache, t, memory_order_relaxed);
    return t == 2;
}

static atomic_int vf_touch_cache;

int vf_cpu_touch_pages(void)
{
    return cpu_answer(&vf_touch_cache, vf_cpu_detect_touch_pages);
}

/* vpermi2b on zmm is one operation on AMD family 26 (Zen 5), two a
 * cycle like vpermb, so the generated four-vertex loop loads a dense
 * 32-byte window's four vertices whole into two registers and permutes
 * across both, with no inserts or shuffles (bench/README.md, "Whole
 * 32-byte windows and fewer masks"). On Intel's cores it is three
 * (jit_quad.c). */
static int vf_cpu_detect_vpermi2b_single(void)
{
    return cpu_is("AuthenticAMD", 26);
}

static atomic_int vf_vpermi2b_cache;

int vf_env_digit(const char *name, int max)
{
    const char *env = getenv(name);
    if (env == NULL || env[0] < '0' || env[0] > '0' + max || env[1] != '\0')
        return -1;
    return env[0] - '0';
}

int vf_cpu_vpermi2b_single(void)
{
    return cpu_answer(&vf_vpermi2b_cache, vf_cpu_detect_vpermi2b_single);
}

/* CPUID.7.0:ECX.AVX512_VBMI. */
static int vf_cpu_detect_vbmi(void)
{
    unsigned c = 0;
#ifdef VF_X86
    unsigned a, b, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        c = 0;
#endif
    return (c >> 1) & 1u;
}

static atomic_int vf_vbmi_cache;

int vf_cpu_has_avx512_vbmi(void)
{
    return cpu_answer(&vf_vbmi_cache, vf_cpu_detect_vbmi);
}

void vf_cpu_forget(void)
{
    atomic_store_explicit(&vf_cpu_cache, 0, memory_order_release);
}

const char *vf_isa_name(uint32_t isa)
{
    return isa < VF_ISA_COUNT && isa_rows[isa].name ? isa_rows[isa].name : NULL;
}

vf_result vf_isa_from_name(const char *name, uint32_t *isa_ret)
{
    if (!name || !isa_ret)
        return VF_ERROR_NULL_POINTER;
    for (uint32_t i = 0; i < VF_ISA_COUNT; i++) {
        if (isa_rows[i].name && strcmp(name, isa_rows[i].name) == 0) {
            *isa_ret = i;
            return VF_OK;
        }
    }
    return VF_ERROR_UNKNOWN_NAME;
}

uint32_t vf_isa_required_features(uint32_t isa)
{
    uint32_t need = 0;
    for (; isa != VF_ISA_SCALAR && isa < VF_ISA_COUNT && isa_rows[isa].name;
         isa = isa_rows[isa].below)
        need |= 1u << isa;
    return need;
}

int vf_isa_available(uint32_t isa)
{
    if (isa == VF_ISA_AUTO || isa >= VF_ISA_COUNT || !isa_rows[isa].built)
        return 0;
    uint32_t need = vf_isa_required_features(isa);
    return (vf_cpu_features() & need) == need;
}

/* The best available level: the first of isa.def's rows. */
static uint32_t vf_isa_best(void)
{
    for (size_t i = 0; i < VF_ARRAY_LEN(isa_order); i++) {
        if (vf_isa_available(isa_order[i]))
            return isa_order[i];
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
