"""A Joust event's Scoreboard: round and bracket views, Swiss standings after each round, player histories,
the final ranking and the standings.json document."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sitegen.games.agot.joust.rules import BYE, DRAW, GAME_RESULTS, Result, outcome, points_summary, record_summary, victory_totals
from sitegen.games.agot.length import planned_cut, planned_rounds, swiss_finished
from sitegen.games.base import Column, PlayerRound, RoundView, Scoreboard, SeatRow, StandingRow, TableView, round_label
from sitegen.games.tournament.elimination import bracket_views, final_ranking, note_bracket_games
from sitegen.games.tournament.swiss import (
    ESOS_MEANING,
    SOS_MEANING,
    CurrentStandings,
    Record,
    export_document,
    note_meeting,
    tally_rounds,
)
from sitegen.model import Event, Round, Table
from sitegen.text import N_

ABSENT = "absent"  # standings.json result of a round a player was not in

# The record's column label: the results' codes in the rules' order (a test checks it), translated when shown.
RECORD_LABEL = N_("W-MW-D-ML-L")
STANDINGS_COLUMNS = [
    Column("points", N_("Pts"), N_("Tournament points: {summary}.", summary=points_summary())),
    Column("record", RECORD_LABEL, N_("{summary} (byes count as wins in points only).", summary=record_summary()), wide_only=True),
    Column("sos", N_("SoS"), N_("Strength of Schedule: {meaning}.", meaning=SOS_MEANING)),
    Column("esos", N_("ESoS"), N_("Extended Strength of Schedule: {meaning}.", meaning=ESOS_MEANING)),
]
SEAT_COLUMNS = [Column("result", N_("Result")), Column("power", N_("Power")), Column("points", N_("Pts"))]


def table_outcome(table: Table) -> dict[str, Result] | None:
    """A validated table's results by player, or None while its game is pending."""
    result = table.result
    winner = result.get("winner")
    return outcome(table.players, None if winner is None else str(winner), result.get("power"),
                   victory_totals(table.players, result.get("victory") or {}))


def scoreboard(event: Event, format_name: str) -> Scoreboard:
    """Everything the pages show of a validated event; `format_name` is standings.json's "format"."""
    rounds: list[RoundView] = []
    history: dict[str, list[PlayerRound]] = {p.id: [] for p in event.players}

    def note_round(round_: Round, counted: _Counted, records: Mapping[str, Record], rows: list[StandingRow] | None) -> None:
        outcomes, results = counted
        rounds.append(round_view(round_, outcomes))
        _note_round(event, round_, results, records, {row.player: row.rank for row in rows or ()}, history)

    tally = tally_rounds(event, _count_round, _record_values, note_round, planned=planned_rounds(event))
    elims = bracket_views(event, tally.standings)  # an elimination game is won or lost: a draw at time plays on
    note_bracket_games(elims, history)
    board = Scoreboard(
        standings_columns=STANDINGS_COLUMNS,
        seat_columns=SEAT_COLUMNS,
        rounds=rounds,
        elims=elims,
        standings=tally.standings,
        standings_after=tally.standings_after,
        player_rounds=history,
        final_ranking=final_ranking(tally.standings, elims, planned_cut(event), swiss_finished(event, planned_rounds(event))),
        export={},
        planned_rounds=planned_rounds(event),
        cut=planned_cut(event),
        did_not_play=tally.did_not_play,
    )
    board.export = _export(event, format_name, board)
    return board


def round_view(round_: Round, outcomes: list[dict[str, Result] | None] | None = None) -> RoundView:
    """A Swiss round's view: each table's seats and results (`outcomes`: each table's, when counted already)."""
    outcomes = [table_outcome(table) for table in round_.tables] if outcomes is None else outcomes
    tables = [_table_view(table, result) for table, result in zip(round_.tables, outcomes)]
    return RoundView(round_, round_label(round_.number), tables, round_.complete, round_.byes)


def current_standings(event: Event) -> CurrentStandings:
    """The Scoreboard's standings (after the last complete round), length and cut, without its views."""
    planned = planned_rounds(event)
    return CurrentStandings(tally_rounds(event, _count_round, _record_values, planned=planned).standings, planned, planned_cut(event))


# A counted round: each table's outcome (None while pending) and every player's result.
_Counted = tuple[list[dict[str, Result] | None], dict[str, Result]]


def _count_round(records: Mapping[str, Record], round_: Round) -> _Counted:
    """A round's points and meetings into `records`: each table's outcome (None while pending) and every player's result."""
    results: dict[str, Result] = dict.fromkeys(round_.byes, BYE)
    outcomes = []
    for table in round_.tables:
        result = table_outcome(table)
        if result:
            results |= result
            a, b = table.players
            winner, loser = (a, b) if result[a].beat else (b, a)
            note_meeting(records, winner, loser, result[winner].beat)
        outcomes.append(result)
    for pid, res in results.items():
        records[pid].points += res.points
        records[pid].games += 1
        records[pid].codes.append(res.code)
    return outcomes, results


def _table_view(table: Table, result: Mapping[str, Result] | None) -> TableView:
    power = table.result.get("power") or {}
    seats = [
        SeatRow(
            pid,
            seat,
            {"result": result[pid].label if result else "", "power": power.get(pid, ""), "points": result[pid].points if result else ""},
            winner=result is not None and result[pid].beat,
        )
        for seat, pid in enumerate(table.players, start=1)
    ]
    return TableView(table.number, seats, pending=result is None, note=DRAW.label if result and any(r is DRAW for r in result.values()) else "")


def _record_values(record: Record) -> dict[str, Any]:
    """The Joust's own standings value: how many games of each result, in `GAME_RESULTS` order."""
    return {"record": "-".join([str(record.codes.count(r.code)) for r in GAME_RESULTS])}


def _note_round(event: Event, round_: Round, results: Mapping[str, Result], records: Mapping[str, Record],
                rank_now: Mapping[str, int], history: Mapping[str, list[PlayerRound]]) -> None:
    """Each player's line for a Swiss round: a result, a pending game, or a round missed."""
    table_of = {pid: t for t in round_.tables for pid in t.players}
    label = round_label(round_.number)
    for player in event.players:
        pid = player.id
        table = table_of.get(pid)
        res = results.get(pid)
        if table is None and res is None:
            if not player.active_in(round_.number):
                history[pid].append(PlayerRound(round=round_, label=label, outcome=ABSENT, score=0, result=N_("Did not play"),
                                                points="0", total=str(records[pid].points), rank=rank_now.get(pid)))
            continue
        history[pid].append(
            PlayerRound(
                round=round_,
                label=label,
                table=table.number if table else None,
                opponents=[p for p in table.players if p != pid] if table else [],
                outcome=res.export if res else None,
                score=res.points if res else None,
                result=res.label if res else N_("Pending"),
                points=str(res.points) if res else "",
                total=str(records[pid].points),
                rank=rank_now.get(pid),
                won=None if res is None or res is BYE else res.beat,
                drew=res is DRAW,
            )
        )


def _export(event: Event, format_name: str, board: Scoreboard) -> dict[str, Any]:
    rounds_of: dict[str, list[dict[str, Any]]] = {}
    elimination_of: dict[str, dict[str, Any]] = {}
    for pid, history in board.player_rounds.items():
        rounds_of[pid] = [
            {"round": pr.round.number, "table": pr.table, "opponent": pr.opponents[0] if pr.opponents else None,
             "result": pr.outcome, "points": pr.score}
            for pr in history
            if pr.round.stage == "round" and pr.outcome is not None
        ]
        elimination_of[pid] = {"elimination": [
            {"round": pr.round.number, "table": pr.table, "opponent": pr.opponents[0], "result": pr.outcome}
            for pr in history
            if pr.round.stage == "elim" and pr.outcome is not None
        ]}
    return export_document(event, format_name, board, rounds_of, elimination_of)
