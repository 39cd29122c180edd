/*
 * dispatch.c - per-ISA kernel tables and the fallback walk.
 *
 * Each ISA file exports one table indexed by format value (xxHash's
 * kDispatch shape); vf_select_kernel runs once per element when a layout is
 * compiled and walks from the requested level down (pixman's fallback), so
 * a NULL entry means "the level below is as fast". The draw path never
 * looks at CPU features.
 *
 * Which kernels each level has (all 47 IA vertex formats on every level
 * unless noted):
 *
 *   level   vertices/vector  differs from the level below by      falls back
 *   ------  ---------------  ----------------------------------  ------------------------------
 *   avx2    2 (256-bit)      vpshufb/vpsrlvd on two vertices,    32-bit copy formats (R32*,
 *                            FMA-corrected reciprocal for         R32G32*, R32G32B32*,
 *                            UNORM/SNORM, F16C halves             R32G32B32A32*: 12 formats)
 *                                                                 -> sse41: one 16-byte load and
 *                                                                 store per vertex either way
 *   sse41   1 (128-bit)      pmovzx/pmovsx widening, pblendvb     none
 *   ssse3   1                pshufb widening                      none
 *   sse2    1                unpack widening, IEEE divps          none
 *   neon    1                ushl per-lane shifts, IEEE fdiv      none
 *   scalar  -                the reference (decode.c)             -
 */
#include "config.h"

#include "cpu.h"
#include "vf_internal.h"

/* The level each level falls back to. */
static uint32_t vf_isa_below(uint32_t isa)
{
    switch (isa) {
    case VF_ISA_AVX2: return VF_ISA_SSE41;
    case VF_ISA_SSE41: return VF_ISA_SSSE3;
    case VF_ISA_SSSE3: return VF_ISA_SSE2;
    default: return VF_ISA_SCALAR;
    }
}

static const struct vf_kernel_entry *vf_isa_table(uint32_t isa)
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
#ifdef HAVE_NEON_INTRIN
    case VF_ISA_NEON: return vf_fetch_table_neon;
#endif
    default: return NULL;
    }
}

void vf_select_kernel(vf_format format, uint32_t isa, struct vf_fetch_kernel *out)
{
    for (; isa != VF_ISA_SCALAR && isa < VF_ISA_COUNT; isa = vf_isa_below(isa)) {
        const struct vf_kernel_entry *t = vf_isa_table(isa);
        if (t && format < VF_KERNEL_TABLE_SIZE && t[format].strided) {
            out->strided = t[format].strided;
            out->gather = t[format].gather;
            out->isa = isa;
            return;
        }
    }
    *out = *vf_scalar_kernel(format);
}
