"""The D3D11 form in the Python loader: the CLI's words on every D3D11
case (test_run.py runs the examples), the same loader messages, the
library's errors as exceptions; and a null IndexBuffer is no index
buffer."""
import json
import os

import pytest

import vfetch
from conftest import SRCDIR, run_cli

L = [{"SemanticName": "P", "Format": "R32_FLOAT"}]
B1 = [{"ByteWidth": 4, "BindFlags": ["VERTEX_BUFFER"], "Float32": [1]}]
V1 = {"Buffers": [0], "Strides": [4]}
D11 = {"Draw": {"VertexCount": 1}}


def d3d11(**kw):
    case = {"Api": "D3D11", "InputLayout": L, "Draw": D11}
    case.update(kw)
    return case


LOADER_ERRORS = [
    (d3d11(VertexBuffers=[]), "VertexBuffers: a D3D12 field, not for \"Api\": \"D3D11\"; create "
                              "'Buffers' and bind them with 'IASetVertexBuffers'"),
    (d3d11(IndexBuffer={"Null": True}), "IndexBuffer: a D3D12 field, not for \"Api\": \"D3D11\"; "
                                        "create 'Buffers' and bind one with 'IASetIndexBuffer'"),
    (d3d11(IBStripCutValue="0xFFFF"), "IBStripCutValue: a D3D12 field, not for \"Api\": "
                                      "\"D3D11\"; D3D11 always cuts at 0xFFFF (R16_UINT) or "
                                      "0xFFFFFFFF (R32_UINT)"),
    (d3d11(FeatureLevel="11_3"), "FeatureLevel: unknown feature level '11_3' (did you mean '11_0'?)"),
    (d3d11(Buffers=B1, IASetVertexBuffers={"Buffers": [1], "Strides": [4]}),
     "IASetVertexBuffers.Buffers[0]: buffer 1; Buffers has 1 (0..0)"),
    (d3d11(Buffers=B1, IASetVertexBuffers=[V1, {"Buffers": [0], "Strides": [4, 4]}]),
     "IASetVertexBuffers[1].Strides: 2 entries; Buffers has 1"),
    (d3d11(Buffers=[{"ByteWidth": 8, "Float32": [1]}]),
     "Buffers[0].ByteWidth: 8 bytes, but the data holds only 4"),
    (d3d11(Buffers=[{"BindFlags": ["INDEX_BUFFER", "VERTEX"], "Hex": "00"}]),
     "Buffers[0].BindFlags[1]: unknown bind flag 'VERTEX' (did you mean 'VERTEX_BUFFER'?)"),
    (d3d11(Buffers=[{"BindFlags": 2, "Indices": [0]}]),
     "Buffers[0].Indices: Indices are written in the Format of IASetIndexBuffer, which does not "
     "bind this buffer"),
    (d3d11(Draw={"DrawIndexed": {"IndexCountPerInstance": 1}}),
     "Draw.DrawIndexed: unknown field 'IndexCountPerInstance' (did you mean 'IndexCount'?)"),
]


@pytest.mark.parametrize("case,message", LOADER_ERRORS)
def test_loader_errors_match_cli(case, message):
    with pytest.raises(vfetch.CaseError) as e:
        vfetch.Case(case)
    assert str(e.value) == message
    p = run_cli("run", "-", input=json.dumps(case).encode())
    assert p.returncode == 2
    # Word for word, the closest name ("did you mean ...?") included.
    assert p.stderr.decode().strip() == "vfetch: -: " + message


LIBRARY_ERRORS = [
    d3d11(Buffers=[{"ByteWidth": 4, "Usage": "IMMUTABLE", "BindFlags": 1}],
          IASetVertexBuffers=V1, PrimitiveTopology="POINTLIST"),
    d3d11(Buffers=[{"ByteWidth": 4, "BindFlags": "INDEX_BUFFER"}], IASetVertexBuffers=V1,
          PrimitiveTopology="POINTLIST"),
    d3d11(Buffers=B1, IASetVertexBuffers=V1),  # topology never set
    d3d11(FeatureLevel="10_0", PrimitiveTopology="LINELIST",
          InputLayout=[{"SemanticName": "P", "InputSlot": 16, "Format": "R32_FLOAT"}]),
]


@pytest.mark.parametrize("case", LIBRARY_ERRORS)
def test_library_errors(case):
    p = run_cli("run", "-", input=json.dumps(case).encode())
    assert p.returncode == 1
    with pytest.raises((vfetch.LayoutError, vfetch.DrawError)) as e:
        vfetch.run(case)
    # The CLI prints each diagnostic the exception holds.
    for m in e.value.messages:
        assert m.split(" [")[0] in p.stderr.decode()


def test_d3d11_diagnostics_named():
    case = LIBRARY_ERRORS[0]
    # CreateBuffer refuses the state, not the input layout.
    with pytest.raises(vfetch.StateError) as e:
        vfetch.run(case)
    assert e.value.messages[0].startswith(
        "error: Buffers[0]: CreateBuffer: a D3D11_USAGE_IMMUTABLE buffer needs initial data")


def test_null_index_buffer_is_no_index_buffer():
    case = {"InputLayout": L,
            "VertexBuffers": [{"Slot": 0, "Hex": "0000803f", "StrideInBytes": 4}],
            "IBStripCutValue": "0xFFFFFFFF", "PrimitiveTopology": "TRIANGLESTRIP",
            "Draw": {"DrawIndexedInstanced": {"IndexCountPerInstance": 3}}}
    without = vfetch.run(case)
    case["IndexBuffer"] = {"Null": True}
    with_null = vfetch.run(case)
    assert [int(x) for x in with_null.words] == [int(x) for x in without.words]
    p = run_cli("run", "--output", "raw", "-", input=json.dumps(case).encode())
    assert p.returncode == 0
    assert list(vfetch.read_raw(p.stdout).words) == [int(x) for x in with_null.words]


@pytest.mark.parametrize("name", ["d3d11-strip-cut", "d3d11-instanced-10_0"])
def test_d3d11_example_equals_its_d3d12_form(name):
    ex = os.path.join(SRCDIR, "examples", name + ".json")
    twin = os.path.join(SRCDIR, "tests", "cli", "cases", name + ".d3d12.json")
    a = vfetch.run(ex)
    b = vfetch.run(twin)
    assert [int(x) for x in a.words] == [int(x) for x in b.words]
    assert a.registers == b.registers
