"""The content loader: every setting checked, the dated registry, byes.

Broken content folders (issue 11 item 3, issue 9 item 4): each gives
FILE:LINE, exit status 1 and no traceback."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from rules_core.check import check_text
from sitegen.cli import main
from sitegen.compute.pipeline import compute, default_end
from sitegen.content.folder import ContentError, load_content
from tests.site_fixture import round_robin_toml, write_content


def _site(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def _edit(relative: str, old: str, new: str):
    def edit(root: Path) -> None:
        path = root / relative
        path.write_text(_site(path.read_text("utf-8"), old, new), encoding="utf-8")
    return edit


def _write(relative: str, text: str):
    def write(root: Path) -> None:
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return write


def _folder(relative: str):
    def make(root: Path) -> None:
        path = root / relative
        if path.exists():
            path.unlink()
        path.mkdir(parents=True)
    return make


META_OF_APRIL = "events/chess/2024-04-april-open.meta.toml"

# (what is broken, how, the file:line expected in the output)
BROKEN = [
    ("start in words", _edit("site.toml", "start = 2024-03-01", 'start = "July 2005"'),
     "site.toml:5"),
    ("start with a time", _edit("site.toml", "start = 2024-03-01", "start = 2024-03-01T10:00:00"),
     "site.toml:5"),
    ("unknown key logo", _edit("site.toml", "start =", 'logo = "x.png"\nstart ='), "site.toml:5"),
    ("unknown language", _edit("site.toml", "start =", 'languages = ["xx-bogus"]\nstart ='),
     "site.toml:5"),
    ("[theme] unknown key", _edit("site.toml", "[[lists]]", "[theme]\ncolour = 1\n\n[[lists]]"),
     "site.toml:9"),
    ("[theme] accent not a colour", _edit("site.toml", "[[lists]]",
                                          '[theme]\naccent = "crimson"\n\n[[lists]]'),
     "site.toml:9"),
    ("[theme] accent too light", _edit("site.toml", "[[lists]]",
                                       '[theme]\naccent = "#ffcc00"\n\n[[lists]]'),
     "site.toml:9"),
    ("[theme] logo missing", _edit("site.toml", "[[lists]]",
                                   '[theme]\n\nlogo = "theme/logo.svg"\n\n[[lists]]'),
     "site.toml:10"),
    ("[theme] logo outside", _edit("site.toml", "[[lists]]",
                                   '[theme]\nlogo = "../logo.svg"\n\n[[lists]]'),
     "site.toml:9"),
    ("name a number", _edit("site.toml", 'name = "Test Federation"', "name = 5"), "site.toml:2"),
    ("federation missing", _edit("site.toml", 'federation = "TST"\n', ""), "site.toml:1"),
    ("base_url with a quote", _edit("site.toml", 'base_url = "https://ratings.test.example"',
                                    "base_url = 'https://x.example/\" onload=\"x'"),
     "site.toml:4"),
    ("base_url javascript", _edit("site.toml", 'base_url = "https://ratings.test.example"',
                                  'base_url = "javascript:alert(1)"'), "site.toml:4"),
    ("a game that is not", _edit("site.toml", 'game = "chess"', 'game = "go"'), "site.toml:9"),
    ("a list given twice", _edit("site.toml", 'list = "standard"\n\n[[lists]]\ngame = "draughts"',
                                 'list = "standard"\n\n[[lists]]\ngame = "chess"'),
     "site.toml:13"),
    ("not TOML", _edit("site.toml", "start = 2024-03-01", "start = = 2024"), "site.toml:5"),
    ("site.toml a folder", _folder("site.toml"), "site.toml"),
    ("players/chess.csv a folder", _folder("players/chess.csv"), "players/chess.csv"),
    ("events/chess a file", lambda root: (_rm(root / "events" / "chess"),
                                          (root / "events" / "chess").write_text("x")),
     "events/chess"),
    ("an event file of unknown type", _write("events/chess/notes.docx", "x"),
     "events/chess/notes.docx"),
    ("a file beside the game folders", _write("events/results.toml", "x"), "events/results.toml"),
    ("an event file name with a space", _write("events/chess/a b.toml", "x"),
     "events/chess/a b.toml"),
    ("a player id ..", _edit("players/chess.csv", "1006,", "..,"), "players/chess.csv:7"),
    ("a player id with a separator", _edit("players/chess.csv", "1005,", "a/b,"),
     "players/chess.csv:6"),
    ("sex unknown", _edit("players/chess.csv", "TST,w,1990", "TST,x,1990"), "players/chess.csv:2"),
    ("a rating in words", _edit("players/chess.csv", ",2000,", ",high,"), "players/chess.csv:2"),
    ("a rating '²'", _edit("players/chess.csv", ",2000,", ",²,"), "players/chess.csv:2"),
    ("a rating of 5000 digits", _edit("players/chess.csv", ",2000,", "," + "9" * 5000 + ","),
     "players/chess.csv:2"),
    ("a birth year '１９９０'", _edit("players/chess.csv", "1990-01-01", "１９９０"),
     "players/chess.csv:2"),
    ("an unknown column", _edit("players/chess.csv", "reached", "reached,colour"),
     "players/chess.csv:1"),
    ("a stray registry file", _write("players/extra.csv", "id\n"), "players/extra.csv"),
    ("ratings of an unknown id", _write("players/chess-ratings.csv",
                                        "id,date,standard\n9999,2024-03-01,2000\n"),
     "players/chess-ratings.csv:2"),
    ("ratings with a bad date", _write("players/chess-ratings.csv",
                                       "id,date,standard\n1001,March 2024,2000\n"),
     "players/chess-ratings.csv:2"),
    ("meta problems = []", _write(META_OF_APRIL, "[event]\nproblems = []\n"),
     f"{META_OF_APRIL}:2"),
    ("meta players", _write(META_OF_APRIL, "[event]\ncity = \"X\"\nplayers = 3\n"),
     f"{META_OF_APRIL}:3"),
    ("meta unknown key", _write(META_OF_APRIL, "[event]\nsponsor = \"X\"\n"),
     f"{META_OF_APRIL}:2"),
    ("meta start in words", _write(META_OF_APRIL, "[event]\nstart = \"soon\"\n"),
     f"{META_OF_APRIL}:2"),
    ("meta rounds in words", _write(META_OF_APRIL, "[event]\n\nrounds = \"nine\"\n"),
     f"{META_OF_APRIL}:3"),
    ("meta women_only a text", _write(META_OF_APRIL, "[event]\nwomen_only = \"yes\"\n"),
     f"{META_OF_APRIL}:2"),
    ("a World Cup season not TOML", _write("worldcup/notes.txt", "x"), "worldcup/notes.txt"),
    ("season factors a text", _edit("worldcup/2024.toml", "[[events]]",
                                    '[settings]\nfactors = "x"\n\n[[events]]'),
     "worldcup/2024.toml:5"),
    ("season bonus of texts", _edit("worldcup/2024.toml", "[[events]]",
                                    '[settings]\nbonus = ["a"]\n\n[[events]]'),
     "worldcup/2024.toml:5"),
    ("season unknown key", _edit("worldcup/2024.toml", "stars = 3", "stars = 3\ncolour = 1"),
     "worldcup/2024.toml:7"),
    ("season declaration date", _write("worldcup/2025.toml", '[season]\nname = "x"\n\n'
                                       '[[declarations]]\nplayer = "20003"\nmade_on = "soon"\n'),
     "worldcup/2025.toml:6"),
    ("season events not tables", _write("worldcup/2025.toml", 'events = 3\n'),
     "worldcup/2025.toml:1"),
    ("a page name with a space", _write("pages/bad name.md", "# x"), "pages/bad name.md"),
    ("no start and no event", lambda root: (_edit("site.toml", "start = 2024-03-01\n", "")(root),
                                            _rm(root / "events")),
     "site.toml:1"),
]


def _rm(path: Path) -> None:
    import shutil
    shutil.rmtree(path)


@pytest.mark.parametrize("what, broken, where", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_content_gives_file_line_and_exit_1(tmp_path, capsys, what, broken, where):
    root = write_content(tmp_path / "content")
    broken(root)
    status = main(["build", str(root), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status == 1
    assert "Traceback" not in err
    assert f"content/{where}: error:" in err or f"content/{where}:" in err, err
    assert err.rstrip().splitlines()[-1].endswith("warnings") or \
        err.rstrip().splitlines()[-1].endswith("warning")
    assert not (tmp_path / "out").exists()


def test_at_least_twenty_broken_folders():
    assert len(BROKEN) >= 20


# -- defaults ---------------------------------------------------------------------

def test_missing_start_is_the_earliest_date_and_said(tmp_path):
    root = write_content(tmp_path / "content")
    _edit("site.toml", "start = 2024-03-01\n", "")(root)
    content = load_content(root)
    assert content.settings.start == date(2024, 4, 1)
    notes = [p.message for _, p in content.warnings if p.code == "content.default-start"]
    assert notes and "2024-04-01" in notes[0]


def test_default_end_includes_the_last_events_list(tmp_path):
    """The June event (ends 2024-06-05) is on the July list (fide-rb-2024
    6.1.3): without `end` the record runs to it."""
    root = write_content(tmp_path / "content")
    _edit("site.toml", "end = 2024-08-31\n", "")(root)
    content = load_content(root)
    assert default_end(content) == date(2024, 7, 1)
    data = compute(content)
    june = next(e for e in data.events if e.slug == "2024-06-june-open")
    assert june.list_date == date(2024, 7, 1)


def test_event_path_does_not_name_the_content_folder(tmp_path):
    root = write_content(tmp_path / "my-federation")
    content = load_content(root)
    assert {e.path for e in content.events} >= {"events/chess/2024-04-april-open.toml"}


# -- the dated registry -------------------------------------------------------------

IDENTITY = "id,name,federation,sex,birth,title\n" + "".join(
    f"{1000 + i},\"Player {1000 + i}\",TST,{'w' if i % 2 else 'm'},1990-01-01,\n"
    for i in range(1, 7))


def _dated(root: Path, ratings: str) -> None:
    (root / "players" / "chess.csv").write_text(IDENTITY, encoding="utf-8")
    (root / "players" / "chess-ratings.csv").write_text(ratings, encoding="utf-8")


def test_a_player_is_listed_from_the_date_of_his_first_rating(tmp_path):
    root = write_content(tmp_path / "content")
    rows = "".join(f"{1000 + i},2024-03-01,{1900 + 20 * i},,,100,,,,\n" for i in range(1, 6))
    _dated(root, "id,date,standard,rapid,blitz,standard_games,rapid_games,blitz_games,"
           "reached,title\n" + rows + "1006,2024-07-01,2222,,,40,,,,FM\n")
    data = compute(load_content(root))
    lists = {dated.date: {e.id: e for e in dated.entries}
             for dated in data.lists[("chess", "standard")]}
    assert "1006" not in lists[date(2024, 3, 1)]
    assert lists[date(2024, 7, 1)]["1006"].rating == 2222
    assert lists[date(2024, 7, 1)]["1006"].title == "FM"


def test_adding_a_later_player_leaves_earlier_lists_unchanged(tmp_path):
    root = write_content(tmp_path / "content")
    header = "id,date,standard,standard_games\n"
    rows = "".join(f"{1000 + i},2024-03-01,{1900 + 20 * i},100\n" for i in range(1, 6))
    _dated(root, header + rows)
    before = compute(load_content(root)).lists[("chess", "standard")]
    (root / "players" / "chess.csv").write_text(IDENTITY + "1007,\"New, Nia\",TST,w,2000,\n")
    (root / "players" / "chess-ratings.csv").write_text(
        header + rows + "1007,2024-08-01,1850,10\n")
    after = compute(load_content(root)).lists[("chess", "standard")]
    for old, new in zip(before, after, strict=False):
        if new.date < date(2024, 8, 1):
            assert old.entries == new.entries


def test_blank_games_count_is_resolved_as_check_resolves_it(tmp_path):
    """fide-rb-2024 7.3.3: no games count, an established player assumed
    (K 20, not the newcomer's 40), with the same note as `sitegen check`."""
    root = write_content(tmp_path / "content")
    ratings = {1001: 2558, 1002: 2100, 1003: 1800, 1004: 1900, 1005: 2390}
    _dated(root, "id,date,standard,standard_games\n" + "".join(
        f"{pid},2024-03-01,{r},\n" for pid, r in ratings.items()))
    content = load_content(root)
    assert any(p.code == "content.games-unknown" for _, p in content.warnings)
    data = compute(content)
    report = next(e for e in data.events if e.slug == "2024-04-april-open")
    text = (root / "events" / "chess" / "2024-04-april-open.toml").read_text("utf-8")
    for pid, rating in ratings.items():
        text = text.replace(f'id = "{pid}"\n', f'id = "{pid}"\nrating = {rating}\n')
    checked = check_text(text, "april.toml")
    built = {p["id"]: (p["k"], p["notes"]) for p in report.result["players"]}
    alone = {p["id"]: (p["k"], p["notes"]) for p in checked["players"]}
    assert built == alone
    assert built["1003"][0] == 20
    assert any("assumed at least 30" in n for n in built["1003"][1])


# -- normalisation and byes ------------------------------------------------------------

def test_a_bye_placeholder_is_not_a_player(tmp_path):
    """`spielfrei` with no id and no rating (rules_core.normalize's rule):
    never published, its games byes of its opponents."""
    root = write_content(tmp_path / "content")
    ids = ["1001", "1002", "1003"]
    text = round_robin_toml("Bye Open", "2024-05-01", "2024-05-03", ids)
    text = text.replace('name = "Player 1003"\nid = "1003"\n', 'name = "spielfrei"\n')
    (root / "events" / "chess" / "2024-05-bye-open.toml").write_text(text, encoding="utf-8")
    content = load_content(root)
    event = next(e for e in content.events if e.slug == "2024-05-bye-open")
    assert [p.name for p in event.tournament.players] == ["Player 1001", "Player 1002"]
    assert all(r.opponent != 3 for p in event.tournament.players for r in p.results)


@pytest.mark.parametrize("written, read", [("f", "w"), ("F", "w"), ("w", "w"), ("W", "w"),
                                           ("m", "m"), ("M", "m"), ("", "")])
def test_sex_is_read_one_way(tmp_path, written, read):
    root = write_content(tmp_path / "content")
    _edit("players/draughts.csv", "20003,\"Ivy, Ida\",TST,w,",
          f"20003,\"Ivy, Ida\",TST,{written},")(root)
    assert load_content(root).players["draughts"]["20003"].sex == read


def test_a_name_matches_with_birth_year_and_federation(tmp_path):
    root = write_content(tmp_path / "content")
    text = round_robin_toml("Name Open", "2024-05-01", "2024-05-03", ["1001", "1002"])
    text = text.replace('name = "Player 1001"\nid = "1001"\n', 'name = "ABLE,Ann"\n')
    (root / "events" / "chess" / "2024-05-name-open.toml").write_text(text, encoding="utf-8")
    event = next(e for e in load_content(root).events if e.slug == "2024-05-name-open")
    assert event.tournament.players[0].id == "1001"


def test_two_registry_players_of_one_name_are_reported_not_chosen(tmp_path):
    root = write_content(tmp_path / "content")
    _edit("players/chess.csv", '1006,"Fox, Fay"', '1006,"Able, Ann"')(root)
    _edit("players/chess.csv", "1006,\"Able, Ann\",TST,w,2001-06-06",
          "1006,\"Able, Ann\",TST,w,1990-05-05")(root)
    text = round_robin_toml("Name Open", "2024-05-01", "2024-05-03", ["1001", "1002"])
    text = text.replace('name = "Player 1001"\nid = "1001"\n', 'name = "Able, Ann"\n')
    (root / "events" / "chess" / "2024-05-name-open.toml").write_text(text, encoding="utf-8")
    content = load_content(root)
    event = next(e for e in content.events if e.slug == "2024-05-name-open")
    assert event.tournament.players[0].id is None
    assert any(p.code == "content.ambiguous-player" for _, p in content.warnings)


def test_strict_turns_warnings_into_errors(tmp_path, capsys):
    root = write_content(tmp_path / "content")
    text = round_robin_toml("Stranger Open", "2024-05-01", "2024-05-03", ["1001", "7777"])
    (root / "events" / "chess" / "2024-05-stranger-open.toml").write_text(text, encoding="utf-8")
    status = main(["build", str(root), "--out", str(tmp_path / "out"), "--strict"])
    err = capsys.readouterr().err
    assert status == 1
    assert "2024-05-stranger-open.toml:" in err and ": error: player 2" in err
    assert err.rstrip().splitlines()[-1].startswith("1 error")


def test_content_error_lists_errors_before_warnings(tmp_path):
    root = write_content(tmp_path / "content")
    _edit("site.toml", "start = 2024-03-01", 'start = "July 2005"')(root)
    text = round_robin_toml("Stranger Open", "2024-05-01", "2024-05-03", ["1001", "7777"])
    (root / "events" / "chess" / "2024-05-stranger-open.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError):
        load_content(root)
    from sitegen.report import build_lines
    try:
        load_content(root)
    except ContentError as error:
        lines = build_lines(error.problems)
    severities = [line.split(": ")[1] for line in lines]
    assert severities == sorted(severities, key=lambda s: s != "error")


def test_warnings_of_rating_an_event_are_the_builds_too(tmp_path):
    """An unreadable time control: the rate of play is unknown (rules_core
    check), said on the event page and in the build's output."""
    from sitegen.compute.pipeline import rating_problems
    root = write_content(tmp_path / "content")
    text = round_robin_toml("Odd Open", "2024-05-01", "2024-05-03", ["1001", "1002"],
                            time_control="by agreement")
    (root / "events" / "chess" / "2024-05-odd-open.toml").write_text(text, encoding="utf-8")
    content = load_content(root)
    found = rating_problems(content, compute(content))
    assert any(path == "content/events/chess/2024-05-odd-open.toml" and
               p.severity == "warning" for path, p in found), found


@pytest.mark.parametrize("written", ["w", "f", "F", "W"])
def test_a_woman_is_one_in_the_womens_world_cup_however_written(tmp_path, written):
    """fmjd Annex 18: the women's classification; `f` was a woman on the
    lists but not here before sex was read one way."""
    root = write_content(tmp_path / "content")
    _edit("players/draughts.csv", "20003,\"Ivy, Ida\",TST,w,",
          f"20003,\"Ivy, Ida\",TST,{written},")(root)
    (cup,) = compute(load_content(root)).worldcup
    latest = cup.standings[max(cup.standings)]
    assert [row["id"] for row in latest["women"]] == ["20003"]
    lists = compute(load_content(root)).lists[("draughts", "standard")]
    assert {e.sex for dated in lists for e in dated.entries if e.id == "20003"} == {"w"}


def test_a_readers_crash_is_named_not_a_traceback(tmp_path, capsys, monkeypatch):
    import sitegen.content.folder as loader

    def crash(text, filename="", format=None):
        raise IndexError("list index out of range")
    monkeypatch.setattr(loader, "read_tournament", crash)
    root = write_content(tmp_path / "content")
    status = main(["build", str(root), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err
    assert "content/events/chess/2024-04-april-open.toml: error: could not be read" in err


def test_rows_after_end_are_said_not_used(tmp_path):
    root = write_content(tmp_path / "content")
    _dated(root, "id,date,standard,standard_games\n1001,2024-03-01,2000,100\n"
           "1001,2025-01-01,2100,120\n")
    content = load_content(root)
    notes = [(path, p) for path, p in content.warnings if p.code == "content.after-end"]
    assert [(path, p.line, p.severity) for path, p in notes] == [
        ("content/players/chess-ratings.csv", 3, "note")]


def test_a_build_ends_with_its_counts(tmp_path, capsys):
    """Warnings (here a player not in the registry) are printed, the site is
    built, and the last line counts them."""
    root = write_content(tmp_path / "content")
    text = round_robin_toml("Stranger Open", "2024-05-01", "2024-05-03", ["1001", "7777"])
    (root / "events" / "chess" / "2024-05-stranger-open.toml").write_text(text, encoding="utf-8")
    status = main(["build", str(root), "--out", str(tmp_path / "out")])
    captured = capsys.readouterr()
    assert status == 0 and (tmp_path / "out" / "index.html").exists()
    assert "content/events/chess/2024-05-stranger-open.toml:" in captured.err
    assert captured.out.rstrip().splitlines()[-1] == "0 errors, 1 warning"


def test_a_later_row_without_games_keeps_the_count_known(tmp_path):
    """1004 has 10 games (a newcomer: fide-rb-2024 7.3.3 K 40); a June row
    without a count keeps him one, on the July list as on the May list."""
    root = write_content(tmp_path / "content")
    rows = "".join(f"{1000 + i},2024-03-01,{1900 + 20 * i},{10 if i == 4 else 100}\n"
                   for i in range(1, 6))
    _dated(root, "id,date,standard,standard_games\n" + rows + "1004,2024-06-01,1990,\n")
    data = compute(load_content(root))
    lists = {dated.date: {e.id: e for e in dated.entries}
             for dated in data.lists[("chess", "standard")]}
    assert lists[date(2024, 5, 1)]["1004"].k == 40
    assert lists[date(2024, 6, 1)]["1004"].rating == 1990
    assert lists[date(2024, 6, 1)]["1004"].k == 40


# -- an event as loaded, kept between builds (sitegen.cache) ------------------------

def _problems(content: Path) -> list[str]:
    from sitegen.content.folder import _Reader
    reader = _Reader(content)
    reader.read()
    return [problem.format(where) for where, problem in reader.problems]


def test_an_event_as_loaded_is_kept_with_its_problems_for_a_folder_of_any_name(tmp_path):
    """The second load takes each event from the cache and says its problems
    again, naming the files of the folder it loads (a copy under another
    name), as a load without the cache does; a meta file changed, or the
    registry, loads the event again."""
    import shutil

    from sitegen.cache import Cache, using

    content = write_content(tmp_path / "content")
    april = content / "events" / "chess" / "2024-04-april-open.toml"
    april.write_text(april.read_text(encoding="utf-8").replace('id = "1006"', 'id = "9999"'),
                     encoding="utf-8")                       # not in the registry: a warning
    (content / "events" / "chess" / "2024-06-june-open.meta.toml").write_text(
        '[event]\nrate_of_play = "standard"\nunknown = 1\n', encoding="utf-8")   # an error
    cache = Cache.open(tmp_path / "cache", "d" * 64)
    with using(cache):
        first = _problems(content)
    assert cache is not None and cache.misses >= 3 and cache.hits == 0
    copy = tmp_path / "renamed"
    shutil.copytree(content, copy)
    with using(cache):
        taken = _problems(copy)
        hits = cache.hits
        events = load_content(copy).events if not any("error" in p for p in taken) else None
    assert hits == 3                                   # the three events, none read again
    assert taken == _problems(copy) and taken != first
    assert [p.replace("renamed/", "content/") for p in taken] == first
    assert any("9999" in p and p.startswith("renamed/events/chess/2024-04") for p in taken)
    assert any(p.startswith("renamed/events/chess/2024-06-june-open.meta.toml") for p in taken)
    assert events is None                              # the meta file's error stops a load
    (copy / "events" / "chess" / "2024-06-june-open.meta.toml").unlink()
    registry = copy / "players" / "chess.csv"
    registry.write_text(registry.read_text(encoding="utf-8") + '1007,"Gay, Gil",TST,m,1990-01-01,,,,,,,,\n',
                        encoding="utf-8")
    with using(cache):
        hits, misses = cache.hits, cache.misses
        loaded = load_content(copy)
    # the two chess events loaded again (their files taken as parsed), the
    # draughts event taken as loaded
    assert (cache.hits - hits, cache.misses - misses) == (2 + 1, 2)
    assert [e.slug for e in loaded.events] == [e.slug for e in load_content(copy).events]
    assert loaded.sources == load_content(copy).sources


def test_a_meta_file_that_cannot_be_read_is_said_though_the_event_was_kept(tmp_path):
    """An event kept without a meta file, then a meta file that is a folder:
    the event is loaded again and the problem said, not taken as kept."""
    from sitegen.cache import Cache, using

    content = write_content(tmp_path / "content")
    cache = Cache.open(tmp_path / "cache", "e" * 64)
    with using(cache):
        assert not any("meta" in p for p in _problems(content))
        (content / "events" / "chess" / "2024-04-april-open.meta.toml").mkdir()
        said = _problems(content)
    assert any(p.startswith("content/events/chess/2024-04-april-open.meta.toml")
               and "folder" in p for p in said), said
