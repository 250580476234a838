"""The V:TES seating search: simulated annealing over seat swaps and table rotations.

Seatings compare by their violation vectors (`CRITERIA` order, lexicographically up to the weighed
criteria, which are summed: `_rank`); the vector is updated incrementally by `Tally` from the few
counters a move touches. The search is seeded by the caller's Random, so the same seed always gives
the same seating.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence

from sitegen.games.vtes.seating.criteria import CRITERIA, RELATION_BY_DISTANCE, TRANSFERS_BY_SEAT, WEIGHED, Round, position
from sitegen.games.vtes.seating.score import Numbered, SeatMove, Tally, number_players, rotation_seat_moves, swap_seat_moves

_SAME_TABLE_ALWAYS = position("R2")
_SPREADS = [i for i, criterion in enumerate(CRITERIA) if criterion.spread]
_VP_SPREAD, _TRANSFER_SPREAD = position("R3"), position("R8")
_OPPONENTS_TWICE = position("R4")
_SAME_SEAT = position("R7")


def optimise(
    rounds: list[Round],
    variable: list[int],
    rng: random.Random,
    iterations: int | None,
    start_temperature: float = 0.5,
    chains: int = 1,
) -> list[Round]:
    """Search seatings of the rounds listed in ``variable`` (the others stay as
    they are) with up to ``chains`` runs of ``iterations`` moves each (for a plan, a further run only while it can
    still bring R4 down to its least or R5-R7 to 0: `_within_reach`); return the whole seating found best."""
    players, numbered = number_players(rounds)
    if not variable:
        return rounds
    if iterations is None:
        # Budgets and temperatures measured with bench/bench_seating.py.
        seats = max(sum(map(len, round_)) for round_ in numbered)
        iterations = len(variable) * (4000 + 100 * seats) if len(variable) > 1 else 2000 + 100 * seats
    best_score, best_rank, best = None, None, numbered
    bound = _lower_bound(Tally(len(players), numbered), numbered, variable)
    for _ in range(chains):
        if len(variable) > 1 and best_score is not None and not _within_reach(best_score, bound[: _SAME_SEAT + 1]):
            break  # R1-R7 at their least, or R4 too far above it for another chain to close the gap
        start = [[list(table) for table in round_] for round_ in numbered]
        found = _search(Tally(len(players), start), start, variable, rng, iterations, start_temperature)
        tally = Tally(len(players), found)
        score = tally.full_vector()
        if best_rank is None or _rank(tally, score) < best_rank:
            best_score, best_rank, best = score, _rank(tally, score), found
    if best_score != bound:
        _settle(Tally(len(players), best), best, variable, bound, rng.random, _settle_moves(iterations, len(players)))
    return [[[players[p] for p in table] for table in round_] for round_ in best]


def _rank(tally: Tally, vector: list[int]) -> tuple[list[int], float]:
    """What seatings compare by: the ranked criteria one after the other, then the weighed ones summed (`WEIGHED`)."""
    spread = tally.player_count * tally.weight_scale
    weighed = sum(criterion.weight * (math.sqrt(value) / spread if criterion.spread else value)
                  for criterion, value in zip(CRITERIA[WEIGHED:], vector[WEIGHED:]))
    return vector[:WEIGHED], weighed


def _settle(tally: Tally, rounds: Numbered, variable: list[int], bound: list[int], uniform: Callable[[], float],
            moves: int) -> None:
    """Anneal the weighed criteria (R8, R9) of the best seating found, the other criteria but R5 and R7 (`_energy`)
    held: a move that changes those is taken only when it improves them. The chains, judged lexicographically, left R8
    a seat or R9 a pair or two above what krcg's optimiser reaches on most of its runs (14-20 players). Then a polish
    table by table.

    A move's seats are judged first, from the seat counters alone (`_seats_pass`): most moves a chain would try take
    a seat twice at a price the run rarely pays (18 players: 73 % of them turned down there), and reading the pair
    counters costs about three times as much. What passes is then judged on the rest of its energy change (a seat it
    frees counts there), so the chances of the two judgments multiply."""
    positions = {i: [(t, s) for t, table in enumerate(rounds[i]) for s in range(len(table))] for i in variable}
    current = tally.full_vector()
    energy, best, best_rounds = _energy(tally, current), _rank(tally, current), [[list(t) for t in rounds[i]] for i in variable]
    # One player's mean transfers moving a third of a seat moves 100 x R8 by about 37 / players: a large field is
    # settled cooler, or its R8 wanders (64 players ended 0.01 above what the chain alone reached), and a small one
    # hotter (14 players, seeds 0-127: 16 ended worse than krcg's median run at 20's temperature, 6 at 14's).
    temperature = [_SETTLE_START * _SETTLE_FIELD / tally.player_count]
    cooling = math.exp(math.log(_SETTLE_END / temperature[0]) / max(moves, 1))
    seats_pass = _seats_pass(tally, temperature, uniform)
    for _ in range(moves):
        if current == bound:
            break
        temperature[0] *= cooling
        moved = _try_move(tally, rounds, variable, positions, False, uniform, seats_pass)
        if moved is None:
            continue
        held = [moved[0][i] for i in _SETTLE_HELD]
        if held > _NO_CHANGE[: len(held)]:
            continue
        after = [a + b for a, b in zip(current, moved[0])]
        after_energy = _energy(tally, after)
        rise = after_energy - energy - _SEAT_PRICE * max(0, moved[0][_FIFTH_SEAT] + moved[0][_SAME_SEAT])
        if held == _NO_CHANGE[: len(held)] and rise > 0 and uniform() >= math.exp(-rise / temperature[0]):
            continue
        tally.commit()
        current, energy = after, after_energy
        if _rank(tally, current) < best:
            best, best_rounds = _rank(tally, current), [[list(t) for t in rounds[i]] for i in variable]
    for i, seated in zip(variable, best_rounds):
        rounds[i] = seated
    tally = Tally(tally.player_count, rounds)
    _polish_tables(tally, rounds, variable, tally.full_vector(), [-1] * len(CRITERIA))


def _seats_pass(tally: Tally, temperature: list[float], uniform: Callable[[], float]) -> SeatsPass:
    """The settling run's first judgment of a move, on its seats alone: one that spreads the VPs on offer worse (R3,
    held; R1 and R2 are at 0 by then) never passes, a seat taken twice more (R5, R7) with the chance its price has at
    the run's current temperature (``temperature[0]``)."""
    def passes(seat_moves: Sequence[SeatMove]) -> bool:
        price = _SEAT_PRICE * sum(tally.repeated_seats_change(seat_moves))
        if price > 0 and uniform() >= math.exp(-price / temperature[0]):
            return False
        return all(old == new for _, old, _, new, _ in seat_moves) or tally.seat_change(seat_moves)[0] <= 0
    return passes


def _settle_moves(iterations: int, players: int) -> int:
    """How long the settling run is, against a chain's ``iterations``: up to `_SETTLE_FIELD` players it settles what
    the chains leave (longer than a chain, now that `_seats_pass` turns most of its moves down cheaply); from there on
    the chain alone settles R8 and R9 about as well as krcg does, and the run is short."""
    moves = int(iterations * _SETTLE_SHARE)
    return moves if players <= _SETTLE_FIELD else min(moves, _SETTLE_MOST)


def _energy(tally: Tally, vector: list[int]) -> float:
    """What the settling run anneals: the weighed criteria, and the seat criteria (R5, R7) at a price it can pay for a
    while (a better spread of seats often lies beyond a seat taken twice); the best seating it keeps is ranked as ever."""
    return _rank(tally, vector)[1] + _SEAT_PRICE * (vector[_FIFTH_SEAT] + vector[_SAME_SEAT])


# The settling run: up to 20 players, one and a half times a chain's moves (seeds 0-63 worse than krcg's median run at
# 13-20 players: 30 with half a chain's moves, 8 with these, 4 with twice a chain's, which costs 20 players the 10x
# margin on krcg; 7 with these and the hotter start below 20 players); its temperature in units of krcg's total (one R9
# violation is 1, one R8 step a few at 13-20 players); table rotations alone ended where they began, so it moves as a
# chain does.
_SETTLE_SHARE = 1.5
# ... and from 21 players at most a 20-player chain's half: from 27 players on the chain alone settles R8 and R9 as
# well as krcg does (64 and 200 players, seeds 0-3), so a longer run only costs (200 players: 0.38 s of CPU became 0.68 s).
_SETTLE_MOST = 6000
_SEAT_PRICE = 10
_FIFTH_SEAT = position("R5")
_SETTLE_HELD = [i for i in range(WEIGHED) if i not in (_FIFTH_SEAT, _SAME_SEAT)]
_SETTLE_START = 3.0
_SETTLE_FIELD = 20
_SETTLE_END = 0.05
_NO_CHANGE = [0] * len(CRITERIA)


# Another chain of a plan is run only when R1-R3 are at their least and R4 is at most this far above its own, or at
# it with R5-R7 above theirs (12 players: a chain in eight ends with a seat taken twice). With a chain's repair
# (`_repair_repeats`), 27 and 28 players end at R4 = 0 for `pair --plan` seeds 0-31, all but a few in one chain;
# where R4 ends further above its bound (17 players: 12 against 3), another chain ends at the same R4 (seeds 0-7).
_REACHABLE_GAP = 2


def _within_reach(score: list[int], enough: list[int]) -> bool:
    if score[:_OPPONENTS_TWICE] != enough[:_OPPONENTS_TWICE]:
        return False
    gap = score[_OPPONENTS_TWICE] - enough[_OPPONENTS_TWICE]
    return 0 < gap <= _REACHABLE_GAP or (gap == 0 and score[_OPPONENTS_TWICE + 1 : _SAME_SEAT + 1] != enough[_OPPONENTS_TWICE + 1 :])


def _lower_bound(tally: Tally, rounds: Numbered, variable: list[int]) -> list[int]:
    """A score no seating of the variable rounds can beat (often reachable)."""
    bound = [0] * len(CRITERIA)
    if tally.rounds_count == 1:
        bound[_SAME_TABLE_ALWAYS] = sum(len(t) * (len(t) - 1) // 2 for t in rounds[0])
    if len(set(tally.weights)) == 1:  # with uneven game counts, 0 is the bound
        weight = tally.weights[0]
        bound[_VP_SPREAD] = weight**2 * _least_spread(rounds, variable, lambda size, seat: size)
        bound[_TRANSFER_SPREAD] = weight**2 * _least_spread(rounds, variable, lambda size, seat: TRANSFERS_BY_SEAT[seat])
    if tally.rounds_count >= 3 and all(sum(map(len, round_)) == tally.player_count for round_ in rounds):
        bound[_OPPONENTS_TWICE] = _least_repeats(rounds)
    return bound


def _least_repeats(rounds: Numbered) -> int:
    """Least R4 of a seating with R2 = 0 (which a seating above R2's bound of 0 already loses on), everyone
    seated every round: each table of a round holds, of every earlier round's tables, at best as even a share as its
    size allows (pigeonhole), and the pairs so met twice in a pair of rounds are counted at most C(rounds - 1, 2)
    times each (a pair meets at most rounds - 1 times). At 12 and 20 players over 3 rounds the search reaches it."""
    met_twice = 0
    for later, round_ in enumerate(rounds):
        for earlier in rounds[:later]:
            for table in round_:
                share, more = divmod(len(table), len(earlier))
                met_twice += more * (share + 1) * share // 2 + (len(earlier) - more) * share * (share - 1) // 2
    most = (len(rounds) - 1) * (len(rounds) - 2) // 2
    return -(-met_twice // most)


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

    A move is judged by the first criterion it changes: improving and sideways moves are always taken; one that
    worsens that criterion by ``d`` typical steps is taken with probability ``exp(-d / temperature)``, never one that
    lifts R3 off its least (`_held`). The search stops at a provable lower bound, or when its best has not improved
    for half its moves so far (a quarter of the run at least: 17-19 players end R1-R7 within 40 % of it). Halfway,
    a seating a few pairs above R4's least gets those pairs parted (`_repair_repeats`): the annealing alone, at 27
    players, often ended with a pair or two meeting twice.
    """
    positions = {i: [(t, s) for t, table in enumerate(rounds[i]) for s in range(len(table))] for i in variable}
    bound = _lower_bound(tally, rounds, variable)
    step_sizes = _step_sizes(tally)
    current = tally.full_vector()
    best, best_rounds = list(current), [[list(t) for t in rounds[i]] for i in variable]
    cooling = math.exp(math.log(end_temperature / start_temperature) / max(iterations, 1))
    temperature, last_gain = start_temperature, 0
    uniform = rng.random  # one call per draw keeps the run cheap and seeded
    for iteration in range(iterations):
        if current == bound or iteration - last_gain > max(iteration, iterations // 2) // 2:
            break
        if iteration == iterations // 2 and _repairable(current, bound):
            current = _repair_repeats(tally, rounds, variable, positions, uniform, current, bound)
        temperature *= cooling
        # Paired swaps (costly) serve R4 under R3; once R4 is at its least, plain moves polish R5-R9 for less.
        paired = len(variable) > 1 and current[_OPPONENTS_TWICE] > bound[_OPPONENTS_TWICE]
        moved = _try_move(tally, rounds, variable, positions, paired, uniform)
        if moved is not None and _held(moved[0], current, bound) and _accept(moved[0], step_sizes, temperature, uniform):
            tally.commit()
            current = [a + b for a, b in zip(current, moved[0])]
        elif moved is not None and moved[1] is not None:
            moved[1]()  # undo the half of a paired swap already made
        if current < best:
            last_gain = iteration if current[:WEIGHED] < best[:WEIGHED] else last_gain
            best, best_rounds = list(current), [[list(t) for t in rounds[i]] for i in variable]
    if current != best:
        for i, seated in zip(variable, best_rounds):
            rounds[i] = seated
        tally = Tally(tally.player_count, rounds)
    _polish_tables(tally, rounds, variable, best, bound)
    return rounds


def _held(delta: list[int], current: list[int], bound: list[int]) -> bool:
    """Whether a move keeps R3 at its least once there: with R3 free, at 13 and 14 players one chain in five traded
    it early (for fewer pairs meeting twice, R4, or for R1-R2 on the way) and never got it back."""
    return delta[_VP_SPREAD] <= 0 or current[_VP_SPREAD] != bound[_VP_SPREAD]


def _repairable(current: list[int], bound: list[int]) -> bool:
    """Halfway through a chain: R1-R3 at their least and R4 a few pairs above its own, where a repair often ends
    (27 and 28 players, R4 = 1-4 halfway; 13 and 19 players sit 3-4 above a bound they never reach, at which the
    repair gives up after `_REPAIR_PATIENCE` steps)."""
    gap = current[_OPPONENTS_TWICE] - bound[_OPPONENTS_TWICE]
    return current[:_OPPONENTS_TWICE] == bound[:_OPPONENTS_TWICE] and 0 < gap <= _REPAIRABLE_GAP


def _repair_repeats(tally: Tally, rounds: Numbered, variable: list[int], positions: dict[int, list[tuple[int, int]]],
                    uniform: Callable[[], float], current: list[int], bound: list[int]) -> list[int]:
    """Tabu search on the pairs that meet twice (R4): each step makes the best swap, judged on R1-R4 alone (ties
    drawn at random), of a player of such a pair with a player at another table of that round, never moving a player
    back to a table it left in the last few steps unless that beats the best R1-R4 so far. Stops at R1-R4's bound,
    or when some steps in a row bring no gain. Returns the vector reached."""
    head = _OPPONENTS_TWICE + 1
    best_head, last_gain = current[:head], 0
    left: dict[tuple[int, int, int], int] = {}  # (round, player, table) -> the last step it may not sit there again
    for step in range(_REPAIR_STEPS):
        if current[:head] == bound[:head] or step - last_gain > _REPAIR_PATIENCE:
            break
        repeats = [(i, t, s) for i in variable for t, table in enumerate(rounds[i]) for s in tally.repeat_seats(table)]
        start = int(uniform() * len(repeats))  # a window of them, drawn at random: many repeats make a step costly
        least, moves = None, []
        for i, t, s in (repeats + repeats)[start : start + _REPAIR_WIDTH]:
            for t2, s2 in positions[i]:
                if t2 == t:
                    continue
                change = tally.swap_change(rounds[i], t, s, t2, s2)[:head]
                if [a + b for a, b in zip(current, change)] >= best_head and (
                        left.get((i, rounds[i][t][s], t2), -1) >= step or left.get((i, rounds[i][t2][s2], t), -1) >= step):
                    continue  # tabu: back to a table it just left, for no gain
                if least is None or change < least:
                    least, moves = change, [(i, t, s, t2, s2)]
                elif change == least:
                    moves.append((i, t, s, t2, s2))
        if not moves:
            break
        i, t, s, t2, s2 = moves[int(uniform() * len(moves))]
        left[(i, rounds[i][t][s], t)] = left[(i, rounds[i][t2][s2], t2)] = step + _TABU_TENURE + int(uniform() * _TABU_TENURE)
        delta = tally.swap_change(rounds[i], t, s, t2, s2)
        tally.commit()
        current = [a + b for a, b in zip(current, delta)]
        if current[:head] < best_head:
            best_head, last_gain = current[:head], step
    return current


# The repair, measured with `pair --plan` seeds 0-15 at 27 and 28 players: one that reaches R4 = 0 takes 2-15 steps,
# at most 10 between two gains; 2 in 32 give up, and the rest of the chain or another one reaches 0. A step weighs
# the swaps of up to 8 seats (about 170 at 27 players), so a repair that cannot end (13 and 19 players, 13 steps)
# costs a few milliseconds. A player may not go back to a table it left for 4-7 steps.
_TABU_TENURE = 4
_REPAIR_STEPS = 200
_REPAIR_PATIENCE = 12
_REPAIR_WIDTH = 8
_REPAIRABLE_GAP = 4


def _step_sizes(tally: Tally) -> list[float]:
    """How much one typical step of each criterion weighs: one player's total moving by one changes a spread term
    by about 2n; a count moves by one."""
    step_sizes = [1.0] * len(CRITERIA)
    for i in _SPREADS:
        step_sizes[i] = 2.0 * tally.player_count * max(tally.weights) ** 2
    return step_sizes


Move = tuple[list[int], Callable[[], None] | None]  # a staged move's change to the vector, and how to undo a half already made
SeatsPass = Callable[[Sequence[SeatMove]], bool]  # whether a move's seats may be taken (before its pairs are judged)


def _try_move(tally: Tally, rounds: Numbered, variable: list[int], positions: dict[int, list[tuple[int, int]]],
              paired: bool, uniform: Callable[[], float], seats_pass: SeatsPass | None = None) -> Move | None:
    """Draw a random move in one round (a table rotation, a swap within a table, or a swap anywhere), stage it in
    `tally` (`commit` makes it) and return its change to the violation vector; None when it would move nothing, or
    when ``seats_pass`` turns down the seats it would give (judged before the costly pair counters are read).

    With several rounds open and `paired`, some swaps between a table of 5 and one of 4 are paired with the opposite swap of
    the same two players in another round: their VPs on offer (R3) stay, so R4 can improve once R3 is at its least."""
    round_index = variable[int(uniform() * len(variable))]
    round_, spots = rounds[round_index], positions[round_index]
    t1, s1 = spots[int(uniform() * len(spots))]
    size = len(round_[t1])
    roll = uniform()
    if roll < 0.15:
        shift = 1 + int(uniform() * (size - 1))
        if seats_pass is not None and not seats_pass(rotation_seat_moves(round_[t1], shift)):
            return None
        return tally.rotation_change(round_, t1, shift), None
    if roll < 0.4:
        t2, s2 = t1, (s1 + 1 + int(uniform() * (size - 1))) % size
    else:
        t2, s2 = spots[int(uniform() * len(spots))]
        if (t2, s2) == (t1, s1):
            return None
        if paired and roll >= _PAIRED_FROM and size != len(round_[t2]):
            return _paired_swap(tally, rounds, [i for i in variable if i != round_index], (round_index, t1, s1, t2, s2), uniform)
    if seats_pass is not None and not seats_pass(swap_seat_moves(round_, t1, s1, t2, s2)):
        return None
    return tally.swap_change(round_, t1, s1, t2, s2), None


# Rolls from here on pair a swap between table sizes with one in another round (`_paired_swap`).
_PAIRED_FROM = 0.7


def _paired_swap(tally: Tally, rounds: Numbered, others: list[int], swap: tuple[int, int, int, int, int],
                 uniform: Callable[[], float]) -> Move | None:
    """Swap x (table size A) and y (size B) in one round, then, in another round where one of them sits at the size
    it moved to, move it back to its old size by a swap with a player at such a table: that player and the other of
    x and y trade their VPs on offer (R3 stays when their counts differ by one, as the acceptance judges). The first
    swap is made at once; the returned undo reverts it if the whole move is rejected."""
    index, t1, s1, t2, s2 = swap
    first_round, other = rounds[index], rounds[others[int(uniform() * len(others))]]
    mover, gone_to, came_from = ((first_round[t1][s1], len(first_round[t2]), len(first_round[t1])) if uniform() < 0.5
                                 else (first_round[t2][s2], len(first_round[t1]), len(first_round[t2])))
    seat_of = {player: (t, s) for t, table in enumerate(other) for s, player in enumerate(table)}
    partners = [(t, s) for t, table in enumerate(other) if len(table) == came_from for s in range(len(table))]
    if mover not in seat_of or len(other[seat_of[mover][0]]) != gone_to or not partners:
        return None
    u1, v1 = seat_of[mover]
    u2, v2 = partners[int(uniform() * len(partners))]
    first = tally.swap_change(first_round, t1, s1, t2, s2)
    tally.commit()
    second = tally.swap_change(other, u1, v1, u2, v2)

    def undo() -> None:
        tally.swap_change(first_round, t1, s1, t2, s2)
        tally.commit()

    return [a + b for a, b in zip(first, second)], undo


def _polish_tables(
    tally: Tally, rounds: Numbered, variable: list[int], score: list[int], bound: list[int]
) -> None:
    """Reseat each table in its best order, over and over until no table improves."""
    orders = {size: list(itertools.permutations(range(size)))[1:] for size in RELATION_BY_DISTANCE}
    improved = True
    while improved and score != bound:
        improved = False
        for i in variable:
            for t, table in enumerate(rounds[i]):
                best_delta, best_order, best_rank = _NO_CHANGE, None, _rank(tally, score)
                for order in orders[len(table)]:
                    delta = tally.reorder_change(rounds[i], t, order)
                    if delta[:WEIGHED] > best_delta[:WEIGHED]:
                        continue  # worse on the ranked criteria: the sum of the weighed ones cannot help (and costs)
                    rank = _rank(tally, [a + b for a, b in zip(score, delta)])
                    if rank < best_rank:
                        best_delta, best_order, best_rank = delta, order, rank
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
