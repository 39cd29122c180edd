/*
 * check_indirect_rules.c - every misuse of the ExecuteIndirect calls: each
 * command signature rule alone (with its message and debug-layer ID),
 * random signatures against the spec's validation list in
 * tests/ref/indirect_ref.c, the call's checks, bad views naming their
 * command, the zero-count warning and the state left after the call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "draw_helpers.h"
#include "indirect_ref.h"
#include "vfetch_indirect.h"

#define T(x) VF_INDIRECT_ARGUMENT_TYPE_##x

struct sig_rule {
    const char *what;
    uint32_t stride;
    uint32_t n;
    uint32_t args[5][4];
    vf_result want;
};

/* One broken rule per row, beside valid neighbours. */
static const struct sig_rule rules[] = {
    { "draw only", 16, 1, { { T(DRAW) } }, VF_OK },
    { "indexed, 36-byte stride", 36, 1, { { T(DRAW_INDEXED) } }, VF_OK },
    { "no argument", 16, 0, { { 0 } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "draw not last", 32, 2, { { T(DRAW) }, { T(VERTEX_BUFFER_VIEW), 0 } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "two draws", 32, 2, { { T(DRAW) }, { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "no draw", 16, 1, { { T(VERTEX_BUFFER_VIEW), 0 } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "dispatch", 12, 1, { { T(DISPATCH) } }, VF_ERROR_INDIRECT_NOT_DRAW },
    { "mesh dispatch", 12, 1, { { T(DISPATCH_MESH) } }, VF_ERROR_INDIRECT_NOT_DRAW },
    { "unknown type", 32, 2, { { 12 }, { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "stride not x4", 18, 1, { { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "stride too small", 28, 2, { { T(VERTEX_BUFFER_VIEW), 1 }, { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "vb then draw", 32, 2, { { T(VERTEX_BUFFER_VIEW), 31 }, { T(DRAW) } }, VF_OK },
    { "slot 32", 32, 2, { { T(VERTEX_BUFFER_VIEW), 32 }, { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "slot twice", 48, 3, { { T(VERTEX_BUFFER_VIEW), 2 }, { T(VERTEX_BUFFER_VIEW), 2 }, { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "ib with draw", 32, 2, { { T(INDEX_BUFFER_VIEW) }, { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "ib twice", 52, 3, { { T(INDEX_BUFFER_VIEW) }, { T(INDEX_BUFFER_VIEW) }, { T(DRAW_INDEXED) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "ib, indexed", 36, 2, { { T(INDEX_BUFFER_VIEW) }, { T(DRAW_INDEXED) } }, VF_OK },
    { "constant 0 values", 16, 2, { { T(CONSTANT), 0, 0, 0 }, { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "constants in order", 40, 4, { { T(CONSTANT), 0, 0, 2 }, { T(CONSTANT), 0, 2, 1 }, { T(CONSTANT_BUFFER_VIEW), 1 }, { T(DRAW) } }, VF_OK },
    { "constants overlap", 28, 3, { { T(CONSTANT), 0, 0, 2 }, { T(CONSTANT), 0, 1, 1 }, { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "roots out of order", 28, 3, { { T(SHADER_RESOURCE_VIEW), 3 }, { T(CONSTANT), 2, 0, 1 }, { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "root view twice", 32, 3, { { T(UNORDERED_ACCESS_VIEW), 3 }, { T(UNORDERED_ACCESS_VIEW), 3 }, { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
    { "incrementing", 16, 2, { { T(INCREMENTING_CONSTANT), 0, 0 }, { T(DRAW) } }, VF_OK },
    { "two incrementing", 16, 3, { { T(INCREMENTING_CONSTANT), 0, 0 }, { T(INCREMENTING_CONSTANT), 1, 0 }, { T(DRAW) } }, VF_ERROR_INDIRECT_INVALID_SIGNATURE },
};

static void to_desc(const struct sig_rule *r, vf_indirect_argument_desc *a, iref_arg *ra,
                    vf_command_signature_desc *s)
{
    memset(a, 0, 5 * sizeof(*a));
    for (uint32_t i = 0; i < r->n; i++) {
        a[i].type = r->args[i][0];
        a[i].u.constant.root_parameter_index = r->args[i][1];
        a[i].u.constant.dest_offset_in_32bit_values = r->args[i][2];
        a[i].u.constant.num_32bit_values_to_set = r->args[i][3];
        memcpy(ra[i].w, r->args[i], sizeof(ra[i].w));
    }
    vf_command_signature_desc d = { r->stride, r->n, a, 1 };
    *s = d;
}

START_TEST(test_signature_rules)
{
    const struct sig_rule *r = &rules[_i];
    vf_indirect_argument_desc a[5];
    iref_arg ra[5];
    vf_command_signature_desc s;
    to_desc(r, a, ra, &s);
    vf_diagnostics diag;
    vf_command_signature_info info = { 99, 0, 0, 0, 0, 0 };
    vf_result got = vf_command_signature_check(&s, &info, &diag);
    ck_assert_msg(got == r->want, "%s: %d, want %d", r->what, (int)got, (int)r->want);
    ck_assert_int_eq(iref_signature_valid(ra, r->n, r->stride), r->want == VF_OK);
    if (r->want == VF_OK) {
        ck_assert_uint_eq(diag.count, 0);
        ck_assert_uint_le(info.arguments_size, r->stride);
        ck_assert_uint_eq(info.indexed, r->args[r->n - 1][0] == T(DRAW_INDEXED));
        return;
    }
    ck_assert_uint_eq(info.indexed, 99); /* untouched on error */
    ck_assert_uint_ge(diag.num_errors, 1);
    ck_assert_int_eq(diag.entries[0].code, r->want);
    ck_assert(strlen(diag.entries[0].message) > 10);
    ck_assert_uint_eq(vf_d3d12_message_id(r->want), VF_D3D12_MESSAGE_ID_CREATECOMMANDSIGNATURE_INVALID);
    ck_assert_str_eq(vf_d3d12_message_id_name(VF_D3D12_MESSAGE_ID_CREATECOMMANDSIGNATURE_INVALID),
                     "CREATECOMMANDSIGNATURE_INVALID");
}
END_TEST

/* Random short argument lists: vfetch's verdict is the spec list's. */
START_TEST(test_random_signatures)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0x5167u);
    static const uint32_t small[] = { 0, 1, 2, 3, 32 };
    for (int round = 0; round < 200000; round++) {
        vf_indirect_argument_desc a[4];
        iref_arg ra[4];
        uint32_t n = vf_rng_below(&rng, 5);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t w[4] = { vf_rng_below(&rng, 13), small[vf_rng_below(&rng, 5)],
                              vf_rng_below(&rng, 4), vf_rng_below(&rng, 3) };
            memset(&a[i], 0, sizeof(a[i]));
            a[i].type = w[0];
            a[i].u.constant.root_parameter_index = w[1];
            a[i].u.constant.dest_offset_in_32bit_values = w[2];
            a[i].u.constant.num_32bit_values_to_set = w[3];
            memcpy(ra[i].w, w, sizeof(w));
        }
        uint32_t stride = 4 * vf_rng_below(&rng, 20) + (vf_rng_below(&rng, 8) == 0);
        vf_command_signature_desc s = { stride, n, a, 0 };
        int want = iref_signature_valid(ra, n, stride);
        vf_result got = vf_command_signature_check(&s, NULL, NULL);
        if ((got == VF_OK) != want)
            ck_abort_msg("round %d: %d arguments, stride %u: vfetch %d, spec %d", round, n, stride,
                         (int)got, want);
    }
}
END_TEST

static vf_indirect_argument_desc vb_draw[2] = { { T(VERTEX_BUFFER_VIEW), { { 1 } } }, { T(DRAW), { { 0 } } } };
static vf_command_signature_desc vb_sig = { 32, 2, vb_draw, 0 };

static void base_call(vf_execute_indirect_desc *e, const void *args, uint64_t size, uint32_t max)
{
    vf_execute_indirect_desc_init(e);
    e->signature = &vb_sig;
    e->max_command_count = max;
    e->argument_buffer = args;
    e->argument_buffer_size = size;
}

START_TEST(test_call_misuse)
{
    uint32_t args[16] = { 0 };
    uint32_t count = 1;
    vf_vertex_buffer_view views[33];
    memset(views, 0, sizeof(views));
    vf_execute_indirect_desc e;
    vf_indirect_walk w;
    vf_diagnostics diag;
    base_call(&e, args, sizeof(args), 2);
    ck_assert_int_eq(vf_execute_indirect_begin(NULL, &w, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_execute_indirect_begin(&e, NULL, NULL), VF_ERROR_NULL_POINTER);
    e.struct_size--;
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, NULL), VF_ERROR_INVALID_ARGUMENT);
    base_call(&e, NULL, sizeof(args), 2);
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, NULL), VF_ERROR_NULL_POINTER);
    base_call(&e, args, sizeof(args), 2);
    e.argument_buffer_offset = 2;
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, &diag), VF_ERROR_INDIRECT_MISALIGNED_OFFSET);
    ck_assert_uint_eq(vf_d3d12_message_id(diag.entries[0].code),
                      VF_D3D12_MESSAGE_ID_EXECUTE_INDIRECT_INVALID_PARAMETERS);
    /* 2 commands of 32 bytes fill 64 bytes exactly; from offset 4 they do not. */
    base_call(&e, args, 64, 2);
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, NULL), VF_OK);
    e.argument_buffer_offset = 4;
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, NULL), VF_ERROR_INDIRECT_BUFFER_TOO_SMALL);
    e.argument_buffer_offset = UINT64_MAX - 3;
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, NULL), VF_ERROR_INDIRECT_BUFFER_TOO_SMALL);
    base_call(&e, args, sizeof(args), UINT32_MAX);
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, NULL), VF_ERROR_INDIRECT_BUFFER_TOO_SMALL);
    base_call(&e, args, sizeof(args), 2);
    e.count_buffer = &count;
    e.count_buffer_size = 4;
    e.count_buffer_offset = 4;
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, NULL), VF_ERROR_INDIRECT_BUFFER_TOO_SMALL);
    e.count_buffer_offset = 0;
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, NULL), VF_OK);
    ck_assert_uint_eq(w.command_count, 1);
    e.num_vertex_buffers = 33;
    e.vertex_buffers = views;
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, NULL), VF_ERROR_INVALID_ARGUMENT);
    e.num_vertex_buffers = 1;
    e.vertex_buffers = NULL;
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, NULL), VF_ERROR_NULL_POINTER);
    /* Zero commands: a warning, nothing else. */
    count = 0;
    e.vertex_buffers = views;
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, &diag), VF_OK);
    ck_assert_uint_eq(diag.num_warnings, 1);
    ck_assert_int_eq(diag.entries[0].code, VF_WARNING_INDIRECT_ZERO_COMMANDS);
    ck_assert_uint_eq(vf_d3d12_message_id(VF_WARNING_INDIRECT_ZERO_COMMANDS),
                      VF_D3D12_MESSAGE_ID_EXECUTE_INDIRECT_ZERO_COMMAND_COUNT);
    vf_indirect_command c;
    ck_assert_int_eq(vf_execute_indirect_next(&w, &c, NULL), VF_ERROR_INVALID_RANGE);
    ck_assert_int_eq(vf_execute_indirect_next(NULL, &c, NULL), VF_ERROR_NULL_POINTER);
}
END_TEST

static void put_view(uint32_t *p, uint64_t va, uint32_t size, uint32_t third)
{
    p[0] = (uint32_t)va;
    p[1] = (uint32_t)(va >> 32);
    p[2] = size;
    p[3] = third;
}

/* Each bad view fails its own command, named in the message; the others
 * draw. */
START_TEST(test_bad_views)
{
    static uint8_t mem[256];
    vf_gpu_address_range range = { 0x1000, sizeof(mem), mem };
    uint32_t args[5 * 8] = { 0 };
    put_view(&args[0], 0x1000, 256, 16);   /* 0: the whole range */
    put_view(&args[8], 0, 16, 16);         /* 1: address 0, size 16 */
    put_view(&args[16], 0x10f0, 32, 16);   /* 2: 16 bytes past the range */
    put_view(&args[24], 0x1000, 16, 2064); /* 3: stride over 2048 */
    put_view(&args[32], 0, 0, 16);         /* 4: unbound */
    for (int c = 0; c < 5; c++)
        args[8 * c + 4] = 3, args[8 * c + 5] = 1;
    vf_execute_indirect_desc e;
    base_call(&e, args, sizeof(args), 5);
    e.ranges = &range;
    e.range_count = 1;
    vf_indirect_walk w;
    vf_diagnostics diag;
    ck_assert_int_eq(vf_execute_indirect_begin(&e, &w, &diag), VF_OK);
    static const vf_result want[5] = { VF_OK, VF_ERROR_INDIRECT_NULL_ADDRESS,
                                       VF_ERROR_INDIRECT_ADDRESS_NOT_MAPPED,
                                       VF_ERROR_STRIDE_TOO_LARGE, VF_OK };
    vf_indirect_command c;
    for (uint32_t i = 0; i < 5; i++) {
        ck_assert_int_eq(vf_execute_indirect_next(&w, &c, &diag), VF_OK);
        ck_assert_int_eq(c.result, want[i]);
    }
    ck_assert_ptr_null(c.vertex_buffers[1].data);
    ck_assert_uint_eq(diag.num_errors, 3);
    ck_assert_ptr_nonnull(strstr(diag.entries[0].message, "command 1:"));
    ck_assert_ptr_nonnull(strstr(diag.entries[1].message, "command 2:"));
    ck_assert_ptr_nonnull(strstr(diag.entries[2].message, "StrideInBytes 2064"));
}
END_TEST

/* The slots and the index buffer a signature sets are unbound after the
 * call; the others keep their views. */
START_TEST(test_unbind_after)
{
    static const uint8_t bytes[64];
    vf_vertex_buffer_view vbs[3] = { { bytes, 64, 16 }, { bytes, 64, 16 }, { bytes, 64, 16 } };
    vf_index_buffer_view ib = { bytes, 64, VF_FORMAT_R16_UINT };
    ck_assert_int_eq(vf_command_signature_unbind(&vb_sig, vbs, 3, &ib), VF_OK);
    ck_assert_ptr_nonnull(vbs[0].data);
    ck_assert_ptr_null(vbs[1].data);
    ck_assert_uint_eq(vbs[1].size_in_bytes, 0);
    ck_assert_ptr_nonnull(vbs[2].data);
    ck_assert_ptr_nonnull(ib.data); /* no INDEX_BUFFER_VIEW argument */
    vf_indirect_argument_desc ia[2] = { { T(INDEX_BUFFER_VIEW), { { 0 } } }, { T(DRAW_INDEXED), { { 0 } } } };
    vf_command_signature_desc is = { 36, 2, ia, 0 };
    ck_assert_int_eq(vf_command_signature_unbind(&is, vbs, 3, &ib), VF_OK);
    ck_assert_ptr_null(ib.data);
    ck_assert_ptr_nonnull(vbs[0].data);
    ck_assert_int_eq(vf_command_signature_unbind(&is, NULL, 1, NULL), VF_ERROR_NULL_POINTER);
    ck_assert_int_eq(vf_command_signature_unbind(NULL, vbs, 3, NULL), VF_ERROR_NULL_POINTER);
}
END_TEST

/* An INDEX_BUFFER_VIEW argument of BufferLocation 0 and SizeInBytes 0 is a
 * NULL index buffer for its command (its Format is not looked at): the
 * DRAW_INDEXED that follows reads index 0 at every position (rules §5.1,
 * §15.4), so each record holds element BaseVertexLocation with
 * SV_VertexID 0, and the whole-call form warns under the command's
 * number. The next command's view binds real indices again. */
static const uint32_t null_ib_vb[8] = { 100, 101, 102, 103, 104, 105, 106, 107 };
static const uint16_t null_ib_indices[4] = { 3, 0, 1, 4 };

static void null_ib_args(uint32_t args[18])
{
    memset(args, 0, 18 * sizeof(uint32_t));
    put_view(&args[0], 0, 0, 0xdeadu);     /* command 0: a NULL view, a bad Format */
    args[4] = 3, args[5] = 1, args[6] = 5, args[7] = 2;
    put_view(&args[9], 0x1000, 8, VF_FORMAT_R16_UINT); /* command 1: real indices */
    args[13] = 3, args[14] = 1, args[15] = 1, args[16] = 1;
}

START_TEST(test_null_index_view)
{
    static const uint16_t state_indices[8] = { 7, 7, 7, 7, 7, 7, 7, 7 };
    vf_input_element_desc d = el("POSITION", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    vf_layout *layout = make_layout(&d, 1, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID);
    vf_indirect_argument_desc ad[2] = { { T(INDEX_BUFFER_VIEW), { { 0 } } }, { T(DRAW_INDEXED), { { 0 } } } };
    vf_command_signature_desc sig = { 36, 2, ad, 0 };
    uint32_t args[18];
    null_ib_args(args);
    vf_gpu_address_range range = { 0x1000, sizeof(null_ib_indices), null_ib_indices };
    vf_vertex_buffer_view vb = { null_ib_vb, sizeof(null_ib_vb), 4 };
    vf_index_buffer_view ib = { state_indices, sizeof(state_indices), VF_FORMAT_R16_UINT };
    vf_execute_indirect_desc e;
    base_call(&e, args, sizeof(args), 2);
    e.signature = &sig;
    e.ranges = &range;
    e.range_count = 1;
    e.vertex_buffers = &vb;
    e.num_vertex_buffers = 1;
    e.index_buffer = &ib; /* the state before: replaced by each command's view */
    uint32_t n;
    size_t size;
    ck_assert_int_eq(vf_execute_indirect_size(layout, &e, &n, &size), VF_OK);
    ck_assert_uint_eq(n, 2);
    ck_assert_uint_eq(size, 6 * 32);
    uint32_t *out = xalloc(size);
    vf_indirect_result res[2];
    vf_diagnostics *diag = malloc(sizeof(*diag));
    ck_assert_int_eq(vf_execute_indirect(layout, &e, out, size, res, 2, diag), VF_OK);
    ck_assert_int_eq(res[0].result, VF_OK);
    ck_assert_int_eq(res[1].result, VF_OK);
    /* Command 0: element 2 (BaseVertexLocation) three times, SV_VertexID 0. */
    for (int v = 0; v < 3; v++) {
        ck_assert_uint_eq(out[8 * v], 102);
        ck_assert_uint_eq(out[8 * v + 4], 0);
    }
    /* Command 1: indices 0, 1, 4 from index 1; elements 1, 2, 5. */
    static const uint32_t idx[3] = { 0, 1, 4 };
    for (int v = 0; v < 3; v++) {
        ck_assert_uint_eq(out[24 + 8 * v], 100 + 1 + idx[v]);
        ck_assert_uint_eq(out[24 + 8 * v + 4], idx[v]);
    }
    ck_assert_uint_eq(diag->num_errors, 0);
    ck_assert_uint_eq(diag->num_warnings, 1);
    ck_assert_int_eq(diag->entries[0].code, VF_WARNING_INDEX_BUFFER_NOT_SET);
    ck_assert_ptr_nonnull(strstr(diag->entries[0].message, "command 0: index buffer"));
    free(diag);
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

/* Every command's draw warnings, under its number and in order; past the
 * list's room they are counted as dropped. A command whose view is bad
 * gives its view error and no draw check. */
START_TEST(test_exec_warnings)
{
    enum { N = VF_MAX_DIAGNOSTICS + 2 };
    vf_input_element_desc d = el("POSITION", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    vf_layout *layout = make_layout(&d, 1, 0);
    vf_indirect_argument_desc ad[2] = { { T(INDEX_BUFFER_VIEW), { { 0 } } }, { T(DRAW_INDEXED), { { 0 } } } };
    vf_command_signature_desc sig = { 36, 2, ad, 0 };
    uint32_t *args = calloc(9 * N, sizeof(uint32_t));
    for (uint32_t c = 0; c < N; c++)
        args[9 * c + 4] = 1, args[9 * c + 5] = 1; /* NULL views, one position */
    put_view(&args[9 * 1], 0, 4, VF_FORMAT_R16_UINT); /* command 1: address 0, size 4 */
    vf_vertex_buffer_view vb = { null_ib_vb, sizeof(null_ib_vb), 4 };
    vf_execute_indirect_desc e;
    base_call(&e, args, 36u * N, N);
    e.signature = &sig;
    e.vertex_buffers = &vb;
    e.num_vertex_buffers = 1;
    uint32_t n;
    size_t size;
    ck_assert_int_eq(vf_execute_indirect_size(layout, &e, &n, &size), VF_OK);
    uint32_t *out = xalloc(size);
    vf_indirect_result res[N];
    vf_diagnostics *diag = malloc(sizeof(*diag));
    ck_assert_int_eq(vf_execute_indirect(layout, &e, out, size, res, N, diag), VF_OK);
    ck_assert_int_eq(res[1].result, VF_ERROR_INDIRECT_NULL_ADDRESS);
    ck_assert_uint_eq(diag->num_errors, 1);
    ck_assert_uint_eq(diag->num_warnings, N - 1);
    ck_assert_uint_eq(diag->count, VF_MAX_DIAGNOSTICS);
    ck_assert_uint_eq(diag->num_dropped, 2);
    ck_assert_ptr_nonnull(strstr(diag->entries[0].message, "command 0: index buffer"));
    ck_assert_int_eq(diag->entries[1].code, VF_ERROR_INDIRECT_NULL_ADDRESS);
    ck_assert_ptr_nonnull(strstr(diag->entries[1].message, "command 1:"));
    for (uint32_t i = 2; i < VF_MAX_DIAGNOSTICS; i++) {
        char want[32];
        snprintf(want, sizeof(want), "command %u: index buffer", i);
        ck_assert_int_eq(diag->entries[i].code, VF_WARNING_INDEX_BUFFER_NOT_SET);
        ck_assert_ptr_eq(strstr(diag->entries[i].message, want), diag->entries[i].message);
    }
    /* Without diagnostics: the same records and results. */
    vf_indirect_result res2[N];
    ck_assert_int_eq(vf_execute_indirect(layout, &e, out, size, res2, N, NULL), VF_OK);
    ck_assert_mem_eq(res, res2, sizeof(res));
    free(diag);
    free(out);
    free(args);
    vf_layout_destroy(layout);
}
END_TEST

START_TEST(test_exec_misuse)
{
    vf_input_element_desc d = el("POSITION", 0, VF_FORMAT_R32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    vf_layout *layout = make_layout(&d, 1, 0);
    uint32_t args[16] = { 0 };
    args[4] = 3;
    args[5] = 1;
    args[12] = 2;
    args[13] = 1;
    vf_execute_indirect_desc e;
    base_call(&e, args, sizeof(args), 2);
    uint32_t n;
    size_t size;
    ck_assert_int_eq(vf_execute_indirect_size(layout, &e, &n, &size), VF_OK);
    ck_assert_uint_eq(size, 5 * 16);
    ck_assert_int_eq(vf_execute_indirect_size(NULL, &e, &n, &size), VF_ERROR_NULL_POINTER);
    uint32_t *out = xalloc(size);
    vf_indirect_result res[2];
    ck_assert_int_eq(vf_execute_indirect(layout, &e, out, size, res, 1, NULL), VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_execute_indirect(layout, &e, (uint8_t *)out + 4, size - 16, res, 2, NULL),
                     VF_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(vf_execute_indirect(layout, &e, out, size - 16, res, 2, NULL), VF_OK);
    ck_assert_int_eq(res[0].result, VF_OK);
    ck_assert_int_eq(res[1].result, VF_ERROR_OUTPUT_TOO_SMALL);
    ck_assert_int_eq(vf_execute_indirect(layout, &e, out, size, res, 2, NULL), VF_OK);
    ck_assert_int_eq(res[1].result, VF_OK);
    ck_assert_uint_eq(res[1].output_offset, 48);
    free(out);
    vf_layout_destroy(layout);
}
END_TEST

static Suite *indirect_rules_suite(void)
{
    Suite *s = suite_create("indirect_rules");
    TCase *tc = tcase_create("indirect_rules");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_signature_rules, 0, (int)(sizeof(rules) / sizeof(rules[0])));
    tcase_add_test(tc, test_random_signatures);
    tcase_add_test(tc, test_call_misuse);
    tcase_add_test(tc, test_bad_views);
    tcase_add_test(tc, test_unbind_after);
    tcase_add_test(tc, test_exec_misuse);
    tcase_add_test(tc, test_null_index_view);
    tcase_add_test(tc, test_exec_warnings);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(indirect_rules_suite());
}
