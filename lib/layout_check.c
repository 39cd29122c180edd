/*
 * layout_check.c - the checks of an input layout's options and elements
 * (docs/d3d-ia-rules.md section 3.4, L01-L08 and the 2048-byte limit),
 * APPEND_ALIGNED resolution (section 3.1) and component mappings (section
 * 7), in the order layout.c's file comment gives; the name and signature
 * checks are layout_names.c's. Everything goes into stack state.
 */
#include <inttypes.h>
#include <string.h>

#include "dispatch.h"
#include "layout_state.h"

static const char *class_name(uint32_t slot_class)
{
    return slot_class == VF_INPUT_PER_VERTEX_DATA ? "PER_VERTEX_DATA" : "PER_INSTANCE_DATA";
}


/* Checks the options; on success fills the resolved slot limit and ISA. */
static int check_options(struct diag_ctx *ctx, const vf_layout_options *o, uint32_t *slots_ret,
                         uint32_t *isa_ret)
{
    uint32_t before = ctx->num_errors;

    if (o->struct_size != sizeof(vf_layout_options)) {
        /* Nothing else in the struct can be trusted. */
        vf_layout_diag(ctx, VF_ERROR_INVALID_OPTIONS, VF_SEVERITY_ERROR, -1, -1,
             "options: struct_size %zu is not sizeof(vf_layout_options) %zu", o->struct_size,
             sizeof(vf_layout_options));
        return 0;
    }
    if (o->max_input_slots == 0 || o->max_input_slots == VF_DEFAULT_INPUT_SLOTS)
        *slots_ret = VF_DEFAULT_INPUT_SLOTS;
    else if (o->max_input_slots == VF_MAX_INPUT_SLOTS)
        *slots_ret = VF_MAX_INPUT_SLOTS;
    else
        vf_layout_diag(ctx, VF_ERROR_INVALID_OPTIONS, VF_SEVERITY_ERROR, -1, -1,
             "options: max_input_slots %" PRIu32 " is not 0, 16 or 32", o->max_input_slots);
    if (o->system_values & ~(uint32_t)(VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS))
        vf_layout_diag(ctx, VF_ERROR_INVALID_OPTIONS, VF_SEVERITY_ERROR, -1, -1,
             "options: system_values 0x%" PRIx32 " has bits other than VF_SV_*",
             o->system_values);
    if (o->output_shape != VF_OUTPUT_AOS && o->output_shape != VF_OUTPUT_SOA4 &&
        o->output_shape != VF_OUTPUT_SOA8 && o->output_shape != VF_OUTPUT_SOA16)
        vf_layout_diag(ctx, VF_ERROR_INVALID_OPTIONS, VF_SEVERITY_ERROR, -1, -1,
             "options: output_shape %" PRIu32 " is not 0, 4, 8 or 16", o->output_shape);
    if (o->signature == NULL && o->signature_count != 0)
        vf_layout_diag(ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR, -1, -1,
             "options: signature is NULL but signature_count is %" PRIu32, o->signature_count);
    if (o->generator != VF_GENERATOR_AUTO && o->generator != VF_GENERATOR_OFF)
        vf_layout_diag(ctx, VF_ERROR_INVALID_OPTIONS, VF_SEVERITY_ERROR, -1, -1,
             "options: generator %" PRIu32 " is not VF_GENERATOR_AUTO (0) or _OFF (1)",
             o->generator);
    if (o->isa >= VF_ISA_COUNT) {
        vf_layout_diag(ctx, VF_ERROR_INVALID_OPTIONS, VF_SEVERITY_ERROR, -1, -1,
             "options: isa %" PRIu32 " is not a vf_isa value", o->isa);
    } else {
        vf_result r = vf_resolve_isa(o->isa, isa_ret);
        if (r != VF_OK)
            vf_layout_diag(ctx, r == VF_ERROR_INVALID_ARGUMENT ? VF_ERROR_INVALID_OPTIONS : r,
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
        vf_layout_diag(&c->ctx, VF_ERROR_INVALID_FORMAT, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): Format %" PRIu32 " is not a DXGI_FORMAT value", i, sem,
             e->format);
    else if (!(fi->ia_support & VF_IA_VERTEX_BUFFER))
        vf_layout_diag(&c->ctx, VF_ERROR_INVALID_FORMAT, VF_SEVERITY_ERROR, (int32_t)i, -1,
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
        vf_layout_diag(&c->ctx, VF_ERROR_INVALID_SLOT, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): InputSlot %" PRIu32 " is not below %" PRIu32
             "; set vf_layout_options.max_input_slots = 32 (MaxInputSlots in a case "
             "file) to allow slots up to 31",
             i, sem, e->input_slot, c->max_slots);
    else
        vf_layout_diag(&c->ctx, VF_ERROR_INVALID_SLOT, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): InputSlot %" PRIu32 " is not below %" PRIu32, i, sem,
             e->input_slot, c->max_slots);
    return 0;
}

/* L04, L05. Returns 1 if the slot class is valid. */
static int check_class(struct layout_check *c, uint32_t i, const char *sem)
{
    const vf_input_element_desc *e = &c->descs[i];
    if (e->input_slot_class > VF_INPUT_PER_INSTANCE_DATA) {
        vf_layout_diag(&c->ctx, VF_ERROR_INVALID_SLOT_CLASS, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): InputSlotClass %" PRIu32
             " is neither PER_VERTEX_DATA (0) nor PER_INSTANCE_DATA (1)",
             i, sem, e->input_slot_class);
        return 0;
    }
    if (e->input_slot_class == VF_INPUT_PER_VERTEX_DATA && e->instance_data_step_rate != 0)
        vf_layout_diag(&c->ctx, VF_ERROR_STEP_RATE_NOT_ZERO, VF_SEVERITY_ERROR, (int32_t)i, -1,
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
        vf_layout_diag(&c->ctx, VF_ERROR_SLOT_CLASS_CHANGE, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): InputSlotClass %s differs from %s of element "
             "%" PRId32 " in slot %" PRIu32,
             i, sem, class_name(e->input_slot_class), class_name(r->input_slot_class), ss->ref,
             e->input_slot);
    else if (e->input_slot_class == VF_INPUT_PER_INSTANCE_DATA &&
             r->instance_data_step_rate != e->instance_data_step_rate)
        vf_layout_diag(&c->ctx, VF_ERROR_STEP_RATE_CHANGE, VF_SEVERITY_ERROR, (int32_t)i, -1,
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
    uint32_t align = vf_element_alignment(st->size);
    uint64_t off;
    int append = e->aligned_byte_offset == VF_APPEND_ALIGNED_ELEMENT;
    if (append) {
        if (!ss->end_known)
            return;
        off = (ss->end + align - 1) / align * align;
    } else {
        off = e->aligned_byte_offset;
        if (off % align != 0)
            vf_layout_diag(&c->ctx, VF_ERROR_MISALIGNED_OFFSET, VF_SEVERITY_ERROR, (int32_t)i, -1,
                 "element %" PRIu32 " (%s): AlignedByteOffset %" PRIu64
                 " is not a multiple of %" PRIu32 " for %s",
                 i, sem, off, align, st->fi->name);
    }
    /* UNCONFIRMED in the rules (3.3): no maximum offset is documented;
     * following the recommendation, an element must end within the 2048
     * bytes a vertex may span. */
    if (off + st->size > VF_MAX_STRIDE)
        vf_layout_diag(&c->ctx, VF_ERROR_OFFSET_TOO_LARGE, VF_SEVERITY_ERROR, (int32_t)i, -1,
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

/* ------------------------------------------------------------------------ */
/* Validation                                                               */
/* ------------------------------------------------------------------------ */

/* Every per-element check of element i, in the order of the file comment. */
static void check_element(struct layout_check *c, uint32_t i, const uint32_t *mappings)
{
    const vf_input_element_desc *d = &c->descs[i];
    char sem[NAME_PRINT_MAX + 16];
    vf_layout_format_semantic(sem, sizeof(sem), d->semantic_name, d->semantic_index);
    check_element_data(c, i, sem);
    vf_layout_check_name(&c->ctx, c->descs, i, sem);
    c->elems[i].mapping = mappings ? mappings[i] : VF_DEFAULT_COMPONENT_MAPPING;
    if (vf_component_mapping_check(c->elems[i].mapping) != VF_OK)
        vf_layout_diag(&c->ctx, VF_ERROR_INVALID_MAPPING, VF_SEVERITY_ERROR, (int32_t)i, -1,
             "element %" PRIu32 " (%s): component mapping 0x%" PRIx32
             " is invalid (it needs bit 0x1000, no bit above 12 and selectors 0..5)",
             i, sem, c->elems[i].mapping);
}

/* Runs every check into c (its ctx already set). Returns 1 if the layout is
 * valid; otherwise c->ctx.first_error is the result. */
int vf_layout_validate(struct layout_check *c, const vf_input_element_desc *descs,
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
        vf_layout_diag(&c->ctx, VF_ERROR_TOO_MANY_ELEMENTS, VF_SEVERITY_ERROR, -1, -1,
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
        vf_layout_diag(&c->ctx, VF_ERROR_INVALID_SIGNATURE, VF_SEVERITY_ERROR, -1, -1,
             "the signature has %" PRIu32 " inputs; a vertex shader has at most %u", c->nsig,
             VF_MAX_REGISTERS);
    } else if (c->sig != NULL) {
        vf_layout_check_signature(&c->ctx, c->sig, c->nsig);
        vf_layout_link_signature(&c->ctx, descs, c->n, c->elems, c->sig, c->nsig, c->match);
    }
    return c->ctx.num_errors == 0;
}

