/*
 * output_vulkan.c - the parts of the JSON output that only a Vulkan case
 * has: its draw call with Vulkan's parameter names, and its attributes in
 * place of D3D's elements.
 */
#include <stdio.h>

#include "case_vulkan.h"
#include "json_write.h"
#include "output_vulkan.h"

/* "draw" of a Vulkan case: the call with Vulkan's parameter names. */
void vf_output_json_draw_vulkan(FILE *f, const struct vf_case *c)
{
    const vf_draw_desc *d = &c->draw;

    fprintf(f, "{\n\"draw\": {\"Type\": \"%s\", \"%s\": %u, \"instanceCount\": %u, "
               "\"%s\": %u, ",
            d->indexed ? "vkCmdDrawIndexed" : "vkCmdDraw",
            d->indexed ? "indexCount" : "vertexCount", d->vertex_count_per_instance,
            d->instance_count, d->indexed ? "firstIndex" : "firstVertex", d->start_location);
    if (d->indexed)
        fprintf(f, "\"vertexOffset\": %d, ", (int)d->base_vertex_location);
    fprintf(f, "\"firstInstance\": %u, \"topology\": ", d->start_instance_location);
    vf_output_json_string(f, vf_names_name(&vf_vk_topology_names, c->vulkan->topology));
    fprintf(f, ", \"primitiveRestartEnable\": %s},\n",
            c->vulkan->primitive_restart ? "true" : "false");
}

/* "layout" of a Vulkan case: its attributes, each with its binding's
 * rate and divisor and the record register of its (first) location. */
void vf_output_json_layout_vulkan(FILE *f, const struct vf_case *c, const vf_layout *layout)
{
    const struct vf_case_vulkan *v = c->vulkan;

    for (uint32_t i = 0; i < v->num_attributes; i++) {
        const vf_vk_vertex_input_attribute_description *a = &v->attributes[i];
        const vf_vk_format_desc *d = vf_vk_format_info(a->format);
        uint32_t rate, divisor, n = vf_layout_element_count(layout);
        int reg = -1;
        vf_case_vulkan_binding_rate(c, a->binding, &rate, &divisor);
        for (uint32_t k = 0; k < n && reg < 0; k++) {
            vf_layout_element_info e;
            if (vf_layout_element(layout, k, &e) == VF_OK && e.semantic_index == a->location)
                reg = e.record_register;
        }
        fprintf(f, "%s{\"location\": %u, \"binding\": %u, \"format\": ", i ? ",\n  " : "\n  ",
                a->location, a->binding);
        vf_output_json_string(f, d ? d->name : NULL);
        fprintf(f, ", \"formatValue\": %u, \"offset\": %u, \"inputRate\": \"%s\", "
                   "\"divisor\": %u, \"locations\": %u, \"Register\": %d}",
                a->format, a->offset, rate ? "INSTANCE" : "VERTEX", divisor,
                d ? d->locations : 1, reg);
    }
}

void vf_output_json_statistics_vulkan(FILE *f, const vf_vk_pipeline_statistics *st)
{
    fprintf(f, "\"statistics\": {\"IAVertices\": %llu, \"IAPrimitives\": %llu, "
               "\"VSInvocations\": [%llu, %llu], \"IAVerticesRange\": [%llu, %llu], "
               "\"IAPrimitivesRange\": [%llu, %llu]},\n",
            (unsigned long long)st->ia_vertices_max, (unsigned long long)st->ia_primitives_min,
            (unsigned long long)st->vs_invocations_min,
            (unsigned long long)st->vs_invocations_max,
            (unsigned long long)st->ia_vertices_min, (unsigned long long)st->ia_vertices_max,
            (unsigned long long)st->ia_primitives_min,
            (unsigned long long)st->ia_primitives_max);
}
