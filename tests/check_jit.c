/*
 * check_jit.c - the generated slot kernels (lib/jit.c, lib/x86/jit/):
 * which path a layout reports and why; random layouts and draws run with
 * the generator on and off on every ISA level that has it, each against
 * the IA reference (tests/ref/ia_ref.c) and against each other; every
 * code of the 8- and 16-bit formats through one generated kernel; draws
 * around the streaming threshold at an output no record of which starts
 * a cache line; streamed draws of whole-record layouts, which the
 * generated non-temporal kernels write straight from registers; slots
 * whose elements fit the avx512 level's four-vertex loop, at guard pages,
 * in records and in the SoA batches that loop writes straight.
 *
 * Expectations come from the reference only: neither path is used to
 * compute what the other must give.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#  include <cpuid.h>
#endif

#include "vfetch.h"
#include "check_main.h"
#include "draw_helpers.h"
#include "ia_ref.h"
#include "test_util.h"

/* The output shape of the layouts the tests make (AoS unless a test sets
 * an SoA one). */
static uint32_t soa_shape = VF_OUTPUT_AOS;

/* The layout of descs on `isa`, the generator on (the default) or off
 * (options.generator). */
static vf_layout *layout_jit(const vf_input_element_desc *descs, uint32_t n,
                             const uint32_t *maps, uint32_t sv, uint32_t isa, int jit)
{
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.component_mappings = maps;
    o.system_values = sv;
    o.isa = isa;
    o.max_input_slots = 32;
    o.generator = jit ? VF_GENERATOR_AUTO : VF_GENERATOR_OFF;
    o.output_shape = soa_shape;
    vf_layout *layout = NULL;
    ck_assert_int_eq(vf_layout_create(descs, n, &o, &layout, NULL), VF_OK);
    return layout;
}

/* CPUID.7.0:ECX.AVX512_VBMI, which the four-vertex loop needs. */
static int cpu_has_vbmi(void)
{
#if defined(__x86_64__)
    unsigned a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && ((c >> 1) & 1u);
#else
    return 0;
#endif
}

/* Whether layouts on `isa` get generated code in this build. */
static int jit_expected(uint32_t isa)
{
    vf_input_element_desc d = el("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0,
                                 VF_INPUT_PER_VERTEX_DATA, 0);
    vf_layout *layout = layout_jit(&d, 1, NULL, 0, isa, 1);
    vf_kernel_path_info info;
    ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
    int on = info.path == VF_KERNEL_PATH_GENERATED;
    if (!on)
        ck_assert_str_ne(info.reason, "");
    vf_layout_destroy(layout);
    return on;
}

START_TEST(test_path_query)
{
    vf_kernel_path_info info;
    ck_assert_int_eq(vf_layout_kernel_path(NULL, &info), VF_ERROR_NULL_POINTER);
    ck_assert_str_eq(vf_kernel_path_name(VF_KERNEL_PATH_GENERATED), "generated");
    ck_assert_str_eq(vf_kernel_path_name((vf_kernel_path)99), "unknown");
    if (!vf_isa_available(VF_ISA_AVX2) || !jit_expected(VF_ISA_AVX2))
        return; /* built without the generator, or no AVX2 here */
    /* The static mesh with a packed-float slot the generator does not take. */
    vf_input_element_desc d[] = {
        el("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("NORMAL", 0, VF_FORMAT_R16G16B16A16_SNORM, 0, 12, VF_INPUT_PER_VERTEX_DATA, 0),
        el("TEXCOORD", 0, VF_FORMAT_R16G16_FLOAT, 0, 20, VF_INPUT_PER_VERTEX_DATA, 0),
        el("COLOR", 0, VF_FORMAT_R11G11B10_FLOAT, 1, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("WORLD", 0, VF_FORMAT_R32G32B32A32_FLOAT, 2, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_layout *layout = layout_jit(d, 5, NULL, 0, VF_ISA_AVX2, 1);
    ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
    ck_assert_int_eq(info.path, VF_KERNEL_PATH_MIXED);
    ck_assert_uint_eq(info.slots, 2);
    ck_assert_uint_eq(info.generated_slots, 1);
    ck_assert_ptr_nonnull(strstr(info.reason, "R11G11B10_FLOAT"));
    ck_assert_uint_gt(info.code_bytes, 0);
    vf_layout_destroy(layout);

    layout = layout_jit(d, 3, NULL, 0, VF_ISA_AVX2, 0);
    ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
    ck_assert_int_eq(info.path, VF_KERNEL_PATH_PER_ELEMENT);
    ck_assert_str_eq(info.reason, "turned off by options.generator");
    ck_assert_uint_eq(info.code_bytes, 0);
    vf_layout_destroy(layout);

    /* VFETCH_JIT=0 or off turns it off for every layout created while it
     * is set; 1 or on generates without timing against the elements'
     * kernels; unset or anything else, whichever measures faster here
     * (either, with the reason when the elements' kernels won). */
    const char *values[6] = { "0", "off", "1", "on", "yes", NULL };
    for (int i = 0; i < 6; i++) {
        if (values[i])
            setenv("VFETCH_JIT", values[i], 1);
        else
            unsetenv("VFETCH_JIT");
        layout = layout_jit(d, 3, NULL, 0, VF_ISA_AVX2, 1);
        setenv("VFETCH_JIT", "1", 1); /* as make check runs every suite */
        ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
        if (i < 2) {
            char want[64];
            snprintf(want, sizeof want, "turned off by VFETCH_JIT=%s", values[i]);
            ck_assert_int_eq(info.path, VF_KERNEL_PATH_PER_ELEMENT);
            ck_assert_str_eq(info.reason, want);
        } else if (i < 4 || info.path == VF_KERNEL_PATH_GENERATED) {
            ck_assert_int_eq(info.path, VF_KERNEL_PATH_GENERATED);
            ck_assert_str_eq(info.reason, "");
        } else {
            ck_assert_int_eq(info.path, VF_KERNEL_PATH_PER_ELEMENT);
            ck_assert_str_eq(info.reason,
                             "slot 0: its elements' kernels measured faster on this core");
        }
        vf_layout_destroy(layout);
    }

    /* The four-vertex loop: forced on or off, or measured (either). */
    if (vf_isa_available(VF_ISA_AVX512)) {
        const char *env[3] = { "0", "1", NULL };
        for (int i = 0; i < 3; i++) {
            if (env[i])
                setenv("VFETCH_JIT_QUAD", env[i], 1);
            layout = layout_jit(d, 3, NULL, 0, VF_ISA_AVX512, 1);
            unsetenv("VFETCH_JIT_QUAD");
            ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
            ck_assert_int_eq(info.path, VF_KERNEL_PATH_GENERATED);
            if (i == 0 || !cpu_has_vbmi())
                ck_assert_uint_eq(info.quad_slots, 0);
            else if (i == 1)
                ck_assert_uint_eq(info.quad_slots, 1);
            else
                ck_assert_uint_le(info.quad_slots, 1);
            vf_layout_destroy(layout);
        }
    }
    layout = layout_jit(d, 3, NULL, 0, VF_ISA_AVX2, 1);
    ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
    ck_assert_uint_eq(info.quad_slots, 0); /* avx512 only */
    vf_layout_destroy(layout);

    if (vf_isa_available(VF_ISA_SSE41)) {
        layout = layout_jit(d, 3, NULL, 0, VF_ISA_SSE41, 1);
        ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
        ck_assert_int_eq(info.path, VF_KERNEL_PATH_PER_ELEMENT);
        vf_layout_destroy(layout);
    }
}
END_TEST

/* Whether this build and CPU give avx512 layouts the four-vertex loop. */
static int quad_available(void)
{
    return vf_isa_available(VF_ISA_AVX512) && cpu_has_vbmi() && jit_expected(VF_ISA_AVX512);
}

/* The static mesh's elements: one slot of three, 32 bytes a vertex. */
static void static_mesh(vf_input_element_desc d[3])
{
    d[0] = el("POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    d[1] = el("NORMAL", 0, VF_FORMAT_R16G16B16A16_SNORM, 0, 12, VF_INPUT_PER_VERTEX_DATA, 0);
    d[2] = el("TEXCOORD", 0, VF_FORMAT_R16G16_FLOAT, 0, 20, VF_INPUT_PER_VERTEX_DATA, 0);
}

/* Layouts with a slot storing whole lines, and writing SoA batches,
 * counted as the cases run. */
static uint32_t lines_seen, soa_seen;

static void count_lines(const vf_layout *layout)
{
    vf_kernel_path_info info;
    ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
    lines_seen += info.line_slots;
    soa_seen += info.soa_slots;
}

/* vf_draw of an SoA layout into a guarded output, ending at the guard page
 * or starting 0, 16 or 64 bytes past it by `it` (a line apart or not, as
 * the streamed SoA kernels need); the bytes before it stay untouched.
 * A copy, malloc'd. */
static uint32_t *draw_guarded(const vf_layout *layout, const vf_draw_desc *d, int it,
                              size_t *words_ret)
{
    static const size_t leads[3] = { 0, 16, 64 };
    size_t size, lead = leads[(it >> 1) % 3];
    ck_assert_int_eq(vf_draw_output_size(layout, d->vertex_count_per_instance, d->instance_count,
                                         &size),
                     VF_OK);
    vf_guarded g;
    vf_guarded_alloc(&g, size + lead, it & 1 ? VF_GUARD_BEFORE : VF_GUARD_AFTER);
    memset(g.data, 0xCD, size + lead);
    ck_assert_int_eq(vf_draw(layout, d, g.data + lead, size), VF_OK);
    for (size_t i = 0; i < lead; i++)
        ck_assert_msg(g.data[i] == 0xCD, "case %d: byte %zu before the output written", it, i);
    uint32_t *out = malloc(size ? size : 1);
    ck_assert_ptr_nonnull(out);
    memcpy(out, g.data + lead, size);
    vf_guarded_free(&g);
    *words_ret = size / 4;
    return out;
}

/* One random case on `isa`: the draw with the generator on, and off, each
 * against the reference. */
static void both_paths(struct rcase *c, uint32_t isa, int it)
{
    ia_ref r;
    ia_ref_init_descs(&r, c->descs, c->n, c->use_maps ? c->maps : NULL, c->sv, &c->d);
    uint32_t *want = ia_ref_aos(&r);
    if (soa_shape != VF_OUTPUT_AOS) {
        uint32_t *soa = ia_ref_soa(want, r.nreg, c->d.vertex_count_per_instance,
                                   c->d.instance_count, soa_shape,
                                   (c->sv & VF_SV_FLAGS) ? (int)r.nreg - 1 : -1);
        free(want);
        want = soa;
    }
    for (int jit = 0; jit < 2; jit++) {
        vf_layout *layout = layout_jit(c->descs, c->n, c->use_maps ? c->maps : NULL, c->sv, isa,
                                       jit);
        size_t words;
        char what[64];
        snprintf(what, sizeof(what), "case %d isa %u jit %d", it, isa, jit);
        count_lines(layout);
        uint32_t *got = soa_shape != VF_OUTPUT_AOS ? draw_guarded(layout, &c->d, it, &words)
                                                    : draw_words(layout, &c->d, &words);
        expect_same(got, want, words, what);
        free(got);
        vf_layout_destroy(layout);
    }
    free(want);
}

/* The loop tests' levels: the two the generator serves. */
static const uint32_t jit_isas[] = { VF_ISA_AVX512, VF_ISA_AVX2 };

START_TEST(test_random_both_paths)
{
    uint32_t isa = jit_isas[_i];
    vf_format fmts[64];
    uint32_t nfmts = ia_formats(fmts);
    if (!vf_isa_available(isa))
        return;
    vf_rng rng;
    vf_rng_seed(&rng, 0x717u + (uint64_t)_i);
    for (int it = 0; it < 200; it++) {
        struct rcase c;
        rcase_make(&c, &rng, fmts, nfmts);
        both_paths(&c, isa, it);
        rcase_free(&c);
    }
}
END_TEST

/* Every 16-bit code in each component of a 2-, 4- or 8-byte element (all
 * of a one-component 16-bit or two-component 8-bit format's inputs, the
 * half-float NaN payloads and denormals included), strided and gathered
 * (an indexed draw in reverse), against the reference. */
static void exhaustive_format(vf_format f, uint32_t isa)
{
    vf_input_element_desc d[2] = {
        el("A", 0, f, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R32_UINT, 0, 8, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    const uint32_t n = 65536, stride = 12;
    uint8_t *vb = xalloc((size_t)n * stride);
    uint32_t *ib = xalloc((size_t)n * 4);
    for (uint32_t v = 0; v < n; v++) {
        for (int k = 0; k < 4; k++) {
            uint16_t code = (uint16_t)(v * (k + 1) + k);
            memcpy(vb + (size_t)v * stride + 2 * k, &code, 2);
        }
        memcpy(vb + (size_t)v * stride + 8, &v, 4);
        ib[v] = n - 1 - v;
    }
    vf_vertex_buffer_view vbv = { vb, n * stride, stride };
    vf_index_buffer_view ibv = { ib, n * 4, VF_FORMAT_R32_UINT };
    vf_draw_desc descs[2] = { draw_desc(&vbv, 1, n, 1, 0, 0),
                              indexed_desc(&vbv, 1, &ibv, 0, VF_TOPOLOGY_POINTLIST, n, 1, 0, 0, 0) };
    for (int k = 0; k < 2; k++) {
        ia_ref r;
        ia_ref_init_descs(&r, d, 2, NULL, 0, &descs[k]);
        uint32_t *want = ia_ref_aos(&r);
        vf_layout *layout = layout_jit(d, 2, NULL, 0, isa, 1);
        size_t words;
        char what[64];
        snprintf(what, sizeof(what), "%s isa %u %s", vf_format_name(f), isa,
                 k ? "indexed" : "linear");
        uint32_t *got = draw_words(layout, &descs[k], &words);
        expect_same(got, want, words, what);
        free(got);
        free(want);
        vf_layout_destroy(layout);
    }
    free(vb);
    free(ib);
}

START_TEST(test_exhaustive_codes)
{
    uint32_t isa = jit_isas[_i];
    vf_format fmts[64];
    uint32_t nfmts = ia_formats(fmts);
    for (uint32_t i = 0; i < nfmts && vf_isa_available(isa); i++) {
        uint32_t bytes = vf_format_info(fmts[i])->bytes;
        if (bytes == 2 || bytes == 4 || bytes == 8)
            exhaustive_format(fmts[i], isa);
    }
}
END_TEST

/* Every half-float code in every component (NaN payloads, quiet or
 * signalling, and denormals included) through the four-vertex loop,
 * storing lanes and storing whole lines (three registers, so the loop
 * over eight vertices runs too), linear and gathered, against the
 * reference. */
START_TEST(test_exhaustive_halves_quad)
{
    if (!quad_available())
        return;
    vf_input_element_desc d[3] = {
        el("A", 0, VF_FORMAT_R16G16B16A16_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R16G16_FLOAT, 0, 8, VF_INPUT_PER_VERTEX_DATA, 0),
        el("C", 0, VF_FORMAT_R16_FLOAT, 0, 12, VF_INPUT_PER_VERTEX_DATA, 0),
    };
    const uint32_t n = 65536 + 7, stride = 16;
    uint8_t *vb = xalloc((size_t)n * stride);
    uint32_t *ib = xalloc((size_t)n * 4);
    for (uint32_t v = 0; v < n; v++) {
        for (uint32_t k = 0; k < 7; k++) {
            uint16_t code = (uint16_t)(v + 9973u * k);
            memcpy(vb + (size_t)v * stride + 2 * k, &code, 2);
        }
        ib[v] = n - 1 - v;
    }
    vf_vertex_buffer_view vbv = { vb, n * stride, stride };
    vf_index_buffer_view ibv = { ib, n * 4, VF_FORMAT_R32_UINT };
    vf_draw_desc descs[2] = { draw_desc(&vbv, 1, n, 1, 0, 0),
                              indexed_desc(&vbv, 1, &ibv, 0, VF_TOPOLOGY_POINTLIST, n, 1, 0, 0, 0) };
    for (int q = 1; q <= 2; q++) {
        setenv("VFETCH_JIT_QUAD", q == 1 ? "1" : "2", 1);
        vf_layout *layout = layout_jit(d, 3, NULL, 0, VF_ISA_AVX512, 1);
        vf_kernel_path_info info;
        ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
        ck_assert_uint_eq(info.quad_slots, 1);
        ck_assert_uint_eq(info.line_slots, (uint32_t)(q == 2));
        for (int k = 0; k < 2; k++) {
            ia_ref r;
            ia_ref_init_descs(&r, d, 3, NULL, 0, &descs[k]);
            uint32_t *want = ia_ref_aos(&r);
            size_t words;
            char what[64];
            snprintf(what, sizeof(what), "halves, loop %d, %s", q, k ? "indexed" : "linear");
            uint32_t *got = draw_words(layout, &descs[k], &words);
            expect_same(got, want, words, what);
            free(got);
            free(want);
        }
        vf_layout_destroy(layout);
    }
    unsetenv("VFETCH_JIT_QUAD");
    free(vb);
    free(ib);
}
END_TEST

/* Draws around the streaming threshold (8 MiB of output, lib/draw.c) with
 * the generator on: the static mesh's 48-byte records just below it, at it
 * and above it with an odd count, written 16 bytes past a 64-byte boundary
 * (so no record starts a cache line), linear and indexed in reverse; every
 * word, the first and last records included, against the reference, and
 * nothing written outside the output. */
static void stream_edges(uint32_t isa, uint32_t n)
{
    vf_input_element_desc d[3];
    static_mesh(d);
    const uint32_t stride = 24;
    uint8_t *vb = xalloc((size_t)n * stride);
    uint32_t *ib = xalloc((size_t)n * 4);
    uint32_t x = 0x9e3779b9u;
    for (size_t i = 0; i < (size_t)n * stride; i++) {
        x = x * 1664525u + 1013904223u;
        vb[i] = (uint8_t)(x >> 24);
    }
    for (uint32_t v = 0; v < n; v++)
        ib[v] = n - 1 - v;
    vf_vertex_buffer_view vbv = { vb, n * stride, stride };
    vf_index_buffer_view ibv = { ib, n * 4, VF_FORMAT_R32_UINT };
    vf_draw_desc descs[2] = { draw_desc(&vbv, 1, n, 1, 0, 0),
                              indexed_desc(&vbv, 1, &ibv, 0, VF_TOPOLOGY_POINTLIST, n, 1, 0, 0, 0) };
    vf_layout *layout = layout_jit(d, 3, NULL, 0, isa, 1);
    for (int k = 0; k < 2; k++) {
        ia_ref r;
        ia_ref_init_descs(&r, d, 3, NULL, 0, &descs[k]);
        uint32_t *want = ia_ref_aos(&r);
        size_t size;
        ck_assert_int_eq(vf_draw_output_size(layout, n, 1, &size), VF_OK);
        ck_assert_uint_eq(size, (size_t)n * 48);
        uint8_t *buf = xalloc(size + 192);
        memset(buf, 0xCD, size + 192);
        /* 16 bytes past the first 64-byte boundary at least 64 bytes in. */
        size_t lead = 64 + (64 - (size_t)((uintptr_t)buf & 63)) % 64 + 16;
        uint8_t *out = buf + lead;
        ck_assert_int_eq(vf_draw(layout, &descs[k], out, size), VF_OK);
        char what[64];
        snprintf(what, sizeof(what), "stream isa %u n %u %s", isa, n, k ? "indexed" : "linear");
        uint32_t *got = xalloc(size);
        memcpy(got, out, size);
        expect_same(got, want, size / 4, what);
        for (size_t i = 0; i < lead; i++)
            ck_assert_msg(buf[i] == 0xCD, "%s: byte %zu before the output written", what, i);
        for (size_t i = lead + size; i < size + 192; i++)
            ck_assert_msg(buf[i] == 0xCD, "%s: byte past the output written", what);
        free(got);
        free(buf);
        free(want);
    }
    vf_layout_destroy(layout);
    free(vb);
    free(ib);
}

START_TEST(test_stream_edges)
{
    uint32_t isa = jit_isas[_i];
    if (!vf_isa_available(isa))
        return;
    const uint32_t at = (8u << 20) / 48; /* 174762 records: just under 8 MiB */
    const uint32_t counts[] = { at, at + 1, at + 4 };
    for (int c = 0; c < 3; c++)
        stream_edges(isa, counts[c]);
}
END_TEST

/* Up to RC_MAX_ELEMENTS random formats laid end to end, each at its
 * alignment, that fill `bytes` exactly: their count, and each one's format
 * and offset. */
static uint32_t tile(vf_rng *rng, const vf_format *fmts, uint32_t nfmts, uint32_t bytes,
                     vf_format *f, uint32_t *off)
{
    for (;;) {
        uint32_t n = 0, end = 0;
        for (int tries = 0; tries < 64 && end < bytes && n < RC_MAX_ELEMENTS; tries++) {
            vf_format g = fmts[vf_rng_below(rng, nfmts)];
            uint32_t size = vf_format_info(g)->bytes, a = size < 4 ? size : 4;
            if (end % a != 0 || end + size > bytes)
                continue;
            f[n] = g, off[n++] = end;
            end += size;
        }
        if (end == bytes)
            return n;
    }
}

/* Cases whose elements tile exactly 32 bytes, most with a stride of 32:
 * the four-vertex loop then reads four vertices with two loads. */
static int tile32;

/* A tiling of 32 bytes for stream_whole_case: n elements in d, without
 * R11G11B10_FLOAT (it has no generated kernel). */
static uint32_t tile32_descs(vf_rng *rng, const vf_format *fmts, uint32_t nfmts,
                             vf_input_element_desc *d, const char *const *names)
{
    vf_format usable[64], f[RC_MAX_ELEMENTS];
    uint32_t nu = 0, off[RC_MAX_ELEMENTS];
    for (uint32_t i = 0; i < nfmts && nu < 64; i++)
        if (fmts[i] != VF_FORMAT_R11G11B10_FLOAT)
            usable[nu++] = fmts[i];
    uint32_t n = tile(rng, usable, nu, 32, f, off);
    for (uint32_t i = 0; i < n; i++)
        d[i] = el(names[i], 0, f[i], 0, off[i], VF_INPUT_PER_VERTEX_DATA, 0);
    return n;
}

/* Streamed draws of random whole-record layouts (one per-vertex slot whose
 * elements fill every register: the generated non-temporal kernels write
 * the output straight from registers), forced to stream at any size with
 * VFETCH_STREAM=1 (test builds). Odd and even register counts, outputs 0
 * or 16 bytes past a 32-byte boundary, guarded on the side a stray store
 * would reach, linear and indexed (reversed, scattered, out of range),
 * vertex buffers cut short, an occasional strip cut; every word against the
 * reference. */
static void stream_whole_case(vf_rng *rng, const vf_format *fmts, uint32_t nfmts, uint32_t isa,
                              int it)
{
    vf_input_element_desc d[RC_MAX_ELEMENTS];
    uint32_t n = 1 + vf_rng_below(rng, 8), span = 0;
    static const char *const names[8] = { "A", "B", "C", "D", "E", "F", "G", "H" };
    if (tile32)
        n = tile32_descs(rng, fmts, nfmts, d, names), span = 32;
    for (uint32_t i = 0; i < n && !tile32; i++) {
        vf_format f;
        do
            f = fmts[vf_rng_below(rng, nfmts)];
        while (f == VF_FORMAT_R11G11B10_FLOAT); /* no template: no generated kernel */
        uint32_t size = vf_format_info(f)->bytes, align = size < 4 ? size : 4;
        span = (span + align - 1) / align * align;
        d[i] = el(names[i], 0, f, 0, span, VF_INPUT_PER_VERTEX_DATA, 0);
        span += size;
    }
    uint32_t stride = (span + 3) / 4 * 4 + 4 * vf_rng_below(rng, 3);
    if (tile32 && vf_rng_below(rng, 4))
        stride = 32;
    uint32_t verts = 1 + vf_rng_below(rng, 600), inst = 1 + vf_rng_below(rng, 2);
    uint32_t nvb = 1 + vf_rng_below(rng, 700);
    vf_guarded vbg, ibg, outg;
    vf_guarded_alloc(&vbg, (size_t)nvb * stride - vf_rng_below(rng, 2) * (stride / 2), 0);
    vf_rng_fill(rng, vbg.data, vbg.size);
    vf_guarded_alloc(&ibg, (size_t)verts * 4, 0);
    uint32_t *ib = (uint32_t *)(void *)ibg.data;
    int kind = (int)vf_rng_below(rng, 3); /* linear, reversed, scattered */
    for (uint32_t v = 0; v < verts; v++)
        ib[v] = kind == 1 ? verts - 1 - v : vf_rng_below(rng, nvb + 8);
    int cut = kind == 2 && vf_rng_below(rng, 4) == 0;
    if (cut)
        ib[vf_rng_below(rng, verts)] = UINT32_MAX;
    vf_vertex_buffer_view vbv = { vbg.data, (uint32_t)vbg.size, stride };
    vf_index_buffer_view ibv = { ib, verts * 4, VF_FORMAT_R32_UINT };
    vf_draw_desc desc =
        kind == 0 ? draw_desc(&vbv, 1, verts, inst, vf_rng_below(rng, 8), 0)
                  : indexed_desc(&vbv, 1, &ibv, cut ? VF_STRIP_CUT_VALUE_0xFFFFFFFF : 0,
                                 cut ? VF_TOPOLOGY_TRIANGLESTRIP : VF_TOPOLOGY_POINTLIST, verts,
                                 inst, 0, (int32_t)vf_rng_below(rng, 4), 0);
    ia_ref r;
    ia_ref_init_descs(&r, d, n, NULL, 0, &desc);
    uint32_t *want = ia_ref_aos(&r);

    setenv("VFETCH_STREAM", "1", 1);
    vf_layout *layout = layout_jit(d, n, NULL, 0, isa, 1);
    unsetenv("VFETCH_STREAM");
    vf_kernel_path_info info;
    ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
    ck_assert_int_eq(info.path, VF_KERNEL_PATH_GENERATED);
    lines_seen += info.line_slots;
    size_t size;
    ck_assert_int_eq(vf_draw_output_size(layout, verts, inst, &size), VF_OK);
    /* Guarded after: the output ends at the guard page. Guarded before:
     * it starts 0 or 16 bytes past the page (32-byte aligned or not). */
    int where = (int)vf_rng_below(rng, 2);
    size_t lead = where == VF_GUARD_BEFORE ? 16 * vf_rng_below(rng, 2) : 0;
    vf_guarded_alloc(&outg, size + lead, where);
    memset(outg.data, 0xCD, size + lead);
    ck_assert_int_eq(vf_draw(layout, &desc, outg.data + lead, size), VF_OK);
    char what[96];
    snprintf(what, sizeof(what), "whole-record stream isa %u case %d (%u regs, kind %d, lead %zu)",
             isa, it, n, kind, (size_t)((uintptr_t)(outg.data + lead) & 31));
    expect_same((const uint32_t *)(const void *)(outg.data + lead), want, size / 4, what);
    for (size_t i = 0; i < lead; i++)
        ck_assert_msg(outg.data[i] == 0xCD, "%s: byte %zu before the output written", what, i);
    vf_layout_destroy(layout);
    free(want);
    vf_guarded_free(&outg);
    vf_guarded_free(&ibg);
    vf_guarded_free(&vbg);
}

/* One random case of a loop test on `isa`. */
typedef void random_case_fn(vf_rng *rng, const vf_format *fmts, uint32_t nfmts, uint32_t isa,
                            int it);

/* `iters` cases from `seed` on `isa`, where the generator runs. */
static void random_cases(random_case_fn *fn, uint32_t isa, uint64_t seed, int iters)
{
    vf_format fmts[64];
    uint32_t nfmts = ia_formats(fmts);
    if (!vf_isa_available(isa) || !jit_expected(isa))
        return;
    vf_rng rng;
    vf_rng_seed(&rng, seed);
    for (int it = 0; it < iters; it++)
        fn(&rng, fmts, nfmts, isa, it);
}

START_TEST(test_stream_whole_records)
{
    random_cases(stream_whole_case, jit_isas[_i], 0x57e4u + (uint64_t)_i, 300);
}
END_TEST

/* One slot whose elements all lie within 64 bytes (the avx512 level's
 * four-vertex loop), random formats, offsets and mappings, a stride that
 * may be shorter than the elements' span (vertices overlap), the buffer
 * ending at a guard page right after the last vertex's last element or
 * starting at one (the loop's masked loads reach past the bytes they
 * take), and a draw linear or gathered, against the reference. */
static void quad_case(vf_rng *rng, const vf_format *fmts, uint32_t nfmts, uint32_t isa, int it)
{
    struct rcase c;
    memset(&c, 0, sizeof(c));
    c.n = 1 + vf_rng_below(rng, 6);
    c.use_maps = vf_rng_below(rng, 3) == 0;
    uint32_t align = 1, hi = 0;
    vf_format tiled[RC_MAX_ELEMENTS];
    uint32_t at[RC_MAX_ELEMENTS];
    /* A third of the cases tile 16 to 64 bytes with no gap, where the loop
     * reads whole 16-byte pieces into split tables; of the others, half
     * spread over up to 64 bytes (split tables, the last one maybe partly
     * read), half over up to 32 (paired tables unless they tile). */
    int tiling = tile32 || vf_rng_below(rng, 3) == 0;
    uint32_t span = vf_rng_below(rng, 2) ? 64 : 32;
    if (tiling)
        c.n = tile(rng, fmts, nfmts, tile32 ? 32 : 16 * (1 + vf_rng_below(rng, 4)), tiled, at);
    for (uint32_t e = 0; e < c.n; e++) {
        vf_format f = fmts[vf_rng_below(rng, nfmts)];
        uint32_t size = vf_format_info(f)->bytes, a = size < 4 ? size : 4;
        uint32_t off = vf_rng_below(rng, (span - size) / a + 1) * a;
        if (tiling) {
            f = tiled[e], off = at[e];
            size = vf_format_info(f)->bytes, a = size < 4 ? size : 4;
        }
        c.descs[e] = el("ATTR", e, f, 0, off, VF_INPUT_PER_VERTEX_DATA, 0);
        c.maps[e] = vf_rng_below(rng, 4) == 0 ? VF_ENCODE_COMPONENT_MAPPING(2, 1, 0, 5)
                                               : VF_DEFAULT_COMPONENT_MAPPING;
        align = a > align ? a : align;
        hi = off + size > hi ? off + size : hi;
    }
    uint32_t stride = (vf_rng_below(rng, 4) == 0 ? vf_rng_below(rng, hi / align + 1)
                                                  : hi / align + vf_rng_below(rng, 8)) * align;
    if (tile32 && vf_rng_below(rng, 4))
        stride = 32;
    uint32_t nv = 1 + vf_rng_below(rng, 300);
    uint32_t size = (nv - 1) * stride + hi;
    vf_guarded_alloc(&c.vbg[0], size, (int)vf_rng_below(rng, 2));
    vf_rng_fill(rng, c.vbg[0].data, size);
    c.vbs[0].data = c.vbg[0].data;
    c.vbs[0].size_in_bytes = size;
    c.vbs[0].stride_in_bytes = stride;
    c.d = draw_desc(c.vbs, 1, nv, 1, 0, 0);
    if (vf_rng_below(rng, 2)) {
        uint32_t count = 1 + vf_rng_below(rng, 400);
        vf_guarded_alloc(&c.ibg, (size_t)count * 4, VF_GUARD_AFTER);
        for (uint32_t i = 0; i < count; i++) {
            uint32_t v = vf_rng_below(rng, 3) == 0 ? i % nv : vf_rng_below(rng, nv);
            memcpy(c.ibg.data + 4 * i, &v, 4);
        }
        c.ib.data = c.ibg.data;
        c.ib.size_in_bytes = count * 4;
        c.ib.format = VF_FORMAT_R32_UINT;
        c.d = indexed_desc(c.vbs, 1, &c.ib, 0, VF_TOPOLOGY_POINTLIST, count, 1, 0, 0, 0);
    }
    both_paths(&c, isa, it);
    rcase_free(&c);
}

START_TEST(test_quad_windows)
{
    setenv("VFETCH_JIT_QUAD", "1", 1); /* whatever this core measures */
    random_cases(quad_case, jit_isas[_i], 0x4a11u + (uint64_t)_i, 400);
    unsetenv("VFETCH_JIT_QUAD");
}
END_TEST

/* The four-vertex cases, and the streamed whole-record ones (outputs 16
 * bytes past a line or on one, so the kernel first writes up to three
 * records alone), with the loop that stores whole lines wherever the
 * layout allows it (one slot filling an odd number of registers): then
 * line_slots says so, and every word is the reference's. */
START_TEST(test_quad_lines)
{
    if (!quad_available())
        return;
    setenv("VFETCH_JIT_QUAD", "2", 1);
    /* The path query on the layouts the loop takes and does not. */
    vf_input_element_desc d[3];
    static_mesh(d);
    for (uint32_t n = 2; n <= 3; n++) {
        vf_kernel_path_info info;
        vf_layout *layout = layout_jit(d, n, NULL, 0, VF_ISA_AVX512, 1);
        ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
        ck_assert_uint_eq(info.quad_slots, 1);
        ck_assert_uint_eq(info.line_slots, n & 1); /* two registers: not */
        vf_layout_destroy(layout);
        /* a system value takes a register: not a whole-record slot */
        layout = layout_jit(d, n, NULL, VF_SV_VERTEX_ID, VF_ISA_AVX512, 1);
        ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
        ck_assert_uint_eq(info.line_slots, 0);
        vf_layout_destroy(layout);
    }
    lines_seen = 0;
    random_cases(quad_case, VF_ISA_AVX512, 0x11e5u, 400);
    ck_assert_uint_gt(lines_seen, 50);
    lines_seen = 0;
    random_cases(stream_whole_case, VF_ISA_AVX512, 0x57e5u, 300);
    ck_assert_uint_gt(lines_seen, 30);
    unsetenv("VFETCH_JIT_QUAD");
}
END_TEST

/* Elements tiling 32 bytes at a stride of 32 (and some longer), linear
 * and gathered, through the four-vertex loop and the one storing lines,
 * and streamed straight from registers; a dense 32-byte window in split
 * tables and loaded whole (VFETCH_JIT_DENSE), whatever this core takes. */
START_TEST(test_quad_contiguous)
{
    if (!quad_available())
        return;
    tile32 = 1;
    for (int q = 1; q <= 4; q++) { /* loops 1, 2; split tables, then whole loads */
        setenv("VFETCH_JIT_QUAD", q & 1 ? "1" : "2", 1);
        setenv("VFETCH_JIT_DENSE", q <= 2 ? "0" : "1", 1);
        random_cases(quad_case, VF_ISA_AVX512, 0x3232u + (uint64_t)q, 150);
        random_cases(stream_whole_case, VF_ISA_AVX512, 0x3233u + (uint64_t)q, 150);
    }
    unsetenv("VFETCH_JIT_QUAD");
    unsetenv("VFETCH_JIT_DENSE");
    tile32 = 0;
}
END_TEST

/* The four-vertex cases in SoA batches of 4, 8 and 16 lanes, which a
 * layout of one slot filling its records writes straight from the loop's
 * registers, a batch an iteration (partial batches and vertices outside
 * the view staged), and streamed (VFETCH_STREAM=1, test builds) with
 * non-temporal stores where the output starts on a line: every word the
 * reference's, with the generator on and off, gathered and strided, the
 * window in halves and loaded whole, at guard pages. */
START_TEST(test_quad_soa)
{
    static const uint32_t shapes[3] = { VF_OUTPUT_SOA4, VF_OUTPUT_SOA8, VF_OUTPUT_SOA16 };
    if (!quad_available())
        return;
    setenv("VFETCH_JIT_QUAD", "1", 1);
    /* The path query: the static mesh's one slot writes SoA batches, not
     * with a system value taking a register, nor in AoS records. */
    vf_input_element_desc d[3];
    static_mesh(d);
    for (uint32_t shape = 0; shape <= 16; shape += shape ? shape : 4) {
        for (uint32_t sv = 0; sv < 2; sv++) {
            vf_kernel_path_info info;
            soa_shape = shape;
            vf_layout *layout = layout_jit(d, 3, NULL, sv ? VF_SV_VERTEX_ID : 0, VF_ISA_AVX512, 1);
            ck_assert_int_eq(vf_layout_kernel_path(layout, &info), VF_OK);
            ck_assert_uint_eq(info.quad_slots, 1);
            ck_assert_uint_eq(info.soa_slots, shape && !sv);
            vf_layout_destroy(layout);
        }
    }
    soa_seen = 0;
    for (int q = 0; q < 12; q++) {
        soa_shape = shapes[q % 3];
        tile32 = q % 6 >= 3;
        setenv("VFETCH_JIT_DENSE", q & 1 ? "1" : "0", 1);
        setenv("VFETCH_STREAM", q >= 6 ? "1" : "0", 1);
        random_cases(quad_case, VF_ISA_AVX512, 0x50a0u + (uint64_t)q, 100);
    }
    ck_assert_uint_gt(soa_seen, 800); /* of 2400 layouts, half with the generator */
    soa_shape = VF_OUTPUT_AOS;
    tile32 = 0;
    unsetenv("VFETCH_JIT_QUAD");
    unsetenv("VFETCH_JIT_DENSE");
    unsetenv("VFETCH_STREAM");
}
END_TEST

static Suite *jit_suite(void)
{
    Suite *s = suite_create("jit");
    TCase *tc = tcase_create("paths");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_path_query);
    tcase_add_loop_test(tc, test_random_both_paths, 0, 2);
    tcase_add_loop_test(tc, test_exhaustive_codes, 0, 2);
    tcase_add_loop_test(tc, test_stream_edges, 0, 2);
    tcase_add_loop_test(tc, test_stream_whole_records, 0, 2);
    tcase_add_loop_test(tc, test_quad_windows, 0, 2);
    tcase_add_test(tc, test_quad_lines);
    tcase_add_test(tc, test_exhaustive_halves_quad);
    tcase_add_test(tc, test_quad_contiguous);
    tcase_add_test(tc, test_quad_soa);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    /* Generated code wherever it can be made, as `make check` sets it:
     * the tests that compare the paths need both on every core. */
    setenv("VFETCH_JIT", "1", 0);
    return vf_test_run(jit_suite());
}
