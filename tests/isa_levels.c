/*
 * isa_levels.c - prints the instruction-set levels built into this library,
 * best first, one name per line, scalar excluded: the levels
 * tests/run-isa-matrix.sh turns off one by one. The list comes from
 * lib/isa.def, so a new level joins the matrix with its row.
 */
#include "config.h"

#include <stdio.h>

#include "dispatch.h"
#include "vfetch.h"

int main(void)
{
    static const uint32_t order[] = {
#define VF_ISA(id, name, below, guard, arch, edx, ecx, ebx, xcr0) VF_ISA_##id,
#include "isa.def"
#undef VF_ISA
    };
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (order[i] != VF_ISA_SCALAR && vf_isa_get(order[i]) != NULL)
            printf("%s\n", vf_isa_name(order[i]));
    return 0;
}
