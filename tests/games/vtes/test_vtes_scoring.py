"""Tests for the V:TES scoring rules (GW, VP, TP, rankings, final)."""

from collections import Counter
from fractions import Fraction

import pytest
from budget import scaled
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.games.rounds import draw_key
from sitegen.games.vtes.examples import rules_examples
from sitegen.games.vtes.results import table_problems
from sitegen.games.vtes.rules import PLACE_TP, RankedPlayer, final_ranking, finalists, preliminary_ranking, preliminary_totals, score_vtes_table
from sitegen.language import translate

HALF = Fraction(1, 2)


def results(vp):
    """Score a table given as {player: VP} in seat order; return {player: (vp, gw, tp)}."""
    seats = score_vtes_table(list(vp), vp)
    return {seat.player: (seat.vp, seat.gw, seat.tp) for seat in seats}


# --- The two worked examples of the rules -------------------------------------


def test_rules_example_five_player_table():
    vp = {"A": 1.5, "B": 0, "C": 1.5, "D": 0, "E": 0.5}
    assert results(vp) == {
        "A": (Fraction(3, 2), 0, 54),
        "B": (0, 0, 18),
        "C": (Fraction(3, 2), 0, 54),
        "D": (0, 0, 18),
        "E": (HALF, 0, 36),
    }
    assert table_problems(list(vp), vp) == []


def test_rules_example_four_player_table():
    vp = {"A": 1.5, "B": 0, "C": 0.5, "D": 0.5}
    assert results(vp) == {
        "A": (Fraction(3, 2), 0, 60),  # first, but 1.5 VP is short of a GW
        "B": (0, 0, 12),
        "C": (HALF, 0, 36),
        "D": (HALF, 0, 36),
    }
    assert table_problems(list(vp), vp) == []


# --- Hand-computed tables ------------------------------------------------------


def test_seats_are_returned_in_seat_order_with_exact_types():
    seats = score_vtes_table(["P", "Q", "R", "S"], {"S": 4, "R": 0, "Q": 0, "P": 0})
    assert [(seat.player, seat.seat) for seat in seats] == [("P", 1), ("Q", 2), ("R", 3), ("S", 4)]
    assert all(isinstance(seat.vp, Fraction) and type(seat.tp) is int for seat in seats)


def test_sweep_gives_the_game_win_and_the_rest_share_the_lower_places():
    vp = {"A": 5, "B": 0, "C": 0, "D": 0, "E": 0}
    # (48 + 36 + 24 + 12) / 4 = 30
    assert results(vp) == {"A": (5, 1, 60), "B": (0, 0, 30), "C": (0, 0, 30),
                           "D": (0, 0, 30), "E": (0, 0, 30)}
    assert table_problems(list(vp), vp) == []


def test_three_way_tie_at_the_bottom_of_a_four_player_table():
    vp = {"A": 0, "B": 4, "C": 0, "D": 0}
    # (48 + 24 + 12) / 3 = 28
    assert results(vp) == {"A": (0, 0, 28), "B": (4, 1, 60), "C": (0, 0, 28), "D": (0, 0, 28)}
    assert table_problems(list(vp), vp) == []


def test_three_way_tie_at_the_top_of_a_four_player_table():
    # Not a reachable game (the Archon total passes, though); TP only.
    # (60 + 48 + 24) / 3 = 44
    assert results({"A": 1, "B": 1, "C": 1, "D": 0.5}) == {
        "A": (1, 0, 44), "B": (1, 0, 44), "C": (1, 0, 44), "D": (HALF, 0, 12)}


def test_three_way_tie_in_the_middle_of_a_five_player_table():
    # (48 + 36 + 24) / 3 = 36; A is alone on top with 2 VP: a GW.
    assert results({"A": 2, "B": 1, "C": 1, "D": 1, "E": 0}) == {
        "A": (2, 1, 60), "B": (1, 0, 36), "C": (1, 0, 36), "D": (1, 0, 36), "E": (0, 0, 12)}


def test_tie_on_two_vp_denies_the_game_win():
    vp = {"A": 2, "B": 1, "C": 2, "D": 0, "E": 0}
    assert results(vp) == {"A": (2, 0, 54), "B": (1, 0, 36), "C": (2, 0, 54),
                           "D": (0, 0, 18), "E": (0, 0, 18)}
    assert table_problems(list(vp), vp) == []


def test_alone_on_top_with_two_vp_is_a_game_win():
    # A ousted B, then E (now A's prey), then survived to time with C and D.
    vp = {"A": 2.5, "B": 0, "E": 0, "C": 0.5, "D": 0.5}
    assert results(vp)["A"] == (Fraction(5, 2), 1, 60)
    assert table_problems(list(vp), vp) == []


def test_time_out_with_everyone_alive():
    five = {"A": 0.5, "B": 0.5, "C": 0.5, "D": 0.5, "E": 0.5}
    four = {"A": 0.5, "B": 0.5, "C": 0.5, "D": 0.5}
    # (60+48+36+24+12) / 5 = 36 and (60+48+24+12) / 4 = 36: nobody gains.
    assert {seat.tp for seat in score_vtes_table(list(five), five)} == {36}
    assert {seat.tp for seat in score_vtes_table(list(four), four)} == {36}
    assert table_problems(list(five), five) == []
    assert table_problems(list(four), four) == []


def test_time_out_after_two_ousts():
    # B ousted E (its prey) first; A ousted B and survived; C and D survived.
    vp = {"A": 1.5, "B": 1, "E": 0, "C": 0.5, "D": 0.5}
    assert results(vp) == {"A": (Fraction(3, 2), 0, 60), "B": (1, 0, 48), "C": (HALF, 0, 30),
                           "D": (HALF, 0, 30), "E": (0, 0, 12)}
    assert table_problems(list(vp), vp) == []


def test_time_out_sheet_missing_a_half_point_is_scored_but_flagged():
    vp = {"A": 1, "B": 1, "C": 0.5, "D": 0.5, "E": 0}
    assert results(vp) == {"A": (1, 0, 54), "B": (1, 0, 54), "C": (HALF, 0, 30),
                           "D": (HALF, 0, 30), "E": (0, 0, 12)}
    problems = table_problems(list(vp), vp)
    assert len(problems) == 1
    assert "total 4" in problems[0] and "must total 5" in problems[0]
    assert table_problems(list(vp), vp, override=True) == []


def test_the_reason_lists_the_vp_the_languages_way():
    """French writes a half "0,5", so its list of VP takes "; " between figures, not a second comma."""
    vp = {"A": 1, "B": 1, "C": 0.5, "D": 0.5, "E": 0}
    assert "Les VP (1 ; 1 ; 0,5 ; 0,5 ; 0)" in translate(table_problems(list(vp), vp)[0], "fr")


def test_late_or_dropped_player_with_zero_vp_is_scored_at_the_table():
    vp = {"A": 3, "B": 0, "C": 0, "Late": 0}
    assert results(vp) == {"A": (3, 1, 60), "B": (0, 0, 28), "C": (0, 0, 28), "Late": (0, 0, 28)}
    assert table_problems(list(vp), vp) == [
        "The VP (3, 0, 0, 0) do not add up: with each half point rounded up they total 3, "
        "but a 4-player table must total 4. Check the scores, or mark the table as "
        "confirmed by a judge."
    ]


def test_vp_given_as_strings_or_fractions_are_accepted():
    assert results({"A": "1.5", "B": Fraction(0), "C": "1/2", "D": 0.5})["A"][2] == 60


# --- Table validation ----------------------------------------------------------


def test_malformed_figures_are_reported_even_with_override():
    vp = {"A": 1.25, "B": -1, "C": 6, "D": 0.5}
    assert table_problems(list(vp), vp, override=True) == [
        "A: 1.25 VP is not a multiple of 0.5.",
        "B: -1 VP is outside 0 to 4.",
        "C: 6 VP is outside 0 to 4.",
    ]


def test_seating_problems_are_reported():
    assert table_problems(["A", "B", "C"], {"A": 3, "B": 0, "C": 0}) == [
        "The table has 3 players; V:TES tables seat 4 or 5."]
    assert table_problems(["A", "B", "A", "C"], {"A": 2, "B": 0, "C": 0, "Z": 0}) == [
        "Seated more than once: A.",
        "VP recorded for players not at this table: Z.",
    ]
    assert table_problems(["A", "B", "C", "D"], {"A": 4, "B": 0}) == [
        "No VP recorded for: C, D."]


def test_scoring_refuses_tables_it_cannot_score():
    with pytest.raises(ValueError, match="4 or 5"):
        score_vtes_table(["A", "B", "C"], {"A": 3, "B": 0, "C": 0})
    with pytest.raises(ValueError, match="no VP recorded for D"):
        score_vtes_table(["A", "B", "C", "D"], {"A": 4, "B": 0, "C": 0})


# --- Preliminary totals and ranking ---------------------------------------------


def test_totals_add_up_over_rounds():
    round_1 = score_vtes_table(["A", "B", "C", "D"], {"A": 4, "B": 0, "C": 0, "D": 0})
    round_2 = score_vtes_table(["B", "A", "D", "C"], {"A": 1.5, "B": 0, "C": 0.5, "D": 0.5})
    assert preliminary_totals([round_1, round_2]) == {
        "A": (1, Fraction(11, 2), 120),
        "B": (0, 0, 40),
        "C": (0, HALF, 64),
        "D": (0, HALF, 64),
    }


def test_ranking_order_gw_then_vp_then_tp():
    totals = {
        "most_vp": (0, Fraction(7), 200),
        "one_gw": (1, Fraction(3), 100),
        "more_tp": (0, Fraction(5), 150),
        "less_tp": (0, Fraction(5), 140),
    }
    ranking = preliminary_ranking(totals, 1)
    assert ranking == [
        RankedPlayer("one_gw", 1, 1, Fraction(3), 100, False, 1),
        RankedPlayer("most_vp", 2, 0, Fraction(7), 200, False, 2),
        RankedPlayer("more_tp", 3, 0, Fraction(5), 150, False, 3),
        RankedPlayer("less_tp", 4, 0, Fraction(5), 140, False, 4),
    ]


def test_ranking_breaks_full_ties_by_the_seeded_draw():
    totals = {name: (1, Fraction(5), 150) for name in "WXYZ"} | {"top": (2, Fraction(1), 1)}
    first = preliminary_ranking(totals, 7)
    assert first[0] == RankedPlayer("top", 1, 2, Fraction(1), 1, False, 1)
    assert [line.rank for line in first] == [1, 2, 3, 4, 5]
    assert all(line.coin_toss for line in first[1:])
    assert preliminary_ranking(dict(reversed(totals.items())), 7) == first
    orders = {tuple(line.player for line in preliminary_ranking(totals, seed)) for seed in range(40)}
    assert len(orders) > 1


def test_the_draw_hashes_the_seed_the_tied_totals_and_the_player():
    totals = {name: (1, Fraction(5), 150) for name in "WXYZ"}
    expected = sorted("WXYZ", key=lambda player: draw_key(7, (1, "5", 150), player))
    assert [line.player for line in preliminary_ranking(totals, 7)] == expected
    # The same players level on other totals are drawn afresh: the order is not fixed in advance.
    orders = {tuple(line.player for line in preliminary_ranking({name: (gw, Fraction(vp), 100) for name in "WXYZ"}, 7))
              for gw in range(3) for vp in range(8)}
    assert len(orders) > 1


# --- Final -----------------------------------------------------------------------

PRELIM = ["p1", "p2", "p3", "p4", "p5", "p6", "p7"]


def test_finalists_are_the_top_five_or_everyone_in_a_small_event():
    assert finalists(PRELIM) == ["p1", "p2", "p3", "p4", "p5"]
    assert finalists(["a", "b", "c", "d"]) == ["a", "b", "c", "d"]
    assert finalists(PRELIM, size=4) == ["p1", "p2", "p3", "p4"]


def test_final_winner_has_most_final_vp_and_other_finalists_share_second():
    final_vp = {"p1": 0, "p2": 1, "p3": 0.5, "p4": 3, "p5": 0.5}
    assert final_ranking(PRELIM, final_vp) == [
        (1, "p4"), (2, "p1"), (2, "p2"), (2, "p3"), (2, "p5"), (6, "p6"), (7, "p7")]


def test_final_tie_goes_to_the_better_preliminary_rank_without_vp_threshold():
    final_vp = {"p1": 0, "p2": 0, "p3": 1.5, "p4": 1.5, "p5": 1}
    assert final_ranking(PRELIM, final_vp)[0] == (1, "p3")
    everyone_half = {"p1": 0.5, "p2": 0.5, "p3": 0.5, "p4": 0.5, "p5": 0.5}
    assert final_ranking(PRELIM, everyone_half)[0] == (1, "p1")


def test_final_with_fewer_players_and_event_without_final():
    assert final_ranking(["a", "b", "c", "d"], {"a": 0, "b": 2, "c": 1, "d": 0}) == [
        (1, "b"), (2, "a"), (2, "c"), (2, "d")]
    assert final_ranking(["a", "b", "c"], {}) == [(1, "a"), (2, "b"), (3, "c")]


def test_final_vp_must_belong_to_the_top_of_the_ranking():
    with pytest.raises(ValueError, match="top 5"):
        final_ranking(PRELIM, {"p1": 5, "p2": 0, "p3": 0, "p4": 0, "p6": 0})
    with pytest.raises(ValueError, match="at most 5"):
        final_ranking(PRELIM, {name: 0 for name in PRELIM[:6]})


def test_final_win_is_not_a_game_win_in_the_totals():
    prelim_table = score_vtes_table(["a", "b", "c", "d"], {"a": 0.5, "b": 0.5, "c": 0.5, "d": 0.5})
    assert preliminary_totals([prelim_table])["a"] == (0, HALF, 36)


# --- Rules page examples ----------------------------------------------------------


def test_rules_examples_agree_with_the_scoring_functions():
    examples = rules_examples()
    assert len(examples) == 8
    for example in examples:
        players = [seat.player for seat in example.seats]
        vp = {seat.player: seat.vp for seat in example.seats}
        assert example.seats == score_vtes_table(players, vp)
        assert example.problems == table_problems(players, vp)
    assert [seat.tp for seat in examples[0].seats] == [54, 18, 54, 18, 36]
    assert [seat.tp for seat in examples[1].seats] == [60, 12, 36, 36]
    assert [bool(example.problems) for example in examples] == [False] * 6 + [True, True]


# --- Properties ------------------------------------------------------------------


@st.composite
def tables(draw):
    """Any 4- or 5-player table with VP in halves from 0 to the table size."""
    size = draw(st.sampled_from([4, 5]))
    halves = draw(st.lists(st.integers(0, 2 * size), min_size=size, max_size=size))
    return {f"P{seat}": Fraction(h, 2) for seat, h in enumerate(halves, start=1)}


@st.composite
def played_games(draw):
    """The VP of a game played out step by step: ousts, withdrawals, time-out."""
    size = draw(st.sampled_from([4, 5]))
    vp = [Fraction(0)] * size
    alive = list(range(size))  # in seat order; each player's prey is the next one
    while len(alive) > 1:
        event = draw(st.sampled_from(["oust", "withdraw", "time"]))
        if event == "time":
            for seat in alive:
                vp[seat] += HALF
            break
        position = draw(st.integers(0, len(alive) - 1))
        if event == "oust":
            vp[alive[position]] += 1
            alive.pop((position + 1) % len(alive))
        else:
            vp[alive.pop(position)] += HALF
    else:
        vp[alive[0]] += 1  # last one standing
    return {f"P{seat}": score for seat, score in enumerate(vp, start=1)}


@settings(max_examples=scaled(300), deadline=None)
@given(tables())
def test_tp_always_adds_up_to_the_place_values(vp):
    seats = score_vtes_table(list(vp), vp)
    assert sum(seat.tp for seat in seats) == sum(PLACE_TP[len(vp)])


@settings(max_examples=scaled(300), deadline=None)
@given(tables())
def test_at_most_one_game_win_and_only_for_the_sole_leader(vp):
    seats = score_vtes_table(list(vp), vp)
    winners = [seat for seat in seats if seat.gw]
    assert len(winners) <= 1
    for winner in winners:
        assert winner.vp >= 2
        assert all(seat.vp < winner.vp for seat in seats if seat is not winner)


@settings(max_examples=scaled(300), deadline=None)
@given(tables())
def test_more_vp_never_gives_less_tp(vp):
    seats = score_vtes_table(list(vp), vp)
    for one in seats:
        for other in seats:
            if one.vp > other.vp:
                assert one.tp > other.tp
            if one.vp == other.vp:
                assert one.tp == other.tp


@settings(max_examples=scaled(300), deadline=None)
@given(played_games())
def test_every_played_out_game_passes_the_checks(vp):
    assert table_problems(list(vp), vp) == []


totals_strategy = st.dictionaries(
    st.text("abcdefgh", min_size=1, max_size=3),
    st.tuples(st.integers(0, 2), st.integers(0, 8).map(lambda h: Fraction(h, 2)),
              st.sampled_from([24, 36, 48, 60])),
    max_size=14,
)


@settings(max_examples=scaled(200), deadline=None)
@given(totals_strategy, st.integers(0, 2**32))
def test_ranking_is_deterministic_ordered_and_marks_exactly_the_ties(totals, seed):
    ranking = preliminary_ranking(totals, seed)
    shuffled = dict(sorted(totals.items(), reverse=True))
    assert preliminary_ranking(shuffled, seed) == ranking
    assert [line.rank for line in ranking] == list(range(1, len(totals) + 1))
    keys = [(line.gw, line.vp, line.tp) for line in ranking]
    assert keys == sorted(keys, reverse=True)
    first_rank = {}
    for line in ranking:
        first_rank.setdefault((line.gw, line.vp, line.tp), line.rank)
    counts = Counter(totals.values())
    for line in ranking:
        level = (line.gw, line.vp, line.tp)
        assert line.coin_toss == (counts[level] > 1 and first_rank[level] <= 5)
        assert line.place == (line.rank if line.rank <= 5 else max(first_rank[level], 6))


def test_ties_outside_the_top_five_share_a_place():
    totals = {f"p{i}": (0, Fraction(10 - i), 0) for i in range(1, 4)}  # p1-p3 on their own
    totals |= {name: (0, Fraction(1), 36) for name in "VWXY"}  # level from 4th to 7th
    totals |= {name: (0, Fraction(0), 12) for name in "ST"}  # level at 8th-9th
    ranking = preliminary_ranking(totals, 3)
    assert [line.rank for line in ranking] == list(range(1, 10))
    # The draw decides who of V-Y takes 4th and 5th; the two others share 6th.
    assert [line.place for line in ranking] == [1, 2, 3, 4, 5, 6, 6, 8, 8]
    assert [line.coin_toss for line in ranking] == [False] * 3 + [True] * 4 + [False] * 2


def test_players_who_dropped_do_not_take_a_drawn_place():
    totals = {"gone": (3, Fraction(9), 180)} | {f"p{i}": (2, Fraction(10 - i), 100) for i in range(1, 4)}
    totals |= {name: (0, Fraction(1), 36) for name in "XYZ"}  # 5th to 7th
    ranking = preliminary_ranking(totals, 3, dropped={"gone"})
    # Only four players still in the event rank above X-Z, so the draw still picks the fifth finalist.
    assert [line.place for line in ranking] == [1, 2, 3, 4, 5, 6, 7]


@settings(max_examples=scaled(200), deadline=None)
@given(st.integers(1, 12), st.lists(st.integers(0, 10), min_size=5, max_size=5))
def test_final_ranking_shape(entrants, halves):
    prelim = [f"p{i}" for i in range(1, entrants + 1)]
    top = finalists(prelim)
    final_vp = {player: Fraction(h, 2) for player, h in zip(top, halves)}
    ranking = final_ranking(prelim, final_vp)
    assert [player for _, player in ranking[len(top):]] == prelim[len(top):]
    assert sorted(player for _, player in ranking) == sorted(prelim)
    assert [rank for rank, _ in ranking] == [1] + [2] * (len(top) - 1) + list(
        range(len(top) + 1, entrants + 1))
    winner = ranking[0][1]
    assert final_vp[winner] == max(final_vp.values())
