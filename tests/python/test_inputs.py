"""What a case and the calls take from Python: NumPy scalars and arrays,
bytes, bytearray and memoryview; what they give back as NumPy arrays; and
the errors of the wrong types. Expected bytes and values come from
struct and the D3D rules, never from the package."""
import array
import struct

import pytest

import vfetch

QUAD = [0.0, 0.5, 1.0, -2.0, 3.25, 4.0]  # three float2 positions


def case_with(data, count=3, instances=1, fmt="R32G32_FLOAT", stride=8, **vb):
    vb.setdefault("StrideInBytes", stride)
    vb.update(data)
    return {"InputLayout": [{"SemanticName": "POSITION", "Format": fmt}],
            "VertexBuffers": [vb],
            "PrimitiveTopology": "POINTLIST",
            "Draw": {"DrawInstanced": {"VertexCountPerInstance": count,
                                       "InstanceCount": instances}}}


def words(result):
    return [int(x) for x in result.words]


def expected_float2(values):
    """Per record: POSITION (x, y, 0.0, 1.0) as bits, then SV_VertexID,
    SV_InstanceID, flags, 0 (rules: missing components read 0, w reads 1)."""
    out = []
    for k in range(len(values) // 2):
        x, y = values[2 * k:2 * k + 2]
        out += list(struct.unpack("<4I", struct.pack("<4f", x, y, 0.0, 1.0))) + [k, 0, 0, 0]
    return out


def test_plain_lists_give_the_rule_values():
    assert words(vfetch.run(case_with({"Float32": QUAD}))) == expected_float2(QUAD)


@pytest.mark.parametrize("make", [bytes, bytearray, lambda b: memoryview(b),
                                  lambda b: array.array("B", b)])
def test_bytes_as_hex_and_typed_data(make):
    raw = struct.pack("<6f", *QUAD)
    assert words(vfetch.run(case_with({"Hex": make(raw)}))) == expected_float2(QUAD)
    if not isinstance(make(raw), array.array):
        assert words(vfetch.run(case_with({"Float32": make(raw)}))) == expected_float2(QUAD)
    # an array.array under a typed name holds values, not bytes
    assert words(vfetch.run(case_with({"Float32": array.array("f", QUAD)}))) == \
        expected_float2(QUAD)


def test_typed_bytes_must_be_whole_values():
    with pytest.raises(vfetch.CaseError) as e:
        vfetch.Case(case_with({"Float32": b"\0" * 6}))
    assert str(e.value) == ("VertexBuffers[0].Float32: 6 bytes is not a whole number of "
                            "4-byte Float32 values")


def test_numpy_arrays_and_scalars_in_a_case():
    np = pytest.importorskip("numpy")
    want = expected_float2(QUAD)
    c = case_with({"Float32": np.array(QUAD, dtype=np.float32)}, count=np.int64(3),
                  instances=np.uint8(1), stride=np.int32(8))
    assert words(vfetch.run(c)) == want
    # float64 values are rounded to float32 one by one, as a list is
    assert words(vfetch.run(case_with({"Float32": np.array(QUAD)}))) == want
    # rows of a 2-D array, as nested lists
    rows = np.array(QUAD, np.float32).reshape(3, 2)
    assert words(vfetch.run(case_with({"Float32": rows}))) == want
    assert words(vfetch.run(case_with({"Hex": np.array(QUAD, np.float32).tobytes()}))) == want


def test_numpy_typed_arrays_keep_their_bits():
    np = pytest.importorskip("numpy")
    nan = np.array([0x7FC00001], dtype=np.uint32).view(np.float32)
    c = vfetch.Case(case_with({"Float32": nan}))
    assert c.vb[0].data == struct.pack("<I", 0x7FC00001)
    c = vfetch.Case(case_with({"Int16": np.array([-32768, 7], dtype=">i2")}))
    assert c.vb[0].data == struct.pack("<2h", -32768, 7)
    # Another integer type is read value by value, with the range check
    c = vfetch.Case(case_with({"Uint8": np.array([1, 255], dtype=np.int64)}))
    assert c.vb[0].data == b"\x01\xff"
    with pytest.raises(vfetch.CaseError) as e:
        vfetch.Case(case_with({"Uint8": np.array([1, 256], dtype=np.int64)}))
    assert str(e.value) == "VertexBuffers[0].Uint8[1]: 256 is out of range for Uint8 (0..255)"


def test_numpy_indices_and_element_fields():
    np = pytest.importorskip("numpy")
    case = case_with({"Float32": QUAD})
    case["InputLayout"][0]["SemanticIndex"] = np.uint32(0)
    case["IndexBuffer"] = {"Format": "R16_UINT", "Indices": np.array([2, 0], dtype=np.uint16)}
    case["Draw"] = {"DrawIndexedInstanced": {"IndexCountPerInstance": np.int64(2)}}
    r = vfetch.run(case)
    want = expected_float2(QUAD)
    assert words(r)[0:4] == want[16:20] and words(r)[8:12] == want[0:4]


def test_register_as_an_array_of_its_type():
    np = pytest.importorskip("numpy")
    case = case_with({"Float32": QUAD}, instances=2)
    case["InputLayout"].append({"SemanticName": "ID", "Format": "R8G8B8A8_UINT",
                                "InputSlot": 1})
    case["InputLayout"].append({"SemanticName": "S", "Format": "R16_SINT", "InputSlot": 2,
                                "InputSlotClass": "PER_INSTANCE_DATA",
                                "InstanceDataStepRate": 1})
    case["VertexBuffers"].append({"Slot": 1, "StrideInBytes": 4, "Uint8": list(range(12))})
    case["VertexBuffers"].append({"Slot": 2, "StrideInBytes": 2, "Int16": [-5, 9]})
    r = vfetch.run(case)
    pos = r.register("POSITION0")
    assert pos.dtype == np.float32 and pos.shape == (6, 4)
    assert pos.tolist() == [[x, y, 0.0, 1.0] for x, y in zip(QUAD[::2], QUAD[1::2])] * 2
    ids = r.register("ID0")
    assert ids.dtype == np.uint32
    assert ids.tolist() == [list(range(4 * k, 4 * k + 4)) for k in range(3)] * 2
    s = r.register("S0")
    assert s.dtype == np.int32
    # one component: y, z read 0 and w reads 1 (rules, integer formats)
    assert s.tolist() == [[-5, 0, 0, 1]] * 3 + [[9, 0, 0, 1]] * 3
    sysreg = r.register(r.registers[-1])
    assert sysreg.dtype == np.uint32 and sysreg[:, 1].tolist() == [0, 0, 0, 1, 1, 1]
    assert r.array().shape == (6, r.record_words)
    with pytest.raises(KeyError):
        r.register("NORMAL0")


def test_decode_element_takes_any_buffer():
    raw = b"\xff\x00\x80\xff"
    want = vfetch.decode_element("R8G8B8A8_UNORM", raw)
    assert want[0] == 0x3F800000 and want[1] == 0
    for make in (bytearray, memoryview, lambda b: array.array("B", b)):
        assert vfetch.decode_element("R8G8B8A8_UNORM", make(raw)) == want
    np = pytest.importorskip("numpy")
    assert vfetch.decode_element(np.int64(28), np.frombuffer(raw, np.uint8)) == want
    assert vfetch.decode_element("R8G8B8A8_UNORM", raw, np.uint32(0x1688)) == want


WRONG_TYPES = [
    (lambda: vfetch.decode_element("R8G8B8A8_UNORM", 42), "data: expected bytes"),
    (lambda: vfetch.decode_element("R8G8B8A8_UNORM", b"\0" * 4, "xyzw"),
     "mapping: expected a non-negative integer, got a string"),
    (lambda: vfetch.decode_element(2.5, b"\0" * 4), "format: expected a format name"),
    (lambda: vfetch.run(42), "case: expected a dict in the JSON case format, a Case or a path, "
                             "got an integer"),
    (lambda: vfetch.run(case_with({"Float32": QUAD}), isa=1.5), "isa: expected"),
    (lambda: vfetch.compare(case_with({"Float32": QUAD}), 3.5), "captured: expected bytes"),
    (lambda: vfetch.compare(case_with({"Float32": QUAD}), b"", stride="8"),
     "stride: expected a non-negative integer, got a string"),
    (lambda: vfetch.Layout(7), "elements: expected an array of input elements, got an integer"),
    (lambda: vfetch.Layout([("P", 0, "R32_FLOAT")], max_input_slots="32"), "max_input_slots:"),
    (lambda: vfetch.read_raw(1.0), "data: expected bytes"),
]


@pytest.mark.parametrize("call,message", WRONG_TYPES)
def test_wrong_argument_types_name_the_argument(call, message):
    with pytest.raises(TypeError) as e:
        call()
    assert isinstance(e.value, vfetch.VfetchError)
    assert str(e.value).startswith(message), str(e.value)


def test_case_error_is_a_vfetch_error():
    with pytest.raises(vfetch.VfetchError) as e:
        vfetch.run({"InputLayout": [], "Draw": {}})
    assert isinstance(e.value, vfetch.CaseError) and isinstance(e.value, ValueError)
    assert e.value.code is None


def test_d3d11_bind_flag_error_is_a_state_error():
    case = {"Api": "D3D11",
            "InputLayout": [{"SemanticName": "P", "Format": "R32_FLOAT"}],
            "Buffers": [{"ByteWidth": 4, "BindFlags": "INDEX_BUFFER"}],
            "IASetVertexBuffers": {"Buffers": [0], "Strides": [4]},
            "PrimitiveTopology": "POINTLIST", "Draw": {"Draw": {"VertexCount": 1}}}
    with pytest.raises(vfetch.VfetchError) as e:
        vfetch.run(case)
    assert isinstance(e.value, vfetch.StateError) and isinstance(e.value, vfetch.DrawError)
    assert not isinstance(e.value, vfetch.LayoutError)
    assert "IASetVertexBuffers" in str(e.value)
