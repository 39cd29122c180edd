/*
 * check_d3d11.c - the D3D11 front end: CreateBuffer's rules (accepts and
 * rejects), the binding checks of the IA setters, and the four D3D11 draws.
 *
 * Draws are checked two ways. Against the D3D12 route: vf_draw with views
 * built here by hand from the buffers and the offsets, with the cut value
 * D3D11 implies (docs/d3d-ia-rules.md §14.4.2). And against records computed here
 * with integer arithmetic from the rules: the layout's formats other than
 * one UNORM element decode to their raw integers, an element is read iff
 * address + size <= the view's size, out of bounds gives zeros plus the
 * format's defaults, and a cut position is a zero record flagged
 * VF_FLAG_STRIP_CUT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "test_util.h"
#include "vfetch_d3d11.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))
#define REC_WORDS 16u /* four registers: A, B, C, system */

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

static vf_buffer_desc bdesc(uint32_t width, uint32_t usage, uint32_t bind, uint32_t cpu,
                            uint32_t misc, uint32_t stride)
{
    vf_buffer_desc d = { width, usage, bind, cpu, misc, stride };
    return d;
}

static vf_buffer *make_buffer(uint32_t bind, const void *data, uint32_t size, uint32_t flags)
{
    vf_buffer_desc d = bdesc(size, VF_USAGE_DEFAULT, bind, 0, 0, 0);
    vf_subresource_data init = { data, 0, 0 };
    vf_buffer *b = NULL;
    ck_assert_int_eq(vf_buffer_create(&d, &init, flags, &b, NULL), VF_OK);
    return b;
}

/* Layout: slot 0 per-vertex A (R32G32B32A32_UINT at 0), B (R8G8B8A8_UNORM
 * at 16); slot 1 per-instance C (R32_UINT, step rate 1); then the system
 * register { VertexID, InstanceID, flags, 0 }. */
static vf_layout *make_layout(uint32_t max_slots, uint32_t c_slot)
{
    vf_input_element_desc e[3] = {
        { "A", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "B", 0, VF_FORMAT_R8G8B8A8_UNORM, 0, 16, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "C", 0, VF_FORMAT_R32_UINT, c_slot, 0, VF_INPUT_PER_INSTANCE_DATA, 1 },
    };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.max_input_slots = max_slots;
    o.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    vf_layout *l = NULL;
    ck_assert_int_eq(vf_layout_create(e, 3, &o, &l, NULL), VF_OK);
    return l;
}

static void fill_words(uint32_t *w, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++)
        w[i] = seed * 0x9e3779b1u + (uint32_t)i * 0x01000193u;
}

/* ------------------------------------------------------------------------ */
/* CreateBuffer                                                             */
/* ------------------------------------------------------------------------ */

struct bcase {
    const char *name;
    vf_buffer_desc desc;
    int with_initial; /* 0: none, 1: initial data, 2: initial with NULL pSysMem */
    uint32_t flags;
    vf_result expect;
    uint32_t errors;  /* errors the diagnostics must hold */
};

#define VB VF_BIND_VERTEX_BUFFER
#define IB VF_BIND_INDEX_BUFFER
#define CB VF_BIND_CONSTANT_BUFFER
#define SRV VF_BIND_SHADER_RESOURCE
#define SO VF_BIND_STREAM_OUTPUT
#define RT VF_BIND_RENDER_TARGET
#define UAV VF_BIND_UNORDERED_ACCESS
#define W VF_CPU_ACCESS_WRITE
#define R VF_CPU_ACCESS_READ
#define STRUCT VF_RESOURCE_MISC_BUFFER_STRUCTURED
#define RAW VF_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS
#define INDIRECT VF_RESOURCE_MISC_DRAWINDIRECT_ARGS
#define DEF VF_USAGE_DEFAULT
#define IMM VF_USAGE_IMMUTABLE
#define DYN VF_USAGE_DYNAMIC
#define STG VF_USAGE_STAGING

static const struct bcase buffer_cases[] = {
    /* Accepted. */
    { "default vertex", { 64, DEF, VB, 0, 0, 0 }, 0, 0, VF_OK, 0 },
    { "default vb+ib+srv+so+rt+uav", { 64, DEF, VB | IB | SRV | SO | RT | UAV, 0, 0, 0 }, 1, 0, VF_OK, 0 },
    { "default no bind", { 1, DEF, 0, 0, 0, 0 }, 0, 0, VF_OK, 0 },
    { "immutable with data", { 48, IMM, VB | IB | SRV, 0, 0, 0 }, 1, 0, VF_OK, 0 },
    { "dynamic write", { 32, DYN, VB, W, 0, 0 }, 0, 0, VF_OK, 0 },
    { "dynamic constant", { 256, DYN, CB, W, 0, 0 }, 0, 0, VF_OK, 0 },
    { "staging read", { 7, STG, 0, R, 0, 0 }, 0, 0, VF_OK, 0 },
    { "staging write", { 7, STG, 0, W, 0, 0 }, 1, 0, VF_OK, 0 },
    { "staging read write", { 7, STG, 0, R | W, 0, 0 }, 0, 0, VF_OK, 0 },
    { "structured srv uav", { 96, DEF, SRV | UAV, 0, STRUCT, 12 }, 0, 0, VF_OK, 0 },
    { "structured stride 2048", { 4096, DEF, SRV, 0, STRUCT, 2048 }, 0, 0, VF_OK, 0 },
    { "structured odd stride", { 21, DEF, SRV, 0, STRUCT, 7 }, 0, 0, VF_OK, 0 },
    { "raw vertex", { 64, DEF, VB | SRV, 0, RAW, 0 }, 0, 0, VF_OK, 0 },
    { "draw indirect", { 20, DEF, UAV, 0, INDIRECT, 0 }, 0, 0, VF_OK, 0 },
    { "constant 16", { 16, DEF, CB, 0, 0, 0 }, 0, 0, VF_OK, 0 },
    { "wrap", { 40, IMM, VB, 0, 0, 0 }, 1, VF_BUFFER_WRAP, VF_OK, 0 },
    { "unknown vfetch flag", { 16, DEF, VB, 0, 0, 0 }, 0, 0x80000000u, VF_ERROR_INVALID_ARGUMENT, 1 },

    /* 2.1 ByteWidth. */
    { "width 0", { 0, DEF, VB, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_BYTE_WIDTH, 1 },
    { "constant 20", { 20, DEF, CB, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_BYTE_WIDTH, 1 },
    /* 2.2 Usage. */
    { "usage 4", { 16, 4, VB, 0, 0, 0 }, 1, 0, VF_ERROR_INVALID_USAGE, 1 },
    { "usage huge", { 16, 0xffffffffu, 0, 0, 0, 0 }, 1, 0, VF_ERROR_INVALID_USAGE, 1 },
    /* 2.3 Bind flags. */
    { "bind unknown 0x100", { 16, DEF, 0x100, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_BIND_FLAGS, 1 },
    { "bind unknown high", { 16, DEF, VB | 0x80000000u, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_BIND_FLAGS, 1 },
    { "bind depth stencil", { 16, DEF, VF_BIND_DEPTH_STENCIL, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_BIND_FLAGS, 1 },
    { "bind decoder", { 16, DEF, VF_BIND_DECODER, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_BIND_FLAGS, 1 },
    { "bind video encoder", { 16, DEF, VF_BIND_VIDEO_ENCODER, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_BIND_FLAGS, 1 },
    { "constant plus vertex", { 16, DEF, CB | VB, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_BIND_FLAGS, 1 },
    { "staging bound", { 16, STG, VB, R, 0, 0 }, 0, 0, VF_ERROR_INVALID_BIND_FLAGS, 1 },
    { "immutable stream out", { 16, IMM, VB | SO, 0, 0, 0 }, 1, 0, VF_ERROR_INVALID_BIND_FLAGS, 1 },
    { "immutable uav", { 16, IMM, UAV, 0, 0, 0 }, 1, 0, VF_ERROR_INVALID_BIND_FLAGS, 1 },
    { "dynamic render target", { 16, DYN, RT, W, 0, 0 }, 0, 0, VF_ERROR_INVALID_BIND_FLAGS, 1 },
    { "dynamic uav", { 16, DYN, VB | UAV, W, 0, 0 }, 0, 0, VF_ERROR_INVALID_BIND_FLAGS, 1 },
    /* 2.4 CPU access. */
    { "cpu unknown", { 16, STG, 0, 0x1, 0, 0 }, 0, 0, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, 1 },
    { "default with write", { 16, DEF, VB, W, 0, 0 }, 0, 0, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, 1 },
    { "default with read", { 16, DEF, VB, R, 0, 0 }, 0, 0, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, 1 },
    { "immutable with read", { 16, IMM, VB, R, 0, 0 }, 1, 0, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, 1 },
    { "dynamic no access", { 16, DYN, VB, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, 1 },
    { "dynamic read", { 16, DYN, VB, R, 0, 0 }, 0, 0, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, 1 },
    { "dynamic read write", { 16, DYN, VB, R | W, 0, 0 }, 0, 0, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, 1 },
    { "staging no access", { 16, STG, 0, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, 1 },
    /* 2.5 Misc flags. */
    { "misc generate mips", { 16, DEF, VB, 0, 0x1, 0 }, 0, 0, VF_ERROR_INVALID_MISC_FLAGS, 1 },
    { "misc texturecube", { 16, DEF, VB, 0, 0x4, 0 }, 0, 0, VF_ERROR_INVALID_MISC_FLAGS, 1 },
    { "misc unknown high", { 16, DEF, VB, 0, 0x40000000u, 0 }, 0, 0, VF_ERROR_INVALID_MISC_FLAGS, 1 },
    { "misc shared", { 16, DEF, VB, 0, VF_RESOURCE_MISC_SHARED, 0 }, 0, 0, VF_ERROR_INVALID_MISC_FLAGS, 1 },
    { "misc tiled", { 16, DEF, VB, 0, VF_RESOURCE_MISC_TILED, 0 }, 0, 0, VF_ERROR_INVALID_MISC_FLAGS, 1 },
    { "structured raw", { 16, DEF, SRV, 0, STRUCT | RAW, 4 }, 0, 0, VF_ERROR_INVALID_MISC_FLAGS, 1 },
    { "raw constant", { 16, DEF, CB, 0, RAW, 0 }, 0, 0, VF_ERROR_INVALID_MISC_FLAGS, 1 },
    { "structured vertex", { 16, DEF, VB, 0, STRUCT, 4 }, 0, 0, VF_ERROR_INVALID_MISC_FLAGS, 1 },
    { "structured index", { 16, DEF, IB, 0, STRUCT, 4 }, 0, 0, VF_ERROR_INVALID_MISC_FLAGS, 1 },
    { "structured stream out", { 16, DEF, SO, 0, STRUCT, 4 }, 0, 0, VF_ERROR_INVALID_MISC_FLAGS, 1 },
    { "structured render target", { 16, DEF, RT, 0, STRUCT, 4 }, 0, 0, VF_ERROR_INVALID_MISC_FLAGS, 1 },
    /* 2.6 StructureByteStride. */
    { "stride without structured", { 16, DEF, VB, 0, 0, 4 }, 0, 0, VF_ERROR_INVALID_STRUCTURE_STRIDE, 1 },
    { "structured stride 0", { 16, DEF, SRV, 0, STRUCT, 0 }, 0, 0, VF_ERROR_INVALID_STRUCTURE_STRIDE, 1 },
    { "structured stride 2049", { 2049, DEF, SRV, 0, STRUCT, 2049 }, 0, 0, VF_ERROR_INVALID_STRUCTURE_STRIDE, 1 },
    { "structured stride max", { 16, DEF, SRV, 0, STRUCT, 0xffffffffu }, 0, 0, VF_ERROR_INVALID_STRUCTURE_STRIDE, 1 },
    { "width not multiple of stride", { 18, DEF, SRV, 0, STRUCT, 4 }, 0, 0, VF_ERROR_INVALID_STRUCTURE_STRIDE, 1 },
    /* 2.7 Initial data. */
    { "immutable without data", { 16, IMM, VB, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_INITIAL_DATA, 1 },
    { "null pSysMem", { 16, DEF, VB, 0, 0, 0 }, 2, 0, VF_ERROR_INVALID_INITIAL_DATA, 1 },
    { "wrap nothing", { 16, DEF, VB, 0, 0, 0 }, 0, VF_BUFFER_WRAP, VF_ERROR_INVALID_INITIAL_DATA, 1 },
    /* A constant buffer's width is rule 2.1 too: it is the result when later
     * rules fail with it, and is reported first. */
    { "constant 17 dynamic-only write", { 17, DEF, CB, W, 0, 0 }, 0, 0, VF_ERROR_INVALID_BYTE_WIDTH, 2 },
    { "constant 17 usage 4", { 17, 4, CB, 0, 0, 0 }, 0, 0, VF_ERROR_INVALID_BYTE_WIDTH, 2 },
    { "constant 17 staging", { 17, STG, CB, R, 0, 0 }, 0, 0, VF_ERROR_INVALID_BYTE_WIDTH, 2 },
    { "constant 17 raw", { 17, DEF, CB, 0, RAW, 0 }, 0, 0, VF_ERROR_INVALID_BYTE_WIDTH, 2 },
    { "constant 17 stride", { 17, DEF, CB, 0, 0, 4 }, 0, 0, VF_ERROR_INVALID_BYTE_WIDTH, 2 },
    /* Several rules at once: every one is reported, the first is the result. */
    { "everything wrong", { 0, IMM, CB | VB | SO, R, STRUCT | RAW, 0 }, 0, 0,
      VF_ERROR_INVALID_BYTE_WIDTH, 9 },
};

START_TEST(test_create_buffer_rules)
{
    static uint8_t init_bytes[4096];
    for (size_t i = 0; i < sizeof(init_bytes); i++)
        init_bytes[i] = (uint8_t)(i * 7 + 3);
    for (size_t c = 0; c < LEN(buffer_cases); c++) {
        const struct bcase *bc = &buffer_cases[c];
        vf_subresource_data init = { bc->with_initial == 1 ? init_bytes : NULL, 1, 2 };
        vf_diagnostics diag;
        vf_buffer *b = (vf_buffer *)&diag; /* must be overwritten */
        vf_result r = vf_buffer_create(&bc->desc, bc->with_initial ? &init : NULL, bc->flags, &b,
                                       &diag);
        ck_assert_msg(r == bc->expect, "%s: %d (%s), expected %d", bc->name, r,
                      vf_result_string(r), bc->expect);
        ck_assert_msg(diag.num_errors == bc->errors, "%s: %u errors, expected %u (first: %s)",
                      bc->name, diag.num_errors, bc->errors,
                      diag.count ? diag.entries[0].message : "");
        if (r != VF_OK) {
            ck_assert_ptr_null(b);
            ck_assert_int_eq(diag.entries[0].code, bc->expect);
            ck_assert_int_eq(diag.entries[0].severity, VF_SEVERITY_ERROR);
            ck_assert_msg(strstr(diag.entries[0].message, "CreateBuffer") != NULL, "%s: %s",
                          bc->name, diag.entries[0].message);
            continue;
        }
        ck_assert_ptr_nonnull(b);
        vf_buffer_desc got;
        ck_assert_int_eq(vf_buffer_get_desc(b, &got), VF_OK);
        ck_assert_int_eq(memcmp(&got, &bc->desc, sizeof(got)), 0);
        const uint8_t *data = vf_buffer_data(b);
        if (bc->flags & VF_BUFFER_WRAP) {
            ck_assert_ptr_eq(data, init_bytes);
            ck_assert_ptr_null(vf_buffer_contents(b));
        } else {
            ck_assert_ptr_ne(data, init_bytes);
            ck_assert_ptr_eq(vf_buffer_contents(b), data);
            ck_assert_uint_eq((uintptr_t)data % 16, 0);
            for (uint32_t i = 0; i < bc->desc.byte_width; i++)
                ck_assert_uint_eq(data[i], bc->with_initial ? init_bytes[i] : 0);
        }
        vf_buffer_destroy(b);
    }
}
END_TEST

START_TEST(test_create_buffer_pointers)
{
    vf_buffer_desc d = bdesc(16, DEF, VB, 0, 0, 0);
    vf_buffer *b = NULL;
    vf_diagnostics diag;
    ck_assert_int_eq(vf_buffer_create(&d, NULL, 0, NULL, &diag), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_buffer_create(NULL, NULL, 0, &b, &diag), VF_ERROR_NULL_POINTER);
    ck_assert_ptr_null(b);
    ck_assert_uint_eq(diag.count, 1);
    ck_assert_int_eq(vf_buffer_create(&d, NULL, 2, &b, NULL), VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_buffer_get_desc(NULL, &d), VF_ERROR_NULL_POINTER);
    ck_assert_ptr_null(vf_buffer_data(NULL));
    ck_assert_ptr_null(vf_buffer_contents(NULL));
    vf_buffer_destroy(NULL);
    /* The copy is the buffer's: changing the source afterwards changes nothing. */
    uint8_t src[16] = { 1, 2, 3 };
    vf_subresource_data init = { src, 0, 0 };
    ck_assert_int_eq(vf_buffer_create(&d, &init, 0, &b, NULL), VF_OK);
    src[0] = 9;
    ck_assert_uint_eq(((const uint8_t *)vf_buffer_data(b))[0], 1);
    vf_buffer_destroy(b);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Binding checks                                                           */
/* ------------------------------------------------------------------------ */

START_TEST(test_state_init)
{
    vf_d3d11_ia_state s;
    ck_assert_int_eq(vf_d3d11_ia_state_init(NULL, VF_FEATURE_LEVEL_11_0), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, 0), VF_ERROR_INVALID_FEATURE_LEVEL);
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, 0xb200), VF_ERROR_INVALID_FEATURE_LEVEL);
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, 0x1000), VF_ERROR_INVALID_FEATURE_LEVEL);
    static const struct { uint32_t fl, slots; } levels[] = {
        { VF_FEATURE_LEVEL_9_1, 16 }, { VF_FEATURE_LEVEL_9_3, 16 }, { VF_FEATURE_LEVEL_10_0, 16 },
        { VF_FEATURE_LEVEL_10_1, 32 }, { VF_FEATURE_LEVEL_11_0, 32 }, { VF_FEATURE_LEVEL_12_2, 32 },
    };
    for (size_t i = 0; i < LEN(levels); i++) {
        ck_assert_int_eq(vf_d3d11_ia_state_init(&s, levels[i].fl), VF_OK);
        ck_assert_uint_eq(s.num_slots, levels[i].slots);
        ck_assert_uint_eq(s.primitive_topology, VF_TOPOLOGY_UNDEFINED);
        ck_assert_ptr_null(s.index_buffer);
        ck_assert_ptr_null(s.input_layout);
    }
}
END_TEST

START_TEST(test_set_vertex_buffers_checks)
{
    uint8_t bytes[64] = { 0 };
    vf_buffer *vb = make_buffer(VB, bytes, 64, 0);
    vf_buffer *ib = make_buffer(IB, bytes, 64, 0);
    vf_d3d11_ia_state s;
    vf_diagnostics diag;
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_10_0), VF_OK);

    const vf_buffer *bufs[2] = { vb, vb };
    uint32_t strides[2] = { 20, 2048 }, offsets[2] = { 0, 64 };
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 14, 2, bufs, strides, offsets, &diag), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    ck_assert_ptr_eq(s.vertex_buffers[15].buffer, vb);
    ck_assert_uint_eq(s.vertex_buffers[15].offset, 64); /* == ByteWidth: bound, empty */
    vf_d3d11_ia_state saved = s;

    /* 16 slots at 10_0: slots 15..16 are out of range. */
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 15, 2, bufs, strides, offsets, &diag),
                     VF_ERROR_INVALID_SLOT);
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "IASetVertexBuffers"));
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 1, 0xffffffffu, bufs, strides, offsets,
                                                    &diag), VF_ERROR_INVALID_SLOT);
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 0xffffffffu, 1, bufs, strides, offsets,
                                                    &diag), VF_ERROR_INVALID_SLOT);
    /* Not a vertex buffer, offset past the end, stride too large: all three reported. */
    const vf_buffer *bad[3] = { ib, vb, vb };
    uint32_t bad_strides[3] = { 4, 4, 2049 }, bad_offsets[3] = { 0, 65, 0 };
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 0, 3, bad, bad_strides, bad_offsets,
                                                    &diag), VF_ERROR_BUFFER_NOT_VERTEX_BUFFER);
    ck_assert_uint_eq(diag.num_errors, 3);
    ck_assert_int_eq(diag.entries[1].code, VF_ERROR_OFFSET_PAST_END);
    ck_assert_int_eq(diag.entries[2].code, VF_ERROR_STRIDE_TOO_LARGE);
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "D3D11_BIND_VERTEX_BUFFER"));
    uint32_t huge_offset = 0xffffffffu;
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 0, 1, bufs, strides, &huge_offset, NULL),
                     VF_ERROR_OFFSET_PAST_END);
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 0, 1, NULL, strides, offsets, &diag),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 0, 1, bufs, NULL, offsets, &diag),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(NULL, 0, 0, NULL, NULL, NULL, &diag),
                     VF_ERROR_NULL_POINTER);
    /* Failed calls left the state as it was. */
    ck_assert_int_eq(memcmp(&s, &saved, sizeof(s)), 0);

    /* A NULL buffer unbinds whatever stride and offset say. */
    const vf_buffer *none[1] = { NULL };
    uint32_t junk = 0xffffffffu;
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 15, 1, none, &junk, &junk, &diag), VF_OK);
    ck_assert_ptr_null(s.vertex_buffers[15].buffer);
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 16, 0, NULL, NULL, NULL, &diag), VF_OK);

    /* 32 slots from 10_1 on. */
    static const uint32_t wide_levels[3] = { VF_FEATURE_LEVEL_10_1, VF_FEATURE_LEVEL_11_0,
                                             VF_FEATURE_LEVEL_12_1 };
    for (size_t i = 0; i < LEN(wide_levels); i++) {
        ck_assert_int_eq(vf_d3d11_ia_state_init(&s, wide_levels[i]), VF_OK);
        ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 30, 2, bufs, strides, offsets, &diag),
                         VF_OK);
        ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 31, 2, bufs, strides, offsets, &diag),
                         VF_ERROR_INVALID_SLOT);
    }
    /* A state not made by vf_d3d11_ia_state_init. */
    s.struct_size = 0;
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 0, 0, NULL, NULL, NULL, &diag),
                     VF_ERROR_INVALID_ARGUMENT);
    vf_buffer_destroy(vb);
    vf_buffer_destroy(ib);
}
END_TEST

START_TEST(test_set_index_buffer_checks)
{
    uint8_t bytes[64] = { 0 };
    vf_buffer *vb = make_buffer(VB, bytes, 64, 0);
    vf_buffer *ib = make_buffer(IB | VB, bytes, 64, 0);
    vf_d3d11_ia_state s;
    vf_diagnostics diag;
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_11_0), VF_OK);

    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, ib, VF_FORMAT_R16_UINT, 64, &diag), VF_OK);
    ck_assert_uint_eq(diag.count, 0);
    ck_assert_ptr_eq(s.index_buffer, ib);
    vf_d3d11_ia_state saved = s;
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, vb, VF_FORMAT_R16_UINT, 0, &diag),
                     VF_ERROR_BUFFER_NOT_INDEX_BUFFER);
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "D3D11_BIND_INDEX_BUFFER"));
    static const vf_format bad_formats[] = { VF_FORMAT_UNKNOWN, VF_FORMAT_R8_UINT,
                                             VF_FORMAT_R16_SINT, VF_FORMAT_R32_FLOAT,
                                             VF_FORMAT_R16G16_UINT, 0xffffu };
    for (size_t i = 0; i < LEN(bad_formats); i++) {
        ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, ib, bad_formats[i], 0, &diag),
                         VF_ERROR_INVALID_INDEX_FORMAT);
        ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "IASetIndexBuffer"));
    }
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, ib, VF_FORMAT_R32_UINT, 65, &diag),
                     VF_ERROR_OFFSET_PAST_END);
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, ib, VF_FORMAT_R32_UINT, 0xffffffffu, &diag),
                     VF_ERROR_OFFSET_PAST_END);
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, vb, VF_FORMAT_R8_UINT, 99, &diag),
                     VF_ERROR_BUFFER_NOT_INDEX_BUFFER);
    ck_assert_uint_eq(diag.num_errors, 3);
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(NULL, ib, VF_FORMAT_R32_UINT, 0, &diag),
                     VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(memcmp(&s, &saved, sizeof(s)), 0);

    /* Unaligned offsets are a warning. */
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, ib, VF_FORMAT_R32_UINT, 6, &diag), VF_OK);
    ck_assert_uint_eq(diag.num_warnings, 1);
    ck_assert_int_eq(diag.entries[0].code, VF_WARNING_UNALIGNED_INDEX_OFFSET);
    ck_assert_uint_eq(s.index_offset, 6);
    /* Unbinding ignores format and offset. */
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, NULL, 0xffffu, 0xffffffffu, &diag), VF_OK);
    ck_assert_ptr_null(s.index_buffer);

    /* Feature level 9_1 has 16-bit indices only. */
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_9_1), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, ib, VF_FORMAT_R32_UINT, 0, &diag),
                     VF_ERROR_INVALID_INDEX_FORMAT);
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, ib, VF_FORMAT_R16_UINT, 0, &diag), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_9_2), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, ib, VF_FORMAT_R32_UINT, 0, &diag), VF_OK);
    vf_buffer_destroy(vb);
    vf_buffer_destroy(ib);
}
END_TEST

START_TEST(test_set_topology_checks)
{
    vf_d3d11_ia_state s;
    vf_diagnostics diag;
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_11_0), VF_OK);
    for (uint32_t t = 0; t < 80; t++) {
        int valid = (t >= 1 && t <= 5) || (t >= 10 && t <= 13) || (t >= 33 && t <= 64);
        vf_result r = vf_d3d11_ia_set_primitive_topology(&s, t, &diag);
        ck_assert_int_eq(r, valid ? VF_OK : VF_ERROR_INVALID_TOPOLOGY);
        if (valid)
            ck_assert_uint_eq(s.primitive_topology, t);
        else
            ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "IASetPrimitiveTopology"));
    }
    ck_assert_int_eq(vf_d3d11_ia_set_primitive_topology(&s, 0xffffffffu, &diag),
                     VF_ERROR_INVALID_TOPOLOGY);
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_9_3), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_primitive_topology(&s, VF_TOPOLOGY_TRIANGLESTRIP_ADJ, &diag),
                     VF_ERROR_INVALID_TOPOLOGY);
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_10_1), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_primitive_topology(&s, VF_TOPOLOGY_TRIANGLESTRIP_ADJ, &diag),
                     VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_primitive_topology(&s, VF_TOPOLOGY_1_CONTROL_POINT_PATCHLIST,
                                                        &diag), VF_ERROR_INVALID_TOPOLOGY);
    ck_assert_uint_eq(s.primitive_topology, VF_TOPOLOGY_TRIANGLESTRIP_ADJ);
    ck_assert_int_eq(vf_d3d11_ia_set_primitive_topology(NULL, 4, &diag), VF_ERROR_NULL_POINTER);
}
END_TEST

START_TEST(test_set_input_layout_checks)
{
    vf_layout *wide = make_layout(32, 20);
    vf_layout *narrow = make_layout(16, 1);
    vf_d3d11_ia_state s;
    vf_diagnostics diag;
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_10_0), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_input_layout(&s, wide, &diag), VF_ERROR_INVALID_SLOT);
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "slot 20"));
    ck_assert_ptr_null(s.input_layout);
    ck_assert_int_eq(vf_d3d11_ia_set_input_layout(&s, narrow, &diag), VF_OK);
    ck_assert_ptr_eq(s.input_layout, narrow);
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_11_0), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_input_layout(&s, wide, &diag), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_input_layout(&s, NULL, &diag), VF_OK);
    ck_assert_ptr_null(s.input_layout);
    ck_assert_int_eq(vf_d3d11_ia_set_input_layout(NULL, NULL, &diag), VF_ERROR_NULL_POINTER);
    vf_layout_destroy(wide);
    vf_layout_destroy(narrow);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Draws                                                                    */
/* ------------------------------------------------------------------------ */

/* Buffers of the draw tests; vertex data is 20-byte vertices behind a
 * VB_OFFSET-byte header that the binding skips. */
#define VB_OFFSET 40u
#define VB_VERTS 9u
#define INST_OFFSET 8u
#define INST_COUNT 3u
#define IB_OFFSET 4u

struct fixture {
    vf_layout *layout;
    uint32_t vb_words[(VB_OFFSET + 20 * VB_VERTS) / 4];
    uint32_t inst_words[(INST_OFFSET + 4 * INST_COUNT) / 4];
    uint8_t ib16[IB_OFFSET + 2 * 12];
    uint8_t ib32[IB_OFFSET + 4 * 12];
    vf_buffer *vb, *inst, *ibuf16, *ibuf32;
    vf_d3d11_ia_state state;
};

static const uint32_t test_indices[12] = { 0, 1, 2, 0xffffffffu, 3, 8, 4, 12, 5, 6, 7, 2 };

static void fixture_init(struct fixture *f, uint32_t fl)
{
    memset(f, 0, sizeof(*f));
    f->layout = make_layout(32, 1);
    fill_words(f->vb_words, LEN(f->vb_words), 1);
    fill_words(f->inst_words, LEN(f->inst_words), 2);
    for (uint32_t i = 0; i < 12; i++) {
        uint16_t i16 = (uint16_t)test_indices[i];
        memcpy(f->ib16 + IB_OFFSET + 2 * i, &i16, 2);
        memcpy(f->ib32 + IB_OFFSET + 4 * i, &test_indices[i], 4);
    }
    f->vb = make_buffer(VB, f->vb_words, sizeof(f->vb_words), 0);
    f->inst = make_buffer(VB | IB, f->inst_words, sizeof(f->inst_words), 0);
    f->ibuf16 = make_buffer(IB, f->ib16, sizeof(f->ib16), 0);
    f->ibuf32 = make_buffer(IB, f->ib32, sizeof(f->ib32), 0);
    ck_assert_int_eq(vf_d3d11_ia_state_init(&f->state, fl), VF_OK);
    const vf_buffer *bufs[2] = { f->vb, f->inst };
    uint32_t strides[2] = { 20, 4 }, offsets[2] = { VB_OFFSET, INST_OFFSET };
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&f->state, 0, 2, bufs, strides, offsets, NULL),
                     VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_input_layout(&f->state, f->layout, NULL), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_primitive_topology(&f->state, VF_TOPOLOGY_TRIANGLELIST, NULL),
                     VF_OK);
}

static void fixture_free(struct fixture *f)
{
    vf_buffer_destroy(f->vb);
    vf_buffer_destroy(f->inst);
    vf_buffer_destroy(f->ibuf16);
    vf_buffer_destroy(f->ibuf32);
    vf_layout_destroy(f->layout);
}

struct dcase {
    int indexed;
    int ib;          /* 0: none, 16 or 32 */
    uint32_t topology;
    uint32_t count, instances, start;
    int32_t base;
    uint32_t start_instance;
};

static const struct dcase draw_cases[] = {
    { 0, 0, VF_TOPOLOGY_TRIANGLELIST, 9, 1, 0, 0, 0 },
    { 0, 0, VF_TOPOLOGY_TRIANGLESTRIP, 7, 3, 2, 0, 1 },
    { 0, 0, VF_TOPOLOGY_POINTLIST, 12, 5, 4, 0, 0 },        /* past the buffers: out of bounds */
    { 0, 0, VF_TOPOLOGY_LINELIST, 4, 2, 0xfffffffeu, 0, 0xfffffffeu }, /* 32-bit wrap */
    { 1, 16, VF_TOPOLOGY_TRIANGLELIST, 12, 1, 0, 0, 0 },
    { 1, 32, VF_TOPOLOGY_TRIANGLESTRIP, 12, 2, 0, 1, 1 },
    { 1, 16, VF_TOPOLOGY_LINESTRIP_ADJ, 10, 3, 2, -1, 2 },
    { 1, 32, VF_TOPOLOGY_POINTLIST, 13, 1, 0, 0, 0 },       /* one index past the view */
    { 1, 16, 35u /* 3-point patches */, 12, 1, 0, 3, 0 },
    { 1, 32, VF_TOPOLOGY_TRIANGLELIST, 6, 2, 6, -6, 0 },
    { 1, 32, VF_TOPOLOGY_TRIANGLELIST, 3, 1, 0, INT32_MIN, 0 },
    { 1, 0, VF_TOPOLOGY_TRIANGLESTRIP, 5, 2, 0, 2, 0 },      /* no index buffer: indices read 0 */
};

/* The D3D12 route: vf_draw with views built here, and the cut value D3D11
 * implies for the index format, in a strip topology. */
static vf_result draw_d3d12(const struct fixture *f, const struct dcase *dc, void *out,
                            size_t size)
{
    vf_vertex_buffer_view vbs[2] = {
        { (const uint8_t *)f->vb_words + VB_OFFSET, (uint32_t)sizeof(f->vb_words) - VB_OFFSET, 20 },
        { (const uint8_t *)f->inst_words + INST_OFFSET,
          (uint32_t)sizeof(f->inst_words) - INST_OFFSET, 4 },
    };
    vf_index_buffer_view ib16 = { f->ib16 + IB_OFFSET, (uint32_t)sizeof(f->ib16) - IB_OFFSET,
                                  VF_FORMAT_R16_UINT };
    vf_index_buffer_view ib32 = { f->ib32 + IB_OFFSET, (uint32_t)sizeof(f->ib32) - IB_OFFSET,
                                  VF_FORMAT_R32_UINT };
    if (!dc->indexed)
        return vf_draw_instanced(f->layout, vbs, 2, dc->count, dc->instances, dc->start,
                                 dc->start_instance, out, size);
    const vf_index_buffer_view *ib = dc->ib == 16 ? &ib16 : dc->ib == 32 ? &ib32 : NULL;
    uint32_t cut = dc->ib == 16 ? VF_STRIP_CUT_VALUE_0xFFFF
                 : dc->ib == 32 ? VF_STRIP_CUT_VALUE_0xFFFFFFFF : VF_STRIP_CUT_VALUE_DISABLED;
    return vf_draw_indexed_instanced(f->layout, vbs, 2, ib, cut, VF_TOPOLOGY_TRIANGLESTRIP,
                                     dc->count, dc->instances, dc->start, dc->base,
                                     dc->start_instance, out, size);
}

/* Register A and C and the flags word of each record, from the rules. */
static void check_by_rules(const struct fixture *f, const struct dcase *dc, const uint32_t *out)
{
    const uint8_t *vbase = (const uint8_t *)f->vb_words + VB_OFFSET;
    uint32_t vsize = (uint32_t)sizeof(f->vb_words) - VB_OFFSET;
    const uint8_t *ibase = (const uint8_t *)f->inst_words + INST_OFFSET;
    uint32_t isize = (uint32_t)sizeof(f->inst_words) - INST_OFFSET;
    for (uint32_t j = 0; j < dc->instances; j++) {
        for (uint32_t p = 0; p < dc->count; p++) {
            const uint32_t *rec = out + ((size_t)j * dc->count + p) * REC_WORDS;
            uint32_t pos = dc->start + p, v, cut = 0;
            if (!dc->indexed) {
                v = pos;
            } else {
                uint32_t idx = 0; /* no index buffer, or past its view */
                if (dc->ib && (uint64_t)pos < 12) {
                    idx = test_indices[pos];
                    if (dc->ib == 16)
                        idx &= 0xffffu;
                    cut = idx == (dc->ib == 16 ? 0xffffu : 0xffffffffu);
                }
                v = (uint32_t)dc->base + idx;
            }
            if (cut) {
                for (uint32_t w = 0; w < REC_WORDS; w++)
                    ck_assert_uint_eq(rec[w], w == 14 ? VF_FLAG_STRIP_CUT : 0);
                continue;
            }
            ck_assert_uint_eq(rec[14] & VF_FLAG_STRIP_CUT, 0);
            uint32_t addr = v * 20u;
            for (uint32_t c = 0; c < 4; c++) {
                uint32_t want = 0;
                if ((uint64_t)addr + 16 <= vsize)
                    memcpy(&want, vbase + addr + 4 * c, 4);
                ck_assert_uint_eq(rec[c], want);
            }
            uint32_t ie = dc->start_instance + j, iaddr = ie * 4u, want_c = 0;
            if ((uint64_t)iaddr + 4 <= isize)
                memcpy(&want_c, ibase + iaddr, 4);
            ck_assert_uint_eq(rec[8], want_c);
            ck_assert_uint_eq(rec[9], 0);
            ck_assert_uint_eq(rec[10], 0);
            ck_assert_uint_eq(rec[11], 1);
            ck_assert_uint_eq(rec[13], j);
        }
    }
}

static vf_result draw_d3d11(const vf_d3d11_ia_state *s, const struct dcase *dc, void *out,
                            size_t size, vf_diagnostics *diag)
{
    /* The non-instanced calls where the case has one instance from 0. */
    if (dc->instances == 1 && dc->start_instance == 0)
        return dc->indexed ? vf_d3d11_draw_indexed(s, dc->count, dc->start, dc->base, out, size,
                                                   diag)
                           : vf_d3d11_draw(s, dc->count, dc->start, out, size, diag);
    return dc->indexed ? vf_d3d11_draw_indexed_instanced(s, dc->count, dc->instances, dc->start,
                                                         dc->base, dc->start_instance, out, size,
                                                         diag)
                       : vf_d3d11_draw_instanced(s, dc->count, dc->instances, dc->start,
                                                 dc->start_instance, out, size, diag);
}

/* How many of diag's entries have `code`. */
static uint32_t count_code(const vf_diagnostics *diag, vf_result code)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < diag->count; i++)
        n += diag->entries[i].code == code;
    return n;
}

/* Whether an indexed case reads a vertex past slot 0's bound bytes (rules
 * §6, §14.4.2): index positions start.., 16- or 32-bit test_indices (0
 * past the 12 of them or with no index buffer), D3D11's cut value skipped,
 * vertex (base + index) mod 2^32 at byte vertex * 20 mod 2^32. */
static uint32_t index_past(const struct dcase *dc)
{
    uint32_t cut = dc->ib == 16 ? 0xffffu : 0xffffffffu, n = 0;
    for (uint32_t p = 0; dc->indexed && p < dc->count; p++) {
        uint64_t at = (uint64_t)dc->start + p;
        uint32_t index = !dc->ib || at >= 12 ? 0 : test_indices[at];
        if (dc->ib == 16)
            index &= 0xffffu;
        if (dc->ib && index == cut)
            continue;
        uint32_t byte = ((uint32_t)dc->base + index) * 20u;
        n += (uint64_t)byte + 20 > 20 * VB_VERTS;
    }
    return n != 0;
}

/* A draw case's warnings, from the rules (§6, §5.1) and the fixture's
 * sizes: vertices (non-indexed) or instance elements past the bound bytes,
 * indices past them, or no index buffer; named in D3D11's terms. */
static void check_draw_warnings(const struct dcase *dc, const vf_diagnostics *diag)
{
    uint64_t last_vertex = (uint64_t)dc->start + dc->count - 1;
    uint64_t last_instance = (uint64_t)dc->start_instance + dc->instances - 1;
    uint32_t vb_past = !dc->indexed && last_vertex * 20 + 20 > 20 * VB_VERTS;
    uint32_t inst_past = last_instance * 4 + 4 > 4 * INST_COUNT;
    uint32_t ib_past = dc->indexed && dc->ib && (uint64_t)dc->start + dc->count > 12;
    ck_assert_uint_eq(count_code(diag, VF_WARNING_INDEX_BUFFER_NOT_SET), dc->indexed && !dc->ib);
    ck_assert_uint_eq(count_code(diag, VF_WARNING_VERTEX_BUFFER_TOO_SMALL), vb_past + inst_past);
    ck_assert_uint_eq(count_code(diag, VF_WARNING_INDEX_BUFFER_TOO_SMALL), ib_past);
    uint32_t idx_past = index_past(dc);
    ck_assert_uint_eq(count_code(diag, VF_WARNING_INDEX_OUT_OF_RANGE), idx_past);
    ck_assert_uint_eq(diag->num_warnings,
                      (dc->indexed && !dc->ib) + vb_past + inst_past + ib_past + idx_past);
    for (uint32_t i = 0; i < diag->count; i++) {
        ck_assert_ptr_null(strstr(diag->entries[i].message, "StrideInBytes"));
        ck_assert_ptr_null(strstr(diag->entries[i].message, "SizeInBytes"));
    }
}

static void run_draw_cases(vf_thread_pool *pool)
{
    struct fixture f;
    fixture_init(&f, VF_FEATURE_LEVEL_11_0);
    f.state.pool = pool;
    static _Alignas(16) uint32_t got[13 * 5 * REC_WORDS], want[13 * 5 * REC_WORDS];
    for (size_t c = 0; c < LEN(draw_cases); c++) {
        const struct dcase *dc = &draw_cases[c];
        ck_assert_int_eq(vf_d3d11_ia_set_primitive_topology(&f.state, dc->topology, NULL), VF_OK);
        vf_buffer *ib = dc->ib == 16 ? f.ibuf16 : dc->ib == 32 ? f.ibuf32 : NULL;
        ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&f.state, ib, dc->ib == 16
                                                      ? VF_FORMAT_R16_UINT : VF_FORMAT_R32_UINT,
                                                      IB_OFFSET, NULL), VF_OK);
        size_t size;
        ck_assert_int_eq(vf_draw_output_size(f.layout, dc->count, dc->instances, &size), VF_OK);
        ck_assert_uint_le(size, sizeof(got));
        memset(got, 0xab, sizeof(got));
        memset(want, 0xcd, sizeof(want));
        vf_diagnostics diag;
        ck_assert_int_eq(draw_d3d11(&f.state, dc, got, size, &diag), VF_OK);
        ck_assert_uint_eq(diag.num_errors, 0);
        check_draw_warnings(dc, &diag);
        ck_assert_int_eq(draw_d3d12(&f, dc, want, size), VF_OK);
        ck_assert_msg(memcmp(got, want, size) == 0, "case %zu differs from the D3D12 draw", c);
        check_by_rules(&f, dc, got);
    }
    fixture_free(&f);
}

START_TEST(test_draws_match_d3d12_and_rules)
{
    run_draw_cases(NULL);
}
END_TEST

START_TEST(test_draws_with_pool)
{
    vf_thread_pool *pool = NULL;
    ck_assert_int_eq(vf_thread_pool_create(2, &pool), VF_OK);
    vf_thread_pool_set_min_bytes(pool, 0);
    run_draw_cases(pool);
    vf_thread_pool_destroy(pool);
}
END_TEST

/* Cuts in a list topology: D3D11 cuts, the D3D12 PSO path does not. */
START_TEST(test_list_topology_cuts)
{
    struct fixture f;
    fixture_init(&f, VF_FEATURE_LEVEL_11_0);
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&f.state, f.ibuf16, VF_FORMAT_R16_UINT,
                                                  IB_OFFSET, NULL), VF_OK);
    static _Alignas(16) uint32_t out[12 * REC_WORDS];
    ck_assert_int_eq(vf_d3d11_draw_indexed(&f.state, 12, 0, 0, out, sizeof(out), NULL), VF_OK);
    ck_assert_uint_eq(out[3 * REC_WORDS + 14], VF_FLAG_STRIP_CUT);
    ck_assert_uint_eq(out[3 * REC_WORDS + 12], 0);
    ck_assert_uint_eq(out[2 * REC_WORDS + 14], 0);
    /* The prepared desc keeps list semantics out of the engine's way. */
    vf_d3d11_draw_views v;
    ck_assert_int_eq(vf_d3d11_prepare_draw(&f.state, 1, 12, 1, 0, 0, 0, &v, NULL), VF_OK);
    ck_assert_uint_eq(v.desc.strip_cut_value, VF_STRIP_CUT_VALUE_0xFFFF);
    ck_assert_ptr_eq(v.desc.index_buffer, &v.index_buffer);
    ck_assert_ptr_eq(v.index_buffer.data, (const uint8_t *)vf_buffer_data(f.ibuf16) + IB_OFFSET);
    ck_assert_uint_eq(v.index_buffer.size_in_bytes, sizeof(f.ib16) - IB_OFFSET);
    ck_assert_ptr_eq(v.vertex_buffers[0].data, (const uint8_t *)vf_buffer_data(f.vb) + VB_OFFSET);
    ck_assert_uint_eq(v.vertex_buffers[0].size_in_bytes, sizeof(f.vb_words) - VB_OFFSET);
    ck_assert_uint_eq(v.vertex_buffers[0].stride_in_bytes, 20);
    ck_assert_ptr_null(v.vertex_buffers[2].data);
    ck_assert_uint_eq(v.desc.num_vertex_buffers, 32);
    /* A non-indexed draw never cuts. */
    ck_assert_int_eq(vf_d3d11_prepare_draw(&f.state, 0, 3, 1, 0, 0, 0, &v, NULL), VF_OK);
    ck_assert_uint_eq(v.desc.strip_cut_value, VF_STRIP_CUT_VALUE_DISABLED);
    ck_assert_uint_eq(v.desc.primitive_topology, VF_TOPOLOGY_TRIANGLELIST);
    fixture_free(&f);
}
END_TEST

START_TEST(test_draw_errors)
{
    struct fixture f;
    fixture_init(&f, VF_FEATURE_LEVEL_11_0);
    static _Alignas(16) uint32_t out[64 * REC_WORDS];
    vf_diagnostics diag;
    vf_d3d11_ia_state s;
    vf_d3d11_draw_views views;

    /* Nothing bound yet. */
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_11_0), VF_OK);
    ck_assert_int_eq(vf_d3d11_draw(&s, 3, 0, out, sizeof(out), &diag), VF_ERROR_INPUT_LAYOUT_NOT_SET);
    ck_assert_uint_eq(diag.num_errors, 2);
    ck_assert_int_eq(diag.entries[1].code, VF_ERROR_INVALID_TOPOLOGY);
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "DrawInstanced"));
    ck_assert_int_eq(vf_d3d11_draw(NULL, 3, 0, out, sizeof(out), &diag), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_d3d11_prepare_draw(&f.state, 0, 3, 1, 0, 0, 0, NULL, &diag),
                     VF_ERROR_NULL_POINTER);
    /* indexed is 0 or 1, as vf_draw_desc.indexed: 2 and -1 are refused. */
    uint32_t count = 0, vpp = 0;
    vf_primitive_cursor cur;
    for (int bad = -1; bad <= 2; bad += 3) {
        ck_assert_int_eq(vf_d3d11_prepare_draw(&f.state, bad, 3, 1, 0, 0, 0, &views, &diag),
                         VF_ERROR_INVALID_ARGUMENT);
        ck_assert_uint_eq(diag.num_errors, 1);
        ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "is not 0 (Draw) or 1"));
        ck_assert_int_eq(vf_d3d11_primitive_count(&f.state, bad, 3, 0, &count, &vpp),
                         VF_ERROR_INVALID_ARGUMENT);
        ck_assert_int_eq(vf_d3d11_draw_primitives(&f.state, bad, 3, 0, 0, out, 3, &count),
                         VF_ERROR_INVALID_ARGUMENT);
        ck_assert_int_eq(vf_d3d11_primitive_cursor_init(&f.state, bad, 3, 0, &cur),
                         VF_ERROR_INVALID_ARGUMENT);
    }

    /* Errors of vf_draw come back with a diagnostic (after the warning that
     * vertices 9..63 are past the buffer). */
    ck_assert_int_eq(vf_d3d11_draw(&f.state, 64, 0, out, 16, &diag), VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_uint_eq(diag.num_errors, 1);
    ck_assert_uint_eq(count_code(&diag, VF_ERROR_OUTPUT_TOO_SMALL), 1);
    ck_assert_uint_eq(count_code(&diag, VF_WARNING_VERTEX_BUFFER_TOO_SMALL), 1);
    ck_assert_int_eq(vf_d3d11_draw_instanced(&f.state, 0xffffffffu, 0xffffffffu, 0, 0, out,
                                             sizeof(out), &diag), VF_ERROR_OVERFLOW);
    ck_assert_int_eq(vf_d3d11_draw_indexed_instanced(&f.state, 0xffffffffu, 0xffffffffu,
                                                     0xffffffffu, INT32_MIN, 0xffffffffu, out,
                                                     sizeof(out), &diag), VF_ERROR_OVERFLOW);
    /* A stride the slot's elements are misaligned with (vf_draw's check). */
    const vf_buffer *bufs[1] = { f.vb };
    uint32_t stride = 18, offset = 0;
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&f.state, 0, 1, bufs, &stride, &offset, NULL),
                     VF_OK);
    ck_assert_int_eq(vf_d3d11_draw(&f.state, 1, 0, out, sizeof(out), &diag),
                     VF_ERROR_MISALIGNED_STRIDE);
    ck_assert_uint_eq(diag.num_errors, 1);
    ck_assert_str_eq(diag.entries[0].message,
                     "slot 0: stride 18 is not a multiple of 4, the alignment of its elements");
    ck_assert_uint_eq(vf_d3d11_message_id(diag.entries[0].code),
                      VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_STRIDE_UNALIGNED);
    ck_assert_int_eq(vf_d3d11_prepare_draw(&f.state, 0, 1, 1, 0, 0, 0, &views, NULL),
                     VF_ERROR_MISALIGNED_STRIDE);
    /* Zero vertices: nothing to write, nothing needed. */
    ck_assert_int_eq(vf_d3d11_draw(&f.state, 0, 0, NULL, 0, &diag), VF_ERROR_MISALIGNED_STRIDE);
    stride = 20;
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&f.state, 0, 1, bufs, &stride, &offset, NULL),
                     VF_OK);
    ck_assert_int_eq(vf_d3d11_draw(&f.state, 0, 0, NULL, 0, &diag), VF_OK);
    fixture_free(&f);
}
END_TEST

/* The draw-time warnings of the bindings, worded for D3D11, with the
 * debug layer's message IDs; none for a draw within every binding. */
START_TEST(test_draw_warnings)
{
    struct fixture f;
    fixture_init(&f, VF_FEATURE_LEVEL_11_0);
    static _Alignas(16) uint32_t out[27 * REC_WORDS];
    vf_diagnostics diag;

    ck_assert_int_eq(vf_d3d11_draw_instanced(&f.state, 9, 3, 0, 0, out, sizeof(out), &diag),
                     VF_OK);
    ck_assert_uint_eq(diag.count, 0);

    /* Slot 0 at stride 16 (its elements end at byte 20), slot 1 unbound,
     * slot 0's view starting 2 bytes into a vertex (alignment 4). */
    const vf_buffer *bufs[2] = { f.vb, NULL };
    uint32_t strides[2] = { 16, 0 }, offsets[2] = { VB_OFFSET + 2, 0 };
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&f.state, 0, 2, bufs, strides, offsets, NULL),
                     VF_OK);
    ck_assert_int_eq(vf_d3d11_draw(&f.state, 3, 0, out, sizeof(out), &diag), VF_OK);
    ck_assert_uint_eq(diag.num_errors, 0);
    ck_assert_uint_eq(diag.num_warnings, 3);
    const vf_diagnostic *e = diag.entries;
    ck_assert_int_eq(e[0].code, VF_WARNING_STRIDE_TOO_SMALL);
    ck_assert_str_eq(e[0].message, "slot 0: stride 16 is smaller than element 1 (B0, "
                                   "R8G8B8A8_UNORM) which ends at byte 20");
    ck_assert_int_eq(e[1].code, VF_WARNING_MISALIGNED_VERTEX_BUFFER);
    ck_assert_ptr_nonnull(strstr(e[1].message, "slot 0: the buffer's data + Offset, at address 0x"));
    ck_assert_ptr_nonnull(strstr(e[1].message, " is not a multiple of 4"));
    ck_assert_int_eq(e[2].code, VF_WARNING_VERTEX_BUFFER_NOT_SET);
    ck_assert_str_eq(e[2].message, "slot 1 (element 2, C0) has no vertex buffer; it reads zeros");
    ck_assert_uint_eq(vf_d3d11_message_id(e[0].code),
                      VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL);
    ck_assert_uint_eq(vf_d3d11_message_id(e[1].code),
                      VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_OFFSET_UNALIGNED);
    ck_assert_uint_eq(vf_d3d11_message_id(e[2].code),
                      VF_D3D11_MESSAGE_ID_DEVICE_DRAW_VERTEX_BUFFER_NOT_SET);

    /* Indices 10..13 of a 12-index buffer: one past its end. */
    bufs[1] = f.inst;
    strides[0] = 20;
    strides[1] = 4;
    offsets[0] = VB_OFFSET;
    offsets[1] = INST_OFFSET;
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&f.state, 0, 2, bufs, strides, offsets, NULL),
                     VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&f.state, f.ibuf16, VF_FORMAT_R16_UINT,
                                                  IB_OFFSET, NULL), VF_OK);
    ck_assert_int_eq(vf_d3d11_draw_indexed(&f.state, 3, 10, 0, out, sizeof(out), &diag), VF_OK);
    ck_assert_uint_eq(diag.num_warnings, 1);
    ck_assert_int_eq(diag.entries[0].code, VF_WARNING_INDEX_BUFFER_TOO_SMALL);
    ck_assert_str_eq(diag.entries[0].message, "index buffer: indices 10..12 need 26 bytes but "
                                              "ByteWidth - Offset is 24; indices past the end "
                                              "read 0");
    ck_assert_uint_eq(vf_d3d11_message_id(diag.entries[0].code),
                      VF_D3D11_MESSAGE_ID_DEVICE_DRAW_INDEX_BUFFER_TOO_SMALL);
    fixture_free(&f);
}
END_TEST

/* Every message ID the D3D11 calls give, by code, and its name. */
START_TEST(test_message_ids)
{
    static const struct { vf_result code; uint32_t id; const char *name; } ids[] = {
        { VF_ERROR_STRIDE_TOO_LARGE, 418, "DEVICE_IASETVERTEXBUFFERS_STRIDE_TOO_LARGE" },
        { VF_ERROR_INVALID_INDEX_FORMAT, 242, "DEVICE_IASETINDEXBUFFER_FORMAT_INVALID" },
        { VF_WARNING_UNALIGNED_INDEX_OFFSET, 244, "DEVICE_IASETINDEXBUFFER_OFFSET_UNALIGNED" },
        { VF_WARNING_VERTEX_BUFFER_NOT_SET, 348, "DEVICE_DRAW_VERTEX_BUFFER_NOT_SET" },
        { VF_ERROR_INPUT_LAYOUT_NOT_SET, 349, "DEVICE_DRAW_INPUTLAYOUT_NOT_SET" },
        { VF_WARNING_STRIDE_TOO_SMALL, 355, "DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL" },
        { VF_WARNING_VERTEX_BUFFER_TOO_SMALL, 356, "DEVICE_DRAW_VERTEX_BUFFER_TOO_SMALL" },
        { VF_WARNING_INDEX_BUFFER_NOT_SET, 357, "DEVICE_DRAW_INDEX_BUFFER_NOT_SET" },
        { VF_WARNING_INDEX_BUFFER_TOO_SMALL, 359, "DEVICE_DRAW_INDEX_BUFFER_TOO_SMALL" },
        { VF_WARNING_MISALIGNED_VERTEX_BUFFER, 366, "DEVICE_DRAW_VERTEX_OFFSET_UNALIGNED" },
        { VF_ERROR_MISALIGNED_STRIDE, 367, "DEVICE_DRAW_VERTEX_STRIDE_UNALIGNED" },
        { VF_ERROR_INVALID_TOPOLOGY, 0, NULL },
        { VF_ERROR_OFFSET_PAST_END, 0, NULL },
        { VF_ERROR_OUTPUT_TOO_SMALL, 0, NULL },
    };
    for (size_t i = 0; i < LEN(ids); i++) {
        ck_assert_uint_eq(vf_d3d11_message_id(ids[i].code), ids[i].id);
        const char *name = vf_d3d11_message_id_name(ids[i].id);
        if (ids[i].name)
            ck_assert_str_eq(name, ids[i].name);
        else
            ck_assert_ptr_null(name);
    }
    ck_assert_ptr_null(vf_d3d11_message_id_name(1));
}
END_TEST

/* A buffer that wraps guarded memory: draws read nothing outside
 * [Offset, ByteWidth), whatever the indices, base vertex and starts say. */
START_TEST(test_guarded_wrap)
{
    vf_layout *layout = make_layout(16, 1);
    static const int wheres[2] = { VF_GUARD_AFTER, VF_GUARD_BEFORE };
    static _Alignas(16) uint32_t out[40 * REC_WORDS], want[40 * REC_WORDS];
    for (int g = 0; g < 2; g++) {
        for (uint32_t width = 20; width <= 61; width += 41) {
            vf_guarded vmem, imem, xmem;
            vf_guarded_alloc(&vmem, width, wheres[g]);
            vf_guarded_alloc(&imem, 12, wheres[g]);
            vf_guarded_alloc(&xmem, 10, wheres[g]);
            for (uint32_t i = 0; i < width; i++)
                vmem.data[i] = (uint8_t)(i * 13 + 1);
            uint16_t idx[5] = { 0, 1, 0xffff, 7, 2 };
            memcpy(xmem.data, idx, 10);
            memset(imem.data, 0x5a, 12);
            vf_subresource_data vi = { vmem.data, 0, 0 }, ii = { imem.data, 0, 0 },
                                xi = { xmem.data, 0, 0 };
            vf_buffer_desc vd = bdesc(width, IMM, VB, 0, 0, 0);
            vf_buffer_desc id = bdesc(12, IMM, VB, 0, 0, 0);
            vf_buffer_desc xd = bdesc(10, IMM, IB, 0, 0, 0);
            vf_buffer *vb, *ib, *xb;
            ck_assert_int_eq(vf_buffer_create(&vd, &vi, VF_BUFFER_WRAP, &vb, NULL), VF_OK);
            ck_assert_int_eq(vf_buffer_create(&id, &ii, VF_BUFFER_WRAP, &ib, NULL), VF_OK);
            ck_assert_int_eq(vf_buffer_create(&xd, &xi, VF_BUFFER_WRAP, &xb, NULL), VF_OK);
            ck_assert_ptr_eq(vf_buffer_data(vb), vmem.data);

            vf_d3d11_ia_state s;
            ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_10_0), VF_OK);
            for (uint32_t off = 0; off <= width; off += (width + 2) / 3) {
                const vf_buffer *bufs[2] = { vb, ib };
                uint32_t strides[2] = { 20, 4 }, offsets[2] = { off, 4 };
                ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 0, 2, bufs, strides, offsets,
                                                                NULL), VF_OK);
                ck_assert_int_eq(vf_d3d11_ia_set_index_buffer(&s, xb, VF_FORMAT_R16_UINT, 2, NULL),
                                 VF_OK);
                ck_assert_int_eq(vf_d3d11_ia_set_input_layout(&s, layout, NULL), VF_OK);
                ck_assert_int_eq(vf_d3d11_ia_set_primitive_topology(&s, VF_TOPOLOGY_LINESTRIP,
                                                                    NULL), VF_OK);
                /* Indexed with base vertices around the view, and walks off both ends. */
                const int32_t bases[4] = { 0, -1, -3, INT32_MAX };
                for (int b = 0; b < 4; b++) {
                    ck_assert_int_eq(vf_d3d11_draw_indexed_instanced(&s, 5, 4, 0, bases[b],
                                                                     0xfffffffeu, out,
                                                                     sizeof(out), NULL), VF_OK);
                    vf_vertex_buffer_view vbs[2] = { { vmem.data + off, width - off, 20 },
                                                     { imem.data + 4, 8, 4 } };
                    vf_index_buffer_view iv = { xmem.data + 2, 8, VF_FORMAT_R16_UINT };
                    ck_assert_int_eq(vf_draw_indexed_instanced(layout, vbs, 2, &iv,
                                                               VF_STRIP_CUT_VALUE_0xFFFF,
                                                               VF_TOPOLOGY_LINESTRIP, 5, 4, 0,
                                                               bases[b], 0xfffffffeu, want,
                                                               sizeof(want)), VF_OK);
                    ck_assert_int_eq(memcmp(out, want, 20 * REC_WORDS * 4), 0);
                }
                ck_assert_int_eq(vf_d3d11_draw(&s, 40, 0xfffffff0u, out, sizeof(out), NULL),
                                 VF_OK);
            }
            vf_buffer_destroy(vb);
            vf_buffer_destroy(ib);
            vf_buffer_destroy(xb);
            vf_guarded_free(&vmem);
            vf_guarded_free(&imem);
            vf_guarded_free(&xmem);
        }
    }
    vf_layout_destroy(layout);
}
END_TEST

/* A wrapped buffer reads the caller's memory as it is at draw time. */
START_TEST(test_wrap_sees_caller_writes)
{
    vf_layout *layout = make_layout(16, 1);
    _Alignas(16) uint32_t mem[5] = { 1, 2, 3, 4, 0 };
    vf_subresource_data init = { mem, 0, 0 };
    vf_buffer_desc d = bdesc(20, DYN, VB, W, 0, 0);
    vf_buffer *b;
    ck_assert_int_eq(vf_buffer_create(&d, &init, VF_BUFFER_WRAP, &b, NULL), VF_OK);
    vf_d3d11_ia_state s;
    ck_assert_int_eq(vf_d3d11_ia_state_init(&s, VF_FEATURE_LEVEL_11_1), VF_OK);
    const vf_buffer *bufs[1] = { b };
    uint32_t stride = 20, offset = 0;
    ck_assert_int_eq(vf_d3d11_ia_set_vertex_buffers(&s, 0, 1, bufs, &stride, &offset, NULL), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_input_layout(&s, layout, NULL), VF_OK);
    ck_assert_int_eq(vf_d3d11_ia_set_primitive_topology(&s, VF_TOPOLOGY_POINTLIST, NULL), VF_OK);
    _Alignas(16) uint32_t out[REC_WORDS];
    ck_assert_int_eq(vf_d3d11_draw(&s, 1, 0, out, sizeof(out), NULL), VF_OK);
    ck_assert_uint_eq(out[0], 1);
    mem[0] = 77;
    ck_assert_int_eq(vf_d3d11_draw(&s, 1, 0, out, sizeof(out), NULL), VF_OK);
    ck_assert_uint_eq(out[0], 77);
    /* Unbound slot 1: C reads 0,0,0,0 (no defaults for unbound slots). */
    ck_assert_uint_eq(out[8], 0);
    ck_assert_uint_eq(out[11], 0);
    vf_buffer_destroy(b);
    vf_layout_destroy(layout);
}
END_TEST

/* Resident bytes from /proc/self/statm, or 0 where there is none. */
static uint64_t resident_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long size = 0, resident = 0;
    int n = f ? fscanf(f, "%llu %llu", &size, &resident) : 0;
    if (f)
        fclose(f);
    return n == 2 ? (uint64_t)resident * 4096u : 0;
}

/* A large buffer without initial data reads as zeros but does not make its
 * pages resident. valgrind's calloc writes every byte, so the count of pages
 * means nothing under it. */
START_TEST(test_large_zero_buffer_untouched)
{
    const char *preload = getenv("LD_PRELOAD");
    if (preload && strstr(preload, "vgpreload"))
        return;
    const uint32_t width = 512u << 20;
    vf_buffer_desc d = bdesc(width, DEF, VB, 0, 0, 0);
    uint64_t before = resident_bytes();
    vf_buffer *b = NULL;
    ck_assert_int_eq(vf_buffer_create(&d, NULL, 0, &b, NULL), VF_OK);
    uint64_t after = resident_bytes();
    if (before != 0)
        ck_assert_msg(after < before + (64u << 20), "a %u-byte zero buffer made %llu bytes resident",
                      width, (unsigned long long)(after - before));
    const uint8_t *data = vf_buffer_data(b);
    ck_assert_uint_eq((uintptr_t)data % 16, 0);
    for (uint32_t i = 0; i < width; i += width / 64 - 1)
        ck_assert_uint_eq(data[i], 0);
    ck_assert_uint_eq(data[width - 1], 0);
    vf_buffer_destroy(b);
}
END_TEST

static Suite *suite_d3d11(void)
{
    Suite *s = suite_create("d3d11");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_create_buffer_rules);
    tcase_add_test(tc, test_create_buffer_pointers);
    tcase_add_test(tc, test_large_zero_buffer_untouched);
    tcase_add_test(tc, test_state_init);
    tcase_add_test(tc, test_set_vertex_buffers_checks);
    tcase_add_test(tc, test_set_index_buffer_checks);
    tcase_add_test(tc, test_set_topology_checks);
    tcase_add_test(tc, test_set_input_layout_checks);
    tcase_add_test(tc, test_draws_match_d3d12_and_rules);
    tcase_add_test(tc, test_draws_with_pool);
    tcase_add_test(tc, test_list_topology_cuts);
    tcase_add_test(tc, test_draw_errors);
    tcase_add_test(tc, test_draw_warnings);
    tcase_add_test(tc, test_message_ids);
    tcase_add_test(tc, test_guarded_wrap);
    tcase_add_test(tc, test_wrap_sees_caller_writes);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(suite_d3d11());
}
