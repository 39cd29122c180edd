#!/bin/sh
# check-man-pages.sh - the installed man pages say what a user reads:
# no make variable left unexpanded (a literal "$(datadir)"), and every
# option vfetch-vk --help lists is documented in vfetch-vk(1).
set -u
top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
vk=$top_builddir/tools/vfetch-vk/vfetch-vk
status=0
for page in "$top_srcdir/tools/vfetch/vfetch.1" "$top_srcdir/tools/vfetch-vk/vfetch-vk.1"; do
    if grep -n '\$(' "$page"; then
        echo "FAIL: $page names a make variable"
        status=1
    fi
done
for opt in $("$vk" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    esc=$(echo "$opt" | sed 's/-/\\\\-/g')
    if ! grep -q -- "$esc" "$top_srcdir/tools/vfetch-vk/vfetch-vk.1"; then
        echo "FAIL: vfetch-vk(1) does not document $opt"
        status=1
    fi
done
[ "$status" -eq 0 ] && echo "PASS: man pages"
exit "$status"
