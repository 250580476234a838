"""What AGoT Joust and Melee share: points, Head-to-Head, SoS, ESoS and the seeded last tiebreaker.

Definitions (exact, with Fractions so ties are real ties):
- a player's average = total points / rounds the player took part in (byes count; missed rounds do not);
- SoS = mean of the averages of the player's opponents, one entry per opponent per game (a bye is no opponent);
- ESoS = mean of those same opponents' SoS entries;
- Head-to-Head: among players on equal points, one who met every other one and beat each of them
  (for Melee: placed ahead of them at every shared table) ranks first of that group; the rest of the
  group keeps the SoS/ESoS order. It is applied once per group, as the rules describe it.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass
class Record:
    """A player's preliminary rounds so far."""

    points: int = 0
    games: int = 0  # rounds taken part in, byes included
    opponents: list[str] = field(default_factory=list)  # one entry per opponent per game
    beaten: dict[str, bool] = field(default_factory=dict)  # opponent -> "beat them every time so far"
    codes: list[str] = field(default_factory=list)  # the format's result code of each round played


@dataclass(frozen=True)
class Ranked:
    player: str
    rank: int
    points: int
    sos: Fraction
    esos: Fraction
    head_to_head: bool  # ranked first of its points group by Head-to-Head
    coin_toss: bool  # separated from an equal player only by the seeded random order


def note_meeting(records: Mapping[str, Record], winner_side: str, loser_side: str, decisive: bool) -> None:
    """Record that two players met; `decisive` means `winner_side` beat `loser_side` (win or modified win)."""
    for me, other, won in ((winner_side, loser_side, decisive), (loser_side, winner_side, False)):
        records[me].opponents.append(other)
        records[me].beaten[other] = records[me].beaten.get(other, True) and won


def _average(record: Record) -> Fraction:
    return Fraction(record.points, record.games) if record.games else Fraction(0)


def _mean(values: Sequence[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def rank_players(records: Mapping[str, Record], tiebreak: Mapping[str, int]) -> list[Ranked]:
    """Order players by points, Head-to-Head, SoS, ESoS, then the seeded random position."""
    sos = {p: _mean([_average(records[o]) for o in r.opponents]) for p, r in records.items()}
    esos = {p: _mean([sos[o] for o in r.opponents]) for p, r in records.items()}
    by_points: dict[int, list[str]] = {}
    for pid in sorted(records):
        by_points.setdefault(records[pid].points, []).append(pid)
    ordered: list[tuple[str, bool]] = []
    for points in sorted(by_points, reverse=True):
        group = sorted(by_points[points], key=lambda p: (-sos[p], -esos[p], tiebreak[p]))
        leader = _head_to_head_leader(group, records)
        if leader:
            group.remove(leader)
            group.insert(0, leader)
        ordered.extend((p, p == leader) for p in group)
    key = {p: (records[p].points, sos[p], esos[p]) for p in records}
    leaders = {p for p, h2h in ordered if h2h}
    result = []
    for i, (pid, h2h) in enumerate(ordered):
        neighbours = [ordered[j][0] for j in (i - 1, i + 1) if 0 <= j < len(ordered)]
        coin = not h2h and any(key[n] == key[pid] and n not in leaders for n in neighbours)
        result.append(Ranked(pid, i + 1, records[pid].points, sos[pid], esos[pid], h2h, coin))
    return result


def _head_to_head_leader(group: list[str], records: Mapping[str, Record]) -> str | None:
    if len(group) < 2:
        return None
    for pid in group:
        beaten = records[pid].beaten
        if all(beaten.get(other, False) for other in group if other != pid):
            return pid
    return None
