#!/bin/sh
# run-cli-compare.sh - vfetch compare on captures of its own raw output.
#
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
. "$(dirname "$0")/cli-lib.sh"

cli_fixture

# ---------------------------------------------------------------------------
# compare: a capture equal to vfetch's own raw output, one with a 1-ULP
# UNORM change (triangle.json COLOR0.w of vertex 2, 0x3f008081 at byte
# 24 + 4 * (2 * 11 + 7)), accepted with --accept 1ulp, and bad captures.

"$VFETCH" run --output raw1 "$EXAMPLES/triangle.json" >tri.raw
if "$VFETCH" compare "$EXAMPLES/triangle.json" tri.raw >cmp.out 2>&1 &&
   grep -q "exact 24; 0 accepted, 0 known, 0 not accepted" cmp.out; then
    pass
else
    fail "compare of vfetch's own raw output"
    cat cmp.out
fi
{ head -c 140 tri.raw; printf '\200\200\000\077'; tail -c +145 tri.raw; } >tri-ulp.raw
"$VFETCH" compare "$EXAMPLES/triangle.json" tri-ulp.raw >cmp.out 2>&1
_status=$?
if [ "$_status" -eq 1 ] && grep -q "COLOR0.w: expected 0x3f008081.*got 0x3f008080.*: 1ulp" cmp.out &&
   "$VFETCH" compare --accept 1ulp "$EXAMPLES/triangle.json" tri-ulp.raw >/dev/null 2>&1; then
    pass
else
    fail "compare of a 1-ULP change (status $_status)"
    cat cmp.out
fi
head -c 100 tri.raw >tri-short.raw
bad compare-short "truncated" '{}' compare "$EXAMPLES/triangle.json" tri-short.raw
bad compare-accept "--accept: unknown kind" '{}' compare --accept 2ulp "$EXAMPLES/triangle.json" tri.raw

# Version 2 captures, whole and a selection; one of another case.
"$VFETCH" run --output raw "$EXAMPLES/triangle.json" >tri2.raw
"$VFETCH" run --output raw --positions 1..2 "$EXAMPLES/triangle.json" >tri2-sel.raw
if "$VFETCH" compare "$EXAMPLES/triangle.json" tri2.raw 2>&1 |
       grep -q "exact 24; 0 accepted, 0 known, 0 not accepted" &&
   "$VFETCH" compare "$EXAMPLES/triangle.json" tri2-sel.raw 2>&1 |
       grep -q "16 values compared: exact 16;"; then
    pass
else
    fail "compare of raw version 2 captures"
fi
"$VFETCH" run --output raw "$EXAMPLES/instancing.json" >inst2.raw

# A capture longer than the draw is of another draw: raw versions 1 and 2
# with 48 more bytes, and plain records (a raw version 2 file read from
# its header size H at the record stride of 48 bytes) with as many again.
{ cat tri.raw; head -c 48 /dev/zero; } >tri-long.raw
{ cat tri2.raw; head -c 48 /dev/zero; } >tri2-long.raw
bad compare-raw1-long "48 bytes after the last of its 3 records" '{}' \
    compare "$EXAMPLES/triangle.json" tri-long.raw
bad compare-raw2-long "48 bytes after the last of its 3 records" '{}' \
    compare "$EXAMPLES/triangle.json" tri2-long.raw
H=$(od -An -tu4 -j8 -N4 tri2.raw | tr -d ' ')
{ tail -c +$((H + 1)) tri2.raw; } >tri-plain.bin
if "$VFETCH" compare --stride 48 "$EXAMPLES/triangle.json" tri-plain.bin 2>&1 |
       grep -q "exact 24; 0 accepted, 0 known, 0 not accepted"; then
    pass
else
    fail "compare of plain records at a stride of 48"
fi
cat tri-plain.bin tri-plain.bin >tri-plain2.bin
bad compare-plain-long "the capture holds 288 bytes, more than the case's 3 records of 48 bytes (144 in all)" \
    '{}' compare --stride 48 "$EXAMPLES/triangle.json" tri-plain2.bin
bad compare-plain-stride "--stride 16 is smaller than the 32 bytes a record's registers need" \
    '{}' compare --stride 16 "$EXAMPLES/triangle.json" tri-plain.bin
bad compare-register-stride "--stride 16 is smaller than the 48 bytes a record's registers need (COLOR0 ends at byte 48)" \
    '{}' compare --stride 16 --register COLOR0=32 "$EXAMPLES/triangle.json" tri-plain.bin
bad compare-other-case "is not of this case" '{}' compare "$EXAMPLES/triangle.json" inst2.raw

# Selections outside the draw (3 vertices, 4 instances) and bad ranges.
bad sel-instances "--instances 2..4 is outside the draw, which has 4 instances (0..3)" '{}' \
    run --instances 2..4 "$EXAMPLES/instancing.json"
bad sel-positions "--positions 3..3 is outside the draw, which has 3 vertex positions (0..2)" '{}' \
    run --output csv --positions 3 "$EXAMPLES/instancing.json"
bad sel-reversed "--positions needs a range FIRST..LAST" '{}' \
    run --positions 2..1 "$EXAMPLES/instancing.json"
bad sel-text "--instances needs a range FIRST..LAST" '{}' \
    run --instances 1-2 "$EXAMPLES/instancing.json"
bad sel-raw1 "--instances and --positions need raw version 2" '{}' \
    run --output raw1 --instances 0 "$EXAMPLES/instancing.json"
bad raw-version "--raw-version is 1 or 2" '{}' \
    run --output raw --raw-version 3 "$EXAMPLES/instancing.json"
bad csv-prims "--primitives prints with table or json output, not csv" '{}' \
    run --output csv --primitives "$EXAMPLES/instancing.json"


cli_summary
