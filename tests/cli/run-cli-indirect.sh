#!/bin/sh
# run-cli-indirect.sh - vfetch on examples/execute-indirect.json against the
# direct draws its commands stand for (tests/cli/cases/
# execute-indirect.commandN.json, written by hand from the argument words):
# every command's JSON output, with --primitives and with --reuse, equals
# that draw's but for "command" and "ArgumentOffset"; vfetch compare reads
# a capture of the whole call (run's raw output, and plain records one
# command after the other) and finds a changed bit; a view outside the
# address ranges fails that command only.
#
# Environment: top_srcdir and top_builddir (make check sets both); see
# cli-lib.sh.
set -u
. "$(dirname "$0")/cli-lib.sh"

cli_fixture
EI="$EXAMPLES/execute-indirect.json"
CASES="$top_srcdir/tests/cli/cases"

if command -v python3 >/dev/null 2>&1; then
    for opts in "" "--primitives" "--reuse --primitives"; do
        # shellcheck disable=SC2086 # the options are words
        "$VFETCH" run --output json $opts "$EI" >ei.json 2>/dev/null
        for n in 0 1 2; do
            # shellcheck disable=SC2086
            "$VFETCH" run --output json $opts "$CASES/execute-indirect.command$n.json" \
                >direct$n.json 2>/dev/null
        done
        if python3 - ei.json direct0.json direct1.json direct2.json <<'PY'
import json, sys
call = json.load(open(sys.argv[1]))
cmds = call["commands"]
assert call["ExecuteIndirect"]["CommandCount"] == 3 == len(cmds), call["ExecuteIndirect"]
for n, path in enumerate(sys.argv[2:]):
    c = dict(cmds[n])
    assert c.pop("command") == n and c.pop("ArgumentOffset") == 8 + 56 * n
    direct = json.load(open(path))
    direct.pop("diagnostics", None)
    c.pop("diagnostics", None)
    assert c == direct, (n, sorted(set(c) ^ set(direct)))
PY
        then pass; else fail "commands differ from their direct draws (run --output json $opts)"; fi
    done
fi

# compare: run's raw output of the call, plain records, a changed bit.
"$VFETCH" run --output raw "$EI" >ei.raw 2>/dev/null
if "$VFETCH" compare "$EI" ei.raw 2>/dev/null | grep -q "exact 120;"; then pass
else fail "compare of the call's own raw output"; fi
for n in 0 1 2; do
    "$VFETCH" run --output raw1 "$CASES/execute-indirect.command$n.json" 2>/dev/null |
        tail -c +"$((4 * 6 + 1))" >plain$n.bin
done
# Raw version 1: 6 header words, then records of 4 x 2 + 3 words (the two
# registers, SV_VertexID, SV_InstanceID, flags); a plain capture holds the
# 32 bytes of the two data registers.
if command -v python3 >/dev/null 2>&1; then
    python3 - plain0.bin plain1.bin plain2.bin <<'PY'
import sys
out = b""
for p in sys.argv[1:]:
    d = open(p, "rb").read()
    out += b"".join(d[k:k + 32] for k in range(0, len(d), 44))
open("plain.bin", "wb").write(out)
bad = bytearray(out); bad[32 * 7 + 4] ^= 1
open("bad.bin", "wb").write(bytes(bad))
PY
    if "$VFETCH" compare "$EI" plain.bin 2>/dev/null | grep -q "exact 120;"; then pass
    else fail "compare of plain records of the three commands"; fi
    "$VFETCH" compare "$EI" bad.bin >cmp.out 2>/dev/null
    if [ $? -eq 1 ] && grep -q "record 7 (instance 0, position 7) POSITION0.y" cmp.out; then pass
    else fail "compare misses a changed bit of command 1"; cat cmp.out; fi
fi

# A view that leaves its range: that command fails (exit 1), the others draw.
sed 's/65536, 0, 32, 8,  196608, 0, 12, 57,  7/65536, 0, 40, 8,  196608, 0, 12, 57,  7/' "$EI" \
    >oob.json
"$VFETCH" run --output json oob.json >oob.out 2>oob.err
_status=$?
if [ "$_status" -eq 1 ] && grep -q '"code": 406' oob.out && [ "$(grep -c '"records"' oob.out)" -eq 2 ] &&
   grep -q "command 0: argument 0 (vertex buffer view).*not inside one GPU address range" oob.err
then pass; else fail "a view outside the ranges (status $_status)"; cat oob.err; fi
"$VFETCH" validate oob.json >oob.out 2>&1
if [ $? -eq 1 ] && grep -q "oob.json: command 0: error: invalid draw" oob.out; then pass
else fail "validate of a view outside the ranges"; cat oob.out; fi

cli_summary
