"""Exceptions: every library result and diagnostic message is kept.

VfetchError is the base of them all, so `except vfetch.VfetchError`
catches anything the package raises on purpose. The classes also derive
from the built-in exception a Python caller expects (CaseError is a
ValueError, ArgumentTypeError a TypeError), so older handlers still work.
"""


class VfetchError(Exception):
    """The library refused, or the package did: `code` is the vf_result
    (None when the library was not asked), `messages` every error and
    warning the library reported (empty for most draw errors)."""

    def __init__(self, code, message, messages=()):
        super().__init__(message if not messages else message + "\n" + "\n".join(messages))
        self.code = code
        self.messages = list(messages)


class CaseError(VfetchError, ValueError):
    """A malformed case: the message names the JSON path, as the CLI does
    (e.g. "InputLayout[2].Format: unknown format 'R32G32B32_FLAOT' (did
    you mean 'R32G32B32_FLOAT'?)"), one line per problem: a case is read
    to the end and every malformed field reported, up to 20 lines, then
    one saying how many more there were. `problems` holds those lines
    (without the last one), `problem_count` how many problems were found.
    `code` is None: the case was refused before the library saw it."""

    def __init__(self, message, problems=None, problem_count=None):
        super().__init__(None, message)
        self.problems = [message] if problems is None else list(problems)
        self.problem_count = len(self.problems) if problem_count is None else problem_count


class ArgumentTypeError(VfetchError, TypeError):
    """An argument of a vfetch call has a type the call cannot use; the
    message names the argument and the types it takes. `code` is None."""

    def __init__(self, message):
        super().__init__(None, message)


class LayoutError(VfetchError):
    """vf_layout_create failed, or a D3D11 state refused the layout: the
    input layout breaks a D3D rule. `diagnostics` holds (code, severity,
    element, signature, message)."""

    def __init__(self, code, message, messages=(), diagnostics=()):
        super().__init__(code, message, messages)
        self.diagnostics = list(diagnostics)


class DrawError(VfetchError):
    """vf_draw failed, or a view offset breaks D3D12's alignment, or the
    draw would need more than the package's output cap (1 GiB)."""


class StateError(DrawError):
    """A D3D11 case's state cannot be drawn: CreateBuffer refused a buffer
    (usage, bind flags, CPU access) or an IASet* call refused its
    arguments (e.g. a buffer bound as a vertex buffer without
    D3D11_BIND_VERTEX_BUFFER). `diagnostics` as LayoutError's."""

    def __init__(self, code, message, messages=(), diagnostics=()):
        super().__init__(code, message, messages)
        self.diagnostics = list(diagnostics)
