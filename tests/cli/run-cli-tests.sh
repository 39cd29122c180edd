#!/bin/sh
# run-cli-tests.sh - tests of the vfetch command-line tool.
#
# 1. Every command on every example, against the expected files in
#    tests/cli/expected/ (table, --hex, json, raw, validate), with every fetch
#    path this machine has and with a thread pool: all must give the same
#    bytes.
# 2. Bits of raw output (versions 1 and 2) checked against values computed
#    here by hand from the D3D rules and the case's own layout, not from
#    vfetch; csv output and the --instances / --positions selections.
# 3. Malformed input of each kind: exit status 2, one line naming the JSON
#    path and the problem, nothing on standard output, never a crash.
# 4. Invalid layouts and draws: exit status 1.
#
# The expected files were generated once with VFETCH_CLI_REGENERATE=1 and
# then checked by hand against the rules (see expected/README). Regenerate
# only after an intended change, and review the diff.
#
# Environment: top_srcdir and top_builddir (make check sets both).
set -u

top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${top_builddir:-.}
top_srcdir=$(cd "$top_srcdir" && pwd)
top_builddir=$(cd "$top_builddir" && pwd)

VFETCH="$top_builddir/tools/vfetch/vfetch"
EXAMPLES="$top_srcdir/examples"
EXPECTED="$top_srcdir/tests/cli/expected"
REGENERATE=${VFETCH_CLI_REGENERATE:-}

if [ ! -x "$VFETCH" ]; then
    echo "run-cli-tests: $VFETCH not built" >&2
    exit 99
fi

# The library picks its fetch path from VFETCH_ISA too: start clean.
unset VFETCH_ISA

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vfetch-cli.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM

failures=0
checks=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

pass() {
    checks=$((checks + 1))
}

# Functions share the script's variables: those they set start with an
# underscore.

# capture OUT CMD... : stdout, then stderr (if any) and the exit status, in
# one file, the format of the expected files.
capture() {
    _out=$1
    shift
    "$@" >"$tmp/stdout" 2>"$tmp/stderr"
    _status=$?
    cat "$tmp/stdout" >"$_out"
    if [ -s "$tmp/stderr" ]; then
        echo "--- stderr" >>"$_out"
        cat "$tmp/stderr" >>"$_out"
    fi
    echo "--- exit $_status" >>"$_out"
    if [ "$_status" -ge 128 ]; then
        fail "crashed (status $_status): $*"
    fi
    return 0
}

# expect NAME CMD... : the captured output of CMD must equal expected/NAME.
expect() {
    _name=$1
    shift
    capture "$tmp/actual" "$@"
    if [ -n "$REGENERATE" ]; then
        cp "$tmp/actual" "$EXPECTED/$_name"
        pass
        return 0
    fi
    if [ ! -f "$EXPECTED/$_name" ]; then
        fail "$_name: no expected file"
    elif cmp -s "$tmp/actual" "$EXPECTED/$_name"; then
        pass
    else
        fail "$_name: output differs from expected/$_name ($*)"
        diff "$EXPECTED/$_name" "$tmp/actual" | head -20
    fi
}

# expect_raw NAME CMD... : binary standard output equal to expected/NAME.
expect_raw() {
    _name=$1
    shift
    "$@" >"$tmp/raw" 2>"$tmp/stderr"
    _status=$?
    if [ "$_status" -ne 0 ]; then
        fail "$_name: exit status $_status ($*)"
        cat "$tmp/stderr"
        return 0
    fi
    if [ -n "$REGENERATE" ]; then
        cp "$tmp/raw" "$EXPECTED/$_name"
        pass
    elif cmp -s "$tmp/raw" "$EXPECTED/$_name"; then
        pass
    else
        fail "$_name: raw output differs from expected/$_name ($*)"
    fi
}

if [ -n "$REGENERATE" ]; then
    mkdir -p "$EXPECTED"
fi

# Fetch paths this machine runs, from `vfetch version`.
isas=$("$VFETCH" version | sed -n 's/^fetch paths://p' | tr ' ' '\n' |
       sed -n 's/(default)$//; /(unavailable)/d; /./p')
if [ -z "$isas" ]; then
    fail "vfetch version lists no fetch path"
fi

# ---------------------------------------------------------------------------
# 1. Examples against the expected files.

cd "$EXAMPLES" || exit 99
for path in "$EXAMPLES"/*.json; do
    case_file=$(basename "$path")
    ex=${case_file%.json}
    # Relative names, so that messages do not depend on the source path.
    expect "$ex.table" "$VFETCH" run "$case_file"
    expect "$ex.hex" "$VFETCH" run --hex "$case_file"
    expect "$ex.json" "$VFETCH" run --output json "$case_file"
    expect "$ex.validate" "$VFETCH" validate "$case_file"
    if [ "$ex" != invalid-layout ]; then
        # expected/*.raw hold version 1 (raw1), whose layout is unchanged.
        expect_raw "$ex.raw" "$VFETCH" run --output raw1 "$case_file"
    fi
    [ -n "$REGENERATE" ] && continue
    # Every fetch path, VFETCH_ISA and a thread pool: the same bytes.
    for isa in $isas; do
        expect "$ex.hex" "$VFETCH" run --hex --isa "$isa" "$case_file"
        expect "$ex.hex" env VFETCH_ISA="$isa" "$VFETCH" run --hex "$case_file"
    done
    expect "$ex.hex" "$VFETCH" run --hex --threads 3 "$case_file"
done

expect formats.txt "$VFETCH" formats
expect formats.json "$VFETCH" formats --json
expect demo.table "$VFETCH" demo
expect demo.json "$VFETCH" demo --output json
expect demo-case.json "$VFETCH" demo --case
# D3D11 cuts in lists: the cut record, and the primitive list restarting.
expect d3d11-list-cut.prims.table "$VFETCH" run --primitives ../tests/cli/cases/d3d11-list-cut.json
expect d3d11-list-cut.prims.json "$VFETCH" run --primitives --output json \
    ../tests/cli/cases/d3d11-list-cut.json

# --primitives: the primitive list after the records (table and json).
for ex in strip-cuts triangle-strip-adj patch-list d3d11-strip-cut; do
    expect "$ex.prims.table" "$VFETCH" run --primitives "$ex.json"
    expect "$ex.prims.json" "$VFETCH" run --primitives --output json "$ex.json"
done

# --reuse: the distinct records, the remap, the primitives as records; the
# same on every fetch path and with a thread pool.
for ex in vertex-reuse strip-cuts instancing out-of-bounds; do
    expect "$ex.reuse.table" "$VFETCH" run --reuse --primitives "$ex.json"
    expect "$ex.reuse.json" "$VFETCH" run --reuse --primitives --output json "$ex.json"
    [ -n "$REGENERATE" ] && continue
    for isa in $isas; do
        expect "$ex.reuse.json" "$VFETCH" run --reuse --primitives --output json --isa "$isa" \
            "$ex.json"
    done
    expect "$ex.reuse.json" "$VFETCH" run --reuse --primitives --output json --threads 3 \
        "$ex.json"
    # Through the remap, each position's record holds what the position's own
    # record holds, cuts map to -1, and the primitives name the same records.
    if command -v python3 >/dev/null 2>&1; then
        "$VFETCH" run --primitives --output json "$ex.json" >"$tmp/per.json"
        "$VFETCH" run --reuse --primitives --output json "$ex.json" >"$tmp/reuse.json"
        if python3 - "$tmp/per.json" "$tmp/reuse.json" <<'PY'
import json, sys
per = json.load(open(sys.argv[1]))
reuse = json.load(open(sys.argv[2]))
recs = reuse["records"]
bypos = {(r["instance"], r["position"]): r for r in per["records"]}
for m in reuse["remap"]:
    for p, k in enumerate(m["records"]):
        want = bypos[(m["instance"], p)]
        if k < 0:
            assert want["cut"], (m["instance"], p)
            continue
        got = recs[k]
        assert got["instance"] == m["instance"]
        for key in ("cut", "SV_VertexID", "SV_InstanceID", "flags", "data"):
            assert got[key] == want[key], (m["instance"], p, key)
for a, b in zip(per.get("primitives", []), reuse.get("primitives", [])):
    remap = reuse["remap"][a["instance"]]["records"]
    assert [remap[v] for v in a["vertices"]] == b["vertices"], a
assert len(per.get("primitives", [])) == len(reuse.get("primitives", []))
PY
        then
            pass
        else
            fail "$ex: --reuse records differ from the per-position records"
        fi
    fi
done

if [ -z "$REGENERATE" ]; then
    # The demo's case, run from a file, gives the demo's output.
    "$VFETCH" demo --case >"$tmp/demo.json"
    (cd "$tmp" && "$VFETCH" run demo.json) >"$tmp/demo-run" 2>&1
    "$VFETCH" demo >"$tmp/demo-out" 2>&1
    if cmp -s "$tmp/demo-run" "$tmp/demo-out"; then
        pass
    else
        fail "vfetch run on the demo's --case output differs from vfetch demo"
    fi

    # "-" reads the case from standard input (File names relative to the
    # current directory, here the examples).
    "$VFETCH" run --hex - <triangle.json >"$tmp/stdin.out" 2>&1
    echo "--- exit $?" >>"$tmp/stdin.out"
    if cmp -s "$tmp/stdin.out" "$EXPECTED/triangle.hex"; then
        pass
    else
        fail "vfetch run - (standard input) differs from expected/triangle.hex"
    fi

    # -o FILE writes what standard output gets.
    "$VFETCH" run --output json -o "$tmp/o.json" instancing.json
    if "$VFETCH" run --output json instancing.json | cmp -s - "$tmp/o.json"; then
        pass
    else
        fail "-o FILE differs from standard output"
    fi
    "$VFETCH" run --output=raw --raw-version=1 --output-file="$tmp/o.raw" instancing.json
    if cmp -s "$EXPECTED/instancing.raw" "$tmp/o.raw"; then
        pass
    else
        fail "--output-file=FILE raw differs from the expected raw file"
    fi
fi

if [ -n "$REGENERATE" ]; then
    echo "run-cli-tests: expected files regenerated in $EXPECTED; review them"
    exit 0
fi

# ---------------------------------------------------------------------------
# 2. Exact bits of raw output, computed here from the rules.
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

# ---------------------------------------------------------------------------
# 3. Malformed input: exit 2, one line on stderr containing TEXT, no stdout.

cd "$tmp" || exit 99
printf '\000\000\200\077\000\000\000\100' >data8.bin      # 8 bytes: 1.0f 2.0f
mkdir adir

# bad NAME TEXT JSON [ARGS...]: runs `vfetch run` (or ARGS) on JSON.
bad() {
    _name=$1
    _text=$2
    printf '%s' "$3" >bad.json
    shift 3
    if [ $# -eq 0 ]; then
        set -- run bad.json
    fi
    "$VFETCH" "$@" >out.txt 2>err.txt
    _status=$?
    _lines=$(wc -l <err.txt)
    if [ "$_status" -ne 2 ]; then
        fail "$_name: exit status $_status, expected 2"
        cat err.txt
    elif [ -s out.txt ]; then
        fail "$_name: wrote to standard output"
    elif [ "$_lines" -ne 1 ]; then
        fail "$_name: $_lines lines on stderr, expected 1"
        cat err.txt
    elif ! grep -F -q -- "$_text" err.txt; then
        fail "$_name: message lacks '$_text'"
        cat err.txt
    else
        pass
    fi
}

L='"InputLayout": [{"SemanticName": "P", "Format": "R32_FLOAT"}]'
VB='"VertexBuffers": [{"Slot": 0, "Hex": "0000803f", "StrideInBytes": 4}]'
D='"Draw": {"DrawInstanced": {"VertexCountPerInstance": 1}}'

# The baseline case is fine: every bad case below differs in one place.
printf '{%s, %s, %s}' "$L" "$VB" "$D" >good.json
if "$VFETCH" run good.json >/dev/null 2>&1; then pass; else fail "baseline case"; fi

# Bad JSON, with line and column.
bad json-syntax 'line 2, column 1: unexpected character' "{$L,
}"
bad json-trailing-comma 'unexpected character' "{$L, $D,}"
bad json-truncated 'unexpected end of the JSON text' "{$L, $VB"
bad json-empty 'line 1, column 1: unexpected end' ''
bad json-garbage-after 'line 1, column' "{$L, $D} {}"
bad json-not-object 'must be a JSON object, got an array' '[1, 2]'
bad null-field 'InputLayout[0].InputSlot: expected a non-negative integer, got null' \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"InputSlot\": null, \"Format\": \"R32_FLOAT\"}], $D}"
bad null-element 'InputLayout[0]: expected an object, got null' "{\"InputLayout\": [null], $D}"
bad null-draw 'Draw: expected an object, got null' "{$L, \"Draw\": null}"
deep=$(i=0; while [ $i -lt 100 ]; do printf '['; i=$((i + 1)); done)
bad json-too-deep 'nesting too deep' "{\"Description\": $deep"
bad json-nul-in-string 'NUL character' "{\"InputLayout\": [{\"SemanticName\": \"P\\u0000Q\", \"Format\": \"R32_FLOAT\"}], $D}"

# Unknown fields at every level, and missing required ones.
bad unknown-root-field "unknown field 'Draws'" "{$L, \"Draws\": {}}"
bad unknown-element-field "InputLayout[0]: unknown field 'Inputslot' (did you mean 'InputSlot'?)" \
    '{"InputLayout": [{"SemanticName": "P", "Format": "R32_FLOAT", "Inputslot": 0}], '"$D}"
bad unknown-vb-field "VertexBuffers[0]: unknown field 'Stride'" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"00\", \"Stride\": 4}], $D}"
bad unknown-ib-field "IndexBuffer: unknown field 'Slot'" \
    "{$L, \"IndexBuffer\": {\"Slot\": 0, \"Format\": \"R16_UINT\"}, $D}"
bad unknown-draw "Draw: unknown field 'Draw'" "{$L, \"Draw\": {\"Draw\": {}}}"
bad unknown-draw-arg "Draw.DrawInstanced: unknown field 'BaseVertexLocation'" \
    "{$L, \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": 1, \"BaseVertexLocation\": 0}}}"
bad two-draws "give exactly one of" \
    "{$L, \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": 1}, \"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 1}}}"
bad duplicate-root "field 'Draw' appears twice" "{$L, $D, $D}"
bad duplicate-element "InputLayout[0]: field 'Format' appears twice" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": \"R32_FLOAT\", \"Format\": \"R8_UINT\"}], $D}"
bad duplicate-draw-arg "Draw.DrawInstanced: field 'InstanceCount' appears twice" \
    "{$L, \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": 1, \"InstanceCount\": 1, \"InstanceCount\": 2}}}"
bad missing-draw "missing field 'Draw'" "{$L}"
bad missing-layout "missing field 'InputLayout'" "{$D}"
bad missing-format "InputLayout[0]: missing field 'Format'" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\"}], $D}"
bad missing-count "Draw.DrawInstanced: missing field 'VertexCountPerInstance'" \
    "{$L, \"Draw\": {\"DrawInstanced\": {\"InstanceCount\": 1}}}"
bad missing-stride "VertexBuffers[0]: missing field 'StrideInBytes'" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"00\"}], $D}"

# Unknown names.
bad unknown-format "InputLayout[0].Format: unknown format 'R32G32B32_FLAOT'" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": \"R32G32B32_FLAOT\"}], $D}"
bad unknown-format-newline "InputLayout[0].Format: unknown format 'R32?_FLOAT'" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": \"R32\\n_FLOAT\"}], $D}"
bad unknown-class "InputLayout[0].InputSlotClass: unknown input classification 'PER_VERTEX'" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": \"R32_FLOAT\", \"InputSlotClass\": \"PER_VERTEX\"}], $D}"
bad unknown-offset "InputLayout[0].AlignedByteOffset: expected a number, 'APPEND'" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": \"R32_FLOAT\", \"AlignedByteOffset\": \"APPENDED\"}], $D}"
bad unknown-topology "PrimitiveTopology: unknown primitive topology 'TRIANGLES'" \
    "{$L, \"PrimitiveTopology\": \"TRIANGLES\", $D}"
bad unknown-cut "IBStripCutValue: unknown strip cut value '0xFFFE'" \
    "{$L, \"IBStripCutValue\": \"0xFFFE\", $D}"
bad unknown-index-format "IndexBuffer.Format: unknown format 'R16_UINTT'" \
    "{$L, \"IndexBuffer\": {\"Format\": \"R16_UINTT\", \"Hex\": \"0000\"}, $D}"
bad bad-mapping "InputLayout[0].ComponentMapping: 'xyzq' is neither" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": \"R32_FLOAT\", \"ComponentMapping\": \"xyzq\"}], $D}"
bad bad-component-type "Signature[0].ComponentType: unknown register component type 'FLOAT'" \
    "{$L, \"Signature\": [{\"SemanticName\": \"P\", \"Register\": 0, \"ComponentType\": \"FLOAT\"}], $D}"

# Wrong types.
bad type-layout "InputLayout: expected an array, got an object" "{\"InputLayout\": {}, $D}"
bad type-element "InputLayout[0]: expected an object, got a string" "{\"InputLayout\": [\"P\"], $D}"
bad type-name "InputLayout[0].SemanticName: expected a string, got an integer" \
    "{\"InputLayout\": [{\"SemanticName\": 7, \"Format\": \"R32_FLOAT\"}], $D}"
bad type-index "InputLayout[0].SemanticIndex: expected a non-negative integer, got a string" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"SemanticIndex\": \"0\", \"Format\": \"R32_FLOAT\"}], $D}"
bad type-fraction "InputLayout[0].InputSlot: expected a non-negative integer, got a fractional number" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"InputSlot\": 1.5, \"Format\": \"R32_FLOAT\"}], $D}"
bad type-format "InputLayout[0].Format: expected a DXGI format name or a number, got a boolean" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": true}], $D}"
bad type-null "VertexBuffers[0].Null: expected true or false, got an integer" \
    "{$L, \"VertexBuffers\": [{\"Null\": 1}], $D}"
bad type-hex "VertexBuffers[0].Hex: expected a hex string or an array of them, got an integer" \
    "{$L, \"VertexBuffers\": [{\"Hex\": 12, \"StrideInBytes\": 4}], $D}"
bad type-hex-item "VertexBuffers[0].Hex[1]: expected a string, got null" \
    "{$L, \"VertexBuffers\": [{\"Hex\": [\"00\", null], \"StrideInBytes\": 4}], $D}"
bad type-draw "Draw.DrawInstanced: expected an object, got an array" \
    "{$L, \"Draw\": {\"DrawInstanced\": []}}"
bad type-description "Description: expected a string, got an object" \
    "{\"Description\": {}, $L, $D}"

# Negative numbers where D3D12 has a UINT, and numbers out of range.
bad negative-slot "InputLayout[0].InputSlot: -1 is negative" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"InputSlot\": -1, \"Format\": \"R32_FLOAT\"}], $D}"
bad negative-count "Draw.DrawInstanced.VertexCountPerInstance: -3 is negative" \
    "{$L, \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": -3}}}"
bad negative-stride "VertexBuffers[0].StrideInBytes: -4 is negative" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"00\", \"StrideInBytes\": -4}], $D}"
bad negative-offset "VertexBuffers[0].Offset: -1 is negative" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"00\", \"StrideInBytes\": 4, \"Offset\": -1}], $D}"
bad negative-start "Draw.DrawIndexedInstanced.StartIndexLocation: -1 is negative" \
    "{$L, \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 1, \"StartIndexLocation\": -1}}}"
bad uint-too-big "InputLayout[0].AlignedByteOffset: 4294967296 is above 4294967295" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"AlignedByteOffset\": 4294967296, \"Format\": \"R32_FLOAT\"}], $D}"
bad uint-far-too-big "InputLayout[0].SemanticIndex: the number is far above 4294967295" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"SemanticIndex\": 123456789012345678901234567890, \"Format\": \"R32_FLOAT\"}], $D}"
bad int-far-too-small "the number is far below" \
    "{$L, \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 1, \"BaseVertexLocation\": -123456789012345678901234567890}}}"
bad base-vertex-range "Draw.DrawIndexedInstanced.BaseVertexLocation: 2147483648 is above 2147483647" \
    "{$L, \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 1, \"BaseVertexLocation\": 2147483648}}}"
bad slot-too-big "VertexBuffers[0].Slot: slot 32; D3D12 has slots 0..31" \
    "{$L, \"VertexBuffers\": [{\"Slot\": 32, \"Hex\": \"00\", \"StrideInBytes\": 4}], $D}"
bad slot-twice "VertexBuffers[1].Slot: slot 0 is listed twice" \
    "{$L, \"VertexBuffers\": [{\"Slot\": 0, \"Null\": true}, {\"Slot\": 0, \"Null\": true}], $D}"
bad mapping-too-big "InputLayout[0].ComponentMapping: '0x100000000' is not a 32-bit hex number" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": \"R32_FLOAT\", \"ComponentMapping\": \"0x100000000\"}], $D}"

# Huge counts: refused before anything is allocated.
bad huge-draw "Draw: 4294967295 x 4294967295 records" \
    "{$L, $VB, \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": 4294967295, \"InstanceCount\": 4294967295}}}"
bad huge-draw-1gib "more than the 1 GiB" \
    "{$L, $VB, \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": 40000000}}}"
bad huge-layout "InputLayout: 1025 elements; the tool reads at most 1024" \
    "{\"InputLayout\": [$(i=0; while [ $i -lt 1024 ]; do printf '{"SemanticName": "P", "Format": "R32_FLOAT"}, '; i=$((i + 1)); done){\"SemanticName\": \"P\", \"Format\": \"R32_FLOAT\"}], $D}"

# Buffer data: missing and short files, views past the data, bad hex.
bad missing-file "VertexBuffers[0].File: cannot read 'nope.bin': No such file or directory" \
    "{$L, \"VertexBuffers\": [{\"File\": \"nope.bin\", \"StrideInBytes\": 4}], $D}"
bad directory-file "VertexBuffers[0].File: cannot read 'adir'" \
    "{$L, \"VertexBuffers\": [{\"File\": \"adir\", \"StrideInBytes\": 4}], $D}"
bad empty-file-name "VertexBuffers[0].File: empty file name" \
    "{$L, \"VertexBuffers\": [{\"File\": \"\", \"StrideInBytes\": 4}], $D}"
bad short-file "VertexBuffers[0].SizeInBytes: 12 bytes from Offset 0, but the data holds only 8" \
    "{$L, \"VertexBuffers\": [{\"File\": \"data8.bin\", \"SizeInBytes\": 12, \"StrideInBytes\": 4}], $D}"
bad short-file-offset "VertexBuffers[0].SizeInBytes: 8 bytes from Offset 4, but the data holds only 8" \
    "{$L, \"VertexBuffers\": [{\"File\": \"data8.bin\", \"Offset\": 4, \"SizeInBytes\": 8, \"StrideInBytes\": 4}], $D}"
bad offset-past-end "VertexBuffers[0].Offset: 9 is past the end of the data (8 bytes)" \
    "{$L, \"VertexBuffers\": [{\"File\": \"data8.bin\", \"Offset\": 9, \"StrideInBytes\": 4}], $D}"
bad size-past-hex "IndexBuffer.SizeInBytes: 6 bytes from Offset 0, but the data holds only 4" \
    "{$L, \"IndexBuffer\": {\"Format\": \"R16_UINT\", \"Hex\": \"00000100\", \"SizeInBytes\": 6}, $D}"
bad size-max-uint "VertexBuffers[0].SizeInBytes: 4294967295 bytes" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"00\", \"SizeInBytes\": 4294967295, \"StrideInBytes\": 4}], $D}"
bad file-and-hex "VertexBuffers[0]: give one data source, not both 'File' and 'Hex'" \
    "{$L, \"VertexBuffers\": [{\"File\": \"data8.bin\", \"Hex\": \"00\", \"StrideInBytes\": 4}], $D}"
bad null-with-data "VertexBuffers[0]: a view with \"Null\": true takes no 'Hex'" \
    "{$L, \"VertexBuffers\": [{\"Null\": true, \"Hex\": \"00\", \"StrideInBytes\": 4}], $D}"
bad size-without-data "VertexBuffers[0]: 'Offset' and 'SizeInBytes' need data" \
    "{$L, \"VertexBuffers\": [{\"SizeInBytes\": 16, \"StrideInBytes\": 4}], $D}"
bad hex-odd "VertexBuffers[0].Hex: odd number of hex digits" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"000\", \"StrideInBytes\": 4}], $D}"
bad hex-digit "VertexBuffers[0].Hex: character 2 ('x') is not a hex digit" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"00x0\", \"StrideInBytes\": 4}], $D}"
bad hex-split-byte "VertexBuffers[0].Hex: blank inside the byte at character 1" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"0 0\", \"StrideInBytes\": 4}], $D}"
bad ib-missing-format "IndexBuffer: missing field 'Format'" \
    "{$L, \"IndexBuffer\": {\"Hex\": \"0000\"}, $D}"

# The case file itself, usage and fetch paths.
bad missing-case "cannot read the case file: No such file or directory" '' run no-such-case.json
bad case-is-directory "adir: cannot read the case file" '' run adir
bad no-case "run needs a case file" '' run
bad two-cases "unexpected argument 'good.json'" '' run good.json good.json
bad unknown-command "unknown command 'rnu'" '' rnu
bad unknown-option "unknown option '--frobnicate'" '' run --frobnicate good.json
bad unknown-output "unknown output format 'xml'" '' run --output xml good.json
bad option-needs-value "option '--isa' needs a value" '' run good.json --isa
bad bad-threads "--threads needs a number from 1 to 256, not '0'" '' run --threads 0 good.json
bad bad-threads-text "--threads needs a number from 1 to 256, not 'many'" '' run --threads many good.json
bad unknown-isa "--isa: unknown instruction set 'avx1024'; available here: scalar" '' run --isa avx1024 good.json
bad help-unknown "no command 'frobnicate'" '' help frobnicate
bad formats-arg "unexpected argument 'x'" '' formats x
bad primitives-raw "--primitives prints with table or json output, not raw" '' \
    run --primitives --output raw good.json
bad reuse-csv "--reuse prints with table or json output" '' run --reuse --output csv good.json
bad reuse-raw "--reuse prints with table or json output" '' run --reuse --output raw good.json
bad reuse-selection "--reuse prints the whole draw" '' run --reuse --positions 0..1 good.json
VFETCH_ISA=avx1024
export VFETCH_ISA
bad env-isa "VFETCH_ISA: unknown instruction set 'avx1024'" '' run good.json
unset VFETCH_ISA
for isa in scalar sse2 ssse3 sse41 avx2 neon; do
    if ! echo "$isas" | grep -qx "$isa"; then
        bad "unavailable-$isa" "instruction set '$isa' is not available on this machine; available here:" \
            '' run --isa "$isa" good.json
    fi
done

# ---------------------------------------------------------------------------
# 4. D3D rule violations: exit 1 and the rule named.

# invalid NAME TEXT JSON [COMMAND]: exit 1, TEXT in the messages.
invalid() {
    _name=$1
    _text=$2
    printf '%s' "$3" >inv.json
    "$VFETCH" "${4:-run}" inv.json >out.txt 2>&1
    _status=$?
    if [ "$_status" -ne 1 ]; then
        fail "$_name: exit status $_status, expected 1"
        cat out.txt
    elif ! grep -F -q -- "$_text" out.txt; then
        fail "$_name: messages lack '$_text'"
        cat out.txt
    else
        pass
    fi
}

invalid layout-not-vertex-format "Format D32_FLOAT is not an input-assembler vertex format" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": \"D32_FLOAT\"}], $D}"
invalid layout-numeric-format "element 0 (P0)" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": 116}], $D}" validate
invalid layout-null-name "element 0" \
    "{\"InputLayout\": [{\"SemanticName\": null, \"Format\": \"R32_FLOAT\"}], $D}" validate
invalid layout-slot-16 "MaxInputSlots" \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"InputSlot\": 16, \"Format\": \"R32_FLOAT\"}], $D}"
invalid draw-cut-mismatch "invalid draw" \
    "{$L, \"IndexBuffer\": {\"Format\": \"R16_UINT\", \"Hex\": \"0000\"}, \"IBStripCutValue\": \"0xFFFFFFFF\", \"PrimitiveTopology\": \"TRIANGLESTRIP\", \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 1}}}"
invalid draw-cut-validate "strip cut value does not match the index format" \
    "{$L, \"IndexBuffer\": {\"Format\": \"R16_UINT\", \"Hex\": \"0000\"}, \"IBStripCutValue\": \"0xFFFFFFFF\", \"PrimitiveTopology\": \"TRIANGLESTRIP\", \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 1}}}" validate
invalid draw-stride-validate "StrideInBytes" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"00000000\", \"StrideInBytes\": 6}], $D}" validate
invalid draw-index-format "IndexBuffer.Format: R16_UINT or R32_UINT" \
    "{$L, \"IndexBuffer\": {\"Format\": \"R8_UINT\", \"Hex\": \"00\"}, \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 1}}}"
invalid draw-stride-too-large "StrideInBytes" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"00000000\", \"StrideInBytes\": 2052}], $D}"
invalid draw-stride-misaligned "StrideInBytes" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"00000000\", \"StrideInBytes\": 6}], $D}"
invalid draw-topology "PrimitiveTopology" \
    "{$L, \"PrimitiveTopology\": 6, $D}"
invalid view-offset-misaligned "slot 0: view Offset 2 is not a multiple of 4" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"000000000000\", \"Offset\": 2, \"StrideInBytes\": 4}], $D}"
invalid view-offset-validate "slot 0: view Offset 2 is not a multiple of 4" \
    "{$L, \"VertexBuffers\": [{\"Hex\": \"000000000000\", \"Offset\": 2, \"StrideInBytes\": 4}], $D}" validate
invalid ib-offset-misaligned "IndexBuffer: view Offset 1 is not a multiple of the index size 2" \
    "{$L, \"IndexBuffer\": {\"Format\": \"R16_UINT\", \"Hex\": \"000000\", \"Offset\": 1}, \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 1}}}"

# A null IndexBuffer is no index buffer: no format, so nothing to pair with
# IBStripCutValue 0xFFFFFFFF; the draw reads index 0 everywhere and gives
# what the same case without IndexBuffer gives.
NOIB="{$L, $VB, \"IBStripCutValue\": \"0xFFFFFFFF\", \"PrimitiveTopology\": \"TRIANGLESTRIP\", \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 3}}}"
printf '%s' "$NOIB" >no-ib.json
printf '%s' "$NOIB" | sed 's/"IBStripCutValue"/"IndexBuffer": {"Null": true}, "IBStripCutValue"/' >null-ib.json
for cmd in "run --hex" "run --primitives" validate; do
    # shellcheck disable=SC2086
    "$VFETCH" $cmd no-ib.json >no-ib.out 2>&1
    _s1=$?
    # shellcheck disable=SC2086
    "$VFETCH" $cmd null-ib.json 2>&1 | sed 's/null-ib\.json/no-ib.json/g' >null-ib.out
    if [ "$_s1" -eq 0 ] && cmp -s no-ib.out null-ib.out; then
        pass
    else
        fail "null IndexBuffer with IBStripCutValue 0xFFFFFFFF ($cmd)"
        diff no-ib.out null-ib.out | head -5
    fi
done

# A warning (L14, float data into a UINT32 shader input) is printed but the
# case is valid.
printf '%s' "{$L, $VB, \"Signature\": [{\"SemanticName\": \"P\", \"Register\": 0, \"ComponentType\": \"UINT32\"}], $D}" >warn.json
"$VFETCH" validate warn.json >out.txt 2>&1
_status=$?
if [ "$_status" -eq 0 ] && grep -q "warning: element 0 (P0)" out.txt && grep -q "valid input layout" out.txt; then
    pass
else
    fail "validate with a warning (status $_status)"
    cat out.txt
fi

# Draw warnings: D3D defines what the IA reads, so the draw runs (exit 0),
# each warning on standard error naming the D3D12 debug layer's message ID;
# --werror makes it exit 1; json output lists them under "diagnostics".

# warns NAME LINE JSON: run and validate exit 0 with LINE on stderr and
# nothing of it on stdout; with --werror, exit 1.
warns() {
    _name=$1
    _line=$2
    printf '%s' "$3" >warn.json
    for _cmd in run validate; do
        "$VFETCH" "$_cmd" warn.json >out.txt 2>err.txt
        _status=$?
        if [ "$_status" -ne 0 ] || ! grep -F -q -x -- "warn.json: warning: $_line" err.txt ||
           grep -q "warning" out.txt; then
            fail "$_name: $_cmd: status $_status, stderr lacks 'warn.json: warning: $_line'"
            cat err.txt
        else
            pass
        fi
        "$VFETCH" "$_cmd" --werror warn.json >out.txt 2>err.txt
        _status=$?
        if [ "$_status" -ne 1 ] || ! grep -F -q -- "treated as error" out.txt err.txt; then
            fail "$_name: $_cmd --werror: status $_status, expected 1"
        else
            pass
        fi
    done
}

L2='"InputLayout": [{"SemanticName": "P", "Format": "R32G32B32_FLOAT"}, {"SemanticName": "T", "InputSlot": 1, "Format": "R32G32_FLOAT"}]'
L3='"InputLayout": [{"SemanticName": "P", "Format": "R32G32B32_FLOAT"}]'
VB12='"VertexBuffers": [{"Slot": 0, "Hex": "0000803f 00000040 00004040", "StrideInBytes": 12}]'
warns slot-not-set \
    "COMMAND_LIST_DRAW_VERTEX_BUFFER_NOT_SET: slot 1 (element 1, T0) has no vertex buffer; it reads zeros [code 209]" \
    "{$L2, $VB12, $D}"
warns stride-too-small \
    "COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL: slot 0: StrideInBytes 8 is smaller than element 0 (P0, R32G32B32_FLOAT) which ends at byte 12 [code 210]" \
    "{$L3, \"VertexBuffers\": [{\"Hex\": \"0000803f 00000040 00004040 00000000\", \"StrideInBytes\": 8}], $D}"
warns vertex-buffer-too-small \
    "COMMAND_LIST_DRAW_VERTEX_BUFFER_TOO_SMALL: slot 0: vertices 0..299 at StrideInBytes 12 need 3600 bytes (element 0 (P0, R32G32B32_FLOAT) ends at byte 12 of each) but SizeInBytes is 12; what lies past the end reads zeros [code 211]" \
    "{$L3, $VB12, \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": 300}}}"
warns index-buffer-not-set \
    "COMMAND_LIST_DRAW_INDEX_BUFFER_NOT_SET: index buffer: an indexed draw with no index buffer view; every index reads 0 [code 316]" \
    "{$L, $VB, \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 3}}}"

# The records are what they were: the unbound slot reads zeros.
printf '%s' "{$L2, $VB12, $D}" >warn.json
if [ "$("$VFETCH" run --hex warn.json 2>/dev/null | tail -n 1 | awk '{print $(NF-3), $(NF-2), $(NF-1), $NF}')" = "0x00000000 0x00000000 0x00000000 0x00000000" ]; then
    pass
else
    fail "run with a warning: records"
fi
# json: "diagnostics", one object per warning; the whole output parses.
"$VFETCH" run --output json warn.json >out.json 2>/dev/null
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["diagnostics"]
assert len(d) == 1, d
e = d[0]
assert e["severity"] == "warning" and e["code"] == 209 and e["element"] == 1, e
assert e["MessageID"] == "COMMAND_LIST_DRAW_VERTEX_BUFFER_NOT_SET" and e["D3D12MessageID"] == 202, e
assert e["message"] == "slot 1 (element 1, T0) has no vertex buffer; it reads zeros", e
' out.json; then
    pass
else
    fail "json diagnostics"
    cat out.json
fi
# A case without warnings: nothing on stderr, no "diagnostics", --werror passes.
printf '%s' "{$L, $VB, $D}" >clean.json
if "$VFETCH" run --werror --output json clean.json >out.json 2>err.txt && [ ! -s err.txt ] &&
   ! grep -q diagnostics out.json && "$VFETCH" validate --werror clean.json >/dev/null 2>err.txt &&
   [ ! -s err.txt ]; then
    pass
else
    fail "clean case with --werror"
    cat err.txt
fi
# --werror counts layout warnings too (L14).
printf '%s' "{$L, $VB, \"Signature\": [{\"SemanticName\": \"P\", \"Register\": 0, \"ComponentType\": \"UINT32\"}], $D}" >warn.json
"$VFETCH" run --werror warn.json >/dev/null 2>&1
_status=$?
if [ "$_status" -eq 1 ]; then
    pass
else
    fail "run --werror with a layout warning: status $_status"
fi
# An error names its message ID too.
printf '%s' "{$L, \"PrimitiveTopology\": 6, $D}" >inv.json
"$VFETCH" run inv.json >out.txt 2>&1
if grep -F -q "error: COMMAND_LIST_DRAW_INVALID_PRIMITIVETOPOLOGY: desc: primitive_topology 6" out.txt; then
    pass
else
    fail "draw error with its message ID"
    cat out.txt
fi

# SV_StartVertexLocation and SV_StartInstanceLocation (Shader Model 6.8)
# are generated: StartVertexLocation, or BaseVertexLocation when indexed.
printf '%s' "{$L, \"VertexBuffers\": [{\"Hex\": \"0000803f 00000040\", \"StrideInBytes\": 4}], \"Signature\": [{\"SemanticName\": \"P\", \"Register\": 0}, {\"SemanticName\": \"SV_StartVertexLocation\", \"Register\": 1}, {\"SemanticName\": \"sv_startinstancelocation\", \"Register\": 2}], \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": 1, \"StartVertexLocation\": 1, \"StartInstanceLocation\": 3}}}" >start.json
sed -e 's/"DrawInstanced": {"VertexCountPerInstance": 1, "StartVertexLocation": 1,/"DrawIndexedInstanced": {"IndexCountPerInstance": 1, "BaseVertexLocation": -2,/' \
    -e 's/"Signature"/"IndexBuffer": {"Format": "R16_UINT", "Hex": "0300"}, "Signature"/' start.json >start-indexed.json
if "$VFETCH" run --output json start.json >out.json 2>err.txt && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["records"][0]["data"]
assert d["P0"]["words"][0] == 0x40000000, d
assert d["SV_StartVertexLocation"]["words"] == [1, 0, 0, 0], d
assert d["SV_StartInstanceLocation"]["words"] == [3, 0, 0, 0], d
' out.json && "$VFETCH" run --output json start-indexed.json >out.json 2>err.txt && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["records"][0]["data"]
assert d["P0"]["words"][0] == 0x40000000, d  # index 3 + base -2: element 1
assert d["SV_StartVertexLocation"]["words"] == [0xfffffffe, 0, 0, 0], d
' out.json; then
    pass
else
    fail "SV_StartVertexLocation / SV_StartInstanceLocation"
    cat err.txt out.json
fi

# ---------------------------------------------------------------------------
# Typed buffer data: cases/typed.json gives what the same case with the Hex
# bytes worked out by hand gives (halves rounded to nearest even, 0x7e01 a
# NaN payload, 1e-7 as the float 0x33d6bf95, -0.0 as 0x8000).

CASES="$top_srcdir/tests/cli/cases"
sed -e 's/"Float16": \[\[1, 0.5, -2, "0x7e01"\], \[65504, 6e-8, -0.0, 0.1\]\]/"Hex": "003c 0038 00c0 017e  ff7b 0100 0080 662e"/' \
    -e 's/"Int8": \[-128, 127, 1, -1\]/"Hex": "807f 01ff"/' \
    -e 's/"Uint16": \[7, 65535\]/"Hex": "0700 ffff"/' \
    -e 's/"Indices": \[1, 0, 1\]/"Hex": "01000000 00000000 01000000"/' \
    "$CASES/typed.json" | tr '\n' ' ' |
    sed -e 's/"Float32": \[\[1, 0, 0, 0.25\].*"0x7fc00001"\]\]}/"Hex": "0000803f 00000000 00000000 0000803e 00000000 0000803f 00000000 000060c0 00000000 00000000 0000803f 95bfd633 00000040 00000000 00000000 00000000 00000000 00000040 00000000 00000000 00000000 00000000 00000040 0100c07f"}/' \
    >typed-hex.json
if grep -q 'Float\|Int8\|Uint16\|Indices' typed-hex.json; then
    fail "typed-hex.json still holds typed arrays"
elif "$VFETCH" run --hex "$CASES/typed.json" >typed.out 2>&1 &&
     "$VFETCH" run --hex typed-hex.json >typed-hex.out 2>&1 && cmp -s typed.out typed-hex.out; then
    pass
else
    fail "typed arrays differ from their Hex bytes"
    diff typed.out typed-hex.out | head -10
fi

bad typed-range "VertexBuffers[0].Uint8[1]: 256 is out of range for Uint8 (0..255)" \
    "{$L, \"VertexBuffers\": [{\"StrideInBytes\": 4, \"Uint8\": [1, 256]}], $D}"
bad typed-type "VertexBuffers[0].Int16[1][0]: expected an integer, got a fractional number" \
    "{$L, \"VertexBuffers\": [{\"StrideInBytes\": 4, \"Int16\": [[0], [1.5]]}], $D}"
bad typed-half-range "VertexBuffers[0].Float16[0]: 65520 is out of range for Float16" \
    "{$L, \"VertexBuffers\": [{\"StrideInBytes\": 4, \"Float16\": [65520]}], $D}"
bad typed-bits "VertexBuffers[0].Float16[0]: 0x17e01 does not fit in 16 bits" \
    "{$L, \"VertexBuffers\": [{\"StrideInBytes\": 4, \"Float16\": [\"0x17e01\"]}], $D}"
bad typed-mixed "VertexBuffers[0]: give one data source, not both 'Hex' and 'Float32'" \
    "{$L, \"VertexBuffers\": [{\"StrideInBytes\": 4, \"Hex\": \"00\", \"Float32\": [1]}], $D}"
bad typed-indices "IndexBuffer.Indices[1]: 65536 is out of range for R16_UINT (0..65535)" \
    "{$L, \"IndexBuffer\": {\"Format\": \"R16_UINT\", \"Indices\": [0, 65536]}, $D}"
bad typed-indices-vb "VertexBuffers[0]: unknown field 'Indices'" \
    "{$L, \"VertexBuffers\": [{\"StrideInBytes\": 4, \"Indices\": [0]}], $D}"

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

# ---------------------------------------------------------------------------
# The D3D11 form. Each D3D11 example gives, word for word, what its D3D12
# form (tests/cli/cases/NAME.d3d12.json: the same bytes as views at the
# binding offsets) gives, where the APIs agree: strips cut alike, offsets
# are view starts, instancing and slots are the same.

for path in "$EXAMPLES"/d3d11-*.json; do
    ex=$(basename "$path" .json)
    twin="$CASES/$ex.d3d12.json"
    for args in "run" "run --hex" "run --output json" "run --output raw" "run --primitives" \
                "run --reuse" "run --reuse --primitives --output json" "validate"; do
        # shellcheck disable=SC2086
        "$VFETCH" $args "$path" 2>&1 | sed "s|$path|CASE|g" >d3d11.out
        # shellcheck disable=SC2086
        "$VFETCH" $args "$twin" 2>&1 | sed "s|$twin|CASE|g" >d3d12.out
        if [ -s d3d11.out ] && cmp -s d3d11.out d3d12.out; then
            pass
        else
            fail "$ex: '$args' differs from its D3D12 form $twin"
            diff d3d12.out d3d11.out | head -10
        fi
    done
done

# Where they differ: a D3D11 list cuts, the same D3D12 list does not.
"$VFETCH" run --primitives "$CASES/d3d11-list-cut.json" >list11.out 2>&1
if grep -q "primitives: 2 per instance" list11.out && grep -q "strip cut: no vertex" list11.out; then
    pass
else
    fail "D3D11 triangle list with a cut"
    cat list11.out
fi

# Loader errors (exit 2, the JSON path named).
A='"Api": "D3D11", '"$L"
B1='"Buffers": [{"ByteWidth": 4, "BindFlags": ["VERTEX_BUFFER"], "Float32": [1]}]'
V1='"IASetVertexBuffers": {"Buffers": [0], "Strides": [4]}'
T='"PrimitiveTopology": "POINTLIST"'
D11='"Draw": {"Draw": {"VertexCount": 1}}'
bad d3d11-vertexbuffers "VertexBuffers: a D3D12 field, not for \"Api\": \"D3D11\"" \
    "{$A, $VB, $D11}"
bad d3d11-indexbuffer "IndexBuffer: a D3D12 field, not for \"Api\": \"D3D11\"" \
    "{$A, \"IndexBuffer\": {\"Null\": true}, $D11}"
bad d3d11-ibstripcut "IBStripCutValue: a D3D12 field, not for \"Api\": \"D3D11\"; D3D11 always cuts" \
    "{$A, \"IBStripCutValue\": \"0xFFFF\", $D11}"
bad d3d11-maxslots "MaxInputSlots: a D3D12 field" "{$A, \"MaxInputSlots\": 32, $D11}"
bad d3d11-api "Api: expected 'D3D12' or 'D3D11', got 'D3D10'" "{\"Api\": \"D3D10\", $L, $D}"
bad d3d11-feature-level "FeatureLevel: unknown feature level '11_3'" \
    "{$A, \"FeatureLevel\": \"11_3\", $D11}"
bad d3d11-draw-d3d12-args "Draw.Draw: unknown field 'VertexCountPerInstance'" \
    "{$A, \"Draw\": {\"Draw\": {\"VertexCountPerInstance\": 1}}}"
bad d3d11-two-draws "Draw: give exactly one of 'Draw', 'DrawIndexed'" \
    "{$A, \"Draw\": {\"Draw\": {\"VertexCount\": 1}, \"DrawIndexed\": {\"IndexCount\": 1}}}"
bad d3d11-buffer-ref "IASetVertexBuffers.Buffers[0]: buffer 1; Buffers has 1 (0..0)" \
    "{$A, $B1, \"IASetVertexBuffers\": {\"Buffers\": [1], \"Strides\": [4]}, $D11}"
bad d3d11-ib-ref "IASetIndexBuffer.Buffer: buffer 0; Buffers has 0" \
    "{$A, \"IASetIndexBuffer\": {\"Buffer\": 0, \"Format\": \"R16_UINT\"}, $D11}"
bad d3d11-strides "IASetVertexBuffers.Strides: 2 entries; Buffers has 1" \
    "{$A, $B1, \"IASetVertexBuffers\": {\"Buffers\": [0], \"Strides\": [4, 4]}, $D11}"
bad d3d11-bytewidth "Buffers[0].ByteWidth: 8 bytes, but the data holds only 4" \
    "{$A, \"Buffers\": [{\"ByteWidth\": 8, \"Float32\": [1]}], $D11}"
bad d3d11-no-bytewidth "Buffers[0]: missing field 'ByteWidth'" \
    "{$A, \"Buffers\": [{\"BindFlags\": 1}], $D11}"
bad d3d11-bind-name "Buffers[0].BindFlags[1]: unknown bind flag 'VERTEX'" \
    "{$A, \"Buffers\": [{\"BindFlags\": [\"INDEX_BUFFER\", \"VERTEX\"], \"Hex\": \"00\"}], $D11}"
bad d3d11-indices-unbound "Buffers[0].Indices: Indices are written in the Format of IASetIndexBuffer" \
    "{$A, \"Buffers\": [{\"BindFlags\": 2, \"Indices\": [0]}], $D11}"
bad d3d11-ib-format "IASetIndexBuffer: missing field 'Format'" \
    "{$A, $B1, \"IASetIndexBuffer\": {\"Buffer\": 0}, $D11}"

# The library's rules (exit 1, its diagnostics after the case's field).
invalid d3d11-immutable "Buffers[0]: CreateBuffer: a D3D11_USAGE_IMMUTABLE buffer needs initial data" \
    "{$A, \"Buffers\": [{\"ByteWidth\": 4, \"Usage\": \"IMMUTABLE\", \"BindFlags\": 1}], $V1, $T, $D11}"
invalid d3d11-constant-vb "CONSTANT_BUFFER cannot be combined" \
    "{$A, \"Buffers\": [{\"ByteWidth\": 16, \"BindFlags\": [\"VERTEX_BUFFER\", \"CONSTANT_BUFFER\"]}], $V1, $T, $D11}" validate
invalid d3d11-not-vb "IASetVertexBuffers: " \
    "{$A, \"Buffers\": [{\"ByteWidth\": 4, \"BindFlags\": \"INDEX_BUFFER\"}], $V1, $T, $D11}"
invalid d3d11-range-10_0 "IASetVertexBuffers: " \
    "{$A, \"FeatureLevel\": \"10_0\", $B1, \"IASetVertexBuffers\": {\"StartSlot\": 15, \"Buffers\": [0, 0], \"Strides\": [4, 4]}, $T, $D11}"
invalid d3d11-offset-past-end "IASetVertexBuffers: " \
    "{$A, $B1, \"IASetVertexBuffers\": {\"Buffers\": [0], \"Strides\": [4], \"Offsets\": [8]}, $T, $D11}"
# The call is named once, with its index in an array of calls.
invalid d3d11-stride-call-named-once "error: DEVICE_IASETVERTEXBUFFERS_STRIDE_TOO_LARGE: IASetVertexBuffers[1]: stride 4096 of slot 0" \
    "{$A, $B1, \"IASetVertexBuffers\": [$(echo "$V1" | sed 's/^[^:]*: //'), {\"Buffers\": [0], \"Strides\": [4096]}], $T, $D11}"
if grep -q "IASetVertexBuffers: IASetVertexBuffers" out.txt; then
    fail "d3d11-stride-call-named-once: the call is named twice"
fi
invalid d3d11-ib-r8 "IASetIndexBuffer: " \
    "{$A, \"Buffers\": [{\"ByteWidth\": 4, \"BindFlags\": 2}], \"IASetIndexBuffer\": {\"Buffer\": 0, \"Format\": \"R8_UINT\"}, $T, $D11}"
invalid d3d11-slot-16-at-10_0 "element 0" \
    "{\"Api\": \"D3D11\", \"FeatureLevel\": \"10_0\", \"InputLayout\": [{\"SemanticName\": \"P\", \"InputSlot\": 16, \"Format\": \"R32_FLOAT\"}], $T, $D11}"
invalid d3d11-no-topology "Draw.Draw: DrawInstanced: the primitive topology is undefined" "{$A, $B1, $V1, $D11}"
invalid d3d11-patch-10_0 "PrimitiveTopology: " \
    "{$A, \"FeatureLevel\": \"10_0\", \"PrimitiveTopology\": \"3_CONTROL_POINT_PATCHLIST\", $D11}"

# A stride the slot's elements are misaligned with: the D3D11 draw's own
# check names the stride as IASetVertexBuffers sets it, not D3D12's
# VertexBuffers[].StrideInBytes, in run and validate alike.
for cmd in run validate; do
    printf '%s' "{$A, $B1, \"IASetVertexBuffers\": {\"Buffers\": [0], \"Strides\": [6]}, $T, $D11}" >hint11.json
    "$VFETCH" "$cmd" hint11.json >out.txt 2>&1
    _status=$?
    if [ "$_status" -eq 1 ] &&
       grep -F -q "hint11.json: error: DEVICE_DRAW_VERTEX_STRIDE_UNALIGNED: Draw.Draw: slot 0: stride 6 is not a multiple of 4, the alignment of its elements [vertex stride misaligned for the slot's elements, code 206]" out.txt &&
       ! grep -F -q "VertexBuffers[]" out.txt && ! grep -F -q "StrideInBytes" out.txt; then
        pass
    else
        fail "D3D11 draw error hint ($cmd, status $_status)"
        cat out.txt
    fi
done

# At 11_0 slot 16 is there (unbound, a warning); an unaligned index offset
# is a warning only. Both name the D3D11 debug layer's message.
printf '%s' "{\"Api\": \"D3D11\", \"InputLayout\": [{\"SemanticName\": \"P\", \"InputSlot\": 16, \"Format\": \"R32_FLOAT\"}], \"Buffers\": [{\"BindFlags\": 2, \"Indices\": [0, 0]}], \"IASetIndexBuffer\": {\"Buffer\": 0, \"Format\": \"R16_UINT\", \"Offset\": 1}, $T, \"Draw\": {\"DrawIndexed\": {\"IndexCount\": 1}}}" >warn11.json
"$VFETCH" run warn11.json >out.txt 2>&1
_status=$?
if [ "$_status" -eq 0 ] &&
   grep -q "warning: DEVICE_IASETINDEXBUFFER_OFFSET_UNALIGNED: IASetIndexBuffer: " out.txt &&
   grep -q "warning: DEVICE_DRAW_VERTEX_BUFFER_NOT_SET: Draw.DrawIndexed: slot 16 " out.txt &&
   grep -q "DrawIndexedInstanced: 1 index per instance" out.txt; then
    pass
else
    fail "D3D11 slot 16 at 11_0 and an unaligned index offset (status $_status)"
    cat out.txt
fi

# The D3D11 draw's own checks: a stride below the slot's element is a
# warning in D3D11's words (exit 0, and 1 with --werror).
printf '%s' "{$A, \"Buffers\": [{\"ByteWidth\": 16, \"BindFlags\": [\"VERTEX_BUFFER\"], \"Float32\": [1, 2, 3, 4]}], \"IASetVertexBuffers\": {\"Buffers\": [0], \"Strides\": [0]}, $T, $D11}" >stride11.json
sed 's/"Strides": \[0\]/"Strides": [4]/; s/"R32_FLOAT"/"R32G32_FLOAT"/' stride11.json >stride11b.json
"$VFETCH" run stride11b.json >out.txt 2>err.txt
_status=$?
if [ "$_status" -eq 0 ] &&
   grep -F -q "stride11b.json: warning: DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL: Draw.Draw: slot 0: stride 4 is smaller than element 0 (P0, R32G32_FLOAT) which ends at byte 8" err.txt &&
   ! grep -F -q "StrideInBytes" err.txt; then
    pass
else
    fail "D3D11 stride below the element (status $_status)"
    cat err.txt
fi
"$VFETCH" run --werror stride11b.json >out.txt 2>&1
_status=$?
if [ "$_status" -eq 1 ] && grep -F -q "treated as error" out.txt; then
    pass
else
    fail "D3D11 stride below the element, --werror (status $_status)"
fi
# json: the D3D11 calls' diagnostics (the draw's checks among them), named as
# on standard error, with the D3D11 debug layer's IDs.
"$VFETCH" run --output json stride11b.json >out.json 2>/dev/null
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["diagnostics"]
assert [e["code"] for e in d] == [210], d
e = d[0]
assert e["MessageID"] == "DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL" and e["D3D11MessageID"] == 355, e
assert "D3D12MessageID" not in e, e
assert e["message"].startswith("Draw.Draw: slot 0: stride 4 is smaller than element 0 (P0, R32G32_FLOAT)"), e
' out.json; then
    pass
else
    fail "D3D11 json diagnostics"
    cat out.json
fi

# ---------------------------------------------------------------------------
# Help for every command.

for cmd in run validate formats compare demo version; do
    "$VFETCH" "$cmd" --help >help.txt 2>&1
    _status=$?
    if [ "$_status" -eq 0 ] && grep -q "^Usage: vfetch $cmd" help.txt &&
       "$VFETCH" help "$cmd" | cmp -s - help.txt; then
        pass
    else
        fail "help for $cmd (status $_status)"
    fi
done
if "$VFETCH" help | grep -q '^Usage: vfetch COMMAND' && "$VFETCH" --help >/dev/null &&
   ! "$VFETCH" >/dev/null 2>&1; then
    pass
else
    fail "vfetch help / --help / no arguments"
fi

echo "run-cli-tests: $checks checks passed, $failures failed"
[ "$failures" -eq 0 ]
