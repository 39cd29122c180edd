/*
 * svg_picture.c - a draw's primitives as SVG (svg_picture.h): the panels,
 * the projection and fit, the vertices, cuts and out-of-bounds marks. The
 * shapes of the primitives are in svg_shapes.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "case_vulkan.h"
#include "d3d_names.h"
#include "oob.h"
#include "svg_internal.h"
#include "svg_picture.h"

/* Page units: a panel per instance, PANEL wide, its drawing inset MARGIN;
 * HEAD above the panels, FOOT under each, LEGEND at the bottom. */
#define PANEL 420
#define MARGIN 30
#define HEAD 50
#define FOOT 30
#define LEGEND 60
#define COLUMNS 4

/* The projected x, y of every selected record, and the box around them. */
struct world {
    double *x, *y;
    unsigned char *ok;
    double min_x, min_y, max_x, max_y;
    int any;
};

/* Everything one picture needs while it is written. */
struct picture {
    FILE *f;
    const struct vf_records *r;
    const struct vf_primitive_list *pl;
    struct vf_selection sel;
    const struct vf_picture_options *po;
    vf_draw_desc desc;
    enum svg_shape shape;
    struct world w;
    double scale, off_x, off_y; /* world to panel: off + (v - min) * scale */
    char names[VF_MAX_REGISTERS][80];
    const char *name_ptrs[VF_MAX_REGISTERS];
};

/* A register word as a number, by the type of the register's format. */
static double word_value(uint32_t w, uint32_t type)
{
    float x;
    if (type == VF_REGISTER_COMPONENT_UINT32)
        return (double)w;
    if (type == VF_REGISTER_COMPONENT_SINT32)
        return (double)(int32_t)w;
    memcpy(&x, &w, sizeof(x));
    return (double)x;
}

/* The component type of register `reg` (integer formats hold integers). */
static uint32_t register_type(const vf_layout *layout, uint32_t reg)
{
    vf_layout_register_info ri;
    vf_layout_element_info ei;
    if (vf_layout_register(layout, reg, &ri) != VF_OK)
        return VF_REGISTER_COMPONENT_FLOAT32;
    if (ri.kind == VF_REGISTER_ELEMENT && ri.element_index >= 0 &&
        vf_layout_element(layout, (uint32_t)ri.element_index, &ei) == VF_OK)
        return vf_output_component_type(ei.format);
    return ri.kind == VF_REGISTER_START_VERTEX_LOCATION ? VF_REGISTER_COMPONENT_SINT32
                                                        : VF_REGISTER_COMPONENT_UINT32;
}

/* Record (j, v) projected: x, y, or x/w, y/w; 0 when it cannot be drawn
 * (a cut, a value not finite, w <= 0 with the division). */
static int project(const struct picture *p, uint32_t j, uint32_t v, uint32_t type, double *x,
                   double *y)
{
    const uint32_t *rec = vf_records_at(p->r, j, v);
    const uint32_t *w = rec + 4 * p->po->position_register;
    double ww = word_value(w[3], type);

    if (rec[4 * (p->r->registers - 1) + 2] & VF_FLAG_STRIP_CUT)
        return 0;
    *x = word_value(w[0], type);
    *y = word_value(w[1], type);
    if (p->po->divide_by_w) {
        if (!(ww > 0) || !isfinite(ww))
            return 0;
        *x /= ww;
        *y /= ww;
    }
    return isfinite(*x) && isfinite(*y);
}

static size_t world_at(const struct picture *p, uint32_t j, uint32_t v)
{
    return (size_t)(j - p->sel.first_instance) * p->sel.num_positions +
           (v - p->sel.first_position);
}

/* Projects every selected record and finds the box around them. */
static int world_build(struct picture *p)
{
    size_t n = (size_t)p->sel.num_instances * p->sel.num_positions;
    uint32_t type = register_type(p->r->layout, p->po->position_register);
    struct world *w = &p->w;

    w->x = malloc((n ? n : 1) * sizeof(double));
    w->y = malloc((n ? n : 1) * sizeof(double));
    w->ok = malloc(n ? n : 1);
    if (w->x == NULL || w->y == NULL || w->ok == NULL)
        return -1;
    w->any = 0;
    for (uint32_t j = p->sel.first_instance; j - p->sel.first_instance < p->sel.num_instances; j++)
        for (uint32_t v = p->sel.first_position; v - p->sel.first_position < p->sel.num_positions;
             v++) {
            size_t i = world_at(p, j, v);
            w->ok[i] = (unsigned char)project(p, j, v, type, &w->x[i], &w->y[i]);
            if (!w->ok[i])
                continue;
            if (!w->any || w->x[i] < w->min_x) w->min_x = w->x[i];
            if (!w->any || w->x[i] > w->max_x) w->max_x = w->x[i];
            if (!w->any || w->y[i] < w->min_y) w->min_y = w->y[i];
            if (!w->any || w->y[i] > w->max_y) w->max_y = w->y[i];
            w->any = 1;
        }
    return 0;
}

/* One scale for x and y (shapes keep their proportions), the box centred. */
static void fit(struct picture *p)
{
    double inner = PANEL - 2 * MARGIN;
    double dx = p->w.any ? p->w.max_x - p->w.min_x : 0;
    double dy = p->w.any ? p->w.max_y - p->w.min_y : 0;
    double big = dx > dy ? dx : dy;

    p->scale = big > 0 && isfinite(inner / big) ? inner / big : 1;
    p->off_x = MARGIN + (inner - dx * p->scale) / 2;
    p->off_y = MARGIN + (inner - dy * p->scale) / 2;
}

/* Record (j, v) on the page, in hundredths, within its panel (y up). */
static struct svg_pt page_point(const struct picture *p, uint32_t j, uint32_t v)
{
    size_t i = world_at(p, j, v);
    struct svg_pt pt = { 0, 0, p->w.ok[i] };
    if (pt.ok) {
        pt.x = llround((p->off_x + (p->w.x[i] - p->w.min_x) * p->scale) * 100);
        pt.y = llround((p->off_y + (p->w.max_y - p->w.y[i]) * p->scale) * 100);
    }
    return pt;
}

/* A drawn position of one instance, for grouping those at one point. */
struct spot {
    long long x, y;
    uint32_t pos;
};

static int spot_cmp(const void *a, const void *b)
{
    const struct spot *s = a, *t = b;
    if (s->x != t->x)
        return s->x < t->x ? -1 : 1;
    if (s->y != t->y)
        return s->y < t->y ? -1 : 1;
    return s->pos < t->pos ? -1 : s->pos > t->pos;
}

/* Record (j, v)'s out-of-bounds reads; 1 when it has any (text in buf). */
static int record_oob(const struct picture *p, uint32_t j, uint32_t v, char *buf, size_t size)
{
    struct vf_oob oob;
    const uint32_t *sys = vf_records_at(p->r, j, v) + 4 * (p->r->registers - 1);
    uint32_t n = p->r->registers - 1;

    if (p->r->c->vulkan != NULL)
        vf_oob_record_vulkan(p->r->c, sys, v, &oob);
    else
        vf_oob_record(p->r->layout, &p->desc, sys, v, &oob);
    vf_oob_text(&oob, p->name_ptrs, n < VF_MAX_REGISTERS ? n : VF_MAX_REGISTERS, buf, size);
    return vf_oob_any(&oob);
}

/* One <g class="vertex">: the positions s[0..n) drawn at one point (or one
 * position that cannot be drawn, n == 1 and !drawn). */
static void vertex_group(const struct picture *p, uint32_t j, const struct spot *s, uint32_t n,
                         int drawn)
{
    FILE *f = p->f;
    char text[VF_MAX_REGISTERS * 80 + 64];
    int any = 0;

    for (uint32_t i = 0; i < n; i++)
        any |= record_oob(p, j, s[i].pos, text, sizeof(text));
    fprintf(f, "<g class=\"vertex%s%s\" data-positions=\"", any ? " oob" : "",
            drawn ? "" : " undrawn");
    for (uint32_t i = 0; i < n; i++)
        fprintf(f, i ? " %u" : "%u", s[i].pos);
    if (any) {
        fputs("\" data-oob-positions=\"", f);
        for (uint32_t i = 0, k = 0; i < n; i++)
            if (record_oob(p, j, s[i].pos, text, sizeof(text)))
                fprintf(f, k++ ? " %u" : "%u", s[i].pos);
    }
    fputs("\"><title>", f);
    for (uint32_t i = 0; i < n; i++) {
        fprintf(f, "%sposition %u", i ? "; " : "", s[i].pos);
        if (record_oob(p, j, s[i].pos, text, sizeof(text))) {
            fputs(" out of bounds: ", f);
            svg_text(f, text);
        }
    }
    fputs(drawn ? "</title>" : " (not drawn: its position is not finite)</title>", f);
    if (drawn) {
        struct svg_pt at = { s[0].x, s[0].y, 1 };
        fprintf(f, "<circle r=\"%s\" cx=\"", any ? "4" : "2");
        svg_num(f, at.x);
        fputs("\" cy=\"", f);
        svg_num(f, at.y);
        fputs("\"/><text x=\"", f);
        svg_num(f, at.x + 400);
        fputs("\" y=\"", f);
        svg_num(f, at.y + 1200);
        fputs("\">", f);
        for (uint32_t i = 0; i < n && i < 6; i++)
            fprintf(f, i ? " %u" : "%u", s[i].pos);
        if (n > 6)
            fprintf(f, " (+%u)", n - 6);
        fputs("</text>", f);
    }
    fputs("</g>\n", f);
}

/* Every non-cut position of instance j: one group per point. */
static int vertices(const struct picture *p, uint32_t j, const struct svg_pt *pts)
{
    struct spot *s = malloc((p->sel.num_positions ? p->sel.num_positions : 1) * sizeof(*s));
    uint32_t n = 0;

    if (s == NULL)
        return -1;
    for (uint32_t v = p->sel.first_position; v - p->sel.first_position < p->sel.num_positions;
         v++) {
        const uint32_t *sys = vf_records_at(p->r, j, v) + 4 * (p->r->registers - 1);
        struct spot one = { 0, 0, v };
        if (pts[v].ok) {
            s[n].x = pts[v].x;
            s[n].y = pts[v].y;
            s[n++].pos = v;
        } else if (!(sys[2] & VF_FLAG_STRIP_CUT)) {
            vertex_group(p, j, &one, 1, 0);
        }
    }
    qsort(s, n, sizeof(*s), spot_cmp);
    for (uint32_t i = 0, k; i < n; i = k) {
        for (k = i + 1; k < n && s[k].x == s[i].x && s[k].y == s[i].y; k++)
            ;
        vertex_group(p, j, s + i, k - i, 1);
    }
    free(s);
    return 0;
}

/* A cross for the cut at position v: between the drawn positions before
 * and after it, or beside the one there is, or in the panel's corner. */
static void cut_mark(const struct picture *p, const struct svg_pt *pts, uint32_t v,
                     const uint32_t *before, const uint32_t *after)
{
    FILE *f = p->f;
    uint32_t i = v - p->sel.first_position;
    struct svg_pt a = { MARGIN * 100 / 2, (PANEL - MARGIN / 2) * 100, 1 }, c;

    if (before[i] != UINT32_MAX && after[i] != UINT32_MAX) {
        a.x = (pts[before[i]].x + pts[after[i]].x) / 2;
        a.y = (pts[before[i]].y + pts[after[i]].y) / 2;
    } else if (before[i] != UINT32_MAX || after[i] != UINT32_MAX) {
        a = pts[before[i] != UINT32_MAX ? before[i] : after[i]];
        a.x += before[i] != UINT32_MAX ? 1200 : -1200;
    }
    fprintf(f, "<g class=\"cut\" data-position=\"%u\"><title>position %u: strip cut</title>"
               "<path d=\"M", v, v);
    c = a;
    for (int k = 0; k < 4; k++) {
        static const int dx[4] = { -4, 4, -4, 4 }, dy[4] = { -4, 4, 4, -4 };
        fputs(k == 0 ? "" : k == 2 ? " M" : " L", f);
        svg_num(f, c.x + dx[k] * 100);
        fputc(',', f);
        svg_num(f, c.y + dy[k] * 100);
    }
    fputs("\"/><text x=\"", f);
    svg_num(f, a.x + 600);
    fputs("\" y=\"", f);
    svg_num(f, a.y - 600);
    fprintf(f, "\">cut %u</text></g>\n", v);
}

/* Every strip cut among instance j's selected positions. */
static int cuts(const struct picture *p, uint32_t j, const struct svg_pt *pts)
{
    uint32_t n = p->sel.num_positions, first = p->sel.first_position;
    uint32_t *before = malloc((n ? n : 1) * sizeof(uint32_t));
    uint32_t *after = malloc((n ? n : 1) * sizeof(uint32_t));
    uint32_t last = UINT32_MAX;

    if (before == NULL || after == NULL) {
        free(before);
        free(after);
        return -1;
    }
    for (uint32_t i = 0; i < n; i++) {
        before[i] = last;
        last = pts[first + i].ok ? first + i : last;
    }
    last = UINT32_MAX;
    for (uint32_t i = n; i-- > 0;) {
        after[i] = last;
        last = pts[first + i].ok ? first + i : last;
    }
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t *sys = vf_records_at(p->r, j, first + i) + 4 * (p->r->registers - 1);
        if (sys[2] & VF_FLAG_STRIP_CUT)
            cut_mark(p, pts, first + i, before, after);
    }
    free(before);
    free(after);
    return 0;
}

/* Whether every vertex of primitive `v` lies in the selected positions. */
static int prim_selected(const struct picture *p, const uint32_t *v)
{
    for (uint32_t k = 0; k < p->pl->vertices; k++)
        if (v[k] < p->sel.first_position || v[k] - p->sel.first_position >= p->sel.num_positions)
            return 0;
    return 1;
}

/* Instance j's panel, the k-th, at its place in the grid. */
static int panel(const struct picture *p, uint32_t j, uint32_t k, struct svg_pt *pts)
{
    FILE *f = p->f;
    uint32_t drawn = 0;

    for (uint32_t v = 0; v < p->r->vertices; v++) {
        int in = v >= p->sel.first_position && v - p->sel.first_position < p->sel.num_positions;
        struct svg_pt none = { 0, 0, 0 };
        pts[v] = in ? page_point(p, j, v) : none;
    }
    fprintf(f, "<g class=\"instance\" data-instance=\"%u\" transform=\"translate(%u,%u)\">\n"
               "<rect class=\"panel\" width=\"%d\" height=\"%d\"/>"
               "<text class=\"panel-title\" x=\"8\" y=\"16\">instance %u</text>\n"
               "<g class=\"primitives\">\n",
            j, 10 + (k % COLUMNS) * (PANEL + 10), HEAD + (k / COLUMNS) * (PANEL + FOOT), PANEL,
            PANEL, j);
    for (uint32_t i = 0; i < p->pl->count; i++) {
        const uint32_t *v = p->pl->v + (size_t)i * p->pl->vertices;
        if (!prim_selected(p, v))
            continue;
        svg_primitive(f, pts, v, p->pl->vertices, p->shape, i,
                      p->pl->provoking != NULL ? p->pl->provoking[i] : UINT32_MAX);
        drawn++;
    }
    fputs("</g>\n<g class=\"vertices\">\n", f);
    if (vertices(p, j, pts) != 0)
        return -1;
    fputs("</g>\n<g class=\"cuts\">\n", f);
    if (cuts(p, j, pts) != 0)
        return -1;
    fprintf(f, "</g>\n<text class=\"panel-foot\" x=\"8\" y=\"%d\">%u primitive%s</text>\n</g>\n",
            PANEL + 16, drawn, drawn == 1 ? "" : "s");
    return 0;
}

/* The draw call and topology as the case's API names them. */
static void draw_names(const struct vf_case *c, const char **call, const char **topo)
{
    if (c->vulkan != NULL) {
        *call = c->draw.indexed ? "vkCmdDrawIndexed" : "vkCmdDraw";
        *topo = vf_names_name(&vf_vk_topology_names, c->vulkan->topology);
        return;
    }
    *call = c->draw.indexed ? "DrawIndexedInstanced" : "DrawInstanced";
    *topo = vf_topology_name(c->draw.primitive_topology);
}

/* The file's head: size, styles, the arrow, the title line. */
static void head(const struct picture *p, uint32_t width, uint32_t height)
{
    FILE *f = p->f;
    const char *call, *topo;
    const char *reg = p->names[p->po->position_register];

    draw_names(p->r->c, &call, &topo);
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" "
               "viewBox=\"0 0 %u %u\" class=\"vfetch-picture\" data-topology=\"%s\" "
               "data-register=\"", width, height, width, height, topo ? topo : "?");
    svg_text(f, reg);
    fprintf(f, "\" data-projection=\"%s\">\n<title>", p->po->divide_by_w ? "xy/w" : "xy");
    svg_text(f, p->po->title ? p->po->title : "");
    fputs("</title>\n<style>\n"
          "text{font-family:sans-serif;font-size:10px}\n"
          ".panel{fill:#fff;stroke:#bbb}\n"
          ".shape{fill-opacity:.25;stroke-width:1.5}\n"
          "line.shape{stroke-width:2}\n"
          ".patch{stroke-dasharray:4 2}\n"
          ".winding{stroke:#000}\n"
          ".leading{fill:#000}\n"
          ".adjacent{fill:#fff;stroke:#555}\n"
          ".adjacent-edge{stroke:#777;stroke-dasharray:3 3}\n"
          ".vertex circle{fill:#333}\n"
          ".vertex.oob circle{fill:#fff;stroke:#d00;stroke-width:2}\n"
          ".vertex.oob text{fill:#d00}\n"
          ".prim-id{font-weight:bold;text-anchor:middle}\n"
          ".cut path{stroke:#d00;stroke-width:2;fill:none}\n"
          ".cut text{fill:#d00}\n"
          "</style>\n<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
          "markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\"/>"
          "</marker></defs>\n<text class=\"heading\" x=\"10\" y=\"20\" font-size=\"14\">", f);
    svg_text(f, p->po->title ? p->po->title : "");
    fprintf(f, ": %s, %s, %u primitive%s per instance%s</text>\n"
               "<text class=\"heading\" x=\"10\" y=\"38\">", call, topo ? topo : "?",
            p->pl->count, p->pl->count == 1 ? "" : "s",
            p->pl->provoking != NULL ? ", provoking vertex LAST_VERTEX" : "");
    svg_text(f, reg);
    fprintf(f, " %s, fitted to the panels at one scale, y up</text>\n",
            p->po->divide_by_w ? "x/w, y/w (w <= 0 not drawn)" : "x, y as given");
}

/* What the marks mean, under the panels; `provoking`: the dot marks the
 * provoking vertex of Vulkan's LAST_VERTEX mode, not the first. */
static void legend(FILE *f, uint32_t y, int provoking)
{
    fprintf(f, "<g class=\"legend\" transform=\"translate(10,%u)\">\n"
               "<circle class=\"leading\" cx=\"6\" cy=\"10\" r=\"2.5\"/>"
               "<text x=\"14\" y=\"13\">%s; arrow: towards the next vertex "
               "(winding); bold number: %s</text>\n"
               "<rect class=\"adjacent\" x=\"2\" y=\"22\" width=\"8\" height=\"8\"/>"
               "<text x=\"14\" y=\"30\">adjacent vertex, dashed to the edge it lies across"
               "</text>\n<g class=\"vertex oob\"><circle cx=\"6\" cy=\"44\" r=\"4\"/></g>"
               "<text x=\"14\" y=\"47\">position that read out of bounds (hover for what); "
               "red cross: strip cut; numbers: positions</text>\n</g>\n", y,
            provoking ? "provoking vertex (LAST_VERTEX)" : "leading vertex",
            provoking ? "gl_PrimitiveID" : "SV_PrimitiveID");
}

int vf_picture_default_register(const struct vf_records *r, uint32_t *index_ret)
{
    return vf_output_find_register(r, "SV_Position0", index_ret) == 0 ||
                   vf_output_find_register(r, "POSITION0", index_ret) == 0
               ? 0 : -1;
}

static int draw_all(struct picture *p)
{
    uint32_t n = p->sel.num_instances, cols = n < COLUMNS ? (n ? n : 1) : COLUMNS;
    uint32_t rows = (n + cols - 1) / cols;
    struct svg_pt *pts = malloc((p->r->vertices ? p->r->vertices : 1) * sizeof(*pts));

    if (pts == NULL || world_build(p) != 0) {
        free(pts);
        return -1;
    }
    fit(p);
    /* At least two panels wide: room for the heading and the legend. */
    head(p, 10 + (cols < 2 ? 2 : cols) * (PANEL + 10), HEAD + rows * (PANEL + FOOT) + LEGEND);
    for (uint32_t k = 0; k < n; k++) {
        if (panel(p, p->sel.first_instance + k, k, pts) != 0) {
            free(pts);
            return -1;
        }
    }
    legend(p->f, HEAD + rows * (PANEL + FOOT), p->pl->provoking != NULL);
    fputs("</svg>\n", p->f);
    free(pts);
    return ferror(p->f) ? -1 : 0;
}

int vf_picture_write(FILE *f, const struct vf_records *r, const struct vf_primitive_list *pl,
                     const struct vf_selection *sel, const struct vf_picture_options *po)
{
    struct picture p;
    int rc;

    memset(&p, 0, sizeof(p));
    p.f = f;
    p.r = r;
    p.pl = pl;
    p.po = po;
    p.sel = vf_records_selection(r, sel);
    if (po->position_register + 1 >= r->registers)
        return -1;
    if ((uint64_t)p.sel.num_instances * ((uint64_t)p.sel.num_positions + pl->count) >
        VF_PICTURE_MAX_ITEMS)
        return -2;
    vf_case_draw_desc(r->c, &p.desc);
    p.shape = svg_shape_of(r->c->draw.primitive_topology, pl->vertices);
    for (uint32_t i = 0; i + 1 < r->registers && i < VF_MAX_REGISTERS; i++) {
        vf_output_register_name(r, i, p.names[i], sizeof(p.names[i]));
        p.name_ptrs[i] = p.names[i];
    }
    rc = draw_all(&p);
    free(p.w.x);
    free(p.w.y);
    free(p.w.ok);
    return rc;
}
