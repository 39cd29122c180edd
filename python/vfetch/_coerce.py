"""Type coercion for every vfetch call and the case reader, in one place:
what counts as an integer, a number, an array or a byte buffer, and the
TypeError an argument of the wrong type gets.

Accepted everywhere a case or a call takes them:
  integers  int and NumPy integers (anything numbers.Integral but bool);
  numbers   the integers, float and NumPy floats (numbers.Real but bool);
  arrays    list, tuple, array.array and NumPy arrays of one or more
            dimensions (a 0-d NumPy array is a scalar);
  buffers   bytes, bytearray, memoryview, array.array and NumPy arrays:
            their bytes as they lie in memory.
NumPy is optional: without it the NumPy cases simply never arise.
"""
import array
import numbers
import os

from .errors import ArgumentTypeError

try:
    import numpy
except ImportError:
    numpy = None

BUFFER_TYPES = (bytes, bytearray, memoryview, array.array)


def is_ndarray(v):
    return numpy is not None and isinstance(v, numpy.ndarray)


def _scalar(v):
    """A 0-d NumPy array as its one value; anything else unchanged."""
    if is_ndarray(v) and v.ndim == 0:
        return v[()]
    return v


def is_int(v):
    v = _scalar(v)
    return isinstance(v, numbers.Integral) and not isinstance(v, bool) and \
        not (numpy is not None and isinstance(v, numpy.bool_))


def is_real(v):
    v = _scalar(v)
    return is_int(v) or (isinstance(v, numbers.Real) and not isinstance(v, bool))


def is_bool(v):
    return isinstance(v, bool) or (numpy is not None and isinstance(v, numpy.bool_))


def to_int(v):
    """A value is_int() accepts as a Python int."""
    return int(_scalar(v))


def to_float(v):
    return float(_scalar(v))


def is_array(v):
    return isinstance(v, (list, tuple, array.array)) or (is_ndarray(v) and v.ndim > 0)


def as_list(v):
    """An array as a list (NumPy arrays through tolist(), so their items
    become Python numbers); None when v is no array."""
    if isinstance(v, list):
        return v
    if isinstance(v, (tuple, array.array)):
        return list(v)
    if is_ndarray(v) and v.ndim > 0:
        return v.tolist()
    return None


def is_buffer(v):
    return isinstance(v, BUFFER_TYPES)


def buffer_bytes(v):
    """The bytes of a buffer (is_buffer) or NumPy array, in memory order;
    None for anything else."""
    if isinstance(v, bytes):
        return v
    if is_ndarray(v):
        return numpy.ascontiguousarray(v).tobytes()
    if isinstance(v, (bytearray, array.array)):
        return bytes(v)
    if isinstance(v, memoryview):
        return v.tobytes()
    return None


def type_name(v):
    """What a value is, in the words of the case reader's messages."""
    if v is None:
        return "null"
    if is_bool(v):
        return "a boolean"
    if is_int(v):
        return "an integer"
    if is_real(v):
        return "a fractional number"
    if isinstance(v, dict):
        return "an object"
    if is_ndarray(v):
        return "a NumPy array"
    if is_array(v):
        return "an array"
    if isinstance(v, str):
        return "a string"
    if is_buffer(v):
        return "bytes"
    return "a value of type %s" % type(v).__name__


def _refuse(name, wanted, v):
    raise ArgumentTypeError("%s: expected %s, got %s" % (name, wanted, type_name(v)))


def arg_uint(name, v, bits=32):
    """Argument `name`, an unsigned integer of `bits` bits, as an int."""
    if not is_int(v):
        _refuse(name, "a non-negative integer", v)
    n = to_int(v)
    if not 0 <= n < 1 << bits:
        raise ValueError("%s: %d is not an unsigned %d-bit integer" % (name, n, bits))
    return n


def arg_bytes(name, v):
    """Argument `name`, a buffer (bytes, bytearray, memoryview,
    array.array, NumPy array), as bytes."""
    b = buffer_bytes(v)
    if b is None:
        _refuse(name, "bytes, bytearray, memoryview, array.array or a NumPy array", v)
    return b


def arg_path(v):
    """A str or os.PathLike as a str path; None for anything else."""
    if isinstance(v, str):
        return v
    if isinstance(v, os.PathLike):
        p = os.fspath(v)
        return p if isinstance(p, str) else os.fsdecode(p)
    return None


def arg_type(name, wanted, v):
    """Refuses argument `name` whose value v has the wrong type."""
    _refuse(name, wanted, v)
