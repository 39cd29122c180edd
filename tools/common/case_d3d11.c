/*
 * case_d3d11.c - the D3D11 form of the case format ("Api": "D3D11", see
 * vfetch(1)): its loader, and the buffers, IA state and draw it makes
 * through the library's D3D11 front end (vfetch_d3d11.h).
 *
 * The loader checks the JSON only (types, names, buffer numbers, array
 * lengths, data sizes). CreateBuffer's rules and the binding rules are the
 * library's: vf_case_bind reports them as diagnostics, like layout errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"
#include "case_d3d11.h"
#include "case_d3d11_state.h"
#include "case_data.h"
#include "case_json.h"

#define fail vf_json_fail
#define PATH_SIZE VF_JSON_PATH_SIZE

static const struct {
    const char *name;
    int indexed, instanced;
} draw_forms[NUM_DRAW_FORMS] = {
    { "Draw", 0, 0 },
    { "DrawIndexed", 1, 0 },
    { "DrawInstanced", 0, 1 },
    { "DrawIndexedInstanced", 1, 1 },
    { "DrawInstancedIndirect", 0, 1 },
    { "DrawIndexedInstancedIndirect", 1, 1 },
    { "DrawAuto", 0, 0 },
};

/* ------------------------------------------------------------------------ */
/* Loading                                                                  */
/* ------------------------------------------------------------------------ */

/* A flag set: a number, one name, or an array of names (or numbers),
 * or'ed together. */
static int get_flags(struct vf_json_ctx *x, const char *path, json_object *v,
                     const struct vf_names *t, uint32_t *out)
{
    char p[PATH_SIZE];

    *out = 0;
    if (!json_object_is_type(v, json_type_array))
        return vf_case_get_named_enum(x, path, v, t, out);
    for (size_t i = 0; i < json_object_array_length(v); i++) {
        uint32_t bit;
        vf_json_path_index(p, path, i);
        if (vf_case_get_named_enum(x, p, json_object_array_get_idx(v, i), t, &bit) != 0)
            return -1;
        *out |= bit;
    }
    return 0;
}

/* A buffer number: an index into Buffers, or null (NO_BUFFER). Checked
 * against the count once Buffers is read. */
static int get_buffer_ref(struct vf_json_ctx *x, const char *path, json_object *v, uint32_t *out)
{
    if (v == NULL) {
        *out = NO_BUFFER;
        return 0;
    }
    if (vf_json_get_uint(x, path, v, out) != 0)
        return -1;
    if (*out == NO_BUFFER)
        return fail(x, path, "%u is not a buffer number", *out);
    return 0;
}

static int check_buffer_ref(struct vf_json_ctx *x, const char *path, uint32_t ref,
                            uint32_t count)
{
    if (ref != NO_BUFFER && ref >= count)
        return fail(x, path, "buffer %u; Buffers has %u (0..%u)", ref, count,
                    count ? count - 1 : 0);
    return 0;
}

/* Usage, BindFlags, CPUAccessFlags, MiscFlags and StructureByteStride of
 * the buffer's description. */
static int load_buffer_desc(struct vf_json_ctx *x, const char *path, json_object *obj,
                            vf_buffer_desc *desc)
{
    static const struct {
        const char *name;
        const struct vf_names *t;
        size_t offset;
    } enums[] = {
        { "Usage", &vf_usage_names, offsetof(vf_buffer_desc, usage) },
        { "BindFlags", &vf_bind_flag_names, offsetof(vf_buffer_desc, bind_flags) },
        { "CPUAccessFlags", &vf_cpu_access_names, offsetof(vf_buffer_desc, cpu_access_flags) },
        { "MiscFlags", &vf_misc_flag_names, offsetof(vf_buffer_desc, misc_flags) },
    };
    char p[PATH_SIZE];
    int rc = 0;

    for (size_t i = 0; i < sizeof(enums) / sizeof(enums[0]); i++) {
        uint32_t *field = (uint32_t *)(void *)((char *)desc + enums[i].offset);
        if (!vf_json_present(obj, enums[i].name))
            continue;
        vf_json_path_field(p, path, enums[i].name);
        rc |= get_flags(x, p, vf_json_field(obj, enums[i].name), enums[i].t, field);
    }
    return vf_json_opt_uint(x, path, obj, "StructureByteStride", &desc->structure_byte_stride) |
           rc;
}

/* Indices are written in IASetIndexBuffer's Format, so only the buffer it
 * binds may give them, and only for a format of indices. */
static int check_indices(struct vf_json_ctx *x, const char *path, const struct vf_case_d3d11 *d,
                         uint32_t index)
{
    char p[PATH_SIZE];

    vf_json_path_field(p, path, "Indices");
    if (!d->ib_set || d->ib_buffer != index)
        return fail(x, p, "Indices are written in the Format of IASetIndexBuffer, which does not "
                          "bind this buffer");
    if (d->ib_format != VF_FORMAT_R16_UINT && d->ib_format != VF_FORMAT_R32_UINT)
        return fail(x, p, "Indices need IASetIndexBuffer.Format R16_UINT or R32_UINT");
    return 0;
}

/* The initial data from source `src`: ByteWidth, when given, takes only
 * the first bytes of it. */
static int load_initial_data(struct vf_json_ctx *x, const char *path, json_object *obj,
                             const struct vf_case_d3d11 *d, size_t src, struct d3d11_buffer *b)
{
    char p[PATH_SIZE];
    size_t size = 0;
    uint8_t *data = NULL;

    if (vf_case_load_data(x, path, obj, src, d->ib_format, &data, &size, &b->file) != 0)
        return -1;
    b->desc.byte_width = (uint32_t)size; /* at most 1 GiB */
    if (vf_json_present(obj, "ByteWidth")) {
        if (vf_json_opt_uint(x, path, obj, "ByteWidth", &b->desc.byte_width) != 0)
            goto fail;
        if (b->desc.byte_width > size) {
            vf_json_path_field(p, path, "ByteWidth");
            fail(x, p, "%u bytes, but the data holds only %zu", b->desc.byte_width, size);
            goto fail;
        }
    }
    b->data = data;
    return 0;
fail:
    free(data);
    return -1;
}

static int load_one_buffer(struct vf_json_ctx *x, const char *path, json_object *obj,
                           const struct vf_case_d3d11 *d, uint32_t index, struct d3d11_buffer *b)
{
    static const char *const fields[] = { "ByteWidth", "Usage", "BindFlags", "CPUAccessFlags",
                                          "MiscFlags", "StructureByteStride", "File", "Hex",
                                          "Float32", "Float16", "Uint8", "Uint16", "Uint32",
                                          "Int8", "Int16", "Int32", "Indices", NULL };
    size_t src;

    if (!json_object_is_type(obj, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(obj));
    /* The description and the data apart, so that each problem is reported. */
    int rc = vf_json_check_fields(x, path, obj, fields);
    rc |= load_buffer_desc(x, path, obj, &b->desc);
    if (vf_case_source(x, path, obj, 1, &src) != 0)
        return -1;
    if (src == VF_CASE_NO_SOURCE) {
        /* No initial data: the library zero-fills, or refuses IMMUTABLE.
         * Capped like data and draws, so a case cannot ask for 4 GiB. */
        if (vf_json_req_uint(x, path, obj, "ByteWidth", &b->desc.byte_width) != 0)
            return -1;
        if (b->desc.byte_width > VF_CASE_MAX_DATA_SIZE) {
            char p[PATH_SIZE];
            vf_json_path_field(p, path, "ByteWidth");
            return fail(x, p, "%u bytes is more than the 1 GiB this tool allocates for a buffer",
                        b->desc.byte_width);
        }
        return rc;
    }
    if (src == VF_CASE_SOURCE_INDICES && check_indices(x, path, d, index) != 0)
        return -1;
    return load_initial_data(x, path, obj, d, src, b) | rc;
}

/* One entry of Buffers into d->buffers[i]. */
static int load_buffer_entry(struct vf_json_ctx *x, const char *path, json_object *obj, size_t i,
                             void *arg)
{
    struct vf_case_d3d11 *d = arg;

    d->num_buffers = (uint32_t)i + 1; /* so that vf_case_free frees it */
    return load_one_buffer(x, path, obj, d, (uint32_t)i, &d->buffers[i]);
}

static int load_buffers(struct vf_json_ctx *x, json_object *v, struct vf_case_d3d11 *d)
{
    size_t n;

    d->buffers = vf_json_get_array(x, "Buffers", v, VF_CASE_MAX_ARRAY, "buffers",
                                   sizeof(*d->buffers), &n);
    if (d->buffers == NULL)
        return -1;
    return vf_json_each(x, "Buffers", v, load_buffer_entry, d);
}

/* An array of `n` unsigned integers (or buffer numbers). */
static int get_uint_array(struct vf_json_ctx *x, const char *path, json_object *v, size_t n,
                          int refs, uint32_t *out)
{
    char p[PATH_SIZE];

    if (!json_object_is_type(v, json_type_array))
        return fail(x, path, "expected an array, got %s", vf_json_type_name(v));
    if (json_object_array_length(v) != n)
        return fail(x, path, "%zu entries; Buffers has %zu", json_object_array_length(v), n);
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(v, i);
        vf_json_path_index(p, path, i);
        if (refs ? get_buffer_ref(x, p, e, &out[i]) : vf_json_get_uint(x, p, e, &out[i]))
            return -1;
    }
    return 0;
}

static int load_vb_call(struct vf_json_ctx *x, const char *path, json_object *obj,
                        struct vb_call *call)
{
    static const char *const fields[] = { "StartSlot", "Buffers", "Strides", "Offsets", NULL };
    char p[PATH_SIZE];
    json_object *bufs = vf_json_field(obj, "Buffers");
    size_t n;

    if (!json_object_is_type(obj, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(obj));
    /* The head apart from the arrays, so that each problem is reported. */
    int rc = vf_json_check_fields(x, path, obj, fields);
    rc |= vf_json_opt_uint(x, path, obj, "StartSlot", &call->start_slot);
    if (!vf_json_present(obj, "Buffers"))
        return vf_json_missing(x, path, obj, "Buffers", NULL);
    vf_json_path_field(p, path, "Buffers");
    call->buffers = vf_json_get_array(x, p, bufs, VF_CASE_MAX_ARRAY, "buffers", sizeof(uint32_t),
                                      &n);
    if (call->buffers == NULL)
        return -1;
    call->num = (uint32_t)n;
    call->strides = calloc(n ? n : 1, sizeof(uint32_t));
    call->offsets = calloc(n ? n : 1, sizeof(uint32_t));
    if (call->strides == NULL || call->offsets == NULL)
        return fail(x, path, "out of memory");
    rc |= get_uint_array(x, p, bufs, n, 1, call->buffers);
    if (!vf_json_present(obj, "Strides")) {
        rc = vf_json_missing(x, path, obj, "Strides", NULL);
    } else {
        vf_json_path_field(p, path, "Strides");
        rc |= get_uint_array(x, p, vf_json_field(obj, "Strides"), n, 0, call->strides);
    }
    vf_json_path_field(p, path, "Offsets");
    if (vf_json_present(obj, "Offsets"))
        rc |= get_uint_array(x, p, vf_json_field(obj, "Offsets"), n, 0, call->offsets);
    return rc;
}

/* Call `i` of IASetVertexBuffers into d->vb_calls[i]; its buffer numbers
 * must name entries of Buffers, which is read by now. */
static int load_vb_call_entry(struct vf_json_ctx *x, const char *path, json_object *obj, size_t i,
                              void *arg)
{
    struct vf_case_d3d11 *d = arg;
    const struct vb_call *call = &d->vb_calls[i];
    char q[PATH_SIZE], r[PATH_SIZE];

    d->num_vb_calls = (uint32_t)i + 1; /* so that vf_case_free frees it */
    if (load_vb_call(x, path, obj, &d->vb_calls[i]) != 0)
        return -1;
    vf_json_path_field(q, path, "Buffers");
    for (uint32_t k = 0; k < call->num; k++) {
        vf_json_path_index(r, q, k);
        if (check_buffer_ref(x, r, call->buffers[k], d->num_buffers) != 0)
            return -1;
    }
    return 0;
}

/* IASetVertexBuffers: one call, or an array of calls made in order. */
static int load_vb_calls(struct vf_json_ctx *x, json_object *v, struct vf_case_d3d11 *d)
{
    const char *path = "IASetVertexBuffers";
    size_t n;

    d->vb_calls_array = json_object_is_type(v, json_type_array);
    if (!d->vb_calls_array) {
        d->vb_calls = calloc(1, sizeof(*d->vb_calls));
        if (d->vb_calls == NULL)
            return fail(x, path, "out of memory");
        return load_vb_call_entry(x, path, v, 0, d);
    }
    d->vb_calls = vf_json_get_array(x, path, v, VF_CASE_MAX_ARRAY, "calls",
                                    sizeof(*d->vb_calls), &n);
    if (d->vb_calls == NULL)
        return -1;
    return vf_json_each(x, path, v, load_vb_call_entry, d);
}

static int load_ib_call(struct vf_json_ctx *x, json_object *v, struct vf_case_d3d11 *d)
{
    static const char *const fields[] = { "Buffer", "Format", "Offset", NULL };
    const char *path = "IASetIndexBuffer";

    if (!json_object_is_type(v, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(v));
    /* Every field, so that each malformed one is reported. */
    int rc = vf_json_check_fields(x, path, v, fields);
    d->ib_set = 1;
    d->ib_format = VF_FORMAT_UNKNOWN;
    if (!vf_json_present(v, "Buffer"))
        rc = vf_json_missing(x, path, v, "Buffer", "a number in Buffers, or null");
    else
        rc |= get_buffer_ref(x, "IASetIndexBuffer.Buffer", vf_json_field(v, "Buffer"),
                             &d->ib_buffer);
    if (vf_json_present(v, "Format"))
        rc |= vf_case_get_format(x, "IASetIndexBuffer.Format", vf_json_field(v, "Format"),
                                 &d->ib_format);
    else if (d->ib_buffer != NO_BUFFER)
        rc = vf_json_missing(x, path, v, "Format", "R16_UINT or R32_UINT");
    return vf_json_opt_uint(x, path, v, "Offset", &d->ib_offset) | rc;
}

/* Which of the four draws `v` names (exactly one). */
static int get_draw_form(struct vf_json_ctx *x, json_object *v, int *form)
{
    static const char *const forms[] = { "Draw", "DrawIndexed", "DrawInstanced",
                                         "DrawIndexedInstanced", "DrawInstancedIndirect",
                                         "DrawIndexedInstancedIndirect", "DrawAuto", NULL };
    int given = 0;

    if (!json_object_is_type(v, json_type_object))
        return fail(x, "Draw", "expected an object, got %s", vf_json_type_name(v));
    if (vf_json_check_fields(x, "Draw", v, forms) != 0)
        return -1;
    for (int i = 0; i < NUM_DRAW_FORMS; i++) {
        if (vf_json_present(v, forms[i])) {
            *form = i;
            given++;
        }
    }
    if (given != 1)
        return fail(x, "Draw", "give exactly one of 'Draw', 'DrawIndexed', 'DrawInstanced', "
                               "'DrawIndexedInstanced', 'DrawInstancedIndirect', "
                               "'DrawIndexedInstancedIndirect' and 'DrawAuto'");
    return 0;
}

/* Draw: one of the four D3D11 draws, held in c->draw as the instanced
 * indexed or non-indexed draw it stands for. */
static int load_d3d11_draw(struct vf_json_ctx *x, json_object *v, struct vf_case *c)
{
    char p[PATH_SIZE];
    const char *fields[6];
    size_t nf = 0;
    int form = -1;
    json_object *args;
    vf_draw_desc *dd = &c->draw;

    if (get_draw_form(x, v, &form) != 0)
        return -1;
    c->d3d11->draw_form = form;
    if (form >= DRAW_INSTANCED_INDIRECT) {
        vf_json_path_field(p, "Draw", draw_forms[form].name);
        return vf_case_d3d11_load_indirect(x, p, vf_json_field(v, draw_forms[form].name), c);
    }
    int indexed = draw_forms[form].indexed, instanced = draw_forms[form].instanced;
    const char *count = indexed ? (instanced ? "IndexCountPerInstance" : "IndexCount")
                                : (instanced ? "VertexCountPerInstance" : "VertexCount");
    const char *start = indexed ? "StartIndexLocation" : "StartVertexLocation";
    fields[nf++] = count;
    fields[nf++] = start;
    if (indexed)
        fields[nf++] = "BaseVertexLocation";
    if (instanced) {
        fields[nf++] = "InstanceCount";
        fields[nf++] = "StartInstanceLocation";
    }
    fields[nf] = NULL;
    vf_json_path_field(p, "Draw", draw_forms[form].name);
    args = vf_json_field(v, draw_forms[form].name);
    if (!json_object_is_type(args, json_type_object))
        return fail(x, p, "expected an object, got %s", vf_json_type_name(args));
    /* Every field, so that each malformed one is reported. */
    int rc = vf_json_check_fields(x, p, args, fields);
    dd->indexed = (uint32_t)indexed;
    dd->instance_count = 1;
    rc |= vf_json_req_uint(x, p, args, count, &dd->vertex_count_per_instance);
    rc |= vf_json_opt_uint(x, p, args, start, &dd->start_location);
    rc |= vf_json_opt_uint(x, p, args, "InstanceCount", &dd->instance_count);
    rc |= vf_json_opt_uint(x, p, args, "StartInstanceLocation", &dd->start_instance_location);
    return vf_case_get_base_vertex(x, p, args, &dd->base_vertex_location) | rc;
}

/* PrimitiveTopology: the names of the D3D12 form, also with D3D11's own
 * prefix (D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST). */
static int get_topology(struct vf_json_ctx *x, json_object *v, uint32_t *out)
{
    static const char d3d11_prefix[] = "D3D11_PRIMITIVE_TOPOLOGY_";
    const char *s;

    if (json_object_is_type(v, json_type_string)) {
        s = json_object_get_string(v);
        if (strncmp(s, d3d11_prefix, sizeof(d3d11_prefix) - 1) == 0 &&
            vf_names_lookup(&vf_topology_names, s + sizeof(d3d11_prefix) - 1, out) == 0)
            return 0;
    }
    return vf_case_get_named_enum(x, "PrimitiveTopology", v, &vf_topology_names, out);
}

/* The D3D12 fields a D3D11 case must not have, and what it has instead. */
static int reject_d3d12_fields(struct vf_json_ctx *x, json_object *root)
{
    static const struct {
        const char *name, *instead;
    } d3d12_only[] = {
        { "VertexBuffers", "create 'Buffers' and bind them with 'IASetVertexBuffers'" },
        { "IndexBuffer", "create 'Buffers' and bind one with 'IASetIndexBuffer'" },
        { "IBStripCutValue", "D3D11 always cuts at 0xFFFF (R16_UINT) or 0xFFFFFFFF (R32_UINT)" },
        { "MaxInputSlots", "the FeatureLevel sets the input slots (16 below 10_1, else 32)" },
    };
    int rc = 0;
    for (size_t i = 0; i < sizeof(d3d12_only) / sizeof(d3d12_only[0]); i++) {
        if (!vf_json_present(root, d3d12_only[i].name))
            continue;
        rc = fail(x, d3d12_only[i].name, "a D3D12 field, not for \"Api\": \"D3D11\"; %s",
                  d3d12_only[i].instead);
        /* Reported: not again as an unknown field (the tree is the loader's). */
        json_object_object_del(root, d3d12_only[i].name);
    }
    return rc;
}

/* IASetIndexBuffer, Buffers, IASetVertexBuffers and PrimitiveTopology:
 * the buffers and the IA calls that bind them. */
static int load_ia_calls(struct vf_json_ctx *x, json_object *root, struct vf_case_d3d11 *d)
{
    json_object *v;
    int rc = 0;

    /* IASetIndexBuffer first: its Format writes the Indices of its buffer.
     * A buffer number is checked only once Buffers is read whole; each
     * part is read, so that each malformed one is reported. */
    v = vf_json_field(root, "IASetIndexBuffer");
    if (vf_json_present(root, "IASetIndexBuffer") && load_ib_call(x, v, d) != 0)
        return -1;
    v = vf_json_field(root, "Buffers");
    if (vf_json_present(root, "Buffers") && load_buffers(x, v, d) != 0)
        rc = -1;
    if (rc == 0)
        rc = check_buffer_ref(x, "IASetIndexBuffer.Buffer", d->ib_buffer, d->num_buffers);
    v = vf_json_field(root, "IASetVertexBuffers");
    if (rc == 0 && vf_json_present(root, "IASetVertexBuffers") && load_vb_calls(x, v, d) != 0)
        rc = -1;
    v = vf_json_field(root, "PrimitiveTopology");
    d->topology_set = vf_json_present(root, "PrimitiveTopology");
    if (d->topology_set)
        rc |= get_topology(x, v, &d->topology);
    return rc;
}

int vf_case_load_d3d11(struct vf_json_ctx *x, json_object *root, struct vf_case *c)
{
    static const char *const fields[] = { "Api", "FeatureLevel", "Description", "InputLayout",
                                          "Signature", "Buffers", "IASetVertexBuffers",
                                          "IASetIndexBuffer", "PrimitiveTopology", "Draw",
                                          NULL };
    struct vf_case_d3d11 *d;

    /* Each part, so that each malformed one is reported. */
    int rc = reject_d3d12_fields(x, root);
    rc |= vf_json_check_fields(x, "", root, fields);
    d = c->d3d11 = calloc(1, sizeof(*d));
    if (d == NULL)
        return fail(x, "", "out of memory");
    c->api = VF_CASE_API_D3D11;
    d->feature_level = VF_FEATURE_LEVEL_11_0;
    d->ib_buffer = NO_BUFFER;
    rc |= vf_case_opt_named_enum(x, "", root, "FeatureLevel", &vf_feature_level_names,
                                 &d->feature_level);
    /* The layout may use the slots the feature level has (IASetInputLayout
     * checks the same). */
    c->max_input_slots = d->feature_level < VF_FEATURE_LEVEL_10_1 ? VF_D3D11_SLOTS_BELOW_10_1
                                                                  : VF_D3D11_MAX_INPUT_SLOTS;
    rc |= vf_case_load_shader_inputs(x, root, c);
    rc |= load_ia_calls(x, root, d);
    vf_draw_desc_init(&c->draw);
    if (!vf_json_present(root, "Draw"))
        rc = vf_json_missing(x, "", root, "Draw", NULL);
    else
        rc |= load_d3d11_draw(x, vf_json_field(root, "Draw"), c);
    if (rc != 0)
        return -1;
    /* For output: the state's topology, and the cut an indexed draw makes
     * (docs/d3d-ia-rules.md §14.4.2). The buffers come with vf_case_bind. */
    c->draw.primitive_topology = d->topology_set ? d->topology : VF_TOPOLOGY_UNDEFINED;
    c->draw.strip_cut_value = VF_STRIP_CUT_VALUE_DISABLED;
    if (c->draw.indexed && d->ib_set && d->ib_buffer != NO_BUFFER)
        c->draw.strip_cut_value = d->ib_format == VF_FORMAT_R32_UINT
                                      ? VF_STRIP_CUT_VALUE_0xFFFFFFFF
                                      : VF_STRIP_CUT_VALUE_0xFFFF;
    return 0;
}

static void release_objects(struct vf_case_d3d11 *d)
{
    if (d->objects != NULL)
        for (uint32_t i = 0; i < d->num_buffers; i++)
            vf_buffer_destroy(d->objects[i]);
    free(d->objects);
    d->objects = NULL;
    d->bound = 0;
}

void vf_case_free_d3d11(struct vf_case *c)
{
    struct vf_case_d3d11 *d = c->d3d11;

    if (d == NULL)
        return;
    release_objects(d);
    for (uint32_t i = 0; i < d->num_buffers; i++) {
        free(d->buffers[i].data);
        free(d->buffers[i].file);
    }
    free(d->buffers);
    for (uint32_t i = 0; i < d->num_vb_calls; i++) {
        free(d->vb_calls[i].buffers);
        free(d->vb_calls[i].strides);
        free(d->vb_calls[i].offsets);
    }
    free(d->vb_calls);
    free(d);
    c->d3d11 = NULL;
}

/* ------------------------------------------------------------------------ */
/* Binding and drawing through the D3D11 calls                              */
/* ------------------------------------------------------------------------ */

/* Diagnostics of several calls in one list: each call resets its own. */
struct merged {
    vf_diagnostics *out;
    vf_diagnostics one;
    vf_result first_error;
};

/* Adds `m->one` (the last call's) to m->out, each message after `who`. */
static vf_result merge(struct merged *m, const char *who, vf_result res)
{
    for (uint32_t i = 0; i < m->one.count; i++) {
        const vf_diagnostic *e = &m->one.entries[i];
        if (m->out == NULL)
            break;
        if (m->out->count == VF_MAX_DIAGNOSTICS) {
            m->out->num_dropped++;
            continue;
        }
        vf_diagnostic *o = &m->out->entries[m->out->count++];
        *o = *e;
        /* "who: message", cut to the buffer as the library cuts its own. */
        size_t wl = strlen(who), room = sizeof(o->message) - 1;
        size_t ml = 0;
        while (ml < sizeof(e->message) && e->message[ml] != '\0')
            ml++;
        /* The library names its call ("IASetVertexBuffers: ..."): keep
         * only what `who` adds to that name (an index), not the name twice. */
        size_t name = strcspn(who, "[");
        size_t skip = name > 0 && ml > name + 1 && strncmp(e->message, who, name) == 0 &&
                              e->message[name] == ':' && e->message[name + 1] == ' '
                          ? name + 2
                          : 0;
        char *t = o->message;
        size_t at = 0;
        for (size_t k = 0; k < wl && at < room; k++)
            t[at++] = who[k];
        for (size_t k = 0; k < 2 && at < room; k++)
            t[at++] = ": "[k];
        for (size_t k = skip; k < ml && at < room; k++)
            t[at++] = e->message[k];
        t[at] = '\0';
    }
    if (m->out != NULL) {
        m->out->num_errors += m->one.num_errors;
        m->out->num_warnings += m->one.num_warnings;
        m->out->num_dropped += m->one.num_dropped;
    }
    if (res != VF_OK && m->first_error == VF_OK)
        m->first_error = res;
    memset(&m->one, 0, sizeof(m->one));
    return res;
}

/* A call that reports no diagnostics of its own: one error entry. */
static void merge_error(struct merged *m, const char *who, vf_result res, const char *what)
{
    m->one.count = 1;
    m->one.num_errors = 1;
    m->one.entries[0].code = res;
    m->one.entries[0].severity = VF_SEVERITY_ERROR;
    m->one.entries[0].element_index = -1;
    m->one.entries[0].signature_index = -1;
    snprintf(m->one.entries[0].message, sizeof(m->one.entries[0].message), "%s", what);
    merge(m, who, res);
}

static void create_buffers(struct merged *m, struct vf_case_d3d11 *d)
{
    char who[32];

    for (uint32_t i = 0; i < d->num_buffers; i++) {
        const struct d3d11_buffer *b = &d->buffers[i];
        vf_subresource_data init = { b->data, 0, 0 };
        snprintf(who, sizeof(who), "Buffers[%u]", i);
        merge(m, who, vf_buffer_create(&b->desc, b->data ? &init : NULL, 0, &d->objects[i],
                                       &m->one));
    }
}

static void bind_vertex_buffers(struct merged *m, struct vf_case_d3d11 *d)
{
    char who[40];

    for (uint32_t i = 0; i < d->num_vb_calls; i++) {
        const struct vb_call *call = &d->vb_calls[i];
        const vf_buffer **bufs = calloc(call->num ? call->num : 1, sizeof(*bufs));
        if (d->vb_calls_array)
            snprintf(who, sizeof(who), "IASetVertexBuffers[%u]", i);
        else
            snprintf(who, sizeof(who), "IASetVertexBuffers");
        if (bufs == NULL) {
            merge_error(m, who, VF_ERROR_OUT_OF_MEMORY, "out of memory");
            return;
        }
        for (uint32_t k = 0; k < call->num; k++)
            bufs[k] = call->buffers[k] == NO_BUFFER ? NULL : d->objects[call->buffers[k]];
        merge(m, who, vf_d3d11_ia_set_vertex_buffers(&d->state, call->start_slot, call->num,
                                                     bufs, call->strides, call->offsets,
                                                     &m->one));
        free(bufs);
    }
}

vf_result vf_case_d3d11_bind(const struct vf_case *c, const vf_layout *layout,
                             vf_diagnostics *diag)
{
    struct vf_case_d3d11 *d = c->d3d11;
    struct merged m;
    const vf_draw_desc *a = &c->draw;

    memset(&m, 0, sizeof(m));
    m.out = diag;
    release_objects(d);
    if (vf_d3d11_ia_state_init(&d->state, d->feature_level) != VF_OK) {
        char what[64];
        snprintf(what, sizeof(what), "0x%x is not a D3D_FEATURE_LEVEL", d->feature_level);
        merge_error(&m, "FeatureLevel", VF_ERROR_INVALID_FEATURE_LEVEL, what);
        return m.first_error;
    }
    d->objects = calloc(d->num_buffers ? d->num_buffers : 1, sizeof(*d->objects));
    if (d->objects == NULL) {
        merge_error(&m, "Buffers", VF_ERROR_OUT_OF_MEMORY, "out of memory");
        return m.first_error;
    }
    create_buffers(&m, d);
    if (m.first_error != VF_OK)
        return m.first_error; /* binding what failed would only repeat it */
    bind_vertex_buffers(&m, d);
    if (d->ib_set)
        merge(&m, "IASetIndexBuffer",
              vf_d3d11_ia_set_index_buffer(&d->state,
                                           d->ib_buffer == NO_BUFFER ? NULL
                                                                     : d->objects[d->ib_buffer],
                                           d->ib_format, d->ib_offset, &m.one));
    if (d->topology_set)
        merge(&m, "PrimitiveTopology",
              vf_d3d11_ia_set_primitive_topology(&d->state, d->topology, &m.one));
    merge(&m, "InputLayout", vf_d3d11_ia_set_input_layout(&d->state, layout, &m.one));
    if (m.first_error != VF_OK)
        return m.first_error;
    char who[40];
    snprintf(who, sizeof(who), "Draw.%s", draw_forms[d->draw_form].name);
    if (d->draw_form >= DRAW_INSTANCED_INDIRECT)
        merge(&m, who, vf_case_d3d11_indirect_args(c, &m.one));
    if (m.first_error != VF_OK)
        return m.first_error;
    merge(&m, who,
          vf_d3d11_prepare_draw(&d->state, (int)a->indexed, a->vertex_count_per_instance,
                                a->instance_count, a->start_location, a->base_vertex_location,
                                a->start_instance_location, &d->views, &m.one));
    d->bound = m.first_error == VF_OK;
    return m.first_error;
}

int vf_case_d3d11_draw_desc(const struct vf_case *c, vf_draw_desc *desc)
{
    if (!c->d3d11->bound)
        return 0;
    *desc = c->d3d11->views.desc;
    return 1;
}

vf_result vf_case_d3d11_draw(const struct vf_case *c, const vf_draw_desc *desc, void *out,
                             size_t out_size)
{
    struct vf_case_d3d11 *d = c->d3d11;
    const vf_draw_desc *a = &c->draw;
    vf_result res;

    if (!d->bound)
        return VF_ERROR_INPUT_LAYOUT_NOT_SET;
    /* The call the case names; each is the instanced one with defaults. */
    d->state.pool = desc->pool;
    switch (d->draw_form) {
    case DRAW:
        res = vf_d3d11_draw(&d->state, a->vertex_count_per_instance, a->start_location, out,
                            out_size, NULL);
        break;
    case DRAW_INDEXED:
        res = vf_d3d11_draw_indexed(&d->state, a->vertex_count_per_instance, a->start_location,
                                    a->base_vertex_location, out, out_size, NULL);
        break;
    case DRAW_INSTANCED:
        res = vf_d3d11_draw_instanced(&d->state, a->vertex_count_per_instance,
                                      a->instance_count, a->start_location,
                                      a->start_instance_location, out, out_size, NULL);
        break;
    case DRAW_INSTANCED_INDIRECT:
    case DRAW_INDEXED_INSTANCED_INDIRECT:
    case DRAW_AUTO:
        res = vf_case_d3d11_draw_indirect(c, out, out_size);
        break;
    default:
        res = vf_d3d11_draw_indexed_instanced(&d->state, a->vertex_count_per_instance,
                                              a->instance_count, a->start_location,
                                              a->base_vertex_location,
                                              a->start_instance_location, out, out_size, NULL);
        break;
    }
    d->state.pool = NULL;
    return res;
}

vf_result vf_case_d3d11_primitive_count(const struct vf_case *c, uint32_t *count_ret,
                                        uint32_t *vertices_per_primitive_ret)
{
    return vf_d3d11_primitive_count(&c->d3d11->state, (int)c->draw.indexed,
                                    c->draw.vertex_count_per_instance, c->draw.start_location,
                                    count_ret, vertices_per_primitive_ret);
}

vf_result vf_case_d3d11_draw_primitives(const struct vf_case *c, uint32_t first_primitive,
                                        uint32_t *out, size_t out_count, uint32_t *written_ret)
{
    return vf_d3d11_draw_primitives(&c->d3d11->state, (int)c->draw.indexed,
                                    c->draw.vertex_count_per_instance, c->draw.start_location,
                                    first_primitive, out, out_count, written_ret);
}

vf_result vf_case_d3d11_statistics_scratch_size(const struct vf_case *c, size_t *bytes_ret)
{
    return vf_d3d11_draw_statistics_scratch_size(&c->d3d11->state, (int)c->draw.indexed,
                                                 c->draw.vertex_count_per_instance,
                                                 c->draw.start_location, bytes_ret);
}

vf_result vf_case_d3d11_statistics(const struct vf_case *c, void *scratch, size_t scratch_size,
                                    vf_pipeline_statistics *stats_ret)
{
    return vf_d3d11_draw_statistics(&c->d3d11->state, (int)c->draw.indexed,
                                    c->draw.vertex_count_per_instance, c->draw.instance_count,
                                    c->draw.start_location, scratch, scratch_size, stats_ret);
}
