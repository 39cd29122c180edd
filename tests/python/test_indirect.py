"""ExecuteIndirect and the D3D11 indirect draws from Python: each command
of examples/execute-indirect.json is exactly the direct draw written by
hand from its argument words (tests/cli/cases/execute-indirect.commandN.json),
and the CLI's per-command output; the D3D11 forms equal their D3D12 direct
forms; bad views and bad JSON are reported."""
import copy
import json
import os

import pytest

import vfetch
from conftest import SRCDIR, run_cli

EI = os.path.join(SRCDIR, "examples", "execute-indirect.json")
CASES = os.path.join(SRCDIR, "tests", "cli", "cases")


def _case():
    with open(EI) as f:
        return json.load(f)


def _words(result):
    return [int(w) for w in result.words]


def test_commands_are_their_direct_draws():
    cmds = vfetch.run(EI)
    assert [(c.command, c.argument_offset, c.error) for c in cmds] == \
        [(0, 8, None), (1, 64, None), (2, 120, None)]
    for c in cmds:
        direct = vfetch.run(os.path.join(CASES, "execute-indirect.command%d.json" % c.command))
        assert (c.result.vertices, c.result.instances) == (direct.vertices, direct.instances)
        assert _words(c.result) == _words(direct)
        assert c.result.diagnostics == direct.diagnostics


def test_primitives_reuse_and_statistics_per_command():
    for fn, attr in ((vfetch.primitives, "list"), (vfetch.run_reuse, "words"),
                     (vfetch.statistics, "as_json")):
        for c in fn(EI):
            direct = fn(os.path.join(CASES, "execute-indirect.command%d.json" % c.command))
            got, want = getattr(c.result, attr), getattr(direct, attr)
            if callable(got):
                got, want = got(), want()
            assert list(got) == list(want), (fn.__name__, c.command)


def test_matches_cli_json():
    p = run_cli("run", "--output", "json", EI)
    assert p.returncode == 0, p.stderr
    cli = json.loads(p.stdout)["commands"]
    for c, cc in zip(vfetch.run(_case(), base_dir=os.path.dirname(EI)), cli):
        assert cc["command"] == c.command and cc["ArgumentOffset"] == c.argument_offset
        want = [w for rec in cc["records"] for reg in cc["registers"]
                for w in rec["data"][reg]["words"]]
        n = c.result.record_words
        got = [w for k in range(len(c.result)) for w in _words(c.result)[k * n:k * n + n - 4]]
        assert got == want
        assert vfetch.statistics(c.result and c.case).as_json() == cc["statistics"]


def test_count_buffer_and_max_command_count():
    case = _case()
    case["ExecuteIndirect"]["CountBuffer"] = {"Uint32": [9]}
    assert len(vfetch.run(case)) == 4        # min(9, MaxCommandCount 4)
    case["ExecuteIndirect"]["CountBuffer"] = {"Uint32": [7, 1], "Offset": 4}
    assert len(vfetch.run(case)) == 1
    del case["ExecuteIndirect"]["CountBuffer"]
    case["ExecuteIndirect"]["MaxCommandCount"] = 2
    assert [c.command for c in vfetch.run(case)] == [0, 1]


def test_view_outside_the_ranges_fails_that_command_only():
    case = _case()
    case["ExecuteIndirect"]["ArgumentBuffer"]["Uint32"][1][2] = 40  # SizeInBytes 40 > 32
    cmds = vfetch.run(case)
    assert cmds[0].result is None and cmds[0].error[0] == 406
    assert "command 0: argument 0 (vertex buffer view)" in cmds[0].error[1]
    assert cmds[1].error is None and len(cmds[1].result) == 6


def test_invalid_call_raises():
    case = _case()
    case["ExecuteIndirect"]["CommandSignature"]["ByteStride"] = 54
    with pytest.raises(vfetch.DrawError) as e:
        vfetch.run(case)
    assert e.value.code == 401 and "ByteStride 54" in str(e.value)


@pytest.mark.parametrize("edit, message", [
    (lambda c: c.update(Draw={}), "give one of 'Draw' and 'ExecuteIndirect', not both"),
    (lambda c: c["ExecuteIndirect"]["CommandSignature"]["ArgumentDescs"][3].update(
        Type="draw_indexed"), "unknown argument type 'draw_indexed' (did you mean 'DRAW_INDEXED'?)"),
    (lambda c: c["ExecuteIndirect"]["CommandSignature"]["ArgumentDescs"][0].pop("Slot"),
     "ArgumentDescs[0]: missing field 'Slot'"),
    (lambda c: c["GpuVirtualAddresses"][0].update(Address="x1"),
     "GpuVirtualAddresses[0].Address: 'x1' is not an address"),
    (lambda c: c["ExecuteIndirect"].pop("ArgumentBuffer"),
     "ExecuteIndirect: missing field 'ArgumentBuffer'"),
])
def test_bad_json(edit, message):
    case = copy.deepcopy(_case())
    edit(case)
    with pytest.raises(vfetch.CaseError) as e:
        vfetch.run(case)
    assert message in str(e.value)


@pytest.mark.parametrize("name", ["d3d11-indexed-indirect", "d3d11-drawauto"])
def test_d3d11_indirect_is_its_direct_draw(name):
    r = vfetch.run(os.path.join(SRCDIR, "examples", name + ".json"))
    direct = vfetch.run(os.path.join(CASES, name + ".d3d12.json"))
    assert (r.vertices, r.instances) == (direct.vertices, direct.instances)
    assert _words(r) == _words(direct)


def test_d3d11_indirect_without_the_flag():
    with open(os.path.join(SRCDIR, "examples", "d3d11-indexed-indirect.json")) as f:
        case = json.load(f)
    case["Buffers"][2]["MiscFlags"] = []
    with pytest.raises(vfetch.DrawError) as e:
        vfetch.run(case)
    assert e.value.code == 407


def test_compare_a_capture_of_the_whole_call(tmp_path):
    raw = tmp_path / "call.vfr"
    p = run_cli("run", "--output", "raw", EI)
    assert p.returncode == 0
    raw.write_bytes(p.stdout)
    report = vfetch.compare(EI, str(raw))
    assert report.counts.get("exact") == 120 and report.not_accepted == 0
    words = []
    for c in vfetch.run(EI):
        n = c.result.record_words
        w = _words(c.result)
        words += [x for k in range(len(c.result)) for x in w[k * n:k * n + n - 4]]
    words[7 * 8 + 1] ^= 1  # command 1's first record (record 7 of the call), POSITION0.y
    import struct
    report = vfetch.compare(EI, struct.pack("<%dI" % len(words), *words))
    assert report.not_accepted == 1
