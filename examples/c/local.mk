# The C example (examples/c/): a program with main that builds a layout,
# draws an indexed strip with a cut and prints it. make check builds and
# runs it against its expected output; make install puts the source with
# the example cases.
check_PROGRAMS += examples/c/draw_strip
examples_c_draw_strip_SOURCES = examples/c/draw_strip.c
examples_c_draw_strip_LDADD = libvfetch.la
TESTS += examples/c/run-draw-strip.sh
EXTRA_DIST += examples/c/run-draw-strip.sh examples/c/draw_strip.expected
examplescdir = $(pkgdatadir)/examples/c
dist_examplesc_DATA = examples/c/draw_strip.c
