"""The D3D12 form of the case format (no "Api", or "Api": "D3D12"), read as
tools/common/case_d3d12.c reads it: VertexBuffers and IndexBuffer views
with their data, IBStripCutValue, PrimitiveTopology and a D3D12 draw."""
from . import _indirect, _lib
from ._coerce import is_bool
from ._case_json import (MAX_INPUT_SLOTS, SOURCES, TOPOLOGIES, Buffer, Draw, base_vertex_location,
                         check_fields, draw_count, enum, fail, format_field, join, load_data,
                         missing, opt_enum, opt_uint, require_array, require_object, shader_inputs,
                         type_name, uint)
from ._problems import attempt

STRIP_CUTS = ("DISABLED", "0xFFFF", "0xFFFFFFFF")
FIELDS = ("Api", "Description", "InputLayout", "Signature", "MaxInputSlots", "VertexBuffers",
          "IndexBuffer", "IBStripCutValue", "PrimitiveTopology", "Draw", "ExecuteIndirect",
          "GpuVirtualAddresses")
VB_FIELDS = ("Slot", "Null", "Offset", "SizeInBytes", "StrideInBytes") + SOURCES
IB_FIELDS = ("Null", "Format", "Offset", "SizeInBytes", "Indices") + SOURCES


def strip_cut(path, v):
    prefix = "D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_"
    if isinstance(v, str):
        s = v[len(prefix):] if v.startswith(prefix) else v
        for i in (_lib.VF_STRIP_CUT_VALUE_0xFFFF, _lib.VF_STRIP_CUT_VALUE_0xFFFFFFFF):
            if s.lower() == STRIP_CUTS[i].lower():
                return i
    value = enum(path, v, "strip cut value", prefix, STRIP_CUTS)
    # A number is the enum's value, not the cut index: say what it takes.
    if value > _lib.VF_STRIP_CUT_VALUE_0xFFFFFFFF:
        fail(path, "%d is not a strip cut value: give \"DISABLED\" (or 0), \"0xFFFF\" (or 1) "
             "or \"0xFFFFFFFF\" (or 2)" % value)
    return value


def _is_null(path, obj):
    if "Null" not in obj:
        return False
    if not is_bool(obj["Null"]):
        fail(join(path, "Null"), "expected true or false, got %s" % type_name(obj["Null"]))
    return bool(obj["Null"])


def _view_data(path, obj, b, src, base_dir):
    """Reads source `src` into view b: its bytes from Offset, SizeInBytes long."""
    data, b.file = load_data(path, obj, src, b.format, base_dir)
    b.offset = opt_uint(path, obj, "Offset", 0)
    if b.offset > len(data):
        fail(join(path, "Offset"), "%d is past the end of the data (%d bytes)" % (b.offset, len(data)))
    b.size_in_bytes = min(len(data) - b.offset, 0xFFFFFFFF)
    if "SizeInBytes" in obj:
        b.size_in_bytes = uint(join(path, "SizeInBytes"), obj["SizeInBytes"])
        if b.size_in_bytes > len(data) - b.offset:
            fail(join(path, "SizeInBytes"), "%d bytes from Offset %d, but the data holds only %d"
                 % (b.size_in_bytes, b.offset, len(data)))
    b.data = data[b.offset:b.offset + b.size_in_bytes]
    b.bound = True


def view(path, obj, is_index, base_dir):
    """A vertex buffer view (is_index false) or the index buffer view."""
    require_object(path, obj)
    check_fields(path, obj, IB_FIELDS if is_index else VB_FIELDS)
    b = Buffer()
    b.present = True
    sources = [s for s in SOURCES + (("Indices",) if is_index else ()) if s in obj]
    is_null = _is_null(path, obj)
    if is_index:
        if "Format" in obj:
            b.format = format_field(join(path, "Format"), obj["Format"])
        elif not is_null and sources:
            missing(path, obj, "Format", "R16_UINT or R32_UINT")
    else:
        b.stride_in_bytes = opt_uint(path, obj, "StrideInBytes", 0)
    if len(sources) > 1:
        fail(path, "give one data source, not both '%s' and '%s'" % (sources[0], sources[1]))
    if not sources:
        if "Offset" in obj or "SizeInBytes" in obj:
            fail(path, "'Offset' and 'SizeInBytes' need data ('File', 'Hex' or a typed array)")
        return b
    if is_null:
        fail(path, "a view with \"Null\": true takes no '%s'" % sources[0])
    if not is_index and "StrideInBytes" not in obj:
        attempt(missing, path, obj, "StrideInBytes")
    _view_data(path, obj, b, sources[0], base_dir)
    return b


def vertex_buffers(c, v, base_dir):
    """Fills c.vb, by slot, and c.num_vertex_buffers from VertexBuffers."""
    path = "VertexBuffers"
    for i, obj in enumerate(require_array(path, v)):
        attempt(_vertex_buffer, c, "%s[%d]" % (path, i), i, obj, base_dir)


def _vertex_buffer(c, p, i, obj, base_dir):
    require_object(p, obj)
    slot = i
    if "Slot" in obj:
        slot = uint(join(p, "Slot"), obj["Slot"])
    if slot >= MAX_INPUT_SLOTS:
        fail(join(p, "Slot"), "slot %d; D3D12 has slots 0..%d" % (slot, MAX_INPUT_SLOTS - 1))
    if c.vb[slot].present:
        fail(join(p, "Slot"), "slot %d is listed twice" % slot)
    c.vb[slot].present = True
    c.num_vertex_buffers = max(c.num_vertex_buffers, slot + 1)
    c.vb[slot] = view(p, obj, False, base_dir)


def draw(v):
    """Draw: one of DrawInstanced and DrawIndexedInstanced."""
    path = "Draw"
    require_object(path, v)
    check_fields(path, v, ("DrawInstanced", "DrawIndexedInstanced"))
    if ("DrawInstanced" in v) == ("DrawIndexedInstanced" in v):
        fail(path, "give exactly one of 'DrawInstanced' and 'DrawIndexedInstanced'")
    d = Draw()
    d.indexed = int("DrawIndexedInstanced" in v)
    name = "DrawIndexedInstanced" if d.indexed else "DrawInstanced"
    p, args = join(path, name), v[name]
    require_object(p, args)
    count = "IndexCountPerInstance" if d.indexed else "VertexCountPerInstance"
    start = "StartIndexLocation" if d.indexed else "StartVertexLocation"
    check_fields(p, args, (count, "InstanceCount", start, "StartInstanceLocation")
                 + (("BaseVertexLocation",) if d.indexed else ()))
    d.instance_count = attempt(opt_uint, p, args, "InstanceCount", 1, default=1)
    d.start_instance_location = attempt(opt_uint, p, args, "StartInstanceLocation", 0, default=0)
    draw_count(p, args, d, count, start)
    attempt(base_vertex_location, p, args, d)
    return d


def load_d3d12(c, case, base_dir):
    """Fills Case `c` from the D3D12 form `case`."""
    check_fields("", case, FIELDS)
    c.api = "D3D12"
    c.d3d11 = None
    shader_inputs(c, case)
    c.max_input_slots = attempt(opt_uint, "", case, "MaxInputSlots", 0, default=0)
    c.vb = [Buffer() for _ in range(MAX_INPUT_SLOTS)]
    c.num_vertex_buffers = 0
    if "VertexBuffers" in case:
        attempt(vertex_buffers, c, case["VertexBuffers"], base_dir)
    c.ib = Buffer()
    if "IndexBuffer" in case:
        c.ib = attempt(view, "IndexBuffer", case["IndexBuffer"], True, base_dir, default=c.ib)
    c.primitive_topology = attempt(opt_enum, "", case, "PrimitiveTopology",
                                   _lib.VF_TOPOLOGY_TRIANGLELIST, "primitive topology",
                                   "D3D_PRIMITIVE_TOPOLOGY_", TOPOLOGIES, default=0)
    c.strip_cut_value = _lib.VF_STRIP_CUT_VALUE_DISABLED
    if "IBStripCutValue" in case:
        c.strip_cut_value = attempt(strip_cut, "IBStripCutValue", case["IBStripCutValue"],
                                    default=c.strip_cut_value)
    c.indirect = None
    c.draw = Draw()
    if "ExecuteIndirect" in case:
        if "Draw" in case:
            fail("", "give one of 'Draw' and 'ExecuteIndirect', not both")
        _indirect.load(c, case, base_dir)
        return
    if "GpuVirtualAddresses" in case:
        fail("GpuVirtualAddresses", "only an 'ExecuteIndirect' case reads addresses")
    if "Draw" not in case:
        missing("", case, "Draw", "or 'ExecuteIndirect'")
    c.draw = draw(case["Draw"])
