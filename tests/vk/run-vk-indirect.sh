#!/bin/sh
# run-vk-indirect.sh - ExecuteIndirect cases (tests/vk/indirect/) replayed
# on a Vulkan driver by vfetch-vk: commands that change both vertex
# slots' views, a count buffer below and above MaxCommandCount, base
# vertex and start instance with per-instance data, and the start
# locations against gl_BaseVertex / gl_BaseInstance. Every command must
# pass, the count must decide how many run, and a command drawn from the
# wrong arguments, or a changed base word, must fail by its number.
# Exit 77 (skip) without a Vulkan device.
set -u

top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
vk=$top_builddir/tools/vfetch-vk/vfetch-vk
known=$top_srcdir/tests/vk/known-deviations.txt
dir=$top_srcdir/tests/vk/indirect
. "$(dirname "$0")/vk-env.sh"

need_device

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vfetch-vk-indirect.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM

# "CASE command N RESULT" per report.
results() {
    awk '/^case /{c=$2 " " $3 " " $4} / -> (PASS|FAIL)$/{print c, $NF}' "$1" | sed 's|.*/||'
}

vkf -v --known-deviations "$known" "$dir/views-per-command.json" "$dir/count-smaller.json" \
    "$dir/count-larger.json" >"$tmp/all.txt" 2>&1
rc=$?
results "$tmp/all.txt"
[ "$rc" -eq 0 ] || fail "vfetch-vk exited $rc on the indirect cases"
cat >"$tmp/want.txt" <<'W'
views-per-command.json command 0 PASS
views-per-command.json command 1 PASS
views-per-command.json command 2 PASS
count-smaller.json command 0 PASS
count-smaller.json command 1 PASS
count-larger.json command 0 PASS
count-larger.json command 1 PASS
count-larger.json command 2 PASS
W
results "$tmp/all.txt" | diff "$tmp/want.txt" - >&2 ||
    fail "not the commands the counts run, or one did not pass"

# The start locations were compared, and each command was drawn from its
# own arguments: views-per-command at 0 + 52k + 32, the others at 4 + 52k + 32.
[ "$(grep -c 'start locations: [1-9][0-9]* values compared' "$tmp/all.txt")" -eq 8 ] ||
    fail "SV_StartVertexLocation / SV_StartInstanceLocation not compared on every command"
for at in 'vkCmdDrawIndirect at argument byte 32;' 'vkCmdDrawIndirect at argument byte 84;' \
    'vkCmdDrawIndirect at argument byte 136;' 'Indirect\(Count\)\? at argument byte 140'; do
    grep -q "$at" "$tmp/all.txt" || fail "no draw from: $at"
done
if grep -q 'device has drawIndirectCount\|vkCmdDrawIndexedIndirectCount' "$tmp/all.txt"; then
    grep -q 'vkCmdDrawIndexedIndirectCount at argument byte 88, count at byte 4, maxDrawCount 1' \
        "$tmp/all.txt" || fail "the count buffer is not the driver's"
fi

# Broken on purpose: commands after the first read the first one's
# arguments; gl_BaseVertex or gl_BaseInstance changed by one.
for case in views-per-command count-larger; do
    vkf --known-deviations "$known" --tamper=command-offset "$dir/$case.json" >"$tmp/off.txt" 2>&1
    rc=$?
    [ "$rc" -eq 1 ] || fail "$case: the wrong argument offset exited $rc, not 1"
    results "$tmp/off.txt" >"$tmp/off-results.txt"
    grep -q 'command 0 PASS$' "$tmp/off-results.txt" &&
        ! grep -q 'command [1-9] PASS$' "$tmp/off-results.txt" ||
        fail "$case: a wrong argument offset was not found: $(cat "$tmp/off-results.txt")"
done
for what in start-vertex start-instance; do
    vkf --known-deviations "$known" --tamper=$what "$dir/views-per-command.json" \
        >"$tmp/t.txt" 2>&1
    rc=$?
    [ "$rc" -eq 1 ] || fail "--tamper=$what exited $rc, not 1"
done
# A command with a view outside every range is skipped with the reason,
# the others drawn; a count of 0 runs nothing: skipped, never a pass.
vkf "$dir/bad-view.json" "$dir/zero-count.json" >"$tmp/skip.txt" 2>&1 ||
    fail "skipped commands failed the run ($?)"
grep -qx "4 cases: 2 passed, 0 failed, 0 errors, 2 skipped: PASS" "$tmp/skip.txt" ||
    fail "bad views or a zero count not skipped: $(tail -n 2 "$tmp/skip.txt")"
grep -q 'skipped: command 1 is not drawn: its views break a rule' "$tmp/skip.txt" &&
    grep -q 'skipped: ExecuteIndirect runs no command' "$tmp/skip.txt" ||
    fail "no reason given for a skipped command"

# --json: each command's report has its number.
vkf --json --known-deviations "$known" "$dir/count-smaller.json" >"$tmp/j.json" 2>&1 ||
    fail "--json exited $?"
python3 - "$tmp/j.json" <<'PY' || fail "the JSON reports do not number the commands"
import json, sys
d = json.load(open(sys.argv[1]))
assert [c["command"] for c in d["cases"]] == [0, 1], d["cases"]
assert all(c["case"].endswith("count-smaller.json command %d" % c["command"]) for c in d["cases"])
assert d["summary"]["passed"] == 2, d["summary"]
PY

# --primitives: each command's primitives, named by command.
vkf --primitives "$dir/views-per-command.json" "$dir/count-smaller.json" >"$tmp/prim.txt" 2>&1 ||
    fail "--primitives exited $? on the indirect cases"
[ "$(grep -c '^case .* command [0-9]*$' "$tmp/prim.txt")" -eq 5 ] &&
    [ "$(grep -c -- '-> PASS$' "$tmp/prim.txt")" -eq 5 ] ||
    fail "--primitives did not pass the 5 commands: $(tail -n 3 "$tmp/prim.txt")"
echo "PASS: indirect commands on $(grep '^device:' "$tmp/all.txt")"
