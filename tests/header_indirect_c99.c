/* header_indirect_c99.c - vfetch_indirect.h must compile alone as strict
 * C99 (built with -std=c99 -pedantic-errors), and a signature written with
 * its constants must pass the library's check. */
#include <vfetch_indirect.h>

int main(void)
{
    vf_indirect_argument_desc args[2] = { { VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW, { { 2 } } },
                                          { VF_INDIRECT_ARGUMENT_TYPE_DRAW, { { 0 } } } };
    vf_command_signature_desc sig = { VF_INDIRECT_VIEW_ARGUMENT_SIZE + VF_INDIRECT_DRAW_ARGUMENTS_SIZE,
                                      2, args, 0 };
    vf_command_signature_info info;
    if (vf_command_signature_check(&sig, &info, 0) != VF_OK)
        return 1;
    return info.vertex_slot_mask == 4u && info.draw_offset == 16u ? 0 : 1;
}
