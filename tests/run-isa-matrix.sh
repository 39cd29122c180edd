#!/bin/sh
# run-isa-matrix.sh - reruns the check programs once per ISA level this
# machine has, newest to oldest, by turning CPU features off one level at a
# time (like libdeflate's run_tests.sh). Layouts compiled with VF_ISA_AUTO
# then pick each lower level in turn, so every suite that draws exercises
# every fetch path. The levels come from tests/isa_levels (lib/isa.def).
#
#   tests/run-isa-matrix.sh [PROGRAM...]
#
# Without arguments it runs every tests/check_* program in the build
# directory but four that no level changes (below). check_simd already
# compares every ISA with scalar in its own run, so here only its
# "dispatch" case runs (CK_RUN_CASE): it checks that the switch really
# turns each level off. The pass with nothing turned off is the ordinary
# `make check` run, so it is not repeated here.
# Needs a build with test switches (the default; configure
# --disable-test-switches turns VFETCH_DISABLE_CPU_FEATURES off, and this
# script then skips with status 77). VFETCH_ISA must not be set.
set -u
# VFETCH_CHECK_QUICK=1 (the distribution check in CI sets it) leaves these
# reruns per ISA level to the full `make check`, which has run them on the same
# sources: the tarball's own check then proves that it builds and that its
# data files are complete, in a fraction of the time.
if [ -n "${VFETCH_CHECK_QUICK:-}" ]; then
    echo "run-isa-matrix.sh: skipped (VFETCH_CHECK_QUICK is set)"
    exit 77
fi

builddir=${top_builddir:-.}
unset VFETCH_ISA

if [ $# -gt 0 ]; then
    progs="$*"
else
    progs=
    for p in "$builddir"/tests/check_*; do
        case $p in
        *.o|*.c|*.h|*.log|*.trs) continue ;;
        # Programs whose every call runs the same code at every level:
        # the format tables and scalar decoders (Vulkan's walk every code
        # of every format: minutes under the sanitizers, per pass), and
        # the bench's copy, which reads the CPU itself.
        */check_formats|*/check_decode|*/check_vulkan_formats|*/check_roofline) continue ;;
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

# The levels built into the library, best first (lib/isa.def's order).
levels=$("$builddir/tests/isa_levels") || { echo "run-isa-matrix: tests/isa_levels failed"; exit 1; }
levels=$(echo $levels)
if [ -z "$levels" ]; then
    echo "run-isa-matrix: only the scalar path is built; nothing to turn off"
    exit 77
fi

# One more level off each pass, ending with scalar only.
disable=
status=0
passes=0
for next in $levels; do
    disable=${disable:+$disable,}$next
    label=$disable
    for prog in $progs; do
        # an empty CK_RUN_CASE would select no case at all: set it or not
        case $prog in
        *check_simd) run="env CK_RUN_CASE=dispatch" ;;
        *) run="env" ;;
        esac
        if VFETCH_DISABLE_CPU_FEATURES=$disable CK_VERBOSITY=normal $run "$prog" \
            >matrix.tmp.$$ 2>&1 && ! grep -q 'Checks: 0,' matrix.tmp.$$; then
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
