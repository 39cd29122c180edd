/*
 * jit_record.c - the generated slot kernels: one loop over pairs of
 * vertices that decodes every fetched element of a slot for both vertices
 * at once (one vertex per 128-bit lane) and writes the slot's registers of
 * both records, two consecutive registers with one 32-byte store, instead
 * of one pass of 16-byte stores per element over the whole batch; an odd
 * last vertex is decoded alone.
 *
 * The kernels have the signatures of the per-element kernels
 * (vf_fetch_strided_fn, vf_fetch_gather_fn), addresses relative to the
 * slot's vertex (every element's offset is baked in) and to the record
 * (every register's offset is baked in):
 *   strided: rdi src, rsi src_stride, edx count, rcx dst, r8 dst_stride
 *   gather:  rdi src[], rsi src_offset, edx count, rcx dst, r8 dst_stride
 * Only caller-saved registers are used (rax, r9, r10, ymm0..ymm15), so no
 * prologue.
 *
 * The streaming variant (nt) serves a slot whose elements fill every
 * register of the record: a pair of records is 2 * record_size bytes, a
 * multiple of 32, so its registers go out as 32-byte non-temporal stores
 * (vmovntdq) at 32-byte aligned addresses, registers regrouped across the
 * two records where the record size is an odd number of registers; a lone
 * vertex goes out as 16-byte non-temporal stores. With an odd number of
 * registers a destination 16 bytes past a 32-byte boundary is fixed by
 * writing the first vertex alone; with an even number every record has
 * the destination's alignment, which must then be 32 (the caller checks).
 * The caller issues the sfence.
 */
#include "config.h"

#include "jit_format.h"
#include "jit_quad.h"
#include "jit_record.h"
#include "jit_slot.h"

static void put(struct vf_jit_buf *b, const uint8_t *p, size_t n)
{
    vf_jit_bytes(b, p, n);
}

/* One vertex: every element decoded, registers stored in pairs where
 * they are consecutive. */
static void emit_body(struct vf_jit_buf *b, const struct vf_element *const *el, uint32_t n,
                      int base)
{
    for (uint32_t i = 0; i < n;) {
        int32_t r = el[i]->record_register;
        int pair = i + 1 < n && el[i + 1]->record_register == r + 1;
        struct vf_jit_rm dst = vf_jit_mem(VF_RCX, r * 16);
        vf_jit_emit_element(b, el[i], base, -1, 0);
        if (pair) {
            vf_jit_emit_element(b, el[i + 1], base, -1, 1);
            /* vinserti128 ymm0, ymm0, xmm1, 1; vmovdqu [rcx + 16r], ymm0 */
            vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 1, 0x38, 0, 0, vf_jit_reg(1), 1);
            vf_jit_vex(b, VF_M0F, VF_PF3, 0, 1, 0x7f, 0, -1, dst, -1);
        } else {
            vf_jit_vex(b, VF_M0F, VF_PF3, 0, 0, 0x7f, 0, -1, dst, -1);
        }
        i += pair ? 2u : 1u;
    }
}

/* Two vertices (at `base` and r9, records at rcx and r10): each element
 * decoded for both in the lanes of a ymm register; consecutive registers
 * regrouped per vertex with vperm2i128 into 32-byte stores. */
static void emit_body2(struct vf_jit_buf *b, const struct vf_element *const *el, uint32_t n,
                       int base)
{
    for (uint32_t i = 0; i < n;) {
        int32_t r = el[i]->record_register;
        int pair = i + 1 < n && el[i + 1]->record_register == r + 1;
        struct vf_jit_rm d0 = vf_jit_mem(VF_RCX, r * 16), d1 = vf_jit_mem(VF_R10, r * 16);
        vf_jit_emit_element(b, el[i], base, VF_R9, 0);
        if (pair) {
            vf_jit_emit_element(b, el[i + 1], base, VF_R9, 1);
            /* vperm2i128 ymm2, ymm0, ymm1, 0x20 (low lanes), then 0x31 (high) */
            vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 1, 0x46, 2, 0, vf_jit_reg(1), 0x20);
            vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 1, 0x46, 0, 0, vf_jit_reg(1), 0x31);
            vf_jit_vex(b, VF_M0F, VF_PF3, 0, 1, 0x7f, 2, -1, d0, -1);
            vf_jit_vex(b, VF_M0F, VF_PF3, 0, 1, 0x7f, 0, -1, d1, -1);
        } else {
            vf_jit_vex(b, VF_M0F, VF_PF3, 0, 0, 0x7f, 0, -1, d0, -1);
            vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 1, 0x39, 0, -1, d1, 1); /* vextracti128 */
        }
        i += pair ? 2u : 1u;
    }
}

/* Register r's value for both vertices is kept in ymm0 (r == 0: the last
 * 32-byte store of an odd-sized pair needs it) or ymm1/ymm2 by parity; the
 * chunk to store is built in ymm4. */
static int keep_reg(int32_t r)
{
    return r == 0 ? 0 : 1 + (int)((r - 1) & 1);
}

/* The 32-byte chunk of a record pair at byte 32c (units 2c and 2c + 1 of
 * 16 bytes; unit u is register u % R of vertex u / R) into ymm4, stored
 * with vmovntdq [rcx + 32c]. */
static void store_chunk_nt(struct vf_jit_buf *b, uint32_t R, uint32_t c)
{
    uint32_t u = 2 * c;
    uint32_t va = u / R, ra = u % R, vb = (u + 1) / R, rb = (u + 1) % R;
    int ya = keep_reg((int32_t)ra), yb = keep_reg((int32_t)rb), src = 4;
    if (va == vb) /* vperm2i128 ymm4, ya, yb: both low lanes (0x20) or both high (0x31) */
        vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 1, 0x46, 4, ya, vf_jit_reg(yb), va ? 0x31 : 0x20);
    else if (ra == rb) /* one register: the pair's two vertices as they are */
        src = ya;
    else /* vpblendd ymm4, ya, yb, 0xf0: low lane of ya, high lane of yb */
        vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 1, 0x02, 4, ya, vf_jit_reg(yb), 0xf0);
    vf_jit_vex(b, VF_M0F, VF_P66, 0, 1, 0xe7, src, -1, vf_jit_mem(VF_RCX, (int32_t)(32 * c)), -1);
}

/* Two whole records (vertices at `base` and r9) from rcx, 32-byte
 * aligned: registers decoded in order, each chunk stored as soon as both
 * of its registers are decoded, out of address order where the second
 * record's chunks straddle registers (write-combining merges the pair's
 * lines whatever the order). A chunk pairs registers r - 1 and r, or the
 * last and 0, so keep_reg's three registers hold all that is pending. */
static void emit_body2_nt(struct vf_jit_buf *b, const struct vf_element *const *el, uint32_t R,
                          int base)
{
    uint8_t stored[VF_MAX_REGISTERS + 1] = { 0 };
    for (uint32_t r = 0; r < R; r++) {
        vf_jit_emit_element(b, el[r], base, VF_R9, keep_reg((int32_t)r));
        for (uint32_t c = 0; c < R; c++) {
            if (stored[c] || (2 * c) % R > r || (2 * c + 1) % R > r)
                continue;
            store_chunk_nt(b, R, c);
            stored[c] = 1;
        }
    }
}

/* One whole record at rcx (16-byte aligned): vmovntdq xmm per register. */
static void emit_body_nt(struct vf_jit_buf *b, const struct vf_element *const *el, uint32_t R,
                         int base)
{
    for (uint32_t r = 0; r < R; r++) {
        vf_jit_emit_element(b, el[r], base, -1, 0);
        vf_jit_vex(b, VF_M0F, VF_P66, 0, 0, 0xe7, 0, -1, vf_jit_mem(VF_RCX, (int32_t)(16 * r)), -1);
    }
}

/* A kernel's end: vzeroupper; ret, then int3 up to the 16-byte boundary
 * the next kernel starts on. */
static void emit_return(struct vf_jit_buf *b)
{
    static const uint8_t tail[] = { 0xc5, 0xf8, 0x77, 0xc3 };
    put(b, tail, sizeof tail);
    while (!b->overflow && (b->len & 15))
        put(b, (const uint8_t[]){ 0xcc }, 1);
}

int vf_jit_soa_record(const struct vf_layout *L, const struct vf_slot *slot)
{
    return L->lanes > 1 && vf_jit_fills_record(L, slot) && vf_jit_quad_ok(L, slot);
}

size_t vf_jit_emit_soa_slot(struct vf_jit_buf *b, const struct vf_layout *L,
                            const struct vf_slot *slot, int gather, int nt)
{
    const struct vf_element *el[VF_MAX_ELEMENTS];
    uint32_t n = vf_jit_slot_elements(L, slot, el);
    size_t start = b->len;
    vf_jit_emit_quad_loop(b, L, slot, el, n, gather, 0, nt, L->lanes);
    emit_return(b);
    return start;
}

/* The streaming kernel's start: vertices written alone while rcx has any
 * of the bits of `mask` set (and count lasts): 16, a destination 16 bytes
 * past a 32-byte boundary takes its first vertex alone, which leaves every
 * later pair of an odd-register record 32-byte aligned; 63 (`repeat`),
 * up to three vertices until a line starts, for the four-vertex loop's
 * line stores (the record an odd multiple of 16 bytes). */
static void emit_align_nt(struct vf_jit_buf *b, const struct vf_element *const *el, uint32_t R,
                          int gather, uint8_t mask, int repeat)
{
    static const uint8_t jz[] = { 0x0f, 0x84 }, test_edx[] = { 0x85, 0xd2 },
                         zero4[] = { 0, 0, 0, 0 }, jmp[] = { 0xe9 },
                         load_src[] = { 0x48, 0x8b, 0x07 },    /* mov rax, [rdi] */
                         add_rax_rsi[] = { 0x48, 0x01, 0xf0 }, /* add rax, rsi */
                         add_rdi_rsi[] = { 0x48, 0x01, 0xf7 }, /* add rdi, rsi */
                         add_rdi_8[] = { 0x48, 0x83, 0xc7, 0x08 },
                         add_rcx_r8[] = { 0x4c, 0x01, 0xc1 }, /* add rcx, r8 */
                         dec_edx[] = { 0xff, 0xca };
    const uint8_t test_cl[] = { 0xf6, 0xc1, mask }; /* test cl, mask */
    size_t top = b->len;
    put(b, test_cl, sizeof test_cl);
    put(b, jz, sizeof jz);
    size_t skip1 = b->len;
    put(b, zero4, 4);
    put(b, test_edx, sizeof test_edx);
    put(b, jz, sizeof jz);
    size_t skip2 = b->len;
    put(b, zero4, 4);
    if (gather) {
        put(b, load_src, sizeof load_src);
        put(b, add_rax_rsi, sizeof add_rax_rsi);
    }
    emit_body_nt(b, el, R, gather ? VF_RAX : VF_RDI);
    put(b, gather ? add_rdi_8 : add_rdi_rsi, gather ? sizeof add_rdi_8 : sizeof add_rdi_rsi);
    put(b, add_rcx_r8, sizeof add_rcx_r8);
    put(b, dec_edx, sizeof dec_edx);
    if (repeat) {
        put(b, jmp, sizeof jmp);
        size_t back = b->len;
        put(b, zero4, 4);
        vf_jit_patch_rel32(b, back, top);
    }
    vf_jit_patch_rel32(b, skip1, b->len);
    vf_jit_patch_rel32(b, skip2, b->len);
}

size_t vf_jit_emit_slot(struct vf_jit_buf *b, const struct vf_layout *L,
                        const struct vf_slot *slot, int gather, int nt, int quad)
{
    static const uint8_t cmp_edx_2[] = { 0x83, 0xfa, 0x02 }, jb[] = { 0x0f, 0x82 },
                         test_edx[] = { 0x85, 0xd2 }, jz[] = { 0x0f, 0x84 },
                         load_src[] = { 0x48, 0x8b, 0x07 },     /* mov rax, [rdi] */
                         add_rax_rsi[] = { 0x48, 0x01, 0xf0 },  /* add rax, rsi */
                         load_src2[] = { 0x4c, 0x8b, 0x4f, 0x08 }, /* mov r9, [rdi + 8] */
                         add_r9_rsi[] = { 0x49, 0x01, 0xf1 },   /* add r9, rsi */
                         lea_r9[] = { 0x4c, 0x8d, 0x0c, 0x37 }, /* lea r9, [rdi + rsi] */
                         lea_r10[] = { 0x4e, 0x8d, 0x14, 0x01 }, /* lea r10, [rcx + r8] */
                         add_rdi_16[] = { 0x48, 0x83, 0xc7, 0x10 },
                         lea_rdi2[] = { 0x48, 0x8d, 0x3c, 0x77 }, /* lea rdi, [rdi + 2 rsi] */
                         lea_rcx2[] = { 0x4a, 0x8d, 0x0c, 0x41 }, /* lea rcx, [rcx + 2 r8] */
                         zero4[] = { 0, 0, 0, 0 };
    const struct vf_element *el[VF_MAX_ELEMENTS];
    uint32_t n = vf_jit_slot_elements(L, slot, el);
    size_t start = b->len;

    int lines = quad == VF_JIT_LOOP_LINES;
    if (nt && lines)
        emit_align_nt(b, el, n, gather, 63, 1);
    else if (nt && (n & 1))
        emit_align_nt(b, el, n, gather, 16, 0);
    if ((quad == VF_JIT_LOOP_QUAD && !nt) || lines)
        vf_jit_emit_quad_loop(b, L, slot, el, n, gather, lines, nt, 0);
    /* Pairs of vertices while two remain, then the last one if count is odd. */
    put(b, cmp_edx_2, sizeof cmp_edx_2);
    put(b, jb, sizeof jb);
    size_t to_single = b->len;
    put(b, zero4, 4);
    size_t loop = b->len;
    if (gather) {
        put(b, load_src, sizeof load_src);
        put(b, add_rax_rsi, sizeof add_rax_rsi);
        put(b, load_src2, sizeof load_src2);
        put(b, add_r9_rsi, sizeof add_r9_rsi);
    } else {
        put(b, lea_r9, sizeof lea_r9);
    }
    put(b, lea_r10, sizeof lea_r10);
    if (nt)
        emit_body2_nt(b, el, n, gather ? VF_RAX : VF_RDI);
    else
        emit_body2(b, el, n, gather ? VF_RAX : VF_RDI);
    put(b, gather ? add_rdi_16 : lea_rdi2, gather ? sizeof add_rdi_16 : sizeof lea_rdi2);
    put(b, lea_rcx2, sizeof lea_rcx2);
    vf_jit_loop_back(b, 2, loop);
    vf_jit_patch_rel32(b, to_single, b->len);

    put(b, test_edx, sizeof test_edx);
    put(b, jz, sizeof jz);
    size_t to_end = b->len;
    put(b, zero4, 4);
    if (gather) {
        put(b, load_src, sizeof load_src);
        put(b, add_rax_rsi, sizeof add_rax_rsi);
    }
    if (nt)
        emit_body_nt(b, el, n, gather ? VF_RAX : VF_RDI);
    else
        emit_body(b, el, n, gather ? VF_RAX : VF_RDI);
    vf_jit_patch_rel32(b, to_end, b->len);
    emit_return(b);
    return start;
}
