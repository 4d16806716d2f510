"""tests/site_pages.py: the fast address finder gives what the parser gives.

`addresses` (regular expressions) stands in for `Page` (HTMLParser) where a
test needs only a page's href and src values; `head` where it needs only the
<head>.  Both must read what the parser reads, or a broken link or a missing
hreflang could pass unseen.
"""

from __future__ import annotations

import pytest

from tests.shared_data import ROOT
from tests.site_pages import Page, addresses, broken_links, head, parse_site

GOLDEN = ROOT / "tests" / "golden" / "site"

# (HTML, what the parser finds): the cases a regular expression gets wrong
# when written naively.
CASES = [
    ('<a href="/a/">x</a><img src="/i.png" alt="">', ["/a/", "/i.png"]),
    ("<a href='/q?a=1&amp;b=2'>", ["/q?a=1&b=2"]),                     # quotes, references
    ("<a HREF=/bare class=x>", ["/bare"]),                              # unquoted, upper case
    ('<a title="a > b" href="/after">', ["/after"]),                    # ">" inside a value
    ('<meta content="see href=/no">', []),                              # a name inside a value
    ('<a data-href="/no" xlink:href="/no">', []),                       # other attributes
    ('<a href="">empty</a><a href>none</a>', []),                       # empty values
    ('<!-- <a href="/commented"> --><p>text href="/no"</p>', []),      # comments, text
    ('<script src="/s.js">var a = \'<a href="/in-script">\';</script>', ["/s.js"]),
    ('<style>a[href="/no"]{}</style><link href="/c.css" rel=stylesheet>', ["/c.css"]),
]


@pytest.mark.parametrize("text, expected", CASES)
def test_addresses_as_the_parser_finds_them(text, expected):
    page = Page()
    page.feed(text)
    assert page.addresses == expected
    assert addresses(text) == expected


def test_addresses_of_every_golden_page_are_the_parsers():
    pages = parse_site(GOLDEN)
    assert len(pages) > 50
    for name, page in pages.items():
        assert addresses((GOLDEN / name).read_text(encoding="utf-8")) == page.addresses, name


def test_broken_links_with_and_without_the_parsed_pages(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text(
        '<a href="/">home</a><a href="../b.html">b</a><a href="/nowhere/">x</a>'
        '<a href="https://example.org/">out</a><a href="#top">top</a>', encoding="utf-8")
    (tmp_path / "index.html").write_text('<a href="a/">a</a><img src="missing.png">',
                                         encoding="utf-8")
    expected = ["a/index.html: ../b.html", "a/index.html: /nowhere/", "index.html: missing.png"]
    assert broken_links(tmp_path) == expected
    assert broken_links(tmp_path, parse_site(tmp_path)) == expected
    assert broken_links(GOLDEN) == []


def test_head_stops_at_the_end_of_the_head(tmp_path):
    page = tmp_path / "p.html"
    page.write_text('<html lang="it"><head><link rel="alternate" hreflang="en" href="/">'
                    "</head><body>long</body></html>", encoding="utf-8")
    assert head(page) == '<html lang="it"><head><link rel="alternate" hreflang="en" href="/">' \
        "</head>"
    page.write_text("<p>no head</p>", encoding="utf-8")
    assert head(page) == "<p>no head</p>"
