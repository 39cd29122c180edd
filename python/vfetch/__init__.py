"""vfetch: the Direct3D 12 input assembler on the CPU, from Python.

    import vfetch
    vfetch.decode_element("R8G8B8A8_UNORM", b"\\xff\\x00\\x80\\xff")
    result = vfetch.run(case_dict)          # what `vfetch run` computes
    prims = vfetch.primitives(case_dict)    # what `vfetch run --primitives` lists
    reuse = vfetch.run_reuse(case_dict)     # what `vfetch run --reuse` computes
    stats = vfetch.statistics(case_dict)    # IAVertices, IAPrimitives, VSInvocations
    report = vfetch.compare(case_dict, captured_words)

The library is loaded by its soname, or from VFETCH_LIBRARY. NumPy arrays
are used in and out when NumPy is importable; bytes and array.array
otherwise.
"""
from . import _lib
from .assemble import Primitives, ReuseResult, primitives, run_reuse
from .case import Case, load as load_case
from .compare import Comparison, compare, classify, KINDS
from .draw import Layout, Result, Register, run
from .errors import CaseError, DrawError, LayoutError, VfetchError
from .formats import FormatInfo, decode_element, format_info, format_name, format_value, formats
from .raw import read_raw
from .statistics import Statistics, statistics

__all__ = ["Primitives", "ReuseResult", "primitives", "run_reuse", "Case", "CaseError", "Comparison", "DrawError", "FormatInfo", "KINDS", "Layout",
           "LayoutError", "Register", "Result", "VfetchError", "classify", "compare",
           "decode_element", "format_info", "format_name", "format_value", "formats",
           "load_case", "read_raw", "run", "version", "Statistics", "statistics"]


def version():
    """The version string of the loaded library."""
    return _lib.lib().vf_version().decode()
