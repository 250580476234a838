"""What makes a V:TES seating good: the nine V:EKN optimal-seating criteria, in one table.

The scorer (`score`), the search (`search`), the `pair` summary and the rules page all read
`CRITERIA`; a seating's violation vector has one entry per criterion, in the table's order.
Counting conventions follow the reference implementation (``krcg.seating``), so both score any
seating identically: counts are per pair, per player or per (player, seat).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sitegen.games.vtes.rules import LARGEST_TABLE, SMALLEST_TABLE
from sitegen.text import N_, Num

Table = list[str]  # players in seat order
Round = list[Table]


@dataclass(frozen=True)
class Criterion:
    code: str  # the V:EKN rules' (and krcg's) name
    name: str  # short text (these three: messages, translated on the round pages; the rules prose prints them | english)
    rule: str  # the aim in plain words, as the rules page states it
    counted: str  # what its number counts, for the round pages' organizer box
    spread: bool = False  # a population standard deviation (a float), not a count
    weight: int = 0  # the last criteria, weighed together (`WEIGHED`) rather than one before the other


#: Most important first. Seatings compare lexicographically, so the position is the priority: one violation of a
#: criterion outweighs any amount of violations further down; only the last two, R8 and R9, which the V:EKN rules do
#: not rank, are weighed together as the reference scorer (krcg) weighs them: 100 per unit of R8's standard deviation
#: (a seat further on moves it by a few hundredths), 1 per R9 violation.
CRITERIA = (
    # A pair sits as predator and prey again, in the same direction.
    Criterion("R1", N_("predator-prey repeated"), N_("nobody meets the same predator or prey twice"),
              N_("predator-prey pairs seated the same way again")),
    # A pair shares a table in every round.
    Criterion("R2", N_("opponents every round"), N_("no two players share a table every round"),
              N_("pairs of players who shared a table in every round")),
    # VPs on offer (5 at a five-player table, 4 at a four), per-game mean of each player.
    Criterion("R3", N_("available VPs uneven"), N_("the victory points on offer are spread fairly"),
              N_("standard deviation of the players' mean VPs on offer per game"), spread=True),
    # A pair shares a table more than once.
    Criterion("R4", N_("opponents twice"), N_("nobody meets anyone more often than needed"),
              N_("pairs of players who shared a table more than once")),
    # A player takes the fifth seat more than once.
    Criterion("R5", N_("fifth seat twice"), N_("nobody sits in seat 5 twice"), N_("players seated in seat 5 more than once")),
    # A pair repeats a relative position (prey, grand-prey, grand-predator, predator, across a
    # four-player table); a repeated predator-prey direction is also one violation of R1.
    Criterion("R6", N_("relative position repeated"), N_("pairs do not repeat the same relative position"),
              N_("relative positions a pair of players took again")),
    # A player takes the same seat more than once.
    Criterion("R7", N_("same seat twice"), N_("nobody takes the same seat twice"), N_("seats a player took more than once (one per player and seat)")),
    # Starting transfers (TRANSFERS_BY_SEAT), per-game mean of each player.
    Criterion("R8", N_("starting transfers uneven"), N_("first-turn transfers are spread fairly"),
              N_("standard deviation of the players' mean first-turn transfers"), spread=True, weight=100),
    # A pair repeats a position group: adjacent (prey or predator) or not.
    Criterion("R9", N_("position group repeated"), N_("pairs do not repeat the same kind of position"),
              N_("kinds of position (next to or apart) a pair took again"), weight=1),
)


#: Where the weighed criteria start: every criterion from there on has a weight, every one before none.
WEIGHED = next(i for i, criterion in enumerate(CRITERIA) if criterion.weight)


def position(code: str) -> int:
    """Where a criterion's entry sits in a violation vector."""
    return next(i for i, criterion in enumerate(CRITERIA) if criterion.code == code)


#: Transfers in the first influence phase, by seat (seat 1 first).
TRANSFERS_BY_SEAT = (1, 2, 3, 4, 4)

# Relation of another player as seen from one player at the same table.
RELATION_CODES = range(5)
PREY, GRAND_PREY, GRAND_PREDATOR, PREDATOR, ACROSS = RELATION_CODES
#: Relation by clockwise seat distance 1, 2, ..., per table size (tables seat 5 or 4).
RELATION_BY_DISTANCE = {
    LARGEST_TABLE: (PREY, GRAND_PREY, GRAND_PREDATOR, PREDATOR),
    SMALLEST_TABLE: (PREY, ACROSS, PREDATOR),
}


def vector_text(vector: Sequence[int | float]) -> str:
    """A violation vector, short enough for a comment line."""
    return "(" + ", ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in vector) + ")"


def violations_lines(vector: Sequence[int | float], rounds: int) -> list[str]:
    """The same violations in words, one line per criterion, for a reader who does not know the criteria."""
    lines: list[str] = [N_("How well round 1 is seated, by the V:EKN optimal-seating criteria, most important first (0 is best):") if rounds == 1
             else N_("How well rounds 1-{rounds} are seated, by the V:EKN optimal-seating criteria, most important first (0 is best):",
                     rounds=rounds)]
    for criterion, value in zip(CRITERIA, vector):
        shown = Num(value, 2) if isinstance(value, float) else str(value)
        lines.append(N_("{code} {name}: {value} ({counted}; the aim: {rule})", code=criterion.code, name=criterion.name, value=shown,
                        counted=criterion.counted, rule=criterion.rule))
    return lines


def violations_note(vector: Sequence[int | float], rounds: int) -> str:
    """The violations of the first ``rounds`` rounds, as `pair` and the round pages state them."""
    span = "round 1" if rounds == 1 else f"rounds 1-{rounds}"
    return (f"Seating violations over {span}, criteria 1-{len(CRITERIA)} of the V:EKN optimal seating (lower is better): "
            f"{vector_text(vector)}")
