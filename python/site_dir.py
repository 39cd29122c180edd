"""Where `make install` puts the vfetch package for this interpreter under
PREFIX (configure runs it): prints the directory relative to PREFIX, then
"yes" when the interpreter has it on sys.path as it starts, else "no".

The directory on sys.path under PREFIX/lib* is taken first: Debian's
/usr/local/lib/python3.X/dist-packages or /usr/lib/python3/dist-packages,
a pyenv or venv interpreter's own site-packages. With none there, the
posix_prefix scheme's purelib (PREFIX/lib/python3.X/site-packages), which
then needs PYTHONPATH."""
import os
import sys
import sysconfig


def main(prefix):
    prefix = os.path.abspath(prefix)
    for entry in sys.path:
        if not entry or os.path.basename(entry) not in ("site-packages", "dist-packages"):
            continue
        rel = os.path.relpath(os.path.abspath(entry), prefix)
        if rel.split(os.sep)[0] in ("lib", "lib64"):
            return rel, "yes"
    path = sysconfig.get_path("purelib", "posix_prefix", vars={"base": prefix, "platbase": prefix})
    return os.path.relpath(path, prefix), "no"


if __name__ == "__main__":
    print("\n".join(main(sys.argv[1])))
