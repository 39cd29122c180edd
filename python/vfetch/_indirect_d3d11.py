"""The D3D11 draws whose arguments the CPU does not give, in a case's
"Draw": DrawInstancedIndirect and DrawIndexedInstancedIndirect ({"Buffer":
n, "AlignedByteOffsetForArgs": k}) and DrawAuto ({"BufferFilledSize": n}),
as vfetch(1) describes them.

The loader works out the direct draw from the buffers' initial data and
the IASetVertexBuffers calls (D3D11 8.7-8.9), so results show what is
drawn; the draw itself runs the library's indirect call (d3d11.py).
"""
import struct

from ._case_json import Draw, check_fields, fail, join, missing, opt_uint, require_object, uint

# Form: indexed.
FORMS = {"DrawInstancedIndirect": 0, "DrawIndexedInstancedIndirect": 1, "DrawAuto": 0}


def _args(d, dr):
    """The 4 or 5 UINTs at the offset of the buffer's initial data; zeros
    where they are not all there (binding the case reports why)."""
    b = d.buffers[d.args_buffer]
    n = 5 if dr.indexed else 4
    off = d.args_offset
    w = [0] * 5
    if b.data is not None and off % 4 == 0 and off + 4 * n <= min(b.byte_width, len(b.data)):
        w[:n] = struct.unpack_from("<%dI" % n, b.data, off)
    dr.vertex_count_per_instance, dr.instance_count, dr.start_location = w[0], w[1], w[2]
    if dr.indexed:
        dr.base_vertex_location = struct.unpack("<i", struct.pack("<I", w[3]))[0]
        dr.start_instance_location = w[4]
    else:
        dr.start_instance_location = w[3]


def _auto(d, dr):
    """Slot 0 as the last IASetVertexBuffers call that sets it left it."""
    buf, stride, offset = None, 0, 0
    for start, bufs, strides, offsets in d.vb_calls:
        if start == 0 and bufs:
            buf, stride, offset = bufs[0], strides[0], offsets[0]
    dr.vertex_count_per_instance = 0
    if buf is not None and stride and d.filled_size > offset:
        dr.vertex_count_per_instance = (d.filled_size - offset) // stride


def load(path, form, args, d):
    """The Draw of form `form` (args at `path`) as the direct draw it makes."""
    require_object(path, args)
    dr = Draw()
    dr.indexed = FORMS[form]
    if form == "DrawAuto":
        check_fields(path, args, ("BufferFilledSize",))
        if "BufferFilledSize" not in args:
            missing(path, args, "BufferFilledSize")
        d.filled_size = uint(join(path, "BufferFilledSize"), args["BufferFilledSize"])
        _auto(d, dr)
        return dr
    check_fields(path, args, ("Buffer", "AlignedByteOffsetForArgs"))
    if "Buffer" not in args:
        missing(path, args, "Buffer")
    d.args_buffer = uint(join(path, "Buffer"), args["Buffer"])
    d.args_offset = opt_uint(path, args, "AlignedByteOffsetForArgs", 0)
    if d.args_buffer >= len(d.buffers):
        fail(join(path, "Buffer"), "buffer %d; Buffers has %d (0..%d)"
             % (d.args_buffer, len(d.buffers), max(len(d.buffers) - 1, 0)))
    _args(d, dr)
    return dr


def draw(lib, d, s, buffers, out, size, diag):
    """The library's indirect call for the bound state `s`."""
    if d.draw_form == "DrawAuto":
        return lib.vf_d3d11_draw_auto(s, d.filled_size, out, size, diag)
    fn = (lib.vf_d3d11_draw_indexed_instanced_indirect
          if d.draw_form == "DrawIndexedInstancedIndirect" else lib.vf_d3d11_draw_instanced_indirect)
    return fn(s, buffers[d.args_buffer], d.args_offset, out, size, diag)
