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
# make fuzz builds and runs it with the others.
FUZZ_TARGETS += fuzz_d3d11

EXTRA_DIST += tests/check_d3d11_compat.c docs/d3d11.md
if HAVE_MINGW_D3D11
# Building the test is the test: its static assertions compare every
# struct offset and constant with d3d11.h. The script only reports it.
check_SCRIPTS += tests/check_d3d11_compat.test
TESTS += tests/check_d3d11_compat.test
CLEANFILES += tests/check_d3d11_compat.test
tests/check_d3d11_compat.test: tests/check_d3d11_compat.c include/vfetch.h include/vfetch_d3d11.h
	@$(MKDIR_P) tests
	$(AM_V_CC)$(MINGW_CC) -std=c11 -Wall -Wextra -Werror -I$(top_srcdir)/include \
	  -c -o /dev/null $(top_srcdir)/tests/check_d3d11_compat.c
	$(AM_V_GEN)printf '#!/bin/sh\n# vfetch_d3d11.h matched d3d11.h when this was built.\nexit 0\n' >$@ && chmod +x $@
endif
