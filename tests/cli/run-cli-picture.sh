#!/bin/sh
# run-cli-picture.sh - what `vfetch run` adds to the records: the picture of
# the primitives (--picture), read back by check-picture.py on every example
# and pinned byte for byte on a few; the register filter (--registers); the
# out-of-bounds marker in CSV.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
. "$(dirname "$0")/cli-lib.sh"

cd "$EXAMPLES" || exit 99

# The picture against the primitive list and records of every example.
if command -v python3 >/dev/null 2>&1; then
    for path in "$EXAMPLES"/*.json "$CASES"/d3d11-list-cut.json \
        "$CASES"/vulkan-provoking-last.json; do
        [ "$(basename "$path")" = invalid-layout.json ] && continue
        # A draw per command: refused below.
        grep -q '"ExecuteIndirect"' "$path" && continue
        if python3 "$cli_dir/check-picture.py" "$VFETCH" "$path"; then
            pass
        else
            fail "$(basename "$path"): the picture differs from --primitives"
        fi
    done
    if python3 "$cli_dir/check-picture.py" "$VFETCH" vertex-reuse.json --instances 1; then
        pass
    else
        fail "vertex-reuse.json --instances 1: the picture differs from --primitives"
    fi
fi

# An ExecuteIndirect case has no one draw to picture: a usage error, no file.
ei_svg=${TMPDIR:-/tmp}/vfetch-ei.$$.svg
rm -f "$ei_svg"
"$VFETCH" run --picture "$ei_svg" -o /dev/null execute-indirect.json >/dev/null 2>&1
st=$?
if [ "$st" -eq 2 ] && [ ! -e "$ei_svg" ]; then
    pass
else
    fail "execute-indirect.json --picture: exit $st, expected 2 and no picture"
fi
rm -f "$ei_svg"

# The same bytes every time, on every fetch path.
for ex in strip-cuts triangle-strip-adj out-of-bounds patch-list; do
    expect "$ex.svg" "$VFETCH" run --picture - -o /dev/null "$ex.json"
    for isa in $isas; do
        expect "$ex.svg" "$VFETCH" run --picture - -o /dev/null --isa "$isa" "$ex.json"
    done
done
expect demo.w.svg "$VFETCH" demo --picture - -o /dev/null --projection xy/w \
    --picture-register OFFSET --instances 1

# --registers: only those columns, in table, csv and json.
expect demo.registers.table "$VFETCH" demo --registers color,POSITION0
expect demo.registers.csv "$VFETCH" demo --registers TEXCOORD0 --output csv
expect out-of-bounds.registers.json "$VFETCH" run --registers INSTANCE0 --output json \
    --positions 3..4 out-of-bounds.json
expect out-of-bounds.csv "$VFETCH" run --output csv out-of-bounds.json
expect unknown-register "$VFETCH" demo --registers POSITION0,BINORMAL
expect picture-no-reuse "$VFETCH" demo --picture x.svg --reuse

# The marker at the edges of the rules, written by hand from rules 4.1 and
# 6 (see the case's Description): a base vertex that wraps below the view,
# an address that wraps past 2^32 into it, an index past the index buffer.
got=$("$VFETCH" run --output csv "$CASES/oob-wrap.json" 2>/dev/null | cut -d, -f2,11 | tr '\n' '|')
want='position,out_of_bounds|0,|1,past end: POSITION0|2,past end: POSITION0|3,|4,index past end; past end: POSITION0|'
if [ "$got" = "$want" ]; then
    pass
else
    fail "oob-wrap.json: out-of-bounds markers '$got', expected '$want'"
fi

cli_summary
