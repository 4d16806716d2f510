"""The site settings, the World Cup season and the pages of the demo.

For `make_demo_content.py`: `site.toml`, `worldcup/2024-2026.toml` and
`pages/about.md`, `pages/contact.md` as text.  Nothing here is random.
"""

from __future__ import annotations

from datetime import date

__all__ = ["site_toml", "season_toml", "about_md", "contact_md", "WORLD_CUP_BONUS",
           "DECLARATION"]

NAME = "Northshire Chess and Draughts Federation"
BASE_URL = "https://ratings.northshire.example"
LISTS = (("chess", "standard"), ("chess", "rapid"), ("chess", "blitz"),
         ("draughts", "standard"), ("draughts", "rapid-blitz"))

# fmjd Annex 18 as docs/interpretations.md#i5 sets it: bonus for places 1-10.
WORLD_CUP_BONUS = (100, 70, 50, 40, 35, 30, 26, 24, 22, 20)
# The woman who declares for the open classification of 2025 (fmjd Annex 18,
# introduction): her FMJD id, the day she declares, the year it holds for.
DECLARATION = ("27315", date(2025, 1, 15), 2025)
ABSENT_PLACE = 3      # the player placed third in the last event misses the closing


def site_toml(start: date, end: date) -> str:
    lines = ["# The demo federation: what sitegen publishes when given no other content.",
             "", "[site]", f'name = "{NAME}"', 'federation = "NSF"',
             f'base_url = "{BASE_URL}"', 'languages = ["en"]',
             f"start = {start.isoformat()}      # the record starts: the first list",
             f"end = {end.isoformat()}        # the last list date"]
    for game, name in LISTS:
        lines += ["", "[[lists]]", f'game = "{game}"', f'list = "{name}"']
    return "\n".join(lines) + "\n"


# -- the World Cup season ------------------------------------------------------

_SEASON_HEADER = """\
# An FMJD World Cup season (fmjd Annex 18), read by sitegen into
# rules_core.fmjd.worldcup.Season.
#
# [season]        name: shown on /worldcup/<file name>/
# [settings]      bonus: World Cup bonus for places 1-10 of a classification
#                 (WorldCupSettings.bonus); factors: stars -> competition
#                 factor, keys are strings in TOML (WorldCupSettings.factors)
# [[events]]      event: the file name, without its ending, of an event in
#                 events/draughts/; stars: 3, 5 or 7 (WorldCupEvent.stars);
#                 absent_from_closing: FMJD ids of players who missed the
#                 closing ceremony (Code of behaviour 9b: the result counts 0,
#                 EventResult.at_closing_ceremony = false).  Places, points,
#                 games, wins, first and last round and whether the event is for
#                 women only come from the event file and the registry.
# [[declarations]] a woman counted in the open classification
#                 (OpenDeclaration): player (FMJD id), made_on (the day she
#                 declared, before her first World Cup event of the year),
#                 year (the year it holds for).
"""


def season_toml(events) -> str:
    cup = [e for e in events if e.spec.stars]
    lines = [_SEASON_HEADER, "[season]", 'name = "FMJD World Cup 2024-2026: '
             'Northshire events"', "", "[settings]",
             f"bonus = [{', '.join(str(b) for b in WORLD_CUP_BONUS)}]",
             'factors = {"1" = 1, "3" = 3, "5" = 5, "7" = 10}']
    for event in cup:
        lines += ["", "[[events]]", f'event = "{event.spec.slug}"',
                  f"stars = {event.spec.stars}"]
        if event is cup[-1]:
            absent = next(s for s in event.seats if s.rank == ABSENT_PLACE)
            lines.append(f'absent_from_closing = ["{absent.person.id}"]')
    player, made_on, year = DECLARATION
    lines += ["", "[[declarations]]", f'player = "{player}"',
              f"made_on = {made_on.isoformat()}", f"year = {year}"]
    return "\n".join(lines) + "\n"


# -- pages ------------------------------------------------------------------------

def about_md(demo) -> str:
    players = len(demo.chess) + len(demo.draughts)
    events = len(demo.chess_events) + len(demo.draughts_events)
    return _ABOUT.format(name=NAME, players=players, chess=len(demo.chess),
                         draughts=len(demo.draughts), events=events)


_ABOUT = """\
# About the federation

The {name} (NSF) organises chess and draughts in Northshire: the national
championships of both games, monthly opens, rapid and blitz events, masters
round robins and, for draughts, events of the FMJD World Cup.  The federation
is fictional: this site is the demo that `sitegen` publishes when it is
given no content of its own, with {players} players ({chess} in chess,
{draughts} in draughts) and {events} events from January 2024 to October 2026.

## What this site publishes

* **Rating lists** for chess (standard, rapid, blitz) and draughts
  (standard, rapid-blitz), the latest and every earlier one, under
  [Lists](/lists/chess/standard/).
* **Players**: each player's ratings, history, events, norms and titles.
* **Events**: standings, crosstables and the rating change of every player.
* **Norms**: the draughts title norms made in our events and the titles
  they gave, under [Norms](/norms/).
* **World Cup**: the open and women's classifications of the FMJD World Cup
  events held here, under [World Cup](/worldcup/2024-2026/).
* **Downloads**: every list as CSV, JSON and fixed-width text, under
  [Downloads](/downloads/).

Every figure can be checked: [check a tournament file](/check/), [a
norm](/check/norm/) or [a rating change](/check/rating/) in your browser.

## How ratings are computed

Each event is rated under the regulations in force on its first day, for
its rate of play, and each figure on the site cites the article it comes
from.

* **Chess, standard**: until February 2024 the FIDE Rating Regulations of
  2009 ([fide-2009](/regulations/fide-2009/)): per game,
  K 30/15/10, nine games for a first rating.  From 1 March 2024 the
  regulations then in force: the method of the rapid and blitz regulations
  ([fide-rb-2024 7](/regulations/fide-rb-2024/)),
  K 40 for juniors under 2300, a first rating after five games against rated
  opponents, and the one-time rise of every rating below 2000 on the list of
  1 March 2024.  Older editions ([2002](/regulations/fide-2002/),
  [2003](/regulations/fide-2003web/)) are kept for older files.
* **Chess, rapid and blitz**: the FIDE Rapid and Blitz Rating Regulations
  ([fide-rb-2024](/regulations/fide-rb-2024/)),
  from 1 January 2024; a player without a rapid or blitz rating is rated
  with his standard rating (7.2.1).
* **Draughts**: FMJD Annex 9 ([fmjd Annex 9](/regulations/fmjd-annex-9/)):
  quarterly lists, K 25/15/10 at 2300, K reduced for faster games; games
  under 30 minutes for 60 moves go to the rapid-blitz list.  Title norms
  follow Annex 10, the World Cup Annex 18.

Chess lists follow the calendar of the regulations in force (six a year under
the 2009 regulations, monthly from March 2024); draughts lists are published
on the first day of January, April, July and October.
"""


def contact_md() -> str:
    return _CONTACT


_CONTACT = """\
# Contact

**Northshire Chess and Draughts Federation**
Federation House, 12 Quay Street, Harbourtown NS1 4QA

* Rating officer (chess): Margaret Holloway, ratings@northshire.example
* Rating officer (draughts): Willem Brouwer, draughts@northshire.example
* Tournament reports: send the TRF, the FMJD official file or the Draughts
  Arbiter Pro export to ratings@northshire.example within seven days of the
  last round.

Found a mistake on a list?  Check the event with [the checker](/check/) and
write to the rating officer with the event and the article concerned.

The federation and every person named on this site are fictional.
"""
