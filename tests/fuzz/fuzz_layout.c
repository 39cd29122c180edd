/*
 * fuzz_layout.c - vf_layout_create from arbitrary bytes.
 *
 * The input chooses element descriptions (names, formats, slots, offsets,
 * classes, step rates), component mappings, a shader input signature and the
 * other options, including malformed ones. Every array handed to the
 * library is its own exact-size allocation, so ASan reports any read past
 * it. Beyond "no crash", the target checks what the contract promises:
 *  - the result agrees with the diagnostics (first error code, counts,
 *    NUL-terminated messages, element indices in range);
 *  - with valid options, the result, the counts and every diagnostic's
 *    code, severity and indices are those the independent validation model
 *    predicts (tests/ref/layout_model.c, shared with check_layout_random):
 *    rules L01-L17, component mappings, signature entries, L13 and L14;
 *  - a created layout reports the offsets of d3d-ia-rules 3.1
 *    (APPEND_ALIGNED per slot, min(4, size) alignment) the model resolves,
 *    and a record of 16 bytes per register;
 *  - without a signature, every element is a register, in layout order;
 *    with one, the registers follow the signature's v# order, each linked to
 *    the element of the same name (case-insensitive) and index, or to the
 *    generated ID it names, and elements the shader does not read are not
 *    fetched.
 */
#include "fuzz_names.h"
#include "layout_model.h"

#define FZ_MAX_TEST_ELEMENTS 40u

static uint32_t pick_format(fz_input *in, const vf_format *ia, uint32_t nia)
{
    uint8_t sel = fz_u8(in);
    if (sel < 224)
        return ia[sel % nia];
    if (sel < 248)
        return fz_u8(in);   /* any value, known or not */
    return fz_u32(in);
}

static uint32_t pick_offset(fz_input *in)
{
    uint8_t sel = fz_u8(in);
    if (sel < 128)
        return VF_APPEND_ALIGNED_ELEMENT;
    if (sel < 200)
        return (uint32_t)(sel - 128) * 4u;
    if (sel < 240)
        return fz_u16(in) % 2100u;
    return fz_u32(in);
}

static uint32_t pick_mapping(fz_input *in)
{
    uint8_t sel = fz_u8(in);
    if (sel < 128)
        return VF_DEFAULT_COMPONENT_MAPPING;
    if (sel < 224) {
        uint16_t v = fz_u16(in);
        return VF_ENCODE_COMPONENT_MAPPING(v % 6, (v >> 3) % 6, (v >> 6) % 6, (v >> 9) % 6);
    }
    return fz_u32(in);
}

/* Options the model takes as given: any other is an option error, which
 * vf_layout_create reports before it looks at the elements. */
static int options_valid(const vf_layout_options *o)
{
    if (o->struct_size != sizeof(*o))
        return 0;
    if (o->max_input_slots != 0 && o->max_input_slots != 16 && o->max_input_slots != 32)
        return 0;
    if (o->system_values & ~(uint32_t)(VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS))
        return 0;
    if (o->output_shape != VF_OUTPUT_AOS && o->output_shape != VF_OUTPUT_SOA4 &&
        o->output_shape != VF_OUTPUT_SOA8 && o->output_shape != VF_OUTPUT_SOA16)
        return 0;
    if (o->signature == NULL && o->signature_count != 0)
        return 0;
    return o->isa == VF_ISA_AUTO || (o->isa < VF_ISA_COUNT && vf_isa_available(o->isa));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = { data, size, 0 };
    vf_format ia[64];
    uint32_t nia = fz_vertex_formats(ia);
    FZ_CHECK(nia == lm_format_count(), "%u vertex formats", nia);
    for (uint32_t k = 0; k < nia; k++)
        FZ_CHECK(ia[k] == lm_format_at(k), "vertex format %u: %u, model %u", k, ia[k],
                 lm_format_at(k));

    uint8_t head = fz_u8(&in);
    uint32_t count = head % (FZ_MAX_TEST_ELEMENTS + 1);
    int null_descs = count == 0 && (head & 0x80);

    vf_input_element_desc *descs = NULL;
    char **names = NULL;
    if (!null_descs) {
        descs = malloc(sizeof(*descs) * (count ? count : 1));
        names = calloc(count ? count : 1, sizeof(*names));
        if (!descs || !names)
            abort();
    }
    for (uint32_t i = 0; i < count; i++) {
        names[i] = fz_name(&in);
        descs[i].semantic_name = names[i];
        uint8_t idx = fz_u8(&in);
        descs[i].semantic_index = idx < 250 ? idx % 8u : fz_u32(&in);
        descs[i].format = pick_format(&in, ia, nia);
        uint8_t slot = fz_u8(&in);
        descs[i].input_slot = slot < 250 ? slot % 34u : fz_u32(&in);
        descs[i].aligned_byte_offset = pick_offset(&in);
        uint8_t cls = fz_u8(&in);
        descs[i].input_slot_class = cls < 250 ? (cls & 1u) : fz_u32(&in);
        uint8_t rate = fz_u8(&in);
        descs[i].instance_data_step_rate =
            descs[i].input_slot_class == 0 && rate < 200 ? 0 : rate < 250 ? rate % 5u : fz_u32(&in);
    }

    /* Options. */
    uint8_t oflags = fz_u8(&in);
    vf_layout_options options;
    vf_layout_options_init(&options);
    FZ_CHECK(options.struct_size == sizeof(options), "struct_size %zu", options.struct_size);
    FZ_CHECK(options.isa == VF_ISA_AUTO, "default isa %u", options.isa);
    uint32_t *mappings = NULL;
    if (oflags & 1) {
        mappings = malloc(sizeof(*mappings) * (count ? count : 1));
        if (!mappings)
            abort();
        for (uint32_t i = 0; i < count; i++)
            mappings[i] = pick_mapping(&in);
        options.component_mappings = mappings;
    }
    if (oflags & 2) {
        uint8_t s = fz_u8(&in);
        options.max_input_slots = s < 200 ? (s % 3u) * 16u : fz_u32(&in);
    }
    vf_signature_element *sig = NULL;
    char **sig_names = NULL;
    uint32_t sig_count = 0;
    if (oflags & 4) {
        sig_count = fz_u8(&in) % 36u;
        if (!(oflags & 0x80) || sig_count == 0) {
            sig = malloc(sizeof(*sig) * (sig_count ? sig_count : 1));
            sig_names = calloc(sig_count ? sig_count : 1, sizeof(*sig_names));
            if (!sig || !sig_names)
                abort();
            for (uint32_t i = 0; i < sig_count; i++) {
                uint8_t from = fz_u8(&in);
                if (count && from < 160) {
                    /* Usually link to an element so layouts link. */
                    const vf_input_element_desc *e = &descs[from % count];
                    const char *n = e->semantic_name ? e->semantic_name : "X";
                    sig_names[i] = malloc(strlen(n) + 1);
                    if (!sig_names[i])
                        abort();
                    memcpy(sig_names[i], n, strlen(n) + 1);
                    sig[i].semantic_index = e->semantic_index;
                } else {
                    sig_names[i] = fz_name(&in);
                    sig[i].semantic_index = fz_u8(&in) % 4u;
                }
                sig[i].semantic_name = sig_names[i];
                uint8_t reg = fz_u8(&in);
                sig[i].register_index = reg < 250 ? reg % 34u : fz_u32(&in);
                sig[i].mask = fz_u8(&in) % 17u;
                sig[i].component_type = fz_u8(&in) % 5u;
            }
        }
        options.signature = sig;
        options.signature_count = sig_count;
    }
    if (oflags & 8) {
        uint8_t s = fz_u8(&in);
        options.system_values = s < 200 ? s % 8u : fz_u32(&in);
    }
    if (oflags & 16) {
        static const uint32_t shapes[] = { 0, 4, 8, 16, 1, 2, 32 };
        uint8_t s = fz_u8(&in);
        options.output_shape = s < 250 ? shapes[s % 7] : fz_u32(&in);
    }
    if (oflags & 32) {
        uint8_t s = fz_u8(&in);
        options.isa = s < 250 ? s % (VF_ISA_COUNT + 1u) : fz_u32(&in);
    }
    if (oflags & 64) {
        static const size_t sizes[] = { 0, 1, sizeof(options) - 1, sizeof(options) + 8 };
        options.struct_size = sizes[fz_u8(&in) % 4];
    }
    int null_options = (oflags & 0x7f) == 0 && (oflags & 0x80);
    int null_diag = fz_u8(&in) == 0xff;

    vf_diagnostics *diag = malloc(sizeof(*diag));
    vf_layout *layout = (vf_layout *)(uintptr_t)1;
    if (!diag)
        abort();
    memset(diag, 0xA5, sizeof(*diag));
    vf_result r = vf_layout_create(descs, count, null_options ? NULL : &options, &layout,
                                   null_diag ? NULL : diag);

    if (r != VF_OK)
        FZ_CHECK(layout == NULL, "failed with %d but layout_ret not NULL", r);
    else
        FZ_CHECK(layout != NULL && layout != (vf_layout *)(uintptr_t)1, "VF_OK without a layout");

    if (!null_diag) {
        FZ_CHECK(diag->count <= VF_MAX_DIAGNOSTICS, "count %u", diag->count);
        FZ_CHECK((uint64_t)diag->count + diag->num_dropped ==
                     (uint64_t)diag->num_errors + diag->num_warnings,
                 "count %u dropped %u errors %u warnings %u", diag->count, diag->num_dropped,
                 diag->num_errors, diag->num_warnings);
        FZ_CHECK((r == VF_OK) == (diag->num_errors == 0), "result %d with %u errors", r,
                 diag->num_errors);
        int seen_error = 0;
        for (uint32_t i = 0; i < diag->count; i++) {
            const vf_diagnostic *d = &diag->entries[i];
            FZ_CHECK(memchr(d->message, '\0', sizeof(d->message)) != NULL,
                     "diagnostic %u not NUL-terminated", i);
            FZ_CHECK(d->severity == VF_SEVERITY_ERROR || d->severity == VF_SEVERITY_WARNING,
                     "severity %u", d->severity);
            FZ_CHECK(d->element_index == -1 ||
                         (d->element_index >= 0 && (uint32_t)d->element_index < count),
                     "element_index %d of %u", d->element_index, count);
            FZ_CHECK(d->signature_index >= -1 &&
                         (d->signature_index == -1 || (uint32_t)d->signature_index < sig_count),
                     "signature_index %d of %u", d->signature_index, sig_count);
            FZ_CHECK(d->message[0] != '\0', "empty message for code %d", d->code);
            if (d->severity == VF_SEVERITY_ERROR && !seen_error) {
                seen_error = 1;
                FZ_CHECK(d->code == r, "first error %d but result %d", d->code, r);
            }
        }
    }

    /* With valid options, exactly the model's diagnostics. */
    static lm_result model;
    const vf_layout_options *used = null_options ? NULL : &options;
    int modelled = used == NULL || options_valid(used);
    if (modelled) {
        lm_predict(descs, count, used ? used->component_mappings : NULL,
                   used && used->max_input_slots == 32 ? 32 : 16, used ? used->signature : NULL,
                   sig_count, &model);
        char why[512];
        FZ_CHECK(r == model.first_error, "result %d, model %d", r, model.first_error);
        FZ_CHECK(null_diag || lm_agrees(&model, r, diag, why, sizeof(why)), "%s", why);
    }

    if (r == VF_OK) {
        uint32_t n = vf_layout_element_count(layout);
        FZ_CHECK(n == count, "element count %u, expected %u", n, count);
        FZ_CHECK(modelled, "a layout created with invalid options");
        for (uint32_t i = 0; i < count; i++) {
            const vf_input_element_desc *e = &descs[i];
            vf_layout_element_info info;
            FZ_CHECK(vf_layout_element(layout, i, &info) == VF_OK, "element %u", i);
            uint32_t sz = lm_format_size(e->format);
            uint64_t off = model.offset[i];
            FZ_CHECK(sz != 0, "element %u: format %u is not a vertex format", i, e->format);
            FZ_CHECK(info.byte_offset == off, "element %u offset %u, expected %llu", i,
                     info.byte_offset, (unsigned long long)off);
            FZ_CHECK(off + sz <= VF_MAX_STRIDE, "element %u ends at %llu", i,
                     (unsigned long long)(off + sz));
            FZ_CHECK(info.format == e->format && info.input_slot == e->input_slot &&
                         info.input_slot_class == e->input_slot_class &&
                         info.semantic_index == e->semantic_index,
                     "element %u echoes wrong fields", i);
            FZ_CHECK(info.semantic_name && strcmp(info.semantic_name, e->semantic_name) == 0,
                     "element %u name", i);
            FZ_CHECK(info.semantic_name != e->semantic_name, "element %u name not copied", i);
            FZ_CHECK(info.component_mapping ==
                         (mappings ? mappings[i] : VF_DEFAULT_COMPONENT_MAPPING),
                     "element %u mapping %#x", i, info.component_mapping);
            FZ_CHECK(vf_component_mapping_check(info.component_mapping) == VF_OK,
                     "element %u accepted a bad mapping %#x", i, info.component_mapping);
            if (sig == NULL)
                FZ_CHECK(info.record_register == (int32_t)i, "element %u register %d", i,
                         info.record_register);
        }
        vf_layout_element_info info;
        FZ_CHECK(vf_layout_element(layout, count, &info) != VF_OK, "element past the end");
        FZ_CHECK(vf_layout_element(layout, 0, NULL) != VF_OK, "NULL info");

        uint32_t nreg = vf_layout_register_count(layout);
        FZ_CHECK(nreg <= VF_MAX_REGISTERS + 1, "%u registers", nreg);
        FZ_CHECK(vf_layout_record_size(layout) == 16u * nreg, "record size %zu for %u registers",
                 vf_layout_record_size(layout), nreg);
        for (uint32_t i = 0; i < nreg; i++) {
            vf_layout_register_info ri;
            FZ_CHECK(vf_layout_register(layout, i, &ri) == VF_OK, "register %u", i);
            FZ_CHECK(ri.kind <= VF_REGISTER_START_INSTANCE_LOCATION, "register %u kind %u", i,
                     ri.kind);
            if (ri.kind == VF_REGISTER_ELEMENT) {
                FZ_CHECK(ri.element_index >= 0 && (uint32_t)ri.element_index < count,
                         "register %u element %d", i, ri.element_index);
                FZ_CHECK(vf_layout_element(layout, (uint32_t)ri.element_index, &info) == VF_OK &&
                             info.record_register == (int32_t)i,
                         "register %u and element %d disagree", i, ri.element_index);
            } else {
                FZ_CHECK(ri.element_index == -1, "register %u kind %u element %d", i, ri.kind,
                         ri.element_index);
            }
            if (ri.kind == VF_REGISTER_SYSTEM)
                FZ_CHECK(i == nreg - 1 && options.system_values != 0,
                         "system register at %u of %u", i, nreg);
        }
        if (sig == NULL) {
            FZ_CHECK(nreg == count + (options.system_values ? 1u : 0u),
                     "%u registers for %u elements", nreg, count);
        } else {
            /* Registers in v# order; each links what its signature entry names. */
            FZ_CHECK(nreg == sig_count + (options.system_values ? 1u : 0u),
                     "%u registers for %u signature inputs", nreg, sig_count);
            int32_t reads[FZ_MAX_TEST_ELEMENTS];
            for (uint32_t i = 0; i < count; i++)
                reads[i] = -1;
            uint32_t prev = 0;
            for (uint32_t k = 0; k < sig_count; k++) {
                vf_layout_register_info rk;
                FZ_CHECK(vf_layout_register(layout, k, &rk) == VF_OK, "register %u", k);
                FZ_CHECK(k == 0 || rk.shader_register > prev, "register %u: v%u after v%u", k,
                         rk.shader_register, prev);
                prev = rk.shader_register;
                const vf_signature_element *se = NULL;
                for (uint32_t j = 0; j < sig_count; j++)
                    if (sig[j].register_index == rk.shader_register)
                        se = &sig[j];
                FZ_CHECK(se != NULL, "register %u: v%u is not in the signature", k,
                         rk.shader_register);
                if (lm_name_equal(se->semantic_name, "SV_VertexID")) {
                    FZ_CHECK(rk.kind == VF_REGISTER_VERTEX_ID, "v%u: kind %u", prev, rk.kind);
                } else if (lm_name_equal(se->semantic_name, "SV_InstanceID")) {
                    FZ_CHECK(rk.kind == VF_REGISTER_INSTANCE_ID, "v%u: kind %u", prev, rk.kind);
                } else if (lm_name_equal(se->semantic_name, "SV_StartVertexLocation")) {
                    FZ_CHECK(rk.kind == VF_REGISTER_START_VERTEX_LOCATION, "v%u: kind %u", prev,
                             rk.kind);
                } else if (lm_name_equal(se->semantic_name, "SV_StartInstanceLocation")) {
                    FZ_CHECK(rk.kind == VF_REGISTER_START_INSTANCE_LOCATION, "v%u: kind %u", prev,
                             rk.kind);
                } else {
                    FZ_CHECK(rk.kind == VF_REGISTER_ELEMENT, "v%u: kind %u", prev, rk.kind);
                    const vf_input_element_desc *e = &descs[rk.element_index];
                    FZ_CHECK(e->semantic_index == se->semantic_index &&
                                 lm_name_equal(e->semantic_name, se->semantic_name),
                             "v%u (%s%u) linked to element %d (%s%u)", prev, se->semantic_name,
                             se->semantic_index, rk.element_index, e->semantic_name,
                             e->semantic_index);
                    reads[rk.element_index] = (int32_t)k;
                }
            }
            for (uint32_t i = 0; i < count; i++) {
                FZ_CHECK(vf_layout_element(layout, i, &info) == VF_OK, "element %u", i);
                FZ_CHECK(info.record_register == reads[i], "element %u: register %d, expected %d",
                         i, info.record_register, reads[i]);
            }
        }
        vf_layout_register_info ri;
        FZ_CHECK(vf_layout_register(layout, nreg, &ri) != VF_OK, "register past the end");
        uint32_t shape = vf_layout_output_shape(layout);
        FZ_CHECK(shape == VF_OUTPUT_AOS || shape == 4 || shape == 8 || shape == 16, "shape %u",
                 shape);
        uint32_t isa = vf_layout_isa(layout);
        FZ_CHECK(isa != VF_ISA_AUTO && vf_isa_available(isa), "layout isa %u", isa);
        if (!null_options && options.isa != VF_ISA_AUTO)
            FZ_CHECK(isa == options.isa, "forced isa %u, got %u", options.isa, isa);
        /* The kernel path: generated slots never exceed the per-vertex
         * slots, and a layout that falls back says why. */
        vf_kernel_path_info kp;
        FZ_CHECK(vf_layout_kernel_path(layout, &kp) == VF_OK, "kernel path query failed");
        FZ_CHECK(kp.generated_slots <= kp.slots, "%u generated of %u slots", kp.generated_slots,
                 kp.slots);
        FZ_CHECK(kp.line_slots <= kp.quad_slots && kp.quad_slots <= kp.generated_slots,
                 "%u in lines, %u four-vertex of %u generated", kp.line_slots, kp.quad_slots,
                 kp.generated_slots);
        FZ_CHECK(kp.soa_slots <= kp.generated_slots && (kp.soa_slots == 0 || kp.line_slots == 0),
                 "%u writing SoA batches, %u generated, %u in lines", kp.soa_slots,
                 kp.generated_slots, kp.line_slots);
        FZ_CHECK(kp.path == (kp.generated_slots == 0          ? VF_KERNEL_PATH_PER_ELEMENT
                             : kp.generated_slots == kp.slots ? VF_KERNEL_PATH_GENERATED
                                                              : VF_KERNEL_PATH_MIXED),
                 "path %d for %u of %u slots", (int)kp.path, kp.generated_slots, kp.slots);
        FZ_CHECK(kp.path == VF_KERNEL_PATH_GENERATED || kp.reason[0] != '\0' || kp.slots == 0,
                 "fallback without a reason");
        vf_layout_destroy(layout);
    }

    for (uint32_t i = 0; i < count; i++)
        free(names[i]);
    for (uint32_t i = 0; sig_names && i < sig_count; i++)
        free(sig_names[i]);
    free(sig_names);
    free(sig);
    free(names);
    free(descs);
    free(mappings);
    free(diag);
    return 0;
}
