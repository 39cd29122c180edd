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

#include "common.h"
#include "d3d_names.h"
#include "output.h"
#define CELL_SIZE 48

/* How the words of a register are shown. */
enum kind { KIND_FLOAT, KIND_UINT, KIND_SINT };

static float word_to_float(uint32_t w)
{
    float f;
    memcpy(&f, &w, sizeof(f));
    return f;
}

static int64_t word_to_sint(uint32_t w)
{
    return w & 0x80000000u ? -(int64_t)(~w) - 1 : (int64_t)w;
}

/* A float as the shortest text that reads back to the same float (%.9g);
 * NaN and infinities spelt out, since %g's spelling varies. */
static void format_float(char *buf, size_t size, uint32_t w)
{
    float f = word_to_float(w);

    if (isnan(f))
        snprintf(buf, size, "%sNaN", (w & 0x80000000u) ? "-" : "");
    else if (isinf(f))
        snprintf(buf, size, "%sinf", f < 0 ? "-" : "");
    else
        snprintf(buf, size, "%.9g", (double)f);
}

static void format_word(char *buf, size_t size, uint32_t w, enum kind kind, int hex)
{
    if (hex)
        snprintf(buf, size, "0x%08x", w);
    else if (kind == KIND_UINT)
        snprintf(buf, size, "%u", w);
    else if (kind == KIND_SINT)
        snprintf(buf, size, "%lld", (long long)word_to_sint(w));
    else
        format_float(buf, size, w);
}

/* Integer formats hold integers in every component (IA vertex formats never
 * mix float and integer components); everything else holds float bits. */
static enum kind format_kind(vf_format format)
{
    const vf_format_desc *d = vf_format_info(format);
    if (d != NULL && d->type[0] == VF_TYPE_UINT)
        return KIND_UINT;
    if (d != NULL && d->type[0] == VF_TYPE_SINT)
        return KIND_SINT;
    return KIND_FLOAT;
}

/* Name and kind of each data register (not the system register). */
struct reg_desc {
    char name[80];
    enum kind kind;
};

static void describe_registers(const struct vf_records *r, struct reg_desc *regs)
{
    for (uint32_t i = 0; i + 1 < r->registers; i++) {
        vf_layout_register_info ri;
        vf_layout_element_info ei;

        snprintf(regs[i].name, sizeof(regs[i].name), "r%u", i);
        regs[i].kind = KIND_FLOAT;
        if (vf_layout_register(r->layout, i, &ri) != VF_OK)
            continue;
        if (ri.kind == VF_REGISTER_VERTEX_ID) {
            snprintf(regs[i].name, sizeof(regs[i].name), "SV_VertexID");
            regs[i].kind = KIND_UINT;
        } else if (ri.kind == VF_REGISTER_INSTANCE_ID) {
            snprintf(regs[i].name, sizeof(regs[i].name), "SV_InstanceID");
            regs[i].kind = KIND_UINT;
        } else if (ri.kind == VF_REGISTER_START_VERTEX_LOCATION) {
            snprintf(regs[i].name, sizeof(regs[i].name), "SV_StartVertexLocation");
            regs[i].kind = KIND_SINT;
        } else if (ri.kind == VF_REGISTER_START_INSTANCE_LOCATION) {
            snprintf(regs[i].name, sizeof(regs[i].name), "SV_StartInstanceLocation");
            regs[i].kind = KIND_UINT;
        } else if (ri.kind == VF_REGISTER_ELEMENT && ri.element_index >= 0 &&
                   vf_layout_element(r->layout, (uint32_t)ri.element_index, &ei) == VF_OK) {
            snprintf(regs[i].name, sizeof(regs[i].name), "%.64s%u",
                     ei.semantic_name ? ei.semantic_name : "(null)", ei.semantic_index);
            regs[i].kind = format_kind(ei.format);
        }
    }
}

/* The records to print: o->sel, or the whole draw. */
static struct vf_selection selection_of(const struct vf_records *r,
                                        const struct vf_output_options *o)
{
    return vf_records_selection(r, o != NULL ? o->sel : NULL);
}

#define FOR_INSTANCES(s, j) for (uint32_t j = (s).first_instance; \
                                 j - (s).first_instance < (s).num_instances; j++)
#define FOR_POSITIONS(s, v) for (uint32_t v = (s).first_position; \
                                 v - (s).first_position < (s).num_positions; v++)

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

    fprintf(f, "\nprimitives: %u per instance, %u vertices each%s, leading vertex first",
            pl->count, pl->vertices, records ? " as records (#)" : "");
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
                fprintf(f, " %u", v[k]);
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
    size_t *width; /* #, SV_VertexID, SV_InstanceID, then 4 per register */
    int hex;
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
    FOR_INSTANCES(sel, j) {
        FOR_POSITIONS(sel, v) {
            const uint32_t *rec = vf_records_at(r, j, v);
            const uint32_t *sys = rec + 4 * t->nregs;
            widen(&width[0], (size_t)snprintf(cell, sizeof(cell), "%u", v));
            if (sys[2] & VF_FLAG_STRIP_CUT)
                continue;
            for (int k = 0; k < 2; k++)
                widen(&width[1 + k], (size_t)snprintf(cell, sizeof(cell), "%u", sys[k]));
            for (uint32_t i = 0; i < 4 * t->nregs; i++) {
                format_word(cell, sizeof(cell), rec[i], t->regs[i / 4].kind, t->hex);
                widen(&width[3 + i], strlen(cell));
            }
        }
    }
}

/* The lines above the blocks: the draw, vertex reuse, the selection. */
static void table_heading(FILE *f, const struct vf_records *r, const struct vf_output_options *o,
                          struct vf_selection sel)
{
    const char *draw_name = r->c->draw.indexed ? "DrawIndexedInstanced" : "DrawInstanced";
    uint32_t positions = o->remap ? o->remap->positions : r->vertices;

    fprintf(f, "%s: %u %s per instance, %u instance%s, %s", draw_name, positions,
            r->c->draw.indexed ? (positions == 1 ? "index" : "indices")
                               : (positions == 1 ? "vertex" : "vertices"),
            r->instances,
            r->instances == 1 ? "" : "s",
            vf_topology_name(r->c->draw.primitive_topology)
                ? vf_topology_name(r->c->draw.primitive_topology) : "?");
    if (r->c->draw.indexed)
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
    fputc('\n', f);
    FOR_POSITIONS(sel, v) {
        const uint32_t *rec = vf_records_at(r, j, v);
        const uint32_t *sys = rec + 4 * t->nregs;

        fprintf(f, "%*u", (int)width[0], v);
        if (sys[2] & VF_FLAG_STRIP_CUT) {
            fprintf(f, "  strip cut: no vertex\n");
            continue;
        }
        fprintf(f, "  %*u  %*u", (int)width[1], sys[0], (int)width[2], sys[1]);
        for (uint32_t i = 0; i < 4 * t->nregs; i++) {
            format_word(cell, sizeof(cell), rec[i], t->regs[i / 4].kind, t->hex);
            fprintf(f, "  %*s", (int)width[3 + i], cell);
        }
        fputc('\n', f);
    }
}

static int table_records(FILE *f, const struct vf_records *r, const struct vf_output_options *o)
{
    struct table t = { r->registers - 1, NULL, NULL, o->hex };
    struct vf_selection sel = selection_of(r, o);

    t.regs = calloc(t.nregs ? t.nregs : 1, sizeof(*t.regs));
    t.width = calloc(3 + (size_t)t.nregs * 4, sizeof(*t.width));
    if (t.regs == NULL || t.width == NULL) {
        free(t.regs);
        free(t.width);
        return -1;
    }
    describe_registers(r, t.regs);
    table_widths(r, sel, &t);
    table_heading(f, r, o, sel);
    FOR_INSTANCES(sel, j)
        table_instance(f, r, &t, sel, j);
    if (o->remap)
        table_remap(f, r, o->remap);
    if (o->prims)
        table_primitives(f, sel, o->prims, o->remap != NULL, r->vertices);
    free(t.regs);
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
    float x = word_to_float(w);

    if (kind == KIND_FLOAT && (isnan(x) || isinf(x))) {
        format_float(buf, sizeof(buf), w);
        vf_output_json_string(f, buf);
        return;
    }
    format_word(buf, sizeof(buf), w, kind, 0);
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
            fputs("]}", f);
        }
    }
    fputs("\n]", f);
}

/* ,"remap": per instance, the index into "records" of each position's
 * record, -1 for a strip cut. */
static void json_remap(FILE *f, const struct vf_records *r, const struct vf_remap *m)
{
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
static void json_statistics(FILE *f, const vf_pipeline_statistics *st)
{
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
static void json_layout(FILE *f, const struct vf_records *r, const struct reg_desc *regs)
{
    uint32_t nelem = vf_layout_element_count(r->layout);

    fputs("\"layout\": [", f);
    for (uint32_t i = 0; i < nelem; i++) {
        vf_layout_element_info e;
        if (vf_layout_element(r->layout, i, &e) != VF_OK)
            continue;
        fputs(i ? ",\n  " : "\n  ", f);
        json_layout_element(f, &e);
    }
    fputs("\n],\n\"registers\": [", f);
    for (uint32_t i = 0; i + 1 < r->registers; i++) {
        fputs(i ? ", " : "", f);
        vf_output_json_string(f, regs[i].name);
    }
    fputs("],\n", f);
}

/* One record: its place, its system values and every data register. */
static void json_record(FILE *f, const struct vf_records *r, const struct reg_desc *regs,
                        int remapped, uint32_t j, uint32_t v)
{
    uint32_t nregs = r->registers - 1;
    const uint32_t *rec = vf_records_at(r, j, v);
    const uint32_t *sys = rec + 4 * nregs;
    int cut = (sys[2] & VF_FLAG_STRIP_CUT) != 0;

    fprintf(f, "{\"instance\": %u, \"%s\": %u, \"cut\": %s, \"SV_VertexID\": %u, "
               "\"SV_InstanceID\": %u, \"flags\": %u, \"data\": {",
            j, remapped ? "record" : "position", v, cut ? "true" : "false", sys[0],
            sys[1], sys[2]);
    for (uint32_t i = 0; i < nregs; i++) {
        const uint32_t *w = rec + 4 * i;
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
    fputs("}}", f);
}

static int json_records(FILE *f, const struct vf_records *r, const struct vf_output_options *o)
{
    uint32_t nregs = r->registers - 1;
    struct reg_desc *regs = calloc(nregs ? nregs : 1, sizeof(*regs));
    struct vf_selection sel = selection_of(r, o);

    if (regs == NULL)
        return -1;
    describe_registers(r, regs);
    json_draw(f, &r->c->draw);
    json_layout(f, r, regs);
    json_diagnostics(f, o->diag, o->d3d11_ids);
    json_statistics(f, o->stats);
    if (o->sel != NULL)
        fprintf(f, "\"selection\": {\"FirstInstance\": %u, \"InstanceCount\": %u, "
                   "\"FirstPosition\": %u, \"PositionCount\": %u},\n",
                sel.first_instance, sel.num_instances, sel.first_position, sel.num_positions);
    fputs("\"records\": [", f);
    FOR_INSTANCES(sel, j) {
        FOR_POSITIONS(sel, v) {
            fputs(j != sel.first_instance || v != sel.first_position ? ",\n  " : "\n  ", f);
            json_record(f, r, regs, o->remap != NULL, j, v);
        }
    }
    fputs("\n]", f);
    if (o->remap)
        json_remap(f, r, o->remap);
    if (o->prims)
        json_primitives(f, sel, o->prims, o->remap ? r->vertices : 0);
    fputs("\n}\n", f);
    free(regs);
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

static int csv_records(FILE *f, const struct vf_records *r, const struct vf_output_options *o)
{
    uint32_t nregs = r->registers - 1;
    struct reg_desc *regs = calloc(nregs ? nregs : 1, sizeof(*regs));
    struct vf_selection sel = selection_of(r, o);
    char cell[CELL_SIZE + 8];

    if (regs == NULL)
        return -1;
    describe_registers(r, regs);
    fputs("instance,position,cut,SV_VertexID,SV_InstanceID,flags", f);
    for (uint32_t i = 0; i < nregs; i++) {
        for (int c = 0; c < 4; c++) {
            fputc(',', f);
            snprintf(cell, sizeof(cell), "%s.%c", regs[i].name, comp_names[c]);
            csv_field(f, cell);
        }
    }
    fputc('\n', f);
    FOR_INSTANCES(sel, j) {
        FOR_POSITIONS(sel, v) {
            const uint32_t *rec = vf_records_at(r, j, v);
            const uint32_t *sys = rec + 4 * nregs;
            fprintf(f, "%u,%u,%d,%u,%u,%u", j, v, (sys[2] & VF_FLAG_STRIP_CUT) != 0, sys[0],
                    sys[1], sys[2]);
            for (uint32_t i = 0; i < 4 * nregs; i++) {
                format_word(cell, sizeof(cell), rec[i], regs[i / 4].kind, o->hex);
                fprintf(f, ",%s", cell);
            }
            fputc('\n', f);
        }
    }
    free(regs);
    return ferror(f) ? -1 : 0;
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                             */
/* ------------------------------------------------------------------------ */

int vf_output_table(FILE *f, const struct vf_records *r, int hex)
{
    struct vf_output_options o = { hex, NULL, NULL, NULL, NULL, 0, NULL };
    return table_records(f, r, &o);
}

int vf_output_json(FILE *f, const struct vf_records *r)
{
    struct vf_output_options o = { 0, NULL, NULL, NULL, NULL, 0, NULL };
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
    enum kind k = format_kind(format);
    return k == KIND_UINT   ? VF_REGISTER_COMPONENT_UINT32
           : k == KIND_SINT ? VF_REGISTER_COMPONENT_SINT32
                            : VF_REGISTER_COMPONENT_FLOAT32;
}

/* ------------------------------------------------------------------------ */
/* Layout and formats                                                       */
/* ------------------------------------------------------------------------ */

int vf_output_layout(FILE *f, const vf_layout *layout)
{
    uint32_t n = vf_layout_element_count(layout);
    char sem[80];
    int wsem = (int)strlen("semantic"), wfmt = (int)strlen("format");

    for (uint32_t i = 0; i < n; i++) {
        vf_layout_element_info e;
        int len;
        if (vf_layout_element(layout, i, &e) != VF_OK)
            continue;
        len = snprintf(sem, sizeof(sem), "%.64s%u", e.semantic_name ? e.semantic_name : "(null)",
                       e.semantic_index);
        if (len > wsem)
            wsem = len;
        if (vf_format_name(e.format) && (int)strlen(vf_format_name(e.format)) > wfmt)
            wfmt = (int)strlen(vf_format_name(e.format));
    }
    fprintf(f, "%2s  %-*s  %4s  %6s  %-*s  %-17s  %4s  %-7s  %s\n", "#", wsem, "semantic", "slot",
            "offset", wfmt, "format", "class", "step", "mapping", "register");
    for (uint32_t i = 0; i < n; i++) {
        vf_layout_element_info e;
        const char *cls;
        if (vf_layout_element(layout, i, &e) != VF_OK)
            continue;
        snprintf(sem, sizeof(sem), "%.64s%u", e.semantic_name ? e.semantic_name : "(null)",
                 e.semantic_index);
        cls = vf_slot_class_name(e.input_slot_class);
        fprintf(f, "%2u  %-*s  %4u  %6u  %-*s  %-17s  %4u  0x%04x  ", i, wsem, sem, e.input_slot,
                e.byte_offset, wfmt, vf_format_name(e.format) ? vf_format_name(e.format) : "?",
                cls ? cls : "?", e.instance_data_step_rate, e.component_mapping);
        if (e.record_register >= 0)
            fprintf(f, "%d\n", e.record_register);
        else
            fprintf(f, "- (not read by the shader)\n");
    }
    return ferror(f) ? -1 : 0;
}

static const char *const type_names[] = {
    [VF_TYPE_NONE] = "NONE",          [VF_TYPE_TYPELESS] = "TYPELESS",
    [VF_TYPE_UNORM] = "UNORM",        [VF_TYPE_SNORM] = "SNORM",
    [VF_TYPE_UINT] = "UINT",          [VF_TYPE_SINT] = "SINT",
    [VF_TYPE_FLOAT] = "FLOAT",        [VF_TYPE_UFLOAT] = "UFLOAT",
    [VF_TYPE_UNORM_SRGB] = "UNORM_SRGB", [VF_TYPE_SHAREDEXP] = "SHAREDEXP",
    [VF_TYPE_OTHER] = "OTHER",
};

/* "UNORM", "FLOAT", "UNORM/UINT" (distinct types in component order), "-". */
static void type_summary(const vf_format_desc *d, char *buf, size_t size)
{
    uint8_t seen[4];
    size_t nseen = 0, len = 0;

    buf[0] = '\0';
    for (int c = 0; c < 4; c++) {
        uint8_t t = d->type[c];
        int dup = 0;
        if (t == VF_TYPE_NONE || t >= ARRAY_LEN(type_names))
            continue;
        for (size_t k = 0; k < nseen; k++)
            dup |= seen[k] == t;
        if (dup)
            continue;
        seen[nseen++] = t;
        len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "/" : "", type_names[t]);
        if (len >= size)
            break;
    }
    if (nseen == 0)
        snprintf(buf, size, "-");
}

static void bits_summary(const vf_format_desc *d, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int c = 0; c < 4; c++) {
        if (d->bits[c] == 0)
            continue;
        len += (size_t)snprintf(buf + len, size - len, "%s%u", len ? "," : "", d->bits[c]);
        if (len >= size)
            break;
    }
    if (len == 0)
        snprintf(buf, size, "-");
}

static const char *vertex_support(const vf_format_desc *d)
{
    if (!(d->ia_support & VF_IA_VERTEX_BUFFER))
        return "no";
    return (d->ia_support & VF_IA_VERTEX_BUFFER_OPTIONAL) ? "optional" : "required";
}

int vf_output_formats(FILE *f, int json)
{
    uint32_t n = vf_format_count();
    char type[64], bits[32];

    if (json)
        fputs("[", f);
    else
        fprintf(f, "%5s  %-40s  %5s  %5s  %-11s  %-16s  %-9s  %s\n", "value", "name", "bytes",
                "comps", "bits", "type", "IA vertex", "IA index");
    for (uint32_t i = 0; i < n; i++) {
        const vf_format_desc *d = vf_format_info_at(i);
        if (d == NULL)
            continue;
        type_summary(d, type, sizeof(type));
        bits_summary(d, bits, sizeof(bits));
        if (json) {
            fprintf(f, "%s\n  {\"value\": %u, \"name\": ", i ? "," : "", d->format);
            vf_output_json_string(f, d->name);
            fprintf(f, ", \"bytes\": %u, \"components\": %u, \"bits\": [%u, %u, %u, %u], "
                       "\"type\": ",
                    d->bytes, d->num_components, d->bits[0], d->bits[1], d->bits[2], d->bits[3]);
            vf_output_json_string(f, type);
            fprintf(f, ", \"ia_vertex\": \"%s\", \"ia_index\": %s}", vertex_support(d),
                    (d->ia_support & VF_IA_INDEX_BUFFER) ? "true" : "false");
        } else {
            fprintf(f, "%5u  %-40s  %5u  %5u  %-11s  %-16s  %-9s  %s\n", d->format, d->name,
                    d->bytes, d->num_components, bits, type, vertex_support(d),
                    (d->ia_support & VF_IA_INDEX_BUFFER) ? "yes" : "no");
        }
    }
    if (json)
        fputs("\n]\n", f);
    return ferror(f) ? -1 : 0;
}
