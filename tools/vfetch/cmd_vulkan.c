/*
 * cmd_vulkan.c - what `vfetch run` and `vfetch validate` do differently
 * for a Vulkan case ("Api": "Vulkan"): its pipeline statistics, its draw
 * checked by vf_vk_draw, and its vertex input state printed with Vulkan's
 * names.
 */
#include <stdlib.h>
#include <string.h>

#include "case_vulkan.h"
#include "cli.h"

/* vf_vk_pipeline_statistics_get of the whole draw, all instances. */
int run_vulkan_statistics(struct run *r)
{
    vf_result res = vf_case_vulkan_statistics(r->c, &r->vk_stats);
    if (res != VF_OK) {
        cli_error("%s: statistics: %s", r->name, vf_result_string(res));
        return EXIT_INVALID;
    }
    return 0;
}

int remap_provoking(struct run *r)
{
    uint32_t *pv = r->plist.provoking != NULL
                       ? r->prims + (size_t)r->plist.count * r->plist.vertices : NULL;
    uint32_t n = r->c->draw.vertex_count_per_instance;

    for (uint32_t i = 0; pv != NULL && i < r->plist.count; i++) {
        if (pv[i] == UINT32_MAX) /* a patch: none */
            continue;
        if (pv[i] >= n || r->rr.map[pv[i]] == VF_REUSE_CUT)
            return -1;
        pv[i] = r->rr.map[pv[i]];
    }
    return 0;
}

void write_statistics(FILE *f, const struct run *r)
{
    const vf_vk_pipeline_statistics *v = &r->vk_stats;

    if (r->c->vulkan == NULL) {
        fprintf(f, "\nstatistics: IAVertices %llu, IAPrimitives %llu, VSInvocations %llu..%llu\n",
                (unsigned long long)r->stats.ia_vertices,
                (unsigned long long)r->stats.ia_primitives,
                (unsigned long long)r->stats.vs_invocations_min,
                (unsigned long long)r->stats.vs_invocations_max);
        return;
    }
    /* Each a [min, max] a conforming driver's counter lies in. */
    fprintf(f, "\nstatistics: INPUT_ASSEMBLY_VERTICES %llu..%llu, INPUT_ASSEMBLY_PRIMITIVES "
               "%llu..%llu, VERTEX_SHADER_INVOCATIONS %llu..%llu\n",
            (unsigned long long)v->ia_vertices_min, (unsigned long long)v->ia_vertices_max,
            (unsigned long long)v->ia_primitives_min, (unsigned long long)v->ia_primitives_max,
            (unsigned long long)v->vs_invocations_min, (unsigned long long)v->vs_invocations_max);
}

/* vf_vk_draw into a buffer of the draw's size: its errors on standard
 * output, its warnings on standard error and counted. */
int validate_vulkan_draw(const char *name, const struct vf_case *c, const vf_layout *layout,
                         uint32_t *warnings)
{
    vf_diagnostics *diag = calloc(1, sizeof(*diag));
    size_t size = 0;
    void *out = NULL;
    vf_result res;
    int rc = 0;

    res = vf_draw_output_size(layout, c->draw.vertex_count_per_instance, c->draw.instance_count,
                              &size);
    if (diag == NULL || res != VF_OK || size > ((size_t)1 << 30) ||
        (out = aligned_alloc(16, size ? (size + 15) & ~(size_t)15 : 16)) == NULL) {
        cli_error("%s: Draw: the draw's %u x %u records are more than this tool allocates",
                  name, c->draw.vertex_count_per_instance, c->draw.instance_count);
        free(diag);
        return EXIT_USAGE;
    }
    res = vf_case_vulkan_draw(c, NULL, out, size, diag);
    if (res != VF_OK) {
        printf("%s: error: invalid draw: %s [code %d]\n", name, vf_result_string(res), (int)res);
        print_draw_diagnostics(stdout, name, diag, 1);
        rc = EXIT_INVALID;
    }
    print_draw_diagnostics(stderr, name, diag, 0);
    *warnings += diag->num_warnings;
    free(out);
    free(diag);
    return rc;
}

/* The record register of `location` in the layout, or -1. */
static int location_register(const vf_layout *layout, uint32_t location)
{
    uint32_t n = vf_layout_element_count(layout);
    for (uint32_t i = 0; i < n; i++) {
        vf_layout_element_info e;
        if (vf_layout_element(layout, i, &e) == VF_OK && e.semantic_index == location)
            return e.record_register;
    }
    return -1;
}

/* The attributes as the state holds them, in location order, one line each. */
int print_vulkan_state(const char *name, const struct vf_case *c, const vf_layout *layout)
{
    const struct vf_case_vulkan *v = c->vulkan;
    uint32_t regs = vf_layout_register_count(layout);

    printf("%s: valid vertex input state: %u attribute%s, %u register%s per record "
           "(the last: gl_VertexIndex, gl_InstanceIndex, flags), %zu bytes\n",
           name, v->num_attributes, v->num_attributes == 1 ? "" : "s", regs,
           regs == 1 ? "" : "s", vf_layout_record_size(layout));
    printf("%-8s  %7s  %6s  %-26s  %-8s  %7s  %s\n", "location", "binding", "offset", "format",
           "rate", "divisor", "register");
    for (uint32_t loc = 0; loc < VF_VK_MAX_ATTRIBUTES; loc++) {
        for (uint32_t i = 0; i < v->num_attributes; i++) {
            const vf_vk_vertex_input_attribute_description *a = &v->attributes[i];
            const vf_vk_format_desc *d = vf_vk_format_info(a->format);
            uint32_t rate, divisor;
            if (a->location != loc)
                continue;
            vf_case_vulkan_binding_rate(c, a->binding, &rate, &divisor);
            printf("%-8u  %7u  %6u  %-26s  %-8s  %7u  %d", loc, a->binding, a->offset,
                   d ? d->name : "?", rate ? "INSTANCE" : "VERTEX", divisor,
                   location_register(layout, loc));
            if (d && d->locations == 2)
                printf(", %d", location_register(layout, loc + 1));
            putchar('\n');
        }
    }
    return ferror(stdout) ? EXIT_USAGE : 0;
}
