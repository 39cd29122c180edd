"""Typed buffer data in cases: the bytes they stand for, and errors that
name the JSON path (the same rules as tools/common/case_data.c)."""
import struct

import pytest

import vfetch
from conftest import run_cli
import json


def case_with(vb=None, ib=None, layout=("R32_FLOAT",)):
    c = {"InputLayout": [{"SemanticName": "A", "SemanticIndex": i, "Format": f}
                         for i, f in enumerate(layout)],
         "Draw": {"DrawInstanced": {"VertexCountPerInstance": 1}}}
    if vb is not None:
        c["VertexBuffers"] = [vb]
    if ib is not None:
        c["IndexBuffer"] = ib
        c["Draw"] = {"DrawIndexedInstanced": {"IndexCountPerInstance": 3}}
    return c


def bytes_of(vb):
    return vfetch.Case(case_with(vb)).vb[0].data


def test_typed_arrays_give_the_hex_bytes():
    assert bytes_of({"StrideInBytes": 4, "Float32": [1.0, -2, "0x7fc00001"]}) == \
        struct.pack("<ffI", 1.0, -2.0, 0x7FC00001)
    # nearest even: 1 + 2^-11 is halfway between 1 and 1 + 2^-10
    assert bytes_of({"StrideInBytes": 4, "Float16": [1 + 2 ** -11, 65504, "0x7e01", [0.1, 2e-8]]}) == \
        struct.pack("<5H", 0x3C00, 0x7BFF, 0x7E01, 0x2E66, 0x0000)
    assert bytes_of({"StrideInBytes": 4, "Float16": [3 * 2 ** -25]}) == struct.pack("<H", 2)
    assert bytes_of({"StrideInBytes": 4, "Int8": [-128, 127], "Offset": 1}) == b"\x7f"
    assert bytes_of({"StrideInBytes": 4, "Uint16": [[1, 2], [65535]]}) == struct.pack("<3H", 1, 2, 65535)
    assert bytes_of({"StrideInBytes": 4, "Int32": [-1], "SizeInBytes": 2}) == b"\xff\xff"
    c = vfetch.Case(case_with(ib={"Format": "R32_UINT", "Indices": [0, 1, 0xFFFFFFFF]}))
    assert c.ib.data == struct.pack("<3I", 0, 1, 0xFFFFFFFF)
    c = vfetch.Case(case_with(ib={"Format": "R16_UINT", "Indices": [0, 1, 2]}))
    assert c.ib.data == struct.pack("<3H", 0, 1, 2)


ERRORS = [
    ({"StrideInBytes": 4, "Uint8": [1, 256]}, None, "VertexBuffers[0].Uint8[1]: 256 is out of range for Uint8 (0..255)"),
    ({"StrideInBytes": 4, "Int16": [[0], [1.5]]}, None, "VertexBuffers[0].Int16[1][0]: expected an integer, got a fractional number"),
    ({"StrideInBytes": 4, "Float16": [70000]}, None, "VertexBuffers[0].Float16[0]: 70000 is out of range for Float16"),
    ({"StrideInBytes": 4, "Float32": [1e39]}, None, "VertexBuffers[0].Float32[0]: 1e+39 is out of range for Float32"),
    ({"StrideInBytes": 4, "Float16": ["0x17e01"]}, None, "VertexBuffers[0].Float16[0]: 0x17e01 does not fit in 16 bits"),
    ({"StrideInBytes": 4, "Float32": [True]}, None, "VertexBuffers[0].Float32[0]: expected a number or a hex bit pattern string, got a boolean"),
    ({"StrideInBytes": 4, "Float32": 1.0}, None, "VertexBuffers[0].Float32: expected an array, got a fractional number"),
    ({"StrideInBytes": 4, "Hex": "00", "Uint8": [0]}, None, "VertexBuffers[0]: give one data source, not both 'Hex' and 'Uint8'"),
    ({"StrideInBytes": 4, "Indices": [0]}, None, "VertexBuffers[0]: unknown field 'Indices'"),
    (None, {"Format": "R16_UINT", "Indices": [0, 65536]}, "IndexBuffer.Indices[1]: 65536 is out of range for R16_UINT (0..65535)"),
    (None, {"Format": "R8_UINT", "Indices": [0]}, "IndexBuffer.Indices: Indices need Format R16_UINT or R32_UINT"),
    (None, {"Indices": [0]}, "IndexBuffer: missing field 'Format' (R16_UINT or R32_UINT)"),
]


@pytest.mark.parametrize("vb,ib,message", ERRORS)
def test_typed_errors(vb, ib, message):
    with pytest.raises(vfetch.CaseError) as e:
        vfetch.Case(case_with(vb, ib))
    assert str(e.value) == message


@pytest.mark.parametrize("vb,ib,message", ERRORS)
def test_typed_errors_cli(vb, ib, message):
    p = run_cli("run", "-", input=json.dumps(case_with(vb, ib)).encode())
    assert p.returncode == 2
    assert p.stderr.decode().strip() == "vfetch: -: " + message
