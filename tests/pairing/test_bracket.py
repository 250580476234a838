import pytest
from budget import scaled
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.pairing.bracket import bracket_positions, matches

SIZES = [2, 4, 8, 16, 32, 64]


def seed_names(size: int) -> list[str]:
    return [f"seed{i}" for i in range(1, size + 1)]


def seed_number(name: str) -> int:
    return int(name.removeprefix("seed"))


def play_out(size: int, pick_winner) -> list[list[tuple[str, str]]]:
    """All rounds of a bracket, each match decided by pick_winner(match)."""
    seeds = seed_names(size)
    rounds = [matches(seeds)]
    while len(rounds[-1]) > 1:
        rounds.append(matches(seeds, {pick_winner(match) for match in rounds[-1]}))
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
    with pytest.raises(ValueError):
        bracket_positions(size)
    if size > 0:
        with pytest.raises(ValueError):
            matches(seed_names(size))


@pytest.mark.parametrize(("size", "rounds"), [(2, 1), (4, 2), (8, 3), (16, 4), (64, 6)])
def test_a_bracket_takes_as_many_rounds_as_halvings_to_one_champion(size, rounds):
    assert len(play_out(size, higher_seed)) == rounds


def test_first_round_top_eight():
    names = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
    assert matches(names) == [
        ("Ann", "Hal"),
        ("Dee", "Eve"),
        ("Ben", "Gus"),
        ("Cid", "Fay"),
    ]


@pytest.mark.parametrize("size", SIZES)
def test_first_round_pairs_best_with_worst(size):
    first = matches(seed_names(size))
    # Every match is seed s against seed size+1-s, the better seed listed first.
    assert sorted(tuple(map(seed_number, m)) for m in first) == [(s, size + 1 - s) for s in range(1, size // 2 + 1)]
    assert first[0] == ("seed1", f"seed{size}")


def test_next_round_follows_bracket_positions_not_the_order_winners_are_given_in():
    seeds = ["a", "b", "c", "d"]  # semifinals a v d, b v c
    assert matches(seeds, ["c", "d"]) == [("c", "d")]
    assert matches(seeds, ["d", "c"]) == [("c", "d")]
    eight = seed_names(8)  # quarterfinals 1v8, 4v5, 2v7, 3v6: the 1v8 winner meets the 4v5 winner
    assert matches(eight, {"seed8", "seed5", "seed7", "seed3"}) == [("seed5", "seed8"), ("seed3", "seed7")]


@pytest.mark.parametrize("size", SIZES)
def test_chalk_bracket_reaches_expected_rounds(size):
    rounds = play_out(size, higher_seed)
    assert rounds[-1] == [("seed1", "seed2")]
    # With the better seed always winning, every round is again best v worst among those left,
    # although the bracket is never reseeded.
    for r, games in enumerate(rounds):
        alive = size >> r
        assert sorted(tuple(sorted(map(seed_number, m))) for m in games) == [
            (s, alive + 1 - s) for s in range(1, alive // 2 + 1)
        ]


@settings(max_examples=scaled(200), deadline=None)
@given(size_exponent=st.integers(min_value=1, max_value=6), data=st.data())
def test_seeds_one_and_two_only_meet_in_the_final(size_exponent, data):
    size = 2**size_exponent
    rounds = play_out(size, lambda match: data.draw(st.sampled_from(match)))
    for games in rounds[:-1]:
        assert ("seed1", "seed2") not in games
    # Each player appears at most once per round and only winners advance.
    for earlier, later in zip(rounds, rounds[1:]):
        later_players = [p for m in later for p in m]
        assert len(set(later_players)) == len(later_players)
        assert all(any(p in m for m in earlier) for p in later_players)
