/* check_main.c - the runner shared by the suites (check_main.h), and with
 * VF_MINI_CHECK the stand-in for Check (mini_check.h). */
#include "check_main.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef VF_MINI_CHECK
int vf_test_run(Suite *suite)
{
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
#else
unsigned mini_checks, mini_failures;

static void *grow(void *array, int count, size_t size)
{
    void *p = realloc(array, (size_t)(count + 1) * size);
    if (!p)
        abort();
    return p;
}

Suite *suite_create(const char *name)
{
    Suite *s = calloc(1, sizeof(*s));
    if (!s)
        abort();
    s->name = name;
    return s;
}

TCase *tcase_create(const char *name)
{
    TCase *tc = calloc(1, sizeof(*tc));
    if (!tc)
        abort();
    tc->name = name;
    return tc;
}

void suite_add_tcase(Suite *s, TCase *tc)
{
    s->cases = grow(s->cases, s->count, sizeof(*s->cases));
    s->cases[s->count++] = tc;
}

void tcase_add_loop_test(TCase *tc, const mini_test *t, int start, int end)
{
    tc->entries = grow(tc->entries, tc->count, sizeof(*tc->entries));
    tc->entries[tc->count].test = t;
    tc->entries[tc->count].start = start;
    tc->entries[tc->count].end = end;
    tc->count++;
}

void tcase_add_test(TCase *tc, const mini_test *t)
{
    tcase_add_loop_test(tc, t, 0, 1);
}

void tcase_set_timeout(TCase *tc, double seconds)
{
    (void)tc;
    (void)seconds;
}

/* One test function for one loop index; returns 1 if it failed. */
static int run_one(const char *suite, const TCase *tc, const mini_test *t, int i)
{
    unsigned before = mini_failures;
    t->fn(i);
    if (mini_failures == before)
        return 0;
    fprintf(stderr, "%s: %s:%s(%d) failed\n", suite, tc->name, t->name, i);
    return 1;
}

int vf_test_run(Suite *s)
{
    const char *only = getenv("CK_RUN_CASE");
    unsigned runs = 0, failed = 0;
    for (int c = 0; c < s->count; c++) {
        TCase *tc = s->cases[c];
        for (int e = 0; e < tc->count && (!only || strcmp(only, tc->name) == 0); e++)
            for (int i = tc->entries[e].start; i < tc->entries[e].end; i++) {
                failed += (unsigned)run_one(s->name, tc, tc->entries[e].test, i);
                runs++;
            }
        free(tc->entries);
        free(tc);
    }
    printf("%s: %u tests, %u checks, %u failed\n", s->name, runs, mini_checks, failed);
    free(s->cases);
    free(s);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
#endif
