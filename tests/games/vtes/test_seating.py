"""Tests for the V:TES seating scorer and optimiser."""

import itertools
import math
import random
from collections import Counter

import pytest
from budget import scaled
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.games.vtes.seating import CRITERIA, plan_rounds, seat_next_round, staggered_plan, table_sizes, violations, violations_after_each
from sitegen.games.vtes.seating.criteria import position
from sitegen.games.vtes.seating.score import Tally, number_players, rotation_seat_moves, swap_seat_moves

SEATABLE = [n for n in range(4, 31) if n not in (6, 7, 11)]


# --- table sizes --------------------------------------------------------------


@pytest.mark.parametrize(
    "n, sizes",
    [
        (4, [4]),
        (5, [5]),
        (8, [4, 4]),
        (9, [5, 4]),
        (10, [5, 5]),
        (12, [4, 4, 4]),
        (13, [5, 4, 4]),
        (17, [5, 4, 4, 4]),
        (20, [5, 5, 5, 5]),
        (23, [5, 5, 5, 4, 4]),
    ],
)
def test_table_sizes_prefer_fives(n, sizes):
    assert table_sizes(n) == sizes


@pytest.mark.parametrize("n", [0, 1, 2, 3, 6, 7, 11])
def test_table_sizes_rejects_counts_that_need_staggering(n):
    with pytest.raises(ValueError):
        table_sizes(n)


# --- hand-computed violation vectors -------------------------------------------


def test_same_five_table_twice_hits_every_pair_and_seat_criterion():
    table = ["A", "B", "C", "D", "E"]
    vector = violations([[table], [list(table)]])
    # 5 prey links repeated; all 10 pairs meet in both rounds; each pair
    # repeats one relation and one group; E is fifth twice; all 5 repeat a
    # seat; transfers per game are 1, 2, 3, 4, 4 (mean 2.8, variance 1.36).
    assert vector[:7] == (5, 10, 0.0, 10, 1, 10, 5)
    assert vector[7] == pytest.approx(math.sqrt(1.36))
    assert vector[8] == 10


def test_reversed_four_table_repeats_no_predator_prey_link():
    # Round 2 reverses the direction of play: every prey becomes a predator.
    vector = violations([[["A", "B", "C", "D"]], [["B", "A", "D", "C"]]])
    # Both across pairs (A-C, B-D) repeat their relation; all 6 pairs meet
    # twice and repeat their group.  Transfers per game: 1.5, 1.5, 3.5, 3.5.
    assert vector == (0, 6, 0.0, 6, 0, 2, 0, 1.0, 6)


def test_one_round_of_nine_players():
    vector = violations([[["A", "B", "C", "D", "E"], ["F", "G", "H", "I"]]])
    # With one round every pair at a table meets "in every round": 10 + 6.
    # VPs: 5 for five players, 4 for four (variance 20/81).  Transfers
    # 1,2,3,4,4,1,2,3,4: mean 8/3, variance 4/3.
    assert vector[:2] == (0, 16)
    assert vector[2] == pytest.approx(math.sqrt(20) / 9)
    assert vector[3:7] == (0, 0, 0, 0)
    assert vector[7] == pytest.approx(math.sqrt(4 / 3))
    assert vector[8] == 0


def test_spread_uses_per_game_means_when_game_counts_differ():
    # F only plays round 2 (at the five), A drops after round 1.
    rounds = [
        [["A", "B", "C", "D"]],
        [["B", "C", "D", "E", "F"]],
    ]
    vector = violations(rounds)
    # Per-game VPs: A 4, B/C/D 4.5, E/F 5: mean 4.5833, variance 0.1597.
    per_game = [4, 4.5, 4.5, 4.5, 5, 5]
    mean = sum(per_game) / 6
    assert vector[2] == pytest.approx(math.sqrt(sum((v - mean) ** 2 for v in per_game) / 6))


def test_no_rounds_scores_zero():
    assert violations([]) == (0, 0, 0.0, 0, 0, 0, 0, 0.0, 0)


def test_rejects_bad_tables():
    with pytest.raises(ValueError):
        violations([[["A", "B", "C"]]])
    with pytest.raises(ValueError):
        violations([[["A", "B", "C", "D"], ["A", "E", "F", "G"]]])


# --- the scorer against a direct re-reading of the criteria -------------------

_RELATIONS = {5: ["prey", "grand-prey", "grand-predator", "predator"], 4: ["prey", "across", "predator"]}
_REVERSE = {"prey": "predator", "predator": "prey", "grand-prey": "grand-predator",
            "grand-predator": "grand-prey", "across": "across"}


def naive_violations(rounds):
    """Straightforward recount of the nine criteria, written independently."""
    relations = Counter()  # (p, q, relation of q seen from p), p < q
    met, games, vps, transfers, seat_uses = Counter(), Counter(), Counter(), Counter(), Counter()
    for round_ in rounds:
        for table in round_:
            size = len(table)
            for seat, player in enumerate(table):
                games[player] += 1
                vps[player] += size
                transfers[player] += [1, 2, 3, 4, 4][seat]
                seat_uses[player, seat] += 1
                for distance in range(1, size):
                    other = table[(seat + distance) % size]
                    if player < other:
                        relations[player, other, _RELATIONS[size][distance - 1]] += 1
                        met[player, other] += 1
    pairs = list(met)
    adjacent = lambda p, q: relations[p, q, "prey"] + relations[p, q, "predator"]

    def spread(totals):
        means = [totals[p] / games[p] for p in games]
        mean = sum(means) / len(means)
        return math.sqrt(sum((m - mean) ** 2 for m in means) / len(means))

    return (
        sum(relations[p, q, r] > 1 for p, q in pairs for r in ("prey", "predator")),
        sum(met[pair] >= len(rounds) for pair in pairs),
        spread(vps),
        sum(met[pair] > 1 for pair in pairs),
        sum(seat_uses[p, 4] > 1 for p in games),
        sum(relations[p, q, r] > 1 for p, q in pairs for r in _REVERSE),
        sum(uses > 1 for uses in seat_uses.values()),
        spread(transfers),
        sum(adjacent(p, q) > 1 for p, q in pairs) + sum(met[p, q] - adjacent(p, q) > 1 for p, q in pairs),
    )


@st.composite
def seatings(draw):
    """A few rounds over a pool of players; some miss some rounds."""
    pool = [f"p{i:02d}" for i in range(draw(st.integers(4, 16)))]
    rounds = []
    for _ in range(draw(st.integers(1, 4))):
        n = draw(st.sampled_from([m for m in SEATABLE if m <= len(pool)]))
        present = draw(st.permutations(pool))[:n]
        sizes, start, round_ = table_sizes(n), 0, []
        for size in sizes:
            round_.append(present[start : start + size])
            start += size
        rounds.append(round_)
    return rounds


@settings(max_examples=scaled(150), deadline=None)
@given(seatings())
def test_scorer_matches_a_direct_recount(rounds):
    assert violations(rounds) == pytest.approx(naive_violations(rounds))


@settings(max_examples=scaled(150), deadline=None)
@given(seatings())
def test_violations_after_each_round_are_those_of_each_first_rounds_alone(rounds):
    """The round pages' vectors come from one tally grown round by round: exactly those of rounds 1..k scored afresh,
    players missing rounds included."""
    assert violations_after_each(rounds) == [violations(rounds[:k]) for k in range(1, len(rounds) + 1)]


def test_a_tally_cannot_grow_past_its_room():
    tally = Tally(4, [], room=1)
    tally.add_round([[0, 1, 2, 3]])
    with pytest.raises(ValueError, match="room for 1 rounds"):
        tally.add_round([[0, 1, 2, 3]])


_SEAT_CRITERIA = [position(code) for code in ("R3", "R5", "R7", "R8")]


@settings(max_examples=scaled(150), deadline=None)
@given(seatings(), st.data())
def test_a_moves_seats_alone_give_its_seat_criteria(rounds, data):
    """What the settling run reads before a move's pairs (R3, R5, R7, R8 from the seat counters) is exactly what the
    move does to those criteria, for a swap anywhere in a round and for a table's rotation."""
    _, numbered = number_players(rounds)
    tally = Tally(max(p for round_ in numbered for table in round_ for p in table) + 1, numbered)
    round_ = data.draw(st.sampled_from(numbered))
    spots = [(t, s) for t, table in enumerate(round_) for s in range(len(table))]
    (t1, s1), (t2, s2) = data.draw(st.sampled_from(spots)), data.draw(st.sampled_from(spots))
    shift = data.draw(st.integers(1, len(round_[t1]) - 1))
    moves = ((lambda: swap_seat_moves(round_, t1, s1, t2, s2), lambda: tally.swap_change(round_, t1, s1, t2, s2)),
             (lambda: rotation_seat_moves(round_[t1], shift), lambda: tally.rotation_change(round_, t1, shift)))
    for seated, staged in moves:  # the rotation after the swap is made
        seats = seated()
        read = list(tally.seat_change(seats))
        before, change = tally.full_vector(), staged()
        assert read == [change[i] for i in _SEAT_CRITERIA]
        assert list(tally.repeated_seats_change(seats)) == read[1:3]
        tally.commit()
        assert read == [after - was for i, (after, was) in enumerate(zip(tally.full_vector(), before)) if i in _SEAT_CRITERIA]


# --- optimiser properties ----------------------------------------------------


def assert_legal_round(round_, players):
    seated = [p for table in round_ for p in table]
    assert sorted(seated) == sorted(players)
    assert [len(t) for t in round_] == table_sizes(len(players))


@settings(max_examples=25, deadline=None)
@given(n=st.sampled_from(SEATABLE), rounds=st.integers(1, 3), seed=st.integers(0, 10**6))
def test_plan_rounds_seats_everyone_once_per_round(n, rounds, seed):
    players = [f"p{i}" for i in range(n)]
    plan = plan_rounds(players, rounds, random.Random(seed), iterations=300)
    assert len(plan) == rounds
    for round_ in plan:
        assert_legal_round(round_, players)


@settings(max_examples=15, deadline=None)
@given(n=st.sampled_from(SEATABLE), dropped=st.integers(0, 3), joined=st.integers(0, 3), seed=st.integers(0, 10**6))
def test_seat_next_round_handles_drops_and_late_arrivals(n, dropped, joined, seed):
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(n)]
    history = plan_rounds(players, 2, rng, iterations=200)
    active = players[dropped:] + [f"late{i}" for i in range(joined)]
    if len(active) in (6, 7, 11) or len(active) < 4:
        return
    round_ = seat_next_round(active, history, rng, iterations=300)
    assert_legal_round(round_, active)


@settings(max_examples=12, deadline=None)
@given(n=st.sampled_from([8, 9, 10, 12, 13]), seed=st.integers(0, 10**6))
def test_no_repeated_predator_prey_in_two_rounds(n, seed):
    # A repeat-free second round always exists (reverse every table of the
    # first), so the optimiser must find one.
    players = [f"p{i}" for i in range(n)]
    assert violations(plan_rounds(players, 2, random.Random(seed), iterations=1500))[0] == 0
    history = plan_rounds(players, 1, random.Random(seed))
    round_ = seat_next_round(players, history, random.Random(seed + 1), iterations=1500)
    assert violations(history + [round_])[0] == 0


def exhaustive_best(players, rounds):
    """Best vector over every seating of rounds 2.. (round 1 fixed: players are interchangeable)."""
    first = [list(players)]
    orders = list(itertools.permutations(players))
    return min(
        violations([first] + [[list(order)] for order in later])
        for later in itertools.product(orders, repeat=rounds - 1)
    )


@pytest.mark.parametrize("n, rounds", [(4, 3), (5, 2)])
def test_plan_rounds_finds_the_exhaustive_optimum(n, rounds):
    players = [f"p{i}" for i in range(n)]
    best = exhaustive_best(players, rounds)
    assert violations(plan_rounds(players, rounds, random.Random(7))) == best


@pytest.mark.parametrize("n, least", [(12, 9), (20, 12), (27, 0)])
def test_plans_reach_the_fewest_pairs_that_must_meet_twice(n, least):
    # 12 players, three tables of 4: in round 2 each table holds 4 players from round 1's 3 tables, so one pair
    # met before (3 pairs); in round 3 one pair from round 1 and another from round 2 (6 pairs), 9 in all.
    # 20 players, four tables of 5: one pair per table against each earlier round, 4 + 8 = 12.
    players = [f"p{i}" for i in range(n)]
    assert violations(plan_rounds(players, 3, random.Random(1)))[position("R4")] == least


def test_twelve_players_reach_the_least_vector_on_every_seed():
    # Three tables of 4 over 3 rounds: R4's least is 9 (above); with no seat taken twice each player misses one seat
    # and each seat is missed by 3 players, so the mean transfers are 3, 8/3, 7/3 and 2, three players each: R8 is
    # sqrt(5/36). Nothing is left to spare on R9: every pair meeting twice is next to each other once, across once.
    # The search alone ended with R9 at 1-4 on most seeds (seed 0: 2), as krcg's optimiser does on most runs.
    players = [f"p{i:02d}" for i in range(12)]
    least = (0, 0, 0.0, 9, 0, 0, 0, math.sqrt(5 / 36), 0)
    plans = [plan_rounds(players, 3, random.Random(seed)) for seed in range(32)]
    for plan in plans:
        assert naive_violations(plan) == pytest.approx(least)
    assert len({str(plan) for plan in plans}) == 32  # the seed still decides who sits where


@pytest.mark.parametrize("n, seed, least_vps, most_repeats", [(13, 2, math.sqrt(22) / 39, 16), (14, 1, math.sqrt(6) / 21, 18),
                                                             (14, 4, math.sqrt(6) / 21, 18)])
def test_small_uneven_fields_reach_the_least_vp_spread(n, seed, least_vps, most_repeats):
    # 13 players (tables of 5, 4, 4): 24 seats at a 4 over three rounds, so at best 11 players sit at one twice and 2
    # once (mean VPs on offer 13/3 and 14/3 per game): R3 = sqrt(22)/39. 14 players (5, 5, 4): 12 players once at a 4,
    # 2 never: sqrt(6)/21. These seeds ended at 0.18 and 0.17, having traded R3 for a pair or two fewer meeting twice.
    players = [f"p{i:02d}" for i in range(n)]
    found = naive_violations(plan_rounds(players, 3, random.Random(seed)))
    assert found[:3] == pytest.approx((0, 0, least_vps))
    assert found[position("R4")] <= most_repeats


@pytest.mark.parametrize("n, seed, found", [
    (14, 0, (0, 0, math.sqrt(6) / 21, 18, 0, 0, 0, 0.2777, 5)),
    (18, 5, (0, 0, 0.1571, 12, 0, 0, 0, 0.2722, 0)),
    (20, 15, (0, 0, 0, 12, 0, 0, 0, 0.2667, 0)),
])
def test_settled_plans_weigh_r8_and_r9_as_krcgs_better_runs(n, seed, found):
    # Worked examples: plans that ended with R8 a step or two higher, and weighed (100 x R8 + R9, as krcg weighs them)
    # more than the median of eight krcg runs of 20,000 iterations (14 players: 39.99 against 35.9; 18: 32.43 against
    # 31.93; 20: 31.55 against 28.67), before the settling run judged a move's seats first and ran longer. Now 32.77,
    # 27.22 and 26.67: the last two the least those krcg runs reach.
    players = [f"p{i:02d}" for i in range(n)]
    assert violations(plan_rounds(players, 3, random.Random(seed))) == pytest.approx(found, abs=5e-5)


def test_four_players_three_rounds_must_repeat_a_predator_prey_link():
    # The complete directed graph on 4 vertices has no decomposition into
    # 3 directed Hamiltonian cycles (Tillson), so a repeat is forced.
    assert exhaustive_best(["a", "b", "c", "d"], 3)[0] > 0


def test_first_round_alone_is_any_shuffle():
    players = [f"p{i}" for i in range(13)]
    round_ = seat_next_round(players, [], random.Random(3))
    assert_legal_round(round_, players)


@pytest.mark.parametrize("seed", [0, 1])
def test_same_seed_same_seating(seed):
    players = [f"p{i}" for i in range(23)]
    assert plan_rounds(players, 3, random.Random(seed), iterations=2000) == plan_rounds(
        players, 3, random.Random(seed), iterations=2000
    )
    history = plan_rounds(players, 2, random.Random(seed), iterations=500)
    assert seat_next_round(players, history, random.Random(seed), iterations=2000) == seat_next_round(
        players, history, random.Random(seed), iterations=2000
    )
    assert staggered_plan(players[:7], 3, random.Random(seed)) == staggered_plan(players[:7], 3, random.Random(seed))


def test_rejects_duplicate_players():
    with pytest.raises(ValueError):
        plan_rounds(["a", "b", "c", "d", "a"], 2, random.Random(0))


# --- staggered schedules -------------------------------------------------------


@pytest.mark.parametrize(
    "n, rounds, games",
    [(6, 4, 3), (7, 3, 2), (7, 5, 3), (11, 4, 3), (11, 3, 2), (6, 3, 2)],
)
def test_staggered_plan_gives_everyone_the_same_games(n, rounds, games):
    players = [f"p{i}" for i in range(n)]
    plan = staggered_plan(players, rounds, random.Random(n))
    assert len(plan) == rounds
    played = Counter(p for round_ in plan for table in round_ for p in table)
    assert sorted(played) == sorted(players)
    assert set(played.values()) == {games}
    for round_ in plan:
        seated = [p for table in round_ for p in table]
        assert len(seated) == len(set(seated))
        assert [len(t) for t in round_] == table_sizes(len(seated))


def test_staggered_plan_with_explicit_games():
    players = [f"p{i}" for i in range(6)]
    plan = staggered_plan(players, 5, random.Random(0), games=4)
    played = Counter(p for round_ in plan for table in round_ for p in table)
    assert set(played.values()) == {4}


def test_staggered_plan_rejects_impossible_schedules():
    players = [f"p{i}" for i in range(7)]
    # 7 players in 4 rounds: 3 games need 21 seats (max 20), 2 need 14 (min 16).
    with pytest.raises(ValueError):
        staggered_plan(players, 4, random.Random(0))
    with pytest.raises(ValueError):
        staggered_plan(players, 3, random.Random(0), games=3)


def test_criteria_table_orders_the_vector():
    """One table names the criteria: R1 to R9, most important first, one vector entry each."""
    assert [c.code for c in CRITERIA] == [f"R{i}" for i in range(1, 10)]
    vector = violations([[["a", "b", "c", "d"]], [["a", "b", "c", "d"]]])
    assert len(vector) == len(CRITERIA)
    assert [isinstance(v, float) for v in vector] == [c.spread for c in CRITERIA]
