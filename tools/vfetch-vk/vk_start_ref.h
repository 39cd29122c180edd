/*
 * vk_start_ref.h - vfetch's SV_StartVertexLocation and
 * SV_StartInstanceLocation of a case, the reference for gl_BaseVertex and
 * gl_BaseInstance (vk_start_ref.c). Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_START_REF_H
#define VF_TOOLS_VFETCH_VK_VK_START_REF_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"

/* SV_StartVertexLocation (0) and SV_StartInstanceLocation (1). */
#define VKF_START_VALUES 2u

/* What vfetch generates for the start locations a case's signature names. */
struct vkf_start_ref {
    int wanted[VKF_START_VALUES];  /* the case's signature names it */
    uint32_t *words;               /* per record (instance-major, as vf_draw), the .x word of
                                    * each: VKF_START_VALUES words; NULL when none is wanted */
};

/* "SV_StartVertexLocation" for 0, "SV_StartInstanceLocation" for 1. */
const char *vkf_start_name(uint32_t k);

/* Runs c's draw through vfetch with a signature of only the start
 * locations c's signature names (matched case-insensitively) and keeps
 * their words. Returns 0 (nothing wanted: s->words NULL), or -1 with a
 * message in err when vfetch rejects the layout or the draw. Free with
 * vkf_start_ref_free. */
int vkf_start_reference(const struct vf_case *c, struct vkf_start_ref *s, char *err,
                        size_t err_size);
void vkf_start_ref_free(struct vkf_start_ref *s);

#endif /* VF_TOOLS_VFETCH_VK_VK_START_REF_H */
