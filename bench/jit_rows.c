/*
 * jit_rows.c - the generated path beside the per-element one: each ISA's
 * layout twin compiled with options.generator = VF_GENERATOR_OFF, and the
 * lines that say which path each layout runs and what generating it cost.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "progress.h"

void jit_options_apply(int jit)
{
    if (jit & 1)
        unsetenv("VFETCH_JIT");
    else
        setenv("VFETCH_JIT", "0", 1);
}

vf_layout *case_layout_elem(const struct bench *b, struct bench_case *c, uint32_t isa,
                            vf_result *res_ret)
{
    vf_kernel_path_info info;
    vf_layout *own = case_layout(b, c, isa, res_ret);
    if (own == NULL)
        return NULL;
    vf_layout_kernel_path(own, &info);
    if (info.path == VF_KERNEL_PATH_PER_ELEMENT)
        return NULL;
    if (c->layouts_elem[isa] == NULL) {
        vf_layout_options lo;
        vf_layout_options_init(&lo);
        lo.isa = isa;
        lo.output_shape = b->opt.output_shape;
        lo.generator = VF_GENERATOR_OFF;
        *res_ret = vf_layout_create(c->elems, c->num_elems, &lo, &c->layouts_elem[isa], NULL);
        if (*res_ret != VF_OK)
            return NULL;
    }
    *res_ret = VF_OK;
    return c->layouts_elem[isa];
}

void jit_report_paths(const struct bench *b, struct bench_case *c)
{
    if (b->opt.format != REPORT_TABLE)
        return;
    progress_clear();
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        vf_result res;
        vf_kernel_path_info info;
        if (!(b->opt.isa_mask & (1u << isa)))
            continue;
        const vf_layout *layout = case_layout(b, c, isa, &res);
        if (layout == NULL || vf_layout_kernel_path(layout, &info) != VF_OK)
            continue;
        if (info.path == VF_KERNEL_PATH_PER_ELEMENT)
            printf("  %-8s kernels: per-element (%s)\n", vf_isa_name(isa), info.reason);
        else
            printf("  %-8s kernels: %s, %u of %u slots (%u four-vertex, %u in lines, %u SoA), %u "
                   "bytes generated in %.1f us%s%s\n",
                   vf_isa_name(isa), vf_kernel_path_name(info.path), info.generated_slots,
                   info.slots, info.quad_slots, info.line_slots, info.soa_slots, info.code_bytes,
                   (double)info.generation_ns / 1e3, info.reason[0] ? "; " : "", info.reason);
    }
}
