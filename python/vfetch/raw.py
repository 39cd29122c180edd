"""Reader of the VFR raw format that `vfetch run --output raw` writes."""
import struct

RAW_MAGIC = 0x31524656  # "VFR1"


class RawRecords:
    """Header fields and the records' words (little-endian 32-bit)."""

    def __init__(self, version, registers, vertices, instances, record_words, words):
        self.version, self.registers = version, registers
        self.vertices, self.instances = vertices, instances
        self.record_words, self.words = record_words, words

    def record(self, k):
        return self.words[k * self.record_words:(k + 1) * self.record_words]


def read_raw(data):
    """Version 1: six words (magic, 1, E data registers, V, I, W = 4E + 3),
    then V * I records of 4E register words and SV_VertexID, SV_InstanceID,
    flags, instance-major."""
    if isinstance(data, str):
        with open(data, "rb") as f:
            data = f.read()
    if len(data) < 24:
        raise ValueError("not a VFR raw file: %d bytes" % len(data))
    magic, version, nregs, v, i, w = struct.unpack_from("<6I", data)
    if magic != RAW_MAGIC or version != 1:
        raise ValueError("not a VFR version 1 raw file")
    if w != 4 * nregs + 3:
        raise ValueError("VFR header: %d words per record for %d registers" % (w, nregs))
    n = v * i * w
    if len(data) < 24 + 4 * n:
        raise ValueError("VFR file truncated: %d of %d bytes" % (len(data), 24 + 4 * n))
    words = struct.unpack_from("<%dI" % n, data, 24)
    return RawRecords(version, nregs, v, i, w, words)
