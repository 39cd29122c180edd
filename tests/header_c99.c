/* header_c99.c - vfetch.h must compile alone as strict C99 (built with
 * -std=c99 -pedantic-errors) and its macros must be constant expressions. */
#include <vfetch.h>

static const uint32_t mappings[] = {
    VF_DEFAULT_COMPONENT_MAPPING,
    VF_ENCODE_COMPONENT_MAPPING(2, 1, 0, VF_COMPONENT_MAPPING_FORCE_VALUE_1),
};

int main(void)
{
    vf_input_element_desc desc = { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0,
                                   VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 };
    vf_vertex_buffer_view vbv = { 0, 0, 0 };
    vf_index_buffer_view ibv = { 0, 0, VF_FORMAT_R16_UINT };
    const vf_format_desc *info = vf_format_info(desc.format);
    (void)vbv;
    (void)ibv;
    if (info == 0 || info->bytes != 12 || mappings[0] != 0x1688u || mappings[1] != 0x1a0au)
        return 1;
    return VF_DECODE_COMPONENT_MAPPING(3, mappings[1]) == 5 ? 0 : 1;
}
