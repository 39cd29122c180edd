/*
 * jit_emit.h - a small x86-64 encoder: the few VEX and EVEX instruction
 * forms the record-kernel generator (jit_record.c, jit_quad.c) needs, with
 * a constant pool of 64-byte entries placed after the code and reached
 * RIP-relative. Emits bytes only: it runs on any x86-64 host and needs no
 * intrinsics. Internal.
 *
 * Overflowing the buffer sets `overflow` and stops writing, so a caller
 * checks once at the end; the code size cap bounds generation time.
 */
#ifndef VF_LIB_X86_JIT_JIT_EMIT_H
#define VF_LIB_X86_JIT_JIT_EMIT_H

#include <stddef.h>
#include <stdint.h>

#include "../../vf_internal.h"

#define VF_JIT_MAX_CONSTS 256u
#define VF_JIT_MAX_FIXUPS 2048u

/* General-purpose register numbers (SysV). */
enum { VF_RAX = 0, VF_RCX = 1, VF_RDX = 2, VF_RSI = 6, VF_RDI = 7, VF_R8 = 8, VF_R9 = 9, VF_R10 = 10 };

/* VEX map (mmmmm) and implied prefix (pp). */
enum { VF_M0F = 1, VF_M0F38 = 2, VF_M0F3A = 3 };
enum { VF_PNONE = 0, VF_P66 = 1, VF_PF3 = 2, VF_PF2 = 3 };

/* An r/m operand: a vector register, [base + disp], or a pool constant. */
struct vf_jit_rm {
    int kind; /* VF_RM_* */
    int reg;  /* register number, or base register for memory */
    int32_t disp;
    uint32_t konst; /* pool index for VF_RM_CONST */
};
enum { VF_RM_REG = 0, VF_RM_MEM = 1, VF_RM_CONST = 2 };

struct vf_jit_buf {
    uint8_t *code;
    size_t len, cap;
    int overflow;
    uint32_t num_consts;
    uint32_t consts[VF_JIT_MAX_CONSTS][16];
    /* 512-bit operands of pool constants may be read from a register
     * instead (creg[k] >= 0, while creg_on): a loop's preamble loads its
     * most used constants once. While counting, EVEX uses are tallied in
     * cuse. */
    int creg_on, counting;
    int8_t creg[VF_JIT_MAX_CONSTS];
    uint16_t cuse[VF_JIT_MAX_CONSTS];
    uint32_t num_fixups;
    struct {
        uint32_t at;  /* offset of the disp32 */
        uint32_t end; /* offset of the end of its instruction */
        uint32_t konst;
    } fixups[VF_JIT_MAX_FIXUPS];
};

static inline struct vf_jit_rm vf_jit_reg(int r)
{
    struct vf_jit_rm o = { VF_RM_REG, r, 0, 0 };
    return o;
}
static inline struct vf_jit_rm vf_jit_mem(int base, int32_t disp)
{
    struct vf_jit_rm o = { VF_RM_MEM, base, disp, 0 };
    return o;
}

VF_HIDDEN void vf_jit_init(struct vf_jit_buf *b, uint8_t *code, size_t cap);
VF_HIDDEN void vf_jit_bytes(struct vf_jit_buf *b, const uint8_t *p, size_t n);
/* A pool constant of four words, repeated in each 128-bit lane of its
 * 64-byte entry (deduplicated). Sets overflow when full. */
VF_HIDDEN struct vf_jit_rm vf_jit_const(struct vf_jit_buf *b, uint32_t x, uint32_t y, uint32_t z,
                              uint32_t w);
/* A pool constant of sixteen words (one 512-bit operand). */
VF_HIDDEN struct vf_jit_rm vf_jit_const16(struct vf_jit_buf *b, const uint32_t w[16]);
/* A pool constant of one word in every component. */
static inline struct vf_jit_rm vf_jit_splat(struct vf_jit_buf *b, uint32_t v)
{
    return vf_jit_const(b, v, v, v, v);
}
/* Points the rel32 at `at` (ending at at + 4) to `target`. */
VF_HIDDEN void vf_jit_patch_rel32(struct vf_jit_buf *b, size_t at, size_t target);
/* The end of a loop over `step` vertices an iteration (1..127): edx -=
 * step, and back to `top` while edx >= step. */
VF_HIDDEN void vf_jit_loop_back(struct vf_jit_buf *b, uint32_t step, size_t top);

/* One VEX instruction: opcode with reg (ModRM.reg), vvvv (-1: none) and
 * an r/m operand; imm < 0: no immediate byte. L: 0 for 128, 1 for 256. */
VF_HIDDEN void vf_jit_vex(struct vf_jit_buf *b, int map, int pp, int w, int l, uint8_t op, int reg,
                int vvvv, struct vf_jit_rm rm, int imm);
/* One EVEX instruction: as vf_jit_vex, with registers up to 31, L: 0, 1
 * or 2 (512 bits), an opmask k (0: none) and zeroing (z) or merging. */
VF_HIDDEN void vf_jit_evex(struct vf_jit_buf *b, int map, int pp, int w, int l, uint8_t op,
                           int reg, int vvvv, struct vf_jit_rm rm, int imm, int k, int z);
/* Places the pool after the code (64-byte aligned, 64-byte entries) and
 * patches every reference to it. Returns the total size, or 0 on
 * overflow. */
VF_HIDDEN size_t vf_jit_finish(struct vf_jit_buf *b);

#endif
