"""Every HTML page of a built site, parsed once.

The demo site holds some 1,100 pages and 60 MB of HTML; Python's HTMLParser
reads it in about 25 s of CPU.  Three test modules used to parse it in full
each (links, link texts, heads); `parse_site` collects what all of them
check in one pass, and tests/conftest.py keeps the demo site's result for
the session (`demo_pages`).
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit


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


def parse_site(site: Path) -> dict[str, Page]:
    """Each .html file under `site` by its path relative to it (posix)."""
    parsed = {}
    for path in sorted(site.rglob("*.html")):
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        parsed[path.relative_to(site).as_posix()] = page
    return parsed


def broken_links(site: Path, pages: dict[str, Page] | None = None) -> list[str]:
    """Every href or src inside the site that names no file (or folder with
    an index.html), as ``page: address``; `pages` as parse_site gives them."""
    broken = []
    for name, page in (parse_site(site) if pages is None else pages).items():
        for link in page.addresses:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "#", "data:")):
                continue
            path = parts.path if parts.path.startswith("/") else \
                "/" + str(((site / name).parent / parts.path).relative_to(site))
            target = site / path.lstrip("/")
            if not (target.is_file() or (target / "index.html").is_file()):
                broken.append(f"{name}: {link}")
    return broken
