"""Seating V:TES rounds: how many tables of each size, who sits out when no split exists, and
the entry points that seat one round or plan several (a first guess, then the search).

Tables seat 5 or 4 players, as many fives as possible. 6, 7 and 11 players cannot be split so:
a staggered schedule has some players sit out each round, everyone playing as many games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from sitegen.games.vtes.rules import LARGEST_TABLE, SMALLEST_TABLE
from sitegen.games.vtes.seating.criteria import Round
from sitegen.games.vtes.seating.search import optimise


def seatable(players: int) -> bool:
    """Whether tables of 4 and 5 seat exactly this many players (not 6, 7 or 11)."""
    return players >= SMALLEST_TABLE and SMALLEST_TABLE * _small_tables(players) <= players


def _small_tables(players: int) -> int:
    """How many small tables seat `players` with the most large ones: a small table is one seat short of a large one."""
    return (-players) % LARGEST_TABLE


def largest_seatable(players: int) -> int:
    """The most players, out of `players`, that tables of 4 and 5 can seat."""
    return next(count for count in range(players, SMALLEST_TABLE - 1, -1) if seatable(count))


def table_sizes(n: int) -> list[int]:
    """Table sizes for one round of ``n`` players: as many fives as possible, then fours.

    Raises ValueError below four players and for 6, 7 and 11 players, which
    need a staggered schedule (see `staggered_plan`).
    """
    if not seatable(n):
        raise ValueError(f"{n} players cannot be split into tables of {SMALLEST_TABLE} and {LARGEST_TABLE}")
    small = _small_tables(n)
    return [LARGEST_TABLE] * ((n - SMALLEST_TABLE * small) // LARGEST_TABLE) + [SMALLEST_TABLE] * small


def seat_next_round(
    players: Sequence[str],
    history: Sequence[Round],
    rng: random.Random,
    *,
    iterations: int | None = None,
) -> Round:
    """Seat ``players`` for the next round, given every round already played.

    Earlier rounds stay as they are; players may have dropped out of or
    joined the event since.  ``iterations`` is the number of moves tried by
    each of three search runs (default: scaled to the number of players).
    """
    _check_unique(players)
    sizes = table_sizes(len(players))
    shuffled = list(players)
    rng.shuffle(shuffled)
    first_guess = _cut(shuffled, sizes)
    if not history:
        # A single round scores the same however it is seated.
        return first_guess
    rounds = [[list(table) for table in round_] for round_ in history] + [first_guess]
    # A single open round is tightly constrained by the history: several
    # short, hot runs beat one long one.
    return optimise(rounds, [len(rounds) - 1], rng, iterations, start_temperature=2.0, chains=3)[-1]


def plan_rounds(
    players: Sequence[str],
    rounds: int,
    rng: random.Random,
    *,
    iterations: int | None = None,
) -> list[Round]:
    """Seat the same ``players`` for ``rounds`` rounds at once."""
    _check_unique(players)
    if rounds < 1:
        raise ValueError("at least one round is needed")
    sizes = table_sizes(len(players))
    proven = _PROVEN_PLANS.get((len(players), rounds))
    if proven is not None:
        order = list(players)
        rng.shuffle(order)
        return [[[order[place] for place in table] for table in round_] for round_ in proven]
    plan: list[Round] = []
    small_games = dict.fromkeys(players, 0)
    for _ in range(rounds):
        shuffled = list(players)
        rng.shuffle(shuffled)
        # Those who sat at small tables most go first, to the large ones: the start has the VPs on offer (R3) even.
        shuffled.sort(key=small_games.__getitem__, reverse=True)
        plan.append(_cut(shuffled, sizes))
        for table in plan[-1]:
            for player in table:
                small_games[player] += len(table) < LARGEST_TABLE
    # Every criterion treats players alike, so any optimal plan can be renamed
    # to start with this first round: only the later rounds need searching.
    # Up to four runs: a further run when one ends with a seat taken twice (12 players) or a pair or two meeting
    # twice that its repair did not part (R4; at 27 and 28 players, one seed in 32).
    return optimise(plan, list(range(1, rounds)), rng, iterations, chains=4)


# Plans that reach a provably least violation vector, by (players, rounds); a player is numbered by their place in
# round 1 (table * 4 + seat) and the seeded shuffle decides who takes which number (every criterion treats players
# alike, so any plan is as good under any renaming). 12 players over 3 rounds, three tables of 4: R1-R3 0; R4 9, its
# least (`search._least_repeats`); R5-R7 0; with no seat taken twice each player misses one seat of four and each
# seat is missed by 3 players, so R8 is forced (0.37); R9 0, every pair meeting twice sits next to each other once
# and across once. The search reaches R9 0 on about one seed in twenty, krcg's optimiser (20,000 iterations) on two
# runs in forty, R9 1-4 otherwise; this plan, found by the search and checked in tests/games/vtes/test_seating.py,
# always does, at no cost.
_PROVEN_PLANS = {
    (12, 3): (
        ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)),
        ((3, 4, 0, 10), (11, 2, 8, 5), (1, 7, 9, 6)),
        ((6, 10, 5, 0), (7, 3, 1, 8), (9, 11, 4, 2)),
    ),
}


def staggered_plan(
    players: Sequence[str],
    rounds: int,
    rng: random.Random,
    *,
    games: int | None = None,
    iterations: int | None = None,
) -> list[Round]:
    """Seat 6, 7 or 11 players (or any other count) over ``rounds`` rounds,
    some sitting out each round, so that everyone plays ``games`` games.

    By default ``games`` is the largest count not above ``rounds - 1`` that
    the player count allows (the rules' usual choice is one game less than
    the number of rounds).  Raises ValueError when no equal count works.
    """
    _check_unique(players)
    n = len(players)
    if games is None:
        games = _default_games(n, rounds)
    counts = _seated_counts(n, rounds, games)
    if counts is None:
        raise ValueError(f"{n} players cannot all play {games} games in {rounds} rounds")
    order = list(players)
    rng.shuffle(order)
    plan = []
    for round_index, seated in enumerate(counts):
        # Sit-outs walk round the shuffled list, so each player sits out
        # exactly rounds - games times.
        start = sum(n - c for c in counts[:round_index])
        sitting_out = {order[(start + k) % n] for k in range(n - seated)}
        present = [player for player in order if player not in sitting_out]
        rng.shuffle(present)
        plan.append(_cut(present, table_sizes(seated)))
    return optimise(plan, list(range(rounds)), rng, iterations)


def equal_games(n: int, rounds: int) -> int | None:
    """The most games, below ``rounds``, that ``n`` players can all play over ``rounds`` rounds; None if no count works."""
    return next((games for games in range(rounds - 1, 0, -1) if _seated_counts(n, rounds, games) is not None), None)


def _default_games(n: int, rounds: int) -> int:
    games = equal_games(n, rounds)
    if games is None:
        raise ValueError(f"{n} players cannot play an equal number of games in {rounds} rounds")
    return games


def remaining_schedule(played: Sequence[int], rounds: int) -> tuple[int, list[int]] | None:
    """For players who have played ``played`` games so far: the most games they can all end on after ``rounds``
    more rounds, some sitting out each round, and how many sit down in each of those rounds (most first).
    None when no count works (e.g. 7 players with one round left)."""
    n = len(played)
    if rounds < 1 or n < SMALLEST_TABLE:
        return None
    options = [m for m in range(n, SMALLEST_TABLE - 1, -1) if seatable(m)]
    for total in range(max(played) + rounds, max(played) - 1, -1):
        need = sorted((total - games for games in played), reverse=True)
        if need[0] > rounds:
            continue
        best: list[int] | None = None
        for counts in _descending_splits(sum(need), rounds, options):
            if _realizable(need, counts) and (best is None or counts[0] - counts[-1] < best[0] - best[-1]):
                best = counts
        if best is not None:
            return total, best
    return None


def _realizable(need: list[int], counts: list[int]) -> bool:
    """Gale-Ryser: whether players needing ``need`` games (most first) fit rounds seating ``counts`` players,
    nobody twice in a round. Seating, round by round, those who still need the most then always works."""
    return all(sum(need[:k]) <= sum(min(count, k) for count in counts) for k in range(1, len(need) + 1))


def _seated_counts(n: int, rounds: int, games: int) -> list[int] | None:
    """How many players sit down in each round so that all play ``games`` games.

    Picks the most even split (largest rounds first), or None if impossible.
    """
    if not 1 <= games <= rounds:
        return None
    options = [m for m in range(n, SMALLEST_TABLE - 1, -1) if seatable(m)]
    best: list[int] | None = None
    for counts in _descending_splits(n * games, rounds, options):
        if best is None or counts[0] - counts[-1] < best[0] - best[-1]:
            best = counts
    return best


def _descending_splits(total: int, parts: int, options: list[int]) -> Iterator[list[int]]:
    """Every non-increasing list of ``parts`` values from ``options`` summing to ``total``."""
    if parts == 0:
        if total == 0:
            yield []
        return
    for i, value in enumerate(options):
        if value * parts < total:
            break
        for rest in _descending_splits(total - value, parts - 1, options[i:]):
            yield [value] + rest


def _cut(players: list[str], sizes: list[int]) -> Round:
    tables, start = [], 0
    for size in sizes:
        tables.append(players[start : start + size])
        start += size
    return tables


def _check_unique(players: Sequence[str]) -> None:
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")


