#!/bin/sh
# bench-plan.sh - vfetch-bench's plan without running it: the streaming
# sizes follow the rule (4x the LLC of records per draw for --quick, at
# least 1M positions, capped at 64 MiB of records or 1M positions,
# whichever is more; 8x and at least 8M
# without --quick; --vertices wins), the cap is said when it cuts, the
# plan lists the quick set and an estimate, and no progress line reaches
# a file. The expected sizes are computed here from the rule, with the
# record size of each layout (a 16-byte register per element).
set -u
builddir=${top_builddir:-.}
bench="$builddir/bench/vfetch-bench"
[ -x "$bench" ] || { echo "bench-plan: $bench not built" >&2; exit 99; }
fail() { echo "FAIL: $*"; exit 1; }
out=bench-plan.out

# The positions of layout $1 (streaming) in the plan printed to $out.
positions() {
    awk -v c="$1" '$1 == c && $2 == "streaming" { print $3 }' "$out"
}
# Expected quick positions for an LLC of $1 bytes and records of $2 bytes.
quick_expect() {
    n=$(( 4 * $1 / $2 )); min=1048576; cap=$(( 67108864 / $2 ))
    [ "$n" -lt "$min" ] && n=$min
    [ "$cap" -lt "$min" ] && cap=$min
    [ "$n" -gt "$cap" ] && n=$cap
    echo "$n"
}

check_quick() { # llc-bytes llc-option capped(0/1)
    "$bench" --quick --plan --llc "$2" --threads 1 > "$out" || fail "--plan --llc $2 exited $?"
    for lr in static/linear:80 skinned/indexed:112 instanced/instanced:128 \
              multistream/indexed:80 particles/linear:16; do
        case_=${lr%:*}; rec=${lr#*:}
        want=$(quick_expect "$1" "$rec")
        got=$(positions "$case_")
        [ "$got" = "$want" ] || fail "--llc $2: $case_ streaming: $got positions, want $want"
    done
    if [ "$3" = 1 ]; then
        grep -q 'capped for --quick at 64 MiB of records' "$out" || fail "--llc $2: cap not said"
    else
        grep -q 'capped' "$out" && fail "--llc $2: says capped though nothing was cut"
    fi
    [ "$(grep -c ' in-cache ' "$out")" = 10 ] || fail "--llc $2: not 10 in-cache cases"
    [ "$(grep -c ' streaming ' "$out")" = 10 ] || fail "--llc $2: not 10 streaming cases"
    grep -q '^estimate: about ' "$out" || fail "--llc $2: no estimate"
}

check_quick 536870912 512M 1   # the 508 MiB LLC a VM reported: cut to 64 MiB
check_quick 8388608 8M 0       # a small LLC: 1M positions, 4x the LLC for particles
check_quick 67108864 64M 1     # 4x 64 MiB of records is more than 64 MiB

# Without --quick: 8x the LLC, at least 8M positions, no cap.
"$bench" --plan --llc 64M --case particles/linear,static/linear --size streaming > "$out" ||
    fail "--plan without --quick"
[ "$(positions particles/linear)" = $(( 8 * 67108864 / 16 )) ] || fail "full particles size"
[ "$(positions static/linear)" = 8388608 ] || fail "full static size (8M positions)"
grep -q capped "$out" && fail "a full run says capped"

# --vertices wins over the rule and the cap.
"$bench" --quick --plan --llc 1G --vertices 5000 > "$out" || fail "--vertices plan"
[ "$(positions static/linear)" = 5000 ] || fail "--vertices 5000 not planned"
grep -q 'streaming: 5000 positions per draw (--vertices)' "$out" || fail "--vertices not said"

# Bad sizes are refused with exit 2.
for bad in 0 5 1Mx 2T -1 ''; do
    "$bench" --plan --llc "$bad" > /dev/null 2>&1
    [ $? -eq 2 ] || fail "--llc '$bad' accepted"
done

# A real (tiny) run into a file: plan and estimate first, no progress line.
"$bench" --case particles/linear --size in-cache --threads 1 --reps 1 --min-time 0.0005 \
    > "$out" 2> bench-plan.err || fail "tiny run exited $?"
[ "$(sed -n 4p "$out" | cut -c1-5)" = "plan:" ] || fail "the plan is not printed before the cases"
grep -q '^ran in ' "$out" || fail "no run time at the end"
grep -q 'spent, about' bench-plan.err && fail "a progress line reached a file"
# The same run on a terminal (script(1) gives it one) draws the line.
if command -v script > /dev/null 2>&1; then
    script -qec "$bench --case particles/linear --size in-cache --threads 1 --reps 1 \
--min-time 0.0005" /dev/null > "$out" 2>&1 || fail "tiny run on a terminal"
    grep -q '\[1/1\] particles/linear in-cache: 0:0.* spent, about' "$out" ||
        fail "no progress line on a terminal"
    script -qec "$bench --csv --case particles/linear --size in-cache --threads 1 --reps 1 \
--min-time 0.0005" /dev/null > "$out" 2>&1 || fail "tiny CSV run on a terminal"
    grep -q 'spent, about' "$out" && fail "a progress line in CSV output"
fi

# Every option --help lists is in the man page that is installed with it.
srcdir=${top_srcdir:-.}
for opt in $("$bench" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    esc=$(echo "$opt" | sed 's/-/\\\\-/g')
    grep -q -- "$esc" "$srcdir/bench/vfetch-bench.1" || fail "vfetch-bench(1) lacks $opt"
done
grep -n '\$(' "$srcdir/bench/vfetch-bench.1" && fail "vfetch-bench(1) names a make variable"
rm -f "$out" bench-plan.err
exit 0
