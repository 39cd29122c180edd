#!/usr/bin/env bash
# ci-tsan.sh - build the library, tests/check_threads, tests/check_reuse
# (whose pools run the split search for distinct indices, atomics on a
# shared table) and the draw fuzz target's replay program (its draws also
# go through a shared thread pool) with ThreadSanitizer (clang) in a
# separate build directory and run them.
# Any data race or other TSan report fails the run (TSan exits with status 66
# when it reported anything; the logs are scanned as well).
#
# Run from the source root (a clean clone after `autoreconf -fi`, or a tree
# already configured in place: then a pristine copy of the sources is built).
#
# Environment: CC (default clang), BUILD_DIR (default /tmp/vfetch-build-tsan),
# JOBS (default nproc).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
build=${BUILD_DIR:-/tmp/vfetch-build-tsan}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
CC=${CC:-clang}

# Builds from a pristine copy of the tracked files when the tree is
# configured in place (scripts/ci-lib.sh).
. "$here/ci-lib.sh"

vf_enter_build "$src" "$build"
echo "ci-tsan: CC=$CC, sources $srcdir, build $obj"
tsan="-fsanitize=thread -fno-omit-frame-pointer"
"$srcdir/configure" --disable-shared CC="$CC" \
    CFLAGS="$tsan -O1 -g" LDFLAGS="$tsan" >configure.out 2>&1 ||
    { tail -n 40 config.log; exit 1; }
make -j"$jobs" libvfetch_core.la >build.out 2>&1 || { tail -n 60 build.out; exit 1; }
make -j"$jobs" tests/check_threads tests/check_reuse tests/fuzz/replay_draw >>build.out 2>&1 ||
    { tail -n 60 build.out; exit 1; }

export CK_FORK=no
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:${TSAN_OPTIONS:-}"
failed=""
for prog in tests/check_threads tests/check_reuse tests/fuzz/replay_draw; do
    log="$(basename "$prog").tsan.log"
    run() { ./libtool --mode=execute "$@" "./$prog" >"$log" 2>&1; }
    status=0
    run || status=$?
    # Some kernels randomise mmap more than clang 14's TSan allows; retry
    # with address-space randomisation off for this process only.
    if [ "$status" != 0 ] && grep -q "unexpected memory mapping" "$log"; then
        echo "ci-tsan: retrying $prog with ASLR off (setarch -R)"
        status=0
        run setarch "$(uname -m)" -R || status=$?
    fi
    if [ "$status" != 0 ] || grep -q "WARNING: ThreadSanitizer\|ERROR: ThreadSanitizer" "$log"; then
        tail -n 150 "$log"
        echo "ci-tsan: $prog FAILED (status $status)"
        failed="$failed $prog"
    else
        echo "ci-tsan: $prog OK: $(tail -n 1 "$log")"
    fi
done
if [ -n "$failed" ]; then
    echo "ci-tsan: FAILED:$failed"
    exit 1
fi
echo "ci-tsan: OK"
