/* vulkan_ref.c - the reference model of vulkan_ref.h. */
#include "vulkan_ref.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int vk_ref_parse(const char *name, struct vk_ref_format *f)
{
    memset(f, 0, sizeof(*f));
    const char *p = name;
    char chan[4];
    uint32_t width[4], n = 0, total = 0;
    while (*p && *p != '_' && n < 4) {
        chan[n] = *p++;
        width[n] = 0;
        while (*p >= '0' && *p <= '9')
            width[n] = width[n] * 10 + (uint32_t)(*p++ - '0');
        total += width[n++];
    }
    if (*p != '_' || n == 0)
        return 0;
    p++;
    size_t len = strcspn(p, "_");
    if (len == 0 || len >= sizeof(f->numeric))
        return 0;
    memcpy(f->numeric, p, len);
    int packed = strstr(p, "PACK32") != NULL;
    /* Packed formats name their fields from the most significant bit down
     * (formats.adoc, "Packed Formats"); the others list components in
     * memory order, each a whole number of bytes. */
    uint32_t pos = packed ? total : 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t at;
        if (packed) {
            pos -= width[i];
            at = pos;
        } else {
            at = pos;
            pos += width[i];
        }
        const char *idx = strchr("RGBA", chan[i]);
        if (idx == NULL)
            return 0;
        f->bits[idx - "RGBA"] = width[i];
        f->shift[idx - "RGBA"] = at;
    }
    f->bytes = total / 8;
    f->ncomp = n;
    f->locations = width[0] == 64 && n > 2 ? 2 : 1;
    return 1;
}

static uint64_t bits_at(const uint8_t *src, uint32_t shift, uint32_t width)
{
    /* Byte-aligned components a byte at a time, packed fields bit by bit. */
    uint64_t v = 0;
    if (shift % 8 == 0 && width % 8 == 0) {
        for (uint32_t b = width / 8; b-- > 0;)
            v = (v << 8) | src[shift / 8 + b];
        return v;
    }
    for (uint32_t b = 0; b < width; b++) {
        uint32_t bit = shift + b;
        v |= (uint64_t)((src[bit / 8] >> (bit % 8)) & 1u) << b;
    }
    return v;
}

static uint32_t fbits(float x)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    return u;
}

/* Half, float11 and float10 by their definition (exponent bias 15). */
static uint32_t small_float(uint32_t v, uint32_t mbits, int has_sign)
{
    uint32_t m = v & ((1u << mbits) - 1), e = (v >> mbits) & 31u;
    uint32_t sign = has_sign && (v >> (mbits + 5)) ? 0x80000000u : 0;
    if (e == 31) /* Inf, or NaN with its payload at the top of the fraction */
        return sign | 0x7f800000u | (m << (23 - mbits));
    double x = e == 0 ? ldexp((double)m, -14 - (int)mbits)
                      : ldexp(1.0 + ldexp((double)m, -(int)mbits), (int)e - 15);
    return sign | fbits((float)x);
}

/* 1 when x is within a relative 2^-40 of a float32 rounding boundary. */
static int near_boundary(double x)
{
    if (x == 0)
        return 0;
    int e;
    double m = frexp(x, &e);                 /* x = m * 2^e, m in [0.5, 1) */
    double ulp_units = ldexp(m, 24);         /* x in float32 ulps */
    double frac = ulp_units - floor(ulp_units);
    return fabs(frac - 0.5) < ldexp(1.0, -16);
}

static uint32_t convert(const struct vk_ref_format *f, uint64_t v, uint32_t w, int alpha,
                        int *near)
{
    const char *n = f->numeric;
    double sv = (v >> (w - 1)) & 1 ? (double)v - ldexp(1.0, (int)w) : (double)v;
    if (!strcmp(n, "UNORM") || (!strcmp(n, "SRGB") && alpha))
        return fbits((float)((double)v / (ldexp(1.0, (int)w) - 1)));
    if (!strcmp(n, "SNORM")) {
        double x = sv / (ldexp(1.0, (int)w - 1) - 1);
        return fbits((float)(x < -1 ? -1 : x));
    }
    if (!strcmp(n, "USCALED"))
        return fbits((float)v);
    if (!strcmp(n, "SSCALED"))
        return fbits((float)sv);
    if (!strcmp(n, "UINT") || (!strcmp(n, "SFLOAT") && w == 32))
        return (uint32_t)v;
    if (!strcmp(n, "SINT"))
        return (uint32_t)(int32_t)sv;
    if (!strcmp(n, "SFLOAT"))
        return small_float((uint32_t)v, 10, 1);
    if (!strcmp(n, "UFLOAT"))
        return small_float((uint32_t)v, w - 5, 0);
    /* SRGB (formats.adoc "sRGB EOTF", the Khronos Data Format spec). */
    double c = (double)v / 255.0;
    double lin = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
    if (near && near_boundary(lin))
        *near = 1;
    return fbits((float)lin);
}

void vk_ref_decode(const struct vk_ref_format *f, const uint8_t *src, uint32_t *out,
                   int *near_tie_ret)
{
    int integer = !strcmp(f->numeric, "UINT") || !strcmp(f->numeric, "SINT");
    if (near_tie_ret)
        *near_tie_ret = 0;
    if (f->bits[0] == 64) { /* two words a component, no defaults */
        memset(out, 0, 16u * f->locations);
        for (uint32_t c = 0; c < f->ncomp; c++) {
            uint64_t v = bits_at(src, f->shift[c], 64);
            out[2 * c] = (uint32_t)v;
            out[2 * c + 1] = (uint32_t)(v >> 32);
        }
        return;
    }
    for (uint32_t c = 0; c < 4; c++) {
        if (f->bits[c] == 0)
            out[c] = c < 3 ? 0 : integer ? 1u : fbits(1.0f);
        else
            out[c] = convert(f, bits_at(src, f->shift[c], f->bits[c]), f->bits[c], c == 3,
                             near_tie_ret);
    }
}

/* The words of location piece `p` of attribute a for one vertex. */
static void fetch(const struct vk_ref_binding *b, const struct vk_ref_attribute *a,
                  int64_t element, uint32_t *reg)
{
    static const uint8_t zeros[32];
    uint32_t words[8];
    /* A VK_NULL_HANDLE binding (nullDescriptor): "the values taken from
     * memory are considered to be zero, and missing G, B, or A components
     * are filled with (0,0,1)" (vkCmdBindVertexBuffers): as if every
     * attribute were outside it. */
    /* attribAddress = base + offset + element * stride + attribDesc.offset
     * (fxvertex.adoc), in 64 bits. vfetch's choice, as the D3D rule: an
     * attribute wholly inside the binding reads its bytes, one outside
     * reads zeros with the format's defaults; a 64-bit attribute of two
     * locations is bounded per location (16 bytes and the rest). */
    uint64_t room = b->size - b->offset;
    for (uint32_t p = 0; p < a->format.locations; p++) {
        uint32_t piece = a->format.locations == 1 ? a->format.bytes : p == 0 ? 16 : a->format.bytes - 16;
        int64_t at = element * (int64_t)b->stride + a->offset + 16 * p;
        int in = b->data != NULL && element >= 0 && at >= 0 && (uint64_t)at + piece <= room;
        uint8_t tmp[32];
        memcpy(tmp, zeros, sizeof(tmp));
        if (in)
            memcpy(tmp + 16 * p, b->data + b->offset + at, piece);
        vk_ref_decode(&a->format, tmp, words, NULL);
        memcpy(reg + 4 * p, words + 4 * p, 16);
    }
}

static uint32_t read_index(const struct vk_ref_draw *d, uint32_t pos, int *restart)
{
    /* In 64 bits: firstIndex + i past 2^32 does not wrap (rules §18.3). */
    uint64_t at = ((uint64_t)d->first + pos) * d->index_bytes;
    uint64_t v = 0;
    *restart = 0;
    if (d->index_offset + at + d->index_bytes > d->index_size)
        return 0; /* past the buffer: 0, never a restart (vfetch's choice) */
    for (uint32_t b = 0; b < d->index_bytes; b++)
        v |= (uint64_t)d->index_data[d->index_offset + at + b] << (8 * b);
    *restart = d->restart && v == (UINT64_C(1) << (8 * d->index_bytes)) - 1;
    return (uint32_t)v;
}

uint32_t vk_ref_draw(const struct vk_ref_binding *bindings,
                     const struct vk_ref_attribute *attrs, uint32_t nattrs,
                     const struct vk_ref_draw *d, int sys, uint32_t *out)
{
    uint32_t words = 0;
    for (uint32_t a = 0; a < nattrs; a++)
        words += 4 * attrs[a].format.locations;
    words += sys ? 4 : 0;
    for (uint32_t j = 0; j < d->instances; j++) {
        uint32_t instance_index = d->first_instance + j;
        for (uint32_t i = 0; i < d->count; i++) {
            uint32_t *rec = out + ((size_t)j * d->count + i) * words;
            int cut = 0;
            /* vertexIndex is a 32-bit value, as gl_VertexIndex: the sum
             * wraps (drawing.adoc: indices "have vertexOffset added"). */
            int64_t vertex_index = (uint32_t)(d->first + i);
            if (d->indexed)
                vertex_index = (uint32_t)(read_index(d, i, &cut) + (uint32_t)d->vertex_offset);
            memset(rec, 0, 4u * words);
            if (cut) {
                if (sys)
                    rec[words - 2] = 1;
                continue;
            }
            uint32_t w = 0;
            for (uint32_t a = 0; a < nattrs; a++) {
                const struct vk_ref_binding *b = &bindings[attrs[a].binding];
                int64_t element = vertex_index;
                if (b->instance_rate)
                    element = b->divisor == 0 ? d->first_instance
                                              : d->first_instance +
                                                    (instance_index - d->first_instance) / b->divisor;
                fetch(b, &attrs[a], element, rec + w);
                w += 4 * attrs[a].format.locations;
            }
            if (sys) {
                rec[w] = (uint32_t)vertex_index;
                rec[w + 1] = instance_index;
            }
        }
    }
    return words;
}
