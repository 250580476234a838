"""Display records for the event pages, derived from a Scoreboard: the templates format these and decide nothing.

Where a format's Scoreboard keeps a fact under a values key (`h2h`, a bracket's `seed`), it is read here
and nowhere else, so templates never learn a format's keys.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple
from zoneinfo import ZoneInfo

from sitegen.games import format_of
from sitegen.games.base import ROUND_LABEL, SEED, Column, RoundView, Scoreboard, StandingRow, TableView
from sitegen.model import Event, RoundClock
from sitegen.pages.charts import Bar, BarChart, bar_chart
from sitegen.text import N_, Msg, When, Zone


@dataclass(frozen=True)
class Tag:
    """A small label beside a player's name."""

    text: str
    title: str = ""  # spelled out in the legend under the table


DROPPED = Tag(N_("dropped"))
HEAD_TO_HEAD = Tag(N_("H2H"), N_("Ranked first of its points group by Head-to-Head"))
COIN_TOSS = Tag(N_("random"), N_("Order against an equal player decided by the seeded random draw"))


@dataclass(frozen=True)
class StandingLine:
    place: int  # shown in the first column: the place shared with level players, else the rank
    player: str
    values: dict[str, Any]  # by the format's standings columns
    tags: list[Tag]

    @property
    def dropped(self) -> bool:
        return DROPPED in self.tags


def standing_lines(rows: list[StandingRow]) -> list[StandingLine]:
    """The standings as shown. Players level on everything shown (before any result is in) share first place, and
    no row says the draw placed it: the draw's order of a whole field at zero tells a player nothing."""
    everyone_level = all(row.values == rows[0].values for row in rows)
    lines = []
    for row in rows:
        drawn = row.coin_toss and not everyone_level
        tags = [tag for tag, shown in ((DROPPED, row.dropped), (HEAD_TO_HEAD, row.head_to_head), (COIN_TOSS, drawn)) if shown]
        lines.append(StandingLine(1 if everyone_level else row.place or row.rank, row.player, row.values, tags))
    return lines


def explained_tags(lines: list[StandingLine]) -> list[Tag]:
    """The tags these lines carry that need their word of explanation, each once (under the table, where a phone
    shows it: a tooltip it would not), in a fixed order."""
    shown = {tag for line in lines for tag in line.tags}
    return [tag for tag in (HEAD_TO_HEAD, COIN_TOSS) if tag in shown]


def cut_note(board: Scoreboard, event: Event) -> list[str]:
    """The qualifiers in cut order, once the Swiss rounds are over, when that order is not the standings' own."""
    if not board.cut or not board.cut_order or len(board.standings_after) < board.planned_rounds:
        return []
    dropped = {p.id for p in event.players if p.dropped is not None}
    by_cut = [pid for pid in board.cut_order if pid not in dropped][: board.cut]
    by_standings = [row.player for row in board.standings if row.player not in dropped][: board.cut]
    return by_cut if by_cut != by_standings else []


def seat_columns(view: RoundView, board: Scoreboard) -> list[Column]:
    return view.columns or board.seat_columns


def shown_tables(view: RoundView, board: Scoreboard) -> list[tuple[TableView, list[Column]]]:
    """Each table with the columns it shows: a table still in play shows only how it is seated."""
    columns = seat_columns(view, board)
    seating = [c for c in columns if c.seating]
    return [(t, seating if t.pending else columns) for t in view.tables]


def results_in(view: RoundView) -> int:
    return sum(not t.pending for t in view.tables)


class FindEntry(NamedTuple):
    """A line of the round's 'find your name' list (a NamedTuple: one for every player and round of every event)."""

    name: str
    player: str
    table: int | None  # None: not at a table this round
    seat: int | None
    bye: bool  # not at a table because of a bye (else sitting out)
    opponents: tuple[str, ...] = ()  # the others at the table, in seat order from the next seat on


def find_list(view: RoundView, event: Event) -> list[FindEntry]:
    """Everyone in the round, alphabetically."""
    names = event.player_by_id
    entries = [FindEntry(names[s.player].name, s.player, t.number, s.seat, False, _others(t, i))
               for t in view.tables for i, s in enumerate(t.seats)]
    entries += [FindEntry(names[p].name, p, None, None, p in view.byes) for p in view.byes + view.sitting_out]
    return sorted(entries, key=lambda e: (e.name.casefold(), e.player))


def _others(table: TableView, index: int) -> tuple[str, ...]:
    seats = table.seats[index + 1:] + table.seats[:index]
    return tuple(s.player for s in seats)


def standings_page(board: Scoreboard, number: int) -> str:
    """The page of the standings after round `number`: the standings page itself after the latest round, "" before
    the round is over."""
    after = len(board.standings_after)
    return f"standings-{number}.html" if number < after else "standings.html" if number == after else ""


@dataclass(frozen=True)
class RoundEntry:
    """A round in the event page's list of rounds."""

    view: RoundView
    standings_page: str  # the standings after this round, "" when there are none (yet)


def round_entries(board: Scoreboard) -> list[RoundEntry]:
    return ([RoundEntry(v, standings_page(board, i)) for i, v in enumerate(board.rounds, start=1)]
            + [RoundEntry(v, "") for v in board.elims])


# The bracket's seed badge and 'won' tag already say what these columns hold.
BRACKET_HIDDEN = (SEED, "result")


@dataclass(frozen=True)
class BracketSeat:
    player: str
    winner: bool
    seed: int | None
    figures: list[tuple[str, Any]]  # (column label, value) of each figure the game produced


@dataclass(frozen=True)
class BracketMatch:
    pending: bool
    seats: list[BracketSeat]


@dataclass(frozen=True)
class BracketRound:
    slug: str
    label: str
    matches: list[BracketMatch]


def bracket(board: Scoreboard) -> list[BracketRound]:
    rounds = []
    for view in board.elims:
        columns = [c for c in seat_columns(view, board) if c.numeric and c.key not in BRACKET_HIDDEN]
        matches = [BracketMatch(t.pending, [
            BracketSeat(s.player, s.winner, s.values.get(SEED),
                        [(c.label, s.values[c.key]) for c in columns if s.values.get(c.key) not in ("", None)])
            for s in t.seats]) for t in view.tables]
        rounds.append(BracketRound(view.round.slug, view.label, matches))
    return rounds


@dataclass(frozen=True)
class Clock:
    """A timed round still in play, for the countdown on its page."""

    start: str  # an instant, "YYYY-MM-DDTHH:MM:SS+HH:MM", with a time zone; else local time as the browser reads it
    minutes: int  # the round's length, with the minutes the judge added (`sitegen clock --extend`)
    shown: str  # "YYYY-MM-DD HH:MM", and the zone when there is one
    paused_seconds: int = 0  # the pauses that are over push the end back
    paused: str = ""  # the instant the clock was paused at, while it is ("" when running)
    called: str = ""  # the instant the judge called time ("" until then)


def clock(view: RoundView, event: Event, zone: str) -> Clock | None:
    """The round's countdown: its start in the event's time zone (`zone`, "" for none) made an absolute instant,
    so a phone set to any zone counts down the same minutes."""
    round_ = view.round
    minutes = round_.minutes or event.minutes
    if view.complete or not round_.start or not minutes:
        return None
    changes = round_.clock or RoundClock()
    when = When(f"{round_.start[:10]} {round_.start[11:16]}")
    shown = N_("{when} ({zone} time)", when=when, zone=Zone(zone)) if zone else when
    return Clock(_instant(round_.start, zone), minutes + changes.extended, shown, changes.paused_seconds,
                 _instant(changes.paused, zone) if changes.paused else "", _instant(changes.called, zone) if changes.called else "")


def _instant(local: str, zone: str) -> str:
    """A round file's local time ('YYYY-MM-DD HH:MM[:SS]', as the loader checked it) as the browser reads it."""
    moment = datetime.fromisoformat(local.replace(" ", "T"))
    if not zone:
        return moment.isoformat(timespec="minutes" if not moment.second else "seconds")
    return moment.replace(tzinfo=ZoneInfo(zone)).isoformat()


def short_label(label: str) -> str:
    """A round's name where room is short: "Round 3" -> "R3"; elimination rounds keep theirs."""
    if isinstance(label, Msg):
        return N_("R{number}", **label.values) if label.msgid == ROUND_LABEL else label
    return label.replace("Round ", "R")


def meta_charts(event: Event, board: Scoreboard) -> dict[str, BarChart] | None:
    """Players, games and wins per value of each of the format's meta fields (AGoT: faction, agenda)."""
    breakdown: dict[str, BarChart] = {}
    for key in format_of(event).meta_fields:
        groups: dict[str, list[int]] = {}
        for player in event.players:
            value = player.deck.get(key)
            if not value:
                continue
            games = [h.won for h in board.player_rounds[player.id] if h.won is not None]
            counts = groups.setdefault(value, [0, 0, 0])
            counts[0] += 1
            counts[1] += len(games)
            counts[2] += sum(games)
        bars = [Bar(label, *counts) for label, counts in groups.items()]
        bars.sort(key=lambda b: (-b.players, b.label))
        if bars:
            breakdown[key] = bar_chart(bars)
    return breakdown or None


@dataclass(frozen=True)
class PlayerResult:
    """One player's event, as the pages about all events (leagues, site-wide player pages) need it."""

    id: str
    name: str
    place: int  # the final place once the event is finished, the place in the standings until then
    record: str  # games won-lost, e.g. "3-1"
    points: str  # the format's first standings figure with its label, e.g. "12 Pts", "2 GW"
    rating: int | None = None  # the points the game's ranking body rates the finish with (V:TES: V:EKN rating points)


def player_results(event: Event, board: Scoreboard) -> tuple[PlayerResult, ...]:
    final = dict((pid, rank) for rank, pid in board.final_ranking or [])
    body = format_of(event).ranking_body
    rating_key = body.rating_key if body else None
    first = board.standings_columns[0] if board.standings_columns else None
    names = event.player_by_id
    results = []
    for row in board.standings:
        games = [r.won for r in board.player_rounds[row.player] if r.won is not None]
        results.append(PlayerResult(
            row.player, names[row.player].name, final.get(row.player, row.place or row.rank), f"{sum(games)}-{games.count(False)}",
            f"{row.values[first.key]} {first.label}" if first else "", row.values.get(rating_key) if rating_key else None))
    return tuple(sorted(results, key=lambda r: (r.place, r.id)))
