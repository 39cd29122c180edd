#!/bin/sh
# run-cli-vulkan.sh - "Api": "Vulkan" cases in vfetch.
#
# The Vulkan examples' expected JSON against the reference model
# (check-vulkan-examples); malformed Vulkan cases (bad-vulkan.txt: exit 2,
# one line, with the closest name); every problem of a case reported;
# valid-usage violations (exit 1, the VUID named); the options that do not
# apply to Vulkan cases yet refused; --registers by location, CSV, raw
# output and compare on a Vulkan case.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
. "$(dirname "$0")/cli-lib.sh"

CHECK_EXAMPLES="$top_builddir/tests/check-vulkan-examples"
if "$CHECK_EXAMPLES" vulkan-triangle vulkan-divisor vulkan-formats vulkan-indexed-restart; then
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

# What does not apply to Vulkan cases yet: refused, nothing written.
TRI="$EXAMPLES/vulkan-triangle.json"
for opt in --reuse --statistics; do
    bad "vk-refuse$opt" "$opt is not available for \"Api\": \"Vulkan\" cases yet" '{}' run "$opt" "$TRI"
done
bad vk-refuse-picture "--picture is not available for \"Api\": \"Vulkan\" cases yet" '{}' \
    run --picture "$tmp/p.svg" "$TRI"
[ -e "$tmp/p.svg" ] && fail "vk-refuse-picture: wrote the picture" || pass

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
