/* layout_model.c - the input-layout validation model (layout_model.h). */
#include "layout_model.h"

#include <stdio.h>
#include <string.h>

/* The IA vertex formats of rules section 1: value, bytes, integer (UINT or
 * SINT) or not. Written from the rules, independent of lib/formats.def. */
static const struct {
    vf_format format;
    uint8_t size;
    uint8_t is_int;
} ia_formats[] = {
    { 2, 16, 0 }, { 3, 16, 1 }, { 4, 16, 1 }, { 6, 12, 0 }, { 7, 12, 1 }, { 8, 12, 1 },
    { 10, 8, 0 }, { 11, 8, 0 }, { 12, 8, 1 }, { 13, 8, 0 }, { 14, 8, 1 }, { 16, 8, 0 },
    { 17, 8, 1 }, { 18, 8, 1 }, { 24, 4, 0 }, { 25, 4, 1 }, { 26, 4, 0 }, { 28, 4, 0 },
    { 30, 4, 1 }, { 31, 4, 0 }, { 32, 4, 1 }, { 34, 4, 0 }, { 35, 4, 0 }, { 36, 4, 1 },
    { 37, 4, 0 }, { 38, 4, 1 }, { 41, 4, 0 }, { 42, 4, 1 }, { 43, 4, 1 }, { 49, 2, 0 },
    { 50, 2, 1 }, { 51, 2, 0 }, { 52, 2, 1 }, { 54, 2, 0 }, { 56, 2, 0 }, { 57, 2, 1 },
    { 58, 2, 0 }, { 59, 2, 1 }, { 61, 1, 0 }, { 62, 1, 1 }, { 63, 1, 0 }, { 64, 1, 1 },
    { 85, 2, 0 }, { 86, 2, 0 }, { 87, 4, 0 }, { 88, 4, 0 }, { 115, 2, 0 },
};
#define NUM_IA_FORMATS (sizeof(ia_formats) / sizeof(ia_formats[0]))

#define APPEND VF_APPEND_ALIGNED_ELEMENT
#define ERR VF_SEVERITY_ERROR

uint32_t lm_format_count(void)
{
    return (uint32_t)NUM_IA_FORMATS;
}

vf_format lm_format_at(uint32_t index)
{
    return index < NUM_IA_FORMATS ? ia_formats[index].format : 0;
}

static int format_index(vf_format f)
{
    for (size_t i = 0; i < NUM_IA_FORMATS; i++) {
        if (ia_formats[i].format == f)
            return (int)i;
    }
    return -1;
}

uint32_t lm_format_size(vf_format format)
{
    int i = format_index(format);
    return i < 0 ? 0 : ia_formats[i].size;
}

int lm_format_is_int(vf_format format)
{
    int i = format_index(format);
    return i < 0 ? 0 : ia_formats[i].is_int;
}

int lm_name_equal(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la != lb)
        return 0;
    for (size_t i = 0; i < la; i++) {
        char ca = a[i], cb = b[i];
        if (ca >= 'A' && ca <= 'Z')
            ca = (char)(ca + 32);
        if (cb >= 'A' && cb <= 'Z')
            cb = (char)(cb + 32);
        if (ca != cb)
            return 0;
    }
    return 1;
}

static void add(lm_result *x, vf_result code, uint32_t severity, int32_t element,
                int32_t signature)
{
    if (x->count < LM_MAX_DIAGS) {
        lm_diag *d = &x->diags[x->count];
        d->code = code;
        d->severity = severity;
        d->element = element;
        d->signature = signature;
    }
    x->count++;
    if (severity == ERR) {
        if (x->num_errors++ == 0)
            x->first_error = code;
    } else {
        x->num_warnings++;
    }
}

/* Per-slot state of the walk over the elements. */
struct slots {
    uint64_t end[VF_MAX_INPUT_SLOTS];  /* the APPEND_ALIGNED cursor */
    int known[VF_MAX_INPUT_SLOTS];     /* the cursor is known */
    int ref[VF_MAX_INPUT_SLOTS];       /* first element with a valid class, or -1 */
};

/* L06, L07 against the slot's first element with a valid class. */
static void predict_slot_agreement(const vf_input_element_desc *d, uint32_t i,
                                   struct slots *s, lm_result *x)
{
    const vf_input_element_desc *e = &d[i];
    int r = s->ref[e->input_slot];
    if (r < 0)
        s->ref[e->input_slot] = (int)i;
    else if (d[r].input_slot_class != e->input_slot_class)
        add(x, VF_ERROR_SLOT_CLASS_CHANGE, ERR, (int32_t)i, -1);
    else if (e->input_slot_class == VF_INPUT_PER_INSTANCE_DATA &&
             d[r].instance_data_step_rate != e->instance_data_step_rate)
        add(x, VF_ERROR_STEP_RATE_CHANGE, ERR, (int32_t)i, -1);
}

/* L08, the 2048-byte limit and APPEND_ALIGNED (rules 3.1) in a valid slot. */
static void predict_offset(const vf_input_element_desc *e, uint32_t i, struct slots *s,
                           lm_result *x)
{
    uint32_t slot = e->input_slot;
    uint32_t size = lm_format_size(e->format);
    if (size == 0) {
        s->known[slot] = 0;
        return;
    }
    uint32_t align = size >= 4 ? 4 : size;
    uint64_t o;
    if (e->aligned_byte_offset == APPEND) {
        if (!s->known[slot])
            return;
        o = s->end[slot];
        while (o % align)
            o++;
    } else {
        o = e->aligned_byte_offset;
        if (o % align)
            add(x, VF_ERROR_MISALIGNED_OFFSET, ERR, (int32_t)i, -1);
    }
    if (o + size > 2048)
        add(x, VF_ERROR_OFFSET_TOO_LARGE, ERR, (int32_t)i, -1);
    x->offset[i] = o;
    s->end[slot] = o + size;
    s->known[slot] = 1;
}

/* L02-L08 for element i. */
static void predict_element_data(const vf_input_element_desc *d, uint32_t i, uint32_t max_slots,
                                 struct slots *s, lm_result *x)
{
    const vf_input_element_desc *e = &d[i];
    int32_t ei = (int32_t)i;
    if (lm_format_size(e->format) == 0)
        add(x, VF_ERROR_INVALID_FORMAT, ERR, ei, -1);
    int slot_ok = e->input_slot < max_slots;
    if (!slot_ok)
        add(x, VF_ERROR_INVALID_SLOT, ERR, ei, -1);
    int class_ok = e->input_slot_class < 2;
    if (!class_ok)
        add(x, VF_ERROR_INVALID_SLOT_CLASS, ERR, ei, -1);
    else if (e->input_slot_class == VF_INPUT_PER_VERTEX_DATA && e->instance_data_step_rate != 0)
        add(x, VF_ERROR_STEP_RATE_NOT_ZERO, ERR, ei, -1);
    if (slot_ok && class_ok)
        predict_slot_agreement(d, i, s, x);
    if (slot_ok)
        predict_offset(e, i, s, x);
}

static int is_identifier(const char *nm)
{
    size_t len = strlen(nm);
    if (len == 0 || (nm[0] >= '0' && nm[0] <= '9'))
        return 0;
    for (size_t k = 0; k < len; k++) {
        char c = nm[k];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
              (c >= '0' && c <= '9')))
            return 0;
    }
    return 1;
}

/* L09, L10, L11, L16, L17 for element i. */
static void predict_element_name(const vf_input_element_desc *d, uint32_t i, lm_result *x)
{
    const char *nm = d[i].semantic_name;
    int32_t ei = (int32_t)i;
    if (nm == NULL) {
        add(x, VF_ERROR_NULL_SEMANTIC, ERR, ei, -1);
        return;
    }
    for (uint32_t j = 0; j < i; j++) {
        if (d[j].semantic_name && d[j].semantic_index == d[i].semantic_index &&
            lm_name_equal(d[j].semantic_name, nm)) {
            add(x, VF_ERROR_DUPLICATE_SEMANTIC, ERR, ei, -1);
            break;
        }
    }
    size_t len = strlen(nm);
    if (len && nm[len - 1] >= '0' && nm[len - 1] <= '9')
        add(x, VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC, ERR, ei, -1);
    if (lm_name_equal(nm, "sv_vertexid") || lm_name_equal(nm, "sv_instanceid") ||
        lm_name_equal(nm, "sv_startvertexlocation") ||
        lm_name_equal(nm, "sv_startinstancelocation"))
        add(x, VF_ERROR_SYSTEM_VALUE_ELEMENT, ERR, ei, -1);
    if (!is_identifier(nm))
        add(x, VF_ERROR_INVALID_SEMANTIC_NAME, ERR, ei, -1);
}

/* Rules 7: bit 12 set, nothing above it, four selectors 0..5. */
static int mapping_valid(uint32_t m)
{
    if (!(m & 0x1000u) || m >= 0x2000u)
        return 0;
    for (int c = 0; c < 4; c++) {
        if (((m >> (3 * c)) & 7u) > 5)
            return 0;
    }
    return 1;
}

/* Each signature entry on its own and against the earlier ones. */
static void predict_signature_entries(const vf_signature_element *sig, uint32_t nsig,
                                      lm_result *x)
{
    for (uint32_t j = 0; j < nsig; j++) {
        const vf_signature_element *s = &sig[j];
        int32_t sj = (int32_t)j;
        if (!s->semantic_name)
            add(x, VF_ERROR_INVALID_SIGNATURE, ERR, -1, sj);
        if (s->register_index >= 32) {
            add(x, VF_ERROR_INVALID_SIGNATURE, ERR, -1, sj);
        } else {
            for (uint32_t k = 0; k < j; k++) {
                if (sig[k].register_index == s->register_index) {
                    add(x, VF_ERROR_INVALID_SIGNATURE, ERR, -1, sj);
                    break;
                }
            }
        }
        if (s->semantic_name) {
            for (uint32_t k = 0; k < j; k++) {
                if (sig[k].semantic_name && sig[k].semantic_index == s->semantic_index &&
                    lm_name_equal(sig[k].semantic_name, s->semantic_name)) {
                    add(x, VF_ERROR_INVALID_SIGNATURE, ERR, -1, sj);
                    break;
                }
            }
        }
        if (s->mask > 15)
            add(x, VF_ERROR_INVALID_SIGNATURE, ERR, -1, sj);
        if (s->component_type > 3)
            add(x, VF_ERROR_INVALID_SIGNATURE, ERR, -1, sj);
    }
}

/* L13 (an input no element supplies) and the L14 type warning. */
static void predict_links(const vf_input_element_desc *d, uint32_t n,
                          const vf_signature_element *sig, uint32_t nsig, lm_result *x)
{
    for (uint32_t j = 0; j < nsig; j++) {
        const vf_signature_element *s = &sig[j];
        if (!s->semantic_name || lm_name_equal(s->semantic_name, "sv_vertexid") ||
            lm_name_equal(s->semantic_name, "sv_instanceid") ||
            lm_name_equal(s->semantic_name, "sv_startvertexlocation") ||
            lm_name_equal(s->semantic_name, "sv_startinstancelocation"))
            continue;
        int32_t found = -1;
        for (uint32_t i = 0; i < n && found < 0; i++) {
            if (d[i].semantic_name && d[i].semantic_index == s->semantic_index &&
                lm_name_equal(d[i].semantic_name, s->semantic_name))
                found = (int32_t)i;
        }
        if (found < 0) {
            add(x, VF_ERROR_MISSING_ELEMENT, ERR, -1, (int32_t)j);
            continue;
        }
        vf_format f = d[found].format;
        if (lm_format_size(f) == 0 || s->component_type == 0 || s->component_type > 3)
            continue;
        int int_reg = s->component_type != VF_REGISTER_COMPONENT_FLOAT32;
        if (lm_format_is_int(f) != int_reg)
            add(x, VF_WARNING_TYPE_MISMATCH, VF_SEVERITY_WARNING, found, (int32_t)j);
    }
}

void lm_predict(const vf_input_element_desc *descs, uint32_t count, const uint32_t *mappings,
                uint32_t max_slots, const vf_signature_element *sig, uint32_t nsig,
                lm_result *ret)
{
    uint32_t n = count > VF_MAX_ELEMENTS ? VF_MAX_ELEMENTS : count;
    ret->count = ret->num_errors = ret->num_warnings = 0;
    ret->first_error = VF_OK;
    for (uint32_t i = 0; i < VF_MAX_ELEMENTS; i++)
        ret->offset[i] = UINT64_MAX;
    if (count > VF_MAX_ELEMENTS)
        add(ret, VF_ERROR_TOO_MANY_ELEMENTS, ERR, -1, -1);

    struct slots s;
    for (uint32_t k = 0; k < VF_MAX_INPUT_SLOTS; k++) {
        s.end[k] = 0;
        s.known[k] = 1;
        s.ref[k] = -1;
    }
    for (uint32_t i = 0; i < n; i++) {
        predict_element_data(descs, i, max_slots, &s, ret);
        predict_element_name(descs, i, ret);
        if (!mapping_valid(mappings ? mappings[i] : VF_DEFAULT_COMPONENT_MAPPING))
            add(ret, VF_ERROR_INVALID_MAPPING, ERR, (int32_t)i, -1);
    }
    if (sig == NULL)
        return;
    if (nsig > VF_MAX_REGISTERS) {
        add(ret, VF_ERROR_INVALID_SIGNATURE, ERR, -1, -1);
        return;
    }
    predict_signature_entries(sig, nsig, ret);
    predict_links(descs, n, sig, nsig, ret);
}

int lm_agrees(const lm_result *m, vf_result result, const vf_diagnostics *got, char *why,
              size_t why_size)
{
    uint32_t stored = m->count < VF_MAX_DIAGNOSTICS ? m->count : VF_MAX_DIAGNOSTICS;
    why[0] = '\0';
    if (result != m->first_error || got->num_errors != m->num_errors ||
        got->num_warnings != m->num_warnings || got->count != stored) {
        snprintf(why, why_size,
                 "result %d, %u errors, %u warnings, %u stored; model %d, %u, %u, %u (%s)",
                 (int)result, got->num_errors, got->num_warnings, got->count,
                 (int)m->first_error, m->num_errors, m->num_warnings, stored,
                 got->count ? got->entries[0].message : "");
        return 0;
    }
    for (uint32_t k = 0; k < stored; k++) {
        const vf_diagnostic *g = &got->entries[k];
        const lm_diag *w = &m->diags[k];
        if (g->code != w->code || g->severity != w->severity || g->element_index != w->element ||
            g->signature_index != w->signature) {
            snprintf(why, why_size,
                     "diagnostic %u: code %d severity %u element %d signature %d (%s); model "
                     "%d %u %d %d",
                     k, (int)g->code, g->severity, g->element_index, g->signature_index,
                     g->message, (int)w->code, w->severity, w->element, w->signature);
            return 0;
        }
    }
    return 1;
}
