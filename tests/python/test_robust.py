"""vfetch.compare(..., robustness=...): hand-made captures of a draw whose
vertex 1 ends past its view (R32G32_FLOAT, stride 8, SizeInBytes 12 over
1, 2, 3), held against the sets each mode allows (docs/d3d-ia-rules.md
section 17), as tests/cli/run-cli-robust.sh does with the CLI."""
import ctypes
import struct

import pytest

import vfetch
from vfetch.robust import RobustSet

CASE = {"InputLayout": [{"SemanticName": "A", "Format": "R32G32_FLOAT"}],
        "VertexBuffers": [{"Slot": 0, "StrideInBytes": 8, "SizeInBytes": 12,
                           "Float32": [1, 2, 3, 0]}],
        "Draw": {"DrawInstanced": {"VertexCountPerInstance": 2}}}


def capture(*vertex1):
    """Plain records: vertex 0 as vfetch reads it, then vertex 1's words."""
    return struct.pack("<4f", 1, 2, 0, 1) + struct.pack("<4I", *vertex1)


ZEROS = capture(0, 0, 0, 0x3F800000)
RANGE = capture(0x3F800000, 0x40400000, 0, 0x3F800000)  # 1.0 from byte 0, 3.0 from byte 8
MAXINT = capture(0, 0, 0, 0xFFFFFFFF)


def test_struct_size():
    assert ctypes.sizeof(RobustSet) == 14 * 4


@pytest.mark.parametrize("mode,data,ok,counts", [
    ("d3d", ZEROS, True, (4, 0, 0)),
    ("robustness2", ZEROS, True, (4, 0, 0)),
    ("robust-buffer-access", ZEROS, True, (4, 0, 0)),
    ("d3d", RANGE, False, (2, 0, 2)),
    ("robustness2", RANGE, False, (2, 0, 2)),
    ("robust-buffer-access", RANGE, True, (2, 2, 0)),
    ("attribute-robustness", RANGE, True, (2, 2, 0)),
    ("robust-buffer-access", MAXINT, False, (3, 0, 1)),
])
def test_modes(mode, data, ok, counts):
    cmp = vfetch.compare(CASE, data, robustness=mode)
    assert cmp.ok == ok
    r = cmp.robustness.as_json()
    assert (r["mode"], r["exact"], r["within"], r["outside"]) == (mode,) + counts
    assert cmp.compared == 4  # vertex 0; vertex 1's words are all out of bounds


def test_refusal_names_place_set_and_value():
    cmp = vfetch.compare(CASE, MAXINT, robustness="robust-buffer-access")
    (d,) = cmp.differences
    assert (d.record, d.register, d.component, d.got, d.kind, d.reason) == (
        1, "A0", 3, 0xFFFFFFFF, "oob-outside", "outside")
    assert d.set == "{0x00000000, 0x3f800000, R32G32_FLOAT.w of slot 0 bytes [0, 12) step 4}"


def test_without_robustness_and_bad_mode():
    cmp = vfetch.compare(CASE, RANGE)
    assert cmp.counts["mismatch"] == 2 and cmp.robustness is None
    with pytest.raises(ValueError):
        vfetch.compare(CASE, RANGE, robustness="robust")


# The same draw as a Vulkan case (rules 17.8): location 3 reads the 12-byte
# buffer at stride 8; location 5's binding has no buffer (nullDescriptor),
# which every mode reads as (0, 0, 0, 1.0), vfetch's own words included.
VK_CASE = {"Api": "Vulkan",
           "VertexBindings": [{"binding": 0, "stride": 8, "inputRate": "VERTEX"},
                              {"binding": 1, "stride": 8, "inputRate": "VERTEX"}],
           "VertexAttributes": [{"location": 3, "binding": 0, "format": "R32G32_SFLOAT",
                                 "offset": 0},
                                {"location": 5, "binding": 1, "format": "R32G32_SFLOAT",
                                 "offset": 0}],
           "Buffers": [{"Float32": [1, 2, 3]}],
           "vkCmdBindVertexBuffers": {"firstBinding": 0, "buffers": [0, None], "offsets": [0, 0]},
           "topology": "POINT_LIST",
           "Draw": {"vkCmdDraw": {"vertexCount": 2, "instanceCount": 1}}}
NULL_W1 = struct.pack("<4I", 0, 0, 0, 0x3F800000)


def vk_capture(vertex1):
    """Vertex 0 (location 3 in bounds, location 5 null), then vertex 1."""
    return struct.pack("<4f", 1, 2, 0, 1) + NULL_W1 + vertex1 + NULL_W1


def test_vulkan_struct_size():
    assert ctypes.sizeof(vfetch.robust.VulkanRobustSet) == 64


@pytest.mark.parametrize("mode,data,ok,counts", [
    # exact: location 5's four words twice and location 3's z, w (or more).
    ("d3d", vk_capture(ZEROS[16:]), True, (8 + 4, 0, 0)),
    ("robustness2", vk_capture(ZEROS[16:]), True, (8 + 4, 0, 0)),
    ("robustness2", vk_capture(RANGE[16:]), False, (8 + 2, 0, 2)),
    ("robust-buffer-access", vk_capture(RANGE[16:]), True, (8 + 2, 2, 0)),
    ("attribute-robustness", vk_capture(RANGE[16:]), True, (8 + 2, 2, 0)),
    ("robust-buffer-access", vk_capture(MAXINT[16:]), False, (8 + 3, 0, 1)),
])
def test_vulkan_modes(mode, data, ok, counts):
    cmp = vfetch.compare(VK_CASE, data, robustness=mode)
    assert cmp.ok == ok
    r = cmp.robustness.as_json()
    assert (r["mode"], r["exact"], r["within"], r["outside"]) == (mode,) + counts


def test_vulkan_refusal_names_location():
    cmp = vfetch.compare(VK_CASE, vk_capture(MAXINT[16:]), robustness="robust-buffer-access")
    (d,) = cmp.differences
    assert (d.record, d.register, d.component, d.got, d.kind, d.reason) == (
        1, "location3", 3, 0xFFFFFFFF, "oob-outside", "outside")
    assert d.set == "{0x00000000, 0x3f800000, R32G32_SFLOAT.w of binding 0 bytes [0, 12) step 4}"


def test_out_of_bounds_lists_vulkan_and_d3d12():
    sets = vfetch.robust.out_of_bounds(VK_CASE, "robustness2")
    # Location 5 in both records (null buffer), location 3 in record 1.
    assert [(s["position"], s["register"], s["component"]) for s in sets] == (
        [(0, "location5", c) for c in range(4)] + [(1, "location3", c) for c in range(4)] +
        [(1, "location5", c) for c in range(4)])
    assert {s["reason"] for s in sets} == {"unbound", "outside"}
    assert [s["exact"] for s in sets[:4]] == [0, 0, 0, 0x3F800000]
    assert sets[4]["set"] == "{0x00000000 exactly}"
    d3d = vfetch.robust.out_of_bounds(CASE, "robust-buffer-access")
    assert [(s["position"], s["register"], s["reason"]) for s in d3d] == [(1, "A0", "outside")] * 4
    with pytest.raises(ValueError):
        vfetch.robust.out_of_bounds(VK_CASE, "robust")
