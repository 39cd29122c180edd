# The vfetch command-line tool, its JSON case loader, man page, examples and
# CLI tests.

# The JSON case loader, shared with the other tools (vfetch-vk): list
# $(VF_CASE_SRC) in a program's sources, add $(VF_CASE_CFLAGS) to its
# CFLAGS and $(VF_CASE_LIBS) to its LDADD.
VF_CASE_SRC = tools/case.c tools/case.h
VF_CASE_CFLAGS = $(JSONC_CFLAGS)
VF_CASE_LIBS = $(JSONC_LIBS)

# Without json-c (configure) none of this is built.
if HAVE_JSONC
bin_PROGRAMS += tools/vfetch
tools_vfetch_SOURCES = tools/vfetch.c tools/output.c tools/output.h tools/compare.c \
	tools/compare.h $(VF_CASE_SRC)
tools_vfetch_CFLAGS = $(AM_CFLAGS) $(VF_CASE_CFLAGS)
tools_vfetch_LDADD = libvfetch.la $(VF_CASE_LIBS) -lm

dist_man_MANS += tools/vfetch.1

# Every command on every example against tests/cli/expected/, and malformed
# input of each kind (see the script).
TESTS += tests/cli/run-cli-tests.sh
endif
EXTRA_DIST += examples tests/cli
