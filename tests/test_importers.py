"""`sitegen import`: FIDE's lists, FMJD's player file, event players.

The FIDE lines are FIDE's own (August 2026, ../shared/third_party_data,
tests skip without them) and our fixtures written to the same columns."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.cli import main
from sitegen.importers.fide import list_date_from_name, read_fide_text, read_fide_xml
from sitegen.importers.fmjd import fmjd_date_from_name, read_fmjd
from sitegen.importers.merge import Registry, merge
from sitegen.importers.model import Imported, ImportedList
from tests.shared_data import third_party

# FIDE's August 2026 lines as they read (tests/shared_data: lila's extract)
REAL_BLITZ = [("703303", "Leko, Peter", "HUN", "M", "GM", 2738, 1979),
              ("700070", "Polgar, Judit", "HUN", "F", "GM", 2736, 1976),
              ("537001345", "A Arbhin Vanniarajan", "IND", "M", "", 1431, 2018),
              ("48701955", "Aadya Gowda", "IND", "F", "WCM", 1807, 2013)]


def _line(pid, name, fed, sex, title, ratings, year, flag=""):
    """A line in FIDE's columns (fide.SINGLE / fide.COMBINED)."""
    line = f"{pid:<15}{name:<61}{fed:<4}{sex:<4}{title:<5}{'':<5}{'':<15}{'':<4}"
    for rating in ratings:
        line += f"{rating:<6}{'0':<4}{'20':<3}"
    return line + f"{year:<6}{flag:<4}"


FIXTURE = "\r\n".join([
    "ID Number      Name" + " " * 100,
    _line("9000001", "Vasquez, Rodrigo", "CHI", "M", "GM", [2558], 1969),
    _line("9000002", "Able, Ann", "TST", "F", "WFM", [2001], 1990),
    _line("9000003", "Able, Ann", "TST", "F", "", [1500], 1990),
]) + "\r\n"


def test_fixture_lines_have_fides_width():
    assert {len(line) for line in FIXTURE.split("\r\n")[1:] if line} == {136}


def test_real_fide_blitz_lines(shared_dir):
    path = third_party("chess", "lila_fide_blitz_rating_list_lines_aug2026.txt")
    text = path.read_bytes().decode("utf-8")
    assert "\r\n" in text
    read = read_fide_text(text, path.name, list_date_from_name("aug26"), "blitz")
    assert not read.problems
    got = [(p.id, p.name, p.federation, p.sex, p.title, p.ratings["blitz"], p.birth_year)
           for p in read.players]
    assert got == REAL_BLITZ


def test_real_fide_combined_line(shared_dir):
    path = third_party("chess", "lila_fide_players_list_combined_line_aug2026.txt")
    read = read_fide_text(path.read_text("utf-8"), path.name, date(2026, 8, 1), None)
    assert not read.problems
    (leko,) = read.players
    assert leko.ratings == {"standard": 2676, "rapid": 2700, "blitz": 2738}
    assert leko.birth_year == 1979


@pytest.mark.parametrize("name, day", [("standard_aug26frl.txt", date(2026, 8, 1)),
                                       ("players_list_jan2025.txt", date(2025, 1, 1)),
                                       ("list.txt", None)])
def test_list_date_from_fides_file_names(name, day):
    assert list_date_from_name(name) == day


def test_fide_xml():
    text = ("<playerslist><player><fideid>703303</fideid><name>Leko, Peter</name>"
            "<country>HUN</country><sex>M</sex><title>GM</title><w_title></w_title>"
            "<rating>2676</rating><games>0</games><k>10</k><rapid_rating>2700</rapid_rating>"
            "<rapid_games>0</rapid_games><rapid_k>10</rapid_k><blitz_rating>2738"
            "</blitz_rating><blitz_games>0</blitz_games><blitz_k>10</blitz_k>"
            "<birthday>1979</birthday><flag></flag></player></playerslist>")
    (leko,) = read_fide_xml(text, "x.xml", date(2026, 8, 1), None).players
    assert leko.ratings == {"standard": 2676, "rapid": 2700, "blitz": 2738}


def test_fide_bad_line_reported_with_its_line():
    text = FIXTURE + "not a player line" + " " * 120 + "\r\n"
    read = read_fide_text(text, "std.txt", date(2026, 8, 1), "standard")
    assert read.problems and read.problems[0].startswith("std.txt:5:")


def test_fmjd_player_file():
    text = ("nr_ew,nick,last_n,first_n,country,title,rating,wtitle,wrating\n"
            "10934,,Fitzgerald,Darragh,NSF,,2100,,\n14510,,Liepins,Liga,LAT,,2155,MIF,2155\n")
    read = read_fmjd(text, "V240401.DRA", fmjd_date_from_name("V240401.DRA"))
    assert read.date == date(2024, 4, 1)
    assert [(p.id, p.name, p.ratings, p.title) for p in read.players] == [
        ("10934", "Fitzgerald, Darragh", {"standard": 2100}, ""),
        ("14510", "Liepins, Liga", {"standard": 2155}, "MIF")]


def test_fmjd_missing_columns():
    read = read_fmjd("id,name\n1,x\n", "V240401.DRA", date(2024, 4, 1))
    assert read.problems == ["V240401.DRA:1: missing column nr_ew, last_n, first_n, country, "
                             "rating: expected FMJD's player file (nr_ew, last_n, first_n, "
                             "country, rating, ...)"]


# -- matching and writing ------------------------------------------------------------

REGISTRY = "id,name,federation,sex,birth,title\n1001,\"Able, Ann\",TST,w,1990-01-01,WFM\n" \
           "1002,\"Baker, Bob\",TST,m,1985,FM\n"


@pytest.fixture
def content(tmp_path) -> Path:
    (tmp_path / "content" / "players").mkdir(parents=True)
    (tmp_path / "content" / "players" / "chess.csv").write_text(REGISTRY, encoding="utf-8")
    return tmp_path / "content"


def _import(content: Path, path: Path, *more: str) -> int:
    return main(["import", str(path), "--content", str(content), *more])


def test_import_matches_reports_and_is_idempotent(content, tmp_path, capsys):
    path = tmp_path / "standard_aug26frl.txt"
    path.write_bytes(FIXTURE.encode())
    assert _import(content, path) == 1          # two "Able, Ann" of the file match 1001
    out = capsys.readouterr().out
    assert "new: " in out and "9000001" in out
    assert out.count("ambiguous, not imported") == 2 and "registry id 1001" in out
    registry = (content / "players" / "chess.csv").read_text("utf-8")
    ratings = (content / "players" / "chess-ratings.csv").read_text("utf-8")
    assert _import(content, path) in (0, 1)
    assert (content / "players" / "chess.csv").read_text("utf-8") == registry
    assert (content / "players" / "chess-ratings.csv").read_text("utf-8") == ratings
    assert "0 rows written" in capsys.readouterr().out


def test_an_ambiguous_pair_is_reported_and_not_merged(content, tmp_path, capsys):
    (content / "players" / "chess.csv").write_text(
        REGISTRY + "1003,\"Able, Ann\",TST,w,1990-07-07,\n", encoding="utf-8")
    path = tmp_path / "standard_aug26frl.txt"
    path.write_bytes(FIXTURE.encode())
    assert _import(content, path) == 1
    out = capsys.readouterr().out
    assert "ambiguous, not imported" in out and "1001, 1003" in out
    ratings = (content / "players" / "chess-ratings.csv").read_text("utf-8")
    assert "1001," not in ratings and "1003," not in ratings


def test_a_unique_name_match_is_said(content, tmp_path, capsys):
    path = tmp_path / "standard_aug26frl.txt"
    path.write_bytes(("\r\n".join([_line("9000004", "BAKER,Bob", "TST", "M", "FM", [2150],
                                         1985)]) + "\r\n").encode())
    assert _import(content, path) == 0
    assert "matched by name" in capsys.readouterr().out
    assert "1002,2026-08-01,2150" in (content / "players" / "chess-ratings.csv").read_text()


def test_next_months_list_keeps_history(content, tmp_path, capsys):
    for month, rating in (("aug26", 2558), ("sep26", 2561)):
        path = tmp_path / f"standard_{month}frl.txt"
        path.write_bytes((_line("9000001", "Vasquez, Rodrigo", "CHI", "M", "GM", [rating], 1969)
                          + "\r\n").encode())
        _import(content, path)
    rows = (content / "players" / "chess-ratings.csv").read_text().splitlines()
    assert [r.split(",")[:3] for r in rows[1:]] == [["9000001", "2026-08-01", "2558"],
                                                    ["9000001", "2026-09-01", "2561"]]


def test_import_of_every_real_event_file(shared_dir, tmp_path, capsys):
    files = sorted(p for p in (shared_dir / "chess").iterdir()
                   if p.suffix in (".trf", ".pgn", ".xml")) + \
        sorted(p for p in (shared_dir / "draughts").iterdir() if p.name.startswith("clpippel"))
    content = tmp_path / "content"
    for path in files:
        status = main(["import", str(path), "--content", str(content), "--date", "2024-01-01"])
        out = capsys.readouterr()
        assert "Traceback" not in out.err
        assert status in (0, 1), (path, out.err)
    assert (content / "players" / "chess.csv").exists()


# fide-2002 quarterly lists, fide-2009 six a year, fide-2024 monthly; FMJD quarterly
LISTS_IN_FORCE = [("chess", "standard", date(2005, 8, 20), date(2005, 7, 1)),
                  ("chess", "standard", date(2010, 9, 24), date(2010, 9, 1)),
                  ("chess", "standard", date(2010, 10, 2), date(2010, 9, 1)),
                  ("chess", "standard", date(2025, 2, 14), date(2025, 2, 1)),
                  ("draughts", "standard", date(2024, 6, 1), date(2024, 4, 1))]


@pytest.mark.parametrize("game, rate, start, day", LISTS_IN_FORCE)
def test_event_players_are_rated_as_of_the_list_in_force(game, rate, start, day):
    from sitegen.importers.events import list_in_force
    assert list_in_force(game, rate, start) == day


def test_import_of_a_real_trf_players(tmp_path, capsys):
    """The Gros 2010 TRF (52 players, 41 rated, one without a FIDE id):
    51 new players, the one without an id reported, the 41 ratings dated
    on the list in force on 24 September 2010 (fide-2009: 1 September)."""
    path = third_party("chess", "echecs_javafo_sample2_Gros2010.trf")
    content = tmp_path / "content"
    assert main(["import", str(path), "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "51 new, 0 matched by name, 0 ambiguous, 1 not imported, 41 rows written" in out
    rows = (content / "players" / "chess-ratings.csv").read_text("utf-8").splitlines()[1:]
    assert len(rows) == 41 and {r.split(",")[1] for r in rows} == {"2010-09-01"}
    assert main(["import", str(path), "--content", str(content)]) == 0
    assert "0 new, 0 matched by name, 0 ambiguous, 1 not imported, 0 rows written" \
        in capsys.readouterr().out
    assert (content / "players" / "chess-ratings.csv").read_text("utf-8").splitlines()[1:] \
        == rows


def test_an_event_file_does_not_rewrite_registered_players_ratings(content, tmp_path, capsys):
    from tests.site_fixture import round_robin_toml
    text = round_robin_toml("Open", "2024-04-01", "2024-04-03", ["1001", "5555"])
    text = text.replace('id = "1001"\n', 'id = "1001"\nrating = 1234\n')
    text = text.replace('id = "5555"\n', 'id = "5555"\nrating = 1600\n')
    path = tmp_path / "open.toml"
    path.write_text(text, encoding="utf-8")
    assert _import(content, path) == 0
    rows = (content / "players" / "chess-ratings.csv").read_text().splitlines()[1:]
    assert [r.split(",")[:3] for r in rows] == [["5555", "2024-04-01", "1600"]]


# -- the README's sequence, on the repo's own files ----------------------------------

ROOT = Path(__file__).resolve().parent.parent
OWN_LIST = ROOT / "tests" / "data" / "fide" / "standard_jun25frl.txt"   # our fixture
OWN_EVENT = ROOT / "content" / "events" / "chess" / "2025-06-westerby-summer-open-2025.trf"
SITE = '[site]\nname = "Example"\nfederation = "NSF"\n\n[[lists]]\ngame = "chess"\n' \
    'list = "standard"\n'


def test_from_fides_list_and_a_trf_to_site_data(tmp_path, capsys):
    """README, "From FIDE's list and a folder of event files to a site"."""
    from sitegen.compute.pipeline import compute, rating_problems
    from sitegen.content.folder import load_content
    own = tmp_path / "own"
    (own / "events" / "chess").mkdir(parents=True)
    (own / "events" / "chess" / OWN_EVENT.name).write_bytes(OWN_EVENT.read_bytes())
    (own / "site.toml").write_text(SITE, encoding="utf-8")
    assert main(["import", str(OWN_LIST), "--content", str(own)]) == 0
    assert "4 new" in capsys.readouterr().out
    assert main(["import", str(own / "events" / "chess" / OWN_EVENT.name),
                 "--content", str(own)]) == 0
    assert "75 new, 0 matched by name" in capsys.readouterr().out
    content = load_content(own)
    data = compute(content)
    july = next(dated for dated in data.lists[("chess", "standard")]
                if dated.date == date(2025, 7, 1))
    assert {"4421706", "3400042"} <= {e.id for e in july.entries}
    found = content.warnings + rating_problems(content, data)
    assert not [p for _, p in found if p.is_error]
    assert any(p.code == "content.games-unknown" for _, p in found)


def test_a_transfer_is_said_and_the_registry_kept(content, tmp_path, capsys):
    path = tmp_path / "standard_sep26frl.txt"
    path.write_bytes((_line("1002", "Baker, Bob", "ENG", "M", "FM", [2100], 1985) + "\r\n")
                     .encode())
    assert _import(content, path) == 0
    out = capsys.readouterr().out
    assert "registry kept: " in out and "federation 'ENG' in the file, 'TST' in the registry" \
        in out
    assert "1002,\"Baker, Bob\",TST" in (content / "players" / "chess.csv").read_text()


# -- invariants (hypothesis) -------------------------------------------------------------

_NAMES = st.sampled_from(["Able, Ann", "ABLE,Ann", "Baker, Bob", "Bäker, Bob", "Cole, Cy"])
_PLAYERS = st.lists(st.tuples(st.integers(1, 30), _NAMES, st.sampled_from(["TST", "ENG", ""]),
                              st.sampled_from([1990, 1991, None]), st.integers(1000, 2800)),
                    max_size=12)


@settings(max_examples=100, deadline=None)
@given(registered=_PLAYERS, imported=_PLAYERS)
def test_import_never_merges_two_and_is_idempotent(registered, imported):
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "players").mkdir()
        seen, lines = set(), ["id,name,federation,sex,birth,title"]
        for pid, name, fed, year, _ in registered:
            if pid not in seen:
                seen.add(pid)
                lines.append(f"{pid},\"{name}\",{fed},,{year or ''},")
        (root / "players" / "chess.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        players = [Imported(str(100 + pid), name, fed, birth_year=year,
                            ratings={"standard": rating}, line=i)
                   for i, (pid, name, fed, year, rating) in enumerate(imported, start=1)]
        files = ImportedList("list.txt", "chess", date(2026, 8, 1), players)
        first = Registry(root, "chess")
        merge(first, files)
        first.write()
        written = {p: (root / "players" / p).read_bytes()
                   for p in ("chess.csv", "chess-ratings.csv")}
        # two people of one file never become one registry player
        rows = (root / "players" / "chess-ratings.csv").read_text().splitlines()[1:]
        ids = [r.split(",")[0] for r in rows]
        assert len(ids) == len(set(ids))
        again = Registry(root, "chess")
        outcome = merge(again, files)
        again.write()
        assert outcome.updated == 0 and not outcome.new
        assert {p: (root / "players" / p).read_bytes() for p in written} == written


def test_two_players_of_one_file_with_one_name_stay_two(content, tmp_path, capsys):
    """Found by hypothesis: the second of two namesakes new to the registry
    was taken, by name, for the first one just added."""
    path = tmp_path / "standard_aug26frl.txt"
    path.write_bytes(("\r\n".join([
        _line("9000011", "Cole, Cy", "TST", "M", "", [1800], 1990),
        _line("9000012", "Cole, Cy", "TST", "M", "", [1900], 1990)]) + "\r\n").encode())
    assert _import(content, path) == 0
    rows = (content / "players" / "chess-ratings.csv").read_text().splitlines()[1:]
    assert [r.split(",")[:3] for r in rows] == [["9000011", "2026-08-01", "1800"],
                                                ["9000012", "2026-08-01", "1900"]]


def test_federation_adds_its_own_and_updates_registered_foreigners(content, tmp_path, capsys):
    path = tmp_path / "standard_aug26frl.txt"
    path.write_bytes(("\r\n".join([
        _line("1002", "Baker, Bob", "TST", "M", "FM", [2111], 1985),
        _line("9000021", "Dane, Dan", "TST", "M", "", [1700], 1990),
        _line("9000022", "Egan, Eve", "ENG", "F", "", [1750], 1992)]) + "\r\n").encode())
    (content / "players" / "chess.csv").write_text(
        REGISTRY + "7000001,\"Fry, Flo\",ENG,w,1980,\n", encoding="utf-8")
    path.write_bytes(path.read_bytes() + (_line("7000001", "Fry, Flo", "ENG", "F", "", [1999],
                                                1980) + "\r\n").encode())
    assert _import(content, path, "--federation", "TST") == 0
    rows = (content / "players" / "chess-ratings.csv").read_text().splitlines()[1:]
    assert [r.split(",")[0] for r in rows] == ["1002", "7000001", "9000021"]
    assert "9000022" not in (content / "players" / "chess.csv").read_text()


def test_import_usage_errors(content, tmp_path, capsys):
    assert _import(content, tmp_path / "missing.txt") == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        _import(content, tmp_path / "missing.txt", "--date", "August 2026")
    assert stop.value.code == 2


# An event file without a start date (the PGN exports of lichess studies
# carry none): its NAME.meta.toml gives it, as in the build; without one,
# --date says which list its ratings are from.
UNDATED_PGN = """[Event "Club match"]
[Round "1"]
[White "Able, Ann"]
[Black "Newcomer, Nia"]
[WhiteFideId "1001"]
[BlackFideId "1009"]
[WhiteElo "2000"]
[BlackElo "1750"]
[Result "1-0"]

1. e4 e5 1-0
"""


def test_an_event_without_date_takes_its_meta_file(content, capsys):
    event = content / "events" / "chess" / "club-match.pgn"
    event.parent.mkdir(parents=True)
    event.write_text(UNDATED_PGN, encoding="utf-8")
    assert _import(content, event) == 1
    err = capsys.readouterr().err
    assert "the event has no start date (in the file or its NAME.meta.toml): give --date" in err
    event.with_name("club-match.meta.toml").write_text(
        "[event]\nstart = 2025-06-18\n", encoding="utf-8")
    assert _import(content, event) == 0
    rows = (content / "players" / "chess-ratings.csv").read_text("utf-8").splitlines()[1:]
    assert rows and all(",2025-06-01," in row for row in rows)       # the list in force
    assert "1009" in rows[0]


def test_an_event_without_date_takes_the_date_given(content, capsys):
    event = content / "club-match.pgn"
    event.write_text(UNDATED_PGN, encoding="utf-8")
    assert _import(content, event, "--date", "2025-05-01") == 0
    rows = (content / "players" / "chess-ratings.csv").read_text("utf-8").splitlines()[1:]
    assert rows and all(",2025-05-01," in row for row in rows)
