"""V:TES seating under the V:EKN optimal-seating rules (V:TES only; other games pair in `swiss`/`tables`).

criteria   the nine criteria (one table), what a seating's violation vector means
score      the violation vector of a seating, and the counters the search updates move by move
search     simulated annealing over seatings, compared criterion by criterion
schedules  table sizes, staggered rounds for 6, 7 and 11 players, and the entry points below
"""

from sitegen.games.vtes.seating.criteria import CRITERIA, Criterion, Round, Table, violations_lines, violations_note
from sitegen.games.vtes.seating.schedules import (
    equal_games,
    largest_seatable,
    plan_rounds,
    remaining_schedule,
    seat_next_round,
    seatable,
    staggered_plan,
    table_sizes,
)
from sitegen.games.vtes.seating.score import violations, violations_after_each

__all__ = [
    "CRITERIA",
    "Criterion",
    "Round",
    "Table",
    "equal_games",
    "largest_seatable",
    "plan_rounds",
    "remaining_schedule",
    "seat_next_round",
    "seatable",
    "staggered_plan",
    "table_sizes",
    "violations",
    "violations_after_each",
    "violations_lines",
    "violations_note",
]
