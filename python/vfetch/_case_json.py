"""The readers both forms of the case format use (tools/common/case_json.c
in the CLI): checked scalars, named enums, formats, component mappings,
buffer data (File, Hex, typed arrays), input elements, the signature and
the draw arguments' holder. Each raises CaseError naming the JSON path;
read through attempt() (_problems.py), a case's parts report every
problem at once."""
import os
import struct

from . import _lib
from ._coerce import (as_list, buffer_bytes, is_array, is_buffer, is_int, is_real, numpy, to_float,
                      to_int, type_name)
from ._problems import Reported, attempt, did_you_mean, note, suggest
from .errors import CaseError
from .formats import format_value, formats

MAX_DATA_SIZE = 1 << 30
MAX_ARRAY = 1024
MAX_INPUT_SLOTS = _lib.VF_MAX_INPUT_SLOTS
APPEND = _lib.VF_APPEND_ALIGNED_ELEMENT
R16_UINT, R32_UINT = _lib.VF_FORMAT_R16_UINT, _lib.VF_FORMAT_R32_UINT

# Name tables: a sequence (value = index) or a dict value -> name. The
# test of the ABI mirror checks them against the VF_* constants.
SLOT_CLASSES = ("PER_VERTEX_DATA", "PER_INSTANCE_DATA")
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
# The NumPy type (kind and size) whose arrays a typed array takes bit for bit.
NUMPY_TYPES = {"Float32": "f4", "Float16": "f2", "Uint8": "u1", "Uint16": "u2", "Uint32": "u4",
               "Int8": "i1", "Int16": "i2", "Int32": "i4"}


def join(path, name):
    return name if not path else path + "." + name


def fail(path, msg):
    raise CaseError("%s: %s" % (path, msg) if path else msg)


def problem(path, msg):
    """A problem that does not stop reading the object it is in: noted
    while a case is collected, else raised."""
    note(CaseError("%s: %s" % (path, msg) if path else msg))


def missing(path, obj, name, hint=None):
    """Raises "missing field 'name'" for obj at path; quietly (Reported)
    when a key of obj is a near miss of name, which check_fields has
    named with it."""
    msg = "missing field '%s'%s" % (name, " (%s)" % hint if hint else "")
    if any(k != name and suggest(k, (name,)) for k in obj):
        raise Reported("%s: %s" % (path, msg) if path else msg)
    fail(path, msg)


def require_object(path, v):
    if not isinstance(v, dict):
        fail(path, "expected an object, got %s" % type_name(v))
    return v


def require_array(path, v, what=None):
    """v, an array (a list, tuple, array.array or NumPy array), as a list;
    with `what` (its entries' name) of at most MAX_ARRAY."""
    items = as_list(v)
    if items is None:
        fail(path, "expected an array, got %s" % type_name(v))
    if what and len(items) > MAX_ARRAY:
        fail(path, "%d %s; the tool reads at most %d" % (len(items), what, MAX_ARRAY))
    return items


def check_fields(path, obj, allowed):
    """Every key of obj not in `allowed`, each with the closest allowed name."""
    for key in obj:
        if key not in allowed:
            problem(path, "unknown field '%s'%s" % (key, did_you_mean(suggest(key, allowed))))


def integer(path, v, lo, hi):
    if not is_int(v):
        fail(path, "expected %s, got %s" % ("a non-negative integer" if lo >= 0 else "an integer",
                                            type_name(v)))
    v = to_int(v)
    if v < lo:
        fail(path, "%d is negative; expected an unsigned 32-bit integer" % v if lo == 0
             else "%d is below %d" % (v, lo))
    if v > hi:
        fail(path, "%d is above %d" % (v, hi))
    return v


def uint(path, v):
    return integer(path, v, 0, 0xFFFFFFFF)


def opt_uint(path, obj, name, default):
    return uint(join(path, name), obj[name]) if name in obj else default


def string(path, v):
    if not isinstance(v, str):
        fail(path, "expected a string, got %s" % type_name(v))
    if "\0" in v:
        fail(path, "the string contains a NUL character")
    return v


def enum(path, v, what, prefix, names, aliases=None):
    """names: a sequence (value = index) or a dict value -> name; aliases:
    more names, a dict name -> value (the CLI's vf_name_alias)."""
    if is_int(v):
        return uint(path, v)
    if not isinstance(v, str):
        fail(path, "expected a %s name or a number, got %s" % (what, type_name(v)))
    s = string(path, v)
    if prefix and s.startswith(prefix):
        s = s[len(prefix):]
    items = list(names.items() if isinstance(names, dict) else enumerate(names))
    items += [(value, name) for name, value in (aliases or {}).items()]
    for value, name in items:
        if s == name:
            return value
    fail(path, "unknown %s '%s'%s" % (what, shown(v), did_you_mean(
        suggest_name(v, prefix, [n for _, n in items]),
        prefix if prefix and v[:3].upper() == "D3D" else "")))


def shown(s):
    """At most 40 characters of a user string, as messages quote them."""
    return s[:40] + ("..." if len(s) > 40 else "")


def suggest_name(s, prefix, names):
    """The name closest to s (without its long prefix, any case), or the
    one s ends in after a '_' as another API's long name does; None."""
    if prefix and s.lower().startswith(prefix.lower()):
        s = s[len(prefix):]
    near = suggest(s, names)
    for n in names:
        if near is None and len(s) > len(n) and s[-len(n) - 1] == "_" and \
                s[-len(n):].lower() == n.lower():
            near = n
    return near


def opt_enum(path, obj, name, default, what, prefix, names):
    """Field `name` of obj read by enum(), or `default` when it is absent."""
    if name not in obj:
        return default
    return enum(join(path, name), obj[name], what, prefix, names)


def format_field(path, v):
    """A DXGI format given by name or number."""
    if is_int(v):
        return uint(path, v)
    if not isinstance(v, str):
        fail(path, "expected a DXGI format name or a number, got %s" % type_name(v))
    s = string(path, v)
    for name in (s, s.upper()):  # DXGI names are upper case: "r32_float" means one
        try:
            return format_value(name)
        except ValueError:
            pass
    bare = s[12:] if s.upper().startswith("DXGI_FORMAT_") else s
    near = suggest(bare, [f.name for f in formats()])
    fail(path, "unknown format '%s'%s" % (shown(s), did_you_mean(near)))


def component_mapping(path, v):
    if is_int(v):
        return uint(path, v)
    if not isinstance(v, str):
        fail(path, "expected a number, a hex string or a swizzle, got %s" % type_name(v))
    s = string(path, v)
    if s[:2] in ("0x", "0X"):
        try:
            n = int(s[2:], 16)
            if s[2:] and s[2:].isalnum() and n <= 0xFFFFFFFF:
                return n
        except ValueError:
            pass
        fail(path, "'%s' is not a 32-bit hex number" % s[:40])
    sel = {"x": 0, "r": 0, "y": 1, "g": 1, "z": 2, "b": 2, "w": 3, "a": 3, "0": 4, "1": 5}
    if len(s) == 4 and all(ch in sel for ch in s):
        return (sel[s[0]] | sel[s[1]] << 3 | sel[s[2]] << 6 | sel[s[3]] << 9
                | _lib.VF_COMPONENT_MAPPING_ALWAYS_SET_BIT)
    fail(path, "'%s' is neither a hex number (0x1688) nor a swizzle (xyzw)" % s[:40])


# ---------------------------------------------------------------------------
# Buffer data

def hex_data(path, v):
    """A hex string or an array of them; from Python also the raw bytes
    themselves (bytes, bytearray, memoryview, array.array)."""
    if is_buffer(v):
        return buffer_bytes(v)
    if isinstance(v, str):
        parts = [(path, v)]
    elif is_array(v):
        parts = [("%s[%d]" % (path, i), e) for i, e in enumerate(as_list(v))]
    else:
        fail(path, "expected a hex string, an array of them or bytes, got %s" % type_name(v))
    out = bytearray()
    for p, s in parts:
        s = string(p, s)
        hi = None
        for i, ch in enumerate(s):
            if ch in " \t\n\r":
                if hi is not None:
                    fail(p, "blank inside the byte at character %d" % i)
                continue
            if ch not in "0123456789abcdefABCDEF":
                fail(p, "character %d ('%s') is not a hex digit" % (i, ch if " " <= ch < "\x7f" else "?"))
            if hi is None:
                hi = int(ch, 16)
            else:
                out.append(hi << 4 | int(ch, 16))
                hi = None
        if hi is not None:
            fail(p, "odd number of hex digits")
    return bytes(out)


def flatten(path, v, out):
    """Numbers of a typed array in order; nested arrays (rows) are flattened."""
    for i, e in enumerate(require_array(path, v)):
        p = "%s[%d]" % (path, i)
        if is_array(e):
            flatten(p, e, out)
        else:
            out.append((p, e))
    return out


def bits_string(path, s, width):
    """'0x7e01': a bit pattern of `width` bits, for NaN payloads and such."""
    digits = s[2:] if s[:2] in ("0x", "0X") else None
    if digits and all(ch in "0123456789abcdefABCDEF" for ch in digits):
        n = int(digits, 16)
        if n < 1 << width:
            return n
        fail(path, "%s does not fit in %d bits" % (s[:40], width))
    fail(path, "expected a number or a hex bit pattern like \"0x%s\", got '%s'"
         % ("7e01" if width == 16 else "7fc00001", s[:40]))


def _raw_typed(path, kind, values):
    """The bytes of a typed array given as bytes (bytes, bytearray,
    memoryview: the values' little-endian bytes, a whole number of them) or
    as a NumPy array of exactly the kind's type (its values' bits, NaN
    payloads kept); None for anything else, which is read value by value."""
    size = TYPED[kind][1]
    if isinstance(values, (bytes, bytearray, memoryview)):
        data = buffer_bytes(values)
        if len(data) % size:
            fail(path, "%d bytes is not a whole number of %d-byte %s values"
                 % (len(data), size, kind))
    elif numpy is not None and isinstance(values, numpy.ndarray) and values.ndim > 0 and \
            "%s%d" % (values.dtype.kind, values.dtype.itemsize) == NUMPY_TYPES[kind]:
        data = numpy.ascontiguousarray(values, dtype="<" + NUMPY_TYPES[kind]).tobytes()
    else:
        return None
    if len(data) > MAX_DATA_SIZE:
        fail(path, "more than 1 GiB of data")
    return data


def encode_typed(path, kind, values, fmt=None):
    """The little-endian bytes of a typed array. kind "Indices" writes R16 or
    R32 indices by `fmt`. Raises CaseError naming the element's path."""
    if kind == "Indices":
        kind = {R16_UINT: "Uint16", R32_UINT: "Uint32"}.get(fmt)
        if kind is None:
            fail(path, "Indices need Format R16_UINT or R32_UINT")
        name = "R16_UINT" if fmt == R16_UINT else "R32_UINT"
    else:
        name = kind
    code, size, lo, hi = TYPED[kind]
    raw = _raw_typed(path, kind, values)
    if raw is not None:
        return raw
    out = bytearray()
    for p, v in flatten(path, values, []):
        if lo is not None:
            if not is_int(v):
                fail(p, "expected an integer, got %s" % type_name(v))
            v = to_int(v)
            if not lo <= v <= hi:
                fail(p, "%d is out of range for %s (%d..%d)" % (v, name, lo, hi))
            out += struct.pack("<" + code, v)
        elif isinstance(v, str):
            out += struct.pack("<" + ("H" if size == 2 else "I"), bits_string(p, v, 8 * size))
        elif is_real(v):
            try:
                out += struct.pack("<" + code, to_float(v))
            except OverflowError:
                fail(p, "%s is out of range for %s" % (v, kind))
        else:
            fail(p, "expected a number or a hex bit pattern string, got %s" % type_name(v))
        if len(out) > MAX_DATA_SIZE:
            fail(path, "more than 1 GiB of data")
    return bytes(out)


def load_data(path, obj, src, fmt, base_dir):
    """(bytes, File name or None) of data source `src` of `obj`."""
    name = None
    p = join(path, src)
    if src == "File":
        name = string(p, obj["File"])
        if not name:
            fail(p, "empty file name")
        full = name if os.path.isabs(name) or not base_dir else os.path.join(base_dir, name)
        try:
            with open(full, "rb") as f:
                data = f.read(MAX_DATA_SIZE + 1)
        except OSError as e:
            fail(p, "cannot read '%s': %s" % (name[:40], e.strerror))
        if len(data) > MAX_DATA_SIZE:
            fail(p, "'%s' is larger than 1 GiB" % name[:40])
    elif src == "Hex":
        data = hex_data(p, obj["Hex"])
    else:
        data = encode_typed(p, src, obj[src], fmt)
    return data, name


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


# ---------------------------------------------------------------------------
# Input layout, signature and draw arguments

def element_dict(e, path="InputLayout[0]"):
    """A D3D12_INPUT_ELEMENT_DESC-shaped tuple or list as a dict."""
    if isinstance(e, dict):
        return e
    if is_array(e) and 3 <= len(e) <= 7:
        return dict(zip(ELEMENT_FIELDS, as_list(e)))
    fail(path, "expected an object, got %s" % type_name(e))


class Element:
    __slots__ = ("semantic_name", "semantic_index", "format", "input_slot", "aligned_byte_offset",
                 "input_slot_class", "instance_data_step_rate", "component_mapping")


def semantic_name(path, obj):
    """The SemanticName of obj, which must have one; None stays None."""
    if "SemanticName" not in obj:
        missing(path, obj, "SemanticName")
    name = obj["SemanticName"]
    return None if name is None else string(join(path, "SemanticName"), name)


def aligned_byte_offset(path, v):
    if not isinstance(v, str):
        return uint(path, v)
    if string(path, v) not in ("APPEND", "D3D12_APPEND_ALIGNED_ELEMENT", "APPEND_ALIGNED_ELEMENT"):
        fail(path, "expected a number, 'APPEND' or 'D3D12_APPEND_ALIGNED_ELEMENT', got '%s'" % v[:40])
    return APPEND


def _format(path, obj):
    if "Format" not in obj:
        missing(path, obj, "Format")
    return format_field(join(path, "Format"), obj["Format"])


def _opt(path, obj, name, read, default):
    """Field `name` of obj by read(path, value), or default when absent."""
    return read(join(path, name), obj[name]) if name in obj else default


def element(path, obj):
    """One input element; every malformed field is reported (attempt)."""
    obj = element_dict(obj, path)
    check_fields(path, obj, ELEMENT_FIELDS + ("ComponentMapping",))
    e = Element()
    e.semantic_name = attempt(semantic_name, path, obj)
    e.semantic_index = attempt(opt_uint, path, obj, "SemanticIndex", 0, default=0)
    e.format = attempt(_format, path, obj, default=0)
    e.input_slot = attempt(opt_uint, path, obj, "InputSlot", 0, default=0)
    e.aligned_byte_offset = attempt(_opt, path, obj, "AlignedByteOffset", aligned_byte_offset,
                                    APPEND, default=APPEND)
    e.input_slot_class = attempt(opt_enum, path, obj, "InputSlotClass",
                                 _lib.VF_INPUT_PER_VERTEX_DATA, "input classification",
                                 "D3D12_INPUT_CLASSIFICATION_", SLOT_CLASSES, default=0)
    e.instance_data_step_rate = attempt(opt_uint, path, obj, "InstanceDataStepRate", 0, default=0)
    e.component_mapping = attempt(_opt, path, obj, "ComponentMapping", component_mapping,
                                  _lib.VF_DEFAULT_COMPONENT_MAPPING,
                                  default=_lib.VF_DEFAULT_COMPONENT_MAPPING)
    return e


def each(path, v, what, read):
    """read(entry path, entry) of every entry of array v; an entry with a
    problem is left out (and reported) while a case is collected."""
    out = [attempt(read, "%s[%d]" % (path, i), e)
           for i, e in enumerate(require_array(path, v, what))]
    return [e for e in out if e is not None]


def input_layout(v, path="InputLayout"):
    return each(path, v, "elements", element)


class SignatureEntry:
    __slots__ = ("semantic_name", "semantic_index", "register", "mask", "component_type")


def signature_entry(path, obj):
    require_object(path, obj)
    check_fields(path, obj, ("SemanticName", "SemanticIndex", "Register", "Mask", "ComponentType"))
    s = SignatureEntry()
    s.semantic_name = attempt(semantic_name, path, obj)
    s.semantic_index = attempt(opt_uint, path, obj, "SemanticIndex", 0, default=0)
    if "Register" not in obj:
        attempt(missing, path, obj, "Register")
    s.register = attempt(opt_uint, path, obj, "Register", 0, default=0)
    s.mask = attempt(opt_uint, path, obj, "Mask", 0xF, default=0xF)
    s.component_type = attempt(opt_enum, path, obj, "ComponentType",
                               _lib.VF_REGISTER_COMPONENT_UNKNOWN, "register component type",
                               "D3D_REGISTER_COMPONENT_", COMPONENT_TYPES, default=0)
    return s


def signature(v, path="Signature"):
    return each(path, v, "entries", signature_entry)


def shader_inputs(c, case):
    """Description, InputLayout and Signature, alike in both forms, into c."""
    c.description = attempt(_opt, "", case, "Description", string, None)
    c.elements = []
    if "InputLayout" not in case:
        attempt(missing, "", case, "InputLayout")
    else:
        c.elements = attempt(input_layout, case["InputLayout"], default=[])
    c.signature = attempt(_opt, "", case, "Signature", lambda p, v: signature(v), None)


class Draw:
    """The draw's arguments, D3D12 names; a D3D11 draw fills the same."""
    indexed = 0
    vertex_count_per_instance = 0
    instance_count = 1
    start_location = 0
    base_vertex_location = 0
    start_instance_location = 0


def draw_count(path, args, d, count, start):
    """The draw's count field (required) and start field into Draw d."""
    if count not in args:
        attempt(missing, path, args, count)
    else:
        d.vertex_count_per_instance = attempt(uint, join(path, count), args[count], default=0)
    d.start_location = attempt(opt_uint, path, args, start, 0, default=0)


def base_vertex_location(path, args, d):
    """An indexed draw's BaseVertexLocation, a signed 32-bit integer, into d."""
    if "BaseVertexLocation" in args:
        d.base_vertex_location = integer(join(path, "BaseVertexLocation"),
                                         args["BaseVertexLocation"], -0x80000000, 0x7FFFFFFF)
