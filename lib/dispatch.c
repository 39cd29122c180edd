/*
 * dispatch.c - per-ISA kernel tables and the fallback walk.
 *
 * Each ISA file exports one table indexed by format value (xxHash's
 * kDispatch shape) with a kernel for every one of the 47 IA vertex formats.
 * vf_select_kernel runs once per element when a layout is compiled and
 * walks from the requested level down (pixman's fallback): a level yields a
 * format to the level below where the level below is measured as fast or
 * faster, and a NULL entry (an ISA not built) falls through too. The draw
 * path never looks at CPU features.
 *
 * Every level builds all 47 formats from one template (lib/fetch_template.h)
 * in two shapes: per vertex (a vertex's four components fill four lanes; 3-4
 * component formats) and across vertices (one lane per vertex; 1-2 component
 * 8/16-bit formats and the packed 32-bit ones).
 *
 *   level   vertices per vector           differs from the level below by
 *   ------  ----------------------------  ------------------------------------------
 *   avx512  4 per vertex, 16 across       masked byte loads and lane-masked stores
 *                                         (no narrower tail path, no over-read),
 *                                         packed runs loaded whole and spread with
 *                                         vpermd/vpermq/vpermw or vpmovzx, compares
 *                                         in mask registers
 *   avx2    2 per vertex, 8 across        vpshufb/vpsrlvd on two vertices at once,
 *                                         FMA-corrected reciprocal for UNORM/SNORM,
 *                                         F16C halves (signalling NaNs fixed up),
 *                                         vpmaxsd SNORM clamp; R10G10B10A2 per vertex
 *   sse41   1 per vertex, 4 across        pmovzx/pmovsx widening, pblendvb
 *   ssse3   1, 4                          pshufb widening
 *   sse2    1, 4                          unpack widening, IEEE divps; R10G10B10A2
 *                                         across vertices (no per-word shifts)
 *   neon    1, 4                          ushl per-word shifts, IEEE fdiv
 *   scalar  -                             the reference (decode.c)
 *
 * Where a level yields (Zen 3, in-cache strided runs of 1024 vertices,
 * Mvertices/s, level / level below, best of two runs of the kernels of
 * this tree):
 *
 *   avx2 -> sse41  R8_UNORM (3370 / 3720), R16_UNORM (3440 / 3730),
 *                  R8_SINT (3720 / 3990): one component per lane, where
 *                  the 8-lane store half (vextracti128 to memory, two uops
 *                  per record) costs more than the 4-lane loop saves
 *
 * For comparison, formats that stay: R32G32B32A32_FLOAT 6190 / 5070 (two
 * vertices per 256-bit copy), R16_FLOAT 3330 / 1880 (F16C), R16_SINT
 * 3700 / 3210, R8G8_UNORM 3140 / 2330.
 *
 *   avx512 -> avx2  nothing. Zen 5, kernels alone, 1024 vertices in
 *                  cache, Mvertices/s avx512 / avx2: packed strided runs
 *                  1.4x-2.5x faster for every format (R32G32B32A32_FLOAT
 *                  30500 / 12700, R8_UNORM 15000 / 7050, R16G16_FLOAT
 *                  10300 / 4700, R32G32_FLOAT 14600 / 10200); gathers and
 *                  strides with gaps 1.1x-2.1x, except the 1- and 2-byte
 *                  across-vertex formats (R8*, R16*, R8G8*: sixteen scalar
 *                  loads a vector), which run at 0.90x-0.99x there. As
 *                  a format yields for all its draws, those stay too.
 *
 * Every other format runs its own level's kernel; ssse3 and sse2 yield
 * nothing (their kernels are the fastest they can run).
 */
#include "config.h"

#include "cpu.h"
#include "vf_internal.h"

/* The level each level falls back to. */
static uint32_t vf_isa_below(uint32_t isa)
{
    switch (isa) {
    case VF_ISA_AVX512: return VF_ISA_AVX2;
    case VF_ISA_AVX2: return VF_ISA_SSE41;
    case VF_ISA_SSE41: return VF_ISA_SSSE3;
    case VF_ISA_SSSE3: return VF_ISA_SSE2;
    default: return VF_ISA_SCALAR;
    }
}

/* Whether `isa` yields `format` to the level below (see the table above;
 * avx512 yields nothing). */
static int vf_isa_yields(uint32_t isa, vf_format format)
{
    return isa == VF_ISA_AVX2 && (format == VF_FORMAT_R8_UNORM || format == VF_FORMAT_R16_UNORM ||
                                  format == VF_FORMAT_R8_SINT);
}

const struct vf_kernel_entry *vf_kernel_table(uint32_t isa)
{
    switch (isa) {
#ifdef HAVE_SSE2_INTRIN
    case VF_ISA_SSE2: return vf_fetch_table_sse2;
#endif
#ifdef HAVE_SSSE3_INTRIN
    case VF_ISA_SSSE3: return vf_fetch_table_ssse3;
#endif
#ifdef HAVE_SSE41_INTRIN
    case VF_ISA_SSE41: return vf_fetch_table_sse41;
#endif
#ifdef HAVE_AVX2_INTRIN
    case VF_ISA_AVX2: return vf_fetch_table_avx2;
#endif
#ifdef HAVE_AVX512_INTRIN
    case VF_ISA_AVX512: return vf_fetch_table_avx512;
#endif
#ifdef HAVE_NEON_INTRIN
    case VF_ISA_NEON: return vf_fetch_table_neon;
#endif
    default: return NULL;
    }
}

void vf_select_output_helpers(uint32_t isa, struct vf_layout *layout)
{
    layout->stream_copy = NULL;
    layout->soa_transpose = NULL;
#ifdef HAVE_AVX2_INTRIN
    if (isa == VF_ISA_AVX2) {
        layout->stream_copy = vf_stream_copy_avx2;
        layout->soa_transpose = vf_soa_transpose_avx2;
    }
#endif
    (void)isa;
}

void vf_select_kernel(vf_format format, uint32_t isa, struct vf_fetch_kernel *out)
{
    for (; isa != VF_ISA_SCALAR && isa < VF_ISA_COUNT; isa = vf_isa_below(isa)) {
        const struct vf_kernel_entry *t = vf_kernel_table(isa);
        if (t && format < VF_KERNEL_TABLE_SIZE && t[format].strided &&
            !vf_isa_yields(isa, format)) {
            out->strided = t[format].strided;
            out->gather = t[format].gather;
            out->isa = isa;
            return;
        }
    }
    *out = *vf_scalar_kernel(format);
}
