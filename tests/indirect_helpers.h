/* indirect_helpers.h - random ExecuteIndirect calls for the indirect
 * suites: a signature, an argument buffer and a count buffer on guard
 * pages, address ranges on guard pages, and the state before the call,
 * with the same signature in the reference's form (tests/ref/indirect_ref.h). */
#ifndef VF_TESTS_INDIRECT_HELPERS_H
#define VF_TESTS_INDIRECT_HELPERS_H

#include "vfetch_indirect.h"
#include "indirect_ref.h"
#include "test_util.h"

#define IH_SLOTS 4u
#define IH_MAX_ARGS 16u /* 4 constants, 4 root views, 4 vertex views, 3 more */
#define IH_RANGES 2u

struct icase {
    vf_indirect_argument_desc args[IH_MAX_ARGS];
    iref_arg ref_args[IH_MAX_ARGS];
    vf_command_signature_desc sig;
    vf_guarded argbuf, countbuf, range_mem[IH_RANGES];
    vf_gpu_address_range ranges[IH_RANGES];
    iref_range ref_ranges[IH_RANGES];
    vf_vertex_buffer_view vbs[IH_SLOTS];
    vf_index_buffer_view ib;
    vf_execute_indirect_desc desc;
    uint32_t count_value;
};

/* A random valid call; guard_before puts the argument buffer's first byte
 * after a PROT_NONE page (offset 0), else its last byte before one. */
void icase_make(struct icase *c, vf_rng *rng, int guard_before);
void icase_free(struct icase *c);

#endif
