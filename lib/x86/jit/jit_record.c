/*
 * jit_record.c - the generated slot kernels: one loop over the vertices
 * that decodes every fetched element of a slot per vertex and writes the
 * slot's registers of the record, two consecutive registers with one
 * 32-byte store (assembled with vinserti128), instead of one pass of 16-byte
 * stores per element over the whole batch.
 *
 * The kernels have the signatures of the per-element kernels
 * (vf_fetch_strided_fn, vf_fetch_gather_fn), addresses relative to the
 * slot's vertex (every element's offset is baked in) and to the record
 * (every register's offset is baked in):
 *   strided: rdi src, rsi src_stride, edx count, rcx dst, r8 dst_stride
 *   gather:  rdi src[], rsi src_offset, edx count, rcx dst, r8 dst_stride
 * Only caller-saved registers are used (rax, xmm0..xmm15), so no prologue.
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
        vf_jit_emit_element(b, el[i], base, 0);
        if (pair) {
            vf_jit_emit_element(b, el[i + 1], base, 1);
            /* vinserti128 ymm0, ymm0, xmm1, 1; vmovdqu [rcx + 16r], ymm0 */
            vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 1, 0x38, 0, 0, vf_jit_reg(1), 1);
            vf_jit_vex(b, VF_M0F, VF_PF3, 0, 1, 0x7f, 0, -1, dst, -1);
        } else {
            vf_jit_vex(b, VF_M0F, VF_PF3, 0, 0, 0x7f, 0, -1, dst, -1);
        }
        i += pair ? 2u : 1u;
    }
}

size_t vf_jit_emit_slot(struct vf_jit_buf *b, const struct vf_layout *L,
                        const struct vf_slot *slot, int gather)
{
    static const uint8_t test_edx[] = { 0x85, 0xd2 }, jz[] = { 0x0f, 0x84 },
                         jnz[] = { 0x0f, 0x85 }, load_src[] = { 0x48, 0x8b, 0x07 },
                         add_rax_rsi[] = { 0x48, 0x01, 0xf0 },
                         add_rdi_8[] = { 0x48, 0x83, 0xc7, 0x08 },
                         add_rdi_rsi[] = { 0x48, 0x01, 0xf7 }, add_rcx_r8[] = { 0x4c, 0x01, 0xc1 },
                         dec_edx[] = { 0xff, 0xca }, zero4[] = { 0, 0, 0, 0 },
                         tail[] = { 0xc5, 0xf8, 0x77, 0xc3 }; /* vzeroupper; ret */
    const struct vf_element *el[VF_MAX_ELEMENTS];
    uint32_t n = sorted_elements(L, slot, el);
    size_t start = b->len;

    put(b, test_edx, sizeof test_edx);
    put(b, jz, sizeof jz);
    size_t skip = b->len;
    put(b, zero4, 4);
    size_t loop = b->len;
    if (gather) {
        put(b, load_src, sizeof load_src);
        put(b, add_rax_rsi, sizeof add_rax_rsi);
    }
    emit_body(b, el, n, gather ? VF_RAX : VF_RDI);
    put(b, gather ? add_rdi_8 : add_rdi_rsi, gather ? sizeof add_rdi_8 : sizeof add_rdi_rsi);
    put(b, add_rcx_r8, sizeof add_rcx_r8);
    put(b, dec_edx, sizeof dec_edx);
    put(b, jnz, sizeof jnz);
    size_t back = b->len;
    put(b, zero4, 4);
    patch_rel32(b, back, loop);
    patch_rel32(b, skip, b->len);
    put(b, tail, sizeof tail);
    /* Kernels start on 16-byte boundaries (int3 padding). */
    while (!b->overflow && (b->len & 15))
        put(b, (const uint8_t[]){ 0xcc }, 1);
    return start;
}
