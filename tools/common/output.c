/*
 * output.c - table, JSON and CSV output of `vfetch` (the raw format: vfr.c).
 *
 * Everything printed here is deterministic: the same case gives the same
 * bytes on every machine and with every fetch path (the tests compare the
 * output of each ISA with one expected file), so nothing machine-specific
 * (ISA, timing, addresses) is ever printed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_vulkan.h"
#include "common.h"
#include "d3d_names.h"
#include "oob.h"
#include "output_vulkan.h"
#include "output.h"
#include "output_internal.h"

/* ------------------------------------------------------------------------ */
/* Table                                                                    */
/* ------------------------------------------------------------------------ */

static const char comp_names[4] = { 'x', 'y', 'z', 'w' };

/* Whether every vertex of primitive `v` is a position the selection
 * holds (a vertex-reuse list names records and comes with no selection). */
static int prim_selected(const struct vf_selection sel, const struct vf_primitive_list *pl,
                         const uint32_t *v)
{
    for (uint32_t k = 0; k < pl->vertices; k++)
        if (v[k] < sel.first_position || v[k] - sel.first_position >= sel.num_positions)
            return 0;
    return 1;
}

/* One line per primitive of every selected instance whose vertices are all
 * selected positions: its SV_PrimitiveID and the position numbers of its
 * vertices, leading vertex first. */
static void table_primitives(FILE *f, const struct vf_selection sel,
                             const struct vf_primitive_list *pl, int records, uint32_t positions)
{

    fprintf(f, "\nprimitives: %u per instance, %u vertices each%s", pl->count, pl->vertices,
            records ? " as records (#)" : "");
    if (pl->provoking != NULL)
        fprintf(f, ", the provoking vertex (%s) marked *", pl->provoking_mode);
    else
        fputs(", leading vertex first", f);
    if (sel.first_position != 0 || sel.num_positions != positions)
        fprintf(f, "; those within positions %u..%u", sel.first_position,
                sel.first_position + sel.num_positions - 1);
    fputc('\n', f);
    FOR_INSTANCES(sel, j) {
        for (uint32_t p = 0; p < pl->count; p++) {
            const uint32_t *v = pl->v + (size_t)p * pl->vertices;
            if (!records && !prim_selected(sel, pl, v))
                continue;
            fprintf(f, "prim %u (instance %u):", p, j);
            for (uint32_t k = 0; k < pl->vertices; k++)
                fprintf(f, " %u%s", v[k], pl->provoking && pl->provoking[p] == v[k] ? "*" : "");
            fputc('\n', f);
        }
    }
}

/* After the distinct records of a vertex-reuse draw: each position's
 * record, per instance, as the # of that instance's block. */
static void table_remap(FILE *f, const struct vf_records *r, const struct vf_remap *m)
{
    fprintf(f, "\nremap: the record (#) of each position, '-' for a strip cut\n");
    for (uint32_t j = 0; j < r->instances; j++) {
        fprintf(f, "instance %u:", j);
        for (uint32_t p = 0; p < m->positions; p++) {
            if (m->map[p] == VF_REUSE_CUT)
                fputs(" -", f);
            else
                fprintf(f, " %u", m->map[p]);
        }
        fputc('\n', f);
    }
}

/* The columns of a table: the data registers and each column's width. */
struct table {
    uint32_t nregs;
    struct reg_desc *regs;
    size_t *width; /* #, SV_VertexID, SV_InstanceID, 4 per register, out of bounds */
    int hex;
    const struct vf_output_options *o;
    const struct regs_view *rv;
};

static void widen(size_t *width, size_t n)
{
    if (n > *width)
        *width = n;
}

/* Column widths: the header or the widest value. */
static void table_widths(const struct vf_records *r, struct vf_selection sel, struct table *t)
{
    char cell[CELL_SIZE];
    size_t *width = t->width;

    width[0] = 3;
    width[1] = strlen("SV_VertexID");
    width[2] = strlen("SV_InstanceID");
    for (uint32_t i = 0; i < t->nregs; i++)
        for (int c = 0; c < 4; c++)
            width[3 + i * 4 + c] = strlen(t->regs[i].name) + 2;
    width[3 + 4 * t->nregs] = 0;
    FOR_INSTANCES(sel, j) {
        FOR_POSITIONS(sel, v) {
            const uint32_t *rec = vf_records_at(r, j, v);
            const uint32_t *sys = rec + 4 * (r->registers - 1);
            char oob[OOB_TEXT_SIZE];
            widen(&width[0], (size_t)snprintf(cell, sizeof(cell), "%u", v));
            if (sys[2] & VF_FLAG_STRIP_CUT)
                continue;
            for (int k = 0; k < 2; k++)
                widen(&width[1 + k], (size_t)snprintf(cell, sizeof(cell), "%u", sys[k]));
            for (uint32_t i = 0; i < 4 * t->nregs; i++) {
                vf_out_format_word(cell, sizeof(cell), rec[REG_WORD(t->regs, i)], t->regs[i / 4].kind,
                            t->hex);
                widen(&width[3 + i], strlen(cell));
            }
            if (vf_out_record_oob_text(r, t->o, t->rv, j, v, oob, sizeof(oob)))
                widen(&width[3 + 4 * t->nregs], strlen("out of bounds"));
        }
    }
}

/* The lines above the blocks: the draw, vertex reuse, the selection. */
static void table_heading(FILE *f, const struct vf_records *r, const struct vf_output_options *o,
                          struct vf_selection sel)
{
    const struct vf_case_vulkan *vk = r->c->vulkan;
    const int indexed = r->c->draw.indexed;
    uint32_t positions = o->remap ? o->remap->positions : r->vertices;
    const char *call, *topology;

    if (vk != NULL) {
        /* SV_VertexID and SV_InstanceID hold gl_VertexIndex and gl_InstanceIndex. */
        call = indexed ? "vkCmdDrawIndexed" : "vkCmdDraw";
        topology = vf_names_name(&vf_vk_topology_names, vk->topology);
    } else {
        call = indexed ? "DrawIndexedInstanced" : "DrawInstanced";
        topology = vf_topology_name(r->c->draw.primitive_topology)
                       ? vf_topology_name(r->c->draw.primitive_topology) : "?";
    }
    fprintf(f, "%s: %u %s per instance, %u instance%s, %s", call, positions,
            indexed ? (positions == 1 ? "index" : "indices")
                    : (positions == 1 ? "vertex" : "vertices"),
            r->instances, r->instances == 1 ? "" : "s", topology);
    if (vk != NULL && indexed && vk->primitive_restart)
        fputs(", primitive restart", f);
    else if (vk == NULL && indexed)
        fprintf(f, ", strip cut %s",
                vf_strip_cut_name(r->c->draw.strip_cut_value)
                    ? vf_strip_cut_name(r->c->draw.strip_cut_value) : "?");
    fputc('\n', f);
    if (o->remap != NULL)
        fprintf(f, "vertex reuse: %u distinct vert%s per instance\n", r->vertices,
                r->vertices == 1 ? "ex" : "ices");
    if (o->sel != NULL)
        fprintf(f, "selected: instances %u..%u, positions %u..%u\n", sel.first_instance,
                sel.first_instance + sel.num_instances - 1, sel.first_position,
                sel.first_position + sel.num_positions - 1);
}

/* One instance's block: a header line, then a line per record. */
static void table_instance(FILE *f, const struct vf_records *r, const struct table *t,
                           struct vf_selection sel, uint32_t j)
{
    const size_t *width = t->width;
    char cell[CELL_SIZE];

    fprintf(f, "\ninstance %u\n", j);
    fprintf(f, "%*s  %*s  %*s", (int)width[0], "#", (int)width[1], "SV_VertexID",
            (int)width[2], "SV_InstanceID");
    for (uint32_t i = 0; i < t->nregs; i++)
        for (int c = 0; c < 4; c++)
            fprintf(f, "  %*s.%c", (int)width[3 + i * 4 + c] - 2, t->regs[i].name,
                    comp_names[c]);
    if (width[3 + 4 * t->nregs])
        fputs("  out of bounds", f);
    fputc('\n', f);
    FOR_POSITIONS(sel, v) {
        const uint32_t *rec = vf_records_at(r, j, v);
        const uint32_t *sys = rec + 4 * (r->registers - 1);
        char oob[OOB_TEXT_SIZE];

        fprintf(f, "%*u", (int)width[0], v);
        if (sys[2] & VF_FLAG_STRIP_CUT) {
            fprintf(f, "  strip cut: no vertex\n");
            continue;
        }
        fprintf(f, "  %*u  %*u", (int)width[1], sys[0], (int)width[2], sys[1]);
        for (uint32_t i = 0; i < 4 * t->nregs; i++) {
            vf_out_format_word(cell, sizeof(cell), rec[REG_WORD(t->regs, i)], t->regs[i / 4].kind,
                        t->hex);
            fprintf(f, "  %*s", (int)width[3 + i], cell);
        }
        if (vf_out_record_oob_text(r, t->o, t->rv, j, v, oob, sizeof(oob)))
            fprintf(f, "  %s", oob);
        fputc('\n', f);
    }
}

static int table_records(FILE *f, const struct vf_records *r, const struct vf_output_options *o)
{
    struct table t = { 0, NULL, NULL, o->hex, o, NULL };
    struct vf_selection sel = vf_out_selection(r, o);
    struct regs_view rv;

    if (vf_out_regs_view_init(&rv, r, o) != 0)
        return -1;
    t.nregs = rv.nshown;
    t.regs = rv.shown;
    t.rv = &rv;
    t.width = calloc(4 + (size_t)t.nregs * 4, sizeof(*t.width));
    if (t.width == NULL) {
        vf_out_regs_view_free(&rv);
        return -1;
    }
    table_widths(r, sel, &t);
    table_heading(f, r, o, sel);
    FOR_INSTANCES(sel, j)
        table_instance(f, r, &t, sel, j);
    if (o->remap)
        table_remap(f, r, o->remap);
    if (o->prims)
        table_primitives(f, sel, o->prims, o->remap != NULL, r->vertices);
    vf_out_regs_view_free(&rv);
    free(t.width);
    return ferror(f) ? -1 : 0;
}

/* ------------------------------------------------------------------------ */
/* JSON                                                                     */
/* ------------------------------------------------------------------------ */

/* A register word as a JSON value: the number for integers, the float for
 * floats (NaN and infinities, which JSON lacks, as strings). */
static void json_value(FILE *f, uint32_t w, enum kind kind)
{
    char buf[CELL_SIZE];
    float x = vf_out_word_to_float(w);

    if (kind == KIND_FLOAT && (isnan(x) || isinf(x))) {
        vf_out_format_float(buf, sizeof(buf), w);
        vf_output_json_string(f, buf);
        return;
    }
    vf_out_format_word(buf, sizeof(buf), w, kind, 0);
    fputs(buf, f);
}

static void json_layout_element(FILE *f, const vf_layout_element_info *e)
{
    const char *cls = vf_slot_class_name(e->input_slot_class);

    fputs("{\"SemanticName\": ", f);
    vf_output_json_string(f, e->semantic_name);
    fprintf(f, ", \"SemanticIndex\": %u, \"Format\": ", e->semantic_index);
    vf_output_json_string(f, vf_format_name(e->format));
    fprintf(f, ", \"FormatValue\": %u, \"InputSlot\": %u, \"AlignedByteOffset\": %u, "
               "\"InputSlotClass\": ", e->format, e->input_slot, e->byte_offset);
    vf_output_json_string(f, cls);
    fprintf(f, ", \"InstanceDataStepRate\": %u, \"ComponentMapping\": \"0x%04x\", "
               "\"Register\": %d}",
            e->instance_data_step_rate, e->component_mapping, e->record_register);
}

/* ,"primitives": one object per primitive of every instance, instance-major;
 * "id" is its SV_PrimitiveID, "vertices" its position numbers, or with
 * vertex reuse (`stride` records an instance, else 0) the records of
 * instance j at j * stride + record: indices into "records", as "remap". */
static void json_primitives(FILE *f, const struct vf_selection sel,
                            const struct vf_primitive_list *pl, uint32_t stride)
{

    int first = 1;

    fputs(",\n\"primitives\": [", f);
    FOR_INSTANCES(sel, j) {
        for (uint32_t p = 0; p < pl->count; p++) {
            const uint32_t *v = pl->v + (size_t)p * pl->vertices;
            if (!stride && !prim_selected(sel, pl, v))
                continue;
            fputs(first ? "\n  " : ",\n  ", f);
            first = 0;
            fprintf(f, "{\"instance\": %u, \"id\": %u, \"vertices\": [", j, p);
            for (uint32_t k = 0; k < pl->vertices; k++)
                fprintf(f, k ? ", %llu" : "%llu",
                        (unsigned long long)j * stride + v[k]);
            fputs("]", f);
            if (pl->provoking != NULL && pl->provoking[p] != UINT32_MAX)
                fprintf(f, ", \"provoking\": %u", pl->provoking[p]);
            fputs("}", f);
        }
    }
    fputs("\n]", f);
}

/* ,"indices": the raw index of each record of an instance (indexed draws),
 * then ,"remap": per instance, the index into "records" of each position's
 * record, -1 for a strip cut. */
static void json_remap(FILE *f, const struct vf_records *r, const struct vf_remap *m)
{
    if (m->indices) {
        fputs(",\n\"indices\": [", f);
        for (uint32_t k = 0; k < m->records; k++)
            fprintf(f, k ? ", %u" : "%u", m->indices[k]);
        fputs("]", f);
    }
    fputs(",\n\"remap\": [", f);
    for (uint32_t j = 0; j < r->instances; j++) {
        fprintf(f, "%s{\"instance\": %u, \"records\": [", j ? ",\n  " : "\n  ", j);
        uint64_t base = (uint64_t)j * r->vertices;
        for (uint32_t p = 0; p < m->positions; p++) {
            fputs(p ? ", " : "", f);
            if (m->map[p] == VF_REUSE_CUT)
                fputs("-1", f);
            else
                fprintf(f, "%llu", (unsigned long long)(base + m->map[p]));
        }
        fputs("]}", f);
    }
    fputs("\n]", f);
}

const char *vf_output_message_id(vf_result code, int d3d11, uint32_t *id_ret)
{
    uint32_t id = d3d11 ? vf_d3d11_message_id(code) : vf_d3d12_message_id(code);
    if (id_ret)
        *id_ret = id;
    return d3d11 ? vf_d3d11_message_id_name(id) : vf_d3d12_message_id_name(id);
}

/* "diagnostics": the draw's warnings, one object each, when it has any;
 * message IDs of the D3D12 debug layer, or of D3D11's with `d3d11`. */
static void json_diagnostics(FILE *f, const vf_diagnostics *diag, int d3d11)
{
    if (diag == NULL || diag->count == 0)
        return;
    fputs("\"diagnostics\": [", f);
    for (uint32_t i = 0; i < diag->count; i++) {
        const vf_diagnostic *d = &diag->entries[i];
        uint32_t num;
        const char *id = vf_output_message_id(d->code, d3d11, &num);
        char msg[VF_DIAGNOSTIC_MESSAGE_SIZE];
        memcpy(msg, d->message, sizeof(msg));
        msg[sizeof(msg) - 1] = '\0';
        fputs(i ? ",\n  {\"severity\": " : "\n  {\"severity\": ", f);
        vf_output_json_string(f, d->severity == VF_SEVERITY_ERROR ? "error" : "warning");
        fprintf(f, ", \"code\": %d, \"MessageID\": ", (int)d->code);
        if (id)
            vf_output_json_string(f, id);
        else
            fputs("null", f);
        fprintf(f, ", \"%s\": %u, \"element\": %d, \"message\": ",
                d3d11 ? "D3D11MessageID" : "D3D12MessageID", num, (int)d->element_index);
        vf_output_json_string(f, msg);
        fputs("}", f);
    }
    fputs("\n],\n", f);
}

/* "statistics": the draw's pipeline statistics, VSInvocations as the
 * interval a conforming GPU may report. */
static void json_statistics(FILE *f, const vf_pipeline_statistics *st,
                            const struct vf_vk_pipeline_statistics *vk)
{
    if (vk != NULL) {
        vf_output_json_statistics_vulkan(f, vk);
        return;
    }
    if (st == NULL)
        return;
    fprintf(f, "\"statistics\": {\"IAVertices\": %llu, \"IAPrimitives\": %llu, "
               "\"VSInvocations\": [%llu, %llu]},\n",
            (unsigned long long)st->ia_vertices, (unsigned long long)st->ia_primitives,
            (unsigned long long)st->vs_invocations_min,
            (unsigned long long)st->vs_invocations_max);
}

/* "draw": the draw call and its arguments. */
static void json_draw(FILE *f, const vf_draw_desc *d)
{
    fprintf(f, "{\n\"draw\": {\"Type\": \"%s\", \"%s\": %u, \"InstanceCount\": %u, "
               "\"%s\": %u, ",
            d->indexed ? "DrawIndexedInstanced" : "DrawInstanced",
            d->indexed ? "IndexCountPerInstance" : "VertexCountPerInstance",
            d->vertex_count_per_instance, d->instance_count,
            d->indexed ? "StartIndexLocation" : "StartVertexLocation", d->start_location);
    if (d->indexed)
        fprintf(f, "\"BaseVertexLocation\": %d, ", (int)d->base_vertex_location);
    fprintf(f, "\"StartInstanceLocation\": %u, \"PrimitiveTopology\": ", d->start_instance_location);
    vf_output_json_string(f, vf_topology_name(d->primitive_topology));
    fputs(", \"IBStripCutValue\": ", f);
    vf_output_json_string(f, vf_strip_cut_name(d->strip_cut_value));
    fputs("},\n", f);
}

/* "layout" and "registers": the elements and the data registers' names. */
static void json_layout(FILE *f, const struct vf_records *r, const struct regs_view *rv)
{
    uint32_t nelem = r->c->vulkan != NULL ? 0 : vf_layout_element_count(r->layout);

    fputs("\"layout\": [", f);
    if (r->c->vulkan != NULL)
        vf_output_json_layout_vulkan(f, r->c, r->layout);
    for (uint32_t i = 0; i < nelem; i++) {
        vf_layout_element_info e;
        if (vf_layout_element(r->layout, i, &e) != VF_OK)
            continue;
        fputs(i ? ",\n  " : "\n  ", f);
        json_layout_element(f, &e);
    }
    fputs("\n],\n\"registers\": [", f);
    for (uint32_t i = 0; i < rv->nshown; i++) {
        fputs(i ? ", " : "", f);
        vf_output_json_string(f, rv->shown[i].name);
    }
    fputs("],\n", f);
}

/* ,"out_of_bounds": what record (j, v) read out of bounds, when it did:
 * "index" ("past_end", "no_buffer" or null), and the registers whose
 * element read past its view ("past_end") or has no buffer ("unbound"). */
static void json_oob(FILE *f, const struct vf_records *r, const struct vf_output_options *o,
                     const struct regs_view *rv, uint32_t j, uint32_t v)
{
    static const char *const index_names[] = { "null", "\"past_end\"", "\"no_buffer\"" };
    const uint32_t *sys = vf_records_at(r, j, v) + 4 * (r->registers - 1);
    struct vf_oob oob;

    if (r->c->vulkan != NULL)
        vf_oob_record_vulkan(r->c, sys, o->remap ? UINT32_MAX : v, &oob);
    else
        vf_oob_record(r->layout, &rv->desc, sys, o->remap ? UINT32_MAX : v, &oob);
    if (!vf_oob_any(&oob))
        return;
    fprintf(f, ", \"out_of_bounds\": {\"index\": %s", index_names[oob.index]);
    for (int k = 0; k < 2; k++) {
        uint32_t mask = k ? oob.unbound : oob.past_end, n = 0;
        fputs(k ? "], \"unbound\": [" : ", \"past_end\": [", f);
        for (uint32_t i = 0; i < rv->nall && i < VF_MAX_REGISTERS; i++) {
            if (!(mask & (1u << i)))
                continue;
            fputs(n++ ? ", " : "", f);
            vf_output_json_string(f, rv->names[i]);
        }
    }
    fputs("]}", f);
}

/* One record: its place, its system values and every data register. */
static void json_record(FILE *f, const struct vf_records *r, const struct vf_output_options *o,
                        const struct regs_view *rv, uint32_t j, uint32_t v)
{
    uint32_t nregs = rv->nshown;
    const struct reg_desc *regs = rv->shown;
    int remapped = o->remap != NULL;
    const uint32_t *rec = vf_records_at(r, j, v);
    const uint32_t *sys = rec + 4 * (r->registers - 1);
    int cut = (sys[2] & VF_FLAG_STRIP_CUT) != 0;

    fprintf(f, "{\"instance\": %u, \"%s\": %u, \"cut\": %s, \"SV_VertexID\": %u, "
               "\"SV_InstanceID\": %u, \"flags\": %u, \"data\": {",
            j, remapped ? "record" : "position", v, cut ? "true" : "false", sys[0],
            sys[1], sys[2]);
    for (uint32_t i = 0; i < nregs; i++) {
        const uint32_t *w = rec + 4 * regs[i].index;
        fputs(i ? ", " : "", f);
        vf_output_json_string(f, regs[i].name);
        fprintf(f, ": {\"words\": [%u, %u, %u, %u], "
                   "\"hex\": [\"0x%08x\", \"0x%08x\", \"0x%08x\", \"0x%08x\"], "
                   "\"values\": [",
                w[0], w[1], w[2], w[3], w[0], w[1], w[2], w[3]);
        for (int c = 0; c < 4; c++) {
            fputs(c ? ", " : "", f);
            json_value(f, w[c], regs[i].kind);
        }
        fputs("]}", f);
    }
    fputs("}", f);
    json_oob(f, r, o, rv, j, v);
    fputs("}", f);
}

static int json_records(FILE *f, const struct vf_records *r, const struct vf_output_options *o)
{
    struct regs_view rv;
    struct vf_selection sel = vf_out_selection(r, o);

    if (vf_out_regs_view_init(&rv, r, o) != 0)
        return -1;
    if (r->c->vulkan != NULL)
        vf_output_json_draw_vulkan(f, r->c);
    else
        json_draw(f, &r->c->draw);
    json_layout(f, r, &rv);
    json_diagnostics(f, o->diag, o->d3d11_ids);
    json_statistics(f, o->stats, o->vk_stats);
    if (o->sel != NULL)
        fprintf(f, "\"selection\": {\"FirstInstance\": %u, \"InstanceCount\": %u, "
                   "\"FirstPosition\": %u, \"PositionCount\": %u},\n",
                sel.first_instance, sel.num_instances, sel.first_position, sel.num_positions);
    fputs("\"records\": [", f);
    FOR_INSTANCES(sel, j) {
        FOR_POSITIONS(sel, v) {
            fputs(j != sel.first_instance || v != sel.first_position ? ",\n  " : "\n  ", f);
            json_record(f, r, o, &rv, j, v);
        }
    }
    fputs("\n]", f);
    if (o->remap)
        json_remap(f, r, o->remap);
    if (o->prims)
        json_primitives(f, sel, o->prims, o->remap ? r->vertices : 0);
    fputs("\n}\n", f);
    vf_out_regs_view_free(&rv);
    return ferror(f) ? -1 : 0;
}

/* ------------------------------------------------------------------------ */
/* CSV                                                                      */
/* ------------------------------------------------------------------------ */

/* A CSV field, quoted when it holds a comma, a quote or a line break. */
static void csv_field(FILE *f, const char *s)
{
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s != '\0'; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* Whether any record of `sel` read out of bounds: CSV then has the column. */
static int any_oob(const struct vf_records *r, const struct vf_output_options *o,
                   const struct regs_view *rv, struct vf_selection sel)
{
    char oob[OOB_TEXT_SIZE];

    FOR_INSTANCES(sel, j) {
        FOR_POSITIONS(sel, v) {
            if (vf_out_record_oob_text(r, o, rv, j, v, oob, sizeof(oob)))
                return 1;
        }
    }
    return 0;
}

static int csv_records(FILE *f, const struct vf_records *r, const struct vf_output_options *o)
{
    struct regs_view rv;
    struct vf_selection sel = vf_out_selection(r, o);
    char cell[CELL_SIZE + 48], oob[OOB_TEXT_SIZE];
    int oob_column;

    if (vf_out_regs_view_init(&rv, r, o) != 0)
        return -1;
    oob_column = any_oob(r, o, &rv, sel);
    fputs("instance,position,cut,SV_VertexID,SV_InstanceID,flags", f);
    for (uint32_t i = 0; i < rv.nshown; i++) {
        for (int c = 0; c < 4; c++) {
            fputc(',', f);
            snprintf(cell, sizeof(cell), "%s.%c", rv.shown[i].name, comp_names[c]);
            csv_field(f, cell);
        }
    }
    fputs(oob_column ? ",out_of_bounds\n" : "\n", f);
    FOR_INSTANCES(sel, j) {
        FOR_POSITIONS(sel, v) {
            const uint32_t *rec = vf_records_at(r, j, v);
            const uint32_t *sys = rec + 4 * (r->registers - 1);
            fprintf(f, "%u,%u,%d,%u,%u,%u", j, v, (sys[2] & VF_FLAG_STRIP_CUT) != 0, sys[0],
                    sys[1], sys[2]);
            for (uint32_t i = 0; i < 4 * rv.nshown; i++) {
                vf_out_format_word(cell, sizeof(cell), rec[REG_WORD(rv.shown, i)], rv.shown[i / 4].kind,
                            o->hex);
                fprintf(f, ",%s", cell);
            }
            if (oob_column) {
                vf_out_record_oob_text(r, o, &rv, j, v, oob, sizeof(oob));
                fputc(',', f);
                csv_field(f, oob);
            }
            fputc('\n', f);
        }
    }
    vf_out_regs_view_free(&rv);
    return ferror(f) ? -1 : 0;
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                             */
/* ------------------------------------------------------------------------ */

int vf_output_table(FILE *f, const struct vf_records *r, int hex)
{
    struct vf_output_options o = { .hex = hex };
    return table_records(f, r, &o);
}

int vf_output_json(FILE *f, const struct vf_records *r)
{
    struct vf_output_options o = { .hex = 0 };
    return json_records(f, r, &o);
}

static const struct vf_output_options no_options;

int vf_output_records_table(FILE *f, const struct vf_records *r,
                            const struct vf_output_options *o)
{
    return table_records(f, r, o != NULL ? o : &no_options);
}

int vf_output_records_json(FILE *f, const struct vf_records *r,
                           const struct vf_output_options *o)
{
    return json_records(f, r, o != NULL ? o : &no_options);
}

int vf_output_records_csv(FILE *f, const struct vf_records *r,
                          const struct vf_output_options *o)
{
    return csv_records(f, r, o != NULL ? o : &no_options);
}

uint32_t vf_output_component_type(vf_format format)
{
    enum kind k = vf_out_format_kind(format);
    return k == KIND_UINT   ? VF_REGISTER_COMPONENT_UINT32
           : k == KIND_SINT ? VF_REGISTER_COMPONENT_SINT32
                            : VF_REGISTER_COMPONENT_FLOAT32;
}
