"""Reading a V:TES event: its options, which tables have a result, and the preliminary ranking.

Shared by the checks (`vtes_checks`), the scoreboard (`vtes_board`), the exports (`vtes_export`)
and the round files (`vtes_pairing`).
"""
from __future__ import annotations

import functools
from collections.abc import Collection
from fractions import Fraction
from typing import Any

from sitegen.games.base import did_not_play
from sitegen.games.vtes import rules as vtes_rules
from sitegen.games.vtes.rules import RankedPlayer, VpInput, VtesSeat
from sitegen.model import Event, Round, Table

Seating = list[list[str]]

# Table keys that say how a table was seated, not how it ended: who plays first at the final.
FIRST = "first"  # the table key of the finalist drawn to play first
SEATING_KEYS = (FIRST,)
# The event.yaml key `pair` writes at round 1: the seed the event was paired with, which `seed:` must keep.
PAIRED_SEED = "paired_seed"


def planned_rounds(event: Event) -> int:
    return event.planned_rounds or vtes_rules.DEFAULT_ROUNDS


PLACE = "place"  # event.yaml: where the event was played ("Lyon, France"), for its TWDA entry


def has_final(event: Event) -> bool:
    return event.options.get("final", True) is not False


def multideck(event: Event) -> bool:
    return event.options.get("multideck", False) is True


def outcome(table: Table) -> dict[str, Any]:
    """A table's result keys, without the seating ones: empty while the game is still to be played."""
    return {key: value for key, value in table.result.items() if key not in SEATING_KEYS}


def final_played(final: Round | None) -> bool:
    return final is not None and all(outcome(table) for table in final.tables)


def preliminaries_done(event: Event) -> bool:
    return len(event.rounds) >= planned_rounds(event) and all(r.complete for r in event.rounds)


def seats_of(round_: Round) -> Seating:
    return [list(table.players) for table in round_.tables]


def canonical(round_: Seating) -> Seating:
    """A round's tables in a fixed order: seat order inside a table matters, the order tables are listed in does not."""
    return sorted(round_)


def prey_of(players: tuple[str, ...], seat: int) -> str:
    """The player in the next seat (seats count from 1; the last seat's prey is seat 1)."""
    return players[seat % len(players)]


def predator_of(players: tuple[str, ...], seat: int) -> str:
    """The player in the previous seat (seat 1's predator is the last seat)."""
    return players[seat - 2]


def played(event: Event) -> set[str]:
    """The players who sat at a table, in a preliminary round or the final (a registered player may never have)."""
    return {pid for round_ in event.rounds + event.elims for table in round_.tables for pid in table.players}


def table_vp(table: Table) -> dict[str, Fraction]:
    """A table's VP by player id; empty while it has none."""
    return {pid: vtes_rules.as_vp(v) for pid, v in _vp_written(table)}


def _vp_written(table: Table) -> tuple[tuple[str, VpInput], ...]:
    """A table's VP figures as the round file gives them, by player id."""
    return tuple((str(pid), v) for pid, v in (table.result.get("vp") or {}).items())


def scored(table: Table) -> list[VtesSeat] | None:
    """Each seat's VP, GW and TP, in seat order; None while the game is still to be played."""
    if not outcome(table):
        return None
    return list(_scored(table.players, _vp_written(table)))


@functools.lru_cache(maxsize=4096)
def _scored(players: tuple[str, ...], vp: tuple[tuple[str, VpInput], ...]) -> tuple[VtesSeat, ...]:
    """A table scored once: the event check, the board and the next round's pairing score the same tables (kept by
    the figures as written: equal figures score alike, and a Fraction is slow to hash)."""
    return tuple(vtes_rules.score_vtes_table(players, dict(vp)))


def ranking(event: Event, rounds: tuple[Round, ...]) -> list[RankedPlayer]:
    """The preliminary ranking over `rounds`; everyone is listed, on zero until their first result, but the players
    who did not play (`base.did_not_play`)."""
    totals = vtes_rules.preliminary_totals(s for r in rounds for t in r.tables if (s := scored(t)))
    return ranking_of_totals(event, totals, did_not_play(event, planned_rounds(event)))


def ranking_of_totals(event: Event, totals: dict[str, tuple[int, Fraction, int]], absent: Collection[str]) -> list[RankedPlayer]:
    """`ranking` of the preliminary totals so far (`vtes_rules.preliminary_totals`), `absent` those who did not play
    (`base.did_not_play`): a board that ranks after every round adds each round's tables once, not once per later round."""
    left_out = set(absent)
    zero = (0, Fraction(0), 0)
    everyone = {p.id: zero for p in event.players if p.id not in left_out} | totals
    dropped = {p.id for p in event.players if p.dropped is not None}
    return vtes_rules.preliminary_ranking(everyone, event.seed, dropped)


def finalists(event: Event, ranked: list[RankedPlayer]) -> list[str]:
    """The best five who are still in the event (a player who dropped does not play the final)."""
    if not has_final(event):
        return []
    players = event.player_by_id
    return vtes_rules.finalists([r.player for r in ranked if players[r.player].dropped is None])


def final_vp(event: Event) -> dict[str, Fraction]:
    """The final's VP by finalist; empty until the final is played."""
    final = next((r for r in event.elims if r.stage == "final"), None)
    if final is None or not final_played(final):
        return {}
    return table_vp(final.tables[0])
