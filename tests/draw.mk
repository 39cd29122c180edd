# The draw walker and thread pool (lib/draw.c, lib/pool.c).
check_PROGRAMS += tests/check_draw
tests_check_draw_SOURCES = tests/check_draw.c $(TEST_UTIL_SOURCES)
tests_check_draw_CFLAGS = $(TEST_CFLAGS)
tests_check_draw_LDADD = $(TEST_LDADD)
TESTS += tests/check_draw
