"""What each desk page shows: typed records made from an event and its Scoreboard, read by the desk templates.

A table's entry controls follow the result keys its format reads (never the format's name): `eliminated`
(Melee: power, a winner and who left), `winner` (Joust: one button per player; power when time is called),
`vp` (V:TES: a figure per player). Each form carries the version of what it shows (`table_version`,
`players_version`, `rounds_version`): the desk refuses a write made on an older version.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from sitegen import games as formats
from sitegen.games.base import Column, RoundView, Scoreboard, TableView
from sitegen.model import Event, Round, Table
from sitegen.pages.display import StandingLine, standing_lines


def _digest(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def table_version(round_: Round, table: Table) -> str:
    """Changes whenever the table's players or result change (another judge's entry)."""
    return _digest(round_.slug, table.number, table.players, sorted((k, repr(v)) for k, v in table.result.items()))


def players_version(event: Event) -> str:
    return _digest([(p.id, p.name, p.joined, p.dropped) for p in event.players])


def rounds_version(event: Event) -> str:
    """Changes with any round file (a new round, any result): pairing is decided on all of them."""
    return _digest([(r.slug, [(t.players, sorted((k, repr(v)) for k, v in t.result.items())) for t in r.tables])
                    for r in event.rounds + event.elims])


@dataclass
class Seat:
    player: str
    name: str
    shown: str  # the figures the table shows for this seat, e.g. "Power 7 · Pts 4"
    winner: bool
    entered: Any = ""  # the figure already entered (power or VP), to prefill the input
    left: int | None = None  # Melee: the order in which the player left the game


@dataclass
class DeskTable:
    number: int
    seats: list[Seat]
    pending: bool
    version: str
    controls: str  # "melee", "winner", "vp"
    time_result: bool  # power inputs when time is called (Joust preliminary rounds)
    halves: bool  # VP in steps of 0.5
    errors: list[str] = field(default_factory=list)


@dataclass
class DeskRound:
    slug: str
    label: str
    tables: list[DeskTable]
    byes: list[str]
    clock: str
    complete: bool


@dataclass
class EventPage:
    slug: str
    name: str
    format_title: str
    round: DeskRound | None
    columns: list[Column]
    standings: list[StandingLine]
    final: list[tuple[int, str]]
    players: list[tuple[str, str]]  # (id, name) of those still in, for the drop form
    fields: dict[str, str]  # the format's player fields, for the add form
    players_version: str
    rounds_version: str
    can_redo: bool  # the current round has no result yet: it may be paired again
    errors: dict[str, list[str]] = field(default_factory=dict)  # by form: "pair", "drop", "add", "table-3"
    typed: dict[str, str] = field(default_factory=dict)  # what the refused form held, shown again to be corrected
    names: dict[str, str] = field(default_factory=dict)  # every player's, by id


def event_page(event: Event, board: Scoreboard | None) -> EventPage:
    """The event's page; without a Scoreboard (the event has problems the check reports) only its players."""
    fmt = formats.format_of(event)
    names = {p.id: p.name for p in event.players}
    view = _current_view(board) if board else None
    columns = [c for c in board.standings_columns if not c.wide_only] if board else []
    standings = standing_lines(board.standings) if board else []
    final = [(place, names[pid]) for place, pid in board.final_ranking or []] if board else []
    in_play = [(p.id, p.name) for p in event.players if p.dropped is None]
    desk_round = _desk_round(view, fmt.table_keys, board, names) if view and board else None
    can_redo = view is not None and not any(t.result for t in view.round.tables)
    return EventPage(event.slug, event.name, fmt.title, desk_round, columns, standings, final, in_play,
                     dict(fmt.deck_fields), players_version(event), rounds_version(event), can_redo, names=names)


def _current_view(board: Scoreboard) -> RoundView | None:
    """The round being played: the latest one written (elimination rounds come after the Swiss ones)."""
    views = board.rounds + board.elims
    return views[-1] if views else None


def _desk_round(view: RoundView, keys: tuple[str, ...], board: Scoreboard, names: dict[str, str]) -> DeskRound:
    round_ = view.round
    columns = view.columns or board.seat_columns
    controls = "melee" if "eliminated" in keys else "winner" if "winner" in keys else "vp"
    tables = [_desk_table(round_, table, view_table, columns, names, controls) for table, view_table in
              zip(round_.tables, _by_number(view.tables, round_))]
    clock = f"{round_.start}, {round_.minutes} minutes" if round_.start and round_.minutes else round_.start or ""
    return DeskRound(round_.slug, view.label, tables, [names.get(p, p) for p in round_.byes], clock, view.complete)


def _by_number(views: list[TableView], round_: Round) -> list[TableView]:
    by_number = {v.number: v for v in views}
    return [by_number[t.number] for t in round_.tables]


def _desk_table(round_: Round, table: Table, view: TableView, columns: list[Column], names: dict[str, str], controls: str) -> DeskTable:
    rows = {seat.player: seat for seat in view.seats}
    entered = table.result.get("power") or table.result.get("vp") or {}
    left = {pid: place for place, pid in enumerate(table.result.get("eliminated") or [], start=1)}
    seats = []
    for pid in table.players:
        row = rows.get(pid)
        shown = " · ".join(f"{c.label} {row.values[c.key]}" for c in columns
                           if row and not c.seating and row.values.get(c.key, "") != "") if not view.pending else ""
        seats.append(Seat(pid, names.get(pid, pid), shown, bool(row and row.winner and not view.pending),
                          entered.get(pid, "") if isinstance(entered, dict) else "", left.get(pid)))
    return DeskTable(table.number, seats, view.pending, table_version(round_, table), controls,
                     time_result=controls == "winner" and round_.stage == "round", halves=controls == "vp")


@dataclass
class EventLink:
    slug: str
    name: str
    state: str


def event_links(entries: list[tuple[str, Event | None, int]]) -> list[EventLink]:
    """Each event folder (slug, the event when it loads, its problem count) and where it stands."""
    links = []
    for slug, event, problems in entries:
        last = (event.rounds + event.elims)[-1:] if event else []
        if problems:
            state = f"{problems} problem(s) to fix"
        elif not last:
            state = "not paired yet"
        else:
            pending = len(last[0].pending_tables)
            state = f"{last[0].slug}: {pending} table(s) in play" if pending else f"{last[0].slug} complete"
        links.append(EventLink(slug, event.name if event else slug, state))
    return links
