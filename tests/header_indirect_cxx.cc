// header_indirect_cxx.cc - vfetch_indirect.h must compile alone as C++ and
// link against the C library (extern "C").
#include <vfetch_indirect.h>

static_assert(sizeof(vf_indirect_argument_desc) == 16, "D3D12_INDIRECT_ARGUMENT_DESC size");

int main()
{
    vf_execute_indirect_desc desc;
    vf_execute_indirect_desc_init(&desc);
    vf_indirect_walk walk;
    // No signature: a clear error, nothing else.
    return vf_execute_indirect_begin(&desc, &walk, nullptr) == VF_ERROR_NULL_POINTER ? 0 : 1;
}
