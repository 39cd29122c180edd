#!/bin/sh
# run-cli-bad.sh - malformed input and usage errors of vfetch; help.
#
# Malformed input of each kind (the rows of bad-input.txt): exit status 2,
# one line naming the JSON path and the problem, nothing on standard
# output, never a crash. Then help for every command.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
. "$(dirname "$0")/cli-lib.sh"

# ---------------------------------------------------------------------------
# Malformed input: exit 2, one line on stderr containing TEXT, no stdout.

cli_fixture

# The baseline case is fine: every bad case differs from it in one place.
if "$VFETCH" run good.json >/dev/null 2>&1; then pass; else fail "baseline case"; fi

# Format names in any case.
printf '{"InputLayout": [{"SemanticName": "P", "Format": "r32_float"}], %s, %s}' "$VB" "$D" >lower.json
if "$VFETCH" run lower.json >/dev/null 2>&1; then pass; else fail "a format name in lower case"; fi

# Well-formed UTF-8 of two, three and four bytes is fine.
printf '{"Description": "\303\251 \342\202\254 \360\237\230\200", %s, %s, %s}' "$L" "$VB" "$D" >utf8.json
if "$VFETCH" run utf8.json >/dev/null 2>&1; then pass; else fail "UTF-8 in a string"; fi

deep=$(i=0; while [ $i -lt 100 ]; do printf '['; i=$((i + 1)); done)
# Bytes that are not UTF-8: a lone 0xFF, an overlong '/' (C0 AF), a UTF-16
# surrogate (ED A0 80), a sequence cut short (E2 82).
FF=$(printf '\377')
OVERLONG=$(printf '\300\257')
SURROGATE=$(printf '\355\240\200')
CUT=$(printf '\342\202')
bad_table "$cli_dir/bad-input.txt"

# Fetch paths: from the environment, and those this machine lacks.
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
# run's help names each case form, the indirect ones on one line each.
if "$VFETCH" run --help | grep -q 'ExecuteIndirect: {CommandSignature, MaxCommandCount, ArgumentBuffer' &&
   "$VFETCH" run --help | grep -q 'DrawInstancedIndirect | DrawIndexedInstancedIndirect: {Buffer, AlignedByteOffsetForArgs}' &&
   "$VFETCH" run --help | grep -q 'DrawAuto: {BufferFilledSize}' &&
   "$VFETCH" run --help | grep -q 'Vulkan: Draw: {vkCmdDraw | vkCmdDrawIndexed: {...}}'; then
    pass
else
    fail "run --help lists the ExecuteIndirect, D3D11 indirect and Vulkan case forms"
fi
if "$VFETCH" help | grep -q '^Usage: vfetch COMMAND' && "$VFETCH" --help >/dev/null &&
   ! "$VFETCH" >/dev/null 2>&1; then
    pass
else
    fail "vfetch help / --help / no arguments"
fi

cli_summary
