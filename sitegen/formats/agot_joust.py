"""A Game of Thrones 2nd ed. Joust (Tournament Rules v2.0): Swiss rounds, then a single-elimination cut."""
from __future__ import annotations

from typing import Any

from ..model import Event, Problem, Round, Table
from ..pairing import bracket
from ..pairing.swiss import pair_swiss
from .agot import (
    CUT_BY_PLAYERS,
    ROUNDS_BY_PLAYERS,
    Record,
    default_cut,
    export_document,
    note_meeting,
    planned_rounds,
    rank_players,
    standing_rows,
    swiss_finished,
)
from .base import (
    Column,
    NextRound,
    PlayerRound,
    Refused,
    RoundView,
    Scoreboard,
    SeatRow,
    StandingRow,
    TableView,
    check_common,
    check_everyone_seated,
    int_mapping,
    player_id,
    refuse_pending,
    round_rng,
    stage_label,
    tables_file,
)

POINTS = {"W": 5, "MW": 4, "D": 2, "ML": 1, "L": 0, "BYE": 5}
LABEL = {"W": "Win", "MW": "Modified win", "D": "Draw", "ML": "Modified loss", "L": "Loss", "BYE": "Bye"}
EXPORT = {"W": "win", "MW": "modified-win", "D": "draw", "ML": "modified-loss", "L": "loss", "BYE": "bye"}
DEFAULT_VICTORY = 15


def outcome(table: Table) -> dict[str, str] | None:
    """Each player's result code at a two-player table, or None while the game is pending."""
    a, b = table.players
    winner = table.result.get("winner")
    if winner is not None:
        return {a: "W", b: "L"} if winner == a else {a: "L", b: "W"}
    power = table.result.get("power")
    if power is None:
        return None
    victory = {a: DEFAULT_VICTORY, b: DEFAULT_VICTORY} | dict(table.result.get("victory") or {})
    need_a, need_b = victory[a] - power[a], victory[b] - power[b]
    if need_a == need_b:
        return {a: "D", b: "D"}
    return {a: "MW", b: "ML"} if need_a < need_b else {a: "ML", b: "MW"}


class Joust:
    name = "agot-joust"
    title = "A Game of Thrones 2nd ed. — Joust"
    seated = False  # two players a table: seat numbers mean nothing
    elimination_title = "Bracket"
    after_preliminaries = "The elimination bracket comes next."
    event_keys: tuple[str, ...] = ()
    table_keys = ("winner", "power", "victory")
    deck_fields = {"faction": "Faction", "agenda": "Agenda"}
    result_hint = "Enter each result as 'winner: <id>' (victory, concession, decking) or 'power: {<id>: N, <id>: M}' when time was called."

    # -- validation -------------------------------------------------------------------------
    def validate(self, event: Event) -> list[Problem]:
        problems = check_common(event, self)
        cut = self.cut(event)
        if cut and (cut & (cut - 1) or cut > len(event.players)):
            problems.append(Problem(event.at("cut"), f"'cut: {cut}' must be 0 or a power of two (2, 4, 8, 16 ...) no larger than the number of players"))
        for round_ in event.rounds:
            problems += check_everyone_seated(event, round_)
        for round_ in event.rounds + event.elims:
            for table in round_.tables:
                problems += self._check_table(round_, table)
            if round_.stage != "round" and (round_.byes or round_.sitting_out):
                problems.append(Problem(round_.where, "an elimination round has no byes; remove 'byes'"))
        return problems

    def _check_table(self, round_: Round, table: Table) -> list[Problem]:
        problems: list[Problem] = []
        if len(table.players) != 2:
            problems.append(Problem(table.where, f"a Joust table seats 2 players; table {table.number} has {len(table.players)}"))
            return problems
        player_id(table, "winner", problems)
        power = int_mapping(table, "power", problems)
        int_mapping(table, "victory", problems, minimum=1)
        if "power" in table.result and not problems and len(power) != 2:
            problems.append(Problem(table.at("power"), f"'power' needs both players of table {table.number}: {', '.join(table.players)}"))
        if round_.stage != "round" and table.result and "winner" not in table.result:
            problems.append(Problem(table.where, f"an elimination game always has a winner (a drawn game plays on); add 'winner: <id>' to table {table.number}"))
        if "victory" in table.result and not ({"winner", "power"} & table.result.keys()):
            problems.append(Problem(table.at("victory"), "'victory' only changes how 'power' is read; add the result too"))
        return problems

    # -- structure ----------------------------------------------------------------------------
    planned_rounds = staticmethod(planned_rounds)

    def cut(self, event: Event) -> int:
        return default_cut(len(event.players)) if event.cut is None else event.cut

    # -- scoring ------------------------------------------------------------------------------
    def score(self, event: Event) -> Scoreboard:
        records = {p.id: Record() for p in event.players}
        rounds: list[RoundView] = []
        standings_after: list[list[StandingRow]] = []
        history: dict[str, list[PlayerRound]] = {p.id: [] for p in event.players}
        for round_ in event.rounds:
            codes: dict[str, str] = {pid: "BYE" for pid in round_.byes}
            tables = []
            for table in round_.tables:
                result = outcome(table)
                if result:
                    codes |= result
                    a, b = table.players
                    note_meeting(records, a, b, result[a] in ("W", "MW"))
                tables.append(self._table_view(table, result))
            for pid, code in codes.items():
                records[pid].points += POINTS[code]
                records[pid].games += 1
                records[pid].codes.append(code)
            rounds.append(RoundView(round_, f"Round {round_.number}", tables, round_.complete, round_.byes))
            ranked = rank_players(records, event.seed) if round_.complete else None
            if ranked:
                standings_after.append(self._standing_rows(ranked, records, event))
            rank_now = {r.player: r.rank for r in ranked} if ranked else {}
            self._note_round(event, round_, codes, records, rank_now, history)
        standings = standings_after[-1] if standings_after else self._standing_rows(rank_players(records, event.seed), records, event)
        elims = self._elim_views(event, standings)
        for view in elims:
            for table in view.tables:
                for seat in table.seats:
                    opponents = [s.player for s in table.seats if s is not seat]
                    result = seat.values["result"] or "Pending"
                    history[seat.player].append(PlayerRound(view.round.slug, view.label, table.number, None, opponents, result, "", "", None,
                                                            won=None if table.pending else seat.winner))
        final_ranking = self._final_ranking(event, standings, elims)
        board = Scoreboard(
            standings_columns=STANDINGS_COLUMNS,
            seat_columns=SEAT_COLUMNS,
            rounds=rounds,
            elims=elims,
            standings=standings,
            standings_after=standings_after,
            player_rounds=history,
            final_ranking=final_ranking,
            export={},
            planned_rounds=self.planned_rounds(event),
            cut=self.cut(event),
        )
        board.export = self._export(event, board)
        return board

    def _table_view(self, table: Table, result: dict[str, str] | None) -> TableView:
        power = table.result.get("power") or {}
        seats = [
            SeatRow(
                pid,
                seat,
                {"result": LABEL[result[pid]] if result else "", "power": power.get(pid, ""), "points": POINTS[result[pid]] if result else ""},
                winner=bool(result) and result[pid] in ("W", "MW"),
            )
            for seat, pid in enumerate(table.players, start=1)
        ]
        return TableView(table.number, seats, pending=result is None, note="Draw" if result and "D" in result.values() else "")

    @staticmethod
    def _standing_rows(ranked, records: dict[str, Record], event: Event) -> list[StandingRow]:
        def record(rec: Record) -> dict[str, Any]:
            return {"record": "-".join(str(rec.codes.count(code)) for code in ("W", "MW", "D", "ML", "L"))}

        return standing_rows(ranked, records, event, record)

    @staticmethod
    def _note_round(event: Event, round_: Round, codes: dict[str, str], records, rank_now, history) -> None:
        table_of = {pid: t for t in round_.tables for pid in t.players}
        for player in event.players:
            pid = player.id
            table = table_of.get(pid)
            code = codes.get(pid)
            if table is None and code is None:
                if not player.active_in(round_.number):
                    history[pid].append(PlayerRound(round_.slug, f"Round {round_.number}", None, None, [], "Did not play", "0", str(records[pid].points), rank_now.get(pid)))
                continue
            opponents = [p for p in table.players if p != pid] if table else []
            history[pid].append(
                PlayerRound(
                    round_.slug,
                    f"Round {round_.number}",
                    table.number if table else None,
                    None,
                    opponents,
                    LABEL[code] if code else "Pending",
                    str(POINTS[code]) if code else "",
                    str(records[pid].points),
                    rank_now.get(pid),
                    won=code in ("W", "MW") if code and code != "BYE" else None,
                )
            )

    # -- elimination --------------------------------------------------------------------------
    def _elim_views(self, event: Event, standings: list[StandingRow]) -> list[RoundView]:
        seed_of = {row.player: row.rank for row in standings}
        views = []
        for round_ in event.elims:
            tables = []
            for table in round_.tables:
                winner = table.result.get("winner")
                seats = [
                    SeatRow(pid, n, {"seed": seed_of[pid], "result": ("Won" if winner == pid else "Lost") if winner else ""}, winner == pid)
                    for n, pid in enumerate(table.players, start=1)
                ]
                tables.append(TableView(table.number, seats, pending=winner is None))
            label = stage_label(round_.stage, len(round_.tables), round_.number)
            views.append(RoundView(round_, label, tables, round_.complete, columns=ELIM_COLUMNS))
        return views

    def _final_ranking(self, event: Event, standings: list[StandingRow], elims: list[RoundView]) -> list[tuple[int, str]] | None:
        if not swiss_finished(event, self.planned_rounds(event)):
            return None
        swiss_order = [row.player for row in standings]
        if not self.cut(event):
            return [(i + 1, pid) for i, pid in enumerate(swiss_order)]
        if not elims or not elims[-1].complete or len(elims[-1].tables) != 1:
            return None
        final = elims[-1].tables[0]
        order = [s.player for s in sorted(final.seats, key=lambda s: not s.winner)]
        for view in reversed(elims[:-1]):
            losers = [s.player for t in view.tables for s in t.seats if not s.winner]
            order += sorted(losers, key=swiss_order.index)
        order += [pid for pid in swiss_order if pid not in order]
        return [(i + 1, pid) for i, pid in enumerate(order)]

    # -- export ---------------------------------------------------------------------------------
    def _export(self, event: Event, board: Scoreboard) -> dict[str, Any]:
        rounds_of, elimination_of = {}, {}
        for pid, history in board.player_rounds.items():
            rounds_of[pid] = [
                {"round": int(pr.round_slug.split("-")[1]), "table": pr.table, "opponent": pr.opponents[0] if pr.opponents else None,
                 "result": _export_code(pr.result), "points": int(pr.points)}
                for pr in history
                if pr.round_slug.startswith("round-") and pr.result != "Pending"
            ]
            elimination_of[pid] = {"elimination": [
                {"round": int(pr.round_slug.split("-")[1]), "table": pr.table, "opponent": pr.opponents[0], "result": pr.result.lower()}
                for pr in history
                if pr.round_slug.startswith("elim-") and pr.won is not None
            ]}
        return export_document(event, self.name, board, rounds_of, elimination_of)

    # -- pairing --------------------------------------------------------------------------------
    def next_round(self, event: Event) -> NextRound:
        refuse_pending(event)
        board = self.score(event)
        if len(event.rounds) < board.planned_rounds:
            return self._pair_swiss_round(event, board, len(event.rounds) + 1)
        if board.cut and not event.elims:
            seeds = [row.player for row in board.standings if not row.values["dropped"]][: board.cut]
            return self._elim_round(1, bracket.first_round(seeds), f"Top {board.cut} cut seeded from the Swiss standings.")
        if event.elims and len(event.elims[-1].tables) > 1:
            winners = [str(t.result["winner"]) for t in event.elims[-1].tables]
            number = len(event.elims) + 1
            last_game = len(winners) == 2
            return self._elim_round(number, bracket.next_round(winners), "The final: untimed." if last_game else "")
        raise Refused(f"{event.name} is finished: all {board.planned_rounds} rounds" + (" and the cut" if board.cut else "") + " are played")

    def _pair_swiss_round(self, event: Event, board: Scoreboard, number: int) -> NextRound:
        active = [p.id for p in event.players if p.active_in(number)]
        if len(active) < 2:
            raise Refused(f"round {number} would have {len(active)} player(s); a Joust needs at least 2")
        active_set = set(active)
        ranked = [row.player for row in board.standings if row.player in active_set]
        points = {row.player: row.values["points"] for row in board.standings}
        opponents: dict[str, set[str]] = {pid: set() for pid in active}
        had_bye: set[str] = set()
        for round_ in event.rounds:
            had_bye.update(round_.byes)
            for table in round_.tables:
                a, b = table.players
                opponents.setdefault(a, set()).add(b)
                opponents.setdefault(b, set()).add(a)
        pairing = pair_swiss(ranked, points, opponents, had_bye, round_rng(event, f"round-{number}"),
                             first_round=number == 1, avoid=event.avoid if number == 1 else ())  # the rules ask it for round 1 only
        data = tables_file(pairing.pairs)
        if pairing.bye:
            data["byes"] = [pairing.bye]
        return NextRound(f"round-{number}.yaml", data, f"Round {number} of {board.planned_rounds}: {len(pairing.pairs)} tables" + (f", bye: {pairing.bye}" if pairing.bye else ""))

    @staticmethod
    def _elim_round(number: int, matches: list[tuple[str, str]], note: str) -> NextRound:
        return NextRound(f"elim-{number}.yaml", tables_file(matches), f"Elimination round {number}: {len(matches)} games. {note}".strip())

    def rules_context(self) -> dict[str, Any]:
        return {"points": [(LABEL[c], POINTS[c]) for c in ("W", "MW", "D", "ML", "L", "BYE")],
                "rounds_table": ROUNDS_BY_PLAYERS, "cut_table": CUT_BY_PLAYERS}


def _export_code(label: str) -> str:
    code = next((c for c, text in LABEL.items() if text == label), None)
    return EXPORT[code] if code else "absent"


STANDINGS_COLUMNS = [
    Column("points", "Pts", "Tournament points: win 5, modified win 4, draw 2, modified loss 1, loss 0, bye 5."),
    Column("record", "W-MW-D-ML-L", "Wins, modified wins, draws, modified losses and losses (byes count as wins in points only).", wide_only=True),
    Column("sos", "SoS", "Strength of Schedule: the mean of your opponents' average points per round."),
    Column("esos", "ESoS", "Extended Strength of Schedule: the mean of your opponents' SoS."),
]
SEAT_COLUMNS = [Column("result", "Result"), Column("power", "Power"), Column("points", "Pts")]
ELIM_COLUMNS = [Column("seed", "Seed", "Rank after the Swiss rounds."), Column("result", "Result")]

FORMAT = Joust()
