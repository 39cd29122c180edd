"""DXGI formats: names, values, per-component information, decode_element."""
import ctypes

from . import _lib
from ._coerce import arg_bytes, arg_type, arg_uint, is_int, to_int
from .errors import VfetchError

# vf_component_type values and their names.
COMPONENT_TYPES = ("NONE", "TYPELESS", "UNORM", "SNORM", "UINT", "SINT", "FLOAT", "UFLOAT",
                   "UNORM_SRGB", "SHAREDEXP", "OTHER")
TYPE_NONE, TYPE_TYPELESS, TYPE_UNORM, TYPE_SNORM, TYPE_UINT, TYPE_SINT, TYPE_FLOAT, \
    TYPE_UFLOAT, TYPE_UNORM_SRGB, TYPE_SHAREDEXP, TYPE_OTHER = range(11)

IA_VERTEX_BUFFER = 0x2
IA_INDEX_BUFFER = 0x4
IA_VERTEX_BUFFER_OPTIONAL = 0x1


class FormatInfo:
    """What vf_format_info says of one format. bits, shift and types are
    per register component x, y, z, w; types are COMPONENT_TYPES indices."""

    __slots__ = ("value", "name", "bytes", "num_components", "bits", "shift", "types",
                 "ia_support")

    def __init__(self, d):
        self.value = d.format
        self.name = d.name.decode()
        self.bytes = d.bytes
        self.num_components = d.num_components
        self.bits = tuple(d.bits)
        self.shift = tuple(d.shift)
        self.types = tuple(d.type)
        self.ia_support = d.ia_support

    @property
    def is_vertex_format(self):
        return bool(self.ia_support & IA_VERTEX_BUFFER)

    @property
    def register_type(self):
        """'uint', 'int' or 'float': what the shader register holds."""
        if self.types[0] == TYPE_UINT:
            return "uint"
        if self.types[0] == TYPE_SINT:
            return "int"
        return "float"

    def __repr__(self):
        return "FormatInfo(%s = %d, %d bytes)" % (self.name, self.value, self.bytes)


def format_value(fmt):
    """A format name (with or without DXGI_FORMAT_) or value, as its value.
    Integers pass unchanged, so the library can judge unknown values."""
    if isinstance(fmt, FormatInfo):
        return fmt.value
    if is_int(fmt):
        fmt = to_int(fmt)
        if not 0 <= fmt <= 0xFFFFFFFF:
            raise ValueError("format %d is not a 32-bit unsigned value" % fmt)
        return fmt
    if isinstance(fmt, str):
        out = ctypes.c_uint32()
        if "\0" in fmt or _lib.lib().vf_format_from_name(fmt.encode(), ctypes.byref(out)) != 0:
            raise ValueError("unknown format '%s'" % fmt)
        return out.value
    arg_type("format", "a format name, a number or a FormatInfo", fmt)


def format_info(fmt):
    """FormatInfo of a format name or value; ValueError if not a DXGI format."""
    value = format_value(fmt)
    p = _lib.lib().vf_format_info(value)
    if not p:
        raise ValueError("%d is not a DXGI_FORMAT value" % value)
    return FormatInfo(p.contents)


def format_name(fmt):
    return format_info(fmt).name


def formats():
    """Every known format, in ascending value order."""
    lib = _lib.lib()
    return [FormatInfo(lib.vf_format_info_at(i).contents) for i in range(lib.vf_format_count())]


def decode_element(fmt, data, mapping=None):
    """Decodes one element of vertex data by the D3D rules: the format's byte
    size is read from `data` (bytes, bytearray, memoryview, array.array or
    a NumPy array: its bytes in memory order). Returns the four 32-bit
    register words as ints (float bits for float formats). Raises
    VfetchError for unknown or non-vertex formats and bad mappings,
    ArgumentTypeError (a TypeError) naming the argument of a wrong type."""
    value = format_value(fmt)
    raw = arg_bytes("data", data)
    info = _lib.lib().vf_format_info(value)
    need = info.contents.bytes if info else 0
    if len(raw) < need:
        raise ValueError("%s needs %d bytes, got %d" % (info.contents.name.decode(), need, len(raw)))
    buf = ctypes.create_string_buffer(raw, max(len(raw), 1))
    out = (ctypes.c_uint32 * 4)()
    m = _lib.VF_DEFAULT_COMPONENT_MAPPING if mapping is None else arg_uint("mapping", mapping)
    rc = _lib.lib().vf_decode_element(value, buf, m, ctypes.byref(out))
    if rc != 0:
        raise VfetchError(rc, "decode_element: %s" % _lib.result_string(rc))
    return [out[0], out[1], out[2], out[3]]
