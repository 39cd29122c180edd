/*
 * json_read.c - strict JSON parsing, paths and typed getters for the vfetch
 * tools (see json_read.h).
 */
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "json_read.h"

/* Room for one problem's line: a path and a message quoting at most a
 * few user strings of 40 characters. */
#define LINE_SIZE 512

int vf_json_fail(struct vf_json_ctx *x, const char *path, const char *fmt, ...)
{
    char line[LINE_SIZE];
    va_list ap;
    int n = 0;

    if (x->problems++ >= VF_JSON_MAX_PROBLEMS || x->err == NULL || x->err_size == 0 ||
        x->err_len + 1 >= x->err_size)
        return -1;
    if (path != NULL && path[0] != '\0')
        n = snprintf(line, sizeof(line), "%s: ", path);
    if (n < 0 || (size_t)n >= sizeof(line))
        n = 0;
    va_start(ap, fmt);
    vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
    va_end(ap);
    /* Messages quote the case's own strings: keep each one printable line. */
    for (char *p = line; *p != '\0'; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';
    n = snprintf(x->err + x->err_len, x->err_size - x->err_len, "%s%s",
                 x->err_len != 0 ? "\n" : "", line);
    if (n > 0)
        x->err_len += (size_t)n < x->err_size - x->err_len ? (size_t)n
                                                           : x->err_size - x->err_len - 1;
    return -1;
}

void vf_json_finish(struct vf_json_ctx *x)
{
    unsigned more = x->problems - VF_JSON_MAX_PROBLEMS;

    if (x->problems <= VF_JSON_MAX_PROBLEMS)
        return;
    x->problems = VF_JSON_MAX_PROBLEMS - 1; /* so that this line is written */
    vf_json_fail(x, "", "... and %u more problem%s not shown", more, more == 1 ? "" : "s");
}

char *vf_json_strndup(const char *s, size_t len)
{
    char *d = malloc(len + 1);
    if (d != NULL) {
        memcpy(d, s, len);
        d[len] = '\0';
    }
    return d;
}

/* Copies `s` after the first `len` characters of `out`, truncating to
 * VF_JSON_PATH_SIZE; returns the new length. (Paths are built by hand because
 * snprintf of one bounded buffer into another trips -Wformat-truncation.) */
size_t vf_json_path_append(char *out, size_t len, const char *s)
{
    while (*s != '\0' && len + 1 < VF_JSON_PATH_SIZE)
        out[len++] = *s++;
    out[len] = '\0';
    return len;
}

/* Appends ".name" or "[index]" to a JSON path. */
void vf_json_path_field(char *out, const char *path, const char *name)
{
    size_t len = vf_json_path_append(out, 0, path);
    if (len != 0)
        len = vf_json_path_append(out, len, ".");
    vf_json_path_append(out, len, name);
}

void vf_json_path_index(char *out, const char *path, size_t index)
{
    char num[32];
    size_t len = vf_json_path_append(out, 0, path);
    snprintf(num, sizeof(num), "[%zu]", index);
    vf_json_path_append(out, len, num);
}

const char *vf_json_type_name(json_object *v)
{
    switch (json_object_get_type(v)) {
    case json_type_null: return "null";
    case json_type_boolean: return "a boolean";
    case json_type_double: return "a fractional number";
    case json_type_int: return "an integer";
    case json_type_object: return "an object";
    case json_type_array: return "an array";
    case json_type_string: return "a string";
    }
    return "a value";
}

/* ------------------------------------------------------------------------ */

/* ------------------------------------------------------------------------ */

/* The edit distance of a and b ignoring case (insertions, deletions,
 * substitutions and swaps of neighbours), or `limit` + 1 once it is past
 * `limit`. Names are short: longer ones never match. */
static size_t name_distance(const char *a, const char *b, size_t limit)
{
    enum { MAXLEN = 64 };
    size_t n = strlen(a), m = strlen(b);
    size_t d[3][MAXLEN + 1]; /* rows i - 2, i - 1, i */
    if (n > MAXLEN || m > MAXLEN || (n > m ? n - m : m - n) > limit)
        return limit + 1;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= n; i++) {
        size_t *prev2 = d[(i + 1) % 3], *prev = d[(i + 2) % 3], *cur = d[i % 3];
        cur[0] = i;
        for (size_t j = 1; j <= m; j++) {
            int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            size_t best = prev[j - 1] + !same;
            best = prev[j] + 1 < best ? prev[j] + 1 : best;
            best = cur[j - 1] + 1 < best ? cur[j - 1] + 1 : best;
            if (i > 1 && j > 1 &&
                tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == tolower((unsigned char)b[j - 1]) &&
                prev2[j - 2] + 1 < best)
                best = prev2[j - 2] + 1;
            cur[j] = best;
        }
    }
    return d[n % 3][m];
}

const char *vf_json_suggest(const char *word, const char *const *names, size_t count)
{
    size_t len = strlen(word), best = (size_t)-1;
    /* A typo of one or two letters in a longer name; one in a short one. */
    size_t limit = len >= 6 ? 2 : 1;
    const char *pick = NULL;
    for (size_t i = 0; i < count && names[i] != NULL; i++) {
        size_t dist = name_distance(word, names[i], limit);
        /* A name cut short ("VertexCount" for "VertexCountPerInstance"), or
         * one with more after it (D3D12's "VertexCountPerInstance" where
         * D3D11's Draw takes "VertexCount"). */
        size_t nlen = strlen(names[i]);
        if (dist > limit && len >= 4 && strncasecmp(word, names[i], len) == 0)
            dist = limit;
        if (dist > limit && nlen >= 4 && nlen < len && strncasecmp(word, names[i], nlen) == 0)
            dist = limit;
        if (dist <= limit && dist < best) {
            best = dist;
            pick = names[i];
        }
    }
    return pick;
}

/* Rejects every key of `obj` not in the NULL-terminated `allowed` list. */
int vf_json_check_fields(struct vf_json_ctx *x, const char *path, json_object *obj,
                         const char *const *allowed)
{
    int rc = 0;

    json_object_object_foreach (obj, key, val) {
        const char *const *a = allowed;

        (void)val;
        while (*a != NULL && strcmp(key, *a) != 0)
            a++;
        if (*a != NULL)
            continue;
        const char *suggest = vf_json_suggest(key, allowed, SIZE_MAX);
        if (suggest != NULL)
            rc = vf_json_fail(x, path, "unknown field '%s' (did you mean '%s'?)", key, suggest);
        else
            rc = vf_json_fail(x, path, "unknown field '%s'", key);
    }
    return rc;
}

int vf_json_missing(struct vf_json_ctx *x, const char *path, json_object *obj, const char *name,
                    const char *hint)
{
    const char *const names[] = { name, NULL };

    json_object_object_foreach (obj, key, val) {
        (void)val;
        if (strcmp(key, name) != 0 && vf_json_suggest(key, names, 1) != NULL)
            return -1;
    }
    if (hint != NULL)
        return vf_json_fail(x, path, "missing field '%s' (%s)", name, hint);
    return vf_json_fail(x, path, "missing field '%s'", name);
}

/* JSON null is a NULL json_object in json-c, so presence and value are
 * asked apart: vf_json_present() says whether the key is there at all, vf_json_field()
 * gives its value (NULL for null or absent). Every getter treats a NULL
 * value as JSON null and rejects it with "got null". */
int vf_json_present(json_object *obj, const char *name)
{
    return json_object_object_get_ex(obj, name, NULL);
}

json_object *vf_json_field(json_object *obj, const char *name)
{
    json_object *v = NULL;
    if (!json_object_object_get_ex(obj, name, &v))
        return NULL;
    return v;
}

/* An integer in [min, max]. */
int vf_json_get_integer(struct vf_json_ctx *x, const char *path, json_object *v, int64_t min,
                        int64_t max, int64_t *out)
{
    int64_t n;

    if (!json_object_is_type(v, json_type_int)) {
        if (min >= 0)
            return vf_json_fail(x, path, "expected a non-negative integer, got %s",
                                vf_json_type_name(v));
        return vf_json_fail(x, path, "expected an integer, got %s", vf_json_type_name(v));
    }
    /* json-c saturates values past the int64 range (and stores those past
     * INT64_MAX as uint64, which get_int64 also saturates): both ends are
     * far outside every range used here. */
    n = json_object_get_int64(v);
    if (n == INT64_MIN)
        return vf_json_fail(x, path, "the number is far below %" PRId64, min);
    if (n == INT64_MAX)
        return vf_json_fail(x, path, "the number is far above %" PRId64, max);
    if (n < min) {
        if (min == 0)
            return vf_json_fail(x, path, "%s is negative; expected an unsigned 32-bit integer",
                                json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN));
        return vf_json_fail(x, path, "%s is below %" PRId64,
                            json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN), min);
    }
    if (n > max)
        return vf_json_fail(x, path, "%s is above %" PRId64,
                            json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN), max);
    *out = n;
    return 0;
}

int vf_json_get_uint(struct vf_json_ctx *x, const char *path, json_object *v, uint32_t *out)
{
    int64_t n;
    if (vf_json_get_integer(x, path, v, 0, UINT32_MAX, &n) != 0)
        return -1;
    *out = (uint32_t)n;
    return 0;
}

/* Optional UINT field `name` of `obj`: *out is left alone when absent. */
int vf_json_opt_uint(struct vf_json_ctx *x, const char *path, json_object *obj, const char *name,
                     uint32_t *out)
{
    char p[VF_JSON_PATH_SIZE];
    if (!vf_json_present(obj, name))
        return 0;
    vf_json_path_field(p, path, name);
    return vf_json_get_uint(x, p, vf_json_field(obj, name), out);
}

int vf_json_req_uint(struct vf_json_ctx *x, const char *path, json_object *obj, const char *name,
                     uint32_t *out)
{
    if (!vf_json_present(obj, name))
        return vf_json_missing(x, path, obj, name, NULL);
    return vf_json_opt_uint(x, path, obj, name, out);
}

/* A string without embedded NUL characters. */
int vf_json_get_string(struct vf_json_ctx *x, const char *path, json_object *v, const char **out)
{
    const char *s;

    if (!json_object_is_type(v, json_type_string))
        return vf_json_fail(x, path, "expected a string, got %s", vf_json_type_name(v));
    s = json_object_get_string(v);
    if (strlen(s) != (size_t)json_object_get_string_len(v))
        return vf_json_fail(x, path, "the string contains a NUL character");
    *out = s;
    return 0;
}

/* "0x..." (hex) or decimal digits, the whole string, in [0, UINT32_MAX]. */
void *vf_json_get_array(struct vf_json_ctx *x, const char *path, json_object *v, uint32_t max,
                        const char *what, size_t size, size_t *n_ret)
{
    size_t n;
    void *items;

    *n_ret = 0; /* a caller that looks at the count after a failure sees none */
    if (!json_object_is_type(v, json_type_array)) {
        vf_json_fail(x, path, "expected an array, got %s", vf_json_type_name(v));
        return NULL;
    }
    n = json_object_array_length(v);
    if (n > max) {
        vf_json_fail(x, path, "%zu %s; the tool reads at most %u", n, what, max);
        return NULL;
    }
    items = calloc(n ? n : 1, size);
    if (items == NULL) {
        vf_json_fail(x, path, "out of memory");
        return NULL;
    }
    *n_ret = n;
    return items;
}

int vf_json_each(struct vf_json_ctx *x, const char *path, json_object *v, vf_json_entry_fn *each,
                 void *arg)
{
    char p[VF_JSON_PATH_SIZE];
    size_t n = json_object_array_length(v);
    int rc = 0;

    /* Every entry, so that each malformed one is reported. */
    for (size_t i = 0; i < n; i++) {
        vf_json_path_index(p, path, i);
        if (each(x, p, json_object_array_get_idx(v, i), i, arg) != 0)
            rc = -1;
    }
    return rc;
}

int vf_json_parse_uint(const char *s, uint32_t *out)
{
    int base = 10;
    uint64_t n = 0;

    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    if (*s == '\0')
        return -1;
    for (; *s != '\0'; s++) {
        int d;
        if (*s >= '0' && *s <= '9')
            d = *s - '0';
        else if (base == 16 && *s >= 'a' && *s <= 'f')
            d = *s - 'a' + 10;
        else if (base == 16 && *s >= 'A' && *s <= 'F')
            d = *s - 'A' + 10;
        else
            return -1;
        n = n * (uint64_t)base + (uint64_t)d;
        if (n > UINT32_MAX)
            return -1;
    }
    *out = (uint32_t)n;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Names                                                                    */

/* Line and column (from 1) of byte `offset` of the text. */
static void position(const char *text, size_t offset, size_t *line, size_t *column)
{
    *line = 1;
    *column = 1;
    for (size_t i = 0; i < offset; i++) {
        if (text[i] == '\n') {
            (*line)++;
            *column = 1;
        } else {
            (*column)++;
        }
    }
}

/* The length of the well-formed UTF-8 sequence at t[0..n) (RFC 3629:
 * no overlong forms, no surrogates, nothing past U+10FFFF), or 0. */
static size_t utf8_sequence(const unsigned char *t, size_t n)
{
    unsigned char c = t[0];
    size_t len = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
               : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    /* The second byte's range depends on the first (RFC 3629 section 4). */
    unsigned char lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
    unsigned char hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    if (len > 1 && (t[1] < lo || t[1] > hi))
        return 0;
    for (size_t i = 2; i < len; i++)
        if ((t[i] & 0xc0) != 0x80)
            return 0;
    return len;
}

/* RFC 8259 section 8.1: JSON text exchanged between systems is UTF-8;
 * json-c passes any byte through, so check before it parses. */
static int check_utf8(struct vf_json_ctx *x, const char *text, size_t size)
{
    const unsigned char *t = (const unsigned char *)text;
    size_t line, column;

    for (size_t i = 0; i < size;) {
        size_t len = utf8_sequence(t + i, size - i);
        if (len == 0) {
            position(text, i, &line, &column);
            return vf_json_fail(x, "", "line %zu, column %zu: byte 0x%02X is not UTF-8; a JSON "
                                "text must be UTF-8 (RFC 8259)", line, column, t[i]);
        }
        i += len;
    }
    return 0;
}

/*
 * json-c keeps the last of two equal keys in an object silently; a repeated
 * field is as likely a mistake as a misspelt one, so the text (already
 * parsed, hence valid JSON) is scanned for them. Keys are compared as
 * written, escapes included.
 */
#define SCAN_MAX_DEPTH 64

struct scan_level {
    int is_object;
    int want_key;   /* objects: the next string is a key */
    size_t key_off; /* objects: the current key, for paths */
    size_t key_len;
    size_t index;     /* arrays: the current element, for paths */
    size_t first_key; /* objects: their keys in `keys` start here */
};

struct scan_key {
    size_t off, len;
};

/* The keys of the objects open in the scan, innermost last. */
struct scan_keys {
    struct scan_key *keys;
    size_t n, cap;
};

/* The JSON path of the object a key at `depth` belongs to. */
static void scan_path(const struct scan_level *lv, int depth, const char *text, char *p)
{
    char item[80];
    size_t plen = 0;

    p[0] = '\0';
    for (int d = 0; d + 1 < depth; d++) {
        if (lv[d].is_object) {
            snprintf(item, sizeof(item), "%s%.*s", plen ? "." : "",
                     (int)(lv[d].key_len < 64 ? lv[d].key_len : 64), text + lv[d].key_off);
        } else {
            snprintf(item, sizeof(item), "[%zu]", lv[d].index);
        }
        plen = vf_json_path_append(p, plen, item);
    }
}

/* The key text[start, start + len) of the innermost object: an error if
 * that object has it already, else remembered. */
static int scan_key(struct vf_json_ctx *x, const char *text, struct scan_level *lv, int depth,
                    struct scan_keys *k, size_t start, size_t len)
{
    struct scan_level *l = &lv[depth - 1];

    for (size_t i = l->first_key; i < k->n; i++) {
        if (k->keys[i].len == len && memcmp(text + k->keys[i].off, text + start, len) == 0) {
            char p[VF_JSON_PATH_SIZE];
            scan_path(lv, depth, text, p);
            return vf_json_fail(x, p, "field '%.*s' appears twice", (int)(len < 40 ? len : 40),
                                text + start);
        }
    }
    if (k->n == k->cap) {
        size_t cap = k->cap ? k->cap * 2 : 64;
        struct scan_key *nk = realloc(k->keys, cap * sizeof(*nk));
        if (nk == NULL)
            return vf_json_fail(x, "", "out of memory");
        k->keys = nk;
        k->cap = cap;
    }
    k->keys[k->n].off = start;
    k->keys[k->n].len = len;
    k->n++;
    l->key_off = start;
    l->key_len = len;
    l->want_key = 0;
    return 0;
}

static int check_duplicate_keys(struct vf_json_ctx *x, const char *text, size_t size)
{
    struct scan_level lv[SCAN_MAX_DEPTH];
    struct scan_keys k = { NULL, 0, 0 };
    int depth = 0, rc = 0;

    for (size_t i = 0; i < size && rc == 0; i++) {
        char ch = text[i];
        if (ch == '"') {
            size_t start = i + 1, j = start;
            while (j < size && text[j] != '"')
                j += text[j] == '\\' ? 2 : 1;
            if (depth > 0 && lv[depth - 1].is_object && lv[depth - 1].want_key)
                rc = scan_key(x, text, lv, depth, &k, start, j - start);
            i = j;
        } else if (ch == '{' || ch == '[') {
            if (depth == SCAN_MAX_DEPTH)
                break; /* the tokener's own limit is lower */
            lv[depth].is_object = ch == '{';
            lv[depth].want_key = ch == '{';
            lv[depth].key_off = 0;
            lv[depth].key_len = 0;
            lv[depth].index = 0;
            lv[depth].first_key = k.n;
            depth++;
        } else if ((ch == '}' || ch == ']') && depth > 0) {
            depth--;
            k.n = lv[depth].first_key;
        } else if (ch == ',' && depth > 0) {
            if (lv[depth - 1].is_object)
                lv[depth - 1].want_key = 1;
            else
                lv[depth - 1].index++;
        }
    }
    free(k.keys);
    return rc;
}

int vf_json_parse(struct vf_json_ctx *x, const char *text, size_t size, json_object **root_ret)
{
    json_tokener *tok;
    json_object *root;
    size_t end, line, column;

    *root_ret = NULL;
    if (size > INT_MAX)
        return vf_json_fail(x, "", "the JSON text is larger than 2 GiB");
    if (check_utf8(x, text, size) != 0)
        return -1;
    tok = json_tokener_new_ex(64);
    if (tok == NULL)
        return vf_json_fail(x, "", "out of memory");
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    root = json_tokener_parse_ex(tok, text, (int)size);
    end = json_tokener_get_parse_end(tok);
    if (root == NULL) {
        enum json_tokener_error jerr = json_tokener_get_error(tok);
        position(text, end, &line, &column);
        json_tokener_free(tok);
        if (jerr == json_tokener_continue)
            return vf_json_fail(x, "", "line %zu, column %zu: unexpected end of the JSON text",
                                line, column);
        return vf_json_fail(x, "", "line %zu, column %zu: %s", line, column,
                            json_tokener_error_desc(jerr));
    }
    json_tokener_free(tok);
    /* Only blanks may follow the value. */
    for (; end < size; end++) {
        if (text[end] != ' ' && text[end] != '\t' && text[end] != '\n' && text[end] != '\r') {
            position(text, end, &line, &column);
            json_object_put(root);
            return vf_json_fail(x, "",
                                "line %zu, column %zu: text after the end of the JSON "
                                "value",
                                line, column);
        }
    }
    if (check_duplicate_keys(x, text, size) != 0) {
        json_object_put(root);
        return -1;
    }
    *root_ret = root;
    return 0;
}
