"""Reading files from disk for the CLI: text in any encoding programs write."""

from __future__ import annotations

from pathlib import Path

__all__ = ["SourceError", "read_text", "read_k_file", "k_value"]


class SourceError(ValueError):
    """A file that cannot be read at all (missing, a folder, unreadable)."""


def read_text(path: Path) -> str:
    """UTF-8 (with or without BOM), else Windows-1252, as older pairing
    programs write TRF files."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SourceError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SourceError(f"{path}: is a folder, expected a file") from None
    except OSError as error:
        raise SourceError(f"{path}: cannot be read: {error.strerror}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def k_value(text: str) -> int | None:
    """K as given by the user: ASCII digits, at most three (no K of any
    edition reaches 100; int() would also take '²' or 5,000 digits)."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None


def read_k_file(path: Path) -> dict[str, int]:
    """'PLAYER K' per line (start number or FIDE id); '#' starts a comment.
    Every bad line is reported at once."""
    values: dict[str, int] = {}
    problems = []
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        content = line.split("#", 1)[0].split()
        if not content:
            continue
        k = k_value(content[1]) if len(content) == 2 else None
        if k is None:
            problems.append(f"{path}:{number}: expected 'PLAYER K', e.g. '3400042 10', "
                            f"got {line.strip()!r}")
            continue
        values[content[0]] = k
    if problems:
        raise SourceError("\n".join(problems))
    return values
