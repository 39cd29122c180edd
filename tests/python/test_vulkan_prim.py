"""The primitives and pipeline statistics of Vulkan cases from Python,
expected lists written from Vulkan-Docs "Primitive Topologies"
(docs/d3d-ia-rules.md 18.5-18.7), not from the library."""
import pytest

import vfetch
from vfetch import vulkan_prim
from vfetch.draw import as_case, case_layout


def case(topology, count, indices=None, restart=False, features=None):
    c = {"Api": "Vulkan",
         "VertexBindings": [{"binding": 0, "stride": 4}],
         "VertexAttributes": [{"location": 0, "binding": 0, "format": "R32_SFLOAT"}],
         "Buffers": [{"Float32": [0] * 16}],
         "vkCmdBindVertexBuffers": {"buffers": [0]},
         "topology": topology,
         "Draw": {"vkCmdDraw": {"vertexCount": count}}}
    if indices is not None:
        c["Buffers"].append({"Uint16": indices})
        c["vkCmdBindIndexBuffer"] = {"buffer": 1, "indexType": "UINT16"}
        c["Draw"] = {"vkCmdDrawIndexed": {"indexCount": count}}
        c["primitiveRestartEnable"] = restart
    if features is not None:
        c["Features"] = features
    return c


def test_fan_first_and_last():
    c = as_case(case("TRIANGLE_FAN", 5))
    assert vfetch.primitives(c).list == [(1, 2, 0), (2, 3, 0), (3, 4, 0)]
    layout = case_layout(c)
    for mode, prov in ((vulkan_prim.FIRST_VERTEX, [1, 2, 3]), (vulkan_prim.LAST_VERTEX, [2, 3, 4])):
        vpp, words, got = vulkan_prim.primitives(c, layout, mode)
        assert (vpp, words, got) == (3, [1, 2, 0, 2, 3, 0, 3, 4, 0], prov)


def test_strip_last_vertex_keeps_order():
    c = as_case(case("TRIANGLE_STRIP", 5))
    vpp, words, prov = vulkan_prim.primitives(c, case_layout(c), vulkan_prim.LAST_VERTEX)
    assert words == [0, 1, 2, 1, 3, 2, 2, 3, 4] and prov == [2, 3, 4]


def test_list_restart():
    # 1 2 | 3 4 5 6 7 | 8 9 10 11: the unfinished triangles are dropped.
    c = case("TRIANGLE_LIST", 13, [1, 2, 0xFFFF, 3, 4, 5, 6, 7, 0xFFFF, 8, 9, 10, 11], True)
    assert vfetch.primitives(c).list == [(3, 4, 5), (9, 10, 11)]
    off = case("TRIANGLE_LIST", 13, [0] * 13, True, {"primitiveTopologyListRestart": False})
    with pytest.raises(vfetch.DrawError) as e:
        vfetch.primitives(off)
    assert e.value.code == 524


def test_statistics_intervals():
    c = as_case(case("TRIANGLE_STRIP", 11, [7, 8, 9, 0xFFFF, 10, 11, 12, 13, 9, 0xFFFF, 5], True))
    s = vulkan_prim.statistics(c, case_layout(c))
    assert s == {"input_assembly_vertices": (8, 11), "input_assembly_primitives": (4, 5),
                 "vertex_shader_invocations": (7, 9)}
