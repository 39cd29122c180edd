#!/bin/sh
# run-vk-vulkan-primitives.sh - vfetch-vk --primitives on the "Api":
# "Vulkan" cases (tests/vk/vulkan/ and examples/vulkan-*.json): the
# primitives the driver assembles for each case's own topology, restart,
# index data and provoking-vertex mode against vf_vk_draw_primitives.
# Every case passes or is skipped with its reason; the fan with restart and
# the LAST_VERTEX strip must be compared (not skipped) where the device has
# what they need, and the driver's list for the fan must be the one worked
# out by hand in its description. A changed position must fail (exit 1).
# Exit 77 (skip) without a Vulkan device or geometry shaders.
set -u

top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
vk=$top_builddir/tools/vfetch-vk/vfetch-vk
dir=$top_srcdir/tests/vk/vulkan
. "$(dirname "$0")/vk-env.sh"

need_device
devices=$(vkf --list-devices 2>&1)
if echo "$devices" | sed -n '2p' | grep -q 'no geometryShader'; then
    echo "SKIP: the Vulkan device has no geometry shaders"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vfetch-vk-vkprim.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM

cases="$dir/*.json $top_srcdir/examples/vulkan-*.json"
# shellcheck disable=SC2086
n=$(ls $cases | wc -l)
# shellcheck disable=SC2086
vkf --primitives --accept-rotated --max-mismatches 5 $cases >"$tmp/report.txt" 2>&1
rc=$?
grep -E '^case |-> |skipped:|error:' "$tmp/report.txt"
[ "$rc" -eq 0 ] || fail "vfetch-vk --primitives exited $rc on $n Vulkan cases"
compared=$(grep -c -- '-> PASS' "$tmp/report.txt")
skipped=$(grep -c '^  skipped: .' "$tmp/report.txt")
[ "$((compared + skipped))" -eq "$n" ] ||
    fail "$n cases, $compared compared and $skipped skipped with a reason"
[ "$compared" -ge 10 ] || fail "only $compared cases compared"

# The fan with restart, compared position by position with the list of its
# description (the driver's capture, independent of vfetch's).
vkf --primitives --verbose "$dir/fan-restart.json" >"$tmp/fan.txt" 2>&1 ||
    fail "fan-restart.json: exit $?"
grep -q 'result: 8 primitives expected (4 per instance), 8 captured; 8 exact' "$tmp/fan.txt" ||
    fail "fan-restart.json: $(grep result: "$tmp/fan.txt")"

# LAST_VERTEX: compared where the device has provokingVertexLast. The
# specification keeps p_i's order in this mode; Mesa gives the odd
# triangles rotated to put the provoking vertex last, OpenGL's
# (v_i+1, v_i, v_i+2): reported as "rotated", exactly those two of each
# instance, and accepted only with --accept-rotated.
vkf --primitives "$dir/strip-last.json" >"$tmp/last.txt" 2>&1
rc=$?
if grep -q 'skipped: .*provokingVertexLast' "$tmp/last.txt"; then
    echo "strip-last.json skipped: the device has no provokingVertexLast"
elif [ "$rc" -eq 0 ]; then
    # lavapipe rotates only in LAST_VERTEX mode: all exact there means the
    # mode never reached the driver.
    if echo "$devices" | sed -n '1p' | grep -q 'llvmpipe'; then
        fail "strip-last.json: lavapipe gave FIRST_VERTEX's order"
    fi
    grep -q 'result: 8 primitives expected (4 per instance), 8 captured; 8 exact' \
        "$tmp/last.txt" || fail "strip-last.json: $(grep result: "$tmp/last.txt")"
else
    grep -q 'result: 8 primitives expected (4 per instance), 8 captured; 4 exact, 4 rotated, 0 mismatch, 0 missing, 0 extra' \
        "$tmp/last.txt" || fail "strip-last.json: exit $rc: $(cat "$tmp/last.txt")"
    [ "$(grep -c 'rotated: instance [01] primitive [13]: vfetch (1 3 2) driver (2 1 3)' \
        "$tmp/last.txt")" -eq 2 ] || fail "strip-last.json: not the odd triangles rotated"
    echo "strip-last.json: the driver rotates the odd LAST_VERTEX triangles (OpenGL's order)"
fi

# The check must notice a wrong position.
vkf --primitives --tamper "$dir/fan-restart.json" >"$tmp/tamper.txt" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "a changed driver position went unnoticed (exit $rc)"
grep -q "    mismatch: instance 0 primitive 0: vfetch (1 2 0) driver (0 2 0)" "$tmp/tamper.txt" ||
    fail "the changed position is not reported"

echo "PASS: $n Vulkan cases, $compared compared, $skipped skipped with a reason"
exit 0
