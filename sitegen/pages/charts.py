"""Geometry for the small SVG charts on the pages: every coordinate is worked out here, the templates only write it out."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

# The rank chart's parts are NamedTuples: a player page's chart is some twenty of them, made for every player of every
# event (half the time of frozen dataclasses), and nothing but the templates reads them.


class Line(NamedTuple):
    x1: int
    y1: int
    x2: int
    y2: int


class Label(NamedTuple):
    x: float
    y: float
    text: str


class RankDot(NamedTuple):
    x: float
    y: float
    rank: int
    round_label: Label  # the round's name under the bottom axis
    rank_label: Label  # the rank beside the dot


@dataclass(frozen=True)
class RankChart:
    width: int
    height: int
    axes: list[Line]  # rank 1 on top, the worst rank at the bottom
    ticks: list[Label]  # the ranks written at the two axes
    dots: list[RankDot]

    @property
    def polyline(self) -> str:
        return " ".join(f"{svg_number(d.x)},{svg_number(d.y)}" for d in self.dots)

    @property
    def axes_path(self) -> str:
        """The axes as one path's data: one element instead of a line each."""
        return "".join(f"M{a.x1} {a.y1}H{a.x2}" for a in self.axes)

    @property
    def dots_path(self) -> str:
        """Every dot as a zero-length segment of one path, drawn round by the stylesheet's line caps: one element
        instead of a circle each (the chart is on every player's page)."""
        return "".join(f"M{svg_number(d.x)} {svg_number(d.y)}h0" for d in self.dots)


def svg_number(value: float) -> str:
    """An SVG coordinate as the charts write it (the templates' `coord` filter too): to one decimal, no trailing '.0'."""
    return f"{value:.1f}".removesuffix(".0")


def rank_chart(ranks: list[tuple[str, int]], field_size: int, width: int = 320, height: int = 140) -> RankChart | None:
    """A line of rank after each round, rank 1 at the top; None with fewer than two rounds to draw."""
    if len(ranks) < 2:
        return None
    pad_x, pad_top, pad_bottom = 28, 12, 22  # the axes reach 4 further out than the first and last dot
    span_x = (width - 2 * pad_x) / (len(ranks) - 1)
    span_y = (height - pad_top - pad_bottom) / max(field_size - 1, 1)
    dots = []
    for i, (label, rank) in enumerate(ranks):
        x, y = pad_x + i * span_x, pad_top + (rank - 1) * span_y
        # The rank sits above its dot, or below it near the top edge where there is no room.
        value_y = y - 7 if y > 24 else y + 16
        dots.append(RankDot(x, y, rank, Label(x, height - 4, label), Label(x, value_y, str(rank))))
    axis_x1, axis_x2, bottom = pad_x - 4, width - pad_x + 4, height - pad_bottom
    axes = [Line(axis_x1, pad_top, axis_x2, pad_top), Line(axis_x1, bottom, axis_x2, bottom)]
    ticks = [Label(2, pad_top + 4, "1"), Label(2, bottom + 4, str(field_size))]
    return RankChart(width, height, axes, ticks, dots)


@dataclass(frozen=True)
class Bar:
    label: str
    players: int
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class BarRow:
    bar: Bar
    rate: float  # the win rate in percent
    label_y: int
    bar_y: int
    bar_width: float  # players, against the widest player count
    rate_y: int
    rate_width: float  # the win rate, against the full track


@dataclass(frozen=True)
class BarChart:
    width: int
    height: int
    rows: list[BarRow]


def bar_chart(bars: list[Bar], width: int = 320, row_height: int = 44) -> BarChart:
    """One label, a thick bar of players and a thin bar of win rate per choice, stacked."""
    most = max((b.players for b in bars), default=0) or 1
    scale = width / 100  # from percent of the track to SVG units
    rows = []
    for i, b in enumerate(bars):
        y, share, rate = i * row_height, 100 * b.players / most, 100 * b.win_rate
        rows.append(BarRow(b, rate, y + 12, y + 17, share * scale, y + 32, rate * scale))
    return BarChart(width, len(bars) * row_height, rows)
