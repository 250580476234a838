"""What every game's pairing shares: the seeded randomness (`round_rng`, the draw among equals `draw_key`), the
refusal to pair over pending results, the round file's data, and the constraints every game honours, read from the
Event: a player's fixed table (`table:` in event.yaml) and the bye the organizer chose (`sitegen pair --bye`)."""
from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from itertools import count
from typing import Any

from sitegen.games.base import Refused
from sitegen.model import Event
from sitegen.text import N_, Joined, Nn_, placed


def draw_key(seed: int, separated: object, player: str) -> bytes:
    """A player's place in the seeded random draw among players whose results are all equal.

    The draw hashes the event seed, the tied results themselves (`separated`, e.g. points, SoS and
    ESoS) and the player's id. So it is reproducible, does not depend on the order anything is
    listed in, and cannot be known before the games that produce those results are played.
    """
    return hashlib.sha256(f"{seed}\x1f{separated!r}\x1f{player}".encode()).digest()


def whole_numbers(values: Sequence[Fraction]) -> list[int]:
    """Fractions as whole numbers over their common denominator: equal and ordered as they are, and quicker to hash and
    compare (ties are found among them for every player after every round)."""
    common = math.lcm(*(value.denominator for value in values))
    return [value.numerator * (common // value.denominator) for value in values]


def truncated(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded toward zero, as int() of the Fraction is, without making one (denominator > 0)."""
    return numerator // denominator if numerator >= 0 else -(-numerator // denominator)


def round_rng(event: Event, slug: str) -> random.Random:
    """The Random for one pairing: derived from the event seed and the round, so re-pairing is reproducible."""
    return random.Random(f"{event.seed}:{slug}")


def refuse_pending(event: Event, seating_keys: tuple[str, ...] = ()) -> None:
    """`pair` must not run while the latest round still has games without a result.

    `seating_keys` are table keys that record how a table was seated (V:TES: who plays first at the
    final), not how it ended: a table holding only those has no result yet.
    """
    last = (event.rounds + event.elims)[-1:]
    pending = [t for t in last[0].tables if not set(t.result) - set(seating_keys)] if last else []
    if pending:
        numbers = [str(t.number) for t in pending]
        names = event.player_by_id
        waiting = Joined([N_("{table}: {players}", table=str(t.number), players=Joined([names[p].name if p in names else p for p in t.players], " – "))
                          for t in pending], "; ")
        said = Nn_("table {numbers} has no result yet (table {waiting}); enter every result, then pair the next round",
                   "tables {numbers} have no result yet (table {waiting}); enter every result, then pair the next round",
                   len(pending), numbers=", ".join(numbers), waiting=waiting)
        raise Refused(placed(last[0].where.path, said))


def finished(event: Event, planned: int, then: str = "") -> Refused:
    """The refusal to pair an event that is over: its `planned` preliminary rounds, then its elimination (`then`:
    "cut" or "final"; "" when it had none) are played."""
    if then == "cut":
        return Refused(Nn_("{event} is finished: its {count} round and the cut are played",
                           "{event} is finished: all {count} rounds and the cut are played", planned, event=event.name))
    if then == "final":
        return Refused(Nn_("{event} is finished: its {count} round and the final are played",
                           "{event} is finished: all {count} rounds and the final are played", planned, event=event.name))
    return Refused(Nn_("{event} is finished: its {count} round is played", "{event} is finished: all {count} rounds are played",
                       planned, event=event.name))


def tables_file(tables: list[list[str]] | list[tuple[str, ...]], fixed: Mapping[str, int] | None = None) -> dict[str, Any]:
    """A round file's data: the tables numbered from 1, players in seat order; with `fixed` ({player: table number},
    see `fixed_tables`), each of those players sits at that table number."""
    numbered = place_fixed(tables, fixed) if fixed else list(enumerate((list(t) for t in tables), start=1))
    return {"tables": [{"table": number, "players": list(players)} for number, players in numbered]}


def fixed_tables(event: Event, number: int) -> dict[str, int]:
    """{player: table number} of the players who take part in round `number` and have a fixed table."""
    return {p.id: p.table for p in event.players if p.table and p.active_in(number)}


def chosen_bye(event: Event, active: Collection[str], *, byes: bool = True) -> str | None:
    """The bye the organizer chose, checked: a player of the round, in a game that gives byes, when one is due."""
    pid = event.chosen_bye
    if pid is None:
        return None
    if not byes:
        raise Refused(N_("this game has no byes: every player is seated; pair without a chosen bye"))
    if pid not in active:
        raise Refused(N_("{value} does not play this round: choose the bye among its players",
                         value=event.player_by_id[pid].name if pid in event.player_by_id else pid))
    if len(active) % 2 == 0:
        raise Refused(N_("this round has {count} players, an even number: nobody gets a bye", count=len(active)))
    return pid


def place_fixed(tables: Sequence[Sequence[str]], fixed: Mapping[str, int]) -> list[tuple[int, list[str]]]:
    """Number the tables so that each player of `fixed` sits at their table number (moving a player to that table,
    in place of one without a fixed table, when two fixed players were seated together); the other tables take the
    lowest numbers left, in their order. Sorted by table number."""
    seats = [list(t) for t in tables]
    number_of: dict[int, int] = {}  # table index -> its number
    for pid, wanted in sorted(fixed.items(), key=lambda item: (item[1], item[0])):
        here = next((i for i, t in enumerate(seats) if pid in t), None)
        if here is None:
            continue
        target = next((i for i, n in number_of.items() if n == wanted), None)
        if target is None and here in number_of:  # seated with a player fixed elsewhere: a free table instead
            target = next((i for i in range(len(seats)) if i not in number_of), None)
        if target is not None and target != here:
            movable = [p for p in seats[target] if p not in fixed]
            if not movable:
                continue  # every seat of that table is someone's fixed seat: the rules' seating stands
            other = movable[-1]
            seats[here][seats[here].index(pid)], seats[target][seats[target].index(other)] = other, pid
            here = target
        number_of[here] = wanted
    free = (n for n in count(1) if n not in number_of.values())
    numbered = [(number_of[i] if i in number_of else next(free), t) for i, t in enumerate(seats)]
    return sorted(numbered, key=lambda item: item[0])
