"""sitegen/compute/sitedata.py: the records kept once per player, list entry
or history row are slotted (docs/scale.md#memory): no per-instance
`__dict__`, so a misspelt attribute is an error rather than a silent new one."""

from __future__ import annotations

import pickle
from datetime import date

import pytest

from sitegen.compute import sitedata
from sitegen.compute.pipeline import _Player
from sitegen.site.views import ListRow

# every record of the module, and the per-player and per-row records elsewhere
RECORDS = [getattr(sitedata, name) for name in sitedata.__all__] + [_Player, ListRow]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.__name__)
def test_record_is_slotted(record):
    assert "__slots__" in vars(record)
    assert "__dict__" not in vars(record)


def test_a_new_attribute_is_refused():
    row = sitedata.HistoryRow(date(2025, 2, 1), 2000, 5, 9, [])
    with pytest.raises(AttributeError):
        row.ratng = 2001        # type: ignore[attr-defined]


def test_published_list_key_still_works_slotted():
    pl = sitedata.PublishedList("chess", "standard", date(2025, 2, 1), "fide-2024", [], [])
    assert pl.key == "2025-02"


# -- the lists a player never fills, one shared empty value (docs/scale.md#memory) --------

def test_a_new_records_empty_lists_are_the_shared_empty_value():
    one = sitedata.PlayerRecord("chess", "1", "A", "FID", "m", None, "", {}, {}, sitedata.EMPTY)
    two = sitedata.PlayerRecord("chess", "2", "B", "FID", "m", None, "", {}, {}, sitedata.EMPTY)
    for name in ("norms", "titles", "progress", "events"):
        assert getattr(one, name) is sitedata.EMPTY is getattr(two, name)
        assert list(getattr(one, name)) == []
    with pytest.raises(AttributeError):       # never appended to in place
        one.norms.append(None)                # type: ignore[attr-defined]


def test_a_bylist_of_one_name_is_made_as_of_makes_it():
    one = sitedata.ByList.of_one("standard")
    made, of = one(2150), sitedata.ByList.of("standard", 2150)
    assert made == of == {"standard": 2150} and made.names is of.names
    assert one(None)["standard"] is None and one([]) is not one([])


def test_the_pipeline_makes_a_list_only_for_what_a_player_has():
    from sitegen.compute.pipeline import _records

    award = sitedata.TitleAward("MI", date(2025, 1, 1), "norms")

    class Spec:
        game, list = "draughts", "standard"

    class Reg:
        name, federation, sex, birth_year = "A", "NED", "m", 1990

    class Player:
        reg, title, rating, history = Reg, "", 2300, []
        norm_rows, progress, events, titles = sitedata.EMPTY, sitedata.EMPTY, [], [award]

    records: dict = {}
    awarded: set = set()
    _records(Spec, {"1": Reg}, {"1": Player}, records, awarded)
    record = records[("draughts", "1")]
    assert record.titles == [award] and record.title == "MI"
    assert awarded == {("draughts", "1")}       # the lists are given it (`_awarded_titles_on_lists`)
    assert record.norms is sitedata.EMPTY and record.progress is sitedata.EMPTY
    Spec.list = "rapid-blitz"           # a second list of the same player: one list of both
    _records(Spec, {"1": Reg}, {"1": Player}, records)
    assert record.titles == [award, award] and record.titles is not Player.titles


# -- an event's check contract held marshalled (docs/scale.md#memory) --------------------

CONTRACT = {"event": {"name": "Open", "rounds": 2, "notes": []}, "edition": "fide-2024",
            "players": [{"number": 1, "id": "10", "score": 1.5, "change": -0.25,
                         "games": [{"round": 1, "opponent": 2, "expected": 0.64}],
                         "tiebreaks": {"BH": [3.5, 2]}, "norms": [], "rating": None},
                        {"number": 2, "id": None, "points": 0.5, "flag": True}],
            "problems": []}


def _report(result: dict) -> sitedata.EventReport:
    return sitedata.EventReport("open", "chess", "Open", date(2025, 1, 2), date(2025, 1, 3),
                                "standard", date(2025, 2, 1), "fide-2024", result,
                                "events/open.trf")


def test_the_contract_reads_back_as_given():
    report = _report(CONTRACT)
    assert report.result == CONTRACT
    assert isinstance(report._result, bytes)
    assert report.players == 2
    assert report == _report(CONTRACT) and report != _report({**CONTRACT, "problems": [1]})


def test_the_contract_is_held_compressed():
    """marshal's bytes through Zstandard: a contract of many rows, the same
    keys in each, is held in a fraction of its marshalled size."""
    import marshal

    import zstandard

    many = {**CONTRACT, "players": [dict(CONTRACT["players"][0], number=n) for n in range(500)]}
    report = _report(many)
    assert marshal.loads(zstandard.decompress(report._result)) == many == report.result
    assert len(report._result) * 4 < len(marshal.dumps(many))


def test_pack_gives_back_what_it_packed():
    data = [("a", 1, None, 2.5, True), {"k": [1, 2]}, "", ()] * 50
    packed = sitedata.pack(data)
    assert isinstance(packed, bytes) and len(packed) < len(pickle.dumps(data))
    assert sitedata.unpack(packed) == data
    assert sitedata.unpack(packed) is not sitedata.unpack(packed)


def test_changing_a_copy_changes_nothing_held():
    report = _report(CONTRACT)
    report.result["players"].clear()
    assert report.result == CONTRACT


def test_the_problems_are_held_apart_as_the_contract_gives_them():
    """rating_problems reads each report's problems on every build without
    unmarshalling its contract; a copy, as `result` gives."""
    problem = {"severity": "warning", "code": "x.y", "message": "m", "line": 3, "column": None}
    given = {**CONTRACT, "problems": [problem]}
    report = _report(given)
    assert list(report.problems) == report.result["problems"] == [problem]
    problem["message"] = "changed after"
    assert report.problems[0]["message"] == "m"
    assert _report({k: v for k, v in CONTRACT.items() if k != "problems"}).problems == ()


def test_a_contract_marshal_cannot_write_is_kept_as_given():
    unusual = {"players": [], "when": date(2025, 1, 2)}
    report = _report(unusual)
    assert report.result is unusual


# -- a player's values by list, held compactly (docs/scale.md#memory) ---------------------

def test_by_list_behaves_as_a_dict():
    by_list = sitedata.ByList({"standard": 2000})
    by_list["rapid"] = None
    by_list["standard"] = 2010                 # set again: its place kept
    assert list(by_list.items()) == [("standard", 2010), ("rapid", None)]
    assert by_list == {"standard": 2010, "rapid": None} and len(by_list) == 2
    assert by_list.get("blitz") is None and "rapid" in by_list
    with pytest.raises(KeyError):
        by_list["blitz"]
    del by_list["standard"]
    assert dict(by_list) == {"rapid": None}
    with pytest.raises(KeyError):
        del by_list["standard"]
    assert pickle.loads(pickle.dumps(by_list)) == by_list


def test_by_list_shares_the_names_and_has_no_dict():
    one, two = sitedata.ByList({"standard": 1}), sitedata.ByList({"standard": 2})
    assert one._names is two._names and not hasattr(one, "__dict__")


@pytest.mark.parametrize("name,value", [("standard", 2000), ("rapid", None), ("blitz", [])])
def test_by_list_of_one_list_is_the_by_list_of_a_dict(name, value):
    """`ByList.of` (a million players' first list) makes what `ByList` of
    the one-key dict makes, its names shared with it."""
    made, general = sitedata.ByList.of(name, value), sitedata.ByList({name: value})
    assert made == general and list(made.items()) == [(name, value)]
    assert made._names is general._names and made[name] is value
    made["standard"] = 1
    assert made["standard"] == 1 and len(made) == (1 if name == "standard" else 2)


def test_a_record_holds_its_ratings_and_history_by_list():
    record = sitedata.PlayerRecord("chess", "1", "A", "FID", "m", None, "", {"standard": 2000},
                                   {}, sitedata.EMPTY)
    assert type(record.ratings) is sitedata.ByList and type(record.history) is sitedata.ByList
    record.history["standard"] = []
    assert record.ratings == {"standard": 2000} and record.history == {"standard": []}


def test_entries_and_rows_pickle_as_their_fields():
    """A list entry and a history row are pickled as their fields in order
    (`__reduce__`): equal when read back, every field, the shared EMPTY
    still the one empty value."""
    import pickle
    from datetime import date

    entry = sitedata.ListEntry("1", "Able, Ann", "ENG", "w", 1990, "WFM", 2100, 3, 9, -4,
                               20, "i", "B", False, 12, True)
    row = sitedata.HistoryRow(date(2024, 5, 1), 2100, None, 0, sitedata.EMPTY)
    back_entry, back_row = pickle.loads(pickle.dumps((entry, row), protocol=5))
    assert back_entry == entry and back_row == row and back_row.events is sitedata.EMPTY
    # by position: no field's name is written (a slotted object's state names each)
    assert b"recent_games" not in pickle.dumps(entry, protocol=5)
    assert b"rating" not in pickle.dumps(row, protocol=5)


def test_the_players_with_a_valid_norm_are_held_apart():
    """The norms' register reads each event's players with a valid norm on
    every build without unmarshalling its contract (EventReport.norms)."""
    valid = {"title": "IM", "valid": True, "achieved": 6.5, "required": 6}
    given = {**CONTRACT, "players": [
        {"number": 1, "id": "10", "name": "Able, Ann", "federation": "ENG",
         "norms": [valid, {"title": "GM", "valid": False}]},
        {"number": 2, "id": "11", "name": "Baker, Bob", "norms": [{"title": "IM", "valid": False}]},
        {"number": 3, "id": None, "name": "Cole, Cy"}]}
    report = _report(given)
    assert report.norms == (("Able, Ann", "10", "ENG", given["players"][0]["norms"]),)
    valid["achieved"] = 0                              # a copy, as `result` gives
    assert report.norms[0][3][0]["achieved"] == 6.5


def test_threads_pack_at_once():
    """Each thread packs with its own context (a Zstandard context may not
    be used by two threads at once): the executor's thread packs a list for
    a worker while the building process renders."""
    from concurrent.futures import ThreadPoolExecutor

    data = [{"players": [{"number": n, "name": f"P{n}"} for n in range(300)], "i": i}
            for i in range(64)]
    with ThreadPoolExecutor(8) as pool:
        packed = list(pool.map(sitedata.pack, data))
        back = list(pool.map(sitedata.unpack, packed))
    assert back == data
