#!/usr/bin/env bash
# ci-lib-only.sh - build and test the library alone, configured
# --without-check --without-json-c, as a user without those packages
# builds it: `make` and `make check` must pass with the Check suites and
# the JSON tools skipped, and the library-only tests (tests/mini_check.h
# ones, the header tests, the bench's smoke test) still run.
#
# Run from the source root (a clean clone after `autoreconf -fi`, or a tree
# already configured in place: then a pristine copy of the sources is built).
#
# Environment: CC (default gcc), BUILD_DIR (default
# /tmp/vfetch-build-lib-only), JOBS (default nproc).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
build=${BUILD_DIR:-/tmp/vfetch-build-lib-only}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
CC=${CC:-gcc}

# Builds from a pristine copy of the tracked files when the tree is
# configured in place (scripts/ci-lib.sh).
. "$here/ci-lib.sh"

vf_enter_build "$src" "$build"
echo "ci-lib-only: CC=$CC, sources $srcdir, build $obj"
"$srcdir/configure" --enable-werror --without-check --without-json-c CC="$CC" \
    >configure.out 2>&1 || { tail -n 40 config.log; exit 1; }

make -j"$jobs" >build.out 2>&1 || { tail -n 60 build.out; exit 1; }
# The Python tests that compare with the vfetch CLI skip: it needs json-c.
if ! make -j"$jobs" check >check.out 2>&1; then
    grep -E '^(FAIL|ERROR|XPASS):' check.out || tail -n 40 check.out
    echo "ci-lib-only: FAILED"
    exit 1
fi
grep -E '^# (TOTAL|PASS|SKIP|XFAIL|FAIL|XPASS|ERROR):' check.out || true
echo "ci-lib-only: OK"
