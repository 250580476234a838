"""A Game of Thrones 2nd ed. Melee (Tournament Rules v2.0): Swiss rounds at tables of 3 or 4, then a final.

Table points come from `melee_rules`, seating from `pairing.tables`; standings and tiebreakers are the
AGoT ones shared with Joust (`agot`), where "beaten" means placed ahead of at every shared table.

Decisions where the rules are silent:
- A late joiner's 6 points for each missed round are credited in that round, and the round counts as one
  taken part in for the SoS average, as a Joust bye does: the points stand in for a game.
- The default cut follows the AGoT cut table, reading its "top 8" as top 4 (Melee cuts to 4 or 16 only).
- The cut, and every ranking the elimination rules derive from "total points", use the cut order: points, SoS,
  ESoS (the Melee elimination section names no Head-to-Head), then the seeded draw.
- After a top 16, the players who did not win their first table rank by their place there (tied players
  share the better place, as the table shows them), then by the cut order.
- standings.json: a round row keeps "opponent", always null (a melee game has no single opponent), and
  adds "opponents" (seat order), "place" and "power".
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ..model import Event, Problem, Round, Table
from ..pairing.melee_seating import melee_table_sizes, seat_melee_round
from .agot import (
    CUT_BY_PLAYERS,
    ROUNDS_BY_PLAYERS,
    Record,
    check_round_structure,
    cut_order,
    cut_seeds,
    default_cut,
    export_document,
    note_meeting,
    planned_rounds,
    rank_players,
    standing_rows,
    starting_players,
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
    tables_file,
)
from .melee_rules import (
    LATE_JOIN_POINTS_PER_MISSED_ROUND,
    POWER_CAP,
    TABLE_SIZES,
    WIN_POINTS,
    SeatResult,
    late_join_points,
    score_melee_table,
)

CUTS = (0, 4, 16)
FINAL_TABLE = 4  # players at an elimination table
ELIMINATION_HINT = ("Enter 'power: {<id>: N, ...}' for every player and 'winner: <id>': an elimination table always has a winner "
                    "(a tie for the lead at time plays extra game rounds).")
LATE = "late-join"  # the export code of a round a late joiner missed
ABSENT = "absent"


def default_melee_cut(players: int) -> int:
    cut = default_cut(players)
    return 4 if cut == 8 else cut


def elim_tables_per_round(cut: int) -> list[int]:
    """How many tables each elimination round has: top 4 is one final table, top 16 four tables then the final."""
    return {0: [], 4: [1], 16: [4, 1]}[cut]


def scored(table: Table) -> list[SeatResult] | None:
    """A validated table's results in place order, or None while its game is pending."""
    if not table.result:
        return None
    result = table.result
    winner = result.get("winner")
    return score_melee_table(
        table.players,
        {str(pid): power for pid, power in result["power"].items()},
        winner=None if winner is None else str(winner),
        eliminated=[str(pid) for pid in result.get("eliminated") or ()],
        victory={str(pid): total for pid, total in (result.get("victory") or {}).items()},
    )


def ordinal(place: int) -> str:
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th') }"


def place_label(seat: SeatResult) -> str:
    """Short place for a table column: '1', 'T2' for a shared place, '4 out' for an eliminated player."""
    return f"{'T' if seat.tied else ''}{seat.place}{' out' if seat.eliminated else ''}"


def result_text(seat: SeatResult) -> str:
    if seat.table_win:
        return "Won the table"
    if seat.eliminated:
        return f"Eliminated ({ordinal(seat.place)})"
    if seat.place == 1:
        return "Shared first place"
    return f"{'Tied ' if seat.tied else ''}{ordinal(seat.place)}"


def export_code(seat: SeatResult) -> str:
    if seat.table_win:
        return "win"
    if seat.eliminated:
        return "eliminated"
    return "shared-win" if seat.place == 1 else "placed"


def note_table(records: Mapping[str, Record], results: Sequence[SeatResult]) -> None:
    """Every pair at the table met once; the better placed one beat the other (a shared place beats nobody)."""
    for ahead, behind in combinations(results, 2):  # results come in place order
        note_meeting(records, ahead.player, behind.player, ahead.place < behind.place)


def repeated_pairs(tables: Sequence[Sequence[str]], history: Sequence[Sequence[Sequence[str]]]) -> int:
    """How many earlier meetings the new tables bring together again."""
    met = Counter(frozenset(pair) for round_ in history for table in round_ for pair in combinations(table, 2))
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


class Melee(Format):
    name = "agot-melee"
    title = "A Game of Thrones 2nd ed. — Melee"
    seated = True
    elimination_title = "Final tables"
    cut_rule = "the Melee elimination rules order the cut by points, then SoS, then ESoS, leaving out Head-to-Head"
    after_preliminaries = "The final table comes next."
    event_keys: tuple[str, ...] = ()
    table_keys = ("power", "winner", "eliminated", "victory")
    deck_fields = {"faction": "Faction", "agenda": "Agenda"}
    meta_fields = ("faction", "agenda")
    result_hint = ("Enter 'power: {<id>: N, ...}' for every player at the table; add 'winner: <id>' if someone won before time "
                   "and 'eliminated: [<id>, ...]' for players who decked out or conceded, first to leave first.")

    # -- validation -------------------------------------------------------------------------
    def validate(self, event: Event) -> list[Problem]:
        problems = check_common(event, self)
        cut = self.cut(event)
        if cut not in CUTS:
            problems.append(Problem(event.at("cut"), f"'cut: {cut}' is not a Melee cut; use 0 (no elimination), "
                                                     "4 (one final table) or 16 (four tables, then a final table)"))
        elif cut > len(event.players):
            problems.append(Problem(event.at("cut"), f"'cut: {cut}' is larger than the {len(event.players)} players; use a smaller cut or 0"))
        for round_ in event.rounds:
            problems += check_everyone_seated(event, round_, "sitting_out")
        for round_ in event.rounds + event.elims:
            if round_.byes:
                problems.append(Problem(round_.at("byes"), "Melee has no byes: seat every player at a table of 3 or 4, "
                                                      "or list a player who does not play this round under 'sitting_out'"))
            elif round_.stage != "round" and round_.sitting_out:
                problems.append(Problem(round_.where, "an elimination round has no 'sitting_out'; remove it"))
            for table in round_.tables:
                problems += self._check_table(round_, table)
        problems += check_round_structure(event, self.planned_rounds(event), cut if cut in CUTS else 0)
        if cut in CUTS and not problems:
            problems += self._check_elims(event, cut)
        return problems

    def _check_table(self, round_: Round, table: Table) -> list[Problem]:
        number = table.number
        if len(table.players) not in TABLE_SIZES:
            return [Problem(table.at("players"), f"a Melee table seats 3 or 4 players; table {number} has {len(table.players)}: "
                                                 "move players so that every table has 3 or 4")]
        if not table.result:
            return []  # the game is still being played
        problems: list[Problem] = []
        power = table.result.get("power")
        int_mapping(table, "power", problems)
        int_mapping(table, "victory", problems, minimum=1)
        winner = player_id(table, "winner", problems)
        eliminated = self._eliminated(table, problems)
        if power is None:
            problems.append(Problem(table.where, f"table {number} has a result but no 'power'; add 'power: {{...}}' "
                                                 f"with the power of every player: {', '.join(table.players)}"))
        elif isinstance(power, dict):
            missing = [pid for pid in table.players if pid not in {str(k) for k in power}]
            if missing:
                problems.append(Problem(table.at("power"), f"'power' of table {number} misses {', '.join(missing)}; "
                                                           "give every player's power, eliminated players too"))
        if winner is not None and winner in eliminated:
            problems.append(Problem(table.at("winner"), f"winner '{winner}' is also listed under 'eliminated' at table {number}; "
                                                        "an eliminated player cannot win: fix 'winner' or 'eliminated'"))
        if round_.stage != "round" and "winner" not in table.result:
            problems.append(Problem(table.where, f"an elimination table always names its winner (a game tied for the lead at "
                                                 f"time plays on until one player leads); add 'winner: <id>' to table {number}"))
        if not problems:
            try:
                scored(table)
            except ValueError as exc:
                problems.append(Problem(table.where, f"table {number}: {exc} (check 'power', 'winner' and 'eliminated')"))
        return problems

    @staticmethod
    def _eliminated(table: Table, problems: list[Problem]) -> list[str]:
        raw = table.result.get("eliminated")
        if raw is None:
            return []
        where = table.at("eliminated")
        if not isinstance(raw, list):
            problems.append(Problem(where, "'eliminated' must be a list of player ids, first to leave first, e.g. 'eliminated: [ann, ben]'"))
            return []
        ids = [str(pid) for pid in raw]
        for pid in ids:
            if pid not in table.players:
                problems.append(Problem(where, f"'eliminated' names '{pid}', who is not at table {table.number}; "
                                               f"use one of: {', '.join(table.players)}"))
        for pid, count in sorted(Counter(ids).items()):
            if count > 1:
                problems.append(Problem(where, f"'{pid}' is listed {count} times under 'eliminated'; list each player once"))
        return ids

    def _check_elims(self, event: Event, cut: int) -> list[Problem]:
        problems = []
        expected = elim_tables_per_round(cut)
        for index, round_ in enumerate(event.elims):
            if index >= len(expected):
                problems.append(Problem(round_.where, f"a top {cut} Melee has {len(expected)} elimination round(s); remove this file"))
            elif len(round_.tables) != expected[index]:
                problems.append(Problem(round_.where, f"this elimination round of a top {cut} has {expected[index]} table(s), "
                                                      f"not {len(round_.tables)}"))
        if event.elims and not problems:
            problems += self._check_qualifiers(event)
        if cut == 16 and len(event.elims) > 1 and event.elims[0].complete:
            winners = {str(t.result.get("winner")) for t in event.elims[0].tables}
            for table in event.elims[1].tables:
                for pid in table.players:
                    if pid not in winners:
                        problems.append(Problem(table.at("players"), f"'{pid}' is at the final table but won no table in "
                                                                     f"{event.elims[0].where.path}; the final seats the four table winners"))
        return problems

    def _check_qualifiers(self, event: Event) -> list[Problem]:
        """The first elimination round seats exactly the players who made the cut."""
        board = self.score(event)
        qualified = set(cut_seeds(board.cut_order, board.standings, board.cut))
        seated = {pid for table in event.elims[0].tables for pid in table.players}
        if seated == qualified:
            return []
        wrong = ", ".join(sorted(seated - qualified))
        missing = ", ".join(sorted(qualified - seated))
        return [Problem(event.elims[0].where, f"{wrong} did not make the top {board.cut} cut and {missing} did (points, then SoS, "
                                              "then ESoS); run `sitegen pair` to seat the cut, or fix the players")]

    # -- structure ----------------------------------------------------------------------------
    def planned_rounds(self, event: Event) -> int:
        return planned_rounds(event)

    def cut(self, event: Event) -> int:
        return default_melee_cut(starting_players(event)) if event.cut is None else event.cut

    def length_settings(self, event: Event) -> dict[str, int]:
        """The event's length and cut as they stand now, for `pair` to write into event.yaml at round 1."""
        return {"rounds": self.planned_rounds(event), "cut": self.cut(event)}

    # -- scoring ------------------------------------------------------------------------------
    def score(self, event: Event) -> Scoreboard:
        records = {p.id: Record() for p in event.players}
        rounds: list[RoundView] = []
        standings_after: list[list[StandingRow]] = []
        history: dict[str, list[PlayerRound]] = {p.id: [] for p in event.players}
        exported: dict[str, list[dict[str, Any]]] = {p.id: [] for p in event.players}
        for round_ in event.rounds:
            results = {table.number: scored(table) for table in round_.tables}
            for table_results in results.values():
                if table_results:
                    note_table(records, table_results)
            seats = {s.player: s for table_results in results.values() for s in table_results or ()}
            for seat in seats.values():
                self._add(records[seat.player], seat.points, export_code(seat))
            late = [p.id for p in event.players if round_.number < p.joined]
            for pid in late:
                self._add(records[pid], late_join_points(1), LATE)
            tables = [self._table_view(table, results[table.number]) for table in round_.tables]
            rounds.append(RoundView(round_, f"Round {round_.number}", tables, round_.complete, sitting_out=round_.sitting_out))
            ranked = rank_players(records, event.seed) if round_.complete else None
            if ranked:
                standings_after.append(self._standing_rows(ranked, records, event))
            rank_now = {r.player: r.rank for r in ranked or ()}
            self._note_round(event, round_, seats, set(late), records, rank_now, history, exported)
        standings = standings_after[-1] if standings_after else self._standing_rows(rank_players(records, event.seed), records, event)
        elim_results = [[scored(table) for table in round_.tables] for round_ in event.elims]
        by_cut = cut_order(standings, event.seed)
        board = Scoreboard(
            standings_columns=STANDINGS_COLUMNS,
            seat_columns=SEAT_COLUMNS,
            rounds=rounds,
            elims=self._elim_views(event, standings, elim_results),
            standings=standings,
            standings_after=standings_after,
            player_rounds=history,
            final_ranking=self._final_ranking(event, standings, by_cut, elim_results),
            export={},
            planned_rounds=self.planned_rounds(event),
            cut=self.cut(event),
            cut_order=by_cut,
        )
        board.export = export_document(event, self.name, board, exported)
        return board

    @staticmethod
    def _add(record: Record, points: int, code: str) -> None:
        record.points += points
        record.games += 1
        record.codes.append(code)

    @staticmethod
    def _table_view(table: Table, results: list[SeatResult] | None) -> TableView:
        by_player = {s.player: s for s in results or ()}
        seats = []
        for number, pid in enumerate(table.players, start=1):
            seat = by_player.get(pid)
            values = {"power": seat.power, "place": place_label(seat), "points": seat.points} if seat else {}
            seats.append(SeatRow(pid, number, values, winner=bool(seat and seat.table_win)))
        return TableView(table.number, seats, pending=results is None, note=_table_note(table, results))

    @staticmethod
    def _standing_rows(ranked, records: dict[str, Record], event: Event) -> list[StandingRow]:
        return standing_rows(ranked, records, event, lambda rec: {"wins": rec.codes.count("win")})

    @staticmethod
    def _note_round(event: Event, round_: Round, seats: dict[str, SeatResult], late: set[str], records: dict[str, Record],
                    rank_now: dict[str, int], history: dict[str, list[PlayerRound]], exported: dict[str, list[dict[str, Any]]]) -> None:
        """Each player's line for this round: on the player page and in standings.json."""
        table_of = {pid: t for t in round_.tables for pid in t.players}
        for player in event.players:
            pid = player.id
            table, seat = table_of.get(pid), seats.get(pid)
            row: dict[str, Any] = {"round": round_.number, "table": None, "opponent": None, "opponents": [],
                                   "result": ABSENT, "points": 0, "place": None, "power": None}
            if table is not None:
                opponents = [p for p in table.players if p != pid]
                text, points = (result_text(seat), str(seat.points)) if seat else ("Pending", "")
                row |= {"table": table.number, "opponents": opponents}
                if seat:
                    row |= {"result": export_code(seat), "points": seat.points, "place": seat.place, "power": seat.power}
            elif pid in late:
                opponents, text, points = [], f"Joined later: {LATE_JOIN_POINTS_PER_MISSED_ROUND} points for the missed round", str(late_join_points(1))
                row |= {"result": LATE, "points": late_join_points(1)}
            else:
                opponents, text, points = [], "Sat out" if pid in round_.sitting_out else "Did not play", "0"
            seat_number = table.players.index(pid) + 1 if table else None
            history[pid].append(PlayerRound(round=round_, label=f"Round {round_.number}", table=table.number if table else None,
                                            seat=seat_number, opponents=opponents, outcome=row["result"] if seat or table is None else None,
                                            score=row["points"] if seat or table is None else None, result=text, points=points,
                                            total=str(records[pid].points), rank=rank_now.get(pid), won=seat.table_win if seat else None))
            if table is None or seat is not None:
                exported[pid].append(row)

    # -- elimination --------------------------------------------------------------------------
    @staticmethod
    def _elim_views(event: Event, standings: list[StandingRow], elim_results: list[list[list[SeatResult] | None]]) -> list[RoundView]:
        seed_of = {row.player: row.rank for row in standings}
        views = []
        for round_, results in zip(event.elims, elim_results):
            tables = []
            for table, table_results in zip(round_.tables, results):
                by_player = {s.player: s for s in table_results or ()}
                seats = [
                    SeatRow(pid, number, {"seed": seed_of[pid], "power": by_player[pid].power if pid in by_player else "",
                                          "place": place_label(by_player[pid]) if pid in by_player else ""},
                            winner=pid in by_player and by_player[pid].table_win)
                    for number, pid in enumerate(table.players, start=1)
                ]
                if table_results:  # a finished elimination table reads best in finishing order
                    finish = [s.player for s in table_results]
                    seats.sort(key=lambda row: finish.index(row.player))
                tables.append(TableView(table.number, seats, pending=table_results is None))
            label = "Final table" if len(round_.tables) == 1 else f"Top {FINAL_TABLE * len(round_.tables)} tables"
            views.append(RoundView(round_, label, tables, round_.complete, columns=ELIM_COLUMNS))
        return views

    def _final_ranking(self, event: Event, standings: list[StandingRow], by_cut: list[str],
                       elim_results: list[list[list[SeatResult] | None]]) -> list[tuple[int, str]] | None:
        if not swiss_finished(event, self.planned_rounds(event)):
            return None
        swiss_order = [row.player for row in standings]
        position = {pid: i for i, pid in enumerate(by_cut)}

        def by_place(seats: list[SeatResult]) -> list[str]:
            return [s.player for s in sorted(seats, key=lambda s: (s.place, position[s.player]))]

        order: list[str] = []
        if self.cut(event):
            last = elim_results[-1] if elim_results else []
            if len(last) != 1 or last[0] is None:
                return None
            order = by_place(last[0])
            for tables in reversed(elim_results[:-1]):
                order += by_place([s for results in tables for s in results or () if not s.table_win])
        placed = set(order)
        order += [pid for pid in swiss_order if pid not in placed]
        return [(i + 1, pid) for i, pid in enumerate(order)]

    # -- pairing --------------------------------------------------------------------------------
    def next_round(self, event: Event) -> NextRound:
        refuse_pending(event)
        board = self.score(event)
        if len(event.rounds) < board.planned_rounds:
            return self._seat_swiss_round(event, board, len(event.rounds) + 1)
        if board.cut and not event.elims:
            return self._seat_cut(event, board)
        if board.cut == 16 and len(event.elims) == 1:
            winners = [str(t.result["winner"]) for t in event.elims[0].tables]
            round_rng(event, "elim-2").shuffle(winners)
            return NextRound("elim-2.yaml", tables_file([winners]), "The final table: the four table winners, seats drawn at random; untimed.",
                             hint=ELIMINATION_HINT)
        raise Refused(f"{event.name} is finished: all {board.planned_rounds} rounds" + (" and the final" if board.cut else "") + " are played")

    def _seat_swiss_round(self, event: Event, board: Scoreboard, number: int) -> NextRound:
        active = {p.id for p in event.players if p.active_in(number)}
        try:
            sizes = melee_table_sizes(len(active))
        except ValueError as exc:
            raise Refused(f"round {number}: {exc}. Add a player or drop one ('joined'/'dropped' in event.yaml) before pairing") from None
        ranked = [row.player for row in board.standings if row.player in active]
        history = [[list(table.players) for table in round_.tables] for round_ in event.rounds]
        tables = seat_melee_round(ranked, history, round_rng(event, f"round-{number}"), first_round=number == 1)
        repeats = repeated_pairs(tables, history)
        summary = (f"Round {number} of {board.planned_rounds}: {sizes.count(4)} table(s) of 4, {sizes.count(3)} of 3; "
                   f"{repeats} earlier meeting(s) repeated")
        return NextRound(f"round-{number}.yaml", tables_file(tables), summary)

    @staticmethod
    def _seat_cut(event: Event, board: Scoreboard) -> NextRound:
        seeds = cut_seeds(board.cut_order, board.standings, board.cut)
        round_rng(event, "elim-1").shuffle(seeds)
        tables = [seeds[start : start + FINAL_TABLE] for start in range(0, board.cut, FINAL_TABLE)]
        what = "The final table, seats drawn at random; untimed." if len(tables) == 1 else \
            "Top 16: four tables drawn at random; each winner goes to the final table."
        return NextRound("elim-1.yaml", tables_file(tables), what, hint=ELIMINATION_HINT)

    # -- the rules page -------------------------------------------------------------------------
    def rules_context(self) -> dict[str, Any]:
        return {
            "win_points": WIN_POINTS,
            "power_cap": POWER_CAP,
            "late_join_points": LATE_JOIN_POINTS_PER_MISSED_ROUND,
            "late_join_example": late_join_points(2),
            "examples": [_example(*case) for case in RULES_EXAMPLES],
            "rounds_table": ROUNDS_BY_PLAYERS,
            "cut_table": [(most, default_melee_cut(most)) for most, _ in CUT_BY_PLAYERS],
        }


def _table_note(table: Table, results: list[SeatResult] | None) -> str:
    if not results:
        return ""
    if sum(s.place == 1 for s in results) > 1:
        return "Tied for first at time: points shared"
    return "" if "winner" in table.result else "Went to time"


def _example(title: str, explain: str, power: dict[str, int], winner: str | None = None,
             eliminated: tuple[str, ...] = (), victory: dict[str, int] | None = None) -> dict[str, Any]:
    """One scoring example for the rules page, scored by the same code as every event."""
    results = score_melee_table(list(power), power, winner=winner, eliminated=eliminated, victory=victory)
    rows = [{"player": s.player, "power": s.power, "victory": (victory or {}).get(s.player), "place": place_label(s),
             "result": result_text(s), "points": s.points} for s in results]
    return {"title": title, "explain": explain, "rows": rows}


# Names are invented; the numbers of the first four are those of the rules' own worked examples.
RULES_EXAMPLES = [
    ("A win, and a tie for second", "Corwin reaches 15 power and wins at once. Maren and Ilsa tie, so both "
     "divide by the worse of the two places they share.",
     {"Maren": 13, "Petra": 5, "Corwin": 15, "Ilsa": 13}, "Corwin"),
    ("Two players tied for first at time", "Nobody has won when time is called. Juno and Anselm are equally close: "
     "they add the points of first place and of second place (their own power divided by 2) and split the sum, "
     "rounded down.", {"Halvard": 6, "Juno": 12, "Anselm": 12, "Odile": 11}),
    ("A tie for second and third", "Benedikt wins; Rosalind and Emrys share second and third and divide by 3.",
     {"Rosalind": 12, "Benedikt": 15, "Talia": 2, "Emrys": 12}, "Benedikt"),
    ("Another shared first place", "Time is called with Wren and Ferris level; the sum of first and second place "
     "is split between them, and the others score by their own place.", {"Ottilie": 9, "Wren": 10, "Ferris": 10, "Liesel": 5}),
    ("An eliminated player at a table of three", "Saskia's deck runs out, so she is out of the game and places last "
     "with 0 points, whatever her power. At time Ivo is closest and wins.",
     {"Ivo": 9, "Dorian": 7, "Saskia": 8}, None, ("Saskia",)),
    ("Power above 15, and a different victory total", "Greer's agenda raises her victory total to 20, so at 17 power "
     "she is 3 short while Nell, at 14 of 15, is 1 short and wins. Greer's power counts only up to 15.",
     {"Nell": 14, "Greer": 17, "Lorcan": 8, "Mirela": 3}, None, (), {"Greer": 20}),
]

STANDINGS_COLUMNS = [
    Column("points", "Pts", f"Tournament points: {WIN_POINTS} for winning a table, otherwise power (at most {POWER_CAP}) "
                            "divided by your place, rounded down."),
    Column("wins", "Wins", "Tables won outright (a first place shared at time is not a table win)."),
    Column("sos", "SoS", "Strength of Schedule: the mean of your opponents' average points per round, one entry per opponent per game."),
    Column("esos", "ESoS", "Extended Strength of Schedule: the mean of your opponents' SoS."),
]
SEAT_COLUMNS = [
    Column("power", "Power", "Power at the end of the game."),
    Column("place", "Place", "Place at the table; T: shared with another player; out: eliminated (decked out or conceded)."),
    Column("points", "Pts", "Tournament points for this game."),
]
ELIM_COLUMNS = [
    Column("seed", "Seed", "Rank after the Swiss rounds."),
    Column("power", "Power", "Power at the end of the game."),
    Column("place", "Place", "Place at the table; T: shared; out: eliminated."),
]

FORMAT = Melee()
