#!/bin/sh
# run-vk-tests.sh - cross-checks vfetch against a real Vulkan driver.
#
# Generates a seeded set of cases (tests/vk/gen_cases), runs each through
# the driver with vfetch-vk and requires every difference from vfetch to be
# a known deviation of that driver (tests/vk/known-deviations.txt). Then
# proves the diff can fail by changing one value the driver returned, and
# one gl_BaseVertex and one gl_BaseInstance (SV_StartVertexLocation and
# SV_StartInstanceLocation).
#
# Uses Mesa lavapipe when its ICD file is installed and no driver was
# chosen with VK_ICD_FILENAMES / VK_DRIVER_FILES. Exit 77 (skip) when there
# is no Vulkan loader or device. VFETCH_VK_SEED picks another seed.
set -u

top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
vk=$top_builddir/tools/vfetch-vk/vfetch-vk
gen=$top_builddir/tests/vk/gen_cases
known=$top_srcdir/tests/vk/known-deviations.txt
seed=${VFETCH_VK_SEED:-1}
. "$(dirname "$0")/vk-env.sh"

vkf --check-formats || fail "the DXGI -> Vulkan format map is wrong"

need_device

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vfetch-vk-test.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM

"$gen" "$tmp" "$seed" 80 || fail "gen_cases"
ncases=$(ls "$tmp"/*.json | wc -l)

vkf --known-deviations "$known" --max-mismatches 5 "$tmp"/*.json >"$tmp/report.txt" 2>&1
rc=$?
grep '^device:' "$tmp/report.txt"
if [ "$rc" -ne 0 ]; then
    # Show the failing cases and their first differences.
    awk '/^case /{c=$0; buf=""} {buf=buf "\n" $0} /-> FAIL/{print c; print buf}
         /^  error:/{print c; print}' "$tmp/report.txt" | head -n 200
    fail "vfetch-vk exited $rc on $ncases cases (seed $seed): differences not in $known"
fi

# Every fetched value: the sums of the result lines.
awk '/  result:/ { n += $2; x += $5 }
     END { printf "%d cases, %d values compared, %d exact\n", cases, n, x }' \
    cases="$ncases" "$tmp/report.txt"
# SV_StartVertexLocation / SV_StartInstanceLocation against gl_BaseVertex /
# gl_BaseInstance, in the cases whose signature reads them.
awk '/  start locations:/ { c++; n += $3 }
     END { printf "%d cases read start locations, %d values compared\n", c, n }' "$tmp/report.txt"
grep '^known deviation' "$tmp/report.txt"
grep 'not compared (' "$tmp/report.txt" | grep -v 'out of bounds (' | sed 's/^ *//' | sort | uniq -c | sort -rn | head -n 10

# The diff must notice a wrong value.
vkf --known-deviations "$known" --tamper "$tmp/random-000.json" >"$tmp/tamper.txt" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "a changed driver value went unnoticed (exit $rc)"
# Named by semantic: "mismatch: POSITION0.x (element 0) ...".
grep -Eq 'mismatch: [A-Za-z_]+[0-9]+\.[xyzw] \(element [0-9]+\)' "$tmp/tamper.txt" ||
    fail "the changed value is not reported by semantic"

# ... and a wrong start location: gl_BaseVertex or gl_BaseInstance changed
# by one in a case that reads both.
both=$(grep -l 'SV_StartVertexLocation' "$tmp"/random-*.json |
       xargs grep -l 'SV_StartInstanceLocation' | head -n 1)
[ -n "$both" ] || fail "no generated case reads both start locations"
if grep -q 'not compared (no shaderDrawParameters)' "$tmp/report.txt"; then
    echo "no shaderDrawParameters: the start-location tamper check is skipped"
else
    for sv in StartVertex StartInstance; do
        what=$(echo "$sv" | sed 's/Start\(.*\)/start-\1/' | tr 'A-Z' 'a-z')
        vkf --known-deviations "$known" --tamper="$what" "$both" >"$tmp/tamper-$what.txt" 2>&1
        rc=$?
        [ "$rc" -eq 1 ] || fail "a changed $what word went unnoticed (exit $rc)"
        grep -Eq "sysval: position [0-9]+ \(index [0-9]+\) instance [0-9]+ SV_${sv}Location: expected" \
            "$tmp/tamper-$what.txt" || fail "the changed $what word is not reported as SV_${sv}Location"
    done
    echo "a changed gl_BaseVertex and gl_BaseInstance are caught ($(basename "$both"))"
fi

# No other program is started (the shaders are compiled in-process).
# strace exits with the tool's status; an empty trace means it could not trace.
if command -v strace >/dev/null 2>&1; then
    strace -f -qq -e trace=execve -o "$tmp/exec.txt" "$vk" --known-deviations "$known" \
        "$tmp/random-000.json" >/dev/null 2>&1
fi
if [ -s "$tmp/exec.txt" ] && grep -q 'execve(' "$tmp/exec.txt"; then
    n=$(grep -c 'execve(' "$tmp/exec.txt")
    [ "$n" -eq 1 ] || fail "vfetch-vk started another program: $(grep 'execve(' "$tmp/exec.txt" | sed -n 2p)"
    echo "no program started (strace: 1 execve)"
else
    echo "strace unavailable: the exec check is skipped"
fi

echo "PASS: $ncases cases, every difference a known deviation of the driver"
exit 0
