"""Where the package loads libvfetch from: VFETCH_LIBRARY first, then its
own copy (a pip install from a built tree), then the libdir make install
recorded, then the soname. Each case runs a copy of the package in a
fresh interpreter."""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import BUILDDIR, SRCDIR

LIB = os.path.join(BUILDDIR, ".libs", "libvfetch.so.0")
SCRIPT = "import vfetch, vfetch._lib as l; print(l.candidates()[0]); print(vfetch.version())"


def package_copy(tmp_path, libdir=None, bundled=False):
    dst = tmp_path / "site"
    shutil.copytree(os.path.join(SRCDIR, "python", "vfetch"), str(dst / "vfetch"),
                    ignore=shutil.ignore_patterns("_installed.py", "__pycache__"))
    if libdir:
        (dst / "vfetch" / "_installed.py").write_text("LIBDIR = %r\n" % libdir)
    if bundled:
        shutil.copyfile(LIB, str(dst / "vfetch" / "libvfetch.so.0"))
    return str(dst)


def run(site, env_lib=None):
    env = {k: v for k, v in os.environ.items() if k not in ("VFETCH_LIBRARY", "PYTHONPATH")}
    env["PYTHONPATH"] = site
    if env_lib:
        env["VFETCH_LIBRARY"] = env_lib
    return subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          env=env, cwd=site)


@pytest.fixture(autouse=True)
def shared_library():
    if not os.path.exists(LIB):
        pytest.skip("no shared %s (static-only build)" % LIB)


def test_recorded_libdir(tmp_path):
    site = package_copy(tmp_path, libdir=os.path.dirname(LIB))
    p = run(site)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split("\n")[0] == LIB


def test_own_copy_before_recorded_libdir(tmp_path):
    site = package_copy(tmp_path, libdir="/nonexistent", bundled=True)
    p = run(site)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split("\n")[0] == os.path.join(site, "vfetch", "libvfetch.so.0")


def test_vfetch_library_overrides(tmp_path):
    site = package_copy(tmp_path, libdir=os.path.dirname(LIB), bundled=True)
    missing = str(tmp_path / "nowhere" / "libvfetch.so")
    p = run(site, env_lib=missing)
    assert p.returncode != 0
    assert "cannot load %s" % missing in p.stderr and "VFETCH_LIBRARY" in p.stderr
