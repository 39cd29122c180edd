# ci-lib.sh - shared by the scripts/ci-*.sh helpers (POSIX sh; source it).
#
# vf_pristine_source SRC WORKDIR
#   Prints a source directory a VPATH build can use. A VPATH build needs a
#   source tree that is not configured in place; when SRC is (or has no
#   configure script yet), copy its tracked files (so no build output comes
#   along) to WORKDIR/src, run autoreconf there, and print that instead.
vf_pristine_source() {
    vf_src=$1
    vf_copy=$2/src
    if [ ! -f "$vf_src/config.status" ] && [ -x "$vf_src/configure" ]; then
        echo "$vf_src"
        return 0
    fi
    rm -rf "$vf_copy"
    mkdir -p "$vf_copy"
    if git -C "$vf_src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        (cd "$vf_src" && git ls-files -z --cached |
             xargs -0 cp --parents -t "$vf_copy" 2>/dev/null || true)
    else
        (cd "$vf_src" && tar --exclude=./build-\* -cf - .) | (cd "$vf_copy" && tar -xf -)
        (cd "$vf_copy" && { [ ! -f Makefile ] || make distclean >/dev/null 2>&1 || true; })
    fi
    (cd "$vf_copy" && autoreconf -fi >/dev/null 2>&1)
    echo "$vf_copy"
}

# vf_enter_build SRC BUILD
#   Sets `srcdir` (see vf_pristine_source) and `obj` (a fresh BUILD/obj) and
#   changes into `obj`, ready for "$srcdir/configure".
vf_enter_build() {
    mkdir -p "$2"
    srcdir=$(vf_pristine_source "$1" "$2")
    obj=$2/obj
    rm -rf "$obj"
    mkdir -p "$obj"
    cd "$obj"
}
