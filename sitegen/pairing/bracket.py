"""Single-elimination bracket of a Swiss cut (two-player games).

Seeds come from the Swiss standings (seed 1 = best). The first round sets the
best seed against the worst, the second against the second worst, and so on;
after that the bracket is fixed: winners of neighbouring matches meet, nobody
is reseeded. The classic seed layout also keeps seeds 1 and 2 apart until the
final (and the top four apart until the semi-finals).
"""

from collections.abc import Collection, Sequence


def _require_power_of_two(size: int) -> None:
    if size < 2 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two >= 2, got {size}")


def bracket_positions(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order; consecutive entries meet in round one.

    Built by doubling: every seed s of the smaller bracket is followed by its
    first-round opponent, the mirror seed (2 * current size + 1 - s).
    """
    _require_power_of_two(size)
    positions = [1]
    while len(positions) < size:
        mirror = 2 * len(positions) + 1
        positions = [seed for s in positions for seed in (s, mirror - s)]
    return positions


def matches(seeds: Sequence[str], still_in: Collection[str] | None = None) -> list[tuple[str, str]]:
    """The matches of the bracket's next round, in bracket order, the better seed first in each.

    `seeds` are the cut in seed order (seeds[0] is seed 1); `still_in` holds the winners of the latest
    round (everyone, for the first round). Matches follow from bracket positions alone, so the order in
    which a round file lists its games never changes who meets whom next.
    """
    positions = bracket_positions(len(seeds))
    order = [seeds[p - 1] for p in positions if still_in is None or seeds[p - 1] in still_in]
    _require_power_of_two(len(order))
    pairs = [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
    seed = {player: i for i, player in enumerate(seeds)}
    return [(a, b) if seed[a] < seed[b] else (b, a) for a, b in pairs]
