/*
 * case_data.c - the bytes of a buffer in a case, from whichever source it
 * names: File, Hex, a typed array (Float32 .. Int32) or Indices.
 *
 * Nothing here trusts a size from the case: data are read from the file or
 * the Hex string first, and the caller checks its view against what was read.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"
#include "case_data.h"
#include "file_read.h"
#include "json_read.h"

#define fail vf_json_fail
#define PATH_SIZE VF_JSON_PATH_SIZE
#define SHOWN VF_JSON_SHOWN
#define SHOW VF_JSON_SHOW

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

/* Part `i` of a Hex value (the string itself, or entry i of an array of
 * them), with its path in p. */
static json_object *hex_part(json_object *v, const char *path, size_t i, char *p)
{
    if (!json_object_is_type(v, json_type_array)) {
        vf_json_path_append(p, 0, path);
        return v;
    }
    vf_json_path_index(p, path, i);
    return json_object_array_get_idx(v, i);
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
        json_object *e = hex_part(v, path, i, p);
        if (vf_json_get_string(x, p, e, &s) != 0)
            return -1;
        cap += strlen(s) / 2; /* the JSON text bounds this: no overflow */
    }
    buf = malloc(cap ? cap : 1);
    if (buf == NULL)
        return fail(x, path, "out of memory");
    for (size_t i = 0; i < n; i++) {
        json_object *e = hex_part(v, path, i, p);
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


/* The data sources a view may name: File, Hex, the typed arrays, and
 * Indices for index buffers. */
#define NUM_SOURCES (2 + NUM_TYPED + 1)
_Static_assert(NUM_SOURCES == VF_CASE_NO_SOURCE && NUM_SOURCES - 1 == VF_CASE_SOURCE_INDICES,
               "case_data.h numbers the sources");

const char *vf_case_source_name(size_t i)
{
    return i == 0 ? "File" : i == 1 ? "Hex" : i < 2 + NUM_TYPED ? typed_arrays[i - 2].name
                                                                : "Indices";
}

int vf_case_source(struct vf_json_ctx *x, const char *path, json_object *obj, int is_index,
                   size_t *src_ret)
{
    size_t src = NUM_SOURCES, nsrc = is_index ? NUM_SOURCES : NUM_SOURCES - 1;

    for (size_t i = 0; i < nsrc; i++) {
        if (!vf_json_present(obj, vf_case_source_name(i)))
            continue;
        if (src != NUM_SOURCES)
            return fail(x, path, "give one data source, not both '%s' and '%s'",
                        vf_case_source_name(src), vf_case_source_name(i));
        src = i;
    }
    *src_ret = src;
    return 0;
}

/* File: its bytes, read relative to the case's directory. *file gets an
 * owned copy of the name as written. */
static int load_file(struct vf_json_ctx *x, const char *path, json_object *obj, uint8_t **data,
                     size_t *size, char **file)
{
    const char *name;
    char *full;
    int err_no;

    if (vf_json_get_string(x, path, vf_json_field(obj, "File"), &name) != 0)
        return -1;
    if (name[0] == '\0')
        return fail(x, path, "empty file name");
    *file = vf_json_strndup(name, strlen(name));
    full = join_path(x->base_dir, name);
    if (*file == NULL || full == NULL) {
        free(full);
        return fail(x, path, "out of memory");
    }
    err_no = vf_read_file(full, VF_CASE_MAX_DATA_SIZE, data, size);
    if (err_no == EFBIG)
        fail(x, path, "'" SHOWN "' is larger than 1 GiB", SHOW(name));
    else if (err_no != 0 && strcmp(full, name) != 0)
        /* Relative to the case's directory, not the current one: say where. */
        fail(x, path, "cannot read '" SHOWN "' (looked for '%.300s'): %s", SHOW(name), full,
             strerror(err_no));
    else if (err_no != 0)
        fail(x, path, "cannot read '" SHOWN "': %s", SHOW(name), strerror(err_no));
    free(full);
    return err_no != 0 ? -1 : 0;
}

/* Indices: Uint16 or Uint32 values, as the index format wants them. */
static int load_indices(struct vf_json_ctx *x, const char *path, json_object *obj,
                        vf_format index_format, uint8_t **data, size_t *size)
{
    int r32 = index_format == VF_FORMAT_R32_UINT;

    if (!r32 && index_format != VF_FORMAT_R16_UINT)
        return fail(x, path, "Indices need Format R16_UINT or R32_UINT");
    return load_typed(x, path, vf_json_field(obj, "Indices"), &typed_arrays[r32 ? 4 : 3],
                      r32 ? "R32_UINT" : "R16_UINT", data, size);
}

int vf_case_load_data(struct vf_json_ctx *x, const char *path, json_object *obj, size_t src,
                      vf_format index_format, uint8_t **data_ret, size_t *size_ret, char **file)
{
    char p[PATH_SIZE];
    uint8_t *data = NULL;
    size_t size = 0;
    int rc;

    vf_json_path_field(p, path, vf_case_source_name(src));
    if (src == 0) {
        rc = load_file(x, p, obj, &data, &size, file);
    } else if (src == 1) {
        rc = load_hex(x, p, vf_json_field(obj, "Hex"), &data, &size);
    } else if (src < 2 + NUM_TYPED) {
        const struct typed *t = &typed_arrays[src - 2];
        rc = load_typed(x, p, vf_json_field(obj, t->name), t, t->name, &data, &size);
    } else {
        rc = load_indices(x, p, obj, index_format, &data, &size);
    }
    if (rc != 0)
        return -1;
    *data_ret = data;
    *size_ret = size;
    return 0;
}
