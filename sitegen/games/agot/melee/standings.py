"""Melee standings: table results into records, the standings after each round, the final ranking and
standings.json, gathered into the Scoreboard.

Records, tiebreakers and the document's frame are the AGoT ones shared with Joust (`games/tournament/swiss.py`); a melee table
counts as a meeting of every pair at it, the better placed one beating the other.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any

from sitegen.games.agot.length import swiss_finished
from sitegen.games.agot.melee.results import played_game
from sitegen.games.agot.melee.rows import (
    LATE,
    SEAT_COLUMNS,
    STANDINGS_COLUMNS,
    TABLE_WIN,
    Wording,
    elim_views,
    export_code,
    export_row,
    player_round,
    table_view,
)
from sitegen.games.agot.melee.rules import MeleeGame, SeatResult, late_join_points
from sitegen.games.base import PlayerRound, RoundView, Scoreboard, StandingRow, round_label
from sitegen.games.tournament.swiss import CurrentStandings, Record, cut_order, export_document, note_meeting, tally_rounds
from sitegen.model import Event, Round


def score_event(event: Event, name: str, planned_rounds: int, cut: int) -> Scoreboard:
    """The Scoreboard of a validated event; `name` is the format's, `cut` 0 or the event's cut."""
    rounds: list[RoundView] = []
    history: dict[str, list[PlayerRound]] = {p.id: [] for p in event.players}
    exported: dict[str, list[dict[str, Any]]] = {p.id: [] for p in event.players}
    wording = Wording()

    def note_round(round_: Round, counted: _Counted, records: Mapping[str, Record], rows: list[StandingRow] | None) -> None:
        games, late = counted
        seats = {s.player: s for game in games if game is not None for s in game.results}
        tables = [table_view(table, game, wording) for table, game in zip(round_.tables, games)]
        label = round_label(round_.number)
        rounds.append(RoundView(round_, label, tables, round_.complete, sitting_out=round_.sitting_out))
        rank_now = {row.player: row.rank for row in rows or ()}
        table_of = {pid: table for table in round_.tables for pid in table.players}
        for player in event.players:
            pid = player.id
            line = player_round(round_, pid, table_of.get(pid), seats.get(pid), late=pid in late, total=records[pid].points,
                                rank=rank_now.get(pid), label=label, wording=wording)
            history[pid].append(line)
            if line.outcome is not None:  # a game still in play has no row yet
                exported[pid].append(export_row(line, seats.get(pid)))

    tally = tally_rounds(event, _round_counter(event), _wins, note_round, planned=planned_rounds)
    standings = tally.standings
    elim_games = [[played_game(round_, table) for table in round_.tables] for round_ in event.elims]
    by_cut = cut_order(standings, event.seed)
    board = Scoreboard(
        standings_columns=STANDINGS_COLUMNS,
        seat_columns=SEAT_COLUMNS,
        rounds=rounds,
        elims=elim_views(event.elims, standings, elim_games),
        standings=standings,
        standings_after=tally.standings_after,
        player_rounds=history,
        final_ranking=_final_ranking(event, planned_rounds, cut, standings, by_cut, elim_games),
        export={},
        planned_rounds=planned_rounds,
        cut=cut,
        cut_order=by_cut,
        did_not_play=tally.did_not_play,
    )
    board.export = export_document(event, name, board, exported)
    return board


def current_standings(event: Event, planned_rounds: int, cut: int) -> CurrentStandings:
    """The Scoreboard's standings (after the last complete round), length, cut and cut order, without its views."""
    standings = tally_rounds(event, _round_counter(event), _wins, planned=planned_rounds).standings
    cut_next = cut and len(event.rounds) >= planned_rounds  # who makes the cut matters only once the Swiss rounds are over
    return CurrentStandings(standings, planned_rounds, cut, cut_order(standings, event.seed) if cut_next else [])


# A counted round: each table's game (None while in play) and the late joiners who had not joined yet.
_Counted = tuple[list[MeleeGame | None], list[str]]


def _round_counter(event: Event) -> Callable[[Mapping[str, Record], Round], _Counted]:
    def count_round(records: Mapping[str, Record], round_: Round) -> _Counted:
        """A round's points and meetings; a late joiner's missed round counts as one played (see `melee.game`)."""
        games = [played_game(round_, table) for table in round_.tables]
        late = [p.id for p in event.players if round_.number < p.joined]
        for game in games:
            if game is not None:
                _note_table(records, game.results)
                for seat in game.results:
                    _add(records[seat.player], seat.points, export_code(seat))
        for pid in late:
            _add(records[pid], late_join_points(1), LATE)
        return games, late

    return count_round


def _note_table(records: Mapping[str, Record], results: Sequence[SeatResult]) -> None:
    """Every pair at the table met once; the better placed one beat the other (a shared place beats nobody)."""
    for ahead, behind in combinations(results, 2):  # results come in place order
        note_meeting(records, ahead.player, behind.player, ahead.place < behind.place)


def _add(record: Record, points: int, code: str) -> None:
    record.points += points
    record.games += 1
    record.codes.append(code)


def _wins(record: Record) -> dict[str, Any]:
    """Melee's own standings value: the tables won."""
    return {"wins": record.codes.count(TABLE_WIN)}


def _final_ranking(event: Event, planned_rounds: int, cut: int, standings: list[StandingRow], by_cut: list[str],
                   elim_games: list[list[MeleeGame | None]]) -> list[tuple[int, str]] | None:
    """The final table by place; after a top 16 the first tables' other players by place, then the cut order;
    everyone else in Swiss order."""
    if not swiss_finished(event, planned_rounds):
        return None
    swiss_order = [row.player for row in standings]
    position = {pid: i for i, pid in enumerate(by_cut)}

    def by_place(seats: Sequence[SeatResult]) -> list[str]:
        return [s.player for s in sorted(seats, key=lambda s: (s.place, position[s.player]))]

    order: list[str] = []
    if cut:
        last = elim_games[-1] if elim_games else []
        if len(last) != 1 or last[0] is None:
            return None
        order = by_place(last[0].results)
        for games in reversed(elim_games[:-1]):
            order += by_place([s for game in games if game is not None for s in game.results if not s.table_win])
    placed = set(order)
    order += [pid for pid in swiss_order if pid not in placed]
    return [(i + 1, pid) for i, pid in enumerate(order)]
