"""Seeds, mutators and the one check of the fuzzing (issue 11).

`tests/test_fuzz.py` draws from them with hypothesis (a bounded number of
examples in the normal suite); `bench/fuzz.py --minutes N` draws from them
with a seeded random generator for as long as asked.  An input passes when
`check_text` returns in text and JSON modes without raising, and every
problem it reports has a line or says why it has none.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from rules_core.check import (
    CheckOptions,
    UnknownEdition,
    UnknownTiebreak,
    check_text,
    detect_format,
)
from sitegen.report import check_table

ROOT = Path(__file__).resolve().parent.parent
THIRD_PARTY = ROOT.parent / "shared" / "third_party_data"

# The six input formats, each with a filename ending that selects its reader.
FORMATS = {"trf": ".trf", "native-toml": ".toml", "native-json": ".json",
           "fmjd-official": ".txt", "arbiter-pro": ".csv", "toernooibase": ".csv"}

# Options that take other paths through the rules (the crashes of issue 11
# included --tiebreaks annex-17 and a chess edition forced on draughts).
OPTION_SETS = (CheckOptions(), CheckOptions(tiebreaks="annex-17"),
               CheckOptions(rules="fide-standard-2002"), CheckOptions(norms=True),
               CheckOptions(tiebreaks="5.3", counting="plus-remise"))


def seeds() -> dict[str, list[tuple[str, str]]]:
    """(filename, text) per format: the demo content, our fixtures and the
    real third-party files when ../shared is there."""
    found: dict[str, list[tuple[str, str]]] = {f: [] for f in FORMATS}
    for path in _seed_paths():
        text = path.read_text(encoding="utf-8", errors="replace")
        fmt = detect_format(text, path.name)
        if fmt in found and len(text) < 200_000:
            found[fmt].append((path.name, text))
    for name, text in found["native-toml"][:3]:
        found["native-json"].append((name[:-5] + ".json", _as_json(text)))
    return found


def _seed_paths() -> list[Path]:
    paths = sorted((ROOT / "content" / "events").rglob("*"))
    paths += sorted((ROOT / "tests" / "data").glob("*"))
    if THIRD_PARTY.exists():
        paths += sorted(THIRD_PARTY.rglob("*"))
    skip = (".meta.toml", "MANIFEST.txt", ".pgn", ".xml", ".expected.txt")
    return [p for p in paths if p.is_file() and not p.name.endswith(skip)
            and "lila_fide" not in p.name]


def _as_json(toml_text: str) -> str:
    import tomllib
    return json.dumps(tomllib.loads(toml_text), default=str, indent=1)


# --- mutators: each takes (text, rng) and returns a new text ------------------

def flip_bytes(text: str, rng: random.Random) -> str:
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 8)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    return data.decode("utf-8", errors="replace")


def truncate(text: str, rng: random.Random) -> str:
    return text[:rng.randrange(len(text) + 1)]


def huge_number(text: str, rng: random.Random) -> str:
    digits = rng.choice(["99999", "0" * 30, "9" * 30, "9" * 18, "1" + "0" * 17, "1" * 4400, "-2545",
                         "100000000", "1e308", "-0", "00000"])
    return _replace_number(text, rng, digits)


def _replace_number(text: str, rng: random.Random, digits: str) -> str:
    spots = [i for i, c in enumerate(text) if c.isdigit()]
    if not spots:
        return text + digits
    at = rng.choice(spots)
    end = at
    while end < len(text) and text[end].isdigit():
        end += 1
    return text[:at] + digits + text[end:]


UNICODE = ["\u2028", "\u2029", "\x1b[31m", "\x00", "\r", "\x85", "\ufeff",
           "\u202e", "é", "\U0001F600", "\x0b", "\x0c", "٣"]


def insert_unicode(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(UNICODE) + text[at:]


def duplicate_line(text: str, rng: random.Random) -> str:
    """Duplicates a player: a line, or a TOML [[players]] table."""
    lines = text.splitlines(keepends=True)
    if not lines:
        return text
    k = rng.randrange(len(lines))
    size = rng.randint(1, 12)
    return "".join(lines[:k + size] + lines[k:k + size] + lines[k + size:])


def self_pairing(text: str, rng: random.Random) -> str:
    """Makes a number on a line equal to another number on it (a player
    paired with himself, in every format's way of writing it)."""
    lines = text.splitlines(keepends=True)
    if not lines:
        return text
    k = rng.randrange(len(lines))
    numbers = [w for w in lines[k].replace(",", " ").replace(";", " ").split()
               if w.isdigit()]
    if len(numbers) >= 2:
        lines[k] = lines[k].replace(numbers[-1], numbers[0], 1)
    return "".join(lines)


def swap_lines(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True)
    if len(lines) >= 2:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


MUTATORS = (flip_bytes, truncate, huge_number, insert_unicode, duplicate_line,
            self_pairing, swap_lines)


def mutate(text: str, rng: random.Random, count: int | None = None) -> str:
    for _ in range(count or rng.randint(1, 3)):
        text = rng.choice(MUTATORS)(text, rng)
    return text


# --- the check ----------------------------------------------------------------

@dataclass
class Outcome:
    """What one input did: the exception raised, problems without a line."""

    error: BaseException | None = None
    lineless: list[dict] | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and not self.lineless


def run(text: str, filename: str, options: CheckOptions) -> Outcome:
    """`sitegen check` in text and JSON modes, as the CLI runs them.  An
    option the file's game does not take (a draughts tie-break system on a
    chess file) is a usage error the CLI reports (exit 2), not a crash."""
    try:
        result = check_text(text, filename, options)
        json.dumps(result, ensure_ascii=False, indent=1)
        check_table(result, filename)
    except (UnknownEdition, UnknownTiebreak):
        return Outcome()
    except Exception as error:      # the crash is what is looked for
        return Outcome(error=error)
    return Outcome(lineless=[p for p in result["problems"]
                             if p["line"] is None and not p.get("no_line")])
