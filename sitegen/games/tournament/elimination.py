"""A single-elimination bracket of two-player games after the Swiss rounds (`pairing/bracket.py` says who meets whom):
its round files, the check that each round follows the bracket, what the pages show of it and the final ranking it
gives. A game with this cut calls these; its own rules say how big the cut is and how a game is won."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from sitegen.games.base import SEED, Column, NextRound, PlayerRound, RoundView, SeatRow, StandingRow, TableView, stage_label
from sitegen.games.rounds import tables_file
from sitegen.games.tournament.swiss import cut_seeds
from sitegen.model import Event, Problem, Round
from sitegen.pairing import bracket
from sitegen.text import N_, Joined, Msg, in_list

# A bracket game is won or lost: (shown, standings.json result) by "won".
RESULT = {True: (N_("Won"), "won"), False: (N_("Lost"), "lost")}
COLUMNS = [Column(SEED, N_("Seed"), N_("Rank after the Swiss rounds.")), Column("result", N_("Result"))]


def next_bracket_round(event: Event, standings: Sequence[StandingRow], cut: int, hint: str) -> NextRound | None:
    """The bracket's next round file, seeded from the Swiss `standings`; None when there is no cut or its final is written.
    `hint`: how the game enters a bracket game's result, written at the top of the file."""
    if not cut or (event.elims and len(event.elims[-1].tables) == 1):
        return None
    seeds = cut_seeds([row.player for row in standings], standings, cut)
    if not event.elims:
        return _bracket_round(1, bracket.matches(seeds), f"Top {cut} cut seeded from the Swiss standings.", hint)
    winners = {str(t.result["winner"]) for t in event.elims[-1].tables}
    matches = bracket.matches(seeds, winners)
    return _bracket_round(len(event.elims) + 1, matches, "The final: untimed." if len(matches) == 1 else "", hint)


def _bracket_round(number: int, matches: list[tuple[str, str]], note: str, hint: str) -> NextRound:
    summary = f"Elimination round {number}: {len(matches)} games. {note}".strip()
    return NextRound(f"elim-{number}.yaml", tables_file([list(match) for match in matches]), summary, hint=hint)


def bracket_problems(event: Event, standings: Sequence[StandingRow], cut: int) -> list[Problem]:
    """Each elimination round seats exactly the matches the bracket gives after the round before it."""
    seeds = cut_seeds([row.player for row in standings], standings, cut)
    still_in: set[str] | None = None
    for round_ in event.elims:
        expected = {frozenset(match) for match in bracket.matches(seeds, still_in)}
        written = {frozenset(table.players) for table in round_.tables}
        if written != expected:
            return [Problem(round_.where, _off_the_bracket(round_, expected, cut, first=still_in is None))]
        if not round_.complete:
            break
        still_in = {str(table.result["winner"]) for table in round_.tables}
    return []


def bracket_views(event: Event, standings: Sequence[StandingRow]) -> list[RoundView]:
    """The bracket's rounds as the pages show them: each player's seed and whether they won."""
    seed_of = {row.player: row.rank for row in standings}
    views = []
    for round_ in event.elims:
        tables = []
        for table in round_.tables:
            winner = table.result.get("winner")
            seats = [
                SeatRow(pid, n, {SEED: seed_of[pid], "result": RESULT[winner == pid][0] if winner else ""}, winner == pid)
                for n, pid in enumerate(table.players, start=1)
            ]
            tables.append(TableView(table.number, seats, pending=winner is None))
        label = stage_label(round_.stage, len(round_.tables), round_.number)
        views.append(RoundView(round_, label, tables, round_.complete, columns=COLUMNS))
    return views


def note_bracket_games(elims: Sequence[RoundView], history: Mapping[str, list[PlayerRound]]) -> None:
    """Each player's line for the bracket games they played."""
    for view in elims:
        for table in view.tables:
            for seat in table.seats:
                label, export = RESULT[seat.winner]
                history[seat.player].append(PlayerRound(round=view.round, label=view.label, table=table.number,
                                                        opponents=[s.player for s in table.seats if s is not seat],
                                                        outcome=None if table.pending else export,
                                                        result=N_("Pending") if table.pending else label,
                                                        won=None if table.pending else seat.winner))


def final_ranking(standings: Sequence[StandingRow], elims: Sequence[RoundView], cut: int,
                  swiss_finished: bool) -> list[tuple[int, str]] | None:
    """Champion, finalist, each earlier round's losers in Swiss order, then everyone else in Swiss order; None until
    the Swiss rounds (`swiss_finished`) and, with a cut, the final are played."""
    if not swiss_finished:
        return None
    swiss_order = [row.player for row in standings]
    if not cut:
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


def _off_the_bracket(round_: Round, expected: set[frozenset[str]], cut: int, *, first: bool) -> Msg:
    """Why a bracket round's tables are refused: its games, as the bracket has them; who cannot play in it."""
    wanted = Joined([Joined(sorted(match), " – ") for match in sorted(expected, key=sorted)], "; ")
    if first:
        said = N_("this round's games must follow the bracket of the top {cut} of the Swiss standings: {wanted}; "
                  "run `sitegen pair` to write the round, or fix the players", cut=cut, wanted=wanted)
    else:
        said = N_("this round's games must follow the bracket of the winners of the round before: {wanted}; "
                  "run `sitegen pair` to write the round, or fix the players", wanted=wanted)
    strays = sorted({pid for t in round_.tables for pid in t.players} - set().union(*expected))
    return N_("{players} cannot play here; {problem}", players=in_list(strays), problem=said) if strays else said
