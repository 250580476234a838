"""A league's standings: each player's results in the league's finished events, the points each is worth, which
count (the best N, the window of months) and the order (points, then the league's own tiebreakers).

Pure functions over the events' cards (`summary.EventCard`), so a league page is built without reading any event.
"""
from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from sitegen import games as formats
from sitegen.model import League
from sitegen.pages.summary import EventCard
from sitegen.text import Nn_


@dataclass(frozen=True)
class LeagueResult:
    event: str  # slug
    event_name: str
    date: str
    place: int
    points: int
    counted: bool
    dropped_because: str = ""  # why a result does not count: "not among the best 2", "older than 18 months"


@dataclass(frozen=True)
class LeagueRow:
    rank: int  # shared by players level on points and every tiebreaker
    player: str
    name: str
    points: int
    events: int
    best_place: int
    results: tuple[LeagueResult, ...]  # by date
    tiebreak: str = ""  # the tiebreaker that placed this player against an equal on points, if any


@dataclass(frozen=True)
class LeagueTable:
    league: League
    events: tuple[EventCard, ...]  # the league's events, by date (finished or not)
    rows: tuple[LeagueRow, ...]


def event_points(league: League, place: int, rating: int | None) -> int:
    """What one finish is worth in the league, participation included."""
    if league.scheme in formats.RANKING_BODIES:
        return rating or 0
    by_place = league.points[place - 1] if place <= len(league.points) else league.points_after
    return by_place + league.participation


def standings(league: League, cards: Sequence[EventCard]) -> LeagueTable:
    events = tuple(sorted((c for c in cards if league.counts(c.slug, c.format.name, c.date)), key=lambda c: (c.date, c.slug)))
    finished = [c for c in events if c.state == "finished"]
    cutoff = _months_before(finished[-1].date, league.months) if finished and league.months else ""
    names: dict[str, str] = {}
    finishes: dict[str, list[LeagueResult]] = {}
    for card in finished:
        for result in card.results:
            names[result.id] = result.name  # the latest event's spelling
            finishes.setdefault(result.id, []).append(LeagueResult(card.slug, card.name, card.date, result.place,
                                                                   event_points(league, result.place, result.rating), True))
    rows = [_row(league, pid, names[pid], results, cutoff) for pid, results in finishes.items()]
    return LeagueTable(league, events, tuple(_ranked(rows, league.tiebreakers)))


def _row(league: League, player: str, name: str, results: list[LeagueResult], cutoff: str) -> LeagueRow:
    in_window = [r for r in results if r.date >= cutoff]
    best = sorted(in_window, key=lambda r: (-r.points, r.date, r.event))[: league.best or len(in_window)]
    counted = {r.event for r in best}
    shown = []
    for r in results:
        if r.date < cutoff:
            shown.append(_dropped(r, Nn_("older than {count} month", "older than {count} months", league.months or 0)))
        elif r.event not in counted:
            shown.append(_dropped(r, Nn_("not among the best {count}", "not among the best {count}", league.best or 0)))
        else:
            shown.append(r)
    return LeagueRow(0, player, name, sum(r.points for r in best), len(results), min(r.place for r in results), tuple(shown))


def _dropped(result: LeagueResult, why: str) -> LeagueResult:
    return LeagueResult(result.event, result.event_name, result.date, result.place, result.points, False, why)


def _ranked(rows: list[LeagueRow], tiebreakers: Sequence[str]) -> list[LeagueRow]:
    """Most points first; players level on points are ordered by the tiebreakers in turn; players level on all of
    them share a rank (listed by name)."""
    ranked: list[LeagueRow] = []
    rows = sorted(rows, key=lambda r: -r.points)
    for _, level in groupby(rows, key=lambda r: r.points):
        for group, decided_by in _break(list(level), tiebreakers, ""):
            rank = len(ranked) + 1
            ranked += [LeagueRow(rank, r.player, r.name, r.points, r.events, r.best_place, r.results, decided_by)
                       for r in sorted(group, key=lambda r: (r.name, r.player))]
    return ranked


def _break(group: list[LeagueRow], tiebreakers: Sequence[str], decided_by: str) -> list[tuple[list[LeagueRow], str]]:
    """`group` split into ordered groups of still-equal players, each with the tiebreaker that last separated it."""
    if len(group) == 1 or not tiebreakers:
        return [(group, decided_by)]
    name, rest = tiebreakers[0], tiebreakers[1:]
    key = _tiebreak_key(name, group)
    ordered = sorted(group, key=lambda r: key[r.player])
    parts = [list(g) for _, g in groupby(ordered, key=lambda r: key[r.player])]
    by = name if len(parts) > 1 else decided_by
    return [piece for part in parts for piece in _break(part, rest, by)]


def _tiebreak_key(name: str, group: list[LeagueRow]) -> dict[str, int]:
    """Smaller is better."""
    if name == "events":
        return {r.player: -r.events for r in group}
    if name == "best-place":
        return {r.player: r.best_place for r in group}
    places = {r.player: {res.event: res.place for res in r.results} for r in group}
    ahead = {p: sum(1 for q in places if q != p for event, place in places[p].items()
                    if event in places[q] and place < places[q][event]) for p in places}
    return {p: -n for p, n in ahead.items()}


def _months_before(date: str, months: int) -> str:
    """The same day `months` calendar months earlier (the last day of a shorter month)."""
    day = datetime.date.fromisoformat(date)
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    month += 1
    last = (datetime.date(year + month // 12, month % 12 + 1, 1) - datetime.timedelta(days=1)).day
    return datetime.date(year, month, min(day.day, last)).isoformat()


def leagues_of(leagues: Sequence[League], slug: str, format_name: str, date: str) -> list[League]:
    """The leagues that count an event, for the link from its page."""
    return [league for league in leagues if league.counts(slug, format_name, date)]
