"""vfetch.compare on crafted captures, and agreement with `vfetch compare`."""
import json
import os
import struct
import tempfile

import vfetch
from conftest import run_cli

CASE = {
    "InputLayout": [
        {"SemanticName": "COLOR", "Format": "R8G8B8A8_UNORM"},
        {"SemanticName": "HALF", "Format": "R16G16_FLOAT"},
        {"SemanticName": "SNORM", "Format": "R8_SNORM"},
        {"SemanticName": "VALUE", "Format": "R32_FLOAT"},
    ],
    "VertexBuffers": [{"StrideInBytes": 16, "Hex": "ff800033 003c017e 80000000 0000803f" * 2}],
    "Draw": {"DrawInstanced": {"VertexCountPerInstance": 2}},
}


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def reference_raw():
    p = run_cli("run", "--output", "raw1", "-", input=json.dumps(CASE).encode())
    assert p.returncode == 0, p.stderr
    return bytearray(p.stdout)


def put(raw, record, word, value):
    # header 6 words, records of 4 * 4 + 3 = 19 words
    struct.pack_into("<I", raw, 4 * (6 + 19 * record + word), value)


def get(raw, record, word):
    return struct.unpack_from("<I", raw, 4 * (6 + 19 * record + word))[0]


def crafted():
    raw = reference_raw()
    # record 0: COLOR.y (0x80 -> 0x3f008081) one ULP down
    assert get(raw, 0, 1) == 0x3F008081
    put(raw, 0, 1, 0x3F008080)
    # HALF.y: 0x7e01 is a NaN; another payload
    assert get(raw, 0, 5) == 0x7FC02000
    put(raw, 0, 5, 0x7FC00001)
    # SNORM.x: -128 -> -1.0; a driver without the clamp gives -128/127
    assert get(raw, 0, 8) == f32(-1.0)
    put(raw, 0, 8, f32(-128 / 127))
    # record 1: VALUE.x 1.0 -> 2.0, a real mismatch
    put(raw, 1, 12, f32(2.0))
    return bytes(raw)


def test_classify_rules():
    assert vfetch.classify(0x3F800000, 0x3F800000, 2, 8) == "exact"
    assert vfetch.classify(0x3F008081, 0x3F008082, 2, 8) == "1ulp"
    assert vfetch.classify(0x3F008081, 0x3F008081 + 2, 2, 8) == "mismatch"
    assert vfetch.classify(0x7FC02000, 0xFFC00000, 6, 16) == "nan"
    assert vfetch.classify(0x7FC02000, 0xFFC00000, 6, 32) == "mismatch"
    assert vfetch.classify(f32(-1.0), f32(-32768 / 32767), 3, 16) == "snorm-min"
    assert vfetch.classify(f32(1.0), f32(1.0) + 1, 4, 32) == "mismatch"


def test_compare_counts():
    c = vfetch.compare(CASE, crafted())
    assert (c.counts["1ulp"], c.counts["nan"], c.counts["snorm-min"], c.counts["mismatch"]) == (1, 1, 1, 1)
    assert c.counts["exact"] == 2 * 16 - 4 and not c.ok and c.not_accepted == 4
    assert c.by_format["R8G8B8A8_UNORM"]["1ulp"] == 1
    c = vfetch.compare(CASE, crafted(), accept="1ulp,d3d,snorm-min")
    assert c.not_accepted == 1 and c.accepted == 3
    assert c.differences[0].register == "VALUE0" and c.differences[0].record == 1


def test_compare_plain_records():
    # The GPU wrote only VALUE and COLOR, 32 bytes a record, after 16 bytes.
    data = bytearray(16 + 2 * 32)
    struct.pack_into("<4I", data, 16, f32(1.0), 0, 0, f32(1.0))
    struct.pack_into("<4I", data, 32, f32(1.0), 0x3F008081, 0, f32(0.2))
    struct.pack_into("<4I", data, 48, f32(2.0), 0, 0, f32(1.0))
    struct.pack_into("<4I", data, 64, f32(1.0), 0x3F008081, 0, f32(0.2))
    c = vfetch.compare(CASE, bytes(data), registers={"VALUE0": 0, "COLOR0": 16}, stride=32, offset=16)
    assert c.counts["mismatch"] == 1  # VALUE.x of record 1
    assert c.compared == 16


def test_cli_agrees():
    with tempfile.TemporaryDirectory() as d:
        case, cap, known = (os.path.join(d, n) for n in ("case.json", "cap.raw", "known.txt"))
        with open(case, "w") as f:
            json.dump(CASE, f)
        with open(cap, "wb") as f:
            f.write(crafted())
        with open(known, "w") as f:
            f.write("# id kind format class device reason\n"
                    "clamp snorm-min *_SNORM vertex * no clamp to -1\n")
        for opts, kw in (([], {}), (["--accept", "1ulp,nan"], {"accept": "1ulp,nan"}),
                         (["--known-deviations", known], {"known_deviations": known})):
            p = run_cli("compare", "--output", "json", *opts, case, cap)
            assert p.returncode == 1, p.stderr
            out = json.loads(p.stdout)
            c = vfetch.compare(CASE, crafted(), **kw)
            assert out["counts"] == c.counts
            assert (out["accepted"], out["known"], out["not_accepted"]) == (c.accepted, c.known, c.not_accepted)
        p = run_cli("compare", "--accept", "1ulp,nan,snorm-min,mismatch", case, cap)
        assert p.returncode == 0
        with open(cap, "wb") as f:
            f.write(b"12345678")  # plain records, too short
        p = run_cli("compare", case, cap)
        assert p.returncode == 2 and b"need" in p.stderr


def test_compare_raw_v2():
    """A version 2 capture (the library's record layout) compares as version
    1 does; the crafted version 1 changes moved to version 2 offsets give the
    same counts in Python and in the CLI."""
    p = run_cli("run", "--output", "raw", "-", input=json.dumps(CASE).encode())
    assert p.returncode == 0, p.stderr
    raw = bytearray(p.stdout)
    hsize, w = struct.unpack_from("<I", raw, 8)[0], struct.unpack_from("<I", raw, 16)[0]
    assert w == 20  # 4 data registers and the system register
    assert vfetch.compare(CASE, bytes(raw)).counts["exact"] == 2 * 16
    struct.pack_into("<I", raw, hsize + 4 * (w + 12), f32(2.0))  # record 1 VALUE.x
    c = vfetch.compare(CASE, bytes(raw))
    assert c.counts["mismatch"] == 1 and c.differences[0].register == "VALUE0"
    with tempfile.TemporaryDirectory() as d:
        case, cap = os.path.join(d, "case.json"), os.path.join(d, "cap.raw")
        with open(case, "w") as f:
            json.dump(CASE, f)
        with open(cap, "wb") as f:
            f.write(bytes(raw))
        p = run_cli("compare", "--output", "json", case, cap)
        assert p.returncode == 1 and json.loads(p.stdout)["counts"] == c.counts
