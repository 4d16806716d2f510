"""sitegen.browser.pages: the checker's pages and the published list they use.

The pages are rendered without the browser bundle here (bundle=False);
tests/test_bundle.py and tests/test_browser.py cover it.
"""

from __future__ import annotations

import gzip
import html
import json
import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.browser.pages import PAGES, bundle_text, player_index, render_check_pages
from sitegen.compute.pipeline import compute
from sitegen.content.folder import load_content
from sitegen.site.render import make_environment
from tests.site_fixture import write_content


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return compute(load_content(write_content(tmp_path_factory.mktemp("content") / "c")))


def test_players_json_holds_every_published_entry(data):
    index = player_index(data)
    assert [(x["game"], x["list"]) for x in index["lists"]] == sorted(data.lists)
    rows = {(p["game"], p["id"]): p for p in index["players"]}
    for (game, name), published in data.lists.items():
        listed = next(x for x in index["lists"] if (x["game"], x["list"]) == (game, name))
        assert listed["dates"] == [pl.date.isoformat() for pl in published]
        for i, pl in enumerate(published):
            for entry in pl.entries:
                assert [i, entry.rating, entry.k] in rows[(game, entry.id)]["lists"][name]
    able = rows[("chess", "1001")]
    assert (able["name"], able["title"], able["federation"]) == ("Able, Ann", "WFM", "TST")
    latest = data.lists[("chess", "standard")][-1]
    assert able["ratings"]["standard"] == next(e.rating for e in latest.entries
                                               if e.id == "1001")


def test_render_check_pages(data, tmp_path):
    written = render_check_pages(make_environment("/"), data, tmp_path, bundle=False)
    relative = sorted(p.relative_to(tmp_path).as_posix() for p in written)
    meta = json.loads((tmp_path / "static" / "check" / "players.json").read_text("utf-8"))
    shards = [r for r in relative if r.startswith("static/players/" + meta["folder"][11:])]
    assert sorted(set(relative) - set(shards)) == [
        "check/index.html", "check/norm/index.html", "check/rating/index.html",
        "static/check/players.json"]
    assert shards
    for path, _, title in PAGES:
        html = (tmp_path / path / "index.html").read_text("utf-8")
        assert f"<h1>{title}</h1>" in html and "Test Federation" in html
        assert re.search(r'<script type="module" src="/static/check/\w+\.js"></script>', html)
        assert 'href="/static/check/check.css"' in html
    check = (tmp_path / "check" / "index.html").read_text("utf-8")
    assert '<option value="detect" selected>' in check
    assert '<option value="fmjd-2024">' in check
    json.loads((tmp_path / "static" / "check" / "players.json").read_text("utf-8"))


def test_pages_follow_the_base_path(data, tmp_path):
    """A site published under /ratings/ links its scripts there."""
    render_check_pages(make_environment("/ratings/"), data, tmp_path, bundle=False)
    html = (tmp_path / "check" / "rating" / "index.html").read_text("utf-8")
    assert 'src="/ratings/static/check/rating.js"' in html


def test_the_pages_carry_the_sites_bundle_json(data, tmp_path):
    """Each page's status line carries the site's bundle.json (data-bundle),
    so that the page starts its worker without asking for it first
    (docs/browser.md, "Where a warm start goes"); a site without one (no
    bundle) carries none, and the page fetches it as before (common.js)."""
    render_check_pages(make_environment("/"), data, tmp_path / "none", bundle=False)
    assert "data-bundle" not in (tmp_path / "none" / "check" / "index.html").read_text("utf-8")
    described = {"worker": "../bundle/0123456789abcdef/worker.js", "snapshot": None,
                 "snapshot_missing": "no <node> & \"quotes\"", "offline": []}
    at = tmp_path / "site" / "static" / "check"
    at.mkdir(parents=True)
    (at / "bundle.json").write_text(json.dumps(described, indent=1), "utf-8")
    render_check_pages(make_environment("/"), data, tmp_path / "site", bundle=False)
    assert json.loads(bundle_text(tmp_path / "site") or "") == described
    for path, _, _ in PAGES:
        page = (tmp_path / "site" / path / "index.html").read_text("utf-8")
        carried = re.findall(r'data-bundle="([^"]*)"', page)
        assert [json.loads(html.unescape(text)) for text in carried] == [described], path


def test_same_data_same_bytes(data, tmp_path):
    first = render_check_pages(make_environment("/"), data, tmp_path / "a", bundle=False)
    second = render_check_pages(make_environment("/"), data, tmp_path / "b", bundle=False)
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]


def _name_key_statement(name: str, prefix: int) -> str:
    """What `pages.name_key` computes, as plainly as it reads: NFKD, lower
    case, the letters and digits a-z 0-9 kept, the first `prefix` of them
    padded with "_" (its ASCII shortcut must agree)."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", name).lower()
                     if c in "abcdefghijklmnopqrstuvwxyz0123456789")
    return (folded[:prefix] + "_" * prefix)[:prefix]


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from("aZ09 .,'-_Öéßİ李—\u0301ﬁ"), max_size=14) | st.text(max_size=14),
       st.integers(1, 3))
def test_name_key_is_its_statement_for_any_name(name, prefix):
    from sitegen.browser.pages import name_key
    assert name_key(name, prefix) == _name_key_statement(name, prefix)


def test_the_index_is_sharded_by_id_and_name(data):
    """Every player is in the id shard that inbrowser computes for its id,
    and in the name shard of its folded name; players.json holds no player."""
    from sitegen.browser import worker as inbrowser
    from sitegen.browser.pages import (
        ONE_LETTER_NAMES,
        id_shard_count,
        name_key,
        name_prefix,
        shard_file,
        sharded_index,
    )

    meta, files = sharded_index(data)
    assert "players" not in meta and meta["count"] == len(player_index(data)["players"])
    for path, body in files.items():
        for row in _rows(body):
            if path.startswith("id/"):
                n = inbrowser.id_shard(row["game"], row["id"], meta["id_shards"])
                assert path == shard_file(meta, "id", n)
            else:
                assert path == shard_file(meta, "name", name_key(row["name"], meta["name_prefix"]))
                assert "lists" not in row and "ratings" not in row
    assert id_shard_count(1_200_000) == 65536 and id_shard_count(10) == 1
    assert name_key("Ōno, Ken") == "on" and name_key("李") == "__"
    assert name_key("Ōno, Ken", 1) == "o" and name_key("李", 1) == "_"
    assert name_key("A.........B") == "ab" and name_key("  x") == "x_"
    assert (name_prefix(ONE_LETTER_NAMES), name_prefix(ONE_LETTER_NAMES + 1)) == (1, 2)
    assert meta["name_prefix"] == 1 and len(meta["names"]) <= 37


def _rows(body: bytes) -> list[dict]:
    """A shard's players, as the browser reads them: unpacked, then a
    dictionary a row (sitegen.browser.worker.shard_rows)."""
    from sitegen.browser.worker import shard_rows

    return shard_rows(json.loads(gzip.decompress(body)))


SHARD_NAMES = [
    # (kind, key, the file: a name that never changes, the address: the
    # hash of its bytes in players.json as the query)
    ("id", 3, "id/3.json.gz", "id/3.json.gz?v=0123456789ab"),
    ("name", "ab", "name/ab.json.gz", "name/ab.json.gz?v=ba9876543210"),
]


@pytest.mark.parametrize(("kind", "key", "path", "url"), SHARD_NAMES)
def test_shard_file(kind, key, path, url):
    from sitegen.browser.pages import shard_file, shard_url

    meta = {"id_hashes": ["x", "y", "z", "0123456789ab"], "names": ["aa", "ab"],
            "name_hashes": ["x", "ba9876543210"], "suffix": ".json.gz"}
    assert (shard_file(meta, kind, key), shard_url(meta, kind, key)) == (path, url)


def test_a_shard_keeps_its_name_and_bytes_while_its_players_do_not_change():
    """Each shard keeps its name; its address changes with its bytes
    (docs/scale.md#incremental-builds): one player more changes his id and
    name shards only, and their hashes in players.json."""
    from sitegen.browser.pages import shard_index, shard_url

    def row(pid, name):
        return {"game": "chess", "id": pid, "name": name, "ratings": {"standard": 2000},
                "lists": {"standard": [[0, 2000, 20]]}}
    players = [row(str(1000 + n), f"{chr(97 + n % 26)}x, P{n}") for n in range(100)]
    index = {"format": 1, "lists": [], "players": players}
    meta_before, before = shard_index(index)
    meta_after, after = shard_index(index | {"players": players + [row("5000", "Zed, New")]})
    # no file added or removed; his id shard and his name shard ("z": one
    # letter on a small index) modified in place, no other
    assert set(after) == set(before)
    assert {p for p in before if before[p] != after[p]} == {"id/0.json.gz", "name/z.json.gz"}
    urls = [(shard_url(m, "id", 0), shard_url(m, "id", 1)) for m in (meta_before, meta_after)]
    assert urls[0][0] != urls[1][0] and urls[0][1] == urls[1][1]


IDENTITY_CHANGES = [
    # (what changes in the player's row, whether his name shard changes):
    # a name shard holds who a player is, nothing his playing changes
    # (docs/scale.md#incremental-builds, docs/browser.md#the-player-index)
    ({"ratings": {"standard": 2150}}, False),
    ({"ratings": {"standard": 2000, "rapid": 1900}}, False),
    ({"lists": {"standard": [[0, 2000, 20], [1, 2150, 20]]}}, False),
    ({"title": "FM"}, True),
    ({"federation": "NED"}, True),
    ({"name": "Ax, Renamed"}, True),
    ({"birth_year": 1990}, True),
    ({"sex": "w"}, True),
]


@pytest.mark.parametrize(("change", "name_shard_changes"), IDENTITY_CHANGES)
def test_a_name_shard_changes_with_identities_not_ratings(change, name_shard_changes):
    """Format 6: a player's new rating changes his id shard only; his name
    shard (its bytes, and so its address) changes only when who he is
    changes, and its rows hold no rating."""
    from sitegen.browser.pages import NAME_COLUMNS, shard_index

    def row(pid, name):
        return {"game": "chess", "id": pid, "name": name, "federation": "TST", "sex": "m",
                "birth_year": 1980, "title": "", "ratings": {"standard": 2000},
                "lists": {"standard": [[0, 2000, 20]]}}
    players = [row(str(1000 + n), f"{chr(97 + n % 26)}x, P{n}") for n in range(100)]
    index = {"format": 1, "lists": [], "players": players}
    meta_before, before = shard_index(index)
    changed = [players[0] | change, *players[1:]]
    meta_after, after = shard_index(index | {"players": changed})
    modified = {p for p in before if before[p] != after.get(p)}
    assert "ratings" not in NAME_COLUMNS and "lists" not in NAME_COLUMNS
    assert all("ratings" not in r for p, body in after.items() if p.startswith("name/")
               for r in _rows(body))
    assert any(p.startswith("name/") for p in modified) == name_shard_changes
    assert (meta_before["name_hashes"] != meta_after["name_hashes"]) == name_shard_changes
    assert any(p.startswith("id/") for p in modified)        # the id shard has it all


def test_shards_are_gzip_tables_of_every_player_once(data):
    """Format 5 (docs/browser.md#the-player-index): each shard is gzip
    (magic 1f 8b, no time: the same rows give the same bytes), a table of
    the columns once and a row a player; read back, the id shards hold
    every player of `player_index` once, whole, and the name shards the
    same rows without the ratings and the list history (format 6)."""
    from sitegen.browser.pages import ID_COLUMNS, NAME_COLUMNS, SHARD_SUFFIX, sharded_index

    meta, files = sharded_index(data)
    assert (meta["format"], meta["suffix"]) == (6, SHARD_SUFFIX)
    by_id, by_name = [], []
    for path, body in files.items():
        assert body[:2] == b"\x1f\x8b" and body[4:8] == b"\0\0\0\0"
        table = json.loads(gzip.decompress(body))
        kind = path.split("/")[0]
        assert table["columns"] == list(ID_COLUMNS if kind == "id" else NAME_COLUMNS)
        assert all(len(row) == len(table["columns"]) for row in table["players"])
        (by_id if kind == "id" else by_name).extend(_rows(body))
    players = player_index(data)["players"]
    key = lambda p: (p["game"], p["id"])    # noqa: E731
    assert sorted(by_id, key=key) == sorted(players, key=key)
    assert sorted(by_name, key=key) == [{k: v for k, v in p.items() if k not in ("ratings", "lists")}
                                        for p in sorted(players, key=key)]


SHARD_ROWS = [
    # format 5: the columns once, a row of values a player
    ({"columns": ["game", "id", "name"], "players": [["chess", "7", "Ann"]]},
     [{"game": "chess", "id": "7", "name": "Ann"}]),
    # before format 5: a dictionary a player, read as it is
    ({"players": [{"game": "chess", "id": "7", "name": "Ann"}]},
     [{"game": "chess", "id": "7", "name": "Ann"}]),
    ({}, []),
]


@pytest.mark.parametrize(("shard", "rows"), SHARD_ROWS)
def test_shard_rows(shard, rows):
    from sitegen.browser.worker import shard_rows

    assert shard_rows(shard) == rows


def test_a_shard_file_before_format_5_is_plain_json():
    """players.json without a `suffix` (format 4) names its shards .json."""
    from sitegen.browser.pages import shard_file

    assert shard_file({}, "id", 3) == "id/3.json"


def test_the_shards_made_row_by_row_are_those_of_the_whole_index(data):
    """`sharded_index` makes each row as its shard is written (no index of
    every player held at once, docs/scale.md#memory): the same players.json
    and the same bytes as sharding `player_index`'s whole list."""
    from sitegen.browser.pages import shard_index, sharded_index

    assert sharded_index(data) == shard_index(player_index(data))
