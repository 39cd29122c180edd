#!/bin/sh
# run-vk-vulkan-edge.sh - the Vulkan edge cases (tests/vk/vulkan-edge/cases/)
# through a Vulkan driver with vfetch-vk: every case the device can run
# must pass (the others are skipped with their reason), each
# difference a deviation listed in tests/vk/known-deviations.txt (passed
# to vfetch-vk as --known-deviations). 64-bit inputs run where the device
# has shaderFloat64 / shaderInt64, uint8 indices where it has
# indexTypeUint8; a format without VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT is
# skipped. Exit 77 (skip) without a Vulkan device, or should vfetch-vk
# report "Api": "Vulkan" cases as not replayed.
set -u

top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
vk=$top_builddir/tools/vfetch-vk/vfetch-vk
known=$top_srcdir/tests/vk/known-deviations.txt
cases=$top_srcdir/tests/vk/vulkan-edge/cases
. "$(dirname "$0")/vk-env.sh"

need_device

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vfetch-vk-edge.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM

all=$(ls "$cases"/*.json)
n=$(echo "$all" | wc -l)
[ "$n" -ge 130 ] || fail "only $n edge cases in $cases"
# shellcheck disable=SC2086
vkf --known-deviations "$known" $all >"$tmp/out.txt" 2>&1
rc=$?
if grep -q '^  skipped: "Api": "Vulkan"' "$tmp/out.txt"; then
    echo "SKIP: vfetch-vk does not replay Vulkan cases on the device yet"
    exit 77
fi
grep -E '^case |-> |error:|cases:' "$tmp/out.txt"
# The cases that did not pass, by name.
awk '/^case /{c=$2} /-> /{if ($NF != "PASS") print c, $NF}' "$tmp/out.txt" >"$tmp/bad.txt"
if [ -s "$tmp/bad.txt" ]; then
    echo "cases not passing:"; cat "$tmp/bad.txt"
fi
[ "$rc" -eq 0 ] || fail "vfetch-vk exited $rc on the $n edge cases"
# A case the device cannot run (a format without VERTEX_BUFFER_BIT, or a
# feature it lacks: shaderFloat64 / shaderInt64, indexTypeUint8,
# nullDescriptor, a divisor) is skipped with its reason; every other case
# must pass.
grep -qE "^$n cases: [1-9][0-9]* passed, 0 failed, 0 errors, [0-9]+ skipped: PASS\$" "$tmp/out.txt" ||
    fail "no pass summary for $n cases"
grep '^  skipped:' "$tmp/out.txt" | sed 's/^  skipped: //' | sort | uniq -c
if grep -A1 '^case ' "$tmp/out.txt" | grep -q '^  skipped: *$'; then
    fail "a case was skipped without a reason"
fi
