/*
 * fuzz_d3d11.c - the D3D11 front end from arbitrary bytes.
 *
 * The input chooses buffer descriptions (every field over its whole range),
 * their contents and whether they are copied or wrapped, a feature level,
 * IASetVertexBuffers / IASetIndexBuffer / IASetPrimitiveTopology calls with
 * any slots, strides, offsets and formats, and the arguments of one of the
 * four draws. Wrapped memory is an exact-size allocation, so ASan reports
 * any read outside [0, ByteWidth).
 *
 * Checks, aborting on any difference:
 *  - vf_buffer_create either fails with *ret NULL and its first diagnostic
 *    naming the result, or succeeds with the description and the bytes it
 *    was given (the same memory when wrapped);
 *  - a setter that fails leaves the state unchanged; one that succeeds
 *    leaves exactly the bindings it was given;
 *  - the D3D11 draw gives the result and, bit for bit, the output of
 *    vf_draw with views built here from the state (bytes [Offset,
 *    ByteWidth), cut value by the index format, cuts in every topology);
 *  - a failed draw writes nothing;
 *  - every diagnostic's D3D11 message ID has a name, and no message uses
 *    D3D12's field names.
 */
#include "fuzz_input.h"
#include "vfetch_d3d11.h"

#define NBUF 4u
#define MAX_WIDTH 512u
#define MAX_POSITIONS 2000u

static const uint32_t levels[] = {
    VF_FEATURE_LEVEL_9_1, VF_FEATURE_LEVEL_9_3, VF_FEATURE_LEVEL_10_0, VF_FEATURE_LEVEL_10_1,
    VF_FEATURE_LEVEL_11_0, VF_FEATURE_LEVEL_12_2, 0xb200u /* not a level */,
};

struct fz_buf {
    vf_buffer *b;
    uint8_t *mem;    /* what the buffer must hold: its wrapped memory or a reference copy */
    uint32_t width;
};

/* A description that is valid most of the time, with fields the input may
 * bend anywhere. */
static vf_buffer_desc pick_desc(fz_input *in)
{
    vf_buffer_desc d = { (uint32_t)fz_u16(in) % MAX_WIDTH + 1, VF_USAGE_DEFAULT,
                         VF_BIND_VERTEX_BUFFER | VF_BIND_INDEX_BUFFER, 0, 0, 0 };
    /* Mostly valid, so that draws happen; bent a quarter of the time. */
    uint8_t bend = fz_u8(in) < 64 ? fz_u8(in) : 0;
    if (bend & 1)
        d.usage = fz_u8(in) % 5;
    if (bend & 2)
        d.bind_flags = fz_u32(in) & (bend & 0x80 ? 0xffffffffu : 0x7ffu);
    if (bend & 4)
        d.cpu_access_flags = fz_u32(in) & (bend & 0x80 ? 0xffffffffu : 0x30000u);
    if (bend & 8)
        d.misc_flags = fz_u32(in) & (bend & 0x80 ? 0xffffffffu : 0xf0u);
    if (bend & 16)
        d.structure_byte_stride = fz_u16(in) % 2100;
    if (bend & 32)
        d.byte_width = fz_u8(in) < 8 ? 0 : d.byte_width;
    if (d.usage == VF_USAGE_DYNAMIC && !(bend & 4))
        d.cpu_access_flags = VF_CPU_ACCESS_WRITE;
    return d;
}

static void make_buffer(fz_input *in, struct fz_buf *fb)
{
    vf_buffer_desc d = pick_desc(in);
    uint8_t mode = fz_u8(in); /* bit 0: initial data, bit 1: wrap, bit 2: NULL pSysMem */
    uint32_t alloc = d.byte_width ? d.byte_width : 1;
    fb->mem = malloc(alloc);
    FZ_CHECK(fb->mem != NULL, "out of memory");
    fz_fill(in, fb->mem, alloc);
    vf_subresource_data init = { (mode & 4) ? NULL : fb->mem, fz_u32(in), fz_u32(in) };
    vf_diagnostics diag;
    fb->b = (vf_buffer *)&diag;
    vf_result r = vf_buffer_create(&d, (mode & 1) ? &init : NULL, (mode & 2) ? VF_BUFFER_WRAP : 0,
                                   &fb->b, &diag);
    fb->width = d.byte_width;
    if (r != VF_OK) {
        FZ_CHECK(fb->b == NULL, "failed create left a buffer");
        FZ_CHECK(diag.count >= 1 && diag.entries[0].code == r, "first diagnostic %d vs %d",
                 diag.count ? (int)diag.entries[0].code : -1, (int)r);
        return;
    }
    FZ_CHECK(diag.num_errors == 0, "success with %u errors", diag.num_errors);
    vf_buffer_desc got;
    FZ_CHECK(vf_buffer_get_desc(fb->b, &got) == VF_OK && memcmp(&got, &d, sizeof(d)) == 0,
             "desc round trip");
    const uint8_t *data = vf_buffer_data(fb->b);
    if (mode & 2) {
        FZ_CHECK(data == fb->mem, "wrapped buffer copied");
    } else if (mode & 1) {
        FZ_CHECK(memcmp(data, fb->mem, d.byte_width) == 0, "copy differs");
    } else {
        memset(fb->mem, 0, d.byte_width);
        FZ_CHECK(memcmp(data, fb->mem, d.byte_width) == 0, "new buffer not zero");
    }
}

static vf_layout *make_layout(fz_input *in)
{
    vf_format formats[64];
    uint32_t nf = fz_vertex_formats(formats);
    vf_input_element_desc e[3] = {
        { "A", 0, formats[fz_u8(in) % nf], 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "B", 0, formats[fz_u8(in) % nf], fz_u8(in) % 3, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "C", 0, formats[fz_u8(in) % nf], 0, 0, VF_INPUT_PER_INSTANCE_DATA, fz_u8(in) % 3 },
    };
    e[2].input_slot = fz_u8(in) & 1 ? 3 : 20; /* slot 20 only from feature level 10_1 */
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.max_input_slots = 32;
    o.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    static const uint32_t shapes[4] = { VF_OUTPUT_AOS, VF_OUTPUT_SOA4, VF_OUTPUT_SOA8,
                                        VF_OUTPUT_SOA16 };
    o.output_shape = shapes[fz_u8(in) % 4];
    vf_layout *l = NULL;
    if (vf_layout_create(e, 3, &o, &l, NULL) != VF_OK)
        return NULL;
    return l;
}

static void set_calls(fz_input *in, vf_d3d11_ia_state *s, struct fz_buf *bufs, vf_layout *l)
{
    uint32_t ncalls = fz_u8(in) % 6 + 1;
    for (uint32_t c = 0; c < ncalls; c++) {
        vf_d3d11_ia_state before = *s;
        uint8_t kind = c == 0 ? 2 : fz_u8(in) % 4; /* a topology first, usually a valid one */
        vf_result r;
        if (kind == 0 || kind == 3) {
            const vf_buffer *b[3];
            uint32_t strides[3], offsets[3];
            uint32_t start = fz_u8(in) < 250 ? fz_u8(in) % 34 : fz_u32(in);
            uint32_t n = fz_u8(in) % 4;
            for (uint32_t i = 0; i < 3; i++) {
                uint8_t pick = fz_u8(in);
                b[i] = pick % (NBUF + 1) == NBUF ? NULL : bufs[pick % (NBUF + 1)].b;
                strides[i] = fz_u8(in) < 240 ? (uint32_t)fz_u8(in) * 4 : fz_u32(in);
                uint8_t o = fz_u8(in);
                offsets[i] = o < 160 ? o % 32 : o < 240 ? fz_u16(in) % (MAX_WIDTH + 8) : fz_u32(in);
            }
            r = vf_d3d11_ia_set_vertex_buffers(s, start, n, b, strides, offsets, NULL);
            if (r == VF_OK)
                for (uint32_t i = 0; i < n; i++)
                    FZ_CHECK(s->vertex_buffers[start + i].buffer == b[i] &&
                             (!b[i] || (s->vertex_buffers[start + i].stride == strides[i] &&
                                        s->vertex_buffers[start + i].offset == offsets[i])),
                             "slot %u not as set", start + i);
        } else if (kind == 1) {
            uint8_t pick = fz_u8(in);
            const vf_buffer *b = pick % (NBUF + 1) == NBUF ? NULL : bufs[pick % (NBUF + 1)].b;
            uint8_t f = fz_u8(in);
            vf_format fmt = f < 120 ? VF_FORMAT_R16_UINT : f < 240 ? VF_FORMAT_R32_UINT : f;
            uint8_t o = fz_u8(in);
            uint32_t off = o < 160 ? o % 16 : o < 240 ? fz_u16(in) % (MAX_WIDTH + 8) : fz_u32(in);
            r = vf_d3d11_ia_set_index_buffer(s, b, fmt, off, NULL);
            if (r == VF_OK)
                FZ_CHECK(s->index_buffer == b && (!b || (s->index_format == fmt &&
                                                         s->index_offset == off)),
                         "index buffer not as set");
        } else {
            static const uint32_t common[4] = { VF_TOPOLOGY_TRIANGLELIST, VF_TOPOLOGY_TRIANGLESTRIP,
                                                VF_TOPOLOGY_LINESTRIP_ADJ, VF_TOPOLOGY_POINTLIST };
            uint8_t pick = fz_u8(in);
            uint32_t t = pick < 192 ? common[pick % 4] : fz_u8(in) % 70;
            r = vf_d3d11_ia_set_primitive_topology(s, t, NULL);
            if (r == VF_OK)
                FZ_CHECK(s->primitive_topology == t, "topology not as set");
        }
        if (r != VF_OK)
            FZ_CHECK(memcmp(&before, s, sizeof(*s)) == 0, "failed setter changed the state");
    }
    if (fz_u8(in) < 240)
        vf_d3d11_ia_set_input_layout(s, l, NULL);
}

/* The views and cut value of docs/d3d-ia-rules.md §14.4, built here from the state. */
static vf_result draw_by_hand(const vf_d3d11_ia_state *s, int indexed, uint32_t count,
                              uint32_t instances, uint32_t start, int32_t base,
                              uint32_t start_instance, void *out, size_t size)
{
    vf_vertex_buffer_view vbs[VF_D3D11_MAX_INPUT_SLOTS];
    memset(vbs, 0, sizeof(vbs));
    for (uint32_t i = 0; i < s->num_slots; i++) {
        const vf_d3d11_vertex_binding *vb = &s->vertex_buffers[i];
        if (!vb->buffer)
            continue;
        vf_buffer_desc d;
        vf_buffer_get_desc(vb->buffer, &d);
        vbs[i].data = (const uint8_t *)vf_buffer_data(vb->buffer) + vb->offset;
        vbs[i].size_in_bytes = d.byte_width - vb->offset;
        vbs[i].stride_in_bytes = vb->stride;
    }
    if (!indexed)
        return vf_draw_instanced(s->input_layout, vbs, s->num_slots, count, instances, start,
                                 start_instance, out, size);
    vf_index_buffer_view ib = { NULL, 0, s->index_format };
    uint32_t cut = VF_STRIP_CUT_VALUE_DISABLED;
    if (s->index_buffer) {
        vf_buffer_desc d;
        vf_buffer_get_desc(s->index_buffer, &d);
        ib.data = (const uint8_t *)vf_buffer_data(s->index_buffer) + s->index_offset;
        ib.size_in_bytes = d.byte_width - s->index_offset;
        cut = s->index_format == VF_FORMAT_R16_UINT ? VF_STRIP_CUT_VALUE_0xFFFF
                                                    : VF_STRIP_CUT_VALUE_0xFFFFFFFF;
    }
    return vf_draw_indexed_instanced(s->input_layout, vbs, s->num_slots,
                                     s->index_buffer ? &ib : NULL, cut,
                                     VF_TOPOLOGY_TRIANGLESTRIP, count, instances, start, base,
                                     start_instance, out, size);
}

/* The D3D11 statistics of three instances: the count's result, its
 * primitives three times, and figures in their order (the exact figures
 * are checked against the reference in check_statistics). */
static void check_statistics(const vf_d3d11_ia_state *s, int indexed, uint32_t count,
                             uint32_t start, vf_result count_result, uint32_t primitives)
{
    size_t bytes = 0;
    vf_result r = vf_d3d11_draw_statistics_scratch_size(s, indexed, count, start, &bytes);
    FZ_CHECK(r == count_result, "statistics scratch %d, count %d", (int)r, (int)count_result);
    if (r != VF_OK)
        return;
    uint64_t *scratch = bytes ? malloc(bytes) : NULL;
    FZ_CHECK(bytes == 0 || scratch, "out of memory");
    vf_pipeline_statistics st;
    r = vf_d3d11_draw_statistics(s, indexed, count, 3, start, scratch, bytes, &st);
    free(scratch);
    FZ_CHECK(r == VF_OK, "statistics gave %d", (int)r);
    FZ_CHECK(st.ia_primitives == 3ull * primitives, "IAPrimitives %llu, primitives %u",
             (unsigned long long)st.ia_primitives, primitives);
    FZ_CHECK(st.ia_vertices_min <= st.ia_vertices && st.ia_vertices <= 3ull * count &&
                 st.vs_invocations_min <= st.ia_vertices_min &&
                 st.ia_vertices <= st.vs_invocations_max,
             "statistics out of order");
}

/* The D3D11 primitive list read whole and with a cursor, `step`
 * primitives a call (0: a room of fewer words than a primitive): the same
 * list, the same errors, nothing written past the room. */
static void check_primitives(const vf_d3d11_ia_state *s, int indexed, uint32_t count,
                             uint32_t start, uint32_t step)
{
    uint32_t n = 0, vpp = 0, written = 0;
    vf_primitive_cursor cur;
    vf_result r = vf_d3d11_primitive_count(s, indexed, count, start, &n, &vpp);
    vf_result rc = vf_d3d11_primitive_cursor_init(s, indexed, count, start, &cur);
    FZ_CHECK(r == rc, "count %d, cursor init %d", (int)r, (int)rc);
    check_statistics(s, indexed, count, start, r, n);
    if (r != VF_OK)
        return;
    uint32_t *whole = malloc(((size_t)n * vpp + 1) * sizeof(uint32_t));
    size_t room = step ? (size_t)step * vpp : vpp - 1;
    uint32_t *piece = malloc((room + 1) * sizeof(uint32_t));
    FZ_CHECK(whole && piece, "out of memory");
    FZ_CHECK(vf_d3d11_draw_primitives(s, indexed, count, start, 0, whole, (size_t)n * vpp,
                                      &written) == VF_OK && written == n, "whole list");
    uint32_t done = 0;
    for (;;) {
        piece[room] = 0x5a5a5a5au;
        r = vf_d3d11_draw_primitives_next(s, indexed, count, start, &cur, piece, room, &written);
        FZ_CHECK(piece[room] == 0x5a5a5a5au, "cursor wrote past its room");
        if (r == VF_ERROR_OUTPUT_TOO_SMALL) {
            FZ_CHECK(step == 0 && n > 0 && written == 0, "cursor: too small");
            break;
        }
        FZ_CHECK(r == VF_OK, "cursor gave %d at %u", (int)r, done);
        if (written == 0)
            break;
        FZ_CHECK(done + written <= n &&
                     memcmp(piece, whole + (size_t)done * vpp, (size_t)written * vpp * 4) == 0,
                 "cursor list differs at primitive %u", done);
        done += written;
    }
    FZ_CHECK(done == n || step == 0, "cursor read %u of %u primitives", done, n);
    free(whole);
    free(piece);
}

static void run_draw(fz_input *in, const vf_d3d11_ia_state *s)
{
    int indexed = fz_u8(in) & 1;
    uint32_t count = fz_u16(in) % 300;
    uint8_t ni = fz_u8(in);
    uint32_t instances = ni < 32 ? ni % 5 : ni % 4 + 1;
    uint32_t start = fz_u8(in) < 200 ? fz_u8(in) : fz_u32(in);
    int32_t base = fz_u8(in) < 200 ? (int8_t)fz_u8(in) : (int32_t)fz_u32(in);
    uint32_t start_instance = fz_u8(in) < 200 ? fz_u8(in) % 4 : fz_u32(in);
    int single = instances == 1 && start_instance == 0 && (fz_u8(in) & 1);

    check_primitives(s, indexed, count, start, fz_u8(in) % 4);

    size_t size = 0;
    if (s->input_layout &&
        (vf_draw_output_size(s->input_layout, count, instances, &size) != VF_OK ||
         count * instances > MAX_POSITIONS))
        return;
    size_t alloc = size ? size : 16;
    uint8_t *got = aligned_alloc(16, (alloc + 15) & ~(size_t)15);
    uint8_t *want = aligned_alloc(16, (alloc + 15) & ~(size_t)15);
    FZ_CHECK(got && want, "out of memory");
    memset(got, 0xa5, alloc);
    memset(want, 0xa5, alloc);

    vf_diagnostics diag;
    vf_result r;
    if (single)
        r = indexed ? vf_d3d11_draw_indexed(s, count, start, base, got, size, &diag)
                    : vf_d3d11_draw(s, count, start, got, size, &diag);
    else
        r = indexed ? vf_d3d11_draw_indexed_instanced(s, count, instances, start, base,
                                                      start_instance, got, size, &diag)
                    : vf_d3d11_draw_instanced(s, count, instances, start, start_instance, got,
                                              size, &diag);
    if (!s->input_layout || s->primitive_topology == VF_TOPOLOGY_UNDEFINED) {
        FZ_CHECK(r == (s->input_layout ? VF_ERROR_INVALID_TOPOLOGY : VF_ERROR_INPUT_LAYOUT_NOT_SET),
                 "draw without layout or topology: %d", (int)r);
    } else {
        vf_result w = draw_by_hand(s, indexed, count, instances, start, base, start_instance,
                                   want, size);
        FZ_CHECK(r == w, "result %d, by hand %d", (int)r, (int)w);
        FZ_CHECK(memcmp(got, want, alloc) == 0, "output differs from the hand-built draw");
    }
    /* Every entry's message ID, where it has one, has a name; no message
     * names D3D12's view fields. */
    for (uint32_t i = 0; i < diag.count; i++) {
        uint32_t id = vf_d3d11_message_id(diag.entries[i].code);
        FZ_CHECK(id == VF_D3D11_MESSAGE_ID_UNKNOWN || vf_d3d11_message_id_name(id) != NULL,
                 "message ID %u of code %d has no name", id, (int)diag.entries[i].code);
        FZ_CHECK(!strstr(diag.entries[i].message, "StrideInBytes") &&
                     !strstr(diag.entries[i].message, "SizeInBytes"),
                 "D3D12 words in a D3D11 message: %s", diag.entries[i].message);
    }
    if (r != VF_OK) {
        int named = 0;
        for (uint32_t i = 0; i < diag.count; i++)
            named |= diag.entries[i].code == r && diag.entries[i].severity == VF_SEVERITY_ERROR;
        FZ_CHECK(named, "no diagnostic for %d", (int)r);
        for (size_t i = 0; i < alloc; i++)
            FZ_CHECK(got[i] == 0xa5, "failed draw wrote byte %zu", i);
    }
    free(got);
    free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = { data, size, 0 };
    struct fz_buf bufs[NBUF];
    for (uint32_t i = 0; i < NBUF; i++)
        make_buffer(&in, &bufs[i]);
    vf_layout *layout = make_layout(&in);
    vf_d3d11_ia_state s;
    uint32_t level = levels[fz_u8(&in) % (sizeof(levels) / sizeof(levels[0]))];
    if (vf_d3d11_ia_state_init(&s, level) == VF_OK) {
        set_calls(&in, &s, bufs, layout);
        run_draw(&in, &s);
    } else {
        FZ_CHECK(level == 0xb200u, "level 0x%x refused", level);
    }
    vf_layout_destroy(layout);
    for (uint32_t i = 0; i < NBUF; i++) {
        vf_buffer_destroy(bufs[i].b);
        free(bufs[i].mem);
    }
    return 0;
}
