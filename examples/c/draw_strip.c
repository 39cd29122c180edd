/*
 * draw_strip.c - a vfetch program from start to end: an input layout, a
 * vertex and an index buffer, an indexed triangle strip with a cut, drawn
 * and printed (every record, then the primitives D3D assembles).
 *
 * Build against an installed vfetch:
 *     cc draw_strip.c $(pkg-config --cflags --libs vfetch) -o draw_strip
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfetch.h>

/* Slot 0: POSITION float2 then COLOR rgba8, 12 bytes a vertex. */
static const vf_input_element_desc elements[] = {
    { "POSITION", 0, VF_FORMAT_R32G32_FLOAT, 0, VF_APPEND_ALIGNED_ELEMENT,
      VF_INPUT_PER_VERTEX_DATA, 0 },
    { "COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, VF_APPEND_ALIGNED_ELEMENT,
      VF_INPUT_PER_VERTEX_DATA, 0 },
};

struct vertex {
    float x, y;
    uint8_t rgba[4];
};

static const struct vertex vertices[5] = {
    { 0, 0, { 255, 0, 0, 255 } }, { 1, 0, { 0, 255, 0, 255 } }, { 0, 1, { 0, 0, 255, 255 } },
    { 1, 1, { 255, 255, 255, 255 } }, { 2, 1, { 0, 0, 0, 255 } },
};

/* A strip of two triangles, a cut (0xFFFF), then one more triangle. */
static const uint16_t indices[8] = { 0, 1, 2, 3, 0xFFFF, 1, 4, 3 };

static float as_float(uint32_t w)
{
    float f;
    memcpy(&f, &w, sizeof(f));
    return f;
}

/* Each record: POSITION, COLOR, then { SV_VertexID, SV_InstanceID, flags }. */
static void print_records(const uint32_t *rec, uint32_t count, uint32_t registers)
{
    for (uint32_t i = 0; i < count; i++, rec += 4 * registers) {
        const uint32_t *sys = rec + 4 * (registers - 1);
        if (sys[2] & VF_FLAG_STRIP_CUT) {
            printf("position %u: strip cut\n", i);
            continue;
        }
        printf("position %u: SV_VertexID %u  POSITION (%g, %g, %g, %g)  COLOR (%g, %g, %g, %g)\n",
               i, sys[0], as_float(rec[0]), as_float(rec[1]), as_float(rec[2]),
               as_float(rec[3]), as_float(rec[4]), as_float(rec[5]), as_float(rec[6]),
               as_float(rec[7]));
    }
}

static int print_primitives(const vf_draw_desc *desc)
{
    uint32_t count, per, written, list[3 * 8];

    if (vf_primitive_count(desc, &count, &per, NULL) != VF_OK ||
        vf_draw_primitives(desc, 0, list, sizeof(list) / sizeof(list[0]), &written) != VF_OK)
        return -1;
    for (uint32_t p = 0; p < written; p++)
        printf("primitive %u: positions %u %u %u (leading vertex first)\n", p, list[3 * p],
               list[3 * p + 1], list[3 * p + 2]);
    return written == count ? 0 : -1;
}

int main(void)
{
    vf_layout_options options;
    vf_diagnostics diag;
    vf_layout *layout;
    uint32_t *records;
    size_t size;
    int rc = 1;

    vf_layout_options_init(&options);
    options.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    if (vf_layout_create(elements, 2, &options, &layout, &diag) != VF_OK) {
        for (uint32_t i = 0; i < diag.count; i++)
            fprintf(stderr, "%s\n", diag.entries[i].message);
        return 1;
    }

    vf_vertex_buffer_view vb = { vertices, sizeof(vertices), sizeof(vertices[0]) };
    vf_index_buffer_view ib = { indices, sizeof(indices), VF_FORMAT_R16_UINT };
    vf_draw_desc desc;
    vf_draw_desc_init(&desc);
    desc.vertex_buffers = &vb;
    desc.num_vertex_buffers = 1;
    desc.indexed = 1;
    desc.index_buffer = &ib;
    desc.strip_cut_value = VF_STRIP_CUT_VALUE_0xFFFF;
    desc.primitive_topology = VF_TOPOLOGY_TRIANGLESTRIP;
    desc.vertex_count_per_instance = 8;
    desc.instance_count = 1;

    if (vf_draw_output_size(layout, 8, 1, &size) != VF_OK ||
        (records = aligned_alloc(16, size)) == NULL) {
        vf_layout_destroy(layout);
        return 1;
    }
    vf_result r = vf_draw(layout, &desc, records, size);
    if (r != VF_OK) {
        fprintf(stderr, "draw: %s\n", vf_result_string(r));
    } else {
        print_records(records, 8, vf_layout_register_count(layout));
        rc = print_primitives(&desc) == 0 ? 0 : 1;
    }
    free(records);
    vf_layout_destroy(layout);
    return rc;
}
