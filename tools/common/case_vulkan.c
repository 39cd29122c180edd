/*
 * case_vulkan.c - the loader of the Vulkan form of the case format ("Api":
 * "Vulkan", see vfetch(1) and case_vulkan.h): the pipeline's vertex input
 * state with Vulkan's own names, the buffers, vkCmdBindVertexBuffers,
 * vkCmdBindIndexBuffer, the input assembly state and one vkCmdDraw or
 * vkCmdDrawIndexed.
 *
 * The loader checks the JSON only (types, names, buffer numbers, array
 * lengths, data sizes). The valid-usage rules are the library's
 * (vf_vk_vertex_input_create, vf_vk_draw): `vfetch validate` reports them
 * with their VUIDs.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "case.h"
#include "case_data.h"
#include "case_json.h"
#include "case_vulkan.h"

#define fail vf_json_fail
#define PATH_SIZE VF_JSON_PATH_SIZE
#define SHOWN VF_JSON_SHOWN
#define SHOW VF_JSON_SHOW

/* ------------------------------------------------------------------------ */
/* Names                                                                    */
/* ------------------------------------------------------------------------ */

static const char *const topology_names[] = {
    "POINT_LIST", "LINE_LIST", "LINE_STRIP", "TRIANGLE_LIST", "TRIANGLE_STRIP", "TRIANGLE_FAN",
    "LINE_LIST_WITH_ADJACENCY", "LINE_STRIP_WITH_ADJACENCY", "TRIANGLE_LIST_WITH_ADJACENCY",
    "TRIANGLE_STRIP_WITH_ADJACENCY", "PATCH_LIST",
};
const struct vf_names vf_vk_topology_names = {
    "primitive topology", "VK_PRIMITIVE_TOPOLOGY_", topology_names,
    sizeof(topology_names) / sizeof(topology_names[0]), NULL, 0, 0
};

static const char *const input_rate_names[] = { "VERTEX", "INSTANCE" };
const struct vf_names vf_vk_input_rate_names = {
    "input rate", "VK_VERTEX_INPUT_RATE_", input_rate_names, 2, NULL, 0, 0
};

static const char *const index_type_names[] = { "UINT16", "UINT32" };
static const struct vf_name_alias index_type_aliases[] = {
    { "UINT8", VF_VK_INDEX_TYPE_UINT8 },
    { "UINT8_EXT", VF_VK_INDEX_TYPE_UINT8 },
    { "UINT8_KHR", VF_VK_INDEX_TYPE_UINT8 },
};
const struct vf_names vf_vk_index_type_names = {
    "index type", "VK_INDEX_TYPE_", index_type_names, 2, index_type_aliases,
    sizeof(index_type_aliases) / sizeof(index_type_aliases[0]), 0
};

/* The device features a case may switch, by their Vulkan names. */
static const struct {
    const char *name;
    uint32_t bit;
} feature_names[] = {
    { "vertexAttributeInstanceRateDivisor", VF_VK_FEATURE_INSTANCE_RATE_DIVISOR },
    { "vertexAttributeInstanceRateZeroDivisor", VF_VK_FEATURE_INSTANCE_RATE_ZERO_DIVISOR },
    { "indexTypeUint8", VF_VK_FEATURE_INDEX_TYPE_UINT8 },
    { "primitiveTopologyListRestart", VF_VK_FEATURE_LIST_RESTART },
    { "primitiveTopologyPatchListRestart", VF_VK_FEATURE_PATCH_LIST_RESTART },
    { "nullDescriptor", VF_VK_FEATURE_NULL_DESCRIPTOR },
    { "legacyVertexAttributes", VF_VK_FEATURE_LEGACY_VERTEX_ATTRIBUTES },
};
#define NUM_FEATURES (sizeof(feature_names) / sizeof(feature_names[0]))

/* A VkFormat name (with or without VK_FORMAT_, any case) or number; an
 * unknown name gets the closest vertex format's name. */
static int get_vk_format(struct vf_json_ctx *x, const char *path, json_object *v, uint32_t *out)
{
    const char *names[VF_VK_FORMAT_LAST_VERTEX + 1];
    char upper[64];
    const char *s;
    size_t n = 0;

    if (json_object_is_type(v, json_type_int))
        return vf_json_get_uint(x, path, v, out); /* the library judges it */
    if (!json_object_is_type(v, json_type_string))
        return fail(x, path, "expected a VkFormat name or a number, got %s",
                    vf_json_type_name(v));
    if (vf_json_get_string(x, path, v, &s) != 0)
        return -1;
    size_t len = strlen(s);
    if (len < sizeof(upper)) {
        for (size_t i = 0; i <= len; i++)
            upper[i] = (char)(s[i] >= 'a' && s[i] <= 'z' ? s[i] - 32 : s[i]);
        if (vf_vk_format_from_name(upper, out) == VF_OK)
            return 0;
    }
    for (uint32_t f = 0; f <= VF_VK_FORMAT_LAST_VERTEX; f++)
        if (vf_vk_format_info(f) != NULL)
            names[n++] = vf_vk_format_info(f)->name;
    const char *bare = strncasecmp(s, "VK_FORMAT_", 10) == 0 ? s + 10 : s;
    const char *near = vf_json_suggest(bare, names, n);
    if (near != NULL)
        return fail(x, path, "unknown vertex format '" SHOWN "' (did you mean '%s'?)", SHOW(s),
                    near);
    return fail(x, path, "unknown vertex format '" SHOWN "'", SHOW(s));
}

/* A VkBool32: true, false, 0 or 1. */
static int get_bool(struct vf_json_ctx *x, const char *path, json_object *v, uint32_t *out)
{
    if (json_object_is_type(v, json_type_boolean)) {
        *out = json_object_get_boolean(v) ? 1u : 0u;
        return 0;
    }
    if (json_object_is_type(v, json_type_int) && vf_json_get_uint(x, path, v, out) == 0) {
        if (*out <= 1)
            return 0;
        return fail(x, path, "expected true, false, 0 or 1, got %u", *out);
    }
    if (json_object_is_type(v, json_type_int))
        return -1;
    return fail(x, path, "expected true or false, got %s", vf_json_type_name(v));
}

/* A buffer number (an index into Buffers) or null. Checked against the
 * count once Buffers is read. */
static int get_buffer_ref(struct vf_json_ctx *x, const char *path, json_object *v, uint32_t *out)
{
    if (v == NULL) {
        *out = VF_CASE_VK_NO_BUFFER;
        return 0;
    }
    if (vf_json_get_uint(x, path, v, out) != 0)
        return -1;
    if (*out == VF_CASE_VK_NO_BUFFER)
        return fail(x, path, "%u is not a buffer number", *out);
    return 0;
}

static int check_buffer_ref(struct vf_json_ctx *x, const char *path, uint32_t ref,
                            uint32_t count)
{
    if (ref != VF_CASE_VK_NO_BUFFER && ref >= count)
        return fail(x, path, "buffer %u; Buffers has %u (0..%u)", ref, count,
                    count ? count - 1 : 0);
    return 0;
}

/* A VkDeviceSize: an integer in [0, 2^53] (what JSON numbers hold exactly). */
static int get_size(struct vf_json_ctx *x, const char *path, json_object *v, uint64_t *out)
{
    int64_t n;
    if (vf_json_get_integer(x, path, v, 0, (int64_t)1 << 53, &n) != 0)
        return -1;
    *out = (uint64_t)n;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* The vertex input state                                                   */
/* ------------------------------------------------------------------------ */

static int load_binding(struct vf_json_ctx *x, const char *path, json_object *obj, size_t i,
                        void *arg)
{
    static const char *const fields[] = { "binding", "stride", "inputRate", "divisor", NULL };
    struct vf_case_vulkan *v = arg;
    vf_vk_vertex_input_binding_description *b = &v->bindings[i];

    if (!json_object_is_type(obj, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(obj));
    /* Every field, so that each malformed one is reported. */
    int rc = vf_json_check_fields(x, path, obj, fields);
    if (!vf_json_present(obj, "binding"))
        rc = vf_json_missing(x, path, obj, "binding", NULL);
    else
        rc |= vf_json_opt_uint(x, path, obj, "binding", &b->binding);
    if (!vf_json_present(obj, "stride"))
        rc = vf_json_missing(x, path, obj, "stride", "bytes between elements");
    else
        rc |= vf_json_opt_uint(x, path, obj, "stride", &b->stride);
    b->input_rate = VF_VK_VERTEX_INPUT_RATE_VERTEX;
    rc |= vf_case_opt_named_enum(x, path, obj, "inputRate", &vf_vk_input_rate_names,
                                 &b->input_rate);
    if (vf_json_present(obj, "divisor")) {
        /* VkVertexInputBindingDivisorDescription of this binding. */
        vf_vk_vertex_input_binding_divisor_description *d = &v->divisors[v->num_divisors];
        d->binding = b->binding;
        rc |= vf_json_opt_uint(x, path, obj, "divisor", &d->divisor);
        v->num_divisors++;
    }
    return rc;
}

static int load_attribute(struct vf_json_ctx *x, const char *path, json_object *obj, size_t i,
                          void *arg)
{
    static const char *const fields[] = { "location", "binding", "format", "offset", NULL };
    static const char *const required[] = { "location", "binding", "format" };
    vf_vk_vertex_input_attribute_description *a =
        &((struct vf_case_vulkan *)arg)->attributes[i];
    char p[PATH_SIZE];

    if (!json_object_is_type(obj, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(obj));
    int rc = vf_json_check_fields(x, path, obj, fields);
    for (size_t k = 0; k < 3; k++)
        if (!vf_json_present(obj, required[k]))
            rc = vf_json_missing(x, path, obj, required[k], NULL);
    rc |= vf_json_opt_uint(x, path, obj, "location", &a->location);
    rc |= vf_json_opt_uint(x, path, obj, "binding", &a->binding);
    rc |= vf_json_opt_uint(x, path, obj, "offset", &a->offset);
    if (vf_json_present(obj, "format")) {
        vf_json_path_field(p, path, "format");
        rc |= get_vk_format(x, p, vf_json_field(obj, "format"), &a->format);
    }
    return rc;
}

/* "Features": an object of booleans by the features' Vulkan names, each
 * switching one on or off from the library's defaults. */
static int load_features(struct vf_json_ctx *x, json_object *v, uint32_t *features)
{
    const char *names[NUM_FEATURES + 1];
    char p[PATH_SIZE];
    int rc = 0;

    if (!json_object_is_type(v, json_type_object))
        return fail(x, "Features", "expected an object, got %s", vf_json_type_name(v));
    for (size_t k = 0; k < NUM_FEATURES; k++)
        names[k] = feature_names[k].name;
    names[NUM_FEATURES] = NULL;
    rc |= vf_json_check_fields(x, "Features", v, names);
    for (size_t k = 0; k < NUM_FEATURES; k++) {
        uint32_t on;
        if (!vf_json_present(v, names[k]))
            continue;
        vf_json_path_field(p, "Features", names[k]);
        if (get_bool(x, p, vf_json_field(v, names[k]), &on) != 0) {
            rc = -1;
            continue;
        }
        *features = on ? *features | feature_names[k].bit : *features & ~feature_names[k].bit;
    }
    return rc;
}

/* VertexBindings (with their divisors), VertexAttributes and Features. */
static int load_vertex_input(struct vf_json_ctx *x, json_object *root, struct vf_case_vulkan *v)
{
    json_object *j;
    size_t n;
    int rc = 0;

    vf_vk_vertex_input_options o;
    vf_vk_vertex_input_options_init(&o);
    v->features = o.features;
    if (vf_json_present(root, "Features"))
        rc |= load_features(x, vf_json_field(root, "Features"), &v->features);
    if (vf_json_present(root, "VertexBindings")) {
        j = vf_json_field(root, "VertexBindings");
        v->bindings = vf_json_get_array(x, "VertexBindings", j, VF_CASE_MAX_ARRAY, "bindings",
                                        sizeof(*v->bindings), &n);
        if (v->bindings == NULL)
            return -1;
        v->divisors = calloc(n ? n : 1, sizeof(*v->divisors));
        if (v->divisors == NULL)
            return -1;
        v->num_bindings = (uint32_t)n;
        rc |= vf_json_each(x, "VertexBindings", j, load_binding, v);
    }
    if (vf_json_present(root, "VertexAttributes")) {
        j = vf_json_field(root, "VertexAttributes");
        v->attributes = vf_json_get_array(x, "VertexAttributes", j, VF_CASE_MAX_ARRAY,
                                          "attributes", sizeof(*v->attributes), &n);
        if (v->attributes == NULL)
            return -1;
        v->num_attributes = (uint32_t)n;
        rc |= vf_json_each(x, "VertexAttributes", j, load_attribute, v);
    }
    return rc;
}

/* ------------------------------------------------------------------------ */
/* Buffers and the bind calls                                               */
/* ------------------------------------------------------------------------ */

/* Indices are written in vkCmdBindIndexBuffer's indexType, so only the
 * buffer it binds may give them, and only for 16- and 32-bit indices. */
static int index_format_for(struct vf_json_ctx *x, const char *path,
                            const struct vf_case_vulkan *v, uint32_t index, vf_format *fmt)
{
    char p[PATH_SIZE];

    vf_json_path_field(p, path, "Indices");
    if (!v->ib_set || v->ib_buffer != index)
        return fail(x, p, "Indices are written in the indexType of vkCmdBindIndexBuffer, which "
                          "does not bind this buffer");
    if (v->index_type == VF_VK_INDEX_TYPE_UINT16)
        *fmt = VF_FORMAT_R16_UINT;
    else if (v->index_type == VF_VK_INDEX_TYPE_UINT32)
        *fmt = VF_FORMAT_R32_UINT;
    else
        return fail(x, p, "Indices need indexType UINT16 or UINT32 (give UINT8 indices as "
                          "Uint8)");
    return 0;
}

/* One entry of Buffers: its data (File, Hex, a typed array or Indices)
 * and "size", which zero-fills past the data (the data's size when
 * absent; required when there is no data). */
static int load_buffer(struct vf_json_ctx *x, const char *path, json_object *obj, size_t i,
                       void *arg)
{
    static const char *const fields[] = { "size", "File", "Hex", "Float32", "Float16", "Uint8",
                                          "Uint16", "Uint32", "Int8", "Int16", "Int32",
                                          "Indices", NULL };
    struct vf_case_vulkan *v = arg;
    struct vf_case_vk_buffer *b = &v->buffers[i];
    vf_format fmt = VF_FORMAT_R16_UINT;
    char p[PATH_SIZE];
    size_t src, have = 0;
    uint8_t *data = NULL;

    v->num_buffers = (uint32_t)i + 1; /* so that vf_case_free frees it */
    if (!json_object_is_type(obj, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(obj));
    int rc = vf_json_check_fields(x, path, obj, fields);
    if (vf_case_source(x, path, obj, 1, &src) != 0)
        return -1;
    if (src == VF_CASE_SOURCE_INDICES && index_format_for(x, path, v, (uint32_t)i, &fmt) != 0)
        return -1;
    if (src != VF_CASE_NO_SOURCE &&
        vf_case_load_data(x, path, obj, src, fmt, &data, &have, &b->file) != 0)
        return -1;
    b->size = have;
    vf_json_path_field(p, path, "size");
    if (src == VF_CASE_NO_SOURCE && !vf_json_present(obj, "size"))
        rc = vf_json_missing(x, path, obj, "size", "bytes, or give the data");
    else if (vf_json_present(obj, "size") && get_size(x, p, vf_json_field(obj, "size"),
                                                      &b->size) != 0)
        rc = -1;
    if (rc == 0 && b->size > VF_CASE_MAX_DATA_SIZE)
        rc = fail(x, p, "%llu bytes is more than the 1 GiB this tool allocates for a buffer",
                  (unsigned long long)b->size);
    if (rc == 0 && b->size > have) {
        uint8_t *all = calloc(1, (size_t)b->size);
        if (all == NULL)
            rc = fail(x, path, "out of memory");
        else if (have != 0)
            memcpy(all, data, have);
        free(data);
        data = all;
    }
    b->data = data;
    return rc;
}

/* vkCmdBindVertexBuffers: firstBinding, buffers (numbers in Buffers, or
 * null) and offsets (0 when absent). */
static int load_vb_call(struct vf_json_ctx *x, json_object *obj, struct vf_case_vulkan *v)
{
    static const char *const fields[] = { "firstBinding", "buffers", "offsets", NULL };
    const char *path = "vkCmdBindVertexBuffers";
    uint32_t first = 0;
    char p[PATH_SIZE], q[PATH_SIZE];

    if (!json_object_is_type(obj, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(obj));
    int rc = vf_json_check_fields(x, path, obj, fields);
    rc |= vf_json_opt_uint(x, path, obj, "firstBinding", &first);
    if (!vf_json_present(obj, "buffers"))
        return vf_json_missing(x, path, obj, "buffers", "numbers in Buffers");
    json_object *bufs = vf_json_field(obj, "buffers"), *offs = vf_json_field(obj, "offsets");
    vf_json_path_field(p, path, "buffers");
    if (!json_object_is_type(bufs, json_type_array))
        return fail(x, p, "expected an array, got %s", vf_json_type_name(bufs));
    size_t n = json_object_array_length(bufs);
    if (rc == 0 && (first >= VF_VK_MAX_BINDINGS || n > VF_VK_MAX_BINDINGS - first))
        return fail(x, path, "bindings %u..%zu; vfetch has bindings 0..%u", first,
                    first + n - (n != 0), VF_VK_MAX_BINDINGS - 1);
    if (rc != 0)
        return rc;
    vf_json_path_field(q, path, "offsets");
    if (offs != NULL && (!json_object_is_type(offs, json_type_array) ||
                         json_object_array_length(offs) != n))
        return fail(x, q, "expected an array of %zu offsets, one per buffer", n);
    for (size_t k = 0; k < n; k++) {
        char r[PATH_SIZE];
        vf_json_path_index(r, p, k);
        rc |= get_buffer_ref(x, r, json_object_array_get_idx(bufs, k),
                             &v->vb_buffer[first + k]);
        if (rc == 0)
            rc |= check_buffer_ref(x, r, v->vb_buffer[first + k], v->num_buffers);
        vf_json_path_index(r, q, k);
        if (offs != NULL)
            rc |= get_size(x, r, json_object_array_get_idx(offs, k), &v->vb_offset[first + k]);
    }
    v->num_bound = first + (uint32_t)n;
    return rc;
}

/* vkCmdBindIndexBuffer: buffer, offset, indexType. */
static int load_ib_call(struct vf_json_ctx *x, json_object *obj, struct vf_case_vulkan *v)
{
    static const char *const fields[] = { "buffer", "offset", "indexType", NULL };
    const char *path = "vkCmdBindIndexBuffer";
    char p[PATH_SIZE];

    if (!json_object_is_type(obj, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(obj));
    int rc = vf_json_check_fields(x, path, obj, fields);
    v->ib_set = 1;
    vf_json_path_field(p, path, "buffer");
    if (!vf_json_present(obj, "buffer"))
        rc = vf_json_missing(x, path, obj, "buffer", "a number in Buffers");
    else
        rc |= get_buffer_ref(x, p, vf_json_field(obj, "buffer"), &v->ib_buffer);
    if (!vf_json_present(obj, "indexType"))
        rc = vf_json_missing(x, path, obj, "indexType", "UINT8, UINT16 or UINT32");
    else
        rc |= vf_case_opt_named_enum(x, path, obj, "indexType", &vf_vk_index_type_names,
                                     &v->index_type);
    vf_json_path_field(p, path, "offset");
    if (vf_json_present(obj, "offset"))
        rc |= get_size(x, p, vf_json_field(obj, "offset"), &v->ib_offset);
    return rc;
}

/* vkCmdBindIndexBuffer first (its indexType writes Indices), Buffers,
 * then vkCmdBindVertexBuffers (its numbers checked against Buffers). */
static int load_bind_calls(struct vf_json_ctx *x, json_object *root, struct vf_case_vulkan *v)
{
    int rc = 0;
    size_t n;

    v->ib_buffer = VF_CASE_VK_NO_BUFFER;
    for (uint32_t b = 0; b < VF_VK_MAX_BINDINGS; b++)
        v->vb_buffer[b] = VF_CASE_VK_NO_BUFFER;
    if (vf_json_present(root, "vkCmdBindIndexBuffer") &&
        load_ib_call(x, vf_json_field(root, "vkCmdBindIndexBuffer"), v) != 0)
        return -1;
    if (vf_json_present(root, "Buffers")) {
        json_object *j = vf_json_field(root, "Buffers");
        v->buffers = vf_json_get_array(x, "Buffers", j, VF_CASE_MAX_ARRAY, "buffers",
                                       sizeof(*v->buffers), &n);
        if (v->buffers == NULL)
            return -1;
        rc |= vf_json_each(x, "Buffers", j, load_buffer, v);
    }
    if (rc == 0)
        rc = check_buffer_ref(x, "vkCmdBindIndexBuffer.buffer", v->ib_buffer, v->num_buffers);
    if (rc == 0 && vf_json_present(root, "vkCmdBindVertexBuffers"))
        rc = load_vb_call(x, vf_json_field(root, "vkCmdBindVertexBuffers"), v);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* The draw                                                                 */
/* ------------------------------------------------------------------------ */

/* Draw: {"vkCmdDraw": {...}} or {"vkCmdDrawIndexed": {...}}, with
 * Vulkan's parameter names, into c->draw. */
static int load_vk_draw(struct vf_json_ctx *x, json_object *v, struct vf_case *c)
{
    static const char *const forms[] = { "vkCmdDraw", "vkCmdDrawIndexed", NULL };
    static const char *const plain[] = { "vertexCount", "instanceCount", "firstVertex",
                                         "firstInstance", NULL };
    static const char *const indexed[] = { "indexCount", "instanceCount", "firstIndex",
                                           "vertexOffset", "firstInstance", NULL };
    vf_draw_desc *dd = &c->draw;
    char p[PATH_SIZE];

    if (!json_object_is_type(v, json_type_object))
        return fail(x, "Draw", "expected an object, got %s", vf_json_type_name(v));
    if (vf_json_check_fields(x, "Draw", v, forms) != 0)
        return -1;
    int k = vf_json_present(v, "vkCmdDrawIndexed");
    if (vf_json_present(v, "vkCmdDraw") == k)
        return fail(x, "Draw", "give exactly one of 'vkCmdDraw' and 'vkCmdDrawIndexed'");
    json_object *args = vf_json_field(v, forms[k]);
    vf_json_path_field(p, "Draw", forms[k]);
    if (!json_object_is_type(args, json_type_object))
        return fail(x, p, "expected an object, got %s", vf_json_type_name(args));
    int rc = vf_json_check_fields(x, p, args, k ? indexed : plain);
    dd->indexed = (uint32_t)k;
    dd->instance_count = 1;
    rc |= vf_json_req_uint(x, p, args, k ? "indexCount" : "vertexCount",
                           &dd->vertex_count_per_instance);
    rc |= vf_json_opt_uint(x, p, args, "instanceCount", &dd->instance_count);
    rc |= vf_json_opt_uint(x, p, args, k ? "firstIndex" : "firstVertex", &dd->start_location);
    rc |= vf_json_opt_uint(x, p, args, "firstInstance", &dd->start_instance_location);
    if (k && vf_json_present(args, "vertexOffset")) {
        int64_t off;
        char q[PATH_SIZE];
        vf_json_path_field(q, p, "vertexOffset");
        if (vf_json_get_integer(x, q, vf_json_field(args, "vertexOffset"), INT32_MIN, INT32_MAX,
                                &off) != 0)
            return -1;
        dd->base_vertex_location = (int32_t)off;
    }
    return rc;
}

/* "topology" and "primitiveRestartEnable" (VkPipelineInputAssemblyStateCreateInfo),
 * then the fields that go with the topology. */
static int load_input_assembly(struct vf_json_ctx *x, json_object *root, struct vf_case_vulkan *v)
{
    int rc = 0;

    v->topology = VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    if (!vf_json_present(root, "topology"))
        rc = vf_json_missing(x, "", root, "topology", "e.g. TRIANGLE_LIST");
    else
        rc |= vf_case_get_named_enum(x, "topology", vf_json_field(root, "topology"),
                                     &vf_vk_topology_names, &v->topology);
    rc |= vf_case_vulkan_load_ia(x, root, v, rc == 0);
    if (vf_json_present(root, "primitiveRestartEnable"))
        rc |= get_bool(x, "primitiveRestartEnable", vf_json_field(root, "primitiveRestartEnable"),
                       &v->primitive_restart);
    return rc;
}

static int load_description(struct vf_json_ctx *x, json_object *root, struct vf_case *c)
{
    const char *s;

    if (!vf_json_present(root, "Description"))
        return 0;
    if (vf_json_get_string(x, "Description", vf_json_field(root, "Description"), &s) != 0)
        return -1;
    c->description = vf_json_strndup(s, strlen(s));
    return c->description == NULL ? fail(x, "Description", "out of memory") : 0;
}

/* The D3D fields a Vulkan case must not have, and what it has instead. */
static int reject_d3d_fields(struct vf_json_ctx *x, json_object *root)
{
    static const struct {
        const char *name, *instead;
    } d3d_only[] = {
        { "InputLayout", "describe 'VertexBindings' and 'VertexAttributes'" },
        { "VertexBuffers", "bind 'Buffers' with 'vkCmdBindVertexBuffers'" },
        { "IndexBuffer", "bind one of 'Buffers' with 'vkCmdBindIndexBuffer'" },
        { "IASetVertexBuffers", "bind 'Buffers' with 'vkCmdBindVertexBuffers'" },
        { "IASetIndexBuffer", "bind one of 'Buffers' with 'vkCmdBindIndexBuffer'" },
        { "PrimitiveTopology", "'topology', e.g. TRIANGLE_LIST" },
        { "IBStripCutValue", "'primitiveRestartEnable' cuts at the index type's largest value" },
        { "Signature", "every attribute is read" },
    };
    int rc = 0;
    for (size_t i = 0; i < sizeof(d3d_only) / sizeof(d3d_only[0]); i++) {
        if (!vf_json_present(root, d3d_only[i].name))
            continue;
        rc = fail(x, d3d_only[i].name, "a D3D field, not for \"Api\": \"Vulkan\"; %s",
                  d3d_only[i].instead);
        /* Reported: not again as an unknown field (the tree is the loader's). */
        json_object_object_del(root, d3d_only[i].name);
    }
    return rc;
}

/* The D3D topology of a Vulkan one, for what the tools print (the D3D
 * list has no fan; a patch list of one control point, the loader adds
 * patchControlPoints). */
static uint32_t d3d_topology(uint32_t vk)
{
    static const uint32_t map[] = { VF_TOPOLOGY_POINTLIST, VF_TOPOLOGY_LINELIST,
                                    VF_TOPOLOGY_LINESTRIP, VF_TOPOLOGY_TRIANGLELIST,
                                    VF_TOPOLOGY_TRIANGLESTRIP, VF_TOPOLOGY_UNDEFINED,
                                    VF_TOPOLOGY_LINELIST_ADJ, VF_TOPOLOGY_LINESTRIP_ADJ,
                                    VF_TOPOLOGY_TRIANGLELIST_ADJ, VF_TOPOLOGY_TRIANGLESTRIP_ADJ,
                                    VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST };
    return vk < sizeof(map) / sizeof(map[0]) ? map[vk] : VF_TOPOLOGY_UNDEFINED;
}

int vf_case_load_vulkan(struct vf_json_ctx *x, json_object *root, struct vf_case *c)
{
    static const char *const fields[] = { "Api", "Description", "Features", "VertexBindings",
                                          "VertexAttributes", "Buffers",
                                          "vkCmdBindVertexBuffers", "vkCmdBindIndexBuffer",
                                          "topology", "primitiveRestartEnable",
                                          "provokingVertexMode", "patchControlPoints", "Draw",
                                          NULL };
    struct vf_case_vulkan *v;

    /* Each part, so that each malformed one is reported. */
    int rc = reject_d3d_fields(x, root);
    rc |= vf_json_check_fields(x, "", root, fields);
    v = c->vulkan = calloc(1, sizeof(*v));
    if (v == NULL)
        return fail(x, "", "out of memory");
    c->api = VF_CASE_API_VULKAN;
    rc |= load_description(x, root, c);
    rc |= load_vertex_input(x, root, v);
    rc |= load_bind_calls(x, root, v);
    rc |= load_input_assembly(x, root, v);
    vf_draw_desc_init(&c->draw);
    if (!vf_json_present(root, "Draw"))
        rc = vf_json_missing(x, "", root, "Draw", "vkCmdDraw or vkCmdDrawIndexed");
    else
        rc |= load_vk_draw(x, vf_json_field(root, "Draw"), c);
    if (rc != 0)
        return -1;
    /* For what the tools print; the draw itself is vf_vk_draw's. */
    c->draw.primitive_topology = d3d_topology(v->topology);
    if (v->topology == VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST)
        c->draw.primitive_topology += v->patch_control_points - 1;
    c->draw.strip_cut_value = VF_STRIP_CUT_VALUE_DISABLED;
    return 0;
}
