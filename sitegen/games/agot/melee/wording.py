"""The Melee rules in words: a table result's labels, the phrases messages share, and the rules page's numbers.

Every number here comes from the Melee rules (`melee.rules`, the AGoT `agot.rules`) or the seating; this module only says it.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sitegen.games.agot.length import CUT_BY_PLAYERS, ROUNDS_BY_PLAYERS
from sitegen.games.agot.melee.rules import (
    CUT_INSTEAD,
    CUT_ORDER,
    ELIMINATION_TABLES,
    FINAL_TABLE,
    FULL_TABLE,
    LATE_JOIN_POINTS_PER_MISSED_ROUND,
    POWER_CAP,
    ROUND_MINUTES,
    SMALL_TABLE,
    TABLE_SIZES,
    WIN_POINTS,
    SeatResult,
    default_melee_cut,
    late_join_points,
    score_melee_table,
)
from sitegen.games.agot.melee.seating import melee_table_sizes
from sitegen.games.agot.rules import DEFAULT_VICTORY_TOTAL
from sitegen.text import N_, in_turn, place_text

# Messages, so the rules page's prose says them in its language ("quatre"); English text elsewhere.
_WORDS = (N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"), N_("nine"), N_("ten"),
          N_("eleven"), N_("twelve"), N_("thirteen"), N_("fourteen"), N_("fifteen"), N_("sixteen"))
_PLACE_WORDS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"))


def either(items: Sequence[object]) -> str:
    """'a, b or c'."""
    words = [str(item) for item in items]
    return " or ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def spell(number: int) -> str:
    """A small whole number in words, as the prose of the rules page writes it."""
    return _WORDS[number] if 0 <= number < len(_WORDS) else str(number)


def place_label(seat: SeatResult) -> str:
    """Short place for a table column: '1', 'T2' for a shared place, '4 out' for an eliminated player."""
    if seat.eliminated:
        return N_("{place} out", place=seat.place)
    return N_("T{place}", place=seat.place) if seat.tied else str(seat.place)


def result_text(seat: SeatResult) -> str:
    if seat.table_win:
        return N_("Won the table")
    if seat.eliminated:
        return N_("Eliminated ({place})", place=place_text(seat.place))
    if seat.place == 1:
        return N_("Shared first place")
    return N_("Tied {place}", place=place_text(seat.place)) if seat.tied else place_text(seat.place)


def elimination_text(tables: Sequence[int]) -> str:
    """What a cut's elimination rounds are, e.g. 'four tables, then a final table'."""
    if not tables:
        return "no elimination"
    first = "one final table" if tables[0] == 1 else f"{spell(tables[0])} tables"
    return first + ", then a final table" * (len(tables) - 1)


TABLE_SIZES_TEXT = either(TABLE_SIZES)  # "3 or 4"
CUT_ORDER_TEXT = ", then ".join(CUT_ORDER)  # "points, then SoS, then ESoS"
CUT_ORDER_WORDS = in_turn([N_("points") if criterion == "points" else criterion for criterion in CUT_ORDER])  # the same, translated
CUT_CHOICES_TEXT = either([f"{cut} ({elimination_text(tables)})" for cut, tables in ELIMINATION_TABLES.items()])

# What a Melee table writes on its result slip: exactly what a round file records (power, winner, eliminated).
SLIP_INSTRUCTIONS = N_("Write every player's power at the end of the game. Tick the winner if someone reached {victory} power before "
                       "time. For players who decked out or conceded, write the order they left (1 = first out).", victory=DEFAULT_VICTORY_TOTAL)


# -- the rules page ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """A scoring example of the rules page, scored by the same code as every event."""

    title: str
    explain: str
    power: Mapping[str, int]
    winner: str | None = None
    eliminated: tuple[str, ...] = ()
    victory: Mapping[str, int] = field(default_factory=dict)

    def page(self) -> dict[str, Any]:
        results = score_melee_table(list(self.power), self.power, winner=self.winner, eliminated=self.eliminated, victory=self.victory)
        rows = [{"player": s.player, "power": s.power, "victory": self.victory.get(s.player), "place": place_label(s),
                 "result": result_text(s), "points": s.points} for s in results]
        return {"title": self.title, "explain": self.explain, "rows": rows}


# Names are invented; the numbers of the first four are those of the rules' own worked examples.
RULES_EXAMPLES = (
    Example(N_("A win, and a tie for second"),
            N_("Corwin reaches 15 power and wins at once. Maren and Ilsa tie, so both divide by the worse of the two places they share."),
            {"Maren": 13, "Petra": 5, "Corwin": 15, "Ilsa": 13}, "Corwin"),
    Example(N_("Two players tied for first at time"),
            N_("Nobody has won when time is called. Juno and Anselm are equally close: they add the points of first place and of "
               "second place (their own power divided by 2) and split the sum, rounded down."),
            {"Halvard": 6, "Juno": 12, "Anselm": 12, "Odile": 11}),
    Example(N_("A tie for second and third"), N_("Benedikt wins; Rosalind and Emrys share second and third and divide by 3."),
            {"Rosalind": 12, "Benedikt": 15, "Talia": 2, "Emrys": 12}, "Benedikt"),
    Example(N_("Another shared first place"),
            N_("Time is called with Wren and Ferris level; the sum of first and second place is split between them, and the "
               "others score by their own place."),
            {"Ottilie": 9, "Wren": 10, "Ferris": 10, "Liesel": 5}),
    Example(N_("An eliminated player at a table of three"),
            N_("Saskia's deck runs out, so she is out of the game and places last with 0 points, whatever her power. At time "
               "Ivo is closest and wins."),
            {"Ivo": 9, "Dorian": 7, "Saskia": 8}, None, ("Saskia",)),
    Example(N_("Power above 15, and a different victory total"),
            N_("Greer's agenda raises her victory total to 20, so at 17 power she is 3 short while Nell, at 14 of 15, is 1 short "
               "and wins. Greer's power counts only up to 15."),
            {"Nell": 14, "Greer": 17, "Lorcan": 8, "Mirela": 3}, None, (), {"Greer": 20}),
)
LATE_JOIN_EXAMPLE_ROUND = 3  # the rules page works out the late-join points of a player joining in this round


def _unseatable() -> int:
    """The one field of at least a table's size that the seating cannot split into tables."""
    def fits(players: int) -> bool:
        try:
            melee_table_sizes(players)
        except ValueError:
            return False
        return True

    (field_size,) = [n for n in range(SMALL_TABLE, 2 * FULL_TABLE) if not fits(n)]
    return field_size


def rules_context() -> dict[str, Any]:
    """The numbers the rules and tiebreaker pages show (numbers in prose through `spell`)."""
    ((replaced, instead),) = CUT_INSTEAD.items()
    top_cut = max(ELIMINATION_TABLES)
    return {
        "spell": spell,
        "win_points": WIN_POINTS,
        "power_cap": POWER_CAP,
        "victory_total": DEFAULT_VICTORY_TOTAL,
        "minutes": ROUND_MINUTES,
        "late_join_points": LATE_JOIN_POINTS_PER_MISSED_ROUND,
        "late_join_example_round": LATE_JOIN_EXAMPLE_ROUND,
        "late_join_example": late_join_points(LATE_JOIN_EXAMPLE_ROUND - 1),
        "examples": [example.page() for example in RULES_EXAMPLES],
        "shared_place": place_label(SeatResult("", 0, 2, 0, False, False, tied=True)),
        "out_place": place_label(SeatResult("", 0, 4, 0, False, True)),
        "full_table": FULL_TABLE,
        "small_table": SMALL_TABLE,
        "unseatable": _unseatable(),
        "two_tables": 2 * SMALL_TABLE,
        "places_after_first": in_turn(list(_PLACE_WORDS[1:FINAL_TABLE])),  # "second, then third, then fourth"
        "cuts": [cut for cut in ELIMINATION_TABLES if cut],
        "top_cut_tables": ELIMINATION_TABLES[top_cut][0],
        "cut_replaced": replaced,
        "cut_instead": instead,
        "cut_order": CUT_ORDER_WORDS,  # "points, then SoS, then ESoS"
        "rounds_table": ROUNDS_BY_PLAYERS,
        "cut_table": [(most, default_melee_cut(most)) for most, _ in CUT_BY_PLAYERS],
    }
