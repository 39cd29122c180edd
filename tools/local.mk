# The vfetch command-line tool, the tools library it shares with vfetch-vk
# and the case fuzz target, its man page, examples and CLI tests.

# Without json-c (configure) none of this is built.
if HAVE_JSONC
# The tools library: JSON reading (json_read), D3D enumeration names
# (d3d_names), the case loader (case), the output writers (output) and the
# comparison with another implementation (compare). A program links
# $(VF_TOOLS_LIBS) and adds $(VF_TOOLS_CFLAGS) to its CFLAGS.
noinst_LTLIBRARIES += tools/libvftools.la
tools_libvftools_la_SOURCES = $(VF_CASE_SRC) tools/output.c tools/output.h \
	tools/compare.c tools/compare.h
tools_libvftools_la_CFLAGS = $(AM_CFLAGS) $(JSONC_CFLAGS)

bin_PROGRAMS += tools/vfetch
tools_vfetch_SOURCES = tools/vfetch.c
tools_vfetch_CFLAGS = $(AM_CFLAGS) $(VF_TOOLS_CFLAGS)
tools_vfetch_LDADD = $(VF_TOOLS_LIBS) libvfetch.la

dist_man_MANS += tools/vfetch.1

# Every command on every example against tests/cli/expected/, and malformed
# input of each kind (see the script).
TESTS += tests/cli/run-cli-tests.sh
endif
# The sources of the case loader, also compiled alone by `make fuzz`.
VF_CASE_SRC = tools/case.c tools/case.h tools/case_d3d11.c tools/case_json.h \
	tools/json_read.c tools/json_read.h \
	tools/d3d_names.c tools/d3d_names.h tools/common.h
VF_TOOLS_CFLAGS = $(JSONC_CFLAGS)
VF_TOOLS_LIBS = tools/libvftools.la $(JSONC_LIBS) -lm
# Older names of the last two.
VF_CASE_CFLAGS = $(VF_TOOLS_CFLAGS)
VF_CASE_LIBS = $(JSONC_LIBS)
EXTRA_DIST += examples tests/cli

# The C example of README.md, as it stands there, compiled and run: the
# lines between "```c" and "```" of its "Using the library" section, after
# a prototype and before a main that draws one zeroed triangle.
check_PROGRAMS += tests/check_readme
nodist_tests_check_readme_SOURCES = tests/readme_example.c
tests_check_readme_LDADD = libvfetch.la
TESTS += tests/check_readme
CLEANFILES += tests/readme_example.c
tests/readme_example.c: $(top_srcdir)/README.md
	$(AM_V_GEN)$(MKDIR_P) tests && { \
	  echo 'int draw_triangle(const void *vertices);'; \
	  sed -n '/^## Using the library/,/^## /{/^```c$$/,/^```$$/p;}' $(top_srcdir)/README.md | \
	    sed '1d;$$d'; \
	  echo 'int main(void)'; \
	  echo '{'; \
	  echo '    static const unsigned char vertices[48] = { 0 };'; \
	  echo '    return draw_triangle(vertices) == 0 ? 0 : 1;'; \
	  echo '}'; } >$@.tmp && mv $@.tmp $@
