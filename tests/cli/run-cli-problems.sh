#!/bin/sh
# run-cli-problems.sh - a malformed case gets every problem reported, not
# only the first: one line per problem (each with its JSON path), at most
# 20 and then a line counting the rest; a near miss of a required field is
# reported once (as unknown, with the name), not again as missing; a file
# that cannot be read names where it was looked for; a D3D11 case gets
# D3D11's names in its hints and takes D3D11's spellings.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
. "$(dirname "$0")/cli-lib.sh"

# problems NAME COUNT JSON TEXT...: `vfetch run` of JSON exits 2 with
# nothing on stdout and exactly COUNT lines on stderr, each TEXT on a line
# of its own (in the order given).
problems() {
    _name=$1
    _count=$2
    printf '%s' "$3" >bad.json
    shift 3
    "$VFETCH" run bad.json >out.txt 2>err.txt
    _status=$?
    _lines=$(wc -l <err.txt)
    if [ "$_status" -ne 2 ] || [ -s out.txt ] || [ "$_lines" -ne "$_count" ]; then
        fail "$_name: exit status $_status, $_lines lines on stderr; expected 2 and $_count"
        cat err.txt
        return
    fi
    _line=0
    for _text in "$@"; do
        _at=$(grep -n -F -- "$_text" err.txt | head -n 1 | cut -d: -f1)
        if [ -z "$_at" ] || [ "$_at" -le "$_line" ]; then
            fail "$_name: no line '$_text' after line $_line"
            cat err.txt
            return
        fi
        _line=$_at
    done
    pass
}

# runs NAME JSON: `vfetch run` of JSON succeeds.
runs() {
    printf '%s' "$2" >good2.json
    if "$VFETCH" run good2.json >/dev/null 2>err.txt; then
        pass
    else
        fail "$1: refused"
        cat err.txt
    fi
}

cli_fixture

# One problem in each part of a D3D12 case, all reported in the order read.
problems d3d12-every-part 6 \
    '{"InputLayout": [{"SemanticName": "P", "Fromat": "R32_FLOAT"},
                      {"SemanticName": "Q", "Format": "R32_FLAOT", "InputSlot": -1}],
      "VertexBuffers": [{"Slot": 0, "File": "nothere.bin", "StrideInBytes": 4}],
      "PrimitiveTopology": "TRIANGLELIT",
      "Drw": {"DrawInstanced": {"VertexCountPerInstance": 3}}}' \
    "bad.json: unknown field 'Drw' (did you mean 'Draw'?)" \
    "bad.json: InputLayout[0]: unknown field 'Fromat' (did you mean 'Format'?)" \
    "bad.json: InputLayout[1].Format: unknown format 'R32_FLAOT' (did you mean 'R32_FLOAT'?)" \
    "bad.json: InputLayout[1].InputSlot: -1 is negative" \
    "bad.json: VertexBuffers[0].File: cannot read 'nothere.bin' (looked for './nothere.bin')" \
    "bad.json: PrimitiveTopology: unknown primitive topology 'TRIANGLELIT' (did you mean 'TRIANGLELIST'?)"

# Several problems in one object, and in every entry of an array.
problems draw-arguments 3 \
    "{$L, $VB, \"Draw\": {\"DrawInstanced\": {\"VertexCountPerInstance\": -3,
      \"InstanceCount\": \"two\", \"StartVertexLocation\": 1.5}}}" \
    "Draw.DrawInstanced.InstanceCount: expected a non-negative integer, got a string" \
    "Draw.DrawInstanced.VertexCountPerInstance: -3 is negative" \
    "Draw.DrawInstanced.StartVertexLocation: expected a non-negative integer, got a fractional"
problems vertex-buffers 3 \
    "{$L, \"VertexBuffers\": [{\"Slot\": 0, \"Hex\": \"0g\", \"StrideInBytes\": 4},
      {\"Slot\": 1, \"Hex\": \"00\", \"Stride\": 4}, {\"Slot\": 99, \"Hex\": \"00\"}], $D}" \
    "VertexBuffers[0].Hex: character 1 ('g') is not a hex digit" \
    "VertexBuffers[1]: unknown field 'Stride'" \
    "VertexBuffers[2].Slot: slot 99"
problems signature-entries 2 \
    "{$L, $VB, $D, \"Signature\": [{\"SemanticName\": \"P\"},
      {\"SemanticName\": \"Q\", \"Register\": 1, \"ComponentType\": \"FLOAT\"}]}" \
    "Signature[0]: missing field 'Register'" \
    "Signature[1].ComponentType: unknown register component type 'FLOAT' (did you mean 'FLOAT32'?)"

# A near miss of a required field: once, as unknown with the name.
problems near-miss-required 1 \
    "{$L, $VB, \"Draw\": {\"DrawIndexedInstanced\": {\"IndexCount\": 3}}}" \
    "unknown field 'IndexCount' (did you mean 'IndexCountPerInstance'?)"

# At most 20 problems, then how many more.
many=$(i=0; while [ $i -lt 25 ]; do
    [ $i -gt 0 ] && printf ', '
    printf '{"SemanticName": "P", "SemanticIndex": %d, "Format": "NOPE"}' $i
    i=$((i + 1))
done)
problems cap 21 "{\"InputLayout\": [$many], $VB, $D}" \
    "InputLayout[0].Format: unknown format 'NOPE'" \
    "InputLayout[19].Format: unknown format 'NOPE'" \
    "... and 5 more problems not shown"

# A file is looked for beside the case, and the message says where.
mkdir -p sub
printf '{%s, "VertexBuffers": [{"File": "data.bin", "StrideInBytes": 4}], %s}' "$L" "$D" \
    >sub/case.json
"$VFETCH" run sub/case.json >/dev/null 2>err.txt
if grep -q -F "sub/case.json: VertexBuffers[0].File: cannot read 'data.bin' (looked for 'sub/data.bin'): No such file" err.txt; then
    pass
else
    fail "a missing file beside the case"
    cat err.txt
fi

# D3D11: its own spellings are taken, and hints name them.
A='"Api": "D3D11"'
B1='"Buffers": [{"ByteWidth": 4, "BindFlags": ["VERTEX_BUFFER"], "Float32": [1]}]'
V1='"IASetVertexBuffers": {"Buffers": [0], "Strides": [4]}'
T='"PrimitiveTopology": "POINTLIST"'
D11='"Draw": {"Draw": {"VertexCount": 1}}'
E11='{"SemanticName": "P", "Format": "R32_FLOAT", "AlignedByteOffset": "D3D11_APPEND_ALIGNED_ELEMENT", "InputSlotClass": "D3D11_INPUT_PER_VERTEX_DATA"}'
runs d3d11-spellings "{$A, \"InputLayout\": [$E11], $B1, $V1, $T, $D11}"
problems d3d11-append-name 1 \
    "{$A, \"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": \"R32_FLOAT\",
      \"AlignedByteOffset\": \"D3D12_APPEND_ALIGNED_ELEMENT\"}], $B1, $V1, $T, $D11}" \
    "InputLayout[0].AlignedByteOffset: expected a number, 'APPEND' or 'D3D11_APPEND_ALIGNED_ELEMENT'"
problems d3d11-class-name 1 \
    "{$A, \"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": \"R32_FLOAT\",
      \"InputSlotClass\": \"D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA\"}], $B1, $V1, $T, $D11}" \
    "(did you mean 'D3D11_INPUT_PER_VERTEX_DATA'?)"
problems d3d12-class-name 1 \
    "{\"InputLayout\": [{\"SemanticName\": \"P\", \"Format\": \"R32_FLOAT\",
      \"InputSlotClass\": \"D3D11_INPUT_PER_VERTEX_DATA\"}], $VB, $D}" \
    "(did you mean 'D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA'?)"
problems d3d11-draw-typos 2 \
    "{$A, $L, $B1, $V1, $T, \"Draw\": {\"DrawInstanced\": {\"VertexCount\": 1,
      \"InstanceCout\": 1}}}" \
    "Draw.DrawInstanced: unknown field 'VertexCount' (did you mean 'VertexCountPerInstance'?)" \
    "Draw.DrawInstanced: unknown field 'InstanceCout' (did you mean 'InstanceCount'?)"
problems d3d11-d3d12-draw-key 1 "{$A, $L, $B1, $V1, $T, \"Draw\": {\"Draw\": {\"VertexCountPerInstance\": 1}}}" \
    "Draw.Draw: unknown field 'VertexCountPerInstance' (did you mean 'VertexCount'?)"
problems d3d11-every-part 4 \
    "{$A, $L, $VB, \"Buffers\": [{\"ByteWidht\": 4, \"BindFlags\": [\"VERTEX_BUFER\"], \"Float32\": [1]}],
      $V1, $T, \"Drw\": {}}" \
    "VertexBuffers: a D3D12 field, not for \"Api\": \"D3D11\"" \
    "unknown field 'Drw' (did you mean 'Draw'?)" \
    "Buffers[0]: unknown field 'ByteWidht' (did you mean 'ByteWidth'?)" \
    "Buffers[0].BindFlags[0]: unknown bind flag 'VERTEX_BUFER' (did you mean 'VERTEX_BUFFER'?)"

cli_summary
