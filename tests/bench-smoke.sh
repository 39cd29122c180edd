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

# The Vulkan peer splits a draw whose records exceed what one draw may
# write (--peer-split here, maxStorageBufferRange by default) and says so
# in its row; its records, gathered window by window, still match
# vfetch's. The number of draws is computed here from the rule: W records
# fit one draw; a draw of more is cut into runs of whole instances when
# one instance's records fit (the instanced shape), else into
# ceil(records / W) runs of positions. On lavapipe, tiny sizes.
srcdir=${top_srcdir:-.}
if [ -f "$srcdir/tests/vk/vk-env.sh" ]; then
    . "$srcdir/tests/vk/vk-env.sh"
fi
# split_run BYTES N CASES: the peer rows of CASES with --peer-split BYTES,
# N of them, each split as the rule says and checked ok; 0, 1 on a
# failure, 77 without lavapipe.
# The driver is unloaded before the bench exits, so LeakSanitizer cannot
# attribute its leaks (as for vfetch-vk, scripts/ci-sanitizers.sh): leak
# checks are off for these runs only; memory errors are still reported.
split_run() {
    ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" "$bench" --csv --case "$3" --size streaming --vertices 20000 --threads 1 --isa scalar \
        --reps 1 --min-time 0.0005 --peer lavapipe --peer-split "$1" \
        > bench-smoke-split.out 2> bench-smoke-split.err
    rc=$?
    if grep -q 'skipped: no Vulkan device' bench-smoke-split.out ||
       grep -q 'built without Vulkan' bench-smoke-split.err; then
        return 77
    fi
    [ $rc -eq 0 ] || { cat bench-smoke-split.err >&2; echo "FAIL: split run exited $rc"; return 1; }
    awk -F, -v W="$1" -v rows="$2" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $col["kind"] == "peer" {
            n++; name = $col["name"]; rec = $col["record_bytes"]
            u = $col["unique_vertices"]; inst = $col["instances"]; chk = $col["check"]
            w = int(W / rec); total = u * inst
            if (total <= w) want = 1
            else if (inst > 1 && u <= w) { per = int(w / u); want = int((inst + per - 1) / per) }
            else want = int((total + w - 1) / w)
            note = sprintf("split into %d draws of at most %.1f KiB of records " \
                           "(--peer-split); times summed", want, w * rec / 1024)
            if (want < 2) { print "FAIL: " name ": the test size does not split"; bad = 1 }
            if (chk !~ /^ok/) { print "FAIL: " name ": peer check " chk; bad = 1 }
            if (index(chk, note) == 0) { print "FAIL: " name ": want \"" note "\": " chk; bad = 1 }
        }
        END { if (n != rows) { print "FAIL: " n " peer rows, want " rows; bad = 1 } exit bad }
    ' bench-smoke-split.out
}
split_run 65536 4 static/linear,static/random,static/strips,instanced/instanced
rc=$?
if [ $rc -eq 77 ]; then
    echo "bench-smoke: no lavapipe: the split peer draw is not checked"
else
    [ $rc -eq 0 ] || exit 1
    # One instance per draw: more draws than the cube has positions.
    split_run 4096 1 instanced/instanced || exit 1
fi
rm -f bench-smoke-split.out bench-smoke-split.err
