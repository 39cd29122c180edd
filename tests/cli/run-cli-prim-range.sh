#!/bin/sh
# run-cli-prim-range.sh - vfetch run --primitives with --positions lists
# only the primitives whose vertices all lie in the positions selected, and
# with --instances only those of the instances selected; IDs stay the
# draw's. The expected lists come from the examples' descriptions:
# d3d11-strip-cut.json draws the triangles (0 1 2) (1 3 2) (5 6 7) (6 8 7)
# (position 4 cuts the strip), instancing.json one triangle (0 1 2) in
# each of 4 instances.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
. "$(dirname "$0")/cli-lib.sh"
cd "$tmp" || exit 99

# prims NAME EXPECTED ARGS...: the "prim" lines of `vfetch run --primitives
# ARGS`, joined by ';', are EXPECTED; in JSON, the same ids.
prims() {
    _name=$1
    _want=$2
    shift 2
    _got=$("$VFETCH" run --primitives "$@" | grep '^prim ' | tr '\n' ';')
    if [ "$_got" != "$_want" ]; then
        fail "$_name: got '$_got', expected '$_want'"
        return
    fi
    _ids=$("$VFETCH" run --primitives --output json "$@" | grep -o '"id": [0-9]*' | tr '\n' ';')
    _want_ids=$(printf '%s' "$_want" | tr ';' '\n' | sed -n 's/^prim \([0-9]*\) .*/"id": \1/p' |
        tr '\n' ';')
    if [ "$_ids" != "$_want_ids" ]; then
        fail "$_name (JSON): ids '$_ids', expected '$_want_ids'"
        return
    fi
    pass
}

S="$EXAMPLES/d3d11-strip-cut.json"
I="$EXAMPLES/instancing.json"
prims all 'prim 0 (instance 0): 0 1 2;prim 1 (instance 0): 1 3 2;prim 2 (instance 0): 5 6 7;prim 3 (instance 0): 6 8 7;' "$S"
prims second-run 'prim 2 (instance 0): 5 6 7;prim 3 (instance 0): 6 8 7;' --positions 5..8 "$S"
prims first-run 'prim 0 (instance 0): 0 1 2;prim 1 (instance 0): 1 3 2;' --positions 0..3 "$S"
prims one-only 'prim 0 (instance 0): 0 1 2;' --positions 0..2 "$S"
prims middle 'prim 1 (instance 0): 1 3 2;' --positions 1..6 "$S"
prims none '' --positions 2..6 "$S"
prims instance 'prim 0 (instance 2): 0 1 2;' --instances 2..2 "$I"
prims both 'prim 0 (instance 1): 0 1 2;prim 0 (instance 2): 0 1 2;' --instances 1..2 --positions 0..2 "$I"
prims neither '' --instances 1..2 --positions 1..2 "$I"

# The heading names the range only when there is one.
if "$VFETCH" run --primitives --positions 5..8 "$S" |
       grep -q -F 'primitives: 4 per instance, 3 vertices each, leading vertex first; those within positions 5..8' &&
   "$VFETCH" run --primitives "$S" |
       grep -q -x -F 'primitives: 4 per instance, 3 vertices each, leading vertex first'; then
    pass
else
    fail "the heading of the list"
fi

cli_summary
