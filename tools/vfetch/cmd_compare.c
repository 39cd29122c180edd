/*
 * cmd_compare.c - vfetch compare: what another implementation captured for
 * a case, value by value against vfetch's own draw.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compare.h"
#include "compare_report.h"
#include "compare_robust.h"
#include "file_read.h"
#include "vfr.h"

static void cmp_count(struct cmp_report *r, const struct cmp_register *reg, size_t record,
                      uint32_t comp, uint32_t expected, uint32_t got, int kind)
{
    const vf_format_desc *d = reg != NULL && reg->element >= 0 ? vf_format_info(reg->format)
                                                               : NULL;
    r->counts[kind]++;
    r->compared++;
    if (d != NULL && d->format < MAX_FORMAT_VALUE)
        r->by_format[d->format][kind]++;
    if (kind == VF_DIFF_EXACT)
        return;
    if (r->accept & (1u << kind)) {
        r->accepted++;
        return;
    }
    {
        struct vf_known *kn = vf_known_match(r->known_list, kind, d ? d->name : "",
                                             reg ? reg->slot_class : 0, r->device);
        if (kn != NULL) {
            kn->count++;
            r->known++;
            return;
        }
    }
    r->not_accepted++;
    if (r->num_shown < r->max_shown) {
        struct cmp_diff *df = &r->shown[r->num_shown++];
        df->record = record;
        snprintf(df->reg, sizeof(df->reg), "%s", reg ? reg->name : "flags");
        df->comp = comp;
        df->expected = expected;
        df->got = got;
        df->kind = kind;
    }
}

static void cmp_registers(const vf_layout *layout, struct cmp_register *regs, uint32_t nregs)
{
    for (uint32_t i = 0; i < nregs; i++) {
        vf_layout_register_info ri;
        vf_layout_element_info ei;
        struct cmp_register *g = &regs[i];

        memset(g, 0, sizeof(*g));
        g->element = -1;
        g->offset = (int32_t)(4 * i);
        snprintf(g->name, sizeof(g->name), "r%u", i);
        if (vf_layout_register(layout, i, &ri) != VF_OK)
            continue;
        if (ri.kind == VF_REGISTER_VERTEX_ID) {
            snprintf(g->name, sizeof(g->name), "SV_VertexID");
        } else if (ri.kind == VF_REGISTER_INSTANCE_ID) {
            snprintf(g->name, sizeof(g->name), "SV_InstanceID");
        } else if (ri.kind == VF_REGISTER_START_VERTEX_LOCATION) {
            snprintf(g->name, sizeof(g->name), "SV_StartVertexLocation");
        } else if (ri.kind == VF_REGISTER_START_INSTANCE_LOCATION) {
            snprintf(g->name, sizeof(g->name), "SV_StartInstanceLocation");
        } else if (ri.kind == VF_REGISTER_ELEMENT && ri.element_index >= 0 &&
                   vf_layout_element(layout, (uint32_t)ri.element_index, &ei) == VF_OK) {
            snprintf(g->name, sizeof(g->name), "%.64s%u",
                     ei.semantic_name ? ei.semantic_name : "(null)", ei.semantic_index);
            g->element = ri.element_index;
            g->format = ei.format;
            g->mapping = ei.component_mapping;
            g->slot_class = ei.input_slot_class;
        }
    }
}

/* --robustness: an out-of-bounds word is held against its set instead of
 * vfetch's word alone. 1 when the word was out of bounds (counted). */
static int cmp_robust(struct cmp_report *r, const struct cmp_register *g, size_t k, uint32_t reg,
                      uint32_t c, uint32_t expected, uint32_t got)
{
    char err[128], text[160];
    uint32_t reason = 0, V = r->vertices ? r->vertices : 1;
    int w = vf_robust_check_word(r->robust, (uint32_t)(k / V), (uint32_t)(k % V), reg, c, expected,
                                 got, &reason, text, sizeof(text), err, sizeof(err));
    if (w < 0) {
        if (!r->failed)
            cli_error("%s", err);
        r->failed = 1;
        return 0;
    }
    if (w != VF_ROBUST_WORD_OUTSIDE)
        return w != VF_ROBUST_WORD_IN_BOUNDS;
    r->not_accepted++;
    if (r->num_shown < r->max_shown) {
        struct cmp_diff *df = &r->shown[r->num_shown++];
        *df = (struct cmp_diff){ .record = k, .comp = c, .expected = expected, .got = got,
                                 .kind = VF_DIFF_COUNT, .reason = reason };
        snprintf(df->reg, sizeof(df->reg), "%s", g->name);
        snprintf(df->set, sizeof(df->set), "%s", text);
    }
    return 1;
}

/* Compares the captured registers of one record (`got` at its first word). */
static void cmp_record(struct cmp_report *r, const struct cmp_register *regs, uint32_t nregs,
                       size_t k, const uint32_t *want, const uint8_t *got)
{
    for (uint32_t i = 0; i < nregs; i++) {
        const struct cmp_register *g = &regs[i];
        if (g->offset < 0)
            continue;
        for (uint32_t c = 0; c < 4; c++) {
            uint32_t e = want[4 * i + c], v = vf_raw_u32le(got + 4 * ((size_t)g->offset + c));
            int kind;
            if (g->element >= 0 && r->robust != NULL && cmp_robust(r, g, k, i, c, e, v))
                continue;
            if (g->element < 0)
                kind = e == v ? VF_DIFF_EXACT : VF_DIFF_SYSVAL;
            else
                kind = vf_diff_classify_component(e, v, g->format, g->mapping, c);
            cmp_count(r, g, k, c, e, v, kind);
        }
    }
}

/* The records of a raw capture against the reference. */
static void cmp_raw_records(struct cmp_report *r, const struct cmp_register *regs, uint32_t nregs,
                            const struct vf_raw_info *ri, const uint8_t *data, const uint32_t *ref,
                            size_t rec_words, uint32_t V)
{
    const uint8_t *got = data + ri->data_offset;

    for (uint32_t j = 0; j < ri->sel.num_instances; j++) {
        for (uint32_t p = 0; p < ri->sel.num_positions; p++, got += 4 * (size_t)ri->words) {
            size_t k = (size_t)(ri->sel.first_instance + j) * V + ri->sel.first_position + p;
            const uint32_t *want = ref + k * rec_words, *sys = want + 4 * nregs;
            uint32_t gcut = vf_raw_u32le(got + 4 * (4 * (size_t)nregs + 2)) & VF_FLAG_STRIP_CUT;
            if ((sys[2] & VF_FLAG_STRIP_CUT) != gcut) {
                cmp_count(r, NULL, k, 2, sys[2] & VF_FLAG_STRIP_CUT, gcut, VF_DIFF_CUT);
                continue;
            }
            if (gcut)
                continue;
            cmp_record(r, regs, nregs, k, want, got);
            for (uint32_t s = 0; s < 2; s++) {
                uint32_t g = vf_raw_u32le(got + 4 * (4 * (size_t)nregs + s));
                struct cmp_register sv = { .element = -1 };
                snprintf(sv.name, sizeof(sv.name), "%s", s ? "SV_InstanceID" : "SV_VertexID");
                if (g != sys[s])
                    cmp_count(r, &sv, k, s, sys[s], g, VF_DIFF_SYSVAL);
            }
        }
    }
}

/* --register NAME=OFF: only the registers named are captured, each at its
 * own offset; 0 or an exit status after a message. */
static int plain_registers(const struct cmp_options *o, struct cmp_register *regs,
                           uint32_t nregs)
{
    for (uint32_t i = 0; i < nregs; i++)
        regs[i].offset = -1;
    for (uint32_t j = 0; j < o->num_regs; j++) {
        const char *nm = o->reg_names[j];
        size_t len = (size_t)(strrchr(nm, '=') - nm);
        uint32_t i;
        for (i = 0; i < nregs; i++)
            if (strlen(regs[i].name) == len && strncmp(regs[i].name, nm, len) == 0)
                break;
        if (i == nregs || o->reg_offsets[j] % 4 != 0) {
            cli_error("--register %s: %s", nm, i == nregs ? "no such register in the case"
                                                         : "the offset is not a multiple of 4");
            return EXIT_USAGE;
        }
        regs[i].offset = (int32_t)(o->reg_offsets[j] / 4);
    }
    return 0;
}

/* The bytes one plain record's captured registers reach (4 * word offset +
 * 16 past the last one), or 0 when none is captured. */
static uint64_t plain_record_reach(const struct cmp_register *regs, uint32_t nregs,
                                   uint32_t *last_ret)
{
    uint64_t reach = 0;
    for (uint32_t i = 0; i < nregs; i++)
        if (regs[i].offset >= 0 && 4ull * (uint64_t)regs[i].offset + 16 > reach) {
            reach = 4ull * (uint64_t)regs[i].offset + 16;
            *last_ret = i;
        }
    return reach;
}

/* A plain capture must hold the draw's records and no more: a longer one is
 * of another draw (or a buffer read too far), and a stride under what one
 * record's registers reach overlaps records. 0 or an exit status. */
static int check_plain_size(const struct cmp_options *o, const struct cmp_register *regs,
                            uint32_t nregs, uint64_t stride, size_t size, size_t n)
{
    uint32_t last = 0;
    uint64_t reach = plain_record_reach(regs, nregs, &last);
    uint64_t need = n ? o->offset + (n - 1) * stride + reach : 0;
    uint64_t most = o->offset + (uint64_t)n * (stride > reach ? stride : reach);

    if (n > 1 && stride < reach) {
        cli_error("%s: --stride %llu is smaller than the %llu bytes a record's registers need "
                  "(%s ends at byte %llu): records would overlap", o->captured,
                  (unsigned long long)stride, (unsigned long long)reach, regs[last].name,
                  (unsigned long long)reach);
        return EXIT_USAGE;
    }
    if (size < need) {
        cli_error("%s: the capture holds %zu bytes; the case's %zu records need %llu",
                  o->captured, size, n, (unsigned long long)need);
        return EXIT_USAGE;
    }
    if (size > most) {
        cli_error("%s: the capture holds %zu bytes, more than the case's %zu records of %llu "
                  "bytes (%llu in all): is it of another draw, or are --stride and --offset "
                  "wrong?", o->captured, size, n, (unsigned long long)stride,
                  (unsigned long long)most);
        return EXIT_USAGE;
    }
    return 0;
}

/* Plain little-endian records laid out as the options say; strip-cut
 * positions are skipped. 0 or an exit status after a message. */
static int cmp_plain_records(struct cmp_report *r, const struct cmp_options *o,
                             const struct cmp_register *regs, uint32_t nregs,
                             const uint8_t *data, size_t size, const uint32_t *ref,
                             size_t rec_words, size_t n)
{
    uint64_t stride = o->have_stride ? o->stride : 16ull * nregs;

    if (stride % 4 != 0 || o->offset % 4 != 0) {
        cli_error("--stride and --offset must be multiples of 4 bytes");
        return EXIT_USAGE;
    }
    int rc = check_plain_size(o, regs, nregs, stride, size, n);
    if (rc != 0)
        return rc;
    for (size_t k = 0; k < n; k++) {
        const uint32_t *want = ref + k * rec_words;
        if (want[4 * nregs + 2] & VF_FLAG_STRIP_CUT)
            continue;
        cmp_record(r, regs, nregs, k, want, data + o->offset + k * stride);
    }
    return 0;
}

/* The capture against the reference; 0, or an exit status after a message. */
static int cmp_capture(const struct cmp_options *o, const uint8_t *data, size_t size,
                       const vf_layout *layout, const struct vf_case *c, const uint32_t *ref,
                       struct cmp_report *r)
{
    uint32_t nregs = vf_layout_register_count(layout) - 1; /* without the system register */
    uint32_t V = c->draw.vertex_count_per_instance, I = c->draw.instance_count;
    size_t rec_words = vf_layout_record_size(layout) / 4;
    struct cmp_register regs[VF_MAX_REGISTERS];

    cmp_registers(layout, regs, nregs);
    if (size >= 4 * VF_RAW_V1_HEADER_WORDS && vf_raw_u32le(data) == VF_RAW_MAGIC) {
        struct vf_raw_info ri;
        char err[512];
        if (vf_raw_read_header(data, size, layout, V, I, &ri, err, sizeof(err)) != 0) {
            cli_error("%s: %s", o->captured, err);
            return EXIT_USAGE;
        }
        cmp_raw_records(r, regs, nregs, &ri, data, ref, rec_words, V);
        return 0;
    }
    if (o->num_regs != 0 && plain_registers(o, regs, nregs) != 0)
        return EXIT_USAGE;
    return cmp_plain_records(r, o, regs, nregs, data, size, ref, rec_words, (size_t)V * I);
}

/* The capture named by the options; 0, or an exit status after a message.
 * Captures may be larger than cases. */
static int read_capture(const char *path, uint8_t **data, size_t *size)
{
    int e = vf_read_file(path, VF_CASE_MAX_DATA_SIZE * 2, data, size);

    if (e == EFBIG || e == ENOMEM)
        cli_error("%s: larger than 1 GiB or out of memory", path);
    else if (e != 0)
        cli_error("%s: %s", path, strerror(e));
    return e != 0 ? EXIT_USAGE : 0;
}

/* The report, and each known deviation that matched. */
static int report(const struct cmp_options *o, const struct vf_case *c,
                  const struct vf_known_list *known, const struct cmp_report *r)
{
    cmp_print(stdout, o->case_path, r, c->draw.vertex_count_per_instance, o->json);
    for (size_t k = 0; !o->json && k < known->n; k++)
        if (known->v[k].count)
            printf("known deviation %s (%s): %llu values: %s\n", known->v[k].id,
                   vf_diff_kind_name[known->v[k].kind], (unsigned long long)known->v[k].count,
                   known->v[k].reason);
    if (fflush(stdout) != 0)
        return EXIT_USAGE;
    return r->not_accepted ? EXIT_INVALID : 0;
}

/* The report of the comparison, empty: what the options accept and list. */
static struct cmp_report *new_report(const struct cmp_options *o, struct vf_known_list *known)
{
    struct cmp_report *r = calloc(1, sizeof(*r));

    if (r == NULL || (r->shown = calloc(o->max_shown ? o->max_shown : 1, sizeof(*r->shown))) ==
                         NULL) {
        free(r);
        cli_error("out of memory");
        return NULL;
    }
    r->max_shown = o->max_shown;
    r->accept = o->accept;
    r->known_list = known;
    r->device = o->device;
    return r;
}

/* An ExecuteIndirect case: its commands' records one after the other,
 * compared as the one instance of *flat_ret (a copy of the case's draw
 * with that many positions, sharing what `c` owns: free() it only). */
static int compare_indirect_reference(const struct cmp_options *o, const struct vf_case *c,
                                      vf_layout **layout, uint32_t **ref,
                                      struct vf_case **flat_ret)
{
    uint32_t records = 0;
    int rc = indirect_reference(o->case_path, c, VF_ISA_SCALAR, layout, ref, &records);

    if (rc != 0)
        return rc;
    *flat_ret = malloc(sizeof(**flat_ret));
    if (*flat_ret == NULL) {
        cli_error("out of memory");
        return EXIT_USAGE;
    }
    **flat_ret = *c;
    (*flat_ret)->draw.vertex_count_per_instance = records;
    (*flat_ret)->draw.instance_count = 1;
    return 0;
}

int cmd_compare(int argc, char **argv)
{
    struct cmp_options o;
    struct vf_case c;
    struct vf_known_list known = { NULL, 0 };
    struct cmp_report *r = NULL;
    struct vf_robust_check robust;
    vf_layout *layout = NULL;
    uint32_t *ref = NULL;
    uint8_t *data = NULL;
    size_t size = 0;
    struct vf_case *flat = NULL;
    char err[512];
    int rc = parse_compare(argc, argv, &o);

    if (rc >= 0)
        return rc;
    rc = load(o.case_path, &c);
    if (rc != 0)
        return rc;
    if (o.known_path != NULL && vf_known_load(o.known_path, &known, err, sizeof(err)) != 0) {
        cli_error("%s", err);
        rc = EXIT_USAGE;
    }
    if (rc == 0)
        rc = c.indirect ? compare_indirect_reference(&o, &c, &layout, &ref, &flat)
                        : draw_reference(o.case_path, &c, VF_ISA_SCALAR, 0, &layout, &ref, NULL,
                                         NULL, NULL);
    if (rc == 0)
        rc = read_capture(o.captured, &data, &size);
    if (rc == 0 && (r = new_report(&o, &known)) == NULL)
        rc = EXIT_USAGE;
    if (rc == 0 && o.have_robust && c.indirect) {
        cli_error("--robustness compares direct draws only, not ExecuteIndirect cases");
        rc = EXIT_USAGE;
    }
    if (rc == 0 && o.have_robust) {
        robust = (struct vf_robust_check){ .layout = layout, .mode = o.robust_mode };
        if (c.vulkan)
            robust.vk_case = &c; /* by location (rules §17.8) */
        else
            vf_case_draw_desc(&c, &robust.desc);
        r->robust = &robust;
        r->vertices = c.draw.vertex_count_per_instance;
    }
    if (rc == 0)
        rc = cmp_capture(&o, data, size, layout, c.indirect ? flat : &c, ref, r);
    if (rc == 0 && r->failed)
        rc = EXIT_USAGE;
    if (rc == 0)
        rc = report(&o, c.indirect ? flat : &c, &known, r);
    free(flat);
    if (r != NULL)
        free(r->shown);
    free(r);
    free(data);
    free(ref);
    release_layout(&c, layout);
    vf_known_free(&known);
    vf_case_free(&c);
    return rc;
}
