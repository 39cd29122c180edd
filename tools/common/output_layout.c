/*
 * output_layout.c - `vfetch validate`'s layout table and `vfetch formats`.
 */
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "d3d_names.h"
#include "output.h"

/* ------------------------------------------------------------------------ */
/* Layout and formats                                                       */
/* ------------------------------------------------------------------------ */

int vf_output_layout(FILE *f, const vf_layout *layout)
{
    uint32_t n = vf_layout_element_count(layout);
    char sem[80];
    int wsem = (int)strlen("semantic"), wfmt = (int)strlen("format");

    for (uint32_t i = 0; i < n; i++) {
        vf_layout_element_info e;
        int len;
        if (vf_layout_element(layout, i, &e) != VF_OK)
            continue;
        len = snprintf(sem, sizeof(sem), "%.64s%u", e.semantic_name ? e.semantic_name : "(null)",
                       e.semantic_index);
        if (len > wsem)
            wsem = len;
        if (vf_format_name(e.format) && (int)strlen(vf_format_name(e.format)) > wfmt)
            wfmt = (int)strlen(vf_format_name(e.format));
    }
    fprintf(f, "%2s  %-*s  %4s  %6s  %-*s  %-17s  %4s  %-7s  %s\n", "#", wsem, "semantic", "slot",
            "offset", wfmt, "format", "class", "step", "mapping", "register");
    for (uint32_t i = 0; i < n; i++) {
        vf_layout_element_info e;
        const char *cls;
        if (vf_layout_element(layout, i, &e) != VF_OK)
            continue;
        snprintf(sem, sizeof(sem), "%.64s%u", e.semantic_name ? e.semantic_name : "(null)",
                 e.semantic_index);
        cls = vf_slot_class_name(e.input_slot_class);
        fprintf(f, "%2u  %-*s  %4u  %6u  %-*s  %-17s  %4u  0x%04x  ", i, wsem, sem, e.input_slot,
                e.byte_offset, wfmt, vf_format_name(e.format) ? vf_format_name(e.format) : "?",
                cls ? cls : "?", e.instance_data_step_rate, e.component_mapping);
        if (e.record_register >= 0)
            fprintf(f, "%d\n", e.record_register);
        else
            fprintf(f, "- (not read by the shader)\n");
    }
    return ferror(f) ? -1 : 0;
}

static const char *const type_names[] = {
    [VF_TYPE_NONE] = "NONE",          [VF_TYPE_TYPELESS] = "TYPELESS",
    [VF_TYPE_UNORM] = "UNORM",        [VF_TYPE_SNORM] = "SNORM",
    [VF_TYPE_UINT] = "UINT",          [VF_TYPE_SINT] = "SINT",
    [VF_TYPE_FLOAT] = "FLOAT",        [VF_TYPE_UFLOAT] = "UFLOAT",
    [VF_TYPE_UNORM_SRGB] = "UNORM_SRGB", [VF_TYPE_SHAREDEXP] = "SHAREDEXP",
    [VF_TYPE_OTHER] = "OTHER",
};

/* "UNORM", "FLOAT", "UNORM/UINT" (distinct types in component order), "-". */
static void type_summary(const vf_format_desc *d, char *buf, size_t size)
{
    uint8_t seen[4];
    size_t nseen = 0, len = 0;

    buf[0] = '\0';
    for (int c = 0; c < 4; c++) {
        uint8_t t = d->type[c];
        int dup = 0;
        if (t == VF_TYPE_NONE || t >= ARRAY_LEN(type_names))
            continue;
        for (size_t k = 0; k < nseen; k++)
            dup |= seen[k] == t;
        if (dup)
            continue;
        seen[nseen++] = t;
        len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "/" : "", type_names[t]);
        if (len >= size)
            break;
    }
    if (nseen == 0)
        snprintf(buf, size, "-");
}

static void bits_summary(const vf_format_desc *d, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int c = 0; c < 4; c++) {
        if (d->bits[c] == 0)
            continue;
        len += (size_t)snprintf(buf + len, size - len, "%s%u", len ? "," : "", d->bits[c]);
        if (len >= size)
            break;
    }
    if (len == 0)
        snprintf(buf, size, "-");
}

static const char *vertex_support(const vf_format_desc *d)
{
    if (!(d->ia_support & VF_IA_VERTEX_BUFFER))
        return "no";
    return (d->ia_support & VF_IA_VERTEX_BUFFER_OPTIONAL) ? "optional" : "required";
}

int vf_output_formats(FILE *f, int json)
{
    uint32_t n = vf_format_count();
    char type[64], bits[32];

    if (json)
        fputs("[", f);
    else
        fprintf(f, "%5s  %-40s  %5s  %5s  %-11s  %-16s  %-9s  %s\n", "value", "name", "bytes",
                "comps", "bits", "type", "IA vertex", "IA index");
    for (uint32_t i = 0; i < n; i++) {
        const vf_format_desc *d = vf_format_info_at(i);
        if (d == NULL)
            continue;
        type_summary(d, type, sizeof(type));
        bits_summary(d, bits, sizeof(bits));
        if (json) {
            fprintf(f, "%s\n  {\"value\": %u, \"name\": ", i ? "," : "", d->format);
            vf_output_json_string(f, d->name);
            fprintf(f, ", \"bytes\": %u, \"components\": %u, \"bits\": [%u, %u, %u, %u], "
                       "\"type\": ",
                    d->bytes, d->num_components, d->bits[0], d->bits[1], d->bits[2], d->bits[3]);
            vf_output_json_string(f, type);
            fprintf(f, ", \"ia_vertex\": \"%s\", \"ia_index\": %s}", vertex_support(d),
                    (d->ia_support & VF_IA_INDEX_BUFFER) ? "true" : "false");
        } else {
            fprintf(f, "%5u  %-40s  %5u  %5u  %-11s  %-16s  %-9s  %s\n", d->format, d->name,
                    d->bytes, d->num_components, bits, type, vertex_support(d),
                    (d->ia_support & VF_IA_INDEX_BUFFER) ? "yes" : "no");
        }
    }
    if (json)
        fputs("\n]\n", f);
    return ferror(f) ? -1 : 0;
}
