/*
 * oob.c - the out-of-bounds reads of one record (oob.h).
 */
#include <stdio.h>
#include <string.h>

#include "oob.h"

/* Rules §5.1: the index of position `pos` is at byte (StartIndexLocation +
 * pos) * size, in 32-bit arithmetic; past SizeInBytes it reads 0. */
static int index_status(const vf_draw_desc *d, uint32_t pos)
{
    const vf_index_buffer_view *ib = d->index_buffer;
    uint32_t size, byte;

    if (!d->indexed || pos == UINT32_MAX)
        return VF_OOB_INDEX_NONE;
    if (ib == NULL || ib->data == NULL)
        return VF_OOB_INDEX_NO_BUFFER;
    size = ib->format == VF_FORMAT_R32_UINT ? 4 : 2;
    byte = (d->start_location + pos) * size;
    return (uint64_t)byte + size > ib->size_in_bytes ? VF_OOB_INDEX_PAST_END : VF_OOB_INDEX_NONE;
}

/* Rules §4.1: the element number k an element reads for this record. The
 * record's SV_VertexID is the raw index (indexed) or the position
 * (non-indexed), without the base or start; SV_InstanceID is the instance. */
static uint32_t element_number(const vf_layout_element_info *e, const vf_draw_desc *d,
                               const uint32_t *sys)
{
    if (e->input_slot_class == VF_INPUT_PER_INSTANCE_DATA) {
        uint32_t rate = e->instance_data_step_rate;
        return d->start_instance_location + (rate ? sys[1] / rate : 0);
    }
    return (d->indexed ? (uint32_t)d->base_vertex_location : d->start_location) + sys[0];
}

void vf_oob_record(const vf_layout *layout, const vf_draw_desc *d, const uint32_t *sys,
                   uint32_t pos, struct vf_oob *out)
{
    uint32_t n = vf_layout_element_count(layout);

    memset(out, 0, sizeof(*out));
    if (sys[2] & VF_FLAG_STRIP_CUT)
        return;
    out->index = index_status(d, pos);
    for (uint32_t i = 0; i < n; i++) {
        vf_layout_element_info e;
        const vf_format_desc *f;
        const vf_vertex_buffer_view *vb;

        if (vf_layout_element(layout, i, &e) != VF_OK || e.record_register < 0 ||
            e.record_register >= 32 || (f = vf_format_info(e.format)) == NULL)
            continue;
        vb = e.input_slot < d->num_vertex_buffers && d->vertex_buffers != NULL
                 ? &d->vertex_buffers[e.input_slot] : NULL;
        if (vb == NULL || vb->data == NULL) {
            out->unbound |= 1u << e.record_register;
            continue;
        }
        /* Rules §6: the whole element inside [0, SizeInBytes), its
         * address wrapping at 2^32. */
        uint32_t at = element_number(&e, d, sys) * vb->stride_in_bytes + e.byte_offset;
        if ((uint64_t)at + f->bytes > vb->size_in_bytes)
            out->past_end |= 1u << e.record_register;
    }
}

int vf_oob_any(const struct vf_oob *o)
{
    return o->index != VF_OOB_INDEX_NONE || o->past_end != 0 || o->unbound != 0;
}

/* "; WHAT: NAME NAME" for the registers of `mask`. */
static size_t append_names(char *buf, size_t size, size_t len, const char *what, uint32_t mask,
                           const char *const *names, uint32_t nregs)
{
    if (mask == 0)
        return len;
    len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s:", len ? "; " : "",
                            what);
    for (uint32_t r = 0; r < nregs && r < 32; r++)
        if (mask & (1u << r))
            len += (size_t)snprintf(buf + len, len < size ? size - len : 0, " %s", names[r]);
    return len;
}

void vf_oob_text(const struct vf_oob *o, const char *const *names, uint32_t nregs, char *buf,
                 size_t size)
{
    size_t len = 0;

    if (size == 0)
        return;
    buf[0] = '\0';
    if (o->index != VF_OOB_INDEX_NONE)
        len += (size_t)snprintf(buf, size, "%s", o->index == VF_OOB_INDEX_PAST_END
                                                     ? "index past end" : "no index buffer");
    len = append_names(buf, size, len, "past end", o->past_end, names, nregs);
    append_names(buf, size, len, "unbound", o->unbound, names, nregs);
}
