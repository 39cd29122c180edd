"""Formats and decode_element, against values worked out from the D3D rules."""
import struct

import pytest

import vfetch


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def test_names_and_values():
    assert vfetch.format_value("R8G8B8A8_UNORM") == 28
    assert vfetch.format_value("DXGI_FORMAT_R32_FLOAT") == 41
    assert vfetch.format_name(2) == "R32G32B32A32_FLOAT"
    info = vfetch.format_info("R10G10B10A2_UNORM")
    assert (info.bytes, info.bits, info.shift) == (4, (10, 10, 10, 2), (0, 10, 20, 30))
    assert info.is_vertex_format and info.register_type == "float"
    assert vfetch.format_info("R16_SINT").register_type == "int"
    assert not vfetch.format_info("D32_FLOAT").is_vertex_format
    names = [f.name for f in vfetch.formats()]
    assert "R11G11B10_FLOAT" in names and len(names) == len(set(names))
    with pytest.raises(ValueError):
        vfetch.format_value("R32G32B32_FLAOT")


def test_decode_element():
    # 0x80 / 255 = 0.5 + 1/510 rounds to 0x3f008081; missing w of UNORM is 1.0
    assert vfetch.decode_element("R8G8B8A8_UNORM", b"\xff\x00\x80\xff") == \
        [f32(1.0), 0, 0x3F008081, f32(1.0)]
    assert vfetch.decode_element("R16G16_SINT", struct.pack("<hh", -4, 7)) == \
        [0xFFFFFFFC, 7, 0, 1]
    # SNORM -128 clamps to -1.0
    assert vfetch.decode_element(63, b"\x80")[0] == f32(-1.0)
    # the mapping "zyx1"
    assert vfetch.decode_element("R32G32B32_FLOAT", struct.pack("<3f", 1, 2, 3), 0x1A0A) == \
        [f32(3), f32(2), f32(1), f32(1)]
    assert vfetch.decode_element("R16_FLOAT", bytearray(b"\x01\x7e"))[0] == 0x7FC02000


def test_decode_errors():
    with pytest.raises(vfetch.VfetchError) as e:
        vfetch.decode_element("D32_FLOAT", b"\0\0\0\0")
    assert e.value.code == 6
    with pytest.raises(vfetch.VfetchError) as e:
        vfetch.decode_element("R8_UINT", b"\0", mapping=0x1FFF)
    assert e.value.code == 8
    with pytest.raises(ValueError):
        vfetch.decode_element("R32_FLOAT", b"\0")
