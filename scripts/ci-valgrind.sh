#!/usr/bin/env bash
# ci-valgrind.sh - run the Check test programs under valgrind memcheck.
#
# Builds vfetch without sanitizers (-O1 -g) in a separate build directory,
# then runs each test program in one process (CK_FORK=no, so memcheck sees
# the tests themselves) through `libtool --mode=execute valgrind
# --error-exitcode=1 --leak-check=full`. Any invalid read or write, use of
# uninitialised memory or definite/possible leak fails the run.
#
# Run from the source root (a clean clone after `autoreconf -fi`, or a tree
# already configured in place: then a pristine copy of the sources is built).
#
# Environment:
#   BUILD_DIR   build directory (default /tmp/vfetch-build-valgrind)
#   JOBS        make -j, and how many programs run under valgrind at once
#               (default nproc)
#   VALGRIND_PROGRAMS  space-separated test programs (paths under the build
#               directory, e.g. "tests/check_layout_rules"); default: every
#               tests/check_* and tests/fuzz/replay_* program except those
#               in VALGRIND_SKIP
#   VALGRIND_SKIP      programs to leave out (default: none)
#   VALGRIND_TIMEOUT   seconds allowed per program (default 600); running
#               past it is a failure, so the total stays bounded
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
build=${BUILD_DIR:-/tmp/vfetch-build-valgrind}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
per_program=${VALGRIND_TIMEOUT:-600}
skip=" ${VALGRIND_SKIP:-} "

command -v valgrind >/dev/null || { echo "ci-valgrind: valgrind not installed"; exit 1; }

# Builds from a pristine copy of the tracked files when the tree is
# configured in place (scripts/ci-lib.sh).
. "$here/ci-lib.sh"

vf_enter_build "$src" "$build"
echo "ci-valgrind: sources $srcdir, build $obj"
"$srcdir/configure" --enable-werror CFLAGS="-O1 -g" >configure.out 2>&1 ||
    { tail -n 40 config.log; exit 1; }
make -j"$jobs" >build.out 2>&1 || { tail -n 60 build.out; exit 1; }
# Build the test programs without running them.
make -j"$jobs" check TESTS= >build-check.out 2>&1 || { tail -n 60 build-check.out; exit 1; }

if [ -n "${VALGRIND_PROGRAMS:-}" ]; then
    programs=$VALGRIND_PROGRAMS
else
    # libtool's .libs/ copies of programs linked with the shared library
    # run through their wrapper scripts one level up.
    programs=$(find tests -maxdepth 2 -type f \( -name 'check_*' -o -name 'replay_*' \) \
                   ! -name '*.*' ! -path '*/.libs/*' -perm -u+x | sort)
fi

export CK_FORK=no
# valgrind does not emulate AVX-512 (it hides it from CPUID, and an EVEX
# instruction would stop the run): keep the AVX2 path and below whatever
# the CPUID it presents says.
export VFETCH_DISABLE_CPU_FEATURES=avx512
# As `make check` runs: generated code wherever it can be made, with no
# timing trial per layout (under memcheck each took tens of milliseconds).
export VFETCH_JIT="${VFETCH_JIT-1}"
# check_identical reads tests/identical.digests from the source tree.
export top_srcdir="$srcdir"
# Threads make valgrind slow but stay correct; the fair scheduler avoids
# starving the pool's workers.
vg="valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,possible --show-leak-kinds=definite,possible --fair-sched=yes --quiet"
# One program per valgrind process, $jobs of them at a time: memcheck runs
# each process on one core (it serialises threads), so the programs are
# spread over the cores instead.
run_one() {
    local p=$1 name start rc=0
    name=$(basename "$p")
    start=$(date +%s)
    timeout "$per_program" ./libtool --mode=execute $vg "./$p" >"$name.valgrind.log" 2>&1 || rc=$?
    echo "$rc $(( $(date +%s) - start ))" >"$name.valgrind.status"
    if [ "$rc" -eq 0 ]; then
        echo "ci-valgrind: $p OK ($(( $(date +%s) - start )) s)"
    else
        echo "ci-valgrind: $p FAILED (status $rc, $(( $(date +%s) - start )) s)"
    fi
}
ran=""
for p in $programs; do
    name=$(basename "$p")
    case "$skip" in *" $name "*|*" $p "*) echo "ci-valgrind: skip $p"; continue ;; esac
    rm -f "$name.valgrind.status"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    run_one "$p" &
    ran="$ran $p"
done
wait
failed=""
for p in $ran; do
    name=$(basename "$p")
    read -r rc _ <"$name.valgrind.status" 2>/dev/null || rc=missing
    if [ "$rc" != 0 ]; then
        echo "ci-valgrind: $p FAILED (status $rc):"
        tail -n 80 "$name.valgrind.log"
        failed="$failed $p"
    fi
done
if [ -n "$failed" ]; then
    echo "ci-valgrind: FAILED:$failed"
    exit 1
fi
echo "ci-valgrind: OK"
