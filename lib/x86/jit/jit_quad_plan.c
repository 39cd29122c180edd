/*
 * jit_quad_plan.c - the permute index of each element of the four-vertex
 * avx512 loop (jit_quad.c): which table byte every byte of the result
 * takes, for each of the four vertices and the lane it goes to, and the
 * literal bytes (zero extension, default words) nothing reads.
 */
#include "config.h"

#include "jit_format.h"
#include "jit_quad_plan.h"

/* The permute index of window byte t of vertex p->j: 32j + t in the paired
 * tables (lanes 0, 1 in the low table); in the split ones, relative to the
 * element's first table (t' = t - 16 base), 16j + t' there for t' < 16,
 * 64 + 16j + t' - 16 (the next table) above. */
static uint32_t table_byte(struct plan *p, uint32_t t)
{
    uint32_t r = t - 16 * p->base;
    uint32_t at = !p->split ? 32 * p->j + t : r < 16 ? 16 * p->j + r : 48 + 16 * p->j + r;
    if (at < 64)
        p->lo_bytes++;
    else
        p->hi_bytes++;
    return at;
}

static void take(struct plan *p, uint32_t at, uint32_t from)
{
    p->idx[at] = (uint8_t)from;
    p->mask |= 1ull << at;
}

static void literal(struct plan *p, uint32_t at, uint32_t word)
{
    for (uint32_t k = 0; k < 4; k++)
        p->idx[at + k] = (uint8_t)(word >> (8 * k));
}

/* Which bytes of the element a component reads (BGRA orders). */
static uint32_t component_at(vf_format f, uint32_t c, uint32_t bytes)
{
    if (f == VF_FORMAT_B8G8R8A8_UNORM || f == VF_FORMAT_B8G8R8X8_UNORM)
        return c == 3 ? 3 : 2 - c;
    return c * bytes;
}

/* Component c of lane j from `bytes`-byte codes at table byte `src`:
 * zero-extended in the dword, or placed at its top for a signed type (the
 * shift right that follows extends the sign). The bytes below a signed
 * code are shifted out, so they take any table byte (its first) rather
 * than a literal: then the element may need no permute mask at all. */
static void take_code(struct plan *p, uint32_t at, uint32_t src, uint32_t bytes, int sign)
{
    uint32_t top = sign ? 4 - bytes : 0;
    for (uint32_t k = 0; k < top; k++)
        take(p, at + k, table_byte(p, src));
    for (uint32_t k = 0; k < bytes; k++)
        take(p, at + top + k, table_byte(p, src + k));
}

/* The plan of element e for vertex j into lane p->lane, its bytes at
 * window byte `src`. */
static void plan_lane(struct plan *p, const struct vf_element *e, const struct vf_jit_row *row,
                      uint32_t j, uint32_t src)
{
    vf_format f = e->format;
    p->j = j;
    int sign = row->type == VF_JIT_TY_SINT || row->type == VF_JIT_TY_SNORM;
    if (row->type == VF_JIT_TY_FLOAT && row->bits == 16) {
        /* halves at words 4 lane + c of the low 32 bytes (vcvtph2ps zmm, ymm);
         * a missing alpha is the half 1.0 in the index, which converts to
         * the default 1.0f (the others are 0: +0.0f) */
        for (uint32_t c = 0; c < row->nc; c++)
            take_code(p, 8 * p->lane + 2 * c, src + 2 * c, 2, 0);
        if (row->nc < 4)
            p->idx[8 * p->lane + 7] = 0x3c;
        return;
    }
    for (uint32_t c = 0; c < 4; c++) {
        uint32_t at = 16 * p->lane + 4 * c;
        if (row->type != VF_JIT_TY_PACKED) {
            uint32_t bytes = row->bits / 8u;
            if (c < row->nc)
                take_code(p, at, src + c * bytes, bytes, sign);
            else if (row->bits == 32 && c == 3)
                literal(p, at, e->one);
        } else if (f == VF_FORMAT_R10G10B10A2_UNORM || f == VF_FORMAT_R10G10B10A2_UINT) {
            take_code(p, at, src, 4, 0); /* the whole word in each component */
        } else if (f == VF_FORMAT_B8G8R8A8_UNORM || f == VF_FORMAT_B8G8R8X8_UNORM) {
            if (c < row->nc)
                take_code(p, at, src + component_at(f, c, 1), 1, 0);
        } else {
            take_code(p, at, src, 2, 0); /* 16-bit packed: the word in each */
        }
    }
}

/* Line stores write record bytes [64m, 64m + 64) of four records, 16-byte
 * units f = 4m + p (p the lane), and unit f is register f % R of vertex
 * f / R: so register r of vertex j goes to lane (R j + r) % 4, which for
 * an odd R is a different lane for each vertex, and each line is then a
 * blend of registers, lane by lane. Lane stores: vertex j in lane j. */
static uint32_t vertex_of_lane(uint32_t R, int32_t r, uint32_t lane)
{
    /* j = (lane - r) R^-1 mod 4, and an odd R is its own inverse mod 4 */
    return R ? ((lane + 4u - ((uint32_t)r & 3u)) * R) & 3u : lane;
}

void vf_jit_plan_element(struct plan *p, const struct vf_element *e, uint32_t lo, int split,
                         uint32_t R)
{
    const struct vf_jit_row *row = vf_jit_find_row(e->format);
    p->split = split;
    p->base = split ? (e->offset - lo) / 16 : 0;
    for (uint32_t lane = 0; lane < 4; lane++) {
        p->lane = lane;
        plan_lane(p, e, row, vertex_of_lane(R, e->record_register, lane), e->offset - lo);
    }
}

