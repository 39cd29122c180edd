# Indirect draws (lib/indirect*.c, lib/d3d11_indirect.c): the Check suites
# against the spec-written walk of tests/ref/indirect_ref.c and the direct
# draws, and the fuzz target (replayed in make check, and part of make fuzz).

INDIRECT_REF_SOURCES = tests/ref/indirect_ref.c tests/ref/indirect_ref.h
INDIRECT_HELPER_SOURCES = tests/indirect_helpers.c tests/indirect_helpers.h \
	$(INDIRECT_REF_SOURCES)

check_PROGRAMS += tests/check_indirect
tests_check_indirect_SOURCES = tests/check_indirect.c $(TEST_UTIL_SOURCES) \
	$(DRAW_HELPER_SOURCES) $(INDIRECT_HELPER_SOURCES)
tests_check_indirect_CFLAGS = $(TEST_CFLAGS)
tests_check_indirect_LDADD = $(TEST_LDADD)
TESTS += tests/check_indirect

check_PROGRAMS += tests/check_indirect_rules
tests_check_indirect_rules_SOURCES = tests/check_indirect_rules.c $(TEST_UTIL_SOURCES) \
	$(DRAW_HELPER_SOURCES) $(INDIRECT_REF_SOURCES)
tests_check_indirect_rules_CFLAGS = $(TEST_CFLAGS)
tests_check_indirect_rules_LDADD = $(TEST_LDADD)
TESTS += tests/check_indirect_rules

# The whole call with diagnostics allocates nothing: the C allocators are
# wrapped at link time (GNU ld and lld) so the test counts every call.
check_PROGRAMS += tests/check_indirect_alloc
tests_check_indirect_alloc_SOURCES = tests/check_indirect_alloc.c $(TEST_UTIL_SOURCES) \
	$(DRAW_HELPER_SOURCES)
tests_check_indirect_alloc_CFLAGS = $(TEST_CFLAGS)
tests_check_indirect_alloc_LDFLAGS = -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc
tests_check_indirect_alloc_LDADD = $(TEST_LDADD)
TESTS += tests/check_indirect_alloc

if HAVE_D3D12_HEADERS
# The signature structs against DirectX-Headers.
check_PROGRAMS += tests/check_indirect_compat
TESTS += tests/check_indirect_compat
tests_check_indirect_compat_SOURCES = tests/check_indirect_compat.c
tests_check_indirect_compat_CFLAGS = $(STD_CFLAGS) $(WARN_CFLAGS) $(D3D12_CFLAGS)
tests_check_indirect_compat_LDADD = libvfetch_core.la
endif

# The fuzz target: replayed over its corpus and pseudo-random inputs in
# make check, a libFuzzer program on request (scripts/ci-fuzz.sh).
check_PROGRAMS += tests/fuzz/replay_indirect
TESTS += tests/fuzz/replay_indirect
tests_fuzz_replay_indirect_SOURCES = tests/fuzz/fuzz_indirect.c $(FUZZ_COMMON_SOURCES) \
	$(INDIRECT_REF_SOURCES)
tests_fuzz_replay_indirect_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_indirect"'
tests_fuzz_replay_indirect_LDADD = libvfetch_core.la -lm
EXTRA_PROGRAMS += tests/fuzz/fuzz_indirect
tests_fuzz_fuzz_indirect_SOURCES = tests/fuzz/fuzz_indirect.c tests/fuzz/fuzz_input.h \
	$(INDIRECT_REF_SOURCES)
tests_fuzz_fuzz_indirect_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref
tests_fuzz_fuzz_indirect_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_indirect_LDADD = libvfetch_core.la -lm

check_PROGRAMS += tests/check_d3d11_indirect
tests_check_d3d11_indirect_SOURCES = tests/check_d3d11_indirect.c $(TEST_UTIL_SOURCES)
tests_check_d3d11_indirect_CFLAGS = $(TEST_CFLAGS)
tests_check_d3d11_indirect_LDADD = $(TEST_LDADD)
TESTS += tests/check_d3d11_indirect

# vfetch_indirect.h alone, as strict C99 and as C++.
check_PROGRAMS += tests/header_indirect_c99 tests/header_indirect_cxx
TESTS += tests/header_indirect_c99 tests/header_indirect_cxx
tests_header_indirect_c99_SOURCES = tests/header_indirect_c99.c
tests_header_indirect_c99_CFLAGS = $(PTHREAD_CFLAGS) $(WARN_CFLAGS) -std=c99 -pedantic-errors
tests_header_indirect_c99_LDADD = libvfetch_core.la
tests_header_indirect_cxx_SOURCES = tests/header_indirect_cxx.cc
tests_header_indirect_cxx_CXXFLAGS = -Wall -Wextra -pedantic-errors
tests_header_indirect_cxx_LDADD = libvfetch_core.la
