"""The example tables on the V:TES rules page, scored and checked by the code that scores real events."""

from __future__ import annotations

from dataclasses import dataclass

from sitegen.games.vtes.results import table_problems
from sitegen.games.vtes.rules import VpInput, VtesSeat, score_vtes_table
from sitegen.text import N_


@dataclass(frozen=True)
class RulesExample:
    """A small table shown on the rules page, with what the code makes of it."""

    title: str
    seats: list[VtesSeat]
    problems: list[str]



def rules_examples() -> list[RulesExample]:
    """Example tables for the rules page, scored by ``vtes_rules`` and checked by ``vtes_results``."""
    cases: list[tuple[str, dict[str, VpInput]]] = [  # titles as messages: the page shows them in its language
        (
            N_("Five players, two tied on top (the rules' first example)"),
            {"A": 1.5, "B": 0, "C": 1.5, "D": 0, "E": 0.5},
        ),
        (
            N_("Four players: the empty seat takes 3rd place (the rules' second example)"),
            {"A": 1.5, "B": 0, "C": 0.5, "D": 0.5},
        ),
        (N_("A sweep: one player ousts everyone"), {"A": 5, "B": 0, "C": 0, "D": 0, "E": 0}),
        (
            N_("Two players on 2 VP: the tie denies the Game Win"),
            {"A": 2, "B": 1, "C": 2, "D": 0, "E": 0},
        ),
        (
            N_("Four players, three tied at the bottom"),
            {"A": 0, "B": 4, "C": 0, "D": 0},
        ),
        (
            N_("Time runs out with everyone still in the game"),
            {"A": 0.5, "B": 0.5, "C": 0.5, "D": 0.5, "E": 0.5},
        ),
        (
            N_("A score sheet whose VP do not add up"),
            {"A": 1, "B": 1, "C": 0.5, "D": 0.5, "E": 0},
        ),
        (
            N_("A score sheet that adds up, but no game ends this way"),
            {"A": 1, "B": 1, "C": 1, "D": 1},
        ),
    ]
    return [
        RulesExample(title, score_vtes_table(list(vp), vp), table_problems(list(vp), vp))
        for title, vp in cases
    ]
