"""rules_core.problems: messages never carry control characters from input.

Cases: issue 11 ("control and escape characters from names reach the
terminal raw"); the escapes are Python's own (``\\x1b``, ``\\u2028``).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core.problems import ERROR, MISSING, Problem, escape, quote

# (input, escaped)
CASES = [
    ("plain, Name", "plain, Name"),
    ("Évora, José 王", "Évora, José 王"),
    ("\x1b[2J\x1b[31mred", "\\x1b[2J\\x1b[31mred"),
    ("a\u2028b\u2029c", "a\\u2028b\\u2029c"),
    ("bell\x07", "bell\\x07"),
    ("tab\tnew\nline\rcr", "tab\\x09new\\x0aline\\x0dcr"),
    ("\x85next", "\\x85next"),
    ("rtl\u202eevil", "rtl\\u202eevil"),
    ("\U000e0001tag", "\\U000e0001tag"),
]


@pytest.mark.parametrize("text, escaped", CASES)
def test_escape(text, escaped):
    assert escape(text) == escaped


def test_quote_is_repr_like():
    assert quote("O'Neil\x1b") == "'O\\'Neil\\x1b'"
    assert quote(12) == "12"


def test_every_message_is_escaped_where_it_is_made():
    p = Problem(ERROR, "trf.bad-name", "name 'Evil\x1b[2J' is odd", 3)
    assert p.message == "name 'Evil\\x1b[2J' is odd"
    assert "\x1b" not in p.format("f.trf")


def test_a_problem_without_a_line_says_why():
    p = Problem(ERROR, "trf.no-players", "no player records", no_line=MISSING)
    assert p.as_dict()["no_line"] == MISSING
    assert "no_line" not in Problem(ERROR, "x.y", "m", 3).as_dict()


@given(st.text())
def test_escaped_text_is_printable(text):
    assert escape(text).isprintable()
