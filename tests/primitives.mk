# Primitive assembly (lib/primitives.c): the Check suite against the
# reference model in tests/ref/prim_ref.c, the fuzz target (replayed in
# make check, and part of make fuzz), and the Vulkan cross-check of
# primitive lists.

check_PROGRAMS += tests/check_primitives
tests_check_primitives_SOURCES = tests/check_primitives.c tests/ref/prim_ref.c \
	tests/ref/prim_ref.h $(TEST_UTIL_SOURCES)
tests_check_primitives_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests
tests_check_primitives_CFLAGS = $(TEST_CFLAGS)
tests_check_primitives_LDADD = $(TEST_LDADD)
TESTS += tests/check_primitives

# The fuzz target includes the reference model's source itself (make fuzz
# links each target from one file).
check_PROGRAMS += tests/fuzz/replay_primitives
tests_fuzz_replay_primitives_SOURCES = tests/fuzz/fuzz_primitives.c $(FUZZ_COMMON_SOURCES)
tests_fuzz_replay_primitives_CPPFLAGS = $(AM_CPPFLAGS) \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_primitives"'
tests_fuzz_replay_primitives_LDADD = libvfetch_core.la -lm
TESTS += tests/fuzz/replay_primitives
FUZZ_TARGETS += fuzz_primitives
