"""V:TES preliminary-round seating: scoring and optimisation.

A seating is scored by a vector of nine violation measures, most important
first, and two seatings are compared lexicographically (a single predator-prey
repeat outweighs any amount of unfairness further down the list):

1. a predator-prey relationship seen in an earlier round happens again;
2. two players share a table in every round;
3. the VPs available to each player (5 at a five-player table, 4 at a four)
   are unevenly spread (population standard deviation of the per-game mean);
4. two players share a table more than once;
5. a player takes the fifth seat more than once;
6. two players repeat the same relative position (prey, grand-prey,
   grand-predator, predator, across a four-player table);
7. a player takes the same seat more than once;
8. starting transfers (seat 1: 1, seat 2: 2, seat 3: 3, seats 4 and 5: 4)
   are unevenly spread (standard deviation, as for 3);
9. two players repeat the same position group (adjacent or not).

Counting conventions follow the reference implementation (``krcg.seating``)
so both score any seating identically: counts are per pair, per player or per
(player, seat); a pair sitting twice as predator and prey in the same
direction is one violation of 1 and also one of 6.

The optimiser is a local search over seat swaps and table rotations whose
score is updated incrementally from the few counters a move touches.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

Table = list[str]
Round = list[Table]

# Player counts that cannot be split into tables of four and five.
STAGGERED_PLAYER_COUNTS = (6, 7, 11)
TRANSFERS_BY_SEAT = (1, 2, 3, 4, 4)
CRITERIA_COUNT = 9

# Relation of another player as seen from one player at the same table.
PREY, GRAND_PREY, GRAND_PREDATOR, PREDATOR, ACROSS = range(5)
# The same relation seen from the other player of the pair.
_REVERSED = (PREDATOR, GRAND_PREDATOR, GRAND_PREY, PREY, ACROSS)
# Relation by clockwise seat distance, per table size.
_RELATION_BY_DISTANCE = {
    5: (None, PREY, GRAND_PREY, GRAND_PREDATOR, PREDATOR),
    4: (None, PREY, ACROSS, PREDATOR),
}
# Bit offset of each pair criterion inside a packed pair penalty (1, 2, 4, 6, 9).
_PACK_SHIFTS = (0, 10, 20, 30, 40)
_PACK_MASK = (1 << 10) - 1


def table_sizes(n: int) -> list[int]:
    """Table sizes for one round of ``n`` players: as many fives as possible, then fours.

    Raises ValueError below four players and for 6, 7 and 11 players, which
    need a staggered schedule (see `staggered_plan`).
    """
    fours = (-n) % 5
    if n < 4 or 4 * fours > n:
        raise ValueError(f"{n} players cannot be split into tables of 4 and 5")
    return [5] * ((n - 4 * fours) // 5) + [4] * fours


def violations(rounds: Sequence[Round]) -> tuple[int | float, ...]:
    """The nine violation measures of a seating (criterion 1 first, lower is better).

    Entries 3 and 8 are population standard deviations (floats); the others
    are counts.
    """
    players = _players_in_order(rounds)
    if not players:
        return (0, 0, 0.0, 0, 0, 0, 0, 0.0, 0)
    index = {player: i for i, player in enumerate(players)}
    numbered = [_number_round(round_, index) for round_ in rounds]
    tally = _Tally(len(players), numbered)
    exact = tally.full_vector()
    spread = tally.player_count * tally.weight_scale
    return tuple(
        math.sqrt(value) / spread if criterion in (2, 7) else value
        for criterion, value in enumerate(exact)
    )


def seat_next_round(
    players: Sequence[str],
    history: Sequence[Round],
    rng: random.Random,
    *,
    iterations: int | None = None,
) -> Round:
    """Seat ``players`` for the next round, given every round already played.

    Earlier rounds stay as they are; players may have dropped out of or
    joined the event since.  ``iterations`` caps the number of moves tried
    (default: scaled to the number of players).
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
    return _optimise(rounds, [len(rounds) - 1], rng, iterations)[-1]


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
    plan = []
    for _ in range(rounds):
        shuffled = list(players)
        rng.shuffle(shuffled)
        plan.append(_cut(shuffled, sizes))
    # Every criterion treats players alike, so any optimal plan can be renamed
    # to start with this first round: only the later rounds need searching.
    return _optimise(plan, list(range(1, rounds)), rng, iterations)


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
    return _optimise(plan, list(range(rounds)), rng, iterations)


# --- schedule helpers -------------------------------------------------------


def _seatable(n: int) -> bool:
    return n >= 4 and 4 * ((-n) % 5) <= n


def _default_games(n: int, rounds: int) -> int:
    for games in range(rounds - 1, 0, -1):
        if _seated_counts(n, rounds, games) is not None:
            return games
    raise ValueError(f"{n} players cannot play an equal number of games in {rounds} rounds")


def _seated_counts(n: int, rounds: int, games: int) -> list[int] | None:
    """How many players sit down in each round so that all play ``games`` games.

    Picks the most even split (largest rounds first), or None if impossible.
    """
    if not 1 <= games <= rounds:
        return None
    options = [m for m in range(n, 3, -1) if _seatable(m)]
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


def _players_in_order(rounds: Sequence[Round]) -> list[str]:
    """Every player, in order of first appearance (a stable numbering)."""
    seen: dict[str, None] = {}
    for round_ in rounds:
        for table in round_:
            for player in table:
                seen.setdefault(player)
    return list(seen)


def _number_round(round_: Round, index: dict[str, int]) -> list[list[int]]:
    numbered = [[index[player] for player in table] for table in round_]
    for table in numbered:
        if len(table) not in _RELATION_BY_DISTANCE:
            raise ValueError(f"tables hold 4 or 5 players, not {len(table)}")
    seated = [player for table in numbered for player in table]
    if len(set(seated)) != len(seated):
        raise ValueError("a player is seated twice in one round")
    return numbered


# --- incremental scoring ----------------------------------------------------


class _Tally:
    """Pair and seat counters over a fixed list of rounds, updated move by move.

    Internally criteria 3 and 8 are kept as exact integers proportional to
    the variance (``n * sum(a^2) - sum(a)^2`` with per-game means scaled to
    integers), which orders seatings exactly like the standard deviation.
    """

    def __init__(self, player_count: int, rounds: list[list[list[int]]]) -> None:
        n = self.player_count = player_count
        self.rounds_count = len(rounds)
        # A relation count never exceeds the number of rounds: pack the five
        # relation counts of a pair into one integer in this base.
        base = self.rounds_count + 1
        self.units = tuple(base**kind for kind in range(5))
        self.pair_codes = [0] * (n * n)
        self.penalty_cache: dict[int, int] = {}
        self.seat_counts = [0] * (5 * n)
        games = [0] * n
        for round_ in rounds:
            for table in round_:
                for player in table:
                    games[player] += 1
        scale = math.lcm(*(g for g in games if g)) if any(games) else 1
        self.weight_scale = scale
        self.weights = [scale // g if g else 0 for g in games]
        self.vps = [0] * n
        self.transfers = [0] * n
        for round_ in rounds:
            for table in round_:
                self._add_table(table)
        self.sums = [0, 0]  # scaled VP sum, scaled transfer sum
        self.squares = [0, 0]
        for player in range(n):
            for k, value in enumerate(self._scaled(player)):
                self.sums[k] += value
                self.squares[k] += value * value

    def _add_table(self, table: list[int]) -> None:
        size = len(table)
        for seat, player in enumerate(table):
            self.seat_counts[5 * player + seat] += 1
            self.vps[player] += size
            self.transfers[player] += TRANSFERS_BY_SEAT[seat]
        for key, unit in self._table_pairs(table, range(size)):
            self.pair_codes[key] += unit

    def _scaled(self, player: int) -> tuple[int, int]:
        weight = self.weights[player]
        return self.vps[player] * weight, self.transfers[player] * weight

    def _table_pairs(self, table: list[int], seats: Sequence[int]) -> Iterator[tuple[int, int]]:
        """(pair key, code unit) for each pair of the table involving one of ``seats``."""
        size = len(table)
        relation_by_distance = _RELATION_BY_DISTANCE[size]
        n, units = self.player_count, self.units
        for seat in seats:
            player = table[seat]
            for other_seat in range(size):
                if other_seat == seat or (other_seat in seats and other_seat < seat):
                    continue
                other = table[other_seat]
                relation = relation_by_distance[(other_seat - seat) % size]
                if player < other:
                    yield player * n + other, units[relation]
                else:
                    yield other * n + player, units[_REVERSED[relation]]

    def _penalty(self, code: int) -> int:
        """Packed (1, 2, 4, 6, 9) violations of one pair, from its relation code."""
        cached = self.penalty_cache.get(code)
        if cached is not None:
            return cached
        base = self.rounds_count + 1
        counts = [(code // base**kind) % base for kind in range(5)]
        met = sum(counts)
        repeated = [c > 1 for c in counts]
        adjacent = counts[PREY] + counts[PREDATOR]
        values = (
            repeated[PREY] + repeated[PREDATOR],
            int(met >= self.rounds_count),
            int(met > 1),
            sum(repeated),
            int(adjacent > 1) + int(met - adjacent > 1),
        )
        packed = sum(v << shift for v, shift in zip(values, _PACK_SHIFTS))
        self.penalty_cache[code] = packed
        return packed

    def _player_terms(self, player: int) -> tuple[int, int]:
        """(fifth seat repeated, seats repeated) for one player."""
        counts = self.seat_counts[5 * player : 5 * player + 5]
        return int(counts[4] > 1), sum(c > 1 for c in counts)

    def _variance_terms(self) -> tuple[int, int]:
        n = self.player_count
        return (
            n * self.squares[0] - self.sums[0] ** 2,
            n * self.squares[1] - self.sums[1] ** 2,
        )

    def full_vector(self) -> list[int]:
        """The exact nine-entry score, recomputed from all counters."""
        pair_totals = [0] * 5
        penalty = self._penalty
        for code in self.pair_codes:
            if code:
                packed = penalty(code)
                for k, shift in enumerate(_PACK_SHIFTS):
                    pair_totals[k] += (packed >> shift) & _PACK_MASK
        fifth = seats = 0
        for player in range(self.player_count):
            f, s = self._player_terms(player)
            fifth += f
            seats += s
        vp_spread, transfer_spread = self._variance_terms()
        r1, r2, r4, r6, r9 = pair_totals
        return [r1, r2, vp_spread, r4, fifth, r6, seats, transfer_spread, r9]

    # Moves.  Each applies itself and returns the change of the exact vector;
    # applying the inverse move restores every counter.

    def swap(self, round_: list[list[int]], t1: int, s1: int, t2: int, s2: int) -> list[int]:
        """Exchange the players in two seats of one round."""
        first, second = round_[t1], round_[t2]
        if t1 == t2:
            old_pairs = list(self._table_pairs(first, (s1, s2)))
        else:
            old_pairs = list(self._table_pairs(first, (s1,)))
            old_pairs += self._table_pairs(second, (s2,))
        x, y = first[s1], second[s2]
        before = self._seat_state((x, y))
        self._leave(x, len(first), s1)
        self._leave(y, len(second), s2)
        first[s1], second[s2] = y, x
        self._sit(y, len(first), s1)
        self._sit(x, len(second), s2)
        if t1 == t2:
            new_pairs = list(self._table_pairs(first, (s1, s2)))
        else:
            new_pairs = list(self._table_pairs(first, (s1,)))
            new_pairs += self._table_pairs(second, (s2,))
        pair_change = self._repair(old_pairs, new_pairs)
        return self._delta(pair_change, before, self._seat_state((x, y)))

    def rotate(self, round_: list[list[int]], t: int, shift: int) -> list[int]:
        """Move everyone at a table ``shift`` seats clockwise (relations are kept)."""
        table = round_[t]
        size = len(table)
        before = self._seat_state(table)
        for seat, player in enumerate(table):
            self._leave(player, size, seat)
        table[:] = table[-shift:] + table[:-shift]
        for seat, player in enumerate(table):
            self._sit(player, size, seat)
        return self._delta((0, 0, 0, 0, 0), before, self._seat_state(table))

    def _leave(self, player: int, size: int, seat: int) -> None:
        self._reseat(player, size, seat, -1)

    def _sit(self, player: int, size: int, seat: int) -> None:
        self._reseat(player, size, seat, 1)

    def _reseat(self, player: int, size: int, seat: int, sign: int) -> None:
        old_vps, old_transfers = self._scaled(player)
        self.seat_counts[5 * player + seat] += sign
        self.vps[player] += sign * size
        self.transfers[player] += sign * TRANSFERS_BY_SEAT[seat]
        new_vps, new_transfers = self._scaled(player)
        self.sums[0] += new_vps - old_vps
        self.sums[1] += new_transfers - old_transfers
        self.squares[0] += new_vps * new_vps - old_vps * old_vps
        self.squares[1] += new_transfers * new_transfers - old_transfers * old_transfers

    def _seat_state(self, players: Sequence[int]) -> tuple[int, int, int, int]:
        """(fifth-seat and same-seat counts of ``players``, both spreads)."""
        fifth = seats = 0
        for player in players:
            f, s = self._player_terms(player)
            fifth += f
            seats += s
        return (fifth, seats, *self._variance_terms())

    def _repair(self, old_pairs: list[tuple[int, int]], new_pairs: list[tuple[int, int]]) -> tuple[int, ...]:
        """Replace the old pair relations by the new ones; return the pair criteria change."""
        codes, penalty = self.pair_codes, self._penalty
        keys = list(dict.fromkeys([key for key, _ in old_pairs] + [key for key, _ in new_pairs]))
        before = sum(penalty(codes[key]) for key in keys)
        for key, unit in old_pairs:
            codes[key] -= unit
        for key, unit in new_pairs:
            codes[key] += unit
        after = sum(penalty(codes[key]) for key in keys)
        return tuple(((after >> s) & _PACK_MASK) - ((before >> s) & _PACK_MASK) for s in _PACK_SHIFTS)

    @staticmethod
    def _delta(pair_change: tuple[int, ...], before: tuple[int, ...], after: tuple[int, ...]) -> list[int]:
        r1, r2, r4, r6, r9 = pair_change
        fifth, seats, vp_spread, transfer_spread = (a - b for a, b in zip(after, before))
        return [r1, r2, vp_spread, r4, fifth, r6, seats, transfer_spread, r9]


# --- search -----------------------------------------------------------------


def _optimise(
    rounds: list[Round],
    variable: list[int],
    rng: random.Random,
    iterations: int | None,
) -> list[Round]:
    """Improve the ``variable`` rounds of ``rounds`` in place of copies; return the best seating."""
    players = _players_in_order(rounds)
    index = {player: i for i, player in enumerate(players)}
    numbered = [_number_round(round_, index) for round_ in rounds]
    if not variable:
        return rounds
    tally = _Tally(len(players), numbered)
    best = _search(tally, numbered, variable, rng, iterations)
    return [[[players[p] for p in table] for table in round_] for round_ in best]



def _lower_bound(tally: _Tally, rounds: list[list[list[int]]], variable: list[int]) -> list[int]:
    """A score no seating of the variable rounds can beat (often reachable)."""
    bound = [0] * CRITERIA_COUNT
    if tally.rounds_count == 1:
        bound[1] = sum(len(t) * (len(t) - 1) // 2 for t in rounds[0])
    if len(set(tally.weights)) == 1:  # with uneven game counts, 0 is the bound
        weight = tally.weights[0]
        bound[2] = weight**2 * _least_spread(rounds, variable, lambda size, seat: size)
        bound[7] = weight**2 * _least_spread(rounds, variable, lambda size, seat: TRANSFERS_BY_SEAT[seat])
    return bound


def _least_spread(rounds: list[list[list[int]]], variable: list[int], value_of) -> int:
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


def _default_iterations(seated: int, open_rounds: int) -> int:
    return 3000 + 150 * seated * open_rounds


def _search(
    tally: _Tally,
    rounds: list[list[list[int]]],
    variable: list[int],
    rng: random.Random,
    iterations: int | None,
) -> list[list[list[int]]]:
    """Local search over swaps and rotations, accepting moves that do not worsen the score."""
    positions = {i: [(t, s) for t, table in enumerate(rounds[i]) for s in range(len(table))] for i in variable}
    if iterations is None:
        iterations = _default_iterations(max(len(p) for p in positions.values()), len(variable))
    bound = _lower_bound(tally, rounds, variable)
    current = tally.full_vector()
    no_change = [0] * CRITERIA_COUNT
    for _ in range(iterations):
        if current == bound:
            break
        round_index = variable[rng.randrange(len(variable))]
        round_ = rounds[round_index]
        spots = positions[round_index]
        t1, s1 = spots[rng.randrange(len(spots))]
        size = len(round_[t1])
        roll = rng.random()
        if roll < 0.15:
            shift = rng.randrange(1, size)
            delta = tally.rotate(round_, t1, shift)
            undo = lambda: tally.rotate(round_, t1, size - shift)
        else:
            if roll < 0.4:
                t2, s2 = t1, (s1 + rng.randrange(1, size)) % size
            else:
                t2, s2 = spots[rng.randrange(len(spots))]
                if (t2, s2) == (t1, s1):
                    continue
            delta = tally.swap(round_, t1, s1, t2, s2)
            undo = lambda: tally.swap(round_, t1, s1, t2, s2)
        if delta <= no_change:
            current = [a + b for a, b in zip(current, delta)]
        else:
            undo()
    return rounds
