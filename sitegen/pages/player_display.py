"""Display records for what a player looks up: the final ranking above the standings, the length of a round
at this event. Read from a Scoreboard; templates only format them."""
from __future__ import annotations

from dataclasses import dataclass

from sitegen.games.base import Scoreboard
from sitegen.model import Event


@dataclass(frozen=True)
class FinalLine:
    rank: int
    player: str
    swiss_rank: int  # the place in the preliminary standings (shared by players level there)


def final_lines(board: Scoreboard) -> list[FinalLine]:
    """The final ranking, champion first, once the cut or final has been played: the standings page shows it
    above the preliminary standings. Empty for an event without one (its standings are its ranking)."""
    if not board.elims or not board.final_ranking:
        return []
    swiss = {row.player: row.place or row.rank for row in board.standings}  # shared as the standings share it
    return [FinalLine(rank, pid, swiss[pid]) for rank, pid in board.final_ranking]


def round_minutes(event: Event, default: int | None) -> int | None:
    """A round's length at this event: event.yaml's `minutes`, else the latest round file's, else the format's."""
    written = [r.minutes for r in event.rounds if r.minutes]
    return event.minutes or (written[-1] if written else None) or default
