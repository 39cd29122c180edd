"""Reader of the VFR raw formats that `vfetch run --output raw` (version 2)
and `--output raw1` (version 1) write; see vfetch(1).
The C writer and reader, and the header layout: tools/common/vfr.h."""
import struct

from ._coerce import arg_bytes, arg_path

RAW_MAGIC = 0x31524656  # "VFR1" in the file's first bytes, for every version


class RawRegister:
    """A register named by a version 2 header. kind: 0 a layout element,
    1 SV_VertexID, 2 SV_InstanceID, 3 the system register {SV_VertexID,
    SV_InstanceID, flags, 0}; component_type: 1 UINT32, 2 SINT32, 3 FLOAT32."""

    def __init__(self, kind, semantic_name, semantic_index, format, format_name,
                 component_type):
        self.kind, self.semantic_name, self.semantic_index = kind, semantic_name, semantic_index
        self.format, self.format_name, self.component_type = format, format_name, component_type

    def __repr__(self):
        return "RawRegister(%s%d, %s)" % (self.semantic_name, self.semantic_index,
                                          self.format_name)


class RawRecords:
    """Header fields and the records' words (little-endian 32-bit).

    registers: data registers a record holds (the system register not
    counted); its words SV_VertexID, SV_InstanceID, flags follow them.
    vertices, instances: positions per instance and instances in the file;
    first_position, first_instance: where they start in the draw, whose
    size is draw_vertices x draw_instances (a version 2 file may hold a
    selection). register_info: RawRegister per register (version 2), else
    None. record(k): the words of the k-th record in the file."""

    def __init__(self, version, registers, vertices, instances, record_words, words,
                 register_info=None, first_instance=0, first_position=0,
                 draw_vertices=None, draw_instances=None):
        self.version, self.registers = version, registers
        self.vertices, self.instances = vertices, instances
        self.record_words, self.words = record_words, words
        self.register_info = register_info
        self.first_instance, self.first_position = first_instance, first_position
        self.draw_vertices = vertices if draw_vertices is None else draw_vertices
        self.draw_instances = instances if draw_instances is None else draw_instances

    @property
    def selection(self):
        return (self.vertices, self.instances) != (self.draw_vertices, self.draw_instances)

    def __len__(self):
        return self.vertices * self.instances

    def record(self, k):
        return self.words[k * self.record_words:(k + 1) * self.record_words]

    def record_at(self, instance, position):
        """The record of draw instance `instance`, position `position`."""
        i, p = instance - self.first_instance, position - self.first_position
        if not (0 <= i < self.instances and 0 <= p < self.vertices):
            raise IndexError("instance %d, position %d is not in the file" % (instance, position))
        return self.record(i * self.vertices + p)


def _words(data, offset, n, what):
    if len(data) < offset + 4 * n:
        raise ValueError("VFR file truncated: %d of %d bytes (%s)" % (len(data), offset + 4 * n,
                                                                       what))
    return struct.unpack_from("<%dI" % n, data, offset)


def _read_v1(data):
    """Six words (magic, 1, E data registers, V, I, W = 4E + 3), then V * I
    records of 4E register words and SV_VertexID, SV_InstanceID, flags,
    instance-major."""
    _, _, nregs, v, i, w = _words(data, 0, 6, "header")
    if w != 4 * nregs + 3:
        raise ValueError("VFR header: %d words per record for %d registers" % (w, nregs))
    return RawRecords(1, nregs, v, i, w, _words(data, 24, v * i * w, "records"))


def _string(data, off, n):
    if len(data) < off + n:
        raise ValueError("VFR header truncated in a register name")
    return data[off:off + n].decode("utf-8", "replace"), off + (n + 3) // 4 * 4


def _read_v2(data):
    """Twelve words (magic, 2, header bytes H, R registers, W = 4R words a
    record, V, I of the draw, first instance, instances, first position,
    positions in the file, flags), R register entries (kind, semantic
    index, format, component type, name length, format-name length, the two
    names zero-padded to whole words), zeros to H; then the records."""
    _, _, hsize, nregs, w, v, i, i0, ni, p0, np_, _ = _words(data, 0, 12, "header")
    if w != 4 * nregs or nregs == 0:
        raise ValueError("VFR header: %d words per record for %d registers" % (w, nregs))
    regs, off = [], 48
    for _ in range(nregs):
        kind, index, fmt, ctype, n, m = _words(data, off, 6, "register entry")
        name, off = _string(data, off + 24, n)
        fname, off = _string(data, off, m)
        regs.append(RawRegister(kind, name, index, fmt, fname, ctype))
    if off > hsize:
        raise ValueError("VFR header: register entries past the header's %d bytes" % hsize)
    words = _words(data, hsize, ni * np_ * w, "records")
    return RawRecords(2, nregs - 1, np_, ni, w, words, regs, i0, p0, v, i)


def read_raw(data):
    """A VFR raw file (bytes-like, a NumPy array, or a path), version 1 or
    2, as RawRecords."""
    path = arg_path(data)
    if path is not None:
        with open(path, "rb") as f:
            data = f.read()
    data = arg_bytes("data", data)
    if len(data) < 24:
        raise ValueError("not a VFR raw file: %d bytes" % len(data))
    magic, version = struct.unpack_from("<2I", data)
    if magic != RAW_MAGIC:
        raise ValueError("not a VFR raw file")
    if version == 1:
        return _read_v1(data)
    if version == 2:
        return _read_v2(data)
    raise ValueError("VFR version %d; this reader knows versions 1 and 2" % version)
