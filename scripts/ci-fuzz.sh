#!/usr/bin/env bash
# ci-fuzz.sh - build the libFuzzer targets (clang, ASan + UBSan) and run
# each for a bounded time. Any crash, leak, timeout, out-of-memory or
# sanitizer report fails the run; the reproducer is printed (base64) and
# left in the build directory.
#
# The build is a second build directory configured with
# CC=clang CFLAGS='-fsanitize=fuzzer-no-link,address,undefined ...', in
# which `make tests/fuzz/<target>` links each target with -fsanitize=fuzzer
# (tests/fuzz.mk), as scripts/ci-sanitizers.sh configures its build. Run
# from the source root (a clean clone after `autoreconf -fi`, or a tree
# already configured in place: then a pristine copy of the sources is
# built); `make fuzz` runs this script.
#
# Then, where an AArch64 cross compiler and qemu-user are installed, the
# draw target's replay program (tests/fuzz/replay.c: no libFuzzer, no Check)
# is cross-built against an AArch64 libvfetch and run under qemu on the
# seed corpus plus FUZZ_NEON_RANDOM pseudo-random draws, so the NEON path is
# compared with scalar on whole draws too.
#
# Environment: FUZZ_SECONDS per target (default 45), FUZZ_TARGETS (default
# fuzz_layout fuzz_draw fuzz_case fuzz_primitives fuzz_d3d11 fuzz_reuse fuzz_indirect fuzz_robust
# fuzz_vulkan), FUZZ_FLAGS (more libFuzzer options),
# FUZZ_CC (default clang), BUILD_DIR (default /tmp/vfetch-build-fuzz),
# JOBS (default 2), FUZZ_NEON (auto, or no to skip the NEON replay),
# FUZZ_NEON_RANDOM (default 5000).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
build=${BUILD_DIR:-/tmp/vfetch-build-fuzz}
seconds=${FUZZ_SECONDS:-45}
fuzz_cc=${FUZZ_CC:-clang}

command -v "$fuzz_cc" >/dev/null || { echo "ci-fuzz: $fuzz_cc not installed"; exit 1; }

. "$here/ci-lib.sh"
targets=${FUZZ_TARGETS:-fuzz_layout fuzz_draw fuzz_case fuzz_primitives fuzz_d3d11 fuzz_reuse fuzz_indirect fuzz_robust fuzz_vulkan}
jobs=${JOBS:-2}
san="-fsanitize=address,undefined -fno-sanitize-recover=all"
vf_enter_build "$src" "$build"
echo "ci-fuzz: build $obj, $seconds s per target"
"$srcdir/configure" --disable-shared CC="$fuzz_cc" \
    CFLAGS="-g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $san" \
    LDFLAGS="$san" >configure.out 2>&1 || { tail -n 40 config.log; exit 1; }
progs=; for t in $targets; do progs="$progs tests/fuzz/$t"; done
make -j"$jobs" $progs >fuzz-build.out 2>&1 || { tail -n 60 fuzz-build.out; exit 1; }

# Each target on a corpus under out/corpus seeded from tests/fuzz/corpus
# (and examples/ plus the JSON dictionary for the JSON target).
run_target() {
    t=$1
    mkdir -p "out/corpus/$t"
    seeds=; dict=
    [ -d "$srcdir/tests/fuzz/corpus/$t" ] && seeds="$srcdir/tests/fuzz/corpus/$t"
    if [ "$t" = fuzz_case ]; then
        seeds="$seeds $srcdir/examples"
        dict=-dict=$srcdir/tests/fuzz/json.dict
    fi
    echo "fuzz: $t for $seconds s"
    # shellcheck disable=SC2086
    ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}" \
    "tests/fuzz/$t" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="out/$t-" $dict ${FUZZ_FLAGS:-} \
        "out/corpus/$t" $seeds || { echo "fuzz: $t FAILED"; return 1; }
}
# Generated code on every layout it can take, without timing it against
# the per-element kernels first (a trial per distinct layout would slow
# every new input, and could leave the generated kernels unfuzzed).
VFETCH_JIT=${VFETCH_JIT-1}
export VFETCH_JIT
status=0
for t in $targets; do
    run_target "$t" >>fuzz.out 2>&1 || { status=1; break; }
done
grep -E '^fuzz: |^Done [0-9]+ runs|^stat::number_of_executed_units' fuzz.out || true
if [ "$status" != 0 ] || grep -qE "ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:" fuzz.out; then
    grep -v '^#[0-9]' fuzz.out | tail -n 80
    for f in out/*-crash-* out/*-leak-* out/*-timeout-* out/*-oom-*; do
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
    neon="$build/neon"
    rm -rf "$neon"
    mkdir -p "$neon"
    (cd "$neon" && "$srcdir/configure" --host=aarch64-linux-gnu CC="$neon_cc" \
        >configure.out 2>&1 && make -j2 libvfetch_core.la >build.out 2>&1) ||
        { tail -n 40 "$neon/configure.out" "$neon/build.out" 2>/dev/null; echo "ci-fuzz: NEON build FAILED"; exit 1; }
    grep -q '^#define HAVE_NEON_INTRIN 1' "$neon/config.h" ||
        { echo "ci-fuzz: NEON path not built"; exit 1; }
    "$neon_cc" -std=c11 -O2 -I"$neon" -I"$srcdir/include" -I"$srcdir/lib" -I"$srcdir/tests/fuzz" \
        -I"$srcdir/tests/ref" "$srcdir/tests/fuzz/fuzz_draw.c" "$srcdir/tests/fuzz/replay.c" \
        "$srcdir/tests/ref/ia_ref.c" \
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
