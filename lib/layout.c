/*
 * layout.c - input-layout compilation: option checks, the validation rules
 * of docs/d3d-ia-rules.md section 3.4, APPEND_ALIGNED resolution (section 3.1),
 * component mappings (section 7) and linking to a vertex-shader input
 * signature. The result is the immutable struct vf_layout of vf_internal.h.
 *
 * Everything is validated into stack state first and only a valid layout is
 * allocated, so the error paths free at most a partly filled layout.
 *
 * Order of the diagnostics (the first error is the result): pointer and
 * option errors (they stop compilation: nothing else can be trusted), L01,
 * then per element in array order L02, L03, L04, L05, L06, L07, L08,
 * offset + size > 2048, L09, L10, L11, L16, L17, mapping; then malformed
 * signature entries; then per signature entry L13 and the L14 warning.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"
#include "vf_internal.h"

/* Bytes of a semantic name printed in a message; longer names are cut. */
#define NAME_PRINT_MAX 48u

struct diag_ctx {
    vf_diagnostics *out;  /* may be NULL */
    vf_result first_error;
    uint32_t num_errors;
};

#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
static void diag(struct diag_ctx *ctx, vf_result code, uint32_t severity, int32_t element,
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
static void format_semantic(char *buf, size_t size, const char *name, uint32_t index)
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
    format_semantic(buf, size, name, 0);
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

static const char *class_name(uint32_t slot_class)
{
    return slot_class == VF_INPUT_PER_VERTEX_DATA ? "PER_VERTEX_DATA" : "PER_INSTANCE_DATA";
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

/* What validation learned about one element. */
struct elem_state {
    const vf_format_desc *fi; /* NULL unless an IA vertex format */
    uint32_t size;
    int offset_known;         /* format known and APPEND cursor not poisoned */
    uint64_t offset;          /* resolved offset, 64-bit so a cursor cannot wrap */
    uint32_t mapping;
};

/* What validation tracks per input slot number. */
struct slot_state {
    uint64_t end;  /* APPEND_ALIGNED cursor: where the slot's last placed element ends */
    int end_known; /* 0 after an element of unknown format, until an explicit offset */
    int32_t ref;   /* the slot's first element with a valid class (L06, L07), or -1 */
};

/* A layout under validation: the caller's arrays, and everything the
 * checks learn that building needs. */
struct layout_check {
    struct diag_ctx ctx;
    const vf_input_element_desc *descs;
    uint32_t n;                      /* elements checked and kept (L01 caps it) */
    uint32_t max_slots;              /* resolved vf_layout_options.max_input_slots */
    uint32_t isa;                    /* resolved vf_layout_options.isa */
    const vf_signature_element *sig; /* NULL: registers in element order */
    uint32_t nsig;
    struct elem_state elems[VF_MAX_ELEMENTS];
    struct slot_state slots[VF_MAX_INPUT_SLOTS];
    int32_t match[VF_MAX_REGISTERS]; /* element each signature entry reads, or -1 */
};

/* Rules 3.1: an element's offset is a multiple of min(4, its size); a
 * slot's stride, of the largest of those over the slot's elements. */
static uint32_t element_alignment(uint32_t size)
{
    return size < 4 ? size : 4;
}

static void free_layout(vf_layout *layout)
{
    if (layout == NULL)
        return;
    if (layout->elements != NULL) {
        for (uint32_t i = 0; i < layout->num_elements; i++)
            free(layout->elements[i].semantic_name);
        free(layout->elements);
    }
    free(layout);
}

void vf_layout_options_init(vf_layout_options *options)
{
    if (options == NULL)
        return;
    memset(options, 0, sizeof(*options));
    options->struct_size = sizeof(*options);
    options->max_input_slots = VF_DEFAULT_INPUT_SLOTS;
    options->output_shape = VF_OUTPUT_AOS;
    options->isa = VF_ISA_AUTO;
}

/* Checks the options; on success fills the resolved slot limit and ISA. */
static int check_options(struct diag_ctx *ctx, const vf_layout_options *o, uint32_t *slots_ret,
                         uint32_t *isa_ret)
{
    uint32_t before = ctx->num_errors;

    if (o->struct_size != sizeof(vf_layout_options)) {
        /* Nothing else in the struct can be trusted. */
        diag(ctx, VF_ERROR_INVALID_OPTIONS, VF_SEVERITY_ERROR, -1, -1,
             "options: struct_size %zu is not sizeof(vf_layout_options) %zu", o->struct_size,
             sizeof(vf_layout_options));
        return 0;
    }
    if (o->max_input_slots == 0 || o->max_input_slots == VF_DEFAULT_INPUT_SLOTS)
        *slots_ret = VF_DEFAULT_INPUT_SLOTS;
    else if (o->max_input_slots == VF_MAX_INPUT_SLOTS)
        *slots_ret = VF_MAX_INPUT_SLOTS;
    else
        diag(ctx, VF_ERROR_INVALID_OPTIONS, VF_SEVERITY_ERROR, -1, -1,
             "options: max_input_slots %" PRIu32 " is not 0, 16 or 32", o->max_input_slots);
    if (o->system_values & ~(uint32_t)(VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS))
        diag(ctx, VF_ERROR_INVALID_OPTIONS, VF_SEVERITY_ERROR, -1, -1,
             "options: system_values 0x%" PRIx32 " has bits other than VF_SV_*",
             o->system_values);
    if (o->output_shape != VF_OUTPUT_AOS && o->output_shape != VF_OUTPUT_SOA4 &&
        o->output_shape != VF_OUTPUT_SOA8 && o->output_shape != VF_OUTPUT_SOA16)
        diag(ctx, VF_ERROR_INVALID_OPTIONS, VF_SEVERITY_ERROR, -1, -1,
             "options: output_shape %" PRIu32 " is not 0, 4, 8 or 16", o->output_shape);
    if (o->signature == NULL && o->signature_count != 0)
        diag(ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR, -1, -1,
             "options: signature is NULL but signature_count is %" PRIu32, o->signature_count);
    if (o->isa >= VF_ISA_COUNT) {
        diag(ctx, VF_ERROR_INVALID_OPTIONS, VF_SEVERITY_ERROR, -1, -1,
             "options: isa %" PRIu32 " is not a vf_isa value", o->isa);
    } else {
        vf_result r = vf_resolve_isa(o->isa, isa_ret);
        if (r != VF_OK)
            diag(ctx, r == VF_ERROR_INVALID_ARGUMENT ? VF_ERROR_INVALID_OPTIONS : r,
                 VF_SEVERITY_ERROR, -1, -1,
                 "options: isa %s is not available (not built in, not supported by this CPU, "
                 "or VFETCH_ISA names one that is not)",
                 vf_isa_name(o->isa));
    }
    return ctx->num_errors == before;
}

/* L02. The three optional formats are accepted: a CPU reads them. */
static void check_format(struct layout_check *c, uint32_t i, const char *sem)
{
    const vf_input_element_desc *e = &c->descs[i];
    const vf_format_desc *fi = vf_format_info(e->format);
    if (fi == NULL)
        diag(&c->ctx, VF_ERROR_INVALID_FORMAT, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): Format %" PRIu32 " is not a DXGI_FORMAT value", i, sem,
             e->format);
    else if (!(fi->ia_support & VF_IA_VERTEX_BUFFER))
        diag(&c->ctx, VF_ERROR_INVALID_FORMAT, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): Format %s is not an input-assembler vertex format", i,
             sem, fi->name);
    else {
        c->elems[i].fi = fi;
        c->elems[i].size = fi->bytes;
    }
}

/* L03. Returns 1 if the slot number is valid. */
static int check_slot(struct layout_check *c, uint32_t i, const char *sem)
{
    const vf_input_element_desc *e = &c->descs[i];
    if (e->input_slot < c->max_slots)
        return 1;
    if (e->input_slot < VF_MAX_INPUT_SLOTS)
        diag(&c->ctx, VF_ERROR_INVALID_SLOT, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): InputSlot %" PRIu32 " is not below %" PRIu32
             "; set vf_layout_options.max_input_slots = 32 (MaxInputSlots in a case "
             "file) to allow slots up to 31",
             i, sem, e->input_slot, c->max_slots);
    else
        diag(&c->ctx, VF_ERROR_INVALID_SLOT, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): InputSlot %" PRIu32 " is not below %" PRIu32, i, sem,
             e->input_slot, c->max_slots);
    return 0;
}

/* L04, L05. Returns 1 if the slot class is valid. */
static int check_class(struct layout_check *c, uint32_t i, const char *sem)
{
    const vf_input_element_desc *e = &c->descs[i];
    if (e->input_slot_class > VF_INPUT_PER_INSTANCE_DATA) {
        diag(&c->ctx, VF_ERROR_INVALID_SLOT_CLASS, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): InputSlotClass %" PRIu32
             " is neither PER_VERTEX_DATA (0) nor PER_INSTANCE_DATA (1)",
             i, sem, e->input_slot_class);
        return 0;
    }
    if (e->input_slot_class == VF_INPUT_PER_VERTEX_DATA && e->instance_data_step_rate != 0)
        diag(&c->ctx, VF_ERROR_STEP_RATE_NOT_ZERO, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): InstanceDataStepRate %" PRIu32
             " must be 0 for PER_VERTEX_DATA",
             i, sem, e->instance_data_step_rate);
    return 1;
}

/* L06, L07 against the slot's first element with a valid class. A
 * step-rate difference between per-vertex elements is L05's, and one
 * between elements of different classes is L06's, so L07 compares
 * per-instance elements only. */
static void check_slot_agreement(struct layout_check *c, uint32_t i, const char *sem)
{
    const vf_input_element_desc *e = &c->descs[i];
    struct slot_state *ss = &c->slots[e->input_slot];
    if (ss->ref < 0) {
        ss->ref = (int32_t)i;
        return;
    }
    const vf_input_element_desc *r = &c->descs[ss->ref];
    if (r->input_slot_class != e->input_slot_class)
        diag(&c->ctx, VF_ERROR_SLOT_CLASS_CHANGE, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): InputSlotClass %s differs from %s of element "
             "%" PRId32 " in slot %" PRIu32,
             i, sem, class_name(e->input_slot_class), class_name(r->input_slot_class), ss->ref,
             e->input_slot);
    else if (e->input_slot_class == VF_INPUT_PER_INSTANCE_DATA &&
             r->instance_data_step_rate != e->instance_data_step_rate)
        diag(&c->ctx, VF_ERROR_STEP_RATE_CHANGE, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): InstanceDataStepRate %" PRIu32 " differs from %" PRIu32
             " of element %" PRId32 " in slot %" PRIu32,
             i, sem, e->instance_data_step_rate, r->instance_data_step_rate, ss->ref,
             e->input_slot);
}

/* L08, the 2048-byte limit and APPEND_ALIGNED (rules 3.1): one cursor per
 * slot, alignment min(4, size), the cursor also moves after an explicit
 * offset. An element of unknown format leaves its slot's cursor unknown
 * until the next explicit offset of a known format: offsets that cannot be
 * computed are not judged. */
static void place_element(struct layout_check *c, uint32_t i, const char *sem)
{
    const vf_input_element_desc *e = &c->descs[i];
    struct elem_state *st = &c->elems[i];
    struct slot_state *ss = &c->slots[e->input_slot];
    if (st->fi == NULL) {
        ss->end_known = 0;
        return;
    }
    uint32_t align = element_alignment(st->size);
    uint64_t off;
    int append = e->aligned_byte_offset == VF_APPEND_ALIGNED_ELEMENT;
    if (append) {
        if (!ss->end_known)
            return;
        off = (ss->end + align - 1) / align * align;
    } else {
        off = e->aligned_byte_offset;
        if (off % align != 0)
            diag(&c->ctx, VF_ERROR_MISALIGNED_OFFSET, VF_SEVERITY_ERROR, (int32_t)i, -1,
                 "element %" PRIu32 " (%s): AlignedByteOffset %" PRIu64
                 " is not a multiple of %" PRIu32 " for %s",
                 i, sem, off, align, st->fi->name);
    }
    /* UNCONFIRMED in the rules (3.3): no maximum offset is documented;
     * following the recommendation, an element must end within the 2048
     * bytes a vertex may span. */
    if (off + st->size > VF_MAX_STRIDE)
        diag(&c->ctx, VF_ERROR_OFFSET_TOO_LARGE, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): %s %" PRIu64 " + %" PRIu32
             " bytes of %s ends past %" PRIu32,
             i, sem, append ? "APPEND_ALIGNED offset" : "AlignedByteOffset", off, st->size,
             st->fi->name, VF_MAX_STRIDE);
    st->offset_known = 1;
    st->offset = off;
    ss->end = off + st->size;
    ss->end_known = 1;
}

/* Per-element rules L02-L08, the 2048-byte limit, and APPEND_ALIGNED. */
static void check_element_data(struct layout_check *c, uint32_t i, const char *sem)
{
    check_format(c, i, sem);
    int slot_ok = check_slot(c, i, sem);
    int class_ok = check_class(c, i, sem);
    if (slot_ok && class_ok)
        check_slot_agreement(c, i, sem);
    if (slot_ok)
        place_element(c, i, sem);
}

/* L09, L10, L11, L16, L17 on the semantic name. */
static void check_element_name(struct diag_ctx *ctx, const vf_input_element_desc *descs,
                               uint32_t i, const char *sem)
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
                format_semantic(osem, sizeof(osem), o->semantic_name, o->semantic_index);
                diag(ctx, VF_ERROR_DUPLICATE_SEMANTIC, VF_SEVERITY_ERROR, ei, -1,
                     "element %" PRIu32 " (%s): the same semantic as element %" PRIu32 " (%s)",
                     i, sem, j, osem);
                break;
            }
        }
    }
    if (name == NULL) {
        diag(ctx, VF_ERROR_NULL_SEMANTIC, VF_SEVERITY_ERROR, ei, -1,
             "element %" PRIu32 " (%s): SemanticName is NULL", i, sem);
        return;
    }
    format_name(pname, sizeof(pname), name);
    size_t len = strlen(name);
    if (len > 0 && is_digit((unsigned char)name[len - 1]))
        diag(ctx, VF_ERROR_TRAILING_DIGIT_IN_SEMANTIC, VF_SEVERITY_ERROR, ei, -1,
             "element %" PRIu32 " (%s): SemanticName %s ends in a digit; put the number in "
             "SemanticIndex",
             i, sem, pname);
    if (is_generated_value(name))
        diag(ctx, VF_ERROR_SYSTEM_VALUE_ELEMENT, VF_SEVERITY_ERROR, ei, -1,
             "element %" PRIu32 " (%s): %s is generated by the input assembler, not read "
             "from an element",
             i, sem, pname);
    /* UNCONFIRMED in the rules (L17): nothing documents the character set;
     * vfetch requires an HLSL identifier, the only names a shader can
     * declare, so anything else could never link. */
    if (len == 0)
        diag(ctx, VF_ERROR_INVALID_SEMANTIC_NAME, VF_SEVERITY_ERROR, ei, -1,
             "element %" PRIu32 " (%s): SemanticName is empty", i, sem);
    else if (!is_identifier(name))
        diag(ctx, VF_ERROR_INVALID_SEMANTIC_NAME, VF_SEVERITY_ERROR, ei, -1,
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
static uint32_t generated_kind(const char *name)
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
static int check_signature(struct diag_ctx *ctx, const vf_signature_element *sig, uint32_t n)
{
    uint32_t before = ctx->num_errors;

    for (uint32_t j = 0; j < n; j++) {
        const vf_signature_element *s = &sig[j];
        int32_t sj = (int32_t)j;
        char sem[NAME_PRINT_MAX + 16];
        format_semantic(sem, sizeof(sem), s->semantic_name, s->semantic_index);

        if (s->semantic_name == NULL)
            diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
                 "signature input %" PRIu32 " (%s): SemanticName is NULL", j, sem);
        if (s->register_index >= VF_MAX_REGISTERS) {
            diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
                 "signature input %" PRIu32 " (%s): register %" PRIu32 " is not below %u", j,
                 sem, s->register_index, VF_MAX_REGISTERS);
        } else {
            for (uint32_t k = 0; k < j; k++) {
                if (sig[k].register_index == s->register_index) {
                    diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
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
                    diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
                         "signature input %" PRIu32 " (%s): the same semantic as signature "
                         "input %" PRIu32,
                         j, sem, k);
                    break;
                }
            }
        }
        if (s->mask > 0xfu)
            diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
                 "signature input %" PRIu32 " (%s): mask 0x%" PRIx32 " has bits above 0xf", j,
                 sem, s->mask);
        if (s->component_type > VF_REGISTER_COMPONENT_FLOAT32)
            diag(ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, sj,
                 "signature input %" PRIu32 " (%s): component type %" PRIu32
                 " is not UNKNOWN, UINT32, SINT32 or FLOAT32",
                 j, sem, s->component_type);
    }
    return ctx->num_errors == before;
}

/* L13 and the L14 warning. match[j] receives the element signature entry j
 * reads, or -1. */
static void link_signature(struct diag_ctx *ctx, const vf_input_element_desc *descs, uint32_t n,
                           const struct elem_state *st, const vf_signature_element *sig,
                           uint32_t nsig, int32_t *match)
{
    for (uint32_t j = 0; j < nsig; j++) {
        const vf_signature_element *s = &sig[j];
        match[j] = -1;
        if (s->semantic_name == NULL || generated_kind(s->semantic_name) != VF_REGISTER_ELEMENT)
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
            format_semantic(sem, sizeof(sem), s->semantic_name, s->semantic_index);
            diag(ctx, VF_ERROR_MISSING_ELEMENT, VF_SEVERITY_ERROR, -1, (int32_t)j,
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
            format_semantic(sem, sizeof(sem), e->semantic_name, e->semantic_index);
            diag(ctx, VF_WARNING_TYPE_MISMATCH, VF_SEVERITY_WARNING, match[j], (int32_t)j,
                 "element %" PRId32 " (%s): %s delivers %s to shader input v%" PRIu32
                 ", which is %s",
                 match[j], sem, es->fi->name, int_fmt ? "integers" : "floats",
                 s->register_index, register_type_name(s->component_type));
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Validation                                                               */
/* ------------------------------------------------------------------------ */

/* Every per-element check of element i, in the order of the file comment. */
static void check_element(struct layout_check *c, uint32_t i, const uint32_t *mappings)
{
    const vf_input_element_desc *d = &c->descs[i];
    char sem[NAME_PRINT_MAX + 16];
    format_semantic(sem, sizeof(sem), d->semantic_name, d->semantic_index);
    check_element_data(c, i, sem);
    check_element_name(&c->ctx, c->descs, i, sem);
    c->elems[i].mapping = mappings ? mappings[i] : VF_DEFAULT_COMPONENT_MAPPING;
    if (vf_component_mapping_check(c->elems[i].mapping) != VF_OK)
        diag(&c->ctx, VF_ERROR_INVALID_MAPPING, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): component mapping 0x%" PRIx32
             " is invalid (it needs bit 0x1000, no bit above 12 and selectors 0..5)",
             i, sem, c->elems[i].mapping);
}

/* Runs every check into c (its ctx already set). Returns 1 if the layout is
 * valid; otherwise c->ctx.first_error is the result. */
static int validate_layout(struct layout_check *c, const vf_input_element_desc *descs,
                           uint32_t count, const vf_layout_options *options)
{
    c->max_slots = VF_DEFAULT_INPUT_SLOTS;
    c->isa = VF_ISA_SCALAR;
    if (!check_options(&c->ctx, options, &c->max_slots, &c->isa))
        return 0;

    /* L01. The first 32 elements are still checked so that one run shows
     * every problem; nothing past `count` is read. */
    c->descs = descs;
    c->n = count;
    if (count > VF_MAX_ELEMENTS) {
        diag(&c->ctx, VF_ERROR_TOO_MANY_ELEMENTS, VF_SEVERITY_ERROR, -1, -1,
             "the input layout has %" PRIu32 " elements; at most %u are allowed", count,
             VF_MAX_ELEMENTS);
        c->n = VF_MAX_ELEMENTS;
    }
    memset(c->elems, 0, sizeof(c->elems));
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++)
        c->slots[s] = (struct slot_state){ 0, 1, -1 };
    for (uint32_t i = 0; i < c->n; i++)
        check_element(c, i, options->component_mappings);

    /* Signature. Past 32 entries it cannot be valid (registers are unique
     * and below 32); it is not read further, which also bounds the work. */
    c->sig = options->signature;
    c->nsig = c->sig ? options->signature_count : 0;
    if (c->sig != NULL && c->nsig > VF_MAX_REGISTERS) {
        diag(&c->ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, -1,
             "the signature has %" PRIu32 " inputs; a vertex shader has at most %u", c->nsig,
             VF_MAX_REGISTERS);
    } else if (c->sig != NULL) {
        check_signature(&c->ctx, c->sig, c->nsig);
        link_signature(&c->ctx, descs, c->n, c->elems, c->sig, c->nsig, c->match);
    }
    return c->ctx.num_errors == 0;
}

/* ------------------------------------------------------------------------ */
/* Building                                                                 */
/* ------------------------------------------------------------------------ */

/* Element i of a valid layout, its kernels chosen for the layout's ISA. */
static vf_result copy_element(const struct layout_check *c, uint32_t i, struct vf_element *e)
{
    const vf_input_element_desc *d = &c->descs[i];
    const struct elem_state *st = &c->elems[i];
    size_t len = strlen(d->semantic_name);
    e->semantic_name = malloc(len + 1);
    if (e->semantic_name == NULL)
        return VF_ERROR_OUT_OF_MEMORY;
    memcpy(e->semantic_name, d->semantic_name, len + 1);
    e->semantic_index = d->semantic_index;
    e->format = d->format;
    e->size = st->size;
    e->slot = d->input_slot;
    e->offset = (uint32_t)st->offset; /* <= 2048 - size once valid */
    e->slot_class = d->input_slot_class;
    e->step_rate = d->instance_data_step_rate;
    e->mapping = st->mapping;
    e->identity_mapping = st->mapping == VF_DEFAULT_COMPONENT_MAPPING;
    e->one = vf_format_one(d->format);
    e->record_register = -1;
    return VF_OK;
}

static vf_result copy_elements(const struct layout_check *c, vf_layout *L)
{
    if (c->n != 0) {
        L->elements = calloc(c->n, sizeof(*L->elements));
        if (L->elements == NULL)
            return VF_ERROR_OUT_OF_MEMORY;
    }
    L->num_elements = c->n;
    for (uint32_t i = 0; i < c->n; i++) {
        vf_result res = copy_element(c, i, &L->elements[i]);
        if (res != VF_OK)
            return res;
    }
    return VF_OK;
}

/* Registers of a layout with a signature: one per entry, by v#. */
static uint32_t signature_registers(const struct layout_check *c, vf_layout *L)
{
    const vf_signature_element *sig = c->sig;
    uint32_t order[VF_MAX_REGISTERS];
    for (uint32_t j = 0; j < c->nsig; j++) {
        /* Insertion sort by register: at most 32 entries, all distinct. */
        uint32_t k = j;
        while (k > 0 && sig[order[k - 1]].register_index > sig[j].register_index) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = j;
    }
    for (uint32_t k = 0; k < c->nsig; k++) {
        const vf_signature_element *s = &sig[order[k]];
        struct vf_register *r = &L->registers[k];
        r->shader_register = s->register_index;
        r->element_index = -1;
        r->kind = generated_kind(s->semantic_name);
        if (r->kind == VF_REGISTER_ELEMENT) {
            r->element_index = c->match[order[k]];
            L->elements[r->element_index].record_register = (int32_t)k;
        }
    }
    return c->nsig;
}

/* Registers: signature order by v#, or layout order; then the system
 * register, when system values are asked for. */
static vf_result order_registers(const struct layout_check *c, uint32_t system_values,
                                 vf_layout *L)
{
    uint32_t nreg = 0;
    if (c->sig != NULL) {
        nreg = signature_registers(c, L);
    } else {
        for (; nreg < c->n; nreg++) {
            L->registers[nreg] = (struct vf_register){ VF_REGISTER_ELEMENT, (int32_t)nreg, nreg };
            L->elements[nreg].record_register = (int32_t)nreg;
        }
    }
    if (system_values != 0) {
        L->registers[nreg] = (struct vf_register){ VF_REGISTER_SYSTEM, -1, nreg };
        L->system_register = (int32_t)nreg;
        nreg++;
    }
    /* Guaranteed by the checks: at most 32 elements or 32 distinct
     * registers, plus the system register. */
    if (nreg > VF_MAX_REGISTERS + 1)
        return VF_ERROR_OVERFLOW;
    L->num_registers = nreg;
    L->record_size = (size_t)16 * nreg;
    L->system_values = system_values;
    return VF_OK;
}

/* Fetch order: slots ascending, offsets ascending within a slot (ties in
 * element order). At most 32 elements: a simple stable sort. */
static void order_fetch(vf_layout *L)
{
    uint32_t nf = 0;
    for (uint32_t i = 0; i < L->num_elements; i++) {
        if (L->elements[i].record_register < 0)
            continue;
        uint32_t k = nf++;
        const struct vf_element *ei = &L->elements[i];
        while (k > 0) {
            const struct vf_element *ep = &L->elements[L->fetch[k - 1]];
            if (ep->slot < ei->slot || (ep->slot == ei->slot && ep->offset <= ei->offset))
                break;
            L->fetch[k] = L->fetch[k - 1];
            k--;
        }
        L->fetch[k] = i;
    }
    L->num_fetch = nf;
}

/* The per-slot facts, each computed here only: which slots any element
 * names and their stride alignment (every element counts), and the slots
 * with fetched elements, each with its span (fetched elements only). */
static void group_slots(vf_layout *L)
{
    for (uint32_t i = 0; i < L->num_elements; i++) {
        const struct vf_element *e = &L->elements[i];
        uint32_t align = element_alignment(e->size);
        L->used_slot_mask |= 1u << e->slot;
        if (align > L->slot_alignment[e->slot])
            L->slot_alignment[e->slot] = align;
    }
    for (uint32_t k = 0; k < L->num_fetch; k++) {
        const struct vf_element *e = &L->elements[L->fetch[k]];
        if (L->num_slots == 0 || L->slots[L->num_slots - 1].slot != e->slot) {
            struct vf_slot *s = &L->slots[L->num_slots++];
            s->slot = e->slot;
            s->slot_class = e->slot_class;
            s->step_rate = e->step_rate;
            s->alignment = L->slot_alignment[e->slot];
            s->first_fetch = k;
            s->num_fetch = 0;
            s->span = 0;
        }
        struct vf_slot *s = &L->slots[L->num_slots - 1];
        s->num_fetch++;
        if (e->offset + e->size > s->span)
            s->span = e->offset + e->size;
    }
}

/* Where the draw writes SV_VertexID, SV_InstanceID, the start locations
 * and the system register: word indices into a record. */
static void locate_system_values(vf_layout *L)
{
    struct vf_sv_words *sv = &L->sv;
    sv->sys = -1;
    for (uint32_t r = 0; r < L->num_registers; r++) {
        if (L->registers[r].kind == VF_REGISTER_VERTEX_ID)
            sv->vid[sv->num_vid++] = r * 4;
        else if (L->registers[r].kind == VF_REGISTER_INSTANCE_ID)
            sv->iid[sv->num_iid++] = r * 4;
        else if (L->registers[r].kind == VF_REGISTER_START_VERTEX_LOCATION)
            sv->svl[sv->num_svl++] = r * 4;
        else if (L->registers[r].kind == VF_REGISTER_START_INSTANCE_LOCATION)
            sv->sil[sv->num_sil++] = r * 4;
    }
    if (L->system_register >= 0) {
        sv->sys = L->system_register * 4;
        sv->sys_bits = L->system_values;
    }
}

/* The compiled layout of a valid one. */
static vf_result build_layout(const struct layout_check *c, const vf_layout_options *options,
                              vf_layout **layout_ret)
{
    vf_layout *L = calloc(1, sizeof(*L));
    if (L == NULL)
        return VF_ERROR_OUT_OF_MEMORY;
    L->system_register = -1;
    vf_result res = copy_elements(c, L);
    if (res == VF_OK)
        res = order_registers(c, options->system_values, L);
    if (res != VF_OK) {
        free_layout(L);
        return res;
    }
    for (uint32_t i = 0; i < L->num_elements; i++)
        vf_select_kernel(L->elements[i].format, c->isa, L->num_registers, &L->elements[i].kernel);
    order_fetch(L);
    group_slots(L);
    locate_system_values(L);
    L->output_shape = options->output_shape;
    L->lanes = options->output_shape == VF_OUTPUT_AOS ? 1u : options->output_shape;
    L->isa = c->isa;
    L->impl = vf_isa_impl(c->isa);
    L->max_input_slots = c->max_slots;
    *layout_ret = L;
    return VF_OK;
}

vf_result vf_layout_create(const vf_input_element_desc *descs, uint32_t count,
                           const vf_layout_options *options, vf_layout **layout_ret,
                           vf_diagnostics *diagnostics)
{
    struct layout_check c;
    vf_layout_options defaults;

    c.ctx = (struct diag_ctx){ diagnostics, VF_OK, 0 };
    if (diagnostics != NULL)
        memset(diagnostics, 0, sizeof(*diagnostics));
    if (layout_ret == NULL) {
        diag(&c.ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR, -1, -1, "layout_ret is NULL");
        return VF_ERROR_NULL_POINTER;
    }
    *layout_ret = NULL;
    if (descs == NULL && count != 0) {
        diag(&c.ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR, -1, -1,
             "descs is NULL but count is %" PRIu32, count);
        return VF_ERROR_NULL_POINTER;
    }
    if (options == NULL) {
        vf_layout_options_init(&defaults);
        options = &defaults;
    }
    if (!validate_layout(&c, descs, count, options))
        return c.ctx.first_error;
    return build_layout(&c, options, layout_ret);
}

void vf_layout_destroy(vf_layout *layout)
{
    free_layout(layout);
}

uint32_t vf_layout_element_count(const vf_layout *layout)
{
    return layout ? layout->num_elements : 0;
}

vf_result vf_layout_element(const vf_layout *layout, uint32_t index,
                            vf_layout_element_info *info_ret)
{
    if (layout == NULL || info_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    if (index >= layout->num_elements)
        return VF_ERROR_INVALID_ARGUMENT;
    const struct vf_element *e = &layout->elements[index];
    info_ret->semantic_name = e->semantic_name;
    info_ret->semantic_index = e->semantic_index;
    info_ret->format = e->format;
    info_ret->input_slot = e->slot;
    info_ret->byte_offset = e->offset;
    info_ret->input_slot_class = e->slot_class;
    info_ret->instance_data_step_rate = e->step_rate;
    info_ret->component_mapping = e->mapping;
    info_ret->record_register = e->record_register;
    return VF_OK;
}

uint32_t vf_layout_register_count(const vf_layout *layout)
{
    return layout ? layout->num_registers : 0;
}

vf_result vf_layout_register(const vf_layout *layout, uint32_t index,
                             vf_layout_register_info *info_ret)
{
    if (layout == NULL || info_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    if (index >= layout->num_registers)
        return VF_ERROR_INVALID_ARGUMENT;
    info_ret->kind = layout->registers[index].kind;
    info_ret->element_index = layout->registers[index].element_index;
    info_ret->shader_register = layout->registers[index].shader_register;
    return VF_OK;
}

size_t vf_layout_record_size(const vf_layout *layout)
{
    return layout ? layout->record_size : 0;
}

uint32_t vf_layout_output_shape(const vf_layout *layout)
{
    return layout ? layout->output_shape : 0;
}

uint32_t vf_layout_isa(const vf_layout *layout)
{
    return layout ? layout->isa : 0;
}
