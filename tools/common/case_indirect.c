/*
 * case_indirect.c - the ExecuteIndirect form of a D3D12 case (see
 * case_indirect.h and vfetch(1)): the command signature with its argument
 * descs, MaxCommandCount, the argument and count buffers, and the table of
 * GPU virtual address ranges the views in the arguments resolve through.
 *
 * Every problem is reported as "JSON.path: what is wrong". The buffers
 * hold their whole data: their "Offset" is ArgumentBufferOffset or
 * CountBufferOffset, which the library checks, not a cut of the data.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"
#include "case_data.h"
#include "case_indirect.h"
#include "case_json.h"

#define fail vf_json_fail
#define PATH_SIZE VF_JSON_PATH_SIZE
#define SHOWN VF_JSON_SHOWN
#define SHOW VF_JSON_SHOW

/* Most ranges in GpuVirtualAddresses and argument descs the loader reads. */
#define MAX_RANGES 1024u
#define MAX_ARGS 64u

/* D3D12_INDIRECT_ARGUMENT_TYPE, by value. */
static const char *const type_names[] = {
    "DRAW", "DRAW_INDEXED", "DISPATCH", "VERTEX_BUFFER_VIEW", "INDEX_BUFFER_VIEW", "CONSTANT",
    "CONSTANT_BUFFER_VIEW", "SHADER_RESOURCE_VIEW", "UNORDERED_ACCESS_VIEW", "DISPATCH_RAYS",
    "DISPATCH_MESH", "INCREMENTING_CONSTANT", NULL
};
#define NUM_TYPES (sizeof(type_names) / sizeof(type_names[0]) - 1)
#define TYPE_PREFIX "D3D12_INDIRECT_ARGUMENT_TYPE_"

/* The fields of a buffer: its data sources and Offset. */
static const char *const buffer_fields[] = { "File", "Hex", "Float32", "Float16", "Uint8",
                                             "Uint16", "Uint32", "Int8", "Int16", "Int32",
                                             "Offset", NULL };
static const char *const range_fields[] = { "Address", "File", "Hex", "Float32", "Float16",
                                            "Uint8", "Uint16", "Uint32", "Int8", "Int16",
                                            "Int32", NULL };

const char *vf_case_argument_type_name(uint32_t type)
{
    return type < NUM_TYPES ? type_names[type] : NULL;
}

/* A type name (with or without its prefix), or a number passed through for
 * vf_command_signature_check to judge. */
static int get_type(struct vf_json_ctx *x, const char *path, json_object *v, uint32_t *out)
{
    const char *s, *bare, *near;

    if (json_object_is_type(v, json_type_int))
        return vf_json_get_uint(x, path, v, out);
    if (!json_object_is_type(v, json_type_string))
        return fail(x, path, "expected an argument type name or a number, got %s",
                    vf_json_type_name(v));
    if (vf_json_get_string(x, path, v, &s) != 0)
        return -1;
    bare = strncmp(s, TYPE_PREFIX, strlen(TYPE_PREFIX)) == 0 ? s + strlen(TYPE_PREFIX) : s;
    for (uint32_t i = 0; i < NUM_TYPES; i++) {
        if (strcmp(bare, type_names[i]) == 0) {
            *out = i;
            return 0;
        }
    }
    near = vf_json_suggest(bare, type_names, NUM_TYPES);
    if (near != NULL)
        return fail(x, path, "unknown argument type '" SHOWN "' (did you mean '%s'?)", SHOW(s),
                    near);
    return fail(x, path, "unknown argument type '" SHOWN "'", SHOW(s));
}

/* The fields each type takes besides "Type", in D3D12's names. */
static void type_fields(uint32_t type, const char **fields)
{
    size_t n = 0;

    fields[n++] = "Type";
    if (type == VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW)
        fields[n++] = "Slot";
    if (type >= VF_INDIRECT_ARGUMENT_TYPE_CONSTANT &&
        type <= VF_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW)
        fields[n++] = "RootParameterIndex";
    if (type == VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT) {
        fields[n++] = "RootParameterIndex";
        fields[n++] = "DestOffsetIn32BitValues";
    }
    if (type == VF_INDIRECT_ARGUMENT_TYPE_CONSTANT) {
        fields[n++] = "DestOffsetIn32BitValues";
        fields[n++] = "Num32BitValuesToSet";
    }
    fields[n] = NULL;
}

/* One entry of ArgumentDescs. */
static int load_argument(struct vf_json_ctx *x, const char *path, json_object *v, size_t i,
                         void *arg)
{
    vf_indirect_argument_desc *a = (vf_indirect_argument_desc *)arg + i;
    const char *fields[5];
    char p[PATH_SIZE];

    if (!json_object_is_type(v, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(v));
    if (!vf_json_present(v, "Type"))
        return fail(x, path, "missing field 'Type'");
    vf_json_path_field(p, path, "Type");
    if (get_type(x, p, vf_json_field(v, "Type"), &a->type) != 0)
        return -1;
    type_fields(a->type, fields);
    if (vf_json_check_fields(x, path, v, fields) != 0)
        return -1;
    switch (a->type) {
    case VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW:
        return vf_json_req_uint(x, path, v, "Slot", &a->u.vertex_buffer.slot);
    case VF_INDIRECT_ARGUMENT_TYPE_CONSTANT:
        return vf_json_opt_uint(x, path, v, "RootParameterIndex",
                                &a->u.constant.root_parameter_index) != 0 ||
                       vf_json_opt_uint(x, path, v, "DestOffsetIn32BitValues",
                                        &a->u.constant.dest_offset_in_32bit_values) != 0
                   ? -1
                   : vf_json_req_uint(x, path, v, "Num32BitValuesToSet",
                                      &a->u.constant.num_32bit_values_to_set);
    case VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT:
        return vf_json_opt_uint(x, path, v, "RootParameterIndex",
                                &a->u.incrementing_constant.root_parameter_index) != 0
                   ? -1
                   : vf_json_opt_uint(x, path, v, "DestOffsetIn32BitValues",
                                      &a->u.incrementing_constant.dest_offset_in_32bit_values);
    case VF_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW:
    case VF_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW:
    case VF_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW:
        /* The three root views share the layout of this member. */
        return vf_json_opt_uint(x, path, v, "RootParameterIndex",
                                &a->u.constant_buffer_view.root_parameter_index);
    default:
        return 0;
    }
}

static int load_signature(struct vf_json_ctx *x, json_object *v, struct vf_case_indirect *e)
{
    static const char *const fields[] = { "ByteStride", "ArgumentDescs", "NodeMask", NULL };
    const char *path = "ExecuteIndirect.CommandSignature";
    char p[PATH_SIZE];
    size_t n;

    if (!json_object_is_type(v, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(v));
    if (vf_json_check_fields(x, path, v, fields) != 0 ||
        vf_json_req_uint(x, path, v, "ByteStride", &e->signature.byte_stride) != 0 ||
        vf_json_opt_uint(x, path, v, "NodeMask", &e->signature.node_mask) != 0)
        return -1;
    if (!vf_json_present(v, "ArgumentDescs"))
        return fail(x, path, "missing field 'ArgumentDescs'");
    vf_json_path_field(p, path, "ArgumentDescs");
    e->args = vf_json_get_array(x, p, vf_json_field(v, "ArgumentDescs"), MAX_ARGS,
                                "argument descs", sizeof(*e->args), &n);
    if (e->args == NULL)
        return -1;
    e->num_args = (uint32_t)n;
    e->signature.num_argument_descs = e->num_args;
    e->signature.argument_descs = e->args;
    return vf_json_each(x, p, vf_json_field(v, "ArgumentDescs"), load_argument, e->args);
}

/* The bytes of a buffer object's one data source (required). */
static int load_bytes(struct vf_json_ctx *x, const char *path, json_object *obj, uint8_t **data,
                      size_t *size)
{
    size_t src = VF_CASE_NO_SOURCE;
    char *file = NULL;
    int rc;

    if (vf_case_source(x, path, obj, 0, &src) != 0)
        return -1;
    if (src == VF_CASE_NO_SOURCE)
        return fail(x, path, "no data: give 'File', 'Hex' or a typed array such as 'Uint32'");
    rc = vf_case_load_data(x, path, obj, src, VF_FORMAT_R32_UINT, data, size, &file);
    free(file);
    return rc;
}

/* ArgumentBuffer or CountBuffer: the data and the Offset into it. */
static int load_buffer(struct vf_json_ctx *x, const char *path, json_object *v, uint8_t **data,
                       size_t *size, uint64_t *offset)
{
    uint32_t off = 0;

    if (!json_object_is_type(v, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(v));
    if (vf_json_check_fields(x, path, v, buffer_fields) != 0 ||
        vf_json_opt_uint(x, path, v, "Offset", &off) != 0 ||
        load_bytes(x, path, v, data, size) != 0)
        return -1;
    *offset = off;
    return 0;
}

/* A GPU virtual address: a JSON integer, or a string of decimal or 0x hex
 * digits for addresses past 2^63. */
static int get_address(struct vf_json_ctx *x, const char *path, json_object *v, uint64_t *out)
{
    const char *s;
    char *end;
    int64_t i;

    if (json_object_is_type(v, json_type_int)) {
        if (vf_json_get_integer(x, path, v, 0, INT64_MAX, &i) != 0)
            return -1;
        *out = (uint64_t)i;
        return 0;
    }
    if (!json_object_is_type(v, json_type_string))
        return fail(x, path, "expected an address (a number or a \"0x...\" string), got %s",
                    vf_json_type_name(v));
    if (vf_json_get_string(x, path, v, &s) != 0)
        return -1;
    if (s[0] < '0' || s[0] > '9')
        return fail(x, path, "'" SHOWN "' is not an address", SHOW(s));
    errno = 0;
    *out = strtoull(s, &end, 0);
    if (errno != 0 || *end != '\0')
        return fail(x, path, "'" SHOWN "' is not an address below 2^64", SHOW(s));
    return 0;
}

/* One entry of GpuVirtualAddresses. */
static int load_range(struct vf_json_ctx *x, const char *path, json_object *v, size_t i,
                      void *arg)
{
    struct vf_case_indirect *e = arg;
    vf_gpu_address_range *r = &e->ranges[i];
    char p[PATH_SIZE];
    size_t size = 0;

    if (!json_object_is_type(v, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(v));
    if (vf_json_check_fields(x, path, v, range_fields) != 0)
        return -1;
    if (!vf_json_present(v, "Address"))
        return fail(x, path, "missing field 'Address'");
    vf_json_path_field(p, path, "Address");
    if (get_address(x, p, vf_json_field(v, "Address"), &r->base) != 0 ||
        load_bytes(x, path, v, &e->range_bytes[i], &size) != 0)
        return -1;
    if (size != 0 && r->base > UINT64_MAX - (size - 1))
        return fail(x, p, "the range of %zu bytes from it passes 2^64", size);
    r->size = size;
    r->host = e->range_bytes[i];
    e->range_count = (uint32_t)i + 1;
    return 0;
}

static int load_ranges(struct vf_json_ctx *x, json_object *v, struct vf_case_indirect *e)
{
    const char *path = "GpuVirtualAddresses";
    size_t n;

    e->ranges = vf_json_get_array(x, path, v, MAX_RANGES, "address ranges",
                                  sizeof(*e->ranges), &n);
    if (e->ranges == NULL)
        return -1;
    e->range_bytes = calloc(n ? n : 1, sizeof(*e->range_bytes));
    if (e->range_bytes == NULL)
        return fail(x, path, "out of memory");
    return vf_json_each(x, path, v, load_range, e);
}

static int load_call(struct vf_json_ctx *x, json_object *v, struct vf_case_indirect *e)
{
    static const char *const fields[] = { "CommandSignature", "MaxCommandCount",
                                          "ArgumentBuffer", "CountBuffer", NULL };
    static const char *const required[] = { "CommandSignature", "MaxCommandCount",
                                            "ArgumentBuffer" };
    const char *path = "ExecuteIndirect";

    if (!json_object_is_type(v, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(v));
    if (vf_json_check_fields(x, path, v, fields) != 0)
        return -1;
    for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++)
        if (!vf_json_present(v, required[i]))
            return fail(x, path, "missing field '%s'", required[i]);
    if (load_signature(x, vf_json_field(v, "CommandSignature"), e) != 0 ||
        vf_json_req_uint(x, path, v, "MaxCommandCount", &e->max_command_count) != 0 ||
        load_buffer(x, "ExecuteIndirect.ArgumentBuffer", vf_json_field(v, "ArgumentBuffer"),
                    &e->argument_bytes, &e->argument_size, &e->argument_offset) != 0)
        return -1;
    e->has_count_buffer = vf_json_present(v, "CountBuffer");
    if (e->has_count_buffer &&
        load_buffer(x, "ExecuteIndirect.CountBuffer", vf_json_field(v, "CountBuffer"),
                    &e->count_bytes, &e->count_size, &e->count_offset) != 0)
        return -1;
    return 0;
}

int vf_case_load_indirect(struct vf_json_ctx *x, json_object *root, struct vf_case *c)
{
    struct vf_case_indirect *e = c->indirect = calloc(1, sizeof(*e));

    if (e == NULL)
        return fail(x, "", "out of memory");
    if (load_call(x, vf_json_field(root, "ExecuteIndirect"), e) != 0)
        return -1;
    if (vf_json_present(root, "GpuVirtualAddresses") &&
        load_ranges(x, vf_json_field(root, "GpuVirtualAddresses"), e) != 0)
        return -1;
    /* The draw argument decides; the signature check reports a missing one. */
    c->draw.indexed = 0;
    for (uint32_t i = 0; i < e->num_args; i++)
        if (e->args[i].type == VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED)
            c->draw.indexed = 1;
    c->draw.vertex_count_per_instance = 0;
    c->draw.instance_count = 0;
    return 0;
}

void vf_case_free_indirect(struct vf_case *c)
{
    struct vf_case_indirect *e = c->indirect;

    if (e == NULL)
        return;
    if (e->range_bytes != NULL)
        for (uint32_t i = 0; i < e->range_count; i++)
            free(e->range_bytes[i]);
    free(e->range_bytes);
    free(e->ranges);
    free(e->args);
    free(e->argument_bytes);
    free(e->count_bytes);
    free(e);
    c->indirect = NULL;
}

void vf_case_indirect_desc(const struct vf_case *c, vf_execute_indirect_desc *desc)
{
    const struct vf_case_indirect *e = c->indirect;
    vf_draw_desc d;

    vf_case_draw_desc(c, &d);
    vf_execute_indirect_desc_init(desc);
    desc->signature = &e->signature;
    desc->max_command_count = e->max_command_count;
    desc->argument_buffer = e->argument_bytes;
    desc->argument_buffer_size = e->argument_size;
    desc->argument_buffer_offset = e->argument_offset;
    desc->count_buffer = e->has_count_buffer ? e->count_bytes : NULL;
    desc->count_buffer_size = e->count_size;
    desc->count_buffer_offset = e->count_offset;
    desc->ranges = e->ranges;
    desc->range_count = e->range_count;
    desc->vertex_buffers = d.vertex_buffers;
    desc->num_vertex_buffers = d.num_vertex_buffers;
    desc->index_buffer = d.index_buffer;
    desc->strip_cut_value = d.strip_cut_value;
    desc->primitive_topology = d.primitive_topology;
}
