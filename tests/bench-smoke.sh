#!/bin/sh
# bench-smoke.sh - vfetch-bench's checks without its timings: every case
# (every layout, shape and size, the reuse and chunked shapes included) and
# every format row, each path drawn and compared bit for bit with the
# scalar path. vfetch-bench exits 1 when a path differs or fails; the
# timings, from one short repetition, mean nothing here.
set -u
builddir=${top_builddir:-.}
bench="$builddir/bench/vfetch-bench"
[ -x "$bench" ] || { echo "bench-smoke: $bench not built" >&2; exit 99; }
"$bench" --reps 2 --min-time 0.0005 --vertices 20000 --threads 1,2 > bench-smoke.out || {
    grep -E 'MISMATCH|error|failed' bench-smoke.out >&2
    exit 1
}
"$bench" --formats --reps 1 --min-time 0.0005 > bench-smoke-formats.out || {
    grep -E 'MISMATCH|error|failed' bench-smoke-formats.out >&2
    exit 1
}
rm -f bench-smoke.out bench-smoke-formats.out
