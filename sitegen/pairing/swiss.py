"""Swiss pairing of two-player games (used by the AGoT games and any Swiss game that plugs in).

Round one pairs at random, keeping apart players who asked not to meet (family,
travel partners) whenever that is possible. Later rounds pair players on equal
tournament points at random; an odd group sends one player down to the next
group, never a rematch if it can be helped. The bye goes to a random player in
round one, later to the player with the fewest points (lowest-ranked among
those) who has not had one yet.

All of this is one minimum-cost perfect matching (rustworkx blossom); large
fields are first solved in slices, kept only when provably as good. The cost
of a pair is lexicographic: first "must not meet" (rematch or avoid
request), then the squared point difference, then a random tie-break. Squaring
matters: a player dropping two groups, (a + b)², costs more than two players
each dropping one group, a² + b², so the matching reproduces the rules' cascade
of one floater per odd group between neighbouring groups.
"""

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

# Fields up to SPARSE_ABOVE players are matched on the complete graph. Larger
# fields link each player only to its NEIGHBOURS nearest not-yet-met players in
# points order, first inside independent slices of about CHUNK players, then
# over the whole field; see _cheapest_pairing. Values chosen by measurement
# (bench/bench_swiss.py): 2048 players pair in 0.15-0.4 s on a busy 2-core box.
SPARSE_ABOVE = 64
NEIGHBOURS = 16
CHUNK = 64
# Random tie-break per edge: an integer of RANDOM_BITS random bits.
RANDOM_BITS = 16
RANDOM_RANGE = 1 << RANDOM_BITS
# rustworkx works in 128-bit integers and its dual variables reach about twice
# the largest weight; stay far below that.
MAX_WEIGHT = 1 << 100

KeptApart = Callable[[str, str], bool]


@dataclass(frozen=True)
class SwissPairing:
    pairs: tuple[tuple[str, str], ...]  # table 1 first; the higher-ranked player first in each pair
    bye: str | None


@dataclass(frozen=True)
class _CostScale:
    """Multipliers making the pair cost lexicographic: (kept apart, point mismatch, random).

    With m pairs, a point spread S between best and worst player and random
    terms below R, a whole pairing's random terms add up to at most m*(R-1),
    which is below `mismatch_unit`; its mismatch and random terms add up to at
    most m*S²*mismatch_unit + m*(R-1), which is below `apart_unit`. So one
    fewer rematch beats any mismatch, and one less unit of mismatch beats any
    random draw. The largest edge cost is under 2*apart_unit, about
    2*m²*S²*R: roughly 2^47 for 2048 players spread over 35 points.
    """

    apart_unit: int
    mismatch_unit: int

    @classmethod
    def for_field(cls, pairs: int, spread: int) -> "_CostScale":
        mismatch_unit = pairs * (RANDOM_RANGE - 1) + 1
        scale = cls(apart_unit=(pairs * spread**2 + 1) * mismatch_unit, mismatch_unit=mismatch_unit)
        if scale.ceiling > MAX_WEIGHT:
            raise ValueError(f"field too large for exact integer weights: {pairs} pairs, spread {spread}")
        return scale

    @property
    def ceiling(self) -> int:
        """Above every edge cost, so that weight = ceiling - cost is always positive."""
        return 2 * self.apart_unit


def pair_swiss(
    ranked: Sequence[str],
    points: Mapping[str, int],
    opponents: Mapping[str, Collection[str]],
    had_bye: Collection[str],
    rng: random.Random,
    *,
    first_round: bool,
    avoid: Collection[frozenset[str]] = (),
    bye: str | None = None,
    sparse_above: int = SPARSE_ABOVE,
    neighbours: int = NEIGHBOURS,
) -> SwissPairing:
    """Pair the players of `ranked` (best first) for one Swiss round.

    `ranked` should be sorted by points, then tiebreakers. `avoid` pairs are
    kept apart exactly like rematches (the caller passes them for round one).
    `bye`: the organizer's choice of bye (an odd field), instead of the rules'.
    `sparse_above` and `neighbours` tune the speed-ups for large fields; the
    result is a valid pairing for any values.
    """
    players = list(ranked)
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice in the ranking")
    if bye is not None and (bye not in players or len(players) % 2 == 0):
        raise ValueError(f"no bye for '{bye}': not in an odd field")
    if bye is None and len(players) % 2:
        bye = _pick_bye(players, points, had_bye, rng, first_round)
    to_pair = [p for p in players if p != bye]
    score = {p: 0 if first_round else points[p] for p in to_pair}
    # Shuffle, then stable-sort by points: random order inside each points group.
    order = to_pair.copy()
    rng.shuffle(order)
    order.sort(key=lambda p: -score[p])
    kept_apart = _kept_apart_test(opponents, avoid)
    pairs = _cheapest_pairing(order, score, kept_apart, rng, sparse_above, neighbours)
    return SwissPairing(pairs=_table_order(pairs, players), bye=bye)


def _pick_bye(
    players: list[str], points: Mapping[str, int], had_bye: Collection[str], rng: random.Random, first_round: bool
) -> str:
    if first_round:
        return rng.choice(players)
    candidates = [p for p in players if p not in had_bye] or players
    # Fewest points first; among equals the lowest-ranked, i.e. the latest in the ranking.
    return min(reversed(candidates), key=lambda p: points[p])


def _kept_apart_test(opponents: Mapping[str, Collection[str]], avoid: Collection[frozenset[str]]) -> KeptApart:
    avoided = set(avoid)

    def kept_apart(a: str, b: str) -> bool:
        return b in opponents.get(a, ()) or a in opponents.get(b, ()) or frozenset((a, b)) in avoided

    def rematch(a: str, b: str) -> bool:  # the same test when nothing is to be avoided (every round but the first)
        return b in opponents.get(a, ()) or a in opponents.get(b, ())

    return kept_apart if avoided else rematch


def _cheapest_pairing(
    order: list[str],
    score: Mapping[str, int],
    kept_apart: KeptApart,
    rng: random.Random,
    sparse_above: int,
    neighbours: int,
) -> list[tuple[str, str]]:
    """Minimum-cost perfect matching of `order` (sorted by points, best first).

    Large fields try, cheapest first: independent chunks of the order (kept
    only when provably optimal, see _reaches_floor), one sparse graph, and
    finally the complete graph, which always has a perfect matching.
    """
    size = len(order)
    if size == 0:
        return []
    scale = _CostScale.for_field(size // 2, score[order[0]] - score[order[-1]])

    def weight(i: int, j: int) -> int:
        a, b = order[i], order[j]
        cost = (
            scale.apart_unit * kept_apart(a, b)
            + scale.mismatch_unit * (score[a] - score[b]) ** 2
            + rng.getrandbits(RANDOM_BITS)
        )
        return scale.ceiling - cost

    def matched(start: int, stop: int, index_pairs: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
        edges = [(i - start, j - start, weight(i, j)) for i, j in index_pairs]
        local = _perfect_matching(stop - start, edges)
        return None if local is None else [(i + start, j + start) for i, j in local]

    def named(index_pairs: list[tuple[int, int]]) -> list[tuple[str, str]]:
        return [(order[i], order[j]) for i, j in index_pairs]

    if size > sparse_above:
        chunked = _joined_or_none(
            matched(start, stop, _nearby_pairs(order, kept_apart, neighbours, start, stop))
            for start, stop in _chunk_bounds(size)
        )
        if chunked is not None and _reaches_floor(named(chunked), order, score, kept_apart):
            return named(chunked)
        whole = matched(0, size, _nearby_pairs(order, kept_apart, neighbours, 0, size))
        if whole is not None:
            return named(whole)
    complete = matched(0, size, list(combinations(range(size), 2)))
    assert complete is not None
    return named(complete)


def _joined_or_none(parts: Iterable[list[tuple[int, int]] | None]) -> list[tuple[int, int]] | None:
    """All parts concatenated, or None as soon as one part is None."""
    joined: list[tuple[int, int]] = []
    for part in parts:
        if part is None:
            return None
        joined += part
    return joined


def _chunk_bounds(size: int) -> list[tuple[int, int]]:
    """About CHUNK-sized slices of range(size) (size even), cut at even positions only.

    Even cuts keep each slice's parity, so its own floor (see _reaches_floor)
    is exactly its share of the whole field's floor.
    """
    count = -(-size // CHUNK)
    cuts = [2 * round(k * size / (2 * count)) for k in range(count + 1)]
    return list(zip(cuts, cuts[1:]))


def _reaches_floor(
    pairs: list[tuple[str, str]], order: list[str], score: Mapping[str, int], kept_apart: KeptApart
) -> bool:
    """True if `pairs` has no kept-apart pair and the least point mismatch any pairing can have.

    Cut the points-sorted field between two points groups: if an odd number
    of players sit above the cut, some pair must straddle it. A pair
    straddling cuts with gaps g1, g2, ... costs (g1 + g2 + ...)², at least
    g1² + g2² + ..., so no pairing costs less than the sum of gap² over those
    odd cuts; a pairing that costs exactly that is optimal.
    """
    floor = sum((score[order[i - 1]] - score[order[i]]) ** 2 for i in range(1, len(order), 2))
    mismatch = sum((score[a] - score[b]) ** 2 for a, b in pairs)
    return mismatch == floor and not any(kept_apart(a, b) for a, b in pairs)


def _nearby_pairs(
    order: list[str], kept_apart: KeptApart, neighbours: int, start: int, stop: int
) -> list[tuple[int, int]]:
    """Index pairs in range(start, stop) linking each player to its `neighbours` closest allowed opponents."""
    pairs: set[tuple[int, int]] = set()
    for i in range(start, stop):
        found = 0
        for distance in range(1, stop - start):
            for j in (i - distance, i + distance):
                if start <= j < stop and found < neighbours and not kept_apart(order[i], order[j]):
                    pairs.add((min(i, j), max(i, j)))
                    found += 1
            if found == neighbours:
                break
    return sorted(pairs)


def _perfect_matching(size: int, edges: list[tuple[int, int, int]]) -> list[tuple[int, int]] | None:
    """Maximum-weight perfect matching as sorted index pairs, or None if the graph has none."""
    import rustworkx  # here, not at the top: games seated at larger tables never pair this way, and it takes a while to load

    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(size))
    graph.add_edges_from(edges)
    mates = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int, verify_optimum=False)
    if 2 * len(mates) != size:
        return None
    return sorted((min(i, j), max(i, j)) for i, j in mates)


def _table_order(pairs: list[tuple[str, str]], ranked: list[str]) -> tuple[tuple[str, str], ...]:
    """Higher-ranked player first in each pair; tables ordered by their better player's rank."""
    rank = {p: i for i, p in enumerate(ranked)}
    oriented = [(a, b) if rank[a] < rank[b] else (b, a) for a, b in pairs]
    return tuple(sorted(oriented, key=lambda pair: rank[pair[0]]))
