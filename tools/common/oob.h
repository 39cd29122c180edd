/*
 * oob.h - which reads of one record went out of bounds (rules §5.1, §6):
 * the index of its position read past the index buffer (or with none),
 * elements read wholly or partly past their view's SizeInBytes, elements
 * of a slot with no buffer. The library writes zeros and format defaults
 * for these and says so once per draw in its warnings; this says it per
 * record, from the draw's views and the record's system values.
 */
#ifndef VF_TOOLS_COMMON_OOB_H
#define VF_TOOLS_COMMON_OOB_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"

#define VF_OOB_INDEX_NONE 0
#define VF_OOB_INDEX_PAST_END 1 /* read past the index view: index 0 */
#define VF_OOB_INDEX_NO_BUFFER 2 /* indexed draw without index data: index 0 */

/* Bit r of a mask stands for data register r of the record. */
struct vf_oob {
    int index;         /* VF_OOB_INDEX_* */
    uint32_t past_end; /* the register's element reads past its view */
    uint32_t unbound;  /* the register's slot has no buffer */
};

/* What one record's reads were. `sys` is the record's system register
 * { SV_VertexID, SV_InstanceID, flags, 0 }; `pos` its index position
 * within the instance, or UINT32_MAX when unknown (a vertex-reuse record:
 * no index marker then). A strip cut reads nothing: all clear. */
void vf_oob_record(const vf_layout *layout, const vf_draw_desc *d, const uint32_t *sys,
                   uint32_t pos, struct vf_oob *out);

/* The same for a record of a Vulkan case (c->vulkan compiled; oob_vulkan.c,
 * rules §17.8): `sys` holds gl_VertexIndex and gl_InstanceIndex, bit r
 * stands for register r of the vertex input state, a binding with no
 * buffer is unbound. */
struct vf_case;
void vf_oob_record_vulkan(const struct vf_case *c, const uint32_t *sys, uint32_t pos,
                          struct vf_oob *out);

/* Whether anything in `o` is set. */
int vf_oob_any(const struct vf_oob *o);

/* `o` as one line of text, e.g. "index past end; past end: POSITION0;
 * unbound: COLOR0 NORMAL0", with `names[r]` the name of data register r
 * (truncated to `size`; "" when nothing is set). */
void vf_oob_text(const struct vf_oob *o, const char *const *names, uint32_t nregs, char *buf,
                 size_t size);

#endif /* VF_TOOLS_COMMON_OOB_H */
