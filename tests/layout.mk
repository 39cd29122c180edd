# Input-layout compilation and validation (lib/layout.c).
check_PROGRAMS += tests/check_layout
TESTS += tests/check_layout
tests_check_layout_SOURCES = tests/check_layout.c $(TEST_UTIL_SOURCES)
tests_check_layout_CFLAGS = $(TEST_CFLAGS)
tests_check_layout_LDADD = $(TEST_LDADD)
