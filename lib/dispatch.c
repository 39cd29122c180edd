/*
 * dispatch.c - the levels' exports, and the fallback walk.
 *
 * Each level's file exports one struct vf_isa_impl (dispatch.h): a table
 * indexed by format value (xxHash's kDispatch shape) with kernels for every
 * one of the 47 IA vertex formats, the formats it yields to the level below,
 * and its output helpers. Every level builds all 47 formats from one
 * template (lib/fetch_template.h); the file of each level says how its
 * kernels differ from the level below and why it yields what it yields.
 *
 * vf_select_kernel runs once per element when a layout is compiled and
 * walks from the requested level down (pixman's fallback): a level yields a
 * format to the level below where the level below is measured as fast or
 * faster, and a level not built falls through too. A level may also yield
 * only a format's spaced runs (interleaved vertices, stride > element
 * size), which draw_slot.c tells apart by the view's stride, and its
 * gathers, which load each vertex on its own as well; packed runs stay.
 * The draw path never looks at CPU features.
 */
#include "config.h"

#include "dispatch.h"
#include "vf_internal.h"

/* Scalar: decode.c's kernels, the portable transpose, no streaming. */
const struct vf_isa_impl vf_isa_scalar = {
    .soa_transpose = vf_soa_transpose_scalar,
    .transpose_lanes = 1,
};

struct isa_entry {
    const struct vf_isa_impl *impl; /* NULL when not built */
    uint32_t below;
};

/* A level not built is named in a constant expression that folds to NULL,
 * so its missing export is never referenced. */
static const struct isa_entry isa_entries[VF_ISA_COUNT] = {
#define VF_ISA(id, name, below, guard, arch, edx, ecx, ebx, xcr0) \
    [VF_ISA_##id] = { VF_BUILT(guard) ? &vf_isa_##name : NULL, VF_ISA_##below },
#include "isa.def"
#undef VF_ISA
};

const struct vf_isa_impl *vf_isa_get(uint32_t isa)
{
    return isa < VF_ISA_COUNT ? isa_entries[isa].impl : NULL;
}

uint32_t vf_isa_below(uint32_t isa)
{
    return isa < VF_ISA_COUNT && isa != VF_ISA_AUTO ? isa_entries[isa].below : VF_ISA_SCALAR;
}

const struct vf_kernel_entry *vf_kernel_table(uint32_t isa)
{
    const struct vf_isa_impl *impl = vf_isa_get(isa);
    return impl ? impl->table : NULL;
}

/* Whether `format` is in a level's list of n formats. */
static int vf_listed(const vf_format *list, uint32_t n, vf_format format)
{
    for (uint32_t i = 0; i < n; i++)
        if (list[i] == format)
            return 1;
    return 0;
}

/* Whether a level hands the spaced runs of `format` to the level below,
 * in a layout of `registers` registers a record. */
static int vf_yields_spaced(const struct vf_isa_impl *impl, vf_format format, uint32_t registers)
{
    return vf_listed(impl->yields_spaced, impl->num_yields_spaced, format) ||
           (registers > 1 &&
            vf_listed(impl->yields_spaced_wide, impl->num_yields_spaced_wide, format));
}

/* The first level from `isa` down that has its own kernels for `format`:
 * it neither yields the format nor, when `spaced`, its spaced runs in a
 * record of `registers`. VF_ISA_SCALAR when none. */
static uint32_t vf_kernel_level(vf_format format, uint32_t isa, int spaced, uint32_t registers)
{
    for (; isa != VF_ISA_SCALAR && isa < VF_ISA_COUNT; isa = vf_isa_below(isa)) {
        const struct vf_isa_impl *impl = vf_isa_get(isa);
        if (impl && impl->table && format < VF_KERNEL_TABLE_SIZE &&
            impl->table[format].strided &&
            !vf_listed(impl->yields, impl->num_yields, format) &&
            !(spaced && vf_yields_spaced(impl, format, registers)))
            return isa;
    }
    return VF_ISA_SCALAR;
}

void vf_select_kernel(vf_format format, uint32_t isa, uint32_t registers,
                      struct vf_fetch_kernel *out)
{
    uint32_t own = vf_kernel_level(format, isa, 0, registers);
    uint32_t spaced = vf_kernel_level(format, own, 1, registers);
    *out = *vf_scalar_kernel(format);
    if (own != VF_ISA_SCALAR) {
        out->strided = vf_isa_get(own)->table[format].strided;
        out->gather = vf_isa_get(own)->table[format].gather;
        out->isa = own;
    }
    /* A gather loads each vertex's element on its own, as a spaced run
     * does, and follows the same choice. */
    if (spaced != own) {
        out->strided_spaced = vf_isa_get(spaced)->table[format].strided;
        out->gather = vf_isa_get(spaced)->table[format].gather;
    } else {
        out->strided_spaced = out->strided;
    }
}
