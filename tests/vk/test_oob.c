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

int main(void)
{
    test_places();
    test_rba_range();
    return vk_check_result("vfetch-vk out-of-bounds rules");
}
