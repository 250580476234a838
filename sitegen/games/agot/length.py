"""How long an AGoT event runs (Joust and Melee alike): Swiss rounds and the elimination cut by field size,
and when the elimination rounds may start.

The rules fix the length and the cut before play starts, from the players who start: a late arrival or a
no-show added afterwards does not change them.
"""
from __future__ import annotations

import sys
from pathlib import Path

from sitegen.model import Event, Problem
from sitegen.text import N_

# The rules' round-structure tables: (most players, value); a field takes the first row it fits in.
# The last row is the tables' "more" row: its bound, ANY_FIELD, holds every field.
ANY_FIELD = sys.maxsize
ROUNDS_BY_PLAYERS = ((8, 3), (24, 4), (44, 5), (148, 6), (ANY_FIELD, 7))
CUT_BY_PLAYERS = ((16, 0), (40, 4), (76, 8), (ANY_FIELD, 16))


def _by_field(table: tuple[tuple[int, int], ...], players: int) -> int:
    return next(value for most, value in table if players <= most)


def default_rounds(players: int) -> int:
    return _by_field(ROUNDS_BY_PLAYERS, players)


def default_cut(players: int) -> int:
    return _by_field(CUT_BY_PLAYERS, players)


def starting_players(event: Event) -> int:
    """The field the event starts with: everyone in round 1 once it exists, else everyone registered for it."""
    if event.rounds:
        first = event.rounds[0]
        return len(first.seated()) + len(first.byes) + len(first.sitting_out)
    return sum(p.active_in(1) for p in event.players)


#: The templates Joust and Melee share (the event length tables of the rules pages).
TEMPLATES = Path(__file__).resolve().parent / "templates"

#: The player fields `sitegen new` shows under the first player of an AGoT event.
PLAYER_EXAMPLE = ("    faction: Stark            # optional: shown on the player page and the meta page\n"
                  "    agenda: Banner of the Wolf\n")


def new_event_lines(rounds: int | None, cut: int | None) -> list[str]:
    """The length lines `sitegen new` writes for an AGoT event: the values given, else the rules' defaults as comments."""
    return [f"rounds: {rounds}" if rounds else "# rounds: 4          # Swiss rounds; default from the rules by player count",
            f"cut: {cut}" if cut is not None else "# cut: 4             # players in the elimination cut; default from the rules (0 = none)"]


def planned_rounds(event: Event) -> int:
    """The event's `rounds:`, or the rules' suggestion for the field it started with."""
    return event.planned_rounds or default_rounds(starting_players(event))


def planned_cut(event: Event) -> int:
    """The event's `cut:`, or the rules' suggestion for the field it started with."""
    return default_cut(starting_players(event)) if event.cut is None else event.cut


def swiss_finished(event: Event, planned_rounds: int) -> bool:
    return len(event.rounds) >= planned_rounds and all(r.complete for r in event.rounds)


def check_round_structure(event: Event, planned: int, cut: int) -> list[Problem]:
    """Elimination files only after every Swiss round, only with a cut, and never a final.yaml (AGoT names them elim-N)."""
    problems = []
    for round_ in event.elims:
        if round_.stage == "final":
            problems.append(Problem(round_.where, N_("AGoT events have no final.yaml: the final is the last elimination round; "
                                                     "rename the file elim-{number}.yaml", number=len(event.elims))))
    first = event.elims[0] if event.elims else None
    if first is None:
        return problems
    if not cut:
        problems.append(Problem(first.where, N_("this event has no cut ('cut: 0'), so no elimination rounds; "
                                                "remove the file, or set 'cut:' in event.yaml")))
    elif not swiss_finished(event, planned):
        problems.append(Problem(first.where, N_("elimination rounds come after all {planned} Swiss rounds, but only {played} are played; "
                                                "finish them, or set 'rounds:' in event.yaml",
                                                planned=planned, played=sum(r.complete for r in event.rounds))))
    return problems + _elims_in_order(event)


def _elims_in_order(event: Event) -> list[Problem]:
    """An elimination round only once every game of the one before has a result: who plays in it depends on them."""
    for before, after in zip(event.elims, event.elims[1:]):
        if not before.complete:
            tables = ", ".join(str(t.number) for t in before.pending_tables)
            name = Path(before.where.path).name
            return [Problem(after.where, N_("{name} still has a table without a result (table {tables}), so the players of this "
                                            "round are not known yet; enter that result first, or remove this file", name=name, tables=tables))]
    return []
