# Reliability: the hostile-input and thread suites (make check), the fuzz
# targets replayed under the normal compiler (make check), and the libFuzzer
# build (make fuzz).

check_PROGRAMS += tests/check_hostile tests/check_threads
tests_check_hostile_SOURCES = tests/check_hostile.c $(TEST_UTIL_SOURCES)
tests_check_hostile_CFLAGS = $(TEST_CFLAGS)
tests_check_hostile_LDADD = $(TEST_LDADD)
tests_check_threads_SOURCES = tests/check_threads.c $(TEST_UTIL_SOURCES)
tests_check_threads_CFLAGS = $(TEST_CFLAGS)
tests_check_threads_LDADD = $(TEST_LDADD)
TESTS += tests/check_hostile tests/check_threads

# The fuzz targets with a plain main (tests/fuzz/replay.c): each runs its
# committed corpus and 200 deterministic pseudo-random inputs, so the
# targets' own checks run in every build, with any compiler.
FUZZ_COMMON_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_input.h tests/fuzz/fuzz_names.h
check_PROGRAMS += tests/fuzz/replay_layout tests/fuzz/replay_draw
tests_fuzz_replay_layout_SOURCES = tests/fuzz/fuzz_layout.c $(FUZZ_COMMON_SOURCES)
tests_fuzz_replay_layout_CPPFLAGS = $(AM_CPPFLAGS) \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_layout"'
tests_fuzz_replay_layout_LDADD = libvfetch_core.la -lm
tests_fuzz_replay_draw_SOURCES = tests/fuzz/fuzz_draw.c $(FUZZ_COMMON_SOURCES)
tests_fuzz_replay_draw_CPPFLAGS = $(AM_CPPFLAGS) \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_draw"'
tests_fuzz_replay_draw_LDADD = libvfetch_core.la -lm
check_PROGRAMS += tests/fuzz/replay_case
tests_fuzz_replay_case_SOURCES = tests/fuzz/fuzz_case.c $(FUZZ_COMMON_SOURCES)
tests_fuzz_replay_case_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tools \
	-DFUZZ_CASE_BASE_DIR='"$(abs_top_srcdir)/examples"' \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_case:$(abs_top_srcdir)/examples"'
tests_fuzz_replay_case_CFLAGS = $(AM_CFLAGS) $(VF_CASE_CFLAGS)
tests_fuzz_replay_case_LDADD = $(VF_TOOLS_LIBS) libvfetch_core.la
TESTS += tests/fuzz/replay_layout tests/fuzz/replay_draw tests/fuzz/replay_case

EXTRA_DIST += \
	tests/fuzz/json.dict \
	tests/fuzz/corpus \
	scripts/ci-sanitizers.sh \
	scripts/ci-valgrind.sh \
	scripts/ci-fuzz.sh \
	scripts/ci-tsan.sh

# ---------------------------------------------------------------------------
# make fuzz: the libFuzzer targets, built with $(FUZZ_CC) (clang; the main
# build may use any compiler) with ASan and UBSan, then each run for
# FUZZ_SECONDS. fuzz-build recompiles everything each time (about a minute).
# The library is compiled from its sources here, each ISA file with its own
# -m flags (the sources of the libvf_<isa>.la libraries that configure
# enabled), so the fuzz build never mixes with the main build's objects.
#   make fuzz FUZZ_SECONDS=300 FUZZ_TARGETS=fuzz_draw FUZZ_FLAGS=-jobs=2
FUZZ_CC = clang
FUZZ_SECONDS = 60
FUZZ_FLAGS =
FUZZ_TARGETS = fuzz_layout fuzz_draw fuzz_case
FUZZ_DIR = tests/fuzz/out
FUZZ_SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS = -std=c11 -g -O1 -fno-omit-frame-pointer $(FUZZ_SANITIZE)
FUZZ_CPPFLAGS = $(DEFS) -I$(top_builddir) -I$(top_srcdir)/include -I$(top_srcdir)/lib \
	-I$(top_srcdir)/tools -I$(top_srcdir)/tests/fuzz
FUZZ_LIB_SRCS = $(filter %.c,$(libvfetch_core_la_SOURCES))
FUZZ_CASE_SRCS = $(filter %.c,$(VF_CASE_SRC)) tools/output.c

fuzz-build:
	$(AM_V_at)$(MKDIR_P) $(FUZZ_DIR)/obj
	$(AM_V_GEN)set -e; objs=; \
	compile() { \
	  o=$(FUZZ_DIR)/obj/`echo "$$1" | sed 's|/|_|g; s|\.c$$|.o|'`; \
	  shift_src=$$1; shift; \
	  $(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_CPPFLAGS) \
	    -DVF_BUILDING_LIBRARY "$$@" -c $(top_srcdir)/$$shift_src -o $$o; \
	  objs="$$objs $$o"; }; \
	for s in $(FUZZ_LIB_SRCS); do compile $$s; done; \
	isa() { flags=$$1; shift; \
	  for f in "$$@"; do compile $$f $$flags; done; }; \
	isa "$(CFLAGS_SSE2)" $(filter %.c,$(libvf_sse2_la_SOURCES)); \
	isa "$(CFLAGS_SSSE3)" $(filter %.c,$(libvf_ssse3_la_SOURCES)); \
	isa "$(CFLAGS_SSE41)" $(filter %.c,$(libvf_sse41_la_SOURCES)); \
	isa "$(CFLAGS_AVX2)" $(filter %.c,$(libvf_avx2_la_SOURCES)); \
	isa "$(CFLAGS_NEON)" $(filter %.c,$(libvf_neon_la_SOURCES)); \
	rm -f $(FUZZ_DIR)/libvfetch_fuzz.a; $(AR) cr $(FUZZ_DIR)/libvfetch_fuzz.a $$objs; \
	link() { t=$$1; shift; \
	  $(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_CPPFLAGS) "$$@" \
	    $(FUZZ_DIR)/libvfetch_fuzz.a -lm -lpthread -o $(FUZZ_DIR)/$$t; }; \
	case_srcs=; for s in $(FUZZ_CASE_SRCS); do case_srcs="$$case_srcs $(top_srcdir)/$$s"; done; \
	for t in $(FUZZ_TARGETS); do \
	  if test $$t = fuzz_case; then \
	    link $$t $(top_srcdir)/tests/fuzz/fuzz_case.c $$case_srcs $(JSONC_CFLAGS) $(JSONC_LIBS) \
	      -DFUZZ_CASE_BASE_DIR='"$(abs_top_srcdir)/examples"'; \
	  else link $$t $(top_srcdir)/tests/fuzz/$$t.c; fi; \
	done

# Runs every target for FUZZ_SECONDS on a corpus under $(FUZZ_DIR)/corpus,
# seeded from tests/fuzz/corpus (and examples/ for the JSON target). A
# crash, leak, timeout or sanitizer report stops with the reproducer in
# $(FUZZ_DIR)/<target>-crash-*.
fuzz: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do \
	  $(MKDIR_P) $(FUZZ_DIR)/corpus/$$t; \
	  seeds=; for d in $(top_srcdir)/tests/fuzz/corpus/$$t; do \
	    if test -d $$d; then seeds="$$seeds $$d"; fi; done; \
	  dict=; \
	  if test $$t = fuzz_case; then \
	    test -d $(top_srcdir)/examples && seeds="$$seeds $(top_srcdir)/examples"; \
	    dict=-dict=$(top_srcdir)/tests/fuzz/json.dict; \
	  fi; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
	  ASAN_OPTIONS="detect_leaks=1:$$ASAN_OPTIONS" \
	  $(FUZZ_DIR)/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/$$t- $$dict $(FUZZ_FLAGS) \
	    $(FUZZ_DIR)/corpus/$$t $$seeds || { echo "fuzz: $$t FAILED"; exit 1; }; \
	done

fuzz-clean:
	-rm -rf $(FUZZ_DIR)

PHONY_TARGETS += fuzz fuzz-build fuzz-clean
