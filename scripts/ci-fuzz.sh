#!/usr/bin/env bash
# ci-fuzz.sh - build the libFuzzer targets (clang, ASan + UBSan) and run
# each for a bounded time. Any crash, leak, timeout, out-of-memory or
# sanitizer report fails the run; the reproducer is printed (base64) and
# left in the build directory.
#
# Run from the source root: a clean clone after `autoreconf -fi` (the build
# goes to BUILD_DIR), or a tree already configured in place (`make fuzz` runs
# there).
#
# Environment: FUZZ_SECONDS per target (default 45), FUZZ_TARGETS (default
# all), FUZZ_CC (default clang), BUILD_DIR (default /tmp/vfetch-build-fuzz).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
build=${BUILD_DIR:-/tmp/vfetch-build-fuzz}
seconds=${FUZZ_SECONDS:-45}
fuzz_cc=${FUZZ_CC:-clang}

command -v "$fuzz_cc" >/dev/null || { echo "ci-fuzz: $fuzz_cc not installed"; exit 1; }

if [ -f "$src/config.status" ]; then
    obj=$src
else
    [ -x "$src/configure" ] || (cd "$src" && autoreconf -fi)
    obj="$build/obj"
    rm -rf "$obj"
    mkdir -p "$obj"
    (cd "$obj" && "$src/configure" >configure.out 2>&1) ||
        { tail -n 40 "$obj/config.log"; exit 1; }
fi
cd "$obj"
echo "ci-fuzz: build $obj, $seconds s per target"

args=(FUZZ_CC="$fuzz_cc" FUZZ_SECONDS="$seconds")
if [ -n "${FUZZ_TARGETS:-}" ]; then args+=(FUZZ_TARGETS="$FUZZ_TARGETS"); fi
make "${args[@]}" fuzz-build >fuzz-build.out 2>&1 || { tail -n 60 fuzz-build.out; exit 1; }
status=0
make "${args[@]}" fuzz >fuzz.out 2>&1 || status=$?
grep -E '^fuzz: |^Done [0-9]+ runs|^stat::number_of_executed_units' fuzz.out || true
if [ "$status" != 0 ] || grep -qE "ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:" fuzz.out; then
    grep -v '^#[0-9]' fuzz.out | tail -n 80
    for f in tests/fuzz/out/*-crash-* tests/fuzz/out/*-leak-* tests/fuzz/out/*-timeout-* \
             tests/fuzz/out/*-oom-*; do
        [ -f "$f" ] || continue
        echo "ci-fuzz: reproducer $obj/$f (base64):"
        base64 "$f" | head -c 4000
        echo
    done
    echo "ci-fuzz: FAILED"
    exit 1
fi
echo "ci-fuzz: OK"
