/* mini_check.h - the part of Check's API the suites use, without the Check
 * library (implemented in check_main.c): for builds where it is missing (the AArch64 cross build of
 * check_simd run under qemu, scripts/ci-neon.sh). Include check_main.h with
 * -DVF_MINI_CHECK rather than this file.
 *
 * Differences from Check: tests run in the calling process (no fork, no
 * timeout); a failed assertion returns from the function it is in (the test
 * body or a void helper) instead of ending the test; tcase_set_timeout is
 * accepted and ignored. CK_RUN_CASE selects one test case, as in Check. */
#ifndef VF_MINI_CHECK_H
#define VF_MINI_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct mini_test {
    const char *name;
    void (*fn)(int);
} mini_test;

typedef struct TCase {
    const char *name;
    struct mini_entry { const mini_test *test; int start, end; } *entries;
    int count;
} TCase;

typedef struct Suite {
    const char *name;
    TCase **cases;
    int count;
} Suite;

/* Assertions made and failed so far (check_main.c). */
extern unsigned mini_checks, mini_failures;

#define START_TEST(name)                                                          \
    static void name##_fn(int _i);                                                \
    static const mini_test name##_mini = { #name, name##_fn };                    \
    static const mini_test *const name = &name##_mini;                            \
    static void name##_fn(int _i __attribute__((unused)))
#define END_TEST

#define ck_assert_msg(cond, ...)                                                  \
    do {                                                                          \
        mini_checks++;                                                            \
        if (!(cond)) {                                                            \
            mini_failures++;                                                      \
            fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                       \
            fprintf(stderr, __VA_ARGS__);                                         \
            fputc('\n', stderr);                                                  \
            return;                                                               \
        }                                                                         \
    } while (0)
#define ck_abort_msg(...) ck_assert_msg(0, __VA_ARGS__)
#define ck_assert(cond) ck_assert_msg(cond, "%s", #cond)
#define MINI_CMP(a, op, b) ck_assert_msg((a) op (b), "%s %s %s", #a, #op, #b)
#define ck_assert_int_eq(a, b) MINI_CMP(a, ==, b)
#define ck_assert_int_ne(a, b) MINI_CMP(a, !=, b)
#define ck_assert_uint_eq(a, b) MINI_CMP(a, ==, b)
#define ck_assert_uint_ne(a, b) MINI_CMP(a, !=, b)
#define ck_assert_uint_ge(a, b) MINI_CMP(a, >=, b)
#define ck_assert_uint_gt(a, b) MINI_CMP(a, >, b)
#define ck_assert_uint_le(a, b) MINI_CMP(a, <=, b)
#define ck_assert_uint_lt(a, b) MINI_CMP(a, <, b)
#define ck_assert_ptr_nonnull(p) ck_assert_msg((p) != NULL, "%s != NULL", #p)
#define ck_assert_ptr_null(p) ck_assert_msg((p) == NULL, "%s == NULL", #p)

Suite *suite_create(const char *name);
TCase *tcase_create(const char *name);
void suite_add_tcase(Suite *s, TCase *tc);
void tcase_add_loop_test(TCase *tc, const mini_test *t, int start, int end);
void tcase_add_test(TCase *tc, const mini_test *t);
void tcase_set_timeout(TCase *tc, double seconds);

#endif
