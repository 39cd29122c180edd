/*
 * check_vk_robust.c - the out-of-bounds oracle for Vulkan draws
 * (vfetch_vulkan.h, rules §17.8) on hand-built draws whose sets are worked
 * out here from the rules: an attribute straddling the end of its binding
 * and one past the range rounded to the stride, a per-instance binding read
 * past its end with divisor 2, divisor 0, 64-bit attributes over two
 * locations, sRGB and packed formats, a null buffer, an index past the
 * index buffer, a restart index; then the listing against the single
 * queries, the D3D mode against vf_vk_draw's words, and bad input.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "vfetch_vulkan.h"

#define ONE_F 0x3f800000u
#define A_ZERO VF_ROBUST_ALLOW_ZERO
#define A_EXACT VF_ROBUST_ALLOW_EXACT
#define A_ONE VF_ROBUST_ALLOW_ONE
#define A_MAX VF_ROBUST_ALLOW_MAX_INT
#define A_RANGE VF_ROBUST_ALLOW_RANGE

/* A draw under test: up to four bindings over caller-filled buffers. */
struct vk_case {
    vf_vk_vertex_input_binding_description b[4];
    uint32_t nb;
    vf_vk_vertex_input_binding_divisor_description div[4];
    uint32_t ndiv;
    vf_vk_vertex_input_attribute_description a[4];
    uint32_t na;
    uint8_t data[4][64];
    vf_vk_vertex_buffer_binding vb[4];
    uint8_t index[16];
    vf_vk_index_buffer_binding ib;
    vf_vk_draw_desc draw;
    vf_vk_vertex_input *vi;
};

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Buffers hold byte i at address i; binding k is data[k] of `size` bytes. */
static void case_init(struct vk_case *c)
{
    memset(c, 0, sizeof(*c));
    for (uint32_t k = 0; k < 4; k++)
        for (uint32_t i = 0; i < 64; i++)
            c->data[k][i] = (uint8_t)i;
    vf_vk_draw_desc_init(&c->draw);
    c->draw.vertex_buffers = c->vb;
    c->draw.instance_count = 1;
}

static void bind(struct vk_case *c, uint32_t k, uint32_t stride, uint32_t rate, uint64_t size,
                 uint64_t offset)
{
    c->b[c->nb++] = (vf_vk_vertex_input_binding_description){ k, stride, rate };
    c->vb[k] = (vf_vk_vertex_buffer_binding){ c->data[k], size, offset };
    if (c->draw.num_vertex_buffers <= k)
        c->draw.num_vertex_buffers = k + 1;
}

static void attr(struct vk_case *c, uint32_t location, uint32_t binding, uint32_t format,
                 uint32_t offset)
{
    c->a[c->na++] = (vf_vk_vertex_input_attribute_description){ location, binding, format,
                                                                 offset };
}

static void create(struct vk_case *c, uint32_t features)
{
    vf_vk_vertex_input_options o;
    vf_vk_vertex_input_options_init(&o);
    o.features = features;
    ck_assert_int_eq(vf_vk_vertex_input_create(c->b, c->nb, c->a, c->na, c->div, c->ndiv, &o,
                                               &c->vi, NULL), VF_OK);
}

static void destroy(struct vk_case *c)
{
    vf_vk_vertex_input_destroy(c->vi);
    c->vi = NULL;
}

/* The set of one word must be exactly {reason, allow, exact}; `one` and
 * `max_int` are checked when their members are in the set. */
static vf_vk_robust_set expect(const struct vk_case *c, uint32_t mode, uint32_t j, uint32_t i,
                               uint32_t loc, uint32_t comp, uint32_t reason, uint32_t allow,
                               uint32_t exact)
{
    vf_vk_robust_set s;
    ck_assert_int_eq(vf_vk_robust_set_at(c->vi, &c->draw, mode, j, i, loc, comp, &s), VF_OK);
    ck_assert_msg(s.reason == reason && s.allow == allow,
                  "mode %u instance %u position %u location %u.%u: reason %u allow 0x%x, want "
                  "%u 0x%x", mode, j, i, loc, comp, s.reason, s.allow, reason, allow);
    if (allow & A_EXACT)
        ck_assert_msg(s.exact == exact, "location %u.%u exact 0x%08x, want 0x%08x", loc, comp,
                      s.exact, exact);
    ck_assert_uint_eq(s.location, loc);
    ck_assert_uint_eq(s.component, comp);
    return s;
}

static int allows(const struct vk_case *c, const vf_vk_robust_set *s, uint32_t word)
{
    int yes = -1;
    ck_assert_int_eq(vf_vk_robust_allows(&c->draw, s, word, &yes), VF_OK);
    return yes;
}

static uint64_t count(const struct vk_case *c, uint32_t mode)
{
    uint64_t n = 0;
    ck_assert_int_eq(vf_vk_robust_count(c->vi, &c->draw, mode, &n), VF_OK);
    return n;
}

/* Little-endian word at byte a of binding k's buffer. */
static uint32_t le32(const struct vk_case *c, uint32_t k, uint32_t a)
{
    const uint8_t *p = c->data[k] + a;
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Binding 0, stride 12, offset 2 of 36 bytes: a range of 34 rounded to 24.
 * Location 0 R32G32_SFLOAT at 0, location 1 R8G8B8A8_UNORM at 8. Vertex 2
 * reads [24, 32) (in the range, past the rounded one) and [32, 36), which
 * straddles the end; vertex 3 is wholly past. */
static void straddle_case(struct vk_case *c)
{
    case_init(c);
    bind(c, 0, 12, VF_VK_VERTEX_INPUT_RATE_VERTEX, 36, 2);
    attr(c, 0, 0, VF_VK_FORMAT_R32G32_SFLOAT, 0);
    attr(c, 1, 0, VF_VK_FORMAT_R8G8B8A8_UNORM, 8);
    create(c, VF_VK_FEATURE_LEGACY_VERTEX_ATTRIBUTES);
    c->draw.vertex_count = 4;
}

START_TEST(test_straddle)
{
    struct vk_case c;
    straddle_case(&c);
    /* Vertex 1 ends at 24: in bounds in every mode. */
    for (uint32_t m = 0; m < VF_ROBUST_MODE_COUNT; m++)
        expect(&c, m, 0, 1, 0, 0, VF_ROBUST_IN_BOUNDS, A_EXACT, le32(&c, 0, 2 + 12));
    /* D3D: only the straddling read is out; it reads zeros. */
    expect(&c, VF_ROBUST_D3D, 0, 2, 0, 1, VF_ROBUST_IN_BOUNDS, A_EXACT, le32(&c, 0, 2 + 28));
    for (uint32_t k = 0; k < 4; k++)
        expect(&c, VF_ROBUST_D3D, 0, 2, 1, k, VF_ROBUST_OUTSIDE, A_EXACT, 0);
    ck_assert_uint_eq(count(&c, VF_ROBUST_D3D), 4 + 8);
    /* robustness2: the word or 0 past the rounded range; 0 outside. */
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 2, 0, 0, VF_ROBUST_STRIDE_ROUND, A_EXACT | A_ZERO,
           le32(&c, 0, 26));
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 2, 0, 3, VF_ROBUST_STRIDE_ROUND, A_EXACT | A_ONE, ONE_F);
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 2, 1, 2, VF_ROBUST_OUTSIDE, A_EXACT, 0);
    ck_assert_uint_eq(count(&c, VF_ROBUST_ROBUSTNESS2), 16);
    /* robustBufferAccess: 0, (0,0,0,1.0) for w, or the format read at
     * any aligned address of the whole buffer. */
    vf_vk_robust_set s = expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 2, 0, 0, VF_ROBUST_STRIDE_ROUND,
                                A_EXACT | A_ZERO | A_RANGE, le32(&c, 0, 26));
    ck_assert_uint_eq(s.range_bytes, 36);
    ck_assert_uint_eq(s.align, 4);
    ck_assert_int_eq(allows(&c, &s, le32(&c, 0, 4)), 1);   /* aligned in the buffer */
    ck_assert_int_eq(allows(&c, &s, le32(&c, 0, 28)), 1);  /* the last element that fits */
    ck_assert_int_eq(allows(&c, &s, le32(&c, 0, 32)), 0);  /* only y of that element */
    ck_assert_int_eq(allows(&c, &s, le32(&c, 0, 2)), 0);   /* misaligned */
    ck_assert_int_eq(allows(&c, &s, 0), 1);
    ck_assert_int_eq(allows(&c, &s, ONE_F), 0);
    s = expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 3, 1, 0, VF_ROBUST_OUTSIDE, A_ZERO | A_RANGE, 0);
    ck_assert_uint_eq(s.align, 1);
    ck_assert_int_eq(allows(&c, &s, fbits(20.0f / 255.0f)), 1);
    ck_assert_int_eq(allows(&c, &s, fbits(33.0f / 255.0f)), 0); /* x of an element past 36 */
    s = expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 3, 1, 3, VF_ROBUST_OUTSIDE,
               A_ZERO | A_ONE | A_RANGE, 0);
    ck_assert_uint_eq(s.one, ONE_F);
    ck_assert_int_eq(allows(&c, &s, fbits(35.0f / 255.0f)), 1); /* w of the element at 32 */
    ck_assert_int_eq(allows(&c, &s, fbits(2.0f / 255.0f)), 0);
    expect(&c, VF_ROBUST_ATTRIBUTE, 0, 3, 0, 3, VF_ROBUST_OUTSIDE, A_ZERO | A_ONE | A_RANGE, 0);
    ck_assert_uint_eq(count(&c, VF_ROBUST_BUFFER_ACCESS), 16);
    destroy(&c);
}
END_TEST

/* Binding 0 per vertex, in bounds; binding 1 per instance, divisor 2,
 * stride 4, 12 bytes, R32_UINT; binding 2 per instance, divisor 0, 16
 * bytes, R32G32B32A32_SINT. firstInstance 1: binding 1 reads elements 1,
 * 1, 2, 2, 3, 3 (3 is past), binding 2 element 1 (past) for every
 * instance. */
START_TEST(test_instances)
{
    struct vk_case c;
    case_init(&c);
    bind(&c, 0, 4, VF_VK_VERTEX_INPUT_RATE_VERTEX, 64, 0);
    bind(&c, 1, 4, VF_VK_VERTEX_INPUT_RATE_INSTANCE, 12, 0);
    bind(&c, 2, 16, VF_VK_VERTEX_INPUT_RATE_INSTANCE, 16, 0);
    c.div[c.ndiv++] = (vf_vk_vertex_input_binding_divisor_description){ 1, 2 };
    c.div[c.ndiv++] = (vf_vk_vertex_input_binding_divisor_description){ 2, 0 };
    attr(&c, 0, 0, VF_VK_FORMAT_R8G8B8A8_UINT, 0);
    attr(&c, 1, 1, VF_VK_FORMAT_R32_UINT, 0);
    attr(&c, 2, 2, VF_VK_FORMAT_R32G32B32A32_SINT, 0);
    create(&c, VF_VK_FEATURES_ALL & ~VF_VK_FEATURE_LEGACY_VERTEX_ATTRIBUTES);
    c.draw.vertex_count = 2;
    c.draw.instance_count = 6;
    c.draw.first_instance = 1;
    for (uint32_t j = 0; j < 4; j++)
        expect(&c, VF_ROBUST_BUFFER_ACCESS, j, 1, 1, 0, VF_ROBUST_IN_BOUNDS, A_EXACT,
               le32(&c, 1, 4 * (1 + j / 2)));
    for (uint32_t j = 4; j < 6; j++) {
        expect(&c, VF_ROBUST_ROBUSTNESS2, j, 0, 1, 0, VF_ROBUST_OUTSIDE, A_EXACT, 0);
        expect(&c, VF_ROBUST_ROBUSTNESS2, j, 0, 1, 1, VF_ROBUST_OUTSIDE, A_EXACT, 0);
        expect(&c, VF_ROBUST_ROBUSTNESS2, j, 1, 1, 3, VF_ROBUST_OUTSIDE, A_EXACT, 1);
        vf_vk_robust_set s = expect(&c, VF_ROBUST_BUFFER_ACCESS, j, 0, 1, 3, VF_ROBUST_OUTSIDE,
                                    A_ZERO | A_ONE | A_MAX | A_RANGE, 0);
        ck_assert_uint_eq(s.one, 1);
        ck_assert_uint_eq(s.max_int, 0xffffffffu);
        ck_assert_int_eq(allows(&c, &s, 1), 1);      /* the missing A read anywhere */
        ck_assert_int_eq(allows(&c, &s, 2), 0);
        s = expect(&c, VF_ROBUST_BUFFER_ACCESS, j, 0, 1, 0, VF_ROBUST_OUTSIDE, A_ZERO | A_RANGE, 0);
        ck_assert_int_eq(allows(&c, &s, le32(&c, 1, 8)), 1);
        ck_assert_int_eq(allows(&c, &s, le32(&c, 1, 12)), 0); /* past the 12 bytes */
    }
    /* Divisor 0: element firstInstance for every instance, past the end. */
    for (uint32_t j = 0; j < 6; j++) {
        expect(&c, VF_ROBUST_D3D, j, 1, 2, 3, VF_ROBUST_OUTSIDE, A_EXACT, 0);
        vf_vk_robust_set s = expect(&c, VF_ROBUST_ATTRIBUTE, j, 1, 2, 3, VF_ROBUST_OUTSIDE,
                                    A_ZERO | A_ONE | A_MAX | A_RANGE, 0);
        ck_assert_uint_eq(s.max_int, 0x7fffffffu);
        expect(&c, VF_ROBUST_ATTRIBUTE, j, 1, 2, 2, VF_ROBUST_OUTSIDE, A_ZERO | A_RANGE, 0);
        expect(&c, VF_ROBUST_ROBUSTNESS2, j, 1, 0, 0, VF_ROBUST_IN_BOUNDS, A_EXACT,
               c.data[0][4]);
    }
    /* Per vertex-instance pair: 4 words of binding 2 always, 4 of
     * binding 1 for instances 4 and 5. */
    ck_assert_uint_eq(count(&c, VF_ROBUST_D3D), 12 * 4 + 4 * 4);
    c.draw.first_instance = 0;
    expect(&c, VF_ROBUST_ROBUSTNESS2, 5, 0, 2, 0, VF_ROBUST_IN_BOUNDS, A_EXACT, le32(&c, 2, 0));
    ck_assert_uint_eq(count(&c, VF_ROBUST_ROBUSTNESS2), 0);
    destroy(&c);
}
END_TEST

/* R64G64B64_SFLOAT over locations 4 and 5, stride 24, 40 bytes: vertex 1
 * reads location 4 from [24, 40) and location 5 from [40, 48). */
START_TEST(test_64bit)
{
    struct vk_case c;
    case_init(&c);
    bind(&c, 0, 24, VF_VK_VERTEX_INPUT_RATE_VERTEX, 40, 0);
    attr(&c, 4, 0, VF_VK_FORMAT_R64G64B64_SFLOAT, 0);
    create(&c, 0);
    c.draw.vertex_count = 2;
    /* D3D: location 4 read, location 5 zeros; the words the format does
     * not provide (z, w of location 5) are never listed. */
    expect(&c, VF_ROBUST_D3D, 0, 1, 4, 3, VF_ROBUST_IN_BOUNDS, A_EXACT, le32(&c, 0, 36));
    expect(&c, VF_ROBUST_D3D, 0, 1, 5, 1, VF_ROBUST_OUTSIDE, A_EXACT, 0);
    expect(&c, VF_ROBUST_D3D, 0, 1, 5, 2, VF_ROBUST_IN_BOUNDS, A_EXACT, 0);
    ck_assert_uint_eq(count(&c, VF_ROBUST_D3D), 2);
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 1, 4, 1, VF_ROBUST_STRIDE_ROUND, A_EXACT | A_ZERO,
           le32(&c, 0, 28));
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 1, 5, 0, VF_ROBUST_OUTSIDE, A_EXACT, 0);
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 1, 5, 3, VF_ROBUST_IN_BOUNDS, A_EXACT, 0);
    ck_assert_uint_eq(count(&c, VF_ROBUST_ROBUSTNESS2), 6);
    /* robustBufferAccess: z is no w: 0 or 8-byte-aligned words of the
     * buffer where a whole element (24 bytes) fits. */
    vf_vk_robust_set s = expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 1, 5, 1, VF_ROBUST_OUTSIDE,
                                A_ZERO | A_RANGE, 0);
    ck_assert_uint_eq(s.source, 5);
    ck_assert_uint_eq(s.align, 8);
    ck_assert_int_eq(allows(&c, &s, le32(&c, 0, 16 + 4)), 1);
    ck_assert_int_eq(allows(&c, &s, le32(&c, 0, 36)), 1);  /* element at 16, z high */
    ck_assert_int_eq(allows(&c, &s, le32(&c, 0, 32)), 0);  /* a low word */
    ck_assert_int_eq(allows(&c, &s, le32(&c, 0, 28)), 1);  /* element at 8 */
    ck_assert_int_eq(allows(&c, &s, le32(&c, 0, 12)), 0);  /* y high only */
    destroy(&c);

    /* R64G64B64A64: w is words 6 (low) and 7 (high) of 1.0, 1 or the
     * largest integer as 64 bits. */
    static const uint32_t formats[3] = { VF_VK_FORMAT_R64G64B64A64_SFLOAT,
                                         VF_VK_FORMAT_R64G64B64A64_UINT,
                                         VF_VK_FORMAT_R64G64B64A64_SINT };
    static const uint32_t one[3][2] = { { 0, 0x3ff00000u }, { 1, 0 }, { 1, 0 } };
    static const uint32_t max[3][2] = { { 0, 0 }, { 0xffffffffu, 0xffffffffu },
                                        { 0xffffffffu, 0x7fffffffu } };
    for (uint32_t f = 0; f < 3; f++) {
        case_init(&c);
        bind(&c, 0, 32, VF_VK_VERTEX_INPUT_RATE_VERTEX, 32, 0);
        attr(&c, 0, 0, formats[f], 0);
        create(&c, 0);
        c.draw.vertex_count = 1;
        c.draw.first_vertex = 1;
        for (uint32_t h = 0; h < 2; h++) {
            s = expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 0, 1, 2 + h, VF_ROBUST_OUTSIDE,
                       A_ZERO | A_ONE | (max[f][h] ? A_MAX : 0) | A_RANGE, 0);
            ck_assert_uint_eq(s.one, one[f][h]);
            if (max[f][h])
                ck_assert_uint_eq(s.max_int, max[f][h]);
            ck_assert_int_eq(allows(&c, &s, le32(&c, 0, 24 + 4 * h)), 1);
            expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 0, 1, 2 + h, VF_ROBUST_OUTSIDE, A_EXACT, 0);
        }
        ck_assert_uint_eq(count(&c, VF_ROBUST_BUFFER_ACCESS), 8);
        destroy(&c);
    }
}
END_TEST

/* sRGB R, G, B and UNORM A; a format without alpha reads w as 1.0. */
START_TEST(test_srgb_packed)
{
    struct vk_case c;
    case_init(&c);
    c.data[0][0] = 255;
    c.data[0][1] = 10;
    bind(&c, 0, 4, VF_VK_VERTEX_INPUT_RATE_VERTEX, 6, 0);
    bind(&c, 1, 4, VF_VK_VERTEX_INPUT_RATE_VERTEX, 6, 0);
    attr(&c, 0, 0, VF_VK_FORMAT_R8G8B8A8_SRGB, 0);
    attr(&c, 1, 1, VF_VK_FORMAT_A2B10G10R10_SNORM_PACK32, 0);
    create(&c, 0);
    c.draw.vertex_count = 2;
    vf_vk_robust_set s = expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 1, 0, 0, VF_ROBUST_OUTSIDE,
                                A_ZERO | A_RANGE, 0);
    ck_assert_int_eq(allows(&c, &s, ONE_F), 1);                           /* 255 at 0 */
    ck_assert_int_eq(allows(&c, &s, fbits((float)(10.0 / 255.0 / 12.92))), 1); /* 10 at 1 */
    ck_assert_int_eq(allows(&c, &s, fbits(10.0f / 255.0f)), 0);          /* not linearised */
    s = expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 1, 0, 3, VF_ROBUST_OUTSIDE,
               A_ZERO | A_ONE | A_RANGE, 0);
    ck_assert_int_eq(allows(&c, &s, fbits(4.0f / 255.0f)), 1);           /* alpha is UNORM */
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 1, 0, 3, VF_ROBUST_OUTSIDE, A_EXACT, 0);
    /* Packed: the whole element is the step; the stride-rounded range is
     * 4, so vertex 1's [4, 8) is outside. */
    s = expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 1, 1, 0, VF_ROBUST_OUTSIDE, A_ZERO | A_RANGE, 0);
    ck_assert_uint_eq(s.align, 4);
    ck_assert_uint_eq(s.format, VF_VK_FORMAT_A2B10G10R10_SNORM_PACK32);
    destroy(&c);

    case_init(&c);
    bind(&c, 0, 3, VF_VK_VERTEX_INPUT_RATE_VERTEX, 3, 0);
    attr(&c, 0, 0, VF_VK_FORMAT_R8G8B8_SRGB, 0);
    attr(&c, 1, 0, VF_VK_FORMAT_R8_USCALED, 2);
    create(&c, 0);
    c.draw.vertex_count = 2;
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 1, 0, 3, VF_ROBUST_OUTSIDE, A_EXACT, ONE_F);
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 1, 1, 3, VF_ROBUST_OUTSIDE, A_EXACT, ONE_F);
    s = expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 1, 1, 0, VF_ROBUST_OUTSIDE, A_ZERO | A_RANGE, 0);
    ck_assert_int_eq(allows(&c, &s, fbits(2.0f)), 1); /* SCALED: the integer as a float */
    ck_assert_int_eq(allows(&c, &s, 2), 0);
    s = expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 1, 1, 3, VF_ROBUST_OUTSIDE,
               A_ZERO | A_ONE | A_RANGE, 0);
    ck_assert_uint_eq(s.one, ONE_F);
    destroy(&c);
}
END_TEST

/* nullDescriptor: a binding with no buffer is a null buffer in every
 * Vulkan mode, (0, 0, 0, 1.0) for R32G32_SFLOAT; vf_vk_draw's word (the
 * D3D mode) is 0, 0, 0, 0. */
START_TEST(test_null_buffer)
{
    struct vk_case c;
    case_init(&c);
    bind(&c, 0, 8, VF_VK_VERTEX_INPUT_RATE_VERTEX, 64, 0);
    attr(&c, 0, 0, VF_VK_FORMAT_R32G32_SFLOAT, 0);
    create(&c, VF_VK_FEATURE_NULL_DESCRIPTOR);
    c.vb[0].data = NULL;
    c.draw.vertex_count = 1;
    /* Zeros with the (0, 0, 1) defaults in every mode, vf_vk_draw's own
     * words (the d3d mode) included (vkCmdBindVertexBuffers). */
    for (uint32_t m = 0; m < VF_ROBUST_MODE_COUNT; m++) {
        expect(&c, m, 0, 0, 0, 0, VF_ROBUST_UNBOUND, A_EXACT, 0);
        expect(&c, m, 0, 0, 0, 3, VF_ROBUST_UNBOUND, A_EXACT, ONE_F);
    }
    c.draw.num_vertex_buffers = 0; /* past the bound bindings: the same */
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 0, 0, 3, VF_ROBUST_UNBOUND, A_EXACT, ONE_F);
    destroy(&c);
}
END_TEST

/* Indexed: 2 uint16 indices for 4 positions, vertexOffset 1, restart on
 * with index 1 = 0xffff. Position 2 and 3 read past the index buffer. */
START_TEST(test_indices)
{
    struct vk_case c;
    case_init(&c);
    bind(&c, 0, 4, VF_VK_VERTEX_INPUT_RATE_VERTEX, 12, 0);
    attr(&c, 0, 0, VF_VK_FORMAT_R32_SFLOAT, 0);
    create(&c, 0);
    c.index[0] = 1;
    c.index[2] = 0xff;
    c.index[3] = 0xff;
    c.ib = (vf_vk_index_buffer_binding){ c.index, 4, 0, VF_VK_INDEX_TYPE_UINT16 };
    c.draw.index_buffer = &c.ib;
    c.draw.indexed = 1;
    c.draw.vertex_offset = 1;
    c.draw.vertex_count = 4;
    c.draw.topology = VF_VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
    c.draw.primitive_restart_enable = 1;
    /* Position 0: index 1 + 1 = element 2, [8, 12): in bounds. */
    expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 0, 0, 0, VF_ROBUST_IN_BOUNDS, A_EXACT, le32(&c, 0, 8));
    /* Position 1: the restart index, nothing read. */
    expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 1, 0, 0, VF_ROBUST_IN_BOUNDS, A_EXACT, 0);
    /* Position 2: past the index buffer: index 0 (element 1) under
     * robustness2, undefined under robustBufferAccess. */
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 2, 0, 0, VF_ROBUST_INDEX_PAST, A_EXACT, le32(&c, 0, 4));
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 2, 0, 3, VF_ROBUST_INDEX_PAST, A_EXACT, ONE_F);
    expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 3, 0, 0, VF_ROBUST_INDEX_PAST, VF_ROBUST_ALLOW_ANY, 0);
    expect(&c, VF_ROBUST_D3D, 0, 3, 0, 0, VF_ROBUST_INDEX_PAST, A_EXACT, le32(&c, 0, 4));
    ck_assert_uint_eq(count(&c, VF_ROBUST_ATTRIBUTE), 8);
    /* vertexOffset 2 pushes position 0 to element 3, past 12 bytes. */
    c.draw.vertex_offset = 2;
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 0, 0, 0, VF_ROBUST_OUTSIDE, A_EXACT, 0);
    /* ... and position 2 (index 0) to element 2, [8, 12). */
    expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 2, 0, 0, VF_ROBUST_INDEX_PAST, A_EXACT, le32(&c, 0, 8));
    destroy(&c);
}
END_TEST

/* Every listed set equals the single query's, in order, whatever the
 * page size; the D3D mode's exact words are vf_vk_draw's. */
static void check_listing(const struct vk_case *c)
{
    for (uint32_t m = 0; m < VF_ROBUST_MODE_COUNT; m++) {
        uint64_t n = count(c, m);
        vf_vk_robust_set *all = calloc(n + 1, sizeof(*all));
        size_t got = 0;
        ck_assert_ptr_nonnull(all);
        ck_assert_int_eq(vf_vk_robust_list(c->vi, &c->draw, m, 0, all, n + 1, &got), VF_OK);
        ck_assert_uint_eq(got, n);
        for (size_t k = 0; k < n; k++) {
            vf_vk_robust_set one, page[3];
            ck_assert_int_eq(vf_vk_robust_set_at(c->vi, &c->draw, m, all[k].instance,
                                                 all[k].position, all[k].location,
                                                 all[k].component, &one), VF_OK);
            ck_assert_int_eq(memcmp(&one, &all[k], sizeof(one)), 0);
            ck_assert_uint_ne(one.reason, VF_ROBUST_IN_BOUNDS);
            ck_assert_int_eq(vf_vk_robust_list(c->vi, &c->draw, m, k, page, 3, &got), VF_OK);
            ck_assert_uint_eq(got, n - k < 3 ? n - k : 3);
            ck_assert_int_eq(memcmp(&page[0], &all[k], sizeof(one)), 0);
        }
        free(all);
    }
}

static void check_d3d_words(const struct vk_case *c)
{
    size_t size = 0;
    ck_assert_int_eq(vf_vk_draw_output_size(c->vi, c->draw.vertex_count,
                                            c->draw.instance_count, &size), VF_OK);
    uint32_t *out = aligned_alloc(16, (size + 15) / 16 * 16 + 16);
    ck_assert_ptr_nonnull(out);
    ck_assert_int_eq(vf_vk_draw(c->vi, &c->draw, out, size, NULL), VF_OK);
    uint32_t regs = vf_vk_vertex_input_register_count(c->vi);
    for (uint32_t j = 0; j < c->draw.instance_count; j++)
        for (uint32_t i = 0; i < c->draw.vertex_count; i++)
            for (uint32_t g = 0; g < regs; g++) {
                uint32_t loc;
                ck_assert_int_eq(vf_vk_vertex_input_register_location(c->vi, g, &loc), VF_OK);
                for (uint32_t k = 0; k < 4 && loc != UINT32_MAX; k++) {
                    vf_vk_robust_set s;
                    ck_assert_int_eq(vf_vk_robust_set_at(c->vi, &c->draw, VF_ROBUST_D3D, j, i,
                                                         loc, k, &s), VF_OK);
                    ck_assert_uint_eq(s.reg, g);
                    ck_assert_uint_eq(s.allow, A_EXACT);
                    ck_assert_uint_eq(s.exact, out[((size_t)j * c->draw.vertex_count + i) *
                                                   regs * 4 + g * 4 + k]);
                }
            }
    free(out);
}

START_TEST(test_listing)
{
    struct vk_case c;
    straddle_case(&c);
    check_listing(&c);
    check_d3d_words(&c);
    destroy(&c);
    case_init(&c);
    bind(&c, 0, 24, VF_VK_VERTEX_INPUT_RATE_VERTEX, 40, 0);
    bind(&c, 1, 8, VF_VK_VERTEX_INPUT_RATE_INSTANCE, 20, 4);
    c.div[c.ndiv++] = (vf_vk_vertex_input_binding_divisor_description){ 1, 3 };
    attr(&c, 0, 1, VF_VK_FORMAT_B8G8R8A8_SRGB, 0);
    attr(&c, 2, 0, VF_VK_FORMAT_R64G64B64_UINT, 0);
    attr(&c, 5, 1, VF_VK_FORMAT_R16G16_SSCALED, 4);
    create(&c, VF_VK_FEATURES_ALL & ~VF_VK_FEATURE_LEGACY_VERTEX_ATTRIBUTES);
    c.draw.vertex_count = 3;
    c.draw.instance_count = 7;
    check_listing(&c);
    check_d3d_words(&c);
    destroy(&c);
}
END_TEST

START_TEST(test_errors)
{
    struct vk_case c;
    vf_vk_robust_set s;
    uint64_t n = 7;
    size_t w = 9;
    int yes = 5;
    straddle_case(&c);
    ck_assert_int_eq(vf_vk_robust_set_at(NULL, &c.draw, 0, 0, 0, 0, 0, &s), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_vk_robust_set_at(c.vi, NULL, 0, 0, 0, 0, 0, &s), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_vk_robust_set_at(c.vi, &c.draw, 0, 0, 0, 0, 0, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_vk_robust_set_at(c.vi, &c.draw, 4, 0, 0, 0, 0, &s),
                     VF_ERROR_INVALID_ROBUST_MODE);
    ck_assert_int_eq(vf_vk_robust_set_at(c.vi, &c.draw, 0, 1, 0, 0, 0, &s), VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_vk_robust_set_at(c.vi, &c.draw, 0, 0, 4, 0, 0, &s), VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_vk_robust_set_at(c.vi, &c.draw, 0, 0, 0, 2, 0, &s),
                     VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_vk_robust_set_at(c.vi, &c.draw, 0, 0, 0, 0, 4, &s),
                     VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_vk_robust_count(c.vi, &c.draw, 0, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_vk_robust_list(c.vi, &c.draw, 0, 0, NULL, 1, &w), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_vk_robust_list(c.vi, &c.draw, 0, 0, &s, 1, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_uint_eq(w, 9);
    ck_assert_int_eq(vf_vk_robust_list(c.vi, &c.draw, 0, 100, &s, 1, &w), VF_OK);
    ck_assert_uint_eq(w, 0);
    /* The draw's own errors: no buffer without nullDescriptor, an offset
     * past the buffer, a bad struct_size. */
    c.vb[0].data = NULL;
    ck_assert_int_eq(vf_vk_robust_count(c.vi, &c.draw, 1, &n), VF_ERROR_VK_VERTEX_BUFFER_NOT_BOUND);
    c.vb[0] = (vf_vk_vertex_buffer_binding){ c.data[0], 36, 36 };
    ck_assert_int_eq(vf_vk_robust_count(c.vi, &c.draw, 1, &n), VF_ERROR_VK_OFFSET_PAST_END);
    c.vb[0].offset = 2;
    c.draw.struct_size = 1;
    ck_assert_int_eq(vf_vk_robust_count(c.vi, &c.draw, 1, &n), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_uint_eq(n, 7);
    c.draw.struct_size = sizeof(c.draw);
    /* Sets these calls could not make. */
    ck_assert_int_eq(vf_vk_robust_set_at(c.vi, &c.draw, 2, 0, 3, 0, 0, &s), VF_OK);
    vf_vk_robust_set bad = s;
    ck_assert_int_eq(vf_vk_robust_allows(NULL, &s, 0, &yes), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_vk_robust_allows(&c.draw, &s, 0, NULL), VF_ERROR_NULL_POINTER);
    bad.allow = 0;
    ck_assert_int_eq(vf_vk_robust_allows(&c.draw, &bad, 0, &yes), VF_ERROR_INVALID_ARGUMENT);
    bad = s;
    bad.range_bytes = 37;
    ck_assert_int_eq(vf_vk_robust_allows(&c.draw, &bad, 0, &yes), VF_ERROR_INVALID_ARGUMENT);
    bad = s;
    bad.align = 3;
    ck_assert_int_eq(vf_vk_robust_allows(&c.draw, &bad, 0, &yes), VF_ERROR_INVALID_ARGUMENT);
    bad = s;
    bad.binding = 1;
    ck_assert_int_eq(vf_vk_robust_allows(&c.draw, &bad, 0, &yes), VF_ERROR_INVALID_ARGUMENT);
    bad = s;
    bad.source = 4;
    ck_assert_int_eq(vf_vk_robust_allows(&c.draw, &bad, 0, &yes), VF_ERROR_INVALID_ARGUMENT);
    bad = s;
    bad.format = 1;
    ck_assert_int_eq(vf_vk_robust_allows(&c.draw, &bad, 0, &yes), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(yes, 5);
    destroy(&c);
}
END_TEST

START_TEST(test_describe)
{
    struct vk_case c;
    char buf[160];
    straddle_case(&c);
    vf_vk_robust_set s = expect(&c, VF_ROBUST_BUFFER_ACCESS, 0, 3, 1, 3, VF_ROBUST_OUTSIDE,
                                A_ZERO | A_ONE | A_RANGE, 0);
    const char *want = "{0x00000000, 0x3f800000, R8G8B8A8_UNORM.w of binding 0 bytes [0, 36) "
                       "step 1}";
    ck_assert_uint_eq(vf_vk_robust_describe(&s, buf, sizeof(buf)), strlen(want));
    ck_assert_str_eq(buf, want);
    ck_assert_uint_eq(vf_vk_robust_describe(&s, buf, 5), strlen(want));
    ck_assert_str_eq(buf, "{0x0");
    ck_assert_uint_eq(vf_vk_robust_describe(&s, NULL, 0), strlen(want));
    ck_assert_uint_eq(vf_vk_robust_describe(NULL, buf, sizeof(buf)), 0);
    s = expect(&c, VF_ROBUST_ROBUSTNESS2, 0, 3, 1, 3, VF_ROBUST_OUTSIDE, A_EXACT, 0);
    vf_vk_robust_describe(&s, buf, sizeof(buf));
    ck_assert_str_eq(buf, "{0x00000000 exactly}");
    destroy(&c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("vk_robust");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_straddle);
    tcase_add_test(tc, test_instances);
    tcase_add_test(tc, test_64bit);
    tcase_add_test(tc, test_srgb_packed);
    tcase_add_test(tc, test_null_buffer);
    tcase_add_test(tc, test_indices);
    tcase_add_test(tc, test_listing);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_describe);
    suite_add_tcase(s, tc);
    return vf_test_run(s);
}
