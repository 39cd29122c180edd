#!/bin/sh
# run-cli-d3d11.sh - the D3D11 form of vfetch's cases.
#
# Each D3D11 example gives what its D3D12 form gives where the APIs agree;
# a D3D11 list cuts; loader errors (the rows of bad-d3d11.txt), the
# library's rules, and the D3D11 draw's own checks and diagnostics.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
. "$(dirname "$0")/cli-lib.sh"

cli_fixture

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
bad_table "$cli_dir/bad-d3d11.txt"

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


cli_summary
