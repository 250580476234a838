"""The rows of a Melee event's pages and standings.json: the columns, the seat rows of round and elimination tables,
a player's line for a round, and the same line as a standings.json row.

Each line is built from typed results (`SeatResult`, `PlayerRound`); the export row is made from those, never
from the text shown.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sitegen.games.agot.melee.rules import FINAL_TABLE, POWER_CAP, WIN_POINTS, MeleeGame, SeatResult, late_join_points
from sitegen.games.agot.melee.wording import place_label, result_text
from sitegen.games.base import SEED, Column, OncePerValue, PlayerRound, RoundView, SeatRow, StandingRow, TableView
from sitegen.model import Round, Table
from sitegen.text import N_

# The result codes of standings.json (`PlayerRound.outcome`) and of `Record.codes`.
TABLE_WIN = "win"
LATE = "late-join"  # a round a late joiner missed
ABSENT = "absent"

STANDINGS_COLUMNS = [
    Column("points", N_("Pts"), N_("Tournament points: {win} for winning a table, otherwise power (at most {cap}) divided by your place, rounded down.",
                                  win=WIN_POINTS, cap=POWER_CAP)),
    Column("wins", N_("Wins"), N_("Tables won outright (a first place shared at time is not a table win).")),
    Column("sos", N_("SoS"), N_("Strength of Schedule: the mean of your opponents' average points per round, one entry per opponent per game.")),
    Column("esos", N_("ESoS"), N_("Extended Strength of Schedule: the mean of your opponents' SoS.")),
]
SEAT_COLUMNS = [
    Column("power", N_("Power"), N_("Power at the end of the game.")),
    Column("place", N_("Place"), N_("Place at the table; T: shared with another player; out: eliminated (decked out or conceded).")),
    Column("points", N_("Pts"), N_("Tournament points for this game.")),
]
ELIM_COLUMNS = [
    Column(SEED, N_("Seed"), N_("Rank after the Swiss rounds.")),
    Column("power", N_("Power"), N_("Power at the end of the game.")),
    Column("place", N_("Place"), N_("Place at the table; T: shared; out: eliminated.")),
]


def export_code(seat: SeatResult) -> str:
    if seat.table_win:
        return TABLE_WIN
    if seat.eliminated:
        return "eliminated"
    return "shared-win" if seat.place == 1 else "placed"


class Wording:
    """An event's result texts, each made once per distinct value rather than once per seat and round (a result's words
    depend on its place, tie, win and elimination alone)."""

    def __init__(self) -> None:
        self._once = OncePerValue()

    def result(self, seat: SeatResult) -> str:
        return self._once(("result", seat.place, seat.tied, seat.table_win, seat.eliminated), lambda: result_text(seat))

    def place(self, seat: SeatResult) -> str:
        return self._once(("place", seat.place, seat.tied, seat.table_win, seat.eliminated), lambda: place_label(seat))


def table_view(table: Table, game: MeleeGame | None, wording: Wording) -> TableView:
    """A Swiss table in seat order."""
    by_player = {s.player: s for s in game.results} if game else {}
    seats = []
    for number, pid in enumerate(table.players, start=1):
        seat = by_player.get(pid)
        values = {"power": seat.power, "place": wording.place(seat), "points": seat.points} if seat else {}
        seats.append(SeatRow(pid, number, values, winner=bool(seat and seat.table_win)))
    return TableView(table.number, seats, pending=game is None, note=_table_note(game))


def _table_note(game: MeleeGame | None) -> str:
    if game is None:
        return ""
    if sum(s.place == 1 for s in game.results) > 1:
        return N_("Tied for first at time: points shared")
    return "" if game.winner is not None else N_("Went to time")


def elim_views(rounds: Sequence[Round], standings: Sequence[StandingRow],
               games: Sequence[Sequence[MeleeGame | None]]) -> list[RoundView]:
    """The elimination rounds: each player's seed, and a finished table in finishing order."""
    seed_of = {row.player: row.rank for row in standings}
    views = []
    for round_, round_games in zip(rounds, games):
        tables = []
        for table, game in zip(round_.tables, round_games):
            by_player = {s.player: s for s in game.results} if game else {}
            seats = [
                SeatRow(pid, number, {SEED: seed_of[pid], "power": by_player[pid].power if pid in by_player else "",
                                      "place": place_label(by_player[pid]) if pid in by_player else ""},
                        winner=pid in by_player and by_player[pid].table_win)
                for number, pid in enumerate(table.players, start=1)
            ]
            if game is not None:  # a finished elimination table reads best in finishing order
                finish = [s.player for s in game.results]
                seats.sort(key=lambda row: finish.index(row.player))
            tables.append(TableView(table.number, seats, pending=game is None))
        label = N_("Final table") if len(round_.tables) == 1 else N_("Top {players} tables", players=FINAL_TABLE * len(round_.tables))
        views.append(RoundView(round_, label, tables, round_.complete, columns=ELIM_COLUMNS))
    return views


def player_round(round_: Round, pid: str, table: Table | None, seat: SeatResult | None, *,
                 late: bool, total: int, rank: int | None, label: str, wording: Wording) -> PlayerRound:
    """A player's line for a Swiss round: at a table (pending or scored), credited as a late joiner, or absent."""
    table_number = seat_number = outcome = score = won = None
    opponents: list[str] = []
    if table is not None:
        table_number, seat_number = table.number, table.players.index(pid) + 1
        opponents = [p for p in table.players if p != pid]
        text, points = "Pending", ""
        if seat is not None:
            outcome, score, won = export_code(seat), seat.points, seat.table_win
            text, points = wording.result(seat), str(seat.points)
    elif late:
        outcome, score = LATE, late_join_points(1)
        text, points = f"Joined later: {score} points for the missed round", str(score)
    else:
        outcome, score = ABSENT, 0
        text, points = "Sat out" if pid in round_.sitting_out else "Did not play", "0"
    return PlayerRound(round=round_, label=label, table=table_number, seat=seat_number, opponents=opponents,
                       outcome=outcome, score=score, result=text, points=points, total=str(total), rank=rank, won=won)


def export_row(line: PlayerRound, seat: SeatResult | None) -> dict[str, Any]:
    """A round's row in standings.json; "opponent" stays null, as a melee game has no single opponent."""
    return {"round": line.round.number, "table": line.table, "opponent": None, "opponents": line.opponents,
            "result": line.outcome, "points": line.score, "place": seat.place if seat else None,
            "power": seat.power if seat else None}
