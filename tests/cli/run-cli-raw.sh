#!/bin/sh
# run-cli-raw.sh - exact bits of vfetch's raw, csv and hex output.
#
# Bits of raw output (versions 1 and 2) checked against values computed
# here by hand from the D3D rules and the case's own layout, not from
# vfetch; csv output and the --instances / --positions selections.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
. "$(dirname "$0")/cli-lib.sh"

cd "$EXAMPLES" || exit 99

# ---------------------------------------------------------------------------
# Exact bits of raw output, computed here from the rules.
#
# triangle.json: positions (0, 0.5, 0), (0.5, -0.5, 0), (-0.5, -0.5, 0) as
# R32G32B32_FLOAT (bits copied; .w missing -> 1.0 = 0x3f800000); colours
# bytes ff 00 00 ff, 00 ff 00 ff, 00 00 ff 80 as R8G8B8A8_UNORM: 0xff -> 1.0,
# 0 -> 0, 0x80 -> 128/255 correctly rounded: 128/255 = 0.5 + 1/510 and
# 2^24/510 = 32896.502 rounds up to 32897 = 0x8081, so 0x3f008081.
# SV_VertexID 0, 1, 2 (DrawInstanced counts from 0), SV_InstanceID 0, flags 0.
# Header: "VFR1" = 0x31524656, version 1, E = 2, V = 3, I = 1, W = 4*2+3 = 11.

# Little-endian bytes of 32-bit words given in hex, as `od -tx1` prints them.
le_bytes() {
    for w in "$@"; do
        echo "$w" | sed 's/\(..\)\(..\)\(..\)\(..\)/\4 \3 \2 \1/'
    done | tr '\n' ' ' | tr -s ' ' | sed 's/^ //; s/ $//'
}

expected_raw=$(le_bytes \
    31524656 00000001 00000002 00000003 00000001 0000000b \
    00000000 3f000000 00000000 3f800000  3f800000 00000000 00000000 3f800000 \
    00000000 00000000 00000000 \
    3f000000 bf000000 00000000 3f800000  00000000 3f800000 00000000 3f800000 \
    00000001 00000000 00000000 \
    bf000000 bf000000 00000000 3f800000  00000000 00000000 3f800000 3f008081 \
    00000002 00000000 00000000)
actual_raw=$("$VFETCH" run --output raw1 triangle.json | od -An -v -tx1 |
             tr '\n' ' ' | tr -s ' ' | sed 's/^ //; s/ $//')
if [ "$actual_raw" = "$expected_raw" ]; then
    pass
else
    fail "triangle.json raw bits"
    echo "expected: $expected_raw"
    echo "actual:   $actual_raw"
fi

# strip-cuts.json, instance 0, position 4: index 0xFFFF with IBStripCutValue
# 0xFFFF in a strip: a cut, all words zero and flags bit 0 set. Record 4 of
# W = 4*1+3 = 7 words starts at byte 24 + 4*7*4 = 136; position 5 reads
# index 6, element 6 - 2 = 4 = R16G16_SINT (4, -4): 4, 0xfffffffc, 0, 1,
# SV_VertexID 6 (the raw index), SV_InstanceID 0, flags 0.
expected_raw=$(le_bytes \
    00000000 00000000 00000000 00000000 00000000 00000000 00000001 \
    00000004 fffffffc 00000000 00000001 00000006 00000000 00000000)
actual_raw=$("$VFETCH" run --output raw1 strip-cuts.json | od -An -v -tx1 -j136 -N56 |
             tr '\n' ' ' | tr -s ' ' | sed 's/^ //; s/ $//')
if [ "$actual_raw" = "$expected_raw" ]; then
    pass
else
    fail "strip-cuts.json raw bits of the cut"
    echo "expected: $expected_raw"
    echo "actual:   $actual_raw"
fi

# Raw version 2 of triangle.json, from the case's layout: the header words
# "VFR1", version 2, header bytes H, R = 3 registers (POSITION0, COLOR0, the
# system register), W = 4 * 3 = 12 words a record, V = 3, I = 1, instances
# 0 (1 of them), positions 0 (3 of them), flags 0 (the whole draw); then a
# register entry each: kind (0 element, 3 system), semantic index, DXGI
# format value (R32G32B32_FLOAT = 6, R8G8B8A8_UNORM = 28, UNKNOWN = 0),
# component type (3 FLOAT32, 1 UINT32), name and format-name lengths, the
# two names padded with zeros to whole words. 48 + 48 + 48 + 44 = 188 bytes
# padded to H = 192. Records: the version 1 words with the system
# register's fourth word (0) kept.
ascii_words() { # the words of a string padded to whole words, little-endian
    printf '%s' "$1" | od -An -v -tx1 | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'
    _n=$(( (4 - ${#1} % 4) % 4 ))
    while [ "$_n" -gt 0 ]; do printf ' 00'; _n=$((_n - 1)); done
}
expected_raw="$(le_bytes 31524656 00000002 000000c0 00000003 0000000c 00000003 00000001 \
    00000000 00000001 00000000 00000003 00000000) \
$(le_bytes 00000000 00000000 00000006 00000003 00000008 0000000f) $(ascii_words POSITION) \
$(ascii_words R32G32B32_FLOAT) \
$(le_bytes 00000000 00000000 0000001c 00000003 00000005 0000000e) $(ascii_words COLOR) \
$(ascii_words R8G8B8A8_UNORM) \
$(le_bytes 00000003 00000000 00000000 00000001 00000009 00000007) $(ascii_words VF_SYSTEM) \
$(ascii_words UNKNOWN) $(le_bytes 00000000) \
$(le_bytes \
    00000000 3f000000 00000000 3f800000  3f800000 00000000 00000000 3f800000 \
    00000000 00000000 00000000 00000000 \
    3f000000 bf000000 00000000 3f800000  00000000 3f800000 00000000 3f800000 \
    00000001 00000000 00000000 00000000 \
    bf000000 bf000000 00000000 3f800000  00000000 00000000 3f800000 3f008081 \
    00000002 00000000 00000000 00000000)"
expected_raw=$(echo "$expected_raw" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')
actual_raw=$("$VFETCH" run --output raw triangle.json | od -An -v -tx1 |
             tr '\n' ' ' | tr -s ' ' | sed 's/^ //; s/ $//')
actual_v2=$("$VFETCH" run --output raw --raw-version 2 triangle.json | od -An -v -tx1 |
            tr '\n' ' ' | tr -s ' ' | sed 's/^ //; s/ $//')
if [ "$actual_raw" = "$expected_raw" ] && [ "$actual_v2" = "$expected_raw" ]; then
    pass
else
    fail "triangle.json raw version 2 bits"
    echo "expected: $expected_raw"
    echo "actual:   $actual_raw"
fi

# The same positions with --positions 1..2: header words 7..11 say instance
# 0 (1), positions 1 (2 of them), flags 1 (a selection); records 1 and 2.
actual_raw=$("$VFETCH" run --output raw --positions 1..2 triangle.json | od -An -v -tx1 |
             tr '\n' ' ' | tr -s ' ' | sed 's/^ //; s/ $//')
expected_sel=$(echo "$expected_raw" | cut -d' ' -f1-28)
expected_sel="$expected_sel $(le_bytes 00000000 00000001 00000001 00000002 00000001)"
expected_sel="$expected_sel $(echo "$expected_raw" | cut -d' ' -f49-192,241-)"
if [ "$actual_raw" = "$expected_sel" ]; then
    pass
else
    fail "triangle.json raw version 2 with --positions 1..2"
    echo "expected: $expected_sel"
    echo "actual:   $actual_raw"
fi

# csv: a line of column names, then a line per record with the values the
# raw test above spells out (0x3f008081 prints as 0.501960814).
cat >"$tmp/tri.csv" <<'CSV'
instance,position,cut,SV_VertexID,SV_InstanceID,flags,POSITION0.x,POSITION0.y,POSITION0.z,POSITION0.w,COLOR0.x,COLOR0.y,COLOR0.z,COLOR0.w
0,0,0,0,0,0,0,0.5,0,1,1,0,0,1
0,1,0,1,0,0,0.5,-0.5,0,1,0,1,0,1
0,2,0,2,0,0,-0.5,-0.5,0,1,0,0,1,0.501960814
CSV
if "$VFETCH" run --output csv triangle.json | cmp -s - "$tmp/tri.csv"; then
    pass
else
    fail "triangle.json csv"
    "$VFETCH" run --output csv triangle.json | diff "$tmp/tri.csv" - | head
fi
# --hex: the words as bit patterns.
if "$VFETCH" run --output csv --hex triangle.json | sed -n 4p |
   grep -qx '0,2,0,2,0,0,0xbf000000,0xbf000000,0x00000000,0x3f800000,0x00000000,0x00000000,0x3f800000,0x3f008081'; then
    pass
else
    fail "triangle.json csv --hex"
fi

# Selections in every mode: instancing.json draws 3 vertices x 4 instances.
# csv with --instances 1..2 --positions 2 has the lines of the full csv
# whose instance is 1 or 2 and position 2.
"$VFETCH" run --output csv instancing.json >"$tmp/all.csv"
awk -F, 'NR == 1 || (($1 == 1 || $1 == 2) && $2 == 2)' "$tmp/all.csv" >"$tmp/want.csv"
if "$VFETCH" run --output csv --instances 1..2 --positions 2 instancing.json |
   cmp -s - "$tmp/want.csv"; then
    pass
else
    fail "csv with --instances 1..2 --positions 2"
fi
# json: the selection object and exactly those records.
"$VFETCH" run --output json --instances 3 --positions 0..1 instancing.json >"$tmp/sel.json"
if grep -q '"selection": {"FirstInstance": 3, "InstanceCount": 1, "FirstPosition": 0, "PositionCount": 2}' "$tmp/sel.json" &&
   [ "$(grep -c '"instance": 3, "position": [01],' "$tmp/sel.json")" -eq 2 ] &&
   [ "$(grep -c '"instance":' "$tmp/sel.json")" -eq 2 ]; then
    pass
else
    fail "json with --instances 3 --positions 0..1"
fi
# table: a "selected:" line and only instance 2.
"$VFETCH" run --instances 2 instancing.json >"$tmp/sel.table"
if grep -qx 'selected: instances 2..2, positions 0..2' "$tmp/sel.table" &&
   grep -qx 'instance 2' "$tmp/sel.table" && ! grep -q '^instance [013]$' "$tmp/sel.table"; then
    pass
else
    fail "table with --instances 2"
fi
# raw: selection words, and (file size - H) / 4 / W = 2 records.
"$VFETCH" run --output raw --instances 1..2 --positions 1 -o "$tmp/sel.raw" instancing.json
set -- $(od -An -v -tu4 -N48 "$tmp/sel.raw")
_size=$(wc -c <"$tmp/sel.raw")
if [ "$8 $9 ${10} ${11} ${12}" = "1 2 1 1 1" ] && [ $(( (_size - $3) / 4 / $5 )) -eq 2 ] &&
   [ $(( (_size - $3) % (4 * $5) )) -eq 0 ]; then
    pass
else
    fail "raw with --instances 1..2 --positions 1: header $*, $_size bytes"
fi


cli_summary
