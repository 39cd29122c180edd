/*
 * case_json.c - the parts of a case that both forms share (see
 * case_json.h): named values, formats, component mappings, the input
 * layout, the signature and the description.
 *
 * Unknown fields are errors so that a misspelt field never falls back to a
 * default silently.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "case.h"
#include "case_json.h"
#include "d3d_names.h"
#include "json_read.h"

#define fail vf_json_fail
#define PATH_SIZE VF_JSON_PATH_SIZE
#define SHOWN VF_JSON_SHOWN
#define SHOW VF_JSON_SHOW

/* The start of every "integer or name" value: an integer is read into *out
 * (and *s set to NULL), a string into *s; anything else is an error that
 * says what was `expected`. */
static int get_uint_or_string(struct vf_json_ctx *x, const char *path, json_object *v,
                              const char *expected, uint32_t *out, const char **s)
{
    *s = NULL;
    if (json_object_is_type(v, json_type_int))
        return vf_json_get_uint(x, path, v, out);
    if (!json_object_is_type(v, json_type_string))
        return fail(x, path, "expected %s, got %s", expected, vf_json_type_name(v));
    return vf_json_get_string(x, path, v, s);
}

/* The name of table `t` closest to `s` (vf_json_suggest over its names,
 * or the one `s` ends in after a '_', as another API's long name does), or
 * NULL. */
static const char *suggest_name(const struct vf_names *t, const char *s)
{
    const char *names[64];
    size_t n = 0, plen = t->prefix != NULL ? strlen(t->prefix) : 0;

    if (plen != 0 && strncasecmp(s, t->prefix, plen) == 0)
        s += plen;
    for (size_t i = 0; i < t->count && n < 64; i++)
        if (t->names[i] != NULL)
            names[n++] = t->names[i];
    for (size_t i = 0; i < t->num_aliases && n < 64; i++)
        names[n++] = t->aliases[i].name;
    const char *near = vf_json_suggest(s, names, n);
    for (size_t i = 0; i < n && near == NULL; i++) {
        size_t sl = strlen(s), nl = strlen(names[i]);
        if (sl > nl && s[sl - nl - 1] == '_' && strcasecmp(s + sl - nl, names[i]) == 0)
            near = names[i];
    }
    return near;
}

/* A name of table `t` (with or without its long prefix), or an integer in
 * [0, UINT32_MAX] passed through so the library can judge it. An unknown
 * name gets the closest one, long when it was written long. */
int vf_case_get_named_enum(struct vf_json_ctx *x, const char *path, json_object *v,
                           const struct vf_names *t, uint32_t *out)
{
    char expected[96];
    const char *s, *near;

    snprintf(expected, sizeof(expected), "a %s name or a number", t->what);
    if (get_uint_or_string(x, path, v, expected, out, &s) != 0)
        return -1;
    if (s == NULL || vf_names_lookup(t, s, out) == 0)
        return 0;
    near = suggest_name(t, s);
    if (near == NULL)
        return fail(x, path, "unknown %s '" SHOWN "'", t->what, SHOW(s));
    int long_form = t->prefix != NULL && strncasecmp(s, "D3D", 3) == 0;
    return fail(x, path, "unknown %s '" SHOWN "' (did you mean '%s%s'?)", t->what, SHOW(s),
                long_form ? t->prefix : "", near);
}

int vf_case_opt_named_enum(struct vf_json_ctx *x, const char *path, json_object *obj,
                           const char *name, const struct vf_names *t, uint32_t *out)
{
    char p[PATH_SIZE];

    if (!vf_json_present(obj, name))
        return 0;
    vf_json_path_field(p, path, name);
    return vf_case_get_named_enum(x, p, vf_json_field(obj, name), t, out);
}

/* "unknown format", with the closest format name when one is close. */
static int unknown_format(struct vf_json_ctx *x, const char *path, const char *s)
{
    const char *names[256];
    size_t n = 0;
    const char *bare = strncasecmp(s, "DXGI_FORMAT_", 12) == 0 ? s + 12 : s;
    for (uint32_t i = 0; i < vf_format_count() && n < 256; i++)
        names[n++] = vf_format_info_at(i)->name;
    const char *near = vf_json_suggest(bare, names, n);
    if (near != NULL)
        return fail(x, path, "unknown format '" SHOWN "' (did you mean '%s'?)", SHOW(s), near);
    return fail(x, path, "unknown format '" SHOWN "'", SHOW(s));
}

int vf_case_get_format(struct vf_json_ctx *x, const char *path, json_object *v, vf_format *out)
{
    const char *s;

    if (get_uint_or_string(x, path, v, "a DXGI format name or a number", out, &s) != 0)
        return -1;
    if (s == NULL || vf_format_from_name(s, out) == VF_OK)
        return 0;
    /* DXGI names are upper case; "r32g32_float" can mean only one. */
    char upper[64];
    size_t n = strlen(s);
    if (n < sizeof(upper)) {
        for (size_t i = 0; i <= n; i++)
            upper[i] = (char)toupper((unsigned char)s[i]);
        if (vf_format_from_name(upper, out) == VF_OK)
            return 0;
    }
    return unknown_format(x, path, s);
}

/* A swizzle of four characters from x y z w (r g b a) 0 1: 0 with *out set,
 * or -1 without a message. */
static int parse_swizzle(const char *s, uint32_t *out)
{
    uint32_t sel[4];

    if (strlen(s) != 4)
        return -1;
    for (int i = 0; i < 4; i++) {
        switch (s[i]) {
        case 'x': case 'r': sel[i] = 0; break;
        case 'y': case 'g': sel[i] = 1; break;
        case 'z': case 'b': sel[i] = 2; break;
        case 'w': case 'a': sel[i] = 3; break;
        case '0': sel[i] = VF_COMPONENT_MAPPING_FORCE_VALUE_0; break;
        case '1': sel[i] = VF_COMPONENT_MAPPING_FORCE_VALUE_1; break;
        default: return -1;
        }
    }
    *out = VF_ENCODE_COMPONENT_MAPPING(sel[0], sel[1], sel[2], sel[3]);
    return 0;
}

/* ComponentMapping: a number, a "0x1688" string, or a swizzle, e.g.
 * "zyx1" = 0x1A0A. */
static int get_mapping(struct vf_json_ctx *x, const char *path, json_object *v, uint32_t *out)
{
    const char *s;

    if (get_uint_or_string(x, path, v, "a number, a hex string or a swizzle", out, &s) != 0)
        return -1;
    if (s == NULL)
        return 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        if (vf_json_parse_uint(s, out) != 0)
            return fail(x, path, "'" SHOWN "' is not a 32-bit hex number", SHOW(s));
        return 0;
    }
    if (parse_swizzle(s, out) == 0)
        return 0;
    return fail(x, path, "'" SHOWN "' is neither a hex number (0x1688) nor a swizzle (xyzw)",
                SHOW(s));
}

static int get_semantic(struct vf_json_ctx *x, const char *path, json_object *obj, char **out)
{
    char p[PATH_SIZE];
    json_object *v = vf_json_field(obj, "SemanticName");
    const char *s;

    if (!vf_json_present(obj, "SemanticName"))
        return vf_json_missing(x, path, obj, "SemanticName", NULL);
    vf_json_path_field(p, path, "SemanticName");
    /* null is passed on as a NULL name so the library can report it. */
    if (v == NULL) {
        *out = NULL;
        return 0;
    }
    if (vf_json_get_string(x, p, v, &s) != 0)
        return -1;
    *out = vf_json_strndup(s, strlen(s));
    if (*out == NULL)
        return fail(x, p, "out of memory");
    return 0;
}

/* What an InputLayout or Signature entry starts with: an object of only
 * the `allowed` fields, and its SemanticName (*name, owned). */
static int get_entry_head(struct vf_json_ctx *x, const char *path, json_object *obj,
                          const char *const *allowed, char **name)
{
    if (!json_object_is_type(obj, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(obj));
    /* Both, so that each problem is reported. */
    int rc = vf_json_check_fields(x, path, obj, allowed);
    return get_semantic(x, path, obj, name) | rc;
}

/* AlignedByteOffset: a number, or APPEND (VF_APPEND_ALIGNED_ELEMENT, the
 * default) by one of its names, with the prefix of the case's API. */
static int get_aligned_byte_offset(struct vf_json_ctx *x, const char *path, json_object *obj,
                                   int api, uint32_t *out)
{
    const char *full = api == VF_CASE_API_D3D11 ? "D3D11_APPEND_ALIGNED_ELEMENT"
                                                : "D3D12_APPEND_ALIGNED_ELEMENT";
    char p[PATH_SIZE];
    json_object *v = vf_json_field(obj, "AlignedByteOffset");
    const char *s;

    *out = VF_APPEND_ALIGNED_ELEMENT;
    if (!vf_json_present(obj, "AlignedByteOffset"))
        return 0;
    vf_json_path_field(p, path, "AlignedByteOffset");
    if (!json_object_is_type(v, json_type_string))
        return vf_json_get_uint(x, p, v, out);
    if (vf_json_get_string(x, p, v, &s) != 0)
        return -1;
    if (strcmp(s, "APPEND") != 0 && strcmp(s, full) != 0 &&
        strcmp(s, "APPEND_ALIGNED_ELEMENT") != 0)
        return fail(x, p, "expected a number, 'APPEND' or '%s', got '" SHOWN "'", full, SHOW(s));
    return 0;
}

/* One entry of InputLayout into c->elements[i] and its component mapping. */
static int load_element(struct vf_json_ctx *x, const char *path, json_object *obj, size_t i,
                        void *arg)
{
    static const char *const fields[] = { "SemanticName", "SemanticIndex", "Format",
                                          "InputSlot", "AlignedByteOffset", "InputSlotClass",
                                          "InstanceDataStepRate", "ComponentMapping", NULL };
    struct vf_case *c = arg;
    vf_input_element_desc *e = &c->elements[i];
    char p[PATH_SIZE];
    char *name = NULL;

    c->num_elements = (uint32_t)i + 1; /* so vf_case_free frees the name */
    if (!json_object_is_type(obj, json_type_object))
        return get_entry_head(x, path, obj, fields, &name);
    /* Every field, so that each malformed one is reported. */
    int rc = get_entry_head(x, path, obj, fields, &name);
    e->semantic_name = name;
    rc |= vf_json_opt_uint(x, path, obj, "SemanticIndex", &e->semantic_index);
    if (!vf_json_present(obj, "Format")) {
        rc |= vf_json_missing(x, path, obj, "Format", NULL);
    } else {
        vf_json_path_field(p, path, "Format");
        rc |= vf_case_get_format(x, p, vf_json_field(obj, "Format"), &e->format);
    }
    rc |= vf_json_opt_uint(x, path, obj, "InputSlot", &e->input_slot);
    rc |= get_aligned_byte_offset(x, path, obj, c->api, &e->aligned_byte_offset);
    e->input_slot_class = VF_INPUT_PER_VERTEX_DATA;
    rc |= vf_case_opt_named_enum(x, path, obj, "InputSlotClass",
                                 c->api == VF_CASE_API_D3D11 ? &vf_d3d11_slot_class_names
                                                             : &vf_slot_class_names,
                                 &e->input_slot_class);
    rc |= vf_json_opt_uint(x, path, obj, "InstanceDataStepRate", &e->instance_data_step_rate);
    c->component_mappings[i] = VF_DEFAULT_COMPONENT_MAPPING;
    if (!vf_json_present(obj, "ComponentMapping"))
        return rc;
    vf_json_path_field(p, path, "ComponentMapping");
    return get_mapping(x, p, vf_json_field(obj, "ComponentMapping"), &c->component_mappings[i]) |
           rc;
}

static int load_input_layout(struct vf_json_ctx *x, json_object *v, struct vf_case *c)
{
    const char *path = "InputLayout";
    size_t n;

    c->elements = vf_json_get_array(x, path, v, VF_CASE_MAX_ARRAY, "elements",
                                    sizeof(*c->elements), &n);
    if (c->elements == NULL)
        return -1;
    c->component_mappings = calloc(n ? n : 1, sizeof(*c->component_mappings));
    if (c->component_mappings == NULL)
        return fail(x, path, "out of memory");
    if (vf_json_each(x, path, v, load_element, c) != 0)
        return -1;
    c->num_elements = (uint32_t)n;
    return 0;
}

/* One entry of Signature into c->signature[i]. */
static int load_signature_entry(struct vf_json_ctx *x, const char *path, json_object *obj,
                                size_t i, void *arg)
{
    static const char *const fields[] = { "SemanticName", "SemanticIndex", "Register", "Mask",
                                          "ComponentType", NULL };
    struct vf_case *c = arg;
    vf_signature_element *s = &c->signature[i];
    char *name = NULL;

    c->signature_count = (uint32_t)i + 1; /* so vf_case_free frees the name */
    if (!json_object_is_type(obj, json_type_object))
        return get_entry_head(x, path, obj, fields, &name);
    /* Every field, so that each malformed one is reported. */
    int rc = get_entry_head(x, path, obj, fields, &name);
    s->semantic_name = name;
    s->mask = 0xf;
    s->component_type = VF_REGISTER_COMPONENT_UNKNOWN;
    rc |= vf_json_opt_uint(x, path, obj, "SemanticIndex", &s->semantic_index);
    rc |= vf_json_req_uint(x, path, obj, "Register", &s->register_index);
    rc |= vf_json_opt_uint(x, path, obj, "Mask", &s->mask);
    return vf_case_opt_named_enum(x, path, obj, "ComponentType", &vf_component_type_names,
                                  &s->component_type) | rc;
}

static int load_signature(struct vf_json_ctx *x, json_object *v, struct vf_case *c)
{
    size_t n;

    c->signature = vf_json_get_array(x, "Signature", v, VF_CASE_MAX_ARRAY, "entries",
                                     sizeof(*c->signature), &n);
    if (c->signature == NULL)
        return -1;
    if (vf_json_each(x, "Signature", v, load_signature_entry, c) != 0)
        return -1;
    c->signature_count = (uint32_t)n;
    return 0;
}

int vf_case_load_shader_inputs(struct vf_json_ctx *x, json_object *root, struct vf_case *c)
{
    json_object *v = vf_json_field(root, "Description");
    int rc = 0;

    /* Each part, so that each malformed one is reported. */
    if (vf_json_present(root, "Description")) {
        const char *s;
        if (vf_json_get_string(x, "Description", v, &s) != 0) {
            rc = -1;
        } else {
            c->description = vf_json_strndup(s, strlen(s));
            if (c->description == NULL)
                return fail(x, "Description", "out of memory");
        }
    }
    if (!vf_json_present(root, "InputLayout"))
        rc = vf_json_missing(x, "", root, "InputLayout", NULL);
    else if (load_input_layout(x, vf_json_field(root, "InputLayout"), c) != 0)
        rc = -1;
    if (vf_json_present(root, "Signature") &&
        load_signature(x, vf_json_field(root, "Signature"), c) != 0)
        rc = -1;
    return rc;
}

int vf_case_get_base_vertex(struct vf_json_ctx *x, const char *path, json_object *args,
                            int32_t *out)
{
    char p[PATH_SIZE];
    int64_t n;

    if (!vf_json_present(args, "BaseVertexLocation"))
        return 0;
    vf_json_path_field(p, path, "BaseVertexLocation");
    if (vf_json_get_integer(x, p, vf_json_field(args, "BaseVertexLocation"), INT32_MIN, INT32_MAX,
                            &n) != 0)
        return -1;
    *out = (int32_t)n;
    return 0;
}
