/*
 * vk_check.h - the CHECK macro of the driverless vfetch-vk tests
 * (test_translate.c, test_oob.c): a failed condition is printed with its
 * line and counted in vk_check_failures, and the test goes on.
 */
#ifndef VF_TESTS_VK_VK_CHECK_H
#define VF_TESTS_VK_VK_CHECK_H

#include <stdio.h>

static int vk_check_failures;

#define CHECK(cond)                                                           \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond); \
            vk_check_failures++;                                              \
        }                                                                     \
    } while (0)

/* The exit status: 0 and a PASS line naming `what`, or 1 and the count. */
static inline int vk_check_result(const char *what)
{
    if (vk_check_failures) {
        fprintf(stderr, "%d failures\n", vk_check_failures);
        return 1;
    }
    printf("PASS: %s\n", what);
    return 0;
}

#endif /* VF_TESTS_VK_VK_CHECK_H */
