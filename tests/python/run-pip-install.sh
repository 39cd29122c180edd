#!/bin/sh
# run-pip-install.sh - pip install of python/ into a fresh venv with no
# package index: the wheel carries this build's library, and the installed
# package, run from elsewhere with VFETCH_LIBRARY unset, loads that copy
# and runs an example. Skips (77) without python3's venv and pip, or
# without a shared library (static-only builds).
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${top_builddir:-.}
PYTHON=${PYTHON:-python3}
lib="$(cd "$top_builddir" && pwd)/.libs/libvfetch.so.0"
if [ ! -f "$lib" ]; then
    echo "run-pip-install: no shared $lib (static-only build); skipped"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vfetch-pip.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
if ! "$PYTHON" -m venv "$tmp/venv" >"$tmp/venv.log" 2>&1 || [ ! -x "$tmp/venv/bin/pip" ]; then
    echo "run-pip-install: $PYTHON -m venv with pip is not available (Debian: python3-venv); skipped"
    exit 77
fi
# pip builds in the source folder: a copy, as the source may be read-only.
cp -R "$top_srcdir/python" "$tmp/src" && chmod -R u+w "$tmp/src" || exit 99
if ! VFETCH_LIBRARY="$lib" PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
     "$tmp/venv/bin/pip" install --no-index --no-build-isolation "$tmp/src" >"$tmp/pip.log" 2>&1; then
    cat "$tmp/pip.log"
    echo "run-pip-install: pip install --no-index --no-build-isolation failed"
    exit 1
fi
cd "$tmp" || exit 99
env -u VFETCH_LIBRARY -u PYTHONPATH "$tmp/venv/bin/python" - "$top_srcdir/examples/triangle.json" <<'PY'
import os, struct, sys
import vfetch
from vfetch import _lib
pkg = os.path.dirname(vfetch.__file__)
assert pkg.startswith(sys.prefix), "imported %s, not the venv's copy" % pkg
assert _lib.candidates()[0] == os.path.join(pkg, "libvfetch.so.0"), _lib.candidates()
r = vfetch.run(sys.argv[1])
# examples/triangle.json: three R32G32B32_FLOAT positions from
# triangle.bin; the missing w reads 1.0 (docs/d3d-ia-rules.md)
with open(os.path.join(os.path.dirname(sys.argv[1]), "triangle.bin"), "rb") as f:
    xyz = struct.unpack("<9f", f.read(36))
want = [list(xyz[3 * k:3 * k + 3]) + [1.0] for k in range(3)]
got = r.register("POSITION0")
got = got.tolist() if hasattr(got, "tolist") else got
assert got == want, got
print("run-pip-install: vfetch %s from %s: ok" % (vfetch.version(), pkg))
PY
