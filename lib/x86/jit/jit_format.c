/*
 * jit_format.c - the per-format templates (jit_format.h). The array rows
 * of vertex_formats.def are load, widen, then a type step; the packed rows
 * each have their own sequence. Every sequence is the one the AVX2 kernels
 * run on a vertex, on 128-bit registers:
 *   UNORM/SNORM: q = c * r; e = fnmadd(q, m, c); q = fmadd(e, r, q)
 *   (prims_avx2.h vq_unorm), SNORM clamping the code to -(2^(n-1) - 1)
 *   first with vpmaxsd;
 *   half: vcvtph2ps, then the quiet bit put back as vf_avx2_half_fixup does;
 *   missing components: OR with (0, 0, 0, one).
 * Loads read exactly the element's bytes, never past them. Two vertices
 * decode at once in the two 128-bit lanes of ymm registers with the same
 * steps: every step after the load works lane by lane, or widens the low
 * half of its source into the whole register (where the load put the
 * second vertex's codes).
 */
#include "config.h"

#include <string.h>

#include "jit_format.h"

#define T1 12
#define T2 13
#define T3 14
#define T4 15

#define array_row vf_jit_row

static const uint32_t packed16[3][12] = {
    { 0xf800u, 0x07e0u, 0x001fu, 0u, 0x47780000u, 0x44fc0000u, 0x41f80000u, 0x3f800000u,
      0x37842108u, 0x3a020821u, 0x3d042108u, 0x3f800000u },
    { 0x7c00u, 0x03e0u, 0x001fu, 0x8000u, 0x46f80000u, 0x44780000u, 0x41f80000u, 0x47000000u,
      0x38042108u, 0x3a842108u, 0x3d042108u, 0x38000000u },
    { 0x0f00u, 0x00f0u, 0x000fu, 0xf000u, 0x45700000u, 0x43700000u, 0x41700000u, 0x47700000u,
      0x39888889u, 0x3b888889u, 0x3d888889u, 0x37888889u },
};
static const uint32_t unorm10_div[4] = { 0x447fc000u, 0x447fc000u, 0x447fc000u, 0x40400000u };
static const uint32_t unorm10_rcp[4] = { 0x3a802008u, 0x3a802008u, 0x3a802008u, 0x3eaaaaabu };
static const uint32_t unorm8_div[4] = { 0x437f0000u, 0x437f0000u, 0x437f0000u, 0x437f0000u };
static const uint32_t unorm8_rcp[4] = { 0x3b808081u, 0x3b808081u, 0x3b808081u, 0x3b808081u };

static const struct array_row rows[] = {
#define VF_VERTEX_FORMAT(name, bytes, nc, type, bits, shape) \
    { VF_FORMAT_##name, bytes, nc, VF_JIT_TY_##type, bits },
#include "../../vertex_formats.def"
#undef VF_VERTEX_FORMAT
};

const struct vf_jit_row *vf_jit_find_row(vf_format format)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].format == format)
            return &rows[i];
    return NULL;
}

int vf_jit_format_ok(vf_format format)
{
    const struct array_row *r = vf_jit_find_row(format);
    /* R11G11B10_FLOAT's small-float rebias is not templated: it falls back. */
    return r != NULL && format != VF_FORMAT_R11G11B10_FLOAT;
}

/* Where an element is read: one vertex at `a` into an xmm register, or two
 * vertices at `a` and `b` into the low and high 128-bit lanes of a ymm
 * register (l = 1), so every lane-wise step below decodes both at once;
 * l = 2: four vertices already in the lanes of a zmm register (jit_quad.c),
 * EVEX-encoded. */
struct src {
    struct vf_jit_rm a, b;
    int l;
};

/* One instruction of the source's width: VEX, or EVEX for 512 bits. */
static void vx(struct vf_jit_buf *b, const struct src *s, int map, int pp, uint8_t op, int reg,
               int vvvv, struct vf_jit_rm rm, int imm)
{
    if (s->l == 2)
        vf_jit_evex(b, map, pp, 0, 2, op, reg, vvvv, rm, imm, 0, 0);
    else
        vf_jit_vex(b, map, pp, 0, s->l, op, reg, vvvv, rm, imm);
}

/* dst = op(src1, rm), W0, the source's width. */
static void v3(struct vf_jit_buf *b, const struct src *s, int map, int pp, uint8_t op, int dst,
               int src1, struct vf_jit_rm rm)
{
    vx(b, s, map, pp, op, dst, src1, rm, -1);
}

/* dst = op(rm), W0, no vvvv, the source's width. */
static void v2(struct vf_jit_buf *b, const struct src *s, int map, int pp, uint8_t op, int dst,
               struct vf_jit_rm rm)
{
    vx(b, s, map, pp, op, dst, -1, rm, -1);
}


/* Exactly `bytes` bytes at m into xmm dst, the rest of dst zero. */
static void load_one(struct vf_jit_buf *b, uint32_t bytes, struct vf_jit_rm m, int dst)
{
    struct vf_jit_rm d = vf_jit_reg(dst);
    switch (bytes) {
    case 1:
    case 2:
        vf_jit_vex(b, VF_M0F, VF_P66, 0, 0, 0xef, dst, dst, d, -1); /* vpxor */
        if (bytes == 1)
            vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 0, 0x20, dst, dst, m, 0); /* vpinsrb */
        else
            vf_jit_vex(b, VF_M0F, VF_P66, 0, 0, 0xc4, dst, dst, m, 0); /* vpinsrw */
        break;
    case 4:
        vf_jit_vex(b, VF_M0F, VF_P66, 0, 0, 0x6e, dst, -1, m, -1); /* vmovd */
        break;
    case 8:
        vf_jit_vex(b, VF_M0F, VF_PF3, 0, 0, 0x7e, dst, -1, m, -1); /* vmovq */
        break;
    case 12:
        vf_jit_vex(b, VF_M0F, VF_PF3, 0, 0, 0x7e, dst, -1, m, -1);
        m.disp += 8;
        vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 0, 0x22, dst, dst, m, 2); /* vpinsrd */
        break;
    default:
        vf_jit_vex(b, VF_M0F, VF_PF3, 0, 0, 0x6f, dst, -1, m, -1); /* vmovdqu */
        break;
    }
}

/* The element's bytes, one vertex per 128-bit lane (vinserti128 puts the
 * second vertex's in the high lane): for steps that work lane by lane. */
static void emit_load(struct vf_jit_buf *b, const struct src *s, uint32_t bytes, int dst)
{
    load_one(b, bytes, s->a, dst);
    if (!s->l)
        return;
    if (bytes == 16) {
        vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 1, 0x38, dst, dst, s->b, 1); /* vinserti128 */
        return;
    }
    load_one(b, bytes, s->b, T4);
    vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 1, 0x38, dst, dst, vf_jit_reg(T4), 1);
}

/* The element's bytes for a widening step (vpmov[sz]x, vcvtph2ps), which
 * reads the low 8 bytes (8-bit codes) or 16 bytes (16-bit codes) of an xmm
 * register and widens them across the whole destination: the second
 * vertex's bytes go at byte `half` (4 or 8), so they widen into the high
 * lane. */
static void emit_load_widen(struct vf_jit_buf *b, const struct src *s, uint32_t bytes,
                            uint32_t half, int dst)
{
    load_one(b, bytes, s->a, dst);
    if (!s->l)
        return;
    switch (bytes) {
    case 1:
        vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 0, 0x20, dst, dst, s->b, (int)half); /* vpinsrb */
        break;
    case 2:
        vf_jit_vex(b, VF_M0F, VF_P66, 0, 0, 0xc4, dst, dst, s->b, (int)half / 2); /* vpinsrw */
        break;
    case 4:
        vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 0, 0x22, dst, dst, s->b, (int)half / 4); /* vpinsrd */
        break;
    default:
        vf_jit_vex(b, VF_M0F3A, VF_P66, 1, 0, 0x22, dst, dst, s->b, 1); /* vpinsrq */
        break;
    }
}

static float word_float(uint32_t w)
{
    float f;
    memcpy(&f, &w, sizeof(f));
    return f;
}

static uint32_t float_word(float f)
{
    uint32_t w;
    memcpy(&w, &f, sizeof(w));
    return w;
}

/* Integer codes in dst -> c / d (m: the divisor d per word, r: fl(1/d)).
 * With 1/d split as r + rl (rl = fl(1/d - r)), fma(c, r, c * rl) is the
 * correctly rounded quotient for every code of every divisor used here
 * (2^n - 1 for n = 1..16, 127, 32767, and the 16-bit packed fields'
 * all-ones values): tests/check_unorm_split.c checks each code. One
 * multiply fewer than the kernels' q = c * r; e = c - q * d; q + e * r,
 * with the same results. */
static void emit_unorm(struct vf_jit_buf *b, const struct src *s, int dst, const uint32_t m[4],
                       const uint32_t r[4])
{
    uint32_t lo[4];
    for (int i = 0; i < 4; i++)
        lo[i] = float_word((float)(1.0 / (double)word_float(m[i]) - (double)word_float(r[i])));
    struct vf_jit_rm d = vf_jit_reg(dst);
    v2(b, s, VF_M0F, VF_PNONE, 0x5b, dst, d); /* vcvtdq2ps */
    v3(b, s, VF_M0F, VF_PNONE, 0x59, T1, dst, vf_jit_const(b, lo[0], lo[1], lo[2], lo[3]));
    v3(b, s, VF_M0F38, VF_P66, 0x98, dst, T1, vf_jit_const(b, r[0], r[1], r[2], r[3]));
    /* vmulps t = c * rl; vfmadd132ps c * r + t */
}

/* Halves in dst (as emit_load_widen leaves them) -> float32 bits (F16C,
 * quiet bit as stored). */
static void emit_half(struct vf_jit_buf *b, const struct src *s, int dst)
{
    struct vf_jit_rm d = vf_jit_reg(dst);
    v2(b, s, VF_M0F38, VF_P66, 0x13, T1, d);                         /* vcvtph2ps */
    v2(b, s, VF_M0F38, VF_P66, 0x33, T2, d);                         /* vpmovzxwd h */
    v3(b, s, VF_M0F, VF_P66, 0xdb, T3, T2, vf_jit_splat(b, 0x7fff));        /* mag */
    v3(b, s, VF_M0F, VF_P66, 0x66, T3, T3, vf_jit_splat(b, 0x7c00));        /* nan = mag > 0x7c00 */
    vf_jit_vex(b, VF_M0F, VF_P66, 0, s->l, 0x72, 6, T2, vf_jit_reg(T2), 13); /* vpslld h, 13 */
    v3(b, s, VF_M0F, VF_P66, 0xdf, T2, T2, vf_jit_splat(b, 0x400000));      /* clear = ~h & quiet */
    v3(b, s, VF_M0F, VF_P66, 0xdb, T3, T3, vf_jit_reg(T2));          /* nan & clear */
    v3(b, s, VF_M0F, VF_P66, 0xdf, dst, T3, vf_jit_reg(T1));         /* ~(nan & clear) & f */
}

static void emit_or_defaults(struct vf_jit_buf *b, const struct src *s, int dst, uint32_t nc,
                             uint32_t one)
{
    if (nc < 4)
        v3(b, s, VF_M0F, VF_P66, 0xeb, dst, dst, vf_jit_const(b, 0, 0, 0, one)); /* vpor */
}

/* Integer codes widened to words (sign-extended for the signed types) ->
 * the format's words: SNORM's clamp of the lowest code, the UNORM/SNORM
 * quotient, the missing components' defaults. */
static void emit_code_steps(struct vf_jit_buf *b, const struct src *s,
                            const struct array_row *row, int dst)
{
    int sign = row->type == VF_JIT_TY_SINT || row->type == VF_JIT_TY_SNORM;
    if (row->type == VF_JIT_TY_SNORM)
        v3(b, s, VF_M0F38, VF_P66, 0x3d, dst, dst,
           vf_jit_splat(b, row->bits == 8 ? (uint32_t)-127 : (uint32_t)-32767)); /* vpmaxsd */
    if (row->type == VF_JIT_TY_UNORM || row->type == VF_JIT_TY_SNORM) {
        uint32_t div = row->bits == 8 ? (sign ? 0x42fe0000u : 0x437f0000u)
                                      : (sign ? 0x46fffe00u : 0x477fff00u);
        uint32_t rcp = row->bits == 8 ? (sign ? 0x3c010204u : 0x3b808081u)
                                      : (sign ? 0x38000100u : 0x37800080u);
        const uint32_t m[4] = { div, div, div, div }, r[4] = { rcp, rcp, rcp, rcp };
        emit_unorm(b, s, dst, m, r);
    }
    emit_or_defaults(b, s, dst, row->nc,
                     row->type == VF_JIT_TY_UINT || row->type == VF_JIT_TY_SINT ? VF_ONE_INT
                                                                                : VF_ONE_F32);
}

/* A packed format's steps once each component's word holds the whole code
 * (R10G10B10A2, 16-bit packed) or its byte (BGRA, in RGBA order): the
 * fields shifted and masked, the quotient, the defaults. */
static void emit_packed_steps(struct vf_jit_buf *b, const struct src *s, vf_format f, uint32_t nc,
                              int dst)
{
    if (f == VF_FORMAT_R10G10B10A2_UINT || f == VF_FORMAT_R10G10B10A2_UNORM) {
        v3(b, s, VF_M0F38, VF_P66, 0x45, dst, dst, vf_jit_const(b, 0, 10, 20, 30)); /* vpsrlvd */
        v3(b, s, VF_M0F, VF_P66, 0xdb, dst, dst, vf_jit_const(b, 0x3ff, 0x3ff, 0x3ff, 3));
        if (f == VF_FORMAT_R10G10B10A2_UNORM)
            emit_unorm(b, s, dst, unorm10_div, unorm10_rcp);
        return;
    }
    if (f == VF_FORMAT_B8G8R8A8_UNORM || f == VF_FORMAT_B8G8R8X8_UNORM) {
        emit_unorm(b, s, dst, unorm8_div, unorm8_rcp);
    } else {
        const uint32_t *t =
            packed16[f == VF_FORMAT_B5G6R5_UNORM ? 0 : f == VF_FORMAT_B5G5R5A1_UNORM ? 1 : 2];
        v3(b, s, VF_M0F, VF_P66, 0xdb, dst, dst, vf_jit_const(b, t[0], t[1], t[2], t[3]));
        emit_unorm(b, s, dst, t + 4, t + 8);
    }
    emit_or_defaults(b, s, dst, nc, VF_ONE_F32);
}

static void emit_array(struct vf_jit_buf *b, const struct src *s, const struct array_row *row,
                       int dst)
{
    struct vf_jit_rm d = vf_jit_reg(dst);
    int sign = row->type == VF_JIT_TY_SINT || row->type == VF_JIT_TY_SNORM;
    if (row->bits == 32)
        emit_load(b, s, row->bytes, dst);
    else
        emit_load_widen(b, s, row->bytes, row->bits == 8 ? 4u : 8u, dst);
    if (row->type == VF_JIT_TY_FLOAT && row->bits == 16) {
        emit_half(b, s, dst);
        emit_or_defaults(b, s, dst, row->nc, VF_ONE_F32);
        return;
    }
    if (row->bits == 8)
        v2(b, s, VF_M0F38, VF_P66, sign ? 0x21 : 0x31, dst, d); /* vpmov[sz]xbd */
    else if (row->bits == 16)
        v2(b, s, VF_M0F38, VF_P66, sign ? 0x23 : 0x33, dst, d); /* vpmov[sz]xwd */
    emit_code_steps(b, s, row, dst);
}

/* 16-bit packed UNORM (fetch_template_decode.h VF_DEC_PACKED16): the field
 * masked in place, divided by its all-ones value at the same position. */
static void emit_packed16(struct vf_jit_buf *b, const struct src *s, vf_format f, int dst)
{
    emit_load(b, s, 2, dst);
    vf_jit_vex(b, VF_M0F, VF_P66, 0, s->l, 0x70, dst, -1, vf_jit_reg(dst), 0); /* vpshufd bcast */
    emit_packed_steps(b, s, f, f == VF_FORMAT_B5G6R5_UNORM ? 3 : 4, dst);
}

/* vpbroadcastd of the element's word into each vertex's lane. */
static void emit_broadcast(struct vf_jit_buf *b, const struct src *s, int dst)
{
    vf_jit_vex(b, VF_M0F38, VF_P66, 0, 0, 0x58, dst, -1, s->a, -1);
    if (!s->l)
        return;
    vf_jit_vex(b, VF_M0F38, VF_P66, 0, 0, 0x58, T4, -1, s->b, -1);
    vf_jit_vex(b, VF_M0F3A, VF_P66, 0, 1, 0x38, dst, dst, vf_jit_reg(T4), 1); /* vinserti128 */
}

static void emit_packed(struct vf_jit_buf *b, const struct src *s, vf_format f, int dst)
{
    struct vf_jit_rm d = vf_jit_reg(dst);
    if (f == VF_FORMAT_R10G10B10A2_UINT || f == VF_FORMAT_R10G10B10A2_UNORM) {
        emit_broadcast(b, s, dst);
        emit_packed_steps(b, s, f, 4, dst);
    } else if (f == VF_FORMAT_B8G8R8A8_UNORM || f == VF_FORMAT_B8G8R8X8_UNORM) {
        int x = f == VF_FORMAT_B8G8R8X8_UNORM;
        emit_load_widen(b, s, 4, 4, dst);
        v2(b, s, VF_M0F38, VF_P66, 0x31, dst, d); /* vpmovzxbd */
        if (x)
            v3(b, s, VF_M0F, VF_P66, 0xdb, dst, dst, vf_jit_const(b, ~0u, ~0u, ~0u, 0));
        vf_jit_vex(b, VF_M0F, VF_P66, 0, s->l, 0x70, dst, -1, d, 0xc6); /* swap x and z */
        emit_packed_steps(b, s, f, x ? 3 : 4, dst);
    } else {
        emit_packed16(b, s, f, dst);
    }
}

/* vf_apply_mapping on one register: pick, then clear and force. */
static void emit_mapping(struct vf_jit_buf *b, const struct src *s, const struct vf_element *e,
                         int dst)
{
    uint32_t keep[4], force[4];
    int imm = 0;
    for (unsigned c = 0; c < 4; c++) {
        uint32_t sel = VF_DECODE_COMPONENT_MAPPING(c, e->mapping);
        imm |= (int)((sel < 4 ? sel : 0) << (2 * c));
        keep[c] = sel < 4 ? ~0u : 0;
        force[c] = sel == VF_COMPONENT_MAPPING_FORCE_VALUE_1 ? e->one : 0;
    }
    vx(b, s, VF_M0F, VF_P66, 0x70, dst, -1, vf_jit_reg(dst), imm); /* vpshufd */
    v3(b, s, VF_M0F, VF_P66, 0xdb, dst, dst, vf_jit_const(b, keep[0], keep[1], keep[2], keep[3]));
    v3(b, s, VF_M0F, VF_P66, 0xeb, dst, dst,
       vf_jit_const(b, force[0], force[1], force[2], force[3]));
}

void vf_jit_emit_element(struct vf_jit_buf *b, const struct vf_element *e, int base, int base2,
                         int dst)
{
    const struct array_row *row = vf_jit_find_row(e->format);
    struct src s = { vf_jit_mem(base, (int32_t)e->offset), vf_jit_mem(base2, (int32_t)e->offset),
                     base2 >= 0 };
    if (row->type == VF_JIT_TY_PACKED)
        emit_packed(b, &s, e->format, dst);
    else
        emit_array(b, &s, row, dst);
    if (!e->identity_mapping)
        emit_mapping(b, &s, e, dst);
}

void vf_jit_code_steps(struct vf_jit_buf *b, int l, const struct vf_jit_row *row, int dst)
{
    struct src s = { vf_jit_reg(0), vf_jit_reg(0), l };
    emit_code_steps(b, &s, row, dst);
}

void vf_jit_packed_steps(struct vf_jit_buf *b, int l, const struct vf_jit_row *row, int dst)
{
    struct src s = { vf_jit_reg(0), vf_jit_reg(0), l };
    emit_packed_steps(b, &s, row->format, row->nc, dst);
}

void vf_jit_or_defaults(struct vf_jit_buf *b, int l, int dst, uint32_t nc, uint32_t one)
{
    struct src s = { vf_jit_reg(0), vf_jit_reg(0), l };
    emit_or_defaults(b, &s, dst, nc, one);
}

void vf_jit_mapping(struct vf_jit_buf *b, int l, const struct vf_element *e, int dst)
{
    struct src s = { vf_jit_reg(0), vf_jit_reg(0), l };
    if (!e->identity_mapping)
        emit_mapping(b, &s, e, dst);
}
