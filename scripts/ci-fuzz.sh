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
# Then, where an AArch64 cross compiler and qemu-user are installed, the
# draw target's replay program (tests/fuzz/replay.c: no libFuzzer, no Check)
# is cross-built against an AArch64 libvfetch and run under qemu on the
# seed corpus plus FUZZ_NEON_RANDOM pseudo-random draws, so the NEON path is
# compared with scalar on whole draws too.
#
# Environment: FUZZ_SECONDS per target (default 45), FUZZ_TARGETS (default
# all), FUZZ_CC (default clang), BUILD_DIR (default /tmp/vfetch-build-fuzz),
# FUZZ_NEON (auto, or no to skip the NEON replay), FUZZ_NEON_RANDOM
# (default 5000).
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

neon_cc=aarch64-linux-gnu-gcc
if [ "${FUZZ_NEON:-auto}" != no ] && command -v "$neon_cc" >/dev/null 2>&1 &&
   command -v qemu-aarch64 >/dev/null 2>&1; then
    srcdir=$src
    neon="$build/neon"
    rm -rf "$neon"
    mkdir -p "$neon"
    if [ -f "$src/config.status" ]; then
        # A tree configured in place cannot host another build: use a copy
        # of its tracked files.
        srcdir="$build/neon-src"
        rm -rf "$srcdir"
        mkdir -p "$srcdir"
        (cd "$src" && git ls-files -z --cached | xargs -0 cp --parents -t "$srcdir" 2>/dev/null || true)
        (cd "$srcdir" && autoreconf -fi >/dev/null 2>&1)
    fi
    (cd "$neon" && "$srcdir/configure" --host=aarch64-linux-gnu CC="$neon_cc" \
        >configure.out 2>&1 && make -j2 libvfetch_core.la >build.out 2>&1) ||
        { tail -n 40 "$neon/configure.out" "$neon/build.out" 2>/dev/null; echo "ci-fuzz: NEON build FAILED"; exit 1; }
    grep -q '^#define HAVE_NEON_INTRIN 1' "$neon/config.h" ||
        { echo "ci-fuzz: NEON path not built"; exit 1; }
    "$neon_cc" -std=c11 -O2 -I"$neon" -I"$srcdir/include" -I"$srcdir/lib" -I"$srcdir/tests/fuzz" \
        "$srcdir/tests/fuzz/fuzz_draw.c" "$srcdir/tests/fuzz/replay.c" \
        "$neon/.libs/libvfetch_core.a" -lm -lpthread -static -o "$neon/replay_draw" ||
        { echo "ci-fuzz: NEON replay build FAILED"; exit 1; }
    if FUZZ_REPLAY_RANDOM=${FUZZ_NEON_RANDOM:-5000} qemu-aarch64 -L /usr/aarch64-linux-gnu \
           "$neon/replay_draw" "$srcdir/tests/fuzz/corpus/fuzz_draw" >"$neon/replay.out" 2>&1; then
        echo "ci-fuzz: NEON draws: $(tail -n 1 "$neon/replay.out")"
    else
        tail -n 40 "$neon/replay.out"
        echo "ci-fuzz: NEON draw replay FAILED"
        exit 1
    fi
fi
echo "ci-fuzz: OK"
