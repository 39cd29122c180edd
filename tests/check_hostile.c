/* check_hostile.c - being written. */
#include <stdlib.h>
#include "test_util.h"
#include "vfetch.h"

START_TEST(test_placeholder)
{
    ck_assert_str_eq(vf_version(), VF_VERSION_STRING);
}
END_TEST

static Suite *suite_hostile(void)
{
    Suite *s = suite_create("hostile");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_placeholder);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(suite_hostile());
}
