#!/bin/sh
# check-d3d11-compat.sh - compiles tests/check_d3d11_compat.c with the
# MinGW-w64 compiler configure found: its static assertions compare every
# struct offset and constant of vfetch_d3d11.h with MinGW-w64's d3d11.h.
# Skips (77) without that compiler.
set -u
srcdir=${top_srcdir:-.}
[ -n "${MINGW_CC:-}" ] || { echo "check-d3d11-compat: no MinGW-w64 compiler"; exit 77; }
exec $MINGW_CC -std=c11 -Wall -Wextra -Werror -I"$srcdir/include" -c -o /dev/null \
    "$srcdir/tests/check_d3d11_compat.c"
