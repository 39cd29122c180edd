/*
 * test_oob.c - vfetch-vk's out-of-bounds rules without a driver: where a
 * fetch lands in D3D's and Vulkan's address arithmetic (fetch_addr.c), the
 * robustBufferAccess range cut to a multiple of the stride, and the set of
 * vectors robustBufferAccess allows (fetch_oob.c). Every expected value is
 * written out here from the D3D and Vulkan rules, as float bits.
 */
#include <stdio.h>
#include <string.h>

#include "fetch_addr.h"
#include "fetch_oob.h"
#include "vk_check.h"

#define F1 0x3f800000u /* 1.0f */
#define F2 0x40000000u /* 2.0f */
#define F3 0x40400000u /* 3.0f */

/* An indexed draw of one R32_FLOAT element at byte 4 of a 12-byte view
 * with stride 4, base vertex `base`, indices {0, 1, 2}. */
static void indexed_case(struct vf_case *c, vf_index_buffer_view *ib, const uint32_t *idx,
                         int32_t base)
{
    static const float data[3] = { 1.0f, 2.0f, 3.0f };
    static vf_input_element_desc element;

    memset(c, 0, sizeof(*c));
    memset(&element, 0, sizeof(element));
    element.semantic_name = "A";
    element.format = VF_FORMAT_R32_FLOAT;
    element.aligned_byte_offset = 4;
    c->elements = &element;
    c->num_elements = 1;
    c->vertex_buffers[0] = (vf_vertex_buffer_view){ data, 12, 4 };
    c->num_vertex_buffers = 1;
    *ib = (vf_index_buffer_view){ idx, 12, VF_FORMAT_R32_UINT };
    c->draw.indexed = 1;
    c->draw.index_buffer = ib;
    c->draw.vertex_count_per_instance = 3;
    c->draw.instance_count = 1;
    c->draw.base_vertex_location = base;
}

static void test_places(void)
{
    static const uint32_t idx[3] = { 0, 1, 2 };
    const uint32_t offsets[1] = { 4 };
    vf_index_buffer_view ib;
    struct vf_case c;
    int64_t wide;

    /* Base 0: elements 0, 1 at bytes 4, 8 are inside; element 2 at byte 12 is
     * past the 12-byte view in every reading. */
    indexed_case(&c, &ib, idx, 0);
    CHECK(vkf_fetch_place(&c, offsets, 0, 0, 0, &wide) == VKF_FETCH_IN && wide == 4);
    CHECK(vkf_fetch_place(&c, offsets, 0, 1, 0, &wide) == VKF_FETCH_IN && wide == 8);
    CHECK(vkf_fetch_place(&c, offsets, 0, 2, 0, &wide) == VKF_FETCH_OUT && wide == 12);
    CHECK(vkf_case_reads_out(&c, offsets));
    /* Base -1: index 0 is element 0xFFFFFFFF, whose 32-bit address wraps to
     * byte 0 (D3D: in bounds) while the 32-bit element number with a 64-bit
     * address is far past the view: the readings differ. */
    indexed_case(&c, &ib, idx, -1);
    CHECK(vkf_fetch_place(&c, offsets, 0, 0, 0, &wide) == VKF_FETCH_WRAPS && wide == 0);
    CHECK(vkf_fetch_place(&c, offsets, 0, 1, 0, &wide) == VKF_FETCH_IN && wide == 4);
    /* Base -3: index 0 is element -3 (byte -8): before the view in every
     * reading (0xFFFFFFF8 in 32 bits). */
    indexed_case(&c, &ib, idx, -3);
    CHECK(vkf_fetch_place(&c, offsets, 0, 0, 0, &wide) == VKF_FETCH_OUT && wide == -8);
    /* An index read past the index view is 0 (rules 5.1). */
    ib.size_in_bytes = 6; /* index 1 has two of its four bytes inside */
    CHECK(vkf_read_index(&c.draw, 0) == 0 && vkf_read_index(&c.draw, 1) == 0);
    indexed_case(&c, &ib, idx, 0);
    c.draw.vertex_count_per_instance = 2;
    CHECK(!vkf_case_reads_out(&c, offsets));
}

static void test_rba_range(void)
{
    /* View 44, stride 16: the range is cut to 32. */
    CHECK(vkf_rba_out(32, 8, 44, 16));       /* 32 + 8 > 32 */
    CHECK(!vkf_rba_out(24, 8, 44, 16));      /* 24 + 8 = 32 */
    CHECK(vkf_rba_out(40, 4, 44, 16));       /* inside the view, past the cut */
    CHECK(!vkf_rba_out(40, 4, 44, 0));       /* stride 0: no cut */
    CHECK(vkf_rba_out(-4, 4, 44, 0));        /* before the view */
    CHECK(vkf_rba_out(0, 8, 48, 64));        /* stride past the view: range 0 */
}

static void test_rba_set(void)
{
    /* R32G32_FLOAT: a view of 1.0, 2.0 and 3.0 (12 bytes). */
    static const float view[3] = { 1.0f, 2.0f, 3.0f };
    const struct vkf_oob_element el = { VF_FORMAT_R32G32_FLOAT, VF_DEFAULT_COMPONENT_MAPPING,
                                        (const uint8_t *)view, 12 };
    const uint32_t zero_rule[4] = { 0, 0, 0, F1 }, zeros[4] = { 0, 0, 0, 0 };
    const uint32_t window[4] = { F2, F3, 0, F1 };     /* the bytes at offset 4 */
    const uint32_t poison[4] = { 0xa5a5a5a5u, 0xa5a5a5a5u, 0, F1 };
    const uint32_t tail[4] = { F3, 0xa5a5a5a5u, 0, F1 }; /* crosses the view's end */
    const uint32_t wrong[4] = { F1, F3, 0, F1 }, wrong_w[4] = { 0, 0, 0, F2 };
    uint32_t near[4], rule[4];

    vkf_oob_zero_rule(&el, rule);
    CHECK(memcmp(rule, zero_rule, sizeof(rule)) == 0);
    CHECK(vkf_rba_allows(&el, zero_rule, near));
    CHECK(vkf_rba_allows(&el, zeros, near));
    CHECK(vkf_rba_allows(&el, window, near));
    CHECK(vkf_rba_allows(&el, poison, near));
    CHECK(vkf_rba_allows(&el, tail, near));
    CHECK(!vkf_rba_allows(&el, wrong, near));
    CHECK(near[0] == F1 || near[1] == F3); /* three words shared with a window */
    CHECK(!vkf_rba_allows(&el, wrong_w, near)); /* x is 0.0 or 1.0 for floats */
}

static void test_rba_integers(void)
{
    /* R16G16_SINT, mapping (x, y, 1, w): (0, 0, 0, x) vectors with x the
     * largest int are allowed; the forced 1 stays 1. */
    static const uint8_t view[4] = { 1, 0, 2, 0 };
    const uint32_t mapping = VF_ENCODE_COMPONENT_MAPPING(0, 1, VF_COMPONENT_MAPPING_FORCE_VALUE_1, 3);
    const struct vkf_oob_element el = { VF_FORMAT_R16G16_SINT, mapping, view, 4 };
    const uint32_t max_w[4] = { 0, 0, 1, 0x7fffffffu }, rule_w[4] = { 0, 0, 1, 1 };
    const uint32_t data[4] = { 1, 2, 1, 1 }, uint_max[4] = { 0, 0, 1, 0xffffffffu };
    uint32_t near[4];

    CHECK(vkf_rba_allows(&el, max_w, near));
    CHECK(vkf_rba_allows(&el, rule_w, near));
    CHECK(vkf_rba_allows(&el, data, near));
    CHECK(!vkf_rba_allows(&el, uint_max, near)); /* the largest int is 0x7FFFFFFF */
}

int main(void)
{
    test_places();
    test_rba_range();
    test_rba_set();
    test_rba_integers();
    return vk_check_result("vfetch-vk out-of-bounds rules");
}
