/*
 * jit_quad_loop.c - the four-vertex avx512 loop's entry
 * (vf_jit_emit_quad_loop) and control around jit_quad.c's decode and
 * stores: each vertex's table loads, the loop over four vertices an
 * iteration, and for line stores of up to five registers the loop over
 * eight that keeps two groups of four in flight. The register contract is
 * jit_record.c's: rdi the vertices (or their addresses), rsi the stride,
 * edx the count, rcx the records and r8 their stride.
 */
#include "config.h"

#include <string.h>

#include "jit_quad.h"
#include "jit_quad_parts.h"

/* Vertex j's loads. Paired tables: its window at `base` + lo into half
 * j & 1 of table j >> 1 (k1 zeroing the rest, k2 merging; a dense window
 * whole, a 32-byte load or insert, no mask). Split tables:
 * window bytes [16h, 16h + 16) into lane j of table h, whole 16-byte
 * loads, and for a last table the window only partly covers, a load of
 * those bytes alone (k1) into zmm30 and an insert: no byte past the
 * window is read, as at the end of a buffer it may not be there. */
static void load_table(struct vf_jit_buf *b, int j, int base, uint32_t lo,
                       const struct vf_jit_kmasks *km)
{
    for (uint32_t h = 0; h < km->tables; h++) {
        struct vf_jit_rm m = vf_jit_mem(base, (int32_t)(lo + 16 * h));
        int t = TABLE0 + (int)h;
        if (h + 1 == km->tables && km->partial < 16) {
            /* vmovdqu8 xmm{k1}{z}, [m]; vinserti32x4 zmm, zmm, xmm30, j */
            vf_jit_evex(b, VF_M0F, VF_PF2, 0, 0, 0x6f, j == 0 ? t : 30, -1, m, -1, 1, 1);
            if (j > 0)
                vf_jit_evex(b, VF_M0F3A, VF_P66, 0, 2, 0x38, t, t, vf_jit_reg(30), j, 0, 0);
        } else if (j == 0) { /* vmovdqu32 xmm, [m]: the lanes above cleared */
            vf_jit_evex(b, VF_M0F, VF_PF3, 0, 0, 0x6f, t, -1, m, -1, 0, 0);
        } else { /* vinserti32x4 zmm, zmm, [m], j */
            vf_jit_evex(b, VF_M0F3A, VF_P66, 0, 2, 0x38, t, t, m, j, 0, 0);
        }
    }
    if (km->tables)
        return;
    if (km->dense) {
        int t = j >> 1 ? TABLE1 : TABLE0;
        struct vf_jit_rm m = vf_jit_mem(base, (int32_t)lo);
        if (j & 1) /* vinserti64x4 zmm, zmm, [m], 1 */
            vf_jit_evex(b, VF_M0F3A, VF_P66, 1, 2, 0x3a, t, t, m, 1, 0, 0);
        else /* vmovdqu32 ymm, [m]: the lanes above cleared */
            vf_jit_evex(b, VF_M0F, VF_PF3, 0, 1, 0x6f, t, -1, m, -1, 0, 0);
        return;
    }
    int32_t disp = (int32_t)lo - (j & 1 ? 32 : 0);
    vf_jit_evex(b, VF_M0F, VF_PF2, 0, 2, 0x6f, j >> 1 ? TABLE1 : TABLE0, -1, vf_jit_mem(base, disp),
                -1, j & 1 ? 2 : 1, !(j & 1)); /* vmovdqu8 */
}

/* Split tables of a 32-byte window whose vertices lie one after the
 * other (stride 32): vertices 0, 1 into zmm30 and 2, 3 into zmm31 with two
 * 64-byte loads, then a vshufi64x2 per table (lanes h and h + 2 of each),
 * where load_table takes six inserts. The same for gathered vertices (two
 * 32-byte loads and two vinserti64x4) measured 1-3% slower on Zen 5.
 * Dense paired tables: the two loads are the tables. */
static void emit_pair_loads(struct vf_jit_buf *b, const struct vf_jit_kmasks *km, uint32_t lo)
{
    static const uint8_t lea_rdi4[] = { 0x48, 0x8d, 0x3c, 0xb7 }; /* lea rdi, [rdi + 4 rsi] */
    int to = km->dense ? TABLE0 : 30; /* dense: the loads are the paired tables */
    for (int h = 0; h < 2; h++) /* vmovdqu64 zmm, [rdi + lo + 64h] */
        vf_jit_evex(b, VF_M0F, VF_PF3, 1, 2, 0x6f, to + h, -1,
                    vf_jit_mem(VF_RDI, (int32_t)lo + 64 * h), -1, 0, 0);
    if (!km->dense) {
        vf_jit_evex(b, VF_M0F3A, VF_P66, 1, 2, 0x23, TABLE0, 30, vf_jit_reg(31), 0x88, 0, 0);
        vf_jit_evex(b, VF_M0F3A, VF_P66, 1, 2, 0x23, TABLE1, 30, vf_jit_reg(31), 0xdd, 0, 0);
    }
    vf_jit_bytes(b, lea_rdi4, sizeof lea_rdi4);
}

/* The four vertices' tables: through rdi's addresses (gather; rdi then
 * past them) or at rdi + j rsi (rdi then four vertices on). */
static void emit_loads(struct vf_jit_buf *b, const struct vf_jit_kmasks *km, uint32_t lo,
                       int gather)
{
    static const uint8_t lea_r9_rdi[] = { 0x4c, 0x8d, 0x0c, 0x37 }, /* lea r9, [rdi + rsi] */
                         lea_r9_r9[] = { 0x4d, 0x8d, 0x0c, 0x31 },  /* lea r9, [r9 + rsi] */
                         lea_rdi_r9[] = { 0x49, 0x8d, 0x3c, 0x31 }, /* lea rdi, [r9 + rsi] */
                         add_rax_rsi[] = { 0x48, 0x01, 0xf0 },
                         add_rdi_32[] = { 0x48, 0x83, 0xc7, 0x20 };
    if (gather) {
        for (int j = 0; j < 4; j++) {
            /* mov rax, [rdi + 8j] */
            const uint8_t mov_rax[] = { 0x48, 0x8b, 0x47, (uint8_t)(8 * j) };
            vf_jit_bytes(b, mov_rax, sizeof mov_rax);
            vf_jit_bytes(b, add_rax_rsi, sizeof add_rax_rsi);
            load_table(b, j, VF_RAX, lo, km);
        }
        vf_jit_bytes(b, add_rdi_32, sizeof add_rdi_32);
    } else {
        load_table(b, 0, VF_RDI, lo, km);
        vf_jit_bytes(b, lea_r9_rdi, sizeof lea_r9_rdi);
        load_table(b, 1, VF_R9, lo, km);
        vf_jit_bytes(b, lea_r9_r9, sizeof lea_r9_r9);
        load_table(b, 2, VF_R9, lo, km);
        vf_jit_bytes(b, lea_r9_r9, sizeof lea_r9_r9);
        load_table(b, 3, VF_R9, lo, km);
        vf_jit_bytes(b, lea_rdi_r9, sizeof lea_rdi_r9);
    }
}

/* The four vertices' tables: emit_pair_loads' where `pair`, else
 * emit_loads'. */
static void emit_tables(struct vf_jit_buf *b, const struct vf_jit_kmasks *km, uint32_t lo,
                        int gather, int pair)
{
    if (pair)
        emit_pair_loads(b, km, lo);
    else
        emit_loads(b, km, lo, gather);
}

/* Four vertices' tables, then their elements decoded into zmm `base` on
 * (line stores only). */
static void emit_group(struct vf_jit_buf *b, struct vf_jit_kmasks *km,
                       const struct vf_element *const *el, uint32_t n, uint32_t lo, int gather,
                       int pair, int base)
{
    emit_tables(b, km, lo, gather, pair);
    b->creg_on = 1;
    for (uint32_t i = 0; i < n; i++)
        vf_jit_quad_element(b, km, el[i], lo, base + (int)i);
    b->creg_on = 0;
}

/* Eight vertices an iteration while edx >= 8, for line stores of R <= 5
 * registers: two groups of four, A in zmm20 on and B in zmm20 + R on, and
 * each group's lines stored after the other group's decode, so that the
 * blends find their registers ready. Blends right after their decode
 * waited on it and held the core's schedulers: on Zen 5 the static mesh's
 * loop went from 1.20-1.29 to 1.01-1.08 ns a vertex (bench/README.md,
 * "Two groups in flight"). The loop is entered at B's decode; B's lines
 * of an iteration go out in the next one, 4 records (64R bytes) behind
 * rcx, and after the loop. Returns the offset of the rel32 of its jump
 * past the four-vertex loop, taken when fewer than 4 vertices are left. */
static size_t emit_pipeline(struct vf_jit_buf *b, struct vf_jit_kmasks *km,
                            const struct vf_element *const *el, uint32_t n, uint32_t lo, int gather,
                            int pair)
{
    static const uint8_t jb[] = { 0x0f, 0x82 }, jmp[] = { 0xe9 }, zero4[] = { 0, 0, 0, 0 },
                         cmp_edx_8[] = { 0x83, 0xfa, 0x08 }, cmp_edx_4[] = { 0x83, 0xfa, 0x04 },
                         lea_rcx8[] = { 0x4a, 0x8d, 0x0c, 0xc1 }; /* lea rcx, [rcx + 8 r8] */
    int A = 20, B = 20 + (int)km->R;
    int32_t behind = -64 * (int32_t)km->R;
    vf_jit_bytes(b, cmp_edx_8, sizeof cmp_edx_8);
    vf_jit_bytes(b, jb, sizeof jb);
    size_t few = b->len;
    vf_jit_bytes(b, zero4, 4);
    emit_group(b, km, el, n, lo, gather, pair, A);
    vf_jit_bytes(b, jmp, sizeof jmp);
    size_t enter = b->len;
    vf_jit_bytes(b, zero4, 4);
    size_t top = b->len;
    emit_group(b, km, el, n, lo, gather, pair, A);
    vf_jit_quad_store_lines(b, km, B, behind);
    vf_jit_patch_rel32(b, enter, b->len);
    emit_group(b, km, el, n, lo, gather, pair, B);
    vf_jit_quad_store_lines(b, km, A, 0);
    vf_jit_bytes(b, lea_rcx8, sizeof lea_rcx8);
    vf_jit_loop_back(b, 8, top);
    vf_jit_quad_store_lines(b, km, B, behind);
    vf_jit_bytes(b, cmp_edx_4, sizeof cmp_edx_4);
    vf_jit_bytes(b, jb, sizeof jb);
    size_t done = b->len;
    vf_jit_bytes(b, zero4, 4);
    vf_jit_patch_rel32(b, few, b->len);
    return done;
}

/* `groups` (2 or 4) groups of four vertices side by side into SoA rows:
 * their elements decoded into zmm20 on, group g's at 20 + g m, then their
 * rows joined: two groups' rows 32 bytes wide, soa_at bytes in (8 and 16
 * lanes), or four groups' whole 16-lane rows. Where the results of a
 * record's every element do not fit (more than GROUP / groups: the
 * skinned mesh's seven registers in pairs), the elements go in parts, the
 * groups' vertices loaded again for each part from rdi as the step found
 * it (kept in r10). */
static void emit_soa_groups(struct vf_jit_buf *b, struct vf_jit_kmasks *km,
                            const struct vf_element *const *el, uint32_t n, uint32_t lo,
                            int gather, int pair, uint32_t groups)
{
    static const uint8_t mov_r10_rdi[] = { 0x49, 0x89, 0xfa }, /* mov r10, rdi */
                         mov_rdi_r10[] = { 0x4c, 0x89, 0xd7 }; /* mov rdi, r10 */
    const uint32_t part = GROUP / groups;
    if (n > part)
        vf_jit_bytes(b, mov_r10_rdi, sizeof mov_r10_rdi);
    for (uint32_t c = 0; c < n; c += part) {
        uint32_t m = n - c < part ? n - c : part;
        if (c > 0)
            vf_jit_bytes(b, mov_rdi_r10, sizeof mov_rdi_r10);
        for (uint32_t g = 0; g < groups; g++)
            emit_group(b, km, el + c, m, lo, gather, pair, 20 + (int)(g * m));
        if (groups == 4)
            vf_jit_quad_store_soa_quad(b, km, el + c, m, 20);
        else
            vf_jit_quad_store_soa_pair(b, km, el + c, m, 20, 20 + (int)m);
    }
}

/* SoA batches of L = km->soa lanes: a batch an iteration while edx >= L,
 * its L / 4 groups decoded and stored 16 bytes further into the rows each
 * (8 and 16 lanes: two groups a step, 32 bytes further each), then rcx a
 * batch on. */
static void emit_soa_loop(struct vf_jit_buf *b, struct vf_jit_kmasks *km,
                          const struct vf_element *const *el, uint32_t n, uint32_t lo, int gather,
                          int pair)
{
    const uint8_t add_rcx[] = { 0x48, 0x81, 0xc1, (uint8_t)km->soa_unit,
                                (uint8_t)(km->soa_unit >> 8), (uint8_t)(km->soa_unit >> 16), 0 };
    size_t loop = b->len;
    if (km->soa == 16 && km->nt) {
        /* Streamed 16 lanes in whole rows: 0.81 -> 0.94-0.96 of the copy
         * for the static mesh on Zen 5, where the staged half rows were
         * copied. In cache the pairs stay: they load each vertex once a
         * pair, where four groups load it once a part. */
        emit_soa_groups(b, km, el, n, lo, gather, pair, 4);
    } else if (km->soa > 4) {
        /* Two groups in registers at a time, their rows joined: the static
         * mesh in 8 lanes ran 2.3x, in 16 lanes 1.8x the speed of a group
         * at a time (bench/README.md, "SoA batches from registers"). */
        for (uint32_t p = 0; p < km->soa / 8; p++) {
            km->soa_at = 32 * (int32_t)p;
            emit_soa_groups(b, km, el, n, lo, gather, pair, 2);
        }
    } else {
        for (uint32_t q = 0; q < km->soa / 4; q++) {
            emit_tables(b, km, lo, gather, pair);
            km->soa_at = 16 * (int32_t)q;
            b->creg_on = 1;
            vf_jit_quad_elements(b, km, el, n, lo);
            b->creg_on = 0;
        }
    }
    km->soa_at = 0;
    vf_jit_bytes(b, add_rcx, sizeof add_rcx); /* add rcx, unit */
    vf_jit_loop_back(b, km->soa, loop);
}

/* The loop itself: four vertices an iteration while edx >= 4 (`pair`:
 * emit_pair_loads' tables). The constants' registers hold for the loop
 * only. */
static void emit_loop(struct vf_jit_buf *b, struct vf_jit_kmasks *km,
                      const struct vf_element *const *el, uint32_t n, uint32_t lo, int gather,
                      int pair)
{
    static const uint8_t lea_r10[] = { 0x4e, 0x8d, 0x14, 0x01 },    /* lea r10, [rcx + r8] */
                         lea_r11[] = { 0x4f, 0x8d, 0x1c, 0x02 },    /* lea r11, [r10 + r8] */
                         lea_r9_r11[] = { 0x4f, 0x8d, 0x0c, 0x03 }, /* lea r9, [r11 + r8] */
                         lea_rcx[] = { 0x4b, 0x8d, 0x0c, 0x01 },    /* lea rcx, [r9 + r8] */
                         lea_rcx4[] = { 0x4a, 0x8d, 0x0c, 0x81 };   /* lea rcx, [rcx + 4 r8] */
    size_t done = 0;
    if (km->soa) {
        emit_soa_loop(b, km, el, n, lo, gather, pair);
        return;
    }
    if (km->R && 2 * km->R <= GROUP)
        done = emit_pipeline(b, km, el, n, lo, gather, pair);
    size_t loop = b->len;
    emit_tables(b, km, lo, gather, pair);
    if (!km->R) {
        vf_jit_bytes(b, lea_r10, sizeof lea_r10);
        vf_jit_bytes(b, lea_r11, sizeof lea_r11);
        vf_jit_bytes(b, lea_r9_r11, sizeof lea_r9_r11);
    }
    b->creg_on = 1;
    vf_jit_quad_elements(b, km, el, n, lo);
    b->creg_on = 0;
    if (km->R)
        vf_jit_bytes(b, lea_rcx4, sizeof lea_rcx4);
    else
        vf_jit_bytes(b, lea_rcx, sizeof lea_rcx);
    vf_jit_loop_back(b, 4, loop);
    if (done)
        vf_jit_patch_rel32(b, done, b->len);
}

/* The strided loop once more for a stride of 32 (rsi, known only at the
 * draw) where the tables allow emit_pair_loads, and the general one. The
 * constants' registers (set by emit_preamble) serve both, then no more. */
static void emit_loops(struct vf_jit_buf *b, struct vf_jit_kmasks *km,
                       const struct vf_element *const *el, uint32_t n, uint32_t lo, int gather)
{
    static const uint8_t cmp_rsi_32[] = { 0x48, 0x83, 0xfe, 0x20 }, jne[] = { 0x0f, 0x85 },
                         jmp[] = { 0xe9 }, zero4[] = { 0, 0, 0, 0 };
    int pair = !gather && ((km->tables == 2 && km->partial == 16) || km->dense);
    size_t general = 0, end = 0;
    if (pair) {
        vf_jit_bytes(b, cmp_rsi_32, sizeof cmp_rsi_32);
        vf_jit_bytes(b, jne, sizeof jne);
        general = b->len;
        vf_jit_bytes(b, zero4, 4);
        emit_loop(b, km, el, n, lo, 0, 1);
        vf_jit_bytes(b, jmp, sizeof jmp);
        end = b->len;
        vf_jit_bytes(b, zero4, 4);
        vf_jit_patch_rel32(b, general, b->len);
    }
    emit_loop(b, km, el, n, lo, gather, 0);
    if (pair)
        vf_jit_patch_rel32(b, end, b->len);
    memset(b->creg, -1, sizeof(b->creg));
}

void vf_jit_emit_quad_loop(struct vf_jit_buf *b, const struct vf_layout *L,
                           const struct vf_slot *slot, const struct vf_element *const *el,
                           uint32_t n, int gather, int lines, int nt, uint32_t soa)
{
    static const uint8_t jb[] = { 0x0f, 0x82 }, zero4[] = { 0, 0, 0, 0 },
                         cmp_r8[] = { 0x49, 0x81, 0xf8 }, jne[] = { 0x0f, 0x85 };
    const uint8_t cmp_edx[] = { 0x83, 0xfa, (uint8_t)(soa ? soa : 4) }; /* cmp edx, imm8 */
    vf_jit_bytes(b, cmp_edx, sizeof cmp_edx);
    vf_jit_bytes(b, jb, sizeof jb);
    size_t skip = b->len, skip_lines = 0;
    vf_jit_bytes(b, zero4, 4);
    struct vf_jit_kmasks km = { .cap = KMASKS, .partial = 16, .nt = nt, .soa = soa,
                                 .soa_unit = L->record_size * soa };
    if (lines) { /* records one after the other: r8 == 16R, or no loop */
        uint32_t rs = 16u * L->num_registers;
        const uint8_t imm[4] = { (uint8_t)rs, (uint8_t)(rs >> 8), 0, 0 };
        km.R = L->num_registers;
        vf_jit_bytes(b, cmp_r8, sizeof cmp_r8);
        vf_jit_bytes(b, imm, 4);
        vf_jit_bytes(b, jne, sizeof jne);
        skip_lines = b->len;
        vf_jit_bytes(b, zero4, 4);
    }
    uint32_t lo;
    vf_jit_quad_setup(b, &km, L, slot, el, n, &lo);
    emit_loops(b, &km, el, n, lo, gather);
    vf_jit_patch_rel32(b, skip, b->len);
    if (lines)
        vf_jit_patch_rel32(b, skip_lines, b->len);
}
