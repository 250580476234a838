"""Page models for the venue: printed result slips, the projector view and the crosstable (all results).

Like `views`, these are display records worked out from a Scoreboard; the templates only format them. What a
slip asks for is the format's (`Format.slip_form`); a format that says nothing gets a box per result column.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from sitegen.games.base import Column, Format, PlayerRound, RoundView, Scoreboard, SeatRow, TableView
from sitegen.games.result_entry import SlipBox, SlipForm
from sitegen.model import Event
from sitegen.pages.display import BRACKET_HIDDEN, find_list, seat_columns, short_label
from sitegen.text import N_, in_list

GENERIC_INSTRUCTIONS = N_("Write each player's result in the boxes.")
SECONDS_PER_LINE = 2.5  # the projector's scrolling speed: slow enough to read a line from the back of the room


@dataclass(frozen=True)
class SlipSeat:
    seat: int
    player: str
    info: list[str]  # the round's seating facts for this seat (V:TES: the prey), by `SlipSheet.info_columns`


@dataclass(frozen=True)
class Slip:
    table: int
    seats: list[SlipSeat]


@dataclass(frozen=True)
class SlipSheet:
    info_columns: list[Column]
    boxes: tuple[SlipBox, ...]
    instructions: str
    slips: list[Slip]


def slip_form(fmt: Format, view: RoundView, board: Scoreboard) -> SlipForm:
    """The format's slip, else one box to write in per result column of the round's tables."""
    own = fmt.slip_form(view.round)
    if own is not None:
        return own
    return SlipForm(tuple(SlipBox(c.label) for c in seat_columns(view, board) if not c.seating), GENERIC_INSTRUCTIONS)


def slip_sheet(fmt: Format, view: RoundView, board: Scoreboard) -> SlipSheet:
    """One slip per table of the round, seats in seat order."""
    form = slip_form(fmt, view, board)
    info = [c for c in seat_columns(view, board) if c.seating]
    slips = [Slip(t.number, [SlipSeat(s.seat, s.player, [str(s.values.get(c.key, "")) for c in info])
                             for s in sorted(t.seats, key=lambda s: s.seat)]) for t in view.tables]
    return SlipSheet(info, form.boxes, form.instructions, slips)


@dataclass(frozen=True)
class ProjectorLine:
    """A player's line on the venue screen: where to sit."""

    name: str
    table: int | None  # None: not at a table this round
    seat: int | None
    opponent: str  # the opponent's id at a two-player table, else ""
    bye: bool


def projector_lines(view: RoundView, event: Event) -> list[ProjectorLine]:
    """Everyone in the round, alphabetically (as the round page's list)."""
    tables = {t.number: [s.player for s in t.seats] for t in view.tables}
    lines = []
    for entry in find_list(view, event):
        at_table = tables.get(entry.table, []) if entry.table else []
        opponent = next((p for p in at_table if p != entry.player), "") if len(at_table) == 2 else ""
        lines.append(ProjectorLine(entry.name, entry.table, entry.seat, opponent, entry.bye))
    return lines


def scroll_seconds(lines: list[ProjectorLine]) -> int:
    """How long one pass of the scrolling list takes."""
    return max(30, round(len(lines) * SECONDS_PER_LINE))


class Cell(NamedTuple):
    """One player's round in the crosstable (a NamedTuple: one for every player and round of every event)."""

    table: int | None
    seat: int | None
    opponent: str | None  # at a two-player table; a larger table's players are a tap away, on the round page (`link`)
    result: str
    points: str
    link: str  # the table on its round's page; "" without a table (a bye)


@dataclass(frozen=True)
class CrossRow:
    place: int
    player: str
    cells: list[Cell | None]  # by `Crosstable.rounds`; None: not in that round
    total: str


@dataclass(frozen=True)
class Crosstable:
    rounds: list[tuple[str, str]]  # (short label, page slug) of every round, elimination rounds included
    rows: list[CrossRow]


def crosstable(board: Scoreboard) -> Crosstable:
    """Who played whom in every round, with results, best placed first."""
    views = board.rounds + board.elims
    rounds_of = {pid: {h.round.slug: h for h in history} for pid, history in board.player_rounds.items()}
    at_table = {v.round.slug: {s.player: (t, s) for t in v.tables for s in t.seats} for v in views}
    order = board.final_ranking or [(row.place or row.rank, row.player) for row in board.standings]
    rows = []
    for place, pid in order:
        cells: list[Cell | None] = []
        for view in views:
            played = rounds_of[pid].get(view.round.slug)
            seated = at_table[view.round.slug].get(pid)
            if played:
                cells.append(_history_cell(played, view.round.slug))
            else:  # a format that keeps no history of its elimination rounds (Melee): read the table itself
                cells.append(_table_cell(view, board, *seated) if seated else None)
        totals = [h.total for h in board.player_rounds[pid] if h.total]  # elimination rounds may have none
        rows.append(CrossRow(place, pid, cells, totals[-1] if totals else ""))
    return Crosstable([(short_label(v.label), v.round.slug) for v in views], rows)


def _history_cell(played: PlayerRound, slug: str) -> Cell:
    opponent = played.opponents[0] if len(played.opponents) == 1 else None
    return Cell(played.table, played.seat, opponent, played.result, played.points, _table_link(slug, played.table))


def _table_link(slug: str, table: int | None) -> str:
    return f"{slug}.html#table-{table}" if table else ""


def _table_cell(view: RoundView, board: Scoreboard, table: TableView, seat: SeatRow) -> Cell:
    """A cell from the round's table: the winner, else the figures the game produced (as the bracket shows them)."""
    columns = [c for c in seat_columns(view, board) if c.numeric and c.key not in BRACKET_HIDDEN]

    def outcome(row: SeatRow) -> str:
        if table.pending:
            return N_("Pending")
        figures = in_list([N_("{label} {value}", label=c.label, value=row.values[c.key]) for c in columns if row.values.get(c.key) not in ("", None)])
        if not row.winner:
            return figures
        return N_("Won ({figures})", figures=figures) if figures else N_("Won")
    others = [s.player for s in table.seats if s.player != seat.player]
    return Cell(table.number, seat.seat, others[0] if len(others) == 1 else None, outcome(seat), "", _table_link(view.round.slug, table.number))
