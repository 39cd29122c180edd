#!/bin/sh
# run-cli-examples.sh - vfetch on every example against tests/cli/expected/.
#
# Every command on every example (table, --hex, json, raw, validate), with
# every fetch path this machine has and with a thread pool: all must give
# the same bytes. With VFETCH_CLI_REGENERATE=1 it writes the expected files
# instead.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
CLI_REGENERATES=1
. "$(dirname "$0")/cli-lib.sh"

# ---------------------------------------------------------------------------
# Examples against the expected files.

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

# A Vulkan draw in LAST_VERTEX mode marks each primitive's provoking vertex.
expect vulkan-provoking-last.prims.table "$VFETCH" run --primitives \
    ../tests/cli/cases/vulkan-provoking-last.json
expect vulkan-provoking-last.prims.json "$VFETCH" run --primitives --output json \
    ../tests/cli/cases/vulkan-provoking-last.json
# --primitives: the primitive list after the records (table and json).
for ex in strip-cuts triangle-strip-adj patch-list d3d11-strip-cut vulkan-indexed-restart vulkan-triangle \
    vulkan-fan-provoking-last; do
    expect "$ex.prims.table" "$VFETCH" run --primitives "$ex.json"
    expect "$ex.prims.json" "$VFETCH" run --primitives --output json "$ex.json"
done

# ExecuteIndirect and the D3D11 indirect draws: primitives, reuse and
# statistics per command, and the CSV with its command column.
for ex in execute-indirect; do
    expect "$ex.reuse.table" "$VFETCH" run --reuse --primitives --statistics "$ex.json"
    expect "$ex.reuse.json" "$VFETCH" run --reuse --primitives --output json "$ex.json"
    expect "$ex.csv" "$VFETCH" run --output csv "$ex.json"
done

# --reuse: the distinct records, the remap, the primitives as records; the
# same on every fetch path and with a thread pool.
for ex in vertex-reuse strip-cuts instancing out-of-bounds vulkan-indexed-restart \
    vulkan-fan-provoking-last; do
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
# "indices": record k's raw index is SV_VertexID at the first position
# that maps to it, in first-use order (a Vulkan draw's gl_VertexIndex less
# its vertexOffset).
off = reuse["draw"].get("vertexOffset", 0)
if "indices" in reuse:
    firsts = {}
    for p, k in enumerate(reuse["remap"][0]["records"]):
        if k >= 0:
            firsts.setdefault(k, p)
    assert sorted(firsts) == list(range(len(reuse["indices"]))), firsts
    assert reuse["indices"] == [(bypos[(0, firsts[k])]["SV_VertexID"] - off) % 2**32
                                for k in sorted(firsts)]
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
    echo "$cli_name: expected files regenerated in $EXPECTED; review them"
    exit 0
fi


cli_summary
