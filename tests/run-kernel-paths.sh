#!/bin/sh
# run-kernel-paths.sh - reruns the draw suites and the fuzz-corpus replays
# with the per-layout code generator off (VFETCH_JIT=0), so the per-element
# kernels of the avx2 and avx512 levels, which layouts there run only where
# the generator cannot take them, keep the coverage that the generated
# kernels have in the rest of `make check`: one extra pass, not one per ISA
# level. Then the random draws streamed at every size, with the generator
# on and off: the non-temporal paths of both.
set -u
# VFETCH_CHECK_QUICK=1 (the distribution check in CI sets it) leaves these
# reruns with the generator off to the full `make check`, which has run them
# on the same sources: the tarball's own check then proves that it builds
# and that its data files are complete, in a fraction of the time.
if [ -n "${VFETCH_CHECK_QUICK:-}" ]; then
    echo "run-kernel-paths.sh: skipped (VFETCH_CHECK_QUICK is set)"
    exit 77
fi
builddir=${top_builddir:-.}
status=0
run() {
    label=$1
    shift
    if env "$@" >paths.tmp.$$ 2>&1; then
        echo "PASS: $label"
    else
        echo "FAIL: $label"
        cat paths.tmp.$$
        status=1
    fi
}
for prog in tests/check_draw_rules tests/check_draw_random tests/check_reuse \
    tests/check_vulkan_draw tests/fuzz/replay_draw tests/fuzz/replay_layout \
    tests/fuzz/replay_vulkan; do
    p=$builddir/$prog
    [ -x "$p" ] || continue
    run "$(basename "$p") with the generator off" VFETCH_JIT=0 "$p"
done
# The random draws streamed at every size (VFETCH_STREAM=1, test builds):
# whole-record layouts run the generated non-temporal kernels, the others
# (and every layout with the generator off) a staging buffer and its copy.
p=$builddir/tests/check_draw_random
if [ -x "$p" ]; then
    run "check_draw_random streamed" VFETCH_STREAM=1 "$p"
    run "check_draw_random with the generator off, streamed" VFETCH_JIT=0 VFETCH_STREAM=1 "$p"
fi
rm -f paths.tmp.$$
exit $status
