"""Geometry for the small SVG charts drawn by the templates (pure numbers, no markup)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RankChart:
    width: int
    height: int
    points: list[tuple[float, float, int, str]]  # x, y, rank, round label
    worst: int  # the lowest rank on the vertical axis

    @property
    def polyline(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y, _, _ in self.points)


def rank_chart(ranks: list[tuple[str, int]], field_size: int, width: int = 320, height: int = 140) -> RankChart | None:
    """A line of rank after each round, rank 1 at the top; None with fewer than two rounds to draw."""
    if len(ranks) < 2:
        return None
    pad_x, pad_top, pad_bottom = 28, 12, 22
    span_x = (width - 2 * pad_x) / (len(ranks) - 1)
    span_y = (height - pad_top - pad_bottom) / max(field_size - 1, 1)
    points = [(pad_x + i * span_x, pad_top + (rank - 1) * span_y, rank, label) for i, (label, rank) in enumerate(ranks)]
    return RankChart(width, height, points, field_size)


@dataclass(frozen=True)
class Bar:
    label: str
    players: int
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def bar_chart(bars: list[Bar]) -> list[tuple[Bar, float, float]]:
    """Each bar with its share of the widest player count and its win rate, both 0..100 (percent of the track)."""
    most = max((b.players for b in bars), default=0) or 1
    return [(b, 100 * b.players / most, 100 * b.win_rate) for b in bars]
