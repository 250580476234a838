"""Scoring a V:TES seating against `CRITERIA`: the violation vector, and the counters behind it.

`violations` scores a whole seating. `Tally` keeps the counters of a seating the search is
changing, so that a move's effect comes from the few counters it touches.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from sitegen.games.vtes.rules import LARGEST_TABLE, SMALLEST_TABLE
from sitegen.games.vtes.seating.criteria import CRITERIA, PREDATOR, PREY, RELATION_BY_DISTANCE, RELATION_CODES, TRANSFERS_BY_SEAT, Round

Numbered = list[list[list[int]]]  # rounds of tables of player numbers
SeatMove = tuple[int, int, int, int, int]  # player, old table size, old seat, new table size, new seat

# Bit offset of each pair criterion (R1, R2, R4, R6, R9) inside a packed pair penalty.
_PACK_SHIFTS = (0, 10, 20, 30, 40)
_PACK_MASK = (1 << 10) - 1
_R2_SHIFT, _R4_SHIFT, _R6_SHIFT, _R9_SHIFT = _PACK_SHIFTS[1:]
_SEATS = len(TRANSFERS_BY_SEAT)  # seat counters per player
_FIFTH = LARGEST_TABLE - 1  # the fifth seat's index (R5)


def violations(rounds: Sequence[Round]) -> tuple[int | float, ...]:
    """A seating's violation vector: one entry per criterion of `CRITERIA`, in its order (lower is better).

    Spread criteria are population standard deviations (floats); the others are counts.
    """
    players, numbered = number_players(rounds)
    return _shown(Tally(len(players), numbered), len(players))


def violations_after_each(rounds: Sequence[Round]) -> list[tuple[int | float, ...]]:
    """`violations` of round 1, rounds 1-2, ... rounds 1-N: what the round pages show after each round, from one
    tally grown round by round rather than one made afresh for each of them."""
    players, numbered = number_players(rounds)
    tally = Tally(len(players), [], room=len(numbered))
    vectors, seated = [], 0
    for round_ in numbered:
        tally.add_round(round_)
        seated = max([seated] + [player + 1 for table in round_ for player in table])  # numbered as first seated
        vectors.append(_shown(tally, seated))
    return vectors


def _shown(tally: Tally, players: int) -> tuple[int | float, ...]:
    """The vector of a tally over its first `players` players (all who have sat down so far); spread criteria are
    population standard deviations (floats), the others counts."""
    if not players:
        return tuple(0.0 if criterion.spread else 0 for criterion in CRITERIA)
    spread = players * tally.weight_scale
    return tuple(
        math.sqrt(value) / spread if criterion.spread else value
        for criterion, value in zip(CRITERIA, tally.full_vector(players))
    )


def number_players(rounds: Sequence[Round]) -> tuple[list[str], Numbered]:
    """Every player, in order of first appearance (a stable numbering), and the rounds by those numbers."""
    seen: dict[str, None] = {}
    for round_ in rounds:
        for table in round_:
            for player in table:
                seen.setdefault(player)
    players = list(seen)
    index = {player: i for i, player in enumerate(players)}
    return players, [_number_round(round_, index) for round_ in rounds]


def _number_round(round_: Round, index: dict[str, int]) -> list[list[int]]:
    numbered = [[index[player] for player in table] for table in round_]
    for table in numbered:
        if len(table) not in RELATION_BY_DISTANCE:
            raise ValueError(f"tables hold {SMALLEST_TABLE} or {LARGEST_TABLE} players, not {len(table)}")
    seated = [player for table in numbered for player in table]
    if len(set(seated)) != len(seated):
        raise ValueError("a player is seated twice in one round")
    return numbered


@functools.lru_cache(maxsize=32)  # a few events' tallies grown round by round: (rounds + 1)^5 entries each, at most 10 ms to make
def _penalties(rounds_count: int, base: int) -> list[int]:
    """Packed violations of the pair criteria (R1, R2, R4, R6, R9) for one pair, by relation code (a list: the search
    looks them up for every move it tries).

    A code packs the five relation counts of a pair (prey, grand-prey,
    grand-predator, predator, across, seen from the lower-numbered player)
    as digits in ``base`` (more than ``rounds``); a pair meets at most ``rounds`` times, so only codes whose digits sum
    to at most that are filled in.
    """
    table = [0] * base ** len(RELATION_CODES)
    for counts in _counts(len(RELATION_CODES), rounds_count):
        table[sum(count * base**kind for kind, count in enumerate(counts))] = _penalty(counts, rounds_count)
    return table


def _counts(kinds: int, most: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of `kinds` counts that sum to at most `most`."""
    if not kinds:
        yield ()
        return
    for first in range(most + 1):
        for rest in _counts(kinds - 1, most - first):
            yield (first, *rest)


def _penalty(counts: Sequence[int], rounds_count: int) -> int:
    met = sum(counts)
    repeated = [c > 1 for c in counts]
    adjacent = counts[PREY] + counts[PREDATOR]
    values = (
        repeated[PREY] + repeated[PREDATOR],
        int(met >= rounds_count),
        int(met > 1),
        sum(repeated),
        int(adjacent > 1) + int(met - adjacent > 1),
    )
    return sum(v << shift for v, shift in zip(values, _PACK_SHIFTS))


def _unpack(packed: int) -> list[int]:
    return [(packed >> shift) & _PACK_MASK for shift in _PACK_SHIFTS]


def swap_seat_moves(round_: list[list[int]], t1: int, s1: int, t2: int, s2: int) -> tuple[SeatMove, SeatMove]:
    """The seats two players of a round take when they swap."""
    first, second = round_[t1], round_[t2]
    return (first[s1], len(first), s1, len(second), s2), (second[s2], len(second), s2, len(first), s1)


def rotation_seat_moves(table: list[int], shift: int) -> list[SeatMove]:
    """The seats a table's players take when it moves ``shift`` seats on."""
    size = len(table)
    return [(player, size, seat, size, (seat + shift) % size) for seat, player in enumerate(table)]


class Tally:
    """Pair and seat counters over a fixed list of rounds, updated move by move.

    The spread criteria (R3, R8) are kept as exact integers proportional to the variance,
    ``n * sum(a^2) - sum(a)^2`` over per-game means ``a`` scaled to integers
    (by the lcm of the game counts), which order seatings like the standard
    deviation does, without rounding.  Moves are first evaluated without
    touching any counter (most are rejected), then applied if accepted.
    Vectors come in `CRITERIA` order and hold those exact integers.
    """

    _staged: tuple[list[tuple[int, int]], Sequence[SeatMove], Callable[..., None], tuple[Any, ...]]

    def __init__(self, player_count: int, rounds: Numbered, room: int = 0) -> None:
        """`room`: the rounds the tally may grow to (`add_round`), if more than `rounds`."""
        n = self.player_count = player_count
        self.rounds_count = len(rounds)
        base = self.base = max(room, self.rounds_count) + 1
        units = [base**kind for kind in range(len(RELATION_CODES))]
        # units_between[size][i][j]: code change for the pair (player at seat
        # i, player at seat j) when the player at i is the lower-numbered one;
        # the reversed relation is at [j][i].
        self.units_between = {
            size: [
                [units[by_distance[(j - i) % size - 1]] if i != j else 0 for j in range(size)]
                for i in range(size)
            ]
            for size, by_distance in RELATION_BY_DISTANCE.items()
        }
        # seat_pairs[size]: each pair of seats (i < j) with its code changes, units_between[size][i][j] and [j][i].
        self.seat_pairs = {size: [(i, j, between[i][j], between[j][i]) for i in range(size) for j in range(i + 1, size)]
                           for size, between in self.units_between.items()}
        self.pair_codes = [0] * (n * n)
        self.penalties = _penalties(self.rounds_count, base)
        self.seat_counts = [0] * (_SEATS * n)
        self.games = [0] * n
        self.weights = [0] * n
        self.scaled_vps = [0] * n
        self.scaled_transfers = [0] * n
        self.vp_sum = self.vp_squares = self.transfer_sum = self.transfer_squares = 0
        self._count_games(rounds)
        for round_ in rounds:
            for table in round_:
                self._add_table(table)

    def add_round(self, round_: list[list[int]]) -> None:
        """Count one more round (within the tally's `room`)."""
        self.rounds_count += 1
        if self.rounds_count >= self.base:
            raise ValueError(f"a tally made with room for {self.base - 1} rounds cannot count {self.rounds_count}")
        self.penalties = _penalties(self.rounds_count, self.base)
        self._count_games([round_])
        for table in round_:
            self._add_table(table)

    def _count_games(self, rounds: Numbered) -> None:
        """Add the rounds' games to the players' counts, and weigh the games counted so far again: each player's
        sums are kept over the common multiple of everyone's game counts (`weight_scale`)."""
        games = self.games
        for round_ in rounds:
            for table in round_:
                for player in table:
                    games[player] += 1
        scale = self.weight_scale = math.lcm(*(g for g in games if g)) if any(games) else 1
        old, self.weights = self.weights, [scale // g if g else 0 for g in games]
        self.scaled_vps = [v * new // was if was else 0 for v, new, was in zip(self.scaled_vps, self.weights, old)]
        self.scaled_transfers = [t * new // was if was else 0 for t, new, was in zip(self.scaled_transfers, self.weights, old)]
        self.vp_sum, self.vp_squares = sum(self.scaled_vps), sum(v * v for v in self.scaled_vps)
        self.transfer_sum, self.transfer_squares = sum(self.scaled_transfers), sum(t * t for t in self.scaled_transfers)

    def _add_table(self, table: list[int], sign: int = 1) -> None:
        size = len(table)
        n, codes = self.player_count, self.pair_codes
        for seat, player in enumerate(table):
            self._reseat(player, size, seat, sign)
        for i, j, lower_first, higher_first in self.seat_pairs[size]:
            player, other = table[i], table[j]
            if player < other:
                codes[player * n + other] += sign * lower_first
            else:
                codes[other * n + player] += sign * higher_first

    def _reseat(self, player: int, size: int, seat: int, sign: int) -> None:
        """Add (sign 1) or remove (sign -1) one game of ``player`` in ``seat``."""
        weight = self.weights[player]
        self.seat_counts[_SEATS * player + seat] += sign
        old_vps, old_transfers = self.scaled_vps[player], self.scaled_transfers[player]
        new_vps = old_vps + sign * weight * size
        new_transfers = old_transfers + sign * weight * TRANSFERS_BY_SEAT[seat]
        self.scaled_vps[player], self.scaled_transfers[player] = new_vps, new_transfers
        self.vp_sum += new_vps - old_vps
        self.vp_squares += new_vps * new_vps - old_vps * old_vps
        self.transfer_sum += new_transfers - old_transfers
        self.transfer_squares += new_transfers * new_transfers - old_transfers * old_transfers

    def full_vector(self, players: int | None = None) -> list[int]:
        """The exact vector, recomputed from all counters; the spreads over the first `players` players (all of them by
        default; a tally still to grow counts only those seated so far)."""
        packed_total = sum(map(self.penalties.__getitem__, filter(None, self.pair_codes)))  # the pairs that met
        r1, r2, r4, r6, r9 = _unpack(packed_total)
        counts = self.seat_counts
        fifth = sum(counts[k] > 1 for k in range(_FIFTH, len(counts), _SEATS))
        seats = sum(c > 1 for c in counts)
        n = self.player_count if players is None else players
        vp_spread = n * self.vp_squares - self.vp_sum**2
        transfer_spread = n * self.transfer_squares - self.transfer_sum**2
        return [r1, r2, vp_spread, r4, fifth, r6, seats, transfer_spread, r9]  # CRITERIA order

    def repeat_seats(self, table: list[int]) -> list[int]:
        """Seats of a table whose player meets someone at it more than once over the rounds (R4)."""
        codes, penalties, n = self.pair_codes, self.penalties, self.player_count
        repeated: set[int] = set()
        for seat, player in enumerate(table):
            for other_seat in range(seat + 1, len(table)):
                other = table[other_seat]
                key = player * n + other if player < other else other * n + player
                if penalties[codes[key]] >> _R4_SHIFT & _PACK_MASK:
                    repeated.update((seat, other_seat))
        return sorted(repeated)

    # Moves: ``swap_change`` / ``rotation_change`` return the change of the
    # exact vector a move would cause and stage it; ``commit`` performs the
    # staged move.

    def swap_change(self, round_: list[list[int]], t1: int, s1: int, t2: int, s2: int) -> list[int]:
        """Change caused by exchanging the players in two seats of one round."""
        first, second = round_[t1], round_[t2]
        x, y = first[s1], second[s2]
        codes, penalties, n = self.pair_codes, self.penalties, self.player_count
        pair_changes: list[tuple[int, int]] = []
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
        seat_moves = swap_seat_moves(round_, t1, s1, t2, s2)
        self._staged = (pair_changes, seat_moves, self._swap_seats, (first, s1, second, s2))
        return self._change(before, after, seat_moves)

    def rotation_change(self, round_: list[list[int]], t: int, shift: int) -> list[int]:
        """Change caused by moving everyone at a table ``shift`` seats on (relations stay)."""
        table = round_[t]
        seat_moves = rotation_seat_moves(table, shift)
        self._staged = ([], seat_moves, self._rotate_table, (table, shift))
        return self._change(0, 0, seat_moves)

    def reorder_change(self, round_: list[list[int]], t: int, order: Sequence[int]) -> list[int]:
        """Change caused by reseating a table so that new seat i gets the player of old seat order[i]."""
        table = round_[t]
        size = len(table)
        units = self.units_between[size]
        codes, penalties, n = self.pair_codes, self.penalties, self.player_count
        pair_changes: list[tuple[int, int]] = []
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
        seat_moves = [(table[old], size, old, size, new) for new, old in enumerate(order)]
        self._staged = (pair_changes, seat_moves, self._reorder_table, (table, list(order)))
        return self._change(before, after, seat_moves)

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
        for player, old_size, old_seat, _, _ in seat_moves:
            self._reseat(player, old_size, old_seat, -1)
        for player, _, _, new_size, new_seat in seat_moves:
            self._reseat(player, new_size, new_seat, 1)
        rearrange(*arguments)

    def _change(self, before: int, after: int, moves: Sequence[SeatMove]) -> list[int]:
        """The vector's change for pair penalties going from packed ``before`` to ``after`` and
        distinct players each moving from (table size, seat) to (table size, seat)."""
        if before == after:
            r1 = r2 = r4 = r6 = r9 = 0
        else:  # field by field, not with `_unpack`: this runs for most moves the search tries
            mask = _PACK_MASK
            r1 = (after & mask) - (before & mask)
            r2 = (after >> _R2_SHIFT & mask) - (before >> _R2_SHIFT & mask)
            r4 = (after >> _R4_SHIFT & mask) - (before >> _R4_SHIFT & mask)
            r6 = (after >> _R6_SHIFT & mask) - (before >> _R6_SHIFT & mask)
            r9 = (after >> _R9_SHIFT & mask) - (before >> _R9_SHIFT & mask)
        vp_spread, fifth, seats, transfer_spread = self.seat_change(moves)
        return [r1, r2, vp_spread, r4, fifth, r6, seats, transfer_spread, r9]  # CRITERIA order

    def repeated_seats_change(self, moves: Sequence[SeatMove]) -> tuple[int, int]:
        """The change of R5 and R7 alone (seats taken more than once), the cheapest part of `seat_change`."""
        counts = self.seat_counts
        fifth = seats = 0
        for player, _, old_seat, _, new_seat in moves:
            if old_seat != new_seat:
                # A seat counts as repeated from its second use on.
                if counts[_SEATS * player + old_seat] == 2:
                    seats -= 1
                    fifth -= old_seat == _FIFTH
                if counts[_SEATS * player + new_seat] == 1:
                    seats += 1
                    fifth += new_seat == _FIFTH
        return fifth, seats

    def seat_change(self, moves: Sequence[SeatMove]) -> tuple[int, int, int, int]:
        """The change of the seat criteria (R3, R5, R7, R8, in that order) for distinct players each moving from
        (table size, seat) to (table size, seat): read from the seat counters alone, so a search can judge a move's
        seats before its pairs."""
        weights = self.weights
        fifth, seats = self.repeated_seats_change(moves)
        vp_sum, vp_squares = self.vp_sum, self.vp_squares
        transfer_sum, transfer_squares = self.transfer_sum, self.transfer_squares
        for player, old_size, old_seat, new_size, new_seat in moves:
            if old_seat != new_seat:
                old = self.scaled_transfers[player]
                new = old + weights[player] * (TRANSFERS_BY_SEAT[new_seat] - TRANSFERS_BY_SEAT[old_seat])
                transfer_sum += new - old
                transfer_squares += new * new - old * old
            if old_size != new_size:
                old = self.scaled_vps[player]
                new = old + weights[player] * (new_size - old_size)
                vp_sum += new - old
                vp_squares += new * new - old * old
        n = self.player_count
        vp_spread = n * (vp_squares - self.vp_squares) - (vp_sum**2 - self.vp_sum**2)
        transfer_spread = n * (transfer_squares - self.transfer_squares) - (transfer_sum**2 - self.transfer_sum**2)
        return vp_spread, fifth, seats, transfer_spread
