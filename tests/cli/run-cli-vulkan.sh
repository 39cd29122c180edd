#!/bin/sh
# run-cli-vulkan.sh - "Api": "Vulkan" cases in vfetch.
#
# The Vulkan examples' expected JSON against the reference model
# (check-vulkan-examples); malformed Vulkan cases (bad-vulkan.txt: exit 2,
# one line, with the closest name); every problem of a case reported;
# valid-usage violations (exit 1, the VUID named); --statistics, --reuse
# and --picture against values worked out by hand; --registers by location,
# CSV, raw output and compare on a Vulkan case.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
. "$(dirname "$0")/cli-lib.sh"

CHECK_EXAMPLES="$top_builddir/tests/check-vulkan-examples"
if "$CHECK_EXAMPLES" vulkan-triangle vulkan-divisor vulkan-formats vulkan-indexed-restart \
    vulkan-fan-provoking-last; then
    pass
else
    fail "the Vulkan examples' expected output differs from the reference model"
fi

cli_fixture

V='"Api": "Vulkan"'
VB='"VertexBindings": [{"binding": 0, "stride": 4}]'
VA='"VertexAttributes": [{"location": 0, "binding": 0, "format": "R32_SFLOAT"}]'
BUF='"Buffers": [{"Float32": [1, 2, 3]}]'
BIND='"vkCmdBindVertexBuffers": {"buffers": [0]}'
T='"topology": "POINT_LIST"'
DR='"Draw": {"vkCmdDraw": {"vertexCount": 3}}'
printf '{%s, %s, %s, %s, %s, %s, %s}' "$V" "$VB" "$VA" "$BUF" "$BIND" "$T" "$DR" >vk.json
if "$VFETCH" run vk.json >/dev/null 2>&1; then pass; else fail "the baseline Vulkan case"; fi

bad_table "$cli_dir/bad-vulkan.txt"

# Every malformed field, each on its line.
printf '{%s, "VertexBindings": [{"binding": 0, "stride": -1}], "VertexAttributes": [{"location": 0, "binding": 0, "format": "R32_SFLAOT"}], %s, %s, "topology": "TRIANGLE_LSIT", %s}' \
    "$V" "$BUF" "$BIND" "$DR" >many.json
"$VFETCH" run many.json >out.txt 2>err.txt
if [ $? -eq 2 ] && [ "$(wc -l <err.txt)" -eq 3 ] && grep -q 'stride' err.txt &&
    grep -q "did you mean 'R32_SFLOAT'" err.txt && grep -q "did you mean 'TRIANGLE_LIST'" err.txt; then
    pass
else
    fail "a case with three malformed fields: not three lines"
    cat err.txt
fi

# Valid-usage violations: exit 1, the VUID named, from run and validate.
vk_case() { # BINDINGS ATTRIBUTES BUFFERS-AND-CALLS DRAW [MORE]
    printf '{%s, %s, %s, %s, %s, %s%s}' "$V" "$1" "$2" "$3" "$T" "$4" "${5:+, $5}"
}
for cmd in run validate; do
    invalid "vk-stride-$cmd" "VUID-VkVertexInputBindingDescription-stride-00619" \
        "$(vk_case '"VertexBindings": [{"binding": 0, "stride": 4096}]' "$VA" "$BUF, $BIND" "$DR")" "$cmd"
    invalid "vk-duplicate-location-$cmd" "VUID-VkPipelineVertexInputStateCreateInfo-pVertexAttributeDescriptions-00617" \
        "$(vk_case "$VB" '"VertexAttributes": [{"location": 0, "binding": 0, "format": "R32_SFLOAT"}, {"location": 0, "binding": 0, "format": "R8_UNORM"}]' "$BUF, $BIND" "$DR")" "$cmd"
    invalid "vk-not-vertex-format-$cmd" "VUID-VkVertexInputAttributeDescription-format-00623" \
        "$(vk_case "$VB" '"VertexAttributes": [{"location": 0, "binding": 0, "format": 130}]' "$BUF, $BIND" "$DR")" "$cmd"
    invalid "vk-binding-not-described-$cmd" "VUID-VkPipelineVertexInputStateCreateInfo-binding-00615" \
        "$(vk_case "$VB" '"VertexAttributes": [{"location": 0, "binding": 1, "format": "R32_SFLOAT"}]' "$BUF, $BIND" "$DR")" "$cmd"
    invalid "vk-divisor-vertex-$cmd" "VUID-VkVertexInputBindingDivisorDescription-inputRate-01871" \
        "$(vk_case '"VertexBindings": [{"binding": 0, "stride": 4, "divisor": 2}]' "$VA" "$BUF, $BIND" "$DR")" "$cmd"
    invalid "vk-zero-divisor-feature-$cmd" "vertexAttributeInstanceRateZeroDivisor" \
        "$(vk_case '"VertexBindings": [{"binding": 0, "stride": 4, "inputRate": "INSTANCE", "divisor": 0}]' "$VA" "$BUF, $BIND" "$DR" '"Features": {"vertexAttributeInstanceRateZeroDivisor": false}')" "$cmd"
    invalid "vk-offset-past-end-$cmd" "VUID-vkCmdBindVertexBuffers-pOffsets-00626" \
        "$(vk_case "$VB" "$VA" "$BUF, \"vkCmdBindVertexBuffers\": {\"buffers\": [0], \"offsets\": [12]}" "$DR")" "$cmd"
    invalid "vk-misaligned-$cmd" "VUID-vkCmdDraw-format-10390" \
        "$(vk_case "$VB" '"VertexAttributes": [{"location": 0, "binding": 0, "format": "R32_SFLOAT", "offset": 2}]' "$BUF, $BIND" "$DR")" "$cmd"
    invalid "vk-unbound-$cmd" "VUID-vkCmdDraw-None-04008" \
        "$(vk_case "$VB" "$VA" "$BUF" "$DR" '"Features": {"nullDescriptor": false}')" "$cmd"
    invalid "vk-no-index-buffer-$cmd" "VUID-vkCmdDrawIndexed-None-07312" \
        "$(vk_case "$VB" "$VA" "$BUF, $BIND" '"Draw": {"vkCmdDrawIndexed": {"indexCount": 3}}')" "$cmd"
    invalid "vk-list-restart-$cmd" "VUID-VkPipelineInputAssemblyStateCreateInfo-topology-06252" \
        "$(vk_case "$VB" "$VA" "\"Buffers\": [{\"Float32\": [1]}, {\"Uint16\": [0, 65535]}], $BIND, \"vkCmdBindIndexBuffer\": {\"buffer\": 1, \"indexType\": \"UINT16\"}" '"Draw": {"vkCmdDrawIndexed": {"indexCount": 2}}' '"primitiveRestartEnable": true, "Features": {"primitiveTopologyListRestart": false}')" "$cmd"
    invalid "vk-uint8-feature-$cmd" "indexTypeUint8" \
        "$(vk_case "$VB" "$VA" "\"Buffers\": [{\"Float32\": [1]}, {\"Uint8\": [0]}], $BIND, \"vkCmdBindIndexBuffer\": {\"buffer\": 1, \"indexType\": \"UINT8\"}" '"Draw": {"vkCmdDrawIndexed": {"indexCount": 1}}' '"Features": {"indexTypeUint8": false}')" "$cmd"
    invalid "vk-index-offset-$cmd" "VUID-vkCmdBindIndexBuffer-offset-08783" \
        "$(vk_case "$VB" "$VA" "\"Buffers\": [{\"Float32\": [1]}, {\"Uint16\": [0, 0]}], $BIND, \"vkCmdBindIndexBuffer\": {\"buffer\": 1, \"offset\": 1, \"indexType\": \"UINT16\"}" '"Draw": {"vkCmdDrawIndexed": {"indexCount": 1}}')" "$cmd"
done

# --statistics: the three counters' [min, max] of VkQueryPipelineStatisticFlagBits,
# worked out by hand from the rules (§18.7). min counts the positions of complete
# primitives, their primitives and distinct indices; max every position, one more
# primitive per piece that ends incomplete, every position that is not a restart.
TRI="$EXAMPLES/vulkan-triangle.json"
vk_stats() { # NAME EXPECTED-LINE CASE-JSON
    printf '%s' "$3" >stats.json
    if "$VFETCH" run --statistics stats.json 2>&1 | tail -n 1 | grep -qx "statistics: $2"; then
        pass
    else
        fail "$1: --statistics: expected '$2'"
        "$VFETCH" run --statistics stats.json 2>&1 | tail -n 1
    fi
}
# Strip 0 1 2 | 3 4 5 (the 0xFF restart), two instances: 6 of 7 positions in 2
# triangles, 6 distinct indices, no incomplete piece.
vk_stats strip-restart "INPUT_ASSEMBLY_VERTICES 12..14, INPUT_ASSEMBLY_PRIMITIVES 4..4, VERTEX_SHADER_INVOCATIONS 12..12" \
    "$(cat "$EXAMPLES/vulkan-indexed-restart.json")"
IB16='"vkCmdBindIndexBuffer": {"buffer": 1, "indexType": "UINT16"}'
# Fan 0 1 2 3 | 4 5 (0xFFFF), two instances: triangles (1 2 0) (2 3 0); the piece
# 4 5 is incomplete (0 primitives, may count as one).
vk_stats fan-restart "INPUT_ASSEMBLY_VERTICES 8..14, INPUT_ASSEMBLY_PRIMITIVES 4..6, VERTEX_SHADER_INVOCATIONS 8..12" \
    "$(vk_case "$VB" "$VA" "\"Buffers\": [{\"Float32\": [1, 2, 3]}, {\"Uint16\": [0, 1, 2, 3, 65535, 4, 5]}], $BIND, $IB16" '"Draw": {"vkCmdDrawIndexed": {"indexCount": 7, "instanceCount": 2}}' '"topology": "TRIANGLE_FAN", "primitiveRestartEnable": true' | sed 's/"topology": "POINT_LIST", //')"
# List 0 1 2 3 | 1 2 3 (0xFF, primitiveTopologyListRestart): (0 1 2), 3 left
# over, (1 2 3); distinct used 0 1 2 3.
vk_stats list-restart "INPUT_ASSEMBLY_VERTICES 6..8, INPUT_ASSEMBLY_PRIMITIVES 2..3, VERTEX_SHADER_INVOCATIONS 4..7" \
    "$(vk_case "$VB" "$VA" "\"Buffers\": [{\"Float32\": [1, 2, 3]}, {\"Uint8\": [0, 1, 2, 3, 255, 1, 2, 3]}], $BIND, \"vkCmdBindIndexBuffer\": {\"buffer\": 1, \"indexType\": \"UINT8\"}" '"Draw": {"vkCmdDrawIndexed": {"indexCount": 8}}' '"topology": "TRIANGLE_LIST", "primitiveRestartEnable": true' | sed 's/"topology": "POINT_LIST", //')"
# Patches of 3 control points from 7 vertices, three instances: 2 patches and
# a vertex left over, per instance.
vk_stats patch-list "INPUT_ASSEMBLY_VERTICES 18..21, INPUT_ASSEMBLY_PRIMITIVES 6..9, VERTEX_SHADER_INVOCATIONS 18..21" \
    "$(vk_case "$VB" "$VA" "$BUF, $BIND" '"Draw": {"vkCmdDraw": {"vertexCount": 7, "instanceCount": 3}}' '"topology": "PATCH_LIST", "patchControlPoints": 3' | sed 's/"topology": "POINT_LIST", //')"
# JSON: the D3D keys (IAVertices the most, IAPrimitives the complete ones) and
# the two input assembly intervals; CSV ignores --statistics, as for D3D.
if "$VFETCH" run --output json stats.json | grep -qx '"statistics": {"IAVertices": 21, "IAPrimitives": 6, "VSInvocations": \[18, 21\], "IAVerticesRange": \[18, 21\], "IAPrimitivesRange": \[6, 9\]},'; then
    pass
else
    fail "patch-list: the JSON statistics"
fi
"$VFETCH" run --output csv stats.json >plain.csv
if "$VFETCH" run --output csv --statistics stats.json | cmp -s - plain.csv; then pass; else fail "csv --statistics: differs from csv"; fi

# --reuse: uint8 indices 3 1 3 0xFF 1 4 3 (offset 1 skips the 9), restart on,
# vertexOffset 1, two instances from firstInstance 1. Distinct in first-use
# order 3 1 4; position 3 is the restart.
printf '%s' "$(vk_case "$VB" "$VA" "\"Buffers\": [{\"Float32\": [10, 11, 12, 13, 14, 15]}, {\"Uint8\": [9, 3, 1, 3, 255, 1, 4, 3]}], $BIND, \"vkCmdBindIndexBuffer\": {\"buffer\": 1, \"offset\": 1, \"indexType\": \"UINT8\"}" '"Draw": {"vkCmdDrawIndexed": {"indexCount": 7, "instanceCount": 2, "vertexOffset": 1, "firstInstance": 1}}' '"topology": "TRIANGLE_STRIP", "primitiveRestartEnable": true' | sed 's/"topology": "POINT_LIST", //')" >reuse.json
"$VFETCH" run --reuse --output json reuse.json >reuse.out.json
"$VFETCH" run --output json reuse.json >plain.out.json
if grep -qx '"indices": \[3, 1, 4\],' reuse.out.json &&
    grep -qx '  {"instance": 0, "records": \[0, 1, 0, -1, 1, 2, 0\]},' reuse.out.json &&
    grep -qx '  {"instance": 1, "records": \[3, 4, 3, -1, 4, 5, 3\]}' reuse.out.json; then
    pass
else
    fail "--reuse: the distinct indices or the map"
    cat reuse.out.json
fi
# Each position's record in the per-position run is the reuse record it maps to.
vk_reuse_same() { # NAME REUSE-JSON PLAIN-JSON
    if python3 - "$2" "$3" <<'PY'
import json, sys
reuse, plain = (json.load(open(f)) for f in sys.argv[1:3])
maps = {m["instance"]: m["records"] for m in reuse["remap"]}
recs = reuse["records"]
drop = ("record", "position")
for r in plain["records"]:
    k = maps[r["instance"]][r["position"]]
    if k < 0:
        assert r["cut"], r
        continue
    got = {a: b for a, b in recs[k].items() if a not in drop}
    want = {a: b for a, b in r.items() if a not in drop}
    assert got == want, (r["instance"], r["position"], got, want)
assert len(recs) == len(set(x for m in maps.values() for x in m if x >= 0))
PY
    then pass; else fail "$1: --reuse records differ from the per-position ones"; fi
}
if command -v python3 >/dev/null 2>&1; then
    vk_reuse_same reuse-uint8 reuse.out.json plain.out.json
    for ex in vulkan-indexed-restart vulkan-divisor vulkan-formats vulkan-triangle \
        vulkan-fan-provoking-last; do
        "$VFETCH" run --reuse --output json "$EXAMPLES/$ex.json" >reuse.out.json
        "$VFETCH" run --output json "$EXAMPLES/$ex.json" >plain.out.json
        vk_reuse_same "$ex" reuse.out.json plain.out.json
    done
fi
# With --primitives the list names records: 3 1 3 | 1 4 3 is (0 1 0), (1 2 0).
if "$VFETCH" run --reuse --primitives reuse.json | grep -qx 'prim 1 (instance 0): 1 2 0'; then
    pass
else
    fail "--reuse --primitives: the list as records"
fi

# --picture: the primitives read back, a LAST_VERTEX strip's provoking vertices
# marked (by hand: 2 3 4 5, see the case's Description).
if command -v python3 >/dev/null 2>&1; then
    "$VFETCH" run --picture last.svg -o /dev/null "$CASES/vulkan-provoking-last.json" 2>/dev/null
    if python3 - last.svg <<'PY'
import sys, xml.etree.ElementTree as ET
S = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
assert root.get("data-topology") == "TRIANGLE_STRIP", root.get("data-topology")
prims = [g for g in root.iter(S + "g") if "prim" in g.get("class", "").split()]
assert [g.get("data-id") for g in prims] == ["0", "1", "2", "3"]
assert [g.get("data-vertices") for g in prims] == ["0 1 2", "1 3 2", "2 3 4", "3 5 4"]
assert [g.get("data-provoking") for g in prims] == ["2", "3", "4", "5"]
dots = [[c.get("data-position") for c in g.iter(S + "circle")
         if "provoking" in c.get("class", "").split()] for g in prims]
assert dots == [["2"], ["3"], ["4"], ["5"]], dots
PY
    then pass; else fail "--picture of vulkan-provoking-last.json: primitives or provoking vertices"; fi
fi

# --registers by location (any case), CSV, raw, --positions/--instances.
if "$VFETCH" run --registers LOCATION1,location2 --output csv "$TRI" >regs.csv &&
    head -n 1 regs.csv | grep -qx 'instance,position,cut,SV_VertexID,SV_InstanceID,flags,location1.x,location1.y,location1.z,location1.w,location2.x,location2.y,location2.z,location2.w'; then
    pass
else
    fail "--registers location1,location2 --output csv"
fi
bad vk-register-name "location7" '{}' run --registers location7 "$TRI"
DIV="$EXAMPLES/vulkan-divisor.json"
if "$VFETCH" run --instances 3..4 --positions 1..1 --registers location3 --output csv "$DIV" >sel.csv &&
    [ "$(sed -n 2p sel.csv)" = "3,1,0,2,5,0,303,0,0,1" ] &&
    [ "$(sed -n 3p sel.csv)" = "4,1,0,2,6,0,303,0,0,1" ]; then
    pass
else
    fail "--instances 3..4 --positions 1..1 on vulkan-divisor.json"
    cat sel.csv
fi

# compare: the raw output of a Vulkan case against itself, and with one
# word changed.
FMT="$EXAMPLES/vulkan-formats.json"
"$VFETCH" run --output raw "$FMT" >fmt.raw
if "$VFETCH" compare "$FMT" fmt.raw >cmp.txt 2>&1; then pass; else fail "compare vulkan-formats.json with its own records"; cat cmp.txt; fi
# --robustness takes Vulkan cases (run-cli-robust.sh checks the sets).
if "$VFETCH" compare --robustness robust-buffer-access "$FMT" fmt.raw 2>&1 |
       grep -q "out of bounds under robust-buffer-access: exact 0, within set 0, outside 0"; then
    pass
else
    fail "compare --robustness of vulkan-formats.json with its own records"
fi

cli_summary
