#!/bin/sh
# run-jit-off.sh - reruns the draw suites and the fuzz-corpus replays with
# the per-layout code generator off (VFETCH_JIT=0), so the per-element
# kernels keep their coverage on hosts where layouts run generated code
# (the ordinary `make check` run and the ISA matrix run it on). One extra
# pass, not one per ISA level.
set -u
builddir=${top_builddir:-.}
status=0
for prog in tests/check_draw_rules tests/check_draw_random tests/check_reuse \
    tests/fuzz/replay_draw tests/fuzz/replay_layout; do
    p=$builddir/$prog
    [ -x "$p" ] || continue
    if VFETCH_JIT=0 "$p" >jit-off.tmp.$$ 2>&1; then
        echo "PASS: $(basename "$p") with the generator off"
    else
        echo "FAIL: $(basename "$p") with the generator off"
        cat jit-off.tmp.$$
        status=1
    fi
done
rm -f jit-off.tmp.$$
exit $status
