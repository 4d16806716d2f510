"""Problems found in input: collected, never raised one at a time.

A parser or a check appends every problem it finds to a list of `Problem`
and the caller reports them all at once (house style: errors collected and
raised together). `InputError` carries such a list when input cannot be used.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Problem", "InputError", "ERROR", "WARNING", "escape", "quote",
           "NO_LINE_REASONS", "MISSING", "OPTIONS"]

ERROR = "error"
WARNING = "warning"


# Why a problem has no line, for problems about what is nowhere in the file
# or about the command's options.  Every problem carries a line or one of
# these (tests/test_fuzz.py checks it on every input it makes).
MISSING = "about the whole file: what it names is nowhere in it"
OPTIONS = "about the command's options, not a line of the file"
NO_LINE_REASONS = (MISSING, OPTIONS)


def escape(text: str) -> str:
    """`text` with every character that is not printable (controls, the
    ANSI escape, U+2028/U+2029 line separators, bidirectional marks) written
    as a Python escape (``\\x1b``, ``\\u2028``): input reaches a terminal or
    a log as text, never as a command to it."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escaped(c) for c in text)


def _escaped(c: str) -> str:
    code = ord(c)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def quote(value: object) -> str:
    """`value` quoted for a message, as ``repr`` does for text (controls
    and line separators escaped the same way)."""
    return repr(value) if not isinstance(value, str) else "'" + escape(value).replace(
        "'", "\\'") + "'"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with (or worth saying about) the input.

    `code` is stable and machine-readable (``trf.bad-result``); `message` is
    lower-case and quotes the input, as in ``expected a result code (1, 0,
    =, +, -, W, D, L, H, F, U, Z), got 'x'``.
    """

    severity: str
    code: str
    message: str
    line: int | None = None
    column: int | None = None
    no_line: str | None = None   # why there is no line (NO_LINE_REASONS)

    def __post_init__(self) -> None:
        # one place escapes every message: names and values from the input
        # are quoted into messages by every reader
        object.__setattr__(self, "message", escape(self.message))

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def location(self, source: str = "") -> str:
        """``FILE:LINE:COLUMN`` as far as known."""
        parts = [source] if source else []
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def format(self, source: str = "") -> str:
        where = self.location(source)
        prefix = f"{where}: " if where else ""
        return f"{prefix}{self.severity}: {self.message}"

    def as_dict(self) -> dict[str, str | int | None]:
        out = {"severity": self.severity, "code": self.code,
               "line": self.line, "column": self.column,
               "message": self.message}
        if self.line is None:
            out["no_line"] = self.no_line
        return out


class InputError(ValueError):
    """Input that cannot be used; `problems` holds every reason at once."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        first = self.problems[0].format() if self.problems else "invalid input"
        more = len(self.problems) - 1
        super().__init__(first + (f" (and {more} more)" if more > 0 else ""))
