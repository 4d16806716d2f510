"""tests/site_pages.py: the fast readers give what the parser gives.

`read_page` and `addresses` (regular expressions) stand in for `Page`
(HTMLParser): `read_page` for everything the tests read of a page (the
session's parsed demo site), `addresses` where a test needs only a page's
href and src values; `head` where it needs only the <head>.  Each must read
what the parser reads, or a broken link, an empty link text or a missing
hreflang could pass unseen.
"""

from __future__ import annotations

import pytest

from tests.shared_data import ROOT
from tests.site_pages import Page, addresses, broken_links, head, parse_site, read_page

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


# Pages read by the parser and by read_page: link texts (references, images'
# alt texts, labels, nested tags), the head's tags and title, scroll regions.
PAGES = [
    '<a href="/a/">A &amp; B</a><a href="/i/"><img src="/x.png" alt="logo"> home</a>',
    '<a href="/l/" aria-label="Label">x <span class="n">1</span></a><a name="n">no href</a>',
    "<A HREF='/u/'>upper<IMG ALT=pic SRC=/p.png></A><a href>empty</a>",
    '<html><head><title>T &amp; U</title><meta name="description" content="d &lt; e">'
    '<meta property="og:title" content="o"><link rel="icon" href="/f.svg"></head>'
    '<body><meta name="later" content="not in the head"><div class="x table-wrap" '
    'tabindex="0" role="region" aria-label="a > b" hidden>t</div><div class="table-wrapper">'
    "</div></body></html>",
    '<!-- <a href="/c/">c</a> --><script>"<a href=/s/>s</a>"</script><p class="a b">p</p>',
]
FIELDS = ("addresses", "link_texts", "title", "metas", "links", "wraps", "markup")


def _parsed(text: str) -> Page:
    page = Page()
    page.feed(text)
    return page


@pytest.mark.parametrize("text, expected", CASES)
def test_addresses_as_the_parser_finds_them(text, expected):
    assert _parsed(text).addresses == expected
    assert addresses(text) == expected
    assert read_page(text).addresses == expected


@pytest.mark.parametrize("text", PAGES)
def test_read_page_as_the_parser_reads(text):
    parsed, read = _parsed(text), read_page(text)
    assert {f: getattr(read, f) for f in FIELDS} == {f: getattr(parsed, f) for f in FIELDS}


def test_every_golden_page_read_as_the_parser_reads_it():
    pages = parse_site(GOLDEN)
    assert len(pages) > 50
    for name, page in pages.items():
        text = (GOLDEN / name).read_text(encoding="utf-8")
        parsed = _parsed(text)
        assert addresses(text) == parsed.addresses, name
        for field in FIELDS:
            assert getattr(page, field) == getattr(parsed, field), (name, field)


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
