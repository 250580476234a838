"""Seating for AGoT 2nd ed. Melee rounds: tables of four, as few tables of three as possible.

The lowest-ranked players fill the three-player tables, as the rules ask (chosen
at random in the first round). Within each kind of table players are placed at random, then a
seeded local search swaps players between tables to avoid seating people
together again: the cost of a seating is the number of earlier meetings of
every pair that shares a table, so a pair that met twice costs two.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from sitegen.games.agot.melee.rules import FULL_TABLE, SMALL_TABLE
from sitegen.text import N_

# How many random "kicks" out of a local optimum the search may try, shared
# across the players of one pool: small pools get many, huge pools a few.
KICK_BUDGET = 4096
MAX_KICKS = 60
SWAPS_PER_KICK = 2

Round = Sequence[Sequence[str]]


def melee_table_sizes(n: int) -> list[int]:
    """Table sizes for ``n`` players: as many full tables as possible, the rest small ones."""
    if n < SMALL_TABLE:
        raise ValueError(N_("{count} players cannot play melee: a table needs at least {least} players", count=n, least=SMALL_TABLE))
    if FULL_TABLE < n < 2 * SMALL_TABLE:
        raise ValueError(N_("{count} players cannot be seated for melee: one table of {full} would leave a player alone, and two "
                            "tables need at least {least} players", count=n, full=FULL_TABLE, least=2 * SMALL_TABLE))
    small = -n % FULL_TABLE  # a small table is one seat short of a full one
    return [FULL_TABLE] * ((n - SMALL_TABLE * small) // FULL_TABLE) + [SMALL_TABLE] * small


def seat_melee_round(
    ranked: Sequence[str],
    history: Sequence[Round],
    rng: random.Random,
    *,
    first_round: bool,
) -> list[list[str]]:
    """Seat the active players (best first) for one round; four-player tables come first.

    ``history`` holds the tables of earlier rounds; players no longer active are ignored.
    """
    if len(set(ranked)) != len(ranked):
        duplicates = sorted(player for player, count in Counter(ranked).items() if count > 1)
        raise ValueError(f"players listed more than once in the ranking: {', '.join(duplicates)}")
    sizes = melee_table_sizes(len(ranked))
    small_seats = SMALL_TABLE * sizes.count(SMALL_TABLE)
    if first_round:
        small = rng.sample(list(ranked), small_seats)
    else:
        small = list(ranked[len(ranked) - small_seats :])
    chosen = set(small)
    large = [player for player in ranked if player not in chosen]
    tables = _spread_opponents(large, FULL_TABLE, history, rng) + _spread_opponents(small, SMALL_TABLE, history, rng)
    for table in tables:
        rng.shuffle(table)
    return tables


def _spread_opponents(pool: Sequence[str], size: int, history: Sequence[Round], rng: random.Random) -> list[list[str]]:
    """Split ``pool`` into tables of ``size``, keeping earlier opponents apart."""
    if not pool:
        return []
    met = _meetings(pool, history)
    order = list(range(len(pool)))
    rng.shuffle(order)
    seating = _Seating([order[start : start + size] for start in range(0, len(order), size)], met)
    seating.descend(rng)
    best, best_cost = seating.snapshot(), seating.cost()
    for _ in range(min(MAX_KICKS, KICK_BUDGET // len(pool))):
        if best_cost == 0 or len(best) < 2:
            break
        seating.kick(rng)
        seating.descend(rng)
        cost = seating.cost()
        if cost <= best_cost:
            best, best_cost = seating.snapshot(), cost
        else:
            seating = _Seating(best, met)
    return [[pool[index] for index in table] for table in best]


def _meetings(pool: Sequence[str], history: Sequence[Round]) -> list[dict[int, int]]:
    """For each pool player (by index), how often they met each other pool player."""
    index = {player: i for i, player in enumerate(pool)}
    met: list[dict[int, int]] = [{} for _ in pool]
    for round_ in history:
        for table in round_:
            present = sorted({index[p] for p in table if p in index})
            for a_pos, a in enumerate(present):
                for b in present[a_pos + 1 :]:
                    met[a][b] = met[a].get(b, 0) + 1
                    met[b][a] = met[b].get(a, 0) + 1
    return met


class _Seating:
    """Mutable tables of player indices with swap moves scored by repeat meetings."""

    def __init__(self, tables: Sequence[Sequence[int]], met: list[dict[int, int]]) -> None:
        self.tables = [list(table) for table in tables]
        self.table_of = [0] * len(met)
        for number, table in enumerate(self.tables):
            for player in table:
                self.table_of[player] = number
        self.met = met
        # Each player's earlier meetings at their own table, kept up to date by `_swap`.
        self.own = [self._clash(p, self.table_of[p]) for p in range(len(met))]

    def snapshot(self) -> list[list[int]]:
        return [list(table) for table in self.tables]

    def cost(self) -> int:
        # Every pair is seen from both sides.
        return sum(self.own) // 2

    def _clash(self, player: int, table: int, skip: int = -1) -> int:
        """Earlier meetings between ``player`` and the others at ``table`` (minus ``skip``)."""
        row = self.met[player]
        return sum(row.get(other, 0) for other in self.tables[table] if other != player and other != skip)

    def _swap_gain(self, p: int, q: int) -> int:
        a, b = self.table_of[p], self.table_of[q]
        before = self._clash(p, a) + self._clash(q, b)
        after = self._clash(p, b, skip=q) + self._clash(q, a, skip=p)
        return before - after

    def _swap(self, p: int, q: int) -> None:
        a, b = self.table_of[p], self.table_of[q]
        self.tables[a][self.tables[a].index(p)] = q
        self.tables[b][self.tables[b].index(q)] = p
        self.table_of[p], self.table_of[q] = b, a
        for player in self.tables[a] + self.tables[b]:
            self.own[player] = self._clash(player, self.table_of[player])

    def _clashing(self) -> list[int]:
        return [p for p, clash in enumerate(self.own) if clash > 0]

    def _best_swap(self, p: int) -> int:
        """The first player (by index) elsewhere whose swap with ``p`` gains most, or -1 if none gains.

        The gain of swapping with q is own(p) + own(q) - clash(p, q's table, but q) - clash(q, p's table, but p).
        For every q that is not clashing, never met p, sits at no table with one of p's earlier opponents and
        never met anyone at p's table, the last three terms are 0: the gain is own(p), the same for all of them.
        So only those special players and the first ordinary one are worth scoring.
        """
        a = self.table_of[p]
        met, table_of, tables = self.met, self.table_of, self.tables
        special = {q for q, clash in enumerate(self.own) if clash > 0}
        for x in met[p]:
            special.update(tables[table_of[x]])
        for x in tables[a]:
            if x != p:
                special.update(met[x])
        ordinary = 0
        while ordinary < len(met) and (ordinary in special or table_of[ordinary] == a):
            ordinary += 1
        special.add(ordinary)
        best_gain, best_q = 0, -1
        for q in sorted(special):
            if q < len(met) and table_of[q] != a:
                gain = self._swap_gain(p, q)
                if gain > best_gain:
                    best_gain, best_q = gain, q
        return best_q

    def descend(self, rng: random.Random) -> None:
        """Make the best improving swap for each clashing player until none helps."""
        improved = True
        while improved:
            improved = False
            clashing = self._clashing()
            rng.shuffle(clashing)
            for p in clashing:
                best_q = self._best_swap(p)
                if best_q >= 0:
                    self._swap(p, best_q)
                    improved = True

    def kick(self, rng: random.Random) -> None:
        """Swap a few clashing players with random players elsewhere, even if it costs."""
        clashing = self._clashing()
        for _ in range(SWAPS_PER_KICK):
            p = rng.choice(clashing)
            q = rng.randrange(len(self.met))
            if self.table_of[q] != self.table_of[p]:
                self._swap(p, q)
