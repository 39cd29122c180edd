#!/bin/sh
# run-vk-examples.sh - every example case, D3D12 and D3D11, through a
# Vulkan driver with vfetch-vk: each must pass (every difference a known
# deviation of the driver), the run must end with its pass/fail summary,
# and the one example that breaks a layout rule must be a case error
# (exit 2) counted as such. Exit 77 (skip) without a Vulkan device.
set -u

top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
vk=$top_builddir/tools/vfetch-vk/vfetch-vk
known=$top_srcdir/tests/vk/known-deviations.txt
ex=$top_srcdir/examples
. "$(dirname "$0")/vk-env.sh"

need_device

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vfetch-vk-examples.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM

# Every valid example, D3D11 ones and the indirect draws included ("Api":
# "Vulkan" cases are checked below). Each
# command of an ExecuteIndirect is a report of its own: execute-indirect.json
# runs 3 commands, so the reports are the examples plus 2.
good=$(ls "$ex"/*.json | grep -v -e '/invalid-layout\.json$' -e '/vulkan-[^/]*\.json$')
n=$(($(echo "$good" | wc -l) + 2))
[ "$(echo "$good" | grep -c '/d3d11-')" -ge 2 ] || fail "the D3D11 examples are missing"
# shellcheck disable=SC2086
vkf --known-deviations "$known" $good >"$tmp/good.txt" 2>&1
rc=$?
grep -E '^case |-> |error:|cases:' "$tmp/good.txt"
[ "$rc" -eq 0 ] || fail "vfetch-vk exited $rc on the examples"
[ "$(grep -c -- '-> PASS' "$tmp/good.txt")" -eq "$n" ] || fail "not every example passed"
grep -qx "$n cases: $n passed, 0 failed, 0 errors, 0 skipped: PASS" "$tmp/good.txt" ||
    fail "no pass summary for $n cases"

# A D3D11 case is drawn, not refused.
awk '/^case /{c=$0} /-> /{print c, $NF}' "$tmp/good.txt" |
    grep -q 'd3d11-strip-cut.json PASS$' ||
    fail "the D3D11 strip-cut example did not pass"

# The indirect draws are replayed by indirect draws on the driver.
for want in 'execute-indirect.json command 2 PASS' 'd3d11-indexed-indirect.json PASS' \
    'd3d11-drawauto.json PASS'; do
    awk '/^case /{c=$0} /-> /{print c, $NF}' "$tmp/good.txt" | grep -q "$want\$" ||
        fail "not passed: $want"
done
vkf -v "$ex/execute-indirect.json" "$ex/d3d11-indexed-indirect.json" >"$tmp/ei.txt" 2>&1 ||
    fail "the indirect examples exited $?"
grep -q 'ExecuteIndirect: vkCmdDrawIndexedIndirect\(Count\)\? at argument byte 100' "$tmp/ei.txt" ||
    fail "command 1 is not drawn from its arguments at byte 100"
grep -q 'DrawIndexedInstancedIndirect: vkCmdDrawIndexedIndirect at argument byte 4' \
    "$tmp/ei.txt" || fail "the D3D11 indirect draw is not replayed indirectly"
# Commands 1 and 2 read command 0's arguments: both must fail, by number.
vkf --tamper=command-offset "$ex/execute-indirect.json" >"$tmp/off.txt" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "commands drawn from the wrong arguments exited $rc, not 1"
awk '/^case /{c=$0} /-> /{print c, $NF}' "$tmp/off.txt" >"$tmp/off-results.txt"
grep -q 'command 0 PASS$' "$tmp/off-results.txt" &&
    grep -q 'command 1 FAIL$' "$tmp/off-results.txt" &&
    grep -q 'command 2 FAIL$' "$tmp/off-results.txt" ||
    fail "a wrong argument offset was not found: $(cat "$tmp/off-results.txt")"

# The summary and exit status of a run with a broken case; JSON too.
# The Vulkan examples run natively, the uint8 one included; the 64-bit one
# only where the device has shaderFloat64 and VERTEX_BUFFER_BIT for
# R64G64B64_SFLOAT (lavapipe lacks the latter: skipped with that reason).
vkf "$ex"/vulkan-*.json "$ex/triangle.json" >"$tmp/vk.txt" 2>&1 ||
    fail "the Vulkan examples failed the run"
grep -qxE "6 cases: (5 passed, 0 failed, 0 errors, 1|6 passed, 0 failed, 0 errors, 0) skipped: PASS" \
    "$tmp/vk.txt" ||
    fail "the Vulkan examples did not run natively: $(tail -n 2 "$tmp/vk.txt")"
grep -q 'Vulkan case as written (no D3D translation)' "$tmp/vk.txt" ||
    fail "a Vulkan case does not say it ran as written"
vkf --known-deviations "$known" "$ex/triangle.json" "$ex/invalid-layout.json" \
    >"$tmp/bad.txt" 2>&1
rc=$?
[ "$rc" -eq 2 ] || fail "a case error exited $rc, not 2"
grep -qx "2 cases: 1 passed, 0 failed, 1 errors, 0 skipped: FAIL" "$tmp/bad.txt" ||
    fail "no fail summary: $(tail -n 2 "$tmp/bad.txt")"
vkf --json "$ex/triangle.json" "$ex/d3d11-strip-cut.json" >"$tmp/j.json" 2>&1 ||
    fail "--json exited $?"
python3 - "$tmp/j.json" <<'PY' || fail "the JSON summary is wrong"
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
counts = {k: s[k] for k in ("cases", "passed", "failed", "errors", "skipped")}
assert counts == {"cases": 2, "passed": 2, "failed": 0, "errors": 0, "skipped": 0}, s
assert s["oob_mismatch"] == 0 and "oob_exact" in s, s
PY
# ... and a difference in a D3D11 case is found.
vkf --tamper "$ex/d3d11-instanced-10_0.json" >"$tmp/t.txt" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "a changed value in a D3D11 case exited $rc, not 1"
grep -qx "1 cases: 0 passed, 1 failed, 0 errors, 0 skipped: FAIL" "$tmp/t.txt" ||
    fail "no fail summary for a difference"
echo "PASS: $n examples on $(grep '^device:' "$tmp/good.txt")"
