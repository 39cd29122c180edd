// header_cxx.cc - vfetch.h must compile alone as C++ and link against the C
// library (extern "C").
#include <vfetch.h>

static_assert(VF_DEFAULT_COMPONENT_MAPPING == 0x1688u, "identity mapping");
static_assert(VF_ENCODE_COMPONENT_MAPPING(2, 1, 0, 5) == 0x1a0au, "encode");

int main()
{
    vf_format format = 0;
    if (vf_format_from_name("DXGI_FORMAT_R8G8B8A8_UNORM", &format) != VF_OK ||
        format != VF_FORMAT_R8G8B8A8_UNORM)
        return 1;
    vf_input_element_desc desc = { "TEXCOORD", 1, format, 0, VF_APPEND_ALIGNED_ELEMENT,
                                   VF_INPUT_PER_INSTANCE_DATA, 1 };
    const vf_format_desc *info = vf_format_info(desc.format);
    return info != nullptr && info->bytes == 4 ? 0 : 1;
}
