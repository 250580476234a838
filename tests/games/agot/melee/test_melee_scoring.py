"""Melee table scoring: the worked examples of the rule documents, hand cases, invariants."""

from __future__ import annotations

import pytest
from budget import scaled
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.games.agot.melee.rules import SeatResult, late_join_points, score_melee_table


def summary(results: list[SeatResult]) -> list[tuple[str, int, int]]:
    return [(r.player, r.place, r.points) for r in results]


def points_of(results: list[SeatResult]) -> dict[str, int]:
    return {r.player: r.points for r in results}


# --- worked examples from the rule documents -------------------------------------------


def test_v2_scoring_example_winner_and_tie_for_second():
    # Kat reaches 15; Tom and Brandon tie on 13 (places 2-3, divide by 3); Sara 5 / 4.
    results = score_melee_table(
        ["Tom", "Sara", "Kat", "Brandon"], {"Tom": 13, "Sara": 5, "Kat": 15, "Brandon": 13}, winner="Kat"
    )
    assert summary(results) == [("Kat", 1, 15), ("Tom", 2, 4), ("Brandon", 2, 4), ("Sara", 4, 1)]
    assert [r.table_win for r in results] == [True, False, False, False]
    assert [r.tied for r in results] == [False, True, True, False]


def test_v2_tied_first_place_example():
    # 15 for first + 12 // 2 = 6 for second = 21, split in two, rounded down.
    results = score_melee_table(
        ["Jeff", "Jacquelyn", "Jeremy", "Jesse"], {"Jeff": 6, "Jacquelyn": 12, "Jeremy": 12, "Jesse": 11}
    )
    assert summary(results) == [("Jacquelyn", 1, 10), ("Jeremy", 1, 10), ("Jesse", 3, 3), ("Jeff", 4, 1)]
    assert not any(r.table_win for r in results)


def test_organizer_notes_scoring_example():
    # Jamie wins; Ed and Sara tie on 12 for second/third (12 // 3 = 4); Greg 2 // 4 = 0.
    results = score_melee_table(
        ["Ed", "Jamie", "Greg", "Sara"], {"Ed": 12, "Jamie": 15, "Greg": 2, "Sara": 12}, winner="Jamie"
    )
    assert summary(results) == [("Jamie", 1, 15), ("Ed", 2, 4), ("Sara", 2, 4), ("Greg", 4, 0)]


def test_organizer_notes_tied_winner_example():
    # 15 + 10 // 2 = 20, split in two; Dan 9 // 3 = 3; Gabe 5 // 4 = 1.
    results = score_melee_table(["Dan", "Sam", "Julia", "Gabe"], {"Dan": 9, "Sam": 10, "Julia": 10, "Gabe": 5})
    assert summary(results) == [("Sam", 1, 10), ("Julia", 1, 10), ("Dan", 3, 3), ("Gabe", 4, 1)]


def test_organizer_notes_late_joiner_example():
    # Missed round 1, then second with 10 power in round 2: 6 + 10 // 2 = 11.
    results = score_melee_table(["X", "Late", "Y", "Z"], {"X": 15, "Late": 10, "Y": 4, "Z": 1}, winner="X")
    assert late_join_points(1) + points_of(results)["Late"] == 11


# --- hand-computed cases ----------------------------------------------------------------


def test_clear_leader_at_time_wins_the_table():
    results = score_melee_table(["A", "B", "C", "D"], {"A": 9, "B": 14, "C": 3, "D": 8})
    assert summary(results) == [("B", 1, 15), ("A", 2, 4), ("D", 3, 2), ("C", 4, 0)]
    assert [r.table_win for r in results] == [True, False, False, False]


def test_three_way_tie_for_first_on_four_player_table():
    # 15 + 12 // 2 + 12 // 3 = 25; 25 // 3 = 8 each. D keeps fourth: 3 // 4 = 0.
    results = score_melee_table(["A", "B", "C", "D"], {"A": 12, "B": 12, "C": 12, "D": 3})
    assert summary(results) == [("A", 1, 8), ("B", 1, 8), ("C", 1, 8), ("D", 4, 0)]
    assert not any(r.table_win for r in results)


def test_four_way_tie_for_first():
    # 15 + 8 // 2 + 8 // 3 + 8 // 4 = 15 + 4 + 2 + 2 = 23; 23 // 4 = 5 each.
    results = score_melee_table(["A", "B", "C", "D"], {"A": 8, "B": 8, "C": 8, "D": 8})
    assert summary(results) == [("A", 1, 5), ("B", 1, 5), ("C", 1, 5), ("D", 1, 5)]


def test_three_way_tie_for_first_on_three_player_table():
    # 15 + 9 // 2 + 9 // 3 = 15 + 4 + 3 = 22; 22 // 3 = 7 each.
    results = score_melee_table(["A", "B", "C"], {"A": 9, "B": 9, "C": 9})
    assert points_of(results) == {"A": 7, "B": 7, "C": 7}


def test_tie_below_first_on_three_player_table_at_time():
    # B and C cover places 2 and 3, so they divide by 3.
    results = score_melee_table(["A", "B", "C"], {"A": 14, "B": 9, "C": 9})
    assert summary(results) == [("A", 1, 15), ("B", 2, 3), ("C", 2, 3)]


def test_tie_below_first_on_three_player_table_with_winner():
    results = score_melee_table(["A", "B", "C"], {"A": 15, "B": 7, "C": 7}, winner="A")
    assert summary(results) == [("A", 1, 15), ("B", 2, 2), ("C", 2, 2)]


def test_eliminated_players_score_zero_below_survivors_first_out_last():
    # C had the most power but left the game; D left first and is last.
    results = score_melee_table(["A", "B", "C", "D"], {"A": 10, "B": 6, "C": 12, "D": 3}, eliminated=["D", "C"])
    assert summary(results) == [("A", 1, 15), ("B", 2, 3), ("C", 3, 0), ("D", 4, 0)]
    assert [r.eliminated for r in results] == [False, False, True, True]


def test_one_eliminated_and_the_survivors_tie_for_first():
    # 15 + 7 // 2 = 18, split in two.
    results = score_melee_table(["A", "B", "C"], {"A": 7, "B": 7, "C": 11}, eliminated=["C"])
    assert summary(results) == [("A", 1, 9), ("B", 1, 9), ("C", 3, 0)]


def test_last_player_standing_wins_with_or_without_naming_them():
    power = {"A": 4, "B": 9, "C": 2}
    named = score_melee_table(["A", "B", "C"], power, winner="A", eliminated=["B", "C"])
    assert summary(named) == [("A", 1, 15), ("C", 2, 0), ("B", 3, 0)]
    assert named == score_melee_table(["A", "B", "C"], power, eliminated=["B", "C"])


def test_power_above_fifteen_is_capped():
    # Kat and Tom reached victory together and the first player picked Kat: 15 // 2 = 7.
    results = score_melee_table(["Kat", "Tom", "Sara", "Ann"], {"Kat": 15, "Tom": 17, "Sara": 5, "Ann": 2}, winner="Kat")
    assert summary(results) == [("Kat", 1, 15), ("Tom", 2, 7), ("Sara", 3, 1), ("Ann", 4, 0)]


def test_places_follow_closeness_to_each_victory_total():
    # A needs 20: with 17 power A is 3 away, so B (14 of 15, 1 away) wins at time.
    results = score_melee_table(["A", "B", "C"], {"A": 17, "B": 14, "C": 10}, victory={"A": 20})
    assert summary(results) == [("B", 1, 15), ("A", 2, 7), ("C", 3, 3)]


def test_winner_may_be_named_for_a_clear_leader_at_time():
    power = {"A": 9, "B": 14, "C": 3}
    assert score_melee_table(["A", "B", "C"], power, winner="B") == score_melee_table(["A", "B", "C"], power)


def test_single_player_at_victory_total_without_winner_wins():
    power = {"A": 9, "B": 15, "C": 3}
    assert score_melee_table(["A", "B", "C"], power) == score_melee_table(["A", "B", "C"], power, winner="B")


def test_late_join_points():
    assert [late_join_points(n) for n in range(4)] == [0, 6, 12, 18]


# --- impossible input -----------------------------------------------------------------

ABC = ["A", "B", "C"]
POWER = {"A": 3, "B": 4, "C": 5}


@pytest.mark.parametrize(
    ("players", "power", "kwargs", "message"),
    [
        (["A", "B"], {"A": 1, "B": 2}, {}, "3 or 4 players, but this one lists 2"),
        (list("ABCDE"), dict.fromkeys("ABCDE", 1), {}, "lists 5"),
        (["A", "B", "A"], {"A": 1, "B": 2}, {}, "'A' is listed twice at the table"),
        (ABC, {"A": 1, "B": 2}, {}, "no power is given for 'C'"),
        (ABC, {**POWER, "Z": 1}, {}, "power is given for 'Z', who is not at this table"),
        (ABC, {**POWER, "B": -1}, {}, "'B' has power -1"),
        (ABC, {**POWER, "B": 2.5}, {}, "'B' has power 2.5"),
        (ABC, {**POWER, "B": True}, {}, "'B' has power True"),
        (ABC, POWER, {"winner": "Z"}, "the winner 'Z' is not at this table"),
        (ABC, {**POWER, "A": 15}, {"winner": "A", "eliminated": ["A"]}, "also listed as eliminated"),
        (ABC, POWER, {"eliminated": ["Z"]}, "'Z' is listed as eliminated but is not at this table"),
        (ABC, POWER, {"eliminated": ["A", "A"]}, "'A' is listed twice as eliminated"),
        (ABC, POWER, {"eliminated": ["A", "B", "C"]}, "every player is listed as eliminated"),
        (ABC, {"A": 15, "B": 16, "C": 0}, {}, "'A', 'B' all reached their victory total"),
        (ABC, POWER, {"winner": "A"}, "but 'B', 'C' is as close or closer"),
        (ABC, POWER, {"victory": {"Z": 16}}, "victory total is given for 'Z'"),
        (ABC, POWER, {"victory": {"A": 0}}, "'A' has victory total 0"),
    ],
)
def test_impossible_input_is_rejected(players, power, kwargs, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        score_melee_table(players, power, **kwargs)


@pytest.mark.parametrize("missed", [-1, 1.5, True])
def test_late_join_points_rejects_nonsense(missed):
    with pytest.raises(ValueError, match="missed rounds"):
        late_join_points(missed)


# --- invariants -----------------------------------------------------------------------


@st.composite
def tables(draw) -> dict:
    """A valid table with the usual victory total of 15 for everyone."""
    players = [f"p{i}" for i in range(draw(st.sampled_from([3, 4])))]
    eliminated = draw(st.permutations(players))[: draw(st.integers(0, len(players) - 1))]
    remaining = [p for p in players if p not in eliminated]
    winner = draw(st.none() | st.sampled_from(remaining))
    power = {p: draw(st.integers(0, 20) if p in eliminated else st.integers(0, 14)) for p in players}
    if winner is not None and len(remaining) > 1:
        power[winner] = draw(st.integers(15, 20))
        # Others may have reached victory in the same moment.
        power |= {p: draw(st.integers(0, 20)) for p in remaining if p != winner}
    return {"players": players, "power": power, "winner": winner, "eliminated": eliminated}


def survivors(results: list[SeatResult], table: dict) -> list[SeatResult]:
    return [r for r in results if not r.eliminated and r.player != table["winner"]]


@settings(max_examples=scaled(300), deadline=None)
@given(tables())
def test_points_stay_between_zero_and_fifteen(table):
    results = score_melee_table(**table)
    assert sorted(r.player for r in results) == sorted(table["players"])
    assert all(0 <= r.points <= 15 for r in results)
    assert all(r.points == 0 for r in results if r.eliminated)


@settings(max_examples=scaled(300), deadline=None)
@given(tables())
def test_equal_power_scores_equal_points(table):
    results = survivors(score_melee_table(**table), table)
    for a in results:
        for b in results:
            if a.power == b.power:
                assert a.points == b.points


@settings(max_examples=scaled(300), deadline=None)
@given(tables())
def test_more_power_never_scores_fewer_points(table):
    results = survivors(score_melee_table(**table), table)
    for a in results:
        for b in results:
            if a.power > b.power:
                assert a.points >= b.points


@settings(max_examples=scaled(200), deadline=None)
@given(tables(), st.randoms(use_true_random=False))
def test_result_does_not_depend_on_mapping_order(table, rng):
    shuffled = list(table["power"].items())
    rng.shuffle(shuffled)
    assert score_melee_table(**table) == score_melee_table(**{**table, "power": dict(shuffled)})


@settings(max_examples=scaled(200), deadline=None)
@given(tables())
def test_at_most_one_table_win_and_places_are_ordered(table):
    results = score_melee_table(**table)
    assert sum(r.table_win for r in results) <= 1
    if table["winner"] is not None:
        assert results[0].player == table["winner"] and results[0].table_win
    assert [r.place for r in results] == sorted(r.place for r in results)
