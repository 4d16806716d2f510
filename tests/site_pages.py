"""Every HTML page of a built site, parsed once.

The demo site holds some 1,400 pages and 66 MB of HTML; Python's HTMLParser
reads it in about 27 s of CPU.  `parse_site` collects what the tests check
(links, link texts, heads, scroll regions, the markup of each page) in one
pass, and tests/conftest.py keeps the demo site's result for the session
(`demo_pages`).  It reads each page with `read_page`, regular expressions
giving what `Page` (the parser) gives, some ten times faster:
tests/test_site_pages.py checks the two against each other on every page
of the golden site and on the cases a regular expression gets wrong.

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
# (One alternation after the "<", which the regular expression engine then
# looks for first: three times faster than two alternatives each with its own.)
_OPAQUE = re.compile(r"<(?:!--.*?-->|((script|style)\b(?:[^>\"']|\"[^\"]*\"|'[^']*')*>).*?</\2\s*>)",
                     re.S | re.I)
_NAMED = re.compile("href|src", re.I)     # tags worth splitting into attributes
# One attribute: a name, then "=" and a value, quoted or not (as HTMLParser).
_ATTRIBUTE = re.compile(r"""([^\s/>"'=][^\s/=>]*)(?:\s*=+\s*('[^']*'|"[^"]*"|(?!['"])[^>\s]*))?""")


class Page(HTMLParser):
    """One page: every href and src (`addresses`); each <a href>'s text, an
    image's alt text counting (`link_texts`); the <title>, the meta and link
    tags of <head> (`title`, `metas`, `links`), the scroll regions
    (`wraps`: div.table-wrap) and each element name and name.class pair
    (`markup`)."""

    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []
        self.link_texts: list[tuple[str, str]] = []
        self.title = ""
        self.metas: dict[str | None, str | None] = {}
        self.links: list[dict[str, str | None]] = []
        self.wraps: list[dict[str, str | None]] = []
        self.markup: set[str] = set()
        self._open: list[list[str]] = []
        self._in_title = self._in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.addresses += [value for name, value in attrs if name in ("href", "src") and value]
        a = dict(attrs)
        self.markup.add(tag)
        self.markup.update(f"{tag}.{name}" for name in (a.get("class") or "").split())
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


def _opening(match: re.Match[str]) -> str:
    """A comment gone, a script or style left as its start tag."""
    return "<" + match.group(1) if match.group(1) else ""


def addresses(text: str) -> list[str]:
    """Every non-empty href and src of the tags of an HTML text, in order,
    with character references resolved: `Page.addresses`, without the parser."""
    return _addresses(_OPAQUE.sub(_opening, text))


def _addresses(opaque: str) -> list[str]:
    """`addresses` of a text without its comments, scripts and styles."""
    found: list[str] = []
    seen: dict[str, list[str]] = {}      # a table's rows repeat their tags
    for tag in _TAG.findall(opaque):
        if tag not in seen:
            seen[tag] = _tag_addresses(tag)
        found += seen[tag]
    return found


def _tag_addresses(tag: str) -> list[str]:
    found = []
    for name, value in _ATTRIBUTE.findall(tag) if _NAMED.search(tag) else ():
        if value[:1] in "'\"" and value[:1] == value[-1:]:
            value = value[1:-1]
        if value and name.lower() in ("href", "src"):
            found.append(html.unescape(value))
    return found


# Each start tag's name and its class attribute's value (double quotes, as
# the templates write it); an <a ...>...</a> link; the <head>; a scroll region.
_MARKUP = re.compile(r"""<([a-zA-Z][^\s/>]*)(?:[^>]*?\sclass\s*=\s*"([^"]*)")?""")
_LINK = re.compile(r"""<a(\s(?:[^>"']|"[^"]*"|'[^']*')*)?>(.*?)</a\s*>""", re.S | re.I)
_HEAD = re.compile(r"<head\b.*?(?:</head\s*>|$)", re.S | re.I)
_HEAD_TAG = re.compile(r"""<(meta|link)(\s(?:[^>"']|"[^"]*"|'[^']*')*)?>""", re.I)
_DIV = re.compile(r"""<div(\s(?:[^>"']|"[^"]*"|'[^']*')*)>""", re.I)
_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title\s*>", re.S | re.I)
_IMG = re.compile(r"""<img(\s(?:[^>"']|"[^"]*"|'[^']*')*)?>""", re.I)


def _attributes(text: str) -> dict[str, str | None]:
    """A tag's attributes as HTMLParser gives them: names in lower case,
    values unquoted and unescaped, None without a value (of a name given
    twice, the last, as dict(attrs) keeps it)."""
    found: dict[str, str | None] = {}
    for name, value in _ATTRIBUTE.findall(text or ""):
        if not value:
            found[name.lower()] = None
            continue
        if value[0] in "'\"" and value[0] == value[-1]:
            value = value[1:-1]
        found[name.lower()] = html.unescape(value)
    return found


def read_page(text: str) -> Page:
    """What `Page` finds in an HTML text, found with regular expressions."""
    page, opaque = Page(), _OPAQUE.sub(_opening, text)
    page.addresses = _addresses(opaque)
    for tag, classes in set(_MARKUP.findall(opaque)):
        page.markup.add(tag.lower())
        page.markup.update(f"{tag.lower()}.{name}" for name in html.unescape(classes).split())
    for attributes, inside in _LINK.findall(opaque):
        a = _attributes(attributes)
        if "href" in a:
            page.link_texts.append((a["href"] or "", (a.get("aria-label") or "") + _text(inside)))
    head = _HEAD.search(opaque)
    for tag, attributes in _HEAD_TAG.findall(head.group(0) if head else ""):
        a = _attributes(attributes)
        if tag.lower() == "meta":
            page.metas[a.get("name") or a.get("property")] = a.get("content")
        else:
            page.links.append(a)
    title = _TITLE.search(head.group(0) if head else "")
    page.title = html.unescape(title.group(1)) if title else ""
    divs = (_attributes(div) for div in _DIV.findall(opaque) if "table-wrap" in div)
    page.wraps = [a for a in divs if "table-wrap" in (a.get("class") or "").split()]
    return page


def _text(inside: str) -> str:
    """A link's text: its text and its images' alt texts, in order."""
    if "<" not in inside:
        return html.unescape(inside)
    parts = re.split(r"(<img\b(?:[^>\"']|\"[^\"]*\"|'[^']*')*>)", inside, flags=re.I)
    return "".join(_attributes(part[4:-1]).get("alt") or "" if i % 2 else
                   html.unescape(_TAGS_OUT.sub("", part)) for i, part in enumerate(parts))


_TAGS_OUT = re.compile(r"<[^>]*>")


def head(path: Path) -> str:
    """The text of a page up to the end of its <head> (all of it without one)."""
    text = path.read_text(encoding="utf-8")
    end = text.find("</head>")
    return text if end < 0 else text[:end + len("</head>")]


def parse_site(site: Path) -> dict[str, Page]:
    """Each .html file under `site` by its path relative to it (posix)."""
    return {path.relative_to(site).as_posix(): read_page(path.read_text(encoding="utf-8"))
            for path in sorted(site.rglob("*.html"))}


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
