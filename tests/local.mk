# Shared test infrastructure. Each suite's fragment adds a program like:
#   check_PROGRAMS += tests/check_foo
#   tests_check_foo_SOURCES = tests/check_foo.c $(TEST_UTIL_SOURCES)
#   tests_check_foo_CFLAGS = $(TEST_CFLAGS)
#   tests_check_foo_LDADD = $(TEST_LDADD)
#   TESTS += tests/check_foo
TEST_UTIL_SOURCES = tests/test_util.c tests/test_util.h
TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
TEST_LDADD = libvfetch_core.la $(CHECK_LIBS) -lm
