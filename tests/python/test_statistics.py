"""Pipeline statistics from Python: the spec's examples (D3D11.3 functional
spec 20.4.7) and a strip with cuts worked by hand (docs/d3d-ia-rules.md
section 15), a D3D11 list cut, and every example against the JSON the CLI
prints."""
import glob
import json
import os

import pytest

import vfetch
from conftest import SRCDIR

L = [{"SemanticName": "P", "Format": "R32_UINT"}]
CUT = 0xFFFF


def case(indices, topology, instances=1):
    return {"InputLayout": L,
            "VertexBuffers": [{"StrideInBytes": 4, "Uint32": list(range(16))}],
            "IndexBuffer": {"Format": "R16_UINT", "Indices": indices},
            "IBStripCutValue": "0xFFFF", "PrimitiveTopology": topology,
            "Draw": {"DrawIndexedInstanced": {"IndexCountPerInstance": len(indices),
                                              "InstanceCount": instances}}}


def test_spec_examples():
    # Indexed strip and list of 4 triangles, all indices equal.
    s = vfetch.statistics(case([5] * 6, "TRIANGLESTRIP"))
    assert (s.ia_vertices, s.ia_primitives, s.vs_invocations) == (6, 4, (1, 12))
    s = vfetch.statistics(case([5] * 12, "TRIANGLELIST"))
    assert (s.ia_vertices, s.ia_primitives, s.vs_invocations) == (12, 4, (1, 12))


def test_strip_with_cuts_by_hand():
    # 2 3 4 5 | 6 7 8 | 9, two instances: 8 vertices and 3 triangles each,
    # 7 distinct vertices in triangles, 3 * 3 + 1 (the lone 9) without a cache.
    s = vfetch.statistics(case([2, 3, 4, 5, CUT, 6, 7, 8, CUT, 9], "TRIANGLESTRIP", 2))
    assert s.as_json() == {"IAVertices": 16, "IAPrimitives": 6, "VSInvocations": [14, 20]}
    assert s.ia_vertices_min == 14


def test_d3d11_list_cut():
    path = os.path.join(SRCDIR, "examples", "d3d11-list-cut.json")
    if not os.path.exists(path):
        pytest.skip("no d3d11-list-cut example")
    s = vfetch.statistics(path)
    assert s.as_json() == {"IAVertices": 16, "IAPrimitives": 4, "VSInvocations": [12, 16]}


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(SRCDIR, "examples", "*.json"))))
def test_examples_match_cli_json(path):
    with open(path) as f:
        if "ExecuteIndirect" in json.load(f):
            pytest.skip("not a direct draw")
    expected = os.path.join(SRCDIR, "tests", "cli", "expected",
                            os.path.basename(path)[:-5] + ".json")
    if not os.path.exists(expected):
        pytest.skip("no expected JSON output")
    with open(expected) as f:
        text = f.read()
    line = next((ln for ln in text.splitlines() if ln.startswith('"statistics"')), None)
    if line is None:
        pytest.skip("the CLI refuses this case (no records, no statistics)")
    want = json.loads("{" + line.rstrip(",") + "}")["statistics"]
    assert vfetch.statistics(path).as_json() == want
