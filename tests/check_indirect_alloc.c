/*
 * check_indirect_alloc.c - vf_execute_indirect with diagnostics allocates
 * nothing (the header's promise for every indirect call): the program is
 * linked with --wrap for the C allocators, so every allocation the library
 * makes passes through the counters below. The warnings each command's
 * draw gives still come out, under "command N: ", with the debug layer's
 * message ID, and what does not fit is counted as dropped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "draw_helpers.h"
#include "vfetch_indirect.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);

static volatile int counting; /* volatile: GCC takes malloc for one that reads no global */
static volatile unsigned allocations;

void *__wrap_malloc(size_t size)
{
    allocations += counting;
    return __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    allocations += counting;
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    allocations += counting;
    return __real_realloc(p, size);
}

#define T(x) VF_INDIRECT_ARGUMENT_TYPE_##x

/* The counters see an allocation of this program's own. */
START_TEST(test_wrap_counts)
{
    counting = 1;
    allocations = 0;
    void *volatile p = malloc(16);
    counting = 0;
    free(p);
    ck_assert_uint_eq(allocations, 1);
}
END_TEST

/* N commands, each an indexed draw of one position with a NULL index view
 * (BufferLocation 0, SizeInBytes 0): one VF_WARNING_INDEX_BUFFER_NOT_SET
 * each, two more than a list holds. */
START_TEST(test_exec_no_allocation)
{
    enum { N = VF_MAX_DIAGNOSTICS + 2 };
    static const uint32_t vb_data[4] = { 10, 11, 12, 13 };
    vf_input_element_desc d = el("POSITION", 0, VF_FORMAT_R32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0);
    vf_layout *layout = make_layout(&d, 1, 0);
    vf_indirect_argument_desc ad[2] = { { T(INDEX_BUFFER_VIEW), { { 0 } } }, { T(DRAW_INDEXED), { { 0 } } } };
    vf_command_signature_desc sig = { 36, 2, ad, 0 };
    uint32_t *args = calloc(9 * N, sizeof(uint32_t));
    for (uint32_t c = 0; c < N; c++)
        args[9 * c + 4] = 1, args[9 * c + 5] = 1, args[9 * c + 7] = c % 4; /* base vertex */
    vf_vertex_buffer_view vb = { vb_data, sizeof(vb_data), 4 };
    vf_execute_indirect_desc e;
    vf_execute_indirect_desc_init(&e);
    e.signature = &sig;
    e.max_command_count = N;
    e.argument_buffer = args;
    e.argument_buffer_size = 36u * N;
    e.vertex_buffers = &vb;
    e.num_vertex_buffers = 1;
    uint32_t n;
    size_t size;
    ck_assert_int_eq(vf_execute_indirect_size(layout, &e, &n, &size), VF_OK);
    ck_assert_uint_eq(size, 16u * N);
    uint32_t *out = xalloc(size);
    vf_indirect_result *res = calloc(N, sizeof(*res));
    vf_diagnostics *diag = malloc(sizeof(*diag));
    counting = 1;
    allocations = 0;
    vf_result r = vf_execute_indirect(layout, &e, out, size, res, N, diag);
    counting = 0;
    ck_assert_int_eq(r, VF_OK);
    ck_assert_uint_eq(allocations, 0);
    for (uint32_t c = 0; c < N; c++) {
        ck_assert_int_eq(res[c].result, VF_OK);
        ck_assert_uint_eq(out[4 * c], 10 + c % 4); /* index 0 + BaseVertexLocation */
    }
    ck_assert_uint_eq(diag->num_errors, 0);
    ck_assert_uint_eq(diag->num_warnings, N);
    ck_assert_uint_eq(diag->count, VF_MAX_DIAGNOSTICS);
    ck_assert_uint_eq(diag->num_dropped, 2);
    for (uint32_t i = 0; i < VF_MAX_DIAGNOSTICS; i++) {
        char want[32];
        snprintf(want, sizeof(want), "command %u: index buffer", i);
        ck_assert_int_eq(diag->entries[i].code, VF_WARNING_INDEX_BUFFER_NOT_SET);
        ck_assert_uint_eq(vf_d3d12_message_id(diag->entries[i].code),
                          VF_D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INDEX_BUFFER_NOT_SET);
        ck_assert_ptr_eq(strstr(diag->entries[i].message, want), diag->entries[i].message);
    }
    free(diag);
    free(res);
    free(out);
    free(args);
    vf_layout_destroy(layout);
}
END_TEST

static Suite *indirect_alloc_suite(void)
{
    Suite *s = suite_create("indirect_alloc");
    TCase *tc = tcase_create("indirect_alloc");
    tcase_add_test(tc, test_wrap_counts);
    tcase_add_test(tc, test_exec_no_allocation);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(indirect_alloc_suite());
}
