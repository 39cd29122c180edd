/*
 * svg_shapes.c - one primitive of the SVG picture (svg_internal.h): the
 * shape of its topology, an arrow from the leading vertex along the
 * winding, dashed edges to adjacent vertices, its SV_PrimitiveID.
 */
#include <stdio.h>

#include "svg_internal.h"
#include "vfetch.h"

/* Eight fills that stay apart when primitives overlap. */
static const char *const fills[8] = { "#4e79a7", "#f28e2b", "#59a14f", "#e15759",
                                      "#76b7b2", "#edc948", "#b07aa1", "#9c755f" };

enum svg_shape svg_shape_of(uint32_t topology, uint32_t vertices)
{
    if (topology >= VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST)
        return SHAPE_PATCH;
    if (vertices == 4)
        return SHAPE_LINE_ADJ;
    if (vertices == 6)
        return SHAPE_TRIANGLE_ADJ;
    return vertices == 1 ? SHAPE_POINT : vertices == 2 ? SHAPE_LINE : SHAPE_TRIANGLE;
}

void svg_num(FILE *f, long long h)
{
    unsigned long long u = h < 0 ? 0ull - (unsigned long long)h : (unsigned long long)h;
    fprintf(f, "%s%llu.%02llu", h < 0 ? "-" : "", u / 100, u % 100);
}

void svg_text(FILE *f, const char *s)
{
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '&')
            fputs("&amp;", f);
        else if (c == '<')
            fputs("&lt;", f);
        else if (c == '>')
            fputs("&gt;", f);
        else if (c == '"')
            fputs("&quot;", f);
        else
            fputc(c < 0x20 || c >= 0x7f ? '?' : c, f);
    }
}

static void put_xy(FILE *f, const char *x, const char *y, struct svg_pt p)
{
    fprintf(f, " %s=\"", x);
    svg_num(f, p.x);
    fprintf(f, "\" %s=\"", y);
    svg_num(f, p.y);
    fputc('"', f);
}

/* The point `t` hundredths of the way from a to b (t in 0..100). */
static struct svg_pt toward(struct svg_pt a, struct svg_pt b, long long t)
{
    struct svg_pt p = { a.x + (b.x - a.x) * t / 100, a.y + (b.y - a.y) * t / 100, 1 };
    return p;
}

static void line(FILE *f, const char *cls, struct svg_pt a, struct svg_pt b)
{
    fprintf(f, "<line class=\"%s\"", cls);
    put_xy(f, "x1", "y1", a);
    put_xy(f, "x2", "y2", b);
    fputs("/>", f);
}

/* The vertex numbers (within the primitive) of its main shape. */
static uint32_t main_vertices(enum svg_shape shape, uint32_t n, uint32_t *k)
{
    static const uint32_t tri_adj[3] = { 0, 2, 4 }, line_adj[2] = { 1, 2 };
    uint32_t m = shape == SHAPE_TRIANGLE_ADJ ? 3 : shape == SHAPE_LINE_ADJ ? 2 : n;
    for (uint32_t i = 0; i < m; i++)
        k[i] = shape == SHAPE_TRIANGLE_ADJ ? tri_adj[i] : shape == SHAPE_LINE_ADJ ? line_adj[i] : i;
    return m;
}

/* The main shape: a dot, a line, or a closed outline (triangle, patch). */
static void main_shape(FILE *f, const struct svg_pt *p, uint32_t m, uint32_t id, int patch)
{
    const char *fill = fills[id % 8];
    if (m == 1) {
        fprintf(f, "<circle class=\"shape\" r=\"5\" fill=\"%s\"", fill);
        put_xy(f, "cx", "cy", p[0]);
        fputs("/>", f);
        return;
    }
    if (m == 2) {
        fprintf(f, "<line class=\"shape\" stroke=\"%s\" marker-end=\"url(#arrow)\"", fill);
        put_xy(f, "x1", "y1", p[0]);
        put_xy(f, "x2", "y2", p[1]);
        fputs("/>", f);
        return;
    }
    fprintf(f, "<polygon class=\"shape%s\" fill=\"%s\" stroke=\"%s\" points=\"",
            patch ? " patch" : "", fill, fill);
    for (uint32_t i = 0; i < m; i++) {
        fputs(i ? " " : "", f);
        svg_num(f, p[i].x);
        fputc(',', f);
        svg_num(f, p[i].y);
    }
    fputs("\"/>", f);
}

/* Dashed edges to each adjacent vertex and a square on it (rules §13.4). */
static void adjacency(FILE *f, const struct svg_pt *pts, const uint32_t *v, enum svg_shape shape)
{
    /* Adjacent vertex, then the two ends of the edge it lies across. */
    static const uint32_t tri[3][3] = { { 1, 0, 2 }, { 3, 2, 4 }, { 5, 4, 0 } };
    static const uint32_t lin[2][3] = { { 0, 1, 1 }, { 3, 2, 2 } };
    uint32_t count = shape == SHAPE_TRIANGLE_ADJ ? 3 : 2;

    for (uint32_t i = 0; i < count; i++) {
        const uint32_t *e = shape == SHAPE_TRIANGLE_ADJ ? tri[i] : lin[i];
        struct svg_pt a = pts[v[e[0]]];
        line(f, "adjacent-edge", pts[v[e[1]]], a);
        if (e[2] != e[1])
            line(f, "adjacent-edge", a, pts[v[e[2]]]);
        fprintf(f, "<rect class=\"adjacent\" data-position=\"%u\" width=\"8\" height=\"8\"",
                v[e[0]]);
        a.x -= 400;
        a.y -= 400;
        put_xy(f, "x", "y", a);
        fputs("/>", f);
    }
}

void svg_primitive(FILE *f, const struct svg_pt *pts, const uint32_t *v, uint32_t n,
                   enum svg_shape shape, uint32_t id, uint32_t provoking)
{
    uint32_t k[32], m = main_vertices(shape, n, k);
    struct svg_pt p[32], c = { 0, 0, 1 };
    int ok = 1;

    fprintf(f, "<g class=\"prim\" data-id=\"%u\" data-vertices=\"", id);
    for (uint32_t i = 0; i < n; i++) {
        fprintf(f, i ? " %u" : "%u", v[i]);
        ok &= pts[v[i]].ok;
    }
    if (provoking != UINT32_MAX)
        fprintf(f, "\" data-provoking=\"%u", provoking);
    fputs(ok ? "\">" : "\" data-undrawn=\"1\">", f);
    if (ok) {
        for (uint32_t i = 0; i < m; i++) {
            p[i] = pts[v[k[i]]];
            c.x += p[i].x / m;
            c.y += p[i].y / m;
        }
        if (shape == SHAPE_LINE_ADJ || shape == SHAPE_TRIANGLE_ADJ)
            adjacency(f, pts, v, shape);
        main_shape(f, p, m, id, shape == SHAPE_PATCH);
        /* The leading vertex (rules §13.4: the first non-adjacent one) and,
         * for an outline, an arrow along the winding towards the next. */
        struct svg_pt lead = m == 1 ? p[0] : toward(p[0], c, 30);
        if (m >= 3)
            line(f, "winding\" marker-end=\"url(#arrow)", lead,
                 toward(lead, toward(p[1], c, 30), 50));
        if (provoking != UINT32_MAX) {
            /* Vulkan's LAST_VERTEX mode: the dot on the provoking vertex. */
            fprintf(f, "<circle class=\"leading provoking\" data-position=\"%u\" r=\"2.5\"",
                    provoking);
            put_xy(f, "cx", "cy", m == 1 ? pts[provoking] : toward(pts[provoking], c, 30));
        } else {
            fprintf(f, "<circle class=\"leading\" data-position=\"%u\" r=\"2.5\"", v[k[0]]);
            put_xy(f, "cx", "cy", lead);
        }
        fputs("/>", f);
        fprintf(f, "<text class=\"prim-id\"");
        c.y -= m == 1 ? 1000 : 0;
        put_xy(f, "x", "y", m == 2 ? toward(p[0], p[1], 50) : c);
        fprintf(f, ">%u</text>", id);
    }
    fputs("</g>\n", f);
}
