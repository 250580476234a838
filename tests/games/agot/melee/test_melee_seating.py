"""Melee seating: table sizes, who sits at three-player tables, keeping opponents apart."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.games.agot.melee.seating import melee_table_sizes, seat_melee_round

# n -> (tables of four, tables of three), worked out by hand.
EXPECTED_SIZES = {
    3: (0, 1), 4: (1, 0), 6: (0, 2), 7: (1, 1), 8: (2, 0), 9: (0, 3), 10: (1, 2), 11: (2, 1),
    12: (3, 0), 13: (1, 3), 14: (2, 2), 15: (3, 1), 16: (4, 0), 17: (2, 3), 18: (3, 2), 19: (4, 1),
    20: (5, 0), 21: (3, 3), 22: (4, 2), 23: (5, 1), 24: (6, 0), 25: (4, 3), 26: (5, 2), 27: (6, 1),
    28: (7, 0), 29: (5, 3), 30: (6, 2),
}  # fmt: skip


def players(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


def meetings(history: Sequence[Sequence[Sequence[str]]]) -> Counter[frozenset[str]]:
    """How often each pair sat at one table in the earlier rounds."""
    return Counter(frozenset(pair) for round_ in history for table in round_ for pair in combinations(table, 2))


def repeat_cost(tables: Sequence[Sequence[str]], history: Sequence[Sequence[Sequence[str]]]) -> int:
    """Earlier meetings of every pair seated together (a pair that met twice counts 2)."""
    return cost_given(tables, meetings(history))


def cost_given(tables: Sequence[Sequence[str]], met: Counter[frozenset[str]]) -> int:
    """repeat_cost with the meetings counted once, for the brute force that prices thousands of seatings."""
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


def partitions(pool: Sequence[str], size: int) -> Iterator[list[tuple[str, ...]]]:
    """Every way to split ``pool`` into tables of ``size``."""
    if not pool:
        yield []
        return
    first, rest = pool[0], pool[1:]
    for mates in combinations(rest, size - 1):
        left = [p for p in rest if p not in mates]
        for others in partitions(left, size):
            yield [(first, *mates), *others]


def random_rounds(ranked: Sequence[str], rounds: int, rng: random.Random) -> list[list[list[str]]]:
    history: list[list[list[str]]] = []
    for _ in range(rounds):
        shuffled = list(ranked)
        rng.shuffle(shuffled)
        tables, start = [], 0
        for size in melee_table_sizes(len(ranked)):
            tables.append(shuffled[start : start + size])
            start += size
        history.append(tables)
    return history


# --- table sizes -------------------------------------------------------------------------


@pytest.mark.parametrize("n", sorted(EXPECTED_SIZES))
def test_table_sizes(n):
    fours, threes = EXPECTED_SIZES[n]
    assert melee_table_sizes(n) == [4] * fours + [3] * threes


def test_twenty_five_players_sit_at_four_fours_and_three_threes():
    assert melee_table_sizes(25) == [4, 4, 4, 4, 3, 3, 3]


@pytest.mark.parametrize("n", [-1, 0, 1, 2, 5])
def test_impossible_player_counts(n):
    with pytest.raises(ValueError, match=f"{n} players cannot"):
        melee_table_sizes(n)


# --- seating -----------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 60).filter(lambda n: n != 5), st.integers(0, 3), st.booleans(), st.integers(0, 2**32))
def test_everyone_seated_once_at_tables_of_the_right_size(n, rounds, first_round, seed):
    ranked = players(n)
    history = random_rounds(ranked, rounds, random.Random(seed))
    tables = seat_melee_round(ranked, history, random.Random(seed), first_round=first_round)
    assert [len(t) for t in tables] == melee_table_sizes(n)
    assert sorted(p for t in tables for p in t) == ranked


@settings(max_examples=40, deadline=None)
@given(st.integers(6, 40).filter(lambda n: n % 4), st.integers(0, 2**32))
def test_lowest_ranked_players_sit_at_three_player_tables(n, seed):
    ranked = players(n)
    history = random_rounds(ranked, 1, random.Random(seed))
    tables = seat_melee_round(ranked, history, random.Random(seed), first_round=False)
    small = sorted(p for t in tables if len(t) == 3 for p in t)
    assert small == ranked[-len(small) :]


def test_first_round_three_player_tables_are_drawn_at_random():
    ranked = players(7)
    drawn = {
        frozenset(seat_melee_round(ranked, [], random.Random(seed), first_round=True)[1]) for seed in range(20)
    }
    assert len(drawn) > 1


def test_the_lowest_ranked_go_to_tables_of_three_even_if_they_sat_at_one_before():
    ranked = ["a", "b", "c", "d", "e", "f", "g"]
    history = [[["a", "b", "c", "d"], ["e", "f", "g"]]]
    tables = seat_melee_round(ranked, history, random.Random(3), first_round=False)
    assert sorted(tables[1]) == ["e", "f", "g"]


def test_same_seed_same_tables():
    ranked = players(27)
    history = random_rounds(ranked, 2, random.Random(9))
    first = seat_melee_round(ranked, history, random.Random(42), first_round=False)
    assert first == seat_melee_round(ranked, history, random.Random(42), first_round=False)


def test_dropped_players_in_history_are_ignored():
    ranked = players(8)
    history = [[[*ranked[:4]], [*ranked[4:7], "gone"]]]
    tables = seat_melee_round(ranked, history, random.Random(1), first_round=False)
    assert sorted(p for t in tables for p in t) == ranked


def test_sixteen_players_avoid_all_repeats_after_two_rounds():
    # Rows then columns of a 4x4 grid: the diagonals still give a round with no repeats.
    ranked = players(16)
    grid = [ranked[row * 4 : row * 4 + 4] for row in range(4)]
    history = [grid, [list(column) for column in zip(*grid)]]
    for seed in range(10):
        tables = seat_melee_round(ranked, history, random.Random(seed), first_round=False)
        assert repeat_cost(tables, history) == 0


@pytest.mark.parametrize("n", [7, 8, 9, 11, 12])
def test_repeats_as_few_as_brute_force_finds(n):
    # With 8 players some repeats are unavoidable from round 2 on (two tables of four
    # must reuse a pair from each earlier table), so compare with the true minimum.
    ranked = players(n)
    sizes = melee_table_sizes(n)
    small_count = 3 * sizes.count(3)
    big, small = ranked[: n - small_count], ranked[n - small_count :]
    for seed in range(8):
        history = random_rounds(ranked, 2, random.Random(seed))
        met = meetings(history)
        best = min(cost_given(p, met) for p in partitions(big, 4)) + min(cost_given(p, met) for p in partitions(small, 3))
        tables = seat_melee_round(ranked, history, random.Random(seed), first_round=False)
        assert repeat_cost(tables, history) == best


# --- bad input ---------------------------------------------------------------------------


def test_duplicate_players_rejected():
    with pytest.raises(ValueError, match="more than once in the ranking: a"):
        seat_melee_round(["a", "b", "a", "c"], [], random.Random(0), first_round=True)
