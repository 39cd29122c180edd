"""Paths of the tree under test: top_srcdir and top_builddir from make
check, else this checkout built in place."""
import os
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.path.abspath(os.environ.get("top_srcdir") or os.path.join(HERE, "..", ".."))
BUILDDIR = os.path.abspath(os.environ.get("top_builddir") or SRCDIR)
VFETCH = os.path.join(BUILDDIR, "tools", "vfetch", "vfetch")
ABI_LAYOUT = os.path.join(BUILDDIR, "tests", "python", "abi_layout")
ABI_LAYOUT_VULKAN = os.path.join(BUILDDIR, "tests", "python", "abi_layout_vulkan")
os.environ.setdefault("VFETCH_LIBRARY", os.path.join(BUILDDIR, ".libs", "libvfetch.so"))
os.environ.pop("VFETCH_ISA", None)


def read_abi_layout(program):
    """{"size": {struct: bytes}, "field": {struct: [(name, offset, bytes)]},
    "const": {name: value}} as an abi_layout program prints them."""
    assert os.path.exists(program), "%s is not built (make check builds it)" % program
    out = subprocess.run([program], capture_output=True, text=True, check=True).stdout
    layout = {"size": {}, "field": {}, "const": {}}
    for line in out.splitlines():
        kind, name, *rest = line.split()
        if kind == "field":
            layout["field"].setdefault(name, []).append((rest[0], int(rest[1]), int(rest[2])))
        else:
            layout[kind][name] = int(rest[0])
    return layout


def run_cli(*args, **kw):
    # A build configured without json-c has no CLI: what needs it skips.
    if not os.path.exists(VFETCH):
        pytest.skip("no vfetch CLI in this build (configured without json-c)")
    return subprocess.run([VFETCH] + list(args), capture_output=True, **kw)


@pytest.fixture
def cli():
    return run_cli
