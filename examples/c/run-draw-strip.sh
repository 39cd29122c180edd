#!/bin/sh
# run-draw-strip.sh - the C example's output against draw_strip.expected,
# written by hand from the rules: the cut position has no vertex, the odd
# triangle of the strip is (1, 3, 2), the strip restarts after the cut.
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${top_builddir:-.}
"$top_builddir/examples/c/draw_strip" | diff "$top_srcdir/examples/c/draw_strip.expected" -
