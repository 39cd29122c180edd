/*
 * fuzz_indirect.c - ExecuteIndirect from arbitrary bytes.
 *
 * The input chooses a command signature (up to 8 arguments of any type
 * value 0..12, slots and root parameters around their limits, any
 * ByteStride), MaxCommandCount, the argument and count buffers (sizes,
 * offsets, contents) and two address ranges; views in the argument buffer
 * point into the ranges, past them, or nowhere. Every buffer is its own
 * exact-size allocation, so ASan reports any read past it.
 *
 * Checks, aborting on any difference:
 *  - vf_command_signature_check accepts exactly the signatures the spec's
 *    validation list does (tests/ref/indirect_ref.c);
 *  - vf_execute_indirect_begin fails exactly when an offset is misaligned
 *    or the commands or the count pass their buffer;
 *  - the walk gives the reference's command count and, per command, its
 *    error, draw arguments and views;
 *  - vf_execute_indirect runs every command where the output is small;
 *  - vf_command_signature_unbind clears exactly the signature's slots;
 *  - the D3D11 argument reads accept exactly the aligned offsets whose
 *    words lie in the buffer and return those words; DrawAuto's count is
 *    (filled - offset) / stride.
 */
#include "fuzz_input.h"
#include "indirect_ref.h"
#include "vfetch_d3d11.h"
#include "vfetch_indirect.h"

#define MAX_ARGS 8u
#define NRANGES 2u

struct fz_call {
    vf_indirect_argument_desc args[MAX_ARGS];
    iref_arg ref_args[MAX_ARGS];
    vf_command_signature_desc sig;
    uint8_t *ranges_mem[NRANGES];
    vf_gpu_address_range ranges[NRANGES];
    iref_range ref_ranges[NRANGES];
    uint8_t *argbuf, *countbuf;
    vf_execute_indirect_desc desc;
};

static void read_signature(fz_input *in, struct fz_call *c)
{
    static const uint32_t slots[] = { 0, 1, 2, 3, 31, 32 };
    uint32_t n = fz_u8(in) % (MAX_ARGS + 1);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t w[4] = { fz_u8(in) % 13u, slots[fz_u8(in) % 6u], fz_u8(in) % 4u, fz_u8(in) % 4u };
        memset(&c->args[i], 0, sizeof(c->args[i]));
        c->args[i].type = w[0];
        c->args[i].u.constant.root_parameter_index = w[1];
        c->args[i].u.constant.dest_offset_in_32bit_values = w[2];
        c->args[i].u.constant.num_32bit_values_to_set = w[3];
        memcpy(c->ref_args[i].w, w, sizeof(w));
    }
    uint32_t stride = fz_u8(in);
    c->sig.byte_stride = stride & 0x80 ? stride & 0x7c : stride; /* mostly multiples of 4 */
    c->sig.num_argument_descs = n;
    c->sig.argument_descs = c->args;
}

/* Each view argument's address: inside a range (usually), or anywhere. */
static void aim_views(fz_input *in, struct fz_call *c, uint8_t *buf, size_t size, uint64_t off)
{
    vf_command_signature_info info;
    if (vf_command_signature_check(&c->sig, &info, NULL) != VF_OK || c->sig.byte_stride == 0)
        return;
    for (uint64_t cmd = off; cmd < size; cmd += c->sig.byte_stride) {
        uint64_t p = cmd;
        for (uint32_t i = 0; i < c->sig.num_argument_descs; i++) {
            uint32_t t = c->args[i].type;
            int view = t == VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW ||
                       t == VF_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW;
            uint8_t how = fz_u8(in);
            if (view && p + 8 <= size && how < 200) {
                uint64_t va = c->ranges[how % NRANGES].base + (uint64_t)(how & 0x3c);
                for (int b = 0; b < 8; b++)
                    buf[p + b] = (uint8_t)(va >> (8 * b));
            }
            p += t == VF_INDIRECT_ARGUMENT_TYPE_DRAW ? 16 : t == VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED ? 20
               : view ? 16 : t == VF_INDIRECT_ARGUMENT_TYPE_CONSTANT ? 4 * c->args[i].u.constant.num_32bit_values_to_set
               : t == VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT ? 0 : 8;
        }
    }
}

static void read_buffers(fz_input *in, struct fz_call *c)
{
    for (uint32_t r = 0; r < NRANGES; r++) {
        size_t size = 4u * fz_u8(in);
        c->ranges_mem[r] = malloc(size ? size : 1);
        fz_fill(in, c->ranges_mem[r], size);
        uint64_t base = (uint64_t)fz_u16(in) << (r ? 32 : 8);
        vf_gpu_address_range g = { base, size, c->ranges_mem[r] };
        iref_range ir = { base, size, c->ranges_mem[r] };
        c->ranges[r] = g;
        c->ref_ranges[r] = ir;
    }
    vf_execute_indirect_desc_init(&c->desc);
    c->desc.signature = &c->sig;
    c->desc.max_command_count = fz_u8(in) % 9u;
    c->desc.argument_buffer_offset = fz_u8(in) % 20u;
    size_t size = fz_u16(in) % 600u;
    c->argbuf = malloc(size ? size : 1);
    fz_fill(in, c->argbuf, size);
    aim_views(in, c, c->argbuf, size, c->desc.argument_buffer_offset);
    c->desc.argument_buffer = c->argbuf;
    c->desc.argument_buffer_size = size;
    if (fz_u8(in) & 1) {
        size_t csize = fz_u8(in) % 12u;
        c->countbuf = malloc(csize ? csize : 1);
        fz_fill(in, c->countbuf, csize);
        if (csize >= 4)
            c->countbuf[csize - 4 + 1] = c->countbuf[csize - 4 + 2] = 0; /* counts near the max */
        c->desc.count_buffer = c->countbuf;
        c->desc.count_buffer_size = csize;
        c->desc.count_buffer_offset = fz_u8(in) % 12u;
    }
    c->desc.ranges = c->ranges;
    c->desc.range_count = NRANGES;
    c->desc.primitive_topology = VF_TOPOLOGY_TRIANGLELIST + (fz_u8(in) & 1);
}

/* Whether begin must succeed: aligned offsets, everything in its buffer. */
static int call_fits(const struct fz_call *c, uint32_t args_size)
{
    const vf_execute_indirect_desc *d = &c->desc;
    uint64_t need = d->max_command_count ? (uint64_t)(d->max_command_count - 1) * c->sig.byte_stride + args_size : 0;
    if (d->argument_buffer_offset % 4 || d->argument_buffer_offset + need > d->argument_buffer_size)
        return 0;
    return !d->count_buffer ||
           (d->count_buffer_offset % 4 == 0 && d->count_buffer_offset + 4 <= d->count_buffer_size);
}

static void check_command(const vf_indirect_command *got, const iref_command *want)
{
    static const vf_result codes[] = { VF_OK, VF_ERROR_INDIRECT_NULL_ADDRESS,
                                       VF_ERROR_INDIRECT_ADDRESS_NOT_MAPPED,
                                       VF_ERROR_STRIDE_TOO_LARGE, VF_ERROR_INVALID_INDEX_FORMAT };
    FZ_CHECK(got->result == codes[want->error], "command %u: %d, want %d", got->command,
             (int)got->result, (int)codes[want->error]);
    if (want->error)
        return;
    const vf_draw_desc *d = &got->draw;
    FZ_CHECK(d->indexed == (uint32_t)want->indexed && d->vertex_count_per_instance == want->args[0] &&
             d->instance_count == want->args[1] && d->start_location == want->args[2],
             "command %u: draw arguments", got->command);
    FZ_CHECK(want->indexed ? (uint32_t)d->base_vertex_location == want->args[3] &&
                                 d->start_instance_location == want->args[4]
                           : d->start_instance_location == want->args[3],
             "command %u: base or start instance", got->command);
    for (uint32_t s = 0; s < 32; s++) {
        if (!want->vb[s].set)
            continue;
        const vf_vertex_buffer_view *v = &got->vertex_buffers[s];
        FZ_CHECK(s < d->num_vertex_buffers && v->data == want->vb[s].host &&
                     v->size_in_bytes == want->vb[s].size && v->stride_in_bytes == want->vb[s].third,
                 "command %u: slot %u", got->command, s);
    }
    if (want->ib.set)
        FZ_CHECK(got->index_buffer.data == want->ib.host && got->index_buffer.size_in_bytes == want->ib.size,
                 "command %u: index buffer", got->command);
}

static void run_all(const struct fz_call *c)
{
    static const vf_input_element_desc el[2] = {
        { "POSITION", 0, VF_FORMAT_R32G32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "COLOR", 0, VF_FORMAT_R8G8B8A8_UNORM, 1, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
    };
    vf_layout *layout;
    FZ_CHECK(vf_layout_create(el, 2, NULL, &layout, NULL) == VF_OK, "layout");
    uint32_t n;
    size_t size;
    if (vf_execute_indirect_size(layout, &c->desc, &n, &size) == VF_OK && size <= (1u << 20)) {
        void *out = aligned_alloc(16, size + 16);
        vf_indirect_result res[8];
        FZ_CHECK(out && vf_execute_indirect(layout, &c->desc, out, size, res, 8, NULL) == VF_OK, "execute");
        /* Again gathering each command's draw diagnostics: same results. */
        vf_indirect_result res2[8];
        vf_diagnostics *diag = malloc(sizeof(*diag));
        FZ_CHECK(diag && vf_execute_indirect(layout, &c->desc, out, size, res2, 8, diag) == VF_OK,
                 "execute with diagnostics");
        FZ_CHECK(memcmp(res, res2, n * sizeof(res[0])) == 0, "results with diagnostics");
        free(diag);
        free(out);
    }
    vf_layout_destroy(layout);
}

static void check_unbind(const struct fz_call *c, int valid, const vf_command_signature_info *info)
{
    vf_vertex_buffer_view vbs[32];
    vf_index_buffer_view ib = { c, 4, VF_FORMAT_R16_UINT };
    for (uint32_t i = 0; i < 32; i++) {
        vf_vertex_buffer_view v = { c, 4, 4 };
        vbs[i] = v;
    }
    vf_result r = vf_command_signature_unbind(&c->sig, vbs, 32, &ib);
    FZ_CHECK((r == VF_OK) == valid, "unbind: %d", (int)r);
    for (uint32_t i = 0; valid && i < 32; i++)
        FZ_CHECK((vbs[i].data == NULL) == ((info->vertex_slot_mask >> i) & 1u), "unbind slot %u", i);
    FZ_CHECK(!valid || (ib.data == NULL) == (info->sets_index_buffer != 0), "unbind index buffer");
}

/* The D3D11 forms over the same bytes: the argument buffer as a
 * DRAWINDIRECT_ARGS buffer, the first range as slot 0 of DrawAuto. */
static void check_d3d11(fz_input *in, const struct fz_call *c)
{
    uint32_t width = (uint32_t)c->desc.argument_buffer_size, off = fz_u8(in) % 40u;
    int indexed = fz_u8(in) & 1;
    if (width == 0)
        return;
    vf_buffer_desc bd = { width, VF_USAGE_DEFAULT, VF_BIND_VERTEX_BUFFER | VF_BIND_STREAM_OUTPUT,
                          0, fz_u8(in) & 1 ? VF_RESOURCE_MISC_DRAWINDIRECT_ARGS : 0, 0 };
    vf_subresource_data init = { c->argbuf, 0, 0 };
    vf_buffer *b;
    FZ_CHECK(vf_buffer_create(&bd, &init, VF_BUFFER_WRAP, &b, NULL) == VF_OK, "buffer");
    vf_d3d11_draw_args a;
    vf_result r = vf_d3d11_indirect_args(b, off, indexed, &a, NULL);
    int fits = bd.misc_flags && off % 4 == 0 && off + (indexed ? 20u : 16u) <= width;
    FZ_CHECK((r == VF_OK) == fits, "D3D11 arguments at %u: %d", off, (int)r);
    if (r == VF_OK) {
        uint32_t w0;
        memcpy(&w0, c->argbuf + off, 4);
        FZ_CHECK(a.count_per_instance == w0 && a.indexed == (uint32_t)indexed, "D3D11 words");
    }
    vf_d3d11_ia_state st;
    FZ_CHECK(vf_d3d11_ia_state_init(&st, VF_FEATURE_LEVEL_11_0) == VF_OK, "state");
    uint32_t stride = fz_u8(in) % 64u, boff = fz_u16(in) % (width + 1), filled = fz_u16(in);
    const vf_buffer *bufs[1] = { b };
    if (vf_d3d11_ia_set_vertex_buffers(&st, 0, 1, bufs, &stride, &boff, NULL) == VF_OK) {
        r = vf_d3d11_draw_auto_args(&st, filled, &a, NULL);
        FZ_CHECK((r == VF_OK) == (filled <= width), "DrawAuto: %d", (int)r);
        FZ_CHECK(r != VF_OK || a.count_per_instance == (filled > boff && stride ? (filled - boff) / stride : 0),
                 "DrawAuto count");
    }
    vf_buffer_destroy(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = { data, size, 0 };
    struct fz_call c;
    memset(&c, 0, sizeof(c));
    read_signature(&in, &c);
    read_buffers(&in, &c);
    vf_command_signature_info info;
    int valid = vf_command_signature_check(&c.sig, &info, NULL) == VF_OK;
    FZ_CHECK(valid == iref_signature_valid(c.ref_args, c.sig.num_argument_descs, c.sig.byte_stride),
             "signature of %u arguments, stride %u", c.sig.num_argument_descs, c.sig.byte_stride);
    check_unbind(&c, valid, &info);
    check_d3d11(&in, &c);
    vf_indirect_walk walk;
    vf_result r = vf_execute_indirect_begin(&c.desc, &walk, NULL);
    if (valid) {
        FZ_CHECK((r == VF_OK) == call_fits(&c, info.arguments_size), "begin: %d", (int)r);
    }
    if (r == VF_OK) {
        uint32_t count_word = 0;
        if (c.countbuf)
            memcpy(&count_word, c.countbuf + c.desc.count_buffer_offset, 4);
        iref_command ref[8];
        uint32_t n = iref_walk(c.ref_args, c.sig.num_argument_descs, c.sig.byte_stride, c.argbuf,
                               c.desc.argument_buffer_offset, c.countbuf ? &count_word : NULL,
                               c.desc.max_command_count, c.ref_ranges, NRANGES, ref, 8);
        FZ_CHECK(walk.command_count == n, "count %u, want %u", walk.command_count, n);
        vf_indirect_command cmd;
        for (uint32_t i = 0; i < n; i++) {
            FZ_CHECK(vf_execute_indirect_next(&walk, &cmd, NULL) == VF_OK, "next");
            check_command(&cmd, &ref[i]);
        }
        FZ_CHECK(vf_execute_indirect_next(&walk, &cmd, NULL) == VF_ERROR_INVALID_RANGE, "past the end");
        run_all(&c);
    }
    for (uint32_t i = 0; i < NRANGES; i++)
        free(c.ranges_mem[i]);
    free(c.argbuf);
    free(c.countbuf);
    return 0;
}
