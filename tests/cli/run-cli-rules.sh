#!/bin/sh
# run-cli-rules.sh - D3D rule violations, warnings and typed data in vfetch.
#
# Invalid layouts and draws: exit status 1 and the rule named. Layout and
# draw warnings with their message IDs, --werror, the generated system
# values, and typed buffer data against the same bytes in hex.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
. "$(dirname "$0")/cli-lib.sh"

cli_fixture

# ---------------------------------------------------------------------------
# D3D rule violations: exit 1 and the rule named.

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
# Out-of-range indices, counted per slot: index 7 into 3 vertices; 0xFFFF
# in a strip whose IBStripCutValue was left out.
IB7='"IndexBuffer": {"Format": "R16_UINT", "Uint16": [0, 1, 2, 7, 1, 7]}'
warns index-out-of-range \
    "GPU_BASED_VALIDATION_RESOURCE_ACCESS_OUT_OF_BOUNDS: slot 0: 2 of 6 index positions fetch outside the view (vertices 0..2 at StrideInBytes 12 and SizeInBytes 36, base vertex 0): first position 3 index 7, last position 5 index 7; they read zeros and format defaults [code 214]" \
    "{$L3, \"VertexBuffers\": [{\"Float32\": [1, 2, 3, 4, 5, 6, 7, 8, 9], \"StrideInBytes\": 12}], $IB7, \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 6}}}"
IBFF='"IndexBuffer": {"Format": "R16_UINT", "Uint16": [0, 1, 2, 65535, 2, 1, 0]}'
warns forgotten-cut-value \
    "GPU_BASED_VALIDATION_RESOURCE_ACCESS_OUT_OF_BOUNDS: slot 0: 1 of 7 index positions fetch outside the view (vertices 0..2 at StrideInBytes 12 and SizeInBytes 36, base vertex 0): first position 3 index 65535, last position 3 index 65535; they read zeros and format defaults [code 214]" \
    "{$L3, \"VertexBuffers\": [{\"Float32\": [1, 2, 3, 4, 5, 6, 7, 8, 9], \"StrideInBytes\": 12}], $IBFF, \"PrimitiveTopology\": \"TRIANGLESTRIP\", \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCountPerInstance\": 7}}}"

# The records are what they were: the unbound slot reads zeros (the row ends
# in its out-of-bounds marker).
printf '%s' "{$L2, $VB12, $D}" >warn.json
if [ "$("$VFETCH" run --hex warn.json 2>/dev/null | tail -n 1 | sed "s/  unbound:.*//" | awk '{print $(NF-3), $(NF-2), $(NF-1), $NF}')" = "0x00000000 0x00000000 0x00000000 0x00000000" ]; then
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
# --statistics: the table's line for a strip with cuts (2 3 4 5 CUT 6 7 8
# CUT 9, 2 instances; docs/d3d-ia-rules.md section 15): 8 vertices and 3
# triangles an instance, 7 distinct vertices in triangles, at most 3 * 3
# plus the lone 9 without a cache. Other output formats are unchanged by it.
STRIP="$top_srcdir/examples/strip-cuts.json"
if "$VFETCH" run "$STRIP" --statistics 2>&1 | tail -n 1 |
    grep -qx 'statistics: IAVertices 16, IAPrimitives 6, VSInvocations 14..20'; then
    pass
else
    fail "run --statistics: wrong or missing statistics line"
fi
if "$VFETCH" run "$STRIP" --output csv --statistics >stats.csv 2>&1 &&
    "$VFETCH" run "$STRIP" --output csv >plain.csv 2>&1 && cmp -s stats.csv plain.csv; then
    pass
else
    fail "run --output csv --statistics: output differs from csv without it"
fi

cli_summary
