"""Vulkan cases ("Api": "Vulkan") from Python: run, validate-style errors
with their VUIDs and compare, as the CLI gives them; expected values
written from the rules (docs/d3d-ia-rules.md §18), not from the library."""
import json
import os
import struct
import subprocess

import pytest

import vfetch
from conftest import SRCDIR, run_cli

EXAMPLES = os.path.join(SRCDIR, "examples")


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def base(**more):
    case = {"Api": "Vulkan",
            "VertexBindings": [{"binding": 0, "stride": 4}],
            "VertexAttributes": [{"location": 0, "binding": 0, "format": "R32_SFLOAT"}],
            "Buffers": [{"Float32": [1, 2, 3]}],
            "vkCmdBindVertexBuffers": {"buffers": [0]},
            "topology": "POINT_LIST",
            "Draw": {"vkCmdDraw": {"vertexCount": 3}}}
    case.update(more)
    return case


@pytest.mark.parametrize("name", ["vulkan-triangle", "vulkan-divisor", "vulkan-formats",
                                  "vulkan-indexed-restart"])
def test_examples_match_cli_json(name):
    """Every word and system value of the CLI's JSON output, by location."""
    path = os.path.join(EXAMPLES, name + ".json")
    cli = run_cli("run", "--output", "json", path)
    assert cli.returncode == 0
    want = json.loads(cli.stdout)
    result = vfetch.run(path)
    assert result.registers[:-1] == want["registers"]
    for k, rec in enumerate(want["records"]):
        words = [int(w) for w in result.record_words_at(k)]
        assert words[-4:-1] == [rec["SV_VertexID"], rec["SV_InstanceID"], rec["flags"]]
        for r, reg in enumerate(want["registers"]):
            assert words[4 * r:4 * r + 4] == rec["data"][reg]["words"]


def test_divisors_from_the_rule():
    """Element firstInstance + (gl_InstanceIndex - firstInstance) / divisor."""
    result = vfetch.run(os.path.join(EXAMPLES, "vulkan-divisor.json"))
    first = 2
    for j in range(5):
        for v in range(2):
            rec = result.records(j * 2 + v)
            assert list(rec["location0"][:1]) == [1 + v]
            assert list(rec["location1"][:1]) == [100 + first]
            assert list(rec["location2"][:1]) == [200 + first + j]
            assert list(rec["location3"][:1]) == [300 + first + j // 3]
            assert result.system(j * 2 + v) == (1 + v, first + j, 0)


def test_restart_before_vertex_offset_and_uint8():
    case = base(Buffers=[{"Float32": [0, 1, 2, 3, 4, 5]}, {"Uint8": [1, 255, 0]}],
                vkCmdBindIndexBuffer={"buffer": 1, "indexType": "UINT8"},
                topology="TRIANGLE_STRIP", primitiveRestartEnable=True,
                Draw={"vkCmdDrawIndexed": {"indexCount": 3, "vertexOffset": 3}})
    r = vfetch.run(case)
    assert [int(w) for w in r.record_words_at(0)] == [f32(4.0), 0, 0, f32(1.0), 4, 0, 0, 0]
    assert r.system(1) == (0, 0, 1) and r.is_cut(1)
    assert [int(w) for w in r.record_words_at(2)] == [f32(3.0), 0, 0, f32(1.0), 3, 0, 0, 0]


def test_64bit_over_two_locations_without_defaults():
    case = base(VertexBindings=[{"binding": 0, "stride": 24}],
                VertexAttributes=[{"location": 3, "binding": 0, "format": "R64G64B64_UINT"}],
                Buffers=[{"Uint32": [1, 2, 3, 4, 5, 6]}],
                Draw={"vkCmdDraw": {"vertexCount": 1}})
    r = vfetch.run(case)
    assert r.registers == ["location3", "location4", "system"]
    assert [int(w) for w in r.record_words_at(0)][:8] == [1, 2, 3, 4, 5, 6, 0, 0]


def test_vuid_errors():
    with pytest.raises(vfetch.LayoutError) as e:
        vfetch.run(base(VertexBindings=[{"binding": 0, "stride": 4096}]))
    assert "VUID-VkVertexInputBindingDescription-stride-00619" in "\n".join(e.value.messages)
    with pytest.raises(vfetch.DrawError) as e:
        vfetch.run(base(vkCmdBindVertexBuffers={"buffers": [0], "offsets": [12]}))
    assert "VUID-vkCmdBindVertexBuffers-pOffsets-00626" in str(e.value)
    with pytest.raises(vfetch.DrawError) as e:
        vfetch.run(base(Draw={"vkCmdDrawIndexed": {"indexCount": 1}}))
    assert "VUID-vkCmdDrawIndexed-None-07312" in str(e.value)


@pytest.mark.parametrize("patch,text", [
    ({"VertexAttributes": [{"location": 0, "binding": 0, "format": "R32_SFLAOT"}]},
     "VertexAttributes[0].format: unknown vertex format 'R32_SFLAOT' (did you mean 'R32_SFLOAT'?)"),
    ({"topology": "TRIANGLE_LSIT"},
     "topology: unknown primitive topology 'TRIANGLE_LSIT' (did you mean 'TRIANGLE_LIST'?)"),
    ({"InputLayout": []}, "InputLayout: a D3D field, not for \"Api\": \"Vulkan\""),
    ({"Draw": {"vkCmdDraw": {"vertexcount": 1}}},
     "Draw.vkCmdDraw: unknown field 'vertexcount' (did you mean 'vertexCount'?)"),
    ({"vkCmdBindVertexBuffers": {"buffers": [3]}},
     "vkCmdBindVertexBuffers.buffers[0]: buffer 3; Buffers has 1 (0..0)"),
])
def test_case_errors_as_the_cli(tmp_path, patch, text):
    case = base(**patch)
    with pytest.raises(vfetch.CaseError) as e:
        vfetch.run(case)
    assert text in str(e.value)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(case))
    cli = run_cli("run", str(path))
    assert cli.returncode == 2 and text in cli.stderr.decode()


def test_compare_raw_capture_and_a_changed_word():
    path = os.path.join(EXAMPLES, "vulkan-formats.json")
    raw = run_cli("run", "--output", "raw", path).stdout
    assert vfetch.compare(path, raw).not_accepted == 0
    words = bytearray(raw)
    # The first record's location4.x (-1.0) one ULP off: 0xbf800001.
    at = raw.find(struct.pack("<I", 0xbf800000))
    words[at:at + 4] = struct.pack("<I", 0xbf800001)
    assert vfetch.compare(path, bytes(words)).not_accepted == 1
