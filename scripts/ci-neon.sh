#!/bin/sh
# ci-neon.sh - cross-builds libvfetch for AArch64 and runs the SIMD
# differential test (tests/check_simd.c, built against tests/mini_check.h
# instead of Check) under
# qemu-user: every NEON kernel against the scalar reference, exhaustive
# codes, guard pages, CPU-feature switches.
#
#   scripts/ci-neon.sh [BUILD_DIR]      (default /tmp/build-neon)
#
# Needs gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user. Check
# and json-c are not needed for arm64: only the library is cross-built.
# Exits nonzero if the build fails, NEON was not built, or any check fails.
set -eu

srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${1:-/tmp/build-neon}
host=aarch64-linux-gnu
cc=${CC_AARCH64:-$host-gcc}
qemu=${QEMU_AARCH64:-qemu-aarch64}
sysroot=${AARCH64_SYSROOT:-/usr/$host}

for tool in "$cc" "$qemu"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "ci-neon: $tool not found" >&2; exit 2; }
done
. "$srcdir/scripts/ci-lib.sh"
mkdir -p "$builddir"
srcdir=$(vf_pristine_source "$srcdir" "$builddir")
cd "$builddir"
if [ ! -f Makefile ]; then
    # configure looks Check and json-c up with the build machine's
    # pkg-config; nothing that needs them is built here.
    "$srcdir/configure" --host=$host --enable-werror CC="$cc" >configure.out 2>&1 || {
        cat configure.out
        exit 1
    }
fi
grep -q '^#define HAVE_NEON_INTRIN 1' config.h || { echo "ci-neon: NEON path not built" >&2; exit 1; }

make -j2 libvfetch_core.la

# check_simd from the sources tests/local.mk lists, with mini_check.h in
# place of Check (-DVF_MINI_CHECK), linked statically for qemu.
make -j2 tests/check_simd CHECK_CFLAGS=-DVF_MINI_CHECK CHECK_LIBS= LDFLAGS=-all-static
cp tests/check_simd check_simd_neon

echo "ci-neon: running check_simd_neon under $qemu"
status=0
"$qemu" -L "$sysroot" ./check_simd_neon >neon.out 2>&1 || status=1
cat neon.out
# The test must really have compared the NEON kernels.
grep -q 'ISAs under test: neon' neon.out || { echo "ci-neon: NEON was not tested" >&2; status=1; }
# NEON turned off: the scalar-only dispatch and the feature checks must pass.
VFETCH_DISABLE_CPU_FEATURES=neon "$qemu" -L "$sysroot" ./check_simd_neon >scalar-only.out 2>&1 || {
    cat scalar-only.out
    status=1
}
if [ $status -eq 0 ]; then
    echo "ci-neon: PASS (NEON kernels bit-exact with scalar under qemu)"
else
    echo "ci-neon: FAIL" >&2
fi
exit $status
