"""vfetch.run gives exactly the CLI's words, for every example and every
case under tests/cli/; layouts, records and diagnostics."""
import glob
import json
import os
import struct

import pytest

import vfetch
from conftest import SRCDIR, run_cli


def _execute_indirect(path):
    with open(path) as f:
        return "ExecuteIndirect" in json.load(f)


def cases():
    # ExecuteIndirect cases print a draw per command: test_indirect.py.
    paths = [p for p in sorted(glob.glob(os.path.join(SRCDIR, "examples", "*.json")))
             if not _execute_indirect(p)]
    for p in sorted(glob.glob(os.path.join(SRCDIR, "tests", "cli", "**", "*.json"), recursive=True)):
        # expected/ holds outputs with a trailer, not cases
        try:
            with open(p) as f:
                obj = json.load(f)
        except ValueError:
            continue
        if isinstance(obj, dict) and "InputLayout" in obj:
            paths.append(p)
    return paths


@pytest.mark.parametrize("path", cases(), ids=lambda p: os.path.relpath(p, SRCDIR))
def test_run_matches_cli(path):
    cli = run_cli("run", "--output", "raw1", os.path.basename(path), cwd=os.path.dirname(path))
    with open(path) as f:
        obj = json.load(f)
    if cli.returncode != 0:
        with pytest.raises((vfetch.LayoutError, vfetch.DrawError)):
            vfetch.run(obj, base_dir=os.path.dirname(path))
        return
    result = vfetch.run(obj, base_dir=os.path.dirname(path))
    raw = cli.stdout
    magic, version, nregs, v, i, w = struct.unpack_from("<6I", raw)
    assert (magic, version, nregs + 1, v, i) == (0x31524656, 1, len(result.registers), result.vertices,
                                                 result.instances)
    cli_words = struct.unpack_from("<%dI" % (v * i * w), raw, 24)
    n = result.record_words
    for k in range(v * i):
        # raw drops the fourth system word, which is always zero
        assert [int(x) for x in result.words[k * n:k * n + n]] == list(cli_words[k * w:(k + 1) * w]) + [0]


@pytest.mark.parametrize("path", cases(), ids=lambda p: os.path.relpath(p, SRCDIR))
def test_diagnostics_match_cli(path):
    """Result.diagnostics is the CLI's json "diagnostics", D3D12 and D3D11
    cases alike (IDs of the API's debug layer, messages as printed)."""
    cli = run_cli("run", "--output", "json", os.path.basename(path), cwd=os.path.dirname(path))
    if cli.returncode != 0:
        return
    with open(path) as f:
        obj = json.load(f)
    want = json.loads(cli.stdout).get("diagnostics", [])
    got = vfetch.run(obj, base_dir=os.path.dirname(path)).diagnostics
    assert got == want


def test_d3d11_draw_warning_in_result():
    case = {"Api": "D3D11",
            "InputLayout": [{"SemanticName": "P", "Format": "R32G32_FLOAT"}],
            "Buffers": [{"ByteWidth": 16, "BindFlags": ["VERTEX_BUFFER"],
                         "Float32": [1, 2, 3, 4]}],
            "IASetVertexBuffers": {"Buffers": [0], "Strides": [4]},
            "PrimitiveTopology": "POINTLIST", "Draw": {"Draw": {"VertexCount": 4}}}
    d = vfetch.run(case).diagnostics
    assert [(e["code"], e["MessageID"], e["D3D11MessageID"]) for e in d] == [
        (210, "DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL", 355),
        (211, "DEVICE_DRAW_VERTEX_BUFFER_TOO_SMALL", 356)]
    assert d[0]["message"] == ("Draw.Draw: slot 0: stride 4 is smaller than element 0 "
                               "(P0, R32G32_FLOAT) which ends at byte 8")
    assert "ByteWidth - Offset is 16" in d[1]["message"]


def test_demo_case_matches_cli():
    text = run_cli("demo", "--case").stdout
    raw = run_cli("demo", "--output", "raw1").stdout
    result = vfetch.run(json.loads(text))
    w = struct.unpack_from("<6I", raw)[5]
    words = struct.unpack_from("<%dI" % (len(result) * w), raw, 24)
    n = result.record_words
    for k in range(len(result)):
        assert [int(x) for x in result.words[k * n:k * n + n]] == list(words[k * w:(k + 1) * w]) + [0]


@pytest.mark.parametrize("path", cases(), ids=lambda p: os.path.relpath(p, SRCDIR))
def test_raw_v2_matches_case(path):
    """Version 2: the header names the case's own elements in layout order,
    the records are the library's words, all of them (4 a register)."""
    cli = run_cli("run", "--output", "raw", os.path.basename(path), cwd=os.path.dirname(path))
    if cli.returncode != 0:
        return
    with open(path) as f:
        obj = json.load(f)
    raw = vfetch.read_raw(cli.stdout)
    result = vfetch.run(obj, base_dir=os.path.dirname(path))
    assert raw.version == 2 and not raw.selection
    assert (raw.vertices, raw.instances) == (result.vertices, result.instances)
    assert raw.record_words == 4 * (raw.registers + 1) == result.record_words
    assert [int(x) for x in result.words] == list(raw.words)
    system = raw.register_info[-1]
    assert (system.kind, system.semantic_name, system.component_type) == (3, "VF_SYSTEM", 1)
    if obj.get("Api") == "Vulkan":
        # The engine's registers of a Vulkan case: LOCATION by location.
        got = [(g.semantic_name, g.semantic_index) for g in raw.register_info[:-1]]
        assert got == [("LOCATION", int(n[8:])) for n in result.registers[:-1]]
    elif "Signature" not in obj:
        want = [(e["SemanticName"], e.get("SemanticIndex", 0),
                 str(e["Format"]).replace("DXGI_FORMAT_", "")) for e in obj["InputLayout"]]
        got = [(g.semantic_name, g.semantic_index, g.format_name) for g in raw.register_info[:-1]]
        assert got == want
        assert all(g.kind == 0 for g in raw.register_info[:-1])
        for g in raw.register_info[:-1]:
            ctype = 1 if g.format_name.endswith("_UINT") else 2 if g.format_name.endswith(
                "_SINT") else 3
            assert g.component_type == ctype


def test_raw_v2_selection():
    path = os.path.join(SRCDIR, "examples", "instancing.json")
    whole = vfetch.read_raw(run_cli("run", "--output", "raw", path).stdout)
    part = vfetch.read_raw(run_cli("run", "--output", "raw", "--instances", "1..2",
                                   "--positions", "2", path).stdout)
    assert part.selection and (part.first_instance, part.instances) == (1, 2)
    assert (part.first_position, part.vertices) == (2, 1)
    assert (part.draw_instances, part.draw_vertices) == (whole.instances, whole.vertices)
    for j in (1, 2):
        assert part.record_at(j, 2) == whole.record_at(j, 2)
        assert part.record_at(j, 2)[4 * part.registers:4 * part.registers + 2] == (2, j)
    with pytest.raises(IndexError):
        part.record_at(0, 2)


def test_raw_v1_still_read():
    path = os.path.join(SRCDIR, "examples", "triangle.json")
    v1 = vfetch.read_raw(run_cli("run", "--output", "raw1", path).stdout)
    v2 = vfetch.read_raw(run_cli("run", "--output", "raw", path).stdout)
    assert (v1.version, v1.registers, v1.record_words, v1.register_info) == (1, 2, 11, None)
    for k in range(len(v1)):
        assert v1.record(k) + (0,) == v2.record(k)


def test_layout_from_tuples_and_records():
    layout = [("POSITION", 0, "R32G32_FLOAT", 0, 0, "PER_VERTEX_DATA", 0),
              ("BONES", 0, "R8G8B8A8_UINT", 0, "APPEND", 0, 0),
              {"SemanticName": "SCALE", "Format": "R16_SNORM", "InputSlot": 1,
               "InputSlotClass": "PER_INSTANCE_DATA", "InstanceDataStepRate": 1}]
    vb0 = struct.pack("<2f4B", 1.5, -2, 1, 2, 3, 4) + struct.pack("<2f4B", 3, 4, 5, 6, 7, 8)
    case = {"InputLayout": layout,
            "VertexBuffers": [{"StrideInBytes": 12, "Hex": vb0.hex()},
                              {"StrideInBytes": 2, "Int16": [-32768, 16384]}],
            "Draw": {"DrawInstanced": {"VertexCountPerInstance": 2, "InstanceCount": 2}}}
    r = vfetch.run(case)
    assert r.registers == ["POSITION0", "BONES0", "SCALE0", "system"]
    rec = r.records(3)
    assert list(rec["POSITION0"]) == [3.0, 4.0, 0.0, 1.0]
    assert [int(x) for x in rec["BONES0"]] == [5, 6, 7, 8]
    assert float(rec["SCALE0"][0]) == 16384 / 32767.0 or abs(float(rec["SCALE0"][0]) - 16384 / 32767) < 1e-7
    assert r.system(3) == (1, 1, 0)
    assert list(r.records(0)["SCALE0"])[0] == -1.0


def test_layout_error_carries_every_message():
    with pytest.raises(vfetch.LayoutError) as e:
        vfetch.Layout([("A", 0, "R32_FLOAT", 0, 2, 0, 0), ("B2", 0, "D32_FLOAT", 0, 8, 0, 0)])
    codes = sorted(d[0] for d in e.value.diagnostics)
    assert codes == [102, 108, 111]
    assert len(e.value.messages) == 3 and "B2" in str(e.value)


def test_draw_error():
    case = {"InputLayout": [{"SemanticName": "P", "Format": "R32_FLOAT"}],
            "VertexBuffers": [{"StrideInBytes": 2, "Float32": [1.0]}],
            "Draw": {"DrawInstanced": {"VertexCountPerInstance": 1}}}
    with pytest.raises(vfetch.DrawError) as e:
        vfetch.run(case)
    assert e.value.code == 206
