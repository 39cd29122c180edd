/*
 * layout.c - input-layout compilation: vf_layout_create, building the
 * immutable struct vf_layout of vf_internal.h from a validated layout, and
 * the public queries. The checks (docs/d3d-ia-rules.md section 3.4: the
 * options and elements, APPEND_ALIGNED resolution of section 3.1, component
 * mappings of section 7) are layout_check.c's; the semantic names and the
 * vertex-shader input signature, layout_names.c's.
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
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "dispatch.h"
#include "layout_state.h"

static void free_layout(vf_layout *layout)
{
    if (layout == NULL)
        return;
    vf_jit_release(layout);
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
        r->kind = vf_layout_generated_kind(s->semantic_name);
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
        uint32_t align = vf_element_alignment(e->size);
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

/* The compiled layout of a valid one (layout_state.h). */
vf_result vf_layout_build(const struct layout_check *c, const vf_layout_options *options,
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
    L->impl = vf_isa_get(c->isa);
    L->max_input_slots = c->max_slots;
    L->prefetch_ahead = vf_cpu_prefetch_ahead();
    L->prefetch_generated = vf_cpu_prefetch_generated();
    L->touch_pages = vf_cpu_touch_pages();
    vf_jit_build(L, options->generator);
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
        vf_layout_diag(&c.ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR, -1, -1, "layout_ret is NULL");
        return VF_ERROR_NULL_POINTER;
    }
    *layout_ret = NULL;
    if (descs == NULL && count != 0) {
        vf_layout_diag(&c.ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR, -1, -1,
             "descs is NULL but count is %" PRIu32, count);
        return VF_ERROR_NULL_POINTER;
    }
    if (options == NULL) {
        vf_layout_options_init(&defaults);
        options = &defaults;
    }
    if (!vf_layout_validate(&c, descs, count, options))
        return c.ctx.first_error;
    return vf_layout_build(&c, options, layout_ret);
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
