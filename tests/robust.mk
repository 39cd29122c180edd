# The out-of-bounds oracle (vfetch_robust.h) against tests/ref/robust_ref.c.
ROBUST_REF_SOURCES = tests/ref/robust_ref.c tests/ref/robust_ref.h
check_PROGRAMS += tests/check_robust
tests_check_robust_SOURCES = tests/check_robust.c $(ROBUST_REF_SOURCES) $(DRAW_HELPER_SOURCES) \
	$(TEST_UTIL_SOURCES)
tests_check_robust_CFLAGS = $(TEST_CFLAGS)
tests_check_robust_LDADD = $(TEST_LDADD)
TESTS += tests/check_robust

# The oracle's fuzz target: replayed in every make check, and a libFuzzer program.
check_PROGRAMS += tests/fuzz/replay_robust
TESTS += tests/fuzz/replay_robust
tests_fuzz_replay_robust_SOURCES = tests/fuzz/fuzz_robust.c $(FUZZ_COMMON_SOURCES) \
	$(ROBUST_REF_SOURCES) $(IA_REF_SOURCES)
tests_fuzz_replay_robust_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_robust"'
tests_fuzz_replay_robust_LDADD = libvfetch_core.la -lm
EXTRA_PROGRAMS += tests/fuzz/fuzz_robust
tests_fuzz_fuzz_robust_SOURCES = tests/fuzz/fuzz_robust.c tests/fuzz/fuzz_input.h \
	$(ROBUST_REF_SOURCES) $(IA_REF_SOURCES)
tests_fuzz_fuzz_robust_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref
tests_fuzz_fuzz_robust_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_robust_LDADD = libvfetch_core.la -lm

# The oracle for Vulkan draws (vfetch_vulkan.h, rules §17.8) on hand-built draws.
check_PROGRAMS += tests/check_vk_robust
tests_check_vk_robust_SOURCES = tests/check_vk_robust.c $(TEST_UTIL_SOURCES)
tests_check_vk_robust_CFLAGS = $(TEST_CFLAGS)
tests_check_vk_robust_LDADD = $(TEST_LDADD)
TESTS += tests/check_vk_robust
