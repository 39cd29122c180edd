#!/usr/bin/env python3
"""gen_edge_cases.py - writes the Vulkan edge cases (tests/vk/vulkan-edge/cases/)
at the edges of what dEQP's pipeline.vertex_input and draw.*divisor* groups
test (docs/vulkan-edge-cases.md says which group each case matches).

    gen_edge_cases.py DEF_FILE OUT_DIR

DEF_FILE is lib/vulkan_formats.def. Deterministic: no randomness, files are
written in a fixed order with sorted keys, so a rerun gives the same bytes.
"""
import functools
import json
import os
import re
import sys

ROW = re.compile(r'^VF_VK_FORMAT\((\w+),\s*(\d+),\s*(\d+),\s*(\d+),\s*(\w+),\s*\w+,'
                 r'\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+)')

HALF = [0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x3c00, 0xbc00,
        0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7c01, 0x7dff, 0x7e00, 0x7fff, 0xfc01,
        0xfe00, 0xffff, 0x3555, 0x0200]
F32 = [0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000, 0x3f800000,
       0xbf800000, 0x7f7fffff, 0x7f800000, 0xff800000, 0x7f800001, 0x7fc00000,
       0xffffffff, 0x7fffffff, 0x4b000001, 0xcf000000]
F64 = [0x0, 0x8000000000000000, 0x1, 0x000fffffffffffff, 0x3ff0000000000000,
       0x7fefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000,
       0x7ff0000000000001, 0x7ff8000000000000, 0xffffffffffffffff,
       0x0123456789abcdef]


@functools.lru_cache(maxsize=None)
def near_ties(denom, count):
    """The codes k in 1..denom whose exact value k/denom lies nearest a
    rounding boundary of float32 (midway between two floats): the codes a
    1-ULP conversion error shows on and a tolerance of 1.5 steps hides."""
    scored = []
    for k in range(1, denom + 1):
        e = 0                                  # k/denom <= 1: 2^e <= k/denom
        while k << -e < denom:
            e -= 1
        r = (k << (23 - e)) % denom            # the float's fraction past 24 bits
        scored.append((abs(2 * r - denom), k))
    scored.sort()
    return tuple(sorted(k for _, k in scored[:count]))


def codes_for(bits, numeric):
    """The codes one component of `bits` bits and type `numeric` is tested at."""
    if bits <= 11:
        return list(range(1 << bits))                 # exhaustive
    if bits == 16 and numeric == 'SFLOAT':
        return HALF
    if bits == 16:
        edges = [0, 1, 2, 0x7ffe, 0x7fff, 0x8000, 0x8001, 0x8002, 0xfffe, 0xffff]
        if numeric == 'UNORM':
            edges += list(near_ties(65535, 12))
        elif numeric == 'SNORM':
            edges += list(near_ties(32767, 6))
            edges += [(-k) & 0xffff for k in near_ties(32767, 6)]
        return sorted(set(edges))
    if bits == 32:
        return F32 + [0x12345678, 0x80000001]
    return F64


def formats(def_path):
    out = []
    with open(def_path) as f:
        for line in f:
            m = ROW.match(line)
            if m:
                g = m.groups()
                fields = [(int(g[5 + 2 * c]), int(g[6 + 2 * c])) for c in range(4)]
                out.append((g[0], int(g[2]), g[4], [x for x in fields if x[0]]))
    return out


def hexbytes(elements):
    return ' '.join(e.hex() for e in elements)


def format_case(name, nbytes, numeric, fields):
    lists = []
    for c, (bits, _) in enumerate(fields):
        num = 'UNORM' if numeric == 'SRGB' and c == 3 else numeric
        lists.append(codes_for(bits, num))
    n = max(len(x) for x in lists)
    elements = []
    for i in range(n):
        word = 0
        for c, (bits, shift) in enumerate(fields):
            lst = lists[c]
            word |= lst[(i + c * len(lst) // len(fields)) % len(lst)] << shift
        elements.append(word.to_bytes(nbytes, 'little'))
    return {
        'Description': 'Every edge code of %s: %d elements, one a vertex, tightly packed '
                       '(stride %d).' % (name, n, nbytes),
        'Api': 'Vulkan',
        'VertexBindings': [{'binding': 0, 'stride': nbytes, 'inputRate': 'VERTEX'}],
        'VertexAttributes': [{'location': 0, 'binding': 0, 'format': name, 'offset': 0}],
        'Buffers': [{'Hex': hexbytes(elements)}],
        'vkCmdBindVertexBuffers': {'firstBinding': 0, 'buffers': [0], 'offsets': [0]},
        'topology': 'POINT_LIST',
        'Draw': {'vkCmdDraw': {'vertexCount': n, 'instanceCount': 1, 'firstVertex': 0,
                               'firstInstance': 0}},
    }


def u32(values):
    return b''.join((v & 0xffffffff).to_bytes(4, 'little') for v in values)


def case(desc, bindings, attrs, buffers, draw, topology='POINT_LIST', ib=None, restart=False,
         features=None):
    c = {'Description': desc, 'Api': 'Vulkan', 'VertexBindings': bindings,
         'VertexAttributes': attrs}
    if features:
        c['Features'] = features
    c['Buffers'] = [{'Hex': hexbytes([b])} for b in buffers]
    n = len(bindings)
    c['vkCmdBindVertexBuffers'] = {'firstBinding': 0, 'buffers': list(range(n)),
                                   'offsets': [0] * n}
    if ib is not None:
        c['vkCmdBindIndexBuffer'] = ib
    c['topology'] = topology
    if restart:
        c['primitiveRestartEnable'] = True
    c['Draw'] = draw
    return c


DIVISOR_FEATURES = {'vertexAttributeInstanceRateDivisor': True,
                    'vertexAttributeInstanceRateZeroDivisor': True}


def draw(count, instances, first=0, first_instance=0):
    return {'vkCmdDraw': {'vertexCount': count, 'instanceCount': instances,
                          'firstVertex': first, 'firstInstance': first_instance}}


def divisor_case(divisors, instances, first_instance):
    """Binding 0 per vertex; binding k+1 per instance with divisors[k]. Element
    j of binding b holds 1000 * b + j, so each word names what was read."""
    bindings = [{'binding': 0, 'stride': 4, 'inputRate': 'VERTEX'}]
    attrs = [{'location': 0, 'binding': 0, 'format': 'R32_UINT', 'offset': 0}]
    buffers = [u32(range(2))]
    for k, d in enumerate(divisors):
        bindings.append({'binding': k + 1, 'stride': 4, 'inputRate': 'INSTANCE', 'divisor': d})
        attrs.append({'location': k + 1, 'binding': k + 1, 'format': 'R32_UINT', 'offset': 0})
        buffers.append(u32(1000 * (k + 1) + j for j in range(first_instance + instances)))
    desc = ('Instance divisors %s, instanceCount %d, firstInstance %d: binding b reads '
            'element firstInstance + (gl_InstanceIndex - firstInstance) / divisor '
            '(firstInstance for divisor 0); element j of binding b holds 1000 * b + j.'
            % (', '.join(str(d) for d in divisors), instances, first_instance))
    return case(desc, bindings, attrs, buffers, draw(2, instances, 0, first_instance),
                features=DIVISOR_FEATURES)


def divisor_cases():
    big = 0xffffffff
    return {
        'divisor-0-first-instance': divisor_case([0], 4, 3),
        'divisor-1': divisor_case([1], 5, 0),
        'divisor-less-than-count': divisor_case([2, 3], 7, 1),
        'divisor-equal-count': divisor_case([5], 5, 2),
        'divisor-larger-than-count': divisor_case([8], 5, 4),
        'divisor-uint32-max': divisor_case([big], 6, 5),
        'divisor-mixed-bindings': divisor_case([0, 1, 2, 5, 7, big], 7, 2),
        'divisor-mixed-first-zero': divisor_case([0, 1, 3, big], 4, 0),
    }


def pattern(size, seed):
    """Bytes whose every address holds a different-looking value."""
    return bytes(((a * 37 + seed) ^ (a >> 8)) & 0xff for a in range(size))


def stride_cases():
    one = [{'binding': 0, 'stride': 0, 'inputRate': 'VERTEX'},
           {'binding': 1, 'stride': 0, 'inputRate': 'INSTANCE', 'divisor': 1}]
    wide = [{'binding': 0, 'stride': 2048, 'inputRate': 'VERTEX'}]
    wide_attrs = [{'location': 0, 'binding': 0, 'format': 'R32G32B32A32_UINT', 'offset': 0},
                  {'location': 1, 'binding': 0, 'format': 'R32_UINT', 'offset': 2044},
                  {'location': 2, 'binding': 0, 'format': 'R16_UINT', 'offset': 2046},
                  {'location': 3, 'binding': 0, 'format': 'R8_UINT', 'offset': 2047},
                  {'location': 4, 'binding': 0, 'format': 'R8G8B8A8_UNORM', 'offset': 1020}]
    return {
        'stride-0': case('Stride 0, per vertex and per instance: every vertex and instance '
                         'reads element 0.', one,
                         [{'location': 0, 'binding': 0, 'format': 'R32G32B32A32_UINT', 'offset': 0},
                          {'location': 1, 'binding': 1, 'format': 'R16G16_SNORM', 'offset': 4}],
                         [pattern(16, 1), pattern(8, 2)], draw(4, 3, 2, 1)),
        'stride-2048-offset-2047': case(
            'Stride 2048 (the least maxVertexInputBindingStride) and attribute offsets up to '
            '2047 (maxVertexInputAttributeOffset).', wide, wide_attrs,
            [pattern(2048 * 3, 5)], draw(3, 1)),
        'first-vertex-large': case(
            'firstVertex 0x7ffffff0 and firstInstance 0x7fffff00 with stride-0 bindings: '
            'gl_VertexIndex and gl_InstanceIndex near 2^31, every fetch element 0.', one,
            [{'location': 0, 'binding': 0, 'format': 'R32G32B32A32_UINT', 'offset': 0},
             {'location': 1, 'binding': 1, 'format': 'R32_SFLOAT', 'offset': 0}],
            [pattern(16, 9), pattern(4, 3)], draw(4, 2, 0x7ffffff0, 0x7fffff00)),
    }


def align_cases():
    """3-component 8- and 16-bit formats at every address their component
    alignment allows: an odd stride moves an 8-bit element through every
    address modulo 4; a 16-bit element through both even ones."""
    out = {}
    for width, fmts, stride in ((8, ['R8G8B8_UNORM', 'R8G8B8_SNORM', 'B8G8R8_UINT',
                                     'R8G8B8_SRGB', 'B8G8R8_SSCALED'], 7),
                                (16, ['R16G16B16_UNORM', 'R16G16B16_SINT',
                                      'R16G16B16_SFLOAT', 'R16G16B16_USCALED'], 10)):
        attrs = []
        step = width // 8
        for i, f in enumerate(fmts):
            attrs.append({'location': i, 'binding': 0, 'format': f, 'offset': i * step})
        out['align-rgb%d' % width] = case(
            '3-component %d-bit formats at attribute offsets 0..%d in a binding of stride '
            '%d: over 8 vertices each element starts at every address modulo 4 the '
            'component size allows.' % (width, (len(fmts) - 1) * step, stride),
            [{'binding': 0, 'stride': stride, 'inputRate': 'VERTEX'}], attrs,
            [pattern(stride * 8 + 8, width)], draw(8, 1))
    return out


def locations_case():
    """32 locations: two 64-bit four-component formats take two each, then
    28 single-location formats."""
    attrs = [{'location': 0, 'binding': 0, 'format': 'R64G64B64A64_SFLOAT', 'offset': 0},
             {'location': 2, 'binding': 0, 'format': 'R64G64B64_UINT', 'offset': 32}]
    singles = ['R32_UINT', 'R8G8B8A8_SNORM', 'R16G16_SFLOAT', 'A2B10G10R10_UNORM_PACK32',
               'R64_SINT', 'R32G32_SFLOAT', 'B10G11R11_UFLOAT_PACK32']
    running = [0, 0, 0, 0]   # per binding; every attribute 8-byte aligned
    for loc in range(4, 32):
        b = 1 + loc % 3
        attrs.append({'location': loc, 'binding': b, 'format': singles[loc % len(singles)],
                      'offset': running[b]})
        running[b] += 8
    bindings = [{'binding': b, 'stride': 80 if b else 56, 'inputRate': 'VERTEX'}
                for b in range(4)]
    return {'locations-32': case(
        '32 locations over 4 bindings: R64G64B64A64_SFLOAT at 0-1 and R64G64B64_UINT at 2-3 '
        '(two locations each, no default components), then 28 single-location formats.',
        bindings, attrs, [pattern(56 * 3, 11)] + [pattern(80 * 3, 20 + b) for b in range(3)],
        draw(3, 1))}


INDEX_BYTES = {'UINT8': 1, 'UINT16': 2, 'UINT32': 4}


def indexed_case(desc, itype, indices, topology, restart, vertex_offset=0, first_index=0,
                 instances=1):
    """Binding 0 holds 16 R32_UINT elements 500..515 and 16 R8G8_SNORM pairs."""
    size = INDEX_BYTES[itype]
    ibuf = b''.join(i.to_bytes(size, 'little') for i in indices)
    features = {'indexTypeUint8': True, 'primitiveTopologyListRestart': True}
    data = b''.join((500 + j).to_bytes(4, 'little') + pattern(4, j) for j in range(16))
    c = case(desc, [{'binding': 0, 'stride': 8, 'inputRate': 'VERTEX'}],
             [{'location': 0, 'binding': 0, 'format': 'R32_UINT', 'offset': 0},
              {'location': 1, 'binding': 0, 'format': 'R8G8_SNORM', 'offset': 4}],
             [data, ibuf],
             {'vkCmdDrawIndexed': {'indexCount': len(indices) - first_index,
                                   'instanceCount': instances, 'firstIndex': first_index,
                                   'vertexOffset': vertex_offset, 'firstInstance': 0}},
             topology, {'buffer': 1, 'offset': 0, 'indexType': itype}, restart, features)
    return c


def index_cases():
    r8, r16, r32 = 0xff, 0xffff, 0xffffffff
    return {
        'index-uint8-restart-line-strip': indexed_case(
            'UINT8 indices with restart (0xFF) in a line strip.', 'UINT8',
            [0, 1, 2, r8, 3, 4, r8, r8, 5, 6], 'LINE_STRIP', True),
        'index-uint8-restart-point-list': indexed_case(
            'UINT8 indices with restart in a point list (primitiveTopologyListRestart).',
            'UINT8', [r8, 0, r8, 15, 7, r8], 'POINT_LIST', True),
        'index-uint16-restart-triangle-list': indexed_case(
            'UINT16 indices with restart (0xFFFF) in a triangle list '
            '(primitiveTopologyListRestart): the list restarts after the cut.', 'UINT16',
            [0, 1, 2, 3, r16, 4, 5, 6, 7, 8, 9], 'TRIANGLE_LIST', True),
        'index-uint32-restart-triangle-strip': indexed_case(
            'UINT32 indices with restart (0xFFFFFFFF) in a triangle strip, two instances.',
            'UINT32', [0, 1, 2, 3, r32, 4, 5, 6, r32, 7, 8, 9], 'TRIANGLE_STRIP', True,
            instances=2),
        'index-uint32-restart-line-list': indexed_case(
            'UINT32 indices with restart in a line list (primitiveTopologyListRestart).',
            'UINT32', [0, 1, r32, 2, 3, 4, r32], 'LINE_LIST', True),
        'vertex-offset-negative': indexed_case(
            'vertexOffset -7 with firstIndex 1: indices 7..14 read vertices 0..7.', 'UINT16',
            [99, 7, 8, 9, 10, 11, 12, 13, 14], 'TRIANGLE_STRIP', False, -7, 1),
        'index-uint16-ffff-no-restart': indexed_case(
            'Restart off: UINT16 index 0xFFFF is a vertex; vertexOffset -65530 makes it '
            'vertex 5.', 'UINT16', [0xfffa, 0xffff, 0xfffb, 0xffff], 'LINE_STRIP', False,
            -65530),
        'index-uint8-ff-no-restart': indexed_case(
            'Restart off: UINT8 index 0xFF is a vertex; vertexOffset -250 makes it vertex 5.',
            'UINT8', [0xfa, 0xff, 0xfb, 0xff, 0xfe], 'TRIANGLE_STRIP', False, -250),
    }


def null_case(desc, formats, bound):
    """Binding 0 per vertex with real R32_UINT data; bindings 1 (per vertex)
    and 2 (per instance) with no buffer: VK_NULL_HANDLE in pBuffers, or
    past the bound count when `bound` is 1. Their attributes read zeros,
    missing G, B, A filled (0, 0, 1) (vkCmdBindVertexBuffers, nullDescriptor).
    No one-byte format: lavapipe crashes on one (tests/vk/oob/deviations/)."""
    bindings = [{'binding': 0, 'stride': 4, 'inputRate': 'VERTEX'},
                {'binding': 1, 'stride': 64, 'inputRate': 'VERTEX'},
                {'binding': 2, 'stride': 64, 'inputRate': 'INSTANCE'}]
    attrs = [{'location': 0, 'binding': 0, 'format': 'R32_UINT', 'offset': 0}]
    loc, offset = 1, [0, 0, 0]
    for b, fmt, size, locations in formats:
        attrs.append({'location': loc, 'binding': b, 'format': fmt, 'offset': offset[b]})
        loc, offset[b] = loc + locations, offset[b] + size
    c = case(desc, bindings, attrs, [u32(range(100, 104))], draw(4, 2),
             features={'nullDescriptor': True})
    c['vkCmdBindVertexBuffers'] = {'firstBinding': 0, 'buffers': [0, None, None][:bound],
                                   'offsets': [0] * bound}
    return c


def null_binding_cases():
    formats = [(1, 'R32G32_SFLOAT', 8, 1), (1, 'R16G16_UNORM', 4, 1), (1, 'R16_SINT', 2, 1),
               (1, 'R32G32B32_UINT', 12, 1), (1, 'A2B10G10R10_UNORM_PACK32', 4, 1),
               (1, 'R16G16B16A16_SFLOAT', 8, 1), (2, 'R32G32_SINT', 8, 1),
               (2, 'R16G16B16_SNORM', 6, 1), (2, 'R64_UINT', 8, 1),
               (2, 'R64G64B64_UINT', 24, 2)]
    return {
        'null-binding-handles': null_case(
            'Bindings 1 (per vertex) and 2 (per instance) bound as VK_NULL_HANDLE with '
            'nullDescriptor: every attribute reads zeros with missing G, B, A filled '
            '(0, 0, 1), 1 as 1.0f or, for UINT/SINT, 1; the 64-bit formats have no '
            'defaults (0).', formats, 3),
        'null-binding-unbound': null_case(
            'Bindings 1 and 2 described but past the bound count (only binding 0 bound): '
            'with nullDescriptor they read as VK_NULL_HANDLE, zeros with (0, 0, 1) defaults.',
            formats[:4] + formats[6:8], 1),
    }


def main(argv):
    if len(argv) != 3:
        sys.stderr.write('usage: gen_edge_cases.py DEF_FILE OUT_DIR\n')
        return 2
    cases = {}
    for name, nbytes, numeric, fields in formats(argv[1]):
        cases['fmt-' + name] = format_case(name, nbytes, numeric, fields)
    for group in (divisor_cases, stride_cases, align_cases, locations_case, index_cases,
                  null_binding_cases):
        cases.update(group())
    os.makedirs(argv[2], exist_ok=True)
    for name in sorted(cases):
        with open(os.path.join(argv[2], name + '.json'), 'w') as f:
            json.dump(cases[name], f, indent=1, sort_keys=False)
            f.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
