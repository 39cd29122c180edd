"""The JSON case format of the vfetch tools (vfetch(1)), read from a dict.

Case(dict) checks the case as tools/case.c does and raises CaseError naming
the JSON path. Buffer data come from File, Hex or one typed array (Float32,
Float16, Uint8 .. Int32, and Indices for index buffers). The D3D rules
themselves are left to the library, as in the CLI.
"""
import os
import struct

from .errors import CaseError
from .formats import format_value

MAX_DATA_SIZE = 1 << 30
MAX_ARRAY = 1024
MAX_INPUT_SLOTS = 32
APPEND = 0xFFFFFFFF
R16_UINT, R32_UINT = 57, 42

SLOT_CLASSES = ("PER_VERTEX_DATA", "PER_INSTANCE_DATA")
STRIP_CUTS = ("DISABLED", "0xFFFF", "0xFFFFFFFF")
COMPONENT_TYPES = ("UNKNOWN", "UINT32", "SINT32", "FLOAT32")
TOPOLOGIES = {0: "UNDEFINED", 1: "POINTLIST", 2: "LINELIST", 3: "LINESTRIP", 4: "TRIANGLELIST",
              5: "TRIANGLESTRIP", 10: "LINELIST_ADJ", 11: "LINESTRIP_ADJ",
              12: "TRIANGLELIST_ADJ", 13: "TRIANGLESTRIP_ADJ"}
TOPOLOGIES.update({32 + n: "%d_CONTROL_POINT_PATCHLIST" % n for n in range(1, 33)})
ELEMENT_FIELDS = ("SemanticName", "SemanticIndex", "Format", "InputSlot", "AlignedByteOffset",
                  "InputSlotClass", "InstanceDataStepRate")

# Typed arrays: name -> (struct code, bytes, lowest, highest); floats None.
TYPED = {
    "Float32": ("f", 4, None, None), "Float16": ("e", 2, None, None),
    "Uint8": ("B", 1, 0, 0xFF), "Uint16": ("H", 2, 0, 0xFFFF), "Uint32": ("I", 4, 0, 0xFFFFFFFF),
    "Int8": ("b", 1, -0x80, 0x7F), "Int16": ("h", 2, -0x8000, 0x7FFF),
    "Int32": ("i", 4, -0x80000000, 0x7FFFFFFF),
}
SOURCES = ("File", "Hex") + tuple(TYPED)


def _join(path, name):
    return name if not path else path + "." + name


def _type_name(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, int):
        return "an integer"
    if isinstance(v, float):
        return "a fractional number"
    if isinstance(v, dict):
        return "an object"
    if isinstance(v, (list, tuple)):
        return "an array"
    if isinstance(v, str):
        return "a string"
    return "a value"


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _fail(path, msg):
    raise CaseError("%s: %s" % (path, msg) if path else msg)


def _check_fields(path, obj, allowed):
    for key in obj:
        if key in allowed:
            continue
        near = [a for a in allowed if a.lower() == str(key).lower()]
        if near:
            _fail(path, "unknown field '%s' (did you mean '%s'?)" % (key, near[-1]))
        _fail(path, "unknown field '%s'" % key)


def _integer(path, v, lo, hi):
    if not _is_int(v):
        _fail(path, "expected %s, got %s" % ("a non-negative integer" if lo >= 0 else "an integer",
                                             _type_name(v)))
    if v < lo:
        _fail(path, "%d is negative; expected an unsigned 32-bit integer" % v if lo == 0
              else "%d is below %d" % (v, lo))
    if v > hi:
        _fail(path, "%d is above %d" % (v, hi))
    return v


def _uint(path, v):
    return _integer(path, v, 0, 0xFFFFFFFF)


def _opt_uint(path, obj, name, default):
    return _uint(_join(path, name), obj[name]) if name in obj else default


def _string(path, v):
    if not isinstance(v, str):
        _fail(path, "expected a string, got %s" % _type_name(v))
    if "\0" in v:
        _fail(path, "the string contains a NUL character")
    return v


def _enum(path, v, what, prefix, names):
    """names: a sequence (value = index) or a dict value -> name."""
    if _is_int(v):
        return _uint(path, v)
    if not isinstance(v, str):
        _fail(path, "expected a %s name or a number, got %s" % (what, _type_name(v)))
    s = _string(path, v)
    if prefix and s.startswith(prefix):
        s = s[len(prefix):]
    items = names.items() if isinstance(names, dict) else enumerate(names)
    for value, name in items:
        if s == name:
            return value
    _fail(path, "unknown %s '%s'" % (what, v[:40] + ("..." if len(v) > 40 else "")))


def _format(path, v):
    if _is_int(v):
        return _uint(path, v)
    if not isinstance(v, str):
        _fail(path, "expected a DXGI format name or a number, got %s" % _type_name(v))
    try:
        return format_value(_string(path, v))
    except ValueError:
        _fail(path, "unknown format '%s'" % v[:40])


def _strip_cut(path, v):
    prefix = "D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_"
    if isinstance(v, str):
        s = v[len(prefix):] if v.startswith(prefix) else v
        for i in (1, 2):
            if s.lower() == STRIP_CUTS[i].lower():
                return i
    return _enum(path, v, "strip cut value", prefix, STRIP_CUTS)


def _mapping(path, v):
    if _is_int(v):
        return _uint(path, v)
    if not isinstance(v, str):
        _fail(path, "expected a number, a hex string or a swizzle, got %s" % _type_name(v))
    s = _string(path, v)
    if s[:2] in ("0x", "0X"):
        try:
            n = int(s[2:], 16)
            if s[2:] and s[2:].isalnum() and n <= 0xFFFFFFFF:
                return n
        except ValueError:
            pass
        _fail(path, "'%s' is not a 32-bit hex number" % s[:40])
    sel = {"x": 0, "r": 0, "y": 1, "g": 1, "z": 2, "b": 2, "w": 3, "a": 3, "0": 4, "1": 5}
    if len(s) == 4 and all(ch in sel for ch in s):
        return sel[s[0]] | sel[s[1]] << 3 | sel[s[2]] << 6 | sel[s[3]] << 9 | 0x1000
    _fail(path, "'%s' is neither a hex number (0x1688) nor a swizzle (xyzw)" % s[:40])


# ---------------------------------------------------------------------------
# Buffer data

def _hex(path, v):
    if isinstance(v, str):
        parts = [(path, v)]
    elif isinstance(v, (list, tuple)):
        parts = [("%s[%d]" % (path, i), e) for i, e in enumerate(v)]
    else:
        _fail(path, "expected a hex string or an array of them, got %s" % _type_name(v))
    out = bytearray()
    for p, s in parts:
        s = _string(p, s)
        hi = None
        for i, ch in enumerate(s):
            if ch in " \t\n\r":
                if hi is not None:
                    _fail(p, "blank inside the byte at character %d" % i)
                continue
            if ch not in "0123456789abcdefABCDEF":
                _fail(p, "character %d ('%s') is not a hex digit" % (i, ch if " " <= ch < "\x7f" else "?"))
            if hi is None:
                hi = int(ch, 16)
            else:
                out.append(hi << 4 | int(ch, 16))
                hi = None
        if hi is not None:
            _fail(p, "odd number of hex digits")
    return bytes(out)


def _flatten(path, v, out):
    """Numbers of a typed array in order; nested arrays (rows) are flattened."""
    if not isinstance(v, (list, tuple)):
        _fail(path, "expected an array, got %s" % _type_name(v))
    for i, e in enumerate(v):
        p = "%s[%d]" % (path, i)
        if isinstance(e, (list, tuple)):
            _flatten(p, e, out)
        else:
            out.append((p, e))
    return out


def _bits_string(path, s, width):
    """'0x7e01': a bit pattern of `width` bits, for NaN payloads and such."""
    digits = s[2:] if s[:2] in ("0x", "0X") else None
    if digits and all(ch in "0123456789abcdefABCDEF" for ch in digits):
        n = int(digits, 16)
        if n < 1 << width:
            return n
        _fail(path, "%s does not fit in %d bits" % (s[:40], width))
    _fail(path, "expected a number or a hex bit pattern like \"0x%s\", got '%s'"
          % ("7e01" if width == 16 else "7fc00001", s[:40]))


def encode_typed(path, kind, values, fmt=None):
    """The little-endian bytes of a typed array. kind "Indices" writes R16 or
    R32 indices by `fmt`. Raises CaseError naming the element's path."""
    if kind == "Indices":
        kind = {R16_UINT: "Uint16", R32_UINT: "Uint32"}.get(fmt)
        if kind is None:
            _fail(path, "Indices need Format R16_UINT or R32_UINT")
        name = "R16_UINT" if fmt == R16_UINT else "R32_UINT"
    else:
        name = kind
    code, size, lo, hi = TYPED[kind]
    out = bytearray()
    for p, v in _flatten(path, values, []):
        if lo is not None:
            if not _is_int(v):
                _fail(p, "expected an integer, got %s" % _type_name(v))
            if not lo <= v <= hi:
                _fail(p, "%d is out of range for %s (%d..%d)" % (v, name, lo, hi))
            out += struct.pack("<" + code, v)
        elif isinstance(v, str):
            out += struct.pack("<" + ("H" if size == 2 else "I"), _bits_string(p, v, 8 * size))
        elif _is_int(v) or isinstance(v, float):
            try:
                out += struct.pack("<" + code, float(v))
            except OverflowError:
                _fail(p, "%s is out of range for %s" % (v, kind))
        else:
            _fail(p, "expected a number or a hex bit pattern string, got %s" % _type_name(v))
        if len(out) > MAX_DATA_SIZE:
            _fail(path, "more than 1 GiB of data")
    return bytes(out)


class Buffer:
    """One vertex or index buffer view: exactly the view's bytes."""

    def __init__(self):
        self.present = False
        self.bound = False
        self.data = None
        self.offset = 0
        self.size_in_bytes = 0
        self.stride_in_bytes = 0
        self.format = R16_UINT
        self.file = None


def load_data(path, obj, src, fmt, base_dir):
    """(bytes, File name or None) of data source `src` of `obj`."""
    name = None
    p = _join(path, src)
    if src == "File":
        name = _string(p, obj["File"])
        if not name:
            _fail(p, "empty file name")
        full = name if os.path.isabs(name) or not base_dir else os.path.join(base_dir, name)
        try:
            with open(full, "rb") as f:
                data = f.read(MAX_DATA_SIZE + 1)
        except OSError as e:
            _fail(p, "cannot read '%s': %s" % (name[:40], e.strerror))
        if len(data) > MAX_DATA_SIZE:
            _fail(p, "'%s' is larger than 1 GiB" % name[:40])
    elif src == "Hex":
        data = _hex(p, obj["Hex"])
    else:
        data = encode_typed(p, src, obj[src], fmt)
    return data, name


def _buffer(path, obj, is_index, base_dir):
    vb_fields = ("Slot", "Null", "Offset", "SizeInBytes", "StrideInBytes") + SOURCES
    ib_fields = ("Null", "Format", "Offset", "SizeInBytes", "Indices") + SOURCES
    if not isinstance(obj, dict):
        _fail(path, "expected an object, got %s" % _type_name(obj))
    _check_fields(path, obj, ib_fields if is_index else vb_fields)
    b = Buffer()
    b.present = True
    sources = [s for s in SOURCES + (("Indices",) if is_index else ()) if s in obj]
    is_null = False
    if "Null" in obj:
        if not isinstance(obj["Null"], bool):
            _fail(_join(path, "Null"), "expected true or false, got %s" % _type_name(obj["Null"]))
        is_null = obj["Null"]
    if is_index:
        if "Format" in obj:
            b.format = _format(_join(path, "Format"), obj["Format"])
        elif not is_null and sources:
            _fail(path, "missing field 'Format' (R16_UINT or R32_UINT)")
    else:
        b.stride_in_bytes = _opt_uint(path, obj, "StrideInBytes", 0)
    if len(sources) > 1:
        _fail(path, "give one data source, not both '%s' and '%s'" % (sources[0], sources[1]))
    if not sources:
        if "Offset" in obj or "SizeInBytes" in obj:
            _fail(path, "'Offset' and 'SizeInBytes' need data ('File', 'Hex' or a typed array)")
        return b
    if is_null:
        _fail(path, "a view with \"Null\": true takes no '%s'" % sources[0])
    if not is_index and "StrideInBytes" not in obj:
        _fail(path, "missing field 'StrideInBytes'")
    data, b.file = load_data(path, obj, sources[0], b.format, base_dir)
    b.offset = _opt_uint(path, obj, "Offset", 0)
    if b.offset > len(data):
        _fail(_join(path, "Offset"), "%d is past the end of the data (%d bytes)" % (b.offset, len(data)))
    b.size_in_bytes = min(len(data) - b.offset, 0xFFFFFFFF)
    if "SizeInBytes" in obj:
        b.size_in_bytes = _uint(_join(path, "SizeInBytes"), obj["SizeInBytes"])
        if b.size_in_bytes > len(data) - b.offset:
            _fail(_join(path, "SizeInBytes"), "%d bytes from Offset %d, but the data holds only %d"
                  % (b.size_in_bytes, b.offset, len(data)))
    b.data = data[b.offset:b.offset + b.size_in_bytes]
    b.bound = True
    return b


# ---------------------------------------------------------------------------
# Sections

def element_dict(e, path="InputLayout[0]"):
    """A D3D12_INPUT_ELEMENT_DESC-shaped tuple or list as a dict."""
    if isinstance(e, dict):
        return e
    if isinstance(e, (list, tuple)) and 3 <= len(e) <= 7:
        return dict(zip(ELEMENT_FIELDS, e))
    _fail(path, "expected an object, got %s" % _type_name(e))


class Element:
    __slots__ = ("semantic_name", "semantic_index", "format", "input_slot", "aligned_byte_offset",
                 "input_slot_class", "instance_data_step_rate", "component_mapping")


def _element(path, obj):
    obj = element_dict(obj, path)
    _check_fields(path, obj, ELEMENT_FIELDS + ("ComponentMapping",))
    e = Element()
    if "SemanticName" not in obj:
        _fail(path, "missing field 'SemanticName'")
    name = obj["SemanticName"]
    e.semantic_name = None if name is None else _string(_join(path, "SemanticName"), name)
    e.semantic_index = _opt_uint(path, obj, "SemanticIndex", 0)
    if "Format" not in obj:
        _fail(path, "missing field 'Format'")
    e.format = _format(_join(path, "Format"), obj["Format"])
    e.input_slot = _opt_uint(path, obj, "InputSlot", 0)
    e.aligned_byte_offset = APPEND
    if "AlignedByteOffset" in obj:
        p, v = _join(path, "AlignedByteOffset"), obj["AlignedByteOffset"]
        if isinstance(v, str):
            if _string(p, v) not in ("APPEND", "D3D12_APPEND_ALIGNED_ELEMENT", "APPEND_ALIGNED_ELEMENT"):
                _fail(p, "expected a number, 'APPEND' or 'D3D12_APPEND_ALIGNED_ELEMENT', got '%s'" % v[:40])
        else:
            e.aligned_byte_offset = _uint(p, v)
    e.input_slot_class = 0
    if "InputSlotClass" in obj:
        e.input_slot_class = _enum(_join(path, "InputSlotClass"), obj["InputSlotClass"],
                                   "input classification", "D3D12_INPUT_CLASSIFICATION_", SLOT_CLASSES)
    e.instance_data_step_rate = _opt_uint(path, obj, "InstanceDataStepRate", 0)
    e.component_mapping = 0x1688
    if "ComponentMapping" in obj:
        e.component_mapping = _mapping(_join(path, "ComponentMapping"), obj["ComponentMapping"])
    return e


def input_layout(v, path="InputLayout"):
    if not isinstance(v, (list, tuple)):
        _fail(path, "expected an array, got %s" % _type_name(v))
    if len(v) > MAX_ARRAY:
        _fail(path, "%d elements; the tool reads at most %d" % (len(v), MAX_ARRAY))
    return [_element("%s[%d]" % (path, i), e) for i, e in enumerate(v)]


class SignatureEntry:
    __slots__ = ("semantic_name", "semantic_index", "register", "mask", "component_type")


def signature(v, path="Signature"):
    if not isinstance(v, (list, tuple)):
        _fail(path, "expected an array, got %s" % _type_name(v))
    if len(v) > MAX_ARRAY:
        _fail(path, "%d entries; the tool reads at most %d" % (len(v), MAX_ARRAY))
    out = []
    for i, obj in enumerate(v):
        p = "%s[%d]" % (path, i)
        if not isinstance(obj, dict):
            _fail(p, "expected an object, got %s" % _type_name(obj))
        _check_fields(p, obj, ("SemanticName", "SemanticIndex", "Register", "Mask", "ComponentType"))
        s = SignatureEntry()
        if "SemanticName" not in obj:
            _fail(p, "missing field 'SemanticName'")
        name = obj["SemanticName"]
        s.semantic_name = None if name is None else _string(_join(p, "SemanticName"), name)
        s.semantic_index = _opt_uint(p, obj, "SemanticIndex", 0)
        if "Register" not in obj:
            _fail(p, "missing field 'Register'")
        s.register = _opt_uint(p, obj, "Register", 0)
        s.mask = _opt_uint(p, obj, "Mask", 0xF)
        s.component_type = 0
        if "ComponentType" in obj:
            s.component_type = _enum(_join(p, "ComponentType"), obj["ComponentType"],
                                     "register component type", "D3D_REGISTER_COMPONENT_",
                                     COMPONENT_TYPES)
        out.append(s)
    return out


class Draw:
    indexed = 0
    vertex_count_per_instance = 0
    instance_count = 1
    start_location = 0
    base_vertex_location = 0
    start_instance_location = 0


def _draw(v):
    path = "Draw"
    if not isinstance(v, dict):
        _fail(path, "expected an object, got %s" % _type_name(v))
    _check_fields(path, v, ("DrawInstanced", "DrawIndexedInstanced"))
    if ("DrawInstanced" in v) == ("DrawIndexedInstanced" in v):
        _fail(path, "give exactly one of 'DrawInstanced' and 'DrawIndexedInstanced'")
    d = Draw()
    d.indexed = int("DrawIndexedInstanced" in v)
    name = "DrawIndexedInstanced" if d.indexed else "DrawInstanced"
    p, args = _join(path, name), v[name]
    if not isinstance(args, dict):
        _fail(p, "expected an object, got %s" % _type_name(args))
    count = "IndexCountPerInstance" if d.indexed else "VertexCountPerInstance"
    start = "StartIndexLocation" if d.indexed else "StartVertexLocation"
    _check_fields(p, args, (count, "InstanceCount", start, "StartInstanceLocation")
                  + (("BaseVertexLocation",) if d.indexed else ()))
    d.instance_count = _opt_uint(p, args, "InstanceCount", 1)
    d.start_instance_location = _opt_uint(p, args, "StartInstanceLocation", 0)
    if count not in args:
        _fail(p, "missing field '%s'" % count)
    d.vertex_count_per_instance = _opt_uint(p, args, count, 0)
    d.start_location = _opt_uint(p, args, start, 0)
    if "BaseVertexLocation" in args:
        d.base_vertex_location = _integer(_join(p, "BaseVertexLocation"), args["BaseVertexLocation"],
                                          -0x80000000, 0x7FFFFFFF)
    return d


class Case:
    """A loaded case: elements, signature, buffers and the draw, checked
    like the CLI checks them. `base_dir`: where File names are relative to."""

    def __init__(self, case, base_dir=None):
        if isinstance(case, Case):
            self.__dict__.update(case.__dict__)
            return
        if not isinstance(case, dict):
            _fail("", "the case must be a JSON object, got %s" % _type_name(case))
        self.api = "D3D12"
        self.d3d11 = None
        if "Api" in case:
            api = _string("Api", case["Api"])
            if api == "D3D11":
                from .case_d3d11 import load_d3d11
                load_d3d11(self, case, base_dir)
                return
            if api != "D3D12":
                _fail("Api", "expected 'D3D12' or 'D3D11', got '%s'" % api[:40])
        _check_fields("", case, ("Api", "Description", "InputLayout", "Signature", "MaxInputSlots",
                                 "VertexBuffers", "IndexBuffer", "IBStripCutValue",
                                 "PrimitiveTopology", "Draw"))
        self.description = None
        if "Description" in case:
            self.description = _string("Description", case["Description"])
        if "InputLayout" not in case:
            _fail("", "missing field 'InputLayout'")
        self.elements = input_layout(case["InputLayout"])
        self.signature = signature(case["Signature"]) if "Signature" in case else None
        self.max_input_slots = _opt_uint("", case, "MaxInputSlots", 0)
        self.vb = [Buffer() for _ in range(MAX_INPUT_SLOTS)]
        self.num_vertex_buffers = 0
        if "VertexBuffers" in case:
            self._vertex_buffers(case["VertexBuffers"], base_dir)
        self.ib = Buffer()
        if "IndexBuffer" in case:
            self.ib = _buffer("IndexBuffer", case["IndexBuffer"], True, base_dir)
        self.strip_cut_value = 0
        if "IBStripCutValue" in case:
            self.strip_cut_value = _strip_cut("IBStripCutValue", case["IBStripCutValue"])
        self.primitive_topology = 4
        if "PrimitiveTopology" in case:
            v = case["PrimitiveTopology"]
            self.primitive_topology = _enum("PrimitiveTopology", v, "primitive topology",
                                            "D3D_PRIMITIVE_TOPOLOGY_", TOPOLOGIES)
        if "Draw" not in case:
            _fail("", "missing field 'Draw'")
        self.draw = _draw(case["Draw"])

    def _vertex_buffers(self, v, base_dir):
        path = "VertexBuffers"
        if not isinstance(v, (list, tuple)):
            _fail(path, "expected an array, got %s" % _type_name(v))
        for i, obj in enumerate(v):
            p = "%s[%d]" % (path, i)
            if not isinstance(obj, dict):
                _fail(p, "expected an object, got %s" % _type_name(obj))
            slot = i
            if "Slot" in obj:
                slot = _uint(_join(p, "Slot"), obj["Slot"])
            if slot >= MAX_INPUT_SLOTS:
                _fail(_join(p, "Slot"), "slot %d; D3D12 has slots 0..%d" % (slot, MAX_INPUT_SLOTS - 1))
            if self.vb[slot].present:
                _fail(_join(p, "Slot"), "slot %d is listed twice" % slot)
            self.vb[slot] = _buffer(p, obj, False, base_dir)
            self.num_vertex_buffers = max(self.num_vertex_buffers, slot + 1)


def load(path):
    """A Case from a JSON file; File names relative to the file's directory."""
    import json
    with open(path, "rb") as f:
        text = f.read()
    try:
        obj = json.loads(text, object_pairs_hook=_no_duplicates)
    except ValueError as e:
        raise CaseError(str(e)) from None
    return Case(obj, os.path.dirname(path) or ".")


def _no_duplicates(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise CaseError("field '%s' appears twice" % k)
        d[k] = v
    return d


