/*
 * draw_check.c - the checks of a draw (d3d-ia-rules.md §3.2, §3.3, §5, §6,
 * §12): each rule once, as a small function that vf_draw's validation and
 * vf_draw_check share. Errors keep the order vf_draw has always checked
 * them in, so the first one is the draw's result; warnings name conditions
 * D3D defines (zeros, overlapping reads) that the D3D12 debug layer
 * reports, and never change what a draw writes. The D3D11 draws run the
 * vertex- and index-buffer checks too (vf_check_d3d11_draw), worded with
 * the fields of D3D11's bindings.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "draw_plan.h"

/* Bytes of a semantic name printed in a message. */
#define NAME_PRINT_MAX 48

void vf_draw_diag_begin(struct vf_draw_diag *ctx, vf_diagnostics *out)
{
    ctx->out = out;
    ctx->first_error = VF_OK;
    ctx->d3d11 = 0;
    ctx->prefix = NULL;
    if (out)
        memset(out, 0, sizeof(*out));
}

/* The fields a message names: a D3D12 view's, or what a D3D11 binding
 * (IASetVertexBuffers, IASetIndexBuffer) sets. */
static const char *stride_word(const struct vf_draw_diag *ctx)
{
    return ctx->d3d11 ? "stride" : "StrideInBytes";
}
static const char *size_word(const struct vf_draw_diag *ctx)
{
    return ctx->d3d11 ? "ByteWidth - Offset" : "SizeInBytes";
}
/* "data address 0x..." of a view's start. */
static void address_text(const struct vf_draw_diag *ctx, char *buf, size_t size, const void *p)
{
    snprintf(buf, size, "%s 0x%" PRIxPTR,
             ctx->d3d11 ? "the buffer's data + Offset, at address" : "data address",
             (uintptr_t)p);
}

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static void add_line(vf_diagnostics *out, vf_result code, uint32_t severity, int32_t element,
                     const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vf_diagnostics_vadd(out, code, severity, element, -1, fmt, ap);
    va_end(ap);
}

/* The message behind ctx->prefix, cut to an entry's size as any message. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 0)))
#endif
static void add_prefixed(struct vf_draw_diag *ctx, vf_result code, uint32_t severity,
                         int32_t element, const char *fmt, va_list ap)
{
    char msg[VF_DIAGNOSTIC_MESSAGE_SIZE];
    vsnprintf(msg, sizeof(msg), fmt, ap);
    add_line(ctx->out, code, severity, element, "%s%s", ctx->prefix, msg);
}

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static void report(struct vf_draw_diag *ctx, vf_result code, uint32_t severity, int32_t element,
                   const char *fmt, ...)
{
    if (severity == VF_SEVERITY_ERROR && ctx->first_error == VF_OK)
        ctx->first_error = code;
    va_list ap;
    va_start(ap, fmt);
    if (ctx->prefix && ctx->out)
        add_prefixed(ctx, code, severity, element, fmt, ap);
    else
        vf_diagnostics_vadd(ctx->out, code, severity, element, -1, fmt, ap);
    va_end(ap);
}

#define error(ctx, code, ...) report(ctx, code, VF_SEVERITY_ERROR, -1, __VA_ARGS__)

/* "element 0 (POSITION0, R32G32B32_FLOAT)" for layout element i. */
static void element_text(char *buf, size_t size, const struct vf_layout *layout, uint32_t i)
{
    const struct vf_element *e = &layout->elements[i];
    const char *fmt = vf_format_name(e->format);
    snprintf(buf, size, "element %" PRIu32 " (%.*s%" PRIu32 ", %s)", i, NAME_PRINT_MAX,
             e->semantic_name, e->semantic_index, fmt ? fmt : "?");
}

/* ------------------------------------------------------------------------ */
/* The description                                                           */
/* ------------------------------------------------------------------------ */

static int topology_valid(uint32_t t)
{
    /* D3D_PRIMITIVE_TOPOLOGY: 1..5, the adjacency forms 10..13 and the
     * 1..32 control-point patch lists 33..64. UNDEFINED (0) draws nothing in
     * D3D12 and is rejected. */
    return (t >= 1 && t <= 5) || (t >= 10 && t <= 13) || (t >= 33 && t <= 64);
}

int vf_check_draw_desc(struct vf_draw_diag *ctx, const struct vf_layout *layout,
                       const vf_draw_desc *desc)
{
    if (!layout || !desc) {
        error(ctx, VF_ERROR_NULL_POINTER, "%s is NULL", !layout ? "layout" : "desc");
        return 0;
    }
    if (desc->struct_size != sizeof(vf_draw_desc)) {
        error(ctx, VF_ERROR_INVALID_ARGUMENT, "desc: struct_size %zu is not %zu",
              desc->struct_size, sizeof(vf_draw_desc));
        return 0;
    }
    if (desc->indexed > 1)
        error(ctx, VF_ERROR_INVALID_ARGUMENT, "desc: indexed %" PRIu32 " is not 0 or 1",
              desc->indexed);
    int views_ok = 1;
    if (desc->num_vertex_buffers > VF_MAX_INPUT_SLOTS) {
        error(ctx, VF_ERROR_TOO_MANY_BUFFERS, "desc: %" PRIu32 " vertex buffer views, more than %u",
              desc->num_vertex_buffers, VF_MAX_INPUT_SLOTS);
        views_ok = 0;
    }
    if (desc->num_vertex_buffers != 0 && !desc->vertex_buffers) {
        error(ctx, VF_ERROR_NULL_POINTER, "desc: vertex_buffers is NULL with %" PRIu32 " views",
              desc->num_vertex_buffers);
        views_ok = 0;
    }
    if (desc->strip_cut_value > VF_STRIP_CUT_VALUE_0xFFFFFFFF)
        error(ctx, VF_ERROR_INVALID_STRIP_CUT_VALUE,
              "desc: strip_cut_value %" PRIu32 " is not 0 (disabled), 1 (0xFFFF) or 2 (0xFFFFFFFF)",
              desc->strip_cut_value);
    if (!topology_valid(desc->primitive_topology))
        error(ctx, VF_ERROR_INVALID_TOPOLOGY,
              "desc: primitive_topology %" PRIu32 " is not a D3D_PRIMITIVE_TOPOLOGY that draws",
              desc->primitive_topology);
    return views_ok;
}

/* ------------------------------------------------------------------------ */
/* The index buffer                                                          */
/* ------------------------------------------------------------------------ */

/* Rules §5.1: indices past the view read 0. */
static void warn_index_reach(struct vf_draw_diag *ctx, const vf_draw_desc *desc,
                             const vf_index_buffer_view *ib, uint32_t size)
{
    if (desc->vertex_count_per_instance == 0 || desc->instance_count == 0)
        return;
    uint64_t end = (uint64_t)desc->start_location + desc->vertex_count_per_instance;
    if (end * size <= ib->size_in_bytes)
        return;
    report(ctx, VF_WARNING_INDEX_BUFFER_TOO_SMALL, VF_SEVERITY_WARNING, -1,
           "index buffer: indices %" PRIu32 "..%" PRIu64 " need %" PRIu64
           " bytes but %s is %" PRIu32 "; indices past the end read 0",
           desc->start_location, end - 1, end * size, size_word(ctx), ib->size_in_bytes);
}

void vf_check_index_buffer(struct vf_draw_diag *ctx, const vf_draw_desc *desc,
                           uint32_t *index_size_ret)
{
    *index_size_ret = 0;
    const vf_index_buffer_view *ib = desc->index_buffer;
    /* A view without data is no index buffer: there is no format to check
     * or to match the cut value against (rules §12). */
    if (!ib || !ib->data) {
        if (ctx->out)
            report(ctx, VF_WARNING_INDEX_BUFFER_NOT_SET, VF_SEVERITY_WARNING, -1,
                   "index buffer: an indexed draw with %s; every index reads 0",
                   !ib ? "no index buffer view" : "a view whose data is NULL");
        return;
    }
    uint32_t size;
    if (ib->format == VF_FORMAT_R16_UINT) {
        size = 2;
    } else if (ib->format == VF_FORMAT_R32_UINT) {
        size = 4;
    } else {
        const char *name = vf_format_name(ib->format);
        error(ctx, VF_ERROR_INVALID_INDEX_FORMAT,
              "index buffer: format %" PRIu32 " (%s) is not R16_UINT or R32_UINT", ib->format,
              name ? name : "unknown");
        return;
    }
    /* Rules §5.2: a cut value that does not match the index format is
     * UNCONFIRMED; we follow the recommendation and reject it. */
    if ((desc->strip_cut_value == VF_STRIP_CUT_VALUE_0xFFFF && size != 2) ||
        (desc->strip_cut_value == VF_STRIP_CUT_VALUE_0xFFFFFFFF && size != 4))
        error(ctx, VF_ERROR_STRIP_CUT_MISMATCH,
              "index buffer: strip cut value %s does not match the index format %s",
              desc->strip_cut_value == VF_STRIP_CUT_VALUE_0xFFFF ? "0xFFFF" : "0xFFFFFFFF",
              size == 2 ? "R16_UINT" : "R32_UINT");
    *index_size_ret = size;
    if (!ctx->out)
        return;
    warn_index_reach(ctx, desc, ib, size);
    if ((uintptr_t)ib->data % size != 0) {
        char at[80];
        address_text(ctx, at, sizeof(at), ib->data);
        report(ctx, VF_WARNING_UNALIGNED_INDEX_OFFSET, VF_SEVERITY_WARNING, -1,
               "index buffer: %s is not a multiple of the index size %" PRIu32, at, size);
    }
}

/* ------------------------------------------------------------------------ */
/* Vertex buffers                                                            */
/* ------------------------------------------------------------------------ */

/* Rules §3.2, §3.3: strides of the bound slots any element names. */
static void check_strides(struct vf_draw_diag *ctx, const struct vf_layout *layout,
                          const vf_draw_desc *desc)
{
    for (uint32_t s = 0; s < desc->num_vertex_buffers; s++) {
        if (!(layout->used_slot_mask & (1u << s)) || !desc->vertex_buffers[s].data)
            continue;
        uint32_t stride = desc->vertex_buffers[s].stride_in_bytes;
        uint32_t align = layout->slot_alignment[s];
        if (stride > VF_MAX_STRIDE)
            error(ctx, VF_ERROR_STRIDE_TOO_LARGE,
                  "slot %" PRIu32 ": %s %" PRIu32 " is larger than %u", s, stride_word(ctx),
                  stride, VF_MAX_STRIDE);
        else if (align > 1 && stride % align != 0)
            error(ctx, VF_ERROR_MISALIGNED_STRIDE,
                  "slot %" PRIu32 ": %s %" PRIu32
                  " is not a multiple of %" PRIu32 ", the alignment of its elements",
                  s, stride_word(ctx), stride, align);
    }
}

/* The fetched element of a slot that ends last (the first such). */
static uint32_t last_element(const struct vf_layout *layout, const struct vf_slot *slot)
{
    uint32_t best = layout->fetch[slot->first_fetch];
    for (uint32_t f = 1; f < slot->num_fetch; f++) {
        uint32_t i = layout->fetch[slot->first_fetch + f];
        const struct vf_element *e = &layout->elements[i];
        const struct vf_element *b = &layout->elements[best];
        if (e->offset + e->size > b->offset + b->size)
            best = i;
    }
    return best;
}

/* Rules §6: a slot without a view reads zeros. */
static void warn_unbound(struct vf_draw_diag *ctx, const struct vf_layout *layout,
                         const struct vf_slot *slot)
{
    uint32_t first = layout->fetch[slot->first_fetch];
    const struct vf_element *e = &layout->elements[first];
    char more[48] = "";
    if (slot->num_fetch > 1)
        snprintf(more, sizeof(more), " and %" PRIu32 " more element%s", slot->num_fetch - 1,
                 slot->num_fetch > 2 ? "s" : "");
    report(ctx, VF_WARNING_VERTEX_BUFFER_NOT_SET, VF_SEVERITY_WARNING, (int32_t)first,
           "slot %" PRIu32 " (element %" PRIu32 ", %.*s%" PRIu32 "%s) has no vertex buffer; "
           "it reads zeros",
           slot->slot, first, NAME_PRINT_MAX, e->semantic_name, e->semantic_index, more);
}

/* Rules §3.3: a stride below the vertex is legal; its vertices overlap. */
static void warn_stride(struct vf_draw_diag *ctx, const struct vf_layout *layout,
                        const struct vf_slot *slot, const vf_vertex_buffer_view *vb)
{
    if (vb->stride_in_bytes == 0 || vb->stride_in_bytes >= slot->span)
        return;
    uint32_t i = last_element(layout, slot);
    char el[NAME_PRINT_MAX + 64];
    element_text(el, sizeof(el), layout, i);
    report(ctx, VF_WARNING_STRIDE_TOO_SMALL, VF_SEVERITY_WARNING, (int32_t)i,
           "slot %" PRIu32 ": %s %" PRIu32 " is smaller than %s which ends at byte %" PRIu32,
           slot->slot, stride_word(ctx), vb->stride_in_bytes, el, slot->span);
}

/* Rules §6: elements past SizeInBytes read zeros and format defaults. The
 * last element number is known for per-instance slots and for per-vertex
 * slots of non-indexed draws. */
static void warn_reach(struct vf_draw_diag *ctx, const struct vf_layout *layout,
                       const struct vf_slot *slot, const vf_vertex_buffer_view *vb,
                       const vf_draw_desc *desc)
{
    if (desc->vertex_count_per_instance == 0 || desc->instance_count == 0)
        return;
    uint64_t first, last;
    const char *what;
    if (slot->slot_class == VF_INPUT_PER_VERTEX_DATA) {
        if (desc->indexed)
            return;
        first = desc->start_location;
        last = first + desc->vertex_count_per_instance - 1;
        what = "vertices";
    } else {
        first = desc->start_instance_location;
        last = first + (slot->step_rate ? (desc->instance_count - 1) / slot->step_rate : 0);
        what = "instance elements";
    }
    uint64_t need = last * vb->stride_in_bytes + slot->span;
    if (need <= vb->size_in_bytes)
        return;
    uint32_t i = last_element(layout, slot);
    char el[NAME_PRINT_MAX + 64];
    element_text(el, sizeof(el), layout, i);
    report(ctx, VF_WARNING_VERTEX_BUFFER_TOO_SMALL, VF_SEVERITY_WARNING, (int32_t)i,
           "slot %" PRIu32 ": %s %" PRIu64 "..%" PRIu64 " at %s %" PRIu32 " need %" PRIu64
           " bytes (%s ends at byte %" PRIu32 " of each) but %s is %" PRIu32
           "; what lies past the end reads zeros",
           slot->slot, what, first, last, stride_word(ctx), vb->stride_in_bytes, need, el,
           slot->span, size_word(ctx), vb->size_in_bytes);
}

/* Rules §3.2: D3D12 wants the view's start aligned for its elements;
 * vfetch reads CPU memory at any address. */
static void warn_address(struct vf_draw_diag *ctx, const struct vf_layout *layout,
                         const struct vf_slot *slot, const vf_vertex_buffer_view *vb)
{
    uint32_t align = layout->slot_alignment[slot->slot];
    if (align <= 1 || (uintptr_t)vb->data % align == 0)
        return;
    char at[80];
    address_text(ctx, at, sizeof(at), vb->data);
    report(ctx, VF_WARNING_MISALIGNED_VERTEX_BUFFER, VF_SEVERITY_WARNING, -1,
           "slot %" PRIu32 ": %s is not a multiple of %" PRIu32 ", the alignment of its elements",
           slot->slot, at, align);
}

/* "vertices 0..N" that a slot's view holds whole, for a message. */
static void range_text(char *buf, size_t n, const vf_vertex_buffer_view *vb, uint32_t span)
{
    if (vb->size_in_bytes < span)
        snprintf(buf, n, "no whole vertex");
    else if (vb->stride_in_bytes == 0)
        snprintf(buf, n, "every vertex (stride 0)");
    else
        snprintf(buf, n, "vertices 0..%" PRIu32,
                 (vb->size_in_bytes - span) / vb->stride_in_bytes);
}

/* One warning per slot, as GPU-based validation reports out-of-bounds
 * reads: how many index positions, the first and last with their index,
 * the slot and the vertices its view holds. Only with diagnostics: it
 * reads every index. */
static void warn_index_range(struct vf_draw_diag *ctx, const struct vf_layout *layout,
                             const struct vf_slot *slot, const vf_vertex_buffer_view *vb,
                             const vf_draw_desc *desc, uint32_t index_size)
{
    if (slot->slot_class != VF_INPUT_PER_VERTEX_DATA || desc->instance_count == 0)
        return;
    struct vf_index_range_scan sc;
    vf_scan_index_range(desc, index_size, vb, slot->span, &sc);
    if (sc.count == 0)
        return;
    char range[64];
    range_text(range, sizeof(range), vb, slot->span);
    uint32_t i = last_element(layout, slot);
    report(ctx, VF_WARNING_INDEX_OUT_OF_RANGE, VF_SEVERITY_WARNING, (int32_t)i,
           "slot %" PRIu32 ": %" PRIu32 " of %" PRIu32 " index positions fetch outside the "
           "view (%s at %s %" PRIu32 " and %s %" PRIu32 ", base vertex %" PRId32 "): first "
           "position %" PRIu32 " index %" PRIu32 ", last position %" PRIu32 " index %" PRIu32
           "; they read zeros and format defaults",
           slot->slot, sc.count, desc->vertex_count_per_instance, range, stride_word(ctx),
           vb->stride_in_bytes, size_word(ctx), vb->size_in_bytes, desc->base_vertex_location,
           sc.first_pos, sc.first_index, sc.last_pos, sc.last_index);
}

/* The index size of an indexed draw's valid view, 0 otherwise. */
static uint32_t index_size_of(const vf_draw_desc *desc)
{
    const vf_index_buffer_view *ib = desc->index_buffer;
    if (!ib || !ib->data)
        return 0;
    return ib->format == VF_FORMAT_R16_UINT ? 2 : ib->format == VF_FORMAT_R32_UINT ? 4 : 0;
}

void vf_check_vertex_buffers(struct vf_draw_diag *ctx, const struct vf_layout *layout,
                             const vf_draw_desc *desc)
{
    check_strides(ctx, layout, desc);
    if (!ctx->out)
        return;
    for (uint32_t si = 0; si < layout->num_slots; si++) {
        const struct vf_slot *slot = &layout->slots[si];
        const vf_vertex_buffer_view *vb = NULL;
        if (slot->slot < desc->num_vertex_buffers && desc->vertex_buffers[slot->slot].data)
            vb = &desc->vertex_buffers[slot->slot];
        if (!vb) {
            warn_unbound(ctx, layout, slot);
            continue;
        }
        warn_stride(ctx, layout, slot, vb);
        warn_reach(ctx, layout, slot, vb, desc);
        if (desc->indexed == 1 && ctx->first_error == VF_OK)
            warn_index_range(ctx, layout, slot, vb, desc, index_size_of(desc));
        warn_address(ctx, layout, slot, vb);
    }
}

vf_result vf_check_d3d11_draw(const struct vf_layout *layout, const vf_draw_desc *desc,
                              vf_diagnostics *out)
{
    struct vf_draw_diag ctx = { out, VF_OK, 1, NULL };
    vf_check_vertex_buffers(&ctx, layout, desc);
    /* IASetIndexBuffer has checked the format and the offset's alignment;
     * the cut value is the format's. What is left is the reach. */
    const vf_index_buffer_view *ib = desc->index_buffer;
    if (out && desc->indexed && ib && ib->data)
        warn_index_reach(&ctx, desc, ib, ib->format == VF_FORMAT_R16_UINT ? 2 : 4);
    return ctx.first_error;
}

/* ------------------------------------------------------------------------ */
/* Output and ranges                                                         */
/* ------------------------------------------------------------------------ */

void vf_check_output_overflow(struct vf_draw_diag *ctx, uint64_t units, size_t unit_bytes)
{
    error(ctx, VF_ERROR_OVERFLOW,
          "output: %" PRIu64 " units of %zu bytes do not fit in size_t", units, unit_bytes);
}

/* Kernels store whole registers: the output is 16-byte aligned. */
void vf_check_output(struct vf_draw_diag *ctx, const void *out, size_t out_size, size_t needed,
                     int check_pointer)
{
    if (out_size < needed) {
        error(ctx, VF_ERROR_OUTPUT_TOO_SMALL,
              "output: the draw writes %zu bytes but out_size is %zu", needed, out_size);
        return;
    }
    if (needed == 0 || !check_pointer)
        return;
    if (!out)
        error(ctx, VF_ERROR_NULL_POINTER, "output: out is NULL and the draw writes %zu bytes",
              needed);
    else if (((uintptr_t)out & 15u) != 0)
        error(ctx, VF_ERROR_INVALID_ARGUMENT,
              "output: out (address 0x%" PRIxPTR ") is not 16-byte aligned", (uintptr_t)out);
}

void vf_check_range(struct vf_draw_diag *ctx, const struct vf_plan *plan, uint32_t instance,
                    uint32_t first, uint32_t count)
{
    if (instance >= plan->instance_count)
        error(ctx, VF_ERROR_INVALID_RANGE,
              "range: instance %" PRIu32 " is not below the draw's %" PRIu32 " instances",
              instance, plan->instance_count);
    else if ((uint64_t)first + count > plan->vertex_count)
        error(ctx, VF_ERROR_INVALID_RANGE,
              "range: positions %" PRIu32 " + %" PRIu32 " reach past the draw's %" PRIu32,
              first, count, plan->vertex_count);
    else if (first % plan->lanes != 0)
        error(ctx, VF_ERROR_INVALID_RANGE,
              "range: first position %" PRIu32 " is not a multiple of the %" PRIu32
              " SoA lanes", first, plan->lanes);
}
