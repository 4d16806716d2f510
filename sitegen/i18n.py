"""The site's languages: the message catalogue, the language being rendered,
dates and counts written per locale (docs/i18n.md).

The interface strings are English in the source (templates and Python) and
translated through gettext catalogues kept as text: ``sitegen/locale/
messages.pot`` (extracted by `extract`) and ``sitegen/locale/<lang>/
LC_MESSAGES/messages.po``.  A .po is compiled in memory when a site is built
(`translations`), so a fresh clone needs no compile step and no .mo file is
kept.  ``python -m sitegen.i18n`` re-extracts the .pot and merges it into
every .po (new messages empty, to be translated: tests/test_i18n.py fails on
any).

The language being rendered is a context variable (`using`): the page views
(`sitegen.site.views`) and the filters translate through `gettext` without a
language argument of their own.  English, the source language, is the
default.  The checker's messages (rules_core problems) stay English: they are
the check contract, docs/i18n.md.
"""

from __future__ import annotations

import contextvars
import gettext as _gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from functools import cache
from pathlib import Path

from babel import Locale
from babel.dates import format_date
from babel.messages.catalog import Catalog
from babel.messages.extract import extract as extract_messages
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.numbers import format_decimal

__all__ = ["LANGUAGES", "SOURCE_LANGUAGE", "LANGUAGE_NAMES", "LOCALE_DIR", "N_", "gettext",
           "ngettext",
           "language", "using", "translations", "format_month", "format_count",
           "read_catalog", "extract", "update", "script_messages", "SITE_SCRIPTS",
           "CHECK_SCRIPTS"]

SOURCE_LANGUAGE = "en"                    # the templates and the code are written in English
LANGUAGES = ("en", "it")                  # a catalogue exists for each (en: the msgids)
LANGUAGE_NAMES = {"en": "English", "it": "Italiano"}   # each in its own language
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
_ROOT = Path(__file__).resolve().parent.parent
_MAPPING = _ROOT / "babel.cfg"

# The scripts whose messages a page carries, translated, in a JSON data block
# (base.html: <script type="application/json" id="messages">): every page
# runs the site's scripts; the /check/ pages the checker's too, which show
# the labels its worker sends (the result table's columns, the calculator's
# steps: N_ in sitegen/browser/worker.py and figures.TIEBREAK_LABELS).
# Paths under the templates folder, or "sitegen/..." for the package's code.
SITE_SCRIPTS = ("static/nav.js", "static/search.js", "static/lists.js", "static/large-site.js")
CHECK_SCRIPTS = SITE_SCRIPTS + ("static/check/common.js", "static/check/check.js",
                                "static/check/norm.js", "static/check/rating.js",
                                "sitegen/browser/worker.py", "sitegen/site/figures.py")

_current: contextvars.ContextVar[str] = contextvars.ContextVar("language",
                                                               default=SOURCE_LANGUAGE)


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined (a table of labels);
    it is translated where shown (``{{ _(label) }}`` or `gettext`)."""
    return message


def language() -> str:
    """The language being rendered."""
    return _current.get()


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Render in `lang` for the duration of the block."""
    token = _current.set(lang)
    try:
        yield
    finally:
        _current.reset(token)


def gettext(message: str) -> str:
    """`message` in the language being rendered."""
    return translations(language()).gettext(message)


def pgettext(context: str, message: str) -> str:
    """`message` in the language being rendered, in the sense `context`
    names (a word the catalogue holds in more than one sense)."""
    return translations(language()).pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """`singular` or `plural` as `n` asks, in the language being rendered."""
    return translations(language()).ngettext(singular, plural, n)


def read_catalog(lang: str) -> Catalog:
    """The .po of `lang` as Babel reads it."""
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as po:
        return read_po(po, locale=lang)


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalogue of `lang`, compiled from its .po in memory; the source
    language translates to itself."""
    if lang == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, read_catalog(lang), use_fuzzy=False)
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


def format_month(value: date | None) -> str:
    """'April 2025', 'aprile 2025': the month and year, per locale (CLDR's
    stand-alone month name)."""
    return _month(language(), value.year, value.month) if value else ""


@cache
def _month(lang: str, year: int, month: int) -> str:
    return format_date(date(year, month, 1), "LLLL yyyy", locale=_locale(lang))


def format_count(value: int | None) -> str:
    """A count in prose with the locale's grouping: 12,345 / 12.345."""
    return format_decimal(value, locale=_locale(language())) if value is not None else ""


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def script_messages(lang: str, sources: tuple[str, ...]) -> dict[str, str]:
    """The messages of `sources` (SITE_SCRIPTS, CHECK_SCRIPTS) in `lang`, by
    their English: what the scripts' ``_()`` looks up.  Empty for the
    source language: an English page carries no block."""
    if lang == SOURCE_LANGUAGE:
        return {}
    catalogue = translations(lang)
    return {message: catalogue.gettext(message) for message in _script_ids(sources)}


@cache
def _script_ids(sources: tuple[str, ...]) -> tuple[str, ...]:
    from sitegen.site.render import templates_root

    found: set[str] = set()
    for source in sources:
        package = source.startswith("sitegen/")
        path = (Path(__file__).resolve().parent / source.removeprefix("sitegen/") if package
                else templates_root() / source)
        with path.open("rb") as code:
            found.update(message for _, message, _, _ in
                         extract_messages("python" if package else "javascript", code)
                         if isinstance(message, str))
    return tuple(sorted(found))


# -- the catalogue ------------------------------------------------------------------

def extract() -> Catalog:
    """The messages of the templates and the code, as babel.cfg maps them."""
    with open(_MAPPING, encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg, str(_MAPPING))
    catalog = Catalog(project="sitegen", domain=DOMAIN)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(_ROOT), method_map, options_map):     # Babel's keywords: _, gettext, N_, ...
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    return catalog


def update() -> None:
    """Write messages.pot afresh and merge it into every language's .po."""
    template = extract()
    with open(LOCALE_DIR / f"{DOMAIN}.pot", "wb") as pot:
        write_po(pot, template, omit_header=True, sort_output=True, no_location=True)
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        catalog = read_catalog(lang)
        catalog.update(template, no_fuzzy_matching=True)
        with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po", "wb") as po:
            write_po(po, catalog, sort_output=True, no_location=True, ignore_obsolete=True)


if __name__ == "__main__":
    update()
