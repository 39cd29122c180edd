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
