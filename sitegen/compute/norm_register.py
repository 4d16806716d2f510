"""The register of /norms/: every title norm achieved in the content.

Read from the events' check results (the `norms` of the check contract,
computed by rules_core: chess FIDE B.01 (2024) 1.4, draughts fmjd Annex 10
§4); nothing is judged here.  A norm is listed once by event and once by
player, chess and draughts together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from sitegen.compute.sitedata import EventReport, SiteData
from sitegen.i18n import N_, gettext
from sitegen.site.figures import points

__all__ = ["RegisterNorm", "RegisterGroup", "NormRegister", "norm_register"]

GAME_NAMES = {"chess": N_("Chess"), "draughts": N_("Draughts")}


@dataclass
class RegisterNorm:
    """One norm achieved: who, which, where, and its figures in words."""

    game: str
    player: str
    player_path: str | None
    federation: str
    title: str              # "GM", "MI"
    kind: str | None        # an FMJD norm's "red", "black", "automatic" (Annex 10
                            # §2.2, §3.4), translated by the page: the norm_kind filter
    event: str
    event_path: str | None
    date: date | None
    figures: str


@dataclass
class RegisterGroup:
    heading: str
    path: str | None
    detail: str
    norms: list[RegisterNorm] = field(default_factory=list)


@dataclass
class NormRegister:
    by_event: list[RegisterGroup]
    by_player: list[RegisterGroup]

    @property
    def count(self) -> int:
        return sum(len(g.norms) for g in self.by_event)


def norm_register(data: SiteData, links) -> NormRegister:
    """Every valid norm of every event, grouped by event (latest first) and
    by player (by name)."""
    norms = [n for report in data.events for n in _report_norms(report, links)]
    return NormRegister(_by_event(norms), _by_player(norms))


def _report_norms(report: EventReport, links) -> list[RegisterNorm]:
    out = []
    day = report.end or report.start
    # the players with a valid norm, held apart from the contract (EventReport.norms)
    for name, pid, federation, norms in report.norms:
        for n in _reached(norms):
            out.append(RegisterNorm(
                report.game, name or "", links.player_path(report.game, pid),
                federation or "", n["title"], n.get("kind"), report.name,
                links.event_path(report.slug), day, _figures(report.game, n)))
    return out


def _reached(norms: list[dict]) -> list[dict]:
    """The valid norms, one a title: a draughts red norm where both are met
    (the stronger, fmjd Annex 10 §2.2), as `rules_core.fmjd.norms.norms_reached`."""
    best: dict[str, dict] = {}
    for n in norms:
        if n.get("valid") and (n["title"] not in best or n.get("kind") == "red"):
            best[n["title"]] = n
    return list(best.values())


def _figures(game: str, n: dict) -> str:
    """Chess: Rp, Ra, points and games (B.01 (2024) 1.4.7-1.4.8, 1.4.1 d);
    draughts: category and points (fmjd Annex 10 §4.3)."""
    if game == "chess":
        text = gettext("Rp %(rp)s, Ra %(ra)s; %(achieved)s of %(games)s (required "
                       "%(required)s); counts as %(counted)s games") % {
            "rp": n.get("performance"), "ra": n.get("opponents_average"),
            "achieved": points(n["achieved"]), "games": n.get("games"),
            "required": points(n["required"]), "counted": n.get("counted_games")}
        dropped = n.get("dropped_rounds") or []
        return text + (gettext("; rounds %(rounds)s left out") % {
            "rounds": ", ".join(map(str, dropped))} if dropped else "")
    return gettext("category %(category)s; %(achieved)s points of %(required)s required, "
                   "%(games)s games") % {"category": n.get("category"),
                                         "achieved": points(n["achieved"]),
                                         "required": points(n["required"]),
                                         "games": n.get("games")}


def _by_event(norms: list[RegisterNorm]) -> list[RegisterGroup]:
    groups: dict[tuple, RegisterGroup] = {}
    for n in norms:
        key = (n.date or date.min, n.event)
        group = groups.setdefault(key, RegisterGroup(
            n.event, n.event_path, f"{gettext(GAME_NAMES.get(n.game, n.game))}, "
            f"{n.date.isoformat() if n.date else gettext('no date')}"))
        group.norms.append(n)
    return [groups[k] for k in sorted(groups, key=lambda k: (k[0], k[1]), reverse=True)]


def _by_player(norms: list[RegisterNorm]) -> list[RegisterGroup]:
    groups: dict[tuple, RegisterGroup] = {}
    for n in norms:
        key = (n.player.casefold(), n.game, n.player_path or n.player)
        group = groups.setdefault(key, RegisterGroup(
            n.player, n.player_path, f"{gettext(GAME_NAMES.get(n.game, n.game))}"
            f"{', ' + n.federation if n.federation else ''}"))
        group.norms.append(n)
    for group in groups.values():
        group.norms.sort(key=lambda n: (n.date or date.min, n.event))
    return [groups[k] for k in sorted(groups)]
