"""The ctypes mirror of the C headers (python/vfetch/_lib.py) against the C
layout as tests/python/abi_layout prints it: struct sizes, field offsets
and sizes in order, constant values, and the name tables of the case
format and of FormatInfo."""
import ctypes
import importlib

import pytest

from conftest import ABI_LAYOUT, read_abi_layout
from vfetch import _case_json, _indirect, _lib, case_d3d11, case_d3d12

# The module; the package's attribute of that name is the function formats().
formats = importlib.import_module("vfetch.formats")

# Every ctypes.Structure of _lib.py and the C struct it mirrors.
STRUCTS = {
    "FormatDesc": "vf_format_desc",
    "InputElementDesc": "vf_input_element_desc",
    "SignatureElement": "vf_signature_element",
    "LayoutOptions": "vf_layout_options",
    "KernelPathInfo": "vf_kernel_path_info",
    "Diagnostic": "vf_diagnostic",
    "Diagnostics": "vf_diagnostics",
    "LayoutElementInfo": "vf_layout_element_info",
    "LayoutRegisterInfo": "vf_layout_register_info",
    "VertexBufferView": "vf_vertex_buffer_view",
    "IndexBufferView": "vf_index_buffer_view",
    "DrawDesc": "vf_draw_desc",
    "PrimitiveCursor": "vf_primitive_cursor",
    "PipelineStatistics": "vf_pipeline_statistics",
    "BufferDesc": "vf_buffer_desc",
    "SubresourceData": "vf_subresource_data",
    "D3D11VertexBinding": "vf_d3d11_vertex_binding",
    "D3D11IAState": "vf_d3d11_ia_state",
    "D3D11DrawViews": "vf_d3d11_draw_views",
}

# The ExecuteIndirect structures of _indirect.py and their C structs.
INDIRECT_STRUCTS = {
    "ArgumentDesc": "vf_indirect_argument_desc",
    "SignatureDesc": "vf_command_signature_desc",
    "AddressRange": "vf_gpu_address_range",
    "ExecuteIndirectDesc": "vf_execute_indirect_desc",
    "Walk": "vf_indirect_walk",
    "Command": "vf_indirect_command",
}

# Constants _indirect.py writes by value, and the C names they stand for.
INDIRECT_CONSTANTS = {
    "DRAW_INDEXED": "VF_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED",
    "VERTEX_BUFFER_VIEW": "VF_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW",
    "CONSTANT": "VF_INDIRECT_ARGUMENT_TYPE_CONSTANT",
    "INCREMENTING_CONSTANT": "VF_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT",
    "ZERO_COMMANDS": "VF_WARNING_INDIRECT_ZERO_COMMANDS",
}

# Name tables (value -> JSON or FormatInfo name) and the prefix of the C
# constants they stand for: every such constant must be in its table.
TABLES = [
    (_case_json.SLOT_CLASSES, "VF_INPUT_"),
    (_case_json.COMPONENT_TYPES, "VF_REGISTER_COMPONENT_"),
    (_case_json.TOPOLOGIES, "VF_TOPOLOGY_"),
    (case_d3d12.STRIP_CUTS, "VF_STRIP_CUT_VALUE_"),
    (case_d3d11.FEATURE_LEVELS, "VF_FEATURE_LEVEL_"),
    (case_d3d11.USAGES, "VF_USAGE_"),
    (case_d3d11.BIND_FLAGS, "VF_BIND_"),
    (case_d3d11.CPU_ACCESS, "VF_CPU_ACCESS_"),
    (case_d3d11.MISC_FLAGS, "VF_RESOURCE_MISC_"),
    (formats.COMPONENT_TYPES, "VF_TYPE_"),
    (_indirect.TYPES, "VF_INDIRECT_ARGUMENT_TYPE_"),
]


@pytest.fixture(scope="module")
def c():
    return read_abi_layout(ABI_LAYOUT)


def test_every_structure_is_checked():
    declared = sorted(n for n, v in vars(_lib).items()
                      if isinstance(v, type) and issubclass(v, ctypes.Structure))
    assert declared == sorted(STRUCTS)


def test_every_indirect_structure_is_checked():
    declared = sorted(n for n, v in vars(_indirect).items()
                      if isinstance(v, type) and issubclass(v, ctypes.Structure))
    assert declared == sorted(INDIRECT_STRUCTS)


def _check_struct(c, cls, c_name):
    assert ctypes.sizeof(cls) == c["size"][c_name]
    fields = [(name, getattr(cls, name).offset, getattr(cls, name).size)
              for name, *_ in cls._fields_]
    assert fields == c["field"][c_name]


@pytest.mark.parametrize("py_name", sorted(STRUCTS))
def test_struct_layout(c, py_name):
    _check_struct(c, getattr(_lib, py_name), STRUCTS[py_name])


@pytest.mark.parametrize("py_name", sorted(INDIRECT_STRUCTS))
def test_indirect_struct_layout(c, py_name):
    _check_struct(c, getattr(_indirect, py_name), INDIRECT_STRUCTS[py_name])


def test_indirect_constants(c):
    for py_name, c_name in INDIRECT_CONSTANTS.items():
        assert getattr(_indirect, py_name) == c["const"][c_name], py_name


def test_constants(c):
    names = [n for n in vars(_lib) if n.startswith("VF_")]
    assert names
    for name in names:
        assert getattr(_lib, name) == c["const"][name], name


@pytest.mark.parametrize("table,prefix", TABLES, ids=[p for _, p in TABLES])
def test_name_table(c, table, prefix):
    by_value = table if isinstance(table, dict) else dict(enumerate(table))
    consts = {n[len(prefix):]: v for n, v in c["const"].items() if n.startswith(prefix)}
    assert consts
    for name, value in consts.items():
        assert by_value.get(value) == name, prefix + name


def test_format_info_constants(c):
    for name, value in c["const"].items():
        if name.startswith(("VF_TYPE_", "VF_IA_")):
            assert getattr(formats, name[len("VF_"):]) == value, name


# The C member behind each word of _indirect.ArgumentDesc.u, by argument
# type, in the order of _indirect.TYPE_FIELDS.
UNION_WORDS = {
    _indirect.VERTEX_BUFFER_VIEW: ("u.vertex_buffer.slot",),
    _indirect.CONSTANT: ("u.constant.root_parameter_index",
                         "u.constant.dest_offset_in_32bit_values",
                         "u.constant.num_32bit_values_to_set"),
    6: ("u.constant_buffer_view.root_parameter_index",),
    7: ("u.shader_resource_view.root_parameter_index",),
    8: ("u.unordered_access_view.root_parameter_index",),
    _indirect.INCREMENTING_CONSTANT: ("u.incrementing_constant.root_parameter_index",
                                      "u.incrementing_constant.dest_offset_in_32bit_values"),
}


def test_indirect_union_words(c):
    """Word i of ArgumentDesc.u is the C member of TYPE_FIELDS[type][i]."""
    members = {name: (off, size) for name, off, size in c["field"]["vf_indirect_argument_desc.u"]}
    assert sorted(UNION_WORDS) == sorted(_indirect.TYPE_FIELDS)
    assert len(members) == sum(len(v) for v in UNION_WORDS.values())
    u = _indirect.ArgumentDesc.u
    words = dict(_indirect.ArgumentDesc._fields_)["u"]
    assert (words._length_, ctypes.sizeof(words._type_)) == (3, 4)
    for t, names in UNION_WORDS.items():
        assert len(names) == len(_indirect.TYPE_FIELDS[t]), t
        for i, name in enumerate(names):
            assert members[name] == (u.offset + 4 * i, 4), name


def test_walk_signature_info(c):
    """Walk.info_ (six uint32 words) is a vf_command_signature_info."""
    assert _indirect.Walk.info_.size == c["size"]["vf_command_signature_info"]
    fields = c["field"]["vf_command_signature_info"]
    words = dict(_indirect.Walk._fields_)["info_"]
    assert (words._length_, ctypes.sizeof(words._type_)) == (len(fields), 4)
    assert [(off, size) for _, off, size in fields] == [(4 * i, 4) for i in range(6)]
