"""The AGoT 2nd ed. Melee rules as numbers and pure functions: table points, late joiners, the cuts.

Sources: Tournament Rules v2.0 (melee scoring, going to time, elimination) and
the melee organizer notes (how a game ends, eliminated players, the 15-power
cap, late joiners).
Decisions where the texts are silent:

* Places follow closeness to each player's own victory total (victory total
  minus power, smallest first), as the organizer notes say. With the usual
  total of 15 for everyone this is simply "most power first".
* Players are tied when they are equally close. Tied players share the best
  place number they cover (``place``, with ``tied=True``, so a site can show
  "T2"); their points use the worst place they cover, as the rules require.
* Players tied for first at time split the points of all the places they
  cover and nobody gets ``table_win``: the rules call no one the winner then.
* If the tied-first players have different power (only possible with
  different victory totals), the points for places 2, 3, ... are taken from
  their powers sorted from highest to lowest, as if the tie went by power.
* The AGoT cut table's top 8 is no Melee cut; it reads as a top 4 (``CUT_INSTEAD``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import groupby
from typing import NamedTuple

from sitegen.games.agot.length import default_cut, starting_players
from sitegen.games.agot.rules import DEFAULT_VICTORY_TOTAL
from sitegen.model import Event
from sitegen.text import N_, Msg, in_list

# Players at a Melee table: four, or three where the field does not divide by four. The seating, the checks,
# the scoring and the rules page read the rule from here.
TABLE_SIZES = (3, 4)
SMALL_TABLE, FULL_TABLE = TABLE_SIZES

WIN_POINTS = 15
POWER_CAP = 15
ROUND_MINUTES = 90  # a game round's time limit, unless the event sets `minutes:`
LATE_JOIN_POINTS_PER_MISSED_ROUND = 6

FINAL_TABLE = FULL_TABLE  # players at an elimination table
# Each cut Melee allows, with the tables of its elimination rounds: a top 4 is one final table, a top 16
# four tables whose winners meet at the final table.
ELIMINATION_TABLES: dict[int, tuple[int, ...]] = {0: (), 4: (1,), 16: (4, 1)}
CUTS = tuple(ELIMINATION_TABLES)
CUT_INSTEAD = {8: 4}  # a cut of the AGoT cut table that Melee does not have -> the Melee cut used instead
# Who makes the cut, best first: the elimination rules leave Head-to-Head out (tournament.swiss.cut_order sorts so).
CUT_ORDER = ("points", "SoS", "ESoS")


class SeatResult(NamedTuple):
    """One player's result at a melee table (a tuple: made for every seat scored, and quicker to make than a frozen
    dataclass)."""

    player: str
    power: int
    place: int  # 1-based; tied players share the best place they cover
    points: int
    table_win: bool
    eliminated: bool
    tied: bool = False  # shares its place with at least one other player


@dataclass(frozen=True)
class MeleeGame:
    """One table's game, checked against the rules by `melee_game`: scoring it cannot fail."""

    players: tuple[str, ...]  # seat order
    power: Mapping[str, int]
    winner: str | None  # named when the game ended before time
    eliminated: tuple[str, ...]  # first to leave first
    victory: Mapping[str, int]  # every player's victory total

    @cached_property
    def results(self) -> tuple[SeatResult, ...]:
        """Every player's result, in place order (ties in seat order)."""
        return tuple(score_game(self))


def late_join_points(missed_rounds: int) -> int:
    """Points credited to a player who joined after missing ``missed_rounds`` rounds."""
    if isinstance(missed_rounds, bool) or not isinstance(missed_rounds, int):
        raise ValueError(f"missed rounds must be a whole number, got {missed_rounds!r}")
    if missed_rounds < 0:
        raise ValueError(f"missed rounds cannot be negative, got {missed_rounds}")
    return LATE_JOIN_POINTS_PER_MISSED_ROUND * missed_rounds


def default_melee_cut(players: int) -> int:
    """The cut for a field of ``players`` when the event sets none."""
    cut = default_cut(players)
    return CUT_INSTEAD.get(cut, cut)


def planned_melee_cut(event: Event) -> int:
    """The event's `cut:`, or the rules' cut for the field it started with."""
    return default_melee_cut(starting_players(event)) if event.cut is None else event.cut


def place_points(power: int, place: int) -> int:
    """Points for a non-winning player: capped power divided by place, rounded down."""
    return min(power, POWER_CAP) // place


def score_melee_table(
    players: Sequence[str],
    power: Mapping[str, int],
    *,
    winner: str | None = None,
    eliminated: Sequence[str] = (),
    victory: Mapping[str, int] | None = None,
) -> list[SeatResult]:
    """Check and score one melee table; see `melee_game` and `score_game`."""
    return score_game(melee_game(players, power, winner=winner, eliminated=eliminated, victory=victory))


def melee_game(
    players: Sequence[str],
    power: Mapping[str, int],
    *,
    winner: str | None = None,
    eliminated: Sequence[str] = (),
    victory: Mapping[str, int] | None = None,
) -> MeleeGame:
    """The game a table's result describes; ValueError names the first thing the rules rule out.

    ``winner`` is given when the game ended before time (victory condition, or
    everybody else eliminated or conceded). Without it the game went to time
    and the closest player wins, or the closest players split first place.
    ``eliminated`` lists players in the order they left the game.
    """
    totals = _victory_totals(players, victory)
    _check_table(players, power, winner, eliminated, totals)
    return MeleeGame(tuple(players), dict(power), winner, tuple(eliminated), totals)


def score_game(game: MeleeGame) -> list[SeatResult]:
    """Score one checked table; results come in place order, ties in seat order."""
    power = game.power
    gone = set(game.eliminated)
    remaining = [player for player in game.players if player not in gone]
    groups = _place_groups(remaining, power, game.victory, game.winner)

    results: list[SeatResult] = []
    place = 1
    for group in groups:
        if place == 1 and game.winner is None and len(group) > 1:
            results += _split_first_place(group, power)
        elif place == 1:
            results.append(SeatResult(group[0], power[group[0]], 1, WIN_POINTS, True, False))
        else:
            worst_place = place + len(group) - 1
            results += [
                SeatResult(p, power[p], place, place_points(power[p], worst_place), False, False, len(group) > 1)
                for p in group
            ]
        place += len(group)
    # The last player to leave sits just below the survivors; the first to leave is last.
    for offset, player in enumerate(reversed(game.eliminated)):
        results.append(SeatResult(player, power[player], place + offset, 0, False, True))
    return results


def _victory_totals(players: Sequence[str], victory: Mapping[str, int] | None) -> dict[str, int]:
    overrides = dict(victory or {})
    for player in sorted(overrides):
        if player not in players:
            raise ValueError(N_("a victory total is given for '{player}', who is not at this table", player=player))
        total = overrides[player]
        if isinstance(total, bool) or not isinstance(total, int) or total < 1:
            raise ValueError(N_("'{player}' has victory total {total}; it must be a whole number of at least 1", player=player, total=repr(total)))
    return {player: overrides.get(player, DEFAULT_VICTORY_TOTAL) for player in players}


def _check_table(
    players: Sequence[str],
    power: Mapping[str, int],
    winner: str | None,
    eliminated: Sequence[str],
    totals: Mapping[str, int],
) -> None:
    if len(players) not in TABLE_SIZES:
        raise ValueError(N_("a melee table seats {small} or {full} players, but this one lists {count}", small=SMALL_TABLE, full=FULL_TABLE,
                            count=len(players)))
    _check_unique(players, _LISTED_TWICE)
    for player in players:
        if player not in power:
            raise ValueError(N_("no power is given for '{player}'", player=player))
        amount = power[player]
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise ValueError(N_("'{player}' has power {amount}; power must be a whole number, 0 or more", player=player, amount=repr(amount)))
    for player in sorted(power):
        if player not in players:
            raise ValueError(N_("power is given for '{player}', who is not at this table", player=player))
    _check_unique(eliminated, _ELIMINATED_TWICE)
    for player in eliminated:
        if player not in players:
            raise ValueError(N_("'{player}' is listed as eliminated but is not at this table", player=player))
    remaining = [player for player in players if player not in eliminated]
    if not remaining:
        raise ValueError(N_("every player is listed as eliminated; the last one standing is the winner, not eliminated"))
    if winner is None:
        _check_time_result(remaining, power, totals)
    else:
        _check_winner(winner, remaining, power, totals)


# A player named twice; made once, not for every table checked.
_LISTED_TWICE = N_("'{player}' is listed twice at the table")
_ELIMINATED_TWICE = N_("'{player}' is listed twice as eliminated")


def _check_unique(players: Sequence[str], twice: Msg) -> None:
    """`twice`: the message naming a player listed twice, with its `{player}` left to fill."""
    seen: set[str] = set()
    for player in players:
        if player in seen:
            raise ValueError(Msg(twice.msgid, {"player": player}))
        seen.add(player)


def _check_time_result(remaining: Sequence[str], power: Mapping[str, int], totals: Mapping[str, int]) -> None:
    reached = [player for player in remaining if power[player] >= totals[player]]
    if len(reached) > 1:
        # Reaching the total ends the game at once; the first player picks among
        # simultaneous winners, so the result must say who won.
        raise ValueError(N_("{players} all reached their victory total; say which one won", players=in_list([f"'{p}'" for p in reached])))


def _check_winner(winner: str, remaining: Sequence[str], power: Mapping[str, int], totals: Mapping[str, int]) -> None:
    if winner not in totals:
        raise ValueError(N_("the winner '{winner}' is not at this table", winner=winner))
    if winner not in remaining:
        raise ValueError(N_("the winner '{winner}' is also listed as eliminated", winner=winner))
    if power[winner] >= totals[winner]:
        return
    # Without reaching the total, a winner is only believable as the last one
    # standing or as the clear leader at time (which scores the same).
    gap = totals[winner] - power[winner]
    rivals = [p for p in remaining if p != winner and totals[p] - power[p] <= gap]
    if rivals:
        raise ValueError(N_("'{winner}' is named winner without reaching their victory total, but {rivals} is as close or closer "
                            "and still in the game", winner=winner, rivals=in_list([f"'{p}'" for p in rivals])))


def _place_groups(
    remaining: Sequence[str], power: Mapping[str, int], totals: Mapping[str, int], winner: str | None
) -> list[list[str]]:
    """Remaining players in place order, equally close players grouped together."""
    seat = {player: index for index, player in enumerate(remaining)}
    others = sorted((p for p in remaining if p != winner), key=lambda p: (totals[p] - power[p], seat[p]))
    groups = [list(group) for _, group in groupby(others, key=lambda p: totals[p] - power[p])]
    return [[winner], *groups] if winner is not None else groups


def _split_first_place(tied: Sequence[str], power: Mapping[str, int]) -> list[SeatResult]:
    """Players tied for first at time share the points of every place they cover."""
    powers = sorted((power[player] for player in tied), reverse=True)
    total = WIN_POINTS + sum(place_points(amount, place) for place, amount in enumerate(powers[1:], start=2))
    share = total // len(tied)
    return [SeatResult(player, power[player], 1, share, False, False, True) for player in tied]
