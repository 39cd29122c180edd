/*
 * fetch_indirect.h - the draws of a case that the driver replays
 * indirectly (fetch_indirect.c): each command of an ExecuteIndirect, or
 * D3D11's DrawInstancedIndirect / DrawIndexedInstancedIndirect. Not
 * installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_FETCH_INDIRECT_H
#define VF_TOOLS_VFETCH_VK_FETCH_INDIRECT_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "vfetch_indirect.h"
#include "vk_indirect.h"

/* A walk over an ExecuteIndirect case's commands. The call's state
 * before the commands is copied in here, so the case's views can be
 * replaced by each command's. */
struct vkf_ei_walk {
    vf_execute_indirect_desc desc;
    vf_indirect_walk walk;
    vf_command_signature_info info;
    vf_indirect_command cmd;       /* the command handed out last */
    vf_vertex_buffer_view before_vb[VF_MAX_INPUT_SLOTS];
    vf_index_buffer_view before_ib;
    char path[1024];               /* "CASE command N": the report's name for it */
};

/* Starts a walk over c's commands (c->indirect set). Returns 0, or -1
 * with the library's reason in err (a call ExecuteIndirect rejects). */
int vkf_ei_begin(const struct vf_case *c, const char *path, struct vkf_ei_walk *w, char *err,
                 size_t err_size);

/* The next command: 1 with c's draw and views set to the command's (the
 * direct draw it stands for), *src to where the driver reads its
 * arguments and w->path to its name; 0 after the last. A command whose
 * views the library rejects returns 1 with w->cmd.result saying why (it
 * must not be drawn). */
int vkf_ei_next(struct vf_case *c, struct vkf_ei_walk *w, struct vkf_indirect_src *src);

/* A D3D11 case's indirect draw: 1 with *src set to the arguments of its
 * DrawInstancedIndirect or DrawIndexedInstancedIndirect, else 0. */
int vkf_d3d11_indirect_src(const struct vf_case *c, struct vkf_indirect_src *src);

/* A D3D11 DrawAuto case: 1, else 0. */
int vkf_d3d11_is_draw_auto(const struct vf_case *c);

#endif /* VF_TOOLS_VFETCH_VK_FETCH_INDIRECT_H */
