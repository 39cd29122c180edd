/*
 * jit.c - which path a layout runs: the generated slot kernels
 * (lib/x86/jit/) or its elements' kernels, and the public query. The
 * generator itself is built only on x86-64 with HAVE_JIT; elsewhere every
 * layout says why it runs the per-element kernels.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vf_internal.h"

#ifdef HAVE_JIT
VF_HIDDEN void vf_jit_generate(struct vf_layout *layout, int forced);
VF_HIDDEN void vf_jit_unmap(void *map, size_t bytes);
#endif

/* VFETCH_JIT when a layout is created: 0 (or off) keeps it on the
 * per-element kernels, as options.generator = VF_GENERATOR_OFF does; 1 (or
 * on) generates code for every slot it can take without timing it against
 * the elements' kernels (jit_choose.c). A switch for a whole process: test
 * suites, a bisection. -1 when unset or anything else. */
static int jit_env(void)
{
    const char *env = getenv("VFETCH_JIT");
    if (env == NULL)
        return -1;
    if (strcmp(env, "0") == 0 || strcmp(env, "off") == 0)
        return 0;
    return strcmp(env, "1") == 0 || strcmp(env, "on") == 0 ? 1 : -1;
}

void vf_jit_build(struct vf_layout *layout, uint32_t generator)
{
    struct vf_jit_state *j = &layout->jit;
    memset(j, 0, sizeof(*j));
#ifdef VF_TEST_SWITCHES
    /* Test builds: VFETCH_STREAM=1 when the layout is created streams its
     * draws whatever their size, so small tests reach the streaming kernels. */
    const char *stream = getenv("VFETCH_STREAM");
    layout->stream_always = stream != NULL && strcmp(stream, "1") == 0;
#endif
    j->path = VF_KERNEL_PATH_PER_ELEMENT;
    for (uint32_t s = 0; s < layout->num_slots; s++)
        j->slots += layout->slots[s].slot_class == VF_INPUT_PER_VERTEX_DATA;
#ifdef HAVE_JIT
    int env = jit_env();
    if (generator == VF_GENERATOR_OFF)
        snprintf(j->reason, sizeof j->reason, "turned off by options.generator");
    else if (env == 0)
        snprintf(j->reason, sizeof j->reason, "turned off by VFETCH_JIT=%s", getenv("VFETCH_JIT"));
    else if (layout->isa != VF_ISA_AVX2 && layout->isa != VF_ISA_AVX512)
        snprintf(j->reason, sizeof j->reason, "ISA %s has no generator (needs avx2)",
                 vf_isa_name(layout->isa));
    else
        vf_jit_generate(layout, env == 1);
#else
    (void)jit_env;
    (void)generator;
    snprintf(j->reason, sizeof j->reason, "built without the generator");
#endif
}

void vf_jit_release(struct vf_layout *layout)
{
#ifdef HAVE_JIT
    if (layout->jit.map != NULL)
        vf_jit_unmap(layout->jit.map, layout->jit.map_bytes);
#endif
    layout->jit.map = NULL;
}

vf_result vf_layout_kernel_path(const vf_layout *layout, vf_kernel_path_info *info_ret)
{
    if (layout == NULL || info_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    const struct vf_jit_state *j = &layout->jit;
    info_ret->path = (vf_kernel_path)j->path;
    info_ret->reason = j->reason;
    info_ret->slots = j->slots;
    info_ret->generated_slots = j->generated_slots;
    info_ret->code_bytes = j->code_bytes;
    info_ret->generation_ns = j->generation_ns;
    info_ret->quad_slots = j->quad_slots;
    info_ret->line_slots = j->line_slots;
    info_ret->soa_slots = j->soa_slot.jit_strided != NULL;
    return VF_OK;
}

const char *vf_kernel_path_name(vf_kernel_path path)
{
    switch (path) {
    case VF_KERNEL_PATH_PER_ELEMENT: return "per-element";
    case VF_KERNEL_PATH_GENERATED: return "generated";
    case VF_KERNEL_PATH_MIXED: return "mixed";
    }
    return "unknown";
}
