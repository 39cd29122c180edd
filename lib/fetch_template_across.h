/*
 * fetch_template_across.h - the fetch template's across-vertex steps: one-
 * and two-component 8/16-bit formats (and, as an ISA needs them, the packed
 * ones) decoded VF_LANES vertices at a time. Part of lib/fetch_template.h,
 * which includes it after the per-vertex loops; never included on its own.
 */
#ifndef VF_LIB_FETCH_TEMPLATE_ACROSS_H
#define VF_LIB_FETCH_TEMPLATE_ACROSS_H
/* ------------------------------------------------------------------------ */
/* Across vertices: one or two 8/16-bit components                           */
/* ------------------------------------------------------------------------ */

/*
 * With one or two components a vertex fills only part of a vector, so these
 * formats are decoded across vertices: VF_LANES vertices' element words in
 * one vector (exact-size loads), each component extracted with whole-vector
 * shifts and converted once for all lanes, then interleaved into records
 * (x, y, 0, one). The last count % VF_LANES vertices take the per-vertex
 * path. (With three or four components a vertex fills the four lanes by
 * itself and the per-vertex path needs no transpose, so it stays there.)
 */

/* Lane k = the `size` (1, 2 or 4) bytes at p_k, zero-extended; written out
 * lane by lane (no arrays) so the words go straight into the vector. */
#ifdef VF_HAVE_WORDS_LOAD
#  define vf_tpl_words_strided vq_words_strided
#  define vf_tpl_words_gather vq_words_gather
#else
#define VF_W(p) vf_load_word((p), size)
static inline vec_t vf_tpl_words_strided(const uint8_t *src, size_t stride, unsigned size)
{
#if VF_LANES == 8
    return vq_words(VF_W(src), VF_W(src + stride), VF_W(src + 2 * stride), VF_W(src + 3 * stride),
                    VF_W(src + 4 * stride), VF_W(src + 5 * stride), VF_W(src + 6 * stride),
                    VF_W(src + 7 * stride));
#else
    return vq_words(VF_W(src), VF_W(src + stride), VF_W(src + 2 * stride), VF_W(src + 3 * stride));
#endif
}
static inline vec_t vf_tpl_words_gather(const uint8_t *const *p, size_t off, unsigned size)
{
#if VF_LANES == 8
    return vq_words(VF_W(p[0] + off), VF_W(p[1] + off), VF_W(p[2] + off), VF_W(p[3] + off),
                    VF_W(p[4] + off), VF_W(p[5] + off), VF_W(p[6] + off), VF_W(p[7] + off));
#else
    return vq_words(VF_W(p[0] + off), VF_W(p[1] + off), VF_W(p[2] + off), VF_W(p[3] + off));
#endif
}
#undef VF_W
#endif

/* Component c of nc, `bits` wide, of the zero-extended element word. */
static inline vec_t vf_tpl_field(vec_t w, unsigned c, unsigned nc, unsigned bits, int is_signed)
{
    if (is_signed)
        return vq_srai(vq_slli(w, (int)(32 - bits * (c + 1))), (int)(32 - bits));
    if (c + 1 == nc) /* the top field: the word is zero above it */
        return vq_srli(w, (int)(bits * c));
    uint32_t m = (1u << bits) - 1u;
    return vq_and(vq_srli(w, (int)(bits * c)), vq_set4(m, m, m, m));
}

/* How the across steps are declared: an ISA whose steps GCC would leave
 * out of line (AVX-512: 512-bit work per call) defines it first. */
#ifndef VF_ACROSS_INLINE
#  define VF_ACROSS_INLINE static inline
#endif

#define VF_ACROSS_CONV_UINT(v, bits) (v)
#define VF_ACROSS_CONV_SINT(v, bits) (v)
#define VF_ACROSS_CONV_UNORM(v, bits)                                                           \
    ((bits) == 8 ? vf_tpl_unorm1(v, VF_F255, VF_R255) : vf_tpl_unorm1(v, VF_F65535, VF_R65535))
#define VF_ACROSS_CONV_SNORM(v, bits)                                                           \
    ((bits) == 8 ? vf_tpl_snorm1(v, VF_F127, VF_R127) : vf_tpl_snorm1(v, VF_F32767, VF_R32767))
#define VF_ACROSS_CONV_FLOAT(v, bits) vf_tpl_halfw(v) /* 16-bit: halves */
#define VF_ACROSS_SIGNED_UINT 0
#define VF_ACROSS_SIGNED_SINT 1
#define VF_ACROSS_SIGNED_UNORM 0
#define VF_ACROSS_SIGNED_SNORM 1
#define VF_ACROSS_SIGNED_FLOAT 0
#define VF_ACROSS_ONE_UINT 1u
#define VF_ACROSS_ONE_SINT 1u
#define VF_ACROSS_ONE_UNORM 0x3f800000u
#define VF_ACROSS_ONE_SNORM 0x3f800000u
#define VF_ACROSS_ONE_FLOAT 0x3f800000u

/* The loops of an across-vertex kernel around its across_<fmt> step. */
#define VF_ACROSS_LOOPS(fmt, size)                                                                \
    static void VF_TPL(strided_##fmt)(const uint8_t *src, size_t src_stride, uint32_t count,      \
                                      uint32_t *dst, size_t dst_stride)                           \
    {                                                                                             \
        uint8_t *d = (uint8_t *)dst;                                                              \
        size_t i = 0; /* size_t: strength-reduced addressing */                                   \
        for (; count - i >= VF_LANES; i += VF_LANES)                                              \
            VF_TPL(across_##fmt)(vf_tpl_words_strided(src + i * src_stride, src_stride, (size)),  \
                                 d + i * dst_stride, dst_stride);                                 \
        if (i < count)                                                                            \
            VF_TPL(vertex_strided_##fmt)(src + i * src_stride, src_stride, (uint32_t)(count - i), \
                                      d + i * dst_stride, dst_stride);                            \
    }                                                                                             \
    static void VF_TPL(gather_##fmt)(const uint8_t *const *src, size_t off, uint32_t count,       \
                                     uint32_t *dst, size_t dst_stride)                            \
    {                                                                                             \
        uint8_t *d = (uint8_t *)dst;                                                              \
        size_t i = 0; /* size_t: strength-reduced addressing */                                   \
        for (; count - i >= VF_LANES; i += VF_LANES)                                              \
            VF_TPL(across_##fmt)(vf_tpl_words_gather(src + i, off, (size)), d + i * dst_stride,   \
                                 dst_stride);                                                     \
        if (i < count)                                                                            \
            VF_TPL(vertex_gather_##fmt)(src + i, off, (uint32_t)(count - i), d + i * dst_stride,  \
                                     dst_stride);                                                 \
    }

/* The across step of an array row: VF_LANES vertices' element words in w. */
#define VF_ACROSS_STEP(fmt, nc, bits, kind)                                                       \
    VF_ACROSS_INLINE void VF_TPL(across_##fmt)(vec_t w, uint8_t *d, size_t dst_stride)            \
    {                                                                                             \
        const int is_signed = VF_ACROSS_SIGNED_##kind;                                            \
        vec_t x = VF_ACROSS_CONV_##kind(vf_tpl_field(w, 0, nc, bits, is_signed), bits);           \
        vec_t y = (nc) > 1 ? VF_ACROSS_CONV_##kind(vf_tpl_field(w, 1, nc, bits, is_signed), bits) \
                           : vq_set4(0, 0, 0, 0);                                                 \
        uint32_t one = VF_ACROSS_ONE_##kind;                                                      \
        vq_emit4(d, dst_stride, x, y, vq_set4(0, 0, 0, 0), vq_set4(one, one, one, one));          \
    }

/*
 * Packed 32-bit formats across vertices: every field comes out of the
 * element words with the same whole-vector shift and mask in every lane.
 * R11G11B10 is faster so on every ISA (its three small-float decodes share
 * one vector per field); R10G10B10A2 only where per-word shifts are missing
 * (SSE): with vpsrlvd the per-vertex form is as fast (UINT) or faster
 * (UNORM: bench/README.md, "Packed 32-bit formats across vertices"). The
 * 16-bit packed formats
 * stay per vertex: one in-place mask and divide per vertex is already what
 * the transpose would cost. The per-vertex decoders handle the tails.
 */
#define VF_SPLAT(v) vq_set4((v), (v), (v), (v))
VF_ACROSS_INLINE void VF_TPL(across_R10G10B10A2_UINT)(vec_t w, uint8_t *d, size_t dst_stride)
{
    vec_t m10 = VF_SPLAT(0x3ffu);
    vq_emit4(d, dst_stride, vq_and(w, m10), vq_and(vq_srli(w, 10), m10),
             vq_and(vq_srli(w, 20), m10), vq_srli(w, 30));
}
VF_ACROSS_INLINE void VF_TPL(across_R10G10B10A2_UNORM)(vec_t w, uint8_t *d, size_t dst_stride)
{
    vec_t m10 = VF_SPLAT(0x3ffu);
    vec_t f1023 = VF_SPLAT(0x447fc000u), r1023 = VF_SPLAT(0x3a802008u);
    vq_emit4(d, dst_stride, vq_unorm(vq_cvt(vq_and(w, m10)), f1023, r1023),
             vq_unorm(vq_cvt(vq_and(vq_srli(w, 10), m10)), f1023, r1023),
             vq_unorm(vq_cvt(vq_and(vq_srli(w, 20), m10)), f1023, r1023),
             vq_unorm(vq_cvt(vq_srli(w, 30)), VF_SPLAT(0x40400000u), VF_SPLAT(0x3eaaaaabu)));
}
VF_ACROSS_INLINE void VF_TPL(across_R11G11B10_FLOAT)(vec_t w, uint8_t *d, size_t dst_stride)
{
    /* each field's top to bit 27 (see vf_tpl_smallfloat) */
    vec_t x = vq_and(vq_slli(w, 17), VF_SPLAT(0x0ffe0000u));
    vec_t y = vq_and(vq_slli(w, 6), VF_SPLAT(0x0ffe0000u));
    vec_t z = vq_and(vq_srli(w, 4), VF_SPLAT(0x0ffc0000u));
    vq_emit4(d, dst_stride, vf_tpl_smallfloat(x), vf_tpl_smallfloat(y), vf_tpl_smallfloat(z),
             VF_SPLAT(0x3f800000u));
}
#undef VF_SPLAT

#endif
