/*
 * primitives.c - primitive assembly: which vertices of an instance make
 * each primitive, in the order the pipeline hands them on
 * (docs/d3d-ia-rules.md §13).
 *
 * An instance's positions split into pieces at strip cuts (one piece when
 * the draw cannot cut). Each piece is assembled on its own: a topology
 * gives the number of primitives a piece of m vertices holds and the
 * offsets of primitive j's vertices within the piece, both in closed form,
 * so a draw without cuts reads no index and can start at any primitive.
 */
#include "vf_internal.h"
#include "d3d11_internal.h"
#include "prim_source.h"

uint32_t vf_topology_vertices_per_primitive(uint32_t t)
{
    switch (t) {
    case VF_TOPOLOGY_POINTLIST: return 1;
    case VF_TOPOLOGY_LINELIST:
    case VF_TOPOLOGY_LINESTRIP: return 2;
    case VF_TOPOLOGY_TRIANGLELIST:
    case VF_TOPOLOGY_TRIANGLESTRIP: return 3;
    case VF_TOPOLOGY_LINELIST_ADJ:
    case VF_TOPOLOGY_LINESTRIP_ADJ: return 4;
    case VF_TOPOLOGY_TRIANGLELIST_ADJ:
    case VF_TOPOLOGY_TRIANGLESTRIP_ADJ: return 6;
    default: break;
    }
    if (t >= VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST && t <= VF_TOPOLOGY_32_CONTROL_POINT_PATCHLIST)
        return t - VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST + 1;
    return 0;
}

static enum prim_kind topology_kind(uint32_t t)
{
    switch (t) {
    case VF_TOPOLOGY_LINESTRIP: return KIND_LINE_STRIP;
    case VF_TOPOLOGY_TRIANGLESTRIP: return KIND_TRI_STRIP;
    case VF_TOPOLOGY_LINESTRIP_ADJ: return KIND_LINE_STRIP_ADJ;
    case VF_TOPOLOGY_TRIANGLESTRIP_ADJ: return KIND_TRI_STRIP_ADJ;
    default: return KIND_LIST;
    }
}

/* The checks of vf_draw that concern these fields, in its order.
 * `cut_lists`: cuts take effect in list topologies too (D3D11, spec 8.12). */
vf_result vf_prim_source_init(const vf_draw_desc *desc, int cut_lists,
                                  struct prim_source *src)
{
    if (!desc)
        return VF_ERROR_NULL_POINTER;
    if (desc->struct_size != sizeof(vf_draw_desc) || desc->indexed > 1)
        return VF_ERROR_INVALID_ARGUMENT;
    if (desc->strip_cut_value > VF_STRIP_CUT_VALUE_0xFFFFFFFF)
        return VF_ERROR_INVALID_STRIP_CUT_VALUE;
    uint32_t vpp = vf_topology_vertices_per_primitive(desc->primitive_topology);
    if (vpp == 0)
        return VF_ERROR_INVALID_TOPOLOGY;

    memset(src, 0, sizeof(*src));
    src->kind = topology_kind(desc->primitive_topology);
    src->vpp = vpp;
    src->n = desc->vertex_count_per_instance;
    const vf_index_buffer_view *ib = desc->indexed ? desc->index_buffer : NULL;
    /* A view without data is no index buffer: no format to check. */
    if (!ib || !ib->data)
        return VF_OK;
    if (ib->format == VF_FORMAT_R16_UINT)
        src->index_size = 2;
    else if (ib->format == VF_FORMAT_R32_UINT)
        src->index_size = 4;
    else
        return VF_ERROR_INVALID_INDEX_FORMAT;
    if ((desc->strip_cut_value == VF_STRIP_CUT_VALUE_0xFFFF && src->index_size != 2) ||
        (desc->strip_cut_value == VF_STRIP_CUT_VALUE_0xFFFFFFFF && src->index_size != 4))
        return VF_ERROR_STRIP_CUT_MISMATCH;
    src->ib = ib->data;
    src->ib_size = ib->size_in_bytes;
    src->start = desc->start_location;
    /* Rules §5.2: only strips cut (in D3D11 lists too); a missing buffer
     * returned above, its indices read 0, never a cut value. */
    if (desc->strip_cut_value != VF_STRIP_CUT_VALUE_DISABLED &&
        (src->kind != KIND_LIST || cut_lists)) {
        src->cuts = 1;
        src->cut_value = src->index_size == 2 ? 0xffffu : 0xffffffffu;
    }
    return VF_OK;
}

/* The raw index at position `pos`: its byte address wraps in 32 bits and
 * an index past the view reads 0 (rules §5.1). */
uint32_t vf_prim_index_at(const struct prim_source *src, uint32_t pos)
{
    uint32_t byte = (src->start + pos) * src->index_size;
    return vf_index_read(src->ib, src->ib_size, byte, src->index_size);
}

/* Whether position `pos` is a cut; an index past the view reads 0, never
 * a cut value. */
int vf_prim_is_cut(const struct prim_source *src, uint32_t pos)
{
    return vf_prim_index_at(src, pos) == src->cut_value;
}

/* The next piece at or after `*pos`: [*start_ret, *start_ret + *len_ret);
 * *pos moves past the cut that ends it. 0 when no position is left. */
int vf_prim_next_piece(const struct prim_source *src, uint32_t *pos, uint32_t *start_ret,
                      uint32_t *len_ret)
{
    uint32_t p = *pos;
    if (p >= src->n)
        return 0;
    if (!src->cuts) {
        *start_ret = p;
        *len_ret = src->n - p;
        *pos = src->n;
        return 1;
    }
    uint32_t e = p;
    while (e < src->n && !vf_prim_is_cut(src, e))
        e++;
    *start_ret = p;
    *len_ret = e - p;
    *pos = e < src->n ? e + 1 : e;
    return 1;
}

/* Primitives in a piece of m vertices (rules: docs/d3d-ia-rules.md §13
 * §3, incomplete primitives dropped). */
uint32_t vf_prim_piece_count(const struct prim_source *src, uint32_t m)
{
    switch (src->kind) {
    case KIND_LIST: return m / src->vpp;
    case KIND_LINE_STRIP: return m >= 2 ? m - 1 : 0;
    case KIND_TRI_STRIP: return m >= 3 ? m - 2 : 0;
    case KIND_LINE_STRIP_ADJ: return m >= 4 ? m - 3 : 0;
    case KIND_TRI_STRIP_ADJ: return m >= 6 ? (m - 4) / 2 : 0;
    }
    return 0;
}

/* The vertices of primitive j of a piece of m vertices starting at `base`,
 * leading vertex first, in the order of docs/d3d-ia-rules.md §13.4. */
static void piece_vertices(const struct prim_source *src, uint32_t base, uint32_t m, uint32_t j,
                           uint32_t *out)
{
    switch (src->kind) {
    case KIND_LIST:
        for (uint32_t t = 0; t < src->vpp; t++)
            out[t] = base + j * src->vpp + t;
        return;
    case KIND_LINE_STRIP:
        out[0] = base + j;
        out[1] = base + j + 1;
        return;
    case KIND_TRI_STRIP:
        /* Odd triangles swap their last two vertices: same winding as the
         * first triangle, leading vertex still first. */
        out[0] = base + j;
        out[1] = base + j + 1 + (j & 1);
        out[2] = base + j + 2 - (j & 1);
        return;
    case KIND_LINE_STRIP_ADJ:
        for (uint32_t t = 0; t < 4; t++)
            out[t] = base + j + t;
        return;
    case KIND_TRI_STRIP_ADJ: {
        /* Triangle j has the strip's even vertices 2j, 2j+2, 2j+4; each
         * edge's adjacent vertex is the odd one beside it in the strip, or
         * the far vertex of the neighbouring triangle. The first triangle
         * has no neighbour before it and the last none after it. */
        uint32_t a = 2 * j;
        int first = j == 0;
        int last = j + 1 == (m - 4) / 2;
        uint32_t before = first ? a + 1 : a - 2;
        uint32_t after = last ? a + 5 : a + 6;
        if (!(j & 1)) {
            out[0] = a; out[1] = before; out[2] = a + 2;
            out[3] = after; out[4] = a + 4; out[5] = a + 3;
        } else {
            out[0] = a; out[1] = a + 3; out[2] = a + 4;
            out[3] = after; out[4] = a + 2; out[5] = before;
        }
        for (uint32_t t = 0; t < 6; t++)
            out[t] += base;
        return;
    }
    }
}

vf_result vf_prim_count(const vf_draw_desc *desc, int cut_lists, uint32_t *primitive_count_ret,
                        uint32_t *vertices_per_primitive_ret, size_t *draw_words_ret)
{
    struct prim_source src;
    vf_result res = vf_prim_source_init(desc, cut_lists, &src);
    if (res != VF_OK)
        return res;
    if (!primitive_count_ret)
        return VF_ERROR_NULL_POINTER;

    uint32_t count = 0, pos = 0, start, len;
    while (vf_prim_next_piece(&src, &pos, &start, &len))
        count += vf_prim_piece_count(&src, len); /* at most one per position: no wrap */

    if (draw_words_ret) {
        uint64_t words = (uint64_t)count * src.vpp; /* < 2^37 */
        if (desc->instance_count != 0 && words > SIZE_MAX / desc->instance_count)
            return VF_ERROR_OVERFLOW;
        *draw_words_ret = (size_t)words * desc->instance_count;
    }
    *primitive_count_ret = count;
    if (vertices_per_primitive_ret)
        *vertices_per_primitive_ret = src.vpp;
    return VF_OK;
}

/* Where a walk of the list stands: the current piece [start, start + len),
 * its next primitive j, the scan position past the piece (and its cut),
 * and the SV_PrimitiveID of that primitive. */
struct prim_walk {
    uint32_t pos, start, len, j, primitive;
};

/* Writes primitives from where `w` stands into out (room whole primitives
 * at most); advances w. Returns how many. */
static uint32_t walk_primitives(const struct prim_source *src, struct prim_walk *w,
                                uint32_t *out, size_t room)
{
    uint32_t written = 0;
    for (;;) {
        uint32_t c = vf_prim_piece_count(src, w->len);
        for (; w->j < c && room > 0; w->j++, room--, written++)
            piece_vertices(src, w->start, w->len, w->j, out + (size_t)written * src->vpp);
        if (room == 0 || !vf_prim_next_piece(src, &w->pos, &w->start, &w->len))
            break;
        w->j = 0;
    }
    w->primitive += written;
    return written;
}

/* Whether a walk has primitives left: the current piece, or one after it. */
static int walk_has_more(const struct prim_source *src, struct prim_walk w)
{
    if (w.j < vf_prim_piece_count(src, w.len))
        return 1;
    while (vf_prim_next_piece(src, &w.pos, &w.start, &w.len))
        if (vf_prim_piece_count(src, w.len) > 0)
            return 1;
    return 0;
}

/* Moves a fresh walk to primitive `first` (or the end), piece by piece. */
static void walk_skip(const struct prim_source *src, struct prim_walk *w, uint32_t first)
{
    while (w->primitive < first) {
        uint32_t c = vf_prim_piece_count(src, w->len), left = c - w->j;
        if (first - w->primitive < left) {
            w->j += first - w->primitive;
            w->primitive = first;
            return;
        }
        w->primitive += left;
        w->j = c;
        if (!vf_prim_next_piece(src, &w->pos, &w->start, &w->len))
            return;
        w->j = 0;
    }
}

/* The walk's output: whole primitives into out_count words, or
 * VF_ERROR_OUTPUT_TOO_SMALL when primitives remain and not one fits. */
static vf_result walk_output(const struct prim_source *src, struct prim_walk *w, uint32_t *out,
                             size_t out_count, uint32_t *primitives_written_ret)
{
    size_t room = out_count / src->vpp;
    if (room == 0 && walk_has_more(src, *w)) {
        *primitives_written_ret = 0;
        return VF_ERROR_OUTPUT_TOO_SMALL;
    }
    *primitives_written_ret = walk_primitives(src, w, out, room);
    return VF_OK;
}

vf_result vf_prim_list(const vf_draw_desc *desc, int cut_lists, uint32_t first_primitive,
                       uint32_t *out, size_t out_count, uint32_t *primitives_written_ret)
{
    struct prim_source src;
    vf_result res = vf_prim_source_init(desc, cut_lists, &src);
    if (res != VF_OK)
        return res;
    if (!primitives_written_ret || (!out && out_count != 0))
        return VF_ERROR_NULL_POINTER;

    struct prim_walk w = { 0, 0, 0, 0, 0 }; /* before the first piece */
    walk_skip(&src, &w, first_primitive);
    return walk_output(&src, &w, out, out_count, primitives_written_ret);
}

/* ------------------------------------------------------------------------ */
/* Cursors                                                                  */
/* ------------------------------------------------------------------------ */

/* A cursor's words: the walk, then what ties it to its draw. */
enum { CUR_POS, CUR_START, CUR_LEN, CUR_J, CUR_COUNT, CUR_TOPOLOGY, CUR_TAG };
#define CURSOR_TAG 0x76667063u /* "vfpc" */

_Static_assert(sizeof(((vf_primitive_cursor *)0)->internal_) / sizeof(uint32_t) > CUR_TAG,
               "cursor too small");

vf_result vf_prim_cursor_init(const vf_draw_desc *desc, int cut_lists,
                              vf_primitive_cursor *cursor)
{
    struct prim_source src;
    vf_result res = vf_prim_source_init(desc, cut_lists, &src);
    if (res != VF_OK)
        return res;
    if (!cursor)
        return VF_ERROR_NULL_POINTER;
    memset(cursor, 0, sizeof(*cursor));
    cursor->internal_[CUR_COUNT] = desc->vertex_count_per_instance;
    cursor->internal_[CUR_TOPOLOGY] = desc->primitive_topology;
    cursor->internal_[CUR_TAG] = CURSOR_TAG;
    return VF_OK;
}

/* The walk a cursor holds, if it is one vf_primitive_cursor_init made for
 * a draw of this topology and count and its fields are consistent. */
static int cursor_walk(const vf_primitive_cursor *c, const vf_draw_desc *desc,
                       const struct prim_source *src, struct prim_walk *w)
{
    const uint32_t *in = c->internal_;
    if (in[CUR_TAG] != CURSOR_TAG || in[CUR_COUNT] != desc->vertex_count_per_instance ||
        in[CUR_TOPOLOGY] != desc->primitive_topology)
        return 0;
    w->pos = in[CUR_POS];
    w->start = in[CUR_START];
    w->len = in[CUR_LEN];
    w->j = in[CUR_J];
    w->primitive = c->next_primitive;
    /* A piece inside the positions, the scan at or past its end. */
    return w->pos <= src->n && w->start <= w->pos && w->len <= w->pos - w->start &&
           w->j <= vf_prim_piece_count(src, w->len);
}

vf_result vf_prim_cursor_next(const vf_draw_desc *desc, int cut_lists,
                              vf_primitive_cursor *cursor, uint32_t *out, size_t out_count,
                              uint32_t *primitives_written_ret)
{
    struct prim_source src;
    vf_result res = vf_prim_source_init(desc, cut_lists, &src);
    if (res != VF_OK)
        return res;
    if (!cursor || !primitives_written_ret || (!out && out_count != 0))
        return VF_ERROR_NULL_POINTER;
    struct prim_walk w;
    if (!cursor_walk(cursor, desc, &src, &w))
        return VF_ERROR_INVALID_ARGUMENT;
    if ((res = walk_output(&src, &w, out, out_count, primitives_written_ret)) != VF_OK)
        return res;
    cursor->next_primitive = w.primitive;
    cursor->internal_[CUR_POS] = w.pos;
    cursor->internal_[CUR_START] = w.start;
    cursor->internal_[CUR_LEN] = w.len;
    cursor->internal_[CUR_J] = w.j;
    return VF_OK;
}

vf_result vf_primitive_cursor_init(const vf_draw_desc *desc, vf_primitive_cursor *cursor)
{
    return vf_prim_cursor_init(desc, 0, cursor);
}

vf_result vf_draw_primitives_next(const vf_draw_desc *desc, vf_primitive_cursor *cursor,
                                  uint32_t *out, size_t out_count,
                                  uint32_t *primitives_written_ret)
{
    return vf_prim_cursor_next(desc, 0, cursor, out, out_count, primitives_written_ret);
}



vf_result vf_primitive_count(const vf_draw_desc *desc, uint32_t *primitive_count_ret,
                             uint32_t *vertices_per_primitive_ret, size_t *draw_words_ret)
{
    return vf_prim_count(desc, 0, primitive_count_ret, vertices_per_primitive_ret, draw_words_ret);
}

vf_result vf_draw_primitives(const vf_draw_desc *desc, uint32_t first_primitive, uint32_t *out,
                             size_t out_count, uint32_t *primitives_written_ret)
{
    return vf_prim_list(desc, 0, first_primitive, out, out_count, primitives_written_ret);
}
