#!/bin/sh
# run-isa-matrix.sh - reruns the check programs once per ISA level this
# machine has, newest to oldest, by turning CPU features off one level at a
# time (like libdeflate's run_tests.sh). Layouts compiled with VF_ISA_AUTO
# then pick each lower level in turn, so every suite that draws exercises
# every fetch path.
#
#   tests/run-isa-matrix.sh [PROGRAM...]
#
# Without arguments it runs every tests/check_* program in the build
# directory (check_simd included: its CPU-feature tests check that the
# switch really turns levels off).
# Needs a build with test switches (the default; configure
# --disable-test-switches turns VFETCH_DISABLE_CPU_FEATURES off, and this
# script then skips with status 77). VFETCH_ISA must not be set.
set -u

builddir=${top_builddir:-.}
unset VFETCH_ISA

if [ $# -gt 0 ]; then
    progs="$*"
else
    progs=
    for p in "$builddir"/tests/check_*; do
        case $p in
        *.o|*.c|*.h|*.log|*.trs) continue ;;
        esac
        [ -x "$p" ] && progs="$progs $p"
    done
fi
if [ -z "$progs" ]; then
    echo "run-isa-matrix: no check programs found"
    exit 77
fi

if ! grep -q '^#define VF_TEST_SWITCHES 1' "$builddir/config.h" 2>/dev/null; then
    echo "run-isa-matrix: built without test switches; skipping"
    exit 77
fi

case $(uname -m) in
x86_64|i?86) levels="avx2 sse41 ssse3 sse2" ;;
*) levels="neon" ;;
esac

# The disable list of each pass: nothing first, then one more level off
# each time, ending with scalar only.
disable=
status=0
passes=0
for next in "" $levels; do
    if [ -n "$next" ]; then
        disable=${disable:+$disable,}$next
    fi
    label=${disable:-none}
    for prog in $progs; do
        # CK_FORK=no would share one feature cache per run; keep forking.
        if VFETCH_DISABLE_CPU_FEATURES=$disable CK_VERBOSITY=minimal "$prog" >matrix.tmp.$$ 2>&1; then
            echo "PASS: $(basename "$prog") with features off: $label"
        else
            echo "FAIL: $(basename "$prog") with features off: $label"
            cat matrix.tmp.$$
            status=1
        fi
        passes=$((passes + 1))
    done
done
rm -f matrix.tmp.$$
echo "run-isa-matrix: $passes runs, $( [ $status = 0 ] && echo all passed || echo FAILURES )"
exit $status
