"""python/vfetch/vulkan.py's and vulkan_prim.py's ctypes mirror of vfetch_vulkan.h, and the
constants of the Vulkan case reader, against the C layout as
tests/python/abi_layout_vulkan prints it."""
import ctypes

import pytest

from conftest import ABI_LAYOUT_VULKAN, read_abi_layout
from vfetch import case_vulkan, vulkan, vulkan_prim

# Every ctypes.Structure of the two modules and the C struct it mirrors.
MODULES = (vulkan, vulkan_prim)
STRUCTS = {
    "_FormatDesc": "vf_vk_format_desc",
    "_Options": "vf_vk_vertex_input_options",
    "_VertexBinding": "vf_vk_vertex_buffer_binding",
    "_IndexBinding": "vf_vk_index_buffer_binding",
    "_DrawDesc": "vf_vk_draw_desc",
    "_Statistics": "vf_vk_pipeline_statistics",
}


def _struct(name):
    """The Structure `name` of the module that defines it."""
    return next(getattr(m, name) for m in MODULES
                if isinstance(getattr(m, name, None), type) and getattr(m, name).__module__ == m.__name__)

# The descriptions vulkan.py packs as 32-bit words: the C struct and the
# field order of the reader's tuples (case_vulkan.Vulkan).
PACKED = {
    "vf_vk_vertex_input_binding_description": ("binding", "stride", "input_rate"),
    "vf_vk_vertex_input_attribute_description": ("location", "binding", "format", "offset"),
    "vf_vk_vertex_input_binding_divisor_description": ("binding", "divisor"),
}


@pytest.fixture(scope="module")
def c():
    return read_abi_layout(ABI_LAYOUT_VULKAN)


def test_every_structure_is_checked():
    declared = sorted(n for m in MODULES for n, v in vars(m).items()
                      if isinstance(v, type) and issubclass(v, ctypes.Structure)
                      and v.__module__ == m.__name__)
    assert declared == sorted(STRUCTS)


@pytest.mark.parametrize("py_name", sorted(STRUCTS))
def test_struct_layout(c, py_name):
    cls, c_name = _struct(py_name), STRUCTS[py_name]
    assert ctypes.sizeof(cls) == c["size"][c_name]
    fields = [(name, getattr(cls, name).offset, getattr(cls, name).size)
              for name, *_ in cls._fields_]
    assert fields == c["field"][c_name]


@pytest.mark.parametrize("c_name", sorted(PACKED))
def test_packed_descriptions(c, c_name):
    names = PACKED[c_name]
    assert c["size"][c_name] == 4 * len(names)
    assert c["field"][c_name] == [(n, 4 * i, 4) for i, n in enumerate(names)]


def test_constants(c):
    k = c["const"]
    assert case_vulkan.INPUT_RATES == ("VERTEX", "INSTANCE")
    assert (k["VF_VK_VERTEX_INPUT_RATE_VERTEX"], k["VF_VK_VERTEX_INPUT_RATE_INSTANCE"]) == (0, 1)
    assert dict(enumerate(case_vulkan.INDEX_TYPES)) == {k["VF_VK_INDEX_TYPE_UINT16"]: "UINT16",
                                                        k["VF_VK_INDEX_TYPE_UINT32"]: "UINT32"}
    assert case_vulkan.INDEX_TYPE_UINT8 == k["VF_VK_INDEX_TYPE_UINT8"]
    assert set(case_vulkan.INDEX_TYPE_ALIASES.values()) == {k["VF_VK_INDEX_TYPE_UINT8"]}
    assert case_vulkan.PATCH_LIST == k["VF_VK_PRIMITIVE_TOPOLOGY_PATCH_LIST"]
    modes = {n: k["VF_VK_PROVOKING_VERTEX_MODE_" + n] for n in case_vulkan.PROVOKING_MODES}
    assert modes == {n: i for i, n in enumerate(case_vulkan.PROVOKING_MODES)}
    assert case_vulkan.PROVOKING_ALIASES == {n + "_EXT": v for n, v in modes.items()}
    assert case_vulkan.MAX_BINDINGS == k["VF_VK_MAX_BINDINGS"]
    assert (vulkan.NUMERIC_UINT, vulkan.NUMERIC_SINT) == \
        (k["VF_VK_NUMERIC_UINT"], k["VF_VK_NUMERIC_SINT"])
    assert (vulkan_prim.FIRST_VERTEX, vulkan_prim.LAST_VERTEX) == \
        (k["VF_VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX"], k["VF_VK_PROVOKING_VERTEX_MODE_LAST_VERTEX"])


def test_topologies(c):
    prefix = "VF_VK_PRIMITIVE_TOPOLOGY_"
    consts = {n[len(prefix):]: v for n, v in c["const"].items() if n.startswith(prefix)}
    assert consts
    assert dict(enumerate(case_vulkan.TOPOLOGIES)) == {v: n for n, v in consts.items()}


def test_features(c):
    k = c["const"]
    bits = {"vertexAttributeInstanceRateDivisor": "INSTANCE_RATE_DIVISOR",
            "vertexAttributeInstanceRateZeroDivisor": "INSTANCE_RATE_ZERO_DIVISOR",
            "indexTypeUint8": "INDEX_TYPE_UINT8",
            "primitiveTopologyListRestart": "LIST_RESTART",
            "primitiveTopologyPatchListRestart": "PATCH_LIST_RESTART",
            "nullDescriptor": "NULL_DESCRIPTOR",
            "legacyVertexAttributes": "LEGACY_VERTEX_ATTRIBUTES"}
    assert case_vulkan.FEATURES == {n: k["VF_VK_FEATURE_" + b] for n, b in bits.items()}
    assert sum(case_vulkan.FEATURES.values()) == k["VF_VK_FEATURES_ALL"]


def test_default_features_are_the_librarys():
    opts = vulkan._Options()
    vulkan._vk().vf_vk_vertex_input_options_init(ctypes.byref(opts))
    assert opts.struct_size == ctypes.sizeof(vulkan._Options)
    assert case_vulkan.DEFAULT_FEATURES == opts.features
