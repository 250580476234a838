"""The shared single-elimination bracket (games/tournament/elimination.py), on worked examples with exact places."""
from __future__ import annotations

from sitegen.games.base import RoundView, SeatRow, StandingRow, TableView
from sitegen.games.tournament.elimination import final_ranking
from sitegen.model import Round, Where

SWISS = ["ann", "ben", "cat", "dov", "eve", "fay"]  # the Swiss standings, best first


def rows() -> list[StandingRow]:
    return [StandingRow(rank, pid, {}) for rank, pid in enumerate(SWISS, start=1)]


def bracket_round(number: int, games: list[tuple[str, str]], winners: set[str]) -> RoundView:
    """A complete bracket round: each game's winner marked."""
    round_ = Round("elim", number, (), Where(f"elim-{number}.yaml", 1))
    tables = [TableView(n, [SeatRow(pid, seat, {}, pid in winners) for seat, pid in enumerate(game, start=1)], pending=False)
              for n, game in enumerate(games, start=1)]
    return RoundView(round_, f"Round {number}", tables, complete=True)


def test_a_top_4_ranks_the_champion_the_finalist_the_semifinal_losers_by_the_swiss_then_the_rest():
    """Top 4 of 6: ann v dov and ben v cat; dov and cat win, then cat wins the final. cat 1st, dov 2nd; the semifinal
    losers ann and ben 3rd and 4th in Swiss order (ann above ben); eve and fay, out of the cut, 5th and 6th."""
    semis = bracket_round(1, [("ann", "dov"), ("ben", "cat")], {"dov", "cat"})
    final = bracket_round(2, [("cat", "dov")], {"cat"})
    assert final_ranking(rows(), [semis, final], 4, swiss_finished=True) == [
        (1, "cat"), (2, "dov"), (3, "ann"), (4, "ben"), (5, "eve"), (6, "fay")]


def test_no_final_ranking_before_the_final_nor_before_the_swiss_is_over():
    semis = bracket_round(1, [("ann", "dov"), ("ben", "cat")], {"dov", "cat"})
    assert final_ranking(rows(), [semis], 4, swiss_finished=True) is None
    assert final_ranking(rows(), [], 0, swiss_finished=False) is None


def test_without_a_cut_the_final_ranking_is_the_swiss_order():
    assert final_ranking(rows(), [], 0, swiss_finished=True) == list(enumerate(SWISS, start=1))
