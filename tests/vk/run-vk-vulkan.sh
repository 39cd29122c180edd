#!/bin/sh
# run-vk-vulkan.sh - the hand-written "Api": "Vulkan" cases of
# tests/vk/vulkan/ through a Vulkan driver with vfetch-vk, replayed as
# written: every case that runs must pass (1-ULP UNORM/SNORM differences
# accepted only where listed below), every skip must give its reason, and a
# --tamper run must report differences (exit 1). Exit 77 (skip) without a
# Vulkan device.
set -u

top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
vk=$top_builddir/tools/vfetch-vk/vfetch-vk
dir=$top_srcdir/tests/vk/vulkan
. "$(dirname "$0")/vk-env.sh"

need_device

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vfetch-vk-vulkan.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM

# lavapipe rounds the 3-byte, B8G8R8A8 and A2B10G10R10 UNORM/SNORM formats
# 1 ULP off (docs/vulkan-drivers.md): those three cases accept 1ulp, the
# rest nothing.
ulp="$dir/bgra.json $dir/three-byte.json $dir/packed.json"
exact=$(ls "$dir"/*.json | grep -v -e '/bgra\.json$' -e '/three-byte\.json$' -e '/packed\.json$')
n=$(echo "$exact" | wc -l)
# shellcheck disable=SC2086
vkf $exact >"$tmp/exact.txt" 2>&1
rc=$?
grep -E '^case |-> |skipped:|error:|cases:' "$tmp/exact.txt"
[ "$rc" -eq 0 ] || fail "vfetch-vk exited $rc on the exact cases"
grep -q "^$n cases: .* 0 failed, 0 errors, .*: PASS\$" "$tmp/exact.txt" ||
    fail "no pass summary for $n cases"
[ "$(grep -c -- '-> PASS' "$tmp/exact.txt")" -ge 6 ] || fail "fewer than 6 cases compared"
# Every skip says why.
grep -c '  skipped: .' "$tmp/exact.txt" >"$tmp/nskip"
grep -q "^$n cases: .* $(cat "$tmp/nskip") skipped: PASS\$" "$tmp/exact.txt" ||
    fail "a skip without its reason"

# shellcheck disable=SC2086
vkf --accept 1ulp $ulp >"$tmp/ulp.txt" 2>&1 || fail "the 1ulp cases exited $?"
grep -qx "3 cases: .* 0 failed, 0 errors, .*: PASS" "$tmp/ulp.txt" ||
    fail "the 1ulp cases did not pass: $(tail -n 2 "$tmp/ulp.txt")"

# A tampered word is a difference: exit 1, FAIL.
vkf --tamper "$dir/divisors.json" >"$tmp/tamper.txt" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "a tampered run exited $rc, not 1"
grep -q -- '-> FAIL' "$tmp/tamper.txt" || fail "a tampered run did not fail"
grep -q 'mismatch: location0' "$tmp/tamper.txt" || fail "the tampered word is not shown"
echo "run-vk-vulkan: ok"
