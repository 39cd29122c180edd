"""Runs a D3D11 case through the library's D3D11 front end
(vfetch_d3d11.h), as `vfetch run` does: CreateBuffer for every Buffers
entry, the IASet* calls, then the draw the case names."""
import ctypes

from . import _indirect_d3d11, _lib
from .errors import DrawError, LayoutError, StateError


class _Diagnostics:
    """Every call's diagnostics in one list of (code, severity, element,
    message) entries, the message "who: message"."""

    def __init__(self):
        self.one = _lib.Diagnostics()
        self.entries = []
        self.first_error = 0
        self.first_who = None

    def merge(self, who, rc):
        # The library names its call ("IASetVertexBuffers: ..."): `who`
        # adds only an index to that name, so the name is said once.
        name = who.split("[")[0] + ": "
        for d in self.one.entries[:self.one.count]:
            m = d.message.decode("utf-8", "replace")
            if m.startswith(name):
                m = m[len(name):]
            self.entries.append((d.code, d.severity, d.element_index, "%s: %s" % (who, m)))
        if rc and not self.first_error:
            self.first_error, self.first_who = rc, who
        self.one = _lib.Diagnostics()
        return rc

    def raise_if_failed(self):
        if not self.first_error:
            return
        rc = self.first_error
        errors = [e for e in self.entries if e[1] == 0] + [e for e in self.entries if e[1] != 0]
        msgs = ["%s: %s [%s, code %d]" % ("error" if s == 0 else "warning", m,
                                          _lib.result_string(c), c) for c, s, _, m in errors]
        # The layout set on a state that cannot take it (its slots past the
        # feature level's) is a layout error; CreateBuffer and the other
        # IASet* calls refuse the state, not the layout.
        cls = LayoutError if self.first_who == "InputLayout" else StateError
        raise cls(rc, "invalid D3D11 state: %s [code %d]" % (_lib.result_string(rc), rc),
                  msgs, [(c, s, e, -1, m) for c, s, e, m in errors])


def _bind(lib, case, layout, diag, keep):
    """The state with every buffer created and bound; buffers in keep."""
    d = case.d3d11
    state = _lib.D3D11IAState()
    rc = lib.vf_d3d11_ia_state_init(ctypes.byref(state), d.feature_level)
    if rc:
        raise StateError(rc, "FeatureLevel: 0x%x is not a D3D_FEATURE_LEVEL" % d.feature_level)
    objects = []
    for i, b in enumerate(d.buffers):
        desc = _lib.BufferDesc(b.byte_width, b.usage, b.bind_flags, b.cpu_access_flags,
                               b.misc_flags, b.structure_byte_stride)
        init = None
        if b.data is not None:
            mem = ctypes.create_string_buffer(b.data, max(len(b.data), 1))
            keep.append(mem)
            init = ctypes.byref(_lib.SubresourceData(ctypes.cast(mem, ctypes.c_void_p), 0, 0))
        h = ctypes.c_void_p()
        diag.merge("Buffers[%d]" % i, lib.vf_buffer_create(ctypes.byref(desc), init, 0,
                                                           ctypes.byref(h), diag.one))
        objects.append(h.value)
        keep.append(("buffer", h.value))
    diag.raise_if_failed()
    state.vf_buffers = objects  # the indirect draws' argument buffers
    for k, (start, bufs, strides, offsets) in enumerate(d.vb_calls):
        n = len(bufs)
        arr = (ctypes.c_void_p * max(n, 1))(*[None if r is None else objects[r] for r in bufs])
        st = (ctypes.c_uint32 * max(n, 1))(*strides)
        of = (ctypes.c_uint32 * max(n, 1))(*offsets)
        who = "IASetVertexBuffers[%d]" % k if d.vb_calls_array else "IASetVertexBuffers"
        diag.merge(who, lib.vf_d3d11_ia_set_vertex_buffers(ctypes.byref(state), start, n, arr,
                                                           st, of, diag.one))
    if d.ib is not None:
        ref, fmt, off = d.ib
        diag.merge("IASetIndexBuffer", lib.vf_d3d11_ia_set_index_buffer(
            ctypes.byref(state), None if ref is None else objects[ref], fmt, off, diag.one))
    if d.topology is not None:
        diag.merge("PrimitiveTopology", lib.vf_d3d11_ia_set_primitive_topology(
            ctypes.byref(state), d.topology, diag.one))
    diag.merge("InputLayout", lib.vf_d3d11_ia_set_input_layout(ctypes.byref(state),
                                                               layout._handle, diag.one))
    diag.raise_if_failed()
    return state


def draw_d3d11(case, layout, out, size):
    """The case's D3D11 draw into `out` (16-byte aligned, `size` bytes);
    returns the diagnostics of every call, the bindings' and the draw's, as
    (code, severity, element, "CALL: message")."""
    def use(lib, state, diag):
        d, a = case.d3d11, case.draw
        s = ctypes.byref(state)
        form = d.draw_form
        if form in _indirect_d3d11.FORMS:
            rc = _indirect_d3d11.draw(lib, d, s, state.vf_buffers, out, size, diag.one)
        elif form == "Draw":
            rc = lib.vf_d3d11_draw(s, a.vertex_count_per_instance, a.start_location, out, size,
                                   diag.one)
        elif form == "DrawIndexed":
            rc = lib.vf_d3d11_draw_indexed(s, a.vertex_count_per_instance, a.start_location,
                                           a.base_vertex_location, out, size, diag.one)
        elif form == "DrawInstanced":
            rc = lib.vf_d3d11_draw_instanced(s, a.vertex_count_per_instance, a.instance_count,
                                             a.start_location, a.start_instance_location, out,
                                             size, diag.one)
        else:
            rc = lib.vf_d3d11_draw_indexed_instanced(
                s, a.vertex_count_per_instance, a.instance_count, a.start_location,
                a.base_vertex_location, a.start_instance_location, out, size, diag.one)
        diag.merge("Draw." + form, rc)
        if rc:
            raise DrawError(rc, "invalid draw: %s [code %d]" % (_lib.result_string(rc), rc),
                            [m for _, _, _, m in diag.entries])
        return diag.entries
    return with_state(case, layout, use)


def with_state(case, layout, use):
    """Binds the case's D3D11 state (buffers created, IASet* calls made),
    calls use(lib, state, diag) and returns what it returns; the buffers
    are destroyed afterwards."""
    lib = _lib.lib()
    diag = _Diagnostics()
    keep = []
    try:
        return use(lib, _bind(lib, case, layout, diag, keep), diag)
    finally:
        _destroy(lib, keep)


def iter_with_state(case, layout, use):
    """with_state for a generator function `use`: yields what it yields;
    the buffers live until it ends or the generator is closed."""
    lib = _lib.lib()
    diag = _Diagnostics()
    keep = []
    try:
        yield from use(lib, _bind(lib, case, layout, diag, keep), diag)
    finally:
        _destroy(lib, keep)


def _destroy(lib, keep):
    for item in keep:
        if isinstance(item, tuple) and item[1]:
            lib.vf_buffer_destroy(item[1])


def prepared_views(lib, case, state, diag):
    """The draw as vf_d3d11_prepare_draw translates it (a vf_d3d11_draw_views,
    whose desc points into itself and the bound buffers)."""
    d, a = case.d3d11, case.draw
    views = _lib.D3D11DrawViews()
    indexed = 1 if a.indexed else 0
    rc = lib.vf_d3d11_prepare_draw(ctypes.byref(state), indexed, a.vertex_count_per_instance,
                                   a.instance_count, a.start_location, a.base_vertex_location,
                                   a.start_instance_location, ctypes.byref(views), diag.one)
    diag.merge("Draw." + d.draw_form, rc)
    if rc:
        raise DrawError(rc, "invalid draw: %s [code %d]" % (_lib.result_string(rc), rc),
                        [m for _, _, _, m in diag.entries])
    return views
