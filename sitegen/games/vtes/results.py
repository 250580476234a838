"""Whether a V:TES table result can come out of a real game (V:EKN tournament rules, section 3).

A score sheet is checked before it is scored (``vtes_rules``): a sound seating, a VP figure
for every player in half points, and some game at this seating, played oust by oust, that
ends with exactly these VP. Every problem is described in plain English for the organiser.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache

from sitegen.games.rounds import truncated
from sitegen.games.vtes.rules import PLACE_TP, VpInput, as_vp, vp_text
from sitegen.text import N_, Nn_, in_list


def table_problems(
    players: Sequence[str], vp: Mapping[str, VpInput], *, override: bool = False
) -> list[str]:
    """Describe, in plain English, what is wrong with a table result ([] if nothing).

    Checks: 4 or 5 distinct players, one VP figure for each (and none for
    anyone else), every figure a multiple of 0.5 between 0 and the table size,
    and that some real game at this seating ends with exactly these VP (see
    ``game_can_end_with``).  ``override`` means a judge confirmed an unusual
    result (e.g. VP from card effects): only that last check is waived;
    malformed figures are still reported.
    """
    problems = _seating_problems(players, vp)
    if problems:
        return problems
    scores = {player: as_vp(vp[player]) for player in players}
    for player in players:
        problems.extend(_vp_figure_problems(player, scores[player], len(players)))
    if not problems and not override and not game_can_end_with([scores[player] for player in players]):
        problems.append(_unreachable_reason(scores))
    return problems


def _seating_problems(players: Sequence[str], vp: Mapping[str, VpInput]) -> list[str]:
    problems: list[str] = []
    if len(players) not in PLACE_TP:
        problems.append(N_("The table has {count} players; V:TES tables seat 4 or 5.", count=len(players)))
    repeated = sorted(name for name, count in Counter(players).items() if count > 1)
    if repeated:
        problems.append(N_("Seated more than once: {names}.", names=', '.join(repeated)))
    missing = [player for player in players if player not in vp]
    if missing:
        problems.append(N_("No VP recorded for: {names}.", names=', '.join(missing)))
    strangers = sorted(set(vp) - set(players))
    if strangers:
        problems.append(N_("VP recorded for players not at this table: {names}.", names=', '.join(strangers)))
    return problems


def _vp_figure_problems(player: str, score: Fraction, table_size: int) -> list[str]:
    problems = []  # the Fraction's own whole numbers compared, not Fractions made and compared (for every seat)
    if score.denominator not in (1, 2):
        problems.append(f"{player}: {float(score):g} VP is not a multiple of 0.5.")
    if not 0 <= score.numerator <= table_size * score.denominator:
        problems.append(f"{player}: {float(score):g} VP is outside 0 to {table_size}.")
    return problems


def game_can_end_with(final_vp: Sequence[VpInput]) -> bool:
    """Whether some game at a table seated in this order ends with exactly these VP.

    ``final_vp`` lists each seat's VP in seat order.  Each player's prey is the
    next player still in the game (the last seat's prey is seat 1), so when a
    player leaves, their predator inherits their prey.  The search tries every
    sequence of the game's real steps:

    * an oust: the ousted player's current predator gains 1 VP;
    * a withdrawal: the player gains 0.5 VP and leaves; nobody gains the oust
      point.  This is allowed down to two players: the tournament rules set
      no lower limit, and the player left then ends as last standing;
    * time: every player still in gains 0.5 VP and the game ends;
    * when one player is left, the game ends and that player gains 1 VP.

    A player who leaves keeps their VP, so each one must already hold their
    final figure when they go; together with never exceeding it, that keeps
    the memoised search small for 4 or 5 seats.
    """
    return _reachable(tuple(_half_points(as_vp(vp)) for vp in final_vp))


def _half_points(vp: Fraction) -> int:
    """A VP figure in half points, as int(vp * 2) is (toward zero), without making a Fraction."""
    return truncated(2 * vp.numerator, vp.denominator)


@lru_cache(maxsize=4096)
def _reachable(target: tuple[int, ...]) -> bool:
    """`game_can_end_with` in half points, searched once per process for each result (a few dozen are common)."""
    if sum((points + 1) // 2 for points in target) != len(target):
        return False  # the rounded-up total (see _unreachable_reason): a quick, common rejection

    @cache
    def can_finish(still_in: tuple[int, ...], scored: tuple[int, ...]) -> bool:
        # scored[i]: half points so far of seat still_in[i], never above its target
        if len(still_in) == 1:
            return scored[0] + 2 == target[still_in[0]]
        if all(points + 1 == target[seat] for seat, points in zip(still_in, scored)):
            return True  # time
        for i, seat in enumerate(still_in):
            others, rest = still_in[:i] + still_in[i + 1 :], scored[:i] + scored[i + 1 :]
            if scored[i] + 1 == target[seat] and can_finish(others, rest):
                return True  # withdrawal
            predator = (i - 1) % len(still_in)
            if scored[i] == target[seat] and scored[predator] + 2 <= target[still_in[predator]]:
                gained = list(scored)
                gained[predator] += 2
                del gained[i]
                if can_finish(others, tuple(gained)):
                    return True  # oust
        return False

    return can_finish(tuple(range(len(target))), (0,) * len(target))


def _unreachable_reason(scores: Mapping[str, Fraction]) -> str:
    """Why no game ends with ``scores`` (which ``game_can_end_with`` rejected), as plainly as we can say it: a message,
    as the rules page shows it in the reader's language."""
    size = len(scores)
    listed = in_list([vp_text(score) for score in scores.values()])
    # Every player ends in exactly one way that adds one to this total: ousted (whole VP, the
    # oust point sits with the predator), withdrawn or in at time (a half point rounds up),
    # or last standing (the extra full point).
    rounded_total = sum(math.ceil(score) for score in scores.values())
    if rounded_total != size:
        return N_("The VP ({listed}) do not add up: with each half point rounded up they total {total}, but a {size}-player "
                  "table must total {size}. Check the scores, or mark the table as confirmed by a judge.",
                  listed=listed, total=rounded_total, size=size)
    for player, score in scores.items():
        ousts = math.floor(score)
        if score != ousts and ousts > size - 2:
            return N_("{player} has {vp} VP: a half point comes from withdrawing or from time, both while someone else is still "
                      "playing, so it goes with at most {most} ousts, not {ousts}. Check the scores and the seat order in "
                      "'players', or mark the table as confirmed by a judge.",
                      player=player, vp=vp_text(score), most=size - 2, ousts=ousts)
    whole = [player for player, score in scores.items() if score.denominator == 1]
    if len(whole) >= 2 and all(scores[player] > 0 for player in whole):
        return Nn_("{count} player ends on whole VP, so at least {ousted} of them were ousted (only the last player standing "
                   "ends on whole VP without being ousted), and the first player ousted cannot have scored yet: one of them "
                   "must have 0 VP. Check the scores and the seat order in 'players', or mark the table as confirmed by a judge.",
                   "{count} players end on whole VP, so at least {ousted} of them were ousted (only the last player standing "
                   "ends on whole VP without being ousted), and the first player ousted cannot have scored yet: one of them "
                   "must have 0 VP. Check the scores and the seat order in 'players', or mark the table as confirmed by a judge.",
                   len(whole), ousted=len(whole) - 1)
    return N_("No game at this seating ends with these VP ({listed}). An oust scores 1 for the ousted player's predator (the "
              "nearest player still in, counting back from the ousted seat), a withdrawal 0.5 for the player who leaves and "
              "nothing for anyone else, time 0.5 for everyone still in, and the last player standing scores 1 more. Check the "
              "scores and the seat order in 'players', or mark the table as confirmed by a judge.", listed=listed)

