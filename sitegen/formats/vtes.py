"""V:TES under the V:EKN tournament rules: seated preliminary rounds of 4-5 players, then a top-five final.

The scoring itself (GW, VP, TP, rankings) lives in `vtes_rules`; the seating search in
`pairing.seating`. This module checks the content, turns both into a Scoreboard and
writes round files.
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..model import Event, Player, Problem, Round, Table, Where
from ..pairing import vtes_seating as seating
from . import vtes_rules
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
    player_id,
    refuse_pending,
    round_rng,
)
from .vtes_rules import RankedPlayer, VtesSeat, vp_text

DEFAULT_ROUNDS = 3
# The rules' limits on players in any round, for the two small-event options.
MULTIDECK_LIMIT = 12  # a multi-deck event stays below three tables
NO_FINAL_LIMIT = 8  # an event without a final stays below two tables

Seating = list[list[str]]

# Table keys that say how a table was seated, not how it ended: who plays first at the final.
SEATING_KEYS = ("first",)


def outcome(table: Table) -> dict[str, Any]:
    """A table's result keys, without the seating ones: empty while the game is still to be played."""
    return {key: value for key, value in table.result.items() if key not in SEATING_KEYS}


def final_played(final: Round | None) -> bool:
    return final is not None and all(outcome(table) for table in final.tables)


def seats_of(round_: Round) -> Seating:
    return [list(table.players) for table in round_.tables]


def canonical(round_: Seating) -> Seating:
    """A round's tables in a fixed order: seat order inside a table matters, the order tables are listed in does not."""
    return sorted(round_)


def prey_of(players: tuple[str, ...], seat: int) -> str:
    """The player in the next seat (seats count from 1; the last seat's prey is seat 1)."""
    return players[seat % len(players)]


def seatable(players: int) -> bool:
    """Whether tables of 4 and 5 seat exactly this many players (not 6, 7 or 11)."""
    try:
        seating.table_sizes(players)
    except ValueError:
        return False
    return True


def largest_seatable(players: int) -> int:
    """The most players, out of `players`, that tables of 4 and 5 can seat."""
    return next(count for count in range(players, 3, -1) if seatable(count))


def vector_text(vector: tuple[int | float, ...]) -> str:
    """The nine seating violation measures, short enough for a comment line."""
    return "(" + ", ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in vector) + ")"


def seating_note(vector: tuple[int | float, ...], rounds: int) -> str:
    span = "round 1" if rounds == 1 else f"rounds 1-{rounds}"
    return f"Seating violations over {span}, criteria 1-9 of the V:EKN optimal seating (lower is better): {vector_text(vector)}"


def vp_number(vp: Fraction) -> int | float:
    """A VP figure for JSON: a whole number when it is one."""
    return vp.numerator if vp.denominator == 1 else float(vp)


class Vtes(Format):
    name = "vtes"
    title = "Vampire: The Eternal Struggle (V:EKN rules)"
    seated = True
    elimination_title = "Final table"
    event_keys = ("final", "multideck")
    table_keys = ("vp", "override", *SEATING_KEYS)
    deck_fields = {"vekn": "V:EKN number", "deck": "Deck"}
    after_preliminaries = "The final comes next: the top five choose their seats."
    result_hint = ("Enter each table's result as 'vp: {<id>: N, ...}' (steps of 0.5, every player at the table); "
                   "add 'override: true' only when a judge confirmed VP that no game gives (e.g. from card effects).")

    # -- options --------------------------------------------------------------------------
    def planned_rounds(self, event: Event) -> int:
        return event.planned_rounds or DEFAULT_ROUNDS

    def length_settings(self, event: Event) -> dict[str, int]:
        """The event's length, for `pair` to write into event.yaml at round 1."""
        return {"rounds": self.planned_rounds(event)}

    @staticmethod
    def has_final(event: Event) -> bool:
        return event.options.get("final", True) is not False

    @staticmethod
    def multideck(event: Event) -> bool:
        return event.options.get("multideck", False) is True

    # -- validation -------------------------------------------------------------------------
    def validate(self, event: Event) -> list[Problem]:
        problems = check_common(event, self)
        problems += self._check_options(event)
        for round_ in event.rounds:
            problems += check_everyone_seated(event, round_, "sitting_out")
            if round_.byes:
                problems.append(Problem(round_.at("byes"), "V:TES has no byes; list players who do not play this round under 'sitting_out'"))
            for table in round_.tables:
                problems += self._check_table(table)
                if "first" in table.result:
                    problems.append(Problem(table.at("first"), f"'first' belongs to the final table only: in a preliminary round "
                                                               f"seat 1 plays first; remove it from table {table.number}"))
        for round_ in event.elims:
            if round_.stage == "elim":
                problems.append(Problem(round_.where, "V:TES has no elimination rounds; the top five play one final table in final.yaml"))
            else:
                for table in round_.tables:
                    problems += self._check_table(table)
                    player_id(table, "first", problems)
                if not problems:
                    problems += self._check_final(event, round_)
        return problems

    def _check_options(self, event: Event) -> list[Problem]:
        problems = []
        for key in self.event_keys:
            if key in event.options and not isinstance(event.options[key], bool):
                problems.append(Problem(event.at(key), f"'{key}' must be true or false, not {event.options[key]!r}"))
        if event.cut is not None:
            problems.append(Problem(event.at("cut"), "V:TES has no cut: the top five play a final; remove 'cut' (or set 'final: false' in an event under 8 players)"))
        if event.avoid:
            problems.append(Problem(event.at("avoid"), "V:TES seating does not read 'avoid'; remove it (seating is random and impartial)"))
        least = 2 if self.has_final(event) else 3
        if self.planned_rounds(event) < least:
            problems.append(Problem(event.at("rounds"), f"a V:TES event plays at least three rounds: set 'rounds: {least}' or more preliminary rounds"))
        starting = sum(p.active_in(1) for p in event.players)
        if not self.has_final(event) and starting >= NO_FINAL_LIMIT:
            problems.append(Problem(event.at("final"), f"'final: false' is only for events under {NO_FINAL_LIMIT} players; this one starts with {starting}: remove the line"))
        if self.multideck(event) and starting >= MULTIDECK_LIMIT:
            problems.append(Problem(event.at("multideck"), f"'multideck: true' is only for events under {MULTIDECK_LIMIT} players; this one starts with {starting}: remove the line"))
        for player in event.players:
            problems += self._check_late_arrival(event, player)
        return problems

    def _check_late_arrival(self, event: Event, player: Player) -> list[Problem]:
        """The multi-deck and no-final options cap every round, late arrivals included."""
        if player.joined <= 1:
            return []
        in_round = sum(p.active_in(player.joined) for p in event.players)
        limits = [(self.multideck(event), MULTIDECK_LIMIT, "a multi-deck"), (not self.has_final(event), NO_FINAL_LIMIT, "a no-final")]
        where = Where(player.where.path, player.key_lines.get("joined", player.where.line))
        return [
            Problem(where, f"'{player.id}' joining in round {player.joined} makes a round of {in_round} players; "
                           f"{what} event admits nobody who brings a round to {limit} or more: remove this player")
            for applies, limit, what in limits
            if applies and in_round >= limit
        ]

    def _check_table(self, table: Table) -> list[Problem]:
        size = len(table.players)
        if size not in vtes_rules.PLACE_TP:
            hint = "with 6, 7 or 11 players some sit out each round: list them under 'sitting_out'"
            return [Problem(table.where, f"a V:TES table seats 4 or 5 players; table {table.number} has {size}: move players between tables ({hint})")]
        if not outcome(table):
            return []
        if "vp" not in table.result:
            return [Problem(table.where, f"table {table.number} has a result but no 'vp'; add 'vp: {{<id>: N, ...}}' for every player at the table")]
        problems: list[Problem] = []
        override = table.result.get("override", False)
        if not isinstance(override, bool):
            problems.append(Problem(table.at("override"), f"'override' must be true or false, not {override!r}"))
        vp = self._vp_mapping(table, problems)
        if vp is not None and not problems:
            for message in vtes_rules.table_problems(table.players, vp, override=override):
                problems.append(Problem(table.at("vp"), f"table {table.number}: {message}" + (" (add 'override: true')" if "judge" in message else "")))
        return problems

    @staticmethod
    def _vp_mapping(table: Table, problems: list[Problem]) -> dict[str, Fraction] | None:
        raw = table.result["vp"]
        where = table.at("vp")
        if not isinstance(raw, dict):
            problems.append(Problem(where, "'vp' must map player ids to victory points, e.g. 'vp: {alice: 2, bob: 0.5}'"))
            return None
        vp = {}
        for pid, value in raw.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                problems.append(Problem(where, f"VP of '{pid}' must be a number in steps of 0.5, not {value!r}"))
            else:
                vp[str(pid)] = Fraction(value)
        return vp

    def _check_final(self, event: Event, final: Round) -> list[Problem]:
        if not self.has_final(event):
            return [Problem(final.where, "this event has 'final: false' in event.yaml; delete final.yaml or remove that line")]
        if not self._preliminaries_done(event):
            return [Problem(final.where, f"final.yaml exists but the {self.planned_rounds(event)} preliminary rounds are not all played; finish them first")]
        if final.sitting_out:
            return [Problem(final.where, "the final has no 'sitting_out'; remove it")]
        if len(final.tables) != 1:
            return [Problem(final.where, f"the final is one table; final.yaml has {len(final.tables)}")]
        expected = self._finalists(event, self._ranking(event, event.rounds))
        table = final.tables[0]
        if sorted(table.players) != sorted(expected):
            return [Problem(table.at("players"), f"the final seats the top {len(expected)} of the preliminary ranking: "
                                                  f"{', '.join(expected)} (in the seating order they chose)")]
        return []

    # -- scoring --------------------------------------------------------------------------------
    def _preliminaries_done(self, event: Event) -> bool:
        return len(event.rounds) >= self.planned_rounds(event) and all(r.complete for r in event.rounds)

    @staticmethod
    def _scored(table: Table) -> list[VtesSeat] | None:
        if not outcome(table):
            return None
        vp = {str(pid): Fraction(v) for pid, v in table.result["vp"].items()}
        return vtes_rules.score_vtes_table(table.players, vp)

    def _ranking(self, event: Event, rounds: tuple[Round, ...]) -> list[RankedPlayer]:
        """The preliminary ranking over `rounds`; everyone is listed, on zero until their first result."""
        scored = [s for r in rounds for t in r.tables if (s := self._scored(t))]
        totals = {p.id: (0, Fraction(0), 0) for p in event.players} | vtes_rules.preliminary_totals(scored)
        dropped = {p.id for p in event.players if p.dropped is not None}
        return vtes_rules.preliminary_ranking(totals, event.seed, dropped)

    def _finalists(self, event: Event, ranking: list[RankedPlayer]) -> list[str]:
        """The best five who are still in the event (a player who dropped does not play the final)."""
        if not self.has_final(event):
            return []
        players = event.player_by_id
        return vtes_rules.finalists([r.player for r in ranking if players[r.player].dropped is None])

    def score(self, event: Event) -> Scoreboard:
        names = {p.id: p.name for p in event.players}
        rounds: list[RoundView] = []
        standings_after: list[list[StandingRow]] = []
        history: dict[str, list[PlayerRound]] = {p.id: [] for p in event.players}
        played: dict[str, list[dict[str, Any]]] = {p.id: [] for p in event.players}  # standings.json's per-round rows
        for index, round_ in enumerate(event.rounds):
            scored = {t.number: self._scored(t) for t in round_.tables}
            for number, seats in scored.items():
                for seat in seats or []:
                    played[seat.player].append({"round": round_.number, "table": number, "seat": seat.seat,
                                                "vp": vp_number(seat.vp), "gw": seat.gw, "tp": seat.tp})
            vector = seating.violations([seats_of(r) for r in event.rounds[: index + 1]])
            tables = [self._table_view(t, scored[t.number], names) for t in round_.tables]
            rounds.append(RoundView(round_, f"Round {round_.number}", tables, round_.complete, sitting_out=round_.sitting_out,
                                    notes=[seating_note(vector, index + 1) + "."]))
            ranking = self._ranking(event, event.rounds[: index + 1])
            if round_.complete:
                standings_after.append(self._standing_rows(event, ranking))
            self._note_round(event, round_, scored, ranking if round_.complete else [], history)
        ranking = self._ranking(event, event.rounds)
        standings = self._standing_rows(event, ranking)
        finalists = self._finalists(event, ranking) if self._preliminaries_done(event) else []
        final_ranking = self._final_ranking(event, ranking, finalists)
        winner = final_ranking[0][1] if final_ranking and event.elims else None
        elims = [self._final_view(final, ranking, winner, names, history, event.seed) for final in event.elims]
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
            cut=vtes_rules.FINAL_SIZE if self.has_final(event) else 0,
        )
        board.export = self._export(event, board, played)
        return board

    def _table_view(self, table: Table, scored: list[VtesSeat] | None, names: dict[str, str]) -> TableView:
        players = table.players
        seats = []
        for seat, pid in enumerate(players, start=1):
            prey = names[prey_of(players, seat)]
            result = scored[seat - 1] if scored else None
            values = {"vp": vp_text(result.vp), "gw": result.gw, "tp": result.tp} if result else {"vp": "", "gw": "", "tp": ""}
            seats.append(SeatRow(pid, seat, values | {"prey": prey}, winner=bool(result and result.gw)))
        note = "VP confirmed by a judge" if table.result.get("override") else ""
        return TableView(table.number, seats, pending=scored is None, note=note)

    @staticmethod
    def _standing_rows(event: Event, ranking: list[RankedPlayer]) -> list[StandingRow]:
        players = event.player_by_id
        return [
            StandingRow(r.rank, r.player, {"gw": r.gw, "vp": vp_text(r.vp), "tp": r.tp, "exact_vp": r.vp,
                                            "dropped": players[r.player].dropped is not None}, r.coin_toss, place=r.place)
            for r in ranking
        ]

    @staticmethod
    def _note_round(event: Event, round_: Round, scored: dict[int, list[VtesSeat] | None], ranking: list[RankedPlayer],
                    history: dict[str, list[PlayerRound]]) -> None:
        rank_of = {r.player: r for r in ranking}
        label = f"Round {round_.number}"
        where = {pid: (table, seat) for table in round_.tables for seat, pid in enumerate(table.players, start=1)}
        for player in event.players:
            pid = player.id
            totals = rank_of.get(pid)
            total = f"{totals.gw} GW, {vp_text(totals.vp)} VP, {totals.tp} TP" if totals else ""
            if pid not in where:
                result = "Sat out" if pid in round_.sitting_out else "Did not play"
                history[pid].append(PlayerRound(round=round_, label=label, result=result, total=total, rank=totals and totals.rank))
                continue
            table, seat = where[pid]
            mine = scored[table.number][seat - 1] if scored[table.number] else None
            result = (f"{vp_text(mine.vp)} VP" + (", game win" if mine.gw else "")) if mine else "Pending"
            history[pid].append(PlayerRound(round=round_, label=label, table=table.number, seat=seat,
                                            opponents=[p for p in table.players if p != pid], score=mine.tp if mine else None,
                                            result=result, points=f"{mine.tp} TP" if mine else "", total=total,
                                            rank=totals and totals.rank, won=bool(mine.gw) if mine else None))

    # -- the final ---------------------------------------------------------------------------------
    @staticmethod
    def _final_view(final: Round, ranking: list[RankedPlayer], winner: str | None, names: dict[str, str],
                    history: dict[str, list[PlayerRound]], seed: int) -> RoundView:
        table = final.tables[0]
        rank_of = {r.player: r.rank for r in ranking}
        vp = {str(pid): Fraction(v) for pid, v in (table.result.get("vp") or {}).items()}
        if "first" in table.result:
            first, how = str(table.result["first"]), "the judge's draw"
        else:
            first, how = vtes_rules.drawn_first_player(seed, table.players), "drawn by this site from the event seed and the seating"
        seats = []
        for seat, pid in enumerate(table.players, start=1):
            prey = names[prey_of(table.players, seat)]
            values = {"seed": rank_of[pid], "vp": vp_text(vp[pid]) if vp else "", "prey": prey}
            seats.append(SeatRow(pid, seat, values, winner=pid == winner))
            result = ("Won the final" if pid == winner else "Finalist (2nd)") if vp else "Pending"
            history[pid].append(PlayerRound(round=final, label="Final", table=table.number, seat=seat,
                                            opponents=[p for p in table.players if p != pid], result=result,
                                            points=f"{vp_text(vp[pid])} VP" if vp else "", won=pid == winner if vp else None))
        notes = [f"{names[first]} plays first ({how})"] + (["VP confirmed by a judge"] if table.result.get("override") else [])
        view = TableView(table.number, seats, pending=not vp, note="; ".join(notes))
        return RoundView(final, "Final", [view], final_played(final), columns=FINAL_COLUMNS)

    def _final_ranking(self, event: Event, ranking: list[RankedPlayer], finalists: list[str]) -> list[tuple[int, str]] | None:
        if not self._preliminaries_done(event):
            return None
        order = [r.player for r in ranking]
        if not self.has_final(event):
            return vtes_rules.final_ranking(order, {})
        final = event.elims[-1] if event.elims else None
        if not final_played(final):
            return None
        # Dropped players rank after the finalists, who are then the top of the order as final_ranking needs.
        order = finalists + [pid for pid in order if pid not in finalists]
        return vtes_rules.final_ranking(order, dict(final.tables[0].result["vp"]))

    # -- export --------------------------------------------------------------------------------------
    def _export(self, event: Event, board: Scoreboard, played: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
        names = event.player_by_id
        rows = [
            {"rank": row.rank, "place": row.place, "id": row.player, "name": names[row.player].name, "gw": row.values["gw"],
             "vp": vp_number(row.values["exact_vp"]), "tp": row.values["tp"], "rounds": played[row.player]}
            for row in board.standings
        ]
        final_vp = self._final_vp(event)
        return {
            "event": event.slug,
            "name": event.name,
            "format": self.name,
            "rounds_played": sum(1 for r in event.rounds if r.complete),
            "standings": rows,
            "final_ranking": [{"rank": rank, "id": pid} | ({"final_vp": vp_number(final_vp[pid])} if pid in final_vp else {})
                              for rank, pid in board.final_ranking or []],
        }

    @staticmethod
    def _final_vp(event: Event) -> dict[str, Fraction]:
        final = next((r for r in event.elims if r.stage == "final"), None)
        if not final_played(final):
            return {}
        return {str(pid): Fraction(v) for pid, v in final.tables[0].result["vp"].items()}

    def export_table(self, event: Event) -> tuple[list[str], list[list[Any]]]:
        """What the organizer reports to the V:EKN: rank, GW, VP, final VP and TP of every player.

        The rank is the final ranking's (the preliminary one before the final), except that players
        level outside the top five share the place of the first of them.
        """
        board = self.score(event)
        final_vp = self._final_vp(event)
        place = {row.player: row.place for row in board.standings}
        order = board.final_ranking or [(row.rank, row.player) for row in board.standings]
        rank: dict[str, int] = {}
        for index, (position, pid) in enumerate(order):
            above = order[index - 1][1] if index else None
            level = above is not None and not {pid, above} & set(final_vp) and place[pid] == place[above]
            rank[pid] = rank[above] if level else position
        players = event.player_by_id
        rows = sorted(board.standings, key=lambda row: (rank[row.player], row.rank))
        header = ["rank", "id", "name", "vekn", "gw", "vp", "final_vp", "tp"]
        return header, [
            [rank[row.player], row.player, players[row.player].name, players[row.player].deck.get("vekn", ""), row.values["gw"],
             row.values["vp"], vp_text(final_vp[row.player]) if row.player in final_vp else "", row.values["tp"]]
            for row in rows
        ]

    # -- seating -----------------------------------------------------------------------------------
    def next_round(self, event: Event) -> NextRound:
        refuse_pending(event, SEATING_KEYS)
        planned = self.planned_rounds(event)
        if len(event.rounds) < planned:
            return self._seat_round(event, len(event.rounds) + 1)
        if self.has_final(event) and not event.elims:
            return self._seat_final(event)
        raise Refused(f"{event.name} is finished: all {planned} rounds" + (" and the final" if self.has_final(event) else "") + " are played")

    def _seat_round(self, event: Event, number: int) -> NextRound:
        # Sorted ids and canonical rounds: the seating must not depend on how the content lists them.
        active = sorted(p.id for p in event.players if p.active_in(number))
        history = [canonical(seats_of(r)) for r in event.rounds]
        rng = round_rng(event, f"round-{number}")
        if len(active) < 4:
            raise Refused(f"round {number} would have {len(active)} player(s); a V:TES table needs at least 4")
        if not seatable(len(active)):
            tables = self._staggered_round(event, active, history, rng)
        else:
            tables = seating.seat_next_round(active, history, rng)
        return self._round_file(number, tables, active, seating_note(seating.violations(history + [tables]), number))

    def _staggered_round(self, event: Event, active: list[str], history: list[Seating], rng: random.Random) -> Seating:
        """6, 7 or 11 players: follow the event's staggered plan while the rounds on file match it."""
        plan = seating.staggered_plan(active, self.planned_rounds(event), round_rng(event, "plan"))
        if [canonical(round_) for round_ in plan[: len(history)]] == history:
            return plan[len(history)]
        # The field changed since the plan was made: seat as many as tables of 4 and 5 allow,
        # resting those who have played most.
        played = {pid: sum(pid in table for r in history for table in r) for pid in active}
        order = sorted(active)
        rng.shuffle(order)
        order.sort(key=lambda pid: played[pid])
        return seating.seat_next_round(order[: largest_seatable(len(active))], history, rng)

    @staticmethod
    def _round_file(number: int, tables: Seating, active: list[str], note: str) -> NextRound:
        data: dict[str, Any] = {"tables": [{"table": i, "players": t} for i, t in enumerate(tables, start=1)]}
        seated = {pid for t in tables for pid in t}
        out = [pid for pid in active if pid not in seated]
        if out:
            data["sitting_out"] = out
        sizes = "+".join(str(len(t)) for t in tables)
        summary = f"Round {number}: {len(seated)} players at {len(tables)} tables ({sizes})" + (f", sitting out: {', '.join(out)}" if out else "")
        return NextRound(f"round-{number}.yaml", data, f"{summary}; {note}")

    def _seat_final(self, event: Event) -> NextRound:
        finalists = self._finalists(event, self._ranking(event, event.rounds))
        if len(finalists) < 4:
            raise Refused(f"only {len(finalists)} players can play a final; a table needs 4 (or set 'final: false' in event.yaml)")
        data = {"tables": [{"table": 1, "players": finalists}]}
        return NextRound("final.yaml", data, "Final: the top five, listed in preliminary ranking order. They choose their seats "
                                             "(lowest qualifier first); rewrite 'players' in the order they chose before play. "
                                             "Then one finalist is drawn to play first: record the judge's draw as 'first: <id>' "
                                             "on the table, or leave it out and the site draws from the event seed and the seating")

    def plan_rounds(self, event: Event) -> list[NextRound]:
        """Seat every preliminary round at once (`sitegen pair --plan`): the same players throughout."""
        if event.rounds or event.elims:
            raise Refused(f"{event.name} already has round files; --plan seats a fresh event only (use `sitegen pair` for the next round)")
        if any(p.joined > 1 or p.dropped is not None for p in event.players):
            raise Refused("--plan seats the same players every round; with late arrivals or drops, seat one round at a time with `sitegen pair`")
        active = sorted(p.id for p in event.players)
        planned = self.planned_rounds(event)
        rng = round_rng(event, "plan")
        if len(active) < 4:
            raise Refused(f"{len(active)} player(s) cannot fill a V:TES table of 4")
        if not seatable(len(active)):
            plan = seating.staggered_plan(active, planned, rng)
        else:
            plan = seating.plan_rounds(active, planned, rng)
        note = seating_note(seating.violations(plan), len(plan))
        return [self._round_file(number, tables, active, note) for number, tables in enumerate(plan, start=1)]

    def rules_context(self) -> dict[str, Any]:
        return {"examples": vtes_rules.rules_examples(), "place_tp": vtes_rules.PLACE_TP, "vp_text": vp_text,
                "multideck_limit": MULTIDECK_LIMIT, "no_final_limit": NO_FINAL_LIMIT, "final_size": vtes_rules.FINAL_SIZE,
                "drawn_places": vtes_rules.DRAWN_PLACES, "gw_min_vp": vp_text(vtes_rules.GW_MIN_VP)}


STANDINGS_COLUMNS = [
    Column("gw", "GW", "Game wins: at least 2 VP and strictly more than anyone else at the table."),
    Column("vp", "VP", "Victory points: 1 per prey ousted, 0.5 for surviving to time or withdrawing, 1 for the last player standing."),
    Column("tp", "TP", "Tournament points from the place at each table: 60, 48, 36, 24, 12 (ties share the average)."),
]
SEAT_COLUMNS = [
    Column("vp", "VP", "Victory points scored at this table."),
    Column("gw", "GW", "1 for the game win.", wide_only=True),
    Column("tp", "TP", "Tournament points for the place at the table."),
    Column("prey", "Prey", "The player in the next seat, whom this player tries to oust (the last seat's prey is seat 1).", seating=True, numeric=False),
]
FINAL_COLUMNS = [
    Column("seed", "Seed", "Rank after the preliminary rounds; it breaks a tie on VP in the final.", seating=True),
    Column("vp", "VP", "Victory points in the final; the most wins the event."),
    Column("prey", "Prey", "The player in the next seat. Seat 1 does not start the final: once the finalists have chosen "
                           "their seats, one of them is drawn to play first (named above the table).", seating=True, numeric=False),
]

FORMAT = Vtes()
