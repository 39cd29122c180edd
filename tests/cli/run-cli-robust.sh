#!/bin/sh
# run-cli-robust.sh - vfetch compare --robustness on hand-made captures.
#
# The case: R32G32_FLOAT at slot 0, stride 8, SizeInBytes 12 holding 1, 2,
# 3; vertex 1 (bytes 8..16) ends past the view. Plain captures of the two
# records (16 bytes each: x, y, z, w) that vertex 1 fills differently:
#   zeros  (0, 0, 0, 1.0): D3D's word, and robustness2's;
#   range  (1.0, 3.0, 0, 1.0): whole elements of the view (x at byte 0, y
#          at byte 8 of the element at byte 4): robust-buffer-access only;
#   maxint (0, 0, 0, 0xffffffff): no mode allows the maximum integer in a
#          float component.
#
# The Vulkan case after it holds the same draw at location 3, and a null
# buffer at location 5; its outputs are in expected/vk-*.compare.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
# With VFETCH_CLI_REGENERATE=1 it writes its expected files.
CLI_REGENERATES=1
. "$(dirname "$0")/cli-lib.sh"

cli_fixture

L='"InputLayout": [{"SemanticName": "A", "Format": "R32G32_FLOAT"}]'
VB='"VertexBuffers": [{"Slot": 0, "StrideInBytes": 8, "SizeInBytes": 12, "Float32": [1, 2, 3, 0]}]'
D='"Draw": {"DrawInstanced": {"VertexCountPerInstance": 2}}'
printf '{%s, %s, %s}' "$L" "$VB" "$D" >oob.json

# Little-endian floats: 1.0 = 0000803f, 2.0 = 00000040, 3.0 = 00004040.
F0='\000\000\000\000'
F1='\000\000\200\077'
F2='\000\000\000\100'
F3='\000\000\100\100'
V0="$F1$F2$F0$F1"
printf "$V0$F0$F0$F0$F1" >zeros.bin
printf "$V0$F1$F3$F0$F1" >range.bin
printf "$V0$F0$F0$F0\377\377\377\377" >maxint.bin

# expect_compare NAME MODE CAPTURE STATUS PATTERN: the status and a line.
expect_compare() {
    "$VFETCH" compare oob.json "$3" --robustness "$2" >cmp.out 2>&1
    _status=$?
    if [ "$_status" -eq "$4" ] && grep -q -e "$5" cmp.out; then
        pass
    else
        fail "$1: compare --robustness $2 $3 (status $_status, expected $4)"
        cat cmp.out
    fi
}

expect_compare zeros-d3d d3d zeros.bin 0 "under d3d: exact 4, within set 0, outside 0"
expect_compare zeros-r2 robustness2 zeros.bin 0 "under robustness2: exact 4, within set 0, outside 0"
expect_compare zeros-rba robust-buffer-access zeros.bin 0 "exact 4, within set 0, outside 0"
expect_compare range-d3d d3d range.bin 1 \
    "record 1 (instance 0, position 1) A0.x: expected 0x00000000 (0), got 0x3f800000 (1): out of bounds (outside), not in {0x00000000 exactly}"
expect_compare range-r2 robustness2 range.bin 1 "exact 2, within set 0, outside 2"
expect_compare range-rba robust-buffer-access range.bin 0 \
    "under robust-buffer-access: exact 2, within set 2, outside 0"
expect_compare range-attr attribute-robustness range.bin 0 "within set 2, outside 0"
expect_compare maxint-rba robust-buffer-access maxint.bin 1 \
    "A0.w: expected 0x3f800000 (1), got 0xffffffff (.*): out of bounds (outside), not in {0x00000000, 0x3f800000, R32G32_FLOAT.w of slot 0 bytes \[0, 12) step 4}"
# Without --robustness the out-of-bounds words are compared as any other.
if "$VFETCH" compare oob.json range.bin 2>&1 | grep -q "exact 6 mismatch 2"; then
    pass
else
    fail "range.bin without --robustness"
fi
"$VFETCH" compare oob.json range.bin --robustness robust-buffer-access --output json >cmp.json 2>&1
if grep -q '"robustness": {"mode": "robust-buffer-access", "exact": 2, "within": 2, "outside": 0}' cmp.json; then
    pass
else
    fail "json summary"
    cat cmp.json
fi
bad robust-mode "--robustness: unknown mode 'robust'" '{}' compare oob.json zeros.bin --robustness robust

# The same draw as a Vulkan case, classified by location (rules §17.8):
# location 3 reads R32G32_SFLOAT from binding 0, stride 8, a 12-byte
# buffer; binding 1 has no buffer (nullDescriptor), read by location 5 as
# R32G32_SFLOAT: a null buffer gives (0, 0, 0, 1.0) in every mode, vfetch's
# own word (the d3d mode) included, so vk-zeros' (0, 0, 0, 0) there is
# outside every set and vk-range's (0, 0, 0, 1.0) exact.
B='"VertexBindings": [{"binding": 0, "stride": 8, "inputRate": "VERTEX"}, {"binding": 1, "stride": 8, "inputRate": "VERTEX"}]'
A='"VertexAttributes": [{"location": 3, "binding": 0, "format": "R32G32_SFLOAT", "offset": 0}, {"location": 5, "binding": 1, "format": "R32G32_SFLOAT", "offset": 0}]'
VD='"Buffers": [{"Float32": [1, 2, 3]}], "vkCmdBindVertexBuffers": {"firstBinding": 0, "buffers": [0, null], "offsets": [0, 0]}, "topology": "POINT_LIST", "Draw": {"vkCmdDraw": {"vertexCount": 2, "instanceCount": 1}}'
printf '{"Api": "Vulkan", %s, %s, %s}' "$B" "$A" "$VD" >vk-oob.json
N0="$F0$F0$F0$F0"
N1="$F0$F0$F0$F1"
printf "$V0$N0$F0$F0$F0$F1$N0" >vk-zeros.bin
printf "$V0$N1$F1$F3$F0$F1$N1" >vk-range.bin
printf "$V0$N1$F0$F0$F0\377\377\377\377$N1" >vk-maxint.bin
for m in d3d robustness2 robust-buffer-access attribute-robustness; do
    for b in vk-zeros vk-range vk-maxint; do
        expect "$b.$m.compare" "$VFETCH" compare vk-oob.json "$b.bin" --robustness "$m"
    done
done
expect vk-range.robust-buffer-access.compare.json "$VFETCH" compare vk-oob.json vk-range.bin \
    --robustness robust-buffer-access --output json
bad vk-robust-mode "--robustness: unknown mode 'robust2'" '{}' \
    compare vk-oob.json vk-zeros.bin --robustness robust2
# A Vulkan draw the library refuses is refused before any set is made.
printf '{"Api": "Vulkan", %s, %s, %s}' "$B" "$A" \
    "$(printf '%s' "$VD" | sed 's/"offsets": \[0, 0\]/"offsets": [16, 0]/')" >vk-bad.json
if "$VFETCH" compare vk-bad.json vk-zeros.bin --robustness robustness2 >cmp.out 2>&1; then
    fail "vk-bad.json: an offset past the buffer accepted"
elif grep -q "binding offset not below the buffer size \[code 522\]" cmp.out; then
    pass
else
    fail "vk-bad.json: not the draw's error"
    cat cmp.out
fi

# vfetch run marks a Vulkan record's out-of-bounds reads as it does a D3D
# one's: R64G64B64_SFLOAT at locations 0 and 1 (stride 24, 40 bytes: index
# 1's second location ends at 48), R32_UINT at location 2 per instance
# (divisor 2, firstInstance 1, 8 bytes: instance 2 reads element 2), a null
# buffer at location 3, and three positions over two indices.
RB='"VertexBindings": [{"binding": 0, "stride": 24, "inputRate": "VERTEX"}, {"binding": 1, "stride": 4, "inputRate": "INSTANCE", "divisor": 2}, {"binding": 2, "stride": 4, "inputRate": "VERTEX"}]'
RA='"VertexAttributes": [{"location": 0, "binding": 0, "format": "R64G64B64_SFLOAT", "offset": 0}, {"location": 2, "binding": 1, "format": "R32_UINT", "offset": 0}, {"location": 3, "binding": 2, "format": "R8G8B8A8_SRGB", "offset": 0}]'
RD='"Buffers": [{"Uint32": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}, {"Uint32": [100, 101]}, {"Uint16": [0, 1]}], "vkCmdBindVertexBuffers": {"firstBinding": 0, "buffers": [0, 1, null], "offsets": [0, 0, 0]}, "vkCmdBindIndexBuffer": {"buffer": 2, "offset": 0, "indexType": "UINT16"}, "topology": "POINT_LIST", "Draw": {"vkCmdDrawIndexed": {"indexCount": 3, "instanceCount": 3, "firstInstance": 1}}'
printf '{"Api": "Vulkan", %s, %s, %s}' "$RB" "$RA" "$RD" >vk-run.json
expect vk-run-oob.table "$VFETCH" run vk-run.json
expect vk-run-oob.json "$VFETCH" run vk-run.json --output json

cli_summary
