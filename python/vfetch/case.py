"""The JSON case format of the vfetch tools (vfetch(1)), read from a dict.

Case(dict) checks the case as the CLI's case loader (tools/common/) does
and raises CaseError naming the JSON path. Buffer data come from File, Hex
or one typed array (Float32, Float16, Uint8 .. Int32, and Indices for index
buffers). The D3D rules themselves are left to the library, as in the CLI.

"Api" picks the form: case_d3d12.py reads the D3D12 one (the default),
case_d3d11.py the D3D11 one, both with the readers of _case_json.py;
case_vulkan.py the Vulkan one.
"""
import json
import os

from ._case_json import fail, string, type_name
from ._problems import collect, did_you_mean, suggest
from .case_d3d11 import load_d3d11
from .case_d3d12 import load_d3d12
from .case_vulkan import load_vulkan
from .errors import CaseError

# The names this module has always offered, now defined beside the readers.
from ._case_json import (  # noqa: F401
    APPEND, COMPONENT_TYPES, ELEMENT_FIELDS, MAX_ARRAY, MAX_DATA_SIZE, MAX_INPUT_SLOTS, R16_UINT,
    R32_UINT, SLOT_CLASSES, SOURCES, TOPOLOGIES, TYPED, Buffer, Draw, Element, SignatureEntry,
    element_dict, encode_typed, input_layout, load_data, signature)
from .case_d3d12 import STRIP_CUTS  # noqa: F401
from .formats import format_value  # noqa: F401

_LOADERS = {"D3D12": load_d3d12, "D3D11": load_d3d11, "Vulkan": load_vulkan}


class Case:
    """A loaded case: elements, signature, buffers and the draw, checked
    like the CLI checks them: CaseError lists every problem found (up to
    20), with the closest name for a near-miss key, format or enum value.
    `base_dir`: where File names are relative to.
    .indirect: the ExecuteIndirect call of such a case (_indirect.py), else
    None."""

    indirect = None

    def __init__(self, case, base_dir=None):
        if isinstance(case, Case):
            self.__dict__.update(case.__dict__)
            return
        if not isinstance(case, dict):
            fail("", "the case must be a JSON object, got %s" % type_name(case))
        api = string("Api", case["Api"]) if "Api" in case else "D3D12"
        if api not in _LOADERS:
            fail("Api", "expected 'D3D12', 'D3D11' or 'Vulkan', got '%s'%s"
                 % (api[:40], did_you_mean(suggest(api, _LOADERS))))
        # Every problem of the case in one CaseError (_problems.py).
        collect(_LOADERS[api], self, case, base_dir)


def load(path):
    """A Case from a JSON file; File names relative to the file's directory."""
    with open(path, "rb") as f:
        text = f.read()
    try:
        obj = json.loads(text, object_pairs_hook=_no_duplicates)
    except ValueError as e:
        raise CaseError(str(e)) from None
    return Case(obj, os.path.dirname(path) or ".")


def _no_duplicates(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise CaseError("field '%s' appears twice" % k)
        d[k] = v
    return d
