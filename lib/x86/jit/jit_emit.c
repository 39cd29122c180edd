/*
 * jit_emit.c - the x86-64 encoder of jit_emit.h. Always the three-byte VEX
 * form (C4): one encoding path for every map and register, a byte longer
 * than C5 at most; EVEX (62) for 512-bit operands, zmm16..31 and opmasks,
 * its memory displacements always disp32 (never the compressed disp8*N).
 * Memory operands are [base + disp32] (ModRM mod 10) or RIP-relative pool
 * constants (mod 00, r/m 101); the bases used (rax, rcx, rdi, r9, r10,
 * r11) never need a SIB byte.
 */
#include "config.h"

#include <string.h>

#include "jit_emit.h"

void vf_jit_init(struct vf_jit_buf *b, uint8_t *code, size_t cap)
{
    b->code = code;
    b->len = 0;
    b->cap = cap;
    b->overflow = 0;
    b->num_consts = 0;
    b->num_fixups = 0;
    b->creg_on = b->counting = 0;
    memset(b->creg, -1, sizeof(b->creg));
    memset(b->cuse, 0, sizeof(b->cuse));
}

void vf_jit_bytes(struct vf_jit_buf *b, const uint8_t *p, size_t n)
{
    if (b->overflow || n > b->cap - b->len) {
        b->overflow = 1;
        return;
    }
    memcpy(b->code + b->len, p, n);
    b->len += n;
}

static void put8(struct vf_jit_buf *b, uint8_t v)
{
    vf_jit_bytes(b, &v, 1);
}

static void put32(struct vf_jit_buf *b, uint32_t v)
{
    uint8_t p[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    vf_jit_bytes(b, p, 4);
}

struct vf_jit_rm vf_jit_const16(struct vf_jit_buf *b, const uint32_t v[16])
{
    struct vf_jit_rm o = { VF_RM_CONST, 0, 0, 0 };
    for (uint32_t i = 0; i < b->num_consts; i++)
        if (memcmp(b->consts[i], v, sizeof(b->consts[i])) == 0) {
            o.konst = i;
            return o;
        }
    if (b->num_consts == VF_JIT_MAX_CONSTS) {
        b->overflow = 1;
        return o;
    }
    memcpy(b->consts[b->num_consts], v, sizeof(b->consts[0]));
    o.konst = b->num_consts++;
    return o;
}

struct vf_jit_rm vf_jit_const(struct vf_jit_buf *b, uint32_t x, uint32_t y, uint32_t z,
                              uint32_t w)
{
    uint32_t v[16];
    for (int i = 0; i < 16; i += 4)
        v[i] = x, v[i + 1] = y, v[i + 2] = z, v[i + 3] = w;
    return vf_jit_const16(b, v);
}

void vf_jit_patch_rel32(struct vf_jit_buf *b, size_t at, size_t target)
{
    if (b->overflow)
        return;
    uint32_t d = (uint32_t)(int32_t)((int64_t)target - (int64_t)(at + 4));
    for (int i = 0; i < 4; i++)
        b->code[at + (size_t)i] = (uint8_t)(d >> (8 * i));
}

void vf_jit_loop_back(struct vf_jit_buf *b, uint32_t step, size_t top)
{
    /* sub edx, step; cmp edx, step; jae rel32 */
    const uint8_t code[] = { 0x83, 0xea, (uint8_t)step, 0x83, 0xfa, (uint8_t)step, 0x0f, 0x83,
                             0,    0,    0,             0 };
    vf_jit_bytes(b, code, sizeof code);
    vf_jit_patch_rel32(b, b->len - 4, top);
}

/* ModRM (and disp32) for `reg` and the r/m operand; a constant records a
 * fixup whose instruction end is known once the immediate is placed. */
static void modrm(struct vf_jit_buf *b, int reg, struct vf_jit_rm rm, int imm)
{
    uint8_t r = (uint8_t)((reg & 7) << 3);
    if (rm.kind == VF_RM_REG) {
        put8(b, (uint8_t)(0xc0 | r | (rm.reg & 7)));
    } else if (rm.kind == VF_RM_MEM) {
        put8(b, (uint8_t)(0x80 | r | (rm.reg & 7)));
        put32(b, (uint32_t)rm.disp);
    } else {
        put8(b, (uint8_t)(0x05 | r));
        if (b->num_fixups == VF_JIT_MAX_FIXUPS) {
            b->overflow = 1;
            return;
        }
        b->fixups[b->num_fixups].at = (uint32_t)b->len;
        b->fixups[b->num_fixups].end = (uint32_t)b->len + 4 + (imm >= 0);
        b->fixups[b->num_fixups].konst = rm.konst;
        b->num_fixups++;
        put32(b, 0);
    }
}

void vf_jit_vex(struct vf_jit_buf *b, int map, int pp, int w, int l, uint8_t op, int reg,
                int vvvv, struct vf_jit_rm rm, int imm)
{
    /* R, X, B and vvvv are stored inverted. */
    int rmb = rm.kind == VF_RM_CONST ? 0 : rm.reg;
    uint8_t b1 = (uint8_t)((!(reg & 8) << 7) | (1 << 6) | (!(rmb & 8) << 5) | map);
    uint8_t b2 = (uint8_t)((w << 7) | ((~(vvvv < 0 ? 0 : vvvv) & 15) << 3) | (l << 2) | pp);
    put8(b, 0xc4);
    put8(b, b1);
    put8(b, b2);
    put8(b, op);
    modrm(b, reg, rm, imm);
    if (imm >= 0)
        put8(b, (uint8_t)imm);
}

void vf_jit_evex(struct vf_jit_buf *b, int map, int pp, int w, int l, uint8_t op, int reg,
                 int vvvv, struct vf_jit_rm rm, int imm, int k, int z)
{
    /* A 256- or 512-bit constant operand (not a load's) may sit in a
     * register. */
    if (rm.kind == VF_RM_CONST && l >= 1 && op != 0x6f) {
        if (b->counting && b->cuse[rm.konst] < UINT16_MAX)
            b->cuse[rm.konst]++;
        if (b->creg_on && b->creg[rm.konst] >= 0)
            rm = vf_jit_reg(b->creg[rm.konst]);
    }
    /* R, X, B, R', vvvv and V' are stored inverted; a register r/m
     * operand's bit 4 goes in X. */
    int rmb = rm.kind == VF_RM_CONST ? 0 : rm.reg;
    int x4 = rm.kind == VF_RM_REG ? (rmb & 16) : 0;
    int v = vvvv < 0 ? 0 : vvvv;
    uint8_t p0 = (uint8_t)((!(reg & 8) << 7) | (!x4 << 6) | (!(rmb & 8) << 5) |
                           (!(reg & 16) << 4) | map);
    uint8_t p1 = (uint8_t)((w << 7) | ((~v & 15) << 3) | (1 << 2) | pp);
    uint8_t p2 = (uint8_t)((z << 7) | (l << 5) | (!(v & 16) << 3) | (k & 7));
    put8(b, 0x62);
    put8(b, p0);
    put8(b, p1);
    put8(b, p2);
    put8(b, op);
    modrm(b, reg, rm, imm);
    if (imm >= 0)
        put8(b, (uint8_t)imm);
}

size_t vf_jit_finish(struct vf_jit_buf *b)
{
    size_t pool = (b->len + 63) & ~(size_t)63;
    size_t total = pool + (size_t)b->num_consts * 64;
    if (b->overflow || total > b->cap)
        return 0;
    memset(b->code + b->len, 0xcc, pool - b->len); /* int3 between code and pool */
    for (uint32_t i = 0; i < b->num_consts; i++)
        memcpy(b->code + pool + 64u * i, b->consts[i], 64);
    for (uint32_t i = 0; i < b->num_fixups; i++) {
        int64_t rel = (int64_t)(pool + 64u * b->fixups[i].konst) - (int64_t)b->fixups[i].end;
        uint32_t d = (uint32_t)(int32_t)rel;
        uint8_t *p = b->code + b->fixups[i].at;
        p[0] = (uint8_t)d, p[1] = (uint8_t)(d >> 8), p[2] = (uint8_t)(d >> 16),
        p[3] = (uint8_t)(d >> 24);
    }
    b->len = total;
    return total;
}
