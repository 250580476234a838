"""The next Joust round file: a Swiss round from the standings, then the elimination bracket of the cut."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from sitegen.games.agot.joust.scoring import current_standings
from sitegen.games.base import NextRound, Refused
from sitegen.games.rounds import chosen_bye, finished, fixed_tables, refuse_pending, round_rng, tables_file
from sitegen.games.tournament.elimination import next_bracket_round
from sitegen.games.tournament.swiss import CurrentStandings
from sitegen.model import Event
from sitegen.pairing.swiss import pair_swiss
from sitegen.text import N_, Nn_

ELIMINATION_HINT = "Enter each game's result as 'winner: <id>': an elimination game always has a winner (a game drawn at time plays on)."


def next_round(event: Event, format_name: str) -> NextRound:
    refuse_pending(event)
    board = current_standings(event)
    if len(event.rounds) < board.planned_rounds:
        return _swiss_round(event, board, len(event.rounds) + 1)
    elimination = next_bracket_round(event, board.standings, board.cut, ELIMINATION_HINT)
    if elimination:
        return elimination
    raise finished(event, board.planned_rounds, "cut" if board.cut else "")


def _swiss_round(event: Event, board: CurrentStandings, number: int) -> NextRound:
    active = [p.id for p in event.players if p.active_in(number)]
    if len(active) < 2:
        raise Refused(N_("round {number} would have {count} player(s); a Joust needs at least 2", number=number, count=len(active)))
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
    bye = chosen_bye(event, active_set)
    pairing = pair_swiss(ranked, points, opponents, had_bye, round_rng(event, f"round-{number}"), first_round=number == 1,
                         avoid=avoid, bye=bye)
    data = tables_file([list(pair) for pair in pairing.pairs], fixed_tables(event, number))
    if pairing.bye:
        data["byes"] = [pairing.bye]
    if bye:
        data["chosen_byes"] = [bye]
    summary = f"Round {number} of {board.planned_rounds}: {len(pairing.pairs)} tables" + (f", bye: {pairing.bye}" if pairing.bye else "")
    notes = _unwanted_meetings(pairing.pairs, opponents, avoid)
    return NextRound(f"round-{number}.yaml", data, summary + "".join(f"; {note}" for note in notes),
                     warnings=tuple(notes))


def _unwanted_meetings(pairs: Sequence[tuple[str, str]], opponents: Mapping[str, Collection[str]],
                       avoid: Collection[frozenset[str]]) -> list[str]:
    """What the TO must hear about a pairing: forced rematches, and round-1 avoid requests that could not be met."""
    rematches = [f"{a} v {b}" for a, b in pairs if b in opponents.get(a, ())]
    unmet = [f"{a} v {b}" for a, b in pairs if frozenset((a, b)) in avoid]
    notes: list[str] = []
    if rematches:
        notes.append(Nn_("{count} rematch could not be avoided: {names}",
                         "{count} rematches could not be avoided: {names}", len(rematches), names=', '.join(rematches)))
    if unmet:
        notes.append(N_("{count} 'avoid' request(s) could not be met: {names}", count=len(unmet), names=', '.join(unmet)))
    return notes
