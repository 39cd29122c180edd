/*
 * case_indirect_d3d11.c - the D3D11 draws whose arguments the CPU does not
 * give (see vfetch(1)): "DrawInstancedIndirect" and
 * "DrawIndexedInstancedIndirect" ({"Buffer": n, "AlignedByteOffsetForArgs":
 * k}, n a buffer of Buffers created with DRAWINDIRECT_ARGS) and
 * "DrawAuto" ({"BufferFilledSize": n}, the filled size of slot 0's
 * stream-output buffer).
 *
 * The loader works out the direct draw from the buffers' initial data and
 * the IASetVertexBuffers calls, by the words of the spec (D3D11 8.7-8.9,
 * docs/d3d-ia-rules.md §15.7), so the output can say what is drawn before
 * anything is bound; the bound case then runs the library's indirect call,
 * whose own reading of the arguments must agree.
 */
#include <string.h>

#include "case_d3d11_state.h"
#include "vfetch_d3d11.h"

#define fail vf_json_fail
#define PATH_SIZE VF_JSON_PATH_SIZE

/* The 4 or 5 UINTs at the offset of the buffer's initial data; zeros where
 * the words are not all there (binding reports why). */
static void read_args(const struct vf_case_d3d11 *d, int indexed, vf_draw_desc *dd)
{
    const struct d3d11_buffer *b = &d->buffers[d->args_buffer];
    uint32_t n = indexed ? 5u : 4u, w[5] = { 0, 0, 0, 0, 0 };

    if (b->data != NULL && d->args_offset % 4 == 0 && d->args_offset <= b->desc.byte_width &&
        b->desc.byte_width - d->args_offset >= 4 * n)
        memcpy(w, b->data + d->args_offset, 4 * n); /* little-endian, as D3D11's */
    dd->vertex_count_per_instance = w[0];
    dd->instance_count = w[1];
    dd->start_location = w[2];
    if (indexed) {
        dd->base_vertex_location = (int32_t)w[3];
        dd->start_instance_location = w[4];
    } else {
        dd->start_instance_location = w[3];
    }
}

/* DrawAuto: slot 0 as the last IASetVertexBuffers call that sets it left
 * it; (filled - offset) / stride vertices from vertex 0, one instance. */
static void auto_args(const struct vf_case_d3d11 *d, vf_draw_desc *dd)
{
    uint32_t buffer = NO_BUFFER, stride = 0, offset = 0;

    for (uint32_t i = 0; i < d->num_vb_calls; i++) {
        const struct vb_call *call = &d->vb_calls[i];
        if (call->start_slot != 0 || call->num == 0)
            continue;
        buffer = call->buffers[0];
        stride = call->strides[0];
        offset = call->offsets[0];
    }
    dd->vertex_count_per_instance = 0;
    if (buffer != NO_BUFFER && stride != 0 && d->filled_size > offset)
        dd->vertex_count_per_instance = (d->filled_size - offset) / stride;
    dd->instance_count = 1;
    dd->start_location = 0;
    dd->start_instance_location = 0;
}

int vf_case_d3d11_load_indirect(struct vf_json_ctx *x, const char *path, json_object *args,
                                struct vf_case *c)
{
    static const char *const indirect_fields[] = { "Buffer", "AlignedByteOffsetForArgs", NULL };
    static const char *const auto_fields[] = { "BufferFilledSize", NULL };
    struct vf_case_d3d11 *d = c->d3d11;
    int is_auto = d->draw_form == DRAW_AUTO;
    char p[PATH_SIZE];

    if (!json_object_is_type(args, json_type_object))
        return fail(x, path, "expected an object, got %s", vf_json_type_name(args));
    if (vf_json_check_fields(x, path, args, is_auto ? auto_fields : indirect_fields) != 0)
        return -1;
    c->draw.indexed = d->draw_form == DRAW_INDEXED_INSTANCED_INDIRECT;
    if (is_auto) {
        if (vf_json_req_uint(x, path, args, "BufferFilledSize", &d->filled_size) != 0)
            return -1;
        auto_args(d, &c->draw);
        return 0;
    }
    if (vf_json_req_uint(x, path, args, "Buffer", &d->args_buffer) != 0 ||
        vf_json_opt_uint(x, path, args, "AlignedByteOffsetForArgs", &d->args_offset) != 0)
        return -1;
    if (d->args_buffer >= d->num_buffers) {
        vf_json_path_field(p, path, "Buffer");
        return fail(x, p, "buffer %u; Buffers has %u (0..%u)", d->args_buffer, d->num_buffers,
                    d->num_buffers ? d->num_buffers - 1 : 0);
    }
    read_args(d, (int)c->draw.indexed, &c->draw);
    return 0;
}

vf_result vf_case_d3d11_indirect_args(const struct vf_case *c, vf_diagnostics *diag)
{
    const struct vf_case_d3d11 *d = c->d3d11;
    const vf_draw_desc *dd = &c->draw;
    vf_d3d11_draw_args a;
    vf_result res;

    if (d->draw_form == DRAW_AUTO)
        res = vf_d3d11_draw_auto_args(&d->state, d->filled_size, &a, diag);
    else
        res = vf_d3d11_indirect_args(d->objects[d->args_buffer], d->args_offset,
                                     (int)dd->indexed, &a, diag);
    if (res != VF_OK)
        return res;
    if (a.count_per_instance != dd->vertex_count_per_instance ||
        a.instance_count != dd->instance_count || a.start_location != dd->start_location ||
        a.base_vertex_location != dd->base_vertex_location ||
        a.start_instance_location != dd->start_instance_location)
        return VF_ERROR_INVALID_ARGUMENT; /* the loader's reading disagrees: a bug */
    return VF_OK;
}

vf_result vf_case_d3d11_draw_indirect(const struct vf_case *c, void *out, size_t out_size)
{
    const struct vf_case_d3d11 *d = c->d3d11;

    if (d->draw_form == DRAW_AUTO)
        return vf_d3d11_draw_auto(&d->state, d->filled_size, out, out_size, NULL);
    if (d->draw_form == DRAW_INSTANCED_INDIRECT)
        return vf_d3d11_draw_instanced_indirect(&d->state, d->objects[d->args_buffer],
                                                d->args_offset, out, out_size, NULL);
    return vf_d3d11_draw_indexed_instanced_indirect(&d->state, d->objects[d->args_buffer],
                                                    d->args_offset, out, out_size, NULL);
}
