/*
 * compare_print.c - vfetch compare's report, for people or as JSON.
 */
#include <string.h>

#include "cli.h"
#include "compare_report.h"

static void print_word(FILE *f, uint32_t w)
{
    float x;
    memcpy(&x, &w, 4);
    fprintf(f, "0x%08x (%.9g)", w, (double)x);
}

/* The report as JSON: counts, per format, and the differences listed. */
static void cmp_print_json(FILE *f, const char *name, const struct cmp_report *r)
{
    fputs("{\"case\": ", f);
    vf_output_json_string(f, name);
    fprintf(f, ", \"compared\": %llu, \"counts\": {", (unsigned long long)r->compared);
    for (int k = 0; k < VF_DIFF_COUNT; k++)
        fprintf(f, "%s\"%s\": %llu", k ? ", " : "", vf_diff_kind_name[k],
                (unsigned long long)r->counts[k]);
    fprintf(f, "}, \"accepted\": %llu, \"known\": %llu, \"not_accepted\": %llu,\n \"formats\": {",
            (unsigned long long)r->accepted, (unsigned long long)r->known,
            (unsigned long long)r->not_accepted);
    for (uint32_t fm = 0, first = 1; fm < MAX_FORMAT_VALUE; fm++) {
        uint64_t any = 0;
        for (int k = 0; k < VF_DIFF_COUNT; k++)
            any += r->by_format[fm][k];
        if (!any)
            continue;
        fprintf(f, "%s\"%s\": {", first ? "" : ", ", vf_format_name(fm));
        first = 0;
        for (int k = 0; k < VF_DIFF_COUNT; k++)
            fprintf(f, "%s\"%s\": %llu", k ? ", " : "", vf_diff_kind_name[k],
                    (unsigned long long)r->by_format[fm][k]);
        fputc('}', f);
    }
    if (r->robust != NULL)
        fprintf(f, "},\n \"robustness\": {\"mode\": \"%s\", \"exact\": %llu, \"within\": %llu, "
                "\"outside\": %llu", vf_robust_mode_name(r->robust->mode),
                (unsigned long long)r->robust->exact, (unsigned long long)r->robust->within,
                (unsigned long long)r->robust->outside);
    fputs("},\n \"differences\": [", f);
    for (uint32_t i = 0; i < r->num_shown; i++) {
        const struct cmp_diff *d = &r->shown[i];
        fprintf(f, "%s\n  {\"record\": %zu, \"register\": ", i ? "," : "", d->record);
        vf_output_json_string(f, d->reg);
        fprintf(f, ", \"component\": %u, \"expected\": %u, \"got\": %u, \"kind\": \"%s\"",
                d->comp, d->expected, d->got,
                d->kind == VF_DIFF_COUNT ? "oob-outside" : vf_diff_kind_name[d->kind]);
        if (d->kind == VF_DIFF_COUNT) {
            fprintf(f, ", \"reason\": \"%s\", \"set\": ", vf_robust_reason_name(d->reason));
            vf_output_json_string(f, d->set);
        }
        fputc('}', f);
    }
    fputs("]}\n", f);
}

/* The report for people: a summary line, then a line per difference. */
void cmp_print(FILE *f, const char *name, const struct cmp_report *r, uint32_t vertices,
                      int json)
{
    if (json) {
        cmp_print_json(f, name, r);
        return;
    }
    fprintf(f, "%s: %llu values compared:", name, (unsigned long long)r->compared);
    for (int k = 0; k < VF_DIFF_COUNT; k++)
        if (r->counts[k] || k == VF_DIFF_EXACT)
            fprintf(f, " %s %llu", vf_diff_kind_name[k], (unsigned long long)r->counts[k]);
    fprintf(f, "; %llu accepted, %llu known, %llu not accepted\n", (unsigned long long)r->accepted,
            (unsigned long long)r->known, (unsigned long long)r->not_accepted);
    if (r->robust != NULL)
        fprintf(f, "out of bounds under %s: exact %llu, within set %llu, outside %llu\n",
                vf_robust_mode_name(r->robust->mode), (unsigned long long)r->robust->exact,
                (unsigned long long)r->robust->within, (unsigned long long)r->robust->outside);
    for (uint32_t i = 0; i < r->num_shown; i++) {
        const struct cmp_diff *d = &r->shown[i];
        fprintf(f, "  record %zu (instance %zu, position %zu) %s.%c: expected ", d->record,
                vertices ? d->record / vertices : 0, vertices ? d->record % vertices : 0, d->reg,
                d->comp < 4 ? "xyzw"[d->comp] : '?');
        print_word(f, d->expected);
        fputs(", got ", f);
        print_word(f, d->got);
        if (d->kind == VF_DIFF_COUNT)
            fprintf(f, ": out of bounds (%s), not in %s\n", vf_robust_reason_name(d->reason),
                    d->set);
        else
            fprintf(f, ": %s\n", vf_diff_kind_name[d->kind]);
    }
}
