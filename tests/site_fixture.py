"""A small content folder written by the tests: two chess events, a draughts
event, a World Cup season of one event, a page.  Every figure it leads to is
computed by rules_core; the tests check that the pipeline orders the work."""

from __future__ import annotations

import itertools
from pathlib import Path

SITE = """[site]
name = "Test Federation"
federation = "TST"
base_url = "https://ratings.test.example"
start = 2024-03-01
end = 2024-08-31

[[lists]]
game = "chess"
list = "standard"

[[lists]]
game = "draughts"
list = "standard"
"""

CHESS = """id,name,federation,sex,birth,title,standard,rapid,blitz,standard_games,rapid_games,blitz_games,reached
1001,"Able, Ann",TST,w,1990-01-01,WFM,2000,,,100,,,
1002,"Baker, Bob",TST,m,1985-05-05,FM,2100,,,100,,,
1003,"Cole, Cy",TST,m,2010-02-02,,1800,,,50,,,
1004,"Dean, Di",TST,w,1970-03-03,,1900,,,10,,,
1005,"Eve, Ed",TST,m,1999-04-04,IM,2390,,,200,,,
1006,"Fox, Fay",TST,w,2001-06-06,,,,,,,,
"""

DRAUGHTS = """id,name,federation,sex,birth,title,standard,rapid-blitz,standard_games,rapid-blitz_games,reached
20001,"Gold, Gus",TST,m,1980-01-01,MI,2250,,100,,
20002,"Hill, Hal",TST,m,1981-01-01,,2150,,100,,
20003,"Ivy, Ida",TST,w,1995-01-01,MFF,2100,,60,,
20004,"Jay, Jo",TST,m,2000-01-01,,2050,,40,,
"""


def round_robin_toml(name: str, start: str, end: str, ids: list[str], game: str = "chess",
                     time_control: str = "90+30", draws=lambda a, b: (a + b) % 3 == 0) -> str:
    """Every pair meets once in its own round: the earlier player wins, or
    draws where `draws(a, b)`."""
    n = len(ids)
    pairs = list(itertools.combinations(range(n), 2))
    grid = {i: ['"-"'] * len(pairs) for i in range(n)}
    for r, (a, b) in enumerate(pairs):
        draw = draws(a, b)
        grid[a][r] = f'"{b + 1} w {"=" if draw else "1"}"'
        grid[b][r] = f'"{a + 1} b {"=" if draw else "0"}"'
    text = (f'[event]\nname = "{name}"\ngame = "{game}"\nstart = {start}\nend = {end}\n'
            f'system = "swiss"\ntime_control = "{time_control}"\n')
    for i, pid in enumerate(ids):
        text += (f'\n[[players]]\nnumber = {i + 1}\nname = "Player {pid}"\nid = "{pid}"\n'
                 f'results = [{", ".join(grid[i])}]\n')
    return text


SEASON = """[season]
name = "Test World Cup"

[[events]]
event = "2024-05-draughts-cup"
stars = 3
"""


def write_content(root: Path) -> Path:
    (root / "players").mkdir(parents=True)
    (root / "events" / "chess").mkdir(parents=True)
    (root / "events" / "draughts").mkdir(parents=True)
    (root / "worldcup").mkdir()
    (root / "pages").mkdir()
    (root / "site.toml").write_text(SITE, encoding="utf-8")
    (root / "players" / "chess.csv").write_text(CHESS, encoding="utf-8")
    (root / "players" / "draughts.csv").write_text(DRAUGHTS, encoding="utf-8")
    chess = ["1001", "1002", "1003", "1004", "1005", "1006"]
    (root / "events" / "chess" / "2024-04-april-open.toml").write_text(
        round_robin_toml("April Open", "2024-04-01", "2024-04-05", chess), encoding="utf-8")
    (root / "events" / "chess" / "2024-06-june-open.toml").write_text(
        round_robin_toml("June Open", "2024-06-01", "2024-06-05", chess[::-1]), encoding="utf-8")
    (root / "events" / "draughts" / "2024-05-draughts-cup.toml").write_text(
        round_robin_toml("Draughts Cup", "2024-05-10", "2024-05-12",
                         ["20001", "20002", "20003", "20004"], "draughts", "80'+1'"),
        encoding="utf-8")
    (root / "worldcup" / "2024.toml").write_text(SEASON, encoding="utf-8")
    (root / "pages" / "about.md").write_text("# About\n\nA test federation.\n", encoding="utf-8")
    return root
