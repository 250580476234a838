"""Scoring rules of V:TES tournaments (V:EKN tournament rules, section 3).

Pure functions only: a table result goes in, Game Wins (GW), Victory Points
(VP) and Tournament Points (TP) come out; totals go in, rankings come out.
Whether a result can come out of a real game at all is ``vtes_results``.

Number types, chosen so that nothing is ever rounded:

* VP are ``Fraction`` values.  Scores move in half points (surviving to time
  or withdrawing is worth 0.5), and a ``Fraction`` keeps sums of halves exact
  where floats would be exact too but invite ``0.1``-style inputs to slip by.
  Inputs may be ``int``, ``float``, ``str`` or ``Fraction``; they are converted.
* TP are ``int``.  Tied players share the average of the place values they
  cover.  The place values step by 12 (with one gap at a 4-player table), and
  every possible average at a 4- or 5-player table is a whole number:
  5 seats: any run of consecutive values averages to its midpoint, a multiple
  of 6; 4 seats (60, 48, 24, 12): 54, 36, 18, 44, 28 and 36.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby
from typing import NamedTuple

from sitegen.games.rounds import draw_key, whole_numbers
from sitegen.text import Num

VpInput = int | float | str | Fraction

#: TP for 1st..last place at a table, by table size.  At a 4-player table
#: the empty seat takes 3rd place, so its 36 TP are never handed out.
PLACE_TP: dict[int, tuple[int, ...]] = {
    5: (60, 48, 36, 24, 12),
    4: (60, 48, 24, 12),
}

#: The smallest table: fewer players cannot play a round or a final.
SMALLEST_TABLE = min(PLACE_TP)
#: The largest table; a round seats as many of these as it can (the seating reads both sizes from here).
LARGEST_TABLE = max(PLACE_TP)

#: A player needs at least this many VP (and no tie on top) for a Game Win.
GW_MIN_VP = Fraction(2)

#: Number of players who reach the final table.
FINAL_SIZE = 5

#: Preliminary rounds when event.yaml gives no `rounds:`.
DEFAULT_ROUNDS = 3

#: The rules' limits on players in any round for the two small-event options: a multi-deck
#: event stays below three tables, an event without a final below two.
MULTIDECK_LIMIT = 12
NO_FINAL_LIMIT = 8

#: The rules break a tie on GW, VP and TP at random only for the top five
#: places; players level further down share a place.
DRAWN_PLACES = 5

#: A V:EKN membership number, as the V:EKN report and players.yaml take it: seven digits.
VEKN_NUMBER = re.compile(r"[0-9]{7}")


@dataclass(frozen=True)
class VtesSeat:
    """One player's result at one table."""

    player: str
    seat: int  # 1-based, in seating order
    vp: Fraction
    gw: int  # 0 or 1
    tp: int


class RankedPlayer(NamedTuple):
    """One line of the preliminary standings (a tuple: made for every player after every round, and quicker to make
    than a frozen dataclass)."""

    player: str
    rank: int  # 1-based, unique: ties are ordered by the seeded draw
    gw: int
    vp: Fraction
    tp: int
    coin_toss: bool  # True when the draw, not the scores, decided this player's place
    place: int  # the rank, except that players level outside the drawn places share one


def as_vp(value: VpInput) -> Fraction:
    """Convert a VP figure to an exact ``Fraction`` (``0.5`` -> ``1/2``)."""
    return value if type(value) is Fraction else _fraction_of(value)


# The figures met are few (whole and half points up to a table's size), and the checks, the board and the pairing
# convert each table's again and again: each is made once (a Fraction is immutable, so one may be shared).
@functools.lru_cache(maxsize=256)
def _fraction_of(value: VpInput) -> Fraction:
    return Fraction(value)


def vp_text(vp: Fraction) -> str:
    """Show a VP figure the way score sheets do: ``2``, ``1.5``, ``0.5``."""
    if vp.denominator == 1:
        return str(vp.numerator)
    return Num(float(vp), 1)  # a half, written the locale's way on the pages ("1,5")


def score_vtes_table(players: Sequence[str], vp: Mapping[str, VpInput]) -> list[VtesSeat]:
    """Give each player at a table their GW and TP, in seat order.

    The VP are taken as given (a judge may have confirmed an unusual result);
    check them with ``vtes_results.table_problems`` first.  Only the table size and the
    presence of every player's VP are required here, because TP values are
    defined for 4 and 5 seats only.
    """
    if len(players) not in PLACE_TP:
        raise ValueError(f"a V:TES table seats 4 or 5 players, not {len(players)}")
    missing = [player for player in players if player not in vp]
    if missing:
        raise ValueError(f"no VP recorded for {', '.join(missing)}")
    scores = {player: as_vp(vp[player]) for player in players}
    tp = _table_tp(scores, PLACE_TP[len(players)])
    winner = _game_winner(scores)
    return [
        VtesSeat(player, seat, scores[player], int(player == winner), tp[player])
        for seat, player in enumerate(players, start=1)
    ]


def _table_tp(scores: Mapping[str, Fraction], place_tp: Sequence[int]) -> dict[str, int]:
    """Hand out place values by VP, averaging them over each group of tied players."""
    by_level: dict[Fraction, list[str]] = {}  # each VP figure's players, in seat order
    for player, score in scores.items():
        by_level.setdefault(score, []).append(player)
    tp: dict[str, int] = {}
    next_place = 0
    for level in sorted(by_level, reverse=True):
        tied = by_level[level]
        covered = place_tp[next_place : next_place + len(tied)]
        share, left = divmod(sum(covered), len(tied))
        # Always whole for 4 or 5 seats (see the module docstring).
        assert not left, (covered, tied)
        tp.update((player, share) for player in tied)
        next_place += len(tied)
    return tp


def _game_winner(scores: Mapping[str, Fraction]) -> str | None:
    """The player with the Game Win: alone on top, with at least 2 VP."""
    best = max(scores.values())
    leaders = [player for player, score in scores.items() if score == best]
    if len(leaders) == 1 and best >= GW_MIN_VP:
        return leaders[0]
    return None


def preliminary_totals(
    tables: Iterable[Sequence[VtesSeat]], before: Mapping[str, tuple[int, Fraction, int]] | None = None
) -> dict[str, tuple[int, Fraction, int]]:
    """Add up (GW, VP, TP) per player over the preliminary tables, onto the totals `before` them if given (a board
    ranking after every round adds each round's tables once, not once per later round).

    Pass preliminary rounds only: a win at the final table is not a GW.
    """
    totals = dict(before or {})
    for table in tables:
        for seat in table:
            if seat.player in totals:
                gw, vp, tp = totals[seat.player]
                totals[seat.player] = (gw + seat.gw, vp + seat.vp, tp + seat.tp)
            else:
                totals[seat.player] = (seat.gw, seat.vp, seat.tp)
    return totals


def preliminary_ranking(
    totals: Mapping[str, tuple[int, VpInput, int]], seed: int, dropped: Collection[str] = ()
) -> list[RankedPlayer]:
    """Rank by GW, then VP, then TP; players level on all three are drawn at random.

    The draw (``draw_key``) hashes the event seed, the tied totals and the
    player's id: the same results always give the same order, whatever order
    the players are listed in, and nobody can know it before the games are
    played.  Every player gets a distinct ``rank`` in that order.

    The rules use the draw only for the top ``DRAWN_PLACES`` places, so
    ``place`` follows the draw only until that many players still in the
    event (not in ``dropped``, who cannot play the final) are placed; the rest
    of a tied group, and any tied group wholly below, share the first place
    left.  A group straddling 5th and 6th thus gets 4th, 5th, 6th, 6th: the
    draw picks who takes the last drawn places, the others stay level.
    ``coin_toss`` flags the players whose place the draw decided.
    """
    scores = {player: (gw, as_vp(vp), tp) for player, (gw, vp, tp) in totals.items()}
    levels = _scaled_levels(scores)
    level_with = Counter(levels.values())
    hashed: dict[tuple[int, int, int], tuple[int, str, int]] = {}  # each tied level's totals as the draw hashes them

    def order(player: str) -> tuple[tuple[int, int, int], bytes]:
        # The draw decides only among players level on all three, so it is worked out for those alone: same order.
        gw, vp, tp = level = levels[player]
        if level_with[level] == 1:
            return (-gw, -vp, -tp), b""
        if level not in hashed:
            hashed[level] = _drawn_totals(scores[player])
        return (-gw, -vp, -tp), draw_key(seed, hashed[level], player)

    ranking: list[RankedPlayer] = []
    placed_in_event = 0  # players still in the event ranked so far
    for _, grouped in groupby(sorted(levels, key=order), key=levels.__getitem__):
        group = list(grouped)
        first_rank = len(ranking) + 1
        drawn = len(group) > 1 and placed_in_event < DRAWN_PLACES
        shared_place = None
        for rank, player in enumerate(group, start=first_rank):
            if placed_in_event >= DRAWN_PLACES:
                shared_place = shared_place or rank
            ranking.append(RankedPlayer(player, rank, *scores[player], coin_toss=drawn, place=shared_place or rank))
            placed_in_event += player not in dropped
    return ranking


def _scaled_levels(scores: Mapping[str, tuple[int, Fraction, int]]) -> dict[str, tuple[int, int, int]]:
    """Each player's (GW, VP, TP) with the VP as a whole number over the common denominator: equal and ordered exactly
    as the Fractions are, and quicker to hash and compare."""
    vps = whole_numbers([vp for _, vp, _ in scores.values()])
    return {player: (gw, vp, tp) for (player, (gw, _, tp)), vp in zip(scores.items(), vps)}


def _drawn_totals(score: tuple[int, Fraction, int]) -> tuple[int, str, int]:
    """The tied totals the draw hashes, the VP as score sheets write them."""
    gw, vp, tp = score
    return gw, vp_text(vp), tp


def finalists(prelim_order: Sequence[str], size: int = FINAL_SIZE) -> list[str]:
    """The players who reach the final: the top ``size`` (all of them if fewer)."""
    return list(prelim_order[:size])


def drawn_first_player(seed: int, seating: Sequence[str]) -> str:
    """Who plays first at the final, drawn at random once the finalists have chosen their seats.

    The draw hashes the event seed, the seating and each finalist's id: it is
    reproducible, yet nobody can know it before the seating exists.
    """
    return min(seating, key=lambda player: draw_key(seed, ("plays first", tuple(seating)), player))


def final_ranking(
    prelim_order: Sequence[str], final_vp: Mapping[str, VpInput]
) -> list[tuple[int, str]]:
    """Final standings as (rank, player), best first.

    ``final_vp`` holds the final table's VP, one entry per finalist; the
    finalists must be the top of ``prelim_order``.  The winner has the most
    VP in the final (no 2-VP threshold: the rules ask only for the highest
    total), a tie going to the better preliminary rank.  All other finalists
    share 2nd place.  Everyone else keeps their preliminary order, ranked
    after the finalists.  With no final (``final_vp`` empty) this is simply
    the preliminary order.
    """
    if len(final_vp) > FINAL_SIZE:
        raise ValueError(f"a final seats at most {FINAL_SIZE} players, not {len(final_vp)}")
    qualified = finalists(prelim_order, len(final_vp))
    if sorted(qualified) != sorted(final_vp):
        raise ValueError(
            "the final VP must cover exactly the top "
            f"{len(final_vp)} of the preliminary ranking ({', '.join(qualified)})"
        )
    prelim_ranks = list(enumerate(prelim_order, start=1))
    if not qualified:
        return prelim_ranks
    # max() returns the first of equals, i.e. the best preliminary rank.
    winner = max(qualified, key=lambda player: as_vp(final_vp[player]))
    runners_up = [(2, player) for player in qualified if player != winner]
    return [(1, winner), *runners_up, *prelim_ranks[len(qualified) :]]
