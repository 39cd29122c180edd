/*
 * report.c - vfetch-vk's output. vkf_report_* walk the report once, in
 * one order, and hand each part to a backend; the text backend writes
 * lines for a reader, the JSON backend the same facts as one document.
 * Each fact is chosen once (here) and formatted once per backend.
 */
#include <inttypes.h>
#include <string.h>

#include "output.h"
#include "report.h"
#include "vk_note.h"

struct vkf_report_backend {
    int draw_row; /* counts of no element (the draw) form a row of the format table */
    void (*device)(FILE *f, const char *device, int robustness, int sized);
    /* Returns nonzero when the case's report ends here (it did not run). */
    int (*case_open)(FILE *f, const struct vkf_case_report *r, uint32_t nth);
    void (*element)(FILE *f, const struct vkf_case_report *r, uint32_t e);
    void (*counts)(FILE *f, const struct vkf_case_report *r); /* before the format rows */
    void (*format_row)(FILE *f, uint32_t fmt, uint32_t comp, const uint64_t *n, uint32_t nth);
    void (*differences)(FILE *f, const struct vkf_case_report *r); /* before the differences */
    void (*difference)(FILE *f, const struct vkf_case_report *r, const struct vkf_diff *d,
                       uint32_t nth);
    void (*case_close)(FILE *f, const struct vkf_case_report *r);
    void (*cases_end)(FILE *f);
    void (*known)(FILE *f, const struct vf_known *k, size_t nth);
    void (*end)(FILE *f, const struct vkf_report *rep, int status);
};

/* A backend's table from the functions named PREFIX_part. */
#define BACKEND(prefix, draw_row)                                                            \
    {                                                                                        \
        draw_row, prefix##_device, prefix##_case_open, prefix##_element, prefix##_counts,    \
            prefix##_format_row, prefix##_differences, prefix##_difference,                  \
            prefix##_case_close, prefix##_cases_end, prefix##_known, prefix##_end            \
    }

/* ------------------------------------------------------------------------ */
/* Names both backends use                                                   */
/* ------------------------------------------------------------------------ */

#define kind_name vf_diff_kind_name

static float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static const char *status_note(uint32_t s)
{
    switch (s) {
    case VKF_ELEM_FETCHED: return "fetched";
    case VKF_ELEM_UNBOUND: return "unbound";
    case VKF_ELEM_NO_VK_FORMAT: return "no-vk-format";
    case VKF_ELEM_FORMAT_UNSUPPORTED: return "format-unsupported";
    case VKF_ELEM_DIVISOR_UNSUPPORTED: return "divisor-unsupported";
    default: return "limit";
    }
}

static const char *comp_name(uint32_t comp)
{
    static const char *const n[] = { "x", "y", "z", "w", "SV_VertexID", "SV_InstanceID",
                                     "stray", "vertex" };
    if (comp >= VKF_COMP_START)
        return vkf_start_name(comp - VKF_COMP_START);
    return n[comp];
}

/* ------------------------------------------------------------------------ */
/* Text                                                                      */
/* ------------------------------------------------------------------------ */

static void text_device(FILE *f, const char *device, int robustness, int sized)
{
    fprintf(f, "device: %s\n", device);
    fprintf(f, "robustness: %s (vertex buffers: %s)\n", vkf_robustness_name(robustness),
            sized ? "sized" : "exact");
}

/* "N words: a oob exact, ..., e oob mismatch; f not compared". */
static void text_oob(FILE *f, const uint64_t *oob, uint64_t not_compared)
{
    uint64_t n = 0;

    for (int k = 0; k < VKF_OOB_COUNT; k++)
        n += oob[k];
    fprintf(f, "%" PRIu64 " words:", n);
    for (int k = 0; k < VKF_OOB_COUNT; k++)
        fprintf(f, "%s %" PRIu64 " %s", k ? "," : "", oob[k], vkf_oob_outcome_name[k]);
    fprintf(f, "; %" PRIu64 " not compared (the APIs' addresses differ)\n", not_compared);
}

static int text_case_open(FILE *f, const struct vkf_case_report *r, uint32_t nth)
{
    (void)nth;
    fprintf(f, "case %s\n", r->path);
    if (r->status == VKF_EXIT_USAGE || (r->error[0] && r->vk.records == NULL && r->compared == 0)) {
        vkf_print_message(f, r->status == VKF_EXIT_SKIP ? "  skipped: " : "  error: ", r->error);
        if (r->layout_errors[0])
            fprintf(f, "%s", r->layout_errors);
        if (r->status != VKF_EXIT_OK)
            return 1;
    }
    if (r->vk.translation[0] || r->vk.topology)
        fprintf(f, "  translation: %s%s\n", r->vk.translation,
                r->vk.topology ? r->vk.topology : "");
    return 0;
}

static void text_element(FILE *f, const struct vkf_case_report *r, uint32_t e)
{
    if (r->vk.status[e] != VKF_ELEM_FETCHED)
        fprintf(f, "  %s (element %u) not compared (%s): %s\n", r->semantic[e], e,
                status_note(r->vk.status[e]), r->vk.note[e]);
    if (r->offsets[e] != r->vf_offsets[e])
        fprintf(f, "  %s (element %u): vfetch resolved offset %u, the D3D rule gives %u\n",
                r->semantic[e], e, r->vf_offsets[e], r->offsets[e]);
}

/* Which start locations the case reads and whether they were compared,
 * then the head of the format table. */
static void text_counts(FILE *f, const struct vkf_case_report *r)
{
    const int *w = r->start.wanted;

    if (!r->vk.draw_parameters) {
        for (uint32_t k = 0; k < VKF_START_VALUES; k++)
            if (w[k])
                fprintf(f, "  %s not compared (no shaderDrawParameters)\n", vkf_start_name(k));
    } else if (w[0] || w[1]) {
        fprintf(f, "  start locations: %" PRIu64 " values compared (%s%s%s, with gl_BaseVertex / "
                   "gl_BaseInstance)\n",
                r->start_compared, w[0] ? vkf_start_name(0) : "", w[0] && w[1] ? ", " : "",
                w[1] ? vkf_start_name(1) : "");
    }
    fprintf(f, "  %-22s %-4s %10s %8s %8s %9s %8s\n", "format", "comp", "exact", "1ulp", "nan",
            "snorm-min", "mismatch");
}

static void text_format_row(FILE *f, uint32_t fmt, uint32_t comp, const uint64_t *n,
                            uint32_t nth)
{
    (void)nth;
    fprintf(f, "  %-22s %-4s %10" PRIu64 " %8" PRIu64 " %8" PRIu64 " %9" PRIu64 " %8" PRIu64 "\n",
            fmt ? vf_format_name(fmt) : "(draw)", comp_name(comp), n[VF_DIFF_EXACT],
            n[VF_DIFF_ULP], n[VF_DIFF_NAN], n[VF_DIFF_SNORM_MIN], n[VF_DIFF_OTHER]);
}

static void text_differences(FILE *f, const struct vkf_case_report *r)
{
    if (r->num_shown)
        fprintf(f, "  first differences:\n");
}

static void text_difference(FILE *f, const struct vkf_case_report *r, const struct vkf_diff *d,
                            uint32_t nth)
{
    const char *kind = kind_name[d->kind];

    (void)nth;
    if (d->kind == VF_DIFF_CUT || d->kind == VF_DIFF_NOT_SHADED)
        fprintf(f, "    %s: position %u (index %u) instance %u: vfetch %s, the driver %s\n", kind,
                d->position, d->index_value, d->instance, d->expected ? "cuts" : "fetches",
                d->got ? "shaded it" : "did not shade it");
    else if (d->component == VKF_COMP_START) /* an int: BaseVertexLocation may be < 0 */
        fprintf(f, "    %s: position %u (index %u) instance %u %s: expected %d got %d\n", kind,
                d->position, d->index_value, d->instance, comp_name(d->component),
                (int32_t)d->expected, (int32_t)d->got);
    else if (d->element == UINT32_MAX)
        fprintf(f, "    %s: position %u (index %u) instance %u %s: expected %u got %u\n", kind,
                d->position, d->index_value, d->instance, comp_name(d->component), d->expected,
                d->got);
    else
        fprintf(f,
                "    %s: %s.%s (element %u) position %u (index %u) instance %u: "
                "expected 0x%08x (%.9g) got 0x%08x (%.9g)%s%s%s\n",
                kind, r->semantic[d->element], comp_name(d->component), d->element, d->position,
                d->index_value, d->instance, d->expected, (double)u2f(d->expected), d->got,
                (double)u2f(d->got), d->oob ? " (out of bounds, " : "",
                d->oob ? vkf_robustness_name(r->robustness) : "", d->oob ? " rule)" : "");
}

static void text_case_close(FILE *f, const struct vkf_case_report *r)
{
    const uint64_t *t = r->total;
    uint64_t oob = r->skipped_oob;

    for (int k = 0; k < VKF_OOB_COUNT; k++)
        oob += r->oob[k];
    if (oob) {
        fprintf(f, "  out of bounds (%s): ", vkf_robustness_name(r->robustness));
        text_oob(f, r->oob, r->skipped_oob);
    }
    fprintf(f,
            "  result: %" PRIu64 " values compared, %" PRIu64 " exact, %" PRIu64 " 1ulp, %" PRIu64
            " nan, %" PRIu64 " snorm-min, %" PRIu64 " mismatch, %" PRIu64 " sysval, %" PRIu64
            " not-shaded, %" PRIu64 " cut; %" PRIu64 " accepted, %" PRIu64 " known, %" PRIu64
            " not accepted; %" PRIu64 " out of bounds and %" PRIu64
            " alone between cuts not compared -> %s\n",
            r->compared, t[VF_DIFF_EXACT], t[VF_DIFF_ULP], t[VF_DIFF_NAN], t[VF_DIFF_SNORM_MIN],
            t[VF_DIFF_OTHER], t[VF_DIFF_SYSVAL], t[VF_DIFF_NOT_SHADED], t[VF_DIFF_CUT],
            r->accepted, r->known, r->unaccepted, r->skipped_oob, r->skipped_incomplete,
            r->status == VKF_EXIT_OK ? "PASS" : "FAIL");
}

static void text_cases_end(FILE *f)
{
    (void)f;
}

/* Only the deviations that matched. */
static void text_known(FILE *f, const struct vf_known *k, size_t nth)
{
    (void)nth;
    if (k->count)
        fprintf(f, "known deviation %s (%s): %" PRIu64 " values: %s\n", k->id,
                kind_name[k->kind], k->count, k->reason);
}

static void text_end(FILE *f, const struct vkf_report *rep, int status)
{
    fprintf(f, "out of bounds (%s): ", vkf_robustness_name(rep->robustness));
    text_oob(f, rep->oob, rep->oob_not_compared);
    fprintf(f, "%u cases: %u passed, %u failed, %u errors, %u skipped: %s\n", rep->cases,
            rep->passed, rep->failed, rep->errors, rep->skipped,
            status == VKF_EXIT_OK ? "PASS" : "FAIL");
    fprintf(f, "status: %d\n", status);
}

static const struct vkf_report_backend text_backend = BACKEND(text, 1);

/* ------------------------------------------------------------------------ */
/* JSON                                                                      */
/* ------------------------------------------------------------------------ */

static void json_device(FILE *f, const char *device, int robustness, int sized)
{
    fprintf(f, "{\"device\": ");
    vf_output_json_string(f, device);
    fprintf(f, ",\n  \"robustness\": \"%s\", \"vertex_buffers\": \"%s\",\n  \"cases\": [",
            vkf_robustness_name(robustness), sized ? "sized" : "exact");
}

/* The out-of-bounds counts as JSON members: "oob_exact": n, ... */
static void json_oob(FILE *f, const uint64_t *oob, uint64_t not_compared)
{
    for (int k = 0; k < VKF_OOB_COUNT; k++) {
        fputs(", \"oob_", f);
        for (const char *p = vkf_oob_outcome_name[k] + 4; *p; p++)
            fputc(*p == '-' ? '_' : *p, f);
        fprintf(f, "\": %" PRIu64, oob[k]);
    }
    fprintf(f, ", \"oob_not_compared\": %" PRIu64, not_compared);
}

/* Whether each start location the case reads was compared. */
static void json_start(FILE *f, const struct vkf_case_report *r)
{
    for (uint32_t k = 0; k < VKF_START_VALUES; k++)
        if (r->start.wanted[k])
            fprintf(f, ", \"%s\": \"%s\"", vkf_start_name(k),
                    r->vk.draw_parameters ? "compared" : "not compared (no shaderDrawParameters)");
    if (r->start.wanted[0] || r->start.wanted[1])
        fprintf(f, ", \"start_locations_compared\": %" PRIu64, r->start_compared);
}

static int json_case_open(FILE *f, const struct vkf_case_report *r, uint32_t nth)
{
    fprintf(f, "%s\n    {\"case\": ", nth == 0 ? "" : ",");
    vf_output_json_string(f, r->path);
    if (r->has_command)
        fprintf(f, ", \"command\": %u", r->command);
    fprintf(f, ", \"status\": %d", r->status);
    if (r->error[0]) {
        fprintf(f, ", \"error\": ");
        vf_output_json_string(f, r->error);
    }
    fprintf(f, ", \"translation\": ");
    vf_output_json_string(f, r->vk.translation);
    json_start(f, r);
    fprintf(f, ", \"elements\": [");
    return 0;
}

static void json_element(FILE *f, const struct vkf_case_report *r, uint32_t e)
{
    fprintf(f, "%s{\"element\": %u, \"semantic\": ", e ? ", " : "", e);
    vf_output_json_string(f, r->semantic[e]);
    fprintf(f, ", \"offset\": %u, \"vfetch_offset\": %u, \"status\": \"%s\"", r->offsets[e],
            r->vf_offsets[e], status_note(r->vk.status[e]));
    if (r->vk.note[e][0]) {
        fprintf(f, ", \"note\": ");
        vf_output_json_string(f, r->vk.note[e]);
    }
    fputc('}', f);
}

static void json_counts(FILE *f, const struct vkf_case_report *r)
{
    fprintf(f, "],\n     \"totals\": {");
    for (int k = 0; k < VF_DIFF_COUNT; k++)
        fprintf(f, "%s\"%s\": %" PRIu64, k ? ", " : "", kind_name[k], r->total[k]);
    fprintf(f, ", \"accepted\": %" PRIu64 ", \"known\": %" PRIu64 ", \"not_accepted\": %" PRIu64
               ", \"out_of_bounds\": %" PRIu64 ", \"alone_between_cuts\": %" PRIu64,
            r->accepted, r->known, r->unaccepted, r->skipped_oob, r->skipped_incomplete);
    json_oob(f, r->oob, r->skipped_oob);
    fprintf(f, "},\n     \"formats\": [");
}

static void json_format_row(FILE *f, uint32_t fmt, uint32_t comp, const uint64_t *n,
                            uint32_t nth)
{
    fprintf(f, "%s\n       {\"format\": \"%s\", \"component\": \"%s\"", nth ? "," : "",
            vf_format_name(fmt), comp_name(comp));
    for (int k = 0; k <= VF_DIFF_OTHER; k++)
        fprintf(f, ", \"%s\": %" PRIu64, kind_name[k], n[k]);
    fputc('}', f);
}

static void json_differences(FILE *f, const struct vkf_case_report *r)
{
    (void)r;
    fprintf(f, "],\n     \"differences\": [");
}

static void json_difference(FILE *f, const struct vkf_case_report *r, const struct vkf_diff *d,
                            uint32_t nth)
{
    fprintf(f, "%s\n       {\"kind\": \"%s\", \"element\": %d, \"semantic\": ", nth ? "," : "",
            kind_name[d->kind], d->element == UINT32_MAX ? -1 : (int)d->element);
    if (d->element == UINT32_MAX)
        fprintf(f, "null");
    else
        vf_output_json_string(f, r->semantic[d->element]);
    fprintf(f,
            ", \"component\": \"%s\", \"position\": %u, \"index\": %u, "
            "\"instance\": %u, \"expected\": \"0x%08x\", \"got\": \"0x%08x\", "
            "\"out_of_bounds\": %s}",
            comp_name(d->component), d->position, d->index_value, d->instance, d->expected,
            d->got, d->oob ? "true" : "false");
}

static void json_case_close(FILE *f, const struct vkf_case_report *r)
{
    (void)r;
    fprintf(f, "]}");
}

static void json_cases_end(FILE *f)
{
    fprintf(f, "],\n  \"known_deviations\": [");
}

/* Every deviation of the list, with how often it matched. */
static void json_known(FILE *f, const struct vf_known *k, size_t nth)
{
    fprintf(f, "%s\n    {\"id\": ", nth ? "," : "");
    vf_output_json_string(f, k->id);
    fprintf(f, ", \"kind\": \"%s\", \"count\": %" PRIu64 ", \"reason\": ", kind_name[k->kind],
            k->count);
    vf_output_json_string(f, k->reason);
    fprintf(f, "}");
}

static void json_end(FILE *f, const struct vkf_report *rep, int status)
{
    fprintf(f,
            "],\n  \"summary\": {\"cases\": %u, \"passed\": %u, \"failed\": %u, "
            "\"errors\": %u, \"skipped\": %u",
            rep->cases, rep->passed, rep->failed, rep->errors, rep->skipped);
    json_oob(f, rep->oob, rep->oob_not_compared);
    fprintf(f, "},\n  \"status\": %d}\n", status);
}

static const struct vkf_report_backend json_backend = BACKEND(json, 0);

/* ------------------------------------------------------------------------ */
/* The walk                                                                  */
/* ------------------------------------------------------------------------ */

void vkf_report_begin(struct vkf_report *rep, FILE *f, int json, const char *device,
                      int robustness, int sized)
{
    memset(rep, 0, sizeof(*rep));
    rep->f = f;
    rep->be = json ? &json_backend : &text_backend;
    rep->robustness = robustness;
    rep->be->device(f, device, robustness, sized);
}

/* The rows of the format table: a format and component with any value
 * of the element kinds (exact .. mismatch). */
static void report_formats(const struct vkf_report *rep, const struct vkf_case_report *r)
{
    uint32_t rows = 0;

    for (uint32_t fmt = rep->be->draw_row ? 0 : 1; fmt < VKF_MAX_FORMAT_VALUE; fmt++) {
        for (uint32_t comp = 0; comp < 4; comp++) {
            const uint64_t *n = r->stats[fmt].n[comp];
            if (n[VF_DIFF_EXACT] + n[VF_DIFF_ULP] + n[VF_DIFF_NAN] + n[VF_DIFF_SNORM_MIN] +
                    n[VF_DIFF_OTHER] == 0)
                continue;
            rep->be->format_row(rep->f, fmt, comp, n, rows++);
        }
    }
}

void vkf_report_case(struct vkf_report *rep, const struct vkf_case_report *r)
{
    const struct vkf_report_backend *be = rep->be;
    FILE *f = rep->f;

    if (r->status == VKF_EXIT_OK)
        rep->passed++;
    else if (r->status == VKF_EXIT_MISMATCH)
        rep->failed++;
    else if (r->status == VKF_EXIT_SKIP)
        rep->skipped++;
    else
        rep->errors++;
    for (int k = 0; k < VKF_OOB_COUNT; k++)
        rep->oob[k] += r->oob[k];
    rep->oob_not_compared += r->skipped_oob;
    if (be->case_open(f, r, rep->cases++) != 0)
        return;
    for (uint32_t e = 0; e < r->vk.num_elements; e++)
        be->element(f, r, e);
    be->counts(f, r);
    report_formats(rep, r);
    be->differences(f, r);
    for (uint32_t k = 0; k < r->num_shown; k++)
        be->difference(f, r, &r->shown[k], k);
    be->case_close(f, r);
}

void vkf_report_end(struct vkf_report *rep, const struct vf_known_list *known, int status)
{
    rep->be->cases_end(rep->f);
    for (size_t k = 0; k < known->n; k++)
        rep->be->known(rep->f, &known->v[k], k);
    rep->be->end(rep->f, rep, status);
}
