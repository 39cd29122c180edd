#!/bin/sh
# plot.sh - draws vfetch-bench results as an SVG: for every case and size,
# Mvertices/s of each path against the thread count, beside the copy line
# (the faster of memcpy and memcpy-nt at each thread count).
#
#   plot.sh [-i RUN.csv|RUN.json] [-b BENCH] [-o OUT.svg] [-- BENCH-OPTIONS]
#
# Without -i it runs BENCH (default ./bench/vfetch-bench) with --csv and the
# options after -- (default --quick). Needs gnuplot; without it, says so and
# exits 0. A JSON run is read with python3.
set -e

input=
bench=./bench/vfetch-bench
out=bench/vfetch-bench.svg
while [ $# -gt 0 ]; do
    case "$1" in
    -i) input=$2; shift 2 ;;
    -b) bench=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "usage: plot.sh [-i RUN.csv|RUN.json] [-b BENCH] [-o OUT.svg] [-- BENCH-OPTIONS]" >&2
       exit 2 ;;
    esac
done
[ $# -gt 0 ] || set -- --quick

if ! command -v gnuplot >/dev/null 2>&1; then
    echo "plot.sh: gnuplot not found; no plot drawn" >&2
    exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
csv=$tmp/run.csv
case "$input" in
'')
    # The bench exits 1 when a path differed; the plot still shows the run.
    "$bench" --csv "$@" > "$csv" || echo "plot.sh: vfetch-bench exited $?" >&2 ;;
*.json)
    python3 - "$input" > "$csv" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
print("group,name,layout,shape,size,path,kind,threads,mvertices_per_s")
for r in run["results"]:
    m = r.get("mvertices_per_s", {}).get("median")
    print(",".join(str(x) for x in (r["group"], r["name"], r.get("layout", ""),
          r.get("shape", ""), r["size"], r["path"], r["kind"], r["threads"],
          "" if m is None else m)))
PY
    ;;
*) cp "$input" "$csv" ;;
esac

# One panel per case and size; one data block per path: "threads Mvert/s".
# The copy line is the faster copy at each thread count.
awk -F, -v out="$out" '
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
$col["group"] != "case" || $(col["mvertices_per_s"]) == "" { next }
{
    panel = $col["name"] " (" $col["size"] ")"
    if (!(panel in seen)) { seen[panel] = 1; panels[++np] = panel }
    path = $col["path"]; t = $col["threads"]; v = $(col["mvertices_per_s"])
    if ($col["kind"] == "roofline") {
        path = "copy"
        if (v <= best[panel, t]) next
        best[panel, t] = v
    }
    if (!((panel, path) in haspath)) { haspath[panel, path] = 1; paths[panel, ++npath[panel]] = path }
    val[panel, path, t] = v
    if (!((panel, t) in hast)) { hast[panel, t] = 1; ts[panel, ++nt[panel]] = t }
}
END {
    cols = np < 4 ? np : 4; rows = int((np + cols - 1) / cols)
    printf "set terminal svg size %d,%d dynamic font \"sans,11\" background rgb \"white\"\n", 420 * cols, 380 * rows
    printf "set output \"%s\"\n", out
    print "set logscale y; set grid ytics; set key bmargin center horizontal font \",9\" samplen 2"
    print "set xlabel \"threads\"; set ylabel \"Mvertices/s\""
    print "set style line 1 lc rgb \"black\" lw 3 dt 2"
    printf "set multiplot layout %d,%d title \"vfetch-bench: Mvertices/s per path against the copy of the same bytes\"\n", rows, cols
    for (p = 1; p <= np; p++) {
        panel = panels[p]
        printf "set title \"%s\"\n", panel
        maxt = 1
        for (i = 1; i <= nt[panel]; i++) if (ts[panel, i] + 0 > maxt) maxt = ts[panel, i] + 0
        printf "set xrange [0.8:%g]; set xtics 1\n", maxt * 1.25
        cmd = "plot"
        for (j = 1; j <= npath[panel]; j++) {
            path = paths[panel, j]; name = "$d" p "_" j
            printf "%s << EOD\n", name
            for (i = 1; i <= nt[panel]; i++) {
                t = ts[panel, i]
                if ((panel, path, t) in val) printf "%s %s\n", t, val[panel, path, t]
            }
            print "EOD"
            style = path == "copy" ? "with linespoints ls 1 title \"copy (best)\"" \
                                   : "with linespoints lw 2 pt 7 title \"" path "\""
            cmd = cmd (j > 1 ? "," : "") " " name " using 1:2 " style
        }
        print cmd
    }
    print "unset multiplot"
}' "$csv" > "$tmp/plot.gp"

gnuplot "$tmp/plot.gp"
echo "plot.sh: wrote $out"
