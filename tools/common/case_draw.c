/*
 * case_draw.c - a loaded case of either form to the library: its layout
 * options, its draw, and the binding, drawing and primitive walk that a
 * D3D11 case does through its own IA state (see case.h).
 */
#include "case.h"
#include "case_d3d11.h"
#include "case_d3d12.h"
#include "case_vulkan.h"

void vf_case_layout_options(const struct vf_case *c, vf_layout_options *options)
{
    vf_layout_options_init(options);
    options->component_mappings = c->num_elements ? c->component_mappings : NULL;
    if (c->max_input_slots != 0)
        options->max_input_slots = c->max_input_slots;
    options->signature = c->signature;
    options->signature_count = c->signature_count;
}

void vf_case_draw_desc(const struct vf_case *c, vf_draw_desc *desc)
{
    if (c->d3d11 != NULL && vf_case_d3d11_draw_desc(c, desc))
        return;
    vf_case_d3d12_draw_desc(c, desc);
}

vf_result vf_case_bind(const struct vf_case *c, const vf_layout *layout, vf_diagnostics *diag)
{
    if (c->d3d11 == NULL)
        return VF_OK; /* a D3D12 case draws its own views */
    return vf_case_d3d11_bind(c, layout, diag);
}

vf_result vf_case_draw(const struct vf_case *c, const vf_layout *layout, const vf_draw_desc *desc,
                       void *out, size_t out_size)
{
    if (c->d3d11 == NULL)
        return vf_draw(layout, desc, out, out_size);
    return vf_case_d3d11_draw(c, desc, out, out_size);
}

vf_result vf_case_primitive_count(const struct vf_case *c, const vf_draw_desc *desc,
                                  uint32_t *count_ret, uint32_t *vertices_per_primitive_ret)
{
    if (c->vulkan != NULL)
        return vf_case_vulkan_primitive_count(c, count_ret, vertices_per_primitive_ret);
    if (c->d3d11 == NULL)
        return vf_primitive_count(desc, count_ret, vertices_per_primitive_ret, NULL);
    return vf_case_d3d11_primitive_count(c, count_ret, vertices_per_primitive_ret);
}

vf_result vf_case_draw_primitives(const struct vf_case *c, const vf_draw_desc *desc,
                                  uint32_t first_primitive, uint32_t *out, size_t out_count,
                                  uint32_t *provoking_out, uint32_t *written_ret)
{
    if (c->vulkan != NULL)
        return vf_case_vulkan_draw_primitives(c, first_primitive, out, out_count, provoking_out,
                                              written_ret);
    if (c->d3d11 == NULL)
        return vf_draw_primitives(desc, first_primitive, out, out_count, written_ret);
    return vf_case_d3d11_draw_primitives(c, first_primitive, out, out_count, written_ret);
}

vf_result vf_case_statistics(const struct vf_case *c, const vf_draw_desc *desc,
                             vf_pipeline_statistics *stats_ret)
{
    size_t bytes = 0;
    vf_result r = c->d3d11 == NULL ? vf_draw_statistics_scratch_size(desc, &bytes)
                                   : vf_case_d3d11_statistics_scratch_size(c, &bytes);
    if (r != VF_OK)
        return r;
    void *scratch = NULL;
    if (bytes != 0 && (scratch = malloc(bytes)) == NULL)
        return VF_ERROR_OUT_OF_MEMORY;
    r = c->d3d11 == NULL ? vf_draw_statistics(desc, scratch, bytes, stats_ret)
                         : vf_case_d3d11_statistics(c, scratch, bytes, stats_ret);
    free(scratch);
    return r;
}
