#!/bin/sh
# identical-examples.sh - the raw (version 1) output of every example under every fetch
# path this machine has, compared with tests/identical-examples.sha256.
#   tests/identical-examples.sh [--print]
# --print writes the digests instead (after a deliberate change of output).
set -u
srcdir=${top_srcdir:-.}
builddir=${top_builddir:-.}
vfetch=$builddir/tools/vfetch/vfetch
[ -x "$vfetch" ] || { echo "identical-examples: no $vfetch"; exit 77; }
unset VFETCH_ISA

digests() {
    for ex in "$srcdir"/examples/*.json; do
        name=$(basename "$ex")
        for isa in scalar sse2 ssse3 sse41 avx2 avx512 neon; do
            "$vfetch" run "$ex" --isa "$isa" --output raw1 >out.tmp.$$ 2>/dev/null
            status=$?
            # an ISA this machine lacks exits 2 before reading the case
            if [ $status = 2 ] && "$vfetch" run "$ex" --isa "$isa" 2>&1 | grep -q 'not available\|unavailable'; then
                continue
            fi
            echo "$name $status $(sha256sum <out.tmp.$$ | cut -c1-64)"
        done | sort -u
    done
    rm -f out.tmp.$$
}

if [ "${1:-}" = --print ]; then
    digests
    exit 0
fi
digests >got.tmp.$$
if diff -u "$srcdir/tests/identical-examples.sha256" got.tmp.$$; then
    echo "identical-examples: every example gives its recorded bytes on every ISA"
    rm -f got.tmp.$$
    exit 0
fi
rm -f got.tmp.$$
exit 1
