"""The AGoT 2nd ed. Joust game rules (Tournament Rules v2.0) as data and pure functions: what each result is
worth and how a game called at time is read. No files, no site: the Joust plug-in and its pages read these.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sitegen.games.agot.rules import DEFAULT_VICTORY_TOTAL
from sitegen.text import N_


@dataclass(frozen=True)
class Result:
    """A result a player takes from a Swiss round."""

    code: str  # short form, as in the W-MW-D-ML-L record
    label: str  # as shown: "Modified win"
    export: str  # standings.json's round result
    points: int  # tournament points
    beat: bool  # beat the opponent: a game won, and what Head-to-Head counts


# The rules' points table, in its order.
RESULTS = (
    Result("W", N_("Win"), "win", 5, beat=True),
    Result("MW", N_("Modified win"), "modified-win", 4, beat=True),
    Result("D", N_("Draw"), "draw", 2, beat=False),
    Result("ML", N_("Modified loss"), "modified-loss", 1, beat=False),
    Result("L", N_("Loss"), "loss", 0, beat=False),
    Result("BYE", N_("Bye"), "bye", 5, beat=False),
)
WIN, MODIFIED_WIN, DRAW, MODIFIED_LOSS, LOSS, BYE = RESULTS
GAME_RESULTS = RESULTS[:-1]  # a bye is no game: no opponent, neither won nor lost

ROUND_MINUTES = 55  # a game round's time limit, unless the event sets `minutes:`


def points_summary() -> str:
    """The points table in one line: "win 5, modified win 4, ..., bye 5" (one message: each language words it whole)."""
    return N_("win {win}, modified win {modified_win}, draw {draw}, modified loss {modified_loss}, loss {loss}, bye {bye}",
              **{result.export.replace("-", "_"): result.points for result in RESULTS})


def record_summary() -> str:
    """What the W-MW-D-ML-L record counts, in the order of GAME_RESULTS."""
    return N_("Wins, modified wins, draws, modified losses and losses")


def victory_totals(players: Sequence[str], changed: Mapping[str, int]) -> dict[str, int]:
    """Each player's victory total: the default, or the one a card set (`victory:` in the round file)."""
    return {pid: DEFAULT_VICTORY_TOTAL for pid in players} | {str(pid): total for pid, total in changed.items()}


def outcome(players: Sequence[str], winner: str | None, power: Mapping[str, int] | None,
            victory: Mapping[str, int]) -> dict[str, Result] | None:
    """Each player's result at a two-player table, or None while the game is pending.

    A game with a winner (victory total, concession, decking) is a win; at time, the player nearer their
    victory total takes a modified win, and equal distances are a draw.
    """
    a, b = players
    if winner is not None:
        return {a: WIN, b: LOSS} if winner == a else {a: LOSS, b: WIN}
    if power is None:
        return None
    need_a, need_b = victory[a] - power[a], victory[b] - power[b]
    if need_a == need_b:
        return {a: DRAW, b: DRAW}
    return {a: MODIFIED_WIN, b: MODIFIED_LOSS} if need_a < need_b else {a: MODIFIED_LOSS, b: MODIFIED_WIN}


def reached_victory(players: Sequence[str], power: Mapping[str, int], victory: Mapping[str, int]) -> list[str]:
    """Players at or past their victory total. Reaching it ends the game at once, so a result at time has none."""
    return [pid for pid in players if power[pid] >= victory[pid]]
