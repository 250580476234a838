"""The toy Swiss plug-in: validation, scoring and pairing glued onto the shared tournament tools
(`games/tournament/`: Swiss standings, then a single-elimination bracket) and the Swiss pairing."""
from __future__ import annotations

from collections.abc import Mapping

from sitegen.games.base import (
    Column,
    Elimination,
    Format,
    NextRound,
    PlayerRound,
    RoundView,
    Scoreboard,
    SeatRow,
    StandingRow,
    TableView,
    cut_of,
    round_label,
)
from sitegen.games.checks import check_common, check_everyone_seated, player_id
from sitegen.games.result_entry import FLAG, PLAYER, ResultEntry, ResultField, ResultWay
from sitegen.games.rounds import finished, refuse_pending, round_rng, tables_file
from sitegen.games.tournament.elimination import bracket_problems, bracket_views, final_ranking, next_bracket_round, note_bracket_games
from sitegen.games.tournament.swiss import Record, export_document, note_meeting, tally_rounds
from sitegen.model import Event, Problem, Round, Table
from sitegen.pairing.swiss import pair_swiss
from sitegen.text import N_

from . import toy_rules as rules

BRACKET_HINT = "Enter each game's result as 'winner: <id>': a bracket game is never drawn."


class ToySwiss(Format):
    name = "toy-swiss"
    title = N_("Toy Swiss")
    results = ResultEntry(
        fields=(ResultField("winner", PLAYER, N_("Winner"), "the player who won", slip=N_("Winner")),
                ResultField("draw", FLAG, N_("Drawn game"), "the game was drawn")),
        ways=(ResultWay("won", ("winner",), N_("Who won?"), N_("{name} won")),
              ResultWay("draw", ("draw",), N_("A drawn game"), N_("Save the draw"), stages=("round",))))
    result_hint = "Enter each result as 'winner: <id>' or 'draw: true'."
    elimination = Elimination(lambda event: rules.default_cut(len(event.players)) if event.cut is None else event.cut, N_("Bracket"))

    def validate(self, event: Event) -> list[Problem]:
        problems = check_common(event, self)
        for round_ in event.rounds:
            problems += check_everyone_seated(event, round_)
        for round_ in event.rounds + event.elims:
            for table in round_.tables:
                if len(table.players) != 2:
                    problems.append(Problem(table.where, f"a toy table seats 2 players; table {table.number} has {len(table.players)}"))
                player_id(table, "winner", problems)
                if round_.stage != "round" and "draw" in table.result:
                    problems.append(Problem(table.at("draw"), "a bracket game is never drawn; write 'winner: <id>'"))
        if not problems and event.elims:
            problems += bracket_problems(event, self.score(event).standings, cut_of(self, event))
        return problems

    def planned_rounds(self, event: Event) -> int:
        return event.planned_rounds or rules.DEFAULT_ROUNDS

    def score(self, event: Event) -> Scoreboard:
        history: dict[str, list[PlayerRound]] = {p.id: [] for p in event.players}
        views: list[RoundView] = []

        def note_round(round_: Round, codes: dict[str, str], records: Mapping[str, Record], rows: list[StandingRow] | None) -> None:
            views.append(RoundView(round_, round_label(round_.number), [_table_view(t) for t in round_.tables], round_.complete, round_.byes))
            for pid, code in codes.items():
                history[pid].append(PlayerRound(round=round_, label=round_label(round_.number), outcome=code, score=rules.POINTS[code],
                                                result=rules.LABELS[code], points=str(rules.POINTS[code]), total=str(records[pid].points)))

        tally = tally_rounds(event, _count_round, lambda record: {}, note_round, planned=self.planned_rounds(event))
        elims = bracket_views(event, tally.standings)
        note_bracket_games(elims, history)
        planned, cut = self.planned_rounds(event), cut_of(self, event)
        finished = len(event.rounds) >= planned and all(r.complete for r in event.rounds)
        board = Scoreboard(STANDINGS, SEATS, views, elims, tally.standings, tally.standings_after, history,
                           final_ranking(tally.standings, elims, cut, finished), {}, planned, cut)
        rounds_of = {pid: [{"round": h.round.number, "result": h.outcome, "points": h.score} for h in rows if h.round.stage == "round"]
                     for pid, rows in history.items()}
        board.export = export_document(event, self.name, board, rounds_of)
        return board

    def next_round(self, event: Event) -> NextRound:
        refuse_pending(event)
        board = self.score(event)
        number = len(event.rounds) + 1
        if number <= board.planned_rounds:
            return _swiss_round(event, board, number)
        bracket_round = next_bracket_round(event, board.standings, board.cut, BRACKET_HINT)
        if bracket_round is None:
            raise finished(event, board.planned_rounds, "cut" if board.cut else "")
        return bracket_round


def _count_round(records: Mapping[str, Record], round_: Round) -> dict[str, str]:
    """A round's points into `records`: every player's result code."""
    codes = {pid: "bye" for pid in round_.byes}
    for table in round_.tables:
        table_codes = rules.outcome(table.players, table.result.get("winner"), bool(table.result.get("draw")))
        if table_codes:
            a, b = table.players
            note_meeting(records, a, b, decisive=False)  # no Head-to-Head in this game
            codes |= table_codes
    for pid, code in codes.items():
        records[pid].points += rules.POINTS[code]
        records[pid].games += 1
        records[pid].codes.append(code)
    return codes


def _table_view(table: Table) -> TableView:
    codes = rules.outcome(table.players, table.result.get("winner"), bool(table.result.get("draw")))
    seats = [SeatRow(pid, n, {"result": rules.LABELS[codes[pid]] if codes else ""}, codes is not None and codes[pid] == "win")
             for n, pid in enumerate(table.players, start=1)]
    return TableView(table.number, seats, pending=codes is None)


def _swiss_round(event: Event, board: Scoreboard, number: int) -> NextRound:
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


STANDINGS = [Column("points", N_("Pts"), N_("Tournament points: win {win}, draw {draw}, loss {loss}, bye {bye}.", **rules.POINTS)),
             Column("sos", N_("SoS"), N_("Strength of Schedule.")), Column("esos", N_("ESoS"), N_("Extended SoS."), wide_only=True)]
SEATS = [Column("result", N_("Result"), numeric=False)]
FORMAT = ToySwiss()
