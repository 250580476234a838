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

The optimiser is simulated annealing over seat swaps and table rotations whose
score is updated incrementally from the few counters a move touches.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence

Table = list[str]
Round = list[Table]

TRANSFERS_BY_SEAT = (1, 2, 3, 4, 4)
CRITERIA_COUNT = 9

# Relation of another player as seen from one player at the same table.
PREY, GRAND_PREY, GRAND_PREDATOR, PREDATOR, ACROSS = range(5)
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
    return _optimise(rounds, [len(rounds) - 1], rng, iterations, start_temperature=2.0, chains=3)[-1]


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


def _flatten(round_: list[list[int]]) -> list[int]:
    return [player for table in round_ for player in table]


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


class _PenaltyTable(dict):
    """Packed violations of criteria (1, 2, 4, 6, 9) for one pair, by relation code.

    A code packs the five relation counts of a pair (prey, grand-prey,
    grand-predator, predator, across, seen from the lower-numbered player)
    as digits in base ``rounds + 1``; entries are computed on first use.
    """

    def __init__(self, rounds_count: int) -> None:
        super().__init__()
        self.rounds_count = rounds_count

    def __missing__(self, code: int) -> int:
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
        self[code] = packed
        return packed


def _unpack(packed: int) -> list[int]:
    return [(packed >> shift) & _PACK_MASK for shift in _PACK_SHIFTS]


class _Tally:
    """Pair and seat counters over a fixed list of rounds, updated move by move.

    Criteria 3 and 8 are kept as exact integers proportional to the variance,
    ``n * sum(a^2) - sum(a)^2`` over per-game means ``a`` scaled to integers
    (by the lcm of the game counts), which order seatings like the standard
    deviation does, without rounding.  Moves are first evaluated without
    touching any counter (most are rejected), then applied if accepted.
    """

    def __init__(self, player_count: int, rounds: list[list[list[int]]]) -> None:
        n = self.player_count = player_count
        self.rounds_count = len(rounds)
        base = self.rounds_count + 1
        units = [base**kind for kind in range(5)]
        # units_between[size][i][j]: code change for the pair (player at seat
        # i, player at seat j) when the player at i is the lower-numbered one;
        # the reversed relation is at [j][i].
        self.units_between = {
            size: [
                [units[by_distance[(j - i) % size]] if i != j else 0 for j in range(size)]
                for i in range(size)
            ]
            for size, by_distance in _RELATION_BY_DISTANCE.items()
        }
        self.pair_codes = [0] * (n * n)
        self.penalties = _PenaltyTable(self.rounds_count)
        self.seat_counts = [0] * (5 * n)
        games = [0] * n
        for round_ in rounds:
            for table in round_:
                for player in table:
                    games[player] += 1
        scale = math.lcm(*(g for g in games if g)) if any(games) else 1
        self.weight_scale = scale
        self.weights = [scale // g if g else 0 for g in games]
        self.scaled_vps = [0] * n
        self.scaled_transfers = [0] * n
        self.vp_sum = self.vp_squares = self.transfer_sum = self.transfer_squares = 0
        for round_ in rounds:
            for table in round_:
                self._add_table(table)

    def _add_table(self, table: list[int], sign: int = 1) -> None:
        size = len(table)
        units = self.units_between[size]
        n = self.player_count
        for seat, player in enumerate(table):
            self._reseat(player, size, seat, sign)
            for other_seat in range(seat + 1, size):
                other = table[other_seat]
                if player < other:
                    self.pair_codes[player * n + other] += sign * units[seat][other_seat]
                else:
                    self.pair_codes[other * n + player] += sign * units[other_seat][seat]

    def _reseat(self, player: int, size: int, seat: int, sign: int) -> None:
        """Add (sign 1) or remove (sign -1) one game of ``player`` in ``seat``."""
        weight = self.weights[player]
        self.seat_counts[5 * player + seat] += sign
        old_vps, old_transfers = self.scaled_vps[player], self.scaled_transfers[player]
        new_vps = old_vps + sign * weight * size
        new_transfers = old_transfers + sign * weight * TRANSFERS_BY_SEAT[seat]
        self.scaled_vps[player], self.scaled_transfers[player] = new_vps, new_transfers
        self.vp_sum += new_vps - old_vps
        self.vp_squares += new_vps * new_vps - old_vps * old_vps
        self.transfer_sum += new_transfers - old_transfers
        self.transfer_squares += new_transfers * new_transfers - old_transfers * old_transfers

    def full_vector(self) -> list[int]:
        """The exact nine-entry score, recomputed from all counters."""
        packed_total = sum(self.penalties[code] for code in self.pair_codes if code)
        r1, r2, r4, r6, r9 = _unpack(packed_total)
        counts = self.seat_counts
        fifth = sum(counts[k] > 1 for k in range(4, len(counts), 5))
        seats = sum(c > 1 for c in counts)
        n = self.player_count
        vp_spread = n * self.vp_squares - self.vp_sum**2
        transfer_spread = n * self.transfer_squares - self.transfer_sum**2
        return [r1, r2, vp_spread, r4, fifth, r6, seats, transfer_spread, r9]

    # Moves: ``swap_change`` / ``rotation_change`` return the change of the
    # exact vector a move would cause and stage it; ``commit`` performs the
    # staged move.

    def swap_change(self, round_: list[list[int]], t1: int, s1: int, t2: int, s2: int) -> list[int]:
        """Change caused by exchanging the players in two seats of one round."""
        first, second = round_[t1], round_[t2]
        x, y = first[s1], second[s2]
        codes, penalties, n = self.pair_codes, self.penalties, self.player_count
        pair_changes = []
        if t1 == t2:
            units = self.units_between[len(first)]
            for seat, other in enumerate(first):
                if seat == s1 or seat == s2:
                    continue
                # x goes from s1 to s2, y from s2 to s1.
                if x < other:
                    pair_changes.append((x * n + other, units[s2][seat] - units[s1][seat]))
                else:
                    pair_changes.append((other * n + x, units[seat][s2] - units[seat][s1]))
                if y < other:
                    pair_changes.append((y * n + other, units[s1][seat] - units[s2][seat]))
                else:
                    pair_changes.append((other * n + y, units[seat][s1] - units[seat][s2]))
            if x < y:
                pair_changes.append((x * n + y, units[s2][s1] - units[s1][s2]))
            else:
                pair_changes.append((y * n + x, units[s1][s2] - units[s2][s1]))
        else:
            for table, moved_seat, leaving, arriving in ((first, s1, x, y), (second, s2, y, x)):
                units = self.units_between[len(table)]
                for seat, other in enumerate(table):
                    if seat == moved_seat:
                        continue
                    if leaving < other:
                        pair_changes.append((leaving * n + other, -units[moved_seat][seat]))
                    else:
                        pair_changes.append((other * n + leaving, -units[seat][moved_seat]))
                    if arriving < other:
                        pair_changes.append((arriving * n + other, units[moved_seat][seat]))
                    else:
                        pair_changes.append((other * n + arriving, units[seat][moved_seat]))
        # Every key above is distinct, so each pair's change can be judged alone.
        before = after = 0
        for key, change in pair_changes:
            code = codes[key]
            before += penalties[code]
            after += penalties[code + change]
        if before == after:
            r1 = r2 = r4 = r6 = r9 = 0
        else:
            r1, r2, r4, r6, r9 = (b - a for a, b in zip(_unpack(before), _unpack(after)))
        seat_moves = ((x, len(first), s1, len(second), s2), (y, len(second), s2, len(first), s1))
        fifth, seats, vp_spread, transfer_spread = self._seat_change(seat_moves)
        self._staged = (pair_changes, seat_moves, self._swap_seats, (first, s1, second, s2))
        return [r1, r2, vp_spread, r4, fifth, r6, seats, transfer_spread, r9]

    def rotation_change(self, round_: list[list[int]], t: int, shift: int) -> list[int]:
        """Change caused by moving everyone at a table ``shift`` seats on (relations stay)."""
        table = round_[t]
        size = len(table)
        seat_moves = [(player, size, seat, size, (seat + shift) % size) for seat, player in enumerate(table)]
        fifth, seats, vp_spread, transfer_spread = self._seat_change(seat_moves)
        self._staged = ([], seat_moves, self._rotate_table, (table, shift))
        return [0, 0, vp_spread, 0, fifth, 0, seats, transfer_spread, 0]

    def reorder_change(self, round_: list[list[int]], t: int, order: Sequence[int]) -> list[int]:
        """Change caused by reseating a table so that new seat i gets the player of old seat order[i]."""
        table = round_[t]
        size = len(table)
        units = self.units_between[size]
        codes, penalties, n = self.pair_codes, self.penalties, self.player_count
        pair_changes = []
        before = after = 0
        for i in range(size):
            a, old_a = table[order[i]], order[i]
            for j in range(i + 1, size):
                b, old_b = table[order[j]], order[j]
                if a < b:
                    key, change = a * n + b, units[i][j] - units[old_a][old_b]
                else:
                    key, change = b * n + a, units[j][i] - units[old_b][old_a]
                if change:
                    code = codes[key]
                    before += penalties[code]
                    after += penalties[code + change]
                    pair_changes.append((key, change))
        if before == after:
            r1 = r2 = r4 = r6 = r9 = 0
        else:
            r1, r2, r4, r6, r9 = (b - a for a, b in zip(_unpack(before), _unpack(after)))
        seat_moves = [(table[old], size, old, size, new) for new, old in enumerate(order)]
        fifth, seats, vp_spread, transfer_spread = self._seat_change(seat_moves)
        self._staged = (pair_changes, seat_moves, self._reorder_table, (table, list(order)))
        return [r1, r2, vp_spread, r4, fifth, r6, seats, transfer_spread, r9]

    @staticmethod
    def _reorder_table(table: list[int], order: list[int]) -> None:
        table[:] = [table[old] for old in order]

    @staticmethod
    def _swap_seats(first: list[int], s1: int, second: list[int], s2: int) -> None:
        first[s1], second[s2] = second[s2], first[s1]

    @staticmethod
    def _rotate_table(table: list[int], shift: int) -> None:
        table[:] = table[-shift:] + table[:-shift]

    def commit(self) -> None:
        """Perform the move staged by the last ``*_change`` call."""
        pair_changes, seat_moves, rearrange, arguments = self._staged
        codes = self.pair_codes
        for key, change in pair_changes:
            codes[key] += change
        for player, old_size, old_seat, new_size, new_seat in seat_moves:
            self._reseat(player, old_size, old_seat, -1)
        for player, old_size, old_seat, new_size, new_seat in seat_moves:
            self._reseat(player, new_size, new_seat, 1)
        rearrange(*arguments)

    def _seat_change(self, moves: Sequence[tuple[int, int, int, int, int]]) -> tuple[int, int, int, int]:
        """Change of (fifth seat, same seat, VP spread, transfer spread) for
        distinct players each moving from (table size, seat) to (table size, seat)."""
        counts, weights = self.seat_counts, self.weights
        fifth = seats = 0
        vp_sum, vp_squares = self.vp_sum, self.vp_squares
        transfer_sum, transfer_squares = self.transfer_sum, self.transfer_squares
        for player, old_size, old_seat, new_size, new_seat in moves:
            if old_seat != new_seat:
                # A seat counts as repeated from its second use on.
                if counts[5 * player + old_seat] == 2:
                    seats -= 1
                    fifth -= old_seat == 4
                if counts[5 * player + new_seat] == 1:
                    seats += 1
                    fifth += new_seat == 4
                weight = weights[player]
                old = self.scaled_transfers[player]
                new = old + weight * (TRANSFERS_BY_SEAT[new_seat] - TRANSFERS_BY_SEAT[old_seat])
                transfer_sum += new - old
                transfer_squares += new * new - old * old
            if old_size != new_size:
                old = self.scaled_vps[player]
                new = old + weights[player] * (new_size - old_size)
                vp_sum += new - old
                vp_squares += new * new - old * old
        n = self.player_count
        vp_spread = n * (vp_squares - self.vp_squares) - (vp_sum**2 - self.vp_sum**2)
        transfer_spread = n * (transfer_squares - self.transfer_squares) - (
            transfer_sum**2 - self.transfer_sum**2
        )
        return fifth, seats, vp_spread, transfer_spread


# --- search -----------------------------------------------------------------


def _optimise(
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
    players = _players_in_order(rounds)
    index = {player: i for i, player in enumerate(players)}
    numbered = [_number_round(round_, index) for round_ in rounds]
    if not variable:
        return rounds
    if iterations is None:
        # Budgets and temperatures measured with bench/bench_seating.py.
        seats = max(len(players) for players in map(_flatten, numbered))
        iterations = len(variable) * (4000 + 100 * seats) if chains == 1 else 2000 + 100 * seats
    best_score, best = None, numbered
    for _ in range(chains):
        start = [[list(table) for table in round_] for round_ in numbered]
        tally = _Tally(len(players), start)
        found = _search(tally, start, variable, rng, iterations, start_temperature)
        score = _Tally(len(players), found).full_vector()
        if best_score is None or score < best_score:
            best_score, best = score, found
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


def _least_spread(
    rounds: list[list[list[int]]], variable: list[int], value_of: Callable[[int, int], int]
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
    tally: _Tally,
    rounds: list[list[list[int]]],
    variable: list[int],
    rng: random.Random,
    iterations: int,
    start_temperature: float,
    end_temperature: float = 0.02,
) -> list[list[list[int]]]:
    """Simulated annealing over swaps and table rotations, compared lexicographically,
    then a polish of the best seating table by table.

    A move is judged by the first criterion it changes: improving moves and
    sideways moves are always taken; a move that worsens that criterion by
    ``d`` typical steps is taken with probability ``exp(-d / temperature)``.
    The search stops early if it reaches a provable lower bound.
    """
    positions = {i: [(t, s) for t, table in enumerate(rounds[i]) for s in range(len(table))] for i in variable}
    bound = _lower_bound(tally, rounds, variable)
    # One player's total moving by one changes a spread term by about 2n.
    step_sizes = [1.0] * CRITERIA_COUNT
    step_sizes[2] = step_sizes[7] = 2.0 * tally.player_count * max(tally.weights) ** 2
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
        round_ = rounds[round_index]
        spots = positions[round_index]
        t1, s1 = spots[int(uniform() * len(spots))]
        size = len(round_[t1])
        roll = uniform()
        if roll < 0.15:
            delta = tally.rotation_change(round_, t1, 1 + int(uniform() * (size - 1)))
        else:
            if roll < 0.4:
                t2, s2 = t1, (s1 + 1 + int(uniform() * (size - 1))) % size
            else:
                t2, s2 = spots[int(uniform() * len(spots))]
                if (t2, s2) == (t1, s1):
                    continue
            delta = tally.swap_change(round_, t1, s1, t2, s2)
        if not _accept(delta, step_sizes, temperature, uniform):
            continue
        tally.commit()
        current = [a + b for a, b in zip(current, delta)]
        if current < best:
            best = list(current)
            best_rounds = [[list(t) for t in rounds[i]] for i in variable]
    if current != best:
        for i, seated in zip(variable, best_rounds):
            rounds[i] = seated
        tally = _Tally(tally.player_count, rounds)
    _polish_tables(tally, rounds, variable, best, bound)
    return rounds


def _polish_tables(
    tally: _Tally, rounds: list[list[list[int]]], variable: list[int], score: list[int], bound: list[int]
) -> None:
    """Reseat each table in its best order, over and over until no table improves."""
    no_change = [0] * CRITERIA_COUNT
    orders = {size: list(itertools.permutations(range(size)))[1:] for size in _RELATION_BY_DISTANCE}
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
