/*
 * layout_names.c - the checks of an input layout on its semantic names
 * (L09, L10, L11, L16, L17 of docs/d3d-ia-rules.md section 3.4) and on a
 * vertex-shader input signature (malformed entries, then L13 and the L14
 * warning when linking), and the diagnostics helper every part of layout
 * compilation uses. Names are printed cleaned and cut (NAME_PRINT_MAX).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "layout_state.h"

void vf_layout_diag(struct diag_ctx *ctx, vf_result code, uint32_t severity, int32_t element,
                    int32_t signature, const char *fmt, ...)
{
    if (severity == VF_SEVERITY_ERROR) {
        if (ctx->num_errors == 0)
            ctx->first_error = code;
        ctx->num_errors++;
    }
    va_list ap;
    va_start(ap, fmt);
    vf_diagnostics_vadd(ctx->out, code, severity, element, signature, fmt, ap);
    va_end(ap);
}

/* "POSITION0" for messages: a NULL name prints as "(null)", bytes outside
 * printable ASCII as '?', and names longer than NAME_PRINT_MAX are cut with
 * "..." so one message never drowns in a hostile string. */
void vf_layout_format_semantic(char *buf, size_t size, const char *name, uint32_t index)
{
    char clean[NAME_PRINT_MAX + 4];
    size_t n = 0;

    if (name == NULL) {
        snprintf(buf, size, "(null)%" PRIu32, index);
        return;
    }
    for (; name[n] != '\0' && n < NAME_PRINT_MAX; n++) {
        unsigned char c = (unsigned char)name[n];
        clean[n] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    if (name[n] != '\0') {
        memcpy(clean + n, "...", 3);
        n += 3;
    }
    clean[n] = '\0';
    snprintf(buf, size, "%s%" PRIu32, clean, index);
}

/* The same cleaning for a bare name (L11, L16, L17 messages). */
static void format_name(char *buf, size_t size, const char *name)
{
    vf_layout_format_semantic(buf, size, name, 0);
    size_t len = strlen(buf);
    if (len > 0)
        buf[len - 1] = '\0'; /* drop the index "0" */
}

/* ASCII case folding only: semantic matching must not depend on the locale. */
static int ascii_lower(int c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

static int name_equal_nocase(const char *a, const char *b)
{
    for (;; a++, b++) {
        int ca = ascii_lower((unsigned char)*a), cb = ascii_lower((unsigned char)*b);
        if (ca != cb)
            return 0;
        if (ca == 0)
            return 1;
    }
}

static int is_ident_start(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

static int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static int is_identifier(const char *s)
{
    if (!is_ident_start((unsigned char)s[0]))
        return 0;
    for (s++; *s; s++) {
        if (!is_ident_start((unsigned char)*s) && !is_digit((unsigned char)*s))
            return 0;
    }
    return 1;
}

/* Values the IA generates. L16 is UNCONFIRMED in the rules (section 3.4):
 * vfetch rejects an element with one of these names, because the IA never
 * fetches them and a shader reading one gets the generated value, so such
 * an element could only be dead or misleading. SV_Position and other SV_
 * names are ordinary elements (a native test binds "SV_POSITION"). */
static int is_generated_value(const char *name)
{
    static const char *const names[] = {
        "SV_VertexID", "SV_InstanceID", "SV_StartVertexLocation", "SV_StartInstanceLocation",
    };
    for (size_t i = 0; i < VF_ARRAY_LEN(names); i++) {
        if (name_equal_nocase(name, names[i]))
            return 1;
    }
    return 0;
}

static const char *register_type_name(uint32_t type)
{
    switch (type) {
    case VF_REGISTER_COMPONENT_UINT32: return "UINT32";
    case VF_REGISTER_COMPONENT_SINT32: return "SINT32";
    case VF_REGISTER_COMPONENT_FLOAT32: return "FLOAT32";
    default: return "UNKNOWN";
    }
}

/* 1 if the format delivers integers (UINT/SINT), 0 if floats. IA vertex
 * formats never mix the two, so the first component decides. */
static int format_is_integer(const vf_format_desc *fi)
{
    return fi->type[0] == VF_TYPE_UINT || fi->type[0] == VF_TYPE_SINT;
}

/* L09, L10, L11, L16, L17 on the semantic name. */
void vf_layout_check_name(struct diag_ctx *ctx, const vf_input_element_desc *descs, uint32_t i,
                          const char *sem)
{
    const vf_input_element_desc *e = &descs[i];
    const char *name = e->semantic_name;
    int32_t ei = (int32_t)i;
    char pname[NAME_PRINT_MAX + 8];

    if (name != NULL) {
        for (uint32_t j = 0; j < i; j++) {
            const vf_input_element_desc *o = &descs[j];
            if (o->semantic_name != NULL && o->semantic_index == e->semantic_index &&
                name_equal_nocase(o->semantic_name, name)) {
                char osem[NAME_PRINT_MAX + 16];
                vf_layout_format_semantic(osem, sizeof(osem), o->semantic_name, o->semantic_index);
                vf_layout_diag(ctx, VF_ERROR_DUPLICATE_SEMANTIC, VF_SEVERITY_ERROR, ei, -1,
                     "element %" PRIu32 " (%s): the same semantic as element %" PRIu32 " (%s)",
                     i, sem, j, osem);
                break;
            }
        }
    }
    if (name == NULL) {
        vf_layout_diag(ctx, VF_ERROR_NULL_SEMANTIC, VF_SEVERITY_ERROR, ei, -1,
             "element %" PRIu32 " (%s): SemanticName is NULL", i, sem);
        return;
    }
    format_name(pname, sizeof(pname), name);
    size_t len = strlen(name);
    if (len > 0 && is_digit((unsigned char)name[len - 1]))
        vf_layout_diag(ctx, VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC, VF_SEVERITY_ERROR, ei, -1,
             "element %" PRIu32 " (%s): SemanticName %s ends in a digit; put the number in "
             "SemanticIndex",
             i, sem, pname);
    if (is_generated_value(name))
        vf_layout_diag(ctx, VF_ERROR_SYSTEM_VALUE_ELEMENT, VF_SEVERITY_ERROR, ei, -1,
             "element %" PRIu32 " (%s): %s is generated by the input assembler, not read "
             "from an element",
             i, sem, pname);
    /* UNCONFIRMED in the rules (L17): nothing documents the character set;
     * vfetch requires an HLSL identifier, the only names a shader can
     * declare, so anything else could never link. */
    if (len == 0)
        vf_layout_diag(ctx, VF_ERROR_INVALID_SEMANTIC_NAME, VF_SEVERITY_ERROR, ei, -1,
             "element %" PRIu32 " (%s): SemanticName is empty", i, sem);
    else if (!is_identifier(name))
        vf_layout_diag(ctx, VF_ERROR_INVALID_SEMANTIC_NAME, VF_SEVERITY_ERROR, ei, -1,
             "element %" PRIu32 " (%s): SemanticName %s is not an identifier "
             "([A-Za-z_][A-Za-z0-9_]*)",
             i, sem, pname);
}

static int is_vertex_id(const char *name)
{
    return name_equal_nocase(name, "SV_VertexID");
}

static int is_instance_id(const char *name)
{
    return name_equal_nocase(name, "SV_InstanceID");
}

/* The register kind of a value the IA generates (rules §4.2, L16), or
 * VF_REGISTER_ELEMENT for a name an element supplies. */
uint32_t vf_layout_generated_kind(const char *name)
{
    if (is_vertex_id(name))
        return VF_REGISTER_VERTEX_ID;
    if (is_instance_id(name))
        return VF_REGISTER_INSTANCE_ID;
    if (name_equal_nocase(name, "SV_StartVertexLocation"))
        return VF_REGISTER_START_VERTEX_LOCATION;
    if (name_equal_nocase(name, "SV_StartInstanceLocation"))
        return VF_REGISTER_START_INSTANCE_LOCATION;
    return VF_REGISTER_ELEMENT;
}

/* Malformed signature entries. Returns 1 if every entry is well formed. */
int vf_layout_check_signature(struct diag_ctx *ctx, const vf_signature_element *sig,
                              uint32_t n)
{
    uint32_t before = ctx->num_errors;

    for (uint32_t j = 0; j < n; j++) {
        const vf_signature_element *s = &sig[j];
        int32_t sj = (int32_t)j;
        char sem[NAME_PRINT_MAX + 16];
        vf_layout_format_semantic(sem, sizeof(sem), s->semantic_name, s->semantic_index);

        if (s->semantic_name == NULL)
            vf_layout_diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
                 "signature input %" PRIu32 " (%s): SemanticName is NULL", j, sem);
        if (s->register_index >= VF_MAX_REGISTERS) {
            vf_layout_diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
                 "signature input %" PRIu32 " (%s): register %" PRIu32 " is not below %u", j,
                 sem, s->register_index, VF_MAX_REGISTERS);
        } else {
            for (uint32_t k = 0; k < j; k++) {
                if (sig[k].register_index == s->register_index) {
                    vf_layout_diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
                         "signature input %" PRIu32 " (%s): register v%" PRIu32
                         " is also signature input %" PRIu32,
                         j, sem, s->register_index, k);
                    break;
                }
            }
        }
        if (s->semantic_name != NULL) {
            for (uint32_t k = 0; k < j; k++) {
                if (sig[k].semantic_name != NULL && sig[k].semantic_index == s->semantic_index &&
                    name_equal_nocase(sig[k].semantic_name, s->semantic_name)) {
                    vf_layout_diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
                         "signature input %" PRIu32 " (%s): the same semantic as signature "
                         "input %" PRIu32,
                         j, sem, k);
                    break;
                }
            }
        }
        if (s->mask > 0xfu)
            vf_layout_diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
                 "signature input %" PRIu32 " (%s): mask 0x%" PRIx32 " has bits above 0xf", j,
                 sem, s->mask);
        if (s->component_type > VF_REGISTER_COMPONENT_FLOAT32)
            vf_layout_diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
                 "signature input %" PRIu32 " (%s): component type %" PRIu32
                 " is not UNKNOWN, UINT32, SINT32 or FLOAT32",
                 j, sem, s->component_type);
    }
    return ctx->num_errors == before;
}

/* L13 and the L14 warning. match[j] receives the element signature entry j
 * reads, or -1. */
void vf_layout_link_signature(struct diag_ctx *ctx, const vf_input_element_desc *descs,
                              uint32_t n, const struct elem_state *st,
                              const vf_signature_element *sig, uint32_t nsig, int32_t *match)
{
    for (uint32_t j = 0; j < nsig; j++) {
        const vf_signature_element *s = &sig[j];
        match[j] = -1;
        if (s->semantic_name == NULL || vf_layout_generated_kind(s->semantic_name) != VF_REGISTER_ELEMENT)
            continue;
        for (uint32_t i = 0; i < n; i++) {
            if (descs[i].semantic_name != NULL && descs[i].semantic_index == s->semantic_index &&
                name_equal_nocase(descs[i].semantic_name, s->semantic_name)) {
                match[j] = (int32_t)i;
                break;
            }
        }
        char sem[NAME_PRINT_MAX + 16];
        if (match[j] < 0) {
            vf_layout_format_semantic(sem, sizeof(sem), s->semantic_name, s->semantic_index);
            vf_layout_diag(ctx, VF_ERROR_MISSING_ELEMENT, VF_SEVERITY_ERROR, -1, (int32_t)j,
                 "signature input %" PRIu32 " (%s): no element supplies shader input v%" PRIu32,
                 j, sem, s->register_index);
            continue;
        }
        /* L14: the IA only moves bits, so this is a warning (its severity
         * in D3D12 is UNCONFIRMED). */
        const struct elem_state *es = &st[match[j]];
        const vf_input_element_desc *e = &descs[match[j]];
        if (es->fi == NULL || s->component_type == VF_REGISTER_COMPONENT_UNKNOWN ||
            s->component_type > VF_REGISTER_COMPONENT_FLOAT32)
            continue;
        int int_fmt = format_is_integer(es->fi);
        int int_reg = s->component_type != VF_REGISTER_COMPONENT_FLOAT32;
        if (int_fmt != int_reg) {
            vf_layout_format_semantic(sem, sizeof(sem), e->semantic_name, e->semantic_index);
            vf_layout_diag(ctx, VF_WARNING_TYPE_MISMATCH, VF_SEVERITY_WARNING, match[j], (int32_t)j,
                 "element %" PRId32 " (%s): %s delivers %s to shader input v%" PRIu32
                 ", which is %s",
                 match[j], sem, es->fi->name, int_fmt ? "integers" : "floats",
                 s->register_index, register_type_name(s->component_type));
        }
    }
}

