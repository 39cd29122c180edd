#!/bin/sh
# cli-lib.sh - what the vfetch command-line tests share, sourced by each
# tests/cli/run-cli-*.sh: the paths, the check counters, capture and the
# comparisons with tests/cli/expected/, the malformed-input (bad) and
# rule-violation (invalid) checks, a reader of bad-input tables, and the
# small case every bad-input check differs from in one place.
#
# The expected files were generated once with VFETCH_CLI_REGENERATE=1 (by
# run-cli-examples.sh; the other scripts then do nothing) and then checked
# by hand against the rules (see expected/README). Regenerate only after an
# intended change, and review the diff.
#
# Environment: top_srcdir and top_builddir (make check sets both).
cli_name=$(basename "$0" .sh)
cli_dir=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${top_srcdir:-$(cd "$cli_dir/../.." && pwd)}
set -u

top_builddir=${top_builddir:-.}
top_srcdir=$(cd "$top_srcdir" && pwd)
top_builddir=$(cd "$top_builddir" && pwd)

VFETCH="$top_builddir/tools/vfetch/vfetch"
EXAMPLES="$top_srcdir/examples"
EXPECTED="$top_srcdir/tests/cli/expected"
REGENERATE=${VFETCH_CLI_REGENERATE:-}

if [ ! -x "$VFETCH" ]; then
    echo "$cli_name: $VFETCH not built" >&2
    exit 99
fi

# The library picks its fetch path from VFETCH_ISA too: start clean.
unset VFETCH_ISA

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vfetch-cli.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM

failures=0
checks=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

pass() {
    checks=$((checks + 1))
}

# Functions share the script's variables: those they set start with an
# underscore.

# capture OUT CMD... : stdout, then stderr (if any) and the exit status, in
# one file, the format of the expected files.
capture() {
    _out=$1
    shift
    "$@" >"$tmp/stdout" 2>"$tmp/stderr"
    _status=$?
    cat "$tmp/stdout" >"$_out"
    if [ -s "$tmp/stderr" ]; then
        echo "--- stderr" >>"$_out"
        cat "$tmp/stderr" >>"$_out"
    fi
    echo "--- exit $_status" >>"$_out"
    if [ "$_status" -ge 128 ]; then
        fail "crashed (status $_status): $*"
    fi
    return 0
}

# expect NAME CMD... : the captured output of CMD must equal expected/NAME.
expect() {
    _name=$1
    shift
    capture "$tmp/actual" "$@"
    if [ -n "$REGENERATE" ]; then
        cp "$tmp/actual" "$EXPECTED/$_name"
        pass
        return 0
    fi
    if [ ! -f "$EXPECTED/$_name" ]; then
        fail "$_name: no expected file"
    elif cmp -s "$tmp/actual" "$EXPECTED/$_name"; then
        pass
    else
        fail "$_name: output differs from expected/$_name ($*)"
        diff "$EXPECTED/$_name" "$tmp/actual" | head -20
    fi
}

# expect_raw NAME CMD... : binary standard output equal to expected/NAME.
expect_raw() {
    _name=$1
    shift
    "$@" >"$tmp/raw" 2>"$tmp/stderr"
    _status=$?
    if [ "$_status" -ne 0 ]; then
        fail "$_name: exit status $_status ($*)"
        cat "$tmp/stderr"
        return 0
    fi
    if [ -n "$REGENERATE" ]; then
        cp "$tmp/raw" "$EXPECTED/$_name"
        pass
    elif cmp -s "$tmp/raw" "$EXPECTED/$_name"; then
        pass
    else
        fail "$_name: raw output differs from expected/$_name ($*)"
    fi
}

if [ -n "$REGENERATE" ]; then
    mkdir -p "$EXPECTED"
fi

# Fetch paths this machine runs, from `vfetch version`.
isas=$("$VFETCH" version | sed -n 's/^fetch paths://p' | tr ' ' '\n' |
       sed -n 's/(default)$//; /(unavailable)/d; /./p')
if [ -z "$isas" ]; then
    fail "vfetch version lists no fetch path"
fi

if [ -n "$REGENERATE" ] && [ -z "${CLI_REGENERATES:-}" ]; then
    exit 0
fi
CASES="$top_srcdir/tests/cli/cases"
NL='
'

# bad NAME TEXT JSON [ARGS...]: runs `vfetch run` (or ARGS) on JSON.
bad() {
    _name=$1
    _text=$2
    printf '%s' "$3" >bad.json
    shift 3
    if [ $# -eq 0 ]; then
        set -- run bad.json
    fi
    "$VFETCH" "$@" >out.txt 2>err.txt
    _status=$?
    _lines=$(wc -l <err.txt)
    if [ "$_status" -ne 2 ]; then
        fail "$_name: exit status $_status, expected 2"
        cat err.txt
    elif [ -s out.txt ]; then
        fail "$_name: wrote to standard output"
    elif [ "$_lines" -ne 1 ]; then
        fail "$_name: $_lines lines on stderr, expected 1"
        cat err.txt
    elif ! grep -F -q -- "$_text" err.txt; then
        fail "$_name: message lacks '$_text'"
        cat err.txt
    else
        pass
    fi
}

# invalid NAME TEXT JSON [COMMAND]: exit 1, TEXT in the messages.
invalid() {
    _name=$1
    _text=$2
    printf '%s' "$3" >inv.json
    "$VFETCH" "${4:-run}" inv.json >out.txt 2>&1
    _status=$?
    if [ "$_status" -ne 1 ]; then
        fail "$_name: exit status $_status, expected 1"
        cat out.txt
    elif ! grep -F -q -- "$_text" out.txt; then
        fail "$_name: messages lack '$_text'"
        cat out.txt
    else
        pass
    fi
}

# bad_table FILE: a bad check per row of FILE, a row being bad's arguments
# as shell words (variables of the calling script expand); a line ending in
# a backslash goes on on the next line; '#' lines and blank ones are skipped.
bad_table() {
    _row=
    while IFS= read -r _line || [ -n "$_line" ]; do
        case $_line in
        '#'* | '') [ -z "$_row" ] && continue ;;
        esac
        case $_line in
        *\\) _row="$_row${_line%?}"; continue ;;
        esac
        eval "bad $_row$_line"
        _row=
    done <"$1"
}

# cli_fixture: work in the scratch folder, with a file of 8 bytes (1.0f
# 2.0f), a folder, and the parts L, VB and D of the baseline case good.json.
cli_fixture() {
    cd "$tmp" || exit 99
    printf '\000\000\200\077\000\000\000\100' >data8.bin
    mkdir adir
    L='"InputLayout": [{"SemanticName": "P", "Format": "R32_FLOAT"}]'
    VB='"VertexBuffers": [{"Slot": 0, "Hex": "0000803f", "StrideInBytes": 4}]'
    D='"Draw": {"DrawInstanced": {"VertexCountPerInstance": 1}}'
    printf '{%s, %s, %s}' "$L" "$VB" "$D" >good.json
}

# cli_summary: the count line; the exit status says whether all passed.
cli_summary() {
    echo "$cli_name: $checks checks passed, $failures failed"
    [ "$failures" -eq 0 ]
}
