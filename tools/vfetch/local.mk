# The vfetch command-line tool (tools/vfetch/), its man page, the examples
# and the CLI tests.

# Without json-c (configure) none of this is built.
if HAVE_JSONC
bin_PROGRAMS += tools/vfetch/vfetch
tools_vfetch_vfetch_SOURCES = tools/vfetch/main.c tools/vfetch/cli.h tools/vfetch/help.c \
	tools/vfetch/options.c tools/vfetch/reference.c tools/vfetch/cmd_run.c tools/vfetch/cmd_indirect.c \
	tools/vfetch/cmd_compare.c tools/vfetch/compare_print.c tools/vfetch/compare_report.h \
	tools/vfetch/messages.c tools/vfetch/picture.c \
	tools/vfetch/cmd_vulkan.c
tools_vfetch_vfetch_CFLAGS = $(AM_CFLAGS) $(VF_TOOLS_CFLAGS)
tools_vfetch_vfetch_LDADD = $(VF_TOOLS_LIBS) libvfetch.la

dist_man_MANS += tools/vfetch/vfetch.1

# The CLI tests, one script per group of checks (tests/cli/cli-lib.sh holds
# what they share; the bad-*.txt tables hold the malformed input): every
# command on every example against tests/cli/expected/, exact raw bits,
# malformed input, rule violations, compare, and the D3D11 form.
TESTS += tests/cli/run-cli-examples.sh tests/cli/run-cli-raw.sh tests/cli/run-cli-bad.sh \
	tests/cli/run-cli-rules.sh tests/cli/run-cli-compare.sh tests/cli/run-cli-d3d11.sh \
	tests/cli/run-cli-robust.sh tests/cli/run-cli-indirect.sh tests/cli/run-cli-problems.sh \
	tests/cli/run-cli-prim-range.sh tests/cli/run-cli-picture.sh
# "Api": "Vulkan": the examples' expected output against the reference
# model of Vulkan vertex input, malformed cases, VUIDs, refused options.
TESTS += tests/cli/run-cli-vulkan.sh
check_PROGRAMS += tests/check-vulkan-examples
tests_check_vulkan_examples_SOURCES = tests/check-vulkan-examples.c \
	tests/vulkan_case_model.c tests/vulkan_case_model.h \
	tests/ref/vulkan_ref.c tests/ref/vulkan_ref.h
tests_check_vulkan_examples_CFLAGS = $(AM_CFLAGS) $(VF_TOOLS_CFLAGS) -I$(top_srcdir)/tests/ref
tests_check_vulkan_examples_LDADD = $(VF_TOOLS_LIBS) libvfetch.la
endif
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
