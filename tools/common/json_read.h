/*
 * json_read.h - reading JSON input in the vfetch tools (json-c underneath):
 * strict parsing with line/column messages and a duplicate-key check, JSON
 * paths for messages ("InputLayout[2].Format"), and typed getters that
 * report every wrong type or range as "PATH: what is wrong".
 *
 * Every getter treats a NULL json_object as JSON null and rejects it. The
 * functions keep no state of their own; a context belongs to one thread.
 */
#ifndef VF_TOOLS_JSON_READ_H
#define VF_TOOLS_JSON_READ_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <json-c/json.h>

#include "common.h"

/* Longest JSON path kept for a message (longer ones are truncated). */
#define VF_JSON_PATH_SIZE 160

/* Most problems written to the message buffer; past them they are only
 * counted (vf_json_finish says how many more). */
#define VF_JSON_MAX_PROBLEMS 20u

/* Where messages go, and the directory files named by the input are
 * relative to (NULL: the current directory). Zero `problems` and `err_len`
 * before the first message. */
struct vf_json_ctx {
    char *err;          /* the message buffer, or NULL for none */
    size_t err_size;
    const char *base_dir;
    unsigned problems;  /* vf_json_fail calls so far */
    size_t err_len;     /* bytes of err in use */
};

/* Prints at most 40 characters of a user string in a message:
 * fail(x, p, "unknown '" VF_JSON_SHOWN "'", VF_JSON_SHOW(s)). */
#define VF_JSON_SHOWN "%.40s%s"
#define VF_JSON_SHOW(s) (s), (strlen(s) > 40 ? "..." : "")

/* Adds the line "path: message" to x->err (lines apart by '\n', each one
 * printable, the last cut to err_size; the first VF_JSON_MAX_PROBLEMS
 * only) and returns -1; an empty or NULL path writes the message only. */
int vf_json_fail(struct vf_json_ctx *x, const char *path, const char *fmt, ...) VF_PRINTF(3, 4);

/* "missing field 'name'" (then " (hint)" unless hint is NULL) for object
 * `obj` at `path`, returning -1; no new line when a key of `obj` is a near
 * miss of `name`, which vf_json_check_fields has reported with it. */
int vf_json_missing(struct vf_json_ctx *x, const char *path, json_object *obj, const char *name,
                    const char *hint);

/* Ends the message of a context that failed: a last line saying how many
 * problems were past VF_JSON_MAX_PROBLEMS, if any. */
void vf_json_finish(struct vf_json_ctx *x);

/* A NUL-terminated copy of the first `len` bytes of `s` (free()), or NULL. */
char *vf_json_strndup(const char *s, size_t len);

/* Path building into buffers of VF_JSON_PATH_SIZE bytes: append `s` after
 * the first `len` characters of `out` (returns the new length), or write
 * "path.name" / "path[index]". */
size_t vf_json_path_append(char *out, size_t len, const char *s);
void vf_json_path_field(char *out, const char *path, const char *name);
void vf_json_path_index(char *out, const char *path, size_t index);

/* "null", "a boolean", "an integer", ... for messages. */
const char *vf_json_type_name(json_object *v);

/* Parses `size` bytes of JSON text (no NUL needed) strictly: one value,
 * only blanks after it, no key twice in an object. 0 with *root_ret set
 * (json_object_put it), or -1 after vf_json_fail ("line 3, column 7: ..."). */
int vf_json_parse(struct vf_json_ctx *x, const char *text, size_t size, json_object **root_ret);

/* The name of `names` (`count` of them, or up to a NULL entry) closest to
 * `word` ignoring case: one or two letters wrong, missing, extra or
 * swapped, `word` a start of it of 4 letters or more, or it a start of
 * `word` of 4 letters or more; NULL when none is close. Points into
 * `names`. */
const char *vf_json_suggest(const char *word, const char *const *names, size_t count);

/* Rejects every key of `obj` not in the NULL-terminated `allowed` list,
 * each with the closest allowed name (vf_json_suggest) when one is close. */
int vf_json_check_fields(struct vf_json_ctx *x, const char *path, json_object *obj,
                         const char *const *allowed);

/* Whether key `name` is in `obj` (even as null), and its value (NULL for
 * null or absent). */
int vf_json_present(json_object *obj, const char *name);
json_object *vf_json_field(json_object *obj, const char *name);

/* An integer in [min, max]; an integer in [0, UINT32_MAX]; the optional
 * (left alone when absent) or required field `name` of `obj` as one. */
int vf_json_get_integer(struct vf_json_ctx *x, const char *path, json_object *v, int64_t min,
                        int64_t max, int64_t *out);
int vf_json_get_uint(struct vf_json_ctx *x, const char *path, json_object *v, uint32_t *out);
int vf_json_opt_uint(struct vf_json_ctx *x, const char *path, json_object *obj,
                     const char *name, uint32_t *out);
int vf_json_req_uint(struct vf_json_ctx *x, const char *path, json_object *obj,
                     const char *name, uint32_t *out);

/* Array `v` of at most `max` entries (else "N <what>; the tool reads at
 * most max"): a zeroed allocation for its entries, `size` bytes each
 * (free()), with *n_ret set; or NULL after vf_json_fail. */
void *vf_json_get_array(struct vf_json_ctx *x, const char *path, json_object *v, uint32_t max,
                        const char *what, size_t size, size_t *n_ret);

/* Reads entry `i` of an array, `v` at `path` ("Name[i]"), into what `arg`
 * points to: 0, or -1 after vf_json_fail. */
typedef int vf_json_entry_fn(struct vf_json_ctx *x, const char *path, json_object *v, size_t i,
                             void *arg);

/* Calls `each` on every entry of array `v` in order: -1 when one failed. */
int vf_json_each(struct vf_json_ctx *x, const char *path, json_object *v, vf_json_entry_fn *each,
                 void *arg);

/* A string without embedded NUL characters (*out points into `v`). */
int vf_json_get_string(struct vf_json_ctx *x, const char *path, json_object *v,
                       const char **out);

/* "0x..." (hex) or decimal digits, the whole string, in [0, UINT32_MAX]:
 * 0, or -1 without a message. */
int vf_json_parse_uint(const char *s, uint32_t *out);

#endif /* VF_TOOLS_JSON_READ_H */
