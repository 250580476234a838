"""A Game of Thrones 2nd ed. Joust (Tournament Rules v2.0): Swiss rounds, then a single-elimination cut."""
from __future__ import annotations

from typing import Any

from ..model import Event, Problem, Round, Table
from ..pairing import bracket
from ..pairing.swiss import pair_swiss
from .agot_length import (
    CUT_BY_PLAYERS,
    ROUNDS_BY_PLAYERS,
    check_round_structure,
    planned_cut,
    planned_rounds,
    swiss_finished,
)
from .base import (
    Column,
    Format,
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
from .swiss_standings import Record, cut_seeds, export_document, note_meeting, rank_players, standing_rows

POINTS = {"W": 5, "MW": 4, "D": 2, "ML": 1, "L": 0, "BYE": 5}
LABEL = {"W": "Win", "MW": "Modified win", "D": "Draw", "ML": "Modified loss", "L": "Loss", "BYE": "Bye"}
EXPORT = {"W": "win", "MW": "modified-win", "D": "draw", "ML": "modified-loss", "L": "loss", "BYE": "bye"}
WINS = ("W", "MW")
ABSENT = "absent"  # standings.json result of a round a player was not in
ELIM_EXPORT = {True: "won", False: "lost"}
DEFAULT_VICTORY = 15
ELIMINATION_HINT = "Enter each game's result as 'winner: <id>': an elimination game always has a winner (a game drawn at time plays on)."


def victory_totals(table: Table) -> dict[str, int]:
    return {pid: DEFAULT_VICTORY for pid in table.players} | {str(k): v for k, v in (table.result.get("victory") or {}).items()}


def outcome(table: Table) -> dict[str, str] | None:
    """Each player's result code at a two-player table, or None while the game is pending."""
    a, b = table.players
    winner = table.result.get("winner")
    if winner is not None:
        return {a: "W", b: "L"} if winner == a else {a: "L", b: "W"}
    power = table.result.get("power")
    if power is None:
        return None
    victory = victory_totals(table)
    need_a, need_b = victory[a] - power[a], victory[b] - power[b]
    if need_a == need_b:
        return {a: "D", b: "D"}
    return {a: "MW", b: "ML"} if need_a < need_b else {a: "ML", b: "MW"}


class Joust(Format):
    name = "agot-joust"
    title = "A Game of Thrones 2nd ed. — Joust"
    seated = False  # two players a table: seat numbers mean nothing
    elimination_title = "Bracket"
    after_preliminaries = "The elimination bracket comes next."
    event_keys: tuple[str, ...] = ()
    table_keys = ("winner", "power", "victory")
    deck_fields = {"faction": "Faction", "agenda": "Agenda"}
    meta_fields = ("faction", "agenda")
    result_hint = "Enter each result as 'winner: <id>' (victory, concession, decking) or 'power: {<id>: N, <id>: M}' when time was called."

    # -- validation -------------------------------------------------------------------------
    def validate(self, event: Event) -> list[Problem]:
        problems = check_common(event, self)
        cut = self.cut(event)
        if cut and (cut & (cut - 1) or cut > len(event.players)):
            problems.append(Problem(event.at("cut"), f"'cut: {cut}' must be 0 or a power of two (2, 4, 8, 16 ...) no larger than the number of players"))
        for round_ in event.rounds:
            problems += check_everyone_seated(event, round_)
            problems += self._check_byes(event, round_)
        for round_ in event.rounds + event.elims:
            for table in round_.tables:
                problems += self._check_table(round_, table)
            if round_.stage != "round" and (round_.byes or round_.sitting_out):
                problems.append(Problem(round_.at("byes"), "an elimination round has no byes; remove 'byes'"))
        problems += check_round_structure(event, self.planned_rounds(event), cut)
        if not problems and event.elims:
            problems += self._check_bracket(event)
        return problems

    @staticmethod
    def _check_byes(event: Event, round_: Round) -> list[Problem]:
        """At most one bye a round, and only when an odd number of players takes part."""
        if not round_.byes:
            return []
        active = sum(p.active_in(round_.number) for p in event.players)
        if len(round_.byes) > 1 or active % 2 == 0:
            return [Problem(round_.at("byes"), f"round {round_.number} has {active} players and {len(round_.byes)} byes; a round gives "
                                          "one bye only, and only when an odd number of players takes part: seat the others at tables")]
        return []

    def _check_bracket(self, event: Event) -> list[Problem]:
        """Each elimination round seats exactly the matches the bracket gives after the round before it."""
        board = self.score(event)
        seeds = cut_seeds([row.player for row in board.standings], board.standings, board.cut)
        still_in: set[str] | None = None
        for round_ in event.elims:
            expected = {frozenset(match) for match in bracket.matches(seeds, still_in)}
            written = {frozenset(table.players) for table in round_.tables}
            if written != expected:
                wanted = "; ".join(" v ".join(sorted(match)) for match in sorted(expected, key=sorted))
                why = f"the top {board.cut} of the Swiss standings" if still_in is None else "the winners of the round before"
                strays = sorted({pid for t in round_.tables for pid in t.players} - set().union(*expected))
                stray = f"{', '.join(strays)} cannot play here; " if strays else ""
                return [Problem(round_.where, f"{stray}this round's games must follow the bracket of {why}: {wanted}; "
                                              "run `sitegen pair` to write the round, or fix the players")]
            if not round_.complete:
                break
            still_in = {str(table.result["winner"]) for table in round_.tables}
        return []

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
        if "power" in table.result and "winner" not in table.result and not problems:
            problems += self._check_time_result(table, power)
        if round_.stage != "round" and table.result and "winner" not in table.result:
            problems.append(Problem(table.where, f"an elimination game always has a winner (a drawn game plays on); add 'winner: <id>' to table {table.number}"))
        if "victory" in table.result and not ({"winner", "power"} & table.result.keys()):
            problems.append(Problem(table.at("victory"), "'victory' only changes how 'power' is read; add the result too"))
        return problems

    @staticmethod
    def _check_time_result(table: Table, power: dict[str, int]) -> list[Problem]:
        """Reaching the victory total ends the game at once, so a time result never has a player there."""
        victory = victory_totals(table)
        reached = [pid for pid in table.players if power[pid] >= victory[pid]]
        if not reached:
            return []
        who = " and ".join(reached)
        what = ("both players cannot reach their victory total: the first to get there won the game"
                if len(reached) == 2 else f"{who} reached the victory total of {victory[reached[0]]}, which wins the game at once")
        return [Problem(table.at("power"), f"{what}; write 'winner: <id>' instead of 'power' for table {table.number}")]

    # -- structure ----------------------------------------------------------------------------
    def planned_rounds(self, event: Event) -> int:
        return planned_rounds(event)

    def cut(self, event: Event) -> int:
        return planned_cut(event)

    def length_settings(self, event: Event) -> dict[str, int]:
        """The event's length and cut as they stand now, for `pair` to write into event.yaml at round 1."""
        return {"rounds": self.planned_rounds(event), "cut": self.cut(event)}

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
                    winner, loser = (a, b) if result[a] in WINS else (b, a)
                    note_meeting(records, winner, loser, result[winner] in WINS)
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
                    history[seat.player].append(PlayerRound(round=view.round, label=view.label, table=table.number, opponents=opponents,
                                                            outcome=None if table.pending else ELIM_EXPORT[seat.winner], result=result,
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
                winner=bool(result) and result[pid] in WINS,
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
                    history[pid].append(PlayerRound(round=round_, label=f"Round {round_.number}", outcome=ABSENT, score=0, result="Did not play",
                                                    points="0", total=str(records[pid].points), rank=rank_now.get(pid)))
                continue
            opponents = [p for p in table.players if p != pid] if table else []
            history[pid].append(
                PlayerRound(
                    round=round_,
                    label=f"Round {round_.number}",
                    table=table.number if table else None,
                    opponents=opponents,
                    outcome=EXPORT[code] if code else None,
                    score=POINTS[code] if code else None,
                    result=LABEL[code] if code else "Pending",
                    points=str(POINTS[code]) if code else "",
                    total=str(records[pid].points),
                    rank=rank_now.get(pid),
                    won=code in WINS if code and code != "BYE" else None,
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
        return export_document(event, self.name, board, rounds_of, elimination_of)

    # -- pairing --------------------------------------------------------------------------------
    def next_round(self, event: Event) -> NextRound:
        refuse_pending(event)
        board = self.score(event)
        if len(event.rounds) < board.planned_rounds:
            return self._pair_swiss_round(event, board, len(event.rounds) + 1)
        if board.cut and (not event.elims or len(event.elims[-1].tables) > 1):
            seeds = cut_seeds([row.player for row in board.standings], board.standings, board.cut)
            if not event.elims:
                return self._elim_round(1, bracket.matches(seeds), f"Top {board.cut} cut seeded from the Swiss standings.")
            winners = {str(t.result["winner"]) for t in event.elims[-1].tables}
            matches = bracket.matches(seeds, winners)
            return self._elim_round(len(event.elims) + 1, matches, "The final: untimed." if len(matches) == 1 else "")
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
        avoid = event.avoid if number == 1 else ()  # the rules ask it for round 1 only
        pairing = pair_swiss(ranked, points, opponents, had_bye, round_rng(event, f"round-{number}"), first_round=number == 1, avoid=avoid)
        data = tables_file(pairing.pairs)
        if pairing.bye:
            data["byes"] = [pairing.bye]
        summary = f"Round {number} of {board.planned_rounds}: {len(pairing.pairs)} tables" + (f", bye: {pairing.bye}" if pairing.bye else "")
        return NextRound(f"round-{number}.yaml", data, summary + _unwanted_meetings(pairing.pairs, opponents, avoid))

    @staticmethod
    def _elim_round(number: int, matches: list[tuple[str, str]], note: str) -> NextRound:
        return NextRound(f"elim-{number}.yaml", tables_file(matches), f"Elimination round {number}: {len(matches)} games. {note}".strip(),
                         hint=ELIMINATION_HINT)

    def rules_context(self) -> dict[str, Any]:
        return {"points": [(LABEL[c], POINTS[c]) for c in ("W", "MW", "D", "ML", "L", "BYE")],
                "rounds_table": ROUNDS_BY_PLAYERS, "cut_table": CUT_BY_PLAYERS}


def _unwanted_meetings(pairs, opponents: dict[str, set[str]], avoid) -> str:
    """What the TO must hear about a pairing: forced rematches, and round-1 avoid requests that could not be met."""
    rematches = [f"{a} v {b}" for a, b in pairs if b in opponents.get(a, ())]
    unmet = [f"{a} v {b}" for a, b in pairs if frozenset((a, b)) in avoid]
    notes = []
    if rematches:
        notes.append(f"{len(rematches)} rematch{'es' if len(rematches) > 1 else ''} could not be avoided: {', '.join(rematches)}")
    if unmet:
        notes.append(f"{len(unmet)} 'avoid' request(s) could not be met: {', '.join(unmet)}")
    return "".join(f"; {note}" for note in notes)


STANDINGS_COLUMNS = [
    Column("points", "Pts", "Tournament points: win 5, modified win 4, draw 2, modified loss 1, loss 0, bye 5."),
    Column("record", "W-MW-D-ML-L", "Wins, modified wins, draws, modified losses and losses (byes count as wins in points only).", wide_only=True),
    Column("sos", "SoS", "Strength of Schedule: the mean of your opponents' average points per round."),
    Column("esos", "ESoS", "Extended Strength of Schedule: the mean of your opponents' SoS."),
]
SEAT_COLUMNS = [Column("result", "Result"), Column("power", "Power"), Column("points", "Pts")]
ELIM_COLUMNS = [Column("seed", "Seed", "Rank after the Swiss rounds."), Column("result", "Result")]

FORMAT = Joust()
