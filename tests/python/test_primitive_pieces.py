"""vfetch.primitives under the output cap of vfetch.run, and
vfetch.iter_primitives: a list of any length in pieces through the
library's cursor. Expected lists come from the topology rules
(docs/d3d-ia-rules.md §13) worked out here, not from the package."""
import glob
import json
import os

import pytest

import vfetch
from conftest import SRCDIR
from test_assemble import CUT, strip_case

L = [{"SemanticName": "P", "Format": "R32_UINT"}]
HUGE = 0xFFFFFFFF


def list_case(count, topology="TRIANGLELIST"):
    return {"InputLayout": L, "VertexBuffers": [{"StrideInBytes": 4, "Uint32": [1, 2, 3]}],
            "PrimitiveTopology": topology,
            "Draw": {"DrawInstanced": {"VertexCountPerInstance": count}}}


def d3d11_list_case(count, topology="TRIANGLELIST"):
    return {"Api": "D3D11", "InputLayout": L,
            "Buffers": [{"BindFlags": "VERTEX_BUFFER", "Uint32": [1, 2, 3]}],
            "IASetVertexBuffers": {"Buffers": [0], "Strides": [4]},
            "PrimitiveTopology": topology, "Draw": {"Draw": {"VertexCount": count}}}


@pytest.mark.parametrize("make", [list_case, d3d11_list_case])
def test_a_huge_list_is_refused_like_run(make):
    case = make(HUGE)
    with pytest.raises(vfetch.DrawError) as run_error:
        vfetch.run(case)
    assert "more than 1 GiB" in str(run_error.value)
    with pytest.raises(vfetch.DrawError) as e:
        vfetch.primitives(case)
    # (2^32 - 1) // 3 triangles of 3 vertices
    assert str(e.value).startswith("Draw: 1431655765 primitives of 3 vertices is more than 1 GiB")


@pytest.mark.parametrize("make", [list_case, d3d11_list_case])
def test_a_huge_list_in_pieces(make):
    pieces = vfetch.iter_primitives(make(HUGE), chunk=1000)
    firsts = []
    for k, piece in enumerate(pieces):
        firsts.append(piece.first)
        assert len(piece) == 1000 and piece.vertices_per_primitive == 3
        f = piece.first
        assert piece.list == [(3 * p, 3 * p + 1, 3 * p + 2) for p in range(f, f + 1000)]
        if k == 2:
            break
    pieces.close()
    assert firsts == [0, 1000, 2000]


def test_a_strip_with_cuts_in_every_piece_size():
    idx = [0, 1, 2, 3, CUT, 4, 5, 6, 7, CUT, CUT, 8, 9, 0, 1, 2]
    # Each run between cuts is a strip: odd triangles swap their last two.
    want = [(0, 1, 2), (1, 3, 2), (5, 6, 7), (6, 8, 7), (11, 12, 13), (12, 14, 13),
            (13, 14, 15)]
    for chunk in range(1, 9):
        pieces = list(vfetch.iter_primitives(strip_case(idx), chunk=chunk))
        assert [p for piece in pieces for p in piece.list] == want
        assert [piece.first for piece in pieces] == list(range(0, len(want), chunk))
        assert all(len(piece) <= chunk for piece in pieces)


def examples():
    # Not ExecuteIndirect: a list per command (test_indirect.py).
    return [p for p in sorted(glob.glob(os.path.join(SRCDIR, "examples", "*.json")))
            if "ExecuteIndirect" not in open(p).read()]


@pytest.mark.parametrize("path", examples(), ids=os.path.basename)
def test_pieces_join_to_the_whole_list(path):
    with open(path) as f:
        obj = json.load(f)
    base = os.path.dirname(path)
    try:
        whole = vfetch.primitives(obj, base_dir=base)
    except vfetch.VfetchError as e:
        with pytest.raises(type(e)):
            list(vfetch.iter_primitives(obj, base_dir=base))
        return
    for chunk in (1, 3, 64):
        joined = []
        for piece in vfetch.iter_primitives(obj, chunk, base_dir=base):
            assert piece.first == len(joined)
            joined += piece.list
        assert joined == whole.list


def test_primitives_as_an_array():
    p = vfetch.primitives(strip_case([0, 1, 2, 3]))
    a = p.array()
    try:
        import numpy
    except ImportError:
        assert a == [[0, 1, 2], [1, 3, 2]]
        return
    assert a.dtype == numpy.uint32 and a.tolist() == [[0, 1, 2], [1, 3, 2]]


def test_chunk_is_checked_at_the_call():
    with pytest.raises(TypeError) as e:
        vfetch.iter_primitives(list_case(3), chunk="10")
    assert str(e.value).startswith("chunk: expected a non-negative integer")
    with pytest.raises(ValueError):
        vfetch.iter_primitives(list_case(3), chunk=0)
