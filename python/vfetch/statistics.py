"""The pipeline statistics of a case's draw (vf_draw_statistics,
vf_d3d11_draw_statistics for a D3D11 case, vf_vk_pipeline_statistics_get
for a Vulkan case): what the draw adds to the IA and VS counters of a
pipeline-statistics query, as `vfetch run --output json` prints them under
"statistics" (docs/d3d-ia-rules.md sections 15 and 18.7)."""
import ctypes

from . import _lib
from .d3d11 import with_state
from .draw import as_case, case_layout, draw_desc
from .errors import DrawError


class Statistics:
    """.ia_vertices (IAVertices: every index position but strip cuts, times
    the instances), .ia_vertices_min (the lower count the spec allows when
    incomplete primitives are dropped before the IA counts them),
    .ia_primitives (IAPrimitives: complete primitives) and
    .vs_invocations, the (min, max) interval a conforming VSInvocations
    lies in: distinct vertices (an infinite post-VS cache) to every
    primitive's own vertices (no cache). .ia_primitives_max equals
    .ia_primitives for D3D.

    A Vulkan case's counters are intervals (Vulkan-Docs queries.adoc,
    docs/d3d-ia-rules.md 18.7), in the same shape: .ia_vertices the most
    (every position, restart indices and incomplete primitives' vertices
    included), .ia_vertices_min the fewest (the complete primitives'
    positions), .ia_primitives the complete primitives and
    .ia_primitives_max that plus one per piece ending in an incomplete
    one, .vs_invocations (one per distinct vertex of the complete
    primitives, one per position but restart indices)."""

    def __init__(self, ia_vertices, ia_vertices_min, ia_primitives, ia_primitives_max,
                 vs_invocations, vulkan=False):
        self.vulkan = vulkan
        self.ia_vertices = ia_vertices
        self.ia_vertices_min = ia_vertices_min
        self.ia_primitives = ia_primitives
        self.ia_primitives_max = ia_primitives_max
        self.vs_invocations = tuple(vs_invocations)

    def as_json(self):
        """The "statistics" object of `vfetch run --output json`."""
        out = {"IAVertices": self.ia_vertices, "IAPrimitives": self.ia_primitives,
               "VSInvocations": list(self.vs_invocations)}
        if self.vulkan:  # the CLI adds both intervals for a Vulkan case
            out["IAVerticesRange"] = [self.ia_vertices_min, self.ia_vertices]
            out["IAPrimitivesRange"] = [self.ia_primitives, self.ia_primitives_max]
        return out

    def __repr__(self):
        return "Statistics(IAVertices=%d, IAPrimitives=%d, VSInvocations=%r)" % (
            self.ia_vertices, self.ia_primitives, self.vs_invocations)


def _measure(size_fn, stats_fn):
    """Asks the scratch size, then fills a vf_pipeline_statistics."""
    size = ctypes.c_size_t()
    rc = size_fn(ctypes.byref(size))
    if rc == 0:
        scratch = (ctypes.c_uint64 * max(size.value // 8 + 1, 1))()
        st = _lib.PipelineStatistics()
        rc = stats_fn(scratch, size.value, ctypes.byref(st))
    if rc != 0:
        raise DrawError(rc, "statistics: %s [code %d]" % (_lib.result_string(rc), rc))
    return Statistics(st.ia_vertices, st.ia_vertices_min, st.ia_primitives, st.ia_primitives,
                      (st.vs_invocations_min, st.vs_invocations_max))


def _vulkan(case):
    from .vulkan_prim import statistics as vulkan_statistics
    s = vulkan_statistics(case, case_layout(case))
    (vmin, vmax), (pmin, pmax) = s["input_assembly_vertices"], s["input_assembly_primitives"]
    return Statistics(vmax, vmin, pmin, pmax, s["vertex_shader_invocations"], vulkan=True)


def statistics(case, base_dir=None):
    """The pipeline statistics of a case (a dict in the JSON case format, a
    Case, or a path): a Statistics. DrawError when the library refuses the
    draw."""
    case = as_case(case, base_dir)
    if case.indirect is not None:
        # ExecuteIndirect: a list of IndirectCommand, .result per command.
        from . import _indirect
        return _indirect.each(case, lambda c: statistics(c))
    if case.api == "Vulkan":
        return _vulkan(case)
    lib = _lib.lib()
    a = case.draw
    if case.api == "D3D11":
        indexed = 1 if case.draw.indexed else 0
        n, k, start = a.vertex_count_per_instance, a.instance_count, a.start_location

        def use(lib, state, diag):
            s = ctypes.byref(state)
            return _measure(
                lambda b: lib.vf_d3d11_draw_statistics_scratch_size(s, indexed, n, start, b),
                lambda sc, size, st: lib.vf_d3d11_draw_statistics(s, indexed, n, k, start, sc,
                                                                  size, st))
        return with_state(case, case_layout(case), use)
    keep = []
    desc = ctypes.byref(draw_desc(case, keep))
    return _measure(lambda b: lib.vf_draw_statistics_scratch_size(desc, b),
                    lambda sc, size, st: lib.vf_draw_statistics(desc, sc, size, st))
