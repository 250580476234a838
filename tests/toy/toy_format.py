"""The toy Swiss plug-in: validation, scoring and pairing glued onto the shared Swiss pieces."""
from __future__ import annotations

from typing import Any

from sitegen.games.base import (
    FLAG,
    PLAYER,
    Column,
    Format,
    NextRound,
    PlayerRound,
    Refused,
    ResultEntry,
    ResultField,
    ResultWay,
    RoundView,
    Scoreboard,
    SeatRow,
    TableView,
    check_common,
    check_everyone_seated,
    player_id,
    refuse_pending,
    round_rng,
    tables_file,
)
from sitegen.games.tournament.swiss import Record, export_document, note_meeting, rank_players, standing_rows
from sitegen.model import Event, Problem
from sitegen.pairing.swiss import pair_swiss

from . import toy_rules as rules


class ToySwiss(Format):
    name = "toy-swiss"
    title = "Toy Swiss"
    results = ResultEntry(
        fields=(ResultField("winner", PLAYER, "Winner", "the player who won", slip="Winner"),
                ResultField("draw", FLAG, "Drawn game", "the game was drawn")),
        ways=(ResultWay("won", ("winner",), "Who won?", "{name} won"),
              ResultWay("draw", ("draw",), "A drawn game", "Save the draw")))
    result_hint = "Enter each result as 'winner: <id>' or 'draw: true'."

    def validate(self, event: Event) -> list[Problem]:
        problems = check_common(event, self)
        for round_ in event.rounds:
            problems += check_everyone_seated(event, round_)
            for table in round_.tables:
                if len(table.players) != 2:
                    problems.append(Problem(table.where, f"a toy table seats 2 players; table {table.number} has {len(table.players)}"))
                player_id(table, "winner", problems)
        return problems

    def planned_rounds(self, event: Event) -> int:
        return event.planned_rounds or rules.DEFAULT_ROUNDS

    def score(self, event: Event) -> Scoreboard:
        records = {p.id: Record() for p in event.players}
        history: dict[str, list[PlayerRound]] = {p.id: [] for p in event.players}
        views, after = [], []
        for round_ in event.rounds:
            tables, round_codes = [], {pid: "bye" for pid in round_.byes}
            for table in round_.tables:
                codes = rules.outcome(table.players, table.result.get("winner"), bool(table.result.get("draw")))
                round_codes |= codes or {}
                seats = [SeatRow(pid, n, {"result": rules.LABELS[codes[pid]] if codes else ""}, bool(codes) and codes[pid] == "win")
                         for n, pid in enumerate(table.players, start=1)]
                tables.append(TableView(table.number, seats, pending=codes is None))
                if codes:
                    a, b = table.players
                    note_meeting(records, a, b, decisive=False)  # no Head-to-Head in this game
                    for pid, code in codes.items():
                        self._add(records[pid], code)
            for pid in round_.byes:
                self._add(records[pid], "bye")
            views.append(RoundView(round_, f"Round {round_.number}", tables, round_.complete, round_.byes))
            for pid, code in round_codes.items():
                history[pid].append(PlayerRound(round=round_, label=f"Round {round_.number}", outcome=code, score=rules.POINTS[code],
                                                result=rules.LABELS[code], points=str(rules.POINTS[code]), total=str(records[pid].points)))
            if round_.complete:
                after.append(standing_rows(rank_players(records, event.seed), records, event, lambda r: {}))
        standings = after[-1] if after else standing_rows(rank_players(records, event.seed), records, event, lambda r: {})
        board = Scoreboard(STANDINGS, SEATS, views, [], standings, after, history, None, {}, self.planned_rounds(event), 0)
        rounds_of = {pid: [{"round": h.round.number, "result": h.outcome, "points": h.score} for h in rows] for pid, rows in history.items()}
        board.export = export_document(event, self.name, board, rounds_of)
        return board

    @staticmethod
    def _add(record: Record, code: str) -> None:
        record.points += rules.POINTS[code]
        record.games += 1
        record.codes.append(code)

    def next_round(self, event: Event) -> NextRound:
        refuse_pending(event)
        number = len(event.rounds) + 1
        if number > self.planned_rounds(event):
            raise Refused(f"{event.name} is finished")
        board = self.score(event)
        ranked = [row.player for row in board.standings]
        points = {row.player: row.values["points"] for row in board.standings}
        met: dict[str, set[str]] = {pid: set() for pid in ranked}
        for round_ in event.rounds:
            for table in round_.tables:
                a, b = table.players
                met[a].add(b)
                met[b].add(a)
        byes = {pid for round_ in event.rounds for pid in round_.byes}
        pairing = pair_swiss(ranked, points, met, byes, round_rng(event, f"round-{number}"), first_round=number == 1)
        data = tables_file([list(pair) for pair in pairing.pairs]) | ({"byes": [pairing.bye]} if pairing.bye else {})
        return NextRound(f"round-{number}.yaml", data, f"Round {number}: {len(pairing.pairs)} tables")

    def rules_context(self) -> dict[str, Any]:
        return {}


points_help = ", ".join(f"{rules.LABELS[code].lower()} {points}" for code, points in rules.POINTS.items())
STANDINGS = [Column("points", "Pts", f"Tournament points: {points_help}."),
             Column("sos", "SoS", "Strength of Schedule."), Column("esos", "ESoS", "Extended SoS.", wide_only=True)]
SEATS = [Column("result", "Result", numeric=False)]
FORMAT = ToySwiss()
