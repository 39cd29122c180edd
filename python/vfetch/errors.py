"""Exceptions: every library result and diagnostic message is kept."""


class CaseError(ValueError):
    """A malformed case: the message names the JSON path, as the CLI does
    (e.g. "InputLayout[2].Format: unknown format 'R32G32B32_FLAOT'")."""


class VfetchError(Exception):
    """The library refused: `code` is the vf_result, `messages` every error
    and warning the layout compiler reported (empty for draw errors)."""

    def __init__(self, code, message, messages=()):
        super().__init__(message if not messages else message + "\n" + "\n".join(messages))
        self.code = code
        self.messages = list(messages)


class LayoutError(VfetchError):
    """vf_layout_create failed: the input layout breaks a D3D rule.
    `diagnostics` holds (code, severity, element, signature, message)."""

    def __init__(self, code, message, messages=(), diagnostics=()):
        super().__init__(code, message, messages)
        self.diagnostics = list(diagnostics)


class DrawError(VfetchError):
    """vf_draw failed, or a view offset breaks D3D12's alignment."""
