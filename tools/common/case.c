/*
 * case.c - loads the JSON case format of the vfetch tools (see case.h and
 * vfetch(1)).
 *
 * Every problem is reported as "JSON.path: what is wrong". Unknown fields are
 * errors so that a misspelt field never falls back to a default silently.
 * Nothing here trusts a size from the case: data are read from the file or
 * the Hex string first, and a view must fit inside what was read.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"
#include "case_json.h"
#include "d3d_names.h"
#include "json_read.h"

/* Shorter names for the getters every section uses. */
#define fail vf_json_fail
#define PATH_SIZE VF_JSON_PATH_SIZE
#define SHOWN VF_JSON_SHOWN
#define SHOW VF_JSON_SHOW

/* A name of table `t` (with or without its long prefix), or an integer in
 * [0, UINT32_MAX] passed through so the library can judge it. */
int vf_case_get_named_enum(struct vf_json_ctx *x, const char *path, json_object *v,
                           const struct vf_names *t, uint32_t *out)
{
    const char *s;

    if (json_object_is_type(v, json_type_int))
        return vf_json_get_uint(x, path, v, out);
    if (!json_object_is_type(v, json_type_string))
        return fail(x, path, "expected a %s name or a number, got %s", t->what,
                    vf_json_type_name(v));
    if (vf_json_get_string(x, path, v, &s) != 0)
        return -1;
    if (vf_names_lookup(t, s, out) != 0)
        return fail(x, path, "unknown %s '" SHOWN "'", t->what, SHOW(s));
    return 0;
}

int vf_case_get_format(struct vf_json_ctx *x, const char *path, json_object *v, vf_format *out)
{
    const char *s;

    if (json_object_is_type(v, json_type_int))
        return vf_json_get_uint(x, path, v, out);
    if (!json_object_is_type(v, json_type_string))
        return fail(x, path, "expected a DXGI format name or a number, got %s",
                    vf_json_type_name(v));
    if (vf_json_get_string(x, path, v, &s) != 0)
        return -1;
    if (vf_format_from_name(s, out) != VF_OK)
        return fail(x, path, "unknown format '" SHOWN "'", SHOW(s));
    return 0;
}

/* ComponentMapping: a number, a "0x1688" string, or a swizzle of four
 * characters from x y z w (r g b a) 0 1, e.g. "zyx1" = 0x1A0A. */
static int get_mapping(struct vf_json_ctx *x, const char *path, json_object *v, uint32_t *out)
{
    const char *s;

    if (json_object_is_type(v, json_type_int))
        return vf_json_get_uint(x, path, v, out);
    if (!json_object_is_type(v, json_type_string))
        return fail(x, path, "expected a number, a hex string or a swizzle, got %s",
                    vf_json_type_name(v));
    if (vf_json_get_string(x, path, v, &s) != 0)
        return -1;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        if (vf_json_parse_uint(s, out) != 0)
            return fail(x, path, "'" SHOWN "' is not a 32-bit hex number", SHOW(s));
        return 0;
    }
    if (strlen(s) == 4) {
        uint32_t sel[4];
        int ok = 1;
        for (int i = 0; i < 4 && ok; i++) {
            switch (s[i]) {
            case 'x': case 'r': sel[i] = 0; break;
            case 'y': case 'g': sel[i] = 1; break;
            case 'z': case 'b': sel[i] = 2; break;
            case 'w': case 'a': sel[i] = 3; break;
            case '0': sel[i] = VF_COMPONENT_MAPPING_FORCE_VALUE_0; break;
            case '1': sel[i] = VF_COMPONENT_MAPPING_FORCE_VALUE_1; break;
            default: ok = 0; break;
            }
        }
        if (ok) {
            *out = VF_ENCODE_COMPONENT_MAPPING(sel[0], sel[1], sel[2], sel[3]);
            return 0;
        }
    }
    return fail(x, path, "'" SHOWN "' is neither a hex number (0x1688) nor a swizzle (xyzw)",
                SHOW(s));
}

/* ------------------------------------------------------------------------ */
/* Buffer data                                                              */
/* ------------------------------------------------------------------------ */

static int hex_digit(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* Appends the bytes of one Hex string (pairs of hex digits; blanks anywhere
 * between pairs) to buf, which has room for them. */
static int parse_hex(struct vf_json_ctx *x, const char *path, const char *s, uint8_t *buf,
                     size_t *len)
{
    int hi = -1;

    for (size_t i = 0; s[i] != '\0'; i++) {
        int d;
        if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
            if (hi >= 0)
                return fail(x, path, "blank inside the byte at character %zu", i);
            continue;
        }
        d = hex_digit((unsigned char)s[i]);
        if (d < 0)
            return fail(x, path, "character %zu ('%c') is not a hex digit", i,
                        (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?');
        if (hi < 0) {
            hi = d;
        } else {
            buf[(*len)++] = (uint8_t)(hi << 4 | d);
            hi = -1;
        }
    }
    if (hi >= 0)
        return fail(x, path, "odd number of hex digits");
    return 0;
}

/* Hex: a string or an array of strings, concatenated. */
static int load_hex(struct vf_json_ctx *x, const char *path, json_object *v, uint8_t **data,
                    size_t *size)
{
    char p[PATH_SIZE];
    size_t cap = 0, len = 0, n = 1;
    uint8_t *buf;
    const char *s;

    if (json_object_is_type(v, json_type_array))
        n = json_object_array_length(v);
    else if (!json_object_is_type(v, json_type_string))
        return fail(x, path, "expected a hex string or an array of them, got %s",
                    vf_json_type_name(v));
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_is_type(v, json_type_array)
                             ? json_object_array_get_idx(v, i) : v;
        if (json_object_is_type(v, json_type_array))
            vf_json_path_index(p, path, i);
        else
            vf_json_path_append(p, 0, path);
        if (vf_json_get_string(x, p, e, &s) != 0)
            return -1;
        cap += strlen(s) / 2; /* the JSON text bounds this: no overflow */
    }
    buf = malloc(cap ? cap : 1);
    if (buf == NULL)
        return fail(x, path, "out of memory");
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_is_type(v, json_type_array)
                             ? json_object_array_get_idx(v, i) : v;
        if (json_object_is_type(v, json_type_array))
            vf_json_path_index(p, path, i);
        else
            vf_json_path_append(p, 0, path);
        if (parse_hex(x, p, json_object_get_string(e), buf, &len) != 0) {
            free(buf);
            return -1;
        }
    }
    *data = buf;
    *size = len;
    return 0;
}

/* Typed arrays: Float32, Float16, Uint8 .. Int32, and Indices for index
 * buffers (written in the view's Format). Nested arrays (rows) are read in
 * order. Floats are numbers, rounded to nearest even, or "0x..." bit
 * patterns (NaN payloads); integers must be in the type's range. */
struct typed {
    const char *name;
    uint32_t size;   /* bytes per value */
    int is_float;
    int64_t lo, hi;  /* integers */
};

static const struct typed typed_arrays[] = {
    { "Float32", 4, 1, 0, 0 },
    { "Float16", 2, 1, 0, 0 },
    { "Uint8", 1, 0, 0, UINT8_MAX },
    { "Uint16", 2, 0, 0, UINT16_MAX },
    { "Uint32", 4, 0, 0, UINT32_MAX },
    { "Int8", 1, 0, INT8_MIN, INT8_MAX },
    { "Int16", 2, 0, INT16_MIN, INT16_MAX },
    { "Int32", 4, 0, INT32_MIN, INT32_MAX },
};

#define NUM_TYPED ARRAY_LEN(typed_arrays)

/* The half nearest to `d` (ties to even); -1 if it rounds past 65504. */
static int32_t double_to_half(double d)
{
    uint32_t sign = signbit(d) ? 0x8000u : 0;
    double a = fabs(d), r;
    int e;

    if (isnan(d))
        return (int32_t)(sign | 0x7e00u);
    if (a >= 65520.0) /* halfway between 65504 and 65536 rounds to even: inf */
        return -1;
    if (a < 0x1p-14) /* subnormal: units of 2^-24, exact in a double */
        return (int32_t)(sign | (uint32_t)nearbyint(a * 0x1p24));
    frexp(a, &e);    /* a = f * 2^e, f in [0.5, 1): the exponent is e - 1 */
    r = nearbyint(ldexp(a, 11 - e)); /* 1024 .. 2048 */
    if (r >= 2048.0) {
        r = 1024.0;
        e++;
    }
    return (int32_t)(sign | (uint32_t)(e - 1 + 15) << 10 | ((uint32_t)r - 1024u));
}

static void put_le(uint8_t *p, uint64_t v, uint32_t size)
{
    for (uint32_t i = 0; i < size; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Values in a (nested) typed array, so the buffer can be sized first. */
static int count_typed(struct vf_json_ctx *x, const char *path, json_object *v, size_t depth,
                       size_t *n)
{
    char p[PATH_SIZE];
    size_t len;

    if (!json_object_is_type(v, json_type_array))
        return fail(x, path, "expected an array, got %s", vf_json_type_name(v));
    if (depth > 8)
        return fail(x, path, "arrays nested deeper than 8");
    len = json_object_array_length(v);
    for (size_t i = 0; i < len; i++) {
        json_object *e = json_object_array_get_idx(v, i);
        if (json_object_is_type(e, json_type_array)) {
            vf_json_path_index(p, path, i);
            if (count_typed(x, p, e, depth + 1, n) != 0)
                return -1;
        } else {
            (*n)++;
        }
    }
    return 0;
}

static int typed_value(struct vf_json_ctx *x, const char *path, json_object *e,
                       const struct typed *t, const char *name, uint8_t *out)
{
    if (!t->is_float) {
        int64_t n;
        if (!json_object_is_type(e, json_type_int))
            return fail(x, path, "expected an integer, got %s", vf_json_type_name(e));
        n = json_object_get_int64(e);
        if (n < t->lo || n > t->hi || n == INT64_MIN || n == INT64_MAX)
            return fail(x, path, "%s is out of range for %s (%" PRId64 "..%" PRId64 ")",
                        json_object_to_json_string_ext(e, JSON_C_TO_STRING_PLAIN), name,
                        t->lo, t->hi);
        put_le(out, (uint64_t)n, t->size);
        return 0;
    }
    if (json_object_is_type(e, json_type_string)) {
        const char *s;
        uint32_t bits;
        if (vf_json_get_string(x, path, e, &s) != 0)
            return -1;
        if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || vf_json_parse_uint(s, &bits) != 0)
            return fail(x, path, "expected a number or a hex bit pattern like \"0x%s\", "
                                 "got '" SHOWN "'", t->size == 2 ? "7e01" : "7fc00001", SHOW(s));
        if (t->size == 2 && bits > UINT16_MAX)
            return fail(x, path, SHOWN " does not fit in 16 bits", SHOW(s));
        put_le(out, bits, t->size);
        return 0;
    }
    if (json_object_is_type(e, json_type_int) || json_object_is_type(e, json_type_double)) {
        double d = json_object_get_double(e);
        if (t->size == 2) {
            int32_t h = double_to_half(d);
            if (h < 0)
                return fail(x, path, "%s is out of range for %s",
                            json_object_to_json_string_ext(e, JSON_C_TO_STRING_PLAIN), name);
            put_le(out, (uint32_t)h, 2);
        } else {
            float f = (float)d;
            uint32_t bits;
            if (isinf(f) && !isinf(d))
                return fail(x, path, "%s is out of range for %s",
                            json_object_to_json_string_ext(e, JSON_C_TO_STRING_PLAIN), name);
            memcpy(&bits, &f, 4);
            put_le(out, bits, 4);
        }
        return 0;
    }
    return fail(x, path, "expected a number or a hex bit pattern string, got %s",
                vf_json_type_name(e));
}

static int fill_typed(struct vf_json_ctx *x, const char *path, json_object *v,
                      const struct typed *t, const char *name, uint8_t *buf, size_t *len)
{
    char p[PATH_SIZE];
    size_t n = json_object_array_length(v);

    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(v, i);
        vf_json_path_index(p, path, i);
        if (json_object_is_type(e, json_type_array)) {
            if (fill_typed(x, p, e, t, name, buf, len) != 0)
                return -1;
            continue;
        }
        if (typed_value(x, p, e, t, name, buf + *len) != 0)
            return -1;
        *len += t->size;
    }
    return 0;
}

/* The bytes of typed array `kind` (an index into typed_arrays). */
static int load_typed(struct vf_json_ctx *x, const char *path, json_object *v,
                      const struct typed *t, const char *name, uint8_t **data, size_t *size)
{
    size_t n = 0, len = 0;
    uint8_t *buf;

    if (count_typed(x, path, v, 0, &n) != 0)
        return -1;
    if (n > VF_CASE_MAX_DATA_SIZE / t->size)
        return fail(x, path, "more than 1 GiB of data");
    buf = malloc(n ? n * t->size : 1);
    if (buf == NULL)
        return fail(x, path, "out of memory");
    if (fill_typed(x, path, v, t, name, buf, &len) != 0) {
        free(buf);
        return -1;
    }
    *data = buf;
    *size = len;
    return 0;
}

static char *join_path(const char *dir, const char *file)
{
    size_t dl, fl;
    char *p;

    if (file[0] == '/' || dir == NULL || dir[0] == '\0')
        return vf_json_strndup(file, strlen(file));
    dl = strlen(dir);
    fl = strlen(file);
    p = malloc(dl + fl + 2);
    if (p != NULL) {
        memcpy(p, dir, dl);
        p[dl] = '/';
        memcpy(p + dl + 1, file, fl + 1);
    }
    return p;
}

/* Reads a whole file of at most VF_CASE_MAX_DATA_SIZE bytes. On failure
 * returns -1 with an errno-style reason in *why (or 0 with "too large"). */
static int read_file(const char *name, uint8_t **data, size_t *size, int *err_no)
{
    FILE *f = fopen(name, "rb");
    size_t cap = 4096, len = 0;
    uint8_t *buf;

    *err_no = 0;
    if (f == NULL) {
        *err_no = errno;
        return -1;
    }
    buf = malloc(cap);
    if (buf == NULL) {
        fclose(f);
        *err_no = ENOMEM;
        return -1;
    }
    for (;;) {
        size_t got;
        if (len == cap) {
            uint8_t *nb;
            if (cap > VF_CASE_MAX_DATA_SIZE) {
                free(buf);
                fclose(f);
                *err_no = EFBIG;
                return -1;
            }
            cap *= 2;
            nb = realloc(buf, cap);
            if (nb == NULL) {
                free(buf);
                fclose(f);
                *err_no = ENOMEM;
                return -1;
            }
            buf = nb;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        *err_no = errno ? errno : EIO;
        free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    if (len > VF_CASE_MAX_DATA_SIZE) {
        free(buf);
        *err_no = EFBIG;
        return -1;
    }
    *data = buf;
    *size = len;
    return 0;
}

/* The data sources a view may name: File, Hex, the typed arrays, and
 * Indices for index buffers. */
#define NUM_SOURCES (2 + NUM_TYPED + 1)
_Static_assert(NUM_SOURCES == VF_CASE_NO_SOURCE && NUM_SOURCES - 1 == VF_CASE_SOURCE_INDICES,
               "case_json.h numbers the sources");

static const char *source_name(size_t i)
{
    return i == 0 ? "File" : i == 1 ? "Hex" : i < 2 + NUM_TYPED ? typed_arrays[i - 2].name
                                                                : "Indices";
}

int vf_case_source(struct vf_json_ctx *x, const char *path, json_object *obj, int is_index,
                   size_t *src_ret)
{
    size_t src = NUM_SOURCES, nsrc = is_index ? NUM_SOURCES : NUM_SOURCES - 1;

    for (size_t i = 0; i < nsrc; i++) {
        if (!vf_json_present(obj, source_name(i)))
            continue;
        if (src != NUM_SOURCES)
            return fail(x, path, "give one data source, not both '%s' and '%s'",
                        source_name(src), source_name(i));
        src = i;
    }
    *src_ret = src;
    return 0;
}

int vf_case_load_data(struct vf_json_ctx *x, const char *path, json_object *obj, size_t src,
                      vf_format index_format, uint8_t **data_ret, size_t *size_ret, char **file)
{
    char p[PATH_SIZE];
    uint8_t *data = NULL;
    size_t size = 0;

    vf_json_path_field(p, path, source_name(src));
    if (src == 0) {
        const char *name;
        char *full;
        int err_no;

        if (vf_json_get_string(x, p, vf_json_field(obj, "File"), &name) != 0)
            return -1;
        if (name[0] == '\0')
            return fail(x, p, "empty file name");
        *file = vf_json_strndup(name, strlen(name));
        full = join_path(x->base_dir, name);
        if (*file == NULL || full == NULL) {
            free(full);
            return fail(x, p, "out of memory");
        }
        if (read_file(full, &data, &size, &err_no) != 0) {
            free(full);
            if (err_no == EFBIG)
                return fail(x, p, "'" SHOWN "' is larger than 1 GiB", SHOW(name));
            return fail(x, p, "cannot read '" SHOWN "': %s", SHOW(name), strerror(err_no));
        }
        free(full);
    } else if (src == 1) {
        if (load_hex(x, p, vf_json_field(obj, "Hex"), &data, &size) != 0)
            return -1;
    } else if (src < 2 + NUM_TYPED) {
        const struct typed *t = &typed_arrays[src - 2];
        if (load_typed(x, p, vf_json_field(obj, t->name), t, t->name, &data, &size) != 0)
            return -1;
    } else {
        int r32 = index_format == VF_FORMAT_R32_UINT;
        if (!r32 && index_format != VF_FORMAT_R16_UINT)
            return fail(x, p, "Indices need Format R16_UINT or R32_UINT");
        if (load_typed(x, p, vf_json_field(obj, "Indices"), &typed_arrays[r32 ? 4 : 3],
                       r32 ? "R32_UINT" : "R16_UINT", &data, &size) != 0)
            return -1;
    }
    *data_ret = data;
    *size_ret = size;
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
    char p[PATH_SIZE];
    json_object *null = vf_json_field(obj, "Null");
    uint8_t *data = NULL;
    size_t size = 0, src = NUM_SOURCES;
    int is_null = 0;

    if (!json_object_is_type(obj, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(obj));
    if (vf_json_check_fields(x, path, obj, is_index ? ib_fields : vb_fields) != 0)
        return -1;
    b->present = 1;
    /* Exactly one data source. */
    if (vf_case_source(x, path, obj, is_index, &src) != 0)
        return -1;
    if (vf_json_present(obj, "Null")) {
        vf_json_path_field(p, path, "Null");
        if (!json_object_is_type(null, json_type_boolean))
            return fail(x, p, "expected true or false, got %s", vf_json_type_name(null));
        is_null = json_object_get_boolean(null);
    }
    if (is_index) {
        json_object *fmt = vf_json_field(obj, "Format");
        b->format = VF_FORMAT_R16_UINT;
        if (vf_json_present(obj, "Format")) {
            vf_json_path_field(p, path, "Format");
            if (vf_case_get_format(x, p, fmt, &b->format) != 0)
                return -1;
        } else if (!is_null && src != NUM_SOURCES) {
            return fail(x, path, "missing field 'Format' (R16_UINT or R32_UINT)");
        }
    } else {
        if (vf_json_opt_uint(x, path, obj, "StrideInBytes", &b->stride_in_bytes) != 0)
            return -1;
    }
    if (src == NUM_SOURCES) {
        /* A null or empty view: unbound, nothing else to give. */
        if (vf_json_present(obj, "Offset") || vf_json_present(obj, "SizeInBytes"))
            return fail(x, path, "'Offset' and 'SizeInBytes' need data ('File', 'Hex' or a "
                                 "typed array)");
        return 0;
    }
    if (is_null)
        return fail(x, path, "a view with \"Null\": true takes no '%s'", source_name(src));
    if (!is_index && !vf_json_present(obj, "StrideInBytes"))
        return fail(x, path, "missing field 'StrideInBytes'");

    if (vf_case_load_data(x, path, obj, src, b->format, &data, &size, &b->file) != 0)
        return -1;

    /* The view: [Offset, Offset + SizeInBytes) must lie inside the data. */
    b->offset = 0;
    if (vf_json_opt_uint(x, path, obj, "Offset", &b->offset) != 0)
        goto fail;
    if (b->offset > size) {
        vf_json_path_field(p, path, "Offset");
        fail(x, p, "%u is past the end of the data (%zu bytes)", b->offset, size);
        goto fail;
    }
    b->size_in_bytes = (uint32_t)(size - b->offset > UINT32_MAX ? UINT32_MAX : size - b->offset);
    if (vf_json_present(obj, "SizeInBytes")) {
        if (vf_json_opt_uint(x, path, obj, "SizeInBytes", &b->size_in_bytes) != 0)
            goto fail;
        if (b->size_in_bytes > size - b->offset) {
            vf_json_path_field(p, path, "SizeInBytes");
            fail(x, p, "%u bytes from Offset %u, but the data holds only %zu", b->size_in_bytes,
                 b->offset, size);
            goto fail;
        }
    }
    /* Keep exactly the view's bytes, in an allocation of their own. */
    b->bytes = malloc(b->size_in_bytes ? b->size_in_bytes : 1);
    if (b->bytes == NULL) {
        fail(x, path, "out of memory");
        goto fail;
    }
    if (b->size_in_bytes != 0)
        memcpy(b->bytes, data + b->offset, b->size_in_bytes);
    b->bound = 1;
    free(data);
    return 0;
fail:
    free(data);
    return -1;
}

/* ------------------------------------------------------------------------ */
/* Sections                                                                 */
/* ------------------------------------------------------------------------ */

static int get_semantic(struct vf_json_ctx *x, const char *path, json_object *obj, char **out)
{
    char p[PATH_SIZE];
    json_object *v = vf_json_field(obj, "SemanticName");
    const char *s;

    if (!vf_json_present(obj, "SemanticName"))
        return fail(x, path, "missing field 'SemanticName'");
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

static int load_element(struct vf_json_ctx *x, const char *path, json_object *obj,
                        struct vf_case *c, uint32_t i)
{
    static const char *const fields[] = { "SemanticName", "SemanticIndex", "Format",
                                          "InputSlot", "AlignedByteOffset", "InputSlotClass",
                                          "InstanceDataStepRate", "ComponentMapping", NULL };
    vf_input_element_desc *e = &c->elements[i];
    char p[PATH_SIZE];
    char *name = NULL;
    json_object *v;

    if (!json_object_is_type(obj, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(obj));
    if (vf_json_check_fields(x, path, obj, fields) != 0)
        return -1;
    if (get_semantic(x, path, obj, &name) != 0)
        return -1;
    e->semantic_name = name;
    if (vf_json_opt_uint(x, path, obj, "SemanticIndex", &e->semantic_index) != 0)
        return -1;
    v = vf_json_field(obj, "Format");
    if (!vf_json_present(obj, "Format"))
        return fail(x, path, "missing field 'Format'");
    vf_json_path_field(p, path, "Format");
    if (vf_case_get_format(x, p, v, &e->format) != 0)
        return -1;
    if (vf_json_opt_uint(x, path, obj, "InputSlot", &e->input_slot) != 0)
        return -1;

    e->aligned_byte_offset = VF_APPEND_ALIGNED_ELEMENT;
    v = vf_json_field(obj, "AlignedByteOffset");
    if (vf_json_present(obj, "AlignedByteOffset")) {
        vf_json_path_field(p, path, "AlignedByteOffset");
        if (json_object_is_type(v, json_type_string)) {
            const char *s;
            if (vf_json_get_string(x, p, v, &s) != 0)
                return -1;
            if (strcmp(s, "APPEND") != 0 && strcmp(s, "D3D12_APPEND_ALIGNED_ELEMENT") != 0 &&
                strcmp(s, "APPEND_ALIGNED_ELEMENT") != 0)
                return fail(x, p, "expected a number, 'APPEND' or "
                                  "'D3D12_APPEND_ALIGNED_ELEMENT', got '" SHOWN "'", SHOW(s));
        } else if (vf_json_get_uint(x, p, v, &e->aligned_byte_offset) != 0) {
            return -1;
        }
    }

    e->input_slot_class = VF_INPUT_PER_VERTEX_DATA;
    v = vf_json_field(obj, "InputSlotClass");
    if (vf_json_present(obj, "InputSlotClass")) {
        vf_json_path_field(p, path, "InputSlotClass");
        if (vf_case_get_named_enum(x, p, v, &vf_slot_class_names, &e->input_slot_class) != 0)
            return -1;
    }
    if (vf_json_opt_uint(x, path, obj, "InstanceDataStepRate", &e->instance_data_step_rate) != 0)
        return -1;
    c->component_mappings[i] = VF_DEFAULT_COMPONENT_MAPPING;
    v = vf_json_field(obj, "ComponentMapping");
    if (vf_json_present(obj, "ComponentMapping")) {
        vf_json_path_field(p, path, "ComponentMapping");
        if (get_mapping(x, p, v, &c->component_mappings[i]) != 0)
            return -1;
    }
    return 0;
}

int vf_case_load_input_layout(struct vf_json_ctx *x, json_object *v, struct vf_case *c)
{
    const char *path = "InputLayout";
    char p[PATH_SIZE];
    size_t n;

    if (!json_object_is_type(v, json_type_array))
        return fail(x, path, "expected an array, got %s", vf_json_type_name(v));
    n = json_object_array_length(v);
    if (n > VF_CASE_MAX_ARRAY)
        return fail(x, path, "%zu elements; the tool reads at most %u", n, VF_CASE_MAX_ARRAY);
    c->elements = calloc(n ? n : 1, sizeof(*c->elements));
    c->component_mappings = calloc(n ? n : 1, sizeof(*c->component_mappings));
    if (c->elements == NULL || c->component_mappings == NULL)
        return fail(x, path, "out of memory");
    for (size_t i = 0; i < n; i++) {
        vf_json_path_index(p, path, i);
        c->num_elements = (uint32_t)i + 1; /* so vf_case_free frees the name */
        if (load_element(x, p, json_object_array_get_idx(v, i), c, (uint32_t)i) != 0)
            return -1;
    }
    c->num_elements = (uint32_t)n;
    return 0;
}

int vf_case_load_signature(struct vf_json_ctx *x, json_object *v, struct vf_case *c)
{
    static const char *const fields[] = { "SemanticName", "SemanticIndex", "Register", "Mask",
                                          "ComponentType", NULL };
    const char *path = "Signature";
    char p[PATH_SIZE], q[PATH_SIZE];
    size_t n;

    if (!json_object_is_type(v, json_type_array))
        return fail(x, path, "expected an array, got %s", vf_json_type_name(v));
    n = json_object_array_length(v);
    if (n > VF_CASE_MAX_ARRAY)
        return fail(x, path, "%zu entries; the tool reads at most %u", n, VF_CASE_MAX_ARRAY);
    c->signature = calloc(n ? n : 1, sizeof(*c->signature));
    if (c->signature == NULL)
        return fail(x, path, "out of memory");
    for (size_t i = 0; i < n; i++) {
        json_object *obj = json_object_array_get_idx(v, i), *t;
        vf_signature_element *s = &c->signature[i];
        char *name = NULL;

        vf_json_path_index(p, path, i);
        c->signature_count = (uint32_t)i + 1;
        if (!json_object_is_type(obj, json_type_object))
            return fail(x, p, "expected an object, got %s", vf_json_type_name(obj));
        if (vf_json_check_fields(x, p, obj, fields) != 0)
            return -1;
        if (get_semantic(x, p, obj, &name) != 0)
            return -1;
        s->semantic_name = name;
        s->mask = 0xf;
        s->component_type = VF_REGISTER_COMPONENT_UNKNOWN;
        if (vf_json_opt_uint(x, p, obj, "SemanticIndex", &s->semantic_index) != 0 ||
            vf_json_req_uint(x, p, obj, "Register", &s->register_index) != 0 ||
            vf_json_opt_uint(x, p, obj, "Mask", &s->mask) != 0)
            return -1;
        t = vf_json_field(obj, "ComponentType");
        if (vf_json_present(obj, "ComponentType")) {
            vf_json_path_field(q, p, "ComponentType");
            if (vf_case_get_named_enum(x, q, t, &vf_component_type_names, &s->component_type) != 0)
                return -1;
        }
    }
    c->signature_count = (uint32_t)n;
    return 0;
}

static int load_vertex_buffers(struct vf_json_ctx *x, json_object *v, struct vf_case *c)
{
    const char *path = "VertexBuffers";
    char p[PATH_SIZE], q[PATH_SIZE];
    size_t n;

    if (!json_object_is_type(v, json_type_array))
        return fail(x, path, "expected an array, got %s", vf_json_type_name(v));
    n = json_object_array_length(v);
    for (size_t i = 0; i < n; i++) {
        json_object *obj = json_object_array_get_idx(v, i), *s;
        uint32_t slot = (uint32_t)(i < UINT32_MAX ? i : UINT32_MAX);

        vf_json_path_index(p, path, i);
        if (!json_object_is_type(obj, json_type_object))
            return fail(x, p, "expected an object, got %s", vf_json_type_name(obj));
        s = vf_json_field(obj, "Slot");
        vf_json_path_field(q, p, "Slot");
        if (vf_json_present(obj, "Slot") && vf_json_get_uint(x, q, s, &slot) != 0)
            return -1;
        if (slot >= VF_MAX_INPUT_SLOTS)
            return fail(x, q, "slot %u; D3D12 has slots 0..%u", slot, VF_MAX_INPUT_SLOTS - 1);
        if (c->vb[slot].present)
            return fail(x, q, "slot %u is listed twice", slot);
        if (load_buffer(x, p, obj, 0, &c->vb[slot]) != 0)
            return -1;
        if (slot + 1 > c->num_vertex_buffers)
            c->num_vertex_buffers = slot + 1;
    }
    return 0;
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
    char p[PATH_SIZE], q[PATH_SIZE];
    json_object *di, *dii, *args;
    int indexed;
    vf_draw_desc *d = &c->draw;

    if (!json_object_is_type(v, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(v));
    if (vf_json_check_fields(x, path, v, draw_fields) != 0)
        return -1;
    di = vf_json_field(v, "DrawInstanced");
    dii = vf_json_field(v, "DrawIndexedInstanced");
    if (vf_json_present(v, "DrawInstanced") == vf_json_present(v, "DrawIndexedInstanced"))
        return fail(x, path, "give exactly one of 'DrawInstanced' and 'DrawIndexedInstanced'");
    indexed = vf_json_present(v, "DrawIndexedInstanced");
    args = indexed ? dii : di;
    vf_json_path_field(p, path, indexed ? "DrawIndexedInstanced" : "DrawInstanced");
    if (!json_object_is_type(args, json_type_object))
        return fail(x, p, "expected an object, got %s", vf_json_type_name(args));
    if (vf_json_check_fields(x, p, args, indexed ? dii_fields : di_fields) != 0)
        return -1;
    d->instance_count = 1;
    if (vf_json_opt_uint(x, p, args, "InstanceCount", &d->instance_count) != 0 ||
        vf_json_opt_uint(x, p, args, "StartInstanceLocation", &d->start_instance_location) != 0)
        return -1;
    if (!indexed) {
        d->indexed = 0;
        if (vf_json_req_uint(x, p, args, "VertexCountPerInstance", &d->vertex_count_per_instance) !=
                0 ||
            vf_json_opt_uint(x, p, args, "StartVertexLocation", &d->start_location) != 0)
            return -1;
    } else {
        json_object *b = vf_json_field(args, "BaseVertexLocation");
        d->indexed = 1;
        if (vf_json_req_uint(x, p, args, "IndexCountPerInstance", &d->vertex_count_per_instance) !=
                0 ||
            vf_json_opt_uint(x, p, args, "StartIndexLocation", &d->start_location) != 0)
            return -1;
        if (vf_json_present(args, "BaseVertexLocation")) {
            int64_t n;
            vf_json_path_field(q, p, "BaseVertexLocation");
            if (vf_json_get_integer(x, q, b, INT32_MIN, INT32_MAX, &n) != 0)
                return -1;
            d->base_vertex_location = (int32_t)n;
        }
    }
    return 0;
}

static int load_root(struct vf_json_ctx *x, json_object *root, struct vf_case *c)
{
    static const char *const fields[] = { "Api", "Description", "InputLayout", "Signature",
                                          "MaxInputSlots", "VertexBuffers", "IndexBuffer",
                                          "IBStripCutValue", "PrimitiveTopology", "Draw", NULL };
    json_object *v;

    if (!json_object_is_type(root, json_type_object))
        return fail(x, "", "the case must be a JSON object, got %s", vf_json_type_name(root));
    v = vf_json_field(root, "Api");
    if (vf_json_present(root, "Api")) {
        const char *api;
        if (vf_json_get_string(x, "Api", v, &api) != 0)
            return -1;
        if (strcmp(api, "D3D11") == 0)
            return vf_case_load_d3d11(x, root, c);
        if (strcmp(api, "D3D12") != 0)
            return fail(x, "Api", "expected 'D3D12' or 'D3D11', got '" SHOWN "'", SHOW(api));
    }
    if (vf_json_check_fields(x, "", root, fields) != 0)
        return -1;

    v = vf_json_field(root, "Description");
    if (vf_json_present(root, "Description")) {
        const char *s;
        if (vf_json_get_string(x, "Description", v, &s) != 0)
            return -1;
        c->description = vf_json_strndup(s, strlen(s));
        if (c->description == NULL)
            return fail(x, "Description", "out of memory");
    }
    v = vf_json_field(root, "InputLayout");
    if (!vf_json_present(root, "InputLayout"))
        return fail(x, "", "missing field 'InputLayout'");
    if (vf_case_load_input_layout(x, v, c) != 0)
        return -1;
    v = vf_json_field(root, "Signature");
    if (vf_json_present(root, "Signature") && vf_case_load_signature(x, v, c) != 0)
        return -1;
    if (vf_json_opt_uint(x, "", root, "MaxInputSlots", &c->max_input_slots) != 0)
        return -1;

    vf_draw_desc_init(&c->draw);
    c->draw.primitive_topology = VF_TOPOLOGY_TRIANGLELIST;
    c->draw.strip_cut_value = VF_STRIP_CUT_VALUE_DISABLED;
    v = vf_json_field(root, "VertexBuffers");
    if (vf_json_present(root, "VertexBuffers") && load_vertex_buffers(x, v, c) != 0)
        return -1;
    v = vf_json_field(root, "IndexBuffer");
    if (vf_json_present(root, "IndexBuffer") && load_buffer(x, "IndexBuffer", v, 1, &c->ib) != 0)
        return -1;
    v = vf_json_field(root, "IBStripCutValue");
    if (vf_json_present(root, "IBStripCutValue") &&
        vf_case_get_named_enum(x, "IBStripCutValue", v, &vf_strip_cut_names, &c->draw.strip_cut_value) != 0)
        return -1;
    v = vf_json_field(root, "PrimitiveTopology");
    if (vf_json_present(root, "PrimitiveTopology") &&
        vf_case_get_named_enum(x, "PrimitiveTopology", v, &vf_topology_names,
                       &c->draw.primitive_topology) != 0)
        return -1;
    v = vf_json_field(root, "Draw");
    if (!vf_json_present(root, "Draw"))
        return fail(x, "", "missing field 'Draw'");
    if (load_draw(x, v, c) != 0)
        return -1;

    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++) {
        c->vertex_buffers[s].data = c->vb[s].bytes;
        c->vertex_buffers[s].size_in_bytes = c->vb[s].bound ? c->vb[s].size_in_bytes : 0;
        c->vertex_buffers[s].stride_in_bytes = c->vb[s].stride_in_bytes;
    }
    c->index_buffer.data = c->ib.bytes;
    c->index_buffer.size_in_bytes = c->ib.bound ? c->ib.size_in_bytes : 0;
    c->index_buffer.format = c->ib.format;
    vf_case_draw_desc(c, &c->draw);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                             */
/* ------------------------------------------------------------------------ */

void vf_case_draw_desc(const struct vf_case *c, vf_draw_desc *desc)
{
    if (c->d3d11 != NULL && vf_case_d3d11_draw_desc(c, desc))
        return;
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

void vf_case_layout_options(const struct vf_case *c, vf_layout_options *options)
{
    vf_layout_options_init(options);
    options->component_mappings = c->num_elements ? c->component_mappings : NULL;
    if (c->max_input_slots != 0)
        options->max_input_slots = c->max_input_slots;
    options->signature = c->signature;
    options->signature_count = c->signature_count;
}

void vf_case_free(struct vf_case *c)
{
    if (c == NULL)
        return;
    for (uint32_t i = 0; i < c->num_elements; i++)
        free((void *)(uintptr_t)c->elements[i].semantic_name);
    free(c->elements);
    free(c->component_mappings);
    for (uint32_t i = 0; i < c->signature_count; i++)
        free((void *)(uintptr_t)c->signature[i].semantic_name);
    free(c->signature);
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++) {
        free(c->vb[s].bytes);
        free(c->vb[s].file);
    }
    free(c->ib.bytes);
    free(c->ib.file);
    vf_case_free_d3d11(c);
    free(c->description);
    free(c->base_dir);
    memset(c, 0, sizeof(*c));
}


int vf_case_load_string(const char *json, size_t size, const char *base_dir,
                        struct vf_case *c, char *err, size_t err_size)
{
    struct vf_json_ctx x = { err, err_size, NULL };
    json_object *root;
    int rc;

    if (err != NULL && err_size != 0)
        err[0] = '\0';
    memset(c, 0, sizeof(*c));
    if (json == NULL)
        return fail(&x, "", "no JSON text");
    if (size > INT_MAX)
        return fail(&x, "", "the case is larger than 2 GiB");
    if (base_dir != NULL) {
        c->base_dir = vf_json_strndup(base_dir, strlen(base_dir));
        if (c->base_dir == NULL)
            return fail(&x, "", "out of memory");
    }
    x.base_dir = c->base_dir;
    if (vf_json_parse(&x, json, size, &root) != 0) {
        vf_case_free(c);
        return -1;
    }
    rc = load_root(&x, root, c);
    json_object_put(root);
    if (rc != 0)
        vf_case_free(c);
    return rc;
}

int vf_case_load(const char *path, struct vf_case *c, char *err, size_t err_size)
{
    struct vf_json_ctx x = { err, err_size, NULL };
    uint8_t *text = NULL;
    size_t size = 0;
    char *dir;
    const char *slash;
    int err_no, rc;

    memset(c, 0, sizeof(*c));
    if (path == NULL)
        return fail(&x, "", "no case file");
    if (read_file(path, &text, &size, &err_no) != 0) {
        if (err_no == EFBIG)
            return fail(&x, "", "the case file is larger than 1 GiB");
        return fail(&x, "", "cannot read the case file: %s", strerror(err_no));
    }
    slash = strrchr(path, '/');
    dir = slash != NULL ? vf_json_strndup(path, (size_t)(slash - path) + (slash == path)) :
                          vf_json_strndup(".", 1);
    if (dir == NULL) {
        free(text);
        return fail(&x, "", "out of memory");
    }
    rc = vf_case_load_string((const char *)text, size, dir, c, err, err_size);
    free(dir);
    free(text);
    return rc;
}
