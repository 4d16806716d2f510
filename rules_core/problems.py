"""Problems found in input: collected, never raised one at a time.

A parser or a check appends every problem it finds to a list of `Problem`
and the caller reports them all at once (house style: errors collected and
raised together). `InputError` carries such a list when input cannot be used.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Problem", "InputError", "ERROR", "WARNING"]

ERROR = "error"
WARNING = "warning"


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

    def as_dict(self) -> dict:
        return {"severity": self.severity, "code": self.code,
                "line": self.line, "column": self.column,
                "message": self.message}


class InputError(ValueError):
    """Input that cannot be used; `problems` holds every reason at once."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        first = self.problems[0].format() if self.problems else "invalid input"
        more = len(self.problems) - 1
        super().__init__(first + (f" (and {more} more)" if more > 0 else ""))
