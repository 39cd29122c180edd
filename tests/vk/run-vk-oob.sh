#!/bin/sh
# run-vk-oob.sh - the out-of-bounds cases of tests/vk/oob/ through a Vulkan
# driver with vfetch-vk: views ending inside a stride or an element, empty
# views, unbound slots, per-instance data past the end with step rates 0, 1
# and n, indices past the index buffer, base vertices pushing indices out,
# strides of 0 and beyond the view, and every IA format (fmt-*.json, from
# gen_oob_cases.py). Every word read out of bounds must follow the rule of
# the device's robustness mode, or be a known deviation of the driver
# (tests/vk/known-deviations.txt, IDs oob-*): 0 oob mismatch, in each mode
# the device has. Then the check must be able to fail, and the minimal
# cases of the driver deviations (tests/vk/oob/deviations/) are run and
# reported. Exit 77 (skip) without a Vulkan device.
set -u

top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
vk=$top_builddir/tools/vfetch-vk/vfetch-vk
known=$top_srcdir/tests/vk/known-deviations.txt
oob=$top_srcdir/tests/vk/oob
. "$(dirname "$0")/vk-env.sh"

need_device

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vfetch-vk-oob.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM

cases=$(ls "$oob"/*.json)
n=$(echo "$cases" | wc -l)
[ "$n" -ge 55 ] || fail "only $n out-of-bounds cases"

# One run per robustness mode: "auto" is the best the device has.
# shellcheck disable=SC2086
run_mode() {
    vkf --robustness "$1" --known-deviations "$known" --max-mismatches 5 $cases \
        >"$tmp/$1.txt" 2>&1
    echo $?
}
rc=$(run_mode auto)
mode=$(sed -n 's/^robustness: \([a-z0-9-]*\).*/\1/p' "$tmp/auto.txt")
grep -E '^(device|robustness|out of bounds|known deviation oob-)' "$tmp/auto.txt"
if [ "$rc" -ne 0 ]; then
    grep -E '^case |mismatch:|error:' "$tmp/auto.txt" | head -n 40
    fail "vfetch-vk exited $rc on the out-of-bounds cases ($mode)"
fi
grep -qx "$n cases: $n passed, 0 failed, 0 errors, 0 skipped: PASS" "$tmp/auto.txt" ||
    fail "not every out-of-bounds case passed ($mode)"
grep -Eq "^out of bounds \($mode\): [0-9]+ words: [1-9][0-9]* oob exact,.* 0 oob mismatch;" \
    "$tmp/auto.txt" || fail "out-of-bounds words not all checked ($mode)"

# robustBufferAccess alone, where the device was opened with more.
if [ "$mode" = robustness2 ]; then
    rc=$(run_mode robust-buffer-access)
    grep '^out of bounds' "$tmp/robust-buffer-access.txt"
    [ "$rc" -eq 0 ] || fail "robust-buffer-access: vfetch-vk exited $rc"
    grep -q ' 0 oob mismatch;' "$tmp/robust-buffer-access.txt" ||
        fail "robust-buffer-access: a word outside the set the mode allows"
fi
# No robustness: a case that reads out of bounds is skipped, not drawn.
rc=$(run_mode none)
[ "$rc" -eq 0 ] || fail "--robustness none exited $rc"
grep -Eq "^$n cases: [0-9]+ passed, 0 failed, 0 errors, [1-9][0-9]* skipped: PASS" \
    "$tmp/none.txt" || fail "--robustness none drew a case that reads out of bounds"

# The JSON summary counts the words too.
vkf --json --known-deviations "$known" "$oob/unbound-slots.json" "$oob/zero-size-view.json" \
    >"$tmp/j.json" 2>&1 || fail "--json exited $?"
if command -v python3 >/dev/null 2>&1; then
    python3 - "$tmp/j.json" <<'PY' || fail "the JSON out-of-bounds counts are wrong"
import json, sys
d = json.load(open(sys.argv[1]))
s = d["summary"]
assert d["robustness"] in ("robustness2", "robust-buffer-access", "none"), d["robustness"]
assert s["oob_mismatch"] == 0 and s["oob_exact"] > 0, s
assert sum(c["totals"]["oob_exact"] for c in d["cases"]) == s["oob_exact"], s
PY
fi

# The check can fail: a changed out-of-bounds word is a mismatch.
vkf --tamper "$oob/zero-size-view.json" >"$tmp/t.txt" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "a changed out-of-bounds word exited $rc, not 1"
grep -q 'mismatch: POSITION0\.[xyzw] (element 0) .*(out of bounds, ' "$tmp/t.txt" ||
    fail "the changed out-of-bounds word is not reported"

# The driver deviations' minimal cases, reported.
llvmpipe=0
grep -q '^device: llvmpipe' "$tmp/auto.txt" && llvmpipe=1
vkf --vertex-buffers sized "$oob/deviations/sized-binding.json" >"$tmp/sized.txt" 2>&1
rc=$?
if [ "$rc" -eq 0 ]; then
    echo "vertex buffers bound by size (vkCmdBindVertexBuffers2): bounds-checked at the size"
elif [ "$rc" -eq 1 ] && [ "$llvmpipe" -eq 1 ]; then
    echo "known: lavapipe bounds-checks vkCmdBindVertexBuffers2 bindings at the buffer, not the size"
elif [ "$rc" -ne 77 ]; then
    fail "--vertex-buffers sized exited $rc"
fi
if [ "$llvmpipe" -eq 0 ]; then
    vkf "$oob/deviations/lvp-null-binding-r8.json" >"$tmp/r8.txt" 2>&1 ||
        fail "a null binding read as R8 exited $?"
fi
echo "PASS: $n out-of-bounds cases ($mode), 0 oob mismatch"
