"""The norms of the site: chess norms collected by the pipeline, listed on
the event page and in the register of /norms/ (sitegen.compute.norm_register)."""

from __future__ import annotations

from datetime import date

import pytest

from sitegen.compute.norm_register import norm_register
from sitegen.compute.pipeline import compute
from sitegen.content.folder import load_content
from sitegen.site.event_views import event_view
from sitegen.site.views import Links
from tests.site_fixture import write_content
from tests.test_fide_norms import gm_round_robin_toml

SLUG = "2024-07-gm-round-robin"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = write_content(tmp_path_factory.mktemp("site") / "content")
    (root / "events" / "chess" / f"{SLUG}.toml").write_text(
        gm_round_robin_toml(date(2024, 7, 1), ("1005", "Eve, Ed")), encoding="utf-8")
    return compute(load_content(root))


def test_pipeline_keeps_the_chess_norm(site):
    """FIDE B.01 (2024) 1.4: the GM norm of test_fide_norms, on the player's record."""
    (norm,) = site.players[("chess", "1005")].norms
    assert (norm.event, norm.title, norm.achieved, norm.required, norm.games) == (
        SLUG, "GM", 7, 7, 9)
    assert norm.date == date(2024, 7, 9)


def test_event_page_lists_the_norms_achieved(site):
    report = next(r for r in site.events if r.slug == SLUG)
    view = event_view(report, Links(site))
    assert [(p.name, n["title"], n["valid"]) for p, n in view.norms] == [("Eve, Ed", "GM", True)]
    (_, norm), = view.norms
    assert (norm["opponents_average"], norm["performance"], norm["counted_games"]) == (
        2417, 2637, 9)


def test_register_by_event_and_by_player(site):
    register = norm_register(site, Links(site))
    assert register.count == 1
    (event,) = register.by_event
    (player,) = register.by_player
    assert (event.heading, event.path) == ("GM norm round robin", f"events/{SLUG}/")
    assert (player.heading, player.path) == ("Eve, Ed", "players/1005/")
    (norm,) = player.norms
    assert (norm.title, norm.kind) == ("GM", None) and norm.figures == (
        "Rp 2637, Ra 2417; 7 of 9 (required 7); counts as 9 games")


def test_register_of_the_demo_content():
    """The demo content holds chess norms (the 2024 Northshire Championship)."""
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "content"
    data = compute(load_content(root))
    register = norm_register(data, Links(data))
    chess = [n for g in register.by_event for n in g.norms if n.game == "chess"]
    assert chess and all(n.figures.startswith("Rp ") for n in chess)



@pytest.mark.parametrize("lang, kind, shown", [
    ("en", "red", "GMI red"), ("it", "red", "GMI rossa"), ("it", "black", "GMI nera"),
    ("it", "automatic", "GMI automatica"), ("it", None, "GMI")])
def test_the_registers_norm_names_its_kind_in_the_pages_language(lang, kind, shown):
    """fmjd Annex 10 §2.2, §3.4: the register's "GMI red" is "GMI rossa" on the
    Italian site (it was composed in English before the page saw it)."""
    from sitegen import i18n
    from sitegen.site.render import make_environment
    with i18n.using(lang):             # as render_site renders each language
        cell = make_environment(lang=lang).from_string(
            '{% from "_macros.html" import norm_name %}{{ norm_name(title, kind) }}')
        assert cell.render(title="GMI", kind=kind) == shown


def test_the_demos_register_names_the_kind_of_each_draughts_norm(demo_site):
    """The register page uses norm_name: the demo's red norms show as such."""
    page = (demo_site / "norms" / "index.html").read_text(encoding="utf-8")
    assert "<td>GMI red</td>" in page and "<td>GMI</td>" not in page
