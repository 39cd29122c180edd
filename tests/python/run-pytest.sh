#!/bin/sh
# run-pytest.sh - the pytest suite of the Python package against the
# library and CLI of this build tree. Skips (77) without pytest.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${top_builddir:-.}
if [ -z "${PYTEST:-}" ]; then
    echo "run-pytest: no pytest found by configure; skipped"
    exit 77
fi
PYTHONPATH="$top_srcdir/python${PYTHONPATH:+:$PYTHONPATH}"
VFETCH_LIBRARY="$top_builddir/.libs/libvfetch.so"
# The package loads the shared library; a static-only build (the sanitizer
# builds configure --disable-shared) has none to load.
if [ ! -f "$VFETCH_LIBRARY" ]; then
    echo "run-pytest: no shared $VFETCH_LIBRARY (static-only build); skipped"
    exit 77
fi
PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH VFETCH_LIBRARY PYTHONDONTWRITEBYTECODE top_srcdir top_builddir
# No cache files in the source tree.
exec "$PYTEST" -q -p no:cacheprovider "$top_srcdir/tests/python"
