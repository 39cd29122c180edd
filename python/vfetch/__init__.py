"""vfetch: the Direct3D 12 input assembler on the CPU, from Python.

    import vfetch
    vfetch.decode_element("R8G8B8A8_UNORM", b"\\xff\\x00\\x80\\xff")
    result = vfetch.run(case_dict)          # what `vfetch run` computes
    prims = vfetch.primitives(case_dict)    # what `vfetch run --primitives` lists
    for piece in vfetch.iter_primitives(case_dict, chunk=4096): ...  # any length
    reuse = vfetch.run_reuse(case_dict)     # what `vfetch run --reuse` computes
    stats = vfetch.statistics(case_dict)    # IAVertices, IAPrimitives, VSInvocations
    report = vfetch.compare(case_dict, captured_words)
    for cmd in vfetch.run(execute_indirect_case): cmd.command, cmd.result  # per command

Cases are D3D12 (the default), D3D11, ExecuteIndirect or "Api": "Vulkan";
each call above takes all four (a Vulkan case's primitives carry
.provoking in LAST_VERTEX mode, its statistics are intervals). A malformed
case raises one CaseError listing every problem (up to 20), each with its
JSON path and, for a near-miss name, "did you mean"; .problems holds them.

The library is loaded from VFETCH_LIBRARY, else the package's own copy (pip
install from a built tree), else the libdir make install recorded, else by
its soname (_lib.py). Cases take NumPy arrays and scalars, bytes, bytearray
and memoryview; results are NumPy arrays when NumPy is importable
(Result.register(name): an (N, 4) array of the register's type), bytes and
array.array otherwise. Every error raised is a VfetchError (errors.py).
"""
from . import _lib
from .assemble import Primitives, ReuseResult, iter_primitives, primitives, run_reuse
from .case import Case, load as load_case
from .compare import Comparison, compare, classify, KINDS
from .draw import Layout, Result, Register, run
from .errors import ArgumentTypeError, CaseError, DrawError, LayoutError, StateError, VfetchError
from .formats import FormatInfo, decode_element, format_info, format_name, format_value, formats
from .raw import read_raw
from .statistics import Statistics, statistics

__all__ = ["Primitives", "ReuseResult", "primitives", "run_reuse", "Case", "CaseError", "Comparison", "DrawError", "FormatInfo", "KINDS", "Layout",
           "LayoutError", "Register", "Result", "VfetchError", "classify", "compare",
           "decode_element", "format_info", "format_name", "format_value", "formats",
           "load_case", "read_raw", "run", "version"]
__all__ += ["ArgumentTypeError", "StateError", "iter_primitives"]
__all__ += ["Statistics", "statistics"]


def version():
    """The version string of the loaded library."""
    return _lib.lib().vf_version().decode()
