/*
 * check_layout_random.c - seeded random element arrays, hostile and mostly
 * valid, compiled by vf_layout_create (lib/layout.c) and compared with the
 * independent validation model (tests/ref/layout_model.c): the result, the
 * counts and every diagnostic's code, severity and indices, then, for a
 * valid layout, every rule re-checked on what the public queries and
 * vf_layout_slot_facts_get report.
 */
#include <string.h>

#include "check_main.h"
#include "layout_helpers.h"
#include "layout_model.h"
#include "test_util.h"

static const char *const name_pool[] = {
    "POSITION", "NORMAL", "TEXCOORD", "COLOR", "color", "Tangent", "_x", "SV_Position",
    "SV_VertexID", "sv_instanceid", "SV_StartVertexLocation", "SV_StartInstanceLocation",
    "TEXCOORD1", "A-B", "", "9x", "x y", "\xff", "W2a", "n_", "5", "COLOR0", "Z9_", NULL,
};

/* One random layout: elements, mappings, options and signature. */
struct rcase {
    vf_input_element_desc d[40];
    uint32_t maps[40];
    vf_signature_element sig[40];
    uint32_t count;
    uint32_t nsig;
    vf_layout_options o;
};

static uint32_t any_ia_format(vf_rng *rng)
{
    return lm_format_at(vf_rng_below(rng, lm_format_count()));
}

static uint32_t random_format(vf_rng *rng)
{
    uint32_t k = vf_rng_below(rng, 20);
    if (k < 16)
        return any_ia_format(rng);
    if (k < 19)
        return vf_rng_below(rng, 200);
    return vf_rng_u32(rng);
}

static uint32_t random_offset(vf_rng *rng)
{
    switch (vf_rng_below(rng, 8)) {
    case 0: case 1: case 2: case 3: return APPEND;
    case 4: return 4 * vf_rng_below(rng, 16);
    case 5: return vf_rng_below(rng, 64);
    case 6: return 2000 + vf_rng_below(rng, 64);
    default: return vf_rng_below(rng, 3) == 0 ? vf_rng_u32(rng) : 0xFFFFFFF0u + vf_rng_below(rng, 15);
    }
}

/* Element i: `clean` ones are valid, the others break rules at random. */
static void random_element(vf_rng *rng, struct rcase *c, uint32_t i, uint32_t nslots, int clean)
{
    vf_input_element_desc *e = &c->d[i];
    e->semantic_name = clean ? name_pool[vf_rng_below(rng, 8)]
                             : name_pool[vf_rng_below(rng, LH_ARRAY_LEN(name_pool))];
    e->semantic_index = vf_rng_below(rng, 4);
    if (clean)
        e->semantic_index = i; /* no duplicates */
    e->format = clean ? any_ia_format(rng) : random_format(rng);
    e->input_slot = vf_rng_below(rng, 10) == 0 && !clean ? vf_rng_below(rng, 40)
                                                         : vf_rng_below(rng, nslots);
    e->aligned_byte_offset = clean ? APPEND : random_offset(rng);
    e->input_slot_class = e->input_slot & 1; /* one class per slot ... */
    e->instance_data_step_rate = e->input_slot_class ? e->input_slot / 2 : 0;
    if (!clean && vf_rng_below(rng, 8) == 0)
        e->input_slot_class = vf_rng_below(rng, 4); /* ... unless broken */
    if (!clean && vf_rng_below(rng, 8) == 0)
        e->instance_data_step_rate = vf_rng_below(rng, 3);
    c->maps[i] = vf_rng_below(rng, 10) == 0 && !clean ? vf_rng_below(rng, 0x4000)
                 : vf_rng_below(rng, 2) ? VF_DEFAULT_COMPONENT_MAPPING
                                        : VF_ENCODE_COMPONENT_MAPPING(
                                              vf_rng_below(rng, 6), vf_rng_below(rng, 6),
                                              vf_rng_below(rng, 6), vf_rng_below(rng, 6));
}

/* A signature from some of the elements, some strangers, and the
 * generated IDs, on distinct registers (mostly). */
static void random_signature(vf_rng *rng, struct rcase *c)
{
    uint32_t regs[32];
    for (uint32_t r = 0; r < 32; r++)
        regs[r] = r;
    for (uint32_t r = 31; r > 0; r--) {
        uint32_t k = vf_rng_below(rng, r + 1), t = regs[r];
        regs[r] = regs[k];
        regs[k] = t;
    }
    uint32_t want = vf_rng_below(rng, 10);
    for (uint32_t j = 0; j < want; j++) {
        vf_signature_element *s = &c->sig[c->nsig];
        uint32_t pick = vf_rng_below(rng, 10);
        if (pick < 6 && c->count > 0) {
            const vf_input_element_desc *e =
                &c->d[vf_rng_below(rng, c->count < 32 ? c->count : 32)];
            s->semantic_name = e->semantic_name;
            s->semantic_index = e->semantic_index;
        } else if (pick < 8) {
            s->semantic_name = vf_rng_below(rng, 2) ? "SV_VertexID" : "sv_INSTANCEid";
            s->semantic_index = 0;
        } else {
            s->semantic_name = name_pool[vf_rng_below(rng, LH_ARRAY_LEN(name_pool))];
            s->semantic_index = vf_rng_below(rng, 4);
        }
        s->register_index = vf_rng_below(rng, 20) == 0 ? vf_rng_below(rng, 40) : regs[c->nsig];
        s->mask = vf_rng_below(rng, 20) == 0 ? vf_rng_below(rng, 32) : 0xf;
        s->component_type = vf_rng_below(rng, 20) == 0 ? vf_rng_below(rng, 6)
                                                       : vf_rng_below(rng, 4);
        c->nsig++;
    }
    c->o.signature = c->sig;
    c->o.signature_count = c->nsig;
}

static void random_case(vf_rng *rng, struct rcase *c)
{
    c->count = vf_rng_below(rng, 16) == 0 ? 33 + vf_rng_below(rng, 8) : vf_rng_below(rng, 12);
    uint32_t nslots = 1 + vf_rng_below(rng, 4);
    int clean = vf_rng_below(rng, 3) == 0; /* mostly valid layouts */
    for (uint32_t i = 0; i < c->count; i++)
        random_element(rng, c, i, nslots, clean);
    vf_layout_options_init(&c->o);
    c->o.max_input_slots = vf_rng_below(rng, 2) ? 32 : 16;
    c->o.component_mappings = vf_rng_below(rng, 2) ? c->maps : NULL;
    c->o.system_values = vf_rng_below(rng, 8);
    c->o.output_shape = vf_rng_below(rng, 2) ? 0 : 4u << vf_rng_below(rng, 3);
    c->nsig = 0;
    if (vf_rng_below(rng, 3) == 0)
        random_signature(rng, c);
}

/* Each element of a valid layout: every rule holds for its resolved offset,
 * checked directly, and the offset equals the model's. Returns the mask of
 * the slots the elements name. */
static uint32_t check_elements(const vf_layout *L, const struct rcase *c, const lm_result *m)
{
    uint32_t mask = 0;
    for (uint32_t i = 0; i < c->count; i++) {
        vf_layout_element_info info;
        ck_assert_int_eq(vf_layout_element(L, i, &info), VF_OK);
        uint32_t size = lm_format_size(info.format), align = size >= 4 ? 4 : size;
        ck_assert_uint_ne(size, 0);
        ck_assert_uint_eq(info.byte_offset, m->offset[i]);
        ck_assert_uint_eq(info.byte_offset % align, 0);
        ck_assert_uint_le(info.byte_offset + size, 2048);
        if (c->d[i].aligned_byte_offset != APPEND)
            ck_assert_uint_eq(info.byte_offset, c->d[i].aligned_byte_offset);
        ck_assert_uint_lt(info.input_slot, c->o.max_input_slots);
        ck_assert_str_eq(info.semantic_name, c->d[i].semantic_name);
        ck_assert_uint_eq(info.component_mapping,
                          c->o.component_mappings ? c->maps[i] : VF_DEFAULT_COMPONENT_MAPPING);
        mask |= 1u << info.input_slot;
        if (info.record_register >= 0) {
            vf_layout_register_info ri;
            ck_assert_int_eq(vf_layout_register(L, (uint32_t)info.record_register, &ri), VF_OK);
            ck_assert_int_eq(ri.element_index, (int32_t)i);
        } else {
            ck_assert_ptr_nonnull(c->o.signature);
        }
        if (c->o.signature == NULL)
            ck_assert_int_eq(info.record_register, (int32_t)i);
    }
    return mask;
}

/* Each slot of a valid layout: read in offset order (equal offsets, legal
 * overlap, in element order), only elements of that slot, each read element
 * exactly once, class and step rate those of its elements, alignment
 * min(4, largest element size) over all of its elements, read or not. */
static void check_slots(const vf_layout *L, const struct rcase *c, uint32_t mask)
{
    uint32_t fetched = 0;
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++) {
        vf_layout_slot_facts f = slot_facts(L, s);
        uint32_t align = 0;
        for (uint32_t i = 0; i < c->count; i++) {
            uint32_t size = lm_format_size(c->d[i].format);
            if (c->d[i].input_slot == s && (size >= 4 ? 4 : size) > align)
                align = size >= 4 ? 4 : size;
        }
        ck_assert_uint_eq(f.used, (mask >> s) & 1u);
        ck_assert_uint_eq(f.alignment, align);
        for (uint32_t k = 0; k < f.num_fetch; k++) {
            vf_layout_element_info e;
            ck_assert_int_eq(vf_layout_element(L, f.fetch[k], &e), VF_OK);
            ck_assert_uint_eq(e.input_slot, s);
            ck_assert_int_ge(e.record_register, 0);
            ck_assert_uint_eq(e.input_slot_class, f.slot_class);
            ck_assert_uint_eq(e.instance_data_step_rate, f.step_rate);
            if (k > 0) {
                uint32_t p = offset_of(L, f.fetch[k - 1]);
                ck_assert(p < e.byte_offset ||
                          (p == e.byte_offset && f.fetch[k - 1] < f.fetch[k]));
            }
        }
        fetched += f.num_fetch;
    }
    uint32_t read = 0;
    for (uint32_t i = 0; i < c->count; i++)
        read += register_of(L, i) >= 0;
    ck_assert_uint_eq(fetched, read);
}

/* The registers of a valid layout: one per element or signature entry,
 * plus the system register, 16 bytes each, in v# order with a signature. */
static void check_registers(const vf_layout *L, const struct rcase *c)
{
    uint32_t n = vf_layout_register_count(L);
    ck_assert_uint_eq(vf_layout_record_size(L), 16 * (size_t)n);
    ck_assert_uint_eq(n, (c->o.signature ? c->nsig : c->count) + (c->o.system_values ? 1u : 0u));
    if (!c->o.signature)
        return;
    vf_layout_register_info prev = { 0, 0, 0 }, ri;
    for (uint32_t r = 0; r < n; r++) {
        ck_assert_int_eq(vf_layout_register(L, r, &ri), VF_OK);
        if (r > 0 && ri.kind != VF_REGISTER_SYSTEM)
            ck_assert_uint_gt(ri.shader_register, prev.shader_register);
        prev = ri;
    }
}

START_TEST(test_random_layouts)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0x1a7e5eedu + (uint64_t)_i);
    static struct rcase c;
    static lm_result m;
    uint32_t ok = 0, failed = 0, warned = 0;

    for (int iter = 0; iter < 4000; iter++) {
        random_case(&rng, &c);
        lm_predict(c.d, c.count, c.o.component_mappings, c.o.max_input_slots, c.o.signature,
                   c.nsig, &m);

        vf_layout *L = (vf_layout *)(uintptr_t)1;
        vf_result r = vf_layout_create(c.count ? c.d : NULL, c.count, &c.o, &L, &diags);
        char why[512];
        ck_assert_msg(lm_agrees(&m, r, &diags, why, sizeof(why)), "iteration %d: %s", iter, why);
        for (uint32_t k = 0; k < diags.count; k++)
            ck_assert_uint_lt(strlen(diags.entries[k].message), VF_DIAGNOSTIC_MESSAGE_SIZE);
        if (r != VF_OK) {
            ck_assert_ptr_null(L);
            failed++;
            continue;
        }
        ok++;
        warned += m.num_warnings != 0;
        ck_assert_uint_eq(vf_layout_element_count(L), c.count);
        check_slots(L, &c, check_elements(L, &c, &m));
        check_registers(L, &c);
        vf_layout_destroy(L);
    }
    /* The generator must exercise both outcomes. */
    ck_assert_uint_gt(ok, 400);
    ck_assert_uint_gt(failed, 400);
    ck_assert_uint_gt(warned, 10);
}
END_TEST

static Suite *suite_layout_random(void)
{
    Suite *s = suite_create("layout_random");
    TCase *t = tcase_create("random");
    tcase_set_timeout(t, 120);
    tcase_add_loop_test(t, test_random_layouts, 0, 2);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return vf_test_run(suite_layout_random());
}
