"""Page models of what spans events: each league's page and league.json, the site-wide player pages and their index.

They read only the events' cards (each player's place, record, points and rating points), so changing one event
rebuilds them without reading any other. Without players.yaml and leagues/ there are none.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from sitegen import games as formats
from sitegen.load.players_and_leagues import SCHEMES, TIEBREAKERS
from sitegen.model import Person, Site
from sitegen.pages import datafiles
from sitegen.pages.display import PlayerResult
from sitegen.pages.league_standings import LeagueTable, standings
from sitegen.pages.page_model import PageModel
from sitegen.pages.summary import EventCard
from sitegen.text import in_turn

LEAGUE_SCHEMA = "league.schema.json"


@dataclass(frozen=True)
class PersonEvent:
    card: EventCard
    result: PlayerResult


def league_schema() -> dict[str, Any]:
    """league.json's JSON Schema, with the schemes and tiebreakers a league may name filled in from their one home
    (`load/players_and_leagues.py`: the games' ranking bodies add their schemes)."""
    schema: dict[str, Any] = json.loads(resources.files("sitegen.schema").joinpath(LEAGUE_SCHEMA).read_text(encoding="utf-8"))
    schema["properties"]["scheme"]["enum"] = list(SCHEMES)
    schema["properties"]["tiebreakers"]["items"]["enum"] = list(TIEBREAKERS)
    return schema


def reads_results(site: Site) -> bool:
    """Whether these pages read the cards' players' results (a build leaves them out of the cards otherwise)."""
    return bool(site.leagues or site.people)


def season_pages(site: Site, cards: list[EventCard], common: dict[str, Any]) -> list[PageModel]:
    pages: list[PageModel] = []
    known = {p.id: p for p in site.people}
    for league in site.leagues:
        table = standings(league, cards)
        base = f"leagues/{league.slug}"
        pages.append(PageModel(f"{base}/index.html", "league.html", common | {
            "title": league.name, "table": table, "scheme": SCHEMES[league.scheme], "known": known,
            "tiebreak": in_turn([TIEBREAKERS[t] for t in league.tiebreakers]) if league.tiebreakers else ""}))
        pages.append(PageModel(f"{base}/league.json", None, body=datafiles.json_file(league_json(table))))
    if site.leagues:
        pages.append(PageModel(f"schema/{LEAGUE_SCHEMA}", None, body=datafiles.json_file(league_schema())))
    if site.people:
        history = person_events(site.people, cards)
        people = sorted(site.people, key=lambda p: (p.name, p.id))
        pages.append(PageModel("players/index.html", "players.html", common | {
            "title": "Players", "people": people, "history": history}))
        for person in people:
            pages.append(PageModel(f"players/{person.id}.html", "person.html", common | {
                "title": person.name, "person": person, "events": history[person.id], "numbers": _numbers(person),
                "leagues": [league for league in site.leagues if any(league.counts(e.card.slug, e.card.format.name, e.card.date)
                                                                     for e in history[person.id])]}))
    return pages


def _numbers(person: Person) -> list[tuple[str, str]]:
    """A person's ranking-body numbers, each with its body's name: [("V:EKN", "3200123")]."""
    names = {body.number_key: body.name for _game, body in formats.RANKING_BODIES.values()}
    return [(names[key], number) for key, number in person.numbers.items()]


def person_events(people: tuple[Person, ...], cards: list[EventCard]) -> dict[str, list[PersonEvent]]:
    """Every event each known player played, latest first."""
    events: dict[str, list[PersonEvent]] = {p.id: [] for p in people}
    for card in sorted(cards, key=lambda c: (c.date, c.slug), reverse=True):
        for result in card.results:
            if result.id in events:
                events[result.id].append(PersonEvent(card, result))
    return events


def league_json(table: LeagueTable) -> dict[str, Any]:
    """league.json (schema/league.schema.json): the standings with every result, counted or dropped."""
    league = table.league
    return {
        "league": league.slug,
        "name": league.name,
        "scheme": league.scheme,
        "best": league.best,
        "tiebreakers": list(league.tiebreakers),
        "events": [{"event": c.slug, "name": c.name, "date": c.date, "format": c.format.name, "finished": c.state == "finished"}
                   for c in table.events],
        "standings": [
            {"rank": row.rank, "id": row.player, "name": row.name, "points": row.points, "events": row.events,
             "best_place": row.best_place, "tiebreak": row.tiebreak or None,
             "results": [{"event": r.event, "place": r.place, "points": r.points, "counted": r.counted,
                          "dropped_because": r.dropped_because or None} for r in row.results]}
            for row in table.rows
        ],
    }
