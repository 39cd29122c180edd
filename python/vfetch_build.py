"""The build backend of the vfetch Python package (PEP 517, in the tree
through pyproject.toml's backend-path), so that

    pip install ./python                        (or --no-build-isolation)

needs no package index, no setuptools and no wheel: it writes the wheel
with the standard library alone.

The wheel holds python/vfetch/*.py and, when this tree has a built
library, a copy of it as vfetch/libvfetch.so.0, which the package loads
before any installed one (VFETCH_LIBRARY still overrides). The library
copied is $VFETCH_LIBRARY when set at build time, else the build tree's
../.libs/libvfetch.so.0 (an in-tree build). With neither, the wheel is
pure Python and the package loads the installed libvfetch by its soname.
"""
import base64
import hashlib
import os
import sysconfig
import zipfile

NAME = "vfetch"
VERSION = "0.1.0"  # AC_INIT's version in configure.ac
SONAME = "libvfetch.so.0"
HERE = os.path.dirname(os.path.abspath(__file__))
# Written by make install, never shipped in a wheel.
NOT_SHIPPED = ("_installed.py",)

METADATA = """Metadata-Version: 2.1
Name: {name}
Version: {version}
Summary: The Direct3D 12/11 input assembler on the CPU (ctypes over libvfetch)
Requires-Python: >=3.6
Provides-Extra: numpy
Requires-Dist: numpy; extra == "numpy"
"""


def built_library():
    """The shared library to copy into the wheel, or None."""
    path = os.environ.get("VFETCH_LIBRARY") or os.path.join(HERE, "..", ".libs", SONAME)
    return path if os.path.isfile(path) else None


def _tag(binary):
    if not binary:
        return "py3-none-any"
    return "py3-none-" + sysconfig.get_platform().replace("-", "_").replace(".", "_")


def _files(library):
    """(name in the wheel, bytes) of everything but the dist-info."""
    pkg = os.path.join(HERE, NAME)
    out = []
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py") and name not in NOT_SHIPPED:
            with open(os.path.join(pkg, name), "rb") as f:
                out.append((NAME + "/" + name, f.read()))
    if library:
        with open(library, "rb") as f:  # follows the .so.0 symbolic link
            out.append((NAME + "/" + SONAME, f.read()))
    return out


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def _dist_info(tag, binary):
    info = "%s-%s.dist-info" % (NAME, VERSION)
    wheel = "Wheel-Version: 1.0\nGenerator: vfetch_build\nRoot-Is-Purelib: %s\nTag: %s\n" % (
        "false" if binary else "true", tag)
    return info, [(info + "/METADATA", METADATA.format(name=NAME, version=VERSION).encode()),
                  (info + "/WHEEL", wheel.encode())]


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    library = built_library()
    tag = _tag(library is not None)
    info, meta = _dist_info(tag, library is not None)
    entries = _files(library) + meta
    record = "".join(_record_line(n, d) + "\n" for n, d in entries) + info + "/RECORD,,\n"
    filename = "%s-%s-%s.whl" % (NAME, VERSION, tag)
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w",
                         zipfile.ZIP_DEFLATED) as z:
        for name, data in entries + [(info + "/RECORD", record.encode())]:
            zi = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            zi.external_attr = (0o755 if name.endswith(SONAME) else 0o644) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return filename


def get_requires_for_build_wheel(config_settings=None):
    return []
