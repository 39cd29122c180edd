/* prim_ref.c - see prim_ref.h. */
#include "prim_ref.h"

#include "ia_ref.h"

#include <stdlib.h>
#include <string.h>

/* `lists`: the cut value takes effect in every topology (D3D11, spec
 * §8.12: "even if the current Primitive Topology is not a strip"). */
static void find_cuts(const vf_draw_desc *desc, int lists, uint8_t *cut)
{
    uint32_t n = desc->vertex_count_per_instance;
    memset(cut, 0, n);
    if (!desc->indexed)
        return;
    for (uint32_t i = 0; i < n; i++) {
        int strip_cut;
        uint32_t index = ia_ref_index(desc, i, &strip_cut);
        cut[i] = (uint8_t)(lists ? ia_ref_is_cut_value(desc, index) : strip_cut);
    }
}

void prim_ref_cuts(const vf_draw_desc *desc, uint8_t *cut)
{
    find_cuts(desc, 0, cut);
}

void prim_ref_cuts_d3d11(const vf_draw_desc *desc, uint8_t *cut)
{
    find_cuts(desc, 1, cut);
}

struct list {
    uint32_t *v;
    size_t len, cap;
    uint32_t count;
};

static void push(struct list *l, const uint32_t *v, uint32_t k)
{
    if (l->len + k > l->cap) {
        l->cap = (l->len + k) * 2 + 16;
        l->v = realloc(l->v, l->cap * sizeof(uint32_t));
        if (!l->v)
            abort();
    }
    memcpy(l->v + l->len, v, k * sizeof(uint32_t));
    l->len += k;
    l->count++;
}

/* Spec §8.10 figure: a list topology takes k vertices at a time, in order. */
static void list_prims(struct list *l, const uint32_t *s, uint32_t m, uint32_t k)
{
    for (uint32_t i = 0; i + k <= m; i += k)
        push(l, s + i, k);
}

/* Line strip: every consecutive pair. Line strip with adjacency: every
 * consecutive four, the middle two the line (§8.14: leading vertices 1, 2,
 * 3, ...). */
static void window_prims(struct list *l, const uint32_t *s, uint32_t m, uint32_t k)
{
    for (uint32_t i = 0; i + k <= m; i++)
        push(l, s + i, k);
}

/* Triangle strip: triangle i is s[i], s[i+1], s[i+2]; their strip order
 * alternates winding, so odd triangles are turned back to the first
 * triangle's winding keeping the leading vertex s[i] first. */
static void tri_strip_prims(struct list *l, const uint32_t *s, uint32_t m)
{
    for (uint32_t i = 0; i + 3 <= m; i++) {
        uint32_t t[3] = { s[i], s[i + 1], s[i + 2] };
        if (i % 2 == 1) {
            uint32_t x = t[1];
            t[1] = t[2];
            t[2] = x;
        }
        push(l, t, 3);
    }
}

/* Triangle strip with adjacency (§8.10 figure, §13.10 figures): the even
 * strip vertices 0, 2, 4, ... form an ordinary triangle strip; the odd ones
 * sit outside its edges. The adjacent vertex of an edge is the far vertex
 * of the other strip triangle on that edge, or for an outer edge the odd
 * vertex drawn beside it. A dangling odd vertex at the end is dropped. */
static void tri_adj_prims(struct list *l, const uint32_t *s, uint32_t m)
{
    if (m < 6)
        return;
    uint32_t te = m / 2; /* even vertices s[0], s[2], ... count */
    if (m % 2 == 1)
        m--; /* the dangling odd vertex */
    uint32_t tris = te - 2;
    for (uint32_t i = 0; i < tris; i++) {
        /* Triangle i: even vertices i, i+1, i+2 (strip positions 2i, 2i+2,
         * 2i+4). Winding-correct order with the leading vertex first. */
        uint32_t tri[3] = { i, i + 1, i + 2 };
        if (i % 2 == 1) {
            tri[1] = i + 2;
            tri[2] = i + 1;
        }
        uint32_t out[6];
        for (int k = 0; k < 3; k++) {
            uint32_t a = tri[k], b = tri[(k + 1) % 3];
            uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
            uint32_t adj;
            if (hi - lo == 2) {
                /* The outer edge from even vertex i to i+2: the odd vertex
                 * drawn past it is strip position 2i+3. */
                adj = s[2 * lo + 3];
            } else if (lo == i) {
                /* Edge (i, i+1): shared with triangle i-1, whose far vertex
                 * is even vertex i-1; the first triangle has the odd vertex
                 * 1 outside instead. */
                adj = i == 0 ? s[1] : s[2 * (i - 1)];
            } else {
                /* Edge (i+1, i+2): shared with triangle i+1, far vertex i+3;
                 * the last triangle has odd vertex 2i+5 outside instead. */
                adj = i + 1 == tris ? s[2 * i + 5] : s[2 * (i + 3)];
            }
            out[2 * k] = s[2 * a];
            out[2 * k + 1] = adj;
        }
        push(l, out, 6);
    }
}

static uint32_t ref_vpp(uint32_t t)
{
    static const uint8_t base[14] = { 0, 1, 2, 2, 3, 3, 0, 0, 0, 0, 4, 4, 6, 6 };
    if (t < 14)
        return base[t];
    if (t >= 33 && t <= 64)
        return t - 32;
    return 0;
}

static void strip_prims(struct list *l, uint32_t t, const uint32_t *s, uint32_t m)
{
    switch (t) {
    case 3: window_prims(l, s, m, 2); break;
    case 5: tri_strip_prims(l, s, m); break;
    case 11: window_prims(l, s, m, 4); break;
    case 13: tri_adj_prims(l, s, m); break;
    default: list_prims(l, s, m, ref_vpp(t)); break;
    }
}

uint32_t *prim_ref_assemble(uint32_t topology, uint32_t n, const uint8_t *cut,
                            uint32_t *count_ret, uint32_t *vpp_ret)
{
    struct list l = { 0 };
    *vpp_ret = ref_vpp(topology);
    *count_ret = 0;
    if (*vpp_ret == 0)
        return NULL;
    /* Collect the current strip's positions; a cut (or the end of the
     * instance) assembles it and starts the next (§8.12, §8.13). */
    uint32_t *strip = malloc(((size_t)n + 1) * sizeof(uint32_t));
    if (!strip)
        abort();
    uint32_t m = 0;
    for (uint32_t p = 0; p <= n; p++) {
        if (p == n || (cut && cut[p])) {
            strip_prims(&l, topology, strip, m);
            m = 0;
        } else {
            strip[m++] = p;
        }
    }
    free(strip);
    *count_ret = l.count;
    return l.v;
}
