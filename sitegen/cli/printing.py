"""What the CLI prints of an event (a table, the standings) and its warnings."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the start-up of every command imports this module: no game, no model for it
    from sitegen.games.base import Column, ResultView, Scoreboard, StandingRow
    from sitegen.model import Event


def count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"

def warn(warnings: list[str]) -> None:
    for warning in warnings:
        print(f"sitegen: warning: {warning}", file=sys.stderr)

def print_table(event: Event, view: ResultView, number: int) -> None:
    names = event.player_by_id
    table = view.table(number)
    if table is None:
        return
    print(f"{view.round.label}, table {number}{' (in play)' if table.pending else ''}")
    for seat in table.seats:
        cells = "  ".join(f"{c.label} {seat.values.get(c.key, '')}" for c in view.columns if seat.values.get(c.key, "") != "")
        mark = "  (winner)" if seat.winner else ""
        print(f"  {seat.seat:>2}  {names[seat.player].name[:28]:<28}  {cells}{mark}")

def print_standings(event: Event, board: Scoreboard) -> None:
    """The final ranking once the event is decided (champion first), then the Swiss standings; drops marked."""
    names = event.player_by_id
    if board.final_ranking:
        print(f"{event.name} — final ranking")
        for place, pid in board.final_ranking:
            mark = "  (champion)" if place == 1 else ""
            print(f"{place:>4}  {names[pid].name}{mark}")
        print()
    print(f"{event.name} — standings after {len(board.standings_after)} round(s)")
    print_rows(event, board.standings_columns, board.standings)
    if board.did_not_play:
        print(f"registered, did not play: {', '.join(names[pid].name for pid in board.did_not_play)}")

def print_rows(event: Event, columns: list[Column], rows: list[StandingRow]) -> None:
    names = event.player_by_id
    print(f"{'#':>4}  {'Player':<28}" + "".join(f"{c.label:>12}" for c in columns))
    for row in rows:
        name = names[row.player].name[:28] + (" (dropped)" if row.dropped else "")
        cells = "".join(f"{str(row.values[c.key]):>12}" for c in columns)
        print(f"{row.place or row.rank:>4}  {name:<28}{cells}")  # a place shared as on the page
