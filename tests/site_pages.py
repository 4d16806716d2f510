"""Every HTML page of a built site, parsed once.

The demo site holds some 1,100 pages and 60 MB of HTML; Python's HTMLParser
reads it in about 25 s of CPU.  Three test modules used to parse it in full
each (links, link texts, heads); `parse_site` collects what all of them
check in one pass, and tests/conftest.py keeps the demo site's result for
the session (`demo_pages`).

A test that needs only the addresses (`broken_links` of a site not parsed
for the session: the two-language site, the large site) or only the <head>
(hreflang) reads no more than that: `addresses` finds every href and src
with regular expressions, some twenty times faster than the parser and
giving the same list (tests/test_site_pages.py checks it against `Page`
on every page of the golden site); `head` is the text up to </head>.
"""

from __future__ import annotations

import html
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

# What HTMLParser reads as a tag: a name, then anything but ">" outside quotes.
# Comments and the contents of <script> and <style> hold no tags.
_TAG = re.compile(r"""<[a-zA-Z][^\s/>]*((?:[^>"']+|"[^"]*"|'[^']*')*)>""")
_OPAQUE = re.compile(r"<!--.*?-->|(<(script|style)\b(?:[^>\"']|\"[^\"]*\"|'[^']*')*>).*?</\2\s*>",
                     re.S | re.I)
_NAMED = re.compile("href|src", re.I)     # tags worth splitting into attributes
# One attribute: a name, then "=" and a value, quoted or not (as HTMLParser).
_ATTRIBUTE = re.compile(r"""([^\s/>"'=][^\s/=>]*)(?:\s*=+\s*('[^']*'|"[^"]*"|(?!['"])[^>\s]*))?""")


class Page(HTMLParser):
    """One page: every href and src (`addresses`); each <a href>'s text, an
    image's alt text counting (`link_texts`); the <title>, the meta and link
    tags of <head> (`title`, `metas`, `links`) and the scroll regions
    (`wraps`: div.table-wrap)."""

    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []
        self.link_texts: list[tuple[str, str]] = []
        self.title = ""
        self.metas: dict[str | None, str | None] = {}
        self.links: list[dict[str, str | None]] = []
        self.wraps: list[dict[str, str | None]] = []
        self._open: list[list[str]] = []
        self._in_title = self._in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.addresses += [value for name, value in attrs if name in ("href", "src") and value]
        a = dict(attrs)
        if tag == "a" and "href" in a:
            self._open.append([a["href"] or "", a.get("aria-label") or ""])
        elif tag == "img" and self._open:
            self._open[-1][1] += a.get("alt") or ""
        self._head_tag(tag, a)

    def _head_tag(self, tag: str, a: dict[str, str | None]) -> None:
        if tag == "head":
            self._in_head = True
        elif tag == "title" and self._in_head:
            self._in_title = True
        elif tag == "meta" and self._in_head:
            self.metas[a.get("name") or a.get("property")] = a.get("content")
        elif tag == "link" and self._in_head:
            self.links.append(a)
        elif tag == "div" and "table-wrap" in (a.get("class") or "").split():
            self.wraps.append(a)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open:
            href, text = self._open.pop()
            self.link_texts.append((href, text))
        if tag == "head":
            self._in_head = False
        if tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][1] += data
        if self._in_title:
            self.title += data


def addresses(text: str) -> list[str]:
    """Every non-empty href and src of the tags of an HTML text, in order,
    with character references resolved: `Page.addresses`, without the parser."""
    found = []
    for tag in _TAG.findall(_OPAQUE.sub(lambda m: m.group(1) or "", text)):
        for name, value in _ATTRIBUTE.findall(tag) if _NAMED.search(tag) else ():
            if value[:1] in "'\"" and value[:1] == value[-1:]:
                value = value[1:-1]
            if value and name.lower() in ("href", "src"):
                found.append(html.unescape(value))
    return found


def head(path: Path) -> str:
    """The text of a page up to the end of its <head> (all of it without one)."""
    text = path.read_text(encoding="utf-8")
    end = text.find("</head>")
    return text if end < 0 else text[:end + len("</head>")]


def parse_site(site: Path) -> dict[str, Page]:
    """Each .html file under `site` by its path relative to it (posix)."""
    parsed = {}
    for path in sorted(site.rglob("*.html")):
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        parsed[path.relative_to(site).as_posix()] = page
    return parsed


def site_addresses(site: Path) -> dict[str, list[str]]:
    """Each page's addresses (`addresses`) by its path relative to the site."""
    return {path.relative_to(site).as_posix(): addresses(path.read_text(encoding="utf-8"))
            for path in sorted(site.rglob("*.html"))}


def broken_links(site: Path, pages: dict[str, Page] | None = None) -> list[str]:
    """Every href or src inside the site that names no file (or folder with
    an index.html), as ``page: address``; `pages` as parse_site gives them,
    else each page's addresses are read with `addresses`."""
    links = site_addresses(site) if pages is None else \
        {name: page.addresses for name, page in pages.items()}
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    broken = []
    for name, found in links.items():
        broken += [f"{name}: {link}" for link in found if not _reaches(link, name, files)]
    return broken


def _reaches(link: str, page: str, files: set[str]) -> bool:
    """An address outside the site, or one naming a file of it (or a folder
    with an index.html), from `page`."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc or link.startswith(("mailto:", "#", "data:")):
        return True
    path = parts.path if parts.path.startswith("/") else \
        posixpath.join("/", posixpath.dirname(page), parts.path)
    target = posixpath.normpath(path).lstrip("/")
    return target in files or posixpath.join(target, "index.html") in files
