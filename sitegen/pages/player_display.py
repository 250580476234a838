"""Display records for what a player looks up: why their SoS is what it is, the final ranking above the
standings, the length of a round at this event. Read from a Scoreboard; templates only format them."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sitegen.games.base import Column, Scoreboard, StandingRow
from sitegen.model import Event

# Standings columns the SoS breakdown leaves out: they are what it explains.
TIEBREAK_KEYS = ("sos", "esos")


@dataclass(frozen=True)
class OpponentLine:
    """One opponent of one game, as their average enters the player's SoS."""

    round_label: str
    player: str
    values: dict[str, Any]  # their standings values, by the format's standings columns
    games: int  # rounds they took part in, byes included
    average: str  # points / games, two decimals


@dataclass(frozen=True)
class ScheduleStrength:
    columns: list[Column]  # the standings columns shown for each opponent
    lines: list[OpponentLine]
    total: str  # the sum of the averages, two decimals
    sos: str  # total / number of lines


def schedule_strength(player: str, board: Scoreboard, rows: dict[str, StandingRow] | None = None) -> ScheduleStrength | None:
    """The opponents behind a player's SoS (formats that rank by it): one line per opponent per preliminary game
    counted in the standings, with their record, points and average, and the sum that makes the SoS. `rows`: the
    standings by player, when the caller made them already (once per event, not once per player)."""
    rows = rows or {row.player: row for row in board.standings}
    if "sos" not in rows[player].exact or "games" not in rows[player].exact:
        return None
    counted = len(board.standings_after)  # the standings are those after the last complete round
    lines = []
    for entry in board.player_rounds[player]:
        if entry.round.stage != "round" or entry.round.number > counted:
            continue
        for opponent in entry.opponents:
            exact = rows[opponent].exact
            average = Fraction(exact["points"], exact["games"]) if exact["games"] else Fraction(0)
            lines.append((entry.label, opponent, rows[opponent].values, exact["games"], average))
    if not lines:
        return None
    total = sum((line[4] for line in lines), Fraction(0))
    columns = [c for c in board.standings_columns if c.key not in TIEBREAK_KEYS]
    return ScheduleStrength(columns, [OpponentLine(label, pid, values, games, f"{float(avg):.2f}")
                                      for label, pid, values, games, avg in lines],
                            f"{float(total):.2f}", f"{float(total / len(lines)):.2f}")


@dataclass(frozen=True)
class FinalLine:
    rank: int
    player: str
    swiss_rank: int  # the place in the preliminary standings


def final_lines(board: Scoreboard) -> list[FinalLine]:
    """The final ranking, champion first, once the cut or final has been played: the standings page shows it
    above the preliminary standings. Empty for an event without one (its standings are its ranking)."""
    if not board.elims or not board.final_ranking:
        return []
    swiss = {row.player: row.rank for row in board.standings}
    return [FinalLine(rank, pid, swiss[pid]) for rank, pid in board.final_ranking]


def round_minutes(event: Event, default: int | None) -> int | None:
    """A round's length at this event: event.yaml's `minutes`, else the latest round file's, else the format's."""
    written = [r.minutes for r in event.rounds if r.minutes]
    return event.minutes or (written[-1] if written else None) or default
