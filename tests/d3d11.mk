# The D3D11 front end: its Check suite, its fuzz target replayed under the
# normal compiler, and the compile-only layout test against MinGW-w64's
# d3d11.h.
check_PROGRAMS += tests/check_d3d11
tests_check_d3d11_SOURCES = tests/check_d3d11.c $(TEST_UTIL_SOURCES)
tests_check_d3d11_CFLAGS = $(TEST_CFLAGS)
tests_check_d3d11_LDADD = $(TEST_LDADD)
TESTS += tests/check_d3d11

check_PROGRAMS += tests/fuzz/replay_d3d11
tests_fuzz_replay_d3d11_SOURCES = tests/fuzz/fuzz_d3d11.c $(FUZZ_COMMON_SOURCES)
tests_fuzz_replay_d3d11_CPPFLAGS = $(AM_CPPFLAGS) \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_d3d11"'
tests_fuzz_replay_d3d11_LDADD = libvfetch_core.la -lm
TESTS += tests/fuzz/replay_d3d11
# scripts/ci-fuzz.sh (make fuzz) builds and runs it with the others.
EXTRA_PROGRAMS += tests/fuzz/fuzz_d3d11
tests_fuzz_fuzz_d3d11_SOURCES = tests/fuzz/fuzz_d3d11.c tests/fuzz/fuzz_input.h
tests_fuzz_fuzz_d3d11_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_d3d11_LDADD = libvfetch_core.la -lm

EXTRA_DIST += tests/check_d3d11_compat.c
if HAVE_MINGW_D3D11
# Compiling the test is the test: its static assertions compare every
# struct offset and constant with d3d11.h.
dist_check_SCRIPTS += tests/check-d3d11-compat.sh
TESTS += tests/check-d3d11-compat.sh
AM_TESTS_ENVIRONMENT += MINGW_CC='$(MINGW_CC)'; export MINGW_CC;
endif
