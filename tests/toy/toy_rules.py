"""Toy Swiss rules: two players a table, win 3, draw 1, loss 0, bye 3; ties broken by SoS then ESoS; then the top 8
play a single-elimination bracket (an event of more than 8 players; `cut:` in event.yaml says otherwise).

No Head-to-Head: the toy never tells the shared standings who beat whom.
"""
from __future__ import annotations

from collections.abc import Sequence

from sitegen.text import N_

POINTS = {"win": 3, "draw": 1, "loss": 0, "bye": 3}
LABELS = {"win": N_("Win"), "draw": N_("Draw"), "loss": N_("Loss"), "bye": N_("Bye")}
DEFAULT_ROUNDS = 3
CUT = 8


def default_cut(players: int) -> int:
    return CUT if players > CUT else 0


def outcome(players: Sequence[str], winner: str | None, draw: bool) -> dict[str, str] | None:
    """Each player's result code, or None while the game has no result."""
    if draw:
        return {pid: "draw" for pid in players}
    if winner is None:
        return None
    return {pid: "win" if pid == winner else "loss" for pid in players}
