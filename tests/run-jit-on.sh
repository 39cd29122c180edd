#!/bin/sh
# run-jit-on.sh - reruns the draw suites and the fuzz-corpus replays with
# the per-layout code generator on (VFETCH_JIT=1; it is opt-in), so the
# generated kernels get the same coverage as the per-element ones. One
# extra pass, not one per ISA level, and the random draws streamed.
set -u
# VFETCH_CHECK_QUICK=1 (the distribution check in CI sets it) leaves these
# reruns with the generator on to the full `make check`, which has run them on the same
# sources: the tarball's own check then proves that it builds and that its
# data files are complete, in a fraction of the time.
if [ -n "${VFETCH_CHECK_QUICK:-}" ]; then
    echo "run-jit-on.sh: skipped (VFETCH_CHECK_QUICK is set)"
    exit 77
fi
builddir=${top_builddir:-.}
status=0
for prog in tests/check_draw_rules tests/check_draw_random tests/check_reuse \
    tests/fuzz/replay_draw tests/fuzz/replay_layout; do
    p=$builddir/$prog
    [ -x "$p" ] || continue
    if VFETCH_JIT=1 "$p" >jit-on.tmp.$$ 2>&1; then
        echo "PASS: $(basename "$p") with the generator on"
    else
        echo "FAIL: $(basename "$p") with the generator on"
        cat jit-on.tmp.$$
        status=1
    fi
done
# The random draws once more streamed at every size (VFETCH_STREAM=1, test
# builds): whole-record layouts run the generated non-temporal kernels.
p=$builddir/tests/check_draw_random
if [ -x "$p" ]; then
    if VFETCH_JIT=1 VFETCH_STREAM=1 "$p" >jit-on.tmp.$$ 2>&1; then
        echo "PASS: check_draw_random with the generator on, streamed"
    else
        echo "FAIL: check_draw_random with the generator on, streamed"
        cat jit-on.tmp.$$
        status=1
    fi
fi
rm -f jit-on.tmp.$$
exit $status
