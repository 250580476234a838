import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.pairing.bracket import bracket_positions, first_round, next_round, rounds_needed

SIZES = [2, 4, 8, 16, 32, 64]


def seed_names(size: int) -> list[str]:
    return [f"seed{i}" for i in range(1, size + 1)]


def seed_number(name: str) -> int:
    return int(name.removeprefix("seed"))


def play_out(size: int, pick_winner) -> list[list[tuple[str, str]]]:
    """All rounds of a bracket, each match decided by pick_winner(match)."""
    rounds = [first_round(seed_names(size))]
    while len(rounds[-1]) > 1:
        rounds.append(next_round([pick_winner(match) for match in rounds[-1]]))
    return rounds


def higher_seed(match: tuple[str, str]) -> str:
    return min(match, key=seed_number)


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        (2, [1, 2]),
        (4, [1, 4, 2, 3]),
        (8, [1, 8, 4, 5, 2, 7, 3, 6]),
        (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    ],
)
def test_bracket_positions_exact(size, expected):
    assert bracket_positions(size) == expected


@pytest.mark.parametrize("size", [0, 1, 3, 6, 12, 24, -4])
def test_sizes_that_are_not_powers_of_two_are_rejected(size):
    for function in (bracket_positions, rounds_needed):
        with pytest.raises(ValueError):
            function(size)
    if size > 0:
        with pytest.raises(ValueError):
            first_round(seed_names(size))
        with pytest.raises(ValueError):
            next_round(seed_names(size))


@pytest.mark.parametrize(("size", "rounds"), [(2, 1), (4, 2), (8, 3), (16, 4), (64, 6)])
def test_rounds_needed(size, rounds):
    assert rounds_needed(size) == rounds


def test_first_round_top_eight():
    names = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
    assert first_round(names) == [
        ("Ann", "Hal"),
        ("Dee", "Eve"),
        ("Ben", "Gus"),
        ("Cid", "Fay"),
    ]


@pytest.mark.parametrize("size", SIZES)
def test_first_round_pairs_best_with_worst(size):
    matches = first_round(seed_names(size))
    # Every match is seed s against seed size+1-s, the better seed listed first.
    assert sorted(tuple(map(seed_number, m)) for m in matches) == [(s, size + 1 - s) for s in range(1, size // 2 + 1)]
    assert matches[0] == ("seed1", f"seed{size}")


def test_next_round_keeps_bracket_order():
    assert next_round(["a", "b", "c", "d"]) == [("a", "b"), ("c", "d")]
    assert next_round(["x", "y"]) == [("x", "y")]


@pytest.mark.parametrize("size", SIZES)
def test_chalk_bracket_reaches_expected_rounds(size):
    rounds = play_out(size, higher_seed)
    assert len(rounds) == rounds_needed(size)
    assert rounds[-1] == [("seed1", "seed2")]
    # With the better seed always winning, every round is again best v worst among those left,
    # although the bracket is never reseeded.
    for r, matches in enumerate(rounds):
        alive = size >> r
        assert sorted(tuple(sorted(map(seed_number, m))) for m in matches) == [
            (s, alive + 1 - s) for s in range(1, alive // 2 + 1)
        ]


@settings(max_examples=200, deadline=None)
@given(size_exponent=st.integers(min_value=1, max_value=6), data=st.data())
def test_seeds_one_and_two_only_meet_in_the_final(size_exponent, data):
    size = 2**size_exponent
    rounds = play_out(size, lambda match: data.draw(st.sampled_from(match)))
    for matches in rounds[:-1]:
        assert ("seed1", "seed2") not in matches
    # Each player appears at most once per round and only winners advance.
    for earlier, later in zip(rounds, rounds[1:]):
        later_players = [p for m in later for p in m]
        assert len(set(later_players)) == len(later_players)
        assert all(any(p in m for m in earlier) for p in later_players)
