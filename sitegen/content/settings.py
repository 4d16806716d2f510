"""The content's settings checked value by value: site.toml and NAME.meta.toml.

Every key is known, every value has its type, every date is a date; each
problem names the file and the line of the key (docs/content-format.md,
"Settings").  A meta file gives only what an event file may lack: the
figures computed from the file (players, problems, the game, the format)
cannot be set there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from urllib.parse import urlsplit

from rules_core.model import RATES_OF_PLAY, SYSTEMS

__all__ = ["Checker", "SITE_KEYS", "META_KEYS", "COMPUTED_KEYS", "LANGUAGES", "THEME_KEYS",
           "SiteTheme", "LOGO_SUFFIXES", "contrast_on_white", "safe_slug", "key_line",
           "toml_line"]

LANGUAGES = ("en", "it")           # a catalogue for each: sitegen/i18n.py, docs/i18n.md
TOP_KEYS = ("site", "lists", "theme")
LIST_KEYS = ("game", "list")
SITE_KEYS = {"name": "text", "federation": "text", "base_url": "url",
             "languages": "languages", "start": "date", "end": "date"}
# [theme] (docs/content-format.md, "Theme"): a logo file under content/ and the
# accent colour of links, headings' marks and the current page in menus
THEME_KEYS = {"logo": "asset", "accent": "colour"}
LOGO_SUFFIXES = (".svg", ".png", ".webp", ".jpg", ".jpeg")
META_KEYS = {"name": "text", "city": "text", "federation": "text", "start": "date",
             "end": "date", "system": "system", "time_control": "text",
             "rate_of_play": "rate", "rounds": "count", "round_dates": "dates",
             "national_championship": "flag", "women_only": "flag", "olympiad": "flag",
             "league": "flag", "referee": "text", "remarks": "text", "winner": "text"}
COMPUTED_KEYS = ("players", "problems", "game", "source_format", "header_lines", "results",
                 "standings", "rating", "edition")
_SLUG = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,99}")


@dataclass(frozen=True)
class SiteTheme:
    """site.toml's [theme]: what it does not give, the package's look keeps."""

    logo: str = ""          # a path under content/, e.g. "theme/logo.svg"
    accent: str = ""        # "#8a1538"


def safe_slug(text: str) -> bool:
    """A name that stays one folder of the output: letters, digits, ``_``,
    ``.``, ``-``; no ``..``, no separator, not absolute, not hidden."""
    return bool(_SLUG.fullmatch(text)) and ".." not in text


def toml_line(message: str) -> int | None:
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else None


def key_line(text: str, key: str, section: str = "", occurrence: int = 0) -> int | None:
    """The line of `key` in `[section]` (the `occurrence`-th `[[section]]`);
    the section's own line when the key is not written there."""
    current, seen, header = "", -1, None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        table = re.fullmatch(r"\[\[?\s*([^\]]+?)\s*\]\]?(\s*#.*)?", stripped)
        if table:
            current = table.group(1)
            if not section and current == key:
                return number
            if current == section:
                seen += 1
                header = number if seen == occurrence else header
            continue
        if current == section and seen in (occurrence, -1) and \
                re.match(rf"{re.escape(key)}\s*=", stripped):
            return number
    return header


@dataclass
class Checker:
    """Checks the values of one TOML file; `report(message, line)` is told
    of every problem."""

    text: str
    report: Callable[[str, int | None], None]

    def table(self, data: dict, section: str, known, what: str, occurrence: int = 0) -> None:
        for key in data:
            if key not in known:
                self.report(f"{what}{key!r}: unknown key, expected one of "
                            f"{', '.join(known)}", key_line(self.text, key, section, occurrence))

    def value(self, section: str, key: str, value, kind: str, occurrence: int = 0):
        """The value converted, or None after reporting it."""
        try:
            return _KINDS[kind](value)
        except _Bad as problem:
            line = key_line(self.text, key, section, occurrence)
            where = f"[{section}] " if section else ""
            self.report(f"{where}{key} {_shown(value)}: {problem}", line)
            return None


def _shown(value) -> str:
    text = repr(value) if not isinstance(value, (date, datetime)) else value.isoformat()
    return text if len(text) <= 60 else text[:57] + "..."


class _Bad(ValueError):
    """A value of the wrong type or form; the message says what was expected."""


def _text(value):
    if not isinstance(value, str):
        raise _Bad("expected a text in quotes")
    return value


def _url(value):
    if not isinstance(value, str):
        raise _Bad("expected a text in quotes, e.g. \"https://ratings.example.org\"")
    if value == "":
        return value
    parts = urlsplit(value)
    bad = [c for c in value if c in "\"'<>`\\ {}|^" or ord(c) < 32]
    if parts.scheme not in ("http", "https") or not parts.netloc or bad \
            or parts.query or parts.fragment:
        raise _Bad("expected an absolute http(s) URL without quotes, spaces, query or "
                   "fragment, e.g. \"https://ratings.example.org/\"")
    return value


def _date(value):
    if isinstance(value, datetime):
        raise _Bad("expected a date without a time, e.g. 2024-01-01")
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise _Bad("expected a date, YYYY-MM-DD (e.g. 2024-01-01), unquoted")


def _dates(value):
    if not isinstance(value, list):
        raise _Bad("expected a list of dates, e.g. [2024-01-06, 2024-01-07]")
    return [_date(v) for v in value]


def _languages(value):
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _Bad("expected a list of language codes, e.g. [\"en\"]")
    unknown = [v for v in value if v not in LANGUAGES]
    if unknown or not value or len(set(value)) != len(value):
        raise _Bad(f"expected each of {', '.join(repr(x) for x in LANGUAGES)} at most once, "
                   "the first published at the root (docs/i18n.md)")
    return tuple(value)


def _choice(options):
    def check(value):
        if value in options:
            return value
        raise _Bad(f"expected one of {', '.join(options)}")
    return check


def _count(value):
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= 10_000:
        return value
    raise _Bad("expected a whole number from 1 to 10000")


def _flag(value):
    if not isinstance(value, bool):
        raise _Bad("expected true or false")
    return value


_KINDS = {"text": _text, "url": _url, "date": _date, "dates": _dates,
          "languages": _languages, "system": _choice(SYSTEMS), "rate": _choice(RATES_OF_PLAY),
          "count": _count, "flag": _flag}


def _number(value):
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e9:
        return value
    raise _Bad("expected a number")


def _numbers(value):
    if not isinstance(value, list):
        raise _Bad("expected a list of numbers, e.g. [100, 70, 50]")
    return [_number(v) for v in value]


def _factors(value):
    if not isinstance(value, dict) or not all(re.fullmatch(r"[0-9]{1,2}", k) for k in value):
        raise _Bad('expected a table of stars and factors, e.g. {"1" = 1, "3" = 3}')
    return {k: _number(v) for k, v in value.items()}


def _ids(value):
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) for v in value):
        raise _Bad('expected a list of player ids, e.g. ["16231"]')
    return value


def _id(value):
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise _Bad('expected a player id, e.g. "17023"')
    return value


def _year(value):
    if isinstance(value, int) and not isinstance(value, bool) and 1900 <= value <= 2999:
        return value
    raise _Bad("expected a year, e.g. 2024")


_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")
MIN_CONTRAST = 4.5      # WCAG 2.1 1.4.3, normal text: links on white, white on the accent


def contrast_on_white(colour: str) -> float:
    """WCAG 2.1 contrast ratio of a "#rgb" or "#rrggbb" colour against white."""
    digits = colour[1:] if len(colour) == 7 else "".join(c * 2 for c in colour[1:])
    channels = [int(digits[k:k + 2], 16) / 255 for k in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return 1.05 / (luminance + 0.05)


def _colour(value):
    if not isinstance(value, str) or not _HEX.fullmatch(value):
        raise _Bad('expected a CSS hex colour in quotes, e.g. "#8a1538"')
    ratio = contrast_on_white(value)
    if ratio < MIN_CONTRAST:
        raise _Bad(f"contrast {ratio:.1f}:1 against white, expected at least {MIN_CONTRAST}:1 "
                   "(WCAG 1.4.3: links are written in it on white, and white on it)")
    return value.lower()


def _asset(value):
    if not isinstance(value, str) or not value:
        raise _Bad('expected a path under content/ in quotes, e.g. "theme/logo.svg"')
    parts = value.split("/")
    if value.startswith("/") or "\\" in value or any(p in ("", ".", "..") for p in parts) \
            or not all(safe_slug(p) for p in parts):
        raise _Bad("expected a relative path under content/ of letters, digits, '.', '_', "
                   "'-' and '/', without '..'")
    if not value.lower().endswith(LOGO_SUFFIXES):
        raise _Bad(f"expected an image: {', '.join(LOGO_SUFFIXES)}")
    return value


_KINDS.update(number=_number, numbers=_numbers, factors=_factors, ids=_ids, id=_id, year=_year,
              colour=_colour, asset=_asset)

# worldcup/SEASON.toml (sitegen/compute/worldcup.py): table -> key -> kind
SEASON_TABLES = {"season": {"name": "text"},
                 "settings": {"bonus": "numbers", "factors": "factors"}}
SEASON_ARRAYS = {"events": {"event": "text", "stars": "number", "prize_fund": "number",
                            "absent_from_closing": "ids"},
                 "declarations": {"player": "id", "made_on": "date", "year": "year"}}
