"""The Joust results table and how a game called at time is read."""
from sitegen.games.agot.joust.rules import (
    BYE,
    DRAW,
    LOSS,
    MODIFIED_LOSS,
    MODIFIED_WIN,
    WIN,
    outcome,
    points_summary,
    reached_victory,
    record_summary,
    victory_totals,
)


def test_points_and_record_in_words():
    assert points_summary() == "win 5, modified win 4, draw 2, modified loss 1, loss 0, bye 5"
    assert record_summary() == "Wins, modified wins, draws, modified losses and losses"
    assert (WIN.points, MODIFIED_WIN.points, DRAW.points, MODIFIED_LOSS.points, LOSS.points, BYE.points) == (5, 4, 2, 1, 0, 5)


def test_outcome_with_a_winner_or_pending():
    assert outcome(("ann", "ben"), "ben", None, victory_totals(("ann", "ben"), {})) == {"ann": LOSS, "ben": WIN}
    assert outcome(("ann", "ben"), None, None, victory_totals(("ann", "ben"), {})) is None


def test_outcome_at_time_reads_the_distance_to_each_victory_total():
    default = victory_totals(("ann", "ben"), {})
    assert outcome(("ann", "ben"), None, {"ann": 9, "ben": 7}, default) == {"ann": MODIFIED_WIN, "ben": MODIFIED_LOSS}
    assert outcome(("ann", "ben"), None, {"ann": 8, "ben": 8}, default) == {"ann": DRAW, "ben": DRAW}
    raised = victory_totals(("ann", "ben"), {"ann": 20})  # 11 short against 8 short
    assert outcome(("ann", "ben"), None, {"ann": 9, "ben": 7}, raised) == {"ann": MODIFIED_LOSS, "ben": MODIFIED_WIN}


def test_a_time_result_never_has_a_player_at_the_victory_total():
    assert reached_victory(("ann", "ben"), {"ann": 15, "ben": 3}, victory_totals(("ann", "ben"), {})) == ["ann"]
    assert reached_victory(("ann", "ben"), {"ann": 15, "ben": 3}, victory_totals(("ann", "ben"), {"ann": 16})) == []
