"""Leagues by hand: points by place, participation, best N, the window of months, ties and each tiebreaker,
a player who missed events and an event added mid-season; league.json against its schema; incremental builds."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from corpus_site import snapshot
from project import DEMO

from sitegen.build import engine
from sitegen.games import FORMATS
from sitegen.model import League, Where
from sitegen.pages.display import PlayerResult
from sitegen.pages.league_pages import league_json, league_schema
from sitegen.pages.league_standings import standings
from sitegen.pages.summary import EventCard


def league(**changes) -> League:
    fields = dict(slug="s", name="Season", event_slugs=(), format="agot-joust", start=None, end=None, scheme="places",
                  points=(10, 6, 3), points_after=1, participation=2, best=2, months=None,
                  tiebreakers=("events", "best-place", "head-to-head"), where=Where("leagues/s.yaml", 1))
    return League(**(fields | changes))


def card(slug: str, date: str, places: dict[str, int], *, state: str = "finished", fmt: str = "agot-joust",
         ratings: dict[str, int] | None = None) -> EventCard:
    results = tuple(PlayerResult(pid, pid.capitalize(), place, "", "", (ratings or {}).get(pid)) for pid, place in places.items())
    return EventCard(slug, slug, date, FORMATS[fmt], len(places), state, "", (), (), (), results)


SEASON = [
    card("e1", "2026-10-01", {"ann": 1, "ben": 2, "cat": 3, "dov": 4}),
    card("e2", "2026-10-08", {"ben": 1, "ann": 2, "dov": 3}),  # Cat missed it
    card("e3", "2026-10-15", {"cat": 1, "dov": 2, "ann": 3, "ben": 4}),
    card("live", "2026-10-22", {"ann": 1}, state="live"),  # not finished: counts for nothing yet
    card("melee", "2026-10-09", {"ann": 1}, fmt="agot-melee"),  # another format: not in the league
]


def rows(table):
    return [(r.rank, r.player, r.points, r.tiebreak) for r in table.rows]


def test_best_two_with_participation_by_hand():
    # Place 1: 10 + 2 = 12, place 2: 6 + 2 = 8, place 3: 3 + 2 = 5, place 4 (past the table): 1 + 2 = 3.
    table = standings(league(), SEASON)
    assert [c.slug for c in table.events] == ["e1", "e2", "e3", "live"]
    # Ann 12 + 8 (drops 5), Ben 8 + 12 (drops 3): level on 20, 3 events each, best place 1 each; head-to-head over
    # their three nights: Ann ahead in e1 and e3, Ben in e2. Cat 5 + 12 from two nights; Dov 5 + 8, drops 3.
    assert rows(table) == [(1, "ann", 20, "head-to-head"), (2, "ben", 20, "head-to-head"), (3, "cat", 17, ""), (4, "dov", 13, "")]
    ann = table.rows[0]
    assert [(r.event, r.place, r.points, r.counted, r.dropped_because) for r in ann.results] == [
        ("e1", 1, 12, True, ""), ("e2", 2, 8, True, ""), ("e3", 3, 5, False, "not among the best 2")]
    cat = table.rows[2]
    assert (cat.events, cat.best_place, [r.event for r in cat.results]) == (2, 1, ["e1", "e3"])


def test_every_result_counts_without_best():
    table = standings(league(best=None, participation=0), SEASON)
    # Ann 10 + 6 + 3, Ben 6 + 10 + 1, Cat 3 + 10, Dov 1 + 3 + 6
    assert [(r.player, r.points) for r in table.rows] == [("ann", 19), ("ben", 17), ("cat", 13), ("dov", 10)]


TIED = [card("e1", "2026-10-01", {"ann": 1, "ben": 2, "cat": 3}), card("e2", "2026-10-08", {"cat": 1, "ben": 2})]


@pytest.mark.parametrize(("tiebreakers", "expected"), [
    # All on 4 points (4 for 1st, 2 for 2nd, nothing after): Ann one event (best 1), Ben two (best 2), Cat two (best 1).
    (("events", "best-place", "head-to-head"), [(1, "cat", 4, "best-place"), (2, "ben", 4, "best-place"), (3, "ann", 4, "events")]),
    (("best-place", "events"), [(1, "cat", 4, "events"), (2, "ann", 4, "events"), (3, "ben", 4, "best-place")]),
    # Head-to-head alone: Ann ahead of Ben and Cat in e1 (2), Ben ahead of Cat in e1 (1), Cat ahead of Ben in e2 (1).
    (("head-to-head",), [(1, "ann", 4, "head-to-head"), (2, "ben", 4, "head-to-head"), (2, "cat", 4, "head-to-head")]),
    ((), [(1, "ann", 4, ""), (1, "ben", 4, ""), (1, "cat", 4, "")]),  # level on everything: a shared place, by name
])
def test_ties_and_each_tiebreaker(tiebreakers, expected):
    assert rows(standings(league(points=(4, 2), points_after=0, participation=0, best=None, tiebreakers=tiebreakers), TIED)) == expected


def test_an_event_added_mid_season_joins_by_the_filter():
    before = standings(league(start="2026-10-01", end="2026-10-31"), SEASON)
    added = card("e2b", "2026-10-10", {"dov": 1, "cat": 2})
    after = standings(league(start="2026-10-01", end="2026-10-31"), [*SEASON, added])
    assert [c.slug for c in after.events] == ["e1", "e2", "e2b", "e3", "live"]
    # Dov's best two are now 12 (e2b) and 8 (e3), Cat's 12 (e3) and 8 (e2b): all four on 20. Dov played four nights
    # (events). Ann, Ben and Cat played three, each with a best place of 1; head-to-head among the three: Ann ahead of
    # Ben in e1 and e3 and of Cat in e1 (3), Ben ahead of Ann in e2 and of Cat in e1 (2), Cat ahead of Ann and Ben in e3
    # (2): Ben and Cat stay level and share third place.
    assert rows(before)[2:] == [(3, "cat", 17, ""), (4, "dov", 13, "")]
    assert rows(after) == [(1, "dov", 20, "events"), (2, "ann", 20, "head-to-head"), (3, "ben", 20, "head-to-head"),
                           (3, "cat", 20, "head-to-head")]


def test_vekn_rating_counts_rating_points_of_the_last_18_months():
    rated = league(format="vtes", scheme="vekn-rating", points=(), points_after=0, participation=0, best=8, months=18)
    cards = [card("old", "2024-09-14", {"ann": 1}, fmt="vtes", ratings={"ann": 100}),
             card("edge", "2024-09-15", {"ann": 2}, fmt="vtes", ratings={"ann": 30}),
             card("last", "2026-03-15", {"ann": 3, "ben": 1}, fmt="vtes", ratings={"ann": 12, "ben": 140})]
    table = standings(rated, cards)
    assert rows(table) == [(1, "ben", 140, ""), (2, "ann", 42, "")]
    assert [(r.event, r.counted, r.dropped_because) for r in table.rows[1].results] == [
        ("old", False, "older than 18 months"), ("edge", True, ""), ("last", True, "")]


def test_league_json_validates_against_its_schema():
    schema = league_schema()
    assert schema["properties"]["scheme"]["enum"] == ["places", "vekn-rating"]  # the game's ranking body adds its scheme
    jsonschema.validate(league_json(standings(league(), SEASON)), schema)
    jsonschema.validate(league_json(standings(league(), [])), schema)


def test_the_demo_league_and_players(demo_output):
    document = json.loads((demo_output / "leagues" / "thursday-joust-autumn" / "league.json").read_text())
    schema = json.loads((demo_output / "schema" / "league.schema.json").read_text())
    jsonschema.validate(document, schema)
    assert [e["event"] for e in document["events"]] == ["thursday-night-1", "thursday-night-2", "thursday-night-3"]
    night = (demo_output / "events" / "thursday-night-2" / "index.html").read_text()
    assert 'href="../../leagues/thursday-joust-autumn/index.html"' in night
    assert (demo_output / "players" / "bram-okoro.html").is_file()
    other = (demo_output / "events" / "winter-joust-2026" / "index.html").read_text()
    assert "leagues/" not in other  # not in October


def _build(content: Path, output: Path, **options: object) -> dict[str, bytes]:
    engine.build(content, output, **options)  # type: ignore[arg-type]
    return snapshot(output)


@pytest.mark.parametrize("change", ["new night", "edit a night", "edit the league", "edit players.yaml"])
def test_incremental_builds_follow_leagues_and_players(change, tmp_path):
    """On the demo's league nights alone (its other events are in no league): the same changes, half the building."""
    content, cache = tmp_path / "content", tmp_path / "cache"
    shutil.copytree(DEMO, content, ignore=lambda folder, names: [n for n in names if Path(folder).name == "events" and not n.startswith("thursday-night-")])
    first = _build(content, tmp_path / "inc", cache=cache)
    night, league_file = content / "events" / "thursday-night-3", content / "leagues" / "thursday-joust-autumn.yaml"
    if change == "new night":
        shutil.copytree(night, content / "events" / "thursday-night-4")
        path = content / "events" / "thursday-night-4" / "event.yaml"
        path.write_text(path.read_text().replace("2026-10-15", "2026-10-22").replace("#3", "#4"))
    elif change == "edit a night":
        path = night / "round-3.yaml"
        text = path.read_text()
        winners = [line.split(": ")[1] for line in text.splitlines() if line.startswith("  winner: ")]
        players = next(line for line in text.splitlines() if winners[0] in line and "players" in line)
        loser = next(p for p in players.split("[")[1].rstrip("]").split(", ") if p != winners[0])
        path.write_text(text.replace(f"winner: {winners[0]}", f"winner: {loser}", 1))
    elif change == "edit the league":
        league_file.write_text(league_file.read_text().replace("best: 2", "best: 3"))
    else:
        people = content / "players.yaml"
        people.write_text(people.read_text().replace("{id: greta-holm, name: Greta Holm}", "{id: greta-holm, name: Greta Holm, vekn: '3200042'}"))
    incremental = _build(content, tmp_path / "inc", cache=cache)
    clean = _build(content, tmp_path / "clean")
    assert incremental == clean
    changed = {p for p in clean if first.get(p) != clean[p]}
    assert ("leagues/thursday-joust-autumn/league.json" in changed) == (change != "edit players.yaml")
    assert ("players/greta-holm.html" in changed) == (change == "edit players.yaml")
