"""The Vulkan form of the case format ("Api": "Vulkan"), read as
tools/common/case_vulkan.c reads it: VertexBindings (with their divisors),
VertexAttributes (formats by VkFormat name), Features, Buffers,
vkCmdBindVertexBuffers, vkCmdBindIndexBuffer, topology,
primitiveRestartEnable, provokingVertexMode, patchControlPoints and a
vkCmdDraw or vkCmdDrawIndexed. The JSON is checked here, every malformed
field reported (the CLI's paths and messages); the valid-usage rules are
the library's (vulkan.py)."""
from . import _lib
from ._case_json import (MAX_INPUT_SLOTS, R16_UINT, R32_UINT, SOURCES, Buffer, Draw, check_fields,
                         each, enum, fail, integer, join, load_data, missing, opt_uint, problem,
                         require_array, require_object, shown, string, uint)
from ._coerce import is_int, type_name
from ._problems import attempt, did_you_mean, suggest

MAX_BINDINGS = 32
MAX_DATA_SIZE = 1 << 30
INDEX_TYPE_UINT8 = 1000265000
TOPOLOGIES = ("POINT_LIST", "LINE_LIST", "LINE_STRIP", "TRIANGLE_LIST", "TRIANGLE_STRIP",
              "TRIANGLE_FAN", "LINE_LIST_WITH_ADJACENCY", "LINE_STRIP_WITH_ADJACENCY",
              "TRIANGLE_LIST_WITH_ADJACENCY", "TRIANGLE_STRIP_WITH_ADJACENCY", "PATCH_LIST")
INPUT_RATES = ("VERTEX", "INSTANCE")
INDEX_TYPES = ("UINT16", "UINT32")
INDEX_TYPE_ALIASES = {"UINT8": INDEX_TYPE_UINT8, "UINT8_EXT": INDEX_TYPE_UINT8,
                      "UINT8_KHR": INDEX_TYPE_UINT8}
PATCH_LIST = 10
# VkProvokingVertexModeEXT (VK_EXT_provoking_vertex, whose spelling has _EXT).
PROVOKING_MODES = ("FIRST_VERTEX", "LAST_VERTEX")
PROVOKING_ALIASES = {"FIRST_VERTEX_EXT": 0, "LAST_VERTEX_EXT": 1}
MAX_PATCH_CONTROL_POINTS = 32  # maxTessellationPatchSize's minimum; the library's bound
# VF_VK_FEATURE_* bits by the features' Vulkan names.
FEATURES = {"vertexAttributeInstanceRateDivisor": 0x1,
            "vertexAttributeInstanceRateZeroDivisor": 0x2, "indexTypeUint8": 0x4,
            "primitiveTopologyListRestart": 0x8, "primitiveTopologyPatchListRestart": 0x10,
            "nullDescriptor": 0x20, "legacyVertexAttributes": 0x40}
DEFAULT_FEATURES = 0x3f  # the library's: all but legacyVertexAttributes
FIELDS = ("Api", "Description", "Features", "VertexBindings", "VertexAttributes", "Buffers",
          "vkCmdBindVertexBuffers", "vkCmdBindIndexBuffer", "topology", "primitiveRestartEnable",
          "provokingVertexMode", "patchControlPoints", "Draw")
D3D_ONLY = (
    ("InputLayout", "describe 'VertexBindings' and 'VertexAttributes'"),
    ("VertexBuffers", "bind 'Buffers' with 'vkCmdBindVertexBuffers'"),
    ("IndexBuffer", "bind one of 'Buffers' with 'vkCmdBindIndexBuffer'"),
    ("IASetVertexBuffers", "bind 'Buffers' with 'vkCmdBindVertexBuffers'"),
    ("IASetIndexBuffer", "bind one of 'Buffers' with 'vkCmdBindIndexBuffer'"),
    ("PrimitiveTopology", "'topology', e.g. TRIANGLE_LIST"),
    ("IBStripCutValue", "'primitiveRestartEnable' cuts at the index type's largest value"),
    ("Signature", "every attribute is read"),
)
# The D3D topology of each Vulkan one, for what the output shows.
D3D_TOPOLOGIES = (1, 2, 3, 4, 5, 0, 10, 11, 12, 13, 33)


class Vulkan:
    """The Vulkan part of a Case: the vertex input state, buffers (bytes),
    the bind calls and the input assembly state."""

    def __init__(self):
        self.bindings = []      # (binding, stride, input_rate)
        self.attributes = []    # (location, binding, format, offset)
        self.divisors = []      # (binding, divisor)
        self.features = DEFAULT_FEATURES
        self.buffers = []       # bytes
        self.vertex_buffers = {}  # binding -> (buffer number or None, offset)
        self.index_buffer = None  # (buffer number or None, offset, index type)
        self.topology = 3
        self.primitive_restart = 0
        self.provoking_mode = 0   # FIRST_VERTEX
        self.patch_control_points = 1


def _vk_format(path, v):
    """A VkFormat name (with or without VK_FORMAT_, any case) or number."""
    if is_int(v):
        return uint(path, v)
    if not isinstance(v, str):
        fail(path, "expected a VkFormat name or a number, got %s" % type_name(v))
    s = string(path, v)
    from .vulkan import format_names, format_value
    value = format_value(s.upper())
    if value is not None:
        return value
    bare = s[10:] if s.upper().startswith("VK_FORMAT_") else s
    fail(path, "unknown vertex format '%s'%s" % (shown(s),
                                                 did_you_mean(suggest(bare, format_names()))))


def _bool(path, v):
    if isinstance(v, bool):
        return int(v)
    if is_int(v):
        n = uint(path, v)
        if n > 1:
            fail(path, "expected true, false, 0 or 1, got %d" % n)
        return n
    fail(path, "expected true or false, got %s" % type_name(v))


def _size(path, v):
    return integer(path, v, 0, 1 << 53)


# enum() and check_fields() name the closest name when one is close.
_name, _fields = enum, check_fields


def _required(path, obj, name, read, hint=None):
    """read(path.name, value) of a required field; missing (noted) gives None."""
    if name not in obj:
        attempt(missing, path, obj, name, hint)
        return None
    return attempt(read, join(path, name), obj[name])


def _binding(path, obj, vk):
    """One binding; every malformed field is reported, as the CLI does."""
    require_object(path, obj)
    _fields(path, obj, ("binding", "stride", "inputRate", "divisor"))
    b = _required(path, obj, "binding", uint)
    stride = _required(path, obj, "stride", uint, "bytes between elements")
    rate = 0
    if "inputRate" in obj:
        rate = attempt(_name, join(path, "inputRate"), obj["inputRate"], "input rate",
                       "VK_VERTEX_INPUT_RATE_", INPUT_RATES)
    divisor = attempt(opt_uint, path, obj, "divisor", None)
    if None in (b, stride, rate):
        return
    vk.bindings.append((b, stride, rate))
    if divisor is not None:
        vk.divisors.append((b, divisor))


def _attribute(path, obj, vk):
    require_object(path, obj)
    _fields(path, obj, ("location", "binding", "format", "offset"))
    for name in ("location", "binding", "format"):
        if name not in obj:
            attempt(missing, path, obj, name)
    # The fields given are read even when one is missing, as the CLI reads them.
    a = (attempt(opt_uint, path, obj, "location", None),
         attempt(opt_uint, path, obj, "binding", None),
         attempt(opt_uint, path, obj, "offset", 0),
         attempt(_vk_format, join(path, "format"), obj["format"]) if "format" in obj else None)
    if None not in a:
        vk.attributes.append((a[0], a[1], a[3], a[2]))


def _features(v, vk):
    require_object("Features", v)
    _fields("Features", v, tuple(FEATURES))
    for name, bit in FEATURES.items():
        if name in v:
            on = attempt(_bool, join("Features", name), v[name], default=0)
            vk.features = vk.features | bit if on else vk.features & ~bit


def _buffer(path, obj, vk, index, base_dir):
    require_object(path, obj)
    _fields(path, obj, ("size",) + SOURCES + ("Indices",))
    sources = [s for s in SOURCES + ("Indices",) if s in obj]
    if len(sources) > 1:
        fail(path, "give one data source, not both '%s' and '%s'" % (sources[0], sources[1]))
    data, fmt = b"", R16_UINT
    if sources and sources[0] == "Indices":
        ib = vk.index_buffer
        if ib is None or ib[0] != index:
            fail(join(path, "Indices"), "Indices are written in the indexType of "
                 "vkCmdBindIndexBuffer, which does not bind this buffer")
        if ib[2] not in (0, 1):
            fail(join(path, "Indices"), "Indices need indexType UINT16 or UINT32 (give UINT8 "
                 "indices as Uint8)")
        fmt = R16_UINT if ib[2] == 0 else R32_UINT
    if sources:
        data, _ = load_data(path, obj, sources[0], fmt, base_dir)
    elif "size" not in obj:
        missing(path, obj, "size", "bytes, or give the data")
    size = _size(join(path, "size"), obj["size"]) if "size" in obj else len(data)
    if size > MAX_DATA_SIZE:
        fail(join(path, "size"), "%d bytes is more than the 1 GiB this tool allocates for a "
             "buffer" % size)
    return bytes(data) + bytes(max(size - len(data), 0)) if size > len(data) else bytes(data)


def _buffer_ref(path, v, count):
    if v is None:
        return None
    n = uint(path, v)
    if n == 0xFFFFFFFF:
        fail(path, "%d is not a buffer number" % n)
    if n >= count:
        fail(path, "buffer %d; Buffers has %d (0..%d)" % (n, count, max(count - 1, 0)))
    return n


def _vb_call(obj, vk):
    path = "vkCmdBindVertexBuffers"
    require_object(path, obj)
    _fields(path, obj, ("firstBinding", "buffers", "offsets"))
    first = attempt(opt_uint, path, obj, "firstBinding", 0)
    if "buffers" not in obj:
        missing(path, obj, "buffers", "numbers in Buffers")
    bufs = require_array(join(path, "buffers"), obj["buffers"])
    n = len(bufs)
    if first is None:
        return  # noted; the bindings cannot be placed
    if first >= MAX_BINDINGS or n > MAX_BINDINGS - first:
        fail(path, "bindings %d..%d; vfetch has bindings 0..%d"
             % (first, first + n - (n != 0), MAX_BINDINGS - 1))
    offs = obj.get("offsets")
    if "offsets" in obj and (not isinstance(offs, (list, tuple)) or len(offs) != n):
        fail(join(path, "offsets"), "expected an array of %d offsets, one per buffer" % n)
    for k, ref in enumerate(bufs):
        b = attempt(_buffer_ref, "%s.buffers[%d]" % (path, k), ref, len(vk.buffers))
        off = attempt(_size, "%s.offsets[%d]" % (path, k), offs[k], default=0) \
            if offs is not None else 0
        vk.vertex_buffers[first + k] = (b, off)


def _ib_call(obj, vk):
    path = "vkCmdBindIndexBuffer"
    require_object(path, obj)
    _fields(path, obj, ("buffer", "offset", "indexType"))
    # Every field, so that each malformed one is reported.
    ref = _required(path, obj, "buffer", _index_buffer_ref, "a number in Buffers")
    itype = _required(path, obj, "indexType", _index_type, "UINT8, UINT16 or UINT32")
    off = attempt(_size, join(path, "offset"), obj["offset"], default=0) if "offset" in obj else 0
    vk.index_buffer = (ref, off, 0 if itype is None else itype)


def _index_buffer_ref(path, v):
    """A buffer number or null (None); checked against Buffers later."""
    return None if v is None else _buffer_ref(path, v, 0xFFFFFFFF)


def _index_type(path, v):
    return _name(path, v, "index type", "VK_INDEX_TYPE_", INDEX_TYPES, INDEX_TYPE_ALIASES)


def _draw(v):
    require_object("Draw", v)
    _fields("Draw", v, ("vkCmdDraw", "vkCmdDrawIndexed"))
    if ("vkCmdDraw" in v) == ("vkCmdDrawIndexed" in v):
        fail("Draw", "give exactly one of 'vkCmdDraw' and 'vkCmdDrawIndexed'")
    indexed = int("vkCmdDrawIndexed" in v)
    p = "Draw.vkCmdDrawIndexed" if indexed else "Draw.vkCmdDraw"
    args = require_object(p, v["vkCmdDrawIndexed" if indexed else "vkCmdDraw"])
    count, first = ("indexCount", "firstIndex") if indexed else ("vertexCount", "firstVertex")
    _fields(p, args, (count, "instanceCount", first, "firstInstance")
            + (("vertexOffset",) if indexed else ()))
    d = Draw()
    d.indexed = indexed
    if count not in args:
        attempt(missing, p, args, count)
    else:
        d.vertex_count_per_instance = attempt(uint, join(p, count), args[count], default=0)
    d.instance_count = attempt(opt_uint, p, args, "instanceCount", 1, default=1)
    d.start_location = attempt(opt_uint, p, args, first, 0, default=0)
    d.start_instance_location = attempt(opt_uint, p, args, "firstInstance", 0, default=0)
    if "vertexOffset" in args:
        d.base_vertex_location = attempt(integer, join(p, "vertexOffset"), args["vertexOffset"],
                                         -0x80000000, 0x7FFFFFFF, default=0)
    return d


def _each(path, v, what, read):
    attempt(each, path, v, what, read)


def _bind_calls(case, vk, base_dir):
    """Buffers and the bind calls, each part reported on its own."""
    if "vkCmdBindIndexBuffer" in case:
        attempt(_ib_call, case["vkCmdBindIndexBuffer"], vk)
    if "Buffers" in case:
        # A malformed buffer keeps its place, so later numbers still point right.
        vk.buffers = [attempt(_buffer, "Buffers[%d]" % i, obj, vk, i, base_dir, default=b"")
                      for i, obj in enumerate(attempt(require_array, "Buffers", case["Buffers"],
                                                      "buffers", default=[]))]
    if vk.index_buffer is not None and vk.index_buffer[0] is not None:
        attempt(_buffer_ref, "vkCmdBindIndexBuffer.buffer", vk.index_buffer[0], len(vk.buffers))
    if "vkCmdBindVertexBuffers" in case:
        attempt(_vb_call, case["vkCmdBindVertexBuffers"], vk)


def _patch_control_points(v, topology):
    """patchControlPoints: 1..32 with PATCH_LIST; refused with any other
    topology (None: unknown, the topology's own problem was reported)."""
    n = uint("patchControlPoints", v)
    if topology is not None and topology != PATCH_LIST:
        name = TOPOLOGIES[topology] if topology < len(TOPOLOGIES) else str(topology)
        fail("patchControlPoints", "only for \"topology\": \"PATCH_LIST\" (the tessellation "
             "state is not used with %s)" % name)
    if not 1 <= n <= MAX_PATCH_CONTROL_POINTS:
        fail("patchControlPoints", "expected 1..%d "
             "(VUID-VkPipelineTessellationStateCreateInfo-patchControlPoints-01214), got %d"
             % (MAX_PATCH_CONTROL_POINTS, n))
    return n


def _input_assembly(case, vk):
    """topology, then the fields that go with it (provokingVertexMode,
    patchControlPoints), then primitiveRestartEnable, in the CLI's order."""
    topology = None
    if "topology" not in case:
        attempt(missing, "", case, "topology", "e.g. TRIANGLE_LIST")
    else:
        topology = attempt(_name, "topology", case["topology"], "primitive topology",
                           "VK_PRIMITIVE_TOPOLOGY_", TOPOLOGIES)
        vk.topology = 3 if topology is None else topology
    if "provokingVertexMode" in case:
        vk.provoking_mode = attempt(_name, "provokingVertexMode", case["provokingVertexMode"],
                                    "provoking vertex mode", "VK_PROVOKING_VERTEX_MODE_",
                                    PROVOKING_MODES, PROVOKING_ALIASES, default=0)
    if "patchControlPoints" in case:
        vk.patch_control_points = attempt(_patch_control_points, case["patchControlPoints"],
                                          topology, default=1)
    if "primitiveRestartEnable" in case:
        vk.primitive_restart = attempt(_bool, "primitiveRestartEnable",
                                       case["primitiveRestartEnable"], default=0)


def load_vulkan(c, case, base_dir):
    """Fills Case `c` from the Vulkan form `case`."""
    for name, instead in D3D_ONLY:
        if name in case:
            problem(name, "a D3D field, not for \"Api\": \"Vulkan\"; %s" % instead)
    _fields("", case, FIELDS + tuple(n for n, _ in D3D_ONLY))
    c.api = "Vulkan"
    c.vulkan = vk = Vulkan()
    c.description = None
    if "Description" in case:
        c.description = attempt(string, "Description", case["Description"])
    c.elements, c.signature, c.max_input_slots = [], None, 0
    if "Features" in case:
        attempt(_features, case["Features"], vk)
    _each("VertexBindings", case.get("VertexBindings", []), "bindings",
          lambda p, o: _binding(p, o, vk))
    _each("VertexAttributes", case.get("VertexAttributes", []), "attributes",
          lambda p, o: _attribute(p, o, vk))
    _bind_calls(case, vk, base_dir)
    _input_assembly(case, vk)
    c.draw = Draw()
    if "Draw" not in case:
        attempt(missing, "", case, "Draw", "vkCmdDraw or vkCmdDrawIndexed")
    else:
        c.draw = attempt(_draw, case["Draw"], default=c.draw)
    # What the output shows; no D3D views.
    c.primitive_topology = (D3D_TOPOLOGIES[vk.topology] if vk.topology < len(D3D_TOPOLOGIES)
                            else 0)
    if vk.topology == PATCH_LIST:
        c.primitive_topology += vk.patch_control_points - 1
    c.strip_cut_value = _lib.VF_STRIP_CUT_VALUE_DISABLED
    c.vb = [Buffer() for _ in range(MAX_INPUT_SLOTS)]
    c.num_vertex_buffers = 0
    c.ib = Buffer()
