"""Primitives and vertex reuse from Python: lists worked out by hand from
the topology rules (docs/d3d-ia-rules.md §13), reuse records checked
against per-position output through the remap, and each D3D11 example
against its D3D12 form."""
import os

import pytest

import vfetch
from conftest import SRCDIR

L = [{"SemanticName": "P", "Format": "R32_UINT"}]


def strip_case(indices, topology="TRIANGLESTRIP", instances=1):
    n = 10
    return {"InputLayout": L,
            "VertexBuffers": [{"StrideInBytes": 4, "Uint32": [100 + k for k in range(n)]}],
            "IndexBuffer": {"Format": "R16_UINT", "Indices": indices},
            "IBStripCutValue": "0xFFFF", "PrimitiveTopology": topology,
            "Draw": {"DrawIndexedInstanced": {"IndexCountPerInstance": len(indices),
                                              "InstanceCount": instances}}}


CUT = 0xFFFF


def test_strip_with_cut_by_hand():
    # Positions 0..3 | cut at 4 | 5..8: odd triangles keep the winding,
    # leading vertex first; the strip restarts after the cut.
    p = vfetch.primitives(strip_case([0, 1, 2, 3, CUT, 4, 5, 6, 7]))
    assert p.vertices_per_primitive == 3
    assert p.list == [(0, 1, 2), (1, 3, 2), (5, 6, 7), (6, 8, 7)]


def test_line_strip_and_list_by_hand():
    p = vfetch.primitives(strip_case([0, 1, 2, CUT, 3, 4], "LINESTRIP"))
    assert p.list == [(0, 1), (1, 2), (4, 5)]
    # D3D12 lists ignore the cut value: 6 positions, 2 triangles.
    p = vfetch.primitives(strip_case([0, 1, 2, CUT, 3, 4], "TRIANGLELIST"))
    assert p.list == [(0, 1, 2), (3, 4, 5)]


def test_reuse_matches_per_position():
    idx = [0, 1, 2, 2, 1, 3, CUT, 3, 1, 4, 4, 1, 0]
    case = strip_case(idx, instances=2)
    per = vfetch.run(case)
    reuse = vfetch.run_reuse(case)
    distinct = []
    for i in idx:
        if i != CUT and i not in distinct:
            distinct.append(i)
    assert reuse.unique == len(distinct)
    # Records in first-use order; the remap names each position's record.
    want_remap = [-1 if i == CUT else distinct.index(i) for i in idx]
    assert list(reuse.remap) == want_remap
    assert reuse.indices == distinct  # vf_reuse_map's distinct raw indices
    for j in range(2):
        for p in range(len(idx)):
            r = reuse.position_record(j, p)
            if r is None:
                assert per.is_cut(j * len(idx) + p)
                continue
            assert list(reuse.record_words_at(r)) == list(per.record_words_at(j * len(idx) + p))
    # The primitive list in record numbers.
    prims = vfetch.primitives(case)
    assert prims.remapped(reuse.remap)[0] == (0, 1, 2)


@pytest.mark.parametrize("name", ["d3d11-strip-cut", "d3d11-instanced-10_0"])
def test_d3d11_examples_match_their_d3d12_form(name):
    d11 = os.path.join(SRCDIR, "examples", name + ".json")
    d12 = os.path.join(SRCDIR, "tests", "cli", "cases", name + ".d3d12.json")
    assert vfetch.primitives(d11).list == vfetch.primitives(d12).list
    a, b = vfetch.run_reuse(d11), vfetch.run_reuse(d12)
    assert a.unique == b.unique and list(a.remap) == list(b.remap)
    assert list(a.words) == list(b.words)


def test_d3d11_list_cuts():
    # D3D11 cuts in lists (§14.4.2): the triangle before the cut is dropped.
    case = {"Api": "D3D11", "InputLayout": L,
            "Buffers": [{"ByteWidth": 40, "BindFlags": ["VERTEX_BUFFER"],
                         "Uint32": list(range(10))},
                        {"ByteWidth": 14, "BindFlags": ["INDEX_BUFFER"],
                         "Indices": [0, 1, 2, 3, CUT, 4, 5]}],
            "IASetVertexBuffers": {"Buffers": [0], "Strides": [4]},
            "IASetIndexBuffer": {"Buffer": 1, "Format": "R16_UINT"},
            "PrimitiveTopology": "TRIANGLELIST",
            "Draw": {"DrawIndexed": {"IndexCount": 7}}}
    assert vfetch.primitives(case).list == [(0, 1, 2)]
    reuse = vfetch.run_reuse(case)
    assert list(reuse.remap) == [0, 1, 2, 3, -1, 4, 5]


def test_bad_draw_raises():
    case = strip_case([0, 1, 2])
    case["IBStripCutValue"] = "0xFFFFFFFF"  # does not match R16_UINT
    with pytest.raises(vfetch.DrawError):
        vfetch.run_reuse(case)
    with pytest.raises(vfetch.DrawError):
        vfetch.primitives(case)
