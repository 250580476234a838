"""Single-elimination bracket for the Joust cut.

Seeds come from the Swiss standings (seed 1 = best). The first round sets the
best seed against the worst, the second against the second worst, and so on;
after that the bracket is fixed: winners of neighbouring matches meet, nobody
is reseeded. The classic seed layout also keeps seeds 1 and 2 apart until the
final (and the top four apart until the semi-finals).
"""

from collections.abc import Sequence


def _require_power_of_two(size: int) -> None:
    if size < 2 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two >= 2, got {size}")


def rounds_needed(size: int) -> int:
    """Number of elimination rounds to get from `size` players to one champion."""
    _require_power_of_two(size)
    return size.bit_length() - 1


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


def first_round(seeds: Sequence[str]) -> list[tuple[str, str]]:
    """First-round matches in bracket order; seeds[0] is seed 1 and is listed first in its match."""
    positions = bracket_positions(len(seeds))
    return [(seeds[positions[i] - 1], seeds[positions[i + 1] - 1]) for i in range(0, len(positions), 2)]


def next_round(winners: Sequence[str]) -> list[tuple[str, str]]:
    """Matches of the next round: winners of matches 1 and 2 meet, then 3 and 4, and so on."""
    _require_power_of_two(len(winners))
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
