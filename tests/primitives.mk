# Primitive assembly (lib/primitives.c): the Check suite against the
# reference model in tests/ref/prim_ref.c, the fuzz target (replayed in
# make check, and part of make fuzz), and the Vulkan cross-check of
# primitive lists.

STATS_REF_SOURCES = tests/ref/stats_ref.c tests/ref/stats_ref.h

check_PROGRAMS += tests/check_primitives
tests_check_primitives_SOURCES = tests/check_primitives.c $(PRIM_REF_SOURCES) $(IA_REF_SOURCES) \
	$(TEST_UTIL_SOURCES)
tests_check_primitives_CFLAGS = $(TEST_CFLAGS)
tests_check_primitives_LDADD = $(TEST_LDADD)
TESTS += tests/check_primitives

check_PROGRAMS += tests/fuzz/replay_primitives
tests_fuzz_replay_primitives_SOURCES = tests/fuzz/fuzz_primitives.c $(FUZZ_COMMON_SOURCES) \
	$(PRIM_REF_SOURCES) $(IA_REF_SOURCES) $(STATS_REF_SOURCES)
tests_fuzz_replay_primitives_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_primitives"'
tests_fuzz_replay_primitives_LDADD = libvfetch_core.la -lm
TESTS += tests/fuzz/replay_primitives
EXTRA_PROGRAMS += tests/fuzz/fuzz_primitives
tests_fuzz_fuzz_primitives_SOURCES = tests/fuzz/fuzz_primitives.c tests/fuzz/fuzz_input.h \
	$(PRIM_REF_SOURCES) $(IA_REF_SOURCES) $(STATS_REF_SOURCES)
tests_fuzz_fuzz_primitives_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref
tests_fuzz_fuzz_primitives_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_primitives_LDADD = libvfetch_core.la -lm

# vfetch-vk --primitives: the capture (tools/vfetch-vk/vk_prim.c) and its check
# against vf_draw_primitives (tools/vfetch-vk/vk_prim_check.c, built with vfetch-vk
# in tools/vfetch-vk/local.mk), run on lavapipe over
# the cases of tests/vk/gen_prim_cases. Skips (77) without a Vulkan
# device or geometry shaders. vfetch-vk is built with json-c only.
if HAVE_VULKAN_TOOLS
if HAVE_JSONC
check_PROGRAMS += tests/vk/gen_prim_cases
tests_vk_gen_prim_cases_SOURCES = tests/vk/gen_prim_cases.c tests/test_util.c tests/test_util.h
tests_vk_gen_prim_cases_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests
dist_check_SCRIPTS += tests/vk/run-vk-primitives.sh
TESTS += tests/vk/run-vk-primitives.sh
endif
endif
EXTRA_DIST += tests/vk/run-vk-primitives.sh tests/vk/vk-env.sh

# Pipeline statistics (lib/statistics.c) against tests/ref/stats_ref.c,
# which counts them from the reference primitive list.
check_PROGRAMS += tests/check_statistics
tests_check_statistics_SOURCES = tests/check_statistics.c $(STATS_REF_SOURCES) \
	$(PRIM_REF_SOURCES) $(IA_REF_SOURCES) $(TEST_UTIL_SOURCES)
tests_check_statistics_CFLAGS = $(TEST_CFLAGS)
tests_check_statistics_LDADD = $(TEST_LDADD)
TESTS += tests/check_statistics

# Draw batches (lib/draw_batch.c) against vf_draw, draw by draw.
check_PROGRAMS += tests/check_draw_batch
tests_check_draw_batch_SOURCES = tests/check_draw_batch.c $(TEST_UTIL_SOURCES)
tests_check_draw_batch_CFLAGS = $(TEST_CFLAGS)
tests_check_draw_batch_LDADD = $(TEST_LDADD)
TESTS += tests/check_draw_batch
