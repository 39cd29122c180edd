# Fuzzing: the fuzz targets replayed with a plain main in every
# `make check`, and the libFuzzer programs themselves.

# The replay programs (tests/fuzz/replay.c): each runs its committed corpus
# and 200 deterministic pseudo-random inputs, so the targets' own checks run
# in every build, with any compiler.
FUZZ_COMMON_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_input.h tests/fuzz/fuzz_names.h
FUZZ_CASE_SOURCES = tests/fuzz/fuzz_case.c
FUZZ_CASE_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tools/common \
	-DFUZZ_CASE_BASE_DIR='"$(abs_top_srcdir)/examples"'
check_PROGRAMS += tests/fuzz/replay_layout tests/fuzz/replay_draw tests/fuzz/replay_case
TESTS += tests/fuzz/replay_layout tests/fuzz/replay_draw tests/fuzz/replay_case
tests_fuzz_replay_layout_SOURCES = tests/fuzz/fuzz_layout.c $(FUZZ_COMMON_SOURCES) \
	$(LAYOUT_MODEL_SOURCES)
tests_fuzz_replay_layout_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_layout"'
tests_fuzz_replay_layout_LDADD = libvfetch_core.la -lm
tests_fuzz_replay_draw_SOURCES = tests/fuzz/fuzz_draw.c $(FUZZ_COMMON_SOURCES) $(IA_REF_SOURCES)
tests_fuzz_replay_draw_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_draw"'
tests_fuzz_replay_draw_LDADD = libvfetch_core.la -lm
tests_fuzz_replay_case_SOURCES = $(FUZZ_CASE_SOURCES) $(FUZZ_COMMON_SOURCES)
tests_fuzz_replay_case_CPPFLAGS = $(FUZZ_CASE_CPPFLAGS) \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_case:$(abs_top_srcdir)/examples"'
tests_fuzz_replay_case_CFLAGS = $(AM_CFLAGS) $(VF_CASE_CFLAGS)
tests_fuzz_replay_case_LDADD = $(VF_TOOLS_LIBS) libvfetch_core.la

# Vertex-reuse draws against per-position draws.
check_PROGRAMS += tests/fuzz/replay_reuse
TESTS += tests/fuzz/replay_reuse
tests_fuzz_replay_reuse_SOURCES = tests/fuzz/fuzz_reuse.c $(FUZZ_COMMON_SOURCES) \
	$(REUSE_REF_SOURCES) $(IA_REF_SOURCES)
tests_fuzz_replay_reuse_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_reuse"'
tests_fuzz_replay_reuse_LDADD = libvfetch_core.la -lm
EXTRA_PROGRAMS += tests/fuzz/fuzz_reuse
tests_fuzz_fuzz_reuse_SOURCES = tests/fuzz/fuzz_reuse.c tests/fuzz/fuzz_input.h $(REUSE_REF_SOURCES) \
	$(IA_REF_SOURCES)
tests_fuzz_fuzz_reuse_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref
tests_fuzz_fuzz_reuse_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_reuse_LDADD = libvfetch_core.la -lm

# The libFuzzer targets: built only on request, in a build configured with
# CC=clang and CFLAGS carrying -fsanitize=fuzzer-no-link (scripts/ci-fuzz.sh
# sets one up, builds these and runs each for FUZZ_SECONDS).
EXTRA_PROGRAMS += tests/fuzz/fuzz_layout tests/fuzz/fuzz_draw tests/fuzz/fuzz_case
FUZZ_LINK_FLAGS = -fsanitize=fuzzer
tests_fuzz_fuzz_layout_SOURCES = tests/fuzz/fuzz_layout.c tests/fuzz/fuzz_input.h \
	tests/fuzz/fuzz_names.h $(LAYOUT_MODEL_SOURCES)
tests_fuzz_fuzz_layout_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref
tests_fuzz_fuzz_layout_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_layout_LDADD = libvfetch_core.la -lm
tests_fuzz_fuzz_draw_SOURCES = tests/fuzz/fuzz_draw.c tests/fuzz/fuzz_input.h $(IA_REF_SOURCES)
tests_fuzz_fuzz_draw_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref
tests_fuzz_fuzz_draw_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_draw_LDADD = libvfetch_core.la -lm
tests_fuzz_fuzz_case_SOURCES = $(FUZZ_CASE_SOURCES) tests/fuzz/fuzz_input.h
tests_fuzz_fuzz_case_CPPFLAGS = $(FUZZ_CASE_CPPFLAGS)
tests_fuzz_fuzz_case_CFLAGS = $(AM_CFLAGS) $(VF_CASE_CFLAGS)
tests_fuzz_fuzz_case_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_case_LDADD = $(VF_TOOLS_LIBS) libvfetch_core.la
CLEANFILES += $(EXTRA_PROGRAMS)

# `make fuzz` runs scripts/ci-fuzz.sh (its own build directory), e.g.
#   make fuzz FUZZ_SECONDS=300 FUZZ_TARGETS=fuzz_draw FUZZ_FLAGS=-jobs=2
FUZZ_SECONDS =
FUZZ_TARGETS =
FUZZ_FLAGS =
fuzz:
	FUZZ_SECONDS='$(FUZZ_SECONDS)' FUZZ_TARGETS='$(FUZZ_TARGETS)' FUZZ_FLAGS='$(FUZZ_FLAGS)' \
	  $(SHELL) $(top_srcdir)/scripts/ci-fuzz.sh
PHONY_TARGETS += fuzz

EXTRA_DIST += tests/fuzz/json.dict tests/fuzz/corpus scripts/ci-fuzz.sh
