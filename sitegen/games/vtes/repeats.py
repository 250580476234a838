"""Rule 3.1.2: no exact predator-prey pair repeated from round to round, whenever possible. A repeat is avoidable when
another seat order of its table's players repeats none (the rules' remedy: the judge reseats the affected table;
moving players between tables stays the judge's call). `check` refuses an avoidable repeat; `pair` reseats a table
its fixed tables (`table:`) moved players into, when the move made one."""
from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from itertools import permutations

Pair = tuple[str, str]  # a predator and their prey


def predator_prey(players: Sequence[str]) -> list[Pair]:
    """A table's predator-prey pairs: each seat and the next (the last seat's prey is seat 1)."""
    return [(pid, players[(seat + 1) % len(players)]) for seat, pid in enumerate(players)]


def unrepeated_order(players: Sequence[str], seen: AbstractSet[Pair]) -> tuple[str, ...] | None:
    """The first seat order of the table (seat 1 kept: a rotation seats the same pairs) none of whose predator-prey
    pairs is in `seen`; None when every order repeats one."""
    first, rest = players[0], players[1:]
    return next((order for tail in permutations(rest) if seen.isdisjoint(predator_prey(order := (first, *tail)))), None)


def reseated(players: Sequence[str], earlier: AbstractSet[Pair]) -> list[str]:
    """The table as seated, unless it repeats a pair of `earlier` and another order repeats none: that order."""
    if earlier.isdisjoint(predator_prey(players)):
        return list(players)
    return list(unrepeated_order(players, earlier) or players)
