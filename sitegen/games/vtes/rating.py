"""V:EKN rating points: what one event is worth to a player in the ranking body's rating (pure functions).

Per player per event: points for attending, for each VP and each GW (the final's VP included, winning the
final counting as one GW), and a bonus for reaching the final that grows with the number of players who
played at least one round. This is the ranking body's engine's computation (the archon engine's
`compute_rating_points`): the base is a whole number (VP move in halves, 4 x 0.5 = 2), the bonus is
rounded half away from zero (Rust's `f64::round`), not Python's round-half-to-even.
Championship ranks (national, continental) add to the coefficient there; sitegen events have no rank.
"""
from __future__ import annotations

import math
from fractions import Fraction

from sitegen.games.rounds import truncated
from sitegen.text import N_, Num

#: Points for attending, per VP and per GW.
ATTENDING = 5
PER_VP = 4
PER_GW = 8

#: The finalist bonus before the coefficient: the winner's, and every other finalist's.
WINNER_BONUS = 90
FINALIST_BONUS = 30

#: coef = log_{COEF_BASE}(N²) − 1, N the players who played at least one round.
COEF_BASE = 15

#: The rating counts each player's best this many events of the last RATING_MONTHS months.
RATING_BEST = 8
RATING_MONTHS = 18


def coefficient(players: int) -> float:
    """log₁₅(N²) − 1: 0 at N = √15 (about 4 players), 1 at 15 players, 2 at about 58."""
    return math.log(players * players) / math.log(COEF_BASE) - 1 if players > 0 else 0.0


def round_half_away(value: float) -> int:
    """Round as the ranking body's engine does: halves away from zero (Python's round() goes to even)."""
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def finalist_bonus(place: int | None, players: int) -> int:
    """The bonus for place 1 (the winner) or any other place at the final; None: not a finalist."""
    if place is None:
        return 0
    return round_half_away((WINNER_BONUS if place == 1 else FINALIST_BONUS) * coefficient(players))


def rating_points(vp: Fraction, gw: int, final_place: int | None, players: int) -> int:
    """One player's rating points for one event: `vp` and `gw` with the final's included."""
    # int() of the exact sum, worked in whole numbers over the VP's denominator (quicker than Fraction arithmetic).
    over = vp.denominator
    base = (ATTENDING + PER_GW * gw) * over + PER_VP * vp.numerator
    return truncated(base, over) + finalist_bonus(final_place, players)


def formula_text() -> str:
    """The formula in words, for column help texts and the rules page."""
    return N_("{attending} for attending, {per_vp} per VP and {per_gw} per GW (the final's VP included, winning the final "
              "counts as a GW), plus {winner} × coef for the winner or {finalist} × coef for each other finalist, rounded, "
              "where coef = log{base}(N²) − 1 and N is the number of players who played at least one round",
              attending=ATTENDING, per_vp=PER_VP, per_gw=PER_GW, winner=WINNER_BONUS, finalist=FINALIST_BONUS, base=COEF_BASE)


def rules_context(example_players: int = 20) -> dict[str, object]:
    """What the rules page says, with a worked example."""
    return {"formula": formula_text(), "best": RATING_BEST, "months": RATING_MONTHS, "example_players": example_players,
            "example_coef": Num(coefficient(example_players), 3), "example_winner": finalist_bonus(1, example_players),
            "example_finalist": finalist_bonus(2, example_players)}
