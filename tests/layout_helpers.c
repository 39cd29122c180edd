/* layout_helpers.c - helpers of the layout suites (layout_helpers.h). */
#include "layout_helpers.h"

#include <stdio.h>
#include <string.h>

#include "check_main.h"

vf_diagnostics diags;

vf_input_element_desc E(const char *name, uint32_t index, vf_format format, uint32_t slot,
                        uint32_t offset)
{
    vf_input_element_desc d = { name, index, format, slot, offset, PV, 0 };
    return d;
}

vf_input_element_desc EI(const char *name, uint32_t index, vf_format format, uint32_t slot,
                         uint32_t offset, uint32_t rate)
{
    vf_input_element_desc d = { name, index, format, slot, offset, PI, rate };
    return d;
}

vf_layout *create_ok(const vf_input_element_desc *d, uint32_t n, const vf_layout_options *o)
{
    vf_layout *layout = (vf_layout *)(uintptr_t)1;
    vf_result r = vf_layout_create(d, n, o, &layout, &diags);
    if (r != VF_OK && diags.count > 0)
        fprintf(stderr, "unexpected: %s\n", diags.entries[0].message);
    ck_assert_int_eq(r, VF_OK);
    ck_assert_ptr_nonnull(layout);
    ck_assert_uint_eq(diags.num_errors, 0);
    return layout;
}

void create_fail(const vf_input_element_desc *d, uint32_t n, const vf_layout_options *o,
                 vf_result code)
{
    vf_layout *layout = (vf_layout *)(uintptr_t)1;
    vf_result r = vf_layout_create(d, n, o, &layout, &diags);
    ck_assert_int_eq(r, code);
    ck_assert_ptr_null(layout);
    ck_assert_uint_ge(diags.num_errors, 1);
}

void expect_diag(uint32_t k, vf_result code, uint32_t severity, int32_t element,
                 int32_t signature, const char *message)
{
    ck_assert_uint_gt(diags.count, k);
    const vf_diagnostic *e = &diags.entries[k];
    ck_assert_int_eq(e->code, code);
    ck_assert_uint_eq(e->severity, severity);
    ck_assert_int_eq(e->element_index, element);
    ck_assert_int_eq(e->signature_index, signature);
    ck_assert_str_eq(e->message, message);
}

void fail_one(const vf_input_element_desc *d, uint32_t n, const vf_layout_options *o,
              vf_result code, int32_t element, const char *message)
{
    create_fail(d, n, o, code);
    ck_assert_uint_eq(diags.count, 1);
    ck_assert_uint_eq(diags.num_errors, 1);
    expect_diag(0, code, VF_SEVERITY_ERROR, element, -1, message);
}

vf_layout_options sig_options(const vf_signature_element *sig, uint32_t n)
{
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.signature = sig;
    o.signature_count = n;
    return o;
}

uint32_t offset_of(const vf_layout *layout, uint32_t i)
{
    vf_layout_element_info info;
    ck_assert_int_eq(vf_layout_element(layout, i, &info), VF_OK);
    return info.byte_offset;
}

void expect_offsets(const vf_input_element_desc *d, uint32_t n, const uint32_t *want)
{
    vf_layout *layout = create_ok(d, n, NULL);
    for (uint32_t i = 0; i < n; i++)
        ck_assert_msg(offset_of(layout, i) == want[i], "element %u: offset %u, want %u", i,
                      offset_of(layout, i), want[i]);
    vf_layout_destroy(layout);
}

int32_t register_of(const vf_layout *layout, uint32_t i)
{
    vf_layout_element_info info;
    ck_assert_int_eq(vf_layout_element(layout, i, &info), VF_OK);
    return info.record_register;
}

void expect_register(const vf_layout *layout, uint32_t r, uint32_t kind, int32_t element,
                     uint32_t shader_register)
{
    vf_layout_register_info ri;
    ck_assert_int_eq(vf_layout_register(layout, r, &ri), VF_OK);
    ck_assert_msg(ri.kind == kind && ri.element_index == element &&
                      ri.shader_register == shader_register,
                  "register %u: kind %u element %d v%u, want %u %d v%u", r, ri.kind,
                  ri.element_index, ri.shader_register, kind, element, shader_register);
}

vf_layout_slot_facts slot_facts(const vf_layout *layout, uint32_t slot)
{
    vf_layout_slot_facts f;
    ck_assert_int_eq(vf_layout_slot_facts_get(layout, slot, &f), VF_OK);
    return f;
}

void expect_slot(const vf_layout *layout, uint32_t slot, uint32_t slot_class, uint32_t rate,
                 uint32_t alignment, uint32_t nfetch, const uint32_t *fetch)
{
    vf_layout_slot_facts f = slot_facts(layout, slot);
    ck_assert_uint_eq(f.used, 1);
    ck_assert_msg(f.alignment == alignment, "slot %u: alignment %u, want %u", slot, f.alignment,
                  alignment);
    ck_assert_msg(f.num_fetch == nfetch, "slot %u: %u fetched, want %u", slot, f.num_fetch,
                  nfetch);
    if (nfetch > 0) {
        ck_assert_uint_eq(f.slot_class, slot_class);
        ck_assert_uint_eq(f.step_rate, rate);
    }
    for (uint32_t k = 0; k < nfetch; k++)
        ck_assert_msg(f.fetch[k] == fetch[k], "slot %u fetch %u: element %u, want %u", slot, k,
                      f.fetch[k], fetch[k]);
}

uint32_t fetched_slot_count(const vf_layout *layout)
{
    uint32_t n = 0;
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++)
        n += slot_facts(layout, s).num_fetch > 0;
    return n;
}

uint32_t fetched_element_count(const vf_layout *layout)
{
    uint32_t n = 0;
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++)
        n += slot_facts(layout, s).num_fetch;
    return n;
}

uint32_t used_slot_mask(const vf_layout *layout)
{
    uint32_t mask = 0;
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++)
        mask |= slot_facts(layout, s).used << s;
    return mask;
}

void draw_first_record(const vf_layout *layout, const void *data, uint32_t size, uint32_t nvb,
                       uint32_t rec[(VF_MAX_REGISTERS + 1) * 4])
{
    static _Alignas(16) uint32_t out[(VF_MAX_REGISTERS + 1) * 4];
    vf_vertex_buffer_view vbs[VF_MAX_INPUT_SLOTS];
    for (uint32_t s = 0; s < nvb; s++) {
        vbs[s].data = data;
        vbs[s].size_in_bytes = size;
        vbs[s].stride_in_bytes = 0;
    }
    size_t bytes = vf_layout_record_size(layout);
    ck_assert_uint_eq(vf_layout_output_shape(layout), VF_OUTPUT_AOS);
    ck_assert_uint_le(bytes, sizeof(out));
    ck_assert_int_eq(vf_draw_instanced(layout, vbs, nvb, 1, 1, 0, 0, out, sizeof(out)), VF_OK);
    memcpy(rec, out, bytes);
}
