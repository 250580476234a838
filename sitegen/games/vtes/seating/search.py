"""The V:TES seating search: simulated annealing over seat swaps and table rotations.

Seatings compare by their violation vectors (`CRITERIA` order, lexicographically); the vector
is updated incrementally by `Tally` from the few counters a move touches. The search is
seeded by the caller's Random, so the same seed always gives the same seating.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

from sitegen.games.vtes.seating.criteria import CRITERIA, RELATION_BY_DISTANCE, TRANSFERS_BY_SEAT, Round, position
from sitegen.games.vtes.seating.score import Numbered, Tally, number_players

_SAME_TABLE_ALWAYS = position("R2")
_SPREADS = [i for i, criterion in enumerate(CRITERIA) if criterion.spread]
_VP_SPREAD, _TRANSFER_SPREAD = position("R3"), position("R8")


def optimise(
    rounds: list[Round],
    variable: list[int],
    rng: random.Random,
    iterations: int | None,
    start_temperature: float = 0.5,
    chains: int = 1,
) -> list[Round]:
    """Search seatings of the rounds listed in ``variable`` (the others stay as
    they are) with ``chains`` independent runs of ``iterations`` moves each;
    return the whole seating found best."""
    players, numbered = number_players(rounds)
    if not variable:
        return rounds
    if iterations is None:
        # Budgets and temperatures measured with bench/bench_seating.py.
        seats = max(sum(map(len, round_)) for round_ in numbered)
        iterations = len(variable) * (4000 + 100 * seats) if chains == 1 else 2000 + 100 * seats
    best_score, best = None, numbered
    for _ in range(chains):
        start = [[list(table) for table in round_] for round_ in numbered]
        tally = Tally(len(players), start)
        found = _search(tally, start, variable, rng, iterations, start_temperature)
        score = Tally(len(players), found).full_vector()
        if best_score is None or score < best_score:
            best_score, best = score, found
    return [[[players[p] for p in table] for table in round_] for round_ in best]


def _lower_bound(tally: Tally, rounds: Numbered, variable: list[int]) -> list[int]:
    """A score no seating of the variable rounds can beat (often reachable)."""
    bound = [0] * len(CRITERIA)
    if tally.rounds_count == 1:
        bound[_SAME_TABLE_ALWAYS] = sum(len(t) * (len(t) - 1) // 2 for t in rounds[0])
    if len(set(tally.weights)) == 1:  # with uneven game counts, 0 is the bound
        weight = tally.weights[0]
        bound[_VP_SPREAD] = weight**2 * _least_spread(rounds, variable, lambda size, seat: size)
        bound[_TRANSFER_SPREAD] = weight**2 * _least_spread(rounds, variable, lambda size, seat: TRANSFERS_BY_SEAT[seat])
    return bound


def _least_spread(
    rounds: Numbered, variable: list[int], value_of: Callable[[int, int], int]
) -> int:
    """Least ``n * sum(t^2) - sum(t)^2`` over per-player totals ``t`` of a seat value.

    With one open round this is exact for that value alone (the lowest
    earlier totals take the highest values); otherwise it relaxes the totals
    to any integers with the right sum.
    """
    totals: dict[int, int] = {}
    for i, round_ in enumerate(rounds):
        if i not in variable:
            for table in round_:
                for seat, player in enumerate(table):
                    totals[player] = totals.get(player, 0) + value_of(len(table), seat)
    open_values = sorted(
        (value_of(len(table), seat) for i in variable for table in rounds[i] for seat in range(len(table))),
        reverse=True,
    )
    open_players = sorted({p for i in variable for table in rounds[i] for p in table})
    for player in open_players:
        totals.setdefault(player, 0)
    n, total = len(totals), sum(totals.values()) + sum(open_values)
    if len(variable) == 1:
        ordered = sorted(open_players, key=totals.__getitem__)
        for player, value in zip(ordered, open_values):
            totals[player] += value
        return n * sum(t * t for t in totals.values()) - total * total
    low, above = divmod(total, n)
    return n * (above * (low + 1) ** 2 + (n - above) * low**2) - total * total


def _search(
    tally: Tally,
    rounds: Numbered,
    variable: list[int],
    rng: random.Random,
    iterations: int,
    start_temperature: float,
    end_temperature: float = 0.02,
) -> Numbered:
    """Simulated annealing over swaps and table rotations, compared lexicographically,
    then a polish of the best seating table by table.

    A move is judged by the first criterion it changes: improving moves and
    sideways moves are always taken; a move that worsens that criterion by
    ``d`` typical steps is taken with probability ``exp(-d / temperature)``.
    The search stops early if it reaches a provable lower bound.
    """
    positions = {i: [(t, s) for t, table in enumerate(rounds[i]) for s in range(len(table))] for i in variable}
    bound = _lower_bound(tally, rounds, variable)
    step_sizes = _step_sizes(tally)
    current = tally.full_vector()
    best, best_rounds = list(current), [[list(t) for t in rounds[i]] for i in variable]
    cooling = math.exp(math.log(end_temperature / start_temperature) / max(iterations, 1))
    temperature = start_temperature
    uniform = rng.random  # one call per draw keeps the run cheap and seeded
    for _ in range(iterations):
        if current == bound:
            break
        temperature *= cooling
        round_index = variable[int(uniform() * len(variable))]
        delta = _try_move(tally, rounds[round_index], positions[round_index], uniform)
        if delta is None or not _accept(delta, step_sizes, temperature, uniform):
            continue
        tally.commit()
        current = [a + b for a, b in zip(current, delta)]
        if current < best:
            best = list(current)
            best_rounds = [[list(t) for t in rounds[i]] for i in variable]
    if current != best:
        for i, seated in zip(variable, best_rounds):
            rounds[i] = seated
        tally = Tally(tally.player_count, rounds)
    _polish_tables(tally, rounds, variable, best, bound)
    return rounds


def _step_sizes(tally: Tally) -> list[float]:
    """How much one typical step of each criterion weighs: one player's total moving by one changes a spread term
    by about 2n; a count moves by one."""
    step_sizes = [1.0] * len(CRITERIA)
    for i in _SPREADS:
        step_sizes[i] = 2.0 * tally.player_count * max(tally.weights) ** 2
    return step_sizes


def _try_move(tally: Tally, round_: list[list[int]], spots: list[tuple[int, int]], uniform: Callable[[], float]) -> list[int] | None:
    """Draw a random move in one round (a table rotation, a swap within a table, or a swap anywhere), stage it in
    `tally` (`commit` makes it) and return its change to the violation vector; None when it would move nothing."""
    t1, s1 = spots[int(uniform() * len(spots))]
    size = len(round_[t1])
    roll = uniform()
    if roll < 0.15:
        return tally.rotation_change(round_, t1, 1 + int(uniform() * (size - 1)))
    if roll < 0.4:
        t2, s2 = t1, (s1 + 1 + int(uniform() * (size - 1))) % size
    else:
        t2, s2 = spots[int(uniform() * len(spots))]
        if (t2, s2) == (t1, s1):
            return None
    return tally.swap_change(round_, t1, s1, t2, s2)


def _polish_tables(
    tally: Tally, rounds: Numbered, variable: list[int], score: list[int], bound: list[int]
) -> None:
    """Reseat each table in its best order, over and over until no table improves."""
    no_change = [0] * len(CRITERIA)
    orders = {size: list(itertools.permutations(range(size)))[1:] for size in RELATION_BY_DISTANCE}
    improved = True
    while improved and score != bound:
        improved = False
        for i in variable:
            for t, table in enumerate(rounds[i]):
                best_delta, best_order = no_change, None
                for order in orders[len(table)]:
                    delta = tally.reorder_change(rounds[i], t, order)
                    if delta < best_delta:
                        best_delta, best_order = delta, order
                if best_order is not None:
                    tally.reorder_change(rounds[i], t, best_order)
                    tally.commit()
                    score[:] = [a + b for a, b in zip(score, best_delta)]
                    improved = True


def _accept(
    delta: list[int], step_sizes: list[float], temperature: float, uniform: Callable[[], float]
) -> bool:
    for change, step_size in zip(delta, step_sizes):
        if change:
            return change < 0 or uniform() < math.exp(-change / (step_size * temperature))
    return True
