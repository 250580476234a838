"""The V:TES result check accepts exactly the VP that a real game can end with.

`every_game_ending` plays every possible game forward, step by step, on its own (it shares
nothing with sitegen's checker, which searches backwards from a score sheet); the tests then
compare the two over every VP vector of a 4- and a 5-player table.
"""

from fractions import Fraction
from itertools import product

import pytest

from sitegen.games.vtes.results import table_problems

HALF = Fraction(1, 2)


def every_game_ending(size):
    """The set of final VP vectors (in seat order) of every game at a table of `size`."""
    endings = set()

    def play(alive, vp):
        # alive: seats still in the game, in seat order; the prey of alive[i] is alive[i + 1].
        if len(alive) == 1:
            vp = list(vp)
            vp[alive[0]] += 1  # last one standing
            endings.add(tuple(vp))
            return
        endings.add(tuple(score + HALF if seat in alive else score for seat, score in enumerate(vp)))  # time
        for position, seat in enumerate(alive):
            left = alive[:position] + alive[position + 1:]
            withdrawn = list(vp)
            withdrawn[seat] += HALF
            play(left, withdrawn)
            ousted = list(vp)
            ousted[alive[position - 1]] += 1  # the predator, wrapping round to the last seat
            play(left, ousted)

    play(list(range(size)), [Fraction(0)] * size)
    return endings


@pytest.mark.parametrize("size", [4, pytest.param(5, marks=pytest.mark.slow)])
def test_the_check_accepts_exactly_the_results_a_game_can_end_with(size):
    reachable = every_game_ending(size)
    players = [f"P{seat}" for seat in range(1, size + 1)]
    halves = range(0, 2 * size + 1)
    accepted = set()
    for vector in product(halves, repeat=size):
        vp = dict(zip(players, (Fraction(h, 2) for h in vector)))
        if not table_problems(players, vp):
            accepted.add(tuple(vp.values()))
    assert accepted == reachable


def test_the_enumeration_finds_the_games_the_rules_describe():
    four = every_game_ending(4)
    assert (Fraction(3, 2), 0, HALF, HALF) in four  # the rules' four-player example
    assert (4, 0, 0, 0) in four  # a sweep
    assert (HALF,) * 4 in four  # time with everyone in
    # Everyone withdraws in turn until one is left, who stands last.
    assert (HALF, HALF, HALF, 1) in four


@pytest.mark.parametrize("vp", [
    {"a": 1, "b": 1, "c": 1, "d": 1},
    {"a": 4.5, "b": 0, "c": 0, "d": 0, "e": 0},
    {"a": 0.5, "b": 0, "c": 1.5, "d": 0.5, "e": 0.5},
])
def test_results_that_pass_the_archon_total_but_no_game_gives_are_rejected(vp):
    [problem] = table_problems(list(vp), vp)
    assert "confirmed by a judge" in problem
    assert table_problems(list(vp), vp, override=True) == []


def test_a_withdrawal_then_a_double_oust_is_accepted():
    # a withdraws (0.5); d, whose prey is now b, ousts b and then c and stands last: 1 + 1 + 1.
    vp = {"a": 0.5, "b": 0, "c": 0, "d": 3}
    assert table_problems(list(vp), vp) == []


def test_the_reasons_say_what_the_vp_would_require():
    [ousts] = table_problems(list("abcde"), {"a": 4.5, "b": 0, "c": 0, "d": 0, "e": 0})
    assert "a has 4.5 VP" in ousts and "at most 3 ousts, not 4" in ousts
    [first] = table_problems(list("abcd"), {"a": 1, "b": 1, "c": 1, "d": 1})
    assert "must have 0 VP" in first
    [order] = table_problems(list("abcde"), {"a": 0.5, "b": 0, "c": 1.5, "d": 0.5, "e": 0.5})
    assert "No game at this seating ends with these VP (0.5, 0, 1.5, 0.5, 0.5)" in order


def test_a_withdrawal_with_two_players_left_leaves_the_other_standing_last():
    # a and b withdraw, then c withdraws with only d left: d is the last one standing.
    assert table_problems(list("abcd"), {"a": 0.5, "b": 0.5, "c": 0.5, "d": 1}) == []


@pytest.mark.parametrize("size", [4, 5])
def test_a_figure_off_the_half_points_or_out_of_range_is_refused_as_fraction_arithmetic_says(size):
    """The figures are checked on the Fraction's whole numbers (not Fractions made per seat): the same verdicts as
    `(vp * 2).denominator != 1` and `0 <= vp <= size`, for thirds, quarters, negatives and figures past the table."""
    players = [f"p{i}" for i in range(size)]
    for numerator, denominator in product(range(-13, 14), range(1, 7)):
        vp = Fraction(numerator, denominator)
        said = " ".join(table_problems(players, {p: vp if p == "p0" else 0 for p in players}, override=True))
        assert ("not a multiple of 0.5" in said) == ((vp * 2).denominator != 1), vp
        assert ("outside 0 to" in said) == (not 0 <= vp <= size), vp
