/* check_main.h - the Check API for the suites, and the runner they share.
 *
 * Built with -DVF_MINI_CHECK, the suites get mini_check.h instead: the same
 * names without the Check library, for builds that lack it (the AArch64
 * cross build of check_simd under qemu). */
#ifndef VF_CHECK_MAIN_H
#define VF_CHECK_MAIN_H

#ifdef VF_MINI_CHECK
#  include "mini_check.h"
#else
#  include <check.h>
#endif

/* Runs one suite (CK_NORMAL output, fork mode from CK_FORK; CK_RUN_CASE
 * selects one test case) and returns the process exit status: 0 if every
 * test passed. Frees the suite. */
int vf_test_run(Suite *suite);

#endif
