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
 */
#include "config.h"

#include "jit_format.h"
#include "jit_record.h"

static void put(struct vf_jit_buf *b, const uint8_t *p, size_t n)
{
    vf_jit_bytes(b, p, n);
}

/* rel32 of a jump whose displacement ends at `end` to `target`. */
static void patch_rel32(struct vf_jit_buf *b, size_t at, size_t target)
{
    if (b->overflow)
        return;
    uint32_t d = (uint32_t)(int32_t)((int64_t)target - (int64_t)(at + 4));
    for (int i = 0; i < 4; i++)
        b->code[at + (size_t)i] = (uint8_t)(d >> (8 * i));
}

/* The slot's fetched elements sorted by record register. */
static uint32_t sorted_elements(const struct vf_layout *L, const struct vf_slot *slot,
                                const struct vf_element **out)
{
    uint32_t n = 0;
    for (uint32_t f = 0; f < slot->num_fetch; f++) {
        const struct vf_element *e = &L->elements[L->fetch[slot->first_fetch + f]];
        uint32_t i = n++;
        while (i > 0 && out[i - 1]->record_register > e->record_register) {
            out[i] = out[i - 1];
            i--;
        }
        out[i] = e;
    }
    return n;
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

size_t vf_jit_emit_slot(struct vf_jit_buf *b, const struct vf_layout *L,
                        const struct vf_slot *slot, int gather)
{
    static const uint8_t cmp_edx_2[] = { 0x83, 0xfa, 0x02 }, jb[] = { 0x0f, 0x82 },
                         jae[] = { 0x0f, 0x83 }, test_edx[] = { 0x85, 0xd2 },
                         jz[] = { 0x0f, 0x84 }, sub_edx_2[] = { 0x83, 0xea, 0x02 },
                         load_src[] = { 0x48, 0x8b, 0x07 },     /* mov rax, [rdi] */
                         add_rax_rsi[] = { 0x48, 0x01, 0xf0 },  /* add rax, rsi */
                         load_src2[] = { 0x4c, 0x8b, 0x4f, 0x08 }, /* mov r9, [rdi + 8] */
                         add_r9_rsi[] = { 0x49, 0x01, 0xf1 },   /* add r9, rsi */
                         lea_r9[] = { 0x4c, 0x8d, 0x0c, 0x37 }, /* lea r9, [rdi + rsi] */
                         lea_r10[] = { 0x4e, 0x8d, 0x14, 0x01 }, /* lea r10, [rcx + r8] */
                         add_rdi_16[] = { 0x48, 0x83, 0xc7, 0x10 },
                         lea_rdi2[] = { 0x48, 0x8d, 0x3c, 0x77 }, /* lea rdi, [rdi + 2 rsi] */
                         lea_rcx2[] = { 0x4a, 0x8d, 0x0c, 0x41 }, /* lea rcx, [rcx + 2 r8] */
                         zero4[] = { 0, 0, 0, 0 },
                         tail[] = { 0xc5, 0xf8, 0x77, 0xc3 }; /* vzeroupper; ret */
    const struct vf_element *el[VF_MAX_ELEMENTS];
    uint32_t n = sorted_elements(L, slot, el);
    size_t start = b->len;

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
    emit_body2(b, el, n, gather ? VF_RAX : VF_RDI);
    put(b, gather ? add_rdi_16 : lea_rdi2, gather ? sizeof add_rdi_16 : sizeof lea_rdi2);
    put(b, lea_rcx2, sizeof lea_rcx2);
    put(b, sub_edx_2, sizeof sub_edx_2);
    put(b, cmp_edx_2, sizeof cmp_edx_2);
    put(b, jae, sizeof jae);
    size_t back = b->len;
    put(b, zero4, 4);
    patch_rel32(b, back, loop);
    patch_rel32(b, to_single, b->len);

    put(b, test_edx, sizeof test_edx);
    put(b, jz, sizeof jz);
    size_t to_end = b->len;
    put(b, zero4, 4);
    if (gather) {
        put(b, load_src, sizeof load_src);
        put(b, add_rax_rsi, sizeof add_rax_rsi);
    }
    emit_body(b, el, n, gather ? VF_RAX : VF_RDI);
    patch_rel32(b, to_end, b->len);
    put(b, tail, sizeof tail);
    /* Kernels start on 16-byte boundaries (int3 padding). */
    while (!b->overflow && (b->len & 15))
        put(b, (const uint8_t[]){ 0xcc }, 1);
    return start;
}
