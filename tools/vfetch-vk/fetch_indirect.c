/*
 * fetch_indirect.c - the draws vfetch-vk replays with vkCmdDraw*Indirect:
 * the library walks an ExecuteIndirect (vf_execute_indirect_next), and
 * each command becomes the direct draw it stands for on vfetch's side and
 * an indirect draw from the case's argument bytes on the driver's; D3D11's
 * indirect draws read their 4 or 5 UINTs from the arguments buffer's
 * initial data at AlignedByteOffsetForArgs.
 */
#include <stdio.h>
#include <string.h>

#include "case_d3d11_state.h"
#include "case_indirect.h"
#include "fetch_indirect.h"

int vkf_ei_begin(const struct vf_case *c, const char *path, struct vkf_ei_walk *w, char *err,
                 size_t err_size)
{
    vf_diagnostics diag;
    vf_result vr;

    memset(w, 0, sizeof(*w));
    vf_case_indirect_desc(c, &w->desc);
    if (w->desc.num_vertex_buffers > VF_MAX_INPUT_SLOTS)
        w->desc.num_vertex_buffers = VF_MAX_INPUT_SLOTS;
    if (w->desc.num_vertex_buffers > 0)
        memcpy(w->before_vb, w->desc.vertex_buffers,
               w->desc.num_vertex_buffers * sizeof(w->before_vb[0]));
    w->desc.vertex_buffers = w->before_vb;
    if (w->desc.index_buffer != NULL) {
        w->before_ib = *w->desc.index_buffer;
        w->desc.index_buffer = &w->before_ib;
    }
    memset(&diag, 0, sizeof(diag));
    vr = vf_command_signature_check(w->desc.signature, &w->info, &diag);
    if (vr == VF_OK)
        vr = vf_execute_indirect_begin(&w->desc, &w->walk, &diag);
    /* No command to run is a walk of none, not an error. */
    if (vr != VF_OK && vr != VF_WARNING_INDIRECT_ZERO_COMMANDS) {
        snprintf(err, err_size, "ExecuteIndirect: %s",
                 diag.count ? diag.entries[0].message : vf_result_string(vr));
        return -1;
    }
    snprintf(w->path, sizeof(w->path), "%s", path);
    return 0;
}

int vkf_ei_next(struct vf_case *c, struct vkf_ei_walk *w, struct vkf_indirect_src *src)
{
    const struct vf_case_indirect *e = c->indirect;
    const char *base = w->path;
    char *cut;

    if (vf_execute_indirect_next(&w->walk, &w->cmd, NULL) != VF_OK)
        return 0;
    /* The command's direct draw, with views the case owns. */
    memcpy(c->vertex_buffers, w->cmd.vertex_buffers, sizeof(c->vertex_buffers));
    c->num_vertex_buffers = w->cmd.draw.num_vertex_buffers;
    if (c->num_vertex_buffers > VF_MAX_INPUT_SLOTS)
        c->num_vertex_buffers = VF_MAX_INPUT_SLOTS;
    c->index_buffer = w->cmd.index_buffer;
    c->draw = w->cmd.draw;
    c->draw.vertex_buffers = c->vertex_buffers;
    c->draw.index_buffer = w->cmd.draw.index_buffer != NULL ? &c->index_buffer : NULL;

    cut = strstr(w->path, " command ");
    if (cut != NULL)
        *cut = '\0';
    snprintf(w->path + strlen(base), sizeof(w->path) - strlen(base), " command %u",
             w->cmd.command);
    memset(src, 0, sizeof(*src));
    src->args = e->argument_bytes;
    src->args_size = e->argument_size;
    src->draw_offset = w->cmd.argument_offset + w->info.draw_offset;
    if (e->has_count_buffer) {
        src->count = e->count_bytes;
        src->count_size = e->count_size;
        src->count_offset = e->count_offset;
    }
    src->stride = w->desc.signature->byte_stride;
    src->what = "ExecuteIndirect";
    return 1;
}

int vkf_d3d11_indirect_src(const struct vf_case *c, struct vkf_indirect_src *src)
{
    const struct vf_case_d3d11 *d = c->d3d11;
    const struct d3d11_buffer *b;

    if (d == NULL || (d->draw_form != DRAW_INSTANCED_INDIRECT &&
                      d->draw_form != DRAW_INDEXED_INSTANCED_INDIRECT) ||
        d->args_buffer >= d->num_buffers)
        return 0;
    b = &d->buffers[d->args_buffer];
    memset(src, 0, sizeof(*src));
    src->args = b->data;
    src->args_size = b->data != NULL ? b->desc.byte_width : 0;
    src->draw_offset = d->args_offset;
    src->what = d->draw_form == DRAW_INSTANCED_INDIRECT ? "DrawInstancedIndirect"
                                                        : "DrawIndexedInstancedIndirect";
    return 1;
}

int vkf_d3d11_is_draw_auto(const struct vf_case *c)
{
    return c->d3d11 != NULL && c->d3d11->draw_form == DRAW_AUTO;
}
