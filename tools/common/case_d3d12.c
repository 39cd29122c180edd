/*
 * case_d3d12.c - the D3D12 form of the case format (the default "Api"):
 * vertex and index buffer views with their data, IBStripCutValue,
 * PrimitiveTopology and one DrawInstanced or DrawIndexedInstanced.
 *
 * Every problem is reported as "JSON.path: what is wrong". A view must fit
 * inside the data read for it; the D3D rules themselves are the library's.
 */
#include <stdlib.h>
#include <string.h>

#include "case.h"
#include "case_d3d12.h"
#include "case_data.h"
#include "case_indirect.h"
#include "case_json.h"

#define fail vf_json_fail
#define PATH_SIZE VF_JSON_PATH_SIZE

/* "Null" (true or false), and the field that depends on the kind of view:
 * an index buffer's Format (R16_UINT when absent from a view without
 * data) or a vertex buffer's StrideInBytes. */
static int load_view_fields(struct vf_json_ctx *x, const char *path, json_object *obj,
                            int is_index, size_t src, struct vf_case_buffer *b, int *is_null)
{
    char p[PATH_SIZE];
    json_object *null = vf_json_field(obj, "Null");

    *is_null = 0;
    if (vf_json_present(obj, "Null")) {
        vf_json_path_field(p, path, "Null");
        if (!json_object_is_type(null, json_type_boolean))
            return fail(x, p, "expected true or false, got %s", vf_json_type_name(null));
        *is_null = json_object_get_boolean(null);
    }
    if (!is_index)
        return vf_json_opt_uint(x, path, obj, "StrideInBytes", &b->stride_in_bytes);
    b->format = VF_FORMAT_R16_UINT;
    if (vf_json_present(obj, "Format")) {
        vf_json_path_field(p, path, "Format");
        return vf_case_get_format(x, p, vf_json_field(obj, "Format"), &b->format);
    }
    if (!*is_null && src != VF_CASE_NO_SOURCE)
        return vf_json_missing(x, path, obj, "Format", "R16_UINT or R32_UINT");
    return 0;
}

/* The view [Offset, Offset + SizeInBytes) of `size` bytes of data, copied
 * into an allocation of its own so a reader past it leaves the allocation. */
static int cut_view(struct vf_json_ctx *x, const char *path, json_object *obj,
                    const uint8_t *data, size_t size, struct vf_case_buffer *b)
{
    char p[PATH_SIZE];

    b->offset = 0;
    if (vf_json_opt_uint(x, path, obj, "Offset", &b->offset) != 0)
        return -1;
    if (b->offset > size) {
        vf_json_path_field(p, path, "Offset");
        return fail(x, p, "%u is past the end of the data (%zu bytes)", b->offset, size);
    }
    b->size_in_bytes = (uint32_t)(size - b->offset > UINT32_MAX ? UINT32_MAX : size - b->offset);
    if (vf_json_present(obj, "SizeInBytes")) {
        if (vf_json_opt_uint(x, path, obj, "SizeInBytes", &b->size_in_bytes) != 0)
            return -1;
        if (b->size_in_bytes > size - b->offset) {
            vf_json_path_field(p, path, "SizeInBytes");
            return fail(x, p, "%u bytes from Offset %u, but the data holds only %zu",
                        b->size_in_bytes, b->offset, size);
        }
    }
    b->bytes = malloc(b->size_in_bytes ? b->size_in_bytes : 1);
    if (b->bytes == NULL)
        return fail(x, path, "out of memory");
    if (b->size_in_bytes != 0)
        memcpy(b->bytes, data + b->offset, b->size_in_bytes);
    b->bound = 1;
    return 0;
}

/* A vertex or index buffer view. `is_index` selects the fields allowed. */
static int load_buffer(struct vf_json_ctx *x, const char *path, json_object *obj, int is_index,
                       struct vf_case_buffer *b)
{
    static const char *const vb_fields[] = { "Slot", "File", "Hex", "Null", "Offset",
                                             "SizeInBytes", "StrideInBytes", "Float32",
                                             "Float16", "Uint8", "Uint16", "Uint32", "Int8",
                                             "Int16", "Int32", NULL };
    static const char *const ib_fields[] = { "File", "Hex", "Null", "Format", "Offset",
                                             "SizeInBytes", "Float32", "Float16", "Uint8",
                                             "Uint16", "Uint32", "Int8", "Int16", "Int32",
                                             "Indices", NULL };
    uint8_t *data = NULL;
    size_t size = 0, src = VF_CASE_NO_SOURCE;
    int is_null, rc;

    if (!json_object_is_type(obj, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(obj));
    /* Unknown fields are reported with the rest; a view's data depend on
     * its own fields, so the first problem of those ends it. */
    int bad = vf_json_check_fields(x, path, obj, is_index ? ib_fields : vb_fields);
    b->present = 1;
    if (vf_case_source(x, path, obj, is_index, &src) != 0 ||
        load_view_fields(x, path, obj, is_index, src, b, &is_null) != 0)
        return -1;
    if (src == VF_CASE_NO_SOURCE) {
        /* A null or empty view: unbound, nothing else to give. */
        if (vf_json_present(obj, "Offset") || vf_json_present(obj, "SizeInBytes"))
            return fail(x, path, "'Offset' and 'SizeInBytes' need data ('File', 'Hex' or a "
                                 "typed array)");
        return bad;
    }
    if (is_null)
        return fail(x, path, "a view with \"Null\": true takes no '%s'",
                    vf_case_source_name(src));
    if (!is_index && !vf_json_present(obj, "StrideInBytes"))
        bad = vf_json_missing(x, path, obj, "StrideInBytes", NULL);
    if (vf_case_load_data(x, path, obj, src, b->format, &data, &size, &b->file) != 0)
        return -1;
    rc = cut_view(x, path, obj, data, size, b);
    free(data);
    return rc | bad;
}
static int load_vertex_buffers(struct vf_json_ctx *x, json_object *v, struct vf_case *c)
{
    const char *path = "VertexBuffers";
    char p[PATH_SIZE], q[PATH_SIZE];
    size_t n;

    if (!json_object_is_type(v, json_type_array))
        return fail(x, path, "expected an array, got %s", vf_json_type_name(v));
    n = json_object_array_length(v);
    /* Every entry, so that each malformed one is reported. */
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        json_object *obj = json_object_array_get_idx(v, i), *s;
        uint32_t slot = (uint32_t)(i < UINT32_MAX ? i : UINT32_MAX);

        vf_json_path_index(p, path, i);
        if (!json_object_is_type(obj, json_type_object)) {
            rc = fail(x, p, "expected an object, got %s", vf_json_type_name(obj));
            continue;
        }
        s = vf_json_field(obj, "Slot");
        vf_json_path_field(q, p, "Slot");
        if (vf_json_present(obj, "Slot") && vf_json_get_uint(x, q, s, &slot) != 0)
            rc = -1;
        else if (slot >= VF_MAX_INPUT_SLOTS)
            rc = fail(x, q, "slot %u; D3D12 has slots 0..%u", slot, VF_MAX_INPUT_SLOTS - 1);
        else if (c->vb[slot].present)
            rc = fail(x, q, "slot %u is listed twice", slot);
        else if (load_buffer(x, p, obj, 0, &c->vb[slot]) != 0)
            rc = -1;
        else if (slot + 1 > c->num_vertex_buffers)
            c->num_vertex_buffers = slot + 1;
    }
    return rc;
}

static int load_draw(struct vf_json_ctx *x, json_object *v, struct vf_case *c)
{
    static const char *const draw_fields[] = { "DrawInstanced", "DrawIndexedInstanced", NULL };
    static const char *const di_fields[] = { "VertexCountPerInstance", "InstanceCount",
                                             "StartVertexLocation", "StartInstanceLocation",
                                             NULL };
    static const char *const dii_fields[] = { "IndexCountPerInstance", "InstanceCount",
                                              "StartIndexLocation", "BaseVertexLocation",
                                              "StartInstanceLocation", NULL };
    const char *path = "Draw";
    char p[PATH_SIZE];
    json_object *di, *dii, *args;
    int indexed;
    vf_draw_desc *d = &c->draw;

    if (!json_object_is_type(v, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(v));
    if (vf_json_check_fields(x, path, v, draw_fields) != 0)
        return -1;
    /* The arguments: every field, so that each malformed one is reported. */
    di = vf_json_field(v, "DrawInstanced");
    dii = vf_json_field(v, "DrawIndexedInstanced");
    if (vf_json_present(v, "DrawInstanced") == vf_json_present(v, "DrawIndexedInstanced"))
        return fail(x, path, "give exactly one of 'DrawInstanced' and 'DrawIndexedInstanced'");
    indexed = vf_json_present(v, "DrawIndexedInstanced");
    args = indexed ? dii : di;
    vf_json_path_field(p, path, indexed ? "DrawIndexedInstanced" : "DrawInstanced");
    if (!json_object_is_type(args, json_type_object))
        return fail(x, p, "expected an object, got %s", vf_json_type_name(args));
    int rc = vf_json_check_fields(x, p, args, indexed ? dii_fields : di_fields);
    d->instance_count = 1;
    rc |= vf_json_opt_uint(x, p, args, "InstanceCount", &d->instance_count);
    rc |= vf_json_opt_uint(x, p, args, "StartInstanceLocation", &d->start_instance_location);
    d->indexed = (uint32_t)indexed;
    rc |= vf_json_req_uint(x, p, args, indexed ? "IndexCountPerInstance" : "VertexCountPerInstance",
                           &d->vertex_count_per_instance);
    rc |= vf_json_opt_uint(x, p, args, indexed ? "StartIndexLocation" : "StartVertexLocation",
                           &d->start_location);
    if (indexed)
        rc |= vf_case_get_base_vertex(x, p, args, &d->base_vertex_location);
    return rc;
}

/* The state around the draw: IBStripCutValue and PrimitiveTopology. */
static int load_state(struct vf_json_ctx *x, json_object *root, struct vf_case *c)
{
    vf_draw_desc_init(&c->draw);
    c->draw.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    c->draw.strip_cut_value = VF_STRIP_CUT_VALUE_DISABLED;
    /* Each part, so that each malformed one is reported. */
    int rc = 0;
    if (vf_json_present(root, "VertexBuffers") &&
        load_vertex_buffers(x, vf_json_field(root, "VertexBuffers"), c) != 0)
        rc = -1;
    if (vf_json_present(root, "IndexBuffer") &&
        load_buffer(x, "IndexBuffer", vf_json_field(root, "IndexBuffer"), 1, &c->ib) != 0)
        rc = -1;
    rc |= vf_case_opt_named_enum(x, "", root, "PrimitiveTopology", &vf_topology_names,
                                 &c->draw.primitive_topology);
    if (vf_case_opt_named_enum(x, "", root, "IBStripCutValue", &vf_strip_cut_names,
                               &c->draw.strip_cut_value) != 0)
        return -1;
    /* A number is the enum's value, not the cut index: name the case's key
     * and what it takes rather than the library's field. */
    if (c->draw.strip_cut_value > VF_STRIP_CUT_VALUE_0xFFFFFFFF)
        return vf_json_fail(x, "IBStripCutValue",
                            "%u is not a strip cut value: give \"DISABLED\" (or 0), \"0xFFFF\" "
                            "(or 1) or \"0xFFFFFFFF\" (or 2)", c->draw.strip_cut_value);
    return rc;
}

/* The views the draw sees, from the buffers the case owns. */
static void aim_views(struct vf_case *c)
{
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++) {
        c->vertex_buffers[s].data = c->vb[s].bytes;
        c->vertex_buffers[s].size_in_bytes = c->vb[s].bound ? c->vb[s].size_in_bytes : 0;
        c->vertex_buffers[s].stride_in_bytes = c->vb[s].stride_in_bytes;
    }
    c->index_buffer.data = c->ib.bytes;
    c->index_buffer.size_in_bytes = c->ib.bound ? c->ib.size_in_bytes : 0;
    c->index_buffer.format = c->ib.format;
    vf_case_d3d12_draw_desc(c, &c->draw);
}

int vf_case_load_d3d12(struct vf_json_ctx *x, json_object *root, struct vf_case *c)
{
    static const char *const fields[] = { "Api", "Description", "InputLayout", "Signature",
                                          "MaxInputSlots", "VertexBuffers", "IndexBuffer",
                                          "IBStripCutValue", "PrimitiveTopology", "Draw",
                                          "ExecuteIndirect", "GpuVirtualAddresses", NULL };

    /* Each part, so that each malformed one is reported. */
    int rc = vf_json_check_fields(x, "", root, fields);
    rc |= vf_case_load_shader_inputs(x, root, c);
    rc |= vf_json_opt_uint(x, "", root, "MaxInputSlots", &c->max_input_slots);
    rc |= load_state(x, root, c);
    if (vf_json_present(root, "ExecuteIndirect")) {
        /* The commands are the draws (case_indirect.c). */
        if (vf_json_present(root, "Draw"))
            return fail(x, "", "give one of 'Draw' and 'ExecuteIndirect', not both");
        if (rc != 0 || vf_case_load_indirect(x, root, c) != 0)
            return -1;
        aim_views(c);
        return 0;
    }
    if (vf_json_present(root, "GpuVirtualAddresses"))
        return fail(x, "GpuVirtualAddresses", "only an 'ExecuteIndirect' case reads addresses");
    if (!vf_json_present(root, "Draw"))
        rc = vf_json_missing(x, "", root, "Draw", "or 'ExecuteIndirect'");
    else
        rc |= load_draw(x, vf_json_field(root, "Draw"), c);
    if (rc != 0)
        return -1;
    aim_views(c);
    return 0;
}

void vf_case_d3d12_draw_desc(const struct vf_case *c, vf_draw_desc *desc)
{
    if (desc != &c->draw)
        *desc = c->draw;
    desc->vertex_buffers = c->num_vertex_buffers ? c->vertex_buffers : NULL;
    desc->num_vertex_buffers = c->num_vertex_buffers;
    /* A null or empty IndexBuffer is no index buffer at all, as if omitted:
     * every index reads 0 and there is no format to check or to pair with
     * IBStripCutValue. */
    desc->index_buffer = c->ib.bound ? &c->index_buffer : NULL;
    desc->pool = NULL;
}
