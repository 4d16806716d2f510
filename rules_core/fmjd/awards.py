"""Titles and norms without the norm conditions, and titles through norms.

fmjd Annex 10 §3 (automatic titles: table X-1 with its footnotes, §3.4's
small continental championships, §3.11 the candidate master, §3.12 a place
above 5 titleholders, §3.13 the norms of X-1), §4.5.11 and §4.7.1
(automatic norms), §4.6 (exchange of norms) and §5-§9, §12 (titles through
norms, women's titles, the 64 board).

Decided here (tested in tests/test_fmjd_titles.py):

* Places are the file's ranks; without them, points, ties sharing the
  higher place.  "Above N players" counts the players with a lower place.
* The titles of the players below count as §2.1.1 says ("for all
  conditions for titles and norms"), see `titleholders.counts_as`; in a women's
  championship the women's titles, in an open one the open titles only.
* §3.11.3 "score +2": points minus games at least 2 (two wins more than
  losses), over the rounds with an opponent, forfeits included, byes not.
* A junior champion who held MF(F) before the start gets MI(F) (§3.5,
  footnote (2)) instead of MF(F) and its MI norm.
* Norms of X-1 (footnotes (3)-(5)) and of §4.5.11 and §4.7.1 are of kind
  "automatic": they count as norms, not as the red norm §4.5.5 asks for.
* Titles through norms: a norm of a higher title counts for a lower one
  (§6-§8 say so); for a women's title the open norms count too (an open
  norm is made on stricter conditions); only norms of at least 7 games
  (§1.2) and of the same board count.  The rating of §5, §6, §9 may be
  reached at any time ("in the past or in the future").
* §4.6: a norm already counted for a lower title (`NormRecord.used_for`)
  counts again when a norm not used yet and good for that lower title
  takes its place ("new MF norms").  Whether the lower title's own
  conditions still hold after the exchange is not checked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from ..model import Player, Tournament
from ..numbers import exact
from .norms import NormResult
from .titleholders import LEVELS, NormError, Title, cite, parse_title, title_level, title_name
from .titles import (
    AUTOMATIC_NORM_PERCENT,
    CMF_RATING,
    CMF_SCORE_ABOVE_HALF,
    CONTINENTAL_FULL_PLAYERS,
    CONTINENTAL_SMALL_PLAYERS,
    MINIMUM_GAMES,
    MINIMUM_ROUNDS,
    PLACES_ABOVE_CMF_ANY,
    PLACES_ABOVE_CMF_HIGH,
    PLACES_ABOVE_CMF_NORM,
    PLACES_ABOVE_TITLE,
    TITLE_GAMES,
    TITLE_NORMS,
    TITLE_RATING_THROUGH_NORMS,
    X_1,
    X_1_ALREADY_MF_FOOTNOTE,
    X_1_NORM_FOOTNOTES,
    X1Row,
)

__all__ = ["Award", "NormRecord", "TitleCheck", "EVENTS", "WORLD_EVENTS",
           "CONTINENTAL_EVENTS", "TITLE", "NORM", "AUTOMATIC",
           "automatic_titles", "title_for_places_above", "cmf_by_rating",
           "automatic_awards", "title_through_norms", "titles_through_norms"]

# (title, rating) of each player placed below one (§3.11.4, §3.12).
_Below = list[tuple[str | None, int | None]]

TITLE, NORM = "title", "norm"
AUTOMATIC = "automatic"       # the kind of a norm given by §3.13, §4.5.11, §4.7.1

# Event ids: the rows of X-1 and the events §3.11, §4.5.11, §4.7.1 name.
_X1_EVENTS = tuple(event for row in X_1 for event in row.events)
EVENTS = _X1_EVENTS + ("european-veterans-championship", "world-veterans-championship",
                       "world-cup", "national-championship")
WORLD_EVENTS = frozenset(e for e in EVENTS if e.startswith("world-") and e != "world-cup")
CONTINENTAL_EVENTS = frozenset(e for e in EVENTS if e.split("-")[0] in
                               ("european", "african", "continental"))


@dataclass(frozen=True)
class Award:
    """A title or a norm given by a place or a score, and why."""

    title: str
    kind: str          # TITLE or NORM
    reason: str


def _check_event(event: str) -> None:
    if event not in EVENTS:
        raise ValueError(f"unknown event: {event!r}")


# --- §3, table X-1 ------------------------------------------------------------

def automatic_titles(event: str, place: int, *, women_event: bool = False,
                     players: int | None = None, title_before: str | None = None,
                     board: int = 100) -> list[Award]:
    """The titles (and norms) a final place gives (fmjd Annex 10 §3.1-§3.10,
    §3.13, table X-1 with footnotes (1)-(5)).

    `event`: an id of `EVENTS` ("world-mind-sports-games" is footnote (1));
    `women_event`: the women's championship (or girls' section), so women's
    titles; `players`: the number of players, needed for a
    "continental-championship" (§3.4: 16 for the row of X-1, 8-15: the
    champion is MI); `title_before`: the title held at the start (§3.5).
    """
    _check_event(event)
    if place < 1:
        raise NormError(f"a place is at least 1, got {place!r}")
    row = next((r for r in X_1 if event in r.events), None)
    if row is None:
        return []
    if event == "continental-championship":
        if players is None:
            raise NormError("a continental championship needs its number of players (§3.4)")
        if players < CONTINENTAL_FULL_PLAYERS:
            return _small_continental(place, players, women_event, board)
    return _x1_awards(row, place, women_event, board, _held_mf(title_before, women_event))


def _held_mf(title_before: str | None, women: bool) -> bool:
    held = parse_title(title_before)
    return held is not None and held.female == women and held.level != "CMF"


def _small_continental(place: int, players: int, women: bool, board: int) -> list[Award]:
    if place == 1 and players >= CONTINENTAL_SMALL_PLAYERS:
        return [Award(title_name("MI", women, board), TITLE,
                      f"champion of a continental championship of {players} players "
                      f"(8-15) ({cite('3.4')})")]
    return []


def _x1_awards(row: X1Row, place: int, women: bool, board: int,
               held_mf: bool) -> list[Award]:
    cells = {level: cell for level, cell in row.cells.items() if place in cell.places}
    footnote_2 = [level for level, cell in cells.items()
                  if cell.footnote == X_1_ALREADY_MF_FOOTNOTE]
    for level in footnote_2:
        if held_mf:
            cells = {level: cells[level]}      # MI(F) instead of MF(F) and its norm
        else:
            del cells[level]
    awards = []
    for level, cell in cells.items():
        reason = f"place {place}: {row.label} ({cite('3')}, table X-1)"
        awards.append(Award(title_name(level, women, board), TITLE, reason))
        norm = None if cell.footnote is None else X_1_NORM_FOOTNOTES.get(cell.footnote)
        if norm:
            awards.append(Award(title_name(norm, women, board), NORM,
                                f"{reason}, footnote ({cell.footnote}) ({cite('3.13')})"))
    return awards


def title_for_places_above(below: Iterable[tuple[str | None, int | None]], *,
                           women_event: bool = False, board: int = 100) -> str | None:
    """The title of a place above 5 players holding it or a higher title in
    an official World or Continental championship (fmjd Annex 10 §3.12),
    None if none: `below` gives (title, rating) of the players placed below;
    titles count as §2.1.1 says.  Examples of §3.12: above 2 GMI and 3 MI,
    MI; above 5 GMI, GMI; above 4 GMI and 1 MF, MF.
    """
    levels = [title_level(title, rating, women_event, board) for title, rating in below]
    for level in (3, 2, 1):
        if sum(1 for x in levels if x >= level) >= PLACES_ABOVE_TITLE:
            return title_name(LEVELS[level], women_event, board)
    return None


def cmf_by_rating(rating: int | None, *, female: bool = False, rating_list: str | None = "A",
                  board: int = 100) -> list[Award]:
    """§3.11.5: a rating on list A of at least 2120 gives CMF, 2020 CMFF."""
    if not rating or (rating_list or "").upper() != "A":
        return []
    awards = []
    for women in ((False, True) if female else (False,)):
        least = CMF_RATING["female" if women else "open"]
        if rating >= least:
            awards.append(Award(title_name("CMF", women, board), TITLE,
                                f"rating {rating} on list A, {least} needed ({cite('3.11.5')})"))
    return awards


# --- One event's automatic titles and norms ---------------------------------

def automatic_awards(t: Tournament, event: str, *, women_event: bool | None = None,
                     board: int = 100) -> dict[int, list[Award]]:
    """Every player's automatic titles and norms in one event: table X-1
    (§3.1-§3.10, §3.13), §3.11.1-§3.11.4, §3.12, §4.5.11 and §4.7.1.

    §3.11.5 (a rating) is `cmf_by_rating`.  Places: the module docstring.
    """
    _check_event(event)
    women = t.women_only if women_event is None else women_event
    places = _places(t)
    awards: dict[int, list[Award]] = {}
    for p in t.players:
        below = [(q.title, q.rating) for q in t.players if places[q.number] > places[p.number]]
        awards[p.number] = _player_awards(t, event, p, places[p.number], below, women, board)
    return awards


def _player_awards(t: Tournament, event: str, p: Player, place: int,
                   below: _Below, women: bool, board: int) -> list[Award]:
    awards = automatic_titles(event, place, women_event=women, players=len(t.players),
                              title_before=p.title, board=board)
    awards += _places_above(event, below, women, board)
    awards += _cmf_titles(event, p, place, below, women, board)
    awards += _cmf_norms(event, place, below, women, board)
    awards += _national_norm(t, event, p, place, women, board)
    return awards


def _places(t: Tournament) -> dict[int, int]:
    ranks = [(p.number, p.rank) for p in t.players if p.rank]
    if t.players and len(ranks) == len(t.players):
        return dict(ranks)
    scores = sorted((p.score for p in t.players), reverse=True)
    return {p.number: scores.index(p.score) + 1 for p in t.players}


def _places_above(event: str, below: _Below, women: bool,
                  board: int) -> list[Award]:
    """§3.12, in the official World and Continental championships."""
    if event not in WORLD_EVENTS | CONTINENTAL_EVENTS:
        return []
    title = title_for_places_above(below, women_event=women, board=board)
    if title is None:
        return []
    return [Award(title, TITLE, f"placed above {PLACES_ABOVE_TITLE} players with the title "
                                f"{title} or a higher one ({cite('3.12')})")]


def _count_below(below: _Below, level: int, women: bool, board: int) -> int:
    return sum(1 for title, rating in below if title_level(title, rating, women, board) >= level)


def _cmf_titles(event: str, p: Player, place: int, below: _Below, women: bool,
                board: int) -> list[Award]:
    """§3.11.1-§3.11.4."""
    cmf = title_name("CMF", women, board)
    reasons = []
    if event == "national-championship" and place == 1:
        reasons.append(f"first place in a national championship ({cite('3.11.1')})")
    if event == "european-veterans-championship" and place <= 3:
        reasons.append(f"place {place} in the European veterans championship "
                       f"({cite('3.11.2')})")
    if event in CONTINENTAL_EVENTS | {"world-cup"}:
        reasons += _cmf_by_score(p) + _cmf_above(below, women, board)
    if event == "world-championship":
        reasons.append(f"a participant in the World Championship ({cite('3.11.3.a')})")
    return [Award(cmf, TITLE, reason) for reason in reasons]


def _cmf_by_score(p: Player) -> list[str]:
    rounds = [r for r in p.results if r.opponent is not None]
    plus = sum(r.score for r in rounds) - len(rounds)
    if plus >= CMF_SCORE_ABOVE_HALF:
        return [f"score +{plus:g} in a World Cup or continental championship event "
                f"({cite('3.11.3')})"]
    return []


def _cmf_above(below: _Below, women: bool, board: int) -> list[str]:
    """§3.11.4: above 3 GMI(F)/MI(F) or above 5 MF(F)/MI(F)/GMI(F)."""
    if (_count_below(below, 2, women, board) >= PLACES_ABOVE_CMF_HIGH
            or _count_below(below, 1, women, board) >= PLACES_ABOVE_CMF_ANY):
        return [f"placed above {PLACES_ABOVE_CMF_HIGH} players with the title GMI or MI "
                f"or {PLACES_ABOVE_CMF_ANY} with GMI, MI or MF ({cite('3.11.4')})"]
    return []


def _cmf_norms(event: str, place: int, below: _Below, women: bool,
               board: int) -> list[Award]:
    """§4.5.11.1 and §4.5.11.2."""
    cmf = title_name("CMF", women, board)
    if event == "national-championship" and place in (2, 3):
        return [Award(cmf, NORM, f"place {place} in a national championship "
                                 f"({cite('4.5.11.1')})")]
    if event in WORLD_EVENTS | CONTINENTAL_EVENTS:
        if _count_below(below, 1, women, board) >= PLACES_ABOVE_CMF_NORM:
            return [Award(cmf, NORM, f"placed above {PLACES_ABOVE_CMF_NORM} players with "
                                     f"the title GMI, MI or MF ({cite('4.5.11.2')})")]
    return []


def _national_norm(t: Tournament, event: str, p: Player, place: int, women: bool,
                   board: int) -> list[Award]:
    """§4.7.1: 65 % in a round-robin national championship of 7 rounds or
    more; in a Swiss one, the champion only."""
    if event != "national-championship":
        return []
    games = [r for r in p.results if r.played]
    if not games or (t.rounds or t.rounds_played) < MINIMUM_ROUNDS:
        return []
    percent = exact(sum(r.score for r in games)) * 100 / (2 * len(games))
    swiss = t.system not in ("round-robin", "double-round-robin")
    if percent < AUTOMATIC_NORM_PERCENT or (swiss and place != 1):
        return []
    return [Award(title_name("MF", women, board), NORM,
                  f"{float(percent):.1f} % in a national championship, "
                  f"{AUTOMATIC_NORM_PERCENT} % needed ({cite('4.7.1')})")]


# --- Titles through norms (§4.6, §5-§9, §12) --------------------------------

@dataclass(frozen=True)
class NormRecord:
    """One norm of a player's history: its title ("GMI", "MIF", "MF 64"),
    kind ("red", "black" or "automatic"), games, and the title it already
    counted for, if any (§4.6)."""

    title: str
    kind: str
    games: int
    event: str = ""
    when: date | None = None
    used_for: str | None = None

    @classmethod
    def from_result(cls, result: NormResult, *, event: str = "",
                    when: date | None = None) -> NormRecord:
        """The record of a norm `norms_for_event` found valid."""
        if not result.valid:
            raise NormError(f"the {result.title} {result.kind} norm was not reached: "
                            f"{'; '.join(result.reasons)}")
        return cls(result.title, result.kind, result.games, event, when)


@dataclass
class TitleCheck:
    """Whether a player's norms give a title, and with which norms.

    `exchanged`: (the norm freed, the unused norm taking its place in the
    lower title), §4.6.  `complete_but_rating`: every condition met but the
    rating, which may still come ("or in the future", §5, §6).
    """

    title: str
    awarded: bool
    norms: list[NormRecord] = field(default_factory=list)
    games: int = 0
    exchanged: list[tuple[NormRecord, NormRecord]] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    complete_but_rating: bool = False


_TITLE_ARTICLES = {"GMI": "5", "MI": "6", "MF": "7", "CMF": "8"}


def title_through_norms(title: str, norms: Iterable[NormRecord],
                        ratings: Iterable[int | None] = ()) -> TitleCheck:
    """Whether `norms` give `title` (fmjd Annex 10 §5 GMI, §6 MI, §7 MF, §8
    CMF, §9 the women's titles, §12 the 64 board).

    GMI: 3 norms of GMI, 27 games; MI: 3 of MI or GMI, 25 games; both with
    a red norm (§4.5.5) and a rating of 2300 / 2250 (women 2165 / 2090) at
    some time (`ratings`: the player's published ratings, past and later).
    MF: 3 norms of MF, MI or GMI, 20 games.  CMF: 2 norms of CMF or higher.
    Norms counted for a lower title count again through §4.6 exchanges.
    """
    target = parse_title(title)
    if target is None:
        raise NormError(f"unknown title: {title!r}")
    records = list(norms)
    check = TitleCheck(str(target), False)
    counted, short = _countable(records, target, check)
    check.exchanged = _exchanges(records, target, counted)
    check.norms = [r for r in counted if r.used_for is None] + [f for f, _ in check.exchanged]
    check.games = sum(r.games for r in check.norms)
    _title_conditions(check, target, [r for r in records if r not in short], ratings)
    return check


def _norm_level(record: NormRecord, target: Title) -> int:
    """The level a norm counts at for `target` (-1: it does not count)."""
    held = parse_title(record.title)
    if held is None:
        raise NormError(f"unknown title of a norm: {record.title!r}")
    if held.board != target.board or (held.female and not target.female):
        return -1
    return LEVELS.index(held.level)


def _countable(records: list[NormRecord], target: Title, check: TitleCheck,
               ) -> tuple[list[NormRecord], list[NormRecord]]:
    """The norms of the target's level or higher (used or not), and those
    too short to count (§1.2)."""
    short = [r for r in records if r.games < MINIMUM_GAMES]
    for r in short:
        where = f" of {r.event}" if r.event else ""
        check.reasons.append(f"the {r.title} norm{where} has {r.games} games and does not "
                             f"count: at least {MINIMUM_GAMES} needed ({cite('1.2')})")
    level = LEVELS.index(target.level)
    counted = [r for r in records if r not in short and _norm_level(r, target) >= level
               and not _used_at_or_above(r, level)]
    return counted, short


def _used_at_or_above(record: NormRecord, level: int) -> bool:
    used = parse_title(record.used_for) if record.used_for else None
    return used is not None and LEVELS.index(used.level) >= level


def _exchanges(records: list[NormRecord], target: Title, counted: list[NormRecord],
               ) -> list[tuple[NormRecord, NormRecord]]:
    """§4.6: each norm counted for a lower title is freed by an unused norm
    good for that lower title but not for the target ("new MF norms")."""
    level = LEVELS.index(target.level)
    spares = [r for r in records if r.used_for is None and r.games >= MINIMUM_GAMES
              and 0 <= _norm_level(r, target) < level]
    used = sorted((r for r in counted if r.used_for is not None),
                  key=lambda r: (r.kind != "red", -r.games))
    pairs = []
    for record in used:
        used_for = parse_title(record.used_for)
        if used_for is None:
            raise NormError(f"unknown title a norm was used for: {record.used_for!r}")
        below = LEVELS.index(used_for.level)
        spare = next((s for s in spares if _norm_level(s, target) >= below), None)
        if spare is not None:
            spares.remove(spare)
            pairs.append((record, spare))
    return pairs


def _title_conditions(check: TitleCheck, target: Title, records: list[NormRecord],
                      ratings: Iterable[int | None]) -> None:
    base = target.level
    article = cite(_TITLE_ARTICLES[base] if not target.female else "9")
    needed, games = TITLE_NORMS[base], TITLE_GAMES[base]
    if len(check.norms) < needed:
        check.reasons.append(f"{len(check.norms)} norms of {check.title} or higher: "
                             f"{needed} needed ({article})")
    if check.games < games:
        check.reasons.append(f"{check.games} games in the norms: {games} needed ({article})")
    if base in ("GMI", "MI") and not any(r.kind == "red" for r in check.norms):
        check.reasons.append(f"no red norm: at least one needed ({cite('4.5.5')}, {article})")
    _check_unused_used(check, target, records)
    complete = not check.reasons
    if base in ("GMI", "MI"):
        _check_rating(check, target, ratings, article)
    check.awarded = not check.reasons
    check.complete_but_rating = complete and not check.awarded


def _check_unused_used(check: TitleCheck, target: Title, records: list[NormRecord]) -> None:
    """Say which norms were not freed for want of a new lower norm (§4.6)."""
    level = LEVELS.index(target.level)
    freed = {id(f) for f, _ in check.exchanged}
    stuck = [r for r in records if r.used_for is not None and id(r) not in freed
             and _norm_level(r, target) >= level and not _used_at_or_above(r, level)]
    if stuck and check.reasons:
        check.reasons.append(f"{len(stuck)} norms already counted for a lower title: each "
                             f"counts again once a new norm takes its place ({cite('4.6')})")


def _check_rating(check: TitleCheck, target: Title, ratings: Iterable[int | None],
                  article: str) -> None:
    least = TITLE_RATING_THROUGH_NORMS[target.level + ("F" if target.female else "")]
    best = max((r for r in ratings if r), default=None)
    if best is None or best < least:
        seen = f"highest rating {best}" if best else "no rating"
        check.reasons.append(f"{seen}: {least} needed at some time, before or after the "
                             f"last norm ({article})")


def titles_through_norms(norms: Sequence[NormRecord], ratings: Iterable[int | None] = (),
                         *, female: bool = False, board: int = 100) -> list[TitleCheck]:
    """`title_through_norms` for CMF, MF, MI and GMI (or the women's titles)."""
    ratings = list(ratings)
    return [title_through_norms(title_name(level, female, board), norms, ratings)
            for level in LEVELS]
