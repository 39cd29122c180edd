/*
 * jit_quad.c - the avx512 loop of the generated slot kernels: four
 * vertices an iteration, one per 128-bit lane of zmm registers.
 *
 * Each vertex's bytes are read once, with a byte-masked load of exactly
 * the bytes its elements read, into half of a table register (vertices 0
 * and 1 in zmm16, 2 and 3 in zmm17), so vertex j's byte t of the window
 * [lo, lo + 32) is table byte 32j + t. Each element then takes its four
 * vertices' bytes with one vpermi2b (AVX512_VBMI) whose index constant
 * also holds the bytes that are not read (zero extension, the default
 * words of 32-bit formats): merge-masking keeps the index there. Where
 * the window is over 32 bytes (up to 64), or the elements read every byte
 * of a 16- or 32-byte one, the tables are split instead: window bytes
 * [16h, 16h + 16) of vertex j in lane j of zmm16 + h, whole 16-byte loads
 * (the last table's bytes alone where the window ends inside it; a
 * 32-byte window at a stride of 32 in a second copy of the loop: two
 * 64-byte loads and a vshufi64x2 a table), and an
 * element within one table takes one vpermb (one uop on the Xeons, where
 * vpermi2b has three), one across two a vpermi2b of the pair. Where
 * vpermi2b is one operation (Zen 5), a dense 32-byte window stays in
 * paired tables, loaded whole: 32 bytes a vertex, or at a stride of 32
 * two 64-byte loads for the four, no insert or shuffle. The type
 * steps are those of jit_format.c on zmm registers, so the words are the
 * same bits; each register goes out as four 16-byte stores, one per
 * record, a record's stores one after the other, or where the slot fills
 * an odd number of registers alone, blended into whole 64-byte lines. On
 * the Xeon this replaces two-vertex ymm iterations whose
 * vinserti128/vpinsr/vperm2i128 shuffles kept the vector ports busy
 * (bench/README.md, "Four vertices per iteration"). This file decodes and
 * stores; jit_quad_loop.c loads the tables and loops.
 *
 * Registers: zmm16..19 tables (18, 19 constants where fewer), zmm20..29
 * the elements' results, zmm30/31 scratch, zmm12 emit_unorm's scratch,
 * the other zmm registers the loop's most used constants (loaded before
 * it); k1/k2 the table masks, k3..k6 permute masks, k7 another mask or the
 * half-float fixup's.
 * rax, r9, r10, r11 as jit_record.c allows.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "jit_format.h"
#include "jit_quad.h"
#include "jit_quad_plan.h"
#include "jit_quad_parts.h"
#include "jit_slot.h"

/* The bytes of the window every fetched element of the slot reads. */
static void window(const struct vf_layout *L, const struct vf_slot *slot, uint32_t *lo,
                   uint32_t *hi)
{
    *lo = UINT32_MAX, *hi = 0;
    for (uint32_t f = 0; f < slot->num_fetch; f++) {
        const struct vf_element *e = &L->elements[L->fetch[slot->first_fetch + f]];
        if (e->offset < *lo)
            *lo = e->offset;
        if (e->offset + e->size > *hi)
            *hi = e->offset + e->size;
    }
}

int vf_jit_quad_ok(const struct vf_layout *L, const struct vf_slot *slot)
{
    uint32_t lo, hi;
    if (L->isa != VF_ISA_AVX512 || slot->num_fetch == 0 || !vf_cpu_has_avx512_vbmi())
        return 0;
    window(L, slot, &lo, &hi);
    return hi - lo <= 64;
}

int vf_jit_quad_lines_ok(const struct vf_layout *L, const struct vf_slot *slot)
{
    uint32_t R = L->num_registers;
    return vf_jit_quad_ok(L, slot) && vf_jit_whole_record(L, slot) && (R & 1u) && R <= GROUP;
}

/* The half-float fixup of jit_format.c's emit_half with opmasks: the
 * quiet bit cleared again where a NaN half had it clear. The halves'
 * quiet bits are tested as words before the conversion (vptestnmw on the
 * 16 words it reads) and the NaNs found after it (vcmpunordps), four
 * operations where widening the words to test them took six. */
static void half_fixup(struct vf_jit_buf *b, int d)
{
    static const uint32_t quiet[16] = { 0x02000200u, 0x02000200u, 0x02000200u, 0x02000200u,
                                        0x02000200u, 0x02000200u, 0x02000200u, 0x02000200u };
    /* vptestnmw k7, ymm d, [quiet] (the first 32 bytes of the 64-byte
     * pool entry): the halves whose quiet bit is clear */
    vf_jit_evex(b, VF_M0F38, VF_PF3, 1, 1, 0x26, KTEMP, d, vf_jit_const16(b, quiet), -1, 0, 0);
    vf_jit_evex(b, VF_M0F38, VF_P66, 0, 2, 0x13, d, -1, vf_jit_reg(d), -1, 0, 0); /* vcvtph2ps */
    /* vcmpps k7{k7}, d, d, unord: of those, the NaNs */
    vf_jit_evex(b, VF_M0F, VF_PNONE, 0, 2, 0xc2, KTEMP, d, vf_jit_reg(d), 3, KTEMP, 0);
    vf_jit_evex(b, VF_M0F, VF_P66, 0, 2, 0xdb, d, d, vf_jit_splat(b, ~0x400000u), -1, KTEMP, 0);
}

/* The type steps after the permute (jit_format.c's, on zmm). */
static void type_steps(struct vf_jit_buf *b, const struct vf_jit_row *row, int d)
{
    if (row->type == VF_JIT_TY_PACKED) {
        vf_jit_packed_steps(b, 2, row, d);
    } else if (row->type == VF_JIT_TY_FLOAT && row->bits == 16) {
        /* the defaults came with the permute, as for 32-bit formats */
        half_fixup(b, d);
    } else if (row->bits != 32) {
        if (row->type == VF_JIT_TY_SINT || row->type == VF_JIT_TY_SNORM) /* vpsrad d, 32 - bits */
            vf_jit_evex(b, VF_M0F, VF_P66, 0, 2, 0x72, 4, d, vf_jit_reg(d), 32 - row->bits, 0, 0);
        vf_jit_code_steps(b, 2, row, d);
    }
}

/* The opmask register holding `mask` for the loop, or KTEMP loaded now. */
static int mask_register(struct vf_jit_buf *b, struct vf_jit_kmasks *km, uint64_t mask, int hoist)
{
    if (mask == UINT64_MAX)
        return 0; /* every byte from the tables: no mask */
    for (uint32_t i = 0; i < km->n; i++)
        if (km->mask[i] == mask)
            return 3 + (int)i;
    if (hoist) { /* the preamble: a mask past the cap is loaded in the loop */
        if (km->n < km->cap)
            km->mask[km->n++] = mask;
        return -1;
    }
    vf_jit_vex(b, VF_M0F, VF_PNONE, 1, 0, 0x90, KTEMP, -1,
               vf_jit_const(b, (uint32_t)mask, (uint32_t)(mask >> 32), 0, 0), -1); /* kmovq */
    return KTEMP;
}

/* Element e of four vertices into zmm d (zmm30, 31: scratch). */
void vf_jit_quad_element(struct vf_jit_buf *b, struct vf_jit_kmasks *km, const struct vf_element *e,
                         uint32_t lo, int d)
{
    const struct vf_jit_row *row = vf_jit_find_row(e->format);
    struct plan p = { { 0 }, 0, 0, 0, 0, 0, 0, 0 };
    vf_jit_plan_element(&p, e, lo, km->tables != 0, km->R);
    uint32_t words[16];
    for (uint32_t i = 0; i < 16; i++)
        words[i] = (uint32_t)p.idx[4 * i] | (uint32_t)p.idx[4 * i + 1] << 8 |
                   (uint32_t)p.idx[4 * i + 2] << 16 | (uint32_t)p.idx[4 * i + 3] << 24;
    /* vmovdqu64 d, [idx]; then vpermi2b d{k}, zmm16, zmm17, or with one
     * table, vpermb d{k}, d, table (one uop where vpermi2b has three on
     * the Xeons; index bits above the sixth are ignored). */
    vf_jit_evex(b, VF_M0F, VF_PF3, 1, 2, 0x6f, d, -1, vf_jit_const16(b, words), -1, 0, 0);
    int k = mask_register(b, km, p.mask, 0);
    int t0 = km->tables ? TABLE0 + (int)p.base : TABLE0;
    if (km->tables && (p.lo_bytes == 0 || p.hi_bytes == 0))
        vf_jit_evex(b, VF_M0F38, VF_P66, 0, 2, 0x8d, d, d, vf_jit_reg(p.hi_bytes ? t0 + 1 : t0), -1,
                    k, 0);
    else
        vf_jit_evex(b, VF_M0F38, VF_P66, 0, 2, 0x75, d, t0, vf_jit_reg(t0 + 1), -1, k, 0);
    type_steps(b, row, d);
    vf_jit_mapping(b, 2, e, d);
}

/* Lane j of register d to record j (rcx, r10, r11, r9), register reg. */
static void store_lane(struct vf_jit_buf *b, int d, int j, int32_t reg)
{
    static const int rec[4] = { VF_RCX, VF_R10, 11, VF_R9 };
    if (j == 0) /* vmovdqu32 [rcx + 16 reg], xmm d */
        vf_jit_evex(b, VF_M0F, VF_PF3, 0, 0, 0x7f, d, -1, vf_jit_mem(VF_RCX, 16 * reg), -1, 0, 0);
    else /* vextracti32x4 [rec + 16 reg], zmm d, j */
        vf_jit_evex(b, VF_M0F3A, VF_P66, 0, 2, 0x39, d, -1, vf_jit_mem(rec[j], 16 * reg), j, 0, 0);
}

/* Part `part` of zmm d, of 2^size 16-byte lanes (size 0: 16 bytes, 1: 32,
 * 2: all 64), to `m`; where km->nt, the whole register with a
 * non-temporal store (m 64-byte aligned): the SoA loop's streamed
 * variant stores only whole lines. */
static void store_part(struct vf_jit_buf *b, const struct vf_jit_kmasks *km, int d, int size,
                       int part, struct vf_jit_rm m)
{
    if (part) /* vextracti32x4 / vextracti64x4 [m], zmm d, part */
        vf_jit_evex(b, VF_M0F3A, VF_P66, size, 2, size ? 0x3b : 0x39, d, -1, m, part, 0, 0);
    else if (km->nt) /* vmovntdq [m], zmm d */
        vf_jit_evex(b, VF_M0F, VF_P66, 0, 2, 0xe7, d, -1, m, -1, 0, 0);
    else /* vmovdqu32 [m], d */
        vf_jit_evex(b, VF_M0F, VF_PF3, 0, size, 0x7f, d, -1, m, -1, 0, 0);
}

/* The element results zmm20 on of el[0..n) into SoA rows: a vpermd
 * (index in zmm31) puts component c of the four vertices in lane c, for
 * row 4 reg + c of the batch at rcx (rows of 4 * soa bytes), soa_at bytes
 * in. Four lanes make one 64-byte store, wider batches a 16-byte store a
 * lane. */
static void store_soa(struct vf_jit_buf *b, const struct vf_jit_kmasks *km,
                      const struct vf_element *const *el, uint32_t n)
{
    static const uint32_t by_component[16] = { 0, 4, 8, 12, 1, 5, 9, 13,
                                               2, 6, 10, 14, 3, 7, 11, 15 };
    int32_t row = 4 * (int32_t)km->soa;
    /* vmovdqu32 zmm31, [index] (a register where the preamble put it) */
    vf_jit_evex(b, VF_M0F, VF_PF3, 0, 2, 0x6f, 31, -1, vf_jit_const16(b, by_component), -1, 0, 0);
    for (uint32_t i = 0; i < n; i++) {
        int d = 20 + (int)i;
        int32_t reg = el[i]->record_register;
        /* vpermd zmm d, zmm31, zmm d */
        vf_jit_evex(b, VF_M0F38, VF_P66, 0, 2, 0x36, d, 31, vf_jit_reg(d), -1, 0, 0);
        if (km->soa == 4) { /* [rcx + 64 reg] */
            store_part(b, km, d, 2, 0, vf_jit_mem(VF_RCX, 64 * reg + km->soa_at));
            continue;
        }
        for (int c = 0; c < 4; c++)
            store_part(b, km, d, 0, c, vf_jit_mem(VF_RCX, (4 * reg + c) * row + km->soa_at));
    }
}

/* The index words of the pairs' vpermi2d/vpermt2d into zmm16 and zmm17
 * (the tables, free until the next group loads them): component c of
 * eight vertices, four from each source, for rows 0 and 1 (X) and rows 2
 * and 3 (Y). */
static void load_row_indices(struct vf_jit_buf *b)
{
    static const uint32_t rows01[16] = { 0, 4, 8, 12, 16, 20, 24, 28,
                                         1, 5, 9, 13, 17, 21, 25, 29 },
                          rows23[16] = { 2, 6, 10, 14, 18, 22, 26, 30,
                                         3, 7, 11, 15, 19, 23, 27, 31 };
    /* vmovdqu32 zmm16, [rows01]; vmovdqu32 zmm17, [rows23] */
    vf_jit_evex(b, VF_M0F, VF_PF3, 0, 2, 0x6f, TABLE0, -1, vf_jit_const16(b, rows01), -1, 0, 0);
    vf_jit_evex(b, VF_M0F, VF_PF3, 0, 2, 0x6f, TABLE1, -1, vf_jit_const16(b, rows23), -1, 0, 0);
}

/* The results of two groups of four vertices, A (zmm a on) and B (zmm b
 * on), of el[0..n) into the rows of an SoA batch of 8 or 16 lanes at rcx,
 * the pair's words soa_at bytes in: per element, two vpermi2d/vpermt2d
 * gather component c of the eight vertices (A's four, then B's) for two
 * rows each, X = rows 0 and 1, Y = rows 2 and 3 (index words in zmm16 and
 * zmm17, the tables, free until the next group loads them). 8 lanes: X and
 * Y are two whole rows each, one 64-byte store apiece; 16 lanes: a 32-byte
 * store per row. Where one group at a time took four 16-byte stores an
 * element. A's registers are clobbered. */
void vf_jit_quad_store_soa_pair(struct vf_jit_buf *b, const struct vf_jit_kmasks *km,
                                const struct vf_element *const *el, uint32_t n, int a, int bb)
{
    int32_t row = 4 * (int32_t)km->soa;
    load_row_indices(b);
    for (uint32_t i = 0; i < n; i++) {
        int A = a + (int)i, B = bb + (int)i;
        int32_t at = 4 * el[i]->record_register * row + km->soa_at;
        /* vmovdqa32 zmm30, zmm16; vpermi2d zmm30, A, B: X */
        vf_jit_evex(b, VF_M0F, VF_P66, 0, 2, 0x6f, 30, -1, vf_jit_reg(TABLE0), -1, 0, 0);
        vf_jit_evex(b, VF_M0F38, VF_P66, 0, 2, 0x76, 30, A, vf_jit_reg(B), -1, 0, 0);
        /* vpermt2d A, zmm17, B: Y */
        vf_jit_evex(b, VF_M0F38, VF_P66, 0, 2, 0x7e, A, TABLE1, vf_jit_reg(B), -1, 0, 0);
        if (km->soa == 8) { /* [rcx + at], [rcx + at + 2 row] */
            store_part(b, km, 30, 2, 0, vf_jit_mem(VF_RCX, at));
            store_part(b, km, A, 2, 0, vf_jit_mem(VF_RCX, at + 2 * row));
            continue;
        }
        for (int r = 0; r < 4; r++)
            store_part(b, km, r < 2 ? 30 : A, 1, r % 2, vf_jit_mem(VF_RCX, at + r * row));
    }
}

/* The results of four groups of four vertices (zmm base + g m on, g = 0
 * to 3) of el[0..m) into whole rows of a 16-lane SoA batch at rcx: per
 * element, the pair's vpermi2d/vpermt2d for groups 0-1 (X01 in zmm30, Y01
 * over group 0) and for groups 2-3 (X23 in zmm31, Y23 over group 2), then
 * each row the low or high halves of a pair's two results (vshufi64x2,
 * into group 1's register), one 64-byte store apiece: rows a streamed
 * draw writes whole. */
void vf_jit_quad_store_soa_quad(struct vf_jit_buf *b, const struct vf_jit_kmasks *km,
                                const struct vf_element *const *el, uint32_t m, int base)
{
    static const uint8_t halves[2] = { 0x44, 0xee }; /* lanes 0-1 of each, 2-3 of each */
    const int32_t row = 64;
    load_row_indices(b);
    for (uint32_t i = 0; i < m; i++) {
        int g[4];
        for (int k = 0; k < 4; k++)
            g[k] = base + k * (int)m + (int)i;
        int32_t at = 4 * el[i]->record_register * row;
        for (int h = 0; h < 2; h++) { /* X into zmm30 + h, Y over group 2h */
            int lo = g[2 * h], hi = g[2 * h + 1], x = 30 + h;
            vf_jit_evex(b, VF_M0F, VF_P66, 0, 2, 0x6f, x, -1, vf_jit_reg(TABLE0), -1, 0, 0);
            vf_jit_evex(b, VF_M0F38, VF_P66, 0, 2, 0x76, x, lo, vf_jit_reg(hi), -1, 0, 0);
            vf_jit_evex(b, VF_M0F38, VF_P66, 0, 2, 0x7e, lo, TABLE1, vf_jit_reg(hi), -1, 0, 0);
        }
        for (int r = 0; r < 4; r++) { /* vshufi64x2 g1, src, src', halves: row r */
            int s0 = r < 2 ? 30 : g[0], s1 = r < 2 ? 31 : g[2];
            vf_jit_evex(b, VF_M0F3A, VF_P66, 1, 2, 0x43, g[1], s0, vf_jit_reg(s1), halves[r & 1],
                        0, 0);
            store_part(b, km, g[1], 2, 0, vf_jit_mem(VF_RCX, at + r * row));
        }
    }
}

/* Line m of the four records (rcx + disp, 64-byte units of 4R
 * registers) from the element results zmm `base` + r, whose lanes
 * vertex_of_lane placed: lane p of the line is register (4m + p) % R, so a
 * blend per register after lane 0's (vpblendmq with the lane's opmask),
 * built in zmm30 or 31 by parity so that one line's store overlaps the
 * next one's blends. */
static void store_line(struct vf_jit_buf *b, const struct vf_jit_kmasks *km, uint32_t m, int base,
                       int32_t disp)
{
    int first = base + (int)((4 * m) % km->R), d = first;
    for (uint32_t p = 1; p < 4; p++) {
        int r = base + (int)((4 * m + p) % km->R);
        if (r == first)
            continue; /* R == 3: lane 3 is lane 0's register */
        int t = 30 + (int)(m & 1);
        /* vpblendmq t{k}, d, r */
        vf_jit_evex(b, VF_M0F38, VF_P66, 1, 2, 0x64, t, d, vf_jit_reg(r), -1, km->kb[p - 1], 0);
        d = t;
    }
    /* vmovntdq or vmovdqu64 [rcx + disp + 64m], d */
    struct vf_jit_rm at = vf_jit_mem(VF_RCX, disp + (int32_t)(64 * m));
    if (km->nt)
        vf_jit_evex(b, VF_M0F, VF_P66, 0, 2, 0xe7, d, -1, at, -1, 0, 0);
    else
        vf_jit_evex(b, VF_M0F, VF_PF3, 1, 2, 0x7f, d, -1, at, -1, 0, 0);
}

/* The four records' R lines at rcx + disp, from zmm `base` on. */
void vf_jit_quad_store_lines(struct vf_jit_buf *b, const struct vf_jit_kmasks *km, int base,
                             int32_t disp)
{
    for (uint32_t m = 0; m < km->R; m++)
        store_line(b, km, m, base, disp);
}

/* Every element decoded, then stored to the four records, in groups of
 * GROUP (results in zmm20..29): the decodes of a group are independent
 * chains the core overlaps, which a store after each decode held back.
 * The stores go record by record, so that consecutive stores share a line:
 * Intel's cores since Ice Lake are reported to commit two a cycle to L1
 * only then, and going from record to record measured 1.19x slower on the
 * static mesh (bench/README.md, "Stores record by record"). */
void vf_jit_quad_elements(struct vf_jit_buf *b, struct vf_jit_kmasks *km,
                          const struct vf_element *const *el, uint32_t n, uint32_t lo)
{
    if (km->R) {
        for (uint32_t i = 0; i < n; i++)
            vf_jit_quad_element(b, km, el[i], lo, 20 + (int)i);
        vf_jit_quad_store_lines(b, km, 20, 0);
        return;
    }
    for (uint32_t g = 0; g < n; g += GROUP) {
        uint32_t end = n - g < GROUP ? n : g + GROUP;
        for (uint32_t i = g; i < end; i++)
            vf_jit_quad_element(b, km, el[i], lo, 20 + (int)(i - g));
        if (km->soa) {
            store_soa(b, km, el + g, end - g);
            continue;
        }
        for (int j = 0; j < 4; j++)
            for (uint32_t i = g; i < end; i++)
                store_lane(b, 20 + (int)(i - g), j, el[i]->record_register);
    }
}

/* Registers free in the loop for constants: all but the tables, the
 * element registers and emit_unorm's scratch (zmm12). */
static const int const_regs[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 18, 19 };

/* The loop's preamble: its permute masks into k3..k6 and its most used
 * 512-bit constants into zmm registers, found by emitting the elements
 * once and throwing the bytes away. */
static void emit_preamble(struct vf_jit_buf *b, struct vf_jit_kmasks *km,
                          const struct vf_element *const *el, uint32_t n, uint32_t lo)
{
    for (uint32_t i = 0; i < n; i++) {
        struct plan p = { { 0 }, 0, 0, 0, 0, 0, 0, 0 };
        vf_jit_plan_element(&p, el[i], lo, km->tables != 0, km->R);
        mask_register(b, km, p.mask, 1);
    }
    for (uint32_t i = 0; i < km->n; i++) /* kmovq k, [mask] */
        vf_jit_vex(b, VF_M0F, VF_PNONE, 1, 0, 0x90, 3 + (int)i, -1,
                   vf_jit_const(b, (uint32_t)km->mask[i], (uint32_t)(km->mask[i] >> 32), 0, 0), -1);
    size_t len = b->len;
    uint32_t fixups = b->num_fixups;
    memset(b->cuse, 0, sizeof(b->cuse));
    b->counting = 1;
    vf_jit_quad_elements(b, km, el, n, lo);
    b->counting = 0;
    b->len = len, b->num_fixups = fixups;
    for (size_t r = 0; r < sizeof const_regs / sizeof const_regs[0]; r++) {
        if (const_regs[r] >= TABLE0 && const_regs[r] < TABLE0 + (int)km->tables)
            continue; /* a third or fourth split table */
        uint32_t best = 0, uses = 0;
        for (uint32_t c = 0; c < b->num_consts; c++)
            if (b->cuse[c] > uses && b->creg[c] < 0)
                best = c, uses = b->cuse[c];
        if (uses == 0)
            break;
        b->creg[best] = (int8_t)const_regs[r];
        struct vf_jit_rm m = { VF_RM_CONST, 0, 0, best };
        vf_jit_evex(b, VF_M0F, VF_PF3, 1, 2, 0x6f, const_regs[r], -1, m, -1, 0, 0); /* vmovdqu64 */
    }
}

/* Whether a 32-byte window the elements read whole is loaded whole into
 * paired tables (km->dense): where vpermi2b is one operation, as
 * vpermb is (cpu.c), or as VFETCH_JIT_DENSE=0|1 forces. */
static int dense_pairs(void)
{
    int env = vf_env_digit("VFETCH_JIT_DENSE", 1);
    return env >= 0 ? env : vf_cpu_vpermi2b_single();
}

/* Split tables for a window of w bytes over 32, or where the elements read
 * every byte (`bytes`) of a 16- or 32-byte one: then most elements take
 * one vpermb. Paired tables, byte-masked, for the other windows, and
 * loaded whole for a dense 32-byte one where dense_pairs says so. Loads
 * the table masks into k1 (and k2). */
static void choose_tables(struct vf_jit_buf *b, struct vf_jit_kmasks *km, uint32_t w,
                          uint64_t bytes)
{
    if (w == 32 && bytes == 0xffffffffu && dense_pairs()) {
        km->dense = 1;
        return;
    }
    if (w > 32 || bytes == 0xffffffffu || bytes == 0xffffu) {
        km->tables = (w + 15) / 16;
        km->partial = w - 16 * (km->tables - 1);
        if (km->partial < 16) /* kmovq k1, [the partial table's bytes] */
            vf_jit_vex(b, VF_M0F, VF_PNONE, 1, 0, 0x90, 1, -1,
                       vf_jit_const(b, (1u << km->partial) - 1u, 0, 0, 0), -1);
        return;
    }
    /* kmovq k1, [bytes]; kmovq k2, [bytes << 32] */
    vf_jit_vex(b, VF_M0F, VF_PNONE, 1, 0, 0x90, 1, -1, vf_jit_const(b, (uint32_t)bytes, 0, 0, 0),
               -1);
    vf_jit_vex(b, VF_M0F, VF_PNONE, 1, 0, 0x90, 2, -1, vf_jit_const(b, 0, (uint32_t)bytes, 0, 0),
               -1);
}

/* Line stores: the opmasks of lanes 1, 2 and 3 in the table masks'
 * registers the tables leave free, then from k6 down, which the hoisted
 * permute masks give up. */
static void line_masks(struct vf_jit_buf *b, struct vf_jit_kmasks *km)
{
    int k[3], n = 0, top = 6;
    if (km->tables || km->dense)
        k[n++] = 2;
    if ((km->tables && km->partial == 16) || km->dense)
        k[n++] = 1;
    while (n < 3)
        k[n++] = top--;
    km->cap = (uint32_t)(top - 2);
    for (int p = 0; p < 3; p++) { /* kmovq k, [the lane's two qwords] */
        km->kb[p] = k[p];
        vf_jit_vex(b, VF_M0F, VF_PNONE, 1, 0, 0x90, k[p], -1,
                   vf_jit_const(b, 3u << (2 * (p + 1)), 0, 0, 0), -1);
    }
}

void vf_jit_quad_setup(struct vf_jit_buf *b, struct vf_jit_kmasks *km, const struct vf_layout *L,
                       const struct vf_slot *slot, const struct vf_element *const *el, uint32_t n,
                       uint32_t *lo_ret)
{
    uint32_t lo, hi;
    window(L, slot, &lo, &hi);
    uint64_t bytes = 0; /* the window bytes some element reads */
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < el[i]->size; k++)
            bytes |= 1ull << (el[i]->offset - lo + k);
    choose_tables(b, km, hi - lo, bytes);
    if (km->R)
        line_masks(b, km);
    emit_preamble(b, km, el, n, lo);
    *lo_ret = lo;
}
