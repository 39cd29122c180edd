/*
 * jit_layout.c - generates a layout's slot kernels into one W^X mapping
 * (jit_map.c): emitted into a heap buffer, then copied into the mapping,
 * which is unmapped with the layout. The code of a layout is capped at
 * VF_JIT_MAX_CODE bytes, which also bounds the time spent generating it.
 */
/* clock_gettime's CLOCK_MONOTONIC. */
#define _DEFAULT_SOURCE 1
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jit_format.h"
#include "jit_quad.h"
#include "jit_record.h"

/* 32 slots of two kernels of up to 32 elements (~70 bytes each) fit. */
#define VF_JIT_MAX_CODE (160u * 1024u)

VF_HIDDEN void vf_jit_generate(struct vf_layout *layout, int forced);

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* The first fetched element of a slot without a template, or NULL. */
static const struct vf_element *untaken(const struct vf_layout *L, const struct vf_slot *slot)
{
    for (uint32_t f = 0; f < slot->num_fetch; f++) {
        const struct vf_element *e = &L->elements[L->fetch[slot->first_fetch + f]];
        if (!vf_jit_format_ok(e->format))
            return e;
    }
    return NULL;
}

/* Emits both kernels of every slot it can take; offsets[s] = (strided,
 * gather), or SIZE_MAX for a slot left to the per-element kernels; then,
 * for a whole-record slot, its streaming pair at offsets[num_slots], or
 * for SoA batches of one, their pair at offsets[num_slots + 1] and, where
 * they go out as whole lines, its non-temporal twin at
 * offsets[num_slots + 2]. */
static void emit_slots(struct vf_layout *L, struct vf_jit_buf *b, size_t offsets[][2], int forced)
{
    for (uint32_t t = 0; t <= 2; t++) /* the three twins: none yet */
        offsets[L->num_slots + t][0] = offsets[L->num_slots + t][1] = SIZE_MAX;
    struct vf_jit_state *j = &L->jit;
    for (uint32_t s = 0; s < L->num_slots; s++) {
        const struct vf_slot *slot = &L->slots[s];
        offsets[s][0] = offsets[s][1] = SIZE_MAX;
        if (slot->slot_class != VF_INPUT_PER_VERTEX_DATA)
            continue;
        const struct vf_element *e = untaken(L, slot);
        if (e != NULL) {
            /* A Vulkan-only format has no DXGI name (vulkan_internal.h). */
            const char *name = vf_format_name(e->format);
            if (j->reason[0] == '\0')
                snprintf(j->reason, sizeof j->reason, "slot %u: %s has no template",
                         (unsigned)slot->slot, name ? name : "a Vulkan-only format");
            continue;
        }
        int loop = vf_jit_choose_loop(L, slot, forced);
        if (loop == VF_JIT_LOOP_ELEMENTS) {
            if (j->reason[0] == '\0')
                snprintf(j->reason, sizeof j->reason,
                         "slot %u: its elements' kernels measured faster on this core",
                         (unsigned)slot->slot);
            continue;
        }
        j->quad_slots += (uint32_t)(loop == VF_JIT_LOOP_QUAD || loop == VF_JIT_LOOP_LINES);
        j->line_slots += (uint32_t)(loop == VF_JIT_LOOP_LINES);
        offsets[s][0] = vf_jit_emit_slot(b, L, slot, 0, 0, loop);
        offsets[s][1] = vf_jit_emit_slot(b, L, slot, 1, 0, loop);
        if (vf_jit_whole_record(L, slot)) {
            /* streamed: whole lines where the loop stores them */
            int nt_loop = loop == VF_JIT_LOOP_LINES ? loop : VF_JIT_LOOP_PAIR;
            offsets[L->num_slots][0] = vf_jit_emit_slot(b, L, slot, 0, 1, nt_loop);
            offsets[L->num_slots][1] = vf_jit_emit_slot(b, L, slot, 1, 1, nt_loop);
        }
        /* Every SoA shape's streamed variant stores whole lines. */
        for (int nt = 0; nt < 2 && vf_jit_soa_record(L, slot); nt++) {
            offsets[L->num_slots + 1 + nt][0] = vf_jit_emit_soa_slot(b, L, slot, 0, nt);
            offsets[L->num_slots + 1 + nt][1] = vf_jit_emit_soa_slot(b, L, slot, 1, nt);
        }
    }
}

/* The layout's one slot with the kernels at `at` (none: SIZE_MAX). */
static void install_twin(struct vf_slot *twin, const struct vf_layout *L, uint8_t *base,
                         const size_t at[2])
{
    if (at[0] == SIZE_MAX)
        return;
    void *strided = base + at[0], *gather = base + at[1];
    *twin = L->slots[0];
    memcpy(&twin->jit_strided, &strided, sizeof(strided));
    memcpy(&twin->jit_gather, &gather, sizeof(gather));
}

/* Points each generated slot at its kernels in the mapping. */
static void install(struct vf_layout *L, uint8_t *base, size_t offsets[][2])
{
    for (uint32_t s = 0; s < L->num_slots; s++) {
        if (offsets[s][0] == SIZE_MAX)
            continue;
        /* Object to function pointer: POSIX guarantees the conversion
         * (dlsym relies on it); ISO C leaves it undefined. */
        void *strided = base + offsets[s][0], *gather = base + offsets[s][1];
        memcpy(&L->slots[s].jit_strided, &strided, sizeof(strided));
        memcpy(&L->slots[s].jit_gather, &gather, sizeof(gather));
        L->jit.generated_slots++;
    }
    install_twin(&L->jit.stream_slot, L, base, offsets[L->num_slots]);
    install_twin(&L->jit.soa_slot, L, base, offsets[L->num_slots + 1]);
    install_twin(&L->jit.soa_stream_slot, L, base, offsets[L->num_slots + 2]);
}

void vf_jit_generate(struct vf_layout *L, int forced)
{
    struct vf_jit_state *j = &L->jit;
    size_t offsets[VF_MAX_INPUT_SLOTS + 3][2];
    uint64_t t0 = now_ns();
    struct vf_jit_buf *b = malloc(sizeof(*b));
    uint8_t *code = malloc(VF_JIT_MAX_CODE);
    size_t bytes = 0;
    if (b != NULL && code != NULL) {
        vf_jit_init(b, code, VF_JIT_MAX_CODE);
        emit_slots(L, b, offsets, forced);
        bytes = b->len > 0 || b->overflow ? vf_jit_finish(b) : SIZE_MAX;
    }
    if (b == NULL || code == NULL)
        snprintf(j->reason, sizeof j->reason, "out of memory while generating");
    else if (bytes == 0)
        snprintf(j->reason, sizeof j->reason, "code over the %u-byte cap", VF_JIT_MAX_CODE);
    else if (bytes != SIZE_MAX) {
        j->map = vf_jit_map_code(code, bytes, &j->map_bytes);
        if (j->map == NULL)
            snprintf(j->reason, sizeof j->reason, "no executable memory (mmap/mprotect refused)");
        else
            install(L, j->map, offsets);
    }
    free(code);
    free(b);
    j->code_bytes = j->map ? (uint32_t)bytes : 0; /* under the cap */
    j->path = j->generated_slots == 0                 ? VF_KERNEL_PATH_PER_ELEMENT
              : j->generated_slots == j->slots ? VF_KERNEL_PATH_GENERATED
                                               : VF_KERNEL_PATH_MIXED;
    j->generation_ns = now_ns() - t0;
}
