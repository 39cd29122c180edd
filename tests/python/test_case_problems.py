"""Every problem of a case in one CaseError: each reader (D3D12, D3D11,
ExecuteIndirect, Vulkan) goes on after a malformed field, names the
closest key, format or enum value, stops listing at 20 and counts the
rest; the lines are the CLI's where the CLI reads as far."""
import json

import pytest

import vfetch
from vfetch._problems import suggest
from conftest import run_cli

P = {"SemanticName": "P", "Format": "R32_FLOAT"}


def problems(case):
    with pytest.raises(vfetch.CaseError) as e:
        vfetch.Case(case)
    err = e.value
    assert str(err).split("\n")[:len(err.problems)] == err.problems
    return err


def cli_lines(case):
    p = run_cli("run", "-", input=json.dumps(case).encode())
    assert p.returncode == 2
    prefix = "vfetch: -: "
    lines = p.stderr.decode().strip().split("\n")
    assert all(line.startswith(prefix) for line in lines), lines
    return [line[len(prefix):] for line in lines]


D3D12 = {
    "InputLayout": [{"SemanticName": "P", "Fromat": "R32_FLOAT"},
                    {"SemanticName": "Q", "Format": "r32g32_float",
                     "InputSlotClass": "PER_VERTX_DATA"},
                    {"SemanticName": "R", "Format": "R32G32B32_FLAOT", "InputSlot": -1}],
    "VertexBuffers": [{"StrideInByte": 4, "Float32": [1, 2]}],
    "PrimitiveTopology": "TRIANGLELST",
    "IBStripCutValue": 65535,
    "Drw": {"DrawInstanced": {"VertexCount": 3}},
}
D3D12_PROBLEMS = [
    "unknown field 'Drw' (did you mean 'Draw'?)",
    # the missing Format and Draw are not reported again: the near misses name them
    "InputLayout[0]: unknown field 'Fromat' (did you mean 'Format'?)",
    "InputLayout[1].InputSlotClass: unknown input classification 'PER_VERTX_DATA' "
    "(did you mean 'PER_VERTEX_DATA'?)",
    "InputLayout[2].Format: unknown format 'R32G32B32_FLAOT' (did you mean 'R32G32B32_FLOAT'?)",
    "InputLayout[2].InputSlot: -1 is negative; expected an unsigned 32-bit integer",
    "VertexBuffers[0]: unknown field 'StrideInByte' (did you mean 'StrideInBytes'?)",
    "PrimitiveTopology: unknown primitive topology 'TRIANGLELST' (did you mean 'TRIANGLELIST'?)",
    "IBStripCutValue: 65535 is not a strip cut value: give \"DISABLED\" (or 0), \"0xFFFF\" "
    "(or 1) or \"0xFFFFFFFF\" (or 2)",
]


def test_d3d12_every_problem_as_the_cli():
    err = problems(D3D12)
    assert err.problems == D3D12_PROBLEMS
    assert err.problem_count == len(D3D12_PROBLEMS)
    assert str(err) == "\n".join(D3D12_PROBLEMS)
    assert cli_lines(D3D12) == D3D12_PROBLEMS


def test_d3d12_draw_arguments():
    case = {"InputLayout": [P], "Draw": {"DrawInstanced": {"VertexCount": 3, "InstanceCount": -2,
                                                           "StartInstanceLocation": "x"}}}
    want = [
        "Draw.DrawInstanced: unknown field 'VertexCount' (did you mean "
        "'VertexCountPerInstance'?)",
        "Draw.DrawInstanced.InstanceCount: -2 is negative; expected an unsigned 32-bit integer",
        "Draw.DrawInstanced.StartInstanceLocation: expected a non-negative integer, got a string",
    ]
    assert problems(case).problems == want
    assert cli_lines(case) == want


D3D11 = {
    "Api": "D3D11", "FeatureLevel": "11_3", "VertexBuffers": [],
    "InputLayout": [{"SemanticName": "P", "Format": "R32_FLAOT"}],
    "Buffers": [{"ByteWidth": 4, "BindFlags": ["VERTEX"], "Usage": "DEFALT", "Float32": [1]},
                {"BindFlags": "INDEX_BUFER"}],
    "IASetVertexBuffers": {"Buffers": [1], "Strides": [4], "Ofsets": [0]},
    "PrimitiveTopology": "POINTLST",
    "Draw": {"Draw": {"VertexCountt": 1}},
}
D3D11_PROBLEMS = [
    "VertexBuffers: a D3D12 field, not for \"Api\": \"D3D11\"; create 'Buffers' and bind them "
    "with 'IASetVertexBuffers'",
    "FeatureLevel: unknown feature level '11_3' (did you mean '11_0'?)",
    "InputLayout[0].Format: unknown format 'R32_FLAOT' (did you mean 'R32_FLOAT'?)",
    "Buffers[0].Usage: unknown usage 'DEFALT' (did you mean 'DEFAULT'?)",
    "Buffers[0].BindFlags[0]: unknown bind flag 'VERTEX' (did you mean 'VERTEX_BUFFER'?)",
    "Buffers[1].BindFlags: unknown bind flag 'INDEX_BUFER' (did you mean 'INDEX_BUFFER'?)",
    "Buffers[1]: missing field 'ByteWidth'",
    "IASetVertexBuffers: unknown field 'Ofsets' (did you mean 'Offsets'?)",
    "PrimitiveTopology: unknown primitive topology 'POINTLST' (did you mean 'POINTLIST'?)",
    "Draw.Draw: unknown field 'VertexCountt' (did you mean 'VertexCount'?)",
]


def more_than_the_cli(case, want):
    """Python's lines are `want`; the CLI stops inside some parts sooner:
    what it says, in its order, Python says too."""
    err = problems(case)
    assert err.problems == want
    cli = cli_lines(case)
    assert cli and [line for line in err.problems if line in cli] == cli


def test_d3d11_every_problem():
    more_than_the_cli(D3D11, D3D11_PROBLEMS)


VULKAN = {
    "Api": "Vulkan", "InputLayout": [],
    "VertexBindings": [{"binding": 0, "strde": 4}],
    "VertexAttributes": [{"location": 0, "binding": 0, "format": "R32_SFLAOT"}],
    "Buffers": [{"Float32": [1]}],
    "vkCmdBindVertexBuffers": {"buffers": [0]},
    "topology": "POINT_LSIT",
    "Draw": {"vkCmdDraw": {"vertexcount": 1, "instanceCount": -1}},
}
VULKAN_PROBLEMS = [
    "InputLayout: a D3D field, not for \"Api\": \"Vulkan\"; describe 'VertexBindings' and "
    "'VertexAttributes'",
    "VertexBindings[0]: unknown field 'strde' (did you mean 'stride'?)",
    "VertexAttributes[0].format: unknown vertex format 'R32_SFLAOT' (did you mean 'R32_SFLOAT'?)",
    "topology: unknown primitive topology 'POINT_LSIT' (did you mean 'POINT_LIST'?)",
    "Draw.vkCmdDraw: unknown field 'vertexcount' (did you mean 'vertexCount'?)",
    "Draw.vkCmdDraw.instanceCount: -1 is negative; expected an unsigned 32-bit integer",
]


def test_vulkan_every_problem_as_the_cli():
    assert problems(VULKAN).problems == VULKAN_PROBLEMS
    assert cli_lines(VULKAN) == VULKAN_PROBLEMS


INDIRECT = {
    "InputLayout": [P],
    "ExecuteIndirect": {
        "CommandSignature": {"ByteStrid": 16, "ArgumentDescs": [
            {"Type": "DRAW_INDEXD"}, {"Type": "VERTEX_BUFFER_VIEW"},
            {"Type": "D3D12_INDIRECT_ARGUMENT_TYPE_CONSTNT", "Num32BitValuesToSet": 1}]},
        "MaxCommandCount": -1, "ArgumentBuffer": {"Uint32": [3, 1, 0, 0]},
        "CountBuffer": {"Offset": 4}},
    "GpuVirtualAddresses": [{"Adress": 4096, "Uint32": [1]}, {"Address": "x", "Hex": "0"}],
}
INDIRECT_PROBLEMS = [
    "ExecuteIndirect.CommandSignature: unknown field 'ByteStrid' (did you mean 'ByteStride'?)",
    "ExecuteIndirect.CommandSignature.ArgumentDescs[0].Type: unknown argument type "
    "'DRAW_INDEXD' (did you mean 'DRAW_INDEXED'?)",
    "ExecuteIndirect.CommandSignature.ArgumentDescs[1]: missing field 'Slot'",
    "ExecuteIndirect.CommandSignature.ArgumentDescs[2].Type: unknown argument type "
    "'D3D12_INDIRECT_ARGUMENT_TYPE_CONSTNT' (did you mean 'CONSTANT'?)",
    "ExecuteIndirect.MaxCommandCount: -1 is negative; expected an unsigned 32-bit integer",
    "ExecuteIndirect.CountBuffer: no data: give 'File', 'Hex' or a typed array such as 'Uint32'",
    "GpuVirtualAddresses[0]: unknown field 'Adress' (did you mean 'Address'?)",
    "GpuVirtualAddresses[1].Hex: odd number of hex digits",
    "GpuVirtualAddresses[1].Address: 'x' is not an address",
]


def test_execute_indirect_every_problem():
    more_than_the_cli(INDIRECT, INDIRECT_PROBLEMS)


def test_more_than_twenty():
    layout = [{"SemanticName": "P%d" % i, "Format": "R32_FLOT"} for i in range(23)]
    err = problems({"InputLayout": layout, "Draw": {"DrawInstanced": {
        "VertexCountPerInstance": 1}}})
    assert err.problem_count == 23 and len(err.problems) == 20
    assert err.problems[19].startswith("InputLayout[19].Format: unknown format 'R32_FLOT' "
                                       "(did you mean 'R32_FLOAT'?)")
    assert str(err).split("\n")[20:] == ["... and 3 more problems not shown"]
    assert isinstance(err, vfetch.VfetchError) and isinstance(err, ValueError)


def test_one_problem_reads_as_before():
    err = problems({"InputLayout": [P]})
    assert err.problems == ["missing field 'Draw' (or 'ExecuteIndirect')"]
    assert str(err) == err.problems[0] and err.problem_count == 1


def test_layout_reports_every_element():
    with pytest.raises(vfetch.CaseError) as e:
        vfetch.Layout([{"SemanticName": "A", "Format": "R32_FLOT"},
                       {"SemanticName": "B", "Format": "R8G8B8A8_UNROM", "SemanticIndx": 1}])
    assert e.value.problems == [
        "InputLayout[0].Format: unknown format 'R32_FLOT' (did you mean 'R32_FLOAT'?)",
        "InputLayout[1]: unknown field 'SemanticIndx' (did you mean 'SemanticIndex'?)",
        "InputLayout[1].Format: unknown format 'R8G8B8A8_UNROM' (did you mean "
        "'R8G8B8A8_UNORM'?)",
    ]


@pytest.mark.parametrize("word,names,want", [
    ("Drw", ["Draw", "Description"], "Draw"),                     # one letter missing
    ("Fromat", ["Format"], "Format"),                             # two swapped
    ("StrideInByte", ["StrideInBytes", "SizeInBytes"], "StrideInBytes"),
    ("VertexCount", ["VertexCountPerInstance"], "VertexCountPerInstance"),  # cut short
    ("IndexCountPerInstance", ["IndexCount"], "IndexCount"),      # more after it
    ("vertexcount", ["vertexCount"], "vertexCount"),              # case only
    ("Drx", ["Draw"], None),                                      # two edits in a short word
    ("Xyz", ["Draw", "InputLayout"], None),
    ("Dra", ["Draw"], "Draw"),
    ("Dr", ["Draw"], None),                                       # too short to be a start
])
def test_suggest_as_the_cli(word, names, want):
    assert suggest(word, names) == want


def _mutations(rng, obj, depth=0):
    """obj with one random change somewhere: a key misspelt or dropped, a
    value replaced by one of the wrong kind."""
    if isinstance(obj, dict) and obj:
        key = rng.choice(sorted(obj))
        out = dict(obj)
        roll = rng.random()
        if roll < 0.2:
            out[key[:-1] or "x"] = out.pop(key)
        elif roll < 0.3:
            del out[key]
        elif roll < 0.5 or depth > 6:
            out[key] = rng.choice([None, -1, "x", 1.5, [], {}, "R32_FLOT", 2 ** 40])
        else:
            out[key] = _mutations(rng, obj[key], depth + 1)
        return out
    if isinstance(obj, list) and obj:
        out = list(obj)
        i = rng.randrange(len(out))
        out[i] = _mutations(rng, out[i], depth + 1)
        return out
    return rng.choice([None, -1, "x", {}, [1]])


def test_broken_examples_give_case_errors_only():
    import glob
    import os
    import random
    from conftest import SRCDIR
    rng = random.Random(31)
    paths = sorted(glob.glob(os.path.join(SRCDIR, "examples", "*.json")))
    assert paths
    for path in paths:
        with open(path) as f:
            case = json.load(f)
        base = os.path.dirname(path)
        for _ in range(12):
            broken = case
            for _ in range(rng.randrange(1, 4)):
                broken = _mutations(rng, broken)
            try:
                vfetch.Case(broken, base)
            except vfetch.CaseError as e:
                assert e.problems and len(e.problems) <= 20


D3D11_CALLS = {
    "Api": "D3D11", "InputLayout": [P],
    "Buffers": [{"ByteWidth": 4, "BindFlags": "VERTEX_BUFFER", "Float32": [1]}],
    "IASetVertexBuffers": {"StartSlot": -1, "Buffers": ["a"], "Strides": ["x"], "Offsets": [-1]},
    "IASetIndexBuffer": {"Buffer": -1, "Format": "R16_UINTT", "Offset": "x"},
    "Draw": {"DrawIndexed": {"IndexCount": 3}},
}
D3D11_CALLS_PROBLEMS = [
    "IASetIndexBuffer.Buffer: -1 is negative; expected an unsigned 32-bit integer",
    "IASetIndexBuffer.Format: unknown format 'R16_UINTT' (did you mean 'R16_UINT'?)",
    "IASetIndexBuffer.Offset: expected a non-negative integer, got a string",
    "IASetVertexBuffers.StartSlot: -1 is negative; expected an unsigned 32-bit integer",
    "IASetVertexBuffers.Buffers[0]: expected a non-negative integer, got a string",
    "IASetVertexBuffers.Strides[0]: expected a non-negative integer, got a string",
    "IASetVertexBuffers.Offsets[0]: -1 is negative; expected an unsigned 32-bit integer",
]


def test_d3d11_every_field_of_the_ia_calls():
    # The CLI stops after IASetIndexBuffer; without it, it reports the
    # IASetVertexBuffers lines as these.
    more_than_the_cli(D3D11_CALLS, D3D11_CALLS_PROBLEMS)
    no_ib = {k: v for k, v in D3D11_CALLS.items() if k != "IASetIndexBuffer"}
    assert problems(no_ib).problems == D3D11_CALLS_PROBLEMS[3:] == cli_lines(no_ib)
